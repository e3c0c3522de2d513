"""Static bounds of the point games' value still to come, computed at a trick
start without search: the points and tricks no opponent can take away
(master trumps, the leader's cash, tarot's lone taker's trick count,
tarocco's sure tricks), the points of the cards left, and the range of the
end-of-deal terms (``trick_start_bounds``, ``cash_bounds``, ``belote_bounds``).
Every bound holds the naive search's value (tests/solver/test_solver_point_bounds.py
and its neighbours).
"""

from __future__ import annotations

from ..jit import inline_kernel, kernel
from ..common import NSUITS, R_MAXSIDE, R_TRUMP, hibit, popcount
from .tricks import (BELOTE, G_FOOLSIDE, G_KIND, G_LASTBONUS, G_TSPAN, SMEAR, TAROCCO, TAROT,
                     TAROT2, T_WON0, T_WON1, others_cards, seat_after, smear_jack_range,
                     suit_cards, term, term_range)


@kernel
def cards_left_sums(L, H, n, bp, gpt):
    """(cards left in the hands and piles, their ``bp`` and ``gpt`` sums):
    computed once at the root; the search keeps them up to date card by
    card."""
    cnt = 0
    b = 0
    g = 0
    for q in range(n):
        for s in range(NSUITS):
            x = L[q, s] | H[q, s]
            while x:
                r = hibit(x)
                x ^= 1 << r
                cnt += 1
                b += bp[s, r]
                g += gpt[s, r]
    return cnt, b, g


@inline_kernel
def side_cards(L, n, s, sides, maxside):
    """(the max side's cards of lane ``s`` in hand, the min side's)."""
    mine = 0
    theirs = 0
    for q in range(n):
        if sides[q] == maxside:
            mine |= L[q, s]
        else:
            theirs |= L[q, s]
    return mine, theirs


@inline_kernel
def master_trump_points(L, n, trump, sides, kp, maxside):
    """Points of the max side's trumps that outrank every trump of the min
    side, and the same for the min side: a trick holding such a card goes
    to its side whatever is played, so those points are sure."""
    mine, theirs = side_cards(L, n, trump, sides, maxside)
    return _points_above(mine, theirs, trump, kp), _points_above(theirs, mine, trump, kp)


@inline_kernel
def lowbit_points(x, s, kp):
    """Points of the lowest card of the bit set ``x`` of lane ``s`` (0 for
    none). Belote's plain suits count more the stronger the card, so this is
    the cheapest card of the suit."""
    if x == 0:
        return 0
    return kp[s, hibit(x & -x)]


@inline_kernel
def belote_cash_points(L, leader, n, trump, sides, kp):
    """Belote, at a trick start: the points of the trick the leader's side
    is sure to win by leading the leader's master of a plain suit (the
    highest card of it left) where no opponent may ruff (each opponent
    holds the suit or has no trump), the best such suit: the master, each
    opponent's cheapest card of the suit (void: its cheapest card), the
    partner's cheapest card of the suit (void: 0, it may throw a master
    trump counted elsewhere). -1: no such suit. No trump falls from the
    other side, so the leader's side's master trumps stay masters.
    (Cashing every such suit in turn saved too few nodes to keep:
    docs/SOLVER_HISTORY.md.)"""
    best = -1
    for s in range(4):
        if s == trump or L[leader, s] == 0:
            continue
        rem = 0
        for q in range(n):
            rem |= L[q, s]
        top = hibit(rem)
        if ((L[leader, s] >> top) & 1) == 0:
            continue
        pts = kp[s, top]
        safe = True
        for k in range(1, n):
            q = seat_after(leader, k, n)
            if L[q, s] != 0:
                pts += lowbit_points(L[q, s], s, kp)
            elif sides[q] == sides[leader]:
                continue
            elif L[q, trump] != 0:
                safe = False
                break
            else:
                cheapest = 1000
                for t in range(4):
                    if L[q, t] != 0:
                        cheapest = min(cheapest, lowbit_points(L[q, t], t, kp))
                pts += cheapest if cheapest < 1000 else 0
        if safe and pts > best:
            best = pts
    return best


@inline_kernel
def belote_side_holds_master_trump(L, n, trump, sides, side):
    """Does ``side`` hold the highest trump left (a trick it is sure to win)?"""
    rem = 0
    for q in range(n):
        rem |= L[q, trump]
    if rem == 0:
        return False
    top = hibit(rem)
    for q in range(n):
        if sides[q] == side and (L[q, trump] >> top) & 1:
            return True
    return False


@inline_kernel
def belote_bounds(L, n, leader, fl, rules, sides, kp, lower, upper):
    """Belote: ``trick_start_bounds``' (lower, upper) tightened by what the
    side on lead is sure of (``leader`` leads the next trick): a plain-suit
    master it can cash (``belote_cash_points``), and no capot for the max
    side once the min side is sure of a trick (that, or the master trump)."""
    trump = rules[R_TRUMP]
    maxside = rules[R_MAXSIDE]
    cash = belote_cash_points(L, leader, n, trump, sides, kp)
    min_sure_of_a_trick = False
    if sides[leader] == maxside:
        if cash > 0:
            lower += cash
    else:
        if cash > 0:
            upper -= cash
        min_sure_of_a_trick = cash >= 0
    capot = term(fl, rules)
    if capot > 0 and (min_sure_of_a_trick
                      or belote_side_holds_master_trump(L, n, trump, sides, 1 - maxside)):
        upper -= capot
    return lower, upper


