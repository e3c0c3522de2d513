"""The searches a game needs, compiled (or loaded) before the work starts.

A game's first solve in a process compiles its search when the on-disk
cache lacks it: minutes for tarot on a busy machine. ``prepare(games)``
does that first, in child processes (one a search, at most ``processes``
at a time), while the caller shows how long it has been and what it should
take (``estimate``), so that nothing waits silently: not a player's first
turn, nor every worker of a batch or a match compiling the same search
for itself. With the code on disk it only checks (a few seconds).
"""

from __future__ import annotations

import subprocess
import sys
import time

from .precompile import COMPILE_SECONDS, missing, shares


def search_of(game_name: str) -> str:
    """The search (``precompile.COMPILE_SECONDS``' name) that solves a
    game's positions: the game's own copy of the point search, or bridge's."""
    return game_name


def to_compile(games) -> list[str]:
    """The searches of ``games`` whose compiled code is not on the disk."""
    wanted = {search_of(g) for g in games}
    return [name for name in missing() if name in wanted]


def estimate(names, processes: int = 2) -> float:
    """Seconds the compile of ``names`` should take in ``processes``
    processes, from the measured compile times (an idle machine: a busy
    one takes longer)."""
    groups = shares(list(names), processes)
    return max((sum(COMPILE_SECONDS[n] for n in g) for g in groups), default=0.0)


def prepare(games, processes: int = 2, tick=None, every: float = 1.0) -> tuple[list[str], float]:
    """Compile the missing searches of ``games`` in child processes and
    wait for them; ``tick(names, elapsed, estimate)`` is called at the start
    and then every ``every`` seconds. Returns (the searches compiled, none
    when all were on disk; the seconds taken). A child that fails says why
    on its stderr; the search is then compiled where it is first needed, as
    without this. Ctrl-C ends the children."""
    names = to_compile(games)
    if not names:
        return [], 0.0
    expected = estimate(names, processes)
    start = time.perf_counter()
    children = [subprocess.Popen([sys.executable, "-m", "atout.solver.precompile", *group])
                for group in shares(names, processes)]
    last = None
    try:
        while any(child.poll() is None for child in children):
            elapsed = time.perf_counter() - start
            if tick is not None and (last is None or elapsed - last >= every):
                tick(names, elapsed, expected)
                last = elapsed
            time.sleep(0.1)
    except BaseException:
        for child in children:
            child.kill()
        raise
    return names, time.perf_counter() - start


__all__ = ["estimate", "prepare", "search_of", "to_compile"]
