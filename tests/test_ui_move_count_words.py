"""The screens count moves, one a player's turn: the game panel's "8 moves", the board's browse
line and the replay's header "Move 7 of 8", and the move list lights that move's cell, which in
rows numbered by rounds of two is row 4's first cell, or its second where the second side began
(ui/move_list.py)."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.test_ui_play_from import chooser, recorded
from tests.ui_helpers import DrawnText, click, key, recorded_draws, resign_by_keys
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.replay import ReplayScene

LINE = ("b2", "a1", "a2", "c2", "b1", "b3", "c3", "a3")  # tic-tac-toe 3x3, no line of three yet: c1 is left
AFTER_B2 = "to-move: O\n...\n.X.\n..."  # LINE's first move made: a set-up game O begins ("1. … a1")


def drawn_once(monkeypatch, scene) -> list[DrawnText]:
    """What one whole frame of ``scene`` draws."""
    with monkeypatch.context() as patch:
        drawn = recorded_draws(patch)
        scene.draw(scene.app.screen)
    return drawn


def lit_cell(drawn: list[DrawnText], cells: list[tuple[pygame.Rect, int]]) -> tuple[int, int]:
    """The move list's lit cell as the screen shows it: the number written at its row's left and
    its column (1 or 2), from the cells drawn (``cells``: their rectangles) and the one move in bold."""
    boxes = [rect for rect, _number in cells]
    lit = [d for d in drawn if d.bold and any(box.collidepoint(d.rect.center) for box in boxes)]
    assert len(lit) == 1, [d.value for d in lit]
    cell = next(box for box in boxes if box.collidepoint(lit[0].rect.center))
    row = [d.value for d in drawn if re.fullmatch(r"\d+\.", d.value) and d.pos[1] == lit[0].pos[1]]
    assert len(row) == 1, row
    return int(row[0][:-1]), 1 + sorted({box.x for box in boxes}).index(cell.x)


def where_in_the_list(n: int, lead: int = 0) -> tuple[int, int]:
    """Move ``n`` (from 1)'s row and column in a list of rounds of two; ``lead`` 1 where the
    second side began, its first move in row 1's second cell."""
    row, column = divmod(n - 1 + lead, 2)
    return row + 1, column + 1


@pytest.mark.parametrize("start, lead", [(None, 0), (AFTER_B2, 1)])
def test_the_game_screen_counts_moves_and_lights_the_move_it_names(app, monkeypatch, start, lead):
    """Played by clicks in a hot-seat game, the panel says "8 moves"; stepping back with Left,
    the board's line says "Move 7 of 8" ... "Move 1 of 8" and the list lights that move's cell:
    move 7 in row 4, first cell (it said "Ply 7 of 8", where the list's rows said 4); from a
    position O is to move in, O's a1 is move 1, in row 1's second cell, and move 7 row 4's second."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1, start=start))
    app.switch(scene)
    app.run_frames(2)
    line = LINE[lead:]
    for move in line:
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, move))).center)
    assert [ply.text for ply in scene.history] == list(line)
    total = len(line)
    drawn = drawn_once(monkeypatch, scene)
    assert f"{total} moves" in [d.value for d in drawn]
    assert lit_cell(drawn, scene.panel.move_cells) == where_in_the_list(total, lead)
    for n in range(total - 1, 0, -1):
        key(app, pygame.K_LEFT)
        drawn = drawn_once(monkeypatch, scene)
        said = [d.value for d in drawn]
        assert scene.browsing == n
        assert f"Move {n} of {total}: Left/Right to step, End to go back to the game" in said, said
        assert lit_cell(drawn, scene.panel.move_cells) == where_in_the_list(n, lead), n
    key(app, pygame.K_LEFT)  # the start, which is no move: said as Undo's "Back to the start" says it
    said = [d.value for d in drawn_once(monkeypatch, scene)]
    assert scene.browsing == 0
    assert f"Start of {total} moves: Left/Right to step, End to go back to the game" in said, said
    assert not any(line.startswith("Move 0") for line in said), said


def test_the_replay_header_names_the_move_its_list_lights(app, monkeypatch):
    """The replay of those moves, stepped through with Left and Right: its header's "Move n of 8"
    and the list's lit cell name the same move at every step."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), list(LINE))
    app.switch(scene)
    app.run_frames(2)
    app.open_replay(scene.recorder.record, ply=8)
    app.run_frames(2)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    for n, step in [(8, None), *((n, pygame.K_LEFT) for n in range(7, 0, -1)), (2, pygame.K_RIGHT)]:
        if step is not None:
            key(app, step)
        drawn = drawn_once(monkeypatch, replay)
        said = [d.value for d in drawn]
        assert replay.ply == n
        assert any(line.startswith(f"Move {n} of 8") for line in said), said
        assert lit_cell(drawn, replay.move_rows) == where_in_the_list(n), n
    key(app, pygame.K_HOME)  # its header said "Move 0 of 8" at the start
    said = [d.value for d in drawn_once(monkeypatch, replay)]
    assert replay.ply == 0
    assert any(line.startswith("Start of 8 moves") for line in said), said
    assert not any("Move 0" in line for line in said), said


