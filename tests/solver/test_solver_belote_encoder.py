"""Belote's encoder: the every-card driver's children made from the parent's
arrays (``encoders.belote_child``) are the positions the engine's play and
a fresh encoding give, field by field, at random points of random deals
(every rule variant, mid-trick included)."""

import random

import numpy as np

from atout.engine import get_game
from atout.solver import encoding as E

FIELDS = ("lanes", "ts", "tr", "ntr", "leader", "rules", "sides", "pts", "already", "game",
          "lost", "kl", "kh", "kts", "ktr", "fl0", "kp", "bp", "eq", "gpt", "pnext",
          "over_value", "perm", "gfr")
VARIANTS = (None, "no-undertrump", "no-undertrump,no-partner-overtrump")


def _same(a, b):
    for f in FIELDS:
        x, y = getattr(a, f), getattr(b, f)
        if isinstance(x, np.ndarray):
            assert x.dtype == y.dtype and x.shape == y.shape and (x == y).all(), f
        else:
            assert x == y, f


def test_belote_child_is_the_encoded_position_after_the_card():
    game = get_game("belote")
    rng = random.Random(2026_12_01)
    children = ends = 0
    for i in range(300):
        state = game.new_state(game.random_deal(9000 + i), trump=rng.choice("SHDC"),
                               taker=rng.randrange(4), variant=rng.choice(VARIANTS))
        for _ in range(rng.randrange(32)):
            state.play(rng.choice(state.legal_cards()))
        pos = E.encode_belote(state)
        for card in state.legal_cards():
            child = E.belote_child(pos, card)
            state.play(card)
            encoded = E.encode_belote(state)
            state.undo()
            if child is None:       # the card ends the trick: the engine's work
                assert len(state.trick) == 3
                ends += 1
                continue
            _same(child, encoded)
            children += 1
    assert children > 300 and ends > 50
