"""Tarocco Piemontese (RULES.md section 2): deck, notation, the dealer's
discard, legal cards, trick winner, points and score, one test per rule."""

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine import FOOL, TRUMPS, IllegalPlayError, NotationError, RuleError, get_game, suit_of
from atout.engine.game import Trick
from atout.engine.tarocco import (CARD_POINTS, DECK, MATTO, TOTAL_POINTS, card_points, check_deal_discard,
                                  check_discard, final_points, legal_discards, simple_discard)

GAME = get_game("tarocco")
#: GAME.format_deal(GAME.random_deal(1))
DEAL = ("KT87.K5.KJA4.A4.21,16,3 .QT76.35.KC.20,19,15,9,7,5,2 65.C9.C6.Q23.18,12,10,6,4,MT "
        "QCJ9.J8.Q2.J.17,14,13,11,8,1 discard:...56.")


def cards(text):
    return DECK.parse_cards(text)


def card(token):
    return DECK.parse_card(token)


def position(hands, trick="", leader=0):
    """A hand-built position: the hands (any sizes) and the cards of the
    current trick, led by ``leader``."""
    state = GAME.new_state(GAME.parse_deal(DEAL))
    state.hands = [set(DECK.parse_hand(h)[0]) if h else set() for h in hands]
    state.leader = leader
    state.trick = cards(trick)
    return state


def tokens(card_list):
    return sorted(DECK.token(c) for c in card_list)


# -- deck ---------------------------------------------------------------------------

def test_game_metadata():
    assert GAME.name == "tarocco" and GAME.n_seats == 4
    assert GAME.sides == (0, 1, 0, 1) and GAME.dealer == 3
    assert GAME.hand_sizes == (15, 15, 15, 15) and GAME.extra_sizes == {"discard": 2}


def test_deck_has_62_cards_ten_per_suit_21_trumps_and_the_matto():
    assert len(DECK) == 62
    for suit in range(4):
        assert len(DECK.suit_cards(suit)) == 10
    assert [c - 64 for c in DECK.suit_cards(TRUMPS)] == list(range(21, 0, -1))
    assert MATTO == FOOL == card("MT") and suit_of(MATTO) != TRUMPS


@pytest.mark.parametrize("removed", ["SA", "S2", "S3", "S4", "BA", "B2", "B3", "B4",
                                     "C7", "C8", "C9", "CT", "D7", "D8", "D9", "DT"])
def test_the_removed_cards_are_not_in_the_deck(removed):
    with pytest.raises(NotationError, match=f"unknown card {removed!r}"):
        DECK.parse_card(removed)


def test_card_ids_follow_the_shared_layout():
    assert card("S5") == 0 and card("SK") == 9
    assert card("B5") == 16 and card("BT") == 16 + 5
    assert card("C6") == 32 and card("CA") == 32 + 5 and card("CK") == 32 + 9
    assert card("D6") == 48 and card("DJ") == 48 + 6 and card("DC") == 48 + 7
    assert card("1") == 65 and card("21") == 85 and card("MT") == 64


@pytest.mark.parametrize("suit, order", [
    (0, "SK SQ SC SJ ST S9 S8 S7 S6 S5"),
    (1, "BK BQ BC BJ BT B9 B8 B7 B6 B5"),
])
def test_long_suits_rank_king_queen_cavallo_fante_then_10_down_to_5(suit, order):
    assert DECK.format_cards(DECK.suit_cards(suit)) == order
    state = position(["", "", "", ""])
    ranks = order.split()
    assert state.trick_winner(0, cards(f"{ranks[5]} {ranks[4]} {ranks[9]} {ranks[8]}")) == 1  # 10 beats 9
    assert state.trick_winner(0, cards(f"{ranks[9]} {ranks[8]} {ranks[6]} {ranks[7]}")) == 2  # 7 beats 6, 5
    assert state.trick_winner(0, cards(f"{ranks[4]} {ranks[3]} {ranks[2]} {ranks[1]}")) == 3  # Q beats C, J


