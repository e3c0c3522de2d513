"""The point games' transposition table: one row of four int64 a position,
32 bytes, two rows to a 64-byte cache line.

A row holds the two key words, the generation, and the lower bound, the
upper bound and the best move packed in the fourth word, so that a probe
reads one cache line (the bridge table's two arrays, keys and values, cost
two; the probe's miss was the single most expensive instruction of the
point games' search). ``new_table`` aligns the rows on cache lines.

The packed word: ``lower + BIAS`` in bits 0..20, ``upper + BIAS`` in bits
21..41, ``best + 1`` in bits 42..51, and from bit 52 the entry's work (the
cards left in its position: the size of the search it saved).

The search uses the two rows of a cache line as one bucket (``row_find``,
``row_put``): a key may sit in either row; a new key takes the first row
when it is empty, stale or holds less work (the old first row moves to the
second), else the second. A full-deal search stores millions of positions
in a table of a million rows; with one row a key, every store replaced
what was there, the big subtrees near the root included. A bound outside [-BIAS, BIAS) is stored
weakened to the nearest end of that range (never happens for the games'
values, whose bounds stay within a few hundred; the empty bounds are
-1000000 and 1000000).
"""

from __future__ import annotations

import numpy as np

from ..jit import inline_kernel

BIAS = 1 << 20
_FIELD = (1 << 21) - 1
_BEST_FIELD = (1 << 10) - 1
WORK_SHIFT = 52
#: the bounds of an entry that knows nothing yet
EMPTY_LOWER = -1_000_000
EMPTY_UPPER = 1_000_000

#: row columns
T_K1, T_K2, T_GEN, T_PACKED = range(4)
ROW = 4


def new_table(size: int) -> np.ndarray:
    """A zeroed (size, 4) int64 table whose rows start on 64-byte lines
    (numpy aligns its buffers to 16 bytes only). Zeroed pages are not
    touched until a search writes them."""
    buf = np.zeros(size * ROW + 8, dtype=np.int64)
    skip = (-buf.ctypes.data % 64) // 8
    return buf[skip:skip + size * ROW].reshape(size, ROW)


@inline_kernel
def pack(lower, upper, best):
    lower = min(max(lower, -BIAS), BIAS - 1)
    upper = min(max(upper, -BIAS), BIAS - 1)
    return (lower + BIAS) | ((upper + BIAS) << 21) | ((best + 1) << 42)


@inline_kernel
def row_bounds(tt, slot):
    """(lower, upper, best move) of the entry in ``slot``."""
    x = tt[slot, T_PACKED]
    return (x & _FIELD) - BIAS, ((x >> 21) & _FIELD) - BIAS, ((x >> 42) & _BEST_FIELD) - 1


@inline_kernel
def row_store(tt, slot, k1, k2, gen, value, is_lower, best):
    """Record that the future value of the position keyed (k1, k2) is at
    least (``is_lower``) or at most ``value``, and its best move (-1: keep
    the one stored). Another position's entry in the slot is replaced."""
    if tt[slot, T_GEN] == gen and tt[slot, T_K1] == k1 and tt[slot, T_K2] == k2:
        lower, upper, old_best = row_bounds(tt, slot)
    else:
        tt[slot, T_K1] = k1
        tt[slot, T_K2] = k2
        tt[slot, T_GEN] = gen
        lower, upper, old_best = EMPTY_LOWER, EMPTY_UPPER, -1
    if is_lower:
        # a lower bound above BIAS - 1 is kept as BIAS - 1 (weaker, still true)
        lower = max(lower, min(value, BIAS - 1))
    else:
        upper = min(upper, max(value, -BIAS))
    tt[slot, T_PACKED] = pack(lower, upper, best if best >= 0 else old_best)



@inline_kernel
def row_work(tt, slot):
    """The work (cards left) recorded with the entry in ``slot``."""
    return tt[slot, T_PACKED] >> WORK_SHIFT


@inline_kernel
def row_find(tt, slot, k1, k2, gen):
    """The row of the bucket of ``slot`` (its cache line) holding the key
    (k1, k2) of generation ``gen``, or -1."""
    a = slot & ~1
    if tt[a, T_GEN] == gen and tt[a, T_K1] == k1 and tt[a, T_K2] == k2:
        return a
    b = a + 1
    if tt[b, T_GEN] == gen and tt[b, T_K1] == k1 and tt[b, T_K2] == k2:
        return b
    return -1


@inline_kernel
def row_put(tt, slot, k1, k2, gen, work, value, is_lower, best):
    """``row_store`` into the bucket of ``slot``: into the row holding the
    key if one does; else into the first row when it is empty, stale or
    holds at most ``work`` (its entry moves to the second row), else into
    the second row."""
    row = row_find(tt, slot, k1, k2, gen)
    if row < 0:
        a = slot & ~1
        row = a + 1
        if tt[a, T_GEN] != gen or row_work(tt, a) <= work:
            row = a
            if tt[a, T_GEN] == gen:
                for c in range(ROW):
                    tt[a + 1, c] = tt[a, c]
    row_store(tt, row, k1, k2, gen, value, is_lower, best)
    tt[row, T_PACKED] |= work << WORK_SHIFT
