"""The bridge double-dummy search (``search``): "can ``rules[R_MAXSIDE]``
take at least ``need`` more tricks from here?", answered with a partition
table keyed at trick boundaries that stores a lower and an upper bound of
the tricks to come and the best lead. Node limits abort the search
(``ctx[C_ABORT]``); an aborted answer is never stored.

Its parts have modules of their own: the move order (``bridge_moves``),
the bounds (``bridge_bounds``), the partition table
(``bridge_partition``), and what it shares with the point games' search
(``search_base``: the lanes, the rule vector, the bit helpers).
"""

from __future__ import annotations

import numpy as np

from ..jit import allocating_kernel, kernel
from ..common import (C_ABORT, C_CUTS, C_FIRSTCUTS, C_LIMIT, C_NODES, C_TRICKS, C_TTHITS,
                      C_TTPROBES, C_TTSTORES, MAXMOVES, NOREL, NSUITS, R_GEN, R_MAXSIDE,
                      R_TRUMP, R_TTMASK, SEATS, _at, _view, popcount)
from ..common import *  # noqa: F401,F403
from .bounds import _last_trick, _second_hand_bound, _trick_bounds, _tricks_left
from .moves import KEY_MOVE, _gen_keys_into, trick_winner

# the parts' names are bridge_search's too, as callers and tests have read them
from .partition import (_lengths_key, _prefetch_tags, _pt_bucket, _pt_probe, _pt_store,
                        _suit_codes, _widen_blocks)
from .bounds import *  # noqa: F401,F403
from .moves import *  # noqa: F401,F403
from .partition import *  # noqa: F401,F403


# -- per-depth frame of the iterative search ------------------------------------
F_NTR = 0
F_LEADER = 1
F_NEED = 2
F_NM = 3
F_IDX = 4
F_SLOT = 5       # first row of the table bucket (-1: no table entry here)
F_LK = 6         # the hand lengths key
F_P = 7
F_MAX = 8
F_REL = 9        # 4 columns: lowest relevant rank per suit over the children tried
F_WS = 13        # the move tried completed a trick won by rank: its suit (else -1)
F_WR = 14        # ... and its rank
F_GAIN = 15      # the trick the move tried banks for the max side (0 or 1)
F_BEST = 16      # the best value of the children tried (fail-soft)
F_SKIP = 17      # 4 columns: a failed card below its child's relevant rank makes the
                 # hand's lower cards of the suit equivalent (skip those below this)
F_KILL = 21      # the move that last cut at this ply (kept between searches) ...
F_KGEN = 22      # ... and the generation it belongs to
F_CF = 23        # 4 columns: the suit codes at the probe (``_suit_codes``), for the store
F_CNT = 27       # 4 columns: ... and the suits' card counts
N_FRAME = 31


@kernel
def _keep_codes(fr, d, cf, cnt):
    """Keep the suit codes of frame d's probe for its store
    (``_frame_codes`` reads them back)."""
    for s in range(4):
        fr[d, F_CF + s] = cf[s]
        fr[d, F_CNT + s] = cnt[s]


@kernel
def _frame_codes(fr, d, cf, cnt):
    """The suit codes frame d kept from its probe, into ``cf``/``cnt``."""
    for s in range(4):
        cf[s] = fr[d, F_CF + s]
        cnt[s] = fr[d, F_CNT + s]


@kernel
def tt_store(tt_keys, tt_vals, slot, k1, k2, gen, value, is_lower, best):
    """Record that the future value of the position keyed (k1, k2) is at
    least (``is_lower``) or at most ``value``, and its best move."""
    if not (tt_keys[slot, 2] == gen and tt_keys[slot, 0] == k1 and tt_keys[slot, 1] == k2):
        tt_keys[slot, 0] = k1
        tt_keys[slot, 1] = k2
        tt_keys[slot, 2] = gen
        tt_vals[slot, 0] = -1000000
        tt_vals[slot, 1] = 1000000
        tt_vals[slot, 2] = -1
    tt_tighten(tt_vals, slot, value, is_lower, best)


@kernel
def tt_tighten(tt_vals, slot, value, is_lower, best):
    """Raise the entry's lower bound (``is_lower``) or lower its upper
    bound to ``value``; remember the best move if one is given."""
    if is_lower:
        if value > tt_vals[slot, 0]:
            tt_vals[slot, 0] = value
    elif value < tt_vals[slot, 1]:
        tt_vals[slot, 1] = value
    if best >= 0:
        tt_vals[slot, 2] = best


