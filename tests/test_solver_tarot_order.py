"""Tarot's move ordering for the taker: his Excuse first when he follows
(``point_search.gen_moves``, ``TAKER_EXCUSE_FOLLOW``). An order only, so
the values stay the naive search's; checked on endings where the taker
still holds the Excuse."""

import numpy as np

from atout.engine.cards import FOOL
from atout.solver import Solver, api
from atout.solver import point_search as R
from atout.solver.testing import assert_solves_exactly, random_ending
from atout.engine import get_game

TAROT = get_game("tarot")
CONTRACTS = {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without", "guard_against"]}


def keep_the_excuse(state, card):
    """Everybody keeps the Excuse while he can (so that endings have it)."""
    return card != FOOL


def first_follow(state):
    """(seat to play, is he the taker, gen_moves' first card, holds the
    Excuse) in a mid-trick ending, or None at a trick start."""
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
    holds = pos.kl[p, 5] != 0
    return taker, int(mv[d, 0]) >> 5, holds and nm > 1


def test_the_takers_excuse_is_his_first_follow():
    """Where the taker follows holding the Excuse (with other cards he may
    play), gen_moves puts it first; a defender's Excuse stays where the
    other rules put it (last but for his dearest ducks: never first here)."""
    taker_first = defence_other = 0
    for seed in range(1000):
        state = random_ending(TAROT, 91_000 + seed, 2 + seed % 14, CONTRACTS,
                              prefer=keep_the_excuse)
        got = None if state.is_over() else first_follow(state)
        if got is None or not got[2]:
            continue
        taker, first_suit, _ = got
        if taker:
            assert first_suit == 5, seed
            taker_first += 1
        else:
            defence_other += first_suit != 5
    assert taker_first >= 30 and defence_other >= 60, (taker_first, defence_other)


def test_values_with_the_takers_excuse_first_are_the_naive_searchs():
    """Every card's value where the taker holds the Excuse mid-trick, 2
    and 3 tricks from the end, is the naive search's."""
    solver = Solver(16)
    checked = 0
    for seed in range(600):
        state = random_ending(TAROT, 93_000 + seed, 2 + seed % 2, CONTRACTS,
                              prefer=keep_the_excuse)
        if state.is_over():
            continue
        got = first_follow(state)
        if got is None or not (got[0] and got[2]):
            continue
        assert_solves_exactly(solver, state, seed)
        checked += 1
    assert checked >= 30, checked