@inline_kernel
def tarot_oudler_range(L, n, fl, sides, maxside, on_max, on_min, excuse_kept):
    """Tarot: the least and greatest number of oudlers (capped at 3) the
    max side can end with: those counted, plus those still in play, but
    the trump 21 (the highest trump, a master wherever it is), and the Petit
    once the other side has no trump, go to the holder's side when that
    side's masters are sure (``on_max``/``on_min`` of
    ``excuse_spares_masters``), and the Excuse to its holder's side when
    ``excuse_kept`` (``tarot_excuse_kept``)."""
    k = fl & 3
    k_lo = k
    k_hi = k
    trumps_max, trumps_min = side_cards(L, n, 4, sides, maxside)
    for q in range(n):
        k_hi += (L[q, 4] & 1) + ((L[q, 4] >> 20) & 1) + (L[q, 5] & 1)
        if (L[q, 4] >> 20) & 1:
            if sides[q] == maxside:
                k_lo += on_max
            else:
                k_hi -= on_min
        # the Petit is a master trump too once the other side has no trump
        if L[q, 4] & 1:
            if sides[q] == maxside:
                if trumps_min == 0:
                    k_lo += on_max
            elif trumps_max == 0:
                k_hi -= on_min
        if L[q, 5] != 0 and excuse_kept:
            if sides[q] == maxside:
                k_lo += 1
            else:
                k_hi -= 1
    return min(k_lo, 3), min(k_hi, 3)


@inline_kernel
def oudler_end_terms(fl, k_lo, k_hi, kept, kept_by_max, rules, kp):
    """Tarot, tarot2: the least and greatest ``term`` for the max side
    ending with ``k_lo`` / ``k_hi`` oudlers, and an Excuse its holder keeps
    (``kept``) counted for the holder's side, all its points but the half
    point of the exchange."""
    end_lo = term((fl & ~3) | k_lo, rules)
    end_hi = term((fl & ~3) | k_hi, rules)
    if kept:
        if kept_by_max:
            end_lo += kp[5, 0] - 1
        else:
            end_hi -= kp[5, 0] - 1
    return end_lo, end_hi


@inline_kernel
def tarot_end_terms(L, n, fl, cnt, rules, sides, kp, on_max, on_min):
    """Tarot, at a trick start: the least and greatest ``term`` the max
    side can end with, by the oudlers it is sure of or may still get
    (``tarot_oudler_range``), with the points of an Excuse its holder's
    side keeps (``tarot_excuse_kept``: all but the half point of the
    exchange) counted for that side."""
    maxside = rules[R_MAXSIDE]
    kept, excuse_side = tarot_excuse_kept(L, n, cnt, sides)
    k_lo, k_hi = tarot_oudler_range(L, n, fl, sides, maxside, on_max, on_min, kept)
    return oudler_end_terms(fl, k_lo, k_hi, kept, excuse_side == maxside, rules, kp)


@inline_kernel
def tarot2_end_terms(L, H, n, fl, cnt, rules, sides, kp):
    """tarot2, at a trick start with ``cnt`` cards left: the least and
    greatest ``term`` player 0 (the max side) can end with, counting the
    oudlers sure for their holder: the 21 wins whatever is played, the
    Petit too once the other player has no trump in hand or pile (every
    card is played in the end), and the Excuse playable now (in hand or
    face up, with two tricks or more left: its owner plays it before the
    last trick and keeps it, with all its points but the half point of the
    exchange, counted here)."""
    maxside = rules[R_MAXSIDE]
    k = fl & 3
    k_lo = k
    k_hi = k
    trumps_max = 0
    trumps_min = 0
    for q in range(n):
        if sides[q] == maxside:
            trumps_max |= L[q, 4] | H[q, 4]
        else:
            trumps_min |= L[q, 4] | H[q, 4]
    kept = 0
    kept_side = -1
    for q in range(n):
        mine = sides[q] == maxside
        x = L[q, 4] | H[q, 4]
        if (x >> 20) & 1:
            k_hi += 1
            if mine:
                k_lo += 1
            else:
                k_hi -= 1
        if x & 1:
            k_hi += 1
            if (trumps_min if mine else trumps_max) == 0:
                if mine:
                    k_lo += 1
                else:
                    k_hi -= 1
        if (L[q, 5] | H[q, 5]) != 0:
            k_hi += 1
            if L[q, 5] != 0 and cnt >= 2 * n:
                kept = 1
                kept_side = sides[q]
                if mine:
                    k_lo += 1
                else:
                    k_hi -= 1
    return oudler_end_terms(fl, min(k_lo, 3), min(k_hi, 3), kept, kept_side == maxside, rules,
                            kp)


