"""atout's vocabulary for people: one place that names seats, sides, cards,
calls and a finished deal's score, used by the terminal and the web alike.

* Seats and sides, from one seat's chair (``viewer``: "you", "your partner",
  "the opponent on your left" ...) or neutrally ("seat 2", "player 1", in
  bridge the compass letters N, E, S, W). Play goes round the table to the
  left: the seat after you is on your left (as in bridge, N then E).
* Cards: ``card_label`` is the one display form, rank then suit symbol
  (``K♠``, ``10♥``, a tarot trump ``21``, the Excuse ``EX``); tarocco, which
  has no suit symbols, writes the suit letter after the rank (``KS``).
  Every form is read back by ``Deck.parse_card`` (``SK``, ``♠K``, ``K♠``,
  ``S10``, ``KS`` in tarocco).
* Calls: ``call_label`` says a bid or a declaration in words ("guard without
  the dog", "no slam", "hearts").
* Scores: ``score_sentences`` turns a finished deal's score into sentences:
  the winner and the margin first, then each line of the score (RULES.md)
  that applied. The game-specific lines live on each game's TrickState
  (``score_words(score, names)``); this module only asks for them.
"""

from __future__ import annotations

from fractions import Fraction

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_LETTERS = "SHDC"


# -- numbers -------------------------------------------------------------------------------

def number(x) -> str:
    """A score or point count as people write it: 56, -18.67, 4.5."""
    if isinstance(x, Fraction) and x.denominator == 1:
        x = int(x)
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x) if isinstance(x, int) else f"{float(x):.2f}".rstrip("0").rstrip(".")


def signed(x) -> str:
    """A score with its sign: +12, -4.5, 0."""
    text = number(x)
    return text if text.startswith("-") or text == "0" else "+" + text


def plural(n, word: str, words: str | None = None) -> str:
    """``3 points``, ``1 oudler``."""
    return f"{number(n)} {word if n == 1 else (words or word + 's')}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- seats and sides ------------------------------------------------------------------------

class Who(str):
    """A name for a seat or a side, knowing whether its verb is plural
    ("you win", "the opponents win", "seat 2 wins")."""

    plural: bool = False

    def __new__(cls, text: str, plural: bool = False):
        out = super().__new__(cls, text)
        out.plural = plural
        return out

    def does(self, verb: str, third_person: str | None = None) -> str:
        """``you win``, ``seat 2 wins``: the subject with its verb."""
        if self.plural:
            return f"{self} {verb}"
        return f"{self} {third_person or _third_person(verb)}"

    @property
    def has(self) -> str:
        return self.does("have", "has")

    @property
    def possessive(self) -> str:
        """``your``, ``their``, ``seat 2's``."""
        if self.startswith("you"):
            return "your"
        return "their" if self.plural else f"{self}'s"


def _third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


#: the names of the other seats of a four-seat table, by how far after you
#: they play (1: on your left, 2: opposite, 3: on your right)
_AROUND = {1: "on your left", 2: "opposite you", 3: "on your right"}


class Names:
    """How seats and sides are called in one deal, from ``viewer``'s chair
    or neutrally (``viewer`` None).

    ``side_of(seat)`` is the deal's sides (tarot: 0 is the taker, 1 the
    defenders; partnership games: seats 0+2 and 1+3; tarot2: each player);
    ``taker`` names the tarot taker's side."""

    def __init__(self, game, viewer: int | None = None, side_of=None, taker: int | None = None):
        self.game = game
        self.name = game.name
        self.n = game.n_seats
        self.viewer = viewer
        self.side_of = side_of or (lambda seat: game.sides[seat])
        self.taker = taker

    @classmethod
    def of(cls, state, viewer: int | None = None) -> "Names":
        """The names of a deal in play (the state knows the sides)."""
        return cls(state.game, viewer, state.side_of, getattr(state, "taker", None)
                   if state.game.name == "tarot" else None)

    # -- one seat ---------------------------------------------------------------------------
    def neutral_seat(self, seat: int) -> str:
        return self.game.seat_name(seat)

    def seat(self, seat: int) -> Who:
        """``you``, ``your partner``, ``the opponent on your left (W)``;
        neutral: ``seat 2``, ``player 1``, ``N``."""
        if self.viewer is None:
            return Who(self.neutral_seat(seat))
        if seat == self.viewer:
            return Who("you", plural=True)
        compass = f" ({self.neutral_seat(seat)})" if self.name == "bridge" else ""
        if self.n == 2:
            return Who("the opponent")
        where = _AROUND[(seat - self.viewer) % self.n]
        if self.name == "tarot":
            return Who(f"the player {where}")
        if self.side_of(seat) == self.side_of(self.viewer):
            return Who("your partner" + compass)
        return Who(f"the opponent {where}{compass}")

    # -- one side ---------------------------------------------------------------------------
    def seats_of(self, side: int) -> list[int]:
        return [s for s in range(self.n) if self.side_of(s) == side]

    def neutral_side(self, side: int) -> Who:
        if self.name == "bridge":
            return Who(("N-S", "E-W")[side], plural=True)
        if self.name == "tarot2":
            return Who(f"player {side}")
        if self.name == "tarot":
            if side == 0:
                return Who(f"the taker (seat {self.taker})" if self.taker is not None else "the taker")
            return Who("the defenders", plural=True)
        return Who("seats " + "+".join(str(s) for s in self.seats_of(side)), plural=True)

    def side(self, side: int) -> Who:
        """A side: ``you and your partner``, ``the opponents``, ``the taker
        (the player on your left)``; neutral: ``seats 0+2``, ``N-S``,
        ``player 1``, ``the taker (seat 0)``, ``the defenders``."""
        if self.viewer is None:
            return self.neutral_side(side)
        mine = self.side_of(self.viewer) == side
        if self.n == 2:
            return self.seat(self.viewer if mine else 1 - self.viewer)
        compass = f" ({self.neutral_side(side)})" if self.name == "bridge" else ""
        if self.name == "tarot":
            if side == 0:
                return self.seat(self.taker) if mine else Who(f"the taker ({self.seat(self.taker)})")
            return Who("you and your partners" if mine else "the defenders", plural=True)
        return Who(("you and your partner" if mine else "the opponents") + compass, plural=True)

    def side_of_seat(self, seat: int) -> Who:
        return self.side(self.side_of(seat))

    def pair(self, values, unit: str = "") -> str:
        """``seats 0+2 92, seats 1+3 70``: one value per side."""
        tail = f" {unit}" if unit else ""
        return ", ".join(f"{self.side(side)} {number(v)}{tail}" for side, v in enumerate(values))


