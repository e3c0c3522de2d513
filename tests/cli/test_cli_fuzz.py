"""Random strings and numbers thrown at every option of every command: the
answer is exit 0, or exit 2 with exactly one ``atout: error:`` line; never a
traceback (issue 9, section 3).

Commands run in-process (click's ``CliRunner`` isolation around ``main``).
Every search gets a tiny budget (``--max-nodes`` small, one or two samples,
one worker), so that a value which is valid costs little; the examples are
derandomized, so every run tries the same ones.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cli.main import main
from atout.engine import GAME_NAMES, get_game

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=40,
                suppress_health_check=list(HealthCheck))

#: a deal of each game, complete, and a partial one for analyse
DEALS = {name: get_game(name).format_deal(get_game(name).random_deal(7)) for name in GAME_NAMES}


def opening(name: str, cards: int = 4) -> str:
    """The first cards of a deal's play (each the first legal card)."""
    game = get_game(name)
    state = game.new_state(game.parse_deal(DEALS[name]))
    out = []
    for _ in range(cards):
        card = state.legal_cards()[0]
        state.play(card)
        out.append(game.deck.token(card))
    return " ".join(out)


OPENING = {name: opening(name) for name in GAME_NAMES}
BIDS = {
    "tarot": "C853.C8653.QC2.Q.20,19,17,12,11",
    "belote": "KQ.J.8.Q9",
    "smear": DEALS["smear"].split(" ")[0],
    "bridge": DEALS["bridge"].split(" ")[0].removeprefix("N:"),
    "tarocco": "KT87.K5.KJA4.A4.21,16,3,2,1",
    "tarot2": "?",
}

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=24)
numbers = st.one_of(st.integers().map(str), st.floats().map(str),
                    st.integers(-3, 30).map(str), st.sampled_from(["nan", "inf", "-inf", "1e308"]))
junk = st.one_of(text, numbers)


def partial(name: str) -> str:
    """The deal with every hand unknown but the one of the seat on turn."""
    game = get_game(name)
    to_play = game.new_state(game.parse_deal(DEALS[name])).to_play
    words = DEALS[name].split(" ")
    prefix = "N:" if words[0].startswith("N:") else ""
    words[0] = words[0].removeprefix(prefix)
    out = [w if ":" in w or i == to_play else "?" for i, w in enumerate(words)]
    return prefix + " ".join(out)


PARTIAL = {name: partial(name) for name in GAME_NAMES}


@st.composite
def mutated(draw, valid: str):
    """A valid text (often), cut or with junk inserted, or plain junk."""
    kind = draw(st.integers(0, 5))
    if kind <= 2:
        return valid
    if kind == 3:
        return draw(junk)
    i = draw(st.integers(0, len(valid)))
    return valid[:i] + (draw(text) if kind == 4 else "") + valid[i + 1:]


#: per option: values that are valid and cheap, mixed with junk
CONTRACT = {
    "--taker": st.sampled_from(["0", "1", "3"]), "--contract": st.sampled_from(["take", "guard_against"]),
    "--discard": st.sampled_from(["", "SK"]), "--trump": st.sampled_from("SHDC"),
    "--bidder": st.sampled_from(["0", "2"]), "--bid": st.sampled_from(["2", "4"]),
    "--widow": st.sampled_from(["0", "1"]), "--taken": st.just(""),
    "--declarer": st.sampled_from("NESW"), "--strain": st.sampled_from(["S", "NT"]),
    "--level": st.sampled_from(["1", "7"]), "--first": st.sampled_from(["0", "1"]),
}
SOLVE = {"--played": st.just(""), "--max-seconds": st.sampled_from(["0.05"]),
         "--at-least": st.sampled_from(["0", "3", "-2.5"]), **CONTRACT}
ANALYSE = {"--played": st.just(""), "--samples": st.just("1"), "--seed": st.just("3"),
           "--workers": st.just("1"), "--discard-trumps": st.sampled_from(["0", "2"]),
           "--belote": st.sampled_from(["none", "1"]), **CONTRACT}
