"""A keyboard-only player on the forms (New game, Play from here, Settings): the form's lines and
the Start and Back buttons under it are one ring (``MenuFormScene.form_buttons_key``).

- On New game and Play from here, Tab went round the form's lines and never reached Start or
  Back (Settings alone rang Back); Down past the last line went round to the first, past them.
- On Settings, Left or Right with Back ringed left it and changed the last line's value (the
  language).
- Back on the first line from the buttons, the form showed it at its very top edge, the game's
  name above it scrolled out of sight.
- Esc from the position editor brought New game back on its first line: the next Enter started
  a game, where the player had been on "Set up a position…".
"""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_play_from import MOVES, chooser, recorded
from tests.ui_helpers import key, make_app, window_for_a_test, words_in
from ui.match import PC_VS_PC
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene
from ui.scenes.settings_screen import SettingsScene


def new_game(app):
    app.show_setup(game_id="trax")
    app.run_frames(2)
    return app.scene


def play_from(app):
    return chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=2)


def ringed(scene) -> list[str]:
    """The labels of the buttons under the form that the keyboard's ring is on."""
    buttons = (getattr(scene, "start_button", None), scene.back_button)
    return [button.label for button in buttons if button is not None and button.focused]


def lines(scene) -> list:
    """The form's lines the keyboard goes through, in order."""
    return [w for w in scene.menu.get_widgets() if w.is_selectable and w.is_visible()]


def shown_chosen(scene) -> list:
    """The form's lines drawn as chosen."""
    return [line for line in lines(scene) if line.is_selected()]


def to_last_line(app, scene) -> None:
    scene.menu.select_widget(lines(scene)[0])
    for _ in lines(scene)[1:]:
        key(app, pygame.K_TAB)
    assert scene.menu.get_selected_widget() is lines(scene)[-1] and not ringed(scene)


@pytest.mark.parametrize("open_form", [new_game, play_from])
def test_tab_rings_start_then_back_then_goes_round_to_the_first_line(app, open_form):
    scene = open_form(app)
    to_last_line(app, scene)
    key(app, pygame.K_TAB)
    assert ringed(scene) == ["Start game"] and not shown_chosen(scene)  # one place, the ring
    key(app, pygame.K_TAB)
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_TAB)
    assert not ringed(scene) and shown_chosen(scene) == [lines(scene)[0]]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ringed(scene) == ["Start game"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert not ringed(scene) and shown_chosen(scene) == [lines(scene)[-1]]


def test_enter_on_the_ringed_back_leaves_new_game_and_on_start_starts(app):
    scene = new_game(app)
    key(app, pygame.K_UP)  # before the first line: Back
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_RETURN)  # Back, not the form's Enter (Start)
    assert isinstance(app.scene, MenuScene)
    scene = new_game(app)
    to_last_line(app, scene)  # the "Add this player" button, which Enter would press
    key(app, pygame.K_DOWN)
    assert ringed(scene) == ["Start game"]
    key(app, pygame.K_SPACE)
    assert isinstance(app.scene, GameScene) and app.scene.setup.game_id == "trax"


def test_play_from_here_space_on_the_ringed_back_returns_to_the_replay(app):
    scene = play_from(app)
    key(app, pygame.K_UP)
    key(app, pygame.K_SPACE)
    assert isinstance(app.scene, ReplayScene)
    key(app, pygame.K_c)
    scene = app.scene
    to_last_line(app, scene)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene) and [ply.text for ply in app.scene.history] == MOVES[:2]


def test_left_and_right_go_along_the_buttons_and_change_no_line(app):
    scene = new_game(app)
    key(app, pygame.K_UP)
    key(app, pygame.K_LEFT)
    assert ringed(scene) == ["Start game"]
    key(app, pygame.K_LEFT)  # the row's end: it stays
    assert ringed(scene) == ["Start game"]
    key(app, pygame.K_RIGHT)
    assert ringed(scene) == ["Back"]
    app.switch(SettingsScene(app))
    app.run_frames(2)
    settings = app.scene
    language = app.settings.language
    key(app, pygame.K_UP)  # from the first line round to Back
    assert ringed(settings) == ["Back"]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RIGHT)
    assert ringed(settings) == ["Back"] and app.settings.language == language


def test_the_ring_stays_alone_when_the_form_is_built_again(app):
    """New game builds its form again when a message comes under it or a choice changes what it
    shows; the rebuilt form chose a line again, drawn beside the ringed button."""
    scene = new_game(app)
    key(app, pygame.K_UP)
    scene.rebuild_wanted = True
    app.run_frames(2)
    assert ringed(scene) == ["Back"] and not shown_chosen(scene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)


