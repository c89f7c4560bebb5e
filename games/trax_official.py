"""Trax's official notation (the International Trax Association's) read and written on this board.

The notation (traxgame.com, "Frequently Asked Questions: How do I record a game?", and the New
Zealand Trax Association's newsletter On Trax 8, "New Trax Notation"): each turn is its placed
tile alone (forced tiles are not written), as column, row and sign.  Columns are counted from
the left of the tiles on the table as the turn starts, ``A`` the first occupied one, ``@`` the
empty one before it, then ``B`` ... ``Z``, ``AA``, ``AB``...; rows from the top, ``1`` the first
occupied, ``0`` the one above it.  The sign is the tile's shape (``+``, ``/``, ``\\``), the
neighbours fixing its colours.  The first tile is ``@0/`` or ``@0+``, and the table is turned so
that it lies as those name it: ``/`` with white on its west and north edges (our ``lldd``), ``+``
with white from north to south (``dldl``), as the FPT 2015 Trax contest's engines read it (e.g.
Tetsui Ohkubo's: ``@0/ B1\\ A2\\`` closes a red loop).  White moves first and is Light here.  A
game begun here from another single tile (another centre tile, or a set-up position of one tile)
is written on the table turned (``quarter_turns``); one begun from several tiles, on the board as
it lies (``table_turns_of``).

Telling it from ours: our notation is absolute and lower-case (``e5/``, as Copy moves writes
it); a move with a capital column or ``@`` (``B2+``, ``@1/``) is the official notation, read
against the tiles of the position it is played in.  A whole game (starting ``@0/`` or ``@0+``)
is replayed on an open table first, then laid on a board large enough to keep a free row and
column round every tile, so that every forced tile falls as on the table and no edge-to-edge line
ends it early (``official_game``); the first tile is White's turn, so Dark (Red) moves next.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from games.base import IllegalMove, quoted
from games.trax_tiles import NAME, SHAPE, move_cell, move_of, move_tile, tile_of_name

OFFICIAL_MOVE = re.compile(r"^\s*(@|[A-Z]{1,2})\s*(\d{1,3})\s*([+/\\])\s*$")
FIRST_TILE = {"/": tile_of_name("lldd"), "+": tile_of_name("dldl")}  # ``@0/``, ``@0+``: the table's turn
SIGNS = {tile: sign for sign, tile in FIRST_TILE.items()}
MOVE_NUMBER = re.compile(r"^\d+[.)]?$")  # "12", "12." or "12)" before a move in a published game
OFFICIAL_LINE = "Official notation:"  # before the game so written in a copied move list
LARGEST = 25  # the largest Trax board here (games/trax.py's size option)


def is_official_move(text: str) -> bool:
    """Whether ``text`` is written in the official notation (a capital column or ``@``)."""
    return OFFICIAL_MOVE.match(text) is not None


def is_first_tile(text: str) -> bool:
    """Whether ``text`` is a game's first tile in the official notation, ``@0/`` or ``@0+``."""
    m = OFFICIAL_MOVE.match(text)
    return m is not None and m.group(1) == "@" and int(m.group(2)) == 0 and m.group(3) in FIRST_TILE


def written_game(text: str) -> list[str] | None:
    """The moves of a whole game written in the official notation, as Trax players publish one:
    its first tile ``@0/`` or ``@0+`` first, the moves apart by spaces, commas or lines, each
    perhaps after its number (``1 @0/ 2 B1\\``, ``1. @0/``); None if ``text`` does not start so.
    Every other word is a move, to be read (or said not to be one) as the game's."""
    words = [word for word in re.split(r"[\s,;]+", text.strip()) if word and not MOVE_NUMBER.match(word)]
    return words if words and is_first_tile(words[0]) else None


