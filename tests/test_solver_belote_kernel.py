"""Belote's own compilation of the search (``solver.belote_kernel``): the
same source as ``point_search.gsearch`` with the game's constants written
in, so it must give the same values, card by card, in the same nodes."""

import pytest

from atout.engine import get_game
from atout.engine.search import card_values
from atout.solver import Solver
from atout.solver import belote_kernel
from atout.solver import point_search as R
from atout.solver.tables import codec_for
from atout.solver.testing import random_ending

BELOTE = get_game("belote")
VARIANTS = ["", "no-undertrump", "no-partner-overtrump", "no-undertrump,no-partner-overtrump"]
CONTRACTS = {"trump": "SHDC", "taker": [0, 1, 2, 3], "variant": VARIANTS}


def both_kernels(state, monkeypatch, **kw):
    """The result of the Belote kernel, and of the generic one."""
    ours = Solver(16).solve(state, **kw)
    with monkeypatch.context() as m:
        m.setattr(belote_kernel, "serves", lambda rules: False)
        theirs = Solver(16).solve(state, **kw)
    return ours, theirs


def test_belote_positions_are_searched_by_the_belote_kernel():
    state = BELOTE.new_state(BELOTE.random_deal(1), trump="S", taker=0)
    assert codec_for(state).encode(state).gsearch is belote_kernel.gsearch
    assert belote_kernel.gsearch is not R.gsearch
    tarot = get_game("tarot")
    state = tarot.new_state(tarot.random_deal(1))
    assert codec_for(state).encode(state).gsearch is R.gsearch


@pytest.mark.parametrize("tricks", [2, 4, 6])
def test_same_values_and_nodes_as_the_generic_kernel(tricks, monkeypatch):
    for seed in range(40):
        state = random_ending(BELOTE, 7000 + 100 * tricks + seed, tricks, CONTRACTS)
        ours, theirs = both_kernels(state, monkeypatch, all_cards=True, line=False)
        assert (ours.value, ours.cards, ours.nodes) == (theirs.value, theirs.cards,
                                                         theirs.nodes), (seed, state)
        if tricks == 2:
            assert ours.cards == card_values(state), (seed, state)


def test_same_full_deals_as_the_generic_kernel(monkeypatch):
    for seed in range(3):
        state = BELOTE.new_state(BELOTE.random_deal(50 + seed), trump="HSDC"[seed], taker=seed,
                                 variant=VARIANTS[seed])
        ours, theirs = both_kernels(state, monkeypatch, all_cards=True, line=False)
        assert (ours.value, ours.cards, ours.nodes) == (theirs.value, theirs.cards, theirs.nodes)
