"""The point games on deep positions and full deals, as distributions: tarot,
tarocco and tarot2 (issue 11, items 1, 3 and 4).

Three measurements, each on fixed seeded random deals, one thread:

* ``by_tricks_left``: the exact value from 8 tricks left up to the full deal
  (time and nodes; a solve is stopped at a node limit and counted as not
  exact);
* ``bound_widths``: the width of the proven bounds of a full deal after
  "1 s" and "10 s" of search. For determinism the seconds are node budgets,
  ``seconds * NODE_RATE`` nodes (NODE_RATE measured on this machine with
  ``point_node_rate.py rates``: 3.5 million nodes a second, near the slowest
  full deals' rate), so the widths do not depend on the load. Two rows a game: ``solve`` as the command line runs it (the
  contract's question first, with the whole budget, then the anytime
  narrowing of ``Solver._narrow``), and ``bounds only``
  (``contract_first=False``: the narrowing from the start); each deal's
  width is listed;
* ``contract_question``: ``Solver.reaches(state, state.contract_target())``
  on full deals (tarot: random deals and random contracts, and a guard by the
  first seat; tarocco: do seats 0+2 reach 58; tarot2: does player 0 reach a
  margin of 0): the share settled within 0.05 s, 0.2 s and 1 s, counted on
  node budgets as above (and the measured times beside them).

Script mode prints the distributions (median, 90th percentile, slowest):

    python bench/point_deals.py [--quick] [--only tarot,tarocco,tarot2] [--part tricks,bounds,question]
                                [--bound-deals N]

pytest-benchmark mode: ``python -m pytest bench/test_bench_point_deals.py --benchmark-only -s``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.testing import random_ending

#: nodes a second of the point games' search on this machine (one thread,
#: an idle core): the budgets below are seconds times this. Measured with
#: ``python bench/point_node_rate.py rates`` (2026-12-02: 3.0-5.3M a deal in
#: tarot, 4.3-8.0M in tarocco, 3.8-6.6M in tarot2; 1.3-1.9M on 2026-11-30,
#: before the passes on the node's cost); 3.5M is near the slowest deals'
NODE_RATE = 3_500_000

TAROT_CONTRACTS = {"taker": [0, 1, 2, 3],
                   "contract": ["take", "guard", "guard_without", "guard_against"]}
GUARD_FIRST_SEAT = {"taker": [0], "contract": ["guard"]}

#: game -> (tricks in a full deal, contract choices)
GAMES = {
    "tarot": (18, TAROT_CONTRACTS),
    "tarocco": (15, None),
    "tarot2": (39, {"first": [0, 1]}),
}

#: game -> tricks left rows (the last is the full deal)
ROWS = {
    "tarot": (8, 10, 12, 14, 16, 18),
    "tarocco": (8, 10, 12, 14, 15),
    "tarot2": (8, 12, 16, 20, 24, 30, 39),
}

SEED = 11_000


def position(name, seed, tricks, contract=None):
    full, choices = GAMES[name]
    return random_ending(get_game(name), seed, min(tricks, full),
                         choices if contract is None else contract, mid_trick=None)


def quantiles(values):
    """(median, 90th percentile, max) of a list of numbers."""
    v = sorted(values)
    if not v:
        return (float("nan"),) * 3
    return statistics.median(v), v[min(len(v) - 1, int(0.9 * len(v)))], v[-1]


def _fmt(x):
    if isinstance(x, float):
        return f"{x:.3g}"
    return str(x)


def by_tricks_left(name, tricks, count, limit, solver=None):
    """Exact values of ``count`` seeded positions at ``tricks`` tricks left,
    each stopped at ``limit`` nodes."""
    solver = solver or Solver()
    rows = []
    for i in range(count):
        state = position(name, SEED + i, tricks)
        t = time.perf_counter()
        r = solver.solve(state, line=False, max_nodes=limit)
        rows.append({"seconds": time.perf_counter() - t, "nodes": r.nodes, "exact": r.exact,
                     "width": r.upper - r.lower})
    times = [r["seconds"] for r in rows]
    nodes = [r["nodes"] for r in rows]
    out = {"game": name, "tricks": tricks, "positions": count, "limit": limit,
           "exact": sum(r["exact"] for r in rows)}
    out["s_median"], out["s_p90"], out["s_max"] = quantiles(times)
    out["nodes_median"], out["nodes_p90"], out["nodes_max"] = quantiles(nodes)
    out["nodes_per_s"] = int(sum(nodes) / max(sum(times), 1e-9))
    return out


def bound_widths(name, count, seconds=(1, 10), solver=None, contract_first=True):
    """Width of the proven bounds of ``count`` full deals after node budgets
    of ``seconds * NODE_RATE`` (half points for tarot/tarot2, points for
    tarocco; 0 = exact); ``contract_first`` False: ``solve`` narrows the
    bounds without asking the contract's question first."""
    solver = solver or Solver()
    out = {"game": name if contract_first else f"{name} bounds only", "deals": count}
    for sec in seconds:
        widths = []
        for i in range(count):
            state = position(name, SEED + i, 99)
            r = solver.solve(state, line=False, max_nodes=int(sec * NODE_RATE),
                             contract_first=contract_first)
            widths.append(r.upper - r.lower)
        out[f"{sec}s_exact"] = sum(w == 0 for w in widths)
        out[f"{sec}s_median"], out[f"{sec}s_p90"], out[f"{sec}s_max"] = quantiles(widths)
        out[f"{sec}s_widths"] = "/".join(map(str, widths))
    return out


