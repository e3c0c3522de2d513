"""``point_search.gsearch`` compiled for one game alone (Belote, tarot, tarocco,
tarot2, Smear; and for the tables' other key modes, which the tests use).

``gsearch`` and its helpers serve six games and read the game's kind from
the rule vector (``rules[G_KIND]``) at every node; LLVM cannot fold that
load (the search writes other arrays that might alias it), so every node
carries the other games' branches and the code they make (one 70 kB
function, its hot values spilled to the stack). Here the same source is
compiled once more with the kind and the table's key mode written in as
constants: LLVM drops the other games' code and keeps a smaller search. The
source stays the one of ``point_search`` and its parts (edited there,
tested there); this module only recompiles it (``specialised``), so the two
cannot drift apart.

The copies are made on a game's first search from each kernel's own file
(same file name and line numbers, so numba caches them next to the
originals, under their own names, and invalidates them with the file).
Each game's copy searches faster than the generic search (for Belote, 4
seats and 4 lanes as constants paid most): docs/SPEED.md and
docs/SOLVER_HISTORY.md.
"""

from __future__ import annotations

import importlib
import inspect
import re
import zlib

from numba.core import config
from numba.core.registry import CPUDispatcher

from . import search as P


#: the modules of the point search's kernels (``point_search`` and its parts)
_MODULES = ("tricks", "frame", "busy", "bounds", "keys", "moves", "partition", "search")


def _modules() -> list:
    return [importlib.import_module(f"{__package__}.{name}") for name in _MODULES]


def _kernels() -> dict:
    """The point search's kernels as Python functions, by name (with
    numba's JIT disabled they are plain functions already: the copies are
    then plain Python too, which lets a test compare them with the generic
    search without compiling either)."""
    out = {}
    for module in _modules():
        for name, obj in vars(module).items():
            if config.DISABLE_JIT:
                if inspect.isfunction(obj) and obj.__module__ == module.__name__:
                    out[name] = obj
            elif isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == module.__name__:
                out[name] = obj.py_func
    return out


def specialised(constants: dict, suffix: str) -> dict:
    """Recompile every kernel of the point search whose source reads one of
    ``constants`` (text -> the value's text), and every kernel calling one of
    those, with the text replaced by the value; returns {name: new kernel}.
    Each copy is named ``NAME__SUFFIX_CRC`` (its own numba cache entry), CRC
    a digest of ``constants``: numba keys its cache by the file and the
    function's own code, not the code inlined into it, so a change of the
    constants must change the name."""
    kernels = _kernels()
    chosen = {name for name, f in kernels.items()
              if any(text in inspect.getsource(f) for text in constants)}
    grew = True
    while grew:           # ... and their callers, up the call tree
        grew = False
        for name, f in kernels.items():
            if name not in chosen and chosen & set(f.__code__.co_names):
                chosen.add(name)
                grew = True
    suffix = f"{suffix}_{zlib.crc32(repr(sorted(constants.items())).encode()):08x}"
    namespace = {}
    for module in _modules():     # (each part's names, its private ones too)
        namespace.update(vars(module))
    for name in sorted(chosen, key=lambda n: (kernels[n].__code__.co_filename,
                                              kernels[n].__code__.co_firstlineno)):
        lines, first = inspect.getsourcelines(kernels[name])
        source = "".join(lines)
        for text, value in constants.items():
            source = source.replace(text, value)
        source = re.sub(rf"\bdef {name}\(", f"def {name}__{suffix}(", source, count=1)
        exec(compile("\n" * (first - 1) + source, inspect.getsourcefile(kernels[name]), "exec"),
             namespace)
        # the copies call each other under the original names
        namespace[name] = namespace[f"{name}__{suffix}"]
    return {name: namespace[name] for name in chosen}


#: per copy: the game's kind, the table's key mode and the number of seats
#: (all written in), and any further constants: Belote's loops over lanes
#: stop at its 4 suits (lanes 4 and 5 stay empty; not so in Smear: the same
#: limit changed its node counts). The first five are the games' own
#: searches; Smear's spares its players the generic search's first compile,
#: far longer than its own (docs/SOLVER_HISTORY.md). The last three serve the
#: tables' other key modes, which the tests compare each game's own with
#: (``encoding.games.KEY_MODES``): with them no test needs the
#: generic search, the longest of all to compile
_GAMES = {
    "belote": (P.BELOTE, 0, 4, {"NSUITS": "4"}),
    "tarot": (P.TAROT, 3, 4, {}),
    "tarocco": (P.TAROCCO, 3, 4, {}),
    "tarot2": (P.TAROT2, 2, 2, {}),
    "smear": (P.SMEAR, 0, 4, {}),
    "tarot-rkey": (P.TAROT, 0, 4, {}),
    "tarocco-rkey": (P.TAROCCO, 0, 4, {}),
    "tarot2-partition": (P.TAROT2, 3, 2, {}),
}

#: the copies (``_GAMES``' names: the game's name, then after a dash the
#: key mode's where it is not the game's own)
COPIES = tuple(_GAMES)


def game_of(name: str) -> str:
    """The game copy ``name`` searches (``tarot`` for ``tarot-rkey``)."""
    return name.split("-")[0]


def constants(name: str) -> dict:
    """The text replacements of game ``name``'s copy (``specialised``)."""
    kind, keymode, seats, more = _GAMES[name]
    return {"rules[G_KIND]": str(kind), "rules[R_KEYMODE]": str(keymode),
            "rules[R_NSEATS]": str(seats), **more}


def keymode(name: str) -> int:
    """The table's key mode copy ``name`` searches with."""
    return _GAMES[name][1]


_made: dict = {}


def kernel_name(rules) -> str | None:
    """The game whose own kernel can search positions with these rules
    (its kind, key mode and seats), or None: the generic ``gsearch``."""
    for name, (kind, keymode, seats, _more) in _GAMES.items():
        if (int(rules[P.G_KIND]) == kind and int(rules[P.R_KEYMODE]) == keymode
                and int(rules[P.R_NSEATS]) == seats):
            return name
    return None


def gsearch_for(name: str | None):
    """The search kernel of copy ``name`` (made on first use; the generic
    one for None; plain Python, as the generic one, with numba's JIT
    disabled)."""
    if name is None:
        return P.gsearch
    if name not in _made:
        _made[name] = specialised(constants(name), name.replace("-", "_"))["gsearch"]
    return _made[name]
