"""Hex players: the five levels, the class notebook's player and plain UCT.

What plays Hex well within Python's means, chosen by measurement (see ``bench_extra``):
- ``hex_mcts``: Monte Carlo tree search over flat arrays with RAVE (all-moves-as-first),
  bridge-saving playouts (the two-bridge and the edge template), and proofs in the tree (wins in
  one, forced blocks, double threats).  Level 5 uses it with all its time; level 4 with 300
  playouts a move; level 3 (like "hex:uct") is its plain-UCT form with uniformly random playouts.
  Measured on 9x9 and 11x11 at 0.5 s a move, level 5 beat plain UCT 40-0 on each size.
- ``hex_solver``: an exact solver; on 3x3 and 4x4 level-5 plays the proven winning move, so it
  always wins as Blue and never misses a win.  On bigger boards it is tried once at most 12 cells
  are empty, within 30% of the move time.
- ``hex_notebook``: the course notebook's alpha-beta with its shortest-path heuristic.
Level 2 is one ply of that shortest-path heuristic with noise: it heads for its edges but has no
idea of bridges or of the opponent's threats.
"""

from __future__ import annotations

import random
import time

from ai.base import Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.hex_mcts import HexMCTSPlayer
from ai.engines.hex_notebook import NotebookPlayer, shortest_path_heuristic
from ai.engines.hex_solver import OutOfBudget, solver
from ai.levels import player_table, random_level, spec
from games.hex import HexState

SOLVE_ALWAYS = 4  # board sizes solved outright at every move
SOLVE_EMPTIES = 12  # on larger boards, try the solver once this few cells are empty


class GreedyPlayer(Player):
    """Level 2: the move whose shortest-path value is best, plus noise (a beginner's instinct)."""

    def __init__(self, info: PlayerInfo, noise: float = 1.5, seed: int | None = None) -> None:
        self.info = info
        self.noise = noise
        self.rng = random.Random(seed)

    def choose(self, state: HexState, limits: Limits | None = None, progress: ProgressCallback | None = None):
        me = state.to_move
        scored = [
            (shortest_path_heuristic(state.play(m), me) + self.rng.uniform(0, self.noise), m)
            for m in state.legal_moves()
        ]
        value, move = max(scored, key=lambda t: t[0])
        if progress:
            progress(Progress(depth=1, best_move=move, score=value, nodes=len(scored), pv=[move], done=True))
        return move


class SolvingPlayer(HexMCTSPlayer):
    """Level 5: MCTS with RAVE, plus the exact solver wherever it answers in time."""

    def choose(self, state: HexState, limits: Limits | None = None, progress: ProgressCallback | None = None):
        limits = limits or Limits(time=1.0)
        start = time.perf_counter()
        solved = self._solve(state, limits)
        if solved is not None:
            if progress:
                progress(solved)
            self.last = solved
            return solved.best_move
        if limits.time is not None:  # the solver's attempt came out of this move's time
            spent = time.perf_counter() - start
            limits = Limits(max(0.05, limits.time - spent), limits.depth, limits.iterations, limits.stop)
        return super().choose(state, limits, progress)

    def _solve(self, state: HexState, limits: Limits) -> Progress | None:
        n = state.game.size
        empties = n * n - (state.boards[0] | state.boards[1]).bit_count()
        if n > SOLVE_ALWAYS and empties > SOLVE_EMPTIES:
            return None
        start = time.perf_counter()
        budget = float("inf") if n <= SOLVE_ALWAYS else 0.3 * (limits.time or 1.0)
        sv = solver(n)
        nodes = sv.nodes
        try:
            wins = sv.winning_moves(state, start + budget)
        except OutOfBudget:
            return None
        if not wins:
            return None  # lost against perfect play: let MCTS find the most stubborn move
        return Progress(depth=empties, best_move=wins[0], score=1.0, nodes=sv.nodes - nodes,
                        elapsed=time.perf_counter() - start, pv=[wins[0]], proven=1, kind="solver", done=True)


def _mcts(max_playouts: int | None, rave: bool = True, bridges: bool = True, time_share: float = 1.0):
    return lambda info, seed: HexMCTSPlayer(info, rave=rave, bridges=bridges, max_playouts=max_playouts,
                                            time_share=time_share, seed=seed)