@pytest.mark.parametrize("moves, where", [([], "The start"), (["b2", "a1"], "Start of 2 moves")])
def test_play_from_here_at_the_start_says_the_start_not_move_0(app, monkeypatch, moves, where):
    """Play from here at a game's start said "Move 0 of 0" (a game of no moves) or "Move 0 of 2":
    no move is move 0, and the header names the start as the replay does."""
    scene = chooser(app, recorded(HOTSEAT, (None, None), moves=moves), ply=0)
    said = [d.value for d in drawn_once(monkeypatch, scene)]
    assert f"Tic-tac-toe · {where} · X to move" in said, said


def replay_header(app, monkeypatch, record) -> tuple[int, int, tuple[int, int]]:
    """The replay of ``record`` opened at its end: its header's "Move n of total" as (n, total),
    and the move list's lit cell."""
    app.open_replay(record)
    app.run_frames(2)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    drawn = drawn_once(monkeypatch, replay)
    found = [m for d in drawn if (m := re.match(r"Move (\d+) of (\d+)", d.value))]
    assert len(found) == 1, [d.value for d in drawn]
    return int(found[0][1]), int(found[0][2]), lit_cell(drawn, replay.move_rows)


@pytest.mark.parametrize("start, lead", [(None, 0), (AFTER_B2, 1)])
def test_a_resignation_names_the_move_the_headers_give_the_move_played_in_its_place(app, monkeypatch, start, lead):
    """Four moves clicked, then Ctrl+R: the side to move gives up the game's 5th move, "resigns at
    move 5" (it said "at move 3", the move list's row, beside the replay's "Move 4 of 4"; from a
    position O is to move in, "at move 3" too).  The replay stops at "Move 4 of 4", the move the
    player answered lit; Undo takes the resignation back, and the move clicked in its place is the
    one the replay's header calls "Move 5 of 5", lit in the cell the list gives move 5."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1, start=start))
    app.switch(scene)
    app.run_frames(2)
    line = LINE[lead:]

    def click_move(text: str) -> None:
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, text))).center)

    for text in line[:4]:
        click_move(text)
    resigner = scene.game.sides[scene.state.to_move]
    resign_by_keys(app)
    assert scene.is_over()
    said = re.fullmatch(rf"{resigner} resigns at move (\d+)", scene.end_reason())
    assert said is not None, scene.end_reason()
    number = int(said[1])
    assert number == 5
    assert replay_header(app, monkeypatch, scene.recorder.record) == (4, 4, where_in_the_list(4, lead))
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_u)  # Undo: back to the position given up, the same side to move
    assert not scene.is_over() and scene.game.sides[scene.state.to_move] == resigner
    click_move(line[4])
    assert replay_header(app, monkeypatch, scene.recorder.record) == (number, number, where_in_the_list(number, lead))
