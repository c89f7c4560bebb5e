"""A click with no motion of the pointer before it works on every screen: a tap on a touch screen,
a pointer resting where a screen appeared, a click after the keyboard chose another control.
pygame-menu chooses a form's widget on motion only and gives a release to the chosen one alone,
so such a click did nothing on any main menu button but the first (``pointer_there_first``)."""

from __future__ import annotations

import pygame
import pytest

from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.test_ui_game import finished, hotseat
from tests.test_ui_play_from import chooser, recorded
from tests.test_ui_records import open_list, saved_games
from tests.test_ui_tournament import labelled
from tests.ui_helpers import click_unmoved, key, wait
from ui.match import HOTSEAT, PC_VS_PC
from ui.scenes.game import GameScene
from ui.scenes.position_editor import PositionEditorScene
from ui.scenes.replay import ReplayScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings_screen import SettingsScene
from ui.scenes.setup import SetupScene
from ui.scenes.tournament import TournamentScene

MENU_BUTTONS = {"play": SetupScene, "watch": SetupScene, "tournament": TournamentScene, "rules": RulesScene,
                "settings": SettingsScene}


def centre(form, widget_id: str) -> tuple[int, int]:
    """Where a pygame-menu widget is on the window: its middle."""
    return form.get_widget(widget_id).get_rect(to_real_position=True).center


def right_half(form, widget_id: str) -> tuple[int, int]:
    """A point on a selector's right-hand part, where a click takes its next item."""
    rect = form.get_widget(widget_id).get_rect(to_real_position=True)
    return rect.right - rect.width // 8, rect.centery


def new_game(app) -> SetupScene:
    app.scene.play()
    app.run_frames(2)
    assert isinstance(app.scene, SetupScene)
    return app.scene


@pytest.mark.parametrize("button_id", MENU_BUTTONS)
def test_every_main_menu_button_takes_a_click_with_no_motion_before_it(app, button_id):
    click_unmoved(app, centre(app.scene.menu, button_id))
    assert isinstance(app.scene, MENU_BUTTONS[button_id])


def test_a_tap_on_a_touch_screen_presses_the_button_tapped(app):
    """SDL turns a touch into mouse events marked ``touch``, the press with no motion before it."""
    click_unmoved(app, centre(app.scene.menu, "settings"), touch=True)
    assert isinstance(app.scene, SettingsScene)


def test_a_click_after_the_keyboard_chose_another_button_presses_the_one_clicked(app):
    key(app, pygame.K_DOWN)  # the keyboard on Watch; the pointer, unmoved, on Rules
    assert app.scene.menu.get_selected_widget().get_id() == "watch"
    click_unmoved(app, centre(app.scene.menu, "rules"))
    assert isinstance(app.scene, RulesScene)


def test_a_pointer_resting_where_the_menu_appears_clicks_the_button_under_it(app):
    """The pointer moved over the settings screen, which then gave way to the menu under it."""
    app.run_frames(2)  # the menu as it stays (no Continue while the unfinished games are looked for)
    rules = centre(app.scene.menu, "rules")
    app.show_settings()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rules, rel=(1, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    app.show_menu()
    app.run_frames(2)
    click_unmoved(app, rules)
    assert isinstance(app.scene, RulesScene)


def test_new_games_form_takes_clicks_with_no_motion_before_them(app):
    scene = new_game(app)
    before = scene.menu.get_widget("mode").get_index()
    click_unmoved(app, right_half(scene.menu, "mode"))
    assert scene.menu.get_widget("mode").get_index() != before
    click_unmoved(app, centre(scene.menu, "set-up-position"))
    assert isinstance(app.scene, PositionEditorScene)


def test_new_games_start_takes_a_click_with_no_motion_before_it(app):
    scene = new_game(app)
    click_unmoved(app, scene.start_button.rect.center)
    assert isinstance(app.scene, GameScene)


def test_settings_take_a_click_with_no_motion_before_it(app):
    app.show_settings()
    app.run_frames(2)
    form = app.scene.menu
    before = form.get_widget("animation").get_index()
    click_unmoved(app, right_half(form, "animation"))
    assert form.get_widget("animation").get_index() != before


def test_a_text_field_then_another_control_take_clicks_with_no_motion_before_them(app):
    """Settings: a tap on the name field, letters typed, a tap on Animations' next item."""
    app.show_settings()
    app.run_frames(2)
    form = app.scene.menu
    click_unmoved(app, centre(form, "player_name"))
    for letter in "ab":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    app.run_frames(2)
    assert form.get_widget("player_name").get_value().endswith("ab")
    before = form.get_widget("animation").get_index()
    click_unmoved(app, right_half(form, "animation"))
    assert form.get_widget("animation").get_index() != before


def test_play_from_heres_form_takes_a_click_with_no_motion_before_it(app):
    scene = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), 2)
    assert scene.menu.get_selected_widget().get_id() != "time"
    before = scene.menu.get_widget("time").get_index()
    click_unmoved(app, right_half(scene.menu, "time"))
    assert scene.menu.get_widget("time").get_index() != before


def test_a_replays_buttons_take_a_click_with_no_motion_before_it(app):
    app.open_replay(recorded(HOTSEAT, (None, None)), ply=0)
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    click_unmoved(app, next(b for b in scene.buttons if b.label == "Next").rect.center)
    assert scene.ply == 1


def test_a_board_and_the_side_panel_take_clicks_with_no_motion_before_them(app):
    scene = hotseat(app, moves=())
    click_unmoved(app, scene.view.cell_rect(1, 1).center)
    assert [p.text for p in scene.history] == ["b2"]
    click_unmoved(app, scene.btn_undo.rect.center)
    assert not scene.history


@pytest.mark.usefixtures("result_card_at_once")
def test_the_result_cards_buttons_take_a_click_with_no_motion_before_it(app):
    scene = finished(app, "tictactoe")
    assert wait(app, scene.over_card.visible)
    app.run_frames(2)  # drawn: its buttons laid out
    rematch = next(b for b in scene.over_card.buttons if b.action == scene.rematch)
    click_unmoved(app, rematch.rect.center)
    assert not scene.history and not scene.is_over()


def test_a_saved_games_row_takes_a_click_with_no_motion_before_it(app):
    saved_games(2)
    scene = open_list(app)
    click_unmoved(app, scene.entries[1].rect.center)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.players[0].title == "Player 1"


def test_the_tournament_setup_takes_a_click_with_no_motion_before_it(app):
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    games = labelled(scene, "Games per pair")
    before = games.label
    click_unmoved(app, games.rect.center)
    assert games.label != before
