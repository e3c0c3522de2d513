"""The solver on Smear: exact against the naive reference search (the
bidder's side's points 0..4: High, Low, Jack, Game; the trump set by the
bidder's first lead unless the contract fixed it; the discard counts for
the bidder's side in Game)."""

import random

import pytest

from atout.engine import RuleError, get_game
from atout.engine import smear as S
from atout.engine.search import minimax
from atout.solver import SUPPORTED_GAMES, Solver, solve
from atout.solver.testing import assert_node_limit_gives_bounds, assert_solves_exactly, play_to

SMEAR = get_game("smear")


def smear_state(seed):
    """A seeded deal and contract: any bidder, trump fixed or not, widow 0..3."""
    rng = random.Random(seed)
    deal = SMEAR.random_deal(seed)
    bidder = rng.randrange(4)
    widow = rng.choice([0, 0, 1, 2, 3])
    try:
        if widow:
            trump = rng.randrange(4)
            taken = sorted(deal.extra("undealt"))[:widow]
            held = set(deal.hand(bidder)) | set(taken)
            options = S.legal_discards(held, trump)
            if not options:
                raise RuleError("no discard")
            discard = rng.choice(options)
            return SMEAR.new_state(deal, bidder=bidder, widow=widow, taken=taken,
                                   discard=list(discard), trump=trump)
        trump = rng.choice([None, S.suit_of(rng.choice(sorted(deal.hand(bidder))))])
        return SMEAR.new_state(deal, bidder=bidder, trump=trump)
    except RuleError:
        return SMEAR.new_state(deal, bidder=bidder)


def smear_ending(seed, tricks):
    """``smear_state(seed)`` played at random to ``tricks`` tricks left and 0..3 cards more."""
    return play_to(smear_state(seed), random.Random(seed + 1), tricks)


def test_smear_is_supported():
    assert "smear" in SUPPORTED_GAMES


@pytest.mark.parametrize("tricks,seeds", [(1, 400), (2, 400), (3, 250)])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks, seeds):
    solver = Solver(16)
    for seed in range(seeds):
        state = smear_ending(1000 * tricks + seed, tricks)
        assert_solves_exactly(solver, state, (seed, state))


@pytest.mark.slow
def test_four_trick_endings_equal_minimax():
    solver = Solver(16)
    for seed in range(30):
        state = smear_ending(90_000 + seed, 4)
        assert solver.solve(state, line=False).value == minimax(state), state


def test_first_lead_sets_the_trump():
    """From the start of the deal (trump not fixed): each first lead's value
    is the value of the deal with that suit as trump, solved after the lead
    (a position the random endings check against minimax)."""
    solver = Solver(16)
    checked = 0
    for seed in range(40):
        state = SMEAR.new_state(SMEAR.random_deal(seed), bidder=seed % 4)
        assert state.trump is None
        result = solver.solve(state, all_cards=True)
        assert result.exact
        for card, value in result.cards.items():
            state.play(card)
            assert state.trump == S.suit_of(card)
            assert solver.solve(state, line=False).value == value
            state.undo()
            checked += 1
        assert result.value == max(result.cards.values())
        final = state.clone()
        for card in result.line:
            final.play(card)
        assert final.objective() == result.value and result.score == final.score()
    assert checked >= 150


def test_fixed_trump_first_lead_is_a_trump():
    for seed in range(20):
        deal = SMEAR.random_deal(seed)
        trump = S.suit_of(min(deal.hand(0)))
        state = SMEAR.new_state(deal, bidder=0, trump=trump)
        result = solve(state, all_cards=True)
        assert result.cards and all(S.suit_of(c) == trump for c in result.cards)


def test_node_limit_gives_proven_bounds():
    assert_node_limit_gives_bounds(smear_state(5), max_nodes=20)
