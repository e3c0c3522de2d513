"""First use without a silent wait: a game's search compiled before the
work starts (solver/prepare.py), said with the time so far and the expected
time (cli.format.prepare_searches); a solver note never runs onto a
progress line being drawn."""

import logging

from atout.cli import format as fmt
from atout.cli.main import _StderrNotes
from atout.solver import prepare as prep
from atout.solver.precompile import COMPILE_SECONDS


def test_the_estimate_comes_from_the_measured_compile_times():
    assert prep.estimate(["tarot"], 2) == COMPILE_SECONDS["tarot"]
    assert prep.estimate(["belote", "smear"], 1) == COMPILE_SECONDS["belote"] + COMPILE_SECONDS["smear"]
    assert prep.estimate(["belote", "smear"], 2) == max(COMPILE_SECONDS["belote"], COMPILE_SECONDS["smear"])
    assert prep.estimate([], 2) == 0
    assert all(prep.search_of(game) in COMPILE_SECONDS
               for game in ("tarot", "tarocco", "belote", "tarot2", "smear", "bridge"))


def test_prepare_runs_the_compile_in_a_child_and_ticks(monkeypatch):
    """A real child process (``python -m atout.solver.precompile smear``):
    with the code on disk it loads and solves a small ending."""
    monkeypatch.setattr(prep, "to_compile", lambda games: ["smear"])
    ticks = []
    names, seconds = prep.prepare(["smear"], tick=lambda *a: ticks.append(a), every=0.5)
    assert names == ["smear"] and seconds > 0
    assert ticks and ticks[0][0] == ["smear"] and ticks[0][2] == COMPILE_SECONDS["smear"]
    assert [t[1] for t in ticks] == sorted(t[1] for t in ticks)


def test_nothing_is_said_when_the_searches_are_on_disk(monkeypatch, capsys):
    monkeypatch.setattr(prep, "to_compile", lambda games: [])
    fmt.prepare_searches(["belote"])
    assert capsys.readouterr().err == ""


def test_a_compile_is_said_before_and_after(monkeypatch, capsys):
    def fake(games, processes=2, tick=None):
        tick(["tarot"], 0.0, 154)
        tick(["tarot"], 1.0, 154)
        return ["tarot"], 150.4
    monkeypatch.setattr(prep, "prepare", fake)
    fmt.prepare_searches(["tarot"])
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert lines[0].startswith("atout: compiling the tarot solver first (first use after an install")
    assert "about 2 min 34 s" in lines[0] and "kept on disk" in lines[0]
    assert lines[1] == "atout: tarot solver compiled in 2 min 30 s"
    assert len(lines) == 2 and "\r" not in err          # not a terminal: no redrawn line


def test_a_solver_note_starts_on_a_line_of_its_own(monkeypatch, capsys):
    monkeypatch.setitem(fmt._open_line, "open", True)     # a progress bar is being drawn
    _StderrNotes().emit(logging.LogRecord("atout.solver", logging.INFO, "", 0, "compiling the X solver",
                                          None, None))
    assert capsys.readouterr().err == "\natout: compiling the X solver\n"
    assert not fmt._open_line["open"]
    _StderrNotes().emit(logging.LogRecord("atout.solver", logging.INFO, "", 0, "again", None, None))
    assert capsys.readouterr().err == "atout: again\n"


def test_a_compile_in_the_process_is_said_with_its_expected_time(capsys):
    record = logging.LogRecord("atout.solver", logging.INFO, "", 0, "compiling the tarot solver", None, None)
    record.compiling = "tarot"
    _StderrNotes().emit(record)
    expected = fmt.duration(COMPILE_SECONDS["tarot"])
    assert capsys.readouterr().err == (f"atout: compiling the tarot solver (about {expected} for tarot on an"
                                       " idle 2-core machine)\n")
