"""Encoders of the games other than bridge: an engine state as the arrays of
``solver.point_search.gsearch``.

Each ``encode_<game>(state)`` returns a ``GamePosition``: a ``Position``
whose ``lanes``/``pts`` keep the engine's plain positions and an
equivalence label per card (what ``api.equivalent_groups`` reads), plus the
kernel's own arrays (lanes relabelled by strength, points by strength rank,
the carried flags, the piles of tarot2). ``already`` is what the max side
has banked plus the least terminal value, so that the searched future value
is never negative; ``bound()`` is an upper bound of that future value.
"""

from __future__ import annotations


import numpy as np

from atout.engine.cards import FOOL, suit_of

from . import bridge_search as K
from . import game_kernels
from . import point_search as R
from .tables import MAXDEPTH, Position, hand_words, plain_card, plain_move, zobrist

_ZF: dict = {}


def flag_keys() -> np.ndarray:
    """Fixed random keys of the carried flags' bits (read only)."""
    if "zf" not in _ZF:
        rng = np.random.default_rng(77_2026)
        z = rng.integers(1, 2**62, size=(2, 64), dtype=np.int64)
        z.setflags(write=False)
        _ZF["zf"] = z
    return _ZF["zf"]


class GamePosition(Position):
    """A ``Position`` searched by ``point_search.gsearch``."""

    def __init__(self, base: Position, *, kl, kh, kts, ktr, fl0, kp, bp, eq, gpt, pnext,
                 over_value=None, perm=None):
        super().__init__(**{f: getattr(base, f) for f in base.__dataclass_fields__})
        self.kl, self.kh, self.kts, self.ktr = kl, kh, kts, ktr
        #: ``perm[suit][plain position]`` -> the kernel's strength rank (None: the same)
        self.perm = perm
        self.fl0 = int(fl0)
        self.kp, self.bp, self.eq, self.gpt, self.pnext = kp, bp, eq, gpt, pnext
        self.zf = flag_keys()
        self.gfr = np.zeros((MAXDEPTH + 1, R.N_GFRAME), dtype=np.int64)
        self.gfr[:, R.F_KILLER] = -1     # no card has cut yet at any depth
        self.over_value = over_value
        self.kernel_name = game_kernels.kernel_name(self.rules)

    @property
    def gsearch(self):
        """The search kernel: the game's own compilation when one serves
        these rules (a name, not the kernel, is kept: positions stay
        picklable)."""
        return game_kernels.gsearch_for(self.kernel_name)

    def kernel_move_to_card(self, s: int, r: int) -> int:
        """The engine card of the kernel's lane ``s``, strength rank ``r``."""
        if self.perm is not None and s < 4:
            r = self.perm[s].index(r)
        return plain_card(s * 32 + r)

    def bound(self) -> int:
        if self.over_value is not None:
            return 0
        _cnt, b, _gp = R.cards_left_sums(self.kl, self.kh, int(self.rules[K.R_NSEATS]), self.bp,
                                         self.gpt)
        b += int(self.rules[R.G_LASTBONUS] + self.rules[R.G_TSPAN])
        for i in range(self.ntr):
            b += int(self.bp[self.kts[i], self.ktr[i]])
        if self.rules[R.G_KIND] == R.SMEAR:
            # ``bp`` counts every jack that may become trumps; one will
            b = min(b, 1 + int(self.rules[R.G_TSPAN]))
        return int(b)

    def playout_value(self, mv, sc, lg) -> int:
        """The value of the greedy line of ``point_search.greedy_playout``
        (objective units): a guess for the first probe."""
        ts, tr = self.kts.copy(), self.ktr.copy()
        v = R.greedy_playout(self.kl, self.kh, ts, tr, self.ntr, self.ntr, self.leader, self.fl0,
                             self.rules, self.sides, self.kp, self.eq, self.gpt, mv, sc, lg)
        return int(v) + self.already

    def search(self, *args):
        """Called as ``bridge_search.search`` is by the api (the lanes first, the
        work arrays and counters last); runs ``gsearch`` on this position's
        own arrays."""
        need = args[6]
        # the api passes the point games' one-row table (``row_table``) in both table places
        rows, _rows, mv, sc, lg, _fr, ctx = args[-7:]
        if self.over_value is not None:
            return need <= 0
        return self.gsearch(self.kl, self.kh, self.kts, self.ktr, self.ntr, self.ntr, self.leader,
                            self.fl0, need, self.rules, self.sides, self.kp, self.bp, self.eq,
                            self.gpt, self.pnext, self.zob, self.zf, rows, mv, sc, lg, self.gfr,
                            ctx)


