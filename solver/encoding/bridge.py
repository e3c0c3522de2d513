"""Bridge's encoder: the hands as lanes of plain ranks, tricks as the value."""

from __future__ import annotations

import numpy as np

from atout.solver.searches import bridge as K

from .position import Codec, Position, _start_position, plain_card, plain_move


def encode_bridge(state) -> Position:
    rules = np.zeros(K.N_RULES, dtype=np.int64)
    rules[K.R_NSEATS] = 4
    rules[K.R_TRUMP] = -1 if state.trump is None else state.trump
    rules[K.R_MAXSIDE] = state.max_side
    rules[K.R_TRICKVAL] = 1
    rules[K.R_KEYMODE] = 0
    rules[K.R_QUICK] = 1
    sides = np.array(state.game.sides, dtype=np.int64)
    pts = np.zeros((6, 32), dtype=np.int64)
    return _start_position(state, rules, sides, pts, state.tricks_won(state.max_side),
                           plain_move, "bridge")


def bridge_codec(state) -> Codec:
    return Codec(encode_bridge, plain_move, plain_card)
