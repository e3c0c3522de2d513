"""The games' own compilations of the search (``solver.game_kernels``): the
same source as ``point_search.gsearch`` with the game's constants written
in, so each must give the same values, card by card, in the same nodes.

The suite compares each copy's Python source with the generic search's
(numba's JIT disabled, in a child process): compiling the generic search
takes 8 minutes of the test run's processor time, and no game uses it. The
compiled comparisons run with ``ATOUT_SLOW=1``."""

import os
import subprocess
import sys

import pytest

from atout.engine import get_game
from atout.engine.search import card_values
from atout.solver import Solver
from atout.solver.kernels.point import specialised as game_kernels
from atout.solver.kernels.point import search as R
from atout.solver.encoding import codec_for
from atout.solver.testing import COPY_CONTRACTS, random_ending

BELOTE = get_game("belote")
TAROT = get_game("tarot")
TAROCCO = get_game("tarocco")
TAROT2 = get_game("tarot2")
CONTRACTS = COPY_CONTRACTS["belote"]
VARIANTS = CONTRACTS["variant"]


def both_kernels(state, monkeypatch, **kw):
    """The result of the game's own kernel, and of the generic one."""
    ours = Solver(16).solve(state, **kw)
    with monkeypatch.context() as m:
        m.setattr(game_kernels, "kernel_name", lambda rules: None)
        theirs = Solver(16).solve(state, **kw)
    return ours, theirs


