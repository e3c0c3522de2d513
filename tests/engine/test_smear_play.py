"""Smear: seeded random playouts with invariants, the naive search on small
endings with values worked out by hand, move counts, undo, random auctions."""

import random

import pytest

from atout.engine import get_game
from atout.engine.cards import suit_of
from atout.engine.search import card_values, count_lines, minimax
from atout.engine.smear import SmearAuction, game_points, legal_discards

SMEAR = get_game("smear")


def cards(text):
    return SMEAR.parse_cards(text)


def deal(*hands):
    return SMEAR.deal_from([SMEAR.deck.parse_hand(h, 6)[0] for h in hands])


def tokens(values):
    return {SMEAR.deck.token(c): v for c, v in values.items()}


# The deals of test_smear.py (their play and counts are worked out there).
D1 = deal("AJ7.K.T.9", "K8.A7.Q.T", "T.QJ.A8.7", "9.T9.K.AK")
D2 = deal("97.KQ..KQ", "8.A7.A7.8", "AK.9.KQ.A", "QJT..JT.9")
E = deal("AJ.97.9.A", "Q7.K8.Q.K", ".AQ.AJ7.Q", ".J.KT8.J8")
E_PREFIX = "SA S7 DA DK  CA CK CQ CJ  D9 DQ DJ DT  HK HQ HJ H9"


# -- the naive search on endings -------------------------------------------------

def test_two_trick_ending_where_seat_1_must_lead_the_queen_of_trumps():
    # Spades trump, bidder 0: High is side 0 (SA), Low side 1 (S7). Side 0 has 21
    # game points, side 1 19, and 7 are left: side 0 wins Game with 3 of them.
    # s1 SQ H8, s2 HA D7, s3 D8 C8, s0 SJ H7; seat 1 leads.
    # SQ: seat 0 must play SJ under it (Jack to side 1), seat 2 keeps HA for the
    #     last trick (4 game points): High + Game = 2.
    # H8: seat 2 must play HA and seat 0 trumps it with SJ (Jack, 5 game points),
    #     then SQ wins the last trick alone: High + Jack + Game = 3.
    state = SMEAR.state_after(E, cards(E_PREFIX))
    assert state.to_play == 1 and state.tricks_left == 2
    assert tokens(card_values(state)) == {"SQ": 2, "H8": 3}
    assert minimax(state) == 2


def test_seat_0_trumps_its_partners_ace_with_the_jack():
    # Same ending after H8 HA C8: H7 lets seat 1's SQ catch the jack later (2),
    # SJ wins the jack now (3).
    state = SMEAR.state_after(E, cards(E_PREFIX + " H8 HA C8"))
    assert state.to_play == 0
    assert tokens(card_values(state)) == {"H7": 2, "SJ": 3}
    assert minimax(state) == 3


def test_seat_2_keeps_its_ace_for_the_last_trick():
    # After SQ (seat 1's lead), seat 2 chooses: D7 keeps HA for Game (2), HA
    # gives side 1 the 7 points and the last trick too (High only: 1).
    state = SMEAR.state_after(E, cards(E_PREFIX + " SQ"))
    assert tokens(card_values(state)) == {"HA": 1, "D7": 2}
    assert minimax(state) == 2


def test_three_trick_ending():
    # One trick earlier: s1 HK SQ H8, s2 HQ HA D7, s3 HJ D8 C8, s0 H9 SJ H7;
    # side 0 has 21, side 1 13, 13 left: side 0 wins Game with 3 of them.
    # A heart lead lets seat 0 trump with the jack after seat 1 has played
    # (Jack; HA or HQ+HJ bring Game): 3. SQ draws the jack (seat 0 must trump);
    # seat 2 keeps HA, which wins a later heart trick: High + Game = 2.
    state = SMEAR.state_after(E, cards(" ".join(E_PREFIX.split()[:12])))
    assert state.to_play == 1 and state.tricks_left == 3
    assert tokens(card_values(state)) == {"SQ": 2, "HK": 3, "H8": 3}
    assert minimax(state) == 2


def test_one_trick_ending_is_the_points_already_fixed():
    # After SQ D7 D8 SJ: Jack to side 1; the last trick H8 HA C8 H7 gives side 0
    # 4 game points (25 to 22): High + Game.
    state = SMEAR.state_after(E, cards(E_PREFIX + " SQ D7 D8 SJ"))
    assert state.tricks_left == 1 and minimax(state) == 2
    state = SMEAR.state_after(E, cards(E_PREFIX + " SQ HA D8 SJ"))
    # seat 2 gave its HA away: side 1 has 19 + 7 = 26 of 26 still open -> High only
    assert minimax(state) == 1


