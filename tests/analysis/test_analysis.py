"""Analysis of partly known deals: sampling + solving + aggregation."""

import random
from dataclasses import replace

import pytest

from atout.engine import RuleError, get_game
from atout.engine.deal import Packet
from atout.engine.inference import replay
from atout.engine.search import card_values
from atout.analysis.partial import analyse, summarise, SampleResult
from atout.solver.testing import play_to

BRIDGE = get_game("bridge")


def ending(seed, tricks_left=3):
    """A bridge deal and the cards played until `tricks_left` tricks remain."""
    deal = BRIDGE.random_deal(seed)
    state = BRIDGE.new_state(deal, declarer="S", strain="NT", level=1)
    play_to(state, random.Random(seed), tricks_left, mid_trick=None)
    return deal, state.played, state


def view_of(deal, seats):
    return replace(deal, hands=tuple(h if s in seats else Packet(frozenset(), 13)
                                     for s, h in enumerate(deal.hands)))


def naive(state):
    values = card_values(state)
    return {c: (v, v) for c, v in values.items()}, None, 0


def exact_average(deal_view, played, contract):
    """The average of each card's value over EVERY consistent deal."""
    from itertools import combinations
    knowledge = replay(deal_view, played, **contract)
    from atout.engine.inference import sample_deal  # noqa: F401  (same constraints)
    seats = [s for s, h in enumerate(deal_view.hands) if h.unknown]
    known = deal_view.known_cards() | set(played)
    unseen = [c for c in BRIDGE.deck.cards if c not in known]
    gained = {s: set(knowledge.played_by(s)) - deal_view.known_cards() for s in seats}
    room = {s: deal_view.hands[s].unknown - len(gained[s]) for s in seats}
    a, b = seats
    totals, count = {}, 0
    for pick in combinations(unseen, room[a]):
        rest = [c for c in unseen if c not in pick]
        if set(pick) & knowledge.forbidden[a] or set(rest) & knowledge.forbidden[b]:
            continue
        hands = list(deal_view.hands)
        hands[a] = Packet(frozenset(pick) | gained[a])
        hands[b] = Packet(frozenset(rest) | gained[b])
        state = BRIDGE.state_after(replace(deal_view, hands=tuple(hands)), played, **contract)
        for c, v in card_values(state).items():
            totals[c] = totals.get(c, 0) + v
        count += 1
    return {c: t / count for c, t in totals.items()}


def test_sampled_means_agree_with_the_exact_average_over_all_consistent_deals():
    deal, played, state = ending(4, tricks_left=3)
    seat = state.to_play
    partner = (seat + 2) % 4
    view = view_of(deal, {seat, partner})
    contract = {"declarer": "S", "strain": "NT", "level": 1}
    exact = exact_average(view, played, contract)
    result = analyse("bridge", str(view), played, samples=400, seed=1, contract=contract, solve_fn=naive)
    assert result.samples_done == 400
    for summary in result.cards:
        assert summary.mean == pytest.approx(exact[summary.card], abs=4 * summary.stderr + 1e-9)
    assert set(exact) == {s.card for s in result.cards}


def test_same_seed_same_answer_and_different_seed_different_draws():
    deal, played, state = ending(7)
    view = view_of(deal, {state.to_play})
    contract = {"declarer": "S", "strain": "NT", "level": 1}
    a = analyse("bridge", str(view), played, samples=30, seed=5, contract=contract, solve_fn=naive)
    b = analyse("bridge", str(view), played, samples=30, seed=5, contract=contract, solve_fn=naive)
    assert [s.bounds for s in a.samples] == [s.bounds for s in b.samples]


def test_workers_do_not_change_the_answer():
    deal, played, state = ending(9, tricks_left=4)
    view = view_of(deal, {state.to_play})
    contract = {"declarer": "S", "strain": "NT", "level": 1}
    one = analyse("bridge", str(view), played, samples=12, seed=3, contract=contract, workers=1)
    two = analyse("bridge", str(view), played, samples=12, seed=3, contract=contract, workers=2)
    assert [s.bounds for s in one.samples] == [s.bounds for s in two.samples]
    assert [(c.card, c.mean, c.made) for c in one.cards] == [(c.card, c.mean, c.made) for c in two.cards]


