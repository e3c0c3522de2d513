"""The Python API of the double-dummy solver.

``solve(state)`` gives the exact value of an engine ``TrickState`` (any point
of the play, mid-trick included) for ``state.max_side``: what
``engine.search.minimax(state)`` returns, only much faster. ``makes(state, T)``
asks the single yes/no question "can the max side reach at least T?".
``table(game, deal)`` solves every choice the game offers before play.

A ``Solver`` owns a transposition table of fixed size (``2**tt_bits``
entries, 36 bytes each) and reuses it across calls; entries carry a
generation number so a new solve never reads another solve's bounds. The
module functions make a fresh ``Solver`` per call unless one is passed. The
sampling loops (analysis, bids) take theirs from ``sample_solver``: one per
thread, reused, since a fresh table's first writes cost more than a small
sample's search.
"""

from __future__ import annotations

import math
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

from atout.engine.cards import position_of, suit_of
from atout.engine.errors import RuleError

from .kernels.bridge import search as K
from .kernels.point import row_table
from .kernels.jit import compile_notice
from .encoding import MAXDEPTH, Position, codec_for

DEFAULT_TT_BITS = 20
#: nodes between two looks at the clock when a time limit is set
_CHUNK = 200_000
_NO_LIMIT = 2**62


@dataclass
class SolveResult:
    """What ``solve`` found. ``value`` is the objective for the max side
    (``lower == upper == value`` when ``exact``; with a node or time limit
    ``value`` is the proven lower bound and ``upper`` the proven upper one)."""

    value: int
    exact: bool
    lower: int
    upper: int
    line: list = field(default_factory=list)
    cards: dict = field(default_factory=dict)     # card -> value (all_cards)
    groups: list = field(default_factory=list)    # equivalent legal cards, one list each
    score: dict | None = None
    made: bool | None = None
    nodes: int = 0
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)
    #: Ctrl-C stopped the search: the bounds are what was proven by then
    interrupted: bool = False

    def __iter__(self):
        """(card, value) pairs, best first for the player on turn."""
        return iter(self.cards.items())


def made_from_bounds(lower: int, upper: int, threshold: int, sense: int = 1) -> bool | None:
    """Is a contract made, given the objective lies in [lower, upper]? Made
    at ``objective >= threshold`` (``sense`` 1) or below it (``sense`` -1: a
    bid the other side makes by holding the objective down); None if the
    bounds do not settle it."""
    if sense > 0:
        return True if lower >= threshold else False if upper < threshold else None
    return True if upper < threshold else False if lower >= threshold else None


def made_by_bounds(state, lower, upper) -> bool | None:
    """Whether the max side makes its contract (tarocco: seats 0+2 win;
    tarot2: player 0 wins) by ``contract_target()``, as far as proven bounds
    of the value tell; None also where the game names no contract (bridge
    without a level). An exact value settles it; so do the bounds of a
    limited solve whenever they lie on one side of the target."""
    target = state.contract_target()
    return None if target is None else made_from_bounds(lower, upper, target)


@dataclass
class Reach:
    """The answer to "can the max side reach at least the target?": True or
    False, None when a limit stopped the search first."""

    answer: bool | None
    nodes: int
    seconds: float
    interrupted: bool = False     # Ctrl-C stopped the search
    #: the search's counters (``_Budget.stats``: nodes, table probes and
    #: hits, cutoffs and those by the first move, ...)
    stats: dict | None = None


#: the largest node limit (the kernels count nodes in 64-bit integers)
MAX_NODES_LIMIT = 10**15


