"""The solver's kernels one by one against the reference engine: bitboards
to lanes, legal cards, trick winners, on random positions of every game
(``bridge_search`` for bridge, ``point_search`` for the others); and the kernels run as
plain Python (NUMBA_DISABLE_JIT=1)."""

import os
import random
import subprocess
import sys
import zlib

import numba
import numpy as np
import pytest

from atout.engine import get_game
from atout.solver.kernels.bridge import bounds as BB
from atout.solver.kernels.bridge import moves as BM
from atout.solver.kernels.bridge import partition as BP
from atout.solver.kernels.bridge import search as K
from atout.solver.kernels.point import search as R
from atout.solver.encoding import codec_for, hand_words

GAMES = {
    "bridge": {"declarer": "NESW", "strain": ["S", "H", "D", "C", "NT"]},
    "belote": {"trump": "SHDC", "taker": [0, 1, 2, 3]},
    "smear": {},
    "tarocco": {},
    "tarot": {"taker": [0, 1, 2, 3], "contract": ["take", "guard", "guard_without",
                                                   "guard_against"]},
    "tarot2": {},
}


def random_positions(name, count):
    game = get_game(name)
    rng = random.Random(zlib.crc32(name.encode()))
    for seed in range(count):
        contract = {k: rng.choice(v) for k, v in GAMES[name].items()}
        state = game.new_state(game.random_deal(seed), **contract)
        for _ in range(rng.randrange(len(game.deck.cards))):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_cards()))
        yield state


def test_words_to_lanes_splits_the_engine_bitboards():
    hands = [{0, 15, 16, 47, 63}, {64}, {65, 85}, set()]
    words = hand_words(hands)
    assert words.dtype == np.uint64
    assert int(words[0, 0]) == (1 << 0) | (1 << 15) | (1 << 16) | (1 << 47) | (1 << 63)
    lanes = np.zeros((4, 6), dtype=np.int64)
    K.words_to_lanes(words, lanes)
    assert list(lanes[0]) == [(1 << 0) | (1 << 15), 1, 1 << 15, 1 << 15, 0, 0]
    assert list(lanes[1]) == [0, 0, 0, 0, 0, 1]            # the fool
    assert list(lanes[2]) == [0, 0, 0, 0, 1 | (1 << 20), 0]  # trumps 1 and 21


def test_bit_helpers():
    for x in (1, 2, 3, 0xFFFF, 0x10000, 0x1FFFFF, 0xABCDE, 0xFFFFFFFF):
        assert K.hibit(x) == x.bit_length() - 1
        assert K.popcount(x) == bin(x).count("1")
        assert K.lobit(x) == (x & -x).bit_length() - 1
    # an empty lane: 0 for each (as the lookup tables they replaced gave)
    assert (K.hibit(0), K.popcount(0), K.lobit(0)) == (0, 0, 0)
    assert K.popcount(-1) == 32     # the low 32 bits only


def test_top_run_counts_the_top_cards_held():
    """``top_run`` (no loop) against counting down from the top."""
    rng = random.Random(7)
    for _ in range(3000):
        rem = rng.getrandbits(13)
        mine = rem & rng.getrandbits(13) if rng.random() < 0.8 else rng.getrandbits(13)
        k = 0
        for r in range(12, -1, -1):
            if (rem >> r) & 1:
                if not (mine >> r) & 1:
                    break
                k += 1
        assert K.top_run(mine, rem) == k, (mine, rem)


def plain_suit_codes(lanes):
    """``_suit_codes`` card by card: the owner of each remaining card of a
    suit, strongest first, 2 bits each; the number of cards; the lengths key
    (as an unsigned 64-bit number)."""
    codes, counts, key = [], [], 0
    for s in range(4):
        code = count = 0
        for r in range(15, -1, -1):
            for q in range(4):
                if (int(lanes[q, s]) >> r) & 1:
                    code, count = (code << 2) | q, count + 1
        codes.append(code)
        counts.append(count)
        for q in range(4):
            key |= bin(int(lanes[q, s])).count("1") << (4 * (4 * q + s))
    return key % (1 << 64), codes, counts


def test_suit_codes_match_the_card_by_card_reference():
    rng = random.Random(7)
    cf = np.zeros(4, dtype=np.int64)
    cnt = np.zeros(4, dtype=np.int64)
    for _ in range(500):
        lanes = np.zeros((4, 6), dtype=np.int64)
        density = rng.random()
        for s in range(4):
            for r in range(13):
                if rng.random() < density:
                    lanes[rng.randrange(4), s] |= 1 << r
        key = K._suit_codes(lanes, cf, cnt)
        assert (int(key) % (1 << 64), list(cf), list(cnt)) == plain_suit_codes(lanes)


def test_the_table_signature_keeps_every_matching_entry():
    # an entry stored for a position (any number of relevant top cards per
    # suit) agrees with the signature of every position its pattern matches,
    # and the probe's mask finds it: the signature only skips entries that
    # cannot match
    rng = random.Random(11)
    cf = np.zeros(4, dtype=np.int64)
    cnt = np.zeros(4, dtype=np.int64)
    tt_keys = np.zeros((2 * K.PT_WAYS, 3), dtype=np.int64)
    skipped = 0
    for _ in range(400):
        lanes = np.zeros((4, 6), dtype=np.int64)
        for s in range(4):
            for r in range(13):
                if rng.random() < 0.6:
                    lanes[rng.randrange(4), s] |= 1 << r
        K._suit_codes(lanes, cf, cnt)
        p01 = p23 = 0
        for s in range(4):
            k = rng.randint(0, int(cnt[s]))
            pat = ((int(cf[s]) >> (2 * (int(cnt[s]) - k))) << 4) | k
            if s < 2:
                p01 = (p01 << 30) | pat
            else:
                p23 = (p23 << 30) | pat
        tt_keys[0, 1], tt_keys[1, 0] = p01, p23
        esig = int(BP._pt_entry_sig(p01, p23))
        # other positions: the entry matches them exactly when they agree
        for _ in range(20):
            other = lanes.copy()
            s = rng.randrange(4)
            r = rng.randrange(13)
            holder = [q for q in range(4) if (other[q, s] >> r) & 1]
            if holder:
                other[holder[0], s] ^= 1 << r
                other[rng.randrange(4), s] |= 1 << r
            cf2 = np.zeros(4, dtype=np.int64)
            cnt2 = np.zeros(4, dtype=np.int64)
            K._suit_codes(other, cf2, cnt2)
            vals = np.zeros(6 * K.PT_WAYS, dtype=np.int32)
            vals[0], vals[K.V_SIG] = -5, esig
            mask = int(BP._pt_candidates(vals, 0, -5, BP._pt_sig(cf2, cnt2)))
            if BP._pt_match(tt_keys, 0, cf2, cnt2):
                assert mask == 1
            skipped += mask == 0
    assert skipped > 0


