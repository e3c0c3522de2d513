"""bench/user_speed.py (docs/SPEED.md's figures of what a user meets): each
part runs on a small sample and its report names every figure."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import user_speed  # noqa: E402


def test_ratios_are_per_deal_and_in_total():
    r = user_speed.ratio([1.0, 4.0, 3.0], [1.0, 2.0, 1.0])
    assert r["median"] == 2.0 and r["max"] == 3.0 and r["total"] == 2.0


def test_the_tarot_and_startup_parts_run_and_report(capsys):
    out = {"date": "d", "load at start": "0 0 0",
           "tarot": user_speed.tarot(1), "startup": user_speed.startup(1, None)}
    assert out["tarot"]["settled"] == 1 and out["tarot"]["json seconds"]["count"] == 1
    assert isinstance(out["startup"]["after / first - next / wall"], float)   # a figure, not a timing test
    text = user_speed.report(out)
    assert "tarot contract question" in text and "one-deal table command" in text


def test_the_bridge_part_runs_against_dds():
    pytest.importorskip("endplay")
    info = user_speed.bridge(1, 6000, block=1)
    assert set(info["ratios"]) >= {"atout 1t / dds 1t", "cli 1t json / dds 1t"}
    assert "bridge, 1 deals" in user_speed.report({"date": "d", "load at start": "0",
                                                    "bridge": info})
