"""hard's Belote calls (players/calls.py): the score of a contract
from its double-dummy value, the auction replayed by the bots' rule, and
the call itself (legal, deterministic)."""

import random

import pytest

from atout.engine import get_game
from atout.engine.round import Round
from atout.solver import Solver
from atout.players.calls import BeloteCalls, SmearCalls, _contract_after, _fits_auction, _replayed, \
    belote_score_difference, search_call
from atout.players import EasyPlayer

BELOTE = get_game("belote")


@pytest.mark.parametrize("seed", range(150))
def test_the_score_from_the_value_is_the_engines_score(seed):
    """Random deals played out at random: the score difference computed from
    the taker's card points alone equals the engine's score (Belote-Rebelote,
    made or failed, capot)."""
    rng = random.Random(seed)
    state = BELOTE.new_state(BELOTE.random_deal(seed), trump=rng.choice("SHDC"), taker=rng.randrange(4))
    start = state.clone()
    while not state.is_over():
        state.play(rng.choice(state.legal_cards()))
    value = state.objective()
    if value == 0 and state.tricks_won(state.max_side) > 0:
        pytest.skip("a trick of no points and nothing else: the value alone cannot tell")
    score = state.score()["scores"]
    for side in (0, 1):
        assert belote_score_difference(start, value, side) == (score[side] - score[1 - side]) / 2


def test_the_score_of_a_capot_and_of_a_failed_contract():
    state = BELOTE.new_state(BELOTE.random_deal(3), trump="H", taker=0)
    br = [state.belote_rebelote(s) for s in (0, 1)]
    assert belote_score_difference(state, 252, 0) == (252 + br[0] - br[1]) / 2
    assert belote_score_difference(state, 0, 1) == (252 + br[0] + br[1]) / 2
    assert belote_score_difference(state, 40, 1) == (162 + br[0] + br[1]) / 2


def _model(cls, game, seed, seat=0):
    """A calls model for seat ``seat`` of a random deal, and that deal as its world."""
    rnd = Round.new(game, seed=seed)
    view = rnd.view(seat)
    model = cls(view, EasyPlayer(game))
    if game == "belote":
        bidding = rnd.deal
        return model, ([sorted(h.cards) for h in bidding.hands], list(bidding.stock))
    return model, ([sorted(rnd.deal.hand(s)) for s in range(4)], sorted(rnd.deal.extra("undealt")))


@pytest.mark.parametrize("game, cls", [("belote", BeloteCalls), ("smear", SmearCalls)])
def test_the_auction_replayed_by_the_rule(game, cls):
    for seed in range(40):
        model, world = _model(cls, game, seed)
        hands = world[0]
        # the whole auction by the rule, as the bots call it
        auction, calls = model.new_auction(), []
        while not auction.is_over():
            seat = auction.to_speak
            call = model.rule(hands[seat], auction)
            calls.append((seat, call))
            auction.call(call)
        expected = model.contract(auction)
        # seat 0's first call made by the rule: the rest follows
        assert _contract_after(model, world, [], calls[0][1]) == expected
        # the calls fit the hands that made them (seat 0's own are not checked)
        assert _fits_auction(model, world, calls)
        # seat 1 with seat 2's cards: a call the rule would not make does not fit
        swapped = (hands[:1] + [hands[2], hands[1]] + hands[3:], world[1])
        if len(calls) > 1 and model.rule(hands[2], _replayed(model, calls[:1])) != calls[1][1]:
            assert not _fits_auction(model, swapped, calls)


@pytest.mark.parametrize("game", ["belote", "smear", "tarot"])
def test_hard_calls_are_legal_and_deterministic(game):
    solver = Solver(16)
    for seed in range(3):
        rnd = Round.new(game, seed=seed)
        view = rnd.view(rnd.to_act)
        first = search_call(view, EasyPlayer(game), solver, f"t/{seed}", samples=3)
        assert first in [a.token for a in view.legal]
        assert search_call(view, EasyPlayer(game), solver, f"t/{seed}", samples=3) == first


