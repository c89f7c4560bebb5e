"""Reversi figures for ``main.py bench reversi``: kernel vs pure-Python speed, perft, solver reach,
the FFO endgame suite and a short strength run.

- Midgame speed: level-5's search (numba kernels) and the pure-Python search it replaced, each for
  1 s from the same fixed positions: depth, nodes per second (wall clock and CPU: the bench
  machine is shared).
- Perft from the 8x8 start, through the kernel and (to depth 7) through games/reversi.py.
- Exact solver: the most empties proved within 1 s in games of self-play, and the FFO endgame
  positions #40-#49 (tests/data/ffo/) with their published scores.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ai.base import Limits, PlayerInfo, Progress
from ai.bench import hint_depths, hint_heading
from ai.engines.reversi import LEVEL_5_PROBCUT
from ai.engines.reversi_search import ReversiPlayer
from games.base import State

Report = Callable[[str], None]
OPENING_PLIES = 4  # random plies before each pair of strength games
FFO_FILE = Path(__file__).resolve().parents[2] / "tests" / "data" / "ffo" / "fforum-40-59.txt"

# Fixed positions for `python main.py bench reversi`: the start, then positions with 44, 34, 24 and
# 18 empty squares from a game of level-4 against itself (a seeded 4-ply random opening).
BENCH_POSITIONS = [
    "---------------------------OX------XO--------------------------- X",
    "------------------OO------OOOX---XOOXXX--OOOOX-----OO-------O--- X",
    "-------------O---OOOO---OOOOXX--OOOXXXX-OOOXXX-----XXX----OOO--- X",
    "-OOOOO--O-OXOO--OOXXX---OXOOXX--OOXXXXX-OOOXXX-----XXX----OOO--- X",
    "-OOOOO--O-OXXXX-OOXXX---OOOOXX--OOOOXXX-OOXOOX----OXXXX--OOOOOO- X",
]


def timed(run: Callable[[], object]) -> tuple[object, float, float]:
    """(result, wall seconds, CPU seconds of this process) of ``run()``."""
    t0, c0 = time.perf_counter(), time.process_time()
    result = run()
    return result, time.perf_counter() - t0, time.process_time() - c0


def midgame_speed(state: State, seconds: float, python: bool) -> tuple[Progress, float]:
    """Level-5's search (midgame only: no solver) for ``seconds``: its final report and CPU seconds."""
    player = ReversiPlayer(PlayerInfo("bench", "bench"), solve_empties=0, python=python)
    _, _, cpu = timed(lambda: player.choose(state, Limits(time=seconds)))
    return player.last, cpu


def compare_searches(report: Report, seconds: float = 1.0) -> None:
    """Depth and nodes/s in ``seconds`` from the bench positions: kernel vs pure Python."""
    import games

    game = games.load("reversi")
    for text in BENCH_POSITIONS[1:]:
        state = game.from_text(text)
        line = f"  {state.empties()} empties:"
        for name, python in (("kernel", False), ("pure Python", True)):
            p, cpu = midgame_speed(state, seconds, python)
            line += (f" {name} depth {p.depth} ({p.nodes / max(p.elapsed, 1e-9) / 1e3:.0f} k nodes/s,"
                     f" {p.nodes / max(cpu, 1e-9) / 1e3:.0f} k per CPU s);")
        report(line.rstrip(";"))


def perft_figures(report: Report, quick: bool) -> None:
    import games
    from ai.kernels import reversi as kernel

    game = games.load("reversi")
    start = game.initial_state()
    geo = kernel.geometry(8)
    me, opp = np.uint64(start.mover), np.uint64(start.opponent)
    for depth in range(8, (9 if quick else 11) + 1):
        leaves, dt, cpu = timed(lambda d=depth: kernel.perft(me, opp, d, geo))
        report(f"  kernel perft {depth}: {leaves} leaves in {dt:.3f} s ({cpu:.3f} s of CPU)")
    depth = 6 if quick else 7
    leaves, dt, cpu = timed(lambda: game.perft(start, depth))
    report(f"  games/reversi.py perft {depth}: {leaves} leaves in {dt:.3f} s ({cpu:.3f} s of CPU)")


def endgame_positions(seed: int) -> dict[int, State]:
    """Positions by number of empties from a game of a depth-3 search against itself after a
    seeded 4-ply random opening: balanced games, so the solver is not flattered by wipe-outs."""
    import games

    game = games.load("reversi")
    rng = random.Random(seed)
    player = ReversiPlayer(PlayerInfo("bench", "bench"), depth=3, solve_empties=0)
    state = game.initial_state()
    out: dict[int, State] = {}
    while not state.is_terminal():
        out.setdefault(state.empties(), state)
        moves = state.legal_moves()
        move = rng.choice(moves) if state.empties() > 56 else player.choose(state, Limits(depth=3))
        state = state.play(move)
    return out


def solve_within(state: State, seconds: float | None, python: bool = False) -> Progress | None:
    """Level-5's solver alone (no midgame search first) on ``state`` within ``seconds``; None if unproven."""
    player = ReversiPlayer(PlayerInfo("bench", "bench"), python=python, patterns=True)
    player.engine(state).solve_first = True
    player.choose(state, Limits(time=seconds))
    return player.last if player.last.proven is not None else None


