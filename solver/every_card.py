"""Every legal card's value (``Solver.solve(all_cards=True)``): the cards in
blocks of equivalent cards, and the order and first guesses that let one
card's search help the next."""

from __future__ import annotations

from .encoding import Position
from .searches import bridge as K


def sort_key(value, maximizing):
    v = value if isinstance(value, int) else value[0]
    return -v if maximizing else v


def best_playout_first(todo, maximizing, mv, sc, lg) -> list:
    """The every-card driver's cards with the card whose greedy playout
    (``point_search.greedy_playout``) is best for the player first, that
    playout's value as its guess, the others in their order: the fewest
    nodes of the orders and guesses tried on Belote (docs/SOLVER_HISTORY.md)."""
    guesses = [child.playout_value(mv, sc, lg) for _group, child, _guess in todo]
    pick = max if maximizing else min
    first = pick(range(len(todo)), key=lambda i: guesses[i])
    group, child, _ = todo[first]
    return [(group, child, guesses[first])] + [t for i, t in enumerate(todo) if i != first]


def share_killers(todo) -> None:
    """The cards' positions keep their killers (the card that last cut at
    each depth) in one frame array, so that what cut under one card is
    tried early under the next: the positions are one ply deep alike, and
    each search writes its frames from that depth on."""
    first = todo[0][1]
    for _group, child, _guess in todo:
        child.share_frames(first)


def equivalent_groups(state, pos: Position, codec) -> list:
    """The legal cards of the player on turn in blocks of equivalent cards
    (same suit, adjacent in strength among the cards still in play, same
    points where points count), strongest block first, each block strongest
    card first."""
    legal = state.legal_cards()
    moves = sorted((codec.to_move(c) for c in legal), reverse=True)
    n = int(pos.rules[K.R_NSEATS])
    usepts = bool(pos.rules[K.R_USEPTS])
    rem = [0] * 6
    for q in range(n):
        for s in range(6):
            rem[s] |= int(pos.lanes[q, s])
    for i in range(pos.ntr):
        rem[int(pos.ts[i])] |= 1 << int(pos.tr[i])
    mine = set(moves)
    groups: list = []
    prev = None
    for m in moves:
        s, r = m >> 5, m & 31
        joined = False
        if prev is not None and prev >> 5 == s:
            pr = prev & 31
            between = rem[s] & ~((2 << r) - 1) & ((1 << pr) - 1)
            same_pts = not usepts or pos.pts[s, r] == pos.pts[s, pr]
            if between == 0 and same_pts and prev in mine:
                groups[-1].append(codec.to_card(m))
                joined = True
        if not joined:
            groups.append([codec.to_card(m)])
        prev = m
    return groups
