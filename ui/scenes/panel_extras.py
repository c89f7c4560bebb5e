"""The game panel's extras under the thinking card: the friends' score in a hot-seat session, the
draw counts of the position shown and Hex's legend of the connections; which of them give way to
the move list and which are kept (``_kept_height``: the score, the counts near a draw).  A mixin of
``GamePanel`` (ui.scenes.game_panel), which owns the state."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui import text as tx
from ui.hex_connections import draw_legend, legend_height
from ui.scenes.common import counts_height, draw_counts, draw_near
from ui.scenes.game_over import players_named, reason_lines

if TYPE_CHECKING:
    from ui.scenes.panel_layout import RoomPlan


class PanelExtras:
    """The extras' part of ``GamePanel``: the friends' score, the draw counts and Hex's legend."""

    def _extras_shown(self, surface: pygame.Surface, plan: RoomPlan, at: tuple[int, int, int], bottom: int) -> int:
        """The extras from ``at`` (x, y, width) as ``plan`` keeps them, where they end over
        ``bottom``: all of them (``_extras``), or those that do not give way (``_kept_height``:
        the friends' score, the draw counts near a draw), each where the move list keeps one row
        under it; else none (drawn, they ran under the buttons: Alquerque's draw count at Larger
        text in a 1024x768 window).  Returns their bottom."""
        x, y, w = at
        if plan.extras and y + self._extras_height(w) <= bottom:
            return self._extras(surface, x, y, w)
        under = 2 * plan.gap + self._moves_height(1)  # the move list's one row, kept under them
        if y + self._session_height(w) + under <= bottom:
            y = self._session(surface, x, y, w)
        if plan.counts and y + self._near_counts_height(w) + under <= bottom:
            return self._counts(surface, x, y, w)
        return y

    def _counts_height(self, w: int) -> int:
        """The room the draw counts take (``_counts``), ``w`` wide."""
        return counts_height(self.scene.shown_state(), w, self._t(13), self._s(6))

    def _near_counts_height(self, w: int) -> int:
        """The room of the draw counts that do not give way to the move list (``_room_plan``):
        theirs near a counted draw (``draw_near``), while the position is shown; else 0."""
        near = self._position_extras_shown() and draw_near(self.scene.shown_state())
        return self._counts_height(w) if near else 0

    def _kept_height(self, w: int) -> int:
        """The room of the extras that do not give way to the move list (``_room_plan``): the
        friends' score (the result card says it at a game's end, and the panel went without it
        at Larger text in a 1280x800 window, in every game) and the draw counts near a draw."""
        return self._session_height(w) + self._near_counts_height(w)

    def _counts(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """The draw counts of the position shown from (``x``, ``y``), ``w`` wide; their bottom."""
        return draw_counts(surface, self.scene.shown_state(), (x, y), w, self._t(13), self.scene.app.theme, self._s(6))

    def _extras_height(self, w: int) -> int:
        """The room ``_extras`` takes."""
        scene = self.scene
        position_told = self._position_extras_shown()
        height = self._session_height(w) + (self._counts_height(w) if position_told else 0)
        if scene.connections.active and position_told:
            height += self._s(12) + legend_height(scene.game, self.scale, w)
        return height

    def _position_extras_shown(self) -> bool:
        """Whether the extras that speak of the position (the draw counts: "No capture for 33
        plies"; Hex's legend of the connections, what they hold and whether they are shown) are
        drawn: not while a person's pause covers the board, whose position they would tell."""
        return not self.scene.paused_with_people()

    def _session_lines(self, w: int) -> list[str]:
        """The friends' score so far in a hot-seat session (``SittingScore.running_line``), on at
        most two lines of the panel's width, broken between whole parts as the result card breaks
        it (``reason_lines``): "... Ana (O) · 0" over "drawn" read as apart."""
        line = self.scene.sitting.running_line(self.scene)
        return reason_lines(line, self._t(13), w, 2, whole=players_named(self.scene)) if line else []

    def _session_height(self, w: int) -> int:
        """The room ``_session`` takes (0 without a score to say)."""
        lines = self._session_lines(w)
        return self._s(6) + len(lines) * tx.ui_font(self._t(13)).get_height() if lines else 0

    def _session(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """The friends' score so far (hot-seat) from (``x``, ``y``), ``w`` wide; its bottom."""
        session = self._session_lines(w)
        y += self._s(6) if session else 0
        for line in session:
            y = tx.text(surface, line, (x, y), self._t(13), self.scene.app.theme.muted).bottom
        return y

    def _extras(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """The friends' score so far (hot-seat), how near the position shown is to a counted draw
        (Alquerque's 40 plies without a capture, a position's third occurrence), and what the
        board's overlays need explained: the Hex connections' legend (the last two not while a
        person's pause covers the board: ``_position_extras_shown``)."""
        scene = self.scene
        y = self._session(surface, x, y, w)
        if not self._position_extras_shown():
            return y
        y = self._counts(surface, x, y, w)
        if scene.connections.active:
            height = legend_height(scene.game, self.scale, w)
            draw_legend(surface, pygame.Rect(x, y + self._s(12), w, height), scene.game, scene.connections.shown(),
                        scene.shown_state().to_move, scene.app.theme, self.scale, scene.connections.running(),
                        scene.connections.waiting, scene.computer.holds_move_after_move())
            y += self._s(12) + height
        return y
