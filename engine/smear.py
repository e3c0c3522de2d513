"""Four Point Northeastern Wisconsin Smear (RULES.md section 5).

32 cards (A K Q J 10 9 8 7 in every suit, trumps too), four players in two
partnerships (seats 0+2 against 1+3), seat 3 deals, six cards each; the other
eight stay face down with the dealer (the ``undealt`` packet of a deal).

One round of bidding (``SmearAuction``) names a bidder and a bid of 2, 3 or 4
points. The bidder leads the first trick and the suit of that lead is trump.
Four points are at stake: High, Low, Jack and Game (``points_won`` and the
small pure functions above it, reusable by a solver). The deal's score is
``deal_scores``; a match to 15 is ``match_result``.

The widow table option (0..3 undealt cards taken by the bidder) is read here
as follows **[decided]**: the bidder takes ``widow`` undealt cards, fixes the
trump suit and discards ``widow`` cards down to six; the discard may hold a
trump only when the bidder holds more than six trumps (and then only as many
as needed to keep six); the bidder must then lead a trump to the first trick,
so the trump is still "the suit of the bidder's first lead". The discard
counts for the bidder's side in the Game point; the cards that stay undealt
count for nobody. "In play" means dealt to a player and played: a card that
stays undealt or is discarded is never High, Low or Jack.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence

from .cards import Card, french_deck, suit_of
from .deal import Deal
from .errors import RuleError
from .game import Game, Trick, TrickState, highest

DECK = french_deck("smear", "789TJQKA")
RANKS = "789TJQKA"
SUIT_LETTERS = "SHDC"
#: plain position of the jack in a suit (7=0, 8=1, 9=2, T=3, J=4, Q=5, K=6, A=7)
JACK = RANKS.index("J")
#: game points by plain position: A 4, K 3, Q 2, J 1, 10 counts 10, others 0
GAME_POINTS_BY_POSITION = (0, 0, 0, 10, 1, 2, 3, 4)
TOTAL_GAME_POINTS = 80
DEALER = 3
HAND_SIZE = 6
UNDEALT = 8
BIDS = (2, 3, 4)
WIDOWS = (0, 1, 2, 3)
TARGET = 15
POINT_NAMES = ("high", "low", "jack", "game")


# ---------------------------------------------------------------------------
# The four points, as small pure functions of plain data.
# ``sides[seat]`` is the side (0 or 1) of a seat; a trump is a suit 0..3.
# ---------------------------------------------------------------------------

def game_points(cards: Iterable[Card]) -> int:
    """Game points of some cards: A 4, K 3, Q 2, J 1, 10 counts 10, others 0."""
    return sum(GAME_POINTS_BY_POSITION[c & 15] for c in cards)


def jack_of(trump: int) -> Card:
    return 16 * trump + JACK


def trumps_in_play(holdings: Sequence[Iterable[Card]], trump: int) -> list[tuple[int, Card]]:
    """(seat, card) for every trump in play: ``holdings[seat]`` are the cards
    the seat plays in the deal (its six cards after any discard)."""
    return [(seat, c) for seat, cards in enumerate(holdings) for c in cards if suit_of(c) == trump]


def high_side(holdings, trump: int, sides) -> int | None:
    """High: the side that held (and so played) the highest trump in play;
    None only when no trump is in play."""
    held = trumps_in_play(holdings, trump)
    if not held:
        return None
    seat, _ = max(held, key=lambda sc: sc[1])
    return sides[seat]


def low_side(holdings, trump: int, sides) -> int | None:
    """Low: the side that held (and so played) the lowest trump in play
    (a lone trump in play is both High and Low)."""
    held = trumps_in_play(holdings, trump)
    if not held:
        return None
    seat, _ = min(held, key=lambda sc: sc[1])
    return sides[seat]


def jack_side(tricks: Iterable[Trick], trump: int, sides) -> int | None:
    """Jack: the side that won the trick holding the jack of trumps; None if
    the jack was not played (not in play, or not yet)."""
    jack = jack_of(trump)
    for trick in tricks:
        if jack in trick.cards:
            return sides[trick.winner]
    return None


def game_totals(tricks: Iterable[Trick], sides, bidder_side: int,
                discard: Iterable[Card] = ()) -> tuple[int, int]:
    """Game points of each side: its won tricks, plus the bidder's discard for
    the bidder's side. Undealt cards count for nobody."""
    totals = [0, 0]
    for trick in tricks:
        totals[sides[trick.winner]] += game_points(trick.cards)
    totals[bidder_side] += game_points(discard)
    return totals[0], totals[1]


