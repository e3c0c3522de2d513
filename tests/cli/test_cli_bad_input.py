"""Bad option values on the command line: one line ``atout: error: ...`` and
exit 2, never a traceback, never a wrong answer to a question that makes no
sense (issue 9, section 3)."""

import click
import pytest

from atout.cli.main import MAX_MESSAGE, short_message
from atout.engine import OptionError, RuleError, get_game

from cli_run import run

BR = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"
BELOTE = "KQ8.J9.8.Q9 A7.K8.TJ7.T T.ATQ.AKQ.K J9.7.9.AJ87"
TAROT_HAND = "C853.C8653.QC2.Q.20,19,17,12,11"


def assert_one_error_line(code, err, *words):
    assert code == 2, err
    assert err.startswith("atout: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("args, words", [
    (["--at-least", "nan"], ["--at-least", "finite"]),
    (["--at-least", "inf"], ["--at-least", "finite"]),
    (["--at-least", "-inf"], ["--at-least", "finite"]),
    (["--at-least", "1e308"], ["--at-least", "0..13"]),
    (["--at-least", "-1e308"], ["--at-least", "0..13"]),
    (["--at-least", "99999999999999999999999"], ["--at-least", "0..13"]),
    (["--at-least", "14"], ["--at-least", "0..13"]),
    (["--max-nodes", "99999999999999999999999"], ["--max-nodes"]),
    (["--max-nodes", "0"], ["--max-nodes"]),
    (["--max-seconds", "nan"], ["--max-seconds", "finite"]),
    (["--max-seconds", "inf"], ["--max-seconds", "finite"]),
    (["--max-seconds", "0"], ["--max-seconds"]),
    (["--level", "8"], ["level 8", "1..7"]),
    (["--level", "0"], ["level 0", "1..7"]),
    (["--level", "-1"], ["level -1", "1..7"]),
    # analysis-only options are not options of solve at all
    (["--discard-trumps", "1"], ["--discard-trumps"]),
    (["--belote", "1"], ["--belote"]),
])
def test_bad_solve_options_on_bridge(capsys, args, words):
    code, out, err = run(capsys, "solve", "--game", "bridge", BR, *args)
    assert_one_error_line(code, err, *words)
    assert out == ""


def test_an_at_least_in_range_still_answers(capsys):
    code, out, err = run(capsys, "solve", "--game", "bridge", BR, "--declarer", "N", "--strain", "S",
                         "--at-least", "13")
    assert code == 0 and "no" in out


def test_the_levels_of_bridge_are_1_to_7_in_the_engine_too():
    game = get_game("bridge")
    deal = game.parse_deal(BR)
    for level in (0, 8, -1, True, "3"):
        with pytest.raises(RuleError):
            game.new_state(deal, level=level)
    assert game.new_state(deal, level=7).contract_target() == 13


def test_tarocco_solve_has_no_discard_trumps_option(capsys):
    deal = get_game("tarocco").format_deal(get_game("tarocco").random_deal(1))
    code, _, err = run(capsys, "solve", "--game", "tarocco", deal, "--discard-trumps", "1")
    assert_one_error_line(code, err, "--discard-trumps")
    assert "discard_trumps" not in err        # no internal keyword


