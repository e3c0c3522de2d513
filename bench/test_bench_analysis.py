"""Benchmarks of the analysis of partly known deals: samples per second, by
game and by tricks left.

* the sampler alone: replay of the known play (what it reveals) and one
  uniform deal of the unseen cards consistent with it;
* `analyse` end to end (sampling + solving every legal card) with the real
  solver, for the games it supports, by tricks left.

    python -m pytest bench/test_bench_analysis.py --benchmark-only
"""

import random
from dataclasses import replace

import pytest

from atout.engine import GAME_NAMES, get_game
from atout.engine.deal import Packet
from atout.solver import SUPPORTED_GAMES
from atout.analysis.partial import analyse
from atout.solver.testing import play_to


def position(game_name, tricks_left, seed=5):
    """A seeded deal, the cards played until `tricks_left` tricks remain, and
    the view of the player then on turn (its hand, and the dog if it is the
    tarot taker: hiding it made the taker's hand, after the exchange,
    impossible)."""
    game = get_game(game_name)
    deal = game.random_deal(seed)
    state = play_to(game.new_state(deal), random.Random(seed), tricks_left, mid_trick=None)
    played = state.played
    me = state.to_play
    hands = tuple(h if s == me else Packet(frozenset(), h.size) for s, h in enumerate(deal.hands))
    # the tarot taker saw the dog (and made the default discard from it)
    saw_extras = getattr(state, "taker", None) == me
    extras = deal.extras if saw_extras else \
        {name: Packet(frozenset(), p.size) for name, p in deal.extras.items()}
    seen = set(played)
    piles = tuple(tuple(tuple(c if depth <= sum(1 for x in pile if x in seen) else None
                              for depth, c in enumerate(pile)) for pile in player)
                  for player in deal.piles)
    return game, replace(deal, hands=hands, extras=extras, piles=piles), played


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_sampler(benchmark, game_name):
    game, view, played = position(game_name, tricks_left=4)
    model = game.sampling_model(view, played, {})
    model.knowledge
    rng = random.Random(0)
    benchmark.extra_info["unit"] = "one consistent deal"
    benchmark(model.sample, rng)


@pytest.mark.parametrize("tricks_left", [3, 5, 7])
@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_analyse_samples_per_second(benchmark, game_name, tricks_left):
    if game_name not in SUPPORTED_GAMES:
        pytest.skip(f"the solver does not support {game_name} yet")
    game, view, played = position(game_name, tricks_left)
    samples = 10

    def run():
        return analyse(game_name, game.format_deal(view), played, samples=samples, seed=1,
                       workers=1, with_score=False)
    result = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info["samples"] = samples
    benchmark.extra_info["nodes_per_sample"] = sum(s.nodes for s in result.samples) / samples
