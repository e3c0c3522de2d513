"""Every `--help` carries one example, `Example: atout COMMAND ...`, whose
options and arguments the command accepts (click parses them); the quick
ones run."""

import re
import shlex

import pytest
from click.testing import CliRunner

from atout.cli.main import cli

COMMANDS = sorted(cli.list_commands(None))
#: examples cheap enough to run in full here (the others are parsed)
RUN = {"deal", "rules", "solve", "review", "bid"}


def example(command: str) -> str:
    args = [command, "--help"] if command else ["--help"]
    out = CliRunner().invoke(cli, args, terminal_width=80).output
    found = re.findall(r"^  Example: (atout .*?)(?:  \(.*\))?$", out, flags=re.M)
    assert len(found) == 1, out
    return found[0]


def test_every_command_is_covered():
    assert {"solve", "table", "bid", "analyse", "review", "batch", "play", "match", "serve", "deal",
            "rules"} <= set(COMMANDS)
    assert example("").startswith("atout play --game belote")


@pytest.mark.parametrize("command", COMMANDS)
def test_each_help_has_an_example_the_command_accepts(command):
    words = shlex.split(example(command))
    assert words[:2] == ["atout", command]
    group_ctx = cli.make_context("atout", [command], resilient_parsing=True)
    cmd = cli.get_command(group_ctx, command)
    cmd.make_context(command, words[2:])             # raises on an unknown option or a bad value
    if command in RUN:
        result = CliRunner().invoke(cli, words[1:])
        assert result.exit_code == 0, (words, result.output)
        assert result.output.strip()
