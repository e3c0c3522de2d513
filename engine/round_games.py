"""Each game's decisions for ``engine.round.Round``: one driver per game
knows the phases before the play, who decides, the legal decisions, what
each seat may see and the deal as a seat knows it once the play starts.
The rules themselves stay in the game modules (auctions, discards, the
play); a driver only sequences them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .cards import FOOL, TRUMPS, suit_of
from .deal import Deal, Packet
from .errors import RuleError


@dataclass(frozen=True)
class Action:
    """One decision: ``kind`` (bid, discard, trump, declare, card), the
    ``token`` it is written with, and its ``value`` (a card int for cards and
    discards, else the token)."""

    kind: str
    token: str
    value: Any

    def __str__(self) -> str:
        return self.token


# ---------------------------------------------------------------------------
# The common play phase
# ---------------------------------------------------------------------------

#: the contract keywords a game's decisions fix: not options of a Round
DECIDED = {"belote": ("trump", "taker", "turned", "belote"),
           "smear": ("bidder", "bid", "taken", "discard", "trump")}


def check_play_options(game, options: dict) -> None:
    """RuleError unless the game's ``new_state`` takes these keywords (the
    options a Round passes through, e.g. belote's ``variant``) and the
    auction does not decide them."""
    decided = [k for k in options if k in DECIDED.get(game.name, ())]
    if decided:
        raise RuleError(f"{game.name} option {decided[0]!r}: the deal's decisions fix it, not an option")
    try:
        game.new_state(game.random_deal(0), **options)
    except TypeError:
        raise RuleError(f"unknown {game.name} option {next(iter(options))!r}") from None


class _Driver:
    """One game's decisions. Subclasses set ``phase``/``to_act`` and
    implement the phases before the play; ``state`` is the TrickState once
    the play starts."""

    def __init__(self, rnd):
        self.round = rnd
        self.game = rnd.game
        self.deck = rnd.game.deck
        self.state = None
        self.phase = "play"
        self.auction: list = []          # (seat, token)
        self.announcements: list = []    # (seat, what, detail)
        self.void = False

    # -- the auction as the players' inference replays it ------------------------
    @staticmethod
    def call_action(call) -> Action:
        """The Action this game's auction offers for an engine call."""
        return Action("bid", str(call), call)

    @staticmethod
    def bidding_public(public: dict) -> dict:
        """What the table showed during the auction, of what it shows now."""
        return {}

    @staticmethod
    def bidding_hand_known(seat: int, public: dict) -> bool:
        """Can the seat's hand at bidding time be told from its cards at the
        start of the play (``bidding_hands``)?"""
        return True

    @staticmethod
    def bidding_hands(seat: int, cards, public: dict) -> list[tuple]:
        """The hands ``seat`` may have held at bidding time, equally likely,
        given its cards at the start of the play: here the same cards."""
        return [tuple(sorted(cards))]

    # -- the play ---------------------------------------------------------------
    def play_to_act(self) -> int:
        return self.state.to_play

    @property
    def to_act(self):
        if self.phase == "over":
            return None
        if self.phase == "play":
            return self.play_to_act()
        return self.decider()

    def decider(self) -> int:
        raise NotImplementedError

    def legal(self) -> list:
        if self.phase == "over":
            return []
        if self.phase == "play":
            return [Action("card", self.deck.token(c), c) for c in self.state.legal_cards()]
        return self.legal_before_play()

    def legal_before_play(self) -> list:
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        if self.phase == "play":
            self.state.play(action.value)
            self.after_card(action.value)
            if self.state.is_over():
                self.phase = "over"
            return
        self.apply_before_play(action)

    def after_card(self, card) -> None:
        """Hook: an automatic announcement a card makes."""

    def apply_before_play(self, action: Action) -> None:
        raise NotImplementedError

    def score(self) -> dict:
        if self.void:
            return self.void_score()
        return self.state.score()

    def void_score(self) -> dict:
        return {"void": True, "scores": [0] * self.game.n_seats}

    def seat_result(self, seat: int) -> float:
        raise NotImplementedError

    # -- what a seat sees ---------------------------------------------------------
    def hand_of(self, seat: int) -> tuple:
        if self.state is not None:
            return tuple(sorted(self.state.hands[seat]))
        return tuple(sorted(self.pre_play_hand(seat)))

    def pre_play_hand(self, seat: int):
        raise NotImplementedError

    def public(self, seat: int) -> dict:
        return {}

    def private(self, seat: int) -> dict:
        return {}

    def acting_for(self):
        return self.to_act

    def plays(self) -> tuple:
        if self.state is None:
            return ()
        n = self.game.n_seats
        out = []
        for t in self.state.tricks:
            out += [((t.leader + i) % n, c) for i, c in enumerate(t.cards)]
        out += [((self.state.leader + i) % n, c) for i, c in enumerate(self.state.trick)]
        return tuple(out)

    def known_deal(self, seat: int) -> tuple[Deal | None, dict]:
        """(deal at the start of play with only the seat's known cards, the
        contract as the seat knows it)."""
        return None, {}

    def masked(self, deal: Deal, seat: int, shown: dict | None = None, extras_known=()) -> Deal:
        """The deal with the seat's own hand known, ``shown[s]`` (cards of
        other hands shown to everyone) known, the extras named in
        ``extras_known`` known, everything else unknown."""
        shown = shown or {}
        hands = []
        for s, h in enumerate(deal.hands):
            if s == seat:
                hands.append(h)
            else:
                known = frozenset(shown.get(s, ()))
                hands.append(Packet(known, h.size - len(known)))
        extras = {name: (p if name in extras_known else Packet(frozenset(), p.size))
                  for name, p in deal.extras.items()}
        return Deal(deal.game, tuple(hands), extras, deal.piles)


