"""Node counts of the tarot contract question on full deals, deal by deal.

``Solver().reaches(state, state.contract_target(), max_nodes=LIMIT)`` on the
seeded full deals of ``bench/point_deals.py`` (guard by the first seat):
the nodes per deal (exact, deterministic) and their distribution, and the
share settled within 0.2M / 0.8M / 4M nodes (0.05 s / 0.2 s / 1 s at 4M
nodes a second).

    python bench/question_nodes.py [deals] [limit]
"""

from __future__ import annotations

import statistics
import sys

from atout.solver import Solver

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from point_deals import GUARD_FIRST_SEAT, SEED, position  # noqa: E402

BUDGETS = (200_000, 800_000, 4_000_000)


def question_nodes(count, limit, verbose=False):
    """[(seed, nodes or None when unsettled within ``limit``, answer)]"""
    out = []
    for i in range(count):
        state = position("tarot", SEED + i, 99, GUARD_FIRST_SEAT)
        r = Solver().reaches(state, state.contract_target(), max_nodes=limit)
        out.append((SEED + i, r.nodes if r.answer is not None else None, r.answer))
        if verbose:
            print(*out[-1], flush=True)
    return out


def summary(rows, limit):
    nodes = sorted(n if n is not None else float("inf") for _, n, _ in rows)
    k = len(nodes)
    q = lambda f: nodes[min(k - 1, int(f * k))]  # noqa: E731
    within = " ".join(f"<={b / 1e6:g}M {sum(x <= b for x in nodes)}/{k}" for b in BUDGETS)
    return (f"deals {k}: median {statistics.median(nodes):,.0f} p70 {q(0.7):,.0f} "
            f"p90 {q(0.9):,.0f} | {within} | unsettled in {limit:,}: "
            f"{sum(x == float('inf') for x in nodes)}")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    count = int(argv[0]) if argv else 30
    limit = int(argv[1]) if len(argv) > 1 else 20_000_000
    rows = question_nodes(count, limit, verbose=True)
    print(summary(rows, limit))


if __name__ == "__main__":
    main()
