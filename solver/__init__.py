"""atout.solver: the Numba double-dummy search and its Python API.

``solve(state)`` (exact value, optimal line, score, every card's value),
``makes(state, target)`` (the yes/no question; ``Solver.reaches`` adds its
nodes and time), ``table(game, deal)`` (every
choice before play), ``Solver`` (a reusable transposition table).
"""

from .api import DEFAULT_TT_BITS, Reach, SolveResult, Solver, equivalent_groups, makes, solve, table
from .tables import ENCODERS
from .encoders import register as _register_games

_register_games(ENCODERS)  # tarocco, Smear, tarot, tarot2 (solver.encoders)

SUPPORTED_GAMES = tuple(ENCODERS)

__all__ = ["DEFAULT_TT_BITS", "SUPPORTED_GAMES", "Reach", "SolveResult", "Solver",
           "equivalent_groups", "makes", "solve", "table"]
