"""An exact Hex solver for small boards (3x3 .. 5x5): negamax over bitboards with a table.

Three pieces of Hex knowledge and a move order make it small enough for Python:
- a win in one move is seen without search: a cell that joins a chain touching one edge (or the
  edge itself) with a chain touching the other edge;
- if the opponent has two such cells, the side to move has lost (it can block only one), and if
  the opponent has one, blocking it is the only move worth trying;
- the move that last won a position with as many empty cells is tried first (a killer): most of
  a loss's proof is refuting each reply, and one refutation often serves the siblings too (on
  5x5 middlegames it searched a quarter of the positions the centre-out order alone did);
- positions are stored once per symmetry class: the half-turn of the board keeps both players'
  goals, and mirroring across the long diagonal while exchanging the colours does too.
The swap move is handled where it can occur (Red's first turn) by ``state_wins``.
Level-5 asks ``solved_move`` before searching: on 3x3 and 4x4 always, on bigger boards once few
cells are empty, within part of its move time.
"""

from __future__ import annotations

import time
from functools import lru_cache

from ai.base import Progress
from games.hex import SWAP, Geometry, HexState, geometry

SOLVE_ALWAYS = 4  # board sizes solved outright at every move
SOLVE_EMPTIES = 12  # on larger boards, try the solver once this few cells are empty
SOLVE_SHARE = 0.3  # share of the move time the solver may use on larger boards


class OutOfBudget(Exception):
    """The solver ran past its deadline before proving the position."""


@lru_cache(maxsize=8)
def _centre_order(n: int) -> tuple[int, ...]:
    """Cells from the centre outwards: the strong moves in small Hex are central."""
    c = (n - 1) / 2
    return tuple(sorted(range(n * n), key=lambda i: (abs(i // n - c) + abs(i % n - c) + abs(i // n + i % n - 2 * c), i)))


@lru_cache(maxsize=8)
def _symmetry_bytes(n: int) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]], ...]:
    """Per side to move, (plain, turned): for each byte ``k`` of a bitboard and each value of it,
    the cells it sets once the board is mirrored across the long diagonal (Red to move only) and,
    for ``turned``, given the half turn too; a bitboard's image is the OR over its bytes."""
    cells = n * n
    transposed = [(i % n) * n + i // n for i in range(cells)]
    maps = {0: (list(range(cells)), [cells - 1 - i for i in range(cells)]),
            1: (transposed, [cells - 1 - transposed[i] for i in range(cells)])}

    def tables(image: list[int]) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sum(1 << image[8 * k + j] for j in range(8) if v >> j & 1 and 8 * k + j < cells)
                           for v in range(256)) for k in range((cells + 7) // 8))

    return tuple((tables(maps[side][0]), tables(maps[side][1])) for side in (0, 1))


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
        self.images = _symmetry_bytes(n)
        self.table: dict[tuple[int, int], bool] = {}
        # per count of empty cells, the last move that won a position with that many empty: tried
        # first (a killer), as the move that refuted one reply often refutes its siblings too
        self.killers = [-1] * (n * n + 1)
        self.nodes = 0
        self.deadline = float("inf")

    def _key(self, me: int, opp: int, side: int) -> tuple[int, int]:
        """One key for the four symmetric versions of a position (side to move: ``me``): the
        smaller of the position and its half-turn, after mirroring across the long diagonal when
        Red moves (the mover becomes Blue).  The images are read byte by byte from
        ``_symmetry_bytes`` (the key is most of a node's work in Python)."""
        plain, turned = self.images[side]
        m = o = mt = ot = 0
        k = 0
        while me or opp:
            lo_m, lo_o = me & 255, opp & 255
            p, t = plain[k], turned[k]
            m |= p[lo_m]
            o |= p[lo_o]
            mt |= t[lo_m]
            ot |= t[lo_o]
            me >>= 8
            opp >>= 8
            k += 1
        return min((m, o), (mt, ot))

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
        if threats:
            return not self.wins(opp, me | threats, 1 - side)  # blocking it is the only move
        empties = empty.bit_count()
        killer = self.killers[empties]
        if killer >= 0 and empty >> killer & 1 and not self.wins(opp, me | 1 << killer, 1 - side):
            return True
        for cell in self.order:
            bit = 1 << cell
            if cell == killer or not empty & bit:
                continue
            if not self.wins(opp, me | bit, 1 - side):
                self.killers[empties] = cell
                return True
        return False

    def winning_moves(self, state: HexState, deadline: float = float("inf")) -> list:
        """Every move of ``state`` that wins for the side to move (raises OutOfBudget if slow)."""
        self.deadline = deadline
        return [m for m in state.legal_moves() if not self._state_wins(state.play(m))]

    def state_wins(self, state: HexState, deadline: float = float("inf")) -> bool:
        """True if the side to move in ``state`` wins, counting a swap where it is legal
        (raises OutOfBudget if slow)."""
        self.deadline = deadline  # not an earlier call's: the solver and its table are shared
        return self._state_wins(state)

    def _state_wins(self, state: HexState) -> bool:
        if state.is_terminal():
            return False  # the side to move has lost
        side = state.to_move
        me, opp = state.boards[side], state.boards[1 - side]
        if state.can_swap() and not self._state_wins(state.play(SWAP)):
            return True
        return self.wins(me, opp, side)


@lru_cache(maxsize=8)
def solver(n: int) -> Solver:
    """The shared solver of board size ``n`` (its table serves every game on that size)."""
    return Solver(n)


def solved_move(state: HexState, move_time: float | None) -> Progress | None:
    """A proven winning move as a final Progress, or None (not tried, out of time, or lost).

    Small boards (up to ``SOLVE_ALWAYS``) are solved whatever it takes; larger ones only once at
    most ``SOLVE_EMPTIES`` cells are empty, within ``SOLVE_SHARE`` of the move time.  A lost
    position gives None too: the search then finds the most stubborn move.
    """
    n = state.game.size
    empties = n * n - (state.boards[0] | state.boards[1]).bit_count()
    if n > SOLVE_ALWAYS and empties > SOLVE_EMPTIES:
        return None
    start = time.perf_counter()
    budget = float("inf") if n <= SOLVE_ALWAYS else SOLVE_SHARE * (move_time or 1.0)
    sv = solver(n)
    nodes = sv.nodes
    try:
        wins = sv.winning_moves(state, start + budget)
    except OutOfBudget:
        return None
    if not wins:
        return None
    wins.sort(key=lambda m: m == SWAP or state.play(m).winner() is None)  # a win in one first
    return Progress(depth=empties, best_move=wins[0], score=1.0, nodes=sv.nodes - nodes,
                    elapsed=time.perf_counter() - start, pv=[wins[0]], proven=1, kind="solver", done=True)
