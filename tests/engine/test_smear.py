"""Smear (RULES.md section 5): one test per rule line, on hand-built deals
whose points and scores are counted by hand in the comments."""

import pytest

from atout.engine import IllegalPlayError, NotationError, RuleError, get_game
from atout.engine.game import Trick
from atout.engine.smear import (
    DEALER, GAME_POINTS_BY_POSITION, SmearAuction, deal_scores, game_points, game_side,
    game_totals, high_side, jack_side, legal_discards, low_side, match_result, match_winner,
    points_won)

SMEAR = get_game("smear")
SIDES = (0, 1, 0, 1)


def cards(text):
    return SMEAR.parse_cards(text)


def card(token):
    return SMEAR.deck.parse_card(token)


def deal(*hands):
    """A deal from four 6-card hands; the other 8 cards are undealt."""
    return SMEAR.deal_from([SMEAR.deck.parse_hand(h, 6)[0] for h in hands])


def play(deal_, line, **contract):
    return SMEAR.state_after(deal_, cards(line), **contract)


def legal(state):
    """The legal cards as a set of tokens."""
    return {SMEAR.deck.token(c) for c in state.legal_cards()}


def toks(text):
    return set(text.split())


# D1, spades trump, bidder 0. Undealt: SQ H8 DJ D9 D7 CQ CJ C8 (6 game points).
D1 = deal("AJ7.K.T.9", "K8.A7.Q.T", "T.QJ.A8.7", "9.T9.K.AK")
D1_LINE = ("SA S8 ST S9  S7 SK HQ CK  HA HJ H9 HK  DQ DA DK DT  C7 CA C9 CT  HT SJ H7 D8")
# tricks won: 1 s0 (14 game points), 2 s1 (8), 3 s1 (8), 4 s2 (19), 5 s3 (14), 6 s0 (11)
# side 0: 14 + 19 + 11 = 44, side 1: 8 + 8 + 14 = 30; 44 + 30 + 6 undealt = 80.

# D2, hearts trump, bidder 1. Undealt: HJ HT H8 D9 D8 CJ CT C7: the jack is not in play.
D2 = deal("97.KQ..KQ", "8.A7.A7.8", "AK.9.KQ.A", "QJT..JT.9")
D2_LINE = "HA H9 ST HQ  S8 SK SJ S7  DK DT CQ DA  C8 CA C9 CK  SA SQ S9 D7  DQ DJ HK H7"
# tricks: s1 16, s2 4, s1 19, s2 7, s2 6, s0 6 -> side 0: 23, side 1: 35 (+22 undealt).

# E, spades trump, bidder 0; SK is undealt so SA is High; S7 (seat 1) is Low.
E = deal("AJ.97.9.A", "Q7.K8.Q.K", ".AQ.AJ7.Q", ".J.KT8.J8")
E_PREFIX = "SA S7 DA DK  CA CK CQ CJ  D9 DQ DJ DT  HK HQ HJ H9"
# after these four tricks: side 0 has 11 + 10 = 21, side 1 13 + 6 = 19; left:
# s1 SQ H8, s2 HA D7, s3 D8 C8, s0 SJ H7 (7 game points), s1 to lead.

# TIE, clubs trump, bidder 0. Undealt: SK SQ SJ S9 D9 CK CQ CJ (12 game points).
TIE = deal("A.T7.8.AT", "T.AK.AJ.7", "7.Q8.K7.8", "8.J9.QT.9")
TIE_LINE = "CA C7 C8 C9  SA ST S7 S8  H7 HA H8 H9  DA D7 DT D8  HK HQ HJ HT  DJ DK DQ CT"
# side 0: 4 + 14 + 16 = 34 (tricks 1, 2, 6); side 1: 4 + 14 + 16 = 34 (tricks 3, 4, 5).

# LONE, clubs trump: seat 0's CJ is the only club in play (the others are undealt).
LONE = deal("AK.AK.A.J", "QJ.QJ.KQ.", "T97.T9.T.", "8.87.987.")
LONE_LINE = "CJ SQ ST S8  SA SJ S9 H7  SK HQ S7 H8  HA HJ HT D9  HK DK H9 D8  DA DQ DT D7"


# -- deck, game points, seats, deal --------------------------------------------

def test_deck_has_32_cards_ranked_a_k_q_j_t_9_8_7_in_every_suit():
    assert len(SMEAR.deck) == 32
    for suit in "SHDC":
        assert SMEAR.deck.format_cards(SMEAR.deck.suit_cards("SHDC".index(suit))) == " ".join(
            suit + r for r in "AKQJT987")


