"""What the two searches share (``bridge_search`` and ``point_search``): the
rule vector's indices (``R_*``), the counters and limits (``C_*``), the bit
helpers of lanes, views into flat arrays, and a key's table slot.

Representation (built once per solve by ``solver.tables`` and
``solver.encoders`` from an engine state):

* the engine's bitboards (two uint64 words, word 0 bit = plain card id,
  word 1 bit = card - 64) are split into **lanes**: ``L[seat, suit]`` is an
  int64 bit mask of the cards a seat holds in one suit, bit = the card's
  rank inside the suit (0 weakest). Suits 0..3 are the plain suits, 4 and
  5 the tarot trumps and fool (empty for bridge).
* a move is ``suit * 32 + rank``.
* ``rules`` (int64 vector, indices ``R_*``) holds the deal's flags and
  ``sides`` the side of each seat.
* the current trick lives in ``ts``/``tr`` (suit, rank of each card played),
  at positions ``depth - ntr .. depth - 1``: each trick has its own slots so a
  deeper search never overwrites the trick of its caller.
"""

from __future__ import annotations

import numpy as np
import numba
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.core.extending import intrinsic
from numba.np.arrayobj import populate_array

from .jit import kernel


# -- rule vector -------------------------------------------------------------
R_NSEATS = 0
R_TRUMP = 1        # trump suit (lane) or -1
R_MAXSIDE = 2
R_TRICKVAL = 3     # value of a trick besides its card points (bridge: 1)
R_LASTBONUS = 4    # extra value of the last trick (Belote: 10)
R_KEYMODE = 5      # 0: relative ranks, 1: exact cards (read by ``solver.point_search``)
R_GEN = 6          # generation: table entries of another solve never match
R_TTMASK = 7
R_USEPTS = 8       # card points matter (the point games of ``solver.point_search``)
R_OBLIG = 9        # obligations: 0 follow suit only (bridge's; kept for the vector)
R_ABDADA = 10      # 1: the point search reads and writes ABDADA's busy marks (``point_busy``);
                   # 2: ... and counts every later lead busy (tests)
R_QUICK = 11       # quick-trick bound valid (bridge: always)
R_CAPOT = 12       # bonus when the max side wins every trick (0 for bridge)
N_RULES = 16

# -- counters and limits -------------------------------------------------------
C_NODES = 0
C_LIMIT = 1
C_ABORT = 2
C_TTHITS = 3
C_TTSTORES = 4
C_CUTS = 5
C_FIRSTCUTS = 6
C_TTPROBES = 7
C_TRICKS = 8       # nodes at a trick start (DDS counts these)
C_COVERED = 9      # point games: moves not tried, covered by a failed sibling's answer
C_DEFERRED = 10    # point games, threads: leads left for later, another thread's (ABDADA)
N_CTX = 11

NSUITS = 6
SEATS = 4          # bridge's seats: the search's helpers count on four (a constant folds)
SUITS = 4          # bridge's suits: lanes 4 and 5 (tarot's trumps and fool) stay empty
MAXMOVES = 32
NOREL = 32         # a suit's lowest relevant rank when no card of it is relevant


