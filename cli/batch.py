"""`atout batch`: many deals from a file, one JSON line each."""

from __future__ import annotations

import json
import os
import sys
import time

import click

from atout.engine import GAME_NAMES, get_game

from .format import _open_line as open_line
from .format import prepare_searches
from .options import NODE_LIMIT, SCHEDULER_OPTION, with_contract


@click.command(epilog="\b\nExample: atout batch --game bridge boards.pbn --out results.jsonl")
@click.option("--game", "-g", "game_name", required=True,
              type=click.Choice(GAME_NAMES, case_sensitive=False), help="The game.")
@click.argument("in_path", metavar="FILE")
@click.option("--out", "out_path", default=None, metavar="RESULTS.jsonl",
              help="Append the results here (run again with the same --out to resume:"
                   " the deals already there are skipped). Default: standard output.")
@click.option("--all-cards", is_flag=True, help="With a contract: every legal card's value.")
@click.option("--max-nodes", type=NODE_LIMIT, default=None,
              help="Node limit of each solve (default 5000000): a deal not finished within it"
                   " gives proven bounds, marked \"exact\": false.")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: the machine's cores).")
@SCHEDULER_OPTION
@click.option("--json", "as_json", is_flag=True, help="The summary as JSON.")
@with_contract
def batch(game_name, in_path, out_path, all_cards, max_nodes, workers, scheduler, as_json,
          contract):
    """Solve every deal of FILE (one a line in atout's notation with optional
    key=value contract fields, JSON lines {"id", "deal", "contract"}, or a
    bridge PBN file) and write one JSON line a deal, in input order: bridge,
    the table and par; other games, the solve with a contract (on the line or
    as options), else the game's table. A deal that cannot be read gets a line
    that says why, and the batch goes on."""
    from atout.analysis import batch_file
    from atout.analysis import check_scheduler
    game = get_game(game_name)
    check_scheduler(scheduler)          # an unreachable cluster fails before any work
    workers = workers or os.cpu_count() or 1
    if not scheduler:
        prepare_searches([game.name], processes=min(workers, 2))   # once, not in every worker
    report, close = rate_reporter("batch")
    try:
        summary = batch_file(game.name, in_path, out_path, all_cards=all_cards,
                             max_nodes=max_nodes, contract=contract, workers=workers,
                             scheduler=scheduler, progress=report, write=click.echo,
                             notice=lambda skipped: note_skipped(in_path, skipped))
    finally:
        close()
    data = summary.to_json()
    # results on standard output: the summary goes to standard error
    echo = (lambda text: click.echo(text, err=True)) if out_path is None else click.echo
    if as_json:
        echo(json.dumps({"game": game.name, "out": out_path, **data}))
        return
    rate = data["deals_per_second"]
    echo(f"{game.name}: {summary.done} of {summary.deals} deals done"
         + (f" ({summary.skipped} already in {out_path})" if summary.skipped else ""))
    echo(f"{summary.solved} solved, {summary.errors} not readable, {summary.not_exact} not exact"
         f" (node limit) in {summary.seconds:.1f} s" + (f", {rate:.2f} deals/s" if rate else "")
         + ("  [interrupted]" if summary.interrupted else ""))
    if summary.input_skipped:
        echo(f"{len(summary.input_skipped)} lines of the input skipped (not deals: see the notes above)")


#: skipped input lines named one by one, the rest counted
SHOWN_SKIPPED = 5


def note_skipped(path: str, skipped: list) -> None:
    """What of a PBN file was read past, on stderr before the work starts."""
    for item in skipped[:SHOWN_SKIPPED]:
        click.echo(f"atout: note: {path} line {item['line']} skipped: {item['text']!r} ({item['why']})",
                   err=True)
    if len(skipped) > SHOWN_SKIPPED:
        click.echo(f"atout: note: {len(skipped) - SHOWN_SKIPPED} more lines of {path} skipped"
                   " (all of them: --json's input_skipped)", err=True)


def rate_reporter(label: str):
    """A progress line on standard error when it is a terminal: deals done,
    the rate of this run and the time left."""
    if not sys.stderr.isatty():
        return None, lambda: None
    state = {"start": None, "first": 0, "drawn": False}

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if state["start"] is None:
            state["start"], state["first"] = now, done
        elapsed = now - state["start"]
        rate = (done - state["first"]) / elapsed if elapsed > 0 else 0.0
        left = f"{(total - done) / rate:.0f} s left" if rate > 0 else "-- s left"
        width = 30
        filled = int(width * done / total) if total else width
        sys.stderr.write(f"\r{label} [{'#' * filled}{'-' * (width - filled)}] {done}/{total}"
                         f"  {rate:.2f} deals/s  {left}   ")
        sys.stderr.flush()
        state["drawn"] = True
        open_line["open"] = True          # a note now starts on a line of its own

    def close() -> None:
        if state["drawn"]:
            sys.stderr.write("\n")
            open_line["open"] = False
    return report, close
