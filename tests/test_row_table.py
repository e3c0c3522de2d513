"""The point games' one-row table (``solver.row_table``): what a row stores
is what the search's table semantics say (a dict model of the entries),
bounds out of the packed range are stored weaker, never wrong, and rows
start on cache lines."""

import random

import pytest

from atout.solver import row_table as T
from atout.solver.api import Solver


def test_rows_start_on_cache_lines_and_are_empty():
    for size in (1 << 10, 1 << 12):
        tt = T.new_table(size)
        assert tt.shape == (size, 4) and tt.flags.c_contiguous
        assert tt.ctypes.data % 64 == 0
        assert not tt.any()
    solver = Solver(12)
    assert solver.rows.shape == (1 << 12, 4) and solver.rows.ctypes.data % 64 == 0


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
            T.row_store(tt, slot, key[0], key[1], key[2], value, is_lower, best)
            model.store(slot, key, value, is_lower, best)
        else:
            k1, k2, gen = key
            hit = tt[slot, T.T_GEN] == gen and tt[slot, T.T_K1] == k1 and tt[slot, T.T_K2] == k2
            got = tuple(int(x) for x in T.row_bounds(tt, slot)) if hit else None
            assert got == model.probe(slot, key)


def test_bounds_out_of_the_packed_range_are_stored_weaker():
    tt = T.new_table(4)
    big = 5 * T.BIAS
    T.row_store(tt, 0, 1, 2, 1, big, True, 7)          # a lower bound: kept lower
    lower, upper, best = T.row_bounds(tt, 0)
    assert lower == T.BIAS - 1 and upper == T.EMPTY_UPPER and best == 7
    T.row_store(tt, 1, 1, 2, 1, -big, False, -1)       # an upper bound: kept higher
    lower, upper, best = T.row_bounds(tt, 1)
    assert lower == T.EMPTY_LOWER and upper == -T.BIAS and best == -1
    T.row_store(tt, 1, 1, 2, 1, -big, True, -1)        # no better than knowing nothing
    assert T.row_bounds(tt, 1)[0] == T.EMPTY_LOWER
