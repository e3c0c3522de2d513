"""French tarot before the play: auction, contracts, dog and discard, handful
and misery declarations, what each seat sees; deal notation and bad input."""

import pytest

from atout.engine import NotationError, RuleError, get_game
from atout.engine.cards import FOOL, TAROT_DECK
from atout.engine.tarot_bidding import (CONTRACTS, TarotAuction, check_discard, check_handful,
                                        check_misery, default_discard, legal_discard, parse_contract)

TAROT = get_game("tarot")
EX = FOOL


def C(text):
    return TAROT_DECK.parse_cards(text)


def trumps(high, low):
    return " ".join(str(n) for n in range(high, low - 1, -1))


def build(fixed, dog=None):
    """Each seat of ``fixed`` holds the given cards, the rest fill the hands
    in deck order (plain cards first), then the dog."""
    hands = {seat: C(text) for seat, text in fixed.items()}
    dog_cards = C(dog) if dog else []
    used = {c for h in hands.values() for c in h} | set(dog_cards)
    rest = [c for c in TAROT_DECK.cards if c not in used and c != EX] + ([EX] if EX not in used else [])
    full = []
    for seat in range(4):
        hand = list(hands.get(seat, []))
        while len(hand) < 18:
            hand.append(rest.pop(0))
        full.append(hand)
    return TAROT.deal_from(full, {"dog": dog_cards} if dog else None)


# -- the auction -------------------------------------------------------------------
def test_one_round_from_seat_0_each_bid_higher_the_highest_takes():
    auction = TarotAuction()
    assert auction.to_speak == 0
    assert auction.legal_bids() == ["pass", *CONTRACTS]
    auction.bid("take")
    assert auction.to_speak == 1 and auction.legal_bids() == ["pass", "guard", "guard_without", "guard_against"]
    auction.bid("pass")
    auction.bid("guard")
    assert not auction.is_over and auction.taker is None
    auction.bid("pass")
    assert auction.is_over and auction.to_speak is None
    assert (auction.taker, auction.contract, auction.void) == (2, "guard", False)


def test_a_bid_not_higher_than_the_last_is_refused():
    auction = TarotAuction.from_bids(["guard"])
    for bid in ("take", "guard", "petite", "garde"):
        with pytest.raises(RuleError, match="illegal bid"):
            auction.bid(bid)
    auction.bid("garde sans")
    assert auction.highest == "guard_without"


def test_all_pass_is_a_void_deal():
    auction = TarotAuction.from_bids(["pass"] * 4)
    assert auction.void and auction.taker is None and auction.contract is None


def test_guard_against_ends_the_bidding_in_effect_and_the_auction_is_one_round():
    auction = TarotAuction.from_bids(["pass", "guard_against"])
    assert auction.legal_bids() == ["pass"]
    auction.bid("pass")
    auction.bid("pass")
    with pytest.raises(RuleError, match="auction is over"):
        auction.bid("pass")
    assert auction.taker == 1


@pytest.mark.parametrize("bid", ["grand", "", "slam", 7])
def test_an_unknown_bid_is_refused(bid):
    with pytest.raises(RuleError, match="unknown contract"):
        TarotAuction().bid(bid)


@pytest.mark.parametrize("name, contract", [
    ("take", "take"), ("Petite", "take"), ("guard", "guard"), ("garde", "guard"),
    ("guard without", "guard_without"), ("garde_sans", "guard_without"), ("GARDE-SANS", "guard_without"),
    ("guard_against", "guard_against"), ("garde contre", "guard_against")])
def test_contract_names_english_and_french(name, contract):
    assert parse_contract(name) == contract
    assert TAROT.new_state(TAROT.random_deal(1), contract=name).contract == contract


def test_unknown_contract_in_new_state():
    with pytest.raises(RuleError, match="unknown contract 'garde double'"):
        TAROT.new_state(TAROT.random_deal(1), contract="garde double")


@pytest.mark.parametrize("taker", [4, -1, "N", None, True])
def test_unknown_taker(taker):
    with pytest.raises(RuleError, match="unknown taker"):
        TAROT.new_state(TAROT.random_deal(1), taker=taker)


# -- dog and discard ---------------------------------------------------------------------
TAKER_WITH_DOG = C("SK SQ S5 S4 HK H9 H8 DK C7 C6 21 15 12 9 7 3 1 EX") + C("CK HQ H2 20 4 D3")


