"""What a player with low vision must find on a board, read off the screen: the legal moves' dots
are large enough to see in the smallest window, Red's emblem is on every Hex stone shown (the
hover's ghost, a saved game's small picture), and the analysis' values on the board read as text."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

import games
from tests.test_ui_piece_contrast import POSITIONS, drawn_still
from ui.analysis_mode import MoveLabel, draw_move_values
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.common import board_picture
from ui.scenes.game import GameScene
from ui.theme import THEMES, Color, contrast
from ui.views import make_view
from ui.views.hex import EMBLEM_RING, GHOST_ALPHA


def started(app, game_id: str, moves=(), options=None) -> GameScene:
    """A two-human game of ``game_id`` after ``moves``, drawn on the screen."""
    scene = GameScene(app, MatchSetup(game_id, options or {}, HOTSEAT, (None, None), 0.1), list(moves))
    app.switch(scene)
    app.run_frames(3)
    return scene


def run_across(screen: pygame.Surface, centre: tuple[int, int], ground: Color) -> int:
    """The pixels, along the row through ``centre``, of the run of colours other than ``ground``
    that holds ``centre``: a dot's width there."""
    x, y = centre
    left = right = x
    while left > 0 and tuple(screen.get_at((left - 1, y)))[:3] != ground:
        left -= 1
    while right < screen.get_width() - 1 and tuple(screen.get_at((right + 1, y)))[:3] != ground:
        right += 1
    return right - left + 1


