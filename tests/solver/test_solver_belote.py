"""The solver on Belote: exact against the naive reference search, with
the trump order relabelled, every obligation, card points, the last trick
and the capot."""

import pytest

from atout.engine import get_game
from atout.engine.search import card_values, minimax
from atout.solver import Solver, solve, table
from atout.solver.encoding import codec_for
from atout.solver.testing import random_ending

BELOTE = get_game("belote")
CONTRACTS = {"trump": "SHDC", "taker": [0, 1, 2, 3]}


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks):
    solver = Solver(16)
    for seed in range(350):
        state = random_ending(BELOTE, 100 * tricks + seed, tricks, CONTRACTS)
        result = solver.solve(state, all_cards=True)
        assert result.value == minimax(state), (seed, state)
        assert result.cards == card_values(state), (seed, state)


def test_capot_endings_equal_minimax():
    """Endings where the taker's side has won every trick so far: the capot
    (252) is still possible."""
    solver = Solver(16)
    checked = capots = 0
    for seed in range(2500):
        state = random_ending(BELOTE, seed, 1 + seed % 3, CONTRACTS)
        if state.tricks_won(1 - state.max_side) > 0:
            continue
        checked += 1
        value = minimax(state)
        capots += value == 252
        result = solver.solve(state, all_cards=True)
        assert result.value == value, (seed, state)
        assert result.cards == card_values(state), (seed, state)
    assert checked > 30 and capots > 10


def test_trump_cards_keep_their_identity_through_the_relabelling():
    state = BELOTE.new_state(BELOTE.random_deal(3), trump="H", taker=1)
    codec = codec_for(state)
    for card in BELOTE.deck.cards:
        assert codec.to_card(codec.to_move(card)) == card
    # the kernel's trump lane is in trump strength order: J, 9, A on top
    pos = codec.encode(state)
    jack, nine, ace, seven = BELOTE.parse_cards("HJ H9 HA H7")
    lane = codec.to_move(jack) >> 5
    holder_of_rank = {r: q for q in range(4) for r in range(8) if int(pos.kl[q, lane]) >> r & 1}
    assert len(holder_of_rank) == 8
    for rank, card in ((7, jack), (6, nine), (5, ace), (0, seven)):
        assert card in state.hands[holder_of_rank[rank]]


def test_line_and_score_of_a_four_trick_ending():
    state = random_ending(BELOTE, 42, 4, CONTRACTS)
    result = solve(state)
    final = state.clone()
    for card in result.line:
        final.play(card)
    assert final.is_over() and final.objective() == result.value
    assert result.score == final.score()


def test_full_deal_solves_and_table():
    deal = BELOTE.random_deal(7)
    state = BELOTE.new_state(deal, trump="S", taker=0)
    result = solve(state, all_cards=True)
    assert result.exact and 0 <= result.value <= 252
    assert max(result.cards.values()) == result.value  # seat 0 is the taker: maximises
    out = table(BELOTE, deal)
    assert set(out) == {"S", "H", "D", "C"} and all(set(v) == {0, 1, 2, 3} for v in out.values())
    assert out["S"][0] == result.value


def test_greedy_playout_is_the_value_of_a_legal_line():
    """The driver's first guess (``point_search.greedy_playout``): the
    cards it leaves in the scratch slots are a legal line to the end of the
    deal, its value is that line's objective, and the hands are restored."""
    from atout.solver.kernels.point import search as R
    from atout.solver.testing import cards_left
    solver = Solver(16)
    for seed in range(300):
        state = random_ending(BELOTE, 7_000 + seed, 1 + seed % 8, CONTRACTS)
        if state.is_over():
            continue
        pos = codec_for(state).encode(state)
        hands = pos.kl.copy()
        ts, tr = pos.kts.copy(), pos.ktr.copy()
        value = R.greedy_playout(pos.kl, pos.kh, ts, tr, pos.ntr, pos.ntr, pos.leader, pos.fl0,
                                 pos.rules, pos.sides, pos.kp, pos.eq, pos.gpt, solver.mv,
                                 solver.sc, solver.lg)
        assert (pos.kl == hands).all(), seed
        line = state.clone()
        for d in range(pos.ntr, pos.ntr + cards_left(state)):
            card = pos.kernel_move_to_card(int(ts[d]), int(tr[d]))
            assert card in line.legal_cards(), (seed, state)
            line.play(card)
        assert line.is_over(), seed
        assert value + pos.already == line.objective() == pos.playout_value(solver.mv, solver.sc,
                                                                            solver.lg), seed


def test_the_walk_from_any_guess_ends_on_the_value_and_bisects_once_it_crossed():
    """``Solver._value`` with a guess walks by 1, 2, 4... toward the value;
    with ``bisect_crossed`` (the every-card driver), once an answer points
    back it bisects what is left: from guesses far on
    either side the value found is minimax's, and after the crossing each
    probe asks the middle of the interval still open."""
    from atout.solver.limits import Budget
    solver = Solver(16)
    crossed = 0
    for seed in range(60):
        state = random_ending(BELOTE, 9_100 + seed, 2 + seed % 3, CONTRACTS)
        value = minimax(state)
        pos = codec_for(state).encode(state)
        for guess in (value - 37, value - 3, value + 2, value + 41):
            asked = []
            probe = solver._probe

            def spy(pos, target, gen, budget):
                v = probe(pos, target, gen, budget)
                asked.append((target, v))
                return v
            solver._probe = spy
            try:
                lo, hi, exact = solver._value(pos, solver.new_generation(), Budget(None, None),
                                              guess=guess, growth=2, bisect_crossed=True)
            finally:
                del solver._probe
            assert exact and lo == hi == value, (seed, guess, asked)
            # replay the answers: after the first answer pointing back, the middle
            lo, hi = pos.already, pos.already + pos.bound()
            first_up = None
            for i, (t, v) in enumerate(asked):
                if first_up is not None and (v >= t) != first_up and i + 1 < len(asked):
                    crossed += 1
                    lo2, hi2 = (max(lo, v), hi) if v >= t else (lo, min(hi, v))
                    assert asked[i + 1][0] == min(max((lo2 + hi2 + 1) // 2, lo2 + 1), hi2)
                    break
                first_up = v >= t if first_up is None else first_up
                lo, hi = (max(lo, v), hi) if v >= t else (lo, min(hi, v))
    assert crossed >= 10, crossed
