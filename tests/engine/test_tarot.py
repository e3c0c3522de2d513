"""French tarot (RULES.md section 1): one test per rule line, on hand-built
positions and scripted deals with hand-computed points and scores."""

from fractions import Fraction

import pytest

from atout.engine import IllegalPlayError, RuleError, get_game
from atout.engine.cards import FOOL, TAROT_DECK
from atout.engine.game import Trick
from atout.engine.search import card_values, minimax
from atout.engine.tarot import legal_from, winning_index
from atout.engine.tarot_scoring import (TOTAL_HALF_POINTS, card_half_points, count_oudlers,
                                        half_points, score_deal, settle_tricks, target)

TAROT = get_game("tarot")
EX = FOOL
PETIT = 65


def C(text):
    """Cards from tokens: C("SK 21 EX")."""
    return TAROT_DECK.parse_cards(text)


def trumps(high, low):
    return " ".join(str(n) for n in range(high, low - 1, -1))


def build(fixed, dog=None):
    """A deal where each seat of ``fixed`` holds the given cards; the other
    cards fill the hands in deck order (plain cards only once the fixed
    trumps are placed: every scenario places all the trumps it needs), then
    the dog."""
    hands = {seat: C(text) for seat, text in fixed.items()}
    used = {c for h in hands.values() for c in h}
    dog_cards = C(dog) if dog else []
    used |= set(dog_cards)
    rest = [c for c in TAROT_DECK.cards if c not in used]
    full = []
    for seat in range(4):
        hand = list(hands.get(seat, []))
        while len(hand) < 18:
            hand.append(rest.pop(0))
        full.append(hand)
    return TAROT.deal_from(full, {"dog": dog_cards} if dog else None)


def play_out(state, keep=None, until=0):
    """Play the smallest legal card that the seat does not keep (kept
    cards only when nothing else is legal), until
    ``until`` tricks are left (at a trick boundary)."""
    keep = {seat: set(C(text)) for seat, text in (keep or {}).items()}
    while not state.is_over() and not (state.tricks_left == until and not state.trick):
        legal = state.legal_cards()
        choice = [c for c in legal if c not in keep.get(state.to_play, ())]
        state.play(min(choice or legal))
    return state


def hp(text):
    return half_points(C(text))


# -- deck, ranks, points ---------------------------------------------------------------
def test_deck_has_78_cards_four_suits_of_14_21_trumps_and_the_excuse():
    assert len(TAROT_DECK) == 78
    assert sum(1 for c in TAROT_DECK.cards if c < 64) == 56
    assert sum(1 for c in TAROT_DECK.cards if c > 64) == 21
    assert EX in TAROT_DECK


def test_plain_suit_ranks_king_queen_knight_jack_ten_down_to_one():
    order = C("SK SQ SC SJ ST S9 S8 S7 S6 S5 S4 S3 S2 S1")
    for high, low in zip(order, order[1:]):
        assert winning_index([low, high, C("H1")[0], C("H2")[0]]) == 1
        assert winning_index([high, low, C("H1")[0], C("H2")[0]]) == 0


def test_trumps_rank_21_high_down_to_the_petit_and_beat_any_plain_card():
    for n in range(1, 21):
        assert winning_index(C(f"{n} {n + 1} S1 S2")) == 1
    assert winning_index(C("SK 1 SQ SC")) == 1


def test_oudlers_are_the_21_the_petit_and_the_excuse():
    assert count_oudlers(C("21 1 EX 20 2 SK")) == 3
    assert count_oudlers(C("20 2 SK HQ")) == 0


@pytest.mark.parametrize("text, half", [
    ("21", 9), ("1", 9), ("EX", 9), ("SK", 9), ("HQ", 7), ("DC", 5), ("CJ", 3),
    ("ST", 1), ("S1", 1), ("2", 1), ("20", 1),
])
def test_card_points_in_half_points(text, half):
    assert card_half_points(C(text)[0]) == half


def test_the_deck_holds_91_points():
    assert half_points(TAROT_DECK.cards) == TOTAL_HALF_POINTS == 182


def test_targets_by_oudlers_56_51_41_36():
    assert [target(n) for n in range(4)] == [56, 51, 41, 36]


# -- the deal -------------------------------------------------------------------------------
def test_deal_is_18_cards_each_and_6_to_the_dog():
    deal = TAROT.random_deal(4)
    assert [h.size for h in deal.hands] == [18] * 4
    assert deal.extras["dog"].size == 6


