"""Review of a played deal, like DDS's play analyser: the double-dummy value
before the first card and after every card, and for each card the value it
gave away (0 for an optimal card)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from atout.engine.errors import RuleError


@dataclass
class ReviewedCard:
    index: int
    seat: int
    card: int
    before: tuple[int, int]   # proven (lower, upper) value before the card
    after: tuple[int, int]    # ... and after it
    maximizing: bool          # does the seat play for the max side?

    @property
    def exact(self) -> bool:
        return self.before[0] == self.before[1] and self.after[0] == self.after[1]

    @property
    def loss(self) -> int | None:
        """Value given away by this card, from its player's side (None when
        the limits left it unproven)."""
        if not self.exact:
            lost_at_least = (self.before[0] - self.after[1]) if self.maximizing \
                else (self.after[0] - self.before[1])
            return max(lost_at_least, 0) if lost_at_least > 0 else None
        diff = self.before[0] - self.after[0]
        return diff if self.maximizing else -diff


@dataclass
class Review:
    game: str
    cards: list = field(default_factory=list)    # ReviewedCard in play order
    nodes: int = 0
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def mistakes(self) -> list:
        return [c for c in self.cards if c.loss]


def review(state, played: Sequence[int], *, max_nodes: int | None = None,
           progress: Callable | None = None, solve_fn: Callable | None = None,
           solver=None) -> Review:
    """Solve the position before the first card and after each card of
    ``played`` (played from ``state``, which is left as it was).
    ``progress(done, total)`` is called after each card; Ctrl-C returns the
    cards reviewed so far, with ``interrupted`` set."""
    from atout import solver as api
    import time
    start = time.perf_counter()
    solver = solver or api.Solver()
    out = Review(state.game.name)

    def bounds(st):
        if solve_fn is not None:
            v = solve_fn(st)
            return (v, v), 0
        r = solver.solve(st, line=False, max_nodes=max_nodes)
        if r.interrupted:               # the card it stopped in is left out
            out.nodes += r.nodes
            raise KeyboardInterrupt
        return (r.lower, r.upper), r.nodes

    st = state.clone()
    if not played:
        raise RuleError("nothing to review: give the cards played")
    try:
        before, nodes = bounds(st)
        out.nodes += nodes
        for i, card in enumerate(played):
            seat = st.to_play
            maximizing = st.maximizing()
            st.play(card)
            after, nodes = bounds(st)
            out.nodes += nodes
            out.cards.append(ReviewedCard(i, seat, card, before, after, maximizing))
            before = after
            if progress:
                progress(i + 1, len(played))
    except KeyboardInterrupt:
        out.interrupted = True
    out.seconds = time.perf_counter() - start
    return out
