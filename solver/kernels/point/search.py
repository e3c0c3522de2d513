"""The boolean search of the games other than bridge (``gsearch``: can the
max side take at least ``need`` more from here?) and the greedy playout
that gives the driver its first guess (``greedy_playout``).

Its parts have modules of their own: the rules as kernels
(``point_tricks``), the move order (``point_moves``), the static bounds
(``point_bounds``), the table keys (``point_keys``) and the partition table
(``point_partition``); the frame's columns (``point_frame``). Tarot and
tarocco key their table by partition (``R_KEYMODE`` 3), the others by the
whole position (``rkey``, ``rkey_piles``, ``belote_key``). The search
carries the number of cards left and their point sums from ply to ply
(``cards_left_sums`` once at the root). ``solver.game_kernels`` compiles a
copy of it for each game, with the game's constants written in.

Speed: the table is ``solver.row_table``'s (one cache line a probe), and
the helpers called at every node are ``inline_kernel``s, compiled into
``gsearch`` itself (a call passing a dozen arrays cost more than its work).
"""

from __future__ import annotations

from ..jit import inline_kernel, kernel
from ..common import (C_ABORT, C_COVERED, C_CUTS, C_DEFERRED, C_FIRSTCUTS, C_LIMIT, C_NODES,
                      C_TTHITS, C_TTPROBES, C_TTSTORES, NSUITS, R_ABDADA, R_GEN, R_KEYMODE,
                      R_MAXSIDE, R_NSEATS, R_TRUMP, R_TTMASK, lobit, popcount, tt_slot)
from .bounds import belote_bounds, cards_left_sums, cash_bounds, trick_start_bounds
from .busy import clear_busy, is_busy, mark_busy
from .frame import (F_BEST, F_BP, F_CNT, F_DEFER, F_FL, F_GAIN, F_GP, F_IDX, F_K1, F_K2,
                    F_KILLER, F_LEADER, F_MAX, F_NEED, F_NM, F_NTOP, F_NTR, F_P, F_PASS, F_REL,
                    F_REV, F_RT, F_SKIP, F_SLOT, F_WR, F_WS, INF)
from .keys import belote_key, belote_slot, rkey, rkey_piles
from .moves import card_tag, gen_moves, table_lead, trick_killer
from .partition import (NOREL, PT_ROWS, PT_ROWS_TAROCCO, covered_low_card, lower_rank,
                        master_run_rel, note_covered_low_cards, overtrump_rel, pt_ckey_at,
                        pt_holders, pt_probe, pt_put, pt_ranks, relative_move, seqs_unknown,
                        t2_ckey, t2_master_rel, tarot_cash_rel, tarot_taker_rel, trick_rel,
                        widen_blocks)
from .tricks import (BELOTE, G_KIND, SMEAR, TAROCCO, TAROT, TAROT2, last_trick_value, reveal,
                     seat_after, smear_settle, term, trick_end, unreveal)
from .row_table import packed_bounds, row_lookup, row_put

# the parts' names are point_search's too, as callers and tests have read them
from .bounds import *  # noqa: F401,F403
from .frame import *  # noqa: F401,F403
from .keys import *  # noqa: F401,F403
from .moves import *  # noqa: F401,F403
from .partition import *  # noqa: F401,F403
from .tricks import *  # noqa: F401,F403


