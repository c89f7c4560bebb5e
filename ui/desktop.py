"""What makes the window behave like a desktop program: its icon and the settings applied to the
shared services (language, sound).  (CI's headless start: ``TABULEIRO_QUIT_AFTER_FRAMES`` in
ui/app.py; quiet audio start: ``ui.sound.init_pygame``.)

    set_window_icon()              # before pygame.display.set_mode
    apply_settings(settings)       # language and sound from the settings
"""

from __future__ import annotations

import logging
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
