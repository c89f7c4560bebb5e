"""Reversi kernels: bitboard moves and flips, perft, the evaluation and the midgame search.

A position is two uint64 bitboards, ``me`` (the side to move) and ``opp``; bit ``row * size + col``
is a square, as in games/reversi.py, which stays the readable rules reference (the differential
tests in tests/test_reversi_kernel.py hold these kernels to it).  6x6 (36 bits) and 8x8 (64 bits)
run here; 10x10 has 100 squares, more than one uint64, and stays on the pure-Python bitboard search
of ai/engines/reversi_python_search.py (a two-word kernel would double this file for the rarest size).

Everything a kernel needs to know about a board size is in one uint64 array, ``geo`` (see
``geometry``): the board mask, the shifts and wrap masks of the 8 directions, the corner squares and
the lines used by the stability test.  Kernels take plain arrays and ints, never Python objects,
and poll ``ctl[CTL_STOP]`` (set by ai.search.driver's watcher thread) to unwind at once.  A
recursive kernel is only ever called with variables, never constants (``True``, ``1``, ``INF``):
numba compiles a separate version per constant, and such versions of a recursive function crash
when loaded back from the on-disk cache.

- Moves: in each direction the mover's discs are shifted through runs of enemy discs
  (shift-and-mask); a flip walks the 8 rays from the new disc.
- Midgame: principal-variation search (negamax, null windows after the first move) with a
  transposition table in numpy arrays (bounds, depth and best move per entry, keyed by a mix of the
  two bitboards); moves ordered table move first, then fewest replies left to the opponent (deep in
  the tree) or a static square value (near the leaves).  Leaves are valued by
  ``evaluate_position``: the learned pattern evaluation of ai/kernels/reversi_patterns.py when the
  search is given its weights (8x8), else ``evaluate``, the hand-set evaluation of
  ai/engines/reversi_eval.py term for term.  The root may be searched in an aspiration window.
  Given ProbCut parameters, the search is selective (multi-ProbCut, ``probcut_bounds``): a node
  whose shallow search predicts, with a margin of a few standard deviations, that the deep value
  falls outside the window is cut without the deep search.
- Endgame: the exact solver is ai/kernels/reversi_endgame.py, on the same boards, tables and move
  buffers (``Tables`` below holds both searches' arrays).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ai.imports import import_engine
from ai.kernel_compile import mends_the_cache, njit
from ai.kernels.reversi_patterns import PACK_WIDTH, packed_value
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP

U0 = np.uint64(0)
U1 = np.uint64(1)
HASH_A = np.uint64(0x9E3779B97F4A7C15)
HASH_B = np.uint64(0xC2B2AE3D27D4EB4F)
U31 = np.uint64(31)

KERNEL_SIZES = (6, 8)
DISC = 10_000  # midgame units per disc of a proven margin: every proven result beats every estimate
EVAL_LIMIT = 9000
INF = 1_000_000_000
MAX_PLY = 128  # plies below a root (moves and passes), the size of the move buffers
PASS = -1
MPC_MIN_DEPTH = 3  # ProbCut tries nodes searched this deep or deeper
MPC_STAGE_EMPTIES = 10  # ProbCut parameters per stage of this many empties
MPC_OFF = 1e9  # a ProbCut threshold this large (or infinite) turns ProbCut off: the search is exact
NO_PROBCUT = np.zeros((0, 0, 4), np.float64)  # ProbCut parameters of an exact search
NO_PATTERNS = (np.zeros((0, PACK_WIDTH), np.int64), np.zeros((0, 0), np.float32))  # no learned patterns: the hand-set evaluation

# -- the geometry array: indices ------------------------------------------------------------------
G_FULL, G_SIZE, G_CELLS, G_CORNERS, G_EDGE_COLS, G_EDGE_ROWS, G_BORDER = 0, 1, 2, 3, 4, 5, 6
G_SHIFT = 8  # 4 shifts: east 1, south n, south-east n + 1, south-west n - 1
G_MASK_UP = 12  # per shift: squares a disc may land on when shifted towards higher indices
G_MASK_DOWN = 16  # ... towards lower indices (no wrap-around from one edge column to the other)
G_CORNER_INFO = 20  # per corner: its bit, its X-square, its two C-squares (3 entries each)
G_QUADRANTS = 32  # 4 quadrant masks, for parity
G_LINES = 36  # then 4 axes x (2n - 1) line masks (rows, columns, two diagonals), zero-padded
G_RUNS_AT = 7  # geo[7]: index of the edge runs (4 corners x 2 edges x (n - 1) squares, walking out)
GEO_LEN = 256


# -- bit tools --------------------------------------------------------------------------------------
@intrinsic
def popcount(typingctx, x):
    """Number of set bits of a uint64 (one machine instruction)."""
    sig = types.int64(x)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def lowest_square(typingctx, x):
    """Index of the lowest set bit of a non-zero uint64."""
    sig = types.int64(x)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@njit(cache=True, nogil=True, inline="always")
def bit(sq):
    return U1 << np.uint64(sq)


@njit(cache=True, nogil=True, inline="always")
def table_index(me, opp, mask):
    """Where (me, opp) lives in a transposition table of mask + 1 entries: a cheap mix of both."""
    h = me * HASH_A ^ (opp + (opp >> U31)) * HASH_B
    h ^= h >> U31
    return np.int64(h & mask)


# -- the geometry (built in Python, once per size) ---------------------------------------------------
def geometry(size: int) -> np.ndarray:
    """The uint64 array describing a ``size`` x ``size`` board to the kernels (see G_* indices)."""
    n = size
    cells = n * n
    full = (1 << cells) - 1
    col0 = sum(1 << (r * n) for r in range(n))
    col_last = col0 << (n - 1)
    row0 = (1 << n) - 1
    row_last = row0 << (n * (n - 1))
    geo = [0] * GEO_LEN
    geo[G_FULL], geo[G_SIZE], geo[G_CELLS] = full, n, cells
    geo[G_EDGE_COLS], geo[G_EDGE_ROWS] = col0 | col_last, row0 | row_last
    geo[G_BORDER] = col0 | col_last | row0 | row_last
    not_first, not_last = full & ~col0, full & ~col_last
    for i, (shift, up, down) in enumerate(
        ((1, not_first, not_last), (n, full, full), (n + 1, not_first, not_last), (n - 1, not_last, not_first))
    ):
        geo[G_SHIFT + i], geo[G_MASK_UP + i], geo[G_MASK_DOWN + i] = shift, up, down
    last = n - 1
    for i, (r, c, dr, dc) in enumerate(((0, 0, 1, 1), (0, last, 1, -1), (last, 0, -1, 1), (last, last, -1, -1))):
        corner = 1 << (r * n + c)
        geo[G_CORNERS] |= corner
        geo[G_CORNER_INFO + 3 * i] = corner
        geo[G_CORNER_INFO + 3 * i + 1] = 1 << ((r + dr) * n + c + dc)
        geo[G_CORNER_INFO + 3 * i + 2] = (1 << (r * n + c + dc)) | (1 << ((r + dr) * n + c))
    half = n // 2
    for i, (r0, c0) in enumerate(((0, 0), (0, half), (half, 0), (half, half))):
        geo[G_QUADRANTS + i] = sum(1 << (r * n + c) for r in range(r0, r0 + half) for c in range(c0, c0 + half))
    lines_per_axis = 2 * n - 1
    axes = (
        [[r * n + c for c in range(n)] for r in range(n)],
        [[r * n + c for r in range(n)] for c in range(n)],
        [[r * n + r - d for r in range(n) if 0 <= r - d < n] for d in range(-last, n)],
        [[r * n + d - r for r in range(n) if 0 <= d - r < n] for d in range(2 * n - 1)],
    )
    for a, lines in enumerate(axes):
        for i, line in enumerate(lines):
            geo[G_LINES + a * lines_per_axis + i] = sum(1 << sq for sq in line)
    runs_at = G_LINES + 4 * lines_per_axis
    geo[G_RUNS_AT] = runs_at
    for i, (r, c, dr, dc) in enumerate(((0, 0, 1, 1), (0, last, 1, -1), (last, 0, -1, 1), (last, last, -1, -1))):
        for e, (er, ec) in enumerate(((0, dc), (dr, 0))):
            for k in range(1, n):
                geo[runs_at + (2 * i + e) * last + k - 1] = 1 << ((r + er * k) * n + c + ec * k)
    assert runs_at + 8 * last <= GEO_LEN
    return np.array(geo, dtype=np.uint64)


def square_values(size: int) -> np.ndarray:
    """Static value per square (corners first, X-squares last): ai/engines/reversi_eval.py's table."""
    from games.reversi import geometry as rules_geometry

    features = import_engine("ai.engines.reversi_eval").Features
    return np.array(features(rules_geometry(size)).square_value, dtype=np.int64)