# ---------------------------------------------------------------------------
# Tarot
# ---------------------------------------------------------------------------

HANDFUL_SIZES = {"handful": 10, "double_handful": 13, "triple_handful": 15}


class _Tarot(_Driver):
    def __init__(self, rnd):
        super().__init__(rnd)
        from .tarot_bidding import TarotAuction
        self.deal = rnd.deal
        self.bids = TarotAuction()
        self.phase = "auction"
        self.discard: list = []
        self.slam = None
        self.handfuls: dict = {}
        self.handful_queue: list = []
        self.options = dict(rnd.options)
        if self.options:
            raise RuleError(f"unknown tarot option {next(iter(self.options))!r}: tarot has none")

    @property
    def taker(self):
        return self.bids.taker

    def decider(self) -> int:
        if self.phase == "auction":
            return self.bids.to_speak
        if self.phase == "discard":
            return self.taker
        if self.slam is None:
            return self.taker
        return self.handful_queue[0]

    def pool(self) -> set:
        return set(self.deal.hand(self.taker)) | set(self.deal.extra("dog"))

    def pre_play_hand(self, seat):
        if self.phase == "discard" and seat == self.taker:
            return self.pool() - set(self.discard)
        if self.phase == "declare" and seat == self.taker and self.bids.contract in ("take", "guard"):
            return self.pool() - set(self.discard)
        return self.deal.hand(seat)

    def legal_before_play(self):
        if self.phase == "auction":
            return [self.call_action(b) for b in self.bids.legal_bids()]
        if self.phase == "discard":
            return [Action("discard", self.deck.token(c), c) for c in self.discardable_now()]
        if self.slam is None:
            return [Action("declare", t, t) for t in ("no_slam", "slam")]
        seat = self.handful_queue[0]
        return [Action("declare", t, t) for t in ["no_handful", *self.handful_levels(seat)]]

    def discardable_now(self) -> list:
        from .tarot_bidding import DISCARD_SIZE, KING
        from .tarot_scoring import OUDLERS
        pool = self.pool()
        chosen = set(self.discard)
        plain = [c for c in pool if c < 64 and (c & 15) != KING]
        allowed_trumps = max(0, DISCARD_SIZE - len(plain))
        trumps_chosen = sum(1 for c in chosen if suit_of(c) == TRUMPS)
        out = []
        for c in sorted(pool - chosen):
            if c in OUDLERS or (c < 64 and (c & 15) == KING):
                continue
            if suit_of(c) == TRUMPS and trumps_chosen + 1 > allowed_trumps:
                continue
            out.append(c)
        return out

    def playing_hand(self, seat) -> set:
        if seat == self.taker and self.bids.contract in ("take", "guard"):
            return self.pool() - set(self.discard)
        return set(self.deal.hand(seat))

    def handful_levels(self, seat) -> list:
        hand = self.playing_hand(seat)
        trumps = sum(1 for c in hand if suit_of(c) == TRUMPS)
        fool = FOOL in hand
        return [name for name, need in HANDFUL_SIZES.items()
                if trumps >= need or (trumps == need - 1 and fool)]

    def handful_cards(self, seat, name) -> list:
        need = HANDFUL_SIZES[name]
        trumps = sorted(c for c in self.playing_hand(seat) if suit_of(c) == TRUMPS)
        return trumps[:need] if len(trumps) >= need else trumps + [FOOL]

    def apply_before_play(self, action):
        seat = self.decider()
        if self.phase == "auction":
            self.bids.bid(action.value)
            self.auction.append((seat, action.token))
            if self.bids.is_over:
                if self.bids.void:
                    self.void, self.phase = True, "over"
                elif self.bids.contract in ("take", "guard"):
                    self.phase = "discard"
                else:
                    self.phase = "declare"
            return
        if self.phase == "discard":
            self.discard.append(action.value)
            if len(self.discard) == 6:
                self.phase = "declare"
            return
        if self.slam is None:
            self.slam = action.value == "slam"
            if self.slam:
                self.announcements.append((seat, "slam", ""))
            self.handful_queue = [s for s in range(4) if self.handful_levels(s)]
        else:
            self.handful_queue.pop(0)
            if action.value != "no_handful":
                self.handfuls[seat] = self.handful_cards(seat, action.value)
        if not self.handful_queue:
            self.start_play()

    def start_play(self):
        contract = self.bids.contract
        discard = sorted(self.discard) if contract in ("take", "guard") else None
        self.state = self.game.new_state(self.deal, taker=self.taker, contract=contract, discard=discard,
                                         slam=self.slam, handfuls=dict(self.handfuls))
        self.phase = "play"

    def shown_handfuls(self) -> dict:
        """Handfuls shown so far: as its owner plays its first card."""
        if self.state is None:
            return {}
        return {s: cards for s, cards in self.handfuls.items() if self.state.handful_shown(s)}

    def announcements_now(self) -> list:
        out = list(self.announcements)
        for s, cards in sorted(self.shown_handfuls().items()):
            out.append((s, "handful", self.deck.format_cards(cards)))
        return out

    def public(self, seat):
        out: dict = {}
        contract = self.bids.contract
        if contract:
            out["taker"], out["contract"] = self.taker, contract
            if contract in ("take", "guard"):
                out["dog"] = tuple(sorted(self.deal.extra("dog")))
            if self.state is not None and contract in ("take", "guard"):
                out["discard_trumps"] = tuple(sorted(c for c in self.discard if suit_of(c) == TRUMPS))
        if self.slam is not None:
            out["slam"] = self.slam
        out["handfuls"] = {s: tuple(c) for s, c in sorted(self.shown_handfuls().items())}
        return out

    def private(self, seat):
        out = {}
        if seat == self.taker and self.discard:
            out["discard"] = tuple(sorted(self.discard))
        if seat in self.handfuls:
            out["handful"] = tuple(self.handfuls[seat])
        return out

    def known_deal(self, seat):
        if self.state is None:
            return None, {}
        contract = self.bids.contract
        with_dog = contract in ("take", "guard")
        shown = self.shown_handfuls()
        deal = self.masked(self.deal, seat, shown, ("dog",) if with_dog else ())
        known = {"taker": self.taker, "contract": contract, "slam": self.slam}
        handfuls = {s: list(c) for s, c in self.handfuls.items() if s in shown or s == seat}
        if handfuls:
            known["handfuls"] = handfuls
        if seat == self.taker and with_dog:
            known["discard"] = sorted(self.discard)
        return deal, known

    def seat_result(self, seat):
        return float(self.score()["scores"][seat])


