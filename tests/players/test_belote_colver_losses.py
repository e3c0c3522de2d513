"""bench/belote_colver_losses.py: a match's result split into its decisions'
double-dummy losses (no colver needed: the games are replayed from their
cards)."""

import random
import sys
from types import SimpleNamespace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import belote_colver_losses as L  # noqa: E402

from atout.players.colver_bridge import DECK, colver_state, deal_of  # noqa: E402
from atout.solver import Solver  # noqa: E402


def random_game(seed, index, rng):
    deal = deal_of(seed, index)
    state = colver_state(deal)
    cards = []
    while not state.is_over():
        card = rng.choice(sorted(state.legal_cards()))
        cards.append(card)
        state.play(card)
    return deal, cards


def test_the_losses_account_for_every_random_game():
    rng = random.Random(3)
    solver = Solver()
    for index in range(6):
        deal, cards = random_game(9, index, rng)
        rows = L.decision_losses(deal, cards, {0, 2}, solver)     # asserts the identity
        assert rows and all(loss >= 0 for *_, loss in rows)
        assert {who for _k, seat, who, _s, _l in rows if seat % 2 == 0} == {"atout"}


def test_losses_that_do_not_make_the_result_are_refused():
    """The identity is checked: a start value one point off fails it."""
    rng = random.Random(4)
    deal, cards = random_game(9, 0, rng)
    real = Solver()

    class OneOff:
        def solve(self, state, **options):
            result = real.solve(state, **options)
            return result if options.get("all_cards") else SimpleNamespace(value=result.value + 1)

    assert sum(loss for *_, loss in L.decision_losses(deal, cards, {0, 2}, real)) > 0
    with pytest.raises(AssertionError, match="do not make"):
        L.decision_losses(deal, cards, {0, 2}, OneOff())


def test_a_pair_splits_into_phases_and_reports_them():
    rng = random.Random(5)
    deal, cards = random_game(9, 2, rng)
    tokens = " ".join(DECK.token(c) for c in cards)
    match = {"seed": 9, "pair_list": [{"index": 2, "games": [
        {"atout_seats": [0, 2], "cards": tokens}, {"atout_seats": [1, 3], "cards": tokens}]}]}
    out = L.pair_losses(match, match["pair_list"][0], Solver())
    # the same cards with the seats swapped: every loss counts once for each program
    assert out["all"] == 0
    assert out["trick 1"] == 0 and "place 4" in out
    text = L.report([out, out])
    assert text.splitlines()[1].strip().startswith("all")
    assert "trick 7" in text and "defence" in text


def test_each_programs_own_losses_are_its_decisions_losses():
    rng = random.Random(6)
    lost = 0
    for index in range(4):
        deal, cards = random_game(9, index, rng)
        tokens = " ".join(DECK.token(c) for c in cards)
        match = {"seed": 9, "pair_list": [{"index": index, "games": [{"atout_seats": [0, 2], "cards": tokens}]}]}
        out = L.pair_losses(match, match["pair_list"][0], Solver())
        rows = L.decision_losses(deal, cards, {0, 2}, Solver())
        atout = sum(loss for _k, _s, who, _side, loss in rows if who == "atout")
        colver = sum(loss for _k, _s, who, _side, loss in rows if who == "colver")
        assert (out["own: atout"], out["own: colver"]) == (atout, colver)
        assert out["all"] == colver - atout
        lost += atout + colver
    assert lost > 0
    assert "own losses" in L.report([out, out])


def test_two_matches_compare_atouts_own_losses_pair_by_pair(tmp_path, capsys):
    import json
    rng = random.Random(7)
    games = []
    for index in (0, 1):
        _deal, cards = random_game(9, index, rng)
        games.append(" ".join(DECK.token(c) for c in cards))
    good = {"seed": 9, "pair_list": [{"index": i, "games": [{"atout_seats": [0, 2], "cards": g}]}
                                     for i, g in enumerate(games)]}
    (tmp_path / "a.json").write_text(json.dumps(good))
    assert L.main([str(tmp_path / "a.json"), "--against", str(tmp_path / "a.json")]) == 0
    assert "pair by pair over 2 pairs: +0.00 [+0.00, +0.00]" in capsys.readouterr().out
    other = dict(good, seed=10)
    (tmp_path / "b.json").write_text(json.dumps(other))
    assert L.main([str(tmp_path / "a.json"), "--against", str(tmp_path / "b.json")]) == 2
    assert "same seed and pairs" in capsys.readouterr().err


def test_an_unreadable_match_is_one_line_and_exit_code_2(tmp_path, capsys):
    (tmp_path / "bare.json").write_text('{"seed": 9}')
    (tmp_path / "broken.json").write_text("{")
    for name in ("missing.json", "bare.json", "broken.json"):
        assert L.main([str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and name in err and err.count("\n") == 1
    assert "no pair list" in (L.main([str(tmp_path / "bare.json")]), capsys.readouterr().err)[1]


def test_no_pairs_report_nothing_to_compare(tmp_path, capsys):
    import json
    (tmp_path / "a.json").write_text(json.dumps({"seed": 9, "pair_list": []}))
    assert L.main([str(tmp_path / "a.json"), "--against", str(tmp_path / "a.json")]) == 0
    out = capsys.readouterr().out
    assert "0 deal pairs" in out and "no pairs to compare" in out
