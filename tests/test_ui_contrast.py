"""Text a low-vision player can read: every theme's text colours stand 4.5:1 (WCAG's ratio for
text) from the panels and backgrounds, and labels on coloured fills (a button that is on, a
warning) take the ink that reads there (white on the dark theme's light blue was 2.7:1)."""

from __future__ import annotations

import math
import types
from collections import Counter

import pygame
import pytest

import games
from tests.ui_helpers import count_calls, key
from ui import theme as theme_module
from ui.board_marks import MARK_RIM, shown
from ui.board_view import Overlay
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


def test_a_colour_made_readable_on_a_ground_is_weighed_once(monkeypatch):
    """Every frame asks ``readable`` again for the same colours on the same grounds (the setup
    screen's labels and cards, a side's name), each answer a search of up to 51 contrasts: a tenth
    of the setup screen's frame.  Asked again, as a tuple with its alpha or as a pygame Color, it
    is the colour found the first time, weighing no contrast."""
    blue, panel = (70, 130, 180), THEMES["light"].panel
    first = theme_module.readable(blue, panel)
    weighed = count_calls(monkeypatch, theme_module, "contrast")
    again = [theme_module.readable((*blue, 128), panel), theme_module.readable(pygame.Color(*blue), pygame.Color(*panel))]
    assert again == [first, first] and weighed == [0]
    assert contrast(first, panel) >= 4.6


def test_the_ink_on_a_fill_is_weighed_once(monkeypatch):
    """A board's marks (``outline_colour``) and analysis's tags ask ``ink_on`` of a few fills
    hundreds of times a frame, each answer two contrasts: a tenth of a 15x15 analysis's frame.
    Asked again, as a tuple with its alpha or as a pygame Color, it is the ink found the first
    time, weighing no contrast."""
    yellow, blue = (240, 200, 40), (40, 60, 160)
    first = [theme_module.ink_on(yellow), theme_module.ink_on(blue)]
    assert first == [theme_module.INK, theme_module.WHITE]
    weighed = count_calls(monkeypatch, theme_module, "contrast")
    again = [theme_module.ink_on((*yellow, 128)), theme_module.ink_on(pygame.Color(*blue))]
    assert again == first and weighed == [0]


def _alquerque_still(app, theme_name: str, moves: list[str]) -> GameScene:
    """A hotseat Alquerque game in theme ``theme_name`` after ``moves``, on the screen with the
    last move's animation over, so that a drawn pixel is the board's still colour."""
    app.settings.theme = theme_name
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10  # the last move's animation over
    return scene


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


@pytest.mark.parametrize("hovered", [False, True], ids=["still", "hovered"])
@pytest.mark.parametrize("name", list(THEMES))
def test_a_button_that_is_on_reads_with_its_key_under_the_pointer_too(app, name, hovered):
    """The key beside a button's label, in a colour faded toward its fill, stood 2.8:1 to 3.9:1
    from a button that is on (Legal moves, L), and under the pointer the light theme's label
    itself 4.4:1 from the paler fill.  Read off the screen, still and hovered, the label's ink
    and its key's each stand 4.5:1 (WCAG's ratio for text) from the button's fill."""
    app.settings.theme = name
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    app.run_frames(2)
    button = scene.btn_legal
    assert button.active and button.shown_hint() == "L"
    if hovered:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(2)
        assert button.hovered
    scene.draw(app.screen)
    inside = button.rect.inflate(-8, -8)
    fill = Counter(tuple(app.screen.get_at((x, y))[:3]) for x in range(inside.left, inside.right)
                   for y in range(inside.top, inside.bottom)).most_common(1)[0][0]
    inked = [x for x in range(inside.left, inside.right)
             if any(contrast(app.screen.get_at((x, y))[:3], fill) > 1.5 for y in range(inside.top, inside.bottom))]
    key_columns = pygame.Rect(inked[-1] - scene.panel._s(6), inside.top, scene.panel._s(6) + 1, inside.height)
    label_columns = pygame.Rect(inked[0], inside.top, scene.panel._s(20), inside.height)
    for part, rect in (("label", label_columns), ("key", key_columns)):
        assert best_ink(app.screen, rect, fill) >= 4.5, f"{name}: the {part}, {best_ink(app.screen, rect, fill):.2f}:1"


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
@pytest.mark.parametrize("kind", ["info", "warn", "error"])
def test_a_pill_over_a_card_stands_out_from_the_background_it_reaches(name, kind):
    """A message over a screen's card (New game, the rules, Play from here) is wider than the card
    at 800x600, its ends on the window's background: in the light theme the pill, moved to stand
    3:1 from the white card, stood 2.9:1 from the grey background.  Now it stands 3:1 from both,
    its words 4.5:1 from it."""
    theme = THEMES[name]
    surface = pygame.Surface((800, 200))
    surface.fill(theme.background)
    messages = Messages()
    messages.add("The unfinished game is kept: Continue it from the main menu", kind)
    messages.draw(surface, theme, (400, 190), 1.0, 700, ground=theme.panel)
    one = Messages.pill_height(1.0)
    fill = tuple(surface.get_at((400, 190 - one + 2))[:3])  # above the letters, inside the pill
    assert contrast(fill, theme.background) >= 3.0, fill
    words = pygame.Rect(300, 190 - one + 4, 200, one - 8)
    assert best_ink(surface, words, fill) >= 4.5


@pytest.mark.parametrize("name", list(THEMES))
def test_hex_last_move_mark_stands_out_from_the_wood_and_the_stone(app, name):
    """Hex's last move was a yellow dot: as light as the wood (1.06:1) and faint on a red stone.
    With a dark rim round it, the mark stands 3:1 (WCAG's ratio for marks) from the board and
    from both stones, by its rim or by its yellow."""
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
    for colour in ("on_board", "win_on_board", "legal", "side0", "side1"):  # the last move and hint: rimmed, below
        assert contrast(getattr(theme, colour), theme.board) >= 3, colour

    def drawn(scene, point) -> tuple[int, int, int]:
        app.switch(scene)
        app.run_frames(60)  # animations over
        scene.over_hidden = True  # the game-over card, which dims the board after a moment
        scene.draw(app.screen)
        return tuple(app.screen.get_at(point))[:3]

    scene = GameScene(app, MatchSetup("rastros", {}, HOTSEAT, (None, None), 0.1))
    square = scene.state.legal_moves()[0]
    app.switch(scene)
    assert drawn(scene, scene.view.cell_rect(*divmod(square, scene.view.cols)).center) == shown(theme.side0)  # South's move

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
    from ui.scenes.panel_cards import side_colour
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


