"""Bridge on many random deals against DDS (endplay), deal by deal in the
same run, one thread each: the whole distribution, not a few fixed deals.

    python -m pytest bench/test_bench_bridge_deals.py --benchmark-only -s
    python bench/test_bench_bridge_deals.py [tables] [leads] [--deals N] [--first SEED] [--rows]
    python bench/test_bench_bridge_deals.py --summarise OUT1 OUT2 ...

Two measurements on the deals ``BRIDGE.random_deal(seed)``, seeds
``FIRST_SEED .. FIRST_SEED + N - 1`` (N = 100 unless ``ATOUT_BENCH_DEALS``
or ``--deals`` says otherwise):

* **tables**: the 20-entry double-dummy table (``atout.solver.table``, one
  reused ``Solver``) against DDS's ``CalcDDtable``;
* **leads**: the opening lead, every card scored, South declares no trump
  and spades (``Solver.solve(all_cards=True)``) against DDS's
  ``SolveBoard`` (every card, ``solutions=3``).

Each deal is timed on both sides one after the other (processor time of
this process: the machine is shared); the figures are the
per-deal ratio atout/DDS (median, 90th percentile, maximum), the medians and
totals of each side, atout's node counts (and DDS's for the leads, which
``SolveBoard`` reports), and the slowest deals. DDS runs single-threaded
(``SetMaxThreads(1)``). Times are noisy on a shared machine; the node counts
are exact and are the figure to compare search changes with. (DDS counts
one node per completed trick, atout one per card played.)

Measured 2026-11-30 on the shared 2-core machine (load average 9 to 17, so
processor time), ``nice -n 10 python bench/test_bench_bridge_deals.py --rows``
(the "after" tables as two halves, ``--deals 50 --first 5000`` and
``--first 5050``, joined with ``--summarise``):

    100 deals                 atout median  DDS median  ratio median/p90/max  atout nodes  DDS nodes
    table, before             2.37 s        0.25 s      9.1 / 17.2 / 90       1,089M
    table, after              1.61 s        0.24 s      6.7 / 10.7 / 31         548M
    lead NT every card, before 0.25 s       0.034 s     8.2 / 14.4 / 40         225M       16.3M
    lead NT every card, after  0.23 s       0.039 s     5.9 /  9.7 / 17         144M       16.3M
    lead S every card, before  0.35 s       0.048 s     7.5 / 16.6 / 88         190M       15.9M
    lead S every card, after   0.30 s       0.046 s     6.4 / 11.4 / 66         127M       15.9M

"before" is the search at the start of the session (commit 8bb2996);
"after" adds DDS's later-tricks bound, the all-cards solve's first question
at the best value + 1, the table's replacement age kept across declarers and
64 entries per bucket. Slowest tables after: seed 5086 25 s (DDS 2.9 s),
5035 21 s (2.2 s), 5023 15 s (1.4 s), 5006 15 s (2.3 s), 5063 13 s (0.8 s).
The issue's worst deal (N:3.A72.JT73.AQ854 AQT8.J5.K85.KJ73 J972.QT43.A.T962
K654.K986.Q9642.): table 242M nodes, 120 s -> 95M nodes, 52 s (DDS 3.5 s).

A second pass, 2026-11-30 afternoon (load average about 4), ``nice -n 19
python bench/test_bench_bridge_deals.py --rows``, "before" = commit c7da3fb:

    100 deals                 atout median  DDS median  ratio median/p90/max  atout nodes  DDS nodes
    table, before             1.24 s        0.19 s      7.3 / 10.8 / 33         548M
    table, after              1.17 s        0.19 s      6.5 /  9.5 / 24         421M
    lead NT every card, before 0.17 s       0.029 s     6.7 / 11.2 / 15         144M       16.3M
    lead NT every card, after  0.19 s       0.030 s     6.4 /  9.4 / 21         111M       16.3M
    lead S every card, before  0.27 s       0.041 s     6.6 / 11.7 / 83         127M       15.9M
    lead S every card, after   0.23 s       0.039 s     5.8 / 10.6 / 28         104M       15.9M

"after" adds the second hand's quick tricks, DDS's weights for the second
hand following suit, lead bonuses 30/15 and the table's walk by one trick.

A third pass, 2026-11-30 evening (load average 5 to 6), the same command,
"before" = commit 5e6b9c2 run from a copy side by side with "after" (the
same nodes: the bit helpers as processor instructions and faster suit
codes of the partition table, a cheaper node):

    100 deals                 atout median  DDS median  ratio median/p90/max  atout nodes  DDS nodes
    table, before             1.16 s        0.22 s      6.3 /  8.7 / 24         421M
    table, after              1.07 s        0.22 s      5.1 /  7.0 / 20         421M
    lead NT every card, before 0.17 s       0.034 s     5.5 /  8.4 / 12         103M       16.3M
    lead NT every card, after  0.15 s       0.037 s     4.3 /  7.3 / 12         103M       16.3M
    lead S every card, before  0.25 s       0.044 s     5.4 / 11.1 / 31         101M       15.9M
    lead S every card, after   0.20 s       0.048 s     4.5 /  8.3 / 27         101M       15.9M
"""

