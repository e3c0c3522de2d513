"""Bridge's move generation and order: the legal cards, one card per block
of equivalent cards, ordered by DDS's rules for each hand's place in the
trick (the lead, second hand, third hand, the last hand, voids), with the
table's best lead and the last lead that cut at the same depth ("killer")
raised (``_gen_keys_into``); and the trick's winner (``trick_winner``).
"""

from __future__ import annotations

from ..jit import inline_kernel, kernel
from ..common import (MAXMOVES, NSUITS, R_TRUMP, SEATS, SUITS, _at, _view, hibit, kth_rank,
                      lobit, popcount)


# DDS's bonuses of a lead that last cut at this ply (the killer) or is the
# table's best lead (which may come from another partition), larger when the
# lead wins the trick (``_lead_bonus``; the flat bonuses tried before took
# more nodes: docs/SOLVER_HISTORY.md).
KILLER_WIN_NT, KILLER_NT, TT_WIN_NT, TT_NT = 126, 47, 32, 19
KILLER_WIN_TRUMPS, KILLER_TRUMPS, TT_WIN_TRUMPS, TT_TRUMPS = 55, 18, 18, 0
# ``_pt_probe``'s lead is a hint (another entry's): its bonus puts it first
HINT_FLAG = 128
HINT_BONUS = 1000


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
    was before 2026-12-01, it reversed DDS's choice inside each suit and
    took more nodes: docs/SOLVER_HISTORY.md.)"""
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
    in play (fewer nodes than a killer's 30 plus a table's 15 whatever
    the lead). ``own``: the table's lead is the position's own entry's;
    else it is the hint (the best lead of an entry of the same lengths and
    top-card owners, ``_pt_probe``), tried first; the hint rather than the
    own entry's lead where both are, the most recent of several hints:
    the fewest nodes of the orders tried (docs/SOLVER_HISTORY.md)."""
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