@intrinsic
def _ctpop(typingctx, x):
    """The processor's population count of an int64 (LLVM's ctpop)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def _ctlz(typingctx, x):
    """Leading zeros of an int64 (LLVM's ctlz; 64 for 0)."""
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@intrinsic
def _cttz(typingctx, x):
    """Trailing zeros of an int64 (LLVM's cttz; 64 for 0)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@intrinsic
def _prefetch_row(typingctx, arr, row):
    """Ask the processor to fetch the cache line of ``arr[row, 0]`` (LLVM's
    prefetch: a hint, no effect on the results)."""
    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        zero = ir.Constant(ir.IntType(64), 0)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary,
                                       [args[1]] + [zero] * (aryty.ndim - 1))
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]), "llvm.prefetch.p0")
        # a read (0), kept in every cache level (3), of data (1)
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.none(arr, row), codegen


@intrinsic
def _at(typingctx, arr, offset):
    """A typed pointer to element ``offset`` of a C-contiguous array (counted
    flat): one word to pass to a kernel that is not inlined, where the array
    itself passes its whole 7-9 word descriptor on the stack; the callee
    views it again with ``_view`` (whose constant shape folds the strides)."""
    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        return builder.gep(ary.data, [args[1]])
    return types.CPointer(arr.dtype)(arr, offset), codegen


@intrinsic
def _view(typingctx, ptr, shape):
    """The C-contiguous array of ``shape`` (a tuple of constants) at
    ``ptr`` (``_at``'s): numba's ``carray`` without its reference count
    (which a kernel compiled without one cannot make)."""
    arrty = types.Array(ptr.dtype, len(shape), "C")

    def codegen(context, builder, signature, args):
        dims = cgutils.unpack_tuple(builder, args[1])
        itemsize = context.get_constant(types.intp, context.get_abi_sizeof(
            context.get_data_type(arrty.dtype)))
        strides = []
        step = itemsize
        for dim in reversed(dims):
            strides.insert(0, step)
            step = builder.mul(step, dim)
        ary = context.make_array(arrty)(context, builder)
        populate_array(ary, data=args[0], shape=dims, strides=strides, itemsize=itemsize,
                       meminfo=None)
        return ary._getvalue()
    return arrty(ptr, shape), codegen


if numba.config.DISABLE_JIT:
    # the kernels as plain Python (NUMBA_DISABLE_JIT=1): the same answers
    def _ctpop(x):  # noqa: F811
        return bin(int(x) & 0xFFFFFFFFFFFFFFFF).count("1")

    def _ctlz(x):  # noqa: F811
        return 64 - (int(x) & 0xFFFFFFFFFFFFFFFF).bit_length()

    def _cttz(x):  # noqa: F811
        x = int(x) & 0xFFFFFFFFFFFFFFFF
        return 64 if x == 0 else (x & -x).bit_length() - 1

    def _prefetch_row(arr, row):  # noqa: F811
        return None

    def _at(arr, offset):  # noqa: F811
        return arr.reshape(-1)[offset:]

    def _view(ptr, shape):  # noqa: F811
        v = ptr[:int(np.prod(shape))]
        return v.reshape(shape) if len(shape) > 1 else v


# The bit helpers are the processor's instructions (LLVM intrinsics, on any
# processor: a software sequence where the instruction is missing): the
# 65536-entry lookup tables they replace (512 KB each) competed with the
# transposition table for the cache.
@kernel
def hibit(x):
    """Index of the highest set bit of a lane (x > 0, x < 2**32; 0 for 0)."""
    return 63 - _ctlz(np.int64(x) | 1)


@kernel
def popcount(x):
    """Set bits among the low 32 of a lane."""
    return _ctpop(np.int64(x) & 0xFFFFFFFF)


@kernel
def lobit(x):
    """Index of the lowest set bit of a lane (x > 0; 0 for 0)."""
    return _cttz(np.int64(x)) & 63


@kernel
def top_run(mine, rem):
    """How many of the strongest remaining cards of a suit (``rem``) are in
    ``mine``, counting down from the top until one is not: the cards of
    ``rem`` above the best one not in ``mine`` (no loop: the loop's exit
    branch mispredicted)."""
    others = rem & ~mine
    if others == 0:
        return popcount(rem)
    return popcount(rem >> (hibit(others) + 1))


@kernel
def kth_rank(rem, k):
    """Rank of the ``k``-th strongest card of ``rem`` (k from 1; ``NOREL``
    for k = 0 or fewer than k cards)."""
    x = rem
    while x:
        r = hibit(x)
        k -= 1
        if k == 0:
            return r
        x ^= 1 << r
    return NOREL


@kernel
def words_to_lanes(words, lanes):
    """Split uint64 bitboards (``words[seat, 0/1]``, engine card ids) into
    ``lanes[seat, suit]`` with the plain positions (no relabelling)."""
    for q in range(words.shape[0]):
        w0 = words[q, 0]
        w1 = words[q, 1]
        for s in range(4):
            lanes[q, s] = np.int64((w0 >> np.uint64(16 * s)) & np.uint64(0xFFFF))
        lanes[q, 4] = np.int64((w1 >> np.uint64(1)) & np.uint64(0x1FFFFF))
        lanes[q, 5] = np.int64(w1 & np.uint64(1))


@kernel
def tt_slot(k1, k2, mask):
    """The table slot of the key (k1, k2)."""
    h = k1 ^ (k1 >> 29) ^ (k2 >> 7) ^ (k2 >> 37) ^ (k1 >> 47)
    return h & mask
