"""Readable output shared by the commands: values in the game's own unit,
cards with suit symbols, a terminal progress bar, JSON-safe conversion."""

from __future__ import annotations

import os
import sys

import click

from atout.engine.cards import FRENCH_SUIT_SYMBOLS
from atout.engine.words import card_label
# the JSON form of results lives with the solver (batch and the server use
# it too); the commands import it from here with the rest of their output
from atout.analysis import (analysis_json, jsonable, review_json, scale,  # noqa: F401
                                      solve_json, value_number)


# -- cards on a terminal and in a pipe ------------------------------------------------------

def on_terminal() -> bool:
    """Is the output read by a person? Suit symbols then, letters in a pipe."""
    return sys.stdout.isatty()


def colour_on() -> bool:
    """Colour on a terminal unless NO_COLOR is set (https://no-color.org)."""
    return on_terminal() and not os.environ.get("NO_COLOR")


def card_text(deck, card, for_people: bool | None = None) -> str:
    """A card as the input accepts it: on a terminal (or ``for_people``) the
    one display form, ``K♥`` (``words.card_label``; hearts and diamonds in
    red on a colour terminal), ``HK`` when piped, so that output can be
    pasted back."""
    if not (on_terminal() if for_people is None else for_people):
        return deck.token(card)
    text = card_label(deck, card)
    red = deck.suit_symbols == FRENCH_SUIT_SYMBOLS and card < 64 and (card >> 4) in (1, 2)
    return click.style(text, fg="red") if red and colour_on() else text


def cards_text(deck, cards, for_people: bool | None = None) -> str:
    return " ".join(card_text(deck, c, for_people) for c in cards)


def pad(text: str, width: int) -> str:
    """Left-align text that may hold colour codes (they take no room)."""
    return text + " " * max(0, width - len(click.unstyle(text)))





def value_text(game_name: str, value, signed: bool = False) -> str:
    if value is None:
        return "?"
    v = value / scale(game_name)
    if float(v).is_integer():
        return f"{int(v):+d}" if signed else f"{int(v)}"
    return f"{v:+.2f}" if signed else f"{v:.2f}"


#: is a line of stderr being redrawn (a progress bar, a search's status)?
#: A note printed meanwhile starts on a line of its own (``end_open_line``)
_open_line = {"open": False}


def end_open_line() -> None:
    """End the stderr line being redrawn, if any, so that what follows does
    not run onto it (the bar is drawn again on the next line)."""
    if _open_line["open"]:
        click.echo("", err=True)
        _open_line["open"] = False


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
        _open_line["open"] = True

    def close() -> None:
        if bar["bar"] is not None:
            bar["bar"].__exit__(None, None, None)
            _open_line["open"] = False
    return report, close


_ticker: dict = {"thread": None, "stop": None}


def solver_note(record) -> None:
    """A note of the solver (an ``atout.solver`` log record) on stderr, on a
    line of its own. A compile under way (``compiling``: the search's name)
    is said with the game's expected time and, on a terminal, the time so
    far redrawn until its end (``compiled``)."""
    _stop_ticker()
    end_open_line()
    message = record.getMessage()
    what = getattr(record, "compiling", None)
    expected = _compile_estimate(what) if what else None
    if expected:
        message += f" (about {duration(expected)} for {what} on an idle 2-core machine)"
    click.echo(f"atout: {message}", err=True)
    if what and sys.stderr.isatty():
        _start_ticker(what, expected)


def _compile_estimate(what: str):
    from atout.solver import COMPILE_SECONDS
    return COMPILE_SECONDS.get(str(what).lower())


def _start_ticker(what: str, expected) -> None:
    import threading
    import time
    stop = threading.Event()
    start = time.perf_counter()
    of = f" of about {duration(expected)}" if expected else ""

    def draw():
        while not stop.wait(1.0):
            sys.stderr.write(f"\ratout: compiling the {what} solver: {duration(time.perf_counter() - start)}"
                             f"{of}\x1b[K")
            sys.stderr.flush()
            _open_line["drawn_by_ticker"] = True
    _ticker.update(thread=threading.Thread(target=draw, daemon=True), stop=stop)
    _ticker["thread"].start()


def _stop_ticker() -> None:
    if _ticker["thread"] is None:
        return
    _ticker["stop"].set()
    _ticker["thread"].join()
    _ticker.update(thread=None, stop=None)
    if _open_line.pop("drawn_by_ticker", False):
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def duration(seconds: float) -> str:
    """``45 s``, ``2 min 34 s``."""
    seconds = int(round(seconds))
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min {seconds % 60:02d} s"


