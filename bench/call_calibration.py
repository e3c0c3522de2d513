"""Are hard's auction calls calibrated? Each call ``hard`` chooses by search
(``players.calls.search_call``) comes with its mean score over the deals
it drew (double-dummy play, the auction after it by the bots' rule); this
plays whole deals with four such players and sets each chosen call's mean
against the deal's result for that seat (``Round.seat_result``, the same
unit: half the side's score minus the other side's).

    python bench/call_calibration.py [--game belote] [--deals 150] [--first 9000]
        [--player hard[:call_margin=40;...]] [--json OUT]

Reported: the mean of (predicted - realized) for the passes and for the
other calls, with 95% intervals, and the calls other than a pass by their
predicted edge over the pass. A call chosen because its mean came out
highest is expected to do worse than that mean (the largest of noisy
means); how much worse is what ``call_margin`` is for. Figures:
docs/STRENGTH.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from atout.engine.round import Round
from atout.players import make_player
from atout.players.match import mean_interval, parse_player
import atout.players.search as search_module


def interval(values) -> str:
    """The mean and its 95% interval (``match.mean_interval``), and the count."""
    if len(values) < 2:
        return f"n={len(values)}"
    mean, low, high = mean_interval(values)
    return f"{mean:+.2f} [{low:+.2f}, {high:+.2f}] n={len(values)}"


def play(game: str, deals: range, spec) -> list:
    """Every searched call of the deals: its seat, the call, each call's
    mean, the rule's call and the deal's result for that seat."""
    records: list = []
    plain = search_module.search_call

    def recorded(view, *args, **kwargs):
        details: dict = {}
        token = plain(view, *args, details=details, **kwargs)
        if details:
            records.append({"seat": view.seat, "call": token, "means": details["means"],
                            "rule": details["rule"], "auction": [t for _w, t in view.auction]})
        return token

    search_module.search_call = recorded
    try:
        for seed in deals:
            rnd = Round.new(game, seed)
            players = [make_player(game, spec.level, seed=seed, **dict(spec.options)) for _ in range(4)]
            start = len(records)
            while not rnd.is_over():
                view = rnd.view(rnd.to_act)
                rnd.apply(players[rnd.to_act].decide(view))
            for rec in records[start:]:
                rec["deal"] = seed
                rec["realized"] = rnd.seat_result(rec["seat"])
            print(f"  deal {seed}: {len(records) - start} calls searched", file=sys.stderr, flush=True)
    finally:
        search_module.search_call = plain
    return records


def report(records: list) -> None:
    passes = [r["means"]["pass"] - r["realized"] for r in records if r["call"] == "pass"]
    calls = [r for r in records if r["call"] != "pass"]
    print("predicted - realized, the passes:        ", interval(passes))
    print("predicted - realized, the other calls:   ",
          interval([r["means"][r["call"]] - r["realized"] for r in calls]))
    print("the other calls where the rule called so:",
          interval([r["means"][r["call"]] - r["realized"] for r in calls if r["call"] == r["rule"]]))
    print("... and where the search overruled it:   ",
          interval([r["means"][r["call"]] - r["realized"] for r in calls if r["call"] != r["rule"]]))
    edged = [r for r in calls if "pass" in r["means"]]
    for lo, hi in ((-1000, 20), (20, 40), (40, 1000)):
        part = [r for r in edged if lo <= r["means"][r["call"]] - r["means"]["pass"] < hi]
        if part:
            print(f"edge over the pass {max(lo, 0)}..{hi if hi < 1000 else ''}: n={len(part)}, "
                  f"predicted {statistics.mean(r['means'][r['call']] for r in part):+.1f}, "
                  f"the pass predicted {statistics.mean(r['means']['pass'] for r in part):+.1f}, "
                  f"realized {statistics.mean(r['realized'] for r in part):+.1f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="belote", choices=("belote", "smear", "tarot"))
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--first", type=int, default=9000)
    ap.add_argument("--player", default="hard")
    ap.add_argument("--json", dest="json_out", default=None)
    args = ap.parse_args(argv)
    spec = parse_player(args.player)
    records = play(args.game, range(args.first, args.first + args.deals), spec)
    print(f"{args.game}, {args.deals} deals from seed {args.first}, four {spec.name} players: "
          f"{len(records)} calls searched")
    report(records)
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(records, f)


if __name__ == "__main__":
    main()
