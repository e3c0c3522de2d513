"""atout against colver (PyPI ``colver``, a Rust Belote solver; the
optional ``bench`` extra), on colver's rules: atout's variant
"no-undertrump,no-partner-overtrump". Skipped when colver is not installed.

* the legal cards along random plays equal colver's ``legal_actions``;
* every card's value, full deals and random endings (mid-trick included),
  equals colver's ``solve_scores`` (see ``solver.colver_compare`` for its
  conventions).

The same checks on more deals: ``python tests/solver/test_belote_colver.py DEALS
ENDINGS`` (prints the differences, if any).
"""

import random

import pytest
from optional import require

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.colver_compare import (COLVER_VARIANT, colver_card_values, colver_env,
                                         from_colver)
from atout.solver.testing import random_ending

require("colver")  # the test extra installs it; on CI a missing colver fails

BELOTE = get_game("belote")


def contract(rng):
    return {"trump": rng.choice("SHDC"), "taker": rng.randrange(4), "variant": COLVER_VARIANT}


def full_deals(count, seed=0):
    rng = random.Random(seed)
    return [BELOTE.new_state(BELOTE.random_deal(50_000 + seed * 10_000 + i), **contract(rng))
            for i in range(count)]


def endings(count, seed=0):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        tricks = 1 + i % 5
        choices = {k: [v] for k, v in contract(rng).items()}
        out.append(random_ending(BELOTE, 70_000 + seed * 10_000 + i, tricks, choices))
    return out


def differences(states, solver=None):
    """(state, atout's values, colver's) for each state where they differ."""
    solver = solver or Solver()
    out = []
    for state in states:
        ours = solver.solve(state, all_cards=True, line=False).cards
        theirs = colver_card_values(state)
        if ours != theirs:
            out.append((state, ours, theirs))
    return out


def test_legal_cards_equal_colvers_along_random_plays():
    rng = random.Random(1)
    checked = 0
    for state in full_deals(40, seed=1):
        env = colver_env(state)
        while not state.is_over():
            assert sorted(state.legal_cards()) == sorted(from_colver(a) for a in env.legal_actions())
            checked += 1
            legal = state.legal_cards()
            plain = [c for c in legal if not state.is_trump(c)]
            card = rng.choice(plain if plain and rng.random() < 0.9 else legal)
            state.play(card)
            env.step((card >> 4) * 8 + (card & 15))
    assert checked == 40 * 32


def test_every_card_value_equals_colvers_on_full_deals():
    assert differences(full_deals(6)) == []


def test_every_card_value_equals_colvers_on_random_endings():
    states = endings(150)
    assert sum(1 for s in states if s.trick) > 100
    assert differences(states) == []


if __name__ == "__main__":
    import sys
    n_deals, n_endings = (int(a) for a in (sys.argv[1:] + ["300", "1000"])[:2])
    solver = Solver()
    for label, states in (("full deals", full_deals(n_deals, seed=2)),
                          ("endings", endings(n_endings, seed=2))):
        found = differences(states, solver)
        print(f"{label}: {len(states)} positions, {len(found)} with a difference")
        for state, ours, theirs in found:
            print("  ", BELOTE.format_deal(state.deal), "trump", "SHDC"[state.trump], "taker",
                  state.taker, "played", BELOTE.deck.format_cards(state.played),
                  {BELOTE.deck.token(c): (ours.get(c), theirs.get(c)) for c in set(ours) | set(theirs)
                   if ours.get(c) != theirs.get(c)})
