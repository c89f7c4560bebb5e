"""Take over (C): a watcher of two computers plays on from the position shown, mid-thought too,
through the "Play from here" form open on Human vs PC; its Back returns to the watched game, which
goes on.  Before it, a watched game could be taken over only from the replay of its end, or from
Saved games after leaving it.  Driven by real clicks and key presses."""

from __future__ import annotations

import pygame

from tests.ui_helpers import click, key, wait
from ui.match import HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.play_from import PlayFromScene

WATCHED = ["b2", "a1"]


def watched(app, moves=WATCHED) -> GameScene:
    """A watched tic-tac-toe game after ``moves``, going on (level 1 against level 2)."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-2"), 0.5), list(moves))
    app.switch(scene)
    app.run_frames(2)
    if scene.paused:  # a game taken up with moves waits for the watcher: Space lets it go on
        key(app, pygame.K_SPACE)
    return scene


def shown(scene: PlayFromScene, widget: str):
    return scene.menu.get_widget(widget).get_value()[0][1]


def test_the_take_over_button_plays_the_side_to_move_against_the_other_computer(app):
    scene = watched(app)
    assert wait(app, lambda: scene.computer.job is not None, 30)  # X's computer is thinking
    button = scene.btn_take_over
    assert button.visible and button.enabled
    click(app, button.rect.center)
    form = app.scene
    assert isinstance(form, PlayFromScene)
    assert shown(form, "mode") == HUMAN_VS_PC  # open on playing, not on watching again
    to_move = form.state.to_move
    assert shown(form, "human-side") == to_move
    assert shown(form, "computer") == scene.setup.players[1 - to_move]
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene) and game is not scene and game.setup.mode == HUMAN_VS_PC
    assert [p.text for p in game.history] == [p.text for p in scene.history][: len(game.history)]
    assert game.human_to_move() and game.state.to_move == to_move


def test_c_takes_over_and_back_returns_to_the_watched_game_which_goes_on(app):
    scene = watched(app)
    key(app, pygame.K_c)
    assert isinstance(app.scene, PlayFromScene)
    played = len(scene.history)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.setup.mode == PC_VS_PC
    assert wait(app, lambda: len(scene.history) > played, 30)  # no freeze: the computers play on


def test_a_finished_watched_game_offers_no_take_over_on_the_panel(app):
    scene = watched(app, ["a1", "b1", "a2", "b2", "a3"])
    assert scene.is_over()
    app.run_frames(2)
    assert not scene.btn_take_over.visible
