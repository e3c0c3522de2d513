"""Strategy fusion repaired over the player's next cards: alpha-mu.

Perfect-information Monte Carlo scores a card on each drawn deal as if the
player could choose its later cards knowing that deal ("strategy fusion":
it counts on guessing right every time). alpha-mu (Cazenave and Ventos,
"The alpha-mu Search Algorithm for the Game of Bridge", 2020) fixes the
player's next ``moves`` cards to be the same on every deal where it cannot
tell them apart: where the cards played since the decision are the same.
The other seats still choose knowing the deal, as perfect-information Monte
Carlo assumes (opponents to the player's cost, the partner to its gain),
and after the player's last fused card each deal is valued by the
double-dummy solver.

A node's value is a set of vectors, one value per deal still alive there:
what one strategy of the player (its cards at the decision points below)
gets on each deal. Only the vectors no other one beats on every deal are
kept (the Pareto front); at the player's own node the fronts of its cards
are joined, at another seat's node each deal takes that seat's best card
for it (the element-wise minimum or maximum of one vector from each card's
front, for every choice of vectors). A card's value is the best weighted
mean of its front: the best the player can expect from a strategy that does
not look at the deal. With ``moves`` 1 it is the perfect-information Monte
Carlo mean.

The player is the seat to play at the decision: where one player plays two
hands (bridge's declarer and dummy) the other hand counts as a partner's,
chosen deal by deal.

Fronts can grow with the deals; each keeps at most ``max_front`` vectors
(those of the best means; dropping one only loses a strategy, so a card's
value is then a lower estimate).
"""

from __future__ import annotations

import numpy as np


class FusedSearch:
    """The drawn deals of one decision: ``states`` (a ``TrickState`` a deal,
    all at the same point of the play, the deciding seat to play) and their
    ``weights``. ``leaf_values(state)`` gives each legal card's value for
    the deciding seat on one deal (at its turn), ``final_value(state)`` the
    value of a deal played to its end."""

    def __init__(self, states, weights, leaf_values, final_value, max_front: int = 32):
        self.states = list(states)
        weights = np.asarray(weights, dtype=float)
        self.weights = weights / weights.sum()
        self.leaf_values = leaf_values
        self.final_value = final_value
        self.max_front = max(1, int(max_front))
        first = self.states[0]
        self.seat = first.to_play
        self.side = first.side_of(self.seat)
        self.leaves = 0       # leaf_values calls (solves)

    def card_values(self, moves: int) -> dict:
        """Each legal card's best expected value over the player's
        strategies that fix its next ``moves`` cards (this one included)."""
        worlds = np.arange(len(self.states))
        values = {}
        for card in self.states[0].legal_cards():
            front = self._after(card, worlds, moves - 1)
            values[card] = float((front @ self.weights).max())
        return values

    def _after(self, card, worlds, moves_left: int) -> np.ndarray:
        for w in worlds:
            self.states[w]._apply(card)
        try:
            return self._front(worlds, moves_left)
        finally:
            for w in worlds:
                self.states[w].undo()

    def _front(self, worlds, moves_left: int) -> np.ndarray:
        """The front (rows: vectors over ``worlds``) of the position the
        deals ``worlds`` share."""
        first = self.states[worlds[0]]
        if first.is_over():
            return np.array([[self.final_value(self.states[w]) for w in worlds]], dtype=float)
        seat = first.to_play
        if seat == self.seat:
            legal = first.legal_cards()          # the player's hand is the same on every deal
            if moves_left <= 1:
                self.leaves += len(worlds)
                per_deal = [self.leaf_values(self.states[w]) for w in worlds]
                rows = np.array([[values[card] for values in per_deal] for card in legal], dtype=float)
                if moves_left <= 0:       # past the fused cards: each deal its own best card
                    return rows.max(axis=0, keepdims=True)
            else:
                rows = np.vstack([self._after(card, worlds, moves_left - 1) for card in legal])
            return self._pruned(rows, self.weights[worlds])
        return self._other_seat(worlds, moves_left, first.side_of(seat) == self.side)

    def _other_seat(self, worlds, moves_left: int, partner: bool) -> np.ndarray:
        """Another seat chooses on each deal its best card for that deal."""
        by_card: dict = {}
        for i, w in enumerate(worlds):
            for card in self.states[w].legal_cards():
                by_card.setdefault(card, []).append(i)
        fill = -np.inf if partner else np.inf
        choose = np.maximum if partner else np.minimum
        weights = self.weights[worlds]
        result = np.full((1, len(worlds)), fill)
        for card, index in by_card.items():
            child = self._after(card, worlds[index], moves_left)
            wide = np.full((len(child), len(worlds)), fill)
            wide[:, index] = child
            combined = choose(result[:, None, :], wide[None, :, :]).reshape(-1, len(worlds))
            result = self._pruned(combined, weights)
        return result

    def _pruned(self, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """The rows no other row beats on every deal, at most ``max_front``
        of them, those of the best means first. A deal no card has reached
        yet (an infinite value, the same in every row) does not count in the
        mean."""
        if len(rows) == 1:
            return rows
        finite = np.isfinite(rows[0])
        means = np.where(finite, rows, 0.0) @ weights
        kept: list = []
        for i in np.argsort(-means, kind="stable"):
            row = rows[i]
            if kept and (np.asarray(kept) >= row).all(axis=1).any():
                continue         # another strategy gets as much on every deal (or the same row again)
            kept.append(row)
            if len(kept) >= self.max_front:
                break
        return np.asarray(kept)


__all__ = ["FusedSearch"]
