"""Rastros kernels: flood fill, the exact solver and the alpha-beta search, compiled by numba.

A position is ``(piece, region, side)``: the piece's square, the free squares it can still reach
(a uint64 bitboard; square ``row-col`` is bit ``(row - 1) * n + (col - 1)``) and the side to move
(0 South, 1 North); see ai/engines/rastros_board.py for why that is the whole position.
games/rastros.py stays the rules reference; tests/test_rastros_kernel.py holds these kernels to it
and to the pure-Python solver and search they replaced (ai/reference/rastros_*.py).

- ``flood``: the reachable free squares, by repeated king-move dilation of a bitboard.
- ``solve_win``: negamax win/loss with the shortcuts of the old solver: a move onto or next to the
  opponent's goal loses at once and is never searched; a move that leaves the opponent no safe
  reply wins at once; a goal-free region is undirected vertex geography, decided by one maximum
  matching (``geography_mover_wins``, Edmonds' blossom algorithm).  ``solve_plies`` adds the exact
  game length (the winner hurries, the loser delays).
- ``negamax``: principal-variation alpha-beta with the region-aware evaluation, the solver inside
  the tree on small regions, and a transposition table.

Every table is a numpy array indexed by a hash of (piece, region, side): per row the region and
an ``info`` word (the piece, side and what is known); buckets of two rows, the first kept for the
larger region or deeper search (more work saved), the second always replaced.  The kernels count
their nodes in ``ctl[CTL_NODES]`` and unwind (returning ``ABORTED``, or ``SEARCH_ABORTED`` from
``negamax``) when the driver sets ``ctl[CTL_STOP]``, when ``ctl[CTL_MAX_NODES]`` is reached, or
when their own node limit ``stop_at`` is reached.
"""

from __future__ import annotations

from collections import namedtuple
from functools import lru_cache

import numpy as np

from ai.base import LENGTH_KNOWN, PROVEN, WIN
from ai.engines.rastros_board import geometry
from ai.kernel_compile import mends_the_cache, njit
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP, new_ctl

ZERO = np.uint64(0)
ABORTED = -2  # solver kernels: cut off by the stop flag or a node limit
NO_MOVE = -1
SEARCH_ABORTED = 1 << 40  # alpha-beta kernels: cut off (outside every score)
SOLVED = WIN - 5 * LENGTH_KNOWN  # a solver-proven win whose length is not known (still beyond PROVEN)
EXACT, LOWER, UPPER = 0, 1, 2
POLL_MASK = 1023  # look at ctl[CTL_STOP] every 1024 nodes

# params (int64 array) of the alpha-beta search
P_SOLVE_LIMIT, P_SOLVE_BUDGET, P_DISTANCE, P_UNREACHABLE, P_PRIVATE, P_MOBILITY = range(6)
PARAMS_SIZE = 6

Board = namedtuple("Board", "n full not_first_col not_last_col nbr bit steps goal goal_bit goals forbid dist")
"""One board size's tables: ``nbr[sq]`` neighbour masks, ``bit[sq]`` single-square masks,
``steps[sq]`` the neighbours as a list (``steps[sq, 0]`` of them), ``goal[side]`` squares and
``goal_bit[side]`` masks (``goals`` both), ``forbid[side]`` the squares that lose at once for
``side`` (the opponent's goal and its neighbours), ``dist[side, sq]`` king distance to ``side``'s goal."""


@lru_cache(maxsize=8)
def board(n: int) -> Board:
    """The kernel tables of an n x n board (n = 4..8), built from the Python geometry."""
    geo = geometry(n)
    cells = n * n
    nbr = np.zeros(64, np.uint64)
    bit = np.zeros(64, np.uint64)
    steps = np.zeros((64, 9), np.int64)
    for sq in range(cells):
        nbr[sq] = geo.nbr[sq]
        bit[sq] = 1 << sq
        around = [t for t in range(cells) if geo.nbr[sq] >> t & 1]
        steps[sq, 0] = len(around)
        steps[sq, 1:1 + len(around)] = around
    return Board(
        n=n, full=np.uint64(geo.full), not_first_col=np.uint64(geo.not_first_col),
        not_last_col=np.uint64(geo.not_last_col), nbr=nbr, bit=bit, steps=steps,
        goal=np.array(geo.goal, np.int64), goal_bit=np.array(geo.goal_bit, np.uint64),
        goals=np.uint64(geo.goal_bit[0] | geo.goal_bit[1]), forbid=np.array(geo.forbid, np.uint64),
        dist=np.array(geo.king_dist, np.int64),
    )


