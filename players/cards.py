"""A trick seen from a view: the trump suit, the suit led, who wins, and what
a card is worth to the side that wins it (the rules of thumb and the
greedy playout read these)."""

from __future__ import annotations

from atout.engine import get_game
from atout.engine.cards import FOOL, TRUMPS, position_of, suit_of

SUITS = "SHDC"


def trump_suit(view):
    """The trump suit of the play (TRUMPS for the tarot games, a suit 0..3,
    or None: no trump / not fixed yet)."""
    if view.game in ("tarot", "tarot2", "tarocco"):
        return TRUMPS
    public = view.public
    if view.game == "bridge":
        strain = public.get("strain", "NT")
        return SUITS.index(strain) if strain in SUITS else None
    letter = public.get("trump")
    return SUITS.index(letter) if letter else None


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
        if game == "belote":
            from atout.engine.belote import trump_strength
            return 100 + trump_strength(card)
        return 100 + position_of(card)
    if suit_of(card) == led:
        return position_of(card)
    return -1


def points(game: str, card, trump) -> float:
    """What a card is worth to the side that wins it (in the game's points;
    bridge cards are worth nothing but the trick)."""
    table = _POINTS.get((game, trump))
    if table is None:
        table = _POINTS[(game, trump)] = {c: _card_points(game, c, trump) for c in get_game(game).deck.cards}
    return table[card]


_POINTS: dict = {}


def _card_points(game: str, card, trump) -> float:
    if game in ("tarot", "tarot2"):
        from atout.engine.tarot_scoring import card_half_points
        return card_half_points(card) / 2
    if game == "tarocco":
        from atout.engine.tarocco import card_points
        return card_points(card)
    if game == "belote":
        from atout.engine.belote import card_points
        return card_points(card, 0 if trump is None else trump)
    if game == "smear":
        from atout.engine.smear import game_points
        bonus = 0
        if trump is not None and suit_of(card) == trump and position_of(card) == 4:
            bonus = 20          # the jack of trumps is a point of its own
        return game_points([card]) + bonus
    return 0.0


def winning_position(game, cards, trump) -> int | None:
    """Index of the card winning a (partial) trick, None when empty."""
    if not cards:
        return None
    led = led_suit(cards)
    return max(range(len(cards)), key=lambda i: strength(game, cards[i], led, trump))
