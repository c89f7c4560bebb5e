"""The players' names come from ``ai.roster``: the menus list them without importing the engines.

An engine module imports its numba kernels and numba itself (seconds on a first run); the main
menu and the New game screen only show the players' titles, so they must not wait for that.
"""

from __future__ import annotations

import importlib

import pytest

import ai
import games
from ai.roster import ROSTER
from tests.test_warm_start import run_window

MENU_AND_NEW_GAME = """
import sys
from ui.app import App
from tests.ui_helpers import click, click_widget

app = App(size=(800, 600), fps=0, remember_size=False)  # no idle sleep: the warm start stays off
app.run_frames(2)
click_widget(app, app.scene.menu, "play")  # New game, its players listed
app.run_frames(2)
setup = app.scene
for index in range(len(setup.cards.infos)):  # every game's card clicked: its players listed
    click(app, setup.cards.rects[index].center)
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("numba", "llvmlite")  # ai.kernels itself: the
               or m.startswith(("ai.kernels.", "ai.engines")))  # cache's folder and the stage table, no numba
print("screen:", type(app.scene).__name__, "errors:", app.errors)
print("heavy:", heavy)
app.quit()
"""


def test_the_menu_and_new_game_import_no_engine(tmp_path):
    """The main menu and the New game screen, with every game's players listed, are built without
    importing numba, the kernel modules or the engines: the window is up before they load."""
    lines = run_window(MENU_AND_NEW_GAME, tmp_path)
    assert "screen: SetupScene errors: []" in lines, lines
    assert "heavy: []" in lines, lines


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_roster_says_what_the_engines_players_say(game_id):
    """Each game's roster lists exactly the players its engine makes, in the same order, with the
    same titles and descriptions: the menus never name a player the engine does not have."""
    engine_players = importlib.import_module(ai.engine_module(game_id)).PLAYERS
    assert list(ROSTER[game_id]) == [spec.info for spec in engine_players.values()]
    assert ai.catalog(game_id) == list(ROSTER[game_id])


def test_every_game_has_a_roster():
    assert set(ROSTER) == set(games.GAME_IDS)
