"""The computer players: the protocol, the search levels on whole deals
(tiny budgets), determinism, the view as the only input, bad input."""

import pytest

from atout.engine import GAME_NAMES, OptionError, RuleError
from atout.engine.round import Round
from atout.players.search import SearchPlayer, greedy_card, playout
from atout.players import LEVELS, make_player

#: tiny budgets: whole deals stay quick
TINY = {"samples": 1, "max_nodes": 20_000, "exact_tricks": 3, "bid_samples": 2}


def play_out(rnd, players):
    while not rnd.is_over():
        seat = rnd.to_act
        view = rnd.view(seat)
        action = players[seat].decide(view)
        assert action in view.legal
        rnd.apply(action)
    return rnd


def bridge_view(seed: int, tricks_left: int):
    """The view of the seat to play at the start of a trick with
    ``tricks_left`` tricks to go, in a bridge deal the easy player played."""
    rnd = Round.new("bridge", seed=seed)
    easy = make_player("bridge", "easy", seed=0)
    while rnd.state.tricks_left > tricks_left or rnd.state.trick:
        rnd.apply(easy.decide(rnd.view(rnd.to_act)))
    return rnd.view(rnd.to_act)


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_search_levels_play_whole_deals_legally(game, level):
    seed = {"tarot": 1, "belote": 1}.get(game, 0)
    rnd = Round.new(game, seed=seed)
    players = [make_player(game, level if s % 2 == 0 else "easy", seed=s, **TINY) for s in range(rnd.n_seats)]
    play_out(rnd, players)
    assert sum(rnd.seat_result(s) for s in range(rnd.n_seats)) == pytest.approx(0)


def test_search_levels_are_deterministic_from_the_seed():
    def decisions(seed):
        rnd = Round.new("belote", seed=4)
        players = [make_player("belote", "hard", seed=seed, **TINY) for _ in range(4)]
        play_out(rnd, players)
        return [a.token for a in rnd.actions]
    assert decisions(1) == decisions(1)


def test_the_search_sees_only_the_view():
    """Two belote deals that differ in two unseen cards: the same view, the
    same decision of the medium player."""
    from deals import swap_unseen
    one = Round.new("belote", seed=6)
    two = Round("belote", 6, swap_unseen("belote", one.deal, 0), None, {})
    for rnd in (one, two):
        for token in ("take",):
            rnd.apply(token)
    assert one.view(0) == two.view(0)
    player = make_player("belote", "medium", seed=3, **TINY)
    assert player.decide(one.view(0)) == player.decide(two.view(0))


def test_late_in_the_deal_the_search_plays_the_double_dummy_card():
    """With every card known to the sampler (the last trick of bridge with the
    dummy shown leaves nothing unseen but two cards), the exact solve decides."""
    view = bridge_view(2, 2)
    player = SearchPlayer("bridge", 0, level="medium", samples=4)
    values = player.card_values(view)
    assert set(values) == {a.value for a in view.legal}


def test_greedy_playout_ends_the_deal_and_undoes_cleanly():
    rnd = Round.new("tarot2", seed=3)
    state = rnd.state
    before = [set(h) for h in state.hands]
    moves = playout(state, "tarot2")
    assert state.is_over()
    for _ in range(moves):
        state.undo()
    assert [set(h) for h in state.hands] == before
    assert greedy_card(state, "tarot2") in state.legal_cards()
    moves = playout(state, "tarot2", 10)
    assert state.tricks_left == 10 and not state.trick
    for _ in range(moves):
        state.undo()
    assert [set(h) for h in state.hands] == before


def test_playout_to_a_trick_start_then_the_solver_values_the_rest():
    """hard's early decisions in tarocco (``playout_to``): each card's deal is
    played greedily to the start of the trick with that many tricks left,
    and the rest is solved exactly."""
    from atout.solver import Solver
    state = play_phase_state("tarocco")
    player = SearchPlayer("tarocco", 0, level="hard", samples=1)
    assert player.playout_to == 7 and player.exact_tricks > 7
    assert state.tricks_left > player.exact_tricks
    legal = state.legal_cards()
    values = player.values_on(state, legal)
    assert set(values) == set(legal)
    solver = Solver(16)
    sign = 1 if state.maximizing(state.to_play) else -1
    for card in legal:
        state._apply(card)
        moves = 1 + playout(state, "tarocco", 7)
        assert state.tricks_left == 7 and not state.trick
        assert values[card] == sign * solver.solve(state, line=False).value
        for _ in range(moves):
            state.undo()
    medium = SearchPlayer("tarocco", 0, level="medium", samples=1)
    assert medium.playout_to == 0
    assert SearchPlayer("tarocco", 0, level="hard", exact_tricks=3).playout_to == 3


