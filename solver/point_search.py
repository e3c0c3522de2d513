"""Numba kernels of the games other than bridge: obligations, trick
resolution, trick values with points and the non-additive parts of the
objectives, and their boolean search (``gsearch``).

Lanes are those of ``solver.bridge_search`` (``L[seat, suit]``, bit = strength
rank in the suit as the game plays it, suit 4 the tarot trumps, 5 the
fool), except that a Belote trump suit is relabelled so that a higher bit
is a stronger trump (``solver.encoders`` does it).

The value searched is split in two: an *additive* part scored trick by trick
for the max side (``need`` goes down by it, as in the bridge search) and a
*terminal* part, a function of a small integer ``fl`` carried along the
path (the flags "has each side won a trick", the tarot oudlers, the Smear
trump and game-point difference). ``term(fl)`` is added at the end of the
deal, shifted so that it is never negative. Tarot and tarocco key their
table by partition (``R_KEYMODE`` 3, ``pt_ckey``: see there). The table key (``rkey``: who
holds each remaining card in order of strength, with its label; tarot2:
``rkey_piles``, its face-down pile cards told apart) includes the leader and ``fl``, so a stored bound
is a bound of exactly the value that follows. The search carries the number
of cards left and their point sums from ply to ply (``cards_left_sums`` once
at the root).

Game kinds (``rules[G_KIND]``): 1 Belote, 2 tarocco, 3 Smear, 4 tarot,
5 tarot2 (two players, piles whose next card turns up after the trick).

Speed: the table is ``solver.row_table``'s (one cache line a probe), and
the helpers called at every node are ``inline_kernel``s, compiled into
``gsearch`` itself (a call passing a dozen arrays cost more than its work).
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel
from .bridge_search import (C_ABORT, C_COVERED, C_CUTS, C_FIRSTCUTS, C_LIMIT, C_NODES, C_TTHITS,
                            C_TTPROBES, C_TTSTORES, NSUITS, R_GEN, R_KEYMODE, R_MAXSIDE, R_NSEATS,
                            R_TRUMP, R_TTMASK, hibit, popcount, tt_slot)
from .row_table import WORK_SHIFT, row_bounds, row_find, row_put, row_store, row_work

# -- the rule vector of these games (indices past the generic ones) -------------------
G_KIND = 16
G_FL0 = 17        # flags at the root
G_TMIN = 18       # minimum of the raw terminal value (term is shifted by it)
G_TSPAN = 19      # maximum - minimum of the terminal value
G_LASTBONUS = 20  # value of the last trick to the max side (Belote 10)
G_FOOLSIDE = 21   # tarocco: side that held the Matto (-1: an ordinary card)
G_DISC = 22       # tarocco: points of the discard
G_HL = 23         # Smear: High + Low of the max side for trump 0..3 (4 entries)
G_FIXED = 27      # Smear: the trump was fixed by the contract
G_VARIANT = 28    # Belote: rule variant bits (V_NO_UNDERTRUMP, V_NO_PARTNER_OVERTRUMP)
G_LOW = 32        # the partition table: per lane 0-5, the bits of its low cards (6 entries)
G_UNIQ = 38       # tarot2: per lane 0-5, its pile cards with a card under them (6 entries)
N_GRULES = 44

#: Belote rule variants (``engine.belote.VARIANT_FLAGS``), bits of ``rules[G_VARIANT]``
V_NO_UNDERTRUMP = 1
V_NO_PARTNER_OVERTRUMP = 2

BELOTE, TAROCCO, SMEAR, TAROT, TAROT2 = 1, 2, 3, 4, 5

# frame columns
(F_NTR, F_LEADER, F_NEED, F_NM, F_IDX, F_SLOT, F_K1, F_K2, F_P, F_MAX, F_FL, F_REV, F_BEST,
 F_GAIN, F_CNT, F_BP, F_GP, F_KILLER) = range(18)
# the partition table (R_KEYMODE 3): the trick the move tried completed was
# won by a card that beat one of its suit (its suit, else -1; its rank), the
# best trump a duty to overtrump compares with (NOREL: none), the lowest
# relevant rank per suit over the children that failed (5 columns), and the
# relevant ranks of this frame's answer, read by its parent (5 columns)
F_WS, F_WR, F_NTOP = 18, 19, 20
F_REL = 21
F_RT = 26
# ... and at a trick start, ``suit_seq``'s holder sequences and counts (5 + 5)
F_SEQ = 31
F_SCNT = 36
# ... and the low cards a failed child's answer covers: per suit (6 bits
# each) a rank under which the moves of low cards are not tried
# (``covered_low_card``)
F_SKIP = 41
N_GFRAME = 42
#: beyond any value of any game
INF = 1 << 40
#: move ordering: what a card that last cut at its depth gains inside a
#: trick (about one class of the ordering: 600 was best of 200..1500)
KILLER_BONUS = 600
#: move ordering, tarot: the taker's Excuse when he follows, after his
#: cards that win the trick and hold it (1000 less the rank) and before
#: those an opponent can still beat (400 less) and his ducks: he keeps its
#: points. Nodes: 30 guard deals' question 7,736,554 -> 7,478,464 settled,
#: 12 tricks left 5,349,895 -> 4,636,545, tarot10 1,773,797 -> 1,678,180;
#: first of all (1100): 7,472,703 / 4,705,759 / 1,819,412; just above his
#: ducks 7,584,583; the defence's Excuse placed so too: 9,149,774
TAKER_EXCUSE_FOLLOW = 450

# tarot flags
T_WON0 = 4        # side 0 won every trick so far
T_WON1 = 8        # side 1 won every trick so far
T_ANY = 16        # a trick has been completed
TAROT_TERM = (0, 10, 30, 40)   # 2 * (56 - target(oudlers))

SMEAR_JACK = 4


@inline_kernel
def seat_after(seat, steps, n):
    """``(seat + steps) % n`` for 0 <= seat, steps < n, without the division
    (a 64-bit division by the variable ``n`` was several at every node)."""
    q = seat + steps
    return q - n if q >= n else q


@inline_kernel
def trump_of(rules, fl):
    """The trump lane: fixed by the rules, or (Smear) carried in ``fl``."""
    if rules[G_KIND] == SMEAR:
        return (fl & 7) - 1
    return rules[R_TRUMP]


@inline_kernel
def winner_index(ts, tr, base, cnt, trump):
    """Index of the card winning (so far) the trick ``ts/tr[base:base+cnt]``:
    the highest trump, else the highest card of the suit led (the first card
    that is not the fool); the fool never wins (0 when it is alone)."""
    best = -1
    bs = -1
    br = -1
    for i in range(cnt):
        s = ts[base + i]
        r = tr[base + i]
        if s == 5:
            continue
        if best < 0:
            best = i
            bs = s
            br = r
        elif s == bs:
            if r > br:
                best = i
                br = r
        elif s == trump:
            best = i
            bs = s
            br = r
    if best < 0:
        return 0
    return best


@inline_kernel
def led_of(ts, base, ntr):
    """Suit to follow: the first card that is not the fool (-1: none)."""
    for i in range(ntr):
        if ts[base + i] != 5:
            return ts[base + i]
    return -1


@inline_kernel
def top_trump(ts, tr, base, ntr, trump):
    top = -1
    for i in range(ntr):
        if ts[base + i] == trump and tr[base + i] > top:
            top = tr[base + i]
    return top


@inline_kernel
def belote_variant_frees(variant, partner, top, over):
    """Belote, void in the plain suit led and holding trumps: does a rule
    variant make every card legal? (partner winning, no overtrump duty; an
    opponent has ruffed, ``top`` >= 0, and no trump beats it, no undertrump)"""
    if partner:
        return (variant & V_NO_PARTNER_OVERTRUMP) != 0
    return (variant & V_NO_UNDERTRUMP) != 0 and top >= 0 and over == 0


@inline_kernel
def legal_g(L, p, ts, tr, base, ntr, leader, fl, rules, sides, out):
    """Legal cards of seat ``p`` per lane into ``out`` (the game's rules)."""
    kind = rules[G_KIND]
    n = rules[R_NSEATS]
    trump = trump_of(rules, fl)
    for s in range(NSUITS):
        out[s] = 0
    if kind == BELOTE:
        if ntr == 0:
            for s in range(NSUITS):
                out[s] = L[p, s]
            return
        led = ts[base]
        mine = L[p, trump]
        top = top_trump(ts, tr, base, ntr, trump)
        over = (mine >> (top + 1)) << (top + 1)
        if led == trump:
            if mine != 0:
                out[trump] = over if over != 0 else mine
                return
        elif L[p, led] != 0:
            out[led] = L[p, led]
            return
        elif mine != 0:
            w = winner_index(ts, tr, base, ntr, trump)
            partner = sides[seat_after(leader, w, n)] == sides[p]
            if not belote_variant_frees(rules[G_VARIANT], partner, top, over):
                out[trump] = over if over != 0 else mine
                if partner:
                    for s in range(4):
                        if s != trump:
                            out[s] = L[p, s]
                return
        for s in range(NSUITS):
            out[s] = L[p, s]
        return
    if kind == SMEAR:
        if ntr == 0:
            if trump >= 0 and (fl & 8) != 0 and L[p, trump] != 0:
                out[trump] = L[p, trump]
                return
            for s in range(NSUITS):
                out[s] = L[p, s]
            return
        led = ts[base]
        if led == trump:
            if L[p, trump] != 0:
                out[trump] = L[p, trump]
                return
        elif L[p, led] != 0:
            out[led] = L[p, led]
            out[trump] = L[p, trump]
            return
        for s in range(NSUITS):
            out[s] = L[p, s]
        return
    if kind == TAROT2:
        # the first card sets the suit; an Excuse led frees the second card
        if ntr == 0 or ts[base] == 5:
            for s in range(NSUITS):
                out[s] = L[p, s]
            return
        led = ts[base]
        if led == 4:
            mine = L[p, 4]
            over = (mine >> (tr[base] + 1)) << (tr[base] + 1)
            out[4] = over if over != 0 else mine
        elif L[p, led] != 0:
            out[led] = L[p, led]
        else:
            out[4] = L[p, 4]
        if out[led] == 0 and out[4] == 0:
            for s in range(NSUITS):
                out[s] = L[p, s]
            return
        out[5] = L[p, 5]
        return
    # tarocco and tarot: the fool is always playable, the first other card sets the suit
    led = led_of(ts, base, ntr)
    if led < 0:
        for s in range(NSUITS):
            out[s] = L[p, s]
        return
    if L[p, led] != 0 and (kind == TAROCCO or led != 4):
        out[led] = L[p, led]
    elif L[p, 4] != 0:
        mine = L[p, 4]
        if kind == TAROT:
            top = top_trump(ts, tr, base, ntr, 4)
            over = (mine >> (top + 1)) << (top + 1)
            out[4] = over if over != 0 else mine
        else:
            out[4] = mine
    else:
        for s in range(NSUITS):
            out[s] = L[p, s]
        return
    out[5] = L[p, 5]


@inline_kernel
def trick_end(L, H, ts, tr, base, leader, fl, rules, sides, kp, gpt, last):
    """Resolve the complete trick at ``base`` (cards already out of ``L``;
    ``last``: no card is left after it): returns (winner seat, gain of the
    max side, new flags)."""
    kind = rules[G_KIND]
    n = rules[R_NSEATS]
    maxside = rules[R_MAXSIDE]
    trump = trump_of(rules, fl)
    wi = winner_index(ts, tr, base, n, trump)
    if kind == TAROT and last and ts[base] == 5 and (fl & T_ANY) != 0:
        if (sides[leader] == 0 and (fl & T_WON0) != 0) or (sides[leader] == 1 and (fl & T_WON1) != 0):
            wi = 0
    if kind == TAROT2:
        for i in range(n):
            if ts[base + i] == 5:
                wi = 1 - i
    w = seat_after(leader, wi, n)
    ws = sides[w]
    win = ws == maxside
    gain = 0
    nfl = fl
    if kind == BELOTE:
        if win:
            for i in range(n):
                gain += kp[ts[base + i], tr[base + i]]
            if last:
                gain += rules[G_LASTBONUS]
        else:
            nfl = fl | 1
    elif kind == TAROCCO:
        fs = rules[G_FOOLSIDE]
        for i in range(n):
            s = ts[base + i]
            if s == 5 and fs >= 0:
                if fs == maxside:
                    gain += kp[5, 0]
            elif win:
                gain += kp[s, tr[base + i]]
        nfl = fl | (1 if ws == 0 else 2)
    elif kind == SMEAR:
        gp = 0
        for i in range(n):
            s = ts[base + i]
            r = tr[base + i]
            gp += gpt[s, r]
            if win and s == trump and r == SMEAR_JACK:
                gain += 1
        diff = (fl >> 4) + (gp if win else -gp)
        nfl = (fl & 7) | (diff << 4)
    else:
        # tarot (taker = side 0 = max side) and tarot2 (player 0)
        k = fl & 3
        for i in range(n):
            s = ts[base + i]
            r = tr[base + i]
            q = seat_after(leader, i, n)
            if s == 5:
                o = sides[q]
                if not last:
                    if o == 0:
                        gain += kp[5, 0] - (0 if ws == 0 else 1)
                        k += 1
                    elif ws == 0:
                        gain += 1
                else:
                    if kind == TAROT:
                        dest = o if w == q else 1 - o
                    else:
                        dest = ws
                    if dest == 0:
                        gain += kp[5, 0]
                        k += 1
            elif ws == 0:
                gain += kp[s, r]
                if s == 4 and (r == 0 or r == 20):
                    k += 1
        nfl = (fl & ~3) | k
        if kind == TAROT:
            nfl |= T_ANY
            if ws == 0:
                nfl &= ~T_WON1
            else:
                nfl &= ~T_WON0
    return w, gain, nfl


@inline_kernel
def term(fl, rules):
    """Terminal part of the value, shifted by ``rules[G_TMIN]`` (>= 0)."""
    kind = rules[G_KIND]
    t = 0
    if kind == BELOTE:
        if (fl & 1) == 0:
            t = 90
    elif kind == TAROCCO:
        fs = rules[G_FOOLSIDE]
        w0 = (fl & 1) != 0
        w1 = (fl & 2) != 0
        if fs == 0 and not w0:
            t -= 5
        if fs == 1 and not w1:
            t += 5
        if not w1:
            t += rules[G_DISC]
    elif kind == SMEAR:
        trump = (fl & 7) - 1
        if trump >= 0:
            t = rules[G_HL + trump]
        if (fl >> 4) > 0:
            t += 1
    else:
        k = fl & 3
        if k == 0:
            t = 0
        elif k == 1:
            t = 10
        elif k == 2:
            t = 30
        else:
            t = 40
        t -= 112     # the margin: 2 * points - 2 * target(oudlers)
    return t - rules[G_TMIN]


#: a Smear game-point difference that the cards left cannot overturn
SETTLED = 1 << 20


@inline_kernel
def smear_settle(left, fl):
    """Smear flags with the game-point difference replaced by +-SETTLED
    once the game points still out cannot change who wins the game point
    (the max side needs a difference > 0): positions that differ only in a
    decided difference then share their table entries and bounds."""
    diff = fl >> 4
    if diff == SETTLED or diff == -SETTLED:
        return fl
    if diff > left:
        diff = SETTLED
    elif diff + left <= 0:
        diff = -SETTLED
    else:
        return fl
    return (fl & 15) | (diff << 4)


@inline_kernel
def smear_jack_range(L, H, n, fl, sides, maxside):
    """Least and greatest number (0 or 1) of jack-of-trumps points the max
    side can still win: the jack is sure for its holder's side when no
    opponent holds a higher trump (the trick it falls in goes to the highest
    trump)."""
    trump = (fl & 7) - 1
    if trump < 0:
        for q in range(n):
            for s in range(4):
                if ((L[q, s] | H[q, s]) >> SMEAR_JACK) & 1:
                    return 0, 1
        return 0, 0
    holder = -1
    for q in range(n):
        if ((L[q, trump] | H[q, trump]) >> SMEAR_JACK) & 1:
            holder = q
    if holder < 0:
        return 0, 0
    above = 0
    for q in range(n):
        if sides[q] != sides[holder]:
            above |= (L[q, trump] | H[q, trump]) >> (SMEAR_JACK + 1)
    if above != 0:
        return 0, 1
    if sides[holder] == maxside:
        return 1, 1
    return 0, 0


@inline_kernel
def term_range(L, H, n, fl, rules):
    """Least and greatest terminal value still reachable from flags ``fl``
    (flags only get set in play; tarot oudlers only get counted)."""
    kind = rules[G_KIND]
    if kind == BELOTE:
        t = term(fl, rules)
        return 0, t
    if kind == TAROCCO:
        lo = 1000000
        hi = -1000000
        for f in range(4):
            if (f & fl & 3) == (fl & 3):
                t = term(fl | f, rules)
                if t < lo:
                    lo = t
                if t > hi:
                    hi = t
        return lo, hi
    if kind == SMEAR:
        # the game point: open unless ``smear_settle`` found it decided
        diff = fl >> 4
        glo = 1 if diff == SETTLED else 0
        ghi = 0 if diff == -SETTLED else 1
        trump = (fl & 7) - 1
        if trump >= 0:
            base = rules[G_HL + trump]
            return base + glo, base + ghi
        lo = 1000000
        hi = 0
        for t in range(4):
            lo = min(lo, rules[G_HL + t])
            hi = max(hi, rules[G_HL + t])
        return lo + glo, hi + ghi
    # tarot, tarot2: the oudlers counted so far, up to every one still in play
    k = fl & 3
    more = 0
    for q in range(n):
        x = L[q, 4] | H[q, 4]
        more += (x & 1) + ((x >> 20) & 1)
        more += (L[q, 5] | H[q, 5]) & 1
    k2 = k + more
    if k2 > 3:
        k2 = 3
    return term(fl, rules), term((fl & ~3) | k2, rules)


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
    (Cashing every such suit in turn gave 0.1% fewer nodes: not kept.)"""
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
    comparing their ``kp`` was 8% of the time of tarot10 + tarotq)."""
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


#: the two rolling hashes of ``rkey``: multipliers and prime moduli below
#: 2**31, so that no product overflows an int64 (also in plain Python)
_M1, _P1 = 1_000_003, 2_147_483_647
_M2, _P2 = 998_244_353, 2_147_483_629


@inline_kernel
def suit_cards(L, n, s):
    """Every hand's remaining cards of suit ``s`` (``n`` -1: ``L`` is
    tarot2's holder planes, ``t2_rows``, row 0 every card)."""
    if n < 0:
        return L[0, s]
    rem = 0
    for q in range(n):
        rem |= L[q, s]
    return rem


@inline_kernel
def others_cards(L, n, s, seat):
    """The remaining cards of suit ``s`` in every hand but ``seat``'s."""
    return suit_cards(L, n, s) & ~L[seat, s]


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
    with two modular multiplications (15% of the search's time)."""
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
    shifts suit random keys only: on these, 20% more slots shared); the
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


# -- partition table (R_KEYMODE 3, tarot and tarocco) ------------------------------
#
# Partition search for tarot and tarocco (as ``bridge_search``'s partition
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
# (every pattern of a coarse key shares its bucket: 4 rows took 15% more
# nodes than the relative-rank key on tarotq, 8 rows 7% more, 16 rows 7%
# fewer, 32 rows 10% fewer at a dearer probe; tarocco's 32 rows, ``PT_ROWS_TAROCCO``:
# 17% fewer nodes than 16 and 27% less time on its exact solves 10 tricks
# from the end, 64 rows 4% fewer nodes than 32 but slower);
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
    same key in n terms instead of n * NSUITS (``pt_ckey`` was 10-13% of
    the time on tarot10, tarotq and tarocco 10 tricks left)."""
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
    their coarse key, and a pattern fixes 1.5-2 suits of 5)."""
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
    with the key's own remainder in ``pt_k2``: 14% of tarot2's time 20
    tricks left)."""
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
    another solve): the scan stops at the first other row (a bucket held
    1.7 / 3.7 / 5.5 of this solve's rows a probe on tarot10 / tarotq /
    tarocco 10 tricks left, of 16, 16, 32)."""
    best = -1
    last_kv = -1
    ph = 0
    for e in range(nrows):
        row = base + e
        g = tt[row, 2]
        if (g >> KV_BITS) != gen:
            break
        if tt[row, 0] != c1:
            continue
        kv = g & KV_MASK
        if kv != last_kv:
            ph = tarot_pattern(L, n, fr, d, kv)
            last_kv = kv
        if tt[row, 1] != pt_k2(c2, ph):
            continue
        lo, hi, b = row_bounds(tt, row)
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
        if (tt[a, 2] >> KV_BITS) != gen:
            row = a
            break
        if tt[a, 2] == g and tt[a, 0] == c1 and tt[a, 1] == k2:
            row = a
            break
        w = row_work(tt, a)
        if row < 0 or w < vwork:
            row = a
            vwork = w
    row_store(tt, row, c1, k2, g, value, is_lower, best)
    tt[row, 3] |= work << WORK_SHIFT


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
    chain of 20 products and remainders, 11% of the time 20 tricks left).
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
    same nodes, v20 2.36-2.97 s against 2.03-2.44 s, docs/SPEED.md.)"""
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
    misled the defence (30 guard deals: of its first moves that failed, the
    petit alone was a killer in 5.6k of 37.5k, the card that cut in a trick
    where another was led); with none inside tricks 8.99M -> 7.96M nodes,
    with this 7.76M."""
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
                    # the lead away for nothing; tarocco's Matto last: 12
                    # tricks left 20% fewer nodes than with the cashes, 300 +
                    # its points, and 21% more at 200)
                    score = 50 if kind == TAROT or kind == TAROCCO else 300 + 4 * kp[s, r]
                elif r == top:
                    ruffed = False
                    if kind == BELOTE or kind == TAROCCO or kind == TAROT:
                        if not lead_checked:
                            follow, ruff = later_opponents_best(L, p, s, trump, 0, n, sides, kind)
                            lead_checked = True
                        ruffed = beaten_later(s, r, s, trump, follow, ruff)
                    if ruffed:
                        # an opponent can ruff it (tarocco: as a low lead, 12
                        # tricks left 5% fewer nodes than at 150)
                        score = (100 if kind == TAROCCO else 150) - r - 4 * kp[s, r]
                    else:
                        score = 300 + 4 * kp[s, r]
                elif owner >= 0 and sides[owner] == sides[p]:
                    score = 200 - r
                    if kind == TAROCCO and s < 4:
                        # tarocco: unless an opponent can ruff it (10 tricks
                        # left 15% fewer nodes, 12 tricks 1% more)
                        if not lead_checked:
                            follow, ruff = later_opponents_best(L, p, s, trump, 0, n, sides, kind)
                            lead_checked = True
                        if ruff >= 0:
                            score = 100 - r - 4 * kp[s, r]
                elif (kind == TAROCCO and s < 4 and L[seat_after(p, 2, n), s] == 0
                      and L[seat_after(p, 2, n), 4] != 0):
                    # tarocco: a plain suit partner can ruff, low cards
                    # first, above the cashes (10 tricks left 13% fewer nodes, 12
                    # tricks 10%; 250, below the cashes: 12% and 7%)
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


