"""How the exact solve's nodes grow with the tricks left, and what that says
of the full-deal targets (issue 11): tarot and tarocco full deals exact in
10 s, tarot2 exact from 24 tricks left in 1 s.

Each row solves the same seeded deals as ``point_deals.py`` (a deal's
positions at consecutive rows lie on one random line of play: the position
at ``t`` tricks left is the one at ``t + 1`` with one more trick played),
each stopped at a node limit. A row's median counts an open solve as the
limit, so where half or more are open the median is a floor (printed with
``>=``). The growth per trick is taken geometrically from the first row to
the deepest; the deepest row's median times that growth to the target's
depth is the extrapolated median, and divided by ``NODE_RATE`` its
seconds. Where the deepest median is a floor, so are the growth and the
extrapolation (if the growth holds on to the target's depth):

    python bench/exact_growth.py [--only tarot,tarocco,tarot2] [--positions 8]
                                 [--limit 50000000]
"""

from __future__ import annotations

import argparse
import statistics
import time

from atout.solver import Solver

from point_deals import NODE_RATE, SEED, _load, position

#: game -> (tricks-left rows, the target's tricks left, the target's seconds)
ROWS = {
    "tarot": ((10, 11, 12, 13, 14), 18, 10.0),
    "tarocco": ((10, 11, 12, 13), 15, 10.0),
    "tarot2": ((16, 18, 20, 22), 24, 1.0),
}


def row(solver, name, tricks, positions, limit):
    """(exact count, median nodes with an open solve counted as ``limit``)."""
    nodes, exact = [], 0
    for i in range(positions):
        r = solver.solve(position(name, SEED + i, tricks), line=False, max_nodes=limit)
        exact += r.exact
        nodes.append(r.nodes if r.exact else limit)
    return exact, statistics.median(nodes)


def growth(medians):
    """The growth per trick from the first to the last (tricks, median)
    pair, geometrically: (last / first) ** (1 / tricks between); None with
    fewer than two pairs."""
    if len(medians) < 2:
        return None
    (t0, m0), (t1, m1) = medians[0], medians[-1]
    return (m1 / m0) ** (1 / (t1 - t0))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="tarot,tarocco,tarot2")
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--limit", type=int, default=50_000_000)
    args = ap.parse_args(argv)
    solver = Solver()
    solver.solve(position("tarot", SEED, 4), line=False)   # compile / load the kernels
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, load average {_load()}, "
          f"{args.positions} positions a row, limit {args.limit:,} nodes, NODE_RATE {NODE_RATE:,}",
          flush=True)
    for name in args.only.split(","):
        rows, target_tricks, target_s = ROWS[name]
        medians, floors = [], []
        for tricks in rows:
            t = time.perf_counter()
            exact, med = row(solver, name, tricks, args.positions, args.limit)
            floor = exact * 2 <= args.positions
            print(f"{name} {tricks} tricks left: exact {exact}/{args.positions}, median nodes "
                  f"{'>=' if floor else ''}{med:,.0f} ({time.perf_counter() - t:.0f} s)", flush=True)
            medians.append((tricks, med))
            floors.append(floor)
        if floors[0]:
            print(f"{name}: the first row's median is not exact, no growth", flush=True)
            continue
        g = growth(medians)
        t_last, m_last = medians[-1]
        need = m_last * g ** (target_tricks - t_last)
        at_least = "at least " if floor else ""
        print(f"{name}: growth {at_least}{g:.2f}x a trick ({rows[0]}-{t_last} tricks left); "
              f"at {target_tricks} tricks left the median would take {at_least}{need:,.3g} nodes, "
              f"{need / NODE_RATE:,.3g} s, {need / NODE_RATE / target_s:,.3g} times the target's "
              f"{target_s:g} s", flush=True)
    print(f"# done, load average {_load()}")


if __name__ == "__main__":
    main()