@pytest.mark.parametrize("suit, order", [
    (2, "CK CQ CC CJ CA C2 C3 C4 C5 C6"),
    (3, "DK DQ DC DJ DA D2 D3 D4 D5 D6"),
])
def test_round_suits_rank_pips_in_reverse(suit, order):
    assert DECK.format_cards(DECK.suit_cards(suit)) == order
    state = position(["", "", "", ""])
    ranks = order.split()
    assert state.trick_winner(0, cards(f"{ranks[9]} {ranks[5]} {ranks[7]} {ranks[8]}")) == 1  # 2 beats 4, 5, 6
    assert state.trick_winner(0, cards(f"{ranks[5]} {ranks[4]} {ranks[6]} {ranks[9]}")) == 1  # ace beats 2
    assert state.trick_winner(0, cards(f"{ranks[4]} {ranks[3]} {ranks[2]} {ranks[1]}")) == 3  # Q beats C, J


def test_trumps_rank_21_down_to_1():
    state = position(["", "", "", ""])
    assert state.trick_winner(0, cards("1 2 SK 3")) == 3
    assert state.trick_winner(2, cards("20 21 19 MT")) == 3
    assert state.trick_winner(1, cards("SK SQ SC 1")) == 0  # trump 1 beats the King led


# -- card points --------------------------------------------------------------------

@pytest.mark.parametrize("token, points", [
    ("SK", 5), ("BK", 5), ("CK", 5), ("DK", 5), ("1", 5), ("21", 5), ("MT", 5),
    ("SQ", 4), ("DQ", 4), ("BC", 3), ("CC", 3), ("SJ", 2), ("DJ", 2),
    ("ST", 1), ("S5", 1), ("CA", 1), ("D6", 1), ("2", 1), ("20", 1),
])
def test_card_points(token, points):
    assert card_points(card(token)) == points == CARD_POINTS[card(token)]


def test_points_total_114_with_the_counts_of_the_rules():
    assert sum(card_points(c) for c in DECK.cards) == TOTAL_POINTS == 114
    by_value = {}
    for c in DECK.cards:
        by_value[card_points(c)] = by_value.get(card_points(c), 0) + 1
    assert by_value == {5: 4 + 3, 4: 4, 3: 4, 2: 4, 1: 43}


# -- the dealer's discard ----------------------------------------------------------------

#: 17 cards with plenty of plain discardable cards and every forbidden card.
H17 = cards("S5 S6 S7 SQ SK B5 B6 BK C6 C5 D6 D5 1 21 5 9 MT")


@pytest.mark.parametrize("bad, why", [
    ("SK", "a King may not be discarded"),
    ("BK", "a King may not be discarded"),
    ("1", "trump 1 may not be discarded"),
    ("21", "trump 21 may not be discarded"),
    ("MT", "the Matto may not be discarded"),
])
def test_discard_never_holds_a_king_trump_1_trump_21_or_the_matto(bad, why):
    with pytest.raises(RuleError, match=f"cannot discard {bad}: {why}"):
        check_discard(H17, cards(f"S5 {bad}"))


def test_plain_non_king_cards_may_be_discarded():
    check_discard(H17, cards("S5 SQ"))
    check_discard(H17, cards("C5 D6"))


def test_no_trump_discard_while_two_other_cards_may_go():
    with pytest.raises(RuleError, match="cannot discard 5: a trump may be discarded only when"):
        check_discard(H17, cards("S5 5"))
    with pytest.raises(RuleError, match="cannot discard 5"):
        check_discard(H17, cards("5 9"))  # trump 1 and 21 would stay


def test_trumps_complete_the_discard_when_too_few_other_cards_may_go():
    one_plain = cards("SK BK CK DK S5 MT 1 21 2 3 4 5 6 7 8 9 10")
    check_discard(one_plain, cards("S5 2"))
    check_discard(one_plain, cards("S5 10"))
    with pytest.raises(RuleError, match="cannot discard 2"):
        check_discard(one_plain, cards("2 3"))  # the S5 must go first
    no_plain = cards("SK BK CK DK MT 1 21 2 3 4 5 6 7 8 9 10 11")
    check_discard(no_plain, cards("2 11"))
    with pytest.raises(RuleError, match="cannot discard SK"):
        check_discard(no_plain, cards("SK 2"))


