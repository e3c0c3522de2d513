"""The bids of each game for ``solver.bidding``: what the bidder holds, how
the unseen cards are dealt for one sample, the bids in groups that share one
solve, and the rules the bidder follows after seeing more cards (the tarot
discard, the Smear discard, the Tarocco dealer's candidate discards).

Scores are the bidder's, in the game's own points, with a pass worth 0:

* tarot: the taker's score (the defenders pay it); bids pass, take, guard,
  guard_without, guard_against; for take and guard the dog is seen and the
  taker discards by ``tarot_discard``.
* belote: the taker's side's score minus the defenders' (a pass is 0);
  bids ``take X`` (the turned suit X, round 1) and ``name Y`` for each other
  suit (round 2); either way the taker gets the turned card and two more.
* smear: the bidder's side's score minus the other side's; bids ``2S`` ..
  ``4C`` (bid, then trump, for each suit the hand holds); with the widow
  option the bidder takes the cards, then discards by ``smear_discard``.
* tarocco: the dealer's (seat 3) side's card points, out of 114, for each
  candidate discard; made = the dealer's side wins (58 or more).
* tarot2: the player's score as first and as second leader (not a choice).
* bridge: the bidder declares every contract 1C..7NT, non-vulnerable and
  undoubled (made = 6 + level tricks); the opponents' bids are not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from atout.engine import get_game
from atout.engine.cards import TRUMPS, position_of, suit_of
from atout.engine.errors import NotationError, RuleError


@dataclass(frozen=True)
class BidSpec:
    """One bid of a group: its name, its made test (objective >= threshold
    when ``sense`` is +1, objective < threshold when -1), the state to replay
    the solved line in, and the bidder's number from that state's score."""

    name: str
    threshold: int
    sense: int
    make_state: Callable
    score_of: Callable


@dataclass
class Group:
    state: object             # the engine state solved once
    bids: list                # BidSpec


def parse_bid_seat(game_name: str, seat) -> int:
    """The bidder's seat: 0..3 (tarot2: 0 or 1; a game whose seats have
    names, bridge, also N, E, S, W; tarocco: only the dealer, seat 3, has a
    choice to make)."""
    game = get_game(game_name)
    n = game.n_seats
    text = str(seat).strip().upper()
    names = [game.seat_name(s).upper() for s in range(n)] if game.named_seats else []
    if text in names:
        return names.index(text)
    if isinstance(seat, bool) or not text.isdigit() or not 0 <= int(text) < n:
        shown = f"0..{n - 1}" + (f" or {', '.join(names)}" if names else "")
        raise RuleError(f"unknown seat {seat!r}: a {game_name} seat is {shown}")
    seat = int(text)
    if game_name == "tarocco" and seat != 3:
        raise RuleError(f"seat {seat}: in tarocco only the dealer (seat 3) chooses before play (its discard)")
    return seat


def _known_hand(deck, text: str, size: int, what: str = "the bidder's hand") -> frozenset:
    cards, unknown = deck.parse_hand(text, size)
    if unknown:
        raise NotationError(f"hand {text!r}: every card of {what} must be known")
    return cards


class Planner:
    """What every game's planner provides (see the module docstring)."""

    game_name = ""
    recommends = True
    no_recommendation = ""
    #: every card is known: one sample is the whole answer
    fully_known = False

    def __init__(self, job):
        self.job = job
        self.seat = job.seat
        self.game = get_game(self.game_name)
        self.bids: list[str] = []
        self.pass_bids: list[str] = []
        self.contract_bids: set = set()
        self.notes: list[str] = []

    def sample(self, rng):
        raise NotImplementedError

    def groups(self, world) -> list[Group]:
        raise NotImplementedError


def _deal_out(unseen, rng, sizes: dict) -> dict:
    """Shuffle the unseen cards (uniform: no constraint applies at the bidding
    stage) and cut them into packets of the given sizes, in order."""
    cards = sorted(unseen)
    rng.shuffle(cards)
    out, pos = {}, 0
    for name, size in sizes.items():
        out[name] = cards[pos:pos + size]
        pos += size
    assert pos == len(cards), "sizes must use every unseen card"
    return out


# -- tarot ----------------------------------------------------------------------------