def test_each_game_is_searched_by_its_own_kernel():
    state = BELOTE.new_state(BELOTE.random_deal(1), trump="S", taker=0)
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("belote")
    state = TAROT.new_state(TAROT.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("tarot")
    state = TAROCCO.new_state(TAROCCO.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("tarocco")
    state = TAROT2.new_state(TAROT2.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("tarot2")
    smear = get_game("smear")
    state = smear.new_state(smear.random_deal(1))
    assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for("smear")
    kernels = {game_kernels.gsearch_for(name)
               for name in ("belote", "tarot", "tarocco", "tarot2", "smear", None)}
    assert len(kernels) == 6


def test_the_tests_key_modes_have_copies_and_others_the_generic_kernel(monkeypatch):
    from atout.solver import encoding as encoders
    for mode, game, keymode, name in [("tarot", TAROT, 0, "tarot-rkey"),
                                      ("tarocco", TAROCCO, 0, "tarocco-rkey"),
                                      ("tarot2", TAROT2, 3, "tarot2-partition"),
                                      ("tarot", TAROT, 2, None)]:
        with monkeypatch.context() as m:
            m.setitem(encoders.KEY_MODES, mode, keymode)
            state = game.new_state(game.random_deal(1))
            kernel = codec_for(state).encode(state).gsearch
        assert kernel is game_kernels.gsearch_for(name), (mode, keymode)
    assert game_kernels.gsearch_for(None) is R.gsearch


def _in_python(script: str) -> str:
    """What ``script`` prints, run with numba's JIT disabled (RuntimeWarnings
    silenced: numpy's scalars warn where the compiled code wraps around)."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    run = subprocess.run([sys.executable, "-W", "ignore::RuntimeWarning", "-c", script], env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def _differences_in_python(names, tricks, seeds):
    """``copy_differences`` of each copy in ``names``, in plain Python:
    {name: its differences, as printed}."""
    lines = _in_python("from atout.solver.testing import copy_differences\n"
                       f"for name in {list(names)!r}:\n"
                       f"    print(name, copy_differences(name, {tricks}, {seeds!r}))\n"
                       ).splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == list(names)
    return {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in lines}


@pytest.mark.parametrize("tricks,seeds", [(2, 40), (4, 20), (6, 8)])
def test_each_copy_has_the_generic_kernels_values_and_nodes_in_python(tricks, seeds):
    """Each copy's source (its constants written in) searches as the generic
    one does, card by card and node by node, on seeded endings of its game."""
    names = game_kernels.COPIES
    assert _differences_in_python(names, tricks, range(500 * tricks, 500 * tricks + seeds)) \
        == {name: "[]" for name in names}


def test_a_wrong_constant_is_caught_in_python():
    """The comparison above can fail: tarot's copy with the wrong key mode
    written in (0, its table's is 3) searches in other nodes."""
    printed = _in_python("from atout.solver.kernels.point import specialised as game_kernels\n"
                         "game_kernels._GAMES['tarot'] = (game_kernels.P.TAROT, 3, 4,"
                         " {'rules[R_KEYMODE]': '0'})\n"
                         "from atout.solver.testing import copy_differences\n"
                         "print(len(copy_differences('tarot', 4, range(5))))\n")
    assert int(printed) > 0


#: the compiled comparisons: the generic search takes 8 minutes to compile
COMPILES_GENERIC = pytest.mark.skipif(not os.environ.get("ATOUT_SLOW"),
                                      reason="compiles the generic search: set ATOUT_SLOW=1")


@pytest.mark.slow
@COMPILES_GENERIC
def test_belote_same_full_deals_as_the_generic_kernel(monkeypatch):
    for seed in range(3):
        state = BELOTE.new_state(BELOTE.random_deal(50 + seed), trump="HSDC"[seed], taker=seed,
                                 variant=VARIANTS[seed])
        ours, theirs = both_kernels(state, monkeypatch, all_cards=True, line=False)
        assert (ours.value, ours.cards, ours.nodes) == (theirs.value, theirs.cards, theirs.nodes)


@pytest.mark.slow
@COMPILES_GENERIC
def test_tarot_same_full_deal_question_as_the_generic_kernel(monkeypatch):
    for seed in range(2):
        state = TAROT.new_state(TAROT.random_deal(60 + seed))
        ours = Solver(16).reaches(state, state.contract_target(), max_nodes=200_000)
        with monkeypatch.context() as m:
            m.setattr(game_kernels, "kernel_name", lambda rules: None)
            theirs = Solver(16).reaches(state, state.contract_target(), max_nodes=200_000)
        assert (ours.answer, ours.nodes) == (theirs.answer, theirs.nodes)


#: game -> (its engine, the first seed, how many endings, its contracts)
ENDINGS = {"belote": (BELOTE, 7000, 40, CONTRACTS), "tarot": (TAROT, 8000, 30, None),
           "tarocco": (TAROCCO, 9000, 30, None), "tarot2": (TAROT2, 10000, 30, {"first": [0, 1]}),
           "smear": (get_game("smear"), 11000, 40, None)}


@pytest.mark.slow
@COMPILES_GENERIC
@pytest.mark.parametrize("tricks", [2, 4, 6])
@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_same_values_and_nodes_as_the_generic_kernel(name, tricks, monkeypatch):
    game, first, count, contracts = ENDINGS[name]
    for seed in range(count):
        state = random_ending(game, first + 100 * tricks + seed, tricks, contracts)
        ours, theirs = both_kernels(state, monkeypatch, all_cards=True, line=False)
        assert (ours.value, ours.cards, ours.nodes) == (theirs.value, theirs.cards,
                                                         theirs.nodes), (seed, state)
        if tricks == 2:
            assert ours.cards == card_values(state), (seed, state)


@pytest.mark.parametrize("name", ["belote", "tarot", "tarocco", "tarot2", "smear"])
def test_the_compile_notice_watches_the_kernel_the_game_is_searched_with(name):
    # (it watched the generic kernel for tarot2 and Smear, and so told their
    # players it was compiling on every first search, the copy on disk or not)
    from atout.solver.driver import search_kernel
    game = get_game(name)
    state = game.new_state(game.random_deal(1))
    assert search_kernel(name)[0] is codec_for(state).encode(state).gsearch


def test_key_mode_of_sets_the_copys_key_mode_and_restores_it():
    from atout.solver import encoding as encoders
    before = encoders.KEY_MODES["tarot2"]
    with pytest.raises(RuntimeError):
        with encoders.copy_key_mode("tarot2-partition"):
            assert encoders.KEY_MODES["tarot2"] == 3
            state = TAROT2.new_state(TAROT2.random_deal(1))
            assert codec_for(state).encode(state).gsearch is \
                game_kernels.gsearch_for("tarot2-partition")
            raise RuntimeError
    assert encoders.KEY_MODES["tarot2"] == before
    with encoders.copy_key_mode("smear"):        # one key mode: nothing to set
        pass