# -- who leads ------------------------------------------------------------------------------
def test_seat_0_leads_unless_a_slam_was_announced_then_the_taker_leads():
    deal = TAROT.random_deal(2)
    assert TAROT.new_state(deal, taker=2).to_play == 0
    assert TAROT.new_state(deal, taker=2, slam=True).to_play == 2
    assert TAROT.new_state(deal, taker=0, slam=True).to_play == 0


def test_sides_are_the_taker_against_the_three_defenders():
    state = TAROT.new_state(TAROT.random_deal(2), taker=3)
    assert [state.side_of(s) for s in range(4)] == [1, 1, 1, 0]
    assert state.max_side == 0


# -- obligations -----------------------------------------------------------------------------
def test_follow_suit_if_you_can():
    assert legal_from(C("SK S3 HQ 5"), C("S7")) == sorted(C("SK S3"))


def test_trumps_led_must_overtrump_if_able():
    assert legal_from(C("3 12 18 SK"), C("10 15")) == C("18")


def test_trumps_led_unable_to_overtrump_any_trump():
    assert legal_from(C("3 12 SK"), C("10 15")) == sorted(C("3 12"))


def test_trumps_led_with_no_trump_any_card():
    assert legal_from(C("SK H2"), C("10")) == sorted(C("SK H2"))


def test_cannot_follow_must_trump():
    assert legal_from(C("H2 3 12"), C("SK")) == sorted(C("3 12"))


def test_cannot_follow_must_overtrump_if_able():
    assert legal_from(C("H2 3 12"), C("SK 10")) == C("12")


def test_cannot_follow_nor_overtrump_must_still_undertrump():
    assert legal_from(C("H2 3 12"), C("SK 15")) == sorted(C("3 12"))


def test_neither_the_suit_nor_trumps_any_card():
    assert legal_from(C("H2 D5 CK"), C("SK 15")) == sorted(C("H2 D5 CK"))


def test_the_excuse_is_always_playable():
    assert legal_from(C("SK S3 EX"), C("S7")) == sorted(C("SK S3 EX"))
    assert legal_from(C("3 18 EX"), C("10 15")) == sorted(C("18 EX"))
    assert legal_from(C("H2 3 EX"), C("SK")) == sorted(C("3 EX"))


def test_excuse_led_the_next_card_sets_the_suit():
    assert legal_from(C("SK H3 5"), C("EX")) == sorted(C("SK H3 5"))
    assert legal_from(C("SK H3 5"), C("EX H7")) == C("H3")
    assert legal_from(C("SK 3 5 12"), C("EX 10")) == C("12")
    assert winning_index(C("EX H7 HK 2")) == 3
    assert winning_index(C("EX H7 HK S1")) == 2


def test_no_partner_exemption_a_defender_must_overtrump_his_partner():
    # seat 0 (taker) leads a spade; seats 1 and 2 have no spade; seat 1
    # trumps with 10; seat 2 (a defender like seat 1) must overtrump with 15
    deal = build({0: "SK S1 S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SC SQ 21 20 19 18",
                   1: "10 H1 H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HC HQ HK D1 D2 D3",
                   2: "15 3 D4 D5 D6 D7 D8 D9 DT DJ DC DQ DK C1 C2 C3 C4 C5"},
                  dog="C6 C7 C8 C9 CT CJ")
    state = TAROT.new_state(deal, taker=0, contract="guard_without")
    state.play(C("SK")[0])
    assert state.legal_cards() == C("10")
    state.play(C("10")[0])
    assert state.legal_cards() == C("15")
    with pytest.raises(IllegalPlayError, match="must play one of 15"):
        state.play(C("3")[0])


# -- trick winner --------------------------------------------------------------------------------
def test_highest_trump_wins_else_highest_card_of_the_suit_led():
    assert winning_index(C("S2 SK 1 H3")) == 2
    assert winning_index(C("S2 SK HK S3")) == 1
    assert winning_index(C("5 21 SK 20")) == 1


def test_the_excuse_never_wins_a_trick():
    assert winning_index(C("EX S2 S4 S3")) == 2
    assert winning_index(C("S2 EX S1 H4")) == 0
    assert winning_index(C("EX S2 S4 S3"), excuse_wins=True) == 0


# -- the Excuse after the play ----------------------------------------------------------------
def tricks(*specs):
    return [Trick(leader, tuple(C(cards)), winner) for leader, cards, winner in specs]


