"""The Hex board uses the room it is given: at 800x600 an 11x11 board laid with its rows level was
fitted by its width and drawn 230 pixels tall in a board area 540 tall.  The view turns the
rhombus (up to its columns level) to the tilt that makes the cells largest; clicks still find the
cell drawn under them, and the board, its bands and its coordinates stay inside the area."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from ai.engines.hex_knowledge import Knowledge
from games.grid import cell_name
from games.hex import BLUE
from games.hex import SWAP as SWAP_MOVE
from tests.ui_helpers import click, key, make_app
from ui.board_view import Overlay
from ui.hex_connections import draw_connections
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene

WINDOWS = [(800, 600), (1024, 768), (1280, 800)]


def _hex_scene(app, size: int) -> GameScene:
    scene = GameScene(app, MatchSetup("hex", {"size": size}, HOTSEAT, (None, None), 1.0), [])
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_an_11x11_board_at_800x600_has_cells_18_pixels_in_radius(tmp_path, monkeypatch):
    """16 pixels with the rows level (the board fitted by its width); 18.7 tilted."""
    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        view = _hex_scene(app, 11).view
        assert view.radius >= 18, view.radius
    finally:
        app.quit()


@pytest.mark.parametrize("window", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("size", [7, 11])
def test_a_click_on_each_cells_centre_plays_that_cell(tmp_path, monkeypatch, window, size):
    """Every cell, clicked at the centre it is drawn at, is the move played (then taken back)."""
    app = make_app(tmp_path, monkeypatch, size=window)
    try:
        scene = _hex_scene(app, size)
        for cell in range(size * size):
            click(app, scene.view.centre(*divmod(cell, size)))
            assert [ply.text for ply in scene.history] == [cell_name(cell, size)], (window, size, cell)
            key(app, pygame.K_u)
            assert not scene.history
    finally:
        app.quit()


@pytest.mark.parametrize("window", WINDOWS)
def test_the_board_and_its_coordinates_stay_inside_the_board_area(tmp_path, monkeypatch, window):
    """Every size from 3x3 to 19x19: each pixel the board, its bands and its letters paint lies
    inside the board's area, and the board reaches two of the area's opposite edges but for a
    margin (it is as large as the area allows, not merely inside it)."""
    app = make_app(tmp_path, monkeypatch, size=window)
    try:
        for size in range(3, 20):
            scene = _hex_scene(app, size)
            view, ground = scene.view, (1, 2, 3)
            surface = pygame.Surface(app.screen.get_size())
            surface.fill(ground)
            view.draw(surface, scene.state, Overlay(interactive=False, theme=app.theme))
            painted = (pygame.surfarray.array3d(surface) != np.array(ground)).any(axis=2)  # [x, y]
            xs, ys = painted.nonzero()
            area = view.rect
            assert area.left <= xs.min() and xs.max() < area.right, (window, size, xs.min(), xs.max(), area)
            assert area.top <= ys.min() and ys.max() < area.bottom, (window, size, ys.min(), ys.max(), area)
            slack = min(area.width - (xs.max() - xs.min()), area.height - (ys.max() - ys.min()))
            assert slack <= 3 * view.radius, (window, size, slack, view.radius)
    finally:
        app.quit()


def test_a_click_near_each_corner_of_a_tilted_cell_plays_that_cell(tmp_path, monkeypatch):
    """The hexagons are drawn turned with the board: a click nearly at any corner drawn of a 3x3
    board's cell (58 pixels in radius at 800x600, tilted) is that cell; a hexagon drawn untilted
    on the turned grid puts its corners 3 pixels outside the cell the click finds."""
    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        scene = _hex_scene(app, 3)
        view = scene.view
        assert view.tilt > 0.1  # an area this square turns the board
        for cell in range(9):
            cx, cy = view.centre(*divmod(cell, 3))
            for x, y in view.hexagon(*divmod(cell, 3)):
                click(app, (round(cx + 0.95 * (x - cx)), round(cy + 0.95 * (y - cy))))
                assert [ply.text for ply in scene.history] == [cell_name(cell, 3)], (cell, x, y)
                key(app, pygame.K_u)
    finally:
        app.quit()


# board areas from the smallest window's to a large screen's
BOARD_AREAS = [(540, 440), (640, 540), (860, 720), (1200, 1000), (1700, 1300)]


def _inside_cell(view, cell: int, size: tuple[int, int], box: pygame.Rect) -> np.ndarray:
    """The pixels [x, y] of ``box`` in ``cell``'s hexagon and not on the line drawn round it: those
    the empty board shows in the wood's colour there."""
    import games
    from ui.theme import DARK

    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    pygame.draw.polygon(surface, (255, 255, 255), view.hexagon(*divmod(cell, view.n)))
    polygon = pygame.surfarray.array2d(surface.subsurface(box)) == surface.map_rgb((255, 255, 255))
    board = _pixels(view, size, box, games.load("hex", size=view.n).initial_state())
    return polygon & (board == surface.map_rgb(DARK.board))


