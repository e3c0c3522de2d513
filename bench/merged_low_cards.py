"""Tarot with the low cards merged: sound bounds from a coarser game
(docs/SPEED.md, "merging the low cards"). A pure-Python measurement, not
used by the solver.

The low cards are the pips 1 to PIP_TOP and the trumps 2 to TRUMP_TOP:
half a point each, no oudler. The merged game keeps only how many low cards
of each suit each seat holds. Where two merged cards meet in a trick, which
one is higher is decided by one side, the *resolver*; so is the one fact of
a hand the counts hide that the rules ask: whether a seat holds a merged
trump above the merged trump on top of the trick (the duty to overtrump).

Why it is sound: with the taker resolving, the taker can always resolve as
the real cards would, so at every node of the merged game he has at least
the real game's choices and the defence at most the real game's (the same
cards, the same outcomes), whatever real position the counts came from. By
induction on the cards left, the merged value is at least the real value of
every position it merges: an upper bound. The defence resolving gives a
lower bound. The merged game has fewer positions (a hand's low cards of a
suit are one count, one move), which is what a search would gain.

    python bench/merged_low_cards.py TRICKS_LEFT DEALS TRUMP_TOP PIP_TOP [OFFSETS] [--ordered]

prints, for seeded tarot positions at a trick start (guard by the first
seat), the exact value (the solver's and this file's with nothing merged),
the merged game's lower and upper bounds, and the distinct positions a full
minimax visits in each game. With OFFSETS (e.g. ``0,1,-4,4``): the nodes of
a null-window search with a table for the question "does the taker reach the
value plus the offset?", in tarot and in the merged game resolved against
the answer ("settles" when the merged game proves the same answer);
``--ordered`` tries first the cards that take the trick for the mover's side.
"""

from __future__ import annotations

import functools
import sys

from atout.engine.cards import FOOL, TRUMPS, suit_of
from atout.engine.tarot_bidding import DOG_CONTRACTS
from atout.engine.tarot_scoring import OUDLERS, PETIT, card_half_points, target

N_SEATS = 4
#: a merged card's strength against a real card: a merged trump lies between
#: the Petit (100 + 1) and the first real trump above it; a merged pip of the
#: suit led below every real card of that suit
LOW_TRUMP_STRENGTH = 101.5
LOW_LED_STRENGTH = 0.5


def card_strength(card: int, led: int | None) -> float:
    """A real card's strength in a trick whose suit led is ``led``."""
    if card == FOOL:
        return -2
    if card > 64:
        return 100 + card - 64
    return (card & 15) + 1 if suit_of(card) == led else -1


def low_strength(suit: int, led: int | None) -> float:
    if suit == TRUMPS:
        return LOW_TRUMP_STRENGTH
    return LOW_LED_STRENGTH if suit == led else -1


def excuse_before_last(owner: int, won: int) -> tuple[int, int]:
    """(half points, oudlers) the taker's side gets from the Excuse played
    before the last trick by side ``owner`` in a trick won by side ``won``:
    its owner keeps it and gives the winners a half point."""
    if owner == 0:
        return 9 - (won != 0), 1
    return int(won == 0), 0


def settled_so_far(state) -> tuple[int, int, int]:
    """(taker's half points, taker's oudlers, who won every trick so far:
    0 or 1, -1 for both sides, -2 before the first trick) from the complete
    tricks and the dog or discard, by the Excuse rules of a trick before the
    last."""
    taker_side = [0 if seat == state.taker else 1 for seat in range(N_SEATS)]
    extra = state.discard if state.contract in DOG_CONTRACTS else state.dog
    half = oudlers = 0
    if state.dog_side() == 0:
        half, oudlers = sum(map(card_half_points, extra)), sum(c in OUDLERS for c in extra)
    winners = set()
    for trick in state.tricks:
        won = taker_side[trick.winner]
        winners.add(won)
        for i, card in enumerate(trick.cards):
            if card == FOOL:
                gain, gained = excuse_before_last(taker_side[(trick.leader + i) % N_SEATS], won)
                half, oudlers = half + gain, oudlers + gained
            elif won == 0:
                half, oudlers = half + card_half_points(card), oudlers + (card in OUDLERS)
    slam = -2 if not winners else winners.pop() if len(winners) == 1 else -1
    return half, oudlers, slam


