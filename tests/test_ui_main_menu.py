"""The main menu's buttons keep one text size: the Continue button that comes after a game is
left unfinished does not make every label smaller where slimmer buttons leave room for it."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, key, make_app
from ui import i18n
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene


def button_text_sizes(app) -> dict[str, int]:
    """Each main menu button's id and the pixel size of its label."""
    assert isinstance(app.scene, MenuScene)
    return {w.get_id(): w.get_font_info()["size"] for w in app.scene.menu.get_widgets()}


def leave_a_game_unfinished(app) -> None:
    """A hot-seat Tic-tac-toe played one move by a click on b2, then left with Esc: the menu
    offers to continue it."""
    app.open_demo("game:tictactoe:hotseat:")
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, GameScene)
    click(app, scene.view.cell_rect(1, 1).center)
    assert [p.text for p in scene.history] == ["b2"]
    key(app, pygame.K_ESCAPE, frames=3)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1264, 736), (1280, 800), (800, 560), (1920, 1080)])
def test_continue_keeps_the_text_size_of_the_buttons(tmp_path, monkeypatch, size, language):
    """At 1264x736 (a 1280x800 screen less the desktop's bars) the labels dropped from 19 to 13
    pixels when Continue came, slim buttons having room for 19; at 1920x1080 from 28 to 20."""
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.language = language
        app.apply_settings()
        app.show_menu()
        app.run_frames(2)
        alone = set(button_text_sizes(app).values())
        assert len(alone) == 1
        leave_a_game_unfinished(app)
        sizes = button_text_sizes(app)
        assert "continue" in sizes
        assert set(sizes.values()) == alone, sizes
        assert app.scene.show_cards  # the games' pictures still under the buttons
        quit_button = app.scene.menu.get_widget("quit").get_rect(to_real_position=True)
        assert quit_button.bottom < min(r.top for r in app.scene.cards.rects)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("downs, expected", [(4, "settings"), (3, "rules"), (1, "watch")])
def test_esc_back_to_the_main_menu_chooses_the_button_left(app, downs, expected):
    """Back from Settings, Rules or New game, the main menu had Play chosen again: the player
    walked the buttons once more to reach the one next to the screen just seen.  The button the
    menu was left from is chosen."""
    for _ in range(downs):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scene, MenuScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.menu.get_selected_widget().get_id() == expected
    key(app, pygame.K_DOWN)  # and the arrows go on from there
    assert app.scene.menu.get_selected_widget().get_id() != expected


def test_esc_back_to_the_main_menu_rings_the_game_picture_left(app):
    """A game started from its picture on the main menu: back on the menu, the keyboard is on
    that picture again, ringed, not on the first button."""
    key(app, pygame.K_TAB)  # the pictures
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # New game, Hex chosen
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.place == "cards" and menu.cards.focused == 1
    assert not menu.menu.get_selected_widget().is_selected()
