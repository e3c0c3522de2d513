"""The same batch of Belote every-card solves on 1 and 2 local workers and on
a Dask LocalCluster of 2 worker processes, in one run; and what a fresh
worker process costs before its first answer.

    python bench/batch_scaling.py [DEALS] [ROUNDS]
    (default: the 200-deal batch, 2 rounds; needs atout[cluster])

Each configuration solves the same seeded deals (seat 0 takes, hearts trumps,
every card of the opening lead scored), and the results must be identical.
The machine is shared, so the runs are interleaved: each round runs the whole
batch on the three configurations one after the other, so a change of load
hits all three alike; the figures are the sums over the rounds. The kernels
are compiled (or loaded from Numba's disk cache) before the clock starts, in
this process (which the local workers are forked from) and in each cluster
worker; the last line measures what a fresh worker costs. Processor time
is counted too (this process, its finished children, the cluster's
workers): on a loaded machine it shows whether the executors add work,
which wall time cannot.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

from atout.engine import get_game
from atout.analysis.batch import Entry, Settings, run_batch

SETTINGS = Settings("belote", all_cards=True, contract=(("taker", 0), ("trump", "H")))

FRESH_WORKER = """
import time
start = time.perf_counter()
from atout.engine import get_game
from atout.solver import solve
game = get_game("belote")
deal = game.random_deal(1)
imported = time.perf_counter()
solve(game.new_state(deal, trump="H", taker=0), all_cards=True)
first = time.perf_counter()
solve(game.new_state(game.random_deal(2), trump="H", taker=0), all_cards=True)
second = time.perf_counter()
print(f"{imported - start:.2f} {first - imported:.2f} {second - first:.2f}")
"""


def belote_entries(n: int) -> list:
    game = get_game("belote")
    return [Entry(seed, game.format_deal(game.random_deal(seed))) for seed in range(1, n + 1)]


def warm_up() -> None:
    from atout.analysis.batch import solve_entry
    solve_entry(SETTINGS, belote_entries(1)[0])


def processor_seconds(client) -> float:
    """Processor time of this process, its finished children (the local
    pools' workers) and the cluster's worker processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = sum(client.run(time.process_time).values())
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + workers


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    entries = belote_entries(n)
    warm_up()
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        client = Client(cluster.scheduler_address, set_as_default=False)
        client.run(warm_up)
        configs = {"1 worker (in process)": dict(workers=1),
                   "2 local worker processes": dict(workers=2),
                   "LocalCluster, 2 workers": dict(scheduler=cluster.scheduler_address)}
        print(f"{n} Belote deals, every card scored; the batch run {rounds} times, interleaved;"
              f" {os.cpu_count()} cores", flush=True)
        seconds = {name: [] for name in configs}
        cpu = {name: 0.0 for name in configs}
        results = {name: [] for name in configs}
        loads = []
        for r in range(rounds):
            for name, kwargs in configs.items():
                loads.append(os.getloadavg()[0])
                start, start_cpu = time.perf_counter(), processor_seconds(client)
                got = []
                summary = run_batch(SETTINGS, entries, got.append, **kwargs)
                results[name].append(got)
                seconds[name].append(time.perf_counter() - start)
                cpu[name] += processor_seconds(client) - start_cpu
                assert summary.done == n and not summary.interrupted
            print(f"round {r + 1}: " + ", ".join(f"{s[-1]:.1f} s" for s in seconds.values())
                  + f"  (load {os.getloadavg()[0]:.1f})", flush=True)
        client.close()
    first = results[next(iter(configs))][0]
    assert all(got == first for runs in results.values() for got in runs), "the answers differ"
    for name, times in seconds.items():
        print(f"{name:<28} {sum(times):7.1f} s  {n * rounds / sum(times):6.2f} deals/s"
              f"  processor {cpu[name] / (n * rounds) * 1000:5.0f} ms a deal")
    one, two, dask = (seconds[name] for name in configs)
    print(f"load average {min(loads):.1f} to {max(loads):.1f}")
    print(f"2 local workers / 1: throughput {sum(one) / sum(two):.2f}x"
          f" (median of rounds {statistics.median(a / b for a, b in zip(one, two)):.2f}x);"
          f" cluster time / local 2 workers: {sum(dask) / sum(two):.2f}"
          f" (median of rounds {statistics.median(c / b for c, b in zip(dask, two)):.2f})")
    out = subprocess.run([sys.executable, "-c", FRESH_WORKER], capture_output=True, text=True,
                         check=True).stdout.split()
    print(f"fresh worker process: import {out[0]} s, first solve (kernels from the disk cache)"
          f" {out[1]} s, second solve {out[2]} s")


if __name__ == "__main__":
    main()
