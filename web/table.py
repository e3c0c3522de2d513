"""The table: a game rebuilt from the request, a decision taken (the
person's or a bot's), and what one seat sees, as JSON for the page.

A game is ``engine.round.Round``; the page holds its ``to_dict()`` data
(``round``) and sends it with every request, so the server keeps nothing.
Bots are ``solver.players.make_player`` at the level the page asks for:
a level change keeps the game.
"""

from __future__ import annotations

import random

from atout.analysis import jsonable
from atout.engine import GAME_NAMES, OptionError, RuleError, get_game
from atout.engine.cards import FRENCH_SUIT_SYMBOLS
from atout.engine.round import Round
from atout.players import LEVELS, make_player, parse_level, partners

#: actions a saved round may hold (the longest deal, tarot with its discard, has about 90)
MAX_ACTIONS = 400
#: the longest a bot may think for one decision (seconds)
MAX_THINK = 30


# -- reading the request ----------------------------------------------------------------

def shown(value) -> str:
    """A value as a message shows it: short, on one line."""
    try:
        text = repr(value)
    except RecursionError:
        text = "(nested too deeply)"
    return text if len(text) <= 40 else text[:37] + "..."


def int_field(payload: dict, name: str, default, low: int, high: int, what: str | None = None) -> int:
    value = payload.get(name, default)
    if value is None:
        value = default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(f"{what or name} {shown(value)}: a whole number from {low} to {high}")
    return value


def text_field(payload: dict, name: str, required: bool = False, what: str | None = None,
               longest: int | None = None) -> str | None:
    value = payload.get(name)
    if value is None:
        if required:
            raise RuleError(f"missing field {what or name!r}")
        return None
    if not isinstance(value, str):
        raise RuleError(f"{what or name} {shown(value)}: a text is expected")
    if longest is not None and len(value) > longest:
        raise RuleError(f"{what or name} {shown(value)}: at most {longest} characters")
    return value


def level_field(payload: dict) -> str:
    """The bots' level (default easy)."""
    return parse_level(text_field(payload, "level", longest=20) or "easy")


def new_round(payload: dict) -> Round:
    """A new deal: ``game``; ``seed`` (default: a random one) or ``deal`` in
    atout's notation (belote: the bidding deal with its stock); ``options``."""
    game = get_game(text_field(payload, "game", required=True, longest=20)).name
    seed = payload.get("seed")
    seed = random.randrange(2**31) if seed is None else int_field(payload, "seed", 0, 0, 2**31 - 1)
    deal = text_field(payload, "deal")
    if deal is not None and not deal.strip():
        deal = None
    options = options_field(payload.get("options"))
    return Round.new(game, seed=seed, deal=deal, **options)


def options_field(options) -> dict:
    """A game's table options: an object of simple values, none of them a
    field of its own (game, seed, deal)."""
    options = options or {}
    if not isinstance(options, dict) or not all(
            isinstance(v, (str, int, float, bool)) and not _huge(v) for v in options.values()):
        raise OptionError("options: an object of simple values (e.g. {\"widow\": 2})")
    taken = sorted(set(options) & {"game_name", "seed", "deal"})
    if taken:
        raise OptionError(f"options: {', '.join(taken)} is a field of its own, not an option")
    return options


def _huge(value) -> bool:
    """A number no option takes (NaN, an infinity, more than 15 digits)."""
    if isinstance(value, float):
        return value != value or abs(value) > 1e15
    return isinstance(value, int) and abs(value) > 10**15


def round_of(payload: dict) -> Round:
    """The game the request carries, rebuilt by replaying its actions; each
    field checked as ``/api/new`` checks it (a bad field is named)."""
    data = payload.get("round")
    if not isinstance(data, dict):
        raise RuleError("missing field 'round': the game as /api/new returned it")
    game = get_game(text_field(data, "game", required=True, what="round game", longest=20)).name
    seed = int_field(data, "seed", 0, 0, 2**31 - 1, what="round seed")
    deal = text_field(data, "deal", required=True, what="round deal")
    actions = data.get("actions")
    actions = [] if actions is None else actions
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS \
            or not all(isinstance(a, str) and len(a) <= 40 for a in actions):
        raise RuleError(f"round actions: a list of at most {MAX_ACTIONS} decisions, each a text")
    stock = data.get("stock")
    if stock is not None and (not isinstance(stock, list) or len(stock) > 100
                              or not all(isinstance(c, str) for c in stock)):
        raise RuleError("round stock: a list of cards as text")
    options = options_field(data.get("options"))
    return Round.from_dict({"game": game, "seed": seed, "deal": deal, "actions": actions,
                            "stock": stock, "options": options})