def test_ending_with_the_lone_jack_of_trumps():
    # D1 after four tricks: seat 0's SJ is the last trump and wins whichever
    # trick it is played to; High and Low (SA, S7) are side 0's. Side 0 has 33,
    # side 1 16, 25 left: seat 2 wins the diamond lead with D8 or seat 0 trumps,
    # so side 0 gets at least 5 more: 4 points whatever happens.
    state = SMEAR.state_after(D1, cards("SA S8 ST S9  S7 SK HQ CK  HA HJ H9 HK  DQ DA DK DT"))
    assert state.to_play == 2 and state.tricks_left == 2
    assert tokens(card_values(state)) == {"C7": 4, "D8": 4}
    assert minimax(state) == 4


def test_ending_where_the_bidders_side_has_everything_fixed():
    # D2 after three tricks, bidder 1, hearts: High (HA) and Low (H7) are side
    # 1's, the jack is undealt, side 1 has 35 and side 0 at most 4 + 19: 3.
    state = SMEAR.state_after(D2, cards("HA H9 ST HQ  S8 SK SJ S7  DK DT CQ DA"), bidder=1)
    assert state.max_side == 1 and state.tricks_left == 3
    assert minimax(state) == 3
    assert set(card_values(state).values()) == {3}


def test_search_uses_the_bidders_side_as_maximiser():
    state = SMEAR.state_after(E, cards(E_PREFIX), bidder=0)
    assert state.maximizing(0) and state.maximizing(2) and not state.maximizing(1)


# -- move counts --------------------------------------------------------------------

def test_perft_of_the_first_trick():
    # D1, seat 0 leads any of 6 cards, fixing the trump:
    # a spade (3 ways): s1 SK/S8, s2 ST, s3 S9 -> 2 each; HK: 2*2*2 = 8;
    # DT: DQ, DA/D8, DK -> 2; C9: CT, C7, CA/CK -> 2. Total 6 + 8 + 2 + 2 = 18.
    state = SMEAR.new_state(D1)
    assert count_lines(state, 1) == 6
    assert count_lines(state, 2) == 2 * 3 + 2 + 1 + 1
    assert count_lines(state, 4) == 18
    # with the trump fixed to spades the lead is one of three spades
    assert count_lines(SMEAR.new_state(D1, trump="S"), 4) == 6


def test_undo_restores_hands_trick_and_trump():
    state = SMEAR.new_state(SMEAR.random_deal(3), bidder=2)
    before = repr(state)
    rng = random.Random(3)
    history = []
    while not state.is_over():
        history.append((repr(state), state.trump))
        state.play(rng.choice(state.legal_cards()))
    for snapshot, trump in reversed(history):
        state.undo()
        assert (repr(state), state.trump) == (snapshot, trump)
    assert repr(state) == before and state.trump is None and not state.tricks


# -- random playouts ------------------------------------------------------------------

def expected_legal(state, card):
    """The play obligations as a yes/no question about one card."""
    hand = state.hands[state.to_play]
    trump = state.trump
    if not state.trick:
        return not (not state.tricks and state.fixed_trump is not None and suit_of(card) != trump)
    led = suit_of(state.trick[0])
    has_trump = any(suit_of(c) == trump for c in hand)
    if led == trump:
        return suit_of(card) == trump or not has_trump
    if any(suit_of(c) == led for c in hand):
        return suit_of(card) in (led, trump)
    return True


def random_contract(rng, d):
    bidder = rng.randrange(4)
    contract = {"bidder": bidder, "bid": rng.choice((2, 3, 4))}
    widow = rng.randrange(4)
    if widow:
        taken = rng.sample(sorted(d.extra("undealt")), widow)
        held = set(d.hands[bidder].cards) | set(taken)
        trump = suit_of(rng.choice(sorted(held)))
        discard = rng.choice(legal_discards(held, trump))
        contract.update(widow=widow, taken=taken, discard=discard, trump="SHDC"[trump])
    elif rng.random() < 0.2:
        contract["trump"] = "SHDC"[suit_of(rng.choice(sorted(d.hands[bidder].cards)))]
    return contract


