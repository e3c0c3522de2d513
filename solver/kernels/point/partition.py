"""The partition table of tarot, tarocco and tarot2 (``R_KEYMODE`` 3): the
coarse key (``pt_ckey``, ``t2_ckey``), the pattern of the relevant cards'
holders (``tarot_pattern``), the probe and store (``pt_probe``,
``pt_put``), and the relevance the search carries up the tree (the lowest
rank per suit a proof relied on, ``lower_rank`` and the ``*_rel``
kernels). The comments below say what an entry covers.
"""

from __future__ import annotations

import numpy as np

from ..jit import inline_kernel
from ..common import NSUITS, hibit, popcount
from .bounds import lone_taker, side_cards, tarot_taker_tricks
from .frame import F_K1, F_K2, F_P, F_RT, F_SCNT, F_SEQ, F_SKIP, F_SLOT, F_WR, F_WS
from .keys import _M1, _M2, _P1, _P2, holder_at, holder_planes
from .tricks import (G_KIND, G_LOW, G_UNIQ, TAROT, TAROT2, led_of, others_cards, suit_cards,
                     top_trump, winner_index)
from .row_table import WORK_SHIFT, packed_bounds, row_key, row_store


# -- partition table (R_KEYMODE 3, tarot and tarocco) ------------------------------
#
# Partition search for tarot and tarocco (as ``bridge_partition``'s partition
# table): a bound proven at a trick start holds for every position where
# each seat holds the same number of low cards (the game's ``rules[G_LOW +
# s]``, ``encoders.low_masks``: tarot's plain 1 to 10 and trumps 2 to 20,
# tarocco's plain cards of one point and trumps 2 to 20) and the same other
# cards (honours, trumps 1 and 21, the fool) of each suit, the leader and
# the flags the same (``pt_ckey``),
# and, in each suit, the cards from the top down to the lowest rank the
# proof relied on are held by the same seats (``tarot_pattern``). The
# search carries that lowest relevant rank per suit (``NOREL``: none) up the
# tree, in the frame columns ``F_RT``: a trick won by a card that beat a card
# of its suit, tarot's duty to overtrump (the trick's best trump), the master
# trumps of the trick-start bounds, the leader's cash; the cutting child's
# at a cut, every child's at a node where all moves failed (each block of
# equivalent cards tried down to its last card, ``widen_blocks``).
# A bucket is ``PT_ROWS`` rows of ``row_table`` chosen by the coarse key
# (every pattern of a coarse key shares its bucket: tarot's 16 rows took
# fewer nodes than fewer rows, where more made the probe dearer; tarocco's
# 32, ``PT_ROWS_TAROCCO``, fewer nodes and less time than 16, where 64 was
# slower; the sizes tried and their nodes are in docs/SOLVER_HISTORY.md);
# an entry's row holds the coarse key's first word, its second word mixed
# with the pattern's hash, the generation with the pattern's depth per suit
# (5 bits a suit, suits 0-4), and the packed bounds.
NOREL = 32
PT_ROWS = 16
PT_ROWS_TAROCCO = 32
KV_BITS = 25
KV_MASK = (1 << KV_BITS) - 1


@inline_kernel
def pt_code(x, low, q, s):
    """``pt_ckey``'s code of seat ``q``'s cards ``x`` of suit ``s``."""
    if low == 0:
        code = x
    else:
        below = (low & -low) - 1       # the ranks under the low run
        above = x >> (hibit(low) + 1)
        code = popcount(x & low) | (((x & below) | (above << popcount(below))) << 5)
    return code * 64 + q * 8 + s + 1


