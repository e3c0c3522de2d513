"""Commands that come back (issue 9, section 2): Ctrl-C returns what was
proven, long commands on full deals have a default budget, and the first
compilation is announced. Ctrl-C is simulated without timers or real
signals: a progress callback raises KeyboardInterrupt, or the main thread's
wait for the search thread does."""

import threading
import json
import logging
import time
from collections import Counter
from types import SimpleNamespace

import pytest

from atout.engine import get_game
from atout.solver import dd_table
from atout.solver import driver as api
from atout.solver.kernels.bridge import search as K
from atout.solver.driver import Solver

from cli_run import run

BR = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"
TAROT = get_game("tarot")
TAROT_DEAL = TAROT.format_deal(TAROT.random_deal(2))


def interrupt_at(call: int):
    """A progress callback that raises KeyboardInterrupt at its ``call``-th call."""
    calls = []

    def report(*args):
        calls.append(args)
        if len(calls) == call:
            raise KeyboardInterrupt
    report.calls = calls
    return report


def bridge_state(tricks_left=13):
    game = get_game("bridge")
    state = game.new_state(game.parse_deal(BR), declarer="S", strain="NT")
    while len(state.hands[0]) > tricks_left:
        state.play(state.legal_cards()[0])
    return state


def test_solve_interrupted_returns_the_bounds_it_proved():
    state = bridge_state(9)
    full = Solver().solve(state, all_cards=True, line=False)
    exact = full.value
    report = interrupt_at(2)
    result = Solver().solve(state, all_cards=True, progress=report)
    assert result.interrupted and not result.exact and not result.line
    # the cards solved before Ctrl-C keep their exact values; the others are left out
    assert 0 < len(result.cards) < len(full.cards)
    assert all(full.cards[card] == value for card, value in result.cards.items())
    lower, upper, _ = report.calls[-1]         # what the interrupted call was told
    assert (result.lower, result.upper) == (lower, upper)
    assert result.lower <= exact <= result.upper and result.lower < result.upper


def test_a_running_kernel_stops_on_ctrl_c(monkeypatch):
    """The kernel runs in a helper thread; Ctrl-C reaches the main thread
    while it waits (here its wait raises KeyboardInterrupt, as Python does
    on Ctrl-C, with no signal: a simulated one, ``interrupt_main``, was once
    lost and hung a CI run); the main thread stops the kernel through its
    node limit and the probe returns None."""
    state = TAROT.new_state(TAROT.parse_deal(TAROT_DEAL))
    solver = Solver(interruptible=True)
    pos = api.codec_for(state).encode(state)
    kernel = pos.probe
    started = threading.Event()
    limits = []

    def search_waiting_for_ctrl_c(*args):
        ctx = args[-1]
        started.set()
        # the search cannot end before the main thread has stopped it (the
        # cap turns a main thread that never does into a failure, not a hang)
        for _ in range(60_000):
            if ctx[K.C_LIMIT] == 0:
                break
            time.sleep(0.001)
        limits.append(int(ctx[K.C_LIMIT]))
        return kernel(*args)

    class CtrlCWhileWaiting(threading.Thread):
        def join(self, timeout=None):
            if timeout is not None:          # the waiting loop, not the final join
                started.wait()
                raise KeyboardInterrupt
            return super().join(timeout)

    monkeypatch.setattr(api.threading, "Thread", CtrlCWhileWaiting)
    pos.probe = search_waiting_for_ctrl_c
    budget = api.Budget(None, None)        # no limit: only Ctrl-C stops it
    assert solver._probe(pos, 0, solver.new_generation(), budget) is None
    assert limits == [0]                    # the kernel ran with its limit set to 0
    assert budget.interrupted and budget.nodes > 0


def test_run_interruptibly_passes_results_and_errors():
    ctx = api.Budget(None, None).ctx
    assert api._run_interruptibly(lambda a, b: a + b, (2, 3), ctx) == 5

    def boom():
        raise ValueError("from the kernel thread")
    with pytest.raises(ValueError, match="kernel thread"):
        api._run_interruptibly(boom, (), ctx)


def test_solve_command_interrupted_prints_the_proven_bounds(capsys, monkeypatch):
    import atout.cli.solve as cli_solve
    monkeypatch.setattr(cli_solve, "search_status", lambda name: (interrupt_at(1), lambda: None))
    code, out, err = run(capsys, "solve", "--game", "bridge", BR)
    assert code == 0, err
    assert "interrupted after" in out and "value: between" in out
    code, out, err = run(capsys, "solve", "--game", "bridge", BR, "--json")
    data = json.loads(out)
    assert code == 0 and data["interrupted"] and not data["exact"]
    assert 0 <= data["lower"] <= data["upper"] <= 13