def kernel_legal_cards(state, pos, codec):
    """The legal cards of the player on turn as the game's kernel sees them."""
    out = np.zeros(K.NSUITS, dtype=np.int64)
    if state.game.name == "bridge":
        K.legal_lanes(pos.lanes, state.to_play, pos.ts, 0, pos.ntr, out)
        return sorted(codec.to_card(s * 32 + r) for s in range(K.NSUITS) for r in range(32)
                      if (int(out[s]) >> r) & 1)
    R.legal_g(pos.kl, state.to_play, pos.kts, pos.ktr, 0, pos.ntr, pos.leader, pos.fl0,
              pos.rules, pos.sides, out)
    return sorted(pos.kernel_move_to_card(s, r) for s in range(K.NSUITS) for r in range(32)
                  if (int(out[s]) >> r) & 1)


def kernel_trick_winner(state, pos, codec, leader, cards):
    moves = [codec.to_move(c) for c in cards]
    if state.game.name == "bridge":
        ts = np.array([m >> 5 for m in moves], dtype=np.int64)
        tr = np.array([m & 31 for m in moves], dtype=np.int64)
        return (leader + K.trick_winner(ts, tr, 0, len(cards), int(pos.rules[K.R_TRUMP]))) % state.n
    ts = np.array([m >> 5 for m in moves], dtype=np.int64)
    tr = np.array([m & 31 if pos.perm is None or m >> 5 > 3 else pos.perm[m >> 5][m & 31]
                   for m in moves], dtype=np.int64)
    trump = R.trump_of(pos.rules, pos.fl0)
    if state.game.name == "smear" and trump < 0:
        trump = int(ts[0])    # the first lead sets the trump
    return (leader + R.winner_index(ts, tr, 0, len(cards), trump)) % state.n


@pytest.mark.parametrize("name", sorted(GAMES))
def test_legal_cards_and_trick_winner_equal_the_engine(name):
    checked = 0
    for state in random_positions(name, 400):
        if state.is_over():
            continue
        codec = codec_for(state)
        pos = codec.encode(state)
        assert kernel_legal_cards(state, pos, codec) == sorted(state.legal_cards()), state
        checked += 1
        # finish the trick with the first legal cards and compare the winner
        probe = state.clone()
        while probe.trick and len(probe.trick) < probe.n:
            probe.play(probe.legal_cards()[0])
        if probe.trick and name not in ("tarot", "tarot2"):
            # (the tarot family's Excuse and last trick: ``trick_end`` decides, tested by
            # the exact solves)
            assert (kernel_trick_winner(state, pos, codec, probe.leader, probe.trick)
                    == probe.trick_winner(probe.leader, probe.trick))
    assert checked > 200


def test_move_keys_sort_as_a_stable_sort_by_score():
    """``_gen_keys`` sorts one array of keys: larger key first must be the
    higher score first, and among equal scores the move generated first."""
    rng = random.Random(11)
    moves = [(rng.randrange(-300, 20000), k, rng.randrange(128)) for k in range(K.MAXMOVES)]
    keys = sorted((int(BM._move_key(sc, k, m)) for sc, k, m in moves), reverse=True)
    stable = sorted(moves, key=lambda t: (-t[0], t[1]))
    assert [key & K.KEY_MOVE for key in keys] == [m for sc, k, m in stable]
    assert [key >> K.KEY_SHIFT for key in keys] == sorted((sc for sc, k, m in moves), reverse=True)


def test_generated_moves_are_legal_block_tops_best_first():
    checked = 0
    for state in random_positions("bridge", 200):
        if state.is_over():
            continue
        pos = codec_for(state).encode(state)
        mv = np.zeros((60, K.MAXMOVES), dtype=np.int64)
        sc = np.zeros((60, K.MAXMOVES), dtype=np.int64)
        lg = np.zeros((60, K.NSUITS), dtype=np.int64)
        d = pos.ntr
        n = BM._gen_moves(pos.lanes, pos.ts, pos.tr, pos.ntr, d, pos.leader, state.to_play,
                         pos.rules, pos.sides, mv, sc, lg, -1, -1)
        legal = np.zeros(K.NSUITS, dtype=np.int64)
        K.legal_lanes(pos.lanes, state.to_play, pos.ts, 0, pos.ntr, legal)
        assert list(lg[d]) == list(legal)
        assert all(sc[d, i] >= sc[d, i + 1] for i in range(n - 1))
        assert len(set(mv[d, :n])) == n
        assert all((legal[m >> 5] >> (m & 31)) & 1 for m in mv[d, :n])
        checked += 1
    assert checked > 100


def test_generation_reads_the_trick_and_writes_the_row_it_is_given():
    """The generation's kernels take pointers (``K._at``) to the trick's
    first card and to the row of moves: the same trick at other depths
    gives the same moves and scores, in that row only."""
    checked = 0
    for state in random_positions("bridge", 120):
        if state.is_over():
            continue
        pos = codec_for(state).encode(state)
        p = (pos.leader + pos.ntr) % 4
        rows = []
        for shift in (0, 7, 30):
            d = pos.ntr + shift
            ts = np.full(60, -1, dtype=np.int64)
            tr = np.full(60, -1, dtype=np.int64)
            ts[shift:d] = pos.ts[:pos.ntr]
            tr[shift:d] = pos.tr[:pos.ntr]
            mv = np.full((60, K.MAXMOVES), -7, dtype=np.int64)
            sc = np.zeros((60, K.MAXMOVES), dtype=np.int64)
            lg = np.zeros((60, K.NSUITS), dtype=np.int64)
            n = BM._gen_moves(pos.lanes, ts, tr, pos.ntr, d, pos.leader, p, pos.rules, pos.sides,
                             mv, sc, lg, -1, -1)
            assert (np.delete(mv, d, axis=0) == -7).all() and (mv[d, n:] == -7).all()
            rows.append((list(mv[d, :n]), list(sc[d, :n])))
        assert rows[0] == rows[1] == rows[2]
        checked += 1
    assert checked > 80


