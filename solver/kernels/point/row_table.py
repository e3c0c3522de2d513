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

Threads may search one table at once (``Solver.solve(threads=N)``), and a
row's four words are not written in one instruction: a reader may see the
key words of one store and the packed word of another. So the key words
are stored folded with a mix of the packed word (``row_fold``: the first
key word, the second xored with the first too, the generation) and
unfolded by the packed word read with them (``row_key``): a row torn
between two stores of different packed words unfolds to keys that match
nothing (the mix changes every key word whenever the packed word
changes), so it reads as a miss, never as another position's bounds; two
stores of the same packed word give the bounds of either key. A store
that merges with a row another thread rewrote in between may lose that
thread's bound: a weaker row, still true.
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
#: rows after the table's own: ABDADA's busy marks (``point_busy``), read
#: and written only when several threads search one table
BUSY_ROWS = 1 << 12


def new_table(size: int) -> np.ndarray:
    """A zeroed (size + BUSY_ROWS, 4) int64 table whose rows start on
    64-byte lines (numpy aligns its buffers to 16 bytes only). Zeroed pages
    are not touched until a search writes them."""
    rows = size + BUSY_ROWS
    buf = np.zeros(rows * ROW + 8, dtype=np.int64)
    skip = (-buf.ctypes.data % 64) // 8
    return buf[skip:skip + rows * ROW].reshape(rows, ROW)


@inline_kernel
def pack(lower, upper, best):
    lower = min(max(lower, -BIAS), BIAS - 1)
    upper = min(max(upper, -BIAS), BIAS - 1)
    return (lower + BIAS) | ((upper + BIAS) << 21) | ((best + 1) << 42)


@inline_kernel
def row_fold(x):
    """The mask the key words of a row of packed word ``x`` (never
    negative) are stored xored with: shifts down then shifts up, each step
    invertible, so two packed words never share a mask, and a difference
    in any bit of ``x`` changes bits all over the mask. (No multiply: the
    same in plain Python on numpy's int64.)"""
    x = x ^ (x >> 11) ^ (x >> 23) ^ (x >> 37) ^ (x >> 47)
    return x ^ (x << 17) ^ (x << 31) ^ (x << 47)


@inline_kernel
def row_key(tt, row):
    """(k1, k2, generation, packed word) of ``row``, unfolded by the packed
    word read with them (a row torn between two stores unfolds to a key
    that matches nothing)."""
    x = tt[row, T_PACKED]
    h = row_fold(x)
    k1 = tt[row, T_K1] ^ h
    return k1, tt[row, T_K2] ^ h ^ k1, tt[row, T_GEN] ^ h, x


@inline_kernel
def row_write(tt, row, k1, k2, gen, x):
    """Write the row's four words: the key words folded by packed word ``x``."""
    h = row_fold(x)
    tt[row, T_K1] = k1 ^ h
    tt[row, T_K2] = k2 ^ k1 ^ h
    tt[row, T_GEN] = gen ^ h
    tt[row, T_PACKED] = x


@inline_kernel
def packed_bounds(x):
    """(lower, upper, best move) of a packed word."""
    return (x & _FIELD) - BIAS, ((x >> 21) & _FIELD) - BIAS, ((x >> 42) & _BEST_FIELD) - 1


@inline_kernel
def row_bounds(tt, slot):
    """(lower, upper, best move) of the entry in ``slot``."""
    return packed_bounds(tt[slot, T_PACKED])


@inline_kernel
def row_store(tt, slot, k1, k2, gen, work, value, is_lower, best):
    """Record that the future value of the position keyed (k1, k2) is at
    least (``is_lower``) or at most ``value``, its best move (-1: keep the
    one stored) and its work. Another position's entry in the slot is
    replaced."""
    o1, o2, og, x = row_key(tt, slot)
    if og == gen and o1 == k1 and o2 == k2:
        lower, upper, old_best = packed_bounds(x)
    else:
        lower, upper, old_best = EMPTY_LOWER, EMPTY_UPPER, -1
    if is_lower:
        # a lower bound above BIAS - 1 is kept as BIAS - 1 (weaker, still true)
        lower = max(lower, min(value, BIAS - 1))
    else:
        upper = min(upper, max(value, -BIAS))
    x = pack(lower, upper, best if best >= 0 else old_best) | (work << WORK_SHIFT)
    row_write(tt, slot, k1, k2, gen, x)


@inline_kernel
def row_work(tt, slot):
    """The work (cards left) recorded with the entry in ``slot``."""
    return tt[slot, T_PACKED] >> WORK_SHIFT


@inline_kernel
def row_lookup(tt, slot, k1, k2, gen):
    """The row of the bucket of ``slot`` (its cache line) holding the key
    (k1, k2) of generation ``gen`` and the packed word it was matched with
    (read the bounds from that word: the row may change after), or (-1, 0)."""
    a = slot & ~1
    o1, o2, og, x = row_key(tt, a)
    if og == gen and o1 == k1 and o2 == k2:
        return a, x
    b = a + 1
    o1, o2, og, x = row_key(tt, b)
    if og == gen and o1 == k1 and o2 == k2:
        return b, x
    return -1, 0


@inline_kernel
def row_find(tt, slot, k1, k2, gen):
    """The row of ``row_lookup``, or -1."""
    return row_lookup(tt, slot, k1, k2, gen)[0]


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
        current = row_key(tt, a)[2] == gen
        if not current or row_work(tt, a) <= work:
            row = a
            if current:
                # (the folded words move as they are: a row unfolds by itself)
                for c in range(ROW):
                    tt[a + 1, c] = tt[a, c]
    row_store(tt, row, k1, k2, gen, work, value, is_lower, best)
