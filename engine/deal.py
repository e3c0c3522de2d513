"""A deal: who holds which cards, known or not, and the extra packets a game
has (the tarot dog and discard, the tarocco discard, Smear's undealt cards).

Notation, PBN style: the hands in seat order separated by spaces, then each
extra packet as ``name:HAND``. A hand is written by ``Deck.format_hand``; ``?``
is a wholly unknown hand and ``+N`` adds N unknown cards to a hand. An extra
packet left out is "the rest of the deck" when that fits its size.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .cards import Card
from .errors import NotationError
from .words import plural


@dataclass(frozen=True)
class Packet:
    """Some cards: the known ones and how many more are unknown."""

    cards: frozenset = frozenset()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.cards) + self.unknown


@dataclass(frozen=True)
class Deal:
    game: object           # its engine Game (engine.game imports this module)
    hands: tuple[Packet, ...]
    extras: dict = field(default_factory=dict)  # name -> Packet
    #: tarot2 only: piles[player][k] is the k-th pile, top card first, None
    #: for a face-down card that is not known.
    piles: tuple = ()

    # -- views -------------------------------------------------------------
    @property
    def is_complete(self) -> bool:
        """True when every card's place is known."""
        return (all(h.unknown == 0 for h in self.hands)
                and all(p.unknown == 0 for p in self.extras.values())
                and all(c is not None for player in self.piles for pile in player for c in pile))

    def known_cards(self) -> set[Card]:
        known: set[Card] = set()
        for packet in (*self.hands, *self.extras.values()):
            known |= packet.cards
        for player in self.piles:
            for pile in player:
                known |= {c for c in pile if c is not None}
        return known

    def unseen_cards(self) -> list[Card]:
        known = self.known_cards()
        return [c for c in self.game.deck.cards if c not in known]

    def hand(self, seat: int) -> frozenset:
        return self.hands[seat].cards

    def extra(self, name: str) -> frozenset:
        return self.extras[name].cards if name in self.extras else frozenset()

    def with_hands(self, hands) -> "Deal":
        return replace(self, hands=tuple(Packet(frozenset(h)) for h in hands))

    def __str__(self) -> str:
        return self.game.format_deal(self)


def check_no_duplicates(deck, packets) -> None:
    """Raise NotationError naming the first card that two packets both hold."""
    seen: set[Card] = set()
    for packet in packets:
        for card in sorted(packet):
            if card in seen:
                raise NotationError(f"card {deck.token(card)!r} given twice")
            seen.add(card)


def split_sections(text: str, sections, what: str, n_hands: int):
    """Split a deal's text into its hand tokens and its ``name:TEXT``
    sections (names from ``sections``, each at most once); ``what`` names the
    kind of deal in the messages. Raises NotationError naming the bad token."""
    hands: list[str] = []
    found: dict[str, str] = {}
    for token in text.split():
        name, colon, rest = token.partition(":")
        if colon:
            key = name.lower()
            if key not in sections:
                allowed = ", ".join(sections) or "none"
                raise NotationError(f"unknown section {name!r} in a {what} (sections: {allowed})")
            if key in found:
                raise NotationError(f"section {name!r} given twice")
            found[key] = rest
        else:
            hands.append(token)
    if len(hands) != n_hands:
        raise NotationError(f"{plural(len(hands), 'hand')} given, a {what} has {n_hands}")
    return hands, found


def parse_packets(game, text: str):
    """Split a deal's text into hand texts and ``name:`` extras texts."""
    return split_sections(text, tuple(game.extra_sizes), f"{game.name} deal", game.n_seats)


def read_deal(game, text: str) -> Deal:
    """The generic reader: hands of the game's sizes, then extras."""
    if not text or not text.strip():
        raise NotationError("empty deal")
    hand_texts, extra_texts = parse_packets(game, text)
    hands = tuple(Packet(*game.deck.parse_hand(t, game.hand_sizes[seat]))
                  for seat, t in enumerate(hand_texts))
    extras = {name: Packet(*game.deck.parse_hand(t, game.extra_sizes[name]))
              for name, t in extra_texts.items()}
    return complete_extras(game, hands, extras)


def complete_extras(game, hands, extras) -> Deal:
    """Check the packets against the deck and fill left-out extras with the
    rest of the deck (or unknown cards when some cards are unknown)."""
    deck = game.deck
    check_no_duplicates(deck, [p.cards for p in (*hands, *extras.values())])
    known = set().union(*(p.cards for p in (*hands, *extras.values())))
    missing = [name for name in game.extra_sizes if name not in extras]
    rest = [c for c in deck.cards if c not in known]
    unknown = sum(p.unknown for p in (*hands, *extras.values()))
    missing_size = sum(game.extra_sizes[n] for n in missing)
    if len(rest) != unknown + missing_size:
        raise NotationError(
            f"the deal places {len(known)} known and {unknown} unknown cards,"
            f" {len(rest) - missing_size - unknown:+d} against the {len(deck)}-card {game.name} deck")
    if missing and unknown == 0 and len(missing) == 1:
        extras = {**extras, missing[0]: Packet(frozenset(rest))}
    else:
        extras = {**extras, **{n: Packet(frozenset(), game.extra_sizes[n]) for n in missing}}
    return Deal(game, tuple(hands), {n: extras[n] for n in game.extra_sizes if n in extras})


def write_deal(deal: Deal) -> str:
    game = deal.game
    parts = [game.deck.format_hand(h.cards, h.unknown) for h in deal.hands]
    parts += [f"{name}:{game.deck.format_hand(p.cards, p.unknown)}" for name, p in deal.extras.items()]
    return " ".join(parts)
