"""What `atout play`'s human sees of the deal: the hand (and the dummy, the
piles), the tricks as they end with the running count, the auction and the
contract, the prompt's line, why a typed choice was refused, and the score:
the display half of ``cli.play.Table``, which holds the round, the seat and
the bots."""

from __future__ import annotations

import click

from atout.engine import AtoutError
from atout.engine.cards import suit_of
from atout.engine.words import announcement_sentence, call_label, contract_sentences, number, plural, \
    score_sentences

from .format import card_text


def in_hand_order(cards) -> list:
    """Cards as a hand shows them: suit by suit, the strongest first."""
    return sorted(cards, key=lambda c: (suit_of(c), -c))


class TableScreen:
    """The display of a ``Table`` (its ``round``, ``game``, ``deck``,
    ``seat``, ``names`` and ``shown_tricks``, the tricks already shown)."""

    def card_text(self, card) -> str:
        return card_text(self.deck, card, for_people=True)

    def show_hand(self, view) -> None:
        legal = {a.value for a in view.legal if a.kind in ("card", "discard")}
        dummy = view.public.get("dummy")
        for_dummy = view.acting_for is not None and view.acting_for != self.seat and dummy is not None
        if dummy is not None:
            click.echo("dummy: " + self.by_suit(dummy, legal if for_dummy else set()))
        mine = set() if for_dummy else legal
        hand = self.by_suit(view.hand, mine) or "(empty)"
        click.echo("your hand: " + hand + ("   (* = legal)" if mine & set(view.hand) else ""))
        if "face_up" in view.public:      # piles beside the hand (tarot2)
            self.show_piles(view, legal)
        for key, cards in view.private.items():
            if cards:
                click.echo(f"your {key.replace('_', ' ')}: {self.cards(in_hand_order(cards))}")

    def show_piles(self, view, legal) -> None:
        """tarot2: each player's six piles apart from the hand: the face-up
        top, how many cards lie face down under it."""
        played = set(view.played)
        for player in (self.seat, 1 - self.seat):
            tops = dict(view.public["face_up"][player])
            shown = []
            for k, pile in enumerate(view.public["piles"][player]):
                left = sum(1 for c in pile if c not in played) if None not in pile else \
                    len(pile) - sum(1 for c in pile if c is not None and c in played)
                if k in tops:
                    mark = "*" if player == self.seat and tops[k] in legal else ""
                    under = left - 1
                    shown.append(self.card_text(tops[k]) + mark + (f" (+{under} face down)" if under else ""))
                elif left:
                    shown.append(f"({left} face down)")
                else:
                    shown.append("(empty)")
            whose = "your piles" if player == self.seat else f"{self.names.seat(player)}'s piles"
            click.echo(f"{whose}: " + ", ".join(shown))

    def cards(self, cards) -> str:
        return " ".join(self.card_text(c) for c in cards)

    def by_suit(self, cards, legal) -> str:
        groups: dict = {}
        for c in sorted(cards, reverse=True):
            groups.setdefault(suit_of(c), []).append(self.card_text(c) + ("*" if c in legal else ""))
        return "  ".join(" ".join(g) for _, g in sorted(groups.items()))

    def show_new_tricks(self) -> None:
        state = self.round.state
        if state is None:
            return
        names = self.names
        from atout.players import points, trump_suit
        trump = trump_suit(self.round.view(self.seat))
        for index in range(self.shown_tricks, len(state.tricks)):
            t = state.tricks[index]
            worth = sum(points(self.game.name, c, trump) for c in t.cards)
            extra = f", {worth:g} in its cards" if not self.game.every_trick_counts else ""
            click.echo(f"trick {index + 1}: {self.cards(t.cards)} (led by {names.seat(t.leader)}), "
                       f"won by {names.seat(t.winner)}{extra}")
        if len(state.tricks) > self.shown_tricks:
            click.echo(self.running_points())
        self.shown_tricks = len(state.tricks)

    def running_points(self) -> str:
        """What each side has won so far, counted as the score counts it
        (``points_so_far``): the Excuse with its owner, the last trick's 10,
        and at the end the dog or the discard, so that the last line agrees
        with the score."""
        state = self.round.state
        names = self.names
        sides = range(2)
        text = ", ".join(f"{names.side(s)} {number(p)}" for s, p in zip(sides, state.points_so_far()))
        return f"{state.points_unit} so far: {text}{state.points_note()}"

    def show_situation(self) -> None:
        view = self.round.view(self.seat)
        names = self.names
        click.echo("")
        if view.auction:
            click.echo("auction: " + ", ".join(f"{names.seat(s)}: {call_label(self.game.name, t)}"
                                               for s, t in view.auction))
        for line in contract_sentences(self.game, view.public, names):
            click.echo(line)
        for s, what, detail in view.announcements:
            if what != "trump":              # said with the contract
                click.echo(announcement_sentence(self.game, s, what, detail, names))
        leader, cards = view.trick
        if cards:
            click.echo("on the table: " + ", ".join(f"{names.seat((leader + i) % self.round.n_seats)} "
                                                    f"{self.card_text(c)}" for i, c in enumerate(cards)))
        self.show_hand(view)
        if view.phase == "discard":
            click.echo(self.discard_prompt(view))
        elif view.phase != "play" or any(a.kind != "card" for a in view.legal):
            click.echo(f"{self.phase_word(view)}: choose one of "
                       + ", ".join(call_label(self.game.name, a.token) for a in view.legal))
        elif view.to_act == self.seat:
            whose = "the dummy's" if view.acting_for not in (None, self.seat) else "your"
            click.echo(f"{whose} turn: play a card marked * (e.g. {self.card_text(view.legal[0].value)})")

    def why_not(self, text: str, exc) -> str:
        """Why a typed card or call was refused, the choices in their display
        form."""
        legal = self.round.legal_actions()
        if not legal or legal[0].kind not in ("card", "discard"):
            return f"{text!r} is not a choice now: choose one of " + ", ".join(
                call_label(self.game.name, a.token) for a in legal)
        cards = self.cards(in_hand_order(a.value for a in legal))
        verb = "put aside" if legal[0].kind == "discard" else "play"
        try:
            card = self.deck.parse_card(text)
        except AtoutError:
            return f"unknown card {text!r}: {verb} one of {cards}"
        view = self.round.view(self.seat)
        holding = set(view.hand) | set(view.public.get("dummy") or ()) | \
            {c for _, c in (view.public.get("face_up") or ((), ()))[self.seat]}
        if card not in holding:
            return f"you do not hold {self.card_text(card)}: {verb} one of {cards}"
        return f"you may not {verb} {self.card_text(card)} now: {verb} one of {cards}"

    def phase_word(self, view) -> str:
        return {"auction": "your call", "trump": "choose the trumps", "declare": "your declaration"}.get(
            view.phase, view.phase)

    def discard_prompt(self, view) -> str:
        """The discard explained: how many cards in all, one at a time, how
        many are left, and the rule that limits them."""
        total = self.game.discard_size
        if total is None:
            total = view.public.get("widow", 0)
        left = total - len(view.private.get("discard", ()))
        rule = self.game.discard_rule
        return (f"put {plural(total, 'card')} aside, one card at a time: {left} still to choose"
                + (f" ({rule})" if rule else "") + ". Type one card marked *.")

    def show_score(self) -> None:
        score = self.round.score()
        click.echo("")
        click.echo("the deal is over.")
        for line in score_sentences(self.round.state, score, self.seat):
            click.echo(line)
