"""A whole deal of any game, from the first decision to the score.

``Round.new(game_name, seed=0, deal=None, **options)`` deals (from the seed,
or reads ``deal`` in the game's notation) and then takes every decision of
the deal in turn, whoever makes it (a person at a prompt, a computer player,
a server):

* tarot: the auction (pass, take, guard, guard_without, guard_against; all
  pass: the deal is void), for take and guard the taker's discard after the
  dog is shown (one card at a time, 6 in all), the slam declaration (slam or
  no_slam), a handful for each player that holds enough trumps (no_handful,
  handful, double_handful, triple_handful: the lowest trumps are shown, the
  Excuse only when it is needed), then the play;
* belote: the two bidding rounds (pass or take, then pass or a suit letter;
  all pass twice: void), then the play. Belote-Rebelote is announced
  automatically (RULES.md section 3): it is in every view, not a decision;
* smear: the auction (pass, 2, 3, 4; all pass: the deal is void and the same
  dealer redeals: a new Round); with the ``widow`` option w > 0 the bidder
  picks up the first w undealt cards, names the trump (a suit letter) and
  discards w cards one at a time; then the play;
* tarocco: the dealer (seat 3) discards two of its 17 cards, one at a time;
  the number of trumps discarded is announced automatically; then the play;
* tarot2: the play only (``first`` option: the first leader);
* bridge: the play of a given contract (options ``declarer`` N/E/S/W,
  ``strain``, ``level``; no bridge bidding). The declarer plays the dummy's
  cards; the dummy is shown to everyone after the opening lead.

Other options are passed untouched to the game's ``new_state`` (e.g.
belote's ``variant``).

The interface, the same for every game:

* ``phase``: "auction", "discard", "trump", "declare", "play" or "over";
  ``to_act``: the seat that decides now (None when over);
* ``legal_actions()``: the ``Action``s allowed now, each with a stable text
  ``token`` (a card in atout notation, a bid name ...);
* ``apply(action_or_token)``: takes an Action or its token (any case, a
  card in any form ``Deck.parse_card`` reads, a call in words:
  ``words.call_token``); an
  illegal one raises ``RuleError`` or ``IllegalPlayError`` (ValueError
  subclasses) and changes nothing; ``undo()`` takes back the last action;
* ``view(seat)``: a ``View``, everything that seat may know and nothing else:
  its own cards, the public cards, the auction, every announcement, every
  card played, and ``known_deal``: the deal at the start of the play with
  only the cards this seat may know (the others unknown) plus the
  ``contract`` as the seat knows it, ready for ``Game.sampling_model``;
* ``is_over()``, ``score()`` (the score under RULES.md; a void deal is
  ``{"void": True, ...}``) and ``seat_result(seat)`` (one number per seat in
  the game's unit, for duplicate matches);
* ``to_dict()`` / ``Round.from_dict(data)``: the deal and the actions taken
  as plain JSON data; the Round is rebuilt by replaying them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .deal import Deal
from .errors import AtoutError, IllegalPlayError, RuleError
from .games import get_game
from .round_games import DRIVERS, Action

PHASES = ("auction", "discard", "trump", "declare", "play", "over")


@dataclass(frozen=True)
class View:
    """What one seat may know at one moment of a Round.

    ``hand``: the seat's cards now (the tarot taker's 24 during its discard,
    the tarocco dealer's 17, the Smear bidder's cards with the widow);
    ``legal``: the seat's legal Actions when it is to act, else ();
    ``acting_for``: the hand the decision is for (bridge: the declarer plays
    the dummy's); ``auction``: (seat, token) calls; ``announcements``: (seat,
    what, detail) in order (a handful's cards, a slam, belote, rebelote, the
    number of trumps in the tarocco discard); ``public``: the game's public
    facts (the turned card, the dog when shown, the contract, tarot2's piles
    with every card turned up so far, the dummy); ``private``: the seat's own
    secrets (its discard, the cards it picked up); ``plays``: (seat, card) of
    every card played; ``tricks``: (leader, cards, winner) of each trick
    gathered; ``trick``: (leader, cards) under way; ``known_deal`` and
    ``contract``: during the play, the deal at the start of the play with
    only what this seat knows, and the contract keywords as it knows them
    (for ``Game.sampling_model(known_deal, played, contract)``)."""

    game: str
    seat: int
    phase: str
    to_act: int | None
    acting_for: int | None
    hand: tuple
    legal: tuple
    auction: tuple
    announcements: tuple
    public: dict
    private: dict
    plays: tuple
    tricks: tuple
    trick: tuple
    known_deal: Deal | None = None
    contract: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)

    @property
    def played(self) -> list:
        return [card for _, card in self.plays]


def _deal_seed(seed) -> int:
    return 0 if seed is None else int(seed)


# ---------------------------------------------------------------------------
# The Round
# ---------------------------------------------------------------------------

def _read_deal(game, text):
    if game.name == "belote":
        bidding = game.parse_bidding_deal(text)
        if not bidding.is_complete:
            from .errors import NotationError
            raise NotationError("a belote round needs the whole bidding deal: every hand and the stock's order")
        return bidding
    deal = game.parse_deal(text)
    if not deal.is_complete:
        from .errors import NotationError
        raise NotationError(f"a {game.name} round needs a deal with every card known")
    return deal


def _write_deal(game, deal) -> str:
    if game.name == "belote":
        return game.format_bidding_deal(deal)
    return game.format_deal(deal)


class Round:
    """A whole deal of one game: see the module docstring."""

    def __init__(self, game_name: str, seed: int = 0, deal=None, stock=None, options: dict | None = None):
        self.game = get_game(game_name)
        self.seed = _deal_seed(seed)
        self.options = dict(options or {})
        if deal is None:
            deal = (self.game.random_bidding_deal(self.seed) if self.game.name == "belote"
                    else self.game.random_deal(self.seed))
        elif isinstance(deal, str):
            deal = _read_deal(self.game, deal)
        self.deal = deal
        if self.game.name == "smear":
            undealt = sorted(deal.extra("undealt"))
            if stock is None:
                random.Random(f"atout/stock/{self.seed}").shuffle(undealt)
                stock = undealt
            else:
                stock = [self.game.deck.parse_card(c) if isinstance(c, str) else c for c in stock]
                if sorted(stock) != sorted(undealt):
                    raise RuleError("the stock order must list the undealt cards, each once")
        self.stock = tuple(stock) if stock is not None else None
        self.actions: list[Action] = []
        self._driver = DRIVERS[self.game.name](self)

    @classmethod
    def new(cls, game_name: str, seed: int = 0, deal=None, **options) -> "Round":
        """A new deal of ``game_name``: random from ``seed``, or ``deal`` in
        the game's notation (belote: the bidding deal with its stock)."""
        return cls(game_name, seed, deal, options.pop("stock", None), options)

    # -- state ------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._driver.phase

    @property
    def to_act(self) -> int | None:
        return self._driver.to_act

    @property
    def state(self):
        """The engine TrickState once the play has started (else None)."""
        return self._driver.state

    @property
    def n_seats(self) -> int:
        return self.game.n_seats

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        return self._driver.legal()

    # -- decisions ----------------------------------------------------------------
    def find_action(self, action) -> Action:
        """The legal Action meant by an Action or a token; RuleError or
        IllegalPlayError (naming the legal ones) when it is not legal now."""
        if self.is_over():
            raise RuleError("the deal is over: no decision is left")
        legal = self.legal_actions()
        if isinstance(action, Action):
            if action in legal:
                return action
            token = action.token
        else:
            token = str(action).strip()
        for a in legal:
            if a.token.lower() == token.lower():
                return a
        from .words import call_token
        meant = call_token(self.game.name, token, [a.token for a in legal if a.kind not in ("card", "discard")])
        if meant is not None:          # a call in words: "guard without the dog", "hearts"
            return next(a for a in legal if a.token == meant)
        kind = legal[0].kind if legal else "action"
        names = " ".join(a.token for a in legal)
        if kind in ("card", "discard"):
            try:
                card = self.game.deck.parse_card(token)
            except AtoutError:
                raise IllegalPlayError(f"unknown card {token!r}: play one of {names}") from None
            for a in legal:
                if a.value == card:
                    return a
            what = "play" if kind == "card" else "discard"
            raise IllegalPlayError(f"cannot {what} {token}: seat {self.to_act} may {what} one of {names}")
        raise RuleError(f"illegal {kind} {token!r}: seat {self.to_act} may choose one of {names}")

    def apply(self, action) -> Action:
        """Take a decision (an Action or its token); returns the Action."""
        chosen = self.find_action(action)
        self._driver.apply(chosen)
        self.actions.append(chosen)
        return chosen

    def undo(self) -> Action:
        """Take back the last decision (the Round is replayed without it)."""
        if not self.actions:
            raise RuleError("nothing to undo")
        last = self.actions[-1]
        self._replay(self.actions[:-1])
        return last

    def _replay(self, actions) -> None:
        self.actions = []
        self._driver = DRIVERS[self.game.name](self)
        for action in actions:
            self.apply(action)

    # -- what a seat may know ---------------------------------------------------------
    def view(self, seat: int) -> View:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n_seats:
            raise RuleError(f"unknown seat {seat!r}: seats are 0..{self.n_seats - 1}")
        d = self._driver
        state = d.state
        acting_for = d.acting_for()
        legal = tuple(self.legal_actions()) if self.to_act == seat else ()
        known, contract = d.known_deal(seat)
        announce = d.announcements_now() if hasattr(d, "announcements_now") else list(d.announcements)
        hand = d.hand_of(seat)
        public = dict(d.public(seat))
        if state is not None:
            tricks = tuple((t.leader, tuple(t.cards), t.winner) for t in state.tricks)
            trick = (state.leader, tuple(state.trick))
        else:
            tricks, trick = (), (None, ())
        return View(self.game.name, seat, self.phase, self.to_act, acting_for, hand, legal,
                    tuple(d.auction), tuple(announce), public, dict(d.private(seat)), d.plays(),
                    tricks, trick, known, contract, dict(self.options))

    # -- the end ------------------------------------------------------------------------
    def score(self) -> dict:
        if not self.is_over():
            raise RuleError("the deal is not over: no score yet")
        return self._driver.score()

    def seat_result(self, seat: int) -> float:
        """The seat's result in the game's unit, zero-sum over the seats:
        tarot and tarot2, the seat's score; partnership games, half its side's
        score minus the other side's (Belote, Smear points; tarocco card
        points); bridge, a quarter of (its side's tricks - the others'), so
        that a side's two seats add up to half the trick difference."""
        if not self.is_over():
            raise RuleError("the deal is not over: no score yet")
        if self._driver.void:
            return 0.0
        return self._driver.seat_result(seat)

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        out = {"game": self.game.name, "seed": self.seed, "options": dict(self.options),
               "deal": _write_deal(self.game, self.deal),
               "actions": [a.token for a in self.actions]}
        if self.stock is not None:
            out["stock"] = [self.game.deck.token(c) for c in self.stock]
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Round":
        """Rebuild a Round from ``to_dict`` data; RuleError (or another
        AtoutError) when the data is not a Round's."""
        if not isinstance(data, dict) or "game" not in data or "deal" not in data:
            raise RuleError("not a saved atout round (it needs game, deal and actions)")
        try:
            rnd = cls(str(data["game"]), int(data.get("seed", 0)), str(data["deal"]), data.get("stock"),
                      dict(data.get("options") or {}))
            for token in data.get("actions") or []:
                rnd.apply(str(token))
        except (TypeError, KeyError) as exc:
            raise RuleError(f"not a saved atout round: {exc}") from None
        return rnd

    def __repr__(self) -> str:
        return f"<Round {self.game.name} phase={self.phase} to_act={self.to_act} actions={len(self.actions)}>"


__all__ = ["Action", "PHASES", "Round", "View"]
