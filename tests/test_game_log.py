"""The log's line at a game's end (``ui.game_log``) says how it ended off the board as the game's
record does, asked through the scene's contract (``Scene.result_off_the_board``) rather than read
from the game screen's own fields; the log's counts of moves are in the singular for one."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.test_ui_play import cell_center
from tests.test_ui_player_names import named_hotseat
from tests.ui_helpers import click, key
from ui.debug_log import TRAIL
from ui.record_files import load_or_say, save


def lines_logged(caplog, start: str) -> Callable[[], list[str]]:
    """The log's lines beginning with ``start`` so far, as the game screen writes them at info."""
    caplog.set_level(logging.INFO, logger=TRAIL)
    return lambda: [r.getMessage() for r in caplog.records if r.getMessage().startswith(start)]


@pytest.fixture
def ends_logged(caplog) -> Callable[[], list[str]]:
    """The log's "game ended" lines so far."""
    return lines_logged(caplog, "game ended")


@pytest.fixture
def starts_logged(caplog) -> Callable[[], list[str]]:
    """The log's "game started" lines so far."""
    return lines_logged(caplog, "game started")


def test_an_agreed_draw_is_logged_in_the_words_of_its_record(app, ends_logged):
    scene = named_hotseat(app, "tictactoe", ["b2", "a1"])
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)  # Ana offers a draw
    key(app, pygame.K_y)  # João accepts it
    assert scene.is_over() and scene.recorder.record.result.reason == "Draw by agreement"
    assert ends_logged() == ["game ended after 2 moves: Draw by agreement"]  # not "draw (Draw by agreement)"


def test_a_resignation_is_logged_with_the_winner_and_the_move_it_came_at(app, ends_logged):
    scene = named_hotseat(app, "tictactoe", ["b2"])
    click(app, scene.btn_resign.rect.center)  # João (O), to move, gives up
    key(app, pygame.K_y)  # yes, on the card that asks
    assert scene.recorder.record.result.reason == "O resigns at move 2"
    assert ends_logged() == ["game ended after 1 move: X wins (O resigns at move 2)"]  # not "1 moves"


def test_a_game_ended_by_its_rules_is_logged_with_the_rules_reason(app, ends_logged):
    scene = named_hotseat(app, "tictactoe", ["a1", "b1", "a2", "b2"])
    click(app, cell_center(scene, scene.game.parse_move(scene.state, "a3")))  # X completes the a-file
    assert scene.is_over() and scene.winner() == 0
    assert ends_logged() == [f"game ended after 5 moves: X wins ({scene.state.end_reason()})"]


def test_a_game_taken_up_says_how_many_moves_it_had_in_the_singular_for_one(app, starts_logged):
    """A continued game's start counts the moves it was taken up after: "1 move", "2 moves"."""
    named_hotseat(app, "tictactoe", ["b2"])
    named_hotseat(app, "tictactoe", ["b2", "a1"])
    said = [re.search(r"continued after [^,]*", line).group() for line in starts_logged()]
    assert said == ["continued after 1 move", "continued after 2 moves"]


def test_a_game_file_opened_says_its_moves_in_the_singular_for_one(tmp_path, caplog):
    """The log's line for a file opened counts its moves as the game's lines do: "1 move", "2 moves"."""
    opened = lines_logged(caplog, "game file opened")
    game = games.load("tictactoe")
    for moves in (["b2"], ["b2", "a1"]):
        save(GameRecord.start(game, (Side(None, "Ana"), Side(None, "João"))).with_moves(moves), tmp_path / "game.json")
        assert load_or_say(tmp_path / "game.json", messages=None) is not None
    assert [line.rsplit(", ", 1)[-1] for line in opened()] == ["1 move)", "2 moves)"]


def test_a_trax_loop_is_logged_with_its_winner_said_once(app, ends_logged):
    """Trax's reason opens with its winner ("Dark wins: a dark loop"): the log read "Dark wins
    (Dark wins: a dark loop)"; it says the winner once and the loop in brackets."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 1.0, names=("Ana", "João")),
                      ["e4\\"])
    app.switch(scene)
    app.run_frames(2)
    closing = scene.game.parse_move(scene.state, "d5\\")
    view = scene.view
    click(app, view.cell_rect(*view.move_cell(closing)).center)
    (tile,) = [rect for rect, move in view._picker_rects() if move == closing]
    click(app, tile.center)
    assert scene.is_over() and scene.state.end_reason() == "Dark wins: a dark loop"
    assert ends_logged() == ["game ended after 2 moves: Dark wins (a dark loop)"]


@pytest.mark.parametrize(("moves", "said"), [
    ("b2 a1 b1 b3 c3 a3 a2 c2 c1", "Draw (Board full)"),
    ("a1 b1 a2 b2 a3", "X wins (X has 3 in a row)"),
])
def test_a_tictactoe_end_is_said_once_in_the_log(app, ends_logged, moves, said):
    """Tic-tac-toe's "Board full: draw" closes on its result: the log reads "Draw (Board full)",
    not "draw (Board full: draw)"; a reason that does not say the winner keeps it in front."""
    *played, last = moves.split()
    scene = named_hotseat(app, "tictactoe", played)
    click(app, cell_center(scene, scene.game.parse_move(scene.state, last)))
    assert scene.is_over()
    assert ends_logged() == [f"game ended after {len(played) + 1} moves: {said}"]
