"""The contract options shared by the commands that play a deal (solve,
analyse, review): each game takes its own, and an option given for a game
that has no such thing is an error, not silently ignored."""

from __future__ import annotations

import functools
import math

import click

from atout.engine import OptionError, get_game
from atout.engine.cards import FRENCH_SUIT_LETTERS, FRENCH_SUIT_SYMBOLS, OUTLINED_SUIT_SYMBOLS


def suit(text: str) -> str:
    """A suit as typed: its letter, or the symbol atout prints (♥ -> H)."""
    symbols = FRENCH_SUIT_SYMBOLS + OUTLINED_SUIT_SYMBOLS
    key = text.strip()
    return FRENCH_SUIT_LETTERS[symbols.index(key) % 4] if len(key) == 1 and key in symbols else text


#: a node limit (the solver's ``api.MAX_NODES_LIMIT``: counts are 64-bit)
NODE_LIMIT = click.IntRange(1, 10**15)


class FiniteFloat(click.ParamType):
    """A finite number (nan and inf refused), above ``minimum`` if given."""

    name = "number"

    def __init__(self, minimum: float | None = None):
        self.minimum = minimum

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            number = value
        else:
            try:
                number = float(value)
            except (TypeError, ValueError, OverflowError):
                self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r}: give a finite number", param, ctx)
        if self.minimum is not None and not number > self.minimum:
            self.fail(f"{value!r}: give a number above {self.minimum:g}", param, ctx)
        return number


#: a time limit in seconds
SECONDS = FiniteFloat(minimum=0)

#: ``--threads N``: one deal's searches over N threads (``solver.threads``)
THREADS_OPTION = click.option(
    "--threads", type=click.IntRange(1, 256), default=None, metavar="N",
    help="Share the searches out among N threads (table: its entries; solve: the cards of"
         " --all-cards without a limit, or else the value without a node limit, the point"
         " games' threads searching one table); default: one a processor. The values are the"
         " same on any number.")


def threads_or_default(threads: int | None) -> int:
    if threads is not None:
        return threads
    from atout.solver import default_threads
    return default_threads()

#: option name -> (help, converter); a converter turns the typed text into
#: what the game's ``new_state`` takes.
CONTRACT_OPTIONS = {
    "taker": ("Tarot, Belote: the taker's seat (0..3).", int),
    "contract": ("Tarot: take, guard, guard_without or guard_against.", str),
    "discard": ("Tarot, Smear: the cards discarded (tarot: the taker's 6).", str),
    "slam": ("Tarot: a slam was announced (the taker leads).", None),
    "trump": ("Belote, Smear: the trump suit (S, H, D, C, or ♠ ♥ ♦ ♣).", suit),
    "bidder": ("Smear: the bidder's seat (0..3).", int),
    "bid": ("Smear: the bid (2, 3 or 4).", int),
    "widow": ("Smear: how many undealt cards the bidder took (0..3).", int),
    "taken": ("Smear: the undealt cards the bidder took.", str),
    "declarer": ("Bridge: the declarer (N, E, S, W).", str),
    "strain": ("Bridge: the strain (C, D, H, S, NT, or ♣ ♦ ♥ ♠).", suit),
    "level": ("Bridge: the contract level (1..7), to say made or failed.", int),
    "first": ("Tarot2: the first leader (0 or 1).", int),
    "discard_trumps": ("Tarocco: trumps the dealer announced discarding (for analysis).", int),
    "belote": ("Belote: the seat that announced belote so far, or none (for analysis).", str),
    "variant": ("Belote: rule variants, comma-separated: no-undertrump, no-partner-overtrump"
                " (default: none, RULES.md).", str),
}

#: options that describe what was announced, which only the analysis of a
#: partly known deal reads (a known deal already says where every card is)
ANALYSIS_ONLY = ("discard_trumps", "belote")

def contract_options(func, names=tuple(CONTRACT_OPTIONS)):
    """Add the contract options ``names`` to a command (all default to unset)."""
    for name in reversed(names):
        help_text, converter = CONTRACT_OPTIONS[name]
        if converter is None:
            func = click.option(f"--{name}", name, is_flag=True, default=None, help=help_text)(func)
        else:
            flag = "--" + name.replace("_", "-")
            func = click.option(flag, name, type=converter, default=None, help=help_text)(func)
    return func


def pop_contract(game_name: str, options: dict, names=tuple(CONTRACT_OPTIONS)) -> dict:
    """Take the contract options out of a command's keyword arguments and
    check that the game has them (``Game.contract_options``); returns the
    keywords for ``new_state``."""
    contract = {}
    for name in names:
        value = options.pop(name, None)
        if value is None:
            continue
        allowed_here = [o for o in get_game(game_name).contract_options if o in names]
        if name not in allowed_here:
            allowed = ", ".join("--" + o.replace("_", "-") for o in allowed_here) or "none"
            raise OptionError(f"--{name.replace('_', '-')} does not apply to {game_name}"
                            f" (its options: {allowed})")
        contract[name] = value
    return contract


def with_contract(func=None, *, analysis: bool = False):
    """Decorator: add the options and pass ``contract=`` (a dict) instead.
    ``analysis``: also the options that only an analysis reads."""
    names = tuple(n for n in CONTRACT_OPTIONS if analysis or n not in ANALYSIS_ONLY)

    def decorate(func):
        @functools.wraps(func)
        def wrapper(**kwargs):
            game_name = kwargs["game_name"].lower()
            contract = pop_contract(game_name, kwargs, names)
            return func(contract=contract, **kwargs)
        return contract_options(wrapper, names)
    return decorate if func is None else decorate(func)


#: `--scheduler ADDRESS`: the commands that run many solves send them to a
#: Dask cluster instead of local worker processes
SCHEDULER_OPTION = click.option(
    "--scheduler", default=None, metavar="ADDRESS",
    help="Run the solves on the Dask cluster whose scheduler is at ADDRESS (e.g."
         " tcp://10.0.0.5:8786) instead of local worker processes; needs"
         " pip install 'atout[cluster]'. Same seed, same answer.")
