"""An Alquerque chain of captures while it is entered by clicks: the piece is drawn where the
chain has got to, faint on its starting point, read from the pixels drawn."""

from __future__ import annotations

import math

import pygame

from games.alquerque import parse_point
from tests.test_ui_board_cursor import CHAIN
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.views import alquerque


def off_the_lines(screen: pygame.Surface, view, point: str) -> tuple[int, int, int]:
    """The pixel inside a piece's circle on ``point``, halfway between two of the board's lines
    and off the chain's line (c4 to e4, along row 4)."""
    x, y = view.point_xy(parse_point(point))
    d, angle = view.radius * 0.7, math.radians(112.5)
    return tuple(screen.get_at((round(x + d * math.cos(angle)), round(y - d * math.sin(angle)))))[:3]


def blend(over, under, alpha: int) -> tuple[int, int, int]:
    """``over`` drawn with ``alpha`` (of 255) on ``under``."""
    return tuple(round(u + (o - u) * alpha / 255) for o, u in zip(over, under, strict=True))


def test_a_chain_being_entered_draws_its_piece_where_the_chain_has_got_to(app):
    """Part way through c4xe4 (clicked c4, then e4) the black piece stayed drawn whole on c4,
    and e4, where it now stands, had only a dot: the board showed a position that never arises.
    Now the piece is drawn whole on e4 and faint on c4 (the board showing through it)."""
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1), CHAIN)
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10  # the last move's animation over
    for point in ("c4", "e4"):
        scene.mouse.click(scene.view.point_xy(parse_point(point)))
    assert scene.view.path == (parse_point("c4"), parse_point("e4"))
    scene.draw(app.screen)
    board = app.theme.board
    assert off_the_lines(app.screen, scene.view, "e4") == alquerque.BLACK_PIECE
    faint = blend(alquerque.BLACK_PIECE, board, alquerque.LEFT_BEHIND_ALPHA)
    start = off_the_lines(app.screen, scene.view, "c4")
    assert max(abs(a - b) for a, b in zip(start, faint, strict=True)) <= 3, (start, faint)
