"""The colver harness's contract as evidence (``colver_bridge.ContractRule``)
and hard's ``deal_filter``, which draws only the deals that pass it. No
colver needed: the rule is a function of the cards."""

import random

import pytest

from atout.engine import get_game
from atout.engine.belote import DECK
from atout.engine.errors import OptionError
from atout.players.colver_bridge import (ContractRule, atout_player, belote_view, colver_state, deal_of,
                                         strongest_contract, suit_strengths, trump_strength)
from atout.players.levels import make_player
from atout.players.match import parse_player

BELOTE = get_game("belote")


def random_hands(rng):
    pack = list(DECK.cards)
    rng.shuffle(pack)
    return [tuple(pack[8 * s:8 * s + 8]) for s in range(4)]


def test_the_strongest_contract_is_the_highest_trump_strength_lower_seat_and_suit_on_ties():
    rng = random.Random(1)
    for _ in range(300):
        hands = random_hands(rng)
        taker, trump = strongest_contract(hands)
        best = trump_strength(hands[taker], trump)
        for seat in range(4):
            for suit in range(4):
                strength = trump_strength(hands[seat], suit)
                assert strength <= best
                if strength == best:
                    assert (seat, suit) >= (taker, trump)


def test_the_rule_passes_exactly_the_deals_that_give_its_contract():
    rng = random.Random(2)
    passed = failed = 0
    for i in range(400):
        deal = deal_of(11, i % 40)
        rule = ContractRule(deal.taker, deal.trump)
        assert rule(BELOTE.deal_from(deal.hands))        # the real deal always passes
        hands = random_hands(rng)
        expected = strongest_contract(hands) == (deal.taker, deal.trump)
        assert rule(BELOTE.deal_from(hands)) == expected
        passed += expected
        failed += not expected
    assert passed > 10 and failed > 100


def test_a_suit_strength_is_the_cards_trump_strength():
    rng = random.Random(3)
    for _ in range(50):
        hand = random_hands(rng)[0]
        assert suit_strengths(hand) == [trump_strength(hand, t) for t in range(4)]


def recording(player):
    """Record the deal of every position ``player`` values its cards on."""
    seen = []
    values_on = player.values_on

    def record(state, legal, cut_short=False):
        seen.append(state.deal)
        return values_on(state, legal, cut_short)
    player.values_on = record
    return seen


def test_hard_scores_only_deals_that_give_the_contract():
    """A defender's first decision: every deal valued passes the rule,
    where without it most drawn deals would not."""
    tried = 0
    for index in range(12):
        deal = deal_of(48, index)
        state = colver_state(deal)
        state.play(state.legal_cards()[0])            # seat 0 leads; seat 1 decides
        if len(state.legal_cards()) == 1:
            continue
        tried += 1
        rule = ContractRule(deal.taker, deal.trump)
        seen = {}
        for inferring in (False, True):
            player = atout_player(parse_player("hard:samples=12"), 5, "card_points",
                                  rule if inferring else None)
            seen[inferring] = recording(player)
            player.decide(belote_view(state, 1))
        assert len(seen[True]) >= 12 and all(rule(d) for d in seen[True])
        assert not all(rule(d) for d in seen[False])
    assert tried >= 3


def test_only_hard_infers_from_the_contract():
    for level in ("easy", "medium"):
        with pytest.raises(OptionError, match="only hard infers from the contract"):
            atout_player(parse_player(level), 0, "card_points", ContractRule(0, 0))
    assert make_player("belote", "hard").deal_filter is None
