"""Belote (RULES.md section 3): ranks and points, every obligation of the play,
trick winner, last trick, capot, Belote-Rebelote, made / failed scoring,
the naive search on small endings, the playing deal's notation and bad input.
Bidding is in test_belote_bidding.py, random playouts in test_belote_playouts.py."""

import pytest

from atout.engine import IllegalPlayError, NotationError, RuleError, get_game
from atout.engine.belote import (CAPOT_TOTAL, CARD_POINTS_TOTAL, DEAL_TOTAL, GAME, BeloteState,
                                 card_points, parse_trump, plain_strength, trump_strength)
from atout.engine.deal import Deal, Packet
from atout.engine.search import card_values, minimax


def cards(text):
    return GAME.parse_cards(text)


def card(token):
    return GAME.deck.parse_card(token)


def state(hands, trump="H", taker=0, played=""):
    return GAME.state_after(GAME.parse_deal(hands), cards(played), trump=trump, taker=taker)


def legal(st):
    return set(st.legal_cards())


# -- deck, ranks, points ----------------------------------------------------------------
def test_registered_as_belote_with_a_32_card_deck_and_four_seats_in_partnerships():
    assert get_game("belote") is GAME
    assert len(GAME.deck) == 32 and GAME.n_seats == 4
    assert GAME.hand_sizes == (8, 8, 8, 8) and GAME.extra_sizes == {}
    assert GAME.sides == (0, 1, 0, 1)
    # card ids in the plain order 7 8 9 J Q K T A, weakest first
    assert [GAME.deck.token(c) for c in range(8)] == ["S7", "S8", "S9", "SJ", "SQ", "SK", "ST", "SA"]
    assert card("HA") == 16 + 7 and card("C7") == 48


def test_trump_order_is_j_9_a_10_k_q_8_7():
    order = [trump_strength(card("H" + r)) for r in "J9ATKQ87"]
    assert order == sorted(order, reverse=True) and len(set(order)) == 8


def test_plain_order_is_a_10_k_q_j_9_8_7():
    order = [plain_strength(card("S" + r)) for r in "ATKQJ987"]
    assert order == sorted(order, reverse=True) and len(set(order)) == 8


def test_trump_points_j20_9_14_a11_10_10_k4_q3_8_7_nothing():
    points = {r: card_points(card("D" + r), parse_trump("D")) for r in "J9ATKQ87"}
    assert points == {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}