def test_a_smear_contract_is_scored_by_the_engine():
    """The Smear score of a contract is the engine's, on the solver's line."""
    model, world = _model(SmearCalls, "smear", 5)
    game = get_game("smear")
    state = game.new_state(game.deal_from(world[0], {"undealt": world[1]}), bidder=1, bid=2)
    result = Solver().solve(state)
    final = state.clone()
    for card in result.line:
        final.play(card)
    scores = final.score()["scores"]
    assert model.score(world, (1, 2), Solver(), 400_000) == (scores[0] - scores[1]) / 2


def test_a_tarot_contract_is_scored_by_playing_the_deal_out():
    """A tarot contract's score for the caller: the deal played to its end by
    the greedy playout, the taker discarding by the rule; the engine scores it."""
    from atout.analysis.bid_planners import tarot_discard
    from atout.players.calls import TarotCalls
    from atout.players.playout import playout
    game = get_game("tarot")
    rnd = Round.new("tarot", seed=3)
    model = TarotCalls(rnd.view(0), EasyPlayer("tarot"))
    world = ([sorted(rnd.deal.hand(s)) for s in range(4)], sorted(rnd.deal.extra("dog")))
    for contract in ("take", "guard_against"):
        discard = tarot_discard(set(world[0][2]) | set(world[1])) if contract == "take" else None
        state = game.new_state(rnd.deal, taker=2, contract=contract, discard=discard)
        playout(state, "tarot")
        assert model.score(world, (2, contract), None, 0) == state.score()["scores"][0]
    # hard's (``playout_to``): the playout stops 2 tricks from the end and the
    # solver's line plays the rest: the deal ends at the ending's exact value
    from atout.engine.search import minimax
    finished = TarotCalls(rnd.view(0), EasyPlayer("tarot"), playout_to=2)
    for contract in ("take", "guard_against"):
        discard = tarot_discard(set(world[0][2]) | set(world[1])) if contract == "take" else None
        state = game.new_state(rnd.deal, taker=2, contract=contract, discard=discard)
        playout(state, "tarot", 2)
        value = minimax(state)
        ended = []

        class Watched:
            def solve(self, s, **options):
                result = Solver(16).solve(s, **options)
                ended.append(s)
                return result
        score = finished.score(world, (2, contract), Watched(), 400_000)
        end = ended[0]
        assert end.is_over() and end.objective() == value
        assert score == end.score()["scores"][0]
    # the tarot auction replayed by the rule reaches the rule's contract
    auction, calls = model.new_auction(), []
    while not auction.is_over:
        call = model.rule(world[0][auction.to_speak], auction)
        calls.append((auction.to_speak, call))
        auction.call(call)
    assert _contract_after(model, world, [], calls[0][1]) == model.contract(auction)
    assert _fits_auction(model, world, calls)


def test_hard_options_pin_todays_hard_and_turn_a_part_off():
    """``baseline=1`` is hard as it was before the changes being measured;
    ``inference=0/1`` and ``bid_samples`` turn a part off or on alone."""
    from atout.players import SearchPlayer
    from atout.players.match import parse_player
    new = SearchPlayer("tarot", level="hard", inference=1, bid_samples=24)
    old = SearchPlayer("tarot", level="hard", baseline=1)
    assert "tarot" in new.inference_games and new.bid_samples == 24
    assert "tarot" not in old.inference_games and old.bid_samples == 0
    assert SearchPlayer("tarot", level="hard").decision_nodes and old.decision_nodes is None
    # tarot's early cards: today's hard plays the deal out to the end, the new one solves its last 6 tricks
    assert SearchPlayer("tarot", level="hard").playout_to == 6 and old.playout_to == 0
    assert SearchPlayer("tarocco", level="hard", baseline=1).playout_to == 7
    assert SearchPlayer("tarot", level="hard", baseline=1, playout_to=6).playout_to == 6
    assert SearchPlayer("belote", level="hard", baseline=1).bid_samples > 0    # Belote's calls were there
    assert "tarot" not in SearchPlayer("tarot", level="hard", inference=0).inference_games
    assert "tarot" in SearchPlayer("tarot", level="hard", baseline=1, inference=1).inference_games
    spec = parse_player("hard:baseline=1;inference=1")
    assert spec.options == (("baseline", 1), ("inference", 1))


