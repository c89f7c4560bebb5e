"""Hex inferior cells: dead cells, captured pairs and fill-in, from the cells' six neighbours.

A stone on an empty cell p is *useless* to a colour when, for every two of p's neighbours the
colour could still use (its stones, its edges, empty cells), those two are already adjacent, or
joined around p through that colour's stones: p then joins nothing that is not joined without it.
A cell useless to both colours is *dead*: on any filled board the winner is the same whatever
colour p has, so it may be filled with either (we use the colour given by the caller).
Deadness only grows as the board fills, so a dead cell stays dead.

Two adjacent empty cells p, q are *captured* by a colour X when an X stone on either one makes
the other dead: if the opponent takes one, X answers in the other and the opponent's stone is
dead, so both cells may be filled with X without changing the value of the position.

*Fill-in* repeats both until nothing changes; every fill keeps the position's value and its
winning moves (a solver searches the filled board; moves into filled cells are never better).
The off-board neighbours of a border cell are its edges; the two positions off an obtuse corner
(beside both edges of different colours) are left out, which never makes a useful cell look
useless (the same edge is also a neighbour next to it).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ai.imports import import_engine
from ai.kernel_compile import mends_the_cache, njit

EMPTY = 0
WALL = 3  # an off-board position that belongs to no single edge
# the six directions around a cell, in cyclic order (consecutive ones are adjacent cells)
AROUND = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))


@lru_cache(maxsize=32)
def ring(n: int) -> np.ndarray:
    """(n*n, 6) int32: each cell's neighbours in cyclic order; off-board positions are the edge
    entries of the kernels' board (n*n + 0..3: left, right, top, bottom) or -1 (no single edge)."""
    total = n * n
    table = np.empty((total, 6), np.int32)
    for cell in range(total):
        r, c = divmod(cell, n)
        for k, (dr, dc) in enumerate(AROUND):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n:
                table[cell, k] = rr * n + cc
                continue
            sides = []
            if cc < 0:
                sides.append(total)
            if cc >= n:
                sides.append(total + 1)
            if rr < 0:
                sides.append(total + 2)
            if rr >= n:
                sides.append(total + 3)
            table[cell, k] = sides[0] if len(sides) == 1 else -1
    table.flags.writeable = False
    return table


@njit(cache=True, nogil=True)
def useless(colour, rng, cell, own) -> bool:
    """Would a stone of colour ``own`` (1 Blue, 2 Red) on ``cell`` join nothing new?"""
    kinds = np.empty(6, np.int8)
    for k in range(6):
        where = rng[cell, k]
        if where < 0:
            kinds[k] = WALL
        else:
            v = colour[where]
            kinds[k] = 1 if v == own else (EMPTY if v == EMPTY else WALL)  # 1: own, 0: empty, 3: not usable
    for i in range(6):
        if kinds[i] == WALL:
            continue
        for j in range(i + 2, 6):  # i + 1 is adjacent
            if kinds[j] == WALL or (i == 0 and j == 5):
                continue
            inside = True  # the positions strictly between i and j one way round
            for k in range(i + 1, j):
                if kinds[k] != 1:
                    inside = False
                    break
            if inside:
                continue
            outside = True
            for k in range(j + 1, i + 6):
                if kinds[k % 6] != 1:
                    outside = False
                    break
            if not outside:
                return False
    return True


@njit(cache=True, nogil=True)
def is_dead(colour, rng, cell) -> bool:
    return colour[cell] == EMPTY and useless(colour, rng, cell, 1) and useless(colour, rng, cell, 2)


@njit(cache=True, nogil=True)
def captures_pair(colour, rng, p, q, own) -> bool:
    """Do the empty neighbours p, q form a pair captured by colour ``own``?"""
    colour[q] = own
    first = is_dead(colour, rng, p)
    colour[q] = EMPTY
    if not first:
        return False
    colour[p] = own
    second = is_dead(colour, rng, q)
    colour[p] = EMPTY
    return second


@njit(cache=True, nogil=True)
def fill_in(colour, n, nbrs, rng, dead_fill, marks) -> int:
    """Fill dead cells with ``dead_fill`` (1 or 2) and captured pairs with their captor, until
    nothing changes; ``marks[cell]`` becomes 1 for dead, 2 captured by Blue, 3 by Red.  Returns
    how many cells were filled."""
    total = n * n
    filled = 0
    changed = True
    while changed:
        changed = False
        for cell in range(total):
            if is_dead(colour, rng, cell):
                colour[cell] = dead_fill
                marks[cell] = 1
                filled += 1
                changed = True
        for p in range(total):
            if colour[p] != EMPTY:
                continue
            for j in range(6):
                q = np.int64(nbrs[p, j])  # as ``p``: one compilation of what they are passed to
                if q < 0:
                    break
                if q < p or colour[q] != EMPTY:
                    continue
                for own in range(1, 3):
                    if captures_pair(colour, rng, p, q, own):
                        colour[p] = own
                        colour[q] = own
                        marks[p] = own + 1
                        marks[q] = own + 1
                        filled += 2
                        changed = True
                        break
                if colour[p] != EMPTY:
                    break
    return filled


@mends_the_cache
def warm_up() -> None:
    """Compile (or load from the cache) the inferior-cell kernels on a 3x3 board."""
    hex_kernel = import_engine("ai.kernels.hex")  # it imports this module: here, through the lock
    board_colours, neighbours = hex_kernel.board_colours, hex_kernel.neighbours
    n = 3
    colour = board_colours(n, 1 << 4, 0)
    fill_in(colour, n, neighbours(n), ring(n), 2, np.zeros(n * n, np.int8))
