"""ABDADA's "busy" marks for one solve over several threads (Weill 1996):
a thread that starts searching a lead at a trick start marks the pair
(position, lead) busy in a small region after the table's rows, and clears
the mark when the lead's answer comes back. Another thread at the same
position searches its first lead whatever the marks (the eldest son), and
leaves a later lead another thread has marked for after its other leads
(``gsearch``'s second pass), so that two threads at one node of which every
lead must be searched take different leads. The marks only order the
work: a mark lost, stale or shared by two positions costs time, never an
answer. (``rules[R_ABDADA]`` turns them on; one thread never reads them.)
"""

from __future__ import annotations

from ..jit import inline_kernel
from .row_table import BUSY_ROWS


@inline_kernel
def busy_token(k1, k2, m):
    """The mark of lead ``m`` at the position keyed (k1, k2) (never 0)."""
    t = k1 ^ (k2 >> 3) ^ (m << 50)
    return t if t != 0 else 1


@inline_kernel
def busy_row(mask, token):
    """The busy region's row of a mark."""
    h = token ^ (token >> 17) ^ (token >> 31) ^ (token >> 47)
    return mask + 1 + (h & (BUSY_ROWS - 1))


@inline_kernel
def is_busy(tt, mask, k1, k2, m):
    """Is another thread searching lead ``m`` of this position?"""
    t = busy_token(k1, k2, m)
    return tt[busy_row(mask, t), 0] == t


@inline_kernel
def mark_busy(tt, mask, k1, k2, m):
    t = busy_token(k1, k2, m)
    tt[busy_row(mask, t), 0] = t


@inline_kernel
def clear_busy(tt, mask, k1, k2, m):
    """Clear the mark, unless another thread has marked another lead there since."""
    t = busy_token(k1, k2, m)
    row = busy_row(mask, t)
    if tt[row, 0] == t:
        tt[row, 0] = 0
