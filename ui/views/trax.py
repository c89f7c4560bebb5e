"""Trax board view: tiles with their light and dark paths, a tile picker, forced tiles laid in turn.

- A tile is drawn as in the real game: a coloured square with two paths, curves as quarter rings
  round a corner and straights as bands (the light band crossing over the dark one).
- Clicking an empty cell where tiles may go opens a small picker with the legal tiles drawn as
  previews (hovering one, or the keyboard's cursor on one, shows its whole turn, forced tiles
  included, ghosted on the board, and names it and the cells it forces); a click on a preview plays it
  (a finger, which has no hover, shows a preview by a first tap and plays it by a second).  Where only one tile is legal it is placed at once.
  A tile that matches the neighbours but whose turn would make three edges of one colour meet is
  left out of the picker, and a line under it names the tile and that cell.  The picker and its
  lines keep off the cells its tiles force, wrapped narrower where the wide lines would not.
- The tiles of the last turn appear one after another (the placed tile, then each forced tile);
  the placed tile keeps a frame, the forced ones their corners marked.  The legal moves' dots wait
  for the last of them (they are the position's); a click meanwhile lays them all at once first.
- A hint is ghosted with its whole turn too, forced tiles included.
- At the end the loop or line that finished the game is traced in the highlight colour.
- On the game screen and a watched tournament's board a board too large to show whole at a
  comfortable size shows its tiles and a few cells round them, as large as the board area holds
  (``TraxView.frame_for``), growing as the tiles reach its edge; a replay frames the tiles of the
  game's last position so, for every step (``BoardView.framed_on``); Z or the mouse wheel shows the
  whole board and back (``zoom``, the game screen and the replay).
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from functools import lru_cache

import pygame
import pygame.gfxdraw

from games.grid import cell_name
from games.trax import DARK, LIGHT, NAME, SHAPE, SIDES, Trax, TraxState, move_cell, move_of, move_tile
from games.trax_tiles import TILE_NAMES, tile_of_name
from ui import text as tx
from ui import words
from ui.board_marks import MARK_RIM, legal_dot_radius, rim_width, shown
from ui.board_view import Click, Overlay
from ui.grid_view import MIN_LETTERED_CELL, GridView, fitted_cell
from ui.i18n import _
from ui.text import fit_font
from ui.theme import DARK as DARK_THEME
from ui.theme import Theme, draw_text, font

# the red face of a Trax tile: (178, 58, 48) stood 2.5:1 from the dark path to a player without
# red cones; a touch lighter toward orange, it stands 3:1 from each path for every viewer
TILE_FACE = (178, 86, 50)
PATH_COLOURS = {LIGHT: (246, 242, 228), DARK: (16, 16, 20)}
BAND = 0.26  # path width as a share of the tile
STEP = 0.16  # seconds between the tiles of a turn appearing
UNNAMED_LABEL = "·"  # round the board, a column left of ``@`` or a row above ``0``: the official notation names none
PICTURE_LEAST_CELLS = 3  # a small picture frames at least this many cells each way round the tiles
# the game screen's board (``TraxView.frame_for``): a board whose whole grid gets cells this large
# is shown whole, as before; a larger one shows its tiles, ``FRAME_MARGIN`` cells round them at
# least, grown to ``FRAME_GROWTH`` cells round them when the tiles reach that margin (a cell more
# than the margin, so that the board is not laid out anew at every turn), and never fewer
# cells each way than the smallest board's.  28 pixels: a tile's paths are then bands of 7 pixels,
# told apart at a glance, and a 15x15 board stays whole in the smallest window (30 pixels a cell,
# at the usual text size and a larger one); the 25x25 board's whole grid, 18 pixels a cell there
# and 26 at 1280x800, made its tiles hard to pick and to read
COMFORTABLE_CELL = 28
FRAME_MARGIN = 2
FRAME_GROWTH = 3
LEAST_FRAME = 7
CORNERS = {  # the corner a curve joining two sides turns round, and the quarter it sweeps
    frozenset((0, 1)): ((0, 0), 0.0),
    frozenset((1, 2)): ((1, 0), 0.5 * math.pi),
    frozenset((2, 3)): ((1, 1), math.pi),
    frozenset((3, 0)): ((0, 1), 1.5 * math.pi),
}


def draw_path(surface: pygame.Surface, rect: pygame.Rect, a: int, b: int, colour, width: float) -> None:
    """One path across ``rect`` from side ``a`` to side ``b``: a band if straight, else a quarter ring."""
    size = rect.width
    if {a, b} == {0, 2}:
        band = pygame.Rect(rect.x, 0, size, max(1, round(width)))
        band.centery = rect.centery
        pygame.draw.rect(surface, colour, band)
        return
    if {a, b} == {1, 3}:
        band = pygame.Rect(0, rect.y, max(1, round(width)), size)
        band.centerx = rect.centerx
        pygame.draw.rect(surface, colour, band)
        return
    (cx, cy), start = CORNERS[frozenset((a, b))]
    ox, oy = rect.x + cx * size, rect.y + cy * size
    outer, inner = size / 2 + width / 2, max(0.0, size / 2 - width / 2)
    steps = max(6, size // 4)
    angles = [start + 0.5 * math.pi * i / steps for i in range(steps + 1)]
    points = [(ox + outer * math.cos(t), oy + outer * math.sin(t)) for t in angles]
    points += [(ox + inner * math.cos(t), oy + inner * math.sin(t)) for t in reversed(angles)]
    points = [(round(x), round(y)) for x, y in points]
    pygame.gfxdraw.filled_polygon(surface, points, colour)
    pygame.gfxdraw.aapolygon(surface, points, colour)


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, tile: int, alpha: int = 255) -> None:
    """A whole tile (``alpha`` < 255 for ghosts): its picture at this size, drawn once and then
    copied (a full 25x25 board drew 625 tiles from polygons every frame, 50 ms at 1920x1080)."""
    picture = tile_picture(tile, rect.width, rect.height)
    if alpha < 255:
        picture = picture.copy()
        picture.set_alpha(alpha)
    surface.blit(picture, rect)


@lru_cache(maxsize=64)
def tile_picture(tile: int, width: int, height: int) -> pygame.Surface:
    """The picture of ``tile`` at a size (six tiles, a few sizes: the board's, the picker's)."""
    picture = pygame.Surface((width, height))
    paint_tile(picture, picture.get_rect(), tile)
    return picture


def paint_tile(surface: pygame.Surface, rect: pygame.Rect, tile: int) -> None:
    """A whole tile drawn in ``rect``: face, dark path, then light path on top."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    pygame.draw.rect(surface, TILE_FACE, rect)
    for colour in (DARK, LIGHT):
        a, b = SIDES[tile][colour]
        draw_path(surface, rect, a, b, PATH_COLOURS[colour], rect.width * BAND)
    surface.set_clip(clip)