@inline_kernel
def tarot_excuse_kept(L, n, cnt, sides):
    """Tarot, at a trick start with ``cnt`` cards left: (is the Excuse sure
    to stay with its holder's side, that side). Played before the last
    trick, the Excuse goes back to its owner's side, who give the winner of
    the trick half a point in exchange, and its holder may play it in any
    trick: with two tricks or more left, its side can keep its oudler and
    all its points but that half point. (0, -1) once it is played."""
    if cnt < 2 * n:
        return 0, -1
    for q in range(n):
        if L[q, 5] != 0:
            return 1, sides[q]
    return 0, -1


@inline_kernel
def excuse_spares_masters(L, n, fl, sides, maxside):
    """Tarot: (are the max side's master trumps sure, are the min side's?)
    as 1/0. A side that has won every trick so far (its ``T_WON`` flag) and
    holds the Excuse can lead it to the last trick and win that trick with
    it, whatever trumps fall: the other side's masters are then not sure.
    The flags are only ever cleared and the Excuse never changes hands, so
    when neither threat exists it never will."""
    threat_by_max = 0
    threat_by_min = 0
    for q in range(n):
        if L[q, 5] != 0:
            won = T_WON0 if sides[q] == 0 else T_WON1
            if (fl & won) != 0:
                if sides[q] == maxside:
                    threat_by_max = 1
                else:
                    threat_by_min = 1
    return 1 - threat_by_min, 1 - threat_by_max


#: tarot's card points by rank (half points): plain cards 1 to 10 one, the
#: jack 3, the cavalier 5, the queen 7, the king 9; trumps one, but the Petit
#: and the 21 (bits 0 and 20) nine; the Excuse nine
TAROT_LOW_PLAIN = (1 << 10) - 1
TAROT_LOW_TRUMPS = ((1 << 20) - 1) & ~1


@inline_kernel
def tarot_court_nibbles(x0, x1, x2, x3):
    """Tarot: the court cards (ranks 10-13: jack, cavalier, queen, king) of
    the four plain suits ``x0..x3`` as one nibble a suit, so that a popcount
    of ``0x8888`` counts the kings, ``0x4444`` the queens, and so on."""
    return (((x0 >> 10) & 15) | (((x1 >> 10) & 15) << 4) | (((x2 >> 10) & 15) << 8)
            | (((x3 >> 10) & 15) << 12))


@inline_kernel
def cheapest_cards_points(L, q, k, excuse_value):
    """Tarot: the least points ``k`` cards of seat ``q`` can hold, the
    Excuse counted ``excuse_value`` (1 or 0): the sum of its ``k`` cheapest
    cards, counted by rank with popcounts (tarot's points, above)."""
    c0 = 0
    c1 = popcount(L[q, 4] & TAROT_LOW_TRUMPS)
    c9 = popcount(L[q, 4] & ~TAROT_LOW_TRUMPS)
    if L[q, 5] != 0:
        if excuse_value <= 0:
            c0 = 1
        else:
            c1 += 1
    for s in range(4):
        c1 += popcount(L[q, s] & TAROT_LOW_PLAIN)
    left = k - c0
    if left <= c1:
        return max(left, 0)
    total = c1
    left -= c1
    court = tarot_court_nibbles(L[q, 0], L[q, 1], L[q, 2], L[q, 3])
    for j in range(4):
        take = min(left, popcount(court & (0x1111 << j)))
        total += take * (2 * j + 3)      # jacks 3, cavaliers 5, queens 7, kings 9
        left -= take
    return total + 9 * min(left, c9)


@inline_kernel
def tarot_cash(L, leader, n, cnt, sides, kp, keep_fool):
    """Tarot (tarocco, ``keep_fool`` False: its Matto stays with its owner
    whenever it is played), at a trick start: (tricks, points of the leader's own cards
    in them) that the leader is sure to win in a row from the lead, keeping
    it: first its trumps above every other seat's (each other seat must
    follow with a trump while it has one, but may play the Excuse once
    instead), then, every plain suit in turn, its cards above every other
    seat's card of the suit, as many as each seat that may still hold a
    trump holds cards of it (a seat void in the suit led must trump). When
    the other seats are out of trumps after the first part, all the
    leader's trumps count. Every card of those tricks goes to the leader's
    side. With the Excuse, the leader cashes at most all but two tricks, so
    that it can still play the Excuse before the last trick."""
    tl = cnt // n
    others = others_cards(L, n, 4, leader)
    mine = L[leader, 4]
    floor = hibit(others) if others != 0 else -1
    top = mine >> (floor + 1)
    a = popcount(top)
    pts = _points_above(mine, others, 4, kp)
    dry = 1
    may_ruff = 0     # bit q: seat q may still hold a trump after the first part
    for q in range(n):
        if q != leader and L[q, 4] != 0:
            t = popcount(L[q, 4])
            left = t - a + (1 if L[q, 5] != 0 else 0)
            if min(t, left) > 0:
                may_ruff |= 1 << q
                dry = 0
    if dry and mine != 0:
        a = popcount(mine)
        pts = _points_above(mine, 0, 4, kp)
    k = a
    for s in range(4):
        x = L[leader, s]
        if x == 0:
            continue
        oth = others_cards(L, n, s, leader)
        fl_s = hibit(oth) if oth != 0 else -1
        c = popcount(x >> (fl_s + 1))
        for q in range(n):
            if (may_ruff >> q) & 1:
                c = min(c, popcount(L[q, s]))
        # the leader's ``c`` highest cards of the suit
        y = x
        for _ in range(c):
            r = hibit(y)
            y ^= 1 << r
            pts += kp[s, r]
        k += c
    cap = tl - 2 if L[leader, 5] != 0 and keep_fool else tl
    if k > cap:
        # keep the cheapest of the plan out: count the cap's worth at the
        # points of the leader's cheapest cards of it (a lower bound)
        k = max(cap, 0)
        pts = 0
    return k, pts


