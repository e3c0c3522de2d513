"""What every game shares: the immutable ``Game`` description and the mutable
``TrickState`` of the play, OpenSpiel style (legal_cards, play, undo,
is_over, objective, score).

A game module subclasses both. The state keeps the whole history of the
play, and a game's objective and score are computed from that history at the
end: slower than bookkeeping along the way, but plainly the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from .cards import Card, Deck, position_of, suit_of
from .deal import Deal, Packet, complete_extras, read_deal, write_deal
from .errors import IllegalPlayError, NotationError, RuleError
from .inference import SamplingModel


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]  # in play order, from the leader
    winner: int

    def seat_of(self, index: int, n_seats: int) -> int:
        return (self.leader + index) % n_seats

    def plays(self, n_seats: int):
        """(seat, card) pairs in play order."""
        return [((self.leader + i) % n_seats, c) for i, c in enumerate(self.cards)]


def dealer_rng(seed: int | None) -> random.Random:
    """The random generator of a dealer. Seeds are whole numbers from 0:
    ``random.Random`` seeds with the absolute value of an int, so -1 would
    silently deal the deal of seed 1."""
    if seed is None:
        return random.Random()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RuleError(f"seed {seed!r}: a seed is a whole number from 0")
    return random.Random(seed)


#: the default node limits (``Game.node_limits``) of the games whose full
#: deal is beyond an exact search (tarot, tarocco, tarot2): each job stops
#: with proven bounds there
DEEP_DEAL_NODE_LIMITS = {"solve": 20_000_000, "table": 5_000_000, "review": 1_000_000,
                         "analyse": 1_000_000, "bid": 1_000_000, "hint": 2_000_000}


class Game:
    """An immutable description of one game. Subclasses set the attributes
    and implement ``new_state``; the rules are in ``RULES.md``."""

    name: str = ""
    title: str = ""
    deck: Deck
    n_seats: int = 4
    hand_sizes: tuple[int, ...] = ()
    extra_sizes: dict = {}
    #: side of each seat (0 or 1); partners share a side
    sides: tuple[int, ...] = (0, 1, 0, 1)

    # -- notation -----------------------------------------------------------
    def parse_deal(self, text: str) -> Deal:
        return read_deal(self, text)

    def format_deal(self, deal: Deal) -> str:
        return write_deal(deal)

    def parse_cards(self, text: str) -> list[Card]:
        return self.deck.parse_cards(text)

    # -- dealing ------------------------------------------------------------
    def random_deal(self, seed: int | None = None) -> Deal:
        """A uniformly random deal, reproducible from the seed."""
        rng = dealer_rng(seed)
        cards = list(self.deck.cards)
        rng.shuffle(cards)
        hands, start = [], 0
        for size in self.hand_sizes:
            hands.append(cards[start:start + size])
            start += size
        extras = {}
        for name, size in self.extra_sizes.items():
            extras[name] = cards[start:start + size]
            start += size
        return self.deal_from(hands, extras)

    def deal_from(self, hands: Sequence, extras: dict | None = None) -> Deal:
        return complete_extras(self, [Packet(frozenset(h)) for h in hands],
                               {k: Packet(frozenset(v)) for k, v in (extras or {}).items()})

    # -- play ---------------------------------------------------------------
    def new_state(self, deal: Deal, **contract) -> "TrickState":
        raise NotImplementedError

    def state_after(self, deal: Deal, played: Sequence[Card] = (), **contract) -> "TrickState":
        """The state after the given cards were played from the deal's start;
        raises IllegalPlayError naming the first card that could not be."""
        state = self.new_state(deal, **contract)
        for card in played:
            state.play(card)
        return state

    def rules_text(self) -> str:
        """The game's rules in full, as atout plays them (``RULES.md``)."""
        from .rulebook import rules_text
        return rules_text(self.name)

    def sampling_model(self, deal: Deal, played: Sequence[Card] = (), contract: dict | None = None):
        """How the unseen cards of a partly known deal may be dealt (see
        ``inference.SamplingModel``); games with packet rules override it."""
        return SamplingModel(deal, played, contract or {})

    def packet_may_hold(self, name: str, card: Card) -> bool:
        """May an extra packet (a dog, a discard) hold this card? Games whose
        discards have rules override this, for the sampling of unseen cards."""
        return True

    def side_of(self, seat: int) -> int:
        return self.sides[seat]

    def seat_name(self, seat: int) -> str:
        """A seat as players call it (bridge: N, E, S, W)."""
        return f"seat {seat}"

    # -- a trick's facts, as a player sees them ------------------------------------
    #: the letters of the plain suits 0..3 in contract options ("S" spades ...)
    suit_letters: str = "SHDC"
    #: the suit of the first card led becomes trumps (Smear without a fixed trump)
    first_lead_names_trump: bool = False
    #: every trick is worth winning whatever its cards: the value counts tricks (bridge)
    every_trick_counts: bool = False

    def play_trump(self, public: dict) -> int | None:
        """The trump suit of the play, from what is public (the contract):
        a suit 0..3, ``TRUMPS`` (the tarot games), or None (no trump, or not
        fixed yet)."""
        letter = public.get("trump")
        return self.suit_letters.index(letter) if letter else None

    def trump_rank(self, card: Card) -> int:
        """A trump's rank among the trumps (higher wins)."""
        return position_of(card)

    def card_worth(self, card: Card, trump: int | None) -> float:
        """What a card is worth to the side that wins it, in the game's
        points (bridge: nothing but the trick)."""
        return 0.0

    def new_auction(self, public: dict):
        """The auction before play, from its start (``legal_calls()``,
        ``call(value)``), given what is public (Belote: the turned card);
        None where the game has none."""
        return None

    def partners(self, seat: int, public: dict) -> set:
        """The seats on ``seat``'s side (itself included), as far as the
        public contract tells."""
        return {s for s in range(self.n_seats) if self.sides[s] == self.sides[seat]}

    # -- what the front ends say and default to ---------------------------------
    # The command line and the web page read these and name no game
    # (docs/ADDING_A_GAME.md); a contract's own words are the state's
    # (``TrickState.contract_terms``, ``score_line``).

    #: the searched value in words, as ``atout solve`` says it after a value
    value_meaning: str = ""
    #: ... shorter, as the web page says it
    value_meaning_short: str = ""
    #: the search counts in 1/value_scale of the game's unit (tarot: half
    #: points, shown in points)
    value_scale: int = 1
    #: what the running points count (``TrickState.points_so_far``)
    points_unit: str = "tricks"
    #: how the running points are counted, where the web page says it
    points_legend: str = ""
    #: what ``atout bid``'s score column means
    bid_score_meaning: str = ""
    #: the chance column's name: P(made) where a side declares a contract
    made_label: str = "P(made)"
    #: where no side declares (the max side simply wins or not): the outcome
    #: in words, (won, not won); None: made or failed by the declaring side
    made_words: tuple[str, str] | None = None
    #: ``atout table``: what its rows (and columns) are, and its entries:
    #: key -> the contract keywords of ``new_state`` (a (row, column) key
    #: makes a table of rows)
    table_axes: str = ""
    table_choices: dict = {}
    #: a choice the deal cannot be played under is left empty (Smear: the
    #: bidder holds no card of that trump to lead), not an error
    table_skips_unplayable: bool = False
    #: the contract options ``atout solve``, ``analyse`` and ``review`` take
    #: for this game (their names in ``cli.options.CONTRACT_OPTIONS``)
    contract_options: tuple = ()
    #: the options a ``Round`` of this game takes (``atout play``, ``match``,
    #: the web page's table options)
    round_options: tuple = ()
    #: the options the web page offers before a deal: name -> its choices
    #: (numbers: one of them; (flag, words) pairs: any of the flags)
    page_options: dict = {}
    #: the default node limit of each job (solve, table, review, analyse,
    #: bid, the web page's hint) where a full deal is beyond an exact search;
    #: none elsewhere
    node_limits: dict = {}
    #: the most tricks left that the solver settles in about a second; with
    #: more, only the contract's question is asked by default. None: every
    #: deal of the game is settled
    deep_tricks: int | None = None
    #: seconds one sampled deal of the web page's exact analysis takes, each
    #: card solved (its plan's estimate; measured in docs/BROWSER.md)
    analysis_seconds_per_deal: float = 0.3
    #: the sides are the taker's and the defenders', known after the auction
    #: (tarot), not seats paired before the deal
    sides_by_taker: bool = False
    #: the seats have names of their own (bridge's compass), said everywhere
    named_seats: bool = False
    #: one seat's cards lie face up and its partner plays them (bridge)
    has_dummy: bool = False
    #: cards put aside before the play: how many (None: the public widow),
    #: and the rule that limits them, said at the prompt
    discard_size: int | None = None
    discard_rule: str = ""
    #: a call that is a number is a bid of so many (Smear)
    numbered_bids: bool = False
    #: a deal at the bidding stage of its own (Belote: the turned card, the stock)
    has_bidding_deal: bool = False
    #: what the table shows throughout the deal (tarot2: the targets)
    table_note: str = ""

    @property
    def has_partners(self) -> bool:
        """Do seats share a side from the deal on (a partner to play with)?"""
        return not self.sides_by_taker and len(set(self.sides)) < self.n_seats

    def node_limit(self, job: str) -> int | None:
        """The default node limit of ``job`` (``node_limits``), or None."""
        return self.node_limits.get(job)

    def variant_text(self, variant) -> str:
        """The canonical text of rule variant flags, for a game whose
        ``round_options`` has ``variant`` (Belote); RuleError for a flag it
        does not know."""
        raise RuleError(f"{self.name} has no rule variants")

    def unknown_hand_message(self, seat: int) -> str:
        """Why a seat on turn whose cards are not all known cannot be
        analysed (its choices are compared over the samples)."""
        return f"{self.seat_name(seat)} is to play and holds cards not known here: give them"

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


