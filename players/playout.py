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
    return _greedy(state, game_name, False)


def sure_greedy_card(state, game_name):
    """``greedy_card`` that reads the other hands it sees: lead a card worth
    points that no opponent after it can beat (a master king, the 21),
    win a trick only with a card no opponent can beat (the cheapest such),
    give points to a partner whose card no opponent can beat, and
    otherwise play the cheapest card, keeping the points (``greedy_card``
    wins with a card the next seat overtakes, and never cashes a master)."""
    return _greedy(state, game_name, True)


def _greedy(state, game_name, reads_hands: bool):
    """The greedy rules' one frame; ``reads_hands`` makes the three choices
    of ``sure_greedy_card`` (the cash, the sure partner, the sure winner)."""
    legal = state.legal_cards()
    if len(legal) == 1:
        return legal[0]
    trump = state_trump(state, game_name)
    tables = _greedy_tables(game_name, trump)
    trick = state.trick
    if not trick:
        if trump is None and state.game.first_lead_names_trump:
            return max(legal, key=tables.lead_key.__getitem__)
        if reads_hands:
            cashes = [c for c in legal if c != FOOL and tables.worth[c] > 0
                      and _sure(state, c, (), tables.strength[suit_of(c)])]
            if cashes:
                return max(cashes, key=lambda c: (tables.worth[c], -c))
        return min(legal, key=tables.low_key.__getitem__)
    led = next((suit_of(c) for c in trick if c != FOOL), None)
    if led is None:
        return min(legal, key=tables.low_key.__getitem__)
    rank = tables.strength[led]
    best = max(range(len(trick)), key=lambda i: rank[trick[i]])
    winner = (state.leader + best) % state.n
    top = rank[trick[best]]
    if state.side_of(winner) == state.side_of(state.to_play):
        if reads_hands:
            partner_sure = _unbeaten_after(state, top, rank, len(trick))
        else:
            partner_sure = len(trick) == state.n - 1 or top >= 100
        if partner_sure:
            plain = [c for c in legal if not tables.fool_or_trump[c]]
            return max(plain or legal, key=tables.give_key.__getitem__)
    if reads_hands:
        winners = [c for c in legal if _sure(state, c, trick, rank)]
    else:
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


def _can_beat(hand, top, rank) -> bool:
    """Can a seat holding ``hand`` beat a card of rank ``top`` in a trick
    whose ranks are ``rank``? (Seen as a seat bound to follow the suit led
    when it holds it: a card of that suit is ranked under 100, a trump from
    100; a seat that holds the suit led plays it, one that does not may trump.)"""
    follows = [c for c in hand if 0 <= rank[c] < 100]
    return any(rank[c] > top for c in (follows or hand))


def _unbeaten_after(state, top, rank, played: int) -> bool:
    """Can no seat of the other side after the player on turn (``played``
    cards in the trick) beat a card of rank ``top``?"""
    me = state.to_play
    for k in range(1, state.n - played):
        seat = (me + k) % state.n
        if state.side_of(seat) != state.side_of(me) and _can_beat(state.holding(seat), top, rank):
            return False
    return True


def _sure(state, card, trick_cards, rank) -> bool:
    """Does ``card``, played now into ``trick_cards``, beat the cards played
    so far, with no seat of the other side after it able to beat it? (Every
    card seen; a partner beating it keeps the trick on this side.)"""
    top = rank[card]
    if top < 0 or any(rank[c] > top for c in trick_cards):
        return False
    return _unbeaten_after(state, top, rank, len(trick_cards))


#: the playout's rules, by a player's ``greedy`` option
GREEDY_RULES = (greedy_card, sure_greedy_card)


def playout(state, game_name, down_to=0, rule=greedy_card) -> int:
    """Play the deal by ``rule`` (``greedy_card``; in place) to its end, or
    to the start of the trick with ``down_to`` tricks left; returns the
    number of cards played (to undo them)."""
    moves = 0
    # (a deal with no trick under way and no trick left is over)
    while state.trick or state.tricks_left > down_to:
        state._apply(rule(state, game_name))
        moves += 1
    return moves


def playout_then_solve(state, game_name, down_to, solve, rule=greedy_card) -> int:
    """Play the deal greedily to ``down_to`` tricks left, then the solver's
    optimal line to the end (``solve(state)``: a ``SolveResult`` with its
    line; where the limits stopped it short of a line, greedily on); the
    state ends over, so that its score can be read. Returns the cards
    played."""
    moves = playout(state, game_name, down_to, rule) if down_to else 0
    if not state.is_over() and down_to:
        for card in solve(state).line:
            state._apply(card)
            moves += 1
    return moves + playout(state, game_name, 0, rule)


__all__ = ["GREEDY_RULES", "greedy_card", "playout", "playout_then_solve", "reference_greedy_card",
           "sure_greedy_card"]