def check_max_nodes(max_nodes) -> int:
    """A node limit: a whole number 1..MAX_NODES_LIMIT (RuleError otherwise)."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, (int, np.integer)) \
            or not 1 <= max_nodes <= MAX_NODES_LIMIT:
        raise RuleError(f"max_nodes {str(max_nodes)[:30]}: use a whole number 1..{MAX_NODES_LIMIT}")
    return int(max_nodes)


def check_max_seconds(max_seconds) -> float:
    """A time limit: a finite number of seconds above 0 (RuleError otherwise)."""
    try:
        seconds = float(max_seconds)
    except (TypeError, ValueError, OverflowError):
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise RuleError(f"max_seconds {str(max_seconds)[:30]}: use a finite number of seconds above 0")
    return seconds


class _Budget:
    """Node and time limits shared by the kernel calls of one request."""

    def __init__(self, max_nodes, max_seconds, progress=None):
        self.ctx = np.zeros(K.N_CTX, dtype=np.int64)
        #: called after each probe of the top request: progress(lo, hi, nodes)
        self.progress = progress
        #: set when Ctrl-C (KeyboardInterrupt) stopped the work
        self.interrupted = False
        self.max_nodes = _NO_LIMIT if max_nodes is None else check_max_nodes(max_nodes)
        self.deadline = None if max_seconds is None else \
            time.perf_counter() + check_max_seconds(max_seconds)

    @property
    def nodes(self) -> int:
        return int(self.ctx[K.C_NODES])

    def report(self, lo, hi) -> bool:
        """Call ``progress(lo, hi, nodes)``, if any; False when Ctrl-C came
        in it (``interrupted`` is then set)."""
        if self.progress is not None:
            try:
                self.progress(lo, hi, self.nodes)
            except KeyboardInterrupt:
                self.interrupted = True
                return False
        return True

    @contextmanager
    def share(self, parts: int):
        """Within the block, the limits are ``1 / parts`` of what is left
        (nodes and time); the whole budget's limits come back after it."""
        saved = self.max_nodes, self.deadline
        cap, until = _part_left(self, parts)
        if cap is not None:
            self.max_nodes = cap
        if until is not None:
            self.deadline = until
        try:
            yield
        finally:
            self.max_nodes, self.deadline = saved

    def spent(self) -> bool:
        """The nodes or the time are used up, or Ctrl-C stopped the work."""
        return self.interrupted or self.nodes >= self.max_nodes or \
            (self.deadline is not None and time.perf_counter() >= self.deadline)

    def stats(self) -> dict:
        c = self.ctx
        return {"nodes": int(c[K.C_NODES]), "trick_nodes": int(c[K.C_TRICKS]),
                "tt_probes": int(c[K.C_TTPROBES]),
                "tt_hits": int(c[K.C_TTHITS]), "tt_stores": int(c[K.C_TTSTORES]),
                "cutoffs": int(c[K.C_CUTS]), "first_move_cutoffs": int(c[K.C_FIRSTCUTS]),
                "covered_moves": int(c[K.C_COVERED])}


def _run_interruptibly(search, args, ctx):
    """Run a kernel call in a helper thread (kernels release the GIL) while
    this thread waits, so that Ctrl-C is seen at once: a kernel never gives
    control back to Python before it ends. On Ctrl-C the kernel's node limit
    is set to 0, which stops it at its next node, and KeyboardInterrupt goes
    on up."""
    box = {}

    def run():
        try:
            box["result"] = search(*args)
        except BaseException as exc:    # re-raised in the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=run, name="atout-search", daemon=True)
    try:
        thread.start()
        while thread.is_alive():
            thread.join(0.2)
    except KeyboardInterrupt:
        ctx[K.C_LIMIT] = 0          # read by the kernel at every node
        if thread.ident is not None:
            thread.join()
        raise
    if "error" in box:
        raise box["error"]
    return box["result"]


