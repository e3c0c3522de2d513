"""analyse and bid on full tarot, tarocco and tarot2 deals (issue 9, section
2): a warning before the work, and by default only the contract's question,
which a full deal can answer, instead of values it cannot."""

import json
import random

import pytest

from atout.engine import get_game
from atout.solver import Solver
from atout.analysis.partial import DEEP_SAMPLES, analyse, contract_answers, is_deep

from cli_run import run

TAROT = get_game("tarot")
HAND = "C853.C8653.QC2.Q.20,19,17,12,11"
PARTIAL = f"{HAND} ? ? ?"


def test_full_deals_of_the_tarot_family_are_deep_and_endings_are_not():
    for name in ("tarot", "tarocco", "tarot2"):
        game = get_game(name)
        state = game.new_state(game.random_deal(1))
        assert is_deep(state)
        while not state.is_over() and is_deep(state):
            state.play(state.legal_cards()[0])
        assert sum(len(h) for h in state.hands) <= {"tarot": 40, "tarocco": 40, "tarot2": 32}[name]
    for name in ("belote", "bridge", "smear"):
        game = get_game(name)
        assert not is_deep(game.new_state(game.random_deal(1)))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_contract_answers_agree_with_the_exact_values(seed):
    """On a shallow position, each card's contract answer matches its exact
    value (made exactly when the value reaches the target)."""
    state = TAROT.new_state(TAROT.random_deal(seed), contract="guard_against")
    rng = random.Random(seed)
    while sum(len(h) for h in state.hands) > 20:
        state.play(rng.choice(state.legal_cards()))
    target = state.contract_target()
    exact = Solver().solve(state, all_cards=True, line=False).cards
    bounds, nodes = contract_answers(state, target, Solver(), None)
    assert set(bounds) == set(exact) and nodes > 0
    for card, value in exact.items():
        lo, hi = bounds[card]
        assert lo <= value <= hi and (lo >= target) == (value >= target)


def test_analyse_asks_only_the_contract_on_a_full_deal():
    started = []
    result = analyse("tarot", PARTIAL, samples=2, workers=1, max_nodes=300,
                     contract={"contract": "guard_against"}, on_start=started.append)
    assert started == [result] and result.contract_only
    least, most = -112, 110
    for sample in result.samples:
        assert sample.score is None
        for lo, hi in sample.bounds.values():
            assert (lo, hi) in ((0, most), (least, -1), (least, most))
    values = analyse("tarot", PARTIAL, samples=1, workers=1, max_nodes=300,
                     contract={"contract": "guard_against"}, contract_only=False)
    assert not values.contract_only


def test_analyse_command_warns_first_and_defaults_to_fewer_samples(capsys):
    code, out, err = run(capsys, "analyse", "--game", "tarot", PARTIAL, "--contract", "guard_against",
                         "--workers", "1", "--max-nodes", "50", "--json")
    assert code == 0, err
    assert err.startswith("atout: note: a tarot position this deep") and "--values" in err
    data = json.loads(out)
    assert data["contract_only"] and data["samples_requested"] == DEEP_SAMPLES
    code, out, err = run(capsys, "analyse", "--game", "tarot", PARTIAL, "--contract", "guard_against",
                         "--workers", "1", "--max-nodes", "50", "--samples", "1", "--values", "--json")
    assert code == 0 and "note" not in err and not json.loads(out)["contract_only"]


def test_bid_asks_only_the_contract_on_a_full_deal(capsys):
    code, out, err = run(capsys, "bid", "--game", "tarot", "--seat", "0", HAND, "--workers", "1",
                         "--max-nodes", "50", "--json")
    assert code == 0, err
    assert err.startswith("atout: note: a full tarot deal") and "--values" in err
    data = json.loads(out)
    assert data["contract_only"] and data["samples_requested"] == 20
    assert all(b["score"] is None for b in data["bids"] if b["contract"])
    assert data["recommendation"]["bid"] is None and "P(made)" in data["recommendation"]["reason"]
    assert data["nodes"] > 0


def test_bid_on_belote_keeps_its_scores(capsys):
    code, out, err = run(capsys, "bid", "--game", "belote", "--seat", "0", "KQ.J.8.9", "--turned",
                         "H9", "--workers", "1", "--samples", "2", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert not data["contract_only"] and "note" not in err
