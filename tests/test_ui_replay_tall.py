"""The replay in a tall window (800x1440, a screen turned upright): the board, as wide as the
window lets it be, stood in the middle of an area 1335 pixels tall, and the slider and the step
buttons some 500 pixels under its last row.  The board's area is as tall as the board needs
(``ReplayScene._height_unused``): the controls sit under the board, which keeps its size; a
window wider than tall keeps its layout.  Headless: each game's replay, stepped by a click on
Next where it is drawn."""

from __future__ import annotations

import random

import pytest

import games
from ai.match import WHOLE_GAME, random_line
from games.record import GameRecord, Side
from tests.ui_helpers import click, make_app_of
from ui.scenes.replay import ReplayScene


def replay_of(app, game_id: str) -> ReplayScene:
    """A replay of 20 random moves of ``game_id`` at its third move."""
    game = games.load(game_id)
    moves = random_line(game.initial_state(), WHOLE_GAME, random.Random(1))[:20]
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    scene = ReplayScene(app, record.with_moves(moves, game.play_line(moves)), ply=3, analyse=False)
    app.switch(scene)
    app.run_frames(2)
    return scene


def cells_drawn(scene: ReplayScene):
    """The rectangle round the board's places (cells, points), as laid out."""
    rects = [rect for _key, rect in scene.view.targets(scene.states[-1])]
    return rects[0].unionall(rects[1:])


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_steps_sit_under_the_board_in_a_tall_window(tmp_path, monkeypatch, game_id):
    app = make_app_of(tmp_path, monkeypatch, (800, 1440))
    try:
        scene = replay_of(app, game_id)
        cells = cells_drawn(scene)
        under = scene.slider.reach.top - cells.bottom  # the coordinates and the board's margin
        assert 0 <= under <= app.size[1] // 16, (under, cells)  # it was 448 to 467 pixels
        assert cells.width >= scene.board_rect.width * 0.75  # the board no smaller for it: the width holds it
        next_step = scene.buttons[3]
        assert next_step.rect.top > scene.slider.reach.top
        click(app, next_step.rect.center)
        assert scene.ply == 4
    finally:
        app.quit()
