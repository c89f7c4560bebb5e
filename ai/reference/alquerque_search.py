"""The pure-Python Alquerque engine the kernel replaced: ``AlphaBeta`` (ai/search/alphabeta.py)
with ``Tactics`` (ai/engines/alquerque.py), exactly as level-5 played it before the kernel.

Used only by the differential tests (the kernel's values against this search's) and by
``main.py bench alquerque`` (its nodes per second beside the kernel's).
"""

from __future__ import annotations

from ai.base import Limits, PlayerInfo, ProgressCallback
from ai.engines.alquerque import Tactics
from ai.search.alphabeta import AlphaBetaPlayer
from games.alquerque import AlquerqueState, Move


class ReferencePlayer(AlphaBetaPlayer):
    """``AlphaBetaPlayer`` that tells its ``Tactics`` which side it plays (for contempt)."""

    def choose(
        self, state: AlquerqueState, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Move:
        self.engine.evaluator.root = state.to_move
        return super().choose(state, limits, progress)


def reference_player(
    tactics: Tactics | None = None, *, depth: int | None = None, noise: float = 0.0, seed: int | None = None
) -> ReferencePlayer:
    """The old level-5 (``depth`` None, no noise) or one of the old lower levels: by default its
    evaluation without the 40-ply counter terms, which the kernel engine added later."""
    info = PlayerInfo("reference", "Pure-Python engine")
    return ReferencePlayer(tactics or Tactics(keep_lead=0, hurry=0), info, depth=depth, noise=noise, seed=seed)