def game_side(tricks, sides, bidder_side: int, discard=()) -> int | None:
    """Game: the side with more game points (``game_totals``); None on a tie."""
    a, b = game_totals(tricks, sides, bidder_side, discard)
    if a == b:
        return None
    return 0 if a > b else 1


def points_won(holdings, tricks, trump: int, sides, bidder_side: int, discard=()) -> dict:
    """Which side won each of the four points (None: nobody)."""
    return {
        "high": high_side(holdings, trump, sides),
        "low": low_side(holdings, trump, sides),
        "jack": jack_side(tricks, trump, sides),
        "game": game_side(tricks, sides, bidder_side, discard),
    }


def count_points(points: dict, side: int) -> int:
    """How many of the four points a side won."""
    return sum(1 for name in POINT_NAMES if points[name] == side)


def deal_scores(won: Sequence[int], bidder_side: int, bid: int) -> tuple[int, int]:
    """The deal's score of each side, from the points each side won: the
    bidder's side scores its points if it won at least its bid, else minus the
    bid; the other side always scores the points it won."""
    scores = list(won)
    if won[bidder_side] < bid:
        scores[bidder_side] = -bid
    return scores[0], scores[1]


@dataclass(frozen=True)
class MatchResult:
    #: the totals of both sides after each deal, in order
    totals: tuple[tuple[int, int], ...]
    #: the winning side, or None while nobody has reached the target
    winner: int | None
    #: number of deals played when the match was won (None: not won)
    deals: int | None


def match_result(deals: Iterable, target: int = TARGET) -> MatchResult:
    """Running totals of a match and its winner: the first side to reach
    ``target`` (15) wins; if both reach it on the same deal, the bidding side
    wins if it made its bid, otherwise the other side.

    Each deal is a ``score()`` dict or a tuple ``(scores, bidder_side, made)``
    with ``scores`` the pair of deal scores by side. A deal after the match
    was won is a RuleError."""
    totals = (0, 0)
    history: list[tuple[int, int]] = []
    winner = None
    for number, deal in enumerate(deals, start=1):
        if winner is not None:
            raise RuleError(f"deal {number} played after the match was won")
        scores, bidder_side, made = _match_entry(deal, number)
        totals = (totals[0] + scores[0], totals[1] + scores[1])
        history.append(totals)
        winner = match_winner(totals, bidder_side, made, target)
    return MatchResult(tuple(history), winner, len(history) if winner is not None else None)