PLAYERS = player_table(
    random_level(),
    spec("level-2", "Level 2", "Heads for its edges one move at a time, with some randomness.",
         lambda info, seed: GreedyPlayer(info, seed=seed)),
    spec("level-3", "Level 3", "Plain Monte Carlo tree search with random playouts, no Hex knowledge.",
         _mcts(None, rave=False, bridges=False)),
    spec("level-4", "Level 4", "Monte Carlo search with RAVE and bridges, limited to 300 playouts a move.",
         _mcts(300)),
    spec("level-5", "Level 5", "Monte Carlo search with RAVE and bridges for all its time; "
         "solves small boards exactly.", lambda info, seed: SolvingPlayer(info, seed=seed)),
    spec("hex:notebook", "Notebook", "The class notebook: alpha-beta with a shortest-path heuristic, "
         "as deep as the time allows.", lambda info, seed: NotebookPlayer(info)),
    spec("hex:uct", "Plain UCT", "UCT with uniformly random playouts, no Hex knowledge (the baseline).",
         _mcts(None, rave=False, bridges=False)),
)


# -- benchmarks ---------------------------------------------------------------------------------
_OPENING = ["f6", "e7", "d9", "g4", "c8", "h5"]
_MIDGAME = _OPENING + ["e8", "d8", "f7", "g6", "e9", "c10", "i3", "h3", "i2", "j2"]
_LATE = _MIDGAME + ["b10", "b11", "d10", "a11", "h4", "g5", "j3", "k2", "k1", "j1", "h2", "f8"]


def _positions(size: int, lines: list[list[str]]) -> list[str]:
    import games

    game = games.load("hex", size=size)
    return [game.to_text(game.play_line(line)) for line in lines]


BENCH_POSITIONS: list = _positions(11, [[], _OPENING, _MIDGAME, _LATE]) + [
    ({"size": 19}, text) for text in _positions(19, [[], _MIDGAME])
]


def bench_extra(report, quick: bool) -> None:
    """Playouts per second, level-5's time on 19x19, solver reach, and a short strength run."""
    import games
    from ai.engines.hex_mcts import HexMCTS
    from ai.engines.hex_solver import Solver
    from ai.match import MatchSummary, play_game

    spell = 0.5 if quick else 2.0
    for size in (11, 19):
        game = games.load("hex", size=size)
        for name, rave, bridges in (("level-5 (RAVE, bridges)", True, True), ("hex:uct (plain)", False, False)):
            state = game.play_line(_OPENING)
            engine = HexMCTS(size, rave=rave, bridges=bridges, seed=1)
            _, result = engine.search(*state.boards, state.to_move, -1, Limits(time=spell))
            report(f"{size}x{size} {name}: {result.nodes / result.elapsed:,.0f} playouts/s "
                   f"({result.nodes} in {result.elapsed:.2f} s), best {game.format_move(state, result.best_move)}")

    game = games.load("hex", size=19)
    budget = 1.0 if quick else 3.0
    for label, line in (("empty", []), ("after 16 moves", _MIDGAME)):
        state = game.play_line(line)
        player = SolvingPlayer(PLAYERS["level-5"].info, seed=1)
        start = time.perf_counter()
        player.choose(state, Limits(time=budget))
        spent = time.perf_counter() - start
        report(f"19x19 level-5 move time, {label}: {spent:.3f} s for a budget of {budget:.1f} s")

    for size in (3, 4) if quick else (3, 4, 5):
        sv = Solver(size)
        state = games.load("hex", size=size).initial_state()
        start = time.perf_counter()
        limit = 5.0 if size < 5 else 60.0
        try:
            wins = sv.winning_moves(state, start + limit)
            text = f"{len(wins)} winning first moves, solved in {time.perf_counter() - start:.2f} s ({sv.nodes} nodes)"
        except OutOfBudget:
            text = f"not solved within {limit:.0f} s ({sv.nodes} nodes)"
        report(f"solver {size}x{size} from the empty board: {text}")

    games_n, per_move, size = (2, 0.2, 9) if quick else (10, 0.5, 9)
    game = games.load("hex", size=size)
    summary = MatchSummary(("level-5", "hex:uct"))
    for i in range(games_n):
        first = i % 2
        ids = ["level-5", "hex:uct"] if first == 0 else ["hex:uct", "level-5"]
        players = [PLAYERS[pid].make(PLAYERS[pid].info, 10 + i) for pid in ids]
        summary.add(play_game(game, players, ids, per_move), first)
    report(f"{size}x{size}, {per_move} s a move, sides alternating: {summary.line()}")
