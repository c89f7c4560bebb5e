"""The games' pictures at the size of a game list's row (40 pixels) and of a menu's game card,
read from the pixels drawn (``ui.scenes.common.board_picture``): each disc and each tile shows."""

from __future__ import annotations

import math
import random

import pygame
import pytest

import games
from games.grid import parse_cell
from ui.scenes import common
from ui.theme import THEMES, contrast
from ui.views import alquerque, rastros, reversi, trax
from ui.views import hex as hex_view

SMALL = 40  # a game list's row picture at 800x600
MENU_CARD = 100  # the main menu's game card picture at 1280x800 (without Continue)


def played(game_id: str, plies: int, seed: int, **options) -> games.State:
    """A position ``plies`` random legal moves into a game of ``game_id``, none of them ending it
    (none left: the game as it stands)."""
    game, rng = games.load(game_id, **options), random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        going_on = [after for after in map(state.play, state.legal_moves()) if not after.is_terminal()]
        if not going_on:
            break
        state = rng.choice(going_on)
    return state


def felt_squares(picture: pygame.Surface, size: int) -> list[pygame.Rect]:
    """The ``size`` x ``size`` squares of the felt in ``picture``, row by row: the felt's extent
    (its green, lines included) cut in equal squares."""
    green = [(x, y) for x in range(picture.get_width()) for y in range(picture.get_height())
             if tuple(picture.get_at((x, y)))[:3] in (reversi.FELT, reversi.PICTURE_LINES)]
    left, top = min(x for x, _y in green), min(y for _x, y in green)
    right, bottom = max(x for x, _y in green) + 1, max(y for _x, y in green) + 1
    cell = min(right - left, bottom - top) // size
    return [pygame.Rect(left + c * cell, top + r * cell, cell, cell) for r in range(size) for c in range(size)]


def standing_out(picture: pygame.Surface, square: pygame.Rect) -> float:
    """The share of ``square``'s pixels that stand 3:1 from the felt."""
    pixels = [tuple(picture.get_at((x, y)))[:3] for x in range(square.left, square.right)
              for y in range(square.top, square.bottom)]
    return sum(contrast(pixel, reversi.FELT) >= 3 for pixel in pixels) / len(pixels)


@pytest.mark.parametrize("theme", list(THEMES))
def test_both_colours_of_disc_show_on_a_small_reversi_picture(theme):
    """At 40 pixels a black disc was a dot of a pixel or two beside its shadow, on the felt's dark
    lines: the black discs could not be told from the empty squares.  Now most of every disc's
    square stands 3:1 from the felt, black or white, and no empty square has a pixel that does."""
    state = played("reversi", 30, seed=5)
    picture = common.board_picture(state, THEMES[theme], SMALL, SMALL)
    squares = felt_squares(picture, state.game.size)
    for i, square in enumerate(squares):
        shown = standing_out(picture, square)
        if state.boards[0] >> i & 1 or state.boards[1] >> i & 1:
            assert shown >= 0.4, f"the disc on square {i} shows on {shown:.0%} of it"
        else:
            assert shown == 0, f"empty square {i} looks like a disc"


def views_drawing(monkeypatch) -> list:
    """The board views ``board_picture`` draws with, as it makes them."""
    made = []

    def keep(game):
        view = make_view(game)
        made.append(view)
        return view

    make_view = common.make_view
    monkeypatch.setattr(common, "make_view", keep)
    return made


@pytest.mark.parametrize("plies, seed, options", [(6, 1, {}), (30, 2, {}), (40, 3, {"size": 25})])
def test_a_small_trax_picture_shows_every_tile_whole_and_large(monkeypatch, plies, seed, options):
    """The Trax view's margins and least cell size did not scale down: a 25x25 board ran off a
    40-pixel picture, and on the 10x10 board a few tiles took 4 pixels each amid empty cells.
    Now every tile lies whole inside the picture, drawn as the tile is (but for the grid's line
    along its top and left), as large as the picture holds the rows and columns of tiles (three
    cells each way at least: the first tile alone still shows on its board)."""
    state = played("trax", plies, seed, **options)
    assert not state.is_terminal()  # no winning path drawn over the tiles
    views = views_drawing(monkeypatch)
    picture = common.board_picture(state, THEMES["dark"], SMALL, SMALL)
    [view] = views
    rows, cols = trax.tiles_extent(state)
    assert view.cell >= SMALL // max(trax.PICTURE_LEAST_CELLS, len(rows), len(cols))
    for cell, tile in enumerate(state.cells):
        if tile:
            square = view.cell_rect(*divmod(cell, state.game.size))
            assert picture.get_rect().contains(square), f"the tile on cell {cell} is cut: {square}"
            face = trax.tile_picture(tile, square.width, square.height)
            beside_lines = [(x, y) for x in range(1, square.width) for y in range(1, square.height)]
            assert all(picture.get_at((square.x + x, square.y + y)) == face.get_at((x, y))
                       for x, y in beside_lines), f"the tile on cell {cell} is not drawn whole"


