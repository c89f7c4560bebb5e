"""The games: rules only (no pygame, no search).

    import games
    games.catalog()                      # every GameInfo, in menu order
    game = games.load("reversi", size=8) # a Game for those options
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from typing import Any

from games.base import Game, GameInfo, IllegalMove, Move, Option, State

__all__ = ["Game", "GameInfo", "IllegalMove", "Move", "Option", "State", "catalog", "load", "info"]

# Menu order.  Each id is a module games/<id>.py defining INFO (a GameInfo) and GAME (its Game class).
GAME_IDS = ("tictactoe", "hex", "reversi", "rastros", "alquerque", "trax")


def _module(game_id: str):
    return importlib.import_module(f"games.{game_id}")


def available_ids() -> list[str]:
    """The ids whose module is present (all six in a complete checkout)."""
    return list(_present_ids())


@functools.cache
def _present_ids() -> tuple[str, ...]:
    """``available_ids``, looked for once a process: the modules present do not change while it
    runs, and ``info`` asks at each call: one game chosen on New game, its form built, made 576
    look-ups in Python's import system."""
    return tuple(g for g in GAME_IDS if importlib.util.find_spec(f"games.{g}") is not None)


def catalog() -> list[GameInfo]:
    """Every game's GameInfo, in menu order."""
    return [_module(g).INFO for g in available_ids()]


def info(game_id: str) -> GameInfo:
    """The GameInfo of ``game_id``; ValueError naming the valid ids if unknown."""
    if game_id not in _present_ids():
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(available_ids())}")
    return _module(game_id).INFO


def load(game_id: str, **options: Any) -> Game:
    """The rules of ``game_id`` with ``options`` (defaults for the rest).

    Raises ValueError naming the problem (unknown game, unknown option, bad value).
    """
    info(game_id)
    return _module(game_id).GAME(**options)
