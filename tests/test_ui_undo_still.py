"""What the board shows after an undo, and a chain entered while a move still lands (Alquerque,
through the window's events).  An animation is made endless here (its hop time huge), so what is
drawn does not depend on how fast the test runs."""

from __future__ import annotations

import pygame
import pytest

import games
from games.alquerque import SIZE
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import click, key
from ui.board_marks import shown
from ui.views import alquerque as view_module

BEFORE = ("d3-c3,d4-d3,d2xd4,b4xd2,b2-c3,a5-b4,c2-b2,d5xd3,b2-c2,b5-a5,c2-b2,e4-d4,c1-c2,c5-d5,e3xc5,d5xb5,"
          "e2-e3,b5-c5")  # Black's b5-c5 last; White then steps c3-d4, and Black can capture c4xe4xe2


@pytest.fixture
def endless(monkeypatch):
    """Every Alquerque hop lasts far longer than the test."""
    monkeypatch.setattr(view_module, "HOP_SECONDS", 1e6)


def _play_by_clicks(app, points: tuple[str, ...]) -> None:
    """Click the points a move is entered by (c3, then d4)."""
    scene = app.scene
    for name in points:
        click(app, scene.view.point_xy(_index(name)))


def _index(name: str) -> int:
    """The index of the point named ``name`` ("c3")."""
    return (int(name[1]) - 1) * SIZE + ord(name[0]) - ord("a")


def _record(moves: str) -> GameRecord:
    """A hot-seat Alquerque record of ``moves`` (notation, comma-separated)."""
    game = games.load("alquerque")
    return GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves.split(","))


def _colour_at(app, scene, name: str) -> tuple[int, int, int]:
    """The colour the window shows at the point named ``name``."""
    scene.draw(app.screen)
    return tuple(app.screen.get_at(scene.view.point_xy(_index(name))))[:3]


def test_after_undo_the_move_now_last_is_not_played_again(app, endless):
    """QA: after Undo the move now last (Black's b5-c5) was animated again, its piece back on b5
    and flying to c5; it stands on c5."""
    app.open_demo(f"game:alquerque:hotseat:{BEFORE}")
    scene = app.scene
    _play_by_clicks(app, ("c3", "d4"))
    assert len(scene.history) == 19
    key(app, pygame.K_u)
    assert len(scene.history) == 18 and scene.history[-1].text == "b5-c5"
    assert _colour_at(app, scene, "c5") == view_module.BLACK_PIECE
    assert not scene.view.is_animating()


def test_a_chain_begun_while_the_last_move_lands_is_drawn(app, endless):
    """QA: a capture chain entered during the last move's animation was not drawn until it ended."""
    app.open_demo(f"game:alquerque:hotseat:{BEFORE}")
    scene = app.scene
    _play_by_clicks(app, ("c3", "d4"))
    assert scene.view.is_animating()  # White's c3-d4 still on its way
    _play_by_clicks(app, ("c4", "e4"))  # Black's c4xe4, to go on to e2
    assert scene.view.path == (_index("c4"), _index("e4"))
    c4, e4 = (scene.view.point_xy(_index(name)) for name in ("c4", "e4"))
    on_chain = ((3 * c4[0] + e4[0]) // 4, c4[1])  # between c4 and the piece it jumps
    scene.draw(app.screen)
    assert tuple(app.screen.get_at(on_chain))[:3] == shown(app.theme.on_board)  # the chain's line


def test_a_step_back_shows_the_earlier_position_still(app, endless):
    """Left on the game screen (browsing) and in the replay showed the move now last flying again
    when a move had just been played or stepped to; it stands where it landed."""
    app.open_demo(f"game:alquerque:hotseat:{BEFORE}")
    scene = app.scene
    _play_by_clicks(app, ("c3", "d4"))
    key(app, pygame.K_LEFT)  # the position after Black's b5-c5
    assert scene.browsing == 18
    assert _colour_at(app, scene, "c5") == view_module.BLACK_PIECE
    app.open_replay(_record(BEFORE + ",c3-d4"), ply=18)
    replay = app.scene
    key(app, pygame.K_RIGHT)  # c3-d4 flies (for ever, here) ...
    key(app, pygame.K_LEFT)  # ... and back: b5-c5 is not played again
    assert replay.ply == 18
    assert _colour_at(app, replay, "c5") == view_module.BLACK_PIECE
