"""An exact Hex solver for small boards (3x3 .. 5x5): negamax over bitboards with a table.

Three pieces of Hex knowledge make it small enough for Python:
- a win in one move is seen without search: a cell that joins a chain touching one edge (or the
  edge itself) with a chain touching the other edge;
- if the opponent has two such cells, the side to move has lost (it can block only one), and if
  the opponent has one, blocking it is the only move worth trying;
- positions are stored once per symmetry class: the half-turn of the board keeps both players'
  goals, and mirroring across the long diagonal while exchanging the colours does too.
The swap move is handled where it can occur (Red's first turn) by ``state_wins``.
"""

from __future__ import annotations

import time
from functools import lru_cache

from games.hex import SWAP, Geometry, HexState, geometry


class OutOfBudget(Exception):
    """The solver ran past its deadline before proving the position."""


@lru_cache(maxsize=8)
def _centre_order(n: int) -> tuple[int, ...]:
    """Cells from the centre outwards: the strong moves in small Hex are central."""
    c = (n - 1) / 2
    return tuple(sorted(range(n * n), key=lambda i: (abs(i // n - c) + abs(i % n - c) + abs(i // n + i % n - 2 * c), i)))


def winning_cells(geo: Geometry, stones: int, side: int, empty: int) -> int:
    """Empty cells where ``side`` (owning ``stones``) would join its two edges at once."""
    first, second = geo.edges[side]
    near_first = geo.neighbour_mask(geo.flood(stones & first, stones)) | first
    near_second = geo.neighbour_mask(geo.flood(stones & second, stones)) | second
    return empty & near_first & near_second


class Solver:
    """Solves positions of one board size; keeps its table between calls (positions repeat)."""

    def __init__(self, n: int) -> None:
        self.geo = geometry(n)
        self.n = n
        self.order = _centre_order(n)
        self.table: dict[tuple[int, int], bool] = {}
        self.nodes = 0
        self.deadline = float("inf")

    def _reverse(self, bits: int) -> int:
        return int(format(bits, f"0{self.geo.cells}b")[::-1], 2)

    def _key(self, me: int, opp: int, side: int) -> tuple[int, int]:
        """One key for the four symmetric versions of a position (side to move: ``me``)."""
        if side == 1:  # mirror across the diagonal: the mover becomes Blue
            me, opp = self.geo.transpose(me), self.geo.transpose(opp)
        return min((me, opp), (self._reverse(me), self._reverse(opp)))

    def wins(self, me: int, opp: int, side: int) -> bool:
        """True if ``side`` to move (stones ``me``; the opponent's ``opp``) wins with best play."""
        key = self._key(me, opp, side)
        known = self.table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
            raise OutOfBudget
        result = self._search(me, opp, side)
        self.table[key] = result
        return result

    def _search(self, me: int, opp: int, side: int) -> bool:
        geo = self.geo
        empty = geo.full & ~(me | opp)
        if winning_cells(geo, me, side, empty):
            return True
        threats = winning_cells(geo, opp, 1 - side, empty)
        if threats & (threats - 1):
            return False  # two ways to win: only one can be blocked
        for cell in self.order:
            bit = 1 << cell
            if (threats and bit != threats) or not empty & bit:
                continue
            if not self.wins(opp, me | bit, 1 - side):
                return True
        return False

    def winning_moves(self, state: HexState, deadline: float = float("inf")) -> list:
        """Every move of ``state`` that wins for the side to move (raises OutOfBudget if slow)."""
        self.deadline = deadline
        return [m for m in state.legal_moves() if not self.state_wins(state.play(m))]

    def state_wins(self, state: HexState) -> bool:
        """True if the side to move in ``state`` wins, counting a swap where it is legal."""
        if state.is_terminal():
            return False  # the side to move has lost
        side = state.to_move
        me, opp = state.boards[side], state.boards[1 - side]
        if state.can_swap() and not self.state_wins(state.play(SWAP)):
            return True
        return self.wins(me, opp, side)


@lru_cache(maxsize=8)
def solver(n: int) -> Solver:
    """The shared solver of board size ``n`` (its table serves every game on that size)."""
    return Solver(n)
