"""Level-5's alpha-beta on boards of more than 16 squares, in the compiled kernel (ai/kernels/tictactoe.py).

The same evaluation and beam as the Python search of the lower levels (``OpenLines``), about twenty
times as many nodes a second, and aware of threats: a four wins, one of the opponent's must be
blocked (a forced block costs no depth), two of them lose, and against a double threat only its
answers are searched.  So at 0.3 s a move on 15x15 it reaches depth 7 to 10 where the Python
search reached 4 to 7, and sees a quiet move that sets up two threats a few moves later.  A win
or a loss it reports holds against every defence (and ends the search).  Boards of up to 16
squares keep the Python search (3x3 is solved outright, 4x4 searched to its end); from 7x6 up,
wins by threats lie beyond the Python search's depth (docs/tuning/tictactoe.md).
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from ai import kernels
from ai.base import PROVEN, WIN, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.kernels import tictactoe as kernel
from ai.search import driver
from games.tictactoe import TicTacToeState

KERNEL_CELLS = kernels.TICTACTOE_KERNEL_CELLS  # boards of more squares search in the kernel (the beam's boards)
WIDTH = 10  # squares searched at a node: the Python beam's ``BEAM_WIDTH``
ROOT_WIDTH = 16  # squares searched at the root, where a wider look costs least
TABLE_BITS = 20  # a million entries of 24 bytes


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
        self.side = state.to_move
        self.best = -1
        return None

    def iterate(self, depth: int, ctl: np.ndarray) -> Progress | None:
        # a stopped iteration's move was the last one's best (searched first) or beat it
        value, move, finished = (int(x) for x in kernel.search(
            self.board, self.position, self.table, self.side, depth, WIDTH, ROOT_WIDTH, self.best, ctl, self.work))
        if move < 0:
            return None
        self.best = move
        result = Progress(best_move=move, score=float(value), depth=depth, kind=self.kind, pv=[move])
        if value >= PROVEN or (value <= -PROVEN and finished):  # holds against every defence (the kernel's
            # docstring), in about that many plies: no deeper look needed
            result.proven, result.proven_plies, result.kind = 1 if value > 0 else -1, WIN - abs(value), "solver"
        return result


class KernelPlayer(Player):
    """Searches in the kernel on boards of more than ``KERNEL_CELLS`` squares, else with ``small``
    (the Python alpha-beta).  In the window's worker, while its warm-up compiles the kernel from
    scratch (the first run after installing: 10 s or more on a busy 2-core machine), it searches
    with ``small`` too: level-5's search before the kernel, a move within its time instead of a
    wait for the compiler (``ai.kernels.compiled_elsewhere``)."""

    def __init__(self, info: PlayerInfo, small: Player) -> None:
        self.info, self.small = info, small
        self.searcher = KernelSearcher()
        self.last: Progress | None = None
        kernels.prepare("tictactoe")  # compiled or loaded now, not in a move's time (unless deferred)

    def choose(self, state: TicTacToeState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        if state.game.cells <= KERNEL_CELLS or kernels.compiled_elsewhere("tictactoe"):
            return self.small.choose(state, limits, progress)
        limits = limits or Limits(time=1.0)
        self.last = driver.search(self.searcher, state, limits, progress)
        return self.last.best_move

