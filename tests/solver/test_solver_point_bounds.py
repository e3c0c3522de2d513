"""The point games' trick-start bounds (``point_bounds.trick_start_bounds``)
hold the naive search's value between them on random endings, the tarot
rule that counts points (master trumps with the cards that fall on them;
tarot2: hands and piles) included, in positions where it fires."""

import random

import pytest

from atout.engine import get_game
from atout.engine.cards import FOOL, suit_of
from atout.engine.search import minimax
from atout.engine.tarot_scoring import PETIT
from atout.solver.kernels.point import search as R
from atout.solver.encoding import codec_for
from atout.solver.testing import (one_side_strongest, play_to, random_ending,
                                  tarot_state_with_taker_hand, trick_start_bounds_of)

TAROT_CONTRACTS = {"taker": [0, 1, 2, 3],
                   "contract": ["take", "guard", "guard_without", "guard_against"]}
CONTRACTS = {"tarot": TAROT_CONTRACTS, "tarocco": None, "belote": {"trump": "SHDC", "taker": [0, 1, 2, 3]},
             "smear": None}


def root_bounds(state):
    """The kernel's (lower, upper) at a trick start, in the objective's units."""
    pos, _cnt, _bp, lo, hi = trick_start_bounds_of(state)
    return pos, lo + pos.already, hi + pos.already


def endings_within_bounds(game_name, first_seed, seeds, tricks, contracts, keep):
    """Random endings at a trick start (seeds ``first_seed`` on; in every
    other one the players keep the cards ``keep`` keeps while they can),
    those still in play, each checked: the trick-start bounds hold the naive
    search's value. Yields (seed, state, encoded position)."""
    game = get_game(game_name)
    for seed in range(seeds):
        state = random_ending(game, first_seed + seed, tricks, contracts, mid_trick=None,
                              prefer=keep if seed % 2 else None)
        if state.is_over():
            continue
        pos, lo, hi = root_bounds(state)
        value = minimax(state)
        assert lo <= value <= hi, (seed, state, lo, value, hi)
        yield seed, state, pos


def assert_tightened_bounds_hold(endings, tightened, seeds, one_in=20):
    """On each (seed, state) of ``endings`` still in play, the bounds
    ``tightened(state)`` gives (pos, lower, upper, and the bounds before the
    tightening) hold the naive search's value, and both parts fire in at
    least one ending in ``one_in``: a higher lower bound, a lower upper
    bound. The (lower, upper, lower before, upper before) of each ending."""
    rows = []
    for seed, state in endings:
        if state.is_over():
            continue
        _pos, lo, hi, lo0, hi0 = tightened(state)
        value = minimax(state)
        assert lo <= value <= hi, (seed, state, lo, value, hi)
        rows.append((lo, hi, lo0, hi0))
    raised = sum(lo > lo0 for lo, _hi, lo0, _hi0 in rows)
    lowered = sum(hi < hi0 for _lo, hi, _lo0, hi0 in rows)
    assert raised >= seeds // one_in and lowered >= seeds // one_in, (raised, lowered)
    return rows


def keep_excuse_and_petit(state, card):
    return card not in (FOOL, PETIT)


@pytest.mark.parametrize("tricks, seeds", [(2, 1500), (3, 40)])
def test_tarot_bounds_hold_the_value(tricks, seeds):
    fired = trump21 = petit = 0
    for _seed, state, pos in endings_within_bounds("tarot", 50_000, seeds, tricks, TAROT_CONTRACTS,
                                                   keep_excuse_and_petit):
        tw_max, tw_min, _, _ = R.tarot_master_tricks(pos.kl, state.n, pos.sides, 0)
        on_max, on_min = R.excuse_spares_masters(pos.kl, state.n, pos.fl0, pos.sides, 0)
        fired += (tw_max * on_max + tw_min * on_min) > 0
        trump21 += bool((pos.kl[:, 4] >> 20).any())
        petit += petit_is_a_master(pos, state.n)
    assert fired >= seeds // 4, fired
    assert trump21 >= seeds // 100, trump21    # the oudler of the 21 (tarot_oudler_range)
    assert petit >= seeds // 100, petit        # the oudler of the Petit (tarot_oudler_range)


