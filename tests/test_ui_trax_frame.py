"""A large Trax board on the game screen shows its tiles and the cells round them, not the whole
grid: a 25x25 board's 18-pixel tiles in the smallest window were hard to pick and to read.  Z or
the mouse wheel over the board shows the whole board and goes back; the keyboard's cursor and the
clicks reach every legal cell (ui/views/trax.py ``TraxView.frame_for``)."""

from __future__ import annotations

import pygame
import pytest

from games.trax import move_cell
from tests.test_ui_board_cursor import played, start, walk
from tests.ui_helpers import click, key, window_for_a_test
from ui.grid_view import fitted_cell
from ui.scenes.game import GameScene


@pytest.fixture
def small(tmp_path, monkeypatch):
    """The smallest window, 800x560, where a 25x25 board's whole grid had 18-pixel cells."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as window:
        yield window


def whole_board_cell(scene: GameScene) -> int:
    """The cells' side were the whole board shown in the board area (as it always was)."""
    view = scene.view
    return int(fitted_cell(view.rect, view.rows, view.cols, view.margin_cells * view.text_size, view.label_room())[0])


def legal_cells(scene: GameScene) -> set[tuple[int, int]]:
    return {divmod(move_cell(m), scene.game.size) for m in scene.state.legal_moves()}


def assert_legal_cells_clickable(scene: GameScene) -> None:
    """Every legal cell is drawn inside the board area, and a click at its centre lands on it."""
    view = scene.view
    for cell in legal_cells(scene):
        rect = view.cell_rect(*cell)
        assert view.shows(*cell) and view.grid.contains(rect) and view.rect.contains(rect), (cell, rect, view.grid)
        assert view.cell_at(rect.center) == cell


def play_by_clicks(app, scene: GameScene, move: int) -> None:
    """``move`` played as a player does: a click on its cell, then on its tile if a picker opens."""
    view = scene.view
    before = len(scene.history)
    click(app, view.cell_rect(*divmod(move_cell(move), scene.game.size)).center)
    if len(scene.history) == before:
        tile = next(rect for rect, m in view._picker_rects() if m == move)  # noqa: SLF001 - where the picker drew it
        click(app, tile.center)
    assert len(scene.history) == before + 1 and scene.history[-1].move == move


def eastmost(scene: GameScene) -> int:
    """The legal move farthest east (then nearest the middle row): a game that runs to one edge."""
    size = scene.game.size
    return max(scene.state.legal_moves(), key=lambda m: (move_cell(m) % size, -abs(move_cell(m) // size - size // 2)))


def test_a_25x25_game_clicked_in_the_smallest_window_frames_its_tiles_and_grows_with_them(small):
    scene = start(small, "trax", options={"size": 25})
    view = scene.view
    assert view.cell >= 2 * whole_board_cell(scene)  # 59 pixels a tile, not 18
    assert len(view.shown_rows()) >= 7 and len(view.shown_cols()) >= 7
    first = (view.shown_rows(), view.shown_cols())
    frames = [first]
    assert_legal_cells_clickable(scene)
    for _ in range(8):
        play_by_clicks(small, scene, eastmost(scene))
        small.run_frames(2)
        rows, cols = view.shown_rows(), view.shown_cols()
        last_rows, last_cols = frames[-1]
        # never narrower during the game: each frame holds the one before
        assert rows.start <= last_rows.start and rows.stop >= last_rows.stop
        assert cols.start <= last_cols.start and cols.stop >= last_cols.stop
        frames.append((rows, cols))
        assert_legal_cells_clickable(scene)
        assert view.cell > whole_board_cell(scene)
    assert frames[-1][1].stop > first[1].stop  # the tiles reached the east margin: the board grew that way
    assert len(scene.history) == 8
    for _ in range(8):  # undone to the start: framed afresh round the one tile
        key(small, pygame.K_u)
    assert not scene.history
    assert (view.shown_rows(), view.shown_cols()) == first


def test_z_and_the_wheel_show_the_whole_board_and_the_tiles_again(small):
    scene = start(small, "trax", options={"size": 25})
    view = scene.view
    framed = (view.shown_rows(), view.shown_cols())
    key(small, pygame.K_z)
    assert (view.shown_rows(), view.shown_cols()) == (range(25), range(25))
    assert view.cell == whole_board_cell(scene)
    assert_legal_cells_clickable(scene)
    move = eastmost(scene)
    play_by_clicks(small, scene, move)  # the whole board takes clicks too
    assert view.shown_rows() == range(25)  # and stays whole until asked
    key(small, pygame.K_z)
    assert len(view.shown_rows()) < 25 and view.cell > whole_board_cell(scene)
    assert_legal_cells_clickable(scene)
    key(small, pygame.K_u)
    assert (view.shown_rows(), view.shown_cols()) == framed
    over_board = view.grid.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over_board, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))  # down: zoom out
    small.run_frames(2)
    assert view.shown_rows() == range(25)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))  # up: the tiles again
    small.run_frames(2)
    assert (view.shown_rows(), view.shown_cols()) == framed


