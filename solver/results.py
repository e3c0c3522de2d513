"""What a solve answers: ``SolveResult`` (the value or its proven bounds, the
line, every card's value, the score) and ``Reach`` (the yes/no question),
and whether proven bounds settle a contract."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


def probe_bound(answer, target: int, already: int) -> int:
    """The bound a finished probe of "at least ``target``?" proves: the
    kernel's fail-soft value of the future plus what is ``already`` won (v
    >= target: the value is at least v; else at most v), or the weakest
    such bound from a kernel that answers a plain bool."""
    if isinstance(answer, (bool, np.bool_)):
        return target if answer else target - 1
    return int(answer) + already

@dataclass
class SolveResult:
    """What ``solve`` found. ``value`` is the objective for the max side
    (``lower == upper == value`` when ``exact``; with a node or time limit
    ``value`` is the proven lower bound and ``upper`` the proven upper one)."""

    value: int
    exact: bool
    lower: int
    upper: int
    line: list = field(default_factory=list)
    cards: dict = field(default_factory=dict)     # card -> value (all_cards)
    groups: list = field(default_factory=list)    # equivalent legal cards, one list each
    score: dict | None = None
    made: bool | None = None
    nodes: int = 0
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)
    #: Ctrl-C stopped the search: the bounds are what was proven by then
    interrupted: bool = False

    def __iter__(self):
        """(card, value) pairs, best first for the player on turn."""
        return iter(self.cards.items())


def made_from_bounds(lower: int, upper: int, threshold: int, sense: int = 1) -> bool | None:
    """Is a contract made, given the objective lies in [lower, upper]? Made
    at ``objective >= threshold`` (``sense`` 1) or below it (``sense`` -1: a
    bid the other side makes by holding the objective down); None if the
    bounds do not settle it."""
    if sense > 0:
        return True if lower >= threshold else False if upper < threshold else None
    return True if upper < threshold else False if lower >= threshold else None


def made_by_bounds(state, lower, upper) -> bool | None:
    """Whether the max side makes its contract (tarocco: seats 0+2 win;
    tarot2: player 0 wins) by ``contract_target()``, as far as proven bounds
    of the value tell; None also where the game names no contract (bridge
    without a level). An exact value settles it; so do the bounds of a
    limited solve whenever they lie on one side of the target."""
    target = state.contract_target()
    return None if target is None else made_from_bounds(lower, upper, target)


@dataclass
class Reach:
    """The answer to "can the max side reach at least the target?": True or
    False, None when a limit stopped the search first."""

    answer: bool | None
    nodes: int
    seconds: float
    interrupted: bool = False     # Ctrl-C stopped the search
    #: the search's counters (``Budget.stats``: nodes, table probes and
    #: hits, cutoffs and those by the first move, ...)
    stats: dict | None = None
