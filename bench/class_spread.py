"""How far apart are the exact values of tarot positions that differ only in
which seat holds which low card? (docs/SPEED.md, "merging the low cards")

A search that merged the low cards (the pips 1-10 and the trumps 2 to
TRUMP_TOP) into counts per seat and suit would solve a coarser game; to be
sound, one side must decide every comparison between merged cards, so its
value bounds the values of all the positions it merges. The spread of those
values is a lower bound on how loose such bounds are. Each seeded position
(guard by the first seat, a trick start) is solved exactly together with
VARIANTS copies whose low cards are dealt again among the same seats, the
same number per seat and suit:

    python bench/class_spread.py TRICKS_LEFT DEALS TRUMP_TOP VARIANTS
"""

from __future__ import annotations

import random
import statistics
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from point_deals import GUARD_FIRST_SEAT, SEED, position  # noqa: E402

from atout.engine.cards import TRUMPS, suit_of  # noqa: E402
from atout.solver import Solver  # noqa: E402

LIMIT = 20_000_000


def is_low(card: int, trump_top: int) -> bool:
    """A pip (half a point, no honour) or a trump from 2 to ``trump_top``."""
    if card < 64:
        return (card & 15) <= 9
    return 66 <= card <= 64 + trump_top


def low_cards_dealt_again(state, trump_top: int, rng: random.Random):
    """A copy of ``state`` whose low cards of each suit are shuffled among
    the seats that hold them, each seat keeping its count."""
    hands = [set(h) for h in state.hands]
    for suit in (0, 1, 2, 3, TRUMPS):
        held = [(seat, c) for seat, hand in enumerate(state.hands) for c in sorted(hand)
                if suit_of(c) == suit and is_low(c, trump_top)]
        cards = [c for _, c in held]
        rng.shuffle(cards)
        for seat, c in held:
            hands[seat].discard(c)
        for (seat, _), c in zip(held, cards):
            hands[seat].add(c)
    copy = state.clone()
    for seat, hand in enumerate(hands):
        copy.hands[seat] = hand
    return copy


def main(tricks: int, deals: int, trump_top: int, variants: int) -> None:
    solver = Solver()
    spreads = []
    for i in range(deals):
        state = position("tarot", SEED + i, tricks, GUARD_FIRST_SEAT)
        rng = random.Random(i)
        values = []
        for copy in [state] + [low_cards_dealt_again(state, trump_top, rng) for _ in range(variants)]:
            r = solver.solve(copy, line=False, max_nodes=LIMIT)
            if r.exact:
                values.append(r.value)
        spreads.append(max(values) - min(values))
        print(f"{SEED + i}: values {sorted(values)} spread {spreads[-1]} half points", flush=True)
    print(f"{tricks} tricks left, trumps 2-{trump_top} and pips merged, {variants} copies a position: "
          f"spread median {statistics.median(spreads)}, max {max(spreads)} half points")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:5]))
