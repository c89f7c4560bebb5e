"""Colours and fonts shared by every screen and board view, so a theme change is one place.

Text colours stand at least 4.5 times apart in luminance from the panels and backgrounds they are
written on (WCAG's contrast ratio for text, ``contrast``), so low-vision players can read them; a
label on a coloured fill (a pressed button, a warning) takes ``ink_on``'s white or near-black,
whichever reads better there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ui.i18n import N_

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    name: str
    title: str  # as the Settings screen offers it (translated there)
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
    # last_move and hint are light, drawn with a black rim (ui.board_marks): the rim is seen on
    # the wood and white pieces, the colour on black ones; yellow and blue, told apart without
    # red or green cones too (High contrast's magenta and blue were the same lavender then)
    # the two sides' colours where a game has no colours of its own (X/O, South/North)
    side0: Color
    side1: Color
    # the accent and the winner's colour as drawn on the board (a picked piece and its path,
    # Rastros' legal squares, the cell a Trax picker is for; a winning line): None, the same as
    # on the panels.  High contrast's yellow accent and light green, made to stand out on black,
    # stood 1.2:1 and 1.1:1 from its pale board; Dark's light green 1.2:1 from its wood
    board_accent: Color | None = None
    board_win: Color | None = None

    @property
    def on_board(self) -> Color:
        """The colour of the accent's marks on the board (``board_accent``)."""
        return self.board_accent or self.accent

    @property
    def win_on_board(self) -> Color:
        """The colour of a winning line or ring on the board (``board_win``)."""
        return self.board_win or self.win


DARK = Theme(
    "dark", N_("Dark"),
    background=(28, 30, 36), panel=(40, 43, 52), text=(235, 236, 240), muted=(150, 155, 168),
    accent=(94, 156, 255), board=(222, 196, 150), grid=(60, 48, 36), hover=(255, 255, 255),
    last_move=(255, 196, 0), legal=(40, 40, 40), hint=(0, 200, 255), invalid=(255, 105, 105),
    win=(60, 205, 110), side0=(38, 103, 207), side1=(198, 55, 46),  # X, O and Hex's stones: 3:1 on the wood
    board_accent=(25, 80, 190),  # the panels' light blue stood 1.4:1 on the wood: Rastros' legal squares, Alquerque's points
    board_win=(0, 110, 40),  # the panels' light green stood 1.2:1 on the wood, lost in it without red-green sight
)
LIGHT = Theme(
    "light", N_("Light"),
    background=(236, 238, 242), panel=(250, 250, 252), text=(25, 28, 35), muted=(98, 103, 115),
    accent=(30, 100, 220), board=(232, 210, 168), grid=(70, 55, 40), hover=(0, 0, 0),
    last_move=(250, 185, 0), legal=(40, 40, 40), hint=(30, 195, 255), invalid=(200, 35, 35),
    win=(18, 120, 55), side0=(30, 90, 200), side1=(200, 45, 40),
)
HIGH_CONTRAST = Theme(  # for low vision: white on black, a pale board with black lines, saturated marks
    "contrast", N_("High contrast"),
    background=(0, 0, 0), panel=(18, 18, 20), text=(255, 255, 255), muted=(215, 215, 220),
    accent=(255, 214, 0), board=(246, 234, 208), grid=(0, 0, 0), hover=(0, 0, 0),
    last_move=(255, 170, 0), legal=(0, 0, 0), hint=(0, 220, 255), invalid=(255, 120, 120),
    win=(90, 255, 140), side0=(40, 120, 255), side1=(230, 40, 40),
    board_accent=(130, 95, 0), board_win=(0, 120, 0),  # a darker yellow, a darker green: 4.9:1 and 4.8:1 on the board
)
THEMES = {t.name: t for t in (DARK, LIGHT, HIGH_CONTRAST)}


INK = (20, 22, 28)  # the dark text on light fills
WHITE = (255, 255, 255)


