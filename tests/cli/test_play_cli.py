"""`atout play` fed through stdin, `atout match`, and their bad input."""

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine.round import Round
from atout.players import make_player

from cli_run import run


def human_inputs(game, seed, seat, bots_level="easy", **options):
    """The tokens a person at ``seat`` types to play the first legal
    decision each time, the bots playing as `atout play` seeds them."""
    rnd = Round.new(game, seed=seed, **options)
    bots = {s: make_player(game, bots_level, seed=seed * 10 + s) for s in range(rnd.n_seats) if s != seat}
    tokens = []
    while not rnd.is_over():
        if rnd.to_act == seat:
            legal = rnd.legal_actions()
            action = legal[-1] if legal[0].kind == "bid" else legal[0]   # bid, not pass
            tokens.append(action.token)
        else:
            action = bots[rnd.to_act].decide(rnd.view(rnd.to_act))
        rnd.apply(action)
    return tokens, rnd


def test_a_whole_belote_deal_at_the_prompt_with_mistakes_hint_and_undo():
    tokens, rnd = human_inputs("belote", 5, 0)
    lines = ["XX", "hint", tokens[0], "undo", tokens[0], "level easy"] + tokens[1:]
    result = CliRunner().invoke(cli, ["play", "--game", "belote", "--level", "easy", "--seed", "5"],
                                input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "unknown card 'XX'" in out or "illegal bid 'XX'" in out
    assert "hint:" in out and "undone" in out
    assert "your hand:" in out and "the deal is over. score:" in out
    assert f"your result: {rnd.seat_result(0):+g}" in out


def test_play_shows_the_tricks_and_the_legal_cards():
    tokens, rnd = human_inputs("bridge", 2, 1, level=4, strain="S", declarer="S")
    result = CliRunner().invoke(cli, ["play", "--game", "bridge", "--level", "easy", "--seed", "2", "--seat", "1",
                                      "--contract", "4S", "--declarer", "S"], input="\n".join(["hint"] + tokens) + "\n")
    assert result.exit_code == 0, result.output
    assert "hint: each legal card" in result.output
    assert "*" in result.output and "trick 13:" in result.output and "won by seat" in result.output
    assert f"your result: {rnd.seat_result(1):+g}" in result.output


def test_save_then_resume_finishes_the_same_deal(tmp_path):
    tokens, rnd = human_inputs("tarocco", 3, 3)
    path = tmp_path / "game.json"
    runner = CliRunner()
    first = runner.invoke(cli, ["play", "--game", "tarocco", "--level", "easy", "--seed", "3", "--seat", "3"],
                          input=f"{tokens[0]}\nsave {path}\nquit\n")
    assert first.exit_code == 0, first.output
    assert "saved to" in first.output and not (tmp_path / "game.json.tmp").exists()
    saved = json.loads(path.read_text())
    assert saved["seat"] == 3 and saved["round"]["actions"][0] == tokens[0]
    second = runner.invoke(cli, ["play", "--game", "tarocco", "--resume", str(path)],
                           input="\n".join(tokens[1:]) + "\n")
    assert second.exit_code == 0, second.output
    assert f"your result: {rnd.seat_result(3):+g}" in second.output


def test_end_of_input_quits_cleanly():
    result = CliRunner().invoke(cli, ["play", "--game", "smear", "--level", "random"], input="")
    assert result.exit_code == 0 and "quit" in result.output


@pytest.mark.parametrize("args, message", [
    (["play", "--game", "tarot", "--level", "expert"], "expert"),
    (["play", "--game", "tarot2", "--seat", "2"], "seat 2"),
    (["play", "--game", "tarot", "--partner-level", "easy"], "no partners"),
    (["play", "--game", "belote", "--resume", "/nonexistent/save.json"], "cannot read save file"),
    (["play", "--game", "tarot", "--widow", "2"], "--widow"),
    (["match", "--game", "belote", "--players", "easy,random", "--deals", "0"], "--deals 0"),
    (["match", "--game", "belote", "--players", "easy"], "two players"),
    (["match", "--game", "belote", "--players", "easy,genius"], "unknown level"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("atout: error:") and message in err and err.count("\n") == 1


def test_an_unreadable_save_file_is_an_error(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    code, _, err = run(capsys, "play", "--game", "belote", "--resume", str(path))
    assert code == 2 and "cannot read save file" in err


def test_match_reports_pairs_mean_interval_record_and_times(capsys):
    code, out, err = run(capsys, "match", "--game", "smear", "--players", "easy,random", "--deals", "4",
                         "--seed", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["pairs"] == 4 and len(data["differences"]) == 4
    assert data["wins"] + data["draws"] + data["losses"] == 4
    assert data["mean"] == pytest.approx(sum(data["differences"]) / 4)
    low, high = data["ci95"]
    assert low <= data["mean"] <= high
    assert set(data["decision_seconds"]) == {"easy", "random"}
    code, text, _ = run(capsys, "match", "--game", "smear", "--players", "easy,random", "--deals", "4",
                        "--seed", "1")
    assert "mean difference (A - B)" in text and "95% interval" in text and "median" in text


def test_match_is_the_same_on_any_number_of_workers():
    from atout.players.match import run_match
    one = run_match("belote", "easy,random", deals=3, seed=2, workers=1)
    two = run_match("belote", "easy,random", deals=3, seed=2, workers=2)
    assert one.differences == two.differences
    assert [p.scores for p in one.pairs] == [p.scores for p in two.pairs]


def test_duplicate_pairs_cancel_the_luck_of_the_deal():
    """A player against itself: every pair's difference is zero."""
    from atout.players.match import run_match
    result = run_match("tarot", "easy,easy", deals=3, seed=0)
    assert result.differences == [0, 0, 0]


def test_ctrl_c_returns_the_pairs_finished():
    from atout.players.match import run_match

    def progress(done, total):
        if done == 2:
            raise KeyboardInterrupt
    result = run_match("smear", "easy,random", deals=5, seed=3, progress=progress)
    assert result.interrupted and len(result.pairs) == 2
    assert result.differences == run_match("smear", "easy,random", deals=2, seed=3).differences