def piece_points(view, state) -> list[tuple[int | None, tuple[int, int]]]:
    """Each Alquerque point's piece (None: empty) and where the view draws the point."""
    return [(state.piece_at(p), view.point_xy(p)) for p in range(alquerque.POINTS)]


def filled_share(picture: pygame.Surface, centre: tuple[int, int], radius: int, colour) -> float:
    """The share of the pixels within ``radius`` of ``centre`` that are ``colour``."""
    near = [(centre[0] + dx, centre[1] + dy) for dx in range(-radius, radius + 1)
            for dy in range(-radius, radius + 1) if dx * dx + dy * dy <= radius * radius]
    return sum(tuple(picture.get_at(at))[:3] == colour for at in near) / len(near)


def assert_alquerque_discs(picture: pygame.Surface, view, state) -> None:
    """Each Alquerque piece of ``state`` is a disc of its colour round its point on ``picture``
    (laid out as ``view``), and no empty point shows a piece's colour."""
    fills = {0: alquerque.WHITE_PIECE, 1: alquerque.BLACK_PIECE}
    reach = max(1, view.step // 3)
    for piece, centre in piece_points(view, state):
        if piece is None:
            assert all(filled_share(picture, centre, reach, fill) == 0 for fill in fills.values()), centre
        else:
            assert filled_share(picture, centre, reach, fills[piece]) >= 0.8, (piece, centre)


@pytest.mark.parametrize("size", [SMALL, MENU_CARD])
@pytest.mark.parametrize("theme", list(THEMES))
def test_alquerque_pieces_show_as_discs_on_a_small_picture(monkeypatch, theme, size):
    """At 40 pixels an Alquerque piece kept its rim and carved ring a pixel wide each, and the
    board its lines 2 pixels wide and a dot at every point: the pieces were rings in a dark mesh
    (and so on the main menu's card at 1280x800, whose points were just far enough apart to be
    drawn as the board to play on).  Now a piece on a picture is a disc of its colour (most of it
    round its point), and an empty point has no piece's colour."""
    state = played("alquerque", 30, seed=4)
    views = views_drawing(monkeypatch)
    picture = common.board_picture(state, THEMES[theme], size, size)
    [view] = views
    assert_alquerque_discs(picture, view, state)


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_rastros_piece_shows_white_on_a_small_picture(monkeypatch, theme):
    """At 40 pixels the white piece's 2-pixel dark rim covered all of its 1-pixel radius: the
    piece was a dark dot like the stones round it.  Now its square shows the piece's white."""
    state = played("rastros", 12, seed=4)
    views = views_drawing(monkeypatch)
    picture = common.board_picture(state, THEMES[theme], SMALL, SMALL)
    [view] = views
    square = view.cell_rect(*divmod(state.white, view.cols))
    white = [(x, y) for x in range(square.left, square.right) for y in range(square.top, square.bottom)
             if tuple(picture.get_at((x, y)))[:3] == rastros.PIECE]
    assert len(white) >= square.width * square.height // 6, (square, len(white))


def test_the_rastros_piece_shows_no_smaller_on_a_larger_picture():
    """The white piece shrank as the picture grew past 12-pixel squares: the main menu's card at
    1280x800 (about 100 pixels) showed a smaller piece, in a thicker rim, than at 800x600 (85).
    Now the piece's white grows, or stays, with the picture."""
    state = games.load("rastros").initial_state()
    shown = []
    for size in range(40, 161, 5):
        picture = common.board_picture(state, THEMES["dark"], size, size)
        shown.append(sum(tuple(picture.get_at((x, y)))[:3] == rastros.PIECE
                         for x in range(size) for y in range(size)))
    assert all(after >= before for before, after in zip(shown, shown[1:])), shown


def pixels_by_cell(view, picture: pygame.Surface) -> dict[int, list[tuple[int, int, int]]]:
    """The colours of ``picture``'s pixels in each Hex cell: those whose centre lies inside the
    circle drawn in the cell's hexagon (the pixels along its edges may go to either cell)."""
    inner = view.radius * math.sqrt(3) / 2
    centres = [view.centre(*divmod(cell, view.n)) for cell in range(view.n * view.n)]
    cells: dict[int, list[tuple[int, int, int]]] = {}
    for x in range(picture.get_width()):
        for y in range(picture.get_height()):
            for cell, (cx, cy) in enumerate(centres):
                if math.hypot(x + 0.5 - cx, y + 0.5 - cy) < inner:
                    cells.setdefault(cell, []).append(tuple(picture.get_at((x, y)))[:3])
    return cells


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("size, plies, seed", [(11, 30, 1), (19, 80, 2)])
def test_hex_stones_fill_their_cells_on_a_small_picture(monkeypatch, theme, size, plies, seed):
    """At 40 pixels an 11x11 Hex cell was 2 or 3 pixels across and its 1-pixel outline in the
    grid's dark colour made a mesh over the board, in which each stone was a dot of its colour
    beside its shadow (19x19 was worse).  Now most of each stone's cell is in its side's colour,
    3:1 from the board, and the empty cells show the board's colour without the mesh."""
    state = played("hex", plies, seed, size=size)
    views = views_drawing(monkeypatch)
    picture = common.board_picture(state, THEMES[theme], SMALL, SMALL)
    [view] = views
    colours = THEMES[theme]
    sides = (colours.side0, colours.side1)
    for cell, pixels in pixels_by_cell(view, picture).items():
        stone = state.stone_at(cell)
        if stone is None:
            assert colours.grid not in pixels, f"empty cell {cell} is crossed by the outlines' colour"
        else:
            shown = [p for p in pixels if p == sides[stone] and contrast(p, colours.board) >= 3]
            assert len(shown) >= len(pixels) / 2, f"the stone on cell {cell} fills {len(shown)} of its {len(pixels)} pixels"


@pytest.mark.parametrize("theme", list(THEMES))
def test_a_pasted_alquerque_positions_picture_on_new_game_shows_discs(app, monkeypatch, theme):
    """New game drew a pasted position as the board to play on, 200 pixels square: its pieces
    were rings (a rim and a carved ring round the board's colour) beside the game cards' discs.
    It is drawn as every small picture is now (``board_picture``): each piece a disc of its
    colour round its point, no piece's colour on an empty point."""
    from tests.ui_helpers import key
    from ui import clipboard

    app.settings.theme = theme
    state = played("alquerque", 12, seed=7)
    text = f"Alquerque\nPosition:\n{state.game.to_text(state)}"
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)  # on the main menu: the New game screen
    picture = app.scene.menu.get_widget("start-board").get_surface()
    view = alquerque.AlquerqueView(state.game)
    view.layout_picture(picture.get_rect(), state)  # where the points are drawn
    assert_alquerque_discs(picture, view, state)


