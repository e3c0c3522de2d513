"""Two-player Tarot deal notation: ``HAND0 HAND1 piles0:P,... piles1:P,...``,
each pile top first joined by ``/``, ``?`` for an unknown face-down card."""

import subprocess
import sys

import pytest

from atout.engine import NotationError, RuleError
from atout.engine.deal import Deal, Packet
from atout.engine.tarot2 import GAME

DECK = GAME.deck

H0 = "CJ853.CT8653.QC2.QJ.20,19,17,12,11"
H1 = "T6.K9.98643.C96421.18,15,10,9,2,EX"
P0 = "SK/HJ/3,D7/DK/5,14/S2/H7,S7/DT/H1,CT/C5/21,D1/C3/S1"
P1 = "8/13/DJ,CK/C8/S4,6/SQ/HQ,C7/4/1,7/H2/D5,S9/16/H4"
SEED1 = f"{H0} {H1} piles0:{P0} piles1:{P1}"


def test_the_seeded_dealer_writes_this_deal():
    assert GAME.format_deal(GAME.random_deal(1)) == SEED1
    deal = GAME.parse_deal(SEED1)
    assert deal.piles[0][0] == tuple(DECK.parse_cards("SK HJ 3"))  # top card first
    assert deal.hand(1) == frozenset(DECK.parse_hand(H1)[0])


def test_random_deals_round_trip():
    for seed in range(200):
        deal = GAME.random_deal(seed)
        text = GAME.format_deal(deal)
        assert GAME.parse_deal(text) == deal
        assert str(GAME.parse_deal(text)) == text
        assert sorted(deal.known_cards()) == sorted(DECK.cards)
    assert GAME.random_deal(5) == GAME.random_deal(5) != GAME.random_deal(6)


def test_sections_in_any_order_and_any_case():
    text = f"piles1:{P1} {H0} PILES0:{P0.lower()} {H1.lower()}"
    assert GAME.parse_deal(text) == GAME.parse_deal(SEED1)


def test_unknown_face_down_cards_round_trip():
    hidden = SEED1.replace("SK/HJ/3", "SK/?/?").replace("8/13/DJ", "8/?/DJ")
    deal = GAME.parse_deal(hidden)
    assert str(deal) == hidden and not deal.is_complete
    assert deal.piles[0][0] == (DECK.parse_card("SK"), None, None)
    assert sorted(deal.unseen_cards()) == sorted(DECK.parse_cards("HJ 3 13"))


def test_an_unknown_hand_round_trips():
    text = SEED1.replace(H1, "?")
    deal = GAME.parse_deal(text)
    assert str(deal) == text and deal.hands[1] == Packet(frozenset(), 21)
    partly = SEED1.replace(H1, "T6.K9...+17")
    assert str(GAME.parse_deal(partly)) == partly


def test_an_ending_round_trips():
    text = "KQ....1 1.... piles0: piles1:H1/2"
    deal = GAME.parse_deal(text, full=False)
    assert str(deal) == text and deal.piles == ((), ((DECK.parse_card("H1"), DECK.parse_card("2")),))


def bad(old, new):
    assert SEED1.count(old) == 1, old
    return SEED1.replace(old, new)


