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
from dataclasses import dataclass
from functools import lru_cache
from math import factorial
from typing import Mapping, Sequence

from .errors import AtoutError


class ImpossibleDealError(AtoutError):
    """No deal agrees with what is known."""


@dataclass(frozen=True)
class CardClass:
    holders: tuple[int, ...]  # holders the cards may go to
    cards: tuple[int, ...]


def classes_of(allowed: Mapping[int, Sequence[int]]) -> list[CardClass]:
    """Group cards by their set of allowed holders (largest classes first,
    which keeps the counting recursion shallow where it is widest)."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for card, holders in allowed.items():
        groups.setdefault(tuple(sorted(set(holders))), []).append(card)
    out = [CardClass(h, tuple(sorted(c))) for h, c in groups.items()]
    return sorted(out, key=lambda k: (-len(k.cards), k.holders))


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
    """Exact count of consistent deals, and uniform sampling among them."""

    def __init__(self, capacities: Sequence[int], allowed: Mapping[int, Sequence[int]]):
        self.capacities = tuple(capacities)
        self.classes = classes_of(allowed)
        for card, holders in allowed.items():
            bad = [h for h in holders if not 0 <= h < len(self.capacities)]
            if bad:
                raise ValueError(f"card {card}: unknown holder {bad[0]}")
        self._count = lru_cache(maxsize=None)(self._count_from)

    def _count_from(self, index: int, capacity: tuple[int, ...]) -> int:
        if index == len(self.classes):
            return 1 if not any(capacity) else 0
        klass = self.classes[index]
        total = 0
        for split in splits(len(klass.cards), klass.holders, capacity):
            rest = list(capacity)
            for h, x in zip(klass.holders, split):
                rest[h] -= x
            remaining = self._count(index + 1, tuple(rest))
            if remaining:
                total += multinomial(len(klass.cards), split) * remaining
        return total

    def count(self) -> int:
        """The number of consistent deals (0 when the constraints conflict)."""
        n_cards = sum(len(k.cards) for k in self.classes)
        if n_cards != sum(self.capacities):
            return 0
        return self._count(0, self.capacities)

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One consistent deal, uniformly: the cards of each holder."""
        total = self.count()
        if total == 0:
            raise ImpossibleDealError(self.explain())
        capacity = self.capacities
        dealt: list[list[int]] = [[] for _ in capacity]
        for index, klass in enumerate(self.classes):
            weighted = []
            for split in splits(len(klass.cards), klass.holders, capacity):
                rest = list(capacity)
                for h, x in zip(klass.holders, split):
                    rest[h] -= x
                weight = multinomial(len(klass.cards), split) * self._count(index + 1, tuple(rest))
                if weight:
                    weighted.append((weight, split, tuple(rest)))
            pick = rng.randrange(sum(w for w, _, _ in weighted))
            for weight, split, rest in weighted:
                if pick < weight:
                    break
                pick -= weight
            cards = list(klass.cards)
            rng.shuffle(cards)
            start = 0
            for h, x in zip(klass.holders, split):
                dealt[h].extend(cards[start:start + x])
                start += x
            capacity = rest
        return [sorted(h) for h in dealt]

    def explain(self) -> str:
        n_cards = sum(len(k.cards) for k in self.classes)
        if n_cards != sum(self.capacities):
            return (f"no deal agrees with what is known: {n_cards} unseen cards"
                    f" for {sum(self.capacities)} unknown places")
        return "no deal agrees with what is known: the constraints (voids, shown cards) conflict"
