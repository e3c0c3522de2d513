"""Node counts of a point game's contract question on full deals, deal by deal.

``Solver().reaches(state, state.contract_target(), max_nodes=LIMIT)`` on the
seeded full deals of ``bench/point_deals.py`` (tarot: a guard by the first
seat; tarocco: do seats 0+2 reach 58; tarot2: does player 0 reach a margin
of 0): the nodes per deal (exact, deterministic) and their distribution, and
the share settled within 0.2M / 0.8M / 4M nodes (0.05 s / 0.2 s / 1 s at 4M
nodes a second). ``--tricks N``: the same deals played at random to N tricks
left (a smaller question that settles where the full deal's may not, to
compare two searches by their nodes). ``--seeds S1,S2,...``: those deals
only (e.g. the ones a 4M-node run leaves open, with a larger limit);
``--margin M``: ask for the target plus ``M`` (tarot: half points);
``--tt-bits B``: a table of ``2**B`` rows (default 20); ``--stats``: the
search's counters summed over the settled deals (table probes and hits,
cutoffs and the share made by the first move tried).

    python bench/question_nodes.py [--game tarot|tarocco|tarot2] [--tricks N]
                                   [--seeds S1,S2,...] [--margin M] [--tt-bits B] [--stats]
                                   [deals] [limit]
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


def question_nodes(count, limit, verbose=False, game="tarot", tricks=99, seeds=None, margin=0,
                   tt_bits=20, stats=None):
    """[(seed, nodes or None when unsettled within ``limit``, answer)] on
    the ``count`` deals from ``SEED`` on, or on ``seeds``; the settled
    deals' counters are added into the dict ``stats`` if given."""
    out = []
    for seed in seeds if seeds is not None else range(SEED, SEED + count):
        state = position(game, seed, tricks, CONTRACTS[game])
        r = Solver(tt_bits=tt_bits).reaches(state, state.contract_target() + margin,
                                            max_nodes=limit)
        out.append((seed, r.nodes if r.answer is not None else None, r.answer))
        if stats is not None and r.answer is not None:
            for key, value in r.stats.items():
                stats[key] = stats.get(key, 0) + value
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
    ap.add_argument("--seeds", type=lambda t: [int(x) for x in t.split(",")],
                    help="these deals' seeds instead of the first DEALS")
    ap.add_argument("--margin", type=int, default=0, help="added to the contract's target")
    ap.add_argument("--tt-bits", type=int, default=20, help="a table of 2**B rows")
    ap.add_argument("--stats", action="store_true", help="the search's counters, summed")
    ap.add_argument("deals", nargs="?", type=int, default=30)
    ap.add_argument("limit", nargs="?", type=int, default=20_000_000)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    counters = {} if args.stats else None
    rows = question_nodes(args.deals, args.limit, verbose=True, game=args.game,
                          tricks=args.tricks, seeds=args.seeds, margin=args.margin,
                          tt_bits=args.tt_bits, stats=counters)
    print(summary(rows, args.limit))
    if args.stats:
        print("settled deals' counters:", ", ".join(f"{k} {v:,}" for k, v in counters.items()))
        if counters.get("cutoffs"):
            print(f"first move's share of the cutoffs: "
                  f"{counters['first_move_cutoffs'] / counters['cutoffs']:.4f}")


if __name__ == "__main__":
    main()
