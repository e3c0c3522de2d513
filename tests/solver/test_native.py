"""The searches' native builds (``solver.native``) and the numba-free face
the solver reads the kernels through (``solver.searches``): the same
answers and node counts as numba's dispatchers, the kernels' own constants,
and a one-deal command that never imports numba."""

import subprocess
import sys

import numpy as np
import pytest

from atout.engine import get_game
from atout.solver import Solver, kernel_facts, native, searches, table
from atout.solver.testing import random_ending

needs_build = pytest.mark.skipif(not (native.enabled() and native.can_build()),
                                 reason="native builds off (ATOUT_NATIVE=0, no JIT or no linker)")


def test_the_facts_are_the_kernels_own():
    """(after a kernel's constants change: python -m atout.solver.searches)"""
    from pathlib import Path
    assert Path(kernel_facts.__file__).read_text() == searches.facts_text()


def test_the_python_helpers_are_the_kernels():
    from atout.solver.encoding import hand_words
    from atout.solver.kernels import common
    from atout.solver.kernels.point import bounds, row_table
    rng = np.random.default_rng(5)
    for _ in range(20):
        hands = [set(int(c) for c in rng.choice(78, size=12, replace=False)) for _ in range(4)]
        words = hand_words(hands)
        ours, theirs = np.zeros((4, 6), np.int64), np.zeros((4, 6), np.int64)
        searches.words_to_lanes(words, ours)
        common.words_to_lanes(words, theirs)
        assert (ours == theirs).all()
        h = np.zeros((4, 6), np.int64)
        bp = rng.integers(0, 9, size=(6, 32))
        gpt = rng.integers(0, 9, size=(6, 32))
        assert searches.cards_left_sums(ours, h, 4, bp, gpt) == \
            tuple(int(x) for x in bounds.cards_left_sums(ours, h, 4, bp, gpt))
    a, b = searches.new_row_table(1 << 10), row_table.new_table(1 << 10)
    assert a.shape == b.shape and a.dtype == b.dtype and a.ctypes.data % 64 == 0


def solved_with(entry, call, work):
    """``work()`` with ``entry`` calling ``call`` (native or numba's)."""
    saved = entry._call
    entry._call = call
    try:
        return work()
    finally:
        entry._call = saved


@needs_build
def test_bridge_native_and_numba_agree_on_tables_and_nodes():
    game = get_game("bridge")
    entry = searches.bridge_entry()
    solver = Solver(16)
    table(game, game.random_deal(1), solver=solver)      # built or loaded
    assert entry.is_native
    for seed in range(2, 5):
        deal = game.random_deal(seed)
        results = []
        for call in (entry._call, entry.kernel()):
            solver = Solver(16)
            results.append((solved_with(entry, call, lambda: table(game, deal, solver=solver)),
                            solver.table_nodes))
        assert results[0] == results[1]


@needs_build
@pytest.mark.parametrize("name", ["belote", "tarot", "tarocco", "tarot2", "smear"])
def test_point_native_and_numba_agree_on_values_cards_and_nodes(name):
    game = get_game(name)
    entry = searches.point_search(name)
    states = [random_ending(game, 300 + seed, 3, None) for seed in range(4)]
    Solver(16).solve(states[0], all_cards=True)                 # built or loaded
    assert entry.is_native
    for state in states:
        out = []
        for call in (entry._call, entry.kernel()):
            r = solved_with(entry, call, lambda: Solver(16).solve(state, all_cards=True))
            out.append((r.value, r.cards, r.line, r.nodes))
        assert out[0] == out[1], state


@needs_build
def test_a_native_entry_refuses_an_array_it_was_not_built_for():
    game = get_game("bridge")
    table(game, game.random_deal(1))
    entry = searches.bridge_entry()._call
    args = [np.zeros((4, 6), np.int64)] + [0] * (len(entry.spec) - 1)
    with pytest.raises(TypeError, match="argument 1"):
        entry(*args)
    args[0] = np.zeros((4, 6), np.int32)
    with pytest.raises(TypeError, match="argument 0"):
        entry(*args)


@needs_build
def test_a_one_deal_command_never_imports_numba():
    game = get_game("bridge")
    table(game, game.random_deal(1))                  # the native build on disk
    deal = game.format_deal(game.random_deal(7))
    code = ("import sys\n"
            "from atout.cli.main import main\n"
            "try:\n"
            f"    main(['table', '-g', 'bridge', {deal!r}, '--json'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('numba' in sys.modules, file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.stderr.strip().splitlines()[-1] == "False", out.stderr
    assert '"table"' in out.stdout


def test_an_unwritable_tree_builds_in_the_users_cache(monkeypatch, tmp_path):
    monkeypatch.setattr(native, "_folder", [])
    monkeypatch.setattr(native, "_key", [])
    monkeypatch.setattr(native, "KERNELS", tmp_path / "kernels")
    (tmp_path / "kernels").mkdir()
    monkeypatch.setattr(native.os, "access", lambda path, mode: False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert native.folder() == tmp_path / "cache" / "atout" / f"{native.PREFIX}{native.key()}"
