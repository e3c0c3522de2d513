"""bench/merged_low_cards.py: the merged game measured in docs/SPEED.md.
With nothing merged it is the reference search's tarot; with low cards
merged, the defence's resolving is a lower bound of the real value and the
taker's an upper bound, on positions of every contract and taker."""

import sys
from pathlib import Path

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.search import minimax
from atout.solver.testing import random_ending

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from merged_low_cards import merged_value  # noqa: E402

CONTRACTS = {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without", "guard_against"]}
SEEDS = range(300, 324)


def positions(tricks_left):
    """Seeded positions, and as many again where the Excuse is still to be
    played by the taker, then by a defender (its rules are the merged
    game's own)."""
    game = get_game("tarot")
    states = [random_ending(game, seed, tricks_left, CONTRACTS, mid_trick=None) for seed in SEEDS]
    for taker_holds in (True, False):
        found = 0
        for seed in range(1000, 2000):
            state = random_ending(game, seed, tricks_left, CONTRACTS, mid_trick=None)
            if FOOL in state.hands[state.taker] if taker_holds else any(
                    FOOL in hand for seat, hand in enumerate(state.hands) if seat != state.taker):
                states.append(state)
                found += 1
                if found == len(SEEDS) // 2:
                    break
    return states


@pytest.fixture(scope="module")
def cases():
    return [(state, minimax(state)) for state in positions(3)]


def test_with_nothing_merged_it_is_the_reference_value(cases):
    for state, exact in cases:
        assert merged_value(state, 1, 0, "max")[0] == exact, state
        assert merged_value(state, 1, 0, "min")[0] == exact, state


@pytest.mark.parametrize("trump_top, pip_top", [(10, 10), (20, 10), (6, 4)])
def test_merged_bounds_hold_the_real_value(cases, trump_top, pip_top):
    widths, fewer = [], 0
    for state, exact in cases:
        low, low_positions = merged_value(state, trump_top, pip_top, "min")
        high, _ = merged_value(state, trump_top, pip_top, "max")
        assert low <= exact <= high, (state, low, exact, high)
        widths.append(high - low)
        fewer += low_positions < merged_value(state, 1, 0, "min")[1]
    if trump_top >= 10:
        assert max(widths) > 0            # the merging is not a no-op
    assert fewer > 0


def test_the_merged_game_starts_at_a_trick_start():
    state = random_ending(get_game("tarot"), 5, 3, mid_trick=None)
    state.play(state.legal_cards()[0])
    with pytest.raises(ValueError):
        merged_value(state, 10, 10, "max")


def test_the_question_in_the_merged_game_answers_soundly(cases):
    """A "no" with the taker resolving and a "yes" with the defence
    resolving are the real game's answers; with nothing merged, the
    question's answers are the value's."""
    settled = 0
    for state, exact in cases[:24]:
        assert merged_value(state, 1, 0, "max", exact)[0] is True, state
        assert merged_value(state, 1, 0, "max", exact + 1)[0] is False, state
        for need in (exact - 4, exact, exact + 1, exact + 4):
            if merged_value(state, 10, 10, "max", need)[0] is False:
                assert exact < need, (state, need)
                settled += 1
            if merged_value(state, 10, 10, "min", need)[0] is True:
                assert exact >= need, (state, need)
                settled += 1
    assert settled >= 24