@pytest.mark.parametrize("text, why", [
    ("", "empty deal"),
    ("   ", "empty deal"),
    (f"{H0} piles0:{P0} piles1:{P1}", "1 hand given, a tarot2 deal has 2"),
    (f"{H0} {H1} {H1} piles0:{P0} piles1:{P1}", "3 hands given"),
    (f"{H0} {H1} piles0:{P0}", "section 'piles1:' missing"),
    (f"{H0} {H1} piles0:{P0} piles0:{P0} piles1:{P1}", "section 'piles0' given twice"),
    (f"{H0} {H1} piles0:{P0} piles1:{P1} dog:....", "unknown section 'dog'"),
    (bad(",S9/16/H4", ""), "5 piles, a player has 6"),
    (bad("piles1:", "piles1:SK/HJ/3,"), "7 piles, a player has 6"),
    (bad("SK/HJ/3", "SK/HJ"), "pile 'SK/HJ' of piles0: 2 cards, a pile holds 3"),
    (bad("SK/HJ/3", "SK/HJ/3/4"), "pile 'SK/HJ/3/4' of piles0: 4 cards"),
    (bad("SK/HJ/3", "SK/HX/3"), "pile 'SK/HX/3' of piles0: unknown card 'HX'"),
    (bad("SK/HJ/3", "SK/22/3"), "unknown card '22'"),
    (bad("SK/HJ/3", "SK//3"), "pile 'SK//3' of piles0: empty card token"),
    (bad("SK/HJ/3", "?/HJ/3"), "pile '\\?/HJ/3' of piles0: its top card is face up"),
    (bad("SK/HJ/3", "SK/HJ/20"), "card '20' given twice"),      # in a pile and in hand 0
    (bad("SK/HJ/3", "SK/HJ/D7"), "card 'D7' given twice"),      # in two piles
    (bad("8/13/DJ", "8/13/3"), "card '3' given twice"),         # in both players' piles
    (bad(H0, "CJ85.CT8653.QC2.QJ.20,19,17,12,11"), "20 cards, a hand here holds 21"),  # 77 cards
    (bad(H0, "CJ853K.CT8653.QC2.QJ.20,19,17,12,11"), "22 cards, a hand here holds 21"),
    (bad(H0, "CJ85X.CT8653.QC2.QJ.20,19,17,12,11"), "unknown card 'X' in suit S"),
    (bad(H0, "CJ853.CT8653.QC2.QJ.20,19,17,12,22"), "unknown trump '22'"),
    (bad(H0, "CJ853.CT8653.QC2.QJ"), "4 suit groups"),
    ("x y z", "3 hands given"),
])
def test_bad_deals_name_the_token_and_why(text, why):
    with pytest.raises(NotationError, match=why):
        GAME.parse_deal(text)


@pytest.mark.parametrize("text, why", [
    ("K....1 1.... piles0: piles1:", "player 0 holds 2 cards and player 1 1"),
    ("K.... 1.... piles0:SK piles1:S2", "card 'SK' given twice"),
    ("K.... 1.... piles0:S1/S2/S3/S4 piles1:S5", "4 cards, a pile holds 3"),
    ("K.... 1.... piles0:,S2 piles1:S5", "empty card token"),
    ("K.... 1.... piles0:S2/? piles1:S5", "player 0 holds 3 cards and player 1 2"),
])
def test_bad_endings(text, why):
    with pytest.raises(NotationError, match=why):
        GAME.parse_deal(text, full=False)


def test_make_deal_checks_cards_it_is_given():
    deal = GAME.random_deal(1)
    hands = [h.cards for h in deal.hands]
    with pytest.raises(NotationError, match="not a tarot card"):
        GAME.make_deal([hands[0] | {200}, hands[1]], deal.piles, full=False)
    with pytest.raises(NotationError, match="not a tarot card"):
        GAME.make_deal(hands, [deal.piles[0][:5] + ((999, None, None),), deal.piles[1]])
    card = min(hands[0])
    with pytest.raises(NotationError, match="20 cards, a hand here holds 21"):  # 77 cards
        GAME.make_deal([hands[0] - {card}, hands[1]], deal.piles)
    with pytest.raises(NotationError, match="22 cards, a hand here holds 21"):
        GAME.make_deal([hands[0] | {min(hands[1])}, hands[1] - {min(hands[1])}], deal.piles)
    with pytest.raises(NotationError, match="piles1: 5 piles, a player has 6"):
        GAME.make_deal(hands, [deal.piles[0], deal.piles[1][:5]])
    with pytest.raises(NotationError, match="its top card is face up"):
        GAME.make_deal(hands, [deal.piles[0], ((None, None, None),) + deal.piles[1][1:]])
    with pytest.raises(NotationError, match="2 hands and 1 pile sets"):
        GAME.make_deal(hands, [deal.piles[0]])


def test_a_deal_without_piles_cannot_be_played():
    deal = GAME.random_deal(1)
    with pytest.raises(RuleError, match="piles"):
        GAME.new_state(Deal(GAME, deal.hands))


def run_atout(*args):
    return subprocess.run([sys.executable, "-m", "atout.cli.main", *args],
                          capture_output=True, text=True, timeout=600)   # a hang guard only: a loaded machine is slow


def test_the_deal_and_rules_commands():
    out = run_atout("deal", "--game", "tarot2", "--seed", "1")
    assert out.returncode == 0 and out.stdout.strip() == SEED1
    rules = run_atout("rules", "tarot2")
    assert rules.returncode == 0 and "piles" in rules.stdout and "Excuse" in rules.stdout