def _pixels(view, size: tuple[int, int], box: pygame.Rect, state=None, interactive: bool = False,
            chain: int | None = None, carrier: int | None = None, mustplay: bool = False, **marks) -> np.ndarray:
    """The pixels [x, y] of ``box`` of the board drawn (``state``, with the swap offer's marks if
    ``interactive``, and the ``marks`` given: the last move, a hint), or of ``chain``'s ring alone;
    with the Connections overlay over it if ``carrier``: Blue's edges joined through that cell, or
    (``mustplay``) Blue to play there or lose."""
    from ui.theme import DARK

    surface = pygame.Surface(size)
    surface.fill((1, 2, 3))
    if chain is not None:  # one stone's chain: its ring without a line to the next
        view._draw_chain(surface, [chain], (200, 220, 90), 0.0)
    else:
        view.draw(surface, state, Overlay(theme=DARK, interactive=interactive, coordinates=False, **marks))
    if carrier is not None:
        draw_connections(surface, view, _outlining(carrier, mustplay), BLUE, DARK, state)
    return pygame.surfarray.array2d(surface.subsurface(box))


def _outlining(cell: int, mustplay: bool) -> Knowledge:
    """What the analysis says of a position Blue has won by a connection whose carrier is ``cell``,
    or (``mustplay``) where Blue must play ``cell``: the overlay outlines that cell, nothing else."""
    empty, only = frozenset(), frozenset({cell})
    return Knowledge(connections=((), ()), edge_vcs=((), ()) if mustplay else ((only,), ()), edge_scs=((), ()),
                     mustplay=only if mustplay else None, dead=empty, captured=(empty, empty),
                     winner=None if mustplay else BLUE, winning_keys=empty, seconds=0.0)


@pytest.mark.parametrize("area", BOARD_AREAS)
def test_stones_and_their_rings_stay_inside_their_cells(area):
    """At 0.72 of the cell's radius with a thick outline, a 3x3 board's stones met their cells'
    edges, and the swap offer's ring (at 0.88) and its word ran over them.  On every board from
    3x3 to 19x19, each pixel a stone (Blue's, Red's), the winning chain's ring, the swap offer's
    ring and the Connections overlay's outline of a winning carrier's cell (at 0.9 of the cell,
    thick, it crossed the line) or of a mustplay cell (at 0.84) paint lies inside the cell's
    hexagon, off the line round it; the offer's word too wherever the cell holds it, on every 3x3
    board, clear of the marks on the stone's middle."""
    import games
    from ui.views import make_view

    pygame.init()
    size = (area[0] + 40, area[1] + 40)
    for n in range(3, 20):
        game = games.load("hex", size=n, swap=True)
        view = make_view(game)
        view.layout(pygame.Rect(0, 0, *area))
        cell = (n // 2) * n + n // 2 - 1  # off the long diagonal: the offer's ghost is in another cell
        reach = int(2 * view.radius) + 30  # the cell, and its neighbours where the word may go beside it
        box = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        box.center = tuple(round(c) for c in view.centre(*divmod(cell, n)))
        box = box.clip(pygame.Rect((0, 0), size))
        inside = _inside_cell(view, cell, size, box)
        empty = game.initial_state()
        blue, before_red = empty.play(cell), empty.play(0)
        painted = {
            "Blue's stone": _pixels(view, size, box, blue) != _pixels(view, size, box, empty),
            "Red's stone": _pixels(view, size, box, before_red.play(cell)) != _pixels(view, size, box, before_red),
            "the chain's ring": _pixels(view, size, box, chain=cell) != pygame.Surface(size).map_rgb((1, 2, 3)),
            "the winning carrier's outline": _pixels(view, size, box, empty, carrier=cell) != _pixels(view, size, box, empty),
            "the mustplay outline": _pixels(view, size, box, empty, carrier=cell, mustplay=True) != _pixels(view, size, box, empty),
        }
        offered = _pixels(view, size, box, blue, interactive=True)
        word = view.notes[0].move(-box.x, -box.y)  # the offer's word, as drawn, in the box
        offer = offered != _pixels(view, size, box, blue)
        offer &= ~_inside_cell(view, game.geo.transpose_cell[cell], size, box)  # the ghost of Red's stone, in its own cell
        word_inside = inside[word.left:word.right, word.top:word.bottom].all()
        if not word_inside:  # too small a cell for the word: beside the stone
            offer[word.left:word.right, word.top:word.bottom] = False
        painted["the swap offer"] = offer
        for what, pixels in painted.items():
            assert pixels.any() and not (pixels & ~inside).any(), (area, n, view.radius, what, int((pixels & ~inside).sum()))
        assert word_inside or n > 3, (area, view.radius, word)
        if n == 3:  # on the stone, the word keeps off the last move's dot, and off the hint's ring when it is the swap
            for marks in ({"last_move": cell}, {"last_move": cell, "hint": SWAP_MOVE}):
                footprint = _pixels(view, size, box, blue, **marks) != _pixels(view, size, box, blue)
                _pixels(view, size, box, blue, interactive=True, **marks)
                word = view.notes[0].move(-box.x, -box.y)
                assert not footprint[word.left:word.right, word.top:word.bottom].any(), (area, marks, word)