def solver_reach(report: Report, seconds: float = 1.0, seeds: tuple[int, ...] = (1, 2, 3),
                 python: bool = False) -> int:
    """The most empties the solver proves within ``seconds`` in every one of a few late games."""
    reach = []
    for seed in seeds:
        positions = endgame_positions(seed)
        proved = 0
        for empties in range(10, 40):
            state = positions.get(empties)
            if state is None or state.must_pass():
                continue
            result, dt, cpu = timed(lambda s=state: solve_within(s, seconds, python))
            if result is None:
                report(f"  game {seed}: {empties} empties not proven in {seconds:.1f} s ({cpu:.2f} s of CPU)")
                break
            proved = empties
            report(f"  game {seed}: {empties} empties proven in {dt:.2f} s ({cpu:.2f} s of CPU): margin"
                   f" {result.score:+.0f}, {result.nodes} nodes ({result.nodes / max(dt, 1e-9) / 1e3:.0f} k nodes/s)")
        reach.append(proved)
    return min(reach)


def ffo_positions() -> list[tuple[int, str, int]]:
    """(number, position text, published exact score for the side to move) from tests/data/ffo."""
    out = []
    for line in FFO_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            number, board, side, score = line.split()[:4]
            out.append((int(number), f"{board} {side}", int(score)))
    return out


def ffo_run(report: Report, numbers: range, seconds: float = 60.0) -> None:
    """Solve FFO positions ``numbers`` with the kernel solver: time, score, published score.  The
    suite is test data of the source checkout: the app bundle and ``pip install .`` lack it, and
    their ``bench reversi`` ended there in a FileNotFoundError; it now says so and goes on."""
    if not FFO_FILE.is_file():
        report(f"  skipped: the FFO suite is in the source checkout's tests/data/ffo, not in this copy ({FFO_FILE})")
        return
    import games

    game = games.load("reversi")
    for number, text, published in ffo_positions():
        if number not in numbers:
            continue
        state = game.from_text(text)
        result, dt, cpu = timed(lambda s=state: solve_within(s, seconds))
        if result is None:
            report(f"  FFO #{number} ({state.empties()} empties): not solved in {seconds:.0f} s")
            continue
        verdict = "=" if int(result.score) == published else "!= published"
        report(f"  FFO #{number} ({state.empties()} empties): {result.score:+.0f} {verdict} {published:+d},"
               f" best {game.format_move(state, result.best_move)}, {dt:.2f} s ({cpu:.2f} s of CPU),"
               f" {result.nodes} nodes ({result.nodes / max(dt, 1e-9) / 1e6:.1f} M nodes/s)")


