"""The same batch of Belote every-card solves on 1 and 2 local workers and on
a Dask LocalCluster of 2 worker processes, in one run; and what a fresh
worker process costs before its first answer.

    python bench/batch_scaling.py [DEALS]        (default 200; needs atout[cluster])

Each configuration solves the same seeded deals (seat 0 takes, hearts trumps,
every card of the opening lead scored); the results must be identical. The
kernels are compiled (or loaded from Numba's disk cache) before the clock
starts, in this process (which the local workers are forked from) and in
each cluster worker; the last line measures what a fresh worker costs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from atout.engine import get_game
from atout.solver.batch import Entry, Settings, run_batch

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


def warm_up() -> None:
    from atout.solver.batch import solve_entry
    solve_entry(Settings("belote", all_cards=True, contract=(("taker", 0), ("trump", "H"))),
                belote_entries(1)[0])


def belote_entries(n: int) -> list:
    game = get_game("belote")
    return [Entry(seed, game.format_deal(game.random_deal(seed))) for seed in range(1, n + 1)]


def timed(label, settings, entries, **kwargs):
    got: list = []
    start = time.perf_counter()
    summary = run_batch(settings, entries, got.append, **kwargs)
    seconds = time.perf_counter() - start
    assert summary.done == len(entries) and not summary.interrupted
    print(f"{label:<28} {seconds:7.1f} s  {len(entries) / seconds:6.2f} deals/s"
          f"  (load {os.getloadavg()[0]:.1f})", flush=True)
    return got, seconds


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    entries = belote_entries(n)
    settings = Settings("belote", all_cards=True, contract=(("taker", 0), ("trump", "H")))
    run_batch(settings, entries[:1], lambda r: None)        # compile / load the kernels once
    print(f"{n} Belote deals, every card scored; {os.cpu_count()} cores,"
          f" load {os.getloadavg()[0]:.1f} at the start", flush=True)

    one, t1 = timed("1 worker (in process)", settings, entries, workers=1)
    two, t2 = timed("2 local worker processes", settings, entries, workers=2)
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        # like the local workers (forked from this process, kernels loaded),
        # each cluster worker loads the kernels before the clock starts
        with Client(cluster.scheduler_address, set_as_default=False) as client:
            client.run(warm_up)
        dask, t3 = timed("LocalCluster, 2 workers", settings, entries,
                         scheduler=cluster.scheduler_address)
    assert one == two == dask, "the answers differ"
    print(f"speed-up of 2 local workers over 1: {t1 / t2:.2f}x;"
          f" cluster / local 2 workers time: {t3 / t2:.2f}")

    out = subprocess.run([sys.executable, "-c", FRESH_WORKER], capture_output=True, text=True,
                         check=True).stdout.split()
    print(f"fresh worker process: import {out[0]} s, first solve (kernels from the disk cache)"
          f" {out[1]} s, second solve {out[2]} s")


if __name__ == "__main__":
    main()
