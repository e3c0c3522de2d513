"""Answers that must not look wrong (issue 9, section 4): bounds inside the
game's range, a limited search at least as good as the contract's question
with half the nodes, no NaN in JSON, the analysis's score labelled for what
it is."""

import json

import pytest

from atout.engine import get_game
from atout.solver.driver import Solver

from cli_run import run

TAROCCO = get_game("tarocco")
TAROCCO_DEAL = TAROCCO.format_deal(TAROCCO.random_deal(1))


def strict_json(text):
    def refuse(constant):
        raise AssertionError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=refuse)


def played_to(game_name, seed, tricks_left):
    game = get_game(game_name)
    state = game.new_state(game.random_deal(seed))
    while sum(len(h) for h in state.hands) > tricks_left * state.n:
        state.play(state.legal_cards()[0])
    return state


def test_objective_ranges_hold_every_terminal_value():
    for name, (least, most) in {"tarot": (-112, 110), "tarot2": (-112, 110), "tarocco": (0, 114),
                                "belote": (0, 252), "smear": (0, 4), "bridge": (0, 13)}.items():
        state = played_to(name, 3, 0)
        assert state.is_over() and state.objective_range == (least, most)
        assert least <= state.objective() <= most


def test_tarocco_bounds_under_a_limit_stay_in_0_114(capsys):
    state = TAROCCO.new_state(TAROCCO.parse_deal(TAROCCO_DEAL))
    result = Solver().solve(state, all_cards=True, max_nodes=1000)
    assert not result.exact and 0 <= result.lower <= result.upper <= 114
    for value in result.cards.values():
        lo, hi = (value, value) if isinstance(value, int) else value
        assert 0 <= lo <= hi <= 114
    code, out, _ = run(capsys, "solve", "--game", "tarocco", TAROCCO_DEAL, "--max-nodes", "1000",
                       "--json")
    data = strict_json(out)
    assert code == 0 and 0 <= data["lower"] <= data["upper"] <= 114
    code, out, _ = run(capsys, "table", "--game", "tarocco", TAROCCO_DEAL, "--max-nodes", "1000",
                       "--json")
    lo, hi = strict_json(out)["table"]["as dealt"]
    assert code == 0 and 0 <= lo <= hi <= 114


def test_tarocco_analysis_means_stay_in_0_114():
    from atout.analysis.partial import analyse
    hands = TAROCCO_DEAL.split(" ")
    partial = " ".join([hands[0], "?", "?", "?"])
    result = analyse("tarocco", partial, samples=2, workers=1, max_nodes=300, with_score=False)
    assert result.cards
    for card in result.cards:
        assert 0 <= card.mean_lower <= card.mean_upper <= 114


@pytest.mark.parametrize("game_name, seed", [("tarot", 0), ("tarot", 2), ("tarot", 4),
                                             ("tarocco", 0), ("belote", 2)])
def test_a_limited_solve_proves_at_least_the_contract_question(game_name, seed):
    """Given twice the nodes ``reaches`` needed for the contract's target,
    ``solve`` proves that answer too: the question comes first, with half of
    the limit (it once asked a midpoint first and reported wider bounds, e.g.
    tarot -66..50 where the margin was proven below 0)."""
    state = played_to(game_name, seed, 8)
    target = state.contract_target()
    reach = Solver().reaches(state, target)
    result = Solver().solve(state, line=False, max_nodes=2 * reach.nodes)
    if reach.answer:
        assert result.lower >= target
    else:
        assert result.upper < target


@pytest.mark.parametrize("game_name, seed", [("tarocco", 0), ("tarot", 0), ("tarot", 6)])
def test_a_question_too_hard_for_the_limit_leaves_half_of_it_to_narrow_the_bounds(game_name,
                                                                                  seed):
    """The contract's question may take half of a limit, not all of it:
    where it is too hard, the other half narrows the bounds from both ends
    (given all of it, the question left the static bounds: tarocco's and
    tarot2's full deals, whose questions lie near the value, got nothing)."""
    state = played_to(game_name, seed, 10)
    limit = 20_000
    assert Solver().reaches(state, state.contract_target(), max_nodes=limit).answer is None
    static = Solver().solve(state, line=False, max_nodes=1)
    result = Solver().solve(state, line=False, max_nodes=limit)
    assert static.lower < result.lower <= result.upper < static.upper


def test_more_nodes_never_widen_the_bounds():
    state = played_to("tarot", 1, 10)
    previous = None
    for nodes in (1, 100, 1000, 10_000, 50_000):
        result = Solver().solve(state, line=False, max_nodes=nodes)
        if previous is not None:
            assert previous[0] <= result.lower <= result.upper <= previous[1]
        previous = (result.lower, result.upper)


def test_one_sample_analysis_json_has_null_not_nan(capsys):
    code, out, err = run(capsys, "analyse", "--game", "bridge", "N:? ? ? T986.K52.Q764.J4",
                         "--samples", "1", "--workers", "1", "--json")
    assert code == 0, err
    data = strict_json(out)
    assert all(c["stderr"] is None for c in data["cards"])
    assert data["expected_score"]["stderr"] is None


def test_the_analysis_score_says_it_is_the_best_card_per_deal(capsys):
    code, out, err = run(capsys, "analyse", "--game", "bridge", "N:? ? ? T986.K52.Q764.J4",
                         "--samples", "2", "--workers", "1", "--level", "3")
    assert code == 0, err
    assert "expected score of the declaring side (double-dummy play)" not in out
    assert "seeing all hands" in out and "best card chosen in each sampled deal" in out


def test_json_text_turns_every_non_finite_number_to_null():
    from atout.cli.format import json_text
    data = {"a": float("nan"), "b": [1.5, float("inf"), {"c": -float("inf")}], "d": (2, None)}
    assert strict_json(json_text(data)) == {"a": None, "b": [1.5, None, {"c": None}], "d": [2, None]}


@pytest.mark.parametrize("game_name, seed, tricks, target", [("tarot", 0, 9, 0),
                                                            ("bridge", 3, 12, 7)])
def test_a_reach_carries_the_search_counters_it_took(game_name, seed, tricks, target):
    """``Reach.stats``: the counters of that question's search alone (what
    ``bench/question_nodes.py --stats`` sums): its nodes are the reach's,
    and the same solver's next question counts only its own work."""
    state = played_to(game_name, seed, tricks)
    solver = Solver()
    first = solver.reaches(state, target)
    assert first.stats["nodes"] == first.nodes > 100
    assert 0 < first.stats["first_move_cutoffs"] <= first.stats["cutoffs"] < first.nodes
    assert 0 < first.stats["tt_hits"] <= first.stats["tt_probes"]
    again = solver.reaches(state, target + 1)
    assert again.stats["nodes"] == again.nodes


def test_bounds_first_on_the_command_line_skips_the_contract_question(capsys):
    """``--bounds-first`` gives the whole limit to the narrowing
    (``contract_first=False``); without it the question takes half first."""
    deal = TAROCCO.random_deal(11_001)
    for flags, contract_first in (([], True), (["--bounds-first"], False)):
        code, out, err = run(capsys, "solve", "--game", "tarocco", TAROCCO.format_deal(deal),
                             "--max-nodes", "300000", "--json", *flags)
        assert code == 0, err
        data = strict_json(out)
        expected = Solver().solve(TAROCCO.new_state(deal), line=False, max_nodes=300_000,
                                  contract_first=contract_first)
        assert not data["exact"] and (data["lower"], data["upper"]) == (expected.lower,
                                                                          expected.upper)