def contract_question(name, count, contract=None, limit_seconds=1.0, solver=None,
                      label=None):
    """``Solver.reaches`` at the contract's target on ``count`` full deals:
    the share settled within 0.05, 0.2 and 1 "seconds" (node budgets) and
    the measured times."""
    solver = solver or Solver()
    limit = int(limit_seconds * NODE_RATE)
    nodes, times, answers = [], [], []
    for i in range(count):
        state = position(name, SEED + i, 99, contract)
        r = solver.reaches(state, state.contract_target(), max_nodes=limit)
        nodes.append(r.nodes if r.answer is not None else float("inf"))
        times.append(r.seconds)
        answers.append(r.answer)
    out = {"game": label or name, "deals": count,
           "made": sum(a is True for a in answers), "failed": sum(a is False for a in answers),
           "open": sum(a is None for a in answers)}
    for sec in (0.05, 0.2, 1.0):
        out[f"within_{sec}s"] = sum(x <= sec * NODE_RATE for x in nodes) / count
    settled = [x for x in nodes if x != float("inf")]
    out["nodes_median"] = statistics.median(nodes) if nodes else 0
    out["nodes_settled_p90"] = quantiles(settled)[1] if settled else None
    out["s_median"], out["s_p90"], out["s_max"] = quantiles(times)
    return out


def print_row(row, file=sys.stdout):
    print(", ".join(f"{k} {_fmt(v)}" for k, v in row.items()), file=file, flush=True)


#: the script's sizes: (positions per tricks-left row, node limit per solve,
#: deals for the bounds, deals for the contract question)
FULL = (10, 2 * NODE_RATE, 3, 30)
QUICK = (2, 1 * NODE_RATE, 2, 12)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer deals and smaller limits")
    ap.add_argument("--only", default="tarot,tarocco,tarot2")
    ap.add_argument("--part", default="tricks,bounds,question")
    ap.add_argument("--bound-deals", type=int, default=None, help="deals for the bounds (default 3)")
    args = ap.parse_args(argv)
    per_row, limit, bound_deals, question_deals = QUICK if args.quick else FULL
    bound_deals = args.bound_deals or bound_deals
    games = args.only.split(",")
    parts = args.part.split(",")
    solver = Solver()
    solver.solve(position("tarot", SEED, 4), line=False)   # compile / load the kernels
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, load average {_load()}, NODE_RATE {NODE_RATE}")
    if "question" in parts:
        for name in games:
            if name == "tarot":
                print_row(contract_question("tarot", question_deals, GUARD_FIRST_SEAT, solver=solver,
                                            label="tarot guard by seat 0"))
            print_row(contract_question(name, question_deals, solver=solver,
                                        label=f"{name} random contracts" if name == "tarot" else None))
    if "tricks" in parts:
        for name in games:
            for tricks in ROWS[name]:
                print_row(by_tricks_left(name, tricks, per_row, limit, solver=solver))
    if "bounds" in parts:
        for name in games:
            print_row(bound_widths(name, bound_deals, solver=solver))
            print_row(bound_widths(name, bound_deals, solver=solver, contract_first=False))
    print(f"# done, load average {_load()}")


def _load():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
