"""What a game screen does again at each frame drawn while the position stays (the pointer moving
over the board, the thinking panel's redraws): nothing that depends only on the layout.

A Hex board's empty cells (their corners by trigonometry, two polygons a cell) are drawn once
directly and then kept as a picture until the layout, the theme or the shake changes; the picture
has the very pixels drawn directly.  The panel asks whether the board has places for the keyboard's
cursor (``BoardView.has_targets``) without listing every cell's rectangle.
"""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import count_calls, window_for_a_test
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.theme import THEMES
from ui.views.hex import HexView

MOTIONS = 5


@pytest.fixture
def app(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch, size=(1600, 1000)) as app:
        yield app


def _game(app, game_id: str, options: dict) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0), [])
    app.switch(scene)
    app.run_frames(3)
    places = [rect.center for _move, rect in scene.view.targets(scene.state)]
    POINTED[id(scene)] = [places[len(places) * (i + 1) // (MOTIONS + 1)] for i in range(MOTIONS)]
    return scene


POINTED: dict[int, list[tuple[int, int]]] = {}  # by the scene: the places ``_point_around`` points at


def _point_around(app, scene: GameScene) -> int:
    """The pointer moved over ``MOTIONS`` places of the board apart (each a frame drawn: a motion
    within one cell draws nothing), a frame each; the frames drawn."""
    before = app.draws
    for pos in POINTED[id(scene)]:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.frame()
    return app.draws - before


def test_the_pointer_moving_over_a_hex_board_lays_out_no_cell_again(app, monkeypatch):
    scene = _game(app, "hex", {"size": 19})
    _point_around(app, scene)  # the cells drawn directly, then their picture made
    hexagons = count_calls(monkeypatch, HexView, "hexagon")
    assert _point_around(app, scene) == MOTIONS  # each motion drew a frame (its hover preview)...
    assert hexagons[0] == 0  # ... from the cells' picture


def test_a_new_theme_or_size_draws_the_hex_cells_again(app, monkeypatch):
    _game(app, "hex", {"size": 11})
    hexagons = count_calls(monkeypatch, HexView, "hexagon")
    app.settings.theme = "light" if app.settings.theme != "light" else "dark"
    app.dirty = True
    app.run_frames(1)
    assert hexagons[0] == 11 * 11
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1300, 900), w=1300, h=900))
    app.run_frames(1)
    assert hexagons[0] == 2 * 11 * 11


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("size, area", [(19, (40, 30, 1500, 950)), (11, (0, 0, 700, 500)), (7, (13, 7, 301, 211))])
@pytest.mark.parametrize("clear", [False, True])  # the window, or a picture's clear surface (a game card)
def test_the_kept_hex_cells_have_the_pixels_drawn_directly(app, theme, size, area, clear):
    import games

    view = HexView(games.load("hex", size=size))
    view.layout(pygame.Rect(area))
    colours, palette = (THEMES[theme].side0, THEMES[theme].side1), THEMES[theme]
    direct, kept = (pygame.Surface(app.screen.get_size(), pygame.SRCALPHA if clear else 0) for _ in range(2))
    for surface in (direct, kept):
        surface.fill((0, 0, 0, 0) if clear else palette.background)
    view._draw_edges(direct, colours, 0.0)
    view._draw_cells(direct, palette.board, palette.grid, 0.0)
    for _ in range(2):  # the second from the picture
        view._draw_board(kept, colours, palette, 0.0)
    assert view._board_layer is not None
    assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(direct, "RGBA")


BIG_BOARDS = [("hex", {"size": 19}), ("tictactoe", {"width": 19, "height": 19, "k": 5}), ("trax", {"size": 25}),
              ("reversi", {"size": 10})]


@pytest.mark.parametrize("game_id, options", BIG_BOARDS)
def test_the_frames_drawn_as_the_pointer_moves_list_no_places_for_the_cursor(app, monkeypatch, game_id, options):
    """The panel's tip and the status line only ask whether the cursor has places (they did list
    every cell's rectangle twice a frame); the cursor hidden, nothing else lists them."""
    scene = _game(app, game_id, options)
    listed = count_calls(monkeypatch, type(scene.view), "targets")
    assert _point_around(app, scene) == MOTIONS
    assert listed[0] == 0


@pytest.mark.parametrize("game_id, options", BIG_BOARDS + [("alquerque", {}), ("rastros", {}), ("trax", {})])
def test_a_view_has_targets_when_it_lists_some(app, game_id, options):
    """``has_targets`` says what ``targets`` would, on a fresh board and after a few moves; Trax's
    open tile picker (its tiles, not the cells) too."""
    scene = _game(app, game_id, options)
    view, state = scene.view, scene.state
    for _ in range(4):
        assert view.has_targets(state) == bool(view.targets(state)), state
        state = state.play(state.legal_moves()[0]) if not state.is_terminal() else state
    if game_id == "trax":
        cell = next(place for place, _rect in view.targets(scene.state) if len(view._moves_at(scene.state, *place)) > 1)
        view.click(scene.state, view.cell_rect(*cell).center)
        assert view.picker is not None and view.has_targets(scene.state) == bool(view.targets(scene.state))


def test_a_hex_board_full_of_stones_works_out_each_sides_shades_once(app, monkeypatch):
    """A stone's shadow and shine are its side's colour darkened and lightened: worked out once a
    colour, not twice a stone at each frame."""
    import random

    import ui.views.hex as hex_view

    scene = _game(app, "hex", {"size": 19})
    rng, state = random.Random(1), scene.state
    for _ in range(120):
        state = state.play(rng.choice([m for m in state.legal_moves() if isinstance(m, int)]))
    shades = count_calls(monkeypatch, hex_view, "_shade")
    for _ in range(3):
        scene.view.draw(app.screen, state, scene.overlay())
    assert shades[0] <= 2 * 2  # two sides, a shadow and a shine each (none if the first frames worked them out)


@pytest.mark.parametrize("game_id, options", BIG_BOARDS)
def test_the_frames_drawn_as_the_pointer_moves_build_no_start_position(app, monkeypatch, game_id, options):
    """The panel names the opening only of a game from the usual start: it asked at every frame
    drawn, and built that start again to ask (Trax: every path of a 25x25 board)."""
    scene = _game(app, game_id, options)
    built = count_calls(monkeypatch, type(scene.game), "initial_state")
    assert _point_around(app, scene) == MOTIONS
    assert built[0] == 0
