"""atout.solver: the Numba double-dummy search and its Python API.

``solve(state)`` (exact value, optimal line, score, every card's value),
``makes(state, target)`` and ``reaches`` (the yes/no question, and the work
it took), ``table(game, deal)`` (every choice before play), ``Solver`` (a
reusable transposition table), ``SUPPORTED_GAMES``.

The names load on first use (PEP 562): importing a light part of the solver
(``results``, ``limits``) does not load numba and the compiled search.
"""

from __future__ import annotations

import importlib

#: name -> the module of this package that defines it
_FACE = {
    "DEFAULT_TT_BITS": "driver", "Solver": "driver", "solve": "driver", "makes": "driver",
    "reaches": "driver", "sample_solver": "driver",
    "Reach": "results", "SolveResult": "results", "made_from_bounds": "results",
    "MAX_NODES_LIMIT": "limits", "check_max_nodes": "limits", "check_max_seconds": "limits",
    "Cancellation": "limits", "cancellable_by": "limits",
    "equivalent_groups": "every_card",
    "table": "dd_table",
    "SUPPORTED_GAMES": "encoding", "codec_for": "encoding",
    "default_threads": "threads", "COMPILE_SECONDS": "precompile",
}

__all__ = sorted(_FACE)


def __getattr__(name: str):
    module = _FACE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_FACE))
