"""Tarocco's encoder."""

from __future__ import annotations

import numpy as np

from atout.solver.searches import point as R

from .point import _base, _finish, _rules, low_masks
from .position import plain_move


def encode_tarocco(state):
    from atout.engine import tarocco as T
    sides = np.array(state.game.sides, dtype=np.int64)
    pts = np.zeros((6, 32), dtype=np.int64)
    for c in T.DECK.cards:
        m = plain_move(c)
        pts[m >> 5, m & 31] = T.card_points(c)
    rules = _rules(state, R.TAROCCO, 4, 0)
    rules[R.G_LOW:R.G_LOW + 6] = low_masks(pts, [plain_move(c) for c in T.DECK.cards])
    fs = -1 if state.matto_side is None else state.matto_side
    disc = sum(T.card_points(c) for c in state.discard)
    rules[R.G_FOOLSIDE] = fs
    rules[R.G_DISC] = disc
    banked = 0
    fl0 = 0
    for tk in state.tricks:
        ws = state.side_of(tk.winner)
        fl0 |= 1 if ws == 0 else 2
        for c in tk.cards:
            if c == T.MATTO and fs >= 0:
                banked += T.card_points(c) if fs == 0 else 0
            elif ws == 0:
                banked += T.card_points(c)
    terms = []
    for f in range(4):
        t = 0
        if fs == 0 and not f & 1:
            t -= 5
        if fs == 1 and not f & 2:
            t += 5
        if not f & 2:
            t += disc
        terms.append(t)
    tmin = min(terms)
    base = _base(state, rules, sides, pts, 0, "tarocco")
    return _finish(state, base, kp=pts, bp=pts, eq=pts, fl0=fl0, tmin=tmin,
                   tspan=max(terms) - tmin, banked=banked)


# -- Smear -------------------------------------------------------------------------------
