"""The four plain suits of tarot play alike: a position and its copy with
the suits renamed have the same value and every card the same value (the
renamed card's). A search that read one suit's bits as another's, or a
bound or table key that favoured a suit, would break this; the random
positions of the other tests would not see it when both searches share it."""

import pytest

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.testing import permute_card, permute_suits, random_ending

CONTRACTS = {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without", "guard_against"]}
PERMUTATIONS = [(1, 0, 3, 2), (2, 3, 0, 1), (3, 2, 1, 0), (1, 2, 3, 0)]


@pytest.mark.parametrize("tricks", [4, 7])
def test_renamed_suits_give_the_same_values(tricks):
    game, solver = get_game("tarot"), Solver()
    for seed in range(12):
        state = random_ending(game, 900 + seed, tricks, CONTRACTS)
        r = solver.solve(state, all_cards=True, line=False)
        for perm in PERMUTATIONS[seed % 2::2]:
            copy = permute_suits(state, perm)
            assert sorted(copy.legal_cards()) == sorted(permute_card(c, perm) for c in state.legal_cards())
            rc = solver.solve(copy, all_cards=True, line=False)
            assert rc.value == r.value, (seed, perm)
            assert rc.cards == {permute_card(c, perm): v for c, v in r.cards.items()}, (seed, perm)

