"""What the point games' encoders share: an engine state as the arrays of
``kernels.point.search.gsearch``.

Each game's ``encode(state)`` (``encoding/<game>.py``) returns a ``GamePosition``: a ``Position``
whose ``lanes``/``pts`` keep the engine's plain positions and an
equivalence label per card (what ``api.equivalent_groups`` reads), plus the
kernel's own arrays (lanes relabelled by strength, points by strength rank,
the carried flags, the piles of tarot2). ``already`` is what the max side
has banked plus the least terminal value, so that the searched future value
is never negative; ``bound()`` is an upper bound of that future value.
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from atout.solver import searches
from atout.solver.searches import bridge as K
from atout.solver.searches import point as R

from .position import MAXDEPTH, Position, hand_words, plain_card, plain_move, random_keys, zobrist

_ZF: dict = {}


def flag_keys() -> np.ndarray:
    """Fixed random keys of the carried flags' bits (read only)."""
    if "zf" not in _ZF:
        _ZF["zf"] = random_keys(77_2026, (2, 64))
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
        self.kernel_name = searches.kernel_name(self.rules)

    @property
    def gsearch(self):
        """The search kernel: the game's own compilation when one serves
        these rules (a name, not the kernel, is kept: positions stay
        picklable; numba's dispatcher: ``search`` calls the native build when
        there is one)."""
        from atout.solver.kernels.point import specialised as game_kernels
        return game_kernels.gsearch_for(self.kernel_name)

    def kernel_move_to_card(self, s: int, r: int) -> int:
        """The engine card of the kernel's lane ``s``, strength rank ``r``."""
        if self.perm is not None and s < 4:
            r = self.perm[s].index(r)
        return plain_card(s * 32 + r)

    def bound(self) -> int:
        if self.over_value is not None:
            return 0
        _cnt, b, _gp = searches.cards_left_sums(self.kl, self.kh, int(self.rules[K.R_NSEATS]),
                                                self.bp, self.gpt)
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
        v = searches.greedy_playout(self.kl, self.kh, ts, tr, self.ntr, self.ntr, self.leader,
                                    self.fl0, self.rules, self.sides, self.kp, self.eq, self.gpt,
                                    mv, sc, lg)
        return int(v) + self.already

    @property
    def frames(self):
        return self.gfr

    def use_frames(self, frames) -> None:
        self.gfr = frames

    def probe(self, need: int, work, ctx):
        """``Position.probe`` by the game's search (its own copy, native when
        built) on this position's arrays and the Solver's one-row table."""
        if self.over_value is not None:
            return need <= 0
        search = searches.point_search(self.kernel_name)
        return search(self.kl, self.kh, self.kts, self.ktr, self.ntr, self.ntr, self.leader,
                      self.fl0, need, self.rules, self.sides, self.kp, self.bp, self.eq,
                      self.gpt, self.pnext, self.zob, self.zf, work.rows, work.mv, work.sc, work.lg,
                      self.gfr, ctx)


class GameCodec:
    """How a game's cards map to kernel moves and back (plain positions);
    callable with a state, as ``encoding.CODECS`` entries may be."""

    def __init__(self, encode):
        self.encode = encode
        self.to_move = plain_move
        self.to_card = plain_card

    def __call__(self, state):
        return self


def _base(state, rules, sides, pts, already, game, hands=None):
    n = state.n
    lanes = np.zeros((n, 6), dtype=np.int64)
    searches.words_to_lanes(hand_words(_hands(state) if hands is None else hands), lanes)
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
#: bucket's last row of this solve, the coarse key updated over a trick).
#: tarot2's table: 2 the relative-rank key with its piles (``rkey_piles``);
#: 3, its partition table (``point_partition.t2_ckey``), takes fewer nodes
#: but each node is dearer in long searches, so it is off until timed again;
#: 4, rows, was as dear as ``rkey_piles`` with more nodes. The measurements:
#: docs/SOLVER_HISTORY.md and docs/SPEED.md.
#: (each game's default key mode; ``key_mode`` changes one for a while)
KEY_MODES = {"tarot": 3, "tarocco": 3, "tarot2": 2}


@contextmanager
def key_mode(game: str, mode: int):
    """Within it, ``game`` is encoded with the table's key mode ``mode`` (the
    tests compare a game's key modes, and the copies made for them)."""
    before = KEY_MODES[game]
    KEY_MODES[game] = mode
    try:
        yield
    finally:
        KEY_MODES[game] = before


@contextmanager
def copy_key_mode(name: str):
    """Within it, the game of kernel copy ``name`` (``specialised.COPIES``) is
    encoded with that copy's key mode, so that copy searches it (Belote and
    Smear have one key mode: nothing changes)."""
    game = searches.game_of(name)
    if game not in KEY_MODES:
        yield
        return
    with key_mode(game, searches.keymode(name)):
        yield


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
    # under them have labels of their own (``point_keys.rkey_piles``: fewer
    # nodes than a key on the exact cards, docs/SOLVER_HISTORY.md)
    rules[K.R_KEYMODE] = KEY_MODES.get(state.game.name, 0)
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