def test_trumps_rank_like_the_other_suits_and_highest_trump_wins():
    state = SMEAR.new_state(D1, trump="S")
    # trumps: A > K > Q > J > 10 > 9 > 8 > 7, the same order as a plain suit
    assert state.trick_winner(0, cards("S7 SA SJ ST")) == 1
    assert state.trick_winner(0, cards("ST S9 SJ S8")) == 2
    # a trump beats the suit led, however small
    assert state.trick_winner(0, cards("HA HK S7 HQ")) == 2
    assert state.trick_winner(1, cards("HA S7 S8 HK")) == 3
    # no trump: highest card of the suit led; other suits never win
    assert state.trick_winner(0, cards("H7 DA CA H8")) == 3
    assert state.trick_winner(2, cards("DT DA CA D9")) == 3


def test_game_points_a4_k3_q2_j1_t10_and_80_in_the_deck():
    assert GAME_POINTS_BY_POSITION == (0, 0, 0, 10, 1, 2, 3, 4)
    assert [game_points([card(s + r)]) for s in "S" for r in "AKQJT987"] == [4, 3, 2, 1, 10, 0, 0, 0]
    assert game_points(SMEAR.deck.cards) == 80
    assert game_points(cards("HA CT D7")) == 14


def test_partnerships_dealer_and_six_cards_each_eight_undealt():
    assert SMEAR.name == "smear" and SMEAR.n_seats == 4
    assert SMEAR.sides == (0, 1, 0, 1) and DEALER == 3 and SMEAR.dealer == 3
    assert SMEAR.hand_sizes == (6, 6, 6, 6) and SMEAR.extra_sizes == {"undealt": 8}
    for seed in range(20):
        d = SMEAR.random_deal(seed)
        assert [h.size for h in d.hands] == [6, 6, 6, 6]
        assert len(d.extra("undealt")) == 8
        assert set().union(*(h.cards for h in d.hands), d.extra("undealt")) == set(SMEAR.deck.cards)
    assert SMEAR.random_deal(7) == SMEAR.random_deal(7) != SMEAR.random_deal(8)


def test_widow_option_defaults_to_zero():
    state = SMEAR.new_state(D1)
    assert state.widow == 0 and state.discard == () and state.taken == ()
    assert state.bidder == 0 and state.bid == 2
    assert [set(h) for h in state.hands] == [set(h.cards) for h in D1.hands]


# -- bidding ----------------------------------------------------------------------

def test_bidding_is_one_round_from_seat_0_and_stops_after_the_dealer():
    auction = SmearAuction()
    assert auction.to_speak == 0 and auction.legal_calls() == ["pass", 2, 3, 4]
    auction.call("pass")
    assert auction.to_speak == 1
    auction.call(2)
    assert auction.legal_calls() == ["pass", 3, 4]
    auction.call("p")
    assert auction.to_speak == DEALER and not auction.is_over()
    auction.call(3)  # the dealer speaks last
    assert auction.is_over() and auction.to_speak is None
    assert auction.result == (3, 3) and not auction.redeal
    assert auction.calls == [(0, "pass"), (1, 2), (2, "pass"), (3, 3)]
    with pytest.raises(RuleError, match="the auction is over"):
        auction.call("pass")


def test_the_highest_bidder_wins_after_the_dealer_passes():
    auction = SmearAuction("2 3 pass pass")
    assert auction.result == (1, 3) and auction.message() == "seat 1 bids 3"


def test_each_bid_must_be_higher_than_the_last():
    auction = SmearAuction([3])
    for bad in (3, 2, "2"):
        with pytest.raises(RuleError, match="higher than the last bid, 3"):
            auction.call(bad)
    auction.call(4)
    assert auction.result == (1, 4)


@pytest.mark.parametrize("bad", [1, 5, 0, "x", "2.5", 2.0, True, "four"])
def test_bids_are_2_3_or_4(bad):
    with pytest.raises(RuleError, match="unknown bid"):
        SmearAuction().call(bad)


def test_bidding_stops_when_someone_bids_4():
    auction = SmearAuction(["pass", 4])
    assert auction.is_over() and auction.result == (1, 4) and auction.legal_calls() == []
    with pytest.raises(RuleError, match="over"):
        auction.call("pass")
    assert SmearAuction([4]).result == (0, 4)