# -- moves ------------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def move_mask(me, opp, geo):
    """Squares where ``me`` may place a disc: shift our discs through runs of enemy discs."""
    if geo[G_SIZE] == 8:
        return move_mask_8x8(me, opp)
    empty = geo[G_FULL] & ~(me | opp)
    steps = np.int64(geo[G_SIZE]) - 3
    moves = U0
    for d in range(4):
        s = geo[G_SHIFT + d]
        o = opp & geo[G_MASK_UP + d]
        t = o & (me << s)
        for _ in range(steps):
            t |= o & (t << s)
        moves |= empty & geo[G_MASK_UP + d] & (t << s)
        o = opp & geo[G_MASK_DOWN + d]
        t = o & (me >> s)
        for _ in range(steps):
            t |= o & (t >> s)
        moves |= empty & geo[G_MASK_DOWN + d] & (t >> s)
    return moves


INNER_8X8 = np.uint64(0x7E7E7E7E7E7E7E7E)  # columns b to g: a run that wraps around an edge stops here
S1, S2, S7, S8, S9, S14, S16, S18 = (np.uint64(s) for s in (1, 2, 7, 8, 9, 14, 16, 18))


@njit(cache=True, nogil=True, inline="always")
def run_up(me, o, s, s2):
    """8x8: squares just past runs of ``o`` that start next to ``me``, shifting up by ``s``.  After
    two single steps the run grows two squares at a time through pairs of ``o`` (runs are at most 6)."""
    t = o & (me << s)
    t |= o & (t << s)
    pairs = o & (o << s)
    t |= pairs & (t << s2)
    t |= pairs & (t << s2)
    return t << s


