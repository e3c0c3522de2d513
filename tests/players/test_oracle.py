"""players/oracle.py: the player that sees every card, the yardstick of
what the unseen cards cost a level (``hard:sees_all=1`` in a match)."""

import random

import pytest

from atout.engine import OptionError
from atout.engine.round import Round
from atout.players import make_player
from atout.players.match import parse_players, run_match
from atout.players.oracle import SeeingPlayer
from atout.solver import Solver


@pytest.mark.parametrize("game, seed", [("bridge", 3), ("bridge", 4), ("bridge", 7), ("belote", 5), ("belote", 6), ("belote", 8)])
def test_the_seeing_player_plays_a_best_card_of_the_true_deal(game, seed):
    # hard solves every bridge and Belote card exactly: seeing the deal, its
    # card is one of the true deal's best by its score (a deal drawn from
    # its view would often pick another)
    rnd = Round.new(game, seed=seed)
    rng = random.Random(seed)
    while rnd.phase != "play":
        rnd.apply(rng.choice(rnd.legal_actions()))
        if rnd.is_over():
            pytest.skip("every seat passed")
    seeing = SeeingPlayer(make_player(game, "hard", seed=seed, decision_nodes=0), rnd)
    solver = Solver()
    checked = 0
    while not rnd.is_over():
        view = rnd.view(rnd.to_act)
        action = seeing.decide(view)
        if len(view.legal) > 1 and rnd.state.tricks_left <= 6:
            state = rnd.state
            sign = 1 if state.maximizing(state.to_play) else -1
            # hard maximises the score (Belote's jumps at the contract), not the points
            worth = {card: sign * seeing.utility(state, v)
                     for card, v in solver.solve(state, all_cards=True).cards.items()}
            assert worth[action.value] == max(worth.values())
            checked += 1
        rnd.apply(action)
    assert checked >= 3


def test_the_seeing_player_is_only_where_the_deal_says_everything():
    rnd = Round.new("tarot", seed=1)
    with pytest.raises(OptionError, match="sees_all"):
        SeeingPlayer(make_player("tarot", "hard"), rnd)
    with pytest.raises(OptionError, match="sees_all"):
        SeeingPlayer(make_player("bridge", "easy"), Round.new("bridge", seed=1))


def test_a_match_takes_sees_all_as_an_option():
    a, b = parse_players("hard:sees_all=1,hard")
    assert dict(a.options) == {"sees_all": 1} and b.options == ()
    result = run_match("bridge", "hard:sees_all=1,hard", deals=1, seed=11, workers=1)
    assert len(result.differences) == 1


def test_seeing_the_hands_only_leaves_tarot2s_face_down_cards_to_draw():
    rnd = Round.new("tarot2", seed=9)
    inner = make_player("tarot2", "hard", seed=9)
    seen = []
    inner.decide = lambda view: seen.append(view) or view.legal[0]
    seeing = SeeingPlayer(inner, rnd, "hands")
    seeing.decide(rnd.view(rnd.to_act))
    known = seen[0].known_deal
    assert known.hands == rnd.state.deal.hands
    assert not known.is_complete and known.piles == rnd.view(rnd.to_act).known_deal.piles
    assert inner.samples > 1            # the face-down cards are drawn as hard draws them
    SeeingPlayer(inner, rnd).decide(rnd.view(rnd.to_act))
    assert seen[1].known_deal == rnd.state.deal and inner.samples == 1


def test_seeing_the_partner_fills_in_the_partners_hand_only():
    rnd = Round.new("bridge", seed=9)
    inner = make_player("bridge", "hard", seed=9)
    seen = []
    inner.decide = lambda view: seen.append(view) or view.legal[0]
    view = rnd.view(rnd.to_act)         # West's opening lead: East is the partner
    SeeingPlayer(inner, rnd, "partner").decide(view)
    known = seen[0].known_deal
    partner = (view.seat + 2) % 4
    assert known.hands[partner] == rnd.state.deal.hands[partner]
    assert [h for s, h in enumerate(known.hands) if s != partner] == \
        [h for s, h in enumerate(view.known_deal.hands) if s != partner]
    assert not known.is_complete and inner.samples > 1
    with pytest.raises(OptionError, match="partners"):
        SeeingPlayer(make_player("tarot2", "hard"), Round.new("tarot2", seed=1), "partner")


def test_sees_all_takes_1_to_3():
    assert dict(parse_players("hard:sees_all=3,hard")[0].options) == {"sees_all": 3}
    with pytest.raises(OptionError, match="sees_all"):
        parse_players("hard:sees_all=4,hard")
