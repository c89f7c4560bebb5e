"""The position editor's board takes clicks: a click on a cell writes its next symbol in the text
(a right click the one before), "Other side to move" switches the side, Tab gives the arrows and
Space to the board's cursor; the text is read again as if typed."""

from __future__ import annotations

import pygame
import pygame_menu
import pytest

import games
from games.position_cells import cell_place
from tests.ui_helpers import click, key
from ui.scenes.game import GameScene
from ui.scenes.position_editor import PositionEditorScene

# a cell empty at each game's usual start, and what one click writes there
EMPTY_CELLS = [("tictactoe", 4, "X"), ("hex", 60, "B"), ("reversi", 0, "X"), ("rastros", 9, "#"),
               ("alquerque", 12, "W"), ("trax", 56, "dldl")]


def open_editor(app, game_id: str) -> PositionEditorScene:
    app.show_setup(game_id=game_id)
    app.run_frames(2)
    click(app, app.scene.menu.get_widget("set-up-position").get_rect(to_real_position=True).center)
    assert isinstance(app.scene, PositionEditorScene)
    return app.scene


def pixel_of(editor: PositionEditorScene, cell: int) -> tuple[int, int]:
    """A point of the screen where the preview shows ``cell``, found through the board's view."""
    view = editor._board_view()
    for _key, rect in view.targets(editor.shown.first_state()):
        if view.place_at(rect.center) == cell:
            return rect.center
    raise AssertionError(f"cell {cell} is not on the preview")


def right_click(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.run_frames(2)


def symbol(editor: PositionEditorScene, cell: int, text: str | None = None) -> str:
    """What ``cell`` holds in the editor's text (or in ``text``)."""
    text = editor.area.text if text is None else text
    line, start, end = cell_place(editor.cells, text, cell)
    return text.split("\n")[line][start:end]


@pytest.mark.parametrize("game_id, cell, written", EMPTY_CELLS)
def test_a_click_on_a_cell_writes_its_next_symbol_and_a_right_click_takes_it_back(app, game_id, cell, written):
    editor = open_editor(app, game_id)
    usual = editor.area.text
    empty = symbol(editor, cell)
    click(app, pixel_of(editor, cell))
    assert symbol(editor, cell) == written and editor.area.text != usual
    line, start, _end = cell_place(editor.cells, editor.area.text, cell)
    assert (editor.area.row, editor.area.col) == (line, start)  # the caret on the cell changed
    others = [c for c in range(editor.cells.width * editor.cells.height) if c != cell]
    right_click(app, pixel_of(editor, cell))
    assert symbol(editor, cell) == empty
    assert [symbol(editor, c) for c in others] == [symbol(editor, c, usual) for c in others]


def test_an_illegal_click_is_said_loses_nothing_and_the_next_click_mends_it(app):
    """Rastros' piece is moved by a click that takes it off (no piece: said, Play off) and one
    that puts it on; the text typed elsewhere (the side to move) is kept throughout."""
    editor = open_editor(app, "rastros")
    start = editor.shown.first_state()
    key(app, pygame.K_t, mod=pygame.KMOD_LCTRL)  # North to move
    assert editor.status == "North to move"
    click(app, pixel_of(editor, start.white))  # the piece off its square
    assert editor.status == "Not a position: no white piece (W) on the board" and not editor.play_button.enabled
    assert editor.shown.first_state().white == start.white  # the last good board, shown faded, still clicked
    right_click(app, pixel_of(editor, 10))  # free -> the piece, on c2
    assert editor.status == "North to move" and editor.record.first_state().white == 10
    assert editor.area.text.startswith("to-move: North\n") and "trail:" not in editor.area.text


def test_a_goal_holds_its_letter_only_and_says_so(app):
    editor = open_editor(app, "rastros")
    usual = editor.area.text
    goal = editor.shown.game().goal_south
    click(app, pixel_of(editor, goal))
    assert editor.area.text == usual
    assert [m.text for m in app.messages.current()] == ["Nothing else can go on that square in this text"]


def test_a_click_that_leaves_one_side_to_move_writes_that_side_and_plays_from_there(app):
    """X put on b2 left "to-move: X" written: "Not a position: 1 X and 0 O cannot have X to move",
    and a Hex board drew the last good board, without the stone just put, at every other click
    until Other side to move was pressed.  The click writes the side that must move now; the
    button still switches it by hand (and says when that is no position)."""
    editor = open_editor(app, "tictactoe")
    click(app, pixel_of(editor, 4))  # X on b2: O to move
    assert editor.area.text == "to-move: O\n...\n.X.\n..." and editor.status == "O to move"
    click(app, editor.side_button.rect.center)  # X to move, by hand: said
    assert editor.status == "Not a position: 1 X and 0 O cannot have X to move" and not editor.play_button.enabled
    click(app, editor.side_button.rect.center)
    assert editor.status == "O to move"
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)  # Play from this position
    setup = app.scene
    assert setup.start_record is not None
    key(app, pygame.K_RETURN)  # Start game
    assert isinstance(app.scene, GameScene)
    assert app.scene.initial.key() == games.load("tictactoe").from_text("to-move: O\n...\n.X.\n...").key()


