"""Two-player Tarot with piles (RULES.md section 4): one test per rule line,
on hand-built positions. Endings are read with ``parse_deal(text, full=False)``:
any hand sizes, piles of 1 to 3 cards, top card first."""

from fractions import Fraction

import pytest

from atout.engine import IllegalPlayError, NotationError, RuleError, get_game
from atout.engine.cards import FOOL
from atout.engine.tarot2 import (GAME, PETIT, TARGETS, TWENTY_ONE, deal_score, half_points, is_oudler,
                                 trick_shares)

DECK = GAME.deck


def c(token):
    return DECK.parse_card(token)


def cs(text):
    return sorted(DECK.parse_cards(text))


def position(text, first=0):
    return GAME.new_state(GAME.parse_deal(text, full=False), first=first)


def play(state, text):
    for card in DECK.parse_cards(text):
        state.play(card)


# -- deck, points, seats ---------------------------------------------------------------

def test_game_is_registered_with_two_seats_and_the_tarot_pack():
    assert get_game("tarot2") is GAME
    assert GAME.name == "tarot2" and GAME.n_seats == 2 and GAME.sides == (0, 1)
    assert GAME.hand_sizes == (21, 21) and len(GAME.deck) == 78


def test_card_points_in_half_points_total_91():
    assert [half_points(c(t)) for t in ("21", "1", "EX", "SK", "HQ", "DC", "CJ", "ST", "H1", "2", "20")] == \
        [9, 9, 9, 9, 7, 5, 3, 1, 1, 1, 1]
    assert sum(half_points(card) for card in DECK.cards) == 182
    assert {card for card in DECK.cards if is_oudler(card)} == {FOOL, PETIT, TWENTY_ONE}


def test_targets_by_oudlers():
    assert TARGETS == (56, 51, 41, 36)


def test_a_full_deal_is_39_tricks_of_two_cards_with_six_piles_of_three():
    deal = GAME.random_deal(4)
    assert all(len(h.cards) == 21 for h in deal.hands)
    assert all(len(piles) == 6 and all(len(p) == 3 for p in piles) for piles in deal.piles)
    state = GAME.new_state(deal)
    assert state.tricks_left == 39
    while not state.is_over():
        state.play(state.legal_cards()[0])
    assert len(state.tricks) == 39 and all(len(t.cards) == 2 for t in state.tricks)


# -- the first leader is an input --------------------------------------------------------

@pytest.mark.parametrize("first", [0, 1])
def test_the_first_leader_is_an_input(first):
    state = GAME.new_state(GAME.random_deal(1), first=first)
    assert state.to_play == first and state.max_side == 0


@pytest.mark.parametrize("first", [2, -1, "x", None, True])
def test_a_bad_first_leader_is_a_rule_error(first):
    with pytest.raises(RuleError, match="first leader"):
        GAME.new_state(GAME.random_deal(1), first=first)


def test_the_winner_leads_the_next_trick():
    state = position("K.1... 1.K... piles0: piles1:")
    play(state, "SK S1")
    assert state.to_play == 0
    play(state, "H1 HK")
    assert state.tricks[-1].winner == 1


# -- playing from the piles, turning up ---------------------------------------------------

PILES = "1.... 5.... piles0:SK/HK,D1 piles1:S2/21,CK"  # 4 cards each


def test_playable_cards_are_the_hand_and_own_face_up_pile_tops():
    state = position(PILES)
    assert state.legal_cards() == cs("S1 SK D1")
    assert state.holding(1) == set(cs("S5 S2 CK"))
    for hidden in ("HK", "S2", "CK", "21"):  # face down, or the opponent's
        with pytest.raises(IllegalPlayError):
            state.play(c(hidden))


def test_a_face_down_card_cannot_be_played():
    state = position(PILES)
    with pytest.raises(IllegalPlayError, match="face down in pile 0 of player 0"):
        state.play(c("HK"))


def test_a_played_pile_top_leaves_the_pile_and_the_next_card_turns_up_only_after_the_trick():
    state = position(PILES)
    state.play(c("SK"))  # from pile 0
    assert state.piles[0][0] == (c("HK"),)
    # mid-trick: the HK is still face down, neither playable nor seen
    assert c("HK") not in state.holding(0)
    assert state.public_cards(1)["piles"][0][0] == (None, 1)
    assert c("HK") not in seen_cards(state.visible_to(1))
    state.play(c("S2"))  # player 1 follows from pile 0 too
    # the trick is gathered: both piles turn up their next card
    assert state.holding(0) == set(cs("S1 HK D1"))
    assert state.holding(1) == set(cs("S5 21 CK"))
    assert state.public_cards(0)["piles"] == [[(c("HK"), 0), (c("D1"), 0)], [(c("21"), 0), (c("CK"), 0)]]


def test_undo_puts_the_card_back_on_its_pile_face_up():
    state = position(PILES)
    before = (repr(state), state.public_cards(0))
    play(state, "SK S2 HK")
    for _ in range(3):
        state.undo()
    assert (repr(state), state.public_cards(0)) == before and not state.pending


