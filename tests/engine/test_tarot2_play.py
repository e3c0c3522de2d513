"""Two-player Tarot with piles: the naive search on small endings whose values
are computed by hand, move counts, and seeded random playouts of full deals
checked against invariants and against an independent statement of the
obligations."""

import random
from collections import Counter

import pytest

from atout.engine.cards import FOOL, TRUMPS, suit_of
from atout.engine.search import card_values, count_lines, minimax
from atout.engine.tarot2 import GAME, PETIT, TARGETS, half_points, is_oudler

DECK = GAME.deck


def c(token):
    return DECK.parse_card(token)


def position(text, first=0):
    return GAME.new_state(GAME.parse_deal(text, full=False), first=first)


def values(state):
    return {DECK.token(card): v for card, v in card_values(state).items()}


# -- endings solved by hand --------------------------------------------------------------
# The objective is player 0's margin in half points: half points won - 2 * target,
# target 56/51/41/36 by the oudlers won.

def test_one_trick_the_21_takes_the_king():
    # 21 + SK = 18 half points, one oudler: 18 - 2 * 51
    assert minimax(position("....21 K.... piles0: piles1:")) == -84


def test_play_the_excuse_before_the_last_trick():
    # EX first: player 0 keeps it (8 half points, one oudler): 8 - 102 = -94;
    # S1 first: the Excuse falls in the last trick and goes to player 1: 0 - 112
    state = position("1....EX K2.... piles0: piles1:")
    assert values(state) == {"EX": -94, "S1": -112}
    assert minimax(state) == -94


def test_a_trump_under_a_pile_comes_into_play_only_once_turned_up():
    # player 0: H1 in hand, the S3 face up on the 21. Player 1 (to lead): HK and
    # the 2 in hand, SQ on a pile. SQ or HK first: player 0's 21 only takes the 2
    # at the end (1 + 9 half points, one oudler: -92). The 2 first: player 0
    # discards and the 21 later takes the queen (16: -86).
    state = position(".1... .K...2 piles0:S3/21 piles1:SQ", first=1)
    assert values(state) == {"SQ": -92, "HK": -92, "2": -86}
    assert minimax(state) == -92


def test_save_the_petit_while_the_opponents_trump_is_face_down():
    # player 1's 2 lies face down under the H1. Leading the Petit (now or after
    # the SK) saves it: Petit + a discard, SK + S1 (20 half points, one oudler)
    # = -82. SQ first lets the 2 turn up before the Petit is led: -84 at best.
    state = position("KQ....1 1.... piles0: piles1:H1/2")
    assert values(state) == {"1": -82, "SK": -82, "SQ": -84}
    assert minimax(state) == -82


def test_minimax_from_the_middle_of_a_trick():
    state = position("1.... 5.... piles0:SK/HK,D1 piles1:S2/21,CK")
    state.play(c("D1"))
    # player 1 cannot follow and has no trump face up; discarding the CK gives
    # player 0 10 half points, then S2 on player 0's spade turns up the 21,
    # which takes the HK: player 0 ends with 20 half points, no oudler.
    assert values(state)["CK"] == 20 - 112
    assert minimax(state) == min(values(state).values())


def test_move_counts_do_not_count_face_down_cards():
    state = position("1.... 5.... piles0:SK/HK,D1 piles1:S2/21,CK")
    # S1 or SK: two spades to follow; D1: no diamond, the 21 is face down, any of 3
    assert count_lines(state, 1) == 3
    assert count_lines(state, 2) == 7


# -- random playouts ---------------------------------------------------------------------

def reference_legal(holding, trick):
    """The obligations of RULES.md section 4 stated card by card."""
    if not trick or trick[0] == FOOL:
        return sorted(holding)
    led = trick[0]

    def ok(card):
        if card == FOOL:
            return True
        has_suit = any(suit_of(h) == suit_of(led) for h in holding)
        has_trump = any(suit_of(h) == TRUMPS for h in holding)
        if suit_of(led) == TRUMPS:
            can_beat = any(suit_of(h) == TRUMPS and h > led for h in holding)
            if can_beat:
                return suit_of(card) == TRUMPS and card > led
            return suit_of(card) == TRUMPS or not has_trump
        if has_suit:
            return suit_of(card) == suit_of(led)
        if has_trump:
            return suit_of(card) == TRUMPS
        return True
    return sorted(card for card in holding if ok(card))


