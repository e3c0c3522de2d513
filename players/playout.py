"""The greedy playout: a deal played to its end (or to a few tricks from it)
with every card seen, by cheap rules (win a trick cheaply when it holds points
or the last card can win it, give points to a partner who wins it for sure,
otherwise play the cheapest card): the search player's estimate of a card
where a double-dummy solve does not fit, and of a contract in the auction."""

from __future__ import annotations

from atout.engine.cards import FOOL, suit_of

from .cards import points, strength


def state_trump(state, game_name):
    return state.trick_trump


def partners_of(state, seat) -> set:
    return {s for s in range(state.n) if state.side_of(s) == state.side_of(seat)}


def greedy_card(state, game_name):
    """A quick choice with every card seen: win the trick cheaply when it
    holds points or the last card can win it, give points to a partner who
    wins it for sure, otherwise play the cheapest card."""
    legal = state.legal_cards()
    if len(legal) == 1:
        return legal[0]
    trump = state_trump(state, game_name)
    trick = state.trick

    def low_key(c):
        return (c == FOOL, trump is not None and suit_of(c) == trump, points(game_name, c, trump), c & 15, c)

    if not trick:
        return max(legal, key=lambda c: (strength(game_name, c, suit_of(c), trump), -points(game_name, c, trump))) \
            if state.game.first_lead_names_trump and trump is None else min(legal, key=low_key)
    led = next((suit_of(c) for c in trick if c != FOOL), None)
    if led is None:
        return min(legal, key=low_key)
    best = max(range(len(trick)), key=lambda i: strength(game_name, trick[i], led, trump))
    winner = (state.leader + best) % state.n
    top = strength(game_name, trick[best], led, trump)
    me = state.to_play
    last = len(trick) == state.n - 1
    if state.side_of(winner) == state.side_of(me) and (last or top >= 100):
        plain = [c for c in legal if c != FOOL and not (trump is not None and suit_of(c) == trump)]
        return max(plain or legal, key=lambda c: (points(game_name, c, trump), -c))
    winners = [c for c in legal if strength(game_name, c, led, trump) > top]
    if winners:
        return min(winners, key=lambda c: (strength(game_name, c, led, trump), points(game_name, c, trump)))
    return min(legal, key=low_key)


def playout(state, game_name, down_to=0) -> int:
    """Play the deal by ``greedy_card`` (in place) to its end, or to the
    start of the trick with ``down_to`` tricks left; returns the number of
    cards played (to undo them)."""
    moves = 0
    while not state.is_over() and (state.trick or state.tricks_left > down_to):
        state._apply(greedy_card(state, game_name))
        moves += 1
    return moves


__all__ = ["greedy_card", "playout"]
