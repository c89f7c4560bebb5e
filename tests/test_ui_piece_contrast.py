"""Every piece is seen on its board in every theme: a piece (by its fill or its outline) stands 3:1
(WCAG 2.1's contrast for graphics a user must tell apart) from what it lies on, for each game and
each theme the Settings screen offers, and the colours measured are the ones the board is drawn in."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

import games
from ui.board_marks import MARK_RIM, outline_colour, shown
from ui.board_view import Overlay
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.theme import THEMES, Color, Theme, contrast
from ui.views import alquerque, rastros, reversi, trax

# a piece: its colours, fill first, then each outline round it in turn; and what it lies on
Piece = tuple[tuple[Color, ...], tuple[Color, ...]]


def pieces(game_id: str, theme: Theme) -> dict[str, Piece]:
    """Each piece ``game_id``'s view draws in ``theme``, in the colours it is drawn in."""
    board = theme.board
    tile_face = (trax.TILE_FACE,)
    outline = outline_colour(board)
    return {
        "tictactoe": {"X": ((theme.side0, outline), (board,)), "O": ((theme.side1, outline), (board,))},
        "hex": {"Blue's stone": ((theme.side0, outline), (board,)), "Red's stone": ((theme.side1, outline), (board,))},
        "reversi": {"black disc": ((reversi.BLACK_DISC,), (reversi.FELT,)),
                    "white disc": ((reversi.WHITE_DISC, reversi.WHITE_DISC_EDGE), (reversi.FELT,))},
        "rastros": {"stone": ((rastros.STONE,), (board,)), "piece": ((rastros.PIECE, rastros.STONE), (board,)),
                    "trail": ((shown(rastros.TRAIL), MARK_RIM), (board, rastros.STONE))},
        "alquerque": {"white piece": ((alquerque.WHITE_PIECE, alquerque.WHITE_EDGE), (board,)),
                      "black piece": ((alquerque.BLACK_PIECE, alquerque.BLACK_EDGE), (board,))},
        "trax": {"tile": ((trax.TILE_FACE, theme.grid), (board,)),  # framed by the grid's lines
                 "light path": ((trax.PATH_COLOURS[games.trax.LIGHT],), tile_face),
                 "dark path": ((trax.PATH_COLOURS[games.trax.DARK],), tile_face)},
    }[game_id]


# a position of each game with every one of its pieces on the board
POSITIONS = {"tictactoe": ({}, ["b2", "a1"]), "hex": ({"size": 5}, ["c3", "b3"]), "reversi": ({}, []),
             "rastros": ({}, ["3-5", "2-4"]), "alquerque": ({}, []), "trax": ({}, ["f5+", "f4/"])}


@pytest.mark.parametrize("deficiency", [None, "protanopia", "deuteranopia"])
@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", games.available_ids())
def test_every_piece_stands_out_from_what_it_lies_on(game_id, name, deficiency):
    """The dark theme's X, O and Hex stones on its wood, Trax's dark path on the tile's red face
    and Rastros' orange trail on the wood between its stones stood under 3:1; seen without red
    or green cones, the dark theme's blue stones (and X) 2.7:1, its red ones (and O) 2.7:1, High
    contrast's blue 2.9:1, Trax's dark path 2.5:1 from the face.  Each piece stands 3:1 from
    what it lies on, by its fill or by an outline round it, for full sight and without red or
    green cones."""
    from tests.test_ui_contrast import seen_with

    for piece, (colours, grounds) in pieces(game_id, THEMES[name]).items():
        for ground in grounds:
            best = max(contrast(seen_with(colour, deficiency), seen_with(ground, deficiency)) for colour in colours)
            assert best >= 3, f"{game_id}'s {piece} on {ground} ({deficiency or 'full sight'}): {best:.2f}:1"


