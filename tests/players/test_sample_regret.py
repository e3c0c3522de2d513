"""bench/sample_regret.py: a candidate's pick judged by a reference player's
values on more deals (docs/STRENGTH.md's sample-count figures)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import sample_regret  # noqa: E402
from atout.players.match import parse_player  # noqa: E402


def test_a_position_is_the_first_trick_start_at_or_below_the_tricks_asked():
    view = sample_regret.position("bridge", 5, 5)
    assert view.phase == "play" and len(view.hand) == 5 and len(view.played) == 4 * 8
    assert sample_regret.position("belote", 1, 5) is None      # every seat passed: no play


def test_regret_is_the_references_best_value_less_its_value_of_the_pick(monkeypatch):
    specs = [parse_player("hard:samples=2"), parse_player("hard:samples=8")]
    results = sample_regret.regrets("bridge", range(4), [4], reference=12, specs=specs)
    assert set(results) == {s.name for s in specs}
    for rows in results.values():
        assert len(rows) >= 3            # most positions have more than one legal card
        assert all(regret >= 0 and seconds > 0 for regret, seconds in rows)
    # a candidate that draws the reference's own deals picks its best card
    same = parse_player("hard:samples=12;decision_nodes=0")
    monkeypatch.setattr(sample_regret, "REFERENCE_SEED", 0)
    exact = sample_regret.regrets("bridge", range(4), [4], reference=12, specs=[same])
    assert all(regret == 0 for regret, _s in exact[same.name])
    assert "mean regret 0.00" in sample_regret.summary(exact)[0]
