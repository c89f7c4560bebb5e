"""Marks drawn over a board in two tones: a colour with a black rim on each side.

No one colour stands out from everything a mark may lie on: the last move's yellow frame was as
light as the dark theme's wood (1.06:1), and a colour dark enough for the wood is lost on a black
disc.  A rim of ``MARK_RIM`` round a light colour is seen on light grounds (wood, white pieces) by
the rim and on dark ones (black pieces, the felt, Trax's dark paths) by the colour, as the board
cursor's black and white ring is.  The themes' ``last_move`` and ``hint`` are light for this
(tests/test_ui_contrast.py holds every surface to 3:1, also as seen without red or green cones);
a darker colour is drawn lightened, keeping its hue, until it stands 6:1 from the rim
(``shown``): Alquerque's blue ring round a black piece, a red cross on one, Hex's winning chain.

A dark mark on a dark ground takes a light rim instead (``two_tone_dot``: Reversi's black dots on
the green felt).  On a washed-out projector no colour stands 3:1 from the felt (white 2.6:1, black
2.3:1 with 40% of white light over everything), so such a mark is seen by the edge between its
two tones, and marks grow with the board and the Text size (``mark_width``) so that the edge is
wide enough to see from the back of a room.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from ui.theme import INK, WHITE, Color, ink_on, readable

MARK_RIM: Color = (0, 0, 0)
FLASH_FROM_RIM = 10  # how far a refused click's flash stands from the rim (``flash_colour``)


@lru_cache(maxsize=64)  # a few colours a theme, asked for at every mark drawn
def shown(colour: Color) -> Color:
    """The colour a rimmed mark is drawn in: ``colour``, lightened if need be to stand 6:1 from the
    rim, so that on a black piece, where the rim is lost, the colour stands 3:1 from it, also as
    seen without red or green cones (at 4.5:1 the light theme's red cross stood 2.6:1 there)."""
    return readable(colour, MARK_RIM, 6)


@lru_cache(maxsize=8)
def flash_colour(colour: Color) -> Color:
    """The colour of the flash round a place whose click is refused: the theme's red for errors
    lightened, keeping its hue, until it stands ``FLASH_FROM_RIM`` from the rim.  Rimmed at the
    usual 6:1 it stood 2.7:1 from Trax's red tiles to a player without red cones; this pale red
    stands 3:1 from them, from Hex's red stones and from the dark grounds the rim is lost on."""
    return readable(colour, MARK_RIM, FLASH_FROM_RIM)


def rim_width(width: int) -> int:
    """The rim's width on each side of a mark ``width`` thick (a filled mark's: its radius)."""
    return max(1, width // 3)


def mark_width(cell: int, share: float, text_size: float, least: int = 2) -> int:
    """A mark's width (or a dot's radius) on a board whose cells are ``cell`` pixels: ``share`` of
    a cell, times the Text size (a class reading a projected board chose it; the board's cells
    shrink as the panel grows with it), never under ``least``."""
    return max(least, round(cell * share * text_size))


LEGAL_DOT_SHARE = 0.13  # a legal move's dot: a quarter of its cell across at Normal text ...
LEAST_DOT_RADIUS = 3  # ... never under 6 pixels, which a player with low vision can find ...
MOST_DOT_SHARE = 0.16  # ... never over a third of its cell across, whatever the Text size ...
MOST_DOT_RADIUS = 14  # ... nor over 28 pixels across at Normal text (times the Text size)


def legal_dot_radius(cell: int, text_size: float) -> int:
    """The radius of the dot that marks a legal move on a cell ``cell`` pixels wide: a quarter of
    the cell across, times the Text size, at least 6 pixels; at most a third of the cell and
    ``MOST_DOT_RADIUS`` times the Text size, so that the largest cells (a 7x7 Trax board or a 6x6
    Reversi board in a full-HD window) get no blob.  A fifth of the cell, the dots on an 8x8
    Trax board looked lost in its large cells; Trax's dots, a 14th of a cell, were 4 pixels
    across at 1280x800, where its board's cells are small."""
    grown = mark_width(cell, LEGAL_DOT_SHARE, text_size, LEAST_DOT_RADIUS)
    return max(LEAST_DOT_RADIUS, min(grown, round(cell * MOST_DOT_SHARE), round(MOST_DOT_RADIUS * text_size)))


def rimmed_rect(surface: pygame.Surface, colour: Color, rect: pygame.Rect, width: int) -> None:
    """A frame ``width`` thick along the inside of ``rect``, rimmed outside and inside."""
    rim = rim_width(width)
    pygame.draw.rect(surface, MARK_RIM, rect.inflate(2 * rim, 2 * rim), width + 2 * rim)
    pygame.draw.rect(surface, shown(colour), rect, width)


def rimmed_circle(surface: pygame.Surface, colour: Color, centre: tuple[int, int], radius: int, width: int = 0) -> None:
    """A dot (``width`` 0) or a ring ``width`` thick inside ``radius``, rimmed on each side."""
    _two_tone_circle(surface, shown(colour), MARK_RIM, centre, radius, width, rim_width(width or radius))


def outline_colour(ground: Color) -> Color:
    """The outline round a piece lying on ``ground``: the ink that reads on it (near-black on the
    themes' light wood).  The sides' own colours stand about 3:1 from the wood, and seen without
    red or green cones some fell under it (the dark theme's blue stones 2.7:1 without red cones,
    its red ones 2.7:1 without green ones): the outline stands 3:1 for every viewer."""
    return ink_on(ground)


def outline_width(size: int) -> int:
    """The outline's width round a stone of radius ``size`` (or a stroke ``size`` thick): an
    eighth of it, at least a pixel, so that it grows with the board and reads from afar."""
    return max(1, round(size / 8))


def outlined_circle(surface: pygame.Surface, colour: Color, outline: Color, centre: tuple[int, int], radius: int,
                    width: int = 0) -> None:
    """A piece's disc (``width`` 0) or ring ``width`` thick inside ``radius`` in its own
    ``colour``, edged on each side by ``outline`` (``outline_colour``)."""
    _two_tone_circle(surface, colour, outline, centre, radius, width, outline_width(width or radius))


def outlined_lines(surface: pygame.Surface, colour: Color, outline: Color,
                   pieces: Sequence[Sequence[tuple[int, int]]], width: int) -> None:
    """A piece drawn as strokes (X's two), each through its points in its own ``colour``,
    ``width`` thick, edged along both sides by ``outline``; every edge drawn before any colour,
    so that a stroke's edge never crosses another stroke."""
    _two_tone_pieces(surface, colour, outline, pieces, width, outline_width(width))


def _two_tone_circle(surface: pygame.Surface, colour: Color, edge: Color, centre: tuple[int, int], radius: int,
                     width: int, rim: int) -> None:
    """A dot or a ring of ``colour`` with a band of ``edge`` ``rim`` wide along each side."""
    pygame.draw.circle(surface, edge, centre, radius + rim, width and width + 2 * rim)
    pygame.draw.circle(surface, colour, centre, radius, width)


def two_tone_dot(surface: pygame.Surface, colour: Color, centre: tuple[int, int], radius: int) -> None:
    """A dot of ``colour`` as it is (a side's own, a black or white disc's) in a rim of the ink that
    reads on it (``ink_on``: white round black, near-black round white), seen by the edge between
    the two on any ground, a washed-out projector's felt too."""
    pygame.draw.circle(surface, ink_on(colour), centre, radius + rim_width(radius))
    pygame.draw.circle(surface, colour, centre, radius)


def two_rim_dot(surface: pygame.Surface, colour: Color, centre: tuple[int, int], radius: int) -> None:
    """A dot of ``colour`` in a rim of the ink that reads on it (``ink_on``) and, beyond, a rim of
    the other ink: white and near-black both round it, one of them 4.3:1 or more from any ground
    (the wood, the felt, a tile's face), where ``two_tone_dot``'s one rim was as light as the wood
    round a dark red dot (analysis' dots of its values, whose colours run from red to grey to green)."""
    rim = rim_width(radius)
    inner = ink_on(colour)
    pygame.draw.circle(surface, INK if inner == WHITE else WHITE, centre, radius + 2 * rim)
    two_tone_dot(surface, colour, centre, radius)


def rimmed_lines(surface: pygame.Surface, colour: Color, points: Sequence[tuple[int, int]], width: int) -> None:
    """A line through ``points``, ``width`` thick, rimmed along both sides (the joints rounded)."""
    _two_tone_pieces(surface, shown(colour), MARK_RIM, [points], width, rim_width(width))


def rimmed_dashes(surface: pygame.Surface, colour: Color, points: Sequence[tuple[int, int]], width: int, dash: int) -> None:
    """A dashed line through ``points``, each dash rimmed as ``rimmed_lines`` rims a line, with
    gaps ``dash`` long between the dashes' round ends: a suggestion (a hint) differs in shape
    from a move made, drawn whole, and not by its colour alone."""
    ends = width + 2 * rim_width(width)  # what a dash's two round ends add to its length
    pieces = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = max(1.0, math.hypot(x1 - x0, y1 - y0))
        for start in range(0, int(length), 2 * dash + ends):
            end = min(length, start + dash)
            pieces.append([(round(x0 + (x1 - x0) * at / length), round(y0 + (y1 - y0) * at / length))
                           for at in (start, end)])
    _two_tone_pieces(surface, shown(colour), MARK_RIM, pieces, width, rim_width(width))


def _two_tone_pieces(surface: pygame.Surface, colour: Color, edge: Color, pieces: Sequence[Sequence[tuple[int, int]]],
                     width: int, rim: int) -> None:
    """Lines of ``colour`` through each piece's points, edged ``rim`` wide in ``edge``, every edge
    drawn before any colour (an edge never covers a neighbouring piece's colour), the ends and
    joints rounded."""
    for shade, thick in ((edge, width + 2 * rim), (colour, width)):
        for points in pieces:
            pygame.draw.lines(surface, shade, False, points, thick)
            for point in points:
                pygame.draw.circle(surface, shade, point, thick // 2)
