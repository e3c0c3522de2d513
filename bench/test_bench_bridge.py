"""Benchmarks of the double-dummy solver on bridge, against DDS (endplay)
on the same fixed seeded positions, one thread.

    python -m pytest bench/test_bench_bridge.py --benchmark-only -s

Each benchmark solves a set of positions (every card of the player on turn
scored, as DDS's SolveBoard does) and reports in ``extra_info`` (and on
stdout with -s): positions, nodes, nodes per second, median and maximum
seconds per position.

Measured 2026-11-29 (shared 2-core machine under load, timings noisy; node
counts are the stable figure), kernels with partition search, DDS-style move
ordering by the place in the trick and the fuller quick tricks:

    tricks left   atout nodes (session start)   atout median   DDS median
    6             14,142 (18,077)               0.57 ms        0.45 ms
    8             44,194 (67,311)               2.5 ms         0.88 ms
    9             74,035 (102,288)              4.6 ms         1.7 ms
    full NT       6.93M (27.7M), 6 of 6 exact   0.25 s         0.16 s
                                                (1.45 s)

(Load average about 3 on the 2 cores during that run. The full-deal median
is the mean of the 3rd and 4th of six deals; the hardest two take about
3.1M nodes each, 1.9 s.)

Node counts alone (no DDS, no pytest), per set: ``python
bench/test_bench_bridge.py [6 8 9 full]``.
"""

import statistics
import time

import pytest

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.testing import endplay_position, random_ending

BRIDGE = get_game("bridge")
CONTRACTS = {"declarer": "NESW", "strain": ["S", "H", "D", "C", "NT"]}
#: tricks left -> number of positions (full deals are far slower, see the
#: limited benchmark below)
SETS = {6: 40, 8: 20, 9: 10}


def positions(tricks, count):
    return [random_ending(BRIDGE, 9000 + 31 * tricks + i, tricks, CONTRACTS) for i in range(count)]


def full_deals():
    """Six full deals, South declares no trump."""
    return [BRIDGE.new_state(BRIDGE.random_deal(seed), declarer="S", strain="NT")
            for seed in range(6)]


def report(benchmark, label, times, nodes=None):
    info = {"positions": len(times), "median_s": statistics.median(times), "max_s": max(times),
            "total_s": sum(times)}
    if nodes is not None:
        info["nodes"] = sum(nodes)
        info["nodes_per_position_median"] = statistics.median(nodes)
        info["nodes_per_s"] = int(sum(nodes) / max(sum(times), 1e-9))
    benchmark.extra_info.update(info)
    print(f"\n{label}: " + ", ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
                                    for k, v in info.items()))


def time_dds(benchmark, label, deals):
    """DDS's SolveBoard (every card scored) on each endplay deal, timed."""
    endplay_dds = pytest.importorskip("endplay.dds")
    times = []

    def run():
        times.clear()
        for deal in deals:
            t = time.perf_counter()
            endplay_dds.solve_board(deal)
            times.append(time.perf_counter() - t)

    benchmark.pedantic(run, rounds=1, iterations=1)
    report(benchmark, label, times)


@pytest.mark.parametrize("tricks", sorted(SETS))
def test_atout_all_cards(benchmark, tricks):
    states = positions(tricks, SETS[tricks])
    solver = Solver()
    solver.solve(states[0], all_cards=True, line=False)  # compile / load the cache
    times, nodes = [], []

    def run():
        times.clear()
        nodes.clear()
        for state in states:
            t = time.perf_counter()
            r = solver.solve(state, all_cards=True, line=False)
            times.append(time.perf_counter() - t)
            nodes.append(r.nodes)

    benchmark.pedantic(run, rounds=1, iterations=1)
    report(benchmark, f"atout bridge {tricks} tricks left", times, nodes)


@pytest.mark.parametrize("tricks", sorted(SETS))
def test_dds_all_cards(benchmark, tricks):
    states = positions(tricks, SETS[tricks])
    time_dds(benchmark, f"DDS bridge {tricks} tricks left", [endplay_position(s) for s in states])


def test_atout_full_deals_with_a_node_limit(benchmark):
    """Full deals (13 tricks, South declares NT) within 30 million nodes:
    how many are exact, and the proven bounds of the others."""
    states = full_deals()
    solver = Solver()
    times, nodes, exact = [], [], []

    def run():
        times.clear()
        nodes.clear()
        exact.clear()
        for state in states:
            t = time.perf_counter()
            r = solver.solve(state, line=False, max_nodes=30_000_000)
            times.append(time.perf_counter() - t)
            nodes.append(r.nodes)
            exact.append(r.exact)

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info["exact"] = sum(exact)
    report(benchmark, f"atout bridge full deals, 30M node limit ({sum(exact)} exact)", times, nodes)


def test_dds_full_deals(benchmark):
    pytest.importorskip("endplay.dds")
    from endplay.types import Deal, Denom, Player
    deals = []
    for seed in range(6):
        d = Deal(BRIDGE.format_deal(BRIDGE.random_deal(seed)))
        d.first, d.trump = Player.west, Denom.nt
        deals.append(d)
    time_dds(benchmark, "DDS bridge full deals", deals)


def node_counts(which=("6", "8", "9", "full")):
    """The nodes each set takes (the stable measure of a search change)."""
    for w in which:
        solver = Solver()
        if w == "full":
            results = [solver.solve(s, line=False, max_nodes=30_000_000) for s in full_deals()]
            nodes = [r.nodes for r in results]
            print(f"full NT deals: {sum(nodes)} nodes {nodes}, "
                  f"{sum(r.exact for r in results)} of {len(results)} exact")
        else:
            nodes = [solver.solve(s, all_cards=True, line=False).nodes
                     for s in positions(int(w), SETS[int(w)])]
            print(f"{w} tricks left: {sum(nodes)} nodes")


if __name__ == "__main__":
    import sys
    node_counts(sys.argv[1:] or ("6", "8", "9", "full"))
