"""Text a low-vision player can read: every theme's text colours stand 4.5:1 (WCAG's ratio for
text) from the panels and backgrounds, and labels on coloured fills (a button that is on, a
warning) take the ink that reads there (white on the dark theme's light blue was 2.7:1)."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from tests.ui_helpers import key
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.theme import THEMES, contrast
from ui.widgets import Messages


def best_ink(surface: pygame.Surface, rect: pygame.Rect, fill) -> float:
    """The highest contrast with ``fill`` of any pixel in ``rect``: the label's ink where it is solid."""
    return max(contrast(surface.get_at((x, y))[:3], fill)
               for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("name", list(THEMES))
def test_text_colours_read_on_panels_and_backgrounds(name):
    theme = THEMES[name]
    for text in ("text", "muted", "accent", "win", "invalid"):
        for ground in ("background", "panel"):
            ratio = contrast(getattr(theme, text), getattr(theme, ground))
            assert ratio >= 4.5, f"{name}: {text} on {ground} is {ratio:.2f}:1"


@pytest.mark.parametrize("name", list(THEMES))
def test_a_button_that_is_on_reads_in_every_theme(app, name):
    app.settings.theme = name
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    key(app, pygame.K_l)
    key(app, pygame.K_l)  # off and on again: the Legal moves button is on, in the accent colour
    assert scene.btn_legal.active
    scene.draw(app.screen)
    rect = scene.btn_legal.rect.inflate(-8, -8)
    assert best_ink(app.screen, rect, app.theme.accent) >= 4.5


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("kind", ["warn", "error"])
def test_warnings_read_in_every_theme(name, kind):
    theme = THEMES[name]
    surface = pygame.Surface((800, 200))
    surface.fill(theme.background)
    messages = Messages()
    messages.add("Not a legal move", kind)
    messages.draw(surface, theme, (400, 190), 1.0, 700)
    pill = pygame.Rect(350, 190 - Messages.pill_height(1.0) + 4, 100, Messages.pill_height(1.0) - 8)  # inside it
    shown = Counter(tuple(surface.get_at((x, y))[:3]) for x in range(pill.left, pill.right)
                    for y in range(pill.top, pill.bottom))
    fill = shown.most_common(1)[0][0]  # the pill's own colour, round the letters
    assert best_ink(surface, pill, fill) >= 4.5


@pytest.mark.parametrize("name", list(THEMES))
def test_hex_last_move_mark_stands_out_from_the_wood_and_the_stone(app, name):
    """Hex's last move was a yellow dot: as light as the wood (1.06:1) and faint on a red stone.
    With a dark rim round it, the mark stands 3:1 (WCAG's ratio for marks) from the board and
    from both stones, by its rim or by its yellow."""
    from ui.views.hex import MARK_RIM

    app.settings.theme = name
    scene = GameScene(app, MatchSetup("hex", {"size": 5}, HOTSEAT, (None, None), 0.1), ["c3"])
    app.switch(scene)
    app.run_frames(60)  # the stone's animation over
    scene.draw(app.screen)
    theme = app.theme
    for ground in (theme.board, theme.side0, theme.side1):
        assert max(contrast(MARK_RIM, ground), contrast(theme.last_move, ground)) >= 3, ground
    assert contrast(MARK_RIM, theme.board) >= 3 and contrast(MARK_RIM, theme.last_move) >= 3
    centre = scene.view.value_anchor(12)[0]
    across = [tuple(app.screen.get_at((centre[0] + dx, centre[1])))[:3] for dx in range(int(scene.view.radius))]
    assert MARK_RIM in across and tuple(theme.last_move) in across  # the dot, and its rim, on the stone


def test_high_contrast_marks_stand_out_from_its_pale_board(app):
    """High contrast drew Rastros' legal squares, Alquerque's picked piece and the points it may
    go to, and Tic-tac-toe's winning line in the colours made for its black panels (yellow, light
    green): 1.2:1 and 1.1:1 on its pale board, next to invisible.  Every colour the views mark the
    board with stands 3:1 (WCAG's ratio for marks) from it, and the marks are drawn in them."""
    app.settings.theme = "contrast"
    theme = app.theme
    for colour in ("on_board", "win_on_board", "legal", "hint", "last_move", "side0", "side1"):
        assert contrast(getattr(theme, colour), theme.board) >= 3, colour

    def drawn(scene, point) -> tuple[int, int, int]:
        app.switch(scene)
        app.run_frames(60)  # animations over
        scene.draw(app.screen)
        return tuple(app.screen.get_at(point))[:3]

    scene = GameScene(app, MatchSetup("rastros", {}, HOTSEAT, (None, None), 0.1))
    square = scene.state.legal_moves()[0]
    app.switch(scene)
    assert drawn(scene, scene.view.cell_rect(*divmod(square, scene.view.cols)).center) == theme.on_board

    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), ["a1", "a2", "b1", "b2", "c1"])
    between = scene.view.cell_rect(0, 0)
    assert drawn(scene, (between.right, between.centery)) == theme.win_on_board  # X's row 1, over the grid line

    from games.alquerque import parse_point

    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1))
    drawn(scene, (0, 0))
    scene.mouse.click(scene.view.point_xy(parse_point("d3")))  # White's piece picked: c3 is marked
    x, y = scene.view.point_xy(parse_point("c3"))
    scene.draw(app.screen)
    assert theme.on_board in {tuple(app.screen.get_at((x + dx, y)))[:3] for dx in range(scene.view.radius)}


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", ["tictactoe", "hex", "reversi", "rastros", "alquerque", "trax"])
def test_the_graphs_side_names_read_on_their_plate(game_id, name):
    """The evaluation graph's "White better" stood 3.2:1 from its plate on the light theme (its
    colour was chosen by lightness), Hex's "Blue better" 4.1:1 on high contrast.  Each side's name,
    as drawn (the solid middle of its letters, at the usual scale), now stands 4.5:1 from the
    graph's ground, and a coloured side's name keeps its hue."""
    import games
    from ui.eval_graph import draw_graph
    from ui.scenes.game_panel import side_colour
    from ui.widgets import mix

    theme, game = THEMES[name], games.load(game_id)
    ground = mix(theme.panel, theme.background, 0.5)
    surface = pygame.Surface((400, 100))
    surface.fill(theme.panel)
    area = pygame.Rect(10, 10, 380, 78)
    draw_graph(surface, area, [None] * 5, game, theme, 1.0, 4)  # no line over the names
    halves = (pygame.Rect(area.x, area.y + 1, area.width // 2, area.height // 2 - 3),  # the middle line left out
              pygame.Rect(area.x, area.centery + 3, area.width // 2, area.height // 2 - 4))
    for side, half in enumerate(halves):
        ink = max((tuple(surface.get_at((x, y)))[:3] for x in range(half.left, half.right)
                   for y in range(half.top, half.bottom)), key=lambda c: contrast(c, ground))
        assert contrast(ink, ground) >= 4.5, f"{game.sides[side]} better: {contrast(ink, ground):.2f}:1"
        own = side_colour(game.sides[side], side, theme)
        if max(own) - min(own) > 60:  # Blue, Red ...: still the side's colour
            assert ink.index(max(ink)) == own.index(max(own)), (ink, own)


# Machado, Oliveira and Fernandes (2009), severity 1: how a colour looks without red (protanopia)
# or green (deuteranopia) cones, applied to linear RGB.
COLOUR_BLINDNESS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def seen_with(colour, deficiency: str) -> tuple[int, int, int]:
    """``colour`` as a viewer with ``deficiency`` sees it (an sRGB colour)."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def gamma(v: float) -> int:
        v = min(1.0, max(0.0, v))
        return round(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))

    rgb = [linear(c) for c in colour[:3]]
    return tuple(gamma(sum(m * c for m, c in zip(row, rgb))) for row in COLOUR_BLINDNESS[deficiency])


@pytest.mark.parametrize("deficiency", list(COLOUR_BLINDNESS))
@pytest.mark.parametrize("name", list(THEMES))
def test_a_winning_line_stands_out_from_the_board_without_red_green_sight(app, name, deficiency):
    """The dark theme drew Tic-tac-toe's winning line (and Rastros' ring round the winner's goal)
    in the panels' light green: 1.2:1 from the wood, and seen without red or green cones the same
    beige as the board, the line gone.  It stands 3:1 (WCAG's ratio for marks) from the board
    as every viewer sees both, and the line is drawn in it."""
    app.settings.theme = name
    theme = app.theme
    line, board = seen_with(theme.win_on_board, deficiency), seen_with(theme.board, deficiency)
    assert contrast(line, board) >= 3, f"{contrast(line, board):.2f}:1"
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), ["a1", "a2", "b1", "b2", "c1"])
    app.switch(scene)
    app.run_frames(60)  # animations over
    scene.draw(app.screen)
    between = scene.view.cell_rect(0, 0)
    assert tuple(app.screen.get_at((between.right, between.centery)))[:3] == theme.win_on_board
