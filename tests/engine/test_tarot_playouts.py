"""French tarot: seeded random playouts of 1000 deals checked against the
invariants of RULES.md section 1, with the legal cards, the Excuse's fate and
the bonuses recomputed here independently; undo; perft."""

import random
from fractions import Fraction

from atout.engine import get_game
from atout.engine.cards import FOOL, TAROT_DECK, TRUMPS, suit_of
from atout.engine.search import count_lines
from atout.engine.tarot_bidding import CONTRACTS, discardable
from atout.engine.tarot_scoring import OUDLERS, settle_tricks, tally

TAROT = get_game("tarot")
EX = FOOL
PETIT = 65


def may_play(card, hand, trick):
    """The obligations, written out card by card."""
    if card == EX:
        return True
    played = [c for c in trick if c != EX]
    if not played:
        return True
    led = suit_of(played[0])
    has_led = any(suit_of(c) == led for c in hand)
    my_trumps = [c for c in hand if suit_of(c) == TRUMPS]
    best = max([c for c in played if suit_of(c) == TRUMPS], default=EX)
    can_beat = any(c > best for c in my_trumps)
    if led != TRUMPS and has_led:
        return suit_of(card) == led
    if my_trumps:
        return suit_of(card) == TRUMPS and (card > best or not can_beat)
    return True


def random_discard(rng, cards):
    plain, trumps = discardable(cards)
    if len(plain) >= 6:
        return rng.sample(plain, 6)
    return plain + rng.sample(trumps, 6 - len(plain))


def random_declarations(rng, state, deal):
    handfuls, miseries = {}, {}
    for seat in range(4):
        held = sorted((c for c in state.hands[seat] if suit_of(c) == TRUMPS), reverse=True)
        if len(held) >= 10 and rng.random() < 0.7:
            size = max(n for n in (10, 13, 15) if n <= len(held))
            handfuls[seat] = held[:size]
        dealt = deal.hand(seat)
        kinds = []
        if not any(suit_of(c) == TRUMPS for c in dealt):
            kinds.append("trump")
        if not any(c < 64 and (c & 15) >= 10 for c in dealt):
            kinds.append("face")
        if kinds:
            miseries[seat] = kinds
    return handfuls, miseries


def play_random_deal(seed):
    rng = random.Random(seed)
    deal = TAROT.random_deal(seed)
    taker = rng.randrange(4)
    contract = rng.choice(CONTRACTS)
    slam = rng.random() < 0.1
    discard = None
    if contract in ("take", "guard") and rng.random() < 0.5:
        discard = random_discard(rng, set(deal.hand(taker)) | set(deal.extra("dog")))
    state = TAROT.new_state(deal, taker=taker, contract=contract, discard=discard, slam=slam)
    handfuls, miseries = random_declarations(rng, state, deal)
    state = TAROT.new_state(deal, taker=taker, contract=contract, discard=discard, slam=slam,
                            handfuls=handfuls, miseries=miseries)
    assert state.to_play == (taker if slam else 0)
    while not state.is_over():
        legal = state.legal_cards()
        hand = state.hands[state.to_play]
        assert legal, state
        assert set(legal) == {c for c in hand if may_play(c, hand, state.trick)}, state
        state.play(rng.choice(legal))
    return rng, deal, state, handfuls, miseries


