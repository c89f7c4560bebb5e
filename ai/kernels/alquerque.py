"""Alquerque kernels: move generation with capture chains, the evaluation and the alpha-beta search.

A position is ``(white, black, side)``: two 25-bit bitboards (point ``p = row * 5 + column``, as in
games/alquerque.py) and the side to move (0 White, 1 Black).  ``position_code`` packs them into one
int64 (``white | black << 25 | side << 50``): an exact key for the transposition table and the
repetition checks, no hash collisions possible.

A move is one int64: ``from | to << 5 | captured << 10`` (``captured`` = bitboard of the jumped
enemy pieces; a step has none).  games/alquerque.py writes a chain as its list of landing points;
two chains that jump the same pieces from the same point to the same point lead to the same
position, so the search does not need the path (the player maps the answer back to the game's
move with ``encode``).

- ``generate``: every legal move (captures, chains and, unless compulsory, their prefixes, then
  steps), for every rule option games/alquerque.py has; ``has_move``: whether there is one.
- ``make_move`` / ``unmake_move``: a move and its inverse on the two bitboards; ``ending``: the
  game's end for the side to move (lost, drawn by a rule, repeated once, still playing).
- ``evaluate``: ``Tactics.evaluate`` of ai/engines/alquerque.py, term for term, with its weights;
  it takes the 40-ply counter (``hurried``), and a draw by that rule is worth ``counter_draw``.
- ``search_root`` / ``negamax`` / ``quiesce``: principal-variation alpha-beta with a transposition
  table in numpy arrays, killer and history move ordering, captures settled in quiescence, the
  draw rules (third occurrence, 40 plies without a capture) and a position seen before scored as
  a draw inside the tree, all valued by the engine's ``draw_value`` (contempt); with the endgame
  tables, a proven win or loss ends a branch, and so does a drawn ending when the weight
  ``settle_table_draws`` is set (its value: the draw, bounded by the evaluation).  A table entry
  is for a position and its ``trail`` (the positions since the last irreversible move, which
  decide repetitions); the 40-ply counter must match too when a search could reach the rule or
  the plies where ``hurry`` weighs.
- ``move_values``: every root move's value, each with a given window (level-5's trap-setting asks
  which moves are within a margin of the best and which replies lose material).

games/alquerque.py stays the rules reference; tests/test_alquerque_kernel.py holds these kernels
to it and to the pure-Python search they replaced.  The kernels count their nodes in
``ctl[CTL_NODES]`` and unwind when the driver sets ``ctl[CTL_STOP]`` or ``ctl[CTL_MAX_NODES]`` is
reached.
"""

from __future__ import annotations

from collections import namedtuple
from functools import lru_cache

import numpy as np

from ai.base import LENGTH_KNOWN, PROVEN, WIN
from ai.kernel_compile import mends_the_cache, njit
from ai.kernels import alquerque_tables as tables  # by module: it imports this one back
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP, new_ctl
from games.alquerque import DRAW_PLIES, FORWARD, PIECES, POINTS, SIZE, Alquerque, Move, is_step

FULL = (1 << POINTS) - 1
HOME_ROW = np.array([(1 << SIZE) - 1, ((1 << SIZE) - 1) << (POINTS - SIZE)], np.int64)  # rows 1, 5
CORNERS = 1 | 1 << (SIZE - 1) | 1 << (POINTS - SIZE) | 1 << (POINTS - 1)
HOME_CORNERS = HOME_ROW & CORNERS
MAX_JUMPS = 8  # lines leaving a point
MAX_MOVES = 2048  # distinct moves per position; ``generate`` never writes more
MAX_PLY = 128  # search depth plus quiescence
MAX_DEPTH = MAX_PLY - 24  # deepest iteration
HISTORY_SLOTS = 64  # earlier positions since the last irreversible move (at most 40: the draw rule)
QUIESCENCE_DEPTH = 8
POLL_MASK = 1023  # look at the control block every 1024 nodes
SOLVED_DEPTH = 1 << 30  # depth stored for subtrees searched to the end of the game everywhere
EXACT, LOWER, UPPER = 0, 1, 2
ORDER_QUIET, ORDER_KILLER, ORDER_CAPTURE, ORDER_TT = 1, 2, 3, 4  # move-ordering classes, last tried first
REDUCE_FROM_DEPTH = 3  # late-move reductions: only at this remaining depth or more,
REDUCE_AFTER = 3  # after this many moves have been searched in full,
PLAYING, LOST, DRAWN, REPEATED = 0, 1, 2, 3  # ``ending``: the game for the side to move
TT_BITS = 20
TABLE_WIN = WIN - LENGTH_KNOWN  # a win the endgame tables prove, less the plies to it and to the conversion

# the evaluation weights, in this order (attribute names of ai.engines.alquerque.Tactics)
WEIGHTS = (
    "material", "threatened", "target", "safe", "passed_idle", "mobility", "advance", "guard",
    "last_guard", "contempt", "ambition", "squeeze", "squeeze_below", "trade", "bounded",
    "settle_table_draws", "keep_lead", "hurry", "press", "reduce",
)
(W_MATERIAL, W_THREATENED, W_TARGET, W_SAFE, W_PASSED_IDLE, W_MOBILITY, W_ADVANCE, W_GUARD,
 W_LAST_GUARD, W_CONTEMPT, W_AMBITION, W_SQUEEZE, W_SQUEEZE_BELOW, W_TRADE, W_BOUNDED,
 W_SETTLE_TABLE_DRAWS, W_KEEP_LEAD, W_HURRY, W_PRESS, W_REDUCE) = range(len(WEIGHTS))

