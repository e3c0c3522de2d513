"""``hard``'s calls in the Belote and Smear auctions, scored double dummy.

A call is worth, on one deal drawn, the score difference (the player's side
minus the other, halved as ``Round.seat_result`` counts it) that the
contract it leads to makes when played double dummy:

* a call that takes (Belote: ``take`` or a suit named; Smear: a bid) makes
  the player the taker at once (Belote) or for now (Smear: the later seats
  may still outbid);
* after any call, the auction goes on with every other seat (and the player
  itself in a later turn) calling by the easy player's rule, the rule every
  bot bids by, to somebody's contract or to a void deal, worth 0.

The deals drawn agree with the auction so far: the other hands are dealt
from the unseen cards, and a deal is drawn again when a seat that has spoken
would not have made its call by that rule with those cards. Every call is
scored on the same deals, so the comparison is paired; the player keeps the
rule's call unless another call beats it by more than one standard error of
the paired difference (a call that only looks better by chance costs the
deals it is wrong on).

In Smear the bids so chosen came out about a point above their result in
play (the largest of noisy means), so every Smear call but a pass gives up
``CALL_MARGIN`` on each deal before the comparison. What each part won in
duplicate matches: docs/STRENGTH.md.
"""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

from atout.engine import get_game
from atout.engine.belote import (CAPOT_TOTAL, DEAL_TOTAL, SUIT_LETTERS, BeloteAuction, bidding_deal_from,
                                 complete_deal)
from atout.engine.smear import SmearAuction
from atout.engine.tarot_bidding import DOG_CONTRACTS, TarotAuction
from atout.analysis.bid_planners import tarot_discard

from .base import decision_solve
from .playout import greedy_card, playout_then_solve
from .rules import belote_auction, smear_auction, tarot_auction

#: deals drawn for a call, by game (0: the easy rule; ``bid_samples=24``
#: turns them on: tarot's tied, docs/STRENGTH.md), and the node limit of
#: one double-dummy solve
CALL_SAMPLES = {"belote": 24, "smear": 24, "tarot": 0}
CALL_MAX_NODES = 400_000
#: what a call other than a pass must give up on every drawn deal before it
#: is compared (the game's score difference, halved as ``seat_result``): a
#: call chosen because its double-dummy mean came out highest is worth less
#: than that mean in play (0: none; ``call_margin=M`` sets it, docs/STRENGTH.md)
CALL_MARGIN = {"belote": 0, "smear": 1, "tarot": 0}


def belote_score_difference(state, value: float, side: int) -> float:
    """``side``'s score minus the other side's, halved, when the deal of
    ``state`` (at its start) ends with the taker's side holding ``value``
    card points (RULES.md: made when the points plus Belote-Rebelote reach
    the defenders'; failed, the defenders take 162, or 252 on capot, and
    both Belote-Rebelotes). A value of 0 is taken for a capot of the
    defence (the taker's side could also have won a trick of no points)."""
    taker_side = state.max_side
    br = [state.belote_rebelote(s) for s in (0, 1)]
    defence_points = 0 if value >= CAPOT_TOTAL else (CAPOT_TOTAL if value <= 0 else DEAL_TOTAL - value)
    scores = [0.0, 0.0]
    if value + br[taker_side] >= defence_points + br[1 - taker_side]:
        scores[taker_side] = value + br[taker_side]
        scores[1 - taker_side] = defence_points + br[1 - taker_side]
    else:
        scores[1 - taker_side] = (CAPOT_TOTAL if value <= 0 else DEAL_TOTAL) + br[0] + br[1]
    return (scores[side] - scores[1 - side]) / 2


def _deal_others(unseen, hand, seat, size, rng):
    """(four hands: ``hand`` at ``seat``, ``size`` shuffled unseen cards
    each elsewhere in seat order; the unseen cards left over)."""
    cards = list(unseen)
    rng.shuffle(cards)
    others = iter(range(0, 3 * size, size))
    hands = [hand if s == seat else cards[next(others):][:size] for s in range(4)]
    return hands, cards[3 * size:]


def _tokens(calls) -> tuple:
    return tuple(SimpleNamespace(token=str(c)) for c in calls)