@inline_kernel
def reveal(L, H, ts, tr, base, leader, n, pnext):
    """tarot2: after a trick, each pile card played turns up the next card
    of its pile; returns a bit mask (per trick card) of what was revealed."""
    mask = 0
    for i in range(n):
        q = seat_after(leader, i, n)
        s = ts[base + i]
        r = tr[base + i]
        c = pnext[q, s, r]
        if c >= 0:
            s2 = c >> 5
            r2 = c & 31
            H[q, s2] ^= 1 << r2
            L[q, s2] |= 1 << r2
            mask |= 1 << i
    return mask


@inline_kernel
def unreveal(L, H, ts, tr, base, leader, n, pnext, mask):
    for i in range(n):
        if (mask >> i) & 1:
            q = seat_after(leader, i, n)
            c = pnext[q, ts[base + i], tr[base + i]]
            s2 = c >> 5
            r2 = c & 31
            L[q, s2] ^= 1 << r2
            H[q, s2] |= 1 << r2


@inline_kernel
def last_trick_value(L, H, ts, tr, d, leader, fl, rules, sides, kp, gpt):
    """The future value when every seat holds one card (the last trick is
    forced): play it out in the scratch slots ``ts/tr[d:d+n]``."""
    n = rules[R_NSEATS]
    for i in range(n):
        q = seat_after(leader, i, n)
        for s in range(NSUITS):
            if L[q, s] != 0:
                ts[d + i] = s
                tr[d + i] = hibit(L[q, s])
                L[q, s] = 0
    if rules[G_KIND] == SMEAR and (fl & 7) == 0:
        fl = fl | (ts[d] + 1)
    w, gain, nfl = trick_end(L, H, ts, tr, d, leader, fl, rules, sides, kp, gpt, True)
    for i in range(n):
        L[seat_after(leader, i, n), ts[d + i]] = 1 << tr[d + i]
    return gain + term(nfl, rules)


