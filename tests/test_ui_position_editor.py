"""The position editor, reached from the New game screen: the board follows the text as it is
typed, a text that is no position is said in the game's words and cannot be played, and the
position set up is the one the game starts from.  Its multi-line text area is tested by itself
first, through posted events."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.alquerque import Alquerque
from tests.ui_helpers import (
    click,
    click_widget,
    key,
    recorded_draws,
    recorded_text,
    recorded_text_rects,
    words_in,
)
from ui import clipboard, words
from ui import text as tx
from ui.match import HOTSEAT
from ui.scenes.game import GameScene
from ui.scenes.position_editor import PositionEditorScene
from ui.scenes.setup import SetupScene
from ui.text_area import TextArea


def typed(target, text: str) -> None:
    target.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def pressed(target, k: int, mod: int = 0) -> None:
    target.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def test_the_text_area_edits_across_lines():
    area = TextArea("abc\ndef")
    typed(area, "X")
    assert area.text == "Xabc\ndef" and (area.row, area.col) == (0, 1)
    pressed(area, pygame.K_END)
    pressed(area, pygame.K_DELETE)  # joins the next line
    assert area.text == "Xabcdef"
    pressed(area, pygame.K_RETURN)
    assert area.text == "Xabc\ndef" and (area.row, area.col) == (1, 0)
    pressed(area, pygame.K_BACKSPACE)  # joins with the line above
    assert area.text == "Xabcdef" and (area.row, area.col) == (0, 4)
    pressed(area, pygame.K_INSERT)
    assert area.overwrite
    typed(area, "12")
    assert area.text == "Xabc12f"
    pressed(area, pygame.K_HOME)
    pressed(area, pygame.K_LEFT)  # at the start: stays
    pressed(area, pygame.K_DOWN)  # one line only: stays
    assert (area.row, area.col) == (0, 0)


def test_the_text_area_pastes_lines_and_puts_the_caret_where_clicked(monkeypatch):
    area = TextArea("..\n..")
    area.rect, area.size = pygame.Rect(0, 0, 400, 200), 16
    monkeypatch.setattr(clipboard, "get_text", lambda: "XO\r\nOX")
    pressed(area, pygame.K_v, pygame.KMOD_LCTRL)
    assert area.text == "XO\nOX..\n.." and (area.row, area.col) == (1, 2)
    width, height, _columns, _rows = area._metrics()
    area.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(8 + 1 * width + 1, 8 + 2 * height + 1), button=1))
    assert (area.row, area.col) == (2, 1)


def test_ctrl_a_selects_the_whole_text_for_the_next_edit_to_replace(monkeypatch):
    """Ctrl+A then a paste puts another position in place of this one (a paste used to land
    inside the old text); typed text, Enter and Backspace replace it too; an arrow keeps it."""
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "get_text", lambda: "XO\nOX")
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    area = TextArea("to-move: X\n...\n...")
    area.overwrite = True
    pressed(area, pygame.K_c, pygame.KMOD_LCTRL)  # nothing selected: nothing copied
    assert copied == []
    pressed(area, pygame.K_a, pygame.KMOD_LCTRL)
    pressed(area, pygame.K_c, pygame.KMOD_LCTRL)
    assert copied == ["to-move: X\n...\n..."] and area.text == copied[0]
    pressed(area, pygame.K_v, pygame.KMOD_LCTRL)
    assert area.text == "XO\nOX" and (area.row, area.col) == (1, 2) and not area.all_selected
    pressed(area, pygame.K_a, pygame.KMOD_LCTRL)
    typed(area, "Z")  # overwriting mode or not, the selection goes
    assert area.text == "Z"
    pressed(area, pygame.K_a, pygame.KMOD_LCTRL)
    pressed(area, pygame.K_BACKSPACE)
    assert area.text == "" and area.changed
    area.text = "ab\ncd"
    pressed(area, pygame.K_a, pygame.KMOD_LCTRL)
    pressed(area, pygame.K_RIGHT)  # the caret to the end; the text stays
    assert area.text == "ab\ncd" and (area.row, area.col) == (1, 2) and not area.all_selected
    pressed(area, pygame.K_a, pygame.KMOD_LCTRL)
    pressed(area, pygame.K_x, pygame.KMOD_LCTRL)
    assert copied[-1] == "ab\ncd" and area.text == ""


def test_ctrl_z_right_after_the_whole_text_was_replaced_brings_it_back(monkeypatch):
    """A paste, a typed character, Backspace or Ctrl+X over the whole text (Ctrl+A) left no way
    back to the text replaced; Ctrl+Z right after brings it back with its caret, once."""
    monkeypatch.setattr(clipboard, "get_text", lambda: "XO\nOX")
    monkeypatch.setattr(clipboard, "put_text", lambda text: True)
    area = TextArea("to-move: X\n...\n...")
    pressed(area, pygame.K_DOWN)
    for replace_all in ((pygame.K_v, pygame.KMOD_LCTRL), (pygame.K_x, pygame.KMOD_LCTRL), (pygame.K_BACKSPACE, 0), "Z"):
        pressed(area, pygame.K_a, pygame.KMOD_LCTRL)
        if isinstance(replace_all, str):
            typed(area, replace_all)
        else:
            pressed(area, *replace_all)
        assert area.text != "to-move: X\n...\n..."
        area.changed = False
        pressed(area, pygame.K_z, pygame.KMOD_LCTRL)
        assert area.text == "to-move: X\n...\n..." and (area.row, area.col) == (1, 0) and area.changed
        pressed(area, pygame.K_z, pygame.KMOD_LCTRL)  # once: nothing more to take back
        assert area.text == "to-move: X\n...\n..."


def test_ctrl_z_takes_back_each_edit_and_ctrl_y_does_it_again():
    """Ctrl+Z took back only an edit of the whole text: a character typed over a square could
    not be taken back.  Each edit is one step now, its caret with it; Ctrl+Y and Ctrl+Shift+Z
    do it again (the game screen's redo keys) until the next edit."""
    area = TextArea("to-move: X\n...\n...")
    area.overwrite = True
    pressed(area, pygame.K_DOWN)
    typed(area, "X")
    typed(area, "O")
    pressed(area, pygame.K_RETURN)
    assert area.text == "to-move: X\nXO\n.\n..." and (area.row, area.col) == (2, 0)
    pressed(area, pygame.K_z, pygame.KMOD_LCTRL)
    assert area.text == "to-move: X\nXO.\n..." and (area.row, area.col) == (1, 2)
    pressed(area, pygame.K_z, pygame.KMOD_LCTRL)
    pressed(area, pygame.K_z, pygame.KMOD_LCTRL)
    assert area.text == "to-move: X\n...\n..." and (area.row, area.col) == (1, 0)
    pressed(area, pygame.K_z, pygame.KMOD_LCTRL)  # nothing more to take back
    assert area.text == "to-move: X\n...\n..."
    pressed(area, pygame.K_y, pygame.KMOD_LCTRL)
    assert area.text == "to-move: X\nX..\n..." and (area.row, area.col) == (1, 1)
    pressed(area, pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert area.text == "to-move: X\nXO.\n..."
    typed(area, "X")  # a new edit: what was taken back is not done again
    pressed(area, pygame.K_y, pygame.KMOD_LCTRL)
    assert area.text == "to-move: X\nXOX\n..."


def open_editor(app, game_id: str) -> tuple[SetupScene, PositionEditorScene]:
    app.show_setup(game_id=game_id)
    app.run_frames(2)
    setup = app.scene
    click_widget(app, setup.menu, "set-up-position")
    return setup, app.scene


def test_the_text_area_shows_each_character_in_its_own_column():
    """Fira Code's ligatures drew a Reversi row's "..." as one ellipsis and "->" as an arrow: a
    line in the monospaced font is now the characters drawn one by one, each in its cell."""
    from ui import text as tx

    pygame.init()
    white = (255, 255, 255)
    cell = tx.ui_font(20, mono=True).size("M")[0]
    for line in ("...OX...", "a->b", "x==y", "www", "c5xe5"):
        image = tx.mono_line(line, 20, white)
        assert image.get_width() == cell * len(line)
        for column, char in enumerate(line):
            glyph = tx.ui_font(20, mono=True).render(char, True, white)
            part = image.subsurface((column * cell, 0, min(glyph.get_width(), cell), glyph.get_height()))
            for x in range(part.get_width()):
                for y in range(part.get_height()):
                    assert part.get_at((x, y)).a == glyph.get_at((x, y)).a, (line, char)


def test_a_position_set_up_in_the_editor_is_the_one_the_game_starts_from(app):
    setup, editor = open_editor(app, "tictactoe")
    assert isinstance(editor, PositionEditorScene) and editor.area.text == "to-move: X\n...\n...\n..."
    key(app, pygame.K_DOWN)  # the caret starts on a1, the board's first square
    key(app, pygame.K_RIGHT)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="X"))  # b2, typed over
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="O"))  # a3
    app.run_frames(2)
    assert editor.area.text == "to-move: X\n...\n.X.\nO.."
    assert editor.status == "X to move" and editor.play_button.enabled
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)  # Play from this position
    assert app.scene is setup and setup.start_record is not None
    assert setup.menu.get_widget("edit-position") is not None
    key(app, pygame.K_RETURN)  # Start game
    game = app.scene
    assert isinstance(game, GameScene)
    assert game.initial.key() == games.load("tictactoe").from_text("to-move: X\n...\n.X.\nO..").key()


