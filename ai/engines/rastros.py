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
from ai.levels import player_table, random_level, spec


def _level(**options):
    return lambda info, seed: RastrosPlayer(info, LevelOptions(**options), seed=seed)


PLAYERS = player_table(
    random_level(),
    spec("level-2", "Level 2", "Looks one move ahead, with a lot of randomness; takes a win in one and "
         "never lets you win in one when it can avoid it.", _level(depth=1, noise=250.0)),
    spec("level-3", "Level 3", "Looks three moves ahead, with some randomness; plays perfectly once "
         "neither goal can be reached.", _level(depth=3, noise=40.0)),
    spec("level-4", "Level 4", "Looks eight moves ahead, a little randomly; plays perfectly once the "
         "piece has 16 or fewer squares left to reach.", _level(depth=8, solve_limit=16, noise=8.0)),
    spec("level-5", "Level 5", "Searches as deep as its time allows, plays perfectly as soon as it has "
         "solved the game, knows the 8x8 opening.", _level(solve_limit=22, root_solve=True, book=True)),
    spec("rastros:bacoco", "Bacoco", "The course's random player.",
         lambda info, seed: course.Bacoco(info, seed)),
    spec("rastros:obtuso-sw", "ObtusoSW", "The course's player that always goes south, then west.",
         lambda info, seed: course.Obtuso(info, south=True)),
    spec("rastros:obtuso-ne", "ObtusoNE", "The course's player that always goes north, then east.",
         lambda info, seed: course.Obtuso(info, south=False)),
    spec("rastros:random-plus", "Random Plus", "The course's alpha-beta (depth 5) that only knows "
         "won and lost games.", course.classic(course.random_plus_eval)),
    spec("rastros:basilio", "Basilio", "The course's alpha-beta (depth 5) by distance to its goal: "
         "the player students must beat.", course.classic(course.basilio_eval)),
    spec("rastros:ar-livre", "Ar Livre", "The course's alpha-beta (depth 5) that maximises the "
         "number of legal moves.", course.classic(course.ar_livre_eval)),
)