# the rule tables: one int64 row per (side, point), at ``side * POINTS + point``, with these columns
R_STEPS, R_JUMPS, R_REACH, R_ADVANCED, R_OVER, R_LAND = 0, 1, 2, 3, 4, 4 + MAX_JUMPS
R_COLUMNS = 4 + 2 * MAX_JUMPS
R_OPTIONS = 2 * POINTS  # the last row: [compulsory capture, captures in any direction]
R_COMPULSORY, R_ANY_DIRECTION = 0, 1

# the transposition table: one float64 row per slot (codes and moves are exact in a float64)
TT_CODE, TT_TRAIL, TT_VALUE, TT_MOVE, TT_INFO = range(5)  # TT_INFO: depth * 1024 + quiet plies * 4 + flag
TT_COLUMNS = 5
TRAIL_MASK = (1 << 52) - 1  # trails are kept exact in a float64

# ``misc`` cells: statistics, then killers (2 per ply), history (per from, to), the positions
# since the last irreversible move (``seen``: the game's history first, then the tree's path)
S_NODES, S_HORIZON, S_ABORT, S_BASE = range(4)
M_KILLERS = 8
M_HISTORY = M_KILLERS + 2 * MAX_PLY
M_SEEN = M_HISTORY + POINTS * POINTS
M_SIZE = M_SEEN + HISTORY_SLOTS + MAX_PLY

Context = namedtuple("Context", "tt lists misc")
"""A search's memory, kept between the moves of a game: the transposition table ``tt``, the move
lists (row ``2 * ply``: the moves of that ply, row ``2 * ply + 1``: their ordering keys) and
``misc``.  Kernels take these few arrays one by one: every array argument of a numba call costs
reference counting, and the search makes millions of calls."""


@lru_cache(maxsize=4)
def rules(any_direction_captures: bool = False, compulsory_capture: bool = False) -> np.ndarray:
    """The kernel table of a rule variant, built from games/alquerque.py's own tables: per side
    and point the points a step may go to, the jumps allowed (jumped point, landing point), the
    points it could jump over and the rows it has come forward; then the options as 0/1."""
    game = Alquerque(any_direction_captures=any_direction_captures, compulsory_capture=compulsory_capture)
    r = np.zeros((2 * POINTS + 1, R_COLUMNS), np.int64)
    for side in (0, 1):
        for p in range(POINTS):
            row = r[side * POINTS + p]
            row[R_STEPS] = sum(1 << q for q in game.step_targets[side][p])
            jumps = game.jumps[side][p]
            row[R_JUMPS] = len(jumps)
            for k, (over, land) in enumerate(jumps):
                row[R_OVER + k], row[R_LAND + k] = over, land
            row[R_REACH] = game.jump_reach[side][p]
            rank = p // SIZE
            row[R_ADVANCED] = rank if FORWARD[side] > 0 else SIZE - 1 - rank
    r[R_OPTIONS, R_COMPULSORY] = int(compulsory_capture)
    r[R_OPTIONS, R_ANY_DIRECTION] = int(any_direction_captures)
    r.setflags(write=False)
    return r


def rules_of(game: Alquerque) -> np.ndarray:
    return rules(game.any_direction_captures, game.compulsory_capture)


def new_context(tt_bits: int = TT_BITS) -> Context:
    """Fresh tables, their memory written now (``np.full``), so that the first search does not pay
    the page faults of a 40 MB table."""
    return Context(np.full((1 << tt_bits, TT_COLUMNS), 0.0), np.full((2 * MAX_PLY, MAX_MOVES), 0, np.int64),
                   np.zeros(M_SIZE, np.int64))


