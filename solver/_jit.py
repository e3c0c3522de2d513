"""The one place that says how kernels are compiled.

Every kernel is ``numba.njit`` with ``cache=True`` (compiled once, kept on
disk next to the module), ``nogil`` (a caller may run solves in threads) and
no bounds checks. Kernels take plain numpy arrays and integers only: no
jitclass and no function arguments, which would defeat the cache.

Kernels are compiled without numba's reference counting (``_nrt=False``):
with it, every call from kernel to kernel incremented and decremented a
counter (an atomic instruction) for each array passed, and that was half
the time of the search (tarocco, 10 tricks left: 730 -> 260 ns a node).
The arrays are owned by the Python caller for the whole search, so nothing
needs counting; the price is that such a kernel cannot create an array. The
few that do (a small scratch array per call, at the top of a search) are
``allocating_kernel``s.
"""

from __future__ import annotations

import numba

NJIT_OPTIONS = dict(cache=True, nogil=True, boundscheck=False, _nrt=False)


def kernel(fn):
    """Compile ``fn`` as a solver kernel (it must not create arrays)."""
    return numba.njit(**NJIT_OPTIONS)(fn)


def allocating_kernel(fn):
    """Compile ``fn`` as a solver kernel that creates arrays (with numba's
    reference counting: keep such kernels off the per-node path)."""
    return numba.njit(**dict(NJIT_OPTIONS, _nrt=True))(fn)
