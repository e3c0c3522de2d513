"""The solver on two-player tarot: exact against the naive reference search
(player 0's margin in half points; hands plus piles whose next card turns up
after the trick; a card under a pile's top is not playable until the top
is played and the trick gathered)."""

import random

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.search import card_values, minimax
from atout.engine.tarot2 import PETIT
from atout.solver import SUPPORTED_GAMES, Solver, solve

TAROT2 = get_game("tarot2")


def tarot2_ending(seed, tricks):
    """A seeded deal played at random to ``tricks`` tricks left (and maybe
    one card more); in odd deals the players prefer hand cards (so that
    piles with face-down cards remain) and keep the Excuse and the Petit."""
    rng = random.Random(seed)
    state = TAROT2.new_state(TAROT2.random_deal(seed), first=rng.randrange(2))
    prefer = seed % 2 == 1
    stop = 2 * tricks + rng.randrange(2)
    while 2 * state.tricks_left - len(state.trick) > stop:
        legal = state.legal_cards()
        if prefer:
            hand = state.hands[state.to_play]
            good = [c for c in legal if c in hand and c not in (FOOL, PETIT)]
            legal = good or legal
        state.play(rng.choice(legal))
    return state


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
        before = state.played
        result = solver.solve(state, all_cards=True)
        assert state.played == before
        assert result.exact and result.lower == result.upper == result.value
        assert result.value == minimax(state), (seed, state)
        assert result.cards == card_values(state), (seed, state)
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
        state = tarot2_ending(7000 + seed, 4)
        result = solver.solve(state)
        final = state.clone()
        for card in result.line:
            final.play(card)
        assert final.is_over()
        assert final.objective() == result.value
        assert result.score == final.score()


def test_node_limit_gives_proven_bounds():
    state = tarot2_ending(5, 8)
    exact = solve(state, line=False)
    limited = solve(state, max_nodes=30, line=False)
    assert not limited.exact
    assert limited.lower <= exact.value <= limited.upper