def test_the_keyboard_cursor_reaches_and_plays_a_legal_cell_at_the_frames_edge(small):
    scene = start(small, "trax", options={"size": 25})
    view = scene.view
    for _ in range(3):
        play_by_clicks(small, scene, eastmost(scene))
    assert len(view.shown_cols()) < 25  # framed round the tiles
    far = max(legal_cells(scene), key=lambda rc: (rc[1], -abs(rc[0] - 12)))
    assert far[1] >= view.shown_cols().stop - 1 - 2  # a legal cell in the frame's margin
    key(small, pygame.K_DOWN)  # the cursor shows
    walk(small, scene, far)
    assert view.cell_rect(*far).colliderect(view.grid)
    key(small, pygame.K_RETURN)
    if view.picker is not None:  # several tiles fit there: the first one
        key(small, pygame.K_RETURN)
    assert len(played(scene)) == 4
    assert divmod(move_cell(scene.history[-1].move), 25) == far


def test_a_board_that_fits_at_a_comfortable_size_is_shown_whole_as_before(small):
    scene = start(small, "trax", options={"size": 15})
    view = scene.view
    assert (view.shown_rows(), view.shown_cols()) == (range(15), range(15))
    key(small, pygame.K_z)  # nothing to zoom: it says so
    assert view.shown_rows() == range(15)
    assert any("whole board" in m.text for m in scene.messages.items)


def test_the_keys_page_names_z(small):
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for page in ("assets/rules/keys.md", "assets/locale/pt/rules/keys.md"):
        assert "- Z (Trax)" in (root / page).read_text(encoding="utf-8"), page


LOOP_25 = ["l13+", "m14\\", "m12/", "n12/", "o13\\", "o14\\", "o15\\", "m11/", "n16\\", "l10+", "p13/", "n11/",
           "q14\\", "k11+"]  # Light's loop on a 25x25 board, closed by the last turn


def test_the_winning_loop_and_the_last_moves_tag_are_drawn_on_the_framed_tiles(small):
    """The trace of the loop that won, and the tag naming the last move, go through the view's
    geometry: on the framed board they lie on its grid, over the tiles they name."""
    scene = start(small, "trax", LOOP_25, {"size": 25})
    view = scene.view
    assert scene.state.is_terminal() and len(view.shown_rows()) < 25
    scene.view.animation_started = 0.0  # the last turn's tiles all laid: the trace is drawn once they are
    scene.draw(small.screen)
    marks = view.win_marks(scene.state)
    assert marks and all(view.grid.contains(rect) for rect in marks)
    assert view.notes and all(view.grid.contains(tag) for tag in view.notes)  # the last move's tag (@2+)
    lit = [small.screen.get_at(rect.center)[:3] for rect in marks]
    assert any(colour == small.theme.win[:3] for colour in lit)
