"""The searches compiled ahead of the test workers (tests/conftest.py):
each name is the kernel its game is searched with, the work is shared out
evenly, and a bad name is refused."""

import subprocess
import sys

from atout.engine import get_game
from atout.solver import precompile
from atout.solver.kernels.bridge import search as bridge_search
from atout.solver.kernels.point import specialised as game_kernels
from atout.solver.encoding import codec_for


def test_each_name_is_the_kernel_its_games_search_with():
    assert precompile.dispatcher("bridge") is bridge_search._search
    for game, name in [("belote", "belote"), ("tarot", "tarot"), ("tarocco", "tarocco"),
                       ("tarot2", "tarot2"), ("smear", "smear")]:
        g = get_game(game)
        state = g.new_state(g.random_deal(1))
        assert codec_for(state).encode(state).gsearch is precompile.dispatcher(name), game
    # every copy of the point search, and no generic one (no game or test uses it)
    assert set(precompile.COMPILE_SECONDS) == {"bridge", *game_kernels.COPIES}


def test_each_search_compiles_or_loads_from_the_disk():
    """(in seconds: the test session compiled them before the workers)"""
    for name in precompile.COMPILE_SECONDS:
        precompile.compile_search(name)
    assert precompile.missing() == []


def test_the_searches_are_shared_out_evenly():
    names = list(precompile.COMPILE_SECONDS)
    two = precompile.shares(names, 2)
    assert sorted(sum(two, [])) == sorted(names)
    loads = [sum(precompile.COMPILE_SECONDS[n] for n in g) for g in two]
    assert max(loads) - min(loads) <= max(precompile.COMPILE_SECONDS.values()) // 2
    assert precompile.shares(["tarot"], 4) == [["tarot"]]
    assert precompile.shares([], 2) == []
    assert len(precompile.shares(names, 1)) == 1


def test_an_unknown_search_is_refused_in_one_line():
    run = subprocess.run([sys.executable, "-m", "atout.solver.precompile", "chess"],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.strip() == ("precompile: unknown search 'chess' (known: tarot, tarot-rkey,"
                                  " tarocco, belote, tarocco-rkey, tarot2-partition, bridge,"
                                  " tarot2, smear)")


def test_nothing_to_compile_starts_no_process(monkeypatch):
    started = []
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: started.append(a))
    precompile.compile_in_parallel(2, [])
    assert started == []
