"""`atout solve` and `atout table`: double-dummy answers for a deal whose
every card is known."""

from __future__ import annotations

import json
import math
import time

import click

from atout.engine import GAME_NAMES, RuleError, get_game
from atout.engine.belote import parse_variant

from .describe import TABLE_AXES, contract_text, direction, score_text, seat_name
from .format import VALUE_MEANING, cards_text, jsonable, pad, scale, value_number, value_text
from .options import with_contract

#: default node limit of `atout solve` where a full deal may not finish
SOLVE_NODE_LIMIT = {"tarot": 20_000_000, "tarot2": 20_000_000, "tarocco": 20_000_000}

GAME_ARG = click.option("--game", "-g", "game_name", required=True,
                        type=click.Choice(GAME_NAMES, case_sensitive=False), help="The game.")


def _state(game, deal_text, played, contract):
    deal = game.parse_deal(deal_text)
    return game.state_after(deal, game.parse_cards(played), **contract)


@click.command()
@GAME_ARG
@click.argument("deal_text", metavar="DEAL")
@click.option("--played", default="", help="Cards played so far, in order (spaces or commas).")
@click.option("--all-cards", is_flag=True, help="The value of every legal card of the player on turn.")
@click.option("--max-nodes", type=click.IntRange(1), default=None,
              help="Node limit: stop with proven bounds (tarot, tarot2, tarocco: 20000000 unless"
                   " a limit is given).")
@click.option("--max-seconds", type=click.FloatRange(0, min_open=True), default=None,
              help="Time limit: stop with proven bounds.")
@click.option("--at-least", "at_least", type=float, default=None, metavar="VALUE",
              help="Only ask whether the side searched for reaches at least VALUE (in the"
                   " game's unit, as the value is shown): yes or no, much cheaper than the value.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@with_contract
def solve(game_name, deal_text, played, all_cards, max_nodes, max_seconds, at_least, as_json,
          contract):
    """Solve a deal double dummy from its start or after --played cards: the
    value, the optimal line, the contract's result and score, and with
    --all-cards each legal card's value (with --at-least: only whether a
    value is reached)."""
    from atout.solver import solve as run
    game = get_game(game_name)
    state = _state(game, deal_text, played, contract)
    if max_nodes is None and max_seconds is None and game.name in SOLVE_NODE_LIMIT:
        # full deals of the tarot family are out of reach of an exact search
        # today: bound the work by default rather than run for hours
        max_nodes = SOLVE_NODE_LIMIT[game.name]
    if at_least is not None:
        if all_cards:
            raise click.UsageError("--at-least asks one question: it does not go with --all-cards")
        _reaches(game, state, at_least, max_nodes, max_seconds, as_json)
        return
    result = run(state, all_cards=all_cards, max_nodes=max_nodes, max_seconds=max_seconds)
    deck, name = game.deck, game.name

    def card_value(v):
        return value_number(name, v) if isinstance(v, int) else [value_number(name, x) for x in v]

    if as_json:
        click.echo(json.dumps({
            "game": name, "value": value_number(name, result.value) if result.exact else None,
            "exact": result.exact,
            "lower": value_number(name, result.lower), "upper": value_number(name, result.upper),
            "score": jsonable(result.score), "made": result.made,
            "line": [deck.token(c) for c in result.line],
            "cards": {deck.token(c): card_value(v) for c, v in result.cards.items()},
            "groups": [[deck.token(c) for c in g] for g in result.groups],
            "nodes": result.nodes, "seconds": round(result.seconds, 4),
        }))
        return
    click.echo(contract_text(state, contract))
    if result.exact:
        click.echo(f"value: {value_text(name, result.value)}  ({VALUE_MEANING[name]})")
    else:
        click.echo(f"value: between {value_text(name, result.lower)} and "
                   f"{value_text(name, result.upper)}  ({VALUE_MEANING[name]}; limit reached after"
                   f" {result.nodes} nodes, not exact: raise --max-nodes or --max-seconds)")
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
    # the value is searched in the game's internal unit (tarot: half points)
    target = math.ceil(at_least * scale(name) - 1e-9)
    reach = Solver().reaches(state, target, max_nodes=max_nodes, max_seconds=max_seconds)
    if as_json:
        click.echo(json.dumps({"game": name, "at_least": value_number(name, target),
                               "reached": reach.answer, "exact": reach.answer is not None,
                               "nodes": reach.nodes, "seconds": round(reach.seconds, 4)}))
        return
    answer = {True: "yes", False: "no"}.get(reach.answer, "not decided: limit reached after"
                                            f" {reach.nodes} nodes (raise --max-nodes or"
                                            " --max-seconds)")
    click.echo(f"at least {value_text(name, target)} ({VALUE_MEANING[name]}): {answer}")
    click.echo(f"nodes {reach.nodes}, {reach.seconds:.3f} s")


@click.command()
@GAME_ARG
@click.argument("deal_text", metavar="DEAL")
@click.option("--max-nodes", type=click.IntRange(1), default=None,
              help="Node limit per solve: an entry not proven within it shows its bounds.")
@click.option("--variant", default=None,
              help="Belote: rule variants, comma-separated: no-undertrump, no-partner-overtrump.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def table(game_name, deal_text, max_nodes, variant, as_json):
    """The double-dummy result of every choice the game offers before play
    (bridge: tricks for each declarer and strain, like DDS's CalcDDtable;
    Belote: each trump and taker; Smear: each trump for the bidder; tarot2:
    each first leader; tarot: each contract; tarocco: the deal as dealt)."""
    from atout.solver import table as run
    game = get_game(game_name)
    extra = None
    if variant is not None:
        if game.name != "belote":
            raise RuleError(f"--variant does not apply to {game.name} (only belote has rule variants)")
        extra = {"variant": parse_variant(variant)}
    start = time.perf_counter()
    result = run(game, game.parse_deal(deal_text), max_nodes=max_nodes, extra=extra)
    seconds = round(time.perf_counter() - start, 4)
    if as_json:
        click.echo(json.dumps({"table": result, "seconds": seconds}))
        return
    name = game.name

    def text(v):
        if v is None:
            return "-"
        if isinstance(v, list):
            return f"{value_text(name, v[0])}..{value_text(name, v[1])}"
        return value_text(name, v)

    click.echo(TABLE_AXES[name])
    first = next(iter(result.values()))
    if isinstance(first, dict):
        columns = list(first)
        click.echo("     " + "".join(f"{c:>6}" for c in columns))
        for key, row in result.items():
            click.echo(f"{key:<5}" + "".join(f"{text(row[c]):>6}" for c in columns))
    else:
        for key, v in result.items():
            click.echo(f"{str(key).replace('_', ' '):<14} {text(v)}")
    click.echo(f"value: {VALUE_MEANING[name]}; {seconds:.3f} s")
