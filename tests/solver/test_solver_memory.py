"""Memory stays bounded: the transposition table has a fixed size, set when
the solver is made, and a solve with the default table stays far under the
1 GB the solver is allowed (issue #3)."""

from atout.engine import get_game
from atout.solver import Solver
from atout.solver.driver import DEFAULT_TT_BITS
from atout.solver.kernel_facts import ROW_TABLE
from atout.solver.testing import peak_memory_of_a_solve, random_ending

#: the table's rows after its own (ABDADA's busy marks)
BUSY_ROWS = ROW_TABLE["BUSY_ROWS"]


def test_the_table_keeps_its_size_through_solves():
    solver = Solver(12)
    arrays = (solver.tt_keys, solver.tt_vals, solver.rows)
    sizes = [a.nbytes for a in arrays]
    assert len(solver.tt_keys) == len(solver.rows) - BUSY_ROWS == 1 << 12
    game = get_game("tarot")
    for seed in range(3):
        solver.solve(random_ending(game, seed, 6), all_cards=True, max_nodes=200_000)
    assert all(a is b for a, b in zip((solver.tt_keys, solver.tt_vals, solver.rows), arrays))
    assert [a.nbytes for a in (solver.tt_keys, solver.tt_vals, solver.rows)] == sizes
    assert solver.rows.any()      # the point games' search used its one-row table


def test_a_full_tarot_deal_with_the_default_table_peaks_under_1_gb():
    assert DEFAULT_TT_BITS == 20
    out = peak_memory_of_a_solve("tarot", 300_000)
    assert out["nodes"] > 300_000 and not out["exact"]
    assert out["peak_mb"] < 1024, out