# numba 0.68 crashes loading from its cache a compiled function that calls the recursive
# ``negamax`` (numba issue 6061), so the root's loop over the moves stays in Python
# (ai/engines/rastros_search.py); the recursive kernels are called from Python or from
# non-recursive kernels that do not call ``negamax``.


# -- bitboards ------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def popcount(x):
    """Number of set bits of a uint64 (the classic SWAR sum)."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, nogil=True)
def dilate(b, x):
    """``x`` plus every square a king move away from it."""
    x = x | ((x << np.uint64(1)) & b.not_first_col) | ((x >> np.uint64(1)) & b.not_last_col)
    n = np.uint64(b.n)
    return (x | (x << n) | (x >> n)) & b.full


@njit(cache=True, nogil=True)
def flood(b, piece, free):
    """The squares of ``free`` reachable from ``piece`` by king moves through ``free``."""
    reach = b.nbr[piece] & free
    while True:
        grown = dilate(b, reach) & free
        if grown == reach:
            return reach
        reach = grown


@njit(cache=True, nogil=True)
def distance(b, start, passable, target, limit):
    """King moves from square ``start`` to square ``target`` through ``passable``; ``limit`` if
    more or none (the start square itself need not be passable)."""
    goal = b.bit[target]
    frontier = b.bit[start]
    seen = frontier
    d = 0
    while frontier != ZERO and d < limit:
        if frontier & goal:
            return d
        d += 1
        frontier = dilate(b, frontier) & passable & ~seen
        seen |= frontier
    return limit


# -- undirected vertex geography --------------------------------------------------------------------
# Edmonds' blossom algorithm on the king graph of a region, on squares 0..63.  One workspace
# (rows MATCH, PARENT, BASE, USED, QUEUE, MARK of the table's ``work``) serves a whole test, so
# nothing is allocated; ``squares[:count]`` lists the vertices, so the loops visit only them.
MATCH, PARENT, BASE, USED, QUEUE, MARK = range(6)


@njit(cache=True, nogil=True)
def _lca(a, c, work, squares, count):
    """The base of the blossom closing at edge a-c: the first common ancestor of a and c."""
    match, parent, base, seen = work[MATCH], work[PARENT], work[BASE], work[MARK]
    for i in range(count):
        seen[squares[i]] = 0
    while True:
        a = base[a]
        seen[a] = 1
        if match[a] == -1:
            break
        a = parent[match[a]]
    while True:
        c = base[c]
        if seen[c]:
            return c
        c = parent[match[c]]


@njit(cache=True, nogil=True)
def _mark(v, lca, child, work):
    """Mark the blossom's path from v up to its base ``lca`` and point it back along ``child``."""
    match, parent, base, blossom = work[MATCH], work[PARENT], work[BASE], work[MARK]
    while base[v] != lca:
        blossom[base[v]] = 1
        blossom[base[match[v]]] = 1
        parent[v] = child
        child = match[v]
        v = parent[match[v]]


@njit(cache=True, nogil=True)
def augmenting_path(b, root, vertices, work, squares, count):
    """Edmonds' search for an augmenting path from exposed square ``root`` in the king graph on
    ``vertices`` (listed in ``squares[:count]``); applies it to ``work[MATCH]`` if found."""
    match, parent, base, used, queue, blossom = work[MATCH], work[PARENT], work[BASE], work[USED], \
        work[QUEUE], work[MARK]
    for i in range(count):
        v = squares[i]
        parent[v] = -1
        base[v] = v
        used[v] = 0
    used[root] = 1
    queue[0] = root
    head, tail = 0, 1
    while head < tail:
        v = queue[head]
        head += 1
        for k in range(1, b.steps[v, 0] + 1):
            to = b.steps[v, k]
            if not vertices & b.bit[to] or base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                cur = _lca(v, to, work, squares, count)
                for i in range(count):
                    blossom[squares[i]] = 0
                _mark(v, cur, to, work)
                _mark(to, cur, v, work)
                for i in range(count):
                    u = squares[i]
                    if blossom[base[u]]:
                        base[u] = cur
                        if not used[u]:
                            used[u] = 1
                            queue[tail] = u
                            tail += 1
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    while to != -1:  # flip the path
                        pv = parent[to]
                        nxt = match[pv]
                        match[to] = pv
                        match[pv] = to
                        to = nxt
                    return True
                used[match[to]] = 1
                queue[tail] = match[to]
                tail += 1
    return False


