"""French Tarot for four players (RULES.md section 1): the reference engine.

The taker plays alone against three defenders. The play follows the tarot
obligations (follow suit; on trumps, overtrump if able; unable to follow,
trump and overtrump if able; the Excuse always playable) and the deal is
scored from the complete trick history with the pure functions of
``tarot_scoring``. The phases before the play (auction, dog and discard,
handful and misery declarations) live in ``tarot_bidding``.

Deal notation: the four hands in seat order, then ``dog:HAND``.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Sequence

from .cards import FOOL, TAROT_DECK, TRUMPS, Card, suit_of
from .deal import Deal, Packet
from .errors import RuleError
from .game import DEEP_DEAL_NODE_LIMITS, Game, TrickState
from .inference import Holder, SamplingModel
from .tarot_bidding import (CONTRACTS, DOG_CONTRACTS, KING, by_seat, check_discard, check_handful,
                            check_misery, default_discard, parse_contract)
from .tarot_scoring import (HANDFUL_BONUS, MISERY_GAIN, MISERY_LOSS, PETIT, TOTAL_HALF_POINTS, card_half_points,
                            margin_utility, score_deal, settle_tricks, tally, target)

N_SEATS = 4
HAND_SIZE = 18
DOG_SIZE = 6


def led_suit_of(cards: Sequence[Card]) -> int | None:
    """The suit to follow: that of the first card other than the Excuse
    (an Excuse led lets the next card set the suit); None if there is none."""
    for card in cards:
        if card != FOOL:
            return suit_of(card)
    return None


def legal_from(hand, trick: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (cards so far, in
    order). Follow the suit led; if trumps are led or you cannot follow,
    play a trump, one higher than every trump in the trick if you can; with
    neither, any card. The Excuse is always playable."""
    hand = set(hand)
    led = led_suit_of(trick)
    if led is None:
        return sorted(hand)
    follow = [c for c in hand if suit_of(c) == led]
    if led != TRUMPS and follow:
        legal = follow
    else:
        trumps = [c for c in hand if suit_of(c) == TRUMPS]
        if trumps:
            top = max((c for c in trick if suit_of(c) == TRUMPS), default=0)
            legal = [c for c in trumps if c > top] or trumps
        else:
            legal = list(hand)
    if FOOL in hand and FOOL not in legal:
        legal.append(FOOL)
    return sorted(legal)


def winning_index(cards: Sequence[Card], excuse_wins: bool = False) -> int:
    """Index of the card that wins a complete trick: the highest trump, else
    the highest card of the suit led; the Excuse never wins, except when
    ``excuse_wins`` (the slam exception: it was led to the last trick by a
    side that won every previous trick)."""
    if excuse_wins and cards[0] == FOOL:
        return 0
    led = led_suit_of(cards)

    def strength(card: Card) -> int:
        if card == FOOL:
            return -1
        if suit_of(card) == TRUMPS:
            return 100 + card
        return card if suit_of(card) == led else -1
    return max(range(len(cards)), key=lambda i: strength(cards[i]))


def _flatten(items) -> list:
    out = []
    for item in items:
        if isinstance(item, (list, tuple, set, frozenset)):
            out.extend(item)
        else:
            out.append(item)
    return out