def reference_points(state):
    """Half points and oudlers per player, stated from the tricks directly."""
    half, oudlers = [0, 0], [0, 0]
    for i, trick in enumerate(state.tricks):
        last = i == len(state.tricks) - 1
        for seat, card in trick.plays(2):
            keeper = seat if card == FOOL and not last else trick.winner
            half[keeper] += half_points(card)
            oudlers[keeper] += is_oudler(card)
            if card == FOOL and not last:
                half[seat] -= 1
                half[trick.winner] += 1
    return half, oudlers


def play_out(seed, rng, check_views=False):
    deal = GAME.random_deal(seed)
    state = GAME.new_state(deal, first=seed % 2)
    face_down_ever = set()
    while not state.is_over():
        seat = state.to_play
        holding = state.holding(seat)
        legal = state.legal_cards()
        assert legal, state
        assert legal == reference_legal(holding, state.trick)
        tops = {pile[0] for k, pile in enumerate(state.piles[seat]) if pile and (seat, k) not in state.pending}
        assert holding == state.hands[seat] | tops
        if check_views:
            for viewer in (0, 1):
                view = state.visible_to(viewer)
                seen = set(view["hand"]) | set(view["trick"][1])
                seen |= {top for piles in view["public"]["piles"] for top, _ in piles if top is not None}
                hidden = {card for piles in state.piles for k, pile in enumerate(piles)
                          for card in pile[1:]}
                hidden |= {pile[0] for p, piles in enumerate(state.piles) for k, pile in enumerate(piles)
                           if pile and (p, k) in state.pending}
                assert not seen & hidden
                assert not seen & state.hands[1 - viewer]
        for piles in state.piles:
            face_down_ever |= {card for pile in piles for card in pile[1:]}
        state.play(rng.choice(legal))
    return deal, state


def test_random_playouts_keep_every_invariant():
    rng = random.Random(2024)
    tallies = Counter()
    for seed in range(500):
        deal, state = play_out(seed, rng, check_views=seed < 20)
        assert len(state.tricks) == 39
        assert sorted(state.played) == sorted(DECK.cards)       # each card once
        assert state.tricks[0].leader == seed % 2
        half, oudlers = state.points()
        assert (half, oudlers) == reference_points(state)
        assert sum(half) == 182 and sum(oudlers) == 3             # 91 points, 3 oudlers
        assert all(h % 2 == 0 for h in half)                      # whole points: no draw can occur
        assert state.objective() == half[0] - 2 * TARGETS[oudlers[0]]
        s = state.score()
        assert sum(s["margins"]) == -1
        assert sum(s["scores"]) == 0                              # zero-sum
        assert s["scores"][s["winner"]] == 25 + max(s["margins"]) + s["petit"][s["winner"]]
        last = state.tricks[-1]
        assert (s["petit_last"] is not None) == (PETIT in last.cards)
        tallies[s["winner"]] += 1
    assert tallies[0] > 50 and tallies[1] > 50


def test_undo_takes_a_whole_deal_back():
    rng = random.Random(3)
    for seed in range(20):
        state = GAME.new_state(GAME.random_deal(seed), first=seed % 2)
        start = (repr(state), state.public_cards(0))
        n = 0
        while not state.is_over():
            state.play(rng.choice(state.legal_cards()))
            n += 1
        for _ in range(n):
            state.undo()
        assert (repr(state), state.public_cards(0)) == start and state.to_play == seed % 2


def test_random_endings_search_agrees_with_its_card_values():
    rng = random.Random(11)
    for seed in range(40):
        state = GAME.new_state(GAME.random_deal(seed), first=seed % 2)
        while state.tricks_left > 3:
            state.play(rng.choice(state.legal_cards()))
        if seed % 2:  # half of them from the middle of a trick
            state.play(rng.choice(state.legal_cards()))
        vals = card_values(state)
        best = max(vals.values()) if state.maximizing() else min(vals.values())
        assert minimax(state) == best
        assert best % 2 == 0 and -112 <= best <= 182 - 72


def test_contract_target_means_player_0_wins():
    import random as _random
    from atout.engine import get_game as _get
    game = _get("tarot2")
    rng = _random.Random(3)
    for seed in range(100):
        state = game.new_state(game.random_deal(seed), first=seed % 2)
        while not state.is_over():
            state.play(rng.choice(state.legal_cards()))
        assert (state.objective() >= state.contract_target()) == (state.score()["winner"] == 0)
