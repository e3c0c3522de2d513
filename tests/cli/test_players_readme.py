"""The README's examples of playing and of the Python API run: the terminal
game, the match, and the two Python programs."""

import pathlib
import re
import shlex

from click.testing import CliRunner

from atout.cli.main import cli

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    text = README.read_text()
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def examples(title: str, language: str) -> list:
    return re.findall(rf"```{language}\n(.*?)```", section(title), re.S)


def commands(title: str) -> list:
    return [line for block in examples(title, "sh") for line in block.splitlines() if line.startswith("atout ")]


def test_the_python_examples_play_a_whole_deal_and_solve_one(capsys):
    play, solve = examples("The Python API", "python")
    exec(compile(play, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "scores" in out and ("You" in out or "you" in out) and "{" in out.splitlines()[0]
    exec(compile(solve, "README.md", "exec"), {})
    assert capsys.readouterr().out.startswith("114 {")


def test_the_terminal_game_example_runs():
    (play,) = [c for c in commands("Play a game") if c.startswith("atout play")]
    result = CliRunner().invoke(cli, shlex.split(play)[1:], input="hint\nquit\n")
    assert result.exit_code == 0 and "your hand:" in result.output and "hint:" in result.output


def test_the_match_example_runs():
    (match,) = commands("The computer players")
    result = CliRunner().invoke(cli, shlex.split(match)[1:])
    assert result.exit_code == 0 and "50 of 50 deal pairs" in result.output
    assert "95% interval" in result.output and "p99" in result.output
