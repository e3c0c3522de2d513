"""The Numba kernels of the bridge double-dummy search, and the few helpers
(bit tricks, table slots and bounds) that ``solver.point_search`` shares.

Representation (built once per solve by ``solver.tables`` from an engine
state, see there):

* the engine's bitboards (two uint64 words, word 0 bit = plain card id,
  word 1 bit = card - 64) are split into **lanes**: ``L[seat, suit]`` is an
  int64 bit mask of the cards a seat holds in one suit, bit = the card's
  rank inside the suit (0 weakest). Suits 0..3 are the plain suits (lanes
  4 and 5, the tarot trumps and fool, are empty for bridge).
* a move is ``suit * 32 + rank``.
* ``rules`` (int64 vector, indices ``R_*``) holds the deal's flags and
  ``sides`` the side of each seat.
* the current trick lives in ``ts``/``tr`` (suit, rank of each card played),
  at positions ``depth - ntr .. depth - 1``: each trick has its own slots so a
  deeper search never overwrites the trick of its caller.

The search answers one boolean question, "can ``rules[R_MAXSIDE]`` take at
least ``need`` more tricks from here?", with a partition table keyed at
trick boundaries that stores a lower and an upper bound of the tricks to
come and the best lead. Node limits abort the search (``ctx[C_ABORT]``); an
aborted answer is never stored.
"""

from __future__ import annotations

import numpy as np
import numba
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.core.extending import intrinsic
from numba.np.arrayobj import populate_array

from ._jit import allocating_kernel, inline_kernel, kernel

# -- rule vector -------------------------------------------------------------
R_NSEATS = 0
R_TRUMP = 1        # trump suit (lane) or -1
R_MAXSIDE = 2
R_TRICKVAL = 3     # value of a trick besides its card points (bridge: 1)
R_LASTBONUS = 4    # extra value of the last trick (Belote: 10)
R_KEYMODE = 5      # 0: relative ranks, 1: exact cards (read by ``solver.point_search``)
R_GEN = 6          # generation: table entries of another solve never match
R_TTMASK = 7
R_USEPTS = 8       # card points matter (the point games of ``solver.point_search``)
R_OBLIG = 9        # obligations: 0 follow suit only (bridge's; kept for the vector)
R_ORDER = 10       # (unused)
R_QUICK = 11       # quick-trick bound valid (bridge: always)
R_CAPOT = 12       # bonus when the max side wins every trick (0 for bridge)
N_RULES = 16

# -- counters and limits -------------------------------------------------------
C_NODES = 0
C_LIMIT = 1
C_ABORT = 2
C_TTHITS = 3
C_TTSTORES = 4
C_CUTS = 5
C_FIRSTCUTS = 6
C_TTPROBES = 7
C_TRICKS = 8       # nodes at a trick start (DDS counts these)
C_COVERED = 9      # point games: moves not tried, covered by a failed sibling's answer
N_CTX = 10

NSUITS = 6
SEATS = 4          # bridge's seats: the search's helpers count on four (a constant folds)
SUITS = 4          # bridge's suits: lanes 4 and 5 (tarot's trumps and fool) stay empty
MAXMOVES = 32
# DDS's bonuses of a lead that last cut at this ply (the killer) or is the
# table's best lead (which may come from another partition), larger when the
# lead wins the trick (``_lead_bonus``). (A flat 80 / 30, with the relative
# rank counted from the bottom, took 10% more nodes than a flat 30 / 15.)
KILLER_WIN_NT, KILLER_NT, TT_WIN_NT, TT_NT = 126, 47, 32, 19
KILLER_WIN_TRUMPS, KILLER_TRUMPS, TT_WIN_TRUMPS, TT_TRUMPS = 55, 18, 18, 0
# ``_pt_probe``'s lead is a hint (another entry's): its bonus puts it first
HINT_FLAG = 128
HINT_BONUS = 1000
NOREL = 32         # a suit's lowest relevant rank when no card of it is relevant