def pixels_along(picture: pygame.Surface, start: tuple[float, float], end: tuple[float, float]) -> list[tuple[int, int]]:
    """The pixels of ``picture`` that the segment from ``start`` to ``end`` crosses, in order, once each."""
    crossed: list[tuple[int, int]] = []
    steps = 8 * int(math.hypot(end[0] - start[0], end[1] - start[1]) + 1)
    for k in range(steps + 1):
        x = int(start[0] + (end[0] - start[0]) * k / steps)
        y = int(start[1] + (end[1] - start[1]) * k / steps)
        if picture.get_rect().collidepoint(x, y) and (x, y) not in crossed:
            crossed.append((x, y))
    return crossed


HEX_MENU_PICTURES = [70, 85]  # the main menu's Hex card at 800x560 and 1366x768: cells 5 or 6 pixels across


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("size", HEX_MENU_PICTURES)
def test_an_empty_hex_picture_shows_its_cells(monkeypatch, theme, size):
    """The main menu's Hex card (the empty 11x11 board, 5 or 6 pixels a cell) was a flat rhombus:
    a small picture's cells were filled without outlines, so an empty board had none.  Now each
    cell's centre shows the board's colour, and a line not of it parts every two neighbours."""
    state = games.load("hex").initial_state()
    views = views_drawing(monkeypatch)
    picture = common.board_picture(state, THEMES[theme], size, size)
    [view] = views
    assert view.small  # the picture's own drawing, not the board's to play on
    board = THEMES[theme].board
    for row in range(view.n):
        for col in range(view.n):
            here = view.centre(row, col)
            assert tuple(picture.get_at((int(here[0]), int(here[1]))))[:3] == board, (row, col)
            for there in ((row, col + 1), (row + 1, col), (row + 1, col - 1)):
                if 0 <= there[0] < view.n and 0 <= there[1] < view.n:
                    crossed = pixels_along(picture, here, view.centre(*there))
                    assert any(tuple(picture.get_at(p))[:3] != board for p in crossed), ((row, col), there)


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("size", HEX_MENU_PICTURES)
def test_a_small_hex_picture_shows_each_sides_edges_as_bands(monkeypatch, theme, size):
    """On the main menu's Hex card the edge bands reached a pixel or two beyond the cells: a
    dotted red and blue line round the rhombus (3 or 4 pixels of it on the slanting line from
    the middle of an edge out).  Now at least 5 pixels there are of the side's colour (Red's top
    and bottom, Blue's left and right), 5 to 7 at these sizes."""
    state = games.load("hex").initial_state()
    views = views_drawing(monkeypatch)
    picture = common.board_picture(state, THEMES[theme], size, size)
    [view] = views
    colours = THEMES[theme]
    mid, last = view.n // 2, view.n - 1
    for edge_cell, inward, side in (((0, mid), (1, mid), colours.side1), ((last, mid), (last - 1, mid), colours.side1),
                                    ((mid, 0), (mid, 1), colours.side0), ((mid, last), (mid, last - 1), colours.side0)):
        (ex, ey), (ix, iy) = view.centre(*edge_cell), view.centre(*inward)
        beyond = (ex + 3 * (ex - ix), ey + 3 * (ey - iy))  # three cells further out: past the band
        band = [p for p in pixels_along(picture, (ex, ey), beyond) if tuple(picture.get_at(p))[:3] == side]
        assert len(band) >= 5, (edge_cell, band)