def strength_run(report: Report, a: str, b: str, games_n: int, seconds: float, seed: int = 7) -> tuple[float, int]:
    """``games_n`` refereed games (ai.match) of ``a`` against ``b``; returns a's points.

    Each pair of games starts from the same seeded 4-ply random opening with colours swapped, so
    the deterministic players do not replay one game over and over.
    """
    import games
    from ai.match import paired_games, random_openings

    game = games.load("reversi")
    openings = random_openings(game, (games_n + 1) // 2, OPENING_PLIES, seed=seed)
    points = 0.0
    for g, (result, _first) in enumerate(paired_games(game, (a, b), games_n, seconds, openings=openings)):
        a_side = result.players.index(a)
        moves = [len(result.moves[OPENING_PLIES + i::2]) for i in (0, 1)]  # even: Black moves first after it
        per_move = [result.time_used[i] / max(1, moves[i]) for i in (0, 1)]
        points += 1.0 if result.winner == a_side else 0.5 if result.winner is None else 0.0
        report(f"  game {g + 1}: {a} as {game.sides[a_side]}: {result.reason}; s/move {a}"
               f" {per_move[a_side]:.2f} (max {result.max_move_time[a_side]:.2f}), {b} {per_move[1 - a_side]:.2f}")
    return points, games_n


HELD_OUT_SEEDS = range(101, 116)  # games for the evaluation error; training used tools/reversi_train.py --seed 1
HELD_OUT_EMPTIES = range(14, 21)


def held_out_positions(seeds: range = HELD_OUT_SEEDS) -> list[tuple[State, int]]:
    """(position, exact final margin for the mover) with 14-20 empties from seeded games that the
    training never saw (``endgame_positions``: a depth-3 search against itself)."""
    out = []
    for seed in seeds:
        for empties, state in sorted(endgame_positions(seed).items()):
            if empties in HELD_OUT_EMPTIES and not state.must_pass():
                out.append((state, int(solve_within(state, None).score)))
    return out


def evaluation_error(report: Report, quick: bool) -> None:
    """Mean absolute error, in discs, of the hand-set and the learned evaluation against exact
    final margins.  The hand-set evaluation is in its own points: they are turned into discs by the
    one scale factor tools/reversi_train.py fitted on its exactly labelled training positions."""
    from ai.engines.reversi_eval import pattern_weights, weights_summary
    from ai.kernels import reversi as kernel
    from ai.kernels.reversi_patterns import packed_value

    learned = pattern_weights()
    if learned is None:
        report("  no learned weights shipped (ai/data/reversi_weights.npz)")
        return
    summary = weights_summary()
    scale = summary["handset_scale"]
    geo = kernel.geometry(8)
    rows = []
    for state, exact in held_out_positions(HELD_OUT_SEEDS[:3] if quick else HELD_OUT_SEEDS):
        me, opp = np.uint64(state.mover), np.uint64(state.opponent)
        handset = float(kernel.evaluate(me, opp, np.uint64(kernel.move_mask(me, opp, geo)), geo)) * scale
        rows.append((state.empties(), exact, handset, float(packed_value(me, opp, *learned))))
    table = np.array(rows)
    for label, part in (("all", table), *((f"{e} empties", table[table[:, 0] == e]) for e in HELD_OUT_EMPTIES)):
        if len(part):
            old, new = np.abs(part[:, 2] - part[:, 1]).mean(), np.abs(part[:, 3] - part[:, 1]).mean()
            report(f"  {label}: {len(part)} positions, mean abs error hand-set {old:.2f} discs, learned {new:.2f}")
    report(f"  (hand-set points x {scale:.4f} = discs, fitted on the training set; weights: {summary['made']})")


DEPTH_SEARCHES = (("hand-set", {}), ("learned", {"patterns": True}),
                  ("learned + ProbCut", {"patterns": True, "probcut": LEVEL_5_PROBCUT}))


def depth_figures(report: Report, seconds: float = 1.0) -> None:
    """Level-5's midgame depth in ``seconds`` (no solver) at the start, midgame and late midgame,
    with the hand-set evaluation, the learned one, and the learned one with multi-ProbCut."""
    import games

    game = games.load("reversi")
    for text in BENCH_POSITIONS:
        state = game.from_text(text)
        line = f"  {state.empties()} empties:"
        for name, options in DEPTH_SEARCHES:
            player = ReversiPlayer(PlayerInfo("bench", "bench"), solve_empties=0, **options)
            _, _, cpu = timed(lambda p=player, s=state: p.choose(s, Limits(time=seconds)))
            p = player.last
            line += f" {name} depth {p.depth} ({p.nodes / max(cpu, 1e-9) / 1e3:.0f} k nodes per CPU s);"
        report(line.rstrip(";"))


# 10x10 positions of seeded random play (65 and 47 empties) for the pure-Python search's hint figures
HINT_POSITIONS_10X10 = [
    "-------------O----X-OOOO-OOX---O-XXXX----XOXOX-O---X-OOOOO--XX-XOOO----X----X----------X------------ O",
    "--------X--X--X-OX--O-XOOOO-O--OXXOOOO--OOOXXOX-X-XOOXXXXX---OOXXXX-----OXXXOX---O--XX--X-----X----X O",
]


def hint_figures(report: Report, seconds: float) -> None:
    """A hint's depth in ``seconds`` from the positions past the book and two 10x10 ones (the
    pure-Python search), null windows beside full ones."""
    import games

    game, large = games.load("reversi"), games.load("reversi", size=10)
    states = [game.from_text(text) for text in BENCH_POSITIONS[1:]] + [large.from_text(text)
                                                                        for text in HINT_POSITIONS_10X10]
    hint_depths(report, "reversi", states, seconds, lambda player, state: player.engine(state))


def bench_extra(report: Report, quick: bool) -> None:
    """Kernel vs pure-Python speed, perft, solver reach, FFO #40-#49, a short level-5 vs course Hard run."""
    report("Evaluation error against exact margins, held-out positions with 14-20 empties:")
    evaluation_error(report, quick)
    report("Level-5's midgame depth in 1 s: hand-set evaluation, learned, learned with multi-ProbCut:")
    depth_figures(report, 1.0)
    heading = hint_heading(1.0)
    report(f"{heading[0].upper()}{heading[1:]}:")
    hint_figures(report, 1.0)
    report("Midgame search in 1 s, numba kernels against the pure-Python search they replaced:")
    compare_searches(report, 1.0)
    report("Perft from the 8x8 start (a pass is a move, a finished game a leaf):")
    perft_figures(report, quick)
    report("Exact solver: empties proven within 1 s (positions from seeded self-play):")
    reach = solver_reach(report, 1.0, (1,) if quick else (1, 2, 3))
    report(f"kernel solver proves {reach} empties within 1 s in every game tried")
    report("FFO endgame suite (tests/data/ffo), the kernel solver alone, at most 2 minutes each:")
    ffo_run(report, range(40, 42) if quick else range(40, 50), 120.0)
    n, t = (2, 0.3) if quick else (4, 1.0)
    report(f"Strength: level-5 vs reversi:hard, {n} games at {t} s/move:")
    points, played = strength_run(report, "level-5", "reversi:hard", n, t)
    report(f"level-5 scored {points}/{played} against reversi:hard")
