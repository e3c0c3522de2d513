"""One position's exact value over several threads that share one table.

The value comes from null-window questions ("can the max side reach at
least t?"), each answered with a bound. On one thread they are asked one
after the other, bisecting the interval the answers leave
(``Solver._value``). Here the first thread asks the same questions, and
each other thread searches the question under way too, in the same
transposition table, by the position's children (the legal cards' blocks),
starting from the last, which the first thread reaches last (a root split
of each question, whose answers meet through the table). Below the root,
every thread leaves for later a lead at a trick start that another thread
is searching (ABDADA's busy marks, ``kernels.point.busy``): where every
lead of a position must be searched, two threads that meet there take
different ones. Whichever answers
first answers for all: an answer that settles a question under way stops
its other searches (their table entries stay, all true). With no question
under way, a thread asks its own: the middle of the widest stretch of the
interval no question covers (Baudet's parallel aspiration search, with
null windows; every thread asking its own questions was the first way
measured, slower: docs/SPEED.md). The value is the same on any number of
threads; the nodes are not (they depend on which answer comes first).

The point games' table may be written by two threads at once: its rows
read a torn write as a miss (``kernels.point.row_table``). The bridge
table is not shared: bridge solves on one thread here.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from .every_card import equivalent_groups
from .limits import NO_LIMIT, SEARCH_COUNTERS, Budget, chunk_until
from .results import probe_bound
from .searches import bridge as K
from .threads import default_threads

#: the threads that help a search: made on first use, kept for the process
#: (a thread started for each search cost more than a small search)
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()

#: the threads after the first search the first's question by its children
#: (``_by_children``) rather than ask questions of their own (False:
#: every thread asks its own; docs/SPEED.md has both measured)
HELP = True
#: how a helper searches the question under way: "split", by the
#: position's children from the last, one question each (a root split);
#: "marks", the whole question from the position, as its asker does,
#: leaving for later the leads at a trick start that another thread is
#: searching (ABDADA's busy marks in the table, ``kernels.point.busy``);
#: "split+marks", a root split in which every thread also leaves the leads
#: another is searching for later (the fastest of the three: docs/SPEED.md)
HELP_MODE = "split+marks"
#: seconds a question runs before the other threads help it
HELP_AFTER = 0.005
#: the least nodes a thread takes from a limited team's nodes at a time
MIN_TEAM_CHUNK = 20_000


def _helpers(count: int) -> ThreadPoolExecutor:
    """The pool, with room for ``count`` helpers at once."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool._max_workers < count:
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool = ThreadPoolExecutor(max(count, default_threads() - 1),
                                       thread_name_prefix="atout-team")
        return _pool


def shares_table(pos) -> bool:
    """Can threads search ``pos`` in one table (the point games' rows)?"""
    return hasattr(pos, "kl")


def next_target(lo: int, hi: int, asked) -> int | None:
    """The question a free thread asks: with none under way, the middle of
    (lo, hi] (the one-thread bisection); else the middle of the widest
    stretch of (lo, hi] between the targets under way (``asked``); None
    when every target is under way."""
    if lo >= hi:
        return None
    asked = sorted(t for t in asked if lo < t <= hi)
    if not asked:
        return (lo + hi + 1) // 2
    best = None
    prev = lo
    for t in asked + [hi + 1]:
        a, b = prev + 1, t - 1           # the targets strictly between
        if a <= b and (best is None or b - a > best[1] - best[0]):
            best = (a, b)
        prev = t
    return None if best is None else (best[0] + best[1] + 1) // 2