BID = {"--turned": st.sampled_from(["HJ", "SA"]), "--widow": st.just("0"),
       "--candidates": st.just("1"), "--samples": st.just("1"), "--seed": st.just("1"),
       "--workers": st.just("1")}
FLAGS = {"solve": ["--all-cards", "--json", "--slam"], "table": ["--json"],
         "analyse": ["--json", "--slam", "--values"], "review": ["--json", "--slam"],
         "bid": ["--json", "--values"]}
NODES = {"solve": 300, "table": 100, "analyse": 100, "review": 100, "bid": 50}


def game_options(game: str, valid: dict) -> list:
    """The options of ``valid`` that apply to the game (its contract
    options, and every option that is not a contract option)."""
    from atout.engine import get_game
    own = {"--" + o.replace("_", "-") for o in get_game(game).contract_options}
    return sorted(o for o in valid if o in own or o not in CONTRACT)


@st.composite
def options(draw, valid: dict, game: str) -> list:
    """A few options, mostly of the game, each valid or junk (``--opt=value``,
    so that a value starting with '-' is still the option's value)."""
    names = draw(st.lists(st.sampled_from(game_options(game, valid) or [None]), max_size=3,
                          unique=True))
    if valid and draw(st.integers(0, 4)) == 0:      # sometimes one of another game
        names.append(draw(st.sampled_from(sorted(valid))))
    out = []
    for name in dict.fromkeys(n for n in names if n):
        value = draw(valid[name]) if draw(st.integers(0, 2)) else draw(junk)
        out.append(f"{name}={value}")
    return out


@st.composite
def command_line(draw, command: str) -> list:
    game = draw(st.sampled_from(GAME_NAMES)) if draw(st.integers(0, 7)) else draw(text)
    valid_game = game if game in GAME_NAMES else "bridge"
    args = [command, "--game", game]
    if command in ("solve", "table", "review"):
        args.append(draw(mutated(DEALS[valid_game])))
    elif command == "analyse":
        args.append(draw(mutated(PARTIAL[valid_game])))
    elif command == "bid":
        seat = draw(st.sampled_from(["0", "1", "3", "N"])) if draw(st.integers(0, 3)) else draw(junk)
        args += [f"--seat={seat}",
                 draw(mutated(BIDS[valid_game]))]
    if command == "review":
        args.append("--played=" + draw(mutated(OPENING[valid_game])))
    valid = {"solve": SOLVE, "table": {}, "analyse": ANALYSE, "review": CONTRACT, "bid": BID}[command]
    args += draw(options(valid, valid_game))
    flags = [f for f in FLAGS[command] if f != "--slam" or valid_game == "tarot"]
    args += draw(st.lists(st.sampled_from(flags), max_size=2, unique=True))
    # the budget: a small valid one, or junk for it
    nodes = str(NODES[command]) if draw(st.integers(0, 5)) else draw(junk)
    args.append(f"--max-nodes={nodes}")
    return args


def run_in_process(args: list, typed: str | None = None) -> tuple[int, str, str]:
    runner = CliRunner()
    with runner.isolation(input=typed) as streams:
        try:
            main(args)
            code = 0
        except SystemExit as exc:
            code = exc.code or 0
        out, err = streams[0].getvalue(), streams[1].getvalue()
    return code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def check_answer(args, code, out, err) -> None:
    assert "Traceback" not in out + err, (args, err)
    if code == 0:
        return
    assert code == 2, (args, code, err)
    assert re.fullmatch(r"atout: error: [^\n]+\n", err), (args, err)


@pytest.mark.parametrize("command", ["solve", "table", "analyse", "review", "bid"])
def test_random_options_never_give_a_traceback(command):
    @FUZZ
    @given(command_line(command))
    def check(args):
        check_answer(args, *run_in_process(args))
    check()


@FUZZ
@given(st.one_of(st.sampled_from(GAME_NAMES), text),
       st.one_of(st.none(), st.integers().map(str), junk))
