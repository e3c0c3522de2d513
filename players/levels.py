"""The levels of the computer player and ``make_player``, which gives one.

* ``random``: a uniformly random legal decision (the baseline);
* ``easy``: rules of thumb (``players/easy.py``, ``players/rules.py``);
* ``medium`` and ``hard``: perfect-information Monte Carlo
  (``players/search.py``).

``think`` (seconds) is the time budget of a search level's decision; without
it the budget is counted in samples and nodes, so the choice does not depend
on the machine's speed.
"""

from __future__ import annotations

from atout.engine import get_game
from atout.engine.errors import OptionError

from .base import RandomPlayer
from .easy import EasyPlayer
from .search import SearchPlayer

LEVELS = ("random", "easy", "medium", "hard")


def parse_level(level) -> str:
    key = str(level).strip().lower()
    if key not in LEVELS:
        raise OptionError(f"unknown level {level!r}: levels are {', '.join(LEVELS)}")
    return key


def make_player(game, level, seed: int = 0, think: float | None = None, **options):
    """A player of ``game`` (a name or Game) at ``level``; ``options`` tune a
    search level (``samples``, ``max_nodes``)."""
    game_name = game if isinstance(game, str) else game.name
    game_name = get_game(game_name).name
    level = parse_level(level)
    if think is not None and not float(think) > 0:
        raise OptionError(f"think {think!r}: the time budget is a number of seconds above 0")
    if level == "random":
        return RandomPlayer(game_name, seed)
    if level == "easy":
        return EasyPlayer(game_name, seed)
    return SearchPlayer(game_name, seed, level=level, think=think, **options)
