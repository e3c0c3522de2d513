"""tarot2's table on fixed workloads: nodes and processor time, with the
key mode chosen (2 ``rkey_piles``, 3 the partition table), each in tarot2's
own kernel. Run two versions interleaved to compare time (nodes are exact).

* ``q16``: the contract question on 10 positions 16 tricks left (4M limit);
* ``v16``: the exact value of 3 positions 16 tricks left (3M limit);
* ``v20``: the value of 3 positions 20 tricks left (3M limit: a long search,
  a measure of the node's cost);
* ``q20``: the contract question on 30 positions 20 tricks left (4M limit).

    python bench/tarot2_table.py [--keymode 2|3] [--runs N] [q16] [v16] [v20] [q20]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from point_deals import SEED, position  # noqa: E402

from atout.solver import Solver  # noqa: E402

from atout.solver import encoding as encoders  # noqa: E402

from atout.solver.kernels.point import specialised as game_kernels  # noqa: E402
from atout.solver.kernels.point import search as P  # noqa: E402

WORK = {"q16": (16, 10, "question", 4_000_000), "v16": (16, 3, "value", 3_000_000),
        "v20": (20, 3, "value", 3_000_000), "q20": (20, 30, "question", 4_000_000)}


def run(name):
    tricks, count, what, limit = WORK[name]
    states = [position("tarot2", SEED + i, tricks) for i in range(count)]
    nodes, cpu, settled = 0, 0.0, 0
    solver = Solver()
    for st in states:
        t = time.process_time()
        if what == "question":
            r = solver.reaches(st, st.contract_target(), max_nodes=limit)
            settled += r.answer is not None
        else:
            r = solver.solve(st, line=False, max_nodes=limit)
            settled += bool(r.exact)
        cpu += time.process_time() - t
        nodes += r.nodes
    return nodes, cpu, settled, count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keymode", type=int, default=encoders.KEY_MODES["tarot2"])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("work", nargs="*", default=["q16", "v16", "v20"])
    a = ap.parse_args()
    encoders.KEY_MODES["tarot2"] = a.keymode
    game_kernels._GAMES["tarot2"] = (P.TAROT2, a.keymode, 2, {})
    # compile off the clock
    Solver().solve(position("tarot2", SEED, 4), line=False)
    for name in a.work:
        for _ in range(a.runs):
            nodes, cpu, settled, count = run(name)
            print(f"keymode {a.keymode} {name}: {nodes:,} nodes, {cpu:.2f} s, "
                  f"settled {settled}/{count}", flush=True)


if __name__ == "__main__":
    main()