def column_number(letters: str) -> int:
    """``@`` 0, ``A`` 1, ``Z`` 26, ``AA`` 27: the official column, counted from before the tiles."""
    number = 0
    for letter in letters.replace("@", ""):
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def column_letters(number: int) -> str:
    """The official column ``number`` (``column_number``'s inverse)."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters or "@"


def tiles_box(cells: bytes | bytearray, size: int) -> tuple[int, int, int, int]:
    """(top row, left column, bottom row, right column) of the tiles of a ``size`` board."""
    places = [divmod(i, size) for i, tile in enumerate(cells) if tile]
    rows, cols = [r for r, _c in places], [c for _r, c in places]
    return min(rows), min(cols), max(rows), max(cols)


def official_place(cells: bytes | bytearray, size: int, text: str) -> tuple[int, int, str]:
    """(row, column, sign) the official ``text`` names on a ``size`` board holding ``cells``,
    counted from the board's corner (possibly off the board)."""
    m = OFFICIAL_MOVE.match(text)
    top, left, _bottom, _right = tiles_box(cells, size)
    return top + int(m.group(2)) - 1, left + column_number(m.group(1)) - 1, m.group(3)


def official_text(cells: bytes | bytearray, size: int, move: int, sign: str) -> str:
    """``move`` (whose tile has the shape ``sign``) in the official notation, before it is played
    on a ``size`` board holding ``cells``."""
    top, left, _bottom, _right = tiles_box(cells, size)
    row, col = divmod(move_cell(move), size)
    return f"{column_letters(col - left + 1)}{row - top + 1}{sign}"


def quarter_turns(tile: int) -> int:
    """How many quarter turns clockwise lay the single ``tile`` as ``@0/`` or ``@0+`` lies
    (``lldd`` or ``dldl``): every curve is ``lldd`` turned, every straight ``dldl``."""
    return next(k for k in range(4) if _turned_tile(tile, k) in SIGNS)


def table_turns_of(cells: bytes | bytearray) -> int:
    """How the official notation's table lies for a game that starts from the board ``cells``:
    turned to lay its tile as ``@0/`` or ``@0+`` when it holds one (the usual start's centre tile,
    or a set-up position's single tile, wherever it lies), the board as it is when it holds more
    (there is no first tile to lay).  The one rule the move lists, the move field, Copy moves and
    a saved game read again all follow (``TraxState.table_turns``, kept by every turn)."""
    tiles = [tile for tile in cells if tile]
    return quarter_turns(tiles[0]) if len(tiles) == 1 else 0


def _turned_tile(tile: int, turns: int) -> int:
    """``tile`` turned ``turns`` quarter turns clockwise: its west edge comes north, and so on."""
    for _ in range(turns):
        tile = (tile << 1 | tile >> 3) & 15
    return tile


def _turned_cell(cell: int, size: int, turns: int) -> int:
    """The cell of a ``size`` board where ``cell`` lies once the board is turned ``turns``
    quarter turns clockwise."""
    row, col = divmod(cell, size)
    for _ in range(turns):
        row, col = col, size - 1 - row
    return row * size + col


def turned_cells(cells: bytes | bytearray, size: int, turns: int) -> bytes:
    """A ``size`` board's ``cells`` turned ``turns`` quarter turns clockwise, tiles and all."""
    turned = bytearray(size * size)
    for cell, tile in enumerate(cells):
        if tile:
            turned[_turned_cell(cell, size, turns)] = _turned_tile(tile, turns)
    return bytes(turned)


def _turned_move(move: int, size: int, turns: int) -> int:
    return move_of(_turned_cell(move_cell(move), size, turns), _turned_tile(move_tile(move), turns))


def official_moves(game: Any, states: list[Any]) -> list[str]:
    """A game's positions (``states[0]`` its start, each next one after a turn: a record's
    ``states()``) in the official notation, its start tile first, the table turned so that this
    tile lies as ``@0/`` or ``@0+`` (``quarter_turns``); IllegalMove if the game did not start
    from one tile."""
    tiles = [tile for tile in states[0].cells if tile] if states else []
    if len(tiles) != 1:
        raise IllegalMove("the official notation starts from one tile")
    turns = states[0].table_turns
    written = [f"@0{SIGNS[_turned_tile(tiles[0], turns)]}"]
    for before, after in zip(states, states[1:]):  # the placed tile: the notation leaves the forced ones out
        written.append(turned_official_text(game, before.cells, after.turn[0], turns))
    return written


