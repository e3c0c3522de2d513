"""Shared code of the per-game solver benchmarks (bench/test_bench_<game>.py):
fixed seeded positions at a trick boundary, every card of the player on turn
scored, one thread; nodes, nodes per second, median and maximum seconds,
and how many solves were exact within the node limit (with the mean width
of the proven bounds of those that were not)."""

import statistics
import time

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.testing import random_ending


def positions(name, tricks, count, contract=None, seed=6000):
    """Seeded deals played at random until ``tricks`` tricks are left (the
    full deal when it has that many)."""
    game = get_game(name)
    return [random_ending(game, seed + i, tricks, contract, mid_trick=None) for i in range(count)]


def run_case(benchmark, label, states, limit=None, all_cards=True):
    solver = Solver()
    solver.solve(states[0], all_cards=all_cards, line=False, max_nodes=1000)  # compile / load
    times, nodes, exact, widths = [], [], [], []

    def run():
        for lst in (times, nodes, exact, widths):
            lst.clear()
        for state in states:
            t = time.perf_counter()
            r = solver.solve(state, all_cards=all_cards, line=False, max_nodes=limit)
            times.append(time.perf_counter() - t)
            nodes.append(r.nodes)
            exact.append(r.exact)
            if not r.exact:
                widths.append(r.upper - r.lower)

    benchmark.pedantic(run, rounds=1, iterations=1)
    info = {"positions": len(times), "exact": sum(exact), "median_s": statistics.median(times),
            "max_s": max(times), "nodes": sum(nodes), "nodes_median": statistics.median(nodes),
            "nodes_per_s": int(sum(nodes) / max(sum(times), 1e-9))}
    if widths:
        info["bound_width_mean"] = statistics.mean(widths)
    benchmark.extra_info.update(info)
    print(f"\n{label}: " + ", ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
                                    for k, v in info.items()))
    return info
