"""The letters round a board: legible at the smallest size a board view draws them, and left out
of the menus' game thumbnails (at 100 pixels they crowd the board's edge)."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING

import pygame
import pytest

import games
from tests.ui_helpers import recorded_text, recorded_text_rects, recorded_text_sizes
from ui import theme as theme_mod
from ui.board_view import Overlay
from ui.scenes.common import thumbnail
from ui.views import make_view

if TYPE_CHECKING:
    from ui.match import MatchSetup
    from ui.scenes.game import GameScene


def board_view_modules() -> list[ModuleType]:
    """Every module of the window that draws with ui.theme's ``draw_text`` (the board views),
    each game's view imported first (a view's module is imported when first needed)."""
    for game_id in games.available_ids():
        make_view(games.load(game_id))
    return [module for module in list(sys.modules.values())
            if (module.__name__ or "").startswith("ui.") and getattr(module, "draw_text", None) is theme_mod.draw_text]


@pytest.fixture
def drawn_words(monkeypatch):
    """Every string a board view hands to ``draw_text``."""
    pygame.init()
    pygame.display.set_mode((200, 200))
    return recorded_text(monkeypatch, *board_view_modules())


@pytest.mark.parametrize("game_id", games.available_ids())
def test_a_thumbnail_has_no_coordinates_and_the_board_has(game_id, drawn_words):
    game = games.load(game_id)
    view = make_view(game)
    view.layout(pygame.Rect(0, 0, 600, 600))
    view.draw(pygame.Surface((600, 600)), game.initial_state(), Overlay(interactive=False))
    assert "1" in drawn_words, game_id  # the game screen's board is labelled
    drawn_words.clear()
    thumbnail.cache_clear()
    image = thumbnail(game_id, "dark", 120, 120)
    assert not {"a", "1"} & set(drawn_words), (game_id, drawn_words)
    board = theme_mod.THEMES["dark"].board
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 120, 3) for y in range(0, 120, 3)}
    assert board in colours or game_id == "reversi", game_id  # a board was drawn


@pytest.mark.parametrize("size", [9, 10, 12])
def test_a_small_boards_c_is_open_on_the_right(size):
    """A column named c must not read as o: pygame's default font, which the board views used,
    closed the c at the 9-10 pixels of an 11x11 Hex board's coordinates in an 800x560 window."""
    pygame.init()
    image = theme_mod.font(size).render("c", True, (255, 255, 255), (0, 0, 0))
    ink = [[image.get_at((x, y))[0] > 160 for x in range(image.get_width())] for y in range(image.get_height())]
    rows = [y for y, row in enumerate(ink) if any(row)]
    right = max(x for row in ink for x, on in enumerate(row) if on)
    middle = range(rows[0] + 1, rows[-1])  # between the c's top and bottom strokes
    assert len(middle) >= 2 and not any(ink[y][right] for y in middle), size


LARGEST_BOARDS = [("tictactoe", {"width": 19, "height": 19, "k": 5}), ("hex", {"size": 19}), ("reversi", {"size": 10}),
                  ("rastros", {}), ("alquerque", {}), ("trax", {"size": 25})]


def test_every_game_board_is_lettered_in_the_smallest_window_and_a_tiny_preview_is_not(drawn_words, tmp_path,
                                                                                      monkeypatch):
    """The letters go where they fit: the game screen's boards keep them down to the smallest
    window (800x560) with the largest board of each game; the search-tree explorer's preview of an
    11x11 Hex board there (cells a third as big) drops them rather than pile them on its edges."""
    from tests.ui_helpers import make_app
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        for game_id, options in LARGEST_BOARDS:
            app.switch(GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0), []))
            drawn_words.clear()
            app.invalidate()
            app.run_frames(2)
            assert "1" in drawn_words, (game_id, options)
        app.switch(GameScene(app, MatchSetup("hex", {"size": 11}, HOTSEAT, (None, None), 1.0), ["f6"]))
        app.run_frames(2)
        app.scene.open_tree()
        assert app.run_frames(10 ** 6, until=lambda: not app.scene.building, timeout=60)  # built in a thread
        drawn_words.clear()
        app.scene.view.draw(app.screen, app.scene.selected.state, Overlay(interactive=False))
        assert not {"a", "1"} & set(drawn_words)
    finally:
        app.quit()


