"""A player that sees every card: a yardstick for matches, not an opponent.

``atout match --players 'hard:sees_all=1,hard'`` plays hard's own search
on the one true deal instead of deals drawn from what its seat knows. What
it wins over the same level is what the unseen cards cost that level (its
headroom): no inference from the auction or the play, no repair of
perfect-information sampling, can win more than that. It only sees during
the card play; its calls are the level's own.

Only the games where the deal at the start of the play is everything there
is to know: bridge, Belote and tarot2. In tarot2, ``sees_all=1`` sees the
face-down pile cards too, which no player can know; ``sees_all=2`` sees
the other hand only, and draws the face-down cards as the level does: the
bound for an inference, which can only ever learn the other hand.
"""

from __future__ import annotations

from dataclasses import replace

from atout.engine.errors import OptionError

from .base import Player

SEEING_GAMES = ("bridge", "belote", "tarot2")


class SeeingPlayer(Player):
    """``inner`` (a search level) deciding its cards on the true deal of
    ``rnd``, the Round it plays in (``hands_only``: the true hands, the
    piles as the seat knows them); a deal with nothing left unknown is
    scored once."""

    def __init__(self, inner, rnd, hands_only: bool = False):
        if rnd.game.name not in SEEING_GAMES:
            raise OptionError(f"sees_all: only in {', '.join(SEEING_GAMES)}, not in {rnd.game.name}")
        if not hasattr(inner, "card_values"):
            raise OptionError("sees_all: only medium and hard take it")
        super().__init__(rnd.game.name, inner.seed)
        self.inner = inner
        self.round = rnd
        self.hands_only = hands_only
        self.samples = (inner.samples, inner.min_samples)
        self.level = inner.level

    def prepare(self) -> None:
        self.inner.prepare()

    def decide(self, view):
        if view.phase == "play":
            truth = self.round.state.deal
            known = replace(view.known_deal, hands=truth.hands) if self.hands_only else truth
            view = replace(view, known_deal=known)
            self.inner.samples, self.inner.min_samples = (1, 1) if known.is_complete else self.samples
        return self.inner.decide(view)

    def __getattr__(self, name):
        # the decision facts a match reports (``last_deals``, ``_nodes``)
        if name in ("inner", "round", "samples", "hands_only"):
            raise AttributeError(name)
        return getattr(self.inner, name)
