"""Tarocco Piemontese, the Piedicavallo partnership game (RULES.md section 2).

62 cards: four Italian suits of ten cards (Swords and Batons are "long"
suits, Cups and Coins "round" suits whose pips rank in reverse), trumps
1..21 and the Matto. Seats 0+2 play against 1+3; seat 3 deals 15 cards to
each player and 17 to itself, then discards 2 face down (``discard:`` in a
deal). Follow suit, else trump, else anything; no obligation to beat; the
Matto may always be played and never wins. 114 card points; a side that wins
no trick gives its Matto (and, the dealer's side, the discard) to the other.

Notation: suits in the order Swords, Batons, Cups, Coins (letters ``SBCD``),
ranks weakest first ``56789TJCQK`` (long) and ``65432AJCQK`` (round), with
``J`` the Fante, ``C`` the Cavallo, ``A`` the ace; trumps by number and the
Matto as ``MT``. A deal is the four 15-card hands in seat order, then
``discard:`` the dealer's two discarded cards, e.g.
``KQ5.T.A6.J.21,3,1,MT ... discard:...56.`` (a hand, and the 5 and 6 of Coins).

The objective the search maximises is side 0's (seats 0+2) final card
points, 0..114; ``final_points`` is that definition as a pure function.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Sequence

from .cards import FOOL, TRUMPS, Card, Deck, position_of, suit_of, trump_card
from .deal import Deal
from .errors import RuleError
from .game import DEEP_DEAL_NODE_LIMITS, Game, TrickState, dealer_rng, highest
from .inference import Holder, SamplingModel

#: Swords, Batons (long suits), Cups, Coins (round suits).
SUIT_LETTERS = "SBCD"
SUIT_NAMES = ("Swords", "Batons", "Cups", "Coins")
#: Ranks weakest first. J = Fante, C = Cavallo, Q = Donna, K = Re, A = ace.
LONG_RANKS = "56789TJCQK"
ROUND_RANKS = "65432AJCQK"
MATTO_TOKEN = "MT"

DECK = Deck("tarocco", SUIT_LETTERS, SUIT_LETTERS,
            (LONG_RANKS, LONG_RANKS, ROUND_RANKS, ROUND_RANKS),
            trumps=21, fool_token=MATTO_TOKEN)

MATTO: Card = FOOL
DEALER = 3
DEALER_SIDE = 1
DISCARD_SIZE = 2
HAND_SIZE = 15
TOTAL_POINTS = 114

#: Positions of the face cards in every suit (the same in long and round suits).
KING, QUEEN, CAVALLO, FANTE = 9, 8, 7, 6


def card_points(card: Card) -> int:
    """King, trump 1, trump 21, Matto 5; Queen 4; Cavallo 3; Fante 2; others 1."""
    if card == MATTO or card in (trump_card(1), trump_card(21)):
        return 5
    if card >= 64:
        return 1
    return {KING: 5, QUEEN: 4, CAVALLO: 3, FANTE: 2}.get(position_of(card), 1)


CARD_POINTS: dict = {card: card_points(card) for card in DECK.cards}


def final_points(won: Sequence[Iterable[Card]], matto_side: int | None, discard: Iterable[Card],
                 tricks_won: Sequence[int]) -> tuple[int, int]:
    """The card points of sides 0 and 1 at the end of the deal.

    ``won[s]`` are the cards in the tricks side ``s`` won (the Matto among them
    wherever it fell), ``matto_side`` the side whose player held the Matto,
    ``discard`` the dealer's discard and ``tricks_won[s]`` the tricks of side ``s``.

    The Matto counts for its owner's side and the discard for the dealer's
    side (1), except that a side that won no trick gives its Matto and, the
    dealer's side, its discard to the other side: a sweep is worth all 114.
    Everything else is additive trick by trick, so a search can score each
    trick for its winner (the Matto's 5 for its owner) and settle the Matto
    and the discard at the end from two "has won a trick" flags.
    (``matto_side`` None, for a made-up deal whose Matto is in no hand,
    counts the Matto like any other card.)
    """
    points = [sum(card_points(c) for c in won[s] if c != MATTO or matto_side is None) for s in (0, 1)]
    if matto_side is not None:
        matto_to = matto_side if tricks_won[matto_side] else 1 - matto_side
        points[matto_to] += card_points(MATTO)
    discard_to = DEALER_SIDE if tricks_won[DEALER_SIDE] else 1 - DEALER_SIDE
    points[discard_to] += sum(card_points(c) for c in discard)
    return points[0], points[1]


# -- the dealer's discard -------------------------------------------------------

def _never_discarded(card: Card) -> str | None:
    """Why a card may never be discarded, or None."""
    if card == MATTO:
        return "the Matto may not be discarded"
    if card in (trump_card(1), trump_card(21)):
        return f"trump {card - 64} may not be discarded"
    if card < 64 and position_of(card) == KING:
        return "a King may not be discarded"
    return None


def _plain_discardable(hand: Iterable[Card]) -> list[Card]:
    """The cards other than trumps that may be discarded: plain cards but Kings."""
    return [c for c in hand if c < 64 and position_of(c) != KING]


def check_discard(hand17: Iterable[Card], discard: Iterable[Card]) -> None:
    """Raise RuleError, naming the card and why, unless ``discard`` is a legal
    discard of the dealer's 17 cards ``hand17`` (the discard included).

    No King, trump 1, trump 21 or Matto. Another trump only when the dealer
    has fewer than two other (plain, non-King) discardable cards, and then
    only as many trumps as those cards fall short of two, or when the discard
    leaves the dealer with no trump at all [decided]."""
    hand = set(hand17)
    cards = list(discard)
    if len(hand) != HAND_SIZE + DISCARD_SIZE:
        raise RuleError(f"the dealer's hand holds {len(hand)} cards before discarding, it must hold "
                        f"{HAND_SIZE + DISCARD_SIZE}")
    if len(cards) != DISCARD_SIZE or len(set(cards)) != DISCARD_SIZE:
        raise RuleError(f"the discard {DECK.format_cards(cards)!r} must be {DISCARD_SIZE} different cards")
    for card in cards:
        if card not in hand:
            raise RuleError(f"cannot discard {DECK.token(card)}: the dealer does not hold it")
        why = _never_discarded(card)
        if why:
            raise RuleError(f"cannot discard {DECK.token(card)}: {why}")
    trumps = [c for c in cards if suit_of(c) == TRUMPS]
    if not trumps:
        return
    kept_trumps = [c for c in hand if suit_of(c) == TRUMPS and c not in cards]
    if not kept_trumps:
        return  # the discard leaves the dealer with no trump at all
    plain = _plain_discardable(hand)
    if len(trumps) <= DISCARD_SIZE - len(plain):
        return  # too few other discardable cards: trumps complete the discard
    raise RuleError(
        f"cannot discard {DECK.token(trumps[0])}: a trump may be discarded only when the dealer has"
        f" fewer than {DISCARD_SIZE} other discardable cards (here {len(plain)}) or when the discard"
        f" leaves no trump in the dealer's hand")


def legal_discards(hand17: Iterable[Card]) -> list[tuple[Card, Card]]:
    """Every legal discard of the dealer's 17 cards, as sorted pairs."""
    hand = sorted(hand17)
    out = []
    for pair in combinations(hand, DISCARD_SIZE):
        try:
            check_discard(hand, pair)
        except RuleError:
            continue
        out.append(pair)
    return out


def simple_discard(hand17: Iterable[Card]) -> list[Card]:
    """The random dealer's discard: the two plain non-King cards of fewest
    points, ties broken by the weaker card, then by suit order (Swords,
    Batons, Cups, Coins); when fewer than two plain cards may go, the lowest
    trumps from 2 upward complete the discard. Always legal."""
    plain = sorted(_plain_discardable(hand17), key=lambda c: (card_points(c), position_of(c), suit_of(c)))
    trumps = sorted(c for c in hand17 if suit_of(c) == TRUMPS and _never_discarded(c) is None)
    return (plain + trumps)[:DISCARD_SIZE]


# -- the game ---------------------------------------------------------------------

class TaroccoGame(Game):
    name = "tarocco"
    title = "Tarocco Piemontese (Piedicavallo partnership game)"
    deck = DECK
    n_seats = 4
    hand_sizes = (HAND_SIZE,) * 4
    extra_sizes = {"discard": DISCARD_SIZE}
    sides = (0, 1, 0, 1)

    # what the front ends say and default to (``Game``)
    value_meaning = "card points of seats 0+2 (of 114)"
    value_meaning_short = "card points of seats 0+2"
    points_unit = "card points"
    bid_score_meaning = "the dealer's side's card points (of 114); made = the dealer's side wins"
    made_label = "P(0+2 win)"
    made_words = ("seats 0+2 win", "seats 0+2 do not win (a loss, or a draw at 57)")
    table_axes = "the deal as dealt"
    table_choices = {"as dealt": {}}
    contract_options = ("discard_trumps",)
    node_limits = dict(DEEP_DEAL_NODE_LIMITS)
    deep_tricks = 10
    analysis_seconds_per_deal = 0.6
    discard_size = DISCARD_SIZE
    discard_rule = "no King, trump 1 or 21, nor the Matto; other trumps only when the rules allow it"

    def play_trump(self, public: dict) -> int:
        return TRUMPS

    def card_worth(self, card: Card, trump) -> float:
        return card_points(card)
    dealer = DEALER

    def parse_deal(self, text: str) -> Deal:
        """Read a deal and check the dealer's discard (every known discarded
        card, and the whole discard when the dealer's cards are all known)."""
        deal = super().parse_deal(text)
        check_deal_discard(deal)
        return deal

    def random_deal(self, seed: int | None = None) -> Deal:
        """Shuffle, deal 15 cards to seats 0, 1, 2 and 17 to the dealer (seat 3),
        who discards two by ``simple_discard``. Reproducible from the seed."""
        rng = dealer_rng(seed)
        cards = list(self.deck.cards)
        rng.shuffle(cards)
        hands = [cards[HAND_SIZE * i:HAND_SIZE * (i + 1)] for i in range(3)]
        dealer17 = cards[3 * HAND_SIZE:]
        discard = simple_discard(dealer17)
        hands.append([c for c in dealer17 if c not in discard])
        return self.deal_from(hands, {"discard": discard})

    def sampling_model(self, deal: Deal, played=(), contract=None):
        """The discard's announced number of trumps (``discard_trumps``, public)
        splits the unseen discard in two: that many trumps, the rest plain
        cards; without it, the discard is assumed to hold no trump."""
        contract = dict(contract or {})
        trumps = contract.pop("discard_trumps", None)
        model = SamplingModel(deal, played, contract)
        if trumps is None or not deal.extras["discard"].unknown:
            return model
        trumps = int(trumps)
        known = deal.extras["discard"].cards
        known_trumps = sum(1 for c in known if suit_of(c) == TRUMPS)
        unknown = deal.extras["discard"].unknown
        if not known_trumps <= trumps <= known_trumps + unknown:
            raise RuleError(f"discard_trumps {trumps}: the discard's known cards and size allow"
                            f" {known_trumps}..{known_trumps + unknown}")
        split = trumps - known_trumps

        def holders(gained):
            hands = [h for h in SamplingModel.holders(model, gained) if h.packet != "discard"]
            return hands + [
                Holder("discard", split, lambda c: suit_of(c) == TRUMPS and _never_discarded(c) is None),
                Holder("discard", unknown - split, lambda c: suit_of(c) != TRUMPS and _never_discarded(c) is None)]
        model.holders = holders
        return model

    def packet_may_hold(self, name: str, card: Card) -> bool:
        """May the discard hold this card, for the sampling of unseen cards?
        Never a King, trump 1, trump 21 or the Matto; and no trump either: the
        sampler assumes the usual announcement "no trump discarded" (a dealer
        discards trumps only when short of plain cards or to void trumps)."""
        return name != "discard" or (_never_discarded(card) is None and suit_of(card) != TRUMPS)

    def new_state(self, deal: Deal, **contract) -> "TaroccoState":
        """The play of a complete deal. Tarocco has no contract: no keyword.
        The discard is checked where a deal is read (``parse_deal``); the
        play does not depend on it, so a made-up deal (a stand-in for the
        unseen cards) is played as it is; ``check_deal_discard`` checks one."""
        if contract:
            raise RuleError(f"unknown contract keyword {next(iter(contract))!r}: tarocco has no contract")
        if deal.game is not self:
            raise RuleError(f"a {deal.game.name} deal is not a tarocco deal")
        return TaroccoState(self, deal)


def check_deal_discard(deal: Deal) -> None:
    """RuleError unless the deal's discard could be the dealer's: each known
    discarded card may be discarded at all, and when the dealer's hand and
    the discard are both fully known the whole discard is legal."""
    discard = deal.extras.get("discard")
    if discard is None:
        return
    for card in sorted(discard.cards):
        why = _never_discarded(card)
        if why:
            raise RuleError(f"cannot discard {DECK.token(card)}: {why}")
    dealer = deal.hands[DEALER]
    if discard.unknown == 0 and dealer.unknown == 0:
        check_discard(dealer.cards | discard.cards, discard.cards)


class TaroccoState(TrickState):
    max_side = 0
    objective_range = (0, TOTAL_POINTS)

    @property
    def trick_trump(self) -> int:
        return TRUMPS

    def __init__(self, game: TaroccoGame, deal: Deal):
        super().__init__(game, deal, leader=0)
        sizes = {len(h) for h in self.hands}
        if sizes != {HAND_SIZE}:
            raise RuleError(f"every tarocco hand must hold {HAND_SIZE} cards")
        self.discard = frozenset(deal.extra("discard"))
        owner = next((seat for seat in range(4) if MATTO in deal.hands[seat].cards), None)
        #: the side whose player holds the Matto
        self.matto_side = None if owner is None else self.side_of(owner)

    @property
    def led_suit(self) -> int | None:
        """The suit to follow: that of the first card other than the Matto
        (when the Matto is led the second card sets it), None before it."""
        for card in self.trick:
            if card != MATTO:
                return suit_of(card)
        return None

    def legal_cards(self) -> list[Card]:
        hand = self.hands[self.to_play]
        led = self.led_suit
        if led is not None:
            follow = [c for c in hand if suit_of(c) == led]
            if not follow:
                follow = [c for c in hand if suit_of(c) == TRUMPS]
            if follow:
                return sorted(follow + ([MATTO] if MATTO in hand else []))
        return sorted(hand)

    def trick_winner(self, leader: int, cards: Sequence[Card]) -> int:
        led = next(suit_of(c) for c in cards if c != MATTO)

        def strength(card: Card) -> int:
            if card == MATTO:
                return -2
            if suit_of(card) == TRUMPS:
                return 100 + position_of(card)
            return position_of(card) if suit_of(card) == led else -1
        return (leader + highest(cards, strength)) % self.n

    # -- points -----------------------------------------------------------------
    def points(self) -> tuple[int, int]:
        """Final card points of sides 0 and 1 (at the end of the deal)."""
        return final_points([self.won_cards(0), self.won_cards(1)], self.matto_side,
                            self.discard, [self.tricks_won(0), self.tricks_won(1)])

    def objective(self) -> int:
        """Card points of side 0 (seats 0+2), out of 114."""
        return self.points()[0]

    def contract_target(self) -> int:
        """Side 0 wins the deal with more than half of the 114 points."""
        return TOTAL_POINTS // 2 + 1

    def headline_score(self, score: dict) -> int:
        return score["points"][0]

    def score(self) -> dict:
        """Points of each side, the tricks each won, the winner (the side with
        more points; None and ``draw`` at 57-57) and the side that swept, if any."""
        if not self.is_over():
            raise RuleError("the deal is not over: no score yet")
        points = self.points()
        tricks = (self.tricks_won(0), self.tricks_won(1))
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
        sweep = next((s for s in (0, 1) if tricks[1 - s] == 0), None)
        return {"points": points, "tricks": tricks, "winner": winner,
                "draw": winner is None, "sweep": sweep}

    def points_note(self) -> str:
        return " (with the dealer's discard)" if self.is_over() else ""

    def contract_terms(self, discard_known: bool, show_cards):
        return ["none (seats 0+2 against 1+3, seat 3 dealt)"], []

    def score_line(self, score: dict) -> str:
        from .words import Names
        names, s = Names.of(self), score
        result = "a draw" if s["draw"] else f"{names.side(s['winner'])} win"
        sweep = "" if s["sweep"] is None else f", a sweep by {names.side(s['sweep'])}"
        return (f"card points {names.pair(s['points'])} (tricks {names.pair(s['tricks'])}):"
                f" {result}{sweep}")

    def points_so_far(self) -> tuple:
        """Card points of each side so far: the Matto with its owner's side;
        at the end the discard and a sweep settled (``points``)."""
        if self.is_over():
            return self.points()
        out = [sum(card_points(c) for c in self.won_cards(s) if c != MATTO) for s in (0, 1)]
        if MATTO in self.played and self.matto_side is not None:
            out[self.matto_side] += card_points(MATTO)
        return tuple(out)

    def score_words(self, score: dict, names) -> list[str]:
        """The score in sentences (RULES.md section 2)."""
        from .words import capital, plural
        points, tricks = score["points"], score["tricks"]
        if score["draw"]:
            head = f"A draw: {TOTAL_POINTS // 2} card points each."
        else:
            win = score["winner"]
            head = (f"{capital(names.side(win))} won {points[win]} to {points[1 - win]}, by "
                    f"{plural(points[win] - points[1 - win], 'card point')}.")
        lines = [head, f"Card points: {names.pair(points)} (of {TOTAL_POINTS}); tricks: {names.pair(tricks)}."]
        dealer_side = self.side_of(DEALER)
        to = dealer_side if tricks[dealer_side] else 1 - dealer_side
        lines.append(f"The dealer's discard ({plural(sum(card_points(c) for c in self.discard), 'point')}) "
                     f"counted for {names.side(to)}" + ("." if to == dealer_side else
                                                        ", the dealer's side having won no trick."))
        if self.matto_side is not None:
            to = self.matto_side if tricks[self.matto_side] else 1 - self.matto_side
            lines.append(f"The Matto (5 points) counted for {names.side(to)}"
                         + (", its owner's side." if to == self.matto_side else
                            ", its owner's side having won no trick."))
        if score["sweep"] is not None:
            lines.append(f"Sweep: {names.side(score['sweep'])} won every trick and take all {TOTAL_POINTS} points.")
        return lines

    def public_cards(self, seat: int) -> dict:
        """Everyone knows how many trumps the dealer discarded; the dealer
        also sees the discard."""
        out = {"discard_trumps": sum(1 for c in self.discard if suit_of(c) == TRUMPS)}
        if seat == DEALER:
            out["discard"] = sorted(self.discard)
        return out


GAME = TaroccoGame()

__all__ = ["CARD_POINTS", "DECK", "GAME", "MATTO", "TOTAL_POINTS", "TaroccoGame", "TaroccoState",
           "card_points", "check_deal_discard", "check_discard", "final_points", "legal_discards",
           "simple_discard"]
