"""Review of a played deal: the value after every card, and the cards that
gave value away."""

import json
import random
import subprocess
import sys

import pytest

from atout.engine import get_game
from atout.engine.search import minimax
from atout.analysis.review import review

BRIDGE = get_game("bridge")
PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"


def ending_and_play(seed, tricks_left=3):
    """A bridge state with a few tricks left and a random continuation."""
    deal = BRIDGE.random_deal(seed)
    state = BRIDGE.new_state(deal, declarer="S", strain="H")
    rng = random.Random(seed)
    while state.tricks_left > tricks_left:
        state.play(rng.choice(state.legal_cards()))
    rest = state.clone()
    played = []
    while not rest.is_over():
        card = rng.choice(rest.legal_cards())
        rest.play(card)
        played.append(card)
    return state, played


@pytest.mark.parametrize("seed", range(6))
def test_losses_are_the_drops_in_minimax_value_for_the_player(seed):
    state, played = ending_and_play(seed)
    result = review(state, played, solve_fn=minimax)
    st = state.clone()
    value = minimax(st)
    for reviewed, card in zip(result.cards, played):
        maximizing = st.maximizing()
        st.play(card)
        after = minimax(st)
        assert reviewed.card == card and reviewed.after == (after, after)
        expected = (value - after) if maximizing else (after - value)
        assert reviewed.loss == expected and expected >= 0
        value = after
    assert [c.card for c in result.mistakes] == [c.card for c in result.cards if c.loss]


def test_the_real_solver_agrees_with_the_naive_review():
    state, played = ending_and_play(11, tricks_left=4)
    naive = review(state, played, solve_fn=minimax)
    fast = review(state, played)
    assert [(c.before, c.after, c.loss) for c in fast.cards] == \
        [(c.before, c.after, c.loss) for c in naive.cards]


def run_atout(*args):
    return subprocess.run([sys.executable, "-m", "atout.cli.main", *args],
                          capture_output=True, text=True, timeout=300)


def test_review_command_reports_every_card_and_refuses_an_illegal_play():
    state, played = ending_and_play(3, tricks_left=3)
    before = state.played
    cards = BRIDGE.deck.format_cards(before + played)
    out = run_atout("review", "--game", "bridge", str(state.deal), "--played", cards,
                    "--declarer", "S", "--strain", "H", "--max-nodes", "20000", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data["cards"]) == 52
    # the last tricks are exact; where the node limit stopped the search the
    # answer is a pair of bounds, never a made-up number
    assert all(c["exact"] for c in data["cards"][-8:])
    for c in data["cards"]:
        if isinstance(c["value_after"], list):
            low, high = c["value_after"]
            assert low < high and not c["exact"] and c["loss"] is None or c["loss"] > 0
    bad = run_atout("review", "--game", "bridge", PBN, "--played", "SA SK",
                    "--declarer", "S", "--strain", "H")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "illegal play" in bad.stderr
