"""The game panel's header: the game's title, and under it its options, a set-up start, the opening
shown and the time control, on as few lines as keep every part whole (``HeaderLines``), the time
control beside the title where the lines have no room for it (``fits_beside_title``, which the
replay's panel uses too).  A mixin of ``GamePanel`` (ui.scenes.game_panel), which owns the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from ui import text as tx
from ui import words
from ui.clocks import time_control_forms
from ui.i18n import _
from ui.theme import window_scale

if TYPE_CHECKING:
    from ui.scenes.game import GameScene


def options_parts(scene: GameScene) -> list[str]:
    """Each option with its value, e.g. ["Width: 7", "Height: 6", "In a row to win: 4"]; a game
    from a given position leaves out the options that only pick the usual start."""
    return words.options_parts(scene.game, from_position=bool(scene.setup.start))


def shown_opening(scene: GameScene) -> str | None:
    """"Opening: Tiger" for the position shown (a browsed one's own), the last name kept once the
    game leaves the named lines; None before one applies, or from a set-up position (but the usual
    start), and while a person's pause covers the board (the name tells the moves it hides)."""
    if scene.paused_with_people():
        return None
    moves = [ply.text for ply in scene.history[:scene.shown_plies()]]
    return words.opening_text(scene.game, moves, scene.initial)


def fits_beside_title(said: str, size: int, title: str, title_size: int, width: int, gap: int) -> bool:
    """Whether ``said`` in print ``size`` fits at the right of a panel's title line ``width``
    pixels wide, ``gap`` pixels clear of its ``title`` (bold, ``title_size``): where a game's time
    control goes where the lines under the title have no room for it, the game panel's "5+3" and
    the replay's, beside its date (``ReplayScene._title_note``)."""
    room = width - tx.ui_font(title_size, True).size(title)[0] - gap
    return tx.ui_font(size).size(said)[0] <= room


class HeaderLines(NamedTuple):
    """The game panel's header under its title (``GamePanel._header_lines``)."""

    size: int  # the print of its lines
    lines: list[str]
    beside: str | None = None  # the time control at the right of the title's line, where the lines had no room for it


class PanelHeader:
    """The header's part of ``GamePanel``: the title and the lines under it."""

    def _header(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        theme = self.scene.app.theme
        title = words.title(self.scene.game.info)
        rect = tx.text(surface, tx.fit(title, self._s(24), w, True), (x, y), self._s(24), theme.text, bold=True)
        header = self._header_lines(w)
        if header.beside:
            tx.text(surface, header.beside, (x + w, rect.centery), header.size, theme.muted, "midright")
        for line in header.lines:
            rect = tx.text(surface, line, (x, rect.bottom + self._s(2)), header.size, theme.muted)
        return rect.bottom

    def _fits_beside_title(self, clock: str, w: int, size: int) -> bool:
        """Whether ``clock`` in the options' print, ``size``, fits at the right of the title's line."""
        return fits_beside_title(clock, size, words.title(self.scene.game.info), self._s(24), w, self._s(12))

    def _header_lines(self, w: int, packed: bool | None = None) -> HeaderLines:
        """The lines under the title, their size (``_lines_of``) and what stands beside the title:
        the options, a set-up start, the opening, and the time control
        (``ui.clocks.time_control_forms``) where it takes no line of its own nor sets the others
        smaller, else at the right of the title's line: nothing else on the screen said the
        increment, and a line more for it would cost the move list a row."""
        parts = options_parts(self.scene) + ([_("from a set-up position")] if self.scene.setup.start else [])
        parts += filter(None, [shown_opening(self.scene)])
        forms = time_control_forms(self.scene.setup.clock)
        packed = self.header_packed if packed is None else packed
        title = (words.title(self.scene.game.info), self._s(24))
        key = (w, tuple(parts), tuple(forms), self._t(13), self.scene.app.size, title)  # all that they read
        return self.header_kept[packed].get(key, lambda: self._clocked_lines(parts, forms, w, packed))

    def _clocked_lines(self, parts: list[str], forms: list[str], w: int, packed: bool) -> HeaderLines:
        """``_header_lines``' answer worked out: the time control in its longest form (``forms``)
        that goes with the parts' lines at no cost of a line nor of size, or else at the right of
        the title's line; left out where none does.  The words first ("Clock: 5 min + 3 s"), then
        "Clock: 5+3", "5+3": at 800x600, Larger text, none of the words had room in a clocked
        Tic-tac-toe, Reversi or Alquerque game, and its panel did not say the time control.  The
        header is asked for at every frame the panel draws, two or three times (its height, its
        drawing, the packed plan), each trying every size.  The bare form stands only beside the
        title, apart from the options."""
        plain = self._lines_of(parts, w, packed)
        for form in forms:
            labelled = form != forms[-1]  # the bare "5+3" after the options read as theirs: "In a row to win: 3 · 5+3"
            clocked = self._lines_with(form, parts, plain, w, packed) if labelled else None
            if clocked is not None:
                return HeaderLines(*clocked)
            if self._fits_beside_title(form, w, plain[0]):
                return HeaderLines(*plain, beside=form)
        return HeaderLines(*plain)

    def _lines_with(self, clock: str, parts: list[str], plain: tuple[int, list[str]], w: int,
                    packed: bool) -> tuple[int, list[str]] | None:
        """The header's ``parts`` on lines with ``clock`` after them whole, where that takes no
        more lines than without it (``plain``) nor a smaller print; else None."""
        size, lines = self._lines_of([*parts, clock], w, packed)
        fits = size == plain[0] and len(lines) <= len(plain[1]) and any(clock in line for line in lines)
        return (size, lines) if fits else None

    def _lines_of(self, parts: list[str], w: int, packed: bool) -> tuple[int, list[str]]:
        """The header's ``parts`` on lines (the whole of them: Trax's in Portuguese take three
        lines in order, two packed: ``tx.pack_parts_fewest``).  Small print (``_t``), or where a
        part is cut short at it, the largest size down to the window's own (Normal text's) that
        keeps every part whole: grown with Larger text at 800x560, Trax's "Fim do jogo: Primeiro
        circuito ou linha" was cut ("… ou l…"), and a fourth line for it took the move list's
        rows.  Where ``packed``, the largest size under that which
        keeps them whole on fewer lines, if one does."""
        whole = [said for said in (tx.join_parts([part]) for part in parts) if said]
        usual = max(tx.SMALLEST, int(13 * window_scale(self.scene.app.size)))
        sizes = range(self._t(13), min(usual, self._t(13)) - 1, -1)
        tried = ((size, tx.pack_parts_fewest(parts, size, w, most=3)) for size in sizes)
        kept = ((size, lines) for size, lines in tried if all(any(said in line for line in lines) for said in whole))
        first = next(kept, None)
        if first is None:  # cut short at every size: the smallest's
            return sizes[-1], tx.pack_parts_fewest(parts, sizes[-1], w, most=3)
        if not packed:
            return first
        return next((fewer for fewer in kept if len(fewer[1]) < len(first[1])), first)

    def _header_height(self, w: int) -> int:
        """The height ``_header`` takes in a panel ``w`` wide."""
        size, lines, _beside = self._header_lines(w)
        line = self._s(2) + tx.ui_font(size).get_height()
        return tx.ui_font(self._s(24), True).get_height() + len(lines) * line