def test_a_view_of_a_pointer_is_the_array_itself():
    """``K._view(K._at(a, k), shape)``: the array of ``shape`` from element
    ``k`` of ``a`` (flat), reading and writing ``a``'s memory."""
    @numba.njit
    def add_rows(a, k):
        v = K._view(K._at(a, k), (2, 3))
        total = 0
        for i in range(2):
            for j in range(3):
                total += v[i, j]
                v[i, j] = -v[i, j]
        return total

    a = np.arange(24, dtype=np.int64).reshape(4, 6)
    assert add_rows(a, 7) == sum(range(7, 13))
    assert list(a.reshape(-1)[7:13]) == [-x for x in range(7, 13)]
    assert (a.reshape(-1)[:7] == np.arange(7)).all() and (a.reshape(-1)[13:] == np.arange(13, 24)).all()


def test_quick_tricks_are_a_lower_bound():
    """The quick tricks of the leader never exceed what the leader's side
    takes under optimal play (checked with the solver's exact value), also
    counted up to a cutoff only, and in a position with the same lengths
    and the same owners of the top cards the count relies on (the other
    cards dealt again)."""
    from atout.solver import solve
    rng = random.Random(5)
    for state in random_positions("bridge", 600):
        if state.trick or state.is_over() or state.tricks_left > 5:
            continue
        pos = codec_for(state).encode(state)
        q = K.quick_tricks(pos.lanes, state.leader, pos.rules, pos.sides)
        cutoff = rng.randint(1, 5)
        used = np.zeros(4, dtype=np.int64)
        qc = K.quick_tricks_used(pos.lanes, state.leader, pos.rules, pos.sides, used, cutoff)
        assert qc >= min(cutoff, q), (state, q, qc, cutoff)
        side_of_leader = state.side_of(state.leader)
        for probe, count in ((state, q), (shuffle_low_cards(state, used, rng), qc)):
            mine = side_tricks(probe, side_of_leader)
            assert count <= mine, (probe, count, mine)
    # spades, North leads hearts or diamonds for South's ruff: a trick,
    # unless West (void in both) overruffs
    from atout.engine.cards import plain_card
    game = get_game("bridge")
    north = {plain_card(1, 0), plain_card(2, 0)}
    east = {plain_card(1, 12), plain_card(1, 11)}
    south = {plain_card(0, 0), plain_card(3, 0)}
    for west, ruff, tricks in (({plain_card(0, 12), plain_card(0, 11)}, 0, 0),
                               ({plain_card(3, 2), plain_card(3, 1)}, 1, 2)):
        deal = game.random_deal(0).with_hands([north, east, south, west])
        state = game.new_state(deal, declarer="W", strain="S")
        pos = codec_for(state).encode(state)
        assert K.quick_tricks(pos.lanes, 0, pos.rules, pos.sides) == ruff
        assert 2 - solve(state, line=False).value == tricks
    # North-South hold every trump (two each): two tricks, three when South
    # is void in the hearts North leads and ruffs one
    north = {plain_card(0, 1), plain_card(0, 0), plain_card(1, 0)}
    east = {plain_card(1, 12), plain_card(1, 11), plain_card(1, 10)}
    west = {plain_card(2, 12), plain_card(2, 11), plain_card(2, 10)}
    for south, tricks in (({plain_card(0, 3), plain_card(0, 2), plain_card(1, 1)}, 2),
                          ({plain_card(0, 3), plain_card(0, 2), plain_card(2, 0)}, 3)):
        deal = game.random_deal(0).with_hands([north, east, south, west])
        state = game.new_state(deal, declarer="W", strain="S")
        pos = codec_for(state).encode(state)
        used = np.zeros(4, dtype=np.int64)
        assert K.quick_tricks_used(pos.lanes, 0, pos.rules, pos.sides, used, tricks) == tricks
        assert 3 - solve(state, line=False).value == tricks


def test_quick_tricks_with_no_trump_left_count_as_at_no_trump():
    """In a trump contract whose trumps are all played, the quick tricks are
    the no-trump count (a side suit runs whole, the leader reaches
    partner's winners), and they stay a lower bound (the exact value)."""
    checked = 0
    for state in random_positions("bridge", 2000):
        if state.trick or state.is_over() or state.trump is None or state.tricks_left > 7:
            continue
        pos = codec_for(state).encode(state)
        t = int(pos.rules[K.R_TRUMP])
        if any(int(pos.lanes[q, t]) for q in range(4)):
            continue
        q = K.quick_tricks(pos.lanes, state.leader, pos.rules, pos.sides)
        nt = pos.rules.copy()
        nt[K.R_TRUMP] = -1
        assert q == K.quick_tricks(pos.lanes, state.leader, nt, pos.sides), state
        mine = side_tricks(state, state.side_of(state.leader))
        assert q <= mine, (state, q, mine)
        checked += 1
    assert checked >= 15, checked


def test_sure_trumps_are_a_lower_bound():
    """Trumps of one hand above all the other side's trumps: a lower bound
    of the tricks that side takes (checked with the exact value)."""
    from atout.solver import solve
    for state in random_positions("bridge", 400):
        if state.trick or state.is_over() or state.tricks_left > 4 or state.trump is None:
            continue
        pos = codec_for(state).encode(state)
        value = solve(state, line=False).value - state.tricks_won(state.max_side)
        for side in (0, 1):
            k, used = K.sure_trumps(pos.lanes, pos.rules, pos.sides, side)
            mine = value if side == state.max_side else state.tricks_left - value
            assert k <= mine, (state, side, k, mine)
            assert 0 <= used <= 13



def test_sure_trumps_rely_on_the_hands_trumps_above_the_others_only():
    """Sure trumps rely on the trumps from the top down to the last of the
    counting hand's (all the side's), not on the other side's best trump:
    the count stays a lower bound of the side's tricks with the trumps
    below those dealt again, and relies on fewer top trumps than the cards
    down to the other side's best wherever partner holds one in between."""
    rng = random.Random(17)
    fired = narrower = 0
    for state, pos in bridge_endings(61000, 600, rng, ["S", "H"]):
        L = pos.lanes
        t = int(pos.rules[K.R_TRUMP])
        rem = int(L[0, t] | L[1, t] | L[2, t] | L[3, t])
        for side in (0, 1):
            k, used = K.sure_trumps(L, pos.rules, pos.sides, side)
            theirs = int(L[(side + 1) % 4, t] | L[(side + 3) % 4, t])
            if k == 0 or theirs == 0:
                continue
            fired += 1
            down_to_theirs = bin(rem >> (theirs.bit_length() - 1)).count("1")
            assert used < down_to_theirs
            narrower += used < down_to_theirs - 1
            relied = [used if suit == t else 0 for suit in range(4)]
            for probe in (state, shuffle_low_cards(state, relied, rng)):
                assert k <= side_tricks(probe, side), (probe, side, k)
    assert fired > 350 and narrower > 60, (fired, narrower)
    # hearts: North A-Q-10, South K-J, East 9-2: North's three above East's
    # best rely on the five top hearts, not on East's nine
    from atout.engine.cards import plain_card
    game = get_game("bridge")
    north = {plain_card(1, r) for r in (12, 10, 8)}
    south = {plain_card(1, r) for r in (11, 9)} | {plain_card(0, 0)}
    east = {plain_card(1, r) for r in (7, 0)} | {plain_card(0, 1)}
    west = {plain_card(2, r) for r in (0, 1, 2)}
    deal = game.random_deal(0).with_hands([north, east, south, west])
    state = game.new_state(deal, declarer="W", strain="H")
    pos = codec_for(state).encode(state)
    assert K.sure_trumps(pos.lanes, pos.rules, pos.sides, 0) == (3, 5)


