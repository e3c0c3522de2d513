"""`atout bid`: the expected outcome of every bid of one hand."""

from __future__ import annotations

import os

import click

from atout.engine import GAME_NAMES, get_game
from atout.engine.words import bid_label

from .format import json_text, progress_reporter
from .options import NODE_LIMIT, SCHEDULER_OPTION

@click.command(epilog='\b\nExample: atout bid --game smear --seat 0 "8.T9.8.J9" --samples 50')
@click.option("--game", "-g", "game_name", required=True,
              type=click.Choice(GAME_NAMES, case_sensitive=False), help="The game.")
@click.option("--seat", required=True, help="The bidder's seat (0..3; tarot2 0 or 1; bridge N E S W).")
@click.argument("hand", metavar="HAND")
@click.option("--turned", default=None, help="Belote: the turned card (e.g. HJ).")
@click.option("--variant", default=None,
              help="Belote: rule variants, comma-separated: no-undertrump, no-partner-overtrump.")
@click.option("--widow", type=int, default=None, help="Smear: undealt cards the bidder takes (0..3, default 0).")
@click.option("--candidates", type=click.IntRange(1, 200), default=6, show_default=True,
              help="Tarocco: discards evaluated on the same samples.")
@click.option("--samples", type=click.IntRange(1, 1_000_000), default=None,
              help="Deals sampled (default 50; 20 for tarot, tarocco, tarot2, where only the"
                   " contract is asked).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampler.")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: the machine's cores).")
@click.option("--max-nodes", type=NODE_LIMIT, default=None,
              help="Node limit per solve (tarot, tarot2, tarocco default to 1000000).")
@click.option("--values", "values", is_flag=True,
              help="Tarot, tarocco, tarot2: each bid's score too, from the deal's value (by"
                   " default only whether each bid makes: a full deal's value is out of reach).")
@SCHEDULER_OPTION
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def bid(game_name, seat, hand, turned, variant, widow, candidates, samples, seed, workers, max_nodes,
        values, scheduler, as_json):
    """For a hand at the bidding stage: every bid's probability of being
    made and expected score, over deals of the unseen cards sampled
    uniformly and solved double dummy, and the recommended bid.

    HAND: tarot 18 cards, belote 5 (with --turned) or the bidding-stage deal
    "h0 h1 h2 h3 turned:CARD stock:..." (? for hands not seen), smear 6, tarocco the
    dealer's 17 (seat 3), bridge 13; tarot2: the deal as the player sees it,
    "HAND ? piles0:SK/?/?,... piles1:21/?/?,..." (? for unseen cards)."""
    from atout.analysis import estimate_bids
    game = get_game(game_name)
    report, close = progress_reporter("sampling")
    try:
        result = estimate_bids(game.name, seat, hand, samples=samples, seed=seed,
                               workers=workers or os.cpu_count() or 1, max_nodes=max_nodes,
                               turned=turned, widow=widow, candidates=candidates, progress=report,
                               variant=variant, contract_only=False if values else None,
                               on_start=contract_only_note, scheduler=scheduler)
    finally:
        close()
    rec = result.recommendation
    if as_json:
        click.echo(json_text(to_json(result, seed)))
        return
    click.echo(f"{result.game}: {game.seat_name(result.seat)}, {result.samples_done} of"
               f" {result.samples_requested}"
               f" samples (seed {seed})"
               + (f", at most {result.max_nodes} nodes per solve" if result.max_nodes else "")
               + ("  [interrupted]" if result.interrupted else ""))
    click.echo(f"score: {game.bid_score_meaning}")
    for note in result.notes:
        click.echo(f"note: {note}")
    label = {b: bid_label(game.name, b) for b in result.bids}
    width = max(8, *(len(v) for v in label.values())) + 2
    click.echo(f"  {'bid':<{width}}{'P(made)':>8}{'± se':>7}   {'made/failed/unsettled':<22}{'score':>9}{'± se':>8}")
    for s in result.summaries:
        p = s.made_probability
        if not s.contract:
            made, counts = f"{'':>15}", ""
        elif p is not None:
            made, counts = f"{p:8.3f}{s.made_stderr:7.3f}", f"{s.made}/{s.failed}/{s.unsettled}"
        else:
            lo, hi = s.made_bounds or (0, 0)
            made, counts = f"{lo:.2f}..{hi:.2f}".rjust(15), f"{s.made}/{s.failed}/{s.unsettled}"
        if s.mean_score is not None:
            se = "" if s.score_stderr != s.score_stderr else f"{s.score_stderr:8.2f}"
            score = f"{s.mean_score:9.2f}{se:>8}"
        else:
            score = f"{'?':>9}{'':>8}" + (f"  ({s.scored} solved)" if s.scored else "")
        click.echo(f"  {label[s.bid]:<{width}}{made}   {counts:<22}{score}")
    click.echo(f"{result.nodes} nodes, {result.seconds:.1f} s")
    if rec is not None:
        if rec.bid is None:
            click.echo(f"no recommendation: {rec.reason}")
        else:
            reason = rec.reason
            for bid in sorted({rec.bid, rec.runner_up} - {None}, key=len, reverse=True):
                reason = reason.replace(f"{bid} leads", f"{label.get(bid, bid)} leads").replace(
                    f"leads {bid} by", f"leads {label.get(bid, bid)} by")
            click.echo(f"recommendation: {label.get(rec.bid, rec.bid)}" + ("" if rec.clear else " (weak evidence)")
                       + f": {reason}")


def contract_only_note(result) -> None:
    """Said before the work starts, on stderr: what a full deal gets."""
    if result.contract_only:
        limit = f"at most {result.max_nodes:,} nodes" if result.max_nodes else "no node limit"
        click.echo(f"atout: note: a full {result.game} deal is beyond exact values: each bid is"
                   f" asked only whether it makes ({limit} per question, {result.samples_requested}"
                   " samples), with no score; --values asks for scores, --samples and --max-nodes"
                   " set the work", err=True)


def to_json(result, seed) -> dict:
    rec = result.recommendation

    def num(x):
        return None if x is None or x != x else x
    return {
        "game": result.game, "seat": result.seat, "seed": seed,
        "samples": result.samples_done, "samples_requested": result.samples_requested,
        "interrupted": result.interrupted, "max_nodes": result.max_nodes, "notes": result.notes,
        "contract_only": result.contract_only,
        "bids": [{"bid": s.bid, "contract": s.contract,
                  "made_probability": s.made_probability, "made_stderr": s.made_stderr,
                  "made_bounds": list(s.made_bounds) if s.made_bounds else None,
                  "made": s.made, "failed": s.failed, "unsettled": s.unsettled,
                  "scored": s.scored, "score": num(s.mean_score), "score_stderr": num(s.score_stderr)}
                 for s in result.summaries],
        "recommendation": None if rec is None else {
            "bid": rec.bid, "runner_up": rec.runner_up, "margin": num(rec.margin),
            "margin_stderr": num(rec.margin_stderr), "clear": rec.clear, "reason": rec.reason},
        "nodes": result.nodes, "seconds": round(result.seconds, 3),
    }
