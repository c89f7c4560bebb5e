"""Tic-tac-toe board view: X and O drawn as strokes, the winning line struck through."""

from __future__ import annotations

import pygame

from games.tictactoe import TicTacToe, TicTacToeState
from ui.board_marks import outline_colour, outlined_circle, outlined_lines, rimmed_circle
from ui.board_view import Overlay
from ui.grid_view import MIN_LINED_CELL, GridView


class TicTacToeView(GridView):
    def __init__(self, game: TicTacToe) -> None:
        super().__init__(game)
        self.rows, self.cols = game.height, game.width

    def move_at(self, state: TicTacToeState, row: int, col: int) -> int | None:
        move = row * self.cols + col
        return move if move in state.legal_moves() else None

    def move_cell(self, move: int) -> tuple[int, int]:
        return divmod(move, self.cols)

    def draw_cell(self, surface, state: TicTacToeState, row, col, rect, overlay: Overlay) -> None:
        i = row * self.cols + col
        if rect.width < MIN_LINED_CELL:  # a 19x19 board on a list row's picture: no room for a stroke
            self._fill_marked(surface, state, i, rect, overlay)
            return
        pad, width = rect.width // 5, max(2, rect.width // 10)
        inner = rect.inflate(-2 * pad, -2 * pad)
        outline = outline_colour(overlay.theme.board)  # the sides' colours alone fell under 3:1 without red or green sight
        if state.boards[0] >> i & 1:
            strokes = [(inner.topleft, inner.bottomright), (inner.topright, inner.bottomleft)]
            outlined_lines(surface, overlay.theme.side0, outline, strokes, width)
        elif state.boards[1] >> i & 1:
            outlined_circle(surface, overlay.theme.side1, outline, inner.center, inner.width // 2, width)
        elif overlay.hint == i:
            rimmed_circle(surface, overlay.theme.hint, inner.center, max(3, inner.width // 6))

    @staticmethod
    def _fill_marked(surface, state: TicTacToeState, i: int, rect, overlay: Overlay) -> None:
        """A marked cell of a pixel or two filled with its side's colour: an X's strokes and an O's
        ring drawn that small showed as their dark outline, an O not at all."""
        for side, colour in enumerate((overlay.theme.side0, overlay.theme.side1)):
            if state.boards[side] >> i & 1:
                pygame.draw.rect(surface, colour, rect)

    def winning_cells(self, state: TicTacToeState) -> list[tuple[int, int]]:
        """The (row, col) of the completed line's cells, in order along it; [] before a win."""
        line = state.winning_line()
        return [divmod(i, self.cols) for i in range(self.rows * self.cols) if line >> i & 1]

    def win_marks(self, state: TicTacToeState) -> list[pygame.Rect]:
        return [self.cell_rect(*cell) for cell in self.winning_cells(state)]

    def draw_extras(self, surface, state: TicTacToeState, overlay: Overlay) -> None:
        cells = self.winning_cells(state)
        if not cells:
            return
        a, b = self.cell_rect(*cells[0]).center, self.cell_rect(*cells[-1]).center
        pygame.draw.line(surface, overlay.theme.win_on_board, a, b, max(3, self.cell // 8))


VIEW = TicTacToeView
