"""The solver on French tarot: exact against the naive reference search
(the taker's margin in half points, 2 * points - 2 * target(oudlers), with
the Excuse rules: kept by its owner before the last trick, lost in the last
trick unless it wins there under the slam exception; the Petit changes
sides in play)."""

import os
import random

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.tarot_scoring import PETIT
from atout.solver import SUPPORTED_GAMES, Solver
from atout.solver.testing import (assert_line_reaches_the_value, assert_node_limit_gives_bounds,
                                  assert_solves_exactly, one_side_strongest, play_to, random_ending,
                                  tarot_state_with_taker_hand)

TAROT = get_game("tarot")
CONTRACTS = {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without", "guard_against"]}


def tarot_ending(seed, tricks):
    """A seeded random deal and contract played at random to ``tricks``
    tricks left and 0..3 cards more; in every other deal the players keep
    the Excuse and the Petit while they have another legal card, so that the
    Excuse's last-trick rules and the Petit's capture are in the endings."""
    keep = (lambda state, card: card not in (FOOL, PETIT)) if seed % 2 else None
    return random_ending(TAROT, seed, tricks, CONTRACTS, mid_trick="before", prefer=keep)


def test_tarot_is_supported():
    assert "tarot" in SUPPORTED_GAMES


@pytest.mark.parametrize("tricks,seeds", [
    (1, 500), (2, 500), (3, 40),
    pytest.param(3, 200, marks=[pytest.mark.slow, pytest.mark.skipif(
        not os.environ.get("ATOUT_SLOW"), reason="long: set ATOUT_SLOW=1")])])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks, seeds):
    solver = Solver(16)
    excuse = petit = 0
    for seed in range(seeds):
        state = tarot_ending(1000 * tricks + seed, tricks)
        assert_solves_exactly(solver, state)
        held = set().union(*state.hands) | set(state.trick)
        excuse += FOOL in held
        petit += PETIT in held
    assert excuse >= seeds // 20 and petit >= seeds // 20


def strength(card):
    return -1 if card == FOOL else (100 + card if card > 64 else card & 15)


def slam_ending(seed, tricks, sweeper):
    """A made-up deal where side ``sweeper`` (0: the taker) holds the
    strongest cards and the Excuse, played strongest-first by that side and
    weakest-first by the other, the Excuse kept to the end when possible."""
    rng = random.Random(seed)
    cards = sorted((c for c in TAROT.deck.cards if c != FOOL), key=lambda c: (strength(c), rng.random()),
                   reverse=True)
    taker = rng.randrange(4)
    if sweeper == 0:
        mine, rest = [FOOL] + cards[:17], cards[17:]
    else:
        mine, rest = cards[-18:], [FOOL] + cards[:-18]
    state = tarot_state_with_taker_hand(rng, taker, mine, rest)
    return play_to(state, rng, tricks, "before", one_side_strongest(sweeper, strength, keep={FOOL}))


@pytest.mark.parametrize("sweeper", [0, 1])
def test_excuse_slam_exception_in_endings_where_one_side_won_every_trick(sweeper):
    solver = Solver(16)
    found = 0
    for seed in range(80):
        state = slam_ending(seed, 2, sweeper)
        if state.is_over() or any(state.side_of(t.winner) != sweeper for t in state.tricks):
            continue
        assert_solves_exactly(solver, state)
        found += FOOL in set().union(*state.hands)
    assert found >= 5


def test_optimal_line_reaches_the_value_and_gives_the_score():
    solver = Solver(16)
    for seed in range(40):
        assert_line_reaches_the_value(solver, random_ending(TAROT, 7000 + seed, 3, CONTRACTS))


def test_node_limit_gives_proven_bounds():
    assert_node_limit_gives_bounds(random_ending(TAROT, 5, 6, CONTRACTS), max_nodes=30)