@inline_kernel
def dearest_points(x0, x1, x2, x3, x4, k, kp):
    """Tarot: the most points ``k`` cards of the lanes ``x0..x4`` (plain
    suits, trumps) can hold: the sum of their ``k`` dearest (half points
    9, 7, 5, 3, then 1), counted by rank with popcounts (tarot's points,
    as ``cheapest_cards_points``; ``kp`` unused: a walk over the cards
    comparing their ``kp`` was slower, docs/SOLVER_HISTORY.md)."""
    if k <= 0:
        return 0
    court = tarot_court_nibbles(x0, x1, x2, x3)
    left = k
    total = 0
    for v in range(9, 0, -2):
        if v == 9:
            c = popcount(court & 0x8888) + popcount(x4 & ~TAROT_LOW_TRUMPS)
        elif v == 1:
            c = (popcount(x0 & TAROT_LOW_PLAIN) + popcount(x1 & TAROT_LOW_PLAIN)
                 + popcount(x2 & TAROT_LOW_PLAIN) + popcount(x3 & TAROT_LOW_PLAIN)
                 + popcount(x4 & TAROT_LOW_TRUMPS))
        else:
            # the queens (7), cavaliers (5), jacks (3): nibble bits 2, 1, 0
            c = popcount(court & (0x1111 << ((v - 3) >> 1)))
        take = min(left, c)
        total += take * v
        left -= take
    return total


@inline_kernel
def defence_kept_masters(L, n, taker, sides, suits):
    """Tarot, at a trick start: a bit mask of plain suits (of ``suits``)
    in which the lone taker's first card played cannot win, one suit per
    defender: one where he holds the master (the highest card left) and
    the taker holds cards. The defender keeps that master until the suit
    is led, then plays it. Until the taker plays his first card of the
    suit the suit is not led (he would follow), so the defender still holds
    the master then (he gives it up unforced only as his last card, and
    then the taker's last card is of the suit too): if the suit is led in
    that trick the master or a defender's trump wins it; if not, the taker
    discards (void, no trump) and cannot win it. With two masters kept a
    defender can be squeezed into discarding one: one a defender. Not the
    Excuse's holder: he may lead the Excuse and let the taker set the suit
    after him, and he must play it before the last trick to keep it."""
    guarded = 0
    for q in range(n):
        if sides[q] == sides[taker] or L[q, 5] != 0:
            continue
        for s in range(4):
            if (suits >> s) & 1 and L[q, s] != 0 and hibit(L[q, s]) == hibit(suit_cards(L, n, s)):
                guarded |= 1 << s
                break
    return guarded


@inline_kernel
def tarot_taker_tricks(L, n, taker, tl, sides, on_min):
    """Tarot, at a trick start with ``tl`` tricks left: (the most tricks
    the lone taker ``taker`` can still win, a bit mask per plain suit of
    the suits whose cards may win one). Every trick the taker wins is won
    by his trump or, with no trump in it, by his plain card of the suit
    led. A defender's trump is in a trick the taker wins only if a higher
    trump of the taker is in it: a defender with ``T`` trumps of which the
    taker's trumps can top at most ``m`` (a greedy matching by rank) wins
    ``T - m`` tricks (one fewer while the taker may win the last trick
    with the Excuse, ``on_min`` 0). A plain card of suit ``s`` wins only
    once every defender void in ``s`` has played all his trumps (one a
    trick; the Excuse holder is left out, for he may play it instead of
    trumping): not before trick ``e_s + 1`` from now, ``e_s`` their most
    trumps. Third: the suits whose first card of the taker's loses
    (``defence_kept_masters``), one card fewer each. Fourth: while the taker
    has won every trick and holds the Excuse, it may win the last trick (one
    more: without it a slam line's bound fell below the value)."""
    mine = L[taker, 4]
    t = popcount(mine)
    sure = 0
    exc = -1
    for q in range(n):
        if sides[q] != sides[taker] and L[q, 5] != 0:
            exc = q
    for q in range(n):
        if sides[q] == sides[taker]:
            continue
        theirs = L[q, 4]
        if theirs == 0:
            continue
        # greedy matching: each taker trump tops the lowest open defender trump
        pending = 0
        m = 0
        x = mine | theirs
        while x:
            r = x & -x
            x ^= r
            if (theirs & r) != 0:
                pending += 1
            elif pending > 0:
                pending -= 1
                m += 1
        sure = max(sure, popcount(theirs) - m)
    if on_min == 0 and sure > 0:
        sure -= 1
    suits = 0
    plain = 0
    first = tl
    for s in range(4):
        c = popcount(L[taker, s])
        if c == 0:
            continue
        e = 0
        for q in range(n):
            if sides[q] != sides[taker] and q != exc and L[q, s] == 0:
                e = max(e, popcount(L[q, 4]))
        if e < tl:
            suits |= 1 << s
            plain += c
            first = min(first, e)
    guarded = defence_kept_masters(L, n, taker, sides, suits)
    plain = min(plain - popcount(guarded), tl - first)
    # the taker's Excuse wins the last trick while he may take every trick
    # (``on_min`` 0 and he holds it: his side's slam threat)
    slam = 1 if on_min == 0 and L[taker, 5] != 0 else 0
    return min(tl - sure, t + plain + slam), suits, guarded