def encode(move: Move) -> int:
    """The kernel's int64 for a move of games/alquerque.py (a tuple of points)."""
    captured = 0 if is_step(move) else sum(1 << ((a + b) // 2) for a, b in zip(move, move[1:]))
    return move[0] | move[-1] << 5 | captured << 10


# -- bits ----------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(cache=True, nogil=True)
def lowest_point(bits):
    """Index of the lowest set bit (``bits`` non-zero)."""
    return popcount((bits & -bits) - 1)


@njit(cache=True, nogil=True)
def highest_point(bits):
    """Index of the highest set bit (``bits`` non-zero)."""
    p = POINTS - 1
    while not (bits >> p) & 1:
        p -= 1
    return p


@njit(cache=True, nogil=True)
def position_code(white, black, side):
    return white | black << 25 | side << 50


# -- moves ---------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def move_from(move):
    return move & 31


@njit(cache=True, nogil=True)
def move_to(move):
    return (move >> 5) & 31


@njit(cache=True, nogil=True)
def move_captured(move):
    return move >> 10


@njit(cache=True, nogil=True)
def add_capture(moves, row, n, move):
    """Append the capture ``move`` to ``moves[row]`` unless an earlier chain already listed it:
    with captures in any direction, paths through the same pieces in another order land on the
    same point, and one position can hold thousands of such paths (the search needs each
    resulting position once).  A full row takes nothing more.  Returns the new count."""
    for i in range(n):
        if moves[row, i] == move:
            return n
    if n == moves.shape[1]:
        return n
    moves[row, n] = move
    return n + 1


@njit(cache=True, nogil=True)
def can_jump(r, side, at, occupied, enemy):
    """Whether the piece on ``at`` can jump an ``enemy`` piece onto a point not ``occupied``."""
    at_row = side * POINTS + at
    for k in range(r[at_row, R_JUMPS]):
        if (enemy >> r[at_row, R_OVER + k]) & 1 and not (occupied >> r[at_row, R_LAND + k]) & 1:
            return True
    return False


@njit(cache=True, nogil=True)
def chains(r, side, start, at, own, enemy, captured, moves, row, n):
    """Append to ``moves[row]`` the capture sequences that continue from ``at`` (the piece from
    ``start`` is lifted from ``own``; ``captured`` already jumped): each chain before its
    continuations, and only the complete chains when captures are compulsory; each resulting
    position once (``add_capture``).  Returns the new move count."""
    occupied = own | enemy
    at_row = side * POINTS + at
    compulsory = r[R_OPTIONS, R_COMPULSORY]
    for k in range(r[at_row, R_JUMPS]):
        over = r[at_row, R_OVER + k]
        land = r[at_row, R_LAND + k]
        if (enemy >> over) & 1 and not (occupied >> land) & 1:
            took = captured | (1 << over)
            left = enemy & ~(1 << over)
            if compulsory and can_jump(r, side, land, own | left, left):
                n = chains(r, side, start, land, own, left, took, moves, row, n)
            else:
                n = add_capture(moves, row, n, start | land << 5 | took << 10)
                if not compulsory:
                    n = chains(r, side, start, land, own, left, took, moves, row, n)
    return n


@njit(cache=True, nogil=True)
def generate(r, own, enemy, side, moves, row, captures_only):
    """Write the legal moves of ``side`` (pieces ``own``, opponent ``enemy``) into ``moves[row]``:
    captures first, then steps (none when captures are compulsory and there is one, or when
    ``captures_only``).  Returns how many."""
    n = np.int64(0)  # not a literal 0: numba would compile (and cache) chains once more for it
    bits = own
    while bits:
        low = bits & -bits
        bits ^= low
        p = popcount(low - 1)
        if enemy & r[side * POINTS + p, R_REACH]:
            n = chains(r, side, p, p, own ^ low, enemy, np.int64(0), moves, row, n)
    if captures_only or (n > 0 and r[R_OPTIONS, R_COMPULSORY]):
        return n
    empty = ~(own | enemy) & FULL
    bits = own
    while bits:
        low = bits & -bits
        bits ^= low
        p = popcount(low - 1)
        targets = r[side * POINTS + p, R_STEPS] & empty
        while targets and n < moves.shape[1]:
            t = targets & -targets
            targets ^= t
            moves[row, n] = p | popcount(t - 1) << 5
            n += 1
    return n


@njit(cache=True, nogil=True)
def has_move(r, own, enemy, side):
    """Whether ``side`` has a legal move (a step or a first jump)."""
    occupied = own | enemy
    bits = own
    while bits:
        low = bits & -bits
        bits ^= low
        p = popcount(low - 1)
        at_row = side * POINTS + p
        if r[at_row, R_STEPS] & ~occupied & FULL:
            return True
        if enemy & r[at_row, R_REACH] and can_jump(r, side, p, occupied, enemy):
            return True
    return False


@njit(cache=True, nogil=True)
def make_move(white, black, side, move):
    """The bitboards after ``side`` plays ``move``."""
    lift, put, captured = 1 << move_from(move), 1 << move_to(move), move_captured(move)
    if side == 0:
        return (white & ~lift) | put, black & ~captured
    return white & ~captured, (black & ~lift) | put


@njit(cache=True, nogil=True)
def unmake_move(white, black, side, move):
    """The bitboards before ``side`` played ``move`` (the inverse of ``make_move``)."""
    lift, put, captured = 1 << move_from(move), 1 << move_to(move), move_captured(move)
    if side == 0:
        return (white & ~put) | lift, black | captured
    return white | captured, (black & ~put) | lift


@njit(cache=True, nogil=True)
def is_sideways_step(move):
    """A step along a row: the only move after which an earlier position can occur again."""
    return move_captured(move) == 0 and move_from(move) // SIZE == move_to(move) // SIZE


# -- evaluation ----------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def passed(r, side, own, enemy):
    """Pieces of ``side`` beyond every enemy piece (none when captures may go backwards)."""
    if r[R_OPTIONS, R_ANY_DIRECTION] or enemy == 0:
        return 0
    if side == 0:  # Black pieces come down: they reach rows <= their highest row
        shift = (highest_point(enemy) // SIZE + 1) * SIZE
        return (own >> shift) << shift
    lowest = lowest_point(enemy) // SIZE  # White pieces go up: they reach rows >= their lowest
    return own & ((1 << (lowest * SIZE)) - 1)


@njit(cache=True, nogil=True)
def counter_draw(w, white, black, root):
    """The engine's value of a draw by the 40-ply rule: with ``keep_lead`` set and a lead of L, what
    a lead of L - 1 is worth (material and trade terms) plus ``keep_lead``, so that the search never
    gives a piece back to reset the counter; else the contempt of ``draw_value``."""
    mine = white if root == 0 else black
    theirs = black if root == 0 else white
    lead = popcount(mine) - popcount(theirs)
    value = -w[W_AMBITION] - w[W_CONTEMPT] * max(lead, 0)
    if w[W_KEEP_LEAD] > 0 and lead > 0:
        off = 2 * PIECES + 1 - popcount(white | black)  # pieces off the board once one more is given
        value = max(value, (lead - 1) * (w[W_MATERIAL] + w[W_TRADE] * off) + w[W_KEEP_LEAD])
    return value


@njit(cache=True, nogil=True)
def draw_value(w, white, black, side, root, quiet):
    """A drawn end's value for the side to move: it costs the engine's side (``root``)
    ``ambition`` plus ``contempt`` per piece of its material lead; a draw by the 40-ply rule
    (``quiet`` at the limit) is worth ``counter_draw``."""
    if quiet >= DRAW_PLIES:
        value = counter_draw(w, white, black, root)
    else:
        mine = white if root == 0 else black
        theirs = black if root == 0 else white
        value = -w[W_AMBITION] - w[W_CONTEMPT] * max(popcount(mine) - popcount(theirs), 0)
    return value if side == root else -value


@njit(cache=True, nogil=True)
def evaluate(r, w, white, black, side, root, quiet):
    """``Tactics.evaluate``: the static value of a position for the side to move."""
    empty = ~(white | black) & FULL
    count0, count1 = popcount(white), popcount(black)
    score = 0.0
    attacked0 = attacked1 = 0  # pieces of White / Black the other side could jump now
    passed0 = passed1 = 0
    for s in range(2):
        own = white if s == 0 else black
        enemy = black if s == 0 else white
        mine = count0 if s == 0 else count1
        theirs = count1 if s == 0 else count0
        moves = advance = jumps_now = threats = 0
        bits = own
        while bits:
            low = bits & -bits
            bits ^= low
            at_row = s * POINTS + popcount(low - 1)
            moves += popcount(r[at_row, R_STEPS] & empty)
            advance += r[at_row, R_ADVANCED]
            if enemy & r[at_row, R_REACH]:
                for k in range(r[at_row, R_JUMPS]):
                    over = r[at_row, R_OVER + k]
                    if (enemy >> over) & 1 and (empty >> r[at_row, R_LAND + k]) & 1:
                        threats |= 1 << over
                        jumps_now += 1
        gone_by = passed(r, s, own, enemy)
        if s == 0:
            attacked1, passed0 = threats, gone_by
        else:
            attacked0, passed1 = threats, gone_by
        push = w[W_ADVANCE] + (w[W_PRESS] if mine - theirs >= 2 else 0.0)
        value = w[W_MATERIAL] * mine + w[W_MOBILITY] * moves + push * advance
        safe = own & HOME_CORNERS[s]
        if mine >= theirs:  # not behind: a passed piece can take nothing more
            value += w[W_PASSED_IDLE] * popcount(gone_by)
        else:
            safe |= gone_by
        value += w[W_SAFE] * popcount(safe)
        guards = popcount(own & HOME_ROW[s])
        value += w[W_GUARD] * guards + (w[W_LAST_GUARD] if guards else 0.0)
        short = w[W_SQUEEZE_BELOW] - moves - jumps_now
        if short > 0 and w[W_SQUEEZE]:
            value -= w[W_SQUEEZE] * short * short
        score += value if s == side else -value
    my_attacked = attacked0 if side == 0 else attacked1
    their_attacked = attacked1 if side == 0 else attacked0
    score -= w[W_THREATENED] * popcount(my_attacked)
    score += w[W_TARGET] * popcount(their_attacked)
    lead = count0 - count1 if side == 0 else count1 - count0
    score += w[W_TRADE] * lead * (24 - count0 - count1)
    if passed0 or passed1:
        # a side with a passed piece cannot lose: its opponent's value is at most a draw
        draw = draw_value(w, white, black, side, root, quiet)
        mine_passed = passed0 if side == 0 else passed1
        theirs_passed = passed1 if side == 0 else passed0
        if (mine_passed and theirs_passed) or (theirs_passed and score > draw) or (mine_passed and score < draw):
            return draw + w[W_BOUNDED] * (score - draw)
    if w[W_HURRY] > 0 and quiet > w[W_HURRY]:
        return hurried(w, white, black, side, root, quiet, score)
    return score


@njit(cache=True, nogil=True)
def hurried(w, white, black, side, root, quiet, score):
    """While the engine leads, a value drawn towards ``counter_draw`` as the 40-ply counter runs from
    ``hurry`` to the limit: the side ahead makes its progress (a trade, an advance that forces a
    capture) long before the search sees the draw."""
    mine = white if root == 0 else black
    theirs = black if root == 0 else white
    if popcount(mine) <= popcount(theirs):
        return score
    draw = counter_draw(w, white, black, root)
    if side != root:
        draw = -draw
    left = (DRAW_PLIES - quiet) / (DRAW_PLIES - w[W_HURRY])
    return draw + (score - draw) * left


# -- search --------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def to_tt(value, ply):
    """Proven scores are stored relative to the node, so they stay right at another ply."""
    if value >= PROVEN:
        return value + ply
    if value <= -PROVEN:
        return value - ply
    return value


@njit(cache=True, nogil=True)
def from_tt(value, ply):
    if value >= PROVEN:
        return value - ply
    if value <= -PROVEN:
        return value + ply
    return value


@njit(cache=True, nogil=True)
def count_node(misc, ctl):
    """Count a node; every 1024 nodes, look at the stop flag and the node budget.  True: unwind."""
    misc[S_NODES] += 1
    if (misc[S_NODES] & POLL_MASK) == 0:
        budget = ctl[CTL_MAX_NODES]
        if ctl[CTL_STOP] != 0 or (budget > 0 and ctl[CTL_NODES] + misc[S_NODES] >= budget):
            misc[S_ABORT] = 1
    return misc[S_ABORT] != 0


@njit(cache=True, nogil=True)
def order_moves(lists, misc, ply, n, tt_move):
    """Ordering keys, highest first: the table's move, captures (longer chains first), killers,
    then the other steps by history; among equals the generation order.  The classes are
    ``ORDER_*``: late moves of class ``ORDER_QUIET`` are the ones the search may reduce."""
    row = 2 * ply
    killer0, killer1 = misc[M_KILLERS + 2 * ply], misc[M_KILLERS + 2 * ply + 1]
    for i in range(n):
        m = lists[row, i]
        jumps = popcount(move_captured(m))
        hist = 0
        if m == tt_move:
            cls = ORDER_TT
        elif jumps > 0:
            cls = ORDER_CAPTURE
        elif m in (killer0, killer1):
            cls = ORDER_KILLER
        else:
            cls, hist = ORDER_QUIET, min(misc[M_HISTORY + move_from(m) * POINTS + move_to(m)], (1 << 40) - 1)
        lists[row + 1, i] = cls << 58 | hist << 16 | jumps << 11 | (2047 - i)


@njit(cache=True, nogil=True)
def pick(lists, ply, i, n):
    """Selection sort step: bring the best remaining move of the ply to index ``i``; return it."""
    row = 2 * ply
    best = i
    for j in range(i + 1, n):
        if lists[row + 1, j] > lists[row + 1, best]:
            best = j
    if best != i:
        lists[row, i], lists[row, best] = lists[row, best], lists[row, i]
        lists[row + 1, i], lists[row + 1, best] = lists[row + 1, best], lists[row + 1, i]
    return lists[row, i]


@njit(cache=True, nogil=True)
def reward(misc, move, ply, depth):
    """A move that cut off: raise its history, make it the ply's first killer."""
    misc[M_HISTORY + move_from(move) * POINTS + move_to(move)] += depth * depth
    k = M_KILLERS + 2 * ply
    if misc[k] != move and misc[k + 1] != move:
        misc[k + 1] = misc[k]
        misc[k] = move


@njit(cache=True, nogil=True)
def quiesce(r, w, lists, misc, ctl, white, black, side, alpha, beta, ply, stand, qdepth, root):
    # (every child here follows a capture: its 40-ply counter is 0)
    """Stand pat or play out the captures, longest chains first, to a quiet position."""
    if stand >= beta or qdepth >= QUIESCENCE_DEPTH:
        return stand
    alpha = max(alpha, stand)
    best = stand
    own = white if side == 0 else black
    enemy = black if side == 0 else white
    n = generate(r, own, enemy, side, lists, 2 * ply, True)
    for i in range(n):
        lists[2 * ply + 1, i] = popcount(move_captured(lists[2 * ply, i])) << 11 | (2047 - i)
    for i in range(n):
        move = pick(lists, ply, i, n)
        if count_node(misc, ctl):
            return 0.0
        cw, cb = make_move(white, black, side, move)
        child_own = cw if side == 1 else cb
        child_enemy = cb if side == 1 else cw
        if child_own == 0 or not has_move(r, child_own, child_enemy, 1 - side):
            value = WIN - (ply + 1)  # the opponent has lost
        else:
            stand_child = evaluate(r, w, cw, cb, 1 - side, root, np.int64(0))
            value = -quiesce(r, w, lists, misc, ctl, cw, cb, 1 - side, -beta, -alpha, ply + 1, stand_child,
                             qdepth + 1, root)
            if misc[S_ABORT]:
                return 0.0
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


@njit(cache=True, nogil=True)
def ending(r, misc, white, black, side, quiet, irrev, here):
    """How the game stands for the side to move, by the rules' order: LOST (no pieces, or no
    legal move), DRAWN (the position's third occurrence, or 40 plies without a capture), else
    REPEATED (it occurred once before: the search scores that as a draw too) or PLAYING.
    Records the position at ``seen[here]``; ``seen[irrev:here]`` are the positions since the last
    irreversible move."""
    own = white if side == 0 else black
    enemy = black if side == 0 else white
    if own == 0 or not has_move(r, own, enemy, side):
        return LOST
    code = position_code(white, black, side)
    misc[M_SEEN + here] = code
    times = 0
    for i in range(M_SEEN + irrev, M_SEEN + here):
        if misc[i] == code:
            times += 1
    if times >= 2 or quiet >= DRAW_PLIES:
        return DRAWN
    return REPEATED if times == 1 else PLAYING


@njit(cache=True, nogil=True)
def tt_slot(tt, code):
    """Transposition-table slot of a position code (a multiplicative hash)."""
    h = code * -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64
    return (h ^ (h >> 29)) & (tt.shape[0] - 1)


@njit(cache=True, nogil=True)
def trail(misc, irrev, here):
    """A hash of the positions since the last irreversible move (order aside): the search scores
    a repeated position as a draw, so a value found after one history must not be reused after
    another (the table's entries are for a position and its trail, as the old search's keys were)."""
    total = 0
    for i in range(M_SEEN + irrev, M_SEEN + here):
        h = misc[i] * -7046029254386353131
        total += h ^ (h >> 31)
    return total & TRAIL_MASK


@njit(cache=True, nogil=True)
def tt_store(tt, s, code, path, value, move, depth, quiet, flag):
    tt[s, TT_CODE] = code
    tt[s, TT_TRAIL] = path
    tt[s, TT_VALUE] = value
    tt[s, TT_MOVE] = move
    tt[s, TT_INFO] = depth * 1024 + quiet * 4 + flag


@njit(cache=True, nogil=True)
def negamax(r, w, tt, lists, misc, ctl, blob, offsets, white, black, side, quiet, irrev, depth, alpha, beta, ply, root):
    """Principal-variation alpha-beta below the root; ``irrev`` is the index in ``seen`` of the
    first position since the last irreversible move (a capture or a step that is not sideways)."""
    if count_node(misc, ctl):
        return 0.0
    here = misc[S_BASE] + ply
    state = ending(r, misc, white, black, side, quiet, irrev, here)
    if state == LOST:
        return -(WIN - ply)
    if state == REPEATED:  # a draw only if the players repeat it again: no proof
        misc[S_HORIZON] += 1
    if state != PLAYING:
        return draw_value(w, white, black, side, root, quiet)
    # the endgame tables: a proven win or loss (its plies to the next capture as a tie-break);
    # their draws are searched on, so the engine still plays for the opponent's mistakes
    known, plies = tables.probe_kernel(blob, offsets, white, black, side, quiet)
    if known == 1:
        return TABLE_WIN - ply - plies
    if known == -1:
        return -(TABLE_WIN - ply - plies)
    if known == 0 and w[W_SETTLE_TABLE_DRAWS]:  # a drawn ending: worth a draw, ranked a little by the evaluation
        draw = draw_value(w, white, black, side, root, quiet)
        return draw + w[W_BOUNDED] * (evaluate(r, w, white, black, side, root, quiet) - draw)
    own = white if side == 0 else black
    enemy = black if side == 0 else white
    code = position_code(white, black, side)
    # a win found at this ply cannot beat a shorter one: mate-distance pruning
    alpha = max(alpha, -(WIN - ply))
    beta = min(beta, WIN - ply - 1)
    if alpha >= beta:
        return alpha
    s = tt_slot(tt, code)
    path = trail(misc, irrev, here) if irrev < here else 0
    tt_move = 0
    if tt[s, TT_CODE] == code:
        tt_move = np.int64(tt[s, TT_MOVE])  # a good first try whatever the trail
    if tt[s, TT_CODE] == code and tt[s, TT_TRAIL] == path:
        info = np.int64(tt[s, TT_INFO])
        e_depth, e_quiet, flag = info >> 10, (info >> 2) & 255, info & 3
        # the counter of the 40-ply rule matters only if a search could reach the rule, or the
        # plies where ``hurry`` starts to weigh (with endgame tables any subtree may probe them,
        # and their values depend on the counter)
        reach = DRAW_PLIES if w[W_HURRY] <= 0 else min(DRAW_PLIES, w[W_HURRY] + 1)
        same_count = e_quiet == quiet or (
            blob.size == 0 and max(e_quiet, quiet) + min(e_depth, DRAW_PLIES) < reach)
        if e_depth >= depth and same_count:
            value = from_tt(tt[s, TT_VALUE], ply)
            if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                if e_depth < SOLVED_DEPTH:
                    misc[S_HORIZON] += 1
                return value
    if depth <= 0:
        misc[S_HORIZON] += 1
        stand = evaluate(r, w, white, black, side, root, quiet)
        return quiesce(r, w, lists, misc, ctl, white, black, side, alpha, beta, ply, stand, np.int64(0), root)
    alpha0 = alpha
    hits_before = misc[S_HORIZON]
    best, best_move = -WIN - 1.0, 0
    n = generate(r, own, enemy, side, lists, 2 * ply, False)
    order_moves(lists, misc, ply, n, tt_move)
    for i in range(n):
        move = pick(lists, ply, i, n)
        cw, cb, child_quiet, child_irrev = child_of(white, black, side, move, quiet, irrev, here)
        if i == 0:
            value = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev, depth - 1,
                             -beta, -alpha, ply + 1, root)
        else:  # prove the move is worse with a null window; search again if it is not
            value = alpha + 1.0
            cut = reduction(w, lists, ply, i, depth)
            if cut > 0:  # a late quiet step: first a shallower look
                value = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev,
                                 depth - 1 - cut, -alpha - 1, -alpha, ply + 1, root)
            if value > alpha and not misc[S_ABORT]:
                value = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev,
                                 depth - 1, -alpha - 1, -alpha, ply + 1, root)
            if alpha < value < beta and not misc[S_ABORT]:
                value = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev, depth - 1,
                                 -beta, -value, ply + 1, root)
        if misc[S_ABORT]:
            return 0.0
        if value > best:
            best, best_move = value, move
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    reward(misc, move, ply, depth)
                    break
    flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
    solved = misc[S_HORIZON] == hits_before
    tt_store(tt, s, code, path, to_tt(best, ply), best_move, SOLVED_DEPTH if solved else depth, quiet, flag)
    return best