def merged_value(state, trump_top: int, pip_top: int, resolver: str,
                 need: int | None = None, ordered: bool = False) -> tuple:
    """(value, distinct positions) of the merged game from ``state`` (a tarot
    state at a trick start): the taker's margin in half points, an upper
    bound of the real value when ``resolver`` is "max" (the taker decides),
    a lower bound when "min". ``trump_top`` 1 and ``pip_top`` 0 merge
    nothing: the exact value. With ``need``: (does the merged value reach
    it, the nodes of a null-window search that answers it); ``ordered``
    tries the cards that take the trick first."""
    if state.trick:
        raise ValueError("the merged game starts at a trick start")
    taker = state.taker
    resolve = max if resolver == "max" else min
    merged_trumps_end = 64 + trump_top

    def is_low(card: int) -> bool:
        if card < 64:
            return (card & 15) < pip_top
        return 66 <= card <= merged_trumps_end

    def side(seat: int) -> int:
        return 0 if seat == taker else 1

    def hand_of(cards) -> tuple:
        counts = [0] * 5
        for card in cards:
            if is_low(card):
                counts[min(suit_of(card), TRUMPS)] += 1
        return frozenset(c for c in cards if not is_low(c)), tuple(counts)

    def legal_sets(hand, led, top) -> list[list[tuple]]:
        """The moves the rules allow, as one list per fact the resolver may
        choose; a move is ("card", c) or ("low", suit). ``top``: the
        trick's winning card so far, (kind, card or suit) or None."""
        real, counts = hand
        every = [("card", c) for c in real] + [("low", s) for s in range(5) if counts[s]]
        if led is None:
            return [every]
        follow = [m for m in every if m[0] == "card" and m[1] != FOOL and suit_of(m[1]) == led]
        if led != TRUMPS and counts[led]:
            follow.append(("low", led))
        excuse = [("card", FOOL)] if FOOL in real else []
        if led != TRUMPS and follow:
            return [follow + excuse]
        trumps = [("card", c) for c in real if c > 64] + ([("low", TRUMPS)] if counts[TRUMPS] else [])
        if not trumps:
            return [every]
        top_trump = top is not None and (top[0] == "low" and top[1] == TRUMPS
                                          or top[0] == "card" and top[1] > 64)
        if not top_trump or top == ("card", PETIT):
            return [trumps + excuse]
        if top[0] == "card":
            above = [m for m in trumps if m[0] == "card" and m[1] > top[1]]
            return [(above or trumps) + excuse]
        # a merged trump on top: real trumps above the merged ones beat it
        # (the Petit does not); the seat's merged trumps may or may not
        above = [m for m in trumps if m[0] == "card" and m[1] > merged_trumps_end]
        if not counts[TRUMPS]:
            return [(above or trumps) + excuse]
        return [(above or trumps) + excuse, above + [("low", TRUMPS)] + excuse]

    def node(key):
        """The node ``key``: (the margin still to come if the deal is over,
        else None; whether the seat on turn is the taker; for each fact the
        resolver may choose, for each move, for each placement the resolver
        may choose, (half points the taker gains, the child's key))."""
        hands, leader, played, led, top_seat, top = key[:6]
        seat = (leader + played) % N_SEATS
        cards_left = sum(len(real) + sum(counts) for real, counts in hands)
        if cards_left == 0:
            return -2 * target(key[-2]), None, None
        facts = []
        for fact, moves in enumerate(legal_sets(hands[seat], led, top)):
            outcomes = []
            for move in moves:
                # may this merged card go above the merged card on top, or below?
                if move[0] == "low" and top == move and move[1] in (led, TRUMPS):
                    placements = [fact == 1] if move[1] == TRUMPS else [True, False]  # fact 1: it holds one above
                else:
                    placements = [None]
                outcomes.append([play(key, seat, move, above, cards_left == N_SEATS - played)
                                 for above in placements])
            if ordered:
                outcomes.sort(key=lambda o: promise(o[0], side(seat)), reverse=True)
            facts.append(outcomes)
        return None, side(seat) == 0, facts

    def promise(outcome, mover_side):
        """The move order when ``ordered``: first the cards after which
        the mover's side holds the trick (or won it), then by the taker's
        gain, the most for the taker, the least for the defence."""
        gain, child = outcome
        holder = child[4] if child[2] else child[1]     # the top so far, or the trick's winner
        return holder is not None and side(holder) == mover_side, gain if mover_side == 0 else -gain

    @functools.lru_cache(maxsize=None)
    def value(key):
        """The taker's margin still to come (half points won from here, less
        twice the target of the oudlers he ends with)."""
        over, taker_on_turn, facts = node(key)
        if facts is None:
            return over
        choose = max if taker_on_turn else min
        return resolve(choose(resolve(gain + value(child) for gain, child in outcomes)
                              for outcomes in moves) for moves in facts)

    def play(key, seat, move, above, last_trick):
        """(the taker's gain, the next key) after ``move`` by ``seat``."""
        (hands, leader, played, led, top_seat, top, points, oudlers, excuse_seat,
         taker_oudlers, slam) = key
        real, counts = hands[seat]
        kind, what = move
        if kind == "card":
            hand = (real - {what}, counts)
        else:
            counts = list(counts)
            counts[what] -= 1
            hand = (real, tuple(counts))
        hands = hands[:seat] + (hand,) + hands[seat + 1:]
        if led is None and move != ("card", FOOL):
            led = what if kind == "low" else min(suit_of(what), TRUMPS)
        if move == ("card", FOOL):
            excuse_seat = seat
        else:
            points += 1 if kind == "low" else card_half_points(what)
            oudlers += kind == "card" and what in OUDLERS
            if top is None:
                top_seat, top = seat, move
            elif above is not None:
                if above:
                    top_seat, top = seat, move
            else:
                mine = low_strength(what, led) if kind == "low" else card_strength(what, led)
                theirs = low_strength(top[1], led) if top[0] == "low" else card_strength(top[1], led)
                if mine > theirs:
                    top_seat, top = seat, move
        if played + 1 < N_SEATS:
            return 0, (hands, leader, played + 1, led, top_seat, top, points, oudlers,
                       excuse_seat, taker_oudlers, slam)
        winner = top_seat
        if last_trick and excuse_seat == leader and slam == side(leader):
            winner = leader                              # the slam exception
        won = side(winner)
        gain, gained_oudlers = (points, oudlers) if won == 0 else (0, 0)
        if excuse_seat is not None:
            owner = side(excuse_seat)
            if last_trick:
                goes_to = owner if winner == excuse_seat else 1 - owner
                if goes_to == 0:
                    gain, gained_oudlers = gain + 9, gained_oudlers + 1
            else:
                excuse, excuse_oudler = excuse_before_last(owner, won)
                gain, gained_oudlers = gain + excuse, gained_oudlers + excuse_oudler
        slam = won if slam in (-2, won) else -1
        return gain, (hands, winner, 0, None, None, None, 0, 0, None,
                      taker_oudlers + gained_oudlers, slam)

    @functools.lru_cache(maxsize=None)
    def reaches(key, need):
        """Does the margin still to come reach ``need``? (a null-window
        search with a table: every node a call, each settled child ends
        its parent's loop)"""
        over, taker_on_turn, facts = node(key)
        if facts is None:
            return over >= need
        # the taker resolving: any fact, any placement will do for him
        pick_fact, pick_place = (any, any) if resolver == "max" else (all, all)
        pick_move = any if taker_on_turn else all
        return pick_fact(pick_move(pick_place(reaches(child, need - gain) for gain, child in outcomes)
                                   for outcomes in moves) for moves in facts)

    half, taker_oudlers, slam = settled_so_far(state)
    hands = tuple(hand_of(state.hands[seat]) for seat in range(N_SEATS))
    root = (hands, state.leader, 0, None, None, None, 0, 0, None, taker_oudlers, slam)
    if need is not None:
        return reaches(root, need - half), reaches.cache_info().currsize
    return half + value(root), value.cache_info().currsize


