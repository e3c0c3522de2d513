"""Dealing the unseen cards uniformly among every deal that agrees with what
is known.

The problem, for any game: some *holders* (the hands, and packets such as the
tarot dog or a discard) each still need a fixed number of cards; each unseen
card may go only to some holders (a seat that showed a void cannot hold that
suit; a tarot seat that did not overtrump holds no higher trump; a discard
cannot hold a king). Every assignment that respects the capacities and the
allowed holders is one consistent deal, and all are equally likely.

Cards with the same set of allowed holders are interchangeable for counting,
so the cards fall into a few *classes* (at most one per subset of holders).
``count`` counts the consistent deals exactly by going through the classes and
the ways to split each class among its holders; ``sample`` draws a deal with
probability one over that count by choosing each class's split in proportion
to the number of deals that complete it, then which cards go where uniformly.
Impossible constraints are found at once: the count is zero.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from math import comb, factorial
from typing import Mapping, Sequence

from .errors import AtoutError


class ImpossibleDealError(AtoutError):
    """No deal agrees with what is known."""


@dataclass(frozen=True)
class CardClass:
    holders: tuple[int, ...]  # holders the cards may go to
    cards: tuple[int, ...]


def classes_of(allowed: Mapping[int, Sequence[int]]) -> list[CardClass]:
    """Group cards by their set of allowed holders, the classes with the
    fewest holders first and the widest last: the narrow classes branch
    little, and the last class needs no branching at all (``DealCounter``)."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for card, holders in allowed.items():
        groups.setdefault(tuple(sorted(set(holders))), []).append(card)
    out = [CardClass(h, tuple(sorted(c))) for h, c in groups.items()]
    return sorted(out, key=lambda k: (len(k.holders), -len(k.cards), k.holders))


def ordered_for_counting(classes: list[CardClass]) -> tuple[list[CardClass], int]:
    """The classes in the order ``DealCounter`` goes through them, and where
    the chain at the end starts: the chain (each class's holders among the
    next one's) holding the most cards goes last, counted in closed form;
    the others go first, fewest holders first, branched on."""
    best: dict = {}            # class index -> (cards, chain ending there)
    order = sorted(range(len(classes)), key=lambda i: len(classes[i].holders))
    for i in order:
        holders = set(classes[i].holders)
        prior = [best[j] for j in best if set(classes[j].holders) < holders]
        cards, chain = max(prior, key=lambda c: c[0], default=(0, []))
        best[i] = (cards + len(classes[i].cards), chain + [i])
    chain = max(best.values(), key=lambda c: c[0], default=(0, []))[1]
    rest = [k for i, k in enumerate(classes) if i not in chain]
    return rest + [classes[i] for i in chain], len(rest)


def splits(n: int, holders: tuple[int, ...], capacity: tuple[int, ...]):
    """Every way to give n cards to the holders, each within its capacity:
    yields a tuple of counts, one per holder of ``holders``."""
    if not holders:
        if n == 0:
            yield ()
        return
    first, rest = holders[0], holders[1:]
    room_after = sum(capacity[h] for h in rest)
    for x in range(max(0, n - room_after), min(n, capacity[first]) + 1):
        for tail in splits(n - x, rest, capacity):
            yield (x, *tail)


def multinomial(n: int, parts: Sequence[int]) -> int:
    out = factorial(n)
    for x in parts:
        out //= factorial(x)
    return out


