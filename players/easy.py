"""``easy``: the card play by rules of thumb (win a trick cheaply, follow
low, give points to a partner who wins, save points otherwise; lead a sure
winner, else low from the longest side suit), a millisecond or so a
decision; every other decision by ``rules.rule_call``.
"""

from __future__ import annotations

from atout.engine import get_game
from atout.engine.cards import FOOL, position_of, suit_of

from .base import Player
from .cards import led_suit, points, strength, trump_suit, winning_position
from .rules import rule_call

class EasyPlayer(Player):
    level = "easy"

    def choose(self, view):
        if view.phase == "play":
            return self.play_card(view)
        return rule_call(view)

    # -- the play -----------------------------------------------------------------
    def play_card(self, view):
        game = view.game
        trump = trump_suit(view)
        me = view.acting_for if view.acting_for is not None else view.seat
        leader, cards = view.trick
        legal = [a.value for a in view.legal]
        rules = get_game(game)
        n = rules.n_seats
        partners = self.partners(view, me)

        def worth(c):
            return points(game, c, trump)

        def low_key(c):
            # cheap first: few points, weak, trumps last, the fool kept
            return (c == FOOL, trump is not None and suit_of(c) == trump, worth(c), position_of(c), c)

        if not cards:
            return self.lead(view, legal, trump, low_key, worth)
        led = led_suit(cards)
        best = winning_position(game, list(cards), trump)
        winner = (leader + best) % n
        top = strength(game, cards[best], led, trump) if led is not None else -1
        last = len(cards) == n - 1
        if winner in partners and (last or top >= 100 or self.sure(view, cards[best], trump)):
            # partner wins: give points, but no trump for nothing
            plain = [c for c in legal if c != FOOL and not (trump is not None and suit_of(c) == trump)]
            pool = plain or legal
            return self.action(view, max(pool, key=lambda c: (worth(c), -position_of(c), -c)))
        if led is None:   # the fool was led alone
            return self.action(view, min(legal, key=low_key))
        winners = [c for c in legal if strength(game, c, led, trump) > top]
        trick_points = sum(worth(c) for c in cards)
        if winners and (last or trick_points > 0 or rules.every_trick_counts or len(winners) == len(legal)):
            return self.action(view, min(winners, key=lambda c: (strength(game, c, led, trump), worth(c))))
        return self.action(view, min(legal, key=low_key))

    def partners(self, view, me) -> set:
        return get_game(view.game).partners(me, view.public)

    def sure(self, view, card, trump) -> bool:
        """Is the card the best still out of its kind (no higher card unseen)?"""
        game = view.game
        seen = set(view.played) | set(view.hand)
        deck = get_game(game).deck.cards
        led = suit_of(card)
        s = strength(game, card, led, trump)
        return not any(strength(game, c, led, trump) > s for c in deck if c not in seen)

    def lead(self, view, legal, trump, low_key, worth):
        game = view.game
        # a sure winner first (aces and masters), else low from the longest side suit
        plain = [c for c in legal if c != FOOL and (trump is None or suit_of(c) != trump)]
        masters = [c for c in plain if self.sure(view, c, trump)]
        if masters:
            return self.action(view, max(masters, key=lambda c: (worth(c), c)))
        if get_game(game).first_lead_names_trump and trump is None:
            # the first lead names the trump: the longest suit, its best card
            by_suit: dict = {}
            for c in legal:
                by_suit.setdefault(suit_of(c), []).append(c)
            suit = max(by_suit, key=lambda s: (len(by_suit[s]), max(by_suit[s])))
            return self.action(view, max(by_suit[suit]))
        pool = plain or legal
        lengths = {s: sum(1 for c in view.hand if suit_of(c) == s) for s in {suit_of(c) for c in pool}}
        suit = max(lengths, key=lambda s: (lengths[s], -s))
        return self.action(view, min((c for c in pool if suit_of(c) == suit), key=low_key))

    def action(self, view, card):
        return next(a for a in view.legal if a.value == card)