def side_by_side(pixels: np.ndarray, a: Color, b: Color) -> bool:
    """True where somewhere a pixel of ``a`` lies right beside one of ``b`` (left, right, above or below)."""
    is_a, is_b = (pixels == a).all(axis=2), (pixels == b).all(axis=2)
    return bool((is_a[1:] & is_b[:-1]).any() or (is_a[:-1] & is_b[1:]).any()
                or (is_a[:, 1:] & is_b[:, :-1]).any() or (is_a[:, :-1] & is_b[:, 1:]).any())


def drawn_still(app, game_id: str, theme: str, moves=(), options=None) -> GameScene:
    """A two-human game of ``game_id`` after ``moves`` in ``theme``, its board drawn again still:
    no last move's mark (its rim lies beside anything), no pointer, no animation."""
    app.settings.theme = theme
    scene = GameScene(app, MatchSetup(game_id, options or {}, HOTSEAT, (None, None), 0.1), list(moves))
    app.switch(scene)
    app.run_frames(2)
    scene.view.draw(app.screen, scene.state, Overlay(theme=app.theme, interactive=False, animation_speed=0))
    return scene


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_pieces_are_drawn_in_the_colours_measured(app, game_id, name):
    """Read off the board as drawn (without the last move's mark, whose rim lies beside anything):
    each piece's fill lies beside its outline, and its outermost colour beside each thing it lies
    on (Rastros' trail, drawn plain, had no rim beside it)."""
    assert game_id in POSITIONS, f"{game_id}: give it a position with its pieces here, and its pieces above"
    options, moves = POSITIONS[game_id]
    scene = drawn_still(app, game_id, name, moves, options)
    pixels = pygame.surfarray.array3d(app.screen.subsurface(scene.view.rect.clip(app.screen.get_rect())))
    for piece, (colours, grounds) in pieces(game_id, app.theme).items():
        for ground in grounds:
            chain = (*colours, ground)
            for inner, outer in zip(chain, chain[1:]):
                assert side_by_side(pixels, inner, outer), f"{game_id}'s {piece}: no {inner} beside {outer}"


def across(screen: pygame.Surface, start: tuple[int, int], end: tuple[int, int]) -> list[Color]:
    """The pixels on the straight line from ``start`` to ``end``, one a pixel of its length."""
    n = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    return [tuple(screen.get_at((round(start[0] + (end[0] - start[0]) * i / n),
                                 round(start[1] + (end[1] - start[1]) * i / n))))[:3] for i in range(n + 1)]


