"""Where a Belote match against colver was won and lost, decision by
decision: each card's double-dummy loss, summed by phase.

    python bench/belote_colver_match.py --pairs 300 --seed 44 --json --pairs-list > MATCH.json
    python bench/belote_colver_losses.py MATCH.json [--pairs N] [--save PER_PAIR.json]

A decision's *loss* is what the card played gives up against the best
card with every hand seen (the exact solver, card points of the taker's
side, on colver's rules), for the side that played it. Along a game's line
the taker's side ends with the deal's double-dummy value, less the losses
of its own decisions, plus those of the other side's: an identity, checked
on every game (``decision_losses``). So the difference between the two
programs splits exactly into their decisions' losses, and a phase where
one program gives up more than the other shows (by trick, by place in the
trick, taker's side or defence). Reported: each phase's mean, over the
deal pairs, of colver's losses minus atout's (positive: atout lost less
there) with its 95% interval. The deals come back from the match's seed
and each pair's index (``colver_bridge.deal_of``); colver itself is not
needed. Figures: docs/STRENGTH.md.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys

from atout.players.colver_bridge import DECK, colver_state, deal_of
from atout.players.match import mean_interval
from atout.solver import Solver


def decision_losses(deal, cards, atout_seats, solver) -> list:
    """(card index, seat, "atout" or "colver", "taker" or "defence", loss)
    of each decision of a game played from ``deal`` (more than one legal
    card), the loss in card points of the taker's side; raises
    AssertionError if the losses do not account for the game's result."""
    state = colver_state(deal)
    start = solver.solve(state, line=False).value
    out = []
    drift = 0           # the taker's side's value moved by the decisions
    for k, card in enumerate(cards):
        if len(state.legal_cards()) > 1:
            values = solver.solve(state, all_cards=True, line=False).cards
            maximizing = state.maximizing()
            best = max(values.values()) if maximizing else min(values.values())
            loss = best - values[card] if maximizing else values[card] - best
            drift += -loss if maximizing else loss
            seat = state.to_play
            out.append((k, seat, "atout" if seat in atout_seats else "colver",
                        "taker" if seat % 2 == deal.taker % 2 else "defence", loss))
        state.play(card)
    final = state.card_points_of_side(deal.taker % 2)
    assert final == start + drift, f"losses {drift} do not make {start} into {final}"
    return out


def phases(k: int, side: str) -> tuple:
    """The phases a decision counts in: all, its trick, its place in the
    trick, its side, its side in that trick."""
    return ("all", f"trick {k // 4 + 1}", f"place {k % 4 + 1}", side, f"{side}, trick {k // 4 + 1}")


def pair_losses(match: dict, pair: dict, solver) -> dict:
    """Phase -> colver's losses minus atout's over the pair's two games."""
    deal = deal_of(match["seed"], pair["index"])
    out: dict = collections.defaultdict(float)
    for game in pair["games"]:
        cards = [DECK.parse_card(t) for t in game["cards"].split()]
        for k, _seat, who, side, loss in decision_losses(deal, cards, set(game["atout_seats"]), solver):
            for phase in phases(k, side):
                out[phase] += loss if who == "colver" else -loss
    return out


def order(phase: str):
    kinds = ("all", "taker", "defence", "trick", "place")
    head = phase.split(",")[0].split()[0]
    return (kinds.index(head), phase)


def report(per_pair: list) -> str:
    n = len(per_pair)
    lines = [f"{n} deal pairs; colver's losses minus atout's, card points of the taker's side a pair"
             " (positive: atout gave up less), mean [95% interval]"]
    for phase in sorted({p for d in per_pair for p in d}, key=order):
        mean, low, high = mean_interval(d.get(phase, 0.0) for d in per_pair)
        mark = "  *" if low > 0 or high < 0 else ""
        lines.append(f"  {phase:<20} {mean:+6.2f} [{low:+6.2f}, {high:+6.2f}]{mark}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("match", help="belote_colver_match.py's --json --pairs-list output")
    ap.add_argument("--pairs", type=int, default=None, help="the first N pairs only")
    ap.add_argument("--save", default=None, help="write each pair's phases (JSON)")
    args = ap.parse_args(argv)
    with open(args.match) as f:
        match = json.load(f)
    if "pair_list" not in match:
        print("the match has no pair list: run belote_colver_match.py with --json --pairs-list", file=sys.stderr)
        return 2
    solver = Solver()
    per_pair = [pair_losses(match, pair, solver) for pair in match["pair_list"][:args.pairs]]
    if args.save:
        with open(args.save, "w") as f:
            json.dump(per_pair, f)
    print(f"{match.get('atout')} against {match.get('colver')}, seed {match['seed']}:"
          f" the match's mean {match.get('mean')} a pair")
    print(report(per_pair))
    return 0


if __name__ == "__main__":
    sys.exit(main())