class GameCodec:
    """How a game's cards map to kernel moves and back (plain positions);
    callable with a state, as ``tables.ENCODERS`` entries may be."""

    def __init__(self, encode):
        self.encode = encode
        self.to_move = plain_move
        self.to_card = plain_card

    def __call__(self, state):
        return self


def _base(state, rules, sides, pts, already, game, hands=None):
    n = state.n
    lanes = np.zeros((n, 6), dtype=np.int64)
    K.words_to_lanes(hand_words(_hands(state) if hands is None else hands), lanes)
    ts = np.zeros(MAXDEPTH, dtype=np.int64)
    tr = np.zeros(MAXDEPTH, dtype=np.int64)
    for i, c in enumerate(state.trick):
        m = plain_move(c)
        ts[i], tr[i] = m >> 5, m & 31
    return Position(lanes, ts, tr, len(state.trick), state.leader, rules, sides, pts,
                    zobrist(n), already, game)


def _hands(state):
    return [set(h) for h in state.hands]


#: tarot's and tarocco's tables: 3 the partition table (``point_partition.pt_ckey``:
#: bounds shared by positions that differ only in cards their proof did not
#: rely on), 0 the relative-rank key ``rkey`` (the tests compare the two).
#: Tarocco too since its probe was made cheaper (the scan stops at the
#: bucket's last row of this solve, the coarse key updated over a trick):
#: 31% fewer nodes and less time on exact values 10 tricks left, and the
#: full-deal question settles 9 of 30 deals within 6M nodes instead of 6,
#: each sooner, at about 10% fewer nodes a second (docs/SPEED.md).
TAROT_KEYMODE = 3
TAROCCO_KEYMODE = 3
#: tarot2's table: 2 the relative-rank key with its piles (``rkey_piles``),
#: 3 its partition table (``point_partition.t2_ckey``; tested, off: 15-24% fewer
#: nodes 16 and 20 tricks from the end, but in long searches a node 1.15-1.25
#: times dearer (1.3-1.9 before its hashes lost their remainders); 4 rows:
#: as dear as ``rkey_piles`` but more nodes than it, docs/SPEED.md). With the
#: covered low cards and the holder planes (2026-12-02): as fast at 16 tricks
#: left, about even on 30 questions 20 tricks left (24 settled against 22), a
#: node some 15% dearer in long searches: to be timed again before switching
TAROT2_KEYMODE = 2


def low_masks(eq, moves):
    """The partition table's low cards (``rules[G_LOW:G_LOW + 6]``): per lane
    0-4, the ranks of the label most of its cards (kernel moves ``moves``,
    the deck) share, when they are a run of adjacent ranks: cards told apart
    by rank only, every other card of the lane ranking above or below them
    all, so that the coarse key's counts fix each suit's labels in order of
    strength. The fool's lane has none (0)."""
    out = np.zeros(6, dtype=np.int64)
    for s in range(5):
        ranks = sorted(m & 31 for m in moves if m >> 5 == s)
        labels = [int(eq[s, r]) for r in ranks]
        if not labels:
            continue
        lab = max(set(labels), key=labels.count)
        run = [r for r in ranks if eq[s, r] == lab]
        if len(run) < 2:
            continue
        i = ranks.index(run[0])
        assert ranks[i:i + len(run)] == run, "the low cards of a lane must be adjacent"
        out[s] = sum(1 << r for r in run)
    return out