def seat_of(payload: dict, rnd: Round) -> int:
    return int_field(payload, "seat", 0, 0, rnd.n_seats - 1)


# -- decisions ------------------------------------------------------------------------------

def play(rnd: Round, seat: int, action, level, think=None) -> dict:
    """The seat's ``action`` (a token) when it is to act; with no action, the
    bot on turn decides at ``level`` (``think``: the search levels' budget
    in seconds). Returns who did what."""
    if rnd.is_over():
        raise RuleError("the deal is over: no decision is left")
    actor = rnd.to_act
    if action is not None:
        if not isinstance(action, str) or len(action) > 40:
            raise RuleError(f"action {shown(action)}: a card or a bid as text")
        if actor != seat:
            raise RuleError(f"not your turn: seat {actor} is to act")
        chosen = rnd.apply(action)
    else:
        if actor == seat:
            raise RuleError(f"seat {seat} is to act: send its action")
        if think is not None and (isinstance(think, bool) or not isinstance(think, (int, float))
                                  or not 0 < think <= MAX_THINK):
            raise OptionError(f"think {shown(think)}: seconds above 0, at most {MAX_THINK}")
        player = make_player(rnd.game.name, level, seed=rnd.seed, think=think,
                             partners_a_person=partners(rnd.game, actor, seat))
        chosen = rnd.apply(player.decide(rnd.view(actor)))
    return {"seat": actor, "kind": chosen.kind, "action": chosen.token}


def undo(rnd: Round, seat: int) -> Round:
    """The game as it was before the seat's last decision (the bots'
    decisions after it taken back too): the seat decides again."""
    actors = []
    replay = Round.from_dict({**rnd.to_dict(), "actions": []})
    for action in rnd.actions:
        actors.append(replay.to_act)
        replay.apply(action)
    mine = [i for i, actor in enumerate(actors) if actor == seat]
    if not mine:
        raise RuleError("nothing to undo: you have not decided anything yet")
    return Round.from_dict({**rnd.to_dict(), "actions": [a.token for a in rnd.actions[:mine[-1]]]})


def play_state(rnd: Round, seat: int):
    """A copy of the play state (for the solver), during the play only."""
    if rnd.phase != "play" or rnd.state is None:
        raise RuleError(f"no card to play now (phase {rnd.phase}): the solver answers during the play")
    return rnd.state.clone()


def finished_play(rnd: Round):
    """(the play state at its first card, every card played) of a finished deal."""
    if not rnd.is_over():
        raise RuleError("the deal is not over: the review comes after the last card")
    if rnd.state is None:
        raise RuleError("the deal was void: nothing was played")
    start = rnd.state.clone()
    played = list(start.played)
    while start.played:
        start.undo()
    return start, played


# -- what the page shows ----------------------------------------------------------------------

def running_points(state) -> list:
    """Points each side (tarot2: each player) has won so far, in the game's
    everyday count, ending equal to the score's: the engine's
    ``points_so_far`` (Belote and tarot card points with the last trick's
    10 and the Excuse, Smear game points, bridge tricks)."""
    return [number(p) for p in state.points_so_far()]


def points_unit(game) -> str:
    """What the running points count, with how where the game says it
    (Smear: ``game points (A4 K3 Q2 J1 T10)``)."""
    legend = f" ({game.points_legend})" if game.points_legend else ""
    return game.points_unit + legend


def number(x):
    """A count as JSON shows it: 25, 22.5 (a Fraction of the engine as a float)."""
    return int(x) if float(x).is_integer() else float(x)


def score_words(rnd: Round, seat: int) -> list[str]:
    """The finished deal's score in sentences, from the seat's chair: who
    won, by how much, and each line of the score that applied
    (``engine.words`` where the engine has it, else ``plain_score_words``)."""
    try:
        from atout.engine.words import round_score_sentences
        return list(round_score_sentences(rnd, seat))
    except (ImportError, AttributeError, NotImplementedError):
        return plain_score_words(rnd, seat)