def test_made_counts_and_unsettled_samples_are_reported_not_invented():
    samples = [SampleResult(0, {1: (3, 3), 2: (1, 4)}, 3, None, 0),
               SampleResult(1, {1: (2, 2), 2: (0, 1)}, 3, None, 0)]
    cards = {c.card: c for c in summarise(samples, maximizing=True)}
    assert (cards[1].made, cards[1].failed, cards[1].unsettled) == (1, 1, 0)
    assert cards[1].made_probability == 0.5 and cards[1].mean == 2.5
    assert (cards[2].made, cards[2].failed, cards[2].unsettled) == (0, 1, 1)
    assert cards[2].mean is None and cards[2].made_probability is None
    assert (cards[2].mean_lower, cards[2].mean_upper) == (0.5, 2.5)


def test_the_player_on_turn_must_be_known():
    deal, played, state = ending(4)
    view = view_of(deal, {(state.to_play + 1) % 4})
    with pytest.raises(RuleError, match="must be known"):
        analyse("bridge", str(view), played, samples=2, contract={"declarer": "S", "strain": "NT"},
                solve_fn=naive)


def test_analyse_command_on_a_tarot_defence_with_the_unseen_discard():
    """End to end with the real solver: a defender's view under a guard
    (dog shown, discard unseen), JSON and readable output."""
    import json
    import subprocess
    import sys
    game = get_game("tarot")
    deal = game.random_deal(1)
    state = play_to(game.new_state(deal, taker=1, contract="guard"), random.Random(1), 3, mid_trick=None)
    played = state.played
    me = state.to_play
    view = replace(deal, hands=tuple(h if s == me else Packet(frozenset(), 18) for s, h in enumerate(deal.hands)))
    args = [sys.executable, "-m", "atout.cli.main", "analyse", "--game", "tarot", game.format_deal(view),
            "--played", game.deck.format_cards(played), "--taker", "1", "--contract", "guard",
            "--samples", "6", "--workers", "1"]
    out = subprocess.run(args + ["--json"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["samples"] == 6 and data["seat"] == me
    assert {c["card"] for c in data["cards"]} == {game.deck.token(c) for c in state.legal_cards()}
    assert all(c["made"] + c["failed"] + c["unsettled"] == 6 for c in data["cards"])
    assert isinstance(data["expected_score"]["mean"], float)
    text = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert text.returncode == 0 and "chosen seeing all hands" in text.stdout, text.stderr


def test_the_boolean_question_settles_the_contract_where_the_bounds_do_not():
    """Under a tiny node limit the bounds straddle the target; the yes/no
    search narrows them, and never contradicts the exact values."""
    from atout.solver import Solver, solve
    from atout.analysis.partial import settle_contract
    settled = 0
    for seed in range(12):
        deal, played, state = ending(seed, tricks_left=6)
        exact = solve(state, all_cards=True, line=False).cards
        loose = {c: (0, 13) for c in exact}
        target = state.contract_target()
        narrowed = settle_contract(state, loose, target, Solver(), max_nodes=None)
        for card, (lo, hi) in narrowed.items():
            assert lo <= exact[card] <= hi
            assert (lo >= target) == (exact[card] >= target) and (hi < target) == (exact[card] < target)
            settled += 1
    assert settled > 0


def test_node_limited_samples_report_bounds_and_counts_not_numbers():
    deal, played, state = ending(3, tricks_left=9)
    view = view_of(deal, {state.to_play})
    result = analyse("bridge", str(view), played, samples=4, seed=2, max_nodes=50,
                     contract={"declarer": "S", "strain": "NT", "level": 1})
    for card in result.cards:
        assert card.made + card.failed + card.unsettled == 4
        if card.exact_samples < 4:
            assert card.mean is None and card.mean_lower <= card.mean_upper
