"""A decision before the play scored on drawn deals: the frame that
``hard``'s tarot discard, Tarocco discard and tarot declarations share.

Every choice is scored on the same drawn deals, so the comparison is
paired, and the first choice (the rule's) is kept unless another beats it
by more than one standard error of the paired difference. A deal's
ending is solved on the decision's budget: no deal is drawn past its
deadline or its nodes once ``MIN_DEALS`` are scored, and a deal the budget
ran out in is left out (some of its choices' endings would have been
played greedily, not solved).
"""

from __future__ import annotations

from .base import decision_solve
from .calls import beats_by_a_standard_error
from .playout import greedy_card

#: deals scored whatever the decision's deadline (fewer say nothing)
MIN_DEALS = 4
#: node limit of the solve of one deal's last tricks
SOLVE_NODES = 400_000


class ScoredChoices:
    """Subclasses say what a choice is (``choices``, the rule's first), how
    a deal is drawn (``draw``) and how a choice scores on it (``score``);
    ``settled`` may stop the draws once ``MIN_DEALS`` deals are scored."""

    #: the playout's rule before the solver's line (``playout.GREEDY_RULES``)
    card_rule = staticmethod(greedy_card)

    def __init__(self, samples: int, playout_to: int = 0, solver=None):
        self.samples = samples
        self.playout_to = playout_to if solver is not None else 0      # no solver, no solve
        self.solver = solver
        self.budget = None

    def choices(self) -> list:
        raise NotImplementedError

    def draw(self):
        raise NotImplementedError

    def score(self, drawn, choice) -> float:
        raise NotImplementedError

    def settled(self, table) -> bool:
        """Can the first ``MIN_DEALS`` deals' scores (``table``) end the
        draws? (No, unless a subclass says so.)"""
        return False

    def solve(self, state):
        """The solver's line from ``state`` on the decision's budget."""
        budget = self.budget
        limits = {"max_nodes": SOLVE_NODES} if budget is None else budget.solve_limits(SOLVE_NODES)
        result = decision_solve(self.solver, state, line=True, **limits)
        if budget is not None:
            budget.spent_nodes += result.nodes
        return result

    def scores(self, choices, budget=None) -> list[list[float]]:
        """Each choice's score on every deal drawn (the same deals for all).
        ``budget``: a ``search.DecisionBudget``, as the module says."""
        table = [[] for _ in choices]
        self.budget = budget
        for index in range(self.samples):
            if index >= MIN_DEALS and budget is not None and budget.spent():
                break
            drawn = self.draw()
            row = [self.score(drawn, choice) for choice in choices]
            if index >= MIN_DEALS and budget is not None and budget.spent():
                break
            for scores, score in zip(table, row):
                scores.append(score)
            if index + 1 == MIN_DEALS and self.settled(table):
                break
        return table

    def best(self, budget=None):
        """The choice kept."""
        choices = self.choices()
        if len(choices) == 1:
            return choices[0]
        return choices[kept_index(self.scores(choices, budget))]


def kept_index(table) -> int:
    """The choice kept: the first (the rule's) unless the best mean beats
    it by more than one standard error of their paired difference."""
    n = len(table[0])
    means = [sum(row) / n for row in table]
    best = max(range(len(table)), key=lambda i: (means[i], -i))
    if best == 0 or n < 2:
        return 0
    return best if beats_by_a_standard_error(table[best], table[0]) else 0
