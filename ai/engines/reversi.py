"""Reversi players: the course's Easy/Medium/Hard and our five levels.

The course project (shared/seeds/004: a UFLA GCC128 Reversi) plays alpha-beta minimax at depth 2
(Easy), 4 (Medium) or 5 (Hard) with a disc-count evaluation; a player who cannot move passes
and the search goes on one level deeper, which is exactly our pass move.  They are rebuilt with
the course search (ai.search.classic), moves tried in board order.

Our levels (ai/engines/reversi_search.py: numba kernels on 6x6 and 8x8) evaluate positions with
ai/engines/reversi_eval.py -- mobility, corners, stability, parity: what decides Othello games
long before the disc count does -- and are weaker only by depth, noise and how early they solve
the endgame: 1 random; 2 one ply with a lot of noise; 3 three plies and the last 8 empties
solved; 4 five plies and the last 12 solved (on 10x10, whose solve is pure Python, as many as fit
the move time: 10 at 0.1 s); 5 iterative deepening for the whole move time and
the exact solver from as many empties as it can expect to prove in that time; on 8x8 level 5
judges positions with the learned pattern evaluation instead (ai/kernels/reversi_patterns.py,
weights from tools/reversi_train.py in ai/data/reversi_weights.npz) and searches selectively
(multi-ProbCut, parameters from tools/reversi_probcut.py in ai/data/reversi_probcut.npz), and
plays the first moves from an opening book (ai/engines/reversi_book.py: tools/reversi_book.py's
deep searches on 8x8, exact proofs on 6x6), at random among the moves within a disc of the best
so that its games differ.  Figures:
``python main.py bench reversi`` (ai/bench/reversi.py); history: docs/tuning/reversi.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import games
from ai.base import Player, PlayerInfo
from ai.engines.reversi_eval import pattern_weights, probcut_parameters
from ai.engines.reversi_search import ReversiPlayer
from ai.levels import player_table, random_level
from ai.roster import REVERSI_COURSE_DEPTHS
from ai.search.classic import ClassicPlayer
from games.base import State

COURSE_DEPTHS = REVERSI_COURSE_DEPTHS  # name -> depth of the course players, written in ai/roster.py
LEVEL_5_PROBCUT = 1.5  # level-5's multi-ProbCut threshold, in standard deviations of the fitted error


def disc_count(state: State, player: int) -> float:
    """The course heuristic: own discs minus the opponent's (also the value of a finished game)."""
    black, white = state.score()
    return black - white if player == 0 else white - black


def _course(depth: int) -> Callable[[PlayerInfo, int | None], Player]:
    return lambda info, seed: ClassicPlayer(info, depth, disc_count)


def _ours(**options) -> Callable[[PlayerInfo, int | None], Player]:
    return lambda info, seed: ReversiPlayer(info, seed=seed, **options)


PLAYERS = player_table("reversi", {
    "level-1": random_level,
    "level-2": _ours(depth=1, noise=60.0),
    "level-3": _ours(depth=3, solve_empties=8),
    "level-4": _ours(depth=5, solve_empties=12),
    "level-5": _ours(patterns=True, probcut=LEVEL_5_PROBCUT),
    **{f"reversi:{name}": _course(depth) for name, depth in COURSE_DEPTHS.items()},
})



def load_ahead(options: dict[str, Any]) -> tuple[str, ...]:
    """Read now what level-5 reads when it is made on a board of ``options``: on 8x8 its learned
    pattern weights (the file checked, the weights spread out: about 0.8 s) and its ProbCut
    parameters, kept for the process (``lru_cache``).  A spare AI worker calls it in the menus
    (``ui.worker_process._load_ahead``), so the game's level-5 finds them read.  The names of what was read."""
    if games.load("reversi", **options).size != 8:
        return ()
    loaded = ("pattern_weights",) if pattern_weights() is not None else ()
    return loaded + (("probcut_parameters",) if probcut_parameters() is not None else ())
