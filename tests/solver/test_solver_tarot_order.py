"""Tarot's move ordering for the taker: his Excuse early when he follows
(``point_moves.gen_moves``, ``TAKER_EXCUSE_FOLLOW``). An order only, so
the values stay the naive search's; checked on endings where the taker
still holds the Excuse."""

import numpy as np

from atout.engine.cards import FOOL
from atout.solver import Solver
from atout.solver import driver as api
from atout.solver.kernels.point import search as R
from atout.solver.testing import assert_solves_exactly, random_ending
from atout.engine import get_game

TAROT = get_game("tarot")
CONTRACTS = {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without", "guard_against"]}


def keep_the_excuse(state, card):
    """Everybody keeps the Excuse while he can (so that endings have it)."""
    return card != FOOL


def follow_order(state):
    """(is the seat to play the taker, gen_moves' order as (suit, score)
    pairs) in a mid-trick ending, or None at a trick start."""
    pos = api.codec_for(state).encode(state)
    if pos.ntr == 0:
        return None
    n = int(pos.rules[R.R_NSEATS])
    p = (pos.leader + pos.ntr) % n
    d = pos.ntr
    mv = np.zeros((d + 1, 80), dtype=np.int64)
    sc = np.zeros((d + 1, 80), dtype=np.int64)
    lg = np.zeros((d + 1, 6), dtype=np.int64)
    nm = R.gen_moves(pos.kl, pos.kh, pos.kts, pos.ktr, pos.ntr, d, pos.leader, p, pos.fl0,
                     pos.rules, pos.sides, pos.kp, pos.eq, mv, sc, lg, -1, -1)
    taker = pos.sides[p] == pos.rules[R.R_MAXSIDE]
    return taker, [(int(mv[d, j]) >> 5, int(sc[d, j])) for j in range(nm)]


def test_the_takers_excuse_comes_after_his_holding_winners_only():
    """Where the taker follows holding the Excuse (and other cards he may
    play), gen_moves tries it right after the cards that win the trick and
    hold it: first when he has none (and before his ducks and the winners
    an opponent can still beat); a defender's Excuse keeps its place
    (scored as a duck, or a gift to his partner's trick)."""
    first = behind = defence = 0
    for seed in range(1000):
        state = random_ending(TAROT, 91_000 + seed, 2 + seed % 14, CONTRACTS,
                              prefer=keep_the_excuse)
        got = None if state.is_over() else follow_order(state)
        if got is None or len(got[1]) < 2 or 5 not in [s for s, _ in got[1]]:
            continue
        taker, order = got
        at = [s for s, _ in order].index(5)
        if taker:
            assert order[at][1] == R.TAKER_EXCUSE_FOLLOW, seed
            # what comes before it holds the trick: a card no opponent beats
            assert all(score > 900 for _, score in order[:at]), (seed, order)
            first += at == 0
            behind += at > 0
        else:
            assert order[at][1] != R.TAKER_EXCUSE_FOLLOW, (seed, order)
            defence += 1
    assert first >= 15 and behind >= 10 and defence >= 60, (first, behind, defence)


def test_values_with_the_takers_excuse_early_are_the_naive_searchs():
    """Every card's value where the taker holds the Excuse mid-trick, 2
    and 3 tricks from the end, is the naive search's."""
    solver = Solver(16)
    checked = 0
    for seed in range(600):
        state = random_ending(TAROT, 93_000 + seed, 2 + seed % 2, CONTRACTS,
                              prefer=keep_the_excuse)
        if state.is_over():
            continue
        got = follow_order(state)
        if got is None or not got[0] or 5 not in [s for s, _ in got[1]]:
            continue
        assert_solves_exactly(solver, state, seed)
        checked += 1
    assert checked >= 30, checked