def test_later_trumps_are_a_lower_bound():
    """DDS's later trump tricks of the side not on lead (the two top trumps,
    one of them guarded; a guarded second best over the top trump, or with
    the third best): a lower bound of that side's tricks, in every
    position with the same lengths and owners of the top trumps it relies
    on (checked with the exact value of the position and of one with the
    lower trumps dealt around again)."""
    from atout.solver import solve
    rng = random.Random(11)
    fired = 0
    for state in random_positions("bridge", 5000):
        if state.trick or state.is_over() or state.tricks_left > 6 or state.trump is None:
            continue
        pos = codec_for(state).encode(state)
        t = pos.rules[K.R_TRUMP]
        k, used = K.later_trumps(pos.lanes, state.leader, t, pos.sides)
        if k == 0:
            continue
        fired += 1
        side = 1 - state.side_of(state.leader)
        relied = [used if suit == t else 0 for suit in range(4)]
        for probe in (state, shuffle_low_cards(state, relied, rng)):
            mine = side_tricks(probe, side)
            assert k <= mine, (probe, k, mine)
    assert fired > 80
    # spades, North leads: East's guarded king under the ace-queen is
    # finessed (no sure trick), West's over them is a trick
    from atout.engine.cards import plain_card
    game = get_game("bridge")
    two, three, four, queen, king, ace = 0, 1, 2, 10, 11, 12
    north = {plain_card(0, three), plain_card(0, two)}
    south = {plain_card(0, ace), plain_card(0, queen)}
    guarded_king = {plain_card(0, king), plain_card(0, four)}
    hearts = {plain_card(1, ace), plain_card(1, king)}
    for hands, sure in (([north, guarded_king, south, hearts], 0),
                        ([north, hearts, south, guarded_king], 1)):
        deal = game.random_deal(0).with_hands(hands)
        state = game.new_state(deal, declarer="W", strain="S")
        pos = codec_for(state).encode(state)
        assert K.later_trumps(pos.lanes, 0, 0, pos.sides)[0] == sure
        assert solve(state, line=False).value == sure


def test_the_side_on_lead_cannot_take_all_when_the_bound_says_so():
    """DDS's later-tricks bound (no trump in play: the side's tops are too
    short, or the other side tops every suit the leader holds): the side on
    lead then loses a trick, also with the cards below the top ones the
    bound relies on dealt again."""
    rng = random.Random(7)
    fired = first_lost = 0
    for state in random_positions("bridge", 8000):
        if state.trick or state.is_over() or state.tricks_left > 5:
            continue
        pos = codec_for(state).encode(state)
        rt = np.full(4, K.NOREL, dtype=np.int64)
        if not BB._cannot_take_all(pos.lanes, state.leader, pos.rules, pos.sides,
                                  state.tricks_left, rt):
            continue
        fired += 1
        leads = [s for s in range(4) if pos.lanes[state.leader, s]]
        first_lost += all(int(rt[s]) < K.NOREL for s in leads) and all(
            int(rt[s]) == K.NOREL for s in range(4) if s not in leads)
        used = [0] * 4
        for s in range(4):
            rem = int(pos.lanes[0, s] | pos.lanes[1, s] | pos.lanes[2, s] | pos.lanes[3, s])
            used[s] = 0 if rt[s] >= K.NOREL else bin(rem >> int(rt[s])).count("1")
        side = state.side_of(state.leader)
        for probe in (state, shuffle_low_cards(state, used, rng)):
            mine = side_tricks(probe, side)
            assert mine < probe.tricks_left, (probe, mine)
    assert fired > 60 and first_lost > 20, (fired, first_lost)


def side_tricks(state, side):
    """The tricks ``side`` takes from here under optimal play (the solver's
    exact value, from the max side's count)."""
    from atout.solver import solve
    value = solve(state, line=False).value - state.tricks_won(state.max_side)
    return value if side == state.max_side else state.tricks_left - value


def shuffle_low_cards(state, used, rng, lead=None):
    """The position as a new deal (same hands, same leader and strain)
    where, in each suit, the cards below its ``used[suit]`` top ones are
    dealt among their holders again (each hand keeps its number of them).
    With ``lead``, ``state`` is a trick start: the counts are of the cards
    left once ``lead`` is played, which is kept and played in the new deal."""
    from atout.engine.cards import position_of, suit_of
    swap = {}
    for suit in range(4):
        cards = sorted((c for h in state.hands for c in h if suit_of(c) == suit and c != lead),
                       key=position_of, reverse=True)
        low = cards[int(used[suit]):]
        shuffled = low[:]
        rng.shuffle(shuffled)
        swap.update(zip(low, shuffled))
    hands = [{swap.get(c, c) for c in h} for h in state.hands]
    strain = "NT" if state.trump is None else "SHDC"[codec_for(state).encode(state).rules[K.R_TRUMP]]
    probe = get_game("bridge").new_state(state.deal.with_hands(hands),
                                         declarer="NESW"[(state.leader + 3) % 4], strain=strain)
    if lead is not None:
        probe.play(lead)
    return probe


def cards_relied_on(L, ranks):
    """Per suit, how many top cards a bound relies on, from the lowest rank
    it relies on in each suit (``NOREL``: none)."""
    counts = []
    for t in range(4):
        rem = int(L[0, t] | L[1, t] | L[2, t] | L[3, t])
        counts.append(0 if ranks[t] >= K.NOREL else bin(rem >> int(ranks[t])).count("1"))
    return counts


def bridge_endings(first_seed, count, rng, strains):
    """The bridge endings of 3 to 6 tricks left at a trick start, from the
    seeds ``first_seed ..`` (``count`` of them, over), with their codes."""
    from atout.solver.testing import random_ending
    game = get_game("bridge")
    for seed in range(count):
        state = random_ending(game, first_seed + seed, rng.randint(3, 6), {"strain": strains},
                              mid_trick=None)
        if not state.is_over():
            yield state, codec_for(state).encode(state)


