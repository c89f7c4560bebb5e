"""The game panel's buttons: the row of three (a watched game's Pause, Step and Speed; a clocked
game's Undo, Redo and Pause) over the others two a row, how high their rows are and how low they
may go (``FINGERTIP``, ``_least_row``), where their keys go (beside, under or left out) and where
each is laid (``_lay_buttons``).  A mixin of ``GamePanel`` (ui.scenes.game_panel), which owns the
state; the room plan (ui.scenes.panel_layout) asks it what the rows take and give."""

from __future__ import annotations

import pygame

from ui.match import PC_VS_PC
from ui.theme import window_scale
from ui.widgets import BUTTON_PADDING, Button, keys_under_rows, layout_grid, share_row

BUTTON_ROW = 42
"""The height (unscaled) of a row of the panel's buttons: a fingertip's 40 pixels on a 1366x768
touch screen (at 38, Undo was 36 pixels high there, under the finger that tapped it)."""
FINGERTIP = 40
"""The least height in pixels (whatever the scale) a row of the panel's buttons gives way to,
where the move list would keep fewer than ``MOVE_ROWS_KEPT`` rows: a fingertip's (rows already
lower give way as far as their height at the usual text size: ``GamePanel._least_row``)."""
BUTTON_GAP = 4
"""The room (unscaled) between two rows of the panel's buttons: 8 before the rows grew by 4, so
the rows together take the room they took, and the move list keeps its rows."""
KEYLESS_PADDING = 6
"""The room (unscaled) the row of three's buttons keep at each side of their labels, their keys
left out, where with the usual ``widgets.BUTTON_PADDING`` they have no room in one row and the
move list would keep fewer than ``MOVE_ROWS_KEPT`` rows (``GamePanel._plan_rows``): a label
alone, centred, needs no room for the gap before a key.  At Larger text in a 1024x768 window in
Portuguese "Anular", "Refazer" and "Retomar" went two a row, Pause in a row of its own, and a
clocked Reversi or Alquerque game's move list kept one row."""