def test_trumps_may_go_when_the_discard_leaves_no_trump():
    two_trumps = cards("S5 S6 S7 S8 S9 ST SJ B5 B6 B7 B8 B9 BT SK MT 5 9")
    check_discard(two_trumps, cards("5 9"))
    with pytest.raises(RuleError, match="cannot discard 5"):
        check_discard(two_trumps, cards("S5 5"))  # trump 9 would stay
    one_trump = cards("S5 S6 S7 S8 S9 ST SJ B5 B6 B7 B8 B9 BT SK MT 5 BQ")
    check_discard(one_trump, cards("S5 5"))  # its only trump
    with_trump_1 = cards("S5 S6 S7 S8 S9 ST SJ B5 B6 B7 B8 B9 BT SK MT 5 1")
    with pytest.raises(RuleError, match="cannot discard 5"):
        check_discard(with_trump_1, cards("5 S5"))  # trump 1 stays: not void


@pytest.mark.parametrize("hand, discard, why", [
    (H17, "S5", "must be 2 different cards"),
    (H17, "S5 S6 S7", "must be 2 different cards"),
    (H17, "S5 S5", "must be 2 different cards"),
    (H17, "S5 S8", "cannot discard S8: the dealer does not hold it"),
    (H17[:16], "S5 S6", "holds 16 cards before discarding, it must hold 17"),
])
def test_bad_discards_name_the_problem(hand, discard, why):
    with pytest.raises(RuleError, match=why):
        check_discard(hand, [card(t) for t in discard.split()])


def test_legal_discards_enumerates_the_pairs():
    # H17: 10 plain discardable cards (no King), trumps 5 and 9 never allowed
    assert len(legal_discards(H17)) == 10 * 9 // 2
    one_plain = cards("SK BK CK DK S5 MT 1 21 2 3 4 5 6 7 8 9 10")
    assert len(legal_discards(one_plain)) == 9  # S5 with one of the trumps 2..10
    two_trumps = cards("S5 S6 S7 S8 S9 ST SJ B5 B6 B7 B8 B9 BT SK MT 5 9")
    assert (card("5"), card("9")) in legal_discards(two_trumps)
    assert len(legal_discards(two_trumps)) == 13 * 12 // 2 + 1


def test_the_random_dealer_discards_its_two_cheapest_plain_cards():
    # the 5s of the long suits and the 6s of the round suits are the weakest
    assert sorted(simple_discard(H17)) == sorted(cards("S5 B5"))
    assert sorted(simple_discard(cards("S6 S7 SQ SK BK C5 C6 D6 D5 CK DK 1 21 5 9 MT 2"))) == \
        sorted(cards("C6 D6"))
    one_plain = cards("SK BK CK DK SQ MT 1 21 2 3 4 5 6 7 8 9 10")
    assert sorted(simple_discard(one_plain)) == sorted(cards("SQ 2"))
    for seed in range(200):
        deal = GAME.random_deal(seed)
        discard = deal.extra("discard")
        check_discard(deal.hand(3) | discard, discard)


def test_the_number_of_trumps_discarded_is_public_and_the_dealer_sees_the_discard():
    state = GAME.new_state(GAME.parse_deal(DEAL))
    assert state.public_cards(0) == {"discard_trumps": 0}
    assert state.public_cards(1) == state.public_cards(2) == {"discard_trumps": 0}
    assert state.public_cards(3) == {"discard_trumps": 0, "discard": sorted(cards("D5 D6"))}
    assert state.visible_to(1)["public"] == {"discard_trumps": 0}


