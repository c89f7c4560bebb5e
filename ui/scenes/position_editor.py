"""Setting up a position to play from, in the game's own text, with the board drawn as you type.

The New game screen opens it ("Set up a position", or "Edit the position" for a pasted one).
The text is the position as the game writes it (``Game.to_text``: the board as the course
prints it, and the side to move), starting from the usual start or the position being edited,
so the format is in front of the player.  Typing replaces the character under the cursor, as
suits a board in characters (Insert switches to inserting).  Each change is read by the game
(``games.position_text``): the board on the left shows it, or the line under the text says
what is wrong in the game's words, the last good board faded under a note that says it is not the
text's, and why (Play from this position refused meanwhile).  A board of another size is read
at its own size; the other options (a rule variant, Tic-tac-toe's k) stay as the New game
screen has them, unless the board cannot be played with them.  The rule options a position may
be played under (``games.position_text.rule_options``: Alquerque's captures, Hex's swap, Trax's
game end, Tic-tac-toe's k) are under the text, as New game shows them (``add_option_input``): a
change reads the text again under them, and the game says if it is still a position.  "Play from
this position" (Ctrl+Enter) takes the position back to the New game screen; Back (Esc) leaves it as it was.
"Usual start" (Ctrl+U: a key the text area leaves alone, like Ctrl+Enter) puts the game's usual
start in the text.  Ctrl+Z takes back the last edit, a board's click or a typed character alike, one
step each (``TextArea``'s history); Ctrl+Y or Ctrl+Shift+Z does it again.

The board takes clicks too: a click on a cell writes the cell's next symbol in the text there (a
right click the one before), and the side to move too where the board then leaves the other side
only ("Other side to move", Ctrl+T, switches it by hand), and the text is read again as if typed (``games.position_cells``: the game says what a cell can hold).  Tab takes the
keys round the text, the board's cursor and the rule options (Shift+Tab the other way; the text's
border lit, the cursor, the option chosen ringed).  On the board Space writes the next symbol
(Shift+Space the one before), and the caret follows the cursor, so a letter typed goes on that
cell; on the rule options Up and Down choose one, Left and Right (Enter, Space) change it.  What a click
goes round, per game: Tic-tac-toe, Hex, Reversi and Alquerque empty, the first side's piece, the
second's; Rastros free, a stone, the piece (moved by taking it off and putting it on, its goals
left alone, the trail dropped); Trax none and the tiles whose edges agree with the tiles beside
the cell (the game says which: ``TextCells.agreeing``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame
import pygame_menu

import games
from games.move_list import title_line
from games.position_cells import TextCells, cell_place, other_side, stepped_cell
from games.position_text import POSITION_LINE, in_rows, record_from_position, rule_options
from games.record import GameRecord
from games.record_parts import RecordError
from ui import text as tx
from ui import words
from ui.board_cursor import BoardCursor
from ui.export import board_view, render_board
from ui.i18n import _
from ui.scenes.base import Scene, top_of
from ui.scenes.common import (
    FADED,
    add_option_input,
    backdrop,
    heading,
    make_menu,
    refusal_note,
    rendering_held,
)
from ui.settings import text_size_of
from ui.text_area import TextArea
from ui.widgets import Button, KeyFocus, Messages, card, mix, share_row

TEXT, BOARD, RULES, BUTTONS = "text", "board", "rules", "buttons"  # where the keys go
FOCUS_ORDER = (TEXT, BOARD, RULES, BUTTONS)  # Tab's order (Shift+Tab the other way), those shown
RULE_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER,
             pygame.K_SPACE)  # given to the rule options while they have the keys
HEADING = re.compile(r"[a-z-]+: ")  # a position's line that is no row of its board: "to-move: X", "no-capture: 0"
STATUS_LINES = 2  # the lines under the text that say who is to move, or what is wrong with it


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
        self.problem = ""  # what is wrong with the text, in the game's words, said on the board too
        self.stale_rect = pygame.Rect(0, 0, 0, 0)  # the note over the board while it is not the text's
        self.preview: pygame.Surface | None = None
        self.shown: GameRecord | None = None  # the last position read, drawn faded while the text is not one
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.play_button = Button(_("Play from this position"), self.play, "Ctrl+Enter", primary=True)
        self.reset_button = Button(_("Usual start"), self.usual_start, "Ctrl+U")
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.buttons = [self.play_button, self.reset_button, self.back_button]
        self.side_button = Button(_("Other side to move"), self.switch_side, "Ctrl+T")  # under the board
        self.button_focus = KeyFocus()  # the button ringed while the buttons have the keys (``_button_stops``)
        self.cells: TextCells | None = games.load(game_id, **options).text_cells()
        self.view: Any = None  # the shown board's view, laid out where the preview is: clicks to cells
        self.cursor = BoardCursor()
        self.focus = TEXT  # where the keys go (Tab goes round ``FOCUS_ORDER``): the arrows move the caret,
        # the board's cursor or the rule options' choice
        info = games.info(game_id)
        self.rules = [option for option in info.options if option.name in rule_options(game_id)]
        self.rules_form: Any = None  # the rule options' switches and selectors under the text, once laid out
        self.rule_rings: dict[Any, Any] = {}  # each rule widget's ring, drawn while the keys are the rules'
        self._read()

    # -- reading the text -----------------------------------------------------------------------
    def _read(self) -> None:
        """Read the text again: the record and the board's picture, or the problem."""
        self.area.changed = False
        found = read_position(self.game_id, self.options, self.area.text)
        self.record = found if isinstance(found, GameRecord) else None
        self.status = self._status(found)
        self.problem = self._problem(found)
        self.play_button.enabled = self.record is not None
        if self.record is not None:
            if self.shown is None or self.shown.game().options != self.record.game().options:
                self.view = None  # a board of another size: laid out again, its cells counted at its size
                self.cells = self.record.game().text_cells()
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
                                        theme=self.theme, text_size=text_size_of(self.app))
        return self.preview

    def _board_view(self) -> Any:
        """The shown board's view, laid out as the preview draws it (``render_board``) but where the
        preview stands on the screen: it maps a click to a cell and draws the keyboard's cursor.
        Both at the Text size, whose larger coordinates take more room round the cells: the
        preview alone at it put the cells apart from where a click found them."""
        if self.shown is None or self.board_rect.width <= 0:
            return None
        if self.view is None:
            self.view = board_view(self.shown.game())
            self.view.text_size = text_size_of(self.app)
            size = self.board_rect.size
            self.view.layout(self.board_rect.inflate(-size[0] // 20, -size[1] // 20))
        return self.view

    def _problem(self, found: GameRecord | str) -> str:
        """What is wrong with the text in the game's words ("f6 and g6 do not match"), or ""."""
        if isinstance(found, GameRecord):
            return ""
        return words.rule_reason(found.removeprefix("the position cannot be read: "), self.game_id)

    def _status(self, found: GameRecord | str) -> str:
        """Who is to move in the position read, or what is wrong with the text (``found``)."""
        if not isinstance(found, GameRecord):  # "Not a position: f6 and g6 do not match", said once
            return _("Not a position: {problem}").format(problem=self._problem(found))
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

    def returns(self) -> bool:
        """Its Back and its Play both go back to the New game screen that opened it (``on_done``)."""
        return True

    def set_rule(self, name: str, value: Any) -> None:
        """A rule option changed under the text: the text read again under it (the game says
        whether it is still a position), and the rest of the options as they were."""
        if self.options.get(name) != value:
            self.options[name] = value
            self._read()

    def switch_side(self) -> None:
        """The other side to move, written in the text (where it names one) and read again."""
        if self.cells is not None:
            to_move = self.record.first_state().to_move if self.record is not None else None
            self._edit(other_side(self.cells, self.area.text, to_move), None)

    def step_cell(self, cell: int, step: int) -> None:
        """``cell``'s next symbol (``step`` 1; -1: the one before) written in the text, the caret on
        it; a cell the text does not hold (a row cut short) or that holds one thing only is said so."""
        edited = stepped_cell(self.cells, self.area.text, cell, step) if self.cells is not None else None
        if edited is None:
            self.app.messages.add(_("Nothing else can go on that square in this text"), "warn")
            return
        self._edit(self._side_that_fits(edited), cell)

    def _side_that_fits(self, text: str) -> str:
        """``text`` as a click wrote it or, where it is no position as it stands but is one with the
        other side to move, with that side: a stone put on a Hex or Tic-tac-toe board leaves one
        side only to move, and every other click showed "Not a position" and the board without the
        stone just put, until Other side to move was pressed."""
        if self.cells is None or isinstance(read_position(self.game_id, self.options, text), GameRecord):
            return text
        switched = other_side(self.cells, text, None)
        return switched if isinstance(read_position(self.game_id, self.options, switched), GameRecord) else text

    def _edit(self, text: str, cell: int | None) -> None:
        """``text`` in place of the text (a click's edit: one step Ctrl+Z takes back, as a
        character typed), the caret on ``cell``'s symbol (or where it was), then read again."""
        row, col = self.area.row, self.area.col
        self.area.replace(text)
        self.area.row, self.area.col = row, col
        self._caret_to(cell)
        self._read()

    def _caret_to(self, cell: int | None) -> None:
        """The caret on ``cell``'s symbol, so the text shows where the board changed and a letter
        typed goes there; kept on the text where there is no such cell."""
        place = cell_place(self.cells, self.area.text, cell) if self.cells is not None and cell is not None else None
        if place is not None:
            self.area.show(*place)
        self.area.row = min(self.area.row, len(self.area.lines) - 1)
        self.area.col = min(self.area.col, len(self.area.lines[self.area.row]))

    # -- the board's clicks and keys ------------------------------------------------------------------
    def _board_click(self, event: pygame.event.Event) -> bool:
        """A left click on a cell of the board steps it forward, a right click back: True if taken.
        The board shown faded (the text is no position now) takes clicks as well: the text is
        edited where its rows say the cell is."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 3):
            return False
        if self.stale_rect.collidepoint(event.pos):
            return True  # on the note over the board, not on the square hidden under it
        view = self._board_view()
        cell = view.place_at(event.pos) if view is not None and self.board_rect.collidepoint(event.pos) else None
        if cell is None:
            return False
        self.step_cell(cell, 1 if event.button == 1 else -1)
        return True

    def _cursor_to_caret(self) -> None:
        """The board's cursor on the cell whose symbol the caret is on, if it is on one: Tab goes
        to the board where the text was being edited (else the cursor's own first place)."""
        row, col = self.area.row, self.area.col
        cell = next((cell for cell in range(self.cells.width * self.cells.height)
                     if (place := cell_place(self.cells, self.area.text, cell)) is not None
                     and place[0] == row and place[1] <= col < place[2]), None) if self.cells is not None else None
        view = self.view
        for key, rect in view.targets(self.shown.first_state()) if cell is not None else ():
            if view.place_at(rect.center) == cell:
                self.cursor.key = key
                return

    def _cursor_cell(self) -> int | None:
        """The cell the board's cursor is on."""
        view = self._board_view()
        pos = self.cursor.press(view, self.shown.first_state()) if view is not None else None
        return None if pos is None else view.place_at(pos)

    @property
    def on_board(self) -> bool:
        """The board has the keys: its arrows, Space and Shift+Space."""
        return self.focus == BOARD

    def _focus_places(self) -> list[str]:
        """Where Tab takes the keys, in its order: the text, the board once drawn, the rule
        options the game has, the buttons."""
        shown = {TEXT: True, BOARD: self._board_view() is not None, RULES: self.rules_form is not None, BUTTONS: True}
        return [place for place in FOCUS_ORDER if shown[place]]

    def _button_stops(self) -> list[Button]:
        """The buttons in Tab's ring, left to right: Other side to move under the board, then
        Play, Usual start and Back.  Tab reached none of them (their Ctrl keys alone did)."""
        return [self.side_button, *self.buttons]

    def _focus_on(self, place: str) -> None:
        """The keys to ``place``, and the sign of it: the board's cursor, the text's border and
        caret, a ring round the rule option chosen or the button (``button_focus``)."""
        self.focus = place
        self.cursor.on = place == BOARD
        self.area.focused = place in (TEXT, BOARD)
        self._ring_rules()
        if place != BUTTONS:
            self.button_focus.drop(self._button_stops())

    def _next_button(self, back: bool) -> bool:
        """Tab on the buttons: the ring to the next one (Shift+Tab: the one before); False past
        the row's end, where Tab goes on to the next place."""
        stops = self._button_stops()
        was = self.button_focus.index
        self.button_focus.move(stops, -1 if back else 1)
        now = self.button_focus.index
        if was is None or now is None or now == was or (now < was) != back:
            return False
        self.button_focus.mark(stops, stops)
        return True

    def _buttons_key(self, event: pygame.event.Event) -> bool:
        """While a button is ringed: Enter or Space presses it, any other key takes the ring away
        and the keys back to the text, and goes on there; Esc only that, as on every screen with a
        ring (``KeyFocus.ring_key``).  The Space's text is not typed.  True if taken."""
        if self.focus != BUTTONS:
            return False
        if event.type == pygame.TEXTINPUT:
            return True
        if event.type != pygame.KEYDOWN or event.key == pygame.K_TAB:
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):  # Ctrl+Enter plays, whichever is ringed
            self._focus_on(TEXT)
            return False
        stops = self._button_stops()
        taken = self.button_focus.ring_key(stops, event.key, event.mod)
        if self.button_focus.current(stops) is None and self.focus == BUTTONS:
            self._focus_on(TEXT)
        return taken

    def _tab(self, event: pygame.event.Event) -> bool:
        """Tab: the keys to the next place (Shift+Tab: the one before), the board's cursor where
        the caret is, the first rule option (the last, going back): True if taken."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_TAB:
            return False
        places = self._focus_places()
        back = bool(event.mod & pygame.KMOD_SHIFT)
        if self.focus == BUTTONS and self._next_button(back):
            return True
        here = places.index(self.focus) if self.focus in places else 0
        place = places[(here + (-1 if back else 1)) % len(places)]
        if place == BUTTONS:  # the first button (the last, going back)
            self.button_focus.index = None
            self.button_focus.move(self._button_stops(), -1 if back else 1)
            self.button_focus.mark(self._button_stops(), self._button_stops())
        if place == BOARD:
            self._cursor_to_caret()
        if place == RULES:
            widgets = [widget for widget in self.rules_form.get_widgets() if widget.is_selectable]
            self.rules_form.select_widget(widgets[-1 if back else 0])
        self._focus_on(place)
        return True

    def _board_key(self, event: pygame.event.Event) -> bool:
        """While the board has the keys its arrows, Space and Shift+Space: True if taken."""
        if not self.on_board:
            return False
        if event.type == pygame.TEXTINPUT and event.text == " ":
            return True  # the Space below, not a space typed over the cell
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.cursor.move(self._board_view(), self.shown.first_state(), event.key)
            self._caret_to(self._cursor_cell())
            return True
        if event.key == pygame.K_SPACE:
            cell = self._cursor_cell()
            if cell is not None:
                self.step_cell(cell, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        return False

    def _rules_key(self, event: pygame.event.Event) -> bool:
        """While the rule options have the keys: Up and Down choose one, Left and Right change it,
        Enter or Space switch a switch; typing and the text's other keys go nowhere (the caret is
        not shown: Backspace would have taken a character out of sight).  Esc and the keys with
        Ctrl (Ctrl+Enter, Ctrl+Z) stay the screen's: True if taken."""
        if self.focus != RULES or self.rules_form is None:
            return False
        if event.type == pygame.TEXTINPUT:
            return True
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return False
        if event.key not in RULE_KEYS:
            return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE
        key = pygame.K_RETURN if event.key == pygame.K_SPACE else event.key  # pygame-menu's switch takes Enter
        self.rules_form.update([pygame.event.Event(event.type, {**event.dict, "key": key})])
        return True

    def _ring_rules(self) -> None:
        """The chosen rule option ringed while the rule options have the keys, none otherwise
        (the arrows are then the text's or the board's: no option ringed as if they went there)."""
        for widget, ring in self.rule_rings.items():
            widget.set_selection_effect(ring if self.focus == RULES else pygame_menu.widgets.NoneSelection())

    def _rules_event(self, event: pygame.event.Event) -> bool:
        """The pointer's events to the rule options' form: True for a click taken there.  Its
        motion goes to it as well (what is under the pointer is chosen), and the keys stay with
        the text and the board."""
        form = self.rules_form
        if form is None or event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        form.update([event])
        return event.type != pygame.MOUSEMOTION and self.rules_rect.collidepoint(event.pos)

    def _build_rules_form(self, rect: pygame.Rect) -> None:
        """The rule options' switches and selectors in ``rect``, showing the options now chosen."""
        self.rules_rect = rect
        if not self.rules or rect.height <= 0:
            self.rules_form, self.rule_rings = None, {}
            if self.focus == RULES:
                self._focus_on(TEXT)
            return
        form = make_menu(self.theme, self.app.scale, rect, 16, center=False)
        info = games.info(self.game_id)
        with rendering_held(form):  # laid out once each switch fits the column (``fit_to_column``): laid out
            for option in self.rules:  # as each was added, Alquerque's in Portuguese at Larger at 800x600
                add_option_input(form, self.theme, self.app.scale, info, option,  # was refused, the screen not shown
                                 self.options.get(option.name, option.default),
                                 (lambda name: lambda value: self.set_rule(name, value))(option.name), note=False)
        self.rules_form = form
        self.rule_rings = {widget: widget.get_selection_effect() for widget in form.get_widgets()}
        self._ring_rules()

    # -- the Scene interface ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for button in [*self.buttons, self.side_button]:
            if button.handle(event):
                return
        if self._rules_event(event):
            return
        if (self._board_click(event) or self._tab(event) or self._buttons_key(event) or self._board_key(event)
                or self._rules_key(event)):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.area.rect.collidepoint(event.pos):
            self._focus_on(TEXT)  # the arrows back to the text clicked
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
        if ctrl and event.key == pygame.K_t:
            self.switch_side()
            return
        if self.area.handle(event) and self.area.changed:
            self._read()

    def redraw_interval(self) -> float | None:
        return self.area.redraw_interval()  # the caret blinks

    def keys_section(self) -> str | None:
        """F1 here: the keys page at New game's keys, which say the editor's (the text typed here
        waits for the return): editing a position is a matter of keys, not of the game's rules."""
        return "New game"

    def caption(self) -> str:
        return _("Set up a position")

    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        w, h = size
        top, margin, gap = int(110 * s), int(40 * s), int(28 * s)
        bottom = h - int(36 * s)
        row_h = int(42 * s)
        side = min((w - 2 * margin - gap) // 2, bottom - top - row_h - int(12 * s))  # the side button under it
        self.board_rect = pygame.Rect(margin, top, side, side)
        right = pygame.Rect(self.board_rect.right + gap, top, w - margin - self.board_rect.right - gap, bottom - top)
        self.area.size = max(12, int(17 * s))
        self.lane_top = right.bottom - row_h - int(8 * s) - Messages.lane_height(s)  # ``messages_ceiling``
        rules_h = min(len(self.rules) * int(46 * s) + int(8 * s), (self.lane_top - right.y) // 3) if self.rules else 0
        status_h = self._status_height()
        self.area.rect = pygame.Rect(right.x, right.y + int(30 * s), right.width,
                                     self.lane_top - status_h - right.y - int(30 * s) - rules_h)  # the status line under it
        self._build_rules_form(pygame.Rect(right.x, self.area.rect.bottom + status_h, right.width, rules_h))
        self.status_y = self.area.rect.bottom + int(10 * s)
        gap_x = int(10 * s)
        x = right.x
        for button, width in zip(self.buttons, share_row(self.buttons, right.width - 2 * gap_x, s)):
            button.rect = pygame.Rect(x, right.bottom - row_h, width, row_h)
            x += width + gap_x
        self.hint_pos = (right.x, right.y)
        self.side_button.rect = pygame.Rect(margin, right.bottom - row_h,
                                            min(side, self.side_button.wanted_width(s)), row_h)
        self.side_button.visible = self.cells is not None
        self.preview = self.view = None

    def _status_height(self) -> int:
        """The room between the text and what stands under it (the rule options, the messages'
        lane) for the status line, on as many lines as ``draw`` gives it (``STATUS_LINES``): at
        Larger text in a 800x600 window Tic-tac-toe's "Not a position: expected 3 rows of 3
        characters (X, O or .)" took two, and the second stood over the "In a row to win" option."""
        s = self.app.scale
        return int(10 * s) + STATUS_LINES * tx.line_height(int(15 * s)) + int(6 * s)

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
            preview.set_alpha(255 if self.record is not None else FADED)  # the text is not a position now
            surface.blit(preview, self.board_rect)
        self.stale_rect = self._draw_stale_note(surface) if self.record is None else pygame.Rect(0, 0, 0, 0)
        if self.on_board and self._board_view() is not None:
            self.cursor.draw(surface, self.view, self.shown.first_state(), s)
        width = self.area.rect.width
        hint = tx.first_fitting(self._hint(), int(14 * s), width)
        tx.text(surface, hint, self.hint_pos, int(14 * s), theme.muted)
        self.area.draw(surface, theme, s)
        if self.rules_form is not None:
            self.rules_form.draw(surface)
        colour = theme.text if self.record is not None else theme.invalid
        for i, line in enumerate(tx.wrap(self.status, int(15 * s), width)[:STATUS_LINES]):
            tx.text(surface, line, (self.area.rect.x, self.status_y + i * tx.line_height(int(15 * s))), int(15 * s), colour)
        for button in [*self.buttons, self.side_button]:
            button.draw(surface, theme, s)

    def _draw_stale_note(self, surface: pygame.Surface) -> pygame.Rect:
        """Over the top of the board, while the text is no position: that the board is the last
        position read, not the text, and why (the line under the text says it too, but the eye is
        on the board when it is clicked, and a faded empty Tic-tac-toe board looked like any
        other).  Returns the rect it covers."""
        s = self.app.scale
        size, pad = int(15 * s), int(10 * s)
        width = self.board_rect.width - 2 * int(16 * s) - 2 * pad
        heading = tx.wrap(_("Not what the text says: the last position read"), size, width, bold=True)
        lines = [(line, True) for line in (heading if self.shown is not None else [])]
        lines += [(line, False) for line in tx.wrap(self.problem, size, width)[:3]]
        room = pygame.Rect(self.board_rect.x + int(16 * s), self.board_rect.y + int(12 * s), width + 2 * pad, 0)
        return refusal_note(surface, self.theme, s, lines, size, room, pad)

    def _hint(self) -> tuple[str, str]:
        """The line above the text: what the keys do where they are (the board's cursor, the text),
        whole and short (``tx.first_fitting``): at Larger text in a 800x600 window the whole line
        was cut ("Typing replaces the character under the cursor (Insert: in…")."""
        if self.focus == BUTTONS:
            return (_("Buttons: Enter or Space presses the one ringed, Tab goes on, Esc: back to the text"),
                    _("Buttons: Enter presses, Tab goes on, Esc: the text"))
        if self.focus == RULES:
            return (_("Rule options: Up and Down choose, Left and Right change, Tab: the buttons"),
                    _("Rules: arrows choose and change, Tab: the buttons"))
        if self.on_board and self.rules_form is not None:
            return (_("Board: arrows move, Space changes the square (Shift+Space back), Tab: the rules"),
                    _("Board: arrows move, Space changes, Tab: the rules"))
        if self.on_board:
            return (_("Board: arrows move, Space changes the square (Shift+Space back), Tab: the buttons"),
                    _("Board: arrows move, Space changes, Tab: the buttons"))
        if self.area.overwrite:
            return (_("Typing replaces the character under the cursor (Insert: insert instead)"),
                    _("Typing replaces (Insert: insert instead)"))
        return _("Typing inserts at the cursor (Insert: replace instead)"), _("Typing inserts (Insert: replace instead)")
