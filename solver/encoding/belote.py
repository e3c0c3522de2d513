"""Belote's encoder: the ranks relabelled by strength in each suit (trumps
and plain suits rank differently), Belote-Rebelote as a carried flag."""

from __future__ import annotations

import numpy as np

from atout.solver.searches import bridge as K
from atout.solver.searches import point as R

from .point import GamePosition, _rules
from .position import MAXDEPTH, Position, zobrist


_BELOTE_TABLES: dict = {}


class BelotePosition(GamePosition):
    """A Belote position: the every-card driver walks its first card from a
    greedy playout's value and makes its children from its arrays."""

    guessed_by_playout = True

    def child(self, card: int):
        return belote_child(self, card)


def _belote_tables(trump: int):
    """A trump's fixed arrays, built once and shared by every position (no
    one writes them): ``perm`` (plain position -> strength rank), the card
    points by plain position (the api's grouping) and by strength rank (the
    kernel's), each card's (suit, plain bit, kernel bit), and the empty
    ``gpt``/``pnext``. (Building these tables was most of a position's
    encoding, a share of an easy deal's time: docs/SOLVER_HISTORY.md.)"""
    if trump not in _BELOTE_TABLES:
        from atout.engine import belote as B
        perm = [list(range(16)) for _ in range(4)]
        perm[trump] = list(B.TRUMP_STRENGTH) + list(range(8, 16))
        pts = np.zeros((6, 32), dtype=np.int64)      # plain positions (api grouping)
        kp = np.zeros((6, 32), dtype=np.int64)       # strength ranks (kernel)
        bits = {}
        for s in range(4):
            for pos in range(8):
                v = B.card_points(16 * s + pos, trump)
                pts[s, pos] = v
                kp[s, perm[s][pos]] = v
                bits[16 * s + pos] = (s, 1 << pos, 1 << perm[s][pos])
        gpt = np.zeros((6, 32), dtype=np.int64)
        pnext = np.full((4, 6, 32), -1, dtype=np.int64)
        _BELOTE_TABLES[trump] = (perm, pts, kp, bits, gpt, pnext)
    return _BELOTE_TABLES[trump]


def encode_belote(state):
    from atout.engine import belote as B
    t = state.trump
    n = state.n
    maxside = state.max_side
    perm, pts, kp, bits, gpt, pnext = _belote_tables(t)
    sides = np.array(state.game.sides, dtype=np.int64)
    rules = _rules(state, R.BELOTE, t, maxside)
    rules[R.G_LASTBONUS] = B.LAST_TRICK_BONUS
    rules[R.G_VARIANT] = ((R.V_NO_UNDERTRUMP if B.NO_UNDERTRUMP in state.variant else 0)
                          | (R.V_NO_PARTNER_OVERTRUMP if B.NO_PARTNER_OVERTRUMP in state.variant else 0))
    banked = sum(B.card_points(c, t) for c in state.won_cards(maxside))
    lost = any(state.side_of(tk.winner) != maxside for tk in state.tricks)
    fl0 = 1 if lost else 0
    rules[R.G_FL0] = fl0
    rules[R.G_TMIN] = 0
    rules[R.G_TSPAN] = 0 if lost else 90
    # the hands as plain lanes (the api's) and strength lanes (the kernel's)
    plain = [[0] * 6 for _ in range(n)]
    strength = [[0] * 6 for _ in range(n)]
    for q, hand in enumerate(state.hands):
        for c in hand:
            s, pbit, kbit = bits[c]
            plain[q][s] |= pbit
            strength[q][s] |= kbit
    ts = np.zeros(MAXDEPTH, dtype=np.int64)
    tr = np.zeros(MAXDEPTH, dtype=np.int64)
    kts = np.zeros(MAXDEPTH, dtype=np.int64)
    ktr = np.zeros(MAXDEPTH, dtype=np.int64)
    for i, c in enumerate(state.trick):
        s, pos = c >> 4, c & 15
        ts[i], tr[i] = s, pos
        kts[i], ktr[i] = s, perm[s][pos]
    over = state.objective() if state.is_over() else None
    base = Position(np.array(plain, dtype=np.int64), ts, tr, len(state.trick), state.leader,
                    rules, sides, pts, zobrist(n), banked if over is None else over, "belote")
    return BelotePosition(base, kl=np.array(strength, dtype=np.int64),
                        kh=np.zeros((n, 6), dtype=np.int64), kts=kts, ktr=ktr, fl0=fl0, kp=kp,
                        bp=kp, eq=kp, gpt=gpt, pnext=pnext, over_value=over, perm=perm)


def belote_child(pos, card):
    """The position after the player on turn plays ``card``, when it does
    not end the trick: the parent's arrays with the card moved from the hand
    into the trick (the every-card driver's children: cheaper than the
    engine's play and undo and a new encoding, docs/SOLVER_HISTORY.md). None
    when the card ends the trick (the trick's winner and points need the engine)."""
    n = int(pos.rules[K.R_NSEATS])
    if pos.over_value is not None or pos.ntr + 1 >= n:
        return None
    seat = pos.leader + pos.ntr
    seat = seat - n if seat >= n else seat
    s, p = card >> 4, card & 15
    r = pos.perm[s][p]
    lanes, kl = pos.lanes.copy(), pos.kl.copy()
    lanes[seat, s] &= ~(1 << p)
    kl[seat, s] &= ~(1 << r)
    ts, tr, kts, ktr = pos.ts.copy(), pos.tr.copy(), pos.kts.copy(), pos.ktr.copy()
    ts[pos.ntr], tr[pos.ntr], kts[pos.ntr], ktr[pos.ntr] = s, p, s, r
    base = Position(lanes, ts, tr, pos.ntr + 1, pos.leader, pos.rules.copy(), pos.sides, pos.pts,
                    pos.zob, pos.already, pos.game, pos.lost)
    return BelotePosition(base, kl=kl, kh=pos.kh.copy(), kts=kts, ktr=ktr, fl0=pos.fl0, kp=pos.kp,
                        bp=pos.bp, eq=pos.eq, gpt=pos.gpt, pnext=pos.pnext, perm=pos.perm)


# -- tarocco -----------------------------------------------------------------------------
