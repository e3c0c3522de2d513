"""The solver against DDS (endplay) on bridge: every card's value in
positions of the play, and whole CalcDDtable tables of full deals."""

import os

import pytest

from atout.engine import get_game
from atout.solver import Solver, table
from atout.solver.testing import endplay_position, random_ending

endplay = pytest.importorskip("endplay")
from endplay.dds import calc_dd_table, solve_board  # noqa: E402
from endplay.types import Deal  # noqa: E402

BRIDGE = get_game("bridge")
CONTRACTS = {"declarer": "NESW", "strain": ["S", "H", "D", "C", "NT"]}


def dds_card_values(state):
    """DDS's tricks for the side on turn, as our objective for max_side."""
    solved = solve_board(endplay_position(state))
    side = state.side_of(state.to_play)
    already = state.tricks_won(state.max_side)
    out = {}
    for card, tricks in solved:
        token = "SHDC"[int(card.suit)] + card.rank.abbr
        mine = tricks if side == state.max_side else state.tricks_left - tricks
        out[BRIDGE.parse_cards(token)[0]] = already + mine
    return out


@pytest.mark.parametrize("tricks", [5, 7, 9])
def test_every_card_equals_dds_in_positions_of_the_play(tricks):
    solver = Solver(18)
    for seed in range(25):
        state = random_ending(BRIDGE, 300 * tricks + seed, tricks, CONTRACTS)
        ours = solver.solve(state, all_cards=True, line=False)
        dds = dds_card_values(state)
        # DDS lists one card per block of equivalent cards
        assert all(ours.cards[c] == v for c, v in dds.items()), (seed, state)
        assert ours.value == (max if state.maximizing() else min)(dds.values())


def dds_table(pbn):
    raw = calc_dd_table(Deal(pbn)).to_list()   # [denom][player], denoms S H D C NT
    names = ["S", "H", "D", "C", "NT"]
    return {seat: {names[d]: raw[d][i] for d in range(5)} for i, seat in enumerate("NESW")}


def check_tables(seeds):
    solver = Solver()
    for seed in seeds:
        deal = BRIDGE.random_deal(seed)
        pbn = BRIDGE.format_deal(deal)
        ours = table(BRIDGE, deal, solver=solver)
        assert ours == dds_table(pbn), (seed, pbn)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("ATOUT_SLOW"), reason="long: set ATOUT_SLOW=1")
def test_full_deal_tables_equal_dds():
    check_tables(range(3))


def test_one_full_deal_table_equals_dds():
    """A deal whose 20 solves take a few seconds: the default run compares
    one whole table of full deals (partition table entries included)."""
    check_tables([105])


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("ATOUT_SLOW"), reason="long: set ATOUT_SLOW=1")
@pytest.mark.parametrize("first", range(100, 300, 10))
def test_200_full_deal_tables_equal_dds(first):
    """200 deals in chunks of 10 (one chunk: ``-k "dds and 150"``); a chunk
    takes from a few seconds to several minutes (2 cores, 2026-11)."""
    check_tables(range(first, first + 10))