def test_take_and_guard_add_the_dog_and_discard_six():
    deal = build({0: "SK SQ S5 S4 HK H9 H8 DK C7 C6 21 15 12 9 7 3 1 EX"}, dog="CK HQ H2 20 4 D3")
    state = TAROT.new_state(deal, taker=0, contract="take", discard="S5 S4 H9 H8 C7 C6")
    assert sorted(state.hands[0]) == sorted(C("SK SQ HK DK 21 15 12 9 7 3 1 EX CK HQ H2 20 4 D3"))
    assert state.discard == frozenset(C("S5 S4 H9 H8 C7 C6"))


def test_guard_without_and_against_keep_the_dog_out_of_play():
    deal = TAROT.random_deal(3)
    for contract in ("guard_without", "guard_against"):
        state = TAROT.new_state(deal, taker=1, contract=contract)
        assert state.hands[1] == set(deal.hand(1)) and state.discard == frozenset()
        with pytest.raises(RuleError, match="no discard"):
            TAROT.new_state(deal, taker=1, contract=contract, discard="S1 S2 S3 S4 S5 S6")


@pytest.mark.parametrize("discard, why", [
    ("SK S5 S4 H9 H8 C7", "a king may not be discarded"),
    ("EX S5 S4 H9 H8 C7", "an oudler may not be discarded"),
    ("21 S5 S4 H9 H8 C7", "an oudler may not be discarded"),
    ("1 S5 S4 H9 H8 C7", "an oudler may not be discarded"),
    ("15 S5 S4 H9 H8 C7", "trumps may be discarded only when no other card can"),
    ("S5 S4 H9 H8 C7", "discard of 5 cards"),
    ("S5 S4 H9 H8 C7 C6 H2", "discard of 7 cards"),
    ("S5 S4 H9 H8 C7 C5", "not in the taker's hand and dog"),
])
def test_illegal_discards(discard, why):
    with pytest.raises(RuleError, match=why):
        check_discard(TAKER_WITH_DOG, discard)
    assert not legal_discard(TAKER_WITH_DOG, discard)


def test_a_card_discarded_twice_is_a_notation_error():
    with pytest.raises(NotationError, match="given twice"):
        check_discard(TAKER_WITH_DOG, "S5 S5 H9 H8 C7 C6")
    with pytest.raises(NotationError, match="given twice"):
        check_discard(TAKER_WITH_DOG, C("S5 S4 H9 H8 C7") + C("C7"))


def test_trumps_may_be_discarded_when_no_other_card_can_and_then_they_are_shown():
    # 24 cards: the 4 kings, the 3 oudlers, 4 other plain cards, 13 trumps
    cards = C("SK HK DK CK 21 1 EX S2 H2 D2 C2 " + trumps(20, 8))
    assert legal_discard(cards, "S2 H2 D2 C2 8 9")
    assert not legal_discard(cards, "S2 H2 D2 8 9 10")  # C2 could go instead of a trump
    assert default_discard(cards) == sorted(C("S2 H2 D2 C2 8 9"))
    deal = build({0: "SK HK DK CK 21 1 EX S2 H2 D2 C2 20 19 18 17 16 15 14"}, dog="13 12 11 10 9 8")
    state = TAROT.new_state(deal, taker=0, contract="guard", discard="S2 H2 D2 C2 8 9")
    for seat in range(4):
        public = state.public_cards(seat)
        assert public["discard_trumps"] == sorted(C("8 9"))
        assert public["dog"] == sorted(C("13 12 11 10 9 8"))
        assert ("discard" in public) == (seat == 0)


def test_default_discard_is_the_cheapest_legal_cards():
    assert default_discard(TAKER_WITH_DOG) == sorted(C("D3 H2 S4 S5 C6 C7"))
    for seed in range(300):
        deal = TAROT.random_deal(seed)
        cards = set(deal.hand(seed % 4)) | set(deal.extra("dog"))
        discard = default_discard(cards)
        check_discard(cards, discard)


def test_dog_is_public_only_when_shown():
    deal = TAROT.random_deal(8)
    for contract, shown in (("take", True), ("guard", True), ("guard_without", False), ("guard_against", False)):
        public = TAROT.new_state(deal, taker=2, contract=contract).public_cards(0)
        assert ("dog" in public) == shown


# -- handful --------------------------------------------------------------------------
@pytest.mark.parametrize("count, level", [(10, 1), (12, 1), (13, 2), (14, 2), (15, 3), (18, 3)])
def test_handful_levels_10_13_15(count, level):
    hand = C(trumps(21, 4))  # 18 trumps
    shown, got = check_handful(hand, C(trumps(21, 22 - count)))
    assert got == level and len(shown) == count


