"""Tarocco Piemontese: seeded random playouts with invariants, and the naive
minimax on small endings whose values are worked out by hand."""

import random

import pytest

from atout.engine import TRUMPS, get_game, suit_of
from atout.engine.search import card_values, count_lines, minimax
from atout.engine.tarocco import DECK, DEALER, MATTO, card_points, check_deal_discard, check_discard

GAME = get_game("tarocco")


def cards(text):
    return DECK.parse_cards(text)


# -- an independent statement of the rules, for the playouts -------------------------

def spec_legal(hand, trick):
    """RULES.md section 2 in a few lines: the Matto always; follow the suit of
    the first card other than the Matto; else trump; else anything."""
    led = next((suit_of(c) for c in trick if c != MATTO), None)
    if led is None:
        return set(hand)
    for suit in (led, TRUMPS):
        same = {c for c in hand if suit_of(c) == suit}
        if same:
            return same | ({MATTO} & set(hand))
    return set(hand)


def spec_winner(trick):
    """Index in the trick of the winning card."""
    trumps = [c for c in trick if suit_of(c) == TRUMPS]
    if trumps:
        return trick.index(max(trumps))
    led = next(suit_of(c) for c in trick if c != MATTO)
    return trick.index(max(c for c in trick if suit_of(c) == led))


def playout(seed):
    rng = random.Random(seed)
    deal = GAME.random_deal(seed)
    state = GAME.new_state(deal)
    while not state.is_over():
        hand, trick = set(state.hands[state.to_play]), list(state.trick)
        legal = state.legal_cards()
        assert legal, "a legal card always exists"
        assert set(legal) == spec_legal(hand, trick) and set(legal) <= hand
        state.play(rng.choice(legal))
    return deal, state


@pytest.mark.parametrize("block", range(4))
def test_random_playouts_keep_the_invariants(block):
    draws = sweeps = 0
    for seed in range(250 * block, 250 * (block + 1)):
        deal, state = playout(seed)
        discard = deal.extra("discard")
        # the deal: 15 cards each, a legal discard of the dealer's 17, every card once
        assert [len(h.cards) for h in deal.hands] == [15] * 4 and len(discard) == 2
        check_discard(deal.hand(DEALER) | discard, discard)
        assert sorted([*(c for h in deal.hands for c in h.cards), *discard]) == sorted(DECK.cards)
        assert sorted([*state.played, *discard]) == sorted(DECK.cards)
        assert len(state.played) == len(set(state.played)) == 60
        # tricks: 15, won by the spec's winner, never by the Matto
        assert len(state.tricks) == 15
        for trick in state.tricks:
            assert trick.winner == (trick.leader + spec_winner(list(trick.cards))) % 4
            if MATTO in trick.cards:
                assert trick.cards[trick.winner - trick.leader] != MATTO
        # points: 114 in all; the score follows them
        points = state.points()
        assert sum(points) == 114 and state.objective() == points[0]
        score = state.score()
        assert score["points"] == points and sum(score["tricks"]) == 15
        if points[0] == points[1]:
            assert score["winner"] is None and score["draw"]
            draws += 1
        else:
            assert score["winner"] == (0 if points[0] > points[1] else 1)
        sweeps += score["sweep"] is not None
        # the public count of trumps discarded
        n = sum(1 for c in discard if suit_of(c) == TRUMPS)
        assert state.public_cards(1)["discard_trumps"] == n
    assert draws > 0  # 57-57 happens now and then among 250 deals


def test_points_by_hand_on_random_playouts():
    """The points recomputed card by card from the trick history."""
    for seed in range(200):
        deal, state = playout(10_000 + seed)
        owner = next(GAME.sides[s] for s in range(4) if MATTO in deal.hand(s))
        won = [0, 0]
        tricks = [0, 0]
        for trick in state.tricks:
            side = GAME.sides[trick.winner]
            tricks[side] += 1
            won[side] += sum(card_points(c) for c in trick.cards if c != MATTO)
        won[owner if tricks[owner] else 1 - owner] += 5
        won[1 if tricks[1] else 0] += sum(card_points(c) for c in deal.extra("discard"))
        assert tuple(won) == state.points()


