"""Reversi's exact endgame solver: the final disc margin under perfect play, as a numba kernel.

It works on the bitboards, geometry array, transposition tables and move buffers of
ai/kernels/reversi.py and keeps its conventions (plain arrays and ints, the ``ctl`` stop flag,
recursive kernels called only with variables).  tests/test_reversi_kernel.py holds it to plain
minimax and to the FFO suite's published scores.  Exact negamax on the final margin (empty squares
count for nobody, as in games/reversi.py):

- fastest-first ordering (fewest replies, odd regions first; from ``SOLVER_EVAL_MIN`` empties also
  the learned evaluation), a transposition table with enhanced transposition cut-offs, and a
  stability cut-off (the opponent's stable discs bound what we can still win);
- from ``SHALLOW`` empties down no move generation at all: empty squares next to an enemy disc are
  tried with the flipper, those in odd quadrants first (parity), and the last two empties have
  their own code.
"""

from __future__ import annotations

import numpy as np

from ai.kernel_compile import njit
from ai.kernels.reversi import (
    G_BORDER,
    G_CELLS,
    G_CORNERS,
    G_EDGE_COLS,
    G_EDGE_ROWS,
    G_FULL,
    G_LINES,
    G_MASK_DOWN,
    G_MASK_UP,
    G_QUADRANTS,
    G_SHIFT,
    G_SIZE,
    INF,
    PASS,
    U0,
    U1,
    around,
    bit,
    flips_8x8,
    insert_sorted,
    lowest_square,
    move_mask,
    popcount,
    solver_flips,
    stopped,
    table_move_first,
    tt_find,
    tt_store,
)
from ai.kernels.reversi_patterns import PACK_WIDTH, packed_value
from ai.search.driver import CTL_NODES, CTL_STOP

SHALLOW = 7  # empties from which the solver stops generating moves: parity order, no table
SOLVER_TT_MIN = 8  # empties from which the solver keeps a transposition table
SOLVER_ETC_MIN = 12  # empties from which the solver looks up every child in the table before searching
SOLVER_EVAL_MIN = 14  # empties from which the solver's move order also asks the learned evaluation
SOLVER_REPLY_MIN = 16  # ... and from this many, the evaluation after the opponent's best reply
SOLVER_EVAL_WEIGHT = 16.0  # order-key units per disc of that evaluation (a reply left to the opponent: 64)
NO_MOVE = -2  # no move proven yet (``solve_root_with`` cut off)


@njit(cache=True, nogil=True)
def stable_discs(discs, occupied, geo):
    """Discs of ``discs`` that can never flip: along each of the 4 axes the line is full, or a
    neighbour on that axis is off the board or itself a stable disc of the same colour."""
    n = np.int64(geo[G_SIZE])
    lines_per_axis = 2 * n - 1
    full_line = np.zeros(4, np.uint64)
    for a in range(4):
        for i in range(lines_per_axis):
            line = geo[G_LINES + a * lines_per_axis + i]
            if line and (occupied & line) == line:
                full_line[a] |= line
    ok_h = full_line[0] | geo[G_EDGE_COLS]
    ok_v = full_line[1] | geo[G_EDGE_ROWS]
    ok_d1 = full_line[2] | geo[G_BORDER]
    ok_d2 = full_line[3] | geo[G_BORDER]
    stable = discs & ok_h & ok_v & ok_d1 & ok_d2
    while stable:
        h = ok_h | next_to(stable, 0, geo)
        v = ok_v | next_to(stable, 1, geo)
        d1 = ok_d1 | next_to(stable, 2, geo)
        d2 = ok_d2 | next_to(stable, 3, geo)
        grown = discs & h & v & d1 & d2
        if grown == stable:
            break
        stable = grown
    return stable


@njit(cache=True, nogil=True, inline="always")
def next_to(discs, d, geo):
    """Squares next to ``discs`` along direction pair ``d`` (either way)."""
    s = geo[G_SHIFT + d]
    return ((discs << s) & geo[G_MASK_UP + d]) | ((discs >> s) & geo[G_MASK_DOWN + d])


@njit(cache=True, nogil=True, inline="always")
def margin(me, opp):
    return popcount(me) - popcount(opp)


@njit(cache=True, nogil=True, inline="always")
def odd_quadrants(empty, geo):
    """The board's quadrants that hold an odd number of the ``empty`` squares, as one mask: the
    exact solvers try the moves there first (parity: who moves first in a region of odd size
    tends to have its last move too)."""
    odd = U0
    for q in range(4):
        quadrant = geo[G_QUADRANTS + q]
        if popcount(empty & quadrant) & 1:
            odd |= quadrant
    return odd


