"""The sampler's speed at the decisions a computer player meets: for each
game, seeded deals played to the end (the auction and the other decisions by
the easy player's rules, the cards at random), and at every card to play of
every seat, the unseen cards dealt ``DRAWS`` times the way ``hard`` deals
them (``Game.sampling_model``, then ``model.sample``).

Times are this process's processor time (the machine is shared: wall time
swells with the other jobs' load). Reported per game, over the decisions: the cost of a deal (the count and
its draws, counted once per decision, divided by the draws: what a decision
of ``DRAWS`` deals pays per deal) at the median, the 90th percentile and the
slowest decision; the cost of setting up the model (replaying what the play
revealed), once per decision; and the cost of turning a drawn deal into the
state the solver reads (``Game.state_after``), per deal.

    python bench/sampler_speed.py [GAMES] [--deals N] [--draws K] [--seed S]

GAMES is a comma-separated list (default: every game).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from atout.engine import get_game
from atout.engine.round import Round
from atout.players import make_player

from machine_info import cpu_name  # (bench/, beside this file)

GAMES = ("tarot", "tarocco", "tarot2", "belote", "smear", "bridge")


def play_decisions(game_name: str, deals: int, seed: int) -> list:
    """The views of every card to play in ``deals`` seeded deals (a deal
    where everybody passed gives none)."""
    views = []
    for i in range(deals):
        rnd = Round.new(game_name, seed=seed + i)
        easy = make_player(game_name, "easy", seed=i)
        rng = random.Random(f"sampler-speed/{seed}/{i}")
        while not rnd.is_over():
            view = rnd.view(rnd.to_act)
            if view.phase == "play":
                views.append(view)
                action = rng.choice(view.legal)
            else:
                action = easy.decide(view)
            rnd.apply(action)
    return views


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(game_name: str, deals: int, draws: int, seed: int) -> dict:
    game = get_game(game_name)
    per_deal, setup, to_state = [], [], []
    views = play_decisions(game_name, deals, seed)
    for index, view in enumerate(views):
        start = time.process_time()
        model = game.sampling_model(view.known_deal, view.played, dict(view.contract))
        model.knowledge
        model.plan()
        ready = time.process_time()
        rng = random.Random(f"sampler-speed/draws/{index}")
        drawn = [model.sample(rng) for _ in range(draws)]
        done = time.process_time()
        for full, contract in drawn[:4]:
            game.state_after(full, view.played, **contract)
        built = time.process_time()
        setup.append(ready - start)
        per_deal.append((done - ready) / draws)
        to_state.append((built - done) / min(4, draws))
    ms = 1000.0
    return {"game": game_name, "decisions": len(views),
            "deal_ms": {"median": ms * statistics.median(per_deal), "p90": ms * quantile(per_deal, 0.9),
                        "max": ms * max(per_deal)},
            "setup_ms": {"median": ms * statistics.median(setup), "max": ms * max(setup)},
            "state_ms": {"median": ms * statistics.median(to_state), "max": ms * max(to_state)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", default=",".join(GAMES))
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--draws", type=int, default=24, help="deals drawn a decision (hard's tarot samples)")
    parser.add_argument("--seed", type=int, default=2026_12_04)
    args = parser.parse_args()
    print(f"{cpu_name()}, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.deals} deals a game, "
          f"{args.draws} draws a decision")
    print(f"{'game':8} {'decisions':>9}  deal ms: median    p90    max   setup ms: median    max"
          f"   state ms: median")
    for name in args.games.split(","):
        r = measure(name, args.deals, args.draws, args.seed)
        d, s, st = r["deal_ms"], r["setup_ms"], r["state_ms"]
        print(f"{name:8} {r['decisions']:9}  {d['median']:15.3f} {d['p90']:6.3f} {d['max']:6.3f}"
              f"  {s['median']:16.2f} {s['max']:6.2f}  {st['median']:16.3f}")


if __name__ == "__main__":
    main()
