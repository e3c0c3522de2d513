"""Two-player tarot solver benchmark: positions by tricks left (hands and
piles; the frontier where a solve stays under a second), and full deals
(39 tricks) within a node limit (proven bounds).

    python -m pytest bench/test_bench_tarot2.py --benchmark-only -s
"""

import pytest

from _bench_coverage import positions, run_case

#: tricks left -> positions
SETS = {8: 12, 12: 10, 16: 6, 20: 4}
LIMIT = 5_000_000


@pytest.mark.parametrize("tricks", sorted(SETS))
def test_tarot2_tricks_left(benchmark, tricks):
    run_case(benchmark, f"tarot2 {tricks} tricks left",
             positions("tarot2", tricks, SETS[tricks], {"first": [0, 1]}), limit=LIMIT, all_cards=False)


def test_tarot2_full_deal_within_a_node_limit(benchmark):
    run_case(benchmark, "tarot2 full deal, 1M nodes", positions("tarot2", 39, 4, {"first": [0, 1]}),
             limit=1_000_000, all_cards=False)
