"""New game's form built again as the player chooses another game makes only what changed: the
forms share one pygame-menu theme for each look (``ui.scenes.common.menu_theme``), and the games
present are looked for once a process (``games.available_ids``)."""

from __future__ import annotations

import importlib.util

import pygame
import pygame_menu
import pytest

from tests.ui_helpers import count_calls, key, window_for_a_test
from ui.scenes.setup import SetupScene


@pytest.fixture
def new_game(tmp_path, monkeypatch):
    """The window on New game, Hex chosen."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.switch(SetupScene(app, game_id="hex"))
        app.run_frames(2)
        yield app


def test_choosing_another_game_makes_no_new_theme_for_its_form(new_game, monkeypatch):
    app = new_game
    first = app.scene.menu
    made = count_calls(monkeypatch, pygame_menu.themes.Theme, "__init__")
    validated = count_calls(monkeypatch, pygame_menu.themes, "assert_alignment")  # called by Theme.validate alone
    key(app, pygame.K_PAGEDOWN)  # the next game: its form built
    assert app.scene.menu is not first
    # a theme made and validated again for each form built (each game chosen, each resize)
    assert (made[0], validated[0]) == (0, 0)
    assert app.scene.menu.get_theme() is first.get_theme()


def test_choosing_another_game_looks_for_no_game_module(new_game, monkeypatch):
    app = new_game
    looked_for = []
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *args: looked_for.append(name) or find_spec(name, *args))
    key(app, pygame.K_PAGEDOWN)  # the next game: its form built
    assert app.scene.info.id != "hex"
    # games.info looked for the six games' modules at each call: 576 look-ups
    assert [name for name in looked_for if name.startswith("games.")] == []