def assert_quick_tricks_below_the_exact(state, pos, rng, cutoff=99):
    """The quick tricks counted up to ``cutoff`` are at most the tricks the
    leader's side takes, also with the cards below the ones they rely on
    dealt again (``shuffle_low_cards``). Returns the count."""
    used = np.zeros(4, dtype=np.int64)
    q = K.quick_tricks_used(pos.lanes, state.leader, pos.rules, pos.sides, used, cutoff)
    side_of_leader = state.side_of(state.leader)
    for probe in (state, shuffle_low_cards(state, used, rng)):
        mine = side_tricks(probe, side_of_leader)
        assert q <= mine, (probe, q, cutoff, mine)
    return q


def test_quick_tricks_say_which_top_cards_they_use():
    """The cards a quick-trick count relies on are the leader's side's top
    cards: removing every other card's rank information (same owners of the
    used top cards) cannot change the count. (Partner's overruff relies on
    the trumps down to partner's best, whoever holds those above it.)"""
    for state in random_positions("bridge", 300):
        if state.trick or state.is_over():
            continue
        pos = codec_for(state).encode(state)
        used = np.zeros(4, dtype=np.int64)
        q = K.quick_tricks_used(pos.lanes, state.leader, pos.rules, pos.sides, used, 99)
        assert q == K.quick_tricks(pos.lanes, state.leader, pos.rules, pos.sides)
        t = int(pos.rules[K.R_TRUMP])
        overruff = q == 1 and t >= 0 and BB._partner_overruffs(pos.lanes, state.leader, t) > 0
        for s in range(4):
            if overruff and s == t:
                continue
            rem = 0
            for seat in range(4):
                rem |= int(pos.lanes[seat, s])
            top = [r for r in range(15, -1, -1) if rem >> r & 1][:int(used[s])]
            side = state.side_of(state.leader)
            assert all(state.side_of(next(p for p in range(4) if int(pos.lanes[p, s]) >> r & 1))
                       == side for r in top), (state, s)


def test_a_run_that_draws_the_others_cards_relies_on_those_top_cards_only():
    """A run of a suit (the leader's at no trump or in trumps, partner's at
    no trump, or in a side suit once the opponents hold no trump) where no
    other hand holds more cards than the run: the count relies only on the
    top cards that draw the others' (as many as the longest other hand
    holds; none when only that hand holds the suit), the rest winning by
    length (``_run_relevance``). The count stays a lower bound (the exact
    value), also with the cards below those dealt again."""
    from atout.engine.cards import plain_card
    rng = random.Random(13)
    checked = 0
    for state, pos in bridge_endings(53000, 800, rng, ["NT", "NT", "S", "H"]):
        L = pos.lanes
        t = int(pos.rules[K.R_TRUMP])
        pa = (state.leader + 2) % 4
        opp_trumps = t >= 0 and any(int(L[(state.leader + o) % 4, t]) for o in (1, 3))
        draws = False
        for q in (state.leader, pa):
            for s in range(4):
                # the leader's trumps; partner's side suits once no
                # opponent holds a trump (``_reach_partner_trump``)
                if not int(L[q, s]) or (t >= 0 and (s != t if q == state.leader
                                                     else s == t or opp_trumps)):
                    continue
                rem = int(L[0, s] | L[1, s] | L[2, s] | L[3, s])
                k = K.top_run(int(L[q, s]), rem)
                draws |= BB._run_relevance(L, q, s, k) < k
        if not draws:
            continue
        used = np.zeros(4, dtype=np.int64)
        if K.quick_tricks_used(L, state.leader, pos.rules, pos.sides, used, 99) == 0:
            continue
        checked += 1
        assert_quick_tricks_below_the_exact(state, pos, rng)
    assert checked > 100, checked
    # no trump: North holds the only diamonds left, 3 of them: three tricks,
    # and no diamond's rank matters
    game = get_game("bridge")
    north = {plain_card(2, 0), plain_card(2, 1), plain_card(2, 5)}
    east = {plain_card(1, 12), plain_card(1, 11), plain_card(1, 10)}
    south = {plain_card(0, 0), plain_card(0, 1), plain_card(0, 2)}
    west = {plain_card(3, 12), plain_card(3, 11), plain_card(3, 10)}
    deal = game.random_deal(0).with_hands([north, east, south, west])
    state = game.new_state(deal, declarer="W", strain="NT")
    pos = codec_for(state).encode(state)
    used = np.zeros(4, dtype=np.int64)
    assert K.quick_tricks_used(pos.lanes, 0, pos.rules, pos.sides, used, 99) == 3
    assert list(used) == [0, 0, 0, 0]


def no_trump_ending(*hands):
    """A hand-made no-trump ending, West declaring, North (the first hand)
    on lead: the state and its encoded position."""
    game = get_game("bridge")
    deal = game.random_deal(0).with_hands([set(game.parse_cards(h)) for h in hands])
    state = game.new_state(deal, declarer="W", strain="NT")
    return state, codec_for(state).encode(state)


def test_partners_finesse_counts_two_tricks_and_stays_a_lower_bound():
    """No trump: partner holds the top and third best cards of a suit the
    leader can lead, LHO the second (``_finesse_tricks``): two tricks for
    partner (more when the others hold at most two). The quick tricks stay
    a lower bound (the exact value), also with the cards below the ones
    they rely on dealt again; the finesse relies on the three top cards."""
    from atout.solver import solve
    rng = random.Random(11)
    checked = 0
    for state, pos in bridge_endings(52000, 3000, rng, ["NT"]):
        fins = [s for s in range(4) if int(pos.lanes[state.leader, s])
                and BB._finesse_tricks(pos.lanes, state.leader, s) > 0]
        if not fins:
            continue
        checked += 1
        assert_quick_tricks_below_the_exact(state, pos, rng)
    assert checked >= 30, checked
    # North leads (4 tricks left), South holds the king and nine of diamonds
    # over East's jack: two clubs, then the diamond finesse for all four
    state, pos = no_trump_ending("H7 D4 CT C4", "HT DJ D7 D2", "H9 DK D9 D6",
                                 "SK ST HA HQ")
    assert K.quick_tricks(pos.lanes, 0, pos.rules, pos.sides) == 4
    assert solve(state, line=False).value == 0       # East-West, the declarers, take none


