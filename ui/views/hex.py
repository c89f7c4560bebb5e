"""Hex board view: a rhombus of hexagons, rows slanting to the right going down, turned as far as
makes its cells largest in the room given (from its rows level to its columns level), and a half
turn more for the far seat (key F: each side's edges stay where they were, a1 at the other end).

Blue's edges (left and right) and Red's (top and bottom) are coloured bands around the board,
so a player sees at a glance which sides to join.  A click picks the hexagon whose centre is
nearest (within the hexagon); under the swap rule, a click on Blue's first stone is the swap.
The winning chain is outlined at the end.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import lru_cache

import numpy as np
import pygame

from games.grid import cell_name
from games.hex import BLUE, RED, SWAP, Hex, HexState
from ui.board_marks import (
    MARK_RIM,
    flash_colour,
    outline_colour,
    outline_width,
    outlined_circle,
    rim_width,
    rimmed_circle,
    rimmed_lines,
)
from ui.board_view import BoardView, Click, Overlay, shake_offset
from ui.i18n import N_, _
from ui.notation import said_move
from ui.theme import Color, Theme, draw_text, font, readable

SQRT3 = math.sqrt(3.0)
# the offer names the cell Blue's stone goes to (Red's mirror stone, ringed on the board): a player
# used to the stone staying put ("swap sides") saw it jump there unexplained
SWAP_HINT = N_("Click Blue's stone to swap (it becomes Red's {cell}), or play elsewhere")
SWAP_KEYS = N_("Enter on Blue's stone swaps (it becomes Red's {cell}); or play elsewhere")
SWAPPED = N_("Red swapped: Blue's first stone {cell} is now Red's {mirror}")

# the winning chain lies on the stones, where a black rim stands under 3:1 from a red stone to a
# player without red cones (2.8:1 on the light theme's): its own colour must stand out there
CHAIN_FROM_RIM = 8.5

MAX_TILT = math.radians(30)  # from the rows level (a wide board) to the columns level (a tall one)
TILT_STEPS = 60  # the tilts tried between: half a degree apart

MIN_LETTERED_RADIUS = 8  # smaller cells (a preview's) get no coordinates: 9 px letters would overlap the edges
SMALL_RADIUS = 3.5  # smaller cells (under 6 pixels across) are a small picture's: filled pixel by pixel (``_draw_small_cells``)
MESHED_RADIUS = 2.4  # a small picture's cells at least this large (4 pixels across) keep a 1-pixel line between them
MESH_SHADE = 0.75  # that line's colour: the board's darkened so (the grid's own dark colour made a mesh)
DOTTED_RADIUS = 1.2  # smaller cells than ``MESHED_RADIUS``, down to this (2 pixels across), get a dot at each empty one's middle
DOT_SHADE = 0.6  # that dot's colour: a pixel alone in the mesh's shade was lost on the board
BAND_DEPTH = 1.25  # cell radii from the outer rows' and columns' centres to the edge bands' outer edges
EDGE_LINE_DEPTHS = (1.04, 1.14)  # Red's bands' white line, in cell radii as BAND_DEPTH: between the cells (1.0) and red
# on a picture (the main menu's card, about 3 pixels a radius) that left the bands a pixel or two
# beyond the cells' points: a dotted red and blue line, not the sides' edges
PICTURE_BAND_DEPTH = 2.0


@lru_cache(maxsize=8)  # one a theme
def chain_colour(theme: Theme) -> Color:
    """The winning chain's colour: the theme's winning colour on the board, lightened in its hue
    until it stands ``CHAIN_FROM_RIM`` from the black rim, so that on red and blue stones it
    stands 3:1 from the stone to every viewer (at the rimmed marks' usual 6:1 the light theme's
    chain stood 2.8:1 from its red stones without red cones); on the wood the rim is seen."""
    return readable(theme.win_on_board, MARK_RIM, CHAIN_FROM_RIM)


SMALL_EMBLEM_RADIUS = 2  # a small picture's stones from this radius show the ring itself
# below this cell radius (a 19x19 board in a 40-pixel row picture: cells of two or three pixels) a
# white pixel would be half a stone, which must show its side's colour: no emblem there
PIXEL_EMBLEM_CELL = 1.2
GHOST_ALPHA = 150  # the opacity of the stone a click would place
STONE_SHARE = 0.72  # a stone's radius in the cell's, where its outline stays inside the cell (``stone_radius``)
SHADOW_STEP = (1, 2)  # pixels a stone's shadow falls right and down, where it stays inside the cell
CHAIN_RING_SHARE = 0.74  # the winning chain's ring on each stone, in the cell's radius, as far as it stays inside
HINT_SHARE, LAST_MOVE_SHARE = 0.4, 0.22  # the hint's ring and the last move's dot on a stone, in the cell's radius
LEAST_NOTE_SIZE = 9  # the smallest text of a note on the board (the swap offer's word)
EMBLEM_RING = (255, 255, 255)  # Red's stones' ring: 3.7:1 or more from the red, as every viewer sees it


def side_emblem(surface: pygame.Surface, side: int, centre: tuple[int, int], radius: int) -> None:
    """What tells Red's stones from Blue's besides their colour, on a stone of ``radius``: a white
    ring round its middle (clear of the last move's dot there).  The sides' blue and red stand
    1.0:1 to 1.9:1 apart in lightness, one grey to a player who sees no colour; Blue's stones
    stay plain."""
    if side == RED:
        pygame.draw.circle(surface, EMBLEM_RING, centre, round(radius * 0.6), max(1, radius // 8))


def _shade(color: Color, factor: float) -> Color:
    return tuple(max(0, min(255, int(v * factor))) for v in color)  # type: ignore[return-value]


@lru_cache(maxsize=16)  # a side's colour a theme: six at most
def _stone_shades(color: Color) -> tuple[Color, Color]:
    """A stone's shadow and shine in ``color``: worked out once, not twice a stone a frame (a
    19x19 board near its end, 300 stones, spent 3 ms of each frame drawn on them)."""
    return _shade(color, 0.55), _shade(color, 1.35)


class HexView(BoardView):
    round_targets = True  # the keyboard's cursor: the circle in a hexagon
    can_turn = True  # a half turn maps the board onto itself, each side's edges where they were: the far seat's view

    def __init__(self, game: Hex) -> None:
        super().__init__(game)
        self.n = game.size
        self.radius = 10.0
        self.fitted_tilt = 0.0  # radians the board is turned clockwise from its rows level (``_fit``)
        self.band_depth = BAND_DEPTH  # the edge bands' depth as laid out: deeper on a picture
        self.origins = ((0.0, 0.0), (0.0, 0.0))  # a1's centre on the screen, unturned and turned round (``_fit``)
        self.swap_cell: int | None = None  # Blue's stone the swap would take, as last drawn
        self.label_rects: list[pygame.Rect] = []  # the coordinates, as last drawn: notes keep off them
        self._board_layer: tuple[tuple, pygame.Surface, tuple[int, int]] | None = None  # ``_draw_board``'s one picture
        self._board_drawn: tuple | None = None  # the last layout ``_draw_board`` drew directly
        self._labels_kept: tuple[tuple, list[tuple[str, tuple[int, int]]]] | None = None  # ``_draw_labels``' places

    @property
    def small(self) -> bool:
        """The board is a small picture's (a game card, a game list's row): a cell a few pixels
        across, where its 1-pixel outline and the stone's shadow and shine made a dark mesh in
        which the stones could not be told apart (``SMALL_RADIUS``)."""
        return self.radius < SMALL_RADIUS

    # -- geometry ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.band_depth = BAND_DEPTH
        self._fit(rect, self._label_room)  # room for the labels round the edge bands

    def layout_picture(self, rect: pygame.Rect, state: HexState) -> None:
        """The board as large as ``rect`` holds it with its edge bands: a picture draws no
        labels, so it keeps no room for them (on a 40-pixel picture of 11x11 that room took
        a third of the width, and the cells were 2 pixels across).  Its edge bands are deeper
        (``PICTURE_BAND_DEPTH``), so that the sides' colours read at a few pixels a cell."""
        BoardView.layout(self, rect)
        self.band_depth = PICTURE_BAND_DEPTH
        self._fit(rect, lambda radius: 0.0)

    def _fit(self, rect: pygame.Rect, margin: Callable[[float], float]) -> None:
        """The tilt, radius and origin that make the cells as large as ``rect`` holds the board
        with its bands and ``margin(radius)`` pixels round them, centred.  Laid with its rows
        level, the rhombus is nearly twice as wide as tall and filled under half of a square board
        area (11x11 at 800x600: 230 of 540 pixels tall); turned by up to 30 degrees, until its
        columns are level, it fits a square or a tall area better.  The least tilt among the best
        is kept, so a wide area keeps the level rows."""
        best = (-1.0, 0.0)
        for step in range(TILT_STEPS + 1):
            tilt = MAX_TILT * step / TILT_STEPS
            width, height = self._span(tilt)
            radius = min(rect.width / width, rect.height / height)
            for _settle in range(3):  # the labels' room grows with the radius, slower: it settles at once
                room = 2 * margin(radius)
                # no floor of a few pixels: the menu's 54-pixel picture of 11x11 spilled out of its square
                radius = max(0.5, min((rect.width - room) / width, (rect.height - room) / height))
            if radius > best[0] + 1e-9:
                best = (radius, tilt)
        self.radius, self.fitted_tilt = best
        middle = (self.n - 1) / 2
        x, y = _from_a1(middle, middle, self.radius, self.fitted_tilt)  # a half turn more: (-x, -y)
        self.origins = ((rect.centerx - x, rect.centery - y), (rect.centerx + x, rect.centery + y))

    @property
    def tilt(self) -> float:
        """Radians the board is drawn turned clockwise from its rows level: as fitted, and a half
        turn more when turned round (key F), about the board's middle."""
        return self.fitted_tilt + (math.pi if self.turned else 0.0)

    @property
    def origin(self) -> tuple[float, float]:
        """Cell a1's centre on the screen, which the board turns about by ``tilt``."""
        return self.origins[self.turned]

    def _label_size(self, radius: float) -> int:
        """The coordinates' size in pixels on cells of ``radius``: following the radius as closely
        as the room round the bands allows (at 0.62 of it an 11x11 board's were 9 pixels at
        800x600, where the square boards' were 17 to 22)."""
        return max(9, min(self.text_cap(22), int(radius * 0.85 * self.text_size)))

    def _label_gap(self, radius: float) -> float:
        """The pixels between a coordinate and the edge band beside it."""
        return max(2.0, radius * 0.15)

    def _label_room(self, radius: float) -> float:
        """The pixels the coordinates take beyond the edge bands on cells of ``radius``: the gap
        and the largest label's box, across or along (a number's width, or a letter's height)."""
        width, height = font(self._label_size(radius)).size(str(self.n))
        return self._label_gap(radius) + max(width, height) + 1

    def _span(self, tilt: float) -> tuple[float, float]:
        """The width and height, in cell radii, of the board with its edge bands turned by ``tilt``."""
        last = self.n - 1
        _centre, corners = _grown_corners([_from_a1(row, col, 1.0, tilt) for row, col in
                                           ((0, 0), (0, last), (last, last), (last, 0))], 1.0, self.band_depth)
        xs, ys = [x for x, _y in corners], [y for _x, y in corners]
        return max(xs) - min(xs), max(ys) - min(ys)

    def centre(self, row: float, col: float, dx: float = 0.0) -> tuple[float, float]:
        """Pixel centre of cell (row, col); fractional and off-board values place labels.  The
        board is turned clockwise by ``tilt`` about cell a1's centre (``origin``)."""
        x, y = _from_a1(row, col, self.radius, self.tilt)
        return self.origin[0] + dx + x, self.origin[1] + y

    def _unturned(self, x: float, y: float) -> tuple[float, float]:
        """The point ``(x, y)`` of the screen, relative to a1's centre, with the board's tilt
        undone: where ``centre`` lays it out untilted (arrays work too)."""
        x, y = x - self.origin[0], y - self.origin[1]
        cos, sin = math.cos(self.tilt), math.sin(self.tilt)
        return x * cos + y * sin, y * cos - x * sin

    def hexagon(self, row: int, col: int, dx: float = 0.0, scale: float = 1.0) -> list[tuple[float, float]]:
        """The cell's corners.  Neighbours compute a shared corner from their own centres, a few
        units in the last place apart; rounded to a millionth of a pixel they are the same point,
        so pygame puts both on one pixel (else a shared edge drawn twice, a pixel apart, runs as a
        thick line down the board at some sizes)."""
        cx, cy = self.centre(row, col, dx)
        return [(round(cx + x, 6), round(cy + y, 6)) for x, y in _corner_offsets(self.radius * scale, self.tilt)]

    def grid_width(self) -> int:
        """The width of the line drawn round each cell (``_draw_cells``)."""
        return max(1, int(self.radius / 14))

    def clear_radius(self) -> float:
        """The radius of the circle inside a cell clear of its line, with as much again of the wood
        left between: what a stone, a ring or a note drawn on a cell stays within, so that none runs
        over the cell's edges (a 3x3 board's stones, at 0.72 of the cell with their outline, met the
        edges, and the swap offer's ring, at 0.88, crossed them)."""
        return self.radius * SQRT3 / 2 - self.grid_width()

    def stone_radius(self) -> int:
        """A stone's radius: ``STONE_SHARE`` of the cell's, less where its outline would reach past
        ``clear_radius`` (on large cells, where the outline is thick)."""
        clear, radius = self.clear_radius(), int(self.radius * STONE_SHARE)
        while radius > 1 and radius + outline_width(radius) > clear:
            radius -= 1
        return radius

    def _shadow_step(self, radius: int) -> tuple[int, int]:
        """How far the shadow of a stone of ``radius`` falls: ``SHADOW_STEP``, shortened where it
        would reach past ``clear_radius`` (on small cells, where the outline is a pixel)."""
        share = min(1.0, max(0.0, (self.clear_radius() - radius) / math.hypot(*SHADOW_STEP)))
        return int(SHADOW_STEP[0] * share), int(SHADOW_STEP[1] * share)

    def _mark_radius(self, share: float) -> int:
        """The radius of a mark drawn on a cell's middle (``_draw_marks``), ``share`` of the cell's."""
        return max(3, int(self.radius * share))

    def value_anchor(self, move) -> tuple[tuple[int, int], int] | None:
        if move == SWAP:  # on the stone it would take
            move = self.swap_cell
        if not isinstance(move, int) or not 0 <= move < self.n * self.n:
            return None
        return _int(self.centre(*divmod(move, self.n))), int(self.radius * SQRT3 * self._upright_room())

    def _upright_room(self) -> float:
        """The share of a cell's width an upright square (an analysis tag) may take without meeting
        its neighbours': 1 with the rows level, down to 0.82 at a 15-degree tilt, where the
        neighbours up-left and down-right come nearer to the diagonal (their tags overlapped and a
        third of an 11x11 board's values became dots)."""
        def reach(angle: float) -> float:
            return max(abs(math.cos(angle)), abs(math.sin(angle)))
        level = reach(math.radians(60))
        return min(reach(self.tilt + math.radians(a)) for a in (0, 60, 120)) / level

    def cursor_axes(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """A step along a row (a1 to b1) and along a column (a1 to a2) as laid out now, slant and
        tilt included: the keyboard's arrows follow them (a column runs down-right on a level
        board, straight down at the largest tilt, where a row climbs as steeply as it falls)."""
        a1, b1, a2 = self.centre(0, 0), self.centre(0, 1), self.centre(1, 0)
        return (b1[0] - a1[0], b1[1] - a1[1]), (a2[0] - a1[0], a2[1] - a1[1])

    def targets(self, state: HexState) -> list[tuple[int, pygame.Rect]]:
        """Every cell, as the circle inside its hexagon.  Blue's stone the swap would take is
        noted as well: the cursor, aimed after a move before the board is drawn again, finds the
        swap's place (``value_anchor``) on this position, not on the one last drawn."""
        self.swap_cell = state.swap_cell()
        side = int(self.radius * SQRT3)
        rects = []
        for cell in range(self.n * self.n):
            rect = pygame.Rect(0, 0, side, side)
            rect.center = _int(self.centre(*divmod(cell, self.n)))
            rects.append((cell, rect))
        return rects

    def has_targets(self, state: HexState) -> bool:
        return self.n > 0

    def place_at(self, pos: tuple[int, int]) -> int | None:
        return self.cell_at(pos)

    def hover_target(self, pos: tuple[int, int]) -> int | None:
        """The cell under ``pos``: its stone's ghost is all the pointer shows."""
        return self.cell_at(pos)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell whose centre is nearest to ``pos``, if ``pos`` lies inside its hexagon (to its
        corners: a circle inside it left a band by each corner where a click did nothing, 11 pixels
        deep on a 3x3 board in a large window)."""
        x, y = self._unturned(*pos)  # the hexagons are pointy-top there

        def offset(cell: tuple[int, int]) -> tuple[float, float]:
            cx, cy = _from_a1(*cell, self.radius, 0.0)
            return abs(x - cx), abs(y - cy)

        row_guess = y / (1.5 * self.radius)
        near = [(row, col) for row in (math.floor(row_guess), math.ceil(row_guess))
                for col in (math.floor(x / (SQRT3 * self.radius) - row / 2),
                            math.ceil(x / (SQRT3 * self.radius) - row / 2))
                if 0 <= row < self.n and 0 <= col < self.n]
        if not near:
            return None
        row, col = min(near, key=lambda cell: math.hypot(*offset(cell)))  # its hexagon is the only one pos can be in
        dx, dy = offset((row, col))
        inside = dx <= self.radius * SQRT3 / 2 + 1 and dx / SQRT3 + dy <= self.radius + 1  # pointy-top hexagon
        return row * self.n + col if inside else None

    # -- input -------------------------------------------------------------------------------
    def click(self, state: HexState, pos: tuple[int, int], keys: bool = False) -> Click:
        cell = self.cell_at(pos)
        if cell is None:
            return Click.ignore()
        move = self.move_at(state, cell)
        if move is not None:
            return Click.play(move)
        return Click.reject(lambda: self.rules_reason(state, cell))

    def move_at(self, state: HexState, cell: int):
        """The legal move a click on ``cell`` makes: the swap on Blue's first stone, or a stone."""
        if state.is_terminal():
            return None
        if cell == state.swap_cell():
            return SWAP
        return cell if state.stone_at(cell) is None else None

    def move_note(self, before: HexState, move, after: HexState) -> str:
        """The computer's swap in words: else Blue's stone only changes colour (and place)."""
        cell = before.swap_cell()
        if move != SWAP or cell is None:
            return ""
        mirror = before.game.geo.transpose_cell[cell]
        return _(SWAPPED).format(cell=cell_name(cell, self.n), mirror=cell_name(mirror, self.n))

    def win_marks(self, state: HexState) -> list[pygame.Rect]:
        marks = []
        for cell in state.winning_chain():
            mark = pygame.Rect(0, 0, int(2 * self.radius), int(2 * self.radius))
            mark.center = _int(self.centre(*divmod(cell, self.n)))
            marks.append(mark)
        return marks

    def status_text(self, state: HexState, keys: bool = False, mover: str = "") -> str:
        cell = state.swap_cell()
        if cell is None:
            return ""
        mirror = cell_name(state.game.geo.transpose_cell[cell], self.n)
        return _(SWAP_KEYS if keys else SWAP_HINT).format(cell=mirror)  # the screen adds the cursor's key

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: HexState, overlay: Overlay) -> None:
        dx = float(shake_offset(overlay))
        theme = overlay.theme
        colours = (theme.side0, theme.side1)
        chain = set(state.winning_chain())
        hover = self.cell_at(overlay.hover) if overlay.hover and overlay.interactive else None
        hover_move = self.move_at(state, hover) if hover is not None else None
        if self.small:
            self._draw_edges(surface, colours, dx)
            self._draw_small_cells(surface, state, theme, colours, dx)
        else:
            self._draw_board(surface, colours, theme, dx)
        self.label_rects = []
        if overlay.coordinates and self.radius >= MIN_LETTERED_RADIUS:
            self._draw_labels(surface, theme.text, dx)
        swap_cell = self.swap_cell = state.swap_cell()
        self.notes = []
        for cell in range(self.n * self.n):
            stone = state.stone_at(cell)
            row, col = divmod(cell, self.n)
            if stone is not None and not self.small:  # a small picture's stones fill their cells
                self._draw_stone(surface, row, col, colours[stone], dx, stone, theme.board)
        if chain and not self.small:  # its rings filled a small picture's cells: a Red win's stones were green
            self._draw_chain(surface, state.winning_chain(), chain_colour(theme), dx)
        if swap_cell is not None and overlay.interactive:  # an offer to click: not in a replay, nor the computer's turn
            self._draw_swap_offer(surface, state, swap_cell, overlay, dx)
        self._draw_marks(surface, state, overlay, dx)
        if hover is not None and hover_move is not None:
            row, col = divmod(hover, self.n)
            shade = colours[state.to_move] if hover_move != SWAP else colours[RED]
            self._draw_ghost(surface, row, col, shade, RED if hover_move == SWAP else state.to_move, theme.board)
        self._draw_invalid(surface, overlay, dx)

    def _draw_board(self, surface: pygame.Surface, colours: tuple[Color, Color], theme: Theme, dx: float) -> None:
        """The edge bands and the empty cells.  Drawn directly the first time for a layout, its
        colours and the shake's offset; from the second, blitted from a picture of them made then
        (one picture kept: the bound), so a drag of the window's edge, a new layout each frame,
        costs no picture.  Drawn every frame (every cell's corners by trigonometry, two polygons
        a cell), a 19x19 board took 11 of the 15 ms of each frame drawn at 2560x1440 as the
        pointer moved over it (``python main.py bench ui``).  The picture's pixels are those drawn
        directly."""
        key = (surface.get_size(), tuple(self.rect), self.radius, self.tilt, self.origin, self.band_depth,
               colours, theme.board, theme.grid, dx)
        if self._board_layer is None or self._board_layer[0] != key:
            if self._board_drawn != key:
                self._board_drawn = key
                self._draw_edges(surface, colours, dx)
                self._draw_cells(surface, theme.board, theme.grid, dx)
                return
            self._board_layer = (key, *self._board_picture(surface.get_size(), colours, theme, dx))
        _key, picture, place = self._board_layer
        surface.blit(picture, place)

    def _board_picture(self, size: tuple[int, int], colours: tuple[Color, Color], theme: Theme,
                       dx: float) -> tuple[pygame.Surface, tuple[int, int]]:
        """The edge bands and the empty cells drawn on a surface of ``size`` cleared to a colour
        of none of theirs, cut to what they cover, and where that piece goes.  That colour is
        its colour key: blitted, the rest is copied as drawn (polygons are drawn unblended).  A
        per-pixel alpha's blit blended every pixel of the piece: 3.5 ms a frame at 2560x1440,
        the colour key's run-length coding 0.5 ms."""
        drawn = {*colours, theme.board, theme.grid}
        clear = next(c for c in ((255, 0, 255), (0, 255, 0), (1, 2, 3), (4, 5, 6), (7, 8, 9)) if c not in drawn)
        layer = pygame.Surface(size)
        layer.fill(clear)
        covered = self._draw_edges(layer, colours, dx).union(self._draw_cells(layer, theme.board, theme.grid, dx))
        covered = covered.clip(layer.get_rect())
        picture = layer.subsurface(covered).copy()
        picture.set_colorkey(clear, pygame.RLEACCEL)
        return picture, covered.topleft

    def _draw_cells(self, surface: pygame.Surface, board: Color, grid: Color, dx: float) -> pygame.Rect:
        """Every cell a hexagon of the board's colour, outlined in the grid's; the pixels drawn."""
        drawn = []
        for cell in range(self.n * self.n):
            poly = self.hexagon(*divmod(cell, self.n), dx)
            drawn.append(pygame.draw.polygon(surface, board, poly))
            drawn.append(pygame.draw.polygon(surface, grid, poly, self.grid_width()))
        return drawn[0].unionall(drawn[1:])

    def _draw_small_cells(self, surface: pygame.Surface, state: HexState, theme: Theme,
                          colours: tuple[Color, Color], dx: float) -> None:
        """A small picture's cells: each pixel in the colour of the stone on the hexagon its centre
        lies in, or the board's where that cell is empty; where the cells are 4 pixels across or
        more (``MESHED_RADIUS``), a pixel on each edge between two cells in a line of a softer
        shade than the grid's.  At 2 or 3 pixels a cell, the outlines and a round stone's shadow
        and shine left each stone a dot in a dark mesh; filled polygons overlap by a pixel along
        their edges, which took all of a 19x19 cell's one or two pixels from some stones on a
        40-pixel picture.  Without any line, the main menu's empty 11x11 board (5 or 6 pixels a
        cell) was a flat rhombus, not a board of cells; under 4 pixels a cell, a dot at each
        empty cell's middle (``DOTTED_RADIUS``) keeps a 19x19 card a board of cells."""
        area = self.rect.clip(surface.get_rect())
        cells = self._cells_under(area, dx)
        fills = np.array([(*(theme.board if stone is None else colours[stone]), 255)
                          for stone in map(state.stone_at, range(self.n * self.n))], dtype=np.uint8)
        rgba = np.where(cells[..., None] >= 0, fills[np.maximum(cells, 0)], 0).astype(np.uint8)  # clear off the board
        if self.radius >= MESHED_RADIUS:
            line = np.array((*_shade(theme.board, MESH_SHADE), 255), dtype=np.uint8)
            rgba[_cell_edges(cells)] = line
        elif self.radius >= DOTTED_RADIUS:
            rgba[self._empty_middles(state, area, dx)] = (*_shade(theme.board, DOT_SHADE), 255)
        surface.blit(pygame.image.frombuffer(rgba.tobytes(), area.size, "RGBA"), area)
        self._draw_small_emblems(surface, state, dx)

    def _empty_middles(self, state: HexState, area: pygame.Rect, dx: float) -> tuple[np.ndarray, np.ndarray]:
        """The pixel (rows, columns of ``area``) at the middle of each empty cell: where cells are
        under 4 pixels across a line between them took half the board and wavered with the
        pixels' grid, and without one the main menu's 19x19 card was a plain rhombus.  A dot a
        cell lays the cells out as a fine dotted lattice, which reads as a board of cells."""
        middles = [_int(self.centre(*divmod(cell, self.n), dx)) for cell in range(self.n * self.n)
                   if state.stone_at(cell) is None]
        inside = [(y - area.top, x - area.left) for x, y in middles if area.collidepoint(x, y)]
        rows, cols = zip(*inside) if inside else ((), ())
        return np.array(rows, dtype=int), np.array(cols, dtype=int)

    def _draw_small_emblems(self, surface: pygame.Surface, state: HexState, dx: float) -> None:
        """Red's emblem on a small picture's red stones (a saved game's row, a card), as on the
        board: the stones' red and blue are one grey to a player who sees no colour.  Where a
        stone is too small for a ring (``SMALL_EMBLEM_RADIUS``), a white pixel at its middle; where
        a cell is too small for that (``PIXEL_EMBLEM_CELL``), none."""
        if self.radius < PIXEL_EMBLEM_CELL:
            return
        radius = round(self.radius * 0.72)
        for cell in range(self.n * self.n):
            if state.stone_at(cell) != RED:
                continue
            centre = _int(self.centre(*divmod(cell, self.n), dx))
            if radius >= SMALL_EMBLEM_RADIUS:
                side_emblem(surface, RED, centre, radius)
            else:
                surface.set_at(centre, EMBLEM_RING)

    def _cells_under(self, area: pygame.Rect, dx: float) -> np.ndarray:
        """The cell whose hexagon holds each pixel's centre in ``area`` (rows of pixels; -1 off
        the board): the nearest cell, as ``cell_at`` picks it, without a click's pixel of leeway."""
        ys, xs = np.meshgrid(np.arange(area.top, area.bottom) + 0.5,  # each pixel's centre
                             np.arange(area.left, area.right) + 0.5 - dx, indexing="ij")
        xs, ys = self._unturned(xs, ys)  # from cell a1's, untilted
        rows = ys / (1.5 * self.radius)  # the axial coordinates, as ``centre`` lays the cells out
        rows, cols = _hex_round(rows, xs / (SQRT3 * self.radius) - rows / 2)
        on_board = (rows >= 0) & (rows < self.n) & (cols >= 0) & (cols < self.n)
        return np.where(on_board, rows * self.n + cols, -1)

    def _band_corners(self, dx: float) -> tuple[tuple[float, float], list[tuple[float, float]]]:
        """The edge bands' outer corners (top-left, top-right, bottom-right, bottom-left) and the
        board's centre they are drawn from: the board's corners pushed out along its diagonals."""
        n = self.n - 1
        corners = [self.centre(0, 0, dx), self.centre(0, n, dx), self.centre(n, n, dx), self.centre(n, 0, dx)]
        return _grown_corners(corners, self.radius, self.band_depth)

    def _draw_edges(self, surface: pygame.Surface, colours: tuple[Color, Color], dx: float) -> pygame.Rect:
        """Four triangles from the board's centre: Blue's left and right, Red's top and bottom,
        Red's with its emblem's white along them (``_draw_edge_emblems``); the pixels drawn."""
        centre, (tl, tr, br, bl) = self._band_corners(dx)
        drawn = pygame.draw.polygon(surface, colours[RED], [centre, tl, tr]).unionall([
            pygame.draw.polygon(surface, colours[BLUE], [centre, tr, br]),
            pygame.draw.polygon(surface, colours[RED], [centre, br, bl]),
            pygame.draw.polygon(surface, colours[BLUE], [centre, bl, tl])])
        if not self.small:
            self._draw_edge_emblems(surface, dx)
        return drawn

    def _draw_edge_emblems(self, surface: pygame.Surface, dx: float) -> None:
        """A line of Red's emblem's white (``EMBLEM_RING``, the ring on its stones) along the
        middle of each of Red's bands, outside the cells: the bands said whose edge is whose by
        their red and blue alone, one grey to a player who sees no colour, who had to find it on
        the rules page.  Blue's bands stay plain, as its stones do."""
        n = self.n - 1
        corners = [self.centre(0, 0, dx), self.centre(0, n, dx), self.centre(n, n, dx), self.centre(n, 0, dx)]
        inner = _grown_corners(corners, self.radius, EDGE_LINE_DEPTHS[0])[1]
        outer = _grown_corners(corners, self.radius, EDGE_LINE_DEPTHS[1])[1]
        for a, b in ((0, 1), (2, 3)):  # top-left to top-right, bottom-right to bottom-left: Red's
            pygame.draw.polygon(surface, EMBLEM_RING, [inner[a], inner[b], outer[b], outer[a]])

    def _draw_chain(self, surface: pygame.Surface, chain: list[int], color: Color, dx: float) -> None:
        """The winning chain: a line through its stones' centres and a ring on each stone, rimmed
        (ui.board_marks) in ``chain_colour``: in the text's colour it stood 1.4:1 from the dark
        theme's wood, 2.2:1 from the light theme's red stones."""
        points = [_int(self.centre(*divmod(cell, self.n), dx)) for cell in chain]
        width = max(2, int(self.radius / 5))
        if len(points) > 1:
            rimmed_lines(surface, color, points, width)
        ring = max(2, width // 2 + 1)
        radius = min(int(self.radius * CHAIN_RING_SHARE), int(self.clear_radius()) - rim_width(ring))
        for point in points:
            rimmed_circle(surface, color, point, radius, ring)

    def _draw_labels(self, surface: pygame.Surface, color: Color, dx: float) -> None:
        """The coordinates where ``_placed_labels`` puts them, worked out once for a layout and a
        font (each label's box measured, its line followed out past the band): at every frame,
        a 19x19 board's 76 took 2.3 of the 10 ms of a frame drawn at 2560x1440 as the pointer
        moved over it (``python main.py bench ui``).  The font is the one drawn with, not its
        size alone: a text size setting that makes the fonts again places them again."""
        size = self._label_size(self.radius)
        key = (tuple(self.rect), self.radius, self.tilt, self.origin, self.band_depth, self.n, dx, font(size))
        if self._labels_kept is None or self._labels_kept[0] != key:
            self._labels_kept = (key, self._placed_labels(size, dx))
        for text, pos in self._labels_kept[1]:
            self.label_rects.append(draw_text(surface, text, pos, size, color, "center"))

    def _placed_labels(self, size: int, dx: float) -> list[tuple[str, tuple[int, int]]]:
        """The column letters beyond the top and bottom bands, the row numbers beyond the left and
        right ones, each on the line of its column or row, a small gap outside the band whatever
        the board's tilt: placed at a fixed distance from the cells, the 9-pixel floor of the
        letters' size put a 19x19 board's "10" to "19" over the blue bands.  Each label, and the
        centre of its box."""
        gap, n = self._label_gap(self.radius), self.n
        centre, (tl, tr, br, bl) = self._band_corners(dx)
        ends = {(-1, 0): (tl, tr), (1, 0): (bl, br), (0, -1): (tl, bl), (0, 1): (tr, br)}  # a step off the board: its band
        lines = [(chr(ord("a") + c), cell, step) for c in range(n) for cell, step in (((0, c), (-1, 0)), ((n - 1, c), (1, 0)))]
        lines += [(str(r + 1), cell, step) for r in range(n) for cell, step in (((r, 0), (0, -1)), ((r, n - 1), (0, 1)))]
        return [(text, _int(self._label_beyond(text, cell, step, ends[step], centre, size, gap, dx)))
                for text, cell, step in lines]

    def _label_beyond(self, text: str, cell: tuple[int, int], step: tuple[int, int],
                      band: tuple[tuple[float, float], tuple[float, float]], centre: tuple[float, float],
                      size: int, gap: float, dx: float) -> tuple[float, float]:
        """Where ``text`` is centred: on the line from ``cell`` going ``step`` (a row and column
        step off the board), its box ``gap`` pixels beyond the outer edge ``band`` of the edge
        band there."""
        (cx, cy), (nx, ny) = self.centre(*cell, dx), _outward(band, centre)
        ahead = self.centre(cell[0] + step[0], cell[1] + step[1], dx)
        length = math.hypot(ahead[0] - cx, ahead[1] - cy)
        ux, uy = (ahead[0] - cx) / length, (ahead[1] - cy) / length  # along the row or column, outwards
        along = ux * nx + uy * ny  # how fast that line leaves the band: over a half at every tilt
        width, height = font(size).size(text)
        beyond = gap + (abs(nx) * width + abs(ny) * height) / 2  # the box's centre from the band's edge
        reach = ((band[0][0] - cx) * nx + (band[0][1] - cy) * ny + beyond) / along
        return cx + ux * reach, cy + uy * reach

    def _draw_stone(self, surface: pygame.Surface, row: int, col: int, color: Color, dx: float, side: int,
                    board: Color) -> None:
        """A stone of ``side`` in its ``color``: its shadow, its disc outlined against the ``board``
        (``outline_colour``), its shine and its emblem."""
        cx, cy = _int(self.centre(row, col, dx))
        radius = self.stone_radius()
        shadow, shine = _stone_shades(tuple(color))
        step = self._shadow_step(radius)
        pygame.draw.circle(surface, shadow, (cx + step[0], cy + step[1]), radius)
        outlined_circle(surface, color, outline_colour(board), (cx, cy), radius)
        pygame.draw.circle(surface, shine, (cx - radius // 3, cy - radius // 3), max(1, radius // 4))
        side_emblem(surface, side, (cx, cy), radius)

    def side_emblem(self, surface: pygame.Surface, side: int, centre: tuple[int, int], radius: int) -> None:
        side_emblem(surface, side, centre, radius)

    def _draw_ghost(self, surface: pygame.Surface, row: int, col: int, color: Color, side: int, board: Color) -> None:
        """The stone a click would place, faint: outlined and with its side's emblem as a stone is,
        so that a Red ghost is told from a Blue one by its ring too."""
        cx, cy = _int(self.centre(row, col))
        radius = self.stone_radius()
        reach = radius + outline_width(radius) + 1
        ghost = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
        outlined_circle(ghost, color, outline_colour(board), (reach, reach), radius)
        side_emblem(ghost, side, (reach, reach), radius)
        ghost.set_alpha(GHOST_ALPHA)
        surface.blit(ghost, (cx - reach, cy - reach))

    def _draw_swap_offer(self, surface: pygame.Surface, state: HexState, cell: int, overlay: Overlay, dx: float) -> None:
        """A ring on Blue's first stone, inside its cell, and a ghost of the Red stone it would become
        (still: a pulse would keep the window drawing while it waits for the player), and the word
        on the stone where its cell holds it and no analysis value is shown there, else beside it."""
        row, col = divmod(cell, self.n)
        width = max(2, int(self.radius / 8))
        ring = int(self.clear_radius()) - rim_width(width)
        rimmed_circle(surface, overlay.theme.hint, _int(self.centre(row, col, dx)), ring, width)
        mirror = state.game.geo.transpose_cell[cell]
        ghost = pygame.Rect(0, 0, 0, 0)
        if mirror != cell:
            mrow, mcol = divmod(mirror, self.n)
            centre, radius = _int(self.centre(mrow, mcol, dx)), int(self.radius * 0.6)
            rimmed_circle(surface, overlay.theme.side1, centre, radius, max(1, int(self.radius / 10)))
            ghost = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            ghost.center = centre
        size = max(LEAST_NOTE_SIZE, min(self.text_cap(18), int(self.radius * 0.5)))
        cx, cy = self.centre(row, col, dx)
        said = said_move(SWAP)  # the offer, in words; typed, the move is "swap" in every language
        # analysis' values on the board put the swap's own on the stone (``value_anchor``): the word beside it then
        inside = None if overlay.valued else self._note_on_stone(said, cx, cy, size, overlay.hint == SWAP)
        chip, size = inside or (self._note_place(_note_chip(said, size), cx, cy, (ghost,)), size)
        shade = pygame.Surface(chip.size, pygame.SRCALPHA)  # legible on the wood of either theme
        pygame.draw.rect(shade, (0, 0, 0, 160), shade.get_rect(), border_radius=max(2, size // 4))
        surface.blit(shade, chip)
        self.notes.append(chip)
        draw_text(surface, said, chip.center, size, (255, 255, 255), "center")

    def _note_on_stone(self, said: str, cx: float, cy: float, usual: int,
                       hinted: bool) -> tuple[pygame.Rect, int] | None:
        """The note ``said`` on the stone centred at (cx, cy), inside its cell: under the mark drawn
        on the stone's middle (the last move's dot, or the hint's ring where the hint is the swap,
        ``hinted``), within ``clear_radius``, at the largest text size from ``usual`` down to
        ``LEAST_NOTE_SIZE`` that fits; its chip and that size, or None where none fits (cells under
        about 50 pixels in radius), the note then going beside the stone.  Beside it on a 3x3
        board, "swap" lay across the edges of three cells."""
        mark = self._mark_radius(HINT_SHARE if hinted else LAST_MOVE_SHARE)
        top = math.ceil(cy + mark + rim_width(max(2, mark // 3) if hinted else mark) + 1)
        clear = self.clear_radius()
        for size in range(usual, LEAST_NOTE_SIZE - 1, -1):
            chip = _note_chip(said, size)
            chip.midtop = (round(cx), top)
            if max(math.hypot(x - cx, y - cy) for x, y in (chip.bottomleft, chip.bottomright)) <= clear:
                return chip, size
        return None

    def _note_place(self, chip: pygame.Rect, cx: float, cy: float, keep_clear: tuple[pygame.Rect, ...] = ()) -> pygame.Rect:
        """``chip`` put beside the stone centred at (cx, cy): below it, else above, right or left,
        the first place clear of the coordinates and of ``keep_clear`` and inside the view.  Below
        alone, a first stone at a1 on a 19x19 board in the smallest window put "swap" over the
        row's "2", which showed through its shade; on the turned board, a stone one cell right of
        the long diagonal (c2, f5) put it over the ring of the stone it becomes (b3, e6)."""
        off = self.radius * 0.98
        taken = self.label_rects + list(keep_clear)
        for anchor, at in (("midtop", (cx, cy + off)), ("midbottom", (cx, cy - off)),
                           ("midleft", (cx + off, cy)), ("midright", (cx - off, cy))):
            placed = chip.copy()
            setattr(placed, anchor, (int(at[0]), int(at[1])))
            if placed.collidelist(taken) < 0 and self.rect.contains(placed):
                return placed
        chip.midtop = (int(cx), int(cy + off))  # nowhere clear (a board too small to letter has no labels)
        return chip

    def _draw_marks(self, surface: pygame.Surface, state: HexState, overlay: Overlay, dx: float) -> None:
        """The last move's dot and the hint's ring, rimmed (the yellow alone is as light as the
        wood).  The hint was a dot too, told from the last move by its colour alone."""
        for move, color, scale, ring in ((overlay.last_move, overlay.theme.last_move, LAST_MOVE_SHARE, False),
                                         (overlay.hint, overlay.theme.hint, HINT_SHARE, True)):
            if move is None:
                continue
            if move == SWAP:  # the swapped stone once played (Red's), the stone to swap as a hint (Blue's)
                stones = [i for i in range(self.n * self.n) if state.stone_at(i) in (RED, BLUE)]
                move = stones[0] if len(stones) == 1 else None
            if isinstance(move, int):
                row, col = divmod(move, self.n)
                centre, radius = _int(self.centre(row, col, dx)), self._mark_radius(scale)
                rimmed_circle(surface, color, centre, radius, max(2, radius // 3) if ring else 0)

    def _draw_invalid(self, surface: pygame.Surface, overlay: Overlay, dx: float) -> None:
        if overlay.invalid_at is None or time.monotonic() - overlay.invalid_since > 0.5:
            return
        cell = self.cell_at(overlay.invalid_at)
        if cell is not None:
            row, col = divmod(cell, self.n)
            corners = [_int(corner) for corner in self.hexagon(row, col, dx)]
            rimmed_lines(surface, flash_colour(overlay.theme.invalid), [*corners, corners[0]], max(3, int(self.radius / 5)))


@lru_cache(maxsize=16)
def _corner_offsets(radius: float, tilt: float) -> tuple[tuple[float, float], ...]:
    """A hexagon's six corners from its centre (``HexView.hexagon``), the same for every cell of a
    layout: worked out once, not twice a corner for each of a 19x19 board's 361 cells at each new
    layout (a drag of the window's edge)."""
    turn = math.radians(-30) + tilt
    return tuple((radius * math.cos(math.radians(60 * k) + turn), radius * math.sin(math.radians(60 * k) + turn))
                 for k in range(6))


def _note_chip(said: str, size: int) -> pygame.Rect:
    """The box of a note on the board: the text ``said`` at ``size`` with a margin round it."""
    return pygame.Rect((0, 0), font(size).size(said)).inflate(size // 2, 2)


def _from_a1(row: float, col: float, radius: float, tilt: float) -> tuple[float, float]:
    """Where cell (row, col) lies from cell a1's centre, on cells of ``radius`` with the board
    turned clockwise by ``tilt``: rows level and slanting to the right going down when untilted."""
    x, y = (col + row / 2) * SQRT3 * radius, row * 1.5 * radius
    cos, sin = math.cos(tilt), math.sin(tilt)
    return x * cos - y * sin, x * sin + y * cos


def _grown_corners(corners: list[tuple[float, float]], radius: float,
                   depth: float) -> tuple[tuple[float, float], list[tuple[float, float]]]:
    """The board's centre and its corner cells' centres (a1, the top row's last, the last cell,
    the last row's first) pushed out along its diagonals to the edge bands' outer corners, which
    lie ``depth`` radii beyond the outer rows' and columns' centres."""
    cx = sum(p[0] for p in corners) / 4
    cy = sum(p[1] for p in corners) / 4
    grown = []
    for k, (px, py) in enumerate(corners):
        vx, vy = px - cx, py - cy
        length = math.hypot(vx, vy) or 1.0
        # the diagonals bisect the corners: an acute one (60 degrees) goes √3 times as far as an
        # obtuse one, so that the bands are as thick everywhere, their outer edges parallel to
        # the rows and the columns
        reach = 2 * depth * radius if k in (0, 2) else 2 * depth * radius / SQRT3
        grown.append((px + vx / length * reach, py + vy / length * reach))
    return (cx, cy), grown


def _cell_edges(cells: np.ndarray) -> np.ndarray:
    """The pixels of a picture (``cells``: each pixel's cell, -1 off the board) on an edge between
    two cells: those whose right, lower or lower-right neighbour lies in another cell of the board
    (the diagonal closes the line's corners, where a hexagon's slanted edge steps)."""
    edges = np.zeros(cells.shape, dtype=bool)
    for rows, cols in ((0, 1), (1, 0), (1, 1)):
        here, there = cells[:cells.shape[0] - rows, :cells.shape[1] - cols], cells[rows:, cols:]
        edges[:cells.shape[0] - rows, :cells.shape[1] - cols] |= (here >= 0) & (there >= 0) & (here != there)
    return edges


def _outward(line: tuple[tuple[float, float], tuple[float, float]], inside: tuple[float, float]) -> tuple[float, float]:
    """The unit normal of ``line`` pointing away from the point ``inside``."""
    (ax, ay), (bx, by) = line
    length = math.hypot(bx - ax, by - ay)
    nx, ny = (by - ay) / length, (ax - bx) / length
    if (ax - inside[0]) * nx + (ay - inside[1]) * ny < 0:
        nx, ny = -nx, -ny
    return nx, ny


def _hex_round(rows: np.ndarray, cols: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The cells (row, column) whose hexagons hold the fractional axial coordinates ``rows``,
    ``cols``: each rounded in cube coordinates, the rounding furthest off mended from the other
    two (rounding each alone picks a neighbour near the hexagon's slanted edges)."""
    q, r = cols, rows
    s = -q - r
    rq, rr, rs = np.round(q), np.round(r), np.round(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    rq = np.where((dq > dr) & (dq > ds), -rr - rs, rq)
    rr = np.where((dr >= dq) & (dr > ds), -rq - rs, rr)
    return rr.astype(int), rq.astype(int)


def _int(point: tuple[float, float]) -> tuple[int, int]:
    return int(round(point[0])), int(round(point[1]))


VIEW = HexView