def test_a_call_margin_holds_back_every_call_but_a_pass():
    """``margin`` is taken off each deal's score of every call but a pass:
    0 is the search as it was; a margin beyond any score difference leaves
    only the pass (or the rule's call where a pass does not beat it), and a
    negative one past every score makes the player call whenever it may."""
    solver = Solver(16)
    seen = set()
    for seed in range(12):
        rnd = Round.new("belote", seed=seed)
        view = rnd.view(rnd.to_act)
        args = (view, EasyPlayer("belote"), solver, f"t/{seed}")
        plain = search_call(*args, samples=6)
        assert search_call(*args, samples=6, margin=0) == plain
        assert search_call(*args, samples=6, margin=1000) == "pass"
        eager = search_call(*args, samples=6, margin=-1000)
        assert eager != "pass"
        seen.add(plain)
    assert len(seen) > 1        # the deals give the plain search more than one call


def test_hard_scores_its_smear_bids_less_a_margin_and_the_baseline_bids_by_the_rule():
    """Smear: hard scores its bids on drawn deals, each call but a pass
    giving up ``CALL_MARGIN`` (1 point) first; today's hard (the baseline)
    bids by the rule. The margin changes some bids of the search."""
    from atout.players.calls import CALL_MARGIN
    from atout.players.search import SearchPlayer
    hard = SearchPlayer("smear", 0, level="hard")
    assert hard.bid_samples == 24 and hard.call_margin is None and CALL_MARGIN["smear"] == 1
    assert SearchPlayer("smear", 0, level="hard", baseline=1).bid_samples == 0
    solver = Solver(16)
    differs = 0
    for seed in range(30):
        rnd = Round.new("smear", seed=seed)
        view = rnd.view(rnd.to_act)
        args = (view, EasyPlayer("smear"), solver, f"t/{seed}")
        differs += search_call(*args, samples=8) != search_call(*args, samples=8, margin=0)
    assert differs > 0


def test_the_call_margin_is_an_option_of_hard_and_none_in_the_baseline():
    from atout.players.match import parse_player
    from atout.players.search import SearchPlayer
    assert SearchPlayer("belote", 0, level="hard").call_margin is None        # calls.CALL_MARGIN
    assert SearchPlayer("belote", 0, level="hard", baseline=1).call_margin == 0.0
    assert SearchPlayer("belote", 0, level="hard", call_margin=40).call_margin == 40.0
    assert parse_player("hard:call_margin=40").options == (("call_margin", 40),)


def test_search_call_details_give_each_calls_mean_and_the_rule():
    solver = Solver(16)
    rnd = Round.new("belote", seed=3)
    view = rnd.view(rnd.to_act)
    details: dict = {}
    token = search_call(view, EasyPlayer("belote"), solver, "t/3", samples=6, margin=25, details=details)
    assert set(details["means"]) == {a.token for a in view.legal}
    assert details["rule"] in details["means"]
    plain: dict = {}
    search_call(view, EasyPlayer("belote"), solver, "t/3", samples=6, details=plain)
    for call, mean in plain["means"].items():           # the means before the margin
        assert details["means"][call] == pytest.approx(mean)
    assert token in details["means"]


def test_the_call_calibration_bench_sets_each_calls_mean_against_the_deal(capsys):
    """bench/call_calibration.py (docs/STRENGTH.md's figures): every searched
    call of the deals played, with the deal's result for its seat."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import call_calibration
    records = call_calibration.play("belote", range(2), call_calibration.parse_player("hard:samples=4"))
    assert records and all({"call", "means", "rule", "realized", "deal"} <= set(r) for r in records)
    for r in records:
        assert r["call"] in r["means"] and r["deal"] in (0, 1)
    call_calibration.report(records)
    assert "the passes" in capsys.readouterr().out
