"""`atout play` (one deal in the terminal against the computer players) and
`atout match` (a duplicate match between two players)."""

from __future__ import annotations

import json
import os
import sys

import click

from atout.engine import GAME_NAMES, AtoutError, OptionError, RuleError, get_game
from atout.engine.games import games_where
from atout.engine.words import (Names, action_sentence, call_label, capital)

from .format import pad, prepare_searches, progress_reporter, thinking
from .options import SCHEDULER_OPTION, SECONDS
from .table_screen import TableScreen

GAME = click.option("--game", "-g", "game_name", required=True,
                    type=click.Choice(GAME_NAMES, case_sensitive=False), help="The game.")
LEVEL_NAMES = ("random", "easy", "medium", "hard")


def taking(option: str) -> str:
    """The games whose Round takes ``option``, for a message."""
    return games_where(lambda g: option in g.round_options)


def round_options(game_name: str, widow, contract, declarer, variant) -> dict:
    """The Round options of the command line, each only for the games that
    take it (``Game.round_options``)."""
    game, takes = game_name, get_game(game_name).round_options
    options = {}
    if widow is not None:
        if "widow" not in takes:
            raise OptionError(f"--widow does not apply to {game} (only {taking('widow')} has a widow)")
        options["widow"] = widow
    if contract is not None or declarer is not None:
        if "declarer" not in takes:
            raise OptionError(f"--contract and --declarer apply to {taking('declarer')} only, not {game}")
        if contract is not None:
            text = contract.strip().upper()
            if len(text) < 2 or not text[0].isdigit() or not 1 <= int(text[0]) <= 7 \
                    or text[1:] not in ("C", "D", "H", "S", "NT"):
                raise RuleError(f"contract {contract!r}: a level 1..7 and a strain C, D, H, S or NT (e.g. 4S)")
            options.update(level=int(text[0]), strain=text[1:])
        if declarer is not None:
            options["declarer"] = declarer.upper()
    if variant is not None:
        if "variant" not in takes:
            raise OptionError(f"--variant applies to {taking('variant')} only, not {game}")
        options["variant"] = variant
    return options


ROUND_OPTIONS = [
    click.option("--widow", type=int, default=None, help="Smear: undealt cards the bidder picks up (0..3)."),
    click.option("--contract", "bridge_contract", default=None,
                 help="Bridge: the contract played, e.g. 4S or 3NT (default 3NT; atout does not bid bridge)."),
    click.option("--declarer", default=None, help="Bridge: the declarer N, E, S or W (default S)."),
    click.option("--variant", default=None,
                 help="Belote: rule variants, comma-separated (no-undertrump, no-partner-overtrump)."),
]


def with_round_options(func):
    for option in reversed(ROUND_OPTIONS):
        func = option(func)
    return func


# ---------------------------------------------------------------------------
# atout play
# ---------------------------------------------------------------------------

def write_save(path: str, data: dict) -> None:
    """Write whole or not at all: a temporary file renamed over the old one."""
    tmp = f"{path}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f)
        os.replace(tmp, path)
    except OSError as exc:
        raise OptionError(f"cannot save to {path}: {exc.strerror or exc}") from None


