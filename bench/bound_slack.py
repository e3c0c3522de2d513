"""How far the static trick-start bounds of the point games are from the
exact value, on seeded random endings at a trick start.

For each ending: the exact value (``Solver.solve``), the bounds the search
asks at every trick start (``trick_start_bounds``) and the same tightened
by the leader's cash and tarot's taker bound (``cash_bounds``, no early
exit); prints the distribution of ``value - lower`` and ``upper - value``
(half points for tarot, points for tarocco). Tarot also: ``w``, the most
tricks the lone taker can still win by ``tarot_taker_tricks``, against the
tricks he wins in the solved line. Which side is loose tells where a
tighter bound would cut a search: a "no" proof (most full-deal contract
questions) ends where the upper bound falls below the target.

    python bench/bound_slack.py [--game tarot|tarocco] [--tricks N] [endings]
"""

from __future__ import annotations

import argparse
import statistics

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.kernels.point import search as R
from atout.solver.testing import random_ending, trick_start_bounds_of

TAROT_CONTRACTS = {"taker": [0, 1, 2, 3],
                   "contract": ["take", "guard", "guard_without", "guard_against"]}
SEED = 5000


def slack(state, solver):
    """(value - lower, upper - value, the same with the cash bounds, the
    taker's trick bound w or None, the tricks he wins in the line or None)."""
    pos, cnt, bp, lo, hi = trick_start_bounds_of(state)
    n, L = state.n, pos.kl
    clo, _cash_hi, chi = R.cash_bounds(L, pos.kh, n, pos.leader, cnt, pos.fl0, bp, pos.rules,
                                       pos.sides, pos.kp, lo, hi, R.INF)
    result = solver.solve(state, line=True)
    v = result.value - pos.already
    w = won = None
    maxside = pos.rules[R.R_MAXSIDE]
    taker = R.lone_taker(n, pos.sides, maxside)
    if state.game.name == "tarot" and taker >= 0:
        _on_max, on_min = R.excuse_spares_masters(L, n, pos.fl0, pos.sides, maxside)
        w = R.tarot_taker_tricks(L, n, taker, cnt // n, pos.sides, on_min)[0]
        after = state.clone()
        for card in result.line:
            after.play(card)
        won = after.tricks_won(after.max_side) - state.tricks_won(state.max_side)
    return v - lo, hi - v, v - clo, chi - v, w, won


def describe(name, values):
    v = sorted(values)
    p10, p90 = v[len(v) // 10], v[(9 * len(v)) // 10]
    return (f"{name:22s} median {statistics.median(v):6.1f}  p10 {p10:6.1f}  p90 {p90:6.1f}"
            f"  mean {statistics.fmean(v):6.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="tarot", choices=["tarot", "tarocco"])
    ap.add_argument("--tricks", type=int, default=8)
    ap.add_argument("endings", type=int, nargs="?", default=60)
    args = ap.parse_args()
    game = get_game(args.game)
    contracts = TAROT_CONTRACTS if args.game == "tarot" else None
    solver = Solver()
    rows = []
    for i in range(args.endings):
        state = random_ending(game, SEED + i, args.tricks, contracts, mid_trick=None)
        if not state.is_over():
            rows.append(slack(state, solver))
    print(f"{args.game}, {args.tricks} tricks left, {len(rows)} endings")
    names = ("value - lower", "upper - value", "value - lower (cash)", "upper (cash) - value")
    for k, name in enumerate(names):
        print(describe(name, [r[k] for r in rows]))
    if rows and rows[0][4] is not None:
        print(describe("taker tricks w", [r[4] for r in rows]))
        print(describe("tricks he wins", [r[5] for r in rows]))
        print(describe("w - tricks he wins", [r[4] - r[5] for r in rows]))


if __name__ == "__main__":
    main()
