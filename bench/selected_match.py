"""A duplicate match on the deal pairs where a rare decision can arise.

A change to a decision that few deals meet (a tarot handful: one deal in
ten) moves a whole match by too little for its interval to decide. This
plays the pairs of ``atout match`` (the same deal and players for pair
``i`` of a seed, ``players.match.play_pair``) whose deal passes a filter
that looks at the cards dealt only, never at the players, so the mean is
the change's effect on those deals; the effect on a whole match is that
times the share of deals that pass (reported).

    python bench/selected_match.py --game tarot --filter handful --players hard:declare_samples=24,hard
        [--pairs 100] [--seed 4920] [--workers 2] [--json OUT]

Filters: ``handful`` (tarot: a seat's hand and the dog together hold ten
trumps, the Excuse counted: whoever takes, a seat may hold a handful).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time

from atout.engine.cards import FOOL, TRUMPS, suit_of
from atout.engine.round import Round
from atout.players.match import MatchJob, deal_seed, mean_interval, parse_players, percentile, play_pair


def may_hold_handful(game: str, seed: int, index: int) -> bool:
    rnd = Round.new(game, seed=deal_seed(seed, index))
    deal = rnd.deal
    dog = deal.extra("dog")
    return any(sum(1 for c in deal.hand(s) | dog if suit_of(c) == TRUMPS or c == FOOL) >= 10 for s in range(4))


FILTERS = {"handful": ("tarot", may_hold_handful)}


def _pair(args):
    job, index = args
    return play_pair(job, index)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tarot")
    parser.add_argument("--filter", choices=sorted(FILTERS), default="handful")
    parser.add_argument("--players", required=True)
    parser.add_argument("--pairs", type=int, default=100, help="pairs that pass the filter, played")
    parser.add_argument("--seed", type=int, default=4920)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="write the figures and every pair to this file")
    args = parser.parse_args(argv)
    game, passes = FILTERS[args.filter]
    if args.game != game:
        parser.error(f"--filter {args.filter} is a {game} filter")
    a, b = parse_players(args.players)
    job = MatchJob(game, a, b, args.seed)
    indices, looked = [], 0
    while len(indices) < args.pairs:
        if passes(game, args.seed, looked):
            indices.append(looked)
        looked += 1
    started = time.perf_counter()
    pairs = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for pair in pool.imap(_pair, [(job, i) for i in indices]):
            pairs.append(pair)
            print(f"\r{len(pairs)}/{len(indices)} pairs", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    d = [p.difference for p in pairs]
    mean, low, high = mean_interval(d)
    eps = 1e-9
    a_times = sorted(t for p in pairs for t in p.times["A"])
    summary = {
        "game": game, "filter": args.filter, "players": [a.name, b.name], "seed": args.seed,
        "pairs": len(pairs), "deals_looked_at": looked, "share_passing": round(len(indices) / looked, 4),
        "mean": mean, "ci95": [low, high],
        "won": sum(x > eps for x in d), "drawn": sum(abs(x) <= eps for x in d), "lost": sum(x < -eps for x in d),
        "a_decisions": {"median": statistics.median(a_times), "p99": percentile(a_times, 0.99),
                        "slowest": a_times[-1]} if a_times else None,
        "seconds": round(time.perf_counter() - started, 1), "load_average": list(os.getloadavg()),
        "command": " ".join(["python", "bench/selected_match.py", *(argv or sys.argv[1:])]),
        "pair_differences": {p.index: p.difference for p in pairs},
    }
    text = json.dumps(summary, indent=1)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    print(f"{a.name} - {b.name}: {mean:+.2f} [{low:+.2f}, {high:+.2f}] over {len(pairs)} pairs"
          f" ({summary['won']}/{summary['drawn']}/{summary['lost']}), {len(indices)} of {looked} deals pass"
          f" the filter {args.filter}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
