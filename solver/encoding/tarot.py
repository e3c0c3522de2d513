"""French Tarot's encoder: card points in half points, the oudlers' count
fixing the threshold, the fool and the petit au bout."""

from __future__ import annotations

import numpy as np

from atout.engine.cards import FOOL
from atout.solver.searches import point as R

from .point import _base, _finish, _rules, low_masks
from .position import plain_move


def tarot_cards():
    """Tarot's 78 cards (tarot2's too)."""
    return [c for c in range(86) if c >= 64 or (c & 15) <= 13]


def tarot_pts(half_points):
    pts = np.zeros((6, 32), dtype=np.int64)
    for c in tarot_cards():
        m = plain_move(c)
        pts[m >> 5, m & 31] = half_points(c)
    return pts


def encode_tarot(state):
    from atout.engine import tarot_scoring as TS
    from atout.engine.tarot_bidding import DOG_CONTRACTS
    n = state.n
    sides = np.array([state.side_of(q) for q in range(n)], dtype=np.int64)
    pts = tarot_pts(TS.card_half_points)
    rules = _rules(state, R.TAROT, 4, 0)
    rules[R.G_LOW:R.G_LOW + 6] = low_masks(pts, [plain_move(c) for c in tarot_cards()])
    # the dog or the discard, then the completed tricks (none is the last while play goes on)
    extra = state.discard if state.contract in DOG_CONTRACTS else state.dog
    banked = 0
    k = 0
    if state.dog_side() == 0:
        banked += TS.half_points(extra)
        k += TS.count_oudlers(extra)
    won0 = won1 = True
    for tk in state.tricks:
        ws = state.side_of(tk.winner)
        won0 = won0 and ws == 0
        won1 = won1 and ws == 1
        for i, c in enumerate(tk.cards):
            if c == FOOL:
                o = state.side_of((tk.leader + i) % n)
                if o == 0:
                    banked += 9 - (0 if ws == 0 else 1)
                    k += 1
                elif ws == 0:
                    banked += 1
            elif ws == 0:
                banked += TS.card_half_points(c)
                k += 1 if TS.is_oudler(c) else 0
    fl0 = k
    if won0:
        fl0 |= R.T_WON0
    if won1:
        fl0 |= R.T_WON1
    if state.tricks:
        fl0 |= R.T_ANY
    base = _base(state, rules, sides, pts, 0, "tarot")
    return _finish(state, base, kp=pts, bp=pts, eq=pts, fl0=fl0, tmin=-112, tspan=40,
                   banked=banked)


# -- tarot2 ------------------------------------------------------------------------------