@njit(cache=True, nogil=True)
def reduction(w, lists, ply, i, depth):
    """Late-move reductions (weight ``reduce`` > 0): the plies cut from the null-window look at
    the ``i``-th move of a node, 0 for the first moves, captures, killers and the table's move.
    Steps ordered late rarely cut off, so a shallower search that confirms they fail low saves
    most of their subtree; one that does not is searched again at full depth."""
    if w[W_REDUCE] <= 0 or depth < REDUCE_FROM_DEPTH or i < REDUCE_AFTER or (lists[2 * ply + 1, i] >> 58) != ORDER_QUIET:
        return 0
    cut = np.int64(w[W_REDUCE])
    if i >= 2 * REDUCE_AFTER + 2 and depth >= REDUCE_FROM_DEPTH + 2:
        cut += 1
    return min(cut, depth - 2)


@njit(cache=True, nogil=True)
def start_root(misc, white, black, side):
    """A root search's fresh counters and killers; returns (own pieces, enemy pieces, the root's
    index in the game history ``seen``)."""
    misc[S_NODES] = 0
    misc[S_HORIZON] = 0
    misc[S_ABORT] = 0
    misc[M_KILLERS:M_HISTORY] = 0
    own = white if side == 0 else black
    enemy = black if side == 0 else white
    return own, enemy, misc[S_BASE]