def test_the_usual_start_played_from_the_editor_is_a_usual_game(app):
    """Play from this position with the usual start (left as it opened, or typed in for another
    board size) starts a usual game with those options, not one "from a set-up position"."""
    setup, editor = open_editor(app, "reversi")
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)
    assert app.scene is setup and setup.start_record is None
    setup, editor = open_editor(app, "reversi")
    six = games.load("reversi", size=6)
    editor.area.text = six.to_text(six.initial_state())
    editor._read()
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)
    assert app.scene is setup and setup.start_record is None and setup._options()["size"] == 6
    key(app, pygame.K_RETURN)  # Start game
    assert isinstance(app.scene, GameScene) and app.scene.game.options["size"] == 6
    assert not app.scene.setup.start


def test_ctrl_u_puts_the_usual_start_in_the_text_and_its_button_shows_the_key(app):
    """"Usual start" was the window's one button with no key: Ctrl+U (which the text area does
    not take) presses it, and the button says so like Play (Ctrl+Enter) and Back (Esc)."""
    setup, editor = open_editor(app, "tictactoe")
    usual = editor.area.text
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="X"))
    app.run_frames(2)
    assert editor.area.text != usual
    key(app, pygame.K_u, mod=pygame.KMOD_LCTRL)
    assert app.scene is editor and editor.area.text == usual and editor.status == "X to move"
    assert [button.shown_hint() for button in editor.buttons] == ["Ctrl+Enter", "Ctrl+U", "Esc"]


