"""atout.solver: the Numba double-dummy search and its Python API.

``solve(state)`` (exact value, optimal line, score, every card's value),
``makes(state, target)`` (the yes/no question; ``Solver.reaches`` adds its
nodes and time), ``table(game, deal)`` (every
choice before play), ``Solver`` (a reusable transposition table).
"""

from .driver import DEFAULT_TT_BITS, Reach, SolveResult, Solver, equivalent_groups, makes, solve, table
from .encoding import SUPPORTED_GAMES

__all__ = ["DEFAULT_TT_BITS", "SUPPORTED_GAMES", "Reach", "SolveResult", "Solver",
           "equivalent_groups", "makes", "solve", "table"]
