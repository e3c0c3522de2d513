"""Limited solves prove bounds at any time (issue 11, item 1): under a node
or time limit the solve walks as an unlimited one does, each probe allowed
half of what is left, and once one runs out ``Solver._narrow`` asks probes
with node caps that grow a round at a time, from both ends of the interval. Whatever the limit, the
bounds hold the exact value, the result says it is not exact unless they
met, the budget is kept, and (bounds only) more nodes never widen the
bounds."""

import pytest

from atout.engine import get_game
from atout.engine.search import minimax
from atout.solver import driver as api
from atout.solver.driver import Solver
from atout.solver.testing import random_ending

TAROT_CONTRACTS = {"taker": [0, 1, 2, 3],
                   "contract": ["take", "guard", "guard_without", "guard_against"]}
#: game -> (tricks left of the random endings, contract choices)
ENDINGS = {
    "tarot": (5, TAROT_CONTRACTS),
    "tarocco": (5, None),
    "tarot2": (8, {"first": [0, 1]}),
    "belote": (5, {"trump": "SHDC", "taker": [0, 1, 2, 3]}),
    "bridge": (6, {"declarer": "NESW", "strain": ["S", "H", "D", "C", "NT"]}),
}


def ending(name, seed, tricks=None):
    left, choices = ENDINGS[name]
    return random_ending(get_game(name), seed, left if tricks is None else tricks, choices)


@pytest.fixture
def small_caps(monkeypatch):
    """Caps of a few nodes, so that small endings go through many rounds."""
    monkeypatch.setattr(api, "FIRST_CAP", 3)


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_limited_bounds_hold_the_exact_value(name, small_caps):
    solver = Solver()
    narrowed = settled_open = 0
    for seed in range(12):
        state = ending(name, 500 + seed)
        exact = solver.solve(state, line=False).value
        for max_nodes in (1, 7, 40, 300, 3000):
            for contract_first in (True, False):
                r = solver.solve(state, line=False, max_nodes=max_nodes,
                                 contract_first=contract_first)
                label = (seed, max_nodes, contract_first, r.lower, exact, r.upper)
                assert r.lower <= exact <= r.upper, label
                assert r.value == r.lower and r.exact == (r.lower == r.upper), label
                assert r.nodes <= max_nodes + 1, label    # the kernel stops at its next node
                if not contract_first and 0 < r.upper - r.lower:
                    narrowed += 1
                # the contract's outcome wherever the bounds settle it
                target = state.contract_target()
                if target is None:
                    assert r.made is None, label
                    continue
                settled = r.lower >= target or r.upper < target
                assert r.made == ((exact >= target) if settled else None), label
                settled_open += settled and not r.exact
    assert narrowed > 0        # some limits stopped the narrowing half-way
    if name != "bridge":       # bridge's endings have no level, so no contract
        assert settled_open > 0     # bounds that settle the outcome, not the value


def outcome(name, score):
    """Whether the max side made it, read from the engine's score of a
    finished deal: the contract (bridge with a level, Belote, tarot), seats
    0+2 winning (tarocco), player 0 winning (tarot2)."""
    if name in ("tarocco", "tarot2"):
        return score["winner"] == 0
    return score["made"]


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_made_is_the_outcome_of_the_optimal_line(name):
    """``made`` of an exact solve is what the score of its optimal line says
    (tarocco and tarot2 have no ``made`` in their score: it was always None
    there, though the JSON documents it)."""
    left, choices = ENDINGS[name]
    if name == "bridge":
        choices = {**choices, "level": list(range(1, 8))}
    seen = set()
    for seed in range(16):
        state = random_ending(get_game(name), 700 + seed, left, choices)
        r = Solver().solve(state)
        assert r.exact and r.made == outcome(name, r.score), (seed, r.value, r.score)
        seen.add(r.made)
    assert seen == {True, False}


def test_limited_bounds_hold_the_naive_value(small_caps):
    for seed in range(40):
        state = ending("tarot", 900 + seed, tricks=2)
        value = minimax(state)
        for max_nodes in (2, 10, 50):
            r = Solver().solve(state, line=False, max_nodes=max_nodes, contract_first=seed % 2 == 0)
            assert r.lower <= value <= r.upper and r.exact == (r.lower == r.upper), seed


@pytest.mark.parametrize("name", ["tarot", "tarocco"])
def test_more_nodes_never_widen_the_bounds(name, small_caps):
    """Bounds only (no contract's question): the caps do not depend on the
    limit, so a larger one asks the same probes further. (With the
    question, the walk's probes get half of what is left, which does.)"""
    contract_first = False
    state = ending(name, 31, tricks=7)
    previous = None
    for nodes in (1, 10, 100, 1000, 3000, 10_000, 30_000):
        r = Solver().solve(state, line=False, max_nodes=nodes, contract_first=contract_first)
        if previous is not None:
            assert previous[0] <= r.lower <= r.upper <= previous[1], (nodes, previous, r.lower, r.upper)
        previous = (r.lower, r.upper)


