"""Export: the board as a PNG picture, the move list as text on the clipboard.

    save_board_png(game, state, path, last_move=move)   # draws with the game's board view
    ok, message = copy_text(move_list_text(record))     # message: what happened, for the window

The picture is drawn off screen by the same board view the window uses, so it looks like the
game on screen without the panel and buttons.  The clipboard is tried through pygame (SDL's
clipboard, when a real window exists), then pyperclip if it is installed; when neither works
the text is written to a file and the message says where, so the player never loses it.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
from pathlib import Path
from typing import Any

import pygame

from games.base import Game, State
from ui.board_view import Overlay
from ui.i18n import _
from ui.record_files import atomic_write_text
from ui.theme import DARK, Theme

log = logging.getLogger(__name__)


def board_view(game: Game) -> Any:
    """A new board view for ``game`` (ui/views/<id>.py defines VIEW)."""
    return importlib.import_module(f"ui.views.{game.id}").VIEW(game)


def render_board(game: Game, state: State, size: tuple[int, int] = (900, 900), theme: Theme = DARK,
                 last_move: Any = None, previous: State | None = None, view: Any = None,
                 labels: dict | None = None) -> pygame.Surface:
    """The position drawn on a new surface of ``size`` (board only, theme background); ``labels``:
    analysis mode's values on the moves (ui/analysis_mode.py ``move_labels``)."""
    surface = pygame.Surface(size)
    surface.fill(theme.background)
    view = view or board_view(game)
    view.layout(surface.get_rect().inflate(-size[0] // 20, -size[1] // 20))
    overlay = Overlay(theme=theme, last_move=last_move, previous=previous, show_legal=False,
                      interactive=False, animation_speed=0.0)
    view.draw(surface, state, overlay)
    if labels:
        from ui.analysis_mode import draw_move_values

        draw_move_values(surface, view, labels, theme)
    return surface


def save_board_png(game: Game, state: State, path: Path | str, **kwargs: Any) -> Path:
    """Draw the position and save it as a PNG; OSError/pygame.error if the file cannot be written."""
    path = Path(path)
    if path.suffix.lower() != ".png":
        path = path.with_suffix(".png")
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(render_board(game, state, **kwargs), str(path))
    return path


def _sdl_clipboard(text: str) -> bool:
    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        return False
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return False  # SDL keeps such text to itself: nobody else could paste it
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError) as exc:
        log.info("SDL clipboard unavailable: %s", exc)
        return False


def _pyperclip(text: str) -> bool:
    try:
        import pyperclip
    except ImportError:
        return False
    try:
        pyperclip.copy(text)
        return True
    except Exception as exc:  # noqa: BLE001 - pyperclip raises its own types per platform
        log.info("pyperclip cannot copy: %s", exc)
        return False


def copy_text(text: str, fallback: Path | None = None) -> tuple[bool, str]:
    """Put ``text`` on the clipboard; returns (copied, a message for the player)."""
    if _sdl_clipboard(text) or _pyperclip(text):
        return True, _("Move list copied to the clipboard")
    if fallback is not None:
        with contextlib.suppress(OSError):
            atomic_write_text(fallback, text)
            return False, _("No clipboard here; the move list was saved to {path}").format(path=fallback)
    return False, _("No clipboard here; the move list could not be copied")
