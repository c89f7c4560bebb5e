"""The side panel of the game screen: the game, both players, the thinking box, the legend of
the Hex connections when they are shown, the move list and the control buttons."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

import ai
from games.record import move_rows
from ui import text as tx
from ui import words
from ui.hex_connections import draw_legend, legend_height
from ui.i18n import _, ngettext, number_text
from ui.keyed_cache import KeyedCache
from ui.match import PC_VS_PC
from ui.move_list import room_given
from ui.notation import shown_search
from ui.scenes.common import counts_height, draw_counts, draw_near
from ui.scenes.game_board_side import play_tips
from ui.scenes.game_over import players_named, reason_lines, result_detail_forms, result_words
from ui.scenes.panel_buttons import BUTTON_ROW, KEYLESS_PADDING, PanelButtons
from ui.scenes.panel_cards import BADGE_GAP, CARD_GAP, CARD_HEIGHT, PlayerCards
from ui.scenes.panel_header import PanelHeader
from ui.scenes.panel_moves import MOVE_ROWS_KEPT, MOVE_ROWS_WANTED, MoveList
from ui.scenes.panel_search import (
    asking_side,
    best_first,
    draw_search_lines,
    idle_headline,
    move_alone,
    news_fits,
    parts_that_fit,
    values_hidden,
    with_proof_form,
)
from ui.scenes.thinking import (
    begun_words,
    best_part,
    chosen_by_rule,
    chosen_without_search,
    detail_parts,
    has_figures,
    proven_forms,
    proven_text,
)
from ui.theme import widened
from ui.widgets import BUTTON_PADDING, Button, DragScroll, card, mix, spinner

if TYPE_CHECKING:
    from ui.ai_worker import AIProgress
    from ui.scenes.game import GameScene

THINKING_HEIGHT = 86
"""The thinking card's height (unscaled): a headline and two lines of a search."""
COMPACT_THINKING_HEIGHT = 40
"""The thinking card's height with nothing of a search to say, where room is short: one line."""
REASON_ROW = 18
"""The height (unscaled) of each line under the thinking card's headline: an ended game's reason
takes more than its two where the move list can spare them (``GamePanel._result_lines``)."""
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


