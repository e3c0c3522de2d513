"""Signals between bridge defenders, hard: count (``signals=P``) and
equal cards (``equals=1``).

What hard's bridge defence lacks is its partner's hand: a defender that
sees it wins nearly all that seeing every card would (the yardstick
``sees_all``, docs/STRENGTH.md). Human defenders tell it by agreement;
this is the plainest one, standard count. A defender following
for the first time to a suit led, when two or more of its small cards
(2 to 9) that do not beat the trick are worth its best on the deals it
drew, plays the highest of them with an even number of cards in the suit,
the lowest with an odd number. Its partner reads it: a drawn deal where
the partner's holding would have given another card weighs ``P`` percent
(a signal is only given when it costs nothing the deals can see, so its
absence proves little). Declarers neither give nor read it.

Equal cards (``equals=1``): of cards that are equal in a defender's hand
(one suit, next to each other among the suit's cards not yet gathered in
a trick), it leads the highest (the top of a sequence) and otherwise plays
the lowest, as human defenders agree. Equal cards are worth the same on
every deal, so this costs nothing; and every such card tells the partner
one card it does not hold: the one just above a lead, just below any other
card. The partner's sampler leaves that card out of the defender's hand.
"""

from __future__ import annotations

from atout.engine.bridge import trick_strength
from atout.engine.cards import suit_of

#: the highest small card a count signal plays (position 7: the nine)
SPOT_MAX = 7


def beats(trick, card, trump) -> bool:
    """Would ``card`` win the trick under way, as it stands?"""
    led = suit_of(trick[0])
    return trick_strength(card, led, trump) > max(trick_strength(c, led, trump) for c in trick)


def signal_cards(trick, hand, suits_played, trump, cards) -> list:
    """Of ``cards`` (a defender's, to play to ``trick``), those a count
    signal may play, or [] when it has no signal to give: it follows to the
    suit led, not played before (``suits_played``: the suits it has played
    to); the cards are its small ones of the suit that do not beat the trick."""
    if not trick:
        return []
    led = suit_of(trick[0])
    if led in suits_played or not any(suit_of(c) == led for c in hand):
        return []
    return sorted(c for c in cards if suit_of(c) == led and (c & 15) <= SPOT_MAX and not beats(trick, c, trump))


def count_card(cards, holding: int):
    """Standard count: the highest card with an even number in the suit,
    the lowest with an odd one."""
    return max(cards) if holding % 2 == 0 else min(cards)


def length_in(hand, suit) -> int:
    return sum(1 for c in hand if suit_of(c) == suit)


def signal(trick, hand, suits_played, trump, tied) -> int | None:
    """The count signal among ``tied`` (the defender's cards worth its
    best), or None when it has none to give."""
    cards = signal_cards(trick, hand, suits_played, trump, tied)
    if len(cards) < 2:
        return None
    return count_card(cards, length_in(hand, suit_of(trick[0])))


class SignalInference:
    """A defender's reading of its partner's count signals: a drawn deal
    weighs ``slip`` for each signal the partner's holding there would not
    have given (``state_and_weight(full, played, contract)``, as
    ``PlayInference``'s)."""

    def __init__(self, game, seat: int, slip: float):
        self.game = game
        self.partner = (seat + 2) % 4
        self.slip = float(slip)

    def state_and_weight(self, full, played, contract) -> tuple:
        state = self.game.new_state(full, **contract)
        weight = 1.0
        suits_played: set = set()
        for card in played:
            if state.to_play == self.partner:
                hand = state.hands[self.partner]
                cards = signal_cards(state.trick, hand, suits_played, state.trump, hand)
                if len(cards) >= 2 and card in cards \
                        and card != count_card(cards, length_in(hand, suit_of(card))):
                    weight *= self.slip
                suits_played.add(suit_of(card))
            state.play(card)
        return state, weight


# -- equal cards: the top of a sequence led, the lowest of equals otherwise --------

def live_cards(game, suit, gone) -> list:
    """The suit's cards not gathered in a trick (``gone``), lowest first."""
    return sorted(c for c in game.deck.cards if suit_of(c) == suit and c not in gone)


def equal_cards(game, card, hand, gone) -> list:
    """The cards of ``hand`` equal to ``card`` (itself included): of its
    suit, next to it among the cards not gathered in a trick."""
    live = live_cards(game, suit_of(card), gone)
    i = j = live.index(card)
    while i > 0 and live[i - 1] in hand:
        i -= 1
    while j + 1 < len(live) and live[j + 1] in hand:
        j += 1
    return live[i:j + 1]


def conventional_card(game, card, hand, gone, leading: bool) -> int:
    """The card the agreement plays from ``card``'s equals: the highest
    when leading, else the lowest."""
    equals = equal_cards(game, card, hand, gone)
    return equals[-1] if leading else equals[0]


def denied_card(game, card, gone, leading: bool):
    """The card a defender's ``card`` says it does not hold (just above a
    lead, just below any other card, among those not gathered), or None."""
    live = live_cards(game, suit_of(card), gone)
    i = live.index(card) + (1 if leading else -1)
    return live[i] if 0 <= i < len(live) else None


def equals_denied(game, played, players, seat: int, per_trick: int = 4) -> set:
    """The cards ``seat`` is known not to hold by the agreement on equal
    cards, from the cards it played (``players``: the seat of each card of
    ``played``)."""
    denied = set()
    for i, (card, who) in enumerate(zip(played, players)):
        if who != seat:
            continue
        start = i - i % per_trick
        other = denied_card(game, card, set(played[:start]), i == start)
        if other is not None:
            denied.add(other)
    return denied - set(played)
