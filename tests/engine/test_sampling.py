"""Uniform dealing of unseen cards under constraints, checked against exact
enumeration on small cases."""

import itertools
import math
import random
from collections import Counter

import pytest

from atout.engine.sampling import DealCounter, ImpossibleDealError


def brute_force(capacities, allowed):
    """Every consistent deal, by trying every assignment of cards to holders."""
    cards = sorted(allowed)
    deals = []
    for owners in itertools.product(range(len(capacities)), repeat=len(cards)):
        if any(o not in allowed[c] for c, o in zip(cards, owners)):
            continue
        if any(owners.count(h) != cap for h, cap in enumerate(capacities)):
            continue
        deals.append(tuple(tuple(c for c, o in zip(cards, owners) if o == h)
                           for h in range(len(capacities))))
    return deals


CASES = [
    ((2, 2, 1), {0: [0, 1, 2], 1: [0, 1, 2], 2: [1, 2], 3: [0], 4: [0, 1, 2]}),
    ((3, 3, 2), {c: [0, 1, 2] for c in range(8)}),
    ((2, 2, 2, 1), {0: [1, 2], 1: [1, 2], 2: [0, 3], 3: [0, 1, 2, 3], 4: [0, 3], 5: [2, 3], 6: [0, 1]}),
    ((1, 1), {0: [0], 1: [0, 1]}),
]


@pytest.mark.parametrize("capacities, allowed", CASES)
def test_count_equals_enumeration(capacities, allowed):
    assert DealCounter(capacities, allowed).count() == len(brute_force(capacities, allowed))


@pytest.mark.parametrize("capacities, allowed", CASES)
def test_sample_frequencies_match_uniform(capacities, allowed):
    deals = brute_force(capacities, allowed)
    counter = DealCounter(capacities, allowed)
    rng = random.Random(12345)
    draws = 4000 * len(deals) if len(deals) < 10 else 40 * len(deals)
    draws = min(draws, 60000)
    seen = Counter(tuple(tuple(h) for h in counter.sample(rng)) for _ in range(draws))
    assert set(seen) <= set(deals)
    expected = draws / len(deals)
    # chi-square with len(deals)-1 degrees of freedom; a sampler that favours
    # one split by even 20% fails this by a wide margin at these sizes
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in deals)
    dof = len(deals) - 1
    assert chi2 < dof + 5 * math.sqrt(2 * dof) + 10, (chi2, dof)


def test_a_biased_sampler_would_fail_the_frequency_check():
    """The check above can fail: a sampler dealing card by card to a random
    allowed holder with room is not uniform, and the statistic shows it."""
    capacities, allowed = CASES[0]
    deals = brute_force(capacities, allowed)
    rng = random.Random(1)
    seen = Counter()
    draws = 4000 * len(deals)
    while sum(seen.values()) < draws:
        room = list(capacities)
        dealt = [[] for _ in capacities]
        ok = True
        for card in sorted(allowed):
            options = [h for h in allowed[card] if room[h]]
            if not options:
                ok = False
                break
            h = rng.choice(options)
            room[h] -= 1
            dealt[h].append(card)
        if ok:
            seen[tuple(tuple(h) for h in dealt)] += 1
    expected = draws / len(deals)
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in deals)
    dof = len(deals) - 1
    assert chi2 > dof + 5 * math.sqrt(2 * dof) + 10


def test_impossible_constraints_fail_at_once():
    # two cards that only holder 0 may take, but it has room for one
    counter = DealCounter((1, 1), {0: [0], 1: [0]})
    assert counter.count() == 0
    with pytest.raises(ImpossibleDealError, match="conflict"):
        counter.sample(random.Random(0))
    with pytest.raises(ImpossibleDealError, match="3 unseen cards for 2"):
        DealCounter((1, 1), {0: [0, 1], 1: [0, 1], 2: [0, 1]}).sample(random.Random(0))
    assert issubclass(ImpossibleDealError, ValueError)


def test_tarot_sized_problem_is_fast():
    """54 unseen cards among three hands and a dog, with voids: counted and
    sampled exactly (the benchmark measures how fast)."""
    allowed = {}
    for card in range(54):
        if card < 10:
            allowed[card] = [1, 2, 3]       # seat 0 showed a void
        elif card < 20:
            allowed[card] = [0, 2, 3]
        else:
            allowed[card] = [0, 1, 2, 3]
    counter = DealCounter((16, 16, 16, 6), allowed)
    assert counter.count() > 0
    deal = counter.sample(random.Random(3))
    assert [len(h) for h in deal] == [16, 16, 16, 6]
    assert not set(deal[0]) & set(range(10))


#: cases whose classes form chains by inclusion, wholly or from some class on
#: (the closed form of ``DealCounter._chain_count``), and cases that do not
CHAIN_CASES = [
    ((2, 2, 2), {0: [0], 1: [0, 1], 2: [0, 1], 3: [0, 1, 2], 4: [0, 1, 2], 5: [0, 1, 2]}),
    ((1, 2, 2, 1), {0: [2], 1: [2, 3], 2: [1, 2, 3], 3: [0, 1, 2, 3], 4: [0, 1, 2], 5: [1, 2]}),
    ((3, 0, 2), {0: [0, 1, 2], 1: [0, 1], 2: [0, 1, 2], 3: [2], 4: [0, 2]}),
    ((2, 2, 1), {0: [0], 1: [0], 2: [1], 3: [1, 2], 4: [2]}),
    ((1, 1, 1), {0: [0], 1: [0], 2: [1, 2]}),
]


@pytest.mark.parametrize("capacities, allowed", CASES + CHAIN_CASES)
def test_count_equals_enumeration_in_every_class_order(capacities, allowed):
    deals = brute_force(capacities, allowed)
    counter = DealCounter(capacities, allowed)
    assert counter.count() == len(deals)
    # the chained closed form from every class on agrees with the branching
    for start in range(len(counter.classes) + 1):
        other = DealCounter(capacities, allowed)
        other._chain_from = max(start, other._chain_from)
        other._count.cache_clear()
        assert other.count() == len(deals), start


@pytest.mark.parametrize("capacities, allowed", CHAIN_CASES[:3])
def test_chained_sample_frequencies_match_uniform(capacities, allowed):
    test_sample_frequencies_match_uniform(capacities, allowed)
