"""One digest of every kernel's source, read without importing numba.

Numba keys a cached function by its own file's text alone, yet a compiled
kernel holds the code of every kernel it calls, from other files too (the
search inlines its move generation, its bounds, its table). Edit
``moves.py`` and numba would load the search compiled from the old one:
after an upgrade, an old search answering for the new code. So the kernels'
cache entries carry this digest too (``jit``), and so does the name of the
native libraries' folder (``solver.native``): a change to any kernel
recompiles them all.
"""

from __future__ import annotations

import zlib
from pathlib import Path

KERNELS = Path(__file__).resolve().parent

_digests: dict = {}


def kernel_sources(root: Path = KERNELS) -> bytes:
    """The kernels' files under ``root``, each as its path and text, in
    order; of ``jit.py`` only the lines that say how kernels are compiled
    (its cache's machinery may change without changing the code)."""
    parts = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_bytes()
        if path.name == "jit.py":
            text = b"\n".join(line for line in text.splitlines()
                              if b"njit" in line or b"NJIT_OPTIONS" in line)
        parts += [str(path.relative_to(root)).encode(), text]
    return b"\0".join(parts)


def checksum(data: bytes) -> str:
    """A short digest of ``data`` (zlib's checksums: hashlib's import alone
    is dearer; docs/SOLVER_HISTORY.md)."""
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"


def digest(root: Path = KERNELS) -> str:
    """The ``checksum`` of ``kernel_sources``, read once a process."""
    if root not in _digests:
        _digests[root] = checksum(kernel_sources(root))
    return _digests[root]