class GamePanel(PanelButtons, PanelHeader, PlayerCards, MoveList):
    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0  # the panel's own, laid out at (``layout``)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.offset = 0  # first move-list row shown
        self.follow = True  # keep the newest move in view
        self.shown_before: int | None = None  # the ply on the board when the list was last drawn
        self.move_cells: list[tuple[pygame.Rect, int]] = []  # (where, plies after that move): clicks browse
        self.player_cards: list[pygame.Rect] = []  # each side's card, as last drawn
        self.live_rect = pygame.Rect(0, 0, 0, 0)  # the cards and what changes with time, as last drawn (``ticking_rect``)
        self.drag = DragScroll()  # a press on the move list: a tap on a move, or a drag that scrolls
        self.button_row = 0  # the height of a row of buttons as last drawn (0: the usual, ``BUTTON_ROW``)
        # whether the one-line card keeps its row of analysis's best line (``_compact_line_row``):
        # the last part to give way, before the extras, where the move list needs the room (``_room_plan``)
        self.line_row_kept = True
        self.watch_row: list[Button] = []  # the row of three over the others, Pause's (``_watch_row_fitting``)
        self.watch_padding: float = BUTTON_PADDING  # its buttons' padding: less where that saves rows of moves
        self.keys_under = False  # the watch row taller, its keys under its labels (``_room_for_keys_under``)
        self.grid_taller = 0  # how many rows of the grid may grow for a key under its label (``_room_for_grid_keys``)
        self.grid_tall = 0  # ... and the height they grow to (``_grid_tall``, worked out once a layout)
        self.header_packed = False  # the header's lines fewer at a smaller size (``_plan_under_header``)
        self.header_kept = {True: KeyedCache(), False: KeyedCache()}  # ``_header_lines``, packed or not

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

    def _s(self, v: float) -> int:
        return int(v * self.scale)

    def _t(self, v: float) -> int:
        """A small text's size (``ui.text.small``)."""
        return tx.small(v, self.scale)

    def draw_ground(self, surface: pygame.Surface) -> None:
        """The panel's ground and its edge along the board, alone (under a card that covers the rest)."""
        theme, r = self.scene.app.theme, self.rect
        pygame.draw.rect(surface, theme.panel, r)
        pygame.draw.line(surface, mix(theme.panel, theme.text, 0.12), r.topleft, r.bottomleft, max(1, self._s(1)))

    def draw(self, surface: pygame.Surface) -> None:
        scene, theme = self.scene, self.scene.app.theme
        r = self.rect
        self.draw_ground(surface)
        pad = self._s(18)
        x, y, w = r.x + pad, r.y + pad, r.width - 2 * pad
        plan = self._plan_under_header(y, w)
        y = self._header(surface, x, y, w)
        self._set_button_row(plan.button_row)
        buttons_h = self._buttons_height(plan.button_row)
        bottom = r.bottom - pad - buttons_h
        live_top = y  # the players' cards' badges stand astride their top borders
        y = self._players(surface, x, y + max(plan.gap, plan.badge_room), w) + plan.gap
        reason = self._result_lines(plan, (y, bottom), w)
        y = self._thinking(surface, x, y, w, plan.compact and reason is None, reason or [])
        y = self._extras_shown(surface, plan, (x, y, w), bottom)
        self._keep_live_rect(surface, pygame.Rect(r.x, live_top, r.width, y - live_top))
        moves = pygame.Rect(x, y + plan.gap, w, bottom - y - 2 * plan.gap)
        clip = surface.get_clip()
        if clip.colliderect(moves):  # not on a frame of the clocks alone (``ticking_rect``)
            self._moves(surface, moves)
        buttons = pygame.Rect(x, bottom, w, buttons_h)
        self._lay_buttons(buttons, plan.button_row)
        scene.panel_focus.mark(scene.buttons, scene.buttons)  # no ring left on a button hidden since
        for b in scene.buttons if clip.colliderect(buttons) else ():
            b.draw(surface, theme, self.scale)

    def _keep_live_rect(self, surface: pygame.Surface, live: pygame.Rect) -> None:
        """Keep ``live``, where the cards time changes were just drawn (``ticking_rect``); where it
        grew or shrank in a frame drawn in part (the surface clipped to the cards as last drawn),
        the next frame is whole: analysis's best line come with a proof added a row to the
        one-line card, drawn over the move list's heading, clipped at the card's old foot, until
        something else drew the whole window (at Larger text at 800x600, browsing a game)."""
        if live != self.live_rect and surface.get_clip() != surface.get_rect():
            self.scene.invalidate()
        self.live_rect = live

    def ticking_rect(self) -> pygame.Rect | None:
        """Where the panel shows what time alone changes, as last drawn: the players' cards (a
        running clock, the spinner of the side thinking), the thinking card (its spinner, seconds
        and search figures) and what stands under it (Hex's legend says whether its worker runs);
        None before the panel is drawn."""
        return self.live_rect.copy() if self.live_rect.height > 0 else None

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

    def _reply_held(self) -> bool:
        """A watched game paused with the computer's reply waiting ("Move ready")."""
        return self.scene.computer.held is not None and self.scene.paused and self.scene.setup.mode == PC_VS_PC

    def _search_shown(self) -> tuple[AIProgress | None, int, bool]:
        """``_search_underneath`` with its best move and line in the notation chosen
        (``ui.notation.shown_search``)."""
        p, back, analysed = self._search_underneath()
        if p is not None and values_hidden(self.scene, analysed):
            if self.scene.computer.job is not None and self.scene.browsing is None:
                return None, 0, False  # its search under way: ``_tip`` says its evaluation is hidden
            p = move_alone(p)
        return shown_search(self.scene.app, p), back, analysed

    def _search_underneath(self) -> tuple[AIProgress | None, int, bool]:
        """The search the thinking card shows, the plies it is behind the board (``back``: the
        game left its line), and whether it is analysis mode's best line (shown when no search of
        the computer's is under way or held).  Once the game is over its result is the news, not a
        search of a position before the end; a reply found and held for its moment (a watched
        game's pace, ``HUMAN_VS_PC_DELAY`` after a person's move, or paused, under "Move ready")
        is shown with the search that found it, as the status line says "has chosen its move": the
        card showed the search before it (or "It is the computer's turn") until the move was
        played; the last search's win lengths count from the board, as analysis does (not from
        before its move).  None while a person's pause covers the board."""
        scene, computer = self.scene, self.scene.computer
        if scene.paused_with_people():  # its line of moves would show the position the cover hides
            return None, 0, False
        if scene.browsing is not None:  # the position shown: analysis of it, or the search that moved there
            analysed = scene.analysis_line()
            return (analysed, 0, True) if analysed is not None else (computer.search_behind(scene.browsing), 0, False)
        if computer.paused_search():  # the game paused: who moves next, not the search Pause left to finish
            return None, 0, False
        if computer.job is not None:  # a draw offer's search is the level's own: it would show the person's best move;
            #                           one without figures yet is said in words (``_tip``: ``begun_words``)
            progress = computer.progress
            return (progress if computer.job_kind != "draw" and has_figures(progress)
                    else None), 0, False
        held = self._reply_held() or (computer.held is not None and computer.held_search is not None)
        analysed = None if held else scene.analysis_line()
        if analysed is not None:
            return analysed, 0, True
        if scene.is_over():
            return None, 0, False
        p, back = (computer.held_search, 0) if held else computer.last_search_seen() or (None, 0)
        return p, back, False

    def _says_result(self) -> bool:
        """Whether the thinking card says how the game ended, under its headline: the game over,
        its last position shown, no search nor analysis to show instead."""
        scene = self.scene
        return scene.is_over() and scene.browsing is None and self._search_shown()[0] is None

    def _result_lines(self, plan: RoomPlan, across: tuple[int, int], w: int) -> list[str] | None:
        """An ended game's reason on the thinking card's lines, the card from ``across``'s top
        down to the buttons at its bottom, ``w`` wide: on as many lines as it needs, where the move
        list keeps the rows it needs (``_list_kept_height``) under them; where the room has too few, its
        first words on those, the log's path left out first (``reason_lines``).  None: the card
        as ``plan`` draws it (a one-line card that holds the reason, a card saying no result).
        The card cut a bot's forfeit ("X forfeits: zeca played an ill…") beside a move list empty
        but for "No moves yet", where the result card over the board said it whole."""
        if not self._says_result():
            return None
        detail = result_words(self.scene)[1]
        if plan.compact and self._compact_holds(detail, w):
            return None
        top, bottom = across
        extras = self._extras_height(w) if plan.extras else self._kept_height(w)
        kept = self._list_kept_height()
        room = bottom - top - extras - (2 if kept else 1) * plan.gap - kept  # no list: one gap over the buttons
        if room < self._s(THINKING_HEIGHT):
            return None if plan.compact else self._reason_lines(detail, w, 2)
        return self._reason_lines(detail, w, 2 + (room - self._s(THINKING_HEIGHT)) // self._s(REASON_ROW))

    def _thinking_height(self, lines: int) -> int:
        """The full thinking card's height with ``lines`` lines under its headline (two at least)."""
        return self._s(THINKING_HEIGHT) + self._s(REASON_ROW) * max(0, lines - 2)

    def _reason_lines(self, detail: str, w: int, most: int) -> list[str]:
        """The reason ``detail`` on at most ``most`` lines of the thinking card ``w`` wide."""
        return reason_lines(detail, self._t(13), w - self._s(28), most, break_words=True)

    def _compact_holds(self, detail: str, w: int) -> bool:
        """Whether the one-line card ``w`` wide holds the reason ``detail`` whole beside its
        headline (``_compact_line``)."""
        headline = result_words(self.scene)[0]
        beside = tx.ui_font(self._s(15), True).size(headline)[0] + self._s(10)
        return tx.ui_font(self._t(13)).size(detail)[0] <= w - self._s(28) - beside

    def _list_kept_height(self) -> int:
        """The room the move list keeps under an ended game's reason: ``MOVE_ROWS_KEPT`` rows, or
        those its moves fill where fewer; none where the game ended before its first move (its
        "No moves yet" says nothing the card's "0 plies" does not, and at Larger text in a
        1280x800 window it held a bot's forfeit at move 1 to two lines)."""
        scene = self.scene
        rows = min(MOVE_ROWS_KEPT, move_rows(len(scene.history), scene.initial.to_move))
        return self._moves_height(rows) if rows else 0

    def _thinking(self, surface: pygame.Surface, x: int, y: int, w: int, compact: bool = False,
                  reason: Sequence[str] = ()) -> int:
        """The thinking card at ``y``; ``compact`` (idle, the move list short of room): its
        headline and what to do on one line; ``reason``: an ended game's reason, on lines as
        many as it has (``_result_lines``), the card as tall as they need."""
        scene, theme = self.scene, self.scene.app.theme
        computer = scene.computer  # its search under way, or the last one
        h = self._compact_height() if compact else self._thinking_height(len(reason))
        rect = pygame.Rect(x, y, w, h)
        card(surface, rect, mix(theme.panel, theme.background, 0.45), self._s(10))
        size, small = self._s(15), self._t(13)
        tx_x = x + self._s(14)
        if compact:
            self._compact_line(surface, rect)
            return rect.bottom
        p, back, analysed = self._search_shown()
        if scene.browsing is not None:
            tx.text(surface, self._fit_named(self._browsing_headline(p, analysed), size, w - self._s(28)),
                    (tx_x, y + self._s(18)), size, theme.muted, "midleft", bold=True)
        elif computer.shows_thinking():
            self._job_under_way(surface, rect)
        elif self._reply_held():
            tx.text(surface, _("Move ready: press S to play it"), (tx_x, y + self._s(18)), size, theme.text, "midleft", bold=True)
        else:
            headline = (_("Analysis: best line") if analysed
                        else result_words(scene)[0] if scene.is_over()
                        else self._last_search_headline(p, back) if p is not None else idle_headline(scene))
            if computer.unloadable is not None:
                headline = _("The game cannot start")
            tx.text(surface, self._fit_named(headline, size, w - self._s(28)), (tx_x, y + self._s(18)), size, theme.muted,
                    "midleft", bold=True)
        if p is not None:
            draw_search_lines(surface, p, scene.game, (tx_x, y + self._s(36)), w - self._s(28), small,
                              self._s(18), theme, asking_side(scene), self._hint_shown(analysed))
        elif scene.is_over() and scene.browsing is None:  # the card's words under its headline, as many lines as given
            for i, line in enumerate(reason or self._reason_lines(result_words(scene)[1], w, 2)):
                tx.text(surface, line, (tx_x, y + self._s(42 + REASON_ROW * i)), small, theme.text)
        else:
            tx.text(surface, tx.first_fitting(self._tips(), small, w - self._s(28)), (tx_x, y + self._s(42)), small,
                    theme.muted)
        return rect.bottom

    def _compact_height(self, line: bool | None = None) -> int:
        """The one-line card's height: one line, and a second under it where it shows analysis's
        best line (``_compact_line_row``) and ``line`` (by default: where the room plan keeps it,
        ``line_row_kept``)."""
        line = self.line_row_kept if line is None else line
        return self._s(COMPACT_THINKING_HEIGHT) + (self._compact_row_step() if line and self._compact_line_row() else 0)

    def _line_row_give(self) -> int:
        """What the one-line card's row of analysis's best line gives the move list, left out."""
        return self._compact_height(True) - self._compact_height(False)

    def _compact_row_step(self) -> int:
        """How far under the one-line card's first row its second stands: a reason's row, or
        the line's height where the Text size makes it taller."""
        return max(self._s(REASON_ROW), tx.line_height(self._t(13)) - self._s(2))

    def _compact_line_row(self) -> list[str]:
        """The moves of analysis's best line that the one-line card says on a row of its own, or
        none (not analysis, a line of one move: the best move, said on the first row, the
        computer at work).  At Larger text in an 800x600 or a 1024x768 window the card went to
        one line, where "Analysis  best d3 · even" left the line of play out, and at times the
        value too (``_compact_line``: they go on this row).  Where the move list would keep fewer
        than ``MOVE_ROWS_KEPT`` rows with it, the row gives way (``line_row_kept``)."""
        scene = self.scene
        if scene.computer.shows_thinking() and scene.browsing is None:
            return []
        p, _back, analysed = self._search_shown()
        if not analysed or p is None or p.kind == "rule" or len(p.pv) < 2:
            return []
        return p.pv[:6]

    def _compact_line(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The thinking card on one line: the search under way, or a headline and, whole where it
        fits, the last search's best move and value or else what to do (the board's status line
        says that too: at 800x560 it was cut)."""
        scene, theme = self.scene, self.scene.app.theme
        if scene.computer.shows_thinking() and scene.browsing is None:
            self._job_under_way(surface, rect)
            return
        size, small = self._s(15), self._t(13)
        headline, parts, tips = self._compact_words()
        left, right = rect.x + self._s(14), rect.right - self._s(14)
        line = self._compact_line_row() if self.line_row_kept else []
        middle = rect.y + self._s(COMPACT_THINKING_HEIGHT) // 2 if line else rect.centery
        said_x = left + tx.ui_font(size, True).size(self._fit_named(headline, size, right - left))[0] + self._s(10)
        short = self._short_headline()  # None idle or over: the headline is the news ("Ana (X) to move")
        if short is not None and not news_fits(parts, small, right - said_x):
            # the headline gives way to the news: to its short form ("Level 3:") where the news fits
            # beside that (Hex's line read "best d5 · Red 68% to win", whose search not said), else
            # to none (at Larger text an analysed position's proof read "Analysis: best line  best c2")
            headline, said_x, parts = self._short_beside(short, parts, size, small, (left, right))
        elif tips:
            headline, parts = self._tip_beside(headline, tips, small, right - said_x, right - left)
            said_x = said_x if headline else left
        if headline:
            tx.text(surface, self._fit_named(headline, size, right - left), (left, middle), size, theme.muted,
                    "midleft", bold=True)
        proofs = self._proof_forms()
        if not line:  # the proof in a form that fits the row, where the line's row does not take it whole
            parts = with_proof_form(parts, proofs, small, right - said_x)
        said = parts_that_fit(parts, small, right - said_x)
        if not said and parts and scene.is_over():  # a long reason shortened, else cut, not left out: no other line says it
            forms = result_detail_forms(scene)
            said = tx.first_fitting(forms if parts[0] == forms[0] else parts[:1], small, right - said_x)
        if said:
            tx.text(surface, said, (said_x, middle), small, theme.muted, "midleft")
        if line:  # the parts the first row left out (a value, a proof), then the line of play
            shown = next(n for n in range(len(parts), -1, -1) if tx.join_parts(parts[:n]) == said or n == 0)
            rest_parts = with_proof_form(parts[shown:], proofs, small, right - left)
            rest = tx.join_parts(rest_parts)
            row = tx.fit_moves(line, small, right - left, f"{rest}{tx.SEPARATOR}" if rest else "")
            row = row or parts_that_fit(rest_parts, small, right - left) or tx.fit(rest, small, right - left)
            tx.text(surface, row, (left, middle + self._compact_row_step()), small, theme.muted, "midleft")

    def _proof_forms(self) -> list[str]:
        """The forms of the proof the one-line card says (``proven_forms``), longest first; []
        where it says none."""
        p = self._search_shown()[0]
        return [] if p is None else proven_forms(p, self.scene.game.sides)

    def _short_beside(self, short: str, parts: list[str], size: int, small: int,
                      across: tuple[int, int]) -> tuple[str, int, list[str]]:
        """The one-line card's headline in its ``short`` form, where its news starts and the news:
        the short form where the news's first two parts fit beside it, or where the best move
        is the computer's move just played (on the move list, lit) the value after it does; else,
        where the news fits only alone, no headline (an analysed proof); else the short form,
        the parts after it as many as fit (``parts_that_fit``)."""
        left, right = across
        short_x = left + tx.ui_font(size, True).size(self._fit_named(short, size, right - left))[0] + self._s(10)
        if news_fits(parts, small, right - short_x):
            return short, short_x, parts
        if self._best_is_the_move_played(parts) and news_fits(parts[1:2], small, right - short_x):
            return short, short_x, parts[1:]  # "Level 3: Red 54% to win" at 1280x800 in Portuguese, Larger
        for forced in self._forced_move_played(parts):  # "Level 3: only legal move", its c4xc2 lit on the list
            if news_fits(forced, small, right - short_x):
                return short, short_x, forced
        if news_fits(parts, small, right - left):
            return "", left, parts
        return short, short_x, parts

    def _search_of_the_move_played(self) -> AIProgress | None:
        """The search shown where it is a computer's search whose move is the last on the board,
        its move played (lit on the move list); else None."""
        scene = self.scene
        p, back, analysed = self._search_underneath()
        if p is None or analysed or back or scene.browsing is not None or scene.computer.last_search_hint:
            return None
        last = scene.history[-1] if scene.history else None
        shown = self._search_shown()[0]
        return shown if last is not None and last.by_computer and p.best_text == last.text else None

    def _best_is_the_move_played(self, parts: list[str]) -> bool:
        """Whether ``parts`` start with the best move of a computer's search that is the last move
        on the board, its move played ("best g6" beside the move list's lit g6)."""
        shown = self._search_of_the_move_played()
        return shown is not None and parts[:1] == [_("best {move}").format(move=shown.best_text)]

    def _forced_move_played(self, parts: list[str]) -> list[list[str]]:
        """``parts`` with their "only legal move: c4xc2" said without its move, longest form first
        ("only legal move", "only move"), where that move is the computer's move just played (lit
        on the move list), for beside "Level 3:"; else none.  Alone, without whose move it was,
        the line read on the player's turn as their own only move (Reversi's "only legal move: a6"
        at 800x600 in Portuguese, Larger, its a6 just filled by the computer); Alquerque's
        "única jogada possível: c4xc2" fitted neither beside "Nível 3:" nor alone: the card said
        "Nível 3:" and nothing else."""
        shown = self._search_of_the_move_played()
        if shown is None or parts[:1] != [_("only legal move: {move}").format(move=shown.best_text)]:
            return []
        return [[said, *parts[1:]] for said in (_("only legal move"), _("only move"))]

    def _tip_beside(self, headline: str, tips: tuple[str, ...], size: int, beside: int,
                    alone: int) -> tuple[str, list[str]]:
        """The idle one-line card's headline and its tip, of the tip's forms (``tips``, longest
        first) the first that fits ``beside`` pixels after the headline; where none does, a bare
        "Ready" gives way to the first that fits the ``alone`` pixels of the whole line (cut if
        none does): on the player's own turn what to do is the news, "Ready" says only that it is
        their turn, as their card's badge does (at Larger text in Portuguese, with the move field
        open, the card said "Pronto" and nothing else).  Any other headline keeps its place
        ("Ana to move (X)", "Paused"), its tip said where a form fits beside it."""
        font = tx.ui_font(size)
        fitting = next((tip for tip in tips if font.size(tip)[0] <= beside), None)
        if fitting is not None:
            return headline, [fitting]
        if headline == _("Ready"):
            return "", [tx.first_fitting(tips, size, alone)]
        return headline, []

    def _compact_words(self) -> tuple[str, list[str], tuple[str, ...]]:
        """The compact card's headline, the parts said after it, as many as fit (a result with
        its reason, a reply waiting, analysis's best line or the last search from its best move),
        and, idle, what to do in its forms longest first (``_tip_beside`` chooses one)."""
        scene = self.scene
        p, back, analysed = self._search_shown()
        browsing = scene.browsing is not None
        if browsing and p is None:
            return self._browsing_headline(p, analysed), [], self._compact_tips()
        if self._reply_held() and not browsing:
            return _("Move ready: press S to play it"), [], ()
        if scene.computer.unloadable is not None:
            return _("The game cannot start"), [self._tip()], ()
        if scene.is_over() and not analysed and not browsing:
            headline, detail = result_words(scene)
            return headline, [detail] if detail else [], ()
        if p is None:
            return idle_headline(scene), [], self._compact_tips()
        headline = (self._browsing_headline(p, analysed) if browsing
                    else _("Analysis: best line") if analysed else self._last_search_headline(p, back))
        parts = best_first(p, detail_parts(p, scene.game.sides, scene.game.id, self._hint_shown(analysed)))
        proof = proven_text(p, scene.game.sides)  # the full card's second line: the compact one never said it
        if proof:
            parts.insert(1 if p.best_text and parts[:1] == [best_part(p)] else 0, proof)
        return headline, parts, ()

    def _hint_shown(self, analysed: bool) -> bool:
        """Whether the thinking card shows a hint's search (H), headed "Hint": its move is
        suggested, not chosen (``detail_parts``' ``hint``)."""
        scene, computer = self.scene, self.scene.computer
        return (not analysed and scene.browsing is None and computer.last_search_hint
                and not computer.shows_thinking() and not self._reply_held())

    def _short_headline(self) -> str | None:
        """The one-line card's headline over a search in a word or a name, for a line whose news
        leaves the full one no room: "Hint", "Analysis", or whose search it was, "Level 3:" (the
        searching side's player); None with no search shown."""
        p, _back, analysed = self._search_shown()
        if p is None:
            return None
        if analysed:
            return _("Analysis")
        if self.scene.browsing is None and self.scene.computer.last_search_hint:
            return _("Hint")
        return _("{player}:").format(player=self.scene.setup.player_label(p.mover))

    def _last_search_headline(self, search: AIProgress, back: int) -> str:
        """The thinking card's headline over the last search, ``back`` plies before the board:
        "Hint" where it was a hint's (H) and "Last search" where a computer's move's.  A hint's
        search read "Last search" in a hot-seat game, where no computer plays: whose search?  A
        move of a player that never searches (``chosen_without_search``: level 1, ObtusoSW) had
        no search: "Level 1 plays at random" over its "chose c5", which read "Last search: chose
        c5"; a move a rule chose and says why (``chosen_by_rule``: Hex's opening stone for the
        swap rule, a block) is the "Last move", its reason beside it.  A hint stays a hint of the
        position it was asked at: once its own move is played (on its line, so ``back`` is 0), a
        hot-seat game's next player read "Hint: best E4\\" with E4\\ already on the board."""
        if self.scene.computer.last_search_hint:
            back = max(back, self.scene.computer.moves_since_last_search())
            return _("Hint") if not back else ngettext("Hint, {n} move back", "Hint, {n} moves back", back).format(n=back)
        if chosen_without_search(search):
            return self._plays_how(search)
        if chosen_by_rule(search):
            return _("Last move") if not back else ngettext(
                "Last move, {n} move back", "Last move, {n} moves back", back).format(n=back)
        return _("Last search") if not back else ngettext(
            "Last search, {n} move back", "Last search, {n} moves back", back).format(n=back)

    def _plays_how(self, search: AIProgress) -> str:
        """The headline over a move of a player that never searches (``chosen_without_search``):
        "Level 1 plays at random", "ObtusoSW plays by a fixed order", its player named as the
        player cards name it (the side that moved)."""
        return words.plays_by(search.reason, self.scene.setup.player_label(search.mover))

    def _browsing_headline(self, search: AIProgress | None, analysed: bool) -> str:
        """The thinking card's headline while an earlier position is shown: analysis's line of it,
        the search that chose the move shown, or which ply is browsed.  It showed the live game's
        search under way ("Level 3 is thinking…") or its last, as if about the position shown."""
        plies = self.scene.browsing
        return (_("Analysis: best line") if analysed
                else _("Browsing the start") if not plies  # no move 0: the start, as Undo says it
                else self._plays_how(search) if chosen_without_search(search)
                else _("The search that chose move {n}").format(n=plies) if search is not None and not chosen_by_rule(search)
                else _("Browsing move {n}").format(n=plies))

    def _job_under_way(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The computer's work under way, in the card's first line (its middle, on a compact card):
        a spinner, who is at it and for how long, and a bar of its time spent."""
        theme, computer = self.scene.app.theme, self.scene.computer
        size, tx_x = self._s(15), rect.x + self._s(14)
        centre_y = rect.centery if rect.height < self._s(THINKING_HEIGHT) else rect.y + self._s(18)
        spinner(surface, (tx_x + self._s(9), centre_y), self._s(8), theme.accent)
        elapsed = computer.thinking_for()
        said = self._job_said(f"  {number_text(elapsed, '.1f')} s", size, rect.width - self._s(50))
        tx.text(surface, said, (tx_x + self._s(26), centre_y), size, theme.text, "midleft", bold=True)
        if computer.job_kind != "load":  # a player's load is on no move's clock
            budget = max(0.05, computer.job_budget)
            above = self._s(10 if rect.height >= self._s(THINKING_HEIGHT) else 5)  # a compact card's text is higher
            bar = pygame.Rect(tx_x, rect.bottom - above, rect.width - self._s(28), self._s(3))
            pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.12), bar, border_radius=self._s(2))
            spent = computer.searched_for() if computer.thinking_since() is not None else 0.0  # none while set up
            bar.width = int(bar.width * min(1.0, spent / budget))
            pygame.draw.rect(surface, theme.accent, bar, border_radius=self._s(2))

    def _job_forms(self) -> list[str]:
        """What the computer is at, for the thinking card, in its forms longest first: the less
        important words give way before the player's name is cut past reading (``tx.first_fitting``).
        At Larger text at 1024x768 a watched game's card read "Le… is thinking…  0.3 s", where
        "Level 5…" beside the spinner says whose search it is, and in Portuguese "… está a
        pensar…  0,…", the seconds cut with the words; the player's card beside it marks whose
        turn it is, so the words without the name come last ("Thinking…  0.3 s")."""
        scene, computer = self.scene, self.scene.computer
        preparing = computer.preparing_words()
        if preparing:  # the status line under the board says whose engine (``BoardSide._prompt``)
            return [preparing, computer.preparing_words(named=False),
                    _("Starting…") if computer.starting_program() else _("Preparing…")]
        if computer.job_kind == "hint":
            return [_("Finding a hint…")]
        if computer.job_kind == "load":
            return [scene.held_up()]
        player = scene.setup.player_label(computer.job_side)
        if computer.out_of_time():  # its seconds stand at the referee's deadline (``thinking_for``)
            return [_("{player} gave no answer in time").format(player=player), _("No answer in time")]
        if computer.job_kind == "draw":
            return [_("{player} weighs your draw offer…").format(player=player), _("Weighing the draw…")]
        return [_("{player} is thinking…").format(player=player), _("{player}…").format(player=player),
                _("Thinking…")]

    def _job_said(self, seconds: str, size: int, width: int) -> str:
        """The thinking card's words (``_job_forms``) with the ``seconds`` they have gone on,
        fitted to ``width``: the first form whose seconds fit with it, where "Preparing the
        engine…" lost them at Larger text in Portuguese at 1024x768 ("A preparar o motor…" on a
        fresh install and at every player's set-up, "Preparing the engin…" in English)."""
        said, *shorter = (form + seconds for form in self._job_forms())
        return self._fit_named(said, size, width, shorter)

    def _fit_named(self, said: str, size: int, width: int, shorter: Sequence[str] = ()) -> str:
        """The first of the thinking card's bold ``said`` and its ``shorter`` forms that fits
        ``width``, a player's name in it cut short where it stays readable (``tx.first_fitting``),
        else the last with the name cut first (``tx.fit_around``): an outside engine's long name
        ("gtp:/usr/local/bin/...") cut at the end took the seconds of its search with it, a
        friend's "(Black)" of whose turn it is; at Larger text in Portuguese at 800x600 the card
        said "gtp:/tmp/wt-panel9/…." alone."""
        name = self.scene.setup.label_in(said)
        return tx.first_fitting([said, *shorter], size, width, True, name)

    def _tip(self) -> str:
        """What the thinking card says to do while it has no search to show."""
        scene = self.scene
        computer = scene.computer
        if scene.browsing is not None:  # under "Browsing ply 3": the live game is not on the board
            return _("End goes back to the game's end") if scene.is_over() else _("The game waits: End goes back to it")
        return (play_tips(scene)[0] if scene.human_to_move()
                else scene.start_card.lines()[0] if computer.unloadable is not None
                else "" if computer.job_kind == "load"
                else _("Undo withdraws the offer") if computer.job_kind == "draw"
                else _("Its clock waits until it is ready") if computer.setting_up() and scene.referee.clock is not None
                else _("Its time is up: the program is being stopped") if computer.out_of_time()
                else _("Its evaluation is hidden: Settings shows it") if computer.shows_thinking()
                and computer.job_kind == "move" and values_hidden(scene, False)
                else begun_words(computer.progress, ai.is_outside_player(scene.setup.players[computer.job_side] or ""))
                if computer.shows_thinking()
                else _("Both clocks stand still: Ctrl+P goes on") if scene.paused_with_people()  # under "Paused"
                else scene.offer_card.lines()[-1] if scene.draw_offer is not None  # under "Draw offered"
                else _("Space resumes, S plays one move") if scene.paused  # the computer waits for the watcher
                else _("Waiting for the computer"))

    def _compact_tips(self) -> tuple[str, ...]:
        """``_tip`` on the compact card's one line, in its forms longest first: a paused game's
        short, "Ctrl+P goes on" (the whole of it had no room beside "Paused" at 800x560, and the
        card said only "Paused"); how the player to move plays, in its shorter forms too."""
        if self.scene.paused_with_people():
            return (_("Ctrl+P goes on"),)
        return self._tips()

    def _tips(self) -> tuple[str, ...]:
        """``_tip`` in its forms longest first: how the player to move plays has shorter ones, so
        a narrow card says the status line's "Up or Down: a cursor" whole rather than cut."""
        if self.scene.browsing is None and self.scene.human_to_move():
            return play_tips(self.scene)
        return (self._tip(),)

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