@njit(cache=True, nogil=True, inline="always")
def run_down(me, o, s, s2):
    """``run_up`` shifting down."""
    t = o & (me >> s)
    t |= o & (t >> s)
    pairs = o & (o >> s)
    t |= pairs & (t >> s2)
    t |= pairs & (t >> s2)
    return t >> s


@njit(cache=True, nogil=True)
def move_mask_8x8(me, opp):
    """``move_mask`` with the 8x8 shifts and masks as constants (the compiler unrolls everything)."""
    o = opp & INNER_8X8
    moves = run_up(me, o, S1, S2) | run_down(me, o, S1, S2)
    moves |= run_up(me, opp, S8, S16) | run_down(me, opp, S8, S16)
    moves |= run_up(me, o, S9, S18) | run_down(me, o, S9, S18)
    moves |= run_up(me, o, S7, S14) | run_down(me, o, S7, S14)
    return moves & ~(me | opp)


@njit(cache=True, nogil=True)
def flips(sq, me, opp, geo):
    """The enemy discs a disc of ``me`` on ``sq`` flips (0 when the move is illegal)."""
    b = bit(sq)
    flipped = U0
    for d in range(4):
        s = geo[G_SHIFT + d]
        up = geo[G_MASK_UP + d]
        run = U0
        x = (b << s) & up
        while x & opp:
            run |= x
            x = (x << s) & up
        if x & me:
            flipped |= run
        down = geo[G_MASK_DOWN + d]
        run = U0
        x = (b >> s) & down
        while x & opp:
            run |= x
            x = (x >> s) & down
        if x & me:
            flipped |= run
    return flipped


@njit(cache=True, nogil=True, inline="always")
def flipped_run(b, me, o, up, s, s2):
    """8x8: the run of ``o`` next to the disc ``b`` in one direction (shifting up or down by ``s``),
    when a disc of ``me`` closes it; grown as in ``run_up``, without a loop."""
    if up:
        t = o & (b << s)
        t |= o & (t << s)
        pairs = o & (o << s)
        t |= pairs & (t << s2)
        t |= pairs & (t << s2)
        return t if (t << s) & me else U0
    t = o & (b >> s)
    t |= o & (t >> s)
    pairs = o & (o >> s)
    t |= pairs & (t >> s2)
    t |= pairs & (t >> s2)
    return t if (t >> s) & me else U0


@njit(cache=True, nogil=True)
def flips_8x8(sq, me, opp):
    """``flips`` on 8x8 with constant shifts and masks, branch-light: the solver's hot path."""
    b = bit(sq)
    o = opp & INNER_8X8
    f = flipped_run(b, me, o, True, S1, S2) | flipped_run(b, me, o, False, S1, S2)
    f |= flipped_run(b, me, opp, True, S8, S16) | flipped_run(b, me, opp, False, S8, S16)
    f |= flipped_run(b, me, o, True, S9, S18) | flipped_run(b, me, o, False, S9, S18)
    f |= flipped_run(b, me, o, True, S7, S14) | flipped_run(b, me, o, False, S7, S14)
    return f


@njit(cache=True, nogil=True, inline="always")
def solver_flips(sq, me, opp, geo):
    """``flips`` for the solver: the 8x8 constant version when the board is 8x8."""
    if geo[G_SIZE] == 8:
        return flips_8x8(sq, me, opp)
    return flips(sq, me, opp, geo)


@njit(cache=True, nogil=True)
def perft(me, opp, depth, geo):
    """Leaves ``depth`` plies below a position (a pass is a move; a finished game is a leaf)."""
    moves = move_mask(me, opp, geo)
    if moves == U0:
        if move_mask(opp, me, geo) == U0:
            return 1
        return 1 if depth == 1 else perft(opp, me, depth - 1, geo)
    if depth == 1:
        return popcount(moves)
    total = 0
    while moves:
        sq = lowest_square(moves)
        moves &= moves - U1
        f = flips(sq, me, opp, geo)
        total += perft(opp ^ f, me | f | bit(sq), depth - 1, geo)
    return total


