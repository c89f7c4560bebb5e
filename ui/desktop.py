"""What makes the window behave like a desktop program: its icon, the settings applied to the
shared services (language, sound), and a way for CI to start the app headless and have it quit.

    init_pygame()                  # ui.sound: pygame.init() without audio noise on the console
    set_window_icon()              # before pygame.display.set_mode
    apply_settings(settings)       # language and sound from the settings
    frames = quit_after_frames()   # TABULEIRO_QUIT_AFTER_FRAMES=30: the loop ends after 30 frames
"""

from __future__ import annotations

import logging
import os
from typing import Any

import pygame

from ui.i18n import set_language
from ui.paths import asset_path
from ui.sound import SOUNDS

log = logging.getLogger(__name__)


def set_window_icon() -> None:
    """The app icon in the title bar and task bar (missing or broken icon: the default one)."""
    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
    except (pygame.error, FileNotFoundError, OSError) as exc:
        log.info("no window icon: %s", exc)


def apply_settings(settings: Any) -> None:
    """Push the settings that live outside the window (language, sound) to their services."""
    set_language(getattr(settings, "language", "en"))
    SOUNDS.configure(getattr(settings, "sound", True), getattr(settings, "volume", 0.8))


def quit_after_frames() -> int | None:
    """How many frames to draw before quitting by itself (CI's headless start), or None."""
    value = os.environ.get("TABULEIRO_QUIT_AFTER_FRAMES", "").strip()
    if not value:
        return None
    try:
        return max(1, int(value))
    except ValueError:
        log.info("TABULEIRO_QUIT_AFTER_FRAMES=%r is not a number; ignored", value)
        return None
