"""Contract bridge, the reference game: 52 cards, follow suit, tricks for the
declaring side. Deals read and write PBN (``N:AKQ.... ... ... ...``)."""

from __future__ import annotations

from .cards import french_deck, suit_of
from .deal import Deal, Packet, check_no_duplicates
from .errors import NotationError, RuleError
from .words import plural
from .game import Game, TrickState, highest

SEAT_LETTERS = "NESW"
#: Strains as DDS names them; a strain is a trump suit (0..3) or None.
STRAINS = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": None, "N": None}


def parse_seat(text) -> int:
    if isinstance(text, int):
        if 0 <= text < 4:
            return text
    elif str(text).upper() in SEAT_LETTERS and len(str(text)) == 1:
        return SEAT_LETTERS.index(str(text).upper())
    raise RuleError(f"unknown seat {text!r}: a bridge seat is N, E, S or W")


def parse_strain(text):
    if text is None or (isinstance(text, int) and 0 <= text < 4):
        return text
    key = str(text).upper()
    if key in STRAINS:
        return STRAINS[key]
    raise RuleError(f"unknown strain {text!r}: a strain is S, H, D, C or NT")


def trick_strength(card, led: int, trump) -> int:
    """A card's strength in a trick whose led suit is ``led``: a trump over
    every card of the suit led, any other card none."""
    if suit_of(card) == trump:
        return 100 + card
    return card if suit_of(card) == led else -1


class BridgeGame(Game):
    name = "bridge"
    title = "Contract bridge (reference game)"
    deck = french_deck("bridge", "23456789TJQKA")
    n_seats = 4
    hand_sizes = (13, 13, 13, 13)
    extra_sizes: dict = {}
    sides = (0, 1, 0, 1)
    every_trick_counts = True

    # what the front ends say and default to (``Game``)
    value_meaning = "tricks of the declarer's side"
    value_meaning_short = "tricks of the declarer's side"
    bid_score_meaning = "duplicate score of the bidder's side, non-vulnerable, undoubled (pass = 0)"
    table_axes = "rows: the declarer; columns: the strain"
    table_choices = {(d, strain): {"declarer": d, "strain": strain}
                     for d in SEAT_LETTERS for strain in ("C", "D", "H", "S", "NT")}
    contract_options = ("declarer", "strain", "level")
    round_options = ("declarer", "strain", "level")
    analysis_seconds_per_deal = 0.15
    named_seats = True
    has_dummy = True

    def play_trump(self, public: dict) -> int | None:
        strain = public.get("strain", "NT")
        return self.suit_letters.index(strain) if strain in self.suit_letters else None

    def parse_deal(self, text: str) -> Deal:
        """A PBN deal: ``F:h1 h2 h3 h4`` with F the seat of the first hand,
        the others clockwise. Seats are numbered N=0, E=1, S=2, W=3."""
        text = (text or "").strip()
        first = 0
        if len(text) > 1 and text[1] == ":":
            first = parse_seat(text[0])
            text = text[2:]
        elif text[:1].upper() in SEAT_LETTERS and text[1:2] == " ":
            pass
        hands_text = text.split()
        if len(hands_text) != 4:
            raise NotationError(f"{plural(len(hands_text), 'hand')} given, a bridge deal has 4")
        hands = [None] * 4
        for i, h in enumerate(hands_text):
            hands[(first + i) % 4] = Packet(*self.deck.parse_hand(h, 13))
        check_no_duplicates(self.deck, [h.cards for h in hands])
        return Deal(self, tuple(hands), {})

    def format_deal(self, deal: Deal) -> str:
        return "N:" + " ".join(self.deck.format_hand(h.cards, h.unknown) for h in deal.hands)

    def seat_name(self, seat: int) -> str:
        return SEAT_LETTERS[seat]

    def new_state(self, deal: Deal, declarer="S", strain="NT", level: int | None = None) -> "BridgeState":
        return BridgeState(self, deal, parse_seat(declarer), parse_strain(strain), level)


class BridgeState(TrickState):
    objective_range = (0, 13)

    def __init__(self, game, deal, declarer: int, trump, level):
        super().__init__(game, deal, leader=(declarer + 1) % 4)
        self.declarer = declarer
        self.trump = trump
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                                  or not 1 <= level <= 7):
            raise RuleError(f"contract level {level!r}: a bridge contract is at level 1..7")
        self.level = level
        self.max_side = declarer % 2
        sizes = {len(h) for h in self.hands}
        if len(sizes) != 1:
            raise RuleError("every bridge hand must hold the same number of cards")

    def legal_cards(self):
        hand = self.hands[self.to_play]
        if self.trick:
            follow = [c for c in hand if suit_of(c) == self.led_suit]
            if follow:
                return sorted(follow)
        return sorted(hand)

    def trick_winner(self, leader, cards):
        led = suit_of(cards[0])
        return (leader + highest(cards, lambda card: trick_strength(card, led, self.trump))) % 4

    def objective(self) -> int:
        return self.tricks_won(self.max_side)

    def contract_target(self):
        return None if self.level is None else 6 + self.level

    def headline_score(self, score: dict):
        return score["tricks"]

    @property
    def dummy_seat(self) -> int:
        return (self.declarer + 2) % 4

    def contract_terms(self, discard_known: bool, show_cards):
        declarer = SEAT_LETTERS[self.declarer]
        terms = [f"declarer {declarer}", f"strain {self.strain_name}"] if self.level is None else \
            [f"{self.level}{self.strain_name} by {declarer}"]
        return terms, [("declarer", declarer), ("strain", self.strain_name)]

    def score_line(self, score: dict) -> str:
        from .words import Names
        s = score
        text = f"{s['tricks']} tricks for {Names.of(self).side(self.max_side)}"
        if "made" in s:
            over = s["overtricks"]
            text += (f": made, {over} overtrick{'s' * (over != 1)}" if over > 0 else ": made" if s["made"]
                     else f": down {-over}")
        return text

    def score_words(self, score: dict, names) -> list[str]:
        """The result in sentences: the contract made or down, the tricks."""
        from .words import capital, plural
        tricks = score["tricks"]
        side = self.max_side
        declarer = names.seat(self.declarer)
        taken = f"{names.side(side)} took {plural(tricks, 'trick')}, {names.side(1 - side)} {13 - tricks}"
        if self.level is None:
            return [f"{capital(taken)}.", f"Declarer: {declarer}; strain {self.strain_name}."]
        contract = f"{self.level}{self.strain_name}"
        over = score["overtricks"]
        if score["made"]:
            extra = "" if over == 0 else f" with {plural(over, 'overtrick')}"
            head = f"{capital(names.side(side))} won: {declarer} made {contract}{extra}."
        else:
            head = f"{capital(names.side(1 - side))} won: {declarer} went down {-over} in {contract}."
        return [head, f"Contract: {contract} by {declarer}, {6 + self.level} tricks needed.", capital(taken) + "."]

    @property
    def strain_name(self) -> str:
        return "NT" if self.trump is None else self.game.suit_letters[self.trump]

    def score(self) -> dict:
        tricks = self.objective()
        out = {"tricks": tricks}
        if self.level is not None:
            out["made"] = tricks >= 6 + self.level
            out["overtricks"] = tricks - 6 - self.level
        return out


GAME = BridgeGame()
