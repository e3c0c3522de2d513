"""`atout play` fed through stdin, `atout match`, and their bad input."""

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine.round import Round
from atout.engine.words import score_sentences
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


def assert_score_said(out, rnd, seat):
    """The score in sentences from the player's chair, every line of it,
    and never as a Python or JSON dict."""
    for line in score_sentences(rnd.state, rnd.score(), seat):
        assert line in out
    assert "{" not in out


def test_a_whole_belote_deal_at_the_prompt_with_mistakes_hint_and_undo():
    tokens, rnd = human_inputs("belote", 5, 0)
    lines = ["XX", "hint", tokens[0], "undo", tokens[0], "level easy"] + tokens[1:]
    result = CliRunner().invoke(cli, ["play", "--game", "belote", "--level", "easy", "--seed", "5"],
                                input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'XX' is not a choice now: choose one of pass, take" in out
    assert "hint:" in out and "undone" in out
    assert "your hand:" in out and "the deal is over." in out
    assert_score_said(out, rnd, 0)


def test_play_shows_the_tricks_and_the_legal_cards():
    tokens, rnd = human_inputs("bridge", 2, 1, level=4, strain="S", declarer="S")
    result = CliRunner().invoke(cli, ["play", "--game", "bridge", "--level", "easy", "--seed", "2", "--seat", "1",
                                      "--contract", "4S", "--declarer", "S"], input="\n".join(["hint"] + tokens) + "\n")
    assert result.exit_code == 0, result.output
    assert "hint: each legal card" in result.output
    assert "*" in result.output and "trick 13:" in result.output and "won by the opponent on your" in result.output
    assert_score_said(result.output, rnd, 1)


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
    assert_score_said(second.output, rnd, 3)


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


def test_a_match_kept_in_a_file_goes_on_where_it_stopped(tmp_path):
    """``out``: each pair is written as it finishes; a second run reads
    the pairs the file holds, plays only the rest, and the match is the one
    a single run plays (on one worker or two)."""
    from atout.players.match import run_match
    whole = run_match("belote", "easy,random", deals=5, seed=2)
    path = tmp_path / "m.jsonl"
    first = run_match("belote", "easy,random", deals=2, seed=2, out=str(path))
    assert first.resumed == 0 and len(path.read_text().splitlines()) == 3     # the match's line, 2 pairs
    for workers in (2, 1):
        again = run_match("belote", "easy,random", deals=5 if workers == 1 else 4, seed=2, workers=workers,
                          out=str(path))
        assert again.resumed == (4 if workers == 1 else 2)
    assert again.differences == whole.differences
    assert [p.said for p in again.pairs] == [p.said for p in whole.pairs]
    assert [p.results for p in again.pairs] == [p.results for p in whole.pairs]
    assert len(path.read_text().splitlines()) == 6
    # nothing is played again: fewer deals than the file holds read its first pairs
    fewer = run_match("belote", "easy,random", deals=3, seed=2, out=str(path))
    assert fewer.resumed == 3 and fewer.differences == whole.differences[:3]


def test_a_match_file_cut_in_a_line_plays_that_pair_again(tmp_path):
    from atout.players.match import run_match
    path = tmp_path / "m.jsonl"
    whole = run_match("smear", "easy,random", deals=3, seed=4, out=str(path))
    text = path.read_text()
    path.write_text(text[:len(text) - 40])       # a crash in the middle of the last pair's line
    again = run_match("smear", "easy,random", deals=3, seed=4, out=str(path))
    assert again.resumed == 2 and again.differences == whole.differences

    def untimed(lines):      # the decision times of a pair played again differ
        records = [json.loads(line) for line in lines.splitlines()]
        return [{k: v for k, v in r.items() if k not in ("times", "slowest")} for r in records]
    assert untimed(path.read_text()) == untimed(text)


def test_ctrl_c_leaves_the_finished_pairs_in_the_match_file(tmp_path, monkeypatch):
    from atout.players import match as M
    path = tmp_path / "m.jsonl"
    real = M.play_pair

    def stop_at_third(job, index, solve_fn=None):
        if index == 2:
            raise KeyboardInterrupt
        return real(job, index, solve_fn)
    monkeypatch.setattr(M, "play_pair", stop_at_third)
    stopped = M.run_match("tarot", "easy,random", deals=4, seed=3, out=str(path))
    assert stopped.interrupted and len(stopped.pairs) == 2
    monkeypatch.setattr(M, "play_pair", real)
    done = M.run_match("tarot", "easy,random", deals=4, seed=3, out=str(path))
    assert done.resumed == 2 and not done.interrupted
    assert done.differences == M.run_match("tarot", "easy,random", deals=4, seed=3).differences


def test_a_file_of_another_match_is_refused(capsys, tmp_path):
    from atout.engine.errors import OptionError
    from atout.players.match import run_match
    path = tmp_path / "m.jsonl"
    run_match("belote", "easy,random", deals=1, seed=2, out=str(path))
    kept = path.read_text()
    for other in ({"seed": 3}, {"players": "random,easy"}, {"think": 0.5}):
        kw = {"players": "easy,random", "seed": 2, **other}
        with pytest.raises(OptionError, match="holds another match"):
            run_match("belote", kw.pop("players"), deals=2, out=str(path), **kw)
    assert path.read_text() == kept
    code, out, err = run(capsys, "match", "--game", "belote", "--players", "easy,random", "--deals", "2",
                         "--seed", "9", "--out", str(path))
    assert code == 2 and "holds another match (its seed differ)" in err and len(err.strip().splitlines()) == 1
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code, out, err = run(capsys, "match", "--game", "belote", "--players", "easy,random", "--deals", "2",
                         "--out", str(notes))
    assert code == 2 and "not a file of atout match pairs" in err
    assert notes.read_text() == "my notes\n"
    notes.write_text("my notes, no newline")     # a single cut line: refused, not overwritten
    code, out, err = run(capsys, "match", "--game", "belote", "--players", "easy,random", "--deals", "2",
                         "--out", str(notes))
    assert code == 2 and "not a file of atout match pairs" in err
    assert notes.read_text() == "my notes, no newline"
    cut = tmp_path / "cut.jsonl"                  # a crash in the middle of the match's own line
    cut.write_text(kept.splitlines()[0][:30])
    code, out, err = run(capsys, "match", "--game", "belote", "--players", "easy,random", "--deals", "1",
                         "--seed", "2", "--out", str(cut))
    assert code == 0 and cut.read_text().splitlines()[0] == kept.splitlines()[0]
    code, out, err = run(capsys, "match", "--game", "belote", "--players", "easy,random", "--deals", "2",
                         "--seed", "2", "--out", str(path))
    assert code == 0 and "(1 pairs read from" in out


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


def scripted_inputs(game, seed, seat, choose, bots_level="easy", **options):
    """Like ``human_inputs``, the person's decision taken by ``choose(legal)``."""
    rnd = Round.new(game, seed=seed, **options)
    bots = {s: make_player(game, bots_level, seed=seed * 10 + s) for s in range(rnd.n_seats) if s != seat}
    tokens = []
    while not rnd.is_over():
        if rnd.to_act == seat:
            action = choose(rnd.legal_actions())
            tokens.append(action.token)
        else:
            action = bots[rnd.to_act].decide(rnd.view(rnd.to_act))
        rnd.apply(action)
    return tokens, rnd


def last_points_line(out, unit="card points"):
    return [line for line in out.splitlines() if line.startswith(f"{unit} so far:")][-1]


def test_tarot_discard_one_card_at_a_time_calls_in_words_and_points_that_end_at_the_score():
    """Seed 4: the others pass after seat 0's take; the discard prompt says
    how many cards are left; the running card points count the Excuse as the
    score does and end, with the discard, at the score's points."""
    def choose(legal):
        return next((a for a in legal if a.token == "take"), legal[0])
    tokens, rnd = scripted_inputs("tarot", 4, 0, choose)
    assert tokens[0] == "take" and rnd.score()["contract"] == "take"
    lines = ["Take"] + tokens[1:]
    result = CliRunner().invoke(cli, ["play", "--game", "tarot", "--opponents", "easy", "--seed", "4"],
                                input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "choose one of pass, take, guard, guard without the dog, guard against the dog" in out
    for left in range(6, 0, -1):
        assert f"put 6 cards aside, one card at a time: {left} still to choose" in out
    last = last_points_line(out)
    assert last.endswith("(with the discard)")
    assert f"you {rnd.score()['points']}," in last
    assert_score_said(out, rnd, 0)


def test_tarot2_running_points_count_the_excuse_and_end_at_the_score():
    tokens, rnd = human_inputs("tarot2", 2, 1)
    result = CliRunner().invoke(cli, ["play", "--game", "tarot2", "--opponents", "easy", "--seed", "2",
                                      "--seat", "1"], input="\n".join(tokens) + "\n")
    assert result.exit_code == 0, result.output
    score = rnd.score()
    assert last_points_line(result.output) == (f"card points so far: the opponent {score['points'][0]}, "
                                              f"you {score['points'][1]}")
    assert "your piles:" in result.output and "the opponent's piles:" in result.output
    assert_score_said(result.output, rnd, 1)


def test_a_guard_without_typed_in_words():
    def choose(legal):
        return next((a for a in legal if a.token == "guard_without"), legal[0])
    tokens, rnd = scripted_inputs("tarot", 4, 0, choose)
    lines = ["guard without the dog"] + tokens[1:]
    result = CliRunner().invoke(cli, ["play", "--game", "tarot", "--opponents", "easy", "--seed", "4"],
                                input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Contract: guard without the dog by you." in result.output
    assert_score_said(result.output, rnd, 0)


def test_resume_needs_only_the_file_and_think_choices(tmp_path):
    tokens, rnd = human_inputs("smear", 3, 2)
    path = tmp_path / "smear.json"
    runner = CliRunner()
    first = runner.invoke(cli, ["play", "--game", "smear", "--bot", "easy", "--seed", "3", "--seat", "2",
                                "--think", "quick"], input=f"think long\n{tokens[0]}\nsave {path}\nquit\n")
    assert first.exit_code == 0, first.output
    assert "thinking quick (0.5 s) per decision" in first.output
    assert "the computer players now think long (4 s) per decision" in first.output
    assert json.loads(path.read_text())["think"] == 4.0
    second = runner.invoke(cli, ["play", "--resume", str(path)], input="\n".join(tokens[1:]) + "\n")
    assert second.exit_code == 0, second.output
    assert_score_said(second.output, rnd, 2)


@pytest.mark.parametrize("args, message", [
    (["play", "--game", "belote", "--think", "fast"], "think 'fast': choose quick (0.5 s), normal (1.5 s), long (4 s)"),
    (["play", "--game", "belote", "--think", "0"], "think '0'"),
    (["play"], "give the game (--game GAME), or --resume FILE"),
    (["play", "--game", "belote", "--level", "easy", "--opponents", "hard"], "give one (--level is --opponents'"),
])
def test_bad_think_or_no_game_is_one_line(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and message in err and err.count("\n") == 1


def test_match_reports_the_tail_of_decision_times_and_each_game_in_words(capsys):
    """p90, p99 and the slowest decision with what it was: their presence
    and consistency, never their values (times vary)."""
    code, out, err = run(capsys, "match", "--game", "belote", "--players", "easy,random", "--deals", "2",
                         "--seed", "4", "--json")
    assert code == 0, err
    data = json.loads(out)
    for name in ("easy", "random"):
        tail = data["decision_seconds"][name]
        assert tail["decisions"] > 0
        assert 0 <= tail["median"] <= tail["p90"] <= tail["p99"] <= tail["slowest"]
        worst = tail["slowest_decision"]
        assert worst["seconds"] == tail["slowest"]
        assert worst["phase"] in ("auction", "play") and worst["game"] in (1, 2) and 0 <= worst["pair"] < 2
        assert worst["tricks_left"] is None or 1 <= worst["tricks_left"] <= 8
        assert set(worst) >= {"deals", "nodes"}
    code, text, _ = run(capsys, "match", "--game", "belote", "--players", "easy,random", "--deals", "2",
                        "--seed", "4")
    assert code == 0
    assert text.count("  the slowest: pair ") == 2 and "p90 " in text and "p99 " in text
    assert "    game 1 (A at seats 0+2): " in text and "    game 2 (A at seats 1+3): " in text


def test_the_slowest_search_decision_says_its_deals_and_nodes():
    from atout.players.match import run_match
    result = run_match("bridge", "medium:samples=2,random", deals=1, seed=1, options={"level": 3})
    worst = result.tail("A")["slowest_decision"]
    assert worst["phase"] == "play" and worst["deals"] >= 1 and worst["nodes"] >= 0


def test_a_decision_says_the_cards_its_greedy_playouts_played():
    """Work the node budget does not count (tarot2's first cards play tens of
    thousands): counted for the report of the slowest decision."""
    from atout.engine.round import Round
    from atout.players.match import decision_facts
    from atout.players.search import SearchPlayer
    from atout.cli.play import slowest_text
    rnd = Round.new("tarot2", seed=3)
    player = SearchPlayer("tarot2", 0, level="medium", samples=2, max_nodes=20_000)
    view = rnd.view(rnd.to_act)
    legal = len(view.legal)
    player.decide(view)
    facts = decision_facts(player, rnd, view, 0.5, 0, 1)
    # every legal card played out on each of the 2 deals, from the first trick to the end
    assert facts["deals"] == 2 and facts["playout_cards"] > 2 * legal * 20
    assert f"{facts['playout_cards']:,} cards of greedy playouts" in slowest_text(facts)


def test_ctrl_c_inside_a_decisions_solve_stops_the_match(monkeypatch):
    """Ctrl-C while a search player's solve runs: the solver takes it as
    "stop this search", but the match must stop there too (at the first
    Ctrl-C), with the pairs finished before it, and no further search."""
    from atout.players.match import run_match
    from atout.solver.encoding.point import GamePosition
    probe = GamePosition.probe
    calls = {"n": 0, "after": 0, "ctrl_c_at": None}

    def counting(self, *args):
        calls["n"] += 1
        if calls["n"] == calls["ctrl_c_at"]:
            raise KeyboardInterrupt         # as Python raises it when the kernel returns
        if calls["ctrl_c_at"] is not None and calls["n"] > calls["ctrl_c_at"]:
            calls["after"] += 1
        return probe(self, *args)
    monkeypatch.setattr(GamePosition, "probe", counting)
    # the probes at the end of each pair, to aim the Ctrl-C into the third pair's solves
    ends = []
    run_match("belote", "medium,easy", deals=3, seed=5, progress=lambda done, total: ends.append(calls["n"]))
    assert ends[2] - ends[1] > 100, "the third pair searched too little for the test to mean anything"
    calls.update(n=0, ctrl_c_at=(ends[1] + ends[2]) // 2)
    result = run_match("belote", "medium,easy", deals=3, seed=5)
    assert result.interrupted and len(result.pairs) == 2
    assert calls["after"] == 0
    assert result.differences == run_match("belote", "medium,easy", deals=2, seed=5).differences


def test_match_help_names_every_player_option():
    from atout.players.match import PLAYER_OPTIONS
    text = " ".join(CliRunner().invoke(cli, ["match", "--help"]).output.split())
    missing = [o for o in PLAYER_OPTIONS if o not in text]
    assert not missing, f"atout match --help does not name {missing}"


def test_a_players_own_think_time_overrides_the_matchs(monkeypatch):
    """``hard:think_ms=N`` thinks N ms a decision, the other player as the
    match says (here: its node budget alone), so a think time can be
    measured against a level as it is."""
    from atout.players import match
    from atout.players.match import parse_player
    thinks = []
    real = match.make_player

    def recording(game, level, seed=0, think=None, **options):
        thinks.append((level, think, tuple(sorted(options))))
        return real(game, level, seed=seed, think=think, **options)
    monkeypatch.setattr(match, "make_player", recording)
    match.run_match("smear", "medium:think_ms=250;samples=2,easy", deals=1, seed=1)
    assert set(thinks) == {("medium", 0.25, ("samples",)), ("easy", None, ())}
    thinks.clear()
    match.run_match("smear", "medium:samples=2,easy", deals=1, seed=1, think=0.5)
    assert set(thinks) == {("medium", 0.5, ("samples",)), ("easy", 0.5, ())}
    with pytest.raises(ValueError, match="think time above 0"):
        parse_player("hard:think_ms=0")
