"""atout.engine: cards, notation, deals and the reference rules of every game.

Pure Python and plainly written: it is the oracle the fast solver is checked
against. ``get_game(name)`` gives a game; ``GAMES`` lists them.
"""

from .cards import FOOL, TRUMPS, Card, Deck, suit_of
from .deal import Deal, Packet
from .errors import AtoutError, IllegalPlayError, NotationError, OptionError, RuleError
from .game import Game, Trick, TrickState
from .games import GAME_NAMES, get_game

__all__ = ["AtoutError", "Card", "Deal", "Deck", "FOOL", "GAME_NAMES", "Game",
           "IllegalPlayError", "NotationError", "OptionError", "Packet", "RuleError", "TRUMPS",
           "Trick", "TrickState", "get_game", "suit_of"]
