"""A position's text edited a cell at a time: what the position editor's clicks on its board do.

    cells = game.text_cells()                   # how to_text writes the board; None: not cell by cell
    place = cell_place(cells, text, cell)       # where the cell's symbol is in the text: (line, start, end)
    text = stepped_cell(cells, text, cell, 1)   # the cell's next symbol (-1: the one before), or None
    text = other_side(cells, text, to_move)     # the other side named to move

A cell is the game's own number of it (the index its moves and ``to_text`` count: row by row,
from the text's first row, or from its last for a game that writes its board upside down).  The
text stays the one thing that is edited: these change the characters (or words) of one cell, or
the side to move, and the game reads the result as it reads anything typed, so the rules (what
a position may hold) stay in the game's ``from_text``.  A text that is no position at the moment
is edited all the same, where its rows say the cell is: a Rastros piece is moved by taking it
off one square and putting it on another, through a text with none.

Rows are the text's lines that are not headings (``to-move: X``, ``trail: ...``); a cell is the
n-th character of its row that is not a space (Hex's rows are indented and spaced), or the n-th
word (Trax's tile names).  A board on one line (Reversi's Othello Board Format) is cut into rows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

HEADING = re.compile(r"\s*([a-z-]+):", re.IGNORECASE)  # a position's line that is no row of its board
TO_MOVE = "to-move"

Place = tuple[int, int, int]  # a line of the text, and the start and end of a cell's symbol in it


@dataclass(frozen=True)
class TextCells:
    """How a game's ``to_text`` writes its board, for editing it a cell at a time."""

    width: int  # cells in a row
    height: int  # rows
    symbols: tuple[str, ...]  # what a cell can hold, the empty cell's first, in the order a click goes round them
    sides: tuple[str, str]  # the words that name the side to move (the text may write them in other cases)
    words: bool = False  # a cell is a word between spaces (Trax's tile names), not a character
    bottom_first: bool = False  # cell 0 is on the text's last row (Alquerque writes row 5 first)
    side_at_end: bool = False  # the side to move is the text's last character (Reversi's), not a ``to-move:`` line
    own_symbols: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # cells that hold others: Rastros' goals
    untrue_after_edit: tuple[str, ...] = ()  # headings of lines an edited board makes untrue: Rastros' trail

    def symbols_of(self, cell: int) -> tuple[str, ...]:
        """What ``cell`` can hold, in the order a click goes round them."""
        return self.own_symbols.get(cell, self.symbols)


def _board_lines(cells: TextCells, text: str) -> list[int]:
    """The numbers of the text's lines that hold the board's rows (not headings, not blank)."""
    lines = text.split("\n")
    rows = [i for i, line in enumerate(lines) if line.strip() and not HEADING.match(line)]
    if cells.side_at_end and rows and len(_symbols_in(cells, lines[rows[-1]])) == 1:
        rows.pop()  # the side to move on a line of its own, after the board's rows
    return rows


def _symbols_in(cells: TextCells, line: str) -> list[tuple[int, int]]:
    """The start and end of each cell's symbol in ``line``: its words, or its characters that are not spaces."""
    pattern = r"\S+" if cells.words else r"\S"
    board = line.split(";", 1)[0] if cells.side_at_end else line  # an Othello line's moves and scores left out
    return [match.span() for match in re.finditer(pattern, board)]


def cell_place(cells: TextCells, text: str, cell: int) -> Place | None:
    """Where ``cell``'s symbol is in ``text``, or None when the text has no such cell there (a
    row too short, no board)."""
    row, col = divmod(cell, cells.width)
    if cells.bottom_first:
        row = cells.height - 1 - row
    lines = text.split("\n")
    board = _board_lines(cells, text)
    one_line = len(board) == 1 and cells.height > 1
    if one_line:  # a board on one line (Reversi's Othello Board Format): the n-th symbol of it
        row, col = 0, row * cells.width + col
    if not 0 <= row < len(board):
        return None
    spans = _symbols_in(cells, lines[board[row]])
    if cells.side_at_end and one_line:
        spans = spans[:-1]  # the side to move, at the end of the one line
    if not 0 <= col < len(spans):
        return None
    return board[row], *spans[col]


def _put(text: str, place: Place, value: str) -> str:
    lines = text.split("\n")
    line, start, end = place
    lines[line] = lines[line][:start] + value + lines[line][end:]
    return "\n".join(lines)


def _without_untrue_lines(cells: TextCells, text: str) -> str:
    """``text`` without the lines an edited board makes untrue (Rastros' trail: the piece's path)."""
    def untrue(line: str) -> bool:
        heading = HEADING.match(line)
        return heading is not None and heading.group(1).lower() in cells.untrue_after_edit

    return "\n".join(line for line in text.split("\n") if not untrue(line))


def stepped_cell(cells: TextCells, text: str, cell: int, step: int) -> str | None:
    """``text`` with ``cell``'s symbol the next one it can hold (``step`` 1; -1: the one before),
    round the end; None when the text has no such cell or the cell holds one thing only (Rastros'
    goals).  A symbol it cannot hold (typed) counts as the empty cell's."""
    place = cell_place(cells, text, cell)
    symbols = cells.symbols_of(cell)
    if place is None or len(symbols) < 2:
        return None
    line, start, end = place
    now = text.split("\n")[line][start:end]
    known = [symbol.lower() for symbol in symbols]
    index = known.index(now.lower()) if now.lower() in known else 0
    return _without_untrue_lines(cells, _put(text, place, symbols[(index + step) % len(symbols)]))


def side_place(cells: TextCells, text: str) -> Place | None:
    """Where the side to move is written in ``text``: the word after ``to-move:``, or the last
    character (Reversi's); None when the text does not say."""
    lines = text.split("\n")
    if cells.side_at_end:
        for number in range(len(lines) - 1, -1, -1):
            spans = _symbols_in(cells, lines[number])
            if spans:
                return number, spans[-1][1] - 1, spans[-1][1]
        return None
    for number, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading and heading.group(1).lower() == TO_MOVE:
            word = re.compile(r"\S+").search(line, heading.end())
            return (number, word.start(), word.end()) if word else (number, len(line), len(line))
    return None


def other_side(cells: TextCells, text: str, to_move: int | None) -> str:
    """``text`` with the other side to move: the other of the side it names, or of ``to_move``
    (the side the game read, when the text does not name one), the first side when neither
    says; a text that names none gets a ``to-move:`` line."""
    place = side_place(cells, text)
    if place is not None:
        line, start, end = place
        named = text.split("\n")[line][start:end].lower()
        known = [side.lower() for side in cells.sides]
        to_move = known.index(named) if named in known else to_move
    side = cells.sides[0] if to_move is None else cells.sides[1 - to_move]
    if place is None:
        return f"{TO_MOVE}: {side}\n{text}"
    if place[1] == place[2]:
        side = " " + side if not text.split("\n")[place[0]].endswith(" ") else side
    return _put(text, place, side)
