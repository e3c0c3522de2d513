"""The tarocco and tarot2 bounds of ``point_search`` hold the naive
search's value on random endings, and each part of them fires: tarocco's
Matto counted for its owner's side, a side holding a master trump sure of a
trick and the partner's cards in the tricks of its master
trumps (``tarocco_sure_terms``), the leader's cash (``tarocco_cash_bounds``);
tarot2's oudlers sure for their holder and the Excuse kept by its owner
(``tarot2_end_terms``)."""

import random

import pytest
from test_solver_point_bounds import assert_tightened_bounds_hold, hand_cards_first, root_bounds

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.solver.kernels.point import search as R
from atout.solver.testing import random_ending, trick_start_bounds_of

TAROCCO = get_game("tarocco")
TAROT2 = get_game("tarot2")
TRUMP_1, TRUMP_21 = 65, 85


def keep_matto_and_high_cards(state, card):
    """Play so that the Matto, high trumps and face cards stay in hand."""
    high = card - 64 > 14 if card > 64 else (card & 15) >= 7
    return card != FOOL and not high


def tarocco_ending(seed, tricks):
    return random_ending(TAROCCO, 40_000 + seed, tricks, mid_trick=None,
                         prefer=keep_matto_and_high_cards if seed % 4 else None)


def tarocco_sure_terms(state):
    """``trick_start_bounds`` (objective units) and the same without
    ``tarocco_sure_terms``' part."""
    pos, lo, hi = root_bounds(state)
    tw_max, tw_min, _, _ = R.tarot_master_tricks(pos.kl, state.n, pos.sides, 0)
    tlo, thi = R.term_range(pos.kl, pos.kh, state.n, pos.fl0, pos.rules)
    dlo, dhi = R.tarocco_sure_terms(pos.kl, pos.kh, state.n, pos.fl0, pos.rules, pos.sides,
                                    tw_max, tw_min, tlo, thi, 0, 0)
    return pos, lo, hi, lo - dlo, hi - dhi


def tarocco_cash_bounds(state):
    """The search's tarocco bounds at a trick start (``trick_start_bounds``
    tightened by ``tarocco_cash_bounds``), and the bounds before the cash."""
    pos, cnt, bp, lo0, hi0 = trick_start_bounds_of(state)
    lo, hi = R.tarocco_cash_bounds(pos.kl, pos.kh, state.n, state.leader, cnt, pos.fl0, bp,
                                   pos.rules, pos.sides, pos.kp, lo0, hi0)
    a = pos.already
    return pos, lo + a, hi + a, lo0 + a, hi0 + a


@pytest.mark.parametrize("tricks, seeds", [(2, 800), (3, 60)])
def test_tarocco_matto_and_sure_trick_terms_hold_the_value(tricks, seeds):
    endings = ((seed, tarocco_ending(seed, tricks)) for seed in range(seeds))
    assert_tightened_bounds_hold(endings, tarocco_sure_terms, seeds)


@pytest.mark.parametrize("tricks, seeds, one_in", [(2, 800, 20), (3, 60, 30)])
def test_tarocco_cash_bounds_hold_the_value(tricks, seeds, one_in):
    # (3 tricks left the trick-start bounds' cheapest cards in the master
    # trumps' tricks, tarocco_master_tricks_cards, leave the cash less to
    # tighten: its upper bound lowered 2 of these 60, the lower raised 5)
    endings = ((seed, tarocco_ending(10_000 + seed, tricks)) for seed in range(seeds))
    assert_tightened_bounds_hold(endings, tarocco_cash_bounds, seeds, one_in)


def test_tarocco_cheapest_points_count_the_encoders_points():
    """``tarocco_cheapest_points`` counts tarocco's points by position with
    popcounts: on random hands its sum of the k cheapest cards is the one
    of the encoder's point table (the Matto counted 0)."""
    rng = random.Random(11)
    pos = root_bounds(tarocco_ending(0, 4))[0]
    cards = [(s, r) for s in range(6) for r in range(32) if pos.kp[s, r] > 0]
    for _ in range(300):
        hand = rng.sample(cards, rng.randrange(1, 16))
        lanes = pos.kl.copy()
        lanes[:] = 0
        for s, r in hand:
            lanes[1, s] |= 1 << r
        points = sorted(0 if s == 5 else int(pos.kp[s, r]) for s, r in hand)
        for k in range(len(hand) + 1):
            assert R.tarocco_cheapest_points(lanes, 1, k) == sum(points[:k]), (hand, k)


def keep_oudlers(state, card):
    """tarot2: from the hand while possible, the Excuse, Petit and 21 kept."""
    return hand_cards_first(state, card) and card not in (FOOL, TRUMP_1, TRUMP_21)


def tarot2_end_terms(state):
    """tarot2's bounds at a trick start and the same with ``term_range``'s
    ends in place of ``tarot2_end_terms``'."""
    pos, cnt, _bp, lo, hi = trick_start_bounds_of(state)
    lo, hi = lo + pos.already, hi + pos.already
    tlo, thi = R.term_range(pos.kl, pos.kh, state.n, pos.fl0, pos.rules)
    end_lo, end_hi = R.tarot2_end_terms(pos.kl, pos.kh, state.n, pos.fl0, cnt, pos.rules,
                                        pos.sides, pos.kp)
    return pos, lo, hi, lo - (end_lo - tlo), hi + (thi - end_hi)


@pytest.mark.parametrize("tricks, seeds", [(3, 400), (4, 200)])
def test_tarot2_end_terms_hold_the_value(tricks, seeds):
    endings = ((seed, random_ending(TAROT2, 30_000 + seed, tricks, {"first": [0, 1]},
                                    mid_trick=None,
                                    prefer=keep_oudlers if seed % 3 else hand_cards_first))
               for seed in range(seeds))
    rows = assert_tightened_bounds_hold(endings, tarot2_end_terms, seeds)
    # the Excuse's kept points move a bound by more than an oudler's 10
    assert any(lo - lo0 > 10 or hi0 - hi > 10 for lo, hi, lo0, hi0 in rows)
