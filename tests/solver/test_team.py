"""One position's value over threads sharing one table (``solver.team``):
the value the naive minimax gives, the same as on one thread, on any number
of threads; which question a free thread asks; a caller's cancellation and
Ctrl-C stop every thread."""

import threading

import pytest

from atout.engine import get_game
from atout.engine.search import minimax
from atout.solver import Solver, solve
from atout.solver.limits import Cancellation, cancellable_by
from atout.solver.team import next_target
from atout.solver.testing import random_ending

#: (game, tricks left): small enough for the naive minimax
NAIVE = [("tarot", 3), ("tarocco", 3), ("tarot2", 4), ("belote", 4), ("smear", 4)]
#: (game, tricks left): searches of many questions, threads asking at once
DEEPER = [("tarot", 7), ("tarocco", 7), ("tarot2", 12), ("belote", 8), ("smear", 6)]


@pytest.mark.parametrize("name, tricks", NAIVE)
def test_the_value_on_threads_is_the_naive_minimax(name, tricks):
    game = get_game(name)
    solver = Solver(12)
    for seed in range(12):
        state = random_ending(game, 500 + seed, tricks, None)
        for threads in (2, 3):
            result = solver.solve(state, line=False, threads=threads)
            assert result.exact and result.value == minimax(state), (seed, threads, state)


@pytest.mark.parametrize("name, tricks", DEEPER)
def test_the_value_is_the_same_on_one_two_and_three_threads(name, tricks):
    game = get_game(name)
    for seed in range(6):
        state = random_ending(game, 700 + seed, tricks, None)
        one = solve(state, threads=1, tt_bits=16)
        for threads in (2, 3):
            many = solve(state, threads=threads, tt_bits=16)
            assert (many.value, many.exact, many.line, many.score, many.made) == \
                (one.value, one.exact, one.line, one.score, one.made), (seed, threads)
            assert many.nodes > 0 and many.stats["nodes"] == many.nodes


def test_a_free_thread_asks_the_middle_of_the_widest_stretch_nobody_asks():
    assert next_target(0, 10, []) == 5                # alone: the bisection's question
    assert next_target(0, 10, [5]) == 8               # (5, 10] is wider than (0, 5)
    assert next_target(0, 9, [5]) in (3, 7)
    assert next_target(0, 10, [5, 8]) == 3
    assert next_target(4, 5, [5]) is None             # the one question left is asked
    assert next_target(5, 5, []) is None              # the value is known
    assert next_target(0, 3, [1, 2, 3]) is None
    assert next_target(0, 10, [20]) == 5              # a question outside the interval


def test_a_callers_cancellation_stops_every_thread():
    state = random_ending(get_game("tarot"), 11, 12, None)
    cancel = Cancellation()
    out = {}

    def run():
        with cancellable_by(cancel):
            out["result"] = solve(state, line=False, threads=2,
                                  progress=lambda lo, hi, nodes: cancel.set())
    worker = threading.Thread(target=run)
    worker.start()
    worker.join(120)
    assert not worker.is_alive()
    result = out["result"]
    assert result.interrupted and not result.exact
    assert result.lower <= result.upper


def test_ctrl_c_in_the_progress_keeps_the_bounds_proven():
    state = random_ending(get_game("tarocco"), 12, 8, None)
    exact = solve(state, line=False).value

    def progress(lo, hi, nodes):
        raise KeyboardInterrupt

    result = solve(state, line=False, threads=2, progress=progress)
    assert result.interrupted
    assert result.lower <= exact <= result.upper


def test_the_team_bench_runs_and_compares_the_values(capsys):
    """bench/team_speed.py (the figures in docs/SPEED.md) solves each
    position on one thread and on two, and the values agree."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import team_speed
    team_speed.main(["--game", "tarot", "--tricks", "6", "--positions", "2", "--over", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[-1].startswith("# 2 positions over 0.0 s")


def test_the_team_bench_chooses_how_the_helpers_help(capsys, monkeypatch):
    """``--help-mode``: the team's way of helping for the run."""
    import sys
    from pathlib import Path
    from atout.solver import team
    monkeypatch.setattr(team, "HELP_MODE", team.HELP_MODE)       # (restored after)
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import team_speed
    team_speed.main(["--game", "tarot", "--tricks", "6", "--positions", "1", "--over", "0",
                     "--help-mode", "marks"])
    assert team.HELP_MODE == "marks"
    assert capsys.readouterr().out.splitlines()[-1].startswith("# 1 positions over 0.0 s")