@njit(cache=True, nogil=True)
def geography_mover_wins(b, piece, region, scratch):
    """Undirected vertex geography from ``piece`` over ``region``: does the player to move win?
    Exactly when a maximum matching of the region has an augmenting path from the piece
    (Fraenkel, Scheinerman and Ullman, 1993).  ``scratch``: a table's ``work``."""
    work = scratch[GEOGRAPHY_ROWS:GEOGRAPHY_ROWS + 6]
    squares = scratch[SQUARES_ROW]
    match = work[MATCH]
    count = 0
    for v in range(b.n * b.n):
        if region & b.bit[v]:
            squares[count] = v
            count += 1
            match[v] = -1
    for i in range(count):  # greedy start, then augment: a maximum matching of the region
        v = squares[i]
        if match[v] == -1:
            for k in range(1, b.steps[v, 0] + 1):
                t = b.steps[v, k]
                if region & b.bit[t] and match[t] == -1:
                    match[v] = t
                    match[t] = v
                    break
    for i in range(count):
        v = squares[i]
        if match[v] == -1:
            augmenting_path(b, v, region, work, squares, count)
    match[piece] = -1
    squares[count] = piece
    return augmenting_path(b, piece, region | b.bit[piece], work, squares, count + 1)


# -- tables -------------------------------------------------------------------------------------------
# A table is a (2 ** bits, 2) uint64 array: column KEY the region, column INFO what is known, in
# buckets of two rows (one cache line).  ``work`` (WORK_ROWS x 65 int64) is the kernels' scratch
# memory: row ``r`` holds the move order of the node whose region has ``r`` squares (regions
# shrink along a line of play, so a line never reuses a row), then the matching's rows.
KEY, INFO = 0, 1
GEOGRAPHY_ROWS = 65
SQUARES_ROW = GEOGRAPHY_ROWS + 6
WORK_ROWS = SQUARES_ROW + 1


@njit(cache=True, nogil=True)
def slot_of(table, piece, region, side):
    """First slot of the two-slot bucket of (piece, region, side)."""
    h = region ^ (np.uint64(piece + 1) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(side) << np.uint64(63))
    h = (h ^ (h >> np.uint64(31))) * np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(table.shape[0] - 2))


# An entry's ``info``: bit 0 used, bit 1
# side, bits 2-7 piece (together the identity), bits 8-15 the replacement priority, then the data.
ID_MASK = 0xFF
PRIORITY_SHIFT = 8
# solver data: bit 16 win, bits 17-23 plies + 1 (0: length unknown); priority: the region's size
WIN_SHIFT, PLIES_SHIFT = 16, 17
# search data: bits 16-17 bound, bits 18-24 best move + 1, bits 32-63 the value + VALUE_OFFSET;
# priority: the depth
BOUND_SHIFT, MOVE_SHIFT, VALUE_SHIFT = 16, 18, 32
VALUE_OFFSET = 1 << 30  # values stay within +-(WIN + 1), so the info fits an int64


@njit(cache=True, nogil=True)
def probe(table, piece, region, side):
    """The table row holding (piece, region, side), or -1."""
    i = slot_of(table, piece, region, side)
    ident = 1 | side << 1 | piece << 2
    for s in range(i, i + 2):
        if table[s, KEY] == region and np.int64(table[s, INFO]) & ID_MASK == ident:
            return s
    return -1


