"""A position as the kernels see it: the hands as lanes, the current trick,
the leader, the rule vector, the card points, the side of each seat and what
the max side has already banked in the completed tricks; and the card codes
and hashing keys every encoder shares.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from atout.solver import searches
from atout.solver.searches import bridge as K

#: plies of the deepest search (78 cards) plus the slack of a started trick
MAXDEPTH = 96


@dataclass
class Position:
    """One position as the kernels see it (arrays owned by this object)."""

    lanes: np.ndarray      # int64[n, 6]
    ts: np.ndarray         # int64[MAXDEPTH]: suit of each trick card
    tr: np.ndarray         # int64[MAXDEPTH]: rank of each trick card
    ntr: int               # cards already in the current trick
    leader: int
    rules: np.ndarray      # int64[N_RULES]
    sides: np.ndarray      # int64[n]
    pts: np.ndarray        # int64[6, 32]
    zob: np.ndarray        # int64[2, n, 6, 32]
    already: int           # objective banked by the max side so far
    game: str
    lost: int = 0          # the min side has won a trick (capot games)

    # -- the protocol the Solver holds every position by ------------------------
    # (a point game's ``GamePosition`` answers the same calls with its own
    # kernel; the Solver never asks which kind it holds)

    #: the every-card driver walks the first card's value from a greedy
    #: playout's (``playout_value``) and makes children from this position's
    #: arrays (``child``)
    guessed_by_playout = False

    def probe(self, need: int, work, ctx):
        """One call of the search: can the max side still win ``need`` (the
        objective from here)? The kernel's fail-soft bound, or a bool from a
        kernel that answers one. ``work``: the Solver's arrays (transposition
        table, move lists, frames); ``ctx``: its counters and node limit."""
        return searches.bridge_search(self.lanes, self.ts, self.tr, self.ntr, self.ntr, self.leader,
                                      need, self.lost, self.rules, self.sides, self.pts, self.zob,
                                      work.tt_keys, work.tt_vals, work.mv, work.sc, work.lg, work.fr, ctx)

    def playout_value(self, mv, sc, lg) -> int:
        """The value of a greedy line of play (``guessed_by_playout`` only)."""
        raise NotImplementedError(f"{self.game}: no greedy playout")

    def child(self, card: int):
        """The position after the player on turn plays ``card``, made from
        these arrays; None where the engine must play it (here: always)."""
        return None

    #: the search's killer frames (the card that last cut at each depth),
    #: where its kernel keeps them in the position; None here
    frames = None

    def use_frames(self, frames) -> None:
        """Search with these killer frames (a sibling card's, or a copy);
        nothing where the kernel keeps none."""

    def bound(self) -> int:
        """Upper bound of the future value (every trick and point left)."""
        n = int(self.rules[K.R_NSEATS])
        cards = sum(bin(int(x)).count("1") for x in self.lanes.ravel()) + self.ntr
        tricks = (cards + n - 1) // n
        total = tricks * int(self.rules[K.R_TRICKVAL])
        if tricks:
            total += int(self.rules[K.R_LASTBONUS]) + int(self.rules[K.R_CAPOT])
        if self.rules[K.R_USEPTS]:
            for q in range(n):
                for s in range(6):
                    x = int(self.lanes[q, s])
                    while x:
                        r = x.bit_length() - 1
                        x ^= 1 << r
                        total += int(self.pts[s, r])
            for i in range(self.ntr):
                total += int(self.pts[self.ts[i], self.tr[i]])
        return total


def hand_words(hands) -> np.ndarray:
    """Engine hands (sets of card ids) as uint64 bitboards ``[seat, word]``."""
    words = np.zeros((len(hands), 2), dtype=np.uint64)
    for q, hand in enumerate(hands):
        w = [0, 0]
        for c in hand:
            w[c >> 6] |= 1 << (c & 63)
        words[q, 0] = w[0]
        words[q, 1] = w[1]
    return words


def plain_move(card: int) -> int:
    """Kernel move of a card whose strength rank is its plain position."""
    if card >= 64:
        return (5 * 32) if card == 64 else (4 * 32 + card - 65)
    return (card >> 4) * 32 + (card & 15)


def plain_card(move: int) -> int:
    s, r = move >> 5, move & 31
    if s == 5:
        return 64
    if s == 4:
        return 65 + r
    return 16 * s + r


_ZOB_CACHE: dict = {}


def random_keys(seed: int, shape) -> np.ndarray:
    """Fixed pseudo-random keys in 1..2**62 - 1 (read only), from the
    standard library's generator: ``numpy.random``'s import alone was a
    noticeable part of a one-deal command (docs/SOLVER_HISTORY.md)."""
    import random
    count = int(np.prod(shape))
    z = np.frombuffer(random.Random(seed).randbytes(8 * count), dtype=np.int64)
    z = (z & (2**62 - 1)).reshape(shape)
    z[z == 0] = 1
    z.setflags(write=False)
    return z


def zobrist(n: int) -> np.ndarray:
    """Fixed pseudo-random keys (same for every solve; read only). Passed to
    every search alike; no kernel reads them today (their keys are built
    from the lanes)."""
    if n not in _ZOB_CACHE:
        _ZOB_CACHE[n] = random_keys(20261129 + n, (2, n, 6, 32))
    return _ZOB_CACHE[n]


def _start_position(state, rules, sides, pts, already, to_move, game) -> Position:
    n = state.n
    lanes = np.zeros((n, 6), dtype=np.int64)
    words = hand_words(state.hands)
    searches.words_to_lanes(words, lanes)
    ts = np.zeros(MAXDEPTH, dtype=np.int64)
    tr = np.zeros(MAXDEPTH, dtype=np.int64)
    for i, c in enumerate(state.trick):
        m = to_move(c)
        ts[i], tr[i] = m >> 5, m & 31
    return Position(lanes, ts, tr, len(state.trick), state.leader, rules, sides, pts,
                    zobrist(n), already, game)


class Codec:
    """How a game's cards map to kernel moves and back, for one state's
    contract."""

    def __init__(self, encode, to_move, to_card):
        self._encode = encode
        self.to_move = to_move
        self.to_card = to_card

    def encode(self, state) -> Position:
        return self._encode(state)