def petit_is_a_master(pos, n):
    """Does a side hold the Petit while the other side holds no trump?"""
    for q in range(n):
        if pos.kl[q, 4] & 1:
            other = [int(pos.kl[p, 4]) for p in range(n) if pos.sides[p] != pos.sides[q]]
            return not any(other)
    return False


@pytest.mark.parametrize("name", ["tarocco", "belote", "smear"])
def test_other_games_bounds_hold_the_value(name):
    for seed in range(150):
        state = random_ending(get_game(name), 60_000 + seed, 2, CONTRACTS[name], mid_trick=None)
        if state.is_over():
            continue
        _pos, lo, hi = root_bounds(state)
        assert lo <= minimax(state) <= hi, (state, lo, hi)


def hand_cards_first(state, card):
    """tarot2: play from the hand while possible, so that piles keep face-down cards."""
    return card in state.hands[state.to_play]


@pytest.mark.parametrize("tricks, seeds", [(3, 300), (4, 80)])
def test_tarot2_bounds_hold_the_value_with_cards_under_the_piles(tricks, seeds):
    hidden_masters = 0
    for seed in range(seeds):
        state = random_ending(get_game("tarot2"), 70_000 + seed, tricks, {"first": [0, 1]},
                              mid_trick=None, prefer=hand_cards_first if seed % 2 else None)
        if state.is_over():
            continue
        pos, lo, hi = root_bounds(state)
        assert lo <= minimax(state) <= hi, (state, lo, hi)
        # a pile's hidden trump above every trump of the other player
        for q in (0, 1):
            other = int(pos.kl[1 - q, 4] | pos.kh[1 - q, 4])
            hidden = int(pos.kh[q, 4])
            hidden_masters += hidden > 0 and hidden.bit_length() > other.bit_length()
    assert hidden_masters >= seeds // 20, hidden_masters


def _strength(card):
    return -1 if card == FOOL else (100 + card if card > 64 else card & 15)


def sweep_ending(seed, tricks, sweeper, excuse_to_sweeper):
    """A made-up tarot deal where side ``sweeper`` (0: the taker) holds
    most of the strongest cards (a shuffled strength order), the Excuse with
    it or with the other side, played strongest-first by the sweeper and
    weakest-first by the other side down to ``tricks`` tricks left."""
    rng = random.Random(seed)
    tarot = get_game("tarot")
    order = sorted((c for c in tarot.deck.cards if c != FOOL),
                   key=lambda c: _strength(c) + 40 * rng.random(), reverse=True)
    taker = rng.randrange(4)
    if sweeper == 0:
        mine, rest = order[:18], order[18:]
    else:
        mine, rest = order[-18:], order[:-18]
    if excuse_to_sweeper == (sweeper == 0):
        rest.append(mine.pop())
        mine.append(FOOL)
    else:
        rest.append(FOOL)
    state = tarot_state_with_taker_hand(rng, taker, mine, rest)
    return play_to(state, rng, tricks, None, one_side_strongest(sweeper, _strength, keep={FOOL}))


def test_tarot_master_bounds_while_the_taker_won_every_trick():
    """While a side has won every trick, the master trumps of a side count
    unless the other side could still win the last trick with the Excuse
    (``excuse_spares_masters``): on endings where the taker has won every
    trick, the Excuse with him or with the defence, the bounds hold the
    value, and the rule counts masters that the old rule (no master at all
    while a side had won every trick) left out. (The Excuse slam endings of
    ``test_solver_tarot`` check the search where the rule holds them back.)"""
    counted = 0
    for seed in range(160):
        state = sweep_ending(seed, 3 if seed % 4 == 0 else 2, 0, seed % 2 == 0)
        if state.is_over() or any(state.side_of(t.winner) != 0 for t in state.tricks):
            continue
        pos, lo, hi = root_bounds(state)
        value = minimax(state)
        assert lo <= value <= hi, (state, lo, value, hi)
        on_max, on_min = R.excuse_spares_masters(pos.kl, state.n, pos.fl0, pos.sides, 0)
        tw_max, tw_min, _, _ = R.tarot_master_tricks(pos.kl, state.n, pos.sides, 0)
        counted += (on_max and tw_max > 0) or (on_min and tw_min > 0)
    assert counted >= 40, counted