@njit(cache=True, nogil=True)
def child_of(white, black, side, move, quiet, irrev, here):
    """The position after ``move`` with its counters: (white, black, quiet plies (0 after a
    capture), the index in ``seen`` of the first position since the last irreversible move
    (``irrev`` still after a sideways step, the child's own ``here + 1`` after anything else))."""
    cw, cb = make_move(white, black, side, move)
    child_quiet = 0 if move_captured(move) != 0 else quiet + 1
    child_irrev = irrev if is_sideways_step(move) else here + 1
    return cw, cb, child_quiet, child_irrev


@njit(cache=True, nogil=True)
def search_root(r, w, tt, lists, misc, ctl, blob, offsets, white, black, side, quiet, depth, noise):
    """One iteration at ``depth`` from the root (its game history: ``seen[:misc[S_BASE]]``).

    Returns (best move, its value, finished): the best move is 0 when the stop flag cut the
    iteration off before its first move was searched; ``noise[i]`` is added to the i-th root move
    searched (randomness of the weaker levels) to choose it, but the value returned and stored is
    the chosen move's own, so the panel and the table never see the noise.  A move after the first
    is searched with a null window at the best noisy value less its own noise: a fail-low value is
    only a bound, and adding noise to a bound would let a move of any lower value through.  Adds
    the nodes to ``ctl[CTL_NODES]``."""
    own, enemy, here = start_root(misc, white, black, side)
    code = position_code(white, black, side)
    misc[M_SEEN + here] = code
    s = tt_slot(tt, code)
    tt_move = np.int64(tt[s, TT_MOVE]) if tt[s, TT_CODE] == code else 0
    n = generate(r, own, enemy, side, lists, 0, False)
    order_moves(lists, misc, 0, n, tt_move)
    alpha, beta = -WIN - 1.0, WIN + 1.0
    best, best_move, best_own = -WIN - 1.0, 0, -WIN - 1.0
    finished = True
    ply = np.int64(1)  # not a literal 1: see generate
    for i in range(n):
        move = pick(lists, 0, i, n)
        cw, cb, child_quiet, child_irrev = child_of(white, black, side, move, quiet, 0, here)
        if i == 0:
            value = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev, depth - 1,
                             -beta, -alpha, ply, side)
        else:  # the move is chosen only if its value plus its noise beats the best so far
            floor = best - noise[i]
            value = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev, depth - 1,
                             -floor - 1, -floor, ply, side)
            if floor < value < beta and not misc[S_ABORT]:
                value = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev, depth - 1,
                                 -beta, -value, ply, side)
        if misc[S_ABORT]:
            finished = False
            break
        if value + noise[i] > best:  # a new best was searched with an open window: its value is exact
            best, best_move, best_own = value + noise[i], move, value
    if finished:
        tt_store(tt, s, code, trail(misc, 0, here), to_tt(best_own, 0), best_move, depth, quiet, EXACT)
    ctl[CTL_NODES] += misc[S_NODES]
    return best_move, best_own, finished