from __future__ import annotations

import os
import statistics
import sys
import time

import pytest

from atout.engine import get_game
from atout.solver import Solver, table

BRIDGE = get_game("bridge")
FIRST_SEED = 5000
DEALS = int(os.environ.get("ATOUT_BENCH_DEALS", "100"))
LEAD_STRAINS = ("NT", "S")


def dds():
    """endplay's DDS bindings, single-threaded (None when not installed)."""
    try:
        import endplay._dds as raw
    except ImportError:
        return None
    raw.SetMaxThreads(1)
    return raw


def clock():
    """The process's processor time: on a shared machine the wall clock also
    counts the other processes' work (both programs run in this process,
    DDS on one thread)."""
    return time.process_time()


def seeds(count=DEALS, first=FIRST_SEED):
    return list(range(first, first + count))


def percentile(values, q):
    """The q-th percentile (0..100) by linear interpolation."""
    xs = sorted(values)
    if len(xs) == 1:
        return xs[0]
    k = (len(xs) - 1) * q / 100
    i = int(k)
    j = min(i + 1, len(xs) - 1)
    return xs[i] + (xs[j] - xs[i]) * (k - i)


# -- one deal, both programs --------------------------------------------------------------


def time_table(solver, deal, raw):
    """(atout seconds, atout nodes, DDS seconds) of one deal's table."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal
    t = clock()
    table(BRIDGE, deal, solver=solver)
    ours = clock() - t
    nodes = solver.table_nodes
    their = None
    if raw is not None:
        d = Deal(BRIDGE.format_deal(deal))
        t = clock()
        calc_dd_table(d)
        their = clock() - t
    return ours, nodes, their


def time_lead(solver, deal, strain, raw):
    """(atout seconds, atout nodes, DDS seconds, DDS nodes) of one opening
    lead, every card scored (South declares, West leads)."""
    from atout.solver.testing import endplay_position
    state = BRIDGE.new_state(deal, declarer="S", strain=strain)
    t = clock()
    r = solver.solve(state, all_cards=True, line=False)
    ours = clock() - t
    their = their_nodes = None
    if raw is not None:
        d = endplay_position(state)
        fut = raw.futureTricks()
        t = clock()
        raw.SolveBoard(d._data, 0, 3, 1, fut, 0)
        their = clock() - t
        their_nodes = fut.nodes
    return ours, r.nodes, their, their_nodes


# -- a run over the deals -----------------------------------------------------------------


def measure(kind, deal_seeds, strain=None, progress=None):
    """Rows (seed, pbn, atout s, atout nodes, DDS s, DDS nodes) for
    ``kind`` = "tables" or "leads" (with ``strain``)."""
    raw = dds()
    solver = Solver()
    warm = BRIDGE.new_state(BRIDGE.random_deal(0), declarer="S", strain="NT")
    solver.solve(warm, line=False, max_nodes=1000)        # compile / load the cache
    rows = []
    for i, seed in enumerate(deal_seeds):
        deal = BRIDGE.random_deal(seed)
        if kind == "tables":
            ours, nodes, their = time_table(solver, deal, raw)
            their_nodes = None
        else:
            ours, nodes, their, their_nodes = time_lead(solver, deal, strain, raw)
        rows.append((seed, BRIDGE.format_deal(deal), ours, nodes, their, their_nodes))
        if progress:
            progress(i + 1, len(deal_seeds), rows[-1])
    return rows


def summary(rows) -> dict:
    ours = [r[2] for r in rows]
    nodes = [r[3] for r in rows]
    info = {"deals": len(rows), "atout_median_s": statistics.median(ours),
            "atout_p90_s": percentile(ours, 90), "atout_max_s": max(ours),
            "atout_total_s": sum(ours), "nodes_total": sum(nodes),
            "nodes_median": statistics.median(nodes), "nodes_max": max(nodes)}
    if all(r[4] is not None for r in rows):
        their = [r[4] for r in rows]
        ratios = [r[2] / r[4] for r in rows]
        info.update({"dds_median_s": statistics.median(their), "dds_max_s": max(their),
                     "dds_total_s": sum(their), "ratio_median": statistics.median(ratios),
                     "ratio_p90": percentile(ratios, 90), "ratio_max": max(ratios),
                     "ratio_total": sum(ours) / sum(their)})
    if all(r[5] is not None for r in rows):
        info["dds_nodes_total"] = sum(r[5] for r in rows)
        info["dds_nodes_median"] = statistics.median(r[5] for r in rows)
    return info


def format_summary(label, info) -> str:
    return f"{label}: " + ", ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
                                    for k, v in info.items())


def slowest(rows, k=5) -> list[str]:
    out = []
    for seed, pbn, ours, nodes, their, their_nodes in sorted(rows, key=lambda r: -r[2])[:k]:
        ratio = f" DDS {their:.3f} s ({ours / their:.1f}x)" if their else ""
        dn = f" DDS nodes {their_nodes}" if their_nodes is not None else ""
        out.append(f"  seed {seed}: {ours:.3f} s, {nodes} nodes{ratio}{dn}  {pbn}")
    return out


# -- pytest-benchmark -----------------------------------------------------------------------


def run_bench(benchmark, label, kind, strain=None):
    if dds() is None:
        pytest.skip("endplay (DDS) is not installed")
    rows = []

    def run():
        rows[:] = measure(kind, seeds(), strain)

    benchmark.pedantic(run, rounds=1, iterations=1)
    info = summary(rows)
    benchmark.extra_info.update(info)
    print("\n" + format_summary(label, info))
    print("\n".join(slowest(rows)))


def test_tables_against_dds(benchmark):
    run_bench(benchmark, f"bridge tables, {DEALS} deals", "tables")


@pytest.mark.parametrize("strain", LEAD_STRAINS)
def test_opening_leads_against_dds(benchmark, strain):
    run_bench(benchmark, f"bridge opening lead {strain}, every card, {DEALS} deals", "leads", strain)


# -- plain script ---------------------------------------------------------------------------


def row_line(label, row) -> str:
    """One deal as a line ``--summarise`` reads back."""
    seed, pbn, ours, nodes, their, their_nodes = row
    return f"row {label.replace(' ', '_')} {seed} {pbn.replace(' ', '_')} {ours} {nodes} {their} {their_nodes}"


def read_rows(paths) -> dict:
    """The rows printed by ``--rows`` runs (e.g. halves run in parallel on a
    loaded machine), by measurement."""
    out: dict = {}
    for path in paths:
        for line in open(path):
            p = line.split()
            if len(p) != 8 or p[0] != "row":
                continue
            num = [None if x == "None" else float(x) for x in p[4:]]
            row = (int(p[2]), p[3].replace("_", " "), num[0], int(num[1]), num[2],
                   None if num[3] is None else int(num[3]))
            out.setdefault(p[1].replace("_", " "), {})[row[0]] = row
    return {label: [rows[k] for k in sorted(rows)] for label, rows in out.items()}


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", nargs="*", help="tables, leads (default: both)")
    ap.add_argument("--deals", type=int, default=DEALS)
    ap.add_argument("--first", type=int, default=FIRST_SEED)
    ap.add_argument("--rows", action="store_true", help="print every deal as it is done")
    ap.add_argument("--summarise", nargs="+", metavar="FILE",
                    help="the figures of the rows in these outputs of --rows runs")
    args = ap.parse_args(argv)
    if args.summarise:
        for label, rows in read_rows(args.summarise).items():
            print(format_summary(label, summary(rows)))
            print("slowest:")
            print("\n".join(slowest(rows)))
        return
    args.what = args.what or ["tables", "leads"]
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, load average {os.getloadavg()[0]:.2f}, "
          f"{args.deals} deals from seed {args.first}, DDS {'on' if dds() else 'not installed'}",
          flush=True)
    jobs = [("tables", None)] if "tables" in args.what else []
    jobs += [("leads", s) for s in LEAD_STRAINS] if "leads" in args.what else []
    for kind, strain in jobs:
        label = "tables" if kind == "tables" else f"opening lead {strain}, every card"

        def progress(i, n, row):
            print(f"\r  {i}/{n}", end="", file=sys.stderr, flush=True)
            if args.rows:
                print(row_line(label, row), flush=True)

        rows = measure(kind, seeds(args.deals, args.first), strain, progress)
        print(file=sys.stderr)
        print(format_summary(label, summary(rows)))
        print("slowest:")
        print("\n".join(slowest(rows)))
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