TAKER0 = (lambda seat: 0 if seat == 0 else 1)


def test_excuse_before_the_last_trick_goes_back_to_its_owner_for_a_half_point_card():
    # defender seat 2 plays the Excuse in a trick the taker wins
    piles, exchange = settle_tricks(tricks((0, "SK S1 EX S2", 0), (0, "SQ S3 S4 S5", 0)), TAKER0)
    assert EX in piles[1] and EX not in piles[0]
    assert exchange == [1, -1]
    # net: the owner's side keeps 4.0 (8 half points), the winners get 0.5
    assert half_points(piles[1]) + exchange[1] == 8
    # the taker plays it, a defender wins the trick: back to the taker
    piles, exchange = settle_tricks(tricks((1, "S1 SK S2 EX", 2), (2, "SQ S3 S4 S5", 2)), TAKER0)
    assert piles[0] == [EX] and exchange == [-1, 1]
    # a defender plays it on a trick his partner wins: no exchange
    piles, exchange = settle_tricks(tricks((1, "SK EX S2 S1", 1), (1, "SQ S3 S4 S5", 1)), TAKER0)
    assert EX in piles[1] and exchange == [0, 0]


def test_excuse_in_the_last_trick_goes_to_the_opposing_side():
    # the taker plays it to the last trick: the defenders get it
    piles, exchange = settle_tricks(tricks((0, "SQ S3 S4 S5", 0), (1, "S1 SK S2 EX", 2)), TAKER0)
    assert EX in piles[1] and EX not in piles[0] and exchange == [0, 0]
    # a defender plays it to the last trick, even one his partner wins: the taker gets it
    piles, _ = settle_tricks(tricks((0, "SQ S3 S4 S5", 0), (1, "SK EX S2 S1", 1)), TAKER0)
    assert EX in piles[0] and EX not in piles[1]


def test_excuse_led_to_the_last_trick_after_winning_every_trick_wins_it():
    deal = build({0: trumps(21, 5) + " EX", 1: "4 3", 2: "2", 3: "1"}, dog="S1 S2 S3 S4 S5 S6")
    state = play_out(TAROT.new_state(deal, taker=0, contract="guard_without"), keep={0: "EX"}, until=1)
    assert state.tricks_won(0) == 17
    assert state.legal_cards() == [EX]
    state.play(EX)
    for _ in range(3):
        state.play(min(state.legal_cards()))
    assert state.tricks[-1].winner == 0
    score = state.score()
    assert score["points"] == 91 and score["oudlers"] == 3
    assert state.objective() == 182 - 72
    assert score["slam"] == 200
    assert score["total"] == (25 + 91 - 36) * 4 + 200


def test_excuse_led_to_the_last_trick_after_losing_a_trick_loses_it():
    deal = build({0: "H1 7 " + trumps(21, 8) + " 6 EX", 1: "5 4 H2 H3", 2: "3 2 H4 H5", 3: "1 H6 H7"},
                  dog="S1 S2 S3 S4 S5 S6")
    state = play_out(TAROT.new_state(deal, taker=0, contract="guard_without"), keep={0: "6 EX"}, until=2)
    assert state.tricks[0].winner != 0 and state.tricks_won(0) == 15
    state.play(C("6")[0])  # trick 17: the taker wins it
    for _ in range(3):
        state.play(min(state.legal_cards()))
    state.play(EX)  # led to the last trick: a defender wins it and takes the Excuse
    for _ in range(3):
        state.play(min(state.legal_cards()))
    assert state.tricks[-1].winner != 0
    lost = [c for t in (state.tricks[0], state.tricks[-1]) for c in t.cards]
    assert EX in lost
    score = state.score()
    assert score["half_points"] == 182 - half_points(lost)
    assert score["oudlers"] == 2


# -- scripted deals: contracts and bonuses -------------------------------------------------------
def all_trumps_deal():
    """The taker (seat 0) holds 21..5 and the Petit; the defenders hold 4, 3,
    2 and the Excuse; the dog is six spades."""
    return build({0: trumps(21, 5) + " 1", 1: "4 EX", 2: "3", 3: "2"}, dog="S1 S2 S3 S4 S5 S6")