def test_bad_levels_and_budgets():
    assert LEVELS == ("random", "easy", "medium", "hard")
    with pytest.raises(OptionError, match="unknown level"):
        make_player("tarot", "expert")
    with pytest.raises(OptionError, match="think"):
        make_player("tarot", "hard", think=0)
    with pytest.raises(RuleError, match="unknown game"):
        make_player("chess", "easy")
    rnd = Round.new("belote", seed=0)
    with pytest.raises(RuleError, match="no decision"):
        make_player("belote", "easy").decide(rnd.view(1))


def play_phase_state(game):
    """The engine state at the first card of the first deal (from seed 1) that
    the easy players do not pass out."""
    easy = make_player(game, "easy", seed=0)
    for seed in range(1, 20):
        rnd = Round.new(game, seed=seed)
        while rnd.phase not in ("play", "over"):
            rnd.apply(easy.decide(rnd.view(rnd.to_act)))
        if rnd.phase == "play":
            return rnd.state
    raise AssertionError(f"every {game} deal passed out")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_greedy_tables_choose_as_the_greedy_rule(game):
    """``greedy_card`` reads its rule from tables: at every card of deals
    played half at random, half greedily (first leads that name trump,
    tricks a partner wins, the fool), it chooses what the rule as written
    (``reference_greedy_card``) chooses."""
    import random
    from atout.players.playout import reference_greedy_card
    easy = make_player(game, "easy", seed=0)
    compared = 0
    for seed in range(1, 9):
        rnd = Round.new(game, seed=seed)
        while rnd.phase not in ("play", "over"):
            rnd.apply(easy.decide(rnd.view(rnd.to_act)))
        if rnd.phase != "play":
            continue
        state, rng = rnd.state, random.Random(seed)
        while not state.is_over():
            chosen = greedy_card(state, game)
            assert chosen == reference_greedy_card(state, game), (seed, state.trick)
            compared += 1
            state._apply(chosen if rng.random() < 0.5 else rng.choice(state.legal_cards()))
    assert compared > 100


@pytest.mark.parametrize("game", ["belote", "bridge", "tarot"])
def test_playout_then_solve_ends_the_deal_on_an_optimal_line(game):
    """``playout_then_solve`` (hard's tarot bids by search): greedily to
    ``down_to`` tricks left, then the solver's line, so the deal ends at
    the exact value of the position the playout reached (the naive
    minimax's), and its score can be read."""
    from atout.engine.search import minimax
    from atout.players.playout import playout_then_solve
    from atout.solver import Solver
    state = play_phase_state(game)
    reached = []

    def solve(s):
        reached.append((s.tricks_left, len(s.trick), minimax(s)))
        return Solver(16).solve(s, line=True)
    moves = playout_then_solve(state, game, 2, solve)
    assert state.is_over() and moves == len(state.played)
    (tricks_left, under_way, value), = reached
    assert (tricks_left, under_way) == (2, 0)
    assert state.objective() == value
    state.score()
    assert playout_then_solve(state, game, 0, solve) == 0


def test_the_greedy_playout_bench_times_both_ways(capsys):
    """bench/greedy_playout.py (the figures in docs/STRENGTH.md) runs and
    plays the same cards both ways."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import greedy_playout
    greedy_playout.main(["belote,tarot2", "--deals", "4"])
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert [r[0] for r in rows] == ["belote", "tarot2"] and all(int(r[1]) > 0 for r in rows)

@pytest.mark.parametrize("game", GAME_NAMES)
def test_hard_values_a_deal_by_its_score(game):
    """hard's utility follows the score where it jumps at the contract, in the
    unit a match counts; medium's is the objective itself."""
    from atout.players.search import score_utility
    state = play_phase_state(game)
    hard = SearchPlayer(game, 0, level="hard")
    medium = SearchPlayer(game, 0, level="medium")
    target = state.contract_target()
    assert medium.utility(state, 7) == 7
    assert hard.utility(state, 7) == score_utility(game, state, 7)
    if game in ("bridge", "tarocco"):        # tricks, card points: no jump
        assert [score_utility(game, state, v) for v in (target - 1, target)] == [target - 1, target]
        return
    below, at, above = (score_utility(game, state, v) for v in (target - 1, target, target + 1))
    assert below < at < above
    if game in ("tarot", "tarot2"):       # 25 points to the winner, 25 off the loser: 100 half points
        assert at - below == 101 and above - at == 1
    if game == "belote":                  # a failed contract leaves the taker nothing
        assert score_utility(game, state, 0) == below == 0 and at == target
    if game == "smear":                   # made: 2w - 4; set: w - bid - 4 (plus 4)
        assert (below, at, above) == (-1, 2 * target, 2 * target + 2)


