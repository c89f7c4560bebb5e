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


def test_a_chain_carried_on_by_the_mouse_shows_its_piece_under_the_mouse(app):
    """Part way through c4xe4, the piece pressed on e4 and carried towards e2: it is drawn under
    the mouse, faint on e4 where it was lifted, as a piece carried from its own point is."""
    from tests.test_ui_drag import drag, mouse

    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1), CHAIN)
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10
    drag(app, scene.view.point_xy(parse_point("c4")), scene.view.point_xy(parse_point("e4")))
    x, y = scene.view.point_xy(parse_point("e4"))
    carried_to = (x - scene.view.step // 2, y + scene.view.step // 2)  # halfway to e3, off every point
    mouse(app, pygame.MOUSEBUTTONDOWN, (x, y))
    mouse(app, pygame.MOUSEMOTION, carried_to)
    scene.draw(app.screen)
    under_mouse = app.screen.get_at((carried_to[0], carried_to[1] - round(scene.view.radius * 0.8)))[:3]
    assert tuple(under_mouse) == alquerque.BLACK_PIECE
    faint = blend(alquerque.BLACK_PIECE, app.theme.board, 90)
    lifted_from = off_the_lines(app.screen, scene.view, "e4")
    assert max(abs(a - b) for a, b in zip(lifted_from, faint, strict=True)) <= 3, (lifted_from, faint)