def test_ctrl_z_right_after_the_usual_start_brings_back_the_text_typed(app):
    """Ctrl+U (or the Usual start button) put the usual start in place of what was typed, with
    no way back: Ctrl+Z right after brings the typed text back, read again, where the caret was."""
    setup, editor = open_editor(app, "tictactoe")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="X"))  # a1
    app.run_frames(2)
    typed_text, typed_status = editor.area.text, editor.status
    assert typed_text == "to-move: X\nX..\n...\n..." and typed_status.startswith("Not a position: ")
    for usual_start in (lambda: key(app, pygame.K_u, mod=pygame.KMOD_LCTRL),
                        lambda: click(app, editor.reset_button.rect.center)):
        usual_start()
        assert editor.area.text == "to-move: X\n...\n...\n..." and editor.status == "X to move"
        key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
        assert app.scene is editor and editor.area.text == typed_text and editor.status == typed_status
        assert (editor.area.row, editor.area.col) == (1, 1) and not editor.play_button.enabled
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="O"))  # an edit of its own: b1
    app.run_frames(2)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # the O alone taken back, then the usual start again
    assert editor.area.text == typed_text
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert editor.area.text == "to-move: X\n...\n...\n..." and editor.status == "X to move"


def test_every_button_has_room_for_its_key_in_portuguese_at_800x560(app):
    """The row was cut in fixed shares (half, a quarter, a quarter): "Início habitual  Ctrl+U"
    lost its key in a quarter while Play had room to spare; each button now gets what its label
    and key want, and the row still ends with the text area."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    with words_in("pt"):
        editor = PositionEditorScene(app, "alquerque", {}, Alquerque().to_text(Alquerque().initial_state()),
                                     lambda record: None)
        app.switch(editor)
        app.run_frames(2)
        assert app.screen.get_size() == (800, 560)
        for button in editor.buttons:
            assert button.shown_hint() and button.rect.width >= button.wanted_width(app.scale), button.label
        assert editor.buttons[-1].rect.right == editor.area.rect.right


def test_a_text_that_is_no_position_is_said_and_cannot_be_played(app):
    setup, editor = open_editor(app, "reversi")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Q"))
    app.run_frames(2)
    assert editor.status == "Not a position: square a1: 'Q' is not X, O or ."
    assert not editor.play_button.enabled
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)
    assert app.scene is editor  # nothing to play
    click(app, editor.reset_button.rect.center)  # Usual start
    assert editor.play_button.enabled and editor.status == "Black to move"
    key(app, pygame.K_ESCAPE)  # Back: the New game screen as it was
    assert app.scene is setup and setup.start_record is None


def test_a_reversi_board_cleared_of_its_discs_is_said_to_have_none(app):
    """The four centre discs typed over with dots, the editor said "the game is already over in
    that position (Draw 32 - 32 · 0 - 0 on the board)": a draw 32 - 32 of a board with no disc,
    to a player clearing it to set a position up.  It says there is no disc on it."""
    setup, editor = open_editor(app, "reversi")
    for k in (pygame.K_DOWN,) * 3 + (pygame.K_RIGHT,) * 3:  # onto d4, the first centre disc
        key(app, k, frames=1)
    for row in range(2):
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="."))
        key(app, pygame.K_DOWN, frames=1)
        if row == 0:
            key(app, pygame.K_LEFT, frames=1)
            key(app, pygame.K_LEFT, frames=1)
    app.run_frames(2)
    assert "X" not in editor.area.text.splitlines()[3] + editor.area.text.splitlines()[4]
    assert editor.status == "Not a position: the game is already over in that position (No discs on the board)"
    assert not editor.play_button.enabled
    with words_in("pt"):
        assert words.end_reason("No discs on the board") == "Nenhuma peça no tabuleiro"


def texts_drawn_on_the_board(monkeypatch, editor: PositionEditorScene) -> list[str]:
    """The lines of text the editor draws over its board's picture, in one frame."""
    with monkeypatch.context() as one_frame:
        drawn = recorded_draws(one_frame)
        editor.draw(editor.app.screen)
    return [text.value for text in drawn if editor.board_rect.collidepoint(text.pos)]