def test_slam_petit_au_bout_excuse_exchanged_and_triple_handful():
    state = TAROT.new_state(all_trumps_deal(), taker=0, contract="guard",
                            handfuls={0: trumps(21, 7)})
    assert state.discard == frozenset(C("S1 S2 S3 S4 S5 S6"))
    play_out(state, keep={0: "1"})
    assert EX in state.tricks[0].cards  # the Excuse went early: back to the defenders
    assert state.tricks[-1].cards[0] == PETIT and state.tricks[-1].winner == 0
    score = state.score()
    assert score["half_points"] == 182 - 9 + 1  # all but the Excuse, plus the exchanged card
    assert score["oudlers"] == 2 and score["target"] == 41
    assert score["margin"] == Fraction(87 - 41)
    assert score["base"] == 25 + 46 and score["petit_au_bout"] == 10
    assert score["contract_score"] == (25 + 46 + 10) * 2
    assert score["slam"] == 200 and score["handful"] == 60
    total = (25 + 46 + 10) * 2 + 200 + 60
    assert score["total"] == total
    assert score["scores"] == [total, -Fraction(total, 3), -Fraction(total, 3), -Fraction(total, 3)]
    assert sum(score["scores"]) == 0


def test_excuse_kept_to_the_last_trick_goes_to_the_taker_and_announced_slam_is_400():
    state = TAROT.new_state(all_trumps_deal(), taker=0, contract="guard", slam=True)
    play_out(state, keep={0: "1", 1: "EX"})
    assert EX in state.tricks[-1].cards
    score = state.score()
    assert score["half_points"] == 182 and score["oudlers"] == 3
    assert score["total"] == (25 + 91 - 36 + 10) * 2 + 400


def test_announced_slam_that_fails_costs_200():
    deal = build({0: "H1 7 " + trumps(21, 8) + " 6 EX", 1: "5 4 H2 H3", 2: "3 2 H4 H5", 3: "1 H6 H7"},
                  dog="S1 S2 S3 S4 S5 S6")
    state = play_out(TAROT.new_state(deal, taker=0, contract="guard_without", slam=True))
    score = state.score()
    assert score["made"] and score["slam"] == -200
    assert score["total"] == score["contract_score"] - 200


def petit_lost_deal():
    """Taker seat 0: 21..17, the Petit and K Q C of every suit. Seat 1 keeps
    trump 11 to overtrump the Petit led to the last trick."""
    return build({
        0: "21 20 19 18 17 1 SK SQ SC HK HQ HC DK DQ DC CK CQ CC",
        1: "16 15 14 13 12 11 SJ ST S9 HJ HT H9 DJ DT D9 CJ CT C9",
        2: "10 9 8 7 EX S8 S7 S6 H8 H7 H6 D8 D7 D6 C8 C7 C6 S1",
        3: "6 5 4 3 2 S5 S4 S3 H5 H4 H3 D5 D4 D3 C5 C4 C3 H1"},
        dog="S2 H2 D1 D2 C1 C2")


def test_petit_au_bout_won_by_the_defenders_gives_no_bonus():
    state = TAROT.new_state(petit_lost_deal(), taker=0, contract="guard_without")
    play_out(state, keep={0: "1", 1: "11", 2: "S1", 3: "H1"})
    last = state.tricks[-1]
    assert last.cards == tuple(C("1 11 S1 H1")) and last.winner == 1
    score = state.score()
    # the defenders take the last trick (4.5 + 0.5 + 0.5 + 0.5) and the Excuse
    # (played early: 4.5, minus the 0.5 card given to the taker)
    assert score["points"] == 91 - 6 - 4
    assert score["oudlers"] == 1 and score["target"] == 51
    assert score["made"] and score["petit_au_bout"] == 0
    assert score["total"] == (25 + 81 - 51) * 4


def test_defenders_slam_costs_the_taker_200_unmultiplied():
    """The taker holds the nine lowest spades and hearts, so the defenders win
    every trick; the dog (guard without) is all the taker gets."""
    deal = build({0: "S1 S2 S3 S4 S5 S6 S7 S8 S9 H1 H2 H3 H4 H5 H6 H7 H8 H9"},
                 dog="D1 D2 D3 D4 D5 D6")
    state = play_out(TAROT.new_state(deal, taker=0, contract="guard_without"))
    assert state.tricks_won(0) == 0
    score = state.score()
    assert score["slam"] == -200
    assert score["total"] == score["contract_score"] - 200 == score["base"] * 4 - 200


@pytest.mark.parametrize("contract, factor", [
    ("take", 1), ("guard", 2), ("guard_without", 4), ("guard_against", 5)])
