"""`atout solve` and `atout table`: double-dummy answers for a deal whose
every card is known."""

from __future__ import annotations

import math
import time

import click

from atout.engine import GAME_NAMES, OptionError, get_game
from atout.engine.games import games_where
from atout.engine.words import call_label

from .describe import contract_text, direction, made_text, score_text, seat_name
from .format import (cards_text, json_text, pad, progress_reporter, scale, search_status, solve_json,
                     value_number, value_text)
from .options import (NODE_LIMIT, SECONDS, THREADS_OPTION, FiniteFloat, threads_or_default,
                      with_contract)

def default_limit_note(game_name: str, nodes: int, what: str) -> None:
    click.echo(f"atout: note: {game_name}: at most {nodes:,} nodes {what} by default (a full deal"
               " is beyond exact search): what is not proven shows its bounds; --max-nodes"
               " sets the limit", err=True)

GAME_ARG = click.option("--game", "-g", "game_name", required=True,
                        type=click.Choice(GAME_NAMES, case_sensitive=False), help="The game.")


def _state(game, deal_text, played, contract):
    deal = game.parse_deal(deal_text)
    return game.state_after(deal, game.parse_cards(played), **contract)


@click.command(epilog='\b\nExample: atout solve --game belote "KQ8.J9.8.Q9 A7.K8.TJ7.T T.ATQ.AKQ.K J9.7.9.AJ87" --trump H --all-cards')
@GAME_ARG
@click.argument("deal_text", metavar="DEAL")
@click.option("--played", default="", help="Cards played so far, in order (spaces or commas).")
@click.option("--all-cards", is_flag=True, help="The value of every legal card of the player on turn.")
@click.option("--max-nodes", type=NODE_LIMIT, default=None,
              help="Node limit: stop with proven bounds (tarot, tarot2, tarocco: 20000000 unless"
                   " a limit is given).")
@click.option("--max-seconds", type=SECONDS, default=None,
              help="Time limit: stop with proven bounds.")
@click.option("--at-least", "at_least", type=FiniteFloat(), default=None, metavar="VALUE",
              help="Only ask whether the side searched for reaches at least VALUE (in the"
                   " game's unit, as the value is shown): yes or no, much cheaper than the value.")