def test_a_stone_clicked_on_a_hex_board_is_drawn_with_the_other_side_to_move(app):
    editor = open_editor(app, "hex")
    click(app, pixel_of(editor, 60))  # Blue's stone: Red to move
    assert editor.status == "Red to move" and editor.play_button.enabled and not editor.problem
    assert games.load("hex").to_text(editor.shown.first_state()) == editor.area.text  # the board drawn has it
    click(app, pixel_of(editor, 61))  # 61 empty -> Blue: Blue's second stone is no position either way
    click(app, pixel_of(editor, 61))  # -> Red: one each, Blue to move
    assert editor.status == "Blue to move" and editor.area.text.startswith("to-move: Blue\n")


def test_tab_gives_the_arrows_and_space_to_the_boards_cursor_and_the_caret_follows(app):
    editor = open_editor(app, "reversi")
    key(app, pygame.K_DOWN)  # the caret on a2 (it starts on a1)
    key(app, pygame.K_TAB)
    assert editor.on_board and editor.cursor.on and editor._cursor_cell() == 8  # the cursor where the caret was
    key(app, pygame.K_RIGHT)
    cell = editor._cursor_cell()
    assert cell == 9
    line, start, _end = cell_place(editor.cells, editor.area.text, cell)
    assert (editor.area.row, editor.area.col) == (line, start)
    before = symbol(editor, cell)
    key(app, pygame.K_SPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" "))  # the Space's text: not typed
    app.run_frames(2)
    after = symbol(editor, cell)
    symbols = editor.cells.symbols_of(cell)
    assert after == symbols[(symbols.index(before) + 1) % len(symbols)] and " " not in editor.area.lines[line]
    key(app, pygame.K_SPACE, mod=pygame.KMOD_LSHIFT)
    assert symbol(editor, cell) == before
    key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)  # the arrows back to the text
    row = editor.area.row
    key(app, pygame.K_DOWN)
    assert not editor.on_board and editor.area.row == row + 1
    key(app, pygame.K_TAB)
    click(app, editor.area.rect.center)  # a click on the text gives it the arrows too
    assert not editor.on_board


def test_a_board_pasted_at_another_size_is_clicked_at_its_size(app):
    """A 5x5 Tic-tac-toe board typed over the 3x3 one: its cells are counted five to a row."""
    editor = open_editor(app, "tictactoe")
    editor.area.text = "to-move: X\n.....\n.....\n.....\n.....\n....."
    editor._read()
    app.run_frames(2)
    click(app, pixel_of(editor, 24))  # e5, the last square
    assert editor.area.text.endswith("\n....X") and editor.status == "O to move"