BELOTE_CONTRACTS = {**CONTRACTS["belote"], "variant": ["", "no-undertrump,no-partner-overtrump"]}


def belote_lead_bounds(state):
    """``trick_start_bounds`` and the search's Belote tightening
    (``belote_bounds``: the leader's cashable master, no capot once the min
    side is sure of a trick), in the objective's units; and the kernel's
    bounds without the tightening."""
    pos, lo0, hi0 = root_bounds(state)
    lo, hi = R.belote_bounds(pos.kl, state.n, state.leader, pos.fl0, pos.rules, pos.sides, pos.kp,
                             lo0 - pos.already, hi0 - pos.already)
    return pos, lo + pos.already, hi + pos.already, lo0, hi0


def keep_trumps_for_the_min_side(state):
    """Belote: the taker's side plays its strongest plain card, the other
    side its weakest; trumps only when nothing else is legal."""
    legal = sorted(state.legal_cards(), key=lambda c: state.strength(c, suit_of(c)))
    plain = [c for c in legal if not state.is_trump(c)] or legal
    return plain[-1] if state.side_of(state.to_play) == state.max_side else plain[0]


@pytest.mark.parametrize("tricks, seeds", [(2, 2000), (3, 300)])
def test_belote_lead_bounds_hold_the_value(tricks, seeds):
    """The Belote bounds of the side on lead hold the naive search's value,
    and each part of them fires: a higher lower bound (the max side cashes),
    a lower upper bound (the min side cashes), the capot ruled out (for
    half the seeds, played so that the taker's side may win every early
    trick while the other side keeps its trumps)."""
    game = get_game("belote")

    def ending(seed):
        rng = random.Random(seed)
        contract = {k: rng.choice(v) for k, v in BELOTE_CONTRACTS.items()}
        state = game.new_state(game.random_deal(80_000 + seed), **contract)
        return play_to(state, rng, tricks, mid_trick=None,
                       choose=keep_trumps_for_the_min_side if seed % 2 else None)

    rows = assert_tightened_bounds_hold(((seed, ending(seed)) for seed in range(seeds)),
                                        belote_lead_bounds, seeds)
    no_capot = sum(hi <= hi0 - 90 for _lo, hi, _lo0, hi0 in rows)
    assert no_capot >= 1, no_capot


def tarot_cash_bounds(state):
    """``trick_start_bounds`` and the search's tarot tightening at a trick
    start (``tarot_cash_bounds``: the leader's sure tricks), in the
    objective's units; and the bounds without the tightening."""
    pos, cnt, bp, lo0, hi0 = trick_start_bounds_of(state)
    lo, hi = R.tarot_cash_bounds(pos.kl, state.n, state.leader, cnt, pos.fl0, bp, pos.rules,
                                 pos.sides, pos.kp, lo0, hi0, R.INF)
    a = pos.already
    return pos, lo + a, hi + a, lo0 + a, hi0 + a


def test_tarot_cash_bounds_skip_the_upper_bound_only_where_the_lower_settles():
    """Given ``need``, ``tarot_cash_bounds`` leaves the taker's upper bound
    out where its lower bound reaches ``need`` (the search reads the upper
    bound only below that): elsewhere both bounds are those of the full
    computation, there the lower one is; and the shortcut is taken."""
    skipped = 0
    for seed in range(400):
        state = random_ending(get_game("tarot"), 70_000 + seed, 4 + seed % 6, TAROT_CONTRACTS,
                              mid_trick=None, prefer=strongest_to_the_leader_side)
        if state.is_over():
            continue
        pos, cnt, bp, lo0, hi0 = trick_start_bounds_of(state)
        args = (pos.kl, state.n, state.leader, cnt, pos.fl0, bp, pos.rules, pos.sides, pos.kp,
                lo0, hi0)
        lo, hi = R.tarot_cash_bounds(*args, R.INF)
        for need in range(lo - 3, hi + 4):
            lo_n, hi_n = R.tarot_cash_bounds(*args, need)
            assert lo_n == lo, (seed, need)
            if lo < need:
                assert hi_n == hi, (seed, need)
            elif hi_n != hi:
                skipped += 1
    assert skipped >= 20, skipped