@njit(cache=True, nogil=True)
def store(table, piece, region, side, priority, data):
    """Record ``data`` (the info bits from 16 up) for (piece, region, side): in its own slot if
    present, else in the bucket's first slot when that is empty or of no higher priority (its
    entry moves to the second slot), else in the second slot."""
    s = probe(table, piece, region, side)
    if s < 0:
        s = slot_of(table, piece, region, side)
        if table[s, INFO] != ZERO and np.int64(table[s, INFO]) >> PRIORITY_SHIFT & 0xFF > priority:
            s += 1
        else:
            table[s + 1, KEY] = table[s, KEY]
            table[s + 1, INFO] = table[s, INFO]
    table[s, KEY] = region
    table[s, INFO] = 1 | side << 1 | piece << 2 | min(priority, 0xFF) << PRIORITY_SHIFT | data


@njit(cache=True, nogil=True)
def stopped(ctl):
    """The driver wants the search to end now (stop flag or its node budget)."""
    return ctl[CTL_STOP] != 0 or (ctl[CTL_MAX_NODES] > 0 and ctl[CTL_NODES] >= ctl[CTL_MAX_NODES])


@njit(cache=True, nogil=True)
def halted(ctl, stop_at):
    """True when the kernel must unwind: stop flag, the driver's node budget or ``stop_at``."""
    nodes = ctl[CTL_NODES]
    if stop_at > 0 and nodes >= stop_at:
        return True
    return nodes & POLL_MASK == 0 and stopped(ctl)


# -- the solver -------------------------------------------------------------------------------------
# numba caches self-recursive kernels but not mutually recursive ones, so each recursive kernel
# below calls only itself and non-recursive helpers.
@njit(cache=True, nogil=True)
def order_moves(b, piece, region, side, safe, order):
    """The solver's move order: fills ``order`` with the moves of ``safe`` by fewest safe opponent
    replies, then nearest our goal, then square index, and returns their number; or -1 - q when
    the move to ``q`` leaves the opponent no safe reply (it wins at once)."""
    count = 0
    other = 1 - side
    for k in range(1, b.steps[piece, 0] + 1):
        q = b.steps[piece, k]
        if not safe & b.bit[q]:
            continue
        replies = b.nbr[q] & region & ~b.bit[q] & ~b.forbid[other]
        if replies == ZERO:
            return -1 - q
        key = popcount(replies) << 16 | b.dist[side, q] << 8 | q
        j = count  # insertion sort: at most eight moves
        while j > 0 and order[j - 1] > key:
            order[j] = order[j - 1]
            j -= 1
        order[j] = key
        count += 1
    return count


@njit(cache=True, nogil=True)
def solve_win(b, table, work, piece, region, side, ctl, stop_at):
    """1 when the side to move wins (piece, region, side), 0 when it loses, ABORTED if cut off.
    ``region`` must be ``flood(piece, free)``; ``stop_at`` 0 or an absolute ``ctl[CTL_NODES]``."""
    moves = b.nbr[piece] & region
    if moves & b.goal_bit[side]:
        return 1
    safe = moves & ~b.forbid[side]
    if safe == ZERO:
        return 0
    s = probe(table, piece, region, side)
    if s >= 0:
        return np.int64(table[s, INFO]) >> WIN_SHIFT & 1
    ctl[CTL_NODES] += 1
    if halted(ctl, stop_at):
        return ABORTED
    if region & b.goals == ZERO:
        result = 1 if geography_mover_wins(b, piece, region, work) else 0
    else:
        order = work[popcount(region)]
        count = order_moves(b, piece, region, side, safe, order)
        result = 1 if count < 0 else 0
        for j in range(count):
            q = order[j] & 0xFF
            r = solve_win(b, table, work, q, flood(b, q, region & ~b.bit[q]), 1 - side, ctl, stop_at)
            if r == ABORTED:
                return ABORTED
            if r == 0:
                result = 1
                break
    store(table, piece, region, side, popcount(region), result << WIN_SHIFT)
    return result