def test_round_from_the_buttons_to_the_first_line_shows_the_forms_top(tmp_path, monkeypatch):
    """At 800x560 the Trax form scrolls: back on its first line from Start, the game's name above
    that line is in view, as when the form opened."""
    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        scene = new_game(app)
        area = scene.menu.get_scrollarea()
        assert area.get_hidden_height() > 0  # the form scrolls at this size
        to_last_line(app, scene)
        assert area.get_offsets()[1] > 0
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        assert scene.menu.get_selected_widget() is lines(scene)[0]
        assert area.get_offsets()[1] == 0
    finally:
        app.quit()
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "pt"])
def test_new_games_help_line_says_enter_starts_and_fits_the_smallest_window(tmp_path, monkeypatch, language):
    """Enter starts the game from any line of the form but a button and the outside player's field;
    the line under the title said only "Pick a game …, then how you want to play it"."""
    from tests.ui_helpers import recorded_text_rects

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        with words_in(language):
            scene = new_game(app)
            drawn = recorded_text_rects(monkeypatch)
            scene.draw(app.screen)
            help_line = [(text, rect) for text, rect in drawn if text.startswith(("Pick a game", "Escolha um jogo"))]
            assert len(help_line) == 1 and "Enter" in help_line[0][0]
            assert app.screen.get_rect().contains(help_line[0][1])
            key(app, pygame.K_UP)  # Back ringed, then Up to the last line: "Add this player", a button
            key(app, pygame.K_UP)
            key(app, pygame.K_UP)  # the outside player's field
            key(app, pygame.K_UP)  # Time per move, a choice
            key(app, pygame.K_RETURN)
            assert isinstance(app.scene, GameScene)
    finally:
        app.quit()
    assert not app.errors


def test_esc_from_the_position_editor_comes_back_on_set_up_a_position(app):
    from ui.scenes.position_editor import PositionEditorScene

    scene = new_game(app)
    while scene.menu.get_selected_widget().get_id() != "set-up-position":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, PositionEditorScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.menu.get_selected_widget().get_id() == "set-up-position"
    key(app, pygame.K_RETURN)  # the editor again, not a game started
    assert isinstance(app.scene, PositionEditorScene)


def _in_view(menu, widget_id: str) -> bool:
    """Whether the form's widget ``widget_id`` shows whole in the form's view."""
    area = menu.get_scrollarea()
    top, shown = area.get_offsets()[1], area.get_view_rect().height
    rect = menu.get_widget(widget_id).get_rect()  # in the form's own rows, as the offsets count
    return top <= rect.top and rect.bottom <= top + shown


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)], ids=["1280x800", "800x560"])
def test_the_computer_chosen_by_keys_shows_its_description_whole(tmp_path, monkeypatch, size):
    """New game's Computer reached with Down, then changed with Left: the level's description
    under it was cut in half at the form's foot (the words that tell the levels apart), the
    form scrolled only as far as the selector's own highlight."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.show_setup(game_id="tictactoe")
        app.run_frames(2)
        while app.scene.menu.get_selected_widget().get_id() != "computer":
            key(app, pygame.K_DOWN)
        assert _in_view(app.scene.menu, "computer") and _in_view(app.scene.menu, "about")
        key(app, pygame.K_LEFT)
        assert app.scene.menu.get_widget("computer").get_value()[0][1] == "level-2"
        assert _in_view(app.scene.menu, "computer") and _in_view(app.scene.menu, "about")


def settings_on_your_name(app):
    """Settings, the keyboard taken down to Your name (Down, as a person would)."""
    from tests.ui_helpers import down_to_widget

    app.switch(SettingsScene(app))
    app.run_frames(2)
    down_to_widget(app, app.scene.menu, "player_name")
    return app.scene


def hot_seat_on_a_name(app):
    """New game in Hot-seat, the keyboard taken down to the first friend's name."""
    from tests.ui_helpers import down_to_widget
    from ui.match import HOTSEAT
    from ui.scenes.setup import SetupChoices

    app.setup_choices = SetupChoices(mode=HOTSEAT)
    app.show_setup(game_id="reversi")
    app.run_frames(2)
    down_to_widget(app, app.scene.menu, "name0")
    return app.scene


@pytest.mark.parametrize(("form", "field"), [(settings_on_your_name, "player_name"), (hot_seat_on_a_name, "name0")])
def test_the_first_esc_in_a_text_field_leaves_the_field_and_the_second_the_screen(app, tmp_path, form, field):
    """One Esc typing in Settings' Your name (or a Hot-seat name on New game) left the screen,
    where the keys page says the first Esc only leaves the field: it lets go of the field (its
    caret gone, the name kept), a letter typed takes it up again and goes into it, and then Esc
    twice leaves the screen.  The frame after the first Esc shows the field as a whole frame does."""
    from tests.ui_helpers import same_as_a_whole_frame, type_text

    scene = form(app)
    type_text(app, "Ana")
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.caret_field() is None
    assert scene.menu.get_widget(field).get_value() == "Ana"
    assert same_as_a_whole_frame(app, tmp_path)
    type_text(app, "b")
    assert scene.caret_field() is scene.menu.get_widget(field)
    assert scene.menu.get_widget(field).get_value() == "Anab"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_down_visits_each_line_of_the_watch_form_in_order(tmp_path, monkeypatch, size):
    """Watch, tic-tac-toe: Down goes from Width to Height, k, Set up a position, each computer,
    the clock and the time per move, one line a press, none skipped (a QA pass saw four presses
    reach the time per move; not reproduced: this keeps the order)."""
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.show_setup(watch=True, game_id="tictactoe")
        app.run_frames(2)
        expected = [line.get_id() for line in lines(app.scene)]
        assert expected[:2] == ["opt-width", "opt-height"] and "time" in expected
        visited = [app.scene.menu.get_selected_widget().get_id()]
        for _ in expected[1:]:
            key(app, pygame.K_DOWN)
            visited.append(app.scene.menu.get_selected_widget().get_id())  # the scene's form: it may be built again
        assert visited == expected
    finally:
        app.quit()
    assert not app.errors