def turned_official_text(game: Any, cells: bytes, move: int, turns: int) -> str:
    """``move``, played on ``game``'s board holding ``cells``, in the official notation on the
    table turned ``turns`` quarter turns clockwise: counted from the tiles as they lie before it
    (the notation labels the spaces before the move is played), so a column or row added at the
    top or left renames the later moves' places, never the earlier ones'."""
    return _official_text_of(game.size, bytes(cells), move, turns)


def turned_official_cell(game: Any, cells: bytes, cell: int, turns: int) -> str:
    """``cell`` of ``game``'s board holding ``cells`` named as Trax players name a space: its
    official column and row (``C1``), counted from those tiles on the table turned ``turns``, as
    ``turned_official_text`` counts a move played there.  The notation writes no forced tile; a
    player who points one out names its space so, counted as the turn's placed tile is."""
    size = game.size
    top, left, _bottom, _right = tiles_box(turned_cells(cells, size, turns) if turns else cells, size)
    row, col = divmod(_turned_cell(cell, size, turns), size)
    return f"{column_letters(col - left + 1)}{row - top + 1}"


def official_axes(cells: bytes, size: int, turns: int) -> tuple[list[str], list[str]] | None:
    """The official names of a ``size`` board's columns and of its rows (one each, "" where the
    notation names none: left of ``@``, above ``0``), counted from the tiles of ``cells`` on the
    table turned ``turns`` as ``turned_official_cell`` counts a space: the letters and numbers a
    board drawn round with them shows, so that a move written officially (``C3/``) is found by
    them.  On a table turned a quarter the board's columns are the table's rows, so its columns
    are named by numbers.  None on a board without tiles (nothing to count from)."""
    if not any(cells):
        return None
    top, left, _bottom, _right = tiles_box(turned_cells(cells, size, turns) if turns else cells, size)

    def named(first: int, second: int) -> str:
        (row_a, col_a), (row_b, col_b) = (divmod(_turned_cell(c, size, turns), size) for c in (first, second))
        number = col_a - left + 1 if col_a == col_b else row_a - top + 1
        if number < 0:
            return ""
        return column_letters(number) if col_a == col_b else str(number)

    columns = [named(col, size + col) for col in range(size)]
    rows = [named(row * size, row * size + 1) for row in range(size)]
    return columns, rows


@lru_cache(maxsize=4096)
def _official_text_of(size: int, cells: bytes, move: int, turns: int) -> str:
    """``turned_official_text``'s answer, kept: a move list drawn every frame asks it of every
    move, and each answer goes over the board's cells."""
    turned = _turned_move(move, size, turns)
    return official_text(turned_cells(cells, size, turns) if turns else cells, size, turned,
                         SHAPE[move_tile(turned)])


def read_turned(cells: bytes | bytearray, size: int, text: str, turns: int) -> tuple[int, str]:
    """(cell, sign) on this board of the official ``text`` read on the table turned ``turns``
    quarter turns clockwise (``turned_official_text``'s inverse); the cell is -1 off the board."""
    row, col, sign = official_place(turned_cells(cells, size, turns) if turns else cells, size, text)
    if not (0 <= row < size and 0 <= col < size):
        return -1, sign
    back = (4 - turns) % 4
    if turns % 2:  # a quarter turn lays a / curve as a \ one
        sign = {"/": "\\", "\\": "/"}.get(sign, sign)
    return _turned_cell(row * size + col, size, back), sign


# -- a whole game ---------------------------------------------------------------------------------
def _table(game: Any, size: int) -> Any:
    """A Trax game of ``game``'s kind on a ``size`` board, larger than a player may choose: the
    open table a written game is replayed on, in the fill mode (nothing ends it)."""
    kind = type(game)
    options = tuple(replace(o, maximum=size) if o.name == "size" else o for o in kind.info.options)
    table_kind = type("OpenTable", (kind,), {"info": replace(kind.info, options=options)})
    return table_kind(**{**game.options, "size": size, "mode": "fill"})