@inline_kernel
def drop_lowest(x, flag):
    """``x`` without its lowest bit when ``flag`` is set."""
    return x & (x - 1) if flag else x


@inline_kernel
def lone_taker(n, sides, maxside):
    """Tarot: the one seat of the max side (the taker playing alone), or -1
    when that side has none or several (a called partner is known)."""
    taker = -1
    for q in range(n):
        if sides[q] == maxside:
            if taker >= 0:
                return -1
            taker = q
    return taker


@inline_kernel
def tarot_taker_upper(L, n, cnt, fl, rules, sides, kp, upper):
    """Tarot: ``upper`` tightened by the tricks the lone taker can still
    win (``tarot_taker_tricks``: ``w`` of them): his points in them are
    those of his ``w`` dearest cards that may win a trick (trumps, plain
    cards of the suits that may win) and, from each defender, one card a
    trick: his ``w`` dearest, leaving out his trumps above all of the
    taker's (a trick the taker wins holds no such trump, unless by the
    Excuse's last trick) and counting his Excuse a half point with two
    tricks or more left (played before the last trick, it goes back to the
    defence). The taker's Excuse counts in full."""
    maxside = rules[R_MAXSIDE]
    taker = lone_taker(n, sides, maxside)
    if taker < 0:
        return upper
    tl = cnt // n
    kept, exc_side = tarot_excuse_kept(L, n, cnt, sides)
    if not kept and L[taker, 5] == 0:
        for q in range(n):
            if L[q, 5] != 0:
                # a defender's Excuse in the last trick goes to the taker
                # whoever wins it: not one of its w cards
                return upper
    on_max, on_min = excuse_spares_masters(L, n, fl, sides, maxside)
    w, suits, guarded = tarot_taker_tricks(L, n, taker, tl, sides, on_min)
    k_lo, k_hi = tarot_oudler_range(L, n, fl, sides, maxside, on_max, on_min, kept)
    total = term((fl & ~3) | k_hi, rules)
    if L[taker, 5] != 0:
        total += kp[5, 0]
    if w > 0:
        # (in a guarded suit his cheapest card, the lowest, is one that does not win)
        x0 = drop_lowest(L[taker, 0], guarded & 1) if (suits & 1) else 0
        x1 = drop_lowest(L[taker, 1], guarded & 2) if (suits & 2) else 0
        x2 = drop_lowest(L[taker, 2], guarded & 4) if (suits & 4) else 0
        x3 = drop_lowest(L[taker, 3], guarded & 8) if (suits & 8) else 0
        total += dearest_points(x0, x1, x2, x3, L[taker, 4], w, kp)
        top = hibit(L[taker, 4]) if L[taker, 4] != 0 else -1
        for q in range(n):
            if q == taker:
                continue
            tq = L[q, 4]
            if on_min != 0:
                tq &= (2 << top) - 1 if top >= 0 else 0
            a = dearest_points(L[q, 0], L[q, 1], L[q, 2], L[q, 3], tq, w, kp)
            if L[q, 5] != 0:
                # its Excuse as one of its w cards: a half point
                a = max(a, 1 + dearest_points(L[q, 0], L[q, 1], L[q, 2], L[q, 3], tq, w - 1, kp))
            total += a
    return min(upper, total)


@kernel
def tarot_cash_bounds(L, n, leader, cnt, fl, bp_left, rules, sides, kp, lower, upper, need):
    """Tarot: ``trick_start_bounds``' (lower, upper) tightened by what the
    leader's side is sure of by cashing (``tarot_cash``): the taker on lead
    takes his cash tricks with the others' cheapest cards in them; a
    defender on lead denies the taker the cards of its cash tricks (the
    taker's cheapest, its partners' cheapest: their Excuse counted 0, for
    played in the last trick it would go to the taker); and the upper bound
    by the tricks the taker can still win (``tarot_taker_upper``), left
    out when the lower bound reaches ``need`` (the search then reads only
    the lower bound; ``INF``: always)."""
    lower, _cash_upper, upper = tarot_cash_parts(L, n, leader, cnt, fl, bp_left, rules, sides,
                                                 kp, lower, upper, need)
    return lower, upper