def test_a_board_left_behind_by_the_text_says_so_on_it_and_why(app, monkeypatch):
    """While the text is no position the board shows the last one read: it was only faded, and
    a faded empty board looked like the position typed.  A note over it says so and why (the
    game's words), its clicks go nowhere, Play stays refused; the note goes with a position."""
    setup, editor = open_editor(app, "tictactoe")
    assert texts_drawn_on_the_board(monkeypatch, editor) == []
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="X"))  # XX. with X to move
        app.run_frames(2)
    drawn = " ".join(texts_drawn_on_the_board(monkeypatch, editor))
    assert "Not what the text says: the last position read" in drawn
    assert "2 X and 0 O cannot have X to move" in drawn and editor.status.endswith("2 X and 0 O cannot have X to move")
    text = editor.area.text
    click(app, editor.stale_rect.center)  # over the board's top: the note, not a square under it
    assert editor.area.text == text
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)
    assert app.scene is editor and not editor.play_button.enabled
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # one X with X to move: still no position
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # the usual start again
    assert editor.record is not None and texts_drawn_on_the_board(monkeypatch, editor) == []


def test_a_board_of_another_shape_keeps_the_other_options():
    from ui.scenes.position_editor import read_position

    record = read_position("tictactoe", {"width": 4, "height": 4, "k": 4}, "to-move: X\n.....\n.....\n.....\n.....\n.....")
    assert record.options == {"width": 5, "height": 5, "k": 4}


def test_a_board_of_another_size_keeps_the_other_options_and_a_pasted_position_is_edited(app, monkeypatch):
    setup, editor = open_editor(app, "hex")
    game = games.load("hex", size=5)
    editor.area.text = game.to_text(game.play_line(["c3"]))
    editor._read()
    assert editor.record.options["size"] == 5 and editor.status == "Red to move"
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)
    assert setup.start_record.options["size"] == 5
    click_widget(app, setup.menu, "edit-position")  # back in the editor, on that position
    assert isinstance(app.scene, PositionEditorScene) and app.scene.area.text == setup.start_record.start_position