@njit(cache=True, nogil=True)
def first_win(b, table, work, piece, region, side, ctl, stop_at):
    """The first winning move in the solver's order (the own goal first), NO_MOVE, or ABORTED."""
    moves = b.nbr[piece] & region
    if moves & b.goal_bit[side]:
        return b.goal[side]
    order = work[popcount(region)]
    count = order_moves(b, piece, region, side, moves & ~b.forbid[side], order)
    if count < 0:
        return -1 - count
    for j in range(count):
        q = order[j] & 0xFF
        r = solve_win(b, table, work, q, flood(b, q, region & ~b.bit[q]), 1 - side, ctl, stop_at)
        if r == ABORTED:
            return ABORTED
        if r == 0:
            return q
    return NO_MOVE


@njit(cache=True, nogil=True)
def move_wins(b, table, work, q, region, side, ctl, stop_at):
    """1 if moving to ``q`` wins for ``side`` (own goal, blocking move, move to a lost position),
    0 if not, ABORTED if cut off."""
    if q == b.goal[side]:
        return 1
    if b.forbid[side] & b.bit[q]:
        return 0
    rest = region & ~b.bit[q]
    if b.nbr[q] & rest & ~b.forbid[1 - side] == ZERO:
        return 1
    r = solve_win(b, table, work, q, flood(b, q, rest), 1 - side, ctl, stop_at)
    return ABORTED if r == ABORTED else 1 - r


@njit(cache=True, nogil=True)
def final_move_plies(b, q, region, side):
    """A move to ``q`` that ends the game: +1 if the mover wins, -1 if he loses; 0 if it goes on."""
    if q == b.goal[side]:
        return 1
    if q == b.goal[1 - side]:
        return -1
    if b.nbr[q] & region & ~b.bit[q] == ZERO:
        return 1
    return 0


@njit(cache=True, nogil=True)
def solve_plies(b, table, work, piece, region, side, ctl, stop_at):
    """+plies if the side to move wins, -plies if it loses (exact rules, perfect play: the winner
    takes the shortest win, the loser the longest loss); 0 if cut off."""
    s = probe(table, piece, region, side)
    if s >= 0 and np.int64(table[s, INFO]) >> PLIES_SHIFT & 0x7F != 0:
        plies = (np.int64(table[s, INFO]) >> PLIES_SHIFT & 0x7F) - 1
        return plies if np.int64(table[s, INFO]) >> WIN_SHIFT & 1 else -plies
    ctl[CTL_NODES] += 1
    if halted(ctl, stop_at):
        return 0
    win = solve_win(b, table, work, piece, region, side, ctl, stop_at)
    if win == ABORTED:
        return 0
    best = -1
    for k in range(1, b.steps[piece, 0] + 1):
        q = b.steps[piece, k]
        if not region & b.bit[q]:
            continue
        if win == 1:
            w = move_wins(b, table, work, q, region, side, ctl, stop_at)
            if w == ABORTED:
                return 0
            if w == 0:
                continue
        length = abs(final_move_plies(b, q, region, side))
        if length == 0:
            r = solve_plies(b, table, work, q, flood(b, q, region & ~b.bit[q]), 1 - side, ctl, stop_at)
            if r == 0:
                return 0
            length = abs(r) + 1
        if best < 0 or (length < best if win == 1 else length > best):
            best = length
    store(table, piece, region, side, popcount(region), win << WIN_SHIFT | (best + 1) << PLIES_SHIFT)
    return best if win == 1 else -best


@njit(cache=True, nogil=True)
def move_plies(b, table, work, q, region, side, ctl, stop_at):
    """The move to ``q``: +plies to the end if the mover wins, -plies if he loses, 0 if cut off."""
    final = final_move_plies(b, q, region, side)
    if final != 0:
        return final
    r = solve_plies(b, table, work, q, flood(b, q, region & ~b.bit[q]), 1 - side, ctl, stop_at)
    if r == 0:
        return 0
    return -(r + 1) if r > 0 else -r + 1  # the child's mover is the opponent


