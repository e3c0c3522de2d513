"""Belote before the play (RULES.md section 3, "Deal and bidding"): the bidding
deal and its notation, the seeded dealer, the two rounds of bidding, the void
deal, and completing the deal to 8 cards each."""

import random

import pytest

from atout.engine import NotationError, RuleError
from atout.engine.belote import (DECK, GAME, BeloteAuction, BiddingDeal, bidding_deal_from,
                                 complete_deal, format_bidding_deal, parse_bidding_deal,
                                 random_bidding_deal)


def card(token):
    return DECK.parse_card(token)


def hand(text):
    return set(DECK.parse_hand(text)[0])


# every seat holds five cards of its own suit; the stock is the small cards
BID = ("ATKQJ... .ATKQJ.. ..ATKQJ. ...ATKQJ turned:H9"
       " stock:S9,S8,S7,H8,H7,D9,D8,D7,C9,C8,C7")


# -- the bidding deal and its notation ---------------------------------------------------
def test_bidding_deal_reads_five_cards_each_the_turned_card_and_the_stock_in_order():
    bid = parse_bidding_deal(BID)
    assert [set(h.cards) for h in bid.hands] == [hand("ATKQJ..."), hand(".ATKQJ.."),
                                                 hand("..ATKQJ."), hand("...ATKQJ")]
    assert bid.turned == card("H9")
    assert bid.stock == tuple(DECK.parse_cards("S9 S8 S7 H8 H7 D9 D8 D7 C9 C8 C7"))
    assert bid.is_complete
    assert format_bidding_deal(bid) == BID == str(bid)
    assert GAME.parse_bidding_deal(BID) == bid and GAME.format_bidding_deal(bid) == BID


def test_bidding_deal_notation_is_case_insensitive_in_cards_and_sections():
    bid = parse_bidding_deal(BID.replace("turned:H9", "TURNED:h9").replace("stock:", "Stock:"))
    assert str(bid) == BID


def test_random_bidding_deals_round_trip_and_hold_the_pack_once():
    for seed in range(200):
        bid = random_bidding_deal(seed)
        text = format_bidding_deal(bid)
        assert parse_bidding_deal(text) == bid
        assert format_bidding_deal(parse_bidding_deal(text)) == text
        everything = [c for h in bid.hands for c in h.cards] + [bid.turned, *bid.stock]
        assert sorted(everything) == sorted(DECK.cards)
        assert [len(h.cards) for h in bid.hands] == [5, 5, 5, 5] and len(bid.stock) == 11


def test_random_dealer_is_seeded_and_deals_three_then_two_then_turns_a_card():
    assert random_bidding_deal(7) == GAME.random_bidding_deal(7) == random_bidding_deal(7)
    assert random_bidding_deal(7) != random_bidding_deal(8)
    pack = list(DECK.cards)
    random.Random(7).shuffle(pack)
    bid = random_bidding_deal(7)
    for seat in range(4):
        assert set(bid.hands[seat].cards) == set(pack[3 * seat:3 * seat + 3] + pack[12 + 2 * seat:14 + 2 * seat])
    assert bid.turned == pack[20] and bid.stock == tuple(pack[21:])


def test_partly_known_bidding_deal():
    text = "ATKQJ... ? ..A.+4 ? turned:H9 stock:?"
    bid = parse_bidding_deal(text)
    assert bid.stock is None and not bid.is_complete
    assert bid.hands[1].unknown == 5 and bid.hands[2].unknown == 4
    assert format_bidding_deal(bid) == text
    assert parse_bidding_deal("ATKQJ... ? ..A.+4 ? turned:H9") == bid   # stock left out: unknown order
    full_hands_unknown_order = parse_bidding_deal(BID.split(" stock:")[0])
    assert full_hands_unknown_order.stock is None and not full_hands_unknown_order.is_complete


