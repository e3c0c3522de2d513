"""hard's tarot slam and handful declarations by search
(players/tarot_declare.py): the deals drawn agree with what the seat knows,
each declaration is scored by the engine with that declaration made, the
rule stands unless beaten, and the option is off by default."""

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL, TRUMPS, suit_of
from atout.engine.round import Round
from atout.engine.tarot_scoring import HANDFUL_BONUS
from atout.players import EasyPlayer, SearchPlayer
from atout.players.playout import playout_then_solve
from atout.players.tarot_declare import DeclareSearch, handful_cards, known_before_play

TAROT = get_game("tarot")


def declare_views(seeds, handful_only=False):
    """Views of a declaration with a choice, from rounds the easy rule bids and declares."""
    for seed in seeds:
        rnd = Round.new("tarot", seed=seed)
        easy = EasyPlayer("tarot", seed)
        while rnd.phase != "play" and not rnd.is_over():
            view = rnd.view(rnd.to_act)
            if rnd.phase == "declare" and len(view.legal) > 1 and (
                    not handful_only or view.legal[0].token == "no_handful"):
                yield seed, view
            rnd.apply(easy.decide(view))


HANDFUL_VIEWS = list(declare_views(range(60), handful_only=True))[:6]


def test_there_are_handful_views_of_both_sides():
    sides = {view.seat == view.public["taker"] for _seed, view in HANDFUL_VIEWS}
    assert len(HANDFUL_VIEWS) == 6 and sides == {True, False}


@pytest.mark.parametrize("case", range(6))
def test_the_known_deal_is_what_the_seat_knows_before_the_first_card(case):
    _seed, view = HANDFUL_VIEWS[case]
    deal, known = known_before_play(view, TAROT)
    taker, contract = view.public["taker"], view.public["contract"]
    assert known["taker"] == taker and known["contract"] == contract
    mine = deal.hands[view.seat]
    assert mine.unknown == 0
    with_dog = contract in ("take", "guard")
    if view.seat == taker and with_dog:
        # the dealt hand, the dog and the discard known; the playing hand follows
        assert set(known["discard"]) == set(view.private["discard"])
        assert (mine.cards | deal.extra("dog")) - set(known["discard"]) == set(view.hand)
    else:
        assert mine.cards == set(view.hand) and "discard" not in known
    assert deal.extras["dog"].unknown == (0 if with_dog else 6)
    assert all(h.unknown == 18 and not h.cards for s, h in enumerate(deal.hands) if s != view.seat)


@pytest.mark.parametrize("case", range(6))
def test_each_deal_drawn_agrees_with_the_view_and_a_handful_moves_the_score_by_its_bonus(case):
    seed, view = HANDFUL_VIEWS[case]
    search = DeclareSearch(view, seed, samples=5)
    taker = view.public["taker"]
    share = 1 if view.seat == taker else -1 / 3       # the taker's score S, a defender's -S/3
    for _ in range(5):
        deal, contract = search.model.sample(search.rng)
        # the seat plays the hand it sees
        assert TAROT.new_state(deal, **contract).hands[view.seat] == set(view.hand)
        if view.public["contract"] in ("take", "guard"):
            assert deal.extra("dog") == set(view.public["dog"])
        # the same play (greedy, every card seen), each declaration
        plain = search.score((deal, contract), "no_handful")
        for token in [a.token for a in view.legal if a.token != "no_handful"]:
            shown = search.contract_with(contract, token, view.hand)["handfuls"][view.seat]
            assert shown == handful_cards(view.hand, token) and set(shown) <= set(view.hand) | {FOOL}
            level = {"handful": 1, "double_handful": 2, "triple_handful": 3}[token]
            # the bonus, to one side or the other
            diff = search.score((deal, contract), token) - plain
            assert abs(abs(diff) - HANDFUL_BONUS[level] * abs(share)) < 1e-9, (token, diff)


def test_the_handful_bonus_follows_the_winning_side():
    # a deal scored both ways: the sign of the difference is the taker's result's sign
    seed, view = next((s, v) for s, v in HANDFUL_VIEWS if v.seat != v.public["taker"])
    search = DeclareSearch(view, seed, samples=8)
    for _ in range(8):
        deal, contract = search.model.sample(search.rng)
        plain_state = TAROT.new_state(deal, **search.contract_with(contract, "no_handful", view.hand))
        playout_then_solve(plain_state, "tarot", 0, None)
        made = plain_state.score()["made"]
        diff = search.score((deal, contract), "handful") - search.score((deal, contract), "no_handful")
        # a defender's handful: the defence's score rises when the taker fails
        assert (diff > 0) == (not made), (made, diff)


def test_the_rule_stands_unless_beaten_and_the_search_can_leave_it():
    decisions = []
    for seed, view in HANDFUL_VIEWS:
        rule = EasyPlayer("tarot", seed).choose(view).token
        searched = DeclareSearch(view, seed, samples=16).best()
        assert searched in [a.token for a in view.legal]
        decisions.append((view.seat == view.public["taker"], rule, searched))
    # a defender sure of its side shows its handful, which the rule never does
    assert any(not taker and rule == "no_handful" and searched != "no_handful"
               for taker, rule, searched in decisions), decisions


def slam_round():
    """Seat 0 dealt trumps 5 to 21 and the Excuse: a slam on every deal."""
    cards = list(TAROT.deck.cards)
    top = [c for c in cards if suit_of(c) == TRUMPS and c - 64 >= 5] + [FOOL]
    rest = [c for c in cards if c not in top]
    hands = [top, rest[0:18], rest[18:36], rest[36:54]]
    deal = TAROT.deal_from(hands, {"dog": rest[54:60]})
    rnd = Round.new("tarot", deal=str(deal))
    # seat 0 guards without the dog, the others pass
    for token in ("guard_without", "pass", "pass", "pass"):
        view = rnd.view(rnd.to_act)
        rnd.apply(next(a for a in view.legal if a.token == token))
    return rnd


def test_a_sure_slam_is_announced_and_the_rule_never_announces():
    rnd = slam_round()
    view = rnd.view(rnd.to_act)
    assert rnd.phase == "declare" and [a.token for a in view.legal] == ["no_slam", "slam"]
    assert EasyPlayer("tarot", 0).choose(view).token == "no_slam"
    search = DeclareSearch(view, 0, samples=8)
    table = search.scores(search.tokens)
    # announced: +400 on every deal, against +200 unannounced
    assert len(table[0]) == 8 and all(s > r for s, r in zip(table[1], table[0]))
    assert search.best() == "slam"
    player = SearchPlayer("tarot", 0, level="hard", declare_samples=8)
    assert player.decide(view).token == "slam"


def test_a_rule_never_beaten_on_the_first_deals_stops_there():
    for seed, view in declare_views(range(30)):
        if view.legal[0].token == "no_slam":
            search = DeclareSearch(view, seed, samples=24)
            table = search.scores(search.tokens)
            if not search.challenged(table):
                assert len(table[0]) == 4
                assert search.best() == "no_slam"
                return
    pytest.fail("no taker's slam question among the seeds")


def test_off_by_default_and_in_the_baseline():
    assert SearchPlayer("tarot", 0, level="hard").declare_samples == 0
    assert SearchPlayer("tarot", 0, level="hard", baseline=1).declare_samples == 0
    seed, view = HANDFUL_VIEWS[0]
    player = SearchPlayer("tarot", seed, level="hard")
    assert player.decide(view).token == EasyPlayer("tarot", seed).choose(view).token
