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

import threading
import time

import numpy as np

from atout.engine.errors import OptionError

from .encoding import MAXDEPTH, Position, codec_for
from .every_card import cards_first, equivalent_groups, sort_key
from . import searches, team
from .searches import bridge as K
from .limits import FIRST_CAP, Budget, anytime_target, chunk_until, clipper, half_left, next_cap
from .results import Reach, SolveResult, made_by_bounds, probe_bound
from .threads import check_threads, on_main_thread, run_stoppable

DEFAULT_TT_BITS = 20


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
    table's pages: the kernel zeroes each page a search first writes, a
    cost of the same order as a small sample's search
    (docs/SOLVER_HISTORY.md)."""
    solver = getattr(_samples, "solver", None)
    if solver is None or solver.mask != (1 << int(tt_bits)) - 1:
        solver = Solver(tt_bits)
        _samples.solver = solver
    return solver


class Solver:
    """A reusable search context: the transposition table and work arrays.

    ``interruptible``: run each search in a helper thread so that Ctrl-C
    stops it at once (the command line's solver; a thread per search is a
    cost a library caller solving small positions need not pay). Without it Ctrl-C waits for the current kernel call to end."""

    def __init__(self, tt_bits: int = DEFAULT_TT_BITS, interruptible: bool = False):
        if not 10 <= int(tt_bits) <= 28:
            raise OptionError(f"tt_bits {tt_bits!r}: use 10..28 (table of 2**tt_bits entries)")
        size = 1 << int(tt_bits)
        self.tt_keys = np.zeros((size, 3), dtype=np.int64)
        # flat (see bridge_search's buckets), from a 64-byte line: a bucket's
        # tags and signatures are then the 8 lines prefetched when a trick
        # ends (numpy's 16-byte alignment spread them over 9, and the probe
        # waited for the ninth)
        self.tt_vals = _aligned_zeros(size * 3, np.int32)
        # the point games' table: one cache line a probe (the pages of the
        # table a solver does not search are never touched, so cost no memory)
        self.rows = searches.new_row_table(size)
        self.mv = np.zeros((MAXDEPTH, K.MAXMOVES), dtype=np.int64)
        self.sc = np.zeros((MAXDEPTH, K.MAXMOVES), dtype=np.int64)
        self.lg = np.zeros((MAXDEPTH, K.NSUITS), dtype=np.int64)
        self.fr = np.zeros((MAXDEPTH + 1, K.N_FRAME), dtype=np.int64)
        self.mask = size - 1
        self.generation = 0
        self.interruptible = bool(interruptible)
        self.table_nodes = 0    # nodes of the last bridge ``table`` call
        self._team: list = []   # searchers of this table for ``solver.team``

    def team_helpers(self, count: int) -> list:
        """``count`` more searchers of this solver's own table (their own
        work arrays), kept for its next searches (``solver.team``)."""
        while len(self._team) < count:
            helper = Solver(self.mask.bit_length())
            helper.rows = self.rows
            self._team.append(helper)
        return self._team[:count]

    def new_generation(self) -> int:
        self.generation += 1
        return self.generation

    # -- the boolean question -------------------------------------------------
    def _probe(self, pos: Position, target: int, gen: int, budget: Budget, cap: int | None = None,
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
            if ctx[K.C_NODES] >= stop or budget.interrupted:
                return None     # spent: before a call (which would count a node) or after an abort
            limit = stop
            if deadline is not None:
                limit = min(limit, int(ctx[K.C_NODES]) + chunk_until(deadline))
            ctx[K.C_LIMIT] = limit
            ctx[K.C_ABORT] = 0
            if budget.interrupted:
                return None     # stopped (``Budget.stop``) while the limit was set
            try:
                res = _run_interruptibly(pos.probe, (need, self, ctx), ctx) \
                    if self.interruptible and on_main_thread() else pos.probe(need, self, ctx)
            except KeyboardInterrupt:
                budget.interrupted = True
                return None
            if not ctx[K.C_ABORT]:
                return probe_bound(res, target, pos.already)
            if deadline is not None and time.perf_counter() >= deadline:
                return None

    def _makes(self, pos: Position, target: int, gen: int, budget: Budget):
        """True/False, or None when the budget ran out."""
        v = self._probe(pos, target, gen, budget)
        return None if v is None else v >= target

    def _value(self, pos: Position, gen: int, budget: Budget, lo=None, hi=None, guess=None,
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
        by 1, 2, 4, ... (the value is usually near it), or
        by 1 each time with ``growth`` 1 (DDS's walk: a bridge table's
        guess, the last declarer's value, is rarely more than a trick off,
        and a probe past the value costs more than one short of it).
        ``bisect_crossed``: once an answer points back (the walk crossed the
        value), bisect the rest, instead of going on from the far end (the
        every-card driver; not the tarot values walked from the contract's
        target, where it cost nodes). The figures behind each choice:
        docs/SOLVER_HISTORY.md."""
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
                v = self._probe(pos, t, gen, budget, *half_left(budget))
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

    def _limited_value(self, pos: Position, gen: int, budget: Budget, target, clip,
                       narrow: bool = True):
        """The value's bounds under a limit. The contract's question first,
        with half of the budget (so what is proven includes whatever
        ``reaches(state, target)`` proves with half the nodes; given the
        whole budget, a question near the value took it all and left the
        widest bounds); then the unlimited solve's walk from it, each probe
        allowed half of what is left (a solve that finishes within its limit
        asks what it asked with no cap, and so takes the same nodes);
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

    def _team_limited_value(self, state, pos: Position, codec, gen: int, budget: Budget, target,
                            clip, threads: int):
        """``_limited_value`` over threads (``solver.team``): the team
        narrows the value with half of the budget, its first thread asking
        the contract's question first; if that does not end it, ``_narrow``
        goes on alone with the rest, from the team's bounds and its table."""
        lo, hi = clip(pos.already, pos.already + pos.bound())
        with budget.share(2):
            lo, hi, exact = team.team_value(self, state, pos, codec, gen, budget, threads, lo, hi,
                                            guess=target, report=True)
        if exact or budget.spent():
            return lo, hi, exact
        return self._narrow(pos, gen, budget, lo, hi, report=True)

    def _walk_then_narrow(self, pos: Position, gen: int, budget: Budget, lo, hi, guess,
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

    def _narrow(self, pos: Position, gen: int, budget: Budget, lo: int, hi: int,
                report: bool = False):
        """Narrow [lo, hi] towards the value under a limit, with proven
        bounds at any time: returns (lo, hi, exact) as ``_value`` does.

        A probe near the value costs the most and one far from it little, so
        no probe may take the whole budget: each round caps its probes at a
        node count (``FIRST_CAP``, then more a round: ``next_cap``).
        Within a round each end of the interval gallops inwards (lo + 1, lo +
        2, lo + 4, ...; hi, hi - 1, hi - 3, ...) and, once a probe runs out
        of its cap, bisects between its end and that target, until no target
        is left between an end and the nearest target the round failed on;
        the ends take turns, so the cheaper end goes as far as it can. The
        next round asks again with a larger cap; the table keeps what the
        unfinished probes searched. The caps do not depend on the limit, so
        a larger limit runs the same probes further and never proves less."""
        cap = FIRST_CAP
        start = budget.nodes
        while lo < hi:
            failed: list = []               # targets this round's cap did not settle
            steps = {"lo": 1, "hi": 1}      # each end's gallop
            side = "lo"
            while lo < hi:
                t = anytime_target(side, lo, hi, failed, steps[side])
                if t is None:
                    side = "hi" if side == "lo" else "lo"
                    t = anytime_target(side, lo, hi, failed, steps[side])
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
            cap = next_cap(cap, budget.nodes - start)
        return lo, hi, True

    # -- the public requests --------------------------------------------------
    def solve(self, state, *, all_cards: bool = False, line: bool = True,
              max_nodes: int | None = None, max_seconds: float | None = None,
              progress=None, contract_first: bool = True, threads: int = 1) -> SolveResult:
        """The value of ``state`` (see the module function ``solve``);
        ``progress(lower, upper, nodes)`` is called after each question on
        the value. Ctrl-C returns the bounds proven so far, ``interrupted``."""
        threads = check_threads(threads)

        def work():
            return self._solve(state, all_cards, line, max_nodes, max_seconds, progress,
                               contract_first, threads)
        with compile_watch(state):
            return run_stoppable(work) if self.interruptible and on_main_thread() else work()

    def _solve(self, state, all_cards, line, max_nodes, max_seconds, progress,
               contract_first=True, threads=1) -> SolveResult:
        start = time.perf_counter()
        codec = codec_for(state)
        budget = Budget(max_nodes, max_seconds, progress)
        gen = self.new_generation()
        pos = codec.encode(state)
        clip = clipper(state)
        # under a limit, ask the contract's question first (unless
        # ``contract_first`` is False), then narrow the bounds with probes of
        # capped nodes (``_limited_value``)
        limited = max_nodes is not None or max_seconds is not None
        if all_cards and not limited and not state.is_over():
            # every card exactly, no limit: the root's value is the best
            # card's, so its own probes would be asked twice
            result = cards_first(self, state, pos, codec, gen, budget, clip, threads)
            lo = hi = None
        else:
            # the threads search the value together in one table (the point
            # games; an ``all_cards`` solve shares its cards out instead)
            by_team = threads > 1 and not all_cards and not state.is_over() \
                and team.shares_table(pos)
            if limited:
                target = state.contract_target() if contract_first else None
                # every card asked too: the position is not narrowed, so that
                # what its walk leaves (half of the limit at least) goes to
                # the cards (given it all, it left them nothing but their
                # static bounds on a deal too deep for the limit)
                # a time limit only: the threads' answers depend on the machine's
                # speed anyway (a node limit's answers are the same on any number)
                if by_team and max_nodes is None:
                    lo, hi, exact = self._team_limited_value(state, pos, codec, gen, budget,
                                                             target, clip, threads)
                else:
                    lo, hi, exact = self._limited_value(pos, gen, budget, target, clip,
                                                        narrow=not (all_cards and not state.is_over()))
            elif by_team:
                lo, hi, exact = team.team_value(self, state, pos, codec, gen, budget, threads,
                                                report=True)
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
            order = sorted(values, key=lambda c: (sort_key(values[c], maximizing), -c))
            result.cards = {c: values[c] for c in order}
            result.exact = exact and not budget.interrupted
        if line and result.exact and not budget.interrupted:
            cards = self._line(state, result.value, gen, budget, codec)
            if cards is not None:  # None: the limits ran out before the line was found
                result.line = cards
                final = state.clone(history=False)
                for card in cards:
                    final.play(card)
                result.score = final.score()
        result.made = made_by_bounds(state, result.lower, result.upper)
        result.interrupted = budget.interrupted
        result.nodes = budget.nodes
        result.stats = budget.stats()
        result.seconds = time.perf_counter() - start
        return result

    def makes(self, state, target: int, *, max_nodes=None, max_seconds=None):
        """Can the max side reach at least ``target``? True/False, or None
        when a limit stopped the search first."""
        return self.reaches(state, target, max_nodes=max_nodes, max_seconds=max_seconds).answer

    def reaches(self, state, target: int, *, max_nodes=None, max_seconds=None) -> Reach:
        """``makes`` with the work it took: the answer, nodes and seconds."""
        start = time.perf_counter()
        codec = codec_for(state)

        def work():     # (the budget made in the thread that searches: Ctrl-C stops it)
            budget = Budget(max_nodes, max_seconds)
            return self._makes(codec.encode(state), int(target), self.new_generation(),
                               budget), budget
        with compile_watch(state):
            answer, budget = run_stoppable(work) if self.interruptible and on_main_thread() \
                else work()
        return Reach(answer, budget.nodes, time.perf_counter() - start, budget.interrupted,
                     budget.stats())

    def _line(self, state, value, gen, budget, codec) -> list:
        """An optimal line to the end: at each turn the first card (in the
        search's order) that keeps the value; None when a limit stops it."""
        st = state.clone(history=False)
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


def search_kernel(game_name: str):
    """(the kernel that searches the game's positions, its name in notes):
    bridge's search, or the point game's own copy (every point game has one;
    the generic search is never the one a game compiles)."""
    if game_name == "bridge":
        from .kernels.bridge import search as bridge_kernels
        return bridge_kernels.search, "bridge"
    from .kernels.point import specialised as game_kernels
    return game_kernels.gsearch_for(game_name), "Belote" if game_name == "belote" else game_name


def note_worker_compilation(game_name: str) -> None:
    """Before worker processes start: say once that each will compile the
    game's search first, when it will (nothing when its native build is on
    the disk: the workers load it; told without importing numba)."""
    from . import native
    entry = searches.entry_for_game(game_name)
    if native.enabled() and isinstance(entry, searches.Entry) and native.built(entry.name):
        return
    from .kernels.jit import note_worker_compilation as note
    note(*search_kernel(game_name))


def compile_watch(state):
    """Around a first search: the notice that the search of ``state``'s game
    is being compiled, when it is (``searches.Entry.watch``)."""
    return searches.watch(state.game.name)


def solve(state, *, all_cards: bool = False, line: bool = True, max_nodes: int | None = None,
          max_seconds: float | None = None, tt_bits: int = DEFAULT_TT_BITS,
          solver: Solver | None = None, progress=None, contract_first: bool = True,
          threads: int = 1) -> SolveResult:
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
    the budget (full tarocco and tarot2 deals).

    ``threads``: an exact ``all_cards`` solve shares the cards out among that
    many threads (each with a table of its own; the same values); else, in
    the point games, with no node limit, the threads search the value at
    once in one table (``solver.team``; under a time limit with half of
    it, the rest narrowing on one thread): the same value, other node
    counts. Under a node limit the value is searched on one thread, so
    that its bounds are the same on any number."""
    solver = solver or Solver(tt_bits)
    return solver.solve(state, all_cards=all_cards, line=line, max_nodes=max_nodes,
                        max_seconds=max_seconds, progress=progress, contract_first=contract_first,
                        threads=threads)


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
