"""The `atout solve` and `atout table` commands."""

import json

import pytest


from cli_run import run

PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"
#: 9 cards played: the solve starts mid-trick with 10 tricks and a card left
PLAYED = "CJ CA C2 C5 DA D2 D3 D4 HJ"


def test_solve_json_has_every_field(capsys):
    code, out, _ = run(capsys, "solve", "--game", "bridge", PBN, "--declarer", "S", "--strain", "NT",
                       "--played", PLAYED, "--all-cards", "--level", "1", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("value", "score", "made", "line", "cards", "exact", "nodes", "seconds"):
        assert key in data
    assert data["exact"] and data["score"]["tricks"] == data["value"]
    assert data["made"] == (data["value"] >= 7)
    assert len(data["line"]) == 52 - 9
    # East to play: every legal heart has a value, the best is the value
    assert data["cards"] and min(data["cards"].values()) == data["value"]


def test_solve_readable_output(capsys):
    code, out, _ = run(capsys, "solve", "--game", "bridge", PBN, "--declarer", "S", "--strain", "H",
                       "--played", "CJ CA C2 C5", "--all-cards")
    assert code == 0
    assert "value:" in out and "optimal line:" in out and "trick  2: N leads" in out
    assert "♦" not in out and "♠" not in out    # piped: letters, as the input takes them
    assert "result: 3 tricks for N-S" in out


def test_table_json(capsys):
    code, out, _ = run(capsys, "table", "--json", "--game", "belote",
                       "Q7..Q97.AK8 A.ATQ9.T8.Q T8.K87.J.J7 KJ9.J.AK.T9")
    assert code == 0, out
    data = json.loads(out)
    assert set(data) == {"table", "seconds", "interrupted"} and not data["interrupted"]
    assert set(data["table"]) == {"S", "H", "D", "C"}


@pytest.mark.parametrize("args, message", [
    (["solve", "--game", "bridge", "N:KJ74"], "1 hand given, a bridge deal has 4"),
    (["solve", "--game", "bridge", PBN, "--played", "SA"], "does not hold"),
    (["solve", "--game", "bridge", PBN, "--trump", "S"], "does not apply"),
    (["solve", "--game", "bridge", PBN, "--strain", "X"], "unknown strain"),
    (["table", "--game", "bridge", "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875"], "3 hands"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("atout: error:") and message in err and err.count("\n") == 1


def test_tables_of_the_other_games_and_bounds_under_a_node_limit(capsys):
    from atout.engine import get_game
    smear = get_game("smear")
    code, out, _ = run(capsys, "table", "--game", "smear", smear.format_deal(smear.random_deal(3)),
                       "--json")
    assert code == 0
    data = json.loads(out)["table"]
    assert set(data) == {"S", "H", "D", "C"}
    assert all(v is None or 0 <= v <= 4 for v in data.values())
    code, out, _ = run(capsys, "table", "--game", "bridge", PBN, "--max-nodes", "50", "--json")
    assert code == 0
    table = json.loads(out)["table"]
    # DDS: N 4 7 3 8 6 / E 9 5 9 5 6 / S 3 6 3 7 3 / W 9 6 10 5 6 (C D H S NT)
    dds = {"N": [4, 7, 3, 8, 6], "E": [9, 5, 9, 5, 6], "S": [3, 6, 3, 7, 3], "W": [9, 6, 10, 5, 6]}
    for seat, row in table.items():
        for strain, exact in zip(["C", "D", "H", "S", "NT"], dds[seat]):
            v = row[strain]
            lo, hi = (v, v) if isinstance(v, int) else v
            assert lo <= exact <= hi


def test_full_tarot_deal_is_bounded_by_default(monkeypatch):
    """Without --max-nodes, a full tarot deal stops at the default limit and
    says so, instead of running for hours."""
    import json as _json

    from click.testing import CliRunner

    from atout.cli.main import cli
    from atout.engine import get_game
    monkeypatch.setitem(get_game("tarot").node_limits, "solve", 5000)
    deal = get_game("tarot").format_deal(get_game("tarot").random_deal(1))
    out = CliRunner().invoke(cli, ["solve", "--game", "tarot", deal, "--contract", "guard_without", "--json"])
    assert out.exit_code == 0, out.output
    data = _json.loads(out.stdout)     # stderr may hold a first-compile notice
    assert data["exact"] is False and data["value"] is None and data["nodes"] <= 5001 + 1
    assert data["lower"] <= data["upper"]


def test_bounds_first_narrows_where_the_contract_question_takes_the_limit(capsys):
    """A full tarocco deal whose contract's question (0+2 reach 58) does not
    settle in 300,000 nodes: by default nothing else is proven; with
    --bounds-first both ends of the value move, and they hold it."""
    from atout.engine import get_game
    game = get_game("tarocco")
    deal = game.format_deal(game.random_deal(11_001))
    base = ["solve", "--game", "tarocco", deal, "--max-nodes", "300000", "--json"]
    code, out, _ = run(capsys, *base)
    plain = json.loads(out)
    code2, out, _ = run(capsys, *base, "--bounds-first")
    first = json.loads(out)
    assert code == code2 == 0 and not plain["exact"] and not first["exact"]
    assert first["nodes"] <= 300_001
    assert plain["lower"] <= first["lower"] and first["upper"] <= plain["upper"]
    assert first["upper"] - first["lower"] < plain["upper"] - plain["lower"]


def test_at_least_answers_the_one_question_on_both_sides_of_the_value(capsys):
    """--at-least is yes up to the solved value and no above it; tarot's
    half points round up (a margin of at least 0.25 point needs 0.5)."""
    base = ["solve", "--game", "bridge", PBN, "--declarer", "S", "--strain", "NT", "--played", PLAYED]
    _, out, _ = run(capsys, *base, "--json")
    value = json.loads(out)["value"]
    for target, reached in ((value, True), (value + 1, False), (value - 0.5, True)):
        code, out, _ = run(capsys, *base, "--at-least", str(target), "--json")
        data = json.loads(out)
        assert code == 0 and data["reached"] is reached and data["exact"], (target, data)
        assert data["nodes"] > 0 and set(data) >= {"at_least", "reached", "nodes", "seconds"}
    code, out, _ = run(capsys, *base, "--at-least", str(value + 1))
    assert code == 0 and out.startswith(f"at least {value + 1} (tricks") and ": no" in out


def test_at_least_rounds_up_to_half_points_and_says_when_undecided(capsys, monkeypatch):
    from atout.solver import driver as api
    asked = []
    real = api.Solver.reaches

    def spy(self, state, target, **limits):
        asked.append(target)
        return real(self, state, target, **limits)

    monkeypatch.setattr(api.Solver, "reaches", spy)
    code, out, _ = run(capsys, "deal", "--game", "tarot", "--seed", "3")
    deal = out.strip()
    code, out, _ = run(capsys, "solve", "--game", "tarot", deal, "--at-least", "0.25",
                       "--max-nodes", "50")
    assert code == 0 and asked == [1]     # 0.25 point = 0.5 half point: at least 1
    assert "at least 0.50" in out and "not decided" in out and "--max-nodes" in out


def test_at_least_does_not_go_with_all_cards(capsys):
    code, _, err = run(capsys, "solve", "--game", "bridge", PBN, "--declarer", "S", "--strain", "NT",
                       "--at-least", "7", "--all-cards")
    assert code == 2 and err.count("\n") == 1 and "--at-least" in err
