"""Two-player Tarot with piles (RULES.md section 4).

The 78-card French tarot pack; each player has 21 cards in hand and six piles
of three cards in front of them, only the top card of each pile face up.
39 tricks of two cards. A player plays a card from hand or the face-up top of
one of their own piles; after the trick is gathered, every pile whose top was
played turns up its next card.

Card points are counted in HALF points (91 points = 182 half points).

Deal notation::

    HAND0 HAND1 piles0:P,P,P,P,P,P piles1:P,P,P,P,P,P

where a hand is written as every tarot hand (``Deck.format_hand``) and ``P``
is one pile's cards, top first, joined by ``/`` (``SK/21/H3``); ``?`` is a
face-down card that is not known (the top card is face up, so never ``?``).

The play state keeps, beside the hands, ``piles[seat]``: a tuple of piles
(each a tuple of cards, top first; the pile's place ``k`` never changes, an
emptied pile is ``()``) and ``pending``: the ``(seat, k)`` piles whose top was
played in the current trick and whose next card is still face down.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

from .cards import FOOL, TAROT_DECK, TRUMPS, Card, suit_of
from .deal import Deal, Packet, split_sections
from .errors import IllegalPlayError, NotationError, RuleError
from .game import DEEP_DEAL_NODE_LIMITS, Game, Trick, TrickState, dealer_rng
from .tarot_scoring import card_half_points, margin_utility

PETIT: Card = 64 + 1
TWENTY_ONE: Card = 64 + 21
OUDLERS = frozenset({FOOL, PETIT, TWENTY_ONE})

#: Target in card points by the number of oudlers won (0, 1, 2, 3).
TARGETS = (56, 51, 41, 36)

N_PILES = 6
PILE_SIZE = 3
HAND_SIZE = 21
PILE_SECTIONS = ("piles0", "piles1")

#: Half points of a plain card by its position (0 = the 1 ... 13 = the King).
_PLAIN_HALF_POINTS = (1,) * 10 + (3, 5, 7, 9)  # 1..10, Jack, Knight, Queen, King


# -- card points: small pure functions a solver can reuse ----------------------------

def half_points(card: Card) -> int:
    """Card points in half points: oudler or king 9, queen 7, knight 5,
    jack 3, every other card 1."""
    if card >= 64:
        return 9 if card in OUDLERS else 1
    return _PLAIN_HALF_POINTS[card & 15]


def is_oudler(card: Card) -> bool:
    return card in OUDLERS


def trick_shares(plays: Sequence[tuple[int, Card]], winner: int, last: bool) -> tuple[list[int], list[int]]:
    """What one gathered trick gives each player: (half points, oudlers), as
    two lists indexed by player.

    ``plays`` are the trick's (player, card) pairs. The Excuse never wins: its
    owner keeps it before the last trick (8 half points and the oudler to the
    owner, 1 half point given to the trick's winner); in the last trick the
    winner takes it like any card."""
    points, oudlers = [0, 0], [0, 0]
    for player, card in plays:
        if card == FOOL and not last:
            points[player] += half_points(card) - 1
            oudlers[player] += 1
            points[winner] += 1
        else:
            points[winner] += half_points(card)
            oudlers[winner] += is_oudler(card)
    return points, oudlers


def tally(tricks: Sequence[Trick]) -> tuple[list[int], list[int]]:
    """Half points and oudlers of each player over a whole deal's tricks (the
    last of ``tricks`` is the deal's last trick)."""
    points, oudlers = [0, 0], [0, 0]
    for i, trick in enumerate(tricks):
        p, o = trick_shares(trick.plays(2), trick.winner, last=(i == len(tricks) - 1))
        for player in (0, 1):
            points[player] += p[player]
            oudlers[player] += o[player]
    return points, oudlers


def margin_half_points(half: int, oudlers: int) -> int:
    """A player's margin ``points - target`` in half points."""
    return half - 2 * TARGETS[oudlers]


def deal_score(half: Sequence[int], oudlers: Sequence[int], petit_last: int | None) -> dict:
    """The score of a deal from each player's half points and oudlers, and the
    player who won the last trick if it held the Petit (else None).

    Margins ``points - target``; the player with the larger margin wins and
    scores ``25 + margin``, the other the opposite; equal margins are a draw
    scored 0. The Petit in the last trick gives +10 to the trick's winner and
    -10 to the other, draw or not."""
    points = tuple(Fraction(h, 2) for h in half)
    targets = tuple(TARGETS[o] for o in oudlers)
    margins = tuple(p - t for p, t in zip(points, targets))
    if margins[0] == margins[1]:
        winner, base = None, [Fraction(0), Fraction(0)]
    else:
        winner = 0 if margins[0] > margins[1] else 1
        value = 25 + margins[winner]
        base = [value, -value] if winner == 0 else [-value, value]
    petit = [Fraction(0), Fraction(0)]
    if petit_last is not None:
        petit[petit_last], petit[1 - petit_last] = Fraction(10), Fraction(-10)
    return {
        "points": points,
        "oudlers": tuple(oudlers),
        "targets": targets,
        "margins": margins,
        "winner": winner,
        "draw": winner is None,
        "base": tuple(base),
        "petit_last": petit_last,
        "petit": tuple(petit),
        "scores": tuple(b + p for b, p in zip(base, petit)),
    }


# -- the game -------------------------------------------------------------------------

class Tarot2Game(Game):
    name = "tarot2"
    title = "Two-player Tarot with piles"
    deck = TAROT_DECK
    n_seats = 2
    hand_sizes = (HAND_SIZE, HAND_SIZE)
    extra_sizes: dict = {}
    sides = (0, 1)

    # what the front ends say and default to (``Game``)
    value_meaning = "player 0's margin over the target, in points"
    value_meaning_short = "player 0's margin, in points"
    value_scale = 2
    points_unit = "card points"
    bid_score_meaning = "the player's score"
    made_label = "P(player 0 wins)"
    made_words = ("player 0 wins", "player 0 does not win (a loss or a draw)")
    table_axes = "rows: the player who leads first"
    table_choices = {first: {"first": first} for first in (0, 1)}
    contract_options = ("first",)
    round_options = ("first",)
    node_limits = dict(DEEP_DEAL_NODE_LIMITS)
    deep_tricks = 16
    analysis_seconds_per_deal = 0.6
    table_note = "each player needs 56 card points with no oudler, 51 with one, 41 with two, 36 with three"

    def play_trump(self, public: dict) -> int:
        return TRUMPS

    def card_worth(self, card: Card, trump) -> float:
        return card_half_points(card) / 2

    # -- building deals ---------------------------------------------------------
    def make_deal(self, hands: Sequence[Iterable[Card]], piles: Sequence[Sequence[Sequence[Card | None]]],
                  full: bool = True) -> Deal:
        """A deal from two hands (card collections) and each player's piles
        (sequences of cards, top first, None for an unknown face-down card).

        ``full``: the deal of RULES.md (21 cards in hand, six piles of three,
        all 78 cards). ``full=False`` builds an ending: any hand sizes, piles
        of 1 to 3 cards, as long as both players hold the same number of cards.
        """
        deck = self.deck
        hand_packets = tuple(h if isinstance(h, Packet) else Packet(frozenset(h)) for h in hands)
        if len(hand_packets) != 2 or len(piles) != 2:
            raise NotationError(f"{len(hand_packets)} hands and {len(piles)} pile sets given, a tarot2 deal has 2")
        pile_sets = []
        for player, player_piles in enumerate(piles):
            player_piles = tuple(tuple(p) for p in player_piles)
            if full and len(player_piles) != N_PILES:
                raise NotationError(f"piles{player}: {len(player_piles)} piles, a player has {N_PILES}")
            for pile in player_piles:
                written = "/".join("?" if c is None else deck.token(c) for c in pile)
                if (full and len(pile) != PILE_SIZE) or not 1 <= len(pile) <= PILE_SIZE:
                    raise NotationError(f"pile {written!r} of piles{player}: {len(pile)} cards,"
                                        f" a pile holds {PILE_SIZE}")
                if pile[0] is None:
                    raise NotationError(f"pile {written!r} of piles{player}: its top card is face up"
                                        f" and cannot be unknown")
                for card in pile:
                    if card is not None and card not in deck:
                        raise NotationError(f"pile {written!r} of piles{player}: {card!r} is not a tarot card")
            pile_sets.append(player_piles)
        for player, hand in enumerate(hand_packets):
            strangers = [c for c in hand.cards if c not in deck]
            if strangers:
                raise NotationError(f"hand {player}: {strangers[0]!r} is not a tarot card")
            if full and hand.size != HAND_SIZE:
                raise NotationError(f"hand {deck.format_hand(hand.cards, hand.unknown)!r}:"
                                    f" {hand.size} cards, a hand here holds {HAND_SIZE}")
        seen: set[Card] = set()
        for packet in [h.cards for h in hand_packets] + [[c for p in ps for c in p] for ps in pile_sets]:
            for card in sorted(c for c in packet if c is not None):
                if card in seen:
                    raise NotationError(f"card {deck.token(card)!r} given twice")
                seen.add(card)
        # a full deal now places 2 x (21 + 6 x 3) = 78 distinct cards: the whole pack
        sizes = [h.size + sum(len(p) for p in ps) for h, ps in zip(hand_packets, pile_sets)]
        if sizes[0] != sizes[1]:
            raise NotationError(f"player 0 holds {sizes[0]} cards and player 1 {sizes[1]}:"
                                f" both must hold the same number")
        return Deal(self, hand_packets, {}, tuple(pile_sets))

    def random_deal(self, seed: int | None = None) -> Deal:
        """A uniformly random deal, reproducible from the seed: the shuffled
        pack gives hand 0, hand 1, then player 0's piles and player 1's, each
        pile three cards top first."""
        rng = dealer_rng(seed)
        cards = list(self.deck.cards)
        rng.shuffle(cards)
        hands = [cards[0:21], cards[21:42]]
        piles = []
        for player in (0, 1):
            start = 42 + 18 * player
            piles.append([cards[start + 3 * k:start + 3 * k + 3] for k in range(N_PILES)])
        return self.make_deal(hands, piles)

    # -- notation ---------------------------------------------------------------
    def parse_deal(self, text: str, full: bool = True) -> Deal:
        """Read ``HAND0 HAND1 piles0:P,... piles1:P,...`` (module docstring).
        ``full=False`` reads an ending (see ``make_deal``)."""
        if not text or not text.strip():
            raise NotationError("empty deal")
        deck = self.deck
        hand_texts, sections = split_sections(text, PILE_SECTIONS, "tarot2 deal", 2)
        for key in PILE_SECTIONS:
            if key not in sections:
                raise NotationError(f"section '{key}:' missing: a tarot2 deal gives each player's piles")
        hands = [Packet(*deck.parse_hand(t, HAND_SIZE if full else None)) for t in hand_texts]
        piles = [self._parse_piles(key, sections[key]) for key in PILE_SECTIONS]
        return self.make_deal(hands, piles, full=full)

    def _parse_piles(self, key: str, text: str) -> list[tuple]:
        """The piles of one ``pilesN:`` section; ``make_deal`` checks their
        number and sizes."""
        piles = []
        for pile_text in (text.split(",") if text else []):
            pile = []
            for token in pile_text.split("/"):
                if token.strip() == "?":
                    pile.append(None)
                    continue
                try:
                    pile.append(self.deck.parse_card(token))
                except NotationError as exc:
                    raise NotationError(f"pile {pile_text!r} of {key}: {exc}") from None
            piles.append(tuple(pile))
        return piles

    def format_deal(self, deal: Deal) -> str:
        deck = self.deck
        parts = [deck.format_hand(h.cards, h.unknown) for h in deal.hands]
        for key, piles in zip(PILE_SECTIONS, deal.piles):
            parts.append(key + ":" + ",".join("/".join("?" if c is None else deck.token(c) for c in pile)
                                              for pile in piles))
        return " ".join(parts)

    # -- play -------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return f"player {seat}"

    def new_state(self, deal: Deal, first: int = 0) -> "Tarot2State":
        """The play of a deal; ``first`` (0 or 1) leads the first trick (the
        first leader alternates from deal to deal: an input)."""
        return Tarot2State(self, deal, first)


class Tarot2State(TrickState):
    """The play of a two-player tarot deal. ``max_side`` is player 0; the
    objective is player 0's margin in half points."""

    max_side = 0
    #: no point and no oudler .. every point with the three oudlers
    objective_range = (-2 * TARGETS[0], 182 - 2 * TARGETS[3])

    def __init__(self, game: Tarot2Game, deal: Deal, first: int = 0):
        if first not in (0, 1) or isinstance(first, bool):
            raise RuleError(f"first leader {first!r}: it is player 0 or 1")
        if len(deal.piles) != 2:
            raise RuleError("a tarot2 deal needs both players' piles")
        super().__init__(game, deal, leader=first)
        self.first = first
        self.piles: list[tuple[tuple[Card, ...], ...]] = [
            tuple(tuple(pile) for pile in deal.piles[player]) for player in (0, 1)]
        self.pending: list[tuple[int, int]] = []
        if self.remaining(0) != self.remaining(1):
            raise RuleError(f"player 0 holds {self.remaining(0)} cards and player 1 {self.remaining(1)}:"
                            f" both must hold the same number")

    # -- the cards ----------------------------------------------------------------
    def face_up(self, seat: int) -> dict[int, Card]:
        """The seat's face-up pile tops now: pile index -> card."""
        return {k: pile[0] for k, pile in enumerate(self.piles[seat])
                if pile and (seat, k) not in self.pending}

    def holding(self, seat: int) -> set[Card]:
        """Hand plus face-up pile tops: the cards the seat may play."""
        return self.hands[seat] | set(self.face_up(seat).values())

    def remaining(self, seat: int) -> int:
        """Cards the seat has still to play (hand and piles)."""
        return len(self.hands[seat]) + sum(len(p) for p in self.piles[seat])

    @property
    def tricks_left(self) -> int:
        return min(self.remaining(0), self.remaining(1)) + (1 if self.trick else 0)

    def is_over(self) -> bool:
        return not self.trick and self.remaining(0) == 0 and self.remaining(1) == 0

    @property
    def led_suit(self) -> int | None:
        """The suit to follow: of the first card, or of the second if the
        Excuse was led."""
        for card in self.trick:
            if card != FOOL:
                return suit_of(card)
        return None

    # -- rules ----------------------------------------------------------------
    def legal_cards(self) -> list[Card]:
        if self.is_over():
            return []
        cards = self.holding(self.to_play)
        if not self.trick or self.trick[0] == FOOL:
            return sorted(cards)
        led = self.trick[0]
        suit = suit_of(led)
        excuse = [FOOL] if FOOL in cards else []
        trumps = [c for c in cards if suit_of(c) == TRUMPS]
        if suit == TRUMPS:
            higher = [c for c in trumps if c > led]
            allowed = higher or trumps
        else:
            allowed = [c for c in cards if suit_of(c) == suit] or trumps
        if not allowed:
            return sorted(cards)
        return sorted(allowed + excuse)

    def trick_winner(self, leader: int, cards: Sequence[Card]) -> int:
        if FOOL in cards:
            return (leader + 1 - cards.index(FOOL)) % 2  # the other player
        led = suit_of(cards[0])

        def strength(card: Card) -> int:
            if suit_of(card) == TRUMPS:
                return 100 + card
            return card if suit_of(card) == led else -1
        best = 0 if strength(cards[0]) > strength(cards[1]) else 1
        return (leader + best) % 2

    def play(self, card: Card) -> None:
        seat = self.to_play
        if not self.is_over() and card not in self.holding(seat):
            for k, pile in enumerate(self.piles[seat]):
                if card in pile and card != self.face_up(seat).get(k):
                    raise IllegalPlayError(f"illegal play {self.game.deck.token(card)}: it is face down"
                                           f" in pile {k} of player {seat}")
        super().play(card)

    def _remove_from_hand(self, seat: int, card: Card) -> None:
        if card in self.hands[seat]:
            self.hands[seat].discard(card)
            return
        for k, top in self.face_up(seat).items():
            if top == card:
                piles = list(self.piles[seat])
                piles[k] = piles[k][1:]
                self.piles[seat] = tuple(piles)
                self.pending.append((seat, k))
                return
        raise AssertionError(f"card {card} is neither in hand nor a face-up pile top")

    def _after_trick(self) -> None:
        self.pending = []  # the trick is gathered: played piles turn up their next card

    def _snapshot(self) -> tuple:
        return (super()._snapshot(), list(self.piles), list(self.pending))

    def _restore(self, snap: tuple) -> None:
        base, piles, pending = snap
        super()._restore(base)
        self.piles, self.pending = piles, pending

    # -- result ---------------------------------------------------------------
    def points(self) -> tuple[list[int], list[int]]:
        """Half points and oudlers won by each player in the tricks so far
        (the Excuse rule reads the last trick played as the deal's last)."""
        return tally(self.tricks)

    def objective(self) -> int:
        """Player 0's margin in half points: 2*pts0 - 2*target0."""
        half, oudlers = self.points()
        return margin_half_points(half[0], oudlers[0])

    def contract_target(self) -> int:
        """Player 0 wins the deal with a margin of at least 0."""
        return 0

    def utility(self, objective) -> float:
        return margin_utility(objective)

    @property
    def trick_trump(self) -> int:
        return TRUMPS

    def headline_score(self, score: dict):
        return score["scores"][0]

    def score(self) -> dict:
        """The deal's score (RULES.md section 4), exact: see ``deal_score``."""
        half, oudlers = self.points()
        last = self.tricks[-1] if self.tricks else None
        petit_last = last.winner if last is not None and PETIT in last.cards else None
        out = deal_score(half, oudlers, petit_last)
        out["half_points"] = tuple(half)
        return out

    def points_so_far(self) -> tuple:
        """Card points of each player so far, the Excuse with its owner
        (its half point given) until the last trick: the score's points at
        the end."""
        points = [0, 0]
        for i, trick in enumerate(self.tricks):
            last = self.is_over() and i == len(self.tricks) - 1
            p, _ = trick_shares(trick.plays(2), trick.winner, last)
            points = [points[0] + p[0], points[1] + p[1]]
        return tuple(Fraction(h, 2) for h in points)

    def tally_so_far(self) -> tuple[list[int], list[int]]:
        """Half points and oudlers of each player over the tricks played, the
        last trick read as the last only when the deal is over (the Excuse of
        an earlier trick goes back to its owner, as the score counts it)."""
        half, oudlers = [0, 0], [0, 0]
        last = len(self.tricks) - 1 if self.is_over() else -1
        for i, trick in enumerate(self.tricks):
            p, o = trick_shares(trick.plays(2), trick.winner, last=(i == last))
            for player in (0, 1):
                half[player] += p[player]
                oudlers[player] += o[player]
        return half, oudlers

    def table_facts(self) -> dict:
        """Each player's piles (the face-up top, how many cards lie face
        down), the oudlers won and the points they need."""
        deck = self.game.deck
        piles = [[{"top": None if top is None else deck.token(top), "down": down} for top, down in player]
                 for player in self.public_cards(0)["piles"]]
        _, oudlers = self.tally_so_far()
        return {"piles": piles, "oudlers": oudlers, "targets": [TARGETS[o] for o in oudlers]}

    def contract_terms(self, discard_known: bool, show_cards):
        return [f"player {self.first} leads first"], [("first", self.first)]

    def score_line(self, score: dict) -> str:
        from .words import number
        s = score
        players = "; ".join(f"player {p} {number(s['points'][p])} points, {s['oudlers'][p]} oudlers,"
                            f" target {s['targets'][p]}, margin {number(s['margins'][p])}" for p in (0, 1))
        result = "a draw" if s["draw"] else f"player {s['winner']} wins"
        return f"{players}: {result}; scores {number(s['scores'][0])}, {number(s['scores'][1])}"

    def score_words(self, score: dict, names) -> list[str]:
        """The score in sentences (RULES.md section 4)."""
        from .words import capital, number, plural, signed
        players = [names.side(p) for p in (0, 1)]
        scores, margins = score["scores"], score["margins"]
        if score["draw"]:
            head = f"A draw: equal margins ({number(margins[0])} each)."
        else:
            win = score["winner"]
            head = (f"{capital(players[win])} won by {plural(abs(scores[win]), 'point')}: "
                    f"{players[win]} {signed(scores[win])}, {players[1 - win]} {signed(scores[1 - win])}.")
        lines = [head]
        for p in (0, 1):
            lines.append(f"{capital(players[p])} won {number(score['points'][p])} card points with "
                         f"{plural(score['oudlers'][p], 'oudler')}, against a target of {score['targets'][p]}: "
                         f"margin {signed(margins[p])}.")
        if not score["draw"]:
            win = score["winner"]
            lines.append(f"The larger margin wins 25 + {number(margins[win])} = {number(abs(score['base'][win]))}.")
        if score["petit_last"] is not None:
            p = score["petit_last"]
            lines.append(f"Petit au bout: the Petit in the last trick, won by {players[p]}: +10 to {players[p]}, "
                         f"-10 to {players[1 - p]}.")
        lines.append(f"Scores: {players[0]} {signed(scores[0])}, {players[1]} {signed(scores[1])}.")
        return lines

    # -- information ------------------------------------------------------------
    def public_cards(self, seat: int) -> dict:
        """Every face-up pile top, both players': ``piles[player][k]`` is
        (top card or None, number of face-down cards under/instead of it)."""
        view = []
        for player in (0, 1):
            tops = self.face_up(player)
            view.append([(tops.get(k), len(pile) - (1 if k in tops else 0))
                         for k, pile in enumerate(self.piles[player])])
        return {"piles": view}

    def __repr__(self) -> str:
        deck = self.game.deck
        hands = " ".join(deck.format_hand(h) for h in self.hands)
        piles = " ".join(f"piles{p}:" + ",".join("/".join(deck.token(c) for c in pile) for pile in self.piles[p])
                         for p in (0, 1))
        return f"<tarot2 {hands} {piles} trick={deck.format_cards(self.trick)} to_play={self.to_play}>"


GAME = Tarot2Game()
