"""What a user meets: atout's commands on single deals, against DDS timed in
the same run (issue 46).

    python bench/user_speed.py [--part startup|bridge|tarot ...] [--deals 100]
        [--first 6000] [--tarot-deals 20] [--runs 10] [--before PKG] [--pyc DIR] [--json OUT]

Three parts (all by default):

* **startup**: a fresh process, ``--runs`` times, interleaved: the bare
  interpreter (``python -c pass``), ``import atout.cli.main`` (the command
  line), the imports of ``atout table`` before its search, the one-deal
  command ``atout table -g bridge EASY --json --threads 1`` (EASY: seed 33,
  a table DDS solves in about 0.02 s) and, in one process, the first table
  against the next ones (the first pays for loading the search). Wall time
  and the process's processor time (user + system), medians. With
  ``--before PKG`` the same for another tree (``PYTHONPATH=PKG``, a folder
  holding ``atout/<package>`` links, as tools/snapshot.sh makes): before
  and after in the same run.
* **bridge**: ``--deals`` seeded random deals (``random_deal(first + i)``),
  in blocks of 10 deals each timed by every method in turn: ``atout table
  --json`` through the command line on one thread and on all (wall time of
  the process and the JSON's own seconds), ``table()`` in this process on
  one thread and on all (wall), DDS's ``calc_dd_table`` on one thread and
  on all (``SetMaxThreads``; wall), and per block DDS's
  ``calc_all_tables`` and atout's tables one after the other on all
  threads. Per-deal ratios atout/DDS (median, 90th percentile, slowest) and
  total ratios.
* **tarot**: the contract question (``atout solve -g tarot DEAL --at-least
  T --json``, T the contract's target: can the taker, guard by seat 0, make
  it?) on ``--tarot-deals`` random full deals (seeds 1..N): the JSON's
  seconds and the wall time, median and slowest.

Wall time is what a user waits; on the shared 2-core machine it also
counts the other processes' work, so the ratios against DDS (timed in the
same run, deal by deal) are the figures to read, with the load average
printed alongside.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

from atout.engine import get_game

BRIDGE = get_game("bridge")
TAROT = get_game("tarot")
EASY_SEED = 33
RUN = "import sys; from atout.cli.main import main; sys.argv[0] = 'atout'; main()"
IMPORTS = "import atout.cli.main, atout.cli.solve, atout.solver.dd_table, atout.solver.driver"


def percentile(values, q):
    xs = sorted(values)
    if len(xs) == 1:
        return xs[0]
    k = (len(xs) - 1) * q / 100
    i = int(k)
    j = min(i + 1, len(xs) - 1)
    return xs[i] + (xs[j] - xs[i]) * (k - i)


def load_average() -> str:
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


def run_process(args, env=None) -> tuple[float, float, str]:
    """(wall seconds, processor seconds of the child, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise RuntimeError(f"{args[:4]}...: exit {out.returncode}: {out.stderr.strip()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stdout


#: ``--pyc DIR``: the children read and write compiled bytecode under DIR
#: (``PYTHONPYCACHEPREFIX``), as an installed atout has its .pyc files; by
#: default the environment's setting (this machine's PYTHONDONTWRITEBYTECODE=1
#: compiles atout's modules at every import: some 0.05 s of processor time)
PYC: dict = {"dir": None}


def tree_env(pkg: str | None) -> dict:
    env = dict(os.environ)
    if pkg:
        env["PYTHONPATH"] = pkg
    if PYC["dir"]:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(PYC["dir"], "before" if pkg else "after")
    return env


def command(args, pkg=None) -> tuple[float, float, dict]:
    """An atout command with --json: (wall, processor seconds, its JSON)."""
    wall, cpu, out = run_process([sys.executable, "-c", RUN, *args], tree_env(pkg))
    return wall, cpu, json.loads(out)


def summary(values) -> dict:
    return {"median": statistics.median(values), "p90": percentile(values, 90),
            "max": max(values), "total": sum(values), "count": len(values)}


# -- startup ---------------------------------------------------------------------------------

FIRST_AND_NEXT = """
import json, time
from atout.engine import get_game
from atout.solver import table
game = get_game("bridge")
deal = game.random_deal({seed})
times = []
for _ in range(4):
    start = time.perf_counter()
    table(game, deal{threads})
    times.append(time.perf_counter() - start)
print(json.dumps(times))
"""


def startup(runs: int, before: str | None) -> dict:
    easy = BRIDGE.format_deal(BRIDGE.random_deal(EASY_SEED))
    trees = [("after", None)] + ([("before", before)] if before else [])
    rows: dict = {}

    def add(key, value):
        rows.setdefault(key, []).append(value)

    for name, pkg in trees:        # (a first run writes the .pyc files with --pyc)
        run_process([sys.executable, "-c", IMPORTS], tree_env(pkg))
    for _ in range(runs):
        for name, pkg in trees:
            env = tree_env(pkg)
            for what, code in (("python", "pass"), ("import cli", "import atout.cli.main"),
                               ("table imports", IMPORTS)):
                wall, cpu, _ = run_process([sys.executable, "-c", code], env)
                add((name, what, "wall"), wall)
                add((name, what, "cpu"), cpu)
            threads = ["--threads", "1"] if name == "after" else []
            wall, cpu, data = command(["table", "-g", "bridge", easy, "--json", *threads], pkg)
            add((name, "command", "wall"), wall)
            add((name, "command", "cpu"), cpu)
            add((name, "command", "json seconds"), data["seconds"])
            code = FIRST_AND_NEXT.format(seed=EASY_SEED,
                                         threads=", threads=1" if name == "after" else "")
            _, _, out = run_process([sys.executable, "-c", code], env)
            times = json.loads(out)
            add((name, "first search", "wall"), times[0])
            add((name, "next searches", "wall"), min(times[1:]))
            add((name, "first - next", "wall"), times[0] - min(times[1:]))
    return {" / ".join(k): statistics.median(v) for k, v in rows.items()}


# -- bridge ----------------------------------------------------------------------------------

def bridge(deals: int, first: int, block: int = 10) -> dict:
    import endplay._dds as raw
    from endplay.dds import calc_all_tables, calc_dd_table
    from endplay.types import Deal
    from atout.solver import Solver, table
    from atout.solver.threads import default_threads

    every = default_threads()
    seeds = list(range(first, first + deals))
    per: dict = {}          # method -> [seconds a deal]
    totals: dict = {}       # method -> seconds over all deals, run as one batch a block
    solver = Solver()
    table(BRIDGE, BRIDGE.random_deal(first - 1), solver=solver)          # loaded
    for b in range(0, len(seeds), block):
        part = seeds[b:b + block]
        deals_b = [BRIDGE.random_deal(s) for s in part]
        pbns = [BRIDGE.format_deal(d) for d in deals_b]
        for threads in (1, every):
            for pbn in pbns:
                args = ["table", "-g", "bridge", pbn, "--json", "--threads", str(threads)]
                wall, _cpu, data = command(args)
                per.setdefault(f"cli {threads}t wall", []).append(wall)
                per.setdefault(f"cli {threads}t json", []).append(data["seconds"])
            for deal in deals_b:
                start = time.perf_counter()
                table(BRIDGE, deal, solver=solver, threads=threads)
                per.setdefault(f"atout {threads}t", []).append(time.perf_counter() - start)
            raw.SetMaxThreads(threads if threads > 1 else 1)
            dds_deals = [Deal(p) for p in pbns]
            for d in dds_deals:
                start = time.perf_counter()
                calc_dd_table(d)
                per.setdefault(f"dds {threads}t", []).append(time.perf_counter() - start)
        raw.SetMaxThreads(every)
        start = time.perf_counter()
        calc_all_tables([Deal(p) for p in pbns])
        totals["dds calc_all_tables"] = totals.get("dds calc_all_tables", 0) + \
            time.perf_counter() - start
        start = time.perf_counter()
        for deal in deals_b:
            table(BRIDGE, deal, solver=solver, threads=every)
        totals[f"atout {every}t batch"] = totals.get(f"atout {every}t batch", 0) + \
            time.perf_counter() - start
        print(f"  bridge: {b + len(part)}/{len(seeds)} deals (load {load_average()})",
              file=sys.stderr)
    info = {"deals": deals, "threads": every, "load": load_average(),
            "seconds": {k: summary(v) for k, v in per.items()}, "batches": totals, "ratios": {}}
    for ours in (f"cli 1t json", "cli 1t wall", "atout 1t"):
        info["ratios"][f"{ours} / dds 1t"] = ratio(per[ours], per["dds 1t"])
    for ours in (f"cli {every}t json", f"cli {every}t wall", f"atout {every}t"):
        info["ratios"][f"{ours} / dds {every}t"] = ratio(per[ours], per[f"dds {every}t"])
    return info


def ratio(ours, theirs) -> dict:
    each = [a / b for a, b in zip(ours, theirs)]
    return {"median": statistics.median(each), "p90": percentile(each, 90), "max": max(each),
            "total": sum(ours) / sum(theirs)}


# -- tarot -----------------------------------------------------------------------------------

def tarot(count: int, before: str | None = None) -> dict:
    from atout.cli.format import scale
    trees = [("after", None)] + ([("before", before)] if before else [])
    seconds: dict = {}
    walls: dict = {}
    answers = []
    for seed in range(1, count + 1):
        deal = TAROT.random_deal(seed)
        state = TAROT.new_state(deal)
        target = state.contract_target() / scale("tarot")
        for name, pkg in trees:
            wall, _cpu, data = command(["solve", "-g", "tarot", TAROT.format_deal(deal),
                                        "--at-least", f"{target:g}", "--json"], pkg)
            seconds.setdefault(name, []).append(data["seconds"])
            walls.setdefault(name, []).append(wall)
            if name == "after":
                answers.append(data["reached"])
    info = {"deals": count, "load": load_average(), "json seconds": summary(seconds["after"]),
            "wall": summary(walls["after"]), "settled": sum(a is not None for a in answers)}
    if before:
        info["before"] = {"json seconds": summary(seconds["before"]),
                          "wall": summary(walls["before"])}
    return info


def report(out: dict) -> str:
    """The figures as lines (docs/SPEED.md's tables are made from them)."""
    lines = [f"{out['date']}, load average {out['load at start']} at the start"
             + (", with .pyc files" if out.get("pyc") else "")]
    if "startup" in out:
        lines.append("startup (medians; wall / processor seconds):")
        s = out["startup"]
        for tree in ("after", "before"):
            if f"{tree} / python / wall" not in s:
                continue
            lines.append(
                f"  {tree}: python {s[f'{tree} / python / wall']:.3f}, import atout.cli.main"
                f" {s[f'{tree} / import cli / wall']:.3f} / {s[f'{tree} / import cli / cpu']:.3f},"
                f" table's imports {s[f'{tree} / table imports / wall']:.3f} /"
                f" {s[f'{tree} / table imports / cpu']:.3f}, one-deal table command"
                f" {s[f'{tree} / command / wall']:.3f} / {s[f'{tree} / command / cpu']:.3f}"
                f" (its JSON {s[f'{tree} / command / json seconds']:.3f}), first search"
                f" {s[f'{tree} / first search / wall']:.3f} against"
                f" {s[f'{tree} / next searches / wall']:.3f} (+{s[f'{tree} / first - next / wall']:.3f})")
    if "bridge" in out:
        b = out["bridge"]
        lines.append(f"bridge, {b['deals']} deals, {b['threads']} threads at most (load at the end"
                     f" {b['load']}); seconds a deal, median / p90 / slowest / total:")
        for k, v in b["seconds"].items():
            lines.append(f"  {k:16} {v['median']:.3f} / {v['p90']:.3f} / {v['max']:.3f} /"
                         f" {v['total']:.1f}")
        for k, v in b["batches"].items():
            lines.append(f"  {k}: {v:.1f} s for the {b['deals']} deals")
        lines.append("  ratios atout / DDS, median / p90 / slowest / total:")
        for k, v in b["ratios"].items():
            lines.append(f"  {k:26} {v['median']:.2f} / {v['p90']:.2f} / {v['max']:.2f} /"
                         f" {v['total']:.2f}")
    if "tarot" in out:
        t = out["tarot"]
        lines.append(f"tarot contract question, {t['deals']} deals (settled {t['settled']}):"
                     f" JSON seconds median {t['json seconds']['median']:.3f}, slowest"
                     f" {t['json seconds']['max']:.3f}; wall median {t['wall']['median']:.3f},"
                     f" slowest {t['wall']['max']:.3f}")
        if "before" in t:
            b = t["before"]
            lines.append(f"  before: JSON seconds median {b['json seconds']['median']:.3f}, slowest"
                         f" {b['json seconds']['max']:.3f}; wall median {b['wall']['median']:.3f},"
                         f" slowest {b['wall']['max']:.3f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", action="append", choices=["startup", "bridge", "tarot"])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=6000)
    ap.add_argument("--tarot-deals", type=int, default=20)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--before", default=None, help="PYTHONPATH of the tree to compare with")
    ap.add_argument("--json", dest="json_out", default=None)
    ap.add_argument("--pyc", default=None, help="compiled bytecode under this folder")
    a = ap.parse_args(argv)
    PYC["dir"] = a.pyc
    parts = a.part or ["startup", "bridge", "tarot"]
    out = {"date": time.strftime("%Y-%m-%d %H:%M"), "load at start": load_average(),
           "pyc": a.pyc}
    if "startup" in parts:
        out["startup"] = startup(a.runs, a.before)
        print(json.dumps({"startup": out["startup"]}, indent=1))
    if "bridge" in parts:
        out["bridge"] = bridge(a.deals, a.first)
        print(json.dumps({"bridge": out["bridge"]}, indent=1))
    if "tarot" in parts:
        out["tarot"] = tarot(a.tarot_deals, a.before)
        print(json.dumps({"tarot": out["tarot"]}, indent=1))
    out["load at end"] = load_average()
    print(report(out))
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
