"""The naive reference search: plain minimax over a game state, no pruning,
no table. Obviously correct and slow: the oracle the solver is tested
against on endings of a few tricks."""

from __future__ import annotations

from .game import TrickState


def minimax(state: TrickState) -> int:
    """Value of the objective for ``state.max_side`` under optimal play by
    both sides from this state to the end of the deal."""
    if state.is_over():
        return state.objective()
    values = []
    for card in state.legal_cards():
        state.play(card)
        values.append(minimax(state))
        state.undo()
    return max(values) if state.maximizing() else min(values)


def card_values(state: TrickState) -> dict:
    """The minimax value after each legal card of the player on turn."""
    values = {}
    for card in state.legal_cards():
        state.play(card)
        values[card] = minimax(state)
        state.undo()
    return values


def count_lines(state: TrickState, plies: int) -> int:
    """Number of legal sequences of ``plies`` cards ("perft"): a check of
    move generation against known counts."""
    if plies == 0 or state.is_over():
        return 1
    total = 0
    for card in state.legal_cards():
        state.play(card)
        total += count_lines(state, plies - 1)
        state.undo()
    return total