def main(tricks: int, deals: int, trump_top: int, pip_top: int, offsets=None,
         ordered: bool = False) -> None:
    """Print each position's exact value and merged bounds; with
    ``offsets``, the nodes of the null-window question at the value plus
    each offset instead, in tarot and in the merged game that can answer it
    (the taker resolving for "no", the defence for "yes")."""
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from point_deals import GUARD_FIRST_SEAT, SEED, position

    from atout.solver import Solver
    for i in range(deals):
        state = position("tarot", SEED + i, tricks, GUARD_FIRST_SEAT)
        exact = Solver().solve(state, line=False).value
        if offsets:
            row = []
            for offset in offsets:
                need = exact + offset
                answer, real_nodes = merged_value(state, 1, 0, "max", need, ordered)
                resolver = "min" if answer else "max"
                merged_answer, merged_nodes = merged_value(state, trump_top, pip_top, resolver, need,
                                                           ordered)
                settled = "settles" if merged_answer == answer else "open"
                row.append(f"{offset:+d}: {'yes' if answer else 'no'} {real_nodes} / {merged_nodes} {settled}")
            print(f"{SEED + i} (value {exact}): " + "; ".join(row), flush=True)
            continue
        own, positions = merged_value(state, 1, 0, "max")
        low, low_positions = merged_value(state, trump_top, pip_top, "min")
        high, high_positions = merged_value(state, trump_top, pip_top, "max")
        print(f"{SEED + i}: exact {exact} (this file {own}, {positions} positions); merged "
              f"[{low}, {high}], width {high - low} half points, {low_positions} / {high_positions} "
              f"positions ({positions / max(low_positions, high_positions):.1f}x fewer)", flush=True)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--ordered"]
    main(*(int(a) for a in args[:4]), [int(x) for x in args[4].split(",")] if len(args) > 4 else None,
         ordered="--ordered" in sys.argv)