def plain_score_words(rnd: Round, seat: int) -> list[str]:
    """A short score sentence from the seat's result (the fallback of
    ``score_words`` for a game whose state does not say its score)."""
    score = rnd.score()
    if score.get("void"):
        return ["Everybody passed: the deal is void."]
    result = rnd.seat_result(seat)
    if result > 0:
        head = f"You win: {result:+g}."
    elif result < 0:
        head = f"You lose: {result:+g}."
    else:
        head = "A draw."
    return [head]


#: public and private facts of a view that hold cards
CARD_FACTS = {"turned", "dog", "discard", "discard_trumps", "handfuls", "handful", "taken", "piles",
              "dummy"}


def view_json(rnd: Round, seat: int, open_hands: bool = False) -> dict:
    """What ``seat`` sees, with tokens for cards; every hand when the deal
    is over or when ``open_hands`` (the double-dummy analysis view)."""
    game = rnd.game
    deck = game.deck
    view = rnd.view(seat)

    def cards(value):
        """Cards (ints) to tokens, in a fact known to hold cards."""
        if isinstance(value, int) and not isinstance(value, bool) and value in deck:
            return deck.token(value)
        if isinstance(value, (list, tuple, set, frozenset)):
            return [cards(v) for v in value]
        if isinstance(value, dict):
            return {str(k): cards(v) for k, v in value.items()}
        return value

    def facts(public: dict) -> dict:
        """Public or private facts: card keys as tokens (a bare number is a
        card only for the turned card: tarocco's discard_trumps is a count)."""
        out = {}
        for key, value in public.items():
            if key == "face_up":    # tarot2: per player, (pile number, card on top)
                out[key] = [[[k, deck.token(c)] for k, c in player] for player in value]
            elif key in CARD_FACTS and (key == "turned" or not isinstance(value, int)):
                out[key] = cards(value)
            else:
                out[key] = jsonable(value)
        return out

    state = rnd.state
    out = {
        "game": game.name, "title": game.title, "seat": seat, "n_seats": game.n_seats,
        "sides": list(game.sides), "phase": view.phase, "to_act": view.to_act,
        "acting_for": view.acting_for, "hand": [deck.token(c) for c in view.hand],
        "legal": [a.token for a in view.legal],
        "legal_kind": view.legal[0].kind if view.legal else None,
        "auction": [[s, t] for s, t in view.auction],
        "announcements": [[s, what, cards(detail) if isinstance(detail, (list, tuple)) else jsonable(detail)] for s, what, detail in view.announcements],
        "public": facts(view.public), "private": facts(view.private),
        "trick": {"leader": view.trick[0], "cards": [deck.token(c) for c in view.trick[1]]},
        "tricks": [{"leader": leader, "cards": [deck.token(c) for c in cards], "winner": winner}
                   for leader, cards, winner in view.tricks],
        "hand_sizes": [len(h) for h in state.hands] if state is not None else None,
        "points": running_points(state) if state is not None else None,
        "points_unit": points_unit(game),
        "score": jsonable(rnd.score()) if rnd.is_over() else None,
        "score_words": score_words(rnd, seat) if rnd.is_over() else None,
        "hands": None,
    }
    extra = state.table_facts() if state is not None else None
    if extra is not None:       # a game's own table (tarot2: its piles), under its name
        out[game.name] = extra
    if state is not None and (open_hands or rnd.is_over()):
        if rnd.is_over():   # every card as dealt for the play
            out["hands"] = [[deck.token(c) for c in sorted(h.cards)] for h in state.deal.hands]
        else:
            out["hands"] = [[deck.token(c) for c in sorted(h)] for h in state.hands]
    return out


def games_json() -> dict:
    """The games and what the page needs to know of each (``Game``'s facts:
    the page names no game)."""
    return {"games": [game_facts(get_game(name)) for name in GAME_NAMES], "levels": list(LEVELS)}


def game_facts(game) -> dict:
    return {"name": game.name, "title": game.title, "seats": game.n_seats, "sides": list(game.sides),
            "seat_names": [game.seat_name(s) for s in range(game.n_seats)],
            "named_seats": game.named_seats, "has_partners": game.has_partners,
            "sides_by_taker": game.sides_by_taker, "has_dummy": game.has_dummy,
            "french_suits": game.deck.suit_symbols == FRENCH_SUIT_SYMBOLS,
            "numbered_bids": game.numbered_bids, "value_meaning": game.value_meaning_short,
            "table_note": game.table_note, "options": jsonable(game.page_options)}
