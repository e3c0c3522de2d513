"""Every legal card's value (``Solver.solve(all_cards=True)``): the cards in
blocks of equivalent cards, and the order and first guesses that let one
card's search help the next."""

from __future__ import annotations

import threading

from .encoding import Position
from .limits import SEARCH_COUNTERS, Budget
from .results import SolveResult
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
    frames = todo[0][1].frames
    for _group, child, _guess in todo:
        child.use_frames(frames)


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


def card_value(solver, child, gen, budget, guess, best):
    """One card's (lo, hi, exact): walked one step at a time from ``best``,
    the best card's value found so far, or from ``guess`` (its playout's, or
    none: bisection) by 1, 2, 4... before any card has a value."""
    if best is not None:
        return solver._value(child, gen, budget, guess=best, growth=1, bisect_crossed=True)
    return solver._value(child, gen, budget, guess=guess, growth=2, bisect_crossed=True)


def cards_first(solver, state, pos, codec, gen, budget, clip, threads: int = 1) -> SolveResult:
    """Every legal card's exact value, and the position's as the best of
    them, with no probe of the position itself. Each card's value is
    walked one step at a time from the best found so far: about half the
    cards are worth the best card, most of the others a few points
    less: fewer nodes than the position's value first and each card
    walked from it (docs/SOLVER_HISTORY.md)."""
    maximizing = state.maximizing()
    groups = equivalent_groups(state, pos, codec)
    least, most = pos.already, pos.already + pos.bound()
    values, best, exact = {}, None, True
    todo = []           # (group, its position, the guess of its first probe)
    for group in groups:
        child = pos.child(group[0])
        if child is None:
            state.play(group[0])
            try:
                child = codec.encode(state)
            finally:
                state.undo()
        todo.append((group, child, None))
    if pos.guessed_by_playout:
        todo = best_playout_first(todo, maximizing, solver.mv, solver.sc, solver.lg)
        share_killers(todo)
    if threads > 1 and len(todo) > 1:
        values, best, exact = cards_over_threads(solver, state, todo, gen, budget, clip, threads,
                                                 least, most)
        todo = []
    for group, child, guess in todo:
        vlo, vhi, vexact = card_value(solver, child, gen, budget, guess, best)
        if budget.interrupted and not vexact:
            exact = False
            break               # a card not searched to its end is left out
        vlo, vhi = clip(vlo, vhi)
        for card in group:
            values[card] = vlo
        best = vlo if best is None else (max(best, vlo) if maximizing else min(best, vlo))
        done = len(values) == len(state.legal_cards())
        lo, hi = (best, best if done else most) if maximizing else (least if not done else best, best)
        if not budget.report(*clip(lo, hi)):
            exact = False
            break
    done = len(values) == len(state.legal_cards())
    exact = exact and done
    if maximizing:
        lo, hi = (best if best is not None else least), (best if done else most)
    else:
        lo, hi = (best if done else least), (best if best is not None else most)
    lo, hi = clip(lo, hi)
    order = sorted(values, key=lambda c: (sort_key(values[c], maximizing), -c))
    return SolveResult(value=lo, exact=exact, lower=lo, upper=hi,
                       cards={c: values[c] for c in order}, groups=groups)

def cards_over_threads(first, state, todo, gen, budget, clip, threads, least, most):
    """``cards_first``'s cards shared out among ``threads`` threads, each
    with a ``Solver`` (``first``, the caller's, the first) and a budget of its own; a card
    walks from the best value found when it starts. Returns (values, best,
    exact). The values are the ones on one thread; the node counts vary
    with the order in which the cards end (the guesses and, in Belote,
    the killers each thread keeps: a copy of the shared ones each)."""
    from .threads import over_threads, solvers_for
    maximizing = state.maximizing()
    legal = len(state.legal_cards())
    killers = todo[0][1].frames
    if killers is not None and any(child.frames is not killers for _g, child, _v in todo):
        killers = None          # not shared (``share_killers``): each card keeps its own
    lock = threading.Lock()
    found = {"best": None}
    mine: dict = {}             # id(solver) -> (its generation, budget, killers)
    budgets: list = []
    counters = SEARCH_COUNTERS
    before = budget.ctx[counters].copy()

    def work(solver, item):
        group, child, guess = item
        if id(solver) not in mine:      # (made in the thread: it obeys its stop)
            own = Budget(None, None)
            with lock:
                budgets.append(own)
            mine[id(solver)] = (gen if solver is first else solver.new_generation(), own,
                                None if killers is None else killers.copy())
        sgen, own, own_killers = mine[id(solver)]
        if own_killers is not None:
            child.use_frames(own_killers)
        with lock:
            best = found["best"]
        vlo, vhi, vexact = card_value(solver, child, sgen, own, guess, best)
        if own.interrupted and not vexact:
            raise KeyboardInterrupt     # a card not searched to its end is left out
        vlo, _vhi = clip(vlo, vhi)
        with lock:
            best = found["best"]
            found["best"] = vlo if best is None else \
                (max(best, vlo) if maximizing else min(best, vlo))
        return vlo

    values: dict = {}
    ended = {"best": None}

    def tally():
        budget.ctx[counters] = before + sum((b.ctx[counters] for b in budgets), 0)

    def done(item, vlo):
        for card in item[0]:
            values[card] = vlo
        best = ended["best"]
        best = ended["best"] = vlo if best is None else \
            (max(best, vlo) if maximizing else min(best, vlo))
        full = len(values) == legal
        lo, hi = (best, best if full else most) if maximizing else \
            (least if not full else best, best)
        tally()
        if not budget.report(*clip(lo, hi)):
            raise KeyboardInterrupt

    exact = True
    try:
        # in blocks: the cards of a suit on one thread share more of their
        # search (fewer nodes than the cards dealt out in turn)
        over_threads(todo, solvers_for(first, threads), work, done, blocks=True)
    except KeyboardInterrupt:
        budget.interrupted = True
        exact = False
    finally:
        tally()
    return values, ended["best"], exact
