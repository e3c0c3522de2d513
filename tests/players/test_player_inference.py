"""Hard's inference from the auction (players/inference.py): the
probability that the other seats made their calls by the easy rule, on
hand-made hands, on real deals, and the search that uses it."""

import math
import random

import pytest

from atout.engine import get_game
from atout.engine.round import Round, View
from atout.players.inference import AuctionInference, auction_turns
from atout.players.search import SearchPlayer
from atout.players import EasyPlayer, make_player


def cards(game, text):
    deck = get_game(game).deck
    return [deck.parse_card(t) for t in text.split()]


def play_view(game, seat, auction, public):
    """A view of the play with only what the inference reads."""
    return View(game, seat, "play", seat, seat, (), (), tuple(auction), (), dict(public), {}, (), (), (None, ()))


def inference(view, slip=0.0):
    return AuctionInference(view, EasyPlayer(view.game), slip=slip)


# -- Belote: 5 of the 8 cards at bidding time --------------------------------------------

#: turned S7 (no points): the rule takes spades with SJ S9 (34 points, 3
#: trumps, 58 in all) and passes with one of them (at most 20 + 16 + 6 aces)
TURNED = "S7"
LOW = "H7 H8 D7 D8 C7 C8"


def belote_view(seat=0):
    turned = cards("belote", TURNED)[0]
    return play_view("belote", seat, [(0, "pass"), (1, "take")], {"turned": turned, "taker": 1, "trump": "S"})


def test_belote_taker_count_is_over_its_seven_other_cards():
    """The taker holds SJ S9 S7(turned) and 5 low cards: of the C(7,5) = 21
    bidding hands without the turned card, the rule takes with the C(5,3) =
    10 that hold SJ and S9."""
    inf = inference(belote_view())
    taker = cards("belote", "SJ S9 S7 H7 H8 D7 D8 C7")
    assert len(inf.bidding_hands(1, taker)) == 21
    assert inf.seat_probability(1, taker) == pytest.approx(10 / 21)


def test_belote_passer_count_is_over_its_eight_cards():
    """A passer with SJ S9 and 6 low cards: it would have taken with the
    C(6,3) = 20 of the C(8,5) = 56 hands holding both: 36 / 56 pass."""
    view = play_view("belote", 3, [(0, "pass"), (1, "pass"), (2, "take")],
                     {"turned": cards("belote", TURNED)[0], "taker": 2, "trump": "S"})
    inf = inference(view)
    passer = cards("belote", "SJ S9 " + LOW)
    assert len(inf.bidding_hands(0, passer)) == 56
    assert inf.seat_probability(0, passer) == pytest.approx(36 / 56)
    assert inf.seat_probability(1, cards("belote", "SA ST " + LOW)) == 1.0     # never takes


def test_belote_a_passer_who_would_have_taken_has_probability_zero():
    """Every 5 of SJ S9 SA ST SK SQ S8 + HA hold 3 trumps worth 58 or more
    with the turned S7: the rule takes with all; a passer cannot hold them."""
    view = belote_view(seat=1)        # seat 0 passed, seat 1 (the viewer) took
    inf = inference(view)
    strong = cards("belote", "SJ S9 SA ST SK SQ S8 HA")
    assert all(inf.calls_agree(0, h) is False for h in inf.bidding_hands(0, strong))
    assert inf.seat_probability(0, strong) == 0.0
    assert 1 not in inf.turns_by_seat           # the viewer's own calls are not inferred


def test_belote_with_a_slip_a_take_off_the_rule_weighs_the_slip():
    """A bolder bidder (``slip``): of the taker's 21 bidding hands the rule
    takes with 10 (weight 1); the 11 it would pass with weigh the slip."""
    inf = inference(belote_view(), slip=0.25)
    taker = cards("belote", "SJ S9 S7 H7 H8 D7 D8 C7")
    hands = inf.bidding_hands(1, taker)
    assert sorted(inf.call_weight(1, h) for h in hands) == [0.25] * 11 + [1.0] * 10
    assert inf.seat_probability(1, taker) == pytest.approx((10 + 11 * 0.25) / 21)
    assert not inf.calls_agree(1, next(h for h in hands if inf.call_weight(1, h) < 1))
    weak = cards("belote", "S8 " + LOW + " HA")           # no hand of these takes by the rule
    assert inf.seat_probability(1, weak) == pytest.approx(0.25)


def test_belote_with_a_slip_a_pass_off_the_rule_still_excludes_the_hand():
    """The slip is for bold calls only: a passer who would have taken with
    every hand it could hold stays impossible."""
    inf = inference(belote_view(seat=1), slip=0.25)
    strong = cards("belote", "SJ S9 SA ST SK SQ S8 HA")
    assert inf.seat_probability(0, strong) == 0.0