def test_an_emptied_pile_stays_empty_and_the_deal_ends_when_hands_and_piles_are_empty():
    state = position(".... .... piles0:SK piles1:S1")
    assert state.tricks_left == 1
    play(state, "SK S1")
    assert state.piles == [((),), ((),)] and state.is_over() and state.legal_cards() == []


# -- obligations of the second player -----------------------------------------------------

def legal_after(text, lead, first=0):
    state = position(text, first)
    state.play(c(lead))
    return state.legal_cards()


def test_follow_suit_with_hand_or_pile_top():
    # player 1: S5 H3 21 EX in hand, S2 on a pile (HK under it)
    text = "K.1.1.1. 5.3...21,EX piles0:D2/D3 piles1:S2/HK"
    assert legal_after(text, "SK") == cs("S5 S2 EX")


def test_follow_suit_when_the_only_card_of_the_suit_is_a_pile_top():
    assert legal_after("K.1.1.. .3...21 piles0: piles1:S2", "SK") == cs("S2")


def test_a_face_down_card_of_the_suit_does_not_oblige():
    # the S2 is face down under the H4: cannot follow, so must trump
    assert legal_after("K.1.1.1. ..3..21 piles0: piles1:H4/S2", "SK") == cs("21")


def test_trumps_led_beat_the_trump_if_you_can():
    text = "K.1.1.1.10 Q....5,3,EX piles0:D2,D3 piles1:12/1,15"
    assert legal_after(text, "10") == cs("12 15 EX")


def test_trumps_led_any_trump_if_you_cannot_beat_it():
    text = "K.1.1.1.16 Q....5,3 piles0: piles1:12/H2"
    assert legal_after(text, "16") == cs("3 5 12")


def test_trumps_led_with_no_trump_play_any_card():
    text = "1.1...16 K.K... piles0: piles1:DK"
    assert legal_after(text, "16") == cs("SK HK DK")


def test_cannot_follow_must_trump_any_trump_is_allowed():
    # no trump in the trick to beat: the low 2 is as legal as the 20
    text = "K.1.1.1.21 .K...20,2 piles0: piles1:HQ/S1"
    assert legal_after(text, "SK") == cs("2 20")


def test_with_neither_the_suit_nor_trumps_play_any_card():
    text = "K.1.1.. .K.K.. piles0: piles1:CQ"
    assert legal_after(text, "SK") == cs("HK DK CQ")


def test_the_leader_may_lead_anything_playable():
    assert position(PILES).legal_cards() == cs("S1 SK D1")


# -- the Excuse ------------------------------------------------------------------------

@pytest.mark.parametrize("lead", ["SK", "10", "H1"])
def test_the_excuse_may_always_be_played(lead):
    # player 1 could follow (spades), beat the trump, or trump: the Excuse stays legal
    text = "K.1...10 5....12,EX piles0: piles1:"
    assert c("EX") in legal_after(text, lead)


def test_the_excuse_on_a_pile_top_may_be_played():
    assert c("EX") in legal_after("K1.... 5.... piles0: piles1:EX", "SK")


def test_the_excuse_never_wins_when_it_follows():
    state = position("1.... ....EX piles0: piles1:")
    play(state, "S1 EX")
    assert state.tricks[-1].winner == 0


def test_when_the_excuse_is_led_the_other_player_may_play_any_card_and_wins():
    text = "2.2.2..EX K.1...21 piles0: piles1:S5"
    state = position(text)
    state.play(c("EX"))
    assert state.led_suit is None  # the next card played sets the suit
    assert state.legal_cards() == cs("SK S5 H1 21")
    state.play(c("H1"))
    assert state.tricks[-1].winner == 1 and state.to_play == 1


def test_trick_winner_highest_trump_else_highest_of_the_suit_led():
    state = position(PILES)
    win = state.trick_winner
    assert win(0, cs("SK") + cs("2")) == 1      # any trump beats the king
    assert win(0, [c("3"), c("2")]) == 0        # higher trump
    assert win(1, [c("2"), c("3")]) == 0        # leader 1, the second card wins for player 0
    assert win(0, [c("S5"), c("SQ")]) == 1      # highest of the suit led
    assert win(0, [c("S5"), c("HK")]) == 0      # a discard never wins
    assert win(0, [c("EX"), c("S1")]) == 1      # Excuse led: the other player wins
    assert win(1, [c("21"), c("EX")]) == 1      # Excuse played second: the leader wins


def test_excuse_before_the_last_trick_owner_keeps_it_and_gives_half_a_point():
    # trick 1: player 0 plays the Excuse, player 1 wins it with the SK
    state = position("1....EX ..K.. piles0: piles1:SK")
    play(state, "EX SK")   # player 1 wins and leads the DK
    play(state, "DK S1")
    half, oudlers = state.points()
    # player 0 keeps the Excuse: 9 - 1 = 8 half points and its oudler; player 1:
    # SK 9 + the half point (1) + DK 9 + S1 1
    assert half == [8, 20] and oudlers == [1, 0]
    assert trick_shares([(0, FOOL), (1, c("SK"))], winner=1, last=False) == ([8, 10], [1, 0])
    assert state.objective() == 8 - 2 * 51