@njit(cache=True, nogil=True)
def last_square(me, opp, sq, geo):
    """Final margin with one empty square left: whoever can play it does."""
    f = solver_flips(sq, me, opp, geo)
    if f:
        return margin(me | f | bit(sq), opp ^ f)
    f = solver_flips(sq, opp, me, geo)
    if f:
        return -margin(opp | f | bit(sq), me ^ f)
    return margin(me, opp)


@njit(cache=True, nogil=True)
def can_play(me, opp, empty, geo):
    """Whether ``me`` has a move on one of the (few) ``empty`` squares."""
    while empty:
        sq = lowest_square(empty)
        empty &= empty - U1
        if solver_flips(sq, me, opp, geo):
            return True
    return False


@njit(cache=True, nogil=True)
def last_two(me, opp, alpha, beta, empty, geo, ctl):
    """Final margin with two empty squares left."""
    ctl[CTL_NODES] += 1
    a = lowest_square(empty)
    b = lowest_square(empty & (empty - U1))
    best = -INF
    f = solver_flips(a, me, opp, geo)
    if f:
        best = -last_square(opp ^ f, me | f | bit(a), b, geo)
        if best >= beta:
            return best
    f = solver_flips(b, me, opp, geo)
    if f:
        v = -last_square(opp ^ f, me | f | bit(b), a, geo)
        if v > best:
            best = v
    if best > -INF:
        return best
    if not can_play(opp, me, empty, geo):
        return margin(me, opp)
    return -last_two(opp, me, -beta, -alpha, empty, geo, ctl)


@njit(cache=True, nogil=True)
def solve_shallow(me, opp, alpha, beta, empty, n, geo, ctl):
    """Final margin with ``n`` (3 .. SHALLOW) empties: each empty square next to an enemy disc is
    tried with the flipper, no move generation, those in quadrants with an odd number of empties
    first (parity)."""
    if stopped(ctl):
        return 0
    odd = odd_quadrants(empty, geo)
    candidates = empty & around(opp, geo)  # a move needs an enemy disc next to it
    best = -INF
    for region in range(2):
        todo = candidates & odd if region == 0 else candidates & ~odd
        while todo:
            sq = lowest_square(todo)
            todo &= todo - U1
            f = solver_flips(sq, me, opp, geo)
            if f == U0:
                continue
            child_empty = empty ^ bit(sq)
            if n == 3:
                v = -last_two(opp ^ f, me | f | bit(sq), -beta, -alpha, child_empty, geo, ctl)
            else:
                v = -solve_shallow(opp ^ f, me | f | bit(sq), -beta, -alpha, child_empty, n - 1, geo, ctl)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        return best
    if best > -INF:
        return best
    if not can_play(opp, me, empty, geo):
        return margin(me, opp)
    return -solve_shallow(opp, me, -beta, -alpha, empty, n, geo, ctl)


