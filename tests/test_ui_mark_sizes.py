"""What a player with low vision must find on a board, read off the screen: the legal moves' dots
are large enough to see in the smallest window, Red's emblem is on every Hex stone shown (the
hover's ghost, a saved game's small picture), and the analysis' values on the board read as text."""

from __future__ import annotations

import math
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


TONES = [-1.0, -0.6, -0.3, -0.1, 0.0, 0.1, 0.3, 0.6, 1.0]  # from a loss to a win


def toned_labels(moves: list) -> dict:
    """A label of every tone from a loss to a win on ``moves``, in turn."""
    return {move: MoveLabel(f"{round(100 * TONES[i % len(TONES)])}", tone=TONES[i % len(TONES)], rank=(-i,))
            for i, move in enumerate(moves)}


def dot_contrast(screen: pygame.Surface, ground: pygame.Surface, centre: tuple[int, int], reach: int) -> float:
    """How far a dot drawn at ``centre`` stands from what it lies on, read off the screen: the
    pixels within ``reach`` that the dot changed, against the board as it was there before it
    (``ground``), the best of them (a mark is seen by its rim or by its fill)."""
    best = 1.0
    for x in range(centre[0] - reach, centre[0] + reach + 1):
        for y in range(centre[1] - reach, centre[1] + reach + 1):
            drawn, under = tuple(screen.get_at((x, y)))[:3], tuple(ground.get_at((x, y)))[:3]
            if drawn != under:
                best = max(best, contrast(drawn, under))
    return best


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_analysis_value_dots_stand_out_from_the_board(app, monkeypatch, game_id, name):
    """Where the board has no room for a tag, analysis marks a move with a dot of its value's
    colour: a red dot stood 1.2:1 from Reversi's felt, red, grey and green ones 2.7:1 to 3.0:1
    from the wood and from Trax's tiles.  On a position of every game, in every theme, with every move a dot
    (as on a board too small for tags) of each tone from a loss to a win, each dot stands 3:1
    (WCAG's ratio for marks) from what it lies on, by its rim or by its fill."""
    from ui import analysis_mode

    monkeypatch.setattr(analysis_mode, "FEW_TAGS", 0)  # no tag: every valued place a dot
    monkeypatch.setattr(analysis_mode, "_fitting", lambda *_args: False)
    monkeypatch.setattr(analysis_mode, "FULL_FONT", 1000)
    options, moves = POSITIONS[game_id]
    scene = drawn_still(app, game_id, name, moves, options)
    ground = app.screen.copy()
    labels = toned_labels([move for move in scene.state.legal_moves() if scene.view.value_anchor(move)])
    layout = draw_move_values(app.screen, scene.view, labels, app.theme)
    assert layout.dots and not layout.tags, f"{game_id}: no dot drawn"
    for place in layout.dots:
        seen = dot_contrast(app.screen, ground, place.centre, place.size // 4)
        assert seen >= 3, f"{game_id}: the dot at {place.centre} (tone {place.label.tone}): {seen:.2f}:1"


@pytest.mark.parametrize("tone", TONES)
@pytest.mark.parametrize("name", list(THEMES))
def test_the_value_tips_colour_chips_stand_out_from_the_tip(app, monkeypatch, name, tone):
    """The pointer's tip over a dot lists the value of its move beside a chip of the value's
    colour: the light theme's green chip stood 2.8:1 from the tip's white.  Read off the screen,
    each tone's chip stands 3:1 (WCAG's ratio for marks) from the tip, in every theme."""
    from ui import analysis_mode
    from ui.analysis_mode import draw_value_tip

    monkeypatch.setattr(analysis_mode, "FEW_TAGS", 0)  # every valued place a dot, which the tip speaks of
    monkeypatch.setattr(analysis_mode, "_fitting", lambda *_args: False)
    monkeypatch.setattr(analysis_mode, "FULL_FONT", 1000)
    scene = drawn_still(app, "reversi", name)
    labels = {move: MoveLabel("+5", tone=tone, rank=(0,)) for move in scene.state.legal_moves()}
    centre = draw_move_values(app.screen, scene.view, labels, app.theme).dots[0].centre
    found = analysis_mode.value_tip(app.screen.get_rect(), scene.view, labels, centre)
    tip = draw_value_tip(app.screen, scene.view, labels, centre, app.theme)
    assert tip is not None and found is not None
    height = found.lines[0][1]
    from ui import text as tx

    chip = pygame.Rect(tip.x + found.pad, tip.y + found.pad + tx.line_height(height) // 2 - found.chip // 2,
                       found.chip, found.chip)
    seen = max(contrast(tuple(app.screen.get_at((x, y)))[:3], app.theme.panel)
               for x in range(chip.left, chip.right) for y in range(chip.top, chip.bottom))
    assert seen >= 3, f"the chip of tone {tone}: {seen:.2f}:1"


def ray_runs(screen: pygame.Surface, centre: tuple[int, int], reach: int, ground: Color) -> list[tuple[bool, int]]:
    """Out from ``centre`` between the board's lines (up and to the left), ``reach``
    pixels: the runs of pixels that are ``ground`` (True) or not, with their lengths."""
    angle = math.radians(112.5)  # clear of the last move (d4xb2), which crosses c3 up to the right
    runs: list[list] = []
    for d in range(reach):
        bare = tuple(screen.get_at((round(centre[0] + d * math.cos(angle)), round(centre[1] - d * math.sin(angle)))))[:3] == ground
        if runs and runs[-1][0] == bare:
            runs[-1][1] += 1
        else:
            runs.append([bare, 1])
    return [(bare, n) for bare, n in runs]


@pytest.mark.parametrize("text_size", [1.0, 1.5], ids=["usual text", "larger text"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 500)], ids=["1280x800", "smallest"])
def test_alquerques_landing_marks_are_large_enough_to_see(tmp_path, monkeypatch, size, text_size):
    """A piece picked (a real click) marks where it can go: a step's point with a dot, a capture's
    landing with a ring.  Those marks were outside the dots' measure above, and at Larger text the
    step's dot kept its size while every other game's legal dots grew with the text (23 pixels
    across beside Reversi's 34 at 1280x800).  Read off the screen, a step's dot is at least 6
    pixels and a fifth of the points' step across, times the Text size, as the other games'
    dots are; a capture's ring is drawn in a stroke at least 3 pixels wide."""
    from games.alquerque import is_step, parse_point
    from tests.test_ui_contrast import TAKES_AND_STEPS
    from tests.ui_helpers import click, make_app

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.text_size = text_size
        app.apply_settings()
        scene = started(app, "alquerque", TAKES_AND_STEPS)
        scene.view.animation_started -= 10  # the last move's animation over
        view, a1 = scene.view, parse_point("a1")
        click(app, view.point_xy(a1))
        app.invalidate()
        app.run_frames(2)
        board = app.theme.board
        landings = view.next_points(scene.state)
        assert {is_step((a1, p)) for p in landings} == {True, False}, landings
        for p in landings:
            runs = ray_runs(app.screen, view.point_xy(p), view.step // 2, board)
            if is_step((a1, p)):
                bare, radius = runs[0]
                across, least = 2 * radius - 1, max(6, round(view.step / 5 * view.text_size) - 1)
                assert not bare and across >= least, f"{size}, text {text_size}: a step's dot {across} px across, a step {view.step} px"
            else:
                stroke = [n for bare, n in runs if not bare][-1]  # outside the cross on the piece the last move took
                assert runs[-1][0] and stroke >= 3, f"{size}, text {text_size}: a capture's ring {stroke} px wide"
    finally:
        app.quit()
    assert not app.errors, app.errors[0]