def _rules(state, kind, trump, maxside):
    rules = np.zeros(R.N_GRULES, dtype=np.int64)
    rules[K.R_NSEATS] = state.n
    rules[K.R_TRUMP] = trump
    rules[K.R_MAXSIDE] = maxside
    # relative-rank keys (``point_keys.rkey``); tarot2's piles turn up fixed
    # cards: its key tells face-down cards apart and its pile cards with a card
    # under them have labels of their own (``point_keys.rkey_piles``: 32% fewer
    # nodes than a key on the exact cards on the question 20 tricks from the end)
    rules[K.R_KEYMODE] = TAROT2_KEYMODE if kind == R.TAROT2 else 0
    if kind == R.TAROT:
        rules[K.R_KEYMODE] = TAROT_KEYMODE
    if kind == R.TAROCCO:
        rules[K.R_KEYMODE] = TAROCCO_KEYMODE
    rules[K.R_USEPTS] = 1
    rules[R.G_KIND] = kind
    return rules


def _finish(state, base, *, perm=None, kp, bp, eq, fl0, tmin, tspan, banked, gpt=None,
            hidden=None, pnext=None):
    """Kernel arrays from the plain position ``base``: lanes relabelled by
    ``perm[suit][plain position] -> strength rank`` where given."""
    n = state.n
    base.rules[R.G_FL0] = fl0
    base.rules[R.G_TMIN] = tmin
    base.rules[R.G_TSPAN] = tspan
    kl = np.zeros((n, 6), dtype=np.int64)
    kh = np.zeros((n, 6), dtype=np.int64)

    def kmove(s, r):
        return s, (perm[s][r] if perm is not None and s < 4 else r)

    for q in range(n):
        for s in range(6):
            x = int(base.lanes[q, s])
            while x:
                r = x.bit_length() - 1
                x ^= 1 << r
                s2, r2 = kmove(s, r)
                kl[q, s2] |= 1 << r2
    if hidden is not None:
        for q in range(n):
            for c in hidden[q]:
                m = plain_move(c)
                s2, r2 = kmove(m >> 5, m & 31)
                kh[q, s2] |= 1 << r2
                # the api's lanes hold every card still to play
                base.lanes[q, m >> 5] |= 1 << (m & 31)
    kts = np.zeros(MAXDEPTH, dtype=np.int64)
    ktr = np.zeros(MAXDEPTH, dtype=np.int64)
    for i in range(base.ntr):
        kts[i], ktr[i] = kmove(int(base.ts[i]), int(base.tr[i]))
    if gpt is None:
        gpt = np.zeros((6, 32), dtype=np.int64)
    if pnext is None:
        pnext = np.full((n, 6, 32), -1, dtype=np.int64)
    over = None
    if state.is_over():
        over = state.objective()
        base.already = over
    else:
        base.already = banked + tmin
    return GamePosition(base, kl=kl, kh=kh, kts=kts, ktr=ktr, fl0=fl0, kp=kp, bp=bp, eq=eq,
                        gpt=gpt, pnext=pnext, over_value=over, perm=perm)


# -- Belote ------------------------------------------------------------------------------
_BELOTE_TABLES: dict = {}


def _belote_tables(trump: int):
    """A trump's fixed arrays, built once and shared by every position (no
    one writes them): ``perm`` (plain position -> strength rank), the card
    points by plain position (the api's grouping) and by strength rank (the
    kernel's), each card's (suit, plain bit, kernel bit), and the empty
    ``gpt``/``pnext``. (Encoding a position was 290 us, mostly these
    tables: 8 a deal in the every-card solve, 15% of an easy deal's time.)"""
    if trump not in _BELOTE_TABLES:
        from atout.engine import belote as B
        perm = [list(range(16)) for _ in range(4)]
        perm[trump] = list(B.TRUMP_STRENGTH) + list(range(8, 16))
        pts = np.zeros((6, 32), dtype=np.int64)      # plain positions (api grouping)
        kp = np.zeros((6, 32), dtype=np.int64)       # strength ranks (kernel)
        bits = {}
        for s in range(4):
            for pos in range(8):
                v = B.card_points(16 * s + pos, trump)
                pts[s, pos] = v
                kp[s, perm[s][pos]] = v
                bits[16 * s + pos] = (s, 1 << pos, 1 << perm[s][pos])
        gpt = np.zeros((6, 32), dtype=np.int64)
        pnext = np.full((4, 6, 32), -1, dtype=np.int64)
        _BELOTE_TABLES[trump] = (perm, pts, kp, bits, gpt, pnext)
    return _BELOTE_TABLES[trump]


