"""Every game's calls, discards and declarations by rules of thumb: the
easy player's, and the rule every bot assumes the others call by (the
auction inference, hard's scored calls). ``rule_call(view)`` answers any
decision other than a card to play.
"""

from __future__ import annotations

from atout.engine.cards import TRUMPS, position_of, suit_of

from .cards import SUITS


# -- tarot -----------------------------------------------------------------
def tarot_auction(view):
    value = tarot_bid_value(view.hand)
    trumps = sum(1 for c in view.hand if suit_of(c) == TRUMPS)
    legal = {a.token for a in view.legal}
    best = "pass"
    for name, need in TAROT_NEEDS:
        if value >= need and name in legal and (name == "take" or trumps >= GUARD_TRUMPS):
            best = name
    return best


def tarot_discard(view):
    from atout.analysis.bid_planners import tarot_discard
    pool = set(view.hand) | set(view.private.get("discard", ()))
    return next_of_plan(view, tarot_discard(pool))


def next_of_plan(view, plan):
    """The card to discard now, of a discard ``plan`` made for all the
    cards (the first still legal)."""
    legal = [a.value for a in view.legal]
    return next((c for c in plan if c in legal), legal[0])


def tarot_declare(view):
    tokens = [a.token for a in view.legal]
    if "slam" in tokens:
        return "no_slam"
    if view.seat == view.public.get("taker"):
        return tokens[-1]       # the taker shows its largest handful
    return "no_handful"


# -- belote ----------------------------------------------------------------
def belote_auction(view):
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


# -- smear -----------------------------------------------------------------
def smear_strength(cards, suit) -> int:
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


def smear_auction(view):
    best = max(smear_strength(view.hand, s) for s in range(4))
    legal = [a.token for a in view.legal]
    bid = str(min(best, 4))
    return bid if best >= 2 and bid in legal else "pass"


def smear_trump(view):
    legal = [a.token for a in view.legal]
    return max(legal, key=lambda t: (smear_strength(view.hand, SUITS.index(t)),
                                     sum(1 for c in view.hand if suit_of(c) == SUITS.index(t))))


def smear_discard(view):
    from atout.analysis.bid_planners import smear_discard
    trump = SUITS.index(view.public["trump"])
    held = set(view.hand) | set(view.private.get("discard", ()))
    return next_of_plan(view, smear_discard(held, trump))


# -- tarocco ---------------------------------------------------------------
def tarocco_discard(view):
    from atout.analysis.bid_planners import tarocco_candidates
    held = set(view.hand) | set(view.private.get("discard", ()))
    plan, _, _ = tarocco_candidates(held, 1)
    return next_of_plan(view, plan[0])


#: the tarot bids and the measure of a hand (``tarot_bid_value``) each needs
TAROT_NEEDS = (("take", 13), ("guard", 17), ("guard_without", 23), ("guard_against", 27))
#: the fewest trumps of a guard or more, whatever the honours: a club player
#: never guards on a short trump suit (how often the measure alone would
#: have: docs/STRENGTH.md)
GUARD_TRUMPS = 5


def tarot_bid_value(hand) -> int:
    """Trumps, plus 3 an oudler and 2 a king: the measure ``tarot_auction`` bids by."""
    from atout.engine.tarot_scoring import OUDLERS
    trumps = sum(1 for c in hand if suit_of(c) == TRUMPS)
    oudlers = sum(1 for c in hand if c in OUDLERS)
    kings = sum(1 for c in hand if c < 64 and (c & 15) == 13)
    return trumps + 3 * oudlers + 2 * kings


#: (game, phase) -> the rule; a decision without one takes the first legal action
RULES = {
    ("tarot", "auction"): tarot_auction,
    ("tarot", "discard"): tarot_discard,
    ("tarot", "declare"): tarot_declare,
    ("belote", "auction"): belote_auction,
    ("smear", "auction"): smear_auction,
    ("smear", "trump"): smear_trump,
    ("smear", "discard"): smear_discard,
    ("tarocco", "discard"): tarocco_discard,
}


def rule_call(view):
    """The legal action the rules of thumb choose at a decision other than
    a card to play."""
    rule = RULES.get((view.game, view.phase))
    if rule is None:
        return view.legal[0]
    choice = rule(view)
    for action in view.legal:
        if action.token.lower() == str(choice).lower() or action.value == choice:
            return action
    return view.legal[0]
