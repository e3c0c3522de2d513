"""A trick seen from a view: the trump suit, the suit led, who wins, and what
a card is worth to the side that wins it (the rules of thumb and the
greedy playout read these; each game's facts are on its ``Game``)."""

from __future__ import annotations

from atout.engine import get_game
from atout.engine.cards import FOOL, position_of, suit_of

SUITS = "SHDC"


def trump_suit(view):
    """The trump suit of the play (TRUMPS for the tarot games, a suit 0..3,
    or None: no trump / not fixed yet)."""
    return get_game(view.game).play_trump(view.public)


def led_suit(cards):
    for c in cards:
        if c != FOOL:
            return suit_of(c)
    return None


def strength(game: str, card, led, trump) -> int:
    """A card's rank in a trick led in ``led``: trumps above the suit led,
    other cards -1 (they cannot win), the fool -2."""
    if card == FOOL:
        return -2
    if trump is not None and suit_of(card) == trump:
        return 100 + get_game(game).trump_rank(card)
    if suit_of(card) == led:
        return position_of(card)
    return -1


def points(game: str, card, trump) -> float:
    """What a card is worth to the side that wins it (in the game's points;
    bridge cards are worth nothing but the trick)."""
    table = _POINTS.get((game, trump))
    if table is None:
        rules = get_game(game)
        table = _POINTS[(game, trump)] = {c: rules.card_worth(c, trump) for c in rules.deck.cards}
    return table[card]


_POINTS: dict = {}


def winning_position(game, cards, trump) -> int | None:
    """Index of the card winning a (partial) trick, None when empty."""
    if not cards:
        return None
    led = led_suit(cards)
    return max(range(len(cards)), key=lambda i: strength(game, cards[i], led, trump))
