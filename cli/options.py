"""The contract options shared by the commands that play a deal (solve,
analyse, review): each game takes its own, and an option given for a game
that has no such thing is an error, not silently ignored."""

from __future__ import annotations

import functools

import click

from atout.engine import RuleError
from atout.engine.cards import FRENCH_SUIT_LETTERS, FRENCH_SUIT_SYMBOLS, OUTLINED_SUIT_SYMBOLS


def suit(text: str) -> str:
    """A suit as typed: its letter, or the symbol atout prints (♥ -> H)."""
    symbols = FRENCH_SUIT_SYMBOLS + OUTLINED_SUIT_SYMBOLS
    key = text.strip()
    return FRENCH_SUIT_LETTERS[symbols.index(key) % 4] if len(key) == 1 and key in symbols else text


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

#: which options each game takes
GAME_OPTIONS = {
    "tarot": ("taker", "contract", "discard", "slam"),
    "tarocco": ("discard_trumps",),
    "belote": ("trump", "taker", "belote", "variant"),
    "tarot2": ("first",),
    "smear": ("bidder", "bid", "widow", "taken", "discard", "trump"),
    "bridge": ("declarer", "strain", "level"),
}


def contract_options(func):
    """Add every contract option to a command (all default to unset)."""
    for name, (help_text, converter) in reversed(CONTRACT_OPTIONS.items()):
        if converter is None:
            func = click.option(f"--{name}", name, is_flag=True, default=None, help=help_text)(func)
        else:
            flag = "--" + name.replace("_", "-")
            func = click.option(flag, name, type=converter, default=None, help=help_text)(func)
    return func


def pop_contract(game_name: str, options: dict) -> dict:
    """Take the contract options out of a command's keyword arguments and
    check that the game has them; returns the keywords for ``new_state``."""
    contract = {}
    for name in CONTRACT_OPTIONS:
        value = options.pop(name, None)
        if value is None:
            continue
        if name not in GAME_OPTIONS[game_name]:
            allowed = ", ".join(f"--{o}" for o in GAME_OPTIONS[game_name]) or "none"
            raise RuleError(f"--{name} does not apply to {game_name} (its options: {allowed})")
        contract[name] = value
    return contract


def with_contract(func):
    """Decorator: add the options and pass ``contract=`` (a dict) instead."""
    @contract_options
    @functools.wraps(func)
    def wrapper(**kwargs):
        game_name = kwargs["game_name"].lower()
        contract = pop_contract(game_name, kwargs)
        return func(contract=contract, **kwargs)
    return wrapper
