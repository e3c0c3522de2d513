"""How often does a player make a play that another legal card beats or
equals on every deal it could be facing? (A play a club player calls
absurd: points given to a trick the opponents have won when a smaller card
would do, a master thrown away.)

At seeded positions of the play (deals played by the easy player to a given
number of tricks left and a given place in the trick), each candidate player
(``easy``, ``medium``, ``hard``, ``hard:tiebreak=1``...) picks its card; a
judge, the hard player's sampler drawing many deals consistent with the
view (another seed), values every legal card on each of those deals in the
game's score utility. A pick is *dominated* when another legal card is worth
at least as much on every one of the judge's deals and more on at least
one; its cost is that card's mean lead over the pick.

    python bench/dominated_plays.py --game belote --positions 60 --judge 64 easy medium hard

The judge's deals are a sample: a pick dominated on them may not be on
every deal the view allows (then its cost is small), and the judge shares
hard's model of the others' bids. Figures: docs/STRENGTH.md.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from atout.engine.round import Round
from atout.players import make_player
from atout.players.match import parse_player

from sample_regret import position  # (bench/, beside this file): the positions of the play


#: tricks left at the positions, in turn, for each game (of 8 in Belote,
#: 18 in tarot, 39 in tarot2, 15 in Tarocco, 6 in Smear, 13 in bridge)
DEFAULT_TRICKS = {"belote": "7,5,3", "tarot": "15,10,6,3", "tarot2": "36,26,16,6", "tarocco": "13,9,5,3",
                  "smear": "5,4,2", "bridge": "12,8,5,3"}

#: the judge's seed is this plus the deal's: its deals are drawn
#: independently of any candidate's
JUDGE_SEED = 777_777


def judged_deals(game: str, seed: int, view, deals: int) -> list[dict]:
    """Every legal card's value (the score utility, for the seat to play)
    on each of ``deals`` deals the hard player's sampler draws for ``view``."""
    judge = make_player(game, "hard", seed=JUDGE_SEED + seed, samples=deals, decision_nodes=0)
    judge.prepare()
    rows: list[dict] = []
    values_on = judge.values_on

    def recorded(state, legal, cut_short=False):
        values = values_on(state, legal, cut_short)
        rows.append(values)
        return values

    judge.values_on = recorded
    judge.decided = lambda *args: False        # every deal drawn, not only until the best card is clear
    judge.card_values(view)
    return rows


def dominated_by(pick, rows: list[dict]):
    """(card, its mean lead over ``pick``) of the legal card that dominates
    ``pick`` on the judge's deals by the most, or None if none does."""
    best = None
    for card in rows[0]:
        if card == pick:
            continue
        leads = [row[card] - row[pick] for row in rows]
        if min(leads) >= 0 and max(leads) > 0:
            lead = sum(leads) / len(leads)
            if best is None or lead > best[1]:
                best = (card, lead)
    return best


def audit(game: str, seeds, tricks: list, deals: int, specs: list, report=None) -> dict:
    """``{spec.name: [(cost or None, seconds), ...]}`` over the positions
    with more than one legal card (cost None: the pick is not dominated)."""
    out: dict = {spec.name: [] for spec in specs}
    seats = Round.new(game, seed=0).n_seats
    for i, seed in enumerate(seeds):
        view = position(game, seed, tricks[i % len(tricks)], seed % seats)
        if view is None or len(view.legal) < 2:
            continue
        rows = judged_deals(game, seed, view, deals)
        names = {a.value: a.token for a in view.legal}
        line = []
        for spec in specs:
            player = make_player(game, spec.level, seed=seed, **dict(spec.options))
            if hasattr(player, "prepare"):
                player.prepare()
            start = time.process_time()
            pick = player.decide(view).value
            seconds = time.process_time() - start
            worse = dominated_by(pick, rows)
            out[spec.name].append((None if worse is None else worse[1], seconds))
            line.append("ok" if worse is None else f"{names[pick]}<{names[worse[0]]}(+{worse[1]:.2f})")
        if report:
            report(f"  seed {seed}, {len(view.legal)} cards, {len(rows)} deals: " + " ".join(line))
    return out


def wilson_interval(hits: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound at 0 hits,
    where the normal one collapses to a point)."""
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(results: dict) -> list:
    lines = []
    for name, rows in results.items():
        costs = [c for c, _s in rows if c is not None]
        text = f"{name}: {len(costs)} dominated picks of {len(rows)}"
        if rows:
            low, high = wilson_interval(len(costs), len(rows))
            text += f" ({100 * len(costs) / len(rows):.1f}%, 95% interval [{100 * low:.1f}, {100 * high:.1f}])"
        if costs:
            text += f", mean cost {sum(costs) / len(costs):.2f}, largest {max(costs):.2f}"
        if rows:
            text += f"; median decision {1000 * statistics.median(s for _c, s in rows):.1f} ms processor"
        lines.append(text)
    return lines


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", nargs="+", help="candidate players, e.g. easy medium hard 'hard:tiebreak=1'")
    ap.add_argument("--game", default="belote", choices=sorted(DEFAULT_TRICKS))
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--first", type=int, default=3000, help="the first deal's seed")
    ap.add_argument("--judge", type=int, default=64, help="the judge's deals")
    ap.add_argument("--tricks", help="tricks left at the positions, in turn (default: DEFAULT_TRICKS)")
    args = ap.parse_args(argv)
    specs = [parse_player(p) for p in args.players]
    tricks = [int(t) for t in (args.tricks or DEFAULT_TRICKS[args.game]).split(",")]
    results = audit(args.game, range(args.first, args.first + args.positions), tricks, args.judge, specs,
                    report=lambda text: print(text, file=sys.stderr, flush=True))
    print(f"{args.game}, {args.positions} positions from seed {args.first} at {tricks} tricks left, "
          f"judged on {args.judge} deals:")
    for line in summary(results):
        print(" ", line)


if __name__ == "__main__":
    main()
