"""The point games' search speed in nodes a second, on fixed workloads, one
thread, processor time (the node counts are exact, so two versions of the
search are compared by running this script with each, interleaved):

* ``belote``: every card at the opening lead, 30 full deals (the deals of
  ``test_bench_belote_colver``, atout's default rules);
* ``belotebest``: the same 30 deals solved 6 times each in turn, each
  deal's fastest processor time summed (steadier than one pass on a shared
  machine, for comparing two versions of the search run one after the other);
* ``tarot10``: the value of 6 tarot positions 10 tricks from the end
  (stopped at 5M nodes);
* ``tarotq``: the contract question (a guard by the first seat) on 8 full
  tarot deals, stopped at 1.5M nodes;
* ``question``: the contract question on the 30 full deals of
  ``point_deals.py`` (a guard by the first seat, and random contracts),
  stopped at 6M nodes: the share settled within 0.05 s, 0.2 s and 1 s at
  the rate measured on those deals (``point_deals.py`` counts its seconds
  at a fixed ``NODE_RATE``);
* ``rates``: each point game's rate on 8 full deals' contract question
  (3M nodes each), the basis of ``point_deals.NODE_RATE``.

    python bench/point_node_rate.py [belote] [belotebest] [tarot10] [tarotq] [question] [rates]
"""

from __future__ import annotations

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from point_deals import GUARD_FIRST_SEAT, SEED, position  # noqa: E402
from test_bench_belote_colver import deals  # noqa: E402

from atout.engine import get_game  # noqa: E402
from atout.solver import Solver  # noqa: E402


def timed(states, search):
    """The nodes and the processor seconds of ``search(state)`` (a result
    with ``nodes``) over ``states``, building the states off the clock."""
    nodes, cpu = 0, 0.0
    for state in states:
        start = time.process_time()
        nodes += search(state).nodes
        cpu += time.process_time() - start
    return nodes, cpu


def belote(count=30):
    solver, game = Solver(), get_game("belote")
    states = (game.new_state(deal, trump=trump, taker=taker) for deal, trump, taker in deals(count))
    return timed(states, lambda state: solver.solve(state, all_cards=True, line=False))


def belote_best(count=30, runs=6):
    solver, game = Solver(), get_game("belote")
    states = [game.new_state(deal, trump=trump, taker=taker) for deal, trump, taker in deals(count)]
    best, nodes = [float("inf")] * count, 0
    for run in range(runs):
        for i, state in enumerate(states):
            start = time.process_time()
            result = solver.solve(state, all_cards=True, line=False)
            best[i] = min(best[i], time.process_time() - start)
            nodes += result.nodes if run == 0 else 0
    return nodes, sum(best)


def tarot10(count=6):
    solver = Solver()
    states = (position("tarot", SEED + i, 10) for i in range(count))
    return timed(states, lambda state: solver.solve(state, line=False, max_nodes=5_000_000))


def tarotq(count=8):
    solver = Solver()
    states = (position("tarot", SEED + i, 18, GUARD_FIRST_SEAT) for i in range(count))
    return timed(states, lambda state: solver.reaches(state, state.contract_target(),
                                                      max_nodes=1_500_000))


def question(count=30, limit=6_000_000):
    solver = Solver()
    for label, contract in (("tarot guard by seat 0", GUARD_FIRST_SEAT),
                            ("tarot random contracts", None)):
        settle, nodes, cpu = [], 0, 0.0
        for i in range(count):
            state = position("tarot", SEED + i, 99, contract)
            start = time.process_time()
            r = solver.reaches(state, state.contract_target(), max_nodes=limit)
            cpu += time.process_time() - start
            nodes += r.nodes
            settle.append(r.nodes if r.answer is not None else float("inf"))
        rate = nodes / cpu
        shares = " / ".join(f"{sum(x <= s * rate for x in settle) / count:.0%}"
                            for s in (0.05, 0.2, 1.0))
        print(f"{label}: {rate / 1e6:.2f}M nodes/s; settled within 0.05 s / 0.2 s / 1 s at "
              f"that rate: {shares}; median nodes {statistics.median(settle):.0f}", flush=True)


def full_deal_rates(count=8, limit=3_000_000):
    """Each point game's node rate on long searches, the budget of
    ``point_deals.NODE_RATE``: the contract question on ``count`` full deals
    (tarot a guard by the first seat), stopped at ``limit`` nodes, processor
    time; the rate over all of them and deal by deal (deals of 0.05 s or more)."""
    for game, contract in (("tarot", GUARD_FIRST_SEAT), ("tarocco", None), ("tarot2", None)):
        first = position(game, SEED, 99, contract)
        Solver().reaches(first, first.contract_target(), max_nodes=10_000)   # compile / load
        rows = []
        for i in range(count):
            state = position(game, SEED + i, 99, contract)
            solver = Solver()
            t = time.process_time()
            r = solver.reaches(state, state.contract_target(), max_nodes=limit)
            rows.append((r.nodes, time.process_time() - t))
        nodes = sum(n for n, _ in rows)
        cpu = sum(c for _, c in rows)
        each = " ".join(f"{n / c / 1e6:.2f}" for n, c in sorted(rows, key=lambda r: r[0] / r[1])
                        if c >= 0.05)
        print(f"{game} full deals: {nodes / cpu / 1e6:.2f}M nodes/s; deal by deal {each}",
              flush=True)


def main(argv):
    which = argv or ["belote", "tarot10", "tarotq"]
    Solver().solve(position("tarot", SEED, 4), line=False)   # compile / load the kernels
    for name in which:
        if name == "question":
            question()
            continue
        if name == "rates":
            full_deal_rates()
            continue
        nodes, cpu = {"belote": belote, "belotebest": belote_best, "tarot10": tarot10,
                       "tarotq": tarotq}[name]()
        print(f"{name}: {nodes} nodes, {cpu:.2f} s, {nodes / cpu / 1e6:.2f}M nodes/s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
