"""Every example of the README (and of the parts of it moved to docs/) runs:
each complete `atout ...` command, in a code block or inline, exits 0 (run
in-process), and the deals the Notation section shows are those `atout deal
--game G --seed 1` prints."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine import GAME_NAMES

README = Path(__file__).resolve().parents[2] / "README.md"
#: the parts of the README moved to docs/: their examples run too
DOCS = [README.parent / "docs" / name for name in ("COMMANDS.md", "BATCH.md", "BROWSER.md", "TESTING.md")]

#: options whose value, when it is a capital letter or word, is a placeholder
#: of a template (`--game G`, `--seed N`, `--seat K`), not a value
VALUE_OPTIONS = {"--game", "-g", "--seed", "--samples", "--workers", "--seat", "--max-nodes",
                 "--max-seconds", "--at-least", "--resume"}


def readme_commands(text: str) -> list[str]:
    """The `atout ...` commands of the README: whole lines of code blocks
    (after any `pip install ... &&` prefix) and inline code spans."""
    commands = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            for part in line.split("&&"):
                if part.strip().startswith("atout "):
                    commands.append(part.strip())
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    commands += [span.strip() for span in re.findall(r"`(atout [^`]+)`", prose)]
    return commands


def is_template(command: str) -> bool:
    """A command with placeholders (`atout rules G`, `[--json]`, `"DEAL"`)
    describes a form, and a bare `atout solve` names a command: neither is
    an example to run."""
    if "[" in command or "..." in command:
        return True
    words = shlex.split(command)[1:]
    if len(words) == 1 and not words[0].startswith("-"):
        return True     # `atout solve` names a command in the prose
    for i, word in enumerate(words):
        placeholder = bool(re.fullmatch(r"[A-Z][A-Z ]*", word))
        positional = not word.startswith("-") and (i == 0 or not words[i - 1].startswith("--")
                                                   or words[i - 1] in ("--all-cards", "--json"))
        if placeholder and (positional or words[i - 1] in VALUE_OPTIONS):
            return True
    return False


COMMANDS = [c for path in [README, *DOCS] for c in readme_commands(path.read_text(encoding="utf-8"))]
EXAMPLES = [c for c in COMMANDS if not is_template(c)]


def test_the_readme_has_examples_and_templates():
    # the extraction itself: both install lines' commands, the analyse example,
    # and the command list's templates are found
    assert any(c.startswith("atout solve --game belote") for c in EXAMPLES)
    assert any(c.startswith("atout analyse --game bridge") for c in EXAMPLES)
    assert "atout rules G" in COMMANDS and "atout rules G" not in EXAMPLES
    assert "atout --help" in EXAMPLES
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("command", EXAMPLES)
def test_readme_example_runs(command):
    result = CliRunner().invoke(cli, shlex.split(command)[1:])
    assert result.exit_code == 0, (command, result.output, result.exception)
    assert result.output.strip()
    if command.startswith("atout deal"):     # the deal it prints is the one the README shows
        assert f"`{result.output.strip()}`" in README.read_text(encoding="utf-8")


def test_the_deals_of_the_notation_section_are_those_atout_deal_prints():
    text = README.read_text(encoding="utf-8")
    shown = 0
    for name in GAME_NAMES:
        result = CliRunner().invoke(cli, ["deal", "--game", name, "--seed", "1"])
        assert result.exit_code == 0
        if f"- **{name}**" in text:
            assert f"`{result.output.strip()}`" in text, name
            shown += 1
    assert shown == len(GAME_NAMES)


def test_ci_runs_the_readme_test_command():
    """`.ci/run` installs the test extra and runs the README's second command
    (the one after "Install and run the tests"), word for word (the install
    line may add --quiet)."""
    readme = README.read_text(encoding="utf-8")
    block = re.search(r"Install and run the tests:\n\n```sh\n(.*?)\n```", readme, flags=re.S).group(1)
    install, tests = (part.strip() for part in block.split("&&"))
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    quiet = [[w for w in line.split() if w != "--quiet"] for line in ci]
    assert install.split() in quiet, install     # CI's install line, less its --quiet
    assert ci[-1].strip().endswith(tests), (ci[-1], tests)