def test_the_team_bench_takes_each_positions_median_over_rounds(capsys):
    """``--rounds``: each position solved that many times each way, its
    median times reported (one run of a position can be twice the next)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import team_speed
    assert team_speed.median_run([(3.0, "c"), (1.0, "a"), (2.0, "b")]) == (2.0, "b")
    assert team_speed.median_run([(1.0, "a")]) == (1.0, "a")
    team_speed.main(["--game", "tarot", "--tricks", "6", "--positions", "2", "--over", "0",
                     "--rounds", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert "median of 3 solves each way" in lines[0]
    assert len(lines) == 4 and lines[-1].startswith("# 2 positions over 0.0 s")


@pytest.mark.parametrize("name, tricks", NAIVE)
def test_a_question_asked_by_the_positions_children_is_answered_right(name, tricks):
    """``_by_children`` (a helper's search of a question under way): its
    fail-soft bound is right about the naive minimax, for targets on both
    sides of the value, whoever plays at the root."""
    from atout.solver.encoding import codec_for
    from atout.solver.limits import Budget
    from atout.solver.team import _Team
    game = get_game(name)
    solver = Solver(12)
    for seed in range(8):
        state = random_ending(game, 900 + seed, tricks, None)
        value = minimax(state)
        codec = codec_for(state)
        positions = [codec.encode(state), codec.encode(state)]
        team = _Team(solver, positions, solver.new_generation(), Budget(None, None), -10**6, 10**6,
                     None, False, state, codec)
        for target in {value - 3, value - 1, value, value + 1, value + 4}:
            v = team._by_children(1, target)
            assert (v >= target and value >= v) or (v < target and value <= v), (seed, target, v, value)
            assert (v >= target) == (value >= target)


@pytest.mark.parametrize("help_first, mode, threads", [
    (True, "split", 3), (True, "marks", 2), (True, "split+marks", 3), (True, "split+marks", 2),
    (False, "split+marks", 3)])
def test_every_way_of_helping_gives_the_value_of_one_thread(monkeypatch, help_first, mode, threads):
    """Helpers that start on the question under way at once (no wait): by
    its position's children from the last, or from the position with
    ABDADA's marks, or both; or helpers that never help (each asks its own
    questions): the value of one thread, in every point game."""
    from atout.solver import team
    monkeypatch.setattr(team, "HELP_AFTER", 0.0)
    monkeypatch.setattr(team, "HELP", help_first)
    monkeypatch.setattr(team, "HELP_MODE", mode)
    for name, tricks in DEEPER:
        game = get_game(name)
        for seed in range(3):
            state = random_ending(game, 800 + seed, tricks, None)
            one = solve(state, threads=1, tt_bits=16, line=False)
            many = solve(state, threads=threads, tt_bits=16, line=False)
            assert (many.value, many.exact) == (one.value, one.exact), (name, seed)


def test_under_a_time_limit_the_threads_bounds_hold_the_value():
    """A time limit alone (``--max-seconds``): the team narrows with half of
    it, then one thread with the rest; whatever the limit cuts, the bounds
    hold the exact value, and a limit that suffices gives it."""
    game = get_game("tarocco")
    for seed in range(3):
        state = random_ending(game, 950 + seed, 8, None)
        exact = solve(state, line=False).value
        for seconds in (0.002, 0.05, 30.0):
            result = solve(state, line=False, threads=2, max_seconds=seconds)
            assert result.lower <= exact <= result.upper, (seed, seconds)
            if result.exact:
                assert result.value == exact
        assert result.exact            # 30 s is plenty for 8 tricks


def test_a_cancellation_between_two_questions_is_not_undone():
    """A cancellation set while no search runs (here before the solve: the
    budgets are stopped as they are made) stops the team at once; the next
    question's node limit must not undo the stop."""
    state = random_ending(get_game("tarot"), 11, 12, None)
    cancel = Cancellation()
    cancel.set()
    with cancellable_by(cancel):
        result = solve(state, line=False, threads=2)
    assert result.interrupted and not result.exact and result.nodes <= 1


@pytest.mark.parametrize("name, tricks", NAIVE)
def test_leads_left_for_a_second_pass_give_the_naive_minimax(name, tricks):
    """ABDADA's deferral (``kernels.point.busy``): with every later lead
    counted busy (``R_ABDADA`` 2, one thread), each trick start searches its
    first lead, then the others in a second pass; fail-soft bounds on both
    sides of the value, and the exact value, as the naive minimax's."""
    from atout.solver.encoding import codec_for
    from atout.solver.limits import Budget
    from atout.solver.searches import bridge as K
    game = get_game(name)
    deferred = 0
    for seed in range(8):
        state = random_ending(game, 950 + seed, tricks, None)
        value = minimax(state)
        pos = codec_for(state).encode(state)
        pos.rules[K.R_ABDADA] = 2
        solver = Solver(12)
        budget = Budget(None, None)
        for target in {value - 3, value - 1, value, value + 1, value + 4}:
            v = solver._probe(pos, target, solver.new_generation(), budget)
            assert (v >= target and value >= v) or (v < target and value <= v), (seed, target, v, value)
            assert (v >= target) == (value >= target)
        deferred += budget.stats()["deferred_leads"]
    assert deferred > 0