@inline_kernel
def pt_ckey(L, leader, fl, n, rules):
    """The coarse key of the partition table: per seat and suit, the count
    of its low cards (``rules[G_LOW + s]``: a run of ranks of one label, no
    special role) and its other cards, packed as bits below and above that
    run; the leader and the flags."""
    k1 = 5
    k2 = 13
    for q in range(n):
        for s in range(NSUITS):
            code = pt_code(L[q, s], rules[G_LOW + s], q, s)
            k1 = (k1 * _M1 + code) % _P1
            k2 = (k2 * _M2 + (code ^ 0x5555)) % _P2
    return k1 * 8 + leader, k2 ^ (fl << 31)


def _powers(m, p, count=8 * NSUITS):
    out = np.ones(count, dtype=np.int64)
    for j in range(1, count):
        out[j] = out[j - 1] * m % p
    return out


#: ``pt_ckey``'s hashes are polynomials in _M1 / _M2 modulo _P1 / _P2: the
#: code of (seat q, suit s) weighs the power n * NSUITS - 1 - (q * NSUITS + s)
PT_POW1 = _powers(_M1, _P1)
PT_POW2 = _powers(_M2, _P2)


@inline_kernel
def pt_ckey_at(L, ts, tr, leader, fl, n, rules, fr, d, d0):
    """``pt_ckey`` at the trick start ``d``: from the key of the last trick
    start (``fr[d - n, F_K1/F_K2]``, made there when its ``F_SLOT`` >= 0)
    and the n cards played since, each changing one (seat, suit) code: the
    same key in n terms instead of n * NSUITS (``pt_ckey`` made whole was
    a noticeable share of the search's time: docs/SOLVER_HISTORY.md)."""
    b = d - n
    if b < d0 or fr[b, F_SLOT] < 0:
        return pt_ckey(L, leader, fl, n, rules)
    k1 = fr[b, F_K1] >> 3
    k2 = fr[b, F_K2] & ((1 << 31) - 1)
    top = n * NSUITS - 1
    for j in range(n):
        q = fr[b + j, F_P]
        s = ts[b + j]
        x = L[q, s]
        low = rules[G_LOW + s]
        new = pt_code(x, low, q, s)
        old = pt_code(x | (1 << tr[b + j]), low, q, s)
        e = top - (q * NSUITS + s)
        k1 = (k1 + ((new - old) % _P1) * PT_POW1[e]) % _P1
        k2 = (k2 + (((new ^ 0x5555) - (old ^ 0x5555)) % _P2) * PT_POW2[e]) % _P2
    return k1 * 8 + leader, k2 ^ (fl << 31)


def _odd_multipliers(seed, count=2 * NSUITS):
    rng = np.random.default_rng(seed)
    return rng.integers(1, 1 << 62, size=count, dtype=np.int64) | 1


#: ``t2_ckey``'s multipliers, one per (player, lane); ``tarot_pattern``'s,
#: per suit for its holders and its depth; their 63-bit mask
T2_MUL1 = _odd_multipliers(11_2026)
T2_MUL2 = _odd_multipliers(12_2026)
PAT_MUL = _odd_multipliers(13_2026, 10)
MASK63 = (1 << 63) - 1


@inline_kernel
def mix63(h):
    """A 63-bit finaliser (xor-shift-multiply): every input bit moves the
    low bits the table's slot reads."""
    h ^= h >> 31
    h = (h * 0x3C79AC492BA7B653) & MASK63
    return h ^ (h >> 29)


@inline_kernel
def seqs_unknown(fr, d):
    """At a probe: no suit's holder sequence (``suit_seq``) is made yet."""
    for s in range(5):
        fr[d, F_SCNT + s] = -1


@inline_kernel
def suit_seq(L, n, s, fr, d):
    """The holders of suit ``s``'s remaining cards from the strongest down,
    3 bits each (``fr[d, F_SEQ + s]``), and their number (``fr[d, F_SCNT +
    s]``): the pattern of any depth is a prefix of it. Made once a probe and
    only for the suits a pattern asks for (most probes find no entry of
    their coarse key, and a pattern fixes few of the 5 suits:
    docs/SOLVER_HISTORY.md)."""
    if fr[d, F_SCNT + s] < 0:
        rem, o0, o1, o2 = holder_planes(L, n, s)
        seq = 0
        c = 0
        x = rem
        while x:
            r = hibit(x)
            x ^= 1 << r
            seq = (seq << 3) | holder_at(o0, o1, o2, r)
            c += 1
        fr[d, F_SEQ + s] = seq
        fr[d, F_SCNT + s] = c
    return fr[d, F_SEQ + s], fr[d, F_SCNT + s]


