"""The search levels of the computer player: perfect-information Monte Carlo.

For a card to play, the player deals the unseen cards several times (the
game's sampler, ``Game.sampling_model``: every deal consistent with its view
equally likely) and scores each legal card on every deal:

* when few tricks are left (``EXACT_TRICKS``), by the double-dummy solver,
  exactly (``Solver.solve(all_cards=True)``);
* earlier, by a greedy playout of the rest of the deal with every card seen
  (``players/playout.py``); hard in tarot, tarocco and tarot2 stops that
  playout a few tricks from the end (``PLAYOUT_TO``) and solves the rest.

The card with the best mean over the deals is played. ``medium`` maximises
the game's objective (card points, tricks, Smear points) on 12 deals.
``hard`` maximises the score in the unit a match counts (``score_utility``:
where the score jumps at the contract, the jump too), draws more deals and
solves exactly earlier; it infers from the auction (``INFERENCE_GAMES``: a
drawn deal is kept with the probability that every other seat would have
made its calls by the rule every bot calls by, ``players/inference.py``),
and it scores its calls in the Belote and Smear auctions (``players/calls.py``;
tarot's with ``bid_samples``) and the Tarocco dealer's discard
(``players/tarocco_discard.py``; the tarot taker's with ``discard_samples``,
its declarations with ``declare_samples``) on drawn deals.

Every decision is bounded (``DecisionBudget``): its solves share a node
budget (``DECISION_NODES``; counted, so the same on any machine) or, with
``think`` (seconds), a deadline that the solve under way stops at too (a
longer think draws more deals; ``decision_nodes=N`` adds a node budget). The
draws of a decision are seeded by the player's seed and the view, so a
decision without ``think`` is deterministic. ``baseline=1`` is the hard
player before the changes measured in docs/STRENGTH.md, kept as the
reference they are measured against.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from atout.engine.bridge import parse_seat, parse_strain
from atout.engine.cards import suit_of
from atout.engine.errors import AtoutError, OptionError

from .base import Player, decision_solve, view_key
from .calls import CALL_SAMPLES, search_call
from .easy import EasyPlayer
from .inference import AuctionInference, PlayInference, ValueInference
from .playout import GREEDY_RULES, greedy_card, playout  # noqa: F401  (greedy_card: part of this face)
from .signals import SignalInference, conventional_card, equals_denied, signal
from .rules import TAROT_NEEDS, next_of_plan, smear_strength, tarot_bid_value
from .tarot_declare import DeclareSearch
from .tarocco_discard import TaroccoDiscardSearch
from .tarot_discard import DiscardSearch

#: tricks left at which the double-dummy solve takes over, by game and level
EXACT_TRICKS = {
    "medium": {"tarot": 5, "tarocco": 6, "tarot2": 10, "belote": 6, "smear": 6, "bridge": 8},
    "hard": {"tarot": 6, "tarocco": 9, "tarot2": 12, "belote": 8, "smear": 6, "bridge": 13},
}
#: deals drawn per decision, by level and game
SAMPLES = {
    "medium": {"tarot": 12, "tarocco": 12, "tarot2": 12, "belote": 12, "smear": 12, "bridge": 12},
    "hard": {"tarot": 24, "tarocco": 32, "tarot2": 24, "belote": 32, "smear": 48, "bridge": 32},
}
#: node limit of one double-dummy solve (all the legal cards of one deal)
MAX_NODES = {
    "medium": {"tarot": 400_000, "tarocco": 400_000, "tarot2": 400_000, "belote": 400_000, "smear": 400_000,
               "bridge": 400_000},
    "hard": {"tarot": 400_000, "tarocco": 1_000_000, "tarot2": 400_000, "belote": 1_000_000, "smear": 400_000,
             "bridge": 2_000_000},
}
#: tricks left at which the greedy playout of an early decision stops and
#: the solver values the rest of the deal (0: the playout goes to the end;
#: hard tarot's 6 won +3.37 [+1.62, +5.13] over 300 pairs, docs/STRENGTH.md)
PLAYOUT_TO = {
    "medium": {"tarot": 0, "tarocco": 0, "tarot2": 0, "belote": 0, "smear": 0, "bridge": 0},
    "hard": {"tarot": 6, "tarocco": 7, "tarot2": 10, "belote": 0, "smear": 0, "bridge": 0},
}
#: today's hard (``baseline=1``) played tarot's early cards out to the end
BASELINE_PLAYOUT_TO = {**PLAYOUT_TO["hard"], "tarot": 0}
#: node limit of that solve (a value alone, not every card)
PLAYOUT_NODES = 200_000
#: games where hard weighs a deal by the exact probability of the auction
#: (``players.inference``); elsewhere ``plausible``'s thresholds. Tarot's
#: sampler now draws a deal in well under a millisecond, so tarot can infer
#: the same way (``inference=1``): not by default until a match says it pays
#: (docs/STRENGTH.md)
INFERENCE_GAMES = ("belote", "smear")
#: hard's inference from the play, by game: the weight (percent) of a drawn
#: deal for each card another seat played off the greedy rule (0: off; kept
#: only where a match says it pays, docs/STRENGTH.md)
PLAY_INFERENCE: dict = {}
#: hard's inference from the play by the solver's values
#: (``players.inference.ValueInference``), by game: the temperature in the
#: game's objective (0: off) and the other seats' last cards judged
VALUE_INFERENCE: dict = {}
VALUE_WINDOW = 3
#: ... from how many tricks left, by game (none: from the first card)
VALUE_TRICKS: dict = {}
#: the weight (percent) of a call other than a pass the rule would not have
#: made, in hard's auction inference, by game (0: the other seats bid by the
#: rule; ``players.inference.AuctionInference``'s ``slip``; no match has
#: supported it yet, docs/STRENGTH.md)
CALL_SLIP: dict = {}
#: the games of today's hard (``baseline=1``, the reference the changes are
#: measured against): its auction inference and its scored calls
BASELINE_INFERENCE_GAMES = ("belote", "smear")
BASELINE_CALL_SAMPLES = {"belote": 24, "smear": 0}
#: hard's repair of strategy fusion (``players.fusion``, alpha-mu), by game:
#: the player's cards fixed across the deals it cannot tell apart (0: off;
#: kept only where a match says it pays, docs/STRENGTH.md), from
#: ``FUSION_TRICKS`` tricks left, at most ``FUSION_FRONT`` vectors a front
FUSION: dict = {}
FUSION_TRICKS = 4
FUSION_FRONT = 32
#: the fused search's solves at most (its leaves are many tiny solves, which
#: a node budget hardly counts: past this the perfect-information means stand)
FUSION_LEAVES = 3000
#: hard's choice among cards of the same best value, by game: 1 the easy
#: rule's (save points, keep high cards, give points to a partner's sure
#: trick), 0 the lowest card number (kept only where a match says it pays)
TIEBREAK: dict = {}
#: the greedy playout's rule by game (``players.playout.GREEDY_RULES``: 0
#: plain, 1 the one that reads the other hands for sure winners; kept
#: only where a match says it pays, docs/STRENGTH.md)
GREEDY: dict = {}
#: values this close to the best (relative) are a tie
TIE = 1e-9
#: bridge defenders' count signals (``players.signals``), by game: the
#: weight (percent) of a drawn deal for each signal the partner would not
#: have given there (0: off; kept only where a match says it pays)
SIGNALS: dict = {}
#: a signal is given among the cards this close to the best (tricks)
SIGNAL_TOLERANCE = 0.02
#: bridge defenders' agreement on equal cards (``players.signals``), by
#: game: 1 on (kept only where a match says it pays)
EQUALS: dict = {"bridge": 1}
#: deals drawn to score the tarot taker's or the Tarocco dealer's candidate
#: discards (0: the rule's discard; on where a match says it pays: the
#: Tarocco dealer's, not the tarot taker's, docs/STRENGTH.md)
DISCARD_SAMPLES = {"tarocco": 16}
DISCARD_SEARCHES = {"tarot": DiscardSearch, "tarocco": TaroccoDiscardSearch}
#: deals drawn to score the tarot slam and handful declarations
#: (``players.tarot_declare``; 0: the rule's; ``declare_samples=N`` turns
#: the search on: off until a match says it pays, docs/STRENGTH.md)
DECLARE_SAMPLES: dict = {}
#: drawn deals per sample after which hard stops rejecting by the auction
ATTEMPTS_PER_SAMPLE = 30
#: solver nodes of one decision, shared by its deals: a solve gets at most
#: what is left, and once it is spent no more deals are drawn; the decision
#: is made on the deals scored in full (docs/STRENGTH.md: sized so that the
#: slowest decisions stay within a few seconds at 3-5M nodes a second, and
#: the median decision does not meet them; tarot2's early decisions also
#: play tens of thousands of greedy cards, uncounted, hence its smaller one;
#: hard Belote's lets the first trick, where each deal's solve is dearest,
#: score all its deals: a duplicate match against colver supports it)
DECISION_NODES = {
    "medium": {"tarot": 3_000_000, "tarocco": 3_000_000, "tarot2": 3_000_000, "belote": 1_500_000,
               "smear": 1_000_000, "bridge": 1_500_000},
    "hard": {"tarot": 6_000_000, "tarocco": 6_000_000, "tarot2": 4_000_000, "belote": 12_000_000,
             "smear": 2_000_000, "bridge": 3_000_000},
}
#: today's hard and medium draw their deals whatever the nodes they cost
#: (``baseline=1``)
BASELINE_DECISION_NODES = None
#: hard's node budget for a card of the first trick, by game, in place of
#: ``DECISION_NODES`` (0 or none: the same as later). Each deal's solve of
#: every card is dearest there, so the budget cuts bridge's opening lead to
#: a few of its deals; on all of them it won no match (docs/STRENGTH.md):
#: kept only where a match says it pays.
FIRST_TRICK_NODES: dict = {}


class DecisionBudget:
    """What one decision may spend: solver nodes (counted, so the decision
    is the same on any machine) and, with ``think``, a deadline (the solve
    under way stops at it too)."""

    def __init__(self, nodes: int | None, seconds: float | None):
        self.nodes = nodes
        self.spent_nodes = 0
        # the searches' own deadline comes a little early: the decision has
        # work around them (drawing deals, replaying the play) to finish too
        self.deadline = None if seconds is None else time.perf_counter() + THINK_SHARE * float(seconds)

    def nodes_left(self) -> int | None:
        return None if self.nodes is None else max(0, self.nodes - self.spent_nodes)

    def seconds_left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def past_deadline(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def spent(self) -> bool:
        return (self.nodes is not None and self.spent_nodes >= self.nodes) or self.past_deadline()

    def solve_limits(self, max_nodes: int) -> dict:
        """The limits of the next solve: its own node limit, or what the
        decision has left if less; the time left."""
        left = self.nodes_left()
        limits = {"max_nodes": max_nodes if left is None else max(1, min(max_nodes, left))}
        seconds = self.seconds_left()
        if seconds is not None:
            limits["max_seconds"] = max(seconds, 1e-3)
        return limits

    def cut(self, limits: dict, max_nodes: int) -> bool:
        """Could the decision's limits (not the solve's own ``max_nodes``)
        have stopped a solve run with ``limits`` that did not end?"""
        return limits["max_nodes"] < max_nodes or self.past_deadline()


#: the share of ``think`` the searches may use before their deadline
THINK_SHARE = 0.95

#: the games whose search this process has compiled or loaded
_PREPARED: set = set()


class _Cut(Exception):
    """The decision's budget ran out in the middle of a deal."""


