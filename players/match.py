"""Duplicate matches between two computer players.

Deal pair ``i`` is dealt from ``(seed, i)`` and played twice: in the first
game player A holds the even seats (0, 2: a side in the partnership games)
and B the odd ones; in the second the seats are exchanged, so A holds the
cards B held and the luck of the deal cancels. The pair's *difference* is
A's result over both games (``Round.seat_result`` summed over A's seats),
which is A's score minus B's with the same cards, in the game's unit: tarot
and tarot2 points, Belote and Smear points, tarocco card points (of 114),
bridge tricks (a void deal, all passed, counts 0).

Each pair is computed alone from its index (players seeded by the seed, the
pair and the seat), so ``run_samples`` gives the same match whatever the
number of workers; Ctrl-C returns the pairs finished (a gap-free prefix).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from dataclasses import dataclass, field

from atout.engine.errors import OptionError
from atout.engine.round import Round
from atout.engine.words import round_score_sentences

from atout.analysis.partial import run_samples
from .levels import LEVELS, make_player, parse_level
from .oracle import SEES, SeeingPlayer


@dataclass(frozen=True)
class PlayerSpec:
    """A level and its options (``medium:samples=20``)."""

    level: str
    options: tuple = ()

    @property
    def name(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options)
        return self.level + (f":{extra}" if extra else "")


#: the options of a search level a match may set
PLAYER_OPTIONS = ("samples", "max_nodes", "exact_tricks", "decision_nodes", "bid_samples", "playout_to",
                  "playout_nodes", "baseline", "inference", "play_inference", "discard_samples", "think_ms",
                  "value_inference", "value_window", "value_tricks", "fusion", "fusion_tricks", "fusion_front",
                  "tiebreak", "declare_samples", "greedy", "call_margin", "call_slip", "first_trick_nodes",
                  "sees_all", "signals", "equals")


def parse_player(text: str) -> PlayerSpec:
    """``LEVEL`` or ``LEVEL:key=value;key=value`` (the ``PLAYER_OPTIONS``)."""
    level, _, rest = str(text).strip().partition(":")
    level = parse_level(level)
    options = []
    for item in filter(None, rest.replace(";", " ").split()):
        key, eq, value = item.partition("=")
        if key not in PLAYER_OPTIONS or not eq or not value.isdigit():
            raise OptionError(f"player option {item!r}: use " + ", ".join(f"{o}=N" for o in PLAYER_OPTIONS))
        if level in ("random", "easy"):
            raise OptionError(f"player option {item!r}: only medium and hard take options")
        if key == "sees_all" and int(value) > 3:
            raise OptionError(f"player option {item!r}: sees_all=1 (every card), 2 (the hands, not "
                              "tarot2's piles) or 3 (the partner's hand)")
        if key == "think_ms" and int(value) == 0:
            raise OptionError(f"player option {item!r}: a think time above 0 milliseconds")
        options.append((key, int(value)))
    return PlayerSpec(level, tuple(options))


def parse_players(text: str) -> tuple[PlayerSpec, PlayerSpec]:
    parts = [p for p in str(text).split(",") if p.strip()]
    if len(parts) != 2:
        raise OptionError(f"players {text!r}: give two players, e.g. medium,easy (levels: {', '.join(LEVELS)})")
    return parse_player(parts[0]), parse_player(parts[1])


@dataclass(frozen=True)
class MatchJob:
    game: str
    a: PlayerSpec
    b: PlayerSpec
    seed: int
    options: tuple = ()
    think: float | None = None


@dataclass
class PairResult:
    index: int
    difference: float
    results: tuple          # A's result in game 1 and in game 2
    times: dict             # "A"/"B" -> decision times (seconds)
    scores: tuple = ()      # the two games' scores
    slowest: dict = field(default_factory=dict)   # "A"/"B" -> the slowest decision's facts
    said: tuple = ()        # each game's result in a sentence (neutral names)


def deal_seed(seed: int, index: int) -> int:
    return (int(seed) * 1_000_003 + index) % (2**31)


def decision_facts(player, rnd, view, seconds: float, index: int, game: int) -> dict:
    """What a decision was, for the report of the slowest: its time, the
    phase, the tricks left, and for a search level's card the deals it
    scored, the solver nodes it spent and the cards its greedy playouts
    played (None where it does not say)."""
    facts = {"seconds": seconds, "pair": index, "game": game, "phase": view.phase,
             "tricks_left": rnd.state.tricks_left if rnd.state is not None else None,
             "deals": None, "nodes": None, "playout_cards": None}
    if view.phase == "play" and hasattr(player, "last_deals"):
        facts["deals"] = player.last_deals
        nodes = getattr(player, "last_nodes", getattr(player, "_nodes", None))
        facts["nodes"] = None if nodes is None else int(nodes)
        cards = getattr(player, "_playout_cards", None)
        facts["playout_cards"] = None if cards is None else int(cards)
    return facts


def play_game(job: MatchJob, index: int, a_seats_parity: int, times: dict, slowest: dict | None = None):
    """One game of pair ``index``: A holds the seats of parity
    ``a_seats_parity``. Returns (A's result, the score, the result in a
    sentence); ``slowest[who]`` keeps the facts of each player's slowest
    decision (``decision_facts``)."""
    rnd = Round.new(job.game, seed=deal_seed(job.seed, index), **dict(job.options))
    players = {}
    for seat in range(rnd.n_seats):
        who = "A" if seat % 2 == a_seats_parity else "B"
        spec = job.a if who == "A" else job.b
        options = dict(spec.options)
        # a player's own think time (ms) overrides the match's: hard at 1 s against medium as it is
        think = options.pop("think_ms") / 1000 if "think_ms" in options else job.think
        sees_all = options.pop("sees_all", 0)
        player = make_player(job.game, spec.level, seed=deal_seed(job.seed, index) * 7 + seat,
                             think=think, **options)
        # a yardstick: the level's search on the true deal (players/oracle.py)
        players[seat] = (who, SeeingPlayer(player, rnd, SEES[sees_all]) if sees_all else player)
    for _who, player in players.values():
        player.prepare()        # the search compiled or loaded before any decision is timed
    while not rnd.is_over():
        seat = rnd.to_act
        who, player = players[seat]
        view = rnd.view(seat)
        start = time.perf_counter()
        action = player.decide(view)
        seconds = time.perf_counter() - start
        if len(view.legal) > 1:
            times[who].append(seconds)
            if slowest is not None and seconds > slowest.get(who, {}).get("seconds", -1.0):
                slowest[who] = decision_facts(player, rnd, view, seconds, index, 1 + a_seats_parity)
        rnd.apply(action)
    result = sum(rnd.seat_result(s) for s in range(rnd.n_seats) if s % 2 == a_seats_parity)
    return result, rnd.score(), round_score_sentences(rnd)[0]


def play_pair(job: MatchJob, index: int, solve_fn=None) -> PairResult:
    times: dict = {"A": [], "B": []}
    slowest: dict = {}
    first, score1, said1 = play_game(job, index, 0, times, slowest)
    second, score2, said2 = play_game(job, index, 1, times, slowest)
    # rounded: tarot scores are thirds, whose float sums leave 1e-15 residues
    return PairResult(index, round(first + second, 9), (round(first, 9), round(second, 9)), times,
                      (score1, score2), slowest, (said1, said2))


def _worker(args):
    job, index = args
    return play_pair(job, index)


def mean_interval(values) -> tuple[float, float, float] | None:
    """(mean, low, high): the mean of ``values`` and its 95% confidence
    interval (normal, from the sample's standard deviation; NaN bounds for
    one value, None for none)."""
    d = list(values)
    if not d:
        return None
    mean = sum(d) / len(d)
    if len(d) < 2:
        return mean, float("nan"), float("nan")
    half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
    return mean, mean - half, mean + half


@dataclass
class MatchResult:
    game: str
    a: str
    b: str
    seed: int
    pairs_requested: int
    pairs: list = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0
    resumed: int = 0        # pairs read from the ``out`` file, not played in this run

    @property
    def differences(self) -> list:
        return [p.difference for p in self.pairs]

    def mean_interval(self) -> tuple[float, float, float] | None:
        """(mean, low, high): the mean difference and its 95% confidence interval."""
        return mean_interval(self.differences)

    def record(self) -> tuple[int, int, int]:
        """Pairs won, drawn and lost by A."""
        d = self.differences
        eps = 1e-9
        return (sum(1 for x in d if x > eps), sum(1 for x in d if abs(x) <= eps),
                sum(1 for x in d if x < -eps))

    def times(self, who: str) -> tuple[float | None, float | None, int]:
        """(median, slowest, number) of the decisions of player A or B."""
        t = [x for p in self.pairs for x in p.times[who]]
        if not t:
            return None, None, 0
        return statistics.median(t), max(t), len(t)

    def tail(self, who: str) -> dict:
        """The tail of player A's or B's decision times: ``median``, ``p90``,
        ``p99`` (nearest rank), ``slowest`` (seconds), ``decisions`` and
        ``slowest_decision``, what the slowest was (``decision_facts``:
        pair, game, phase, tricks left, deals, nodes)."""
        t = sorted(x for p in self.pairs for x in p.times[who])
        if not t:
            return {"median": None, "p90": None, "p99": None, "slowest": None, "decisions": 0,
                    "slowest_decision": None}
        worst = max((p.slowest[who] for p in self.pairs if who in p.slowest), key=lambda f: f["seconds"],
                    default=None)
        return {"median": statistics.median(t), "p90": percentile(t, 0.90), "p99": percentile(t, 0.99),
                "slowest": t[-1], "decisions": len(t), "slowest_decision": worst}


def percentile(ordered: list, q: float) -> float:
    """The nearest-rank ``q`` quantile of sorted values: the smallest value
    with at least a fraction ``q`` of them at or below it."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def run_match(game: str, players: str, *, deals: int = 100, seed: int = 0, workers: int = 1,
              think: float | None = None, options: dict | None = None, progress=None,
              scheduler: str | None = None, out: str | None = None) -> MatchResult:
    """Play ``deals`` duplicate pairs of ``players`` ("A,B"); see the module
    docstring. Ctrl-C returns the pairs finished with ``interrupted`` set.
    ``scheduler``: the address of a Dask scheduler to play the pairs on
    (instead of ``workers`` local processes); same seed, same match.
    ``out``: a file that keeps each pair as it finishes (``MatchLog``); the
    pairs it holds already are read, not played again."""
    from atout.engine import get_game
    game = get_game(game).name
    if deals < 1:
        raise OptionError(f"deals {deals}: play at least one deal pair")
    if workers < 1:
        raise OptionError(f"workers {workers}: use at least one")
    a, b = parse_players(players)
    options = dict(options or {})
    Round.new(game, seed=0, **options)        # bad options fail here, once
    job = MatchJob(game, a, b, int(seed), tuple(sorted(options.items())), think)
    result = MatchResult(game, a.name, b.name, int(seed), deals)
    log = MatchLog(out, job) if out else None
    done = log.resume()[:deals] if log else []
    result.resumed = len(done)
    start = time.perf_counter()
    try:
        played, result.interrupted = run_samples(play_pair, _worker, job, deals, workers, progress,
                                                 scheduler=scheduler, start=len(done),
                                                 on_result=log.append if log else None)
    finally:
        if log:
            log.close()
    result.pairs = done + played
    result.seconds = time.perf_counter() - start
    return result


