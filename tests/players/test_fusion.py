"""alpha-mu (players/fusion.py) against its definition, counted the slow way:
every strategy of the deciding seat (a card at each of its decision points
within the fused cards, the same on every deal that reaches it) evaluated
on every deal with the other seats choosing knowing the deal, by the naive
minimax (``engine.search``) as the leaves' values."""

import itertools
import math
import random

import pytest

from atout.engine import get_game
from atout.engine.search import card_values as naive_card_values
from atout.players.fusion import FusedSearch
from atout.players.search import SearchPlayer


def ending_worlds(game_name, seed, tricks_left, n_worlds):
    """A deal played at random to ``tricks_left`` tricks left, then ``n_worlds``
    deals the seat to play cannot tell from it (the same cards played and
    the same hand; the other seats' unplayed cards dealt again, each seat
    keeping its number of cards)."""
    game = get_game(game_name)
    rng = random.Random(seed)
    deal = game.random_deal(seed)
    state = game.new_state(deal)
    while state.tricks_left > tricks_left:
        state.play(rng.choice(state.legal_cards()))
    for _ in range(seed % game.n_seats):      # the decision anywhere in the trick
        state.play(rng.choice(state.legal_cards()))
    seat = state.to_play
    worlds = []
    for _ in range(n_worlds):
        others = [c for s in range(game.n_seats) if s != seat for c in state.hands[s]]
        rng.shuffle(others)
        hands = []
        for s in range(game.n_seats):
            if s == seat:
                hands.append(set(state.hands[s]))
            else:
                hands.append({others.pop() for _ in range(len(state.hands[s]))})
        world = state.clone()
        world.hands = hands
        worlds.append(world)
    return worlds


def oriented(state, seat):
    return 1 if state.maximizing(seat) else -1


def reference_values(worlds, weights, moves, limit=5000):
    """max over the seat's strategies of the weighted mean, each deal's value
    under the strategy with the other seats' best replies on that deal.
    None when the seat has more than ``limit`` strategies for a card."""
    seat = worlds[0].to_play
    sign = oriented(worlds[0], seat)
    side = worlds[0].side_of(seat)
    leaves: dict = {}

    def leaf(index, state, history):
        key = (index, history)
        if key not in leaves:
            leaves[key] = {c: sign * v for c, v in naive_card_values(state).items()}
        return leaves[key]

    def points(state, history, moves_left, collect):
        if state.is_over():
            return
        if state.to_play == seat:
            if moves_left <= 0:
                return
            collect.setdefault((history, moves_left), set()).update(state.legal_cards())
            if moves_left == 1:
                return
            for card in state.legal_cards():
                state.play(card)
                points(state, history + (card,), moves_left - 1, collect)
                state.undo()
            return
        for card in state.legal_cards():
            state.play(card)
            points(state, history + (card,), moves_left, collect)
            state.undo()

    def value(index, state, history, moves_left, strategy):
        if state.is_over():
            return sign * state.objective()
        if state.to_play == seat:
            if moves_left <= 0:
                return max(leaf(index, state, history).values())
            card = strategy[(history, moves_left)]
            if moves_left == 1:
                return leaf(index, state, history)[card]
            state.play(card)
            out = value(index, state, history + (card,), moves_left - 1, strategy)
            state.undo()
            return out
        outs = []
        for card in state.legal_cards():
            state.play(card)
            outs.append(value(index, state, history + (card,), moves_left, strategy))
            state.undo()
        return max(outs) if state.side_of(state.to_play) == side else min(outs)

    result = {}
    for root in worlds[0].legal_cards():
        collect: dict = {}
        for world in worlds:
            world.play(root)
            points(world, (root,), moves - 1, collect)
            world.undo()
        keys = sorted(collect)
        if math.prod(len(collect[k]) for k in keys) > limit:
            return None
        best = None
        for choice in itertools.product(*(sorted(collect[k]) for k in keys)):
            strategy = dict(zip(keys, choice))
            total = 0.0
            for index, (world, weight) in enumerate(zip(worlds, weights)):
                world.play(root)
                total += weight * value(index, world, (root,), moves - 1, strategy)
                world.undo()
            best = total if best is None else max(best, total)
        result[root] = best / sum(weights)
    return result


def fused(worlds, weights, moves, max_front=10_000):
    seat = worlds[0].to_play
    sign = oriented(worlds[0], seat)

    def leaf(state):
        return {c: sign * v for c, v in naive_card_values(state).items()}

    search = FusedSearch(worlds, weights, leaf, lambda state: sign * state.objective(), max_front)
    return search.card_values(moves)


