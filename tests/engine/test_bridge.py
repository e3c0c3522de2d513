"""Bridge rules and PBN notation."""

import random

import pytest

from atout.engine import IllegalPlayError, NotationError, RuleError, get_game
from atout.engine.search import count_lines, minimax

BRIDGE = get_game("bridge")
PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"


def cards(text):
    return BRIDGE.parse_cards(text)


def test_pbn_round_trip_and_first_seat_rotation():
    deal = BRIDGE.parse_deal(PBN)
    assert str(deal) == PBN
    rotated = BRIDGE.parse_deal("E:A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4 KJ74.J8.AKJ5.AQ6")
    assert rotated == deal


@pytest.mark.parametrize("text, why", [
    ("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875", "3 hands"),
    ("N:KJ74.J8.AKJ5.AQ6 KJ74.AQT.82.KT93 Q532.763.T93.875 T986.K52.Q764.J4", "given twice"),
    ("X:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4", "unknown seat"),
])
def test_bad_pbn(text, why):
    with pytest.raises((NotationError, RuleError), match=why):
        BRIDGE.parse_deal(text)


def test_leader_is_left_of_declarer_and_must_follow_suit():
    state = BRIDGE.new_state(BRIDGE.parse_deal(PBN), declarer="S", strain="H")
    assert state.to_play == 3  # West leads against South
    state.play(cards("DQ")[0])
    # North holds diamonds AKJ5: must follow
    assert state.legal_cards() == sorted(cards("DA DK DJ D5"))
    with pytest.raises(IllegalPlayError, match="must play one of"):
        state.play(cards("SK")[0])
    with pytest.raises(IllegalPlayError, match="does not hold"):
        state.play(cards("S2")[0])


def test_trump_beats_the_suit_led_and_highest_of_suit_wins_otherwise():
    state = BRIDGE.new_state(BRIDGE.parse_deal(PBN), declarer="S", strain="H")
    assert state.trick_winner(0, cards("DA D2 H2 D3")) == 2
    assert state.trick_winner(0, cards("D2 DA S2 D3")) == 1
    nt = BRIDGE.new_state(BRIDGE.parse_deal(PBN), declarer="S", strain="NT")
    assert nt.trick_winner(1, cards("D2 DA HA D3")) == 2


def test_naive_search_on_a_one_card_ending():
    state = BRIDGE.new_state(BRIDGE.parse_deal(PBN), declarer="N", strain="NT")
    rng = random.Random(0)
    while state.tricks_left > 1:
        state.play(rng.choice(state.legal_cards()))
    before = state.tricks_won(0)
    value = minimax(state)
    assert value in (before, before + 1)


def test_random_playouts_keep_invariants():
    rng = random.Random(1)
    for seed in range(200):
        state = BRIDGE.new_state(BRIDGE.random_deal(seed), declarer=rng.choice("NESW"),
                                 strain=rng.choice(["S", "H", "D", "C", "NT"]))
        while not state.is_over():
            legal = state.legal_cards()
            assert legal
            state.play(rng.choice(legal))
        assert sorted(state.played) == sorted(BRIDGE.deck.cards)
        assert state.tricks_won(0) + state.tricks_won(1) == 13


def test_undo_restores_the_state():
    state = BRIDGE.new_state(BRIDGE.random_deal(5))
    before = repr(state)
    for _ in range(9):
        state.play(state.legal_cards()[0])
    for _ in range(9):
        state.undo()
    assert repr(state) == before and not state.tricks


def test_perft_first_trick_counts():
    state = BRIDGE.new_state(BRIDGE.parse_deal(PBN), declarer="S", strain="NT")
    assert count_lines(state, 1) == 13


def test_tricks_left_counts_the_trick_under_way_once():
    state = BRIDGE.new_state(BRIDGE.parse_deal(PBN), declarer="S", strain="NT")
    assert state.tricks_left == 13
    for played in range(1, 5):
        state.play(state.legal_cards()[0])
        assert state.tricks_left == (13 if played < 4 else 12)