def tarot_discard(cards, size: int = 6) -> list:
    """The taker's discard after seeing the dog: void the shortest suits that
    hold no king (every card of them may go and they fit), then the cheapest
    remaining plain cards; trumps only when the plain cards other than kings
    run short (then the engine's ``default_discard``). Always legal."""
    from atout.engine.tarot_bidding import default_discard, discardable
    from atout.engine.tarot_scoring import card_half_points
    held = set(cards)
    plain, _ = discardable(held)
    if len(plain) < size:
        return default_discard(held, size)
    chosen: list = []
    by_length = sorted(range(4), key=lambda s: (sum(1 for c in held if c < 64 and c >> 4 == s), s))
    for s in by_length:
        suit = [c for c in held if c < 64 and c >> 4 == s]
        if suit and all(c in plain for c in suit) and len(chosen) + len(suit) <= size:
            chosen += suit
    rest = sorted((c for c in plain if c not in chosen), key=lambda c: (card_half_points(c), c & 15, c >> 4))
    chosen += rest[:size - len(chosen)]
    return sorted(chosen)


class TarotPlanner(Planner):
    game_name = "tarot"

    def __init__(self, job):
        super().__init__(job)
        self.hand = _known_hand(self.game.deck, job.hand, 18)
        self.unseen = [c for c in self.game.deck.cards if c not in self.hand]
        self.bids = ["pass", "take", "guard", "guard_without", "guard_against"]
        self.pass_bids = ["pass"]
        self.contract_bids = set(self.bids[1:])
        self.notes = ["take and guard: the taker sees the dog and discards by a fixed rule "
                      "(void short suits without a king, then the cheapest cards)"]

    def sample(self, rng):
        others = [s for s in range(4) if s != self.seat]
        packets = _deal_out(self.unseen, rng, {**{s: 18 for s in others}, "dog": 6})
        hands = [self.hand if s == self.seat else packets[s] for s in range(4)]
        return self.game.deal_from(hands, {"dog": packets["dog"]})

    def groups(self, deal):
        game, seat = self.game, self.seat
        discard = tarot_discard(set(self.hand) | set(deal.extra("dog")))

        def state(contract, with_discard=False):
            return lambda: game.new_state(deal, taker=seat, contract=contract,
                                          discard=discard if with_discard else None)

        def score_of(score):
            return score["scores"][seat]
        spec = lambda name, discarded: BidSpec(name, 0, 1, state(name, discarded), score_of)  # noqa: E731
        return [Group(state("guard", True)(), [spec("take", True), spec("guard", True)]),
                Group(state("guard_without")(), [spec("guard_without", False)]),
                Group(state("guard_against")(), [spec("guard_against", False)])]


# -- belote -------------------------------------------------------------------------------