@pytest.mark.parametrize("command", ["solve", "review", "table"])
def test_help_of_commands_that_play_a_known_deal_has_no_analysis_options(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert "--discard-trumps" not in out and "--belote" not in out


def test_analyse_help_keeps_the_analysis_options(capsys):
    code, out, _ = run(capsys, "analyse", "--help")
    assert code == 0 and "--discard-trumps" in out and "--belote" in out


def test_analyse_rejects_an_option_of_another_game_by_its_flag(capsys):
    code, _, err = run(capsys, "analyse", "--game", "bridge", "N:" + BR[2:], "--discard-trumps", "1")
    assert_one_error_line(code, err, "--discard-trumps does not apply to bridge")


def test_deal_refuses_a_negative_seed(capsys):
    code, out, err = run(capsys, "deal", "--game", "tarot", "--seed", "-1")
    assert_one_error_line(code, err, "--seed")
    assert out == ""
    with pytest.raises(RuleError):
        get_game("tarot").random_deal(-1)
    for name in ("tarocco", "tarot2", "bridge"):
        with pytest.raises(RuleError):
            get_game(name).random_deal(-1)
    # seed 0 and a huge seed are fine
    code, out, _ = run(capsys, "deal", "--game", "bridge", "--seed", str(10**30))
    assert code == 0 and out.count(".") == 12


@pytest.mark.parametrize("extra", [[], ["--contract", "take"], ["--contract", "guard"]])
@pytest.mark.parametrize("dog", ["", " dog:?"])
def test_tarot_analyse_with_the_taker_on_turn_and_an_unknown_dog(capsys, extra, dog):
    """Was KeyError 79 in ``summarise``: the taker's hand takes the dog,
    which differs from sample to sample. Now refused before any solve."""
    code, out, err = run(capsys, "analyse", "--game", "tarot", f"{TAROT_HAND} ? ? ?{dog}",
                         "--samples", "2", "--workers", "1", "--max-nodes", "100", *extra)
    assert_one_error_line(code, err, "dog")
    assert out == ""


def test_tarot_analyse_without_the_dog_in_play_still_works(capsys):
    code, out, err = run(capsys, "analyse", "--game", "tarot", f"{TAROT_HAND} ? ? ?", "--samples", "1",
                         "--workers", "1", "--max-nodes", "100", "--contract", "guard_against",
                         "--json")
    assert code == 0, err


def test_summarise_refuses_samples_with_different_cards():
    from atout.analysis.partial import SampleResult, summarise
    samples = [SampleResult(0, {1: (0, 0), 2: (1, 1)}, None, None, 0),
               SampleResult(1, {1: (0, 0), 79: (1, 1)}, None, None, 0)]
    with pytest.raises(RuleError):
        summarise(samples, True)


def test_a_huge_echoed_value_is_cut(capsys):
    huge = "X" * 131_000
    code, _, err = run(capsys, "solve", "--game", "belote", BELOTE, "--trump", huge)
    assert_one_error_line(code, err, "trump", "131")
    assert len(err) < 300
    code, _, err = run(capsys, "solve", "--game", "belote", BELOTE + " SA" * 5000)
    assert_one_error_line(code, err)
    assert len(err) <= MAX_MESSAGE + 40


def test_short_message_keeps_short_messages_and_the_end_of_long_ones():
    assert short_message("unknown card 'SX'") == "unknown card 'SX'"
    assert short_message("two\nlines") == "two lines"
    long = " ".join(["word"] * 500) + " the reason"
    assert short_message(long).endswith("the reason") and len(short_message(long)) <= MAX_MESSAGE + 5


def test_the_python_api_checks_its_limits():
    from atout.solver import solve
    from atout.solver.limits import MAX_NODES_LIMIT
    from atout.cli.options import NODE_LIMIT
    assert NODE_LIMIT.max == MAX_NODES_LIMIT
    state = get_game("bridge").new_state(get_game("bridge").parse_deal(BR))
    for bad in (0, -5, 10**30, 1.5, True):
        with pytest.raises(OptionError):
            solve(state, max_nodes=bad)
    for bad in (float("nan"), float("inf"), 0, -1, "soon"):
        with pytest.raises(OptionError):
            solve(state, max_seconds=bad)


def test_finite_float_refuses_nan_and_inf():
    from atout.cli.options import SECONDS, FiniteFloat
    assert FiniteFloat().convert("2.5", None, None) == 2.5
    for bad in ("nan", "inf", "-inf", "x", ""):
        with pytest.raises(click.BadParameter):
            FiniteFloat().convert(bad, None, None)
    with pytest.raises(click.BadParameter):
        SECONDS.convert("0", None, None)
