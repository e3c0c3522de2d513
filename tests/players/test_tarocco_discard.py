"""hard's Tarocco dealer discard by search (players/tarocco_discard.py): the
candidates are legal and the rule's comes first, each is scored by the
engine on the same drawn deals, the two cards come from one plan, and the
option is on by default (a match said it pays) and off in the baseline."""

import pytest

from atout.engine import get_game
from atout.engine.round import Round
from atout.engine.tarocco import check_discard
from atout.players import EasyPlayer, SearchPlayer
from atout.players.playout import playout
from atout.players.tarocco_discard import TaroccoDiscardSearch, candidate_pairs

TAROCCO = get_game("tarocco")
SEEDS = range(6)


def at_discard(seed):
    rnd = Round.new("tarocco", seed=seed)
    assert rnd.phase == "discard" and rnd.to_act == 3
    return rnd


def discard_with(player, seed):
    rnd = at_discard(seed)
    cards = []
    while rnd.phase == "discard":
        action = player.decide(rnd.view(3))
        cards.append(action.value)
        rnd.apply(action)
    return sorted(cards)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_candidates_are_legal_distinct_pairs_the_rules_first(seed):
    view = at_discard(seed).view(3)
    pool = set(view.hand)
    candidates = candidate_pairs(pool)
    assert candidates[0] == tuple(discard_with(EasyPlayer("tarocco", seed), seed))
    assert len(set(candidates)) == len(candidates) > 1
    for pair in candidates:
        check_discard(pool, pair)       # raises on an illegal pair


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_a_candidate_is_scored_by_the_engine_on_the_same_deals(seed):
    view = at_discard(seed).view(3)
    search = TaroccoDiscardSearch(view, seed=1, samples=3)
    candidates = search.candidates[:3]
    table = search.scores(candidates)
    again = TaroccoDiscardSearch(view, seed=1, samples=3)
    for j in range(3):
        hands = again.draw()
        assert sorted(c for h in hands for c in h) == sorted(search.unseen)
        for i, pair in enumerate(candidates):
            deal = TAROCCO.deal_from([*hands, search.pool - set(pair)], {"discard": list(pair)})
            state = TAROCCO.new_state(deal)
            playout(state, "tarocco")
            # the dealer's side's card points, the discard counted as the engine counts it
            assert table[i][j] == state.points()[1]


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_hard_discards_two_cards_of_one_plan_deterministically(seed):
    from atout.players.search import DecisionBudget
    player = SearchPlayer("tarocco", level="hard", seed=2, discard_samples=4, playout_to=2)
    cards = discard_with(player, seed)
    view = at_discard(seed).view(3)
    plan = TaroccoDiscardSearch(view, seed=2, samples=4, playout_to=player.playout_to,
                                solver=player.solver).best(DecisionBudget(player.decision_nodes, None))
    assert cards == sorted(plan) and tuple(cards) in candidate_pairs(set(view.hand))
    assert discard_with(SearchPlayer("tarocco", level="hard", seed=2, discard_samples=4, playout_to=2), seed) == cards


def test_the_search_can_leave_the_rule_and_is_on_by_default_off_in_the_baseline():
    changed = 0
    for seed in SEEDS:
        rule = discard_with(EasyPlayer("tarocco", seed), seed)
        assert discard_with(SearchPlayer("tarocco", level="hard", seed=seed, baseline=1), seed) == rule
        assert discard_with(SearchPlayer("tarocco", level="hard", seed=seed, discard_samples=0), seed) == rule
        assert discard_with(SearchPlayer("tarocco", level="medium", seed=seed), seed) == rule     # hard's only
        view = at_discard(seed).view(3)
        changed += list(TaroccoDiscardSearch(view, seed, samples=8).best()) != rule
    assert changed
    assert SearchPlayer("tarocco", level="hard").discard_samples == 16
    assert SearchPlayer("tarocco", level="hard", baseline=1).discard_samples == 0
    assert SearchPlayer("tarot", level="hard").discard_samples == 0
