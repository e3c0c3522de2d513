"""Cards, suits and decks.

A card is a plain ``int`` with one layout shared by every game, so that a set
of cards maps straight onto the solver's two 64-bit words:

* a plain card of suit ``s`` (0..3) is ``16 * s + position``, where the
  position is the card's strength in its suit as a plain (non-trump) suit,
  0 for the weakest;
* tarot trump ``n`` (1..21) is ``64 + n``;
* the Excuse (tarot) or the Matto (tarocco), "the fool", is ``64``.

So ``card >> 6`` is the word (0 plain, 1 trumps and fool), and in a game whose
trump is a plain suit (Belote, Smear, bridge) that suit keeps its plain
positions: its trump order, where it differs, is a table of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import NotationError
from .words import plural

Card = int

#: Suit numbers. Plain suits are 0..3; tarot trumps and the fool have their own.
TRUMPS = 4
FOOL_SUIT = 5
FOOL: Card = 64

FRENCH_SUIT_LETTERS = "SHDC"
FRENCH_SUIT_SYMBOLS = "♠♥♦♣"
#: the outlined forms of the suit symbols, read as the filled ones
OUTLINED_SUIT_SYMBOLS = "♤♡♢♧"


def suit_of(card: Card) -> int:
    """The suit of a card: 0..3, TRUMPS, or FOOL_SUIT."""
    if card < 64:
        return card >> 4
    return FOOL_SUIT if card == FOOL else TRUMPS


def position_of(card: Card) -> int:
    """Plain strength position in the suit (0 weakest), or the trump number."""
    return card & 15 if card < 64 else card - 64


def plain_card(suit: int, position: int) -> Card:
    return 16 * suit + position


def trump_card(number: int) -> Card:
    return 64 + number


@dataclass(frozen=True)
class Deck:
    """The cards of one game and how they are written.

    ``ranks[s]`` lists the rank characters of plain suit ``s`` from the weakest
    to the strongest plain card; ``trumps`` is 21 for the tarot packs, else 0;
    ``fool_token`` names the Excuse or Matto when the deck has one.
    """

    name: str
    suit_letters: str
    suit_symbols: str
    ranks: tuple[str, ...]
    trumps: int = 0
    fool_token: str | None = None
    cards: tuple[Card, ...] = field(init=False)
    _by_token: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = [plain_card(s, p) for s in range(4) for p in range(len(self.ranks[s]))]
        if self.fool_token:
            cards.append(FOOL)
        cards += [trump_card(n) for n in range(1, self.trumps + 1)]
        object.__setattr__(self, "cards", tuple(sorted(cards)))
        object.__setattr__(self, "_by_token", {self.token(c).upper(): c for c in cards})

    # -- the deck's structure -------------------------------------------------
    @property
    def has_trump_suit(self) -> bool:
        """True for the tarot packs, whose trumps are a fifth suit."""
        return self.trumps > 0

    def suit_cards(self, suit: int) -> list[Card]:
        """The deck's cards of one suit, strongest first."""
        return sorted((c for c in self.cards if suit_of(c) == suit), reverse=True)

    def __contains__(self, card: object) -> bool:
        return card in self._by_token.values()

    def __len__(self) -> int:
        return len(self.cards)

    # -- single cards ---------------------------------------------------------
    def rank_char(self, card: Card) -> str:
        """The rank as written inside a suit group of a hand."""
        if card >= 64:
            return self.fool_token if card == FOOL else str(card - 64)
        return self.ranks[card >> 4][card & 15]

    def token(self, card: Card) -> str:
        """A single card as typed: suit letter then rank ("SK", "HT"), a trump
        as its number ("21"), the fool as its name ("EX")."""
        if card >= 64:
            return self.rank_char(card)
        return self.suit_letters[card >> 4] + self.rank_char(card)

    def pretty(self, card: Card) -> str:
        """A single card for people: suit symbol then rank."""
        if card >= 64:
            return self.rank_char(card)
        return self.suit_symbols[card >> 4] + self.rank_char(card)

    def display(self, card: Card) -> str:
        """The one display form of a card for people: the rank, a ten as
        ``10``, then the suit symbol (``K♠``, ``10♥``); a tarot trump is its
        number (``21``), the fool its name (``EX``); tarocco's suits have no
        symbol: their letter follows the rank (``KS``)."""
        if card >= 64:
            return self.rank_char(card)
        rank = self.rank_char(card)
        return ("10" if rank == "T" else rank) + self.suit_symbols[card >> 4]

    def parse_card(self, token: str) -> Card:
        """A card in any form atout writes: the token (``SK``, ``ST``), the
        suit symbol before or after the rank (``♠K``, ``K♠``, ``10♥``), the
        suit letter after the rank (``KS``, ``10H``); a ten may be ``10``."""
        text = str(token).strip()
        if not text:
            raise NotationError("empty card token")
        for key in self._readings(text):
            if key in self._by_token:
                return self._by_token[key]
        raise NotationError(f"unknown card {token!r}: not a card of the {self.name} deck")

    def _readings(self, key: str):
        """The upper-case tokens a typed card may mean, the token form first:
        suit symbols read as letters, ``10`` as ``T`` beside a suit, the suit
        written after the rank moved before it."""
        symbols = self.suit_symbols + (OUTLINED_SUIT_SYMBOLS if self.suit_symbols == FRENCH_SUIT_SYMBOLS
                                       else "")
        if self.suit_symbols != self.suit_letters:
            key = "".join(self.suit_letters[symbols.index(ch) % 4] if ch in symbols else ch for ch in key)
        key = key.upper()
        yield key
        letters = self.suit_letters.upper()
        if len(key) == 3 and "10" in (key[1:], key[:2]) and (key[0] in letters or key[2] in letters):
            key = key.replace("10", "T")
            yield key
        if len(key) == 2 and key[1] in letters:
            yield key[1] + key[0]

    def parse_cards(self, text: str) -> list[Card]:
        """A list of single-card tokens separated by spaces or commas; each
        card at most once."""
        cards: list[Card] = []
        for token in text.replace(",", " ").split():
            card = self.parse_card(token)
            if card in cards:
                raise NotationError(f"card {token!r} given twice")
            cards.append(card)
        return cards

    def format_cards(self, cards, pretty: bool = False) -> str:
        write = self.pretty if pretty else self.token
        return " ".join(write(c) for c in cards)

    # -- hands: suit groups, PBN style ------------------------------------------
    def format_hand(self, cards, unknown: int = 0) -> str:
        """A hand as suit groups separated by dots, strongest card first; the
        tarot packs add a fifth group of trump numbers and the fool, separated
        by commas. ``unknown`` unknown cards are written as a ``+N`` suffix;
        a hand with no known card and some unknown is ``?``."""
        cards = set(cards)
        if not cards and unknown:
            return "?"
        groups = ["".join(self.rank_char(c) for c in self.suit_cards(s) if c in cards)
                  for s in range(4)]
        if self.has_trump_suit:
            top = [c for c in self.suit_cards(TRUMPS) if c in cards]
            if FOOL in cards:
                top.append(FOOL)
            groups.append(",".join(self.rank_char(c) for c in top))
        text = ".".join(groups)
        return f"{text}+{unknown}" if unknown else text

    def parse_hand(self, text: str, size: int | None = None) -> tuple[frozenset, int]:
        """Read a hand; returns (known cards, number of unknown cards).

        ``?`` or ``-`` is a wholly unknown hand of ``size`` cards. When
        ``size`` is given, the hand must hold exactly that many cards."""
        text = text.strip()
        if text in ("?", "-"):
            if size is None:
                raise NotationError(f"hand {text!r}: unknown hand where its size is not fixed")
            return frozenset(), size
        unknown = 0
        if "+" in text:
            text, _, count = text.partition("+")
            if not count.isdigit():
                raise NotationError(f"hand {text}+{count!r}: '+' must be followed by a number of unknown cards")
            unknown = int(count)
        groups = text.split(".")
        expected = 5 if self.has_trump_suit else 4
        if len(groups) != expected:
            raise NotationError(
                f"hand {text!r}: {plural(len(groups), 'suit group')}, the {self.name} deck needs {expected}"
                f" ({'.'.join(self.suit_letters)}{'.trumps' if self.has_trump_suit else ''})")
        cards: list[Card] = []
        for suit, group in enumerate(groups[:4]):
            ranks = self.ranks[suit]
            for ch in group.upper():
                pos = ranks.upper().find(ch)
                if pos < 0:
                    raise NotationError(
                        f"hand {text!r}: unknown card {ch!r} in suit {self.suit_letters[suit]}"
                        f" (ranks are {ranks[::-1]})")
                cards.append(plain_card(suit, pos))
        if self.has_trump_suit and groups[4]:
            for token in groups[4].split(","):
                key = token.strip().upper()
                if self.fool_token and key == self.fool_token.upper():
                    cards.append(FOOL)
                elif key.isdigit() and 1 <= int(key) <= self.trumps:
                    cards.append(trump_card(int(key)))
                else:
                    raise NotationError(f"hand {text!r}: unknown trump {token!r} (trumps are 1..{self.trumps}"
                                        f"{' and ' + self.fool_token if self.fool_token else ''})")
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise NotationError(f"hand {text!r}: card {self.token(card)!r} given twice")
            seen.add(card)
        if size is not None and len(seen) + unknown != size:
            raise NotationError(f"hand {text!r}: {len(seen) + unknown} cards, a hand here holds {size}")
        return frozenset(seen), unknown


def french_deck(name: str, ranks: str) -> Deck:
    """A 4-suit French deck whose every suit ranks ``ranks`` (weakest first)."""
    return Deck(name, FRENCH_SUIT_LETTERS, FRENCH_SUIT_SYMBOLS, (ranks,) * 4)


#: Tarot plain ranks, weakest first: 1..10, Jack, Cavalier (knight), Queen, King.
TAROT_RANKS = "123456789TJCQK"
TAROT_DECK = Deck("tarot", FRENCH_SUIT_LETTERS, FRENCH_SUIT_SYMBOLS, (TAROT_RANKS,) * 4,
                  trumps=21, fool_token="EX")