@click.option("--bounds-first", is_flag=True,
              help="Under a limit, narrow the value from both ends at once instead of first"
                   " asking whether the contract is made: narrower bounds on deals where that"
                   " question is too hard for the limit (full tarocco and tarot2 deals).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@THREADS_OPTION
@with_contract
def solve(game_name, deal_text, played, all_cards, max_nodes, max_seconds, at_least, bounds_first,
          as_json, threads, contract):
    """Solve a deal double dummy from its start or after --played cards: the
    value, the optimal line, the contract's result and score, and with
    --all-cards each legal card's value (with --at-least: only whether a
    value is reached)."""
    from atout.solver import solve as run
    game = get_game(game_name)
    state = _state(game, deal_text, played, contract)
    if max_nodes is None and max_seconds is None and game.node_limit("solve"):
        # a full deal of the game is out of reach of an exact search today:
        # bound the work by default rather than run for hours
        max_nodes = game.node_limit("solve")
    if at_least is not None:
        if all_cards:
            raise click.UsageError("--at-least asks one question: it does not go with --all-cards")
        _reaches(game, state, at_least, max_nodes, max_seconds, as_json)
        return
    from atout.solver import Solver
    report, close = search_status(game.name)
    try:
        result = run(state, all_cards=all_cards, max_nodes=max_nodes, max_seconds=max_seconds,
                     solver=Solver(interruptible=True), progress=report,
                     contract_first=not bounds_first, threads=threads_or_default(threads))
    finally:
        close()
    deck, name = game.deck, game.name
    if as_json:
        click.echo(json_text(solve_json(game, result)))
        return
    click.echo(contract_text(state, contract))
    if result.interrupted:
        click.echo(f"value: between {value_text(name, result.lower)} and "
                   f"{value_text(name, result.upper)}  ({game.value_meaning}; interrupted after"
                   f" {result.nodes} nodes: the bounds proven so far)")
    elif result.exact:
        click.echo(f"value: {value_text(name, result.value)}  ({game.value_meaning})")
    elif result.lower == result.upper:
        # the position's value is proven, some card's is not
        click.echo(f"value: {value_text(name, result.value)}  ({game.value_meaning}; limit"
                   f" reached after {result.nodes} nodes before every card's value was exact:"
                   f" raise --max-nodes or --max-seconds)")
    else:
        click.echo(f"value: between {value_text(name, result.lower)} and "
                   f"{value_text(name, result.upper)}  ({game.value_meaning}; limit reached after"
                   f" {result.nodes} nodes, not exact: raise --max-nodes or --max-seconds)")
    if not result.exact and result.made is not None:
        # the bounds lie on one side of the contract's target: its outcome
        # is proven, though not its score
        click.echo(f"result: {made_text(state, result.made)}, proven by the bounds"
                   " (the score needs the exact value)")
    if result.cards:
        click.echo(f"cards of {seat_name(game, state.to_play)}, best first"
                   f" ({direction(state, state.to_play)}):")
        # best group first for the player on turn (result.cards is in that order)
        rank = {card: i for i, card in enumerate(result.cards)}
        for group in sorted(result.groups, key=lambda g: rank[g[0]]):
            v = result.cards[group[0]]
            text = value_text(name, v) if isinstance(v, int) else \
                f"{value_text(name, v[0])}..{value_text(name, v[1])}"
            click.echo(f"  {pad(cards_text(deck, group), 16)} {text}")
    if result.line:
        click.echo("optimal line:")
        probe = state.clone()
        for card in result.line:
            leader, number = probe.leader, len(probe.tricks) + 1
            probe.play(card)
            if not probe.trick:
                t = probe.tricks[-1]
                plays = cards_text(deck, t.cards)
                click.echo(f"  trick {number:>2}: {seat_name(game, leader)} leads  {pad(plays, 24)} "
                           f"won by {seat_name(game, t.winner)}")
        if probe.trick:  # cannot happen: the line goes to the end
            click.echo("  (unfinished trick)")
    if result.score is not None:
        click.echo("result: " + score_text(state, result.score))
    click.echo(f"nodes {result.nodes}, {result.seconds:.3f} s")


def _reaches(game, state, at_least, max_nodes, max_seconds, as_json):
    """`atout solve --at-least`: the one yes/no question."""
    from atout.solver import Solver
    name = game.name
    low, high = state.objective_range
    if not low <= at_least * scale(name) <= high:
        raise click.BadParameter(f"{at_least:g} is outside the {name} value's range"
                                 f" {value_text(name, low)}..{value_text(name, high)}",
                                 param_hint="'--at-least'")
    # the value is searched in the game's internal unit (tarot: half points)
    target = math.ceil(at_least * scale(name) - 1e-9)
    reach = Solver(interruptible=True).reaches(state, target, max_nodes=max_nodes,
                                               max_seconds=max_seconds)
    if as_json:
        click.echo(json_text({"game": name, "at_least": value_number(name, target),
                              "reached": reach.answer, "exact": reach.answer is not None,
                              "nodes": reach.nodes, "seconds": round(reach.seconds, 4),
                              "interrupted": reach.interrupted}))
        return
    undecided = (f"not decided: interrupted after {reach.nodes} nodes" if reach.interrupted else
                 f"not decided: limit reached after {reach.nodes} nodes (raise --max-nodes or"
                 " --max-seconds)")
    answer = {True: "yes", False: "no"}.get(reach.answer, undecided)
    click.echo(f"at least {value_text(name, target)} ({game.value_meaning}): {answer}")
    click.echo(f"nodes {reach.nodes}, {reach.seconds:.3f} s")


@click.command(epilog='\b\nExample: atout table --game bridge "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"')
@GAME_ARG
@click.argument("deal_text", metavar="DEAL")
@click.option("--max-nodes", type=NODE_LIMIT, default=None,
              help="Node limit per solve: an entry not proven within it shows its bounds.")
@click.option("--variant", default=None,
              help="Belote: rule variants, comma-separated: no-undertrump, no-partner-overtrump.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@THREADS_OPTION
def table(game_name, deal_text, max_nodes, variant, as_json, threads):
    """The double-dummy result of every choice the game offers before play
    (bridge: tricks for each declarer and strain, like DDS's CalcDDtable;
    Belote: each trump and taker; Smear: each trump for the bidder; tarot2:
    each first leader; tarot: each contract; tarocco: the deal as dealt)."""
    from atout.solver import Solver
    from atout.solver import table as run
    game = get_game(game_name)
    extra = None
    if variant is not None:
        if "variant" not in game.round_options:
            raise OptionError(f"--variant does not apply to {game.name} (only"
                            f" {games_where(lambda g: 'variant' in g.round_options)} has rule variants)")
        extra = {"variant": game.variant_text(variant)}    # a bad flag is said before any work
    deal = game.parse_deal(deal_text)
    if max_nodes is None and game.node_limit("table"):
        max_nodes = game.node_limit("table")
        default_limit_note(game.name, max_nodes, "per entry")
    start = time.perf_counter()
    report, close = progress_reporter("solving")
    try:
        result = run(game, deal, max_nodes=max_nodes, extra=extra, solver=Solver(interruptible=True),
                     progress=report, threads=threads_or_default(threads))
    finally:
        close()
    seconds = round(time.perf_counter() - start, 4)
    if as_json:
        click.echo(json_text({"table": result, "seconds": seconds,
                              "interrupted": result.interrupted}))
        return
    name = game.name

    def text(v):
        if v is None:
            return "-"
        if isinstance(v, list):
            return f"{value_text(name, v[0])}..{value_text(name, v[1])}"
        return value_text(name, v)

    click.echo(game.table_axes)
    first = next(iter(result.values()), None)
    if first is None:
        pass                    # interrupted before the first entry
    elif isinstance(first, dict):
        columns = list(first)
        click.echo("     " + "".join(f"{c:>6}" for c in columns))
        for key, row in result.items():
            click.echo(f"{key:<5}" + "".join(f"{text(row.get(c)):>6}" for c in columns))
    else:
        for key, v in result.items():
            click.echo(f"{call_label(name, str(key)):<22} {text(v)}")
    click.echo(f"value: {game.value_meaning}; {seconds:.3f} s"
               + ("  [interrupted: the entries done]" if result.interrupted else ""))