@njit(cache=True, nogil=True)
def move_values(r, w, tt, lists, misc, ctl, blob, offsets, white, black, side, quiet, depth, root, alpha, beta,
                select, codes, values):
    """The value of each legal move of the position (history: ``seen[:misc[S_BASE]]``, as for
    ``search_root``), each searched to ``depth`` with the window (``alpha``, ``beta``) for the side
    to move; the draw values are the engine's side ``root``'s.  The moves come in generation order
    into ``codes``, their values into ``values`` (a bound when outside the window; NaN for a move
    with ``select[i] == 0``, not searched; ``select`` is read only if ``select[0] >= 0``).
    Returns the number of moves, or -1 when the stop flag or the node budget cut the search off.
    The trap-setting of ai/engines/alquerque.py asks it "is this move within a margin of the
    best" and "does this reply lose material", with a null window."""
    own, enemy, here = start_root(misc, white, black, side)
    misc[M_SEEN + here] = position_code(white, black, side)
    n = generate(r, own, enemy, side, lists, 0, False)
    for i in range(n):
        codes[i] = lists[0, i]
    ply = np.int64(1)  # not a literal 1: see generate
    for i in range(n):
        values[i] = np.nan
        if select[0] >= 0 and select[i] == 0:
            continue
        move = codes[i]
        cw, cb, child_quiet, child_irrev = child_of(white, black, side, move, quiet, 0, here)
        values[i] = -negamax(r, w, tt, lists, misc, ctl, blob, offsets, cw, cb, 1 - side, child_quiet, child_irrev,
                             depth - 1, -beta, -alpha, ply, root)
        if misc[S_ABORT]:
            ctl[CTL_NODES] += misc[S_NODES]
            return -1
    ctl[CTL_NODES] += misc[S_NODES]
    return n