def tile_row_height(tile_size: int) -> int:
    """The height ``draw_tile_row`` takes: the tiles and their names under them."""
    return tile_size + tile_size // 8 + tx.line_height(picker_label_size(tile_size))


def tile_label(name: str) -> str:
    """A tile's name and its sign in the notation (``lddl \\``): the moves are written with the
    sign (``e5/``), and the page said which curves ``/`` and ``\\`` stand for only in words."""
    return f"{name} {SHAPE[tile_of_name(name)]}"


def draw_tile_row(surface: pygame.Surface, topleft: tuple[int, int], tile_size: int, colour) -> None:
    """The six tiles side by side, each with its name and notation sign under it (``tile_label``):
    the rules page's picture, so that a name (``lddl``) is read off a tile's edges, west, north,
    east, south, as the page says, and a move's ``/`` off its curves, instead of being learnt
    from the words alone."""
    x, y = topleft
    for name in TILE_NAMES:
        rect = pygame.Rect(x, y, tile_size, tile_size)
        draw_tile(surface, rect, tile_of_name(name))
        tx.text(surface, tile_label(name), (rect.centerx, rect.bottom + tile_size // 8),
                picker_label_size(tile_size), colour, "midtop")
        x += tile_size + tile_size // 3


def picker_label_size(tile_size: int) -> int:
    """The hovered tile's name under the picker, in pixels: sized by the picker's tiles, which
    keep a size a finger can point at, not by the board's cells (25x25 cells drew it at 10)."""
    return max(13, tile_size // 4)


def forced_cells(state: TraxState, move: int, most: int = 4, other: bool = False) -> str:
    """The cells ``move``'s turn fills by force, played on ``state`` ("c2, c4"; "" if none): a long
    chain names its first ``most`` cells, so a line naming them stays inside the board.  ``other``:
    as Trax players name the spaces (``Trax.official_cell``: "C1, D2"), counted as the move is,
    from the tiles of ``state``, as the board is labelled before the move."""
    return cells_written(state, [move_cell(m) for m in state.forced_tiles(move)[1:]], most, other)


def cells_written(state: TraxState, cells: list[int], most: int = 4, other: bool = False) -> str:
    """``cells`` named as the board showing ``state`` labels them (``cell_written``), the first
    ``most`` of them and "…" ("c2, c4"; "" for none)."""
    names = [cell_written(state, cell, other) for cell in cells]
    return ", ".join(names[:most]) + (", …" if len(names) > most else "")


def move_written(state: TraxState, move: int, other: bool) -> str:
    """``move`` played in ``state`` as the view names it: ``e5/`` or, ``other``, officially ``B2+``."""
    return state.game.other_move_text(state, move) if other else state.game.format_move(state, move)


def cell_written(state: TraxState, cell: int, other: bool) -> str:
    """``cell`` as the view names it in ``state``: ``e5`` or, ``other``, officially ``B2``."""
    return state.game.official_cell(state, cell) if other else cell_name(cell, state.game.size)


def forced_words(state: TraxState, move: int, most: int = 4, other: bool = False) -> str:
    """Which cells ``move``'s turn fills by force, for the picker's label ("forces c2, c4"): the
    ghosted turn alone did not tell the tile chosen from the tiles that come with it."""
    cells = forced_cells(state, move, most, other)
    return _("forces {cells}").format(cells=cells) if cells else ""


def pointed_words(state: TraxState, move: int, other: bool = False) -> str:
    """The line under the picker for the tile pointed at: its move, its tile and the cells its
    turn forces ("f8+ dldl (light top-bottom) · forces f7, g7, g8"; ``other``: officially), parted
    as every line of parts is (``tx.join_parts``)."""
    label = f"{move_written(state, move, other)} {words.trax_tile(NAME[move_tile(move)])}"
    forced = forced_words(state, move, other=other)
    return tx.join_parts([label, forced])


def pointed_lines(said: str, narrow: bool) -> list[str]:
    """``pointed_words``' line as drawn: whole, or in a narrow picker its tile on one line and the
    cells it forces on the next."""
    return said.split(tx.SEPARATOR) if narrow else [said]


def left_out_words(state: TraxState, cell: int, offered: list[int], other: bool = False) -> str:
    """Why tiles that match the neighbours of ``cell`` are not among the picker's ``offered``, in
    the course's words ("c3/ is not offered: three dark edges would meet at c3"; ``other``:
    officially): a picker of two tiles where three fit left the player wondering where the third
    had gone."""
    game = state.game
    said = []
    for tile in game.fits(state.cells, cell):
        move = move_of(cell, tile)
        clash = None if move in offered else game.clash(state.cells, cell, tile)
        if clash is not None:
            at, colour = clash
            template = (_("{move} is not offered: three light edges would meet at {cell}") if colour == LIGHT
                        else _("{move} is not offered: three dark edges would meet at {cell}"))
            said.append(template.format(move=move_written(state, move, other), cell=cell_written(state, at, other)))
    return "; ".join(said)


def draw_label(surface: pygame.Surface, text: str, midtop: tuple[int, int], size: int, within: pygame.Rect,
               theme: Theme) -> pygame.Rect:
    """A line under the picker on a backing of its own (the board's light squares would swallow
    it), cut to fit ``within``; returns the backing's rect."""
    text = fit_font(text, font(size), within.width - size)
    backing = font(size).size(text)
    place = pygame.Rect(0, 0, backing[0] + size, backing[1] + 2)
    place.midtop = midtop
    place.clamp_ip(within)
    pygame.draw.rect(surface, theme.panel, place, border_radius=4)
    draw_text(surface, text, place.center, size, theme.text, "center")
    return place


def tiles_extent(state: TraxState) -> tuple[range, range]:
    """The rows and the columns that hold ``state``'s tiles, from the first to the last (empty
    ranges on an empty board)."""
    size = state.game.size
    cells = [divmod(cell, size) for cell, tile in enumerate(state.cells) if tile]
    if not cells:
        return range(0), range(0)
    rows, cols = [r for r, _c in cells], [c for _r, c in cells]
    return range(min(rows), max(rows) + 1), range(min(cols), max(cols) + 1)


def widened(span: range, least: int, size: int) -> range:
    """``span`` (rows or columns of a board ``size`` wide) grown evenly to ``least`` long, kept on the board."""
    if not span or len(span) >= least:
        return span
    start = min(max(0, span.start - (least - len(span)) // 2), max(0, size - least))
    return range(start, min(size, start + least))


def grown(span: range, by: int, size: int) -> range:
    """``span`` (rows or columns of a board ``size`` wide) with ``by`` more each side, kept on the board."""
    return range(max(0, span.start - by), min(size, span.stop + by))


def covers(outer: range, inner: range) -> bool:
    """Whether ``outer`` holds every row (or column) of ``inner``."""
    return not inner or (outer.start <= inner.start and inner.stop <= outer.stop)


def whole_cells(rect: pygame.Rect, grid: pygame.Rect, cell: int) -> pygame.Rect:
    """The part of ``rect`` a picture of ``grid`` (cells ``cell`` pixels, its lines included)
    shows whole cells in: the picture's cells are centred in it, and where the board runs on past
    its edge a pixel or two of the next row showed as a thin strip along the main menu's card."""
    line = max(1, cell // 30)  # as wide as ``GridView._draw_lines`` draws them, at the cells' far edges
    left = grid.x + max(0, -(-(rect.x - grid.x) // cell)) * cell
    top = grid.y + max(0, -(-(rect.y - grid.y) // cell)) * cell
    right = grid.x + min(grid.width, (rect.right - grid.x) // cell * cell) + line
    bottom = grid.y + min(grid.height, (rect.bottom - grid.y) // cell * cell) + line
    return pygame.Rect(left, top, right - left, bottom - top).clip(rect)


class TraxView(GridView):
    marks_legal = True
    can_turn = False  # a tile drawn turned round would have to turn too
    margin_cells = 0.7
    picture_cells: pygame.Rect | None = None  # a picture's part showing whole cells (``whole_cells``); None on the game screen

    def __init__(self, game: Trax) -> None:
        super().__init__(game)
        self.rows = self.cols = game.size
        self.picker: tuple[int, list[int]] | None = None  # (cell, legal moves there) while picking
        self.hover_pos: tuple[int, int] | None = None
        self.previewed: int | None = None  # the picker's tile a finger tapped once: shown, placed by a second tap
        self._hidden: set[int] = set()
        self._legal_cells: set[int] = set()
        self._animating_turn = 0
        self._avoid_cells: list[int] = []  # the last turn's cells: the picker does not cover them
        self._forced_cells: set[int] = set()  # the cells the picker's tiles would force: nor these
        self._tiles: set[int] = set()  # the tiles on the board when the picker opened: the fewest covered
        self._left_out = ""  # why the open picker leaves out tiles that fit (``left_out_words``): said under it
        self._pointed: list[str] = []  # the open picker's line for each tile pointed at (``pointed_words``)
        self._speed = 1.0
        self._theme: Theme = DARK_THEME  # the last drawing's, for drawing under the keyboard's cursor
        # the official names of the columns and rows (``Trax.official_axes``) while the moves are
        # named officially (``other_notation``): the labels round the board; None: the cells' own
        self._official_axes: tuple[list[str], list[str]] | None = None
        # the part of the board the game screen shows (``frame_for``): its rows and columns, None
        # for the whole board; the tiles it was framed for, and the position last fitted
        self._frame: tuple[range, range] | None = None
        self._framed_tiles: frozenset[int] | None = None
        self._state: TraxState | None = None

    # -- geometry that follows the position's size (a course position may bring its own) ------
    def _fit(self, state: TraxState) -> None:
        """The board's size and framed part (``frame_for``) for ``state``, or for the position a
        replay frames (``framed_on``) whatever position it shows, laid out again when either changed."""
        self._state = state
        size_changed = state.game.size != self.rows
        if size_changed:
            self.rows = self.cols = state.game.size
            self._framed_tiles = None
        frame = self.frame_for(state if self.framed_on is None else self.framed_on)
        if size_changed or frame != self._frame:
            self._frame = frame
            self._lay_out_cells()

    def shown_rows(self) -> range:
        return self._frame[0] if self._frame is not None else range(self.rows)

    def shown_cols(self) -> range:
        return self._frame[1] if self._frame is not None else range(self.cols)

    def zoomable(self) -> bool:
        """A framed board (``frame_for``), or one the player zoomed out of: ``Z`` and the wheel
        switch between the whole board and its tiles."""
        return self.frames_tiles() and (self.whole_board or self._frame is not None)

    def frames_tiles(self) -> bool:
        """Whether this board may show part of itself round the tiles (``frame_for``): a game
        played or watched (``follows_play``) or a replay (``framed_on``), not a picture."""
        return self.follows_play or self.framed_on is not None

    def zoom(self, whole: bool) -> None:
        """The whole board, or the tiles framed again (afresh, round the tiles as they lie)."""
        self.whole_board = whole
        self._framed_tiles = None
        if self._state is not None:
            self._fit(self._state)

    def frame_for(self, state: TraxState) -> tuple[range, range] | None:
        """The rows and columns the game screen shows of ``state``'s board, None for all of them.

        On a board too large for ``COMFORTABLE_CELL`` pixels a cell in the board area, the cells
        round the tiles: a game begun in the middle of a 25x25 board used a small part of it for
        most of the game, its tiles 18 pixels in the smallest window.  ``FRAME_GROWTH`` cells
        round the tiles, at least ``LEAST_FRAME`` each way, then as many more as the room holds
        at that size.  Every legal cell touches a tile, so it is in view and clickable, and so
        is every cell the keyboard's cursor may go to.  The frame is kept while the tiles stay
        ``FRAME_MARGIN`` cells inside it, and grown when a turn's tiles reach that margin (never
        narrowed during a game: the board would jump under the player's eye); framed afresh
        when tiles went (an undo, a new game, an earlier position looked at) or the window's
        size changed (``layout``).  A replay frames the game's last position so (``_fit``), and
        keeps that frame for every position it steps to: a Trax tile never leaves the board, so
        the last position's tiles hold every earlier one's, and their legal cells.  Only on the
        game screen, a watched tournament's board and a replay (``frames_tiles``), and not while
        the player asked for the whole board (``zoom``)."""
        if not self.frames_tiles() or self.whole_board or self.picture_cells is not None or self.rect.width <= 0:
            return None
        size = self.rows
        if self._cell_for(size, size) >= COMFORTABLE_CELL:
            return None
        tiles = frozenset(i for i, tile in enumerate(state.cells) if tile)
        rows, cols = tiles_extent(state)
        if not rows:
            return None
        frame, before = self._frame, self._framed_tiles
        growing = frame is not None and before is not None and tiles >= before
        self._framed_tiles = tiles
        if growing and covers(frame[0], grown(rows, FRAME_MARGIN, size)) and covers(frame[1], grown(cols, FRAME_MARGIN, size)):
            return frame
        rows, cols = grown(rows, FRAME_GROWTH, size), grown(cols, FRAME_GROWTH, size)
        if growing:  # the frame held before, and more: the board never jumps back under the tiles
            rows = range(min(rows.start, frame[0].start), max(rows.stop, frame[0].stop))
            cols = range(min(cols.start, frame[1].start), max(cols.stop, frame[1].stop))
        rows, cols = widened(rows, LEAST_FRAME, size), widened(cols, LEAST_FRAME, size)
        # then as many cells more as the room holds at that size (the board area is seldom square)
        cell, margin = fitted_cell(self.rect, len(rows), len(cols), self.margin_cells * self.text_size, self.label_room())
        rows = widened(rows, int((self.rect.height - 2 * margin) // max(1, int(cell))), size)
        cols = widened(cols, int((self.rect.width - 2 * margin) // max(1, int(cell))), size)
        return None if len(rows) == size and len(cols) == size else (rows, cols)

    def _cell_for(self, rows: int, cols: int) -> float:
        """The cells' side in the board area for a grid of ``rows`` by ``cols`` (``layout``'s fit)."""
        return fitted_cell(self.rect, rows, cols, self.margin_cells * self.text_size, self.label_room())[0]

    def _lay_out_cells(self) -> None:
        """The grid fitted again to the board area, for the rows and columns now shown."""
        self._fit_cells(self.rect, self.margin_cells * self.text_size, 4, self.label_room())

    def layout_picture(self, rect: pygame.Rect, state: TraxState) -> None:
        """The tiles laid so far as large as ``rect`` holds them, each whole, centred: on a
        40-pixel picture the whole 10x10 board gave a tile 4 pixels (a 25x25 course position
        ran off the picture), and a game of a few tiles showed mostly empty cells.  At least
        ``PICTURE_LEAST_CELLS`` cells each way, so the first tile still shows on a board; the
        empty board is shown whole; the cells round the tiles show as far as the picture reaches,
        and the whole board, centred, along a way it fits in: a game ten columns wide and six rows
        high was cut a row short at its top in the Play from here form's square, a band left free
        under it."""
        self.rows = self.cols = state.game.size
        self._frame = self._framed_tiles = None  # a picture frames the tiles its own way
        super().layout_picture(rect, state)
        rows, cols = (widened(span, PICTURE_LEAST_CELLS, self.rows) for span in tiles_extent(state))
        if not rows:
            return
        self.cell = max(1, min(rect.width // len(cols), rect.height // len(rows)))
        self.grid = pygame.Rect(0, 0, self.cell * self.cols, self.cell * self.rows)
        line = max(1, self.cell // 30)  # the cells centred with their far lines (``GridView._draw_lines``)
        tiles = pygame.Rect(cols[0] * self.cell, rows[0] * self.cell, len(cols) * self.cell + line, len(rows) * self.cell + line)
        tiles.center = rect.center
        # a far line a pixel wider than the picture (three cells of 35 at 105 pixels) is the one cut:
        # centred, the first cells began a pixel before the picture and the card showed a tile in
        # a corner with two cells beside it
        tiles.topleft = (max(tiles.x, rect.x), max(tiles.y, rect.y))
        self.grid.topleft = (tiles.x - cols[0] * self.cell, tiles.y - rows[0] * self.cell)
        if self.grid.width <= rect.width:
            self.grid.centerx = rect.centerx
        if self.grid.height <= rect.height:
            self.grid.centery = rect.centery
        self.picture_cells = whole_cells(rect, self.grid, self.cell)

    def layout(self, rect: pygame.Rect) -> None:
        """The board in ``rect``, framed afresh round the tiles of the position last shown (a
        window of another size holds another number of cells: ``frame_for``)."""
        self.picture_cells = None  # the game screen's board: no picture's frame
        self._frame = self._framed_tiles = None
        super().layout(rect)
        if self._state is not None:
            self._fit(self._state)

    def col_label(self, col: int) -> str:
        """The column's letter round the board, on every edge of it (``GridView.far_col_label``):
        its official name (``@``, ``A``...) while the moves are named officially, else the cell's
        (``a``...).  Under the board stood the cells' own letters while the official names stood
        above it, two ways of naming one board, and a player read ``A`` above and ``e`` below as
        two columns: the board is labelled one way, as the move list writes the moves."""
        return self._official_label(0, col) if self._official_axes else super().col_label(col)

    def row_label(self, row: int) -> str:
        """The row's number round the board: its official name (``0``, ``1``...) while the moves
        are named officially, else the cell's (``1``...)."""
        return self._official_label(1, row) if self._official_axes else super().row_label(row)

    def _official_label(self, axis: int, index: int) -> str:
        """The official name of column (``axis`` 0) or row (1) ``index``, ``UNNAMED_LABEL`` where
        the notation names none (left of ``@``, above ``0``: no move can go there): those labels
        were blank, and the 10x10 board's top rows and left columns looked cut off (four of each
        round the first tile); a name made up for them would be read as a move's."""
        return self._official_axes[axis][index] or UNNAMED_LABEL

    def move_cell(self, move: int) -> tuple[int, int]:
        return divmod(move_cell(move), self.cols)

    def _moves_at(self, state: TraxState, row: int, col: int) -> list[int]:
        cell = row * self.cols + col
        return [m for m in state.legal_moves() if move_cell(m) == cell]

    def move_at(self, state: TraxState, row: int, col: int) -> int | None:
        """The move a click makes at once: only where a single tile is legal."""
        moves = self._moves_at(state, row, col)
        return moves[0] if len(moves) == 1 else None

    def reject_reason(self, state: TraxState, row: int, col: int, keys: bool = False) -> str:
        """Why no tile goes on the cell clicked, in the rules' words (``Trax.why_no_tile``), as a
        move typed there is told, its spaces named as the labels round the board name them."""
        return words.rule_reason(state.game.why_no_tile(state, row * self.cols + col, self.other_notation),
                                 self.game.id)

    # -- input ---------------------------------------------------------------------------------
    def click(self, state: TraxState, pos: tuple[int, int], keys: bool = False) -> Click:
        self._fit(state)
        if self.picker is not None:
            chosen = next((move for rect, move in self._picker_rects() if rect.collidepoint(pos)), None)
            if chosen is not None and self.by_touch and not keys and chosen != self.previewed:
                self.previewed = chosen  # a finger's first tap shows what a mouse's pointing shows
                return Click.pending()
            self.picker = self.previewed = None
            if chosen is not None:
                return Click.play(chosen)
        cell = self.cell_at(pos)
        if cell is None:
            return Click.ignore()
        moves = self._moves_at(state, *cell)
        if not moves:
            return Click.reject(lambda: self.reject_reason(state, *cell, keys))
        if len(moves) == 1:
            return Click.play(moves[0])
        self.picker = (cell[0] * self.cols + cell[1], moves)
        self._forced_cells = {move_cell(t) for m in moves for t in state.forced_tiles(m)[1:]}
        self._tiles = {i for i, tile in enumerate(state.cells) if tile}
        self._left_out = left_out_words(state, self.picker[0], moves, self.other_notation)
        self._pointed = [pointed_words(state, m, self.other_notation) for m in moves]
        return Click.pending()

    def targets(self, state: TraxState) -> list[tuple[Hashable, pygame.Rect]]:
        """The open picker's tiles while it is open (nothing else is clicked then), else the cells."""
        self._fit(state)
        if self.picker is not None:
            return [(("tile", move), rect) for rect, move in self._picker_rects()]
        return super().targets(state)

    def has_targets(self, state: TraxState) -> bool:
        """As ``targets``: the open picker's tiles, else the cells."""
        return bool(self.targets(state)) if self.picker is not None else super().has_targets(state)

    def reset_input(self) -> None:
        self.picker = self.previewed = None

    def hover_target(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The pixel itself: the picker's tiles, over the board's cells, light by their own
        rectangles (``_hovered_tile``), so every motion draws."""
        return pos

    def has_partial_input(self) -> bool:
        return self.picker is not None

    def hinted_target(self, state: TraxState, move: Hashable) -> Hashable | None:
        """The open picker's tile of ``move`` (the hint's, at the cell the picker opened on)."""
        return ("tile", move) if self.picker is not None and move in self.picker[1] else None

    def undoes_input(self) -> bool:
        """Undo takes back moves, never the open picker, which is a choice, not part of a move:
        it was enabled with the picker open before any move was played, and closed it, where Esc
        or a click elsewhere closes it.  Undo with moves played takes the last back (the picker
        closes with the position it was opened on)."""
        return False

    def cursor_keys(self) -> str:
        """Enter on a cell opens its tile picker (or lays the one tile that fits), where a second
        Enter plays: the line said "Enter or Space plays", and the first Enter showed tiles instead."""
        return _("arrows move the cursor, Enter or Space picks a tile there, Esc hides it")

    def play_tips(self, state: TraxState, keys: bool = False) -> tuple[str, ...]:
        """While the tile picker is open, the side panel says what the line under the board says
        (``status_text``), then its short form: with the picker open the panel said "Click the
        board · Up or Down: a cursor" over a line that said "Pick a tile"."""
        if self.picker is None:
            return ()
        return self.status_text(state, keys), _("Pick a tile")

    def status_text(self, state: TraxState, keys: bool = False, mover: str = "") -> str:
        if self.picker is not None and keys:
            return _("Pick a tile: Left and Right show each with its forced tiles, Enter plays it, Esc closes")
        if self.picker is not None and self.by_touch:
            return _("Pick a tile: tap one to see its forced tiles, tap it again to place it")
        if self.picker is not None:
            return _("Pick a tile (hover one to see its forced tiles)")
        if state.is_terminal():  # the prompt would say only who won: add both scores
            from ui.words import end_reason

            light, dark = state.score()
            return _("{reason}  -  score: Light {light}, Dark {dark}").format(
                reason=end_reason(state.end_reason()), light=light, dark=dark)
        return ""

    def _picker_rects(self) -> list[tuple[pygame.Rect, int]]:
        """Where the previews of the open picker are (``_picker_layout``)."""
        return self._picker_layout()[0]

    def _picker_layout(self) -> tuple[list[tuple[pygame.Rect, int]], list[str], bool, pygame.Rect | None]:
        """The open picker's previews, the lines under them that say why tiles are left out,
        whether its lines are narrow (``pointed_lines``), and the place it takes with the room
        for its lines (None without a picker).

        Beside the cell (above, below, left, right, then the corners between), never on it, the
        first place that covers fewest of the cells its tiles would force, then of the last turn's
        tiles, then of the other tiles; with room under them for the label of the tile pointed
        at, inside the grid of cells (``_picker_area``), and as wide as the lines and that label,
        so that they stay on the grid too.  The lines are as wide as the grid allows, or narrower
        (wrapped to a third of the grid, the label on two lines) where that covers fewer forced
        cells: a line seven cells wide lay over the forced cells next to the cell wherever the
        picker stood, hiding the very tiles that pointing at a preview ghosts."""
        if self.picker is None:
            return [], [], False, None
        cell, moves = self.picker
        size = max(36, min(96, int(self.cell * 1.1)))
        gap = max(4, size // 8)
        tiles_width = len(moves) * size + (len(moves) + 1) * gap
        target = self.cell_rect(*divmod(cell, self.cols))
        label = picker_label_size(size)
        wide = max(label, self.grid.width - label)
        best = None
        for narrow in (False, True):
            notes = self._left_out_lines(size, min(wide, max(tiles_width, self.grid.width // 3)) if narrow else wide)
            pointed = [pointed_lines(words, narrow) for words in self._pointed]
            lines = notes + [line for said in pointed for line in said]
            width = max([tiles_width] + [font(label).size(line)[0] + label for line in lines])
            # the labels under the box (the tiles left out; the tile pointed at), and the box's frame
            label_h = (label + gap) * (len(notes) + max(map(len, pointed), default=1)) + gap
            box, cost = self._place_picker(pygame.Rect(0, 0, width, size + 2 * gap + label_h), target, gap)
            if best is None or cost < best[0]:
                best = (cost, box, notes, narrow)
        _cost, box, notes, narrow = best
        first = box.x + (box.width - tiles_width) // 2 + gap  # the tiles centred over the lines
        rects = [(pygame.Rect(first + i * (size + gap), box.y + gap, size, size), m) for i, m in enumerate(moves)]
        return rects, notes, narrow, box

    def _place_picker(self, full: pygame.Rect, target: pygame.Rect, gap: int) -> tuple[pygame.Rect, tuple]:
        """The place of a picker box the size of ``full`` beside ``target`` (see ``_picker_layout``)
        and what it covers: (forced cells, last turn's cells, tiles), the fewest the best."""
        left, right, top, bottom = target.left - gap, target.right + gap, target.top - gap, target.bottom + gap
        places = [("midbottom", (target.centerx, top)), ("midtop", (target.centerx, bottom)),
                  ("midright", (left, target.centery)), ("midleft", (right, target.centery)),
                  ("bottomright", (left, top)), ("bottomleft", (right, top)),
                  ("topright", (left, bottom)), ("topleft", (right, bottom))]
        area = self._picker_area(full)
        best, best_cost = None, None
        for anchor, point in places:
            candidate = full.copy()
            setattr(candidate, anchor, point)
            candidate.clamp_ip(area)
            if candidate.colliderect(target):
                continue
            under = self._cells_under(candidate)
            cost = tuple(len(under.intersection(cells)) for cells in (self._forced_cells, self._avoid_cells,
                                                                       self._tiles))
            if best_cost is None or cost < best_cost:
                best, best_cost = candidate, cost
        if best is None:  # no place beside the cell keeps off it: the box on the grid, as good as none
            return full.clamp(area), (len(self._forced_cells) + 1,)
        return best, best_cost

    def _left_out_lines(self, tile_size: int, width: int | None = None) -> list[str]:
        """Why the open picker leaves out tiles, in lines ``width`` wide, by default as wide as
        the grid of cells holds at the picker's label size (one line said it past the grid, over
        the coordinates)."""
        if not self._left_out:
            return []
        label = picker_label_size(tile_size)
        return tx.wrap(self._left_out, label, width or max(label, self.grid.width - label), bold=True)

    def _picker_area(self, box: pygame.Rect) -> pygame.Rect:
        """Where a picker ``box`` may go: the grid of cells, so that the coordinates round it stay
        in view (a picker opened on a cell of the edge row stood over the letters above the board);
        the whole board area only for a box bigger than the grid."""
        fits = box.width <= self.grid.width and box.height <= self.grid.height
        return self.grid if fits else self.rect

    def _cells_under(self, rect: pygame.Rect) -> set[int]:
        """The cells a rectangle on the screen lies over, even partly."""
        over = rect.clip(self.grid)
        if not over.width or not over.height:
            return set()
        first_row, first_col = self.shown_rows().start, self.shown_cols().start
        cols = range((over.left - self.grid.x) // self.cell, (over.right - 1 - self.grid.x) // self.cell + 1)
        rows = range((over.top - self.grid.y) // self.cell, (over.bottom - 1 - self.grid.y) // self.cell + 1)
        return {(first_row + r) * self.cols + first_col + c for r in rows for c in cols}

    # -- animation -------------------------------------------------------------------------------
    def _shown_tiles(self, state: TraxState, overlay: Overlay) -> int:
        """How many tiles of the last turn are on show (all of them when not animating)."""
        if not self._animates(state, overlay):
            return len(state.turn)
        speed = overlay.animation_speed if overlay.animation_speed > 0 else 1.0
        return min(len(state.turn), 1 + int((time.monotonic() - self.animation_started) * speed / STEP))

    def _animates(self, state: TraxState, overlay: Overlay) -> bool:
        return (overlay.animation_speed > 0 and len(state.turn) > 1 and overlay.last_move is not None
                and state.turn[0] == overlay.last_move)

    def move_shown(self, before, move, after) -> None:
        super().move_shown(before, move, after)
        self._animating_turn = len(after.turn) if isinstance(after, TraxState) else 0

    def move_note(self, before: TraxState, move: int, after: TraxState) -> str:
        """The computer's forced tiles in words: its turn laid two or more tiles, only one of them
        chosen, and a player who did not know the forcing rule saw the computer take extra turns.
        In the official notation (``other_notation``) the forced tiles are named by their spaces as
        the letters round the board name them once the turn is laid (the notation writes no forced
        tile, and the note is read on the board after it): counted before the move, a turn laid
        above the tiles named e5 ``A0``, a space the board then labels ``A1``.  The move keeps the
        name the move list writes (``B0+``), which its tile's tag shows (``_draw_last_move_name``)."""
        cells = cells_written(after, [move_cell(m) for m in after.turn[1:]], other=self.other_notation)
        if not cells:
            return ""
        written = move_written(before, move, self.other_notation)
        return _("{move} also laid its forced tiles: {cells}").format(move=written, cells=cells)

    def marks_wait(self) -> bool:
        """True while the last drawing left tiles of the turn to come (``_hidden``): the board shown
        is not yet the position, so no legal move is marked on it.  The dots of the next turn stood
        on cells the animation had not filled (f5 beside e5, a forced tile still to come), none of
        them a legal move on the board then shown; a click then finishes the animation first
        (``BoardView.finish_animation``)."""
        return bool(self._hidden)

    def is_animating(self) -> bool:
        turn = self._animating_turn
        if turn <= 1 or self._speed <= 0:
            return False
        return (time.monotonic() - self.animation_started) * self._speed < (turn - 1) * STEP

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: TraxState, overlay: Overlay) -> None:
        self._fit(state)
        self._avoid_cells = [move_cell(m) for m in state.turn]
        self._speed = overlay.animation_speed
        shown = self._shown_tiles(state, overlay)
        self._hidden = {move_cell(m) for m in state.turn[shown:]}
        # the cells some tile may go on (not every empty cell next to a tile: a hole whose every
        # tile would bring three edges of one colour together takes none); none while the turn's
        # tiles are still being laid (``marks_wait``)
        marks = overlay.show_legal and not self.marks_wait()
        self._legal_cells = {move_cell(m) for m in state.legal_moves()} if marks else set()
        self.hover_pos = overlay.hover
        self._theme = overlay.theme
        # a beginner read the move list's C3/ off the board's c and 3, another square: while the
        # moves are named officially the labels on every edge of the board are the official ones,
        # counted from the tiles as they lie now, as the next move, a hint and the picker's line are
        self._official_axes = state.game.official_axes(state) if self.other_notation else None
        self.notes = []
        clip = surface.get_clip()
        if self.picture_cells is not None:  # a picture shows whole cells (``whole_cells``)
            surface.set_clip(self.picture_cells.clip(clip))
        super().draw(surface, state, overlay)
        surface.set_clip(clip)
        self._draw_picker(surface, state, overlay.theme, self._hovered_tile())

    def draw_cell(self, surface, state: TraxState, row, col, rect, overlay: Overlay) -> None:
        cell = row * self.cols + col
        tile = state.cells[cell]
        if tile and cell not in self._hidden:
            draw_tile(surface, rect, tile)
        elif overlay.show_legal and overlay.interactive and cell in self._legal_cells:
            pygame.draw.circle(surface, overlay.theme.legal, rect.center, self._dot_radius(rect))

    def _dot_radius(self, rect: pygame.Rect) -> int:
        return legal_dot_radius(rect.width, self.text_size)

    def _draw_ghost_turn(self, surface, state: TraxState, move: int, theme: Theme, alpha: int) -> None:
        """``move``'s whole turn ghosted (a hint, the picker's tile pointed at), forced tiles
        included, over empty cells: a legal move's dot under a ghost showed through it, as if the
        turn left that cell free.  The dot is taken off (the board's colour over it) first."""
        for m in state.forced_tiles(move):
            if not self.shows(*self.move_cell(m)):  # a forced tile past the framed part: the board grows after the turn
                continue
            rect = self.cell_rect(*self.move_cell(m))
            if move_cell(m) in self._legal_cells:
                pygame.draw.circle(surface, theme.board, rect.center, self._dot_radius(rect) + 1)
            draw_tile(surface, rect, move_tile(m), alpha=alpha)

    def _draw_hover(self, surface, state: TraxState, overlay: Overlay) -> None:
        """Shade the cell under the mouse where some tile can go (GridView only knows single moves)."""
        if overlay.hover is None or not overlay.interactive or self.picker is not None or self.marks_wait():
            return
        cell = self.cell_at(overlay.hover)
        if cell is None or not self._moves_at(state, *cell):
            return
        rect = self.cell_rect(*cell)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*overlay.theme.hover, 60))
        surface.blit(shade, rect)

    def draw_extras(self, surface, state: TraxState, overlay: Overlay) -> None:
        if overlay.hint is not None and overlay.hint in state.legal_moves():  # its whole turn, as the picker shows it
            self._draw_ghost_turn(surface, state, overlay.hint, overlay.theme, 140)
            self._mark(surface, overlay.hint, overlay.theme.hint, 5)  # its frame again, over the ghost that dimmed it
        for m in state.turn[1:]:  # the forced tiles of the last turn: its corners, the placed tile has a frame
            if move_cell(m) not in self._hidden and overlay.last_move is not None:
                self._draw_corners(surface, self.cell_rect(*self.move_cell(m)).inflate(-4, -4), overlay.theme.last_move)
        if state.is_terminal() and state.winner() is not None and not self._hidden:
            self._draw_winning_paths(surface, state, overlay)
        self._draw_last_move_name(surface, state, overlay)

    def _draw_last_move_name(self, surface: pygame.Surface, state: TraxState, overlay: Overlay) -> None:
        """The last move's name as the move list writes it (``A0/``), on a tag at its tile, where
        the labels round the board no longer give that name: a tile laid above or left of the
        others moved the official labels under it (it is now on row 1), and a beginner looking
        for the list's ``A0/`` on row 0 found an empty square.  Only while the moves are named
        officially and the labels are drawn.  The tag stands beside the tile, never on it: laid
        across its top edge it hid most of a small tile (25x25 at 800x560: 18 pixels), the very
        tile the player had just placed (``_tag_place``)."""
        last, before = overlay.last_move, overlay.previous
        if (not self._official_axes or not overlay.coordinates or last is None or self._hidden
                or not isinstance(before, TraxState) or self.cell < MIN_LETTERED_CELL):
            return
        written = move_written(before, last, True)
        if written[:-1] == cell_written(state, move_cell(last), True):
            return
        size = max(11, self.cell // 4)
        written = fit_font(written, font(size), self.grid.width - size)  # as draw_label writes it
        width, height = font(size).size(written)
        hinted = {move_cell(m) for m in state.forced_tiles(overlay.hint)} \
            if overlay.hint is not None and overlay.hint in state.legal_moves() else set()
        place = self._tag_place(state, self.cell_rect(*self.move_cell(last)), (width + size, height + 2), hinted,
                                self._picker_layout()[3], overlay.cursor, overlay.valued)
        tag = draw_label(surface, written, place.midtop, size, self.grid, overlay.theme)
        pygame.draw.rect(surface, shown(overlay.theme.last_move), tag, 2, border_radius=4)
        self.notes.append(tag)

    def _tag_place(self, state: TraxState, tile: pygame.Rect, size: tuple[int, int],
                   hinted: set[int] | frozenset[int] = frozenset(), picker: pygame.Rect | None = None,
                   cursor: pygame.Rect | None = None, valued: tuple[tuple[int, int], ...] = ()) -> pygame.Rect:
        """Where a tag of ``size`` names the tile at ``tile``: above it, below, left or right of it
        on the board, the first of them off the open ``picker`` (its tiles and the lines under them:
        the pointed tile's "C1/ ddll (light right-bottom)" covered the tag), then off the place the
        keyboard's ``cursor`` rings (the tag "B0\\" lay over the ring and the legal move's dot of
        the empty cell the cursor was on), then over the fewest other tiles (a tag above the tile
        hid the tile laid before it there) and ghosted tiles of the hint's turn (``hinted``: the
        tag "A0/" of the last move covered half the hint's tile above it), then off the better of
        analysis' ``valued`` places (best first: above its tile, the tag "A0/" took the place of the
        best move's value, which analysis then drew as a bare dot); over the tile itself only where
        none is off it."""
        tiles = {i for i, held in enumerate(state.cells) if held} | hinted
        valued_cells = [self._cells_under(pygame.Rect(centre, (1, 1))) for centre in valued]
        best, best_cost = pygame.Rect((0, 0), size), None
        best.midbottom = tile.midtop
        best.clamp_ip(self.grid)  # over the tile only where no place beside it is on the board
        for anchor, point in (("midbottom", tile.midtop), ("midtop", tile.midbottom),
                              ("midright", tile.midleft), ("midleft", tile.midright)):
            candidate = pygame.Rect((0, 0), size)
            setattr(candidate, anchor, point)
            candidate.clamp_ip(self.grid)
            if candidate.colliderect(tile):
                continue
            cost = (picker is not None and candidate.colliderect(picker),
                    cursor is not None and candidate.colliderect(cursor), len(self._cells_under(candidate) & tiles),
                    -next((i for i, cells in enumerate(valued_cells) if cells & self._cells_under(candidate)),
                          len(valued_cells)))
            if best_cost is None or cost < best_cost:
                best, best_cost = candidate, cost
        return best

    def mark_rect(self, cell: tuple[int, int], width: int) -> pygame.Rect:
        """A tile fills its cell: a frame set inside the cell, as on the other boards, left the
        tile's edge showing round it, its paths' ends as light and dark notches beside the frame.
        Here the frame's rim starts at the cell's edge."""
        rim = rim_width(width)
        return self.cell_rect(*cell).inflate(-2 * rim, -2 * rim)

    def _draw_corners(self, surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
        """The four corners of ``rect``, a quarter of its side each way: a forced tile's mark, told
        apart at a glance from the whole frame round the tile the player placed; rimmed as that
        frame is (ui.board_marks), seen on the red face and on both paths."""
        width, arm = max(2, 3 * self.cell // 80), max(4, rect.width // 4)
        arms = []
        for x, y, dx, dy in ((rect.left, rect.top, 1, 1), (rect.right - 1, rect.top, -1, 1),
                             (rect.left, rect.bottom - 1, 1, -1), (rect.right - 1, rect.bottom - 1, -1, -1)):
            arms.append(pygame.Rect(min(x, x + dx * arm), min(y, y + dy * width), arm, width))
            arms.append(pygame.Rect(min(x, x + dx * width), min(y, y + dy * arm), width, arm))
        rim = rim_width(width)
        for shade, grow in ((MARK_RIM, 2 * rim), (shown(colour), 0)):
            for piece in arms:
                pygame.draw.rect(surface, shade, piece.inflate(grow, grow))

    def win_marks(self, state: TraxState) -> list[pygame.Rect]:
        return [self.cell_rect(*divmod(cell, self.cols)) for path in state.winning_paths() for cell in path.cells]

    def _draw_winning_paths(self, surface, state: TraxState, overlay: Overlay) -> None:
        n = self.cols
        for path in state.winning_paths():
            for cell in path.cells:
                a, b = SIDES[state.cells[cell]][path.colour]
                rect = self.cell_rect(*divmod(cell, n))
                clip = surface.get_clip()
                surface.set_clip(rect)
                for shade, share in ((MARK_RIM, 0.6), (shown(overlay.theme.win), 0.4)):  # rimmed: seen on both paths
                    draw_path(surface, rect, a, b, shade, rect.width * BAND * share)
                surface.set_clip(clip)

    def _hovered_tile(self) -> int | None:
        """The picker's tile a finger tapped once (``previewed``), else the one under the mouse, if any."""
        if self.previewed is not None:
            return self.previewed
        return next((m for r, m in self._picker_rects() if self.hover_pos is not None and r.collidepoint(self.hover_pos)),
                    None)

    def draw_pointed(self, surface: pygame.Surface, state: TraxState, key: Hashable) -> None:
        """The keyboard's cursor on a picker's tile shows what the mouse over it does: the whole
        turn ghosted on the board and the tile's name (the mouse, when over another tile, wins)."""
        if self.picker is not None and isinstance(key, tuple) and key[0] == "tile" and self._hovered_tile() is None:
            self._draw_picker(surface, state, self._theme, key[1])

    def _draw_picker(self, surface, state: TraxState, theme: Theme, hovered: int | None) -> None:
        """The open picker; ``hovered``: the tile pointed at, its turn ghosted and its name shown."""
        rects, notes, narrow, _box = self._picker_layout()
        if not rects:
            return
        if hovered is not None:  # the whole turn, ghosted on the board under the picker
            self._draw_ghost_turn(surface, state, hovered, theme, 150)
        cell = self.picker[0]
        pygame.draw.rect(surface, theme.on_board, self.cell_rect(*divmod(cell, self.cols)), max(2, self.cell // 20))
        box = rects[0][0].unionall([r for r, _ in rects]).inflate(rects[0][0].width // 4, rects[0][0].width // 4)
        pygame.draw.rect(surface, theme.background, box.move(3, 3), border_radius=6)
        pygame.draw.rect(surface, theme.panel, box, border_radius=6)
        pygame.draw.rect(surface, theme.accent, box, 2, border_radius=6)
        for rect, move in rects:
            draw_tile(surface, rect, move_tile(move))
            if move == hovered:
                pygame.draw.rect(surface, theme.accent, rect.inflate(4, 4), 3)
        size, below = picker_label_size(rects[0][0].width), box.bottom + 2
        within = self.grid if self.grid.contains(box) else self.rect  # where the picker keeps, its lines too
        for line in notes:  # first, where they stay while a tile is pointed at
            below = draw_label(surface, line, (box.centerx, below), size, within, theme).bottom + 2
        for line in pointed_lines(pointed_words(state, hovered, self.other_notation), narrow) if hovered is not None else []:
            below = draw_label(surface, line, (box.centerx, below), size, within, theme).bottom + 2


VIEW = TraxView
__all__ = ["VIEW", "TraxView", "draw_tile"]
