"""Where the solver finds the kernels without importing numba.

The kernels' constants (``bridge``, ``point``: the rule vector's indices,
the counters, the frames) and the point search's copies come from
``kernel_facts``, plain data; each search's entry (``bridge_search``,
``point_search(name)``, ``greedy_playout``) is native code when it is
built (``native``: loaded quickly, numba never imported) and numba's
dispatcher otherwise. A process that only loads native searches never
imports numba, whose import alone is dear (docs/SOLVER_HISTORY.md).

``python -m atout.solver.searches`` writes ``kernel_facts.py`` again from
the kernels (tests/solver/test_native.py checks that it is theirs).
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from contextlib import nullcontext
from types import SimpleNamespace

import numpy as np

from . import kernel_facts, native

#: the bridge search's constants (and those it shares with the point games')
bridge = SimpleNamespace(**kernel_facts.BRIDGE)
#: the point games' search's constants
point = SimpleNamespace(**kernel_facts.POINT)
#: the point search's copies compiled for one game each
COPIES = tuple(kernel_facts.COPIES)

log = logging.getLogger("atout.solver")
_SPECIALISED = "atout.solver.kernels.point.specialised"


def kernel_name(rules) -> str | None:
    """The copy of the point search that searches positions with these rules
    (``specialised.kernel_name``, which answers when it is loaded: tests
    replace it), None for the generic search."""
    loaded = sys.modules.get(_SPECIALISED)
    if loaded is not None:
        return loaded.kernel_name(rules)
    for name, (kind, keymode, seats) in kernel_facts.COPIES.items():
        if (int(rules[point.G_KIND]) == kind and int(rules[point.R_KEYMODE]) == keymode
                and int(rules[point.R_NSEATS]) == seats):
            return name
    return None


def game_of(name: str) -> str:
    """The game copy ``name`` searches (``tarot`` for ``tarot-rkey``)."""
    return name.split("-")[0]


def keymode(name: str) -> int:
    """The table's key mode copy ``name`` searches with."""
    return kernel_facts.COPIES[name][1]


# -- the entries -----------------------------------------------------------------------------

_lock = threading.RLock()


class Entry:
    """A kernel called from Python: on its first call, its native build
    (loaded, or built then, with a notice) or else numba's dispatcher."""

    def __init__(self, name: str, what: str, kernel):
        self.name = name            # the native library's name
        self.what = what            # the solver's name in the notices
        self._kernel = kernel       # () -> the numba dispatcher
        self._call = None

    def kernel(self):
        """The numba dispatcher (imports numba)."""
        return self._kernel()

    def __call__(self, *args):
        call = self._call
        if call is None:
            with _lock:
                if self._call is None:
                    self._call = self._native(args) or self.kernel()
                call = self._call
        return call(*args)

    @property
    def is_native(self) -> bool:
        return isinstance(self._call, native.NativeEntry)

    def watch(self):
        """Around a first search: numba's compile notice when the search
        will be numba's (the native build gives its own)."""
        if self._call is not None or (native.enabled() and (native.built(self.name)
                                                             or native.can_build())):
            return nullcontext()
        from .kernels.jit import compile_notice
        return compile_notice(self.kernel(), self.what)

    def _native(self, args):
        if not native.enabled():
            return None
        found = native.load(self.name)
        if found is not None or not native.can_build():
            return found
        log.info(f"compiling the {self.what} solver: first use after an install or an upgrade,"
                 " 15 s to a few minutes on a busy machine; kept on disk for the next runs",
                 extra={"compiling": self.what})     # the command line adds the expected time
        start = time.perf_counter()
        try:
            found = native.build(self.name, self.kernel(), args)
        except Exception as exc:     # the numba dispatcher still answers
            log.warning(f"the {self.what} solver runs without its native build"
                        f" ({type(exc).__name__}: {str(exc)[:200]})")
            return None
        log.info(f"{self.what} solver compiled in {time.perf_counter() - start:.1f} s", extra={"compiled": self.what})
        return found


def _bridge_kernel():
    from .kernels.bridge import search as K
    return K._search


_BRIDGE = Entry("bridge", "bridge", _bridge_kernel)


def bridge_search(L, ts, tr, ntr0, d0, leader0, need0, lost0, rules, sides, pts, zob,
                  tt_keys, tt_vals, mv, sc, lg, fr, ctx):
    """``kernels.bridge.search``: its work (``_search``) with a scratch array
    of its own, natively when built."""
    return _BRIDGE(L, ts, tr, ntr0, d0, leader0, need0, rules, sides, tt_keys, tt_vals, mv, sc,
                   lg, fr, ctx, np.empty((4, 4), dtype=np.int64))


