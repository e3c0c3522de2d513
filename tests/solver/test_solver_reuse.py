"""A Solver reused across searches answers as a fresh one, node for node:
the sampling loops (analysis, bid estimates) keep one per thread
(``sample_solver``) rather than pay for a fresh table's pages each sample."""

import threading

import pytest

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.driver import sample_solver
from atout.solver.testing import random_ending

#: game -> tricks left of the positions compared (a few thousand nodes each)
TRICKS = {"bridge": 6, "belote": 6, "smear": 5, "tarot": 5, "tarocco": 5, "tarot2": 8}


def answers(solver, state):
    """Everything a search reports that a stale table or a stale killer
    could change: the value, each card's, the line and the node counts."""
    result = solver.solve(state, all_cards=True, line=True)
    reach = solver.reaches(state, result.value + 1)
    return (result.value, result.exact, result.cards, result.line, result.nodes,
            reach.answer, reach.nodes)


@pytest.mark.parametrize("name", sorted(TRICKS))
def test_a_reused_solver_answers_as_a_fresh_one(name):
    game = get_game(name)
    tricks = TRICKS[name]
    states = [random_ending(game, 900 + i, tricks) for i in range(3)]
    fresh = [answers(Solver(14), state) for state in states]
    shared = Solver(14)
    reused = []
    for state in states:
        # the same position searched before (as a bid estimate asks one
        # sample several questions), stopped by its node limit mid-tree
        shared.solve(state, all_cards=True, max_nodes=400)
        assert shared.rows.any() or shared.tt_keys.any()
        reused.append(answers(shared, state))
    assert reused == fresh
    assert all(a[4] > 0 for a in fresh)


def test_sample_solver_is_one_per_thread_and_table_size():
    first = sample_solver()
    assert sample_solver() is first
    small = sample_solver(12)
    assert small is not first and small.mask == (1 << 12) - 1
    assert sample_solver(12) is small
    other = []
    thread = threading.Thread(target=lambda: other.append(sample_solver(12)))
    thread.start()
    thread.join()
    assert other[0] is not small