def test_a_suit_only_the_leaders_side_holds_stays_a_lower_bound():
    """No trump, a suit the opponents do not hold and the leader leads
    (``_own_suit_tricks``): the shorter hand's count, the longer hand's
    when its top card beats the shorter hand's lowest (which unblocks).
    The quick tricks stay a lower bound (the exact value), also with the
    cards below the ones they rely on dealt again."""
    from atout.solver import solve
    rng = random.Random(12)
    longer = 0
    for state, pos in bridge_endings(61000, 4000, rng, ["NT"]):
        own = [BB._own_suit_tricks(pos.lanes, state.leader, s) for s in range(4)]
        pa = (state.leader + 2) % 4
        mins = [min(bin(int(pos.lanes[state.leader, s])).count("1"),
                    bin(int(pos.lanes[pa, s])).count("1")) for s in range(4)]
        if not any(o > m for o, m in zip(own, mins)):
            continue
        longer += 1
        assert assert_quick_tricks_below_the_exact(state, pos, rng) >= max(own)
    assert longer >= 20, longer
    # North QJ8 and South A9 of hearts, the opponents none: eight to the ace,
    # nine to the queen, then the jack: three tricks
    state, pos = no_trump_ending("S3 HQ HJ H8", "S7 S5 DT C2", "S8 HA H9 D8",
                                 "SK SJ S4 S2")
    assert BB._own_suit_tricks(pos.lanes, 0, 1) == 3
    assert BB._own_suit_tricks(pos.lanes, 2, 1) == 3
    assert solve(state, line=False).value == 1       # East-West take the king of spades


def test_a_suit_only_the_leaders_side_holds_relies_on_the_cards_down_to_the_longer_hands_best():
    """No trump, a suit only the leader's side holds (``_own_suit_tricks``):
    the shorter hand's count relies on the lengths only, as does a suit
    only the leader holds; the longer hand's count on the cards from the
    top down to the longer hand's best (``_own_suit_relevance``), not on
    every card of the suit. The quick tricks stay a lower bound (the exact
    value), also with the cards below the used ones dealt again."""
    rng = random.Random(15)
    narrower = 0
    for state, pos in bridge_endings(62000, 800, rng, ["NT"]):
        L = pos.lanes
        pa = (state.leader + 2) % 4
        for s in range(4):
            k = BB._own_suit_tricks(L, state.leader, s)
            a = bin(int(L[state.leader, s])).count("1")
            b = bin(int(L[pa, s])).count("1")
            if k > min(a, b) and BB._own_suit_relevance(L, state.leader, s, k) < a + b:
                break
        else:
            continue
        narrower += 1
        assert_quick_tricks_below_the_exact(state, pos, rng)
    assert narrower >= 150, narrower
    # North QJ8 and South A9 of hearts, the opponents none: three tricks,
    # relying on the ace (South's) and the queen (North's) only
    state, pos = no_trump_ending("S3 HQ HJ H8", "S7 S5 DT C2", "S8 HA H9 D8",
                                 "SK SJ S4 S2")
    assert BB._own_suit_relevance(pos.lanes, 0, 1, 3) == 2
    assert BB._own_suit_relevance(pos.lanes, 0, 1, 2) == 0


def test_the_second_hands_runs_that_draw_the_others_cards_win_by_length():
    """One card into a trick, the second hand's side wins it with its best
    card and the winner cashes on (``_second_hand_tricks``): in a suit
    where no other hand holds more than the winner's run (in the suit led,
    once this trick is over), every card of the winner's wins, relying
    only on the top cards that draw the others'. The count stays a lower
    bound (the exact value), also with the cards below the used ones dealt
    again (the led card kept)."""
    from atout.solver.testing import random_ending
    game = get_game("bridge")
    rng = random.Random(16)
    drawn = led = 0
    for seed in range(3000):
        start = random_ending(game, 64000 + seed, rng.randint(3, 5),
                              {"strain": ["NT", "S", "H"]}, mid_trick=None)
        if start.is_over() or start.trick:
            continue
        lead = rng.choice(sorted(start.legal_cards()))
        state = game.new_state(start.deal.with_hands([set(h) for h in start.hands]),
                               declarer="NESW"[(start.leader + 3) % 4],
                               strain="NT" if start.trump is None else
                               "SHDC"[codec_for(start).encode(start).rules[K.R_TRUMP]])
        state.play(lead)
        pos = codec_for(state).encode(state)
        L = pos.lanes
        p = (state.leader + 1) % 4
        trump = int(pos.rules[K.R_TRUMP])
        s = int(pos.ts[0])
        used = np.empty(4, dtype=np.int64)
        q = BB._second_hand_tricks(L, pos.ts[0], pos.tr[0], p, trump, used, 99)
        own = int(L[p, s] | L[(p + 2) % 4, s])
        if q <= 1 or own == 0:
            continue
        hh = p if int(L[p, s]) >> K.hibit(own) & 1 else (p + 2) % 4
        opp_trumps = trump >= 0 and any(int(L[(hh + o) % 4, trump]) for o in (1, 3))
        # the suit led: the others' longest once this trick is over
        after = max(max(bin(int(L[o, s])).count("1") - (o != state.leader), 0)
                    for o in range(4) if o != hh)
        k = K.top_run(int(L[hh, s]), int(L[0, s] | L[1, s] | L[2, s] | L[3, s]))
        draws = after <= k - 1 and not (opp_trumps and s != trump)
        led += draws
        for t in range(4):
            rem = int(L[0, t] | L[1, t] | L[2, t] | L[3, t])
            if t == s or not int(L[hh, t]) or rem == int(L[hh, t]) or (opp_trumps and t != trump):
                continue
            k = K.top_run(int(L[hh, t]), rem)
            draws |= k > 0 and (BB._run_tricks(L, hh, t, k) > k or BB._run_relevance(L, hh, t, k) < k)
        if not draws:
            continue
        drawn += 1
        # the hands after the lead, their low cards dealt again, the led card back
        probe = shuffle_low_cards(start, cards_relied_on(L, used), rng, lead)
        side = state.side_of(p)
        for st in (state, probe):
            assert q <= side_tricks(st, side), (st, q)
    assert drawn >= 150 and led >= 100, (drawn, led)