class TarotGame(Game):
    name = "tarot"
    title = "French Tarot, four players"
    deck = TAROT_DECK
    n_seats = N_SEATS
    hand_sizes = (HAND_SIZE,) * N_SEATS
    extra_sizes = {"dog": DOG_SIZE}
    #: with the default taker, seat 0; the state's side_of follows the contract
    sides = (0, 1, 1, 1)
    sides_by_taker = True

    # what the front ends say and default to (``Game``)
    value_meaning = "taker's margin over the target, in points"
    value_meaning_short = "the taker's margin over the target, in points"
    value_scale = 2
    points_unit = "card points"
    bid_score_meaning = "the taker's score (pass = 0)"
    table_axes = "rows: the contract of the taker (seat 0), default discard"
    table_choices = {c: {"contract": c} for c in ("take", "guard", "guard_without", "guard_against")}
    contract_options = ("taker", "contract", "discard", "slam")
    node_limits = dict(DEEP_DEAL_NODE_LIMITS)
    deep_tricks = 10
    analysis_seconds_per_deal = 0.6
    discard_size = DOG_SIZE
    discard_rule = "Kings and oudlers may not go; trumps only when nothing else can, and a trump put aside is shown"

    def play_trump(self, public: dict) -> int:
        return TRUMPS

    def new_auction(self, public: dict):
        from .tarot_bidding import TarotAuction
        return TarotAuction()

    def card_worth(self, card: Card, trump) -> float:
        return card_half_points(card) / 2

    def partners(self, seat: int, public: dict) -> set:
        """The taker plays alone; before a taker is known, every seat does."""
        taker = public.get("taker")
        if taker is None or seat == taker:
            return {seat}
        return {s for s in range(N_SEATS) if s != taker}

    def unknown_hand_message(self, seat: int) -> str:
        return (f"{self.seat_name(seat)} is to play and, as the taker under take or guard, holds the dog,"
                " which is not known here: give the dog (dog:...), or analyse --contract guard_without"
                " or guard_against")

    def new_state(self, deal: Deal, taker: int = 0, contract: str = "guard", discard=None,
                  slam: bool = False, handfuls=None, miseries=None) -> "TarotState":
        """The play of a deal under a contract.

        ``taker``: seat 0..3. ``contract``: take, guard, guard_without,
        guard_against (or petite, garde, garde_sans, garde_contre).
        ``discard``: for take/guard, the taker's 6 discarded cards (text or
        cards), checked by the legal-discard rule; None chooses
        ``default_discard`` (the cheapest legal cards). ``slam``: a slam was
        announced (the taker leads). ``handfuls``: {seat: cards shown} (text
        or cards, from the playing hand). ``miseries``: {seat: kind or kinds},
        kind "trump" (no trump) or "face" (no face card), on the dealt cards.
        """
        return TarotState(self, deal, taker=taker, contract=contract, discard=discard,
                          slam=slam, handfuls=handfuls, miseries=miseries)

    def sampling_model(self, deal: Deal, played=(), contract=None):
        """Under take or guard the defenders saw the dog but not the discard:
        the taker's playing hand and the discard are sampled (see
        ``TakerDiscardModel``); otherwise the default model."""
        contract = dict(contract or {})
        taker = int(contract.get("taker", 0))
        name = parse_contract(contract.get("contract", "guard"))
        if (name in DOG_CONTRACTS and contract.get("discard") is None
                and 0 <= taker < N_SEATS and deal.hands[taker].unknown):
            model = TakerDiscardModel(deal, played, contract, taker)
        else:
            model = SamplingModel(deal, played, contract)
        # the replay of the play deals the unseen cards anyhow: a handful's
        # rule would judge those stand-in hands (the play does not depend on it)
        model.play_contract.pop("handfuls", None)
        # a handful shown with the Excuse standing in for a trump shows every
        # trump of the hand: the seat holds no other
        packets = {*range(N_SEATS), "dog"}
        for seat, shown in by_seat(contract.get("handfuls"), N_SEATS, "handful").items():
            cards = set(deal.game.parse_cards(shown[0]) if isinstance(shown[0], str) else shown[0])
            if FOOL in cards:
                for card in TAROT_DECK.cards:
                    if suit_of(card) == TRUMPS and card not in cards:
                        model.restrict[card] = model.restrict.get(card, packets) - {seat}
        return model


