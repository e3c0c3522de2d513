"""`atout analyse` and `atout review`: partly known deals and played deals."""

from __future__ import annotations

import os

import click

from atout.engine import GAME_NAMES, get_game
from atout.engine.words import score_sentences

from .describe import (contract_text, direction, made_label, made_meaning, outcome_names, seat_name,
                       side_name)
from .format import (analysis_json, card_text, histogram_lines, json_text, pad,
                     progress_reporter, review_json, value_number, value_text)
from .options import NODE_LIMIT, SCHEDULER_OPTION, with_contract

GAME_ARG = click.option("--game", "-g", "game_name", required=True,
                        type=click.Choice(GAME_NAMES, case_sensitive=False), help="The game.")


@click.command(epilog='\b\nExample: atout analyse --game bridge "N:KJ74.J8.AKJ5.AQ6 ? Q532.763.T93.875 ?"'
                      ' --declarer N --strain S --level 2 --played "D8 DT DQ DA" --samples 20')
@GAME_ARG
@click.argument("deal_text", metavar="PARTIAL_DEAL")
@click.option("--played", default="", help="Cards played so far, in order.")
@click.option("--samples", type=click.IntRange(1, 1_000_000), default=None,
              help="Deals sampled (default 100; 20 where only the contract is asked).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampler.")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: the machine's cores).")
@click.option("--max-nodes", type=NODE_LIMIT, default=None,
              help="Node limit per solve (tarot, tarot2, tarocco default to 1000000): a sample"
                   " not settled within it is counted as such.")
@click.option("--values", "values", is_flag=True,
              help="Each card's value even on a full tarot, tarocco or tarot2 deal (by default"
                   " only whether it makes the contract: values are out of reach there).")
@SCHEDULER_OPTION
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@with_contract(analysis=True)
def analyse(game_name, deal_text, played, samples, seed, workers, max_nodes, values, scheduler,
            as_json,
            contract):
    """For the player on turn in a partly known deal: each legal card's
    expected value and probability of making the contract, over deals of the
    unseen cards sampled uniformly among those consistent with what is known
    (hands shown as ?, or +N unknown cards; voids and obligations revealed by
    the play are respected)."""
    from atout.analysis import analyse as run
    game = get_game(game_name)
    cards = game.parse_cards(played)
    report, close = progress_reporter("sampling")
    try:
        result = run(game.name, deal_text, cards, samples=samples, seed=seed,
                     workers=workers or os.cpu_count() or 1, max_nodes=max_nodes,
                     contract=contract, progress=report, on_start=deep_position_note,
                     contract_only=False if values else None, scheduler=scheduler)
    finally:
        close()
    deck = game.deck
    name = game.name
    if as_json:
        click.echo(json_text(analysis_json(game, result, seed)))
        return
    position = result.position
    click.echo(f"{name}: {seat_name(game, result.seat)} to play, {result.samples_done} of "
               f"{result.samples_requested} samples (seed {seed})"
               + ("  [interrupted]" if result.interrupted else ""))
    click.echo(contract_text(position, contract, discard_known=False))
    click.echo(f"value: {game.value_meaning}; {direction(position, result.seat)}; cards best first")
    if result.contract_only:
        click.echo("asked: only whether each card makes the contract; a value is the range that"
                   " answer leaves")
    click.echo(made_meaning(position))
    label = made_label(position)
    click.echo(f"  {'card':<6}{'value':>10}{'± se':>8}   {label:>{max(8, len(label))}}{'± se':>7}"
               f"   {outcome_names(position)}")
    for c in result.cards:
        if c.mean is not None:
            value = f"{value_text(name, c.mean):>10}{value_text(name, c.stderr):>8}"
        else:
            value = f"{value_text(name, c.mean_lower)}..{value_text(name, c.mean_upper)}".rjust(18)
        p = c.made_probability
        width = max(8, len(label))
        made = f"{p:{width}.3f}{c.made_stderr:7.3f}" if p is not None else f"{'?':>{width}}{'':>7}"
        click.echo(f"  {pad(card_text(deck, c.card), 6)}{value}   {made}   {c.made}/{c.failed}/{c.unsettled}")
    score = result.expected_score()
    if score is not None:
        # every card of every sampled deal chosen seeing all hands: the mean of
        # each deal's best, above what any one card of the player on turn gets
        se = "" if score[1] != score[1] else f" ± {score[1]:.2f}"
        click.echo(f"score of {side_name(position, position.max_side)} if every card were chosen"
                   f" seeing all hands:"
                   f" {score[0]:.2f}{se} (the best card chosen in each sampled deal, so better"
                   f" for the player on turn than any one card)")
    lines = histogram_lines({value_number(name, v): n for v, n in result.histogram().items()})
    if lines:
        click.echo(f"outcomes after {card_text(deck, result.best.card)} (value: samples):")
        for line in lines:
            click.echo(line)


