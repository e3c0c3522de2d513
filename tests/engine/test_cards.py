"""Cards, decks and hand notation shared by every game."""

import pytest

from atout.engine.cards import FOOL, TAROT_DECK, TRUMPS, french_deck, suit_of
from atout.engine.errors import NotationError

BRIDGE = french_deck("bridge", "23456789TJQKA")


def test_card_layout_puts_plain_suits_in_16_bit_lanes_and_trumps_in_the_second_word():
    assert BRIDGE.parse_card("SA") == 12
    assert BRIDGE.parse_card("C2") == 48
    assert TAROT_DECK.parse_card("21") == 64 + 21
    assert TAROT_DECK.parse_card("EX") == FOOL == 64
    assert suit_of(TAROT_DECK.parse_card("1")) == TRUMPS
    assert len(BRIDGE) == 52 and len(TAROT_DECK) == 78


@pytest.mark.parametrize("deck", [BRIDGE, TAROT_DECK])
def test_every_card_token_round_trips(deck):
    for card in deck.cards:
        assert deck.parse_card(deck.token(card)) == card
        assert deck.parse_card(deck.token(card).lower()) == card


def test_hand_round_trips_and_lists_strongest_first():
    cards, unknown = BRIDGE.parse_hand("AKQ.JT9.876.5432")
    assert unknown == 0 and len(cards) == 13
    assert BRIDGE.format_hand(cards) == "AKQ.JT9.876.5432"
    cards, _ = TAROT_DECK.parse_hand("K1.Q.T..21,5,1,EX")
    assert TAROT_DECK.format_hand(cards) == "K1.Q.T..21,5,1,EX"


def test_unknown_cards_in_a_hand():
    assert BRIDGE.parse_hand("?", 13) == (frozenset(), 13)
    cards, unknown = BRIDGE.parse_hand("AK...+11", 13)
    assert len(cards) == 2 and unknown == 11
    assert BRIDGE.format_hand(cards, unknown) == "AK...+11"
    assert BRIDGE.format_hand((), 13) == "?"


@pytest.mark.parametrize("text, why", [
    ("AKQ.JT9.876.543X", "unknown card 'X'"),
    ("AKQ.JT9.876", "3 suit groups"),
    ("AKQJT98765432", "1 suit group, the bridge deck needs 4"),
    ("AAQ.JT9.876.5432", "given twice"),
    ("AKQ.JT9.876.543", "12 cards, a hand here holds 13"),
    ("AK...+x", "must be followed by a number"),
])
def test_bad_hands_name_the_problem(text, why):
    with pytest.raises(NotationError, match=why):
        BRIDGE.parse_hand(text, 13)


def test_bad_trump_and_bad_card_tokens():
    with pytest.raises(NotationError, match="unknown trump '22'"):
        TAROT_DECK.parse_hand("....22")
    with pytest.raises(NotationError, match="unknown card 'S1'"):
        BRIDGE.parse_card("S1")
    with pytest.raises(NotationError, match="given twice"):
        BRIDGE.parse_cards("SA HK SA")
    assert issubclass(NotationError, ValueError)
