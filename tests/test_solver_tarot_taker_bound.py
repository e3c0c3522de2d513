"""Tarot's upper bound by the tricks the lone taker can still win
(``point_search.tarot_taker_upper``) holds the naive search's value on
random endings, and it tightens the other bounds: the taker's cards that
may win a trick (trumps, and plain cards of a suit once every defender
void in it has played all his trumps), each defender's dearest cards, his
trumps above the taker's left out, his Excuse a half point."""

import pytest
from test_solver_point_bounds import TAROT_CONTRACTS, root_bounds

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.search import minimax
from atout.solver import point_search as R
from atout.solver.testing import random_ending

TAROT = get_game("tarot")


def taker_plays_low(state, card):
    """The taker sheds high cards and trumps first (so that he is left with
    few winners), the defence keeps the Excuse."""
    if state.side_of(state.to_play) == 0:
        return card > 64 or (card & 15) >= 10
    return card != FOOL


def taker_upper(state):
    """(pos, upper of ``tarot_taker_upper``, upper before it) at a trick start."""
    pos, _lo, hi = root_bounds(state)
    cnt, _bp, _gp = R.cards_left_sums(pos.kl, pos.kh, state.n, pos.bp, pos.gpt)
    up = R.tarot_taker_upper(pos.kl, state.n, cnt, pos.fl0, pos.rules, pos.sides, pos.kp,
                             hi - pos.already)
    return pos, up + pos.already, hi


@pytest.mark.parametrize("tricks, seeds", [(2, 1500), (3, 300)])
def test_tarot_taker_upper_holds_the_value(tricks, seeds):
    tighter = 0
    for seed in range(seeds):
        prefer = taker_plays_low if seed % 3 else None
        state = random_ending(TAROT, 70_000 + seed, tricks, TAROT_CONTRACTS, mid_trick=None,
                              prefer=prefer)
        if state.is_over():
            continue
        _pos, hi, hi0 = taker_upper(state)
        value = minimax(state)
        assert value <= hi, (seed, state, value, hi)
        tighter += hi < hi0
    assert tighter >= seeds // 10, tighter
