"""Computer players: search, evaluation, difficulty levels.  No pygame.

    import ai
    ai.catalog("reversi")                           # PlayerInfo for every player of a game
    player = ai.make_player("reversi", "level-3", seed=1)
    move = player.choose(state, ai.Limits(time=1.0), progress=print)
"""

from __future__ import annotations

from typing import Any

from ai.base import WIN, Flag, Limits, Player, PlayerInfo, Progress
from ai.imports import import_engine
from ai.levels import LEVEL_IDS, PlayerSpec
from ai.roster import ROSTER

__all__ = ["WIN", "Flag", "Limits", "Player", "PlayerInfo", "Progress", "catalog", "has_player", "make_player"]


def close_player(player: Any) -> None:
    """Let ``player`` release what it holds (an outside player's process, a search's worker
    threads); a player with nothing to release has no ``close``."""
    close = getattr(player, "close", None)
    if close is not None:
        close()


def optional_module(name: str) -> Any:
    """The module ``name``, or None when there is no such module (a game without kernels or bench
    figures of its own, a build without them); an import that fails inside it is raised."""
    try:
        return import_engine(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def engine_module(game_id: str) -> str:
    """The name of the module that holds ``game_id``'s built-in players (``PLAYERS``)."""
    return f"ai.engines.{game_id}"


def _table(game_id: str) -> dict[str, PlayerSpec]:
    import games

    games.info(game_id)  # ValueError naming the valid games
    return import_engine(engine_module(game_id)).PLAYERS


def catalog(game_id: str) -> list[PlayerInfo]:
    """Every built-in player of ``game_id``: the five levels first, then the named players.  Read
    from ``ai.roster``, not the engines' tables: listing the players imports no engine (numba)."""
    import games

    games.info(game_id)  # ValueError naming the valid games
    return list(ROSTER[game_id])


def is_outside_player(player_id: str) -> bool:
    """``path/to/file.py:Name`` (or just ``file.py``, or a notebook ``file.ipynb:Name``) names a
    player written outside Tabuleiro; so do ``gtp:COMMAND LINE`` and ``engine.json`` (a GTP engine,
    see ai/outside.py)."""
    return (".py" in player_id or ".ipynb" in player_id or player_id.startswith("gtp:")
            or player_id.endswith(".json"))


def not_a_player_file(player_id: str) -> str | None:
    """Why ``player_id``, a folder or a file that is there but not of a player's kind, names no
    player; None if it is no such path.  A student who gave the folder of their bot
    (``match reversi level-3 bots/``) or its file under another suffix (``jogador.txt``) was told
    "unknown player" and shown the level list, as if the path were a misspelt level."""
    from pathlib import Path

    try:
        path = Path(player_id)
        if path.is_dir():
            from ai.outside import no_file

            return f"{player_id}: {no_file(player_id)}"
        if not path.is_file():
            return None
    except (OSError, ValueError):  # a name no path can have (too long, a NUL)
        return None
    return (f"{player_id}: not a player's file: give a Python file (file.py[:name]), a notebook "
            f"(notebook.ipynb:name) or a GTP engine's settings (engine.json)")


def has_player(game_id: str, player_id: str) -> bool:
    """True if ``make_player`` can make ``player_id`` for ``game_id`` (an outside player is only
    looked for when it is made): a record naming another ("level-99", hand-edited or a newer
    version's) is refused when read, not played with a stand-in."""
    if is_outside_player(player_id):
        return True
    if player_id in LEVEL_IDS:  # every game has them (``ai.levels.player_table``): no engine imported
        import games

        games.info(game_id)  # ValueError naming the valid games
        return True
    ids = {info.id for info in catalog(game_id)}
    return player_id in ids or f"{game_id}:{player_id}" in ids


def make_player(
    game_id: str, player_id: str, seed: int | None = None, options: dict[str, Any] | None = None
) -> Player:
    """A new player for a game of ``game_id`` with ``options`` (board size, rule variants).

    Built-in players read the options from the states they are given; an outside player is told
    them once, at start.  Given ``options`` whose rules run no kernel (``ai.kernels.used_by``: a
    3x3 Tic-tac-toe board), a built-in player prepares none.  Raises ValueError naming the valid
    ids if ``player_id`` is unknown."""
    if is_outside_player(player_id):
        from ai.outside import load_outside_player

        return load_outside_player(game_id, player_id, options)
    table = _table(game_id)
    spec = table.get(player_id) or table.get(f"{game_id}:{player_id}")
    if spec is None:
        raise ValueError(
            not_a_player_file(player_id)
            or f"unknown player {player_id!r} for {game_id}; players: {', '.join(table)}"
        )
    if options is not None and not _runs_kernels(game_id, options):
        from ai.kernels import none_needed

        with none_needed():
            return spec.make(spec.info, seed)
    return spec.make(spec.info, seed)


def _runs_kernels(game_id: str, options: dict[str, Any]) -> bool:
    """Whether a match of ``game_id`` with ``options`` can run kernels (options it cannot take:
    as if it could, the player then prepares them as it always did)."""
    import games
    from ai.kernels import KERNEL_GAMES, used_by

    if game_id not in KERNEL_GAMES:
        return False
    try:
        return used_by(games.load(game_id, **options))
    except (TypeError, ValueError):
        return True
