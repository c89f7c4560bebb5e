"""Only the left mouse button clicks the forms' widgets (the main menu, New game, Settings), as it
alone clicks the window's own buttons: pygame-menu took a right or middle click for a left one,
so a right click on the main menu's Quit closed the window and one on a selector's arrow changed
its value."""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_click_without_motion import centre, new_game, right_half
from ui.scenes.menu import MenuScene
from ui.scenes.settings_screen import SettingsScene
from ui.scenes.setup import SetupScene


def other_click(app, pos: tuple[int, int], button: int) -> None:
    """A click of mouse ``button`` (2: middle, 3: right) at ``pos`` (motion, press, release)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.run_frames(2)


@pytest.mark.parametrize("button", [2, 3])
@pytest.mark.parametrize("button_id", ["quit", "play", "settings"])
def test_a_right_or_middle_click_on_a_main_menu_button_opens_nothing(app, button, button_id):
    app.run_frames(2)  # the buttons where the window shows them
    other_click(app, centre(app.scene.menu, button_id), button)
    assert app.running and isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("button", [2, 3])
def test_a_right_click_on_new_games_arrow_keeps_the_choice(app, button):
    scene = new_game(app)
    before = scene.menu.get_widget("mode").get_index()
    other_click(app, right_half(scene.menu, "mode"), button)
    assert isinstance(app.scene, SetupScene) and scene.menu.get_widget("mode").get_index() == before


def test_a_right_click_on_a_settings_arrow_keeps_the_setting(app):
    app.show_settings()
    app.run_frames(2)
    form = app.scene.menu
    before = form.get_widget("animation").get_index()
    other_click(app, right_half(form, "animation"), 3)
    assert isinstance(app.scene, SettingsScene) and form.get_widget("animation").get_index() == before
