"""Would restarts help the tarot question's hard deals? The four plain suits
play alike, so a deal with its suits renamed has the same answer, and the
search on it differs only in its tie-breaks (which card of equal standing
it tries first, which table entry a key lands on). If the nodes varied
widely from one copy to another, a driver that ran copies in turn with
growing caps (restarts) would cut the tail. The contract's question, a guard
by the first seat, on the seeded full deals of ``point_deals.py``, one copy a
permutation, each with its own table and a node cap:

    python bench/suit_permutations.py DEAL_INDICES CAP [PERMUTATIONS]

e.g. ``python bench/suit_permutations.py 6,10,15,17,26,27,7,20 8000000 8``.
"""

from __future__ import annotations

import sys

from atout.solver import Solver
from atout.solver.testing import permute_suits

from point_deals import GUARD_FIRST_SEAT, SEED, position

#: the identity first, then renamings that move every suit
PERMUTATIONS = [(0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 0, 1), (3, 2, 1, 0), (1, 2, 3, 0),
                (3, 0, 1, 2), (2, 0, 3, 1), (0, 2, 1, 3)]


def main(argv):
    indices = [int(x) for x in argv[0].split(",")]
    cap = int(argv[1])
    count = int(argv[2]) if len(argv) > 2 else len(PERMUTATIONS)
    for i in indices:
        state = position("tarot", SEED + i, 99, GUARD_FIRST_SEAT)
        runs = []
        for perm in PERMUTATIONS[:count]:
            copy = permute_suits(state, perm)
            runs.append(Solver().reaches(copy, copy.contract_target(), max_nodes=cap))
        answers = {r.answer for r in runs if r.answer is not None}
        assert len(answers) <= 1, (SEED + i, [r.answer for r in runs])   # the same game
        nodes = " ".join(f"{r.nodes / 1e6:.2f}M" if r.answer is not None else f">{cap / 1e6:g}M"
                         for r in runs)
        print(f"{SEED + i}: answer {answers.pop() if answers else 'open'}; nodes {nodes}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
