"""Tarot's upper bound by the tricks the lone taker can still win
(``point_bounds.tarot_taker_upper``) holds the naive search's value on
random endings, and it tightens the other bounds: the taker's cards that
may win a trick (trumps, and plain cards of a suit once every defender
void in it has played all his trumps), each defender's dearest cards, his
trumps above the taker's left out, his Excuse a half point."""

import pytest
from test_solver_point_bounds import TAROT_CONTRACTS

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.search import minimax
from atout.solver import Solver
from atout.solver.kernels.point import search as R
from atout.solver.testing import random_ending, trick_start_bounds_of

TAROT = get_game("tarot")


def taker_plays_low(state, card):
    """The taker sheds high cards and trumps first (so that he is left with
    few winners), the defence keeps the Excuse."""
    if state.side_of(state.to_play) == 0:
        return card > 64 or (card & 15) >= 10
    return card != FOOL


def taker_upper(state):
    """(pos, upper of ``tarot_taker_upper``, upper before it) at a trick start."""
    pos, cnt, _bp, _lo, hi = trick_start_bounds_of(state)
    up = R.tarot_taker_upper(pos.kl, state.n, cnt, pos.fl0, pos.rules, pos.sides, pos.kp, hi)
    return pos, up + pos.already, hi + pos.already


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


def defence_keeps_honours(state, card):
    """The taker sheds his trumps first, the defence its low plain cards
    (so that defenders keep the masters of suits the taker still holds)."""
    if state.side_of(state.to_play) == 0:
        return card > 64
    return card != FOOL and (card & 15) < 10


def kept_masters(state, pos):
    """``defence_kept_masters``' suits (via ``tarot_taker_tricks``)."""
    n = state.n
    taker = [q for q in range(n) if pos.sides[q] == pos.rules[R.R_MAXSIDE]][0]
    cnt, _bp, _gp = R.cards_left_sums(pos.kl, pos.kh, n, pos.bp, pos.gpt)
    _w, _suits, guarded = R.tarot_taker_tricks(pos.kl, n, taker, cnt // n, pos.sides, 1)
    return guarded


@pytest.mark.parametrize("tricks, seeds", [(2, 1200), (3, 300)])
def test_defence_kept_masters_hold_the_value(tricks, seeds):
    """The taker's first card of a suit in which a defender (not the
    Excuse's holder) keeps the master does not win: the bound holds the
    naive search's value where that rule fires."""
    fired = 0
    for seed in range(seeds):
        state = random_ending(TAROT, 75_000 + seed, tricks, TAROT_CONTRACTS, mid_trick=None,
                              prefer=defence_keeps_honours)
        if state.is_over():
            continue
        pos, hi, _hi0 = taker_upper(state)
        value = minimax(state)
        assert value <= hi, (seed, state, value, hi)
        fired += kept_masters(state, pos) != 0
    assert fired >= seeds // 4, fired


def test_the_excuse_holder_keeps_no_master():
    """The Excuse's holder may lead it and let the taker set the suit after
    him (the taker then wins with his lone diamond): his master is not kept."""
    state = random_ending(TAROT, 70_040, 2, TAROT_CONTRACTS, mid_trick=None,
                          prefer=taker_plays_low)
    pos, hi, _hi0 = taker_upper(state)
    assert kept_masters(state, pos) == 0
    assert minimax(state) <= hi


def slam_line(tricks_left):
    """The taker (seat 0: trumps 5 to 21 and the Excuse) leads his trumps
    from the top and wins every trick; the defence sheds its low cards and
    keeps its honours, to ``tricks_left`` tricks left."""
    trump = lambda k: 64 + k                                 # noqa: E731
    honours = [16 * s + p for p in (13, 12) for s in range(4)]
    low = [16 * s + p for s in range(4) for p in range(12)]
    hands = [[trump(k) for k in range(5, 22)] + [FOOL],
             [trump(k) for k in range(1, 5)] + low[:12] + honours[0:2],
             low[12:28] + honours[2:4], low[28:44] + honours[4:6]]
    deal = TAROT.deal_from(hands, {"dog": low[44:] + honours[6:8]})
    state = TAROT.new_state(deal, taker=0, contract="guard_without")
    while state.tricks_left > tricks_left:
        legal = state.legal_cards()
        if state.to_play == 0:
            state.play(max(c for c in legal if c != FOOL))
        else:
            state.play(min(legal, key=lambda c: (c in honours, c)))
    return state


@pytest.mark.parametrize("tricks", [2, 3, 4])
def test_the_slam_excuse_counts_a_trick(tricks):
    """Having won every trick, the taker leads his last trump, then the
    Excuse, which wins the last trick (each defender's king or queen in
    both): counted among his tricks, the bound holds and the solver answers
    right (one trick fewer counted, the bound was 85 < 110 two tricks left)."""
    state = slam_line(tricks)
    assert state.tricks_won(0) == 18 - tricks
    _pos, hi, _hi0 = taker_upper(state)
    value = minimax(state)
    assert value <= hi, (state, value, hi)
    assert Solver().reaches(state, value).answer
