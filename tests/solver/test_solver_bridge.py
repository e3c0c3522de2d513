"""The solver on bridge: exact against the naive reference search."""

import os
import random

import numpy as np
import pytest

from atout.engine import Deal, OptionError, Packet, get_game
from atout.engine.search import card_values, minimax
from atout.solver import Solver, equivalent_groups, makes, solve
from atout.solver.encoding import codec_for

from atout.solver.kernels.bridge import search as bridge_search
from atout.solver.kernels.bridge import bounds as BB
from atout.solver.kernels.bridge import moves as BM
from atout.solver.testing import assert_solves_exactly, random_ending

BRIDGE = get_game("bridge")
CONTRACTS = {"declarer": "NESW", "strain": ["S", "H", "D", "C", "NT"]}
PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"


def cards(text):
    return BRIDGE.parse_cards(text)


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_value_and_every_card_equal_minimax_on_random_endings(tricks):
    solver = Solver(16)
    for seed in range(400 if tricks < 3 else 300):
        state = random_ending(BRIDGE, 1000 * tricks + seed, tricks, CONTRACTS)
        before = state.played
        result = solver.solve(state, all_cards=True)
        assert state.played == before  # the state is left as it was
        assert result.exact and result.lower == result.upper == result.value
        assert result.value == minimax(state), (seed, state)
        assert result.cards == card_values(state), (seed, state)


def test_the_second_hands_sure_tricks_keep_the_values_exact():
    """Positions one card into a trick (where the second hand's sure tricks
    may settle the question at once: its side wins the trick led, and the
    winner cashes its top cards on), every card scored against the naive
    search; the count reaches past the trick led in some of them."""
    solver = Solver(16)
    cashing_on = 0
    for seed in range(150):
        rng = random.Random(seed)
        state = random_ending(BRIDGE, 7700 + seed, 3, CONTRACTS, mid_trick=None)
        state.play(rng.choice(sorted(state.legal_cards())))
        pos = codec_for(state).encode(state)
        used = np.empty(4, dtype=np.int64)
        sure = BB._second_hand_tricks(pos.lanes, pos.ts[0], pos.tr[0], (pos.leader + 1) % 4,
                                                 pos.rules[bridge_search.R_TRUMP], used, 99)
        cashing_on += sure > 1
        assert_solves_exactly(solver, state, (seed, state))
    assert cashing_on >= 10, cashing_on


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("ATOUT_SLOW"), reason="long: set ATOUT_SLOW=1")
def test_four_trick_endings_equal_minimax():
    solver = Solver(16)
    for seed in range(150):
        state = random_ending(BRIDGE, 5000 + seed, 4, CONTRACTS)
        result = solver.solve(state, all_cards=True)
        assert result.value == minimax(state), (seed, state)
        assert result.cards == card_values(state), (seed, state)


def test_a_tiny_table_shared_by_many_solves_stays_exact():
    """Partition entries (one entry stands for every position with the same
    lengths and the same owners of the cards that won by rank): a table of
    2**10 entries, crowded by many solves of 3-4 tricks, never answers
    wrongly."""
    solver = Solver(10)
    for seed in range(60):
        state = random_ending(BRIDGE, 9100 + seed, 3 + seed % 2, CONTRACTS)
        assert solver.solve(state, line=False).value == minimax(state), (seed, state)


def test_a_full_deal_where_a_block_of_equal_cards_straddles_the_relevant_ranks():
    """Seed 102 of the DDS table test, diamonds by North: DDS says 6. A node
    where every move failed tried only the top card of each block of equal
    cards; the table entry must then cover the whole block (it said 5)."""
    deal = BRIDGE.random_deal(102)
    assert BRIDGE.format_deal(deal) == ("N:AT852.QT42.872.T 73.A986.654.AKJ3 "
                                        "964.53.KQT93.974 KQJ.KJ7.AJ.Q8652")
    state = BRIDGE.new_state(deal, declarer="N", strain="D")
    assert solve(state, line=False).value == 6


def test_optimal_line_reaches_the_value_and_gives_the_score():
    solver = Solver(16)
    for seed in range(60):
        state = random_ending(BRIDGE, 7000 + seed, 3, CONTRACTS)
        result = solver.solve(state)
        final = state.clone()
        for card in result.line:
            final.play(card)
        assert final.is_over()
        assert final.objective() == result.value
        assert result.score == final.score()
        # each card of the line keeps the value
        probe = state.clone()
        for card in result.line:
            probe.play(card)
            assert minimax(probe) == result.value


