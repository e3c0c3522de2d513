"""Two-player tarot's encoder: the piles (face-up cards over face-down
ones) as the kernel's pile arrays."""

from __future__ import annotations

import numpy as np

from atout.solver.searches import point as R

from .point import _base, _finish, _rules, low_masks
from .position import plain_move
from .tarot import tarot_cards, tarot_pts


def encode_tarot2(state):
    from atout.engine import tarot2 as T2
    sides = np.array([0, 1], dtype=np.int64)
    pts = tarot_pts(T2.half_points)
    eq = pts.copy()
    pnext = np.full((2, 6, 32), -1, dtype=np.int64)
    for q in range(2):
        for pile in state.deal.piles[q]:
            for j in range(len(pile) - 1):
                if pile[j] is None or pile[j + 1] is None:
                    continue
                m = plain_move(pile[j])
                pnext[q, m >> 5, m & 31] = plain_move(pile[j + 1])
                eq[m >> 5, m & 31] = 1000 + m
    rules = _rules(state, R.TAROT2, 4, 0)
    # the partition table: pile cards with a card under them are exact, not low
    for s in range(6):
        rules[R.G_UNIQ + s] = sum(1 << r for r in range(32) if eq[s, r] >= 1000)
    low = low_masks(pts, [plain_move(c) for c in tarot_cards()])
    rules[R.G_LOW:R.G_LOW + 6] = low & ~rules[R.G_UNIQ:R.G_UNIQ + 6]
    banked = 0
    k = 0
    for tk in state.tricks:
        p, o = T2.trick_shares(tk.plays(2), tk.winner, last=False)
        banked += p[0]
        k += o[0]
    hidden = [[], []]
    playable = [set(state.hands[q]) for q in range(2)]
    for q in range(2):
        for kk, pile in enumerate(state.piles[q]):
            if not pile:
                continue
            if (q, kk) in state.pending:
                hidden[q].extend(pile)
            else:
                playable[q].add(pile[0])
                hidden[q].extend(pile[1:])
    # the plain lanes of the api: every card still to play (``_finish`` adds the hidden ones)
    base = _base(state, rules, sides, eq.copy(), 0, "tarot2", hands=playable)
    return _finish(state, base, kp=pts, bp=pts, eq=eq, fl0=k, tmin=-112, tspan=40,
                   banked=banked, hidden=hidden, pnext=pnext)
