"""Bridge's partition table (R_KEYMODE 0): the key of a position's hand
lengths and leader, the pattern of the relevant cards' holders, the probe
and the store (``_pt_probe``, ``_pt_store``), and the relevant ranks the
search carries up the tree (``_used_ranks``, ``_widen_blocks``). The
comments below say what an entry covers and how a bucket is laid out.
"""

from __future__ import annotations

import numpy as np

from ..jit import inline_kernel, kernel
from ..common import NOREL, SEATS, _prefetch_row, hibit, kth_rank, lobit, popcount
from .moves import HINT_FLAG, suit_to_follow


# -- partition table (R_KEYMODE 0, trick games) -----------------------------------
#
# Partition search (Ginsberg; DDS's "winning ranks"): a bound proven at a
# trick start holds for every position where each hand has the same suit
# lengths and, in each suit, the cards from the top down to the lowest rank
# that *won a trick by rank* in the proof (beat a card of its own suit) are
# held by the same hands. The small cards below that rank only follow or
# are discarded, so which of them a hand holds does not matter. The search
# carries, for each suit, that lowest relevant rank (``NOREL``: none) up the
# tree: the cutting child's set at a cut, the union (minimum) of every
# child's at a node where all moves failed, plus the rank of each trick's
# winner when it beat a card of its suit.
#
# A bucket is ``PT_WAYS`` entries chosen by the hand lengths and the leader,
# on 2 * PT_WAYS rows of ``tt_keys`` (int64[., 3]) from row ``base`` and
# 6 * PT_WAYS values of ``tt_vals`` (int32, flat) from 3 * base; entry e
# (0 <= e < PT_WAYS) is
#   keys[a, 0] lengths (4 bits per hand and suit)   keys[a, 1] pattern of suits 0, 1
#   keys[a + 1, 0] pattern of suits 2, 3            keys[a + 1, 1] (unused)
#   keys[a, 2] lower bound                          keys[a + 1, 2] upper bound
#   with a = base + 2e, and in ``tt_vals`` from 3 * base (``V_*``) its tag,
#   -1 - generation * 4 - leader (0: empty), at e, its signature
#   (``_pt_entry_sig``) at V_SIG + e, its best lead (-1: none) at V_BEST + e
#   and its age (the store count) at V_AGE + e. (A tag is 32 bits: past
#   2**29 solves of one Solver it no longer fits and never matches: no
#   hits, no wrong answers.)
# A probe makes a bit mask of the entries whose tag and signature agree
# with the position, in one pass without branches over the tags and
# signatures (8 cache lines, prefetched when the trick ends), then reads
# the keys and bounds of those entries only (a few a probe, of the many
# with the same tag and lengths). Reading the keys of every entry took 48
# cache lines (and much of the probe's time went to the first load of each
# entry); a branch on each tag mispredicted at random.
# A suit's pattern is the owners of its k top cards (2 bits each, strongest
# first) then k (4 bits). A lengths key has at most ``PT_WAYS`` entries, and
# deep searches visit many more patterns per key: 64 ways took fewer nodes
# than 32, 128 slower scans (docs/SOLVER_HISTORY.md).
PT_WAYS = 64
# the bucket's values (``tt_vals`` from 3 * base: 384 int32s, 24 cache
# lines, the last 128 unused): each entry's tag, signature, best lead, age
V_SIG = PT_WAYS
V_BEST = 2 * PT_WAYS
V_AGE = 3 * PT_WAYS


def _compress_tables():
    """``PEXT8[m * 256 + x]``: the bits of x where m has a bit, packed
    (bit i of the result: x at the i-th set bit of m); ``SPREAD8[x]``: bit
    i of x moved to bit 2i."""
    m = np.arange(256, dtype=np.int64)[:, None]
    x = np.arange(256, dtype=np.int64)[None, :]
    packed = np.zeros((256, 256), dtype=np.int64)
    k = np.zeros((256, 1), dtype=np.int64)
    for b in range(8):
        mb = (m >> b) & 1
        packed |= (mb & (x >> b) & 1) << k
        k = k + mb
    v = np.arange(256, dtype=np.int64)
    spread = np.zeros(256, dtype=np.int64)
    for b in range(8):
        spread |= ((v >> b) & 1) << (2 * b)
    return packed.reshape(-1).astype(np.uint8), spread


PEXT8, SPREAD8 = _compress_tables()