@inline_kernel
def tarot_pattern(L, n, fr, d, kv):
    """Hash of the holders of the top ``k`` cards of each suit (``k`` the
    5-bit fields of ``kv``, suits 0-4), from ``suit_seq``: a sum of each
    suit's holders and depth times odd 63-bit multipliers, finalised (the
    rolling hash modulo primes it replaced was a chain of remainders,
    with the key's own remainder in ``pt_k2``: a noticeable share of
    tarot2's time, docs/SOLVER_HISTORY.md)."""
    h = 0
    for s in range(5):
        k = (kv >> (5 * s)) & 31
        if k == 0:
            continue
        seq, c = suit_seq(L, n, s, fr, d)
        top = seq >> (3 * (c - k))
        h += top * PAT_MUL[s] + k * PAT_MUL[5 + s]
    return mix63(h & MASK63)


@inline_kernel
def pt_k2(c2, ph):
    """An entry's second key word: the coarse key's mixed with the pattern's."""
    return c2 ^ ph


@inline_kernel
def pt_kv(L, n, fr, d, col):
    """The pattern depths (``tarot_pattern``'s ``kv``) of the relevant
    ranks ``fr[d, col:col + 5]``: per suit, the cards at or above its rank."""
    kv = 0
    for s in range(5):
        r = fr[d, col + s]
        if r < NOREL:
            kv |= popcount(suit_cards(L, n, s) >> r) << (5 * s)
    return kv


@inline_kernel
def pt_ranks(L, n, kv, fr, d, col):
    """The relevant ranks of a matched entry's depths ``kv``, as ranks of
    the current position, into ``fr[d, col:col + 5]``."""
    for s in range(5):
        k = (kv >> (5 * s)) & 31
        r = NOREL
        if k > 0:
            x = suit_cards(L, n, s)
            while x and k > 0:
                r = hibit(x)
                x ^= 1 << r
                k -= 1
        fr[d, col + s] = r


@inline_kernel
def pt_probe(tt, base, nrows, c1, c2, gen, need, L, n, fr, d):
    """Look a position up in its bucket of ``nrows`` rows: (answered, the
    bound, the entry's depths ``kv``, a best move or -1). The rows of this
    solve are the first of the bucket (``pt_put`` fills the first row of
    another solve): the scan stops at the first other row (a probe meets
    only a few of this solve's rows of its bucket: docs/SOLVER_HISTORY.md)."""
    best = -1
    last_kv = -1
    ph = 0
    for e in range(nrows):
        row = base + e
        k1, k2, g, x = row_key(tt, row)
        if (g >> KV_BITS) != gen:
            break
        if k1 != c1:
            continue
        kv = g & KV_MASK
        if kv != last_kv:
            ph = tarot_pattern(L, n, fr, d, kv)
            last_kv = kv
        if k2 != pt_k2(c2, ph):
            continue
        lo, hi, b = packed_bounds(x)
        if lo >= need:
            return True, lo, kv, -1
        if hi < need:
            return True, hi, kv, -1
        if b >= 0:
            best = b
    return False, 0, 0, best


