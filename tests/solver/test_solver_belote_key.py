"""Belote's exact table key (``point_keys.belote_key``) names the same
positions alike as the generic relative-rank key ``rkey``: two positions
share one iff they share the other (same trump), on random endings where
many positions differ only in which cards without points are gone."""

import random

from atout.engine import get_game
from atout.solver.kernels.point import search as R
from atout.solver.encoding import codec_for

MASK = (1 << 20) - 1


def _positions(count, seed):
    game = get_game("belote")
    rng = random.Random(seed)
    for i in range(count):
        state = game.new_state(game.random_deal(seed + i), trump=rng.choice("SHDC"),
                               taker=rng.randrange(4))
        # 1 or 2 tricks left, sometimes inside a trick: many shared relative keys
        for _ in range(rng.randrange(28, 31)):
            state.play(rng.choice(state.legal_cards()))
        yield codec_for(state).encode(state)


def test_belote_key_groups_positions_as_rkey_does():
    by_rkey, by_key = {}, {}
    merged = 0
    for pos in _positions(4000, 11):
        trump = int(pos.rules[R.R_TRUMP])
        for fl in (0, 1):
            a = (R.rkey(pos.kl, pos.leader, fl, 4, pos.eq), trump)
            b = (R.belote_key(pos.kl, pos.leader, fl, trump), trump)
            merged += a in by_rkey
            assert by_rkey.setdefault(a, b) == b
            assert by_key.setdefault(b, a) == a
            assert 0 <= R.belote_slot(b[0][0], b[0][1], MASK) <= MASK
    assert merged > 100     # the endings do share keys: the test can fail


def _code(hands, s, zero):
    import numpy as np
    lanes = np.zeros((4, 6), dtype=np.int64)
    for seat, bits in hands.items():
        lanes[seat, s] = bits
    return R.belote_suit_code(lanes, s, zero)


def test_belote_suit_code_counts_the_cards_without_points():
    plain, trump = R.BELOTE_ZERO_PLAIN, R.BELOTE_ZERO_TRUMP
    # a plain suit: 8 and 9 with seats 0 and 2 plays as 7 and 8 with them
    # (strength ranks 0-2 count nothing); the ace's holder matters
    assert _code({0: 0b010, 2: 0b100, 1: 1 << 7}, 0, plain) == _code({0: 0b001, 2: 0b010, 1: 1 << 7},
                                                                      0, plain)
    assert _code({0: 0b010, 2: 0b100, 1: 1 << 7}, 0, plain) != _code({0: 0b001, 2: 0b010, 3: 1 << 7},
                                                                      0, plain)
    assert _code({0: 0b010, 2: 0b100}, 0, plain) != _code({2: 0b010, 0: 0b100}, 0, plain)
    # trumps: ranks 0-1 (7, 8) count nothing, rank 2 (the queen) counts 3
    assert _code({1: 0b001, 3: 0b100}, 2, trump) == _code({1: 0b010, 3: 0b100}, 2, trump)
    assert _code({1: 0b011}, 2, trump) != _code({1: 0b101}, 2, trump)


def test_the_zero_point_ranks_are_those_of_the_encoder():
    game = get_game("belote")
    for trump in "SHDC":
        pos = codec_for(game.new_state(game.random_deal(1), trump=trump, taker=0)).encode(
            game.new_state(game.random_deal(1), trump=trump, taker=0))
        t = int(pos.rules[R.R_TRUMP])
        for s in range(4):
            zero = R.BELOTE_ZERO_TRUMP if s == t else R.BELOTE_ZERO_PLAIN
            labels = [int(pos.eq[s, r]) for r in range(8)]
            assert [r for r in range(8) if labels[r] == 0] == [r for r in range(8) if zero >> r & 1]
            nonzero = [x for x in labels if x]
            assert nonzero == sorted(set(nonzero))      # distinct, rising with strength


def test_belote_slot_spreads_keys_as_random_slots_would():
    """Keys of positions that differ in few high bits (the same deal's
    holders, leaders, flags) fill a small table's buckets (two rows to a
    cache line) as random slots would: within 2% of the expected count."""
    game = get_game("belote")
    rng = random.Random(5)
    keys = set()
    for i in range(1500):
        state = game.new_state(game.random_deal(900 + i), trump=rng.choice("SHDC"),
                               taker=rng.randrange(4))
        for _ in range(rng.randrange(4, 28)):
            state.play(rng.choice(state.legal_cards()))
        pos = codec_for(state).encode(state)
        for fl in (0, 1):
            for leader in range(4):
                keys.add(R.belote_key(pos.kl, leader, fl, int(pos.rules[R.R_TRUMP])))
    mask = (1 << 15) - 1
    buckets = (mask + 1) // 2
    expected = buckets * (1 - (1 - 1 / buckets) ** len(keys))
    used = {R.belote_slot(k1, k2, mask) >> 1 for k1, k2 in keys}
    assert len(used) > 0.98 * expected
