"""The examples of the README's section on the computer players run."""

import pathlib
import re
import shlex

from click.testing import CliRunner

from atout.cli.main import cli

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def players_section() -> str:
    text = README.read_text()
    start = text.index("## The computer players")
    return text[start:text.index("\n## ", start + 1)]


def examples(language: str) -> list:
    return re.findall(rf"```{language}\n(.*?)```", players_section(), re.S)


def test_the_python_example_plays_a_whole_deal(capsys):
    (code,) = examples("python")
    exec(compile(code, "README.md", "exec"), {})
    assert "scores" in capsys.readouterr().out


def test_the_command_examples_run():
    commands = [line for block in examples("sh") for line in block.splitlines() if line.startswith("atout ")]
    assert [c.split()[1] for c in commands] == ["play", "match"]
    runner = CliRunner()
    play = runner.invoke(cli, shlex.split(commands[0])[1:], input="hint\nquit\n")
    assert play.exit_code == 0 and "your hand:" in play.output and "hint:" in play.output
    match = runner.invoke(cli, shlex.split(commands[1])[1:])
    assert match.exit_code == 0 and "50 of 50 deal pairs" in match.output
    assert "95% interval" in match.output
