"""How the game panel's parts share its room: the scale it is laid out at (``layout``: the largest
from the Text size down to the window's that keeps its move list's rows, ``_fits``), its width
(``panel_width``), and at each draw the plan (``RoomPlan``, ``_room_plan``) of what gives way, in
order, so that the move list keeps ``MOVE_ROWS_KEPT`` rows: the thinking card to one line, the rows
of buttons lower, the gaps smaller, the extras left out.  A mixin of ``GamePanel``
(ui.scenes.game_panel), which owns the state; each part says what it takes from its own module."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ui.move_list import room_given
from ui.scenes.panel_buttons import BUTTON_ROW, KEYLESS_PADDING
from ui.scenes.panel_cards import BADGE_GAP, CARD_GAP, CARD_HEIGHT
from ui.scenes.panel_moves import MOVE_ROWS_KEPT, MOVE_ROWS_WANTED
from ui.scenes.panel_thinking import THINKING_HEIGHT
from ui.theme import widened
from ui.widgets import BUTTON_PADDING

SECTION_GAP = 12
"""The room (unscaled) between the panel's parts: the header, the players, the thinking card, the
move list and the buttons."""


@dataclass(frozen=True)
class RoomPlan:
    """How the game panel's parts share its height (``GamePanel._room_plan``)."""

    compact: bool  # the thinking card on one line
    button_row: int  # the height in pixels of a row of buttons
    gap: int  # the room in pixels between the parts
    extras: bool  # the draw counts and Hex's legend drawn (where they fit)
    counts: bool = False  # the draw counts drawn alone where the extras give way: a draw is near
    badge_room: int = 0  # the room over the first card (``GamePanel._badge_clearance``, less what it gave)


def panel_width(size: tuple[int, int], window: float, panel: float) -> int:
    """The panel's width in a window of ``size`` at the window's scale ``window`` and the panel's
    ``panel`` (``GameScene.panel_scale``): 30% of the window, ``widened`` as its text grows past
    the window's scale."""
    width = size[0]
    return max(int(250 * panel), min(int(440 * panel), widened(int(width * 0.3), size, window, panel)))


SCALE_STEP = 0.02
"""How finely ``GamePanel.layout`` tries the scales from the Text size's down to the window's."""
SEEN_GROWTH = 1.05
"""The least growth of the panel's scale over the window's that ``GamePanel.layout`` takes: less
is hardly seen, and it narrows the board (Alquerque's panel at 1280x800, its draw count kept,
had room for 1.3% more)."""
WIDTH_ROUNDING = 0.005
"""How far under the scale it was made for a panel's width in whole pixels may hold
(``GamePanel._largest_fitting``): 1.2587 for 1.26 at 1366x768."""


