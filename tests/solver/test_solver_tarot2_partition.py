"""tarot2's partition table (``R_KEYMODE`` 3, ``point_partition.t2_ckey``):
the search with it gives the values and every card's value of the search
keyed on relative ranks with the piles told apart (``rkey_piles``, key mode
2) and of the naive search of ``atout.engine``, on random endings with
piles (face-down cards, pile cards with a card under them) and on endings
where each relevance rule matters (found by leaving that rule out: the
answers went wrong there)."""

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL
from atout.engine.tarot2 import PETIT
from atout.solver import Solver
from atout.solver import encoding as encoders
from atout.solver.kernels.point import search as R
from atout.solver.testing import (assert_partition_agrees_with_rkey, assert_solves_exactly,
                                  random_ending)

TAROT2 = get_game("tarot2")


def ending(seed, tricks):
    """A random ending (maybe one card into its trick); in odd seeds the
    players prefer hand cards (so that piles with face-down cards remain)
    and keep the Excuse and the Petit."""
    prefer = in_hand_not_excuse_or_petit if seed % 2 else None
    return random_ending(TAROT2, seed, tricks, {"first": [0, 1]}, mid_trick="before",
                         prefer=prefer)


def in_hand_not_excuse_or_petit(state, card):
    return card in state.hands[state.to_play] and card not in (FOOL, PETIT)


def assert_same_as_rkey_piles(state, monkeypatch):
    """The partition table (3) gives the value and every card's value the
    relative-rank key (2) gives; returns its result."""
    return assert_partition_agrees_with_rkey(state, "tarot2", monkeypatch, reference=2)


@pytest.mark.parametrize("tricks,seeds", [(3, 100), (5, 200), (7, 100)])
def test_same_values_as_the_relative_rank_key_on_random_endings(tricks, seeds, monkeypatch):
    for seed in range(seeds):
        assert_same_as_rkey_piles(ending(60000 + 1000 * tricks + seed, tricks), monkeypatch)


def test_low_cards_covered_by_a_failed_siblings_answer(monkeypatch):
    """A low card under the ranks a failed sibling's answer relied on is not
    tried (``point_partition.note_covered_low_cards``; tarot2's low cards are
    playable, not pile cards with a card under them): the values and every
    card's value stay those of the relative-rank key with the piles on
    endings where the rule leaves moves out. (It fails with every later
    low card of the suit skipped, and with the pile cards with a card under
    them taken as low cards too.)"""
    covered = 0
    fired = 0
    for tricks, seeds in [(8, 100), (10, 200)]:
        for seed in range(seeds):
            result = assert_same_as_rkey_piles(ending(69000 + seed, tricks), monkeypatch)
            covered += result.stats["covered_moves"]
            fired += result.stats["covered_moves"] > 0
    assert fired >= 120 and covered >= 6000


def test_covered_low_cards_hold_to_the_naive_search(monkeypatch):
    """The same rule held to the naive search: on the endings of 5 tricks
    where it leaves moves out, the value and every card's value are the
    naive search's. (It fails with the pile cards with a card under them
    taken as low cards; every later low card skipped goes wrong only on
    longer endings, in the test above.)"""
    monkeypatch.setitem(encoders.KEY_MODES, "tarot2", 3)
    fired = 0
    for seed in range(300):
        state = ending(86000 + seed, 5)
        if Solver(16).solve(state, all_cards=True, line=False).stats["covered_moves"] > 0:
            fired += 1
            assert_solves_exactly(Solver(16), state)
    assert fired >= 30


@pytest.mark.parametrize("tricks,seeds", [(2, 200), (3, 100), (4, 30)])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks, seeds, monkeypatch):
    monkeypatch.setitem(encoders.KEY_MODES, "tarot2", 3)
    solver = Solver(16)
    for seed in range(seeds):
        assert_solves_exactly(solver, ending(70000 + 1000 * tricks + seed, tricks))


def test_pile_cards_with_a_card_under_them_are_not_low():
    state = TAROT2.new_state(TAROT2.random_deal(1))
    pos = encoders.encode_tarot2(state)
    uniq = pos.rules[R.G_UNIQ:R.G_UNIQ + 6]
    low = pos.rules[R.G_LOW:R.G_LOW + 6]
    # 12 piles of 3: 24 cards have a card under them
    assert sum(bin(int(u)).count("1") for u in uniq) == 24
    assert all(int(u) & int(lo) == 0 for u, lo in zip(uniq, low))
    tarot = [R.TAROT_LOW_PLAIN] * 4 + [R.TAROT_LOW_TRUMPS, 0]
    assert [int(lo) | (int(u) & t) for lo, u, t in zip(low, uniq, tarot)] == tarot


def test_the_relative_rank_key_stays_tarot2s_default():
    # the partition table saves nodes but not time yet (encoders.KEY_MODES["tarot2"])
    assert encoders.KEY_MODES["tarot2"] == 2


def test_the_coarse_key_is_the_same_compiled_and_in_python():
    # t2_ckey's products wrap around in int64 (compiled, and as numpy
    # scalars in plain Python) and its mask keeps 63 bits: the same key
    import numpy as np
    import warnings
    state = TAROT2.new_state(TAROT2.random_deal(3))
    pos = encoders.encode_tarot2(state)
    for leader, fl in [(0, 0), (1, 0), (0, 5)]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            plain = R.t2_ckey.py_func(pos.kl, pos.kh, leader, fl, pos.rules)
        compiled = R.t2_ckey(pos.kl, pos.kh, leader, fl, pos.rules)
        assert [int(k) for k in plain] == [int(k) for k in compiled]
        assert all(0 <= int(k) < 2 ** 63 for k in compiled)
    keys = {tuple(int(k) for k in R.t2_ckey(pos.kl, pos.kh, leader, fl, pos.rules))
            for leader in (0, 1) for fl in (0, 1, 2)}
    assert len(keys) == 6
    assert np.int64(R.mix63(np.int64(1))) != np.int64(R.mix63(np.int64(2)))