def encode_belote(state):
    from atout.engine import belote as B
    t = state.trump
    n = state.n
    maxside = state.max_side
    perm, pts, kp, bits, gpt, pnext = _belote_tables(t)
    sides = np.array(state.game.sides, dtype=np.int64)
    rules = _rules(state, R.BELOTE, t, maxside)
    rules[R.G_LASTBONUS] = B.LAST_TRICK_BONUS
    rules[R.G_VARIANT] = ((R.V_NO_UNDERTRUMP if B.NO_UNDERTRUMP in state.variant else 0)
                          | (R.V_NO_PARTNER_OVERTRUMP if B.NO_PARTNER_OVERTRUMP in state.variant else 0))
    banked = sum(B.card_points(c, t) for c in state.won_cards(maxside))
    lost = any(state.side_of(tk.winner) != maxside for tk in state.tricks)
    fl0 = 1 if lost else 0
    rules[R.G_FL0] = fl0
    rules[R.G_TMIN] = 0
    rules[R.G_TSPAN] = 0 if lost else 90
    # the hands as plain lanes (the api's) and strength lanes (the kernel's)
    plain = [[0] * 6 for _ in range(n)]
    strength = [[0] * 6 for _ in range(n)]
    for q, hand in enumerate(state.hands):
        for c in hand:
            s, pbit, kbit = bits[c]
            plain[q][s] |= pbit
            strength[q][s] |= kbit
    ts = np.zeros(MAXDEPTH, dtype=np.int64)
    tr = np.zeros(MAXDEPTH, dtype=np.int64)
    kts = np.zeros(MAXDEPTH, dtype=np.int64)
    ktr = np.zeros(MAXDEPTH, dtype=np.int64)
    for i, c in enumerate(state.trick):
        s, pos = c >> 4, c & 15
        ts[i], tr[i] = s, pos
        kts[i], ktr[i] = s, perm[s][pos]
    over = state.objective() if state.is_over() else None
    base = Position(np.array(plain, dtype=np.int64), ts, tr, len(state.trick), state.leader,
                    rules, sides, pts, zobrist(n), banked if over is None else over, "belote")
    return GamePosition(base, kl=np.array(strength, dtype=np.int64),
                        kh=np.zeros((n, 6), dtype=np.int64), kts=kts, ktr=ktr, fl0=fl0, kp=kp,
                        bp=kp, eq=kp, gpt=gpt, pnext=pnext, over_value=over, perm=perm)


def belote_child(pos, card):
    """The position after the player on turn plays ``card``, when it does
    not end the trick: the parent's arrays with the card moved from the hand
    into the trick (the every-card driver's children, without the engine's
    play and undo and a new encoding: 75 us a card). None when the card
    ends the trick (the trick's winner and points need the engine)."""
    n = int(pos.rules[K.R_NSEATS])
    if pos.over_value is not None or pos.ntr + 1 >= n:
        return None
    seat = pos.leader + pos.ntr
    seat = seat - n if seat >= n else seat
    s, p = card >> 4, card & 15
    r = pos.perm[s][p]
    lanes, kl = pos.lanes.copy(), pos.kl.copy()
    lanes[seat, s] &= ~(1 << p)
    kl[seat, s] &= ~(1 << r)
    ts, tr, kts, ktr = pos.ts.copy(), pos.tr.copy(), pos.kts.copy(), pos.ktr.copy()
    ts[pos.ntr], tr[pos.ntr], kts[pos.ntr], ktr[pos.ntr] = s, p, s, r
    base = Position(lanes, ts, tr, pos.ntr + 1, pos.leader, pos.rules.copy(), pos.sides, pos.pts,
                    pos.zob, pos.already, pos.game, pos.lost)
    return GamePosition(base, kl=kl, kh=pos.kh.copy(), kts=kts, ktr=ktr, fl0=pos.fl0, kp=pos.kp,
                        bp=pos.bp, eq=pos.eq, gpt=pos.gpt, pnext=pos.pnext, perm=pos.perm)