class PanelLayout:
    """The layout's part of ``GamePanel``: the scale it is laid out at and the plan of its room."""

    def layout(self, rect: pygame.Rect, window: float, most: float) -> None:
        """Lay the panel in ``rect`` at the largest scale from ``most`` (the Text size in full, as
        far as the panel's width holds it: ``GameScene.resize``) down to the window's, ``window``,
        that keeps its move list's rows (``_fits``): the window's height held every part at
        Large's scale in a 16:10 or 16:9 window, where a Reversi game has room for Larger's, and
        Trax watched at 1008x705 has not (its status cut, "No moves yet" under Pause)."""
        self.rect, self.scale = rect, window
        grown = (self._largest_fitting(window, most, extras_kept=True)
                 or self._largest_fitting(window, most, extras_kept=False))
        self.scale = grown or window
        self.live_rect = pygame.Rect(0, 0, 0, 0)  # placed at the next whole draw
        self.button_row = 0  # planned again at the next draw, at the scale laid out for

    def _largest_fitting(self, window: float, most: float, extras_kept: bool) -> float | None:
        """The largest scale from ``most`` down to ``window`` grown by ``SEEN_GROWTH`` that
        ``_fits``, with the extras kept or giving way; None where none does.  Tried with them
        kept first: the draw count gives way before the panel's text does (Alquerque's
        "Draw after 40 plies without a capture" held the panel at Large's scale at Larger in a
        1280x800 or 1366x768 window), and the move list's room takes it back in the game where it
        can (``_room_plan``)."""
        least = window * SEEN_GROWTH
        steps = max(0, math.ceil((most - window) / SCALE_STEP))
        scales = [window + (most - window) * k / steps for k in range(steps, 0, -1)]
        # the least growth tried too: the steps passed over it (1.24, then 1.28 for 1.26 at
        # 1366x768), and Trax's panel, room for 1.26, fell back to the window's 1.2; laid again
        # at its own width in whole pixels (``GameScene._panel_laid``) its ``most`` is a hair less
        scales = [scale for scale in scales if scale > least]
        scales += [min(least, most)] if most >= least - WIDTH_ROUNDING else []
        return next((scale for scale in scales if self._fits(scale, extras_kept)), None)

    def _plan_under_header(self, top: int, w: int) -> RoomPlan:
        """``_plan_rows`` under the header from ``top``, its lines fewer at a smaller size
        (``header_packed``) where as they are the move list keeps fewer than ``MOVE_ROWS_KEPT``
        rows, every other part given: at Larger text in a 1024x768 window Trax's options in
        Portuguese took three lines at 15 pixels (two at 13), and its move list, clocked or not,
        kept two rows."""
        self.header_packed = False
        under = top + self._header_height(w)
        plan = self._plan_rows(under, w)
        if self._spare_room(under, w) >= self._moves_height(MOVE_ROWS_KEPT) or not self._header_packs_fewer(w):
            return plan
        self.header_packed = True
        return self._plan_rows(top + self._header_height(w), w)

    def _header_packs_fewer(self, w: int) -> bool:
        """Whether the header's parts go whole on fewer lines at a smaller size (``_header_lines``)."""
        return len(self._header_lines(w, packed=True).lines) < len(self._header_lines(w, packed=False).lines)

    def _plan_rows(self, top: int, w: int) -> RoomPlan:
        """``_room_plan`` with the watch row (``_watch_row_fitting``) where it fits the rows'
        height planned with it, else without it; or, where without it the move list keeps fewer
        than ``MOVE_ROWS_KEPT`` rows, with it at less padding where that fits (``KEYLESS_PADDING``)."""
        self.watch_padding = BUTTON_PADDING
        self.watch_row, self.grid_taller = self._watch_row_fitting(w, self._s(BUTTON_ROW)), 0
        self.keys_under = self._room_for_keys_under(top, w)
        plan = self._room_plan(top, w)
        if self.watch_row and not self._watch_row_fitting(w, plan.button_row):
            self.watch_row, self.keys_under = [], False
            plan = self._room_plan(top, w)
        if not self.watch_row and self._spare_room(top, w) < self._moves_height(MOVE_ROWS_KEPT):
            self.watch_row = self._watch_row_fitting(w, plan.button_row, KEYLESS_PADDING)
            self.watch_padding = KEYLESS_PADDING if self.watch_row else BUTTON_PADDING
            plan = self._room_plan(top, w)
        self.grid_tall = self._grid_tall()
        self.grid_taller = self._room_for_grid_keys(top, w, plan.button_row)
        return self._room_plan(top, w) if self.grid_taller else plan

    def _room_for_grid_keys(self, top: int, w: int, row: int) -> int:
        """How many rows of the grid may grow to set a key under its label where it has room
        neither beside nor under it in a row ``row`` high (``_grid_keys_under``): all of them
        where, every part giving way as far as it may, the move list keeps ``MOVE_ROWS_KEPT`` rows
        beside them, as the watch row grows (``_room_for_keys_under``); else none."""
        rows = len(self._grid_keys_under(row))
        if not rows:
            return 0
        taller = rows * max(0, self.grid_tall - self._least_row())
        return rows if self._spare_room(top, w, lowered=False) - taller >= self._moves_height(MOVE_ROWS_KEPT) else 0

    def _spare_room(self, top: int, w: int, lowered: bool = True) -> int:
        """The room the move list has under ``top`` with every part giving way as far as it may
        (``_room_plan``), the rows of buttons no lower than ``_least_row`` and the badge's room
        whole unless ``lowered`` (the last parts to give way, for no key's sake)."""
        room, gives = self._room_and_gives(top, w, badge=True)
        last = self._rows_lowered_give() + self._badge_room_give() if lowered else 0
        return room + sum(gives) + self._line_row_give() - self._kept_height(w) + last

    def _room_for_keys_under(self, top: int, w: int) -> bool:
        """Whether the watch row may grow to set its keys under its labels (``_watch_height``):
        where, every part giving way as far as it may (``_room_plan``), the move list keeps
        ``MOVE_ROWS_KEPT`` rows beside the taller row.  Where it would not, the keys are left out
        as before: at Larger text in an 800x560 window a row of moves was dearer than the keys."""
        self.keys_under = True
        least = self._least_row()
        taller = self._watch_height(least) - least
        self.keys_under = False
        if taller <= 0:
            return False
        return self._spare_room(top, w, lowered=False) - taller >= self._moves_height(MOVE_ROWS_KEPT)

    def _room_plan(self, top: int, w: int) -> RoomPlan:
        """How the panel's parts under its header, from ``top``, share the room so that the move
        list keeps ``MOVE_ROWS_KEPT`` rows, each giving way only where the one before could not
        give enough: the thinking card goes to one line, the rows of buttons lower down to a
        ``FINGERTIP``, the room between the parts halves, the one-line card's row of analysis's
        best line goes (``line_row_kept``), the draw counts and Hex's legend are left out, and last
        the rows of buttons go lower still, as low as their labels allow (``_rows_lowered_give``),
        and the room over the first card's badge halves (``_badge_room_give``); all but the last
        four give way for ``MOVE_ROWS_WANTED`` rows.  At Larger text in a
        1024x768 window the list kept one row of moves, two under Trax's three lines of options,
        none under Alquerque's draw count.  Near a counted draw
        (``draw_near``) the counts do not give way, nor does the friends' score (``_kept_height``):
        they take their lines from the move list, down to one row (``_extras_shown``); left out
        there, Alquerque's "No capture for 38 plies" was gone at Larger text in a 1280x800 window
        two plies before the draw, and "This session: Ana 1 - 0 João" in every game."""
        gap = self._s(SECTION_GAP)
        room, (card_gives, buttons_give, gaps_give, extras_give) = self._room_and_gives(top, w, badge=True)
        near = self._near_counts_height(w)
        badge_takes = self._badge_taken_from_gaps()
        gives = [badge_takes, card_gives, buttons_give, gaps_give - badge_takes, self._line_row_give(),
                 extras_give - self._kept_height(w), self._rows_lowered_give(), self._badge_room_give()]
        wanted = room_given(room, self._moves_height(MOVE_ROWS_WANTED), [*gives[:4], 0, 0, 0, 0])
        least = room_given(room, self._moves_height(MOVE_ROWS_KEPT), gives)
        badge, card, buttons, gaps, line_row, extras_given, lower, badge_room = (
            max(pair) for pair in zip(wanted, least, strict=True))
        self.line_row_kept = line_row == 0
        row = self._row_giving(buttons + lower)
        gap = self._largest_gap(self._gaps_height(gap, True) - badge - gaps, gap)
        return RoomPlan(card > 0, row, gap, not extras_given, near > 0, self._badge_clearance() - badge_room)

    def _room_and_gives(self, top: int, w: int, badge: bool = False) -> tuple[int, list[int]]:
        """The room the move list has under ``top`` with every part at its fullest, and what each
        part can give it, in ``_room_plan``'s order (the thinking card, the rows of buttons, the
        gaps, the extras); ``badge``: with the room the badge needs over the first card
        (``_badge_clearance``), which the other parts give where they can, but which never makes
        the text smaller (``_fits`` leaves it out: it halves last, ``_badge_room_give``)."""
        full, gap = self._s(BUTTON_ROW), self._s(SECTION_GAP)
        players = 2 * self._s(CARD_HEIGHT) + self._s(CARD_GAP)
        bottom = self.rect.bottom - self._s(18) - self._buttons_height(full)
        extras = self._extras_height(w)
        gaps = self._gaps_height(gap, badge)
        room = bottom - top - players - self._s(THINKING_HEIGHT) - extras - gaps
        return room, [self._s(THINKING_HEIGHT) - self._compact_height(True),
                      self._buttons_height(full) - self._buttons_height(self._least_row()),
                      gaps - self._gaps_height(gap // 2, badge), extras]

    def _row_giving(self, given: int) -> int:
        """The highest row of buttons, from the usual down to ``_lowest_row`` (``_least_row`` unless
        the move list needs more: ``_rows_lowered_give``), whose rows give the move list ``given``
        pixels (the watch row, taller for its keys, gives less: ``_watch_height``)."""
        full, least = self._s(BUTTON_ROW), self._lowest_row()
        whole = self._buttons_height(full)
        return next((row for row in range(full, least, -1) if whole - self._buttons_height(row) >= given), least)

    def _gaps_height(self, gap: int, badge: bool) -> int:
        """The room the four gaps round the players' cards, the thinking card and the move list
        take at ``gap`` pixels each (``draw``), the one over the first card never under
        ``_badge_clearance`` where ``badge``."""
        return 3 * gap + max(gap, self._badge_clearance() if badge else 0)

    def _badge_taken_from_gaps(self) -> int:
        """What the gaps give the move list first where it is short (``_room_plan``): the room the
        badge's clearance over the first card takes beyond a gap, the gaps then taking no more
        than without it.  Left to the parts' usual order, the thinking card gave it, all its
        second line for a pixel: at 1280x800 Alquerque's went to one line ("Last search" gone,
        and a lost game's reason in Portuguese)."""
        gap = self._s(SECTION_GAP)
        return self._gaps_height(gap, True) - self._gaps_height(self._largest_gap(4 * gap, gap), True)

    def _badge_room_give(self) -> int:
        """What the room over the first card's badge gives the move list, the last part to give
        way, the other gaps halved already: its ``BADGE_GAP`` halves too, as far as the first
        gap stays no less than theirs.  Larger text at 1280x800 kept two rows of moves in four
        games, two pixels short of the third that ``_fits`` had made the scale for: it leaves
        the badge's room out, so that the badge never makes the text smaller."""
        badge_gap, half = self._s(BADGE_GAP), self._s(SECTION_GAP) // 2
        least = self._badge_clearance() - (badge_gap - badge_gap // 2)
        return self._badge_clearance() - max(half, least)

    def _largest_gap(self, most: int, start: int) -> int:
        """The largest gap from ``start`` down whose four take at most ``most`` pixels with the
        badge's clearance (``_gaps_height``), but never under half of ``SECTION_GAP``, the least
        the gaps give way to."""
        half = self._s(SECTION_GAP) // 2
        return next((gap for gap in range(start, half, -1) if self._gaps_height(gap, True) <= most), half)

    def _fits(self, scale: float, extras_kept: bool = True) -> bool:
        """Whether the panel laid out at ``scale`` keeps ``MOVE_ROWS_KEPT`` rows of moves with
        its extras shown (unless not ``extras_kept``: then they give way too, as in
        ``_room_plan``'s least plan), the thinking card, the rows of buttons and the gaps giving
        way as far as they may: what a larger Text size may take beyond the window's scale
        (``layout``), leaving room for what comes in a game (an opening's name)."""
        kept, self.scale, under, self.keys_under = self.scale, scale, self.keys_under, False
        taller, self.grid_taller = self.grid_taller, 0
        packed, self.header_packed = self.header_packed, False
        try:
            pad = self._s(18)
            w = self.rect.width - 2 * pad
            self.watch_row = self._watch_row_fitting(w, self._s(BUTTON_ROW))
            room, gives = self._room_and_gives(self.rect.y + pad + self._header_height(w), w)
            given = sum(gives if not extras_kept else gives[:3]) + self._line_row_give()
            return room + given >= self._moves_height(MOVE_ROWS_KEPT)
        finally:
            self.scale, self.keys_under, self.grid_taller, self.header_packed = kept, under, taller, packed

    def _rows_lowered_give(self) -> int:
        """What the rows of buttons give the move list going on from ``_least_row`` down to
        ``_lowest_row``: the last part to give way.  In a clocked Alquerque game at Larger text
        in an 800x600 window in Portuguese, "Anular", "Refazer" and "Retomar" had no room in one
        row, the Pause made a seventh row of buttons (Legal moves the thirteenth button), and the
        list kept two rows where the other games kept three."""
        return self._buttons_height(self._least_row()) - self._buttons_height(self._lowest_row())
