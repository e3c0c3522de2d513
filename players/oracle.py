"""A player that sees every card: a yardstick for matches, not an opponent.

``atout match --players 'hard:sees_all=1,hard'`` plays hard's own search
on the one true deal instead of deals drawn from what its seat knows. What
it wins over the same level is what the unseen cards cost that level (its
headroom): no inference from the auction or the play, no repair of
perfect-information sampling, can win more than that. It only sees during
the card play; its calls are the level's own.

Only the games where the deal at the start of the play is everything there
is to know: bridge, Belote and tarot2. ``sees_all=1`` sees every card (in
tarot2 the face-down pile cards too, which no player can know);
``sees_all=2`` the other hands, not tarot2's face-down cards, which it
draws as the level does (the bound for an inference, which can only ever
learn the hands); ``sees_all=3`` its partner's hand only (bridge, Belote:
what signals between partners could at most tell).
"""

from __future__ import annotations

from dataclasses import replace

from atout.engine.errors import OptionError

from .base import Player

SEEING_GAMES = ("bridge", "belote", "tarot2")
#: ``sees_all=N``: what the player sees
SEES = {1: "all", 2: "hands", 3: "partner"}


class SeeingPlayer(Player):
    """``inner`` (a search level) deciding its cards on the true deal of
    ``rnd``, the Round it plays in, or on what of it ``sees`` says (a
    ``SEES`` value); a deal with nothing left unknown is scored once."""

    def __init__(self, inner, rnd, sees: str = "all"):
        if rnd.game.name not in SEEING_GAMES:
            raise OptionError(f"sees_all: only in {', '.join(SEEING_GAMES)}, not in {rnd.game.name}")
        if sees == "partner" and rnd.n_seats != 4:
            raise OptionError(f"sees_all=3: a partner's hand, and {rnd.game.name} has no partners")
        if not hasattr(inner, "card_values"):
            raise OptionError("sees_all: only medium and hard take it")
        super().__init__(rnd.game.name, inner.seed)
        self.inner = inner
        self.round = rnd
        self.sees = sees
        self.samples = (inner.samples, inner.min_samples)
        self.level = inner.level

    def prepare(self) -> None:
        self.inner.prepare()

    def decide(self, view):
        if view.phase == "play":
            truth = self.round.state.deal
            if self.sees == "all":
                known = truth
            elif self.sees == "hands":
                known = replace(view.known_deal, hands=truth.hands)
            else:
                partner = (view.seat + 2) % 4
                known = replace(view.known_deal, hands=tuple(
                    truth.hands[s] if s == partner else h for s, h in enumerate(view.known_deal.hands)))
            view = replace(view, known_deal=known)
            self.inner.samples, self.inner.min_samples = (1, 1) if known.is_complete else self.samples
        return self.inner.decide(view)

    def __getattr__(self, name):
        # the decision facts a match reports (``last_deals``, ``_nodes``)
        if name in ("inner", "round", "samples", "sees"):
            raise AttributeError(name)
        return getattr(self.inner, name)