class MatchLog:
    """A match kept in a file as it is played, so that a long match survives
    an interrupt and can be extended: a first line says which match (game,
    players, seed, options, think), then a JSON line a pair, in pair order,
    each written whole and flushed. ``resume`` gives the pairs the file holds
    (a cut last line, from a crash in the middle of a write, is dropped and
    played again); a file of another match is refused."""

    VERSION = 1

    def __init__(self, path: str, job: MatchJob):
        self.path = str(path)
        header = {"atout_match": self.VERSION, "game": job.game, "players": [job.a.name, job.b.name],
                  "seed": job.seed, "options": {k: v for k, v in job.options}, "think": job.think}
        self.header = json.loads(json.dumps(header))     # as read back (tuples become lists)
        self._file = None

    def resume(self) -> list:
        """The pairs the file holds (a gap-free prefix from pair 0), the file
        then left open to append the rest; a new or empty file gets the
        match's line. Nothing is written to a file until it is known to be
        this match's."""
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            data = b""
        except OSError as exc:
            raise OptionError(f"--out {self.path}: cannot read it ({exc.strerror or exc})") from None
        whole = data[:data.rfind(b"\n") + 1]        # a cut last line is played again
        if data and not whole and not (json.dumps(self.header) + "\n").encode("utf-8").startswith(data):
            raise OptionError(f"--out {self.path}: not a file of atout match pairs; give another file")
        lines = whole.decode("utf-8", "replace").splitlines()
        pairs = self._pairs(lines) if lines else []
        try:
            self._file = open(self.path, "r+b" if data else "wb")
        except OSError as exc:
            raise OptionError(f"--out {self.path}: cannot write it ({exc.strerror or exc})") from None
        self._file.truncate(len(whole))
        self._file.seek(len(whole), os.SEEK_SET)
        if not lines:
            self._write(self.header)
        return pairs

    def _pairs(self, lines: list) -> list:
        """The pairs of a file's whole lines, or an OptionError saying why
        they are not this match's."""
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("atout_match") != self.VERSION:
            raise OptionError(f"--out {self.path}: not a file of atout match pairs; give another file")
        if header != self.header:
            differ = ", ".join(k for k in self.header if header.get(k) != self.header[k])
            raise OptionError(f"--out {self.path} holds another match (its {differ} differ); give another file")
        pairs = []
        for number, line in enumerate(lines[1:], 2):
            try:
                pair = pair_from_record(json.loads(line))
            except (ValueError, KeyError, TypeError):
                raise OptionError(f"--out {self.path}, line {number}: not a pair of this match") from None
            if pair.index != len(pairs):
                raise OptionError(f"--out {self.path}, line {number}: pair {pair.index} where pair"
                                  f" {len(pairs)} was due")
            pairs.append(pair)
        return pairs

    def append(self, index: int, pair: PairResult) -> None:
        self._write(pair_record(pair))

    def _write(self, record: dict) -> None:
        self._file.write((json.dumps(record) + "\n").encode("utf-8"))
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def pair_record(pair: PairResult) -> dict:
    """A pair as a line of a ``MatchLog`` (scores' fractions as numbers)."""
    from atout.analysis.json_form import jsonable
    return {"pair": pair.index, "difference": pair.difference, "results": list(pair.results),
            "times": pair.times, "scores": jsonable(pair.scores), "slowest": pair.slowest,
            "said": list(pair.said)}


def pair_from_record(record: dict) -> PairResult:
    return PairResult(int(record["pair"]), float(record["difference"]), tuple(record["results"]),
                      {who: list(record["times"][who]) for who in ("A", "B")}, tuple(record["scores"]),
                      dict(record["slowest"]), tuple(record["said"]))


__all__ = ["MatchLog", "MatchResult", "PairResult", "decision_facts", "parse_players", "percentile", "play_pair",
           "run_match"]
