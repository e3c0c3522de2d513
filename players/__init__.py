"""atout.players: the computer players of every game.

``make_player(game, level, seed=0, think=None, **options)`` gives a player
whose ``decide(view)`` returns one of ``view.legal``; ``run_match`` plays a
duplicate match between two of them.
"""

from .base import Player, RandomPlayer, view_key
from .cards import points, trump_suit
from .easy import EasyPlayer
from .levels import LEVELS, THINK_CHOICES, make_player, parse_level, parse_think, partners, think_name
from .match import parse_players, run_match
from .search import PLAYOUT_NODES, PLAYOUT_TO, SearchPlayer, playout

__all__ = ["EasyPlayer", "LEVELS", "PLAYOUT_NODES", "PLAYOUT_TO", "Player", "RandomPlayer", "SearchPlayer",
           "THINK_CHOICES", "make_player", "parse_level", "parse_players", "parse_think", "partners", "playout",
           "points", "run_match", "think_name", "trump_suit", "view_key"]
