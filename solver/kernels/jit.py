"""The one place that says how kernels are compiled.

Every kernel is ``numba.njit`` with ``cache=True`` (compiled once, kept on
disk next to the module; each entry stamped with a digest of every kernel's
source, ``sources``, since a compiled kernel holds its callees' code),
``nogil`` (a caller may run solves in threads) and no bounds checks.
Kernels take plain numpy arrays and integers only: no jitclass and no
function arguments, which would defeat the cache.

Kernels are compiled without numba's reference counting (``_nrt=False``):
with it, every call from kernel to kernel incremented and decremented a
counter (an atomic instruction) for each array passed, and that was much
of the time of the search (docs/SOLVER_HISTORY.md).
The arrays are owned by the Python caller for the whole search, so nothing
needs counting; the price is that such a kernel cannot create an array. The
few that do (a small scratch array per call, at the top of a search) are
``allocating_kernel``s.
"""

from __future__ import annotations

import logging
import time
from contextlib import contextmanager

import numba

from .sources import digest

NJIT_OPTIONS = dict(cache=True, nogil=True, boundscheck=False, _nrt=False)


def _kernels_cache():
    """numba's function cache, its entries stamped with the digest of every
    kernel's source besides the function's own file (``sources``: numba
    alone would keep a search compiled with a callee's old code); None
    when this numba lacks the classes (private API: then numba's own)."""
    try:
        from numba.core import caching

        def stamped(base):
            class Locator(base):
                def get_source_stamp(self):
                    return (base.get_source_stamp(self), digest())
            Locator.__name__ = f"Kernels{base.__name__.lstrip('_')}"
            return Locator

        # numba's locators, in its order; those that read a source file stamped
        file_backed = caching._SourceFileBackedLocatorMixin
        locators = [stamped(c) if issubclass(c, file_backed) else c
                    for c in caching.CompileResultCacheImpl._locator_classes]

        class KernelCacheImpl(caching.CompileResultCacheImpl):
            _locator_classes = locators

        class KernelCache(caching.FunctionCache):
            _impl_class = KernelCacheImpl

        return KernelCache
    except Exception:       # noqa: BLE001 (any change of the private API)
        return None


_KernelCache = _kernels_cache()


def _jit(fn, options):
    """``numba.njit`` with ``options``, cached by ``_KernelCache``."""
    if _KernelCache is None:
        return numba.njit(**options)(fn)
    dispatcher = numba.njit(**dict(options, cache=False))(fn)
    dispatcher._cache = _KernelCache(fn)        # what ``enable_caching`` does
    return dispatcher


def kernel(fn):
    """Compile ``fn`` as a solver kernel (it must not create arrays)."""
    return _jit(fn, NJIT_OPTIONS)


def allocating_kernel(fn):
    """Compile ``fn`` as a solver kernel that creates arrays (with numba's
    reference counting: keep such kernels off the per-node path)."""
    return _jit(fn, dict(NJIT_OPTIONS, _nrt=True))


#: where the solver says that it is being compiled (the command line shows
#: it on stderr; a library caller sees it only if it shows INFO logs)
log = logging.getLogger("atout.solver")
_watched: set = set()


def will_compile(dispatcher) -> bool | None:
    """Does the on-disk cache lack ``dispatcher``'s compiled code for its
    current source (so the first call compiles)? None when it cannot tell
    (a numba without this private layout)."""
    try:
        return not dispatcher._cache._cache_file._load_index()
    except Exception:       # private numba API: any change means "cannot tell"
        return None


def _misses(dispatcher) -> int:
    try:
        return sum(dispatcher.stats.cache_misses.values())
    except Exception:
        return 0


@contextmanager
def compile_notice(dispatcher, what: str):
    """Around the first search of a process: say once, before, that the
    solver is being compiled when its cache lacks it, and after, how long it
    took, when it did compile (numba counts a cache miss per compilation).
    Nothing when the code is in memory or was loaded from the cache."""
    if what in _watched or getattr(dispatcher, "overloads", None):
        yield
        return
    _watched.add(what)
    predicted = will_compile(dispatcher)
    before = _misses(dispatcher)
    if predicted:
        # ``compiling``: the command line adds the game's expected time and
        # redraws the time so far on a terminal until ``compiled``
        log.info(f"compiling the {what} solver: first use after an install or an upgrade,"
                 " 15 s to a few minutes on a busy machine; kept on disk for the next runs",
                 extra={"compiling": what})
    start = time.perf_counter()
    try:
        yield
    finally:
        if predicted or _misses(dispatcher) > before:
            log.info(f"{what} solver compiled in {time.perf_counter() - start:.1f} s", extra={"compiled": what})


def note_worker_compilation(dispatcher, what: str) -> None:
    """Before worker processes start: say once that each will compile the
    solver first, when the on-disk cache lacks it (they cannot say it)."""
    if what in _watched or getattr(dispatcher, "overloads", None):
        return
    _watched.add(what)
    if will_compile(dispatcher):
        log.info(f"compiling the {what} solver in each worker process first: first use after"
                 " an install or an upgrade, 15 s to a few minutes on a busy machine")


def inline_kernel(fn):
    """A kernel inlined into its callers by numba itself (``inline='always'``):
    a call of a kernel with many array arguments passes every array as its
    whole descriptor (pointer, shape, strides...), on the stack, at each
    call; for the search's per-node helpers that cost more than their work."""
    return _jit(fn, dict(NJIT_OPTIONS, inline="always"))