def test_all_four_pass_means_the_same_dealer_redeals():
    auction = SmearAuction("pass pass pass pass")
    assert auction.is_over() and auction.redeal and auction.result is None
    assert auction.message() == "all passed: the same dealer (seat 3) redeals"
    assert not SmearAuction("pass pass pass").redeal


# -- contract arguments, widow and discard ------------------------------------

@pytest.mark.parametrize("contract, why", [
    (dict(bid=1), "bad bid 1"),
    (dict(bid=5), "bad bid 5"),
    (dict(bid="x"), "bad bid 'x'"),
    (dict(bidder=4), "bad bidder 4"),
    (dict(bidder=-1), "bad bidder -1"),
    (dict(widow=4), "bad widow 4"),
    (dict(widow=-1), "bad widow -1"),
    (dict(trump="X"), "unknown trump 'X'"),
    (dict(trump=4), "unknown trump 4"),
    (dict(taken="SQ"), "widow 0"),
    (dict(discard="SA"), "widow 0"),
    (dict(widow=1, taken="SQ", discard="C9"), "must fix the trump"),
    (dict(widow=1, taken="SQ H8", discard="C9", trump="S"), "2 cards taken, the widow option is 1"),
    (dict(widow=2, taken="SQ", discard="C9", trump="S"), "1 cards taken, the widow option is 2"),
    (dict(widow=1, taken="SK", discard="C9", trump="S"), "cannot take SK: it is not an undealt card"),
    (dict(widow=1, taken="SQ", discard="C9 DT", trump="S"), "2 cards discarded, the bidder must discard 1"),
    (dict(widow=1, taken="SQ", discard="", trump="S"), "0 cards discarded"),
    (dict(widow=1, taken="SQ", discard="HA", trump="S"), "cannot discard HA: the bidder does not hold it"),
    (dict(widow=1, taken="SQ", discard="S7", trump="S"), "may not discard trumps unless holding more than six"),
    (dict(widow=1, taken="SQ", discard="SQ", trump="S"), "may not discard trumps"),
    (dict(widow=1, taken="SQ", discard="S6", trump="S"), "unknown card 'S6'"),
    (dict(widow=1, taken=[999], discard="C9", trump="S"), "999 is not a card"),
    (dict(widow=2, taken="SQ SQ", discard="C9 DT", trump="S"), "given twice"),
])
def test_bad_contract_arguments_name_the_problem(contract, why):
    with pytest.raises((RuleError, NotationError), match=why):
        SMEAR.new_state(D1, **contract)


def test_bidder_takes_widow_cards_and_discards_down_to_six():
    state = SMEAR.new_state(D1, widow=2, taken="SQ CQ", discard="HK C9", trump="S")
    assert state.hands[0] == set(cards("SA SQ SJ S7 DT CQ"))
    assert state.taken == tuple(sorted(cards("SQ CQ"))) and state.discard == tuple(sorted(cards("HK C9")))
    assert [state.hands[s] for s in (1, 2, 3)] == [set(D1.hands[s].cards) for s in (1, 2, 3)]
    # the taken card itself may be discarded
    state = SMEAR.new_state(D1, widow=1, taken="CQ", discard="CQ", trump="S")
    assert state.hands[0] == set(D1.hands[0].cards)
    # text or ints for the cards
    assert SMEAR.new_state(D1, widow=1, taken=cards("CQ"), discard=["C9"], trump=0).hands[0] == \
        set(cards("SA SJ S7 HK DT CQ"))


def test_with_a_widow_the_bidder_fixes_trump_and_must_lead_one():
    state = SMEAR.new_state(D1, widow=1, taken="CQ", discard="HK", trump="C")
    assert state.trump == 3  # fixed before any card is played
    assert legal(state) == toks("CQ C9")
    with pytest.raises(IllegalPlayError, match="must play one of CQ C9"):
        state.play(card("SA"))
    state.play(card("C9"))
    # clubs were led: seat 1 has the CT and must play it
    assert legal(state) == toks("CT")


def test_a_fixed_trump_must_be_a_suit_the_bidder_keeps():
    # E seat 2 holds no spade: it cannot fix spades
    with pytest.raises(RuleError, match="holds no card of that suit"):
        SMEAR.new_state(E, bidder=2, trump="S")
    with pytest.raises(RuleError, match="must keep a trump"):
        SMEAR.new_state(E, bidder=2, widow=1, taken="HT", discard="D7", trump="S")
    # taking the spade makes it possible
    state = SMEAR.new_state(E, bidder=2, widow=1, taken="ST", discard="D7", trump="S")
    assert state.legal_cards() == [card("ST")]
    # widow 0 with a trump named: the bidder still leads a trump
    assert legal(SMEAR.new_state(E, bidder=1, trump="H")) == toks("HK H8")