# -- tarocco -----------------------------------------------------------------------------
def encode_tarocco(state):
    from atout.engine import tarocco as T
    sides = np.array(state.game.sides, dtype=np.int64)
    pts = np.zeros((6, 32), dtype=np.int64)
    for c in T.DECK.cards:
        m = plain_move(c)
        pts[m >> 5, m & 31] = T.card_points(c)
    rules = _rules(state, R.TAROCCO, 4, 0)
    rules[R.G_LOW:R.G_LOW + 6] = low_masks(pts, [plain_move(c) for c in T.DECK.cards])
    fs = -1 if state.matto_side is None else state.matto_side
    disc = sum(T.card_points(c) for c in state.discard)
    rules[R.G_FOOLSIDE] = fs
    rules[R.G_DISC] = disc
    banked = 0
    fl0 = 0
    for tk in state.tricks:
        ws = state.side_of(tk.winner)
        fl0 |= 1 if ws == 0 else 2
        for c in tk.cards:
            if c == T.MATTO and fs >= 0:
                banked += T.card_points(c) if fs == 0 else 0
            elif ws == 0:
                banked += T.card_points(c)
    terms = []
    for f in range(4):
        t = 0
        if fs == 0 and not f & 1:
            t -= 5
        if fs == 1 and not f & 2:
            t += 5
        if not f & 2:
            t += disc
        terms.append(t)
    tmin = min(terms)
    base = _base(state, rules, sides, pts, 0, "tarocco")
    return _finish(state, base, kp=pts, bp=pts, eq=pts, fl0=fl0, tmin=tmin,
                   tspan=max(terms) - tmin, banked=banked)


# -- Smear -------------------------------------------------------------------------------
def encode_smear(state):
    from atout.engine import smear as S
    sides_t = state.game.sides
    sides = np.array(sides_t, dtype=np.int64)
    maxside = state.max_side
    trump = state.trump
    gpt = np.zeros((6, 32), dtype=np.int64)
    for s in range(4):
        for pos in range(8):
            gpt[s, pos] = S.GAME_POINTS_BY_POSITION[pos]
    rules = _rules(state, R.SMEAR, -1, maxside)
    for t in range(4):
        pts_hl = 0
        if S.high_side(state.start_hands, t, sides_t) == maxside:
            pts_hl += 1
        if S.low_side(state.start_hands, t, sides_t) == maxside:
            pts_hl += 1
        rules[R.G_HL + t] = pts_hl
    rules[R.G_FIXED] = 1 if state.fixed_trump is not None else 0
    diff = S.game_points(state.discard)
    banked = 0
    for tk in state.tricks:
        g = S.game_points(tk.cards)
        win = sides_t[tk.winner] == maxside
        diff += g if win else -g
        if win and S.jack_of(trump) in tk.cards:
            banked += 1
    fl0 = (0 if trump is None else trump + 1) | (diff << 4)
    if not state.tricks and not state.trick:
        fl0 |= 8
    bp = np.zeros((6, 32), dtype=np.int64)
    for s in range(4):
        if trump is None or s == trump:
            bp[s, S.JACK] = 1
    base = _base(state, rules, sides, gpt.copy(), 0, "smear")
    return _finish(state, base, kp=gpt, bp=bp, eq=gpt, fl0=fl0, tmin=0, tspan=3,
                   banked=banked, gpt=gpt)


# -- tarot -------------------------------------------------------------------------------
def _tarot_cards():
    """Tarot's 78 cards (tarot2's too)."""
    return [c for c in range(86) if c >= 64 or (c & 15) <= 13]


def _tarot_pts(half_points):
    pts = np.zeros((6, 32), dtype=np.int64)
    for c in _tarot_cards():
        m = plain_move(c)
        pts[m >> 5, m & 31] = half_points(c)
    return pts