@pytest.mark.parametrize("hand, shown, why", [
    (trumps(21, 4), trumps(21, 13), "9 trumps shown"),
    (trumps(21, 12) + " SK", trumps(21, 12) + " SK", "SK is not a trump"),
    (trumps(21, 12), trumps(21, 11), "11 is not in the hand"),
    (trumps(21, 11) + " EX", trumps(21, 12) + " EX", "Excuse may stand in"),  # 11 left out
    (trumps(21, 11) + " EX", trumps(21, 11) + " EX", "Excuse may stand in"),  # 12 cards: not needed
])
def test_bad_handfuls(hand, shown, why):
    with pytest.raises(RuleError, match=why):
        check_handful(C(hand), C(shown))


def test_the_excuse_stands_in_only_when_needed_to_reach_the_count():
    shown, level = check_handful(C(trumps(21, 13) + " EX S1"), C(trumps(21, 13) + " EX"))
    assert level == 1 and EX in shown
    _, level = check_handful(C(trumps(21, 10) + " EX"), C(trumps(21, 10) + " EX"))
    assert level == 2


def test_handful_of_a_defender_counts_for_the_side_that_wins_and_is_public_once_shown():
    deal = build({2: trumps(21, 11) + " S1 S2 S3 S4 S5 S6 S7"}, dog="D1 D2 D3 D4 D5 D6")
    state = TAROT.new_state(deal, taker=0, contract="guard_without", handfuls={2: trumps(21, 12)})
    assert state.public_cards(1)["handfuls"] == {}
    assert state.public_cards(2)["handfuls"] == {2: sorted(C(trumps(21, 12)))}
    state.play(min(state.legal_cards()))
    state.play(min(state.legal_cards()))
    assert state.to_play == 2
    assert state.public_cards(1)["handfuls"] == {2: sorted(C(trumps(21, 12)))}
    while not state.is_over():
        state.play(min(state.legal_cards()))
    score = state.score()
    assert score["handful"] == (20 if score["made"] else -20)


def test_the_takers_handful_is_shown_from_the_hand_with_the_dog():
    deal = build({0: trumps(21, 11) + " SK SQ S9 S8 S7 S6 S5"}, dog="10 9 S2 S1 H1 H2")
    state = TAROT.new_state(deal, taker=0, contract="guard", discard="S9 S8 S7 S6 S5 S2",
                            handfuls={0: trumps(21, 9)})
    assert state.handfuls[0][1] == 2
    with pytest.raises(RuleError, match="10 is not in the hand"):
        TAROT.new_state(deal, taker=0, contract="guard_without", handfuls={0: trumps(21, 9)})


def test_one_handful_per_player_and_seats_are_checked():
    deal = build({1: trumps(21, 8) + " S1 S2 S3 S4"})
    with pytest.raises(RuleError, match="one handful per player"):
        TAROT.new_state(deal, handfuls=[(1, trumps(21, 12)), (1, trumps(21, 8))])
    with pytest.raises(RuleError, match="unknown seat"):
        TAROT.new_state(deal, handfuls={5: trumps(21, 12)})


# -- misery --------------------------------------------------------------------------------
def test_no_trump_misery_the_excuse_does_not_count():
    assert check_misery(C("EX S1 S2 SK"), "trump") == "trump"
    with pytest.raises(RuleError, match="holds trump 1"):
        check_misery(C("1 S2 SK"), "no trump")


def test_no_face_misery():
    assert check_misery(C("S1 ST 21 EX"), "face") == "face"
    for face in ("SK", "HQ", "DC", "CJ"):
        with pytest.raises(RuleError, match=f"holds {face}"):
            check_misery(C(f"S1 {face} 21"), "no_face")


def test_unknown_misery_kind():
    with pytest.raises(RuleError, match="unknown misery"):
        check_misery(C("S1"), "poverty")


def test_misery_is_declared_on_the_dealt_cards_each_kind_once_and_scored_outside_the_contract():
    deal = build({1: "EX S1 S2 S3 S4 S5 S6 S7 S8 S9 ST H1 H2 H3 H4 H5 H6 H7"}, dog="D1 D2 D3 D4 D5 D6")
    state = TAROT.new_state(deal, taker=0, contract="guard", miseries={1: ["trump", "face"]})
    assert state.miseries == {1: ["trump", "face"]}
    while not state.is_over():
        state.play(min(state.legal_cards()))
    score = state.score()
    assert score["misery"] == [-20, 60, -20, -20]
    s = score["total"]
    assert score["scores"] == [s - 20, -s / 3 + 60, -s / 3 - 20, -s / 3 - 20]
    assert sum(score["scores"]) == 0
    with pytest.raises(RuleError, match="each kind may be declared once"):
        TAROT.new_state(deal, miseries=[(1, "trump"), (1, "no_trump")])
    with pytest.raises(RuleError, match="misery of seat 0"):
        TAROT.new_state(deal, miseries={0: "face"})


