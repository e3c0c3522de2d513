"""Helpers for the solver tests and benchmarks: random endings of a game."""

from __future__ import annotations

import random


def random_ending(game, seed: int, tricks_left: int, contract_choices: dict):
    """A seeded random deal played at random until ``tricks_left`` tricks
    remain, then 0..n-1 more cards (so about 3 in 4 endings are mid-trick)."""
    rng = random.Random(seed)
    contract = {k: rng.choice(v) for k, v in contract_choices.items()}
    state = game.new_state(game.random_deal(seed), **contract)
    while state.tricks_left > tricks_left:
        state.play(rng.choice(state.legal_cards()))
    for _ in range(rng.randrange(game.n_seats)):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_cards()))
    return state


def endplay_position(state):
    """A bridge state as an endplay ``Deal`` (for DDS): the hands at the
    start of the current trick, ``first`` and ``trump`` set, the trick's
    cards played."""
    from endplay.types import Deal, Denom, Player
    denoms = {0: Denom.spades, 1: Denom.hearts, 2: Denom.diamonds, 3: Denom.clubs, None: Denom.nt}
    deck = state.game.deck
    hands = [set(h) for h in state.hands]
    for i, card in enumerate(state.trick):
        hands[(state.leader + i) % 4].add(card)
    deal = Deal("N:" + " ".join(deck.format_hand(h) for h in hands))
    deal.first = Player(state.leader)
    deal.trump = denoms[state.trump]
    for card in state.trick:
        deal.play(deck.token(card))
    return deal
