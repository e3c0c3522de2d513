"""The limits of a request (nodes, seconds, Ctrl-C) shared by its kernel
calls (``Budget``), and the anytime driver's caps: how a limited solve
shares what is left between its probes."""

from __future__ import annotations

import math
import threading
import time
import weakref
from contextlib import contextmanager

import numpy as np

from atout.engine.errors import OptionError

from .searches import bridge as K

#: nodes between two looks at the clock when a time limit is set (fewer as
#: the deadline nears: ``chunk_until``)
CHUNK = 200_000
#: the node rate a deadline's last chunks are sized by (a slow machine's;
#: a kernel call restarts its probe, so a chunk is not made smaller than
#: needed)
CHUNK_RATE = 1_000_000
MIN_CHUNK = 2_000


def chunk_until(deadline: float) -> int:
    """The nodes of the next kernel call before a look at the clock, with
    ``deadline`` ahead: ``CHUNK``, or what the time left allows at
    ``CHUNK_RATE`` (a solve stops within a few milliseconds of its
    deadline, not a whole chunk after it)."""
    left = deadline - time.perf_counter()
    return max(MIN_CHUNK, min(CHUNK, int(left * CHUNK_RATE)))
#: no node limit
NO_LIMIT = 2**62


#: the largest node limit (the kernels count nodes in 64-bit integers)
MAX_NODES_LIMIT = 10**15

#: the counters of ``Budget.ctx`` a search adds to (not its limit or abort
#: flag): what work split over threads sums back into the request's budget
SEARCH_COUNTERS = [K.C_NODES, K.C_TRICKS, K.C_TTPROBES, K.C_TTHITS, K.C_TTSTORES, K.C_CUTS,
                   K.C_FIRSTCUTS, K.C_COVERED, K.C_DEFERRED]


def check_max_nodes(max_nodes) -> int:
    """A node limit: a whole number 1..MAX_NODES_LIMIT (RuleError otherwise)."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, (int, np.integer)) \
            or not 1 <= max_nodes <= MAX_NODES_LIMIT:
        raise OptionError(f"max_nodes {str(max_nodes)[:30]}: use a whole number 1..{MAX_NODES_LIMIT}")
    return int(max_nodes)


def check_max_seconds(max_seconds) -> float:
    """A time limit: a finite number of seconds above 0 (RuleError otherwise)."""
    try:
        seconds = float(max_seconds)
    except (TypeError, ValueError, OverflowError):
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise OptionError(f"max_seconds {str(max_seconds)[:30]}: use a finite number of seconds above 0")
    return seconds


class Cancellation:
    """A stop for the searches of one caller, set from another thread (a web
    request whose client left, a server told to exit). Every ``Budget``
    made in a thread while it runs ``cancellable_by(cancellation)`` is stopped by
    ``set()``: the kernel under way at its next node (its node limit set
    to 0, as Ctrl-C does), each later one before it starts. The searches
    then end as Ctrl-C ends them: ``interrupted``, with what was proven."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._budgets: weakref.WeakSet = weakref.WeakSet()
        self._set = False

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        with self._lock:
            self._set = True
            budgets = list(self._budgets)
        for budget in budgets:
            budget.stop()

    def _watch(self, budget: "Budget") -> None:
        with self._lock:
            if not self._set:
                self._budgets.add(budget)
                return
        budget.stop()


_obeyed = threading.local()


@contextmanager
def cancellable_by(cancellation: Cancellation):
    """Within the block, the budgets this thread makes obey ``cancellation``."""
    saved = getattr(_obeyed, "cancellation", None)
    _obeyed.cancellation = cancellation
    try:
        yield cancellation
    finally:
        _obeyed.cancellation = saved


def current_cancellation() -> Cancellation | None:
    """The ``Cancellation`` this thread's budgets obey, if any (threads
    started for a request pass it on: ``solver.threads``)."""
    return getattr(_obeyed, "cancellation", None)


class Budget:
    """Node and time limits shared by the kernel calls of one request."""

    def __init__(self, max_nodes, max_seconds, progress=None):
        self.ctx = np.zeros(K.N_CTX, dtype=np.int64)
        #: called after each probe of the top request: progress(lo, hi, nodes)
        self.progress = progress
        #: set when Ctrl-C (KeyboardInterrupt) or a ``Cancellation`` stopped the work
        self.interrupted = False
        self.max_nodes = NO_LIMIT if max_nodes is None else check_max_nodes(max_nodes)
        self.deadline = None if max_seconds is None else \
            time.perf_counter() + check_max_seconds(max_seconds)
        cancellation = getattr(_obeyed, "cancellation", None)
        if cancellation is not None:
            cancellation._watch(self)

    def stop(self) -> None:
        """Stop the work, from any thread: ``interrupted`` first, then the
        kernel's node limit to 0 (a probe that sets the limit reads
        ``interrupted`` after it, so one of the two always sees the stop)."""
        self.interrupted = True
        self.ctx[K.C_LIMIT] = 0

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
        cap, until = part_left(self, parts)
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
                "covered_moves": int(c[K.C_COVERED]), "deferred_leads": int(c[K.C_DEFERRED])}


#: the anytime driver's first node cap a probe, and its growth a round
FIRST_CAP = 20_000
CAP_GROWTH = 4


def next_cap(cap: int, spent: int) -> int:
    """The next round's cap: ``CAP_GROWTH`` times the last, or all the
    narrowing has spent so far if more: fewer nodes than doubling the cap
    (docs/SOLVER_HISTORY.md)."""
    return max(cap * CAP_GROWTH, spent)


def part_left(budget: Budget, parts: int):
    """(node cap, time cap) at ``1 / parts`` of what ``budget`` has left;
    None where it has no such limit."""
    cap = None
    if budget.max_nodes < NO_LIMIT:
        cap = budget.nodes + max(1, (budget.max_nodes - budget.nodes) // parts)
    until = None
    if budget.deadline is not None:
        now = time.perf_counter()
        until = now + max(0.0, budget.deadline - now) / parts
    return cap, until


def half_left(budget: Budget):
    """(node cap, time cap) of a probe allowed half of what ``budget`` has
    left: a solve whose probes each need less ends as it would with no cap;
    one that meets a probe too hard for its limit keeps the other half to
    narrow its bounds with."""
    return part_left(budget, 2)


def anytime_target(side: str, lo: int, hi: int, failed: list, step: int):
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


def clipper(state):
    """Bounds to the range the game's objective can take at all: the
    search's own bounds (the points still out, a terminal offset) can be
    wider, e.g. tarocco -5..119 where the game allows 0..114."""
    span = getattr(state, "objective_range", None)
    if span is None:
        return lambda lo, hi: (lo, hi)
    least, most = span
    return lambda lo, hi: (min(max(lo, least), most), max(min(hi, most), least))
