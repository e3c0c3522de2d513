"""`atout play` (one deal in the terminal against the computer players) and
`atout match` (a duplicate match between two players)."""

from __future__ import annotations

import json
import os

import click

from atout.engine import GAME_NAMES, AtoutError, RuleError, get_game
from atout.engine.cards import suit_of

from .format import jsonable, progress_reporter
from .options import SCHEDULER_OPTION, SECONDS

GAME = click.option("--game", "-g", "game_name", required=True,
                    type=click.Choice(GAME_NAMES, case_sensitive=False), help="The game.")
LEVEL_NAMES = ("random", "easy", "medium", "hard")
PARTNER_GAMES = ("tarocco", "belote", "smear", "bridge")


def round_options(game: str, widow, contract, declarer, variant) -> dict:
    """The Round options of the command line, each only for its game."""
    options = {}
    if widow is not None:
        if game != "smear":
            raise RuleError(f"--widow does not apply to {game} (only smear has a widow)")
        options["widow"] = widow
    if contract is not None or declarer is not None:
        if game != "bridge":
            raise RuleError(f"--contract and --declarer apply to bridge only, not {game}")
        if contract is not None:
            text = contract.strip().upper()
            if len(text) < 2 or not text[0].isdigit() or not 1 <= int(text[0]) <= 7 \
                    or text[1:] not in ("C", "D", "H", "S", "NT"):
                raise RuleError(f"contract {contract!r}: a level 1..7 and a strain C, D, H, S or NT (e.g. 4S)")
            options.update(level=int(text[0]), strain=text[1:])
        if declarer is not None:
            options["declarer"] = declarer.upper()
    if variant is not None:
        if game != "belote":
            raise RuleError(f"--variant applies to belote only, not {game}")
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
        raise RuleError(f"cannot save to {path}: {exc.strerror or exc}") from None


