"""French tarot before the play (RULES.md section 1): contracts and the
auction, the dog and the legal discard, handful and misery declarations."""

from __future__ import annotations

from typing import Iterable, Mapping

from .cards import FOOL, TAROT_DECK, TRUMPS, Card, suit_of
from .errors import NotationError, RuleError
from .tarot_scoring import OUDLERS, card_half_points, handful_level

#: Contracts from the lowest to the highest bid.
CONTRACTS = ("take", "guard", "guard_without", "guard_against")
#: Contracts where the taker shows the dog, takes it and discards.
DOG_CONTRACTS = ("take", "guard")
_ALIASES = {
    "take": "take", "petite": "take", "prise": "take",
    "guard": "guard", "garde": "guard",
    "guard_without": "guard_without", "garde_sans": "guard_without",
    "guard_without_the_dog": "guard_without", "garde_sans_le_chien": "guard_without",
    "guard_against": "guard_against", "garde_contre": "guard_against",
    "guard_against_the_dog": "guard_against", "garde_contre_le_chien": "guard_against",
}
PASS = "pass"
DISCARD_SIZE = 6
KING = 13


def parse_contract(name) -> str:
    """A contract's English name from its English or French name, any case,
    with spaces, hyphens or underscores: "garde sans" -> "guard_without"."""
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    if key in _ALIASES:
        return _ALIASES[key]
    raise RuleError(f"unknown contract {name!r}: contracts are {', '.join(CONTRACTS)}"
                    " (or petite, garde, garde_sans, garde_contre)")


def _cards(value, what: str) -> list[Card]:
    """Cards given as text ("SK 21 EX") or as card ints; each at most once."""
    if isinstance(value, str):
        return TAROT_DECK.parse_cards(value)
    cards = []
    for card in value:
        if card not in TAROT_DECK:
            raise NotationError(f"{what}: {card!r} is not a card of the tarot deck")
        if card in cards:
            raise NotationError(f"{what}: card {TAROT_DECK.token(card)!r} given twice")
        cards.append(card)
    return cards


# -- the auction ---------------------------------------------------------------
class TarotAuction:
    """One round of bids from seat 0: each player passes or bids a contract
    higher than every bid before. ``bid`` raises RuleError on an illegal bid.
    When all have spoken: ``taker`` and ``contract`` (highest bid), or
    ``void`` when all passed."""

    def __init__(self, n_seats: int = 4):
        self.n_seats = n_seats
        self.bids: list[str] = []

    @classmethod
    def from_bids(cls, bids: Iterable[str], n_seats: int = 4) -> "TarotAuction":
        auction = cls(n_seats)
        for bid in bids:
            auction.bid(bid)
        return auction

    @property
    def to_speak(self) -> int | None:
        return None if self.is_over else len(self.bids)

    @property
    def is_over(self) -> bool:
        return len(self.bids) == self.n_seats

    @property
    def highest(self) -> str | None:
        made = [b for b in self.bids if b != PASS]
        return made[-1] if made else None

    def legal_bids(self) -> list[str]:
        if self.is_over:
            return []
        top = self.highest
        start = 0 if top is None else CONTRACTS.index(top) + 1
        return [PASS, *CONTRACTS[start:]]

    def bid(self, bid: str) -> None:
        if self.is_over:
            raise RuleError(f"bid {bid!r}: the auction is over")
        key = PASS if str(bid).strip().lower() in (PASS, "passe") else parse_contract(bid)
        if key not in self.legal_bids():
            raise RuleError(f"illegal bid {bid!r}: seat {self.to_speak} must pass or bid higher than "
                            f"{self.highest}")
        self.bids.append(key)

    # the names every game's auction answers to (Belote's, Smear's)
    legal_calls = legal_bids
    call = bid

    @property
    def taker(self) -> int | None:
        top = self.highest if self.is_over else None
        return None if top is None else self.bids.index(top)

    @property
    def contract(self) -> str | None:
        return self.highest if self.is_over else None

    @property
    def void(self) -> bool:
        """All players passed: the deal is not played [decided]."""
        return self.is_over and self.highest is None


# -- the discard ---------------------------------------------------------------
def discardable(cards: Iterable[Card]) -> tuple[list[Card], list[Card]]:
    """(plain cards that may be discarded, trumps that may be discarded only
    when there are too few of the former): no king and no oudler ever."""
    plain = sorted(c for c in cards if c < 64 and (c & 15) != KING)
    trumps = sorted(c for c in cards if suit_of(c) == TRUMPS and c not in OUDLERS)
    return plain, trumps