class SearchPlayer(Player):
    """``medium`` or ``hard`` (see the module docstring). Options:
    ``samples`` (deals per decision), ``max_nodes`` (per solve),
    ``exact_tricks`` (tricks left from which the solver decides),
    ``decision_nodes`` (solver nodes per decision, after which no more deals
    are drawn; at least ``min_samples`` are)."""

    def __init__(self, game_name, seed=0, level="medium", think=None, samples=None, max_nodes=None,
                 exact_tricks=None, min_samples=4, decision_nodes=None, bid_samples=None,
                 playout_to=None, playout_nodes=None, baseline=0, inference=None, play_inference=None,
                 discard_samples=None, value_inference=None, value_window=None, value_tricks=None, fusion=None, fusion_tricks=None,
                 fusion_front=None, tiebreak=None, declare_samples=None, greedy=None, call_margin=None,
                 call_slip=None, first_trick_nodes=None, signals=None, equals=None):
        super().__init__(game_name, seed)
        self.level = level
        #: 1: the hard player as it was before the changes being measured (a reference)
        self.baseline = int(baseline)
        self.inference_games = BASELINE_INFERENCE_GAMES if self.baseline else INFERENCE_GAMES
        #: the inference from the play: the weight a card off the greedy rule
        #: gives a drawn deal, in percent (0: off)
        slip = 0 if self.baseline else PLAY_INFERENCE.get(game_name, 0)
        self.play_slip = (slip if play_inference is None else int(play_inference)) / 100
        call_slip_default = 0 if self.baseline else CALL_SLIP.get(game_name, 0)
        self.call_slip = (call_slip_default if call_slip is None else float(call_slip)) / 100
        if not 0 <= self.call_slip <= 1:
            raise OptionError(f"call_slip={call_slip}: a percentage from 0 to 100")
        signal_default = 0 if self.baseline or level != "hard" else SIGNALS.get(game_name, 0)
        self.signal_slip = (signal_default if signals is None else int(signals)) / 100
        if self.signal_slip and game_name != "bridge":
            raise OptionError(f"signals={signals}: count signals are bridge's")
        # count signals may break the agreement: with them, it is off unless asked
        equals_off = self.baseline or level != "hard" or self.signal_slip
        equals_default = 0 if equals_off else EQUALS.get(game_name, 0)
        self.equals = equals_default if equals is None else int(equals)
        if self.equals and game_name != "bridge":
            raise OptionError(f"equals={equals}: the agreement on equal cards is bridge's")
        if self.equals and self.signal_slip:
            raise OptionError("equals=1 and signals: a count signal may break the agreement on equal cards")
        temperature = 0 if self.baseline else VALUE_INFERENCE.get(game_name, 0)
        self.value_temperature = temperature if value_inference is None else int(value_inference)
        self.value_window = VALUE_WINDOW if value_window is None else int(value_window)
        self.value_tricks = VALUE_TRICKS.get(game_name) if value_tricks is None else int(value_tricks)
        if inference is not None:       # the auction inference on (1) or off (0) in this game
            others = tuple(g for g in self.inference_games if g != game_name)
            self.inference_games = others + ((game_name,) if int(inference) else ())
        #: deals drawn for a Belote or Smear call (hard; 0: the easy rule)
        calls = BASELINE_CALL_SAMPLES if self.baseline else CALL_SAMPLES
        self.bid_samples = calls.get(game_name, 0) if bid_samples is None else int(bid_samples)
        #: what a call but a pass gives up on each deal before the comparison
        #: (None: ``calls.CALL_MARGIN``; the baseline's none)
        self.call_margin = (0.0 if self.baseline else None) if call_margin is None else float(call_margin)
        discards = 0 if self.baseline else DISCARD_SAMPLES.get(game_name, 0)
        self.discard_samples = discards if discard_samples is None else int(discard_samples)
        self._discard_plans: dict = {}    # the pool (tarot taker, Tarocco dealer) -> its searched discard
        declarations = 0 if self.baseline else DECLARE_SAMPLES.get(game_name, 0)
        self.declare_samples = declarations if declare_samples is None else int(declare_samples)
        #: alpha-mu (``players.fusion``): the player's next cards fixed across
        #: the deals it cannot tell apart (0 or 1: off), from ``fusion_tricks`` left
        moves = 0 if self.baseline else FUSION.get(game_name, 0)
        self.fusion = moves if fusion is None else int(fusion)
        self.fusion_tricks = FUSION_TRICKS if fusion_tricks is None else int(fusion_tricks)
        self.fusion_front = FUSION_FRONT if fusion_front is None else int(fusion_front)
        #: 1: among the cards of the best value, the easy rule's choice
        #: (0: the lowest card number)
        ties = 0 if self.baseline else TIEBREAK.get(game_name, 0)
        self.tiebreak = ties if tiebreak is None else int(tiebreak)
        #: the playout's rule (``players.playout.GREEDY_RULES``: 0 plain, 1 sure)
        rule = 0 if self.baseline else GREEDY.get(game_name, 0)
        rule = rule if greedy is None else int(greedy)
        if not 0 <= rule < len(GREEDY_RULES):
            raise OptionError(f"greedy={rule}: use 0 (the plain rule) or 1 (sure winners)")
        self.greedy = GREEDY_RULES[rule]
        self.think = think
        self.samples = int(samples or SAMPLES[level][game_name])
        self.min_samples = min(int(min_samples), self.samples)
        self.max_nodes = int(max_nodes or MAX_NODES[level][game_name])
        self.exact_tricks = EXACT_TRICKS[level][game_name] if exact_tricks is None else int(exact_tricks)
        if decision_nodes is not None:
            budget = int(decision_nodes) or None     # 0: no budget
        elif self.baseline:
            budget = BASELINE_DECISION_NODES
        elif think is not None:
            # the time chosen is the budget: a longer think draws more deals
            # (a node budget would cut a long think short, docs/STRENGTH.md)
            budget = None
        else:
            budget = DECISION_NODES[level][game_name]
        self.decision_nodes = budget
        #: the budget of a card of the first trick (None: ``decision_nodes``;
        #: a player without a node budget has none there either)
        first = 0 if self.baseline or level != "hard" else FIRST_TRICK_NODES.get(game_name, 0)
        first = first if first_trick_nodes is None else int(first_trick_nodes)
        self.first_trick_nodes = first if first and budget is not None else None
        self.easy = EasyPlayer(game_name, seed)
        playout_default = BASELINE_PLAYOUT_TO if self.baseline else PLAYOUT_TO[level]
        self.playout_to = min(playout_default[game_name] if playout_to is None else int(playout_to),
                              self.exact_tricks)
        self.playout_nodes = min(int(playout_nodes or PLAYOUT_NODES), self.max_nodes)
        self._solver = None
        self._nodes = 0        # solver nodes spent by the decision under way
        self._playout_cards = 0    # cards its greedy playouts played (work the node budget does not count)
        self._budget = DecisionBudget(None, None)
        self._bid_memo: dict = {}   # the easy rule's answers on bidding hands (AuctionInference)
        #: hard: a test that a drawn deal (at the start of the play) must pass,
        #: from a caller that knows how the contract was chosen from the cards
        #: (the colver harness, ``colver_bridge.ContractRule``); None: none
        self.deal_filter = None
        self.last_attempts = 0      # deals the last decision drew (accepted or not)
        self.last_deals = 0    # deals the last decision scored its cards on

    def prepare(self) -> None:
        """Compile or load the game's search before the first decision
        (every solve a level makes goes through it)."""
        if self.game_name not in _PREPARED:
            from atout.solver.precompile import compile_search
            compile_search(self.game_name)
            _PREPARED.add(self.game_name)

    def decide(self, view):
        self.prepare()
        return super().decide(view)

    @property
    def solver(self):
        if self._solver is None:
            from atout.solver import Solver
            self._solver = Solver(18)
        return self._solver

    def choose(self, view):
        if view.phase == "play":
            try:
                values = self.card_values(view)
            except AtoutError:
                values = None          # no deal agrees with the view: fall back on the rules
            card = self.best_card(view, values) if values else self.easy.choose(view).value
            if self.equals and self.defends(view):
                card = self.agreed_card(view, card)
            return next(a for a in view.legal if a.value == card)
        if self.level == "hard" and view.phase == "auction" and view.game in CALL_SAMPLES and self.bid_samples:
            budget = DecisionBudget(self.decision_nodes, self.think)
            token = search_call(view, self.easy, self.solver, f"{self.seed}/{view_key(view)}",
                                samples=self.bid_samples, budget=budget, playout_to=self.playout_to,
                                card_rule=self.greedy, margin=self.call_margin)
            return next(a for a in view.legal if a.token == token)
        if self.level == "hard" and view.phase == "discard" and view.game in DISCARD_SEARCHES and self.discard_samples:
            return self.searched_discard(view)
        if self.level == "hard" and view.phase == "declare" and view.game == "tarot" and self.declare_samples:
            search = DeclareSearch(view, self.seed, self.declare_samples, self.playout_to, self.solver)
            search.card_rule = self.greedy
            token = search.best(DecisionBudget(self.decision_nodes, self.think))
            return next(a for a in view.legal if a.token == token)
        return self.easy.choose(view)

    def best_card(self, view, values: dict):
        """The card of the best value; a tie goes to the easy rule's choice
        among the tied cards with ``tiebreak``, else to the lowest number."""
        top = max(values.values())
        if self.signal_slip:
            card = self.count_signal(view, values, top)
            if card is not None:
                return card
        if self.tiebreak:
            tied = tuple(a for a in view.legal if values[a.value] >= top - TIE * max(1.0, abs(top)))
            if len(tied) > 1:
                return self.easy.choose(replace(view, legal=tied)).value
        return max(values, key=lambda c: (values[c], -c))

    def agreed_card(self, view, card):
        """The card the agreement on equal cards plays from ``card``'s
        equals (``players.signals``): the top of them led, else the lowest."""
        gone = set(view.played[:len(view.played) - len(view.trick[1])])
        return conventional_card(self.game, card, set(view.hand), gone, not view.trick[1])

    def count_signal(self, view, values, top):
        """A bridge defender's count signal among its cards worth the best
        (``players.signals``), or None."""
        if not view.trick[1] or not self.defends(view):
            return None
        tied = [c for c, v in values.items() if v >= top - SIGNAL_TOLERANCE]
        mine = {suit_of(c) for seat, c in view.plays if seat == view.seat}
        return signal(view.trick[1], view.hand, mine, parse_strain(view.contract.get("strain", "NT")), tied)

    def read_equals(self, model, view) -> None:
        """Leave out of the partner's hand the cards its equal cards deny
        (``players.signals``); none when no deal would be left."""
        knowledge = model.knowledge
        partner = (view.seat + 2) % 4
        denied = equals_denied(self.game, knowledge.played, knowledge.players, partner)
        before = set(knowledge.forbidden[partner])
        knowledge.forbidden[partner] |= denied - set(view.hand)
        if knowledge.forbidden[partner] != before and model.deals_left() == 0:
            knowledge.forbidden[partner] = before
            model.forget_plan()

    @staticmethod
    def defends(view) -> bool:
        """Is the bridge seat of ``view`` a defender?"""
        return view.seat % 2 != parse_seat(view.contract["declarer"]) % 2

    def searched_discard(self, view):
        """The next card of the discard planned by ``tarot_discard.DiscardSearch``
        (the tarot taker's) or ``tarocco_discard.TaroccoDiscardSearch`` (the
        Tarocco dealer's), planned once for all its cards."""
        search = DISCARD_SEARCHES[view.game](view, self.seed, self.discard_samples, self.playout_to, self.solver)
        search.card_rule = self.greedy
        plan = self._discard_plans.get(search.pool)
        if plan is None:
            if len(self._discard_plans) > 100:
                self._discard_plans.clear()
            plan = self._discard_plans[search.pool] = search.best(DecisionBudget(self.decision_nodes, self.think))
        card = next_of_plan(view, plan)
        return next(a for a in view.legal if a.value == card)

    # -- the play ------------------------------------------------------------------
    def card_values(self, view) -> dict:
        """Each legal card's mean value for the acting seat over the deals drawn.

        hard in ``INFERENCE_GAMES``: each drawn deal is kept with the
        probability of the auction on it (``AuctionInference.accepts``, the
        draw from the deal's seeded generator); hard in any game keeps
        only the deals that pass ``deal_filter``, when a caller set one.
        Once ``ATTEMPTS_PER_SAMPLE`` times ``samples`` deals (or times the
        deals scored plus one, if more: a long think) have been drawn, the
        rest are kept as drawn, and so is
        the first deal drawn once ``think``'s deadline has passed with none
        kept (``last_attempts`` counts the draws).

        The decision's budget (``DecisionBudget``: ``decision_nodes`` and
        ``think``) bounds it: a deal the budget cuts short is left out
        (unless it is the first), and no deal is drawn once the budget is
        spent. It also stops early when no deal left could change the best
        card (its lead is more than the deals left could take back), and,
        with ``think``, when every deal so far put the same card first."""
        # the deadline counts from here: the replay below is dear in tarot2
        # (docs/STRENGTH.md), a good part of a short think
        nodes = self.decision_nodes
        if self.first_trick_nodes is not None and not view.tricks:
            nodes = self.first_trick_nodes
        budget = DecisionBudget(nodes, self.think)
        self._budget = budget
        game = self.game
        model = game.sampling_model(view.known_deal, view.played, dict(view.contract))
        model.knowledge          # the replay of the play, once
        if self.equals and view.played and self.defends(view):
            self.read_equals(model, view)
        key = view_key(view)
        legal = [a.value for a in view.legal]
        totals = {c: 0.0 for c in legal}
        firsts: set = set()      # the best card of each deal
        drawn = 0
        planned = self.samples if self.think is None else 50 * self.samples
        index = attempts = 0
        self._nodes = 0
        self._playout_cards = 0
        span = None
        inference = None
        if self.level == "hard" and self.game_name in self.inference_games:
            if len(self._bid_memo) > 200_000:
                self._bid_memo.clear()
            inference = AuctionInference(view, self.easy, self._bid_memo, slip=self.call_slip)
        # a drawn deal accepted with the chance of the cards played on it
        play_inference = None
        if self.level == "hard" and self.play_slip and view.played:
            play_inference = PlayInference(view, self.easy, self.play_slip)
        elif self.signal_slip and view.played and self.defends(view):
            play_inference = SignalInference(game, view.seat, self.signal_slip)
        value_inference = None
        weights = 0.0
        fused = self.level == "hard" and self.fusion > 1 and len(legal) > 1
        deals: list = []         # (state, weight) of each deal scored, for the fused search
        if self.level == "hard" and self.value_temperature and view.played:
            value_inference = ValueInference(view, self.value_temperature, self.value_window,
                                             lambda state: self.judged_values(state, cut_short=drawn > 0),
                                             self.value_tricks)
        while drawn < planned:
            if drawn >= self.min_samples and budget.spent():
                break
            if drawn and budget.spent() and self.think is not None:
                break
            rng = random.Random(f"atout/pimc/{self.seed}/{key}/{index}")
            index += 1
            full, contract = model.sample(rng)
            attempts += 1
            # the filters give up after a number of draws (then deals are kept
            # as drawn): a number that grows with the deals a long think draws,
            # and, with think, none once the deadline passes with no deal yet
            wanted = max(self.samples, drawn + 1)
            filtering = not (drawn == 0 and budget.past_deadline())
            inferring = filtering and attempts <= ATTEMPTS_PER_SAMPLE * wanted
            if inference is not None and inferring:
                if not inference.accepts(full, rng.random()):
                    continue
            if self.deal_filter is not None and self.level == "hard" and inferring \
                    and not self.deal_filter(full):
                continue
            weight = 1.0       # the deal's weight in the mean (the inference by values)
            if play_inference is not None:
                state, chance = play_inference.state_and_weight(full, view.played, contract)
                if inferring and not rng.random() < chance:
                    continue
            elif value_inference is not None:
                try:
                    state, weight = value_inference.state_and_weight(full, view.played, contract)
                except _Cut:
                    break
            else:
                state = game.state_after(full, view.played, **contract)
            if inference is None and self.level == "hard" and filtering and attempts <= 4 * wanted \
                    and not self.plausible(view, full, state):
                continue
            try:
                values = self.values_on(state, legal, cut_short=drawn > 0)
            except _Cut:
                break
            for card, value in values.items():
                totals[card] += weight * value
            weights += weight
            if fused:
                deals.append((state, weight))
            firsts.add(max(legal, key=lambda c: (values[c], -c)))
            drawn += 1
            if span is None:
                span = self.value_span(state)
            if self.decided(totals, planned - drawn, span, firsts, drawn):
                break
        self.last_deals = drawn
        self.last_attempts = attempts
        if fused and len(deals) > 1 and deals[0][0].tricks_left <= min(self.fusion_tricks, self.exact_tricks):
            values = self.fused_values(deals)
            if values is not None:
                return values
        return {c: totals[c] / (weights or 1.0) for c in legal}

    def fused_values(self, deals) -> dict | None:
        """Each legal card's value by alpha-mu over the deals scored
        (``players.fusion``): the player's next ``fusion`` cards the same on
        every deal it cannot tell apart. None when the decision's budget runs
        out first (the perfect-information means stand)."""
        from .fusion import FusedSearch

        budget = self._budget
        sign = 1 if deals[0][0].maximizing() else -1     # the deciding seat's side

        def leaf_values(state):
            if budget.spent() or search.leaves > FUSION_LEAVES:
                raise _Cut
            return self.values_on(state, state.legal_cards(), cut_short=True)

        def final_value(state):
            return sign * self.utility(state, state.objective())

        search = FusedSearch([s for s, _ in deals], [w for _, w in deals], leaf_values, final_value,
                             self.fusion_front)
        try:
            return search.card_values(self.fusion)
        except _Cut:
            return None

    def decided(self, totals, left: int, span: float, firsts: set, drawn: int) -> bool:
        """Can the deals left no longer change the best card? Its lead over
        the next card is more than ``left`` deals could take back (``span``
        the most a card's value can differ from another's on one deal); with
        ``think``, every deal so far put the same card first."""
        if len(totals) < 2:
            return True
        first, second = sorted(totals.values(), reverse=True)[:2]
        if first - second > left * span:
            return True
        return self.think is not None and drawn >= self.min_samples and len(firsts) == 1

    def value_span(self, state) -> float:
        """The most two cards' values can differ on one deal: the utility's
        range over the game's objective range."""
        low, high = state.objective_range or (0, len(self.game.deck.cards))
        return abs(self.utility(state, high) - self.utility(state, low))

    def values_on(self, state, legal, cut_short: bool = False) -> dict:
        """The value of each legal card on one complete deal, for the seat
        to play. ``cut_short``: raise ``_Cut`` when the decision's budget
        stops the deal before its end (the first deal is scored on what was
        proven instead)."""
        seat = state.to_play
        sign = 1 if state.maximizing(seat) else -1
        budget = self._budget
        if state.tricks_left <= self.exact_tricks:
            values = {card: self.utility(state, v) for card, v in self.solved_cards(state, cut_short).items()}
        else:
            values = {}
            for card in legal:
                if cut_short and budget.spent():
                    raise _Cut
                state._apply(card)
                moves = 1 + playout(state, self.game_name, self.playout_to, self.greedy)
                self._playout_cards += moves - 1
                try:
                    values[card] = self.utility(state, self.value_after_playout(state, cut_short))
                finally:
                    for _ in range(moves):
                        state.undo()
        return {c: sign * values[c] for c in legal}

    def solved_cards(self, state, cut_short: bool = False) -> dict:
        """Each legal card's objective (the max side's) on one deal, by the
        solver on the decision's budget: exact, or the middle of the bounds
        proven when the budget stops the solve (``_Cut`` as ``values_on``)."""
        budget = self._budget
        limits = budget.solve_limits(self.max_nodes)
        result = decision_solve(self.solver, state, all_cards=True, line=False, **limits)
        self._nodes += result.nodes
        budget.spent_nodes += result.nodes
        if cut_short and not result.exact and budget.cut(limits, self.max_nodes):
            raise _Cut
        return {card: v if isinstance(v, int) else (v[0] + v[1]) / 2 for card, v in result.cards.items()}

    def judged_values(self, state, cut_short: bool = False) -> dict:
        """Each legal card's objective for the seat to play on one deal
        (``solved_cards`` from its side): the inference from the play's judge."""
        sign = 1 if state.maximizing(state.to_play) else -1
        return {card: sign * v for card, v in self.solved_cards(state, cut_short).items()}

    def value_after_playout(self, state, cut_short: bool = False) -> float:
        """The objective of a deal played out to ``playout_to`` tricks left:
        the rest solved (``playout_nodes``; the middle of the proven bounds
        if the limit stops the solve first)."""
        if state.is_over():
            return state.objective()
        budget = self._budget
        if budget.past_deadline():
            # past the deadline (the first deal, which is scored whatever
            # it costs): the playout goes on to the end instead of a solve
            moves = playout(state, self.game_name, 0, self.greedy)
            self._playout_cards += moves
            value = state.objective()
            for _ in range(moves):
                state.undo()
            return value
        limits = budget.solve_limits(self.playout_nodes)
        result = decision_solve(self.solver, state, line=False, **limits)
        self._nodes += result.nodes
        budget.spent_nodes += result.nodes
        if cut_short and not result.exact and budget.cut(limits, self.playout_nodes):
            raise _Cut
        return result.value if result.exact else (result.lower + result.upper) / 2

    def utility(self, state, objective) -> float:
        """What the max side gets from a deal that ends at ``objective``:
        medium, the objective itself; hard, the score (``score_utility``)."""
        if self.level != "hard":
            return float(objective)
        return score_utility(self.game_name, state, objective)

    # -- inference from the auction ------------------------------------------------------
    def plausible(self, view, full, state) -> bool:
        """Could every other seat have made its calls with its cards in this
        deal, by the easy player's bidding rule, within 2 of its thresholds?
        (Tarot: the crude test of the games outside ``INFERENCE_GAMES``.)"""
        if view.game not in ("tarot", "smear") or view.game in self.inference_games or not view.auction:
            return True
        for seat, token in view.auction:
            if seat == view.seat:
                continue
            hand = full.hand(seat)
            if view.game == "tarot":
                value = tarot_bid_value(hand)
                need = dict(TAROT_NEEDS)
                if token == "pass":
                    if value >= need["take"] + 2:   # a clear take passed: unlikely
                        return False
                elif value < need.get(token, 0) - 2:
                    return False
            else:
                best = max(smear_strength(hand, s) for s in range(4))
                if token == "pass" and best >= 3:
                    return False
                if token != "pass" and best < 1:
                    return False
        return True


def score_utility(game_name, state, objective) -> float:
    """The max side's result in the unit a match counts, for a deal that
    ends at ``objective`` (the game's ``TrickState.utility``)."""
    return state.utility(objective)


__all__ = ["SearchPlayer", "greedy_card", "playout"]
