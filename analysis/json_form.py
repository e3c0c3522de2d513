"""The JSON form of the solver's results, one builder per kind of answer:
what `atout solve`, `analyse` and `review` print with `--json`
(docs/JSON.md), what the web server answers and what `atout batch` writes.
Values are in the game's unit (tarot half points become points), fractions
and tuples become JSON numbers and lists."""

from __future__ import annotations

def jsonable(value):
    """Scores hold fractions (tarot thirds) and tuples: JSON numbers and lists."""
    from fractions import Fraction
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in (sorted(value) if isinstance(value, (set, frozenset)) else value)]
    return value


def scale(game_name: str) -> int:
    """The search's units in one of the game's (``Game.value_scale``: tarot
    searches half points, shown in points)."""
    from atout.engine.games import get_game
    return get_game(game_name).value_scale


def value_number(game_name: str, value):
    """A searched value in the game's unit (None stays None)."""
    if value is None:
        return None
    v = value / scale(game_name)
    return int(v) if float(v).is_integer() else v


def solve_json(game, result) -> dict:
    """The fields of `atout solve --json` (docs/JSON.md) for a ``SolveResult``;
    the web server's hint answers with the same."""
    name, deck = game.name, game.deck

    def card_value(v):
        return value_number(name, v) if isinstance(v, int) else [value_number(name, x) for x in v]
    return {
        "game": name, "value": value_number(name, result.value) if result.exact else None,
        "exact": result.exact,
        "lower": value_number(name, result.lower), "upper": value_number(name, result.upper),
        "score": jsonable(result.score), "made": result.made,
        "line": [deck.token(c) for c in result.line],
        "cards": {deck.token(c): card_value(v) for c, v in result.cards.items()},
        "groups": [[deck.token(c) for c in g] for g in result.groups],
        "nodes": result.nodes, "seconds": round(result.seconds, 4),
        "interrupted": result.interrupted,
    }


def analysis_json(game, result, seed: int) -> dict:
    """The fields of `atout analyse --json` (docs/JSON.md) for an ``Analysis``."""
    name, deck = game.name, game.deck
    score = result.expected_score()
    return {
        "game": name, "seat": result.seat, "samples": result.samples_done,
        "samples_requested": result.samples_requested, "interrupted": result.interrupted,
        "contract_only": result.contract_only,
        "seed": seed,
        "cards": [{"card": deck.token(c.card), "value": value_number(name, c.mean),
                   "stderr": value_number(name, c.stderr),
                   "value_bounds": [value_number(name, c.mean_lower), value_number(name, c.mean_upper)],
                   "made_probability": c.made_probability, "made_stderr": c.made_stderr,
                   "made": c.made, "failed": c.failed, "unsettled": c.unsettled}
                  for c in result.cards],
        "expected_score": None if score is None else {"mean": score[0], "stderr": score[1]},
        "histogram": {str(value_number(name, k)): n for k, n in result.histogram().items()},
        "seconds": round(result.seconds, 3),
    }


def review_json(game, result) -> dict:
    """The fields of `atout review --json` (docs/JSON.md) for a review."""
    name, deck = game.name, game.deck

    def bounds(b):
        return value_number(name, b[0]) if b[0] == b[1] else [value_number(name, b[0]),
                                                               value_number(name, b[1])]
    return {
        "game": name, "interrupted": result.interrupted, "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
        "start": bounds(result.cards[0].before) if result.cards else None,
        "cards": [{"index": c.index, "seat": c.seat, "card": deck.token(c.card),
                   "value_after": bounds(c.after), "loss": value_number(name, c.loss),
                   "exact": c.exact} for c in result.cards],
    }