def read_save(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise OptionError(f"cannot read save file {path}: {exc.strerror or exc}") from None
    except ValueError:
        raise OptionError(f"cannot read save file {path}: not a saved atout game") from None
    if not isinstance(data, dict) or "round" not in data or "seat" not in data:
        raise OptionError(f"cannot read save file {path}: not a saved atout game")
    return data


#: the prompt's commands, for `help` and the line editor's completion
COMMANDS = ("hint", "opponents", "think", "undo", "save", "help", "quit")


class Table(TableScreen):
    """One deal in the terminal: the Round, the human's seat and the bots
    (what the human sees: ``TableScreen``)."""

    def __init__(self, rnd, seat: int, level: str, seed: int, think, partner_level=None):
        self.round = rnd
        self.game = rnd.game
        self.deck = rnd.game.deck
        self.seat = seat
        self.seed = seed
        self.think = think
        self.level = level
        self.partner_level = partner_level
        self.actors: list = []      # the seat that took each action of the round
        self.make_bots()
        self.shown_tricks = len(rnd.state.tricks) if rnd.state else 0

    def make_bots(self) -> None:
        from atout.players import make_player, partners
        self.bots = {}
        for s in range(self.round.n_seats):
            if s == self.seat:
                continue
            beside = partners(self.game, s, self.seat)
            level = self.partner_level if self.partner_level and beside else self.level
            self.bots[s] = make_player(self.game.name, level, seed=self.seed * 10 + s, think=self.think,
                                       partners_a_person=beside)

    def is_mine(self) -> bool:
        return self.round.to_act == self.seat

    @property
    def names(self) -> Names:
        """Seats and sides from the human's chair (tarot's sides follow the taker)."""
        state = self.round.state
        return Names.of(state, self.seat) if state is not None else Names(self.game, self.seat)

    # -- commands ---------------------------------------------------------------
    def hint(self) -> None:
        view = self.round.view(self.seat)
        if view.phase != "play":
            from atout.players import make_player
            suggestion = make_player(self.game.name, "easy", seed=self.seed).decide(view)
            label = self.card_text(suggestion.value) if suggestion.kind == "discard" else \
                call_label(self.game.name, suggestion.token)
            click.echo(f"hint: the easy player's rule suggests {label}")
            return
        from atout.players import SearchPlayer
        with thinking("hint: the medium player is"):
            values = SearchPlayer(self.game.name, self.seed, level="medium").card_values(view)
        click.echo("hint: each legal card's mean value for you over sampled deals "
                   "(the game's objective, higher is better):")
        for card, value in sorted(values.items(), key=lambda cv: -cv[1]):
            click.echo(f"  {pad(self.card_text(card), 4)} {value:8.1f}")

    def undo(self) -> None:
        """Take back the human's last decision and every bot decision after it."""
        if self.seat not in self.actors:
            click.echo("nothing to undo")
            return
        while self.actors:
            who = self.actors.pop()
            self.round.undo()
            if who == self.seat:
                break
        self.shown_tricks = min(self.shown_tricks, len(self.round.state.tricks) if self.round.state else 0)
        click.echo("undone")

    def save(self, path: str) -> None:
        write_save(path, {"round": self.round.to_dict(), "seat": self.seat, "level": self.level,
                          "seed": self.seed, "think": self.think, "actors": self.actors,
                          "partner_level": self.partner_level})
        click.echo(f"saved to {path}; go on with: atout play --resume {path}")

    def default_save_name(self) -> str:
        return f"atout-{self.game.name}-{self.seed}.json"

    def offer_to_save(self, prompt) -> None:
        """After Ctrl-C: save the game before leaving? Enter saves to the
        default file, ``n`` leaves without saving, anything else is a file
        name; a second Ctrl-C (or the end of input) leaves without saving."""
        name = self.default_save_name()
        click.echo("")
        click.echo(f"interrupted. Save the game before leaving? [Enter: save to {name}, n: leave without "
                   "saving, or a file name]")
        try:
            answer = prompt().strip()
        except (KeyboardInterrupt, EOFError):
            click.echo("")
            click.echo("left without saving")
            return
        if answer.lower() in ("n", "no"):
            click.echo("left without saving")
            return
        path = name if answer.lower() in ("", "y", "yes") else answer
        try:
            self.save(path)
        except AtoutError as exc:
            click.echo(f"not saved: {exc}")

    def apply(self, action) -> None:
        self.actors.append(self.round.to_act)
        try:
            self.round.apply(action)
        except AtoutError:
            self.actors.pop()
            raise

    def bots_play(self) -> None:
        while not self.round.is_over() and not self.is_mine():
            seat = self.round.to_act
            names = self.names
            who = names.seat(seat)
            with thinking(f"{capital(who)} {'are' if who.plural else 'is'}"):
                action = self.bots[seat].decide(self.round.view(seat))
            self.apply(action)
            click.echo(action_sentence(self.game, seat, action, names))
            self.show_new_tricks()

    def set_think(self, words) -> None:
        from atout.players import THINK_CHOICES, parse_think, think_name
        if len(words) != 2:
            choices = ", ".join(f"{k} ({v:g} s)" for k, v in THINK_CHOICES.items())
            click.echo(f"think: choose {choices}, default, or a number of seconds; now {think_name(self.think)}")
            return
        try:
            self.think = parse_think(words[1])
        except AtoutError as exc:
            click.echo(str(exc))
            return
        self.make_bots()
        click.echo(f"the computer players now think {think_name(self.think)} per decision")

    def run(self, prompt) -> None:
        try:
            self.play(prompt)
        except KeyboardInterrupt:
            self.offer_to_save(prompt)

    def play(self, prompt) -> None:
        self.bots_play()
        while not self.round.is_over():
            self.show_situation()
            try:
                line = prompt()
            except EOFError:
                click.echo("")
                click.echo("quit (end of input)")
                return
            words = line.strip().split()
            if not words:
                continue
            command = words[0].lower()
            if command in ("quit", "exit"):
                click.echo("quit")
                return
            if command == "help":
                click.echo("commands: a card (K♠, SK or ♠K) or a call (e.g. pass), hint, opponents LEVEL "
                           "(random, easy, medium, hard), think CHOICE (quick, normal, long, default or "
                           "seconds), undo, save FILE, quit; Ctrl-C offers to save")
                continue
            if command == "hint":
                self.hint()
                continue
            if command == "undo":
                self.undo()
                continue
            if command == "think":
                self.set_think(words)
                continue
            if command in ("opponents", "level"):
                if len(words) != 2 or words[1].lower() not in LEVEL_NAMES:
                    click.echo(f"{command}: choose one of {', '.join(LEVEL_NAMES)}")
                    continue
                self.level = words[1].lower()
                self.make_bots()
                click.echo(f"the computer players are now {self.level}")
                continue
            if command == "save":
                if len(words) != 2:
                    click.echo("save FILE: give one file name")
                    continue
                try:
                    self.save(words[1])
                except AtoutError as exc:
                    click.echo(f"not saved: {exc}")
                continue
            try:
                self.apply(" ".join(words))
            except AtoutError as exc:
                click.echo(f"{self.why_not(' '.join(words), exc)}; try again (help lists the commands)")
                continue
            self.show_new_tricks()
            self.bots_play()
        self.show_score()

def line_editor(table: Table):
    """The prompt: Python's readline on a terminal (arrows, Delete, history,
    Tab completing the commands and the legal cards and calls), plain
    ``input`` otherwise."""
    if not sys.stdin.isatty():
        return lambda: input("> ")
    try:
        import readline
    except ImportError:              # Python built without readline: still a prompt
        return lambda: input("> ")

    def complete(text, state):
        view = table.round.view(table.seat)
        options = [a.token for a in view.legal] + list(COMMANDS)
        matches = [o for o in options if o.lower().startswith(text.lower())]
        return matches[state] if state < len(matches) else None
    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
    return lambda: input("> ")


@click.command(epilog="\b\nExample: atout play --game belote --opponents medium --seed 3")
@click.option("--game", "-g", "game_name", default=None, type=click.Choice(GAME_NAMES, case_sensitive=False),
              help="The game (not needed with --resume).")
@click.option("--opponents", "--bot", "level", type=click.Choice(LEVEL_NAMES, case_sensitive=False),
              default=None, help="Level of the computer players: random, easy, medium (the default) or hard.")
@click.option("--level", "old_level", type=click.Choice(LEVEL_NAMES, case_sensitive=False), default=None,
              hidden=True, help="The older name of --opponents (in solve, --level is a bridge contract's level).")
@click.option("--partner-level", type=click.Choice(LEVEL_NAMES, case_sensitive=False), default=None,
              help="Level of your partner (games with partners: tarocco, belote, smear, bridge).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Seed of the deal and of the players.")
@click.option("--think", default=None,
              help="How long the medium/hard players think per decision: quick (0.5 s), normal (1.5 s), "
                   "long (4 s), or seconds (default: their own budget, counted in deals and nodes).")
@click.option("--resume", type=str, default=None, help="Go on with a game saved with `save FILE` (or at Ctrl-C).")
@with_round_options
def play(game_name, level, old_level, partner_level, seat, seed, think, resume, widow, bridge_contract, declarer,
         variant):
    """Play one deal in the terminal against the computer players, with
    computer partners where the game has partners, from the auction (or the
    deal) to the score. At the prompt: a card (K♠, SK or ♠K) or a call (pass,
    guard without the dog ...), `hint`, `opponents LEVEL`, `think X`, `undo`,
    `save FILE`, `quit`; Tab completes, Ctrl-C offers to save. Bridge plays a given
    contract (--contract, --declarer): atout does not bid bridge."""
    from atout.engine.round import Round
    from atout.players import parse_think, think_name
    if old_level and level and old_level.lower() != level.lower():
        raise OptionError(f"--level {old_level} and --opponents {level}: give one (--level is --opponents' older name)")
    level = level or old_level
    if think is not None:
        think = parse_think(think)
    if resume:
        data = read_save(resume)
        try:
            rnd = Round.from_dict(data["round"])
            seat, seed = int(data["seat"]), int(data.get("seed", 0))
            level = level or str(data.get("level", "medium"))
        except (AtoutError, TypeError, ValueError) as exc:
            raise OptionError(f"cannot read save file {resume}: {exc}") from None
        if game_name is not None and rnd.game.name != get_game(game_name).name:
            raise OptionError(f"save file {resume} holds a {rnd.game.name} game, not {get_game(game_name).name}")
        game = rnd.game
        if think is None:
            think = data.get("think")
        partner_level = partner_level or data.get("partner_level")
    else:
        if game_name is None:
            raise OptionError("give the game (--game GAME), or --resume FILE to go on with a saved game")
        game = get_game(game_name)
        options = round_options(game.name, widow, bridge_contract, declarer, variant)
        rnd = Round.new(game.name, seed=seed, **options)
    level = (level or "medium").lower()
    if partner_level and not game.has_partners:
        raise OptionError(f"{game.name} has no partners: --partner-level applies to"
                        f" {games_where(lambda g: g.has_partners)}")
    if not 0 <= seat < rnd.n_seats:
        raise RuleError(f"seat {seat}: a {game.name} seat is 0..{rnd.n_seats - 1}")
    if rnd.state is not None and seat == rnd.state.dummy_seat:
        raise RuleError(f"seat {seat} is the dummy: sit at another seat (the declarer plays the dummy)")
    table = Table(rnd, seat, level, seed, think, partner_level)
    if resume:
        table.actors = list(data.get("actors") or [])
        if len(table.actors) != len(rnd.actions):
            table.actors = []
        click.echo(f"resumed {resume}")
    where = f" ({game.seat_name(seat)})" if game.named_seats else f" (seat {seat})"
    thinks = "" if think is None else f", thinking {think_name(think)} per decision"
    click.echo(f"{game.title}: you{where} against {table.level} computer players{thinks}. "
               "Type help for the commands.")
    prepare_players(game.name, table.level, partner_level)
    table.run(line_editor(table))


def prepare_players(game_name: str, *levels) -> None:
    """Compile (or load) the search a search level uses before the first
    deal, with the compile notice, rather than inside a player's turn."""
    if any(level in ("medium", "hard") for level in levels if level):
        prepare_searches([game_name])


# ---------------------------------------------------------------------------
# atout match
# ---------------------------------------------------------------------------

@click.command(epilog="\b\nExample: atout match --game belote --players hard,medium --deals 20 --workers 2")
@GAME
@click.option("--players", required=True, help="Two players A,B: levels (random, easy, medium, hard), "
                                                "optionally with options, e.g. hard,medium:samples=20 "
                                                "(samples, max_nodes, exact_tricks, decision_nodes, "
                                                "bid_samples, playout_to, playout_nodes, baseline, inference, "
                                                "play_inference, value_inference, value_window, value_tricks, discard_samples, "
                                                "fusion, fusion_tricks, fusion_front, tiebreak, declare_samples, greedy, call_margin, call_slip, "
                                                "first_trick_nodes, signals, equals: "
                                                "docs/STRENGTH.md; sees_all=1: the player sees every card, a "
                                                "yardstick of what the unseen cards cost (bridge, belote, tarot2; "
                                                "2: the hands, not tarot2's face-down piles; 3: the partner's hand); "
                                                "think_ms: the player's own "
                                                "think time in milliseconds).")
@click.option("--deals", type=int, default=100, show_default=True, help="Deal pairs (each played twice).")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Seed of the deals and players.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes.")
@click.option("--think", type=SECONDS, default=None, help="Seconds per decision of the search levels.")
@SCHEDULER_OPTION
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Keep each pair in this file (JSON lines) as it finishes; the same command run again "
                   "reads the pairs it holds and plays only the rest (an interrupted match goes on, a "
                   "larger --deals extends it).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@with_round_options
def match(game_name, players, deals, seed, workers, think, scheduler, out_path, as_json, widow, bridge_contract,
          declarer, variant):
    """A duplicate match: each deal is played twice with the seats exchanged
    (A holds in the second game the cards B held in the first), so the luck
    of the deal cancels. Reports each pair's difference (A's result minus
    B's with the same cards, in the game's points; bridge: tricks), their
    mean with a 95% confidence interval, wins, draws and losses, each
    game's result in words, and the tail of each player's decision times
    (median, p90, p99, the slowest and what it was). Ctrl-C stops with the
    pairs finished. Bridge plays a given contract (atout does not bid
    bridge)."""
    from atout.players import run_match
    game = get_game(game_name)
    if deals < 1:
        raise OptionError(f"--deals {deals}: play at least one deal pair")
    if workers < 1:
        raise OptionError(f"--workers {workers}: use at least one")
    if think is not None and think <= 0:
        raise OptionError(f"think {think}: give a number of seconds above 0")
    options = round_options(game.name, widow, bridge_contract, declarer, variant)
    from atout.players import parse_players
    if any(spec.level in ("medium", "hard") for spec in parse_players(players)) and not scheduler:
        prepare_searches([game.name], processes=min(workers, 2))   # once, not in every worker
    report, close = progress_reporter("deal pairs")
    try:
        result = run_match(game.name, players, deals=deals, seed=seed, workers=workers, think=think,
                           options=options, progress=report, scheduler=scheduler, out=out_path)
    finally:
        close()
    interval = result.mean_interval()
    won, drawn, lost = result.record()
    tails = {who: result.tail(who) for who in ("A", "B")}
    if as_json:
        click.echo(json.dumps({
            "game": result.game, "players": [result.a, result.b], "seed": seed,
            "pairs": len(result.pairs), "pairs_requested": deals, "interrupted": result.interrupted,
            "resumed": result.resumed,
            "differences": [p.difference for p in result.pairs],
            "mean": interval and interval[0],
            "ci95": None if interval is None or len(result.pairs) < 2 else [interval[1], interval[2]],
            "wins": won, "draws": drawn, "losses": lost,
            "decision_seconds": {name: tails[who] for who, name in (("A", result.a), ("B", result.b))},
            "seconds": round(result.seconds, 3),
        }))
        return
    click.echo(f"{result.game}: {result.a} (A) against {result.b} (B), {len(result.pairs)} of {deals} "
               f"deal pairs, seed {seed}" + ("  [interrupted]" if result.interrupted else ""))
    if result.resumed:
        click.echo(f"({result.resumed} pairs read from {out_path}, {len(result.pairs) - result.resumed} played now)")
    for p in result.pairs:
        click.echo(f"  pair {p.index:>4}: A {p.results[0]:+g} / {p.results[1]:+g}  difference {p.difference:+g}")
        for number, said in enumerate(p.said, 1):
            click.echo(f"    game {number} (A at {a_seats(game, number)}): {said}")
    if interval is not None:
        if len(result.pairs) >= 2:
            click.echo(f"mean difference (A - B): {interval[0]:+.2f}, 95% interval "
                       f"[{interval[1]:+.2f}, {interval[2]:+.2f}]")
        else:
            click.echo(f"mean difference (A - B): {interval[0]:+.2f} (one pair: no interval)")
    click.echo(f"A won {won}, drew {drawn}, lost {lost} deal pairs")
    for who, name in (("A", result.a), ("B", result.b)):
        tail = tails[who]
        if tail["decisions"]:
            click.echo(f"decision time of {name} ({who}): median {ms(tail['median'])}, p90 {ms(tail['p90'])}, "
                       f"p99 {ms(tail['p99'])}, slowest {ms(tail['slowest'])} over {tail['decisions']} decisions")
            if tail["slowest_decision"]:
                click.echo(f"  the slowest: {slowest_text(tail['slowest_decision'])}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def slowest_text(facts: dict) -> str:
    """What the slowest decision was: ``pair 3, game 2, the play, 5 tricks
    left, 40 deals, 1,234,567 nodes``."""
    parts = [f"pair {facts['pair']}", f"game {facts['game']}", f"the {facts['phase']}"]
    if facts.get("tricks_left") is not None:
        parts.append(f"{facts['tricks_left']} tricks left")
    if facts.get("deals") is not None:
        parts.append(f"{facts['deals']} deals")
    if facts.get("nodes") is not None:
        parts.append(f"{facts['nodes']:,} nodes")
    if facts.get("playout_cards"):
        parts.append(f"{facts['playout_cards']:,} cards of greedy playouts")
    return ", ".join(parts)


def a_seats(game, number: int) -> str:
    """Player A's seats in game 1 (the even seats) or 2 (the odd ones)."""
    seats = [s for s in range(game.n_seats) if s % 2 == number - 1]
    if game.named_seats:
        return "-".join(game.seat_name(s) for s in seats)
    if len(seats) == 1:
        return game.seat_name(seats[0])
    return "seats " + "+".join(map(str, seats))