@njit(cache=True, nogil=True)
def solve(me, opp, alpha, beta, ply, geo, square_value, keys, data, sqs, fls, ctl, pat, weights):
    """Exact final disc margin for ``me`` (fail-soft alpha-beta); 0 once ``ctl`` says stop."""
    empty = geo[G_FULL] & ~(me | opp)
    n = popcount(empty)
    if n <= SHALLOW:
        if n == 0:
            return margin(me, opp)
        if n == 1:
            ctl[CTL_NODES] += 1
            return last_square(me, opp, lowest_square(empty), geo)
        if n == 2:
            return last_two(me, opp, alpha, beta, empty, geo, ctl)
        return solve_shallow(me, opp, alpha, beta, empty, n, geo, ctl)
    if stopped(ctl):
        return 0
    moves = move_mask(me, opp, geo)
    if moves == U0:
        if move_mask(opp, me, geo) == U0:
            return margin(me, opp)
        return -solve(opp, me, -beta, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls, ctl, pat, weights)
    cells = np.int64(geo[G_CELLS])
    # stability cut-off: the opponent keeps at least its stable discs
    if alpha >= cells // 4 and alpha >= cells - 2 * popcount(opp):  # a cut needs a high alpha
        bound = cells - 2 * popcount(stable_discs(opp, me | opp, geo))
        if bound <= alpha:
            return bound
        beta = min(beta, bound)
    # ... and we keep at least ours
    if beta <= -(cells // 4) and beta <= 2 * popcount(me) - cells:  # a cut needs a low beta
        bound = 2 * popcount(stable_discs(me, me | opp, geo)) - cells
        if bound >= beta:
            return bound
        alpha = max(alpha, bound)
    first = -1
    use_tt = n >= SOLVER_TT_MIN
    if use_tt:
        slot = tt_find(keys, me, opp)
        if slot >= 0:
            first = data[slot, 3]
            lower, upper = data[slot, 0], data[slot, 1]
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)
    if n >= SOLVER_ETC_MIN:
        cut = transposition_cutoff(me, opp, moves, beta, keys, data, geo)
        if cut >= beta:
            return cut
    alpha0, beta0 = alpha, beta
    count, later = table_move_first(me, opp, moves, first, ply, geo, sqs, fls)
    if later == moves:
        count = order_fastest_first(me, opp, later, -1, empty, ply, 0, geo, square_value, sqs, fls, pat, weights)
        later = U0
    # reversi.pvs's loop, not shared: inside it each recurses into itself, with arguments of its own
    best, best_sq = -INF, -1
    i = 0
    while i < count:
        sq, f = sqs[ply, 0, i], fls[ply, i]
        child_me, child_opp = opp ^ f, me | f | bit(sq)
        if i == 0:
            v = -solve(child_me, child_opp, -beta, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls,
                       ctl, pat, weights)
        else:
            v = -solve(child_me, child_opp, -alpha - 1, -alpha, ply + 1, geo, square_value, keys, data, sqs,
                       fls, ctl, pat, weights)
            if alpha < v < beta and not ctl[CTL_STOP]:
                v = -solve(child_me, child_opp, -beta, -v, ply + 1, geo, square_value, keys, data, sqs, fls,
                           ctl, pat, weights)
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
            count = order_fastest_first(me, opp, later, -1, empty, ply, count, geo, square_value, sqs, fls, pat, weights)
            later = U0
    if use_tt:
        lower, upper = -INF, INF
        slot = tt_find(keys, me, opp)
        if slot >= 0:
            lower, upper = data[slot, 0], data[slot, 1]
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta0:
            lower = max(lower, best)
        else:
            lower = upper = best
        tt_store(keys, data, me, opp, lower, upper, n, best_sq)
    return best


@njit(cache=True, nogil=True)
def transposition_cutoff(me, opp, moves, beta, keys, data, geo):
    """Enhanced transposition cut-off: the best lower bound the table already proves for (me, opp)
    through one of its children (a child's upper bound, negated), -INF if none; a value of
    ``beta`` or more cuts without searching."""
    best = -INF
    while moves:
        sq = lowest_square(moves)
        moves &= moves - U1
        f = solver_flips(sq, me, opp, geo)
        slot = tt_find(keys, opp ^ f, me | f | bit(sq))
        if slot >= 0 and -data[slot, 1] > best:
            best = -data[slot, 1]
            if best >= beta:
                break
    return best


@njit(cache=True, nogil=True)
def best_reply_value(me, opp, moves, pat, weights):
    """A one-ply search of (me, opp) on the learned evaluation, in discs for ``me``; ``moves`` are its
    moves (a pass when there are none)."""
    if moves == U0:
        return -packed_value(opp, me, pat, weights)
    best = -1e9
    while moves:
        sq = lowest_square(moves)
        moves &= moves - U1
        f = flips_8x8(sq, me, opp)
        best = max(best, -packed_value(opp ^ f, me | f | bit(sq), pat, weights))
    return best


@njit(cache=True, nogil=True)
def order_fastest_first(me, opp, moves, first, empty, ply, start, geo, square_value, sqs, fls, pat, weights):
    """Endgame order ("fastest first"): the table's move, then the moves that leave the opponent
    fewest replies (a corner counts twice) and fewest empty squares next to our discs (its future
    replies), squares in odd quadrants and good squares breaking ties; from SOLVER_EVAL_MIN empties,
    when ``pat`` holds the learned evaluation, also the opponent's evaluation after the move (a
    solid position is refuted sooner).  Same buffers and result as ``order_moves``."""
    n_empty = popcount(empty)
    by_eval = pat.shape[0] > 0 and n_empty >= SOLVER_EVAL_MIN
    odd = odd_quadrants(empty, geo)
    count = start
    while moves:
        sq = lowest_square(moves)
        moves &= moves - U1
        f = solver_flips(sq, me, opp, geo)
        b = bit(sq)
        if sq == first:
            key = -INF
        else:
            mine = me | f | b
            replies = move_mask(opp ^ f, mine, geo)
            key = ((popcount(replies) + popcount(replies & geo[G_CORNERS])) * 64 + popcount(around(mine, geo) & empty) * 8
                   - square_value[sq] - (16 if odd & b else 0))
            if by_eval:
                if n_empty >= SOLVER_REPLY_MIN:
                    key += np.int64(SOLVER_EVAL_WEIGHT * best_reply_value(opp ^ f, mine, replies, pat, weights))
                else:
                    key += np.int64(SOLVER_EVAL_WEIGHT * packed_value(opp ^ f, mine, pat, weights))
        insert_sorted(sqs, fls, ply, start, count, key, sq, f)
        count += 1
    return count