class PanelButtons:
    """The buttons' part of ``GamePanel``: their rows, their heights and where each is laid."""

    def last_row(self) -> pygame.Rect:
        """Where the panel's last row of buttons goes (Menu): the move field opens over it, so the
        board keeps its size (laid out with room for the field under it, the board shrank by 14
        to 28 pixels whenever the field opened)."""
        pad, row = self._s(18), self.button_row or self._s(BUTTON_ROW)
        return pygame.Rect(self.rect.x + pad, self.rect.bottom - pad - row, self.rect.width - 2 * pad, row)

    def _grid_tall(self) -> int:
        """The height of a row of the grid that sets its keys under its labels (``Button.two_line_height``)."""
        return max((b.two_line_height(self.scale) for b in self._others(self.watch_row) if b.visible), default=0)

    def _grid_keys_under(self, row: int) -> list[int]:
        """The rows of the grid (under the watch row) that show a key only if they grow to
        ``_grid_tall`` (``keys_under_rows``), the rows ``row`` high, at most ``grid_taller`` of them
        once planned: at Larger text in an 800x600 window in Portuguese a hot-seat friend's
        "Desistir por X" showed no Ctrl+R."""
        width, gap = self.rect.width - 2 * self._s(18), self._s(BUTTON_GAP)
        return keys_under_rows(self._others(self.watch_row), width, 2, row, self.grid_tall, gap, self.scale)

    def _watch_row_fitting(self, width: int, row: int, padding: float = BUTTON_PADDING) -> list[Button]:
        """The row of three shown (``_row_of_three``: a watched game's Pause, Step and Speed, a
        clocked game's Undo, Redo and Pause), to be laid in one row over the others (``watch_row``), where a row ``width`` wide and ``row`` high sets each
        one's label at the usual size with its key (``Button.least_width``), or else without the
        keys (``_watch_keys_fit``); else none: they go two a row with the others (at Larger text
        in a 1024x768 window "Pause" was set at 10 pixels beside the other labels' 16).  Two a
        row, they took a row and a half, and Hex's watched panel (with Take over and Connections)
        seven rows at 1280x800, its move list two.  ``padding``: their labels' (``KEYLESS_PADDING``)."""
        shown = self._row_of_three()
        room = width - self._s(BUTTON_GAP) * (len(shown) - 1)
        return shown if shown and sum(self._watch_least(shown, row, keys=False, padding=padding)) <= room else []

    def _row_of_three(self) -> list[Button]:
        """The buttons that may share one row (``_watch_row_fitting``): a watched game's Pause,
        Step and Speed; a clocked game's Undo, Redo and Pause (two a row, the Pause made a
        seventh row of buttons, and at Larger text in a 800x560 window the move list was gone);
        none in a person's game without a Pause."""
        scene = self.scene
        if scene.setup.mode == PC_VS_PC:
            return [b for b in (scene.btn_pause, scene.btn_step, scene.btn_speed) if b.visible]
        row = [scene.btn_undo, scene.btn_redo, scene.btn_pause]
        return row if all(b.visible for b in row) else []

    def _watch_least(self, buttons: list[Button], row: int, keys: bool, padding: float | None = None) -> list[int]:
        """The least width of each of the watch row's ``buttons`` in a row ``row`` high, with
        their keys or without (``Button.steady_least_width``): Pause's by its longer label, Resume's too
        (pausing moved the buttons round); at ``padding``, by default the row's (``watch_padding``)."""
        padding = self.watch_padding if padding is None else padding
        return [b.steady_least_width(self.scale, row, keys, padding) for b in buttons]

    def _watch_keys_fit(self, width: int, row: int) -> bool:
        """Whether the watch row's keys (Space, S, +/-) fit beside or under their labels in
        ``width`` (gaps taken off).  Where they do not, the row goes without them rather than two
        a row: at Larger text they had no room up to 1600x900, and the row fell back to two a row
        (a row and a half of buttons more, the move list shorter); the keys page (F1) lists
        them, and each key works all the same."""
        return sum(self._watch_least(self.watch_row, row, keys=True)) <= width

    def _watch_height(self, row: int) -> int:
        """The watch row's height where the other rows are ``row`` high: taller, each key on a
        second line under its label (``Button.two_line_height``), where a clocked game's Undo,
        Redo and Pause have no room for their keys beside their labels in a row ``row`` high but
        have under them.  At Larger text in an 800x600 window the three went without U, Y and
        Ctrl+P, which a player found nowhere on the game screen.  A watched game's row keeps its
        height, its keys left out (``_watch_keys_fit``): its watcher has the keys page (F1)."""
        watch = self.watch_row
        if not watch or not self.keys_under or self.scene.setup.mode == PC_VS_PC:
            return row
        room = self.rect.width - 2 * self._s(18) - self._s(BUTTON_GAP) * (len(watch) - 1)
        if self._watch_keys_fit(room, row):
            return row
        tall = max(button.two_line_height(self.scale) for button in watch)
        return tall if tall > row and self._watch_keys_fit(room, tall) else row

    def _button_rows(self) -> int:
        """How many rows the visible buttons take: the watch row, then the others two a row."""
        watch = self.watch_row
        others = sum(1 for b in self._others(watch) if b.visible)
        return bool(watch) + (others + 1) // 2

    def _others(self, watch: list[Button]) -> list[Button]:
        """The panel's buttons but those of the watch row (told apart by identity: buttons are
        dataclasses, equal by their fields)."""
        return [b for b in self.scene.buttons if all(b is not w for w in watch)]

    def _buttons_height(self, row: int) -> int:
        """The room the buttons take in rows ``row`` pixels high (the watch row perhaps higher:
        ``_watch_height``)."""
        rows = self._button_rows()
        taller = self.grid_taller * max(0, self.grid_tall - row)  # rows grown for their keys
        return rows * row + (rows - 1) * self._s(BUTTON_GAP) + self._watch_height(row) - row + taller

    def _watch_widths(self, width: int, row: int, keys: bool) -> list[int]:
        """The widths of the watch row's buttons in ``width``: shared by what their labels and keys
        want (``share_row``: "Speed: Normal" whole) where each label is set whole at the usual
        size so, else by the least they need (Speed's value alone, "Normal"; at 800x560 in
        Portuguese, paused, "Passo" was cut to "Pa…"), without their keys unless ``keys``.  Pause
        is weighed by both its labels: in Portuguese at 1024x768 "Pausa" fitted whole and
        "Retomar" did not, and pausing moved the row, with Space, a few pixels (qa91)."""
        scale = self.scale
        wanted = share_row(self.watch_row, width, scale)
        if keys and all(form.fits_at(scale, w) for b, w in zip(self.watch_row, wanted, strict=True)
                        for form in b.label_forms()):
            return wanted
        return share_row(self.watch_row, width, scale, self._watch_least(self.watch_row, row, keys))

    def _lay_buttons(self, area: pygame.Rect, row: int) -> None:
        """Place the visible buttons in ``area``: the watch row (``_watch_row_fitting``) on top, as
        wide as ``_watch_widths`` gives each, its keys all left out where they do not all fit
        (``_watch_keys_fit``: one key on a row of three read as if the others had none), then
        the others in a grid two a row (a clocked game's Undo, Redo and Pause at their labels' size),
        a row shared by what its buttons need where that shows more keys or larger labels
        (``ui.widgets.shared_rows``: at Larger text in a 1280x800 window "Offer draw  Ctrl+D"
        set every label at 16 for 18)."""
        gap, watch, scene = self._s(BUTTON_GAP), self.watch_row, self.scene
        for button in (scene.btn_pause, scene.btn_step, scene.btn_speed, scene.btn_undo, scene.btn_redo):
            button.key_left_out, button.padding = False, BUTTON_PADDING  # measured with them; in the grid they show as ever
        if watch:
            x, room, tall = area.x, area.width - gap * (len(watch) - 1), self._watch_height(row)
            keys = self._watch_keys_fit(room, tall)
            for button, width in zip(watch, self._watch_widths(room, tall, keys), strict=True):
                button.rect, button.grid, button.key_left_out = pygame.Rect(x, area.y, width, tall), watch, not keys
                button.padding = self.watch_padding
                x += width + gap
            area = pygame.Rect(area.x, area.y + tall + gap, area.width, area.height - tall - gap)
        taller = self._grid_keys_under(row)[:self.grid_taller] if self.grid_taller else []
        layout_grid(self._others(watch), area, 2, row, gap, self.scale, taller, self.grid_tall)
        if watch and scene.setup.mode != PC_VS_PC:  # Undo, Redo and Pause set at the size of the labels under them
            shown = [b for b in scene.buttons if b.visible]
            for button in shown:
                button.grid = shown

    def _least_row(self) -> int:
        """The least height a row of buttons gives way to: a ``FINGERTIP``'s, or, where the rows are
        lower than that already (larger text in a small window), their height at the usual text
        size in this window: at Larger text in a 800x560 window rows 36 pixels high could give
        none, and the move list was left no row.  Never lower than a label with room above and
        below it: at the panel's Larger scale in a 1920x1080 window (``layout``), "Undo" stood
        taller than the fingertip's row it was given."""
        full = self._s(BUTTON_ROW)
        least = FINGERTIP if full >= FINGERTIP else min(full, int(BUTTON_ROW * window_scale(self.scene.app.size)))
        return min(full, max(least, self._labels_height()))

    def _labels_height(self) -> int:
        """The least height of a row that holds every visible label whole with a little room above
        and below it (``Button.least_height``)."""
        return max((b.least_height(self.scale) for b in self.scene.buttons if b.visible), default=0)

    def _lowest_row(self) -> int:
        """The lowest the rows of buttons go where the move list still lacks ``MOVE_ROWS_KEPT`` rows
        with every other part given (``_rows_lowered_give``): their labels' least height
        (``_labels_height``), rows a ``FINGERTIP`` high or more never under it."""
        full = self._s(BUTTON_ROW)
        return min(full, max(self._labels_height(), FINGERTIP if full >= FINGERTIP else 0))

    def _set_button_row(self, row: int) -> None:
        """Keep the buttons' row height, the typed-move field, which opens over the last row, laid
        over it again when it changed."""
        if row != (self.button_row or self._s(BUTTON_ROW)):
            self.button_row = row
            self.scene.move_entry.layout(self.last_row(), self.scale)
        self.button_row = row
