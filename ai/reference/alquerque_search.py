"""The pure-Python Alquerque engine the kernel replaced: ``AlphaBeta`` (ai/search/alphabeta.py)
with ``Tactics`` (ai/engines/alquerque.py), exactly as level-5 played it before the kernel.

Used by the differential tests (the kernel's values against this search's), by ``main.py bench
alquerque`` (its nodes per second beside the kernel's), and by levels 2-5 as their stand-in
while the window's worker compiles the kernel after an install (``ReferenceSearch``,
``ai.engines.alquerque.EnginePlayer.searching``): a move within its time, not a wait of a minute.
"""

from __future__ import annotations

from ai.base import Limits, PlayerInfo, Progress
from ai.engines.alquerque import Tactics
from ai.search.alphabeta import AlphaBeta, AlphaBetaPlayer
from games.alquerque import AlquerqueState


class ReferenceSearch(AlphaBeta):
    """``AlphaBeta`` as the driver's ``Searcher``, telling its ``Tactics`` at each search's start
    which side it plays (their contempt is that side's)."""

    def start(self, state: AlquerqueState, limits: Limits) -> Progress | None:
        self.evaluator.root = state.to_move
        return super().start(state, limits)


class ReferencePlayer(AlphaBetaPlayer):
    """``AlphaBetaPlayer`` on a ``ReferenceSearch``: its ``Tactics`` told which side it plays."""

    def __init__(self, tactics: Tactics, info: PlayerInfo, *, depth: int | None = None, noise: float = 0.0,
                 seed: int | None = None) -> None:
        super().__init__(tactics, info, depth=depth, seed=seed)
        self.engine = ReferenceSearch(tactics, noise=noise, seed=seed)


def reference_player(
    tactics: Tactics | None = None, *, depth: int | None = None, noise: float = 0.0, seed: int | None = None
) -> ReferencePlayer:
    """The old level-5 (``depth`` None, no noise) or one of the old lower levels: by default its
    evaluation without the 40-ply counter terms, which the kernel engine added later."""
    info = PlayerInfo("reference", "Pure-Python engine")
    return ReferencePlayer(tactics or Tactics(keep_lead=0, hurry=0), info, depth=depth, noise=noise, seed=seed)