@inline_kernel
def tarot_cash_parts(L, n, leader, cnt, fl, bp_left, rules, sides, kp, lower, upper, need):
    """``tarot_cash_bounds`` with its parts: (lower, the upper bound after
    the cash alone, the upper bound after the taker's trick count too). The
    search reads the middle one to tell which part settled a node."""
    lower, cash_upper = tarot_cash_tighten(L, n, leader, cnt, fl, bp_left, rules, sides, kp,
                                           lower, upper)
    if lower >= need:
        return lower, cash_upper, cash_upper
    return lower, cash_upper, tarot_taker_upper(L, n, cnt, fl, rules, sides, kp, cash_upper)


@inline_kernel
def tarot_cash_tighten(L, n, leader, cnt, fl, bp_left, rules, sides, kp, lower, upper):
    """``tarot_cash_bounds``' first part: (lower, upper) tightened by the
    leader's cash alone (the taker's lower bound when his side leads, his
    upper bound when the defence leads)."""
    maxside = rules[R_MAXSIDE]
    k, pts = tarot_cash(L, leader, n, cnt, sides, kp, True)
    if k > 0:
        on_max, on_min = excuse_spares_masters(L, n, fl, sides, maxside)
        end_lo, end_hi = tarot_end_terms(L, n, fl, cnt, rules, sides, kp, on_max, on_min)
        got = pts
        for q in range(n):
            if q != leader:
                if sides[q] == sides[leader]:
                    got += cheapest_cards_points(L, q, k, 0)
                else:
                    got += cheapest_cards_points(L, q, k, 1)
        if sides[leader] == maxside:
            lower = max(lower, end_lo + got)
        else:
            upper = min(upper, bp_left + end_hi - got)
    return lower, upper


#: tarocco's card points by position: plain cards 5..10 (and the round
#: suits' pips) one, the Fante 2, the Cavallo 3, the Queen 4, the King 5
#: (positions 6..9); trumps one, but the 1 and the 21 (bits 0 and 20) five
TAROCCO_LOW_PLAIN = (1 << 6) - 1
TAROCCO_LOW_TRUMPS = ((1 << 20) - 1) & ~1


@inline_kernel
def tarocco_cheapest_points(L, q, k):
    """Tarocco: the least points ``k`` cards of seat ``q`` can hold, the
    Matto counted 0 (its points go to its owner's side whoever wins the
    trick), counted by position with popcounts (tarocco's points, above)."""
    return tarocco_cheapest_of(L, q, k, L[q, 4])


@inline_kernel
def tarocco_cheapest_of(L, q, k, trumps):
    """``tarocco_cheapest_points`` of seat ``q`` with its trumps ``trumps``
    (some of its trumps left out)."""
    c0 = 1 if L[q, 5] != 0 else 0
    c1 = popcount(trumps & TAROCCO_LOW_TRUMPS)
    c5 = popcount(trumps & ~TAROCCO_LOW_TRUMPS)
    for s in range(4):
        c1 += popcount(L[q, s] & TAROCCO_LOW_PLAIN)
    left = k - c0
    if left <= c1:
        return max(left, 0)
    total = c1
    left -= c1
    for r in range(6, 10):
        c = 0
        for s in range(4):
            c += (L[q, s] >> r) & 1
        if r == 9:
            c += c5             # the King, the trumps 1 and 21: five points each
        take = min(left, c)
        total += take * (r - 4)     # 2, 3, 4, 5 points
        left -= take
    return total


@inline_kernel
def tarocco_master_tricks_cards(L, n, sides, maxside, tricks, floor, of_max):
    """Tarocco: the least points of the cards other than a side's master
    trumps (its trumps above ``floor``, the other side's best trump) in the
    ``tricks`` tricks those masters win (``tarot_master_tricks``; the max
    side's masters if ``of_max``). Every master is played in one of them
    and each seat plays a card in each: a seat of the other side at least
    its ``tricks`` cheapest cards, a seat of the side its cheapest cards
    but its masters for the rest (the Matto counted 0: its points go to its
    owner's side), rather than a point a card."""
    total = 0
    if tricks <= 0:
        return total
    above = (-1) << (floor + 1)
    for q in range(n):
        if (sides[q] == maxside) == of_max:
            k = tricks - popcount(L[q, 4] & above)
            if k > 0:
                total += tarocco_cheapest_of(L, q, k, L[q, 4] & ~above)
        else:
            total += tarocco_cheapest_of(L, q, tricks, L[q, 4])
    return total