class DealCounter:
    """Exact count of consistent deals, and uniform sampling among them.

    The count goes through the classes in turn with the room left in each
    holder as its state, memoised. Where the classes left form a chain (each
    one's holders among the next one's), it has a closed form instead
    (``_chain_count``): in tarot that is most of the deal (a seat's void
    suits, then the cards every defender may hold, then those the discard
    may hold too), and the count costs a few states instead of thousands. Sampling chooses each class's split with the weight of
    the deals that complete it; the choices at each state are kept, so
    drawing many deals from one counter costs a lookup and a shuffle a class.
    """

    def __init__(self, capacities: Sequence[int], allowed: Mapping[int, Sequence[int]]):
        self.capacities = tuple(capacities)
        for card, holders in allowed.items():
            bad = [h for h in holders if not 0 <= h < len(self.capacities)]
            if bad:
                raise ValueError(f"card {card}: unknown holder {bad[0]}")
        # a holder without room takes no card: leaving it out of the classes
        # keeps their splits (and the states) fewer
        self.classes, self._chain_from = ordered_for_counting(
            classes_of({card: [h for h in holders if self.capacities[h]] for card, holders in allowed.items()}))
        self._count = lru_cache(maxsize=None)(self._count_from)
        self._fill = lru_cache(maxsize=None)(self._fill_from)
        self._choices: dict = {}

    def _count_from(self, index: int, capacity: tuple[int, ...]) -> int:
        if index == len(self.classes):
            return 1 if not any(capacity) else 0
        if index >= self._chain_from:
            return self._chain_count(index, capacity)
        return self._fill(index, 0, len(self.classes[index].cards), capacity)

    def _fill_from(self, index: int, j: int, left: int, capacity: tuple[int, ...]) -> int:
        """The deals that complete ``capacity`` when the ``left`` cards of
        class ``index`` not placed yet go to its holders ``j..``, then the
        next classes: one holder at a time (a class's split weighs
        ``multinomial``, the product of one binomial a holder), so that a
        state costs one loop, not one per split of the whole class."""
        holders = self.classes[index].holders
        h = holders[j]
        if j == len(holders) - 1:
            if left > capacity[h]:
                return 0
            return self._count(index + 1, capacity[:h] + (capacity[h] - left,) + capacity[h + 1:])
        room_after = sum(capacity[g] for g in holders[j + 1:])
        total = 0
        for x in range(max(0, left - room_after), min(left, capacity[h]) + 1):
            rest = self._fill(index, j + 1, left - x, capacity[:h] + (capacity[h] - x,) + capacity[h + 1:])
            if rest:
                total += comb(left, x) * rest
        return total

    def _chain_count(self, index: int, capacity: tuple[int, ...]) -> int:
        """The deals that complete ``capacity`` with classes ``index..`` when
        their holders form a chain (each class's holders among the next's).
        Count the ways to put the cards in the room seen as numbered places:
        each class in turn takes places among those of its holders that the
        earlier (narrower) classes left, which all lie in its holders; then
        the order of the places within a holder does not count."""
        classes = self.classes[index:]
        widest = set(classes[-1].holders)
        if any(room and h not in widest for h, room in enumerate(capacity)):
            return 0
        if sum(capacity) != sum(len(k.cards) for k in classes):
            return 0
        ways, used = 1, 0
        for klass in classes:
            free = sum(capacity[h] for h in klass.holders) - used
            n = len(klass.cards)
            if free < n:
                return 0
            ways *= factorial(free) // factorial(free - n)
            used += n
        for h in widest:
            ways //= factorial(capacity[h])
        return ways

    def count(self) -> int:
        """The number of consistent deals (0 when the constraints conflict)."""
        n_cards = sum(len(k.cards) for k in self.classes)
        if n_cards != sum(self.capacities):
            return 0
        return self._count(0, self.capacities)

    def _choices_at(self, index: int, j: int, left: int, capacity: tuple[int, ...]):
        """(cumulative weights, the cards holder ``j`` of class ``index``
        may take) from state (``left``, ``capacity``) of ``_fill_from``,
        each weighted by the deals it leads to."""
        key = (index, j, left, capacity)
        found = self._choices.get(key)
        if found is None:
            holders = self.classes[index].holders
            h = holders[j]
            cumulative, options = [], []
            total = 0
            if j == len(holders) - 1:
                cumulative, options = [1], [left]
            else:
                room_after = sum(capacity[g] for g in holders[j + 1:])
                for x in range(max(0, left - room_after), min(left, capacity[h]) + 1):
                    rest = capacity[:h] + (capacity[h] - x,) + capacity[h + 1:]
                    weight = comb(left, x) * self._fill(index, j + 1, left - x, rest)
                    if weight:
                        total += weight
                        cumulative.append(total)
                        options.append(x)
            found = self._choices[key] = (cumulative, options)
        return found

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One consistent deal, uniformly: the cards of each holder."""
        total = self.count()
        if total == 0:
            raise ImpossibleDealError(self.explain())
        capacity = self.capacities
        dealt: list[list[int]] = [[] for _ in capacity]
        for index, klass in enumerate(self.classes):
            if index >= self._chain_from:
                self._deal_chain(index, capacity, dealt, rng)
                break
            cards = list(klass.cards)
            rng.shuffle(cards)
            left = len(cards)
            for j, h in enumerate(klass.holders):
                cumulative, options = self._choices_at(index, j, left, capacity)
                x = options[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
                dealt[h].extend(cards[left - x:left])
                left -= x
                capacity = capacity[:h] + (capacity[h] - x,) + capacity[h + 1:]
        return [sorted(h) for h in dealt]

    def _deal_chain(self, index: int, capacity: tuple[int, ...], dealt: list, rng: random.Random) -> None:
        """Deal the chained classes ``index..`` into ``capacity`` uniformly:
        the room as numbered places, each class in turn takes places drawn
        uniformly among the free ones of its holders (``_chain_count``'s
        count, drawn). Every deal comes from the same number of such
        drawings, so the deals are equally likely."""
        free: dict = {}        # holder -> its places not taken yet (as the holder's number)
        for h, room in enumerate(capacity):
            if room:
                free[h] = room
        for klass in self.classes[index:]:
            places = [h for h in klass.holders for _ in range(free.get(h, 0))]
            # ``sample`` draws the places in a uniformly random order: the
            # class's cards, in their own order, go to them one each (the
            # same law as shuffling the cards over the places, one draw less)
            for h, card in zip(rng.sample(places, len(klass.cards)), klass.cards):
                free[h] -= 1
                dealt[h].append(card)

    def explain(self) -> str:
        n_cards = sum(len(k.cards) for k in self.classes)
        if n_cards != sum(self.capacities):
            return (f"no deal agrees with what is known: {n_cards} unseen cards"
                    f" for {sum(self.capacities)} unknown places")
        return "no deal agrees with what is known: the constraints (voids, shown cards) conflict"