class _Team:
    """The interval, the questions under way, each thread's budget, and the
    nodes (and time) the team may still spend."""

    def __init__(self, solver, positions, gen, budget, lo, hi, guess, report, state=None,
                 codec=None):
        self.solver = solver
        self.state, self.codec = state, codec
        self.children: dict = {}        # thread -> ``_children``'s answer, made by that thread
        self.positions = positions
        self.gen = gen
        self.request = budget
        self.lo, self.hi = lo, hi
        self.guess = guess
        self.report = report
        self.lock = threading.Lock()
        # one budget a thread, made here: a request's cancellation (a client
        # gone, Ctrl-C through ``run_stoppable``) stops each of them
        self.budgets = [Budget(None, None) for _ in positions]
        self.workers = [solver] + solver.team_helpers(len(positions) - 1)
        self.asked: dict = {}           # thread -> the target it is asking
        self.asked_at: dict = {}        # thread -> when it began to
        self.changed = threading.Condition(self.lock)   # an answer came, or the end
        self.dropped = [False] * len(positions)     # its question answered by another's
        #: the nodes the team may still spend (None: no limit), handed out in chunks
        self.nodes_left = None if budget.max_nodes >= NO_LIMIT else budget.max_nodes - budget.nodes
        self.deadline = budget.deadline
        self.stopped = False            # interrupted: no more questions
        self.error: BaseException | None = None

    def _chunk(self) -> int:
        """(under the lock) The nodes of a thread's next kernel call, taken
        from what the team has left; 0 when the nodes or the time are spent."""
        chunk = NO_LIMIT
        if self.deadline is not None:
            if time.perf_counter() >= self.deadline:
                return 0
            chunk = chunk_until(self.deadline)
        if self.nodes_left is not None:
            chunk = min(chunk, self.nodes_left, max(self.nodes_left // (2 * len(self.positions)),
                                                    MIN_TEAM_CHUNK))
            self.nodes_left -= chunk
        return max(chunk, 0)

    def _ask(self, index: int, target: int, pos=None):
        """Thread ``index``'s answer to "at least ``target``?" about its
        position (or ``pos``): a bound, or None when the question was
        dropped, the limits ran out or the work was stopped."""
        budget = self.budgets[index]
        ctx = budget.ctx
        pos = self.positions[index] if pos is None else pos
        while True:
            with self.lock:
                if budget.interrupted or self.request.interrupted:
                    # a cancellation or Ctrl-C came between two searches: the
                    # limit about to be set would undo the stop it made
                    self._stop()
                if self.dropped[index] or self.stopped:
                    return None
                chunk = self._chunk()
                if chunk == 0:
                    return None
                start = int(ctx[K.C_NODES])
                ctx[K.C_ABORT] = 0
                ctx[K.C_LIMIT] = start + chunk
            res = pos.probe(target - pos.already, self.workers[index], ctx)
            with self.lock:
                if self.nodes_left is not None:
                    self.nodes_left += max(0, chunk - (int(ctx[K.C_NODES]) - start))
                if not ctx[K.C_ABORT]:
                    return probe_bound(res, target, pos.already)
                if budget.interrupted or self.request.interrupted:
                    self._stop()            # a real stop (Ctrl-C, a cancellation)
                    return None
            # dropped, or its chunk ran out: the next chunk goes on from the table

    def _children(self, index: int):
        """(does the max side play at the root, the root's children in
        thread ``index``'s order: from the last, each helper from another
        one), encoded on the thread's first help and kept (a copy of the
        deal and an encoding per child cost milliseconds; a search leaves
        its position as it found it)."""
        if index not in self.children:
            state = self.state.clone()
            groups = equivalent_groups(state, self.positions[index], self.codec)[::-1]
            shift = (index - 1) % len(groups)
            children = []
            for group in groups[shift:] + groups[:shift]:
                state.play(group[0])
                try:
                    child = self.codec.encode(state)
                finally:
                    state.undo()
                child.rules[K.R_GEN] = self.gen
                child.rules[K.R_TTMASK] = self.solver.mask
                child.rules[K.R_ABDADA] = self.positions[index].rules[K.R_ABDADA]
                children.append(child)
            self.children[index] = (state.maximizing(), children)
        return self.children[index]

    def _by_children(self, index: int, target: int):
        """The answer to "at least ``target``?" from the root's children,
        each asked the same question (fail-soft bounds: a child's yes
        answers a root where the max side plays, a child's no one where
        the min side plays; else all children's): a bound, or None as
        ``_ask``."""
        if self.state is None:
            return None
        maximizing, children = self._children(index)
        bounds = []
        for child in children:
            v = self._ask(index, target, child)
            if v is None:
                return None
            if (v >= target) == maximizing:
                return v            # this child decides the root
            bounds.append(v)
        return max(bounds) if maximizing else min(bounds)

    def run(self, index: int) -> None:
        pos = self.positions[index]
        pos.rules[K.R_GEN] = self.gen
        pos.rules[K.R_TTMASK] = self.solver.mask
        marks = HELP and HELP_MODE in ("marks", "split+marks") and len(self.positions) > 1
        pos.rules[K.R_ABDADA] = 1 if marks else 0
        first = True
        while True:
            with self.lock:
                if self.stopped or self.error is not None:
                    return
                if first and index == 0 and self.guess is not None and self.lo < self.guess <= self.hi:
                    t = self.guess
                else:
                    t = next_target(self.lo, self.hi, self.asked.values())
                live = [(a, j) for j, a in self.asked.items()
                        if self.lo < a <= self.hi and not self.dropped[j]]
                helping = HELP and bool(live) and (index > 0 or t is None)
                if helping:
                    # a question is under way: search it too, by its
                    # position's children from the last (its asker starts
                    # with the first), in the same table; not before it
                    # has run a while (a small search ends before a helper
                    # could start: its copy of the deal costs milliseconds)
                    t, asker = min(live)
                    waited = time.perf_counter() - self.asked_at[asker]
                    if waited < HELP_AFTER:
                        self.changed.wait(max(0.001, HELP_AFTER - waited))
                        continue
                if t is None:
                    return
                first = False
                self.asked[index] = t
                self.asked_at[index] = time.perf_counter()
                self.dropped[index] = False
            try:
                if helping and HELP_MODE in ("split", "split+marks"):
                    v = self._by_children(index, t)
                else:
                    v = self._ask(index, t)
            except BaseException as exc:     # noqa: BLE001 (raised by the caller)
                with self.lock:
                    self.asked.pop(index, None)
                    if not isinstance(exc, KeyboardInterrupt) and self.error is None:
                        self.error = exc
                    self._stop()
                return
            with self.lock:
                del self.asked[index]
                if v is None:
                    if self.stopped or not self.dropped[index]:
                        return          # stopped, or the limits ran out
                    continue
                if v >= t:
                    self.lo = max(self.lo, v)
                else:
                    self.hi = min(self.hi, v)
                self.changed.notify_all()
                for other, target in self.asked.items():
                    if not self.lo < target <= self.hi:
                        # its answer is known: stop its search (what it stored stays, all true)
                        self.dropped[other] = True
                        self.budgets[other].ctx[K.C_LIMIT] = 0
                lo, hi = self.lo, self.hi
            if index == 0 and self.report and not self.request.report(lo, hi):
                with self.lock:
                    self._stop()
                return

    def _stop(self) -> None:
        """(under the lock) Ask nothing more; stop the searches under way."""
        self.changed.notify_all()
        self.stopped = True
        self.request.interrupted = True
        for budget in self.budgets:
            budget.ctx[K.C_LIMIT] = 0