class BeloteCalls:
    """The Belote auction seen from ``view``: the deals, the rule, the score."""

    game_name = "belote"

    def __init__(self, view, easy):
        self.easy, self.seat, self.turned = easy, view.seat, view.public["turned"]
        self.hand = sorted(view.hand)
        self.variant = view.options.get("variant")
        self.unseen = [c for c in get_game("belote").deck.cards if c not in set(self.hand) and c != self.turned]

    def new_auction(self):
        return BeloteAuction(self.turned)

    def rule(self, hand, auction) -> str:
        view = SimpleNamespace(hand=tuple(hand), public={"turned": self.turned},
                               legal=_tokens(auction.legal_calls()))
        return belote_auction(view)

    def draw(self, rng):
        """(the four five-card hands, the stock in dealing order)."""
        return _deal_others(self.unseen, self.hand, self.seat, 5, rng)

    @staticmethod
    def contract(auction):
        return None if auction.is_void else (auction.taker, auction.trump)

    def score(self, world, contract, solver, max_nodes) -> float:
        hands, stock = world
        taker, trump = contract
        deal = complete_deal(bidding_deal_from(hands, self.turned, stock), taker)
        state = get_game("belote").new_state(deal, trump=SUIT_LETTERS[trump], taker=taker, turned=self.turned,
                                             **({"variant": self.variant} if self.variant else {}))
        result = decision_solve(solver, state, line=False, **_limits(max_nodes))
        value = result.value if result.exact else (result.lower + result.upper) / 2
        return belote_score_difference(state, value, self.seat % 2)


class SmearCalls:
    """The Smear auction (no widow) seen from ``view``."""

    game_name = "smear"

    def __init__(self, view, easy):
        self.easy, self.seat = easy, view.seat
        self.hand = sorted(view.hand)
        self.widow = int(view.options.get("widow", 0) or 0)
        self.unseen = [c for c in get_game("smear").deck.cards if c not in set(self.hand)]

    @staticmethod
    def new_auction():
        return SmearAuction()

    def rule(self, hand, auction) -> str:
        view = SimpleNamespace(hand=tuple(hand), legal=_tokens(auction.legal_calls()))
        return smear_auction(view)

    def draw(self, rng):
        """(the four six-card hands, the eight cards left undealt)."""
        return _deal_others(self.unseen, self.hand, self.seat, 6, rng)

    @staticmethod
    def contract(auction):
        return auction.result

    def score(self, world, contract, solver, max_nodes) -> float:
        hands, undealt = world
        game = get_game("smear")
        bidder, bid = contract
        state = game.new_state(game.deal_from(hands, {"undealt": undealt}), bidder=bidder, bid=bid)
        result = decision_solve(solver, state, **_limits(max_nodes))
        side = self.seat % 2
        if result.score is not None:
            scores = result.score["scores"]
            return (scores[side] - scores[1 - side]) / 2
        # no line within the limit: the other side taken to win the other points
        won = (result.lower + result.upper) / 2
        mine = 2 * won - 4 if won >= bid else won - bid - 4
        return (mine if side == bidder % 2 else -mine) / 2


class TarotCalls:
    """The tarot auction seen from ``view``: the other hands and the dog
    drawn from the unseen cards; a contract scored by playing the deal out
    by the greedy playout with every card seen (a full deal is far beyond a
    double-dummy solve within a decision) to ``playout_to`` tricks left,
    then by the solver's optimal line (0: greedily to the end), the taker
    discarding by the rule."""

    game_name = "tarot"

    def __init__(self, view, easy, playout_to: int = 0, card_rule=greedy_card):
        self.easy, self.seat = easy, view.seat
        self.playout_to = playout_to    # tricks left at which the solver's line takes over (0: none)
        self.card_rule = card_rule      # the playout's rule (``playout.GREEDY_RULES``)
        self.hand = sorted(view.hand)
        self.unseen = [c for c in get_game("tarot").deck.cards if c not in set(self.hand)]

    @staticmethod
    def new_auction():
        return TarotAuction()

    def rule(self, hand, auction) -> str:
        view = SimpleNamespace(hand=tuple(hand), legal=_tokens(auction.legal_calls()))
        return tarot_auction(view)

    def draw(self, rng):
        """(the four hands, the dog)."""
        return _deal_others(self.unseen, self.hand, self.seat, 18, rng)

    @staticmethod
    def contract(auction):
        return None if auction.void else (auction.taker, auction.contract)

    def score(self, world, contract, solver, max_nodes) -> float:
        hands, dog = world
        game = get_game("tarot")
        taker, name = contract
        deal = game.deal_from(hands, {"dog": dog})
        discard = tarot_discard(set(hands[taker]) | set(dog)) if name in DOG_CONTRACTS else None
        state = game.new_state(deal, taker=taker, contract=name, discard=discard)
        playout_then_solve(state, "tarot", self.playout_to,
                           lambda s: decision_solve(solver, s, line=True, **_limits(max_nodes)), self.card_rule)
        return float(state.score()["scores"][self.seat])


CALLS = {"belote": BeloteCalls, "smear": SmearCalls, "tarot": TarotCalls}


class _Counted:
    """A solver whose solves count their nodes into a decision's budget."""

    def __init__(self, solver, budget):
        self.solver, self.budget = solver, budget

    def solve(self, state, **options):
        result = self.solver.solve(state, **options)
        self.budget.spent_nodes += result.nodes
        return result