def test_the_second_hands_count_stops_at_its_cutoff_and_relies_on_the_suits_it_counted():
    """The second hand's count up to a cutoff (the tricks that settle the
    node, ``_second_hand_bound``): the suit led first, then the other
    suits until the count reaches the cutoff. It reaches the cutoff when
    the full count does, relies on no card the full count does not, and
    stays a lower bound (the exact value) with the cards below the ones it
    relies on dealt again (the led card kept)."""
    from atout.solver.testing import random_ending
    game = get_game("bridge")
    rng = random.Random(23)
    fewer = 0
    for seed in range(1500):
        start = random_ending(game, 67000 + seed, rng.randint(3, 5),
                              {"strain": ["NT", "S", "H"]}, mid_trick=None)
        if start.is_over() or start.trick:
            continue
        strain = "NT" if start.trump is None else "SHDC"[codec_for(start).encode(start).rules[K.R_TRUMP]]
        lead = rng.choice(sorted(start.legal_cards()))
        state = game.new_state(start.deal.with_hands([set(h) for h in start.hands]),
                               declarer="NESW"[(start.leader + 3) % 4], strain=strain)
        state.play(lead)
        pos = codec_for(state).encode(state)
        L = pos.lanes
        p = (state.leader + 1) % 4
        trump = int(pos.rules[K.R_TRUMP])
        full = np.empty(4, dtype=np.int64)
        q = BB._second_hand_tricks(L, pos.ts[0], pos.tr[0], p, trump, full, 99)
        if q <= 1:
            continue
        cutoff = rng.randint(1, q - 1)
        used = np.empty(4, dtype=np.int64)
        c = BB._second_hand_tricks(L, pos.ts[0], pos.tr[0], p, trump, used, cutoff)
        assert cutoff <= c <= q
        assert all(int(used[t]) >= int(full[t]) for t in range(4)), (used, full)
        if all(int(used[t]) == int(full[t]) for t in range(4)):
            continue
        fewer += 1
        probe = shuffle_low_cards(start, cards_relied_on(L, used), rng, lead)
        for st in (state, probe):
            assert c <= side_tricks(st, state.side_of(p)), (st, c)
    assert fewer >= 100, fewer


def test_a_side_suit_run_that_draws_the_others_cards_once_trumps_are_drawn_wins_by_length():
    """A trump contract where the leader's top trumps draw the opponents'
    (or they hold none): a side suit run of the leader that no other hand
    holds more cards than takes every card of the suit, relying only on
    the top cards that draw the others' (``_quick_tricks_count``). The
    quick tricks stay a lower bound (the exact value), also counted up to a
    cutoff, and with the cards below the used ones dealt again."""
    rng = random.Random(17)
    checked = 0
    for state, pos in bridge_endings(66000, 1500, rng, ["S", "H", "D", "C"]):
        L = pos.lanes
        t = int(pos.rules[K.R_TRUMP])
        lead = state.leader
        alltr = int(L[0, t] | L[1, t] | L[2, t] | L[3, t])
        if not alltr:
            continue
        drawn = K.top_run(int(L[lead, t]), alltr) if int(L[lead, t]) else 0
        if any(bin(int(L[(lead + o) % 4, t])).count("1") > drawn for o in (1, 3)):
            continue
        draws = False
        for s in range(4):
            if s == t or not int(L[lead, s]):
                continue
            rem = int(L[0, s] | L[1, s] | L[2, s] | L[3, s])
            k = K.top_run(int(L[lead, s]), rem)
            longest = max(bin(int(L[q, s])).count("1") for q in range(4) if q != lead)
            draws |= 0 < k and longest <= k
        if not draws:
            continue
        checked += 1
        q = assert_quick_tricks_below_the_exact(state, pos, rng)
        if q > 1:
            assert_quick_tricks_below_the_exact(state, pos, rng, cutoff=q - 1)
    assert checked >= 60, checked


def test_two_top_cards_split_between_the_hands_stay_a_lower_bound():
    """No trump, the two top cards of a suit one in each hand of the
    leader's side, each holding two or more (``_split_top_tricks``: two
    tricks, the longer hand's length when the opponents hold at most two
    and a hand exactly two), or a suit only the side holds, after the
    leader's cashing and before partner's when the suit ends in partner's
    hand: the quick tricks stay a lower bound (the exact value), also with
    the cards below the ones they rely on dealt again."""
    rng = random.Random(14)
    fired = longer = beyond = 0
    for state, pos in bridge_endings(81000, 3000, rng, ["NT"]):
        split = max(BB._split_top_tricks(pos.lanes, state.leader, s) for s in range(4))
        own = max(BB._own_suit_tricks(pos.lanes, state.leader, s) for s in range(4))
        if split == 0 and own == 0:
            continue
        fired += split > 0
        longer += split > 2
        q = assert_quick_tricks_below_the_exact(state, pos, rng)
        assert q >= max(split, own)
        beyond += q > max(split, own)
    assert fired >= 100 and longer >= 20 and beyond >= 100, (fired, longer, beyond)


def test_reaching_partners_top_card_in_a_trump_contract_stays_a_lower_bound():
    """A trump contract, the leader leads a side suit to partner's top card
    there (``_reach_partner_trump``: partner's run while each opponent with
    a trump follows; every top run and trump of partner when the side holds
    every trump): the quick tricks stay a lower bound (the exact value),
    also counted up to a cutoff, and with the cards below the ones they
    rely on dealt again."""
    rng = random.Random(13)
    fired = all_trumps = 0
    for state, pos in bridge_endings(73000, 6000, rng, ["S", "H", "D", "C"]):
        t = int(pos.rules[K.R_TRUMP])
        scratch = np.zeros(4, dtype=np.int64)
        reach = BB._reach_partner_trump(pos.lanes, state.leader, t, 0, scratch)
        if reach == 0:
            continue
        fired += reach == K.quick_tricks(pos.lanes, state.leader, pos.rules, pos.sides)
        all_trumps += reach > 1 and all(int(pos.lanes[q, t]) == 0 for q in range(4)
                          if state.side_of(q) != state.side_of(state.leader))
        for cutoff in (99, rng.randint(1, 4)):
            assert_quick_tricks_below_the_exact(state, pos, rng, cutoff)
    assert fired >= 100 and all_trumps >= 20, (fired, all_trumps)


def test_partner_overruffing_the_void_opponents_stays_a_lower_bound():
    """A trump contract, the leader leads a side suit partner ruffs with a
    trump above those of each opponent void there (``_partner_overruffs``,
    where ``_partner_ruffs``, on lengths only, does not apply): a trick; the
    quick tricks stay a lower bound (the exact value), also with the cards
    below the top trumps it relies on dealt again."""
    rng = random.Random(15)
    fired = 0
    for state, pos in bridge_endings(91000, 6000, rng, ["S", "H", "D", "C"]):
        t = int(pos.rules[K.R_TRUMP])
        if (BB._partner_overruffs(pos.lanes, state.leader, t) == 0
                or BB._partner_ruffs(pos.lanes, state.leader, t)):
            continue
        assert assert_quick_tricks_below_the_exact(state, pos, rng, 1) >= 1
        fired += 1
    assert fired >= 100, fired