def test_contract_factors(contract, factor):
    deal = build({0: "H1 7 " + trumps(21, 8) + " 6 EX", 1: "5 4 H2 H3", 2: "3 2 H4 H5", 3: "1 H6 H7"},
                  dog="S1 S2 S3 S4 S5 S6")
    state = play_out(TAROT.new_state(deal, taker=0, contract=contract))
    score = state.score()
    assert score["factor"] == factor
    assert score["contract_score"] == score["base"] * factor


def test_dog_and_discard_count_as_the_contract_says():
    """Same play, four contracts: the six spades of the dog count for the
    taker (take and guard: as the discard; guard without: as the dog) or for
    the defenders (guard against)."""
    deal = build({0: "H1 7 " + trumps(21, 8) + " 6 EX", 1: "5 4 H2 H3", 2: "3 2 H4 H5", 3: "1 H6 H7"},
                  dog="S1 S2 S3 S4 S5 S6")
    got = {}
    for contract in ("take", "guard", "guard_without", "guard_against"):
        discard = "S1 S2 S3 S4 S5 S6" if contract in ("take", "guard") else None
        state = play_out(TAROT.new_state(deal, taker=0, contract=contract, discard=discard))
        got[contract] = state.score()["half_points"]
    assert got["take"] == got["guard"] == got["guard_without"] == got["guard_against"] + 6


def test_oudler_in_the_dog_counts_for_the_target_in_guard_without_not_against():
    deal = TAROT.random_deal(11)
    for seed in range(200):
        deal = TAROT.random_deal(seed)
        if count_oudlers(deal.extra("dog")) == 1:
            break
    for contract, sign in (("guard_without", 1), ("guard_against", -1)):
        state = play_out(TAROT.new_state(deal, taker=0, contract=contract))
        piles, _ = state.final_piles()
        assert (set(deal.extra("dog")) <= set(piles[0])) == (sign == 1)
        assert state.score()["oudlers"] == count_oudlers(piles[0])


# -- score of the deal: the formula on given facts --------------------------------------------------
def test_made_when_points_reach_the_target_and_base_is_25_plus_the_margin():
    made = score_deal(taker_half_points=2 * 51, oudlers=1, contract="take")
    assert made["made"] and made["base"] == 25 and made["total"] == 25
    failed = score_deal(taker_half_points=2 * 51 - 1, oudlers=1, contract="take")
    assert not failed["made"] and failed["base"] == -Fraction(51, 2) and failed["margin"] == Fraction(-1, 2)
    big = score_deal(taker_half_points=2 * 60, oudlers=2, contract="take")
    assert big["base"] == 25 + 19


def test_petit_au_bout_only_when_made_and_won_by_the_taker():
    made = score_deal(taker_half_points=120, oudlers=2, contract="guard", petit_last_won_by_taker=True)
    assert made["petit_au_bout"] == 10 and made["total"] == (25 + 19 + 10) * 2
    failed = score_deal(taker_half_points=60, oudlers=2, contract="guard", petit_last_won_by_taker=True)
    assert failed["petit_au_bout"] == 0 and failed["total"] == -(25 + 11) * 2


@pytest.mark.parametrize("announced, taker_slam, defenders_slam, bonus", [
    (True, True, False, 400), (True, False, False, -200), (False, True, False, 200),
    (False, False, True, -200), (False, False, False, 0), (True, False, True, -400)])
def test_slam_bonuses_are_not_multiplied(announced, taker_slam, defenders_slam, bonus):
    score = score_deal(taker_half_points=182 if taker_slam else 0 if defenders_slam else 120,
                       oudlers=3 if taker_slam else 0 if defenders_slam else 2, contract="guard_against",
                       slam_announced=announced, taker_slam=taker_slam, defenders_slam=defenders_slam)
    assert score["slam"] == bonus
    assert score["total"] == score["contract_score"] + bonus


@pytest.mark.parametrize("levels, made, bonus", [
    ([1], True, 20), ([2], True, 40), ([3], True, 60), ([1], False, -20), ([1, 3], False, -80)])
def test_handfuls_go_to_the_side_that_wins_the_deal_unmultiplied(levels, made, bonus):
    score = score_deal(taker_half_points=120 if made else 60, oudlers=2, contract="guard_without",
                       handfuls=levels)
    assert score["handful"] == bonus
    assert score["total"] == score["contract_score"] + bonus