ALL_TRUMPS = deal("AKQJT9...", ".AKQJT9..", "..AKQJT9.", "...AKQJT9")  # undealt: 87 of each


def test_no_trump_discard_unless_holding_more_than_six_trumps():
    # 6 trumps + S8 = 7 trumps: one trump must go, whichever
    state = SMEAR.new_state(ALL_TRUMPS, widow=1, taken="S8", discard="SA", trump="S")
    assert state.hands[0] == set(cards("SK SQ SJ ST S9 S8"))
    # 7 trumps and a heart, discarding 2: one trump at most
    state = SMEAR.new_state(ALL_TRUMPS, widow=2, taken="S8 H8", discard="H8 S9", trump="S")
    assert state.hands[0] == set(cards("SA SK SQ SJ ST S8"))
    with pytest.raises(RuleError, match="holds 7 trumps and may discard only 1"):
        SMEAR.new_state(ALL_TRUMPS, widow=2, taken="S8 H8", discard="S9 S8", trump="S")
    # 6 trumps exactly (trump spades, two hearts taken): no trump may go
    with pytest.raises(RuleError, match="may not discard trumps unless holding more than six"):
        SMEAR.new_state(ALL_TRUMPS, widow=2, taken="H8 H7", discard="H8 S9", trump="S")
    # 8 trumps and a club: two trumps must go with the club
    found = legal_discards(set(ALL_TRUMPS.hands[0].cards) | set(cards("S8 S7 C7")), 0)
    assert len(found) == 28  # C(8, 2) pairs of trumps, each with the club
    assert all(card("C7") in d for d in found)


def test_legal_discards_without_excess_trumps_keep_every_trump():
    held = set(D1.hands[0].cards) | set(cards("SQ CQ"))  # 4 spades, HK DT C9 CQ
    found = legal_discards(held, 0)
    assert len(found) == 6  # 2 of the 4 non-trumps
    assert all(not any(c < 16 for c in d) for d in found)


def test_discard_counts_for_the_bidders_side_in_game():
    # TIE is a 34-34 tie; the bidder takes the undealt SK and discards it:
    # the discard's 3 game points give side 0 the Game point, the play is unchanged.
    plain = play(TIE, TIE_LINE)
    assert plain.score()["game_points"] == (34, 34) and plain.score()["game"] is None
    state = play(TIE, TIE_LINE, widow=1, taken="SK", discard="SK", trump="C")
    assert state.score()["game_points"] == (37, 34) and state.score()["game"] == 0
    # seat 1 bidding: the discard counts for side 1
    state = SMEAR.new_state(TIE, bidder=1, widow=1, taken="SK", discard="SK", trump="H")
    assert game_totals([], SIDES, 1, state.discard) == (0, 3)
    # the discard is never in play: a discarded trump is not High, Low or Jack
    state = SMEAR.new_state(ALL_TRUMPS, widow=1, taken="S8", discard="SJ", trump="S")
    rest = "SA HA DA CA  SK HK DK CK  SQ HQ DQ CQ  ST HJ DJ CJ  S9 HT DT CT  S8 H9 D9 C9"
    state = play(ALL_TRUMPS, rest, widow=1, taken="S8", discard="SJ", trump="S")
    points = state.points()
    assert points["high"] == 0 and points["low"] == 0 and points["jack"] is None
    # seat 0 wins every trick: 79 game points in play plus the discarded SJ;
    # the cards left undealt (S7 H8 H7 D8 D7 C8 C7) are worth nothing
    assert state.score()["game_points"] == (80, 0)


def test_undealt_cards_count_for_nobody():
    # D1: 44 + 30 in the tricks, the 6 game points of the undealt cards go nowhere
    state = play(D1, D1_LINE)
    assert state.score()["game_points"] == (44, 30)
    assert game_points(state.undealt) == 6
    # with a widow, the cards not taken stay undealt
    state = play(TIE, TIE_LINE, widow=1, taken="SK", discard="SK", trump="C")
    assert state.undealt == set(cards("SQ SJ S9 D9 CK CQ CJ"))
    assert sum(state.score()["game_points"]) + game_points(state.undealt) == 80


# -- play ------------------------------------------------------------------------

def test_the_bidder_leads_the_first_trick():
    for bidder in range(4):
        assert SMEAR.new_state(D1, bidder=bidder).to_play == bidder


