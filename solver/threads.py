"""One request's independent searches over threads.

Each thread has its own ``Solver`` (its own transposition table: the
kernels' tables are not safe to share between threads) and all share the
compiled search, which releases the GIL (numba's ``nogil``, or a ctypes
call of the native build): no thread pays a compile or a load. The jobs are
taken in order by whichever thread is free, and their answers do not depend
on which thread ran them: each search runs in a generation of its own, and
a reused table answers as a fresh one, node counts included
(``test_a_reused_solver_answers_as_a_fresh_one``).
"""

from __future__ import annotations

import os
import queue
import threading

from .limits import Cancellation, cancellable_by, current_cancellation


def on_main_thread() -> bool:
    """Does this thread receive Ctrl-C (Python raises KeyboardInterrupt in
    the main thread only)?"""
    return threading.current_thread() is threading.main_thread()


def run_stoppable(work):
    """``work()`` in a thread of its own while this one waits: Ctrl-C here
    stops work's searches (their budgets end ``interrupted``, as under
    Ctrl-C, so work returns what it proved) and this thread goes on waiting
    for its answer. One thread for a whole request: an interruptible
    ``Solver`` on the main thread ran each kernel call in a thread of its
    own instead (``Solver._probe``), which cost more than a small bridge
    table's search (docs/SOLVER_HISTORY.md)."""
    stop = Cancellation()
    caller = current_cancellation()
    box: dict = {}

    def run():
        with cancellable_by(stop):
            try:
                box["result"] = work()
            except BaseException as exc:    # noqa: BLE001 (raised in the caller's thread)
                box["error"] = exc

    thread = threading.Thread(target=run, name="atout-request", daemon=True)
    thread.start()
    while thread.is_alive():
        try:
            thread.join(0.2)
        except KeyboardInterrupt:
            stop.set()
        if caller is not None and caller.is_set():
            stop.set()
    if "error" in box:
        raise box["error"]
    return box["result"]


def default_threads() -> int:
    """The processors this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def check_threads(threads) -> int:
    from atout.engine.errors import OptionError
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 256:
        raise OptionError(f"threads {str(threads)[:30]}: use a whole number 1..256")
    return threads


def solvers_for(solver, threads: int) -> list:
    """``solver`` and ``threads - 1`` more of its table size (not
    interruptible: the caller's thread stops their searches)."""
    bits = solver.mask.bit_length()
    return [solver] + [type(solver)(bits) for _ in range(threads - 1)]


def over_threads(jobs: list, solvers: list, work, done=None, blocks: bool = False) -> None:
    """``work(solver, job)`` for every job, over one thread per solver (at
    most one per job); ``done(job, result)`` in the caller's thread as each
    ends. The jobs are taken in order by whichever thread is free, or with
    ``blocks`` in contiguous blocks, one a thread, a thread whose block is
    done taking the last job of the largest block left (neighbouring jobs
    share more of their search: the cards of one suit). Ctrl-C in the
    caller's thread, or the caller's ``Cancellation``, stops every search
    under way (their budgets end ``interrupted``, as under Ctrl-C) and no
    new job starts; then KeyboardInterrupt is raised (jobs done before it
    have had their ``done``). An exception in a job stops the others and is
    raised."""
    jobs = list(jobs)
    if len(solvers) == 1 or len(jobs) <= 1:
        for job in jobs:
            result = work(solvers[0], job)
            if done is not None:
                done(job, result)
        return
    stop = Cancellation()
    caller = current_cancellation()
    count = min(len(solvers), len(jobs))
    if blocks:
        size, extra = divmod(len(jobs), count)
        cuts = [i * size + min(i, extra) for i in range(count + 1)]
        queues = [jobs[cuts[i]:cuts[i + 1]] for i in range(count)]
    else:
        queues = [list(jobs)]
    lock = threading.Lock()
    results: queue.Queue = queue.Queue()

    def take(mine):
        if mine:
            return mine.pop(0)
        largest = max(queues, key=len)
        return largest.pop() if largest else None

    def run(solver, mine):
        with cancellable_by(stop):
            while True:
                with lock:
                    job = None if stop.is_set() else take(mine)
                    if job is None:
                        return
                try:
                    results.put((job, work(solver, job), None))
                except BaseException as exc:    # noqa: BLE001 (given to the caller's thread)
                    results.put((job, None, exc))

    threads = [threading.Thread(target=run, args=(s, queues[i % len(queues)]), name="atout-worker",
                                daemon=True)
               for i, s in enumerate(solvers[:count])]
    for t in threads:
        t.start()
    error = None
    try:
        pending = len(jobs)
        while pending:
            try:
                job, result, exc = results.get(timeout=0.2)
            except queue.Empty:
                if caller is not None and caller.is_set():
                    stop.set()
                if not any(t.is_alive() for t in threads) and results.empty():
                    break       # stopped: the jobs left were not started
                continue
            pending -= 1
            if exc is not None:
                if error is None or isinstance(error, KeyboardInterrupt):
                    error = exc
                stop.set()
            elif done is not None:
                done(job, result)
    except BaseException as exc:    # noqa: BLE001 (Ctrl-C, or raised by ``done``)
        stop.set()
        error = exc
    for t in threads:
        t.join()
    while not results.empty():      # (ended while the caller was stopping them)
        job, result, exc = results.get()
        if exc is None and done is not None:
            try:
                done(job, result)
            except BaseException:   # noqa: BLE001 (stopping already)
                pass
    if error is None and stop.is_set():
        error = KeyboardInterrupt()     # the caller's cancellation
    if error is not None:
        raise error
