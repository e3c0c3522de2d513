"""`atout rules G`: the rules of every game in full, from the rule book in
the repository (engine/RULES.md), with nothing pointing outside it."""

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine import GAME_NAMES
from atout.engine.rulebook import RULES_FILE, sections

#: rules each game's text must state (a few per game, the ones easiest to get wrong)
KEY_RULES = {
    "tarot": ["56", "51", "41", "36", "guard against", "Petit au bout", "Excuse",
              "higher than every trump", "-S/3", "handful", "misery", "91"],
    "tarocco": ["62", "114", "Matto", "57 each is a draw", "Nobody has to beat", "discard",
                "Cups (C) and Coins (D)"],
    "belote": ["J 9 A 10 K Q 8 7", "A 10 K Q J 9 8 7", "162", "252", "Belote-Rebelote",
               "partner is winning", "undertrump", "turned", "no forced undertrump",
               "no overtrump duty over a partner", "a tie\nis made"],
    "tarot2": ["six piles", "face up", "25 + margin", "-0.5", "Petit", "first leader"],
    "smear": ["High", "Low", "Jack", "Game", "widow", "15", "redeals", "undealt:"],
    "bridge": ["declarer's left", "N, E, S, W", "DDS", "PBN"],
}


def test_the_rule_book_has_a_section_per_game():
    assert set(sections()) == {"common", *GAME_NAMES}
    assert set(KEY_RULES) == set(GAME_NAMES)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_prints_the_games_rules_in_full(game):
    result = CliRunner().invoke(cli, ["rules", game])
    assert result.exit_code == 0
    out = result.output
    text = " ".join(out.split())        # the phrases may wrap
    for phrase in KEY_RULES[game]:
        assert " ".join(phrase.split()) in text, (game, phrase)
    assert "Seats are numbered in the order in which they play" in out   # the common rules
    assert len(out.splitlines()) >= 20 or game == "bridge"
    assert "section" not in out and "shared" not in out   # nothing outside the repository
    # the whole section, not an excerpt
    assert " ".join(sections()[game].split()) in text


def test_the_rule_book_is_in_the_repository_and_the_readme_cites_it():
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    assert RULES_FILE.resolve() == (root / "engine" / "RULES.md").resolve()
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "engine/RULES.md" in readme and "shared folder" not in readme
