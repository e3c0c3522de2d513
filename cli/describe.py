"""Words for a game's seats, sides, contract and score in text output: a
bridge seat is N, E, S or W, a side is named by its seats (N-S, seats 0+2,
the taker), and a score is a sentence, never a Python dict or tuple."""

from __future__ import annotations

from atout.engine.words import CONTRACT_WORDS, Names, number  # noqa: F401 (number: the commands' import)

from .format import cards_text

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
FRENCH_SUITS = "SHDC"


def seat_name(game, seat: int) -> str:
    return game.seat_name(seat)


def side_name(state, side: int) -> str:
    """A side by its seats: N-S, seats 0+2, player 1, the taker (seat 0)."""
    return Names.of(state).neutral_side(side)


def direction(state, seat: int) -> str:
    """Which way is good for the seat: the value is the max side's."""
    good = "higher" if state.maximizing(seat) else "lower"
    return f"{good} is better for {seat_name(state.game, seat)}"


def made_label(state) -> str:
    """The probability column's name: P(made) where a side declared a
    contract, else the chance that the max side wins (tarocco, tarot2)."""
    if state.game.name == "tarocco":
        return "P(0+2 win)"
    return "P(player 0 wins)" if state.game.name == "tarot2" else "P(made)"


def made_meaning(state) -> str:
    label = made_label(state)
    if label == "P(made)":
        who = side_name(state, state.max_side)
        verb = "makes" if who.startswith("the taker") else "make"
        return f"P(made): the probability that {who} {verb} the contract"
    return f"{label}: the probability that {label[2:-1].replace('0+2', 'seats 0+2')}"


def made_text(state, made: bool) -> str:
    """The contract's outcome in words, as ``made`` (``SolveResult.made``)
    says it: made or failed by the side that declared, or whether seats 0+2
    (tarocco) or player 0 (tarot2) win, where not winning includes a draw."""
    name = state.game.name
    if name == "tarocco":
        return "seats 0+2 win" if made else "seats 0+2 do not win (a loss, or a draw at 57)"
    if name == "tarot2":
        return "player 0 wins" if made else "player 0 does not win (a loss or a draw)"
    return f"{'made' if made else 'failed'} by {side_name(state, state.max_side)}"


def outcome_names(state) -> str:
    """The three sample counts: contract made / failed / not settled."""
    return "made/failed/unsettled" if made_label(state) == "P(made)" else "won/lost/unsettled"


#: what the rows (and columns) of `atout table` are, per game
TABLE_AXES = {
    "bridge": "rows: the declarer; columns: the strain",
    "belote": "rows: the trump suit; columns: the taker's seat",
    "smear": "rows: the trump suit the bidder (seat 0) leads",
    "tarot2": "rows: the player who leads first",
    "tarot": "rows: the contract of the taker (seat 0), default discard",
    "tarocco": "the deal as dealt",
}


# -- the contract, with the defaults that were applied ---------------------------------

def contract_text(state, given: dict, discard_known: bool = True) -> str:
    """The contract being played, and which of its terms were defaults
    (the options not given); ``discard_known`` is False where the taker's
    discard is a sampled unknown."""
    game = state.game.name
    terms, defaults = CONTRACT_TERMS[game](state, discard_known)
    text = "contract: " + ", ".join(terms)
    applied = [f"--{key.replace('_', '-')} {value}" for key, value in defaults if key not in given]
    return text + (f"  (defaults applied: {' '.join(applied)})" if applied else "")


def _bridge(state, _known):
    strain = "NT" if state.trump is None else FRENCH_SUITS[state.trump]
    declarer = "NESW"[state.declarer]
    terms = [f"declarer {declarer}", f"strain {strain}"] if state.level is None else \
        [f"{state.level}{strain} by {declarer}"]
    return terms, [("declarer", declarer), ("strain", strain)]


def _belote(state, _known):
    from atout.engine.belote import format_variant
    trump = FRENCH_SUITS[state.trump]
    terms = [f"trump {SUIT_NAMES[trump]}", f"taker seat {state.taker} (seats {state.taker % 2}+"
             f"{state.taker % 2 + 2})"]
    if state.variant:
        terms.append(f"variant {format_variant(state.variant)}")
    return terms, [("trump", trump), ("taker", state.taker)]