# -- the alpha-beta search --------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def evaluate(b, params, piece, region, side):
    """Heuristic value for the side to move when a goal is reachable: the difference of the
    shortest free paths to the goals (each side's path avoids the squares next to the other goal),
    of the free squares next to each goal (only their owner may use them), and safe mobility."""
    other = 1 - side
    unreachable = params[P_UNREACHABLE]
    d_me = distance(b, piece, region & ~b.forbid[side], b.goal[side], unreachable)
    d_them = distance(b, piece, region & ~b.forbid[other], b.goal[other], unreachable)
    mine = popcount(b.nbr[b.goal[side]] & region)
    theirs = popcount(b.nbr[b.goal[other]] & region)
    safe = popcount(b.nbr[piece] & region & ~b.forbid[side])
    return params[P_DISTANCE] * (d_them - d_me) + params[P_PRIVATE] * (mine - theirs) + \
        params[P_MOBILITY] * safe


@njit(cache=True, nogil=True)
def cornered_plies(b, moves, side):
    """The side to move has ``moves`` but none safe: plies to its loss, played as long as it
    can: 2 by a step next to the opponent's goal (the opponent steps in), 1 into the goal."""
    return 2 if moves & ~b.goal_bit[1 - side] else 1


@njit(cache=True, nogil=True)
def cornering_plies(b, piece, region, side, safe):
    """Plies to the shortest win among the ``safe`` moves that leave the opponent no safe reply
    (at least one does): 1 if it leaves no reply at all (blocked), else ``cornered_plies`` of the
    opponent's replies plus this move."""
    best = 4
    other = 1 - side
    for k in range(1, b.steps[piece, 0] + 1):
        q = b.steps[piece, k]
        if not safe & b.bit[q]:
            continue
        replies = b.nbr[q] & region & ~b.bit[q]
        if replies & ~b.forbid[other] != ZERO:
            continue
        plies = 1 if replies == ZERO else 1 + cornered_plies(b, replies, other)
        best = min(best, plies)
    return best


NOT_EXACT = -(1 << 41)


@njit(cache=True, nogil=True)
def exact_value(b, s_table, s_work, params, piece, region, side, ply, ctl):
    """A proven value when the region is goal-free (matching) or small enough for the solver
    (within its node budget); NOT_EXACT otherwise, SEARCH_ABORTED if stopped."""
    goal_free = region & b.goals == ZERO
    if params[P_SOLVE_LIMIT] == 0:
        if not goal_free:
            return NOT_EXACT
        win = 1 if geography_mover_wins(b, piece, region, s_work) else 0
    elif goal_free or popcount(region) <= params[P_SOLVE_LIMIT]:
        win = solve_win(b, s_table, s_work, piece, region, side, ctl, ctl[CTL_NODES] + params[P_SOLVE_BUDGET])
        if win == ABORTED:
            return SEARCH_ABORTED if stopped(ctl) else NOT_EXACT
    else:
        return NOT_EXACT
    return SOLVED - ply if win == 1 else -(SOLVED - ply)


@njit(cache=True, nogil=True)
def negamax(b, tt, tt_work, s_table, s_work, params, piece, region, side,
            depth, alpha, beta, ply, ctl):
    """Value of (piece, region, side) for the side to move, principal-variation alpha-beta."""
    ctl[CTL_NODES] += 1
    if halted(ctl, 0):
        return SEARCH_ABORTED
    moves = b.nbr[piece] & region
    if moves & b.goal_bit[side]:
        return WIN - ply - 1
    safe = moves & ~b.forbid[side]
    if safe == ZERO:
        return -(WIN - ply - cornered_plies(b, moves, side))
    other = 1 - side
    keys = tt_work[popcount(region)]
    count = order_moves(b, piece, region, side, safe, keys)
    if count < 0:  # a move leaves the opponent no safe reply
        return WIN - ply - cornering_plies(b, piece, region, side, safe)
    exact = exact_value(b, s_table, s_work, params, piece, region, side, ply, ctl)
    if exact != NOT_EXACT:
        return exact
    tt_move = -1
    s = probe(tt, piece, region, side)
    if s >= 0:
        e = np.int64(tt[s, INFO])
        tt_move = (e >> MOVE_SHIFT & 0x7F) - 1
        e_depth = e >> PRIORITY_SHIFT & 0xFF
        e_bound = e >> BOUND_SHIFT & 3
        e_value = (e >> VALUE_SHIFT) - VALUE_OFFSET
        if e_depth >= depth and (e_bound == EXACT or (e_bound == LOWER and e_value >= beta)
                                 or (e_bound == UPPER and e_value <= alpha)):
            return e_value
    if depth <= 0:
        return evaluate(b, params, piece, region, side)
    for j in range(1, count):  # the table's move first, then the solver's order
        if keys[j] & 0xFF == tt_move:
            first = keys[j]
            for i in range(j, 0, -1):
                keys[i] = keys[i - 1]
            keys[0] = first
            break
    alpha0 = alpha
    best = -WIN - 1
    best_move = -1
    for j in range(count):
        q = keys[j] & 0xFF
        child = flood(b, q, region & ~b.bit[q])
        if j == 0:
            v = negamax(b, tt, tt_work, s_table, s_work, params, q, child, other,
                        depth - 1, -beta, -alpha, ply + 1, ctl)
        else:
            v = negamax(b, tt, tt_work, s_table, s_work, params, q, child, other,
                        depth - 1, -alpha - 1, -alpha, ply + 1, ctl)
            if v != SEARCH_ABORTED and alpha < -v < beta:
                v = negamax(b, tt, tt_work, s_table, s_work, params, q, child, other,
                            depth - 1, -beta, v, ply + 1, ctl)
        if v == SEARCH_ABORTED:
            return SEARCH_ABORTED
        v = -v
        if v > best:
            best = v
            best_move = q
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    bound = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
    if abs(best) < PROVEN:
        store(tt, piece, region, side, depth,
              bound << BOUND_SHIFT | (best_move + 1) << MOVE_SHIFT | (best + VALUE_OFFSET) << VALUE_SHIFT)
    return best


