"""Belote, one partnership deal (RULES.md section 3).

32 cards, A K Q J 10 9 8 7 in four French suits. Card ids use the plain order
(``789JQKTA``, weakest first), as every atout game does; the trump order
J 9 A 10 K Q 8 7 is a table of the game (``trump_strength``).

Two stages:

* **Bidding.** A *bidding deal* (``BiddingDeal``) is five cards to each player,
  the turned card, and the 11-card stock in dealing order. Its notation::

      K7.A.J8.Q ... ... ... turned:HJ stock:S7,HA,D9,...

  four five-card hands in seat order, ``turned:`` one card token, ``stock:`` the
  11 stock cards in dealing order separated by commas (``stock:?`` when the
  order is unknown). ``BeloteAuction`` runs the two rounds of bidding, and
  ``complete_deal(bidding_deal, taker)`` deals the rest of the stock: from its
  first card, seat 0, 1, 2, 3 in turn each take three cards, except the taker,
  who takes two (and has the turned card): 8 cards each.
* **Play.** ``GAME.new_state(deal, trump="H", taker=0)`` on a deal of 8 cards
  each (the ordinary notation: four hands, no extra packet). Seat 0 leads.
  ``variant="no-undertrump,no-partner-overtrump"`` (either flag or both) plays
  the rule variants of RULES.md section 3 (``VARIANT_FLAGS``); absent or ``""``
  is the default rules.

The searched objective is the taker's side card points: the cards of its
tricks, 10 more for the last trick; 252 if it wins all 8 tricks (capot), 0 if
it wins none. Belote-Rebelote is not in it: it is fixed by the deal and the
trump. ``score()`` is the deal's score exactly as RULES.md says.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from .cards import Card, french_deck, plain_card, suit_of
from .deal import Deal, Packet, check_no_duplicates, split_sections
from .errors import NotationError, RuleError
from .words import plural
from .game import Game, TrickState, highest
from .inference import SamplingModel

#: Plain order, weakest first: the card ids.
RANKS = "789JQKTA"
DECK = french_deck("belote", RANKS)
SUIT_LETTERS = "SHDC"

HAND_SIZE = 8
BIDDING_HAND_SIZE = 5
STOCK_SIZE = 11
N_TRICKS = 8

#: Strength of a trump by plain position (7 8 9 J Q K T A):
#: J > 9 > A > 10 > K > Q > 8 > 7.
TRUMP_STRENGTH = (0, 1, 6, 7, 2, 3, 4, 5)
#: Card points by plain position (7 8 9 J Q K T A).
TRUMP_POINTS = (0, 0, 14, 20, 3, 4, 10, 11)
PLAIN_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)

LAST_TRICK_BONUS = 10
CARD_POINTS_TOTAL = 152          # 62 in trumps + 3 x 30
DEAL_TOTAL = 162                 # with the last trick
CAPOT_TOTAL = 252                # 152 + 100 instead of the 10
BELOTE_REBELOTE = 20

KING = RANKS.index("K")
QUEEN = RANKS.index("Q")

#: The rule variants (RULES.md section 3, "Variants"), never the default:
#: void in a plain suit, an opponent has ruffed and you cannot beat that
#: ruff: any card (instead of a lower trump) ...
NO_UNDERTRUMP = "no-undertrump"
#: ... and your partner is winning and you choose to trump: any trump
#: (instead of one that beats the trick's trumps when you can).
NO_PARTNER_OVERTRUMP = "no-partner-overtrump"
VARIANT_FLAGS = (NO_UNDERTRUMP, NO_PARTNER_OVERTRUMP)


# -- the tables of the game -------------------------------------------------------
def trump_strength(card: Card) -> int:
    """Strength of a card as a trump, 0 (the 7) .. 7 (the jack)."""
    return TRUMP_STRENGTH[card & 15]


def plain_strength(card: Card) -> int:
    """Strength of a card in a plain suit, 0 (the 7) .. 7 (the ace): its position."""
    return card & 15


def card_points(card: Card, trump: int) -> int:
    """Card points of a card when ``trump`` (0..3) is the trump suit."""
    table = TRUMP_POINTS if suit_of(card) == trump else PLAIN_POINTS
    return table[card & 15]


def parse_trump(trump) -> int:
    """A trump suit as a suit letter S, H, D, C or its number 0..3."""
    if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump < 4:
        return trump
    if isinstance(trump, str) and len(trump.strip()) == 1 and trump.strip().upper() in SUIT_LETTERS:
        return SUIT_LETTERS.index(trump.strip().upper())
    raise RuleError(f"unknown trump {trump!r}: a Belote trump is S, H, D or C (or 0..3)")


def parse_seat(seat, what: str = "seat") -> int:
    """A seat 0..3, as an int or a digit."""
    if isinstance(seat, bool):
        pass
    elif isinstance(seat, int) and 0 <= seat < 4:
        return seat
    elif isinstance(seat, str) and seat.strip() in ("0", "1", "2", "3"):
        return int(seat.strip())
    raise RuleError(f"unknown {what} {seat!r}: a Belote seat is 0, 1, 2 or 3")


def parse_announcer(belote) -> int | None:
    """The ``belote`` keyword of an analysis: the seat that has announced
    "belote" so far (0..3), or ``"none"``: nobody has (returns None)."""
    if isinstance(belote, str) and belote.strip().lower() == "none":
        return None
    try:
        return parse_seat(belote)
    except RuleError:
        raise RuleError(f"unknown belote {belote!r}: the seat that announced belote (0, 1, 2 or 3)"
                        " or none") from None


def parse_variant(variant) -> frozenset:
    """The ``variant`` keyword: comma-separated flags of ``VARIANT_FLAGS``
    (a string, or an iterable of flags); None or "" is the default rules."""
    if variant is None:
        return frozenset()
    if isinstance(variant, str):
        flags = [f.strip().lower() for f in variant.split(",")]
    elif isinstance(variant, (list, tuple, set, frozenset)):
        flags = [str(f).strip().lower() for f in variant]
    else:
        raise RuleError(f"unknown variant {variant!r}: comma-separated flags of {', '.join(VARIANT_FLAGS)}")
    flags = [f for f in flags if f]
    for flag in flags:
        if flag not in VARIANT_FLAGS:
            raise RuleError(f"unknown variant flag {flag!r}: a Belote variant is comma-separated flags"
                            f" of {', '.join(VARIANT_FLAGS)}")
    return frozenset(flags)


def format_variant(flags) -> str:
    """The canonical text of a set of variant flags ("" for the default)."""
    return ",".join(f for f in VARIANT_FLAGS if f in flags)


def _parse_card(card) -> Card:
    if isinstance(card, str):
        return DECK.parse_card(card)
    if isinstance(card, int) and not isinstance(card, bool) and card in DECK:
        return card
    raise NotationError(f"unknown card {card!r}: not a card of the belote deck")


# -- the bidding stage --------------------------------------------------------------
@dataclass(frozen=True)
class BiddingDeal:
    """The deal at the bidding stage: five cards to each seat, the turned card,
    and the 11 stock cards in dealing order (``stock`` is None when their order
    is not known). Hands may hold unknown cards (``Packet.unknown``)."""

    hands: tuple[Packet, ...]
    turned: Card
    stock: tuple[Card, ...] | None

    @property
    def is_complete(self) -> bool:
        return self.stock is not None and all(h.unknown == 0 for h in self.hands)

    def __str__(self) -> str:
        return format_bidding_deal(self)


def format_bidding_deal(bidding: BiddingDeal) -> str:
    parts = [DECK.format_hand(h.cards, h.unknown) for h in bidding.hands]
    parts.append("turned:" + DECK.token(bidding.turned))
    if bidding.stock is None:
        parts.append("stock:?")
    else:
        parts.append("stock:" + ",".join(DECK.token(c) for c in bidding.stock))
    return " ".join(parts)


def parse_bidding_deal(text: str) -> BiddingDeal:
    """Read ``h0 h1 h2 h3 turned:CARD stock:C1,C2,...,C11`` (see the module
    docstring); ``stock:?`` or no ``stock:`` section is a stock of unknown order."""
    if not text or not text.strip():
        raise NotationError("empty bidding deal")
    hand_texts, sections = split_sections(text, ("turned", "stock"), "belote bidding deal", 4)
    hands = tuple(Packet(*DECK.parse_hand(t, BIDDING_HAND_SIZE)) for t in hand_texts)
    if "turned" not in sections:
        raise NotationError("no turned card: a belote bidding deal needs turned:CARD")
    turned = DECK.parse_card(sections["turned"])
    stock: tuple[Card, ...] | None = None
    stock_text = sections.get("stock", "?")
    if stock_text.strip() not in ("?", "-"):
        stock_cards = DECK.parse_cards(stock_text)
        if len(stock_cards) != STOCK_SIZE:
            raise NotationError(f"stock {stock_text!r}: {len(stock_cards)} cards, the stock holds {STOCK_SIZE}")
        stock = tuple(stock_cards)
    packets = [h.cards for h in hands] + [frozenset([turned])] + ([frozenset(stock)] if stock else [])
    check_no_duplicates(DECK, packets)
    return BiddingDeal(hands, turned, stock)


def bidding_deal_from(hands: Sequence, turned, stock: Sequence | None) -> BiddingDeal:
    """A complete or partial bidding deal from Python values (cards or tokens),
    checked like a parsed one."""
    if len(hands) != 4:
        raise NotationError(f"{plural(len(hands), 'hand')} given, a belote bidding deal has 4 hands of 5 cards")
    packets = []
    for seat, hand in enumerate(hands):
        cards = frozenset(_parse_card(c) for c in hand)
        if len(cards) != BIDDING_HAND_SIZE:
            raise NotationError(f"hand of seat {seat}: {len(cards)} cards, a bidding hand holds {BIDDING_HAND_SIZE}")
        packets.append(Packet(cards))
    turned = _parse_card(turned)
    if stock is not None:
        stock = tuple(_parse_card(c) for c in stock)
        if len(set(stock)) != STOCK_SIZE or len(stock) != STOCK_SIZE:
            raise NotationError(f"the stock holds {STOCK_SIZE} different cards, not {len(stock)}")
    check_no_duplicates(DECK, [p.cards for p in packets] + [frozenset([turned])]
                        + ([frozenset(stock)] if stock else []))
    return BiddingDeal(tuple(packets), turned, stock)


def random_bidding_deal(seed: int | None = None) -> BiddingDeal:
    """A shuffled pack dealt as at the table, reproducible from the seed:
    three cards to seats 0, 1, 2, 3, then two each, then the turned card; the
    11 cards left are the stock, in order."""
    rng = random.Random(seed)
    pack = list(DECK.cards)
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(4)]
    pos = 0
    for count in (3, 2):
        for seat in range(4):
            hands[seat] += pack[pos:pos + count]
            pos += count
    turned = pack[pos]
    stock = tuple(pack[pos + 1:])
    return BiddingDeal(tuple(Packet(frozenset(h)) for h in hands), turned, stock)


def complete_deal(bidding: BiddingDeal, taker) -> Deal:
    """The playing deal once ``taker`` has taken: the taker gets the turned card.
    Then the stock is dealt from its first card to seats 0, 1, 2, 3 in turn,
    three cards each except two for the taker: 8 cards each."""
    taker = parse_seat(taker, "taker")
    if not bidding.is_complete:
        raise RuleError("cannot complete a bidding deal whose hands or stock order are not all known")
    hands = [set(h.cards) for h in bidding.hands]
    hands[taker].add(bidding.turned)
    pos = 0
    for seat in range(4):
        count = 2 if seat == taker else 3
        hands[seat] |= set(bidding.stock[pos:pos + count])
        pos += count
    return GAME.deal_from(hands)


class BeloteAuction:
    """The two rounds of bidding. Seat 0 speaks first in each round.

    Round 1: each seat calls ``"take"`` (the turned card's suit as trump; its
    suit letter is accepted too) or ``"pass"``. If all four pass, round 2: each
    seat names any *other* suit (``"S"``, ``"H"``, ``"D"``, ``"C"``) or passes.
    The first taker ends the auction; four passes in round 2 make the deal void.
    An illegal call raises RuleError.
    """

    def __init__(self, turned):
        if isinstance(turned, BiddingDeal):
            turned = turned.turned
        self.turned: Card = _parse_card(turned)
        self.turned_suit = suit_of(self.turned)
        self.calls: list[tuple[int, str]] = []   # (seat, "pass" | "take" | suit letter)
        self.taker: int | None = None
        self.trump: int | None = None

    @classmethod
    def from_calls(cls, turned, calls: Sequence[str]) -> "BeloteAuction":
        auction = cls(turned)
        for call in calls:
            auction.call(call)
        return auction

    # -- state ------------------------------------------------------------------
    @property
    def round(self) -> int:
        return 1 if len(self.calls) < 4 else 2

    @property
    def is_void(self) -> bool:
        return self.taker is None and len(self.calls) == 8

    def is_over(self) -> bool:
        return self.taker is not None or self.is_void

    @property
    def to_speak(self) -> int | None:
        return None if self.is_over() else len(self.calls) % 4

    def legal_calls(self) -> list[str]:
        if self.is_over():
            return []
        if self.round == 1:
            return ["pass", "take"]
        return ["pass"] + [s for i, s in enumerate(SUIT_LETTERS) if i != self.turned_suit]

    def contract(self) -> dict:
        """The contract keywords for ``GAME.new_state``: trump and taker."""
        if not self.is_over():
            raise RuleError("the auction is not over")
        if self.is_void:
            raise RuleError("the deal is void: all passed in both rounds")
        return {"trump": SUIT_LETTERS[self.trump], "taker": self.taker}

    # -- calls ------------------------------------------------------------------
    def call(self, bid: str) -> None:
        if self.is_over():
            why = "the deal is void" if self.is_void else f"seat {self.taker} took"
            raise RuleError(f"call {bid!r} after the end of the auction ({why})")
        seat = self.to_speak
        key = str(bid).strip().upper()
        turned_letter = SUIT_LETTERS[self.turned_suit]
        if key in ("PASS", "P"):
            self.calls.append((seat, "pass"))
            return
        if key in ("TAKE", "T") or key in SUIT_LETTERS and len(key) == 1:
            suit = self.turned_suit if key in ("TAKE", "T") else SUIT_LETTERS.index(key)
        else:
            raise RuleError(f"unknown call {bid!r}: calls are pass, take, or a suit S, H, D, C")
        if self.round == 1 and suit != self.turned_suit:
            raise RuleError(f"illegal call {bid!r} by seat {seat} in round 1: take the turned suit"
                            f" {turned_letter} or pass")
        if self.round == 2 and suit == self.turned_suit:
            raise RuleError(f"illegal call {bid!r} by seat {seat} in round 2: the turned suit"
                            f" {turned_letter} was refused; name another suit or pass")
        self.calls.append((seat, "take" if self.round == 1 else SUIT_LETTERS[suit]))
        self.taker, self.trump = seat, suit

    def __repr__(self) -> str:
        calls = " ".join(c for _, c in self.calls)
        return f"<BeloteAuction turned={DECK.token(self.turned)} calls=[{calls}]>"


# -- the play -------------------------------------------------------------------------
class BeloteGame(Game):
    name = "belote"
    title = "Belote (one partnership deal)"
    deck = DECK
    n_seats = 4
    hand_sizes = (HAND_SIZE,) * 4
    extra_sizes: dict = {}
    sides = (0, 1, 0, 1)
    suit_letters = SUIT_LETTERS

    # what the front ends say and default to (``Game``)
    value_meaning = "taker's side card points (162, capot 252)"
    value_meaning_short = "the taker's side card points"
    points_unit = "card points"
    bid_score_meaning = "the taker's side's score minus the defenders' (pass = 0)"
    table_axes = "rows: the trump suit; columns: the taker's seat"
    table_choices = {(t, taker): {"trump": t, "taker": taker} for t in SUIT_LETTERS for taker in range(4)}
    contract_options = ("trump", "taker", "belote", "variant")
    round_options = ("variant",)
    page_options = {"variant": ((NO_UNDERTRUMP, "no forced undertrump"),
                                (NO_PARTNER_OVERTRUMP, "no overtrump over partner"))}
    analysis_seconds_per_deal = 0.25
    has_bidding_deal = True

    def variant_text(self, variant) -> str:
        return format_variant(parse_variant(variant))

    def trump_rank(self, card: Card) -> int:
        return trump_strength(card)

    def new_auction(self, public: dict) -> "BeloteAuction":
        return BeloteAuction(public["turned"])

    def card_worth(self, card: Card, trump) -> float:
        return card_points(card, 0 if trump is None else trump)

    def new_state(self, deal: Deal, trump="H", taker=0, turned=None, belote=None,
                  variant=None) -> "BeloteState":
        """The play of a deal of 8 cards each. ``trump``: the trump suit (S, H,
        D, C or 0..3); ``taker``: the seat that took (0..3); ``turned``: the
        turned card, if known (it is in the taker's hand); ``variant``: rule
        variant flags (``parse_variant``). ``belote`` (who announced) is for
        the analysis of a partly known deal only (see ``sampling_model``): a
        complete deal shows who holds K and Q."""
        if belote is not None:
            raise RuleError("belote (who announced Belote-Rebelote) is for the analysis of a partly"
                            " known deal: a complete deal shows who holds the King and Queen of trumps")
        return BeloteState(self, deal, parse_trump(trump), parse_seat(taker, "taker"),
                           None if turned is None else _parse_card(turned), parse_variant(variant))

    def sampling_model(self, deal: Deal, played=(), contract=None):
        """``belote``: the Belote-Rebelote announcement so far, the seat that
        said "belote" or ``"none"``. It is automatic (RULES.md section 3), so
        it tells where the other of the King and Queen of trumps is (see
        ``inference.pair_announcement``). Without it, the default model."""
        contract = dict(contract or {})
        belote = contract.pop("belote", None)
        model = SamplingModel(deal, played, contract)
        if belote is not None:
            trump = parse_trump(contract.get("trump", "H"))
            pair = (plain_card(trump, KING), plain_card(trump, QUEEN))
            model.announcements.append((pair, parse_announcer(belote)))
        return model

    # the bidding stage, as methods too
    def random_bidding_deal(self, seed: int | None = None) -> BiddingDeal:
        return random_bidding_deal(seed)

    def parse_bidding_deal(self, text: str) -> BiddingDeal:
        return parse_bidding_deal(text)

    def format_bidding_deal(self, bidding: BiddingDeal) -> str:
        return format_bidding_deal(bidding)

    def complete_deal(self, bidding: BiddingDeal, taker) -> Deal:
        return complete_deal(bidding, taker)

    def start_play(self, bidding: BiddingDeal, auction: BeloteAuction, variant=None) -> "BeloteState":
        """The play after an auction that found a taker (under ``variant``)."""
        contract = auction.contract()
        if auction.turned != bidding.turned:
            raise RuleError("the auction was run on another turned card")
        return self.new_state(complete_deal(bidding, contract["taker"]), turned=bidding.turned,
                              variant=variant, **contract)


class BeloteState(TrickState):
    objective_range = (0, CAPOT_TOTAL)

    def __init__(self, game: BeloteGame, deal: Deal, trump: int, taker: int, turned: Card | None = None,
                 variant: frozenset = frozenset()):
        super().__init__(game, deal, leader=0)
        sizes = [len(h) for h in self.hands]
        if sizes != [HAND_SIZE] * 4:
            raise RuleError(f"a Belote deal has 8 cards in each hand, not {sizes}")
        if turned is not None and turned not in self.hands[taker]:
            raise RuleError(f"the turned card {DECK.token(turned)} is not in the taker's (seat {taker}) hand")
        self.trump = trump
        self.taker = taker
        self.turned = turned
        #: the rule variant flags (``VARIANT_FLAGS``) in force
        self.variant = frozenset(variant)
        self.max_side = game.sides[taker]

    # -- rules ---------------------------------------------------------------------
    def is_trump(self, card: Card) -> bool:
        return suit_of(card) == self.trump

    def strength(self, card: Card, led: int) -> int:
        """Rank of a card in a trick led in suit ``led``: trumps above the suit
        led, the other suits at -1."""
        if self.is_trump(card):
            return 100 + trump_strength(card)
        return plain_strength(card) if suit_of(card) == led else -1

    def winning_index(self, cards: Sequence[Card]) -> int:
        """Index of the card that wins (or is winning) a trick of these cards."""
        led = suit_of(cards[0])
        return highest(cards, lambda c: self.strength(c, led))

    def trick_winner(self, leader: int, cards: Sequence[Card]) -> int:
        return (leader + self.winning_index(cards)) % 4

    def legal_cards(self) -> list[Card]:
        seat = self.to_play
        hand = self.hands[seat]
        if not self.trick:
            return sorted(hand)
        led = self.led_suit
        follow = [c for c in hand if suit_of(c) == led]
        trumps = [c for c in hand if self.is_trump(c)]
        top = max((trump_strength(c) for c in self.trick if self.is_trump(c)), default=-1)
        over = [c for c in trumps if trump_strength(c) > top]
        if led == self.trump:
            # follow in trumps, beating every trump in the trick if you can
            if follow:
                return sorted(over or follow)
            return sorted(hand)
        if follow:
            return sorted(follow)
        if not trumps:
            return sorted(hand)
        winner = (self.leader + self.winning_index(self.trick)) % 4
        if self.side_of(winner) == self.side_of(seat):
            if NO_PARTNER_OVERTRUMP in self.variant:
                return sorted(hand)  # variant: any card, any trump
            # partner winning: anything, but a trump must beat the trick's trumps if it can
            others = [c for c in hand if not self.is_trump(c)]
            return sorted(others + (over or trumps))
        if NO_UNDERTRUMP in self.variant and top >= 0 and not over:
            # variant: an opponent has ruffed and you cannot beat it: any card
            return sorted(hand)
        # must trump, overtrumping if you can, else a lower trump
        return sorted(over or trumps)

    # -- points and score ----------------------------------------------------------------
    def card_points_of_side(self, side: int) -> int:
        """Card points a side has won so far: its tricks' cards, 10 for the last
        trick; 252 / 0 on capot once all 8 tricks are played."""
        if len(self.tricks) == N_TRICKS:
            won = self.tricks_won(side)
            if won == N_TRICKS:
                return CAPOT_TOTAL
            if won == 0:
                return 0
        points = sum(card_points(c, self.trump) for c in self.won_cards(side))
        if len(self.tricks) == N_TRICKS and self.side_of(self.tricks[-1].winner) == side:
            points += LAST_TRICK_BONUS
        return points

    def objective(self) -> int:
        """The taker's side card points (last trick 10; capot 252, or 0)."""
        return self.card_points_of_side(self.max_side)

    def belote_rebelote_seat(self) -> int | None:
        """The seat dealt both the King and Queen of trumps, if any."""
        king, queen = plain_card(self.trump, KING), plain_card(self.trump, QUEEN)
        for seat, hand in enumerate(self.deal.hands):
            if king in hand.cards and queen in hand.cards:
                return seat
        return None

    def belote_rebelote(self, side: int) -> int:
        seat = self.belote_rebelote_seat()
        return BELOTE_REBELOTE if seat is not None and self.side_of(seat) == side else 0

    def contract_target(self) -> int:
        """Least objective that makes: v + BR(taker) >= (162 - v) + BR(defence)
        (a capot, 252, always makes; 0 never does)."""
        gap = DEAL_TOTAL + self.belote_rebelote(1 - self.max_side) - self.belote_rebelote(self.max_side)
        return -(-gap // 2)

    def headline_score(self, score: dict) -> int:
        return score["scores"][self.max_side]

    def utility(self, objective) -> float:
        """A failed contract gives the defence everything, whatever the taker
        won: the points count only when made (a capot, 252, scores 252 to
        nothing, i.e. 126 over even, as 207 - 81)."""
        return min(float(objective), 207.0) if objective >= self.contract_target() else 0.0

    def score(self) -> dict:
        if not self.is_over():
            raise RuleError("the deal is not over: no score yet")
        taker_side = self.max_side
        defence = 1 - taker_side
        points = [self.card_points_of_side(s) for s in (0, 1)]
        br = [self.belote_rebelote(s) for s in (0, 1)]
        capot = next((s for s in (0, 1) if self.tricks_won(s) == N_TRICKS), None)
        made = points[taker_side] + br[taker_side] >= points[defence] + br[defence]
        scores = [0, 0]
        if made:
            scores = [points[0] + br[0], points[1] + br[1]]
        else:
            scores[defence] = (CAPOT_TOTAL if capot == defence else DEAL_TOTAL) + br[0] + br[1]
        return {
            "taker": self.taker,
            "taker_side": taker_side,
            "trump": SUIT_LETTERS[self.trump],
            "card_points": points,
            "belote_rebelote": br,
            "capot": capot,
            "made": made,
            "scores": scores,
        }

    def contract_terms(self, discard_known: bool, show_cards):
        from .words import SUIT_NAMES
        trump = SUIT_LETTERS[self.trump]
        terms = [f"trump {SUIT_NAMES[self.trump]}", f"taker seat {self.taker} (seats {self.taker % 2}+"
                 f"{self.taker % 2 + 2})"]
        if self.variant:
            terms.append(f"variant {format_variant(self.variant)}")
        return terms, [("trump", trump), ("taker", self.taker)]

    def score_line(self, score: dict) -> str:
        from .words import Names
        names, s = Names.of(self), score
        parts = [f"card points {names.pair(s['card_points'])}"]
        if any(s["belote_rebelote"]):
            parts.append("belote-rebelote " + names.pair(s["belote_rebelote"]))
        if s["capot"] is not None:
            parts.append(f"capot by {names.side(s['capot'])}")
        parts.append(f"{'made' if s['made'] else 'failed'} by {names.side(s['taker_side'])}")
        return "; ".join(parts) + f"; scores {names.pair(s['scores'])}"

    def points_so_far(self) -> tuple:
        """Card points of each side so far; the last trick's 10 (or the
        capot's 252) once the last trick is played, as the score counts."""
        return tuple(self.card_points_of_side(s) for s in (0, 1))

    def score_words(self, score: dict, names) -> list[str]:
        """The score in sentences (RULES.md section 3)."""
        from .words import SUIT_NAMES, capital, number
        side, defence = score["taker_side"], 1 - score["taker_side"]
        taker_side, other = names.side(side), names.side(defence)
        points, br, scores = score["card_points"], score["belote_rebelote"], score["scores"]
        if score["made"] and scores[side] == scores[defence]:
            head = (f"A tie at {number(scores[side])}: {taker_side} made the contract (a tie is made) and "
                    f"each side scores {number(scores[side])}.")
        elif score["made"]:
            head = (f"{capital(taker_side)} made the contract and won {number(scores[side])} to "
                    f"{number(scores[defence])}, by {number(scores[side] - scores[defence])} points.")
        else:
            head = (f"{capital(other)} won {number(scores[defence])} to {number(scores[side])}, by "
                    f"{number(scores[defence] - scores[side])} points: {taker_side} failed the contract.")
        trump = SUIT_NAMES[self.trump]
        lines = [head, f"Contract: {trump} trumps, taken by {names.seat(score['taker'])}."]
        if score["capot"] is not None:
            lines.append(f"Capot: {names.side(score['capot'])} won all {N_TRICKS} tricks: {CAPOT_TOTAL} instead "
                         f"of {DEAL_TOTAL} (100 instead of the last trick's {LAST_TRICK_BONUS}).")
        else:
            last = names.side_of_seat(self.tricks[-1].winner)
            lines.append(f"Card points: {names.pair(points)}, with the last trick's {LAST_TRICK_BONUS} (dix de "
                         f"der) to {last}.")
        seat = self.belote_rebelote_seat()
        if seat is not None:
            lines.append(f"Belote-Rebelote: +{BELOTE_REBELOTE} to {names.side_of_seat(seat)} "
                         f"({names.seat(seat)} held the king and queen of {trump}).")
        mine, theirs = points[side] + br[side], points[defence] + br[defence]
        if score["made"]:
            lines.append(f"Made: {taker_side} {number(mine)} against {number(theirs)} (at least as much as "
                         f"the defenders): each side scores what it won.")
        else:
            lines.append(f"Failed: {taker_side} {number(mine)} against {number(theirs)}: {other.does('score')} "
                         f"everything, {number(scores[defence])}, and {taker_side} 0.")
        lines.append(f"Scores: {names.pair(scores)}.")
        return lines

    # -- information -----------------------------------------------------------------------
    def announcements(self) -> dict:
        """Belote-Rebelote as announced so far: the seat holding both K and Q
        of trumps says "belote" with the first of them, "rebelote" with the second."""
        seat = self.belote_rebelote_seat()
        if seat is None:
            return {}
        pair = {plain_card(self.trump, KING), plain_card(self.trump, QUEEN)}
        played = sum(1 for c in self.played if c in pair)
        return {seat: ("belote", "rebelote")[played - 1]} if played else {}

    def public_cards(self, seat: int) -> dict:
        """The turned card (None if not given) and who took it, the trump,
        and the Belote-Rebelote announcements so far."""
        return {"turned": self.turned, "taker": self.taker, "trump": self.trump,
                "announcements": self.announcements()}


GAME = BeloteGame()
