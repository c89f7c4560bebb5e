"""Reversi players: the course's Easy/Medium/Hard, our five levels, and the benchmark figures.

The course project (shared/seeds/004: a UFLA GCC128 Reversi) plays alpha-beta minimax at depth 2
(Easy), 4 (Medium) or 5 (Hard) with a disc-count evaluation; a player who cannot move passes
and the search goes on one level deeper, which is exactly our pass move.  They are rebuilt with
the course search (ai.search.classic), moves tried in board order.

Our levels use the bitboard search of reversi_search.py with the evaluation of reversi_eval.py:
1 random; 2 one ply with a lot of noise; 3 three plies and the last 8 empties solved; 4 five plies
and the last 12 solved; 5 iterative deepening for the whole move time and the exact solver from
as many empties as it can expect to prove in that time (14 at 1 s a move, 16 at 5 s).
Measured ladder and strength: see bench_extra and the issue notes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ai.base import Clock, Limits, Player, PlayerInfo, Progress
from ai.engines.reversi_eval import evaluate, features
from ai.engines.reversi_search import ReversiPlayer
from ai.levels import player_table, random_level, spec
from ai.search.alphabeta import AlphaBetaPlayer
from ai.search.classic import ClassicPlayer
from games.base import State
from games.reversi import PASS, ReversiState

COURSE_DEPTHS = {"easy": 2, "medium": 4, "hard": 5}
OPENING_PLIES = 4  # random plies before each pair of strength games


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
    spec("level-4", "Level 4", "Looks five moves ahead; plays the last 12 squares perfectly.",
         _ours(depth=5, solve_empties=12)),
    spec("level-5", "Level 5", "Searches as deep as its time allows (mobility, corners, stability,"
         " parity) and solves the endgame exactly as early as it can.", _ours(solve_empties=26)),
    *(
        spec(f"reversi:{name}", f"Course {name.title()}",
             f"The course project's {name.title()}: alpha-beta at depth {depth}, counting discs.",
             _course(depth))
        for name, depth in COURSE_DEPTHS.items()
    ),
)

def proof_text(sides: tuple[str, str], mover: int, progress: Progress) -> str:
    """What a solver result means in words for the side panel: "Black wins by 6", "Draw".

    The solver reports ``proven`` (+1/0/-1 for the mover) and, as ``score``, the final disc
    margin for the mover; other results (estimates) give "".
    """
    if progress.kind != "solver" or progress.proven is None:
        return ""
    if progress.proven == 0:
        return "Draw with best play"
    winner = mover if progress.proven > 0 else 1 - mover
    return f"{sides[winner]} wins by {abs(int(progress.score))}"


# Fixed positions for `python main.py bench reversi`: the start, then positions with 44, 34, 24 and
# 18 empty squares from a game of level-4 against itself (a seeded 4-ply random opening).
BENCH_POSITIONS = [
    "---------------------------OX------XO--------------------------- X",
    "------------------OO------OOOX---XOOXXX--OOOOX-----OO-------O--- X",
    "-------------O---OOOO---OOOOXX--OOOXXXX-OOOXXX-----XXX----OOO--- X",
    "-OOOOO--O-OXOO--OOXXX---OXOOXX--OOXXXXX-OOOXXX-----XXX----OOO--- X",
    "-OOOOO--O-OXXXX-OOXXX---OOOOXX--OOOOXXX-OOXOOX----OXXXX--OOOOOO- X",
]


def _perft_figures(report: Callable[[str], None], quick: bool) -> None:
    import games

    game = games.load("reversi")
    start = game.initial_state()
    for depth in range(1, (7 if quick else 9) + 1):
        t0, c0 = time.perf_counter(), time.process_time()
        leaves = game.perft(start, depth)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        if depth >= 6:
            report(f"perft {depth}: {leaves} leaves in {dt:.2f} s ({leaves / dt / 1000:.0f} k leaves/s;"
                   f" {cpu:.2f} s of CPU: the machine may be shared)")


def _endgame_positions(seed: int) -> dict[int, State]:
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


def solve_within(state: State, seconds: float) -> Progress | None:
    """The solver alone (no midgame search first) on ``state`` with a time budget; None if unproven."""
    player = ReversiPlayer(PlayerInfo("bench", "bench"))
    return player.endgame(state, player.searcher(state), Clock(Limits(time=seconds)), None)


def solver_reach(report: Callable[[str], None], seconds: float = 1.0, seeds: tuple[int, ...] = (1, 2, 3)) -> int:
    """The most empties the solver proves within ``seconds`` in every one of a few late games."""
    reach = []
    for seed in seeds:
        positions = _endgame_positions(seed)
        proved = 0
        for empties in range(10, 30):
            state = positions.get(empties)
            if state is None or state.legal_moves() == [PASS]:
                continue
            t0, c0 = time.perf_counter(), time.process_time()
            result = solve_within(state, seconds)
            dt, cpu = time.perf_counter() - t0, time.process_time() - c0
            if result is None:
                report(f"  game {seed}: {empties} empties not proven in {seconds:.1f} s ({cpu:.2f} s of CPU)")
                break
            proved = empties
            report(f"  game {seed}: {empties} empties proven in {dt:.2f} s ({cpu:.2f} s of CPU): margin"
                   f" {result.score:+.0f}, {result.nodes} nodes ({result.nodes / max(dt, 1e-9) / 1000:.0f} k nodes/s)")
        reach.append(proved)
    return min(reach)


def strength_run(
    report: Callable[[str], None], a: str, b: str, games_n: int, seconds: float, seed: int = 7
) -> tuple[float, int]:
    """``games_n`` refereed games (ai.match) of ``a`` against ``b``; returns a's points.

    Each pair of games starts from the same seeded 4-ply random opening (``random_openings``) with colours swapped,
    so the deterministic players do not replay one game over and over.
    """
    import games
    from ai.match import paired_games, random_openings

    game = games.load("reversi")
    openings = random_openings(game, (games_n + 1) // 2, OPENING_PLIES, seed=seed)
    points = 0.0
    for g, (result, _first) in enumerate(paired_games(game, (a, b), games_n, seconds, openings=openings)):
        ids = result.players
        a_side = ids.index(a)
        moves = [len(result.moves[OPENING_PLIES + i::2]) for i in (0, 1)]  # even: Black moves first after it
        per_move = [result.time_used[i] / max(1, moves[i]) for i in (0, 1)]
        points += 1.0 if result.winner == a_side else 0.5 if result.winner is None else 0.0
        report(f"  game {g + 1}: {a} as {game.sides[a_side]}: {result.reason}; s/move {a}"
               f" {per_move[a_side]:.2f} (max {result.max_move_time[a_side]:.2f}), {b} {per_move[1 - a_side]:.2f}")
    return points, games_n


class StateEvaluator:
    """Our evaluation behind the generic Evaluator interface: only to measure what the bitboard
    search gains over ai.search.alphabeta (see bench_extra)."""

    def evaluate(self, state: ReversiState) -> float:
        return evaluate(state.mover, state.opponent, features(state.game.geo)) / 100.0

    def order_moves(self, state: ReversiState, moves: list) -> list:
        value = features(state.game.geo).square_value
        return sorted(moves, key=lambda m: -value[m] if m != PASS else 0)


def compare_searches(report: Callable[[str], None], seconds: float = 1.0) -> None:
    """Depth and nodes/s in ``seconds`` from the midgame bench positions: bitboard vs generic."""
    import games

    game = games.load("reversi")
    for text in BENCH_POSITIONS[1:4]:
        state = game.from_text(text)
        ours = ReversiPlayer(PlayerInfo("bench", "bench"), solve_empties=0)
        ours.choose(state, Limits(time=seconds))
        generic = AlphaBetaPlayer(StateEvaluator(), PlayerInfo("bench", "bench"))
        generic.choose(state, Limits(time=seconds))
        a, b = ours.last, generic.last
        report(f"  {state.empties()} empties: bitboard depth {a.depth} ({a.nps / 1000:.1f} k nodes/s),"
               f" generic alpha-beta depth {b.depth} ({b.nps / 1000:.1f} k nodes/s)")


def bench_extra(report: Callable[[str], None], quick: bool) -> None:
    """Perft speed, solver reach in 1 s, and a short level-5 vs course Hard run."""
    report("Perft from the 8x8 start (bitboards, no State objects):")
    _perft_figures(report, quick)
    report("Midgame search in 1 s, our bitboard negamax against ai.search.alphabeta with the same evaluation:")
    compare_searches(report, 1.0)
    report("Exact solver: empties proven within 1 s (positions from seeded self-play):")
    reach = solver_reach(report, 1.0, (1,) if quick else (1, 2, 3))
    report(f"solver proves {reach} empties within 1 s in every game tried")
    n, t = (2, 0.3) if quick else (4, 1.0)
    report(f"Strength: level-5 vs reversi:hard, {n} games at {t} s/move:")
    points, played = strength_run(report, "level-5", "reversi:hard", n, t)
    report(f"level-5 scored {points}/{played} against reversi:hard")