def prepare_searches(games, processes: int = 2) -> None:
    """Compile the searches of ``games`` missing from the disk before the
    work starts (``solver.prepare``), saying so on stderr: on a terminal one
    line redrawn with the time so far and the expected time, else a line
    before and one after. Nothing when they are on disk."""
    from atout.solver.prepare import prepare   # the module's (its tests replace it there)
    on_tty = sys.stderr.isatty()
    state = {"said": False}

    def tick(names, elapsed, expected):
        what = ", ".join(names)
        if not state["said"]:
            end_open_line()
            note = (f"atout: compiling the {what} solver first (first use after an install or an upgrade;"
                    f" about {duration(expected)} on an idle 2-core machine, longer on a busy one; kept on"
                    " disk for the next runs)")
            click.echo(note, err=True)
            state["said"] = True
        if on_tty:
            click.echo(f"\ratout: compiling the {what} solver: {duration(elapsed)} of about "
                       f"{duration(expected)}\x1b[K", err=True, nl=False)
            _open_line["open"] = True
    names, seconds = prepare(games, processes=processes, tick=tick)
    if names:
        if on_tty:
            click.echo("\r\x1b[K", err=True, nl=False)
            _open_line["open"] = False
        click.echo(f"atout: {', '.join(names)} solver compiled in {duration(seconds)}", err=True)


#: bin widths a histogram may use, in the game's unit
NICE_WIDTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)


def histogram_bins(counts: dict, max_rows: int = 12) -> list[tuple[float, float, int]]:
    """Counts by value (in the game's unit) grouped in at most ``max_rows``
    bins of one nice width: (lowest, highest value a bin covers, count),
    every bin between the first and the last shown, empty ones too."""
    if not counts:
        return []
    low, high = min(counts), max(counts)
    step = 1 if all(float(v).is_integer() for v in counts) else 0.5
    width = next((w for w in NICE_WIDTHS if (high - low + step) / w <= max_rows), NICE_WIDTHS[-1])
    if width == 1 and step == 0.5:
        width = 0.5 if (high - low) / 0.5 < max_rows else 1
    start = (low // width) * width
    n_bins = int((high - start) // width) + 1
    bins = [[start + i * width, start + (i + 1) * width - step, 0] for i in range(n_bins)]
    for value, n in counts.items():
        bins[int((value - start) // width)][2] += n
    return [tuple(b) for b in bins]


def histogram_lines(counts: dict, width: int = 40, max_rows: int = 12) -> list[str]:
    """A text histogram of counts by value (in the game's unit), binned."""
    bins = histogram_bins(counts, max_rows)
    if not bins:
        return []
    top = max(n for _, _, n in bins)

    def num(x):
        return str(int(x)) if float(x).is_integer() else f"{x:.1f}"
    rows = []
    for lo, hi, n in bins:
        label = num(lo) if hi <= lo else f"{num(lo)}..{num(hi)}"
        bar = "#" * round(width * n / top) if n else ""
        rows.append(f"  {label:>12} {bar:<{width}} {n}")
    return rows


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
        _open_line["open"] = True
        click.echo(f"\rsearching: between {value_text(game_name, lower)} and "
                   f"{value_text(game_name, upper)} after {nodes:,} nodes (Ctrl-C: stop with these)  ",
                   err=True, nl=False)

    def close() -> None:
        if drawn["any"]:
            click.echo("", err=True)
            _open_line["open"] = False
    return report, close


class thinking:
    """``with thinking("Your partner is"):`` shows, on a terminal, ``Your
    partner is thinking... 1.2 s`` redrawn while the block runs (after
    ``DELAY`` seconds, so that quick decisions do not flicker; at once when
    it is 0), and clears the line when it ends; nothing when the output is
    not a terminal."""

    DELAY, EVERY = 0.3, 0.1

    def __init__(self, who: str, stream=None):
        self.who = who
        self.stream = stream
        self._stop = None
        self._thread = None
        self.drawn = False

    def __enter__(self):
        import threading
        import time
        stream = self.stream or sys.stdout
        if not stream.isatty():
            return self
        self._stop = threading.Event()
        start = time.perf_counter()

        def line():
            stream.write(f"\r{self.who} thinking... {time.perf_counter() - start:.1f} s\x1b[K")
            stream.flush()
            self.drawn = True

        def draw():
            if self._stop.wait(self.DELAY):
                return
            while True:
                line()
                if self._stop.wait(self.EVERY):
                    return
        if not self.DELAY:
            line()
        self._thread = threading.Thread(target=draw, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            if self.drawn:
                stream = self.stream or sys.stdout
                stream.write("\r\x1b[K")
                stream.flush()
        return False