class BelotePlanner(Planner):
    game_name = "belote"

    def __init__(self, job):
        super().__init__(job)
        from atout.engine.belote import SUIT_LETTERS
        deck = self.game.deck
        #: cards known in the other hands, and the stock in dealing order when known
        self.known = {s: frozenset() for s in range(4) if s != self.seat}
        self.stock = None
        if "turned:" in job.hand.lower():
            self._read_bidding_deal(job)
        else:
            if not job.turned:
                raise RuleError("belote: give the turned card with --turned (e.g. --turned HJ),"
                                " or the bidding deal 'h0 h1 h2 h3 turned:CARD stock:...'")
            self.turned = deck.parse_card(job.turned)
            self.hand = _known_hand(deck, job.hand, 5)
            if self.turned in self.hand:
                raise NotationError(f"card {deck.token(self.turned)!r} given twice: it is the turned card")
        seen = set(self.hand) | {self.turned} | set(self.stock or ())
        seen.update(*self.known.values())
        self.unseen = [c for c in deck.cards if c not in seen]
        turned_suit = suit_of(self.turned)
        self.trumps = {f"take {SUIT_LETTERS[turned_suit]}": turned_suit}
        for s in range(4):
            if s != turned_suit:
                self.trumps[f"name {SUIT_LETTERS[s]}"] = s
        self.bids = ["pass", *self.trumps]
        self.pass_bids = ["pass"]
        self.contract_bids = set(self.trumps)
        self.notes = ["the taker gets the turned card and two stock cards; the others three each"]
        if not self.unseen:
            self.fully_known = True
            self.notes.append("every card is known: one sample, the deal itself, is the answer")

    def _read_bidding_deal(self, job):
        """The bidding-stage form: the bidder's hand from it, the turned card,
        and whatever else it shows (other hands, the stock's order)."""
        from atout.engine.belote import parse_bidding_deal
        deck = self.game.deck
        bidding = parse_bidding_deal(job.hand)
        own = bidding.hands[self.seat]
        if own.unknown:
            raise NotationError(f"seat {self.seat} bids: its five cards must be known in the bidding deal")
        if job.turned and deck.parse_card(job.turned) != bidding.turned:
            raise RuleError(f"--turned {job.turned} differs from the deal's"
                            f" turned:{deck.token(bidding.turned)}")
        self.turned, self.hand, self.stock = bidding.turned, own.cards, bidding.stock
        self.known = {s: bidding.hands[s].cards for s in self.known}

    def sample(self, rng):
        from atout.engine.belote import bidding_deal_from, complete_deal
        sizes = {s: 5 - len(cards) for s, cards in self.known.items()}
        sizes["stock"] = 11 if self.stock is None else 0
        packets = _deal_out(self.unseen, rng, sizes)
        hands = [self.hand if s == self.seat else set(self.known[s]) | set(packets[s]) for s in range(4)]
        stock = packets["stock"] if self.stock is None else self.stock
        bidding = bidding_deal_from(hands, self.turned, stock)
        return complete_deal(bidding, self.seat)

    def groups(self, deal):
        game, seat, side = self.game, self.seat, self.seat % 2

        def score_of(score):
            return score["scores"][side] - score["scores"][1 - side]
        out = []
        for name, trump in self.trumps.items():
            make = (lambda t: lambda: game.new_state(deal, trump=t, taker=seat, turned=self.turned,
                                                     variant=self.job.variant))(trump)
            state = make()
            out.append(Group(state, [BidSpec(name, state.contract_target(), 1, make, score_of)]))
        return out


# -- smear ----------------------------------------------------------------------------------

def smear_discard(held, trump: int):
    """The bidder's discard after taking the widow: the legal discard whose
    cards are worth least to keep (a trump most, then by rank; a ten with no
    higher card of its suit beside it is worth discarding, as the discard's
    game points count for the bidder)."""
    from atout.engine.smear import legal_discards
    held = set(held)

    def keep_value(card):
        if suit_of(card) == trump:
            return 100 + position_of(card)
        ten = position_of(card) == 3
        guarded = any(suit_of(c) == suit_of(card) and position_of(c) > 3 for c in held)
        return -1 if ten and not guarded else position_of(card)
    options = legal_discards(held, trump)
    if not options:
        raise RuleError("no legal discard")   # cannot happen when the trump suit is held
    return list(min(options, key=lambda d: (sum(keep_value(c) for c in d), d)))


class SmearPlanner(Planner):
    game_name = "smear"

    def __init__(self, job):
        super().__init__(job)
        from atout.engine.smear import BIDS, SUIT_LETTERS, WIDOWS
        if job.widow not in WIDOWS:
            raise RuleError(f"widow {job.widow}: the table option is 0..3 undealt cards taken")
        self.widow = job.widow
        self.hand = _known_hand(self.game.deck, job.hand, 6)
        self.unseen = [c for c in self.game.deck.cards if c not in self.hand]
        self.trumps = sorted({suit_of(c) for c in self.hand})
        self.bid_of = {}
        for trump in self.trumps:
            for bid in BIDS:
                self.bid_of[f"{bid}{SUIT_LETTERS[trump]}"] = (bid, trump)
        self.bids = ["pass", *self.bid_of]
        self.pass_bids = ["pass"]
        self.contract_bids = set(self.bid_of)
        self.notes = ["the bidder leads the chosen trump (only suits the hand holds)"]
        if self.widow:
            self.notes.append(f"widow {self.widow}: the bidder takes {self.widow} undealt card(s) and"
                              " discards by a fixed rule")

    def sample(self, rng):
        others = [s for s in range(4) if s != self.seat]
        packets = _deal_out(self.unseen, rng, {**{s: 6 for s in others}, "undealt": 8})
        hands = [self.hand if s == self.seat else packets[s] for s in range(4)]
        deal = self.game.deal_from(hands, {"undealt": packets["undealt"]})
        return deal, tuple(packets["undealt"][:self.widow])

    def groups(self, world):
        deal, taken = world
        game, seat, side = self.game, self.seat, self.seat % 2

        def score_of(score):
            return score["scores"][side] - score["scores"][1 - side]
        out = []
        for trump in self.trumps:
            discard = smear_discard(set(self.hand) | set(taken), trump) if self.widow else []

            def make(bid, t=trump, d=tuple(discard)):
                return lambda: game.new_state(deal, bidder=seat, bid=bid, widow=self.widow,
                                              taken=list(taken) or None, discard=list(d) or None, trump=t)
            specs = [BidSpec(name, bid, 1, make(bid), score_of)
                     for name, (bid, t) in self.bid_of.items() if t == trump]
            out.append(Group(make(2)(), specs))
        return out