def read_save(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise RuleError(f"cannot read save file {path}: {exc.strerror or exc}") from None
    except ValueError:
        raise RuleError(f"cannot read save file {path}: not a saved atout game") from None
    if not isinstance(data, dict) or "round" not in data or "seat" not in data:
        raise RuleError(f"cannot read save file {path}: not a saved atout game")
    return data


class Table:
    """One deal in the terminal: the Round, the human's seat and the bots."""

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
        from atout.players import make_player
        self.bots = {}
        for s in range(self.round.n_seats):
            if s == self.seat:
                continue
            level = self.level
            if self.partner_level and s % 2 == self.seat % 2:
                level = self.partner_level
            self.bots[s] = make_player(self.game.name, level, seed=self.seed * 10 + s, think=self.think)

    def is_mine(self) -> bool:
        return self.round.to_act == self.seat

    def card_text(self, card) -> str:
        return self.deck.token(card)

    # -- display ----------------------------------------------------------------
    def show_hand(self, view) -> None:
        legal = {a.value for a in view.legal if a.kind in ("card", "discard")}
        dummy = view.public.get("dummy")
        for_dummy = view.acting_for is not None and view.acting_for != self.seat and dummy is not None
        if dummy is not None:
            click.echo("dummy: " + self.by_suit(dummy, legal if for_dummy else set()))
        mine = set() if for_dummy else legal
        click.echo("your hand: " + self.by_suit(view.hand, mine) + ("   (* = legal)" if legal else ""))
        if self.game.name == "tarot2":
            for player, tops in enumerate(view.public["face_up"]):
                marks = set() if player != self.seat else legal
                click.echo(f"face-up piles of player {player}: "
                           + " ".join(self.card_text(c) + ("*" if c in marks else "") for _, c in tops))
        for key, cards in view.private.items():
            if cards:
                click.echo(f"your {key}: {self.deck.format_cards(cards)}")

    def by_suit(self, cards, legal) -> str:
        groups: dict = {}
        for c in sorted(cards, reverse=True):
            groups.setdefault(suit_of(c), []).append(self.card_text(c) + ("*" if c in legal else ""))
        return "  ".join(" ".join(g) for _, g in sorted(groups.items()))

    def show_new_tricks(self) -> None:
        state = self.round.state
        if state is None:
            return
        from atout.players import points, trump_suit
        view = self.round.view(self.seat)
        trump = trump_suit(view)
        for number in range(self.shown_tricks, len(state.tricks)):
            t = state.tricks[number]
            cards = " ".join(f"{self.card_text(c)}" for c in t.cards)
            worth = sum(points(self.game.name, c, trump) for c in t.cards)
            extra = f", {worth:g} points" if self.game.name != "bridge" else ""
            click.echo(f"trick {number + 1}: {cards} (led by seat {t.leader}) won by seat {t.winner}{extra}")
        self.shown_tricks = len(state.tricks)
        if state.tricks:
            click.echo("points so far: " + self.running_points(view))

    def running_points(self, view) -> str:
        from atout.players import points, trump_suit
        state = self.round.state
        trump = trump_suit(view)
        if self.game.name == "bridge":
            return f"tricks: N-S {state.tricks_won(0)}, E-W {state.tricks_won(1)}"
        by_seat = [0.0] * self.round.n_seats
        for t in state.tricks:
            by_seat[t.winner] += sum(points(self.game.name, c, trump) for c in t.cards)
        if self.game.name in ("tarot", "tarot2"):
            return ", ".join(f"seat {s} {p:g}" for s, p in enumerate(by_seat))
        return f"seats 0+2 {by_seat[0] + by_seat[2]:g}, seats 1+3 {by_seat[1] + by_seat[3]:g}"

    def show_situation(self) -> None:
        view = self.round.view(self.seat)
        click.echo("")
        if view.auction:
            click.echo("auction: " + ", ".join(f"{s}:{t}" for s, t in view.auction))
        public = {k: v for k, v in view.public.items() if v not in ({}, (), None)}
        for key, value in public.items():
            if key in ("piles", "face_up", "dummy", "handfuls"):
                continue          # the piles and the dummy are drawn with the hand, handfuls announced
            if key == "turned":
                value = self.card_text(value)
            elif isinstance(value, (list, tuple)):
                value = self.deck.format_cards(value)
            click.echo(f"{key}: {value}")
        for s, what, detail in view.announcements:
            click.echo(f"seat {s} announced {what} {detail}".rstrip())
        leader, cards = view.trick
        if cards:
            click.echo("on the table: " + ", ".join(f"seat {(leader + i) % self.round.n_seats} "
                                                    f"{self.card_text(c)}" for i, c in enumerate(cards)))
        self.show_hand(view)
        if view.phase != "play" or any(a.kind != "card" for a in view.legal):
            click.echo(f"{view.phase}: choose one of " + " ".join(a.token for a in view.legal))

    # -- commands ---------------------------------------------------------------
    def hint(self) -> None:
        view = self.round.view(self.seat)
        if view.phase != "play":
            from atout.players import make_player
            suggestion = make_player(self.game.name, "easy", seed=self.seed).decide(view)
            click.echo(f"hint: the easy player's rule suggests {suggestion.token}")
            return
        from atout.players import SearchPlayer
        values = SearchPlayer(self.game.name, self.seed, level="medium").card_values(view)
        click.echo("hint: each legal card's mean value for you over sampled deals "
                   "(the game's objective, higher is better):")
        for card, value in sorted(values.items(), key=lambda cv: -cv[1]):
            click.echo(f"  {self.card_text(card):>4} {value:8.1f}")

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
        click.echo(f"saved to {path}")

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
            action = self.bots[seat].decide(self.round.view(seat))
            self.apply(action)
            phase_word = "plays" if action.kind == "card" else "chooses"
            who = f"seat {seat}"
            if action.kind == "discard":
                click.echo(f"{who} discards a card")
            else:
                click.echo(f"{who} {phase_word} {action.token}")
            self.show_new_tricks()

    def run(self, prompt) -> None:
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
                click.echo("commands: a card or a bid, hint, level LEVEL, undo, save FILE, quit")
                continue
            if command == "hint":
                self.hint()
                continue
            if command == "undo":
                self.undo()
                continue
            if command == "level":
                if len(words) != 2 or words[1].lower() not in LEVEL_NAMES:
                    click.echo(f"level: choose one of {', '.join(LEVEL_NAMES)}")
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
                click.echo(f"{exc}; try again (help lists the commands)")
                continue
            self.show_new_tricks()
            self.bots_play()
        self.show_score()

    def show_score(self) -> None:
        score = self.round.score()
        click.echo("")
        if score.get("void"):
            click.echo("everybody passed: the deal is void" + (" (the same dealer redeals)" if score.get("redeal") else ""))
            return
        click.echo("the deal is over. score: " + json.dumps(jsonable(score)))
        mine = self.round.seat_result(self.seat)
        click.echo(f"your result: {mine:+g}")


@click.command()
@GAME
@click.option("--level", type=click.Choice(LEVEL_NAMES, case_sensitive=False), default="medium",
              show_default=True, help="Level of the computer players.")
@click.option("--partner-level", type=click.Choice(LEVEL_NAMES, case_sensitive=False), default=None,
              help="Level of your partner (games with partners: tarocco, belote, smear, bridge).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Seed of the deal and of the players.")
@click.option("--think", type=SECONDS, default=None, help="Seconds the medium/hard players may think per decision.")
@click.option("--resume", type=str, default=None, help="Go on with a game saved with `save FILE`.")
@with_round_options
def play(game_name, level, partner_level, seat, seed, think, resume, widow, bridge_contract, declarer, variant):
    """Play one deal in the terminal against the computer players, with
    computer partners where the game has partners, from the auction (or the
    deal) to the score. At the prompt: a card (e.g. SK) or a bid, `hint`,
    `level X`, `undo`, `save FILE`, `quit`. Bridge plays a given contract
    (--contract, --declarer): atout does not bid bridge."""
    from atout.engine.round import Round
    game = get_game(game_name)
    if think is not None and think <= 0:
        raise RuleError(f"think {think}: give a number of seconds above 0")
    if partner_level and game.name not in PARTNER_GAMES:
        raise RuleError(f"{game.name} has no partners: --partner-level applies to {', '.join(PARTNER_GAMES)}")
    if resume:
        data = read_save(resume)
        try:
            rnd = Round.from_dict(data["round"])
            seat, level, seed = int(data["seat"]), str(data.get("level", level)), int(data.get("seed", 0))
        except (AtoutError, TypeError, ValueError) as exc:
            raise RuleError(f"cannot read save file {resume}: {exc}") from None
        if rnd.game.name != game.name:
            raise RuleError(f"save file {resume} holds a {rnd.game.name} game, not {game.name}")
        think = data.get("think", think)
        partner_level = data.get("partner_level", partner_level)
    else:
        options = round_options(game.name, widow, bridge_contract, declarer, variant)
        rnd = Round.new(game.name, seed=seed, **options)
    if not 0 <= seat < rnd.n_seats:
        raise RuleError(f"seat {seat}: a {game.name} seat is 0..{rnd.n_seats - 1}")
    if game.name == "bridge" and rnd.state is not None and seat == (rnd._driver.declarer + 2) % 4:
        raise RuleError(f"seat {seat} is the dummy: sit at another seat (the declarer plays the dummy)")
    table = Table(rnd, seat, level.lower(), seed, think, partner_level)
    if resume:
        table.actors = list(data.get("actors") or [])
        if len(table.actors) != len(rnd.actions):
            table.actors = []
        click.echo(f"resumed {resume}")
    click.echo(f"{game.title}: you are seat {seat}; the computer players are {table.level}.")
    table.run(lambda: input("> "))


# ---------------------------------------------------------------------------
# atout match
# ---------------------------------------------------------------------------

@click.command()
@GAME
@click.option("--players", required=True, help="Two players A,B: levels (random, easy, medium, hard), "
                                                "optionally with options, e.g. hard,medium:samples=20 "
                                                "(samples, max_nodes, exact_tricks, decision_nodes, "
                                                "bid_samples, playout_to, playout_nodes).")
@click.option("--deals", type=int, default=100, show_default=True, help="Deal pairs (each played twice).")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Seed of the deals and players.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes.")
@click.option("--think", type=SECONDS, default=None, help="Seconds per decision of the search levels.")
@SCHEDULER_OPTION
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@with_round_options
def match(game_name, players, deals, seed, workers, think, scheduler, as_json, widow, bridge_contract,
          declarer, variant):
    """A duplicate match: each deal is played twice with the seats exchanged
    (A holds in the second game the cards B held in the first), so the luck
    of the deal cancels. Reports each pair's difference (A's result minus
    B's with the same cards, in the game's points; bridge: tricks), their
    mean with a 95% confidence interval, wins, draws and losses, and each
    player's median and slowest decision time. Ctrl-C stops with the pairs
    finished. Bridge plays a given contract (atout does not bid bridge)."""
    from atout.players import run_match
    game = get_game(game_name)
    if deals < 1:
        raise RuleError(f"--deals {deals}: play at least one deal pair")
    if workers < 1:
        raise RuleError(f"--workers {workers}: use at least one")
    if think is not None and think <= 0:
        raise RuleError(f"think {think}: give a number of seconds above 0")
    options = round_options(game.name, widow, bridge_contract, declarer, variant)
    report, close = progress_reporter("deal pairs")
    try:
        result = run_match(game.name, players, deals=deals, seed=seed, workers=workers, think=think,
                           options=options, progress=report, scheduler=scheduler)
    finally:
        close()
    interval = result.mean_interval()
    won, drawn, lost = result.record()
    times = {who: result.times(who) for who in ("A", "B")}
    if as_json:
        click.echo(json.dumps({
            "game": result.game, "players": [result.a, result.b], "seed": seed,
            "pairs": len(result.pairs), "pairs_requested": deals, "interrupted": result.interrupted,
            "differences": [p.difference for p in result.pairs],
            "mean": interval and interval[0],
            "ci95": None if interval is None or len(result.pairs) < 2 else [interval[1], interval[2]],
            "wins": won, "draws": drawn, "losses": lost,
            "decision_seconds": {name: {"median": times[who][0], "slowest": times[who][1], "decisions": times[who][2]}
                                 for who, name in (("A", result.a), ("B", result.b))},
            "seconds": round(result.seconds, 3),
        }))
        return
    click.echo(f"{result.game}: {result.a} (A) against {result.b} (B), {len(result.pairs)} of {deals} "
               f"deal pairs, seed {seed}" + ("  [interrupted]" if result.interrupted else ""))
    for p in result.pairs:
        click.echo(f"  pair {p.index:>4}: A {p.results[0]:+g} / {p.results[1]:+g}  difference {p.difference:+g}")
    if interval is not None:
        if len(result.pairs) >= 2:
            click.echo(f"mean difference (A - B): {interval[0]:+.2f}, 95% interval "
                       f"[{interval[1]:+.2f}, {interval[2]:+.2f}]")
        else:
            click.echo(f"mean difference (A - B): {interval[0]:+.2f} (one pair: no interval)")
    click.echo(f"A won {won}, drew {drawn}, lost {lost} deal pairs")
    for who, name in (("A", result.a), ("B", result.b)):
        median, slowest, n = times[who]
        if n:
            click.echo(f"decision time of {name} ({who}): median {median * 1000:.1f} ms, "
                       f"slowest {slowest * 1000:.1f} ms over {n} decisions")
