"""hard's tarot discard by search (players/tarot_discard.py): the candidates
are legal and include the rule's, the scores are the engine's on the drawn
deals, the rule stands unless beaten by more than a standard error, and the
six cards come from one plan."""

import pytest

from atout.analysis.bid_planners import tarot_discard
from atout.engine import get_game
from atout.engine.round import Round
from atout.engine.tarot_bidding import check_discard
from atout.players import EasyPlayer, SearchPlayer
from atout.players.playout import playout
from atout.players.tarot_discard import DiscardSearch, candidate_discards, kept_index

TAROT = get_game("tarot")


def at_discard(seed):
    """The round of ``seed`` at the taker's discard (the bots bid by the rule), or None."""
    rnd = Round.new("tarot", seed=seed)
    easy = EasyPlayer("tarot", seed)
    while rnd.phase == "auction":
        rnd.apply(easy.decide(rnd.view(rnd.to_act)))
    return rnd if rnd.phase == "discard" else None


DISCARD_SEEDS = [s for s in range(60) if at_discard(s) is not None][:12]


@pytest.mark.parametrize("seed", DISCARD_SEEDS)
def test_the_candidates_are_legal_distinct_discards_the_rules_first(seed):
    rnd = at_discard(seed)
    view = rnd.view(rnd.to_act)
    pool = set(view.hand)
    candidates = candidate_discards(pool)
    assert candidates[0] == tuple(tarot_discard(pool))
    assert len(set(candidates)) == len(candidates)
    for discard in candidates:
        assert check_discard(pool, discard) == sorted(discard)
    # every suit that can be voided (no king, six cards at most) is voided by one of them
    for suit in range(4):
        cards = [c for c in pool if c < 64 and c >> 4 == suit]
        if cards and len(cards) <= 6 and all(c & 15 != 13 for c in cards):
            assert any(set(cards) <= set(d) for d in candidates), f"suit {suit} never voided"


def test_with_too_few_plain_cards_the_rules_discard_is_the_only_one():
    """Six kings-or-trumps-heavy hands: fewer than six plain cards other than
    kings, so trumps must go and the rule decides alone."""
    kings = [c for c in TAROT.deck.cards if c < 64 and c & 15 == 13]
    trumps = [c for c in TAROT.deck.cards if c >= 64][:16]
    plain = [c for c in TAROT.deck.cards if c < 64 and c & 15 != 13][:4]
    pool = set(kings + trumps + plain)
    assert len(pool) == 24
    assert candidate_discards(pool) == [tuple(tarot_discard(pool))]


@pytest.mark.parametrize("seed", DISCARD_SEEDS[:4])
def test_a_candidate_is_scored_by_the_engine_on_the_same_deals(seed):
    rnd = at_discard(seed)
    view = rnd.view(rnd.to_act)
    search = DiscardSearch(view, seed=1, samples=3)
    candidates = candidate_discards(search.pool)[:3]
    table = search.scores(candidates)
    again = DiscardSearch(view, seed=1, samples=3)
    deals = [again.draw() for _ in range(3)]
    for i, discard in enumerate(candidates):
        for j, deal in enumerate(deals):
            assert sorted(deal.hand(view.seat)) == sorted(search.pool - set(view.public["dog"]))
            state = TAROT.new_state(deal, taker=view.seat, contract=view.public["contract"], discard=list(discard))
            playout(state, "tarot")
            assert table[i][j] == state.score()["scores"][view.seat]