def test_reversis_one_line_board_is_edited_in_rows_of_dots_that_read_the_same():
    from games.position_text import in_rows

    game = games.load("reversi", size=6)
    start = game.to_text(game.initial_state())
    shown = in_rows(game, start)
    assert shown.splitlines() == ["......", "......", "..OX..", "..XO..", "......", "......", "X"]
    assert game.from_text(shown).key() == game.initial_state().key()
    tictactoe = "to-move: X\n...\n...\n..."
    assert in_rows(games.load("tictactoe"), tictactoe) == tictactoe


KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE,
        pygame.K_DELETE, pygame.K_RETURN, pygame.K_INSERT, (pygame.K_a, pygame.KMOD_LCTRL)]


@settings(max_examples=200, deadline=None)
@given(start=st.text(alphabet="XO.\n -", max_size=30),
       steps=st.lists(st.one_of(st.sampled_from(KEYS), st.text(alphabet="XOB.\n", min_size=1, max_size=3)), max_size=40))
def test_any_keys_leave_the_caret_on_the_text(start, steps):
    """Random typing and keys: the caret is always on a line of the text, never past its end, and
    the lines are the text's."""
    area = TextArea(start)
    for step in steps:
        if isinstance(step, str):
            typed(area, step)
        elif isinstance(step, tuple):
            pressed(area, *step)
        else:
            pressed(area, step)
        assert 0 <= area.row < len(area.lines) and 0 <= area.col <= len(area.lines[area.row])
        assert area.text.split("\n") == area.lines


def test_another_games_position_pasted_in_the_editor_is_said_to_be_that_games(app, monkeypatch):
    """A Reversi position copied from the app and pasted into Hex's editor (the wrong game chosen on
    the New game screen) says it is a Reversi position, and cannot be played as Hex."""
    monkeypatch.setattr(clipboard, "get_text", lambda: "-" * 27 + "OX------XO" + "-" * 27 + " X")
    setup, editor = open_editor(app, "hex")
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert editor.status.startswith("Not a position: ") and editor.status.endswith("(this is a Reversi position)")
    assert not editor.play_button.enabled


@pytest.mark.parametrize("language, refused", [
    ("en", r"Not a position: (square a1|cell a1|point a5): 'Q' is not ([A-Z]), ([A-Z]) or \."),
    ("pt", r"Não é uma posição: (casa a1|ponto a5): 'Q' não é ([A-Z]), ([A-Z]) ou \."),
])
def test_reversi_words_a_wrong_square_as_the_other_games_do(app, language, refused):
    """A letter typed on the first square of each board written in characters is refused in one
    wording, the empty square a dot as the editor shows it: Reversi's said "X, O or an empty
    square (. or -)" where the others said "X, O or ." (``games.grid.cell_symbols``)."""
    import re

    with words_in(language):
        for game_id in ("tictactoe", "hex", "alquerque", "reversi"):
            _setup, editor = open_editor(app, game_id)
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Q"))
            app.run_frames(2)
            said = re.fullmatch(refused, editor.status)
            assert said is not None, (game_id, editor.status)
            assert said.group(2, 3) == {"tictactoe": ("X", "O"), "hex": ("B", "R"), "alquerque": ("W", "B"),
                                        "reversi": ("X", "O")}[game_id]
            key(app, pygame.K_ESCAPE)


def test_reversis_board_of_the_wrong_length_lists_its_squares_as_the_others_do():
    """Reversi reads "." and "-" for an empty square, but lists a square's symbols as every
    game does ("X, O or ."), in Portuguese too."""
    from games.base import IllegalMove

    game = games.load("reversi")
    refusals = []
    for text in ("." * 10 + " X", "X"):
        try:
            game.from_text(text)
        except IllegalMove as exc:
            refusals.append(str(exc))
    assert refusals == ["expected 64 squares (X, O or .) and the side to move (X or O), got 11 characters",
                        "expected 64 squares (X, O or .) and the side to move (X or O), got 1 character"]
    with words_in("pt"):
        assert [words.rule_reason(refusal, "reversi") for refusal in refusals] == [
            "esperavam-se 64 casas (X, O ou .) e o lado a jogar (X ou O); vieram 11 caracteres",
            "esperavam-se 64 casas (X, O ou .) e o lado a jogar (X ou O); veio 1 carácter"]