# -- the evaluation ----------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def around(discs, geo):
    """Every square next to one of ``discs`` (king moves), the discs themselves excluded."""
    n = geo[G_SIZE]
    h = discs | ((discs << U1) & geo[G_MASK_UP]) | ((discs >> U1) & geo[G_MASK_DOWN])
    return (h | (h << n) | (h >> n)) & geo[G_FULL] & ~discs


@njit(cache=True, nogil=True)
def stable_edge_discs(discs, geo):
    """Discs of ``discs`` on an edge run that starts at one of their own corners."""
    runs_at = np.int64(geo[G_RUNS_AT])
    run_len = np.int64(geo[G_SIZE]) - 1
    stable = U0
    for c in range(4):
        corner = geo[G_CORNER_INFO + 3 * c]
        if not discs & corner:
            continue
        stable |= corner
        for e in range(2):
            start = runs_at + (2 * c + e) * run_len
            for k in range(run_len):
                b = geo[start + k]
                if not discs & b:
                    break
                stable |= b
    return stable


@njit(cache=True, nogil=True)
def evaluate(me, opp, my_moves, geo):
    """Static value for the side to move, within +-EVAL_LIMIT: ai/engines/reversi_eval.evaluate.

    Mobility (share of both sides' moves), potential mobility (empty squares next to enemy discs),
    corners, X- and C-squares next to empty corners, stable edge discs, discs late in the game and
    parity, with weights that move with the phase (read the Python original for the reasons).
    """
    full = geo[G_FULL]
    cells = np.int64(geo[G_CELLS])
    empty = full & ~(me | opp)
    empties = popcount(empty)
    t = 1.0 - empties / cells
    w_mob = 120.0 - 40.0 * t
    w_pot = 8.0 - 4.0 * t
    w_corner = 80.0
    w_x = 40.0 * (1.0 - t)
    w_c = 12.0 * (1.0 - t)
    w_stable = 12.0 + 8.0 * t
    w_disc = max(0.0, 6.0 * (t - 0.7) / 0.3)
    m1 = popcount(my_moves)
    m2 = popcount(move_mask(opp, me, geo))
    score = w_mob * (m1 - m2) / (m1 + m2 + 2)
    score += w_pot * (popcount(empty & around(opp, geo)) - popcount(empty & around(me, geo)))
    occupied = me | opp
    corners = geo[G_CORNERS]
    if occupied & corners:
        score += w_corner * (popcount(me & corners) - popcount(opp & corners))
        score += w_stable * (popcount(stable_edge_discs(me, geo)) - popcount(stable_edge_discs(opp, geo)))
    for c in range(4):
        if not occupied & geo[G_CORNER_INFO + 3 * c]:
            x_sq = geo[G_CORNER_INFO + 3 * c + 1]
            c_sq = geo[G_CORNER_INFO + 3 * c + 2]
            score -= w_x * (popcount(me & x_sq) - popcount(opp & x_sq))
            score -= w_c * (popcount(me & c_sq) - popcount(opp & c_sq))
    if w_disc > 0.0:
        score += w_disc * (popcount(me) - popcount(opp))
    score += 4.0 if empties & 1 else -4.0
    score = min(max(score, -float(EVAL_LIMIT)), float(EVAL_LIMIT))
    return np.int64(np.floor(score + 0.5))


# -- the search's shared parts -----------------------------------------------------------------------
@njit(cache=True, nogil=True, inline="always")
def stopped(ctl):
    """Count a node; every 1024 nodes enforce the node budget.  True when the search must unwind."""
    ctl[CTL_NODES] += 1
    if (ctl[CTL_NODES] & 1023) == 0 and ctl[CTL_MAX_NODES] > 0 and ctl[CTL_NODES] >= ctl[CTL_MAX_NODES]:
        ctl[CTL_STOP] = 1
    return ctl[CTL_STOP] != 0


@njit(cache=True, nogil=True)
def tt_store(keys, data, me, opp, lower, upper, depth, move):
    """Store a result in the position's bucket of two slots: the first keeps the deepest result
    (it cost the most to find), the second takes whatever the first does not."""
    i = table_index(me, opp, np.uint64(keys.shape[0] - 2)) & ~1
    if not (keys[i, 0] == me and keys[i, 1] == opp) and data[i, 2] > depth:
        i += 1
    keys[i, 0] = me
    keys[i, 1] = opp
    data[i, 0] = lower
    data[i, 1] = upper
    data[i, 2] = depth
    data[i, 3] = move