def deep_position_note(analysis) -> None:
    """Said before the work starts, on stderr: what a deep position gets."""
    if analysis.contract_only:
        limit = f"at most {analysis.max_nodes:,} nodes" if analysis.max_nodes else "no node limit"
        click.echo(f"atout: note: a {analysis.game} position this deep is beyond exact values:"
                   f" each card is asked only whether it makes the contract ({limit} per card"
                   f" and sample, {analysis.samples_requested} samples); values show the game's"
                   " range; --values asks for values, --samples and --max-nodes set the work",
                   err=True)


@click.command(epilog='\b\nExample: atout review --game bridge "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4" --declarer N --strain S'
                      ' --played "D8 DT DQ DA"')
@GAME_ARG
@click.argument("deal_text", metavar="DEAL")
@click.option("--played", required=True, help="Every card played, in order.")
@click.option("--max-nodes", type=NODE_LIMIT, default=None,
              help="Node limit per solve (tarot, tarot2, tarocco default to 1000000).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@with_contract
def review(game_name, deal_text, played, max_nodes, as_json, contract):
    """The double-dummy value after every card of a played deal, marking each
    card that gave value away and how much (like DDS's play analyser)."""
    from atout.solver import Solver
    from atout.analysis import review_deal as run

    from .solve import default_limit_note
    game = get_game(game_name)
    deal = game.parse_deal(deal_text)
    cards = game.parse_cards(played)
    state = game.new_state(deal, **contract)
    end = game.state_after(deal, cards, **contract)  # every play is legal, or one clear error now
    if max_nodes is None and game.node_limit("review"):
        max_nodes = game.node_limit("review")
        default_limit_note(game.name, max_nodes, "per position")
    report, close = progress_reporter("solving")
    try:
        result = run(state, cards, max_nodes=max_nodes, progress=report,
                     solver=Solver(interruptible=True))
    finally:
        close()
    deck = game.deck
    name = game.name

    if as_json:
        click.echo(json_text(review_json(game, result)))
        return
    click.echo(contract_text(state, contract))
    click.echo(f"{name}: value = {game.value_meaning}")
    if result.cards:
        click.echo(f"  start: {value_text(name, result.cards[0].before[0])}"
                   + ("" if result.cards[0].before[0] == result.cards[0].before[1]
                      else f"..{value_text(name, result.cards[0].before[1])}"))
    n = game.n_seats
    for c in result.cards:
        trick = c.index // n + 1
        after = value_text(name, c.after[0]) if c.after[0] == c.after[1] else \
            f"{value_text(name, c.after[0])}..{value_text(name, c.after[1])}"
        mark = f"  <- gives away {value_text(name, c.loss)}" if c.loss else ""
        card = pad(card_text(deck, c.card), 5)
        click.echo(f"  trick {trick:>2}  {seat_name(game, c.seat):<10}{card} {after:>10}{mark}")
    click.echo(f"{len(result.mistakes)} card(s) gave value away; {result.nodes} nodes, {result.seconds:.2f} s"
               + ("  [interrupted]" if result.interrupted else ""))
    if end.is_over():                  # the whole deal was played: its score in words
        for line in score_sentences(end, end.score()):
            click.echo(line)