@pytest.mark.parametrize("size", [(1280, 800), (800, 500)], ids=["1280x800", "smallest"])
@pytest.mark.parametrize("game_id", ["reversi", "rastros", "trax"])
def test_the_legal_moves_dots_are_large_enough_to_see(tmp_path, monkeypatch, game_id, size):
    """Trax's dots, a 14th of a cell, were 4 pixels across at 1280x800.  Read off the screen, in
    the smallest window too, each game's dot on a legal move is at least 6 pixels across and a
    fifth of its cell."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        options, moves = POSITIONS[game_id]
        scene = started(app, game_id, moves, options)
        view = scene.view
        cells = {view.move_cell(move) for move in scene.state.legal_moves()} - {None}
        goals = {divmod(goal, view.cols) for goal in (scene.game.goal_south, scene.game.goal_north)} \
            if game_id == "rastros" else set()
        assert cells - goals, f"{game_id}: no legal move to read"
        for cell in sorted(cells - goals):
            rect = view.cell_rect(*cell)
            ground = tuple(app.screen.get_at((rect.centerx, rect.top + rect.height // 4)))[:3]
            across = run_across(app.screen, rect.center, ground)
            assert across >= max(6, rect.width // 5 - 1), f"{game_id} at {size}: a dot {across} px across on a {rect.width} px cell"
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def near(pixel: Color, colour: Color, tolerance: int = 3) -> bool:
    """True where ``pixel`` is ``colour`` but for ``tolerance`` in each channel (a blend's rounding)."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def blend(top: Color, under: Color, alpha: int) -> Color:
    """``top`` drawn at ``alpha`` over ``under``."""
    return tuple(round((t * alpha + u * (255 - alpha)) / 255) for t, u in zip(top, under))


def emblem_pixels(screen: pygame.Surface, rect: pygame.Rect, colour: Color, tolerance: int = 3) -> int:
    """How many pixels of ``rect`` on the screen are (nearly) ``colour``."""
    area = rect.clip(screen.get_rect())
    return sum(near(tuple(screen.get_at((x, y)))[:3], colour, tolerance)
               for x in range(area.left, area.right) for y in range(area.top, area.bottom))


@pytest.mark.parametrize("name", list(THEMES))
def test_the_hover_ghost_of_a_red_stone_carries_reds_ring(app, name):
    """The pointer's ghost of a Red stone was a plain faint disc, told from Blue's by colour
    alone.  Over an empty cell on Red's turn the ghost shows the ring, faint as the ghost is;
    on Blue's turn there is none."""
    app.settings.theme = name
    faint_ring = blend(EMBLEM_RING, app.theme.board, GHOST_ALPHA)
    for moves, ringed in ((["c3"], True), (["c3", "b2"], False)):
        scene = started(app, "hex", moves, {"size": 5})
        centre, side = scene.view.value_anchor(24)  # e5, empty
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(3)
        cell = pygame.Rect(0, 0, side, side)
        cell.center = centre
        assert emblem_pixels(app.screen, cell, blend(app.theme.side1 if ringed else app.theme.side0,
                                                     app.theme.board, GHOST_ALPHA)), f"{name}: no ghost under the pointer"
        found = emblem_pixels(app.screen, cell, faint_ring)
        assert (found > 0) == ringed, f"{name}, {moves}: {found} pixels of the ghost's ring"


@pytest.mark.parametrize("size", [40, 64, 120])
def test_a_small_picture_of_hex_rings_reds_stones(size):
    """A saved game's row and the cards draw Hex as a small picture, filled pixel by pixel,
    where Red's stones had no ring: one grey with Blue's to a player who sees no colour.  On
    pictures of an 11x11 game, each Red stone shows white at its middle, no Blue stone does."""
    game = games.load("hex", size=11)
    state = game.initial_state()
    for name in ("f6", "c3", "h8", "b9"):
        state = state.play(game.parse_move(state, name))
    picture = board_picture(state, THEMES["dark"], size, size)
    view = make_view(game)
    view.layout_picture(pygame.Rect(0, 0, size, size), state)
    for cell in range(121):
        stone = state.stone_at(cell)
        if stone is None:
            continue
        x, y = (round(v) for v in view.centre(*divmod(cell, 11)))
        box = pygame.Rect(x - 2, y - 2, 5, 5)
        found = emblem_pixels(picture, box, EMBLEM_RING, 0)
        assert (found > 0) == (stone == 1), f"{size} px: {'Red' if stone else 'Blue'}'s stone at {cell}: {found} white pixels"


def tag_ink_contrast(screen: pygame.Surface, tag: pygame.Rect) -> float:
    """The contrast of a tag's text with its ground, read off the screen: its ground the colour
    most of its inside is, its ink the pixel inside that stands furthest from it (a letter's
    solid middle)."""
    inside = tag.inflate(-4, -4).clip(screen.get_rect())
    pixels = [tuple(screen.get_at((x, y)))[:3] for x in range(inside.left, inside.right)
              for y in range(inside.top, inside.bottom)]
    ground = Counter(pixels).most_common(1)[0][0]
    return max(contrast(pixel, ground) for pixel in pixels)


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_analysis_values_on_the_board_read_as_text(app, game_id, name):
    """The values analysis writes on the board were on see-through tags, whose middle greys and
    reds over the wood or a white piece stood 3.5:1 to 4.3:1 from their ink.  On a position of
    every game, in every theme, values of every tone from a loss to a win are drawn where the
    board puts them; each tag's text stands 4.5:1 (WCAG's ratio for text) from its ground."""
    options, moves = POSITIONS[game_id]
    scene = drawn_still(app, game_id, name, moves, options)
    legal = [move for move in scene.state.legal_moves() if scene.view.value_anchor(move)]
    tones = [-1.0, -0.6, -0.3, -0.1, 0.0, 0.1, 0.3, 0.6, 1.0]
    labels = {move: MoveLabel(f"{round(100 * tones[i % len(tones)])}", tone=tones[i % len(tones)], rank=(-i,))
              for i, move in enumerate(legal)}
    assert labels, f"{game_id}: no move to value"
    layout = draw_move_values(app.screen, scene.view, labels, app.theme)
    assert layout.tags, f"{game_id}: no tag drawn"
    for tag, place in layout.tags:
        seen = tag_ink_contrast(app.screen, tag)
        assert seen >= 4.5, f"{game_id}: {place.label.text} (tone {place.label.tone}) at {tag}: {seen:.2f}:1"
