"""A large Trax board framed round its tiles beyond the game screen: a replay frames the tiles of
the game's last position and keeps that frame at every step (Z and the wheel over the board show
the whole board, as in a game); a watched tournament's board frames each game's tiles as the game
screen does, grown and never narrowed during a game, framed afresh for the next.  The same
``TraxView.frame_for`` everywhere (tests/test_ui_trax_frame.py has the game screen's)."""

from __future__ import annotations

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.test_ui_tournament_watch import StoppedClock, paces
from tests.test_ui_trax_frame import LOOP_25
from tests.ui_helpers import key, tournament_started, wait, window_for_a_test
from ui.grid_view import fitted_cell
from ui.scenes import tournament_watch
from ui.scenes.game_computer import SPEEDS
from ui.scenes.replay import ReplayScene
from ui.scenes.tournament_watch import END_HOLD
from ui.views.trax import TraxView, tiles_extent


@pytest.fixture
def small(tmp_path, monkeypatch):
    """The smallest window, 800x560, where a 25x25 board's whole grid had 17-pixel cells."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as window:
        yield window


def frame(view) -> tuple[range, range]:
    return view.shown_rows(), view.shown_cols()


def whole_board_cell(view) -> int:
    """The cells' side were the whole board shown in the board area."""
    return int(fitted_cell(view.rect, view.rows, view.cols, view.margin_cells * view.text_size, view.label_room())[0])


def assert_tiles_inside(view, state) -> None:
    """Every tile of ``state`` is on a shown cell, drawn inside the board area."""
    size = state.game.size
    for cell, tile in enumerate(state.cells):
        if tile:
            row, col = divmod(cell, size)
            assert view.shows(row, col) and view.rect.contains(view.cell_rect(row, col)), (row, col)


def loop_replay(app) -> ReplayScene:
    """The replay of a game won by a loop on a 25x25 board, opened at its end as Saved games opens it."""
    game = games.load("trax", size=25)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(LOOP_25, game.play_line(LOOP_25))
    app.open_replay(record)
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.ply == len(LOOP_25)
    return scene


def test_a_25x25_replay_frames_the_last_positions_tiles_at_every_step(small):
    scene = loop_replay(small)
    view, last = scene.view, scene.states[-1]
    at_the_end = frame(view)
    assert len(at_the_end[0]) < 25 and len(at_the_end[1]) < 25  # not the whole 25x25 grid
    assert view.cell > whole_board_cell(view)
    assert_tiles_inside(view, last)
    key(small, pygame.K_HOME)  # to the start: one tile, the same frame
    assert scene.ply == 0 and frame(view) == at_the_end
    for ply in range(1, len(LOOP_25) + 1):  # each step on: the board does not move
        key(small, pygame.K_RIGHT)
        assert scene.ply == ply and frame(view) == at_the_end
        assert_tiles_inside(view, scene.states[ply])
    key(small, pygame.K_UP)  # ten moves back, then the end again
    key(small, pygame.K_END)
    assert scene.ply == len(LOOP_25) and frame(view) == at_the_end
    rows, cols = tiles_extent(last)
    assert at_the_end[0].start < rows.start and at_the_end[0].stop > rows.stop  # a margin round the tiles
    assert at_the_end[1].start < cols.start and at_the_end[1].stop > cols.stop


def test_z_and_the_wheel_show_the_whole_board_in_a_replay_and_its_frame_again(small):
    scene = loop_replay(small)
    view = scene.view
    framed = frame(view)
    key(small, pygame.K_HOME)
    key(small, pygame.K_z)
    assert frame(view) == (range(25), range(25)) and view.cell == whole_board_cell(view)
    assert any(m.text.startswith("The whole board: Z") for m in scene.messages.items)
    key(small, pygame.K_RIGHT)  # stepping keeps the whole board until asked
    assert scene.ply == 1 and frame(view) == (range(25), range(25))
    key(small, pygame.K_z)
    assert frame(view) == framed  # the last position's tiles again, not the one shown
    over_board = view.grid.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over_board, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))  # down: the whole board
    small.run_frames(2)
    assert frame(view) == (range(25), range(25)) and scene.ply == 1  # zoomed, not stepped
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))  # up: the tiles again
    small.run_frames(2)
    assert frame(view) == framed and scene.ply == 1
    off_board = (scene.panel_rect.centerx, scene.panel_rect.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=off_board, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))  # off the board: a step
    small.run_frames(2)
    assert scene.ply == 2 and frame(view) == framed


def test_the_usual_boards_replay_is_shown_whole_and_z_says_so(small):
    game = games.load("trax")  # the usual 10x10
    state, moves = game.initial_state(), []
    for _ply in range(4):  # the first legal move, four times
        move = state.legal_moves()[0]
        moves.append(game.format_move(state, move))
        state = state.play(move)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves, game.play_line(moves))
    small.open_replay(record)
    small.run_frames(2)
    scene = small.scene
    assert frame(scene.view) == (range(10), range(10))
    key(small, pygame.K_z)
    assert frame(scene.view) == (range(10), range(10))
    assert any("whole board is in view already" in m.text for m in scene.messages.items)


def test_a_watched_25x25_tournament_frames_each_games_tiles_growing_with_them(app, monkeypatch):
    """Two 25x25 games between the levels, watched move by move at the board's pace: the board
    frames the tiles, never narrower during a game, and the next game is framed afresh."""
    clock = StoppedClock()
    monkeypatch.setattr(tournament_watch, "monotonic", clock)
    app.settings.tournament_choices = {"options": {"trax": {"size": 25}}}
    scene = tournament_started(app, "trax", {"level-2", "level-3"})
    assert scene.options["size"] == 25
    assert wait(app, lambda: scene.tournament is not None and len(scene.tournament.results) == 2
                and not scene.tournament.is_running(), 240)
    app.run_frames(2)
    t, view, pace = scene.tournament, scene.view, SPEEDS[scene.speed][1]
    first = scene.watching
    assert scene.live[first]["plies"] == 1
    frames = [frame(view)]
    assert len(frames[0][0]) < 25 and view.cell > whole_board_cell(view)
    for _move in range(len(t.results[first].moves) - 1):  # the first game to its end, a move a pace
        paces(app, clock, pace, 1)
        rows, cols = frame(view)
        assert_tiles_inside(view, scene.live[first]["state"])
        assert rows.start <= frames[-1][0].start and rows.stop >= frames[-1][0].stop  # never narrower
        assert cols.start <= frames[-1][1].start and cols.stop >= frames[-1][1].stop
        frames.append((rows, cols))
    assert scene.live[first]["state"] == scene.game.play_line(t.results[first].moves)
    paces(app, clock, pace, END_HOLD)
    second = scene.watching
    assert second != first and scene.live[second]["plies"] == 1
    assert_tiles_inside(view, scene.live[second]["state"])
    fresh = TraxView(scene.game)  # a board laid out anew for the second game's first position
    fresh.follows_play = True
    fresh.layout(view.rect)
    assert frame(view) == fresh.frame_for(scene.live[second]["state"])  # framed afresh, not the first game's
