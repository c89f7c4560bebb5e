"""Reversi board view: the green Othello board, discs that flip, legal-move dots and the pass.

Discs that changed colour since ``overlay.previous`` turn over like real discs: they narrow to
an edge in their old colour and widen again in the new one; the disc just placed grows in.  A
side whose only move is a pass is told so under the board, and any click on the board passes.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pygame

from games.reversi import PASS, Reversi, ReversiState
from ui.board_marks import legal_dot_radius, rimmed_circle, two_tone_dot
from ui.board_view import Click, Overlay
from ui.grid_view import GridView
from ui.i18n import _
from ui.theme import draw_text, font

FELT = (16, 122, 68)
FELT_LINES = (0, 30, 15)  # 3.3:1 on the felt (WCAG's 3:1 for graphics): the lighter green stood 2.0:1, the squares ran together
PICTURE_LINES = (8, 70, 38)  # a small picture's, where discs fill their squares (``_on_felt``)
BLACK_DISC = (22, 22, 24)
WHITE_DISC = (240, 240, 236)
WHITE_DISC_EDGE = (150, 150, 150)
SMALL_DISC_RADIUS = 5  # a disc smaller than this is drawn plain and fills its square (``_small_disc``)
FLIP_SECONDS = 0.3
PASS_BANNER_SECONDS = 2.0


class ReversiView(GridView):
    marks_legal = True

    def __init__(self, game: Reversi) -> None:
        super().__init__(game)
        self.rows = self.cols = game.size
        self._flip_pending = False
        self._duration = FLIP_SECONDS

    # -- moves ------------------------------------------------------------------------------
    def move_at(self, state: ReversiState, row: int, col: int) -> int | None:
        if state.must_pass():
            return PASS  # the only legal move: any square passes
        move = row * self.cols + col
        return move if state.move_mask() >> move & 1 else None

    def move_cell(self, move: int) -> tuple[int, int] | None:
        return None if move == PASS else divmod(move, self.cols)

    def click(self, state: ReversiState, pos: tuple[int, int], keys: bool = False) -> Click:
        if state.must_pass() and self.cell_at(pos) is not None:
            return Click.play(PASS)
        return super().click(state, pos, keys)

    def status_text(self, state: ReversiState, keys: bool = False, mover: str = "") -> str:
        if not state.must_pass():
            return ""
        said = (_("{side} has no move: Enter or Space passes") if keys
                else _("{side} has no move: click the board or press Space twice to pass"))  # the panel's words
        return said.format(side=mover or _(self.game.sides[state.to_move]))

    def play_tips(self, state: ReversiState, keys: bool = False) -> tuple[str, ...]:
        """The pass, said as the line under the board says it (``status_text``): the panel said
        "Click the board or use the arrow keys" while that line said the player had no move but a
        pass; then "press Space twice" while that line said "click anywhere" (a click off the
        board passes nothing)."""
        if not state.must_pass():
            return ()
        if keys:
            return _("No move: Enter or Space passes"), _("Enter or Space passes")
        return _("No move: click the board or press Space twice to pass"), _("Click the board to pass")

    # -- animation --------------------------------------------------------------------------
    def move_shown(self, before, move, after) -> None:
        super().move_shown(before, move, after)
        self._flip_pending = before is not None and move != PASS

    def is_animating(self) -> bool:
        return self._flip_pending and time.monotonic() - self.animation_started < self._duration

    def _progress(self, overlay: Overlay) -> float:
        """0..1 through the flip animation (1 when none is running)."""
        if overlay.animation_speed <= 0 or overlay.previous is None:
            self._duration = 0.0
            return 1.0
        self._duration = FLIP_SECONDS / overlay.animation_speed
        age = time.monotonic() - self.animation_started
        return min(1.0, age / self._duration) if self._duration > 0 else 1.0

    # -- drawing ----------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, overlay: Overlay) -> None:
        pygame.draw.rect(surface, FELT, self.grid)

    def draw(self, surface: pygame.Surface, state: ReversiState, overlay: Overlay) -> None:
        self._t = self._progress(overlay)
        super().draw(surface, state, _on_felt(overlay, disc_radius(self.cell) < SMALL_DISC_RADIUS))
        self._draw_star_points(surface)

    def draw_cell(self, surface, state: ReversiState, row, col, rect, overlay: Overlay) -> None:
        i = row * self.cols + col
        colour = 0 if state.boards[0] >> i & 1 else 1 if state.boards[1] >> i & 1 else None
        radius = disc_radius(rect.width)
        if colour is None:
            if overlay.show_legal and overlay.interactive and state.move_mask() >> i & 1:
                legal_dot(surface, rect, state.to_move, self.text_size)
            if overlay.hint == i:
                rimmed_circle(surface, overlay.theme.hint, rect.center, max(3, rect.width // 6), 3)
            return
        if radius < SMALL_DISC_RADIUS:
            _small_disc(surface, rect, colour)
            return
        before = self._colour_before(overlay.previous, i)
        t = self._t
        if before == colour or t >= 1.0:
            _disc(surface, rect.center, radius, colour, 1.0)
        elif before is None:  # the disc just placed grows in
            _disc(surface, rect.center, max(1, int(radius * (0.3 + 0.7 * t))), colour, 1.0)
        elif t < 0.5:  # turning over: the old face narrows to an edge ...
            _disc(surface, rect.center, radius, before, 1.0 - 2 * t)
        else:  # ... and the new face widens
            _disc(surface, rect.center, radius, colour, 2 * t - 1.0)

    @staticmethod
    def _colour_before(previous: ReversiState | None, i: int) -> int | None:
        if previous is None:
            return None
        return 0 if previous.boards[0] >> i & 1 else 1 if previous.boards[1] >> i & 1 else None

    def _draw_star_points(self, surface: pygame.Surface) -> None:
        """The four small dots of a real 8x8 Othello board, around the centre 4x4 squares (not
        under small discs, which fill their squares: a dot there bit into them)."""
        if self.rows != 8 or disc_radius(self.cell) < SMALL_DISC_RADIUS:
            return
        k = 2
        for r in (k, self.rows - k):
            for c in (k, self.cols - k):
                x, y = self.grid.x + c * self.cell, self.grid.y + r * self.cell
                pygame.draw.circle(surface, FELT_LINES, (x, y), max(2, self.cell // 16))

    def draw_extras(self, surface, state: ReversiState, overlay: Overlay) -> None:
        """Announce a pass on the board for a moment (it would hide moves if it stayed)."""
        age = time.monotonic() - self.animation_started
        if overlay.last_move != PASS or state.is_terminal() or age > PASS_BANNER_SECONDS:
            return
        said, size, banner = self.pass_banner(state)
        shade = pygame.Surface(banner.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, banner)
        draw_text(surface, said, banner.center, size, (255, 255, 255), "center")

    def pass_banner(self, state: ReversiState) -> tuple[str, int, pygame.Rect]:
        """The pass announcement: its words, their size and the box around them, as wide as the
        words and a little room (never narrower than English's "Black passed" had), the size
        made smaller on a board too narrow for them."""
        said = _("{side} passed").format(side=_(self.game.sides[1 - state.to_move]))
        size = max(12, self.cell // 3)
        while size > 9 and font(size).size(said)[0] > self.grid.width - self.cell:
            size -= 1
        width = max(int(self.cell * 3.2), font(size).size(said)[0] + size * 2)
        banner = pygame.Rect(0, 0, width, int(size * 1.9))
        banner.midtop = (self.grid.centerx, self.grid.top + self.cell // 4)
        return said, size, banner


def disc_colour(side: int) -> tuple[int, int, int]:
    """A side's discs' colour (0 Black), also the colour of its legal squares' dots when it is to
    move: the dots were black for both sides, the opponent's colour on White's turn."""
    return BLACK_DISC if side == 0 else WHITE_DISC


def legal_dot(surface: pygame.Surface, square: pygame.Rect, side: int, text_size: float) -> None:
    """The dot on a square ``side`` may play: its discs' colour in a rim of the other's
    (``two_tone_dot``), sized by the square and the Text size.  Black's plain dots, a twelfth of
    a square, stood 3.3:1 from the felt and 1.9:1 on a washed-out projector, lost from the back."""
    two_tone_dot(surface, disc_colour(side), square.center, legal_dot_radius(square.width, text_size))


def disc_radius(cell: int) -> int:
    """The radius of a disc on a square ``cell`` pixels wide."""
    return int(cell * 0.42)


def _disc(surface: pygame.Surface, center: tuple[int, int], radius: int, colour: int, width_share: float) -> None:
    """A disc seen at an angle: full width at 1, an edge-on line at 0 (for the flip)."""
    w = max(2, int(2 * radius * width_share))
    rect = pygame.Rect(0, 0, w, 2 * radius)
    rect.center = center
    shadow = rect.move(max(1, radius // 10), max(1, radius // 10))
    pygame.draw.ellipse(surface, (0, 50, 25), shadow)
    pygame.draw.ellipse(surface, disc_colour(colour), rect)
    if colour == 1:
        pygame.draw.ellipse(surface, WHITE_DISC_EDGE, rect, 1)
    elif w > 8:  # a soft highlight so black discs read as round
        shine = pygame.Rect(0, 0, w // 3, radius // 2)
        shine.center = (center[0] - w // 6, center[1] - radius // 3)
        pygame.draw.ellipse(surface, (70, 70, 76), shine)


def _small_disc(surface: pygame.Surface, square: pygame.Rect, colour: int) -> None:
    """A disc a few pixels across (a game card's, a game list's picture), drawn plain over the
    whole of its ``square`` inside the grid's line: the shadow and the white disc's grey edge, a
    pixel or two there, merged a black disc with the felt's dark lines into one dark spot and
    shrank a white one to a dot.  Plain, each face stands 3:1 from the felt."""
    line = max(1, square.width // 30)  # GridView's line along the square's top and left
    face = pygame.Rect(square.x + line, square.y + line, square.width - line, square.height - line)
    pygame.draw.ellipse(surface, disc_colour(colour), face)


def _on_felt(overlay: Overlay, picture: bool = False) -> Overlay:
    """The scene's overlay with grid lines that read on green felt (labels keep the theme's colour):
    3:1 from it on a board to play on; on a small ``picture``, whose discs fill their squares, a
    green near the felt's, so that no empty square shows a pixel as dark as a black disc."""
    lines = PICTURE_LINES if picture else FELT_LINES
    if overlay.theme.grid == lines:
        return overlay
    return replace(overlay, theme=replace(overlay.theme, grid=lines))


VIEW = ReversiView
