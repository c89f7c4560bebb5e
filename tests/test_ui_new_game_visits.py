"""A game's New game screen is a visit: its Back (Esc) returns to the game as it was left
(``GameCommands.new_game``), and so does every screen shown over it with a way back, its help
(F1) first.  The game's worker processes wait through the whole visit (``App.wait_away``): help
opened on New game ended them, as if the game had been left, so a hint under way was lost and
the next move paid the worker's start-up.  Back in the game, the note that the unfinished game is
kept is taken away: it spoke of leaving it."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, click_widget, key
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.position_editor import PositionEditorScene
from ui.scenes.rules import RulesScene
from ui.scenes.setup import SetupScene

AGAINST_LEVEL_1 = MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.1)


def game_going_on(app) -> GameScene:
    """A tic-tac-toe game against the computer, the person's move played and the reply awaited,
    its worker started."""
    scene = GameScene(app, AGAINST_LEVEL_1, ["b2", "a1"])
    app.switch(scene)
    app.run_frames(2)
    scene.computer.ensure_worker()
    return scene


def back(app, by_click: bool) -> None:
    """Back on the screen shown: its Back button clicked, or Esc."""
    if by_click:
        click(app, app.scene.back_button.rect.center)
    else:
        key(app, pygame.K_ESCAPE)


def help_on_new_game(app) -> None:
    """N in the game (its New game screen), then F1 there (its help)."""
    key(app, pygame.K_n)
    assert isinstance(app.scene, SetupScene)
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene)


@pytest.mark.parametrize("by_click", [False, True], ids=["esc", "back-button"])
def test_help_on_the_new_game_screen_keeps_the_games_workers_for_the_return(app, by_click):
    scene = game_going_on(app)
    worker = scene.computer.worker
    help_on_new_game(app)
    back(app, by_click)
    assert isinstance(app.scene, SetupScene) and scene.computer.worker is worker
    back(app, by_click)
    assert app.scene is scene
    assert scene.computer.worker is worker and worker.process.is_alive()
    assert not app.switch_watchers  # the visit is over: nothing waits for the game to be left


def test_the_position_editor_opened_there_keeps_them_too(app):
    scene = game_going_on(app)
    worker = scene.computer.worker
    key(app, pygame.K_n)
    form = app.scene.menu
    form.scroll_to_widget(form.get_widget("set-up-position"))
    click_widget(app, form, "set-up-position")
    assert isinstance(app.scene, PositionEditorScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.computer.worker is worker


def test_a_game_started_from_there_ends_the_left_games_workers(app):
    scene = game_going_on(app)
    help_on_new_game(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Start game: the game is left for good
    assert isinstance(app.scene, GameScene) and app.scene is not scene
    assert scene.computer.worker is None
    assert not app.switch_watchers


def test_a_window_closed_on_that_help_ends_the_games_workers(app):
    scene = game_going_on(app)
    help_on_new_game(app)
    app.quit()
    assert scene.computer.worker is None


def kept_notes(app) -> list[str]:
    return [m.text for m in app.messages.items if "unfinished game is kept" in m.text]


def test_back_in_the_game_the_note_that_it_is_kept_is_gone(app):
    scene = game_going_on(app)
    key(app, pygame.K_n)
    assert kept_notes(app) == ["The unfinished game is kept: Continue it from the main menu"]
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not kept_notes(app)


def test_the_note_that_it_is_kept_stays_over_the_new_games_help_and_the_game_started(app):
    """Said on the New game screen, it holds while the player looks around there and as another
    game starts: where the game they left went."""
    scene = game_going_on(app)
    help_on_new_game(app)
    assert kept_notes(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert app.scene is not scene and kept_notes(app)


@pytest.mark.parametrize("by_click", [False, True], ids=["key", "click"])
def test_the_first_key_or_click_on_the_form_takes_the_note_away_and_does_its_work(app, by_click):
    """QA: after New game from a game, "The unfinished game is kept" stood 6 s over the form's last
    lines (Hex's swap rule) while a newcomer chose.  The first key or click on the form takes
    it away, and still does what it does there: Down goes to the next line, a click chooses it."""
    game_going_on(app)
    key(app, pygame.K_n)
    form = app.scene
    assert isinstance(form, SetupScene) and kept_notes(app)
    selected = form.menu.get_selected_widget()
    if by_click:
        click_widget(app, form.menu, "mode")
    else:
        key(app, pygame.K_DOWN)
    assert app.scene is form and not kept_notes(app)
    assert form.menu.get_selected_widget() is not selected
    if by_click:
        assert form.menu.get_selected_widget().get_id() == "mode"
