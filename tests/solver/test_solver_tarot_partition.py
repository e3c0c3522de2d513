"""Tarot's partition table (``R_KEYMODE`` 3, ``point_partition.pt_ckey``):
the search with it gives the values of the search keyed on relative ranks
(``rkey``, itself held to the naive search in ``test_solver_tarot.py``, which
runs with the partition table), on random endings and on endings where each
relevance rule matters (found by leaving that rule out: the answers went
wrong there)."""

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.tarot_scoring import PETIT
from atout.solver import encoding as encoders
from atout.solver.testing import assert_partition_agrees_with_rkey, random_ending

TAROT = get_game("tarot")
CONTRACTS = {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without", "guard_against"]}

#: (seed, tricks left) of endings where one relevance rule is needed: the
#: trick won by a card that beat one of its suit (55091), the duty to
#: overtrump (55271), each block of equivalent cards down to its last card
#: at a node where every move failed (55953), the master trumps of the
#: trick-start bounds (57059), the leader's cash (55541)
NEEDS_A_RULE = [(55091, 5), (55271, 5), (55953, 5), (57059, 7), (55541, 5)]


def ending(seed, tricks):
    """As ``test_solver_tarot.tarot_ending``: in every other deal the players
    keep the Excuse and the Petit while they have another legal card."""
    keep = (lambda state, card: card not in (FOOL, PETIT)) if seed % 2 else None
    return random_ending(TAROT, seed, tricks, CONTRACTS, mid_trick="before", prefer=keep)


def assert_same_as_rkey(state, monkeypatch):
    return assert_partition_agrees_with_rkey(state, "tarot", monkeypatch)


@pytest.mark.parametrize("seed,tricks", NEEDS_A_RULE)
def test_endings_where_a_relevance_rule_matters(seed, tricks, monkeypatch):
    assert_same_as_rkey(ending(seed, tricks), monkeypatch)


@pytest.mark.parametrize("tricks,seeds", [(3, 100), (5, 400), (7, 200)])
def test_same_values_as_the_relative_rank_key_on_random_endings(tricks, seeds, monkeypatch):
    for seed in range(seeds):
        assert_same_as_rkey(ending(50000 + 1000 * tricks + seed, tricks), monkeypatch)


def test_low_cards_covered_by_a_failed_siblings_answer(monkeypatch):
    """A low card under the ranks a failed sibling's answer relied on is not
    tried (``point_partition.note_covered_low_cards``): the values stay the
    relative-rank key's on endings where the rule leaves moves out."""
    covered = 0
    for seed in range(120):
        result = assert_same_as_rkey(ending(59000 + seed, 6), monkeypatch)
        covered += result.stats["covered_moves"]
    assert covered >= 200


def test_the_partition_table_is_tarots_default():
    assert encoders.KEY_MODES["tarot"] == 3
