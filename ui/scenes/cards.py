"""A grid of game cards (picture + title), used by the main menu strip and the game picker.

The game chosen (New game's) is filled: a tint over the card and its title on a band of the accent
colour; a ring round a card means the keyboard is on it (the main menu's), as it does round a
line of a form.  The chosen card had a ring in the accent colour, the colour pygame-menu rings the
form's line with, so the keyboard seemed to be in two places.

A card's picture is its game's start under the options the screen gives it (``options``: New
game's choices, so Reversi's 6x6 chosen shows a 6x6 board; the last chosen on the main menu).
Options that make no game (9 in a row on 7x4, from an edited settings file) show their board
faded under why, in the words Start refuses them in: the card showed the usual 3x3 board, a game
the player had not chosen and Start would not begin."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import pygame

from games.base import GameInfo
from ui import text as tx
from ui import words
from ui.i18n import _
from ui.scenes.common import refusal_note, thumbnail
from ui.theme import Theme, ink_on
from ui.widgets import card, focus_ring, mix


class GameCards:
    """The game cards: ``columns`` cards a row (all in one row if None); with a tuple of counts,
    whichever gives the largest cards in the area laid out (fewer columns on a tie)."""

    def __init__(self, infos: list[GameInfo], columns: int | tuple[int, ...] | None = None,
                 options: Callable[[str], Mapping[str, object]] | None = None) -> None:
        self.infos = infos
        self.columns = columns
        self.options = options  # a game's options for its picture (None: the defaults)
        self.drawn: dict[str, tuple[tuple[str, object], ...]] = {}  # each picture's options, as last drawn
        self.rects: list[pygame.Rect] = []
        self.hover: int | None = None
        self.selected: str | None = None
        self.focused: int | None = None  # the card the keyboard is on (the main menu's Tab), ringed
        self.picture_rects: dict[str, pygame.Rect] = {}  # where each card's picture was last drawn
        self.band: pygame.Rect | None = None  # the chosen card's title band, as last drawn

    def layout(self, area: pygame.Rect, scale: float, max_card: int = 240, centred: bool = True) -> None:
        """The cards' rectangles in ``area``: as large as fit, centred in it or, if not ``centred``,
        from its left edge (``width`` then says how much of it they take)."""
        n = max(1, len(self.infos))
        gap = int(14 * scale)
        counts = self.columns if isinstance(self.columns, tuple) else (self.columns or n,)
        sizes = [self._card_size(area, gap, max(1, min(c, n)), n, int(max_card * scale)) for c in counts]
        cols, w, h = max(sizes, key=lambda size: (size[1], -size[0]))
        # a card too narrow for its title is widened into the row's spare room, the picture kept:
        # the main menu's strip at 800x560, low under eight buttons, cut "Jogo do Galo" to "Jogo do G..."
        w = max(w, min(self.title_width(scale), (area.width - gap * (cols - 1)) // cols))
        total_w = cols * w + (cols - 1) * gap
        x0 = area.x + ((area.width - total_w) // 2 if centred else 0)
        self.rects = []
        for i in range(n):
            r, c = divmod(i, cols)
            self.rects.append(pygame.Rect(x0 + c * (w + gap), area.y + r * (h + gap), w, h))
        self.scale = scale

    @property
    def width(self) -> int:
        """The width the laid-out cards take, edge to edge (0 before ``layout``)."""
        return max((r.right for r in self.rects), default=0) - min((r.x for r in self.rects), default=0)

    def title_width(self, scale: float) -> int:
        """The width a card needs for the longest title, in the current language, with its margins."""
        font = tx.ui_font(self._title_size(scale), True)
        return max((font.size(_(info.title))[0] for info in self.infos), default=0) + int(16 * scale) + 1

    @staticmethod
    def _title_size(scale: float) -> int:
        return int(17 * scale)

    def fitting_title_size(self, width: int, scale: float) -> int:
        """The titles' size in cards leaving them ``width`` pixels: the usual one, else the largest
        at which every title fits (one size for the row), down to 80% of it (then a title is cut).
        The main menu's six cards at Larger text in Portuguese (1024x768) read "Jogo do Ga…", the
        row too narrow to widen the cards for it (``layout``)."""
        usual = self._title_size(scale)
        least = max(tx.SMALLEST, int(usual * 0.8))
        return min((tx.fitting_size(_(info.title), usual, width, True, least) for info in self.infos), default=usual)

    @staticmethod
    def _card_size(area: pygame.Rect, gap: int, cols: int, n: int, max_w: int) -> tuple[int, int, int]:
        """(columns, width, height) of the cards with ``cols`` a row, kept 1 : 1.05."""
        rows = math.ceil(n / cols)
        w = min(max_w, (area.width - gap * (cols - 1)) // cols)
        h = min(int(w * 1.05), (area.height - gap * (rows - 1)) // rows)
        w = min(w, int(h / 1.05)) if h < w * 1.05 else w
        return cols, w, h

    def picture_options(self, game_id: str) -> tuple[tuple[str, object], ...]:
        """The options ``game_id``'s picture is drawn under, as ``thumbnail`` takes them: the plain
        values only (a list where a settings file, edited by hand, had Hex's size is left to the
        default, as the form leaves it)."""
        if self.options is None:
            return ()
        known = {option.name for option in self._info(game_id).options}  # an older version's left out, as the form does
        return tuple(sorted((name, value) for name, value in self.options(game_id).items()
                            if name in known and isinstance(value, bool | int | float | str)))

    def refusal(self, game_id: str) -> str:
        """Why the rules make no game of the options ``game_id``'s picture is drawn under, in
        their words (``GameInfo.refusal``); "" where they make one."""
        return self._info(game_id).refusal(dict(self.picture_options(game_id)))

    def _info(self, game_id: str) -> GameInfo:
        return next(info for info in self.infos if info.id == game_id)

    def changed_pictures(self) -> list[pygame.Rect]:
        """Where a card's picture no longer shows its options (one changed on the form since it
        was drawn): those cards, with their lift and shadow, to be drawn again."""
        reach = 2 * (12 + int(4 * getattr(self, "scale", 1.0)))  # its shadow's 12 pixels (``ui.widgets.card``), its lift
        return [rect.inflate(reach, reach) for info, rect in zip(self.infos, self.rects)
                if info.id in self.drawn and self.drawn[info.id] != self.picture_options(info.id)]

    def at(self, pos: tuple[int, int]) -> str | None:
        for info, rect in zip(self.infos, self.rects):
            if rect.collidepoint(pos):
                return info.id
        return None

    def handle(self, event: pygame.event.Event) -> str | None:
        """Track hover; the id of a clicked card, else None."""
        if event.type == pygame.MOUSEMOTION:
            hit = self.at(event.pos)
            self.hover = next((i for i, info in enumerate(self.infos) if info.id == hit), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.at(event.pos)
        return None

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        s = getattr(self, "scale", 1.0)
        title_h = int(34 * s)
        for i, (info, rect) in enumerate(zip(self.infos, self.rects)):
            hovered, chosen = self.hover == i, self.selected == info.id
            r = rect.move(0, -int(3 * s) if hovered else 0)
            fill = mix(theme.panel, theme.accent, 0.12) if chosen else mix(theme.panel, theme.text, 0.05 if hovered else 0.0)
            border = theme.accent if hovered else mix(theme.panel, theme.text, 0.14)
            card(surface, r, fill, int(14 * s), border, max(1, int((2 if hovered else 1) * s)), shadow=True)
            if self.focused == i:
                focus_ring(surface, r, theme, s, int(14 * s))
            pic = r.inflate(-int(20 * s), -int(20 * s))
            pic.height -= title_h
            title_top = pic.bottom  # the chosen card's band starts here
            # the picture a margin above the title's room: drawn down to the band, a board's
            # bottom line (tic-tac-toe's at 800x560) met the band's edge and could not be seen
            pic.height -= self.picture_margin(s)
            size = min(pic.width, pic.height)
            self.drawn[info.id] = self.picture_options(info.id)
            image = thumbnail(info.id, theme.name, size, size, self.drawn[info.id])
            self.picture_rects[info.id] = image.get_rect(center=pic.center)
            surface.blit(image, self.picture_rects[info.id])
            refusal = self.refusal(info.id)
            if refusal:
                self._say_refused(surface, self.picture_rects[info.id], words.rule_reason(refusal, info.id), theme, s)
            title_size = self.fitting_title_size(r.width - int(16 * s), s)
            centre, colour = (r.centerx, r.bottom - title_h // 2 - int(8 * s)), theme.text
            if chosen:
                self.band = self._title_band(surface, r, title_top, theme, s)
                centre, colour = self.band.center, ink_on(theme.accent)
            tx.text(surface, tx.fit(_(info.title), title_size, r.width - int(16 * s), True), centre, title_size,
                    colour, "center", bold=True)

    @staticmethod
    def _say_refused(surface: pygame.Surface, picture: pygame.Rect, why: str, theme: Theme, s: float) -> None:
        """Why the options make no game (``why``, as Start says it), over the faded board in the
        middle of the ``picture``; a picture too small to hold it whole (the main menu's at
        1280x800) says only that they do not fit, New game's card saying why."""
        size, pad = tx.small(12, s), max(3, int(5 * s))
        most = max(1, (picture.height - 2 * pad) // tx.line_height(size, bold=True))
        lines = tx.wrap(why, size, picture.width - 2 * pad)
        if len(lines) > most:
            lines = tx.wrap_at_most(_("Options do not fit"), size, picture.width - 2 * pad, most)
        refusal_note(surface, theme, s, [(line, False) for line in lines], size, picture, pad, centred=True)

    @staticmethod
    def picture_margin(scale: float) -> int:
        """The pixels kept between a card's picture and its title's room (the chosen card's band):
        the picture's edge, a board's border line, shows whole against the card."""
        return max(3, int(6 * scale))

    @staticmethod
    def _title_band(surface: pygame.Surface, r: pygame.Rect, top: int, theme: Theme, s: float) -> pygame.Rect:
        """The chosen card's title band: from under its picture (``top``) to its bottom, filled
        with the accent colour, its lower corners the card's; the band's rectangle."""
        band = pygame.Rect(r.x, top, r.width, r.bottom - top)
        radius = int(14 * s)
        pygame.draw.rect(surface, theme.accent, band, border_bottom_left_radius=radius, border_bottom_right_radius=radius)
        return band
