"""Node counts of a point game's contract question on full deals, deal by deal.

``Solver().reaches(state, state.contract_target(), max_nodes=LIMIT)`` on the
seeded full deals of ``bench/point_deals.py`` (tarot: a guard by the first
seat; tarocco: do seats 0+2 reach 58; tarot2: does player 0 reach a margin
of 0): the nodes per deal (exact, deterministic) and their distribution, and
the share settled within 0.2M / 0.8M / 4M nodes (0.05 s / 0.2 s / 1 s at 4M
nodes a second). ``--tricks N``: the same deals played at random to N tricks
left (a smaller question that settles where the full deal's may not, to
compare two searches by their nodes).

    python bench/question_nodes.py [--game tarot|tarocco|tarot2] [--tricks N] [deals] [limit]
"""

from __future__ import annotations

import argparse
import statistics
import sys

from atout.solver import Solver

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from point_deals import GUARD_FIRST_SEAT, SEED, position  # noqa: E402

BUDGETS = (200_000, 800_000, 4_000_000)

#: game -> the contract choices of its question (None: ``point_deals``' own)
CONTRACTS = {"tarot": GUARD_FIRST_SEAT, "tarocco": None, "tarot2": None}


def question_nodes(count, limit, verbose=False, game="tarot", tricks=99):
    """[(seed, nodes or None when unsettled within ``limit``, answer)]"""
    out = []
    for i in range(count):
        state = position(game, SEED + i, tricks, CONTRACTS[game])
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
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(CONTRACTS), default="tarot")
    ap.add_argument("--tricks", type=int, default=99, help="tricks left (default: the full deal)")
    ap.add_argument("deals", nargs="?", type=int, default=30)
    ap.add_argument("limit", nargs="?", type=int, default=20_000_000)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    rows = question_nodes(args.deals, args.limit, verbose=True, game=args.game,
                          tricks=args.tricks)
    print(summary(rows, args.limit))


if __name__ == "__main__":
    main()
