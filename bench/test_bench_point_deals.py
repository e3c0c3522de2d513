"""The point games' deep positions and full deals as distributions (tarot,
tarocco, tarot2): exact value by tricks left, proven bounds after node
budgets of "1 s", and the contract question (``Solver.reaches`` at the
contract's target) on full deals. Small sizes here; the script prints the
full distributions:

    python -m pytest bench/test_bench_point_deals.py --benchmark-only -s
    python bench/point_deals.py            # the README's figures (minutes)
"""

import pytest

from point_deals import (GUARD_FIRST_SEAT, NODE_RATE, ROWS, by_tricks_left, bound_widths,
                         contract_question, print_row)


def _run(benchmark, measure):
    rows = []
    benchmark.pedantic(lambda: rows.append(measure()), rounds=1, iterations=1)
    row = rows[-1]
    benchmark.extra_info.update({k: v for k, v in row.items() if k != "game"})
    print()
    print_row(row)


@pytest.mark.parametrize("name", sorted(ROWS))
def test_contract_question_on_full_deals(benchmark, name):
    contract = GUARD_FIRST_SEAT if name == "tarot" else None
    _run(benchmark, lambda: contract_question(name, 8, contract))


@pytest.mark.parametrize("name, tricks", [("tarot", 10), ("tarocco", 10), ("tarot2", 16)])
def test_exact_by_tricks_left(benchmark, name, tricks):
    _run(benchmark, lambda: by_tricks_left(name, tricks, 3, 2 * NODE_RATE))


@pytest.mark.parametrize("name", sorted(ROWS))
def test_bound_width_on_full_deals_after_one_second(benchmark, name):
    _run(benchmark, lambda: bound_widths(name, 2, seconds=(1,)))