def test_each_board_edit_is_one_step_ctrl_z_takes_back_and_ctrl_y_does_again(app):
    """A click, a right click, Space on the board's cursor and Other side to move wrote the text
    with no way back (Ctrl+Z took back only an edit of the whole text): each is one step now,
    read again and the board redrawn; Ctrl+Y and Ctrl+Shift+Z do them again."""
    editor = open_editor(app, "tictactoe")
    texts = [editor.area.text]
    click(app, pixel_of(editor, 4))  # b2: X
    texts.append(editor.area.text)
    right_click(app, pixel_of(editor, 0))  # a1: O
    texts.append(editor.area.text)
    key(app, pygame.K_TAB)  # the cursor on a1, the caret's cell
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # b1: X
    texts.append(editor.area.text)
    key(app, pygame.K_t, mod=pygame.KMOD_LCTRL)  # X to move, by hand: no position
    texts.append(editor.area.text)
    assert len(set(texts)) == 5 and editor.record is None
    for before in reversed(texts[:-1]):
        key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
        assert editor.area.text == before
        if editor.record is not None:  # the board drawn is the text's
            assert games.load("tictactoe").to_text(editor.shown.first_state()) == before
    assert editor.status == "X to move" and editor.record.first_state().key() == games.load("tictactoe").initial_state().key()
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert editor.area.text == texts[1] and editor.status == "O to move"  # the click's side with its X
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert editor.area.text == texts[2] and editor.status == "X to move"


def test_a_trax_cell_goes_round_none_and_the_tiles_that_agree_with_its_neighbours(app):
    """Beside the start tile (lldd, dark on its east edge) a click went round none and all six
    tiles, three of them a mismatch said under the text; now none and the three whose west edge
    is dark, each a position whose tiles match."""
    editor = open_editor(app, "trax")
    cell = editor.shown.game().centre + 1
    written = []
    for _ in range(4):
        click(app, pixel_of(editor, cell))
        written.append(symbol(editor, cell))
        assert "do not match" not in editor.status
    assert written == ["dldl", "ddll", "dlld", "none"]


def test_tab_takes_the_keys_to_the_rule_options_which_show_it_and_change_by_the_arrows(app):
    """The rule options under the text took the mouse only: Tab goes text, board, rule options
    (Shift+Tab back); there the chosen one is ringed, Up and Down choose, Left and Right, Enter
    or Space change it, the position is read again under it, and typing writes nothing."""
    editor = open_editor(app, "alquerque")
    form = editor.rules_form

    def ringed() -> list[str]:
        return [w.get_id() for w in form.get_widgets()
                if w.is_selected() and not isinstance(w.get_selection_effect(), pygame_menu.widgets.NoneSelection)]

    assert ringed() == [] and editor.area.focused
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert editor.focus == "rules" and not editor.on_board and not editor.area.focused
    assert ringed() == ["opt-any_direction_captures"]
    text = editor.area.text
    key(app, pygame.K_RIGHT)
    assert editor.options["any_direction_captures"] is True
    assert "Captures in any direction: Yes" in editor.subtitle_parts  # read again under it
    key(app, pygame.K_DOWN)
    assert ringed() == ["opt-compulsory_capture"]
    key(app, pygame.K_RETURN)
    assert editor.options["compulsory_capture"] is True
    key(app, pygame.K_SPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="B"))
    key(app, pygame.K_BACKSPACE)
    assert editor.options["compulsory_capture"] is False and editor.area.text == text
    key(app, pygame.K_TAB)  # on to the buttons (tests/test_ui_list_keys.py), then round to the text: no ring
    assert editor.focus == "buttons" and ringed() == []
    key(app, pygame.K_ESCAPE)
    assert editor.focus == "text" and editor.area.focused and ringed() == []
    key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)  # back: the buttons, from the last
    while editor.focus == "buttons":  # then the rule options, from their last
        key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert editor.focus == "rules" and ringed() == ["opt-compulsory_capture"]
    key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert editor.on_board and editor.cursor.on and ringed() == []


def shown_span(editor: PositionEditorScene) -> tuple[int, int, int]:
    """(the line of the caret, the first and past-the-last column) the text area shows, as drawn."""
    _width, _height, columns, _rows = editor.area._metrics()
    return editor.area.row, editor.area.left, editor.area.left + columns


