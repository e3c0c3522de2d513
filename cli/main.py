"""The `atout` command: one click group, one small function per command.

Every user mistake ends as a one-line ``atout: error: ...`` on stderr with
exit code 2, never a traceback.
"""

from __future__ import annotations

import importlib
import logging
import sys

import click

from atout.engine import GAME_NAMES, AtoutError, get_game

GAME_OPTION = click.option("--game", "-g", "game_name", required=True,
                           type=click.Choice(GAME_NAMES, case_sensitive=False),
                           help="The game: " + ", ".join(GAME_NAMES) + ".")


#: an echoed word longer than this is cut (a pasted 100 KB value must not
#: fill the terminal), and so is a whole message longer than MAX_MESSAGE
MAX_WORD, MAX_MESSAGE = 60, 400


def short_message(message: str) -> str:
    """The message on one line, each over-long word and the whole cut to a
    readable length (the start of what was typed is enough to recognise it)."""
    words = []
    for word in " ".join(str(message).split()).split(" "):
        if len(word) > MAX_WORD:
            word = f"{word[:MAX_WORD - 20]}...({len(word)} characters)"
        words.append(word)
    text = " ".join(words)
    if len(text) > MAX_MESSAGE:
        text = f"{text[:MAX_MESSAGE - 150]} ... {text[-130:]}"
    return text


def fail(message: str) -> "NoReturn":  # noqa: F821
    click.echo(f"atout: error: {short_message(message)}", err=True)
    sys.exit(2)


#: command -> the module of ``atout.cli`` that defines it, imported when the
#: command is asked for: a one-deal command does not import the players, the
#: web server or the batch runner (``python -X importtime``, docs/SPEED.md)
COMMANDS = {"solve": "solve", "table": "solve", "bid": "bid", "analyse": "analysis",
            "review": "analysis", "batch": "batch", "play": "play", "match": "play",
            "serve": "serve"}


class LazyGroup(click.Group):
    """A click group whose commands (``COMMANDS``) load on first use."""

    def list_commands(self, ctx) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx, name: str):
        command = super().get_command(ctx, name)
        if command is None and name in COMMANDS:
            module = importlib.import_module(f"{__package__}.{COMMANDS[name]}")
            command = getattr(module, name)
            self.add_command(command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog="\b\nExample: atout play --game belote  (each command's --help gives an example of it)")
@click.version_option(package_name="atout")
def cli() -> None:
    """atout: double-dummy solver and hand analyser for Tarot, Tarocco
    Piemontese, Belote, two-player Tarot, Smear, and bridge."""


@cli.command(epilog="\b\nExample: atout deal --game tarot --seed 1")
@GAME_OPTION
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Seed of the random dealer, a whole number from 0 (same seed, same deal).")
@click.option("--bidding", is_flag=True,
              help="Belote: the deal at the bidding stage (five cards each, turned card, stock).")
def deal(game_name: str, seed: int | None, bidding: bool) -> None:
    """Print a random deal of a game in atout's notation."""
    game = get_game(game_name)
    if bidding:
        if not game.has_bidding_deal:
            from atout.engine.games import games_where
            fail(f"--bidding is for {games_where(lambda g: g.has_bidding_deal)}: {game.name} has no separate"
                 " bidding-stage deal")
        click.echo(game.format_bidding_deal(game.random_bidding_deal(seed)))
        return
    click.echo(game.format_deal(game.random_deal(seed)))


@cli.command(epilog="\b\nExample: atout rules belote")
@click.argument("game_name", metavar="GAME", type=click.Choice(GAME_NAMES, case_sensitive=False))
def rules(game_name: str) -> None:
    """Print the rules of a game in full, as atout plays them."""
    click.echo(get_game(game_name).rules_text())


class _StderrNotes(logging.Handler):
    """The solver's notes (``atout.solver`` INFO logs: it is being compiled)
    as ``atout: ...`` lines on the stderr of the moment."""

    def emit(self, record) -> None:
        from .format import solver_note
        solver_note(record)      # never onto a progress line being drawn


def show_solver_notes() -> None:
    logger = logging.getLogger("atout.solver")
    if not any(isinstance(h, _StderrNotes) for h in logger.handlers):
        logger.addHandler(_StderrNotes())
        logger.setLevel(logging.INFO)


def main(argv=None) -> None:
    """Entry point: runs the group and turns every user error into one line."""
    show_solver_notes()
    try:
        cli.main(args=argv, prog_name="atout", standalone_mode=False)
    except click.exceptions.Abort:
        fail("interrupted")
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        sys.exit(2)
    except click.UsageError as exc:
        fail(exc.format_message())
    except click.ClickException as exc:
        fail(exc.format_message())
    except AtoutError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted")
    except BrokenPipeError:
        sys.exit(0)


if __name__ == "__main__":
    main()
