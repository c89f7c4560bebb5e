"""The side panel of the game screen: the game, both players, the thinking box, the legend of
the Hex connections when they are shown, the move list and the control buttons.

``GamePanel`` holds the panel's state and draws its parts in order; each part is a mixin of its own
module: the header (ui.scenes.panel_header), the players' cards (panel_cards), the thinking card
(panel_thinking, its words of a search in panel_search), the extras (panel_extras), the move list
and its input (panel_moves), the buttons (panel_buttons), and how they share the room
(panel_layout)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui import text as tx
from ui.keyed_cache import KeyedCache
from ui.scenes.panel_buttons import PanelButtons
from ui.scenes.panel_cards import PlayerCards
from ui.scenes.panel_extras import PanelExtras
from ui.scenes.panel_header import PanelHeader
from ui.scenes.panel_layout import PanelLayout
from ui.scenes.panel_moves import MoveList
from ui.scenes.panel_thinking import ThinkingCard
from ui.widgets import BUTTON_PADDING, Button, DragScroll, mix

if TYPE_CHECKING:
    from ui.scenes.game import GameScene


class GamePanel(PanelLayout, PanelButtons, PanelHeader, PlayerCards, ThinkingCard, PanelExtras, MoveList):
    """The game screen's side panel: its state, and its parts drawn in order (``draw``)."""

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
