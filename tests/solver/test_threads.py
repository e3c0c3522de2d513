"""One deal's searches over threads (``solver.threads``): the same answers on
any number of threads (tables: node counts too), Ctrl-C and a caller's
cancellation stop every thread, and a bad thread count is refused."""

import threading

import pytest

from atout.engine import OptionError, get_game
from atout.solver import Solver, solve, table
from atout.solver.limits import Cancellation, cancellable_by
from atout.solver.testing import random_ending

BRIDGE = get_game("bridge")


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_bridge_table_is_the_same_on_one_and_two_threads_nodes_too(seed):
    deal = BRIDGE.random_deal(seed)
    one, two = Solver(18), Solver(18)
    a = table(BRIDGE, deal, solver=one, threads=1)
    b = table(BRIDGE, deal, solver=two, threads=2)
    assert a == b and list(a["N"]) == list(b["N"]) == ["C", "D", "H", "S", "NT"]
    assert one.table_nodes == two.table_nodes


@pytest.mark.parametrize("name, extra", [("belote", None), ("smear", None),
                                         ("tarot", {"taker": 0})])
def test_other_games_tables_are_the_same_on_one_and_three_threads(name, extra):
    game = get_game(name)
    deal = game.random_deal(4)
    limit = 30_000 if name == "tarot" else None       # (tarot: bounds, the same ones)
    a = table(game, deal, max_nodes=limit, extra=extra, threads=1)
    b = table(game, deal, max_nodes=limit, extra=extra, threads=3)
    assert a == b and list(a) == list(b)


@pytest.mark.parametrize("name, tricks", [("bridge", 13), ("bridge", 7), ("belote", 8),
                                          ("tarot", 5), ("tarot2", 6), ("smear", 6)])
def test_every_card_is_worth_the_same_on_one_and_two_threads(name, tricks):
    game = get_game(name)
    for seed in range(4):
        state = random_ending(game, 40 + seed, tricks, None)
        a = solve(state, all_cards=True, threads=1, tt_bits=18)
        b = solve(state, all_cards=True, threads=2, tt_bits=18)
        assert (a.value, a.cards, a.line, a.exact) == (b.value, b.cards, b.line, b.exact), state
        assert list(a.cards) == list(b.cards)
        assert b.nodes > 0


def test_ctrl_c_keeps_the_strains_done_and_stops_the_other_threads():
    calls = []

    def progress(done, total):
        calls.append(done)
        if done == 2:
            raise KeyboardInterrupt

    out = table(BRIDGE, BRIDGE.random_deal(3), threads=2, progress=progress)
    assert out.interrupted and calls[-1] == 2
    done = {strain for strain in ("C", "D", "H", "S", "NT")
            if all(isinstance(out[seat].get(strain), int) for seat in "NESW")}
    assert len(done) >= 2
    for seat in "NESW":
        assert list(out[seat]) == [s for s in ("C", "D", "H", "S", "NT") if s in out[seat]]


def test_ctrl_c_in_every_card_keeps_the_cards_done():
    state = BRIDGE.new_state(BRIDGE.random_deal(3))

    def progress(lo, hi, nodes):
        raise KeyboardInterrupt

    result = solve(state, all_cards=True, threads=2, progress=progress)
    assert result.interrupted and not result.exact
    assert 1 <= len(result.cards) < len(state.legal_cards())


def test_a_callers_cancellation_stops_the_threads():
    cancel = Cancellation()
    out = {}

    def run():
        with cancellable_by(cancel):
            out["table"] = table(BRIDGE, BRIDGE.random_deal(3), threads=2,
                                 progress=lambda done, total: cancel.set())
    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    assert not worker.is_alive() and out["table"].interrupted


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2", 1000])
def test_a_bad_thread_count_is_refused(threads):
    with pytest.raises(OptionError, match="threads"):
        table(BRIDGE, BRIDGE.random_deal(1), threads=threads)
    with pytest.raises(OptionError, match="threads"):
        solve(BRIDGE.new_state(BRIDGE.random_deal(1)), all_cards=True, threads=threads)