@inline_kernel
def pt_put(tt, base, nrows, c1, c2, gen, L, n, fr, d, work, value, is_lower, best):
    """Store a bound for the partition of coarse key (c1, c2) and the
    relevant ranks ``fr[d, F_RT:F_RT + 5]``: into its row if the bucket
    (``nrows`` rows) holds it, else over a row of another solve or the row
    of least work. (This solve's rows stay the first of the bucket: the
    first row of another solve ends the scan.)"""
    kv = pt_kv(L, n, fr, d, F_RT)
    k2 = pt_k2(c2, tarot_pattern(L, n, fr, d, kv))
    g = (gen << KV_BITS) | kv
    row = -1
    vwork = 0
    for e in range(nrows):
        a = base + e
        o1, o2, og, x = row_key(tt, a)
        if (og >> KV_BITS) != gen:
            row = a
            break
        if og == g and o1 == c1 and o2 == k2:
            row = a
            break
        w = x >> WORK_SHIFT
        if row < 0 or w < vwork:
            row = a
            vwork = w
    row_store(tt, row, c1, k2, g, work, value, is_lower, best)


@inline_kernel
def lower_rank(fr, d, col, s, r):
    if r < fr[d, col + s]:
        fr[d, col + s] = r


@inline_kernel
def master_run_rel(L, n, sides, maxside, fr, d, col):
    """The trick-start bounds' master trumps rely on the trumps from the top
    down to the best trump of the side not holding the top one."""
    mine, theirs = side_cards(L, n, 4, sides, maxside)
    if mine == 0 or theirs == 0:
        return
    top = hibit(mine | theirs)
    r = hibit(theirs) if (mine >> top) & 1 else hibit(mine)
    lower_rank(fr, d, col, 4, r)


@inline_kernel
def tarot_cash_rel(L, leader, n, fr, d, col):
    """What ``tarot_cash`` relies on: the trumps down to the others' best
    and the same in each plain suit the leader holds. (The points of the
    leader's highest cards of a suit follow from its labelled cards, exact in
    the coarse key: they all rank above its low cards.)"""
    others = others_cards(L, n, 4, leader)
    if others != 0 and L[leader, 4] != 0:
        lower_rank(fr, d, col, 4, hibit(others))
    for s in range(4):
        if L[leader, s] == 0:
            continue
        oth = others_cards(L, n, s, leader)
        if oth != 0:
            lower_rank(fr, d, col, s, hibit(oth))


