"""Words for a game's seats, sides, contract and score in text output: a
bridge seat is N, E, S or W, a side is named by its seats (N-S, seats 0+2,
the taker), and a score is a sentence, never a Python dict or tuple."""

from __future__ import annotations

from atout.engine.words import Names

from .format import cards_text


def seat_name(game, seat: int) -> str:
    return game.seat_name(seat)


def side_name(state, side: int) -> str:
    """A side by its seats: N-S, seats 0+2, player 1, the taker (seat 0)."""
    return Names.of(state).neutral_side(side)


def direction(state, seat: int) -> str:
    """Which way is good for the seat: the value is the max side's."""
    good = "higher" if state.maximizing(seat) else "lower"
    return f"{good} is better for {seat_name(state.game, seat)}"


def made_label(state) -> str:
    """The probability column's name: P(made) where a side declared a
    contract, else the chance that the max side wins (``Game.made_label``)."""
    return state.game.made_label


def made_meaning(state) -> str:
    label = made_label(state)
    if label == "P(made)":
        who = side_name(state, state.max_side)
        verb = "makes" if who.startswith("the taker") else "make"
        return f"P(made): the probability that {who} {verb} the contract"
    return f"{label}: the probability that {label[2:-1].replace('0+2', 'seats 0+2')}"


def made_text(state, made: bool) -> str:
    """The contract's outcome in words, as ``made`` (``SolveResult.made``)
    says it: made or failed by the side that declared, or whether the max
    side wins where none declares (``Game.made_words``; not winning
    includes a draw)."""
    words = state.game.made_words
    if words is not None:
        return words[0] if made else words[1]
    return f"{'made' if made else 'failed'} by {side_name(state, state.max_side)}"


def outcome_names(state) -> str:
    """The three sample counts: contract made / failed / not settled."""
    return "made/failed/unsettled" if made_label(state) == "P(made)" else "won/lost/unsettled"


# -- the contract, with the defaults that were applied ---------------------------------

def contract_text(state, given: dict, discard_known: bool = True) -> str:
    """The contract being played (``TrickState.contract_terms``), and which
    of its terms were defaults (the options not given); ``discard_known``
    is False where the taker's discard is a sampled unknown."""
    terms, defaults = state.contract_terms(discard_known, lambda cards: cards_text(state.game.deck, cards))
    text = "contract: " + ", ".join(terms)
    applied = [f"--{key.replace('_', '-')} {value}" for key, value in defaults if key not in given]
    return text + (f"  (defaults applied: {' '.join(applied)})" if applied else "")


# -- the score of a finished deal ---------------------------------------------------------

def score_text(state, score: dict) -> str:
    """The deal's result in words (``TrickState.score_line``)."""
    return state.score_line(score)
