"""Tarocco's partition table (``R_KEYMODE`` 3, ``point_partition.pt_ckey``, as
tarot's: ``test_solver_tarot_partition.py``): the search with it gives the
values and every card's value of the search keyed on relative ranks
(``rkey``) and of the naive search of ``atout.engine``, on random endings
and on endings where each relevance rule matters (found by leaving that
rule out: the answers went wrong there)."""

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL, trump_card
from atout.solver import Solver
from atout.solver import encoding as encoders
from atout.solver.kernels.point import search as R
from atout.solver.encoding import plain_move
from atout.solver.testing import (assert_partition_agrees_with_rkey, assert_solves_exactly,
                                  random_ending)

TAROCCO = get_game("tarocco")
#: the cards with a role of their own: kept in hand while another is legal in every other deal
SPECIAL = (FOOL, trump_card(1), trump_card(21))

#: (seed, tricks left) of endings where one relevance rule is needed: the
#: trick won by a card that beat one of its suit (50000), each block of
#: equivalent cards down to its last card at a node where every move failed
#: (52078), the master trumps of the trick-start bounds (50352), the
#: leader's cash (50345). (Tarocco has no duty to overtrump.)
NEEDS_A_RULE = [(50000, 5), (52078, 4), (50352, 5), (50345, 5)]


def ending(seed, tricks):
    """A random ending, mid-trick in about 3 in 4; in every other deal the
    players keep the Matto and the trumps 1 and 21 while they have another
    legal card."""
    keep = (lambda state, card: card not in SPECIAL) if seed % 2 else None
    return random_ending(TAROCCO, seed, tricks, mid_trick="before", prefer=keep)


def assert_same_as_rkey(state, monkeypatch):
    return assert_partition_agrees_with_rkey(state, "tarocco", monkeypatch)


@pytest.mark.parametrize("seed,tricks", NEEDS_A_RULE)
def test_endings_where_a_relevance_rule_matters(seed, tricks, monkeypatch):
    assert_same_as_rkey(ending(seed, tricks), monkeypatch)


@pytest.mark.parametrize("tricks,seeds", [(3, 100), (5, 300), (7, 150)])
def test_same_values_as_the_relative_rank_key_on_random_endings(tricks, seeds, monkeypatch):
    for seed in range(seeds):
        assert_same_as_rkey(ending(30000 + 1000 * tricks + seed, tricks), monkeypatch)


def test_low_cards_covered_by_a_failed_siblings_answer(monkeypatch):
    """As tarot's (``point_partition.note_covered_low_cards``): the values stay
    the relative-rank key's on endings where the rule leaves moves out."""
    covered = 0
    for seed in range(80):
        result = assert_same_as_rkey(ending(36000 + seed, 6), monkeypatch)
        covered += result.stats["covered_moves"]
    assert covered >= 200


@pytest.mark.parametrize("tricks,seeds", [(2, 200), (3, 30)])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks, seeds, monkeypatch):
    monkeypatch.setitem(encoders.KEY_MODES, "tarocco", 3)
    solver = Solver(16)
    for seed in range(seeds):
        assert_solves_exactly(solver, ending(40000 + 1000 * tricks + seed, tricks))


def test_low_cards_come_from_the_labels():
    """Tarocco's low cards: the plain cards of one point (positions 0-5) and
    the trumps 2 to 20; tarot's: plain 1 to 10, trumps 2 to 20."""
    state = TAROCCO.new_state(TAROCCO.random_deal(1))
    low = encoders.encode_tarocco(state).rules[R.G_LOW:R.G_LOW + 6]
    assert list(low) == [0b111111] * 4 + [((1 << 20) - 1) & ~1, 0]
    tarot = get_game("tarot")
    state = tarot.new_state(tarot.random_deal(1), taker=0, contract="guard")
    low = encoders.encode_tarot(state).rules[R.G_LOW:R.G_LOW + 6]
    assert list(low) == [R.TAROT_LOW_PLAIN] * 4 + [R.TAROT_LOW_TRUMPS, 0]


def test_low_cards_must_be_a_run_of_ranks():
    eq = R.np.zeros((6, 32), dtype=R.np.int64)
    eq[0, :5] = 1
    eq[0, 2] = 3      # a card of another label between cards of the low label
    with pytest.raises(AssertionError):
        encoders.low_masks(eq, [plain_move(c) for c in range(5)])


def test_the_partition_table_is_taroccos_default():
    # it saves nodes and, with the cheaper probe, time (encoders.KEY_MODES["tarocco"])
    assert encoders.KEY_MODES["tarocco"] == 3
