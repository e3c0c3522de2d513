"""Benchmarks of the double-dummy solver on every supported game: full
deals where they solve quickly, positions with fewer tricks left elsewhere,
every card of the player on turn scored, one thread.

    python -m pytest bench/test_bench_games.py --benchmark-only -s

``extra_info`` (and stdout with -s) reports positions, nodes, nodes per
second, median and maximum seconds per position, and how many were exact
within the node limit.
"""

import pytest

from _bench_coverage import positions, run_case
from atout.solver import SUPPORTED_GAMES

#: game -> (tricks left, positions, node limit per solve)
CASES = [
    ("belote", 8, 12, None),
    ("smear", 6, 12, None),
    ("tarocco", 6, 8, 5_000_000),
    ("tarocco", 8, 6, 5_000_000),
    ("tarot", 6, 8, 5_000_000),
    ("tarot", 8, 6, 5_000_000),
    ("tarot2", 6, 8, 5_000_000),
]


@pytest.mark.parametrize("name, tricks, count, limit", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_all_cards(benchmark, name, tricks, count, limit):
    if name not in SUPPORTED_GAMES:
        pytest.skip(f"the solver does not support {name}")
    # seeded deals (default contract) played at random to a trick boundary
    run_case(benchmark, f"{name} {tricks} tricks left", positions(name, tricks, count, seed=4000), limit=limit)