@njit(cache=True, nogil=True)
def tt_find(keys, me, opp):
    """The table slot holding (me, opp), or -1."""
    i = table_index(me, opp, np.uint64(keys.shape[0] - 2)) & ~1
    if keys[i, 0] == me and keys[i, 1] == opp:
        return i
    if keys[i + 1, 0] == me and keys[i + 1, 1] == opp:
        return i + 1
    return -1


@njit(cache=True, nogil=True, inline="always")
def insert_sorted(sqs, fls, ply, start, count, key, sq, f):
    """Insert a move into entries ``start`` .. ``count`` of ply ``ply``'s buffers, lowest key first
    (insertion sort: a position has a dozen moves)."""
    keys = sqs[ply, 1]
    j = count
    while j > start and keys[j - 1] > key:
        keys[j] = keys[j - 1]
        sqs[ply, 0, j] = sqs[ply, 0, j - 1]
        fls[ply, j] = fls[ply, j - 1]
        j -= 1
    keys[j] = key
    sqs[ply, 0, j] = sq
    fls[ply, j] = f


@njit(cache=True, nogil=True)
def table_move_first(me, opp, moves, first, ply, geo, sqs, fls):
    """Put the table's move ``first`` alone in ply ``ply``'s buffers when it is legal: it often
    cuts off at once, and then the other moves need no ordering.  Returns (1, the other moves),
    or (0, ``moves``) without a table move."""
    if first < 0 or not moves & bit(first):
        return 0, moves
    sqs[ply, 0, 0] = first
    fls[ply, 0] = flips(first, me, opp, geo)
    return 1, moves & ~bit(first)


@njit(cache=True, nogil=True)
def order_moves(me, opp, moves, first, by_mobility, ply, start, geo, square_value, sqs, fls):
    """Write the moves of ``moves`` best first into ``sqs[ply, 0]`` (squares; ``sqs[ply, 1]`` holds
    their order keys) and ``fls[ply]`` (flips) from index ``start`` on; returns the new end.
    returns how many.  ``first`` (a square or -1) goes first; then, ``by_mobility``, the moves that
    leave the opponent fewest replies (corners breaking ties), else the square values alone."""
    count = start
    while moves:
        sq = lowest_square(moves)
        moves &= moves - U1
        f = flips(sq, me, opp, geo)
        if sq == first:
            key = -INF
        elif by_mobility:
            key = popcount(move_mask(opp ^ f, me | f | bit(sq), geo)) * 16 - square_value[sq] // 4
        else:
            key = -square_value[sq]
        insert_sorted(sqs, fls, ply, start, count, key, sq, f)
        count += 1
    return count