def test_a_decision_node_budget_stops_the_draws():
    """decision_nodes: the decision's solves share that many solver nodes;
    a deal the budget cuts short is left out (the first is scored on its
    bounds), and no deal is drawn once it is spent; without a budget
    (decision_nodes=0), samples deals, or fewer when no deal left could
    change the best card."""
    view = bridge_view(2, 5)
    free = SearchPlayer("bridge", 0, level="hard", samples=10, decision_nodes=0)
    free_values = free.card_values(view)
    assert free.decision_nodes is None and 1 <= free.last_deals <= 10
    capped = SearchPlayer("bridge", 0, level="hard", samples=10, decision_nodes=1, min_samples=3)
    values = capped.card_values(view)
    assert capped.last_deals == 1 and set(values) == {a.value for a in view.legal}
    again = SearchPlayer("bridge", 0, level="hard", samples=10, decision_nodes=1, min_samples=3)
    assert again.card_values(view) == values
    # a budget that the deals never meet changes nothing
    roomy = SearchPlayer("bridge", 0, level="hard", samples=10, decision_nodes=10**9)
    assert roomy.card_values(view) == free_values and roomy.last_deals == free.last_deals


def test_the_first_trick_may_have_a_node_budget_of_its_own(monkeypatch):
    """first_trick_nodes: a card of the first trick (the opening lead and
    the cards after it, where each deal's solve is dearest) is bounded by
    that budget instead of decision_nodes, the later cards by the
    decision's; hard's default is ``FIRST_TRICK_NODES``'s, none for medium
    or the baseline, and none for a player without a node budget."""
    from atout.players import search
    from atout.players.match import parse_player
    lead, later = bridge_view(2, 13), bridge_view(2, 12)
    player = SearchPlayer("bridge", 0, level="hard", samples=4, min_samples=1, decision_nodes=1,
                          first_trick_nodes=10**9)
    player.card_values(lead)
    assert player._budget.nodes == 10**9 and player.last_deals > 1
    player.card_values(later)
    assert player._budget.nodes == 1 and player.last_deals == 1
    monkeypatch.setattr(search, "FIRST_TRICK_NODES", {"bridge": 12345})
    assert SearchPlayer("bridge", 0, level="hard").first_trick_nodes == 12345
    assert SearchPlayer("belote", 0, level="hard").first_trick_nodes is None
    assert SearchPlayer("bridge", 0, level="medium").first_trick_nodes is None
    assert SearchPlayer("bridge", 0, level="hard", baseline=1).first_trick_nodes is None
    assert SearchPlayer("bridge", 0, level="hard", decision_nodes=0).first_trick_nodes is None
    assert SearchPlayer("bridge", 0, level="hard", first_trick_nodes=0).first_trick_nodes is None
    assert parse_player("hard:first_trick_nodes=16000000").options == (("first_trick_nodes", 16000000),)


def test_a_decision_stops_when_the_deals_left_cannot_change_the_best_card():
    """The lead of the best card over the next is more than the deals left
    could take back (at most ``span`` each): no other card can overtake it.
    With think, a card every deal put first is taken."""
    player = SearchPlayer("belote", 0, level="medium", samples=12)
    totals = {1: 500.0, 2: 100.0, 3: 90.0}
    assert player.decided(totals, 2, 162.0, {1, 2}, 10)        # 400 > 2 * 162
    assert not player.decided(totals, 3, 162.0, {1, 2}, 9)     # 400 <= 3 * 162
    assert not player.decided(totals, 3, 162.0, {1}, 9)        # unanimous, but no think
    assert player.decided({1: 0.0}, 5, 162.0, {1}, 1)          # one card: nothing to decide
    thinking = SearchPlayer("belote", 0, level="medium", samples=12, think=1.0, min_samples=4)
    assert thinking.decided(totals, 30, 162.0, {1}, 4)
    assert not thinking.decided(totals, 30, 162.0, {1}, 3)     # fewer than min_samples
    assert not thinking.decided(totals, 30, 162.0, {1, 2}, 8)


