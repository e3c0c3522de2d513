"""Smear solver benchmark: full deals (6 tricks, trump set by the first
lead), every first lead scored.

    python -m pytest bench/test_bench_smear.py --benchmark-only -s
"""

import pytest

from _bench_coverage import positions, run_case


@pytest.mark.parametrize("all_cards", [False, True], ids=["value", "all-cards"])
def test_smear_full_deal(benchmark, all_cards):
    states = positions("smear", 6, 40, {"bidder": [0, 1, 2, 3]})
    run_case(benchmark, f"smear full deal ({'all cards' if all_cards else 'value'})", states,
             all_cards=all_cards)
