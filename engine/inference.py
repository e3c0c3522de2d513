"""What the play reveals about the hidden hands, for any game.

Each card played was legal for the hand it came from. In every game here a
card ``p`` is illegal only because the hand holds some other card that takes
priority (a card of the suit led, a trump, a higher trump), so "seat s could
not have held card c when it played p" is tested one card at a time: give the
seat the hand ``{p, c}`` in the position where it played ``p``, and ask the
game's own ``legal_cards`` whether ``p`` is still legal. The rules are not
restated here; a game whose obligations change, changes the inference (the
Belote variants: without forced undertrump, a discard over an opponent's
ruff proves only that the seat holds no trump able to beat it).

``replay`` walks the plays of a partly known deal on a stand-in complete deal
(the unseen cards put anywhere), moving each played card into the hand of the
seat that played it, and collects for each seat the cards it cannot hold.
An automatic announcement (Belote-Rebelote: the seat dealt both cards of a
pair says so with the first of them) adds cards a seat must or cannot hold:
``pair_announcement``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

from .cards import Card
from .deal import Deal, Packet
from .errors import IllegalPlayError, RuleError


@dataclass
class PlayKnowledge:
    """What an observer knows after some plays of a partly known deal."""

    deal: Deal
    played: list[Card]
    #: seat of each played card, in order
    players: list[int]
    #: cards each seat is known not to hold (now or when it played), among the unseen
    forbidden: list[set] = field(default_factory=list)
    #: cards each seat is known to hold now (an announcement), among the unseen
    holds: list[set] = field(default_factory=list)

    def played_by(self, seat: int) -> list[Card]:
        return [c for c, s in zip(self.played, self.players) if s == seat]


def stand_in_deal(deal: Deal, played: Sequence[Card]) -> Deal:
    """A complete deal that agrees with the known cards: the unseen cards fill
    the unknown places, the played ones first into the hands (they were played
    from a hand)."""
    known = deal.known_cards()
    unseen = [c for c in deal.game.deck.cards if c not in known]
    order = [c for c in played if c in set(unseen)]
    order += [c for c in unseen if c not in set(order)]
    it = iter(order)
    hands = tuple(Packet(h.cards | {next(it) for _ in range(h.unknown)}) for h in deal.hands)
    piles = tuple(tuple(tuple(c if c is not None else next(it) for c in pile) for pile in player)
                  for player in deal.piles)
    extras = {n: Packet(p.cards | {next(it) for _ in range(p.unknown)}) for n, p in deal.extras.items()}
    return replace(deal, hands=hands, extras=extras, piles=piles)


def replay(deal: Deal, played: Sequence[Card], **contract) -> PlayKnowledge:
    """Replay the plays of a partly known deal; raise IllegalPlayError naming
    the first play that no hand consistent with what is known could make."""
    game = deal.game
    deck = game.deck
    known_by_seat = [set(h.cards) for h in deal.hands]
    fully_known = [h.unknown == 0 for h in deal.hands]
    known = deal.known_cards()
    state = game.new_state(stand_in_deal(deal, played), **contract)
    pinned = [set(k) for k in known_by_seat]  # cards that must stay in a seat's hand
    forbidden: list[set] = [set() for _ in deal.hands]
    players: list[int] = []
    open_cards = {c for c in deck.cards if c not in known}
    for card in played:
        seat = state.to_play
        if state.is_over():
            raise IllegalPlayError(f"cannot play {deck.token(card)}: the deal is over")
        if card in state.played:
            raise IllegalPlayError(f"card {deck.token(card)} played twice")
        owner = next((s for s, k in enumerate(known_by_seat) if card in k), None)
        if owner is not None and owner != seat:
            raise IllegalPlayError(f"illegal play {deck.token(card)}: it is in seat {owner}'s hand,"
                                   f" but seat {seat} is to play")
        if card in known and owner is None and card not in state.holding(seat):
            raise IllegalPlayError(f"illegal play {deck.token(card)}: seat {seat} cannot hold it")
        if card not in state.holding(seat):
            bring_into_hand(state, seat, card, pinned)
        pinned[seat].add(card)
        # what this play says about the rest of the seat's hand (the cards it
        # still holds: a known card it played earlier says nothing now)
        candidates = (open_cards - set(state.played)) | {c for c in known_by_seat[seat]
                                                         if c != card and c not in state.played}
        ruled_out = cards_ruled_out(state, seat, card, candidates)
        if fully_known[seat] or ruled_out & known_by_seat[seat]:
            if card not in state.legal_cards():
                raise IllegalPlayError(
                    f"illegal play {deck.token(card)}: seat {seat} must play one of "
                    f"{deck.format_cards(sorted(state.legal_cards(), reverse=True))}")
        forbidden[seat] |= ruled_out & open_cards
        state._apply(card)  # the stand-in hand may break the obligations: the probe above judged
        players.append(seat)
    return PlayKnowledge(deal, list(played), players, forbidden, [set() for _ in deal.hands])


def pair_announcement(knowledge: PlayKnowledge, pair: Sequence[Card], announcer: int | None) -> None:
    """Add what an automatic pair announcement says to ``knowledge``: the
    seat dealt both cards of ``pair`` announces when it plays the first of
    them, and only then (Belote-Rebelote, RULES.md section 3).
    ``announcer``: the seat that announced, or None when nobody has.

    * announced: the pair's other card, if not played yet, is in the
      announcer's hand;
    * nobody announced: the seat that played a card of the pair was not
      dealt the other one.

    Raises RuleError when the plays or the known cards contradict it."""
    deal = knowledge.deal
    deck = deal.game.deck
    names = " and ".join(deck.token(c) for c in pair)
    plays = [(c, s) for c, s in zip(knowledge.played, knowledge.players) if c in pair]
    if not plays:
        if announcer is not None:
            raise RuleError(f"seat {announcer} cannot have announced: neither {names} has been played")
        return
    (first, seat), rest = plays[0], plays[1:]
    other = next(c for c in pair if c != first)
    # the other card: played (by whom), or shown in a hand, or unseen
    other_seat = rest[0][1] if rest else next((s for s, h in enumerate(deal.hands) if other in h.cards), None)
    unseen = not rest and other not in deal.known_cards()
    if announcer is None:
        if other_seat == seat:
            raise RuleError(f"seat {seat} held {names} and played {deck.token(first)}: it announces")
        if unseen:
            knowledge.forbidden[seat].add(other)
        return
    if seat != announcer:
        raise RuleError(f"seat {announcer} cannot have announced: seat {seat} played {deck.token(first)},"
                        f" the first of {names}")
    if unseen:
        knowledge.holds[seat].add(other)
    elif other_seat != seat:
        raise RuleError(f"seat {seat} cannot have announced: {deck.token(other)} is not its card")


def cards_ruled_out(state, seat: int, card: Card, candidates) -> set:
    """Cards c for which ``card`` would not be legal from the hand {card, c}."""
    saved = state.hands[seat]
    out = set()
    try:
        for other in candidates:
            state.hands[seat] = {card, other}
            if card not in state.legal_cards():
                out.add(other)
    finally:
        state.hands[seat] = saved
    return out


def bring_into_hand(state, seat: int, card: Card, pinned) -> None:
    """Swap an unseen card into a seat's stand-in hand, giving the other hand
    one of this seat's unpinned stand-in cards."""
    deck = state.game.deck
    donor = next((s for s in range(len(state.hands)) if card in state.hands[s]), None)
    spare = sorted(c for c in state.hands[seat] if c not in pinned[seat])
    if donor is None or not spare or card in pinned[donor]:
        raise IllegalPlayError(f"illegal play {deck.token(card)}: seat {seat} cannot hold it")
    swap = spare[0]
    state.hands[seat].discard(swap)
    state.hands[seat].add(card)
    state.hands[donor].discard(card)
    state.hands[donor].add(swap)


