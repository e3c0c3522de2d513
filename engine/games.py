"""The registry of games by name."""

from __future__ import annotations

import importlib

from .errors import RuleError

#: Game names in the order the README presents them.
GAME_NAMES = ("tarot", "tarocco", "belote", "tarot2", "smear", "bridge")


def get_game(name: str):
    """The Game object for a name; RuleError for an unknown name."""
    key = (name or "").strip().lower()
    if key not in GAME_NAMES:
        raise RuleError(f"unknown game {name!r}: games are {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"atout.engine.{key}").GAME


def games_where(test) -> str:
    """The names of the games whose Game passes ``test``, for a message
    ("belote", "tarocco, belote, smear, bridge"); imports every game's rules."""
    return ", ".join(name for name in GAME_NAMES if test(get_game(name)))