# -- tarocco ----------------------------------------------------------------------------------

def tarocco_candidates(hand17, limit: int) -> tuple[list, int, int]:
    """The dealer's discards worth evaluating: the legal ones, less those that
    discard a card while keeping a weaker card of the same suit and the same
    points (keeping the stronger of two equal-point cards is never worse in
    practice), ranked by suits voided and points banked (the discard counts for
    the dealer's side); the engine's ``simple_discard`` is always kept.
    Returns (candidates, number legal, number left after the dominance rule)."""
    from atout.engine.tarocco import card_points, legal_discards, simple_discard
    hand = set(hand17)
    legal = legal_discards(hand)

    def dominated(pair):
        for card in pair:
            for other in hand:
                if (other not in pair and suit_of(other) == suit_of(card)
                        and card_points(other) == card_points(card)
                        and position_of(other) < position_of(card)
                        and _may_discard(other)):
                    return True
        return False

    def key(pair):
        voids = sum(1 for s in {suit_of(c) for c in pair}
                    if s != TRUMPS and all(c in pair for c in hand if suit_of(c) == s))
        trumps = sum(1 for c in pair if suit_of(c) == TRUMPS)
        return (trumps, -voids, -sum(card_points(c) for c in pair), pair)
    kept = sorted((p for p in legal if not dominated(p)), key=key)
    simple = tuple(sorted(simple_discard(hand)))
    chosen = kept[:limit]
    if simple not in chosen:
        chosen = chosen[:limit - 1] + [simple] if limit > 1 else [simple]
    return chosen, len(legal), len(kept)


def _may_discard(card) -> bool:
    from atout.engine.tarocco import MATTO
    if card == MATTO or card in (64 + 1, 64 + 21):
        return False
    return not (card < 64 and position_of(card) == 9)


class TaroccoPlanner(Planner):
    game_name = "tarocco"

    def __init__(self, job):
        super().__init__(job)
        deck = self.game.deck
        self.hand = _known_hand(deck, job.hand, 17, "the dealer's 17 cards")
        self.unseen = [c for c in deck.cards if c not in self.hand]
        chosen, n_legal, n_kept = tarocco_candidates(self.hand, job.candidates)
        self.discards = {"discard " + deck.format_cards(sorted(d, reverse=True)): d for d in chosen}
        self.bids = list(self.discards)
        self.contract_bids = set(self.bids)
        self.notes = [f"{n_legal} legal discards, {n_kept} after dropping those that keep a weaker card "
                      f"of the same suit and points; the {len(chosen)} best by a quick ranking are "
                      "evaluated on the same samples (--candidates)",
                      "made: the dealer's side wins the deal (58 of 114 points or more)"]

    def sample(self, rng):
        packets = _deal_out(self.unseen, rng, {0: 15, 1: 15, 2: 15})
        return [packets[0], packets[1], packets[2]]

    def groups(self, hands):
        game = self.game
        out = []
        for name, discard in self.discards.items():
            deal = game.deal_from([*hands, set(self.hand) - set(discard)], {"discard": discard})
            make = (lambda d: lambda: game.new_state(d))(deal)
            out.append(Group(make(), [BidSpec(name, 57, -1, make, lambda s: s["points"][1])]))
        return out


# -- tarot2 -------------------------------------------------------------------------------------