@kernel
def _compress16(x, m):
    """The bits of the 16-bit lane x where m has a bit, packed from bit 0
    (a software ``pext``: two 8-bit table lookups)."""
    lo = np.int64(PEXT8[((m & 255) << 8) | (x & 255)])
    hi = np.int64(PEXT8[(m & 0xFF00) | ((x >> 8) & 255)])
    return lo | (hi << popcount(m & 255))


@kernel
def _spread16(x):
    """Bit i of the 16-bit x moved to bit 2i."""
    return SPREAD8[x & 255] | (SPREAD8[(x >> 8) & 255] << 16)


@inline_kernel
def _suit_codes(L, cf, cnt):
    """For each plain suit: the owners of its remaining cards, strongest
    first, 2 bits each (``cf``) and their number (``cnt``); returns the hand
    lengths key. (A seat's cards packed onto the suit's remaining cards
    mark its 2-bit places: one table lookup per seat and byte rather than
    a loop over the cards, which was slower: docs/SOLVER_HISTORY.md.)"""
    lk = 0
    for s in range(4):
        rem = 0
        for q in range(SEATS):
            rem |= L[q, s]
            lk |= popcount(L[q, s]) << (4 * (4 * q + s))
        code = 0
        for q in range(1, SEATS):
            # the card of rank place i (from the lowest) is at bits 2i, 2i+1
            code += q * _spread16(_compress16(L[q, s], rem))
        cf[s] = code
        cnt[s] = popcount(rem)
    return lk


@kernel
def _lengths_key(L):
    """The hand lengths key of ``_suit_codes`` alone."""
    lk = 0
    for s in range(4):
        for q in range(SEATS):
            lk |= popcount(L[q, s]) << (4 * (4 * q + s))
    return lk


@kernel
def _prefetch_tags(tt_vals, base):
    """Start fetching the tags of the bucket at ``base`` (its 12 cache lines)
    while the trick-start bounds are worked out: the probe's first read of
    a bucket waited for memory."""
    for k in range(8):
        # the k-th cache line of the bucket's values: tags, then signatures
        _prefetch_row(tt_vals, 3 * base + 16 * k)


@kernel
def _pt_bucket(lk, leader, mask):
    """First row of the bucket of a lengths key and leader."""
    h = lk ^ (lk >> 17) ^ (lk >> 31) ^ (lk >> 45) ^ (leader * 0x9E37)
    h ^= h >> 11
    nb = (mask + 1) // (2 * PT_WAYS)
    return (h & (nb - 1)) * (2 * PT_WAYS)


@inline_kernel
def _pt_match(keys, a, cf, cnt):
    """Do the current suit codes match the pattern of the entry at row a?"""
    for s in range(4):
        if s < 2:
            pat = (keys[a, 1] >> (30 * (1 - s))) & 0x3FFFFFFF
        else:
            pat = (keys[a + 1, 0] >> (30 * (3 - s))) & 0x3FFFFFFF
        k = pat & 15
        if k > cnt[s]:
            return False
        if (cf[s] >> (2 * (cnt[s] - k))) != (pat >> 4):
            return False
    return True


@inline_kernel
def _pattern_ranks(L, keys, a, rt):
    """The lowest relevant rank of each suit of the matched entry at row a,
    as ranks of the current position."""
    for s in range(4):
        if s < 2:
            pat = (keys[a, 1] >> (30 * (1 - s))) & 0x3FFFFFFF
        else:
            pat = (keys[a + 1, 0] >> (30 * (3 - s))) & 0x3FFFFFFF
        k = pat & 15
        rem = 0
        for q in range(SEATS):
            rem |= L[q, s]
        rt[s] = kth_rank(rem, k)


@inline_kernel
def _pt_sig(cf, cnt):
    """The position's signature: the owners of the two top cards of each
    suit (4 bits a suit, 0 where there is no such card)."""
    sig = 0
    for s in range(4):
        c = cnt[s]
        if c >= 1:
            sig |= ((cf[s] >> (2 * (c - 1))) & 3) << (4 * s + 2)
        if c >= 2:
            sig |= ((cf[s] >> (2 * (c - 2))) & 3) << (4 * s)
    return sig