def check_discard(cards: Iterable[Card], discard: Iterable[Card], size: int = DISCARD_SIZE) -> list[Card]:
    """Raise RuleError unless ``discard`` is a legal discard from ``cards``
    (the taker's hand with the dog): ``size`` distinct cards of that hand, no
    king, no oudler, trumps only if no other card can be discarded. Returns
    the discard as a sorted list."""
    deck = TAROT_DECK
    cards = set(cards)
    discard = _cards(discard, "discard")
    if len(discard) != size:
        raise RuleError(f"discard of {len(discard)} cards: the taker discards {size}")
    for card in discard:
        if card not in cards:
            raise RuleError(f"cannot discard {deck.token(card)}: not in the taker's hand and dog")
        if card in OUDLERS:
            raise RuleError(f"cannot discard {deck.token(card)}: an oudler may not be discarded")
        if card < 64 and (card & 15) == KING:
            raise RuleError(f"cannot discard {deck.token(card)}: a king may not be discarded")
    plain, _ = discardable(cards)
    trumps = [c for c in discard if suit_of(c) == TRUMPS]
    allowed = max(0, size - len(plain))
    if len(trumps) > allowed:
        raise RuleError(f"cannot discard {deck.token(trumps[0])}: trumps may be discarded only when no "
                        f"other card can ({len(plain)} plain cards other than kings are in the hand)")
    return sorted(discard)


def legal_discard(cards: Iterable[Card], discard: Iterable[Card], size: int = DISCARD_SIZE) -> bool:
    """True when ``discard`` is a legal discard from ``cards`` (see check_discard)."""
    try:
        check_discard(cards, discard, size)
    except (RuleError, NotationError):
        return False
    return True


def default_discard(cards: Iterable[Card], size: int = DISCARD_SIZE) -> list[Card]:
    """The discard chosen when none is given: the ``size`` cheapest legal
    cards, plain cards first by (card points, rank, suit), the lowest trumps
    only if the plain cards other than kings run short. Deterministic."""
    plain, trumps = discardable(cards)
    plain.sort(key=lambda c: (card_half_points(c), c & 15, c >> 4))
    chosen = plain[:size]
    chosen += trumps[:size - len(chosen)]
    return sorted(chosen)


# -- declarations ----------------------------------------------------------------
def check_handful(hand: Iterable[Card], shown, seat: int | None = None) -> tuple[frozenset, int]:
    """Validate a handful shown from ``hand`` (the playing hand); returns
    (cards shown, level 1..3). 10+ trumps single, 13+ double, 15+ triple;
    the Excuse counts only when it is needed to reach the count, that is when
    it completes exactly 10, 13 or 15 with every other trump of the hand."""
    deck = TAROT_DECK
    who = "handful" if seat is None else f"handful of seat {seat}"
    hand = set(hand)
    shown = _cards(shown, who)
    for card in shown:
        if card not in hand:
            raise RuleError(f"{who}: {deck.token(card)} is not in the hand")
        if suit_of(card) != TRUMPS and card != FOOL:
            raise RuleError(f"{who}: {deck.token(card)} is not a trump")
    level = handful_level(len(shown))
    if level == 0:
        raise RuleError(f"{who}: {len(shown)} trumps shown, a handful needs 10, 13 or 15")
    if FOOL in shown:
        held = sum(1 for c in hand if suit_of(c) == TRUMPS)
        if len(shown) not in (10, 13, 15) or held != len(shown) - 1:
            raise RuleError(f"{who}: the Excuse may stand in for a trump only when it is needed to "
                            f"reach 10, 13 or 15 ({held} trumps held, {len(shown)} cards shown)")
    return frozenset(shown), level


MISERY_KINDS = {"trump": "trump", "trumps": "trump", "no_trump": "trump", "no_trumps": "trump",
                "face": "face", "faces": "face", "no_face": "face", "no_faces": "face",
                "head": "face", "heads": "face"}


def parse_misery(kind) -> str:
    key = str(kind).strip().lower().replace("-", "_").replace(" ", "_")
    if key in MISERY_KINDS:
        return MISERY_KINDS[key]
    raise RuleError(f"unknown misery {kind!r}: a misery is 'trump' (no trump) or 'face' (no face card)")


def check_misery(dealt: Iterable[Card], kind, seat: int | None = None) -> str:
    """Validate a misery declared on the 18 dealt cards: "trump" (no trump;
    the Excuse does not count as one) or "face" (no K, Q, C or J)."""
    kind = parse_misery(kind)
    dealt = list(dealt)
    who = "misery" if seat is None else f"misery of seat {seat}"
    if kind == "trump":
        held = [c for c in dealt if suit_of(c) == TRUMPS]
        if held:
            raise RuleError(f"{who}: no-trump misery but the hand holds trump {TAROT_DECK.token(held[0])}")
    else:
        faces = [c for c in dealt if c < 64 and (c & 15) >= 10]
        if faces:
            raise RuleError(f"{who}: no-face misery but the hand holds {TAROT_DECK.token(faces[0])}")
    return kind


def by_seat(value, n_seats: int, what: str) -> dict:
    """Declarations given as {seat: x} or as (seat, x) pairs -> {seat: [x, ...]}."""
    if value is None:
        return {}
    pairs = value.items() if isinstance(value, Mapping) else value
    out: dict = {}
    for pair in pairs:
        try:
            seat, item = pair
        except (TypeError, ValueError):
            raise RuleError(f"{what}: {pair!r} is not a (seat, declaration) pair") from None
        if not isinstance(seat, int) or not 0 <= seat < n_seats:
            raise RuleError(f"{what}: unknown seat {seat!r} (seats are 0..{n_seats - 1})")
        out.setdefault(seat, []).append(item)
    return out