@intrinsic
def _ctpop(typingctx, x):
    """The processor's population count of an int64 (LLVM's ctpop)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def _ctlz(typingctx, x):
    """Leading zeros of an int64 (LLVM's ctlz; 64 for 0)."""
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@intrinsic
def _cttz(typingctx, x):
    """Trailing zeros of an int64 (LLVM's cttz; 64 for 0)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@intrinsic
def _prefetch_row(typingctx, arr, row):
    """Ask the processor to fetch the cache line of ``arr[row, 0]`` (LLVM's
    prefetch: a hint, no effect on the results)."""
    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        zero = ir.Constant(ir.IntType(64), 0)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary,
                                       [args[1]] + [zero] * (aryty.ndim - 1))
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]), "llvm.prefetch.p0")
        # a read (0), kept in every cache level (3), of data (1)
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.none(arr, row), codegen


@intrinsic
def _at(typingctx, arr, offset):
    """A typed pointer to element ``offset`` of a C-contiguous array (counted
    flat): one word to pass to a kernel that is not inlined, where the array
    itself passes its whole 7-9 word descriptor on the stack; the callee
    views it again with ``_view`` (whose constant shape folds the strides)."""
    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        return builder.gep(ary.data, [args[1]])
    return types.CPointer(arr.dtype)(arr, offset), codegen


@intrinsic
def _view(typingctx, ptr, shape):
    """The C-contiguous array of ``shape`` (a tuple of constants) at
    ``ptr`` (``_at``'s): numba's ``carray`` without its reference count
    (which a kernel compiled without one cannot make)."""
    arrty = types.Array(ptr.dtype, len(shape), "C")

    def codegen(context, builder, signature, args):
        dims = cgutils.unpack_tuple(builder, args[1])
        itemsize = context.get_constant(types.intp, context.get_abi_sizeof(
            context.get_data_type(arrty.dtype)))
        strides = []
        step = itemsize
        for dim in reversed(dims):
            strides.insert(0, step)
            step = builder.mul(step, dim)
        ary = context.make_array(arrty)(context, builder)
        populate_array(ary, data=args[0], shape=dims, strides=strides, itemsize=itemsize,
                       meminfo=None)
        return ary._getvalue()
    return arrty(ptr, shape), codegen


if numba.config.DISABLE_JIT:
    # the kernels as plain Python (NUMBA_DISABLE_JIT=1): the same answers
    def _ctpop(x):  # noqa: F811
        return bin(int(x) & 0xFFFFFFFFFFFFFFFF).count("1")

    def _ctlz(x):  # noqa: F811
        return 64 - (int(x) & 0xFFFFFFFFFFFFFFFF).bit_length()

    def _cttz(x):  # noqa: F811
        x = int(x) & 0xFFFFFFFFFFFFFFFF
        return 64 if x == 0 else (x & -x).bit_length() - 1

    def _prefetch_row(arr, row):  # noqa: F811
        return None

    def _at(arr, offset):  # noqa: F811
        return arr.reshape(-1)[offset:]

    def _view(ptr, shape):  # noqa: F811
        v = ptr[:int(np.prod(shape))]
        return v.reshape(shape) if len(shape) > 1 else v


# The bit helpers are the processor's instructions (LLVM intrinsics, on any
# processor: a software sequence where the instruction is missing): the
# 65536-entry lookup tables they replace (512 KB each) competed with the
# transposition table for the cache.
@kernel
def hibit(x):
    """Index of the highest set bit of a lane (x > 0, x < 2**32; 0 for 0)."""
    return 63 - _ctlz(np.int64(x) | 1)


@kernel
def popcount(x):
    """Set bits among the low 32 of a lane."""
    return _ctpop(np.int64(x) & 0xFFFFFFFF)


@kernel
def lobit(x):
    """Index of the lowest set bit of a lane (x > 0; 0 for 0)."""
    return _cttz(np.int64(x)) & 63


@kernel
def top_run(mine, rem):
    """How many of the strongest remaining cards of a suit (``rem``) are in
    ``mine``, counting down from the top until one is not: the cards of
    ``rem`` above the best one not in ``mine`` (no loop: the loop's exit
    branch mispredicted)."""
    others = rem & ~mine
    if others == 0:
        return popcount(rem)
    return popcount(rem >> (hibit(others) + 1))


@kernel
def kth_rank(rem, k):
    """Rank of the ``k``-th strongest card of ``rem`` (k from 1; ``NOREL``
    for k = 0 or fewer than k cards)."""
    x = rem
    while x:
        r = hibit(x)
        k -= 1
        if k == 0:
            return r
        x ^= 1 << r
    return NOREL


@kernel
def words_to_lanes(words, lanes):
    """Split uint64 bitboards (``words[seat, 0/1]``, engine card ids) into
    ``lanes[seat, suit]`` with the plain positions (no relabelling)."""
    for q in range(words.shape[0]):
        w0 = words[q, 0]
        w1 = words[q, 1]
        for s in range(4):
            lanes[q, s] = np.int64((w0 >> np.uint64(16 * s)) & np.uint64(0xFFFF))
        lanes[q, 4] = np.int64((w1 >> np.uint64(1)) & np.uint64(0x1FFFFF))
        lanes[q, 5] = np.int64(w1 & np.uint64(1))


@inline_kernel
def trick_winner(ts, tr, base, n, trump):
    """Index (0..n-1, from the leader) of the card that wins the trick in
    ``ts/tr[base:base+n]``: the highest trump, else the highest card of the
    suit led."""
    best = 0
    bs = ts[base]
    br = tr[base]
    for i in range(1, n):
        s = ts[base + i]
        r = tr[base + i]
        if s == bs:
            if r > br:
                best = i
                br = r
        elif s == trump:
            best = i
            bs = s
            br = r
    return best


@inline_kernel
def suit_to_follow(L, p, ts, base, ntr):
    """The suit seat ``p`` must play in the trick started at ``base`` with
    ``ntr`` cards down: the suit led if it holds one, else -1 (any card)."""
    if ntr > 0 and L[p, ts[base]] != 0:
        return ts[base]
    return -1


@kernel
def legal_lanes(L, p, ts, base, ntr, out):
    """Legal cards of seat ``p`` per suit into ``out[suit]``: follow the
    suit led if you can, else anything. (Bridge's four suits only: lanes 4
    and 5 are empty.)"""
    must = suit_to_follow(L, p, ts, base, ntr)
    for s in range(SUITS):
        out[s] = L[p, s] if must < 0 or s == must else 0


@kernel
def tt_slot(k1, k2, mask):
    """The table slot of the key (k1, k2)."""
    h = k1 ^ (k1 >> 29) ^ (k2 >> 7) ^ (k2 >> 37) ^ (k1 >> 47)
    return h & mask


@inline_kernel
def _threatened(L, p, s, r, led, trump, played, sides):
    """Can an opponent of ``p`` still to play in this trick (``played``
    cards are down once p's card is counted) beat the card (s, r)?"""
    for k in range(played, SEATS):
        q = (p + k - played + 1) & 3
        if sides[q] == sides[p]:
            continue
        if L[q, led] != 0:
            if s == led and (L[q, led] >> (r + 1)) != 0:
                return True
        elif trump >= 0 and L[q, trump] != 0:
            if s != trump or (L[q, trump] >> (r + 1)) != 0:
                return True
    return False


@kernel
def _owner(L, s, r):
    """The seat holding card (s, r), -1 if none."""
    for q in range(4):
        if (L[q, s] >> r) & 1:
            return q
    return -1


@inline_kernel
def _lead_suit(L, p, s, rem, top, trump, tleft):
    """What the ordering of a lead needs to know of suit ``s`` (once per
    suit): the base score (DDS's: minus the opponents' choices in the
    suit, a void opponent choosing among all its cards, scaled by 128/13
    with trumps and 128/19 without, where partner's void costs 9 more),
    the owners of the three top
    cards, the second card's rank, the lengths of LHO, RHO and partner,
    whether an opponent or partner can ruff, and whether partner's best
    card beats the opponents' (without a ruff)."""
    lho = (p + 1) & 3
    pa = (p + 2) & 3
    rho = (p + 3) & 3
    cl = popcount(L[lho, s])
    cr = popcount(L[rho, s])
    cp = popcount(L[pa, s])
    # DDS's estimate of the subtree's size: the opponents' choices
    count = ((cl if cl else tleft) + (cr if cr else tleft)) * 128
    if trump >= 0:
        score = -(count // 13)
    else:
        score = -(count // 19)
        if cp == 0:
            score -= 9
    o1 = _owner(L, s, top)
    x = rem ^ (1 << top)
    r2 = -1
    o2 = -1
    o3 = -1
    if x:
        r2 = hibit(x)
        o2 = _owner(L, s, r2)
        x ^= 1 << r2
        if x:
            o3 = _owner(L, s, hibit(x))
    opp_ruff = False
    pa_ruff = False
    if trump >= 0 and s != trump:
        opp_ruff = (cl == 0 and L[lho, trump] != 0) or (cr == 0 and L[rho, trump] != 0)
        pa_ruff = cp == 0 and L[pa, trump] != 0
    opp_best = L[lho, s] | L[rho, s]
    pa_wins = L[pa, s] != 0 and (opp_best == 0 or hibit(L[pa, s]) > hibit(opp_best))
    if opp_ruff:
        pa_wins = False
    if pa_ruff and not ((cl == 0 and L[lho, trump] != 0 and hibit(L[lho, trump]) > hibit(L[pa, trump]))
                        or (cr == 0 and L[rho, trump] != 0
                            and hibit(L[rho, trump]) > hibit(L[pa, trump]))):
        pa_wins = True
    return score, o1, o2, o3, r2, cl, cr, cp, opp_ruff, pa_ruff, pa_wins


@inline_kernel
def _lead_score(L, p, s, r, rem, top, trump, score, o1, o2, o3, r2, cl, cr, cp, opp_ruff, pa_ruff,
                pa_wins):
    """Ordering of a lead (DDS's ideas), given ``_lead_suit``'s facts:
    prefer suits where the opponents have few choices (a small subtree),
    cash a trick the side can win (more so when the opponents' second best
    card falls under it), lead toward partner's tenace or sequence, avoid
    leading into RHO's honours, high card of a sequence, low otherwise.
    ``rel`` is DDS's relative rank, counted from the top (1 for the best
    card left; DDS's ``relRank``), so that ``+ rel`` prefers the lower
    cards of a suit as DDS's weights do. (Counted from the bottom, as it
    was before 2026-12-01, it reversed DDS's choice inside each suit:
    tables of deals 5000-5005 16.03M -> 15.06M nodes, opening leads of 30
    deals NT 22.71M -> 20.45M, spades 18.93M -> 16.82M.)"""
    lho = (p + 1) & 3
    pa = (p + 2) & 3
    rho = (p + 3) & 3
    below = rem & ((1 << r) - 1)
    rel = popcount(rem >> r)     # DDS's relative rank: 1 for the best card left
    seq = below != 0 and (L[p, s] >> hibit(below)) & 1 == 1
    win = pa_wins or (r == top and not opp_ruff)
    if trump >= 0:
        return _trump_lead(L, p, s, r, score, o1, o2, o3, r2, rel, seq, win, opp_ruff, pa_ruff,
                           top, trump, cl, cr, cp)
    if win:
        if o2 == rho and cr != 1:
            score -= 1
        elif o2 == lho:
            score += 22 if cl != 1 else 16
        if (o2 != lho or cl == 1) and (o2 != rho or cr == 1):
            score += 45 + rel
        else:
            score += 18 + rel
        return score
    if opp_ruff:
        return score + 5 - r
    if (o1 == rho or o2 == rho) and cr != 1:
        score -= 10
    elif o1 == lho and o2 == pa and cp != 1:
        score += 31
    if o2 == pa and o3 == pa:
        score += 35
    elif cp > 1 and ((o2 == p and o3 == pa) or (o2 == pa and o3 == p)):
        score += 25
    if (cl == 1 and o1 == lho) or (cr == 1 and o1 == rho):
        return score + 28 + rel
    if o1 == p:
        return score - 17 + rel
    if not seq:
        return score + 12 + rel
    if r == r2:
        return score + 48
    return score + 29 - rel


@inline_kernel
def _trump_lead(L, p, s, r, score, o1, o2, o3, r2, rel, seq, win, opp_ruff, pa_ruff, top, trump,
                cl, cr, cp):
    """``_lead_score`` in a trump contract: avoid suits an opponent ruffs,
    seek partner's ruffs and a ruff of our own after partner wins."""
    lho = (p + 1) & 3
    pa = (p + 2) & 3
    rho = (p + 3) & 3
    if opp_ruff:
        score -= 12
    if pa_ruff and cr > 0:
        score += 17
    if (o1 == rho or o2 == rho) and cr != 1:
        score -= 12
    elif o1 == lho and o2 == pa and cp != 1:
        score += 27
    if s != trump and popcount(L[p, s]) == 1 and L[p, trump] != 0 and cp > 1 and o1 == pa:
        score += 19     # partner wins and gives us a ruff
    single_top = (cl == 1 and o1 == lho) or (cr == 1 and o1 == rho)
    if win:
        if single_top:
            return score + 35 + rel
        if o1 == p:
            if o2 == pa:
                return score + 48 + rel
            if r == top:
                return score + 31
            return score - 3 + rel
        if o1 == pa:
            return score + (42 if o2 == p else 28) + rel
        if seq and r == r2:
            return score + 40
        if seq:
            return score + 22 + rel
        return score + 11 + rel
    if o2 == pa and o3 == pa:
        score += 20
    elif cp > 1 and ((o2 == p and o3 == pa) or (o2 == pa and o3 == p)):
        score += 13
    if single_top:
        return score + 2 + rel
    if o1 == p:
        if o2 == pa:
            return score + 33 + rel
        if r == top:
            return score + 38
        return score - 14 + rel
    if o1 == pa:
        return score + 34 + rel
    if seq and r == r2:
        return score + 35
    return score + 17 - r


@kernel
def _dds_rank(x):
    """DDS's rank of a lane's highest card (2..14), 0 for an empty lane."""
    return hibit(x) + 2 if x != 0 else 0


@kernel
def _dds_low(x):
    """DDS's rank of a lane's lowest card (2..14), 0 for an empty lane."""
    return lobit(x) + 2 if x != 0 else 0


@inline_kernel
def _second_follow_score(L, p, s, r, m, rem, led_r, trump, trump_live, leader):
    """Ordering of the second hand's card of the suit led: DDS's weights
    (its ranks 2..14; ``rr`` the card's place among the suit's cards from
    the top, 1 for the best): win cheaply when the side can win the trick,
    play low when partner wins anyway or the card cannot matter."""
    third = (p + 1) & 3
    fourth = (p + 2) & 3
    rank = r + 2
    lead = led_r + 2
    max3 = _dds_rank(L[third, s])
    maxpd = _dds_rank(L[fourth, s])
    min3 = _dds_low(L[third, s])
    minpd = _dds_low(L[fourth, s])
    rr = popcount(rem >> r)
    # a sequence: the next card down is ours as well
    below = rem & ((1 << r) - 1)
    seq = below != 0 and (m >> hibit(below)) & 1 == 1
    if not trump_live:
        if maxpd > lead and maxpd > max3:
            return -rank            # partner beats both opponents
        if rank > lead and rank > max3:
            return 81 - rank        # we beat both
        if min3 > rank or minpd > rank:
            return -3 + rr          # the card makes no difference
        if rank < lead:
            return -11 + rr
        if seq:
            return 10 + rr
        return 13 - rank
    win = False
    if s == trump:
        win = (maxpd > lead and maxpd > max3) or (rank > lead and rank > max3)
    else:
        third_trumps = L[third, trump] != 0
        fourth_trumps = L[fourth, trump] != 0
        fourth_over = L[fourth, trump] > L[third, trump]
        if rank > lead and rank > max3:
            win = max3 != 0 or not third_trumps or (maxpd == 0 and fourth_trumps and fourth_over)
        elif maxpd > lead and maxpd > max3:
            win = max3 != 0 or not third_trumps
        elif lead > maxpd and lead > max3 and lead > rank:
            if maxpd == 0 and fourth_trumps:
                win = max3 != 0 or not third_trumps or fourth_over
        elif maxpd == 0 and fourth_trumps:
            win = True
    if win:
        if min3 > rank:
            return 40 + rr
        if maxpd > lead and L[leader, s] > L[fourth, s]:
            return 41 + rr
        if rank > lead:
            if rank < maxpd:
                return 78 - rank
            if rank > max3:
                return 73 - rank
            if seq:
                return 62 - rank
            return 49 - rank
        if maxpd > 0:
            return 47 - rank
        return 40 - rank
    if rank < min3 or rank < minpd:
        return -9 + rr
    if rank < lead:
        return -16 + rr
    if seq:
        return 22 - rank
    return 10 - rank


@kernel
def _forces_top(m, rem, f, r, wr, partner_wins):
    """DDS's card that forces the fourth hand's top card out (its
    ``RankForcesAce``), where the fourth hand (cards ``f`` of the suit led)
    holds the top: is ``r`` the lowest of our block tops above the fourth
    hand's second card (the top of its second block), when that card beats
    the one winning so far (``wr``); else, when the second hand is winning,
    the lowest above ``wr``? (Never when partner wins and the fourth hand's
    second card cannot beat partner's: the top falls anyway.)"""
    f_top = hibit(f)
    gap = rem & ~f & ((1 << f_top) - 1)
    if gap == 0:
        return False        # the fourth hand's cards are one block
    low = f & ((1 << hibit(gap)) - 1)
    if low == 0:
        return False
    second = hibit(low)
    if second > wr:
        force = second
    elif not partner_wins:
        force = wr
    else:
        return False
    above = m & ~((2 << force) - 1)
    if above == 0:
        return False
    c = lobit(above)
    # r is the top of the block of our cards holding c
    return r >= c and (rem & ~m & ((1 << r) - 1) & ~((2 << c) - 1)) == 0


@inline_kernel
def _third_score(L, p, s, r, m, rem, ws, wr, partner_wins, trump, led_r):
    """Ordering of the third hand's card of the suit led (``m`` its cards
    of the suit, (ws, wr) the card winning so far, ``led_r`` partner's
    lead): DDS's weights (its ``WeightAllocTrumpNotvoid2`` and
    ``NTNotvoid2``): low when partner wins anyway or when no card of ours
    can matter, the cheapest card that wins against the fourth hand, else
    low but for the card that forces the fourth hand's top out
    (``_forces_top``)."""
    fourth = (p + 1) & 3
    f = L[fourth, s]
    max4 = hibit(f) if f else -1
    min4 = lobit(f) if f else -1
    my_top = hibit(m)
    if trump >= 0 and s != trump:
        if ws != s:
            return -r           # second hand ruffed
        if f == 0:
            # the fourth hand ruffs or discards: beat the second hand
            if not partner_wins and r > wr:
                return 20 - r
            return -r
    if partner_wins and led_r > max4:
        return -r               # partner beats the fourth hand too
    if my_top < min4 or my_top < wr:
        return -r               # too low to matter
    if trump < 0 or my_top > max4:
        if r > wr and r > max4:
            return 58 - r       # we win the trick: as cheaply as we can
        if trump >= 0:
            return -r
    if max4 > my_top and max4 > wr and _forces_top(m, rem, f, r, wr, partner_wins):
        return 20 - r
    return -r


@kernel
def _discard_score(L, p, s, r, rem, top):
    """Ordering of a discard (bridge): keep the top card of a suit, throw
    the weakest card first, from the longest suit."""
    k = popcount(L[p, s])
    score = (k * 64) // 24 - popcount(rem & ((1 << r) - 1))
    if r == top:
        score -= 100
    elif k == 2 and (L[p, s] >> hibit(rem ^ (1 << top))) & 1:
        score -= 6      # the guard of a second best card
    return score


@inline_kernel
def _third_void_score(L, p, s, r, rem, top, led, led_r, rem_led, ws, wr, partner_wins, trump):
    """Ordering of the third hand's card when it cannot follow: DDS's
    weights (its ``WeightAllocTrumpVoid2`` and ``NTVoid2``, ranks 2..14)."""
    rank = r + 2
    k = popcount(L[p, s])
    second = (L[p, s] >> hibit(rem ^ (1 << top))) & 1 == 1 if rem != (1 << top) else False
    if trump < 0:
        val = (k * 64) // 24
        if (k == 2 and second) or (k == 1 and r == top):
            val -= 4
        return val - rank
    if led == trump or s != trump:
        return (k * 64) // 40 - rank
    fourth = (p + 1) & 3
    f = L[fourth, led]
    max4 = hibit(f) if f else -1
    ft = L[fourth, trump]
    if partner_wins and led_r > max4 and (f != 0 or ft == 0):
        return -rank - 50       # partner's card wins: do not ruff it
    v = (k * 64) // 50
    if ws == trump and r < wr:
        return -32 + popcount(rem >> r) + (k * 64) // 40      # an underruff
    over = ft == 0 or r > hibit(ft)
    if partner_wins:
        if f != 0:
            x = rem_led ^ (1 << hibit(rem_led))
            r2 = hibit(x) if x else -1
            leader = (p + 2) & 3
            if r2 >= 0 and (r2 == led_r or (L[leader, led] >> r2) & 1 == 1):
                return 36 - rank + v
            return 48 - rank + v
        return (48 if over else -12) - rank + v
    if f != 0:
        return 72 - rank + v
    return (48 if over else 36) - rank + v


@kernel
def _lead_bonus(is_killer, is_tt, own, win, trumps):
    """DDS's bonus of a lead: the killer's, else the table's best lead's
    (not both), by whether the lead wins the trick and whether trumps are
    in play. (Instead of a killer's 30 plus a table's 15 whatever the
    lead: tables 5000-5005 14.72M -> 14.52M nodes, 5006-5017 27.88M ->
    27.68M; opening leads of 30 deals from 5030, NT 32.90M -> 31.18M,
    spades 27.83M -> 27.31M.) ``own``: the table's lead is the position's
    own entry's; else it is the hint (the best lead of an entry of the
    same lengths and top-card owners, ``_pt_probe``), tried first: tables
    5000-5005 12.01M -> 11.37M nodes, 5006-5017 21.87M -> 20.26M, opening
    leads of 30 deals NT 14.35M -> 13.67M, spades 13.60M -> 12.87M; the
    hint rather than the own entry's lead where both are, the most recent
    of several hints: 11.25M / 19.89M / 13.69M / 12.68M. (The own entry's
    lead first as well: 11.51M / 20.74M / 13.94M / 13.10M; only it first:
    12.19M / 22.58M / 14.63M / 13.85M; the hint first and the own entry's
    lead DDS's bonus: 11.29M / 20.23M / 13.69M / 12.75M.)"""
    if is_tt and not own:
        return HINT_BONUS
    if is_killer:
        if trumps:
            return KILLER_WIN_TRUMPS if win else KILLER_TRUMPS
        return KILLER_WIN_NT if win else KILLER_NT
    if is_tt:
        if trumps:
            return TT_WIN_TRUMPS if win else TT_TRUMPS
        return TT_WIN_NT if win else TT_NT
    return 0


@kernel
def _gen_keys(L, ts, tr, ntr, depth, leader, p, rules, sides, mv, best, killer):
    """Moves of seat ``p`` into ``mv[depth]`` as sort keys (``_move_key``),
    one per block of equivalent cards, best first; returns their number.
    ``best`` is the table's best lead (suit * 32 + rank among the remaining
    cards from the top, plus ``HINT_FLAG`` for a hint) or -1; ``killer``
    the card that last cut at this ply (or -1)."""
    return _gen_keys_into(L, ts, tr, depth - ntr, ntr, mv, depth, leader, p, rules[R_TRUMP],
                          sides, best, killer)


@inline_kernel
def _gen_keys_into(L, ts, tr, base, ntr, mv, depth, leader, p, trump, sides, best, killer):
    """``_gen_keys`` by the hand's place in the trick: a lead, a card of the
    suit led, or a hand that cannot follow, each a kernel of its own (not
    inlined) given pointers (``_at``). Inlined into the search, the one
    generation for all three shared the registers with the search's own
    live values and reloaded eight spilled values a suit; apart, each path
    keeps only what it needs live, and a call of pointers and integers
    pushes a few words where an array pushes its 7-9 word descriptor."""
    if ntr == 0:
        return _gen_lead(_at(L, 0), _at(mv, depth * MAXMOVES), p, trump, best, killer)
    if L[p, ts[base]] != 0:
        return _gen_follow(_at(L, 0), _at(ts, base), _at(tr, base), _at(mv, depth * MAXMOVES),
                           _at(sides, 0), ntr, leader, p, trump, best)
    return _gen_void(_at(L, 0), _at(ts, base), _at(tr, base), _at(mv, depth * MAXMOVES),
                     _at(sides, 0), ntr, leader, p, trump, best)


@inline_kernel
def _add_key(mv, nm, score, move):
    """Insert the ``nm``-th move generated, with its score, into the keys
    ``mv[:nm]`` sorted best first (an insertion sort); returns nm + 1."""
    key = _move_key(score, nm, move)
    j = nm
    while j > 0 and mv[j - 1] < key:
        mv[j] = mv[j - 1]
        j -= 1
    mv[j] = key
    return nm + 1


@inline_kernel
def _block_top(m, rem, r):
    """Is our card ``r`` (of our cards ``m``, the suit's remaining cards
    ``rem``) the top of its block: the next stronger remaining card is not
    ours?"""
    above = rem & ~((2 << r) - 1)
    return above == 0 or (m & above & -above) == 0


@inline_kernel
def _table_rank(rem, s, best):
    """The rank of the table's best move ``best`` (its rank counted from the
    top) when it is of suit ``s``, else -1."""
    if best >= 0 and ((best >> 5) & 3) == s:
        return kth_rank(rem, (best & 31) + 1)
    return -1


@kernel
def _gen_lead(Lp, mvp, p, trump, best, killer):
    """The leads of seat ``p`` (``_gen_keys`` at a trick start), scored by
    ``_lead_suit`` once a suit and ``_lead_score`` a card."""
    L = _view(Lp, (SEATS, NSUITS))
    mv = _view(mvp, (MAXMOVES,))
    tleft = 0
    for s in range(4):
        tleft += popcount(L[p, s])
    nm = 0
    for s in range(SUITS):
        m = L[p, s]
        if m == 0:
            continue
        rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
        top = hibit(rem)
        br = _table_rank(rem, s, best)
        (base_sc, o1, o2, o3, r2, cl, cr, cp, opp_ruff, pa_ruff,
         pa_wins) = _lead_suit(L, p, s, rem, top, trump, tleft)
        x = m
        while x:
            r = hibit(x)
            x ^= 1 << r
            if not _block_top(m, rem, r):
                continue
            score = _lead_score(L, p, s, r, rem, top, trump, base_sc, o1, o2, o3, r2,
                                cl, cr, cp, opp_ruff, pa_ruff, pa_wins)
            score += _lead_bonus(s * 32 + r == killer, br == r, best < HINT_FLAG,
                                 pa_wins or (r == top and not opp_ruff), trump >= 0)
            nm = _add_key(mv, nm, score, s * 32 + r)
    return nm


@inline_kernel
def _trick_so_far(ts, tr, ntr, leader, p, trump, sides):
    """The card winning the trick so far (its suit and rank), and whether
    it is partner's (``ts``/``tr`` from the lead, ``ntr`` cards down)."""
    wi = trick_winner(ts, tr, 0, ntr, trump)
    return ts[wi], tr[wi], sides[(leader + wi) & 3] == sides[p]


@inline_kernel
def _suit_left(L, ts, tr, ntr, s):
    """The cards of suit ``s`` not yet played before this trick: the
    hands' and the trick's."""
    rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
    for i in range(ntr):
        if ts[i] == s:
            rem |= 1 << tr[i]
    return rem


@inline_kernel
def _trick_views(Lp, tsp, trp, mvp, sp):
    """The arrays a follower's generation is given as pointers (``_at``):
    the lanes, the trick's suits and ranks from its lead, the row of moves
    and the sides."""
    return (_view(Lp, (SEATS, NSUITS)), _view(tsp, (SEATS,)), _view(trp, (SEATS,)),
            _view(mvp, (MAXMOVES,)), _view(sp, (SEATS,)))


@kernel
def _gen_follow(Lp, tsp, trp, mvp, sp, ntr, leader, p, trump, best):
    """The cards of the suit led that seat ``p`` (the second, third or
    fourth hand) plays (``_gen_keys`` when it can follow): one suit, no
    loop over the suits."""
    L, ts, tr, mv, sides = _trick_views(Lp, tsp, trp, mvp, sp)
    s = ts[0]
    ws, wr, partner_wins = _trick_so_far(ts, tr, ntr, leader, p, trump, sides)
    trump_live = trump >= 0 and (L[0, trump] | L[1, trump] | L[2, trump] | L[3, trump]) != 0
    m = L[p, s]
    rem = _suit_left(L, ts, tr, ntr, s)
    br = _table_rank(rem, s, best)
    nm = 0
    x = m
    while x:
        r = hibit(x)
        x ^= 1 << r
        if not _block_top(m, rem, r):
            continue
        if br == r:
            score = 10000
        elif ntr == 1:
            score = _second_follow_score(L, p, s, r, m, rem, tr[0], trump, trump_live, leader)
        elif ntr == 2:
            score = _third_score(L, p, s, r, m, rem, ws, wr, partner_wins, trump, tr[0])
        elif partner_wins:
            score = -r          # (no opponent left to play: partner's card wins)
        elif (s == ws and r > wr) or (s == trump and ws != trump):
            score = 200 - r
        else:
            score = -r
        nm = _add_key(mv, nm, score, s * 32 + r)
    return nm


@kernel
def _gen_void(Lp, tsp, trp, mvp, sp, ntr, leader, p, trump, best):
    """The cards of seat ``p`` that cannot follow the suit led (``_gen_keys``
    for a ruff or a discard): the third hand by DDS's weights
    (``_third_void_score``), the second and fourth hands' discards by
    ``_discard_score``, their ruffs by whether they win the trick."""
    L, ts, tr, mv, sides = _trick_views(Lp, tsp, trp, mvp, sp)
    led = ts[0]
    ws, wr, partner_wins = _trick_so_far(ts, tr, ntr, leader, p, trump, sides)
    second_low = False
    if ntr == 1:
        # second hand: low when partner (fourth) beats the lead and all
        # of the third hand's cards
        pa = (p + 2) & 3
        third = (p + 1) & 3
        beat = max(wr, hibit(L[third, led]) if L[third, led] else -1)
        if (L[pa, led] >> (beat + 1)) != 0 and (
                led == trump or trump < 0 or L[third, led] != 0 or L[third, trump] == 0):
            second_low = True
    rem_led = _suit_left(L, ts, tr, ntr, led) if ntr == 2 else 0
    nm = 0
    for s in range(SUITS):
        m = L[p, s]
        if m == 0:
            continue
        rem = _suit_left(L, ts, tr, ntr, s)
        top = hibit(rem)
        br = _table_rank(rem, s, best)
        x = m
        while x:
            r = hibit(x)
            x ^= 1 << r
            if not _block_top(m, rem, r):
                continue
            if br == r:
                score = 10000
            elif ntr == 2:
                score = _third_void_score(L, p, s, r, rem, top, led, tr[0], rem_led, ws, wr,
                                          partner_wins, trump)
            elif s != trump:
                score = _discard_score(L, p, s, r, rem, top)
            elif second_low:
                score = -r
            elif partner_wins and not _threatened(L, p, ws, wr, led, trump, ntr + 1, sides):
                score = -r
            elif (s == ws and r > wr) or (s == trump and ws != trump):
                if ntr == SEATS - 1 or not _threatened(L, p, s, r, led, trump, ntr + 1, sides):
                    score = 200 - r
                else:
                    score = 60 - r
            else:
                score = -r
            nm = _add_key(mv, nm, score, s * 32 + r)
    return nm


# A move's sort key: its score, then the order of generation (the first of
# equal scores first, as a stable sort), then the move (7 bits).
KEY_MOVE = 127
KEY_SHIFT = 12


@kernel
def _move_key(score, k, move):
    """The sort key of the ``k``-th move generated (k < 32), larger first."""
    return (score << KEY_SHIFT) | ((MAXMOVES - 1 - k) << 7) | move


@kernel
def _gen_moves(L, ts, tr, ntr, depth, leader, p, rules, sides, mv, sc, lg, best, killer):
    """``_gen_keys`` as moves in ``mv[depth]`` and their scores in
    ``sc[depth]`` (and the legal cards in ``lg[depth]``): for tests and tools."""
    nm = _gen_keys(L, ts, tr, ntr, depth, leader, p, rules, sides, mv, best, killer)
    for i in range(nm):
        sc[depth, i] = mv[depth, i] >> KEY_SHIFT
        mv[depth, i] &= KEY_MOVE
    legal_lanes(L, p, ts, depth - ntr, ntr, lg[depth])
    return nm


@kernel
def _tricks_left(L, leader):
    """Tricks still to play at a trick start: the leader's cards."""
    tl = 0
    for s in range(SUITS):
        tl += popcount(L[leader, s])
    return tl


@allocating_kernel
def quick_tricks(L, leader, rules, sides):
    """Tricks the leader can cash from the top at once (a lower bound of
    what the leader's side takes in the rest of a follow-suit trick game).

    Every top card of a suit held by the leader wins while the others must
    follow or discard; a trump contract cashes the top trumps first (they
    draw as many rounds of the opponents' trumps), then in each side suit
    as many rounds as every opponent left with a trump can follow (with
    none left, every card of a run no other hand is longer than); with no
    such trick, one when partner ruffs a side suit led (``_partner_ruffs``).
    When the side holds every trump, ``_all_trumps_tricks`` answers first
    if it reaches the cutoff (it relies on the lengths only)."""
    used = np.empty(4, dtype=np.int64)
    return quick_tricks_used(L, leader, rules, sides, used, 99)


@inline_kernel
def _cash_elsewhere(L, pa, s, ltake, ptake):
    """No trump, around the suit ``s``: the leader's cashing in the other
    suits (``ltake``: its top runs' tricks, 4 bits a suit) as (its tricks,
    partner's cards that follow them, partner's discards on them, partner's
    own top-run tricks in those suits (``ptake``))."""
    cash = 0
    follow = 0
    disc = 0
    theirs = 0
    for t in range(4):
        if t != s:
            kt = (ltake >> (4 * t)) & 15
            cash += kt
            c = popcount(L[pa, t])
            follow += min(kt, c)
            disc += max(kt - c, 0)
            theirs += (ptake >> (4 * t)) & 15
    return cash, follow, disc, theirs


@kernel
def quick_tricks_used(L, leader, rules, sides, used, cutoff):
    """``quick_tricks``, and in ``used[suit]`` how many top cards of each
    suit the count relies on (besides the hand lengths): the bound holds in
    every position with the same lengths and the same owners of those
    cards. The count stops at ``cutoff`` tricks (the suits cashed past it
    are not needed, and relying on fewer cards makes the bound hold in
    more positions)."""
    return _quick_tricks_count(L, leader, rules, sides, used, cutoff, True)


@kernel
def _quick_tricks_count(L, leader, rules, sides, used, cutoff, exact):
    """``quick_tricks_used``; with ``exact`` False (the search, which only
    asks whether the count reaches ``cutoff``) the counts that cannot reach
    it are skipped, so a count below ``cutoff`` may be lower than
    ``quick_tricks_used``'s (the same at or above it)."""
    trump = rules[R_TRUMP]
    if trump >= 0 and (L[0, trump] | L[1, trump] | L[2, trump] | L[3, trump]) == 0:
        trump = -1      # no trump left: no trump's counts hold (the lengths say so)
    side = sides[leader]
    for s in range(4):
        used[s] = 0
    # the top trumps are cashed first: they draw as many rounds of the
    # opponents' trumps
    drawn = 0
    if trump >= 0 and L[leader, trump] != 0:
        drawn = top_run(L[leader, trump], L[0, trump] | L[1, trump] | L[2, trump] | L[3, trump])
    opp_trumps = False
    if trump >= 0:
        for q in range(SEATS):
            if sides[q] != side and popcount(L[q, trump]) > drawn:
                opp_trumps = True
    if trump >= 0 and cutoff > 0:
        sure = _all_trumps_tricks(L, leader, trump)
        if sure >= cutoff:
            return sure     # lengths only: nothing in ``used``
    total = 0
    for i in range(4):
        s = (trump + i) & 3 if trump >= 0 else i
        mine = L[leader, s]
        if mine == 0:
            continue
        rem = 0
        for q in range(SEATS):
            rem |= L[q, s]
        k = top_run(mine, rem)
        if k == 0:
            continue
        if s == trump or not opp_trumps:
            # the whole suit wins when the others hold at most k cards (a
            # side suit too once the opponents' trumps are drawn), and then
            # only the top cards that draw the others' cards need be ours
            relied = _run_relevance(L, leader, s, k)
            k = _run_tricks(L, leader, s, k)
        else:
            # an opponent left with trumps follows while it holds the suit
            # (cashing the other suits does not shorten it)
            for q in range(SEATS):
                if sides[q] != side and popcount(L[q, trump]) > drawn:
                    c = popcount(L[q, s])
                    if c < k:
                        k = c
            relied = k
        if k > 0:
            used[s] = relied
            total += k
            if total >= cutoff:
                return total
    if trump >= 0 and total < cutoff and (exact or _reach_partner_most(L, leader, trump) >= cutoff):
        total = _reach_partner_trump(L, leader, trump, total, used)
    if total == 0 and trump >= 0 and _partner_ruffs(L, leader, trump):
        return 1
    if total == 0 and trump >= 0:
        k = _partner_overruffs(L, leader, trump)
        if k > 0:
            used[trump] = k
            return 1
    if trump < 0:
        # no trump: the leader cashes its own top cards, then a low card
        # reaches partner's top cards of a suit and partner cashes its top
        # cards there and elsewhere; partner keeps those through the
        # leader's cashing only if its other cards cover the discards
        pa = (leader + 2) & 3
        # the runs of the leader and of partner, 4 bits a suit, and the
        # tricks they take (the whole suit when no other hand is longer)
        lruns = 0
        pruns = 0
        ltake = 0
        ptake = 0
        tl = 0
        for s in range(4):
            rem = 0
            for q in range(SEATS):
                rem |= L[q, s]
            kl = top_run(L[leader, s], rem)
            kp = top_run(L[pa, s], rem)
            # (the runs' relevant top cards: ``_run_relevance``)
            lruns |= _run_relevance(L, leader, s, kl) << (4 * s)
            pruns |= _run_relevance(L, pa, s, kp) << (4 * s)
            ltake |= _run_tricks(L, leader, s, kl) << (4 * s)
            ptake |= _run_tricks(L, pa, s, kp) << (4 * s)
            tl += popcount(L[leader, s])
        if not exact and total < cutoff and _nt_counts_most(L, leader, ltake, ptake) < cutoff:
            return total
        for s in range(4):
            if L[leader, s] == 0 or (pruns >> (4 * s)) & 15 == 0:
                continue
            cash, follow, disc, theirs = _cash_elsewhere(L, pa, s, ltake, ptake)
            # partner's tricks in the suit it is reached by: its top run,
            # or the finesse's two (or every card), whichever counts more
            # once partner's discards on the leader's cashing are paid
            fin = _finesse_tricks(L, leader, s)
            for v in range(3):
                here = (ptake >> (4 * s)) & 15
                if v == 1:
                    here = fin
                elif v == 2:
                    here = min(fin, 2)
                if v > 0 and here <= (ptake >> (4 * s)) & 15:
                    continue
                take = cash if tl - follow - theirs - here >= disc else 0
                if take + theirs + here > total:
                    total = take + theirs + here
                    for t in range(4):
                        used[t] = (pruns >> (4 * t)) & 15
                        if take > 0:
                            used[t] += (lruns >> (4 * t)) & 15
                    if v > 0:
                        used[s] = 3
        for s in range(4):
            k = _own_suit_tricks(L, leader, s)
            if k > total:
                total = k
                for t in range(4):
                    used[t] = 0
                used[s] = _own_suit_relevance(L, leader, s, k)
        # a suit the side runs by crossing between its hands (the two top
        # cards split between them, or a suit only the side holds), after
        # the leader's cashing elsewhere (partner keeps its cards there and
        # its top runs), and partner's top runs when the suit ends there
        for s in range(4):
            if total >= cutoff:
                break
            a = popcount(L[leader, s])
            b = popcount(L[pa, s])
            here = _split_top_tricks(L, leader, s)
            rel = 2
            if here > 0:
                rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
                at_pa = (b > a and here > 2) or (here == 2 and (L[leader, s] >> hibit(rem)) & 1 == 1)
            else:
                here = _own_suit_tricks(L, leader, s)
                if here == 0:
                    continue
                rel = _own_suit_relevance(L, leader, s, here)
                at_pa = b > a and here == b
            cash, follow, disc, theirs = _cash_elsewhere(L, pa, s, ltake, ptake)
            if not at_pa:
                theirs = 0
            take = cash if tl - follow - b - theirs >= disc else 0
            if take + here + theirs > total:
                total = take + here + theirs
                for t in range(4):
                    used[t] = 0
                    if take > 0:
                        used[t] += (lruns >> (4 * t)) & 15
                    if theirs > 0:
                        used[t] += (pruns >> (4 * t)) & 15
                used[s] = rel
    return total


@inline_kernel
def _quick_tricks_most(L, leader, trump):
    """At most what ``_quick_tricks_count`` counts, from the suits' top
    cards and lengths (the search skips the count below its cutoff: a
    quarter to two fifths of the calls, never one the count settles).
    Each count takes its tricks in suits whose top card the side holds:

    * no trump: in each such suit at most the longer hand's length;
    * an opponent holds a trump: the leader's own top suits (their
      lengths), or partner's one side suit it is reached in, or one ruff;
    * the side holds every trump: the leader's own, or partner's top
      side suits and the longer trump hand and one ruff;
    * a trump contract with no trump left counts as no trump: 13 (no skip).

    Without branches: which hand tops a suit is a coin toss (a version
    with branches cost as much as the counts it skipped)."""
    pa = (leader + 2) & 3
    if trump < 0:
        most = 0
        for s in range(4):
            top = hibit(L[0, s] | L[1, s] | L[2, s] | L[3, s])     # 0 for no card
            side = ((L[leader, s] | L[pa, s]) >> top) & 1
            most += side * max(popcount(L[leader, s]), popcount(L[pa, s]))
        return most
    if (L[0, trump] | L[1, trump] | L[2, trump] | L[3, trump]) == 0:
        return 13
    lsum = 0        # the leader's lengths in the suits it tops
    psum = 0        # partner's in the side suits it tops ...
    pmax = 0        # ... and the longest of them
    for s in range(4):
        top = hibit(L[0, s] | L[1, s] | L[2, s] | L[3, s])     # 0 for no card
        lsum += ((L[leader, s] >> top) & 1) * popcount(L[leader, s])
        ps = ((L[pa, s] >> top) & 1) * popcount(L[pa, s]) * np.int64(s != trump)
        psum += ps
        pmax = max(pmax, ps)
    if (L[(leader + 1) & 3, trump] | L[(leader + 3) & 3, trump]) != 0:
        return max(lsum, pmax, 1)
    return max(lsum, psum + max(popcount(L[leader, trump]), popcount(L[pa, trump])) + 1)


@inline_kernel
def _nt_counts_most(L, leader, ltake, ptake):
    """No trump: at most what the counts after the leader's own cashing
    take (partner reached, a suit only the side holds, a suit crossing
    between the hands): every top-run trick of both hands (``ltake``,
    ``ptake``, 4 bits a suit) and the side's cards of one suit that the
    leader holds and the side tops."""
    most = 0
    for s in range(4):
        most += ((ltake >> (4 * s)) & 15) + ((ptake >> (4 * s)) & 15)
    pa = (leader + 2) & 3
    here = 0
    for s in range(4):
        mine = L[leader, s] | L[pa, s]
        if L[leader, s] == 0:
            continue
        rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
        if (mine >> hibit(rem)) & 1 and popcount(mine) > here:
            here = popcount(mine)
    return most + here


@inline_kernel
def _reach_partner_most(L, leader, trump):
    """At most what ``_reach_partner_trump`` counts: partner's length in a
    side suit the leader holds while an opponent holds a trump (every
    trick left otherwise)."""
    pa = (leader + 2) & 3
    if (L[(leader + 1) & 3, trump] | L[(leader + 3) & 3, trump]) == 0:
        return 13
    most = 0
    for s in range(4):
        if s != trump and L[leader, s] != 0 and popcount(L[pa, s]) > most:
            most = popcount(L[pa, s])
    return most


@inline_kernel
def _longest_trumps(L, trump, sides, side):
    """The most trumps one hand of ``side`` holds: no trump count of that
    side (``sure_trumps``, ``later_trumps``) is higher."""
    most = 0
    for q in range(SEATS):
        if sides[q] == side and popcount(L[q, trump]) > most:
            most = popcount(L[q, trump])
    return most


@inline_kernel
def _split_top_tricks(L, leader, s):
    """No trump: the leader's side holds the two top cards of suit ``s``,
    one in each hand, and each hand at least two cards there (DDS's quick
    tricks of a second best in the other hand): two tricks, each hand
    crossing to the other's top card; and when neither opponent holds more
    than two cards there and one of the hands exactly two, the longer
    hand's other cards too (the shorter hand's top card first, then across
    to the longer hand's). Relies on the owners of the two top cards."""
    pa = (leader + 2) & 3
    a = popcount(L[leader, s])
    b = popcount(L[pa, s])
    if a < 2 or b < 2:
        return 0
    rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
    r1 = hibit(rem)
    r2 = hibit(rem ^ (1 << r1))
    mine = L[leader, s] | L[pa, s]
    if (mine >> r1) & 1 == 0 or (mine >> r2) & 1 == 0 \
            or ((L[leader, s] >> r1) & 1) == ((L[leader, s] >> r2) & 1):
        return 0
    if (popcount(L[(leader + 1) & 3, s]) <= 2 and popcount(L[(leader + 3) & 3, s]) <= 2
            and min(a, b) == 2):
        return max(a, b)
    return 2


@kernel
def _own_suit_tricks(L, leader, s):
    """No trump: tricks the leader's side takes in a suit the opponents do
    not hold, led by the leader (DDS's quick tricks of a suit only the
    side holds): every round is the side's while the winner can lead the
    suit again, so the shorter hand's count (lengths only); the longer
    hand's when its top card beats the shorter hand's lowest (the shorter
    hand unblocks, from the top: it relies on the owners of every card of
    the suit). 0 when the leader holds none, or an opponent holds one."""
    pa = (leader + 2) & 3
    mine = L[leader, s]
    part = L[pa, s]
    if mine == 0 or (L[(leader + 1) & 3, s] | L[(leader + 3) & 3, s]) != 0:
        return 0
    a = popcount(mine)
    b = popcount(part)
    if b == 0:
        return a
    if a >= b:
        return a if hibit(mine) > lobit(part) else b
    return b if hibit(part) > lobit(mine) else a


@inline_kernel
def _own_suit_relevance(L, leader, s, k):
    """The top cards ``_own_suit_tricks``'s count ``k`` relies on: none
    for the shorter hand's count (or when only the leader holds the suit),
    else the cards from the top down to the longer hand's best (the
    shorter hand holds those above it and, by its length, a card below)."""
    pa = (leader + 2) & 3
    a = popcount(L[leader, s])
    b = popcount(L[pa, s])
    if b == 0 or k <= min(a, b):
        return 0
    longer = L[leader, s] if a > b else L[pa, s]
    return popcount((L[leader, s] | L[pa, s]) >> hibit(longer))


@inline_kernel
def _finesse_tricks(L, leader, s):
    """No trump: partner holds the top and the third best card of suit
    ``s`` and the leader's LHO the second, and the leader leads the suit
    (it holds a card there): partner wins two tricks and keeps the lead
    (it takes LHO's card with the top, or wins with the third best
    card; RHO holds nothing above it), and every card of the suit when
    the other hands hold at most two (DDS's quick tricks of partner's
    hand). 0 otherwise. Relies on the owners of the three top cards."""
    rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
    if popcount(rem) < 3:
        return 0
    pa = (leader + 2) & 3
    r1 = hibit(rem)
    r2 = hibit(rem ^ (1 << r1))
    r3 = hibit(rem ^ (1 << r1) ^ (1 << r2))
    if ((L[pa, s] >> r1) & 1) == 0 or ((L[(leader + 1) & 3, s] >> r2) & 1) == 0 \
            or ((L[pa, s] >> r3) & 1) == 0:
        return 0
    if popcount(L[leader, s]) <= 2 and popcount(L[(leader + 1) & 3, s]) <= 2 \
            and popcount(L[(leader + 3) & 3, s]) <= 2:
        return popcount(L[pa, s])
    return 2


@kernel
def _all_trumps_tricks(L, leader, trump):
    """When the leader's side holds every trump: each trick one of its
    hands trumps is its own, so it takes at least as many tricks as its
    longer trump hand holds trumps, and one more when the leader is that
    hand and leads a side suit partner (with a trump) ruffs (DDS's quick
    tricks). 0 when an opponent holds a trump. Lengths only."""
    pa = (leader + 2) & 3
    if L[(leader + 1) & 3, trump] != 0 or L[(leader + 3) & 3, trump] != 0:
        return 0
    own = popcount(L[leader, trump])
    part = popcount(L[pa, trump])
    sure = max(own, part)
    if own >= part and part > 0:
        for s in range(4):
            if s != trump and L[leader, s] != 0 and L[pa, s] == 0:
                return sure + 1
    return sure


@inline_kernel
def _reach_partner_trump(L, leader, trump, total, used):
    """A trump contract: the leader leads a side suit ``s`` to partner's top
    card there (each opponent follows or holds no trump: DDS's quick tricks
    of partner's hand), and partner on lead cashes on. Returns the larger
    of that count and ``total`` (the leader's own); ``used`` gets the top
    cards the new count relies on when it is larger.

    * an opponent holds a trump: partner's run in ``s`` wins while each
      opponent with a trump follows (it cannot overruff the leader either,
      should the leader have to ruff once its other cards are gone);
    * no opponent holds a trump (the side holds them all): the leader
      first cashes its trumps, then reaches partner, whose top runs of the
      side suits win (the whole suit when no other hand is longer,
      ``_run_tricks``) if partner's other cards cover the leader's trump
      leads; a leader without trumps lets partner cash its trumps too."""
    pa = (leader + 2) & 3
    lho = (leader + 1) & 3
    rho = (leader + 3) & 3
    opp_trumps = (L[lho, trump] | L[rho, trump]) != 0
    lt = popcount(L[leader, trump])
    tl = 0
    for t in range(4):
        tl += popcount(L[leader, t])
    # partner's runs of the side suits, when no opponent can ruff them
    runs = 0
    if not opp_trumps:
        for t in range(4):
            if t != trump:
                rem = L[0, t] | L[1, t] | L[2, t] | L[3, t]
                runs += _run_tricks(L, pa, t, top_run(L[pa, t], rem))
    best = total
    best_s = -1
    for s in range(4):
        if s == trump or L[leader, s] == 0 or L[pa, s] == 0:
            continue
        if (L[lho, s] == 0 and L[lho, trump] != 0) or (L[rho, s] == 0 and L[rho, trump] != 0):
            continue
        rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
        k = top_run(L[pa, s], rem)
        if k == 0:
            continue
        if opp_trumps:
            n = k
            for q in (lho, rho):
                if L[q, trump] != 0 and popcount(L[q, s]) < n:
                    n = popcount(L[q, s])
            if lt > 0 and n > tl - lt + 1:
                n = tl - lt + 1     # the leader ruffs the round after its last other card
        elif lt == 0:
            n = runs + popcount(L[pa, trump])
        elif tl - runs >= lt and (L[pa, trump] == 0 or
                                  hibit(L[pa, trump]) < lobit(L[leader, trump])):
            n = lt + runs       # (partner cannot be made to overtake a trump)
        else:
            n = 0
        if n > best:
            best = n
            best_s = s
    if best_s < 0:
        return total
    for t in range(4):
        used[t] = 0
    if opp_trumps:
        used[best_s] = best
    else:
        for t in range(4):
            if t != trump:
                used[t] = _run_relevance(L, pa, t,
                                         top_run(L[pa, t], L[0, t] | L[1, t] | L[2, t] | L[3, t]))
    return best


@inline_kernel
def _partner_overruffs(L, leader, trump):
    """Can the leader lead a side suit partner ruffs for a trick above
    every trump an opponent void there could ruff with? (DDS's lowest quick
    trick, with ranks: partner's best trump beats the trumps of each
    opponent void in the suit.) The number of top trumps that relies on
    (down to partner's best), 0 when there is no such suit."""
    pa = (leader + 2) & 3
    if L[pa, trump] == 0:
        return 0
    top = hibit(L[pa, trump])
    lho = (leader + 1) & 3
    rho = (leader + 3) & 3
    for s in range(4):
        if s == trump or L[leader, s] == 0 or L[pa, s] != 0:
            continue
        if L[lho, s] == 0 and L[lho, trump] != 0 and hibit(L[lho, trump]) > top:
            continue
        if L[rho, s] == 0 and L[rho, trump] != 0 and hibit(L[rho, trump]) > top:
            continue
        rem = L[0, trump] | L[1, trump] | L[2, trump] | L[3, trump]
        return popcount(rem >> top)
    return 0


@inline_kernel
def _partner_ruffs(L, leader, trump):
    """Can the leader lead a side suit that partner ruffs for a trick?
    (partner void in it with a trump, each opponent following it or
    without trumps: only lengths matter, DDS's lowest quick trick)"""
    pa = (leader + 2) & 3
    if L[pa, trump] == 0:
        return False
    lho = (leader + 1) & 3
    rho = (leader + 3) & 3
    for s in range(4):
        if s == trump or L[leader, s] == 0 or L[pa, s] != 0:
            continue
        if (L[lho, s] != 0 or L[lho, trump] == 0) and (L[rho, s] != 0 or L[rho, trump] == 0):
            return True
    return False


@inline_kernel
def _longest_other(L, q, s):
    """The most cards of suit ``s`` any hand but seat ``q``'s holds."""
    longest = 0
    for o in range(4):
        if o != q and popcount(L[o, s]) > longest:
            longest = popcount(L[o, s])
    return longest


@kernel
def _run_relevance(L, q, s, k):
    """The top cards that seat ``q``'s run of ``k`` top cards of suit ``s``
    relies on: the k cards, or when no other hand holds more than k cards
    (the whole suit wins) only those that draw the others' cards, as many as
    the longest other hand holds."""
    longest = _longest_other(L, q, s)
    return longest if longest <= k else k


@kernel
def _run_tricks(L, q, s, k):
    """Tricks seat ``q`` takes with its run of ``k`` top cards of suit
    ``s`` (no trump): the whole suit when no other hand holds more than k
    cards of it, else k."""
    if k == 0 or _longest_other(L, q, s) > k:
        return k
    return popcount(L[q, s])


@inline_kernel
def sure_trumps(L, rules, sides, side):
    """Trump tricks ``side`` wins whatever happens, and how many top trumps
    that relies on (besides the lengths): every trump of one hand above the
    other side's best trump wins the trick it is played to, and each is
    played to a different trick (0, 0 without trumps). It relies on the
    trumps down to the last of those of the hand (all the side's: the
    other side's best is lower whoever holds the trumps below), not on
    the other side's best trump; of two hands counting as many, the one
    relying on fewer."""
    t = rules[R_TRUMP]
    if t < 0:
        return 0, 0
    theirs = 0
    rem = 0
    for q in range(SEATS):
        rem |= L[q, t]
        if sides[q] != side:
            theirs |= L[q, t]
    best = 0
    low = -1
    for q in range(SEATS):
        if sides[q] == side:
            above = L[q, t] >> (hibit(theirs) + 1) << (hibit(theirs) + 1) if theirs else L[q, t]
            c = popcount(above)
            if c > best or (c == best and c > 0 and lobit(above) > low):
                best = c
                low = lobit(above)
    if best == 0 or theirs == 0:
        return best, 0
    return best, popcount(rem >> low)


@inline_kernel
def later_trumps(L, leader, trump, sides):
    """Trump tricks the side *not* on lead takes whatever happens, from its
    top trumps (DDS's later tricks with trumps), and how many top trumps
    that relies on (besides the lengths): (0, 0) when none is sure.

    * it holds the two top trumps, and a hand holding one of them holds
      another trump: two tricks (the top trumps fall together only when
      both hands have nothing else to play, and neither leads);
    * the other side holds the top trump, and the second best sits over
      it (the next hand in the rotation) with another trump: one trick
      (it is played only after the top trump has been seen);
    * the other side holds the top trump, and it holds the second and the
      third best, the second guarded: one trick."""
    if trump < 0:
        return 0, 0
    rem = L[0, trump] | L[1, trump] | L[2, trump] | L[3, trump]
    if popcount(rem) < 2:
        return 0, 0
    side = 1 - sides[leader]
    r1 = hibit(rem)
    r2 = hibit(rem ^ (1 << r1))
    h1 = _owner(L, trump, r1)
    h2 = _owner(L, trump, r2)
    if sides[h2] != side:
        return 0, 0
    if sides[h1] == side:
        if popcount(L[h1, trump]) > 1 or popcount(L[h2, trump]) > 1:
            return 2, 2
        return 0, 0
    if popcount(L[h2, trump]) < 2:
        return 0, 0
    if h2 == ((h1 + 1) & 3):
        return 1, 2
    x = rem ^ (1 << r1) ^ (1 << r2)
    if x != 0 and sides[_owner(L, trump, hibit(x))] == side:
        return 1, 3
    return 0, 0


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
# the keys and bounds of those entries only (2.2 a probe on the tables of
# deals 5000-5005, where 13 had the same tag and lengths). Reading the keys
# of every entry took 48 cache lines (perf put 40% of the probe on the
# first load of each entry); a branch on each tag mispredicted at random.
# A suit's pattern is the owners of its k top cards (2 bits each, strongest
# first) then k (4 bits). A lengths key has at most ``PT_WAYS`` entries, and
# deep searches visit many more patterns per key: 64 ways took 18% fewer
# nodes than 32 on opening leads (128: 4% fewer again, slower scans).
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
    a loop over the cards, which took 15% of a table's time.)"""
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
    without reading their keys (12 of the 13 entries of a probe with the
    same lengths failed the pattern)."""
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
    first of the least age (98.5% of the stores make a new entry; a loop
    with a branch per entry took a third of the store's samples)."""
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
    entry's keys had a fifth of the probe's samples)."""
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


# -- per-depth frame of the iterative search ------------------------------------
F_NTR = 0
F_LEADER = 1
F_NEED = 2
F_NM = 3
F_IDX = 4
F_SLOT = 5       # first row of the table bucket (-1: no table entry here)
F_LK = 6         # the hand lengths key
F_P = 7
F_MAX = 8
F_REL = 9        # 4 columns: lowest relevant rank per suit over the children tried
F_WS = 13        # the move tried completed a trick won by rank: its suit (else -1)
F_WR = 14        # ... and its rank
F_GAIN = 15      # the trick the move tried banks for the max side (0 or 1)
F_BEST = 16      # the best value of the children tried (fail-soft)
F_SKIP = 17      # 4 columns: a failed card below its child's relevant rank makes the
                 # hand's lower cards of the suit equivalent (skip those below this)
F_KILL = 21      # the move that last cut at this ply (kept between searches) ...
F_KGEN = 22      # ... and the generation it belongs to
F_CF = 23        # 4 columns: the suit codes at the probe (``_suit_codes``), for the store
F_CNT = 27       # 4 columns: ... and the suits' card counts
N_FRAME = 31


@kernel
def _keep_codes(fr, d, cf, cnt):
    """Keep the suit codes of frame d's probe for its store
    (``_frame_codes`` reads them back)."""
    for s in range(4):
        fr[d, F_CF + s] = cf[s]
        fr[d, F_CNT + s] = cnt[s]


@kernel
def _frame_codes(fr, d, cf, cnt):
    """The suit codes frame d kept from its probe, into ``cf``/``cnt``."""
    for s in range(4):
        cf[s] = fr[d, F_CF + s]
        cnt[s] = fr[d, F_CNT + s]


@kernel
def tt_store(tt_keys, tt_vals, slot, k1, k2, gen, value, is_lower, best):
    """Record that the future value of the position keyed (k1, k2) is at
    least (``is_lower``) or at most ``value``, and its best move."""
    if not (tt_keys[slot, 2] == gen and tt_keys[slot, 0] == k1 and tt_keys[slot, 1] == k2):
        tt_keys[slot, 0] = k1
        tt_keys[slot, 1] = k2
        tt_keys[slot, 2] = gen
        tt_vals[slot, 0] = -1000000
        tt_vals[slot, 1] = 1000000
        tt_vals[slot, 2] = -1
    tt_tighten(tt_vals, slot, value, is_lower, best)


@kernel
def tt_tighten(tt_vals, slot, value, is_lower, best):
    """Raise the entry's lower bound (``is_lower``) or lower its upper
    bound to ``value``; remember the best move if one is given."""
    if is_lower:
        if value > tt_vals[slot, 0]:
            tt_vals[slot, 0] = value
    elif value < tt_vals[slot, 1]:
        tt_vals[slot, 1] = value
    if best >= 0:
        tt_vals[slot, 2] = best


@allocating_kernel
def search(L, ts, tr, ntr0, d0, leader0, need0, lost0, rules, sides, pts, zob,
           tt_keys, tt_vals, mv, sc, lg, fr, ctx):
    """Can the max side take at least ``need0`` more tricks from here?
    Answered fail-soft: a value v of the future with v >= need0 meaning
    "yes, and the value is at least v", v < need0 "no, and the value is at
    most v".

    An iterative alpha-beta (null window), one frame per ply in
    ``fr[depth]``; ``L`` and ``ts``/``tr`` are restored on return. (Numba
    does not cache recursive functions reliably, hence no recursion.)
    Bounds are stored by partition (see above). ``lost0``, ``pts`` and
    ``zob`` are unused: the api calls every game's search alike."""
    scratch = np.empty((4, 4), dtype=np.int64)
    return _search(L, ts, tr, ntr0, d0, leader0, need0, rules, sides, tt_keys, tt_vals,
                   mv, sc, lg, fr, ctx, scratch)


@kernel
def _search(L, ts, tr, ntr0, d0, leader0, need0, rules, sides, tt_keys, tt_vals, mv, sc, lg,
            fr, ctx, scratch):
    """``search``'s work, without numba's reference counting: compiled with
    it (to create its scratch arrays), the search counted a reference up and
    down (an atomic instruction) for each array passed at every call of a
    helper, 8% of a node's time (perf). ``scratch``: four rows of 4 (the
    relevant ranks answered by the last frame, the suit codes and counts,
    the top cards a bound used)."""
    # the lanes, the moves and the frames seen again with their row length
    # a constant: their 2-D indexing then multiplies by a constant, not by a
    # stride kept on the stack
    L = _view(_at(L, 0), (L.shape[0], NSUITS))
    mv = _view(_at(mv, 0), (mv.shape[0], MAXMOVES))
    fr = _view(_at(fr, 0), (fr.shape[0], N_FRAME))
    maxside = rules[R_MAXSIDE]
    trump = rules[R_TRUMP]
    gen = rules[R_GEN]
    rt = scratch[0]     # relevant ranks answered by the last frame
    cf = scratch[1]
    cnt = scratch[2]
    used = scratch[3]
    d = d0
    fr[d, F_NTR] = ntr0
    fr[d, F_LEADER] = leader0
    fr[d, F_NEED] = need0
    entering = True
    val = 0
    while True:
        expand = False
        if entering:
            ntr = fr[d, F_NTR]
            leader = fr[d, F_LEADER]
            need = fr[d, F_NEED]
            ctx[C_NODES] += 1
            if ctx[C_NODES] > ctx[C_LIMIT]:
                ctx[C_ABORT] = 1
                # put back the cards played below the root
                for dd in range(d - 1, d0 - 1, -1):
                    m = mv[dd, fr[dd, F_IDX]]
                    L[fr[dd, F_P], m >> 5] |= 1 << (m & 31)
                return 0
            resolved = False
            slot = -1
            best = -1
            for s in range(4):
                rt[s] = NOREL
            if ntr == 0:
                ctx[C_TRICKS] += 1
                tl = _tricks_left(L, leader)
                if need <= 0:
                    val = 0
                    resolved = True
                elif need > tl:
                    val = tl
                    resolved = True
                elif tl == 1:
                    val = _last_trick(L, leader, rules, sides, rt)
                    resolved = True
                else:
                    resolved, val = _trick_bounds(L, leader, need, tl, rules, sides, used, rt)
                if not resolved:
                    lk = _suit_codes(L, cf, cnt)
                    slot = _pt_bucket(lk, leader, rules[R_TTMASK])
                    ctx[C_TTPROBES] += 1
                    fr[d, F_LK] = lk
                    _keep_codes(fr, d, cf, cnt)
                    found, best, bv = _pt_probe(L, -1 - gen * 4 - leader, lk, slot, need,
                                                tt_keys, tt_vals, scratch)
                    if found >= 0:
                        ctx[C_TTHITS] += 1
                        val = bv
                        resolved = True
            elif ntr == 1:
                resolved, val = _second_hand_bound(L, ts, tr, d - 1, leader, need, rules, sides,
                                                   used, rt)
            if not resolved:
                p = (leader + ntr) & 3
                fr[d, F_P] = p
                fr[d, F_MAX] = 1 if sides[p] == maxside else 0
                fr[d, F_BEST] = -1000000 if sides[p] == maxside else 1000000
                fr[d, F_SLOT] = slot
                for s in range(4):
                    fr[d, F_REL + s] = NOREL
                    fr[d, F_SKIP + s] = -1
                nm = _gen_keys_into(L, ts, tr, d - ntr, ntr, mv, d, leader, p, trump, sides,
                                    best, fr[d, F_KILL] if fr[d, F_KGEN] == gen else -1)
                for i in range(nm):
                    mv[d, i] &= KEY_MOVE
                fr[d, F_NM] = nm
                fr[d, F_IDX] = 0
                expand = True
        else:
            # a child of frame d answered ``val``: take its card back
            p = fr[d, F_P]
            i = fr[d, F_IDX]
            m = mv[d, i]
            L[p, m >> 5] |= 1 << (m & 31)
            ws = fr[d, F_WS]
            if ws >= 0 and fr[d, F_WR] < rt[ws]:
                rt[ws] = fr[d, F_WR]
            maximizing = fr[d, F_MAX] == 1
            val += fr[d, F_GAIN]
            yes = val >= fr[d, F_NEED]
            if yes == maximizing:
                fr[d, F_KILL] = m
                fr[d, F_KGEN] = gen
                ctx[C_CUTS] += 1
                if i == 0:
                    ctx[C_FIRSTCUTS] += 1
                slot = fr[d, F_SLOT]
                if slot >= 0:
                    _frame_codes(fr, d, cf, cnt)
                    _pt_store(L, -1 - gen * 4 - fr[d, F_LEADER], fr[d, F_LK], slot,
                              val, yes, _relative_move(L, m),
                              tt_keys, tt_vals, scratch, ctx[C_TTSTORES])
                    ctx[C_TTSTORES] += 1
            else:
                for s in range(4):
                    if rt[s] < fr[d, F_REL + s]:
                        fr[d, F_REL + s] = rt[s]
                if (val > fr[d, F_BEST]) == maximizing:
                    fr[d, F_BEST] = val
                s = m >> 5
                if s < 4 and (m & 31) < rt[s] and rt[s] > fr[d, F_SKIP + s]:
                    fr[d, F_SKIP + s] = rt[s]
                fr[d, F_IDX] = i + 1
                expand = True
        if expand:
            # cards below the relevant rank of a failed card of their suit
            # lead to the same partition: they fail as well
            i = fr[d, F_IDX]
            while i < fr[d, F_NM] and (mv[d, i] & 31) < fr[d, F_SKIP + (mv[d, i] >> 5)]:
                i += 1
            fr[d, F_IDX] = i
            if i < fr[d, F_NM]:
                ntr = fr[d, F_NTR]
                leader = fr[d, F_LEADER]
                need = fr[d, F_NEED]
                p = fr[d, F_P]
                m = mv[d, i]
                s = m >> 5
                r = m & 31
                L[p, s] ^= 1 << r
                ts[d] = s
                tr[d] = r
                fr[d, F_WS] = -1
                fr[d, F_GAIN] = 0
                if ntr + 1 == SEATS:
                    base = d - ntr
                    wi = trick_winner(ts, tr, base, SEATS, trump)
                    w = (leader + wi) & 3
                    # the winner's rank matters when it beat a card of its suit
                    for j in range(SEATS):
                        if j != wi and ts[base + j] == ts[base + wi] and ts[base + wi] < 4:
                            fr[d, F_WS] = ts[base + wi]
                            fr[d, F_WR] = tr[base + wi]
                    gain = 1 if sides[w] == maxside else 0
                    _prefetch_tags(tt_vals, _pt_bucket(_lengths_key(L), w, rules[R_TTMASK]))
                    fr[d + 1, F_NTR] = 0
                    fr[d + 1, F_LEADER] = w
                    fr[d + 1, F_NEED] = need - gain
                    fr[d, F_GAIN] = gain
                else:
                    fr[d + 1, F_NTR] = ntr + 1
                    fr[d + 1, F_LEADER] = leader
                    fr[d + 1, F_NEED] = need
                d += 1
                entering = True
                continue
            # every move failed for the side to play
            val = fr[d, F_BEST]
            for s in range(4):
                rt[s] = fr[d, F_REL + s]
            _widen_blocks(L, ts, tr, d - fr[d, F_NTR], fr[d, F_NTR], fr[d, F_P], rt)
            slot = fr[d, F_SLOT]
            if slot >= 0:
                _frame_codes(fr, d, cf, cnt)
                _pt_store(L, -1 - gen * 4 - fr[d, F_LEADER], fr[d, F_LK], slot,
                          val, val >= fr[d, F_NEED], np.int64(-1), tt_keys, tt_vals, scratch,
                          ctx[C_TTSTORES])     # (a literal -1 compiled a second store)
                ctx[C_TTSTORES] += 1
        # frame d is answered: hand ``val`` (and ``rt``) to its parent
        if d == d0:
            return val
        d -= 1
        entering = False


@kernel
def _last_trick(L, leader, rules, sides, rt):
    """The last trick, every hand holding one card: 1 if the max side wins
    it; ``rt`` gets the winner's rank when it beat a card of its suit."""
    trump = rules[R_TRUMP]
    ws = -1
    wr = -1
    beat = False
    for k in range(4):
        q = (leader + k) & 3
        for s in range(4):
            if L[q, s] != 0:
                r = hibit(L[q, s])
                if k == 0:
                    ws = s
                    wr = r
                    w = q
                elif s == ws:
                    beat = True
                    if r > wr:
                        wr = r
                        w = q
                elif s == trump:
                    ws = s
                    wr = r
                    w = q
                    beat = False
    # a trump that beat another trump is relevant, as a card of the suit led
    if beat:
        rt[ws] = wr
    return 1 if sides[w] == rules[R_MAXSIDE] else 0


@inline_kernel
def _trick_bounds(L, leader, need, tl, rules, sides, used, rt):
    """``_trick_bounds_at`` given arrays (passed as pointers, ``_at``)."""
    return _trick_bounds_at(_at(L, 0), leader, need, tl, _at(rules, 0), _at(sides, 0),
                            _at(used, 0), _at(rt, 0))


@kernel
def _trick_bounds_at(Lp, leader, need, tl, rp, sp, up, rtp):
    """Answer a trick start from the cheap bounds when they settle it:
    (settled, the bound). Quick tricks of the leader's side, then trumps
    above all the other side's; ``rt`` gets the top cards they rely on."""
    L = _view(Lp, (SEATS, NSUITS))
    rules = _view(rp, (N_RULES,))
    sides = _view(sp, (SEATS,))
    used = _view(up, (SUITS,))
    rt = _view(rtp, (SUITS,))
    maxside = rules[R_MAXSIDE]
    # the leader's side needs ``need`` tricks to answer yes, the other side
    # tl - need + 1 to answer no
    cutoff = need if sides[leader] == maxside else tl - need + 1
    q = 0
    if _quick_tricks_most(L, leader, rules[R_TRUMP]) >= cutoff:
        q = _quick_tricks_count(L, leader, rules, sides, used, cutoff, False)
    if sides[leader] == maxside:
        if q >= need:
            _used_ranks(L, used, rt)
            return True, q
    elif need > tl - q:
        _used_ranks(L, used, rt)
        return True, tl - q
    if (sides[leader] == maxside and need == tl) or (sides[leader] != maxside and need == 1):
        # the side on lead needs every trick left
        if _cannot_take_all(L, leader, rules, sides, tl, rt):
            return True, (tl - 1 if need == tl else 1)
    if rules[R_TRUMP] < 0:
        return False, 0
    # the trump counts below cannot settle the node: skip them
    if _longest_trumps(L, rules[R_TRUMP], sides, maxside) < need \
            and need <= tl - _longest_trumps(L, rules[R_TRUMP], sides, 1 - maxside):
        return False, 0
    k, kt = sure_trumps(L, rules, sides, maxside)
    lt, ltt = later_trumps(L, leader, rules[R_TRUMP], sides)
    if sides[leader] != maxside and lt > k:
        k, kt = lt, ltt
    val = k
    if k < need:
        k, kt = sure_trumps(L, rules, sides, 1 - maxside)
        if sides[leader] == maxside and lt > k:
            k, kt = lt, ltt
        if need <= tl - k:
            return False, 0
        val = tl - k
    for s in range(4):
        used[s] = kt if s == rules[R_TRUMP] else 0
    _used_ranks(L, used, rt)
    return True, val

@kernel
def _second_hand_tricks(L, s, r, p, trump, used, cutoff):
    """Tricks the side of the second hand ``p`` takes for sure from the
    trick led with (s, r): 0 unless it wins this one whatever is played
    (it can ruff and the third hand cannot, nor follow above it; or its
    best card of the suit beats the lead and the third hand's cards there,
    which cannot ruff). When it wins with a best card, the hand holding it
    keeps the lead and cashes on (DDS's quick tricks of the second hand):
    its run of top cards in the suit led, then in the other suits its top
    runs (every card where no other hand holds more than the run, in the
    suit led once this trick is over, relying only on the top cards that
    draw theirs), only in suits no opponent can ruff. ``used`` gets the
    lowest rank each count relies on (``NOREL``: none); the rest are
    lengths. The count stops once it reaches ``cutoff`` (the suit led
    first, then the others in turn): the suits it did not need add no
    relied-on card."""
    pa = (p + 2) & 3
    third = (p + 1) & 3
    for t in range(4):
        used[t] = NOREL
    third_ruffs = trump >= 0 and s != trump and L[third, s] == 0 and L[third, trump] != 0
    if trump >= 0 and s != trump and ((L[p, s] == 0 and L[p, trump] != 0)
                                      or (L[pa, s] == 0 and L[pa, trump] != 0)):
        return 0 if third_ruffs else 1
    own = L[p, s] | L[pa, s]
    if own == 0 or third_ruffs:
        return 0
    top = hibit(own)
    if top < r or (L[third, s] != 0 and hibit(L[third, s]) > top):
        return 0
    used[s] = top
    # the winner leads on: no opponent may ruff a suit it cashes
    hh = p if (L[p, s] >> top) & 1 else pa
    lho = (hh + 1) & 3
    rho = (hh + 3) & 3
    opp_trumps = trump >= 0 and (L[lho, trump] | L[rho, trump]) != 0
    total = 1
    for i in range(4):
        if total >= cutoff:
            return total
        t = (s + i) & 3
        if L[hh, t] == 0 or (opp_trumps and t != trump):
            continue
        rem = L[0, t] | L[1, t] | L[2, t] | L[3, t]
        if t != s and rem == L[hh, t]:
            total += popcount(L[hh, t])      # nobody else holds the suit
            continue
        k = top_run(L[hh, t], rem)
        if t == s:
            k -= 1                           # this trick takes the first
            # the others' longest after this trick (the leader has played)
            after = 0
            for o in range(SEATS):
                if o != hh:
                    c = popcount(L[o, s])
                    if o != (p + 3) & 3 and c > 0:
                        c -= 1
                    if c > after:
                        after = c
            if after <= k:
                # the rest of the run draws them: every card left wins
                total += popcount(L[hh, s]) - 1
                rk = kth_rank(rem, after + 1)
                if rk < used[t]:
                    used[t] = rk
                continue
        elif k > 0:
            # a run that draws the others' cards takes the whole suit, the
            # rest winning by length (``_run_tricks``, ``_run_relevance``)
            total += _run_tricks(L, hh, t, k)
            rk = kth_rank(rem, _run_relevance(L, hh, t, k))
            if rk < used[t]:
                used[t] = rk
            continue
        if k > 0:
            total += k
            rk = kth_rank(rem, k + 1 if t == s else k)
            if rk < used[t]:
                used[t] = rk
    return total


@kernel
def _second_hand_bound(L, ts, tr, base, leader, need, rules, sides, used, rt):
    """Answer the second hand's node at once when the tricks its side
    takes for sure (``_second_hand_tricks``) settle the question: (settled,
    the bound); ``rt`` gets the top cards the count relies on."""
    p = (leader + 1) & 3
    tl = 0
    for s in range(4):
        tl += popcount(L[p, s])
    mine = sides[p] == rules[R_MAXSIDE]
    if mine and need <= 0:
        return False, 0
    q = _second_hand_tricks(L, ts[base], tr[base], p, rules[R_TRUMP], used,
                            need if mine else tl - need + 1)
    if mine and q < need:
        return False, 0
    if not mine and need <= tl - q:
        return False, 0
    for s in range(4):
        if used[s] < rt[s]:
            rt[s] = used[s]
    return True, (q if mine else tl - q)


@kernel
def _cannot_take_all(L, leader, rules, sides, tl, rt):
    """DDS's later-tricks bound: with no trump in play, the side on lead
    takes every trick left only by leading each trick, and a trick led in a
    suit whose top card the other side holds is not sure; so the side's
    tricks are at most the longer of its two hands in each suit it tops.
    When that is below the tricks left it cannot take them all; ``rt``
    gets the top card of each suit the other side tops (and others
    hold). Also when the other side tops every suit the leader holds (it
    wins the first trick whatever is led: DDS's quick tricks at 0); ``rt``
    then gets only those suits' top cards."""
    trump = rules[R_TRUMP]
    if trump >= 0:
        for q in range(4):
            if L[q, trump] != 0:
                return False
    side = sides[leader]
    total = 0
    first_lost = True
    for s in range(4):
        rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
        if rem == 0:
            continue
        top = hibit(rem)
        holder = _owner(L, s, top)
        if sides[holder] == side:
            total += max(popcount(L[holder, s]), popcount(L[(holder + 2) & 3, s]))
            if L[leader, s] != 0:
                first_lost = False
    if total >= tl and not first_lost:
        return False
    # below the tricks left by a margin, a suit the other side tops needs no
    # top card when the side's longer hand there fits in the margin (were
    # the side to top it, the count would still fall short); the side's
    # lengths are in the table's key. Else the first trick's rule, when it
    # relies on fewer suits.
    slack = tl - 1 - total
    short = 0       # the suits the other side tops that the margin leaves fixed
    led = 0         # the suits the other side tops that the leader holds
    for s in range(4):
        rem = L[0, s] | L[1, s] | L[2, s] | L[3, s]
        if rem == 0:
            continue
        holder = _owner(L, s, hibit(rem))
        if sides[holder] == side or rem == L[holder, s]:
            continue
        if L[leader, s] != 0:
            led |= 1 << s
        m = max(popcount(L[leader, s]), popcount(L[(leader + 2) & 3, s]))
        if slack >= m:
            slack -= m
        else:
            short |= 1 << s
    fixed = short
    if first_lost and (total >= tl or popcount(led) < popcount(short)):
        fixed = led
    while fixed:
        s = lobit(fixed)
        fixed &= fixed - 1
        top = hibit(L[0, s] | L[1, s] | L[2, s] | L[3, s])
        if top < rt[s]:
            rt[s] = top
    return True


@kernel
def _relative_move(L, m):
    """A lead as its suit and its rank among the remaining cards from the
    top (valid in every position with the same relative ranks)."""
    s = m >> 5
    r = m & 31
    rem = 0
    for q in range(SEATS):
        rem |= L[q, s]
    above = rem & ~((2 << r) - 1)
    return s * 32 + popcount(above)