class TarotState(TrickState):
    """The play of one tarot deal. Side 0 is the taker, side 1 the defenders;
    the search maximises the taker's margin (``objective``)."""

    max_side = 0
    #: no point and no oudler (target 56) .. every point with the three (target 36)
    objective_range = (-2 * target(0), TOTAL_HALF_POINTS - 2 * target(3))

    def __init__(self, game: TarotGame, deal: Deal, taker: int = 0, contract: str = "guard",
                 discard=None, slam: bool = False, handfuls=None, miseries=None):
        super().__init__(game, deal, leader=0)
        if len(deal.hands) != N_SEATS:
            raise RuleError(f"a tarot deal has {N_SEATS} hands, not {len(deal.hands)}")
        for seat, hand in enumerate(deal.hands):
            if hand.size != HAND_SIZE:
                raise RuleError(f"hand of seat {seat} holds {hand.size} cards, a tarot hand holds {HAND_SIZE}")
        dog = deal.extra("dog")
        if len(dog) != DOG_SIZE:
            raise RuleError(f"the dog holds {len(dog)} cards, a tarot dog holds {DOG_SIZE}")
        if not isinstance(taker, int) or isinstance(taker, bool) or not 0 <= taker < N_SEATS:
            raise RuleError(f"unknown taker {taker!r}: the taker is a seat 0..{N_SEATS - 1}")
        self.taker = taker
        self.contract = parse_contract(contract)
        self.dog = frozenset(dog)
        self.slam_announced = bool(slam)
        if self.contract in DOG_CONTRACTS:
            full = set(deal.hand(taker)) | self.dog
            chosen = default_discard(full) if discard is None else check_discard(full, discard)
            self.discard = frozenset(chosen)
            self.hands[taker] = full - self.discard
        else:
            if discard is not None:
                raise RuleError(f"no discard in a {self.contract} contract: the dog stays unseen")
            self.discard = frozenset()
        self.leader = taker if self.slam_announced else 0

        self.handfuls: dict[int, tuple[frozenset, int]] = {}
        for seat, shown in sorted(by_seat(handfuls, N_SEATS, "handful").items()):
            if len(shown) > 1:
                raise RuleError(f"handful of seat {seat}: one handful per player")
            self.handfuls[seat] = check_handful(self.hands[seat], shown[0], seat)
        self.miseries: dict[int, list[str]] = {}
        for seat, kinds in sorted(by_seat(miseries, N_SEATS, "misery").items()):
            checked = [check_misery(deal.hand(seat), kind, seat) for kind in _flatten(kinds)]
            if len(set(checked)) != len(checked):
                raise RuleError(f"misery of seat {seat}: each kind may be declared once")
            self.miseries[seat] = checked

    # -- sides ------------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return 0 if seat == self.taker else 1

    # -- rules of the play ---------------------------------------------------------
    @property
    def led_suit(self) -> int | None:
        return led_suit_of(self.trick)

    def legal_cards(self) -> list[Card]:
        if self.is_over():
            return []
        return legal_from(self.hands[self.to_play], self.trick)

    def excuse_exception(self, leader: int, cards: Sequence[Card]) -> bool:
        """Does the Excuse win this trick? Only when it is led to the last
        trick (every hand empty once this trick is complete) by a side that
        won every trick before."""
        return (cards[0] == FOOL and all(not h for h in self.hands)
                and len(self.tricks) > 0
                and all(self.side_of(t.winner) == self.side_of(leader) for t in self.tricks))

    def trick_winner(self, leader: int, cards: Sequence[Card]) -> int:
        index = winning_index(cards, self.excuse_exception(leader, cards))
        return (leader + index) % self.n

    # -- the end of the deal ----------------------------------------------------------
    def dog_side(self) -> int:
        """The side the dog (or the discard) counts for."""
        return 1 if self.contract == "guard_against" else 0

    def final_piles(self):
        """(piles, exchange) as in ``settle_tricks``, with the discard (take,
        guard) or the dog (guard without, guard against) added to its side."""
        piles, exchange = settle_tricks(self.tricks, self.side_of, self.n)
        extra = self.discard if self.contract in DOG_CONTRACTS else self.dog
        piles[self.dog_side()].extend(sorted(extra))
        return piles, exchange

    def taker_tally(self) -> tuple[int, int]:
        """(half points, oudlers) of the taker at the end of the deal."""
        self._require_over()
        return tally(*self.final_piles(), side=0)

    def objective(self) -> int:
        """The taker's margin in half points: 2 * points - 2 * target."""
        half, oudlers = self.taker_tally()
        return half - 2 * target(oudlers)

    def contract_target(self) -> int:
        """The taker makes the contract exactly when the objective is >= 0."""
        return 0

    def utility(self, objective) -> float:
        return margin_utility(objective)

    @property
    def trick_trump(self) -> int:
        return TRUMPS

    def headline_score(self, score: dict):
        """The taker's score (a Fraction when S/3 or a half point is involved)."""
        return score["scores"][self.taker]

    def score(self) -> dict:
        half, oudlers = self.taker_tally()
        last = self.tricks[-1]
        winners = {self.side_of(t.winner) for t in self.tricks}
        result = score_deal(
            taker_half_points=half, oudlers=oudlers, contract=self.contract,
            petit_last_won_by_taker=PETIT in last.cards and self.side_of(last.winner) == 0,
            slam_announced=self.slam_announced,
            taker_slam=winners == {0}, defenders_slam=winners == {1},
            handfuls=[level for _, level in self.handfuls.values()],
            miseries=[seat for seat, kinds in sorted(self.miseries.items()) for _ in kinds],
            taker=self.taker, n_seats=self.n)
        result["tricks"] = self.tricks_won(0)
        return result

    def score_words(self, score: dict, names) -> list[str]:
        """The score in sentences (RULES.md section 1): who won and by how
        much, then each line of the score that applied. ``names``: a
        ``words.Names``."""
        from .words import CONTRACT_WORDS, capital, number, plural, signed
        taker, defence = names.side(0), names.side(1)
        contract = CONTRACT_WORDS[score["contract"]]
        made, margin = score["made"], abs(score["margin"])
        by = "exactly" if margin == 0 else f"by {plural(margin, 'point')}"
        winner = taker if made else defence
        if made:
            lines = [f"{capital(taker)} made the {contract} {by} and won the deal."]
        else:
            lines = [f"{capital(defence)} won: {taker} failed the {contract} {by}."]
        counted = {"take": "counting the discard", "guard": "counting the discard",
                   "guard_without": "counting the dog", "guard_against": "the dog counting for the defenders"}
        lines.append(f"Card points: {taker} won {number(score['points'])} with "
                     f"{plural(score['oudlers'], 'oudler')} ({counted[score['contract']]}), against a target of "
                     f"{score['target']}.")
        base = score["base"]
        lines.append(f"Base: 25 + {number(margin)} = {number(abs(base))}, "
                     f"{'for' if made else 'against'} the taker.")
        if score["petit_au_bout"]:
            lines.append(f"Petit au bout: +{score['petit_au_bout']}, the Petit in the last trick won by "
                         f"{taker}.")
        if score["factor"] != 1:
            lines.append(f"Times {score['factor']} for the {contract}: {signed(score['contract_score'])}.")
        if score["slam"]:
            winners = {self.side_of(t.winner) for t in self.tricks}
            if self.slam_announced:
                what = "announced and made" if winners == {0} else "announced and not made"
            elif winners == {0}:
                what = "made without being announced"
            else:
                what = "by the defenders"
            lines.append(f"Slam {what}: {signed(score['slam'])} for the taker.")
        for seat, (_, level) in sorted(self.handfuls.items()):
            kind = ("handful (10 trumps)", "double handful (13 trumps)", "triple handful (15 trumps)")[level - 1]
            lines.append(f"Handful: {names.seat(seat)} showed a {kind}, worth {HANDFUL_BONUS[level]}, counted "
                         f"for the side that won the deal, {winner}.")
        for seat, kinds in sorted(self.miseries.items()):
            for kind in kinds:
                lines.append(f"Misery ({'no trump' if kind == 'trump' else 'no face card'}): "
                             f"+{MISERY_GAIN} to {names.seat(seat)}, -{MISERY_LOSS} to each other player.")
        lines.append("Scores: " + ", ".join(f"{names.seat(s)} {signed(v)}" for s, v in enumerate(score["scores"]))
                     + ".")
        return lines

    def points_note(self) -> str:
        if not self.is_over():
            return ""
        return " (with the dog)" if self.contract in ("guard_without", "guard_against") else " (with the discard)"

    def contract_terms(self, discard_known: bool, show_cards):
        from .words import CONTRACT_WORDS
        terms = [f"{CONTRACT_WORDS[self.contract]} by seat {self.taker}"]
        defaults = [("taker", self.taker), ("contract", self.contract)]
        if self.discard and discard_known:
            terms.append("discard " + show_cards(sorted(self.discard)))
            defaults.append(("discard", "(the cheapest legal cards)"))
        if self.slam_announced:
            terms.append("slam announced")
        return terms, defaults

    def score_line(self, score: dict) -> str:
        from .words import CONTRACT_WORDS, number
        s = score
        text = (f"{CONTRACT_WORDS[s['contract']]} by seat {s['taker']}: {number(s['points'])} card points"
                f" with {s['oudlers']} oudler{'s' * (s['oudlers'] != 1)}, target {s['target']}:"
                f" {'made' if s['made'] else 'failed'} by {number(abs(s['margin']))}; score {number(s['total'])}")
        extras = [f"{name.replace('_', ' ')} {number(s[name])}"
                  for name in ("petit_au_bout", "slam", "handful") if s[name]]
        if extras:
            text += " (" + ", ".join(extras) + ")"
        return text + "; per seat " + ", ".join(number(v) for v in s["scores"])

    def points_so_far(self) -> tuple:
        """Card points of the taker and of the defenders so far, counted as
        the score counts them: the Excuse back to its owner with its half
        point exchanged, and at the end the discard or the dog to its side
        (the taker's points then equal the score's ``points``)."""
        if self.is_over():
            piles, exchange = self.final_piles()
        else:
            piles, exchange = settle_tricks(self.tricks, self.side_of, self.n, complete=False)
        return tuple(Fraction(tally(piles, exchange, side)[0], 2) for side in (0, 1))

    def _require_over(self) -> None:
        if not self.is_over():
            raise RuleError("the deal is not over: no score yet")

    # -- information ---------------------------------------------------------------
    def handful_shown(self, seat: int) -> bool:
        """A handful is shown as its owner plays its first card."""
        if seat not in self.handfuls:
            return False
        if self.tricks:
            return True
        return self.to_play == seat or (seat - self.leader) % self.n < len(self.trick)

    def public_cards(self, seat: int) -> dict:
        """The dog when it was shown (take, guard), the trumps shown in the
        discard, the handfuls shown so far; the taker also sees its discard."""
        out: dict = {}
        if self.contract in DOG_CONTRACTS:
            out["dog"] = sorted(self.dog)
            out["discard_trumps"] = sorted(c for c in self.discard if suit_of(c) == TRUMPS)
            if seat == self.taker:
                out["discard"] = sorted(self.discard)
        out["handfuls"] = {s: sorted(self.handfuls[s][0]) for s in sorted(self.handfuls)
                           if self.handful_shown(s) or s == seat}
        if self.miseries:
            out["miseries"] = {s: list(k) for s, k in sorted(self.miseries.items())}
        return out

    def __repr__(self) -> str:
        return (f"<tarot {self.contract} taker={self.taker} "
                + super().__repr__().removeprefix("<tarot "))