def test_a_reversi_row_one_square_short_is_named_by_its_row(app):
    """Backspace on Reversi's last row said "expected 64 squares (X, O or -) and the side to move
    (X or O), got 64 characters", which did not say where to look; the row is named now, and a
    board left without its side-to-move line is said so."""
    setup, editor = open_editor(app, "reversi")
    for _ in range(7):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE)
    assert editor.status == "Not a position: row 8 has 7 squares, not 8" and not editor.play_button.enabled
    typed(editor.area, ".")
    editor._read()
    assert editor.status == "Black to move"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_BACKSPACE)  # the side to move, "X", gone
    key(app, pygame.K_BACKSPACE)  # and its line
    assert editor.status == "Not a position: the side to move (X or O) is missing after the board"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_subtitle_says_the_options_of_the_board_being_set_up(app, monkeypatch, language):
    """The subtitle said "Tic-tac-toe" alone for a 15x15 board with five in a row: it names the
    options as the game screen does under the game's name, those of the board read (a board
    pasted at another size says its own)."""
    from tests.ui_helpers import recorded_text
    from ui import words

    def subtitle() -> str:
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        return drawn[1]  # under the title

    def said(game_id: str, values: dict) -> str:
        info = games.info(game_id)
        return " · ".join([words.title(info), *(words.option_text(o, values[o.name], game_id) for o in info.options)])

    def press(k: int, times: int) -> None:
        for _ in range(times):
            key(app, k)

    with words_in(language):
        app.show_setup(game_id="tictactoe")
        app.run_frames(2)
        setup = app.scene
        for option, steps in (("opt-width", 12), ("opt-height", 12), ("opt-k", 2)):  # 3 -> 15, 3 -> 15, 3 -> 5
            setup.menu.select_widget(setup.menu.get_widget(option))
            press(pygame.K_RIGHT, steps)
        click_widget(app, setup.menu, "set-up-position")
        assert isinstance(app.scene, PositionEditorScene)
        assert subtitle() == said("tictactoe", {"width": 15, "height": 15, "k": 5})
        key(app, pygame.K_ESCAPE)
        app.show_setup(game_id="reversi")
        app.run_frames(2)
        click_widget(app, app.scene.menu, "set-up-position")
        six = games.load("reversi", size=6)
        monkeypatch.setattr(clipboard, "get_text", lambda: six.to_text(six.initial_state()))
        key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)  # a 6x6 board in place of the 8x8
        assert app.scene.record is not None and app.scene.record.options == {"size": 6}
        assert subtitle() == said("reversi", {"size": 6})



@pytest.mark.parametrize("game_id, headings, first_row", [("tictactoe", 1, "X.."), ("alquerque", 2, "WBBBB"),
                                                        ("reversi", 0, "X.......")])
def test_the_first_piece_typed_goes_on_the_boards_first_square(app, game_id, headings, first_row):
    """The caret started on the heading ("to-move: X"), so a keyboard player's first piece wrote
    over it and the text was no position.  It starts on the board's first square, after the
    headings, and Usual start (Ctrl+U) puts it there again."""
    app.show_setup(game_id=game_id)
    app.run_frames(2)
    form = app.scene.menu
    while form.get_selected_widget().get_id() != "set-up-position":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    editor = app.scene
    assert isinstance(editor, PositionEditorScene)
    usual = editor.area.text.split("\n")
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=first_row[0]))
        app.run_frames(2)
        lines = editor.area.text.split("\n")
        assert lines[:headings] == usual[:headings] and lines[headings] == first_row
        key(app, pygame.K_u, mod=pygame.KMOD_LCTRL)  # the usual start again, the caret on its first square
        assert editor.area.text.split("\n") == usual


def test_the_new_game_form_says_a_set_up_positions_no_capture_count_as_the_panel_then_does(app, monkeypatch):
    """After "Set up a position", the form said only who is to move: an Alquerque position four
    plies from the 40-ply draw looked like any other until the game began and its panel said so.
    The form says the count in the panel's words, and the game started from it says the same."""
    app.last_setup_choices().mode = HOTSEAT  # both sides human: no computer thinks meanwhile
    setup, editor = open_editor(app, "alquerque")
    monkeypatch.setattr(clipboard, "get_text", lambda: "to-move: White\nno-capture: 36\n.B...\nW....\n.....\n.W.B.\n....W")
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)  # over the whole text
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)  # Play from this position
    assert app.scene is setup and setup.start_record is not None
    said = "No capture for 36 moves (draw at 40)"
    shown = [w.get_title() for w in setup.menu.get_widgets()]
    assert shown.index(said) == shown.index("Starts from a set-up position: White to move") + 1
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_RETURN)  # Start game
    assert isinstance(app.scene, GameScene) and said in drawn