def test_undo_restores_the_state():
    state = GAME.new_state(GAME.random_deal(3))
    before = repr(state)
    rng = random.Random(3)
    for _ in range(23):
        state.play(rng.choice(state.legal_cards()))
    for _ in range(23):
        state.undo()
    assert repr(state) == before and not state.tricks and state.leader == 0


def test_first_trick_perft():
    state = GAME.new_state(GAME.random_deal(1))
    # seat 0 leads any of its 15 cards
    assert count_lines(state, 1) == 15
    total = 0
    for lead in state.legal_cards():
        state.play(lead)
        total += len(spec_legal(state.hands[1], [lead]))
        state.undo()
    assert count_lines(state, 2) == total


# -- endings: minimax against values worked out by hand -------------------------------

def scripted_ending(ending, discard, prefix_winner=0):
    """A full deal whose last tricks are the ``ending`` hands (seat order),
    and the played cards of the tricks before: each of those is four cards
    of one suit, the strongest one played by ``prefix_winner``, who so wins
    every trick before the ending (the first one led by seat 0)."""
    ending_cards = [set(DECK.parse_hand(h)[0]) for h in ending]
    discard_cards = set(DECK.parse_hand(discard)[0])
    used = set().union(discard_cards, *ending_cards)
    groups = {}
    for c in DECK.cards:
        if c not in used:
            groups.setdefault(suit_of(c), []).append(c)
    hands = [set(h) for h in ending_cards]
    played, leader = [], 0
    for suit, group in groups.items():
        group.sort(reverse=True)
        assert len(group) % 4 == 0, f"suit {suit}: {len(group)} cards left for the scripted tricks"
        for i in range(0, len(group), 4):
            chunk = group[i:i + 4]
            by_seat = {prefix_winner: chunk[0]}
            others = [s for s in range(4) if s != prefix_winner]
            by_seat.update(zip(others, chunk[1:]))
            for k in range(4):
                seat = (leader + k) % 4
                hands[seat].add(by_seat[seat])
                played.append(by_seat[seat])
            leader = prefix_winner
    deal = GAME.deal_from(hands, {"discard": discard_cards})
    deal = GAME.parse_deal(GAME.format_deal(deal))  # and it reads back, discard checked
    state = GAME.state_after(deal, played)
    assert state.tricks_left == len(ending_cards[0])
    assert all(t.winner == prefix_winner for t in state.tricks)
    return state


def test_ending_draw_the_trumps_before_cashing_the_king():
    """Seat 0 has won all 12 tricks so far. Ending (seat 0 to lead):
        seat 0: 21 20 SK      seat 1: 5 C6 D6
        seat 2: 3 MT CK       seat 3: 4 SQ DK      discard B6 B5 (2 points)
    Lead 21 (or 20): seat 1's only trump falls, side 0 wins every trick: the
    sweep gives side 0 all 114. Lead SK: seats 1 and 2 are void in Swords and
    must trump, seat 1's 5 beats seat 2's 3, so side 1 wins that trick
    (SK 5 + trump 5 1 + SQ 4 = 10, seat 2 saves its trump 3 by playing the
    Matto, which stays with side 0) and keeps the discard: 114 - 12 = 102."""
    state = scripted_ending(["K....21,20", "..6.6.5", "..K..3,MT", "Q...K.4"], ".65...")
    assert state.to_play == 0 and state.tricks_won(1) == 0
    assert minimax(state) == 114
    values = card_values(state)
    assert {DECK.token(c): v for c, v in values.items()} == {"21": 114, "20": 114, "SK": 102}
    # after SK and seat 1's forced trump, seat 2's Matto saves a point over its 3
    state.play(cards("SK")[0])
    state.play(cards("5")[0])
    assert {DECK.token(c): v for c, v in card_values(state).items()} == {"3": 101, "MT": 102}


