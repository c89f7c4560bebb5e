"""Rastros players: the five levels and the course's six players.

The levels share one engine (ai/engines/rastros_search.py, running in ai/kernels/rastros.py) and
differ in depth, noise and how much of the exact solver (ai/engines/rastros_solver.py) they use:
- level-1: a random legal move;
- level-2: one ply with a lot of noise (a random amount up to +-250 added to each move's value);
- level-3: three plies, noise +-40, exact only once no goal is reachable;
- level-4: eight plies, noise +-8, solver on regions of up to 16 squares;
- level-5: everything: deepening to the time limit, solver inside the tree on regions of up to
  22 squares and at the root (regions of up to 58 squares) beside the alpha-beta iterations, and
  the opening book of solved facts (North's replies to South's eight first moves on 8x8, a winning
  first move on 4x4, 5x5 and 6x6).
The course players are in ai/engines/rastros_course.py (faithful to the notebook).
"""

from __future__ import annotations

from ai.engines import rastros_course as course
from ai.engines.rastros_search import LevelOptions, RastrosPlayer
from ai.levels import player_table, random_level


def _level(**options):
    return lambda info, seed: RastrosPlayer(info, LevelOptions(**options), seed=seed)


PLAYERS = player_table("rastros", {
    "level-1": random_level,
    "level-2": _level(depth=1, noise=250.0),
    "level-3": _level(depth=3, noise=40.0),
    "level-4": _level(depth=8, solve_limit=16, noise=8.0),
    "level-5": _level(solve_limit=22, root_solve=True, book=True),
    "rastros:bacoco": lambda info, seed: course.Bacoco(info, seed),
    "rastros:obtuso-sw": lambda info, seed: course.Obtuso(info, south=True),
    "rastros:obtuso-ne": lambda info, seed: course.Obtuso(info, south=False),
    "rastros:random-plus": course.classic(course.random_plus_eval),
    "rastros:basilio": course.classic(course.basilio_eval),
    "rastros:ar-livre": course.classic(course.ar_livre_eval),
})