@pytest.mark.parametrize("text, why", [
    ("", "empty bidding deal"),
    ("   ", "empty bidding deal"),
    ("ATKQJ... .ATKQJ.. ..ATKQJ. turned:H9", "3 hands given"),
    ("ATKQJ... .ATKQJ.. ..ATKQJ. ...ATKQJ ...9 turned:H9", "5 hands given"),
    (BID.replace("ATKQJ...", "ATKQ...", 1), "4 cards, a hand here holds 5"),
    (BID.replace("ATKQJ...", "ATKQJ9...", 1), "6 cards, a hand here holds 5"),
    (BID.replace("ATKQJ...", "ATKQX...", 1), "unknown card 'X'"),
    (BID.replace("ATKQJ...", "ATKQJ..", 1), "3 suit groups"),
    (BID + " dog:S7", "unknown section 'dog'"),
    (BID + " turned:H8", "section 'turned' given twice"),
    (BID.replace(" turned:H9", ""), "no turned card"),
    (BID.replace("turned:H9", "turned:H6"), "unknown card 'H6'"),
    (BID.replace("turned:H9", "turned:"), "empty card token"),
    (BID.replace("turned:H9", "turned:SA"), "card 'SA' given twice"),
    (BID.replace(",C7", ""), "10 cards, the stock holds 11"),
    (BID + ",CA", "12 cards, the stock holds 11"),
    (BID.replace("stock:S9", "stock:S8"), "card 'S8' given twice"),
    (BID.replace("stock:S9", "stock:SA"), "card 'SA' given twice"),
    (BID.replace("stock:S9", "stock:H9"), "card 'H9' given twice"),
    (BID.replace("stock:S9", "stock:Z9"), "unknown card 'Z9'"),
    ("? ? ? ? turned:H9 stock:S9,S8", "2 cards, the stock holds 11"),
])
def test_bad_bidding_deals_name_the_problem(text, why):
    with pytest.raises(NotationError, match=why):
        parse_bidding_deal(text)


def test_bidding_deal_from_python_values():
    bid = parse_bidding_deal(BID)
    hands = [sorted(h.cards) for h in bid.hands]
    assert bidding_deal_from(hands, "H9", [DECK.token(c) for c in bid.stock]) == bid
    assert bidding_deal_from(hands, "H9", None).stock is None
    with pytest.raises(NotationError, match="3 hands"):
        bidding_deal_from(hands[:3], "H9", bid.stock)
    with pytest.raises(NotationError, match="4 cards"):
        bidding_deal_from([hands[0][:4]] + hands[1:], "H9", bid.stock)
    with pytest.raises(NotationError, match="the stock holds 11"):
        bidding_deal_from(hands, "H9", bid.stock[:10])
    with pytest.raises(NotationError, match="given twice"):
        bidding_deal_from(hands, "SA", bid.stock)
    with pytest.raises(NotationError, match="unknown card"):
        bidding_deal_from(hands, 99, bid.stock)


# -- the auction -------------------------------------------------------------------------------
def test_round_1_seat_0_speaks_first_and_the_first_taker_takes_the_turned_suit():
    auction = BeloteAuction(parse_bidding_deal(BID))
    assert auction.round == 1 and auction.to_speak == 0
    assert auction.legal_calls() == ["pass", "take"]
    auction.call("pass")
    assert auction.to_speak == 1
    auction.call("pass")
    auction.call("take")
    assert auction.is_over() and not auction.is_void and auction.to_speak is None
    assert auction.taker == 2 and auction.trump == 1
    assert auction.contract() == {"trump": "H", "taker": 2}
    assert auction.calls == [(0, "pass"), (1, "pass"), (2, "take")]
    assert auction.legal_calls() == []


def test_round_1_taking_may_name_the_turned_suit():
    auction = BeloteAuction.from_calls("H9", ["H"])
    assert auction.contract() == {"trump": "H", "taker": 0}


def test_round_1_may_not_name_another_suit():
    auction = BeloteAuction("H9")
    with pytest.raises(RuleError, match="round 1"):
        auction.call("S")
    assert auction.calls == [] and auction.to_speak == 0


def test_round_2_after_four_passes_names_any_other_suit():
    auction = BeloteAuction.from_calls("H9", ["pass"] * 4)
    assert auction.round == 2 and auction.to_speak == 0 and not auction.is_over()
    assert auction.legal_calls() == ["pass", "S", "D", "C"]
    auction.call("pass")
    auction.call("s")
    assert auction.contract() == {"trump": "S", "taker": 1}
    assert auction.calls[-1] == (1, "S")


@pytest.mark.parametrize("call", ["H", "take", "TAKE", "t"])
def test_round_2_may_not_take_the_refused_turned_suit(call):
    auction = BeloteAuction.from_calls("H9", ["pass"] * 5)
    with pytest.raises(RuleError, match="round 2"):
        auction.call(call)
    assert auction.to_speak == 1


def test_all_pass_twice_is_a_void_deal():
    auction = BeloteAuction.from_calls("DA", ["pass"] * 7)
    assert not auction.is_over() and auction.to_speak == 3
    auction.call("pass")
    assert auction.is_void and auction.is_over() and auction.taker is None
    with pytest.raises(RuleError, match="void"):
        auction.contract()
    with pytest.raises(RuleError, match="after the end of the auction"):
        auction.call("pass")


