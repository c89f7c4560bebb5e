"""A cursor on the board for players without a mouse: arrow keys move it, Enter or Space plays there.

The view names the places a click may land on (``BoardView.targets``: cells, points, the open Trax
tile picker's tiles), each with a key and a rectangle; the cursor keeps the key of the one it is
on and moves to the nearest place in the arrow's direction, so one rule serves square grids, Hex's
slanted rows and Alquerque's points; at the edge it goes round to the far end of the same row or
column.  The direction is the board's own (``BoardView.cursor_axes``):
Right and Left along a row, Down and Up along a column, however Hex's board is slanted and turned
to fit the window (on the screen, its cells below one were down-left and down-right alike on a
level board, and rounding chose).  Pressing it is a click at its centre (``BoardView.click``):
the view, and through it the game, says what that does, so the cursor never decides legality.

It first shows on a legal move: the one whose first place (``BoardView.first_place``) is nearest
the last move, or the board's centre; a first Enter on an empty Trax cell far from any tile, or on
Reversi's centre discs, was refused.  When its place goes (a tile picker opens or closes) the
cursor goes back to the place it was on before, if that is there again (the cell whose picker
closed), else to the nearest one.  Enter on a piece (Alquerque) takes it to the nearest place the piece may go
(``BoardView.picked_goes_to``).  After a move (either side's) it goes again to the legal move
nearest the last move (``aim``), not staying on the square just taken.  It is drawn as a ring in black and white, seen on any board
colour and in every theme.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from games.base import State
from ui.board_view import BoardView

DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class BoardCursor:
    """Where the keyboard points on the board (see the module's docstring)."""

    def __init__(self) -> None:
        self.on = False  # shown once an arrow, Space or Enter asked for it
        self.key: Hashable | None = None
        self.previous: Hashable | None = None  # the place before its own went: back there when a picker closes
        self.point: tuple[int, int] | None = None  # the last centre, for the nearest place if the key goes

    def reset(self) -> None:
        self.on, self.key, self.previous, self.point = False, None, None, None

    def current(self, view: BoardView, state: State, start: tuple[int, int] | None = None) -> pygame.Rect | None:
        """The place the cursor is on (None if the view has none): its own, else the one before
        that went, else the nearest to where it was; the first time, a legal move's
        (``first_aim``, near ``start``: the last move, else the board's centre)."""
        targets = view.targets(state)
        if not targets:
            return None
        by_key = dict(targets)
        if self.key in by_key:
            return self._go(self.key, by_key[self.key])
        gone, self.key = self.key, None
        if self.previous in by_key:
            rect = self._go(self.previous, by_key[self.previous])
        else:
            aim = self.point or first_aim(view, state, start or view.rect.center)
            rect = self._go(*min(targets, key=lambda t: _distance(t[1].center, aim)))
        self.previous = gone
        return rect

    def aim(self, view: BoardView, state: State, start: tuple[int, int] | None) -> None:
        """After a move, an undo or a new game: onto the legal move nearest ``start`` (the last
        move), as when it first showed.  Left where it was, it stood on the square just taken, and
        the next Enter there was refused; from a legal square the player plays on at once, or
        steps from a place the eye is already on."""
        self.key = self.previous = self.point = None
        if self.on:
            self.current(view, state, start)

    def onto_picked_goes_to(self, view: BoardView, state: State) -> None:
        """After Enter picked a piece: onto the nearest place it may go (``BoardView.picked_goes_to``).
        It stayed on the piece, and an Alquerque jump took three presses more, the first Up onto
        the piece to be jumped; a second Enter there dropped the piece."""
        here = self.current(view, state)
        places = view.picked_goes_to(state)
        goes = [(key, rect) for key, rect in view.targets(state) if key in places]
        if here is not None and goes:
            self._go(*min(goes, key=lambda t: _distance(t[1].center, here.center)))

    def onto(self, view: BoardView, state: State, place: tuple[int, int] | None) -> None:
        """Onto the place nearest the pixel ``place`` (a hint's move, ``BoardView.first_place``),
        shown or the next time it shows.  H marked the hint and the cursor stayed where it was: a
        player without a mouse walked to the mark square by square (up to eighteen presses on a
        19x19 board) where a click plays it.  Left where it is for a move with no place (a pass)
        and while a move is half entered (a piece picked, a tile picker open)."""
        if place is None or view.has_partial_input():
            return
        self.key = self.previous = None
        self.point = place
        if self.on:
            self.current(view, state)

    def onto_hinted(self, view: BoardView, state: State, hint: Hashable | None) -> None:
        """After Enter began or went on with a move: onto the place that enters the hint's move
        on (``BoardView.hinted_target``: the Trax picker's tile of the hint, an Alquerque chain's
        next point): the picker opened on the tile nearest its cell and a picked piece showed
        its nearest point, a step where the hint captured, so that Enter after H played another
        move than the hint's."""
        target = None if hint is None else view.hinted_target(state, hint)
        place = dict(view.targets(state)).get(target) if target is not None else None
        if place is not None:
            self._go(target, place)

    def _go(self, key: Hashable, rect: pygame.Rect) -> pygame.Rect:
        self.key, self.point = key, rect.center
        return rect

    def move(self, view: BoardView, state: State, arrow: int, start: tuple[int, int] | None = None) -> None:
        """One step toward ``arrow`` along the board's lines (``BoardView.cursor_axes``): the
        nearest place within 45 degrees of it, its distance weighed by how far off the arrow it
        lies; none there (the board's edge), round to the far end of the same row or column
        (``_wrapped``)."""
        here = self.current(view, state, start)
        if here is None:
            return
        dx, dy = DIRECTIONS[arrow]
        best, best_score = None, float("inf")
        for key, rect, along, across in self._offsets(view, state, here, dx, dy):
            if along <= 0 or across > along:
                continue
            score = math.hypot(along, across) * (1 + across / along)  # the next row's place, not two rows on
            if score < best_score:
                best, best_score = (key, rect), score
        best = best or self._wrapped(view, state, here, dx, dy)
        if best is not None:
            self._go(*best)

    @staticmethod
    def _offsets(view: BoardView, state: State, here: pygame.Rect, dx: int, dy: int):
        """Each place with how many steps it lies along the arrow ``(dx, dy)`` from ``here`` and
        how many across it, in the board's own steps (``along_axes``)."""
        axes = view.cursor_axes()
        for key, rect in view.targets(state):
            vx, vy = along_axes(axes, rect.centerx - here.centerx, rect.centery - here.centery)
            yield key, rect, vx * dx + vy * dy, abs(vx * dy - vy * dx)

    def _wrapped(self, view: BoardView, state: State, here: pygame.Rect, dx: int,
                 dy: int) -> tuple[Hashable, pygame.Rect] | None:
        """At the board's edge, the place farthest back along the same row or column (less than
        half a step off it): the cursor goes round, as the lists do.  It stayed, and a player
        without a mouse crossed a 19x19 board in 18 presses; a Trax picker's last tile now leads
        to its first.  None on a line of one place."""
        line = [(along, key, rect) for key, rect, along, across in self._offsets(view, state, here, dx, dy)
                if along < 0 and across < 0.5]
        if not line:
            return None
        _along, key, rect = min(line, key=lambda item: item[0])
        return key, rect

    def tip_point(self, view: BoardView, state: State, pointer: tuple[int, int] | None) -> tuple[int, int] | None:
        """Where analysis mode's tip of values is about: the ``pointer`` on the board, else this
        cursor's place while it shows, so that a player on the keyboard reads the value of a move
        the board shows as a dot (the game screen and the replay alike); None when neither is on
        the board."""
        if pointer is not None or not self.on:
            return pointer
        rect = self.current(view, state)
        return None if rect is None else rect.center

    def press(self, view: BoardView, state: State) -> tuple[int, int] | None:
        """Where a press of the cursor clicks: its place's centre."""
        rect = self.current(view, state)
        return None if rect is None else rect.center

    def draw(self, surface: pygame.Surface, view: BoardView, state: State, scale: float) -> None:
        """A black ring with a white one inside: seen on light and dark boards, pieces and tiles;
        under it what the mouse hovering there would show (``BoardView.draw_pointed``), over it
        the board's words (``notes_under``)."""
        rect = self.current(view, state)
        if rect is None:
            return
        view.draw_pointed(surface, state, self.key)
        outer, inner, width = ring_rects(rect, scale)
        notes = notes_under(surface, view.notes, outer)
        if view.round_targets:
            pygame.draw.ellipse(surface, (0, 0, 0), outer, width)
            pygame.draw.ellipse(surface, (255, 255, 255), inner, width)
        else:
            radius = max(2, rect.width // 8)
            pygame.draw.rect(surface, (0, 0, 0), outer, width, border_radius=radius)
            pygame.draw.rect(surface, (255, 255, 255), inner, width, border_radius=radius)
        surface.blits(notes)


def notes_under(surface: pygame.Surface, notes: list[pygame.Rect],
                ring: pygame.Rect) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The words on the board (``BoardView.notes``: Hex's "swap" beside Blue's first stone,
    Trax's last move's name) that the cursor's ``ring`` crosses, as drawn, with where they go:
    put back over the ring, they stay readable, the ring under them as under every label.  On
    the cell below Blue's first stone the ring went over the "swap" the stone offered."""
    bounds = surface.get_rect()
    crossed = [note.clip(bounds) for note in notes if note.colliderect(ring)]
    return [(surface.subsurface(note).copy(), note.topleft) for note in crossed if note.width and note.height]


def along_axes(axes: tuple[tuple[float, float], tuple[float, float]], x: float, y: float) -> tuple[float, float]:
    """The screen offset ``(x, y)`` in steps of the board's ``axes`` (``BoardView.cursor_axes``):
    how many steps along a row, how many along a column.  On Hex's slanted rhombus a cell's row
    and column neighbours are one step apart on one axis, where on the screen Down from a cell
    met two cells as near (a level board: down-left and down-right), or Right two (its columns
    upright), and rounding picked one."""
    (ax, ay), (bx, by) = axes
    det = ax * by - ay * bx
    return (x * by - y * bx) / det, (ax * y - ay * x) / det


def ring_width(place: int, scale: float) -> int:
    """Each ring's width for a place ``place`` pixels wide: 3 pixels at the usual scale, more on a
    large place (a 4K screen), but never over a tenth of the place, so that the piece under the
    cursor keeps its colour in sight: two 3-pixel rings on a 19x19 Hex board's 17-pixel cells in
    the smallest window covered the stone but for a dot, and which side's it was could not be told."""
    return max(1, min(max(2, int(3 * scale), place // 24), place // 10))


def ring_rects(place: pygame.Rect, scale: float) -> tuple[pygame.Rect, pygame.Rect, int]:
    """The black ring's rectangle, the white one's and their width for the place ``place``:
    inside its edge (``ring_width``), or, on a place too small for rings two pixels wide there,
    just outside it, two pixels wide.  On a 19x19 Hex board in an 800x600 window (cells of 19
    pixels) the rings inside were one pixel each, the black one lost in the stone's outline: the
    cursor on Blue's first stone, where Enter swaps, could hardly be found.  Round the place they
    are seen, and the piece in it is left whole."""
    width = ring_width(place.width, scale)
    if width >= 2:
        outer = place.inflate(-2, -2)
        return outer, outer.inflate(-2 * width, -2 * width), width
    width = 2
    inner = place.inflate(2 * width, 2 * width)
    return inner.inflate(2 * width, 2 * width), inner, width


def first_aim(view: BoardView, state: State, near: tuple[int, int]) -> tuple[int, int]:
    """Where the cursor first goes: the first place of the legal move nearest ``near``, asked of
    the rules (``state.legal_moves``) and the view (``first_place``), never of a click, which acts.
    ``near`` itself when no move has a place (a pass) or a move is half entered (its next place
    is not a move's first)."""
    if view.has_partial_input():
        return near
    places = (view.first_place(move) for move in state.legal_moves())
    return min((place for place in places if place is not None), key=lambda place: _distance(place, near), default=near)


def near_move(view: BoardView, move: Hashable | None) -> tuple[int, int] | None:
    """Near where the cursor first shows (on the legal move nearest it): the place of ``move``
    (the last one played or shown), where the eye is; None (the board's centre) before any move
    or for a move without a place."""
    anchor = view.value_anchor(move) if move is not None else None
    return anchor[0] if anchor else None


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