def test_plain_points_a11_10_10_k4_q3_j2_and_9_8_7_nothing():
    points = {r: card_points(card("D" + r), parse_trump("S")) for r in "ATKQJ987"}
    assert points == {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


@pytest.mark.parametrize("trump", "SHDC")
def test_the_pack_holds_152_card_points_62_in_trumps(trump):
    t = parse_trump(trump)
    assert sum(card_points(c, t) for c in GAME.deck.cards) == CARD_POINTS_TOTAL == 152
    assert sum(card_points(c, t) for c in GAME.deck.suit_cards(t)) == 62
    assert DEAL_TOTAL == 162 and CAPOT_TOTAL == 252


# -- trick winner ---------------------------------------------------------------------
def test_highest_trump_wins_in_trump_order():
    st = GAME.new_state(GAME.random_deal(0), trump="H")
    assert st.trick_winner(0, cards("SA H9 HA S7")) == 1     # 9 beats A in trumps
    assert st.trick_winner(0, cards("SA H9 HA HJ")) == 3     # J beats 9
    assert st.trick_winner(2, cards("H7 HK HQ H8")) == 3     # K > Q > 8 > 7; seat 2 led, HK is seat 3's
    assert st.trick_winner(1, cards("HT SA DA CA")) == 1     # a lone trump beats aces


def test_without_trump_the_highest_card_of_the_suit_led_wins_in_plain_order():
    st = GAME.new_state(GAME.random_deal(0), trump="H")
    assert st.trick_winner(0, cards("SJ S9 SQ S8")) == 2      # plain: Q > J > 9
    assert st.trick_winner(0, cards("ST SK S7 SJ")) == 0      # plain: 10 > K
    assert st.trick_winner(0, cards("S7 DA CA DJ")) == 0      # other plain suits never win


# -- the obligations -----------------------------------------------------------------------
# P: seat 0 holds all the spades; trumps (H) 9 7 / J Q 8 / A 10 K; seat 1 diamonds, 2 and 3 clubs.
P = "ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK .ATK..QJ987"
# Q: spades split between seats 0 and 1; seats 2 and 3 have trumps 9 8 / J A 10 K Q 7.
Q = "ATK7..ATKQ. QJ98..J987. .98..ATKQJ9 .JATKQ7..87"
# R: seat 0 all spades; trumps J 10 / K Q 8 / 9 A 7.
R = "ATKQJ987... .JT.ATKQJ9. .KQ8.87.ATK .9A7..QJ987"


def test_seat_0_leads_the_first_trick_any_card():
    st = state(Q)
    assert st.to_play == 0 and legal(st) == set(st.hands[0])


def test_must_follow_suit_but_need_not_beat_a_plain_card():
    st = state(Q, played="SA")
    assert legal(st) == set(cards("SQ SJ S9 S8"))
    with pytest.raises(IllegalPlayError, match="must play one of"):
        st.play(card("DJ"))


def test_trump_lead_must_be_beaten_if_possible():
    # R, trick 1 S7 HJ H8 C7 (seat 1 wins and leads trump 10)
    st = state(R, played="S7 HJ H8 C7 HT")
    assert legal(st) == set(cards("HK HQ"))           # seat 2 cannot beat the 10: any trump
    st.play(card("HK"))
    assert legal(st) == set(cards("H9 HA"))           # seat 3 must beat the 10, though its partner wins
    st.play(card("HA"))
    assert legal(st) == set(st.hands[0])              # seat 0 has no trump: any card


def test_trump_lead_overtrump_counts_every_trump_in_the_trick():
    st = state(R, played="S7 HJ H8 C7 HT HQ")
    assert legal(st) == set(cards("H9 HA"))
    st = state(R, played="S7 HJ H8 C7 HT HK H9")
    assert legal(st) == set(st.hands[0])


def test_void_with_opponent_winning_must_trump_with_any_trump_when_none_in_trick():
    st = state(P, played="S7")
    assert legal(st) == set(cards("H9 H7"))
    with pytest.raises(IllegalPlayError):
        st.play(card("DA"))


def test_void_with_opponent_winning_must_overtrump():
    st = state(P, played="S7 H9")
    assert legal(st) == set(cards("HJ"))
    st = state(P, played="S7 H7")
    assert legal(st) == set(cards("HJ HQ H8"))


def test_void_with_opponent_winning_must_undertrump_when_it_cannot_overtrump():
    st = state(P, played="S7 H9 HJ")
    assert legal(st) == set(cards("HA HT HK"))        # none beats the jack, yet a trump is forced
    st = state(R, played="S7 HT")
    assert legal(st) == set(cards("HK HQ H8"))


def test_partner_winning_exempts_from_trumping():
    st = state(Q, played="SA S8")
    assert legal(st) == set(st.hands[2])              # clubs and trumps alike
    st.play(card("C9"))
    assert legal(st) == set(cards("HJ HA HT HK HQ H7"))  # seat 3: the opponents win, so trump


def test_partner_winning_a_chosen_trump_must_beat_the_trumps_in_the_trick():
    st = state(R, played="S7 HT H8")                  # seat 1 (partner of 3) wins with the 10
    assert legal(st) == set(cards("H9 HA CQ CJ C9 C8 C7"))  # not the 7, which cannot beat it


def test_partner_winning_with_an_unbeatable_trump_any_trump_may_be_played():
    st = state(R, played="S7 HJ H8")
    assert legal(st) == set(st.hands[3])              # the 7 of trumps too


def test_overtrumping_the_partners_lowly_trump_when_the_opponents_trumped_higher():
    st = state(Q, played="SA S8 H8")                  # seat 2 trumps its partner's trick
    assert legal(st) == set(cards("HJ HA HT HK HQ"))  # seat 3 must overtrump the 8


def test_void_without_trump_plays_any_card():
    st = state(R, played="S7 HJ H8 C7 DA")            # seat 1 leads diamonds, seat 2 has 8 7
    assert legal(st) == set(cards("D8 D7"))
    st.play(card("D8"))
    assert legal(st) == set(st.hands[3])              # seat 3 void, its partner's ace wins: anything
    st.play(card("C8"))
    assert legal(st) == set(st.hands[0])              # seat 0: no diamond, no trump


def test_illegal_plays_name_the_card_and_why():
    st = state(Q, played="SA")
    with pytest.raises(IllegalPlayError, match="does not hold"):
        st.play(card("SA"))
    with pytest.raises(IllegalPlayError, match="must play one of SQ SJ S9 S8"):
        st.play(card("DJ"))


def test_the_winner_leads_the_next_trick_and_undo_restores():
    st = state(P, played="S7 H9 HJ HA")
    assert st.tricks[0].winner == 2 and st.to_play == 2
    before = repr(st)
    st.play(card("CA"))
    assert st.undo() == card("CA") and repr(st) == before
    for _ in range(4):
        st.undo()
    assert not st.tricks and st.to_play == 0


# -- objective, last trick, capot -----------------------------------------------------------
# E: six tricks all won by seat 0 (104 points), then a two-trick ending
#    seat 0 HJ S7, seat 1 HQ ST, seat 2 H7 SK, seat 3 H8 SA, seat 0 to lead.
E = "Q7.J9.AT.AT TJ.AQ.J7.J7 K9.T7.K8.K8 A8.K8.Q9.Q9"
E_PREFIX = "CA C7 C8 C9 CT CJ CK CQ DA D7 D8 D9 DT DJ DK DQ SQ SJ S9 S8 H9 HA HT HK"


def test_card_points_of_the_tricks_won():
    st = state(E, played=E_PREFIX)
    assert st.objective() == 11 + 19 + 11 + 19 + 5 + 39 == 104
    assert st.card_points_of_side(1) == 0


def test_last_trick_is_worth_10_more():
    st = state(E, played=E_PREFIX + " S7 ST SK SA H8 HJ HQ H7")
    assert st.card_points_of_side(1) == 25
    assert st.card_points_of_side(0) == 104 + 23 + 10 == 137
    st = state(E, played=E_PREFIX + " HJ HQ H7 H8 S7 ST SK SA")
    assert st.card_points_of_side(0) == 104 + 23 and st.card_points_of_side(1) == 25 + 10


def test_capot_the_taker_side_winning_every_trick_is_worth_252():
    hands = ".ATKQJ987.. ATKQJ987... ..ATKQJ987. ...ATKQJ987"   # seat 0 all trumps
    st = state(hands, trump="H", taker=2)
    while not st.is_over():
        st.play(max(st.legal_cards()))
    assert st.tricks_won(0) == 8 and st.objective() == 252
    s = st.score()
    assert s["capot"] == 0 and s["card_points"] == [252, 0] and s["made"]
    assert s["belote_rebelote"] == [20, 0] and s["scores"] == [272, 0]


def test_capot_against_the_taker_is_0_and_the_defence_scores_252_and_both_belotes():
    hands = ".ATKQJ987.. ATKQJ987... ..ATKQJ987. ...ATKQJ987"
    st = state(hands, trump="H", taker=1)
    while not st.is_over():
        st.play(min(st.legal_cards()))
    assert st.objective() == 0
    s = st.score()
    assert s["capot"] == 0 and not s["made"]
    assert s["scores"] == [252 + 20, 0]


def test_seven_tricks_of_eight_is_no_capot_but_card_points():
    st = state(E, played=E_PREFIX)
    st.play(card("S7"))
    for t in ("ST", "SK", "SA"):
        st.play(card(t))
    for t in ("H8", "HJ", "HQ", "H7"):
        st.play(card(t))
    assert st.tricks_won(0) == 7 and st.objective() == 137 and st.card_points_of_side(1) == 25


# -- Belote-Rebelote and the score ----------------------------------------------------------
def finished(hands, trump, taker, line):
    st = state(hands, trump=trump, taker=taker, played=line)
    assert st.is_over()
    return st.score()


TIE = ("QJ.Q.AT8.Q8 A.J8.KJ.TJ9 K8.97.Q7.A7 T97.ATK.9.K", "H",
       "DA DJ DQ D9 CQ C9 CA CK SK ST SJ SA CT C7 HA C8 HT HQ HJ H7 H8 H9 HK D8"
       " S8 S7 SQ CJ DT DK D7 S9")
TIE_BR = ("T.Q9.8.AJ98 AJ9.8.KQJ9. KQ87.7.A.T7 .ATKJ.T7.KQ", "S",
          "C8 SA CT CK DJ DA D7 D8 S7 HK ST SJ DK S8 DT HQ SK CQ H9 S9 H8 H7 HA C9"
          " HT CA D9 SQ C7 HJ CJ DQ")
FAIL = ("KJ8.T98..Q7 T.KQ.ATK7.J A97.7..TK98 Q.AJ.QJ98.A", "S",
        "SK ST SA SQ C8 CA CQ CJ DJ S8 D7 S9 C9 DQ C7 HQ H7 HJ H8 HK DT S7 D9 SJ"
        " HT DA CK HA D8 H9 DK CT")
FAIL_TAKER_BR = ("KQ8.J9.8.Q9 A7.K8.TJ7.T T.ATQ.AKQ.K J9.7.9.AJ87", "S",
                 "D8 D7 DK D9 ST S9 SQ S7 CJ C9 CT CK DJ DA SJ S8 H7 HJ H8 HA HQ C7 H9 HK"
                 " SA HT C8 SK DT DQ CA CQ")
FAIL_DEF_BR = ("J.A.T9.QJ97 AT.KQ8.Q.A8 98.T9.A87.T KQ7.J7.KJ.K", "S",
               "CQ CA CT CK HQ H9 HJ HA SJ ST S9 S7 C7 C8 S8 SQ DJ D9 DQ DA D8 DK DT SA"
               " H8 HT H7 CJ D7 SK C9 HK")
MADE_DEF_BR = ("TK.K97.QJ.9 .TJ.TK9.KQ8 A87..87.TJ7 QJ9.AQ8.A.A", "C",
               "SK CQ S7 SJ HT CT H8 H7 S8 S9 ST C8 HJ C7 HQ H9 CJ CA C9 CK SA SQ DJ DK"
               " D7 DA DQ DT HA HK D9 D8")


def test_belote_rebelote_is_20_for_the_side_of_the_player_holding_trump_king_and_queen():
    st = state(FAIL_TAKER_BR[0], trump="S")           # seat 0 holds SK SQ
    assert st.belote_rebelote_seat() == 0
    assert (st.belote_rebelote(0), st.belote_rebelote(1)) == (20, 0)
    st = state(FAIL_TAKER_BR[0], trump="D")           # DK and DQ with seat 2
    assert st.belote_rebelote_seat() == 2
    st = state(FAIL_TAKER_BR[0], trump="C")           # CQ seat 0, CK seat 2: no Belote
    assert st.belote_rebelote_seat() is None
    assert (st.belote_rebelote(0), st.belote_rebelote(1)) == (0, 0)


def test_belote_rebelote_is_not_in_the_objective():
    st = state(FAIL_TAKER_BR[0], trump="S", taker=0, played=FAIL_TAKER_BR[2])
    assert st.objective() == 17 == st.score()["card_points"][0]


def test_made_on_a_tie_of_card_points():
    s = finished(TIE[0], TIE[1], 0, TIE[2])
    assert s["card_points"] == [81, 81] and s["belote_rebelote"] == [0, 0]
    assert s["made"] and s["scores"] == [81, 81]
    s = finished(TIE[0], TIE[1], 3, TIE[2])         # the other side took: a tie is made too
    assert s["taker_side"] == 1 and s["made"] and s["scores"] == [81, 81]


def test_made_on_a_tie_counting_the_takers_belote_rebelote():
    s = finished(TIE_BR[0], TIE_BR[1], 0, TIE_BR[2])
    assert s["card_points"] == [71, 91] and s["belote_rebelote"] == [20, 0]
    assert s["made"] and s["scores"] == [91, 91]


def test_failed_taker_scores_0_and_the_defence_162():
    s = finished(FAIL[0], FAIL[1], 0, FAIL[2])
    assert s["card_points"] == [80, 82] and not s["made"]
    assert s["scores"] == [0, 162]
    s = finished(FAIL[0], FAIL[1], 1, FAIL[2])       # side 1 took: 82 >= 80, made
    assert s["made"] and s["scores"] == [80, 82]


def test_failed_the_defence_also_scores_the_takers_belote_rebelote():
    s = finished(FAIL_TAKER_BR[0], FAIL_TAKER_BR[1], 0, FAIL_TAKER_BR[2])
    assert s["card_points"] == [17, 145] and s["belote_rebelote"] == [20, 0]
    assert not s["made"] and s["scores"] == [0, 162 + 20]


def test_defenders_belote_rebelote_can_make_the_taker_fail():
    s = finished(FAIL_DEF_BR[0], FAIL_DEF_BR[1], 0, FAIL_DEF_BR[2])
    assert s["card_points"] == [88, 74] and s["belote_rebelote"] == [0, 20]
    assert not s["made"] and s["scores"] == [0, 182]


def test_made_each_side_scores_its_own_points_and_belote_rebelote():
    s = finished(MADE_DEF_BR[0], MADE_DEF_BR[1], 0, MADE_DEF_BR[2])
    assert s["card_points"] == [94, 68] and s["belote_rebelote"] == [0, 20]
    assert s["made"] and s["scores"] == [94, 88]
    assert s["taker"] == 0 and s["trump"] == "C" and s["capot"] is None


def test_score_before_the_end_is_an_error():
    with pytest.raises(RuleError, match="not over"):
        state(P, played="S7").score()


# -- the naive search on endings ----------------------------------------------------------
def test_minimax_two_trick_ending_lead_the_loser_to_win_the_last_trick():
    st = state(E, played=E_PREFIX)
    # lead S7: seat 3 wins 25, then seat 0's jack takes 23 + the last trick 10 -> 104 + 33
    # lead HJ: 23 now, the spade trick and the 10 go to seat 3                -> 104 + 23
    assert minimax(st) == 137
    assert card_values(st) == {card("S7"): 137, card("HJ"): 127}


def test_minimax_the_defence_maximising_when_it_took():
    st = GAME.state_after(GAME.parse_deal(E), cards(E_PREFIX), trump="H", taker=1)
    assert st.max_side == 1 and not st.maximizing()
    assert minimax(st) == 25                          # seat 0 leads the spade first
    assert card_values(st) == {card("S7"): 25, card("HJ"): 35}


def test_minimax_one_trick_ending():
    st = state(E, played=E_PREFIX + " S7 ST SK SA")
    assert minimax(st) == 137


def test_minimax_finds_the_capot():
    # E with seat 0's S7 and seat 3's SA swapped: seat 0 wins every trick either way
    hands = "AQ.J9.AT.AT TJ.AQ.J7.J7 K9.T7.K8.K8 87.K8.Q9.Q9"
    st = state(hands, played=E_PREFIX)
    assert minimax(st) == 252
    st = GAME.state_after(GAME.parse_deal(hands), cards(E_PREFIX), trump="H", taker=3)
    assert minimax(st) == 0


def test_minimax_three_trick_ending():
    # E after five tricks (65 points to seat 0): seat 0 holds H9 HJ S7, the two top trumps.
    # It wins both trump tricks (62), seat 3's ace the spade (25); the 10 of the last trick
    # goes to seat 0 if it keeps a trump for last: 65 + 72 whatever it leads now.
    st = state(E, played=E_PREFIX.rsplit(" ", 4)[0])
    assert st.objective() == 65 and st.to_play == 0
    assert card_values(st) == {card("H9"): 137, card("HJ"): 137, card("S7"): 137}
    st.play(card("HJ"))
    for c in ("HA", "HT", "HK"):
        st.play(card(c))
    # now H9 then S7 gives the last trick away: 65 + 45 + 17 = 127; S7 first: 137
    assert card_values(st) == {card("H9"): 127, card("S7"): 137}
    taken = GAME.state_after(GAME.parse_deal(E), cards(E_PREFIX.rsplit(" ", 4)[0]), trump="H", taker=1)
    assert minimax(taken) == 25


# -- notation of the playing deal and bad input ------------------------------------------------
def test_deal_round_trips():
    for seed in range(20):
        deal = GAME.random_deal(seed)
        text = GAME.format_deal(deal)
        assert GAME.parse_deal(text) == deal and GAME.format_deal(GAME.parse_deal(text)) == text
        assert all(len(h.cards) == 8 for h in deal.hands)
    assert GAME.format_deal(GAME.parse_deal(P)) == P


@pytest.mark.parametrize("text, why", [
    ("", "empty deal"),
    ("ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK", "3 hands given"),
    ("ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK .ATK..QJ98", "7 cards, a hand here holds 8"),
    ("ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK .ATK..QJ9876", "unknown card '6'"),
    ("ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK .ATK..QJ98.7", "5 suit groups"),
    ("ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK .ATK..QJ987 turned:HJ", "unknown section 'turned'"),
    ("ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK .ATK.8.QJ98", "given twice"),
    ("ATKQJ98.7.. .97.ATKQJ9. .QJ8.87.ATK .ATK..QJ987", "given twice"),
])
def test_bad_deals_name_the_problem(text, why):
    with pytest.raises(NotationError, match=why):
        GAME.parse_deal(text)


def test_cards_outside_the_32_card_deck_are_unknown():
    for token in ("S6", "H2", "DX", "EX", "21"):
        with pytest.raises(NotationError, match="not a card of the belote deck"):
            GAME.deck.parse_card(token)


@pytest.mark.parametrize("trump", ["X", "NT", 4, -1, True, None, "SH", 1.0])
def test_bad_trump_is_a_rule_error(trump):
    with pytest.raises(RuleError, match="unknown trump"):
        GAME.new_state(GAME.random_deal(1), trump=trump)


@pytest.mark.parametrize("taker", [4, -1, "N", None, True, "10"])
def test_bad_taker_is_a_rule_error(taker):
    with pytest.raises(RuleError, match="unknown taker"):
        GAME.new_state(GAME.random_deal(1), taker=taker)


@pytest.mark.parametrize("trump, expected", [("S", 0), ("h", 1), ("D", 2), ("C", 3), (0, 0), (3, 3)])
def test_trump_by_letter_or_number(trump, expected):
    assert GAME.new_state(GAME.random_deal(1), trump=trump).trump == expected


def test_a_partly_known_or_short_deal_cannot_be_played():
    with pytest.raises(NotationError, match="every card known"):
        GAME.new_state(GAME.parse_deal("ATKQJ987... ? .JQ8.87.ATK .ATK..QJ987"))
    short = Deal(GAME, tuple(Packet(frozenset(cards(t))) for t in ("SA SK", "HA HK", "DA DK", "CA CK")))
    with pytest.raises(RuleError, match="8 cards in each hand"):
        BeloteState(GAME, short, 1, 0)


def test_turned_card_must_be_in_the_takers_hand():
    deal = GAME.parse_deal(P)
    assert GAME.new_state(deal, trump="H", taker=1, turned="H9").public_cards(3)["turned"] == card("H9")
    with pytest.raises(RuleError, match="not in the taker's"):
        GAME.new_state(deal, trump="H", taker=1, turned="HJ")
    with pytest.raises(NotationError, match="unknown card"):
        GAME.new_state(deal, trump="H", taker=1, turned="H6")


def test_public_cards_the_turned_card_the_taker_and_belote_announcements():
    deal = GAME.parse_deal(FAIL_TAKER_BR[0])      # seat 0 holds SK SQ
    st = GAME.new_state(deal, trump="S", taker=0, turned="SK")
    assert st.public_cards(2) == {"turned": card("SK"), "taker": 0, "trump": 0, "announcements": {}}
    line = cards(FAIL_TAKER_BR[2])
    k = line.index(card("SQ"))
    for c in line[:k + 1]:
        st.play(c)
    assert st.public_cards(1)["announcements"] == {0: "belote"}
    for c in line[k + 1:line.index(card("SK")) + 1]:
        st.play(c)
    assert st.public_cards(3)["announcements"] == {0: "rebelote"}
    assert st.visible_to(1)["public"]["turned"] == card("SK")


def test_rules_summary_states_the_rules():
    text = GAME.rules_text()
    assert len(text.splitlines()) >= 10
    for phrase in ("J 9 A 10 K Q 8 7", "A 10 K Q J 9 8 7", "162", "252", "Belote-Rebelote",
                   "partner", "lower trump", "void", "turned"):
        assert phrase in text


def test_contract_target_is_the_least_value_that_makes():
    """At the end of random deals, objective >= contract_target() exactly
    when the score says made."""
    import random as _random
    rng = _random.Random(11)
    for seed in range(300):
        state = GAME.new_state(GAME.random_deal(seed), trump=rng.choice("SHDC"), taker=rng.randrange(4))
        while not state.is_over():
            state.play(rng.choice(state.legal_cards()))
        assert (state.objective() >= state.contract_target()) == state.score()["made"]
