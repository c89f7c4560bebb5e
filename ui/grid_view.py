"""A board view for games on a rectangular grid of cells (tic-tac-toe, Reversi, Rastros, Trax).

It does the geometry every such game shares: fitting the grid into the rectangle with room for
coordinates, mapping pixels to cells, drawing the labels, the hover frame, the last-move mark and
the flash of an illegal click.  A game's view says how to draw one cell's contents and which
move a click on a cell makes.
"""

from __future__ import annotations

import time
from collections.abc import Hashable

import pygame

from games.base import State
from ui.board_marks import flash_colour, rimmed_rect
from ui.board_view import BoardView, Click, Overlay, shake_offset
from ui.theme import Color, draw_text

MIN_LETTERED_CELL = 14  # smaller cells (a preview's) get no coordinates: 9 px letters would overlap the edges
MIN_LINED_CELL = 3  # smaller cells (a 19x19 board's on a list row's picture) get no grid lines: one pixel apart they hid every cell and mark
LABEL_REACH = 1.2  # the coordinates' centres stand at most this many of their sizes from the grid (``label_offset``)
LABEL_ROOM = 2 * LABEL_REACH  # the margin kept for the coordinates: at most this many of their largest size


class GridView(BoardView):
    rows: int
    cols: int
    margin_cells = 0.6  # room for the coordinate labels, in cells, up to ``label_room`` pixels
    margin = 0  # the room kept round the grid for the coordinates, in pixels (``_fit_cells``)
    can_turn = True  # a half turn maps cells to cells (Trax's tiles would have to turn too)

    def col_label(self, col: int) -> str:
        return chr(ord("a") + col)

    def shown_rows(self) -> range:
        """The rows of the board drawn, top to bottom as the board counts them: all of them here; a
        view that frames part of a large board (Trax's, round its tiles) fewer."""
        return range(self.rows)

    def shown_cols(self) -> range:
        """The columns of the board drawn (``shown_rows``): all of them here."""
        return range(self.cols)

    def shows(self, row: int, col: int) -> bool:
        """Whether the cell (row, col) is drawn and takes clicks (``shown_rows``, ``shown_cols``)."""
        return row in self.shown_rows() and col in self.shown_cols()

    def row_label(self, row: int) -> str:
        return str(row + 1)

    def far_col_label(self, col: int) -> str:
        """The column's label under the board: the one above it (``col_label``), one name for a
        column on every edge (Trax's board named its columns officially above it and by its cells
        under it, and a player read ``A`` above and ``e`` below as two columns)."""
        return self.col_label(col)

    def far_row_label(self, row: int) -> str:
        """The row's label right of the board: the one on its left (``row_label``), as
        ``far_col_label``."""
        return self.row_label(row)

    # -- geometry ----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self._fit_cells(rect, self.margin_cells * self.text_size, 4, self.label_room())

    def label_room(self) -> int:
        """The most room, in pixels, the coordinates need beside the grid: their centre at most
        ``LABEL_REACH`` of their largest size off it, and their half beyond.  Counted in cells
        alone, a 3x3 board's margin took some 30% of the room at 1920x1080, empty but for letters
        a fifth of it in size."""
        return int(LABEL_ROOM * self.text_cap(22))

    def layout_picture(self, rect: pygame.Rect, state: State) -> None:
        """The cells as large as ``rect`` holds them: a picture draws no coordinates, so it keeps
        no margin for them (on a 40-pixel picture an 8x8 board's margin took a cell from each
        square), and no least cell size, which would put the board's edges outside the picture."""
        BoardView.layout(self, rect)
        self._fit_cells(rect, 0, 1)

    def _fit_cells(self, rect: pygame.Rect, margin_cells: float, least_cell: int, most_margin: float = 0) -> None:
        """Square cells of at least ``least_cell`` pixels, the grid centred in ``rect`` with
        ``margin_cells`` cells of room round it, but no more than ``most_margin`` pixels (0: no
        bound); the cells then as large as the room left holds them.  The grid is the cells
        drawn (``shown_rows``, ``shown_cols``): the whole board but where a view frames part of it."""
        rows, cols = len(self.shown_rows()), len(self.shown_cols())
        cell, self.margin = fitted_cell(rect, rows, cols, margin_cells, most_margin)
        self.cell = max(least_cell, int(cell))
        self.grid = pygame.Rect(0, 0, self.cell * cols, self.cell * rows)
        self.grid.center = rect.center

    def _on_screen(self, row: int, col: int) -> tuple[int, int]:
        """The row and column where a cell is drawn, counted from the grid's top left cell: the
        same less the first row and column shown, or mirrored when turned."""
        rows, cols = self.shown_rows(), self.shown_cols()
        if self.turned:
            return rows.stop - 1 - row, cols.stop - 1 - col
        return row - rows.start, col - cols.start

    def _on_board(self, row: int, col: int) -> tuple[int, int]:
        """The board's cell drawn at the grid's ``row`` and ``col`` (``_on_screen``'s inverse)."""
        rows, cols = self.shown_rows(), self.shown_cols()
        if self.turned:
            return rows.stop - 1 - row, cols.stop - 1 - col
        return row + rows.start, col + cols.start

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        row, col = self._on_screen(row, col)
        return pygame.Rect(self.grid.x + col * self.cell, self.grid.y + row * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        x, y = pos
        if not self.grid.collidepoint(x, y):
            return None
        return self._on_board((y - self.grid.y) // self.cell, (x - self.grid.x) // self.cell)

    def hover_target(self, pos: tuple[int, int]) -> Hashable:
        """The cell under ``pos``: the hover frame lights a whole cell (``_draw_hover``)."""
        return self.cell_at(pos)

    def place_at(self, pos: tuple[int, int]) -> int | None:
        cell = self.cell_at(pos)
        return None if cell is None else cell[0] * self.cols + cell[1]

    def targets(self, state: State) -> list[tuple[Hashable, pygame.Rect]]:
        """Every cell drawn, by (row, column)."""
        return [((r, c), self.cell_rect(r, c)) for r in self.shown_rows() for c in self.shown_cols()]

    def has_targets(self, state: State) -> bool:
        return self.rows * self.cols > 0

    # -- what a game's view provides ---------------------------------------------------------
    def move_at(self, state: State, row: int, col: int) -> Hashable | None:
        """The legal move a click on (row, col) makes, or None."""
        raise NotImplementedError

    def move_cell(self, move: Hashable) -> tuple[int, int] | None:
        """The cell a move is shown at (for last move and hint marks)."""
        raise NotImplementedError

    def draw_cell(self, surface: pygame.Surface, state: State, row: int, col: int, rect: pygame.Rect, overlay: Overlay) -> None:
        raise NotImplementedError

    def value_anchor(self, move: Hashable) -> tuple[tuple[int, int], int] | None:
        cell = self.move_cell(move)
        return None if cell is None else (self.cell_rect(*cell).center, self.cell)

    def draw_background(self, surface: pygame.Surface, overlay: Overlay) -> None:
        pygame.draw.rect(surface, overlay.theme.board, self.grid)

    def reject_reason(self, state: State, row: int, col: int, keys: bool = False) -> str:
        """Why a click (``keys``: the cursor's Enter) on (row, col) plays nothing: the rules' reason
        for the move of that square (a stone, a disc, the piece put there)."""
        return self.rules_reason(state, row * self.cols + col)

    def draw_extras(self, surface: pygame.Surface, state: State, overlay: Overlay) -> None:
        """Anything drawn over the cells (winning line, trail ...)."""

    # -- the contract ------------------------------------------------------------------------
    def click(self, state: State, pos: tuple[int, int], keys: bool = False) -> Click:
        cell = self.cell_at(pos)
        if cell is None:
            return Click.ignore()
        move = self.move_at(state, *cell)
        return Click.play(move) if move is not None else Click.reject(lambda: self.reject_reason(state, *cell, keys))

    def draw(self, surface: pygame.Surface, state: State, overlay: Overlay) -> None:
        theme = overlay.theme
        saved = self.grid
        self.grid = self.grid.move(shake_offset(overlay), 0)
        try:
            self.draw_background(surface, overlay)
            for r in self.shown_rows():
                for c in self.shown_cols():
                    self.draw_cell(surface, state, r, c, self.cell_rect(r, c), overlay)
            self._draw_lines(surface, theme.grid)
            if overlay.coordinates and self.cell >= MIN_LETTERED_CELL:
                self._draw_labels(surface, theme.text)
            self._mark(surface, overlay.last_move, theme.last_move, 3)
            self._mark(surface, overlay.hint, theme.hint, 5)
            self.draw_extras(surface, state, overlay)
            self._draw_hover(surface, state, overlay)
            self._draw_invalid(surface, overlay)
        finally:
            self.grid = saved

    def _draw_lines(self, surface: pygame.Surface, color: Color) -> None:
        """The grid's lines, but on cells too small to show anything between them (``MIN_LINED_CELL``)."""
        if self.cell < MIN_LINED_CELL:
            return
        g, width = self.grid, max(1, self.cell // 30)
        for r in range(len(self.shown_rows()) + 1):
            pygame.draw.line(surface, color, (g.left, g.top + r * self.cell), (g.right, g.top + r * self.cell), width)
        for c in range(len(self.shown_cols()) + 1):
            pygame.draw.line(surface, color, (g.left + c * self.cell, g.top), (g.left + c * self.cell, g.bottom), width)

    def label_offset(self, size: int) -> int:
        """How far from the grid's edge the coordinates of ``size`` pixels stand (their centres):
        the middle of the margin kept for them, but no further than ``LABEL_REACH`` of their
        size.  The margin was counted in cells, and a 3x3 board's cells are large: its letters
        stood 50 pixels off it at 1280x800, floating away from the board they name."""
        return min(int(self.margin / 2), int(size * LABEL_REACH))

    def _draw_labels(self, surface: pygame.Surface, color: Color) -> None:
        size = max(9, min(self.text_cap(22), int(self.cell * 0.32 * self.text_size)))
        off = self.label_offset(size)
        first_row, first_col = self.shown_rows().start, self.shown_cols().start
        for c in self.shown_cols():
            x = self.cell_rect(first_row, c).centerx
            draw_text(surface, self.col_label(c), (x, self.grid.top - off), size, color, "center")
            draw_text(surface, self.far_col_label(c), (x, self.grid.bottom + off), size, color, "center")
        for r in self.shown_rows():
            y = self.cell_rect(r, first_col).centery
            draw_text(surface, self.row_label(r), (self.grid.left - off, y), size, color, "center")
            draw_text(surface, self.far_row_label(r), (self.grid.right + off, y), size, color, "center")

    def _mark(self, surface: pygame.Surface, move: Hashable | None, color: Color, width: int) -> None:
        if move is None:
            return
        cell = self.move_cell(move)
        if cell is not None:
            width = max(2, width * self.cell // 80)
            rimmed_rect(surface, color, self.mark_rect(cell, width), width)

    def mark_rect(self, cell: tuple[int, int], width: int) -> pygame.Rect:
        """Where a frame ``width`` thick marks ``cell`` (the last move, a hint): a little inside
        the cell, clear of the grid lines round it."""
        return self.cell_rect(*cell).inflate(-4, -4)

    def _draw_hover(self, surface: pygame.Surface, state: State, overlay: Overlay) -> None:
        if overlay.hover is None or not overlay.interactive:
            return
        cell = self.cell_at(overlay.hover)
        if cell is None or self.move_at(state, *cell) is None:
            return
        rect = self.cell_rect(*cell)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*overlay.theme.hover, 50))
        surface.blit(shade, rect)

    def _draw_invalid(self, surface: pygame.Surface, overlay: Overlay) -> None:
        if overlay.invalid_at is None or time.monotonic() - overlay.invalid_since > 0.5:
            return
        cell = self.cell_at(overlay.invalid_at)
        if cell is not None:
            rimmed_rect(surface, flash_colour(overlay.theme.invalid), self.cell_rect(*cell), max(3, self.cell // 15))


def fitted_cell(rect: pygame.Rect, rows: int, cols: int, margin_cells: float, most_margin: float = 0) -> tuple[float, float]:
    """The side of square cells that put a grid of ``rows`` by ``cols`` in ``rect`` with
    ``margin_cells`` cells of room round it, that room at most ``most_margin`` pixels (0: no
    bound), and the room itself: ``GridView._fit_cells``' sum, which a view choosing how many
    cells to show asks too."""
    cell = min(rect.width / (cols + 2 * margin_cells), rect.height / (rows + 2 * margin_cells))
    margin = cell * margin_cells
    if most_margin and margin > most_margin:
        margin = most_margin
        cell = min((rect.width - 2 * most_margin) / cols, (rect.height - 2 * most_margin) / rows)
    return cell, margin