def test_the_takers_misery_looks_at_the_dealt_cards_not_the_dog():
    deal = build({0: "S1 S2 S3 S4 S5 S6 S7 S8 S9 ST H1 H2 H3 H4 H5 H6 H7 H8"}, dog="21 D2 D3 D4 D5 D6")
    state = TAROT.new_state(deal, taker=0, contract="take", discard="S1 S2 S3 S4 S5 S6",
                            miseries={0: "trump"})
    assert 85 in state.hands[0] and state.miseries == {0: ["trump"]}


# -- notation and bad input ----------------------------------------------------------------------
def test_deal_notation_round_trips():
    for seed in range(50):
        deal = TAROT.random_deal(seed)
        text = TAROT.format_deal(deal)
        assert text.count(" ") == 4 and " dog:" in text
        assert TAROT.parse_deal(text) == deal
        assert TAROT.format_deal(TAROT.parse_deal(text)) == text


def test_dog_left_out_is_the_rest_of_the_deck():
    text = TAROT.format_deal(TAROT.random_deal(9))
    hands = text.rsplit(" ", 1)[0]
    assert TAROT.parse_deal(hands) == TAROT.parse_deal(text)


def good_text():
    return TAROT.format_deal(TAROT.random_deal(5)).split(" ")


def swap_hand(parts, index, hand_cards):
    parts = list(parts)
    prefix = "dog:" if parts[index].startswith("dog:") else ""
    parts[index] = prefix + TAROT_DECK.format_hand(hand_cards)
    return " ".join(parts)


def test_wrong_hand_size():
    parts = good_text()
    cards = sorted(TAROT.parse_deal(" ".join(parts)).hands[0].cards)
    with pytest.raises(NotationError, match="17 cards, a hand here holds 18"):
        TAROT.parse_deal(swap_hand(parts, 0, cards[1:]))


def test_card_given_twice():
    parts = good_text()
    deal = TAROT.parse_deal(" ".join(parts))
    extra = sorted(deal.hands[1].cards)[0]
    with pytest.raises(NotationError, match="given twice"):
        TAROT.parse_deal(swap_hand(parts, 0, sorted(deal.hands[0].cards)[1:] + [extra]))


def test_unknown_trump_and_unknown_card():
    parts = good_text()
    with pytest.raises(NotationError, match="unknown trump '22'"):
        TAROT.parse_deal(" ".join([parts[0] + ",22", *parts[1:]]))
    with pytest.raises(NotationError, match="unknown card 'A'"):
        TAROT.parse_deal(" ".join(["A" + parts[0], *parts[1:]]))


def test_dog_of_the_wrong_size():
    parts = good_text()
    dog = sorted(TAROT.parse_deal(" ".join(parts)).extra("dog"))
    with pytest.raises(NotationError, match="5 cards, a hand here holds 6"):
        TAROT.parse_deal(swap_hand(parts, 4, dog[1:]))


def test_unknown_section_and_wrong_number_of_hands():
    parts = good_text()
    with pytest.raises(NotationError, match="unknown section 'chien'"):
        TAROT.parse_deal(" ".join(parts[:4] + ["chien:" + parts[4][4:]]))
    with pytest.raises(NotationError, match="3 hands given"):
        TAROT.parse_deal(" ".join(parts[:3]))


def test_a_deal_of_the_wrong_shape_cannot_be_played():
    deal = TAROT.random_deal(1)
    hands = [sorted(h.cards) for h in deal.hands]
    dog = sorted(deal.extra("dog"))
    moved = TAROT.deal_from([hands[0] + dog[:1], hands[1], hands[2], hands[3]], {"dog": dog[1:]})
    with pytest.raises(RuleError, match="seat 0 holds 19 cards"):
        TAROT.new_state(moved)
    partial = TAROT.parse_deal("? " + " ".join(TAROT.format_deal(deal).split(" ")[1:]))
    with pytest.raises(NotationError, match="every card known"):
        TAROT.new_state(partial)


def test_rules_summary_names_the_contracts_and_the_excuse():
    text = TAROT.rules_text()
    for word in ("take", "guard without", "guard against", "Excuse", "Petit au bout", "56", "36"):
        assert word in text
