"""Where a Belote match against colver was won and lost, decision by
decision: each card's double-dummy loss, summed by phase.

    python bench/belote_colver_match.py --pairs 300 --seed 44 --json --pairs-list > MATCH.json
    python bench/belote_colver_losses.py MATCH.json [--pairs N] [--save PER_PAIR.json] [--against OTHER.json]

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
needed. Also each program's own losses a pair, and with ``--against`` a
second match of the same seed and pairs (another atout player against
colver): atout's own losses in this match minus that one's, pair by pair,
a measure of a change to atout's decisions far less noisy than the
matches' results (a capot's swing counts only where a decision gave it
up). Figures: docs/STRENGTH.md.
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


#: the per-pair keys of each program's own losses (not phases of the difference)
OWN = ("own: atout", "own: colver")


def pair_losses(match: dict, pair: dict, solver) -> dict:
    """Phase -> colver's losses minus atout's over the pair's two games;
    ``OWN``: each program's own losses."""
    deal = deal_of(match["seed"], pair["index"])
    out: dict = collections.defaultdict(float)
    for key in OWN:
        out[key] = 0.0
    for game in pair["games"]:
        cards = [DECK.parse_card(t) for t in game["cards"].split()]
        for k, _seat, who, side, loss in decision_losses(deal, cards, set(game["atout_seats"]), solver):
            for phase in phases(k, side):
                out[phase] += loss if who == "colver" else -loss
            out[f"own: {who}"] += loss
    return out


def order(phase: str):
    kinds = ("all", "taker", "defence", "trick", "place")
    head = phase.split(",")[0].split()[0]
    return (kinds.index(head), phase)


def report(per_pair: list) -> str:
    n = len(per_pair)
    lines = [f"{n} deal pairs; colver's losses minus atout's, card points of the taker's side a pair"
             " (positive: atout gave up less), mean [95% interval]"]
    for phase in sorted({p for d in per_pair for p in d if p not in OWN}, key=order):
        mean, low, high = mean_interval(d.get(phase, 0.0) for d in per_pair)
        mark = "  *" if low > 0 or high < 0 else ""
        lines.append(f"  {phase:<20} {mean:+6.2f} [{low:+6.2f}, {high:+6.2f}]{mark}")
    if per_pair:
        lines.append("each program's own losses a pair, mean [95% interval]")
        for key in OWN:
            mean, low, high = mean_interval(d[key] for d in per_pair)
            lines.append(f"  {key[5:]:<20} {mean:6.2f} [{low:6.2f}, {high:6.2f}]")
    return "\n".join(lines)


def compare(per_pair: list, other: list) -> str:
    """atout's own losses in one match minus another's, pair by pair (the
    same seed and pairs)."""
    interval = mean_interval(a["own: atout"] - b["own: atout"] for a, b in zip(per_pair, other))
    if interval is None:
        return "atout's own losses: no pairs to compare"
    mean, low, high = interval
    return (f"atout's own losses, this match minus the other, pair by pair over {len(per_pair)} pairs: "
            f"{mean:+.2f} [{low:+.2f}, {high:+.2f}] (negative: fewer here)")


def load_match(path: str) -> dict:
    """A match's JSON with its pair list; ValueError (one line) if it
    cannot be read or has no pair list."""
    try:
        with open(path) as f:
            match = json.load(f)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot read the match: {exc}") from None
    if not isinstance(match, dict) or "pair_list" not in match:
        raise ValueError(f"{path}: the match has no pair list: run belote_colver_match.py with --json --pairs-list")
    return match


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("match", help="belote_colver_match.py's --json --pairs-list output")
    ap.add_argument("--pairs", type=int, default=None, help="the first N pairs only")
    ap.add_argument("--save", default=None, help="write each pair's phases (JSON)")
    ap.add_argument("--against", default=None,
                    help="another match of the same seed and pairs: atout's own losses compared pair by pair")
    args = ap.parse_args(argv)
    try:
        match = load_match(args.match)
        other = load_match(args.against) if args.against else None
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    pairs = match["pair_list"][:args.pairs]
    if other is not None:
        other_pairs = other["pair_list"][:args.pairs]
        if other["seed"] != match["seed"] or [p["index"] for p in other_pairs] != [p["index"] for p in pairs]:
            print("--against: the two matches must have the same seed and pairs", file=sys.stderr)
            return 2
    solver = Solver()
    per_pair = [pair_losses(match, pair, solver) for pair in pairs]
    if args.save:
        with open(args.save, "w") as f:
            json.dump(per_pair, f)
    print(f"{match.get('atout')} against {match.get('colver')}, seed {match['seed']}:"
          f" the match's mean {match.get('mean')} a pair")
    print(report(per_pair))
    if other is not None:
        print(compare(per_pair, [pair_losses(other, pair, solver) for pair in other_pairs]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