@pytest.mark.parametrize("name", list(THEMES))
def test_the_graphs_middle_line_stands_out_from_its_ground(name):
    """The evaluation graph's middle line (even: above it the first side is better) stood 2.3:1
    from the graph's ground on the light theme, lost where no side's area rose from it.  As drawn
    it now stands 3:1 from the ground beside it in every theme."""
    import games
    from ui.eval_graph import draw_graph

    theme = THEMES[name]
    surface = pygame.Surface((400, 100))
    surface.fill(theme.panel)
    area = pygame.Rect(10, 10, 380, 78)
    draw_graph(surface, area, [None] * 5, games.load("reversi"), theme, 1.0, 4)  # no values: the line alone
    x = area.centerx
    line, beside = tuple(surface.get_at((x, area.centery)))[:3], tuple(surface.get_at((x, area.centery - 6)))[:3]
    assert contrast(line, beside) >= 3, f"{name}: {contrast(line, beside):.2f}:1"


# Machado, Oliveira and Fernandes (2009), severity 1: how a colour looks without red (protanopia)
# or green (deuteranopia) cones, applied to linear RGB.
COLOUR_BLINDNESS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def seen_with(colour, deficiency: str | None) -> tuple[int, int, int]:
    """``colour`` as a viewer with ``deficiency`` sees it (an sRGB colour); None: full colour sight."""
    if deficiency is None:
        return tuple(colour[:3])

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
    scene.over_hidden = True  # the game-over card, which dims the board after a moment on a loaded machine
    scene.draw(app.screen)
    between = scene.view.cell_rect(0, 0)
    assert tuple(app.screen.get_at((between.right, between.centery)))[:3] == theme.win_on_board


def surfaces_marked(theme) -> dict[str, tuple[int, int, int]]:
    """Everything a last move's or a hint's mark may lie on: the board and the sides' colours (Hex's
    stones, X and O, Rastros' goals), Reversi's felt and discs, Rastros' stones and piece, Alquerque's
    pieces, Trax's tile face and paths; and its own rim."""
    from ui.views import alquerque, rastros, reversi, trax

    return {"board": theme.board, "side0": theme.side0, "side1": theme.side1, "felt": reversi.FELT,
            "black disc": reversi.BLACK_DISC, "white disc": reversi.WHITE_DISC, "stone": rastros.STONE,
            "Rastros' piece": rastros.PIECE, "white piece": alquerque.WHITE_PIECE, "black piece": alquerque.BLACK_PIECE,
            "Trax tile": trax.TILE_FACE, **{f"Trax path {i}": colour for i, colour in trax.PATH_COLOURS.items()},
            "rim": MARK_RIM}


@pytest.mark.parametrize("deficiency", [None, *COLOUR_BLINDNESS])
@pytest.mark.parametrize("name", list(THEMES))
def test_the_last_move_and_the_hint_stand_out_from_all_they_are_drawn_on(name, deficiency):
    """The dark theme's last-move frame and hint were as light as its wood (1.06:1, 1.16:1), the
    light theme's 1.5:1 and 1.9:1, High contrast's dark magenta 2.3:1 on a black piece: no one
    colour stands out from wood, felt, red tiles and black and white pieces alike.  Drawn light
    with a black rim (ui.board_marks), each mark stands 3:1 (WCAG's ratio for marks) from every
    surface by its rim or by its colour, and its colour 3:1 from its rim, as every viewer sees them."""
    theme = THEMES[name]
    for mark in ("last_move", "hint"):
        colour, rim = seen_with(getattr(theme, mark), deficiency), seen_with(MARK_RIM, deficiency)
        for surface, ground in surfaces_marked(theme).items():
            ground = seen_with(ground, deficiency)
            best = max(contrast(colour, ground), contrast(rim, ground))
            assert best >= 3, f"{mark} on {surface}: {best:.2f}:1"


def lab(colour) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65): distances in it are how different two colours look."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    r, g, b = (linear(c) for c in colour[:3])
    x, y, z = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("deficiency", [None, *COLOUR_BLINDNESS])
@pytest.mark.parametrize("name", list(THEMES))
def test_the_last_move_and_the_hint_are_told_apart_from_the_other_marks(name, deficiency):
    """High contrast's last move (magenta) and hint (blue) looked the same lavender without red or
    green cones (6 apart in CIELAB), the dark theme's hint and its marks of legal moves two blues
    19 apart.  The last move, the hint, the legal moves' marks and the
    sides' colours stand at least 25 apart (CIE76; 2.3 is the least a viewer sees) as every
    viewer sees them."""
    theme = THEMES[name]
    others = ("legal", "on_board", "side0", "side1")
    for mark, other in [("last_move", "hint")] + [(m, o) for m in ("last_move", "hint") for o in others]:
        apart = math.dist(lab(seen_with(getattr(theme, mark), deficiency)), lab(seen_with(getattr(theme, other), deficiency)))
        assert apart >= 25, f"{mark} and {other}: {apart:.0f} apart"


