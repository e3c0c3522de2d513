"""Bridge single questions against DDS, by trick nodes: where atout's tree is
larger than DDS's on the same position.

Each position (``random_ending(bridge, seed, TRICKS)``, a random contract,
played at random to a trick start) is asked "can the side on lead take t
tricks?" for the value v (yes) and v + 1 (no), with a fresh table on both
sides (DDS's memory freed before each ``SolveBoard``); DDS counts the trick
starts it enters (``futureTricks.nodes``), as atout's ``C_TRICKS``, but
for the root: DDS counts a trick when it is completed (``ABsearch3``),
atout counts its root too (on small endings compare atout's count minus
one). From a mid-trick position DDS's count is not always the subtree's
size (1 at a fourth hand whose every card's subtree took 30 or more on
its own): compare trick starts.

    python bench/dds_questions.py [TRICKS] [FIRST] [COUNT]
    python bench/dds_questions.py --walk SEED TRICKS T [CARDS...]

``--walk``: the position of SEED after CARDS (tokens), the question "can the
side that led at the start take T of the tricks left from the start of the
current trick?": the nodes of both sides, atout's order of the moves (no
table move, no killer) and each card's subtree on both sides (fresh tables
each) -- follow the card with the largest excess down the tree.
"""

from __future__ import annotations

import sys

import numpy as np

from atout.engine import get_game
from atout.solver.kernels.bridge import moves as BM
from atout.solver.kernels.bridge import search as K
from atout.solver.driver import Solver
from atout.solver.limits import Budget
from atout.solver.encoding import codec_for
from atout.solver.testing import endplay_position, random_ending

BRIDGE = get_game("bridge")
CONTRACT = {"declarer": list("NESW"), "strain": ["NT", "S", "H", "D", "C"]}


def _dds():
    import endplay._dds as raw
    raw.SetMaxThreads(1)
    return raw


def dds_question(state, side: int, t: int):
    """(answer, DDS's trick nodes): can ``side`` take ``t`` of the tricks
    left from the start of the current trick? (DDS's target is the side to
    play's; ``FreeMemory`` needs ``SetMaxThreads`` again before a solve.)"""
    raw = _dds()
    n = state.tricks_left
    to_play = state.to_play % 2
    tt = t if to_play == side else n - t + 1
    if tt <= 0 or tt > n:
        return (tt <= 0) == (to_play == side), 0
    fut = raw.futureTricks()
    raw.FreeMemory()
    raw.SetMaxThreads(1)
    raw.SolveBoard(endplay_position(state)._data, tt, 1, 1, fut, 0)
    yes = fut.cards > 0 and fut.score[0] >= tt
    return yes == (to_play == side), fut.nodes


def atout_question(state, side: int, t: int):
    """(answer, trick nodes, nodes) of the same question, a fresh table."""
    solver = Solver()
    pos = codec_for(state).encode(state)
    pos.rules[K.R_MAXSIDE] = side
    pos.already = state.tricks_won(side)
    budget = Budget(None, None)
    v = solver._probe(pos, pos.already + t, solver.new_generation(), budget)
    return v - pos.already >= t, int(budget.ctx[K.C_TRICKS]), int(budget.ctx[K.C_NODES])


def move_order(state, side: int):
    """atout's order of the moves of the seat to play: [(card, score)]."""
    pos = codec_for(state).encode(state)
    pos.rules[K.R_MAXSIDE] = side
    mv = np.zeros((60, K.MAXMOVES), dtype=np.int64)
    sc = np.zeros((60, K.MAXMOVES), dtype=np.int64)
    lg = np.zeros((60, K.NSUITS), dtype=np.int64)
    d = pos.ntr
    n = BM._gen_moves(pos.lanes, pos.ts, pos.tr, pos.ntr, d, pos.leader, (pos.leader + pos.ntr) % 4,
                     pos.rules, pos.sides, mv, sc, lg, -1, -1)
    return [(BRIDGE.deck.token(int((m >> 5) * 16 + (m & 31))), int(sc[d, i]))
            for i, m in enumerate(mv[d, :n])]


def compare(tricks: int, first: int, count: int):
    ours = theirs = 0
    for seed in range(first, first + count):
        state = random_ending(BRIDGE, seed, tricks, CONTRACT, mid_trick=None)
        side = state.leader % 2
        raw = _dds()
        fut = raw.futureTricks()
        raw.FreeMemory()
        raw.SetMaxThreads(1)
        raw.SolveBoard(endplay_position(state)._data, -1, 1, 1, fut, 0)
        value = fut.score[0]        # the side on lead's tricks
        for t in (value, value + 1):
            if not 1 <= t <= tricks:
                continue
            yes, a, _ = atout_question(state, side, t)
            answer, d = dds_question(state, side, t)
            assert yes == answer == (t <= value), (seed, t, value)
            ours += a
            theirs += d
            print(f"seed {seed} trump {state.trump} leader {state.leader} t {t} "
                  f"({'yes' if yes else 'no'}): atout {a} DDS {d} ratio {a / max(d, 1):.2f}",
                  flush=True)
    print(f"total atout {ours:,} DDS {theirs:,} ratio {ours / max(theirs, 1):.3f}")


def walk(seed: int, tricks: int, t: int, cards):
    state = random_ending(BRIDGE, seed, tricks, CONTRACT, mid_trick=None)
    side = state.leader % 2
    for token in cards:
        child = state.clone()
        child.play(BRIDGE.deck.parse_card(token))
        t -= child.tricks_won(side) - state.tricks_won(side)
        state = child
    print("hands", " ".join(BRIDGE.deck.format_hand(h) for h in state.hands), "trump", state.trump,
          "trick", [BRIDGE.deck.token(c) for c in state.trick], "to play", state.to_play,
          "side", side, "t", t)
    print("node: atout", atout_question(state, side, t)[1], "DDS", dds_question(state, side, t)[1])
    print("order", move_order(state, side))
    for card in state.legal_cards():
        child = state.clone()
        child.play(card)
        tt = t - (child.tricks_won(side) - state.tricks_won(side))
        yes, a, _ = atout_question(child, side, tt)
        print(f"  {BRIDGE.deck.token(card)}: {yes} atout {a} DDS {dds_question(child, side, tt)[1]}")


def main(argv):
    if argv and argv[0] == "--walk":
        walk(int(argv[1]), int(argv[2]), int(argv[3]), argv[4:])
        return
    tricks, first, count = (int(x) for x in (argv + ["13", "5000", "12"][len(argv):]))
    compare(tricks, first, count)


if __name__ == "__main__":
    main(sys.argv[1:])
