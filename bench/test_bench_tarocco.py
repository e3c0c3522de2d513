"""Tarocco solver benchmark: positions by tricks left (the frontier where a
solve stays under a second), and full deals (15 tricks) within a node limit
(proven bounds).

    python -m pytest bench/test_bench_tarocco.py --benchmark-only -s
"""

import pytest

from _bench_coverage import positions, run_case

#: tricks left -> positions
SETS = {6: 12, 8: 8, 10: 4}
LIMIT = 5_000_000


@pytest.mark.parametrize("tricks", sorted(SETS))
def test_tarocco_tricks_left(benchmark, tricks):
    run_case(benchmark, f"tarocco {tricks} tricks left", positions("tarocco", tricks, SETS[tricks]),
             limit=LIMIT, all_cards=False)


def test_tarocco_full_deal_within_a_node_limit(benchmark):
    run_case(benchmark, "tarocco full deal, 1M nodes", positions("tarocco", 15, 4), limit=1_000_000,
             all_cards=False)
