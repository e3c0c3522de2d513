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

#: how long a search level thinks per decision, the choices a player is
#: offered (seconds, the ``think`` of ``make_player``); "default" is the
#: level's own budget, counted in deals and nodes (no time limit)
THINK_CHOICES = {"quick": 0.5, "normal": 1.5, "long": 4.0}


def parse_think(text) -> float | None:
    """A think time: a named choice (``THINK_CHOICES``), ``default`` (None:
    the level's own budget) or a number of seconds above 0."""
    if text is None:
        return None
    key = str(text).strip().lower()
    if key == "default":
        return None
    if key in THINK_CHOICES:
        return THINK_CHOICES[key]
    try:
        seconds = float(key)
    except ValueError:
        seconds = float("nan")
    if not seconds > 0 or seconds == float("inf"):
        names = ", ".join(f"{k} ({v:g} s)" for k, v in THINK_CHOICES.items())
        raise OptionError(f"think {text!r}: choose {names}, default, or a number of seconds above 0")
    return seconds


def think_name(seconds: float | None) -> str:
    """A think time as the choices name it: ``normal (1 s)``, ``default``."""
    if seconds is None:
        return "default (the level's own budget)"
    name = next((k for k, v in THINK_CHOICES.items() if v == seconds), None)
    return f"{name} ({seconds:g} s)" if name else f"{seconds:g} s"


def parse_level(level) -> str:
    key = str(level).strip().lower()
    if key not in LEVELS:
        raise OptionError(f"unknown level {level!r}: levels are {', '.join(LEVELS)}")
    return key


def make_player(game, level, seed: int = 0, think: float | None = None, partners_a_person: bool = False,
                **options):
    """A player of ``game`` (a name or Game) at ``level``; ``options`` tune a
    search level (``samples``, ``max_nodes``). ``partners_a_person``: its
    partner is a person, who need not keep the agreements computer partners
    keep (bridge's equal cards), so it does not read them (unless
    ``options`` say)."""
    game_name = _game(game).name
    level = parse_level(level)
    if think is not None and not float(think) > 0:
        raise OptionError(f"think {think!r}: the time budget is a number of seconds above 0")
    if level == "random":
        return RandomPlayer(game_name, seed)
    if level == "easy":
        return EasyPlayer(game_name, seed)
    if partners_a_person:
        options.setdefault("equals", 0)
    return SearchPlayer(game_name, seed, level=level, think=think, **options)


def partners(game, seat: int, other: int) -> bool:
    """Are ``seat`` and ``other`` partners from the deal on in ``game``
    (``Game.partners``, in a game whose sides the deal fixes)?"""
    game = _game(game)
    return game.has_partners and seat != other and other in game.partners(seat, {})


def _game(game):
    """The Game of ``game``, a name or a Game."""
    return get_game(game if isinstance(game, str) else game.name)
