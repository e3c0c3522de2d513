"""Root-value drivers compared by their nodes on exact solves, position by position.

A point game's exact value is found by a sequence of yes/no probes ("can
the max side reach t?"), each answered with a fail-soft bound, the table
kept from probe to probe. The order of the probes is the driver's. This
script solves the seeded positions of ``bench/point_deals.py`` (``tricks``
tricks left) with each driver and prints the nodes per position (exact,
deterministic) and their distribution (total, median, 90th percentile,
slowest) and each driver's per-position ratio to the first one named:

- ``main``: what ``Solver.solve`` does under a limit (``_limited_value``):
  the contract's target first, then the walk from it by 1, 2, 4, ..., and
  once a probe runs out of its half of what is left, ``Solver._narrow``;
- ``bisect``: bisection of the whole interval (``Solver.solve`` with no limit);
- ``walk1``: the walk by 1 each time (DDS's driver for bridge tables);
- ``crossbis``: the walk by 1, 2, 4, ..., bisecting once it crossed the value;
- ``adapt``: the walk's step doubles after a probe that cost under a
  quarter of the nodes so far (a cheap probe is far from the value), else
  goes back to 1; bisecting once crossed;
- ``playout`` / ``playout1``: the walk by 1, 2, 4, ... / by 1 from the
  value of a greedy playout (``point_search.greedy_playout``: every seat
  plays the search's first-ordered card; the every-card driver's guess in
  Belote), games without piles;
- ``tplayout``: the contract's question first, then the walk from the
  playout's value where the answer leaves it possible (the others, but
  ``main``, have no ``_narrow``: under ``ATOUT_DRIVER_LIMIT`` they stop at
  the first probe that runs out).

The positions are seeds ``FIRST_SEED`` on (default ``point_deals.SEED``).

    python bench/value_drivers.py GAME TRICKS POSITIONS [DRIVER,DRIVER,... [FIRST_SEED]]
    python bench/value_drivers.py tarot 10 30 main,walk1,crossbis,adapt
"""

from __future__ import annotations

import os
import statistics
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from point_deals import SEED, position, quantiles  # noqa: E402

from atout.solver import Solver  # noqa: E402
from atout.solver import driver as api  # noqa: E402
from atout.solver.encoding import codec_for  # noqa: E402

#: nodes a solve may take (``ATOUT_DRIVER_LIMIT`` to change; an open
#: solve is printed with its proven bounds)
LIMIT = int(os.environ.get("ATOUT_DRIVER_LIMIT", 40_000_000))


def adaptive_walk(solver, pos, gen, budget, lo, hi, target, cheap=0.25):
    """The walk from ``target`` whose step doubles after a probe that cost
    less than ``cheap`` of the nodes so far, else goes back to 1;
    bisection once the answers cross the value. (lo, hi, exact)."""
    t = min(max(target, lo + 1), hi)
    step, start, last_up, walk = 1, budget.nodes, None, True
    while lo < hi:
        before = budget.nodes
        v = solver._probe(pos, t, gen, budget)
        if v is None:
            return lo, hi, False
        yes = v >= t
        lo, hi = (max(lo, v), hi) if yes else (lo, min(hi, v))
        if walk and last_up is not None and yes != last_up:
            walk = False
        if walk:
            last_up = yes
            step = step * 2 if budget.nodes - before < cheap * (budget.nodes - start) else 1
            t = lo + step if yes else hi + 1 - step
        else:
            t = (lo + hi + 1) // 2
        t = min(max(t, lo + 1), hi)
    return lo, hi, True


def target_then_playout(solver, pos, gen, budget, lo, hi, target):
    """The contract's question first (as ``main``), then the walk by 1, 2,
    4, ... from the greedy playout's value where the answer leaves it
    possible, else from the target as ``main``."""
    t = min(max(target, lo + 1), hi)
    v = solver._probe(pos, t, gen, budget)
    if v is None:
        return lo, hi, False
    lo, hi = (max(lo, v), hi) if v >= t else (lo, min(hi, v))
    guess = pos.playout_value(solver.mv, solver.sc, solver.lg)
    if not lo < guess <= hi:
        guess = lo + 1 if v >= t else hi
    return solver._value(pos, gen, budget, lo, hi, guess=guess)


def solve_with(driver, solver, state):
    """(lo, hi, exact, nodes) of ``state``'s value found by ``driver``."""
    pos = codec_for(state).encode(state)
    gen = solver.new_generation()
    budget = api.Budget(LIMIT, None)
    clip = api.clipper(state)
    target = state.contract_target()
    lo, hi = clip(pos.already, pos.already + pos.bound())
    if driver == "main":
        r = solver._limited_value(pos, gen, budget, target, clip)
    elif driver == "walk1":
        r = solver._value(pos, gen, budget, lo, hi, guess=target, growth=1)
    elif driver == "crossbis":
        r = solver._value(pos, gen, budget, lo, hi, guess=target, bisect_crossed=True)
    elif driver in ("playout", "playout1") and hasattr(pos, "playout_value"):
        guess = pos.playout_value(solver.mv, solver.sc, solver.lg)
        r = solver._value(pos, gen, budget, lo, hi, guess=guess,
                          growth=1 if driver == "playout1" else 2)
    elif driver == "tplayout" and hasattr(pos, "playout_value"):
        r = target_then_playout(solver, pos, gen, budget, lo, hi, target)
    elif driver == "bisect":
        r = solver._value(pos, gen, budget)
    elif driver == "adapt":
        r = adaptive_walk(solver, pos, gen, budget, lo, hi, target)
    else:
        raise SystemExit(f"unknown driver {driver!r}: main, bisect, walk1, crossbis, adapt, "
                         "playout, playout1 or tplayout (the last three: games without piles)")
    return (*r, budget.nodes)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) not in (3, 4, 5):
        raise SystemExit(__doc__.split("\n\n")[-1])
    game, tricks, count = argv[0], int(argv[1]), int(argv[2])
    drivers = (argv[3] if len(argv) >= 4 else "main,walk1,crossbis,adapt").split(",")
    first_seed = int(argv[4]) if len(argv) == 5 else SEED
    solver = Solver()
    nodes = {d: [] for d in drivers}
    for i in range(count):
        state = position(game, first_seed + i, tricks)
        row = []
        for d in drivers:
            lo, hi, exact, n = solve_with(d, solver, state)
            nodes[d].append(n)
            row.append(f"{d} {n}" + ("" if exact else f" open [{lo}, {hi}]"))
        print(first_seed + i, ", ".join(row), flush=True)
    first = drivers[0]
    for d in drivers:
        median, p90, slowest = quantiles(nodes[d])
        line = (f"{d}: total {sum(nodes[d]):,}, median {median:,.0f}, p90 {p90:,}, "
                f"slowest {slowest:,}")
        if d != first:
            r = sorted(b / a for a, b in zip(nodes[first], nodes[d]))
            line += (f"; per position / {first}: median {statistics.median(r):.2f}, "
                     f"{r[0]:.2f} to {r[-1]:.2f}, fewer nodes on {sum(x < 1 for x in r)}, "
                     f"more on {sum(x > 1 for x in r)}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
