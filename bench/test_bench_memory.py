"""Peak memory of a solve with the default table, per game: a full deal
(every card scored, the line) within a node limit, in a fresh process so
that the figure is that of one solve.

    python -m pytest bench/test_bench_memory.py --benchmark-only -s

Reports the peak resident size of the process (VmHWM), which includes
Python, Numba and the compiled kernels (about 150 MB before any solve).
Target (issue #3): at most 1 GB with the default table.
"""

import pytest

from atout.solver.testing import peak_memory_of_a_solve

#: game -> node limit of the full-deal solve
CASES = {"bridge": 3_000_000, "belote": None, "smear": None, "tarot": 3_000_000,
         "tarocco": 3_000_000, "tarot2": 3_000_000}


@pytest.mark.parametrize("name", sorted(CASES))
def test_peak_memory_of_a_full_deal_solve(benchmark, name):
    out = {}

    def run():
        out.update(peak_memory_of_a_solve(name, CASES[name]))

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(out)
    print(f"\n{name}: " + ", ".join(f"{k} {v}" for k, v in out.items()))
