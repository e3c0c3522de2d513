"""The point games' one-row table (``solver.row_table``): what a row stores
is what the search's table semantics say (a dict model of the entries),
bounds out of the packed range are stored weaker, never wrong, rows start
on cache lines, and a row torn between two threads' stores reads as a miss
or as one of the stores, never as a bound nobody stored."""

import random

import pytest

from atout.solver.kernels.point import row_table as T
from atout.solver.driver import Solver


def test_rows_start_on_cache_lines_and_are_empty():
    for size in (1 << 10, 1 << 12):
        tt = T.new_table(size)
        assert tt.shape == (size + T.BUSY_ROWS, 4) and tt.flags.c_contiguous
        assert tt.ctypes.data % 64 == 0
        assert not tt.any()
    solver = Solver(12)
    assert solver.rows.shape == ((1 << 12) + T.BUSY_ROWS, 4) and solver.rows.ctypes.data % 64 == 0


class Model:
    """The entries as the search means them: per slot, the key, generation,
    lower and upper bound and best move; another key replaces the entry."""

    def __init__(self):
        self.slots = {}

    def store(self, slot, key, value, is_lower, best):
        entry = self.slots.get(slot)
        if entry is None or entry[0] != key:
            entry = [key, T.EMPTY_LOWER, T.EMPTY_UPPER, -1]
            self.slots[slot] = entry
        if is_lower:
            entry[1] = max(entry[1], value)
        else:
            entry[2] = min(entry[2], value)
        if best >= 0:
            entry[3] = best

    def probe(self, slot, key):
        entry = self.slots.get(slot)
        return None if entry is None or entry[0] != key else tuple(entry[1:])


@pytest.mark.parametrize("seed", range(3))
def test_stores_and_probes_follow_the_model(seed):
    rng = random.Random(seed)
    tt = T.new_table(8)
    model = Model()
    keys = [(rng.randrange(1, 1 << 62), rng.randrange(-(1 << 62), 1 << 62), gen)
            for gen in (1, 2) for _ in range(6)]
    for _ in range(3000):
        slot = rng.randrange(8)
        key = rng.choice(keys)
        if rng.random() < 0.6:
            value = rng.randrange(-300, 300)
            is_lower = rng.random() < 0.5
            best = rng.choice([-1, rng.randrange(0, 6 * 32)])
            T.row_store(tt, slot, key[0], key[1], key[2], 1, value, is_lower, best)
            model.store(slot, key, value, is_lower, best)
        else:
            k1, k2, gen = key
            hit = tuple(T.row_key(tt, slot)[:3]) == (k1, k2, gen)
            got = tuple(int(x) for x in T.row_bounds(tt, slot)) if hit else None
            assert got == model.probe(slot, key)


def test_bounds_out_of_the_packed_range_are_stored_weaker():
    tt = T.new_table(4)
    big = 5 * T.BIAS
    T.row_store(tt, 0, 1, 2, 1, 0, big, True, 7)          # a lower bound: kept lower
    lower, upper, best = T.row_bounds(tt, 0)
    assert lower == T.BIAS - 1 and upper == T.EMPTY_UPPER and best == 7
    T.row_store(tt, 1, 1, 2, 1, 0, -big, False, -1)       # an upper bound: kept higher
    lower, upper, best = T.row_bounds(tt, 1)
    assert lower == T.EMPTY_LOWER and upper == -T.BIAS and best == -1
    T.row_store(tt, 1, 1, 2, 1, 0, -big, True, -1)        # no better than knowing nothing
    assert T.row_bounds(tt, 1)[0] == T.EMPTY_LOWER


def test_a_bucket_keeps_the_entry_with_more_work():
    """Two rows of a cache line are one bucket: a key is found in either;
    a new key with less work than the first row's goes to the second row,
    one with as much or more takes the first row and moves its entry down."""
    tt = T.new_table(8)
    gen = 3
    T.row_put(tt, 4, 11, 1, gen, 40, 10, True, 5)          # the big subtree
    T.row_put(tt, 5, 12, 2, gen, 8, -4, False, -1)         # same bucket (4, 5), less work
    T.row_put(tt, 4, 13, 3, gen, 6, 7, True, 2)            # less work again: replaces row 5
    assert T.row_find(tt, 5, 11, 1, gen) == 4
    assert tuple(T.row_bounds(tt, 4)) == (10, T.EMPTY_UPPER, 5) and T.row_work(tt, 4) == 40
    assert T.row_find(tt, 4, 12, 2, gen) == -1
    assert T.row_find(tt, 4, 13, 3, gen) == 5
    T.row_put(tt, 4, 14, 4, gen, 50, 1, False, 9)          # more work: first row, 11 moves down
    assert T.row_find(tt, 4, 14, 4, gen) == 4 and T.row_find(tt, 4, 11, 1, gen) == 5
    assert tuple(T.row_bounds(tt, 5)) == (10, T.EMPTY_UPPER, 5) and T.row_work(tt, 5) == 40
    T.row_put(tt, 4, 15, 5, gen + 1, 1, 0, True, -1)       # a new generation: stale rows go first
    assert T.row_find(tt, 4, 15, 5, gen + 1) == 4
    assert T.row_find(tt, 4, 14, 4, gen) == -1             # (the stale entry is not moved down)