@inline_kernel
def master_tricks_cards(L, n, sides, maxside, tricks, of_max):
    """Tarot: the least points that the other side's cards bring to the
    ``tricks`` tricks won by the master trumps of the max side (``of_max``)
    or of the min side. Each seat of the other side plays one card in each
    of those tricks, none of them a master of this side: at least the sum
    of its ``tricks`` cheapest cards (its Excuse stays with it, for a half
    point, counted 1) rather than a half point a card. Nodes: the 30 guard
    deals' contract question 7,758,213 -> 7,736,554 (settled), the same 12
    tricks left 5,778,264 -> 5,349,895, tarot10 1,876,493 -> 1,773,797."""
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


@kernel
def greedy_playout(L, H, ts, tr, ntr0, d0, leader0, fl0, rules, sides, kp, eq, gpt, mv, sc, lg):
    """The future value (as ``gsearch`` counts it) of one line: every seat
    plays the first card of ``gen_moves``' order, to the end of the deal. A
    cheap guess of a position's value for the driver's first probe (games
    without piles; ``L`` is restored, ``ts``/``tr`` from ``d0`` on and
    ``mv``/``sc``/``lg`` are scratch)."""
    n = rules[R_NSEATS]
    kind = rules[G_KIND]
    d = d0
    ntr = ntr0
    leader = leader0
    fl = fl0
    total = 0
    cnt = 0
    for q in range(n):
        for s in range(NSUITS):
            cnt += popcount(L[q, s])
    while cnt > 0:
        p = seat_after(leader, ntr, n)
        gen_moves(L, H, ts, tr, ntr, d, leader, p, fl, rules, sides, kp, eq, mv, sc, lg, -1, -1)
        m = mv[d, 0]
        mv[d, 1] = p            # (the row is scratch now: the seat, to put the card back)
        s = m >> 5
        L[p, s] ^= 1 << (m & 31)
        ts[d] = s
        tr[d] = m & 31
        if ntr == 0 and kind == SMEAR:
            if (fl & 7) == 0:
                fl = fl | (s + 1)
            fl = fl & ~8
        cnt -= 1
        d += 1
        if ntr + 1 == n:
            leader, gain, fl = trick_end(L, H, ts, tr, d - n, leader, fl, rules, sides, kp, gpt,
                                         cnt == 0)
            total += gain
            ntr = 0
        else:
            ntr += 1
    for dd in range(d0, d):
        L[mv[dd, 1], ts[dd]] |= 1 << tr[dd]
    return total + term(fl, rules)