@pytest.mark.parametrize("name", sorted(theme_mod.THEMES))
def test_the_winning_mark_is_in_neither_sides_colour(name):
    """Tic-tac-toe's winning line was red, O's colour, when X won.  The mark of a win (the line,
    Rastros' ring, Trax's path) must differ in hue from both sides' colours."""
    import colorsys

    theme = theme_mod.THEMES[name]

    def hue(colour) -> float:
        return colorsys.rgb_to_hsv(*(c / 255 for c in colour))[0] * 360

    for side in (theme.side0, theme.side1):
        apart = abs(hue(theme.win) - hue(side))
        assert min(apart, 360 - apart) > 60, (name, theme.win, side)


@pytest.mark.parametrize("side", [560, 700, 1000])
def test_a_small_boards_coordinates_stand_beside_it(side, monkeypatch):
    """The margin for the coordinates is counted in cells, and a 3x3 Tic-tac-toe board's are
    large: its letters stood half a margin, some 50 pixels, off the board (at 1280x800), with a
    gap wider than themselves between.  Now each stands within its own height of the grid."""
    pygame.init()
    pygame.display.set_mode((200, 200))
    game = games.load("tictactoe")
    view = make_view(game)
    drawn = recorded_text_rects(monkeypatch, *board_view_modules())
    view.layout(pygame.Rect(0, 0, side, side))
    view.draw(pygame.Surface((side, side)), game.initial_state(), Overlay(interactive=False))
    grid = view.grid
    above = [rect for text, rect in drawn if text == "a" and rect.bottom <= grid.top]
    left = [rect for text, rect in drawn if text == "1" and rect.right <= grid.left]
    assert above and left, drawn
    assert all(grid.top - rect.bottom <= rect.height for rect in above), (grid, above)
    assert all(grid.left - rect.right <= rect.height for rect in left), (grid, left)


@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_coordinates_grow_with_a_large_board(game_id, monkeypatch):
    """The coordinates stopped at 22 pixels: on a 4K screen they were specks beside a board two
    thousand pixels high.  Four times the board, at least twice the letters."""
    pygame.init()
    pygame.display.set_mode((200, 200))
    game = games.load(game_id)
    view = make_view(game)
    drawn = recorded_text_sizes(monkeypatch, *board_view_modules())
    found = []
    for side in (600, 2400):
        drawn.clear()
        view.layout(pygame.Rect(0, 0, side, side))
        view.draw(pygame.Surface((side, side)), game.initial_state(), Overlay(interactive=False))
        found.append(max(size for value, size in drawn if value == "1"))
    assert found[1] >= 2 * found[0], (game_id, found)


@pytest.mark.parametrize("game_id", games.available_ids())
def test_a_small_thumbnail_draws_the_whole_board_inside_its_square(game_id):
    """At 800x560 the main menu's pictures are about 54 pixels square, and the 11x11 Hex board,
    its cells kept at least 3 pixels across, spilled out of its square: cut off at two corners,
    over the card's edge.  Drawn in the middle of a larger surface, nothing lands outside."""
    pygame.init()
    pygame.display.set_mode((200, 200))
    game = games.load(game_id)
    view = make_view(game)
    side, room = 54, 3 * 54
    inside = pygame.Rect(side, side, side, side)
    view.layout(inside)
    surface = pygame.Surface((room, room), pygame.SRCALPHA)
    view.draw(surface, game.initial_state(), Overlay(interactive=False, coordinates=False, animation_speed=0))
    outside = [(x, y) for x in range(room) for y in range(room)
               if not inside.collidepoint(x, y) and surface.get_at((x, y)).a]
    assert not outside, (game_id, outside[:5])