def test_a_dealer_short_of_plain_cards_discards_trumps_publicly():
    dealer17 = cards("SK BK CK DK MT 1 21 2 3 4 5 6 7 8 9 10 11")
    rest = [c for c in DECK.cards if c not in dealer17]
    hands = [rest[0:15], rest[15:30], rest[30:45]]
    discard = simple_discard(dealer17)
    assert sorted(discard) == sorted(cards("2 3"))
    hands.append([c for c in dealer17 if c not in discard])
    deal = GAME.deal_from(hands, {"discard": discard})
    state = GAME.new_state(GAME.parse_deal(GAME.format_deal(deal)))
    assert state.public_cards(0) == {"discard_trumps": 2}
    assert state.public_cards(3)["discard"] == sorted(discard)


def test_a_deal_with_an_illegal_discard_is_refused():
    # DEAL with seat 0's King of Swords swapped for the discarded 5 of Coins
    bad = ("T87.K5.KJA4.A45.21,16,3 .QT76.35.KC.20,19,15,9,7,5,2 65.C9.C6.Q23.18,12,10,6,4,MT "
           "QCJ9.J8.Q2.J.17,14,13,11,8,1 discard:K...6.")
    with pytest.raises(RuleError, match="cannot discard SK: a King may not be discarded"):
        GAME.parse_deal(bad)


def test_a_known_king_in_a_partly_known_discard_is_refused():
    with pytest.raises(RuleError, match="cannot discard BK"):
        GAME.parse_deal("? ? ? ? discard:.K...+1")
    GAME.parse_deal("? ? ? ? discard:.5...+1")


def test_an_illegal_trump_discard_is_refused():
    # seat 3 holds plenty of plain cards, yet discards its trump 8 with the D6
    good = GAME.parse_deal(DEAL)
    hand3 = set(good.hand(3)) | {card("D5")}
    hand3.discard(card("8"))
    bad = GAME.deal_from([good.hand(0), good.hand(1), good.hand(2), hand3], {"discard": cards("8 D6")})
    with pytest.raises(RuleError, match="cannot discard 8: a trump may be discarded only when"):
        GAME.parse_deal(GAME.format_deal(bad))
    with pytest.raises(RuleError, match="cannot discard 8"):
        check_deal_discard(bad)
    GAME.new_state(bad)  # a made-up deal is played as it is


def test_the_discard_may_hold_for_sampling():
    may = {DECK.token(c) for c in DECK.cards if GAME.packet_may_hold("discard", c)}
    assert may == {DECK.token(c) for c in DECK.cards if c < 64 and c % 16 != 9}  # plain, no King
    assert GAME.packet_may_hold("other", MATTO)


# -- legal cards --------------------------------------------------------------------------

def test_seat_0_leads_and_may_lead_any_card():
    state = GAME.new_state(GAME.parse_deal(DEAL))
    assert state.to_play == 0 and state.leader == 0
    assert state.legal_cards() == sorted(state.hands[0])


def test_follow_suit_if_you_can():
    state = position(["K9.K.A..5", "T65.5..6.20,2,MT", "", ""], trick="S9")
    assert tokens(state.legal_cards()) == tokens(cards("ST S6 S5 MT"))


def test_any_card_of_the_suit_led_follows_there_is_no_need_to_beat():
    state = position(["", "KQ5.K..6.20", "", ""], trick="SJ")
    assert tokens(state.legal_cards()) == tokens(cards("SK SQ S5"))


def test_if_you_cannot_follow_you_must_trump():
    state = position(["", ".K5.A6.6.20,2", "", ""], trick="SJ")
    assert tokens(state.legal_cards()) == tokens(cards("20 2"))


def test_no_obligation_to_overtrump():
    # the trick holds trump 15: trump 2 is as legal as trump 20
    state = position(["", "", ".K5.A6.6.20,2", ""], trick="SJ 15")
    assert tokens(state.legal_cards()) == tokens(cards("20 2"))


def test_trumps_led_are_followed_with_any_trump():
    state = position(["", ".K5.A6.6.20,2,MT", "", ""], trick="15")
    assert tokens(state.legal_cards()) == tokens(cards("20 2 MT"))


def test_with_neither_the_suit_nor_a_trump_play_any_card():
    state = position(["", ".K5.A6.6.", "", ""], trick="SJ")
    assert tokens(state.legal_cards()) == tokens(cards("BK B5 CA C6 D6"))
    state = position(["", ".K5.A6.6.", "", ""], trick="7")
    assert tokens(state.legal_cards()) == tokens(cards("BK B5 CA C6 D6"))