def small_cases(game_name, wanted=4):
    """The first seeded endings (3 tricks left, 2 or 3 deals) whose
    strategies the slow count can enumerate, and where the seat has a
    choice later."""
    found = []
    for seed in range(200):
        n_worlds = 2 + seed % 2
        worlds = ending_worlds(game_name, seed, 3, n_worlds)
        weights = [1.0, 2.0, 1.5][:n_worlds]
        expected = reference_values(worlds, weights, 2)
        if expected is not None and len(expected) > 1:
            found.append((worlds, weights, expected))
        if len(found) == wanted:
            return found
    raise AssertionError("too few small endings")


@pytest.mark.parametrize("game_name", ["belote", "smear", "bridge"])
def test_fused_values_are_the_best_strategy_over_the_deals(game_name):
    for worlds, weights, expected in small_cases(game_name):
        got = fused(worlds, weights, 2)
        assert got.keys() == expected.keys()
        for card in expected:
            assert got[card] == pytest.approx(expected[card])
        three = reference_values(worlds, weights, 3)
        if three is not None:
            got = fused(worlds, weights, 3)
            assert got == pytest.approx(three)


def test_one_move_is_the_perfect_information_mean():
    worlds = ending_worlds("belote", 11, 4, 4)
    seat = worlds[0].to_play
    sign = oriented(worlds[0], seat)
    per_world = [{c: sign * v for c, v in naive_card_values(w).items()} for w in worlds]
    got = fused(worlds, [1, 1, 1, 1], 1)
    for card, value in got.items():
        assert value == pytest.approx(sum(v[card] for v in per_world) / 4)


@pytest.mark.parametrize("game_name,seed", [("belote", 122), ("smear", 91)])
def test_fusion_changes_the_card_where_a_guess_is_hidden(game_name, seed):
    """Endings (found by a scan of seeds) where fixing the next card across
    the deals costs one card more than another: the perfect-information
    mean ranks them the other way. Never above the mean."""
    worlds = ending_worlds(game_name, seed, 3, 6)
    pimc = fused(worlds, [1] * 6, 1)
    repaired = fused(worlds, [1] * 6, 2)
    for card in pimc:
        assert repaired[card] <= pimc[card] + 1e-9
    best = max(pimc, key=lambda c: (pimc[c], -c))
    assert max(repaired, key=lambda c: (repaired[c], -c)) != best


def test_a_capped_front_gives_a_lower_estimate():
    worlds = ending_worlds("belote", 22, 3, 6)
    full = fused(worlds, [1] * 6, 3)
    capped = fused(worlds, [1] * 6, 3, max_front=1)
    for card in full:
        assert capped[card] <= full[card] + 1e-9


def test_the_hard_player_option_plays_from_fused_values():
    """``fusion=2`` near the end: the player's values are FusedSearch's over
    the deals it drew; off by default and under ``baseline=1``."""
    from atout.engine.round import Round

    from atout.players import EasyPlayer

    def ending(seed):
        rnd = Round.new("belote", seed)
        easy = EasyPlayer("belote", seed)
        while not rnd.is_over():
            if rnd.phase == "play" and rnd.state.tricks_left <= 3 and len(rnd.legal_actions()) > 1:
                return rnd.view(rnd.to_act)
            rnd.apply(easy.decide(rnd.view(rnd.to_act)))
        return None

    view = next(v for v in map(ending, range(50)) if v is not None)
    assert SearchPlayer("belote", 0, level="hard").fusion == 0
    assert SearchPlayer("belote", 0, level="hard", baseline=1).fusion == 0
    player = SearchPlayer("belote", 0, level="hard", samples=6, fusion=2, fusion_tricks=3)
    seen = []
    original = player.fused_values

    def spy(deals):
        seen.append(len(deals))
        return original(deals)

    player.fused_values = spy
    values = player.card_values(view)
    assert seen == [player.last_deals]
    assert values.keys() == {a.value for a in view.legal}
    assert values == SearchPlayer("belote", 0, level="hard", samples=6, fusion=2, fusion_tricks=3).card_values(view)


def test_a_fused_search_over_its_solves_leaves_the_means(monkeypatch):
    """Past ``FUSION_LEAVES`` solves the decision keeps the perfect-information
    means: a fused decision is bounded however many tiny solves it needs."""
    from atout.engine.round import Round
    from atout.players import EasyPlayer
    from atout.players import search

    rnd = next(r for r in (Round.new("belote", s) for s in range(50)) if r.phase != "over")
    easy = EasyPlayer("belote", 0)
    while not (rnd.phase == "play" and rnd.state.tricks_left <= 4 and len(rnd.legal_actions()) > 1):
        rnd.apply(easy.decide(rnd.view(rnd.to_act)))
    view = rnd.view(rnd.to_act)
    plain = SearchPlayer("belote", 0, level="hard", samples=6).card_values(view)
    monkeypatch.setattr(search, "FUSION_LEAVES", 0)
    assert SearchPlayer("belote", 0, level="hard", samples=6, fusion=2).card_values(view) == plain
