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

from ai.base import Player, PlayerInfo
from ai.engines.reversi_search import ReversiPlayer
from ai.levels import player_table, random_level, spec
from ai.search.classic import ClassicPlayer
from games.base import State

COURSE_DEPTHS = {"easy": 2, "medium": 4, "hard": 5}
LEVEL_5_PROBCUT = 1.5  # level-5's multi-ProbCut threshold, in standard deviations of the fitted error
EVAL_SCALE = 12.0  # discs of final margin that make a clear advantage (the eval bar and graphs, ui/analysis.py)


def disc_count(state: State, player: int) -> float:
    """The course heuristic: own discs minus the opponent's (also the value of a finished game)."""
    black, white = state.score()
    return black - white if player == 0 else white - black


def _course(depth: int) -> Callable[[PlayerInfo, int | None], Player]:
    return lambda info, seed: ClassicPlayer(info, depth, disc_count)


def _ours(**options) -> Callable[[PlayerInfo, int | None], Player]:
    return lambda info, seed: ReversiPlayer(info, seed=seed, **options)


PLAYERS = player_table(
    random_level(),
    spec("level-2", "Level 2", "Looks one move ahead and knows corners, with a lot of randomness.",
         _ours(depth=1, noise=60.0)),
    spec("level-3", "Level 3", "Looks three moves ahead; plays the last 8 squares perfectly.",
         _ours(depth=3, solve_empties=8)),
    spec("level-4", "Level 4", "Looks five moves ahead; plays the last 12 squares perfectly, fewer on 10x10"
         " at the shortest times per move.",
         _ours(depth=5, solve_empties=12)),
    spec("level-5", "Level 5", "Opens from its book, searches as deep as its time allows, judging positions"
         " by edge, corner and diagonal patterns learned from thousands of its own games, and solves the"
         " endgame exactly as early as it can.", _ours(patterns=True, probcut=LEVEL_5_PROBCUT)),
    *(
        spec(f"reversi:{name}", f"Course {name.title()}",
             f"The course project's {name.title()}: alpha-beta at depth {depth}, counting discs.",
             _course(depth))
        for name, depth in COURSE_DEPTHS.items()
    ),
)

