"""The point search's frame: one row per ply of ``point_search.gsearch``
(``fr[depth, column]``), its columns named here because the partition
table's kernels (``point_partition``) read and write the same rows.
"""

# frame columns
(F_NTR, F_LEADER, F_NEED, F_NM, F_IDX, F_SLOT, F_K1, F_K2, F_P, F_MAX, F_FL, F_REV, F_BEST,
 F_GAIN, F_CNT, F_BP, F_GP, F_KILLER) = range(18)
# the partition table (R_KEYMODE 3): the trick the move tried completed was
# won by a card that beat one of its suit (its suit, else -1; its rank), the
# best trump a duty to overtrump compares with (NOREL: none), the lowest
# relevant rank per suit over the children that failed (5 columns), and the
# relevant ranks of this frame's answer, read by its parent (5 columns)
F_WS, F_WR, F_NTOP = 18, 19, 20
F_REL = 21
F_RT = 26
# ... and at a trick start, ``suit_seq``'s holder sequences and counts (5 + 5)
F_SEQ = 31
F_SCNT = 36
# ... and the low cards a failed child's answer covers: per suit (6 bits
# each) a rank under which the moves of low cards are not tried
# (``covered_low_card``)
F_SKIP = 41
# ... and with ABDADA's marks on (``point_busy``), at a trick start: the
# leads left for the second pass (a bit per move index), and the pass (0, 1)
F_DEFER = 42
F_PASS = 43
N_GFRAME = 44
#: beyond any value of any game
INF = 1 << 40
