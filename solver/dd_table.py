"""``table(game, deal)``: the result of every choice a game offers before
play (bridge: DDS's double-dummy table of declarers and strains)."""

from __future__ import annotations

from atout.engine.cards import position_of, suit_of
from atout.engine.errors import RuleError

from .driver import DEFAULT_TT_BITS, Solver, compile_watch
from .encoding import codec_for
from .searches import bridge as K
from .limits import Budget
from .results import SolveResult


BRIDGE_SEATS = "NESW"
BRIDGE_STRAINS = ("C", "D", "H", "S", "NT")


class Table(dict):
    """``table``'s answer: a dict, and ``interrupted`` when Ctrl-C stopped it
    (the entries done are kept, the entry it stopped in holds its bounds, the
    rest are left out)."""

    interrupted: bool = False


def table(game, deal, *, tt_bits: int = DEFAULT_TT_BITS, solver: Solver | None = None,
          max_nodes: int | None = None, extra: dict | None = None, progress=None) -> dict:
    """The result of every choice the game offers before play.

    bridge: ``{"N": {"C": n, "D": n, "H": n, "S": n, "NT": n}, "E": ...}``,
    tricks taken by that declarer's side, as DDS's CalcDDtable; belote:
    ``{trump: {taker: points}}``, the taker's side card points; smear:
    ``{trump: points}`` for the bidder, None where it cannot lead that suit (``extra`` = other contract keywords,
    e.g. ``{"bidder": 1}``; belote: ``{"variant": ...}``); tarot2: ``{first leader: margin}``; tarocco:
    ``{"as dealt": points}``; tarot: ``{contract: margin}`` for the taker
    (``extra={"taker": .., "discard": ..}``). A value not proven within
    ``max_nodes`` is given as ``[lower, upper]``. ``progress(done, total)``
    is called after each entry; Ctrl-C returns the entries done, as a
    ``Table`` with ``interrupted`` set."""
    if isinstance(deal, str):
        deal = game.parse_deal(deal)
    solver = solver or Solver(tt_bits)
    out = Table()
    try:
        if game.name == "bridge":
            with compile_watch(game.new_state(deal)):       # _value is called directly
                _bridge_table(game, deal, solver, max_nodes, out, progress)
        elif game.name == "belote":
            _belote_table(game, deal, solver, max_nodes, extra, out, progress)
        else:
            _choices_table(game, deal, solver, max_nodes, extra, out, progress)
    except KeyboardInterrupt:
        out.interrupted = True
    return out


def _entry(result: SolveResult):
    if result.interrupted:
        raise KeyboardInterrupt     # the entry's bounds are kept by the caller
    return result.value if result.exact else [result.lower, result.upper]


def _choices_table(game, deal, solver, max_nodes, extra, out, progress):
    """One solve per choice (smear trumps, tarot2 first leaders, tarot
    contracts, tarocco as dealt)."""
    choices = {
        "smear": {t: {"trump": t} for t in "SHDC"},
        "tarot2": {first: {"first": first} for first in (0, 1)},
        "tarocco": {"as dealt": {}},
        "tarot": {c: {"contract": c} for c in ("take", "guard", "guard_without", "guard_against")},
    }
    if game.name not in choices:
        raise RuleError(f"no table for {game.name}")
    for done, (key, contract) in enumerate(choices[game.name].items()):
        try:
            state = game.new_state(deal, **{**contract, **(extra or {})})
        except RuleError:
            if game.name != "smear":
                raise
            out[key] = None      # the bidder holds no card of that suit to lead
        else:
            result = solver.solve(state, line=False, max_nodes=max_nodes)
            out[key] = _entry(result)
        if progress:
            progress(done + 1, len(choices[game.name]))


def _belote_table(game, deal, solver, max_nodes, extra, out, progress):
    """Belote: ``{trump: {taker: the taker's side card points}}`` (``extra``:
    other contract keywords, e.g. ``{"variant": "no-undertrump"}``)."""
    for i, trump in enumerate("SHDC"):
        out[trump] = {}
        for taker in range(4):
            state = game.new_state(deal, **{**(extra or {}), "trump": trump, "taker": taker})
            result = solver.solve(state, line=False, max_nodes=max_nodes)
            out[trump][taker] = _entry(result)
            if progress:
                progress(4 * i + taker + 1, 16)


def tricks_estimate(state) -> int:
    """A guess of North-South's tricks to come in a bridge ``state`` at a
    trick start, for the table's first walk in a strain: half the tricks,
    and one more for each 7 high-card points (A 4, K 3, Q 2, J 1) and for
    each 2 trumps the side holds over the other. Walking from it rather
    than bisecting the first declarer's value took 5-7% fewer nodes on
    tables (the guess decides only the nodes, never the value)."""
    edge = 0.0
    for seat, hand in enumerate(state.hands):
        sign = 1 if seat % 2 == 0 else -1
        for card in hand:
            edge += sign * max(position_of(card) - 8, 0) / 7     # J, Q, K, A: 1..4
            if suit_of(card) == state.trump:
                edge += sign / 2
    tricks = len(state.hands[state.leader])
    return int(min(tricks, max(0, round(tricks / 2 + edge))))


def _bridge_table(game, deal, solver, max_nodes, out, progress):
    for seat in BRIDGE_SEATS:
        out[seat] = {}
    solver.table_nodes = 0      # the nodes of the 20 solves (read by the benchmarks)
    stores = 0
    for i, strain in enumerate(BRIDGE_STRAINS):
        # one table generation per strain: every search counts N-S tricks,
        # so the four opening leaders share their entries
        gen = solver.new_generation()
        guess = None
        for declarer in "NSEW":
            state = game.new_state(deal, declarer=declarer, strain=strain)
            codec = codec_for(state)
            pos = codec.encode(state)
            pos.rules[K.R_MAXSIDE] = 0
            pos.already = state.tricks_won(0)
            budget = Budget(max_nodes, None)
            # the table's replacement age goes on from the last declarer's
            # stores: the oldest entries are replaced, not this search's own
            budget.ctx[K.C_TTSTORES] = stores
            if guess is None:
                guess = pos.already + tricks_estimate(state)
            lo, hi, exact = solver._value(pos, gen, budget, guess=guess, growth=1)
            stores = int(budget.ctx[K.C_TTSTORES])
            solver.table_nodes += budget.nodes
            total = pos.bound() + pos.already
            if not exact:
                out[declarer][strain] = [lo, hi] if declarer in "NS" else [total - hi, total - lo]
                if budget.interrupted:
                    raise KeyboardInterrupt
                continue
            guess = lo
            out[declarer][strain] = lo if declarer in "NS" else total - lo
        if progress:
            progress(i + 1, len(BRIDGE_STRAINS))
