"""Benchmarks of the double-dummy solver on every supported game: full
deals where they solve quickly, positions with fewer tricks left elsewhere,
every card of the player on turn scored, one thread.

    python -m pytest bench/test_bench_games.py --benchmark-only -s

``extra_info`` (and stdout with -s) reports positions, nodes, nodes per
second, median and maximum seconds per position, and how many were exact
within the node limit.
"""

import random
import statistics
import time

import pytest

from atout.engine import get_game
from atout.solver import SUPPORTED_GAMES, Solver

#: game -> (tricks left, positions, node limit per solve)
CASES = [
    ("belote", 8, 12, None),
    ("smear", 6, 12, None),
    ("tarocco", 6, 8, 5_000_000),
    ("tarocco", 8, 6, 5_000_000),
    ("tarot", 6, 8, 5_000_000),
    ("tarot", 8, 6, 5_000_000),
    ("tarot2", 6, 8, 5_000_000),
]


def positions(game, tricks, count):
    """Seeded deals (default contract) played at random to a trick boundary
    with ``tricks`` tricks left (the full deal when it has that many)."""
    out = []
    for i in range(count):
        rng = random.Random(4000 + i)
        state = game.new_state(game.random_deal(4000 + i))
        while state.tricks_left > tricks or state.trick:
            state.play(rng.choice(state.legal_cards()))
        out.append(state)
    return out


@pytest.mark.parametrize("name, tricks, count, limit", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_all_cards(benchmark, name, tricks, count, limit):
    if name not in SUPPORTED_GAMES:
        pytest.skip(f"the solver does not support {name}")
    game = get_game(name)
    states = positions(game, tricks, count)
    solver = Solver()
    solver.solve(states[0], all_cards=True, line=False, max_nodes=1000)  # compile / load the cache
    times, nodes, exact = [], [], []

    def run():
        times.clear()
        nodes.clear()
        exact.clear()
        for state in states:
            t = time.perf_counter()
            r = solver.solve(state, all_cards=True, line=False, max_nodes=limit)
            times.append(time.perf_counter() - t)
            nodes.append(r.nodes)
            exact.append(r.exact)

    benchmark.pedantic(run, rounds=1, iterations=1)
    info = {"positions": len(times), "exact": sum(exact), "median_s": statistics.median(times),
            "max_s": max(times), "nodes": sum(nodes), "nodes_median": statistics.median(nodes),
            "nodes_per_s": int(sum(nodes) / max(sum(times), 1e-9))}
    benchmark.extra_info.update(info)
    print(f"\n{name} {tricks} tricks left: " + ", ".join(
        f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}" for k, v in info.items()))