@njit(cache=True, nogil=True)
def table_move(tt, code):
    """The transposition table's best move for a position code (0 if it holds none)."""
    s = tt_slot(tt, code)
    return np.int64(tt[s, TT_MOVE]) if tt[s, TT_CODE] == code else 0


@njit(cache=True, nogil=True)
def perft(r, white, black, side, depth, lists):
    """Leaf count of the move tree to ``depth`` (pieces and moves only: no draw rules)."""
    if depth == 0:
        return 1
    own = white if side == 0 else black
    enemy = black if side == 0 else white
    n = generate(r, own, enemy, side, lists, depth, False)
    if depth == 1:
        return n
    total = 0
    for i in range(n):
        cw, cb = make_move(white, black, side, lists[depth, i])
        total += perft(r, cw, cb, 1 - side, depth - 1, lists)
    return total


def search_root_of(r: np.ndarray, w: np.ndarray, context: Context, ctl: np.ndarray, state, depth: int,
                   noise: np.ndarray, endgame: tables.Tables | None = None) -> tuple[int, float, bool]:
    """``search_root`` on a games/alquerque.py state, probing ``endgame`` tables (none: no probes)."""
    white, black = state.boards
    tt, lists, misc = context
    endgame = endgame or tables.empty_tables()
    return search_root(r, w, tt, lists, misc, ctl, endgame.blob, endgame.offsets, white, black, state.to_move,
                       state.quiet, depth, noise)


