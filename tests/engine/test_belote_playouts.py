"""Belote: seeded random playouts of thousands of deals. At every position the
engine's legal cards are compared with a second, independent reading of
RULES.md section 3 (written card by card from the rank characters, not from the
engine's tables); at the end, every card was played once, the card points add
up to 162 (252 on capot), and the score follows the made / failed rule."""

import random

import pytest

from atout.engine.belote import GAME
from atout.engine.search import count_lines

TRUMP_ORDER = "78QKTA9J"          # weakest first
PLAIN_ORDER = "789JQKTA"
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


SUIT_RANK = {c: (GAME.deck.token(c)[0], GAME.deck.token(c)[1]) for c in GAME.deck.cards}


def suit_rank(card):
    return SUIT_RANK[card]


def key(card, led, trump):
    """Independent trick order: trumps above the suit led, the rest nowhere."""
    suit, rank = suit_rank(card)
    if suit == trump:
        return (2, TRUMP_ORDER.index(rank))
    if suit == led:
        return (1, PLAIN_ORDER.index(rank))
    return (0, 0)


def allowed(hand, trick, leader, seat, trump, c):
    """May ``seat`` play card ``c`` from ``hand`` now? RULES.md section 3, card by card."""
    if not trick:
        return True
    led = suit_rank(trick[0])[0]
    suit = suit_rank(c)[0]
    trick_trumps = [key(x, led, trump) for x in trick if suit_rank(x)[0] == trump]

    def beats_trumps(x):
        return suit_rank(x)[0] == trump and all(key(x, led, trump) > t for t in trick_trumps)

    can_beat = any(beats_trumps(x) for x in hand)
    if any(suit_rank(x)[0] == led for x in hand):
        if suit != led:
            return False                                   # must follow
        return led != trump or not can_beat or beats_trumps(c)   # trumps led: beat if you can
    has_trump = any(suit_rank(x)[0] == trump for x in hand)
    if not has_trump:
        return True                                        # neither suit nor trump: anything
    best = max(range(len(trick)), key=lambda i: key(trick[i], led, trump))
    partner_wins = (leader + best) % 4 == (seat + 2) % 4
    if suit == trump and can_beat and not beats_trumps(c):
        return False                                       # a trump played must beat if it can
    return partner_wins or suit == trump                   # else you must trump


def points_of(cards_, trump):
    return sum((TRUMP_POINTS if suit_rank(c)[0] == trump else PLAIN_POINTS)[suit_rank(c)[1]]
               for c in cards_)


def play_out(seed, rng):
    trump = rng.choice("SHDC")
    taker = rng.randrange(4)
    state = GAME.new_state(GAME.random_deal(seed), trump=trump, taker=taker)
    assert state.max_side == taker % 2 and state.to_play == 0
    while not state.is_over():
        seat = state.to_play
        hand = set(state.hands[seat])
        legal = state.legal_cards()
        assert legal, state                                # a legal card always exists
        assert set(legal) <= hand and len(set(legal)) == len(legal)
        expected = {c for c in hand if allowed(hand, state.trick, state.leader, seat, trump, c)}
        assert set(legal) == expected, (state, legal, expected)
        state.play(rng.choice(legal))
    return state, trump


def test_random_playouts_2000_deals_keep_the_invariants():
    rng = random.Random(2024)
    capots = failed = made = 0
    for seed in range(2000):
        state, trump = play_out(seed, rng)
        # each card once
        assert sorted(state.played) == sorted(GAME.deck.cards)
        assert len(state.tricks) == 8
        for trick in state.tricks:
            led = suit_rank(trick.cards[0])[0]
            best = max(range(4), key=lambda i: key(trick.cards[i], led, trump))
            assert trick.winner == (trick.leader + best) % 4
        # card points: 162, or 252 to one side on capot
        points = [state.card_points_of_side(s) for s in (0, 1)]
        side_of_last = state.tricks[-1].winner % 2
        won = [state.tricks_won(s) for s in (0, 1)]
        if 8 in won:
            capots += 1
            assert sorted(points) == [0, 252] and points[won.index(8)] == 252
        else:
            assert sum(points) == 162
            for s in (0, 1):
                assert points[s] == points_of(state.won_cards(s), trump) + (10 if s == side_of_last else 0)
        assert state.objective() == points[state.max_side]
        # the score
        score = state.score()
        t, d = state.max_side, 1 - state.max_side
        br = score["belote_rebelote"]
        assert sum(br) in (0, 20)
        assert score["made"] == (points[t] + br[t] >= points[d] + br[d])
        if score["made"]:
            made += 1
            assert score["scores"] == [points[0] + br[0], points[1] + br[1]]
        else:
            failed += 1
            assert score["scores"][t] == 0
            assert score["scores"][d] == (252 if 8 in won else 162) + sum(br)
    assert capots and failed and made


@pytest.mark.parametrize("trump", "SHDC")
def test_random_positions_undo_exactly(trump):
    rng = random.Random(ord(trump))
    for seed in range(50):
        state = GAME.new_state(GAME.random_deal(seed), trump=trump, taker=rng.randrange(4))
        moves = rng.randrange(1, 32)
        snapshots = []
        for _ in range(moves):
            snapshots.append((repr(state), list(state.tricks)))
            state.play(rng.choice(state.legal_cards()))
        for _ in range(moves):
            state.undo()
            assert (repr(state), list(state.tricks)) == snapshots.pop()


def test_perft_of_the_first_trick():
    # P-like deal: seat 0 holds all the spades: 8 leads; each trump reply fixes the others
    deal = GAME.parse_deal("ATKQJ987... .97.ATKQJ9. .QJ8.87.ATK .ATK..QJ987")
    state = GAME.new_state(deal, trump="H")
    # seat 1 must trump (2 ways); after H9 seat 2 must play HJ and seat 3 any of its 3 trumps;
    # after H7 seat 2 has 3 overtrumps: J (then 3 forced undertrumps), Q or 8 (then 3 overtrumps)
    assert count_lines(state, 4) == 8 * (1 * 3 + 3 * 3)
