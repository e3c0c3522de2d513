"""The same search before and after a change of the code around it: the
nodes and processor time of fixed solves (every card of seeded bridge 3NT
and Belote deals, a fresh table each), one JSON line a game. Run it on two
trees in one session and compare: the node counts must be identical, the
rate within noise.

    PYTHONPATH=/path/to/old/pkg python bench/same_nodes.py 10
    python bench/same_nodes.py 10
    ATOUT_NATIVE=0 python bench/same_nodes.py 10     # numba's dispatchers

(a tree as ``tools/snapshot.sh`` lays it out: ``pkg/atout/<package>`` links.)
The first run of a tree builds its searches: run it twice, keep the second.
"""
import json, sys, time
from atout.engine import get_game
from atout.solver import solve, Solver

CASES = {
    "bridge": lambda g, d: g.new_state(d, declarer="S", strain="NT"),
    "belote": lambda g, d: g.new_state(d, trump="H", taker=0),
}
n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
for name, make in CASES.items():
    game = get_game(name)
    warm = make(game, game.random_deal(999))
    solve(warm, line=False)                      # compile/load outside the timing
    nodes, cpu, per = 0, 0.0, []
    for seed in range(n):
        state = make(game, game.random_deal(7000 + seed))
        t = time.process_time()
        r = solve(state, all_cards=True, line=False, solver=Solver())
        cpu += time.process_time() - t
        nodes += r.nodes
        per.append(r.nodes)
    print(json.dumps({"game": name, "deals": n, "nodes": nodes, "per_deal": per, "cpu_s": round(cpu, 2),
                      "knodes_per_cpu_s": round(nodes / cpu / 1000)}), flush=True)
