"""Colours and fonts shared by every screen and board view, so a theme change is one place."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    name: str
    background: Color
    panel: Color
    text: Color
    muted: Color
    accent: Color
    board: Color
    grid: Color
    hover: Color
    last_move: Color
    legal: Color
    hint: Color
    invalid: Color
    win: Color
    # the two sides' colours where a game has no colours of its own (X/O, South/North)
    side0: Color
    side1: Color


DARK = Theme(
    "dark",
    background=(28, 30, 36), panel=(40, 43, 52), text=(235, 236, 240), muted=(150, 155, 168),
    accent=(94, 156, 255), board=(222, 196, 150), grid=(60, 48, 36), hover=(255, 255, 255),
    last_move=(255, 196, 0), legal=(40, 40, 40), hint=(0, 200, 255), invalid=(230, 60, 60),
    win=(255, 80, 80), side0=(40, 110, 220), side1=(215, 60, 50),
)
LIGHT = Theme(
    "light",
    background=(236, 238, 242), panel=(250, 250, 252), text=(25, 28, 35), muted=(105, 110, 122),
    accent=(30, 100, 220), board=(232, 210, 168), grid=(70, 55, 40), hover=(0, 0, 0),
    last_move=(230, 150, 0), legal=(40, 40, 40), hint=(0, 150, 220), invalid=(210, 40, 40),
    win=(220, 40, 40), side0=(30, 90, 200), side1=(200, 45, 40),
)
THEMES = {t.name: t for t in (DARK, LIGHT)}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font of ``size`` pixels (pygame's bundled default font: present everywhere)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, max(8, int(size * 1.35)))
    f.set_bold(bold)
    return f


def draw_text(
    surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Color,
    anchor: str = "topleft", bold: bool = False,
) -> pygame.Rect:
    """Render ``text`` with its ``anchor`` ("center", "midleft", ...) at ``pos``; returns its rect."""
    image = font(size, bold).render(text, True, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect
