"""The computer player's protocol: ``decide(view)`` returns one of
``view.legal`` (an ``engine.round.Action``). A player sees a ``View``
(``engine/round.py``): its own cards, the public cards, the auction, the
announcements and the cards played; never the full deal. Its choice depends
only on the view and its seed (the random draws of a decision are seeded by
the seed and the view), so two deals that look the same from a seat get the
same decision.
"""

from __future__ import annotations

import random

from atout.engine import get_game
from atout.engine.errors import RuleError

def view_key(view) -> str:
    """A text that names the decision point of a view (and only what the view
    holds): the seed of a decision's random draws."""
    return "|".join([view.game, str(view.seat), view.phase, ",".join(map(str, view.hand)),
                     ",".join(f"{s}:{t}" for s, t in view.auction),
                     ",".join(f"{s}:{c}" for s, c in view.plays),
                     ",".join(a.token for a in view.legal)])


def decision_solve(solver, state, **options):
    """``solver.solve(state, **options)`` for a decision. The solver takes
    Ctrl-C (or a cancellation) as "stop this search and say what is
    proven"; a decision must stop there, not go on with its other deals, so
    the interrupt goes on up (a match stops at the first Ctrl-C)."""
    result = solver.solve(state, **options)
    if result.interrupted:
        raise KeyboardInterrupt
    return result


class Player:
    """Base: ``decide(view)`` -> one of ``view.legal``."""

    level = ""

    def __init__(self, game_name: str, seed: int = 0):
        self.game_name = game_name
        self.game = get_game(game_name)
        self.seed = int(seed)

    def rng(self, view) -> random.Random:
        return random.Random(f"atout/player/{self.level}/{self.seed}/{view_key(view)}")

    def prepare(self) -> None:
        """Make ready what the player's decisions use (a search level: its
        game's compiled search, compiled on first use after an install and
        kept on disk), so that no decision waits for it. Cheap once done."""

    def decide(self, view):
        if not view.legal:
            raise RuleError(f"seat {view.seat} has no decision to make now")
        if len(view.legal) == 1:
            return view.legal[0]
        return self.choose(view)

    def choose(self, view):
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_name} {self.level} seed={self.seed}>"


class RandomPlayer(Player):
    level = "random"

    def choose(self, view):
        return self.rng(view).choice(view.legal)
