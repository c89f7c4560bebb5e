"""Player tables: how each game's five levels and named players are made.

A game's module in ai/engines/ defines ``PLAYERS = player_table(game_id, {player_id: make, ...})``:
only how to make each player.  Its id, title and description are written once, in
``ai.roster.ROSTER``, which the menus and ``--help`` read without importing the engine; the table
takes each ``PlayerInfo`` from there.  The five ``level-N`` ids are required; named players use
``GAME:name`` ids ("rastros:basilio").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ai.base import Player, PlayerInfo
from ai.roster import LEVEL_IDS, ROSTER
from ai.search.random_player import RandomPlayer

__all__ = ["LEVEL_IDS", "NAMED_PLAYER_IDS", "PlayerMaker", "PlayerSpec", "player_table", "random_level"]

PlayerMaker = Callable[[PlayerInfo, int | None], Player]
"""(info, seed) -> a new player."""

NAMED_PLAYER_IDS: dict[str, tuple[str, ...]] = {
    game_id: tuple(info.id for info in infos if info.id not in LEVEL_IDS) for game_id, infos in ROSTER.items()
}
"""Each game's named players, in its ``PLAYERS`` table's order, known without importing its engine
(which loads numba): ``--help`` lists them at once."""


@dataclass(frozen=True)
class PlayerSpec:
    info: PlayerInfo
    make: PlayerMaker


def random_level(info: PlayerInfo, seed: int | None) -> Player:
    """The usual level-1: a random legal move."""
    return RandomPlayer(info, seed)


def player_table(game_id: str, makers: Mapping[str, PlayerMaker]) -> dict[str, PlayerSpec]:
    """``game_id``'s players in its roster's order, each made by ``makers[id]`` with the roster's
    ``PlayerInfo``.  Raises ValueError (at the engine's import) if the roster and ``makers`` name
    different players, or a level is missing: no player without a name, no name without a player."""
    infos = ROSTER[game_id]
    roster_ids = [info.id for info in infos]
    missing = [lid for lid in LEVEL_IDS if lid not in roster_ids]
    unnamed = [pid for pid in makers if pid not in roster_ids]
    unmade = [pid for pid in roster_ids if pid not in makers]
    if missing or unnamed or unmade:
        raise ValueError(f"{game_id} player table: levels missing {missing}, not in ai.roster {unnamed}, "
                         f"no way to make {unmade}")
    return {info.id: PlayerSpec(info, makers[info.id]) for info in infos}