# ---------------------------------------------------------------------------
# Belote
# ---------------------------------------------------------------------------

class _Belote(_Driver):
    def __init__(self, rnd):
        super().__init__(rnd)
        from .belote import BeloteAuction
        self.bidding = rnd.deal
        self.calls = BeloteAuction(self.bidding.turned)
        self.phase = "auction"
        self.play_options = dict(rnd.options)
        if self.play_options:   # a bad option fails now, not at the end of the auction
            check_play_options(self.game, self.play_options)

    def decider(self):
        return self.calls.to_speak

    def pre_play_hand(self, seat):
        return self.bidding.hands[seat].cards

    @staticmethod
    def call_action(call) -> Action:
        return Action("bid", call.lower() if call in ("pass", "take") else call, call)

    @staticmethod
    def bidding_public(public: dict) -> dict:
        return {"turned": public["turned"]}

    @staticmethod
    def bidding_hands(seat: int, cards, public: dict) -> list[tuple]:
        """Any 5 of the cards (the first deal), the taker's turned card
        apart (it was on the table)."""
        from itertools import combinations
        from .belote import BIDDING_HAND_SIZE
        cards = sorted(cards)
        if seat == public.get("taker"):
            cards = [c for c in cards if c != public["turned"]]
        return list(combinations(cards, BIDDING_HAND_SIZE))

    def legal_before_play(self):
        return [self.call_action(c) for c in self.calls.legal_calls()]

    def apply_before_play(self, action):
        seat = self.decider()
        self.calls.call(action.value)
        self.auction.append((seat, action.token))
        if self.calls.is_void:
            self.void, self.phase = True, "over"
        elif self.calls.is_over():
            deal = self.game.complete_deal(self.bidding, self.calls.taker)
            self.state = self.game.new_state(deal, turned=self.bidding.turned, **self.calls.contract(),
                                             **self.play_options)
            self.phase = "play"

    def void_score(self):
        return {"void": True, "scores": [0, 0]}

    def announcements_now(self):
        if self.state is None:
            return []
        out = []
        from .cards import plain_card
        from .belote import KING, QUEEN
        seat = self.state.belote_rebelote_seat()
        if seat is not None:
            pair = {plain_card(self.state.trump, KING), plain_card(self.state.trump, QUEEN)}
            n = sum(1 for c in self.state.played if c in pair)
            if n >= 1:
                out.append((seat, "belote", ""))
            if n == 2:
                out.append((seat, "rebelote", ""))
        return out

    def announcer(self):
        return next((s for s, what, _ in self.announcements_now() if what == "belote"), None)

    def public(self, seat):
        from .belote import SUIT_LETTERS
        out = {"turned": self.bidding.turned}
        if self.state is not None:
            out["taker"] = self.state.taker
            out["trump"] = SUIT_LETTERS[self.state.trump]
        return out

    def known_deal(self, seat):
        if self.state is None:
            return None, {}
        from .belote import SUIT_LETTERS
        taker = self.state.taker
        shown = {taker: [self.bidding.turned]} if taker != seat else {}
        deal = self.masked(self.state.deal, seat, shown)
        announcer = self.announcer()
        contract = {"trump": SUIT_LETTERS[self.state.trump], "taker": taker, "turned": self.bidding.turned,
                    "belote": "none" if announcer is None else announcer, **self.play_options}
        return deal, contract

    def seat_result(self, seat):
        scores = self.score()["scores"]
        side = seat % 2
        return (scores[side] - scores[1 - side]) / 2


