"""Computer players: one protocol for every game and every decision.

``make_player(game, level, seed=0, think=None, **options)`` gives a player
whose ``decide(view)`` returns one of ``view.legal`` (an
``engine.round.Action``). A player sees a ``View`` (``engine/round.py``):
its own cards, the public cards, the auction, the announcements and the cards
played; never the full deal. Its choice depends only on the view and its
seed (the random draws of a decision are seeded by the seed and the view), so
two deals that look the same from a seat get the same decision.

Levels:

* ``random``: a uniformly random legal decision (the baseline);
* ``easy``: rules of thumb (bid on trumps and high cards; discard cheap cards
  and short suits; win a trick cheaply, follow low, give points to a partner
  who wins, save points otherwise), a millisecond or so a decision;
* ``medium`` and ``hard``: perfect-information Monte Carlo (see
  ``solver/player_search.py``).

``think`` (seconds) is the time budget of a search level's decision; without
it the budget is counted in samples and nodes, so the choice does not depend
on the machine's speed.
"""

from __future__ import annotations

import random

from atout.engine import get_game
from atout.engine.cards import FOOL, TRUMPS, position_of, suit_of
from atout.engine.errors import RuleError

LEVELS = ("random", "easy", "medium", "hard")


def parse_level(level) -> str:
    key = str(level).strip().lower()
    if key not in LEVELS:
        raise RuleError(f"unknown level {level!r}: levels are {', '.join(LEVELS)}")
    return key


def make_player(game, level, seed: int = 0, think: float | None = None, **options):
    """A player of ``game`` (a name or Game) at ``level``; ``options`` tune a
    search level (``samples``, ``max_nodes``)."""
    game_name = game if isinstance(game, str) else game.name
    game_name = get_game(game_name).name
    level = parse_level(level)
    if think is not None and not float(think) > 0:
        raise RuleError(f"think {think!r}: the time budget is a number of seconds above 0")
    if level == "random":
        return RandomPlayer(game_name, seed)
    if level == "easy":
        return EasyPlayer(game_name, seed)
    from .player_search import SearchPlayer
    return SearchPlayer(game_name, seed, level=level, think=think, **options)


def view_key(view) -> str:
    """A text that names the decision point of a view (and only what the view
    holds): the seed of a decision's random draws."""
    return "|".join([view.game, str(view.seat), view.phase, ",".join(map(str, view.hand)),
                     ",".join(f"{s}:{t}" for s, t in view.auction),
                     ",".join(f"{s}:{c}" for s, c in view.plays),
                     ",".join(a.token for a in view.legal)])


class Player:
    """Base: ``decide(view)`` -> one of ``view.legal``."""

    level = ""

    def __init__(self, game_name: str, seed: int = 0):
        self.game_name = game_name
        self.game = get_game(game_name)
        self.seed = int(seed)

    def rng(self, view) -> random.Random:
        return random.Random(f"atout/player/{self.level}/{self.seed}/{view_key(view)}")

    def decide(self, view):
        if not view.legal:
            raise RuleError(f"seat {view.seat} has no decision to make now")
        if len(view.legal) == 1:
            return view.legal[0]
        return self.choose(view)

    def choose(self, view):
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_name} {self.level} seed={self.seed}>"


class RandomPlayer(Player):
    level = "random"

    def choose(self, view):
        return self.rng(view).choice(view.legal)


# ---------------------------------------------------------------------------
# Tricks from a view: who wins, what a card is worth
# ---------------------------------------------------------------------------

SUITS = "SHDC"


def trump_suit(view):
    """The trump suit of the play (TRUMPS for the tarot games, a suit 0..3,
    or None: no trump / not fixed yet)."""
    if view.game in ("tarot", "tarot2", "tarocco"):
        return TRUMPS
    public = view.public
    if view.game == "bridge":
        strain = public.get("strain", "NT")
        return SUITS.index(strain) if strain in SUITS else None
    letter = public.get("trump")
    return SUITS.index(letter) if letter else None


def led_suit(cards):
    for c in cards:
        if c != FOOL:
            return suit_of(c)
    return None


def strength(game: str, card, led, trump) -> int:
    """A card's rank in a trick led in ``led``: trumps above the suit led,
    other cards -1 (they cannot win), the fool -2."""
    if card == FOOL:
        return -2
    if trump is not None and suit_of(card) == trump:
        if game == "belote":
            from atout.engine.belote import trump_strength
            return 100 + trump_strength(card)
        return 100 + position_of(card)
    if suit_of(card) == led:
        return position_of(card)
    return -1


def points(game: str, card, trump) -> float:
    """What a card is worth to the side that wins it (in the game's points;
    bridge cards are worth nothing but the trick)."""
    table = _POINTS.get((game, trump))
    if table is None:
        table = _POINTS[(game, trump)] = {c: _card_points(game, c, trump) for c in get_game(game).deck.cards}
    return table[card]


_POINTS: dict = {}


def _card_points(game: str, card, trump) -> float:
    if game in ("tarot", "tarot2"):
        from atout.engine.tarot_scoring import card_half_points
        return card_half_points(card) / 2
    if game == "tarocco":
        from atout.engine.tarocco import card_points
        return card_points(card)
    if game == "belote":
        from atout.engine.belote import card_points
        return card_points(card, 0 if trump is None else trump)
    if game == "smear":
        from atout.engine.smear import game_points
        bonus = 0
        if trump is not None and suit_of(card) == trump and position_of(card) == 4:
            bonus = 20          # the jack of trumps is a point of its own
        return game_points([card]) + bonus
    return 0.0