@inline_kernel
def _pt_entry_sig(p01, p23):
    """An entry's signature word (beside its tag): the owners of the top two
    cards of each suit its pattern fixes (bits 0-15, as ``_pt_sig``) and
    which of those bits it fixes (bits 16-31). A position can match the
    entry only if it agrees on the fixed bits: the probe skips the others
    without reading their keys (most entries of a probe with the same
    lengths fail the pattern: docs/SOLVER_HISTORY.md)."""
    val = 0
    fix = 0
    for s in range(4):
        pat = (p01 >> (30 * (1 - s))) & 0x3FFFFFFF if s < 2 else (p23 >> (30 * (3 - s))) & 0x3FFFFFFF
        k = pat & 15
        own = pat >> 4
        if k >= 1:
            val |= ((own >> (2 * (k - 1))) & 3) << (4 * s + 2)
            fix |= 12 << (4 * s)
        if k >= 2:
            val |= ((own >> (2 * (k - 2))) & 3) << (4 * s)
            fix |= 3 << (4 * s)
    w = val | (fix << 16)
    return w - (1 << 32) if w >= (1 << 31) else w     # as the table's int32 holds it


@inline_kernel
def _pt_candidates(vf, o, tag, sig):
    """The entries of the bucket (its values from ``vf[o]``) of this solve
    and leader whose signature agrees with the position's, as a bit mask:
    one pass without branches over 8 cache lines (a branch per entry
    mispredicted at random). The indices are unsigned: numba adds no
    negative-index fix-up, and the loop becomes vector loads."""
    mm = 0
    for e in range(PT_WAYS):
        w = np.int64(vf[np.uint64(o + V_SIG + e)])
        ok = (vf[np.uint64(o + e)] == tag) & (((w ^ sig) & (w >> 16) & 0xFFFF) == 0)
        mm |= np.int64(ok) << e
    return mm


@inline_kernel
def _pt_same_sig(vf, o, tag, esig):
    """The entries of the bucket of this solve and leader with the signature
    ``esig``, as a bit mask (the only ones that can hold a given pattern),
    and the entry a new pattern would replace: the first of another solve
    (or empty), else the oldest of this one. One pass without branches: the
    smallest of (age + 1, 0 for another solve's entry) * 64 + e is the
    first of the least age (nearly every store makes a new entry; a loop
    with a branch per entry was slower: docs/SOLVER_HISTORY.md)."""
    mm = 0
    least = np.int64(1) << 62
    for e in range(PT_WAYS):
        mine = vf[np.uint64(o + e)] == tag
        ok = mine & (vf[np.uint64(o + V_SIG + e)] == esig)
        mm |= np.int64(ok) << e
        age = (np.int64(vf[np.uint64(o + V_AGE + e)]) + 1) * np.int64(mine)
        least = min(least, (age << 6) | e)
    return mm, least & (PT_WAYS - 1)


@inline_kernel
def _prefetch_entries(tt_keys, base, cand):
    """Start fetching the keys of every candidate entry (both rows: half
    the entries straddle two cache lines) before the probe compares them:
    read one after the other, each waited for memory (the first load of an
    entry's keys was a noticeable share of the probe:
    docs/SOLVER_HISTORY.md)."""
    x = cand
    while x != 0:
        a = base + 2 * lobit(x)
        x &= x - 1
        _prefetch_row(tt_keys, a)
        _prefetch_row(tt_keys, a + 1)


@kernel
def _pt_probe(L, tag, lk, base, need, tt_keys, tt_vals, scratch):
    """Look the position up in its bucket: (1 yes / 0 no / -1 unknown,
    best lead or -1, the bound that answers). On an answer ``rt`` gets the
    entry's relevant ranks. (The hint is the best lead of an entry of the
    same lengths and signature whose other top cards differ, the most
    recently stored of them: returned with ``HINT_FLAG`` set, rather than
    the position's own entry's lead, see ``_lead_bonus``.) ``scratch``:
    the search's rows ``rt``, ``cf``, ``cnt`` (see ``_search``), one array
    rather than three: each array passed is 7-9 words pushed a call."""
    rt = scratch[0]
    cf = scratch[1]
    cnt = scratch[2]
    best = -1
    hint = -1
    hage = -1
    o = 3 * base
    cand = _pt_candidates(tt_vals, o, tag, _pt_sig(cf, cnt))
    _prefetch_entries(tt_keys, base, cand)
    while cand != 0:
        e = lobit(cand)
        cand &= cand - 1
        a = base + 2 * e
        if tt_keys[a, 0] != lk:
            continue
        if not _pt_match(tt_keys, a, cf, cnt):
            # same lengths, other top cards: its best lead is still a hint
            age = tt_vals[np.uint64(o + V_AGE + e)]
            if tt_vals[np.uint64(o + V_BEST + e)] >= 0 and age >= hage:
                hint = tt_vals[np.uint64(o + V_BEST + e)]
                hage = age
            continue
        if tt_keys[a, 2] >= need:
            _pattern_ranks(L, tt_keys, a, rt)
            return 1, -1, tt_keys[a, 2]
        if tt_keys[a + 1, 2] < need:
            _pattern_ranks(L, tt_keys, a, rt)
            return 0, -1, tt_keys[a + 1, 2]
        if tt_vals[np.uint64(o + V_BEST + e)] >= 0:
            best = tt_vals[np.uint64(o + V_BEST + e)]
    if hint >= 0:
        best = hint | HINT_FLAG
    return -1, best, np.int64(0)