# -- cards ------------------------------------------------------------------------------------

def card_label(deck, card) -> str:
    """A card for people, the one display form: ``K♠``, ``10♥``, ``21``,
    ``EX``; tarocco ``KS`` (its suits have no symbols). ``Deck.parse_card``
    reads it back."""
    return deck.display(card)


def cards_label(deck, cards) -> str:
    return " ".join(card_label(deck, c) for c in cards)


# -- calls --------------------------------------------------------------------------------------

#: calls and declarations in words (tokens not listed are said as they are)
CALL_WORDS = {
    "pass": "pass", "take": "take", "guard": "guard",
    "guard_without": "guard without the dog", "guard_against": "guard against the dog",
    "slam": "slam", "no_slam": "no slam",
    "no_handful": "no handful", "handful": "handful (10 trumps)",
    "double_handful": "double handful (13 trumps)", "triple_handful": "triple handful (15 trumps)",
}

#: contracts as a sentence names them
CONTRACT_WORDS = {"take": "take", "guard": "guard", "guard_without": "guard without the dog",
                  "guard_against": "guard against the dog"}


def call_label(game_name: str, token: str) -> str:
    """A call, a trump choice or a declaration in words: ``guard without the
    dog``, ``hearts``, ``bid 3``."""
    text = str(token)
    key = text.lower()
    if key in CALL_WORDS:
        return CALL_WORDS[key]
    if game_name in ("belote", "smear") and text.upper() in SUIT_LETTERS and len(text) == 1:
        return SUIT_NAMES[SUIT_LETTERS.index(text.upper())]
    if game_name == "smear" and text.isdigit():
        return f"bid {text}"
    return text


def bid_label(game_name: str, bid: str) -> str:
    """A bid as ``atout bid`` weighs it, in words: ``guard without the dog``,
    ``take (spades trumps)``, ``name hearts``, ``3 in clubs``; others as
    they are (``3NT``, a tarocco discard)."""
    text = str(bid)
    word, _, rest = text.partition(" ")
    if game_name == "belote" and word in ("take", "name") and rest.upper() in SUIT_LETTERS and rest:
        suit = SUIT_NAMES[SUIT_LETTERS.index(rest.upper())]
        return f"take ({suit} trumps)" if word == "take" else f"name {suit}"
    if game_name == "smear" and len(text) == 2 and text[0].isdigit() and text[1].upper() in SUIT_LETTERS:
        return f"{text[0]} in {SUIT_NAMES[SUIT_LETTERS.index(text[1].upper())]}"
    return call_label(game_name, text)


def call_token(game_name: str, text: str, legal_tokens) -> str | None:
    """The legal token a person meant by a call in words (``guard without
    the dog``, ``guard without``, ``no slam``, ``hearts``, ``bid 3``), or
    None."""
    said = " ".join(str(text).lower().replace("_", " ").split())
    if not said:
        return None
    for token in legal_tokens:
        label = call_label(game_name, token).lower()
        plain = label.split(" (")[0]
        if said in (token.lower(), token.lower().replace("_", " "), label, plain):
            return token
        if game_name == "tarot" and plain.endswith(" the dog") and said == plain[:-len(" the dog")]:
            return token
    return None


# -- the contract and the announcements, as a table shows them ---------------------------------