def across_a_line(screen: pygame.Surface, scene: GameScene) -> list[Color]:
    """The pixels read across one of the board's lines of a new game, from the empty ground beside
    it: the line between the first two cells of the top row (the upper quarter, clear of a legal
    move's dot), the edge between Hex's first two cells, Alquerque's line a1-b1 at its middle."""
    view = scene.view
    if scene.setup.game_id == "alquerque":
        from games.alquerque import parse_point

        (x0, y), (x1, _) = view.point_xy(parse_point("a1")), view.point_xy(parse_point("b1"))
        return across(screen, ((x0 + x1) // 2, y - view.step // 4), ((x0 + x1) // 2, y + view.step // 4))
    if scene.setup.game_id == "hex":
        return across(screen, view.value_anchor(0)[0], view.value_anchor(1)[0])
    first = view.cell_rect(0, 0)
    y = first.top + first.height // 4
    return across(screen, (first.centerx, y), (first.centerx + view.cell, y))


@pytest.mark.parametrize("size", [(1280, 800), (800, 500)], ids=["1280x800", "smallest"])
@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_boards_lines_stand_out_from_the_board(tmp_path, monkeypatch, game_id, name, size):
    """Reversi's dark green lines stood 2.0:1 from its felt, and its squares ran into each other
    for a player with low vision.  Read off the screen, across a line of every game's board, in
    every theme, at 1280x800 and in the smallest window, the line stands 3:1 (WCAG 2.1's contrast
    for graphics) from the board beside it."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        scene = drawn_still(app, game_id, name)
        pixels = across_a_line(app.screen, scene)
        ground = pixels[0]
        assert len(set(pixels)) >= 2, f"no line across {pixels}"
        best = max(contrast(pixel, ground) for pixel in pixels)
        assert best >= 3, f"{game_id}'s lines on {ground}: {best:.2f}:1"
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def simulated(surface: pygame.Surface, deficiency: str) -> np.ndarray:
    """``surface``'s pixels (x, y, rgb) as a viewer with ``deficiency`` sees them: the matrices of
    tests/test_ui_contrast.py applied to the whole screenshot in linear RGB."""
    from tests.test_ui_contrast import COLOUR_BLINDNESS

    srgb = pygame.surfarray.array3d(surface) / 255.0
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ np.array(COLOUR_BLINDNESS[deficiency]).T, 0, 1)
    return np.round(255 * np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)).astype(int)


def side_points(scene: GameScene) -> tuple[tuple[int, int], tuple[int, int]]:
    """A point of each side's piece (or goal) in ``POSITIONS``' position of the scene's game, on
    its fill: X's cross and O's ring, Hex's stones beside their middles, Reversi's and Alquerque's
    first pieces of each colour, Rastros' goals in their corners, Trax's two paths on f5's tile."""
    view, game_id, state = scene.view, scene.setup.game_id, scene.state
    if game_id == "tictactoe":
        a1 = view.cell_rect(0, 0)
        pad, width = a1.width // 5, max(2, a1.width // 10)
        return view.cell_rect(1, 1).center, (a1.left + pad + width // 2, a1.centery)
    if game_id == "hex":
        reach = int(view.radius * 0.72 * 0.3)
        return tuple((x + reach, y) for (x, y), _size in (view.value_anchor(ply.move) for ply in scene.history))
    if game_id in ("reversi", "alquerque"):
        cells = range(state.game.size ** 2) if game_id == "reversi" else range(25)
        owner = (lambda i: 0 if state.boards[0] >> i & 1 else 1 if state.boards[1] >> i & 1 else None) \
            if game_id == "reversi" else state.piece_at
        where = view.cell_rect if game_id == "reversi" else None
        firsts = [next(i for i in cells if owner(i) == side) for side in (0, 1)]
        if where is not None:
            return tuple(where(*divmod(i, view.cols)).center for i in firsts)
        return tuple(view.point_xy(i) for i in firsts)
    if game_id == "rastros":
        goals = (view.cell_rect(*divmod(goal, view.cols)) for goal in (scene.game.goal_south, scene.game.goal_north))
        return tuple((goal.left + goal.width // 4, goal.top + goal.height // 4) for goal in goals)
    tile = view.cell_rect(*view.move_cell(scene.history[0].move))  # f5+: a straight path of each colour across it
    return (tile.centerx, tile.top + tile.height // 8), (tile.left + tile.width // 8, tile.centery)


@pytest.mark.parametrize("deficiency", ["protanopia", "deuteranopia"])
@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_two_sides_stay_apart_without_red_or_green_sight(app, game_id, name, deficiency):
    """A screenshot of each game, as a player without red or green cones sees it (its pixels
    through the matrices): each side's pieces stand at least 25 apart in CIELAB from the other's
    (2.3 is the least a viewer sees), on the screen as drawn.  (Where their lightness is close,
    Hex's blue and red, they differ in shape too: test_hexs_two_sides_differ_in_shape_not_only_in_colour.)"""
    import math

    from tests.test_ui_contrast import lab

    options, moves = POSITIONS[game_id]
    scene = drawn_still(app, game_id, name, moves, options)
    pixels = simulated(app.screen, deficiency)
    full = [tuple(app.screen.get_at(point))[:3] for point in side_points(scene)]
    seen = [tuple(pixels[x, y]) for x, y in side_points(scene)]
    assert full[0] != full[1], f"{game_id}: the points read are not the two sides' pieces: {full}"
    apart = math.dist(lab(seen[0]), lab(seen[1]))
    assert apart >= 25, f"{game_id}'s sides {full} seen as {seen}: {apart:.0f} apart"