# ---------------------------------------------------------------------------
# Smear
# ---------------------------------------------------------------------------

class _Smear(_Driver):
    @staticmethod
    def call_action(call) -> Action:
        return Action("bid", str(call), str(call))     # a bid's value is its text too

    @staticmethod
    def bidding_hand_known(seat: int, public: dict) -> bool:
        """Not the bidder's once it took the widow (and discarded)."""
        return not (public.get("widow") and seat == public.get("bidder"))

    def __init__(self, rnd):
        super().__init__(rnd)
        from .smear import SmearAuction, WIDOWS, _small_int
        options = dict(rnd.options)
        self.widow = _small_int(options.pop("widow", 0), "widow", WIDOWS)
        self.play_options = options
        if options:   # a bad option fails now, not at the end of the auction
            check_play_options(self.game, options)
        self.deal = rnd.deal
        self.stock = rnd.stock
        self.calls = SmearAuction()
        self.phase = "auction"
        self.trump = None
        self.discard: list = []

    @property
    def bidder(self):
        return self.calls.bidder

    def taken(self) -> list:
        return list(self.stock[:self.widow])

    def held(self) -> set:
        return set(self.deal.hand(self.bidder)) | set(self.taken())

    def decider(self):
        if self.phase == "auction":
            return self.calls.to_speak
        return self.bidder

    def pre_play_hand(self, seat):
        if seat == self.bidder and self.phase in ("trump", "discard"):
            return self.held() - set(self.discard)
        return self.deal.hand(seat)

    def legal_before_play(self):
        from .smear import SUIT_LETTERS
        if self.phase == "auction":
            return [self.call_action(c) for c in self.calls.legal_calls()]
        if self.phase == "trump":
            suits = sorted({suit_of(c) for c in self.held()})
            return [Action("trump", SUIT_LETTERS[s], SUIT_LETTERS[s]) for s in suits]
        return [Action("discard", self.deck.token(c), c) for c in self.discardable_now()]

    def discardable_now(self) -> list:
        from .smear import check_discard
        held = self.held()
        need = len(held) - 6
        out = []
        for c in sorted(held - set(self.discard)):
            chosen = self.discard + [c]
            rest = sorted(held - set(chosen), key=lambda x: (suit_of(x) == self.trump, x))
            try:
                check_discard(held, chosen + rest[:need - len(chosen)], self.trump)
            except RuleError:
                continue
            out.append(c)
        return out

    def apply_before_play(self, action):
        from .smear import SUIT_LETTERS
        seat = self.decider()
        if self.phase == "auction":
            self.calls.call(action.value)
            self.auction.append((seat, action.token))
            if self.calls.is_over():
                if self.calls.redeal:
                    self.void, self.phase = True, "over"
                elif self.widow:
                    self.phase = "trump"
                else:
                    self.start_play()
            return
        if self.phase == "trump":
            self.trump = SUIT_LETTERS.index(action.value)
            self.announcements.append((seat, "trump", action.value))
            self.phase = "discard"
            return
        self.discard.append(action.value)
        if len(self.discard) == self.widow:
            self.start_play()

    def contract(self) -> dict:
        from .smear import SUIT_LETTERS
        out = {"bidder": self.bidder, "bid": self.calls.bid, "widow": self.widow, **self.play_options}
        if self.widow:
            out.update(taken=self.taken(), discard=sorted(self.discard), trump=SUIT_LETTERS[self.trump])
        return out

    def start_play(self):
        self.state = self.game.new_state(self.deal, **self.contract())
        self.phase = "play"

    def void_score(self):
        return {"void": True, "redeal": True, "scores": [0, 0]}

    def public(self, seat):
        from .smear import SUIT_LETTERS
        out = {}
        if self.bidder is not None and self.calls.is_over():
            out.update(bidder=self.bidder, bid=self.calls.bid, widow=self.widow)
        trump = self.state.trump if self.state is not None else self.trump
        if trump is not None:
            out["trump"] = SUIT_LETTERS[trump]
        return out

    def private(self, seat):
        if seat == self.bidder and self.widow and self.phase != "auction":
            return {"taken": tuple(sorted(self.taken())), "discard": tuple(sorted(self.discard))}
        return {}

    def known_deal(self, seat):
        if self.state is None:
            return None, {}
        if seat == self.bidder:
            deal = self.masked(self.deal, seat)
            if self.widow:
                taken = frozenset(self.taken())
                deal = replace(deal, extras={"undealt": Packet(taken, len(self.deal.extra("undealt")) - len(taken))})
            return deal, self.contract()
        # the others do not see the pick-up nor the discard: the bidder's
        # playing hand stands for its hand, with the trump it fixed (the
        # discard's game points are not modelled)
        from .smear import SUIT_LETTERS
        deal = self.masked(self.deal, seat)
        contract = {"bidder": self.bidder, "bid": self.calls.bid, **self.play_options}
        if self.widow:
            contract["trump"] = SUIT_LETTERS[self.trump]
        return deal, contract

    def seat_result(self, seat):
        scores = self.score()["scores"]
        side = seat % 2
        return (scores[side] - scores[1 - side]) / 2


