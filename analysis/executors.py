"""Where the work runs: worker processes on this machine (the default) or a
Dask cluster (``scheduler=ADDRESS``, the optional ``atout[cluster]`` extra).

Every executor runs ``worker(task(i))`` for ``i = 0 .. n-1`` and hands the
results back through ``on_result(i, result)`` in index order: a result that
arrives before an earlier one waits for it. So the answer depends only on
the tasks, never on how many workers shared them, which machine ran what,
or in what order they finished; an interrupt keeps a gap-free prefix.

On a cluster, short tasks (a Belote deal, a sample) travel in chunks of
consecutive tasks (``chunk_size``): a Dask task costs processor time
across the scheduler, the client and the worker. And atout
turns off the Dask worker's statistical profiler on each worker that runs
its tasks (``quiet_profiler``): it samples every thread's stack every 10
ms, and a search, whose time is spent in a few compiled calls, gained
nothing from it and lost speed (docs/SOLVER_HISTORY.md).

A worker that dies loses nothing: on a cluster the Dask scheduler gives its
tasks to another worker; locally a broken pool is replaced and the tasks it
held are submitted again (tasks are pure: running one twice is harmless).
"""

from __future__ import annotations

import math
import signal
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

from atout.engine.errors import AtoutError

#: tasks submitted ahead of the results, per worker: enough to keep every
#: worker busy, few enough that Ctrl-C has little to throw away
AHEAD_PER_WORKER = 2

#: seconds to wait for a Dask scheduler's port, then for its handshake
PROBE_TIMEOUT = 3
CONNECT_TIMEOUT = 5

#: seconds between two counts of a cluster's worker threads
THREADS_RECOUNT = 1.0

#: a cluster task (a chunk of short tasks) lasts at least this long, if it can
CHUNK_SECONDS = 0.5
MAX_CHUNK = 16

INSTALL_HINT = "pip install 'atout[cluster]'"


#: times a local task may lose its worker before the run gives up on it
MAX_WORKER_DEATHS = 3


class ClusterError(AtoutError):
    """The Dask scheduler cannot be used (not installed, not reachable)."""


class WorkerDied(AtoutError):
    """The same task ended its worker process again and again."""


def run_ordered(worker: Callable, task: Callable[[int], object], n: int, *, workers: int = 1,
                scheduler: str | None = None,
                on_result: Callable[[int, object], None] | None = None) -> None:
    """Run ``worker(task(i))`` for ``i`` in ``range(n)`` in local worker
    processes, or on the Dask cluster whose scheduler is at ``scheduler``,
    calling ``on_result(i, result)`` in index order. Ctrl-C stops the work
    at once (KeyboardInterrupt is raised again after cleaning up)."""
    if scheduler:
        _run_on_cluster(worker, task, n, scheduler, on_result)
    else:
        _run_local(worker, task, n, workers, on_result)


class _InOrder:
    """Results keyed by index, released to ``on_result`` as a gap-free prefix."""

    def __init__(self, on_result):
        self.on_result = on_result
        self.waiting: dict = {}
        self.ready = 0

    def add(self, index: int, result) -> None:
        self.waiting[index] = result
        while self.ready in self.waiting:
            got = self.waiting.pop(self.ready)
            self.ready += 1
            if self.on_result:
                self.on_result(self.ready - 1, got)


# -- local worker processes --------------------------------------------------------

def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: terminate its processes. No future is cancelled
    first (the pool marks the unfinished ones broken, which a cancelled
    future would refuse with an error from the pool's thread)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=False)
    for process in processes:
        process.terminate()


def _run_local(worker, task, n, workers, on_result) -> None:
    ordered = _InOrder(on_result)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    pending: dict = {}            # future -> index
    retry: list = []              # indexes lost with a broken pool
    deaths: dict = {}             # index -> pools it broke
    next_index = 0
    try:
        while next_index < n or pending or retry:
            while (retry or next_index < n) and len(pending) < AHEAD_PER_WORKER * workers:
                if retry:
                    index = retry.pop(0)
                else:
                    index, next_index = next_index, next_index + 1
                try:
                    pending[pool.submit(worker, task(index))] = index
                except BrokenProcessPool:
                    # a worker died while the tasks were handed out: this one
                    # never ran; it goes to the new pool with the others
                    retry.insert(0, index)
                    break
            finished, _ = wait(set(pending), return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=pending.get):
                index = pending.pop(future)
                try:
                    ordered.add(index, future.result())
                except BrokenProcessPool:
                    deaths[index] = deaths.get(index, 0) + 1
                    if deaths[index] >= MAX_WORKER_DEATHS:
                        raise WorkerDied(f"a worker process died {deaths[index]} times on task"
                                         f" {index} (out of memory?)") from None
                    retry.append(index)
            if retry:
                # a worker died (killed, out of memory): a new pool runs its
                # tasks and the others the old pool still held
                retry.extend(pending.values())
                retry.sort()
                pending.clear()
                _stop_workers(pool)
                pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    except KeyboardInterrupt:
        _stop_workers(pool)
        raise
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


# -- a Dask cluster ----------------------------------------------------------------

def connect(address: str):
    """A Dask client of the scheduler at ``address``, or a ClusterError that
    says why not (within ``CONNECT_TIMEOUT`` seconds)."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"--scheduler needs Dask's distributed package: {INSTALL_HINT}") from None
    _probe(address)
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as exc:   # OSError, TimeoutError, ValueError for a bad address
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason}") from None


def _probe(address: str) -> None:
    """A refused or unroutable TCP address fails now, not after the
    client's timeout (other protocols are left to Dask)."""
    import socket
    from urllib.parse import urlsplit
    text = address if "://" in address else "tcp://" + address
    try:
        parts = urlsplit(text)
        host, port = parts.hostname, parts.port
    except ValueError:
        raise ClusterError(f"bad scheduler address {address!r} (expected tcp://HOST:PORT)") from None
    if parts.scheme != "tcp":
        return
    if not host or not port:
        raise ClusterError(f"bad scheduler address {address!r} (expected tcp://HOST:PORT)")
    try:
        socket.create_connection((host, port), timeout=PROBE_TIMEOUT).close()
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                           f"{exc.strerror or exc}") from None