def test_the_matto_may_always_be_played():
    following = position(["", "K...6.20,MT", "", ""], trick="S5")
    assert card("MT") in following.legal_cards()
    trumping = position(["", ".K..6.20,MT", "", ""], trick="S5")
    assert tokens(trumping.legal_cards()) == tokens(cards("20 MT"))
    leading = position(["K...6.20,MT", "", "", ""])
    assert card("MT") in leading.legal_cards()


def test_matto_led_the_second_card_sets_the_suit():
    second = position(["", "K.K.A.6.20", "", ""], trick="MT")
    assert tokens(second.legal_cards()) == tokens(cards("SK BK CA D6 20"))  # any card
    third = position(["", "", "KQ.9.A.6.20", ""], trick="MT B5")
    assert tokens(third.legal_cards()) == tokens(cards("B9"))  # batons set by the second card
    fourth = position(["", "", "", "KQ..A.6.20,3"], trick="MT B5 B9")
    assert tokens(fourth.legal_cards()) == tokens(cards("20 3"))  # void in batons: trump
    trump_second = position(["", "", "KQ.9.A.6.20,3", ""], trick="MT 1")
    assert tokens(trump_second.legal_cards()) == tokens(cards("20 3"))
    assert third.led_suit == suit_of(card("B5")) and second.led_suit is None


def test_matto_played_second_does_not_change_the_suit():
    state = position(["", "", "K.9.A.6.20", ""], trick="C5 MT")
    assert tokens(state.legal_cards()) == tokens(cards("CA"))


# -- trick winner ------------------------------------------------------------------------

def test_highest_trump_wins_else_highest_card_of_the_suit_led():
    state = position(["", "", "", ""])
    assert state.trick_winner(0, cards("SK 2 S5 3")) == 3
    assert state.trick_winner(0, cards("S5 SK BK CK")) == 1  # off-suit Kings do not win
    assert state.trick_winner(2, cards("D6 DK D5 CK")) == 3  # seat 3 plays DK


@pytest.mark.parametrize("trick, leader, winner", [
    ("MT S5 S9 S6", 0, 2),    # Matto led: S5 sets the suit; S9 wins
    ("MT B5 S9 B6", 0, 3),    # a higher card off the second card's suit does not win
    ("MT 2 21 SK", 1, 3),     # trump led second: the highest trump wins
    ("S5 MT S6 S7", 0, 3),    # Matto played second
    ("S5 S6 S7 MT", 2, 0),    # Matto played last: S7 (seat 0) wins
    ("21 20 19 MT", 0, 0),
])
def test_the_matto_never_wins(trick, leader, winner):
    state = position(["", "", "", ""])
    assert state.trick_winner(leader, cards(trick)) == winner


def test_the_trick_winner_leads_the_next_trick():
    state = GAME.new_state(GAME.parse_deal(DEAL))
    for _ in range(4):
        state.play(state.legal_cards()[0])
    assert state.leader == state.tricks[0].winner == state.to_play


# -- points and score -------------------------------------------------------------------

def test_final_points_add_card_points_by_trick_winner():
    won0 = cards("SK SQ 21 S5")          # 5 + 4 + 5 + 1 = 15
    won1 = cards("BK BC 1 B5 MT")        # 5 + 3 + 5 + 1, the Matto is side 0's
    assert final_points([won0, won1], 0, cards("C6 D6"), [1, 1]) == (15 + 5, 14 + 2)


def test_the_matto_stays_with_its_owners_side():
    assert final_points([cards("MT S5"), cards("S6")], 1, [], [1, 1]) == (1, 6)
    assert final_points([cards("S5"), cards("MT S6")], 0, [], [1, 1]) == (6, 1)


def test_the_discard_counts_for_the_dealers_side():
    assert final_points([cards("S5 MT"), cards("S6")], 0, cards("SQ D6"), [1, 1]) == (6, 6)


