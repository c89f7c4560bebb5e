"""Trax players: the five levels and the greedy baseline.

Every level but the first is the threat player of ``trax_search`` asking more of its questions:
level 2 takes an immediate win and otherwise plays a noisy evaluation; level 3 also refuses moves
that let the opponent win at once; level 4 also plays a threat that cannot be stopped; level 5
also looks for the opponent's unstoppable threats one move further, defends them, and picks among
the sound moves by the opponent's best reply.  The named player ``trax:greedy`` is the issue's
one-ply baseline.  All answer within the course's one second on boards up to 25x25
(measured by ``main.py bench trax``, ai/bench/trax.py).
"""

from __future__ import annotations

from ai.engines.trax_search import GreedyPlayer, ThreatPlayer
from ai.levels import player_table, random_level, spec


def _threat(steps: int, noise: float = 0.0):
    return lambda info, seed: ThreatPlayer(info, steps=steps, noise=noise, seed=seed)


PLAYERS = player_table(
    random_level(),
    spec("level-2", "Level 2", "Takes a win in one when it has one; otherwise plays by a rough, noisy judgement.",
         _threat(2, noise=8.0)),
    spec("level-3", "Level 3", "Takes a win in one and never plays a move that lets you win at once; "
         "otherwise the move that looks best.", _threat(3)),
    spec("level-4", "Level 4", "Takes a win in one, never lets you win at once, and plays a threat you "
         "cannot stop when it has one.", _threat(4)),
    spec("level-5", "Level 5", "Takes a win in one, never lets you win at once, plays threats you cannot "
         "stop, and sees yours one move ahead to defend them.", _threat(5)),
    spec("trax:greedy", "Greedy", "The baseline: an immediate win if any, else the placement that "
         "maximises a simple score (one ply).", lambda info, seed: GreedyPlayer(info, seed)),
)


__all__ = ["PLAYERS"]