def strongest_to_the_leader_side(state, card):
    """Play so that high trumps, kings and queens stay in hand (a cash to come)."""
    high = card - 64 > 12 if card > 64 else (card & 15) >= 12
    return card not in (FOOL, PETIT) and not high


@pytest.mark.parametrize("tricks, seeds", [(2, 1500), (3, 60)])
def test_tarot_cash_bounds_hold_the_value(tricks, seeds):
    """The tarot bounds of the side on lead (``tarot_cash``: its top trumps,
    then its plain masters where no seat may ruff) hold the naive search's
    value, and both parts fire: a higher lower bound (the taker cashes) and
    a lower upper bound (a defender cashes)."""
    endings = ((seed, random_ending(get_game("tarot"), 90_000 + seed, tricks, TAROT_CONTRACTS,
                                    mid_trick=None,
                                    prefer=strongest_to_the_leader_side if seed % 2 else None))
               for seed in range(seeds))
    assert_tightened_bounds_hold(endings, tarot_cash_bounds, seeds)


def test_tarot_cheapest_cards_points_count_the_encoders_points():
    """``cheapest_cards_points`` counts tarot's points by rank with
    popcounts: on random hands its sum of the k cheapest cards is the one
    of the encoder's point table (the Excuse counted 1 or 0)."""
    rng = random.Random(7)
    tarot = get_game("tarot")
    state = tarot.new_state(tarot.random_deal(1), taker=0, contract="guard")
    pos = codec_for(state).encode(state)
    for _ in range(300):
        cards = rng.sample(range(6 * 32), rng.randrange(1, 19))
        lanes = pos.kl.copy()
        lanes[:] = 0
        hand = []
        for c in cards:
            s, r = divmod(c, 32)
            if (s < 4 and r > 13) or (s == 4 and r > 20) or (s == 5 and r > 0) or pos.kp[s, r] == 0:
                continue
            lanes[0, s] |= 1 << r
            hand.append((s, r))
        for excuse_value in (0, 1):
            points = sorted(excuse_value if s == 5 else int(pos.kp[s, r]) for s, r in hand)
            for k in range(len(hand) + 1):
                assert R.cheapest_cards_points(lanes, 0, k, excuse_value) == sum(points[:k]), \
                    (hand, k, excuse_value)


def test_tarot_dearest_points_count_the_encoders_points():
    """``dearest_points`` counts tarot's points by rank with popcounts: on
    random plain suits and trumps (a hand or several), its sum of the k
    dearest cards is the one of the encoder's point table."""
    rng = random.Random(11)
    tarot = get_game("tarot")
    state = tarot.new_state(tarot.random_deal(1), taker=0, contract="guard")
    kp = codec_for(state).encode(state).kp
    cards = [(s, r) for s in range(5) for r in range(32) if kp[s, r] != 0]
    assert len(cards) == 77
    for _ in range(400):
        hand = rng.sample(cards, rng.randrange(0, 40))
        x = [0] * 5
        for s, r in hand:
            x[s] |= 1 << r
        points = sorted((int(kp[s, r]) for s, r in hand), reverse=True)
        for k in range(-1, len(hand) + 2):
            assert R.dearest_points(*x, k, kp) == sum(points[:max(k, 0)]), (hand, k)