def test_set_up_a_position_with_options_the_game_refuses_says_why_and_keeps_the_form(app):
    """"Set up a position…" with 5 in a row on a 4x3 board showed "Something went wrong:
    ValueError: option k: ..." (the usual start could not be made to edit).  It says the rules'
    reason as Start does, in the form's words, and the form stays to change the option.  The
    form offers no such row (tests/test_ui_option_limits.py): a settings file edited by hand
    holds it here."""
    app.show_setup(game_id="tictactoe")
    app.run_frames(2)
    setup = app.scene
    setup.choices.options["tictactoe"].update(width=4, height=3, k=5)
    setup._build_menu()
    app.run_frames(2)
    click_widget(app, setup.menu, "set-up-position")
    assert app.scene is setup and app.errors == [], app.errors
    said = [m.text for m in app.messages.current()]
    assert said == ["In a row to win: 5 in a row cannot fit on 4x3; choose 3 to 4"], said


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_why_a_text_is_no_position_on_two_lines_stands_clear_of_the_rule_switches(app, monkeypatch, size):
    """The status line had the room of one line over Alquerque's rule switches, and drew two: the
    second ("is not a side (White, Black)") stood over "Captures in any direction"."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    _setup, editor = open_editor(app, "alquerque")
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)  # the whole text, replaced by the next edit
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="to-move: Whiteno-capture: abBBBBBBBBBBBB.WWWWWWWWWW"))
    app.run_frames(2)
    assert editor.record is None and len(words_wrapped(editor)) == 2, editor.status
    drawn = recorded_text_rects(monkeypatch)
    editor.draw(app.screen)
    status = [rect for text, rect in drawn if text in words_wrapped(editor)]
    switches = [widget.get_rect(to_real_position=True) for widget in editor.rules_form.get_widgets()]
    assert len(status) == 2 and switches
    assert not [(line, switch) for line in status for switch in switches if line.colliderect(switch)], (status, switches)


def words_wrapped(editor: PositionEditorScene) -> list[str]:
    """The status line's lines as the editor draws them under its text."""
    return tx.wrap(editor.status, int(15 * editor.app.scale), editor.area.rect.width)[:2]


@pytest.mark.parametrize("language, refused", [
    ("en", "Not a position: cell a1: 'xone' is not a tile name or none"),
    ("pt", "Não é uma posição: casa a1: 'xone' não é um nome de peça nem none"),
])
def test_a_trax_word_that_is_no_tile_is_named_by_its_cell_as_the_board_labels_it(app, language, refused):
    """A letter typed over Trax's first "none" said "row 1, column 1: 'xone' is not a tile name
    or none", beside a board lettered a to j: the player counted columns to find the cell.  It
    says "cell a1", as the editor's board and its other refusals ("f6 and g6 do not match") name it."""
    with words_in(language):
        _setup, editor = open_editor(app, "trax")
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
        app.run_frames(2)
        assert editor.status == refused
        assert not editor.play_button.enabled


def test_a_wrong_mark_on_a_big_tic_tac_toe_board_is_named_by_its_square(app):
    """On a 19x19 board a letter typed in the text said "row 3: 'Q' is not X, O or .", and the
    player looked along the row's 19 squares for it; it names the square, as Reversi's does."""
    app.show_setup(game_id="tictactoe")
    app.run_frames(2)
    for _ in range(16):  # Width, selected first, from 3 to 19
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    for _ in range(16):  # Height
        key(app, pygame.K_RIGHT)
    click_widget(app, app.scene.menu, "set-up-position")
    editor = app.scene
    assert len(editor.area.text.split("\n")) == 20, editor.area.text  # to-move and 19 rows
    for _ in range(2):
        key(app, pygame.K_DOWN)
    for _ in range(6):
        key(app, pygame.K_RIGHT)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Q"))
    app.run_frames(2)
    assert editor.status == "Not a position: square g3: 'Q' is not X, O or ."
    assert not editor.play_button.enabled