def test_the_suit_of_the_first_lead_is_trump():
    state = SMEAR.new_state(D1)
    assert state.trump is None and len(state.legal_cards()) == 6  # any card
    state.play(card("HK"))
    assert state.trump == 1
    # hearts are trumps: seat 1 must play a heart (trumps were led)
    assert legal(state) == toks("HA H7")
    for c in cards("H7 HQ H9"):
        state.play(c)
    # seat 0 wins with the king of trumps; the trump stays hearts
    assert state.tricks[0].winner == 0 and state.trump == 1
    state.undo()
    state.undo()
    state.undo()
    state.undo()
    assert state.trump is None


def test_follow_suit_or_play_a_trump():
    state = play(D1, "SA S8 ST S9  S7 SK HQ CK  HA HJ H9")
    # seat 0 holds HK (hearts led) and the trump SJ: either, not DT or C9
    assert legal(state) == toks("SJ HK")
    with pytest.raises(IllegalPlayError, match="must play one of HK SJ"):
        state.play(card("DT"))
    state = play(D2, "HA H9 ST HQ  S8", bidder=1)
    # hearts trump, spades led: seat 2 holds SA SK and no trump
    assert legal(state) == toks("SA SK")
    state = play(D2, "HA H9 ST HQ  S8 SK SJ", bidder=1)
    # seat 0 holds S9 S7 and the trump HK: a trump is always allowed
    assert legal(state) == toks("S9 S7 HK")


def test_a_player_who_cannot_follow_may_play_any_card():
    # D2 trick 3, diamonds led: seat 0 holds HK S9 CK CQ, no diamond: any card,
    # the trump is allowed but not required
    state = play(D2, "HA H9 ST HQ  S8 SK SJ S7  DK DT", bidder=1)
    assert state.to_play == 0 and legal(state) == toks("S9 HK CK CQ")
    state = play(D1, "SA S8 ST S9  S7 SK")
    # spades (trumps) led, seat 2 has none: any card
    assert legal(state) == toks("HQ HJ DA D8 C7")


def test_when_trumps_are_led_play_a_trump_if_you_have_one():
    state = play(D1, "SA")
    assert legal(state) == toks("SK S8")
    with pytest.raises(IllegalPlayError, match="must play one of SK S8"):
        state.play(card("HA"))
    state = play(D2, "HA", bidder=1)
    assert legal(state) == toks("H9")  # seat 2's only trump
    state = play(D2, "HA H9", bidder=1)
    assert legal(state) == toks("SQ SJ ST DJ DT C9")  # seat 3 has no trump: any card
    state = play(D2, "HA H9 ST", bidder=1)
    assert legal(state) == toks("HK HQ")


def test_a_deal_is_six_tricks_and_the_winner_leads_the_next():
    state = play(D1, D1_LINE)
    assert state.is_over() and len(state.tricks) == 6
    assert [t.winner for t in state.tricks] == [0, 1, 1, 2, 3, 0]
    assert [t.leader for t in state.tricks] == [0, 0, 1, 1, 2, 3]
    with pytest.raises(IllegalPlayError, match="the deal is over"):
        state.play(card("SA"))
    with pytest.raises(IllegalPlayError, match="does not hold"):
        play(D1, "SK")


# -- the four points ------------------------------------------------------------

def test_high_goes_to_the_side_that_held_the_highest_trump_in_play():
    state = play(D2, D2_LINE, bidder=1, bid=3)
    assert state.points()["high"] == 1  # HA, seat 1
    # E: SK is undealt, so SA (seat 0) is the highest trump in play
    state = play(E, E_PREFIX + " SQ D7 D8 SJ  H8 HA C8 H7")
    assert state.points()["high"] == 0
    assert high_side([cards("S9"), cards("SA"), [], cards("SK")], 0, SIDES) == 1
    assert high_side([cards("S9 HA"), [], [], []], 1, SIDES) == 0
    assert high_side([cards("S9"), [], [], []], 1, SIDES) is None


def test_low_goes_to_the_side_that_held_the_lowest_trump_in_play():
    # E: S7 is seat 1's; D2: H7 is seat 1's (hearts)
    assert play(E, E_PREFIX + " SQ D7 D8 SJ  H8 HA C8 H7").points()["low"] == 1
    assert play(D2, D2_LINE, bidder=1).points()["low"] == 1
    # D1: S7 is the bidder's own
    assert play(D1, D1_LINE).points()["low"] == 0
    assert low_side([cards("S9"), cards("SA"), cards("SK S8"), []], 0, SIDES) == 0
    assert low_side([cards("S9 D7"), cards("SA DT"), [], []], 2, SIDES) == 0