@pytest.mark.parametrize("tricks, seeds", [(2, 600), (3, 80)])
def test_tarot_master_tricks_count_the_cheapest_cards(tricks, seeds):
    """The tricks a side's master trumps win hold one card of each seat of
    the other side (``master_tricks_cards``): at least its cheapest cards,
    not a half point each. The bounds hold the naive search's value, and
    the rule counts more than a half point a card for each side's masters
    (the taker's, raising the lower bound; the defence's, lowering the
    upper) on endings where honours stay in the hands."""
    raised = lowered = 0
    for _seed, state, pos in endings_within_bounds("tarot", 110_000, seeds, tricks,
                                                   TAROT_CONTRACTS, strongest_to_the_leader_side):
        n = state.n
        tw_max, tw_min, seats_max, seats_min = R.tarot_master_tricks(pos.kl, n, pos.sides, 0)
        on_max, on_min = R.excuse_spares_masters(pos.kl, n, pos.fl0, pos.sides, 0)
        cards_max = R.master_tricks_cards(pos.kl, n, pos.sides, 0, tw_max, True)
        cards_min = R.master_tricks_cards(pos.kl, n, pos.sides, 0, tw_min, False)
        raised += on_max and cards_max > tw_max * seats_min
        lowered += on_min and cards_min > tw_min * seats_max
    assert raised >= seeds // 40 and lowered >= seeds // 40, (raised, lowered)


def tarocco_keeps_honours(state, card):
    """Tarocco: play the Matto, the trumps 1 and 21, the high trumps and
    the court cards last (master trumps and dear cards stay in the hands)."""
    if card == FOOL:
        return False
    if card > FOOL:
        return card - FOOL < 12
    return (card & 15) < 6


def tarocco_old_master_cards(pos, n, tw, of_max):
    """The rule ``tarocco_master_tricks_cards`` replaced: a point for each
    card but the side's masters in its masters' ``tw`` tricks (the Matto
    not counted), at least a point for each card of the other side."""
    if tw <= 0:
        return 0
    kl = [[int(x) for x in row] for row in pos.kl]
    mine = sum_or(kl[q][4] for q in range(n) if (pos.sides[q] == 0) == of_max)
    theirs = sum_or(kl[q][4] for q in range(n) if (pos.sides[q] == 0) != of_max)
    masters = bin(mine >> theirs.bit_length()).count("1")
    matto_any = int(any(kl[q][5] for q in range(n)))
    matto_other = int(any(kl[q][5] for q in range(n) if (pos.sides[q] == 0) != of_max))
    return max(tw * (n // 2) - matto_other, n * tw - masters - matto_any, 0)


def sum_or(xs):
    out = 0
    for x in xs:
        out |= x
    return out


@pytest.mark.parametrize("tricks, seeds", [(2, 800), (3, 120)])
def test_tarocco_master_tricks_count_the_cheapest_cards(tricks, seeds):
    """Tarocco: the tricks a side's master trumps win hold a card of each
    seat in each (``tarocco_master_tricks_cards``): the other side's
    cheapest cards and the side's own cheapest cards but its masters, not a
    point a card. The bounds hold the naive search's value, and the rule
    counts more than a point a card for each side's masters (raising the
    lower bound, lowering the upper) on endings where honours stay in the
    hands."""
    raised = lowered = 0
    for seed, state, pos in endings_within_bounds("tarocco", 120_000, seeds, tricks, None,
                                                  tarocco_keeps_honours):
        n = state.n
        tw_max, tw_min, _, _ = R.tarot_master_tricks(pos.kl, n, pos.sides, 0)
        mine, theirs = R.side_cards(pos.kl, n, 4, pos.sides, 0)
        floor_max = int(theirs).bit_length() - 1
        floor_min = int(mine).bit_length() - 1
        cards_max = R.tarocco_master_tricks_cards(pos.kl, n, pos.sides, 0, tw_max, floor_max, True)
        cards_min = R.tarocco_master_tricks_cards(pos.kl, n, pos.sides, 0, tw_min, floor_min, False)
        old_max = tarocco_old_master_cards(pos, n, tw_max, True)
        old_min = tarocco_old_master_cards(pos, n, tw_min, False)
        assert cards_max >= old_max and cards_min >= old_min, (seed, state)
        raised += cards_max > old_max
        lowered += cards_min > old_min
    assert raised >= seeds // 20 and lowered >= seeds // 20, (raised, lowered)
