"""Hard's inference from the auction: how likely is a drawn deal, if every
other seat bid by the easy player's rule?

Every bot bids by ``EasyPlayer``'s rule, so for a deal drawn during the
play, the probability that another seat would have made exactly the calls it
made is computed by *calling that rule* on the seat's hand at bidding time,
with the legal calls it had then (replayed on the engine's auction object)
and the auction before each call. No threshold is copied here: a change of
the rule changes the inference.

The hand at bidding time, from a deal at the start of the play:

* tarot: the dealt hand (the sampled deal holds the dealt hands; the dog and
  the taker's discard are apart);
* Smear: the dealt hand; with a widow (``widow`` > 0) the bidder's playing
  hand is not its bidding hand and the others' deals do not say which cards
  it picked up: its calls are not used (factor 1);
* Belote: 5 of the seat's 8 cards (the taker: 5 of its 7 other than the
  turned card; the others 5 of 8, 3 coming from the stock). A random stock
  makes each choice equally likely, so the probability is the share of the
  C(8,5) = 56 (taker C(7,5) = 21) hands whose calls by the rule are the calls
  made.

The probability of a deal is the product over the other seats (the choice of
bidding hands is independent from seat to seat given the playing hands).
``AuctionInference(view).likelihood(full)`` gives it; the search accepts a
drawn deal with that probability, so that the accepted deals follow the
posterior.

With ``slip`` > 0 a seat is a bolder bidder than the rule: a call other than
a pass that the rule would not have made weighs ``slip`` instead of
excluding the hand (hard scores its calls on drawn deals and takes where
the rule passes; the rule's passes still exclude the hands it would have
called with).
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

from atout.engine import get_game
from atout.engine.round import View
from atout.engine.round_games import DRIVERS

#: games whose auction is inferred
INFERRED_GAMES = ("belote", "smear", "tarot")


def auction_turns(view) -> list[tuple[int, tuple, tuple, str]]:
    """The auction of ``view`` replayed on the engine's auction object:
    (seat, auction before the call, the legal Actions then, the token called)
    for every call."""
    auction = _engine_auction(view)
    turns = []
    before: list = []
    for seat, token in view.auction:
        legal = tuple(DRIVERS[view.game].call_action(c) for c in auction.legal_calls())
        turns.append((seat, tuple(before), legal, token))
        auction.call(next(a.value for a in legal if a.token.lower() == token.lower()))
        before.append((seat, token))
    return turns


def _engine_auction(view):
    return get_game(view.game).new_auction(view.public)


class AuctionInference:
    """The calls of the other seats of ``view``, ready to be checked on many
    deals by ``easy``'s rule (an ``EasyPlayer``)."""

    def __init__(self, view, easy, memo: dict | None = None, slip: float = 0.0):
        self.view = view
        self.easy = easy
        #: the weight of a call other than a pass that the rule would not
        #: have made (0: every seat bids by the rule; hard itself bids more
        #: boldly, taking where the rule passes, docs/STRENGTH.md)
        self.slip = float(slip)
        #: (context, slip, seat, hand) -> the hand's weight (``call_weight``); a
        #: player may share one across its decisions (the same auction, the
        #: same answers)
        self._memo = {} if memo is None else memo
        self._context = (view.game, view.public.get("turned"), tuple(view.auction),
                         tuple(sorted(view.options.items())))
        self.game = view.game
        self.driver = DRIVERS[self.game]        # how the game's auction is replayed
        self.active = self.game in INFERRED_GAMES and bool(view.auction)
        self.turns_by_seat: dict = {}
        self.taker = None
        if not self.active:
            return
        public = self.driver.bidding_public(view.public)
        for seat, before, legal, token in auction_turns(view):
            if seat == view.seat:
                continue
            # the seat's bidding-time view; its hand is filled in per deal
            template = View(self.game, seat, "auction", seat, seat, (), legal, before, (), public, {},
                            (), (), (None, ()), options=dict(view.options))
            self.turns_by_seat.setdefault(seat, []).append((template, token.lower()))
        self.taker = view.public.get("taker", view.public.get("bidder"))
        for seat in list(self.turns_by_seat):
            if not self.driver.bidding_hand_known(seat, view.public):
                del self.turns_by_seat[seat]
        # the taker first: the most telling calls first make ``accepts`` stop early
        self.order = sorted(self.turns_by_seat, key=lambda s: (s != self.taker, s))

    def calls_agree(self, seat, hand) -> bool:
        """Would the rule make every call ``seat`` made, holding ``hand``?"""
        return self.call_weight(seat, hand) == 1.0

    def call_weight(self, seat, hand) -> float:
        """How likely ``seat`` made its calls holding ``hand``, up to a factor
        the same for all its hands: 1 if the rule makes every one of them;
        each call other than a pass that the rule would not make counts
        ``slip`` (a bolder bidder than the rule); a pass where the rule
        calls, 0."""
        key = (self._context, self.slip, seat, hand)
        known = self._memo.get(key)
        if known is None:
            known = 1.0
            for template, token in self.turns_by_seat[seat]:
                if self.easy.decide(replace(template, hand=hand)).token.lower() != token:
                    known *= 0.0 if token == "pass" else self.slip
                    if known == 0.0:
                        break
            self._memo[key] = known
        return known

    def bidding_hands(self, seat, cards) -> list[tuple]:
        """The hands ``seat`` may have held at bidding time, equally likely,
        given its cards ``cards`` at the start of the play."""
        return self.driver.bidding_hands(seat, cards, self.view.public)

    def seat_probability(self, seat, cards) -> float:
        hands = self.bidding_hands(seat, cards)
        return sum(self.call_weight(seat, h) for h in hands) / len(hands)

    def likelihood(self, full) -> float:
        """The probability that the other seats, holding their hands of the
        deal ``full`` (at the start of the play), made the calls they made."""
        if not self.active:
            return 1.0
        p = 1.0
        for seat in self.order:
            p *= self.seat_probability(seat, full.hand(seat))
            if p == 0.0:
                break
        return p

    def accepts(self, full, u: float) -> bool:
        """``u < likelihood(full)`` (``u`` uniform in [0, 1): accept the deal
        with its probability), stopping as soon as the answer is known: the
        probability is at most the seats done times the share of a seat's
        hands that could still agree."""
        if not self.active:
            return True
        bound = 1.0
        for seat in self.order:
            hands = self.bidding_hands(seat, full.hand(seat))
            n = len(hands)
            agree = 0.0          # the weights of the hands so far (each at most 1)
            for j, hand in enumerate(hands):
                weight = self.call_weight(seat, hand)
                agree += weight
                if weight < 1.0 and bound * (agree + n - j - 1) / n <= u:
                    return False
            bound *= agree / n
            if bound <= u:
                return False
        return True