# ---------------------------------------------------------------------------
# Tarocco
# ---------------------------------------------------------------------------

class _Tarocco(_Driver):
    DEALER = 3

    def __init__(self, rnd):
        super().__init__(rnd)
        if rnd.options:
            raise RuleError(f"unknown tarocco option {next(iter(rnd.options))!r}: tarocco has none")
        deal = rnd.deal
        self.hands = [set(h.cards) for h in deal.hands]
        self.dealt17 = self.hands[self.DEALER] | set(deal.extra("discard"))
        self.discard: list = []
        self.phase = "discard"

    def decider(self):
        return self.DEALER

    def pre_play_hand(self, seat):
        if seat == self.DEALER:
            return self.dealt17 - set(self.discard)
        return self.hands[seat]

    def legal_before_play(self):
        from .tarocco import check_discard
        out = []
        for c in sorted(self.dealt17 - set(self.discard)):
            if self.discard:
                options = [[*self.discard, c]]
            else:
                options = [[c, d] for d in sorted(self.dealt17 - {c})]
            for option in options:
                try:
                    check_discard(self.dealt17, option)
                except RuleError:
                    continue
                out.append(Action("discard", self.deck.token(c), c))
                break
        return out

    def apply_before_play(self, action):
        self.discard.append(action.value)
        if len(self.discard) == 2:
            hands = [set(h) for h in self.hands]
            hands[self.DEALER] = self.dealt17 - set(self.discard)
            deal = self.game.deal_from(hands, {"discard": self.discard})
            self.state = self.game.new_state(deal)
            trumps = sum(1 for c in self.discard if suit_of(c) == TRUMPS)
            self.announcements.append((self.DEALER, "discard_trumps", str(trumps)))
            self.phase = "play"

    def public(self, seat):
        if self.state is None:
            return {}
        return {"discard_trumps": sum(1 for c in self.discard if suit_of(c) == TRUMPS)}

    def private(self, seat):
        return {"discard": tuple(sorted(self.discard))} if seat == self.DEALER else {}

    def known_deal(self, seat):
        if self.state is None:
            return None, {}
        deal = self.masked(self.state.deal, seat, extras_known=("discard",) if seat == self.DEALER else ())
        contract = {} if seat == self.DEALER else {"discard_trumps": self.public(seat)["discard_trumps"]}
        return deal, contract

    def seat_result(self, seat):
        points = self.score()["points"]
        side = seat % 2
        return (points[side] - points[1 - side]) / 2


