"""Hex players: the five levels, the class notebook's player and plain UCT.

- Level 5 and level 4: ``hex_mcts``, Monte Carlo tree search with RAVE, bridge-saving playouts
  and proofs in the tree (wins in one, forced blocks, double threats); level 5 for all its time,
  level 4 with 300 playouts a move.  Level 5 also asks ``hex_solver``, an exact solver: on 3x3
  and 4x4 it plays the proven winning move, so it always wins as Blue and never misses a win; on
  bigger boards it tries it once at most 12 cells are empty, within 30% of the move time.
  Up to 13x13 level 5 adds connection knowledge at the root (``hex_knowledge``): virtual
  connections, the mustplay, dead and captured cells, the df-pn solver once the connections
  prove a win, and the first moves and swap decisions of the solved first-move maps (3x3 to
  7x7, ai/data/hex_openings.json; on every size: MoHex's swap table from 8x8 up; without the swap
  rule on the bigger sizes it opens in the centre, unsearched); its new tree nodes start
  from hand-set pattern priors (saving or cutting a bridge, edge templates: ``ai/kernels/hex.py``),
  and its playouts keep ziggurats (edge template IIIa) as they keep bridges.
- Level 3 (like "hex:uct"): the same search as plain UCT with uniformly random playouts.  Levels 3
  and 4 swap a strong first stone at once (``hex_knowledge.strong_opening``: the centre or next to
  it, where the maps or the swap table take it over); other stones are searched both ways.
- Level 2: one ply of the notebook's shortest-path heuristic with noise: it heads for its edges
  but has no idea of bridges or of the opponent's threats.
- ``hex_notebook``: the course notebook's alpha-beta with its shortest-path heuristic.
Measured strength and the choices behind these players: docs/tuning/hex.md.
"""

from __future__ import annotations

import random

from ai.base import Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.hex_knowledge import KnowledgePlayer, strong_opening
from ai.engines.hex_mcts import HexMCTSPlayer
from ai.engines.hex_notebook import NotebookPlayer, shortest_path_heuristic
from ai.levels import player_table, random_level
from games.hex import HexState

LEVEL4_PLAYOUTS = 300


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


def _mcts(max_playouts: int | None = None, knowledge: bool = True, solve: bool = False, swap_rule: bool = True):
    return lambda info, seed: HexMCTSPlayer(info, rave=knowledge, bridges=knowledge, max_playouts=max_playouts,
                                            solve=solve, seed=seed, swap_at_once=strong_opening if swap_rule else None)


def _knowledge(info: PlayerInfo, seed: int | None) -> Player:
    return KnowledgePlayer(info, seed=seed)


PLAYERS = player_table("hex", {
    "level-1": random_level,
    "level-2": lambda info, seed: GreedyPlayer(info, seed=seed),
    "level-3": _mcts(knowledge=False),
    "level-4": _mcts(LEVEL4_PLAYOUTS),
    "level-5": _knowledge,
    "hex:notebook": lambda info, seed: NotebookPlayer(info),
    "hex:uct": _mcts(knowledge=False, swap_rule=False),
})