def _limits(max_nodes) -> dict:
    """A solve's limits: a node limit, or the limits a decision's budget
    gives (``search.DecisionBudget.solve_limits``)."""
    return dict(max_nodes) if isinstance(max_nodes, dict) else {"max_nodes": max_nodes}


def _hand_at_bidding(world, seat):
    return world[0][seat]


def _fits_auction(model, world, calls) -> bool:
    """Would every other seat have made its calls with the hands of ``world``?"""
    auction = model.new_auction()
    for who, token in calls:
        if who != model.seat and model.rule(_hand_at_bidding(world, who), auction) != token:
            return False
        auction.call(token)
    return True


def _contract_after(model, world, calls, call):
    """The contract the auction reaches after ``call`` by the player, every
    later call by the rule (None: a void deal)."""
    auction = _replayed(model, calls)
    auction.call(call)
    while not _over(auction):
        auction.call(model.rule(_hand_at_bidding(world, auction.to_speak), auction))
    return model.contract(auction)


def search_call(view, easy, solver, seed_text: str, samples: int | None = None,
                max_nodes: int = CALL_MAX_NODES, budget=None, playout_to: int = 0,
                card_rule=greedy_card, margin: float | None = None, details: dict | None = None) -> str:
    """``hard``'s call (a token of ``view.legal``) in a Belote, Smear or
    tarot auction. ``budget`` (a ``search.DecisionBudget``) bounds the
    solves' nodes and time: once it is spent no more deals are drawn (the
    rule's call stands unless another beat it on the deals scored).
    ``playout_to``: a tarot contract's greedy playout stops that many tricks
    from the end and the solver's line plays the rest, after ``card_rule``'s
    (``playout.GREEDY_RULES``). ``margin``: taken off every deal's score of
    each call but a pass (``CALL_MARGIN`` by default). ``details``, a dict:
    given each call's mean score over the deals (``"means"``, the margin
    not taken off) and the rule's call (``"rule"``)."""
    model = TarotCalls(view, easy, playout_to, card_rule) if view.game == "tarot" else CALLS[view.game](view, easy)
    samples = CALL_SAMPLES[view.game] if samples is None else int(samples)
    margin = CALL_MARGIN.get(view.game, 0) if margin is None else float(margin)
    calls = list(view.auction)
    legal = [a.token for a in view.legal]
    rule = model.rule(view.hand, _replayed(model, calls))
    if rule not in legal:
        rule = legal[0]
    if view.game == "smear" and model.widow:
        return rule             # the pick-up and discard are not modelled: the rule
    totals = {t: [] for t in legal}
    counted = solver if budget is None else _Counted(solver, budget)
    rng = random.Random(f"atout/{view.game}-call/{seed_text}")
    drawn = attempts = 0
    while drawn < samples and attempts < 20 * samples:
        if budget is not None and drawn >= 2 and budget.spent():
            break
        attempts += 1
        world = model.draw(rng)
        if not _fits_auction(model, world, calls):
            continue
        scores = {}
        for token in legal:
            contract = _contract_after(model, world, calls, token)
            if contract is None:
                totals[token].append(0.0)
                continue
            if contract not in scores:
                limits = max_nodes if budget is None else budget.solve_limits(max_nodes)
                scores[contract] = model.score(world, contract, counted, limits)
            totals[token].append(scores[contract] - (margin if token != "pass" else 0.0))
        drawn += 1
    if drawn < 2:
        return rule
    means = {t: sum(v) / drawn for t, v in totals.items()}
    if details is not None:
        details["means"] = {t: m + (margin if t != "pass" else 0.0) for t, m in means.items()}
        details["rule"] = rule
    best = max(legal, key=lambda t: (means[t], t == rule))
    if best == rule:
        return rule
    return best if beats_by_a_standard_error(totals[best], totals[rule]) else rule


def beats_by_a_standard_error(challenger, rule) -> bool:
    """Do the scores ``challenger`` beat ``rule`` (the same deals, paired)
    by more than one standard error of their mean difference? (A choice
    that only looks better by chance costs the deals it is wrong on.)"""
    n = len(rule)
    diffs = [a - b for a, b in zip(challenger, rule)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean > spread


def _over(auction) -> bool:
    """Is the auction over? (``is_over`` is a method of Belote's and Smear's
    auctions, a property of tarot's.)"""
    over = auction.is_over
    return over() if callable(over) else over


def _replayed(model, calls):
    auction = model.new_auction()
    for _who, token in calls:
        auction.call(token)
    return auction


__all__ = ["CALL_SAMPLES", "BeloteCalls", "SmearCalls", "belote_score_difference", "search_call"]