# ---------------------------------------------------------------------------
# Two-player tarot and bridge: the play only
# ---------------------------------------------------------------------------

class _Tarot2(_Driver):
    def __init__(self, rnd):
        super().__init__(rnd)
        options = dict(rnd.options)
        self.first = options.pop("first", 0)
        if options:
            raise RuleError(f"unknown tarot2 option {next(iter(options))!r}: tarot2 has only first")
        self.deal = rnd.deal
        self.state = self.game.new_state(self.deal, first=self.first)

    def hand_of(self, seat):
        return tuple(sorted(self.state.hands[seat]))

    def revealed_piles(self):
        """Each player's piles as dealt, every card turned up so far known,
        the others None."""
        out = []
        for player in (0, 1):
            tops = self.state.face_up(player)
            piles = []
            for k, pile in enumerate(self.deal.piles[player]):
                now = self.state.piles[player][k]
                seen = len(pile) - len(now) + (1 if k in tops else 0)
                piles.append(tuple(c if i < seen else None for i, c in enumerate(pile)))
            out.append(tuple(piles))
        return tuple(out)

    def public(self, seat):
        return {"piles": self.revealed_piles(), "face_up": tuple(tuple(sorted(self.state.face_up(p).items()))
                                                                 for p in (0, 1))}

    def known_deal(self, seat):
        hands = [h if s == seat else Packet(frozenset(), h.size) for s, h in enumerate(self.deal.hands)]
        deal = Deal(self.game, tuple(hands), {}, self.revealed_piles())
        return deal, {"first": self.first}

    def seat_result(self, seat):
        return float(self.score()["scores"][seat])


class _Bridge(_Driver):
    def __init__(self, rnd):
        super().__init__(rnd)
        options = {"declarer": "S", "strain": "NT", "level": 3, **rnd.options}
        unknown = set(options) - {"declarer", "strain", "level"}
        if unknown:
            raise RuleError(f"unknown bridge option {sorted(unknown)[0]!r}: bridge takes declarer, strain, level")
        self.options = options
        self.deal = rnd.deal
        self.state = self.game.new_state(self.deal, **options)
        self.declarer = self.state.declarer
        self.dummy = (self.declarer + 2) % 4

    def play_to_act(self):
        seat = self.state.to_play
        return self.declarer if seat == self.dummy else seat

    def acting_for(self):
        return None if self.phase == "over" else self.state.to_play

    def dummy_shown(self) -> bool:
        return bool(self.state.played)

    def public(self, seat):
        from .bridge import SEAT_LETTERS
        out = {"declarer": SEAT_LETTERS[self.declarer], "strain": str(self.options["strain"]).upper(),
               "level": self.options["level"]}
        if self.dummy_shown():
            out["dummy"] = tuple(sorted(self.state.hands[self.dummy]))
        return out

    def known_deal(self, seat):
        shown = {self.dummy: self.deal.hand(self.dummy)} if self.dummy_shown() and seat != self.dummy else {}
        deal = self.masked(self.deal, seat, shown)
        return deal, dict(self.options)

    def seat_result(self, seat):
        tricks = self.score()["tricks"]
        mine = tricks if seat % 2 == self.declarer % 2 else 13 - tricks
        return (mine - (13 - mine)) / 4


DRIVERS = {"tarot": _Tarot, "belote": _Belote, "smear": _Smear, "tarocco": _Tarocco,
           "tarot2": _Tarot2, "bridge": _Bridge}