def rimmed_on(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], colour) -> bool:
    """True where, along the pixels from ``start`` to ``end`` (one row or column), ``colour`` lies
    right next to the marks' black rim."""
    (x0, y0), (x1, y1) = start, end
    n = max(abs(x1 - x0), abs(y1 - y0))
    shown = [tuple(surface.get_at((x0 + (x1 - x0) * i // n, y0 + (y1 - y0) * i // n)))[:3] for i in range(n + 1)]
    return any({a, b} == {tuple(colour), MARK_RIM} for a, b in zip(shown, shown[1:]))


@pytest.mark.parametrize("name", list(THEMES))
def test_the_last_move_and_the_hint_are_drawn_rimmed(app, name):
    """The marks are drawn as the rule above measures them: the colour beside its black rim (a
    last-move frame and a hint's frame and dot in Tic-tac-toe, a hint's ring in Reversi and in
    Rastros, a hint's frame in Trax, over the ghost of the tile it hints (drawn under it, the frame
    showed dimmed through the ghost), a last move's path and ring in Alquerque)."""
    from games.alquerque import parse_point

    app.settings.theme = name
    theme = app.theme

    def shown(game_id: str, moves: list[str], hint_text: str | None = None) -> GameScene:
        scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1), moves)
        app.switch(scene)
        app.run_frames(5)
        scene.view.animation_started -= 10  # the last move's animation over
        if hint_text is not None:
            scene.hint = scene.game.parse_move(scene.state, hint_text)
        scene.draw(app.screen)
        return scene

    scene = shown("tictactoe", ["b2", "a1"], "c2")
    a1, c2 = scene.view.cell_rect(0, 0), scene.view.cell_rect(1, 2)
    assert rimmed_on(app.screen, (a1.left + 2, a1.centery), a1.center, theme.last_move)
    assert rimmed_on(app.screen, (c2.left + 2, c2.centery), c2.center, theme.hint)  # its frame
    assert rimmed_on(app.screen, c2.center, (c2.center[0], c2.top + 2), theme.hint)  # its dot
    scene = shown("reversi", ["f5"], "f4")
    f4 = scene.view.cell_rect(3, 5)
    assert rimmed_on(app.screen, f4.center, (f4.right - 8, f4.centery), theme.hint)
    scene = shown("rastros", ["3-5"], "2-4")
    square = scene.view.cell_rect(1, 3)
    assert rimmed_on(app.screen, square.center, (square.right - 8, square.centery), theme.hint)
    scene = shown("trax", ["f5+"], "f4/")  # the frame over the hinted tile's ghost, not dimmed by it
    f4 = scene.view.cell_rect(*scene.view.move_cell(scene.hint))
    assert rimmed_on(app.screen, (f4.left, f4.centery), f4.center, theme.hint)
    scene = shown("alquerque", ["d2-c3"])
    (x, y), (dx, dy) = scene.view.point_xy(parse_point("c3")), scene.view.point_xy(parse_point("d2"))
    assert rimmed_on(app.screen, (x, y), (x, y - scene.view.step // 2), theme.last_move)  # the ring round it
    assert rimmed_on(app.screen, ((x + dx) // 2 - 10, (y + dy) // 2), ((x + dx) // 2 + 10, (y + dy) // 2), theme.last_move)  # the path


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("moves", [[], ["c2-c3"]], ids=["White's rings", "Black's rings"])
def test_alquerque_rings_round_the_pieces_that_can_move_are_seen_on_both_colours(app, name, moves):
    """Alquerque rings the pieces that can move in the accent: the dark theme's thin blue ring stood
    1.4:1 from its wood and 2.2:1 from a white piece, the light theme's and High contrast's 2.7:1
    and 2.4:1 from a black one (as the least of the three viewers sees them).  Read off the screen,
    along a ray out from a ringed piece's edge (between the board's lines), the ring has pixels 3:1
    from the piece and from the board, as every viewer sees them, on pieces of both colours and in
    every theme."""
    from ui.views.alquerque import BLACK_PIECE, WHITE_PIECE

    scene = _alquerque_still(app, name, moves)
    theme = app.theme
    scene.draw(app.screen)
    view, state = scene.view, scene.state
    piece = WHITE_PIECE if state.to_move == 0 else BLACK_PIECE
    x, y = view.point_xy(min(view.movable_pieces(state)))
    angle = math.radians(22.5)  # halfway between two of the board's lines
    ray = [tuple(app.screen.get_at((round(x + d * math.cos(angle)), round(y - d * math.sin(angle)))))[:3]
           for d in range(view.radius + 1, view.radius + view.step // 6)]
    ring = [pixel for pixel in ray if pixel != theme.board]  # the wood between ring and piece left out
    assert ring
    for deficiency in (None, *COLOUR_BLINDNESS):
        for ground in (piece, theme.board):
            best = max(contrast(seen_with(pixel, deficiency), seen_with(ground, deficiency)) for pixel in ring)
            assert best >= 3, f"{deficiency}: the ring on {ground}, {best:.2f}:1"


@pytest.mark.parametrize("deficiency", [None, *COLOUR_BLINDNESS])
@pytest.mark.parametrize("name", list(THEMES))
def test_the_marks_of_legal_moves_stand_out_from_the_board(name, deficiency):
    """The dark theme marked Rastros' legal squares, Alquerque's points to go to and the cell a
    Trax picker is for in the panels' light blue: 1.4:1 from its wood.  Those marks, and the legal
    moves' dots, stand 3:1 (WCAG's ratio for marks) from the board in every theme, as every viewer
    sees them."""
    theme = THEMES[name]
    for mark in ("on_board", "legal"):
        ratio = contrast(seen_with(getattr(theme, mark), deficiency), seen_with(theme.board, deficiency))
        assert ratio >= 3, f"{mark}: {ratio:.2f}:1"


ALQUERQUE_GROUNDS = ("board", "white piece", "black piece")
WHERE_RIMMED = {  # each colour the views draw rimmed, and what it is drawn on (surfaces_marked's names)
    "last_move": None, "hint": None,  # everywhere
    "on_board": ALQUERQUE_GROUNDS, "invalid": ALQUERQUE_GROUNDS,  # Alquerque's rings and crosses
    "win": ("Trax path 0", "Trax path 1"), "win_on_board": ("board",),  # Trax's loop, Hex's chain
    "side0": ("board",), "side1": ("board",),  # Rastros' goals, Hex's swap ring
}


@pytest.mark.parametrize("deficiency", [None, *COLOUR_BLINDNESS])
@pytest.mark.parametrize("name", list(THEMES))
def test_a_rimmed_mark_is_seen_on_what_it_is_drawn_on(name, deficiency):
    """A mark drawn rimmed (ui.board_marks) shows pixels 3:1 from each thing it is drawn on, in
    each colour the views give it.  A dark colour is drawn lightened for this: the light theme's
    red cross over a jumped black piece stood 1.9:1.  (Hex's winning chain, on stones too, is
    measured as drawn: test_hex_winning_chain_is_seen_on_the_stones_it_joins.)"""
    from ui.board_marks import rimmed_lines

    theme = THEMES[name]
    grounds = surfaces_marked(theme)
    for colour, where in WHERE_RIMMED.items():
        for surface_name in where or [k for k in grounds if k != "rim"]:
            ground = grounds[surface_name]
            surface = pygame.Surface((40, 40))
            surface.fill(ground)
            rimmed_lines(surface, getattr(theme, colour), [(5, 20), (35, 20)], 6)
            drawn = {tuple(surface.get_at((20, y)))[:3] for y in range(40)}
            best = max(contrast(seen_with(pixel, deficiency), seen_with(ground, deficiency)) for pixel in drawn)
            assert best >= 3, f"{colour} on {surface_name}: {best:.2f}:1"


def rimmed_in(surface: pygame.Surface, rect: pygame.Rect, colour) -> bool:
    """True where somewhere in ``rect`` a pixel of ``colour`` lies right next to the marks' rim."""
    for y in range(rect.top, rect.bottom):
        shown = [tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)]
        if any({a, b} == {tuple(colour), MARK_RIM} for a, b in zip(shown, shown[1:])):
            return True
    return False


@pytest.mark.parametrize("name", list(THEMES))
def test_goals_chains_and_winning_paths_are_drawn_rimmed(app, name):
    """Rastros' goal frames (the dark theme's blue and red 2.4:1 from its wood), Hex's winning
    chain (in the text's colour: 1.4:1 on the dark theme's wood, 1.2:1 on High contrast's board),
    the ring where Hex's swapped stone would go (red, 2.3:1 on the dark wood) and Trax's winning
    loop (light green on the light path, 1.7:1 in the dark theme) are drawn rimmed."""
    from tests.test_trax import CHAIN
    from ui.board_marks import shown
    from ui.views.hex import chain_colour

    app.settings.theme = name
    theme = app.theme

    def drawn(game_id: str, options: dict, moves: list[str], start: str | None = None) -> GameScene:
        scene = GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 0.1, start=start), moves)
        app.switch(scene)
        app.run_frames(5)
        scene.view.animation_started -= 10  # the last move's animation over
        scene.over_hidden = True  # the game-over card over the board
        scene.draw(app.screen)
        return scene

    scene = drawn("rastros", {}, [])
    goal = scene.view.cell_rect(*divmod(scene.game.goal_south, scene.view.cols))
    assert rimmed_in(app.screen, goal, shown(theme.side0))
    scene = drawn("hex", {"size": 3}, ["a1", "a3", "b1", "b3", "c1"])  # Blue's row 1
    around = pygame.Rect(0, 0, scene.view.radius * 2, scene.view.radius * 2)
    around.center = scene.view.value_anchor(0)[0]
    assert rimmed_in(app.screen, around, chain_colour(theme))
    scene = drawn("hex", {"size": 5, "swap": True}, ["b3"])  # the swap would make it Red's c2
    around.center = scene.view.value_anchor(scene.game.parse_move(scene.state, "c2"))[0]
    assert rimmed_in(app.screen, around, shown(theme.side1))
    scene = drawn("trax", {"size": 7}, ["c3/"], start=CHAIN)  # a loop of four closes
    loop = scene.view.cell_rect(2, 2).union(scene.view.cell_rect(3, 3))
    assert rimmed_in(app.screen, loop, shown(theme.win))


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("winner, moves", [("Blue", ["a1", "a3", "b1", "b3", "c1"]),  # row 1
                                           ("Red", ["b1", "a1", "b2", "a2", "c3", "a3"])],  # column a
                         ids=["Blue's chain", "Red's chain"])
def test_hex_winning_chain_is_seen_on_the_stones_it_joins(app, name, winner, moves):
    """Hex's winning chain runs over its stones: its black rim stood 2.8:1 from the light theme's
    red stones to a player without red cones, its green 2.4:1.  Read off the screen, across each
    stone of the chain (the diameter across the chain's line), it has pixels 3:1 from the stone as
    every viewer sees them, on Blue's and Red's stones in every theme."""
    app.settings.theme = name
    theme = app.theme
    scene = GameScene(app, MatchSetup("hex", {"size": 3}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10  # the last move's animation over
    scene.over_hidden = True  # the game-over card over the board
    scene.draw(app.screen)
    stone = theme.side0 if winner == "Blue" else theme.side1
    reach = int(scene.view.radius * 0.72)  # the stone's radius
    chain = scene.state.winning_chain()
    assert len(chain) == 3
    for cell in chain:
        x, y = scene.view.value_anchor(cell)[0]
        across = [(x, y + d) for d in range(-reach, reach + 1)] if winner == "Blue" else \
            [(x + d, y) for d in range(-reach, reach + 1)]  # the highlight on the stone left clear
        drawn = {tuple(app.screen.get_at(point))[:3] for point in across} - {tuple(stone)}
        for deficiency in (None, *COLOUR_BLINDNESS):
            best = max(contrast(seen_with(pixel, deficiency), seen_with(stone, deficiency)) for pixel in drawn)
            assert best >= 3, f"{deficiency}: the chain on {winner}'s stone, {best:.2f}:1"


@pytest.mark.parametrize("name", list(THEMES))
def test_the_evaluation_bar_shows_its_length_whoever_leads(app, name):
    """The bar's rim stood 1.1:1 to 1.6:1 from the window's background, and one side of Reversi,
    Trax and Alquerque is drawn in about the background's colour (black on the dark theme, white
    on the light one): with that side ahead the bar looked empty.  Its rim, read off the screen
    in analysis mode (key A), stands 3:1 from the background beside it."""
    app.settings.theme = name
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1), [])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_a)
    scene.draw(app.screen)
    bar = scene.board_side.eval_rect
    assert bar.height > 100
    rim = tuple(app.screen.get_at((bar.left - 1, bar.centery)))[:3]
    beside = tuple(app.screen.get_at((bar.left - 6, bar.centery)))[:3]
    assert contrast(rim, beside) >= 3, (rim, beside)


def new_game_form(app):
    from ui.scenes.setup import SetupScene

    scene = SetupScene(app, game_id="hex")
    return scene, lambda: scene.panel


def rules_page(app):
    from ui.scenes.rules import RulesScene

    scene = RulesScene(app, "hex")
    return scene, lambda: scene.page


@pytest.mark.parametrize("screen", [new_game_form, rules_page])
@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("kind", ["info", "warn", "error"])
def test_a_message_over_a_screens_card_stands_out_from_it(app, screen, name, kind):
    """The New game screen draws the window's messages over its form's card, the rules screen
    over its page: an information's pill, the panels' colour, was the card's own and read as
    plain text ("The unfinished game is kept: ..."), and the light theme's yellow warning stood
    1.5:1 from it.  Each pill now stands 3:1 from the card, and its words 4.5:1 from the pill."""
    app.settings.theme = name
    scene, card_rect = screen(app)
    app.switch(scene)
    app.run_frames(2)
    app.messages.add("The unfinished game is kept: Continue it from the main menu", kind, duration=30.0)
    app.dirty = True
    app.run_frames(2)
    one = Messages.pill_height(app.scale)
    centre, bottom = app._messages_centre(), app.messages_bottom()
    inside = pygame.Rect(centre - 50, bottom - one + 4, 100, one - 8)
    assert card_rect().contains(inside)  # over the card
    shown = Counter(tuple(app.screen.get_at((x, y))[:3]) for x in range(inside.left, inside.right)
                    for y in range(inside.top, inside.bottom))
    fill = shown.most_common(1)[0][0]  # the pill's own colour, round the letters
    assert contrast(fill, app.theme.panel) >= 3.0, f"{name}: the {kind} pill is {contrast(fill, app.theme.panel):.2f}:1"
    assert best_ink(app.screen, inside, fill) >= 4.5


def bar_parts(app, game_id: str, options: dict, monkeypatch, from_graph: bool = False) -> dict[float, tuple]:
    """The evaluation bar of ``game_id`` in analysis mode (key A) with each side ahead (the value
    +0.6 or -0.6 of the graph's scale): for each value, (the second side's part, the first's, the
    pixels across the line between them, the background beside the bar), read off the screen.
    ``from_graph``: the value is the graph's (analysis has none of its own), in dimmed colours."""
    from ui import eval_bar

    scene = GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 0.1), [])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_a)
    bar = scene.board_side.eval_rect
    shown = {}
    for value in (0.6, -0.6):
        if from_graph:
            monkeypatch.setattr(eval_bar, "position_value", lambda _snapshot, _game: None)
            monkeypatch.setattr(scene.board_side, "graph_value", lambda _points, v=value: eval_bar.GraphValue(v, ""))
        else:  # analysis' own value, not a graph's: a search reported by now (7x7 Hex proven) keeps out
            monkeypatch.setattr(eval_bar, "position_value", lambda _snapshot, _game, v=value: (v, ""))
            monkeypatch.setattr(scene.board_side, "graph_value", lambda _points: None)
        scene.draw(app.screen)
        split = bar.y + int(bar.height * (1 - value) / 2)
        top = tuple(app.screen.get_at((bar.centerx, (bar.y + split) // 2 - 10)))[:3]
        bottom = tuple(app.screen.get_at((bar.centerx, (split + bar.bottom) // 2 + 10)))[:3]
        line = [tuple(app.screen.get_at((bar.centerx, y)))[:3] for y in range(split - 2, split + 3)]
        beside = tuple(app.screen.get_at((bar.left - 6, bar.centery)))[:3]
        shown[value] = (top, bottom, line, beside)
    return shown


@pytest.mark.parametrize("name", list(THEMES))
def test_the_evaluation_bars_two_parts_stand_apart_from_each_other_and_the_window(app, name, monkeypatch):
    """On the light theme White's share of the bar was drawn in White's colour, 1.1:1 from the
    window beside it: with White ahead the bar looked empty.  Each part now stands 3:1 from the
    window there, and parts of colours close in lightness (Hex's blue and red) have a line
    between them that stands 3:1 from both.  The dark themes' parts keep the sides' colours."""
    from ui.scenes.panel_cards import side_colour

    app.settings.theme = name
    for game_id, options in (("reversi", {}), ("trax", {"size": 7}), ("hex", {"size": 7})):
        sides = games.info(game_id).sides
        for value, (top, bottom, line, beside) in bar_parts(app, game_id, options, monkeypatch).items():
            said = f"{game_id} at {value}"
            if contrast(top, bottom) < 3:
                assert any(min(contrast(p, top), contrast(p, bottom)) >= 3 for p in line), said
            if name == "light":
                assert min(contrast(top, beside), contrast(bottom, beside)) >= 3, (said, top, bottom, beside)
            else:
                assert (bottom, top) == tuple(side_colour(s, i, app.theme) for i, s in enumerate(sides)), said


@pytest.mark.parametrize("name", list(THEMES))
def test_the_evaluation_bars_dimmed_parts_still_stand_out_from_the_window(app, name, monkeypatch):
    """While analysis has no value of its own for the position (a computer searching, a move
    browsed back to) the bar shows the graph's in colours faded toward the panel: Hex's blue and
    red stood 2.0:1 from the window in every theme, the light theme's White 1.7:1, and the bar
    looked empty.  Each faded part now stands 3:1 from the window wherever its full colour does."""
    from ui.eval_bar import fill_colour
    from ui.scenes.panel_cards import side_colour

    app.settings.theme = name
    for game_id, options in (("reversi", {}), ("trax", {"size": 7}), ("hex", {"size": 7})):
        sides = games.info(game_id).sides
        full = [fill_colour(side_colour(s, i, app.theme), app.theme) for i, s in enumerate(sides)]
        for value, (top, bottom, _line, beside) in bar_parts(app, game_id, options, monkeypatch, True).items():
            for side, part in ((0, bottom), (1, top)):
                assert part != full[side], f"{game_id} at {value}: side {side} is not dimmed"
                if contrast(full[side], beside) >= 3:
                    ratio = contrast(part, beside)
                    assert ratio >= 3, f"{game_id} at {value}: side {side}'s part {part} is {ratio:.2f}:1"


TAKES_AND_STEPS = ["b2-c3", "b3-b2", "b1xb3", "d4xb2"]  # White to move: a1 may step to b1 or take b2 on c3


def landing_mark(screen: pygame.Surface, view, point: int) -> dict[str, tuple[int, int, int]]:
    """The pixels of the mark on ``point`` read off ``screen`` along a ray between the board's
    lines: near its centre ("inside") and near the rim of a piece's circle ("rim").  Up and to
    the left: the last move (d4xb2) crosses c3 from upper right to lower left."""
    x, y = view.point_xy(point)
    angle = math.radians(112.5)  # halfway between two of the board's lines

    def at(d: float) -> tuple[int, int, int]:
        return tuple(screen.get_at((round(x + d * math.cos(angle)), round(y - d * math.sin(angle)))))[:3]

    return {"inside": at(view.radius * 0.25), "rim": at(view.radius * 0.72)}


@pytest.mark.parametrize("name", list(THEMES))
def test_alquerque_capture_landings_are_marked_apart_from_steps(app, name):
    """A picked piece's marks did not tell captures from steps: a1's landing after taking b2 (c3)
    and its step (b1) had the same ring round a fill.  Read off the screen, a step's mark is a
    dot (filled at its centre, the board near a piece's rim) and a capture's a ring (the other
    way round): told apart by shape, as seen without red or green cones too, each mark 3:1 from
    the board in every theme, for every viewer."""
    from games.alquerque import is_step, parse_point

    scene = _alquerque_still(app, name, TAKES_AND_STEPS)
    theme = app.theme
    a1 = parse_point("a1")
    scene.mouse.click(scene.view.point_xy(a1))
    scene.draw(app.screen)
    landings = scene.view.next_points(scene.state)
    kinds = {p: "step" if is_step((a1, p)) else "capture" for p in landings}
    assert sorted(kinds.values()) == ["capture", "step"]
    for p, kind in kinds.items():
        mark = landing_mark(app.screen, scene.view, p)
        filled, bare = ("inside", "rim") if kind == "step" else ("rim", "inside")
        assert mark[filled] == theme.on_board and mark[bare] == theme.board, (kind, mark)
        for deficiency in (None, *COLOUR_BLINDNESS):
            ratio = contrast(seen_with(mark[filled], deficiency), seen_with(theme.board, deficiency))
            assert ratio >= 3, f"{kind} on {deficiency}: {ratio:.2f}:1"


def _legal_dot_colours(app, game_id: str, moves: list[str]) -> set[tuple[int, int, int]]:
    """The colours at the centres of the legal squares' dots, in a hot-seat game after ``moves``."""
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(60)  # animations over
    scene.draw(app.screen)
    centres = [scene.view.cell_rect(*divmod(m, scene.view.cols)).center for m in scene.state.legal_moves()]
    return {tuple(app.screen.get_at(c))[:3] for c in centres}


@pytest.mark.parametrize("name", list(THEMES))
def test_the_legal_moves_dots_are_in_the_movers_colour(app, name):
    """Rastros' dots were the theme's accent, in the Dark and Light themes the blue of South's goal,
    also on North's turn (a human playing red North was shown its moves in the opponent's colour);
    Reversi's were black on White's turn too.  Each is the mover's now, on either side's turn."""
    from ui.views import rastros, reversi

    app.settings.theme = name
    theme = app.theme
    for moves, mover in (([], 0), (["5-5"], 1)):
        assert _legal_dot_colours(app, "rastros", moves) == {shown((theme.side0, theme.side1)[mover])}, moves
    assert _legal_dot_colours(app, "reversi", []) == {reversi.BLACK_DISC}
    assert _legal_dot_colours(app, "reversi", ["d3"]) == {reversi.WHITE_DISC}
    assert rastros.mover_colour(theme, 1) != rastros.mover_colour(theme, 0)


def washed_out(colour) -> tuple[int, int, int]:
    """``colour`` as a washed-out projector shows it: 40% of the way to white (the room's light
    and the projector's own spill over every pixel)."""
    return tuple(round(c + (255 - c) * 0.4) for c in colour[:3])


def colour_runs(pixels: list[tuple[int, int, int]]) -> list[tuple[tuple[int, int, int], int]]:
    """``pixels`` read across a mark as runs of one colour: (colour, how many pixels)."""
    runs: list[list] = []
    for pixel in pixels:
        if runs and runs[-1][0] == pixel:
            runs[-1][1] += 1
        else:
            runs.append([pixel, 1])
    return [(colour, n) for colour, n in runs]


EDGE_RUN = 2
"""The least width in pixels of each tone either side of the edge a mark is seen by."""


def strongest_edge(pixels: list[tuple[int, int, int]], wash: bool) -> float:
    """The best contrast of an edge a mark draws across ``pixels`` (read off the screen across it)
    between two tones, each at least ``EDGE_RUN`` wide, one of them the mark's (the other its own
    or the ground's), as drawn or washed out (``washed_out``).  On a washed-out projector's
    felt no colour stands 3:1 from the ground (white 2.6:1, black 2.3:1): a two-tone mark is seen
    by the edge between its tones."""
    seen = washed_out if wash else (lambda colour: tuple(colour[:3]))
    runs = colour_runs(pixels)
    best = 1.0
    for (a, na), (b, nb) in zip(runs, runs[1:]):  # neighbours differ: one of them is the mark's
        if na >= EDGE_RUN and nb >= EDGE_RUN:
            best = max(best, contrast(seen(a), seen(b)))
    return best


def projected_game(app, game_id: str, moves: list[str]) -> GameScene:
    """``game_id`` after ``moves`` in a hot-seat game at Larger text (Ctrl+plus twice, as a teacher
    sets it), its last move's animation over."""
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    assert app.settings.text_size == 1.5
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10
    scene.draw(app.screen)
    return scene


def across(screen: pygame.Surface, start: tuple[float, float], end: tuple[float, float]) -> list[tuple[int, int, int]]:
    """The pixels on the straight line from ``start`` to ``end``, one a pixel of its length."""
    n = round(math.dist(start, end))
    return [tuple(screen.get_at((round(start[0] + (end[0] - start[0]) * i / n),
                                 round(start[1] + (end[1] - start[1]) * i / n))))[:3] for i in range(n + 1)]


def reversi_dot(app, scene, _theme):
    """Across the first legal square's dot (Black's or White's, the side to move's), on the felt."""
    from ui.views.reversi import FELT

    square = scene.view.cell_rect(*divmod(min(scene.state.legal_moves()), scene.view.cols))
    return across(app.screen, (square.left + 4, square.centery), (square.right - 4, square.centery)), FELT


def alquerque_ring(app, scene, theme):
    """Out from a piece that can move, between the board's lines, across its ring, on the wood."""
    view = scene.view
    x, y = view.point_xy(min(view.movable_pieces(scene.state)))
    angle = math.radians(22.5)
    reach = (view.radius + 1, view.radius + view.step // 4)
    ends = [(x + d * math.cos(angle), y - d * math.sin(angle)) for d in reach]
    return across(app.screen, *ends), theme.board


def rastros_trail(app, scene, theme):
    """Across the trail from the first stone to the piece (one square right), past the stone, on the wood."""
    view = scene.view
    stone = view.cell_rect(*divmod(scene.state.trail[0], view.cols))
    x = stone.centerx + int(view.cell * 0.43)
    return across(app.screen, (x, stone.centery - view.cell // 4), (x, stone.centery + view.cell // 4)), theme.board


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id, moves, read", [
    ("reversi", [], reversi_dot), ("reversi", ["f5"], reversi_dot),
    ("alquerque", [], alquerque_ring), ("rastros", ["4-6"], rastros_trail)],
    ids=["Black's legal dots", "White's legal dots", "Alquerque's movable rings", "Rastros' trail"])
def test_marks_hold_on_a_washed_out_projector_at_larger_text(tmp_path, monkeypatch, name, game_id, moves, read):
    """Projected at 1024x768 with Larger text, Reversi's black legal-move dots stood 3.3:1 from
    the felt and 1.9:1 washed out; Alquerque's rings round the pieces that can move were 2 pixels
    between rims of 1, Rastros' orange trail (as light as the wood, seen by its rims) had rims of
    1.  Read off the screen across each, the mark draws an edge between two tones at least 2
    pixels wide each that stands 3:1 as drawn and with 40% of white light over everything."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(1024, 768))
    try:
        app.settings.theme = name
        scene = projected_game(app, game_id, moves)
        pixels, ground = read(app, scene, app.theme)
        assert len({p for p in pixels if p != tuple(ground)}) >= 2, colour_runs(pixels)  # a mark is there
        for wash in (False, True):
            best = strongest_edge(pixels, wash)
            assert best >= 3, f"washed out {wash}: {best:.2f}:1 across {colour_runs(pixels)}"
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


@pytest.mark.parametrize("size", [(1280, 800), (800, 500)], ids=["1280x800", "smallest"])
@pytest.mark.parametrize("name", list(THEMES))
def test_rastros_goal_letters_read_on_their_goals(tmp_path, monkeypatch, name, size):
    """Rastros' goals say whose they are by a letter, S and N, besides their colour: the letter
    was drawn in the goal's own colour on its tint of it, 2.1:1 to 2.6:1, the same blur as the
    square for a player with low vision.  Read off the screen, each letter's ink stands 4.5:1
    (WCAG's ratio for text) from its goal's fill, in every theme, at 1280x800 and in the smallest
    window, and it keeps its side's hue."""
    from tests.ui_helpers import make_app
    from ui.scenes.panel_cards import side_colour

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.theme = name
        scene = GameScene(app, MatchSetup("rastros", {}, HOTSEAT, (None, None), 0.1))
        app.switch(scene)
        app.run_frames(2)
        scene.draw(app.screen)
        view, game = scene.view, scene.game
        for side, goal in enumerate((game.goal_south, game.goal_north)):
            square = view.cell_rect(*divmod(goal, view.cols))
            inside = square.inflate(-square.width // 4, -square.height // 4)  # clear of the goal's rimmed frame
            pixels = Counter(tuple(app.screen.get_at((x, y)))[:3] for x in range(inside.left, inside.right)
                             for y in range(inside.top, inside.bottom))
            fill = pixels.most_common(1)[0][0]
            ink = max(pixels, key=lambda pixel: contrast(pixel, fill))
            assert contrast(ink, fill) >= 4.5, f"{game.sides[side]}'s letter: {contrast(ink, fill):.2f}:1"
            own = side_colour(game.sides[side], side, app.theme)
            assert ink.index(max(ink)) == own.index(max(own)), (ink, own)
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def _diameter(screen: pygame.Surface, centre: tuple[int, int], radius: int) -> list[tuple[int, int, int]]:
    """The pixels across a stone, along its level diameter (below its shine)."""
    x, y = centre
    return [tuple(screen.get_at((x + d, y)))[:3] for d in range(-radius + 1, radius)]


@pytest.mark.parametrize("name", list(THEMES))
def test_hexs_two_sides_differ_in_shape_not_only_in_colour(app, name):
    """Blue's and Red's stones were discs alike, told apart by their colour alone: 1.0:1 to 1.9:1
    apart in lightness, one grey to a player who sees no colour (or on a grey-scale print).  Red's
    stones carry a ring: read off the screen across each stone, Red's has pixels 3:1 from its own
    fill, as every viewer sees them, and Blue's none; the panel's dot for each side shows the
    same, its legend."""
    app.settings.theme = name
    scene = GameScene(app, MatchSetup("hex", {"size": 5}, HOTSEAT, (None, None), 0.1), ["c3", "b3", "a1"])
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10
    scene.view.draw(app.screen, scene.state, Overlay(theme=app.theme, interactive=False, animation_speed=0))
    radius = int(scene.view.radius * 0.72) - 2  # inside the stone's edge and shadow
    for deficiency in (None, *COLOUR_BLINDNESS):
        for ply, fill, ringed in ((0, app.theme.side0, False), (1, app.theme.side1, True)):  # c3, b3
            move = scene.history[ply].move
            centre = scene.view.value_anchor(move)[0]
            pixels = _diameter(app.screen, centre, radius)
            best = max(contrast(seen_with(p, deficiency), seen_with(fill, deficiency)) for p in pixels)
            assert (best >= 3) == ringed, f"{move} seen with {deficiency}: {best:.2f}:1 across it"
    scene.draw(app.screen)
    for side, ringed in ((0, False), (1, True)):
        card = scene.panel.player_cards[side]
        dot, fill = (card.x + scene.panel._s(24), card.centery), (app.theme.side0, app.theme.side1)[side]
        pixels = _diameter(app.screen, dot, scene.panel._s(11) - 2)
        assert (max(contrast(p, fill) for p in pixels) >= 3) == ringed, f"the panel's dot for side {side}"


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("size", [5, 11, 19])
def test_hexs_edges_say_whose_they_are_without_colour(app, name, size):
    """Hex's edge bands said whose edge is whose by their red and blue alone: as every viewer sees
    them 1.0:1 to 1.9:1 apart in lightness, and a player who tells them apart badly had to find on
    the rules page which edges to join.  Red's bands carry its stones' emblem, a white line: read
    off the screen inward across the middle of each band, Red's has pixels 3:1 from its fill as
    every viewer sees them, Blue's none, on boards of 5, 11 and 19 in every theme."""
    app.settings.theme = name
    scene = GameScene(app, MatchSetup("hex", {"size": size}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    app.run_frames(3)
    scene.draw(app.screen)
    view, theme = scene.view, app.theme
    centre, (tl, tr, br, bl) = view._band_corners(0.0)
    depth = round(view.radius * 0.25)  # the band beyond the cells' points
    for (a, b), fill, marked in (((tl, tr), theme.side1, True), ((br, bl), theme.side1, True),
                                 ((tr, br), theme.side0, False), ((bl, tl), theme.side0, False)):
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        inward = math.dist(middle, centre)
        ray = {tuple(app.screen.get_at((round(middle[0] + (centre[0] - middle[0]) * d / inward),
                                        round(middle[1] + (centre[1] - middle[1]) * d / inward))))[:3]
               for d in range(1, depth)}
        assert tuple(fill) in ray, f"not across the band: {ray}"
        for deficiency in (None, *COLOUR_BLINDNESS):
            best = max(contrast(seen_with(pixel, deficiency), seen_with(fill, deficiency)) for pixel in ray)
            assert (best >= 3) == marked, f"{'Red' if marked else 'Blue'}'s band seen with {deficiency}: {best:.2f}:1"


@pytest.mark.parametrize("name", list(THEMES))
def test_hexs_hint_and_last_move_differ_in_shape(app, name):
    """Hex marked the last move and a hint with a dot alike, yellow and light blue: for a player
    who tells those colours apart badly, the hint was one more last move.  Read off the screen
    across each mark, the last move is a dot (its colour at the centre) and the hint a ring (its
    colour round a centre left as the board is)."""
    app.settings.theme = name
    theme = app.theme
    scene = GameScene(app, MatchSetup("hex", {"size": 5}, HOTSEAT, (None, None), 0.1), ["c3"])
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10
    scene.hint = scene.game.parse_move(scene.state, "b4")
    scene.draw(app.screen)
    for move, colour, ring in ((scene.history[0].move, theme.last_move, False), (scene.hint, theme.hint, True)):
        (x, y), _size = scene.view.value_anchor(move)
        reach = [tuple(app.screen.get_at((x + d, y)))[:3] for d in range(int(scene.view.radius * 0.5))]
        assert shown(colour) in reach, (move, reach)
        assert (reach[0] != shown(colour)) == ring, f"{move}: {reach[0]} at its centre"


REFUSED_CLICKS = {  # a game's options and moves, then the cell a click is refused on (None: the first move's)
    "tictactoe": ({}, ["a1"], None), "hex": ({"size": 5}, ["c3"], None), "reversi": ({}, [], (0, 0)),
    "rastros": ({}, [], (4, 0)), "trax": ({}, ["f5+"], None), "alquerque": ({}, [], None),
}


def refused_flash(app, game_id: str, monkeypatch, clock) -> tuple[pygame.Rect, tuple[int, int], tuple[int, int]]:
    """A hot-seat game of ``game_id`` clicked (real mouse events) where the click is refused and
    drawn at once: the place clicked, and the ends of a line of pixels across the flash that
    marks it (from its middle out to its frame, or beyond a point's piece).  ``clock``: conftest's
    ``still_clock``, which the click's time is read on too, so that the flash (half a second) and
    its shake stand as they began however slow a loaded machine's frames are."""
    from ui import grid_view
    from ui.scenes import game_mouse

    still = types.SimpleNamespace(monotonic=lambda: clock.now)
    for module in (game_mouse, grid_view):
        monkeypatch.setattr(module, "time", still)
    options, moves, cell = REFUSED_CLICKS[game_id]
    scene = GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(5)
    scene.view.animation_started -= 10
    view = scene.view
    if game_id == "hex":
        centre = view.value_anchor(scene.history[0].move)[0]
        ends = (centre, (centre[0], round(centre[1] - view.radius * 1.2)))
    elif game_id == "alquerque":
        from games.alquerque import parse_point

        centre = view.point_xy(parse_point("a5"))  # Black's piece, White to move
        ends = ((centre[0] + view.radius // 2, centre[1]), (centre[0] + view.radius + view.step // 6, centre[1]))
    else:
        rect = view.cell_rect(*(cell or view.move_cell(scene.history[0].move)))
        centre, ends = rect.center, (rect.center, (rect.left - 2, rect.centery))
    from tests.ui_helpers import click

    click(app, centre, frames=1)
    assert scene.mouse.invalid_at is not None, f"{game_id}: the click was not refused"
    scene.draw(app.screen)
    return ends


@pytest.mark.parametrize("deficiency", [None, *COLOUR_BLINDNESS])
@pytest.mark.parametrize("name", list(THEMES))
def test_a_refused_clicks_flash_stands_out_from_all_it_is_drawn_on(name, deficiency):
    """The flash round a place whose click the rules refuse was the theme's red, plain: the dark
    theme's light red stood 1.6:1 from its wood, High contrast's 2.0:1 from its board, any of
    them 2.0:1 or less from Reversi's felt.  Drawn rimmed in a red light enough to stand out
    from the red of Trax's tiles and Hex's stones too, it stands 3:1 from every surface by its
    rim or by its colour, as every viewer sees them."""
    from ui.board_marks import flash_colour

    theme = THEMES[name]
    colour, rim = seen_with(flash_colour(theme.invalid), deficiency), seen_with(MARK_RIM, deficiency)
    assert contrast(colour, rim) >= 3
    for surface, ground in surfaces_marked(theme).items():
        ground = seen_with(ground, deficiency)
        best = max(contrast(colour, ground), contrast(rim, ground))
        assert best >= 3, f"the flash on {surface}: {best:.2f}:1"


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("game_id", list(REFUSED_CLICKS))
def test_a_refused_clicks_flash_is_drawn_rimmed(app, monkeypatch, still_clock, name, game_id):
    """The flash is drawn as the rule above measures it: its colour beside its black rim, read
    off the screen after a click refused in each game."""
    from ui.board_marks import flash_colour

    app.settings.theme = name
    start, end = refused_flash(app, game_id, monkeypatch, still_clock)
    assert rimmed_on(app.screen, start, end, flash_colour(app.theme.invalid)), game_id


def runs_of(pixels: list[tuple[int, int, int]], colour) -> int:
    """How many separate runs of ``colour`` lie along ``pixels``."""
    return sum(1 for before, pixel in zip([None, *pixels], pixels) if pixel == tuple(colour) and before != pixel)


@pytest.mark.parametrize("name", list(THEMES))
def test_alquerques_hint_and_last_move_differ_in_shape(app, name):
    """Alquerque drew a hint as it drew the last move, a line along the move with a ring where it
    lands, in light blue instead of yellow: told apart by colour alone.  Read off the screen along
    each line between the points it joins, the last move's is whole and the hint's dashed."""
    from games.alquerque import parse_point

    scene = _alquerque_still(app, name, ["b2-c3"])
    theme = app.theme
    scene.hint = scene.game.parse_move(scene.state, "b3-b2")
    scene.draw(app.screen)
    view = scene.view
    for move, colour, dashed in (("b2-c3", theme.last_move, False), ("b3-b2", theme.hint, True)):
        (x0, y0), (x1, y1) = (view.point_xy(parse_point(p)) for p in move.split("-"))
        ends = (view.radius + 2, view.step - view.radius - view.step // 12)  # clear of the piece and the ring
        pixels = [tuple(app.screen.get_at((round(x0 + (x1 - x0) * d / view.step), round(y0 + (y1 - y0) * d / view.step))))[:3]
                  for d in range(*ends)]
        runs = runs_of(pixels, shown(colour))
        assert runs >= 2 if dashed else runs == 1, (move, colour_runs(pixels))


def _dot_pixels(app, scene, square: pygame.Rect) -> tuple[list[tuple[int, int, int]], tuple[int, int, int]]:
    """The pixels of ``square`` that the legal-move dot changes (drawn with the legal moves shown,
    then without them) and the square's most common colour without it (its fill)."""
    def pixels() -> list[tuple[int, int, int]]:
        scene.draw(app.screen)
        return [tuple(app.screen.get_at((x, y)))[:3] for x in range(square.left, square.right)
                for y in range(square.top, square.bottom)]

    scene.show_legal = True
    shown_dot = pixels()
    scene.show_legal = False
    bare = pixels()
    scene.show_legal = True
    return [a for a, b in zip(shown_dot, bare, strict=True) if a != b], Counter(bare).most_common(1)[0][0]


@pytest.mark.parametrize("moves, goal", [([], "north"), (["3-2", "4-2"], "south")], ids=["opponents", "own"])
@pytest.mark.parametrize("name", list(THEMES))
def test_rastros_legal_dot_on_a_goal_is_as_plain_as_elsewhere(tmp_path, monkeypatch, name, moves, goal):
    """A legal move onto a goal square (the winning step onto one's own, a small board's step
    onto the opponent's) was marked by a dot two thirds the size of the other squares' dots, in
    the mover's colour on the goal's tint: on one's own goal the mover's colour on a tint of
    itself, 1.3:1.  Measured on the drawn board (the pixels the mark changes: the dot and the
    disc of the board under it), the goal's mark is as large as a plain square's dot, and the
    dot's ink (inside its dark rim) stands as far from what lies round it as a plain square's
    dot's from the board.  (``test_a_goal_the_piece_can_reach_keeps_its_letter_clear``: clear
    of the goal's letter.)"""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(1280, 800))
    try:
        app.settings.theme = name
        scene = GameScene(app, MatchSetup("rastros", {"size": 4}, HOTSEAT, (None, None), 0.1), moves)
        app.switch(scene)
        app.run_frames(60)  # animations over
        view, game = scene.view, scene.game
        target = game.goal_north if goal == "north" else game.goal_south
        legal = scene.state.legal_moves()
        assert target in legal
        plain = next(m for m in legal if m not in (game.goal_north, game.goal_south))
        plain_dot, plain_fill = _dot_pixels(app, scene, view.cell_rect(*divmod(plain, view.cols)))
        goal_dot, goal_fill = _dot_pixels(app, scene, view.cell_rect(*divmod(target, view.cols)))
        assert plain_dot and len(goal_dot) >= 0.9 * len(plain_dot), (len(goal_dot), len(plain_dot))
        rim = shown(MARK_RIM)
        plain_ink = Counter(pixel for pixel in plain_dot if pixel != rim).most_common(1)[0][0]
        inks = Counter(pixel for pixel in goal_dot if pixel != rim).most_common(2)
        ink = inks[0][0] if inks[0][0] == plain_ink else inks[-1][0]  # the dot's own colour, not a disc under it
        around = next((pixel for pixel, _n in inks if pixel != ink and _n > len(goal_dot) // 10), goal_fill)
        wanted = contrast(plain_ink, plain_fill)
        assert contrast(ink, around) >= wanted - 0.01, f"{ink} on {around}: {contrast(ink, around):.2f}:1, not {wanted:.2f}:1"
    finally:
        app.quit()
    assert not app.errors, app.errors[0]