@kernel
def _pt_store(L, tag, lk, base, value, is_lower, best, tt_keys, tt_vals, scratch, age):
    """Store a bound of the future value (a lower bound if ``is_lower``, else
    an upper one) for the partition given by the relevant ranks ``rt`` (same
    pattern: tighten its bounds; else a new entry over an entry of another
    solve or the oldest one). ``cf``/``cnt``: the position's suit codes,
    as ``_suit_codes`` gave them at the probe. (``rt``, ``cf``, ``cnt``:
    rows of ``scratch``, as for ``_pt_probe``.)"""
    rt = scratch[0]
    cf = scratch[1]
    cnt = scratch[2]
    p01 = 0
    p23 = 0
    for s in range(4):
        rem = 0
        for q in range(SEATS):
            rem |= L[q, s]
        k = 0
        if rt[s] < NOREL:
            k = popcount(rem >> rt[s])
        pat = ((cf[s] >> (2 * (cnt[s] - k))) << 4) | k
        if s < 2:
            p01 = (p01 << 30) | pat
        else:
            p23 = (p23 << 30) | pat
    esig = _pt_entry_sig(p01, p23)
    o = 3 * base
    victim = -1
    cand, oldest = _pt_same_sig(tt_vals, o, tag, esig)
    while cand != 0:
        e = lobit(cand)
        cand &= cand - 1
        a = base + 2 * e
        if tt_keys[a, 0] == lk and tt_keys[a, 1] == p01 and tt_keys[a + 1, 0] == p23:
            victim = e
            break
    found = victim >= 0
    if not found:
        victim = oldest
    a = base + 2 * victim
    if not found:
        tt_keys[a, 0] = lk
        tt_keys[a, 1] = p01
        tt_keys[a + 1, 0] = p23
        tt_vals[np.uint64(o + victim)] = tag
        tt_vals[np.uint64(o + V_SIG + victim)] = esig
        tt_keys[a, 2] = -1000000
        tt_keys[a + 1, 2] = 1000000
        tt_vals[np.uint64(o + V_BEST + victim)] = -1
    tt_vals[np.uint64(o + V_AGE + victim)] = min(age, 0x7FFFFFFF)
    if is_lower:
        if value > tt_keys[a, 2]:
            tt_keys[a, 2] = value
    elif value < tt_keys[a + 1, 2]:
        tt_keys[a + 1, 2] = value
    if best >= 0:
        tt_vals[np.uint64(o + V_BEST + victim)] = best


@kernel
def _used_ranks(L, used, rt):
    """The rank of the ``used[suit]``-th card from the top of each suit
    (none where no card is used), lowered into ``rt``."""
    for s in range(4):
        if used[s] == 0:
            continue
        rem = 0
        for q in range(SEATS):
            rem |= L[q, s]
        r = kth_rank(rem, used[s])
        if r < rt[s]:
            rt[s] = r


@inline_kernel
def _widen_blocks(L, ts, tr, base, ntr, p, rt):
    """At a node where every move failed only the top card of each block of
    equivalent cards was tried: the other cards of a block are equivalent
    only while no card ranks between them, so a block that reaches the
    lowest relevant rank of its suit is relevant down to its last card.
    (``p``: the seat to play, whose legal cards they were.)"""
    must = suit_to_follow(L, p, ts, base, ntr)
    for s in range(4):
        m = L[p, s] if must < 0 or s == must else 0
        if m & (m - 1) == 0 or rt[s] >= NOREL:
            continue        # no card, or a single card: a block of its own
        rem = 0
        for q in range(SEATS):
            rem |= L[q, s]
        for i in range(ntr):
            if ts[base + i] == s:
                rem |= 1 << tr[base + i]
        x = rem
        inblock = False
        top = -1
        while x:
            r = hibit(x)
            x ^= 1 << r
            if (m >> r) & 1:
                if not inblock:
                    inblock = True
                    top = r
                if top >= rt[s] and r < rt[s]:
                    rt[s] = r
            else:
                inblock = False
                if r < rt[s]:
                    break
