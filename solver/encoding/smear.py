"""Smear's encoder: the four points (High, Low, Jack, Game) as the objective."""

from __future__ import annotations

import numpy as np

from atout.solver.searches import point as R

from .point import _base, _finish, _rules


def encode_smear(state):
    from atout.engine import smear as S
    sides_t = state.game.sides
    sides = np.array(sides_t, dtype=np.int64)
    maxside = state.max_side
    trump = state.trump
    gpt = np.zeros((6, 32), dtype=np.int64)
    for s in range(4):
        for pos in range(8):
            gpt[s, pos] = S.GAME_POINTS_BY_POSITION[pos]
    rules = _rules(state, R.SMEAR, -1, maxside)
    for t in range(4):
        pts_hl = 0
        if S.high_side(state.start_hands, t, sides_t) == maxside:
            pts_hl += 1
        if S.low_side(state.start_hands, t, sides_t) == maxside:
            pts_hl += 1
        rules[R.G_HL + t] = pts_hl
    rules[R.G_FIXED] = 1 if state.fixed_trump is not None else 0
    diff = S.game_points(state.discard)
    banked = 0
    for tk in state.tricks:
        g = S.game_points(tk.cards)
        win = sides_t[tk.winner] == maxside
        diff += g if win else -g
        if win and S.jack_of(trump) in tk.cards:
            banked += 1
    fl0 = (0 if trump is None else trump + 1) | (diff << 4)
    if not state.tricks and not state.trick:
        fl0 |= 8
    bp = np.zeros((6, 32), dtype=np.int64)
    for s in range(4):
        if trump is None or s == trump:
            bp[s, S.JACK] = 1
    base = _base(state, rules, sides, gpt.copy(), 0, "smear")
    return _finish(state, base, kp=gpt, bp=bp, eq=gpt, fl0=fl0, tmin=0, tspan=3,
                   banked=banked, gpt=gpt)


# -- tarot -------------------------------------------------------------------------------
