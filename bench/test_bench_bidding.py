"""Benchmarks of `atout bid`: samples per second, by game.

Two measures per game: the whole pipeline with the real solver (skipped for
the games it does not support yet; the games whose full deals need a node
limit run with a small one, so the figure is a floor on the work per sample),
and the sampling + replay plumbing alone with a stand-in solver that plays
the first legal card (the overhead around the solver).

    python -m pytest bench/test_bench_bidding.py --benchmark-only
"""

import pytest

from atout.engine import get_game
from atout.solver import SUPPORTED_GAMES
from atout.analysis.bids import estimate_bids
from atout.solver.testing import playout


def _hand(game_name, seat, seed=11, extra=None):
    game = get_game(game_name)
    deal = game.random_deal(seed)
    cards = set(deal.hands[seat].cards) | set(extra(deal) if extra else ())
    return game.deck.format_hand(cards)


def _tarot2_view():
    game = get_game("tarot2")
    deal = game.random_deal(11)
    deck = game.deck
    piles = [f"piles{p}:" + ",".join(deck.token(pile[0]) + "/?/?" for pile in deal.piles[p]) for p in (0, 1)]
    return " ".join([deck.format_hand(deal.hands[0].cards), "?", *piles])


#: game -> (seat, hand, keywords, node limit for the real-solver run)
CASES = {
    "tarot": (1, _hand("tarot", 1), {}, 20_000),
    "belote": (0, "AK.K.A.7", {"turned": "HJ"}, None),
    "smear": (0, _hand("smear", 0), {}, None),
    "tarocco": (3, _hand("tarocco", 3, extra=lambda d: d.extra("discard")), {"candidates": 2}, 20_000),
    "tarot2": (0, _tarot2_view(), {}, 20_000),
    "bridge": (2, _hand("bridge", 2), {}, 200_000),
}


@pytest.mark.parametrize("game_name", list(CASES))
def test_bench_bid_samples_real_solver(benchmark, game_name):
    if game_name not in SUPPORTED_GAMES:
        pytest.skip(f"the solver does not support {game_name} yet")
    seat, hand, kw, max_nodes = CASES[game_name]
    result = benchmark.pedantic(estimate_bids, args=(game_name, seat, hand),
                                kwargs=dict(samples=2, workers=1, max_nodes=max_nodes, **kw),
                                rounds=1, iterations=1)
    benchmark.extra_info["samples_per_second"] = result.samples_done / result.seconds
    benchmark.extra_info["nodes_per_sample"] = result.nodes / max(1, result.samples_done)


@pytest.mark.parametrize("game_name", list(CASES))
def test_bench_bid_samples_plumbing(benchmark, game_name):
    seat, hand, kw, _ = CASES[game_name]
    result = benchmark.pedantic(estimate_bids, args=(game_name, seat, hand),
                                kwargs=dict(samples=10, solve_fn=playout, **kw), rounds=3, iterations=1)
    benchmark.extra_info["samples_per_second"] = result.samples_done / result.seconds
