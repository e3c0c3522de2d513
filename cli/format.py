"""Readable output shared by the commands: values in the game's own unit,
cards with suit symbols, a terminal progress bar, JSON-safe conversion."""

from __future__ import annotations

import sys

import click

#: objectives searched in half points (tarot margins) are shown in points
HALF_POINT_GAMES = ("tarot", "tarot2")

#: what the searched value means, per game
VALUE_MEANING = {
    "tarot": "taker's margin over the target, in points",
    "tarot2": "player 0's margin over the target, in points",
    "tarocco": "card points of seats 0+2 (of 114)",
    "belote": "taker's side card points (162, capot 252)",
    "smear": "points of the bidder's side (of 4)",
    "bridge": "tricks of the declarer's side",
}


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
    return 2 if game_name in HALF_POINT_GAMES else 1


def value_number(game_name: str, value):
    """A searched value in the game's unit (None stays None)."""
    if value is None:
        return None
    v = value / scale(game_name)
    return int(v) if float(v).is_integer() else v


def value_text(game_name: str, value, signed: bool = False) -> str:
    if value is None:
        return "?"
    v = value / scale(game_name)
    if float(v).is_integer():
        return f"{int(v):+d}" if signed else f"{int(v)}"
    return f"{v:+.2f}" if signed else f"{v:.2f}"


def progress_reporter(label: str):
    """A progress callback drawing a bar on stderr when it is a terminal
    (nothing otherwise, so pipes and tests stay clean)."""
    if not sys.stderr.isatty():
        return None, lambda: None
    bar = {"bar": None}

    def report(done: int, total: int) -> None:
        if bar["bar"] is None:
            bar["bar"] = click.progressbar(length=total, label=label, file=sys.stderr)
            bar["bar"].__enter__()
        bar["bar"].update(done - bar["bar"].pos)

    def close() -> None:
        if bar["bar"] is not None:
            bar["bar"].__exit__(None, None, None)
    return report, close


def histogram_lines(counts: dict, label, width: int = 40) -> list[str]:
    if not counts:
        return []
    top = max(counts.values())
    return [f"  {label(k):>8} {'#' * max(1, round(width * n / top))} {n}" for k, n in counts.items()]


def json_text(data) -> str:
    """``json.dumps`` of command output, with every number that JSON has no
    form for (NaN, infinities: e.g. the standard error of one sample) as
    null; ``allow_nan=False`` makes sure none is left."""
    import json
    import math

    def clean(value):
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [clean(v) for v in value]
        return value
    return json.dumps(clean(data), allow_nan=False)


def search_status(game_name: str):
    """A progress callback for one long search, ``report(lower, upper,
    nodes)``: one line on stderr, redrawn, when it is a terminal (None
    otherwise), and ``close()`` to end the line."""
    if not sys.stderr.isatty():
        return None, lambda: None
    drawn = {"any": False}

    def report(lower, upper, nodes) -> None:
        drawn["any"] = True
        click.echo(f"\rsearching: between {value_text(game_name, lower)} and "
                   f"{value_text(game_name, upper)} after {nodes:,} nodes (Ctrl-C: stop with these)  ",
                   err=True, nl=False)

    def close() -> None:
        if drawn["any"]:
            click.echo("", err=True)
    return report, close