@kernel
def greedy_playout(L, H, ts, tr, ntr0, d0, leader0, fl0, rules, sides, kp, eq, gpt, mv, sc, lg):
    """The future value (as ``gsearch`` counts it) of one line: every seat
    plays the first card of ``gen_moves``' order, to the end of the deal. A
    cheap guess of a position's value for the driver's first probe (games
    without piles; ``L`` is restored, ``ts``/``tr`` from ``d0`` on and
    ``mv``/``sc``/``lg`` are scratch)."""
    n = rules[R_NSEATS]
    kind = rules[G_KIND]
    d = d0
    ntr = ntr0
    leader = leader0
    fl = fl0
    total = 0
    cnt = 0
    for q in range(n):
        for s in range(NSUITS):
            cnt += popcount(L[q, s])
    while cnt > 0:
        p = seat_after(leader, ntr, n)
        gen_moves(L, H, ts, tr, ntr, d, leader, p, fl, rules, sides, kp, eq, mv, sc, lg, -1, -1)
        m = mv[d, 0]
        mv[d, 1] = p            # (the row is scratch now: the seat, to put the card back)
        s = m >> 5
        L[p, s] ^= 1 << (m & 31)
        ts[d] = s
        tr[d] = m & 31
        if ntr == 0 and kind == SMEAR:
            if (fl & 7) == 0:
                fl = fl | (s + 1)
            fl = fl & ~8
        cnt -= 1
        d += 1
        if ntr + 1 == n:
            leader, gain, fl = trick_end(L, H, ts, tr, d - n, leader, fl, rules, sides, kp, gpt,
                                         cnt == 0)
            total += gain
            ntr = 0
        else:
            ntr += 1
    for dd in range(d0, d):
        L[mv[dd, 1], ts[dd]] |= 1 << tr[dd]
    return total + term(fl, rules)


@inline_kernel
def _marks_leads(fr, d):
    """Does frame ``d`` mark its leads busy (with ``rules[R_ABDADA]``)? A
    trick start that the table keys (a slot): the marks share its key."""
    return fr[d, F_NTR] == 0 and fr[d, F_SLOT] >= 0


@inline_kernel
def _next_unbusy(tt, tmask, fr, d, mv, i, rel, rules, ctx):
    """ABDADA at a trick start: the index of the next lead to search from
    ``i`` on. The first pass leaves every later lead another thread is
    searching (its busy mark) for a second pass, which takes those leads
    in order, less those a failed lead's answer covers since. Returns the
    number of moves when none is left. (``rules[R_ABDADA]`` 2 counts every
    later lead busy: the second pass on one thread, for the tests.)"""
    nm = abs(fr[d, F_NM])
    if fr[d, F_PASS] == 0:
        while i > 0 and i < nm and (rules[R_ABDADA] == 2
                                    or is_busy(tt, tmask, fr[d, F_K1], fr[d, F_K2], mv[d, i])):
            fr[d, F_DEFER] |= 1 << i
            ctx[C_DEFERRED] += 1
            i += 1
            while rel and i < nm and covered_low_card(fr, d, mv[d, i], rules):
                i += 1
                ctx[C_COVERED] += 1
        if i < nm or fr[d, F_DEFER] == 0:
            return i
        fr[d, F_PASS] = 1
    left = fr[d, F_DEFER]
    i = nm
    while left != 0:
        j = lobit(left)
        left &= left - 1
        if not (rel and covered_low_card(fr, d, mv[d, j], rules)):
            i = j
            break
        ctx[C_COVERED] += 1
    fr[d, F_DEFER] = left
    return i


