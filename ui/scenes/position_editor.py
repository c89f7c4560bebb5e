"""Setting up a position to play from, in the game's own text, with the board drawn as you type.

The New game screen opens it ("Set up a position", or "Edit the position" for a pasted one).
The text is the position as the game writes it (``Game.to_text``: the board as the course
prints it, and the side to move), starting from the usual start or the position being edited,
so the format is in front of the player.  Typing replaces the character under the cursor, as
suits a board in characters (Insert switches to inserting).  Each change is read by the game
(``games.position_text``): the board on the left shows it, or the line under the text says
what is wrong in the game's words, the last good board faded.  A board of another size is read
at its own size; the other options (a rule variant, Tic-tac-toe's k) stay as the New game
screen has them, unless the board cannot be played with them.  "Play from this position"
(Ctrl+Enter) takes the position back to the New game screen; Back (Esc) leaves it as it was.
"Usual start" (Ctrl+U: a key the text area leaves alone, like Ctrl+Enter) puts the game's usual
start in the text; Ctrl+Z right after brings back the text it replaced.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame

import games
from games.position_text import POSITION_LINE, in_rows, record_from_position
from games.record import GameRecord, RecordError, title_line
from ui import text as tx
from ui import words
from ui.export import render_board
from ui.i18n import _
from ui.scenes.base import Scene, top_of
from ui.scenes.common import backdrop, heading
from ui.text_area import TextArea
from ui.widgets import Button, Messages, card, mix, share_row

HEADING = re.compile(r"[a-z-]+: ")  # a position's line that is no row of its board: "to-move: X", "no-capture: 0"


def first_square(text: str) -> tuple[int, int]:
    """Where the caret starts in a position's ``text`` (line, column): on the first character of
    its board, after the headings above it and the indentation of Hex's first row.  It started at
    the top, on "to-move", so the first piece typed from the keyboard wrote over the heading and
    the text was no position; a mouse user clicks the square, a keyboard user had to know to go
    down first."""
    for row, line in enumerate(text.split("\n")):
        body = line.lstrip()
        if body and not HEADING.match(body):
            return row, len(line) - len(body)
    return 0, 0


def read_position(game_id: str, options: dict[str, Any], text: str) -> GameRecord | str:
    """The record of the position ``text`` is, with ``options`` (a board of another shape read at
    its own: ``record_from_position``'s ``loose``), or what is wrong with it (for the screen)."""
    try:
        return record_from_position(f"{title_line(game_id, options)}\n{POSITION_LINE}\n{text}", loose=True)
    except RecordError as exc:
        return str(exc)


class PositionEditorScene(Scene):
    def __init__(self, app, game_id: str, options: dict[str, Any], text: str,
                 on_done: Callable[[GameRecord | None], None]) -> None:
        """``text``: the position to start from (``Game.to_text``); ``on_done``: called with the
        record of the position to play from, or None for Back."""
        super().__init__(app)
        self.game_id, self.options, self.on_done = game_id, dict(options), on_done
        self.area = TextArea(in_rows(games.load(game_id, **options), text))
        self.area.overwrite = True  # a board in characters: move to a square, type its piece
        self.lane_top = 0  # the top of the messages' lane under the text, once laid out (``messages_ceiling``)
        self.area.row, self.area.col = first_square(self.area.text)
        self.record: GameRecord | None = None
        self.status = ""  # who is to move, or what is wrong with the text (read once per change)
        self.preview: pygame.Surface | None = None
        self.shown: GameRecord | None = None  # the last position read, drawn faded while the text is not one
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.play_button = Button(_("Play from this position"), self.play, "Ctrl+Enter", primary=True)
        self.reset_button = Button(_("Usual start"), self.usual_start, "Ctrl+U")
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.buttons = [self.play_button, self.reset_button, self.back_button]
        self._read()

    # -- reading the text -----------------------------------------------------------------------
    def _read(self) -> None:
        """Read the text again: the record and the board's picture, or the problem."""
        self.area.changed = False
        found = read_position(self.game_id, self.options, self.area.text)
        self.record = found if isinstance(found, GameRecord) else None
        self.status = self._status(found)
        self.play_button.enabled = self.record is not None
        if self.record is not None:
            self.shown, self.preview = self.record, None  # drawn again at the next frame, at the board's size
        self.subtitle_parts = self._subtitle_parts()

    def _subtitle_parts(self) -> list[str]:
        """The game's name and the options of the position on the board, as the game screen has
        them under the name (``words.options_parts``): the board read at its own size says so
        ("Width: 15"), and "Tic-tac-toe" alone did not tell a 15x15 five-in-a-row board from the
        usual one.  The options that only pick the usual start are left out: this is a set-up position."""
        game = self.shown.game() if self.shown is not None else games.load(self.game_id, **self.options)
        return [words.title(game.info), *words.options_parts(game, from_position=True)]

    def _draw_preview(self) -> pygame.Surface | None:
        if self.shown is None or self.board_rect.width <= 0:
            return None
        if self.preview is None:
            self.preview = render_board(self.shown.game(), self.shown.first_state(), self.board_rect.size,
                                        theme=self.theme)
        return self.preview

    def _status(self, found: GameRecord | str) -> str:
        """Who is to move in the position read, or what is wrong with the text (``found``)."""
        if not isinstance(found, GameRecord):  # "Not a position: f6 and g6 do not match", said once
            problem = found.removeprefix("the position cannot be read: ")
            return _("Not a position: {problem}").format(problem=words.rule_reason(problem, self.game_id))
        side = words.side(games.info(self.game_id), found.first_state().to_move)
        return _("{side} to move").format(side=side)

    # -- commands ---------------------------------------------------------------------------------
    def play(self) -> None:
        if self.record is not None:
            self.on_done(self.record)

    def usual_start(self) -> None:
        game = games.load(self.game_id, **self.options)
        self.area.replace(in_rows(game, game.to_text(game.initial_state())))
        self.area.row, self.area.col = first_square(self.area.text)
        self._read()

    def back(self) -> None:
        self.on_done(None)

    # -- the Scene interface ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        ctrl = event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play()
            return
        if ctrl and event.key == pygame.K_u:
            self.usual_start()
            return
        if self.area.handle(event) and self.area.changed:
            self._read()

    def redraw_interval(self) -> float | None:
        return self.area.redraw_interval()  # the caret blinks

    def help_page(self) -> tuple[str, str | None]:
        """F1 here: the keys page at New game's keys, which say the editor's (the text typed here
        waits for the return)."""
        return super().help_page()[0], "New game"

    def caption(self) -> str:
        return _("Set up a position")

    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        w, h = size
        top, margin, gap = int(110 * s), int(40 * s), int(28 * s)
        bottom = h - int(36 * s)
        side = min((w - 2 * margin - gap) // 2, bottom - top)
        self.board_rect = pygame.Rect(margin, top, side, side)
        right = pygame.Rect(self.board_rect.right + gap, top, w - margin - self.board_rect.right - gap, bottom - top)
        row_h = int(42 * s)
        self.area.size = max(12, int(17 * s))
        self.lane_top = right.bottom - row_h - int(8 * s) - Messages.lane_height(s)  # ``messages_ceiling``
        self.area.rect = pygame.Rect(right.x, right.y + int(30 * s), right.width,
                                     self.lane_top - int(36 * s) - right.y - int(30 * s))  # the status line under it
        self.status_y = self.area.rect.bottom + int(10 * s)
        gap_x = int(10 * s)
        x = right.x
        for button, width in zip(self.buttons, share_row(self.buttons, right.width - 2 * gap_x, s)):
            button.rect = pygame.Rect(x, right.bottom - row_h, width, row_h)
            x += width + gap_x
        self.hint_pos = (right.x, right.y)
        self.preview = None

    def messages_above(self) -> int | None:
        return top_of(self.play_button.rect)

    def messages_ceiling(self) -> int | None:
        """Under the text and the line that says what is wrong with it: they end above a lane
        kept for the messages, which stood over the last lines typed."""
        return self.lane_top if self.area.rect.height else None

    def messages_centre(self) -> int | None:
        """Over the text's column, as wide: never over the board's picture beside it."""
        return self.area.rect.centerx if self.area.rect.width else None

    def draw(self, surface: pygame.Surface) -> None:
        theme, s = self.theme, self.app.scale
        backdrop(surface, theme, s)
        subtitle = tx.pack_parts(self.subtitle_parts, int(16 * s), surface.get_width() - 2 * self.board_rect.x, most=1)
        heading(surface, theme, s, _("Set up a position"), subtitle[0])
        card(surface, self.board_rect, theme.panel, int(16 * s), mix(theme.panel, theme.text, 0.12), shadow=True)
        preview = self._draw_preview()
        if preview is not None:
            preview.set_alpha(255 if self.record is not None else 70)  # faded: the text is not a position now
            surface.blit(preview, self.board_rect)
        width = self.area.rect.width
        hint = (_("Typing replaces the character under the cursor (Insert: insert instead)") if self.area.overwrite
                else _("Typing inserts at the cursor (Insert: replace instead)"))
        tx.text(surface, tx.fit(hint, int(14 * s), width), self.hint_pos, int(14 * s), theme.muted)
        self.area.draw(surface, theme, s)
        colour = theme.text if self.record is not None else theme.invalid
        for i, line in enumerate(tx.wrap(self.status, int(15 * s), width)[:2]):
            tx.text(surface, line, (self.area.rect.x, self.status_y + i * tx.line_height(int(15 * s))), int(15 * s), colour)
        for button in self.buttons:
            button.draw(surface, theme, s)
