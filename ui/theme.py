"""Colours and fonts shared by every screen and board view, so a theme change is one place."""

from __future__ import annotations

from dataclasses import dataclass

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
    win=(60, 205, 110), side0=(40, 110, 220), side1=(215, 60, 50),
)
LIGHT = Theme(
    "light",
    background=(236, 238, 242), panel=(250, 250, 252), text=(25, 28, 35), muted=(105, 110, 122),
    accent=(30, 100, 220), board=(232, 210, 168), grid=(70, 55, 40), hover=(0, 0, 0),
    last_move=(230, 150, 0), legal=(40, 40, 40), hint=(0, 150, 220), invalid=(210, 40, 40),
    win=(25, 150, 70), side0=(30, 90, 200), side1=(200, 45, 40),
)
THEMES = {t.name: t for t in (DARK, LIGHT)}


def window_scale(size: tuple[int, int]) -> float:
    """The screens' scale for a window of ``size``: 1.0 at 1280x800, larger on big screens (4K),
    a bit smaller on small ones, never so small that text drops under about 9 pixels."""
    w, h = size
    return max(0.7, min(3.0, min(w / 1280, h / 800)))


def font(size: int) -> pygame.font.Font:
    """The board views' font: Open Sans Bold, the shell's typeface, which pygame-menu ships.  Bold
    for contrast on the board's wood and felt; it stays legible down to the 9 pixels of a small
    board's coordinates, where pygame's default font draws c like o."""
    from ui.text import ui_font

    return ui_font(size, bold=True)


def draw_text(
    surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Color,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Render ``text`` with its ``anchor`` ("center", "midleft", ...) at ``pos``; returns its rect."""
    image = font(size).render(text, True, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect
