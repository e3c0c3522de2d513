"""The commands' text output explains itself: the contract with the defaults
that were applied, bridge seats as N E S W, sides by their seats, which way
is good for the player on turn, a score in words, and no Python internals
(``Fraction(``, ``None``, tuples, lists)."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine import GAME_NAMES, get_game
from atout.solver.testing import late_position_text

PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"
#: two tricks of North's 2S (E leads)
TWO_TRICKS = "D8 DT DQ DA CA CT C8 CJ"

#: what Python leaves in text when a value is printed raw
LEAKS = re.compile(r"Fraction\(|None|\(\d+, -?\d+\)|\[-?\d|\{'|_side|[a-z]_[a-z]")


def run(*args) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.output


def no_leak(text: str) -> None:
    assert not LEAKS.search(text), LEAKS.search(text).group(0) + " in:\n" + text


def late_position(name: str, tricks_left: int = 3):
    return late_position_text(get_game(name), 1, 0, tricks_left)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_solve_text_states_the_contract_the_direction_and_the_score_in_words(name):
    deal, played = late_position(name)
    out = run("solve", "--game", name, deal, "--played", played, "--all-cards")
    no_leak(out)
    assert out.startswith("contract: ")
    assert re.search(r"cards of \S+( \d)?, best first \((higher|lower) is better for ", out)
    assert "\nresult: " in out
    if name == "bridge":
        assert "seat" not in out and "side 0" not in out
        assert "(defaults applied: --declarer S --strain NT)" in out
        assert "tricks for N-S" in out
    if name == "belote":
        assert "(defaults applied: --trump H --taker 0)" in out and "seats 0+2" in out
    if name == "tarot":
        assert "guard by seat 0, discard " in out and "--contract guard" in out
    if name == "smear":
        assert "High seats" in out and "high 0" not in out


def test_given_options_are_not_called_defaults():
    out = run("solve", "--game", "bridge", PBN, "--declarer", "N", "--strain", "S", "--level", "2",
              "--played", TWO_TRICKS + " SK")
    assert out.startswith("contract: 2S by N\n")
    assert "defaults" not in out
    # East's card after North leads: the defenders want the value low
    out = run("solve", "--game", "bridge", PBN, "--declarer", "N", "--strain", "S", "--played",
              TWO_TRICKS + " SK", "--all-cards")
    assert "cards of E, best first (lower is better for E):" in out
    rows = out.split("best first")[1].split("optimal")[0].splitlines()[1:]
    values = [int(line.split()[-1]) for line in rows]
    assert values == sorted(values)          # best first for East: lowest first


def test_table_says_what_its_rows_are():
    deal = get_game("smear").format_deal(get_game("smear").random_deal(1))
    out = run("table", "--game", "smear", deal)
    assert out.startswith("rows: the trump suit") and "None" not in out


def test_review_names_bridge_seats():
    out = run("review", "--game", "bridge", PBN, "--declarer", "N", "--strain", "S",
              "--played", "D8 DT DQ DA")
    no_leak(out)
    assert out.startswith("contract: declarer N, strain S\n")
    assert "  E         D8" in out and "seat" not in out


def test_review_of_a_whole_deal_ends_with_its_score_in_words():
    from atout.engine.words import score_sentences
    game = get_game("bridge")
    state = game.new_state(game.parse_deal(PBN), declarer="N", strain="S", level=2)
    played = []
    while not state.is_over():
        card = min(state.legal_cards())
        played.append(game.deck.token(card))
        state.play(card)
    out = run("review", "--game", "bridge", PBN, "--declarer", "N", "--strain", "S", "--level", "2",
              "--played", " ".join(played))
    no_leak(out)
    sentences = score_sentences(state, state.score())
    assert out.rstrip().endswith("\n".join(sentences))
    assert sentences[0].startswith(("N-S won: N made 2S", "E-W won: N went down"))


def test_analyse_bridge_names_seats_and_sides():
    out = run("analyse", "--game", "bridge", "N:KJ74.J8.AKJ5.AQ6 ? Q532.763.T93.875 ?",
              "--declarer", "N", "--strain", "S", "--level", "2", "--played", TWO_TRICKS,
              "--samples", "3", "--workers", "1")
    no_leak(out)
    assert out.startswith("bridge: N to play")
    assert "higher is better for N; cards best first" in out
    assert "P(made): the probability that N-S make the contract" in out


def test_analyse_tarocco_has_no_declarer():
    deal, played = late_position("tarocco", tricks_left=2)
    game = get_game("tarocco")
    seat = game.state_after(game.parse_deal(deal), game.parse_cards(played)).to_play
    hands = deal.split()
    partial = " ".join([h if i == seat or i == 4 else "?" for i, h in enumerate(hands)])
    out = run("analyse", "--game", "tarocco", partial, "--played", played, "--samples", "2",
              "--workers", "1")
    no_leak(out)
    assert "P(0+2 win): the probability that seats 0+2 win" in out
    assert "won/lost/unsettled" in out and "declaring" not in out.split("expected")[0]


# -- histograms: bins, not one row per value ------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_histogram_bins_keep_every_sample_in_a_few_rows(seed):
    from atout.cli.format import histogram_bins, histogram_lines
    rng = random.Random(seed)
    step = 0.5 if seed % 2 else 1       # tarot margins come in half points
    counts = {}
    for _ in range(rng.randint(1, 300)):
        v = rng.randint(-120, 250) * step if seed < 4 else rng.randint(0, 4)
        counts[v] = counts.get(v, 0) + 1
    step = 1 if all(float(v).is_integer() for v in counts) else 0.5
    bins = histogram_bins(counts)
    assert 1 <= len(bins) <= 12 and len(histogram_lines(counts)) == len(bins)
    assert sum(n for _, _, n in bins) == sum(counts.values())
    for value, n in counts.items():      # each value falls in exactly one bin
        assert sum(1 for lo, hi, _ in bins if lo <= value <= hi) == 1
    for (_, hi, _), (lo, _, _) in zip(bins, bins[1:]):
        assert lo - hi == step           # contiguous
    if len(counts) <= 12 and step == 1 and max(counts) - min(counts) < 12:
        assert all(lo == hi for lo, hi, _ in bins)   # few values: one row each


def test_belote_spread_is_binned():
    from atout.cli.format import histogram_lines
    counts = {v: 1 for v in range(40, 163, 2)}        # 62 distinct Belote values
    lines = histogram_lines(counts)
    assert len(lines) <= 12 and lines[0].split()[0] == "40..59"


# -- colour and suit symbols on a terminal, plain text in a pipe ----------------------------

SOLVE = ["solve", "--game", "bridge", PBN, "--declarer", "N", "--strain", "S", "--played", TWO_TRICKS,
         "--all-cards"]


def test_piped_output_is_plain_and_its_cards_are_input():
    out = run(*SOLVE)
    assert "\x1b[" not in out and not re.search("[♠♥♦♣]", out)
    line = next(l for l in out.splitlines() if l.startswith("  trick  3"))
    cards = line.split("leads")[1].split("won")[0]
    assert len(get_game("bridge").parse_cards(cards)) == 4


def test_a_terminal_gets_symbols_and_red_suits(monkeypatch):
    from atout.cli import format as fmt
    monkeypatch.setattr(fmt, "on_terminal", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = CliRunner().invoke(cli, SOLVE, color=True).output
    assert "\x1b[31mK♦\x1b[0m" in out and "7♠" in out
    # the columns stay aligned: the colour codes take no room
    plain = fmt.click.unstyle(out)
    rows = plain.split("best first")[1].split("optimal line")[0].splitlines()[1:]
    assert len(rows) > 3 and len({len(r) - len(r.split()[-1]) for r in rows}) == 1
    # the symbols are input too
    line = next(l for l in out.splitlines() if l.startswith("  trick  3"))
    cards = fmt.click.unstyle(line).split("leads")[1].split("won")[0]
    assert len(get_game("bridge").parse_cards(cards)) == 4


def test_no_color_keeps_the_symbols_without_colour(monkeypatch):
    from atout.cli import format as fmt
    monkeypatch.setattr(fmt, "on_terminal", lambda: True)
    monkeypatch.setenv("NO_COLOR", "1")
    out = CliRunner().invoke(cli, SOLVE, color=True).output
    assert "\x1b[" not in out and "K♦" in out


@pytest.mark.parametrize("typed, token", [("♣T", "CT"), ("♠K", "SK"), ("K♠", "SK"), ("♡2", "H2"),
                                          ("♦10", "DT"), ("s10", "ST"), ("HA", "HA")])
def test_cards_may_be_typed_with_suit_symbols(typed, token):
    deck = get_game("bridge").deck
    assert deck.token(deck.parse_card(typed)) == token


def test_symbols_in_tarot_and_options():
    deck = get_game("tarot").deck
    assert deck.token(deck.parse_card("♥C")) == "HC" and deck.token(deck.parse_card("10")) == "10"
    deal = "KQ8.J9.8.Q9 A7.K8.TJ7.T T.ATQ.AKQ.K J9.7.9.AJ87"
    typed = run("solve", "--game", "belote", deal, "--trump", "♥", "--played", "♣9 T♣",
                "--at-least", "100")
    plain = run("solve", "--game", "belote", deal, "--trump", "H", "--played", "C9 CT", "--at-least", "100")
    assert typed.splitlines()[0] == plain.splitlines()[0]
    out = run("solve", "--game", "bridge", PBN, "--strain", "♠", "--declarer", "N", "--played", TWO_TRICKS)
    assert out.startswith("contract: declarer N, strain S\n")


def test_a_value_proven_before_every_card_is_shown_as_a_value():
    """Under a limit the position's value may be exact and some cards' not:
    the value is printed as one number, and the line says what is missing
    (it read "between 43 and 43 ... not exact")."""
    out = run("solve", "--game", "belote", "J.A.T9.QJ97 AT.KQ8.Q.A8 98.T9.A87.T KQ7.J7.KJ.K",
              "--trump", "H", "--taker", "0", "--all-cards", "--max-nodes", "50000")
    value_line = next(line for line in out.splitlines() if line.startswith("value:"))
    assert value_line.startswith("value: 43  (") and "between" not in value_line
    assert "before every card's value was exact" in value_line
    assert re.search(r"^  \S+ +0\.\.43$", out, re.M)      # a card left with its bounds
    no_leak(out)


def test_bounds_that_settle_the_contract_say_its_outcome():
    """A full tarot deal is beyond exact search, but the bounds of a limited
    solve often lie on one side of the target: the text then says the
    contract's outcome as proven, and the JSON's ``made`` is no longer null
    (it was set only from the score of an exact line)."""
    deal = run("deal", "--game", "tarot", "--seed", "7").strip()
    out = run("solve", "--game", "tarot", deal, "--max-nodes", "20000")
    value_line = next(line for line in out.splitlines() if line.startswith("value:"))
    upper = float(value_line.split(" and ")[1].split()[0])
    assert "not exact" in value_line and upper < 0        # fails whatever the exact value
    assert "result: failed by the taker (seat 0), proven by the bounds" in out
    no_leak(out)
    data = json.loads(run("solve", "--game", "tarot", deal, "--max-nodes", "20000", "--json"))
    assert data["made"] is False and data["value"] is None and data["upper"] < 0
    # bounds on both sides of the target: no outcome claimed
    tarocco = run("deal", "--game", "tarocco", "--seed", "3").strip()
    out = run("solve", "--game", "tarocco", tarocco, "--max-nodes", "20000")
    assert "result:" not in out
    assert json.loads(run("solve", "--game", "tarocco", tarocco, "--max-nodes", "20000",
                          "--json"))["made"] is None


@pytest.mark.parametrize("name", ["tarocco", "tarot2"])
def test_an_exact_solve_says_who_wins_in_its_json(name):
    """``made`` of tarocco (seats 0+2 win) and tarot2 (player 0 wins), as
    docs/JSON.md documents it, from the exact value."""
    deal, played = late_position(name)
    data = json.loads(run("solve", "--game", name, deal, "--played", played, "--json"))
    assert data["exact"] and data["made"] == (data["score"]["winner"] == 0)
