"""The games' own compilations of the search (``solver.game_kernels``): the
same source as ``point_search.gsearch`` with the game's constants written
in, so each must give the same values, card by card, in the same nodes."""

import pytest

from atout.engine import get_game
from atout.engine.search import card_values
from atout.solver import Solver
from atout.solver import game_kernels
from atout.solver import point_search as R
from atout.solver.tables import codec_for
from atout.solver.testing import random_ending

BELOTE = get_game("belote")
TAROT = get_game("tarot")
TAROCCO = get_game("tarocco")
TAROT2 = get_game("tarot2")
VARIANTS = ["", "no-undertrump", "no-partner-overtrump", "no-undertrump,no-partner-overtrump"]
CONTRACTS = {"trump": "SHDC", "taker": [0, 1, 2, 3], "variant": VARIANTS}


def both_kernels(state, monkeypatch, **kw):
    """The result of the game's own kernel, and of the generic one."""
    ours = Solver(16).solve(state, **kw)
    with monkeypatch.context() as m:
        m.setattr(game_kernels, "kernel_name", lambda rules: None)
        theirs = Solver(16).solve(state, **kw)
    return ours, theirs


def test_each_game_is_searched_by_its_own_kernel():
    state = BELOTE.new_state(BELOTE.random_deal(1), trump="S", taker=0)
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("belote")
    state = TAROT.new_state(TAROT.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("tarot")
    state = TAROCCO.new_state(TAROCCO.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("tarocco")
    state = TAROT2.new_state(TAROT2.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("tarot2")
    smear = get_game("smear")
    state = smear.new_state(smear.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("smear")
    kernels = {game_kernels.gsearch_for(name)
               for name in ("belote", "tarot", "tarocco", "tarot2", "smear", None)}
    assert len(kernels) == 6


def test_the_generic_kernel_serves_rules_a_copy_was_not_made_for(monkeypatch):
    from atout.solver import encoders
    monkeypatch.setattr(encoders, "TAROT_KEYMODE", 0)
    state = TAROT.new_state(TAROT.random_deal(1))
    assert codec_for(state).encode(state).gsearch is R.gsearch


def test_belote_same_full_deals_as_the_generic_kernel(monkeypatch):
    for seed in range(3):
        state = BELOTE.new_state(BELOTE.random_deal(50 + seed), trump="HSDC"[seed], taker=seed,
                                 variant=VARIANTS[seed])
        ours, theirs = both_kernels(state, monkeypatch, all_cards=True, line=False)
        assert (ours.value, ours.cards, ours.nodes) == (theirs.value, theirs.cards, theirs.nodes)


def test_tarot_same_full_deal_question_as_the_generic_kernel(monkeypatch):
    for seed in range(2):
        state = TAROT.new_state(TAROT.random_deal(60 + seed))
        ours = Solver(16).reaches(state, state.contract_target(), max_nodes=200_000)
        with monkeypatch.context() as m:
            m.setattr(game_kernels, "kernel_name", lambda rules: None)
            theirs = Solver(16).reaches(state, state.contract_target(), max_nodes=200_000)
        assert (ours.answer, ours.nodes) == (theirs.answer, theirs.nodes)


#: game -> (its engine, the first seed, how many endings, its contracts)
ENDINGS = {"belote": (BELOTE, 7000, 40, CONTRACTS), "tarot": (TAROT, 8000, 30, None),
           "tarocco": (TAROCCO, 9000, 30, None), "tarot2": (TAROT2, 10000, 30, {"first": [0, 1]}),
           "smear": (get_game("smear"), 11000, 40, None)}


@pytest.mark.parametrize("tricks", [2, 4, 6])
@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_same_values_and_nodes_as_the_generic_kernel(name, tricks, monkeypatch):
    game, first, count, contracts = ENDINGS[name]
    for seed in range(count):
        state = random_ending(game, first + 100 * tricks + seed, tricks, contracts)
        ours, theirs = both_kernels(state, monkeypatch, all_cards=True, line=False)
        assert (ours.value, ours.cards, ours.nodes) == (theirs.value, theirs.cards,
                                                         theirs.nodes), (seed, state)
        if tricks == 2:
            assert ours.cards == card_values(state), (seed, state)
