"""The greedy playout: a deal played to its end (or to a few tricks from it)
with every card seen, by cheap rules (win a trick cheaply when it holds points
or the last card can win it, give points to a partner who wins it for sure,
otherwise play the cheapest card): the search player's estimate of a card
where a double-dummy solve does not fit, and of a contract in the auction."""

from __future__ import annotations

from atout.engine import get_game
from atout.engine.cards import FOOL, suit_of

from .cards import points, strength


def state_trump(state, game_name):
    return state.trick_trump


def partners_of(state, seat) -> set:
    return {s for s in range(state.n) if state.side_of(s) == state.side_of(seat)}


def greedy_card(state, game_name):
    """A quick choice with every card seen: win the trick cheaply when it
    holds points or the last card can win it, give points to a partner who
    wins it for sure, otherwise play the cheapest card. The rule is
    ``reference_greedy_card``; this reads it from tables made once per game
    and trump (a playout makes tens of thousands of these choices in one
    early decision of the tarot games, where the rule's lookups cost as much
    as the solver's nodes)."""
    legal = state.legal_cards()
    if len(legal) == 1:
        return legal[0]
    trump = state_trump(state, game_name)
    tables = _greedy_tables(game_name, trump)
    trick = state.trick
    if not trick:
        if trump is None and state.game.first_lead_names_trump:
            return max(legal, key=tables.lead_key.__getitem__)
        return min(legal, key=tables.low_key.__getitem__)
    led = next((suit_of(c) for c in trick if c != FOOL), None)
    if led is None:
        return min(legal, key=tables.low_key.__getitem__)
    rank = tables.strength[led]
    best = max(range(len(trick)), key=lambda i: rank[trick[i]])
    winner = (state.leader + best) % state.n
    top = rank[trick[best]]
    if state.side_of(winner) == state.side_of(state.to_play) and (len(trick) == state.n - 1 or top >= 100):
        plain = [c for c in legal if not tables.fool_or_trump[c]]
        return max(plain or legal, key=tables.give_key.__getitem__)
    winners = [c for c in legal if rank[c] > top]
    if winners:
        return min(winners, key=lambda c: (rank[c], tables.worth[c]))
    return min(legal, key=tables.low_key.__getitem__)


class _GreedyTables:
    """``reference_greedy_card``'s keys and ranks of every card of a game,
    for one trump."""

    def __init__(self, game_name, trump):
        cards = get_game(game_name).deck.cards
        self.worth = {c: points(game_name, c, trump) for c in cards}
        self.fool_or_trump = {c: c == FOOL or (trump is not None and suit_of(c) == trump) for c in cards}
        self.low_key = {c: (c == FOOL, trump is not None and suit_of(c) == trump, self.worth[c], c & 15, c)
                        for c in cards}
        self.lead_key = {c: (strength(game_name, c, suit_of(c), trump), -self.worth[c]) for c in cards}
        self.give_key = {c: (self.worth[c], -c) for c in cards}
        suits = {suit_of(c) for c in cards if c != FOOL}
        self.strength = {led: {c: strength(game_name, c, led, trump) for c in cards} for led in suits}


_GREEDY_TABLES: dict = {}


def _greedy_tables(game_name, trump) -> _GreedyTables:
    tables = _GREEDY_TABLES.get((game_name, trump))
    if tables is None:
        tables = _GREEDY_TABLES[(game_name, trump)] = _GreedyTables(game_name, trump)
    return tables


def reference_greedy_card(state, game_name):
    """``greedy_card``'s rule as written first, card by card (the tests hold
    the tables to it)."""
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
    # (a deal with no trick under way and no trick left is over)
    while state.trick or state.tricks_left > down_to:
        state._apply(greedy_card(state, game_name))
        moves += 1
    return moves


def playout_then_solve(state, game_name, down_to, solve) -> int:
    """Play the deal greedily to ``down_to`` tricks left, then the solver's
    optimal line to the end (``solve(state)``: a ``SolveResult`` with its
    line; where the limits stopped it short of a line, greedily on); the
    state ends over, so that its score can be read. Returns the cards
    played."""
    moves = playout(state, game_name, down_to) if down_to else 0
    if not state.is_over() and down_to:
        for card in solve(state).line:
            state._apply(card)
            moves += 1
    return moves + playout(state, game_name)


__all__ = ["greedy_card", "playout", "playout_then_solve", "reference_greedy_card"]