def test_table_interrupted_keeps_the_entries_done(capsys, monkeypatch):
    import atout.cli.solve as cli_solve
    monkeypatch.setattr(cli_solve, "progress_reporter", lambda label: (interrupt_at(2), lambda: None))
    # one thread: the strains in turn (on more, the strains under way when
    # Ctrl-C came keep what they proved: tests/solver/test_threads.py)
    code, out, err = run(capsys, "table", "--game", "bridge", BR, "--json", "--threads", "1")
    assert code == 0, err
    data = json.loads(out)
    assert data["interrupted"]
    # two strains done for every declarer, nothing after
    assert all(list(row) == ["C", "D"] for row in data["table"].values())
    assert data["table"]["N"] == {"C": 4, "D": 7}
    code, out, err = run(capsys, "table", "--game", "bridge", BR)
    assert code == 0 and "[interrupted" in out


def test_table_api_interrupted_inside_an_entry():
    game = get_game("belote")
    deal = "KQ8.J9.8.Q9 A7.K8.TJ7.T T.ATQ.AKQ.K J9.7.9.AJ87"
    out = dd_table.table(game, deal, progress=interrupt_at(1))
    assert out.interrupted and out == {"S": {0: 57}}


def test_review_interrupted_keeps_the_cards_done(capsys, monkeypatch):
    import atout.cli.analysis as cli_analysis
    state = bridge_state(13)
    played = []
    for _ in range(8):
        card = state.legal_cards()[0]
        played.append(get_game("bridge").deck.token(card))
        state.play(card)
    monkeypatch.setattr(cli_analysis, "progress_reporter", lambda label: (interrupt_at(3), lambda: None))
    code, out, err = run(capsys, "review", "--game", "bridge", BR, "--played", " ".join(played),
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["interrupted"] and len(data["cards"]) == 3


@pytest.mark.parametrize("command", ["table", "review"])
def test_table_and_review_on_a_full_tarot_deal_have_a_default_budget(capsys, monkeypatch, command):
    limits = TAROT.node_limits        # the game's default limits (Game.node_limits)
    assert limits[command] <= 5_000_000
    monkeypatch.setitem(limits, command, 500)   # keep the test short
    args = ["--played", " ".join(opening_cards(4))] if command == "review" else []
    code, out, err = run(capsys, command, "--game", "tarot", TAROT_DEAL, *args, "--json")
    assert code == 0, err
    assert "at most 500 nodes" in err
    data = json.loads(out)
    if command == "table":
        assert all(isinstance(v, list) for v in data["table"].values())     # bounds, not exact
    else:
        assert data["nodes"] <= 5 * 501 and not all(c["exact"] for c in data["cards"])


def opening_cards(n):
    state = TAROT.new_state(TAROT.parse_deal(TAROT_DEAL))
    out = []
    for _ in range(n):
        card = state.legal_cards()[0]
        out.append(TAROT.deck.token(card))
        state.play(card)
    return out


class FakeDispatcher:
    """What ``compile_notice`` reads of a numba dispatcher."""

    def __init__(self, cached: bool, compiles: bool):
        self.overloads = {}
        self.stats = SimpleNamespace(cache_misses=Counter())
        self.compiles = compiles
        index = {("sig",): "entry"} if cached else {}
        self._cache = SimpleNamespace(_cache_file=SimpleNamespace(_load_index=lambda: index))

    def __call__(self):
        if self.compiles:
            self.stats.cache_misses["sig"] += 1
        self.overloads["sig"] = object()


@pytest.mark.parametrize("cached, compiles, notes", [
    (False, True, 2),       # not in the cache: said before, and the time after
    (True, False, 0),       # loaded from the cache: nothing
    (True, True, 1),        # cache stale in a way the index missed: the time after
])
def test_compilation_is_announced_once_and_only_when_it_happens(caplog, cached, compiles, notes):
    from atout.solver.kernels import jit as _jit
    fake = FakeDispatcher(cached, compiles)
    what = f"fake {cached} {compiles}"
    with caplog.at_level(logging.INFO, logger="atout.solver"):
        for _ in range(2):                  # the second call says nothing
            with _jit.compile_notice(fake, what):
                fake()
    messages = [r.getMessage() for r in caplog.records if r.name == "atout.solver"]
    assert len(messages) == notes
    if notes == 2:
        assert "compiling the" in messages[0] and "compiled in" in messages[1]


def test_the_command_line_shows_solver_notes_on_stderr(capsys):
    from atout.cli.main import show_solver_notes
    show_solver_notes()
    show_solver_notes()                     # once, however often it is called
    logging.getLogger("atout.solver").info("compiling the test solver")
    assert capsys.readouterr().err == "atout: compiling the test solver\n"


@pytest.mark.parametrize("cached, notes", [(False, 1), (True, 0)])
def test_worker_processes_compiling_is_announced_by_the_parent(caplog, cached, notes):
    from atout.solver.kernels import jit as _jit
    fake = FakeDispatcher(cached, compiles=True)
    with caplog.at_level(logging.INFO, logger="atout.solver"):
        for _ in range(2):
            _jit.note_worker_compilation(fake, f"fake workers {cached}")
    messages = [r.getMessage() for r in caplog.records if r.name == "atout.solver"]
    assert len(messages) == notes and all("each worker" in m for m in messages)
