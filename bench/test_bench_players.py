"""Benchmarks of the computer players: small duplicate matches per game and
level pair (the README's strength table reruns here on a few deals), with
the mean difference, its 95% interval and the decision times in
``extra_info``, printed with ``-s``.

    python -m pytest bench/test_bench_players.py --benchmark-only -s
    python bench/test_bench_players.py            # the same table, no pytest

The full measurement of the README is ``atout match --game G --players A,B
--deals N --seed 2026 --json`` with the numbers of pairs it lists.
"""

import pytest

from atout.engine import GAME_NAMES
from atout.players.match import run_match

#: level pair -> deal pairs per game (a few: the search levels cost seconds a pair)
PAIRS = {"easy,random": 20, "medium,easy": 2, "hard,medium": 1}


def measure(game, players, deals, seed=2026):
    result = run_match(game, players, deals=deals, seed=seed)
    mean, low, high = result.mean_interval()
    won, drawn, lost = result.record()
    times = {who: result.times(who)[0] for who in ("A", "B")}
    return {"game": game, "players": players, "pairs": len(result.pairs), "mean": mean,
            "ci95": (low, high), "record": (won, drawn, lost),
            "median_ms": {k: None if v is None else round(v * 1000, 2) for k, v in times.items()},
            "seconds": round(result.seconds, 1)}


@pytest.mark.parametrize("players", list(PAIRS))
@pytest.mark.parametrize("game", GAME_NAMES)
def test_bench_match(benchmark, game, players):
    info = benchmark.pedantic(measure, args=(game, players, PAIRS[players]), rounds=1, iterations=1)
    benchmark.extra_info.update(info)
    print(f"\n{game} {players}: {info['pairs']} pairs, mean {info['mean']:+.2f} "
          f"[{info['ci95'][0]:+.2f}, {info['ci95'][1]:+.2f}], W/D/L {info['record']}, "
          f"median decision ms {info['median_ms']}, {info['seconds']} s")


if __name__ == "__main__":
    for game in GAME_NAMES:
        for players, deals in PAIRS.items():
            print(measure(game, players, deals))
