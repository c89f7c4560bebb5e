"""Rastros board view: labels as in the course (rows 1..n from the top, written "1-" as a square's
row-col name starts, columns 1..n), the goal
squares marked S and N, a black stone on every visited square with the trail drawn through them in
order, the white piece, and the squares it may move to highlighted; a click on one moves there."""

from __future__ import annotations

import time

import pygame

from games.rastros import Rastros, RastrosState
from ui.board_marks import mark_width, rim_width, rimmed_circle, rimmed_lines, rimmed_rect
from ui.board_view import Overlay
from ui.grid_view import GridView
from ui.i18n import _
from ui.theme import Color, draw_text, readable
from ui.widgets import mix

STONE = (30, 30, 34)
PIECE = (250, 250, 246)
SMALL_CELL = 12  # squares narrower than this are a small picture's: the piece fills its square (``piece_size``)
THIN_RIM_UNDER = 28  # squares narrower than this draw the piece's rim a pixel wide (``piece_size``)
TRAIL = (236, 142, 58)
GOAL_TINT = 90  # the opacity of a goal's tint of its side's colour over the board
SLIDE_SECONDS = 0.18


class RastrosView(GridView):
    marks_legal = True
    bottom_side = 0  # South's goal is the bottom-left corner

    def __init__(self, game: Rastros) -> None:
        super().__init__(game)
        self.rows = self.cols = game.n
        self._slide_from: int | None = None  # the square the piece is sliding from
        self._duration = SLIDE_SECONDS

    def col_label(self, col: int) -> str:
        return str(col + 1)

    def row_label(self, row: int) -> str:
        """"8-": a square is written row-col as the course writes it ("South reached 8-1"), so
        the rows' numbers at the sides end in the dash that the columns' follow: a newcomer read
        "8-1" as column 8, row 1, the board numbered alike on both edges."""
        return f"{row + 1}-"

    def move_at(self, state: RastrosState, row: int, col: int) -> int | None:
        move = row * self.cols + col
        return move if state.moves_mask() >> move & 1 else None

    def grabs(self, state: RastrosState, pos: tuple[int, int]) -> bool:
        cell = self.cell_at(pos)
        return cell is not None and not state.is_terminal() and cell[0] * self.cols + cell[1] == state.white

    def move_cell(self, move: int) -> tuple[int, int]:
        return divmod(move, self.cols)

    def reject_reason(self, state: RastrosState, row: int, col: int, keys: bool = False) -> str:
        if not state.is_terminal() and row * self.cols + col == state.white:  # the player meant to take it
            return (_("that is the piece: Enter on a marked square next to it") if keys else
                    _("that is the piece: click a marked square next to it"))
        return super().reject_reason(state, row, col, keys)

    def draw_cell(self, surface, state: RastrosState, row, col, rect: pygame.Rect, overlay: Overlay) -> None:
        game: Rastros = self.game
        theme = overlay.theme
        i = row * self.cols + col
        goal = {game.goal_south: (0, "S"), game.goal_north: (1, "N")}.get(i)
        if goal is not None:
            colour = theme.side0 if goal[0] == 0 else theme.side1
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((*colour, GOAL_TINT))
            surface.blit(shade, rect)
            rimmed_rect(surface, colour, rect, max(2, rect.width // 14))  # a goal, never a legal square; rimmed: seen on the wood
            draw_text(surface, goal[1], rect.center, max(10, int(rect.height * 0.42)), goal_ink(colour, theme.board), "center")
        if state.blacks >> i & 1:
            pygame.draw.circle(surface, STONE, rect.center, int(rect.width * 0.36))
        elif overlay.show_legal and overlay.interactive and state.moves_mask() >> i & 1:
            # a dot, as on the other boards: a tint would look like South's goal corner
            centre, radius = legal_dot(rect, goal is not None)
            if goal is not None:  # on the goal's tint the dot stands on a disc of the board, as on any square
                pygame.draw.circle(surface, theme.board, centre, goal_disc(rect))
            rimmed_circle(surface, mover_colour(theme, state.to_move), centre, radius)
        if overlay.hint == i:
            rimmed_circle(surface, theme.hint, rect.center, max(4, rect.width // 6), max(2, rect.width // 20))

    def status_text(self, state: RastrosState, keys: bool = False, mover: str = "") -> str:
        if state.is_terminal():
            return ""
        game: Rastros = self.game
        reach = state.reachable()
        cut = [_("{side}'s goal {square} is cut off").format(side=_(side), square=name) for side, goal, name in (
            ("South", game.goal_south, f"{game.n}-1"), ("North", game.goal_north, f"1-{game.n}"))
            if not reach >> goal & 1]
        if len(cut) == 2:
            return _("Both goals are cut off: whoever makes the last move wins")
        return cut[0] if cut else ""

    # -- animation --------------------------------------------------------------------------
    def move_shown(self, before, move, after) -> None:
        super().move_shown(before, move, after)
        self._slide_from = before.white if isinstance(before, RastrosState) else None

    def is_animating(self) -> bool:
        return self._slide_from is not None and time.monotonic() - self.animation_started < self._duration

    def _piece_centre(self, state: RastrosState, overlay: Overlay) -> tuple[int, int]:
        """Where the piece is drawn: on its square, under the mouse while dragged, or on its way
        there just after a move."""
        if overlay.drag is not None:
            return overlay.drag[1]
        to = self.cell_rect(*divmod(state.white, self.cols)).center
        trail = state.trail
        if overlay.animation_speed <= 0:  # Animations Off: nothing slides, nor is said to (``is_animating``)
            self._duration = 0.0
            return to
        if self._slide_from is None or len(trail) < 2 or trail[-2] != self._slide_from:
            return to
        self._duration = SLIDE_SECONDS / overlay.animation_speed
        t = min(1.0, (time.monotonic() - self.animation_started) / self._duration)
        t = 1 - (1 - t) ** 2  # ease out
        start = self.cell_rect(*divmod(self._slide_from, self.cols)).center
        return (round(start[0] + (to[0] - start[0]) * t), round(start[1] + (to[1] - start[1]) * t))

    def draw_extras(self, surface, state: RastrosState, overlay: Overlay) -> None:
        centre = self._piece_centre(state, overlay)
        trail = state.trail
        if len(trail) >= 2:
            points = [self.cell_rect(*divmod(i, self.cols)).center for i in trail[:-1]] + [centre]
            width = 1 if self.cell < SMALL_CELL else trail_width(self.cell, self.text_size)
            rimmed_lines(surface, TRAIL, points, width)  # rimmed: seen on the wood between the stones too
            for p in points[:-1]:  # a dot on each stone, where the orange itself is seen
                pygame.draw.circle(surface, TRAIL, p, width)
        radius, rim = piece_size(self.cell)
        pygame.draw.circle(surface, STONE, centre, radius)  # the rim: whole round, however small
        pygame.draw.circle(surface, PIECE, centre, radius - rim)
        if state.is_terminal():
            pygame.draw.circle(surface, overlay.theme.win_on_board, centre, radius + 3, max(3, self.cell // 14))


VIEW = RastrosView


def piece_size(cell: int) -> tuple[int, int]:
    """The piece's radius and the width of its dark rim on squares ``cell`` pixels wide.  On a
    small picture's squares (under ``SMALL_CELL``) the piece fills its square and its rim is a
    pixel: the usual 2-pixel rim round a 1-pixel radius left no white, and the piece was one
    more dark dot among the stones.  Its white never shrinks as the squares grow: the main
    menu's card at 1280x800, with squares just over ``SMALL_CELL``, showed a piece smaller than
    the 800x600 card's (the radius and rim stay at the small picture's until they pass it)."""
    if cell < SMALL_CELL:
        return cell // 2, 1
    radius = max(int(cell * 0.36), SMALL_CELL // 2)
    return radius, 1 if cell < THIN_RIM_UNDER else max(2, cell // 22)


def trail_width(cell: int, text_size: float) -> int:
    """The trail's width on squares ``cell`` pixels wide: it grows with them and with the Text size,
    and its black rims, a third of it (``ui.board_marks``), with it.  Orange is as light as the
    wood, so the trail is seen there by its rims: a pixel each at a fourteenth of a square, lost
    on a projected board."""
    return mark_width(cell, 0.075, text_size)


def goal_ink(colour: Color, board: Color) -> Color:
    """The colour of a goal's letter (S, N): the side's ``colour`` darkened or lightened until it
    reads as text (4.5:1) on the goal's tint of it over ``board``.  In the side's own colour it
    stood 2.1:1 to 2.6:1 there, and the letter is what tells the goals apart without colour."""
    return readable(colour, mix(board, colour, GOAL_TINT / 255))


def mover_colour(theme, side: int):
    """The colour of the legal squares' dots: the side to move's, as its goal is drawn.  They were
    the theme's accent, the blue of South's goal in the Dark and Light themes, so a human playing
    North (red) was shown its moves in the opponent's colour.  Rimmed (``rimmed_circle``), a dot
    is seen on its own side's tinted goal too (the winning step)."""
    return theme.side0 if side == 0 else theme.side1


def goal_disc(rect: pygame.Rect) -> int:
    """The radius of the disc of the board's colour under a legal move's dot on a goal square,
    reaching a little past the dot's dark rim (``legal_dot``): on the goal's tint of a side's
    colour the dot (the mover's colour, lightened to stand from its rim) stood 1.3:1 to 1.8:1
    from the tint, on the mover's own goal (the winning step) its colour on a tint of itself; on
    the board's colour it reads as on any square.  As far across as the dot and rim of a plain
    square, in the goal's corner (clear of the letter in the middle, a pixel inside the square)."""
    return max(6, int(rect.width * 0.165))


def legal_dot(rect: pygame.Rect, on_goal: bool) -> tuple[tuple[int, int], int]:
    """The centre and radius of the dot that marks a square the piece can move to: in the middle,
    or on a goal square in its lower right corner, clear of the goal's letter (a move onto the
    opponent's goal, legal on a small board, hid its "N" under the dot), on a disc of the board
    (``goal_disc``) over the corner of the goal's frame.  There it was two thirds of the other
    squares' dot across, on the tint, the winning step's mark the hardest to see."""
    if not on_goal:
        return rect.center, max(3, int(rect.width * 0.13))
    disc = goal_disc(rect)
    margin = max(2, rect.width // 50)  # the board's colour seen round the dot's rim
    radius = next(r for r in range(disc, 1, -1) if r + rim_width(r) + margin <= disc)
    return (rect.right - disc - 1, rect.bottom - disc - 1), radius