def _laid_as_written(game: Any, texts: list[str]) -> Any:
    """``game`` with the written game's first tile (``@0/`` or ``@0+``) as its centre tile: the
    tile its record names as the one the game started from."""
    first = FIRST_TILE[OFFICIAL_MOVE.match(texts[0]).group(3)]
    return type(game)(**{**game.options, "centre": NAME[first]})


def _replay_on_table(game: Any, texts: list[str], size: int) -> tuple[Any, list[Any], list[int]] | None:
    """The table, its states and its moves after the official ``texts``; None if a tile came to
    the table's edge (a larger table is needed); IllegalMove naming the first move not legal."""
    table = _table(game, size)
    cells = bytearray(size * size)
    cells[table.centre] = FIRST_TILE[OFFICIAL_MOVE.match(texts[0]).group(3)]
    state = table.state_from_cells(bytes(cells), 1)  # White laid the first tile: Dark (Red) moves
    states, moves = [state], []
    for number, text in enumerate(texts[1:], 2):
        try:
            move = table.parse_move(state, text)
        except IllegalMove:
            raise IllegalMove(f"move {number} {quoted(text)} is not legal in the game written before it",
                              at=number) from None
        state = state.play(move)
        if any(r in (0, size - 1) or c in (0, size - 1) for r, c in (divmod(move_cell(m), size) for m in state.turn)):
            return None
        states.append(state)
        moves.append(move)
    return table, states, moves


def official_game(game: Any, texts: list[str]) -> tuple[dict[str, Any], str, list[str]] | None:
    """A whole game written in the official notation as this game plays it: (its options, the
    board size being the game's or the least that holds it, the position after its first tile,
    its other moves in our notation); None if ``texts`` is not such a game; IllegalMove if a move
    is not legal or no board here is large enough (said with the size it needs)."""
    if not texts or not is_first_tile(texts[0]):
        return None
    for number, text in enumerate(texts, 1):
        if not is_official_move(text):
            raise IllegalMove(f"move {number} {quoted(text)} is not a Trax move in the official notation "
                              f"(a column, a row and the tile's shape: B2+, @1/, A0\\)", at=number)
    game = _laid_as_written(game, texts)
    size = 2 * len(texts) + 9
    replayed = None
    while replayed is None:
        replayed = _replay_on_table(game, texts, size)
        size *= 2
    table, states, moves = replayed
    top, left, bottom, right = tiles_box(states[-1].cells, table.size)
    height, width = bottom - top + 1, right - left + 1
    needed = max(height, width) + 2  # a free row and column all round, as on the table
    if needed > LARGEST:
        raise IllegalMove(f"the game is {width} tiles wide and {height} high; with a free row and column round "
                          f"it, as on the open table, it needs a {needed} x {needed} board (Trax here: up to "
                          f"{LARGEST} x {LARGEST})")
    board = type(game)(**{**game.options, "size": max(game.size, needed)})
    n = board.size
    shift_r, shift_c = (n - height) // 2 - top, (n - width) // 2 - left

    def on_board(move: int) -> int:
        r, c = divmod(move_cell(move), table.size)
        return move_of((r + shift_r) * n + c + shift_c, move_tile(move))

    first = bytearray(n * n)
    first[move_cell(on_board(move_of(table.centre, 0)))] = states[0].cells[table.centre]
    state = board.state_from_cells(bytes(first), 1)
    start, written = board.to_text(state), []
    for number, move in enumerate(moves, 2):
        if state.is_terminal():  # a line or loop the table plays on through (its fill mode) ended it here
            raise IllegalMove(f"move {number} {quoted(texts[number - 1])} comes after the end of the game: "
                              f"{state.end_reason()}", at=number)
        ours = on_board(move)
        written.append(board.format_move(state, ours))
        state = state.play(ours)
    return dict(board.options), start, written