def test_a_side_with_no_trick_gives_its_matto_and_the_discard():
    # the dealer's side wins nothing: its Matto and the discard go to side 0
    assert final_points([cards("S5 S6 MT"), []], 1, cards("SQ D6"), [2, 0]) == (2 + 5 + 5, 0)
    # side 0 wins nothing: its Matto goes to side 1, the discard stays there
    assert final_points([[], cards("S5 S6 MT")], 0, cards("SQ D6"), [0, 2]) == (0, 2 + 5 + 5)
    # the side that won every trick keeps its own Matto
    assert final_points([cards("S5 MT"), []], 0, cards("SQ"), [1, 0]) == (1 + 5 + 4, 0)


def test_a_made_up_deal_with_the_matto_in_no_hand_counts_it_as_any_card():
    assert final_points([cards("S5"), cards("S6")], None, cards("MT D6"), [1, 1]) == (1, 1 + 6)
    assert final_points([cards("S5 MT"), cards("S6")], None, [], [1, 1]) == (6, 1)


def finished(tricks, discard="D6 D5", matto_seat=2):
    """A finished state with a hand-built history: (leader, cards, winner)."""
    state = GAME.new_state(GAME.parse_deal(DEAL))
    state.hands = [set(), set(), set(), set()]
    state.tricks = [Trick(leader, tuple(cards(c)), winner) for leader, c, winner in tricks]
    state.discard = frozenset(cards(discard))
    state.matto_side = GAME.sides[matto_seat]
    return state


def split_deck(points0):
    """The deck but the discard D5 D6 and the Matto, in two piles, side 0's worth ``points0``."""
    rest = sorted((c for c in DECK.cards if c not in cards("D5 D6 MT")), key=card_points, reverse=True)
    pile0, pile1, total = [], [], 0
    for c in rest:
        if total + card_points(c) <= points0:
            pile0.append(c)
            total += card_points(c)
        else:
            pile1.append(c)
    assert total == points0
    return " ".join(DECK.token(c) for c in pile0), " ".join(DECK.token(c) for c in pile1)


def test_57_57_is_a_draw():
    pile0, pile1 = split_deck(57 - 5)   # side 0 also owns the Matto
    state = finished([(0, pile0 + " MT", 0), (0, pile1, 1)])
    assert state.points() == (57, 57)
    assert state.score() == {"points": (57, 57), "tricks": (1, 1), "winner": None, "draw": True,
                             "sweep": None}
    assert state.objective() == 57


def test_more_points_win():
    pile0, pile1 = split_deck(58 - 5)
    state = finished([(0, pile0 + " MT", 2), (2, pile1, 3)])
    assert state.score()["points"] == (58, 56) and state.score()["winner"] == 0
    pile0, pile1 = split_deck(56 - 5)
    state = finished([(0, pile0 + " MT", 2), (2, pile1, 3)])
    assert state.score()["points"] == (56, 58) and state.score()["winner"] == 1


def test_the_score_waits_for_the_end_of_the_deal():
    state = GAME.new_state(GAME.parse_deal(DEAL))
    with pytest.raises(RuleError, match="not over"):
        state.score()


# -- a sweep on a full deal --------------------------------------------------------------

def sweep_deal(sweeper):
    """Seat ``sweeper`` (0 or 1) holds trumps 21..7 and wins every trick;
    the other side holds the Matto."""
    plain = [c for c in DECK.cards if c < 64 and c not in cards("S5 S6")]
    low = cards("6 5 4 3 2 1")
    hands = [[], [], [], []]
    hands[sweeper] = [c for c in DECK.cards if c >= 64 + 7]
    if sweeper == 0:
        hands[1] = [MATTO] + plain[:14]
        hands[2] = low[:3] + plain[14:26]
        hands[3] = low[3:] + plain[26:]
    else:
        hands[0] = [MATTO] + plain[:14]
        hands[2] = plain[14:29]
        hands[3] = low + plain[29:]
    return GAME.parse_deal(GAME.format_deal(GAME.deal_from(hands, {"discard": cards("S5 S6")})))


