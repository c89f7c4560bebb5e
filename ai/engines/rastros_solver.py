"""The exact Rastros solver as the players use it: who wins, the best move and the game's length.

The work is done by the kernels in ai/kernels/rastros.py (see there for the shortcuts that make
it fast: the forbidden squares next to the opponent's goal, blocking moves, and the matching test
once no goal is reachable).  This class keeps one board's solver table between moves, so a
position proven once stays proven for the rest of the game, and turns kernel results into moves:
the shortest win when won, and when lost the hardest loss: the reply after which the winner has
the fewest winning moves (one slip and the win is gone), then the longest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ai.kernels import rastros as kernel
from ai.search.driver import CTL_NODES

TRIVIAL = 9  # more winning moves than a position has: the own goal is next to the piece, nobody misses it


def winning_move_count(b, table, work, piece: int, region, side: int, ctl: np.ndarray, stop_at: int,
                       enough: int = TRIVIAL, known: int | None = None) -> int | None:
    """How many moves win for the side to move in (piece, region, side), counting stops at
    ``enough``; TRIVIAL when the own goal is next to the piece (a win in one is never hard);
    None if cut off (``stop_at``: 0 or an absolute ``ctl[CTL_NODES]``).  ``known`` is a move
    already known to win (a book move): counted without solving, the others solved after it."""
    region = np.uint64(region)
    moves = b.nbr[piece] & region
    if moves & b.goal_bit[side]:
        return TRIVIAL
    count = 0 if known is None else 1
    for q in range(b.n * b.n):
        if count >= enough:
            break
        if q == known or not moves & b.bit[q]:
            continue
        wins = kernel.move_wins(b, table, work, q, region, side, ctl, stop_at)
        if wins == kernel.ABORTED:
            return None
        count += int(wins)
    return min(count, enough)


class SolvedMove(NamedTuple):
    """The move a solved position is played with, and the lengths of the game it leaves."""

    move: int
    plies: int  # plies to the end after this move, the move included (perfect play from there)
    length: int  # plies to the end from the position under perfect play: the winner's quickest
    #              win, the loser's slowest loss (the hardest loss chosen need not be the slowest)


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
                  budget: int = 0, hardest: bool = True, prefer: int | None = None,
                  game_squares: Sequence[int] | None = None) -> SolvedMove | None:
        """The move of a solved position, on ties ``prefer`` (a book's move) or else the lowest
        square as the game numbers it (``game_squares``: each square's number there, when the
        solver works in the mirrored frame; the game's order of the moves, as analysis breaks ties),
        with the lengths (``SolvedMove``).
        Won: the shortest win.  Lost and ``hardest`` (the computer's own move): the reply after
        which the winner has the fewest winning moves (a reply that ends the game, lets the winner
        step into its goal or leaves the winner no losing move counts as the most), then the
        longest loss; when counting is cut off by ``budget``, or not ``hardest`` (a hint, which
        names the slowest loss as analysis ranks it), the longest loss.
        None if the lengths are cut off."""
        b, table, work = self.board, self.table.table, self.table.work
        region = np.uint64(region)
        stop_at = self._stop_at(ctl, budget)
        replies = []  # (move, plies to the end after it)
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
            replies.append((q, abs(plies)))
        if not replies:
            return None
        def game_square(q: int) -> int:
            return q if game_squares is None else game_squares[q]

        if won:
            quickest = min(replies, key=lambda r: (r[1], r[0] != prefer, game_square(r[0])))
            return SolvedMove(*quickest, quickest[1])
        longest = min(replies, key=lambda r: (-r[1], r[0] != prefer, game_square(r[0])))
        if not hardest:
            return SolvedMove(*longest, longest[1])
        counts = self.winner_counts(piece, region, side, [q for q, _ in replies], ctl, stop_at)
        if counts is None:
            return SolvedMove(*longest, longest[1])
        return SolvedMove(*min(replies, key=lambda r: (counts[r[0]], -r[1], r[0])), longest[1])

    def winner_counts(self, piece: int, region, side: int, replies: list[int], ctl: np.ndarray,
                      stop_at: int) -> dict[int, int] | None:
        """The winner's winning-move count after each of the loser's ``replies`` (TRIVIAL + 1
        when the reply ends the game; TRIVIAL when every move of the winner wins, as an only move
        does: nothing to slip into), each counted only as far as the best so far; None if cut off."""
        b, table, work = self.board, self.table.table, self.table.work
        counts: dict[int, int] = {}
        fewest = TRIVIAL
        for q in replies:
            if kernel.final_move_plies(b, q, region, side) != 0:
                counts[q] = TRIVIAL + 1
                continue
            child = kernel.flood(b, q, region & ~b.bit[q])
            count = winning_move_count(b, table, work, q, child, 1 - side, ctl, stop_at, enough=fewest + 1)
            if count is None:
                return None
            if count == kernel.popcount(b.nbr[q] & child):  # every move wins (an only move): no slip
                count = TRIVIAL
            counts[q] = count
            fewest = min(fewest, count)
        return counts
