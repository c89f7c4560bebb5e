"""Board views, one module per game (ui/views/<game id>.py defining ``VIEW``)."""

from __future__ import annotations

import importlib

from games.base import Game
from ui.board_view import BoardView


def make_view(game: Game) -> BoardView:
    """The board view for ``game`` (a new instance: views keep per-game input state)."""
    return importlib.import_module(f"ui.views.{game.id}").VIEW(game)
