"""Many deals at once: read a file of deals, solve each one (in worker
processes or on a Dask cluster), and write one JSON line per deal, in input
order, to a results file that a later run resumes.

Input, one deal a line:

- plain: the deal in atout's notation, then optional ``key=value`` fields
  (the contract: ``trump=H taker=0``; bridge: ``vulnerable=NS dealer=E``);
- JSON: ``{"id": ..., "deal": "...", "contract": {...}}`` (bridge may add
  ``"vulnerable"`` and ``"dealer"``);
- bridge PBN files: ``[Board "1"]``, ``[Deal "N:..."]``, ``[Dealer "E"]``,
  ``[Vulnerable "NS"]``, other tags, the auction, the play and comments
  read past; any other line, and a board without a deal, are reported
  (``input_skipped``); a second ``[Deal]`` in one board is an error.

Blank lines and lines starting with ``#`` are skipped. A deal without an id
gets its line number (PBN: its board number).

Output, one JSON line per deal: ``{"id": ..., ...}``. Bridge: the table
(tricks of each declarer in each strain, as DDS's CalcDDtable) and par
(score for North-South and the par contracts, as DDS's DealerPar). Other
games: with a contract (fields on the line or given to the command), the
solve (value, bounds, score, and every card's value with ``all_cards``);
without one, the game's table. A deal that cannot be read or solved gets
``{"id": ..., "error": "why"}`` and the batch goes on. Every solve has a node
limit (``DEFAULT_MAX_NODES`` unless given), so no deal runs for ever; an
answer it cut short says ``"exact": false`` and gives proven bounds.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from typing import Callable

from atout.engine import get_game
from atout.engine.errors import AtoutError, OptionError, RuleError

from .executors import run_ordered

#: node limit of each solve unless the batch gives one (a full bridge deal
#: takes about 0.3M, a Belote every-card solve about 0.3M, a tarot deal more)
DEFAULT_MAX_NODES = 5_000_000

#: contract fields given as numbers, and flags
_INT_FIELDS = {"taker", "bidder", "bid", "widow", "first", "discard_trumps", "level"}
_FLAG_FIELDS = {"slam"}
#: bridge fields for par, not for the contract
_PAR_FIELDS = {"vulnerable", "dealer"}


@dataclass(frozen=True)
class Entry:
    """One deal of the input: plain data, sent to a worker as it is."""

    id: object
    deal: str = ""
    contract: tuple = ()          # (key, value) pairs
    vulnerable: str = "None"
    dealer: str = "N"
    error: str | None = None      # the line could not be read


@dataclass(frozen=True)
class Settings:
    game: str
    all_cards: bool = False
    max_nodes: int | None = DEFAULT_MAX_NODES
    contract: tuple = ()          # defaults for every deal; a line's fields win


@dataclass
class Summary:
    deals: int = 0                # in the input
    skipped: int = 0              # already in the results file
    solved: int = 0               # this run
    errors: int = 0
    not_exact: int = 0
    interrupted: bool = False
    seconds: float = 0.0
    input_skipped: list = field(default_factory=list)   # PBN lines read past: {"line", "text", "why"}

    @property
    def done(self) -> int:
        return self.skipped + self.solved + self.errors

    def to_json(self) -> dict:
        rate = (self.solved + self.errors) / self.seconds if self.seconds > 0 else None
        return {"deals": self.deals, "done": self.done, "skipped": self.skipped,
                "solved": self.solved, "errors": self.errors, "not_exact": self.not_exact,
                "interrupted": self.interrupted, "seconds": round(self.seconds, 3),
                "deals_per_second": None if rate is None else round(rate, 3),
                "input_skipped": list(self.input_skipped)}


# -- reading the input -------------------------------------------------------------

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')


def read_entries(text: str, game_name: str, skipped: list | None = None) -> list[Entry]:
    """The deals of a batch file, in order (see the module's doc). PBN:
    what is left out (a line that is neither a tag nor a section's data, a
    board without a [Deal]) is added to ``skipped`` as ``{"line", "text",
    "why"}``."""
    game = get_game(game_name)
    lines = text.splitlines()
    if any(line.lstrip().startswith("[") for line in lines):
        if game.name != "bridge":
            raise RuleError(f"PBN tags ([Board], [Deal]) are bridge only, not {game.name}")
        return _read_pbn(lines, skipped if skipped is not None else [])
    entries = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entries.append(_read_json_line(line, number) if line.startswith("{")
                       else _read_plain_line(line, number))
    return entries


def _fields(pairs: dict) -> tuple[tuple, dict]:
    """Contract fields (converted) and the par fields, from text values."""
    contract, extra = {}, {}
    for key, value in pairs.items():
        key = str(key).replace("-", "_").lower()
        if key in _PAR_FIELDS:
            extra[key] = str(value)
        elif key in _INT_FIELDS:
            try:
                contract[key] = int(value)
            except (TypeError, ValueError):
                raise OptionError(f"{key}={value!r}: a number is expected") from None
        elif key in _FLAG_FIELDS:
            contract[key] = str(value).lower() in ("1", "true", "yes")
        else:
            contract[key] = value if isinstance(value, (int, bool)) else str(value)
    return tuple(sorted(contract.items())), extra


def _read_plain_line(line: str, number: int) -> Entry:
    words = line.split()
    deal = [w for w in words if "=" not in w]
    pairs = dict(w.split("=", 1) for w in words if "=" in w)
    try:
        contract, extra = _fields(pairs)
    except AtoutError as exc:
        return Entry(number, " ".join(deal), error=str(exc))
    return Entry(number, " ".join(deal), contract, **extra)


def _read_json_line(line: str, number: int) -> Entry:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return Entry(number, error=f"line {number} is not valid JSON: {exc.msg} (column {exc.colno})")
    if not isinstance(data, dict):
        return Entry(number, error=f"line {number}: a JSON object is expected")
    ident = data.get("id", number)
    if not isinstance(ident, (str, int, float)) or isinstance(ident, bool):
        ident = number
    deal = data.get("deal")
    if not isinstance(deal, str):
        return Entry(ident, error=f"line {number}: no \"deal\" string")
    contract = data.get("contract") or {}
    if not isinstance(contract, dict):
        return Entry(ident, deal, error=f"line {number}: \"contract\" must be an object")
    pairs = dict(contract)
    pairs.update({k: data[k] for k in _PAR_FIELDS if k in data})
    try:
        fields, extra = _fields(pairs)
    except AtoutError as exc:
        return Entry(ident, deal, error=str(exc))
    return Entry(ident, deal, fields, **extra)


#: PBN tags whose following lines are their data (the auction, the play, a
#: note), besides the tables (a tag ending in ``Table``)
_SECTION_TAGS = {"Auction", "Play", "Note"}


def _read_pbn(lines: list[str], skipped: list) -> list[Entry]:
    """Bridge PBN: one entry per game that has a [Deal] tag; a game ends at
    an empty line or at the next [Board]. Comments (``%``, ``;``, ``{...}``)
    and a section's data (after [Auction], [Play], a table ...) are read
    past; any other line, and a board without a [Deal], go to ``skipped``;
    a second [Deal] in one game makes that game an error entry, never a
    silent replacement of the first."""
    entries = []
    tags: dict = {}
    board_line = 0              # the line of the game's [Board] tag
    count = 0
    second_deal = None          # the line of a second [Deal] tag in the game

    def flush():
        nonlocal count, second_deal
        board = tags.get("Board", "").strip()
        if "Deal" in tags:
            count += 1
            ident = int(board) if board.isdigit() else (board or count)
            vul = tags.get("Vulnerable", "None").strip() or "None"
            dealer = tags.get("Dealer", "").strip() or tags["Deal"].strip()[:1] or "N"
            if second_deal is not None:
                entries.append(Entry(ident, tags["Deal"].strip(), error=f"board {ident}: a second [Deal] tag"
                                     f" (line {second_deal}): one deal per board"))
            else:
                entries.append(Entry(ident, tags["Deal"].strip(), (), vul, dealer))
        elif "Board" in tags:
            skipped.append({"line": board_line, "text": f'[Board "{board}"]', "why": "a board without a [Deal] tag"})
        tags.clear()
        second_deal = None

    section = comment = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if comment:                 # inside a {...} commentary
            comment = "}" not in line
            continue
        if not line:
            if "Deal" in tags:
                flush()             # an empty line ends a game
            section = False
            continue
        if line.startswith(("%", ";")):
            continue
        if line.startswith("{"):
            comment = "}" not in line
            continue
        match = _TAG.match(line)
        if not match:
            if not section:
                skipped.append({"line": number, "text": line[:80],
                                "why": "neither a PBN tag nor the data of an auction or play section"})
            continue
        name, value = match.groups()
        section = name in _SECTION_TAGS or name.endswith("Table")
        if name == "Board" and ("Deal" in tags or "Board" in tags):
            flush()                 # a new game starts without an empty line
        if name == "Board":
            board_line = number
        if name == "Deal" and "Deal" in tags:
            second_deal = second_deal or number
            continue
        tags[name] = value
    flush()
    return entries


# -- solving one deal --------------------------------------------------------------

def solve_entry(settings: Settings, entry: Entry) -> dict:
    """The result line of one deal (never raises for a bad deal)."""
    if entry.error:
        return {"id": entry.id, "error": entry.error}
    try:
        return {"id": entry.id, **_solve(settings, entry)}
    except AtoutError as exc:
        return {"id": entry.id, "error": str(exc)}


def _worker(task) -> dict:
    settings, entry = task
    return solve_entry(settings, entry)


def _solve(settings: Settings, entry: Entry) -> dict:
    from atout import solver as api
    from .json_form import jsonable, value_number
    from .par import par
    game = get_game(settings.game)
    deal = game.parse_deal(entry.deal)
    name = game.name
    if name == "bridge":
        table = api.table(game, deal, max_nodes=settings.max_nodes)
        exact = all(isinstance(v, int) for row in table.values() for v in row.values())
        out = {"deal": game.format_deal(deal), "exact": exact, "table": table,
               "par": par(table, entry.vulnerable, entry.dealer).to_json() if exact else None}
        if exact:
            out["par"]["vulnerable"], out["par"]["dealer"] = entry.vulnerable, entry.dealer
        return out
    contract = {**dict(settings.contract), **dict(entry.contract)}
    if not contract:
        table = api.table(game, deal, max_nodes=settings.max_nodes)
        exact = all(not isinstance(v, list) for v in _leaves(table))
        return {"deal": game.format_deal(deal), "exact": exact,
                "table": _scaled(table, lambda v: value_number(name, v))}
    state = game.new_state(deal, **contract)
    result = api.solve(state, all_cards=settings.all_cards, line=True, max_nodes=settings.max_nodes)

    def number(v):
        return value_number(name, v) if isinstance(v, int) else [value_number(name, x) for x in v]
    out = {"deal": game.format_deal(deal), "contract": jsonable(contract),
           "exact": result.exact,
           "value": value_number(name, result.value) if result.exact else None,
           "lower": value_number(name, result.lower), "upper": value_number(name, result.upper),
           "score": jsonable(result.score), "made": result.made,
           "cards": {game.deck.token(c): number(v) for c, v in result.cards.items()},
           "nodes": result.nodes}
    return out


def _leaves(table):
    for v in table.values():
        if isinstance(v, dict):
            yield from _leaves(v)
        else:
            yield v


def _scaled(table, convert):
    out = {}
    for k, v in table.items():
        if isinstance(v, dict):
            out[str(k)] = _scaled(v, convert)
        elif v is None:
            out[str(k)] = None
        elif isinstance(v, list):
            out[str(k)] = [convert(x) for x in v]
        else:
            out[str(k)] = convert(v)
    return out


# -- the results file --------------------------------------------------------------

def resume(path: str, entries: list[Entry]) -> int:
    """How many deals the results file at ``path`` already holds (a prefix
    of the input, as a batch writes them); a truncated last line (a crash
    mid-write) is cut off so the next line starts clean."""
    if not os.path.exists(path):
        return 0
    with open(path, "rb+") as f:
        data = f.read()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            f.truncate(whole)
    done = 0
    for number, raw in enumerate(data[:whole].splitlines(), 1):
        if not raw.strip():
            continue
        try:
            ident = json.loads(raw)["id"]
        except (ValueError, KeyError, TypeError):
            raise OptionError(f"{path} line {number} is not a result line: use another --out") from None
        if done >= len(entries) or ident != entries[done].id:
            expected = entries[done].id if done < len(entries) else "none"
            raise OptionError(f"{path} holds the results of another input (line {number} has id"
                            f" {ident!r}, the input's deal {done + 1} has id {expected!r}):"
                            " use another --out")
        done += 1
    return done


# -- the driver --------------------------------------------------------------------

def run_batch(settings: Settings, entries: list[Entry], write: Callable[[dict], None], *,
              skip: int = 0, workers: int = 1, scheduler: str | None = None,
              progress: Callable | None = None) -> Summary:
    """Solve ``entries[skip:]`` and ``write`` each result line in input
    order as soon as the ones before it are written. ``progress(done,
    total)`` counts the deals done (the skipped ones included). Ctrl-C stops
    the work: the summary says ``interrupted`` and every line written is whole."""
    summary = Summary(deals=len(entries), skipped=skip)
    todo = entries[skip:]
    start = time.perf_counter()

    def keep(position: int, record: dict) -> None:
        write(record)
        if "error" in record:
            summary.errors += 1
        else:
            summary.solved += 1
            summary.not_exact += not record.get("exact", True)
        if progress:
            progress(skip + position + 1, len(entries))

    try:
        if workers == 1 and not scheduler:
            for position, entry in enumerate(todo):
                keep(position, solve_entry(settings, entry))
        elif todo:
            run_ordered(_worker, lambda i: (settings, todo[i]), len(todo), workers=workers,
                        scheduler=scheduler, on_result=keep)
    except KeyboardInterrupt:
        summary.interrupted = True
    summary.seconds = time.perf_counter() - start
    return summary


def batch_file(game_name: str, in_path: str, out_path: str | None, *, all_cards: bool = False,
               max_nodes: int | None = None, contract: dict | None = None, workers: int = 1,
               scheduler: str | None = None, progress: Callable | None = None,
               write: Callable[[str], None] | None = None, notice: Callable | None = None) -> Summary:
    """``atout batch``: the deals of ``in_path`` into ``out_path`` (appended
    to, resumed), or each line to ``write`` when there is no ``out_path``.
    ``notice(skipped)`` hears, before the work starts, what of a PBN input
    was read past (``read_entries``)."""
    game = get_game(game_name)
    try:
        with open(in_path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise OptionError(f"cannot read {in_path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OptionError(f"{in_path} is not a text file (UTF-8)") from None
    input_skipped: list = []
    entries = read_entries(text, game.name, input_skipped)
    if notice and input_skipped:
        notice(input_skipped)
    settings = Settings(game.name, all_cards, DEFAULT_MAX_NODES if max_nodes is None else max_nodes,
                        tuple(sorted((contract or {}).items())))
    if out_path is None:
        summary = run_batch(settings, entries, lambda r: write(json.dumps(r)), workers=workers,
                            scheduler=scheduler, progress=progress)
        summary.input_skipped = input_skipped
        return summary
    skip = resume(out_path, entries)
    with open(out_path, "a", encoding="utf-8") as out:
        def write_line(record: dict) -> None:
            # one write of a whole line, then flush: a crash leaves at most a
            # truncated last line, which the next run cuts off
            out.write(json.dumps(record) + "\n")
            out.flush()
        if progress:
            progress(skip, len(entries))
        summary = run_batch(settings, entries, write_line, skip=skip, workers=workers,
                            scheduler=scheduler, progress=progress)
    summary.input_skipped = input_skipped
    return summary
