"""French tarot arithmetic as small pure functions: card points, oudlers, the
contract's target, who ends with which cards (the Excuse rules), and the
deal's score (RULES.md section 1). The game state (``atout.engine.tarot``)
and the solver share these definitions.

Points are counted in integer *half points* (91 points = 182 half points);
the score uses ``fractions.Fraction`` so that S/3 stays exact.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Sequence

from .cards import FOOL, Card, trump_card

PETIT: Card = trump_card(1)
TWENTY_ONE: Card = trump_card(21)
OUDLERS = frozenset({PETIT, TWENTY_ONE, FOOL})

#: half points of a plain card by its position (K=13, Q=12, C=11, J=10)
_FACE_HALF_POINTS = {13: 9, 12: 7, 11: 5, 10: 3}
TOTAL_HALF_POINTS = 182
#: target in card points by the number of oudlers 0..3
TARGETS = (56, 51, 41, 36)
#: contract factors [seed]
FACTORS = {"take": 1, "guard": 2, "guard_without": 4, "guard_against": 5}
#: handful bonus by level 1 (single), 2 (double), 3 (triple) [seed]
HANDFUL_BONUS = {1: 20, 2: 40, 3: 60}
PETIT_AU_BOUT = 10
MISERY_GAIN, MISERY_LOSS = 30, 10


def is_oudler(card: Card) -> bool:
    """The 21, the Petit and the Excuse."""
    return card in OUDLERS


def card_half_points(card: Card) -> int:
    """Oudler or king 9, queen 7, knight 5, jack 3, any other card 1 (half points)."""
    if card in OUDLERS:
        return 9
    if card < 64:
        return _FACE_HALF_POINTS.get(card & 15, 1)
    return 1


def half_points(cards: Iterable[Card]) -> int:
    """Total half points of some cards."""
    return sum(card_half_points(c) for c in cards)


def count_oudlers(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if c in OUDLERS)


def target(oudlers: int) -> int:
    """Card points the taker needs with that many oudlers: 56, 51, 41, 36."""
    return TARGETS[oudlers]


def margin_utility(objective) -> float:
    """A margin in half points as a match counts it, up to a constant: 25
    points more for the winner and 25 less for the loser, a jump of 100
    half points at 0 (tarot's taker, tarot2's player 0)."""
    return float(objective) + (100 if objective >= 0 else 0)


def settle_tricks(tricks: Sequence, side_of: Callable[[int], int], n_seats: int = 4, complete: bool = True):
    """Who ends with which cards after the play, by the Excuse rules.

    ``tricks`` is the complete list of the deal's tricks (``Trick`` objects:
    leader, cards in play order, winner). Returns ``(piles, exchange)``:
    ``piles[side]`` the cards the side ends with, ``exchange[side]`` the half
    points it gains (+1) or gives (-1) for the 0.5-point card exchanged for
    the Excuse.

    - A trick's cards go to the side of its winner, except the Excuse.
    - The Excuse played before the last trick goes back to its owner's side;
      if the trick was won by the other side, the owner's side gives them a
      0.5-point card (net: owner 4.0, winners 0.5).
    - The Excuse played in the last trick goes to the side opposing its owner,
      unless it won that trick (the slam exception), then it stays.

    ``complete=False``: the tricks so far of a deal under way, none of them
    its last trick.
    """
    piles: list[list[Card]] = [[], []]
    exchange = [0, 0]
    last = len(tricks) - 1 if complete else len(tricks)
    for index, trick in enumerate(tricks):
        win_side = side_of(trick.winner)
        for i, card in enumerate(trick.cards):
            if card != FOOL:
                piles[win_side].append(card)
                continue
            seat = (trick.leader + i) % n_seats
            owner = side_of(seat)
            if index < last:
                piles[owner].append(FOOL)
                if win_side != owner:
                    exchange[owner] -= 1
                    exchange[win_side] += 1
            elif trick.winner == seat:
                piles[owner].append(FOOL)
            else:
                piles[1 - owner].append(FOOL)
    return piles, exchange


def tally(piles, exchange, side: int = 0) -> tuple[int, int]:
    """(half points, oudlers) of one side from ``settle_tricks``' result with
    any dog/discard already added to the piles."""
    return half_points(piles[side]) + exchange[side], count_oudlers(piles[side])


def handful_level(size: int) -> int:
    """1, 2 or 3 for a handful of ``size`` trumps (10+, 13+, 15+), else 0."""
    return 3 if size >= 15 else 2 if size >= 13 else 1 if size >= 10 else 0


def score_deal(*, taker_half_points: int, oudlers: int, contract: str,
               petit_last_won_by_taker: bool = False, slam_announced: bool = False,
               taker_slam: bool = False, defenders_slam: bool = False,
               handfuls: Iterable[int] = (), miseries: Iterable[int] = (),
               taker: int = 0, n_seats: int = 4) -> dict:
    """The deal's score exactly as RULES.md section 1 says, from the facts of
    the play.

    ``handfuls``: the level (1..3) of each handful shown, whoever showed it;
    ``miseries``: the seat of each misery declaration (one per kind).

    ``base = 25 + |pts - target|``, + if made (pts >= target), - if not;
    Petit au bout +10 when the taker's side won the last trick holding the
    Petit and the contract is made; times the contract's factor; then,
    unmultiplied, slam (announced: +400 made, -200 failed; unannounced: +200
    for a taker's slam; a defenders' slam -200 for the taker, counted also when
    the taker had announced one), handfuls (20/40/60 each, to the side that
    wins the deal). S goes to the taker, -S/3 to each defender; each misery
    +30 to its declarer, -10 to every other player.
    """
    points = Fraction(taker_half_points, 2)
    tgt = target(oudlers)
    margin = points - tgt
    made = points >= tgt
    sign = 1 if made else -1
    base = sign * (25 + abs(margin))
    petit = PETIT_AU_BOUT if (petit_last_won_by_taker and made) else 0
    factor = FACTORS[contract]
    contract_score = (base + petit) * factor
    slam = 0
    if slam_announced:
        slam += 400 if taker_slam else -200
    elif taker_slam:
        slam += 200
    if defenders_slam:
        slam -= 200
    handful = sign * sum(HANDFUL_BONUS[level] for level in handfuls)
    total = contract_score + slam + handful
    scores = [Fraction(total) if seat == taker else -Fraction(total) / 3 for seat in range(n_seats)]
    misery = [Fraction(0)] * n_seats
    for declarer in miseries:
        for seat in range(n_seats):
            misery[seat] += MISERY_GAIN if seat == declarer else -MISERY_LOSS
    scores = [s + m for s, m in zip(scores, misery)]
    return {
        "contract": contract,
        "taker": taker,
        "points": points,
        "half_points": taker_half_points,
        "oudlers": oudlers,
        "target": tgt,
        "made": made,
        "margin": margin,
        "base": base,
        "petit_au_bout": petit,
        "factor": factor,
        "contract_score": contract_score,
        "slam": slam,
        "handful": handful,
        "total": total,
        "misery": misery,
        "scores": scores,
    }