# -- tables and the offline solver ----------------------------------------------------------------
class Table:
    """A transposition table of ``2 ** bits`` entries (16 bytes each) and its scratch memory."""

    def __init__(self, bits: int) -> None:
        self.table = np.empty((1 << bits, 2), np.uint64)
        self.work = np.zeros((WORK_ROWS, 65), np.int64)
        self.clear()  # writing every row commits the memory now, not page by page inside a search

    def clear(self) -> None:
        self.table.fill(0)


class SolverTable(Table):
    """The solver's table: win/loss and game lengths."""

    def __init__(self, bits: int = 22) -> None:
        super().__init__(bits)


class SearchTable(Table):
    """The alpha-beta search's table: bounds, depths and best moves."""

    def __init__(self, bits: int = 20) -> None:
        super().__init__(bits)


def solve(piece: int, region: int, side: int, table: SolverTable, n: int = 8,
          ctl: np.ndarray | None = None) -> int:
    """Offline exact solve, no node budget: 1 if the side to move wins, 0 if it loses.

    ``region`` is the reachable free region (``flood``); ``ctl`` (optional) receives the node
    count in ``ctl[CTL_NODES]`` and may be stopped from another thread (then ABORTED)."""
    ctl = new_ctl() if ctl is None else ctl
    return int(solve_win(board(n), table.table, table.work, piece, np.uint64(region), side, ctl, 0))


@mends_the_cache
def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel on the 4x4 start position (``ai.kernels.warm_up``
    runs it once, and again after a failure)."""
    b = board(4)
    piece = 6  # 2-3
    region = np.uint64(flood(b, piece, b.full & ~b.bit[piece]))
    ctl = new_ctl()
    solver, table = SolverTable(4), SearchTable(4)
    solve_win(b, solver.table, solver.work, piece, region, 0, ctl, 0)
    solve_plies(b, solver.table, solver.work, piece, region, 0, ctl, 0)
    first_win(b, solver.table, solver.work, piece, region, 0, ctl, 0)
    move_plies(b, solver.table, solver.work, 2, region, 0, ctl, 0)
    move_wins(b, solver.table, solver.work, 2, region, 0, ctl, 0)  # these five the engine calls itself
    final_move_plies(b, 2, region, 0)
    popcount(region)
    probe(table.table, piece, region, 0)
    stopped(ctl)
    params = np.array([8, 1000, 40, 12, 25, 10], np.int64)
    negamax(b, table.table, table.work, solver.table, solver.work, params, piece, region, 0,
            2, -WIN - 1, WIN + 1, 0, ctl)


# ai.kernels.warm_up's stages: the search and its solver are one
STAGES = {"search": warm_up}