def test_deal_and_rules_with_random_values(game, seed):
    args = ["deal", "--game", game] + ([] if seed is None else ["--seed", seed])
    check_answer(args, *run_in_process(args))
    args = ["rules", game]
    check_answer(args, *run_in_process(args))


# -- batch, play and match ---------------------------------------------------------------------

ROUND = {"--widow": st.sampled_from(["0", "2"]), "--contract": st.sampled_from(["4S", "3NT", "7C"]),
         "--declarer": st.sampled_from("NESW"),
         "--variant": st.sampled_from(["", "no-undertrump", "no-undertrump,no-partner-overtrump"])}
#: bounded even when valid: a junk number of deals or workers must not run for ever
MATCH = {"--deals": st.sampled_from(["1", "0", "-1", "many"]), "--seed": st.sampled_from(["0", "5", "-1"]),
         "--workers": st.sampled_from(["1", "0", "100000", "x"]), "--think": st.sampled_from(["0.01", "0", "nan"]),
         **ROUND}
PLAY = {"--level": st.sampled_from(["random", "easy"]), "--partner-level": st.sampled_from(["random", "easy"]),
        "--seat": st.sampled_from(["0", "1", "3", "9", "-1"]), "--seed": st.sampled_from(["0", "5", "-1"]),
        "--think": st.sampled_from(["0.01", "0", "inf"]), "--resume": st.sampled_from(["missing.json", ""]),
        **ROUND}
BATCH = {"--workers": st.sampled_from(["1", "0", "999"]), **CONTRACT}


def fuzz_options(draw, valid: dict) -> list:
    """A few options of ``valid``, each with a valid value or junk."""
    names = draw(st.lists(st.sampled_from(sorted(valid)), max_size=3, unique=True))
    return [f"{n}={draw(valid[n]) if draw(st.integers(0, 2)) else draw(junk)}" for n in names]


@FUZZ
@given(st.data())
def test_batch_with_random_lines_and_options(tmp_path_factory, data):
    game = data.draw(st.sampled_from(GAME_NAMES)) if data.draw(st.integers(0, 7)) else data.draw(text)
    valid_game = game if game in GAME_NAMES else "smear"
    folder = tmp_path_factory.mktemp("batch")
    deals = folder / "deals.txt"
    lines = [data.draw(mutated(DEALS[valid_game])) for _ in range(data.draw(st.integers(0, 2)))]
    deals.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="replace")
    args = ["batch", "--game", game, str(deals), "--out", str(folder / "out.jsonl")]
    args += fuzz_options(data.draw, BATCH)
    args += data.draw(st.lists(st.sampled_from(["--all-cards", "--json"]), max_size=2, unique=True))
    nodes = "200" if data.draw(st.integers(0, 5)) else data.draw(junk)
    args.append(f"--max-nodes={nodes}")
    check_answer(args, *run_in_process(args))


@FUZZ
@given(st.data())
def test_match_with_random_options(data):
    game = data.draw(st.sampled_from(GAME_NAMES)) if data.draw(st.integers(0, 7)) else data.draw(text)
    players = data.draw(mutated("easy,random"))
    args = ["match", "--game", game, "--players", players, "--deals=1"] + fuzz_options(data.draw, MATCH)
    args += data.draw(st.lists(st.sampled_from(["--json"]), max_size=1))
    check_answer(args, *run_in_process(args))


@FUZZ
@given(st.data())
def test_play_with_random_options_then_quit(data):
    game = data.draw(st.sampled_from(GAME_NAMES)) if data.draw(st.integers(0, 7)) else data.draw(text)
    # easy bots unless an option says otherwise; whatever is typed, then quit
    args = ["play", "--game", game, "--level=easy"] + fuzz_options(data.draw, PLAY)
    typed = data.draw(st.sampled_from(["", "hint\n", "undo\n", "level random\n", "SK\n"]))
    typed += data.draw(text).replace("\n", " ") + "\nquit\n"
    check_answer(args, *run_in_process(args, typed))