def match_winner(totals, bidder_side: int, made: bool, target: int = TARGET) -> int | None:
    """The winner once a deal brought the totals to ``totals``: the side that
    reached ``target``; both: the bidding side if it made its bid, else the
    other side; None if neither reached it."""
    reached = [side for side in (0, 1) if totals[side] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    return bidder_side if made else 1 - bidder_side


def _match_entry(deal, number: int):
    """(scores, bidder_side, made) from a ``score()`` dict or such a tuple."""
    if isinstance(deal, dict):
        try:
            deal = deal["scores"], deal["bidder_side"], deal["made"]
        except KeyError as exc:
            raise RuleError(f"deal {number}: a score without {exc.args[0]!r}") from None
    try:
        scores, bidder_side, made = deal
        a, b = scores
        scores = (int(a), int(b))
    except (TypeError, ValueError):
        raise RuleError(f"deal {number}: {deal!r} is not (scores, bidder_side, made)") from None
    if bidder_side not in (0, 1):
        raise RuleError(f"deal {number}: bidder side {bidder_side!r} is not 0 or 1")
    return scores, bidder_side, bool(made)


# ---------------------------------------------------------------------------
# Contract arguments: bids, seats, trumps, widow and discard.
# ---------------------------------------------------------------------------

def parse_trump(value) -> int | None:
    """A trump suit: None, 0..3, or a suit letter S H D C."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return value
    if isinstance(value, str) and value.strip().upper() in tuple(SUIT_LETTERS):
        return SUIT_LETTERS.index(value.strip().upper())
    raise RuleError(f"unknown trump {value!r}: a trump is S, H, D or C (or 0..3)")


def _small_int(value, what: str, allowed: Sequence[int]) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        choices = ", ".join(str(a) for a in allowed)
        raise RuleError(f"bad {what} {value!r}: a Smear {what} is one of {choices}")
    return value


def _card_list(value, what: str) -> list[Card]:
    """Cards given as text ("SA HT") or as ints; each a card of the deck, once."""
    if value is None:
        return []
    if isinstance(value, str):
        return DECK.parse_cards(value)
    cards: list[Card] = []
    for card in value:
        if isinstance(card, str):
            card = DECK.parse_card(card)
        if isinstance(card, bool) or not isinstance(card, int) or card not in DECK:
            raise RuleError(f"{what}: {card!r} is not a card of the smear deck")
        if card in cards:
            raise RuleError(f"{what}: card {DECK.token(card)!r} given twice")
        cards.append(card)
    return cards


def max_trump_discards(held: Iterable[Card], trump: int) -> int:
    """How many trumps the discard may hold: none unless the bidder holds
    more than six trumps, and then only the excess over six."""
    return max(0, sum(1 for c in held if suit_of(c) == trump) - HAND_SIZE)


def check_discard(held: Iterable[Card], discard: Sequence[Card], trump: int) -> None:
    """RuleError unless ``discard`` is a legal discard from ``held`` (the
    bidder's six cards plus the taken ones) under the trump ``trump``."""
    held = set(held)
    need = len(held) - HAND_SIZE
    for card in discard:
        if card not in held:
            raise RuleError(f"cannot discard {DECK.token(card)}: the bidder does not hold it")
    if len(set(discard)) != len(discard):
        raise RuleError("a card is discarded twice")
    if len(discard) != need:
        raise RuleError(f"{len(discard)} cards discarded, the bidder must discard {need} to keep six")
    trumps = [c for c in discard if suit_of(c) == trump]
    allowed = max_trump_discards(held, trump)
    if len(trumps) > allowed:
        why = ("the bidder may not discard trumps unless holding more than six" if allowed == 0
               else f"the bidder holds {allowed + HAND_SIZE} trumps and may discard only {allowed}")
        raise RuleError(f"cannot discard {DECK.format_cards(trumps)}: {why}")
    kept = held - set(discard)
    if not any(suit_of(c) == trump for c in kept):
        raise RuleError(f"trump {SUIT_LETTERS[trump]}: the bidder must keep a trump to lead")


def legal_discards(held: Iterable[Card], trump: int) -> list[tuple[Card, ...]]:
    """Every legal discard (sorted tuples) from the bidder's held cards."""
    held = sorted(held)
    out = []
    for discard in combinations(held, len(held) - HAND_SIZE):
        try:
            check_discard(held, discard, trump)
        except RuleError:
            continue
        out.append(discard)
    return out


# ---------------------------------------------------------------------------
# The game and its state.
# ---------------------------------------------------------------------------

class SmearGame(Game):
    name = "smear"
    title = "Four Point Northeastern Wisconsin Smear"
    deck = DECK
    n_seats = 4
    hand_sizes = (HAND_SIZE,) * 4
    extra_sizes = {"undealt": UNDEALT}
    sides = (0, 1, 0, 1)
    suit_letters = SUIT_LETTERS
    first_lead_names_trump = True

    # what the front ends say and default to (``Game``)
    value_meaning = "points of the bidder's side (of 4)"
    value_meaning_short = "points of the bidder's side (of 4)"
    points_unit = "game points"
    points_legend = "A4 K3 Q2 J1 T10"
    bid_score_meaning = "the bidder's side's score minus the other side's (pass = 0)"
    table_axes = "rows: the trump suit the bidder (seat 0) leads"
    table_choices = {t: {"trump": t} for t in SUIT_LETTERS}
    table_skips_unplayable = True
    contract_options = ("bidder", "bid", "widow", "taken", "discard", "trump")
    round_options = ("widow",)
    page_options = {"widow": WIDOWS}
    analysis_seconds_per_deal = 0.05
    discard_rule = "trumps only beyond six of them"
    numbered_bids = True

    def new_auction(self, public: dict) -> "SmearAuction":
        return SmearAuction()

    def card_worth(self, card: Card, trump) -> float:
        """Its game points, and the jack of trumps a point of its own (20)."""
        bonus = 20 if trump is not None and suit_of(card) == trump and card & 15 == 4 else 0
        return game_points([card]) + bonus
    dealer = DEALER

    def new_state(self, deal: Deal, bidder=0, bid=2, widow=0, taken=None, discard=None,
                  trump=None) -> "SmearState":
        """The play after the auction.

        ``bidder`` (seat 0..3) won the auction with ``bid`` (2..4 points) and
        leads first. ``widow`` (0..3, the table option) is how many undealt
        cards the bidder took: ``taken`` (cards of the undealt packet) before
        discarding ``discard`` (as many cards) down to six. ``trump`` (S H D C
        or 0..3): None means the suit of the bidder's first lead is trump;
        given, the bidder must lead a trump. With ``widow`` > 0 the trump is
        fixed at the discard and must be given. Cards are text ("SA HT") or
        ints."""
        return SmearState(self, deal, bidder, bid, widow, taken, discard, trump)


class SmearState(TrickState):
    """The play of a Smear deal. ``trump`` is None until the first card is
    led (unless the contract fixed it); ``start_hands`` are the six cards
    each seat plays (the bidder's after the widow and discard)."""

    objective_range = (0, 4)

    def __init__(self, game: SmearGame, deal: Deal, bidder=0, bid=2, widow=0, taken=None,
                 discard=None, trump=None):
        bidder = _small_int(bidder, "bidder", range(4))
        bid = _small_int(bid, "bid", BIDS)
        widow = _small_int(widow, "widow", WIDOWS)
        fixed = parse_trump(trump)
        super().__init__(game, deal, leader=bidder)
        for seat, hand in enumerate(self.hands):
            if len(hand) != HAND_SIZE:
                raise RuleError(f"seat {seat} holds {len(hand)} cards, a Smear hand holds {HAND_SIZE}")
        taken = _card_list(taken, "taken")
        discard = _card_list(discard, "discard")
        undealt = deal.extra("undealt")
        if widow == 0:
            if taken or discard:
                raise RuleError("cards taken or discarded with widow 0: the bidder takes no undealt card")
        else:
            if fixed is None:
                raise RuleError(f"widow {widow}: the bidder must fix the trump at the discard (trump=S, H, D or C)")
            if len(taken) != widow:
                raise RuleError(f"{len(taken)} cards taken, the widow option is {widow}")
            for card in taken:
                if card not in undealt:
                    raise RuleError(f"cannot take {DECK.token(card)}: it is not an undealt card")
            held = self.hands[bidder] | set(taken)
            check_discard(held, discard, fixed)
            self.hands[bidder] = held - set(discard)
        if fixed is not None and not any(suit_of(c) == fixed for c in self.hands[bidder]):
            raise RuleError(f"trump {SUIT_LETTERS[fixed]}: the bidder holds no card of that suit to lead")
        self.bidder = bidder
        self.bid = bid
        self.widow = widow
        self.taken = tuple(sorted(taken))
        self.discard = tuple(sorted(discard))
        self.fixed_trump = fixed
        self.max_side = game.sides[bidder]
        self.start_hands = tuple(frozenset(h) for h in self.hands)
        #: cards that stay undealt: they count for nobody
        self.undealt = frozenset(undealt) - set(taken)

    # -- the trump ------------------------------------------------------------
    @property
    def trump(self) -> int | None:
        """The trump suit: fixed by the contract, else the suit of the first
        card led (None before it)."""
        if self.fixed_trump is not None:
            return self.fixed_trump
        if self.tricks:
            return suit_of(self.tricks[0].cards[0])
        if self.trick:
            return suit_of(self.trick[0])
        return None

    # -- rules ----------------------------------------------------------------
    def legal_cards(self) -> list[Card]:
        hand = self.hands[self.to_play]
        trump = self.trump
        if not self.trick:
            if not self.tricks and trump is not None:
                # the bidder fixed the trump: the first lead is a trump
                return sorted(c for c in hand if suit_of(c) == trump)
            return sorted(hand)
        led = self.led_suit
        trumps = [c for c in hand if suit_of(c) == trump]
        if led == trump:
            return sorted(trumps) if trumps else sorted(hand)
        follow = [c for c in hand if suit_of(c) == led]
        if follow:
            return sorted(follow + trumps)
        return sorted(hand)

    def trick_winner(self, leader: int, cards: Sequence[Card]) -> int:
        # before the first lead the trump is None: the suit led wins, which is
        # the same thing since the first card led sets the trump
        trump = self.trump
        led = suit_of(cards[0])

        def strength(card):
            if suit_of(card) == trump:
                return 100 + (card & 15)
            return card & 15 if suit_of(card) == led else -1
        return (leader + highest(cards, strength)) % self.n

    # -- points and score -------------------------------------------------------
    def points(self) -> dict:
        """The side that won each of the four points so far (None: nobody);
        final at the end of the deal."""
        trump = self.trump
        if trump is None:
            return {name: None for name in POINT_NAMES}
        return points_won(self.start_hands, self.tricks, trump, self.game.sides,
                          self.max_side, self.discard)

    def objective(self) -> int:
        """The number of the four points (0..4) won by the bidder's side."""
        return count_points(self.points(), self.max_side)

    def contract_target(self) -> int:
        """The bidder's side makes its bid with at least ``bid`` points."""
        return self.bid

    def headline_score(self, score: dict):
        return score["scores"][self.max_side]

    def utility(self, objective) -> float:
        """Made, the side scores its points and the other side the rest
        (2w - 4); set, minus the bid (w - bid - 4)."""
        objective = float(objective)
        return 2 * objective if objective >= self.bid else objective - self.bid

    def score(self) -> dict:
        points = self.points()
        won = (count_points(points, 0), count_points(points, 1))
        side = self.max_side
        scores = deal_scores(won, side, self.bid)
        trump = self.trump
        return {
            "trump": None if trump is None else SUIT_LETTERS[trump],
            "bidder": self.bidder,
            "bidder_side": side,
            "bid": self.bid,
            **points,
            "game_points": game_totals(self.tricks, self.game.sides, side, self.discard),
            "won": won,
            "made": won[side] >= self.bid,
            "scores": scores,
        }


    def points_so_far(self) -> tuple:
        """Game points of each side so far (for the point called Game), the
        bidder's discard added to its side once the deal is over."""
        discard = self.discard if self.is_over() else ()
        return game_totals(self.tricks, self.game.sides, self.max_side, discard)

    def contract_terms(self, discard_known: bool, show_cards):
        from .words import SUIT_NAMES
        trump = "the suit of the first lead" if self.fixed_trump is None else SUIT_NAMES[self.fixed_trump]
        terms = [f"bid {self.bid} by seat {self.bidder}", f"trump {trump}"]
        if self.widow:
            terms.append(f"widow {self.widow}")
        return terms, [("bidder", self.bidder), ("bid", self.bid)]

    def score_line(self, score: dict) -> str:
        from .words import Names
        names, s = Names.of(self), score

        def who(point):
            side = s[point]
            return "nobody" if side is None else names.side(side)
        points = ", ".join(f"{p.capitalize()} {who(p)}" for p in ("high", "low", "jack", "game"))
        return (f"{points} (game points {names.pair(s['game_points'])}); points won "
                f"{names.pair(s['won'])}; bid {s['bid']} {'made' if s['made'] else 'failed'};"
                f" scores {names.pair(s['scores'])}")

    def score_words(self, score: dict, names) -> list[str]:
        """The score in sentences (RULES.md section 5)."""
        from .words import SUIT_NAMES, capital, card_label, plural, signed
        side = score["bidder_side"]
        bidders, other = names.side(side), names.side(1 - side)
        scores, won = score["scores"], score["won"]
        deck = self.game.deck
        made = score["made"]
        result = (f"{bidders} made {bidders.possessive} bid of {score['bid']} with {plural(won[side], 'point')}"
                  if made else f"{bidders} went set on {bidders.possessive} bid of {score['bid']} with "
                  f"{plural(won[side], 'point')}")
        if scores[0] == scores[1]:
            head = f"A tie, {signed(scores[0])} each: {result}."
        else:
            win = 0 if scores[0] > scores[1] else 1
            head = (f"{capital(names.side(win))} won the deal, {signed(scores[win])} to {signed(scores[1 - win])}: "
                    f"{result}.")
        trump = self.trump
        lines = [head, f"Bid: {score['bid']} by {names.seat(score['bidder'])}; trumps "
                       f"{'none' if trump is None else SUIT_NAMES[trump]}."]
        in_play = sorted(c for c in self.played if trump is not None and suit_of(c) == trump)

        def who(point):
            return "nobody" if score[point] is None else names.side(score[point])
        if in_play:
            lone = " (a lone trump in play is both High and Low)" if len(in_play) == 1 else ""
            lines.append(f"High: {who('high')}, with {card_label(deck, in_play[-1])}, the highest trump in play.")
            lines.append(f"Low: {who('low')}, with {card_label(deck, in_play[0])}, the lowest trump in play{lone}.")
        else:
            lines.append("High and Low: nobody (no trump in play).")
        if score["jack"] is None:
            lines.append("Jack: nobody (the jack of trumps was not in play).")
        else:
            lines.append(f"Jack: {who('jack')}, winning the trick that held the jack of trumps.")
        a, b = score["game_points"]
        if score["game"] is None:
            lines.append(f"Game: nobody, a tie at {a} game points.")
        else:
            lines.append(f"Game: {who('game')}, {max(a, b)} game points to {min(a, b)}.")
        if made:
            lines.append(f"Points won: {names.pair(won)}; the bid is made: each side scores the points it won.")
        else:
            lines.append(f"Points won: {names.pair(won)}; the bid is set: {bidders} lose {score['bid']}, "
                         f"{other} score the points they won.")
        lines.append("Scores: " + ", ".join(f"{names.side(s)} {signed(v)}" for s, v in enumerate(scores)) + ".")
        return lines

    # -- information ------------------------------------------------------------
    def public_cards(self, seat: int) -> dict:
        """Nothing beyond the played cards; the bidder sees its own discard."""
        if seat == self.bidder and self.discard:
            return {"discard": sorted(self.discard)}
        return {}


# ---------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------

PASS = "pass"


class SmearAuction:
    """One round of bidding from seat 0: each player bids higher than the
    last bid or passes; bids are 2, 3, 4. It stops after the dealer (seat 3)
    speaks or when someone bids 4. If all four pass the same dealer redeals.

    ``call(x)`` takes a bid (2, 3, 4, "3") or a pass ("pass", "p", None)."""

    def __init__(self, calls: Iterable = ()):
        self.calls: list[tuple[int, object]] = []  # (seat, bid or PASS)
        self.bidder: int | None = None
        self.bid: int | None = None
        if isinstance(calls, str):
            calls = calls.replace(",", " ").split()
        for c in calls:
            self.call(c)

    @property
    def to_speak(self) -> int | None:
        return None if self.is_over() else len(self.calls)

    def is_over(self) -> bool:
        return len(self.calls) == 4 or self.bid == max(BIDS)

    @property
    def redeal(self) -> bool:
        """True when all four passed: the same dealer redeals."""
        return len(self.calls) == 4 and self.bidder is None

    @property
    def result(self) -> tuple[int, int] | None:
        """(bidder, bid) once the auction is over and someone bid."""
        if self.is_over() and self.bidder is not None:
            return self.bidder, self.bid
        return None

    def legal_calls(self) -> list:
        if self.is_over():
            return []
        return [PASS] + [b for b in BIDS if self.bid is None or b > self.bid]

    def call(self, value) -> None:
        if self.is_over():
            raise RuleError(f"bid {value!r}: the auction is over")
        seat = len(self.calls)
        if value is None or (isinstance(value, str) and value.strip().lower() in ("pass", "p", "-")):
            self.calls.append((seat, PASS))
            return
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or value not in BIDS:
            raise RuleError(f"unknown bid {value!r}: bid 2, 3 or 4, or pass")
        if self.bid is not None and value <= self.bid:
            raise RuleError(f"bid {value} by seat {seat}: a bid must be higher than the last bid, {self.bid}")
        self.calls.append((seat, value))
        self.bidder, self.bid = seat, value

    def message(self) -> str:
        if not self.is_over():
            return f"seat {self.to_speak} to speak"
        if self.redeal:
            return f"all passed: the same dealer (seat {DEALER}) redeals"
        return f"seat {self.bidder} bids {self.bid}"


GAME = SmearGame()