class TakerDiscardModel(SamplingModel):
    """Take or guard seen by a defender: the dog was shown, the discard was
    not. The view replaces the taker's dealt hand by its playing hand (18
    unknown cards) and the dog by the unseen discard (6 cards that may not be
    kings, oudlers or trumps: a trump discarded is shown, and then it is
    given); each dog card is in the playing hand or the discard. The play is
    replayed as guard without, which plays the same cards. Where the dog was
    not given either, the dealt hand and dog are split arbitrarily (the play
    and the score do not depend on it)."""

    def __init__(self, deal, played, contract, taker):
        super().__init__(deal, played, contract)
        self.taker = taker
        self.dog = deal.extras["dog"].cards
        self.view = replace(deal, extras={"dog": Packet(frozenset(), DOG_SIZE)})
        self.play_contract = {k: v for k, v in contract.items() if k != "discard"}
        self.play_contract["contract"] = "guard_without"
        self.restrict = {card: {taker, "dog"} for card in self.dog}

    def holders(self, gained):
        return [Holder(h.packet, h.capacity, discardable_card) if h.packet == "dog" else h
                for h in super().holders(gained)]

    def assemble(self, view_deal):
        playing = view_deal.hands[self.taker].cards
        discard = view_deal.extras["dog"].cards
        pool = playing | discard
        dog = self.dog if len(self.dog) == DOG_SIZE else frozenset(sorted(pool)[:DOG_SIZE])
        hands = list(view_deal.hands)
        hands[self.taker] = Packet(pool - dog)
        deal = replace(view_deal, hands=tuple(hands), extras={"dog": Packet(dog)})
        return deal, {**self.contract, "discard": sorted(discard)}


def discardable_card(card: Card) -> bool:
    """May the taker's unseen discard hold this card? No king, no oudler, and
    no trump (a trump discarded is shown, so it would be known)."""
    return card < 64 and (card & 15) != KING


GAME = TarotGame()

__all__ = ["CONTRACTS", "GAME", "TarotGame", "TarotState", "legal_from", "led_suit_of",
           "winning_index"]
