"""Player tables: each game's five levels and named players are declared in one table.

A game's module in ai/engines/ defines ``PLAYERS = player_table(spec, spec, ...)``.  The five
``level-N`` ids are required; named players use ``GAME:name`` ids ("rastros:basilio").  A new player also goes in
``ai.roster.ROSTER`` (its id, title and description), which the menus and ``--help`` read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.base import Player, PlayerInfo
from ai.roster import ROSTER
from ai.search.random_player import RandomPlayer

LEVEL_IDS = tuple(f"level-{n}" for n in range(1, 6))

NAMED_PLAYER_IDS: dict[str, tuple[str, ...]] = {
    game_id: tuple(info.id for info in infos if info.id not in LEVEL_IDS) for game_id, infos in ROSTER.items()
}
"""Each game's named players, in its ``PLAYERS`` table's order, known without importing its engine
(which loads numba): ``--help`` lists them at once."""


@dataclass(frozen=True)
class PlayerSpec:
    info: PlayerInfo
    make: Callable[[PlayerInfo, int | None], Player]  # (info, seed) -> a new player


def spec(player_id: str, title: str, description: str, make: Callable[[PlayerInfo, int | None], Player]) -> PlayerSpec:
    return PlayerSpec(PlayerInfo(player_id, title, description), make)


def random_level(description: str = "Plays a random legal move.") -> PlayerSpec:
    """The usual level-1: a random legal move."""
    return spec("level-1", "Level 1", description, lambda info, seed: RandomPlayer(info, seed))


def player_table(*specs: PlayerSpec) -> dict[str, PlayerSpec]:
    table = {s.info.id: s for s in specs}
    missing = [lid for lid in LEVEL_IDS if lid not in table]
    if missing:
        raise ValueError(f"player table lacks {', '.join(missing)}")
    return table