def load_history(misc: np.ndarray, state) -> None:
    """Write a games/alquerque.py state's history (the positions since the last irreversible move)
    into ``misc``'s ``seen`` cells, where a root search starts: the search's repetitions."""
    history = state.history[-HISTORY_SLOTS:]
    for i, (white, black, side) in enumerate(history):
        misc[M_SEEN + i] = position_code(white, black, side)
    misc[S_BASE] = len(history)


def move_values_of(r: np.ndarray, w: np.ndarray, context: Context, ctl: np.ndarray, state, depth: int, root: int,
                   window: tuple[float, float], select: np.ndarray | None = None,
                   endgame: tables.Tables | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """``move_values`` on a games/alquerque.py state: (move codes, values), or None if cut off."""
    load_history(context.misc, state)
    white, black = state.boards
    endgame = endgame or tables.empty_tables()
    codes = np.zeros(MAX_MOVES, np.int64)
    values = np.zeros(MAX_MOVES, np.float64)
    chosen = np.full(1, -1, np.int64) if select is None else select
    n = move_values(r, w, context.tt, context.lists, context.misc, ctl, endgame.blob, endgame.offsets, white, black,
                    state.to_move, state.quiet, depth, root, float(window[0]), float(window[1]), chosen, codes, values)
    return None if n < 0 else (codes[:n], values[:n])


@mends_the_cache
def warm_up_search() -> None:
    """Compile (or load from the cache) every kernel once on the opening position."""
    game = Alquerque()
    state = game.initial_state()
    r = rules_of(game)
    context = new_context(tt_bits=4)
    w = np.ones(len(WEIGHTS), np.float64)
    white, black = state.boards
    lists = np.zeros((3, MAX_MOVES), np.int64)
    perft(r, white, black, 0, 2, lists)
    unmake_move(*make_move(white, black, 0, int(lists[2, 0])), 0, int(lists[2, 0]))
    evaluate(r, w, white, black, 0, 0, 0)
    table_move(context.tt, position_code(white, black, 0))
    search_root_of(r, w, context, new_ctl(), state, 1, np.zeros(MAX_MOVES), tables.empty_tables())
    move_values_of(r, w, context, new_ctl(), state, 1, 0, (-WIN - 1.0, WIN + 1.0))
    tables.warm_up_probes()


# ai.kernels.warm_up's stages, in the order a game needs them: the endgame tables' files (about
# 2.5 s to read) only once few pieces are left
def read_tables() -> None:
    """Read and check every shipped file of the endgame tables (a stage of its own, named here:
    the tables' module imports this one and may not be done loading when this one is)."""
    tables.read_files()


STAGES = {"search": warm_up_search, "tables": read_tables}


def warm_up() -> None:
    """Compile (or load from the cache) every kernel and read the endgame tables."""
    warm_up_search()
    read_tables()
