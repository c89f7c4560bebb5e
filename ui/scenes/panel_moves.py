"""The game panel's move list: its rows (a fingertip's high by touch), the move shown kept in view,
its scroll bar, and its input: a click or tap on a move browses to it, a drag or the wheel
scrolls.  Also how many rows the panel keeps for it (``MOVE_ROWS_KEPT``, ``MOVE_ROWS_WANTED``),
which the room plan and the replay's panel read.  A mixin of ``GamePanel``
(ui.scenes.game_panel), which owns the state."""

from __future__ import annotations

import pygame

from games.move_numbers import move_place, move_rows, times_taken
from ui import text as tx
from ui.clocks import reading_text
from ui.i18n import _, ngettext
from ui.move_list import draw_move_rows, times_shown
from ui.notation import shown_moves
from ui.widgets import card, mix

NO_MOVES_TOP = 20
"""How far (unscaled) under the top of the move list's box its "No moves yet" stands."""
MOVE_ROWS_KEPT = 3
"""The move-list rows the panel keeps by drawing its thinking card compact, then its rows of
buttons lower, its gaps smaller, then leaving its extras out (``GamePanel._room_plan``)."""
MOVE_ROWS_WANTED = 4
"""The move-list rows the panel makes room for by all but leaving its extras out (Hex's legend of
the connections asked for): Hex's panel with the connections kept three at 1280x800."""
TOUCH_ROW = 36
"""A move-list row's height (unscaled) once the last press was a finger's: 34 pixels at 1366x768,
where a line's 21 put a fingertip over three plies and it picked the wrong one (3 rows shown
there at the end of a Reversi game, 5 with the mouse's rows)."""


class MoveList:
    """The move list's part of ``GamePanel``: its rows drawn, and the pointer and the wheel on it."""

    def handle(self, event: pygame.event.Event) -> bool:
        """The pointer on the move list: a tap or click on a move shows the position after it, on
        its release; a press dragged up or down scrolls the list (``DragScroll``: a finger has no
        wheel) and shows nothing.  True: the event was the list's."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.drag.press(event.pos, self.moves_rect)
        if event.type == pygame.MOUSEMOTION and self.drag.pressed_at is not None:
            rows = self.drag.rows(event.pos, self.scale, self._row_height())
            if rows:
                self.offset, self.follow = max(0, self.offset + rows), False
                self.scene.invalidate()
            return False  # the hover follows the pointer as ever
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.pressed_at is not None:
            pressed = self.drag.pressed_at
            if not self.drag.release():
                self.click(pressed)
            return True
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a move of the list shows the position after it; True if it hit one."""
        for rect, plies in self.move_cells:
            if rect.collidepoint(pos):
                self.scene.browse(plies)
                return True
        return False

    def scroll(self, event: pygame.event.Event) -> None:
        if self.moves_rect.collidepoint(pygame.mouse.get_pos()) or not self.moves_rect.width:
            self.offset = max(0, self.offset - event.y * 2)
            self.follow = False

    def _row_height(self) -> int:
        """A move-list row's height: a line of its text, or a fingertip's (``TOUCH_ROW``) while
        the window is used by touch (``App.by_touch``)."""
        line = tx.line_height(self._s(15)) + self._s(2)
        return max(line, self._s(TOUCH_ROW)) if self.scene.app.by_touch else line

    def _moves_height(self, rows: int) -> int:
        """The room the move list needs to show ``rows`` rows: its heading, its box and the rows."""
        return tx.ui_font(self._s(15), True).get_height() + self._s(6) + self._s(12) + rows * self._row_height()

    def _move_times(self) -> list[str] | None:
        """Each move's time as a clock reads it, for the move list (as the replay's list gives them),
        or None: no clock, or a move whose clocks were not kept (a game continued from an older
        version's record)."""
        scene, clock = self.scene, self.scene.referee.clock
        if clock is None or any(ply.clocks is None for ply in scene.history):
            return None
        movers = [ply.before.to_move for ply in scene.history]
        return [reading_text(seconds) for seconds in times_taken(scene.clock_readings(), movers, clock.increment)]

    def _no_moves_height(self, count: int) -> int:
        """The room in the move list's box that its "No moves yet" takes (0 with ``count`` moves):
        it stands lower than a row, and a box one row high cut it through its letters."""
        return self._s(NO_MOVES_TOP) + tx.line_height(self._t(14)) - self._s(6) if count == 0 else 0

    def _moves(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        scene, theme = self.scene, self.scene.app.theme
        row_h = self._row_height()
        count = len(scene.history)
        if rect.height < tx.line_height(self._s(15), True) + 2 * self._s(6) + max(row_h, self._no_moves_height(count)):
            self.moves_rect = pygame.Rect(0, 0, 0, 0)  # not one whole row (or "No moves yet"): none
            return
        head = tx.text(surface, _("Moves"), (rect.x, rect.y), self._s(15), theme.muted, bold=True)
        tx.text(surface, ngettext("{n} move", "{n} moves", count).format(n=count), (rect.right, rect.y), self._t(13),
                theme.muted, "topright")
        box = pygame.Rect(rect.x, head.bottom + self._s(6), rect.width, rect.bottom - head.bottom - self._s(6))
        self.moves_rect = box
        card(surface, box, mix(theme.panel, theme.background, 0.45), self._s(10))
        if scene.paused_with_people():  # the moves would show the position the cover hides
            self.move_cells = []
            tx.text(surface, tx.fit(_("Hidden while paused"), self._t(14), box.width - self._s(16)),
                    (box.centerx, box.y + self._s(20)), self._t(14), theme.muted, "midtop")
            return
        visible = max(1, (box.height - self._s(12)) // row_h)
        lead = scene.initial.to_move  # 1: the second side moved first, "1. … d3"
        rows = move_rows(count, lead)
        shown = scene.shown_plies()
        if shown != self.shown_before:  # browsed (a key, the graph, the list): its move comes into view
            self.shown_before = shown
            row = move_place(max(0, shown - 1), lead)[0]
            if scene.browsing is None:
                self.follow = True  # back to the live game: its newest move
            elif not self.offset <= row < self.offset + visible:
                self.offset, self.follow = max(0, row - visible // 2), False
        if self.follow:
            self.offset = max(0, rows - visible)
        self.offset = max(0, min(self.offset, max(0, rows - visible)))
        if self.offset >= max(0, rows - visible):
            self.follow = True
        clip = surface.get_clip()
        surface.set_clip(box)
        texts = shown_moves(scene.app, scene.game, ((ply.before, ply.move, ply.text) for ply in scene.history))
        times = times_shown(box.width, self.scale, self._s(15), texts, self._move_times())
        self.move_cells = draw_move_rows(surface, theme, box, self.scale, self.offset,
                                         min(rows, self.offset + visible) - self.offset, row_h, self._s(15),
                                         texts, lead, shown, times)
        if count == 0:
            tx.text(surface, _("No moves yet"), (box.centerx, box.y + self._s(NO_MOVES_TOP)), self._t(14), theme.muted,
                    "midtop")
        if rows > visible:  # a scroll bar
            track = box.inflate(0, -self._s(12))
            bar_h = max(self._s(20), track.height * visible // rows)
            bar_y = track.y + (track.height - bar_h) * self.offset // max(1, rows - visible)
            pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.3),
                             (box.right - self._s(7), bar_y, self._s(4), bar_h), border_radius=self._s(2))
        surface.set_clip(clip)
