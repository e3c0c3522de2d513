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
from .threads import check_threads, on_main_thread, over_threads, run_stoppable, solvers_for


BRIDGE_SEATS = "NESW"
BRIDGE_STRAINS = ("C", "D", "H", "S", "NT")


class Table(dict):
    """``table``'s answer: a dict, and ``interrupted`` when Ctrl-C stopped it
    (the entries done are kept, the entry it stopped in holds its bounds, the
    rest are left out)."""

    interrupted: bool = False


def table(game, deal, *, tt_bits: int = DEFAULT_TT_BITS, solver: Solver | None = None,
          max_nodes: int | None = None, extra: dict | None = None, progress=None,
          threads: int = 1) -> dict:
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
    ``Table`` with ``interrupted`` set.

    ``threads``: the entries (bridge: the strains) are shared out among that
    many threads, each with a table of its own (``solver.threads``); the
    answers are the same on any number (bridge: the node counts too)."""
    if isinstance(deal, str):
        deal = game.parse_deal(deal)
    solver = solver or Solver(tt_bits)
    solvers = solvers_for(solver, check_threads(threads))
    out = Table()

    def work():
        try:
            if game.name == "bridge":   # DDS's table: one walk per strain for every declarer
                with compile_watch(game.new_state(deal)):       # _value is called directly
                    _bridge_table(game, deal, solvers, max_nodes, out, progress)
            else:
                _choices_table(game, deal, solvers, max_nodes, extra, out, progress)
        except KeyboardInterrupt:
            out.interrupted = True
    # an interruptible solver on the main thread: the work in a thread of its
    # own, Ctrl-C here stops it (``threads.run_stoppable``)
    if solver.interruptible and on_main_thread():
        run_stoppable(work)
    else:
        work()
    return out


def _in_order(jobs, work, solvers, progress, answers: dict) -> None:
    """``answers[job]``: work's answer for each job, over the threads, in
    the jobs' order whichever ends first (on Ctrl-C: those done, then
    KeyboardInterrupt). ``progress(done, total)`` after each."""
    done_now: dict = {}

    def done(job, answer):
        done_now[job] = answer
        if progress:
            progress(len(done_now), len(jobs))
    try:
        over_threads(jobs, solvers, work, done)
    finally:
        answers.update({job: done_now[job] for job in jobs if job in done_now})


def _entry(result: SolveResult):
    if result.interrupted:
        raise KeyboardInterrupt     # the entry's bounds are kept by the caller
    return result.value if result.exact else [result.lower, result.upper]


def _choices_table(game, deal, solvers, max_nodes, extra, out, progress):
    """One solve per choice the game offers before play (``Game.table_choices``:
    Smear's trumps, tarot2's first leaders, tarot's contracts, tarocco as
    dealt, Belote's trumps and takers); a (row, column) choice makes a row
    of columns (Belote: ``{trump: {taker: points}}``)."""
    choices = game.table_choices
    if not choices:
        raise RuleError(f"no table for {game.name}")

    def work(solver, key):
        try:
            state = game.new_state(deal, **{**(extra or {}), **choices[key]})
        except RuleError:
            if not game.table_skips_unplayable:
                raise
            return None          # e.g. the Smear bidder holds no card of that suit to lead
        return _entry(solver.solve(state, line=False, max_nodes=max_nodes))

    answers: dict = {}
    try:
        _in_order(list(choices), work, solvers, progress, answers)
    finally:
        for key, value in answers.items():
            if isinstance(key, tuple):
                row, column = key
                out.setdefault(row, {})[column] = value
            else:
                out[key] = value


def tricks_estimate(state) -> int:
    """A guess of North-South's tricks to come in a bridge ``state`` at a
    trick start, for the table's first walk in a strain: half the tricks,
    and one more for each 7 high-card points (A 4, K 3, Q 2, J 1) and for
    each 2 trumps the side holds over the other. Walking from it takes
    fewer nodes than bisecting the first declarer's value
    (docs/SOLVER_HISTORY.md; the guess decides only the nodes, never the
    value)."""
    edge = 0.0
    for seat, hand in enumerate(state.hands):
        sign = 1 if seat % 2 == 0 else -1
        for card in hand:
            edge += sign * max(position_of(card) - 8, 0) / 7     # J, Q, K, A: 1..4
            if suit_of(card) == state.trump:
                edge += sign / 2
    tricks = len(state.hands[state.leader])
    return int(min(tricks, max(0, round(tricks / 2 + edge))))


def _bridge_table(game, deal, solvers, max_nodes, out, progress):
    for seat in BRIDGE_SEATS:
        out[seat] = {}
    nodes = {id(s): 0 for s in solvers}     # each thread's
    # each table's replacement age goes on from its last declarer's stores:
    # the oldest entries are replaced, not this search's own
    stores = {id(s): 0 for s in solvers}

    def work(solver, strain):
        _bridge_strain(game, deal, solver, strain, max_nodes, out, nodes, stores)

    try:
        _in_order(list(BRIDGE_STRAINS), work, solvers, progress, {})
    finally:
        for seat in BRIDGE_SEATS:       # the strains in their order, whichever ended first
            out[seat] = {s: out[seat][s] for s in BRIDGE_STRAINS if s in out[seat]}
        # the nodes of the 20 solves (read by the benchmarks)
        solvers[0].table_nodes = sum(nodes.values())


def _bridge_strain(game, deal, solver, strain, max_nodes, out, nodes, stores):
    """A strain's four declarers, in one table generation: every search
    counts N-S tricks, so the four opening leaders share their entries."""
    gen = solver.new_generation()
    guess = None
    for declarer in "NSEW":
        state = game.new_state(deal, declarer=declarer, strain=strain)
        codec = codec_for(state)
        pos = codec.encode(state)
        pos.rules[K.R_MAXSIDE] = 0
        pos.already = state.tricks_won(0)
        budget = Budget(max_nodes, None)
        budget.ctx[K.C_TTSTORES] = stores[id(solver)]
        if guess is None:
            guess = pos.already + tricks_estimate(state)
        lo, hi, exact = solver._value(pos, gen, budget, guess=guess, growth=1)
        stores[id(solver)] = int(budget.ctx[K.C_TTSTORES])
        nodes[id(solver)] += budget.nodes
        total = pos.bound() + pos.already
        if not exact:
            out[declarer][strain] = [lo, hi] if declarer in "NS" else [total - hi, total - lo]
            if budget.interrupted:
                raise KeyboardInterrupt
            continue
        guess = lo
        out[declarer][strain] = lo if declarer in "NS" else total - lo