def solve_root(me, opp, alpha, beta, first, ply, geo, square_value, keys, data, sqs, fls, ctl, out) -> bool:
    """``solve_root_with`` without an evaluation for the move order (6x6, and callers without one)."""
    pat = np.zeros((0, PACK_WIDTH), np.int64)
    weights = np.zeros((0, 0), np.float32)
    return solve_root_with(me, opp, alpha, beta, first, ply, geo, square_value, keys, data, sqs, fls, ctl, out, pat,
                           weights)


def solve_root_with(me, opp, alpha, beta, first, ply, geo, square_value, keys, data, sqs, fls, ctl, out, pat,
                    weights, guess: int = 0) -> bool:
    """The exact margin of (me, opp) within (alpha, beta) and its best move (PASS when the mover
    must pass): ``out[0]`` = square, ``out[1]`` = margin.  Returns False if ``ctl`` stopped it;
    ``out`` then holds the best margin proven reachable so far and a move that reaches it
    (``out[0]`` = NO_MOVE if none was proven).

    A wide window is searched as a series of null windows (MTD(f)) from a margin of ``guess``:
    each one only tells above or below, which cuts far more than a wide window, and the table
    keeps what the earlier ones proved; the fail-soft bounds they return move the test in large
    steps.  A good guess (a margin proven a move earlier) takes two windows: "this move reaches
    it" and "nothing reaches more".  Each window is one kernel call; the loop is plain Python."""
    cells = int(geo[G_CELLS])
    if alpha > -cells or beta < cells:  # a narrow window asked for: one search in it
        return solve_root_window(me, opp, alpha, beta, first, ply, geo, square_value, keys, data, sqs, fls, ctl,
                                 out, pat, weights)
    lower, upper = -cells, cells  # the margin lies in [lower, upper]
    test_value = int(guess)
    best_sq = NO_MOVE
    while lower < upper:
        b = test_value + 1 if test_value == lower else test_value  # is the margin b or more?
        if not solve_root_window(me, opp, b - 1, b, first, ply, geo, square_value, keys, data, sqs, fls, ctl,
                                 out, pat, weights):
            out[0], out[1] = best_sq, lower
            return False
        test_value = int(out[1])
        if test_value >= b:
            lower, best_sq, first = test_value, int(out[0]), int(out[0])  # this move reaches ``lower``
        else:
            upper = test_value
    if best_sq == NO_MOVE:  # no move beats the worst margin: every move (or the pass) reaches it
        best_sq = int(out[0])
    out[0], out[1] = best_sq, lower
    return True


@njit(cache=True, nogil=True)
def solve_root_window(me, opp, alpha, beta, first, ply, geo, square_value, keys, data, sqs, fls, ctl, out, pat,
                      weights):
    """``solve_root`` as one principal-variation search in the window (alpha, beta)."""
    moves = move_mask(me, opp, geo)
    if moves == U0:
        v = -solve(opp, me, -beta, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls, ctl, pat, weights)
        out[0], out[1] = PASS, v
        return not ctl[CTL_STOP]
    empty = geo[G_FULL] & ~(me | opp)
    count = order_fastest_first(me, opp, moves, first, empty, ply, 0, geo, square_value, sqs, fls, pat, weights)
    best, best_sq = -INF, sqs[ply, 0, 0]
    for i in range(count):
        sq, f = sqs[ply, 0, i], fls[ply, i]
        child_me, child_opp = opp ^ f, me | f | bit(sq)
        if i == 0:
            v = -solve(child_me, child_opp, -beta, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls, ctl, pat, weights)
        else:
            v = -solve(child_me, child_opp, -alpha - 1, -alpha, ply + 1, geo, square_value, keys, data, sqs, fls,
                       ctl, pat, weights)
            if v > alpha and not ctl[CTL_STOP]:
                v = -solve(child_me, child_opp, -beta, -v, ply + 1, geo, square_value, keys, data, sqs, fls, ctl, pat, weights)
        if ctl[CTL_STOP]:
            return False
        if v > best:
            best, best_sq = v, sq
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    out[0], out[1] = best_sq, best
    return True


