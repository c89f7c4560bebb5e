"""Rastros players: the five levels and the course's six players.

The levels share one engine (ai/engines/rastros_search.py) and differ in depth, noise and how
much of the exact solver (ai/engines/rastros_solver.py) they use:
- level-1: a random legal move;
- level-2: one ply with a lot of noise (a random amount up to +-250 added to each move's value);
- level-3: three plies, noise +-40, exact only once no goal is reachable;
- level-4: eight plies, noise +-8, solver on regions of up to 16 squares;
- level-5: everything: deepening to the time limit, solver inside the tree on regions of up to
  22 squares and at the root on regions of up to 48 squares for 40% of the move's time, and the
  opening book of solved facts (North's replies to South's eight first moves on 8x8, a winning
  first move on 4x4, 5x5 and 6x6).
The course players are in ai/engines/rastros_course.py (faithful to the notebook).
"""

from __future__ import annotations

import time

from ai.base import Limits
from ai.engines import rastros_course as course
from ai.engines.rastros_search import RastrosPlayer
from ai.levels import player_table, random_level, spec


def _level(**options):
    return lambda info, seed: RastrosPlayer(info, seed=seed, **options)


PLAYERS = player_table(
    random_level(),
    spec("level-2", "Level 2", "Looks one move ahead, with a lot of randomness.",
         _level(depth=1, noise=250.0)),
    spec("level-3", "Level 3", "Looks three moves ahead, with some randomness; knows the end once no "
         "goal can be reached.", _level(depth=3, noise=40.0)),
    spec("level-4", "Level 4", "Looks eight moves ahead, a little randomly, and solves small regions "
         "exactly.", _level(depth=8, solve_limit=16, noise=8.0)),
    spec("level-5", "Level 5", "Deepens to the time limit, solves the game exactly as soon as it "
         "can, knows the 8x8 opening.", _level(solve_limit=22, root_solve=True, book=True)),
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

# Position texts for `python main.py bench rastros`: the start, and plies 12 and 24 of a game
# level-5 (North) won against Basilio.
BENCH_POSITIONS = [
    "to-move: South\n.......N\n........\n........\n....W...\n........\n........\n........\nS.......",
    "to-move: South\n#W.....N\n.#......\n#.......\n#...#...\n#..#....\n###.....\n##......\nS.......",
    "to-move: South\n######.N\n#####W..\n###.....\n##..#...\n#..#....\n###.....\n##......\nS.......",
]


def _solver_reach(report, seconds: float, samples: int) -> None:
    """Solve positions of level-2 self-play games from scratch (fresh tables); report, per region
    size, how many finish within ``seconds``, and the largest region that needed real search."""
    import random

    import ai
    import games
    from ai.engines.rastros_board import geometry
    from ai.engines.rastros_solver import OutOfBudget, Solver

    game = games.load("rastros")
    geo = geometry(8)
    rng = random.Random(1)
    buckets: dict[int, list[int]] = {}
    largest = (0, 0.0, 0)
    seed = 0
    while sum(len(b) for b in buckets.values()) < samples:
        seed += 1
        player = ai.make_player("rastros", "level-2", seed=seed)
        state = game.initial_state()
        for _ in range(rng.randrange(4, 34)):
            if state.is_terminal():
                break
            state = state.play(player.choose(state, Limits(depth=1)))
        region = geo.flood(state.white, state.free) if not state.is_terminal() else 0
        size = region.bit_count()
        if size < 20:
            continue
        solver = Solver(geo)
        start = time.perf_counter()
        try:
            solver.solve(state.white, region, state.to_move,
                         check=lambda s=start: time.perf_counter() - s > seconds)
            solved = 1
            if size > largest[0] and solver.nodes >= 100:
                largest = (size, time.perf_counter() - start, solver.nodes)
        except OutOfBudget:
            solved = 0
        buckets.setdefault(size // 10 * 10, []).append(solved)
    for low in sorted(buckets):
        got = buckets[low]
        report(f"  regions of {low}-{low + 9} squares: {sum(got)}/{len(got)} solved within {seconds:g} s")
    report(f"largest region solved within {seconds:g} s (of those needing 100+ positions): "
           f"{largest[0]} squares ({largest[1]:.2f} s, {largest[2]} positions)")


def _match(report, a: str, b: str, games_each: int, seconds: float) -> None:
    import ai
    import games

    game = games.load("rastros")
    wins = 0
    for g in range(2 * games_each):
        south_is_a = g % 2 == 0
        players = [ai.make_player("rastros", a if south_is_a else b, seed=g),
                   ai.make_player("rastros", b if south_is_a else a, seed=g + 1000)]
        state = game.initial_state()
        while not state.is_terminal():
            state = state.play(players[state.to_move].choose(state, Limits(time=seconds)))
        if (state.winner() == 0) == south_is_a:
            wins += 1
    report(f"  {a} vs {b}: {wins}/{2 * games_each} ({seconds:g} s/move, both sides)")


def bench_extra(report, quick: bool) -> None:
    """Solver reach, small-board solutions and short matches (level-5 vs the course, the ladder)."""
    import games
    from ai.engines.rastros_board import geometry
    from ai.engines.rastros_solver import Solver

    for n in (4, 5, 6):
        state = games.load("rastros", size=n).initial_state()
        geo = geometry(n)
        solver = Solver(geo)
        start = time.perf_counter()
        region = geo.flood(state.white, state.free)
        win = solver.solve(state.white, region, 0)
        report(f"{n}x{n}: {'South' if win else 'North'} wins; {solver.nodes} positions, "
               f"{time.perf_counter() - start:.2f} s")
    _solver_reach(report, 1.0, 30 if quick else 100)
    per_move = 0.3 if quick else 0.5
    rounds = 1 if quick else 2
    for opponent in ("rastros:bacoco", "rastros:obtuso-sw", "rastros:obtuso-ne",
                     "rastros:random-plus", "rastros:basilio", "rastros:ar-livre"):
        _match(report, "level-5", opponent, rounds, per_move)
    for low, high in (("level-1", "level-2"), ("level-2", "level-3"), ("level-3", "level-4"),
                      ("level-4", "level-5")):
        _match(report, high, low, rounds, per_move)
