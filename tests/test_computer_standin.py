"""The computer that thinks until the test says so (``computer_thinks_until_told``, tests/conftest.py
and tests/computer_standin.py): the window's own worker process runs it, so its turn lasts while
a test presses keys, its search is said on the screen, the window's stop reaches it, and it answers
with the move the test names or the level's own."""

from __future__ import annotations

import pygame

from tests.ui_helpers import click, key, wait
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene


def against_level_1(app) -> GameScene:
    """Tic-tac-toe against level 1, the person's b2 played: the level to move."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.1))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(1, 1).center)
    assert [p.text for p in scene.history] == ["b2"]
    return scene


def test_the_level_thinks_its_search_shown_until_the_test_names_its_move(app, computer_thinks_until_told):
    scene = against_level_1(app)
    assert wait(app, lambda: computer_thinks_until_told.asked() == 1)  # its search begun in the worker
    assert wait(app, lambda: scene.computer.progress is not None)  # and said on the screen
    app.run_frames(1, until=lambda: len(scene.history) > 1, timeout=1.0)  # a warm level 1 answered within it
    assert [p.text for p in scene.history] == ["b2"] and scene.computer_thinking() and computer_thinks_until_told.thinking()
    assert scene.setup.players == (None, "level-1")  # the window's player is the level, as it was set up

    computer_thinks_until_told.answer("c3")
    assert wait(app, lambda: len(scene.history) == 2)
    assert scene.history[-1].text == "c3" and scene.history[-1].by_computer
    assert computer_thinks_until_told.ends() == ["answered"] and not computer_thinks_until_told.thinking()


def test_an_undo_stops_its_search_in_the_worker_and_once_released_the_level_plays(app, computer_thinks_until_told):
    scene = against_level_1(app)
    assert wait(app, lambda: computer_thinks_until_told.asked() == 1)
    key(app, pygame.K_u)  # the person's b2 taken back: the search under way is cancelled
    assert scene.history == [] and not scene.computer_thinking()
    assert wait(app, lambda: computer_thinks_until_told.ends() == ["stopped"])  # the worker's search saw the stop

    computer_thinks_until_told.release()
    click(app, scene.view.cell_rect(1, 1).center)
    assert wait(app, lambda: len(scene.history) == 2)  # the level's own move, at once
    assert scene.history[1].by_computer and scene.game.is_legal(scene.state, scene.state.legal_moves()[0])
    assert computer_thinks_until_told.ends() == ["stopped", "released"]