@pytest.mark.parametrize("seed", range(3))
def test_bucket_entries_are_never_stronger_than_what_was_stored(seed):
    """Whatever a bucket finds for a key holds bounds implied by that key's
    own stores (never another key's), and a put is found right after it."""
    rng = random.Random(seed)
    tt = T.new_table(8)
    stored = {}
    keys = [(rng.randrange(1, 1 << 62), rng.randrange(-(1 << 62), 1 << 62), gen)
            for gen in (1, 2) for _ in range(8)]
    for _ in range(3000):
        key = rng.choice(keys)
        k1, k2, gen = key
        slot = (k1 ^ k2) & 7
        value = rng.randrange(-300, 300)
        is_lower = rng.random() < 0.5
        T.row_put(tt, slot, k1, k2, gen, rng.randrange(1, 79), value, is_lower, rng.randrange(0, 192))
        lows, highs = stored.setdefault(key, (set(), set()))
        (lows if is_lower else highs).add(value)
        row = T.row_find(tt, slot, k1, k2, gen)
        assert row >= 0
        lower, upper, _ = T.row_bounds(tt, row)
        assert (lower >= value) if is_lower else (upper <= value)
        for other in keys:
            o1, o2, ogen = other
            row = T.row_find(tt, (o1 ^ o2) & 7, o1, o2, ogen)
            if row >= 0:
                lower, upper, best = T.row_bounds(tt, row)
                lows, highs = stored[other]
                assert lower == T.EMPTY_LOWER or lower in lows
                assert upper == T.EMPTY_UPPER or upper in highs
                assert 0 <= best < 192


def _torn_rows(first, second):
    """Every row made of some words of ``first`` and the others of
    ``second`` (a reader between two threads' stores of one row)."""
    for mask in range(1, 15):
        yield [first[c] if (mask >> c) & 1 else second[c] for c in range(T.ROW)]


@pytest.mark.parametrize("seed", range(4))
def test_a_torn_row_is_a_miss_or_a_whole_store(seed):
    """Two threads store different positions (or the same one) into one
    row; a reader may see any mix of their words. Whatever key it looks up,
    it finds nothing or bounds that key's own store wrote."""
    rng = random.Random(seed)
    gen = 7
    shared_k1 = rng.randrange(1, 1 << 62)
    for _ in range(300):
        # keys alike in their first word (the partition table's coarse key
        # is shared by a bucket's positions), a neighbour's key, another's
        k1a = shared_k1 if rng.random() < 0.5 else rng.randrange(1, 1 << 62)
        k1b = shared_k1 if rng.random() < 0.5 else k1a ^ (1 << rng.randrange(62))
        keys = [(k1a, rng.randrange(-(1 << 62), 1 << 62)), (k1b, rng.randrange(-(1 << 62), 1 << 62))]
        if rng.random() < 0.2:
            keys[1] = keys[0]                  # the same position, other bounds
        stores = []
        for k1, k2 in keys:
            tt = T.new_table(2)
            work = rng.choice([3, 12, 40])
            value = rng.choice([-4, 0, 10, rng.randrange(-300, 300)])
            T.row_store(tt, 0, k1, k2, gen, work, value, rng.random() < 0.5, rng.randrange(-1, 192))
            stores.append(((k1, k2), [int(w) for w in tt[0]]))
        (key_a, words_a), (key_b, words_b) = stores
        lookups = {key_a, key_b, (key_a[0], key_b[1]), (key_b[0], key_a[1])}
        for words in _torn_rows(words_a, words_b):
            tt = T.new_table(2)
            tt[0] = words
            for k1, k2 in lookups:
                row = T.row_find(tt, 0, k1, k2, gen)
                if row < 0:
                    continue
                whole = [w for key, w in stores if key == (k1, k2)]
                assert whole, "a torn row matched a key nobody stored"
                assert any(tt[0, T.T_PACKED] == w[T.T_PACKED] for w in whole)