@kernel
def gsearch(L, H, ts, tr, ntr0, d0, leader0, fl0, need0, rules, sides, kp, bp, eq, gpt, pnext,
            zob, zf, tt, mv, sc, lg, fr, ctx):
    """Can the max side take at least ``need0`` more from here (the trick
    values still to come plus the shifted terminal value)?

    A null-window, fail-soft alpha-beta: it returns a value v of the future
    with v >= need0 when the answer is yes, and then the true future value
    is at least v; otherwise the true value is at most v. (The driver uses
    v to jump further than one bisection step.) One frame per ply in
    ``fr[depth]``; ``L``/``H``/``ts``/``tr`` are restored on return.
    ``zob`` and ``zf`` are unused: the api calls every game's search alike."""
    n = rules[R_NSEATS]
    maxside = rules[R_MAXSIDE]
    gen = rules[R_GEN]
    kind = rules[G_KIND]
    # the partition table: relevant ranks carried up the tree (tarot, tarocco)
    rel = rules[R_KEYMODE] == 3
    prows = PT_ROWS_TAROCCO if kind == TAROCCO else PT_ROWS
    d = d0
    fr[d, F_NTR] = ntr0
    fr[d, F_LEADER] = leader0
    fr[d, F_NEED] = need0
    fr[d, F_FL] = fl0
    fr[d, F_CNT], fr[d, F_BP], fr[d, F_GP] = cards_left_sums(L, H, n, bp, gpt)
    entering = True
    res = 0
    while True:
        expand = False
        if entering:
            ntr = fr[d, F_NTR]
            leader = fr[d, F_LEADER]
            need = fr[d, F_NEED]
            fl = fr[d, F_FL]
            ctx[C_NODES] += 1
            if ctx[C_NODES] > ctx[C_LIMIT]:
                ctx[C_ABORT] = 1
                for dd in range(d - 1, d0 - 1, -1):
                    if fr[dd, F_NTR] + 1 == n and kind == TAROT2:
                        unreveal(L, H, ts, tr, dd - fr[dd, F_NTR], fr[dd, F_LEADER], n, pnext,
                                 fr[dd, F_REV])
                    m = mv[dd, fr[dd, F_IDX]]
                    L[fr[dd, F_P], m >> 5] |= 1 << (m & 31)
                return 0
            resolved = False
            slot = -1
            best = -1
            if rel:
                for s in range(5):
                    fr[d, F_RT + s] = NOREL
            if ntr == 0:
                if kind == SMEAR:
                    fl = smear_settle(fr[d, F_GP], fl)
                    fr[d, F_FL] = fl
                cnt = fr[d, F_CNT]
                lower = 0
                upper = 0
                if cnt != 0 and (cnt != n or kind == TAROT2):
                    # (not needed where the value is read off directly below)
                    lower, upper = trick_start_bounds(L, H, n, fl, cnt, fr[d, F_BP], rules, sides,
                                                      kp)
                    if kind == BELOTE:
                        lower, upper = belote_bounds(L, n, leader, fl, rules, sides, kp, lower,
                                                     upper)
                if cnt == 0:
                    res = term(fl, rules)
                    resolved = True
                elif cnt == n and kind != TAROT2:
                    res = last_trick_value(L, H, ts, tr, d, leader, fl, rules, sides, kp, gpt)
                    resolved = True
                    if rel:
                        trick_rel(ts, tr, d, n, fr, d)
                        if fr[d, F_WS] >= 0:
                            lower_rank(fr, d, F_RT, fr[d, F_WS], fr[d, F_WR])
                elif need <= lower or need > upper:
                    res = lower if need <= lower else upper
                    resolved = True
                    if rel and kind == TAROT2:
                        t2_master_rel(L, H, fr, d, F_RT)
                    elif rel:
                        master_run_rel(L, n, sides, maxside, fr, d, F_RT)
                elif rel:
                    if kind == TAROT2:
                        k1, k2 = t2_ckey(L, H, leader, fl, rules)
                    else:
                        k1, k2 = pt_ckey_at(L, ts, tr, leader, fl, n, rules, fr, d, d0)
                    slot = tt_slot(k1, k2, rules[R_TTMASK]) & ~(prows - 1)
                    ctx[C_TTPROBES] += 1
                    fr[d, F_K1] = k1
                    fr[d, F_K2] = k2
                    seqs_unknown(fr, d)
                    pl, pn = pt_holders(L, H, rules, lg, n)
                    found, v, kv, best = pt_probe(tt, slot, prows, k1, k2, gen, need, pl, pn,
                                                  fr, d)
                    if found:
                        ctx[C_TTHITS] += 1
                        res = v
                        resolved = True
                        pt_ranks(pl, pn, kv, fr, d, F_RT)
                    elif kind != TAROT2:
                        lower, cash_upper, upper = cash_bounds(L, H, n, leader, cnt, fl,
                                                               fr[d, F_BP], rules, sides, kp,
                                                               lower, upper, need)
                        if need <= lower or need > upper:
                            res = lower if need <= lower else upper
                            resolved = True
                            master_run_rel(L, n, sides, maxside, fr, d, F_RT)
                            if kind != TAROT or need <= lower:
                                # (tarot: only the taker's cash raises his lower bound)
                                tarot_cash_rel(L, leader, n, fr, d, F_RT)
                            elif sides[leader] == maxside:
                                # his side leads: only his trick count lowered the upper
                                tarot_taker_rel(L, n, cnt, sides, maxside, fr, d, F_RT)
                            else:
                                # the defence leads: the upper bound is the least of
                                # its cash's and his trick count's, and one of them
                                # settles alone: the marks of that one (the cash's
                                # first, narrower than the count's every trump)
                                if cash_upper < need:
                                    tarot_cash_rel(L, leader, n, fr, d, F_RT)
                                else:
                                    tarot_taker_rel(L, n, cnt, sides, maxside, fr, d, F_RT)
                else:
                    if kind == BELOTE:
                        k1, k2 = belote_key(L, leader, fl, rules[R_TRUMP])
                        slot = belote_slot(k1, k2, rules[R_TTMASK])
                    else:
                        if rules[R_KEYMODE] == 2:
                            k1, k2 = rkey_piles(L, H, leader, fl, n, eq)
                        else:
                            k1, k2 = rkey(L, leader, fl, n, eq)
                        slot = tt_slot(k1, k2, rules[R_TTMASK])
                    ctx[C_TTPROBES] += 1
                    fr[d, F_K1] = k1
                    fr[d, F_K2] = k2
                    row = row_find(tt, slot, k1, k2, gen)
                    if row >= 0:
                        ctx[C_TTHITS] += 1
                        tlo, thi, tbest = row_bounds(tt, row)
                        if tlo >= need:
                            res = tlo
                            resolved = True
                        elif thi < need:
                            res = thi
                            resolved = True
                        else:
                            best = tbest
                    if not resolved and (kind == TAROT or kind == TAROCCO):
                        # (the leader's cash costs more than the other bounds:
                        # asked only where they and the table did not settle)
                        lower, _cash_upper, upper = cash_bounds(L, H, n, leader, cnt, fl,
                                                                fr[d, F_BP], rules, sides, kp,
                                                                lower, upper, need)
                        if need <= lower:
                            res = lower
                            resolved = True
                        elif need > upper:
                            res = upper
                            resolved = True
            if not resolved:
                p = seat_after(leader, ntr, n)
                fr[d, F_P] = p
                fr[d, F_MAX] = 1 if sides[p] == maxside else 0
                fr[d, F_BEST] = -INF if sides[p] == maxside else INF
                fr[d, F_SLOT] = slot
                # (no killers in tarot2: its piles change the hands from trick
                # to trick; they cost it 16% more nodes at 12 tricks left)
                killer = fr[d, F_KILLER] if kind != TAROT2 else -1
                if kind == TAROT and ntr > 0:
                    killer = trick_killer(killer, ts, tr, d)
                if rel:
                    for s in range(5):
                        fr[d, F_REL + s] = NOREL
                    fr[d, F_SKIP] = 0
                    fr[d, F_NTOP] = overtrump_rel(L, p, ts, tr, d - ntr, ntr, kind)
                first = -1
                if rel and kind != TAROT2 and ntr == 0 and best >= 0:
                    first = table_lead(L, H, n, p, best, eq)
                if first >= 0:
                    # the table's lead alone, first: the others only if it
                    # does not cut (gen_moves would put it first)
                    mv[d, 0] = first
                    fr[d, F_NM] = -1
                else:
                    fr[d, F_NM] = gen_moves(L, H, ts, tr, ntr, d, leader, p, fl, rules, sides, kp,
                                            eq, mv, sc, lg, best, killer)
                fr[d, F_IDX] = 0
                expand = True
        else:
            # a child of frame d answered ``res`` (its own future value)
            p = fr[d, F_P]
            i = fr[d, F_IDX]
            m = mv[d, i]
            if fr[d, F_NTR] + 1 == n and kind == TAROT2:
                unreveal(L, H, ts, tr, d - fr[d, F_NTR], fr[d, F_LEADER], n, pnext, fr[d, F_REV])
            L[p, m >> 5] |= 1 << (m & 31)
            val = res + fr[d, F_GAIN]
            maximizing = fr[d, F_MAX] == 1
            if rel and fr[d, F_WS] >= 0:
                # the child's answer relied on who won this trick by rank
                lower_rank(fr, d + 1, F_RT, fr[d, F_WS], fr[d, F_WR])
            if maximizing:
                if val > fr[d, F_BEST]:
                    fr[d, F_BEST] = val
            elif val < fr[d, F_BEST]:
                fr[d, F_BEST] = val
            if (val >= fr[d, F_NEED]) == maximizing:
                ctx[C_CUTS] += 1
                if i > 0:
                    # the order missed this cut: prefer this card at this
                    # depth next time (the frames live as long as the position)
                    fr[d, F_KILLER] = m
                    if kind == TAROT and fr[d, F_NTR] > 0:
                        fr[d, F_KILLER] = m | (card_tag(ts, tr, d - 1) << 8)
                if i == 0:
                    ctx[C_FIRSTCUTS] += 1
                res = fr[d, F_BEST]
                slot = fr[d, F_SLOT]
                if rel:
                    # the cut relies on the cutting child's ranks and this
                    # node's legal cards
                    for s in range(5):
                        fr[d, F_RT + s] = fr[d + 1, F_RT + s]
                    lower_rank(fr, d, F_RT, 4, fr[d, F_NTOP])
                    if slot >= 0:
                        pl, pn = pt_holders(L, H, rules, lg, n)
                        pt_put(tt, slot, prows, fr[d, F_K1], fr[d, F_K2], gen, pl, pn, fr, d,
                               fr[d, F_CNT], res, maximizing, relative_move(L, H, n, m))
                        ctx[C_TTSTORES] += 1
                elif slot >= 0:
                    row_put(tt, slot, fr[d, F_K1], fr[d, F_K2], gen, fr[d, F_CNT], res,
                            maximizing, relative_move(L, H, n, m))
                    ctx[C_TTSTORES] += 1
            else:
                if rel:
                    for s in range(5):
                        lower_rank(fr, d, F_REL, s, fr[d + 1, F_RT + s])
                    note_covered_low_cards(fr, d, m, rules)
                fr[d, F_IDX] = i + 1
                expand = True
        if expand:
            i = fr[d, F_IDX]
            if fr[d, F_NM] < 0 and i > 0:
                # the table's lead did not cut: every move, in gen_moves'
                # order (the same lead first, tried already), as at entry
                fr[d, F_NM] = gen_moves(L, H, ts, tr, 0, d, fr[d, F_LEADER], fr[d, F_P],
                                        fr[d, F_FL], rules, sides, kp, eq, mv, sc, lg,
                                        relative_move(L, H, n, mv[d, 0]), fr[d, F_KILLER])
            if rel and i > 0:
                # (a failed child's answer covers these: see note_covered_low_cards)
                while i < fr[d, F_NM] and covered_low_card(fr, d, mv[d, i], rules):
                    i += 1
                    ctx[C_COVERED] += 1
                fr[d, F_IDX] = i
            if i < abs(fr[d, F_NM]):
                ntr = fr[d, F_NTR]
                leader = fr[d, F_LEADER]
                need = fr[d, F_NEED]
                fl = fr[d, F_FL]
                p = fr[d, F_P]
                m = mv[d, i]
                s = m >> 5
                r = m & 31
                L[p, s] ^= 1 << r
                ts[d] = s
                tr[d] = r
                if ntr == 0 and kind == SMEAR:
                    # the first lead sets the trump; the first lead is made
                    if (fl & 7) == 0:
                        fl = fl | (s + 1)
                    fl = fl & ~8
                fr[d, F_WS] = -1
                if ntr + 1 == n:
                    base = d - ntr
                    if rel:
                        trick_rel(ts, tr, base, n, fr, d)
                    if kind == TAROT2:
                        fr[d, F_REV] = reveal(L, H, ts, tr, base, leader, n, pnext)
                    w, gain, nfl = trick_end(L, H, ts, tr, base, leader, fl, rules, sides, kp, gpt,
                                             fr[d, F_CNT] == 1)
                    fr[d, F_GAIN] = gain
                    fr[d + 1, F_NTR] = 0
                    fr[d + 1, F_LEADER] = w
                    fr[d + 1, F_NEED] = need - gain
                    fr[d + 1, F_FL] = nfl
                else:
                    fr[d, F_GAIN] = 0
                    fr[d + 1, F_NTR] = ntr + 1
                    fr[d + 1, F_LEADER] = leader
                    fr[d + 1, F_NEED] = need
                    fr[d + 1, F_FL] = fl
                fr[d + 1, F_CNT] = fr[d, F_CNT] - 1
                fr[d + 1, F_BP] = fr[d, F_BP] - bp[s, r]
                fr[d + 1, F_GP] = fr[d, F_GP] - gpt[s, r]
                d += 1
                entering = True
                continue
            # no move reached the side's goal: the best is a bound the other way
            res = fr[d, F_BEST]
            slot = fr[d, F_SLOT]
            if rel:
                # every child's ranks, this node's legal cards, and each
                # block of equivalent cards down to its last card
                for s in range(5):
                    fr[d, F_RT + s] = fr[d, F_REL + s]
                lower_rank(fr, d, F_RT, 4, fr[d, F_NTOP])
                ntr = fr[d, F_NTR]
                widen_blocks(L, ts, tr, d - ntr, ntr, n, lg[d], eq, fr, d, F_RT)
                if slot >= 0:
                    pl, pn = pt_holders(L, H, rules, lg, n)
                    pt_put(tt, slot, prows, fr[d, F_K1], fr[d, F_K2], gen, pl, pn, fr, d,
                           fr[d, F_CNT], res, fr[d, F_MAX] == 0, -1)
                    ctx[C_TTSTORES] += 1
            elif slot >= 0:
                row_put(tt, slot, fr[d, F_K1], fr[d, F_K2], gen, fr[d, F_CNT], res,
                        fr[d, F_MAX] == 0, -1)
                ctx[C_TTSTORES] += 1
        if d == d0:
            return res
        d -= 1
        entering = False