class Tarot2Planner(Planner):
    game_name = "tarot2"
    recommends = False
    no_recommendation = "the first leader is not a choice (it alternates from deal to deal): both are shown"

    def __init__(self, job):
        super().__init__(job)
        deal = self.game.parse_deal(job.hand)
        mine = deal.hands[self.seat]
        if mine.unknown:
            raise NotationError(f"hand of player {self.seat}: its {mine.size} cards must all be known"
                                " (write the other player's hand as ?)")
        self.deal = deal
        self.unseen = deal.unseen_cards()
        self.bids = ["first", "second"]
        self.contract_bids = set(self.bids)
        self.notes = ["made: the player's margin is larger than the other's (a draw is not made)"]

    def sample(self, rng):
        from atout.engine.deal import Packet
        cards = sorted(self.unseen)
        rng.shuffle(cards)
        pos = 0
        hands = []
        for packet in self.deal.hands:
            hands.append(set(packet.cards) | set(cards[pos:pos + packet.unknown]))
            pos += packet.unknown
        piles = []
        for player in self.deal.piles:
            mine = []
            for pile in player:
                filled = []
                for card in pile:
                    if card is None:
                        card = cards[pos]
                        pos += 1
                    filled.append(card)
                mine.append(tuple(filled))
            piles.append(mine)
        return self.game.make_deal([Packet(frozenset(h)) for h in hands], piles)

    def groups(self, deal):
        game, seat = self.game, self.seat
        # the objective is player 0's margin m0 (half points); player 1's is
        # -2 - m0, so player 1 wins exactly when m0 <= -2
        threshold, sense = (0, 1) if seat == 0 else (-1, -1)
        out = []
        for name, first in (("first", seat), ("second", 1 - seat)):
            make = (lambda f: lambda: game.new_state(deal, first=f))(first)
            out.append(Group(make(), [BidSpec(name, threshold, sense, make, lambda s: s["scores"][seat])]))
        return out


# -- bridge ------------------------------------------------------------------------------------

BRIDGE_STRAINS = ("C", "D", "H", "S", "NT")


def bridge_score(tricks: int, level: int, strain: str) -> int:
    """Duplicate score of a non-vulnerable, undoubled contract for the
    declaring side: trick points (minors 20, majors 30, notrump 40 then 30),
    game 300 or part score 50, small slam 500, grand slam 1000, overtricks at
    trick value; down 50 a trick."""
    need = 6 + level
    if tricks < need:
        return -50 * (need - tricks)
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    contract = per * level + (10 if strain == "NT" else 0)
    bonus = 300 if contract >= 100 else 50
    if level == 6:
        bonus += 500
    elif level == 7:
        bonus += 1000
    return contract + bonus + per * (tricks - need)


class BridgePlanner(Planner):
    game_name = "bridge"

    def __init__(self, job):
        super().__init__(job)
        self.hand = _known_hand(self.game.deck, job.hand, 13)
        self.unseen = [c for c in self.game.deck.cards if c not in self.hand]
        self.bids = ["pass"] + [f"{level}{strain}" for level in range(1, 8) for strain in BRIDGE_STRAINS]
        self.pass_bids = ["pass"]
        self.contract_bids = set(self.bids[1:])
        self.notes = ["the bidder declares, non-vulnerable and undoubled; the opponents' bids are not modelled"]

    def sample(self, rng):
        others = [s for s in range(4) if s != self.seat]
        packets = _deal_out(self.unseen, rng, {s: 13 for s in others})
        return self.game.deal_from([self.hand if s == self.seat else packets[s] for s in range(4)])

    def groups(self, deal):
        game, seat = self.game, self.seat
        out = []
        for strain in BRIDGE_STRAINS:
            def make(level, s=strain):
                return lambda: game.new_state(deal, declarer=seat, strain=s, level=level)
            specs = [BidSpec(f"{level}{strain}", 6 + level, 1, make(level),
                             (lambda lv, s: lambda score: bridge_score(score["tricks"], lv, s))(level, strain))
                     for level in range(1, 8)]
            out.append(Group(make(None)(), specs))
        return out


PLANNERS = {p.game_name: p for p in (TarotPlanner, BelotePlanner, SmearPlanner, TaroccoPlanner,
                                     Tarot2Planner, BridgePlanner)}


def make_planner(job) -> Planner:
    return PLANNERS[job.game](job)