def _tarot(state, known):
    terms = [f"{CONTRACT_WORDS[state.contract]} by seat {state.taker}"]
    defaults = [("taker", state.taker), ("contract", state.contract)]
    if state.discard and known:
        terms.append("discard " + cards_text(state.game.deck, sorted(state.discard)))
        defaults.append(("discard", "(the cheapest legal cards)"))
    if state.slam_announced:
        terms.append("slam announced")
    return terms, defaults


def _smear(state, _known):
    trump = "the suit of the first lead" if state.fixed_trump is None else \
        SUIT_NAMES[FRENCH_SUITS[state.fixed_trump]]
    terms = [f"bid {state.bid} by seat {state.bidder}", f"trump {trump}"]
    if state.widow:
        terms.append(f"widow {state.widow}")
    return terms, [("bidder", state.bidder), ("bid", state.bid)]


def _tarot2(state, _known):
    return [f"player {state.first} leads first"], [("first", state.first)]


def _tarocco(state, _known):
    return ["none (seats 0+2 against 1+3, seat 3 dealt)"], []


CONTRACT_TERMS = {"bridge": _bridge, "belote": _belote, "tarot": _tarot, "smear": _smear,
                  "tarot2": _tarot2, "tarocco": _tarocco}


# -- the score of a finished deal ---------------------------------------------------------

def score_text(state, score: dict) -> str:
    """The deal's result in words (``state`` gives the sides' names)."""
    return SCORE_TEXT[state.game.name](state, score)


def _pair(state, values) -> str:
    return ", ".join(f"{side_name(state, side)} {number(v)}" for side, v in enumerate(values))


def _score_bridge(state, s):
    text = f"{s['tricks']} tricks for {side_name(state, state.max_side)}"
    if "made" in s:
        over = s["overtricks"]
        text += (f": made, {over} overtrick{'s' * (over != 1)}" if over > 0 else ": made" if s["made"]
                 else f": down {-over}")
    return text


def _score_belote(state, s):
    side = s["taker_side"]
    parts = [f"card points {_pair(state, s['card_points'])}"]
    if any(s["belote_rebelote"]):
        parts.append("belote-rebelote " + _pair(state, s["belote_rebelote"]))
    if s["capot"] is not None:
        parts.append(f"capot by {side_name(state, s['capot'])}")
    parts.append(f"{'made' if s['made'] else 'failed'} by {side_name(state, side)}")
    return "; ".join(parts) + f"; scores {_pair(state, s['scores'])}"


def _score_smear(state, s):
    def who(point):
        side = s[point]
        return "nobody" if side is None else side_name(state, side)
    points = ", ".join(f"{p.capitalize()} {who(p)}" for p in ("high", "low", "jack", "game"))
    return (f"{points} (game points {_pair(state, s['game_points'])}); points won "
            f"{_pair(state, s['won'])}; bid {s['bid']} {'made' if s['made'] else 'failed'};"
            f" scores {_pair(state, s['scores'])}")


def _score_tarot(state, s):
    text = (f"{CONTRACT_WORDS[s['contract']]} by seat {s['taker']}: {number(s['points'])} card points"
            f" with {s['oudlers']} oudler{'s' * (s['oudlers'] != 1)}, target {s['target']}:"
            f" {'made' if s['made'] else 'failed'} by {number(abs(s['margin']))}; score {number(s['total'])}")
    extras = [f"{name.replace('_', ' ')} {number(s[name])}"
              for name in ("petit_au_bout", "slam", "handful") if s[name]]
    if extras:
        text += " (" + ", ".join(extras) + ")"
    return text + "; per seat " + ", ".join(number(v) for v in s["scores"])


def _score_tarot2(state, s):
    players = "; ".join(f"player {p} {number(s['points'][p])} points, {s['oudlers'][p]} oudlers,"
                        f" target {s['targets'][p]}, margin {number(s['margins'][p])}" for p in (0, 1))
    result = "a draw" if s["draw"] else f"player {s['winner']} wins"
    return f"{players}: {result}; scores {number(s['scores'][0])}, {number(s['scores'][1])}"


def _score_tarocco(state, s):
    result = "a draw" if s["draw"] else f"{side_name(state, s['winner'])} win"
    sweep = "" if s["sweep"] is None else f", a sweep by {side_name(state, s['sweep'])}"
    return (f"card points {_pair(state, s['points'])} (tricks {_pair(state, s['tricks'])}):"
            f" {result}{sweep}")


SCORE_TEXT = {"bridge": _score_bridge, "belote": _score_belote, "smear": _score_smear,
              "tarot": _score_tarot, "tarot2": _score_tarot2, "tarocco": _score_tarocco}