class TrickState:
    """The play of a deal, trick by trick.

    ``hands[seat]`` is the set of cards the seat may still play (tarot2 adds
    its piles). Subclasses implement ``legal_cards``, ``trick_winner``,
    ``objective`` and ``score``; ``max_side`` is the side whose objective the
    search maximises; ``objective_range`` the least and greatest value the
    objective can take in any deal of the game.
    """

    max_side: int = 0
    objective_range: tuple[int, int] | None = None

    def __init__(self, game: Game, deal: Deal, leader: int = 0):
        if not deal.is_complete:
            raise NotationError("the play needs a deal with every card known")
        self.game = game
        self.deal = deal
        self.n = game.n_seats
        self.hands: list[set[Card]] = [set(h.cards) for h in deal.hands]
        self.leader = leader
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self._undo: list[tuple] = []

    # -- whose turn -----------------------------------------------------------
    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def side_of(self, seat: int) -> int:
        return self.game.sides[seat]

    def maximizing(self, seat: int | None = None) -> bool:
        """Is the seat (default: the one to play) on the side that maximises?"""
        return self.side_of(self.to_play if seat is None else seat) == self.max_side

    @property
    def tricks_left(self) -> int:
        # the leader has played to the current trick, if one is under way
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    def is_over(self) -> bool:
        return not self.trick and all(not h for h in self.hands)

    @property
    def led_suit(self) -> int | None:
        """Suit of the trick's first card (games with a fool override)."""
        return suit_of(self.trick[0]) if self.trick else None

    @property
    def played(self) -> list[Card]:
        """Every card played so far, in order."""
        out = [c for t in self.tricks for c in t.cards]
        return out + list(self.trick)

    # -- rules a game supplies ------------------------------------------------
    def legal_cards(self) -> list[Card]:
        raise NotImplementedError

    def trick_winner(self, leader: int, cards: Sequence[Card]) -> int:
        """Seat that wins a complete trick."""
        raise NotImplementedError

    def objective(self) -> int:
        """The searched value for ``max_side`` at the end of the deal."""
        raise NotImplementedError

    def score(self) -> dict:
        """The deal's score under RULES.md, at the end of the deal."""
        raise NotImplementedError

    def score_words(self, score: dict, names) -> list[str]:
        """The score in sentences for people (``words.score_sentences``):
        the winner and the margin first, then each line of the game's score
        that applied; ``names`` (a ``words.Names``) names the seats and
        sides from one chair or neutrally."""
        raise NotImplementedError

    def points_so_far(self) -> tuple:
        """What each side (tarot2: each player) has won so far, in the
        points the score counts (bridge: tricks), counted as the score
        counts them, so that at the end it agrees with the score."""
        return tuple(self.tricks_won(side) for side in (0, 1))

    @property
    def points_unit(self) -> str:
        """What ``points_so_far`` counts (the game's ``points_unit``)."""
        return self.game.points_unit

    def points_note(self) -> str:
        """What the count of a finished deal takes in beside the tricks (the
        tarot dog), said after it: `` (with the dog)``; empty where nothing."""
        return ""

    def contract_terms(self, discard_known: bool, show_cards) -> tuple[list[str], list[tuple]]:
        """The contract in words for ``atout solve``'s first line: (its terms,
        [(option, value) the contract took by default]); ``discard_known``
        is False where the taker's discard is a sampled unknown,
        ``show_cards(cards)`` writes cards as the front end shows them."""
        return [], []

    def score_line(self, score: dict) -> str:
        """The deal's result on one line (``atout solve``'s ``result:``),
        the sides named neutrally."""
        raise NotImplementedError

    @property
    def dummy_seat(self) -> int | None:
        """The seat whose cards its partner plays face up (bridge), or None."""
        return None

    def table_facts(self) -> dict | None:
        """What the web page's table shows of this game beyond the common
        view (tarot2: the piles, oudlers and targets), or None."""
        return None

    def contract_target(self) -> int | None:
        """The least objective value with which ``max_side`` makes its
        contract (wins the deal), or None where the game has no such line."""
        return None

    def headline_score(self, score: dict) -> float | None:
        """The one number of ``score()`` that a summary reports: the score of
        ``max_side`` (or of its first seat)."""
        return None

    def utility(self, objective) -> float:
        """The max side's result in the unit a match counts
        (``Round.seat_result``), up to a constant and a positive factor, for
        a deal that ends at ``objective``: the objective itself where the
        score has no jump at the contract (bridge's tricks, tarocco's card
        points)."""
        return float(objective)

    @property
    def trick_trump(self) -> int | None:
        """The trump suit of the tricks: a suit 0..3, ``TRUMPS`` (the tarot
        games), or None (no trump, or not fixed yet)."""
        return getattr(self, "trump", None)

    # -- moves ----------------------------------------------------------------
    def holding(self, seat: int) -> set[Card]:
        """Cards the seat could play if no obligation applied."""
        return self.hands[seat]

    def play(self, card: Card) -> None:
        legal = self.legal_cards()
        if card not in legal:
            deck = self.game.deck
            seat = self.to_play
            if self.is_over():
                raise IllegalPlayError(f"cannot play {deck.token(card)}: the deal is over")
            if card not in self.holding(seat):
                raise IllegalPlayError(f"illegal play {deck.token(card)}: {self.game.seat_name(seat)} does not hold it")
            raise IllegalPlayError(f"illegal play {deck.token(card)}: {self.game.seat_name(seat)} must play one of "
                                   f"{deck.format_cards(sorted(legal, reverse=True))}")
        self._apply(card)

    def _apply(self, card: Card) -> None:
        """Play a card without checking it (the check is ``play``'s)."""
        self._undo.append(self._snapshot())
        self._remove_from_hand(self.to_play, card)
        self.trick.append(card)
        if len(self.trick) == self.n:
            winner = self.trick_winner(self.leader, self.trick)
            self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
            self.leader = winner
            self.trick = []
            self._after_trick()

    def undo(self) -> Card:
        """Take back the last card played; returns it."""
        if not self._undo:
            raise IllegalPlayError("nothing to undo")
        card = self.played[-1]
        self._restore(self._undo.pop())
        return card

    def _remove_from_hand(self, seat: int, card: Card) -> None:
        self.hands[seat].discard(card)

    def _after_trick(self) -> None:
        """Hook for what happens when a trick is gathered (tarot2 piles)."""

    def _snapshot(self) -> tuple:
        return ([set(h) for h in self.hands], list(self.trick), self.leader, len(self.tricks))

    def _restore(self, snap: tuple) -> None:
        hands, trick, leader, n_tricks = snap
        self.hands, self.trick, self.leader = hands, trick, leader
        del self.tricks[n_tricks:]

    # -- information ------------------------------------------------------------
    def won_cards(self, side: int) -> list[Card]:
        """Cards in the tricks won by a side (before any exchange rule)."""
        return [c for t in self.tricks if self.side_of(t.winner) == side for c in t.cards]

    def tricks_won(self, side: int) -> int:
        return sum(1 for t in self.tricks if self.side_of(t.winner) == side)

    def visible_to(self, seat: int) -> dict:
        """What a seat may see now: its own cards, the cards played (trick by
        trick), and the game's public cards (``public_cards``)."""
        return {
            "seat": seat,
            "hand": sorted(self.hands[seat]),
            "tricks": [(t.leader, t.cards) for t in self.tricks],
            "trick": (self.leader, tuple(self.trick)),
            "public": self.public_cards(seat),
            "hand_sizes": [len(h) for h in self.hands],
        }

    def public_cards(self, seat: int) -> dict:
        """Cards other than the played ones that the seat may see (per game)."""
        return {}

    def clone(self, history: bool = True) -> "TrickState":
        """A copy to play on. The game, the deal and the tricks done are
        shared (none of them changes); ``history=False`` leaves out the
        record that takes back the cards played so far, which is most of a
        copy's cost late in a deal (the copy can take back only its own)."""
        import copy
        memo = {id(self.game): self.game, id(self.deal): self.deal}
        memo.update((id(t), t) for t in self.tricks)
        if not history:
            memo[id(self._undo)] = []
        return copy.deepcopy(self, memo)

    def __repr__(self) -> str:
        deck = self.game.deck
        hands = " ".join(deck.format_hand(h) for h in self.hands)
        return f"<{self.game.name} {hands} trick={deck.format_cards(self.trick)} to_play={self.to_play}>"


def highest(cards: Sequence[Card], strength) -> int:
    """Index of the card with the largest ``strength(card)``; ties keep the
    first (they do not happen with distinct cards)."""
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    return best
