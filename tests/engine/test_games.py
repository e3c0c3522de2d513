"""What every game must do, checked the same way for all six: the random
dealer and the notation round-trip, the commands print deals that parse back,
random playouts keep the deck's invariants, and bad input is a clear error."""

import random
import subprocess
import sys

import pytest

from atout.engine import GAME_NAMES, AtoutError, NotationError, get_game


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_deal_is_seeded_and_round_trips(name):
    game = get_game(name)
    deal = game.random_deal(1)
    assert deal == game.random_deal(1)
    assert deal != game.random_deal(2)
    text = game.format_deal(deal)
    assert game.parse_deal(text) == deal
    assert game.format_deal(game.parse_deal(text)) == text
    assert deal.is_complete


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_deal_holds_the_whole_deck_once(name):
    game = get_game(name)
    for seed in range(50):
        deal = game.random_deal(seed)
        assert sorted(deal.known_cards()) == sorted(game.deck.cards)
        assert deal.unseen_cards() == []


@pytest.mark.parametrize("name", GAME_NAMES)
def test_state_starts_on_a_legal_card_and_plays_out(name):
    game = get_game(name)
    rng = random.Random(7)
    for seed in range(30):
        state = game.new_state(game.random_deal(seed))
        while not state.is_over():
            legal = state.legal_cards()
            assert legal, state
            state.play(rng.choice(legal))
        state.score()  # defined at the end of every deal


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("garble", ["", "x y z", "?? ?? ??"])
def test_garbled_deals_raise_a_value_error(name, garble):
    with pytest.raises(AtoutError):
        get_game(name).parse_deal(garble)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_card_twice_is_named(name):
    game = get_game(name)
    text = game.format_deal(game.random_deal(3))
    hands = text.split(" ")
    # move the first card of hand 1's first non-empty group into hand 0
    first = hands[0].split(":")[-1]
    deck = game.deck
    card = sorted(game.parse_deal(text).hands[0].cards)[0]
    doubled = text.replace(hands[1], deck.format_hand(game.parse_deal(text).hands[1].cards | {card}), 1)
    assert first
    with pytest.raises(NotationError):
        game.parse_deal(doubled)


def run_atout(*args):
    return subprocess.run([sys.executable, "-m", "atout.cli.main", *args],
                          capture_output=True, text=True, timeout=600)   # a hang guard only: a loaded machine is slow


@pytest.mark.parametrize("name", GAME_NAMES)
def test_deal_command_output_parses_back(name):
    out = run_atout("deal", "--game", name, "--seed", "1")
    assert out.returncode == 0, out.stderr
    game = get_game(name)
    assert game.format_deal(game.parse_deal(out.stdout.strip())) == out.stdout.strip()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_rules_command_prints_a_summary(name):
    out = run_atout("rules", name)
    assert out.returncode == 0 and len(out.stdout.splitlines()) >= 3


@pytest.mark.parametrize("args", [
    ["deal", "--game", "poker"],
    ["deal", "--game", "tarot", "--seed", "x"],
    ["rules", "chess"],
    ["nonsense"],
    ["deal"],
])
def test_bad_arguments_give_one_line_and_exit_2(args):
    out = run_atout(*args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert out.stderr.startswith("atout: error:")
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("history", [True, False])
def test_a_clone_plays_alone_and_takes_back_only_what_it_may(name, history):
    from atout.solver.testing import random_ending
    state = random_ending(get_game(name), 11, 3, None, mid_trick=None)
    before = (repr(state), state.legal_cards(), len(state._undo))
    copy = state.clone(history=history)
    assert repr(copy) == before[0] and copy.legal_cards() == before[1]
    played = []
    while not copy.is_over():
        card = copy.legal_cards()[-1]
        copy.play(card)
        played.append(card)
    assert (repr(state), state.legal_cards(), len(state._undo)) == before    # the original untouched
    for _ in played:
        copy.undo()
    assert repr(copy) == before[0] and copy.legal_cards() == before[1]
    # past its start: the history, only with it
    if history:
        copy.undo()
        assert len(copy._undo) == before[2] - 1
    else:
        with pytest.raises(AtoutError, match="nothing to undo"):
            copy.undo()
    # the original plays on the same way
    for card in played:
        state.play(card)
    assert state.is_over()