def _join(futures) -> None:
    """Wait for the helpers that began; one the pool has not started yet
    is cancelled (on a busy machine a small solve waited for its helper to
    be given a core only to find the value known)."""
    for future in futures:
        if not future.cancel():
            future.result()


def team_value(solver, state, pos, codec, gen, budget, threads: int, lo=None, hi=None,
               guess=None, report: bool = False):
    """The value of ``pos`` in [lo, hi] (by default its whole range) by
    ``threads`` threads asking their questions at once in ``solver``'s
    table, the first thread asking ``guess`` first if given: (lo, hi,
    exact) as ``Solver._value`` gives, exact unless the budget's limits ran
    out or the work was interrupted (``budget.interrupted``). The calling
    thread is one of them. The request's ``budget`` receives every
    thread's counts; its nodes and time are the team's to share."""
    lo = pos.already if lo is None else max(lo, pos.already)
    hi = pos.already + pos.bound() if hi is None else min(hi, pos.already + pos.bound())
    positions = [pos] + [codec.encode(state) for _ in range(threads - 1)]
    team = _Team(solver, positions, gen, budget, lo, hi, guess, report, state, codec)
    futures = [_helpers(threads - 1).submit(team.run, i) for i in range(1, threads)]
    try:
        try:
            team.run(0)
            _join(futures)
        except KeyboardInterrupt:       # Ctrl-C while this thread waited
            with team.lock:
                team._stop()
            _join(futures)
    finally:
        pos.rules[K.R_ABDADA] = 0       # (the caller's position, searched alone after)
        for b in team.budgets:
            for c in SEARCH_COUNTERS:
                budget.ctx[c] += b.ctx[c]
    if team.error is not None:
        raise team.error
    return team.lo, team.hi, team.lo == team.hi