def test_think_bounds_a_decision_and_stops_when_the_deals_agree():
    """With think (seconds) the decision's solves stop at the deadline; when
    every deal puts the same card first, no more are drawn."""
    view = bridge_view(5, 3)
    player = SearchPlayer("bridge", 0, level="hard", samples=10, think=30.0, min_samples=4)
    values = player.card_values(view)
    assert set(values) == {a.value for a in view.legal}
    assert player.last_deals == 4, player.last_deals     # three tricks left: the deals agree


def test_with_think_the_time_is_the_budget_not_the_nodes():
    """A think time replaces the decision's node budget, so a longer think
    draws more deals (up to 50 times samples); a decision_nodes given as
    well still bounds it."""
    assert SearchPlayer("bridge", 0, level="hard").decision_nodes
    assert SearchPlayer("bridge", 0, level="hard", think=2.0).decision_nodes is None
    assert SearchPlayer("bridge", 0, level="hard", think=2.0, decision_nodes=5000).decision_nodes == 5000
    view = bridge_view(3, 5)
    # five tricks left, where the deals disagree on the best card: a deal
    # costs a millisecond, so the draws end long before the deadline, by
    # their number (200) or by a decided best card (equals=0: the agreement
    # on equal cards places enough cards here for the deals to agree)
    capped = SearchPlayer("bridge", 0, level="hard", samples=4, think=60.0, decision_nodes=1, min_samples=1,
                          equals=0)
    capped.card_values(view)
    assert capped.last_deals == 1
    thinking = SearchPlayer("bridge", 0, level="hard", samples=4, think=60.0, min_samples=4, equals=0)
    thinking.card_values(view)
    assert 4 * 4 < thinking.last_deals <= 200, thinking.last_deals


def test_the_think_deadline_counts_the_replay_of_the_play(monkeypatch):
    """The deadline runs from the start of the decision, the sampler's
    replay of the play included: a replay that takes longer than the think
    time leaves time for the first deal only."""
    import time
    view = bridge_view(3, 5)
    player = SearchPlayer("bridge", 0, level="hard", samples=4, think=0.25)
    player.prepare()
    player.card_values(view)       # the search loaded, its table made
    player.card_values(view)       # now a deal costs a millisecond
    assert player.last_deals > 1
    model_of = player.game.sampling_model

    def slow_model(*args, **kwargs):
        time.sleep(0.3)
        return model_of(*args, **kwargs)

    monkeypatch.setattr(player.game, "sampling_model", slow_model)
    values = player.card_values(view)
    assert set(values) == {a.value for a in view.legal} and player.last_deals == 1


def test_match_players_take_the_search_options():
    from atout.players.match import parse_player
    spec = parse_player("hard:samples=8;decision_nodes=100000")
    assert spec.options == (("samples", 8), ("decision_nodes", 100000))
    assert spec.name == "hard:samples=8,decision_nodes=100000"
    with pytest.raises(OptionError, match="decision_nodes=N"):
        parse_player("hard:depth=3")
    with pytest.raises(OptionError, match="only medium and hard"):
        parse_player("easy:samples=3")


def test_no_guard_on_a_short_trump_suit():
    """The tarot bidding rule never guards on fewer than GUARD_TRUMPS trumps,
    however strong the honours (here 3 trumps with the Petit and the 21, the
    Excuse and the four kings: a measure of 20, past a guard's 17); the same
    honours with 5 trumps guard."""
    from types import SimpleNamespace
    from atout.engine import get_game
    from atout.engine.round_games import Action
    from atout.players.rules import GUARD_TRUMPS, TAROT_NEEDS, tarot_auction, tarot_bid_value
    deck = get_game("tarot").deck
    legal = [Action("bid", t, t) for t in ("pass", "take", "guard", "guard_without", "guard_against")]
    honours = deck.parse_cards("1 21 EX KS KH KD KC")
    short = honours + deck.parse_cards("5 QS JS 10S 9S 8S 7S QH JH 10H 9H")
    assert tarot_bid_value(short) >= dict(TAROT_NEEDS)["guard"] and GUARD_TRUMPS > 3
    assert tarot_auction(SimpleNamespace(hand=tuple(short), legal=legal)) == "take"
    longer = honours + deck.parse_cards("5 6 7 QS JS 10S 9S 8S QH JH 10H")
    assert tarot_auction(SimpleNamespace(hand=tuple(longer), legal=legal)) != "take"