def sample_deal(knowledge: PlayKnowledge, rng) -> Deal:
    """A complete deal drawn uniformly among those that agree with the known
    cards and with everything the plays revealed (the default model)."""
    model = SamplingModel(knowledge.deal, knowledge.played, {})
    model._knowledge = knowledge
    return model.sample_view(rng)


@dataclass
class Holder:
    """A place unseen cards go to: a seat's hand (``packet`` is the seat) or
    an extra packet (its name), with room for ``capacity`` more cards, and
    ``accepts`` saying which cards it may take (None: any)."""

    packet: object
    capacity: int
    accepts: object = None


def pile_slots(deal: Deal) -> list[tuple[int, int, int]]:
    """(player, pile, depth) of each face-down pile card not known (tarot2)."""
    return [(player, k, depth) for player, piles in enumerate(deal.piles)
            for k, pile in enumerate(piles) for depth, card in enumerate(pile) if card is None]


class SamplingModel:
    """How the unseen cards of a partly known deal may be dealt.

    The default: the unknown cards of each hand, less those it was seen to
    play, go to that hand, the others to the unknown extra packets that may
    hold them (``Game.packet_may_hold``). A game overrides
    ``Game.sampling_model`` where a packet has rules of its own (the tarot
    taker's unseen discard, the tarocco discard's announced trumps), by
    changing ``view`` (what is replayed and sampled), ``play_contract`` (the
    contract of the replay), ``holders``, ``restrict``, ``announcements``
    and ``assemble``.
    """

    def __init__(self, deal: Deal, played: Sequence[Card], contract: dict):
        self.deal = deal
        self.played = list(played)
        self.contract = dict(contract)
        self.view = deal
        self.play_contract = dict(contract)
        #: card -> packets it may go to (on top of everything else)
        self.restrict: dict = {}
        #: (pair, announcer) of each automatic pair announcement (see ``pair_announcement``)
        self.announcements: list = []
        self._knowledge: PlayKnowledge | None = None

    @property
    def knowledge(self) -> PlayKnowledge:
        if self._knowledge is None:
            knowledge = replay(self.view, self.played, **self.play_contract)
            for pair, announcer in self.announcements:
                pair_announcement(knowledge, pair, announcer)
            self._knowledge = knowledge
        return self._knowledge

    def holders(self, gained) -> list[Holder]:
        view = self.view
        game = view.game
        out = [Holder(seat, h.unknown - len(gained[seat])) for seat, h in enumerate(view.hands)]
        out += [Holder(name, p.unknown, lambda c, n=name: game.packet_may_hold(n, c))
                for name, p in view.extras.items() if p.unknown]
        # tarot2: the face-down pile cards not known are places that any card
        # may fill alike: one holder for all of them (cards are spread over
        # the places at random afterwards, which keeps the deal uniform)
        slots = pile_slots(view)
        if slots:
            out.append(Holder("piles", len(slots)))
        return out

    def plan(self):
        """(cards each seat played that were unseen, the holders, the deal
        counter): the same for every sample, so computed once (the counter
        keeps its counts between samples)."""
        if getattr(self, "_plan", None) is None:
            from .sampling import DealCounter
            knowledge = self.knowledge
            view = self.view
            seats = len(view.hands)
            known = view.known_cards()
            unseen_played = {c: s for c, s in zip(knowledge.played, knowledge.players) if c not in known}
            gained = [{c for c, s in unseen_played.items() if s == seat} for seat in range(seats)]
            holders = self.holders(gained)
            held_by = {c: s for s, cards in enumerate(knowledge.holds) for c in cards}
            allowed = {}
            for card in view.game.deck.cards:
                if card in known or card in unseen_played:
                    continue
                allowed[card] = [
                    i for i, h in enumerate(holders)
                    if (not isinstance(h.packet, int) or card not in knowledge.forbidden[h.packet])
                    and (h.accepts is None or h.accepts(card))
                    and (card not in self.restrict or h.packet in self.restrict[card])
                    and (card not in held_by or h.packet == held_by[card])]
            self._plan = (gained, holders, DealCounter([h.capacity for h in holders], allowed))
        return self._plan

    def forget_plan(self) -> None:
        """Make the plan anew at the next draw (a caller changed ``knowledge``)."""
        self._plan = None

    def deals_left(self) -> int:
        """How many deals agree with what is known now (after a caller
        added to ``knowledge``: the plan is made anew)."""
        self.forget_plan()
        return self.plan()[2].count()

    def sample_view(self, rng) -> Deal:
        """A complete deal of ``view`` consistent with everything known."""
        gained, holders, counter = self.plan()
        view = self.view
        dealt = counter.sample(rng)
        hands = [set(h.cards) | gained[s] for s, h in enumerate(view.hands)]
        extras = {name: set(p.cards) for name, p in view.extras.items()}
        piles = [[list(pile) for pile in player] for player in view.piles]
        for holder, cards in zip(holders, dealt):
            if isinstance(holder.packet, int):
                hands[holder.packet].update(cards)
            elif holder.packet == "piles":
                cards = list(cards)
                rng.shuffle(cards)
                for (player, k, depth), card in zip(pile_slots(view), cards):
                    piles[player][k][depth] = card
            else:
                extras[holder.packet].update(cards)
        return replace(view, hands=tuple(Packet(frozenset(h)) for h in hands),
                       extras={n: Packet(frozenset(c)) for n, c in extras.items()},
                       piles=tuple(tuple(tuple(p) for p in player) for player in piles))

    def assemble(self, view_deal: Deal) -> tuple[Deal, dict]:
        """The real complete deal and contract from a sampled ``view`` deal."""
        return view_deal, self.contract

    def sample(self, rng) -> tuple[Deal, dict]:
        """A complete deal and the contract to play it under."""
        return self.assemble(self.sample_view(rng))
