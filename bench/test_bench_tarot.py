"""French tarot solver benchmark: positions by tricks left (the frontier
where a solve stays under a second), and full deals (18 tricks) within a
node limit (proven bounds).

    python -m pytest bench/test_bench_tarot.py --benchmark-only -s
"""

import pytest

from _bench_coverage import positions, run_case

CONTRACT = {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without", "guard_against"]}
#: tricks left -> positions
SETS = {6: 10, 8: 6, 10: 4}
LIMIT = 5_000_000


@pytest.mark.parametrize("tricks", sorted(SETS))
def test_tarot_tricks_left(benchmark, tricks):
    run_case(benchmark, f"tarot {tricks} tricks left", positions("tarot", tricks, SETS[tricks], CONTRACT),
             limit=LIMIT, all_cards=False)


def test_tarot_full_deal_within_a_node_limit(benchmark):
    run_case(benchmark, "tarot full deal, 1M nodes", positions("tarot", 18, 4, CONTRACT),
             limit=1_000_000, all_cards=False)
