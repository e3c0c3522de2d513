"""``hard``'s dealer discard in Tarocco Piemontese, by search.

The rule (``rules.tarocco_discard``) puts aside the first of
``analysis.bid_planners.tarocco_candidates``: the legal pairs that keep no
weaker card of the same suit and points, ranked by trumps kept, suits
voided and points banked (the discard counts for the dealer's side unless
that side wins no trick). ``hard`` instead scores the first few of those
candidates on drawn deals (on by default: a match said it pays,
docs/STRENGTH.md), as it may score the tarot taker's discard
(``tarot_discard.DiscardSearch``; both are ``scored_choices.ScoredChoices``):

* the deals: the 45 cards the dealer does not see dealt to the other three
  seats (15 each), uniformly;
* the score: the dealer's side's card points (of 114) when the deal is
  played out by the greedy playout with every card seen to ``playout_to``
  tricks left, then by the solver's optimal line (its nodes counted in the
  decision's budget).

The rule's pair is kept unless another beats it by more than one standard
error of the paired difference; the two cards come from one plan, made
once from the dealer's 17 cards.
"""

from __future__ import annotations

import random

from atout.analysis.bid_planners import tarocco_candidates
from atout.engine import get_game

from .playout import playout_then_solve
from .scored_choices import ScoredChoices

#: the rule's pair and the next candidates by the planner's ranking
CANDIDATES = 6
#: the other seats' hands (the dealer, seat 3, holds 15 after its discard)
HAND = 15


def candidate_pairs(pool, limit: int = CANDIDATES) -> list[tuple]:
    """The dealer's candidate discards of its 17 cards ``pool``: the rule's
    first, then the planner's next ones, without repeats."""
    rule = tuple(sorted(tarocco_candidates(pool, 1)[0][0]))
    out = [rule]
    for pair in tarocco_candidates(pool, limit)[0]:
        pair = tuple(sorted(pair))
        if pair not in out:
            out.append(pair)
    return out[:limit]


class TaroccoDiscardSearch(ScoredChoices):
    """The discard of the dealer of ``view`` (phase ``discard``) scored on
    ``samples`` drawn deals."""

    def __init__(self, view, seed: int, samples: int, playout_to: int = 0, solver=None):
        super().__init__(samples, playout_to, solver)
        self.game = get_game("tarocco")
        self.seat = view.seat
        self.pool = frozenset(view.hand) | frozenset(view.private.get("discard", ()))
        self.unseen = [c for c in self.game.deck.cards if c not in self.pool]
        self.rng = random.Random(f"atout/tarocco-discard/{seed}/{sorted(self.pool)}")
        self.candidates = candidate_pairs(self.pool)

    def choices(self) -> list[tuple]:
        return self.candidates

    def draw(self):
        cards = list(self.unseen)
        self.rng.shuffle(cards)
        return [cards[i * HAND:(i + 1) * HAND] for i in range(3)]

    def score(self, hands, discard) -> float:
        deal = self.game.deal_from([*hands, self.pool - set(discard)], {"discard": list(discard)})
        state = self.game.new_state(deal)
        playout_then_solve(state, "tarocco", self.playout_to, self.solve, self.card_rule)
        return float(state.points()[self.seat % 2])


__all__ = ["CANDIDATES", "TaroccoDiscardSearch", "candidate_pairs"]