def encode_tarot(state):
    from atout.engine import tarot_scoring as TS
    from atout.engine.tarot_bidding import DOG_CONTRACTS
    n = state.n
    sides = np.array([state.side_of(q) for q in range(n)], dtype=np.int64)
    pts = _tarot_pts(TS.card_half_points)
    rules = _rules(state, R.TAROT, 4, 0)
    rules[R.G_LOW:R.G_LOW + 6] = low_masks(pts, [plain_move(c) for c in _tarot_cards()])
    # the dog or the discard, then the completed tricks (none is the last while play goes on)
    extra = state.discard if state.contract in DOG_CONTRACTS else state.dog
    banked = 0
    k = 0
    if state.dog_side() == 0:
        banked += TS.half_points(extra)
        k += TS.count_oudlers(extra)
    won0 = won1 = True
    for tk in state.tricks:
        ws = state.side_of(tk.winner)
        won0 = won0 and ws == 0
        won1 = won1 and ws == 1
        for i, c in enumerate(tk.cards):
            if c == FOOL:
                o = state.side_of((tk.leader + i) % n)
                if o == 0:
                    banked += 9 - (0 if ws == 0 else 1)
                    k += 1
                elif ws == 0:
                    banked += 1
            elif ws == 0:
                banked += TS.card_half_points(c)
                k += 1 if TS.is_oudler(c) else 0
    fl0 = k
    if won0:
        fl0 |= R.T_WON0
    if won1:
        fl0 |= R.T_WON1
    if state.tricks:
        fl0 |= R.T_ANY
    base = _base(state, rules, sides, pts, 0, "tarot")
    return _finish(state, base, kp=pts, bp=pts, eq=pts, fl0=fl0, tmin=-112, tspan=40,
                   banked=banked)


# -- tarot2 ------------------------------------------------------------------------------
def encode_tarot2(state):
    from atout.engine import tarot2 as T2
    sides = np.array([0, 1], dtype=np.int64)
    pts = _tarot_pts(T2.half_points)
    eq = pts.copy()
    pnext = np.full((2, 6, 32), -1, dtype=np.int64)
    for q in range(2):
        for pile in state.deal.piles[q]:
            for j in range(len(pile) - 1):
                if pile[j] is None or pile[j + 1] is None:
                    continue
                m = plain_move(pile[j])
                pnext[q, m >> 5, m & 31] = plain_move(pile[j + 1])
                eq[m >> 5, m & 31] = 1000 + m
    rules = _rules(state, R.TAROT2, 4, 0)
    # the partition table: pile cards with a card under them are exact, not low
    for s in range(6):
        rules[R.G_UNIQ + s] = sum(1 << r for r in range(32) if eq[s, r] >= 1000)
    low = low_masks(pts, [plain_move(c) for c in _tarot_cards()])
    rules[R.G_LOW:R.G_LOW + 6] = low & ~rules[R.G_UNIQ:R.G_UNIQ + 6]
    banked = 0
    k = 0
    for tk in state.tricks:
        p, o = T2.trick_shares(tk.plays(2), tk.winner, last=False)
        banked += p[0]
        k += o[0]
    hidden = [[], []]
    playable = [set(state.hands[q]) for q in range(2)]
    for q in range(2):
        for kk, pile in enumerate(state.piles[q]):
            if not pile:
                continue
            if (q, kk) in state.pending:
                hidden[q].extend(pile)
            else:
                playable[q].add(pile[0])
                hidden[q].extend(pile[1:])
    # the plain lanes of the api: every card still to play (``_finish`` adds the hidden ones)
    base = _base(state, rules, sides, eq.copy(), 0, "tarot2", hands=playable)
    return _finish(state, base, kp=pts, bp=pts, eq=eq, fl0=k, tmin=-112, tspan=40,
                   banked=banked, hidden=hidden, pnext=pnext)


CODECS = {
    "belote": GameCodec(encode_belote),
    "tarocco": GameCodec(encode_tarocco),
    "smear": GameCodec(encode_smear),
    "tarot": GameCodec(encode_tarot),
    "tarot2": GameCodec(encode_tarot2),
}

#: the games this module serves, each tested exact against the engine
#: (tests/test_solver_<game>.py)
VERIFIED = ("belote", "tarocco", "smear", "tarot", "tarot2")


def register(encoders: dict) -> None:
    """Add the verified games to ``tables.ENCODERS`` (games already there keep theirs)."""
    for name in VERIFIED:
        encoders.setdefault(name, CODECS[name])