@inline_kernel
def tarot_taker_rel(L, n, cnt, sides, maxside, fr, d, col):
    """What ``tarot_taker_upper`` relies on beyond the coarse key (counts,
    voids, points): the trumps' order between the taker and a defender
    (its matching, the defenders' trumps above the taker's), and the holder
    of each master a defender keeps (``defence_kept_masters``)."""
    mine, theirs = side_cards(L, n, 4, sides, maxside)
    if mine != 0 and theirs != 0:
        lower_rank(fr, d, col, 4, 0)
    taker = lone_taker(n, sides, maxside)
    if taker < 0:
        return
    _w, suits, guarded = tarot_taker_tricks(L, n, taker, cnt // n, sides, 1)
    for s in range(4):
        if (guarded >> s) & 1:
            lower_rank(fr, d, col, s, hibit(suit_cards(L, n, s)))


@inline_kernel
def trick_rel(ts, tr, base, n, fr, d):
    """The trick at ``base`` was won by a card that beat a card of its own
    suit: that card's rank is relevant (``F_WS``/``F_WR``; -1: none)."""
    wi = winner_index(ts, tr, base, n, 4)
    ws = ts[base + wi]
    fr[d, F_WS] = -1
    if ws == 5:
        return
    for j in range(n):
        if j != wi and ts[base + j] == ws:
            fr[d, F_WS] = ws
            fr[d, F_WR] = tr[base + wi]
            return


@inline_kernel
def overtrump_rel(L, p, ts, tr, base, ntr, kind):
    """Tarot's duty to overtrump: when seat ``p`` must play a trump and a
    trump is in the trick, its legal cards depend on the trick's best trump:
    its rank (NOREL: no such duty here; tarocco has none; tarot2's is the
    same, its trick's one trump being the trump led)."""
    if (kind != TAROT and kind != TAROT2) or ntr == 0 or L[p, 4] == 0:
        return NOREL
    led = led_of(ts, base, ntr)
    if led < 0 or (led != 4 and L[p, led] != 0):
        return NOREL
    top = top_trump(ts, tr, base, ntr, 4)
    return top if top >= 0 else NOREL


@inline_kernel
def widen_blocks(L, ts, tr, base, ntr, n, legal, eq, fr, d, col):
    """At a node where every move failed only the top card of each block of
    equivalent cards (adjacent, same label) was tried: a block that reaches
    the lowest relevant rank of its suit is relevant down to its last card."""
    for s in range(5):
        m = legal[s]
        rt = fr[d, col + s]
        if m == 0 or rt >= NOREL:
            continue
        rem = suit_cards(L, n, s)
        for i in range(ntr):
            if ts[base + i] == s:
                rem |= 1 << tr[base + i]
        x = rem
        inblock = False
        top = -1
        lab = -1
        while x:
            r = hibit(x)
            x ^= 1 << r
            if (m >> r) & 1:
                if not inblock or eq[s, r] != lab:
                    inblock = True
                    top = r
                    lab = eq[s, r]
                if top >= rt and r < rt:
                    rt = r
            else:
                inblock = False
                if r < rt:
                    break
        fr[d, col + s] = rt


@inline_kernel
def note_covered_low_cards(fr, d, m, rules):
    """A move ``m`` of a low card (the run of its suit's ranks alike in
    points and label, ``rules[G_LOW + s]``) failed, and its answer relied on
    the ranks of its suit only down to ``fr[d + 1, F_RT + s]``, above the
    card: every low card of that suit under that rank leads to a position
    of the same partition (the same counts of low cards per seat, the same
    holders above the rank), so to the same answer. Records the rank for
    ``covered_low_card`` (the suit's 6 bits of ``fr[d, F_SKIP]``).

    Tarot2 (``t2_ckey``, ``t2_rows``) too: its low cards (``G_LOW``) leave
    out the pile cards with a card under them (``G_UNIQ``, exact in the
    key), and a move is a playable card, so the low cards a move may be are
    exactly those of holder code "player" in ``t2_rows``, counted in the key.
    Playing one turns up nothing (``pnext`` is -1: only ``G_UNIQ`` cards have
    a card under them), so after r or r' (both low, under the rank) the
    face-down cards and the ``G_UNIQ`` cards are the same, exact; the
    player's count of playable low cards is the same; every card at or above
    the rank keeps its holder code, and so the pattern's depth: the two
    children are of one partition of the table. (A face-down low card or a
    ``G_UNIQ`` card between r' and r is exact in the key; which of them the
    player's card beats shows only in a trick, where ``trick_rel`` and
    ``overtrump_rel`` make the deciding rank relevant, as in tarot.)"""
    s = m >> 5
    r = m & 31
    if s < 5 and (rules[G_LOW + s] >> r) & 1:
        rt = fr[d + 1, F_RT + s]
        now = (fr[d, F_SKIP] >> (6 * s)) & 63
        if r < rt and rt > now:
            fr[d, F_SKIP] += (rt - now) << (6 * s)


@inline_kernel
def covered_low_card(fr, d, m, rules):
    """Is move ``m`` a low card under a rank recorded by
    ``note_covered_low_cards``: the answer of a child already tried?"""
    s = m >> 5
    r = m & 31
    if s >= 5 or r >= ((fr[d, F_SKIP] >> (6 * s)) & 63):
        return False
    return (rules[G_LOW + s] >> r) & 1 != 0


@inline_kernel
def relative_move(L, H, n, m):
    """A move as its suit and its rank among the remaining cards counted
    from the top: the same move in every position with the same key."""
    s = m >> 5
    r = m & 31
    rem = 0
    for q in range(n):
        rem |= L[q, s] | H[q, s]
    return s * 32 + popcount(rem & ~((2 << r) - 1))


# -- tarot2's partition table (R_KEYMODE 3) ---------------------------------------------
#
# The partition table above, with tarot2's piles: a face-down card and a
# pile card with a card under it (``rules[G_UNIQ + s]``: the one card its
# play turns up, its own ``eq`` label) are exact in the coarse key
# (``t2_ckey``), so positions sharing it hold the same piles; the other
# cards count as tarot's (the low cards by number). The holder sequences
# read the holder codes of ``t2_rows`` (player, + 2 face down, + 4 pile card
# with a card under it), so the pattern of the top cards of a suit also says where
# each such card lies among the low cards. The relevance rules are tarot's
# (tarot2's duty to overtrump a trump led, ``overtrump_rel``), its master
# trumps counted over hands and piles (``t2_master_rel``).


@inline_kernel
def t2_code(x, y, low):
    """``t2_ckey``'s code of a player's cards of one lane: ``x`` playable
    (its low cards counted, the others exact), ``y`` face down."""
    return popcount(x & low) | ((x & ~low) << 5) | (y << 27)


@inline_kernel
def t2_ckey(L, H, leader, fl, rules):
    """tarot2's coarse key (``pt_ckey`` with the face-down cards exact). Its
    hashes are sums of the 10 codes times odd 63-bit multipliers, finalised
    (the 10 products are independent: the rolling hash modulo primes was a
    chain of 20 products and remainders, slower: docs/SOLVER_HISTORY.md).
    (Products wrap around in int64, compiled or as numpy scalars; the mask
    keeps the same 63 bits either way.)"""
    k1 = 0
    k2 = 0
    for q in range(2):
        for s in range(NSUITS):
            code = t2_code(L[q, s], H[q, s], rules[G_LOW + s])
            k1 += code * T2_MUL1[q * NSUITS + s]
            k2 += code * T2_MUL2[q * NSUITS + s]
    k1 = mix63(k1 & MASK63)
    k2 = mix63(k2 & MASK63)
    return ((k1 >> 4) << 3) | leader, k2 ^ (fl << 31)


@inline_kernel
def t2_rows(L, H, rules, lg):
    """The cards still to play by holder code, player + 2 when face down + 4
    for a pile card with a card under it, as ``holder_planes`` makes them:
    every card, then one row per bit of the code (player 1's cards, the
    face-down cards, the ``G_UNIQ`` cards), into 4 spare rows of ``lg``
    (beyond any depth of a tarot2 deal); returns those rows, which the
    partition helpers read with ``n`` -1. (It wrote the 8 "seats" of the
    codes, each suit's planes then made from them at every pattern: the
    same nodes, more time; docs/SPEED.md, docs/SOLVER_HISTORY.md.)"""
    top = lg.shape[0] - 4
    for s in range(NSUITS):
        h = H[0, s] | H[1, s]
        rem = L[0, s] | L[1, s] | h
        lg[top, s] = rem
        lg[top + 1, s] = L[1, s] | H[1, s]
        lg[top + 2, s] = h
        lg[top + 3, s] = rem & rules[G_UNIQ + s]
    return lg[top:top + 4]


@inline_kernel
def pt_holders(L, H, rules, lg, n):
    """The cards the partition helpers read, and their number of "seats":
    the hands (``n``), or tarot2's holder planes (``t2_rows``, -1)."""
    if rules[G_KIND] == TAROT2:
        return t2_rows(L, H, rules, lg), -1
    return L, n


@inline_kernel
def t2_master_rel(L, H, fr, d, col):
    """tarot2's trick-start bounds: the master trumps (over hands and
    piles) rely on the trumps from the top down to the best trump of the
    player not holding the top one."""
    a = L[0, 4] | H[0, 4]
    b = L[1, 4] | H[1, 4]
    if a == 0 or b == 0:
        return
    top = hibit(a | b)
    r = hibit(b) if (a >> top) & 1 else hibit(a)
    lower_rank(fr, d, col, 4, r)
