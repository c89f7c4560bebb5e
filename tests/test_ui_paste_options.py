"""A pasted or set-up position plays under the rule options the user chooses: those chosen on New
game where the text names none (an Alquerque student's bare board with "Capture compulsory" on
played the course's rules), the text's own where it names them, and either can be changed on
the New game form that shows the position and in the position editor, the game reading the
position again under them."""

from __future__ import annotations

import pygame
import pytest

import games
from games.base import IllegalMove
from games.position_text import record_from_position, rule_options, with_rules
from games.record_parts import RecordError
from tests.test_ui_setup import switch_box
from tests.ui_helpers import click, click_widget, key, words_in
from ui import clipboard
from ui.match import HOTSEAT
from ui.scenes.game import GameScene
from ui.scenes.position_editor import PositionEditorScene
from ui.scenes.setup import SetupScene

# the board as the course prints it, no game named: White's c2 can jump c3, or step sideways to b2
MATRIX = "BBBBB\n.....\n..B..\n..W..\n.....\n"
STEP, CAPTURE = "c2-b2", "c2xc4"


def paste(app, text: str, monkeypatch) -> None:
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)


def new_game(app, game_id: str = "alquerque") -> SetupScene:
    app.last_setup_choices().mode = HOTSEAT  # both sides human: no computer thinks meanwhile
    app.show_setup(game_id=game_id)
    app.run_frames(2)
    return app.scene


def enter_move(app, text: str) -> None:
    """Enter opens the move field, ``text`` is typed, Enter plays it."""
    key(app, pygame.K_RETURN)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(char), mod=0, unicode=char,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.run_frames(2)
    key(app, pygame.K_RETURN)