@pytest.mark.parametrize("side", [100, 137, 160, 203])  # room for the cells' far lines (54, 72: none)
def test_traxs_picture_shows_no_sliver_of_the_next_row(side):
    """The main menu's Trax card shows a few cells of a board that runs on past the picture's
    edge, centred: a pixel or two of the next row showed as a thin strip along its top.  Now the
    first and last pixels drawn across the middle of the picture are the grid's lines."""
    pygame.init()
    pygame.display.set_mode((200, 200))
    common.thumbnail.cache_clear()
    image = common.thumbnail("trax", "dark", side, side)
    grid = THEMES["dark"].grid
    middle = side // 2 + 1
    down = [tuple(image.get_at((middle, y)))[:3] for y in range(side) if image.get_at((middle, y)).a]
    across = [tuple(image.get_at((x, middle)))[:3] for x in range(side) if image.get_at((x, middle)).a]
    assert (down[0], down[-1], across[0], across[-1]) == (grid, grid, grid, grid), side


HEX_19_PICTURES = [54, 70, 85, 100]  # a 19x19 board's cells 2 to 4 pixels across: the menu's cards and a list's row


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("size", HEX_19_PICTURES)
def test_a_19x19_hex_picture_shows_a_dot_at_every_empty_cell(monkeypatch, theme, size):
    """The main menu's card of Hex at 19x19 (cells under 4 pixels across, too small for a line
    between them) was a plain rhombus of the board's colour.  Now each empty cell's middle is a
    dot of its own, darker than the board, and a stone keeps its colour at its middle."""
    state = played("hex", 12, seed=7, size=19)
    views = views_drawing(monkeypatch)
    picture = common.board_picture(state, THEMES[theme], size, size)
    [view] = views
    board = THEMES[theme].board
    dot = hex_view._shade(board, hex_view.DOT_SHADE)
    dots = set()
    for cell in range(view.n * view.n):
        middle = tuple(round(v) for v in view.centre(*divmod(cell, view.n)))
        colour = tuple(picture.get_at(middle))[:3]
        if state.stone_at(cell) is None:
            assert contrast(colour, board) >= 1.5, (cell, colour)
            dots.add(middle)
        else:
            assert colour != dot, cell
    assert len(dots) == sum(state.stone_at(cell) is None for cell in range(view.n * view.n))


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("size", [30, SMALL])  # a row's picture at 800x600 and the least at larger windows
def test_a_big_tic_tac_toe_boards_picture_shows_its_board_and_each_mark(theme, size):
    """A 19x19 game's picture on Unfinished games was a dark brown square: its grid lines, a pixel
    apart, covered every cell and mark.  Where cells are that small the board shows in its colour
    and every X and O as a cell of its side's colour, at its place."""
    game = games.load("tictactoe", width=19, height=19, k=5)
    state = game.initial_state()
    for move in ("j9", "j10", "i9", "k10", "a1", "s19"):
        state = state.play(game.parse_move(state, move))
    colours = THEMES[theme]
    picture = common.board_picture(state, colours, size, size)
    view = common.make_view(game)
    view.layout_picture(pygame.Rect(0, 0, size, size), state)
    drawn = [tuple(pixel)[:3] for pixel in (picture.get_at((x, y)) for x in range(size) for y in range(size))
             if pixel.a == 255]  # the board's, not the picture's transparent room round it
    assert drawn.count(colours.board[:3]) > drawn.count(colours.grid[:3])  # the board, not its lines
    for side, squares in ((0, ("j9", "i9", "a1")), (1, ("j10", "k10", "s19"))):
        for square in squares:
            centre = view.cell_rect(*divmod(parse_cell(square, 19, 19), 19)).center
            assert tuple(picture.get_at(centre))[:3] == (colours.side0, colours.side1)[side][:3], (square, side)
