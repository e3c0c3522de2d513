"""Compile the searches before they are needed, several at once.

Each search is compiled on its first use in a process and kept in numba's
on-disk cache. Processes started together on a fresh install (the test
suite's workers, a pool of analysis workers) would each compile every
search they use, the same work once per process: minutes of processor
time each for the nine searches (``COMPILE_SECONDS``; docs/SOLVER_HISTORY.md).
Compiled here first, in parallel
processes that each take a share, every later process loads them from the
disk in seconds.

``python -m atout.solver.precompile [--numba] [SEARCH ...]`` compiles the named
searches in this process (all by default); ``compile_in_parallel`` shares
them out among child processes.
"""

from __future__ import annotations

import subprocess
import sys
import time

#: the searches, with their first compile's processor time in seconds on
#: this 2-core machine (each alone in a fresh process with an empty cache,
#: 2026-12-03; used only to share them out): bridge's and each copy of the
#: point games' search (``game_kernels.COPIES``). The generic point search
#: is not among them: no game and no test uses it
COMPILE_SECONDS = {"tarot": 154, "tarot-rkey": 83, "tarocco": 68, "belote": 45,
                   "tarocco-rkey": 43, "tarot2-partition": 36, "bridge": 34, "tarot2": 23,
                   "smear": 21}


def compile_search(name: str, numba: bool = False) -> None:
    """Compile search ``name`` by solving a small ending with it (each
    search is one kernel entry, whatever is asked of it): its native build,
    and with ``numba`` numba's dispatchers too (the tests that compare the
    two call them; the native build leaves them in numba's cache, but a
    copy of the tree without that cache has only the native build)."""
    from atout.engine import get_game
    from contextlib import nullcontext
    from .kernels.point import specialised as game_kernels
    from .driver import Solver
    from . import encoding as encoders
    from .encoding import codec_for
    from .testing import random_ending
    bridge = name == "bridge"
    state = random_ending(get_game(name if bridge else game_kernels.game_of(name)), 1, 3, None,
                          mid_trick=None)
    with nullcontext() if bridge else encoders.copy_key_mode(name):
        position = codec_for(state).encode(state)
        assert getattr(position, "gsearch", dispatcher("bridge")) is dispatcher(name), name
        Solver().solve(state, all_cards=True, line=True)
        if numba:
            from . import searches
            entries = [searches.bridge_entry()] if bridge else \
                [searches.point_search(name)] + ([searches.greedy_playout] if name == "belote" else [])
            saved = [e._call for e in entries]
            for e in entries:
                e._call = e.kernel()
            try:
                Solver().solve(state, all_cards=True, line=True)
            finally:
                for e, call in zip(entries, saved):
                    e._call = call


def dispatcher(name: str):
    """The kernel that search ``name`` compiles (copies are made, not
    compiled, by asking for them): bridge's is ``_search``, the work of
    ``search`` that the solver calls (``searches.bridge_search``)."""
    from .kernels.bridge import search as bridge_search
    from .kernels.point import specialised as game_kernels
    if name == "bridge":
        return bridge_search._search
    return game_kernels.gsearch_for(name)


def native_names(name: str) -> list[str]:
    """The native builds (``native``) that solving with search ``name``
    makes: its entry, and Belote's playout (its every-card guesses)."""
    if name == "bridge":
        return ["bridge"]
    return [f"point-{name}"] + (["playout"] if name == "belote" else [])


def missing(numba: bool = False) -> list[str]:
    """The searches whose compiled code is not on the disk (or cannot be
    told to be): their native builds where the solver runs those (told
    without importing numba), else numba's cache; with ``numba``, numba's
    cache too (the tests')."""
    from . import native
    out = []
    if native.enabled() and native.can_build():
        out = [name for name in COMPILE_SECONDS
               if not all(native.built(n) for n in native_names(name))]
        if not numba:
            return out
    from .kernels.jit import will_compile
    return out + [name for name in COMPILE_SECONDS
                  if name not in out and will_compile(dispatcher(name)) is not False]


def shares(names: list[str], processes: int) -> list[list[str]]:
    """``names`` shared out among ``processes`` so that their compile
    times are about even (the longest first, each to the least loaded)."""
    groups: list[list[str]] = [[] for _ in range(max(1, min(processes, len(names))))]
    load = [0] * len(groups)
    for name in sorted(names, key=lambda n: -COMPILE_SECONDS[n]):
        i = load.index(min(load))
        groups[i].append(name)
        load[i] += COMPILE_SECONDS[name]
    return [g for g in groups if g]


def compile_in_parallel(processes: int, names: list[str] | None = None,
                        numba: bool = False) -> float:
    """Compile ``names`` (by default those ``missing``) in ``processes``
    child processes and wait for them; returns the seconds taken. A child that fails says
    why on its stderr and is not an error here: the process that needs the
    search then compiles it itself."""
    start = time.perf_counter()
    flag = ["--numba"] if numba else []
    children = [subprocess.Popen([sys.executable, "-m", __name__, *flag, *group])
                for group in shares(missing(numba) if names is None else names, processes)]
    for child in children:
        child.wait()
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    numba = "--numba" in argv
    argv = [a for a in argv if a != "--numba"]
    unknown = [n for n in argv if n not in COMPILE_SECONDS]
    if unknown:
        print(f"precompile: unknown search {unknown[0]!r} (known: {', '.join(COMPILE_SECONDS)})",
              file=sys.stderr)
        return 2
    for name in argv or list(COMPILE_SECONDS):
        compile_search(name, numba)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