def test_with_playout_to_a_candidate_s_deal_ends_on_the_solver_s_line():
    """hard's discard search (``playout_to``): the deal is played greedily to
    that many tricks left, then by the solver's line, so it ends at the exact
    value of the ending (the naive minimax's) and the engine scores it."""
    from atout.engine.search import minimax
    from atout.solver import Solver
    rnd = at_discard(DISCARD_SEEDS[0])
    view = rnd.view(rnd.to_act)
    ended = []

    class Watched:
        def solve(self, state, **options):
            ended.append((state, minimax(state), state.tricks_left, len(state.trick)))
            return Solver(16).solve(state, **options)
    search = DiscardSearch(view, seed=1, samples=2, playout_to=2, solver=Watched())
    candidates = candidate_discards(search.pool)[:2]
    table = search.scores(candidates)
    assert len(ended) == 4
    scores = [ended[2 * deal + i] for i in range(2) for deal in range(2)]
    for (state, value, tricks_left, under_way), score in zip(scores, table[0] + table[1]):
        assert (tricks_left, under_way) == (2, 0)
        assert state.is_over() and state.objective() == value
        assert score == state.score()["scores"][view.seat]
    assert DiscardSearch(view, seed=1, samples=2, playout_to=2).playout_to == 0     # no solver, no solve


def test_the_rule_stands_unless_beaten_by_more_than_a_standard_error():
    assert kept_index([[0, 0, 0, 0], [10, 10, 10, 10]]) == 1        # always better: no doubt
    assert kept_index([[0, 0, 0, 0], [30, -20, 30, -20]]) == 0      # better on average, by less than its error
    assert kept_index([[5, 5, 5], [5, 5, 5]]) == 0                   # a tie keeps the rule
    assert kept_index([[0, 0, 0], [1, 1, 1], [3, 2, 4]]) == 2        # the best mean
    assert kept_index([[0], [9]]) == 0                               # one deal says nothing


@pytest.mark.parametrize("seed", DISCARD_SEEDS[:4])
def test_hard_discards_six_cards_of_one_plan_deterministically(seed):
    from atout.players.search import DecisionBudget
    def discard_with(player):
        rnd = at_discard(seed)
        taker = rnd.to_act
        cards = []
        while rnd.phase == "discard":
            action = player.decide(rnd.view(taker))
            cards.append(action.value)
            rnd.apply(action)
        return sorted(cards), rnd
    player = SearchPlayer("tarot", level="hard", seed=2, discard_samples=8)
    cards, rnd = discard_with(player)
    start = at_discard(seed)
    view_at_start = start.view(start.to_act)
    plan = DiscardSearch(view_at_start, seed=2, samples=8, playout_to=player.playout_to,
                         solver=player.solver).best(DecisionBudget(player.decision_nodes, None))
    assert cards == sorted(plan)
    assert discard_with(SearchPlayer("tarot", level="hard", seed=2, discard_samples=8))[0] == cards
    # off by default and in today's hard: the rule's discard
    pool = set(view_at_start.hand)
    assert discard_with(SearchPlayer("tarot", level="hard", seed=2))[0] == sorted(tarot_discard(pool))


def test_the_search_throws_points_the_rule_keeps():
    """Over the seeds, the search sometimes leaves the rule's discard (else it
    would be the rule under another name), and what it keeps is always one of
    the candidates."""
    changed = 0
    for seed in DISCARD_SEEDS[:6]:
        view = at_discard(seed).view(at_discard(seed).to_act)
        search = DiscardSearch(view, seed=0, samples=16)
        best = search.best()
        assert best in candidate_discards(search.pool)
        changed += best != tuple(tarot_discard(search.pool))
    assert changed > 0
    assert len(DISCARD_SEEDS) >= 8, "too few deals reach a discard"


def test_a_spent_budget_stops_the_deals_at_the_minimum():
    from atout.players.search import DecisionBudget
    from atout.players.tarot_discard import MIN_DEALS
    rnd = at_discard(DISCARD_SEEDS[0])
    search = DiscardSearch(rnd.view(rnd.to_act), seed=0, samples=20)
    spent = DecisionBudget(None, 1e-9)          # its deadline is already past
    table = search.scores(candidate_discards(search.pool)[:2], spent)
    assert [len(row) for row in table] == [MIN_DEALS, MIN_DEALS]
    assert [len(row) for row in search.scores(candidate_discards(search.pool)[:2])] == [20, 20]