@pytest.mark.parametrize("sweeper", [0, 1])
def test_a_sweep_scores_all_114(sweeper):
    import random
    rng = random.Random(sweeper)
    for _ in range(20):
        state = GAME.new_state(sweep_deal(sweeper))
        while not state.is_over():
            state.play(rng.choice(state.legal_cards()))
        points = (114, 0) if sweeper == 0 else (0, 114)
        assert state.score() == {"points": points, "tricks": (15, 0) if sweeper == 0 else (0, 15),
                                 "winner": sweeper, "draw": False, "sweep": sweeper}


# -- notation ------------------------------------------------------------------------------

def test_every_card_token_round_trips():
    for c in DECK.cards:
        assert DECK.parse_card(DECK.token(c)) == c
        assert DECK.parse_card(DECK.token(c).lower()) == c


def test_hand_round_trip_with_trumps_and_the_matto():
    hand, unknown = DECK.parse_hand("KQ5.T.A6.J.21,3,1,MT")
    assert unknown == 0 and len(hand) == 11
    assert DECK.format_hand(hand) == "KQ5.T.A6.J.21,3,1,MT"
    assert DECK.parse_hand("kq5.t.a6.j.21,3,1,mt")[0] == hand


def test_deal_round_trips():
    assert GAME.format_deal(GAME.parse_deal(DEAL)) == DEAL
    for seed in range(50):
        deal = GAME.random_deal(seed)
        text = GAME.format_deal(deal)
        assert GAME.parse_deal(text) == deal and str(deal) == text
        assert [h.size for h in deal.hands] == [15] * 4 and deal.extras["discard"].size == 2


def test_random_deals_are_reproducible():
    assert GAME.random_deal(7) == GAME.random_deal(7)
    assert GAME.random_deal(7) != GAME.random_deal(8)
    assert GAME.format_deal(GAME.random_deal(1)) == DEAL


def test_a_left_out_discard_is_the_rest_of_the_deck():
    without = DEAL.rsplit(" ", 1)[0]
    assert GAME.parse_deal(without) == GAME.parse_deal(DEAL)


@pytest.mark.parametrize("text", [
    "KT87.K5.KJA4.A4.21,16,3 ? ? ? discard:?",
    "KT87.K5.KJA4.A4.21,16,3 ? ? QCJ9.J8.Q2.J.17,14,13,11,8,1 discard:...56.",
    "KT87.K5.KJA4.A4.21,16,3 .QT.35..+11 ? ? discard:?",
    "? ? ? ? discard:...6.+1",
])
def test_partly_known_deals_round_trip(text):
    deal = GAME.parse_deal(text)
    assert not deal.is_complete
    assert GAME.format_deal(deal) == text


def test_cli_rules_and_deal():
    runner = CliRunner()
    result = runner.invoke(cli, ["rules", "tarocco"])
    assert result.exit_code == 0 and "Matto" in result.output and "114" in result.output
    result = runner.invoke(cli, ["deal", "--game", "tarocco", "--seed", "1"])
    assert result.exit_code == 0 and result.output.strip() == DEAL
    assert GAME.rules_text() == runner.invoke(cli, ["rules", "tarocco"]).output.rstrip("\n")


# -- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("token, why", [
    ("SA", "unknown card 'SA'"),
    ("DT", "unknown card 'DT'"),
    ("22", "unknown card '22'"),
    ("0", "unknown card '0'"),
    ("EX", "unknown card 'EX'"),
    ("HK", "unknown card 'HK'"),
    ("", "empty card token"),
])
def test_bad_card_tokens(token, why):
    with pytest.raises(NotationError, match=why):
        DECK.parse_card(token)


@pytest.mark.parametrize("text, why", [
    ("KQ5.T.A6.J.21,3,1,EX", "unknown trump 'EX'"),
    ("KQ5.T.A6.J.22", "unknown trump '22'"),
    ("KQ4.T.A6.J.21", "unknown card '4' in suit S"),
    ("KQ5.T.A7.J.21", "unknown card '7' in suit C"),
    ("KQ5.T.A6.J", "4 suit groups, the tarocco deck needs 5"),
    ("KK5.T.A6.J.21", "given twice"),
    ("KQ5.T.A6.J.21,21", "given twice"),
])
def test_bad_hands(text, why):
    with pytest.raises(NotationError, match=why):
        DECK.parse_hand(text)


