"""The random player: a uniformly random legal move (every game's level-1 floor).  It searches
nothing, and its report says so (``Progress.reason`` ``AT_RANDOM``): the window tells the move
as drawn at random, not as a search's choice."""

from __future__ import annotations

import random
from collections.abc import Hashable

from ai.base import AT_RANDOM, Limits, Player, PlayerInfo, Progress, ProgressCallback
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
            progress(Progress(best_move=move, kind="rule", reason=AT_RANDOM, done=True))
        return move
