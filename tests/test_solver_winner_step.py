"""``point_search.winner_step`` (the search carries the trick's winner from
card to card) folds to ``winner_index`` (the scan, itself checked against
the engines in ``test_solver_kernels``) on every prefix of random tricks:
plain suits, trumps (none, a plain suit, the tarot trumps) and the fool."""

import random

import numpy as np

from atout.solver import point_search as R


def test_winner_step_folds_to_winner_index():
    rng = random.Random(2026)
    ts = np.zeros(8, dtype=np.int64)
    tr = np.zeros(8, dtype=np.int64)
    changes = 0
    for _ in range(3000):
        n = rng.choice((2, 3, 4, 5))
        base = rng.randrange(3)
        trump = rng.choice((-1, 0, 1, 2, 3, 4))
        fool_at = rng.randrange(n) if rng.random() < 0.3 else -1
        for i in range(n):
            ts[base + i] = 5 if i == fool_at else rng.choice((0, 1, 4, rng.randrange(4)))
            tr[base + i] = 0 if i == fool_at else rng.randrange(22)
        wi = 0
        for i in range(n):
            step = R.winner_step(ts, tr, base, wi, i, trump)
            changes += step != wi
            wi = step
            assert wi == R.winner_index(ts, tr, base, i + 1, trump), (ts[base:base + n],
                                                                      tr[base:base + n], trump)
    assert changes > 1000       # the winner does move in these tricks