def assert_symbol_in_view(app, editor: PositionEditorScene, cell: int) -> None:
    app.run_frames(1)  # drawn: the area scrolls as it draws
    line, start, end = cell_place(editor.cells, editor.area.text, cell)
    row, left, right = shown_span(editor)
    assert row == line and left <= start and end <= right, (line, start, end, left, right)
    assert line in range(editor.area.top, editor.area.top + editor.area._metrics()[3])


def test_a_25x25_trax_cell_edited_by_a_click_or_the_cursor_keeps_its_symbol_in_view(app):
    """A 25x25 Trax row is 124 characters ("none none ... none"), twice what the text area
    shows: a click on a cell of the board's right half put the caret on its symbol but scrolled
    only to that caret, the symbol's first letter at the area's edge and the rest cut off; the
    board's cursor (Tab, the arrows, Space) the same.  Now the whole symbol is in view."""
    game = games.load("trax", size=25)
    editor = PositionEditorScene(app, "trax", {"size": 25}, game.to_text(game.initial_state()), lambda _r: None)
    app.switch(editor)
    app.run_frames(2)
    cell = game.centre + 1  # beside the start tile: a click writes a tile there
    assert cell_place(editor.cells, editor.area.text, cell)[1] > shown_span(editor)[2]  # off to the right at first
    click(app, pixel_of(editor, cell))
    assert symbol(editor, cell) == "dldl"
    assert_symbol_in_view(app, editor, cell)
    key(app, pygame.K_TAB)  # the board's cursor, on the cell the caret is on
    assert editor.on_board
    for _ in range(11):  # to the last column
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    edge = game.centre - game.size // 2 + game.size - 1  # the centre's row, the last column
    line, start, _end = cell_place(editor.cells, editor.area.text, edge)
    assert (editor.area.row, editor.area.col) == (line, start) and symbol(editor, edge) != "none"
    assert_symbol_in_view(app, editor, edge)


@pytest.mark.parametrize("text_size", [1.0, 1.25, 1.5])
def test_text_hidden_beyond_the_areas_edges_is_said_at_every_text_size(app, monkeypatch, text_size):
    """A 25x25 Trax position is 124 columns and 26 lines, more than the text area shows at any
    text size, and the area cut it at its edges with nothing to say there was more.  Its last
    line now says what is hidden ("11 lines below · 67 columns right"), inside the area under the
    text shown; End on a row shows the columns left instead; a board that fits says nothing."""
    from tests.ui_helpers import recorded_text_rects

    app.settings.text_size = text_size  # the editor lays its text out at it
    drawn = recorded_text_rects(monkeypatch)
    game = games.load("trax", size=25)
    editor = PositionEditorScene(app, "trax", {"size": 25}, game.to_text(game.initial_state()), lambda _r: None)
    app.switch(editor)
    app.run_frames(2)
    area = editor.area

    def said() -> tuple[str, pygame.Rect]:
        drawn.clear()
        app.invalidate()
        app.run_frames(2)
        return next(((text, rect) for text, rect in drawn if "below" in text or "left" in text), ("", pygame.Rect(0, 0, 0, 0)))

    text, rect = said()
    _width, height, columns, rows = area._metrics()
    below, right = len(area.lines) - rows, len(area.lines[1]) - columns
    assert below > 0 and right > 0
    assert text == f"{below} lines below · {right} columns right"
    last_line_bottom = area.rect.y + area.size // 2 + rows * height
    assert area.rect.contains(rect) and rect.top >= last_line_bottom - 2, (rect, last_line_bottom)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_END)
    text, _rect = said()
    assert text.startswith(f"{below} lines below · ") and text.endswith("columns left") and "right" not in text
    small = games.load("trax", size=7)
    editor = PositionEditorScene(app, "trax", {"size": 7}, small.to_text(small.initial_state()), lambda _r: None)
    app.switch(editor)
    app.run_frames(2)
    assert editor.area.hidden() == (0, 0, 0, 0) and said()[0] == ""