# -- Smear and tarot: the dealt hand ---------------------------------------------------------

def test_smear_passer_with_a_biddable_hand_has_probability_zero():
    view = play_view("smear", 0, [(0, "pass"), (1, "pass"), (2, "2"), (3, "pass")], {"bidder": 2, "bid": 2})
    inf = inference(view)
    strong = cards("smear", "SA SK SJ ST S9 S7")      # ace, jack kept, length, low: 4
    weak = cards("smear", "H9 HT DJ DQ CK C9")        # no ace, no low, no length
    assert inf.seat_probability(1, strong) == 0.0
    assert inf.seat_probability(1, weak) == 1.0
    assert inf.seat_probability(2, weak) == 0.0       # the bidder of 2 holds something
    assert inf.seat_probability(2, cards("smear", "SA S7 H9 HT DJ DQ")) == 1.0   # ace and low: 2
    assert inf.seat_probability(2, strong) == 0.0     # it would have bid 4


def test_smear_with_a_widow_the_bidders_calls_are_not_used():
    view = play_view("smear", 0, [(0, "pass"), (1, "3"), (2, "pass"), (3, "pass")],
                     {"bidder": 1, "bid": 3, "widow": 2, "trump": "S"})
    inf = inference(view)
    assert sorted(inf.turns_by_seat) == [2, 3]


def test_tarot_passer_with_a_take_hand_has_probability_zero():
    view = play_view("tarot", 0, [(0, "pass"), (1, "take"), (2, "pass"), (3, "pass")],
                     {"taker": 1, "contract": "take"})
    inf = inference(view)
    turns = auction_turns(view)
    assert [t[3] for t in turns] == ["pass", "take", "pass", "pass"]
    assert [a.token for a in turns[2][2]][:2] == ["pass", "guard"]     # take is no longer legal
    strong = cards("tarot", "21 1 EX 20 19 18 17 16 15 14 SK HK DK CK S1 S2 S3 S4")
    weak = cards("tarot", "2 3 S1 S2 S3 S4 S5 S6 H1 H2 H3 H4 H5 H6 D1 D2 D3 D4")
    assert inf.seat_probability(2, strong) == 0.0
    assert inf.seat_probability(2, weak) == 1.0
    assert inf.seat_probability(1, weak) == 0.0       # the taker holds a take


# -- real deals: the truth is always possible; the early stop is exact --------------------------

def easy_auction(game, seed):
    rnd = Round.new(game, seed=seed)
    easy = make_player(game, "easy")
    while rnd.phase not in ("play", "over"):
        rnd.apply(easy.decide(rnd.view(rnd.to_act)))
    return rnd if rnd.phase == "play" else None


@pytest.mark.parametrize("game", ["belote", "smear", "tarot"])
def test_the_true_deal_is_possible_from_every_seat(game):
    """Deals bid by the easy rule: from every seat, the real deal has a
    probability above zero (and some drawn deals have less)."""
    checked = 0
    for seed in range(12):
        rnd = easy_auction(game, seed)
        if rnd is None:
            continue
        for seat in range(4):
            view = rnd.view(seat)
            inf = inference(view)
            truth = rnd.state.deal
            assert inf.likelihood(truth) > 0, (seed, seat)
            checked += 1
    assert checked >= 8


@pytest.mark.parametrize("game, slip", [("belote", 0.0), ("smear", 0.0), ("belote", 0.3), ("smear", 0.3)])
def test_accepts_is_a_draw_below_the_likelihood(game, slip):
    rng = random.Random(5)
    compared = rejected = 0
    for seed in range(10):
        rnd = easy_auction(game, seed)
        if rnd is None:
            continue
        view = rnd.view(seed % 4)
        model = get_game(game).sampling_model(view.known_deal, view.played, dict(view.contract))
        inf = inference(view, slip)
        for i in range(15):
            full, _ = model.sample(random.Random(i))
            u = rng.random()
            accepted = inf.accepts(full, u)
            assert accepted == (u < inf.likelihood(full))
            compared += 1
            rejected += not accepted
    assert compared >= 30 and rejected > 0


# -- the search ------------------------------------------------------------------------------

def test_hard_accepts_only_deals_the_auction_allows(monkeypatch):
    """Every deal hard scores its cards on could have given the auction."""
    rnd = easy_auction("belote", 3)
    view = rnd.view(rnd.to_act)
    inf = inference(view)
    seen = []
    player = SearchPlayer("belote", 0, level="hard", samples=6, exact_tricks=0)
    original = player.values_on

    def record(state, legal, **options):
        seen.append(state.deal)
        return original(state, legal, **options)

    monkeypatch.setattr(player, "values_on", record)
    player.card_values(view)
    assert len(seen) == player.last_deals <= 6 and player.last_attempts > len(seen)
    assert all(inf.likelihood(deal) > 0 for deal in seen)


def test_with_think_the_auction_filter_gives_way_at_the_deadline(monkeypatch):
    """An auction no drawn deal fits does not hold a thinking player past
    its deadline: once it passes with no deal kept, the next deal drawn is
    scored as drawn, and the decision ends on it (the draws' own cap,
    here made endless, never comes into it)."""
    import time
    rnd = easy_auction("belote", 3)
    view = rnd.view(rnd.to_act)
    monkeypatch.setattr("atout.players.search.ATTEMPTS_PER_SAMPLE", 10**9)
    start = time.perf_counter()

    def refuse(self, deal, draw):
        assert time.perf_counter() - start < 30, "the draws went on long past the deadline"
        return False

    monkeypatch.setattr(AuctionInference, "accepts", refuse)
    player = SearchPlayer("belote", 0, level="hard", think=0.2)
    values = player.card_values(view)
    assert set(values) == {a.value for a in view.legal}
    assert player.last_deals == 1 and player.last_attempts > 1


@pytest.mark.parametrize("game", ["belote", "smear"])
def test_hard_with_inference_plays_legally_and_deterministically(game):
    def play(seed):
        rnd = Round.new(game, seed=seed)
        players = [make_player(game, "hard" if s % 2 == 0 else "easy", seed=s, samples=2, max_nodes=20_000,
                               exact_tricks=3) for s in range(4)]
        while not rnd.is_over():
            view = rnd.view(rnd.to_act)
            action = players[rnd.to_act].decide(view)
            assert action in view.legal
            rnd.apply(action)
        return [a.token for a in rnd.actions]
    first = play(3)
    assert len(first) > 20 and play(3) == first


def test_the_inference_from_the_play_weighs_a_deal_by_the_rule_s_cards():
    """A drawn deal counts ``slip`` for each card another seat played off
    the easy rule: the weight is a power of ``slip``, 1 when every card
    followed the rule, and hard's decision with it stays deterministic."""
    from atout.players.inference import PlayInference
    rnd = Round.new("bridge", seed=3)
    easy = make_player("bridge", "easy", seed=0)
    while len(rnd.view(0).played) < 12:
        rnd.apply(easy.decide(rnd.view(rnd.to_act)))
    view = rnd.view(rnd.to_act)
    inference = PlayInference(view, EasyPlayer("bridge"), 0.5)
    assert view.seat not in inference.seats
    game = get_game("bridge")
    model = game.sampling_model(view.known_deal, view.played, dict(view.contract))
    rng = random.Random(2)
    weights = set()
    for _ in range(20):
        full, contract = model.sample(rng)
        state, weight = inference.state_and_weight(full, view.played, contract)
        assert state.played == game.state_after(full, view.played, **contract).played
        off = round(math.log(weight, 0.5))
        assert weight == 0.5 ** off and 0 <= off <= len(view.played)
        weights.add(weight)
    assert len(weights) > 1           # the deals differ in how well they explain the play
    player = SearchPlayer("bridge", 0, level="hard", samples=4, play_inference=50)
    assert player.play_slip == 0.5
    assert player.card_values(view) == SearchPlayer("bridge", 0, level="hard", samples=4,
                                                    play_inference=50).card_values(view)
    assert SearchPlayer("bridge", 0, level="hard").play_slip == 0.0      # off unless a match keeps it