def check_deal(seed):
    rng, deal, state, handfuls, miseries = play_random_deal(seed)
    side = state.side_of
    played = state.played
    out_of_play = state.discard if state.contract in ("take", "guard") else state.dog
    # each card played once; the discard or the dog out of play
    assert len(played) == 72 == len(set(played))
    assert set(played) | set(out_of_play) == set(TAROT_DECK.cards)
    # trick winners: highest trump, else highest of the suit led; the Excuse
    # only when led to the last trick by a side that won every trick before
    for index, trick in enumerate(state.tricks):
        cards = trick.cards
        winner_card = cards[(trick.winner - trick.leader) % 4]
        if winner_card == EX:
            assert index == 17 and cards[0] == EX
            assert all(side(t.winner) == side(trick.leader) for t in state.tricks[:17])
        else:
            trumps = [c for c in cards if suit_of(c) == TRUMPS]
            led = next(suit_of(c) for c in cards if c != EX)
            assert winner_card == (max(trumps) if trumps else max(c for c in cards if suit_of(c) == led))
    # points: the two sides hold 91 in all, the Excuse where the rules put it
    piles, exchange = state.final_piles()
    taker_half, oudlers = tally(piles, exchange, 0)
    defender_half, defender_oudlers = tally(piles, exchange, 1)
    assert taker_half + defender_half == 182 and oudlers + defender_oudlers == 3
    assert sorted(piles[0] + piles[1]) == sorted(TAROT_DECK.cards)
    ex_index = next((i for i, t in enumerate(state.tricks) if EX in t.cards), None)
    ex_trick = state.tricks[ex_index or 0]
    owner = side((ex_trick.leader + ex_trick.cards.index(EX)) % 4) if ex_index is not None else None
    if ex_index is None:  # in the dog of a guard without / against
        assert EX in state.dog and EX in piles[state.dog_side()]
    elif ex_index < 17:
        assert EX in piles[owner]
        assert exchange[owner] == (-1 if side(ex_trick.winner) != owner else 0)
    elif ex_trick.cards[0] == EX and side(ex_trick.winner) == owner:
        assert EX in piles[owner]
    else:
        assert EX in piles[1 - owner]
    # the score
    score = state.score()
    points = Fraction(taker_half, 2)
    target = (56, 51, 41, 36)[oudlers]
    assert score["points"] == points and score["oudlers"] == oudlers and score["target"] == target
    assert state.objective() == taker_half - 2 * target
    assert score["made"] == (points >= target) == (state.objective() >= state.contract_target())
    assert state.headline_score(score) == score["scores"][state.taker]
    sign = 1 if score["made"] else -1
    assert score["base"] == sign * (25 + abs(points - target))
    last = state.tricks[-1]
    petit = 10 if (PETIT in last.cards and side(last.winner) == 0 and score["made"]) else 0
    assert score["petit_au_bout"] == petit
    factor = {"take": 1, "guard": 2, "guard_without": 4, "guard_against": 5}[state.contract]
    assert score["contract_score"] == (score["base"] + petit) * factor
    won = state.tricks_won(0)
    slam = {True: 400 if won == 18 else -200, False: 200 if won == 18 else 0}[state.slam_announced]
    slam -= 200 if won == 0 else 0
    assert score["slam"] == slam
    bonus = {10: 20, 11: 20, 12: 20, 13: 40, 14: 40}
    assert score["handful"] == sign * sum(bonus.get(len(h), 60) for h in handfuls.values())
    total = score["contract_score"] + slam + score["handful"]
    assert score["total"] == total
    n_miseries = sum(len(k) for k in miseries.values())
    for seat in range(4):
        mine = sum(len(k) for s, k in miseries.items() if s == seat)
        misery = 30 * mine - 10 * (n_miseries - mine)
        expected = total if seat == state.taker else -total / 3
        assert score["scores"][seat] == expected + misery
    assert sum(score["scores"]) == 0
    return state


def test_1000_random_playouts_keep_the_invariants():
    seen = {"excuse_last": 0, "excuse_early": 0, "excuse_dog": 0, "petit_au_bout": 0, "made": 0, "failed": 0,
            "handful": 0, "misery": 0, "slam_announced": 0}
    for seed in range(1000):
        state = check_deal(seed)
        score = state.score()
        ex_index = next((i for i, t in enumerate(state.tricks) if EX in t.cards), None)
        seen["excuse_last" if ex_index == 17 else "excuse_dog" if ex_index is None else "excuse_early"] += 1
        seen["petit_au_bout"] += bool(score["petit_au_bout"])
        seen["made" if score["made"] else "failed"] += 1
        seen["handful"] += bool(state.handfuls)
        seen["misery"] += bool(state.miseries)
        seen["slam_announced"] += state.slam_announced
    # the random deals reach every case the checks above distinguish
    assert all(count > 0 for count in seen.values()), seen


def test_settle_tricks_agrees_with_a_card_count_for_every_seat_assignment():
    """The Excuse exchange moves exactly 0.5 point: the sides' totals with
    and without the Excuse rules differ only by the Excuse and that card."""
    for seed in range(1000, 1100):
        _, _, state, _, _ = play_random_deal(seed)
        piles, exchange = settle_tricks(state.tricks, state.side_of)
        raw = [sum(1 for t in state.tricks if state.side_of(t.winner) == s) * 4 for s in (0, 1)]
        assert len(piles[0]) + len(piles[1]) == sum(raw) == 72
        assert sum(exchange) == 0 and all(abs(x) <= 1 for x in exchange)
        assert sum(1 for c in piles[0] + piles[1] if c in OUDLERS) == len(OUDLERS & set(state.played))


def test_undo_restores_the_state():
    rng = random.Random(3)
    for seed in range(20):
        state = TAROT.new_state(TAROT.random_deal(seed), taker=seed % 4, contract=CONTRACTS[seed % 4])
        before = ([set(h) for h in state.hands], state.leader, repr(state))
        moves = rng.randrange(1, 72)
        for _ in range(moves):
            state.play(rng.choice(state.legal_cards()))
        for _ in range(moves):
            state.undo()
        assert ([set(h) for h in state.hands], state.leader, repr(state)) == before
        assert not state.tricks and not state.trick


def test_perft_first_trick():
    """Count of legal first tricks on a fixed deal, against a count made by
    the independent obligations above."""
    deal = TAROT.random_deal(1)
    state = TAROT.new_state(deal, taker=0, contract="guard_without")

    def lines(hands, trick, depth):
        if depth == 0:
            return 1
        seat = len(trick)
        return sum(lines(hands, trick + [c], depth - 1)
                   for c in hands[seat] if may_play(c, hands[seat], trick))
    hands = [set(deal.hand(s)) for s in range(4)]
    for plies in (1, 2, 3, 4):
        assert count_lines(state, plies) == lines(hands, [], plies)