def test_high_and_low_count_only_trumps_in_play_the_ace_or_7_may_be_undealt():
    # D1 with diamonds trump: D7 and D9 are undealt, so Low is seat 2's D8
    # (side 0), as is High (seat 2's DA); seat 1's DQ and seat 3's DK are
    # neither. Fixed as soon as the trump is known.
    state = play(D1, "DT")
    assert card("D7") in state.undealt and card("D9") in state.undealt
    assert state.points()["high"] == 0 and state.points()["low"] == 0
    # LONE: the CA is undealt, so the CJ is High
    state = play(LONE, "CJ")
    assert card("CA") in state.undealt and state.points()["high"] == 0
    # ALL_TRUMPS below: S7 undealt, Low is the S8 (checked there as well)
    assert low_side([cards("SA S8"), [], [], cards("SK")], 0, SIDES) == 0


def test_a_lone_trump_in_play_is_both_high_and_low():
    state = play(LONE, LONE_LINE)
    points = state.points()
    assert state.trump == 3 and points["high"] == 0 and points["low"] == 0
    assert points["jack"] == 0  # the lone trump is the jack: three points from one card
    assert state.objective() == 4
    assert high_side([[], cards("C7"), [], []], 3, SIDES) == 1 == low_side([[], cards("C7"), [], []], 3, SIDES)


def test_jack_goes_to_the_side_winning_the_trick_with_the_jack_of_trumps():
    # E: seat 1's SQ captures seat 0's SJ
    state = play(E, E_PREFIX + " SQ D7 D8 SJ  H8 HA C8 H7")
    assert state.points()["jack"] == 1
    # D1: seat 0 trumps the last trick with its own jack
    assert play(D1, D1_LINE).points()["jack"] == 0
    trick = Trick(2, tuple(cards("DA DK SJ SQ")), 1)
    assert jack_side([trick], 0, SIDES) == 1
    assert jack_side([trick], 1, SIDES) is None


def test_no_jack_point_when_the_jack_is_not_in_play():
    state = play(D2, D2_LINE, bidder=1)
    assert state.trump == 1 and card("HJ") in state.undealt
    assert state.points()["jack"] is None
    assert state.score()["won"] == (0, 3)


def test_game_goes_to_the_side_with_more_game_points():
    assert play(D1, D1_LINE).points()["game"] == 0  # 44 to 30
    assert play(D2, D2_LINE, bidder=1).points()["game"] == 1  # 23 to 35
    tricks = [Trick(0, tuple(cards("SA S7 S8 S9")), 1), Trick(1, tuple(cards("HT H7 H8 H9")), 0)]
    assert game_totals(tricks, SIDES, 0) == (10, 4) and game_side(tricks, SIDES, 0) == 0


def test_no_game_point_on_a_tie():
    state = play(TIE, TIE_LINE)
    assert state.score()["game_points"] == (34, 34)
    assert state.points() == {"high": 0, "low": 1, "jack": None, "game": None}
    tricks = [Trick(0, tuple(cards("ST S7 S8 S9")), 1), Trick(1, tuple(cards("HT H7 H8 H9")), 0)]
    assert game_side(tricks, SIDES, 0) is None
    # the bidder's discard breaks the tie for the bidder's side
    assert game_side(tricks, SIDES, 0, cards("D9 DJ")) == 0
    assert game_side(tricks, SIDES, 1, cards("DJ")) == 1


def test_points_won_and_objective_count_the_bidders_points():
    state = play(E, E_PREFIX + " SQ D7 D8 SJ  H8 HA C8 H7")
    # High side 0 (SA), Low side 1 (S7), Jack side 1, Game side 0 (25 to 22)
    assert state.points() == {"high": 0, "low": 1, "jack": 1, "game": 0}
    assert state.score()["game_points"] == (25, 22)
    assert state.max_side == 0 and state.objective() == 2
    assert points_won(state.start_hands, state.tricks, 0, SIDES, 0) == state.points()
    state = play(D2, D2_LINE, bidder=1)
    assert state.max_side == 1 and state.objective() == 3


# -- score and match ----------------------------------------------------------------

def test_made_bid_scores_the_points_won_even_more_than_the_bid():
    score = play(D1, D1_LINE, bid=2).score()
    assert score["won"] == (4, 0) and score["made"] and score["scores"] == (4, 0)
    score = play(E, E_PREFIX + " SQ D7 D8 SJ  H8 HA C8 H7", bid=2).score()
    assert score["made"] and score["scores"] == (2, 2)
    assert deal_scores((3, 1), 0, 3) == (3, 1)