def test_hand_built_ending_with_a_finesse():
    # North AQ of spades behind West's K: South leads a spade toward the AQ.
    hands = ("SA SQ", "H3 H2", "S4 S3", "SK S2")
    deal = Deal(BRIDGE, tuple(Packet(frozenset(cards(h))) for h in hands))
    south_leads = BRIDGE.new_state(deal, declarer="E", strain="NT")
    assert solve(south_leads).value == 0        # the finesse wins: E-W take nothing
    res = solve(south_leads, all_cards=True)
    assert res.groups == [cards("S4 S3")]       # equal cards, one group
    assert res.cards == {c: 0 for c in cards("S4 S3")}
    north_leads = BRIDGE.new_state(deal, declarer="W", strain="NT")
    assert solve(north_leads).value == 1        # from the top, the K makes
    east_leads = BRIDGE.new_state(deal, declarer="N", strain="NT")
    assert solve(east_leads).value == 0         # East cashes two hearts
    spades = BRIDGE.new_state(deal, declarer="N", strain="S")
    assert solve(spades).value == 2             # North-South ruff both hearts


def test_makes_is_the_boolean_question():
    state = random_ending(BRIDGE, 11, 3, CONTRACTS)
    value = minimax(state)
    solver = Solver(14)
    for target in range(0, 14):
        assert solver.makes(state, target) == (value >= target)
    assert makes(state, value) is True


def test_equivalent_cards_are_grouped():
    deal = BRIDGE.parse_deal(PBN)
    state = BRIDGE.new_state(deal, declarer="S", strain="NT")  # West leads
    groups = equivalent_groups(state, codec_for(state).encode(state), codec_for(state))
    tokens = [[BRIDGE.deck.token(c) for c in g] for g in groups]
    # West: T986.K52.Q764.J4 -> ST98 together (the J is North's), S6 alone (S7 is North's)
    assert ["ST", "S9", "S8"] in tokens and ["S6"] in tokens and ["D7", "D6"] in tokens
    assert sum(len(g) for g in groups) == 13


def test_node_limit_gives_proven_bounds():
    state = random_ending(BRIDGE, 3, 7, CONTRACTS)
    exact = solve(state, line=False)
    limited = solve(state, max_nodes=50, line=False)
    assert not limited.exact
    assert limited.lower <= exact.value <= limited.upper
    assert limited.line == []
    timed = solve(state, max_seconds=30, line=False)
    assert timed.exact and timed.value == exact.value


def test_two_solvers_do_not_interfere():
    a, b = Solver(12), Solver(12)
    states = [random_ending(BRIDGE, 20 + i, 3, CONTRACTS) for i in range(20)]
    expected = [minimax(s) for s in states]
    for s, v in zip(states, expected):
        assert a.solve(s, line=False).value == v
        assert b.solve(states[-1], line=False).value == expected[-1]
    # one Solver reused for many different positions (generations)
    for s, v in zip(states[::-1], expected[::-1]):
        assert a.solve(s, line=False).value == v


def test_over_state_and_bad_arguments():
    state = random_ending(BRIDGE, 4, 1, CONTRACTS)
    while not state.is_over():
        state.play(state.legal_cards()[0])
    res = solve(state, all_cards=True)
    assert res.value == state.objective() and res.line == [] and res.cards == {}
    with pytest.raises(OptionError, match="tt_bits"):
        Solver(3)


def test_solve_keeps_the_contract_level_in_the_score():
    rng = random.Random(3)
    deal = BRIDGE.random_deal(9)
    state = BRIDGE.new_state(deal, declarer="N", strain="S", level=1)
    while state.tricks_left > 3:
        state.play(rng.choice(state.legal_cards()))
    res = solve(state)
    assert res.score["tricks"] == res.value
    assert res.made == (res.value >= 7)


def test_the_tables_first_guess_is_a_trick_count_that_follows_the_cards():
    """``tricks_estimate`` (where a table's first walk in a strain starts:
    only the nodes depend on it) is a count of North-South's tricks."""
    from atout.solver.dd_table import tricks_estimate
    for seed in range(40):
        for strain in CONTRACTS["strain"]:
            est = tricks_estimate(BRIDGE.new_state(BRIDGE.random_deal(seed), declarer="N",
                                                    strain=strain))
            assert 0 <= est <= 13
    deal = BRIDGE.parse_deal("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.543.54 T98.JT9.JT9.JT98 "
                             "76.876.8762.7632")
    assert tricks_estimate(BRIDGE.new_state(deal, declarer="N", strain="NT")) >= 11
    assert tricks_estimate(BRIDGE.new_state(deal, declarer="E", strain="S")) >= 10