def luminance(colour: Color) -> float:
    """WCAG's relative luminance of an sRGB colour, 0 (black) to 1 (white)."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG's contrast ratio of two colours, 1 to 21: text wants 4.5, large text and marks 3."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(fill: Color) -> Color:
    """White or near-black, whichever reads better on ``fill`` (white on the dark theme's light
    blue buttons and on the yellow warnings was under 3:1).  Kept by the fill's RGB (``_ink_on``):
    a board's marks and analysis's tags ask it of a few fills hundreds of times a frame."""
    return _ink_on(tuple(fill[:3]))


@lru_cache(maxsize=1024)  # a theme's fills, and the colours analysis shades its tags with
def _ink_on(fill: tuple[int, int, int]) -> Color:
    return WHITE if contrast(WHITE, fill) >= contrast(INK, fill) else INK


def readable(colour: Color, ground: Color, ratio: float = 4.5) -> Color:
    """``colour`` darkened (toward black) or lightened (toward white), whichever ``ground`` reads
    better against, just until it stands ``ratio`` from ``ground`` by WCAG's contrast: a side's
    name keeps its hue (Hex's blue stays blue) yet reads as text, where choosing by lightness left
    "White better" at 3.2:1 on the light theme's grey.  It aims a tenth over ``ratio``: the font's
    smoothing draws even a letter's solid middle a shade toward the ground (4.49:1 for 4.55:1).
    Kept by the colours' RGB and ``ratio`` (``_readable``)."""
    return _readable(tuple(colour[:3]), tuple(ground[:3]), ratio)


@lru_cache(maxsize=1024)  # a theme's few dozen colours on its few grounds, for the themes a run shows
def _readable(colour: tuple[int, int, int], ground: tuple[int, int, int], ratio: float) -> Color:
    """``readable``'s colour, weighed afresh: each frame asks again for the same colours on the
    same grounds (a card's title, a side's name, the setup screen's labels), each step of the
    search a contrast, a tenth of the setup screen's frame."""
    pole = WHITE if contrast(WHITE, ground) >= contrast((0, 0, 0), ground) else (0, 0, 0)
    for step in range(51):
        shown = tuple(round(c + (p - c) * step / 50) for c, p in zip(colour[:3], pole))
        if contrast(shown, ground) >= ratio + 0.1:
            return shown  # type: ignore[return-value]
    return pole


def standing_out(fill: Color, ground: Color, ratio: float = 3.0, also: tuple[Color, ...] = ()) -> Color:
    """``fill`` moved as ``readable`` moves it until it stands ``ratio`` (WCAG's floor for shapes)
    from ``ground`` and from each colour in ``also``, and on until its ink (``ink_on``) reads on it
    at 4.5:1: a message's pill over a card of its own colour read as plain text on the card, and
    half way to 3:1 neither white nor black reads on it.  ``also``: what else the shape may stand
    on (a pill wider than its card reaches the window's background)."""
    for tenths in range(round(ratio * 10), 211, 5):
        shown = readable(fill, ground, tenths / 10)
        if (contrast(ink_on(shown), shown) >= 4.6  # a tenth over, as ``readable`` aims
                and all(contrast(shown, other) >= ratio + 0.1 for other in also)):
            return shown
    return readable(fill, ground, 21.0)


@lru_cache(maxsize=8)  # the themes, and a few a test makes
def code_chip(theme: Theme) -> tuple[Color, Color]:
    """The fill and ink of inline code on a page's panel (the rules screen's `` `e5/` ``): a grey
    a little toward the text, moved (``standing_out``) until the chip stands 3:1 from the panel
    and its ink reads on it, so the characters to type are seen as such in every theme.  Kept a
    theme: the rules screen asks at every frame, and the search for it weighs a few hundred
    contrasts (half a millisecond)."""
    fill = standing_out(tuple(round(p + (t - p) * 0.15) for p, t in zip(theme.panel, theme.text)), theme.panel)
    return fill, ink_on(fill)


# the window, in pixels at scale 1, that the screens' layouts need at the least: at a scale whose
# window is smaller than this the game's panel had no room left for its move list (1280x720 at 1.35)
ROOM_AT_SCALE_1 = (850, 640)


def window_scale(size: tuple[int, int], text_size: float = 1.0) -> float:
    """The screens' scale for a window of ``size``: 1.0 at 1280x800, larger on big screens (4K),
    a bit smaller on small ones, never so small that text drops under about 9 pixels.

    ``text_size`` (the Text size setting: 1, 1.25, 1.5) enlarges everything drawn to that scale,
    text first (a class reading a projected screen from the back), as far as the layouts hold in
    this window (``ROOM_AT_SCALE_1``); past that a larger text size changes nothing, and a screen
    that is short of room gives way as it does in a small window."""
    w, h = size
    usual = max(0.7, min(3.0, min(w / 1280, h / 800)))
    if text_size <= 1.0:
        return usual
    room = min(w / ROOM_AT_SCALE_1[0], h / ROOM_AT_SCALE_1[1])
    return max(usual, min(usual * text_size, room, 3.0))


def scrolling_scale(size: tuple[int, int], text_size: float = 1.0) -> float:
    """The scale of a form that scrolls (Settings) in a window of ``size``: ``window_scale``'s
    with the ``text_size`` in full as far as the window's width holds it.  A form lacks no height (it
    scrolls), so only ``ROOM_AT_SCALE_1``'s width bounds it: the window's height bounded every
    layout at 1.25 times the usual scale in a 16:10 or 16:9 window, and Settings' text was the same
    at Larger as at Large.  The game screen's and the replay's side panels take it as far as
    their height holds it (``GamePanel.layout``, ``ReplayScene._panel_scale``)."""
    usual = window_scale(size)
    return max(window_scale(size, text_size), min(usual * text_size, size[0] / ROOM_AT_SCALE_1[0], 3.0))


def widened(width: int, size: tuple[int, int], window: float, text: float) -> int:
    """A side panel's ``width`` at the window's scale ``window``, widened as its text's scale
    ``text`` (``scrolling_scale``) exceeds it, as far as the board beside it keeps a square of
    the window's height: the text grows past what the window's height held without the panel's
    lines and buttons cut shorter (at 1280x800 and Larger, a Reversi game's panel 424 pixels for 384)."""
    w, h = size
    return max(width, min(int(width * text / window), w - h))


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
    from ui.text import rendered

    image = rendered(font(size), text, tuple(color))
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect
