"""players/signals.py: bridge defenders' count signals, given among the
cards worth the best and read by the partner as a weight on drawn deals."""

import pytest

from atout.engine import OptionError, get_game
from atout.players import make_player
from atout.players.signals import SignalInference, count_card, signal, signal_cards

GAME = get_game("bridge")
C = GAME.deck.parse_card
# N, E, S, W against 3NT by South: West is on lead
DEAL = "N:AKQ.AKQ.AKQ.AKQ2 JT9.JT9.JT9.JT98 876.876.876.7654 5432.5432.5432.3"


def cards(text):
    return [C(t) for t in text.split()]


def test_count_is_the_highest_small_card_with_an_even_holding_the_lowest_with_an_odd_one():
    assert count_card(cards("C7 C2"), 2) == C("C7")
    assert count_card(cards("C7 C5 C2"), 3) == C("C2")
    assert count_card(cards("C9 C7 C5 C2"), 4) == C("C9")


def test_a_signal_follows_the_suit_led_for_the_first_time_with_small_cards_that_do_not_win():
    trick, hand = cards("CK"), cards("CA C9 C7 C2 S3")
    # the ace beats the king, the small ones do not
    assert signal_cards(trick, hand, set(), None, hand) == cards("C2 C7 C9")
    assert signal_cards(trick, hand, {C("C3") >> 4}, None, hand) == []        # played to clubs before
    assert signal_cards(cards("DK"), hand, set(), None, hand) == []           # void: a discard
    assert signal_cards(cards("C3 S2"), hand, set(), 0, hand) == cards("C2 C7 C9")  # trumped: none wins
    assert signal_cards(cards("C8"), cards("CT C9 C7 C2"), set(), None, cards("CT C9 C7 C2")) == cards("C2 C7")
    assert signal_cards((), hand, set(), None, hand) == []                    # a lead is no signal


def test_a_signal_is_given_among_tied_cards_only():
    hand = cards("C9 C7 C2 S3")         # three clubs: the lowest
    assert signal(cards("CK"), hand, set(), None, cards("C9 C7 C2")) == C("C2")
    assert signal(cards("CK"), hand, set(), None, cards("C9 C7")) == C("C7")
    assert signal(cards("CK"), hand, set(), None, cards("C9")) is None        # one tied card: no choice
    even = cards("C9 C2 S3")
    assert signal(cards("CK"), even, set(), None, cards("C9 C2")) == C("C9")


def test_the_partner_reads_the_signal_as_a_weight_on_each_drawn_deal():
    # West leads a club, dummy wins with the ace, East follows from J T 9 8:
    # four clubs, even, so its count card is the nine (the jack and ten are
    # not small cards)
    deal = GAME.parse_deal(DEAL)
    contract = {"declarer": "S", "strain": "NT"}
    reader = SignalInference(GAME, 3, 0.25)
    assert reader.state_and_weight(deal, cards("C3 CA C9"), contract)[1] == 1.0
    assert reader.state_and_weight(deal, cards("C3 CA C8"), contract)[1] == 0.25
    # the declarer's cards and West's own are not read
    assert reader.state_and_weight(deal, cards("C3 CA C9 C4"), contract)[1] == 1.0
    assert SignalInference(GAME, 1, 0.25).state_and_weight(deal, cards("C3 CA C8"), contract)[1] == 1.0


def test_signals_are_bridges_and_off_for_the_baseline():
    with pytest.raises(OptionError, match="signals"):
        make_player("belote", "hard", signals=30)
    assert make_player("bridge", "hard", signals=30).signal_slip == 0.3
    assert make_player("bridge", "hard", baseline=1).signal_slip == 0.0


def test_a_defender_signals_among_its_cards_worth_the_best_and_a_declarer_never():
    from atout.engine.round import Round
    rnd = Round("bridge", 0, DEAL, None, {"declarer": "S", "strain": "NT", "level": 3})
    rnd.apply("C3")
    rnd.apply("CA")
    east = rnd.view(1)
    player = make_player("bridge", "hard", signals=30)
    values = {a.value: 0.0 for a in east.legal}
    assert player.best_card(east, values) == C("C9")        # four clubs: high
    assert player.best_card(east, {**values, C("C9"): -0.5}) != C("C9")
    baseline = make_player("bridge", "hard")
    assert baseline.best_card(east, values) == C("C8")      # no signal: the lowest card
    rnd.apply("C9")
    south = rnd.view(2)                                     # the declarer follows: no signal
    assert player.count_signal(south, {a.value: 0.0 for a in south.legal}, 0.0) is None