def test_no_call_after_a_take_and_no_contract_before_the_end():
    auction = BeloteAuction("CJ")
    with pytest.raises(RuleError, match="not over"):
        auction.contract()
    auction.call("take")
    with pytest.raises(RuleError, match="seat 0 took"):
        auction.call("pass")


@pytest.mark.parametrize("call", ["double", "NT", "", "HS", "2"])
def test_unknown_calls_are_rule_errors(call):
    with pytest.raises(RuleError, match="unknown call"):
        BeloteAuction("H9").call(call)


def test_auction_needs_a_real_turned_card():
    with pytest.raises(NotationError, match="unknown card"):
        BeloteAuction("H6")


# -- completing the deal ------------------------------------------------------------------------
def test_taker_gets_the_turned_card_and_two_more_the_others_three_from_the_stock_in_order():
    bid = parse_bidding_deal(BID)
    deal = complete_deal(bid, 1)   # stock S9 S8 S7 | H8 H7 | D9 D8 D7 | C9 C8 C7
    assert GAME.format_deal(deal) == "ATKQJ987... .ATKQJ987.. ..ATKQJ987. ...ATKQJ987"
    deal = complete_deal(bid, 0)   # stock S9 S8 | S7 H8 H7 | D9 D8 D7 | C9 C8 C7
    assert [set(h.cards) for h in deal.hands] == [
        hand("ATKQJ98.9.."), hand("7.ATKQJ87.."), hand("..ATKQJ987."), hand("...ATKQJ987")]
    deal = GAME.complete_deal(bid, "3")   # stock S9 S8 S7 | H8 H7 D9 | D8 D7 C9 | C8 C7
    assert [set(h.cards) for h in deal.hands] == [
        hand("ATKQJ987..."), hand(".ATKQJ87.9."), hand("..ATKQJ87.9"), hand(".9..ATKQJ87")]


def test_completed_deals_hold_8_cards_each_and_the_whole_pack():
    for seed in range(100):
        bid = random_bidding_deal(seed)
        for taker in range(4):
            deal = complete_deal(bid, taker)
            assert all(len(h.cards) == 8 for h in deal.hands)
            assert sorted(deal.known_cards()) == sorted(DECK.cards)
            assert all(bid.hands[s].cards <= deal.hands[s].cards for s in range(4))
            assert bid.turned in deal.hands[taker].cards
            assert GAME.parse_deal(GAME.format_deal(deal)) == deal


def test_completing_needs_a_known_stock_and_a_real_taker():
    bid = parse_bidding_deal(BID)
    with pytest.raises(RuleError, match="unknown taker"):
        complete_deal(bid, 4)
    with pytest.raises(RuleError, match="stock order"):
        complete_deal(parse_bidding_deal(BID.split(" stock:")[0]), 0)


def test_start_play_after_the_auction():
    bid = parse_bidding_deal(BID)
    auction = BeloteAuction.from_calls(bid.turned, ["pass"] * 5 + ["C"])
    state = GAME.start_play(bid, auction)
    assert (state.taker, state.trump, state.max_side) == (1, 3, 1)
    assert state.to_play == 0
    assert state.public_cards(0)["turned"] == card("H9") and state.public_cards(0)["taker"] == 1
    assert card("H9") in state.hands[1]
    with pytest.raises(RuleError, match="void"):
        GAME.start_play(bid, BeloteAuction.from_calls(bid.turned, ["pass"] * 8))
    with pytest.raises(RuleError, match="another turned card"):
        GAME.start_play(bid, BeloteAuction.from_calls("DA", ["take"]))


def test_random_auctions_then_play_out():
    rng = random.Random(11)
    voids = takes = 0
    for seed in range(300):
        bid = random_bidding_deal(seed)
        auction = BeloteAuction(bid)
        while not auction.is_over():
            calls = auction.legal_calls()
            auction.call("pass" if rng.random() < 0.8 else rng.choice(calls[1:]))
        if auction.is_void:
            voids += 1
            assert len(auction.calls) == 8
            continue
        takes += 1
        state = GAME.start_play(bid, auction)
        if len(auction.calls) <= 4:
            assert state.trump == bid.turned // 16
        else:
            assert state.trump != bid.turned // 16
        while not state.is_over():
            state.play(rng.choice(state.legal_cards()))
        assert state.score()["taker"] == auction.taker
    assert voids and takes


def test_bidding_deal_is_a_plain_value():
    bid = parse_bidding_deal(BID)
    assert isinstance(bid, BiddingDeal) and hash(bid) == hash(parse_bidding_deal(BID))
