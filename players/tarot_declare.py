"""``hard``'s slam and handful declarations in French Tarot, by search.

The rule (``rules.tarot_declare``) never announces a slam, has the taker
show its largest handful and a defender none. A handful's bonus goes to the
side that wins the deal, whoever showed it, so showing one pays when one's
own side is likely to win and costs when it is not; an announced slam
doubles the slam's bonus and costs 200 when it fails. ``hard`` may instead
score each legal declaration on drawn deals:

* the deals: drawn by the play's sampler (``Game.sampling_model``) from what
  the seat knows before the first card: its own playing hand, the dog where
  it was shown, the taker's own discard (a defender's draws hold the
  taker's discard as the sampler draws it in the play);
* the score: the seat's score (``Round``'s points) when the deal is played
  with that declaration (a slam: the taker leads; a handful: its cards
  shown, the lowest trumps) by the greedy playout with every card seen to
  ``playout_to`` tricks left, then by the solver's optimal line, as ``hard``
  values a contract or a discard (``calls.TarotCalls``,
  ``tarot_discard.DiscardSearch``).

Every declaration is scored on the same deals, so the comparison is paired;
the rule's declaration is kept unless another beats it by more than one
standard error of the paired difference, and without more deals when none
beat it on any of the first few. The cards a handful shows tell the
others where the trumps are, which a play with every card seen does not
count: the search values a handful by its bonus alone.
"""

from __future__ import annotations

import random

from atout.engine import get_game
from atout.engine.cards import FOOL, TRUMPS, suit_of
from atout.engine.deal import Deal, Packet
from atout.engine.round_games import HANDFUL_SIZES
from atout.engine.tarot_bidding import DOG_CONTRACTS

from .base import view_key
from .playout import playout_then_solve
from .rules import tarot_declare
from .scored_choices import ScoredChoices

#: the tarot hand sizes: a playing hand and the dog
HAND, DOG = 18, 6


def handful_cards(hand, name: str) -> list:
    """The cards a handful ``name`` of the playing ``hand`` shows: its
    lowest trumps, or all of them and the Excuse when one short (the
    engine's ``_Tarot.handful_cards``)."""
    need = HANDFUL_SIZES[name]
    trumps = sorted(c for c in hand if suit_of(c) == TRUMPS)
    return trumps[:need] if len(trumps) >= need else trumps + [FOOL]


def known_before_play(view, game) -> tuple[Deal, dict]:
    """The deal as ``view``'s seat will know it when the play starts, and
    the contract the sampler takes (``Round``'s ``known_deal`` in the play,
    made from a view of the declarations, which has none)."""
    taker, contract = view.public["taker"], view.public["contract"]
    with_dog = contract in DOG_CONTRACTS
    dog = frozenset(view.public.get("dog", ())) if with_dog else frozenset()
    hand = frozenset(view.hand)
    known = {"taker": taker, "contract": contract, "slam": bool(view.public.get("slam", False))}
    if view.seat == taker and with_dog:
        discard = frozenset(view.private.get("discard", ()))
        hand = (hand | discard) - dog           # the dealt hand: the sampler's view of the taker
        known["discard"] = sorted(discard)
    hands = tuple(Packet(hand) if s == view.seat else Packet(frozenset(), HAND) for s in range(4))
    extras = {"dog": Packet(dog) if with_dog else Packet(frozenset(), DOG)}
    return Deal(game, hands, extras), known


class DeclareSearch(ScoredChoices):
    """The declaration of ``view`` (phase ``declare``: the taker's slam, or
    a seat's handful) scored on ``samples`` drawn deals; a drawn deal is
    the sampler's (deal, contract)."""

    def __init__(self, view, seed: int, samples: int, playout_to: int = 0, solver=None):
        super().__init__(samples, playout_to, solver)
        self.game = get_game("tarot")
        self.view = view
        self.seat = view.seat
        self.tokens = [a.token for a in view.legal]
        rule = tarot_declare(view)
        self.tokens.sort(key=lambda t: t != rule)       # the rule's first: kept unless beaten
        deal, known = known_before_play(view, self.game)
        self.model = self.game.sampling_model(deal, (), known)
        self.rng = random.Random(f"atout/declare/{seed}/{view_key(view)}")

    def choices(self) -> list[str]:
        return self.tokens

    def draw(self):
        return self.model.sample(self.rng)

    def contract_with(self, contract: dict, token: str, hand) -> dict:
        """The sampled deal's contract with the declaration ``token`` made."""
        out = dict(contract)
        if token in ("slam", "no_slam"):
            out["slam"] = token == "slam"
        elif token != "no_handful":
            out["handfuls"] = {self.seat: handful_cards(hand, token)}
        return out

    def score(self, drawn, token: str) -> float:
        deal, contract = drawn
        state = self.game.new_state(deal, **self.contract_with(contract, token, self.view.hand))
        playout_then_solve(state, "tarot", self.playout_to, self.solve, self.card_rule)
        return float(state.score()["scores"][self.seat])

    def settled(self, table) -> bool:
        """The taker meets the slam question on every deal, and it almost
        never pays: when no other declaration beat the rule's on any of the
        first deals (a slam that fails on every deal, a handful shown by a
        side that loses every deal), the rule's stands without more."""
        return not self.challenged(table)

    @staticmethod
    def challenged(table) -> bool:
        """Did another declaration score above the rule's (the first) on
        any deal so far?"""
        return any(score > rule for row in table[1:] for score, rule in zip(row, table[0]))