def test_failed_bid_loses_the_bid_and_the_other_side_scores_its_points():
    score = play(E, E_PREFIX + " SQ D7 D8 SJ  H8 HA C8 H7", bid=3).score()
    assert not score["made"] and score["scores"] == (-3, 2)
    score = play(D2, D2_LINE, bidder=1, bid=4).score()
    assert score["won"] == (0, 3) and score["scores"] == (0, -4)
    score = play(TIE, TIE_LINE, bid=2).score()
    assert score["won"] == (1, 1) and score["scores"] == (-2, 1)
    assert deal_scores((0, 4), 1, 4) == (0, 4)
    assert deal_scores((1, 3), 0, 2) == (-2, 3)


def test_score_reports_the_contract_and_each_point():
    score = play(D1, D1_LINE, bid=4).score()
    assert score == {"trump": "S", "bidder": 0, "bidder_side": 0, "bid": 4, "high": 0, "low": 0,
                     "jack": 0, "game": 0, "game_points": (44, 30), "won": (4, 0), "made": True,
                     "scores": (4, 0)}


def test_the_first_side_to_reach_15_wins_the_match():
    result = match_result([((4, 0), 0, True), ((-2, 3), 0, False), ((4, 0), 0, True),
                           ((0, 4), 1, True), ((3, 1), 0, True), ((4, 0), 0, True)])
    assert result.totals == ((4, 0), (2, 3), (6, 3), (6, 7), (9, 8), (13, 8))
    assert result.winner is None and result.deals is None
    result = match_result([((4, 0), 0, True)] * 3 + [((3, 1), 0, True)])
    assert result.totals[-1] == (15, 1) and result.winner == 0 and result.deals == 4
    # scores may go negative
    assert match_result([((-4, 2), 0, False), ((1, -3), 1, False)]).totals == ((-4, 2), (-3, -1))


def test_a_failed_bid_can_let_the_other_side_reach_15():
    result = match_result([((0, 4), 1, True)] * 3 + [((-2, 3), 0, False)])
    assert result.totals[-1] == (-2, 15) and result.winner == 1 and result.deals == 4


def test_both_reaching_15_on_the_same_deal_the_bidders_win_if_they_made_it():
    deals = [((4, 0), 0, True), ((0, 4), 1, True), ((4, 0), 0, True), ((0, 4), 1, True),
             ((4, 0), 0, True), ((0, 4), 1, True)]  # 12-12
    result = match_result(deals + [((3, 1), 0, True)])  # only side 0 reaches 15
    assert result.totals[-1] == (15, 13) and result.winner == 0
    result = match_result(deals + [((3, 3), 1, True)])  # both on 15: side 1 bid and made
    assert result.totals[-1] == (15, 15) and result.winner == 1
    result = match_result(deals + [((3, 3), 0, True)])
    assert result.winner == 0
    # on the bidders' deal, the other side reaching 15 alone wins
    result = match_result(deals[:-1] + [((0, 4), 1, True), ((2, 4), 0, True)])
    assert result.totals[-1] == (14, 16) and result.winner == 1
    # both over 15, the bidders made it: they win even with the smaller total
    assert match_winner((15, 17), 0, True) == 0
    # both at 15 or more and the bidders failed: the other side
    assert match_winner((16, 15), 0, False) == 1
    assert match_winner((15, 16), 1, False) == 0
    assert match_winner((14, 16), 0, True) == 1
    assert match_winner((14, 14), 0, True) is None


def test_match_takes_score_dicts_and_rejects_bad_entries():
    score = play(D1, D1_LINE, bid=4).score()
    result = match_result([score] * 4)
    assert result.totals == ((4, 0), (8, 0), (12, 0), (16, 0)) and result.winner == 0
    with pytest.raises(RuleError, match="deal 5 played after the match was won"):
        match_result([score] * 5)
    with pytest.raises(RuleError, match="not \\(scores, bidder_side, made\\)"):
        match_result([(1, 2)])
    with pytest.raises(RuleError, match="bidder side 2"):
        match_result([((1, 2), 2, True)])
    with pytest.raises(RuleError, match="deal 1: .* is not"):
        match_result([((1, 2, 3), 0, True)])
    with pytest.raises(RuleError, match="bidder side 5"):
        match_result([{"scores": (1, 2), "bidder_side": 5, "made": True}])
    with pytest.raises(RuleError, match="without 'made'"):
        match_result([{"scores": (1, 2), "bidder_side": 0}])
    assert match_result([]).winner is None