class PlayInference:
    """Hard's inference from the play: a drawn deal weighed by how likely
    the cards the other seats played were in it, had each played by the
    easy player's rule (what a player sees: the trick, its own hand, the
    cards played, the contract), slipping from it with a fixed factor: a
    card the rule would have played counts 1, another ``slip``. Only the
    seats whose hand the observer does not know count (not its own, not a
    dummy shown), and only their plays with a choice.

    ``state_and_weight(full, played, contract)`` replays the play on the
    drawn deal (as ``Game.state_after``) and gives the weight; the search
    accepts the deal with that probability."""

    def __init__(self, view, easy, slip: float):
        self.game = get_game(view.game)
        self.easy = easy
        self.public = dict(view.public)
        self.slip = float(slip)
        self.seats = {seat for seat, hand in enumerate(view.known_deal.hands) if hand.unknown}

    def rule_card(self, state):
        """The easy rule's card for the seat to play, from what it sees."""
        seat = state.to_play
        seen = SimpleNamespace(game=self.game.name, seat=seat, acting_for=seat, public=self.public,
                               trick=(state.leader, tuple(state.trick)), played=tuple(state.played),
                               hand=tuple(state.hands[seat]),
                               legal=tuple(SimpleNamespace(value=c) for c in state.legal_cards()))
        return self.easy.play_card(seen).value

    def state_and_weight(self, full, played, contract) -> tuple:
        state = self.game.new_state(full, **contract)
        weight = 1.0
        for card in played:
            if state.to_play in self.seats and weight > 0.0 and len(state.legal_cards()) > 1 \
                    and self.rule_card(state) != card:
                weight *= self.slip
            state.play(card)
        return state, weight


class ValueInference:
    """Hard's inference from the play by the solver's values: the other
    seats modelled as double-dummy players who err the less, the more an
    error costs. A drawn deal is weighed by ``exp(-loss / temperature)`` for
    each of the last ``window`` cards the other seats played with a choice
    (not its own, not a dummy's), ``loss`` what the card gave up on that
    deal against the seat's best card, in the game's objective (card
    points, tricks), by ``card_values(state)`` (the seat to play's value of
    each legal card: the search's solver, on its budget).

    Only the last cards are judged: they are the cheapest to solve (fewest
    cards left) and the most telling of the hands now held; with
    ``tricks``, only once at most that many tricks are left (before, the
    judged cards' solves are dear and, under a decision's budget, inexact).
    ``state_and_weight(full, played, contract)`` replays the play on the
    drawn deal (as ``Game.state_after``) and gives the weight, which the
    search multiplies the deal's values by."""

    def __init__(self, view, temperature: float, window: int, card_values, tricks: int | None = None):
        self.game = get_game(view.game)
        self.temperature = float(temperature)
        self.window = int(window)
        self.card_values = card_values
        self.tricks = tricks
        self.seats = {seat for seat, hand in enumerate(view.known_deal.hands) if hand.unknown}

    def state_and_weight(self, full, played, contract) -> tuple:
        state = self.game.new_state(full, **contract)
        judged = []          # indexes of the plays the weight judges
        for index, card in enumerate(played):
            if state.to_play in self.seats and len(state.legal_cards()) > 1:
                judged.append(index)
            state.play(card)
        judged = judged[-self.window:] if self.window > 0 else []
        if not judged or (self.tricks is not None and state.tricks_left > self.tricks):
            return state, 1.0
        for _ in range(len(played) - judged[0]):
            state.undo()
        loss = 0.0
        for index in range(judged[0], len(played)):
            card = played[index]
            if index in judged:
                values = self.card_values(state)
                loss += max(values.values()) - values[card]
            state.play(card)
        return state, math.exp(-loss / self.temperature)


__all__ = ["AuctionInference", "PlayInference", "ValueInference", "auction_turns"]
