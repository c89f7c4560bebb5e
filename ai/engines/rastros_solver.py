"""The exact Rastros solver as the players use it: who wins, the best move and the game's length.

The work is done by the kernels in ai/kernels/rastros.py (see there for the shortcuts that make
it fast: the forbidden squares next to the opponent's goal, blocking moves, and the matching test
once no goal is reachable).  This class keeps one board's solver table between moves, so a
position proven once stays proven for the rest of the game, and turns kernel results into moves:
the shortest win when won, and when lost the longest loss (the opponent may still go wrong).
"""

from __future__ import annotations

import numpy as np

from ai.kernels import rastros as kernel
from ai.search.driver import CTL_NODES


class Solver:
    """Win/loss and game length of (piece, region, side) positions of one board size."""

    def __init__(self, n: int, table_bits: int = 22) -> None:
        self.board = kernel.board(n)
        self.table = kernel.SolverTable(table_bits)

    def _stop_at(self, ctl: np.ndarray, budget: int) -> int:
        return int(ctl[CTL_NODES]) + budget if budget else 0

    def solve(self, piece: int, region: int, side: int, ctl: np.ndarray, budget: int = 0) -> int | None:
        """1 if the side to move wins, 0 if it loses, None if cut off (stop flag or ``budget``
        nodes).  ``region`` is the reachable free region."""
        result = kernel.solve_win(self.board, self.table.table, self.table.work, piece, np.uint64(region),
                                  side, ctl, self._stop_at(ctl, budget))
        return None if result == kernel.ABORTED else int(result)

    def plies(self, piece: int, region: int, side: int, ctl: np.ndarray, budget: int = 0) -> int | None:
        """Plies to the end under perfect play (exact rules), None if cut off."""
        result = kernel.solve_plies(self.board, self.table.table, self.table.work, piece, np.uint64(region),
                                    side, ctl, self._stop_at(ctl, budget))
        return None if result == 0 else abs(int(result))

    def first_win(self, piece: int, region: int, side: int, ctl: np.ndarray) -> int | None:
        """A winning move of a won position (the solver's first), None if cut off or lost."""
        move = kernel.first_win(self.board, self.table.table, self.table.work, piece, np.uint64(region),
                                side, ctl, 0)
        return None if move < 0 else int(move)

    def best_move(self, piece: int, region: int, side: int, won: bool, ctl: np.ndarray,
                  budget: int = 0) -> tuple[int, int] | None:
        """(move, plies to the end after it) of a solved position: the shortest win when ``won``,
        else the longest loss; the lowest square on ties.  None if cut off."""
        b, table, work = self.board, self.table.table, self.table.work
        region = np.uint64(region)
        stop_at = self._stop_at(ctl, budget)
        best = None
        for q in range(b.n * b.n):
            if not b.nbr[piece] & region & b.bit[q]:
                continue
            if won:
                wins = kernel.move_wins(b, table, work, q, region, side, ctl, stop_at)
                if wins == kernel.ABORTED:
                    return None
                if not wins:
                    continue
            plies = int(kernel.move_plies(b, table, work, q, region, side, ctl, stop_at))
            if plies == 0:
                return None
            if best is None or (abs(plies) < best[1] if won else abs(plies) > best[1]):
                best = (q, abs(plies))
        return best