# -- information ----------------------------------------------------------------

def test_public_cards_show_only_the_bidders_discard_to_the_bidder():
    state = SMEAR.new_state(D1, widow=1, taken="CQ", discard="HK", trump="S")
    assert state.public_cards(0) == {"discard": [card("HK")]}
    assert all(state.public_cards(s) == {} for s in (1, 2, 3))
    assert SMEAR.new_state(D1).public_cards(0) == {}
    view = state.visible_to(2)
    assert view["hand"] == sorted(D1.hands[2].cards) and view["public"] == {}
    state.play(card("SA"))
    assert state.visible_to(1)["trick"] == (0, (card("SA"),))


# -- notation ------------------------------------------------------------------

def test_deal_notation_round_trips_with_the_undealt_packet():
    text = "AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK undealt:Q.8.J97.QJ8"
    assert SMEAR.format_deal(D1) == text
    assert SMEAR.parse_deal(text) == D1
    # the undealt packet may be left out: it is the rest of the deck
    assert SMEAR.parse_deal("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK") == D1
    for seed in range(50):
        d = SMEAR.random_deal(seed)
        assert SMEAR.parse_deal(SMEAR.format_deal(d)) == d
    assert SMEAR.format_deal(SMEAR.random_deal(1)) == \
        "8.T9.8.J9 AQJ.8.T7. 7.Q.KQ.KQ K.AKJ.AJ. undealt:T9.7.9.AT87"


def test_partly_known_deals_round_trip():
    text = "AJ7.K.T.9 ? T.QJ..+3 ? undealt:?"
    d = SMEAR.parse_deal(text)
    assert not d.is_complete and SMEAR.format_deal(d) == text
    assert len(d.unseen_cards()) == 32 - 9
    with pytest.raises(NotationError, match="every card known"):
        SMEAR.new_state(d)


@pytest.mark.parametrize("text, why", [
    ("", "empty deal"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7", "3 hands given, a smear deal has 4"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK Q.8.J97.QJ8", "5 hands given"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.A", "5 cards, a hand here holds 6"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AKQ", "7 cards, a hand here holds 6"),
    ("AJ6.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK", "unknown card '6'"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK undealt:Q.8.J97.QJ", "7 cards, a hand here holds 8"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK undealt:Q.8.J97.QJ8 undealt:Q.8.J97.QJ8", "given twice"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK dog:Q.8.J97.QJ8", "unknown section 'dog'"),
    ("AJ7.K.T.9 AK8.7.Q.T T.QJ.A8.7 9.T9.K.AK", "'SA' given twice"),
    ("AJ7.K.T.9 K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK undealt:Q.8.J97.QJ7", "'C7' given twice"),
    ("AJ7.K.T K8.A7.Q.T T.QJ.A8.7 9.T9.K.AK", "3 suit groups"),
])
def test_bad_deals_name_the_problem(text, why):
    with pytest.raises(NotationError, match=why):
        SMEAR.parse_deal(text)


def test_bad_card_tokens():
    with pytest.raises(NotationError, match="unknown card 'S6'"):
        SMEAR.parse_cards("SA S6")
    with pytest.raises(NotationError, match="unknown card '21'"):
        SMEAR.parse_cards("21")
    with pytest.raises(NotationError, match="given twice"):
        SMEAR.parse_cards("SA HK SA")
    with pytest.raises(RuleError, match="holds 5 cards"):
        SMEAR.new_state(SMEAR.deal_from([cards("SA SK SQ SJ ST"), cards("S9 S8 S7 HA HK HQ"),
                                         cards("HJ HT H9 H8 H7 DA"), cards("DK DQ DJ DT D9 D8")],
                                        {"undealt": cards("D7 CA CK CQ CJ CT C9 C8 C7")}))


def test_rules_summary_and_commands(capsys):
    from atout.cli.main import main
    summary = SMEAR.rules_text()
    for words in ("seat 3 deals", "undealt:", "Widow", "High", "Low", "Jack", "Game", "15",
                  "redeals", "must lead a trump"):
        assert words in summary
    main(["rules", "smear"])
    assert capsys.readouterr().out.strip() == summary.strip()
    main(["deal", "--game", "smear", "--seed", "1"])
    out = capsys.readouterr().out.strip()
    assert SMEAR.format_deal(SMEAR.parse_deal(out)) == out