@inline_kernel
def tarocco_matto_points(L, n, sides, maxside, rules):
    """Tarocco: (the Matto's points the max side is sure to gain, those it
    can never gain) from the Matto still in hand: its points go to its
    owner's side in whatever trick it is played (``term`` takes them back
    from a side that wins no trick)."""
    if rules[G_FOOLSIDE] < 0:
        return 0, 0
    for q in range(n):
        if L[q, 5] != 0:
            if sides[q] == maxside:
                return 5, 0
            return 0, 5
    return 0, 0


@inline_kernel
def tarocco_trick_flags(fl, sure_max, sure_min, maxside):
    """Tarocco: the flags ``fl`` with "has won a trick" set for each side
    sure to win one (``sure_max``/``sure_min``: a master trump, a cash)."""
    if sure_max:
        fl |= 1 if maxside == 0 else 2
    if sure_min:
        fl |= 2 if maxside == 0 else 1
    return fl


@inline_kernel
def tarocco_sure_terms(L, H, n, fl, rules, sides, tw_max, tw_min, tlo, thi, lower, upper):
    """Tarocco: (lower, upper) with the Matto in hand counted for its
    owner's side (``tarocco_matto_points``) and ``term``'s range
    ``tlo..thi`` narrowed to a sure trick for a side holding a master trump
    (its discard, the Matto of a side that wins no trick)."""
    maxside = rules[R_MAXSIDE]
    m_max, m_min = tarocco_matto_points(L, n, sides, maxside, rules)
    lower += m_max
    upper -= m_min
    fl2 = tarocco_trick_flags(fl, tw_max > 0, tw_min > 0, maxside)
    if fl2 != fl:
        lo2, hi2 = term_range(L, H, n, fl2, rules)
        lower += lo2 - tlo
        upper -= thi - hi2
    return lower, upper


@kernel
def tarocco_cash_bounds(L, H, n, leader, cnt, fl, bp_left, rules, sides, kp, lower, upper):
    """Tarocco: ``trick_start_bounds``' (lower, upper) tightened by what the
    leader's side is sure of by cashing (``tarot_cash``, the Matto played
    in place of a trump or a card of the suit): the cards of the cash
    tricks go to the leader's side, the others' cheapest cards in them
    (the Matto counted 0), and that side wins a trick (``term``'s flags)."""
    maxside = rules[R_MAXSIDE]
    k, pts = tarot_cash(L, leader, n, cnt, sides, kp, False)
    if k <= 0:
        return lower, upper
    got = pts
    for q in range(n):
        if q != leader:
            got += tarocco_cheapest_points(L, q, k)
    m_max, m_min = tarocco_matto_points(L, n, sides, maxside, rules)
    on_lead_max = sides[leader] == maxside
    end_lo, end_hi = term_range(L, H, n, tarocco_trick_flags(fl, on_lead_max, not on_lead_max,
                                                             maxside), rules)
    if on_lead_max:
        lower = max(lower, end_lo + got + m_max)
    else:
        upper = min(upper, bp_left - m_min + end_hi - got)
    return lower, upper


@inline_kernel
def cash_bounds(L, H, n, leader, cnt, fl, bp_left, rules, sides, kp, lower, upper, need):
    """Tarot, tarocco: (lower, the upper bound after the leader's cash alone,
    upper), tightened by the leader's cash and the game's other bounds asked
    where the table missed (``tarot_cash_parts``, ``tarocco_cash_bounds``;
    tarot's upper bound may be left loose when the lower one reaches
    ``need``). The middle part tells the search which bound settled a node;
    tarocco has no other upper bound, so its two upper parts are one."""
    if rules[G_KIND] == TAROT:
        return tarot_cash_parts(L, n, leader, cnt, fl, bp_left, rules, sides, kp, lower, upper,
                                need)
    lower, upper = tarocco_cash_bounds(L, H, n, leader, cnt, fl, bp_left, rules, sides, kp,
                                       lower, upper)
    return lower, upper, upper