def test_ending_a_side_that_has_won_nothing_must_keep_its_king_to_save_the_matto():
    """Seat 1 has won all 13 tricks so far, and leads. Ending:
        seat 0: CK MT         seat 1: C6 2
        seat 2: DK BQ         seat 3: DQ BK        discard S6 S5
    Side 0 must win a trick or its Matto goes to side 1, and only seat 0's
    CK can win one, on the C6: seat 0 keeps the CK for the C6 and plays the
    Matto in the other trick. Seat 2 puts its DK into the CK's trick and its
    BQ into side 1's; seat 3 its DQ into the CK's trick and its BK into side
    1's. Side 0: C6 1 + DK 5 + DQ 4 + CK 5 = 15, and the Matto's 5: 20,
    whichever card seat 1 leads. Seat 0 playing its Matto on the C6 instead
    lets side 1 sweep: 0."""
    state = scripted_ending(["..K..MT", "..6..2", ".Q..K.", ".K..Q."], "65....", prefix_winner=1)
    assert state.to_play == 1 and state.tricks_won(0) == 0
    assert minimax(state) == 20
    assert {DECK.token(c): v for c, v in card_values(state).items()} == {"C6": 20, "2": 20}
    # C6 led, seat 2 gives DK, seat 3 DQ: the Matto now loses every point of side 0
    for token in ("C6", "DK", "DQ"):
        state.play(cards(token)[0])
    assert {DECK.token(c): v for c, v in card_values(state).items()} == {"CK": 20, "MT": 0}


def test_ending_with_forced_play_only():
    """One trick left, each seat holds one card: no choice, the value is the
    points of the finished deal."""
    state = scripted_ending(["..K..MT", "..6..2", ".Q..K.", ".K..Q."], "65....", prefix_winner=1)
    for token in ("C6", "DK", "DQ", "CK"):
        state.play(cards(token)[0])
    # trick 2: seat 0 (CK won) leads its Matto; seat 1's trump 2 wins BQ, BK
    assert count_lines(state, 4) == 1
    assert minimax(state) == 15 + 5
    while not state.is_over():
        state.play(state.legal_cards()[0])
    assert state.score()["points"] == (20, 94) and state.tricks_won(0) == 1


def test_minimax_on_random_two_trick_endings_is_within_the_points_left():
    """Side 0's value lies between what it can no longer lose and what it
    could still win, on random two-trick endings."""
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_state(GAME.random_deal(seed))
        while state.tricks_left > 2:
            state.play(rng.choice(state.legal_cards()))
        value = minimax(state)
        assert 0 <= value <= 114
        # a random line ends within the min and max over all lines
        lines = []

        def every_line(s):
            if s.is_over():
                lines.append(s.objective())
                return
            for c in s.legal_cards():
                s.play(c)
                every_line(s)
                s.undo()
        every_line(state)
        assert min(lines) <= value <= max(lines)


def test_what_the_play_reveals_and_sampling_respect_the_discard():
    """Seat 0's view (its hand, the rest unseen): replaying the play and
    sampling the unseen cards never puts a forbidden card in the discard,
    and the plays stay legal in every sampled deal."""
    from atout.engine.deal import Packet
    from atout.engine.inference import replay, sample_deal
    full = GAME.random_deal(11)
    state = GAME.new_state(full)
    rng = random.Random(11)
    for _ in range(14):
        state.play(rng.choice(state.legal_cards()))
    view = full.__class__(GAME, (full.hands[0], Packet(frozenset(), 15), Packet(frozenset(), 15),
                                 Packet(frozenset(), 15)), {"discard": Packet(frozenset(), 2)})
    knowledge = replay(view, state.played)
    for _ in range(20):
        deal = sample_deal(knowledge, rng)
        discard = deal.extra("discard")
        assert all(GAME.packet_may_hold("discard", c) for c in discard)
        check_deal_discard(deal)
        assert deal.hands[0] == full.hands[0] and sorted(deal.known_cards()) == sorted(DECK.cards)
        GAME.state_after(deal, state.played)