def turn_switch(app, form, name: str) -> None:
    """A click on the switch of the rule option ``name`` (on its box: the title beside it is no switch)."""
    switch = form.get_widget(f"opt-{name}")
    form.scroll_to_widget(switch)
    left, top, width, height = switch_box(switch)
    click(app, (left + width // 2, top + height // 2))


def edit_position(app, setup: SetupScene) -> PositionEditorScene:
    """The form's "Edit the position", scrolled into view (the rules above it make the form longer)."""
    setup.menu.scroll_to_widget(setup.menu.get_widget("edit-position"))
    click_widget(app, setup.menu, "edit-position")
    assert isinstance(app.scene, PositionEditorScene)
    return app.scene


def played(app) -> list[str]:
    return [ply.text for ply in app.scene.history]


def start_and_try_a_step(app) -> GameScene:
    """Start game, then the step ``STEP`` and the capture ``CAPTURE`` typed: the game played."""
    key(app, pygame.K_RETURN)  # Start game
    game = app.scene
    assert isinstance(game, GameScene)
    enter_move(app, STEP)
    return game


def test_the_step_is_legal_only_without_compulsory_capture():
    """The position the tests below play: the step is a legal move under the course's rules and
    none with Capture compulsory, so a refused step tells which rules the game plays."""
    course = record_from_position(f"Alquerque\n{MATRIX}")
    compulsory = with_rules(course, {"compulsory_capture": True})
    for record, legal in ((course, True), (compulsory, False)):
        game = record.game()
        state = record.first_state(game)
        try:
            state.play(game.parse_move(state, STEP))
        except IllegalMove:
            assert not legal
        else:
            assert legal


def test_a_course_board_pasted_plays_under_the_capture_rule_chosen_on_new_game(app, monkeypatch):
    setup = new_game(app)
    turn_switch(app, setup.menu, "compulsory_capture")  # the switch, as the student turns it on
    assert setup._options()["compulsory_capture"] is True
    app.show_menu()
    app.run_frames(2)
    paste(app, MATRIX, monkeypatch)  # on the main menu: the New game screen, on the position
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.start_record is not None
    assert setup.start_record.options["compulsory_capture"] is True
    assert setup.menu.get_widget("opt-compulsory_capture").get_value() is True  # shown, and as a switch
    game = start_and_try_a_step(app)
    assert game.game.options["compulsory_capture"] is True
    assert played(app) == [] and any("Not a legal move" in m.text for m in game.messages.current())
    enter_move(app, CAPTURE)
    assert played(app) == [CAPTURE]


def test_a_pasted_text_that_names_its_options_keeps_them_and_the_form_shows_them(app, monkeypatch):
    setup = new_game(app)
    turn_switch(app, setup.menu, "compulsory_capture")
    paste(app, f"Alquerque (compulsory_capture=false)\n{MATRIX}", monkeypatch)  # on New game itself
    setup = app.scene
    assert setup.start_record.options["compulsory_capture"] is False
    assert setup.menu.get_widget("opt-compulsory_capture").get_value() is False
    start_and_try_a_step(app)
    assert played(app) == [STEP]


def test_the_rule_changed_on_the_form_of_a_pasted_position_is_the_one_played(app, monkeypatch):
    setup = new_game(app)
    paste(app, MATRIX, monkeypatch)
    setup = app.scene
    assert setup.start_record.options["compulsory_capture"] is False
    turn_switch(app, setup.menu, "compulsory_capture")
    app.run_frames(2)  # the form built again with the position read under the rule
    assert setup.start_record.options["compulsory_capture"] is True
    assert setup.choices.options["alquerque"]["compulsory_capture"] is True  # the next paste's too
    start_and_try_a_step(app)
    assert played(app) == []


def test_the_rule_changed_in_the_editor_is_the_one_played_from_its_position(app, monkeypatch):
    setup = new_game(app)
    paste(app, MATRIX, monkeypatch)
    setup = app.scene
    editor = edit_position(app, setup)
    assert isinstance(editor, PositionEditorScene) and editor.rules_form is not None
    turn_switch(app, editor.rules_form, "compulsory_capture")
    assert editor.options["compulsory_capture"] is True and editor.record.options["compulsory_capture"] is True
    assert "Capture compulsory: Yes" in editor.subtitle_parts
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)  # Play from this position
    assert app.scene is setup and setup.start_record.options["compulsory_capture"] is True
    start_and_try_a_step(app)
    assert played(app) == []


def test_a_rule_under_which_the_position_is_over_is_refused_in_the_editor_and_on_the_form(app, monkeypatch):
    """Tic-tac-toe's k is a rule, not the board's shape: three in a row on a 4x4 board is a
    position to play at four in a row and none at three.  The game says so; the board stays 4x4."""
    board = "Tic-tac-toe (k=4)\nto-move: O\nXXX.\nOO..\n....\n....\n"
    setup = new_game(app, "tictactoe")
    paste(app, board, monkeypatch)
    setup = app.scene
    assert setup.start_record.options == {"width": 4, "height": 4, "k": 4}
    setup._set_start_option("k", 3)  # as the selector's arrow does
    app.run_frames(2)
    assert setup.start_record.options["k"] == 4 and any("already over" in m.text for m in app.messages.current())
    editor = edit_position(app, setup)
    editor.set_rule("k", 3)
    assert not editor.play_button.enabled and editor.status.startswith("Not a position: the game is already over")
    editor.set_rule("k", 4)
    assert editor.play_button.enabled and editor.record.options == {"width": 4, "height": 4, "k": 4}


def test_only_the_rules_a_position_may_be_played_under_are_offered():
    """The board's shape comes from the position; Trax's centre tile only picks the usual start."""
    assert {game_id: sorted(rule_options(game_id)) for game_id in games.available_ids()} == {
        "tictactoe": ["k"], "hex": ["swap"], "reversi": [], "rastros": [],
        "alquerque": ["any_direction_captures", "compulsory_capture"], "trax": ["mode"]}
    with pytest.raises(RecordError):  # no rule: a size is the board's
        with_rules(record_from_position(f"Alquerque\n{MATRIX}"), {"compulsory_capture": "maybe"})


def test_options_chosen_that_the_pasted_board_cannot_be_played_with_leave_the_texts_own():
    """Five in a row chosen for Tic-tac-toe, and a 4x4 board pasted with no options: the board is
    not refused, it plays at its game's usual k; a k it allows is taken, the board's own shape kept."""
    text = "Tic-tac-toe\nto-move: O\nX...\n....\n....\n...."
    assert record_from_position(text, chosen={"tictactoe": {"k": 5}}).options == {"width": 4, "height": 4, "k": 3}
    chosen = {"tictactoe": {"k": 4, "width": 9}}  # a width chosen is the shape's: the board's is kept
    assert record_from_position(text, chosen=chosen).options == {"width": 4, "height": 4, "k": 4}


def test_the_rules_are_worded_in_portuguese_where_the_position_is_set_up(app, monkeypatch):
    with words_in("pt"):
        setup = new_game(app)
        paste(app, MATRIX, monkeypatch)
        setup = app.scene
        assert setup.menu.get_widget("opt-compulsory_capture").get_title().startswith("Captura obrigatória")
        editor = edit_position(app, setup)
        titles = [editor.rules_form.get_widget(f"opt-{name}").get_title()
                  for name in ("any_direction_captures", "compulsory_capture")]
        assert titles[1].startswith("Captura obrigatória") and not titles[0].startswith("Captures")
