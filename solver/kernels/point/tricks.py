"""The rules of the games other than bridge as the point search plays them
(numba kernels): the rule vector, the legal cards (``legal_g``), the trick's
winner and value (``trick_end``, ``last_trick_value``), the value at the end
of the deal (``term``, its range ``term_range``), and tarot2's piles turning
up their next card (``reveal``).

Lanes are those of ``solver.search_base`` (``L[seat, suit]``, bit = strength
rank in the suit as the game plays it, suit 4 the tarot trumps, 5 the
fool), except that a Belote trump suit is relabelled so that a higher bit
is a stronger trump (``solver.encoders`` does it).

The value searched is split in two: an *additive* part scored trick by trick
for the max side (``need`` goes down by it, as in the bridge search) and a
*terminal* part, a function of a small integer ``fl`` carried along the
path (the flags "has each side won a trick", the tarot oudlers, the Smear
trump and game-point difference). ``term(fl)`` is added at the end of the
deal, shifted so that it is never negative.

Game kinds (``rules[G_KIND]``): 1 Belote, 2 tarocco, 3 Smear, 4 tarot,
5 tarot2 (two players, piles whose next card turns up after the trick).
"""

from __future__ import annotations

from ..jit import inline_kernel
from ..common import NSUITS, R_MAXSIDE, R_NSEATS, R_TRUMP, hibit


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