def test_no_probe_takes_more_than_its_cap(monkeypatch):
    """On a full deal (far beyond exact search) the narrowing asks many
    probes, each stopped at its cap, the caps growing round by round."""
    calls = []
    probe = api.Solver._probe

    def traced(self, pos, target, gen, budget, cap=None, until=None):
        before = budget.nodes
        v = probe(self, pos, target, gen, budget, cap, until)
        calls.append((cap - before if cap is not None else None, budget.nodes - before, v))
        return v
    monkeypatch.setattr(api.Solver, "_probe", traced)
    game = get_game("tarocco")
    state = game.new_state(game.random_deal(11_001))
    r = Solver().solve(state, line=False, max_nodes=300_000, contract_first=False)
    assert not r.exact and r.nodes <= 300_001
    caps = [cap for cap, _used, _v in calls]
    assert None not in caps and caps == sorted(caps) and caps[0] == api.FIRST_CAP
    assert all(used <= cap + 1 for cap, used, _v in calls)
    assert sum(v is not None for _cap, _used, v in calls) >= 3      # probes that settled
    assert 0 < r.lower <= r.upper < 114                              # both ends moved

    # with the contract's question: the question takes half of the budget
    # (too little on this deal), the narrowing the other half
    calls.clear()
    r = Solver().solve(state, line=False, max_nodes=300_000)
    assert calls[0][0] == 150_000 and calls[0][2] is None and r.nodes <= 300_001
    assert all(used <= cap + 1 for cap, used, _v in calls)
    assert r.upper - r.lower < 114                                  # the narrowing proved some


def test_a_solve_that_ends_within_its_limit_asks_what_an_unlimited_walk_does():
    """The walk's half-of-what-is-left caps never bind on a solve that ends
    well within its limit: the same probes and nodes as the walk from the
    contract's target with no cap at all (capped probes from the start cost
    tarot 10 tricks from the end 27% more nodes)."""
    for seed in range(4):
        state = ending("tarot", 600 + seed, tricks=10)
        solver = Solver()
        pos = api.codec_for(state).encode(state)
        lo, hi = api.clipper(state)(pos.already, pos.already + pos.bound())
        budget = api.Budget(None, None)
        value = solver._value(pos, solver.new_generation(), budget, lo, hi,
                              guess=state.contract_target())[0]
        limited = Solver().solve(state, line=False, max_nodes=50 * budget.nodes + 1000)
        assert limited.exact and limited.value == value
        assert limited.nodes == budget.nodes, (seed, limited.nodes, budget.nodes)


def test_a_time_limit_narrows_too():
    state = ending("tarot", 77, tricks=6)
    exact = Solver().solve(state, line=False).value
    r = Solver().solve(state, line=False, max_seconds=60, contract_first=False)
    assert r.exact and r.value == exact
    game = get_game("tarot")
    full = game.new_state(game.random_deal(11_002), taker=0, contract="guard")
    r = Solver().solve(full, line=False, max_seconds=0.3, contract_first=False)
    assert not r.exact and -112 <= r.lower <= r.upper <= 110


@pytest.mark.parametrize("contract_first", [True, False])
def test_ctrl_c_while_narrowing_keeps_proven_bounds(contract_first, small_caps):
    state = ending("tarot", 41, tricks=6)
    exact = Solver().solve(state, line=False).value
    calls = []

    def report(lo, hi, nodes):
        calls.append((lo, hi))
        if len(calls) == 3:
            raise KeyboardInterrupt
    r = Solver().solve(state, line=False, max_nodes=10**6, progress=report,
                       contract_first=contract_first)
    assert r.interrupted and len(calls) == 3
    assert (r.lower, r.upper) == calls[-1] and r.lower <= exact <= r.upper
    assert r.exact == (r.lower == r.upper)


def _ends(value):
    return value if isinstance(value, tuple) else (value, value)


@pytest.mark.parametrize("name, tricks", [("tarot", 8), ("tarocco", 8), ("tarot2", 12),
                                          ("bridge", 9), ("belote", 8)])
def test_every_card_gets_a_share_of_the_limit(name, tricks):
    """Every card asked under a limit on a position the limit leaves open:
    the position's walk stops at its first probe that runs out (half of the
    limit is left at least) and the cards share the rest, so each card's
    bounds close in on it (the position's narrowing took the whole limit and
    left every card its static bounds). The bounds hold the exact values,
    the position's too, which its best card's bounds may narrow. (Where the
    position is exact, the cards are asked in turn with all that is left,
    as the computer players' exact solves want.)"""
    for seed in range(700, 703):
        state = ending(name, seed, tricks)
        exact = Solver().solve(state, all_cards=True, line=False)
        static = Solver().solve(state, all_cards=True, line=False, max_nodes=1)
        r = Solver().solve(state, all_cards=True, line=False, max_nodes=20_000)
        assert r.lower <= exact.value <= r.upper and r.nodes <= 20_001
        assert set(r.cards) == set(exact.cards)
        for card, value in exact.cards.items():
            lo, hi = _ends(r.cards[card])
            assert lo <= value <= hi, (seed, card, lo, value, hi)
            if r.lower < r.upper:
                assert _ends(r.cards[card]) != _ends(static.cards[card]), (seed, card)


def test_a_deadline_near_makes_the_chunks_between_looks_at_the_clock_smaller():
    """A solve with a time limit looks at the clock every ``CHUNK`` nodes,
    and more often as its deadline nears, so that it stops within a few
    milliseconds of it (a whole chunk is a fifth of a second on a slow
    machine)."""
    import time
    from atout.solver.limits import CHUNK, MIN_CHUNK, chunk_until
    assert chunk_until(time.perf_counter() + 1000.0) == CHUNK
    assert chunk_until(time.perf_counter() - 1.0) == MIN_CHUNK