@allocating_kernel
def search(L, ts, tr, ntr0, d0, leader0, need0, lost0, rules, sides, pts, zob,
           tt_keys, tt_vals, mv, sc, lg, fr, ctx):
    """Can the max side take at least ``need0`` more tricks from here?
    Answered fail-soft: a value v of the future with v >= need0 meaning
    "yes, and the value is at least v", v < need0 "no, and the value is at
    most v".

    An iterative alpha-beta (null window), one frame per ply in
    ``fr[depth]``; ``L`` and ``ts``/``tr`` are restored on return. (Numba
    does not cache recursive functions reliably, hence no recursion.)
    Bounds are stored by partition (see above). ``lost0``, ``pts`` and
    ``zob`` are unused: the api calls every game's search alike."""
    scratch = np.empty((4, 4), dtype=np.int64)
    return _search(L, ts, tr, ntr0, d0, leader0, need0, rules, sides, tt_keys, tt_vals,
                   mv, sc, lg, fr, ctx, scratch)


@kernel
def _search(L, ts, tr, ntr0, d0, leader0, need0, rules, sides, tt_keys, tt_vals, mv, sc, lg,
            fr, ctx, scratch):
    """``search``'s work, without numba's reference counting: compiled with
    it (to create its scratch arrays), the search counted a reference up and
    down (an atomic instruction) for each array passed at every call of a
    helper (docs/SOLVER_HISTORY.md). ``scratch``: four rows of 4 (the
    relevant ranks answered by the last frame, the suit codes and counts,
    the top cards a bound used)."""
    # the lanes, the moves and the frames seen again with their row length
    # a constant: their 2-D indexing then multiplies by a constant, not by a
    # stride kept on the stack
    L = _view(_at(L, 0), (L.shape[0], NSUITS))
    mv = _view(_at(mv, 0), (mv.shape[0], MAXMOVES))
    fr = _view(_at(fr, 0), (fr.shape[0], N_FRAME))
    maxside = rules[R_MAXSIDE]
    trump = rules[R_TRUMP]
    gen = rules[R_GEN]
    rt = scratch[0]     # relevant ranks answered by the last frame
    cf = scratch[1]
    cnt = scratch[2]
    used = scratch[3]
    d = d0
    fr[d, F_NTR] = ntr0
    fr[d, F_LEADER] = leader0
    fr[d, F_NEED] = need0
    entering = True
    val = 0
    while True:
        expand = False
        if entering:
            ntr = fr[d, F_NTR]
            leader = fr[d, F_LEADER]
            need = fr[d, F_NEED]
            ctx[C_NODES] += 1
            if ctx[C_NODES] > ctx[C_LIMIT]:
                ctx[C_ABORT] = 1
                # put back the cards played below the root
                for dd in range(d - 1, d0 - 1, -1):
                    m = mv[dd, fr[dd, F_IDX]]
                    L[fr[dd, F_P], m >> 5] |= 1 << (m & 31)
                return 0
            resolved = False
            slot = -1
            best = -1
            for s in range(4):
                rt[s] = NOREL
            if ntr == 0:
                ctx[C_TRICKS] += 1
                tl = _tricks_left(L, leader)
                if need <= 0:
                    val = 0
                    resolved = True
                elif need > tl:
                    val = tl
                    resolved = True
                elif tl == 1:
                    val = _last_trick(L, leader, rules, sides, rt)
                    resolved = True
                else:
                    resolved, val = _trick_bounds(L, leader, need, tl, rules, sides, used, rt)
                if not resolved:
                    lk = _suit_codes(L, cf, cnt)
                    slot = _pt_bucket(lk, leader, rules[R_TTMASK])
                    ctx[C_TTPROBES] += 1
                    fr[d, F_LK] = lk
                    _keep_codes(fr, d, cf, cnt)
                    found, best, bv = _pt_probe(L, -1 - gen * 4 - leader, lk, slot, need,
                                                tt_keys, tt_vals, scratch)
                    if found >= 0:
                        ctx[C_TTHITS] += 1
                        val = bv
                        resolved = True
            elif ntr == 1:
                resolved, val = _second_hand_bound(L, ts, tr, d - 1, leader, need, rules, sides,
                                                   used, rt)
            if not resolved:
                p = (leader + ntr) & 3
                fr[d, F_P] = p
                fr[d, F_MAX] = 1 if sides[p] == maxside else 0
                fr[d, F_BEST] = -1000000 if sides[p] == maxside else 1000000
                fr[d, F_SLOT] = slot
                for s in range(4):
                    fr[d, F_REL + s] = NOREL
                    fr[d, F_SKIP + s] = -1
                nm = _gen_keys_into(L, ts, tr, d - ntr, ntr, mv, d, leader, p, trump, sides,
                                    best, fr[d, F_KILL] if fr[d, F_KGEN] == gen else -1)
                for i in range(nm):
                    mv[d, i] &= KEY_MOVE
                fr[d, F_NM] = nm
                fr[d, F_IDX] = 0
                expand = True
        else:
            # a child of frame d answered ``val``: take its card back
            p = fr[d, F_P]
            i = fr[d, F_IDX]
            m = mv[d, i]
            L[p, m >> 5] |= 1 << (m & 31)
            ws = fr[d, F_WS]
            if ws >= 0 and fr[d, F_WR] < rt[ws]:
                rt[ws] = fr[d, F_WR]
            maximizing = fr[d, F_MAX] == 1
            val += fr[d, F_GAIN]
            yes = val >= fr[d, F_NEED]
            if yes == maximizing:
                fr[d, F_KILL] = m
                fr[d, F_KGEN] = gen
                ctx[C_CUTS] += 1
                if i == 0:
                    ctx[C_FIRSTCUTS] += 1
                slot = fr[d, F_SLOT]
                if slot >= 0:
                    _frame_codes(fr, d, cf, cnt)
                    _pt_store(L, -1 - gen * 4 - fr[d, F_LEADER], fr[d, F_LK], slot,
                              val, yes, _relative_move(L, m),
                              tt_keys, tt_vals, scratch, ctx[C_TTSTORES])
                    ctx[C_TTSTORES] += 1
            else:
                for s in range(4):
                    if rt[s] < fr[d, F_REL + s]:
                        fr[d, F_REL + s] = rt[s]
                if (val > fr[d, F_BEST]) == maximizing:
                    fr[d, F_BEST] = val
                s = m >> 5
                if s < 4 and (m & 31) < rt[s] and rt[s] > fr[d, F_SKIP + s]:
                    fr[d, F_SKIP + s] = rt[s]
                fr[d, F_IDX] = i + 1
                expand = True
        if expand:
            # cards below the relevant rank of a failed card of their suit
            # lead to the same partition: they fail as well
            i = fr[d, F_IDX]
            while i < fr[d, F_NM] and (mv[d, i] & 31) < fr[d, F_SKIP + (mv[d, i] >> 5)]:
                i += 1
            fr[d, F_IDX] = i
            if i < fr[d, F_NM]:
                ntr = fr[d, F_NTR]
                leader = fr[d, F_LEADER]
                need = fr[d, F_NEED]
                p = fr[d, F_P]
                m = mv[d, i]
                s = m >> 5
                r = m & 31
                L[p, s] ^= 1 << r
                ts[d] = s
                tr[d] = r
                fr[d, F_WS] = -1
                fr[d, F_GAIN] = 0
                if ntr + 1 == SEATS:
                    base = d - ntr
                    wi = trick_winner(ts, tr, base, SEATS, trump)
                    w = (leader + wi) & 3
                    # the winner's rank matters when it beat a card of its suit
                    for j in range(SEATS):
                        if j != wi and ts[base + j] == ts[base + wi] and ts[base + wi] < 4:
                            fr[d, F_WS] = ts[base + wi]
                            fr[d, F_WR] = tr[base + wi]
                    gain = 1 if sides[w] == maxside else 0
                    _prefetch_tags(tt_vals, _pt_bucket(_lengths_key(L), w, rules[R_TTMASK]))
                    fr[d + 1, F_NTR] = 0
                    fr[d + 1, F_LEADER] = w
                    fr[d + 1, F_NEED] = need - gain
                    fr[d, F_GAIN] = gain
                else:
                    fr[d + 1, F_NTR] = ntr + 1
                    fr[d + 1, F_LEADER] = leader
                    fr[d + 1, F_NEED] = need
                d += 1
                entering = True
                continue
            # every move failed for the side to play
            val = fr[d, F_BEST]
            for s in range(4):
                rt[s] = fr[d, F_REL + s]
            _widen_blocks(L, ts, tr, d - fr[d, F_NTR], fr[d, F_NTR], fr[d, F_P], rt)
            slot = fr[d, F_SLOT]
            if slot >= 0:
                _frame_codes(fr, d, cf, cnt)
                _pt_store(L, -1 - gen * 4 - fr[d, F_LEADER], fr[d, F_LK], slot,
                          val, val >= fr[d, F_NEED], np.int64(-1), tt_keys, tt_vals, scratch,
                          ctx[C_TTSTORES])     # (a literal -1 compiled a second store)
                ctx[C_TTSTORES] += 1
        # frame d is answered: hand ``val`` (and ``rt``) to its parent
        if d == d0:
            return val
        d -= 1
        entering = False


@kernel
def _relative_move(L, m):
    """A lead as its suit and its rank among the remaining cards from the
    top (valid in every position with the same relative ranks)."""
    s = m >> 5
    r = m & 31
    rem = 0
    for q in range(SEATS):
        rem |= L[q, s]
    above = rem & ~((2 << r) - 1)
    return s * 32 + popcount(above)
