"""The point search's move generation and order (``gen_moves``): the legal
cards, one card per block of equivalent cards, sorted by a score that
depends on the game and the place in the trick, the table's best card and
the last card that cut at the same depth ("killer") first; and
``table_lead``, the table's best lead alone, tried before the others are
generated.
"""

from __future__ import annotations

from ..jit import inline_kernel
from ..common import NSUITS, R_MAXSIDE, R_NSEATS, hibit, popcount
from .tricks import (BELOTE, G_KIND, SMEAR, TAROCCO, TAROT, TAROT2, led_of, legal_g,
                     seat_after, suit_cards, trump_of, winner_index)


#: move ordering: what a card that last cut at its depth gains inside a
#: trick (about one class of the ordering; the value tried best: see
#: docs/SOLVER_HISTORY.md)
KILLER_BONUS = 600
#: move ordering, tarot: the taker's Excuse when he follows, after his
#: cards that win the trick and hold it (1000 less the rank) and before
#: those an opponent can still beat (400 less) and his ducks: he keeps its
#: points. Fewer nodes than first of all or just above his ducks; the
#: defence's Excuse is not placed so (more nodes): docs/SOLVER_HISTORY.md
TAKER_EXCUSE_FOLLOW = 450


@inline_kernel
def later_opponents_best(L, p, led, trump, ntr, n, sides, kind):
    """Move ordering: the best card of the suit ``led`` and the best trump
    that an opponent of ``p`` playing after p in this trick (``ntr`` cards
    were down before p's) can put on it: (highest rank of the suit led among
    those who hold it, highest trump among those who may trump: void in the
    suit led, or in Smear holding another suit led); -1 for none. Computed
    once per node so that each candidate card is judged with integers."""
    follow = -1
    ruff = -1
    for k in range(1, n - ntr):
        q = seat_after(p, k, n)
        if sides[q] == sides[p]:
            continue
        has_led = led >= 0 and L[q, led] != 0
        if has_led:
            follow = max(follow, hibit(L[q, led]))
        may_trump = not has_led or (kind == SMEAR and trump >= 0 and led != trump)
        if may_trump and trump >= 0 and L[q, trump] != 0:
            ruff = max(ruff, hibit(L[q, trump]))
    return follow, ruff


@inline_kernel
def beaten_later(s, r, led, trump, follow, ruff):
    """Can the card (s, r) be beaten by what ``later_opponents_best`` found?
    (A guess for ordering only, never for values.)"""
    if s == led and follow > r:
        return True
    return ruff >= 0 and (s != trump or ruff > r)


@inline_kernel
def card_tag(ts, tr, j):
    """The card played at ``j``, as a number from 1 to 192."""
    return ts[j] * 32 + tr[j] + 1


@inline_kernel
def trick_killer(killer, ts, tr, d):
    """Tarot, inside a trick: the killer of depth ``d`` (a card, with the
    ``card_tag`` of the card played before it when it cut) if that card was
    also played just before this node, else -1. A killer from another trick
    misled the defence (among its first moves that failed, the petit
    alone was often a killer: the card that cut in a trick where another
    was led); fewer nodes than with no killer inside tricks, and fewer
    again with this (docs/SOLVER_HISTORY.md)."""
    if killer >= 0 and (killer >> 8) == card_tag(ts, tr, d - 1):
        return killer & 255
    return -1


