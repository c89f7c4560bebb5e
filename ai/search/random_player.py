"""The random player: a uniformly random legal move (every game's level-1 floor)."""

from __future__ import annotations

import random
from collections.abc import Hashable

from ai.base import Limits, Player, PlayerInfo, Progress, ProgressCallback
from games.base import State


class RandomPlayer(Player):
    def __init__(self, info: PlayerInfo, seed: int | None = None) -> None:
        self.info = info
        self.rng = random.Random(seed)

    def choose(
        self, state: State, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Hashable:
        move = self.rng.choice(state.legal_moves())
        if progress:
            progress(Progress(best_move=move, kind="rule", done=True))
        return move
