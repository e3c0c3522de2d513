"""atout against colver's IS-DD bot at Belote: duplicate deal pairs on
colver's engine and rules (``atout.players.colver_bridge``: the deals, the
contract, the seats and what each program knows; the optional ``bench``
extra installs colver).

    python bench/belote_colver_match.py [--pairs 100] [--seed 44] [--worlds 20] [--workers 2]
        [--atout hard[:samples=8;...]] [--atout-objective card_points|score]
        [--colver-objective card_points|deal_score] [--no-contract-inference] [--json] [--pairs-list]

Reports atout's mean card-point difference a deal pair (atout's side's card
points minus colver's over the two games of the pair) with its 95%
interval, the pairs won, drawn and lost, each program's median and slowest
decision time (wall and processor time; decisions with one legal card left
out), the run's time and the machine. The same seed gives the same match whatever ``--workers``.
Ctrl-C reports the pairs finished. Measured figures: docs/STRENGTH.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import subprocess
import sys
import time
from pathlib import Path

from atout.engine.errors import AtoutError
from atout.players.colver_bridge import (ATOUT_OBJECTIVES, COLVER_OBJECTIVES, colver_module, colver_spec,
                                         reads_contract, run_colver_match)
from atout.players.match import parse_player

from machine_info import cpu_name  # (bench/, beside this file)


def machine() -> dict:
    cpu = cpu_name()
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "colver": colver_module().__version__}


def load() -> list:
    return [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else []


def commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).resolve().parents[1],
                             capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def summary(result, args, loads: list, started: str) -> dict:
    interval = result.mean_interval()
    won, drawn, lost = result.record()
    times = {who: result.times(who) for who in ("A", "B", "A_cpu", "B_cpu")}
    return {
        "atout": result.a, "colver": result.b, "seed": result.seed, "worlds": args.worlds,
        "atout_objective": args.atout_objective, "colver_objective": args.colver_objective,
        "contract_inference": reads_contract(parse_player(args.atout), args.contract_inference),
        "colver_spec": colver_spec(args.worlds, args.colver_objective),
        "pairs": len(result.pairs), "pairs_requested": result.pairs_requested, "interrupted": result.interrupted,
        "mean": interval and interval[0],
        "ci95": None if interval is None or len(result.pairs) < 2 else [interval[1], interval[2]],
        "won": won, "drawn": drawn, "lost": lost,
        "decision_seconds": {name: {"median": times[who][0], "slowest": times[who][1], "decisions": times[who][2],
                                    "processor_median": times[who + "_cpu"][0],
                                    "processor_slowest": times[who + "_cpu"][1]}
                             for who, name in (("A", "atout"), ("B", "colver"))},
        "seconds": round(result.seconds, 1), "workers": args.workers, "started": started,
        "machine": machine(), "load_average": {"start": loads[0], "end": loads[1]}, "commit": commit(),
        "command": " ".join(["python", "bench/belote_colver_match.py", *sys.argv[1:]]),
    }


def pair_records(result) -> list:
    return [{"index": p.index, "difference": p.difference, "games": [
        {"atout_seats": g["atout_seats"], "card_points": g["card_points"], "tricks": g["tricks"],
         "cards": " ".join(g["cards"]), "colver_worlds": g["colver_worlds"]} for g in p.scores]}
            for p in result.pairs]


def report(s: dict) -> list[str]:
    lines = [f"Belote on colver's rules: atout {s['atout']} (card-point search: "
             f"{s['atout_objective']}{', inferring from the contract' if s['contract_inference'] else ''}) "
             f"against {s['colver']} ({s['colver_objective']}), "
             f"{s['pairs']} of {s['pairs_requested']} deal pairs, seed {s['seed']}"
             + ("  [interrupted]" if s["interrupted"] else "")]
    if s["mean"] is not None:
        if s["ci95"]:
            lines.append(f"mean difference (atout - colver): {s['mean']:+.2f} card points a deal pair, "
                         f"95% interval [{s['ci95'][0]:+.2f}, {s['ci95'][1]:+.2f}]")
        else:
            lines.append(f"mean difference (atout - colver): {s['mean']:+.2f} (one pair: no interval)")
    lines.append(f"atout won {s['won']}, drew {s['drawn']}, lost {s['lost']} deal pairs")
    for name, t in s["decision_seconds"].items():
        if t["decisions"]:
            lines.append(f"decision time of {name}: median {t['median'] * 1000:.1f} ms, "
                         f"slowest {t['slowest'] * 1000:.0f} ms over {t['decisions']} decisions (processor "
                         f"time: median {t['processor_median'] * 1000:.1f} ms, slowest "
                         f"{t['processor_slowest'] * 1000:.0f} ms)")
    m = s["machine"]
    lines.append(f"{s['seconds']:.0f} s with {s['workers']} worker(s); {m['cpu']}, {m['cores']} cores, load "
                 f"average {' '.join(map(str, s['load_average']['start']))} at the start, "
                 f"{' '.join(map(str, s['load_average']['end']))} at the end; Python {m['python']}, "
                 f"colver {m['colver']}, atout {s['commit']}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=100, help="deal pairs (default 100)")
    parser.add_argument("--seed", type=int, default=44, help="the deals' seed (default 44)")
    parser.add_argument("--worlds", type=int, default=20, help="colver's worlds a decision (default 20)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--atout", default="hard", help="atout's player: LEVEL[:key=value;...] (default hard)")
    parser.add_argument("--atout-objective", choices=ATOUT_OBJECTIVES, default="card_points",
                        help="what atout's search maximises (default card_points, what the match counts)")
    parser.add_argument("--colver-objective", choices=COLVER_OBJECTIVES, default="card_points",
                        help="what colver's search maximises (default card_points)")
    parser.add_argument("--contract-inference", action=argparse.BooleanOptionalAction, default=None,
                        help="atout draws only deals that give the contract played (the contract is the "
                             "strongest hand's, a public rule, which hard reads as it reads an auction; "
                             "colver's uniform worlds do not); default: on for hard, off for other levels")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--pairs-list", action="store_true", help="every pair's games (with --json: in it)")
    args = parser.parse_args(argv)
    # Ctrl-C (or kill -INT) reports the pairs finished, even where the shell
    # started this in the background with interrupts ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    started = time.strftime("%Y-%m-%d %H:%M")
    loads = [load()]

    def progress(done, total):
        print(f"\r{done}/{total} deal pairs", end="", file=sys.stderr, flush=True)

    try:
        result = run_colver_match(args.atout, pairs=args.pairs, seed=args.seed, worlds=args.worlds,
                                  workers=args.workers, atout_objective=args.atout_objective,
                                  colver_objective=args.colver_objective,
                                  contract_inference=args.contract_inference, progress=progress)
    except AtoutError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        print(file=sys.stderr)
    loads.append(load())
    s = summary(result, args, loads, started)
    if args.json:
        if args.pairs_list:
            s["pair_list"] = pair_records(result)
        print(json.dumps(s, indent=1))
        return 0
    if args.pairs_list:
        for p in result.pairs:
            print(f"  pair {p.index:>4}: atout {p.results[0]:+d} / {p.results[1]:+d}  difference {p.difference:+d}")
    print("\n".join(report(s)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