@kernel
def gsearch(L, H, ts, tr, ntr0, d0, leader0, fl0, need0, rules, sides, kp, bp, eq, gpt, pnext,
            zob, zf, tt, mv, sc, lg, fr, ctx):
    """Can the max side take at least ``need0`` more from here (the trick
    values still to come plus the shifted terminal value)?

    A null-window, fail-soft alpha-beta: it returns a value v of the future
    with v >= need0 when the answer is yes, and then the true future value
    is at least v; otherwise the true value is at most v. (The driver uses
    v to jump further than one bisection step.) One frame per ply in
    ``fr[depth]``; ``L``/``H``/``ts``/``tr`` are restored on return.
    ``zob`` and ``zf`` are unused: the api calls every game's search alike."""
    n = rules[R_NSEATS]
    maxside = rules[R_MAXSIDE]
    gen = rules[R_GEN]
    kind = rules[G_KIND]
    # the partition table: relevant ranks carried up the tree (tarot, tarocco)
    rel = rules[R_KEYMODE] == 3
    prows = PT_ROWS_TAROCCO if kind == TAROCCO else PT_ROWS
    # ABDADA's busy marks at the trick starts the table keys (several threads)
    abdada = rules[R_ABDADA] != 0
    tmask = rules[R_TTMASK]
    d = d0
    fr[d, F_NTR] = ntr0
    fr[d, F_LEADER] = leader0
    fr[d, F_NEED] = need0
    fr[d, F_FL] = fl0
    fr[d, F_CNT], fr[d, F_BP], fr[d, F_GP] = cards_left_sums(L, H, n, bp, gpt)
    entering = True
    res = 0
    while True:
        expand = False
        if entering:
            ntr = fr[d, F_NTR]
            leader = fr[d, F_LEADER]
            need = fr[d, F_NEED]
            fl = fr[d, F_FL]
            ctx[C_NODES] += 1
            if ctx[C_NODES] > ctx[C_LIMIT]:
                ctx[C_ABORT] = 1
                for dd in range(d - 1, d0 - 1, -1):
                    if abdada and _marks_leads(fr, dd):
                        clear_busy(tt, tmask, fr[dd, F_K1], fr[dd, F_K2], mv[dd, fr[dd, F_IDX]])
                    if fr[dd, F_NTR] + 1 == n and kind == TAROT2:
                        unreveal(L, H, ts, tr, dd - fr[dd, F_NTR], fr[dd, F_LEADER], n, pnext,
                                 fr[dd, F_REV])
                    m = mv[dd, fr[dd, F_IDX]]
                    L[fr[dd, F_P], m >> 5] |= 1 << (m & 31)
                return 0
            resolved = False
            slot = -1
            best = -1
            if rel:
                for s in range(5):
                    fr[d, F_RT + s] = NOREL
            if ntr == 0:
                if kind == SMEAR:
                    fl = smear_settle(fr[d, F_GP], fl)
                    fr[d, F_FL] = fl
                cnt = fr[d, F_CNT]
                lower = 0
                upper = 0
                if cnt != 0 and (cnt != n or kind == TAROT2):
                    # (not needed where the value is read off directly below)
                    lower, upper = trick_start_bounds(L, H, n, fl, cnt, fr[d, F_BP], rules, sides,
                                                      kp)
                    if kind == BELOTE:
                        lower, upper = belote_bounds(L, n, leader, fl, rules, sides, kp, lower,
                                                     upper)
                if cnt == 0:
                    res = term(fl, rules)
                    resolved = True
                elif cnt == n and kind != TAROT2:
                    res = last_trick_value(L, H, ts, tr, d, leader, fl, rules, sides, kp, gpt)
                    resolved = True
                    if rel:
                        trick_rel(ts, tr, d, n, fr, d)
                        if fr[d, F_WS] >= 0:
                            lower_rank(fr, d, F_RT, fr[d, F_WS], fr[d, F_WR])
                elif need <= lower or need > upper:
                    res = lower if need <= lower else upper
                    resolved = True
                    if rel and kind == TAROT2:
                        t2_master_rel(L, H, fr, d, F_RT)
                    elif rel:
                        master_run_rel(L, n, sides, maxside, fr, d, F_RT)
                elif rel:
                    if kind == TAROT2:
                        k1, k2 = t2_ckey(L, H, leader, fl, rules)
                    else:
                        k1, k2 = pt_ckey_at(L, ts, tr, leader, fl, n, rules, fr, d, d0)
                    slot = tt_slot(k1, k2, rules[R_TTMASK]) & ~(prows - 1)
                    ctx[C_TTPROBES] += 1
                    fr[d, F_K1] = k1
                    fr[d, F_K2] = k2
                    seqs_unknown(fr, d)
                    pl, pn = pt_holders(L, H, rules, lg, n)
                    found, v, kv, best = pt_probe(tt, slot, prows, k1, k2, gen, need, pl, pn,
                                                  fr, d)
                    if found:
                        ctx[C_TTHITS] += 1
                        res = v
                        resolved = True
                        pt_ranks(pl, pn, kv, fr, d, F_RT)
                    elif kind != TAROT2:
                        lower, cash_upper, upper = cash_bounds(L, H, n, leader, cnt, fl,
                                                               fr[d, F_BP], rules, sides, kp,
                                                               lower, upper, need)
                        if need <= lower or need > upper:
                            res = lower if need <= lower else upper
                            resolved = True
                            master_run_rel(L, n, sides, maxside, fr, d, F_RT)
                            if kind != TAROT or need <= lower:
                                # (tarot: only the taker's cash raises his lower bound)
                                tarot_cash_rel(L, leader, n, fr, d, F_RT)
                            elif sides[leader] == maxside:
                                # his side leads: only his trick count lowered the upper
                                tarot_taker_rel(L, n, cnt, sides, maxside, fr, d, F_RT)
                            else:
                                # the defence leads: the upper bound is the least of
                                # its cash's and his trick count's, and one of them
                                # settles alone: the marks of that one (the cash's
                                # first, narrower than the count's every trump)
                                if cash_upper < need:
                                    tarot_cash_rel(L, leader, n, fr, d, F_RT)
                                else:
                                    tarot_taker_rel(L, n, cnt, sides, maxside, fr, d, F_RT)
                else:
                    if kind == BELOTE:
                        k1, k2 = belote_key(L, leader, fl, rules[R_TRUMP])
                        slot = belote_slot(k1, k2, rules[R_TTMASK])
                    else:
                        if rules[R_KEYMODE] == 2:
                            k1, k2 = rkey_piles(L, H, leader, fl, n, eq)
                        else:
                            k1, k2 = rkey(L, leader, fl, n, eq)
                        slot = tt_slot(k1, k2, rules[R_TTMASK])
                    ctx[C_TTPROBES] += 1
                    fr[d, F_K1] = k1
                    fr[d, F_K2] = k2
                    row, packed = row_lookup(tt, slot, k1, k2, gen)
                    if row >= 0:
                        ctx[C_TTHITS] += 1
                        tlo, thi, tbest = packed_bounds(packed)
                        if tlo >= need:
                            res = tlo
                            resolved = True
                        elif thi < need:
                            res = thi
                            resolved = True
                        else:
                            best = tbest
                    if not resolved and (kind == TAROT or kind == TAROCCO):
                        # (the leader's cash costs more than the other bounds:
                        # asked only where they and the table did not settle)
                        lower, _cash_upper, upper = cash_bounds(L, H, n, leader, cnt, fl,
                                                                fr[d, F_BP], rules, sides, kp,
                                                                lower, upper, need)
                        if need <= lower:
                            res = lower
                            resolved = True
                        elif need > upper:
                            res = upper
                            resolved = True
            if not resolved:
                p = seat_after(leader, ntr, n)
                fr[d, F_P] = p
                fr[d, F_MAX] = 1 if sides[p] == maxside else 0
                fr[d, F_BEST] = -INF if sides[p] == maxside else INF
                fr[d, F_SLOT] = slot
                fr[d, F_DEFER] = 0
                fr[d, F_PASS] = 0
                # (no killers in tarot2: its piles change the hands from trick
                # to trick; they cost it more nodes: docs/SOLVER_HISTORY.md)
                killer = fr[d, F_KILLER] if kind != TAROT2 else -1
                if kind == TAROT and ntr > 0:
                    killer = trick_killer(killer, ts, tr, d)
                if rel:
                    for s in range(5):
                        fr[d, F_REL + s] = NOREL
                    fr[d, F_SKIP] = 0
                    fr[d, F_NTOP] = overtrump_rel(L, p, ts, tr, d - ntr, ntr, kind)
                first = -1
                if rel and kind != TAROT2 and ntr == 0 and best >= 0:
                    first = table_lead(L, H, n, p, best, eq)
                if first >= 0:
                    # the table's lead alone, first: the others only if it
                    # does not cut (gen_moves would put it first)
                    mv[d, 0] = first
                    fr[d, F_NM] = -1
                else:
                    fr[d, F_NM] = gen_moves(L, H, ts, tr, ntr, d, leader, p, fl, rules, sides, kp,
                                            eq, mv, sc, lg, best, killer)
                fr[d, F_IDX] = 0
                expand = True
        else:
            # a child of frame d answered ``res`` (its own future value)
            p = fr[d, F_P]
            i = fr[d, F_IDX]
            m = mv[d, i]
            if abdada and _marks_leads(fr, d):
                clear_busy(tt, tmask, fr[d, F_K1], fr[d, F_K2], m)
            if fr[d, F_NTR] + 1 == n and kind == TAROT2:
                unreveal(L, H, ts, tr, d - fr[d, F_NTR], fr[d, F_LEADER], n, pnext, fr[d, F_REV])
            L[p, m >> 5] |= 1 << (m & 31)
            val = res + fr[d, F_GAIN]
            maximizing = fr[d, F_MAX] == 1
            if rel and fr[d, F_WS] >= 0:
                # the child's answer relied on who won this trick by rank
                lower_rank(fr, d + 1, F_RT, fr[d, F_WS], fr[d, F_WR])
            if maximizing:
                if val > fr[d, F_BEST]:
                    fr[d, F_BEST] = val
            elif val < fr[d, F_BEST]:
                fr[d, F_BEST] = val
            if (val >= fr[d, F_NEED]) == maximizing:
                ctx[C_CUTS] += 1
                if i > 0:
                    # the order missed this cut: prefer this card at this
                    # depth next time (the frames live as long as the position)
                    fr[d, F_KILLER] = m
                    if kind == TAROT and fr[d, F_NTR] > 0:
                        fr[d, F_KILLER] = m | (card_tag(ts, tr, d - 1) << 8)
                if i == 0:
                    ctx[C_FIRSTCUTS] += 1
                res = fr[d, F_BEST]
                slot = fr[d, F_SLOT]
                if rel:
                    # the cut relies on the cutting child's ranks and this
                    # node's legal cards
                    for s in range(5):
                        fr[d, F_RT + s] = fr[d + 1, F_RT + s]
                    lower_rank(fr, d, F_RT, 4, fr[d, F_NTOP])
                    if slot >= 0:
                        pl, pn = pt_holders(L, H, rules, lg, n)
                        pt_put(tt, slot, prows, fr[d, F_K1], fr[d, F_K2], gen, pl, pn, fr, d,
                               fr[d, F_CNT], res, maximizing, relative_move(L, H, n, m))
                        ctx[C_TTSTORES] += 1
                elif slot >= 0:
                    row_put(tt, slot, fr[d, F_K1], fr[d, F_K2], gen, fr[d, F_CNT], res,
                            maximizing, relative_move(L, H, n, m))
                    ctx[C_TTSTORES] += 1
            else:
                if rel:
                    for s in range(5):
                        lower_rank(fr, d, F_REL, s, fr[d + 1, F_RT + s])
                    note_covered_low_cards(fr, d, m, rules)
                fr[d, F_IDX] = i + 1
                expand = True
        if expand:
            i = fr[d, F_IDX]
            if fr[d, F_NM] < 0 and i > 0:
                # the table's lead did not cut: every move, in gen_moves'
                # order (the same lead first, tried already), as at entry
                fr[d, F_NM] = gen_moves(L, H, ts, tr, 0, d, fr[d, F_LEADER], fr[d, F_P],
                                        fr[d, F_FL], rules, sides, kp, eq, mv, sc, lg,
                                        relative_move(L, H, n, mv[d, 0]), fr[d, F_KILLER])
            if rel and i > 0 and fr[d, F_PASS] == 0:
                # (a failed child's answer covers these: see note_covered_low_cards)
                while i < fr[d, F_NM] and covered_low_card(fr, d, mv[d, i], rules):
                    i += 1
                    ctx[C_COVERED] += 1
                fr[d, F_IDX] = i
            busy_node = abdada and _marks_leads(fr, d)
            if busy_node:
                i = _next_unbusy(tt, tmask, fr, d, mv, i, rel, rules, ctx)
                fr[d, F_IDX] = i
            if i < abs(fr[d, F_NM]):
                ntr = fr[d, F_NTR]
                leader = fr[d, F_LEADER]
                need = fr[d, F_NEED]
                fl = fr[d, F_FL]
                p = fr[d, F_P]
                m = mv[d, i]
                if busy_node:
                    mark_busy(tt, tmask, fr[d, F_K1], fr[d, F_K2], m)
                s = m >> 5
                r = m & 31
                L[p, s] ^= 1 << r
                ts[d] = s
                tr[d] = r
                if ntr == 0 and kind == SMEAR:
                    # the first lead sets the trump; the first lead is made
                    if (fl & 7) == 0:
                        fl = fl | (s + 1)
                    fl = fl & ~8
                fr[d, F_WS] = -1
                if ntr + 1 == n:
                    base = d - ntr
                    if rel:
                        trick_rel(ts, tr, base, n, fr, d)
                    if kind == TAROT2:
                        fr[d, F_REV] = reveal(L, H, ts, tr, base, leader, n, pnext)
                    w, gain, nfl = trick_end(L, H, ts, tr, base, leader, fl, rules, sides, kp, gpt,
                                             fr[d, F_CNT] == 1)
                    fr[d, F_GAIN] = gain
                    fr[d + 1, F_NTR] = 0
                    fr[d + 1, F_LEADER] = w
                    fr[d + 1, F_NEED] = need - gain
                    fr[d + 1, F_FL] = nfl
                else:
                    fr[d, F_GAIN] = 0
                    fr[d + 1, F_NTR] = ntr + 1
                    fr[d + 1, F_LEADER] = leader
                    fr[d + 1, F_NEED] = need
                    fr[d + 1, F_FL] = fl
                fr[d + 1, F_CNT] = fr[d, F_CNT] - 1
                fr[d + 1, F_BP] = fr[d, F_BP] - bp[s, r]
                fr[d + 1, F_GP] = fr[d, F_GP] - gpt[s, r]
                d += 1
                entering = True
                continue
            # no move reached the side's goal: the best is a bound the other way
            res = fr[d, F_BEST]
            slot = fr[d, F_SLOT]
            if rel:
                # every child's ranks, this node's legal cards, and each
                # block of equivalent cards down to its last card
                for s in range(5):
                    fr[d, F_RT + s] = fr[d, F_REL + s]
                lower_rank(fr, d, F_RT, 4, fr[d, F_NTOP])
                ntr = fr[d, F_NTR]
                widen_blocks(L, ts, tr, d - ntr, ntr, n, lg[d], eq, fr, d, F_RT)
                if slot >= 0:
                    pl, pn = pt_holders(L, H, rules, lg, n)
                    pt_put(tt, slot, prows, fr[d, F_K1], fr[d, F_K2], gen, pl, pn, fr, d,
                           fr[d, F_CNT], res, fr[d, F_MAX] == 0, -1)
                    ctx[C_TTSTORES] += 1
            elif slot >= 0:
                row_put(tt, slot, fr[d, F_K1], fr[d, F_K2], gen, fr[d, F_CNT], res,
                        fr[d, F_MAX] == 0, -1)
                ctx[C_TTSTORES] += 1
        if d == d0:
            return res
        d -= 1
        entering = False