def swap_offered_after(app, size: int, first: str, drawn: list):
    """A hot-seat Hex game on a ``size`` board with the swap rule, Blue's first stone at
    ``first``: the swap's note offered on it, the whole window drawn afresh after ``drawn`` (what a
    test records of the drawing) is emptied.  The game's scene."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("hex", {"size": size, "swap": True}, HOTSEAT, (None, None), 1.0), [first])
    app.switch(scene)
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    return scene


@pytest.mark.parametrize("language", ["en", "pt"])
def test_hexs_swap_note_keeps_off_the_coordinates_at_every_corner(tmp_path, monkeypatch, language):
    """The "swap" offered on Blue's first stone went under the stone whatever the cell: at a1, s19
    or a19 on a 19x19 board in the smallest window it lay over a row's number or a column's letter,
    which showed through its shade.  The note goes beside the stone where it is clear of them."""
    import ui.views.hex as hex_view
    from tests.ui_helpers import make_app
    from ui import i18n

    drawn = recorded_text_rects(monkeypatch, hex_view)
    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        app.settings.language = language
        i18n.set_language(language)
        for first in ("a1", "s1", "a19", "s19", "j10"):
            scene = swap_offered_after(app, 19, first, drawn)
            letters = [rect for value, rect in drawn if value.isalnum() and len(value) <= 2]  # coordinates, not the note
            assert len(letters) == 4 * 19 and len(scene.view.notes) == 1, (first, len(letters))
            note = scene.view.notes[0]
            assert note.collidelist(letters) < 0 and app.screen.get_rect().contains(note), (first, note)
    finally:
        i18n.set_language("en")
        app.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_hexs_swap_note_keeps_off_the_ring_of_the_stone_it_becomes(tmp_path, monkeypatch, size):
    """On the turned board the cell below a stone one right of the long diagonal (c2, f5) is its
    mirror (b3, e6), where the swap's Red stone would stand: "swap", put under the stone, covered
    the ring drawn there.  The note goes beside the stone where it is clear of that ring."""
    import ui.views.hex as hex_view
    from tests.ui_helpers import make_app

    rings: list[pygame.Rect] = []
    original = hex_view.rimmed_circle

    def record(surface, colour, centre, radius, *args, **kwargs):
        rings.append(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius))
        return original(surface, colour, centre, radius, *args, **kwargs)

    monkeypatch.setattr(hex_view, "rimmed_circle", record)
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        for first in ("c2", "f5", "b1"):
            scene = swap_offered_after(app, 11, first, rings)
            stone = max(rings, key=lambda ring: ring.width)  # the ring on Blue's stone (a mark sits in its middle)
            ghost = next(ring for ring in rings if ring.center != stone.center)  # on the stone it becomes
            assert len(scene.view.notes) == 1 and not scene.view.notes[0].colliderect(ghost), (first, ghost)
    finally:
        app.quit()


NEXT_TO_NORTH = "to-move: South\n.......N\n......W.\n" + "........\n" * 5 + "S.......\n"


@pytest.mark.parametrize(("size", "position"), [(4, None), (8, NEXT_TO_NORTH)], ids=["4x4-start", "8x8"])
def test_a_goal_the_piece_can_reach_keeps_its_letter_clear(size, position):
    """On a small Rastros board the piece can step onto North's goal at once: the legal-move dot
    was drawn over its "N".  The letter's middle of the square looks the same whether the legal
    moves are marked or not, and the square still shows its mark somewhere."""
    pygame.init()
    pygame.display.set_mode((200, 200))
    game = games.load("rastros", size=size)
    state = game.initial_state() if position is None else game.from_text(position)
    view = make_view(game)
    view.layout(pygame.Rect(0, 0, 480, 480))
    goal = divmod(game.goal_north, game.n)
    assert state.moves_mask() >> game.goal_north & 1, "North's goal is not a move here"
    rect = view.cell_rect(*goal)
    middle = rect.inflate(-int(rect.width * 0.6), -int(rect.height * 0.6))  # the letter's part
    pictures = {}
    for marked in (False, True):
        surface = pygame.Surface((480, 480))
        view.draw(surface, state, Overlay(show_legal=marked, interactive=True, animation_speed=0.0))
        pictures[marked] = surface
    assert pygame.image.tobytes(pictures[True].subsurface(middle), "RGB") == \
        pygame.image.tobytes(pictures[False].subsurface(middle), "RGB"), "the dot covers the goal's letter"
    assert pygame.image.tobytes(pictures[True].subsurface(rect), "RGB") != \
        pygame.image.tobytes(pictures[False].subsurface(rect), "RGB"), "the goal shows no mark of a legal move"


@pytest.mark.parametrize("window", [(800, 560), (1280, 800)])
@pytest.mark.parametrize("size", [11, 19])
def test_hexs_coordinates_keep_off_its_edge_bands(tmp_path, monkeypatch, window, size):
    """At the letters' smallest size a 19x19 board's "10" to "19" (and an 11x11's in the smallest
    window) were drawn over the blue bands, set a fixed number of cells from the board whatever
    their width.  Every letter and number, drawn on the game screen's board, keeps a pixel clear
    of the board and its bands."""
    import numpy as np

    from tests.ui_helpers import make_app
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    app = make_app(tmp_path, monkeypatch, size=window)
    try:
        scene = GameScene(app, MatchSetup("hex", {"size": size}, HOTSEAT, (None, None), 1.0), [])
        app.switch(scene)
        app.run_frames(2)
        pictures = []
        for coordinates in (False, True):
            surface = pygame.Surface(app.screen.get_size())
            surface.fill((1, 2, 3))
            scene.view.draw(surface, scene.state, Overlay(interactive=False, coordinates=coordinates,
                                                          theme=app.theme))
            pictures.append(pygame.surfarray.array3d(surface))
        bare, lettered = pictures
        letters = (bare != lettered).any(axis=2)
        board = (bare != np.array((1, 2, 3))).any(axis=2)
        near_board = board.copy()  # the board grown by a pixel each way
        near_board[1:] |= board[:-1]
        near_board[:-1] |= board[1:]
        near_board[:, 1:] |= board[:, :-1]
        near_board[:, :-1] |= board[:, 1:]
        assert letters.any() and not (letters & near_board).any(), np.argwhere(letters & near_board)[:5].tolist()
    finally:
        app.quit()


@pytest.mark.parametrize("size", [3, 11])
def test_hexs_edge_bands_are_level_with_its_rows(size):
    """The bands' top and bottom edges rose to the right, the obtuse corners pushed out less than
    their share: 14 pixels across a 3x3 board in a large window, the board drawn askew.  Along
    most of the board's width its highest pixels make one level line, and so do its lowest.  (In
    an area as wide as the board the rows lie level; a squarer one tilts it to fit.)"""
    import numpy as np

    pygame.init()
    pygame.display.set_mode((200, 200))
    game = games.load("hex", size=size)
    view = make_view(game)
    side, ground = 900, (1, 2, 3)
    view.layout(pygame.Rect(0, 0, 2 * side, side))
    assert view.tilt == 0
    surface = pygame.Surface((2 * side, side))
    surface.fill(ground)
    view.draw(surface, game.initial_state(), Overlay(interactive=False, coordinates=False))
    painted = (pygame.surfarray.array3d(surface) != np.array(ground)).any(axis=2)  # [x, y]
    columns = [painted[x].nonzero()[0] for x in range(2 * side) if painted[x].any()]
    tops = np.array([rows[0] for rows in columns])
    bottoms = np.array([rows[-1] for rows in columns])
    for edge, line in ((tops, tops.min()), (bottoms, bottoms.max())):
        assert np.sum(abs(edge - line) <= 1) >= len(columns) / 2, (size, edge.min(), edge.max())


def trax_picker_opened(app, setup: MatchSetup, edge_cell: str, moves: tuple[str, ...] = ()) -> GameScene:
    """The game screen of the Trax ``setup`` after ``moves``, its tile picker opened by a click on
    ``edge_cell`` (a cell beside the tiles, where a tile could go)."""
    from tests.ui_helpers import click
    from ui.scenes.game import GameScene

    scene = GameScene(app, setup, moves)
    app.switch(scene)
    app.run_frames(2)
    view = scene.view
    cell = scene.game.parse_move(scene.state, edge_cell + "+")
    click(app, view.cell_rect(*view.move_cell(cell)).center)
    assert view.picker is not None
    return scene


@pytest.mark.parametrize(("moves", "edge_cell"), [("f5+,f4+,f3+,f2+", "f1"), ("f5+,e5+,d5+,c5+,b5+", "a5")],
                         ids=["top", "left"])
def test_traxs_tile_picker_keeps_off_the_coordinates(tmp_path, monkeypatch, moves, edge_cell):
    """A click on a cell of the board's edge row opened the tile picker over the coordinates
    beyond it (at 800x600, a picker opened on f1 hid the letters b, c and d above the board): the
    picker now stays on the grid of cells, every letter and number round it in view."""
    import ui.grid_view as grid_view
    from tests.ui_helpers import make_app
    from ui.match import HOTSEAT, MatchSetup

    drawn = recorded_text_rects(monkeypatch, grid_view)
    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        scene = trax_picker_opened(app, MatchSetup("trax", {}, HOTSEAT, (None, None), 1.0), edge_cell,
                                   tuple(moves.split(",")))
        view = scene.view
        drawn.clear()
        app.invalidate()
        app.run_frames(2)
        letters = [rect for _value, rect in drawn]
        assert len(letters) == 2 * (view.rows + view.cols)
        tiles = [rect for rect, _move in view._picker_rects()]
        box = tiles[0].unionall(tiles).inflate(tiles[0].width // 4, tiles[0].width // 4)  # as it is drawn
        assert box.collidelist(letters) < 0, (box, [r for r in letters if r.colliderect(box)])
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


@pytest.mark.parametrize("window", [(800, 560), (800, 600)])
def test_hexs_coordinates_read_in_a_small_window(tmp_path, monkeypatch, window):
    """An 11x11 Hex board in a small window was lettered at 9 pixels, where Reversi's, Rastros'
    and Alquerque's were 17 to 19: its letters and numbers are now 12 pixels or more (and keep
    off the bands: test_hexs_coordinates_keep_off_its_edge_bands)."""
    import ui.views.hex as hex_view
    from tests.ui_helpers import make_app
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    drawn = recorded_text_sizes(monkeypatch, hex_view)
    app = make_app(tmp_path, monkeypatch, size=window)
    try:
        app.switch(GameScene(app, MatchSetup("hex", {"size": 11}, HOTSEAT, (None, None), 1.0), []))
        drawn.clear()
        app.invalidate()
        app.run_frames(2)
        sizes = [size for _value, size in drawn]
        assert len(sizes) >= 4 * 11 and min(sizes) >= 12, sorted(set(sizes))
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


@pytest.mark.parametrize("edge_cell", ["e2", "d2"])
def test_why_traxs_picker_leaves_a_tile_out_is_said_on_the_grid(tmp_path, monkeypatch, edge_cell):
    """The line under the picker that says why a tile is left out ("e2\\ is not offered: three
    dark edges would meet at d3") was wider than the picker and ran past the grid, over the row
    numbers beside the board (at 800x600, a picker opened on e2 near the top edge hid the 4); it
    now keeps to the grid of cells, as the picker does, on two lines where one does not fit."""
    import ui.grid_view as grid_view
    import ui.views.trax as trax_view
    from tests.test_trax import ILLEGAL
    from tests.ui_helpers import make_app
    from ui.match import HOTSEAT, MatchSetup

    letters = recorded_text_rects(monkeypatch, grid_view)
    labels = recorded_text_rects(monkeypatch, trax_view)
    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        scene = trax_picker_opened(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 1.0, start=ILLEGAL),
                                   edge_cell)
        view = scene.view
        letters.clear()
        labels.clear()
        app.invalidate()
        app.run_frames(2)
        why = trax_view.left_out_words(scene.state, view.picker[0], view.picker[1], view.other_notation)
        said = [(text, rect) for text, rect in labels if text and text in why]
        assert "is not offered" in why and " ".join(text for text, _rect in said) == why  # whole, not cut
        coordinates = [rect for _text, rect in letters]
        assert len(coordinates) == 2 * (view.rows + view.cols)
        for text, rect in said:
            assert view.grid.contains(rect) and rect.collidelist(coordinates) < 0, (text, rect, view.grid)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


@pytest.mark.parametrize("side", [500, 1000])
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_margin_round_a_board_is_as_wide_as_its_coordinates_need(game_id, side, monkeypatch):
    """The room kept round a grid for its coordinates was counted in cells: a 3x3 board's took
    some 30% of the room at 1920x1080, empty but for letters far smaller.  Now the board comes
    within three heights of its coordinates of the room's edge, and they stay inside it."""
    pygame.init()
    pygame.display.set_mode((200, 200))
    game = games.load(game_id)
    view = make_view(game)
    drawn = recorded_text_rects(monkeypatch, *board_view_modules())
    room = pygame.Rect(0, 0, side, side)
    view.layout(room)
    view.draw(pygame.Surface(room.size), game.initial_state(), Overlay(interactive=False))
    labels = [rect for text, rect in drawn if text == "1"]
    assert labels and all(room.contains(rect) for rect in labels), (game_id, labels)
    grid = getattr(view, "grid", None)
    if grid is not None:  # a game on a grid of cells (Hex and Alquerque lay out their own way)
        least_gap = min(grid.top, grid.left)
        assert least_gap <= 3 * max(rect.height for rect in labels), (game_id, grid, labels)