def _belote_view_late(seed, cards_played):
    """A Belote round played by the easy rule until ``cards_played`` cards
    are down, and the view of the seat to act (the first deal from
    ``seed`` on that is not passed out)."""
    easy = make_player("belote", "easy", seed=0)
    for deal in range(seed, seed + 50):
        rnd = Round.new("belote", seed=deal)
        while not rnd.is_over() and (rnd.view(0).phase != "play" or len(rnd.view(0).played) < cards_played):
            rnd.apply(easy.decide(rnd.view(rnd.to_act)))
        if not rnd.is_over():
            return rnd.view(rnd.to_act)
    raise AssertionError("every deal passed out")


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_the_inference_by_values_weighs_a_deal_by_the_cost_of_the_cards_played(seed):
    """``ValueInference`` judges the last ``window`` cards the other seats
    played with a choice: a deal weighs ``exp(-loss / temperature)``, loss
    what each card gave up against the seat's best on that deal. Checked
    against the naive minimax (``engine.search``) as the judge, and hard's
    own judge (the solver) gives the naive search's values."""
    from atout.engine.search import card_values as naive_card_values
    from atout.players.inference import ValueInference

    game = get_game("belote")
    view = _belote_view_late(seed, 25)          # 6 tricks and a card played: the judged plays are the last 3 tricks' cards

    def naive_judge(state):
        sign = 1 if state.maximizing(state.to_play) else -1
        return {card: sign * value for card, value in naive_card_values(state).items()}

    inference = ValueInference(view, 10, 3, naive_judge)
    assert view.seat not in inference.seats
    model = game.sampling_model(view.known_deal, view.played, dict(view.contract))
    rng = random.Random(seed)
    player = SearchPlayer("belote", 0, level="hard", value_inference=10)
    weights = set()
    for _ in range(6):
        full, contract = model.sample(rng)
        state, weight = inference.state_and_weight(full, view.played, contract)
        assert state.played == game.state_after(full, view.played, **contract).played
        # the loss, recounted here on a replay of the play
        replay = game.new_state(full, **contract)
        choices = []
        for index, card in enumerate(view.played):
            if replay.to_play in inference.seats and len(replay.legal_cards()) > 1:
                choices.append(index)
            replay.play(card)
        replay = game.new_state(full, **contract)
        losses = []
        for index, card in enumerate(view.played):
            if index in choices[-3:]:
                values = naive_judge(replay)
                losses.append(max(values.values()) - values[card])
                assert player.judged_values(replay) == values       # the solver's judge is exact
            replay.play(card)
        assert weight == pytest.approx(math.exp(-sum(losses) / 10))
        assert 0.0 < weight <= 1.0
        weights.add(round(weight, 9))
        if weight < 1.0:
            lighter = (full, contract, state, weight)
    assert ValueInference(view, 10, 0, naive_judge).state_and_weight(full, view.played, contract)[1] == 1.0
    # with ``tricks``, judged only once at most that many tricks are left
    full, contract, state, weight = lighter
    tricks_left = state.tricks_left
    for tricks, judged in ((tricks_left, True), (tricks_left - 1, False)):
        later = ValueInference(view, 10, 3, naive_judge, tricks).state_and_weight(full, view.played, contract)
        assert later[1] == (weight if judged else 1.0)
        assert later[0].played == state.played


def test_the_inference_by_values_is_off_by_default_and_deterministic():
    view = _belote_view_late(4, 13)
    assert SearchPlayer("belote", 0, level="hard").value_temperature == 0
    assert SearchPlayer("belote", 0, level="hard", baseline=1, value_inference=10).value_temperature == 10
    values = SearchPlayer("belote", 0, level="hard", samples=6, value_inference=10).card_values(view)
    assert set(values) == {a.value for a in view.legal}
    assert values == SearchPlayer("belote", 0, level="hard", samples=6, value_inference=10).card_values(view)
    # a deal the play makes unlikely counts less: the values differ from the unweighted mean
    plain = SearchPlayer("belote", 0, level="hard", samples=6).card_values(view)
    assert plain != values


def test_the_call_slip_is_an_option_of_hard_off_by_default_and_in_the_baseline():
    from atout.engine.errors import OptionError
    from atout.players.match import parse_player
    assert SearchPlayer("belote", 0, level="hard").call_slip == 0.0
    assert SearchPlayer("belote", 0, level="hard", baseline=1).call_slip == 0.0
    assert SearchPlayer("belote", 0, level="hard", call_slip=30).call_slip == pytest.approx(0.3)
    assert parse_player("hard:call_slip=30").options == (("call_slip", 30),)
    with pytest.raises(OptionError, match="call_slip"):
        SearchPlayer("belote", 0, level="hard", call_slip=130)


def test_hard_takes_where_the_rule_passes_and_only_a_slip_keeps_the_true_deal():
    """Seed 1005, four hard players: seat 1 takes with a hand the rule passes
    with (hard scores its calls), so by the rule alone the real deal is
    impossible for its left-hand opponent; with a slip it weighs the slip."""
    rnd = Round.new("belote", 1005)
    players = [make_player("belote", "hard", seed=1005) for _ in range(4)]
    while rnd.phase == "auction":
        rnd.apply(players[rnd.to_act].decide(rnd.view(rnd.to_act)))
    view = rnd.view(2)
    assert view.auction == ((0, "pass"), (1, "take"))
    assert inference(view).likelihood(rnd.state.deal) == 0.0
    slipped = inference(view, slip=0.3)
    assert slipped.likelihood(rnd.state.deal) == pytest.approx(0.3)
