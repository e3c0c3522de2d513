"""Belote, full deals, every card at the opening lead: atout against colver
(PyPI ``colver``, a Rust solver, ``Env.solve_scores``; the optional
``bench`` extra), one thread, the programs timed deal by deal in the same
run on the same seeded random deals (random trump and taker).

    python -m pytest bench/test_bench_belote_colver.py --benchmark-only -s
    python bench/test_bench_belote_colver.py [DEALS [RECORDS.json]]   # plain script, 200 deals

colver plays without forced undertrump and without the overtrump duty over
a partner: atout is timed on that variant ("no-undertrump,
no-partner-overtrump", the values compared card by card with colver's) and,
for time alone, on its default rules (RULES.md). Reported: the per-deal
time ratio atout / colver (median, 90th percentile, max), each program's
median and slowest time, atout's node counts, the value differences found,
and the machine. Each deal runs the three solves in an order that alternates
from deal to deal, so that a drift of the machine's load favours none.

Measured 2026-11-30, 200 deals, two runs (AMD EPYC, 2 cores shared with
other jobs, load average 9 to 16: wall times are about 6 times processor
times, so the processor-time ratio is the steadier figure; node counts are
exact):

    per-deal ratio atout / colver    median       p90          max
    colver's rules, processor time   1.90x/1.80x  3.29x/3.35x  11.7x/13.7x
    colver's rules, wall time        1.94x/1.86x  3.59x/3.83x  61x/39x
    atout's default rules, wall      1.87x/1.80x  3.69x/3.38x  48x/74x
    processor time, median deal      atout 106 ms (default rules 97 ms), colver 59 ms
    atout nodes, colver's rules      median 263k, p90 877k, max 3.54M
    atout nodes, default rules       median 231k, p90 838k, max 3.54M

0 deals of 200 with a card value different from colver's. The ratio is
largest on the deals colver finds easy (2.3x at the median on the 92 it
solves in under 50 ms, 1.1x on the 15 it needs 300 ms or more for).

After the per-node kernels were inlined (2026-11-30, 200 deals, load
average about 4; the search before them in a run right after, same nodes):

    per-deal ratio atout / colver    median         p90            in total
    colver's rules, processor time   1.15x (1.70x)  1.96x (3.05x)  0.94x (1.42x)
    colver's rules, wall time        1.11x (1.74x)  2.38x (3.74x)  0.89x (1.37x)
    atout's default rules, wall      1.09x (1.60x)  2.18x (3.45x)  0.82x (1.26x)
    atout nodes, colver's rules      median 231k, p90 859k, max 2.59M

With the seats found without a division as well (same day, load average
4.3): processor time median 1.07x, p90 1.84x, in total 0.86x; wall time
1.06x, 1.94x, 0.86x; atout's default rules, wall, 0.97x at the median.

With the every-card driver that asks nothing of the position itself
(evening, load average about 2, the old driver run back to back with it,
two runs): processor time, colver's rules, median 1.00x / 1.17x (old
1.22x / 1.27x), p90 1.82x / 2.10x, in total 0.87x / 1.04x; atout nodes
median 218k (old 231k).

With the Belote bounds of the side on lead and the first card chosen and
guessed by a greedy playout (late evening, load average 5 to 7, new and
old back to back, twice): processor time, colver's rules, median 0.89x /
0.97x (old 0.96x / 0.94x), p90 1.62x / 1.59x (old 1.76x / 1.82x), in total
0.74x / 0.76x (old 0.82x / 0.80x); atout nodes median 188k (old 215k), p90
712k (old 777k).
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import time

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.colver_compare import COLVER_VARIANT, colver_card_values, colver_env

from machine_info import cpu_name  # (bench/, beside this file)

BELOTE = get_game("belote")
DEALS = 200
SEED = 20_261_130


def deals(count: int = DEALS, seed: int = SEED):
    """Seeded random deals with a random trump and taker: (deal, trump, taker)."""
    rng = random.Random(seed)
    return [(BELOTE.random_deal(seed + i), rng.choice("SHDC"), rng.randrange(4))
            for i in range(count)]


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def machine() -> str:
    cpu = cpu_name()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    import colver
    return (f"{cpu}, {os.cpu_count()} cores, load average {load}; Python "
            f"{platform.python_version()}, colver {colver.__version__}")


def run(count: int = DEALS, progress=None) -> dict:
    """Solve every deal three ways, timed one by one (wall and processor
    time); returns the per-deal records and the summary."""
    cases = deals(count)
    atout_variant, atout_default = Solver(), Solver()
    # compile / load the cache, and warm colver, outside the timings
    state0 = BELOTE.new_state(cases[0][0], trump=cases[0][1], taker=cases[0][2], variant=COLVER_VARIANT)
    atout_variant.solve(state0, all_cards=True, line=False)
    colver_env(state0).solve_scores()
    records = []
    for i, (deal, trump, taker) in enumerate(cases):
        variant = BELOTE.new_state(deal, trump=trump, taker=taker, variant=COLVER_VARIANT)
        default = BELOTE.new_state(deal, trump=trump, taker=taker)
        env = colver_env(variant)
        rec = {}

        def atout_on_variant():
            w, c = time.perf_counter(), time.process_time()
            r = atout_variant.solve(variant, all_cards=True, line=False)
            rec.update(variant_s=time.perf_counter() - w, variant_cpu=time.process_time() - c,
                       variant_nodes=r.nodes, variant_cards=r.cards)

        def atout_on_default():
            w, c = time.perf_counter(), time.process_time()
            r = atout_default.solve(default, all_cards=True, line=False)
            rec.update(default_s=time.perf_counter() - w, default_cpu=time.process_time() - c,
                       default_nodes=r.nodes)

        def colver_solve():
            w, c = time.perf_counter(), time.process_time()
            scores = env.solve_scores()
            rec.update(colver_s=time.perf_counter() - w, colver_cpu=time.process_time() - c,
                       colver_raw=scores)

        order = [atout_on_variant, atout_on_default, colver_solve]
        for solve in (order if i % 2 == 0 else order[::-1]):
            solve()
        theirs = colver_card_values(variant, env=_Answered(rec.pop("colver_raw")))
        rec["same_values"] = rec.pop("variant_cards") == theirs
        records.append(rec)
        if progress:
            progress(i + 1, len(cases))
    return {"records": records, "summary": summarise(records)}


class _Answered:
    """An env stand-in that hands back a ``solve_scores`` answer already
    computed (inside the timing)."""

    def __init__(self, answer):
        self.answer = answer

    def solve_scores(self):
        return self.answer


def summarise(records) -> dict:
    def stats(key):
        xs = [r[key] for r in records]
        return {"median": statistics.median(xs), "p90": percentile(xs, 0.9), "max": max(xs),
                "total": sum(xs)}
    out = {"deals": len(records),
           "value_differences": sum(1 for r in records if not r["same_values"])}
    for key in ("variant_s", "default_s", "colver_s", "variant_cpu", "default_cpu", "colver_cpu",
                "variant_nodes", "default_nodes"):
        out[key] = stats(key)
    for mine in ("variant", "default"):
        for clock in ("s", "cpu"):
            theirs = "colver_s" if clock == "s" else "colver_cpu"
            ratios = [r[f"{mine}_{clock}"] / max(r[theirs], 1e-9) for r in records]
            out[f"ratio_{mine}_{clock}"] = {
                "median": statistics.median(ratios), "p90": percentile(ratios, 0.9),
                "max": max(ratios), "min": min(ratios),
                "total": out[f"{mine}_{clock}"]["total"] / max(out[theirs]["total"], 1e-9)}
    return out


def report_lines(summary) -> list:
    def ms(d):
        return f"median {1000 * d['median']:.1f} ms, p90 {1000 * d['p90']:.1f} ms, slowest {1000 * d['max']:.0f} ms"

    def ratio(d):
        return (f"median {d['median']:.2f}x, p90 {d['p90']:.2f}x, max {d['max']:.2f}x"
                f" (min {d['min']:.2f}x; in total {d['total']:.2f}x)")
    return [
        f"{summary['deals']} deals, every card at the opening lead, one thread",
        f"atout, colver's rules ({COLVER_VARIANT}): {ms(summary['variant_s'])}",
        f"atout, default rules (RULES.md):   {ms(summary['default_s'])}",
        f"colver solve_scores:               {ms(summary['colver_s'])}",
        f"ratio atout/colver per deal, same rules, wall time: {ratio(summary['ratio_variant_s'])}",
        f"  processor time:                                   {ratio(summary['ratio_variant_cpu'])}",
        f"ratio atout default rules/colver, wall time:        {ratio(summary['ratio_default_s'])}",
        f"atout nodes, colver's rules: median {summary['variant_nodes']['median']:.0f},"
        f" p90 {summary['variant_nodes']['p90']:.0f}, max {summary['variant_nodes']['max']:.0f}",
        f"atout nodes, default rules:  median {summary['default_nodes']['median']:.0f},"
        f" p90 {summary['default_nodes']['p90']:.0f}, max {summary['default_nodes']['max']:.0f}",
        f"deals whose card values differ from colver's: {summary['value_differences']}",
    ]


def test_atout_against_colver(benchmark):
    import pytest
    pytest.importorskip("colver")
    out = {}

    def bench():
        out.update(run(DEALS))

    benchmark.pedantic(bench, rounds=1, iterations=1)
    summary = out["summary"]
    benchmark.extra_info.update({
        "deals": summary["deals"], "machine": machine(),
        "value_differences": summary["value_differences"],
        **{f"{k}_{s}": v for k in ("ratio_variant_s", "ratio_variant_cpu", "ratio_default_s")
           for s, v in summary[k].items()},
        **{f"{k}_{s}": summary[k][s] for k in ("variant_s", "default_s", "colver_s",
                                               "variant_nodes", "default_nodes")
           for s in ("median", "p90", "max")}})
    print("\n" + "\n".join(report_lines(summary)) + f"\nmachine: {machine()}")
    assert summary["value_differences"] == 0


if __name__ == "__main__":
    import sys
    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS

    def progress(done, total):
        if done % 20 == 0 or done == total:
            print(f"  {done}/{total}", file=sys.stderr, flush=True)
    result = run(count, progress)
    print("\n".join(report_lines(result["summary"])))
    print(f"machine: {machine()}")
    if len(sys.argv) > 2:
        import json
        with open(sys.argv[2], "w") as f:      # every deal's figures, for a closer look
            json.dump({"machine": machine(), **result}, f, indent=1)
