"""The solver on tarocco: exact against the naive reference search (side
0's final card points out of 114: the Matto stays with its owner's side,
the discard counts for the dealer's side, a side that wins no trick gives
its Matto and, the dealer's side, the discard to the other side)."""

import random

import pytest

from atout.engine import get_game
from atout.solver import SUPPORTED_GAMES, Solver
from atout.solver.testing import (assert_line_reaches_the_value, assert_node_limit_gives_bounds,
                                  assert_solves_exactly, one_side_strongest, play_to, random_ending)

TAROCCO = get_game("tarocco")


def test_tarocco_is_supported():
    assert "tarocco" in SUPPORTED_GAMES


@pytest.mark.parametrize("tricks,seeds", [(1, 400), (2, 400), (3, 200)])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks, seeds):
    solver = Solver(16)
    for seed in range(seeds):
        assert_solves_exactly(solver, random_ending(TAROCCO, 1000 * tricks + seed, tricks))


def strength(card):
    return 100 + card if card > 64 else (-1 if card == 64 else card & 15)


def sweeping_ending(seed, tricks, sweeper):
    """A made-up deal where side ``sweeper`` holds the strongest cards, played
    with its players on their strongest card and the others on their weakest
    until about ``tricks`` tricks are left (mid-trick too)."""
    rng = random.Random(seed)
    cards = sorted(TAROCCO.deck.cards, key=lambda c: (strength(c), rng.random()), reverse=True)
    strong, weak = cards[:30], cards[30:]
    rng.shuffle(strong)
    rng.shuffle(weak)
    seats = (0, 2) if sweeper == 0 else (1, 3)
    hands = [None] * 4
    hands[seats[0]], hands[seats[1]] = strong[:15], strong[15:]
    others = [q for q in range(4) if q not in seats]
    hands[others[0]], hands[others[1]] = weak[:15], weak[15:30]
    deal = TAROCCO.deal_from(hands, {"discard": weak[30:]})
    return play_to(TAROCCO.new_state(deal), rng, tricks, "before", one_side_strongest(sweeper, strength))


@pytest.mark.parametrize("sweeper", [0, 1])
def test_sweep_rules_in_endings_where_one_side_has_no_trick(sweeper):
    solver = Solver(16)
    found = 0
    for seed in range(150):
        state = sweeping_ending(seed, 2, sweeper)
        if state.is_over() or state.tricks_won(1 - sweeper) or not state.tricks:
            continue
        assert_solves_exactly(solver, state)
        found += 1
    assert found >= 10


def test_optimal_line_reaches_the_value_and_gives_the_score():
    solver = Solver(16)
    for seed in range(40):
        assert_line_reaches_the_value(solver, random_ending(TAROCCO, 7000 + seed, 3))


def test_node_limit_gives_proven_bounds():
    assert_node_limit_gives_bounds(random_ending(TAROCCO, 5, 5), max_nodes=30)