def contract_sentences(game, public: dict, names: Names) -> list[str]:
    """What a Round view's ``public`` facts say, in words: the contract and
    who plays it, the turned card, the dog shown, the trumps put aside."""
    deck = game.deck
    name = game.name
    out = []
    if name == "tarot" and public.get("contract"):
        out.append(f"Contract: {CONTRACT_WORDS[public['contract']]} by {names.seat(public['taker'])}"
                   + (", slam announced." if public.get("slam") else "."))
        if public.get("dog"):
            out.append(f"The dog: {cards_label(deck, sorted(public['dog'], reverse=True))}.")
        if public.get("discard_trumps"):
            out.append(f"Trumps put aside (shown): {cards_label(deck, public['discard_trumps'])}.")
    elif name == "belote":
        if public.get("turned") is not None:
            out.append(f"Turned card: {card_label(deck, public['turned'])}.")
        if public.get("trump"):
            out.append(f"Trumps: {SUIT_NAMES[SUIT_LETTERS.index(public['trump'])]}, taken by "
                       f"{names.seat(public['taker'])}.")
    elif name == "smear":
        if public.get("bid") is not None:
            widow = f", picking up {plural(public['widow'], 'undealt card')}" if public.get("widow") else ""
            out.append(f"Bid: {public['bid']} by {names.seat(public['bidder'])}{widow}.")
        if public.get("trump"):
            out.append(f"Trumps: {SUIT_NAMES[SUIT_LETTERS.index(public['trump'])]}.")
    elif name == "tarocco" and "discard_trumps" in public:
        out.append(f"The dealer put {plural(public['discard_trumps'], 'trump')} aside.")
    elif name == "bridge" and public.get("declarer"):
        declarer = names.seat(SEATS_BRIDGE.index(public["declarer"]))
        out.append(f"Contract: {public['level']}{public['strain']} by {declarer}.")
    return out


SEATS_BRIDGE = "NESW"


def announcement_sentence(game, seat: int, what: str, detail: str, names: Names) -> str:
    """One announcement of a Round view in words."""
    who = names.seat(seat)
    if what == "slam":
        return f"{capital(who)} announced a slam."
    if what == "handful":
        cards = cards_label(game.deck, game.deck.parse_cards(detail)) if detail else ""
        return f"{capital(who)} showed a handful: {cards}."
    if what in ("belote", "rebelote"):
        return f"{capital(who)} said {capital(what)}."
    if what == "trump":
        return f"{capital(who)} chose {call_label(game.name, detail)} as trumps."
    if what == "discard_trumps":
        return f"{capital(who)} (the dealer) put {plural(int(detail), 'trump')} aside."
    return f"{capital(who)} announced {what.replace('_', ' ')} {detail}".rstrip() + "."


def action_sentence(game, seat: int, action, names: Names) -> str:
    """A decision taken at the table, said: ``the opponent on your left
    plays K♠``, ``you bid guard without the dog``, ``your partner passes``."""
    who = names.seat(seat)
    kind = action.kind
    if kind == "card":
        return f"{capital(who.does('play'))} {card_label(game.deck, action.value)}"
    if kind == "discard":
        return f"{capital(who.does('put'))} a card aside"
    if kind == "trump":
        return f"{capital(who.does('choose'))} {call_label(game.name, action.token)} as trumps"
    if kind == "bid":
        if action.token.lower() == "pass":
            return capital(who.does("pass"))
        label = call_label(game.name, action.token)
        if game.name == "smear":
            return f"{capital(who.does('bid'))} {action.token}"
        if game.name == "belote" and action.token.lower() == "take":
            return f"{capital(who.does('take'))}"
        if game.name == "belote":
            return f"{capital(who.does('name'))} {label} as trumps"
        return f"{capital(who.does('bid'))} {label}"
    return f"{capital(who.does('declare'))} {call_label(game.name, action.token)}"


# -- a finished deal's score ------------------------------------------------------------------

def score_sentences(state, score: dict, viewer: int | None = None) -> list[str]:
    """The deal's result in sentences, from ``viewer``'s chair or neutral:
    the winner and the margin first, then each line of the score that
    applied (the contract, the points against the target, the bonuses),
    then what each seat or side scores."""
    if score.get("void"):
        return [void_sentence(score)]
    return state.score_words(score, Names.of(state, viewer))


def void_sentence(score: dict) -> str:
    text = "Everybody passed: the deal is void"
    return text + (" (the same dealer redeals)." if score.get("redeal") else ".")


def round_score_sentences(rnd, viewer: int | None = None) -> list[str]:
    """``score_sentences`` of a finished ``Round``."""
    return score_sentences(rnd.state, rnd.score(), viewer)


__all__ = ["CALL_WORDS", "CONTRACT_WORDS", "Names", "Who", "action_sentence", "announcement_sentence", "bid_label",
           "call_label",
           "call_token", "capital", "card_label", "contract_sentences",
           "cards_label", "number", "plural", "round_score_sentences", "score_sentences", "signed",
           "void_sentence"]