def _move_order(state, best=-1, scores=False):
    """The search's order of the moves of the seat to play (no killer; the
    table's lead ``best``, none by default), as card tokens (with their
    scores if ``scores``)."""
    pos = codec_for(state).encode(state)
    mv = np.zeros((60, bridge_search.MAXMOVES), dtype=np.int64)
    sc = np.zeros((60, bridge_search.MAXMOVES), dtype=np.int64)
    lg = np.zeros((60, bridge_search.NSUITS), dtype=np.int64)
    d = pos.ntr
    n = BM._gen_moves(pos.lanes, pos.ts, pos.tr, pos.ntr, d, pos.leader,
                                 (pos.leader + pos.ntr) % 4, pos.rules, pos.sides,
                                 mv, sc, lg, best, -1)
    order = [BRIDGE.deck.token(int((m >> 5) * 16 + (m & 31))) for m in mv[d, :n]]
    return list(zip(order, (int(x) for x in sc[d, :n]))) if scores else order


def test_the_tables_hint_lead_comes_first():
    """A lead the table gives as a hint (the best lead of another entry of
    the same lengths and top-card owners, flagged ``HINT_FLAG``) is tried
    first; the position's own entry's lead gets DDS's bonus only."""
    for seed in range(20):
        state = BRIDGE.new_state(BRIDGE.random_deal(seed), declarer="S",
                                 strain="NT" if seed % 2 else "H")
        plain = dict(_move_order(state, scores=True))
        last = list(plain)[-1]
        suit = "SHDC".index(last[0])
        ranks = "AKQJT98765432"
        # the lead as the table keeps it: suit * 32 + its rank among the
        # suit's remaining cards from the top (a full deal: all 13 remain)
        rel = suit * 32 + ranks.index(last[1])
        assert _move_order(state, best=rel | bridge_search.HINT_FLAG)[0] == last
        own = dict(_move_order(state, best=rel, scores=True))
        bonus = own[last] - plain[last]
        assert bonus in ((bridge_search.TT_WIN_NT, bridge_search.TT_NT) if seed % 2 else
                         (bridge_search.TT_WIN_TRUMPS, bridge_search.TT_TRUMPS))
        assert all(own[c] == plain[c] for c in plain if c != last)


def test_the_third_hand_forces_the_top_out_only_as_dds_does():
    """DDS's third hand (``RankForcesAce``): when partner's card wins so far
    and the fourth hand's second card cannot beat it, the fourth hand's top
    falls anyway: play low (here the king first cost 2.3x DDS's nodes on a
    full-deal question), but force the top out cheaply when the fourth
    hand's second card would beat partner's."""
    def third_hand_first_card(deal, plays):
        state = BRIDGE.new_state(BRIDGE.parse_deal(deal), declarer="E", strain="S")
        for card in plays:
            state.play(BRIDGE.deck.parse_card(card))
        return _move_order(state)[0]

    assert third_hand_first_card("N:T6.T8652.K962.Q2 954.KQ74.A543.T8 A832.A93.T7.K753 "
                                 "KQJ7.J.QJ8.AJ964", ("D7", "DJ", "D2", "D3", "HJ", "H2")) == "H4"
    # the fourth hand's nine beats partner's six: the king (of KQ) forces the ace
    assert third_hand_first_card("N:T6.JT852.K962.Q2 954.KQ74.A543.T8 A832.A93.T7.K753 "
                                 "KQJ7.6.QJ8.AJ964", ("D7", "DJ", "D2", "D3", "H6", "H2")) == "HK"


def test_the_third_hand_that_cannot_follow_does_not_ruff_partners_sure_winner():
    """DDS's third hand void in the suit led (``_third_void_score``):
    partner's ace wins the trick whatever the fourth hand (which follows)
    plays, so discard rather than ruff it."""
    hands = [set(cards(h)) for h in ("HA H3 C2", "HK H4 C3", "S2 D5 D6", "HQ H5 C4")]
    state = BRIDGE.new_state(BRIDGE.random_deal(0).with_hands(hands), declarer="W", strain="S")
    for card in ("HA", "H4"):
        state.play(BRIDGE.deck.parse_card(card))
    assert _move_order(state)[0] == "D6"