def _aligned_zeros(n: int, dtype) -> np.ndarray:
    """np.zeros(n, dtype) whose data starts on a 64-byte cache line."""
    itemsize = np.dtype(dtype).itemsize
    buf = np.zeros(n + 64 // itemsize, dtype=dtype)
    skip = (-buf.ctypes.data % 64) // itemsize
    return buf[skip:skip + n]


_samples = threading.local()


def sample_solver(tt_bits: int = DEFAULT_TT_BITS) -> "Solver":
    """This thread's ``Solver`` for the samples of an analysis or a bid
    estimate (made on the first call, again when ``tt_bits`` changes).

    Reusing it gives the same answers and the same node counts as a fresh
    ``Solver`` (``test_a_reused_solver_answers_as_a_fresh_one``): each
    search runs in a new generation, whose table entries never match
    another's, and the search's own state (killers, frames) is the
    position's or carries its generation. What it saves is the fresh
    table's pages: the kernel zeroes each page a search first writes, some
    7 ms a small sample (tarot bids at 20k nodes a sample: 0.41 s for 40
    samples with a fresh table each, 0.12 s reused)."""
    solver = getattr(_samples, "solver", None)
    if solver is None or solver.mask != (1 << int(tt_bits)) - 1:
        solver = Solver(tt_bits)
        _samples.solver = solver
    return solver


class Solver:
    """A reusable search context: the transposition table and work arrays.

    ``interruptible``: run each search in a helper thread so that Ctrl-C
    stops it at once (the command line's solver; a thread per search costs
    some 0.1 ms, which a library caller solving small positions need not
    pay). Without it Ctrl-C waits for the current kernel call to end."""

    def __init__(self, tt_bits: int = DEFAULT_TT_BITS, interruptible: bool = False):
        if not 10 <= int(tt_bits) <= 28:
            raise RuleError(f"tt_bits {tt_bits!r}: use 10..28 (table of 2**tt_bits entries)")
        size = 1 << int(tt_bits)
        self.tt_keys = np.zeros((size, 3), dtype=np.int64)
        # flat (see bridge_search's buckets), from a 64-byte line: a bucket's
        # tags and signatures are then the 8 lines prefetched when a trick
        # ends (numpy's 16-byte alignment spread them over 9, and the probe
        # waited for the ninth)
        self.tt_vals = _aligned_zeros(size * 3, np.int32)
        # the point games' table: one cache line a probe (the pages of the
        # table a solver does not search are never touched, so cost no memory)
        self.rows = row_table.new_table(size)
        self.mv = np.zeros((MAXDEPTH, K.MAXMOVES), dtype=np.int64)
        self.sc = np.zeros((MAXDEPTH, K.MAXMOVES), dtype=np.int64)
        self.lg = np.zeros((MAXDEPTH, K.NSUITS), dtype=np.int64)
        self.fr = np.zeros((MAXDEPTH + 1, K.N_FRAME), dtype=np.int64)
        self.mask = size - 1
        self.generation = 0
        self.interruptible = bool(interruptible)
        self.table_nodes = 0    # nodes of the last bridge ``table`` call

    def new_generation(self) -> int:
        self.generation += 1
        return self.generation

    # -- the boolean question -------------------------------------------------
    def _probe(self, pos: Position, target: int, gen: int, budget: _Budget, cap: int | None = None,
               until: float | None = None):
        """Ask "can the max side reach ``target``?" and return a bound v of
        the value: v >= target means yes and value >= v; v < target means
        no and value <= v. None when the budget ran out, or the probe's own
        node cap (``cap``: a count of the budget's nodes it stops at) or its
        time (``until``, a ``time.perf_counter()`` it stops at). (A
        kernel that answers a plain bool gives the weakest such bound.)"""
        pos.rules[K.R_GEN] = gen
        pos.rules[K.R_TTMASK] = self.mask
        ctx = budget.ctx
        need = target - pos.already
        stop = budget.max_nodes if cap is None else min(budget.max_nodes, cap)
        deadline = budget.deadline if until is None else \
            (until if budget.deadline is None else min(until, budget.deadline))
        while True:
            if ctx[K.C_NODES] >= stop:
                return None     # spent: before a call (which would count a node) or after an abort
            limit = stop
            if deadline is not None:
                limit = min(limit, int(ctx[K.C_NODES]) + _CHUNK)
            ctx[K.C_LIMIT] = limit
            ctx[K.C_ABORT] = 0
            search = getattr(pos, "search", K.search)  # games of solver.encoders
            tables = (self.tt_keys, self.tt_vals) if search is K.search else (self.rows, self.rows)
            args = (pos.lanes, pos.ts, pos.tr, pos.ntr, pos.ntr, pos.leader,
                    need, pos.lost, pos.rules, pos.sides, pos.pts, pos.zob,
                    *tables, self.mv, self.sc, self.lg, self.fr, ctx)
            try:
                res = _run_interruptibly(search, args, ctx) if self.interruptible else search(*args)
            except KeyboardInterrupt:
                budget.interrupted = True
                return None
            if not ctx[K.C_ABORT]:
                if isinstance(res, (bool, np.bool_)):
                    return target if res else target - 1
                return int(res) + pos.already
            if deadline is not None and time.perf_counter() >= deadline:
                return None

    def _makes(self, pos: Position, target: int, gen: int, budget: _Budget):
        """True/False, or None when the budget ran out."""
        v = self._probe(pos, target, gen, budget)
        return None if v is None else v >= target

    def _value(self, pos: Position, gen: int, budget: _Budget, lo=None, hi=None, guess=None,
               report: bool = False, growth: int = 2, bisect_crossed: bool = False,
               halves_from: int | None = None):
        """Narrow [lo, hi] to the value (trying ``guess`` first); returns
        (lo, hi, exact). ``halves_from``: from that probe on (0 the first),
        a probe may take at most half of the budget left, and the walk stops
        at the first one that runs out of it (``_limited_value`` then
        narrows with the rest). ``report``: call ``budget.progress`` after each
        probe; Ctrl-C (a KeyboardInterrupt, from the search or the progress
        callback) ends the narrowing with what it proved.

        Each probe's fail-soft bound may move an end of the interval by more
        than the step asked. Without a guess: bisection. With one: probes
        walk away from the guess, in the direction the last answer points,
        by 1, 2, 4, ... (the value is usually near it; Belote every card:
        8% fewer nodes than one step then bisection, bridge tables +1%), or
        by 1 each time with ``growth`` 1 (DDS's walk: a bridge table's
        guess, the last declarer's value, is rarely more than a trick off,
        and a probe past the value costs more than one short of it).
        ``bisect_crossed``: once an answer points back (the walk crossed the
        value), bisect the rest, instead of going on from the far end (the
        every-card driver: Belote, 30 deals, 10.75M -> 10.48M nodes; the
        tarot values walked from the contract's target: 9.56M -> 10.42M,
        so not there)."""
        if lo is None:
            lo = pos.already
        if hi is None:
            hi = pos.already + pos.bound()
        lo, hi = max(lo, pos.already), min(hi, pos.already + pos.bound())
        if guess is not None and guess <= lo < hi:
            guess = lo + 1      # the value is at least lo: ask the next one up
        walk = guess is not None and lo < guess <= hi
        t = guess if walk else (lo + hi + 1) // 2
        step = 1
        last_up = None      # the walk's last answer: yes (the value is at least t) or no
        asked = 0
        while lo < hi:
            if halves_from is not None and asked >= halves_from:
                v = self._probe(pos, t, gen, budget, *_half_left(budget))
            else:
                v = self._probe(pos, t, gen, budget)
            asked += 1
            if v is None:
                return lo, hi, False
            if v >= t:
                lo = max(lo, v)
            else:
                hi = min(hi, v)
            if report and not budget.report(lo, hi):
                return lo, hi, lo == hi
            if walk and bisect_crossed and last_up is not None and (v >= t) != last_up:
                walk = False        # the walk crossed the value: bisect what is left
            if walk:
                last_up = v >= t
                t = lo + step if v >= t else hi + 1 - step
                step *= growth
            else:
                t = (lo + hi + 1) // 2
            t = min(max(t, lo + 1), hi)
        return lo, hi, True

    def _limited_value(self, pos: Position, gen: int, budget: _Budget, target, clip,
                       narrow: bool = True):
        """The value's bounds under a limit. The contract's question first,
        with half of the budget (so what is proven includes whatever
        ``reaches(state, target)`` proves with half the nodes; given the
        whole budget, a question near the value took it all and left the
        widest bounds: tarocco's and tarot2's full deals, 114 points and 222
        half points wide after "1 s" against 53 and 139 with half); then the
        unlimited solve's walk from it, each probe allowed half of what is
        left (a solve that finishes within its limit asks what it asked
        with no cap: tarot, 6 positions 10 tricks from the end, 4,871,389
        nodes either way, against 6.19M with capped probes from the start);
        at the first probe that runs out, ``_narrow`` with the rest. With
        no target (``contract_first`` False: a deal beyond exact search),
        ``_narrow`` from the start, so that no probe near the middle takes
        half of the budget. ``narrow`` False (every card asked next): no
        ``_narrow``, the walk (from the target, or bisection without one)
        stops at its first probe that runs out."""
        lo, hi = clip(pos.already, pos.already + pos.bound())
        if target is not None and lo < target <= hi:
            return self._walk_then_narrow(pos, gen, budget, lo, hi, target, report=True,
                                          narrow=narrow)
        if not narrow:
            return self._walk_then_narrow(pos, gen, budget, lo, hi, None, report=True,
                                          narrow=False)
        return self._narrow(pos, gen, budget, lo, hi, report=True)

    def _walk_then_narrow(self, pos: Position, gen: int, budget: _Budget, lo, hi, guess,
                          report: bool = False, narrow: bool = True):
        """The walk from ``guess`` (bisection without one), each probe
        allowed half of what is left, and at its first probe that runs out
        ``_narrow`` with the rest (``narrow`` False: stop there). Probes that
        all fit ask what they would with no limit. The position's bounds
        (``_limited_value``) and each card's, in its share of the budget."""
        lo, hi, exact = self._value(pos, gen, budget, lo, hi, guess=guess, report=report,
                                    halves_from=0)
        if exact or budget.spent() or not narrow:
            return lo, hi, exact
        return self._narrow(pos, gen, budget, lo, hi, report=report)

    def _narrow(self, pos: Position, gen: int, budget: _Budget, lo: int, hi: int,
                report: bool = False):
        """Narrow [lo, hi] towards the value under a limit, with proven
        bounds at any time: returns (lo, hi, exact) as ``_value`` does.

        A probe near the value costs the most and one far from it little, so
        no probe may take the whole budget: each round caps its probes at a
        node count (``_FIRST_CAP``, then more a round: ``_next_cap``).
        Within a round each end of the interval gallops inwards (lo + 1, lo +
        2, lo + 4, ...; hi, hi - 1, hi - 3, ...) and, once a probe runs out
        of its cap, bisects between its end and that target, until no target
        is left between an end and the nearest target the round failed on;
        the ends take turns, so the cheaper end goes as far as it can. The
        next round asks again with a larger cap; the table keeps what the
        unfinished probes searched. The caps do not depend on the limit, so
        a larger limit runs the same probes further and never proves less."""
        cap = _FIRST_CAP
        start = budget.nodes
        while lo < hi:
            failed: list = []               # targets this round's cap did not settle
            steps = {"lo": 1, "hi": 1}      # each end's gallop
            side = "lo"
            while lo < hi:
                t = _anytime_target(side, lo, hi, failed, steps[side])
                if t is None:
                    side = "hi" if side == "lo" else "lo"
                    t = _anytime_target(side, lo, hi, failed, steps[side])
                    if t is None:
                        break               # both ends stuck: a larger cap
                v = self._probe(pos, t, gen, budget, cap=budget.nodes + cap)
                if v is None:
                    if budget.spent():
                        return lo, hi, False
                    failed.append(t)
                else:
                    yes = v >= t
                    if yes:
                        lo = max(lo, v)
                    else:
                        hi = min(hi, v)
                    # the end moved the way it asked: gallop further
                    steps[side] = steps[side] * 2 if yes == (side == "lo") else 1
                    if report and not budget.report(lo, hi):
                        return lo, hi, lo == hi
                side = "hi" if side == "lo" else "lo"
            cap = _next_cap(cap, budget.nodes - start)
        return lo, hi, True

    # -- the public requests --------------------------------------------------
    def solve(self, state, *, all_cards: bool = False, line: bool = True,
              max_nodes: int | None = None, max_seconds: float | None = None,
              progress=None, contract_first: bool = True) -> SolveResult:
        """The value of ``state`` (see the module function ``solve``);
        ``progress(lower, upper, nodes)`` is called after each question on
        the value. Ctrl-C returns the bounds proven so far, ``interrupted``."""
        with compile_watch(state):
            return self._solve(state, all_cards, line, max_nodes, max_seconds, progress,
                               contract_first)

    def _solve(self, state, all_cards, line, max_nodes, max_seconds, progress,
               contract_first=True) -> SolveResult:
        start = time.perf_counter()
        codec = codec_for(state)
        budget = _Budget(max_nodes, max_seconds, progress)
        gen = self.new_generation()
        pos = codec.encode(state)
        clip = _clipper(state)
        # under a limit, ask the contract's question first (unless
        # ``contract_first`` is False), then narrow the bounds with probes of
        # capped nodes (``_limited_value``)
        limited = max_nodes is not None or max_seconds is not None
        if all_cards and not limited and not state.is_over():
            # every card exactly, no limit: the root's value is the best
            # card's, so its own probes would be asked twice
            result = self._cards_first(state, pos, codec, gen, budget, clip)
            lo = hi = None
        else:
            if limited:
                target = state.contract_target() if contract_first else None
                # every card asked too: the position is not narrowed, so that
                # what its walk leaves (half of the limit at least) goes to
                # the cards (given it all, it left them nothing but their
                # static bounds on a deal too deep for the limit)
                lo, hi, exact = self._limited_value(pos, gen, budget, target, clip,
                                                    narrow=not (all_cards and not state.is_over()))
            else:
                lo, hi, exact = self._value(pos, gen, budget, report=True)
            lo, hi = clip(lo, hi)
            result = SolveResult(value=lo, exact=exact, lower=lo, upper=hi)
        if all_cards and not state.is_over() and not budget.interrupted and lo is not None:
            groups = equivalent_groups(state, pos, codec)
            result.groups = groups
            values = {}
            maximizing = state.maximizing()
            # the position exact: each card in turn with all that is left
            # (the most cards exact within the limit, as the players want);
            # open: each card a share, so that every card gets bounds
            position_exact = exact
            for i, group in enumerate(groups):
                if budget.interrupted:
                    break
                state.play(group[0])
                try:
                    child = codec.encode(state)
                    clo, chi = (None, hi) if maximizing else (lo, None)
                    if limited and not position_exact:
                        # an equal share of what is left: a card that needs
                        # less leaves the rest to the cards after it
                        with budget.share(len(groups) - i):
                            vlo, vhi, vexact = self._walk_then_narrow(child, gen, budget, clo,
                                                                      chi, lo)
                    else:
                        vlo, vhi, vexact = self._value(child, gen, budget, clo, chi, guess=lo)
                finally:
                    state.undo()
                if budget.interrupted and not vexact:
                    break           # a card not searched to its end is left out
                exact = exact and vexact
                vlo, vhi = clip(vlo, vhi)
                for card in group:
                    values[card] = vlo if vexact else (vlo, vhi)
            if limited and len(values) == sum(map(len, groups)):
                # the position's value is its best card's: the cards' bounds
                # may narrow the position's
                pick = max if maximizing else min
                ends = [(v, v) if isinstance(v, int) else v for v in values.values()]
                result.lower = max(result.lower, pick(a for a, _ in ends))
                result.upper = min(result.upper, pick(b for _, b in ends))
                result.value = result.lower
            order = sorted(values, key=lambda c: (_sort_key(values[c], maximizing), -c))
            result.cards = {c: values[c] for c in order}
            result.exact = exact and not budget.interrupted
        if line and result.exact and not budget.interrupted:
            cards = self._line(state, result.value, gen, budget, codec)
            if cards is not None:  # None: the limits ran out before the line was found
                result.line = cards
                final = state.clone()
                for card in cards:
                    final.play(card)
                result.score = final.score()
        result.made = made_by_bounds(state, result.lower, result.upper)
        result.interrupted = budget.interrupted
        result.nodes = budget.nodes
        result.stats = budget.stats()
        result.seconds = time.perf_counter() - start
        return result

    def _cards_first(self, state, pos, codec, gen, budget, clip) -> SolveResult:
        """Every legal card's exact value, and the position's as the best of
        them, with no probe of the position itself. Each card's value is
        walked one step at a time from the best found so far: about half the
        cards are worth the best card, most of the others a few points
        less. (Belote every card, 60 seeded deals: 4% fewer nodes, total and
        median, than the position's value by bisection first and each card
        walked from it by 1, 2, 4...; the position's own probes were 38% of
        the nodes, but they filled the table the cards then used.)"""
        maximizing = state.maximizing()
        groups = equivalent_groups(state, pos, codec)
        least, most = pos.already, pos.already + pos.bound()
        values, best, exact = {}, None, True
        todo = []           # (group, its position, the guess of its first probe)
        for group in groups:
            child = _child_position(pos, group[0])
            if child is None:
                state.play(group[0])
                try:
                    child = codec.encode(state)
                finally:
                    state.undo()
            todo.append((group, child, None))
        if _guesses_by_playout(pos):
            todo = _best_playout_first(todo, maximizing, self.mv, self.sc, self.lg)
            _share_killers(todo)
        for group, child, guess in todo:
            growth = 2
            if best is not None:
                guess, growth = best, 1
            vlo, vhi, vexact = self._value(child, gen, budget, guess=guess, growth=growth,
                                           bisect_crossed=True)
            if budget.interrupted and not vexact:
                exact = False
                break               # a card not searched to its end is left out
            vlo, vhi = clip(vlo, vhi)
            for card in group:
                values[card] = vlo
            best = vlo if best is None else (max(best, vlo) if maximizing else min(best, vlo))
            done = len(values) == len(state.legal_cards())
            lo, hi = (best, best if done else most) if maximizing else (least if not done else best, best)
            if not budget.report(*clip(lo, hi)):
                exact = False
                break
        done = len(values) == len(state.legal_cards())
        exact = exact and done
        if maximizing:
            lo, hi = (best if best is not None else least), (best if done else most)
        else:
            lo, hi = (best if done else least), (best if best is not None else most)
        lo, hi = clip(lo, hi)
        order = sorted(values, key=lambda c: (_sort_key(values[c], maximizing), -c))
        return SolveResult(value=lo, exact=exact, lower=lo, upper=hi,
                           cards={c: values[c] for c in order}, groups=groups)

    def makes(self, state, target: int, *, max_nodes=None, max_seconds=None):
        """Can the max side reach at least ``target``? True/False, or None
        when a limit stopped the search first."""
        return self.reaches(state, target, max_nodes=max_nodes, max_seconds=max_seconds).answer

    def reaches(self, state, target: int, *, max_nodes=None, max_seconds=None) -> Reach:
        """``makes`` with the work it took: the answer, nodes and seconds."""
        start = time.perf_counter()
        codec = codec_for(state)
        budget = _Budget(max_nodes, max_seconds)
        with compile_watch(state):
            answer = self._makes(codec.encode(state), int(target), self.new_generation(), budget)
        return Reach(answer, budget.nodes, time.perf_counter() - start, budget.interrupted,
                     budget.stats())

    def _line(self, state, value, gen, budget, codec) -> list:
        """An optimal line to the end: at each turn the first card (in the
        search's order) that keeps the value; None when a limit stops it."""
        st = state.clone()
        out = []
        while not st.is_over():
            pos = codec.encode(st)
            groups = equivalent_groups(st, pos, codec)
            maximizing = st.maximizing()
            chosen = None
            for group in groups:
                card = group[0]
                st.play(card)
                child = codec.encode(st)
                answer = self._makes(child, value if maximizing else value + 1, gen, budget)
                if answer is None:
                    return None
                if answer == maximizing:  # the max side keeps >= value; the min side holds it <= value
                    chosen = card
                    break
                st.undo()
            if chosen is None:  # cannot happen with an exact value
                raise AssertionError("no card keeps the solved value")
            out.append(chosen)
        return out


#: the anytime driver's first node cap a probe, and its growth a round
_FIRST_CAP = 20_000
_CAP_GROWTH = 4


def _next_cap(cap: int, spent: int) -> int:
    """The next round's cap: ``_CAP_GROWTH`` times the last, or all the
    narrowing has spent so far if more (tarot, 6 positions 10 tricks from
    the end, exact within the limit: 7.31M nodes doubling the cap, 6.19M
    this; the old driver, no cap: 4.87M)."""
    return max(cap * _CAP_GROWTH, spent)


def _part_left(budget: _Budget, parts: int):
    """(node cap, time cap) at ``1 / parts`` of what ``budget`` has left;
    None where it has no such limit."""
    cap = None
    if budget.max_nodes < _NO_LIMIT:
        cap = budget.nodes + max(1, (budget.max_nodes - budget.nodes) // parts)
    until = None
    if budget.deadline is not None:
        now = time.perf_counter()
        until = now + max(0.0, budget.deadline - now) / parts
    return cap, until


def _half_left(budget: _Budget):
    """(node cap, time cap) of a probe allowed half of what ``budget`` has
    left: a solve whose probes each need less ends as it would with no cap;
    one that meets a probe too hard for its limit keeps the other half to
    narrow its bounds with."""
    return _part_left(budget, 2)


def _anytime_target(side: str, lo: int, hi: int, failed: list, step: int):
    """The next target of ``_narrow`` at one end of [lo, hi] (None: none
    left this round). The "lo" end asks targets in (lo, f) and the "hi" end
    in (f, hi], f the nearest target the round failed on: ``step`` from the
    end while none failed there, then the middle of what is left."""
    if side == "lo":
        above = [f for f in failed if lo < f <= hi]
        if not above:
            return min(lo + step, hi)
        limit = min(above)
        if limit - lo < 2:
            return None
        return min(lo + step, lo + (limit - lo) // 2)
    below = [f for f in failed if lo < f <= hi]
    if not below:
        return max(hi + 1 - step, lo + 1)
    limit = max(below)
    if hi - limit < 1:
        return None
    return max(hi + 1 - step, limit + (hi - limit + 1) // 2)


def _clipper(state):
    """Bounds to the range the game's objective can take at all: the
    search's own bounds (the points still out, a terminal offset) can be
    wider, e.g. tarocco -5..119 where the game allows 0..114."""
    span = getattr(state, "objective_range", None)
    if span is None:
        return lambda lo, hi: (lo, hi)
    least, most = span
    return lambda lo, hi: (min(max(lo, least), most), max(min(hi, most), least))


def search_kernel(game_name: str):
    """(the kernel that searches the game's positions, its name in notes):
    bridge's search, or the point game's own copy (every point game has one;
    the generic search is never the one a game compiles)."""
    if game_name == "bridge":
        return K.search, "bridge"
    from .kernels.point import specialised as game_kernels
    return game_kernels.gsearch_for(game_name), "Belote" if game_name == "belote" else game_name


def compile_watch(state):
    """``_jit.compile_notice`` for the kernel that will search ``state``."""
    return compile_notice(*search_kernel(state.game.name))


def _sort_key(value, maximizing):
    v = value if isinstance(value, int) else value[0]
    return -v if maximizing else v


def _guesses_by_playout(pos) -> bool:
    """Belote: the first card's value is walked from a greedy playout's."""
    from .kernels.point import search as R
    return hasattr(pos, "playout_value") and int(pos.rules[R.G_KIND]) == R.BELOTE


def _best_playout_first(todo, maximizing, mv, sc, lg) -> list:
    """The every-card driver's cards with the card whose greedy playout
    (``point_search.greedy_playout``) is best for the player first, that
    playout's value as its guess, the others in their order. (Belote, the
    first 60 colver deals on colver's rules, nodes: 22.49M, median 182k with
    the first card by bisection; 21.46M, 172k with the first card's playout
    as its guess; 20.87M, 164k with the best playout's card first (this);
    20.96M, 163k walking from it by 1, 3, 9...; every card by its playout
    value: 30 deals, total +1%, median the same; the playout one ply deeper,
    the player on turn choosing its best line: no better.)"""
    guesses = [child.playout_value(mv, sc, lg) for _group, child, _guess in todo]
    pick = max if maximizing else min
    first = pick(range(len(todo)), key=lambda i: guesses[i])
    group, child, _ = todo[first]
    return [(group, child, guesses[first])] + [t for i, t in enumerate(todo) if i != first]


def _child_position(pos, card):
    """Belote: the position after ``card`` made from ``pos``'s arrays
    (``encoders.belote_child``) when the card does not end the trick; else
    None (the engine plays it and the position is encoded)."""
    if not _guesses_by_playout(pos):
        return None
    from .encoding import belote_child
    return belote_child(pos, card)


def _share_killers(todo) -> None:
    """Belote every card: the cards' positions keep their killers (the
    card that last cut at each depth) in one frame array, so that what cut
    under one card is tried early under the next (the positions are one ply
    deep alike; each search writes its frames from that depth on). 200
    colver deals, colver's rules: 66.22M -> 65.97M nodes, median 188k ->
    186k; 30 deals, atout's rules: 10.44M -> 10.17M."""
    shared = todo[0][1].gfr
    for _group, child, _guess in todo:
        child.gfr = shared


def equivalent_groups(state, pos: Position, codec) -> list:
    """The legal cards of the player on turn in blocks of equivalent cards
    (same suit, adjacent in strength among the cards still in play, same
    points where points count), strongest block first, each block strongest
    card first."""
    legal = state.legal_cards()
    moves = sorted((codec.to_move(c) for c in legal), reverse=True)
    n = int(pos.rules[K.R_NSEATS])
    usepts = bool(pos.rules[K.R_USEPTS])
    rem = [0] * 6
    for q in range(n):
        for s in range(6):
            rem[s] |= int(pos.lanes[q, s])
    for i in range(pos.ntr):
        rem[int(pos.ts[i])] |= 1 << int(pos.tr[i])
    mine = set(moves)
    groups: list = []
    prev = None
    for m in moves:
        s, r = m >> 5, m & 31
        joined = False
        if prev is not None and prev >> 5 == s:
            pr = prev & 31
            between = rem[s] & ~((2 << r) - 1) & ((1 << pr) - 1)
            same_pts = not usepts or pos.pts[s, r] == pos.pts[s, pr]
            if between == 0 and same_pts and prev in mine:
                groups[-1].append(codec.to_card(m))
                joined = True
        if not joined:
            groups.append([codec.to_card(m)])
        prev = m
    return groups


def solve(state, *, all_cards: bool = False, line: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, tt_bits: int = DEFAULT_TT_BITS,
          solver: Solver | None = None, progress=None, contract_first: bool = True) -> SolveResult:
    """Solve an engine state exactly (or within the limits given).

    ``all_cards`` adds the value of every legal card of the player on turn
    (``result.cards``, equivalent cards grouped in ``result.groups``);
    ``line`` adds an optimal line to the end and the contract's score;
    ``progress(lower, upper, nodes)`` is called after each question on the
    value. Ctrl-C returns what was proven, with ``interrupted`` set.

    Under a limit the bounds are proven at any time: the contract's
    question is asked first with half of the budget (the bounds then settle
    it whenever ``reaches`` would with half the nodes), then the bounds are
    narrowed by probes of capped nodes from both ends; with ``all_cards``,
    a position the limit leaves open is not narrowed and its cards share
    what its walk leaves, each with bounds of its own. ``contract_first``
    False skips that question and gives the whole budget to the bounds:
    narrower bounds where the question is near the value and too hard for
    the budget (full tarocco and tarot2 deals)."""
    solver = solver or Solver(tt_bits)
    return solver.solve(state, all_cards=all_cards, line=line, max_nodes=max_nodes,
                        max_seconds=max_seconds, progress=progress, contract_first=contract_first)


def makes(state, target: int, *, max_nodes=None, max_seconds=None,
          tt_bits: int = DEFAULT_TT_BITS, solver: Solver | None = None):
    """Can ``state.max_side`` reach at least ``target`` from this state?"""
    solver = solver or Solver(tt_bits)
    return solver.makes(state, target, max_nodes=max_nodes, max_seconds=max_seconds)


def reaches(state, target: int, *, max_nodes=None, max_seconds=None,
            tt_bits: int = DEFAULT_TT_BITS, solver: Solver | None = None) -> Reach:
    """``makes`` with the work it took (a ``Reach``: answer, nodes, seconds)."""
    solver = solver or Solver(tt_bits)
    return solver.reaches(state, target, max_nodes=max_nodes, max_seconds=max_seconds)


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


def _tricks_estimate(state) -> int:
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
            budget = _Budget(max_nodes, None)
            # the table's replacement age goes on from the last declarer's
            # stores: the oldest entries are replaced, not this search's own
            budget.ctx[K.C_TTSTORES] = stores
            if guess is None:
                guess = pos.already + _tricks_estimate(state)
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
