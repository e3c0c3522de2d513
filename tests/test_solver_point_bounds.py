"""The point games' trick-start bounds (``point_search.trick_start_bounds``)
hold the naive search's value between them on random endings, the tarot
rule that counts points (master trumps with the cards that fall on them;
tarot2: hands and piles) included, in positions where it fires."""

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.search import minimax
from atout.engine.tarot_scoring import PETIT
from atout.solver import point_search as R
from atout.solver.tables import codec_for
from atout.solver.testing import random_ending

TAROT_CONTRACTS = {"taker": [0, 1, 2, 3],
                   "contract": ["take", "guard", "guard_without", "guard_against"]}
CONTRACTS = {"tarot": TAROT_CONTRACTS, "tarocco": None, "belote": {"trump": "SHDC", "taker": [0, 1, 2, 3]},
             "smear": None}


def root_bounds(state):
    """The kernel's (lower, upper) at a trick start, in the objective's units."""
    pos = codec_for(state).encode(state)
    n = state.n
    cnt, bp, _gp = R.cards_left_sums(pos.kl, pos.kh, n, pos.bp, pos.gpt)
    lo, hi = R.trick_start_bounds(pos.kl, pos.kh, n, pos.fl0, cnt, bp, pos.rules, pos.sides,
                                  pos.kp)
    return pos, lo + pos.already, hi + pos.already


def keep_excuse_and_petit(state, card):
    return card not in (FOOL, PETIT)


@pytest.mark.parametrize("tricks, seeds", [(2, 1500), (3, 40)])
def test_tarot_bounds_hold_the_value(tricks, seeds):
    fired = 0
    for seed in range(seeds):
        prefer = keep_excuse_and_petit if seed % 2 else None
        state = random_ending(get_game("tarot"), 50_000 + seed, tricks, TAROT_CONTRACTS,
                              mid_trick=None, prefer=prefer)
        if state.is_over():
            continue
        pos, lo, hi = root_bounds(state)
        value = minimax(state)
        assert lo <= value <= hi, (state, lo, value, hi)
        tw_max, tw_min, _, _ = R.tarot_master_tricks(pos.kl, state.n, pos.sides, 0)
        fired += (tw_max + tw_min) > 0 and (pos.fl0 & (R.T_WON0 | R.T_WON1)) == 0
    assert fired >= seeds // 4, fired


@pytest.mark.parametrize("name", ["tarocco", "belote", "smear"])
def test_other_games_bounds_hold_the_value(name):
    for seed in range(150):
        state = random_ending(get_game(name), 60_000 + seed, 2, CONTRACTS[name], mid_trick=None)
        if state.is_over():
            continue
        _pos, lo, hi = root_bounds(state)
        assert lo <= minimax(state) <= hi, (state, lo, hi)


def hand_cards_first(state, card):
    """tarot2: play from the hand while possible, so that piles keep face-down cards."""
    return card in state.hands[state.to_play]


@pytest.mark.parametrize("tricks, seeds", [(3, 300), (4, 80)])
def test_tarot2_bounds_hold_the_value_with_cards_under_the_piles(tricks, seeds):
    hidden_masters = 0
    for seed in range(seeds):
        state = random_ending(get_game("tarot2"), 70_000 + seed, tricks, {"first": [0, 1]},
                              mid_trick=None, prefer=hand_cards_first if seed % 2 else None)
        if state.is_over():
            continue
        pos, lo, hi = root_bounds(state)
        assert lo <= minimax(state) <= hi, (state, lo, hi)
        # a pile's hidden trump above every trump of the other player
        for q in (0, 1):
            other = int(pos.kl[1 - q, 4] | pos.kh[1 - q, 4])
            hidden = int(pos.kh[q, 4])
            hidden_masters += hidden > 0 and hidden.bit_length() > other.bit_length()
    assert hidden_masters >= seeds // 20, hidden_masters
