"""The point games' table keys where positions are keyed whole: ``rkey``
(who holds each remaining card in order of strength, with its label),
``rkey_piles`` (tarot2: its face-down pile cards told apart) and Belote's
exact key (``belote_key``). Each includes the leader and the flags ``fl``,
so a stored bound is a bound of exactly the value that follows. Tarot and
tarocco key their table by partition instead (``point_partition``).
"""

from __future__ import annotations

from ..jit import inline_kernel
from ..common import NSUITS, hibit, popcount


#: the two rolling hashes of ``rkey``: multipliers and prime moduli below
#: 2**31, so that no product overflows an int64 (also in plain Python)
_M1, _P1 = 1_000_003, 2_147_483_647
_M2, _P2 = 998_244_353, 2_147_483_629


@inline_kernel
def holder_planes(L, n, s):
    """Suit ``s``'s remaining cards and the holder of each as three bit
    planes of its seat number (n <= 8): (cards, plane 0, plane 1, plane 2);
    with ``n`` -1 ``L`` holds them already (tarot2's ``t2_rows``)."""
    if n < 0:
        return L[0, s], L[1, s], L[2, s], L[3, s]
    rem = 0
    o0 = 0
    o1 = 0
    o2 = 0
    for q in range(n):
        x = L[q, s]
        rem |= x
        if q & 1:
            o0 |= x
        if q & 2:
            o1 |= x
        if q & 4:
            o2 |= x
    return rem, o0, o1, o2


@inline_kernel
def holder_at(o0, o1, o2, r):
    """The holder of rank ``r`` from ``holder_planes``' bit planes."""
    return ((o0 >> r) & 1) | (((o1 >> r) & 1) << 1) | (((o2 >> r) & 1) << 2)


@inline_kernel
def fold_suit(k1, k2, s, rem, o0, o1, o2, eq):
    """Fold suit ``s`` into the two rolling hashes of ``rkey``: from its
    strongest remaining card down, the holder (three bit planes ``o0``,
    ``o1``, ``o2``) and the ``eq`` label of each, then a suit separator, so
    that the split between suits is part of the key."""
    x = rem
    while x:
        r = hibit(x)
        x ^= 1 << r
        code = holder_at(o0, o1, o2, r) * 4096 + eq[s, r] + 1
        k1 = (k1 * _M1 + code) % _P1
        k2 = (k2 * _M2 + (code ^ 0x5555)) % _P2
    return (k1 * _M1 + 65535) % _P1, (k2 * _M2 + 65535) % _P2


@inline_kernel
def rkey(L, leader, fl, n, eq):
    """Table key on relative ranks: per suit, from the strongest remaining
    card down, who holds it and its ``eq`` label. Positions with the same
    key play the same from here: the rules look only at the order of the
    cards and their labels (points, oudler, trump jack), not at which low
    cards are gone. (For games without piles: tarot2 keys on exact cards.)"""
    k1 = 1
    k2 = 7
    for s in range(NSUITS):
        rem, o0, o1, o2 = holder_planes(L, n, s)
        k1, k2 = fold_suit(k1, k2, s, rem, o0, o1, o2, eq)
    # the carried flags (Smear's may be negative) and the leader, whole
    return k1 * 4 + leader, k2 ^ (fl << 31)


#: Belote: the strength ranks of the cards without points, at the bottom of
#: each suit (plain 7 8 9, trump 7 8); every other card has its own points,
#: rising with strength, so its ``eq`` label is unique in its suit
BELOTE_ZERO_PLAIN = 0b111
BELOTE_ZERO_TRUMP = 0b11


@inline_kernel
def pack_low3(x, m):
    """The bits of ``x`` at the set bits of ``m`` (both within 3 bits),
    packed to the bottom in order (a 3-bit ``pext``)."""
    out = 0
    j = 0
    for r in range(3):
        if (m >> r) & 1:
            out |= ((x >> r) & 1) << j
            j += 1
    return out


@inline_kernel
def belote_suit_code(L, s, zero):
    """24 bits naming what ``rkey`` names of Belote suit ``s``: which cards
    are left and who holds each, the cards without points (``zero``, the
    suit's lowest ranks, all of the same label) counted, not named: the
    remaining cards' bit set with the zero-point ones moved to the bottom,
    then two bit planes of the holder's seat on the same bits."""
    rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
    o0 = L[1, s] | L[3, s]
    o1 = L[2, s] | L[3, s]
    zr = rem & zero
    high = rem & ~zero
    canon = high | ((1 << popcount(zr)) - 1)
    p0 = (o0 & high) | pack_low3(o0, zr)
    p1 = (o1 & high) | pack_low3(o1, zr)
    return canon | (p0 << 8) | (p1 << 16)


@inline_kernel
def belote_key(L, leader, fl, trump):
    """Belote's table key (4 seats, 4 suits of 8): the same positions as
    ``rkey`` alike, as an exact code instead of a hash: suits 0-1 and the
    leader in the first word, suits 2-3 and the flags in the second. Each
    suit is 24 bits (``belote_suit_code``) where ``rkey`` hashed every card
    with two modular multiplications, a noticeable share of the search's
    time (docs/SOLVER_HISTORY.md)."""
    k1 = 0
    k2 = 0
    for s in range(4):
        zero = BELOTE_ZERO_TRUMP if s == trump else BELOTE_ZERO_PLAIN
        c = belote_suit_code(L, s, zero)
        if s < 2:
            k1 |= c << (24 * s)
        else:
            k2 |= c << (24 * (s - 2))
    return k1 | (leader << 48), k2 | (fl << 48)


#: ``belote_slot``'s multipliers: odd, below 2**29, so that no product or sum
#: overflows an int64 (the kernels also run as plain Python)
_BELOTE_SLOT_M = (0x1E3779B1, 0x1545F491, 0x185EBCA7, 0x127D4EB3)


@inline_kernel
def belote_slot(k1, k2, mask):
    """The table slot of a ``belote_key`` (masks below 2**30): each word's
    low 31 bits and the rest times a multiplier of its own, summed, the slot
    taken from bits 30 and up (which depend on every bit of the key). Keys
    differing only in high bits spread like random ones (``tt_slot``'s
    shifts suit random keys only: on these, more slots were shared: docs/SOLVER_HISTORY.md); the
    modular hash it replaces cost four divisions by a constant a probe."""
    h = ((k1 & 0x7FFFFFFF) * _BELOTE_SLOT_M[0] + (k1 >> 31) * _BELOTE_SLOT_M[1]
         + (k2 & 0x7FFFFFFF) * _BELOTE_SLOT_M[2] + (k2 >> 31) * _BELOTE_SLOT_M[3])
    return (h >> 30) & mask


@inline_kernel
def rkey_piles(L, H, leader, fl, n, eq):
    """``rkey`` for tarot2 (``R_KEYMODE`` 2): the holder of each card is
    its player, or its player + ``n`` for a face-down pile card. Sound
    because every pile card with a card under it has a label of its own
    (``encoders.encode_tarot2``): positions with the same key hold the same
    such cards and so the same face-down cards, and each play turns up the
    same card; the other cards count by their order and points only."""
    k1 = 3
    k2 = 11
    for s in range(NSUITS):
        rem = 0
        o0 = 0
        o1 = 0
        o2 = 0
        for q in range(n):
            x = L[q, s]
            y = H[q, s]
            rem |= x | y
            if q & 1:
                o0 |= x | y
            if q & 2:
                o1 |= x | y
            o2 |= y
        k1, k2 = fold_suit(k1, k2, s, rem, o0, o1, o2, eq)
    return k1 * 4 + leader, k2 ^ (fl << 31)
