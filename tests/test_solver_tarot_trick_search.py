"""Tarot's trick-count search (``point_search.taker_trick_reach``) answers
as a plain trick-count minimax over the engine's rules, and the bound it
lets ``tarot_trick_bound`` give (``tarot_taker_points`` at the taker's most
tricks) holds the naive search's value, on random endings of 3-5 tricks
with a lone taker, in positions where it fires."""

import numpy as np
import pytest
from test_solver_point_bounds import TAROT_CONTRACTS

from atout.engine import get_game
from atout.solver import point_search as R
from atout.solver.bridge_search import C_NODES, C_SUBNODES, MAXMOVES, N_CTX, NSUITS
from atout.solver.tables import MAXDEPTH, codec_for
from atout.solver.testing import random_ending

TAROT = get_game("tarot")


def taker_reaches(state, target):
    """Does the taker (side 0) win ``target`` tricks in all, whatever the
    defence plays? Plain minimax of the trick count, each side stopping at
    its first card that settles the question."""
    won = state.tricks_won(0)
    if won >= target or won + state.tricks_left < target:
        return won >= target
    cards = state.legal_cards()
    answers = (taker_reaches_after(state, card, target) for card in cards)
    return any(answers) if state.side_of(state.to_play) == 0 else all(answers)


def taker_reaches_after(state, card, target):
    state.play(card)
    try:
        return taker_reaches(state, target)
    finally:
        state.undo()


def scratch():
    return (np.zeros(MAXDEPTH, dtype=np.int64), np.zeros(MAXDEPTH, dtype=np.int64),
            np.zeros((MAXDEPTH, MAXMOVES), dtype=np.int64),
            np.zeros((MAXDEPTH, MAXMOVES), dtype=np.int64),
            np.zeros((MAXDEPTH, NSUITS), dtype=np.int64),
            np.zeros((MAXDEPTH + 1, R.N_GFRAME), dtype=np.int64))


def reach(pos, target, arrays, limit=1_000_000):
    """``taker_trick_reach``'s (answer, nodes) at the position's trick start
    (``arrays``: ``scratch()``'s, its table kept from call to call)."""
    ts, tr, mv, sc, lg, fr = arrays
    before = pos.kl.copy()
    ans, nodes = R.taker_trick_reach(pos.kl, pos.kh, ts, tr, 0, pos.leader, pos.fl0, target,
                                     pos.rules, pos.sides, pos.kp, pos.gpt, mv, sc, lg, fr, limit)
    assert (pos.kl == before).all()
    return ans, nodes


def lone_taker_ending(seed, tricks):
    """A random ending at a trick start, tricks left, with a lone taker
    (None when the deal is over)."""
    state = random_ending(TAROT, 90_000 + seed, tricks, TAROT_CONTRACTS, mid_trick=None)
    return None if state.is_over() else state


@pytest.mark.parametrize("tricks, seeds", [(3, 120), (4, 40), (5, 4)])
def test_trick_search_answers_as_the_trick_minimax(tricks, seeds):
    """Every target from 1 to the tricks left: yes exactly when the plain
    minimax of the trick count reaches it. Both answers come up, and the
    table answers some questions at the root."""
    answers = set()
    at_root = 0
    for seed in range(seeds):
        state = lone_taker_ending(seed, tricks)
        if state is None:
            continue
        pos = codec_for(state).encode(state)
        assert R.lone_taker(state.n, pos.sides, pos.rules[R.R_MAXSIDE]) >= 0
        won = state.tricks_won(0)
        arrays = scratch()
        # (in both orders: the table's entries of one question answer the next)
        targets = range(1, state.tricks_left + 1)
        for target in targets if seed % 2 else reversed(targets):
            ans, nodes = reach(pos, target, arrays)
            assert ans == taker_reaches(state, won + target), (seed, state, target, ans)
            answers.add(ans)
            at_root += nodes == 1
    assert answers == {0, 1}
    assert at_root > 0


def trick_bound(state, need_offset):
    """``tarot_trick_bound`` at the trick start of ``state`` asked for
    ``need`` (in the kernel's units: the value minus what is banked) =
    the upper bound of ``tarot_taker_upper`` - ``need_offset``: (bound or
    INF, the upper bound, the sub-search's nodes)."""
    pos = codec_for(state).encode(state)
    n = state.n
    cnt, bp, _gp = R.cards_left_sums(pos.kl, pos.kh, n, pos.bp, pos.gpt)
    _lo, hi = R.trick_start_bounds(pos.kl, pos.kh, n, pos.fl0, cnt, bp, pos.rules, pos.sides,
                                   pos.kp)
    up = R.tarot_taker_upper(pos.kl, n, cnt, pos.fl0, pos.rules, pos.sides, pos.kp, hi)
    ts, tr, mv, sc, lg, fr = scratch()
    ctx = np.zeros(N_CTX, dtype=np.int64)
    need = up - need_offset
    v = R.tarot_trick_bound(pos.kl, pos.kh, ts, tr, 0, pos.leader, cnt, pos.fl0, need,
                            pos.rules, pos.sides, pos.kp, pos.gpt, mv, sc, lg, fr, ctx)
    assert ctx[C_NODES] == ctx[C_SUBNODES]
    return pos, v, need, up


def value_above(state, v):
    """Can the max side end above ``v`` (the objective)? Plain minimax, each
    side stopping at its first card that settles the question."""
    if state.is_over():
        return state.objective() > v
    answers = (value_above_after(state, card, v) for card in state.legal_cards())
    return any(answers) if state.maximizing() else all(answers)


def value_above_after(state, card, v):
    state.play(card)
    try:
        return value_above(state, v)
    finally:
        state.undo()


@pytest.mark.parametrize("tricks, seeds", [(3, 200), (4, 60)])
def test_trick_bound_holds_the_value(tricks, seeds):
    """Asked for the upper bound less 0..3 (where the plain bound does not
    settle), the bound it gives is below ``need`` and the naive search
    cannot exceed it; it fires in one ending in 4 at least."""
    fired = asked = 0
    for seed in range(seeds):
        state = lone_taker_ending(seed, tricks)
        if state is None:
            continue
        for offset in range(4):
            pos, v, need, up = trick_bound(state, offset)
            asked += 1
            if v >= R.INF:
                continue
            assert v < need, (seed, state, v, need)
            assert not value_above(state, v + pos.already), (seed, state, v + pos.already, up)
            fired += 1
    assert fired >= asked // 4, (fired, asked)
