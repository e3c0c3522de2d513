"""Bridge's bounds at a trick start, without search, after DDS's: the quick
tricks of the hand on lead and its partner (``quick_tricks``,
``_quick_tricks_count``), sure and later trump tricks (``sure_trumps``,
``later_trumps``), the second hand's tricks (``_second_hand_bound``), the
last trick (``_last_trick``), and the ranks each bound relied on, for the
partition table.
"""

from __future__ import annotations

import numpy as np

from ..jit import allocating_kernel, inline_kernel, kernel
from ..common import (NOREL, NSUITS, N_RULES, R_MAXSIDE, R_TRUMP, SEATS, SUITS, _at, _view,
                      hibit, kth_rank, lobit, popcount, top_run)
from .moves import _owner
from .partition import _used_ranks


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
    good share of the calls, never one the count settles:
    docs/SOLVER_HISTORY.md).
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