def test_misery_is_30_to_the_declarer_and_minus_10_to_each_other_player():
    score = score_deal(taker_half_points=120, oudlers=2, contract="take", miseries=[2, 2, 0])
    assert score["misery"] == [30 - 20, -30, 60 - 10, -30]
    s = score["total"]
    assert score["scores"] == [s + 10, -s / 3 - 30, -s / 3 + 50, -s / 3 - 30]
    assert sum(score["scores"]) == 0


def test_final_score_s_to_the_taker_and_minus_s_over_3_to_each_defender():
    score = score_deal(taker_half_points=101, oudlers=1, contract="guard", taker=2)
    s = score["total"]
    assert s == -2 * (25 + Fraction(1, 2))  # 50.5 points with one oudler: failed by 0.5
    assert score["scores"][2] == s
    assert score["scores"][0] == score["scores"][1] == score["scores"][3] == -s / 3
    assert sum(score["scores"]) == 0


def test_score_before_the_end_is_an_error():
    state = TAROT.new_state(TAROT.random_deal(1))
    with pytest.raises(RuleError, match="not over"):
        state.score()


# -- the naive search on small endings ----------------------------------------------------------
def test_minimax_one_trick_excuse_led_to_a_slam():
    deal = build({0: trumps(21, 5) + " EX", 1: "4 3", 2: "2", 3: "1"}, dog="S1 S2 S3 S4 S5 S6")
    state = play_out(TAROT.new_state(deal, taker=0, contract="guard_without"), keep={0: "EX"}, until=1)
    assert minimax(state) == 182 - 2 * 36


def test_minimax_two_tricks_keep_the_excuse_for_the_slam():
    """Taker has won 16 tricks and holds 5 and the Excuse; the defenders hold
    no trump. Playing the 5 first and leading the Excuse last wins every
    trick (value 110); the Excuse first loses a trick and only gets it back
    for a 0.5 card."""
    deal = build({0: trumps(21, 5) + " EX", 1: "4 3 H1 H2", 2: "2 H3 H4", 3: "1 H5 H6"},
                  dog="S1 S2 S3 S4 S5 S6")
    state = TAROT.new_state(deal, taker=0, contract="guard_without")
    play_out(state, keep={0: "EX 5", 1: "H1 H2", 2: "H3 H4", 3: "H5 H6"}, until=2)
    assert state.tricks_won(0) == 16 and sorted(state.hands[0]) == sorted(C("5 EX"))
    values = card_values(state)
    assert values[C("5")[0]] == 182 - 72
    # Excuse first: the defenders win trick 17 with a heart (H1..H6 are
    # 0.5 each), the taker gets the Excuse back minus a 0.5 card, then wins
    # the last trick with the 5: he loses 3 half points plus the 0.5 card
    assert values[EX] == 182 - 3 - 1 - 72
    assert minimax(state) == 110


def test_minimax_two_tricks_without_the_slam_lead_the_excuse_first():
    """The taker lost the first trick, so the Excuse cannot win the last one:
    leading it at trick 17 keeps it (for a 0.5 card); keeping it to the last
    trick gives it to the defenders and the target rises from 36 to 41."""
    deal = build({0: "H1 7 " + trumps(21, 8) + " 6 EX", 1: "5 4 H2 H3 S7 S8", 2: "3 2 H4 H5 S9 ST",
                  3: "1 H6 H7 D1 D2"}, dog="S1 S2 S3 S4 S5 S6")
    state = TAROT.new_state(deal, taker=0, contract="guard_without")
    play_out(state, keep={0: "6 EX", 1: "S7 S8", 2: "S9 ST", 3: "D1 D2"}, until=2)
    assert [sorted(h) for h in state.hands] == [sorted(C(t)) for t in ("6 EX", "S7 S8", "S9 ST", "D1 D2")]
    lost_first = half_points(state.tricks[0].cards)
    rest = 182 - lost_first - hp("6 EX S7 S8 S9 ST D1 D2")  # all won by the taker so far
    values = card_values(state)
    # Excuse first: a defender wins trick 17 (3 small cards + the exchanged
    # 0.5 card), the taker wins the last trick with the 6 and 3 small cards
    assert values[EX] == rest + 9 - 1 + 4 - 2 * 36
    # 6 first: the taker wins trick 17, the Excuse led last goes to the defenders
    assert values[C("6")[0]] == rest + 4 - 2 * 41
    assert minimax(state) == values[EX]
