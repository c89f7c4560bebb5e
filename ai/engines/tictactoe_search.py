"""Level-5's alpha-beta on boards of more than 16 squares, in the compiled kernel (ai/kernels/tictactoe.py).

The same evaluation and beam as the Python search of the lower levels (``OpenLines``), about twenty
times as many nodes a second, and aware of threats: a four wins, one of the opponent's must be
blocked (a forced block costs no depth), two of them lose, and against a double threat only its
answers are searched.  So at 0.3 s a move on 15x15 it reaches depth 7 to 10 where the Python
search reached 4 to 7, and sees a quiet move that sets up two threats a few moves later.  A win
or a loss it reports holds against every defence (and ends the search).  Boards of up to 16
squares keep the Python search (3x3 is solved outright, 4x4 searched to its end); from 7x6 up,
wins by threats lie beyond the Python search's depth (docs/tuning/tictactoe.md).

Its best line (analysis, the hint, the tree) is the one the kernel's iteration collected as it
searched, carried on from the table where a stored value cut it short (``principal_variation``):
as deep as the iteration went, or a proven result's to the win.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from ai import kernels
from ai.base import PROVEN, WIN, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.kernels import tictactoe as kernel
from ai.search import driver
from ai.search.driver import CTL_MAX_NODES, CTL_NODES
from games.base import IllegalMove
from games.tictactoe import TicTacToeState

KERNEL_CELLS = kernels.TICTACTOE_KERNEL_CELLS  # boards of more squares search in the kernel (the beam's boards)
WIDTH = 10  # squares searched at a node: the Python beam's ``BEAM_WIDTH``
ROOT_WIDTH = 16  # squares searched at the root, where a wider look costs least
TABLE_BITS = 20  # a million entries of 24 bytes
LINE_TABLE_BITS = 14  # the table of the short searches that fill a line where the search's table has no move
LINE_NODES = 5_000  # nodes at most of each of those searches (a few hundred: a proof's end, or an estimate's last plies)
LINE_SEARCH_PLIES = 3  # an estimate's line is filled by a search only this near its depth (else it ends there)


class KernelSearcher:
    """The driver's Searcher: one ``kernel.root`` iteration a depth, the table kept between moves."""

    kind = "alphabeta"
    deepen_share = 0.45  # past this share of the move time the next depth would very likely not finish

    def __init__(self) -> None:
        self.table: kernel.Table | None = None
        self.size: tuple[int, int, int] | None = None
        self.work: kernel.Scratch | None = None

    def start(self, state: TicTacToeState, limits: Limits) -> Progress | None:
        kernels.ready("tictactoe")
        game = state.game
        size = (game.width, game.height, game.k)
        if self.table is None or size != self.size:
            self.table, self.size = kernel.Table(TABLE_BITS), size
        self.board = kernel.board(*size)
        self.position = kernel.Position(self.board, state.boards)
        if self.work is None or len(self.work.gains[0]) != game.cells:
            self.work = kernel.Scratch(game.cells)
        self.state, self.side = state, state.to_move
        self.best = -1
        return self._drawn_for_good(state)

    def _drawn_for_good(self, state: TicTacToeState) -> Progress | None:
        """A position where every line holds a mark of each side: a draw whatever is played, said
        as proven by the rules, the first move in the game's order named.  Searched, each depth's
        values all 0 at once, the search went hundreds of plies deep in no time ("346 moves
        ahead" on a board with 50 squares left); None where some line is still open."""
        if self.position.state[kernel.S_OPEN] != 0:
            return None
        move = next(m for m in state.game.move_order if m in state.legal_moves())
        return Progress(best_move=move, pv=[move], score=0.0, depth=1, proven=0, kind="rule")

    def iterate(self, depth: int, ctl: np.ndarray) -> Progress | None:
        # a stopped iteration's move was the last one's best (searched first) or beat it
        value, move, finished = (int(x) for x in kernel.search(
            self.board, self.position, self.table, self.side, depth, WIDTH, ROOT_WIDTH, self.best, ctl, self.work))
        if move < 0:
            return None
        self.best = move
        result = Progress(best_move=move, score=float(value), depth=depth, kind=self.kind)
        if value >= PROVEN or (value <= -PROVEN and finished):  # holds against every defence (the kernel's
            # docstring), in about that many plies: no deeper look needed
            result.proven, result.proven_plies, result.kind = 1 if value > 0 else -1, WIN - abs(value), "solver"
        searched = self.work.line()
        result.pv = self.principal_variation(searched if searched[:1] == [move] else [move], depth,
                                             result.proven_plies, ctl)
        return result

    def principal_variation(self, searched: list[int], depth: int, proven_plies: int | None = None,
                            ctl: np.ndarray | None = None) -> list[int]:
        """The best line from the searched position: ``searched`` (the kernel's, its best move
        first), carried on with each position's best move as the table holds it where a stored
        value answered the search there, to ``depth`` plies, a forced block not counted (as the
        search counts them: a block costs no depth); a proven result's line (``proven_plies``)
        goes on to the win whatever the depth.  Where the table has no move a short search finds
        it (``_searched_move``, its nodes added to ``ctl``'s): a proof's end, or an estimate's last
        ``LINE_SEARCH_PLIES`` plies (further from the depth the line ends there: a deep search
        would cost the move's time).  Every move is played on the game's
        state, so the line is legal in sequence and ends at the game's end."""
        state = self.state.play(searched[0])
        position = kernel.Position(self.board, state.boards)
        line, left = [searched[0]], depth - 1
        most = proven_plies if proven_plies is not None else kernel.MAX_PLY
        while len(line) < most and not state.is_terminal():
            side = state.to_move
            forced = position.state[kernel.S_FOURS_X + 1 - side] > 0  # the opponent's four: block it
            if len(line) < len(searched):
                square = searched[len(line)]
            elif proven_plies is None and left <= 0 and not forced:
                break
            else:
                square = self.table.best_move(int(position.state[kernel.S_HASH]) ^ side)
                if square < 0 and (proven_plies is not None or left <= LINE_SEARCH_PLIES):
                    plies = left if proven_plies is None else proven_plies - len(line)
                    square = self._searched_move(position, side, plies, proven_plies is not None, ctl)
            try:
                state = state.play(square)
            except IllegalMove:  # none found, or a square taken in this line (another position's entry)
                break
            kernel.place(self.board.lines, self.board.through, self.board.near, self.board.keys, self.board.powers,
                         position.marks, position.counts, position.near_marks, position.state, square, side)
            line.append(square)
            left -= 0 if forced else 1
        return line

    def _searched_move(self, position: kernel.Position, side: int, plies: int, proven: bool,
                       ctl: np.ndarray | None) -> int:
        """The line's move where the table has none (written over since, or never stored: a four
        that wins next move, blocks that all lose): a search ``plies`` deep in a table of its own
        (the search's is left as it was, so that later searches find what they found before), or
        -1 when it does not finish within ``LINE_NODES``, or for a ``proven`` line proves nothing."""
        own = driver.new_ctl()
        own[CTL_MAX_NODES] = LINE_NODES
        value, square, finished = (int(x) for x in kernel.search(
            self.board, position, kernel.Table(LINE_TABLE_BITS), side, max(1, plies), WIDTH, ROOT_WIDTH, -1, own,
            self.work))
        if ctl is not None:
            ctl[CTL_NODES] += own[CTL_NODES]
        return square if finished and (abs(value) >= PROVEN or not proven) else -1


class KernelPlayer(Player):
    """Searches in the kernel on boards of more than ``KERNEL_CELLS`` squares, else with ``small``
    (the Python alpha-beta).  In the window's worker, while its warm-up compiles the kernel from
    scratch (the first run after installing: 10 s or more on a busy 2-core machine) or loads it
    from the cache, it searches with ``small`` too: level-5's search before the kernel, a move
    within its time instead of a wait outside its clock (``ai.kernels.preparing``)."""

    def __init__(self, info: PlayerInfo, small: Player) -> None:
        self.info, self.small = info, small
        self.searcher = KernelSearcher()
        self.last: Progress | None = None
        kernels.prepare("tictactoe")  # compiled or loaded now, not in a move's time (unless deferred)

    def choose(self, state: TicTacToeState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        if state.game.cells <= KERNEL_CELLS or kernels.preparing("tictactoe"):
            return self.small.choose(state, limits, progress)
        limits = limits or Limits(time=1.0)
        self.last = driver.search(self.searcher, state, limits, progress)
        return self.last.best_move