def check_scheduler(address: str | None) -> None:
    """Fail early (before any work) when ``--scheduler`` cannot be used."""
    if address:
        connect(address).close()


def _cluster_threads(client) -> int:
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:
        return 1


#: the Dask worker's periodic callbacks of its statistical profiler
PROFILER_CALLBACKS = ("profile", "profile-cycle")

_profiler_stopped = False


def quiet_profiler() -> bool:
    """Stop the statistical profiler of the Dask worker this runs in (once a
    process; a no-op outside a Dask worker). True when it was stopped now."""
    global _profiler_stopped
    if _profiler_stopped:
        return False
    _profiler_stopped = True
    try:
        from distributed import get_worker
        dask_worker = get_worker()
    except (ImportError, ValueError):
        return False
    callbacks = [dask_worker.periodic_callbacks.get(name) for name in PROFILER_CALLBACKS]
    for callback in filter(None, callbacks):
        # tornado's callbacks belong to the worker's event loop, not this thread
        dask_worker.loop.add_callback(callback.stop)
    return any(callbacks)


def _run_chunk(worker, payloads):
    """The results of a chunk of consecutive tasks, and the seconds they took."""
    quiet_profiler()
    start = time.perf_counter()
    results = [worker(payload) for payload in payloads]
    return results, time.perf_counter() - start


def chunk_size(seconds_a_task: float | None, left: int, threads: int) -> int:
    """How many consecutive tasks go to a worker at once. A Dask task costs
    processor time on the scheduler, the client and the worker
    (docs/SOLVER_HISTORY.md): tasks shorter than ``CHUNK_SECONDS`` are sent several at a time
    (at most ``MAX_CHUNK``), once the first results tell their length, and
    never so many that the last chunks leave workers idle (what is left
    makes at least ``2 * AHEAD_PER_WORKER`` chunks a worker thread)."""
    if not seconds_a_task or seconds_a_task >= CHUNK_SECONDS:
        return 1
    wanted = math.ceil(CHUNK_SECONDS / seconds_a_task)
    tail_limit = left // (2 * AHEAD_PER_WORKER * threads)
    return max(1, min(wanted, MAX_CHUNK, tail_limit))


def _run_on_cluster(worker, task, n, address, on_result) -> None:
    from distributed import as_completed
    client = connect(address)
    ordered = _InOrder(on_result)
    pending: dict = {}            # future -> the indexes of its chunk
    # results are gathered in the background as tasks finish, not one
    # request to the scheduler per result
    finished = as_completed(loop=client.loop, with_results=True)
    next_index = 0
    threads, counted = 1, float("-inf")
    timed_tasks, timed_seconds = 0, 0.0

    def submit_ahead():
        nonlocal next_index, threads, counted
        # workers may join or leave during the run: count them again, at
        # most once a second (each count is a request to the scheduler)
        if time.monotonic() - counted >= THREADS_RECOUNT:
            threads, counted = _cluster_threads(client), time.monotonic()
        while next_index < n and len(pending) < AHEAD_PER_WORKER * threads:
            mean = timed_seconds / timed_tasks if timed_tasks else None
            size = chunk_size(mean, n - next_index, threads)
            indexes = range(next_index, min(n, next_index + size))
            # pure=False: a task is sent even if an equal one ran before
            future = client.submit(_run_chunk, worker, [task(i) for i in indexes], pure=False)
            pending[future] = indexes
            finished.add(future)
            next_index = indexes.stop
    try:
        submit_ahead()
        for future, (results, seconds) in finished:
            indexes = pending.pop(future)
            timed_tasks, timed_seconds = timed_tasks + len(indexes), timed_seconds + seconds
            for index, result in zip(indexes, results):
                ordered.add(index, result)
            submit_ahead()
    except BaseException:
        for future in pending:
            future.cancel()
        client.close()
        raise
    client.close()
