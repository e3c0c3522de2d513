"""How much does a search player's card choice lose to its sampling noise?

At seeded positions of the play (deals played by the easy player until a
given number of tricks is left), each candidate player (``hard:samples=24``,
``hard:samples=48;decision_nodes=8000000``...) values the legal cards on the
deals it draws (``SearchPlayer.card_values``) and picks the best; a reference
player with many more deals, drawn independently (another seed), values the
same cards. A candidate's regret at a position is the reference's value of
its best card less the reference's value of the candidate's pick, in the
game's score utility: 0 where they agree.

    python bench/sample_regret.py --game tarot2 --positions 30 --reference 192 \\
        --tricks 34,22,28 'hard:samples=24' 'hard:samples=48;decision_nodes=8000000'

This sees only the noise of too few deals, measured against a larger
sample of the same model: not the model's own faults (its greedy playout,
strategy fusion), which only a match against another player shows. A
cheap guide to what a match is worth running, not a substitute for one.
Figures: docs/STRENGTH.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from atout.engine.round import Round
from atout.players import make_player
from atout.players.match import mean_interval, parse_player


#: the reference player's seed is this plus the deal's (a candidate's is the
#: deal's): its deals are drawn independently of the candidates'
REFERENCE_SEED = 999_999


def position(game: str, seed: int, tricks_left: int, place: int = 0):
    """The view of the seat to play once the easy player has played deal
    ``seed`` to the first point with at most ``tricks_left`` tricks left and
    ``place`` cards in the trick (by default a trick's start; None if the
    deal ends first)."""
    rnd = Round.new(game, seed=seed)
    easy = {s: make_player(game, "easy", seed=seed * 7 + s) for s in range(rnd.n_seats)}
    while not rnd.is_over():
        view = rnd.view(rnd.to_act)
        if view.phase == "play" and rnd.state.tricks_left <= tricks_left and len(rnd.state.trick) == place:
            return view
        rnd.apply(easy[rnd.to_act].decide(view))
    return None


def regrets(game: str, seeds, tricks: list, reference: int, specs: list, report=None) -> dict:
    """Each candidate's regret and decision seconds at each position:
    ``{spec.name: [(regret, seconds), ...]}`` (positions with one legal card
    are left out)."""
    out: dict = {spec.name: [] for spec in specs}
    for i, seed in enumerate(seeds):
        view = position(game, seed, tricks[i % len(tricks)])
        if view is None or len(view.legal) < 2:
            continue
        judge = make_player(game, "hard", seed=REFERENCE_SEED + seed, samples=reference, decision_nodes=0)
        judge.prepare()
        truth = judge.card_values(view)
        best = max(truth.values())
        line = []
        for spec in specs:
            player = make_player(game, spec.level, seed=seed, **dict(spec.options))
            player.prepare()
            start = time.perf_counter()
            values = player.card_values(view)
            seconds = time.perf_counter() - start
            regret = best - truth[player.best_card(view, values)]
            out[spec.name].append((regret, seconds))
            line.append(f"{regret:.1f}")
        if report:
            report(f"  seed {seed}, {len(view.legal)} cards: " + " ".join(line))
    return out


def summary(results: dict) -> list:
    lines = []
    for name, rows in results.items():
        if len(rows) < 2:
            lines.append(f"{name}: {len(rows)} positions")
            continue
        mean, low, high = mean_interval([r for r, _s in rows])
        agree = sum(1 for r, _s in rows if r == 0)
        lines.append(f"{name}: mean regret {mean:.2f} [{low:.2f}, {high:.2f}] over {len(rows)} positions, "
                     f"the reference's best card {agree} times, "
                     f"median decision {statistics.median(s for _r, s in rows):.2f} s")
    return lines


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", nargs="+", help="candidate players, e.g. 'hard:samples=24'")
    ap.add_argument("--game", default="tarot2")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--first", type=int, default=2000, help="the first deal's seed")
    ap.add_argument("--reference", type=int, default=192, help="the reference player's deals")
    ap.add_argument("--tricks", default="34,22,28", help="tricks left at the positions, in turn")
    args = ap.parse_args(argv)
    specs = [parse_player(p) for p in args.players]
    tricks = [int(t) for t in args.tricks.split(",")]
    results = regrets(args.game, range(args.first, args.first + args.positions), tricks, args.reference, specs,
                      report=lambda text: print(text, file=sys.stderr, flush=True))
    print(f"{args.game}, {args.positions} positions from seed {args.first} at {args.tricks} tricks left, "
          f"judged on {args.reference} deals:")
    for line in summary(results):
        print(" ", line)


if __name__ == "__main__":
    main()
