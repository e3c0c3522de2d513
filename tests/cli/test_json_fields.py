"""docs/JSON.md documents every command's `--json` fields: the fields each
command emits are exactly those documented, at the top level, in the entries
of its lists and in the solve score of every game, so they stay stable."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine import GAME_NAMES, get_game
from atout.solver.testing import late_position_text

DOC = (Path(__file__).resolve().parents[2] / "docs" / "JSON.md").read_text(encoding="utf-8")
PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"
TWO_TRICKS = "D8 DT DQ DA CA CT C8 CJ"
SMEAR_DEAL = "8.T9.8.J9 AQJ.8.T7. 7.Q.KQ.KQ K.AKJ.AJ. undealt:T9.7.9.AT87"


def documented() -> dict[str, dict[str, set]]:
    """{section title: {table title: field names}}: the first table of a
    section is its top-level fields ("" key), the ### tables those of its
    entries."""
    out: dict = {}
    for section in re.split(r"^## ", DOC, flags=re.M)[1:]:
        title, body = section.split("\n", 1)
        tables = {}
        for i, part in enumerate(re.split(r"^### ", body, flags=re.M)):
            name = "" if i == 0 else re.search(r"`(\w+)`", part.split("\n", 1)[0]).group(1)
            tables[name] = set(re.findall(r"^\| `(\w+)` \|", part, flags=re.M))
        out[title.strip()] = tables
    return out


def score_fields() -> dict[str, set]:
    part = DOC.split("The `score` object, by game:")[1].split("## ")[0]
    out = {}
    for item in re.split(r"^- ", part, flags=re.M)[1:]:
        game = item.split(":", 1)[0]
        out[game] = set(re.findall(r"`(\w+)`", item))
    return out


def emitted(*args) -> dict:
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, (args, result.output, result.exception)
    return json.loads(result.stdout)     # stderr may hold a first-compile notice


def test_every_json_command_is_documented():
    assert set(documented()) == {"atout solve --json", "atout solve --at-least V --json",
                                 "atout table --json", "atout analyse --json", "atout review --json",
                                 "atout bid --json", "atout batch --json", "atout match --json"}
    assert set(score_fields()) == set(GAME_NAMES)


def test_solve_fields():
    doc = documented()["atout solve --json"]
    data = emitted("solve", "--game", "bridge", PBN, "--declarer", "N", "--strain", "S", "--level", "2",
                   "--played", TWO_TRICKS, "--all-cards")
    assert set(data) == doc[""]
    data = emitted("solve", "--game", "bridge", PBN, "--at-least", "8", "--declarer", "N",
                   "--strain", "S", "--played", TWO_TRICKS)
    assert set(data) == documented()["atout solve --at-least V --json"][""]


def late_position(name: str, tricks_left: int = 2):
    return late_position_text(get_game(name), 2, 1, tricks_left)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_score_fields_of_every_game(name):
    deal, played = late_position(name)
    extra = ["--level", "1"] if name == "bridge" else []
    data = emitted("solve", "--game", name, deal, "--played", played, *extra)
    assert data["exact"] and set(data["score"]) == score_fields()[name]


def test_table_fields():
    data = emitted("table", "--game", "smear", SMEAR_DEAL)
    assert set(data) == documented()["atout table --json"][""]


def test_analyse_fields():
    doc = documented()["atout analyse --json"]
    data = emitted("analyse", "--game", "bridge", "N:KJ74.J8.AKJ5.AQ6 ? Q532.763.T93.875 ?",
                   "--declarer", "N", "--strain", "S", "--level", "2", "--played", TWO_TRICKS,
                   "--samples", "2", "--workers", "1")
    assert set(data) == doc[""]
    assert data["cards"] and all(set(c) == doc["cards"] for c in data["cards"])


def test_review_fields():
    doc = documented()["atout review --json"]
    data = emitted("review", "--game", "smear", SMEAR_DEAL, "--played", "CJ DT CK DA")
    assert set(data) == doc[""]
    assert len(data["cards"]) == 4 and all(set(c) == doc["cards"] for c in data["cards"])


def test_bid_fields():
    doc = documented()["atout bid --json"]
    data = emitted("bid", "--game", "smear", "--seat", "0", "8.T9.8.J9", "--samples", "2",
                   "--workers", "1")
    assert set(data) == doc[""]
    assert all(set(b) == doc["bids"] for b in data["bids"])
    assert set(data["recommendation"]) == doc["recommendation"]


def test_batch_fields(tmp_path):
    doc = documented()["atout batch --json"]
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{SMEAR_DEAL}\n{SMEAR_DEAL} bidder=0 trump=C\nnot a deal\n")
    out = tmp_path / "out.jsonl"
    data = emitted("batch", "--game", "smear", str(deals), "--out", str(out), "--workers", "1")
    assert set(data) == doc[""]
    table, solve, error = (json.loads(line) for line in out.read_text().splitlines())
    assert (set(table), set(solve), set(error)) == (doc["table"], doc["solve"], doc["error"])
    bridge = tmp_path / "bridge.txt"
    bridge.write_text(PBN + "\n")
    emitted("batch", "--game", "bridge", str(bridge), "--out", str(tmp_path / "b.jsonl"),
            "--workers", "1", "--max-nodes", "2000")
    (line,) = (json.loads(x) for x in (tmp_path / "b.jsonl").read_text().splitlines())
    assert set(line) == doc["bridge"]


def test_match_fields():
    doc = documented()["atout match --json"]
    data = emitted("match", "--game", "smear", "--players", "easy,random", "--deals", "2", "--seed", "1")
    assert set(data) == doc[""]
    for tail in data["decision_seconds"].values():
        assert set(tail) == doc["decision_seconds"]