# -- midgame -----------------------------------------------------------------------------------------
@njit(cache=True, nogil=True, inline="always")
def probcut_depth(depth):
    """The shallow search's depth for a ``depth``-ply node (as in Edax): about a quarter of it, times
    two, and of the same parity, since odd and even depths value a position differently."""
    return 2 * (depth // 4) + (depth & 1)


@njit(cache=True, nogil=True)
def probcut_bounds(depth, alpha, beta, empties, mpc, mpc_t):
    """Multi-ProbCut (Buro): (shallow depth, high, low) for a ``depth``-ply node with ``empties``
    empty squares searched in (alpha, beta).  The deep value v is predicted from the shallow one s
    as ``a * s + b`` with error ``sigma`` (``mpc[stage, row]`` = (unused, a, b, sigma), fitted by
    tools/reversi_probcut.py; a row per depth, the last one serving deeper nodes, a stage per
    MPC_STAGE_EMPTIES empties); the node is cut when s >= high (v >= beta likely by ``mpc_t``
    sigmas) or s <= low.  High and low are pushed out of range (no cut) where sigma is 0."""
    stage = min(empties // MPC_STAGE_EMPTIES, mpc.shape[0] - 1)
    row = min(depth, mpc.shape[1] - 1)
    a, b, sigma = mpc[stage, row, 1], mpc[stage, row, 2], mpc[stage, row, 3]
    if sigma <= 0.0 or a <= 0.0:
        return probcut_depth(depth), np.int64(INF), np.int64(-INF)
    high = np.int64(np.ceil((beta + mpc_t * sigma - b) / a))
    low = np.int64(np.floor((alpha - mpc_t * sigma - b) / a))
    return probcut_depth(depth), high, low


@njit(cache=True, nogil=True)
def evaluate_position(me, opp, my_moves, geo, pat, weights):
    """The search's static value in evaluation points (100 per disc): the learned pattern evaluation
    of ai/kernels/reversi_patterns.py when ``pat`` has instances (8x8), else ``evaluate``."""
    if pat.shape[0] == 0:
        return evaluate(me, opp, my_moves, geo)
    score = min(max(100.0 * packed_value(me, opp, pat, weights), -float(EVAL_LIMIT)), float(EVAL_LIMIT))
    return np.int64(np.floor(score + 0.5))


@njit(cache=True, nogil=True)
def pvs(me, opp, depth, alpha, beta, ply, geo, square_value, keys, data, sqs, fls, ctl, pat, weights, mpc, mpc_t):
    """Negamax value of (me, opp) searched ``depth`` plies (a pass uses none), principal-variation
    style, leaves valued by ``evaluate_position``; proven results are ``DISC`` per disc of final
    margin.  With ProbCut parameters ``mpc`` and a finite threshold ``mpc_t`` a node may be cut by
    a shallow search first (``probcut_bounds``: selective, not exact).  Returns 0 once ``ctl`` says
    stop."""
    if stopped(ctl):
        return 0
    moves = move_mask(me, opp, geo)
    if moves == U0:
        if move_mask(opp, me, geo) == U0:
            return DISC * (popcount(me) - popcount(opp))
        return -pvs(opp, me, depth, -beta, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls, ctl, pat,
                    weights, mpc, mpc_t)
    if depth <= 0:
        return evaluate_position(me, opp, moves, geo, pat, weights)
    first = -1
    slot = tt_find(keys, me, opp)
    if slot >= 0:
        first = data[slot, 3]
        if data[slot, 2] >= depth:
            lower, upper = data[slot, 0], data[slot, 1]
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
    if depth >= MPC_MIN_DEPTH and mpc_t < MPC_OFF and mpc.shape[0] > 0 and alpha > -EVAL_LIMIT and beta < EVAL_LIMIT:
        shallow, high, low = probcut_bounds(depth, alpha, beta, np.int64(geo[G_CELLS]) - popcount(me | opp), mpc,
                                            mpc_t)
        if high < EVAL_LIMIT:  # a shallow value of ``high`` or more predicts a deep one of beta or more
            v = pvs(me, opp, shallow, high - 1, high, ply, geo, square_value, keys, data, sqs, fls, ctl, pat,
                    weights, mpc, mpc_t)
            if ctl[CTL_STOP]:
                return 0
            if v >= high:
                return beta
        if low > -EVAL_LIMIT:  # ... of ``low`` or less, one of alpha or less
            v = pvs(me, opp, shallow, low, low + 1, ply, geo, square_value, keys, data, sqs, fls, ctl, pat,
                    weights, mpc, mpc_t)
            if ctl[CTL_STOP]:
                return 0
            if v <= low:
                return alpha
        if first < 0:  # the shallow searches leave a move to try first
            slot = tt_find(keys, me, opp)
            if slot >= 0:
                first = data[slot, 3]
    alpha0 = alpha
    count, later = table_move_first(me, opp, moves, first, ply, geo, sqs, fls)
    if later == moves:
        count = order_moves(me, opp, later, -1, depth >= 3, ply, 0, geo, square_value, sqs, fls)
        later = U0
    best, best_sq = -INF, -1
    i = 0
    while i < count:
        sq, f = sqs[ply, 0, i], fls[ply, i]
        child_me, child_opp = opp ^ f, me | f | bit(sq)
        if i == 0:
            v = -pvs(child_me, child_opp, depth - 1, -beta, -alpha, ply + 1, geo, square_value, keys, data,
                     sqs, fls, ctl, pat, weights, mpc, mpc_t)
        else:
            v = -pvs(child_me, child_opp, depth - 1, -alpha - 1, -alpha, ply + 1, geo, square_value, keys,
                     data, sqs, fls, ctl, pat, weights, mpc, mpc_t)
            if alpha < v < beta and not ctl[CTL_STOP]:
                v = -pvs(child_me, child_opp, depth - 1, -beta, -v, ply + 1, geo, square_value, keys, data,
                         sqs, fls, ctl, pat, weights, mpc, mpc_t)
        if ctl[CTL_STOP]:
            return 0
        if v > best:
            best, best_sq = v, sq
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        i += 1
        if i == count and later:  # the table's move did not cut: order the others now
            count = order_moves(me, opp, later, -1, depth >= 3, ply, count, geo, square_value, sqs, fls)
            later = U0
    lower = best if best > alpha0 else -INF
    upper = best if best < beta else INF
    tt_store(keys, data, me, opp, lower, upper, depth, best_sq)
    return best


def search_root(me: np.uint64, opp: np.uint64, depth: int, first: int, every_value: bool, ply: int, geo: np.ndarray,
                square_value: np.ndarray, keys: np.ndarray, data: np.ndarray, sqs: np.ndarray, fls: np.ndarray,
                ctl: np.ndarray, out_sq: np.ndarray, out_value: np.ndarray) -> int:
    """``search_root_with`` on the hand-set evaluation, without an aspiration window.  Plain Python,
    not a kernel: it passes ``search_root_with`` the argument types the players pass, so the warm-up
    that calls it compiles what a game's search calls (a kernel of its own was never called by a
    game, and left ``search_root_with`` to the first search to load or compile)."""
    return search_root_with(me, opp, depth, first, every_value, ply, geo, square_value, keys, data, sqs, fls, ctl,
                            out_sq, out_value, *NO_PATTERNS, 0, 0, NO_PROBCUT, float(MPC_OFF))


@njit(cache=True, nogil=True)
def search_root_with(me, opp, depth, first, every_value, ply, geo, square_value, keys, data, sqs, fls, ctl, out_sq,
                     out_value, pat, weights, guess, window, mpc, mpc_t):
    """One iteration at the root: writes the searched moves, best first as ordered, into ``out_sq``
    and their values into ``out_value``; returns how many moves were fully searched (fewer when
    ``ctl`` stopped it).  ``every_value`` gives every move its exact value (a full window each),
    for players that add noise to them; otherwise values of moves that are not best are bounds.
    With ``window`` > 0 the search first looks only between ``guess`` -+ ``window`` (an aspiration
    window: the last iteration's value is usually close, and a narrow window cuts more); if the
    value falls outside, the iteration is searched again with the full window.  ``mpc``, ``mpc_t``:
    ProbCut below the root (``pvs``); an empty ``mpc`` or ``mpc_t`` >= MPC_OFF searches exactly."""
    wide = np.int64(INF)  # not the constant itself: a constant argument would compile another pvs
    if window > 0 and not every_value:
        alpha, beta = guess - window, guess + window
        done = root_pass(me, opp, depth, first, every_value, ply, geo, square_value, keys, data, sqs, fls, ctl,
                         out_sq, out_value, pat, weights, alpha, beta, mpc, mpc_t)
        if ctl[CTL_STOP]:
            return done
        best = out_value[:done].max()
        if alpha < best < beta:
            return done
        first = out_sq[np.argmax(out_value[:done])]
    return root_pass(me, opp, depth, first, every_value, ply, geo, square_value, keys, data, sqs, fls, ctl, out_sq,
                     out_value, pat, weights, -wide, wide, mpc, mpc_t)


@njit(cache=True, nogil=True)
def root_pass(me, opp, depth, first, every_value, ply, geo, square_value, keys, data, sqs, fls, ctl, out_sq,
              out_value, pat, weights, alpha, beta, mpc, mpc_t):
    """The root's moves searched within (alpha, beta): the first (or, ``every_value``, each) with
    the whole window, the others with a null window first; stops at a value of ``beta`` or more."""
    moves = move_mask(me, opp, geo)
    count = order_moves(me, opp, moves, first, depth >= 0, ply, 0, geo, square_value, sqs, fls)
    wide = np.int64(INF)
    best = -wide
    done = 0
    for i in range(count):
        sq, f = sqs[ply, 0, i], fls[ply, i]
        child_me, child_opp = opp ^ f, me | f | bit(sq)
        if every_value:
            v = -pvs(child_me, child_opp, depth - 1, -wide, wide, ply + 1, geo, square_value, keys, data, sqs, fls,
                     ctl, pat, weights, mpc, mpc_t)
        elif i == 0:
            v = -pvs(child_me, child_opp, depth - 1, -beta, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls,
                     ctl, pat, weights, mpc, mpc_t)
        else:
            v = -pvs(child_me, child_opp, depth - 1, -alpha - 1, -alpha, ply + 1, geo, square_value, keys, data,
                     sqs, fls, ctl, pat, weights, mpc, mpc_t)
            if alpha < v < beta and not ctl[CTL_STOP]:
                v = -pvs(child_me, child_opp, depth - 1, -beta, -v, ply + 1, geo, square_value, keys, data, sqs,
                         fls, ctl, pat, weights, mpc, mpc_t)
        if ctl[CTL_STOP]:
            break
        out_sq[i] = sq
        out_value[i] = v
        done += 1
        if v > best:
            best = v
            lower = v if v > alpha else -wide  # below the window a value is only an upper bound
            alpha = max(alpha, v)
            tt_store(keys, data, me, opp, lower, INF, depth, sq)  # the best so far leads the next iteration
            if v >= beta:
                break
    return done


@njit(cache=True, nogil=True)
def root_move_value(me, opp, sq, depth, alpha, beta, ply, geo, square_value, keys, data, sqs, fls, ctl, pat, weights,
                    mpc, mpc_t):
    """The value of the root move ``sq`` searched ``depth`` plies deep within (alpha, beta), as
    ``root_pass`` searches each move: exact inside the window, a bound outside it (0 if ``ctl``
    stopped it).  A hint's null window on a move that may tie the best (``ai.search.driver.first_of_best``)."""
    f = flips(sq, me, opp, geo)
    return -pvs(opp ^ f, me | f | bit(sq), depth - 1, -beta, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls,
                ctl, pat, weights, mpc, mpc_t)


@njit(cache=True, nogil=True)
def principal_variation(me, opp, keys, data, geo, limit, out):
    """Follow the table's best moves from (me, opp): at most ``limit`` moves (passes are PASS) into
    ``out``; returns how many."""
    n = 0
    while n < limit:
        moves = move_mask(me, opp, geo)
        if moves == U0:
            if move_mask(opp, me, geo) == U0:
                break
            out[n] = PASS
            n += 1
            me, opp = opp, me
            continue
        slot = tt_find(keys, me, opp)
        if slot < 0:
            break
        sq = np.int64(data[slot, 3])
        if sq < 0 or not moves & bit(sq):
            break
        out[n] = sq
        n += 1
        f = flips(sq, me, opp, geo)
        me, opp = opp ^ f, me | f | bit(sq)
    return n


# -- tables and warm-up ------------------------------------------------------------------------------
class Tables:
    """The arrays one search keeps between moves: a transposition table (keys and data) for the
    midgame (2**mid_bits entries) and one for the solver (2**end_bits), and the per-ply move buffers.

    The tables are written through once here: the system hands out zeroed memory page by page on
    first touch, which on a loaded machine cost a search a quarter of a second when it happened
    inside a move's time."""

    def __init__(self, size: int, mid_bits: int = 18, end_bits: int = 20) -> None:
        self.size = size
        self.geo = geometry(size)
        self.square_value = square_values(size)
        self.mid_keys = touched_zeros((1 << mid_bits, 2), np.uint64)
        self.mid_data = touched_zeros((1 << mid_bits, 4), np.int32)
        self.end_keys = touched_zeros((1 << end_bits, 2), np.uint64)
        self.end_data = touched_zeros((1 << end_bits, 4), np.int32)
        self.sqs = np.zeros((MAX_PLY, 2, 64), np.int64)  # squares and their order keys
        self.fls = np.zeros((MAX_PLY, 64), np.uint64)

    def clear(self) -> None:
        for array in (self.mid_keys, self.mid_data, self.end_keys, self.end_data):
            array.fill(0)


def touched_zeros(shape: tuple[int, int], dtype: type) -> np.ndarray:
    array = np.empty(shape, dtype)
    array.fill(0)
    return array


def _tiny_position() -> tuple[Tables, np.uint64, np.uint64]:
    """Small tables and arbitrary discs of a 6x6 board: what the warm-ups search."""
    return Tables(6, mid_bits=4, end_bits=4), np.uint64(0x0000000600000), np.uint64(0x0000000180000)


@mends_the_cache
def warm_up_search() -> None:
    """Compile (or load from the cache) the midgame search's kernels on a tiny 6x6 position."""
    from ai.search.driver import new_ctl

    tables, me, opp = _tiny_position()
    geo = tables.geo
    flips(0, me, opp, geo)  # first: a book move's bookkeeping needs only these
    move_mask(me, opp, geo)
    bit(0)
    tt_find(tables.mid_keys, me, opp)
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    search_root(me, opp, 2, -1, False, 0, geo, tables.square_value, tables.mid_keys, tables.mid_data, tables.sqs,
                tables.fls, new_ctl(), out_sq, out_value)
    root_move_value(me, opp, int(out_sq[0]), 2, -1, 0, 0, geo, tables.square_value, tables.mid_keys, tables.mid_data,
                    tables.sqs, tables.fls, new_ctl(), *NO_PATTERNS, NO_PROBCUT, float(MPC_OFF))
    principal_variation(me, opp, tables.mid_keys, tables.mid_data, geo, 4, out_sq)
    evaluate(me, opp, np.uint64(move_mask(me, opp, geo)), geo)


@mends_the_cache
def warm_up_solver() -> None:
    """Compile (or load from the cache) the exact solver's kernels (and perft's) on a tiny 6x6 position."""
    from ai.search.driver import new_ctl

    endgame = import_engine("ai.kernels.reversi_endgame")  # it imports this module: here, through the lock
    solve_root, stable_discs = endgame.solve_root, endgame.stable_discs

    tables, me, opp = _tiny_position()
    geo = tables.geo
    solve_root(me, opp, -64, 64, -1, 0, geo, tables.square_value, tables.end_keys, tables.end_data, tables.sqs,
               tables.fls, new_ctl(), np.zeros(2, np.int64))
    stable_discs(me, me | opp, geo)
    perft(me, opp, 2, geo)


# ai.kernels.warm_up's stages, in the order a game needs them: the exact solver only near the end
STAGES = {"search": warm_up_search, "solver": warm_up_solver}


def warm_up() -> None:
    """Compile (or load from the cache) every kernel."""
    warm_up_search()
    warm_up_solver()
