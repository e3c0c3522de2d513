"""One exact solve over threads sharing one table (``solver.team``) against
one thread, on the point games' seeded positions (``point_deals.position``).

    python bench/team_speed.py --game tarot --tricks 12 --positions 10
    python bench/team_speed.py --game tarot --tricks 12 --only 1,4,5,7 --skip-one --own-questions

Each position is solved on one thread, then on ``--threads`` threads (each
with a fresh ``Solver``, so neither meets the other's table), wall time
and nodes; the line is not asked. Reported: every position, then over the
positions whose one-thread solve took at least ``--over`` seconds (the
issue's "positions that take over 1 s") the speed-up's median, 10th
percentile (the slow end) and least, and the total time of each. Run it on
an idle machine: a second thread with no free core gains nothing.
``--only`` takes a list of positions, ``--skip-one`` times the threads
alone (their total, to compare two ways of the team run in turn), and
``--own-questions`` makes every thread ask its own questions (``team.HELP``
off), ``--help-mode split|marks|split+marks`` chooses how the helpers
search the question under way (``team.HELP_MODE``: the root split alone,
ABDADA's busy marks alone, or both, the default). ``--rounds R`` solves
each position R times each way, one thread and the threads in turn, and
reports each position's median times: which questions get asked depends
on when the threads' answers come, so one run of a position can be twice
as fast as the next (docs/SPEED.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from point_deals import GAMES, SEED, position  # noqa: E402

from atout.engine import get_game  # noqa: E402
from atout.solver import Solver  # noqa: E402
from atout.solver.testing import random_ending  # noqa: E402


def seeded_position(game, seed, tricks):
    """``point_deals.position`` for the tarot family; for Belote and Smear a
    seeded random ending of that many tricks (their contract drawn by the
    game's deal)."""
    if game in GAMES:
        return position(game, seed, tricks)
    return random_ending(get_game(game), seed, tricks, None, mid_trick=None)


def timed(state, threads, max_nodes):
    solver = Solver()
    start = time.perf_counter()
    result = solver.solve(state, line=False, threads=threads, max_nodes=max_nodes)
    return time.perf_counter() - start, result


def median_run(runs):
    """The (seconds, result) of the median time among ``runs``."""
    return sorted(runs, key=lambda run: run[0])[len(runs) // 2]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="tarot", choices=("tarot", "tarocco", "tarot2", "belote", "smear"))
    ap.add_argument("--tricks", type=int, default=12)
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="the first position's index (seed SEED + index)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--max-nodes", type=int, default=None)
    ap.add_argument("--over", type=float, default=1.0)
    ap.add_argument("--only", default=None, help="positions, e.g. 1,4,5,7 (instead of --first/--positions)")
    ap.add_argument("--skip-one", action="store_true", help="no one-thread solve: the threads' total")
    ap.add_argument("--own-questions", action="store_true", help="every thread asks its own questions")
    ap.add_argument("--help-mode", choices=("split", "marks", "split+marks"), default=None,
                    help="how a helper searches the question under way (team.HELP_MODE)")
    ap.add_argument("--rounds", type=int, default=1, help="solves each way a position (medians reported)")
    args = ap.parse_args(argv)
    from atout.solver import team
    if args.own_questions:
        team.HELP = False
    if args.help_mode:
        team.HELP_MODE = args.help_mode
    indices = [int(x) for x in args.only.split(",")] if args.only else \
        list(range(args.first, args.first + args.positions))
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} load average {os.getloadavg()[0]:.2f}; "
          f"{args.game}, {args.tricks} tricks left, positions {args.only or f'{args.first}..{args.first + args.positions - 1}'}"
          f" (seeds from {SEED}), 1 against {args.threads} threads, limit {args.max_nodes}"
          + (f", each position's median of {args.rounds} solves each way" if args.rounds > 1 else ""))
    rows = []
    timed(seeded_position(args.game, SEED, args.tricks), 1, 1000)       # load the search first
    if args.skip_one:
        total = 0.0
        for i in indices:
            tn, many = timed(seeded_position(args.game, SEED + i, args.tricks), args.threads, args.max_nodes)
            total += tn
            print(f"{i:3d}  value {many.lower}..{many.upper}  {args.threads} threads {tn:7.3f} s"
                  f" {many.nodes:>11,} nodes", flush=True)
        print(f"# total {total:.2f} s")
        return
    for i in indices:
        state = seeded_position(args.game, SEED + i, args.tricks)
        ones, manys = [], []
        for _ in range(max(1, args.rounds)):
            ones.append(timed(state.clone(), 1, args.max_nodes))
            manys.append(timed(state.clone(), args.threads, args.max_nodes))
        (t1, one), (tn, many) = median_run(ones), median_run(manys)
        for (_t, a), (_u, b) in zip(ones, manys):
            if a.exact and b.exact:
                assert a.value == b.value, (i, a.value, b.value)
        rows.append((i, t1, tn, one, many))
        print(f"{i:3d}  value {one.lower}..{one.upper} / {many.lower}..{many.upper}  "
              f"1 thread {t1:7.3f} s {one.nodes:>11,} nodes  {args.threads} threads {tn:7.3f} s "
              f"{many.nodes:>11,} nodes  x{t1 / tn:5.2f}", flush=True)
    slow = [(t1 / tn, t1, tn) for _i, t1, tn, _o, _m in rows if t1 >= args.over]
    if slow:
        ups = sorted(x[0] for x in slow)
        print(f"# {len(slow)} positions over {args.over} s on one thread: speed-up median "
              f"{statistics.median(ups):.2f}, 10th percentile {ups[len(ups) // 10]:.2f}, least {ups[0]:.2f};"
              f" total {sum(x[1] for x in slow):.1f} s against {sum(x[2] for x in slow):.1f} s"
              f" (x{sum(x[1] for x in slow) / sum(x[2] for x in slow):.2f})")
    else:
        print(f"# no position took {args.over} s on one thread")


if __name__ == "__main__":
    main()