def winning_position(game, cards, trump) -> int | None:
    """Index of the card winning a (partial) trick, None when empty."""
    if not cards:
        return None
    led = led_suit(cards)
    return max(range(len(cards)), key=lambda i: strength(game, cards[i], led, trump))


# ---------------------------------------------------------------------------
# Easy: rules of thumb
# ---------------------------------------------------------------------------

class EasyPlayer(Player):
    level = "easy"

    def choose(self, view):
        phase = view.phase
        if phase == "play":
            return self.play_card(view)
        handler = getattr(self, f"{view.game}_{phase}", None)
        if handler is None:
            return view.legal[0]
        choice = handler(view)
        for action in view.legal:
            if action.token.lower() == str(choice).lower() or action.value == choice:
                return action
        return view.legal[0]

    # -- the play -----------------------------------------------------------------
    def play_card(self, view):
        game = view.game
        trump = trump_suit(view)
        me = view.acting_for if view.acting_for is not None else view.seat
        leader, cards = view.trick
        legal = [a.value for a in view.legal]
        n = get_game(game).n_seats
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
        if winners and (last or trick_points > 0 or game == "bridge" or len(winners) == len(legal)):
            return self.action(view, min(winners, key=lambda c: (strength(game, c, led, trump), worth(c))))
        return self.action(view, min(legal, key=low_key))

    def partners(self, view, me) -> set:
        if view.game in ("belote", "smear", "tarocco", "bridge"):
            return {me, (me + 2) % 4}
        if view.game == "tarot":
            taker = view.public.get("taker")
            if taker is None or me == taker:
                return {me}
            return {s for s in range(4) if s != taker}
        return {me}

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
        if game == "smear" and trump is None:
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

    # -- tarot --------------------------------------------------------------------
    def tarot_auction(self, view):
        from atout.engine.tarot_scoring import OUDLERS
        hand = view.hand
        trumps = sum(1 for c in hand if suit_of(c) == TRUMPS)
        oudlers = sum(1 for c in hand if c in OUDLERS)
        kings = sum(1 for c in hand if c < 64 and (c & 15) == 13)
        value = trumps + 3 * oudlers + 2 * kings
        wanted = ("take", 13), ("guard", 17), ("guard_without", 23), ("guard_against", 27)
        legal = {a.token for a in view.legal}
        best = "pass"
        for name, need in wanted:
            if value >= need and name in legal:
                best = name
        return best

    def tarot_discard(self, view):
        from .bidding_games import tarot_discard
        pool = set(view.hand) | set(view.private.get("discard", ()))
        plan = tarot_discard(pool)
        legal = [a.value for a in view.legal]
        return next((c for c in plan if c in legal), legal[0])

    def tarot_declare(self, view):
        tokens = [a.token for a in view.legal]
        if "slam" in tokens:
            return "no_slam"
        if view.seat == view.public.get("taker"):
            return tokens[-1]       # the taker shows its largest handful
        return "no_handful"

    # -- belote -------------------------------------------------------------------
    def belote_auction(self, view):
        from atout.engine.belote import card_points
        turned = view.public["turned"]
        hand = list(view.hand)

        def value(trump):
            cards = hand + [turned]
            trumps = [c for c in cards if suit_of(c) == trump]
            aces = sum(1 for c in cards if suit_of(c) != trump and position_of(c) == 7)
            return sum(card_points(c, trump) for c in trumps) + 8 * len(trumps) + 6 * aces

        legal = [a.token for a in view.legal]
        if "take" in legal:
            return "take" if value(suit_of(turned)) >= 58 else "pass"
        suits = [t for t in legal if t in SUITS]
        best = max(suits, key=lambda t: value(SUITS.index(t)))
        return best if value(SUITS.index(best)) >= 62 else "pass"

    # -- smear --------------------------------------------------------------------
    def smear_strength(self, cards, suit) -> int:
        trumps = sorted((c for c in cards if suit_of(c) == suit), reverse=True)
        if not trumps:
            return 0
        value = 0
        ranks = {position_of(c) for c in trumps}
        if 7 in ranks:
            value += 1          # the ace: High
        if 4 in ranks and len(trumps) >= 3:
            value += 1          # the jack, kept
        if len(trumps) >= 4:
            value += 1
        if min(ranks) <= 1:
            value += 1          # a low trump: Low
        return value

    def smear_auction(self, view):
        best = max(self.smear_strength(view.hand, s) for s in range(4))
        legal = [a.token for a in view.legal]
        bid = str(min(best, 4))
        return bid if best >= 2 and bid in legal else "pass"

    def smear_trump(self, view):
        legal = [a.token for a in view.legal]
        return max(legal, key=lambda t: (self.smear_strength(view.hand, SUITS.index(t)),
                                         sum(1 for c in view.hand if suit_of(c) == SUITS.index(t))))

    def smear_discard(self, view):
        from .bidding_games import smear_discard
        trump = SUITS.index(view.public["trump"])
        held = set(view.hand) | set(view.private.get("discard", ()))
        plan = smear_discard(held, trump)
        legal = [a.value for a in view.legal]
        return next((c for c in plan if c in legal), legal[0])

    # -- tarocco ------------------------------------------------------------------
    def tarocco_discard(self, view):
        from .bidding_games import tarocco_candidates
        held = set(view.hand) | set(view.private.get("discard", ()))
        plan, _, _ = tarocco_candidates(held, 1)
        legal = [a.value for a in view.legal]
        return next((c for c in plan[0] if c in legal), legal[0])


__all__ = ["EasyPlayer", "LEVELS", "Player", "RandomPlayer", "make_player", "parse_level"]
