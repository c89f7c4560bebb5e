"""Trax players: the five levels and the greedy baseline.

Every level but the first is the threat player of ``trax_search`` asking more of its questions:
level 2 takes an immediate win and otherwise plays a noisy evaluation; level 3 also refuses moves
that let the opponent win at once; level 4 also plays a threat that cannot be stopped; level 5
also looks for the opponent's unstoppable threats one move further, defends them, and picks among
the sound moves by the opponent's best reply, then by alpha-beta deeper in the time left.  The named player ``trax:greedy`` is the issue's
one-ply baseline.  All answer within the course's one second on boards up to 25x25
(measured by ``main.py bench trax``, ai/bench/trax.py).
"""

from __future__ import annotations

from ai.engines.trax_search import GreedyPlayer, ThreatPlayer
from ai.levels import player_table, random_level


def _threat(steps: int, noise: float = 0.0):
    return lambda info, seed: ThreatPlayer(info, steps=steps, noise=noise, seed=seed)


PLAYERS = player_table("trax", {
    "level-1": random_level,
    "level-2": _threat(2, noise=8.0),
    "level-3": _threat(3),
    "level-4": _threat(4),
    "level-5": _threat(5),
    "trax:greedy": lambda info, seed: GreedyPlayer(info, seed),
})


__all__ = ["PLAYERS"]
