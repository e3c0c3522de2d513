"""The solver on two-player tarot: exact against the naive reference search
(player 0's margin in half points; hands plus piles whose next card turns up
after the trick; a card under a pile's top is not playable until the top
is played and the trick gathered)."""

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.search import minimax
from atout.engine.tarot2 import PETIT
from atout.solver import SUPPORTED_GAMES, Solver
from atout.solver.testing import (assert_line_reaches_the_value, assert_node_limit_gives_bounds,
                                  assert_solves_exactly, random_ending)

TAROT2 = get_game("tarot2")


def tarot2_ending(seed, tricks):
    """A seeded deal played at random to ``tricks`` tricks left (and maybe
    one card more); in odd deals the players prefer hand cards (so that
    piles with face-down cards remain) and keep the Excuse and the Petit."""
    prefer = in_hand_not_excuse_or_petit if seed % 2 else None
    return random_ending(TAROT2, seed, tricks, {"first": [0, 1]}, mid_trick="before", prefer=prefer)


def in_hand_not_excuse_or_petit(state, card):
    return card in state.hands[state.to_play] and card not in (FOOL, PETIT)


def hidden_cards(state):
    return sum(len(pile) for p in (0, 1) for pile in state.piles[p]) - sum(
        len(state.face_up(p)) for p in (0, 1))


def test_tarot2_is_supported():
    assert "tarot2" in SUPPORTED_GAMES


@pytest.mark.parametrize("tricks,seeds", [(1, 350), (2, 300), (3, 250), (4, 100)])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks, seeds):
    solver = Solver(16)
    with_piles = 0
    for seed in range(seeds):
        state = tarot2_ending(1000 * tricks + seed, tricks)
        assert_solves_exactly(solver, state, (seed, state))
        with_piles += hidden_cards(state) > 0
    if tricks > 1:
        assert with_piles >= seeds // 10


@pytest.mark.slow
def test_six_trick_endings_equal_minimax():
    solver = Solver(16)
    for seed in range(10):
        state = tarot2_ending(80_000 + seed, 6)
        assert solver.solve(state, line=False).value == minimax(state), state


def test_optimal_line_reaches_the_value_and_gives_the_score():
    solver = Solver(16)
    for seed in range(40):
        assert_line_reaches_the_value(solver, tarot2_ending(7000 + seed, 4))


def test_node_limit_gives_proven_bounds():
    assert_node_limit_gives_bounds(tarot2_ending(5, 8), max_nodes=30)
