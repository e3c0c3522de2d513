"""The greedy playout that reads the other hands (``sure_greedy_card``, the
search player's option ``greedy=1``): its card is legal in every game, and
in tarot, whose rules it reads exactly, its "sure winner" is a card that
wins the trick against every way the seats after it can play (counted by
the engine, play by play)."""

import random

import pytest

from atout.engine.cards import FOOL, suit_of
from atout.engine.errors import OptionError
from atout.engine.games import GAME_NAMES
from atout.engine.round import Round
from atout.players import make_player
from atout.players.cards import points
from atout.players.cards import strength as strength_in
from atout.players.playout import (GREEDY_RULES, greedy_card, playout, state_trump,
                                   sure_greedy_card)
from atout.players.search import SearchPlayer


def play_states(game, seeds, rng_seed=0):
    """Every position of deals played half greedily, half at random."""
    easy = make_player(game, "easy", seed=0)
    rng = random.Random(rng_seed)
    for seed in seeds:
        rnd = Round.new(game, seed=seed)
        while rnd.phase not in ("play", "over"):
            rnd.apply(easy.decide(rnd.view(rnd.to_act)))
        if rnd.phase != "play":
            continue
        state = rnd.state
        while not state.is_over():
            yield state
            state._apply(greedy_card(state, game) if rng.random() < 0.5
                         else rng.choice(state.legal_cards()))


def unbeaten(state, seat, card, game="tarot") -> bool:
    """Does no seat of the other side beat ``card`` (``seat``'s, in the
    trick under way or about to be played) however the seats still to play
    in the trick play (every legal card, by the engine)?"""
    if not state.trick:                 # the trick just ended
        trick = state.tricks[-1]
        led = next((suit_of(c) for c in trick.cards if c != FOOL), None)
        trump = state_trump(state, game)
        mine = strength_in(game, card, led, trump)
        return all(strength_in(game, c, led, trump) < mine
                   for i, c in enumerate(trick.cards)
                   if state.side_of((trick.leader + i) % state.n) != state.side_of(seat))
    for c in state.legal_cards():
        state._apply(c)
        try:
            if not unbeaten(state, seat, card, game):
                return False
        finally:
            state.undo()
    return True


def sure_after(state, card) -> bool:
    """``card`` played now, can no opponent beat it, whatever they hold?"""
    seat = state.to_play
    state._apply(card)
    try:
        return unbeaten(state, seat, card)
    finally:
        state.undo()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_sure_rule_plays_a_legal_card_to_the_end(game):
    played = 0
    for state in play_states(game, range(1, 5)):
        card = sure_greedy_card(state, game)
        assert card in state.legal_cards()
        played += 1
    assert played > 30


def test_in_tarot_the_sure_rule_cashes_and_wins_only_with_sure_winners():
    """tarot, every position of 12 deals, each claim checked against the
    engine's play of the rest of the trick: a lead is the dearest card that
    wins surely if one is worth points, else the plain rule's low lead; a
    follower whose partner's card no opponent can beat gives it the dearest
    card that is not a trump; otherwise it plays a card no opponent can
    beat if it has one, and else the cheapest card by the plain rule's key."""
    game = "tarot"
    seen = {"cash": 0, "low lead": 0, "win": 0, "give": 0, "low": 0}
    for state in play_states(game, range(1, 13)):
        legal = state.legal_cards()
        if len(legal) == 1:
            continue
        card = sure_greedy_card(state, game)
        trump = state_trump(state, game)
        worth = {c: points(game, c, trump) for c in legal}
        sure = [c for c in legal if sure_after(state, c)]
        low = min(legal, key=lambda c: (c == FOOL, suit_of(c) == trump, worth[c], c & 15, c))
        if not state.trick:
            cashes = [c for c in sure if worth[c] > 0 and c != FOOL]
            if cashes:
                assert card in cashes and worth[card] == max(worth[c] for c in cashes)
                seen["cash"] += 1
            else:
                assert card == low
                seen["low lead"] += 1
            continue
        led = next((suit_of(c) for c in state.trick if c != FOOL), None)
        if led is None:      # the Excuse led: the next card leads the suit
            continue
        weakest = min(legal, key=lambda c: strength_in(game, c, led, trump))
        winner = state.trick_winner(state.leader, state.trick)
        partner_sure = False
        if state.side_of(winner) == state.side_of(state.to_play):
            top = state.trick[(winner - state.leader) % state.n]
            state._apply(weakest)
            partner_sure = unbeaten(state, winner, top)
            state.undo()
        if partner_sure:
            plain = [c for c in legal if c != FOOL and suit_of(c) != trump] or legal
            assert worth[card] == max(worth[c] for c in plain), (state.trick, legal)
            seen["give"] += 1
        elif sure:
            assert card in sure, (state.trick, legal)
            seen["win"] += 1
        else:
            assert card == low, (state.trick, legal)
            seen["low"] += 1
    assert all(n > 0 for n in seen.values()), seen


def test_the_option_chooses_the_playout_rule():
    assert SearchPlayer("tarot", 0, level="hard").greedy is GREEDY_RULES[0] is greedy_card
    assert SearchPlayer("tarot", 0, level="hard", greedy=1).greedy is sure_greedy_card
    assert SearchPlayer("tarot", 0, level="hard", greedy=1, baseline=1).greedy is sure_greedy_card
    with pytest.raises(OptionError, match="greedy=2"):
        SearchPlayer("tarot", 0, level="hard", greedy=2)


def test_a_playout_by_the_sure_rule_ends_the_deal_and_undoes():
    state = next(iter(play_states("tarocco", [1])))
    before = list(state.played)
    moves = playout(state, "tarocco", 0, sure_greedy_card)
    assert state.is_over() and moves == len(state.played) - len(before)
    for _ in range(moves):
        state.undo()
    assert list(state.played) == before


def test_hard_plays_out_its_discard_and_calls_by_its_rule(monkeypatch):
    """``greedy=1`` reaches every playout of hard: the Tarocco dealer's
    discard search plays its drawn deals out by the sure rule."""
    from atout.players import tarocco_discard
    rules = []

    def recorded(state, game, down_to, solve, rule=greedy_card):
        rules.append(rule)
        return playout(state, game, 0, rule)
    monkeypatch.setattr(tarocco_discard, "playout_then_solve", recorded)
    for greedy, expected in ((0, greedy_card), (1, sure_greedy_card)):
        rules.clear()
        rnd = Round.new("tarocco", seed=0)
        assert rnd.phase == "discard"
        player = SearchPlayer("tarocco", 0, level="hard", greedy=greedy, discard_samples=2)
        player.decide(rnd.view(rnd.to_act))
        assert rules and set(rules) == {expected}