def bridge_entry() -> Entry:
    return _BRIDGE


_POINT: dict = {}


def point_search(name: str | None) -> Entry:
    """The point search's copy ``name`` (``kernel_name``'s answer; None the
    generic search, which only the tests use: numba's, never built)."""
    if name is None:
        from .kernels.point import search as P
        return P.gsearch
    entry = _POINT.get(name)
    if entry is None:
        def kernel(name=name):
            from .kernels.point import specialised
            return specialised.gsearch_for(name)
        entry = _POINT.setdefault(name, Entry(f"point-{name}",
                                              "Belote" if name == "belote" else game_of(name),
                                              kernel))
    return entry


def _playout_kernel():
    from .kernels.point import search as P
    return P.greedy_playout


#: ``kernels.point.search.greedy_playout`` (Belote's first guesses)
greedy_playout = Entry("playout", "Belote playout", _playout_kernel)


def entry_for_game(game_name: str):
    """The entry that searches a game's positions (its own copy)."""
    return _BRIDGE if game_name == "bridge" else point_search(game_name)


def watch(game_name: str):
    """``Entry.watch`` of the game's search."""
    entry = entry_for_game(game_name)
    return entry.watch() if isinstance(entry, Entry) else nullcontext()


# -- small kernels the encoders call, in Python ---------------------------------------------

def words_to_lanes(words, lanes) -> None:
    """``kernels.common.words_to_lanes``: uint64 bitboards
    (``words[seat, 0/1]``) split into ``lanes[seat, suit]``."""
    for q in range(words.shape[0]):
        w0, w1 = int(words[q, 0]), int(words[q, 1])
        for s in range(4):
            lanes[q, s] = (w0 >> (16 * s)) & 0xFFFF
        lanes[q, 4] = (w1 >> 1) & 0x1FFFFF
        lanes[q, 5] = w1 & 1


def cards_left_sums(L, H, n, bp, gpt):
    """``kernels.point.bounds.cards_left_sums``: (cards left in the hands
    and piles, their ``bp`` and ``gpt`` sums)."""
    cnt = b = g = 0
    for q in range(int(n)):
        for s in range(point.NSUITS):
            x = int(L[q, s]) | int(H[q, s])
            while x:
                r = x.bit_length() - 1
                x ^= 1 << r
                cnt += 1
                b += int(bp[s, r])
                g += int(gpt[s, r])
    return cnt, b, g


def new_row_table(size: int) -> np.ndarray:
    """``kernels.point.row_table.new_table``: a zeroed (size + BUSY_ROWS,
    ROW) int64 table whose rows start on 64-byte lines (the last rows hold
    ABDADA's busy marks when threads share the table)."""
    row = kernel_facts.ROW_TABLE["ROW"]
    rows = size + kernel_facts.ROW_TABLE["BUSY_ROWS"]
    buf = np.zeros(rows * row + 8, dtype=np.int64)
    skip = (-buf.ctypes.data % 64) // 8
    return buf[skip:skip + rows * row].reshape(rows, row)


# -- kernel_facts.py, written from the kernels -----------------------------------------------

def facts_text() -> str:
    """``kernel_facts.py``'s text from the kernels (imports numba)."""
    from .kernels.bridge import search as K
    from .kernels.point import row_table
    from .kernels.point import search as P
    from .kernels.point import specialised

    def ints(module):
        return {k: v for k, v in sorted(vars(module).items()) if k.isupper() and type(v) is int}

    def block(name, values):
        lines = [f"{name} = {{"] + [f"    {k!r}: {v!r}," for k, v in values.items()] + ["}"]
        return "\n".join(lines)

    copies = {name: spec[:3] for name, spec in specialised._GAMES.items()}
    return "\n\n".join([
        '"""The kernels\' constants and the point search\'s copies, as plain data (no numba).\n\n'
        "Written by ``python -m atout.solver.searches`` from the kernels; do not edit\n"
        '(tests/solver/test_native.py checks that they are the kernels\' own)."""',
        "#: ``kernels.bridge.search``'s integer constants\n" + block("BRIDGE", ints(K)),
        "#: ``kernels.point.search``'s integer constants\n" + block("POINT", ints(P)),
        "#: ``kernels.point.row_table``'s integer constants\n" + block("ROW_TABLE", ints(row_table)),
        "#: the point search's copies: name -> (the game's kind, the table's key mode, seats)\n"
        + block("COPIES", copies),
    ]) + "\n"


if __name__ == "__main__":
    from pathlib import Path
    Path(kernel_facts.__file__).write_text(facts_text())
