"""The one place that says how kernels are compiled.

Every kernel is ``numba.njit`` with ``cache=True`` (compiled once, kept on
disk next to the module), ``nogil`` (a caller may run solves in threads) and
no bounds checks. Kernels take plain numpy arrays and integers only: no
jitclass and no function arguments, which would defeat the cache.
"""

from __future__ import annotations

import numba

NJIT_OPTIONS = dict(cache=True, nogil=True, boundscheck=False)


def kernel(fn):
    """Compile ``fn`` as a solver kernel."""
    return numba.njit(**NJIT_OPTIONS)(fn)
