"""Settings' "Forget 2 outside players" asks first, as "Forget my results" does: one press forgot
every outside player the player had added (their programs and engines, set up on the tournament
screen) with no question.  The first press asks "Press again to forget 2 outside players", the
second forgets; a double-click's second press, or the keyboard or pointer going on to another
line, answers nothing."""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_double_click import double_click
from tests.ui_helpers import click_widget, down_to_widget, held_press_again_clock, key
from ui.app import DOUBLE_CLICK
from ui.scenes.settings_screen import SettingsScene

ADDED = ["bots/mine.py:Greedy", "gtp:gnugo --mode gtp"]
ENGINE_GAMES = {"gtp:gnugo --mode gtp": ["hex"]}
ASKED = "Press again to forget 2 outside players"
OFFERED = "Forget 2 outside players"


@pytest.fixture
def settings_shown(app):
    """The Settings screen with two outside players added, the line forgetting them in view."""
    app.settings.outside_players = list(ADDED)
    app.settings.outside_games = dict(ENGINE_GAMES)
    app.switch(SettingsScene(app))
    app.run_frames(2)
    scene = app.scene
    scene.menu.scroll_to_widget(scene.menu.get_widget("outside_players"))  # below the fold, as a player scrolls to it
    app.run_frames(1)
    return scene


def line_title(scene: SettingsScene) -> str | None:
    line = scene.menu.get_widget("outside_players")
    return None if line is None else line.get_title()


def test_the_first_click_asks_and_the_second_forgets(app, settings_shown, monkeypatch):
    scene, skip = settings_shown, held_press_again_clock(monkeypatch)
    assert line_title(scene) == OFFERED
    click_widget(app, scene.menu, "outside_players")
    assert line_title(scene) == ASKED
    assert app.settings.outside_players == ADDED and app.settings.outside_games == ENGINE_GAMES  # not yet
    skip(DOUBLE_CLICK)  # a second click, not a double-click's second press
    click_widget(app, scene.menu, "outside_players")
    assert app.settings.outside_players == [] and app.settings.outside_games == {}
    assert line_title(scene) is None  # nothing left to forget


def test_a_double_click_only_asks(app, settings_shown):
    scene = settings_shown
    double_click(app, scene.menu.get_widget("outside_players").get_rect(to_real_position=True).center)
    assert line_title(scene) == ASKED and app.settings.outside_players == ADDED


def test_the_pointer_going_on_to_another_line_withdraws_the_question(app, settings_shown, monkeypatch):
    scene, skip = settings_shown, held_press_again_clock(monkeypatch)
    click_widget(app, scene.menu, "outside_players")
    assert line_title(scene) == ASKED
    volume = scene.menu.get_widget("volume").get_rect(to_real_position=True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=volume.midleft, rel=(0, -40), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert line_title(scene) == OFFERED
    skip(DOUBLE_CLICK)
    click_widget(app, scene.menu, "outside_players")  # back on the line: asked again, not forgotten
    assert line_title(scene) == ASKED and app.settings.outside_players == ADDED


@pytest.mark.parametrize("away", [pygame.K_UP, pygame.K_DOWN], ids=["up", "down"])
def test_the_keyboard_going_on_to_another_line_withdraws_the_question(app, settings_shown, monkeypatch, away):
    """Up to Volume, or down to Back (the last line of the form, no results counted yet)."""
    scene, skip = settings_shown, held_press_again_clock(monkeypatch)
    down_to_widget(app, scene.menu, "outside_players")
    key(app, pygame.K_RETURN)
    assert line_title(scene) == ASKED
    key(app, away)
    assert line_title(scene) == OFFERED
    key(app, pygame.K_DOWN if away == pygame.K_UP else pygame.K_UP)  # back on the line
    skip(DOUBLE_CLICK)
    key(app, pygame.K_RETURN)
    assert line_title(scene) == ASKED and app.settings.outside_players == ADDED
    skip(DOUBLE_CLICK)
    key(app, pygame.K_RETURN)  # the answer
    assert app.settings.outside_players == []