@inline_kernel
def gen_moves(L, H, ts, tr, ntr, depth, leader, p, fl, rules, sides, kp, eq, mv, sc, lg, best,
              killer):
    """Moves of seat ``p`` into ``mv[depth]``, one per block of equivalent
    cards (adjacent in strength among the cards in play, same ``eq`` label),
    best first; returns their number. A lead tries first the table's best
    move ``best`` (relative), then ``killer``: the card that last cut at
    this depth after the first one tried had not (inside a trick the killer
    only moves up the order). Tarot: the taker's Excuse, when he follows,
    comes after his cards that hold the trick (``TAKER_EXCUSE_FOLLOW``)."""
    n = rules[R_NSEATS]
    kind = rules[G_KIND]
    base = depth - ntr
    legal = lg[depth]
    legal_g(L, p, ts, tr, base, ntr, leader, fl, rules, sides, legal)
    trump = trump_of(rules, fl)
    # the trick so far: the card winning it (ws < 0: only the fool is down),
    # whether p's side holds it, the suit led, what opponents still to play hold
    ws = -1
    wr = -1
    partner = False
    led = -1
    follow = -1
    ruff = -1
    if ntr > 0:
        wi = winner_index(ts, tr, base, ntr, trump)
        partner = sides[seat_after(leader, wi, n)] == sides[p]
        ws = ts[base + wi]
        wr = tr[base + wi]
        led = led_of(ts, base, ntr)
        if led >= 0:
            follow, ruff = later_opponents_best(L, p, led, trump, ntr, n, sides, kind)
    nm = 0
    for s in range(NSUITS):
        m = legal[s]
        if m == 0:
            continue
        rem = suit_cards(L, n, s)
        if kind == TAROT2:
            rem |= suit_cards(H, n, s)      # (the other games have no piles: H stays 0)
        for i in range(ntr):
            if ts[base + i] == s:
                rem |= 1 << tr[base + i]
        lead_checked = False
        # a lead: the strongest card of the suit and its holder (-1: none)
        top = -1
        owner = -1
        if ntr == 0 and s != 5:
            top = hibit(rem)
            for q in range(n):
                if (L[q, s] >> top) & 1:
                    owner = q
        x = m
        while x:
            r = hibit(x)
            x ^= 1 << r
            above = rem & ~((2 << r) - 1)
            if above != 0:
                nxt = above & -above
                if (m & nxt) != 0 and eq[s, hibit(nxt)] == eq[s, r]:
                    continue
            mvv = s * 32 + r
            if ntr == 0 and s * 32 + popcount(above) == best:
                score = 100000
            elif ntr == 0 and mvv == killer:
                score = 90000
            elif ntr == 0:
                # cash a top card; lead low toward partner's top card; else a
                # low card without points
                if s == 5:
                    # (tarot, tarocco: leading the Excuse or the Matto gives
                    # the lead away for nothing; tarocco's Matto last took
                    # fewer nodes than with the cashes, 300 + its points,
                    # or at 200: docs/SOLVER_HISTORY.md)
                    score = 50 if kind == TAROT or kind == TAROCCO else 300 + 4 * kp[s, r]
                elif r == top:
                    ruffed = False
                    if kind == BELOTE or kind == TAROCCO or kind == TAROT:
                        if not lead_checked:
                            follow, ruff = later_opponents_best(L, p, s, trump, 0, n, sides, kind)
                            lead_checked = True
                        ruffed = beaten_later(s, r, s, trump, follow, ruff)
                    if ruffed:
                        # an opponent can ruff it (tarocco: as a low lead,
                        # fewer nodes than at 150; docs/SOLVER_HISTORY.md)
                        score = (100 if kind == TAROCCO else 150) - r - 4 * kp[s, r]
                    else:
                        score = 300 + 4 * kp[s, r]
                elif owner >= 0 and sides[owner] == sides[p]:
                    score = 200 - r
                    if kind == TAROCCO and s < 4:
                        # tarocco: unless an opponent can ruff it (fewer
                        # nodes 10 tricks left; docs/SOLVER_HISTORY.md)
                        if not lead_checked:
                            follow, ruff = later_opponents_best(L, p, s, trump, 0, n, sides, kind)
                            lead_checked = True
                        if ruff >= 0:
                            score = 100 - r - 4 * kp[s, r]
                elif (kind == TAROCCO and s < 4 and L[seat_after(p, 2, n), s] == 0
                      and L[seat_after(p, 2, n), 4] != 0):
                    # tarocco: a plain suit partner can ruff, low cards
                    # first, above the cashes (fewer nodes than without, and
                    # than 250, below the cashes: docs/SOLVER_HISTORY.md)
                    score = 350 - r - 4 * kp[s, r]
                else:
                    score = 100 - r - 4 * kp[s, r]
            elif kind == TAROT and s == 5 and sides[p] == rules[R_MAXSIDE]:
                score = TAKER_EXCUSE_FOLLOW
            else:
                # would this card take the lead of the trick, and keep it?
                takes = s != 5 and (ws == 5 or (s == ws and r > wr)
                                    or (s == trump and ws != trump))
                cled = led
                cfollow = follow
                cruff = ruff
                if led < 0 and s != 5:
                    # only the fool was down: this card sets the suit
                    cled = s
                    cfollow, cruff = later_opponents_best(L, p, s, trump, ntr, n, sides, kind)
                holds = partner and not beaten_later(ws, wr, cled, trump, cfollow, cruff)
                if takes and holds and kind == TAROCCO:
                    # partner's trick holds: give it points, keep the
                    # trumps and the cards that could take a trick later
                    score = 500 + 4 * kp[s, r] - r
                elif takes:
                    if beaten_later(s, r, cled, trump, cfollow, cruff):
                        score = 400 - r - 4 * kp[s, r]
                    else:
                        score = 1000 - r + 4 * kp[s, r]
                        if kind == TAROT and s == 4 and r == 20:
                            # the 21 wins whenever it is played: keep it
                            score = 980
                elif kind == TAROCCO and s == 5:
                    # the Matto's points stay with its side: it gives none
                    score = 500 if holds else 0
                elif holds:
                    score = 500 + 4 * kp[s, r] - r
                else:
                    score = -4 * kp[s, r] - r
            if ntr > 0 and mvv == killer:
                score += KILLER_BONUS
            j = nm
            while j > 0 and sc[depth, j - 1] < score:
                mv[depth, j] = mv[depth, j - 1]
                sc[depth, j] = sc[depth, j - 1]
                j -= 1
            mv[depth, j] = mvv
            sc[depth, j] = score
            nm += 1
    return nm


@inline_kernel
def table_lead(L, H, n, p, best, eq):
    """The card of the table's best lead ``best`` (relative: its suit and
    the number of cards in play above it) if seat ``p`` holds it and
    ``gen_moves`` would try it (the top of its block of equivalent cards),
    else -1: ``gen_moves`` puts that card first, so the search tries it
    before making the other moves."""
    s = best >> 5
    above = best & 31
    rem = suit_cards(L, n, s)           # (not tarot2: no piles, H is 0)
    if popcount(rem) <= above:
        return -1
    x = rem
    for _ in range(above):
        x ^= 1 << hibit(x)
    r = hibit(x)
    m = L[p, s]
    if ((m >> r) & 1) == 0:
        return -1
    higher = rem & ~((2 << r) - 1)
    if higher != 0:
        nxt = higher & -higher
        if (m & nxt) != 0 and eq[s, hibit(nxt)] == eq[s, r]:
            return -1
    return s * 32 + r