def test_the_searchs_quick_tricks_settle_as_the_full_count():
    """The search's count (``_quick_tricks_count`` without ``exact``: the
    counts that cannot reach the cutoff are skipped) reaches each cutoff
    exactly when ``quick_tricks_used`` does, with the same count and the
    same top cards used (below it, no more than the full count); and no
    trump count of a side exceeds its longest trump hand
    (``_longest_trumps``, by which ``_trick_bounds`` skips them)."""
    skipped = 0
    for state in random_positions("bridge", 1500):
        if state.trick or state.is_over():
            continue
        pos = codec_for(state).encode(state)
        leader = state.leader
        for cutoff in range(1, state.tricks_left + 1):
            u_full = np.zeros(4, dtype=np.int64)
            u_fast = np.zeros(4, dtype=np.int64)
            full = K.quick_tricks_used(pos.lanes, leader, pos.rules, pos.sides, u_full, cutoff)
            fast = BB._quick_tricks_count(pos.lanes, leader, pos.rules, pos.sides, u_fast, cutoff,
                                         False)
            assert (fast >= cutoff) == (full >= cutoff), (state, cutoff, full, fast)
            if full >= cutoff:
                assert fast == full and list(u_fast) == list(u_full), (state, cutoff)
            else:
                assert fast <= full, (state, cutoff, full, fast)
                skipped += fast < full
        t = int(pos.rules[K.R_TRUMP])
        if t >= 0:
            for side in (0, 1):
                longest = BB._longest_trumps(pos.lanes, t, pos.sides, side)
                assert K.sure_trumps(pos.lanes, pos.rules, pos.sides, side)[0] <= longest
            lt = K.later_trumps(pos.lanes, leader, t, pos.sides)[0]
            assert lt <= BB._longest_trumps(pos.lanes, t, pos.sides, 1 - pos.sides[leader])
    assert skipped > 0


def test_the_quick_tricks_never_exceed_their_cheap_ceiling():
    """``_quick_tricks_most`` (the search skips the count below it) is at
    least the full count on every trick start, at no trump and in a trump
    contract (an opponent with a trump, the side holding them all, none
    left), and below the tricks left on some."""
    below = 0
    for state in random_positions("bridge", 1500):
        if state.trick or state.is_over():
            continue
        pos = codec_for(state).encode(state)
        full = K.quick_tricks(pos.lanes, state.leader, pos.rules, pos.sides)
        most = BB._quick_tricks_most(pos.lanes, state.leader, int(pos.rules[K.R_TRUMP]))
        assert most >= full, (state, most, full)
        below += most < state.tricks_left
    assert below > 0


def test_the_store_replaces_the_first_foreign_entry_else_the_oldest():
    """``_pt_same_sig``'s victim, found without branches, is the loop's: the
    first entry of another solve (or empty), else the first of the least
    age; and its mask holds the entries of this tag and signature."""
    rng = random.Random(5)
    vals = np.zeros(6 * K.PT_WAYS, dtype=np.int32)
    for _ in range(3000):
        foreign = rng.random() < 0.2
        for e in range(K.PT_WAYS):
            vals[e] = -9 if not foreign or rng.random() < 0.97 else rng.choice((0, -13))
            vals[K.V_SIG + e] = rng.randrange(3)
            vals[K.V_AGE + e] = rng.randrange(4) if rng.random() < 0.5 else rng.randrange(2**31)
        mask, victim = BP._pt_same_sig(vals, 0, -9, 1)
        assert int(mask) % (1 << 64) == sum(1 << e for e in range(K.PT_WAYS)
                           if vals[e] == -9 and vals[K.V_SIG + e] == 1)
        # the victim: the first entry of the lowest age, another key's counting as -1
        ages = [int(vals[K.V_AGE + e]) if vals[e] == -9 else -1 for e in range(K.PT_WAYS)]
        assert victim == ages.index(min(ages))


def test_kernels_run_as_plain_python():
    script = (
        "from atout.engine import get_game\n"
        "from atout.engine.search import minimax\n"
        "from atout.solver import Solver\n"
        "from atout.solver.testing import random_ending\n"
        "s = Solver(12)\n"
        "for name, c in [('bridge', {'strain': ['S', 'NT']}), ('belote', {'trump': 'HC'})]:\n"
        "    g = get_game(name)\n"
        "    for seed in range(6):\n"
        "        st = random_ending(g, seed, 2, c)\n"
        "        assert s.solve(st, line=False).value == minimax(st), (name, seed)\n"
        "print('ok')\n")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", script], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "ok"


def test_bridge_bucket_values_start_on_a_cache_line():
    """A bucket's tags and signatures are the 8 cache lines the search
    prefetches when a trick ends only if ``tt_vals`` starts on a line."""
    from atout.solver import Solver
    from atout.solver.driver import _aligned_zeros
    for bits in (10, 12):
        vals = Solver(bits).tt_vals
        assert vals.ctypes.data % 64 == 0
        assert vals.shape == (3 << bits,) and vals.dtype == np.int32 and not vals.any()
    for n in range(1, 40):
        x = _aligned_zeros(n, np.int64)
        assert x.ctypes.data % 64 == 0 and x.shape == (n,) and not x.any()


def test_the_side_cannot_take_all_relies_only_on_the_suits_outside_its_margin():
    """``_cannot_take_all`` below the tricks left by a margin: a suit the
    other side tops needs no top card when the side's longer hand there
    fits in the margin (the count would still fall short were the side to
    top it). The side on lead loses a trick also with those suits, and the
    cards below the top cards relied on elsewhere, dealt again."""
    rng = random.Random(11)
    fired = freed = 0
    for state in random_positions("bridge", 8000):
        if state.trick or state.is_over() or state.tricks_left > 5:
            continue
        pos = codec_for(state).encode(state)
        L = pos.lanes
        rt = np.full(4, K.NOREL, dtype=np.int64)
        if not BB._cannot_take_all(L, state.leader, pos.rules, pos.sides, state.tricks_left, rt):
            continue
        fired += 1
        side = state.side_of(state.leader)
        free = 0
        used = cards_relied_on(L, rt)
        for s in range(4):
            rem = int(L[0, s] | L[1, s] | L[2, s] | L[3, s])
            if rt[s] >= K.NOREL and rem and L[state.leader, s]:
                holder = next(q for q in range(4) if (int(L[q, s]) >> (rem.bit_length() - 1)) & 1)
                free += int(pos.sides[holder]) != pos.sides[state.leader] and rem != int(L[holder, s])
        freed += int(free > 0)
        for probe in (state, shuffle_low_cards(state, used, rng)):
            mine = side_tricks(probe, side)
            assert mine < probe.tricks_left, (probe, mine)
    assert fired >= 70 and freed >= 12, (fired, freed)   # 77 and 14