@pytest.mark.parametrize("text, why", [
    ("", "empty deal"),
    (DEAL.replace("KT87.", "KT8."), "14 cards, a hand here holds 15"),
    (DEAL.replace("KT87.", "KT86."), "card 'S6' given twice"),
    (DEAL.replace("KT87.", "KT875."), "16 cards, a hand here holds 15"),
    (DEAL.replace("discard:...56.", "discard:...6."), "1 cards, a hand here holds 2"),
    (DEAL.replace("discard:...56.", "discard:...5.21"), "card '21' given twice"),
    (DEAL.replace("discard:...56.", "discard:...5.MT"), "card 'MT' given twice"),
    (DEAL.replace(" discard:...56.", ""), None),
    (DEAL.replace("discard:", "dog:"), "unknown section 'dog'"),
    (DEAL + " discard:...56.", "section 'discard' given twice"),
    (DEAL.split(" ", 1)[1], "3 hands given, a tarocco deal has 4"),
    (DEAL.replace("KT87.K5.KJA4.A4.21,16,3", "KT87.K5.KJA4.A4.21,16,3 ?"), "5 hands given"),
    (DEAL.replace("KT87.K5.KJA4.A4.21,16,3", "KT87.K5.KJA4.A4.21,16,3+1"), "16 cards, a hand here holds 15"),
    (DEAL.replace("KT87.K5.KJA4.A4.21,16,3", "KT87.K5.KJA4.A.21,16,3+1"), None),
    (DEAL.replace("KT87.K5.KJA4.A4.21,16,3", "KT87.K5.KJA4.A.21,16,3+x"), "must be followed by a number"),
    (DEAL.replace("KT87.K5.KJA4.A4.21,16,3", "KT87.K5.KJA4.A.21,16,3,MT"), "card 'MT' given twice"),
    (DEAL.replace("KT87.K5.KJA4.A4.21,16,3", "KT87.K5.KJA4.A.21,16,3,0"), "unknown trump '0'"),
])
def test_bad_deals(text, why):
    if why is None:
        GAME.parse_deal(text)  # well formed after all
        return
    with pytest.raises((NotationError, RuleError), match=why):
        GAME.parse_deal(text)


def test_bad_play_requests():
    state = GAME.new_state(GAME.parse_deal(DEAL))
    with pytest.raises(IllegalPlayError, match="seat 0 does not hold"):
        state.play(card("SQ"))
    state.play(card("SK"))
    with pytest.raises(IllegalPlayError, match="illegal play BQ: seat 1 must play one of 20 19 15 9 7 5 2$"):
        state.play(card("BQ"))  # void in Swords: seat 1 must trump
    while not state.is_over():
        state.play(state.legal_cards()[-1])
    with pytest.raises(IllegalPlayError, match="cannot play SK: the deal is over"):
        state.play(card("SK"))


def test_bad_state_requests():
    with pytest.raises(NotationError, match="every card known"):
        GAME.new_state(GAME.parse_deal("? ? ? ? discard:?"))
    with pytest.raises(RuleError, match="unknown contract keyword 'trump'"):
        GAME.new_state(GAME.parse_deal(DEAL), trump="S")
    bridge = get_game("bridge")
    with pytest.raises(RuleError, match="not a tarocco deal"):
        GAME.new_state(bridge.random_deal(1))
    state = GAME.new_state(GAME.parse_deal(DEAL))
    with pytest.raises(IllegalPlayError, match="nothing to undo"):
        state.undo()


def test_contract_target_is_a_win_for_side_0():
    import random as _random
    rng = _random.Random(5)
    for seed in range(200):
        state = GAME.new_state(GAME.random_deal(seed))
        while not state.is_over():
            state.play(rng.choice(state.legal_cards()))
        assert (state.objective() >= state.contract_target()) == (state.score()["winner"] == 0)
