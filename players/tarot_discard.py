"""``hard``'s discard after the dog in French Tarot, by search.

The rule (``analysis.bid_planners.tarot_discard``) voids the shortest suits
without a king, then throws the cheapest plain cards. A discard decides
where the taker can ruff and which of its points are safe (the discard
counts for the taker), so ``hard`` may instead score a few candidate
discards on drawn deals:

* the candidates (``candidate_discards``): the rule's discard; every
  choice of suits to void (no king in them, six cards at most together),
  the rest filled with the cheapest plain cards or with the dearest ones
  not guarded by their king (a queen or a knight that another's king
  would take is worth more in the discard); no void, the cheapest or the
  dearest six;
* the deals: the 54 cards the taker does not see dealt to the three
  defenders (18 each), uniformly;
* the score: the taker's score (``Round``'s points) when the deal is played
  out by the greedy playout with every card seen, as ``hard``'s scored
  tarot calls value a contract (a full tarot deal is far beyond a
  double-dummy solve within one decision); with ``playout_to``, the
  playout stops that many tricks from the end and the solver's optimal
  line plays the rest (its nodes counted in the decision's budget).

Every candidate is scored on the same deals, so the comparison is paired;
the rule's discard is kept unless another beats it by more than one
standard error of the paired difference (``players/scored_choices.py``,
the frame the other searches before the play share). The discard is made one card at a
time: every card of it comes from the same plan (the draws are seeded by
the taker's 24 cards, not by what is discarded so far).
"""

from __future__ import annotations

import random
from itertools import combinations

from atout.analysis.bid_planners import tarot_discard
from atout.engine import get_game
from atout.engine.tarot_bidding import DISCARD_SIZE, KING, discardable
from atout.engine.tarot_scoring import card_half_points

from .calls import _deal_others
from .playout import playout_then_solve
from .scored_choices import MIN_DEALS, SOLVE_NODES, ScoredChoices, kept_index  # noqa: F401  (this module's face)


def _suit(card) -> int:
    return card >> 4


def candidate_discards(pool) -> list[tuple]:
    """Legal discards of ``DISCARD_SIZE`` cards from the taker's hand and
    the dog (``pool``), the rule's first, without repeats."""
    rule = tuple(tarot_discard(pool))
    plain, _ = discardable(pool)
    if len(plain) < DISCARD_SIZE:
        return [rule]       # trumps must go too: the rule's cheapest trumps
    cheap = sorted(plain, key=lambda c: (card_half_points(c), c & 15, _suit(c)))
    # the dear fill throws face cards the king of their suit does not guard
    # (a guarded queen is a trick to come); guarded ones go last
    kings = {_suit(c) for c in pool if c < 64 and c & 15 == KING}
    dear = sorted(plain, key=lambda c: (_suit(c) in kings and card_half_points(c) > 1,
                                        -card_half_points(c), -(c & 15), _suit(c)))
    suits = sorted({_suit(c) for c in pool if c < 64})
    voidable = [s for s in suits
                if all(c in plain for c in pool if c < 64 and _suit(c) == s)]
    out = [rule]
    for n in range(len(voidable) + 1):
        for voided in combinations(voidable, n):
            base = [c for c in plain if _suit(c) in voided]
            if len(base) > DISCARD_SIZE:
                continue
            for order in (cheap, dear):
                rest = [c for c in order if c not in base]
                chosen = tuple(sorted(base + rest[:DISCARD_SIZE - len(base)]))
                if chosen not in out:
                    out.append(chosen)
    return out


class DiscardSearch(ScoredChoices):
    """The discard of the taker of ``view`` (phase ``discard``) scored on
    ``samples`` drawn deals."""

    def __init__(self, view, seed: int, samples: int, playout_to: int = 0, solver=None):
        super().__init__(samples, playout_to, solver)
        self.game = get_game("tarot")
        self.seat = view.seat
        self.contract = view.public["contract"]
        self.dog = tuple(view.public["dog"])
        self.pool = frozenset(view.hand) | frozenset(view.private.get("discard", ()))
        self.hand = sorted(self.pool - frozenset(self.dog))
        self.unseen = [c for c in self.game.deck.cards if c not in self.pool]
        self.rng = random.Random(f"atout/discard/{seed}/{sorted(self.pool)}")

    def choices(self) -> list[tuple]:
        return candidate_discards(self.pool)

    def draw(self):
        hands, _ = _deal_others(self.unseen, self.hand, self.seat, 18, self.rng)
        return self.game.deal_from(hands, {"dog": list(self.dog)})

    def score(self, deal, discard) -> float:
        state = self.game.new_state(deal, taker=self.seat, contract=self.contract, discard=list(discard))
        playout_then_solve(state, "tarot", self.playout_to, self.solve, self.card_rule)
        return float(state.score()["scores"][self.seat])