@inline_kernel
def tarot_master_tricks(L, n, sides, maxside):
    """Tarot, tarocco: the least number of tricks that the max side's master trumps
    (above every trump of the other side) win, and the same for the min
    side's. One seat plays one card a trick, so one seat's masters win
    distinct tricks, and a trick holds at most as many cards of a side as
    the side has seats."""
    mine, theirs = side_cards(L, n, 4, sides, maxside)
    floor_max = hibit(theirs) if theirs != 0 else -1
    floor_min = hibit(mine) if mine != 0 else -1
    tmax = 0
    tmin = 0
    seats_max = 0
    for q in range(n):
        if sides[q] == maxside:
            seats_max += 1
            c = popcount(L[q, 4] >> (floor_max + 1))
            tmax = max(tmax, c)
        else:
            c = popcount(L[q, 4] >> (floor_min + 1))
            tmin = max(tmin, c)
    cmax = popcount(mine >> (floor_max + 1))
    cmin = popcount(theirs >> (floor_min + 1))
    seats_min = n - seats_max
    tmax = max(tmax, (cmax + seats_max - 1) // seats_max)
    tmin = max(tmin, (cmin + seats_min - 1) // seats_min)
    return tmax, tmin, seats_max, seats_min


@inline_kernel
def _points_above(cards, other, s, kp):
    """Points of the cards of ``cards`` (lane ``s``) above every card of
    ``other`` (a walk over those cards alone)."""
    floor = hibit(other) if other != 0 else -1
    total = 0
    x = (cards >> (floor + 1)) << (floor + 1)
    while x:
        r = hibit(x)
        x ^= 1 << r
        total += kp[s, r]
    return total


@inline_kernel
def master_tricks_cards(L, n, sides, maxside, tricks, of_max):
    """Tarot: the least points that the other side's cards bring to the
    ``tricks`` tricks won by the master trumps of the max side (``of_max``)
    or of the min side. Each seat of the other side plays one card in each
    of those tricks, none of them a master of this side: at least the sum
    of its ``tricks`` cheapest cards (its Excuse stays with it, for a half
    point, counted 1) rather than a half point a card: a tighter bound,
    fewer nodes (docs/SOLVER_HISTORY.md)."""
    total = 0
    if tricks <= 0:
        return total
    for q in range(n):
        if (sides[q] == maxside) != of_max:
            total += cheapest_cards_points(L, q, tricks, 1)
    return total


@inline_kernel
def trick_start_bounds(L, H, n, fl, cnt, bp_left, rules, sides, kp):
    """(lower, upper) bounds of the future value at a trick start (``cnt``
    cards and ``bp_left`` points still to play): the points still out, the
    terminal values still reachable, and the points sure for a side (master
    trumps with what falls on them, the Smear jack)."""
    kind = rules[G_KIND]
    maxside = rules[R_MAXSIDE]
    bound = bp_left + rules[G_LASTBONUS] + rules[G_TSPAN]
    tlo, thi = term_range(L, H, n, fl, rules)
    upper = bound - rules[G_TSPAN] + thi
    lower = tlo
    if kind == SMEAR:
        jlo, jhi = smear_jack_range(L, H, n, fl, sides, maxside)
        lower += jlo
        upper = min(upper, jhi + thi)
    if kind == TAROT2:
        # every card is played in the end, the piles' too: a trump above
        # every trump the other player has in hand or pile wins its trick,
        # with the other player's card (at least a half point)
        mine = 0
        theirs = 0
        for q in range(n):
            if sides[q] == maxside:
                mine |= L[q, 4] | H[q, 4]
            else:
                theirs |= L[q, 4] | H[q, 4]
        floor_min = hibit(theirs) if theirs != 0 else -1
        floor_max = hibit(mine) if mine != 0 else -1
        lower += _points_above(mine, theirs, 4, kp) + popcount(mine >> (floor_min + 1))
        upper -= _points_above(theirs, mine, 4, kp) + popcount(theirs >> (floor_max + 1))
        end_lo, end_hi = tarot2_end_terms(L, H, n, fl, cnt, rules, sides, kp)
        lower += end_lo - tlo
        upper -= thi - end_hi
    if kind == BELOTE or kind == TAROCCO or kind == TAROT:
        # (tarot: while a side has won every trick and holds the Excuse, the
        # Excuse led to the last trick beats any trump: the other side's
        # master trumps are not sure then, its own still are)
        on_max = 1
        on_min = 1
        if kind == TAROT:
            on_max, on_min = excuse_spares_masters(L, n, fl, sides, maxside)
            # the trump 21 is a master trump: the oudler it counts goes to its
            # side; so does the Excuse with two tricks or more left, and all
            # its points but the half point of the exchange
            end_lo, end_hi = tarot_end_terms(L, n, fl, cnt, rules, sides, kp, on_max, on_min)
            lower += end_lo - tlo
            upper -= thi - end_hi
        sure_max, sure_min = master_trump_points(L, n, rules[R_TRUMP], sides, kp, maxside)
        lower += sure_max * on_max
        upper -= sure_min * on_min
        if kind == TAROT or kind == TAROCCO:
            # every tarot card counts at least a half point, every tarocco
            # card a point: the cards of the other side in a trick won by a
            # master trump go with it (but the tarocco Matto to its side;
            # tarot: each seat's cheapest cards)
            tw_max, tw_min, _, _ = tarot_master_tricks(L, n, sides, maxside)
            if kind == TAROT:
                lower += master_tricks_cards(L, n, sides, maxside, tw_max * on_max, True)
                upper -= master_tricks_cards(L, n, sides, maxside, tw_min * on_min, False)
            else:
                # every card of both sides in those tricks, but the masters
                mine, theirs = side_cards(L, n, 4, sides, maxside)
                floor_max = hibit(theirs) if theirs != 0 else -1
                floor_min = hibit(mine) if mine != 0 else -1
                lower += tarocco_master_tricks_cards(L, n, sides, maxside, tw_max, floor_max,
                                                     True)
                upper -= tarocco_master_tricks_cards(L, n, sides, maxside, tw_min, floor_min,
                                                     False)
                lower, upper = tarocco_sure_terms(L, H, n, fl, rules, sides, tw_max, tw_min,
                                                  tlo, thi, lower, upper)
    return lower, upper