def test_random_playouts_keep_invariants():
    rng = random.Random(2024)
    made = failed = ties = no_jack = 0
    for seed in range(2000):
        d = SMEAR.random_deal(seed)
        contract = random_contract(rng, d)
        state = SMEAR.new_state(d, **contract)
        bidder = state.bidder
        dealt = set().union(*state.start_hands)
        # the bidder holds six cards: its hand plus the taken minus the discard
        assert all(len(h) == 6 for h in state.start_hands)
        assert state.start_hands[bidder] == (set(d.hands[bidder].cards) | set(state.taken)) - set(state.discard)
        assert dealt.isdisjoint(state.undealt) and dealt.isdisjoint(state.discard)
        assert len(dealt) + len(state.undealt) + len(state.discard) == 32
        assert state.to_play == bidder
        while not state.is_over():
            legal = state.legal_cards()
            hand = state.hands[state.to_play]
            assert legal and set(legal) <= hand
            assert set(legal) == {c for c in hand if expected_legal(state, c)}
            state.play(rng.choice(legal))
            if not state.trick:
                trick = state.tricks[-1]
                trump, led = state.trump, suit_of(trick.cards[0])
                best = max(trick.cards, key=lambda c: (suit_of(c) == trump, suit_of(c) == led, c & 15))
                assert trick.winner == trick.plays(4)[trick.cards.index(best)][0]
        # each dealt card played exactly once, six tricks
        assert sorted(state.played) == sorted(dealt) and len(state.tricks) == 6
        trump = state.trump
        assert trump == suit_of(state.tricks[0].cards[0])
        score = state.score()
        points = state.points()
        trumps = [c for c in state.played if suit_of(c) == trump]
        seat_of = {c: s for s, h in enumerate(state.start_hands) for c in h}
        assert points["high"] == seat_of[max(trumps)] % 2 and points["low"] == seat_of[min(trumps)] % 2
        won = score["won"]
        assert 2 <= won[0] + won[1] <= 4  # High and Low always go to someone
        assert won[0] + won[1] == 4 - (points["jack"] is None) - (points["game"] is None)
        assert (points["jack"] is None) == ((16 * trump + 4) not in state.played)
        # game points: the tricks plus the discard, the undealt cards for nobody
        g = score["game_points"]
        assert g[0] + g[1] + game_points(state.undealt) == 80
        in_tricks = [sum(game_points(t.cards) for t in state.tricks if t.winner % 2 == side) for side in (0, 1)]
        in_tricks[bidder % 2] += game_points(state.discard)
        assert tuple(in_tricks) == g
        assert points["game"] == (None if g[0] == g[1] else int(g[1] > g[0]))
        # score
        side = bidder % 2
        assert state.objective() == won[side]
        assert score["made"] == (won[side] >= state.bid)
        assert score["scores"][side] == (won[side] if score["made"] else -state.bid)
        assert score["scores"][1 - side] == won[1 - side]
        made += score["made"]
        failed += not score["made"]
        ties += points["game"] is None
        no_jack += points["jack"] is None
    # the playouts reach every case (a lone trump in play is test_smear.py's LONE deal)
    assert made and failed and ties and no_jack


def test_random_auctions():
    rng = random.Random(7)
    outcomes = set()
    for _ in range(2000):
        auction = SmearAuction()
        while not auction.is_over():
            calls = auction.legal_calls()
            assert calls[0] == "pass" and auction.to_speak == len(auction.calls)
            auction.call(rng.choice(calls))
        bids = [b for _, b in auction.calls if b != "pass"]
        assert bids == sorted(set(bids)) and len(auction.calls) <= 4
        assert len(auction.calls) == 4 or bids[-1] == 4
        if bids:
            assert auction.result == (max(((b, s) for s, b in auction.calls if b != "pass"))[1], bids[-1])
            assert not auction.redeal
        else:
            assert auction.redeal and auction.result is None
        outcomes.add(auction.result if auction.result is None else auction.result[1])
    assert outcomes == {None, 2, 3, 4}


@pytest.mark.parametrize("seed", range(5))
def test_random_deals_round_trip_through_the_notation_after_play(seed):
    d = SMEAR.random_deal(seed)
    state = SMEAR.new_state(SMEAR.parse_deal(SMEAR.format_deal(d)))
    assert state.deal == d


def test_contract_target_is_the_bid():
    import random as _random
    from atout.engine import get_game as _get
    game = _get("smear")
    rng = _random.Random(8)
    for seed in range(200):
        state = game.new_state(game.random_deal(seed), bidder=seed % 4, bid=2 + seed % 3)
        while not state.is_over():
            state.play(rng.choice(state.legal_cards()))
        assert (state.objective() >= state.contract_target()) == state.score()["made"]
