"""The replay's move list keeps its rows: at Larger text in a 1280x800, 1024x768 or 800x560 window
it showed one row of a Hex or Reversi game under five rows of actions at their full height, a
player reviewing a game seeing one move at a time.  Now the actions go down to a fingertip's
height, the room between them halves, the graph goes down to its shortest and the rules share a
line, as the game screen's panel gives way, and the list keeps the game screen's four rows
(``ui.scenes.panel_moves.MOVE_ROWS_WANTED``) in English and Portuguese, for every game, on a
clock or not.  Headless: each game saved, opened from Saved games with Enter and stepped with
the arrow keys; the text size chosen on the Settings screen by the keyboard."""

from __future__ import annotations

import random

import pygame
import pytest

import games
from ai.match import WHOLE_GAME, random_line
from games.record import GameRecord
from games.record_parts import Side
from tests.test_ui_text_size import GAMES, choose_text_size
from tests.ui_helpers import in_language, key, recorded_draws, window_for_a_test
from ui.data_folders import games_dir
from ui.export import save_record_under_free_name
from ui.scenes.panel_moves import MOVE_ROWS_WANTED
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene

LEAST_PLIES = 2 * MOVE_ROWS_WANTED  # a game long enough to fill the rows counted


def played_game(game_id: str, clock: bool) -> GameRecord:
    """A finished game of random moves of at least ``LEAST_PLIES`` plies between two friends, on a
    5m+0s clock (each move 2 s, both clocks kept after every move) or none, saved with its
    evaluations (no analysis runs)."""
    game = games.load(game_id)
    seed = 1
    while len(moves := random_line(game.initial_state(), WHOLE_GAME, random.Random(seed))) < LEAST_PLIES:
        seed += 1
    setup: dict = {"mode": "hotseat"}
    if clock:
        readings = [[300.0 - 2 * (ply // 2 + ply % 2), 300.0 - 2 * (ply // 2)] for ply in range(len(moves) + 1)]
        setup |= {"clock": "5m+0s", "clock_readings": readings}
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), setup)
    record = record.with_moves(moves, game.play_line(moves))
    record.evaluations = [0.0] * (len(moves) + 1)
    return record


def opened_from_saved_games(app, record: GameRecord) -> ReplayScene:
    """``record`` saved alone in the saved-games folder and opened from Saved games with Enter."""
    folder = games_dir()
    for old in folder.glob("*") if folder.exists() else ():
        old.unlink()
    save_record_under_free_name(record, folder)
    app.switch(RecordsScene(app))
    app.run_frames(1)
    key(app, pygame.K_RETURN, frames=1)  # the frame that takes the key opens the replay
    assert isinstance(app.scene, ReplayScene)
    return app.scene


def rows_shown(app, monkeypatch) -> list[pygame.Rect]:
    """The move list's rows the replay draws: where each row's number ("12.") is drawn."""
    scene = app.scene
    with monkeypatch.context() as patch:
        drawn = recorded_draws(patch)
        scene.draw(app.screen)
    cells = [cell for cell, _ply in scene.move_rows]
    return [d.rect for d in drawn if d.value[:-1].isdigit() and d.value.endswith(".")
            and any(abs(d.rect.centery - cell.centery) <= cell.height // 2 for cell in cells)]


@pytest.mark.parametrize("text_size", [1.0, 1.5])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (800, 560)])
def test_the_replays_move_list_keeps_four_rows_at_every_size_and_text_size(tmp_path, monkeypatch, size, text_size):
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        if text_size != 1.0:
            choose_text_size(app, text_size)
        for language in ("en", "pt"):
            with in_language(app, language):
                for game_id in GAMES:
                    for clock in (False, True):
                        replay = opened_from_saved_games(app, played_game(game_id, clock))
                        for step in (None, pygame.K_HOME, pygame.K_RIGHT):  # the end, the start, a step on
                            if step is not None:
                                key(app, step, frames=1)  # rows_shown draws the replay itself
                            rows = rows_shown(app, monkeypatch)
                            case = (language, game_id, clock, replay.ply)
                            assert len(rows) >= MOVE_ROWS_WANTED, case
                            assert max(r.bottom for r in rows) <= replay.graph_rect.top, case  # none under the graph
                            assert replay.ply == 0 or replay.ply in [ply for _cell, ply in replay.move_rows], case
                            actions = min(b.rect.top for b in replay.actions if b.visible)
                            assert replay.graph_rect.bottom < actions and replay.graph_rect.height >= 20, case
                        key(app, pygame.K_ESCAPE, frames=1)
