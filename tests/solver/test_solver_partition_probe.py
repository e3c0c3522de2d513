"""The point games' partition table made cheaper without changing what it
finds: the coarse key updated over a trick (``point_partition.pt_ckey_at``)
equals the key made afresh (``pt_ckey``), and the rows of the current
solve stay the first of each bucket (the probe and the store stop at the
first row of another solve)."""

import random

import numpy as np
import pytest

from atout.engine import get_game
from atout.solver import Solver
from atout.solver import driver as api
from atout.solver import encoding as encoders
from atout.solver.kernels.point import row_table
from atout.solver.kernels.point import search as R
from atout.solver.testing import random_ending


@pytest.mark.parametrize("name", ["tarot", "tarocco"])
def test_the_key_updated_over_a_trick_is_the_key_made_afresh(name):
    game = get_game(name)
    rng = random.Random(7)
    for seed in range(6):
        state = game.new_state(game.random_deal(seed), **_contract(name))
        pos = api.codec_for(state).encode(state)
        L = pos.kl.copy()
        n = int(pos.rules[R.R_NSEATS])
        fr = np.zeros((100, R.N_GFRAME), dtype=np.int64)
        ts = np.zeros(100, dtype=np.int64)
        tr = np.zeros(100, dtype=np.int64)
        d = 0
        while True:
            k1, k2 = R.pt_ckey(L, 0, 0, n, pos.rules)
            fr[d, R.F_K1], fr[d, R.F_K2], fr[d, R.F_SLOT] = k1, k2, 0
            cards = [[(s, r) for s in range(6) for r in range(32) if (L[q, s] >> r) & 1]
                     for q in range(n)]
            if not all(cards):
                break
            leader = rng.randrange(n)
            for j in range(n):
                q = (leader + j) % n
                s, r = rng.choice(cards[q])
                L[q, s] ^= 1 << r
                ts[d + j], tr[d + j], fr[d + j, R.F_P] = s, r, q
            d += n
            fl = rng.randrange(64)
            w = rng.randrange(n)
            assert R.pt_ckey_at(L, ts, tr, w, fl, n, pos.rules, fr, d, 0) == \
                R.pt_ckey(L, w, fl, n, pos.rules)
        assert d >= 8 * n


def _contract(name):
    return {"taker": 0, "contract": "guard"} if name == "tarot" else {}


@pytest.mark.parametrize("name,keymode", [("tarot", "tarot"),
                                          ("tarocco", "tarocco"),
                                          ("tarot2", "tarot2")])
def test_the_rows_of_a_solve_are_the_first_of_their_bucket(name, keymode, monkeypatch):
    monkeypatch.setitem(encoders.KEY_MODES, keymode, 3)
    game = get_game(name)
    solver = Solver(tt_bits=10)          # a small table: buckets fill and rows are replaced
    contracts = {"taker": [0, 1, 2, 3], "contract": ["guard"]} if name == "tarot" else None
    if name == "tarot2":
        contracts = {"first": [0, 1]}
    rows = R.PT_ROWS_TAROCCO if name == "tarocco" else R.PT_ROWS
    # (tarot2's 8-trick endings filled no bucket of 16 rows once its coarse
    # key was hashed evenly: 10 tricks fill them)
    tricks = 10 if name == "tarot2" else 8
    full = 0
    for seed in range(4):
        solver.solve(random_ending(game, 900 + seed, tricks, contracts, mid_trick=None),
                     line=False)
        # (the generation word is stored folded with the row's packed word)
        gens = solver.rows[:, 2] ^ row_table.row_fold.py_func(solver.rows[:, 3])
        live = (gens >> R.KV_BITS) == solver.generation
        for bucket in live.reshape(-1, rows):
            k = int(bucket.sum())
            assert bucket[:k].all(), "a row of this solve after a row of another"
            full += k == rows
    assert full > 0


@pytest.mark.parametrize("name", ["tarot", "tarocco"])
def test_the_table_lead_is_the_first_move_gen_moves_makes(name):
    """``table_lead`` (the search tries the table's best lead before making
    the other moves) finds the card ``gen_moves`` puts first for that best
    lead, and nothing when gen_moves would not put one first (a card not
    held, not the top of its block, past the cards in play)."""
    game = get_game(name)
    found = missed = 0
    for seed in range(40):
        state = random_ending(game, 3_000 + seed, 3 + seed % 12,
                              {"taker": [0, 1, 2, 3], "contract": ["guard"]}
                              if name == "tarot" else None, mid_trick=None)
        if state.is_over():
            continue
        pos = api.codec_for(state).encode(state)
        n = int(pos.rules[R.R_NSEATS])
        mv = np.zeros((4, 80), dtype=np.int64)
        sc = np.zeros((4, 80), dtype=np.int64)
        lg = np.zeros((4, 6), dtype=np.int64)
        p = state.leader
        for best in range(6 * 32):
            first = R.table_lead(pos.kl, pos.kh, n, p, best, pos.eq)
            R.gen_moves(pos.kl, pos.kh, pos.kts, pos.ktr, 0, 0, state.leader, p, pos.fl0,
                        pos.rules, pos.sides, pos.kp, pos.eq, mv, sc, lg, best, -1)
            if first >= 0:
                found += 1
                assert (mv[0, 0], sc[0, 0]) == (first, 100000), (seed, best)
            else:
                missed += 1
                assert sc[0, 0] != 100000, (seed, best)
    assert found >= 100 and missed >= 100, (found, missed)