def test_excuse_in_the_last_trick_goes_to_the_trick_winner():
    state = position("1....EX ..K.. piles0: piles1:SK")
    play(state, "S1 SK")   # player 1 wins, leads the DK; player 0 plays the Excuse last
    play(state, "DK EX")
    half, oudlers = state.points()
    assert half == [0, 9 + 1 + 9 + 9] and oudlers == [0, 1]
    assert trick_shares([(1, c("DK")), (0, FOOL)], winner=1, last=True) == ([0, 18], [0, 1])
    assert state.objective() == 0 - 2 * 56


# -- score -------------------------------------------------------------------------------

def test_margins_and_winner_25_plus_margin():
    # player 0: 51 points with 1 oudler (margin 0); player 1: 40 with 2 (margin -1)
    s = deal_score([102, 80], [1, 2], None)
    assert s["targets"] == (51, 41) and s["margins"] == (0, -1)
    assert sum(s["margins"]) == -1
    assert s["winner"] == 0 and s["scores"] == (25, -25)
    s = deal_score([60, 122], [3, 0], None)  # 30 vs 36 (-6), 61 vs 56 (+5)
    assert s["margins"] == (-6, 5) and s["winner"] == 1 and s["scores"] == (-30, 30)


def test_equal_margins_are_a_draw_scored_zero():
    s = deal_score([101, 81], [1, 2], None)  # 50.5 - 51 = 40.5 - 41 = -0.5
    assert s["margins"] == (Fraction(-1, 2), Fraction(-1, 2))
    assert s["draw"] and s["winner"] is None and s["scores"] == (0, 0)


def test_petit_in_the_last_trick_plus_ten_to_the_trick_winner_minus_ten_to_the_other():
    assert deal_score([102, 80], [1, 2], 1)["scores"] == (15, -15)
    assert deal_score([102, 80], [1, 2], 0)["scores"] == (35, -35)
    assert deal_score([101, 81], [1, 2], 0)["scores"] == (10, -10)  # decided: a draw too


def test_petit_captured_in_the_last_trick_scores_for_the_captor():
    state = position("....1 ....2 piles0: piles1:")
    play(state, "1 2")
    s = state.score()
    assert s["petit_last"] == 1 and s["petit"] == (-10, 10)
    # player 1 won 9 + 1 half points and the Petit: 5 - 51 = -46; player 0: 0 - 56
    assert s["margins"] == (-56, -46) and s["winner"] == 1
    assert s["base"] == (21, -21) and s["scores"] == (21 - 10, -21 + 10)


def test_petit_saved_in_the_last_trick_scores_for_its_owner():
    state = position("....1 K.... piles0: piles1:", first=0)
    play(state, "1 SK")
    assert state.score()["petit_last"] == 0 and state.score()["petit"] == (10, -10)


def test_petit_before_the_last_trick_gives_no_bonus():
    state = position("K....1 2.... piles0: piles1:S1")
    play(state, "1 S1 SK S2")
    assert state.score()["petit_last"] is None and state.score()["petit"] == (0, 0)


def test_no_slam_bonus_and_no_handful():
    state = position("KQ....21,20,19 12....3,2,EX piles0: piles1:")
    while not state.is_over():
        state.play(state.legal_cards()[-1])
    s = state.score()
    assert all(t.winner == 0 for t in state.tricks)
    assert s["scores"][0] == 25 + s["margins"][0]
    assert set(s) >= {"points", "targets", "margins", "scores"} and not {"slam", "handful"} & set(s)


def test_score_is_exact_fractions():
    state = position("....1 K.... piles0: piles1:")
    play(state, "1 SK")
    s = state.score()
    assert all(isinstance(x, Fraction) for x in (*s["points"], *s["margins"], *s["scores"]))


# -- what each player sees ------------------------------------------------------------

def seen_cards(view):
    """Every card a ``visible_to`` view shows."""
    assert set(view) == {"seat", "hand", "tricks", "trick", "public", "hand_sizes"}
    seen = set(view["hand"]) | set(view["trick"][1])
    seen |= {card for _, cards in view["tricks"] for card in cards}
    seen |= {top for piles in view["public"]["piles"] for top, _ in piles if top is not None}
    return seen


def test_a_player_sees_the_pile_tops_not_the_face_down_cards_nor_the_opponents_hand():
    state = GAME.new_state(GAME.random_deal(9))
    for seat in (0, 1):
        seen = seen_cards(state.visible_to(seat))
        face_down = {card for piles in state.piles for pile in piles for card in pile[1:]}
        assert not seen & face_down
        assert not seen & state.hands[1 - seat]
        tops = {pile[0] for piles in state.piles for pile in piles}
        assert tops <= seen and state.hands[seat] <= seen


def test_a_deal_with_unknown_face_down_cards_cannot_be_played():
    text = GAME.format_deal(GAME.random_deal(2))
    pile = text.split("piles0:")[1].split(",")[0]
    hidden = text.replace(pile, pile.split("/")[0] + "/?/?")
    assert not GAME.parse_deal(hidden).is_complete
    with pytest.raises(NotationError, match="every card known"):
        GAME.new_state(GAME.parse_deal(hidden))
