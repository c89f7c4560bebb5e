"""A position's text edited a cell at a time: what the position editor's clicks on its board do.

    cells = game.text_cells()                   # how to_text writes the board; None: not cell by cell
    place = cell_place(cells, text, cell)       # where the cell's symbol is in the text: (line, start, end)
    symbols = cell_symbols(cells, text, cell)   # what a click on the cell goes round, in this text
    text = stepped_cell(cells, text, cell, 1)   # the cell's next symbol (-1: the one before), or None
    holds_piece(cells, text, cell)              # whether the text writes a piece there (not the empty cell's symbol)
    text = other_side(cells, text, to_move)     # the other side named to move

A cell is the game's own number of it (the index its moves and ``to_text`` count: row by row,
from the text's first row, or from its last for a game that writes its board upside down).  The
text stays the one thing that is edited: these change the characters (or words) of one cell, or
the side to move, and the game reads the result as it reads anything typed, so the rules (what
a position may hold) stay in the game's ``from_text``.  A game whose cells must agree with their
neighbours (Trax's tile edges) says which symbols do, given the neighbours' (``TextCells.agreeing``):
a click then goes round those only.  A text that is no position at the moment
is edited all the same, where its rows say the cell is: a Rastros piece is moved by taking it
off one square and putting it on another, through a text with none.

Rows are the text's lines that are not headings (``to-move: X``, ``trail: ...``); a cell is the
n-th character of its row that is not a space (Hex's rows are indented and spaced), or the n-th
word (Trax's tile names).  A board on one line (Reversi's Othello Board Format) is cut into rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
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
    # what a cell may hold beside its neighbours' symbols (``neighbour_symbols``): Trax's tiles that agree
    agreeing: Callable[[Sequence[str | None]], tuple[str, ...]] | None = field(default=None, compare=False)

    def symbols_of(self, cell: int) -> tuple[str, ...]:
        """What ``cell`` can hold on any board, in the order a click goes round them."""
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


def _symbol_at(text: str, place: Place) -> str:
    line, start, end = place
    return text.split("\n")[line][start:end]


def neighbour_symbols(cells: TextCells, text: str, cell: int) -> tuple[str | None, ...]:
    """The symbols ``text`` writes for the cells beside ``cell``: the one before it in its row, in
    the row before, after it in its row, in the row after (the game's own numbering: Trax's west,
    north, east, south); None off the board or where the text has no such cell."""
    row, col = divmod(cell, cells.width)
    beside = ((row, col - 1), (row - 1, col), (row, col + 1), (row + 1, col))
    places = [cell_place(cells, text, r * cells.width + c) if 0 <= r < cells.height and 0 <= c < cells.width else None
              for r, c in beside]
    return tuple(None if place is None else _symbol_at(text, place) for place in places)


def cell_symbols(cells: TextCells, text: str, cell: int) -> tuple[str, ...]:
    """What a click on ``cell`` goes round in ``text``: what the cell can hold, or, in a game whose
    cells agree with their neighbours, what the game says agrees with those ``text`` has."""
    if cells.agreeing is None:
        return cells.symbols_of(cell)
    return cells.agreeing(neighbour_symbols(cells, text, cell))


def cell_symbol(cells: TextCells, text: str, cell: int) -> str | None:
    """The symbol ``text`` writes on ``cell``, or None where the text has no such cell: two
    positions' symbols compared tell the cells a move changed (``BoardView.changed_marks``)."""
    place = cell_place(cells, text, cell)
    return None if place is None else _symbol_at(text, place)


def holds_piece(cells: TextCells, text: str, cell: int) -> bool:
    """Whether ``text`` writes a piece on ``cell``: a symbol the cell can hold other than its first,
    the empty cell's (one it cannot hold counts as the empty cell's, as for ``stepped_cell``:
    Reversi's "-"; Rastros' free goals hold their letter alone)."""
    place = cell_place(cells, text, cell)
    if place is None:
        return False
    return _symbol_at(text, place).lower() in [symbol.lower() for symbol in cells.symbols_of(cell)[1:]]


def stepped_cell(cells: TextCells, text: str, cell: int, step: int) -> str | None:
    """``text`` with ``cell``'s symbol the next one it can hold (``step`` 1; -1: the one before),
    round the end; None when the text has no such cell or the cell holds the one thing it can
    (Rastros' goals, a Trax cell empty where no tile agrees with its neighbours).  A symbol it
    cannot hold (typed, or a tile its neighbours now disagree with) counts as the empty cell's."""
    place = cell_place(cells, text, cell)
    if place is None:
        return None
    symbols = cell_symbols(cells, text, cell)
    now = _symbol_at(text, place).lower()
    known = [symbol.lower() for symbol in symbols]
    if len(symbols) < 2 and now in known:
        return None
    index = known.index(now) if now in known else 0
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
