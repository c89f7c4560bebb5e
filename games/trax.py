"""Trax, the course's bounded-board version (shared/rules/trax.md, the ALP semester assignment).

Tiles.  Every tile carries a light and a dark path; it is named by the colour at the middle of its
edges in the order west, north, east, south (``lddl``: light west, dark north and east, light
south).  Inside, a tile is the 4-bit mask of its light edges (bit 0 west ... bit 3 south), so the
six tiles are the six masks with two bits set and ``0`` is an empty cell.

A turn.  The player places one tile on an empty cell next to a tile so that every shared edge has
one colour on both sides.  Then every empty cell with two edges of one colour entering it is
filled with the one tile that joins them, until no such cell is left (the forced tiles, part of
the same turn).  A turn that makes any empty cell have three edges of one colour entering it is
illegal.  A move is the one tile placed, ``cell * 16 + tile``; ``play`` adds its forced tiles.

End.  In the tournament mode the first loop or line (left to right edge, or top to bottom: no
8-row minimum as on standard Trax's open table) of either colour ends the game; in the "fill"
mode (the course's Brute test) only a full board does, with no winner.  ``all_paths``, ``loops``
and ``lines`` measure any rectangular board; play follows path ends incrementally.

Readings we chose (the course text leaves them open):

- A game ends with no winner, a draw, on a board filled without any loop or line (the course
  names a winner only by one), or where no tile can be placed though the board is not full (a
  hole every fitting tile would fill with three edges of one colour).
- The start: the course puts "one random tile in the centre"; to be reproducible the centre tile
  (row N//2, column N//2, as the course's code) is the option ``centre``, ``lldd`` by default,
  and Light moves first onto that board, as a course player's ``move()`` is first called.
- Score: each colour scores the length (tiles) of its longest loop plus its longest line; if one
  turn completed both colours, the mover's score is doubled and the mover wins (the other still
  scores their own).  It is 0 - 0 until a tournament game ends; in the fill mode it is the same
  sum at every moment, never doubled, deciding nothing: every game there ends drawn whatever is
  played (``certain_draw``), a proof the levels stand by: a hint and analysis say "draw", a draw
  offer is accepted, and they lay the most tiles a turn (ai/engines/trax_search.py).
- Position text without a ``to-move:`` line has Light to move; another square size (7..25) is read as it is.
- ``state.turn``: the turn's tiles, placed then forced in chain order (the course's ``[[r, c, t], ...]``).

Notation: the cell and the tile's shape (``+`` straight, ``/`` curves round the north-west and
south-east corners, ``\\`` round the north-east and south-west ones), the cell absolute: ``e5/`` is
column e, row 5 from the top; the neighbours fix the colours.  ``e5:lddl`` (the tile name) is read
too, and a course's turn, ``[[4, 4, 'lddl']]`` (games/trax_turns.py); capitals are the official
notation, counted from the tiles (``B2+``, a game ``@0/ B1\\ ...``: games/trax_official.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from hashlib import blake2b

from games.base import Game, GameInfo, IllegalMove, Option, State, is_index, quoted, short_move_list
from games.grid import cell_name, parse_cell, read_to_move_header
from games.position_cells import TextCells
from games.trax_official import (
    OFFICIAL_LINE,
    is_first_tile,
    is_official_move,
    official_axes,
    official_game,
    official_moves,
    read_turned,
    table_turns_of,
    turned_official_cell,
    turned_official_text,
    written_game,
)
from games.trax_tiles import NAME, SHAPE, TILE_NAMES, TILES, move_cell, move_of, move_tile, tile_of_name
from games.trax_turns import course_turn_texts, is_course_turn_text, parse_course_turn

# -- tiles -----------------------------------------------------------------------------------
W, N, E, S = 0, 1, 2, 3  # sides, in the order of a tile name's letters
OPPOSITE = (E, S, W, N)
LIGHT, DARK = 0, 1  # colours; also the sides' indices (Light plays the light colour)
COLOURS = ("light", "dark")
_ONES = tuple(mask.bit_count() for mask in range(16))  # the sides a 4-bit mask holds
UNNAMED_SPACE = "that space"  # a space the official notation names none of (``Trax.space_name``)
# the two sides of each colour's path on each tile: SIDES[tile][colour] = (a, b)
SIDES = {
    t: (tuple(k for k in range(4) if t >> k & 1), tuple(k for k in range(4) if not t >> k & 1))
    for t in TILES
}


def edge_colour(tile: int, side: int) -> int:
    """LIGHT or DARK: the colour of ``tile`` at the middle of ``side``."""
    return LIGHT if tile >> side & 1 else DARK


def tiles_agreeing(around: Sequence[str | None]) -> tuple[str, ...]:
    """What a cell of a position's text may hold beside the words ``around`` it (west, north, east,
    south; None off the board): ``none``, then each tile (in the course's order) whose edge facing
    each neighbouring tile has that tile's colour there, as a turn's placed tile must.  A word
    that names no tile (``none``, a typo) asks nothing.  A tile that agrees may still leave a
    forced tile to lay beside it: the position's reading says so, and that cell then goes round
    ``none`` and the one tile that joins its two edges."""
    beside = [(side, tile_of_name(word.lower())) for side, word in enumerate(around)
              if word is not None and word.lower() in TILE_NAMES]
    return ("none", *(NAME[tile] for tile in TILES
                      if all(edge_colour(tile, side) == edge_colour(other, OPPOSITE[side]) for side, other in beside)))


# -- paths on any rectangular board (the game's own measurement; tests use it on course boards) ---
@dataclass(frozen=True)
class Path:
    """One path of one colour: its tiles in order, closed or not, and where an open one stops.

    ``exits`` holds, for an open path, the two (cell, side) pairs through which it leaves its end
    tiles (into an empty cell, off the board, or into a tile of the other colour on bad boards).
    """

    colour: int
    cells: tuple[int, ...]
    closed: bool
    exits: tuple[tuple[int, int], ...] = ()

    @property
    def length(self) -> int:
        return len(self.cells)

    def leaves_board(self, cell_side: tuple[int, int], width: int, height: int) -> bool:
        cell, side = cell_side
        r, c = divmod(cell, width)
        return (side == W and c == 0) or (side == E and c == width - 1) or (
            side == N and r == 0) or (side == S and r == height - 1)

    def direction(self, width: int, height: int) -> str:
        """"lr" or "tb" for a line joining opposite edges, else ""."""
        if self.closed or not all(self.leaves_board(x, width, height) for x in self.exits):
            return ""
        sides = {x[1] for x in self.exits}
        return "lr" if sides == {W, E} else "tb" if sides == {N, S} else ""


def _step(cells: bytes | bytearray, width: int, height: int, cell: int, side: int) -> int:
    """The cell across ``side`` of ``cell`` if it holds a tile whose edge there matches, else -1."""
    r, c = divmod(cell, width)
    dr, dc = ((0, -1), (-1, 0), (0, 1), (1, 0))[side]
    r, c = r + dr, c + dc
    if not (0 <= r < height and 0 <= c < width):
        return -1
    other = r * width + c
    tile = cells[other]
    if not tile or edge_colour(tile, OPPOSITE[side]) != edge_colour(cells[cell], side):
        return -1
    return other


def trace_path(cells: bytes | bytearray, width: int, height: int, start: int, colour: int) -> Path:
    """The whole path of ``colour`` through the tile at ``start``."""
    first, second = SIDES[cells[start]][colour]
    halves = []
    for out in (first, second):
        run, cell, side = [], start, out
        while True:
            nxt = _step(cells, width, height, cell, side)
            if nxt == start:
                return Path(colour, (start, *run), True)
            if nxt < 0:
                halves.append((run, (cell, side)))
                break
            run.append(nxt)
            a, b = SIDES[cells[nxt]][colour]
            cell, side = nxt, (b if a == OPPOSITE[side] else a)
    (run_a, exit_a), (run_b, exit_b) = halves
    return Path(colour, (*reversed(run_a), start, *run_b), False, (exit_a, exit_b))


def all_paths(cells: bytes | bytearray, width: int, height: int, colour: int) -> list[Path]:
    """Every path of ``colour`` on the board, each once."""
    seen: set[int] = set()
    found = []
    for cell, tile in enumerate(cells):
        if tile and cell not in seen:
            path = trace_path(cells, width, height, cell, colour)
            seen.update(path.cells)
            found.append(path)
    return found


def loops(cells: bytes | bytearray, width: int, height: int, colour: int) -> list[Path]:
    """The closed paths of ``colour``."""
    return [p for p in all_paths(cells, width, height, colour) if p.closed]


def lines(cells: bytes | bytearray, width: int, height: int, colour: int, direction: str = "") -> list[Path]:
    """The paths of ``colour`` joining opposite edges (``direction`` "lr", "tb", or "" for both)."""
    found = []
    for p in all_paths(cells, width, height, colour):
        d = p.direction(width, height)
        if d and (not direction or d == direction):
            found.append(p)
    return found


def longest_lines(cells: bytes | bytearray, width: int, height: int) -> tuple[int, int, int, int]:
    """The course homework's line answer: the longest light and dark left-right lines, then the
    longest light and dark top-bottom lines, in tiles (-1 where there is none)."""
    return tuple(max((p.length for p in lines(cells, width, height, colour, direction)), default=-1)
                 for direction in ("lr", "tb") for colour in (LIGHT, DARK))


def loop_summary(cells: bytes | bytearray, width: int, height: int) -> tuple[int, int, int, int]:
    """The course homework's loop answer: how many light and dark loops, then the longest light and
    dark loop in tiles (0 where there is none)."""
    found = [loops(cells, width, height, colour) for colour in (LIGHT, DARK)]
    return (len(found[0]), len(found[1]), *(max((p.length for p in f), default=0) for f in found))


@dataclass(frozen=True)
class Board:
    """A position read from the course's text, any size (the homework boards are not square)."""

    width: int
    height: int
    cells: bytes
    to_move: str | None = None  # "Light"/"Dark" when the text says


def read_board(text: str) -> Board:
    """Rows of tile names separated by spaces (``none``: empty), after an optional ``to-move:`` line."""
    to_move, rows = read_to_move_header(text, ("Light", "Dark"))
    grid = [row.split() for row in rows]
    if not grid or any(len(row) != len(grid[0]) for row in grid):
        raise IllegalMove("a position is rows of tile names (ldld, dldl, ddll, lddl, lldd, dlld or none), "
                          "the same number in every row")
    cells = bytearray()
    for r, row in enumerate(grid):
        for c, name in enumerate(row):
            name = name.lower()
            if name == "none":
                cells.append(0)
            elif name in TILE_NAMES:
                cells.append(tile_of_name(name))
            else:
                raise IllegalMove(f"{_cell_said(r, c, len(row))}: {name!r} is not a tile name or none")
    return Board(len(grid[0]), len(grid), bytes(cells), to_move)


def _cell_said(row: int, col: int, width: int) -> str:
    """A cell of a position's text as the editor's board and the other refusals name it ("cell f6":
    "row 6, column 6" had the player count the letters), by row and column where the text is
    wider than the letters go."""
    if col < 26:
        return f"cell {cell_name(row * width + col, width)}"
    return f"row {row + 1}, column {col + 1}"


def board_text(cells: bytes | bytearray, width: int) -> str:
    """The course's text of a board: one row per line, tile names (or ``none``) separated by spaces."""
    return "\n".join(
        " ".join(NAME.get(t, "none") for t in cells[r:r + width]) for r in range(0, len(cells), width)
    )


# -- the game ----------------------------------------------------------------------------------
INFO = GameInfo(
    id="trax",
    title="Trax",
    sides=("Light", "Dark"),
    options=(
        Option("size", int, 10, "Board size", minimum=7, maximum=25, help="an N x N board", board=True),
        Option("mode", str, "tournament", "Mode", choices=("tournament", "fill"),
               help="tournament: the first loop or line ends the game; fill: play until the board is full"),
        Option("centre", str, "lldd", "Centre tile", choices=TILE_NAMES,
               help="the tile the game starts from, in the centre of the board", start_only=True),
    ),
    summary="Place tiles so the paths match; make a loop or a line of your colour, on a bounded board.",
)


@dataclass(frozen=True)
class Outcome:
    """What a finished turn completed: the loop and line lengths per colour, the winner, the score."""

    loop_length: tuple[int, int]  # longest new loop per colour (0: none)
    line_length: tuple[int, int]  # longest new line per colour (0: none)
    winner: int | None
    score: tuple[int, int]


class TraxState(State):
    """A position: the cells (bytes, 0 empty), the side to move, and derived facts kept for speed.

    ``ends`` maps every open path end, the port ``cell * 4 + side`` through which a path leaves its
    last tile, to (the port at the path's other end, the path's length in tiles); it is what makes
    finding a new loop or line O(1) per tile.  ``frontier`` is the set of empty cells next to a tile.
    ``turn`` lists the moves (placed tile first, then the forced tiles in order) of the turn that led
    here.  ``table_turns`` is how the official notation's table lies (``table_turns_of``): fixed
    by the game's first tile and kept by every turn after it.  Only ``cells`` and ``to_move`` make
    the key; the rest follows from them or from the game's start.
    """

    __slots__ = ("game", "cells", "to_move", "ends", "frontier", "turn", "outcome", "table_turns", "_moves",
                 "_any_move", "_score", "_turns")

    def __init__(self, game: Trax, cells: bytes, to_move: int, ends: dict[int, tuple[int, int]],
                 frontier: frozenset[int], turn: tuple[int, ...] = (), outcome: Outcome | None = None,
                 table_turns: int = 0) -> None:
        self.game = game
        self.cells = cells
        self.to_move = to_move
        self.ends = ends
        self.frontier = frontier
        self.turn = turn
        self.outcome = outcome
        self.table_turns = table_turns
        self._moves: list[int] | None = None
        self._any_move: bool | None = None
        # each legal move's turn as ``legal_moves`` laid it out, so ``play`` does not lay it again
        self._turns: dict[int, list[tuple[int, int]]] | None = None
        self._score: tuple[int, int] | None = None

    # -- the contract -----------------------------------------------------------------------
    def legal_moves(self) -> list[int]:
        if self._moves is None:
            if self.outcome_ends_game():
                self._moves = []
            else:
                self._turns = {}
                self._moves = self.game.legal_placements(self.cells, self.frontier, self._turns)
                self._any_move = bool(self._moves)
        return list(self._moves)

    def play(self, move: int) -> TraxState:
        if self.is_terminal():
            raise IllegalMove("the game is over")
        return self.game.apply(self, move)

    def is_terminal(self) -> bool:
        if self.outcome_ends_game():
            return True
        if self._any_move is None:
            self._any_move = self._moves is not None and bool(self._moves) or self.game.has_legal_move(self)
        return not self._any_move

    def winner(self) -> int | None:
        return self.outcome.winner if self.outcome is not None and self.outcome_ends_game() else None

    def key(self) -> int:
        """The position as one 129-bit int: a 128-bit digest of ``cells``, then the side to move.

        A search's transposition table keeps one key per entry for as long as the table lives
        (level 5's up to ``DEEPER_TT_LIMIT`` entries between moves, analysis's up to
        ``ANALYSIS_TT_LIMIT``), and the board itself was that key: 82 bytes on 7x7, 658 on 25x25,
        kept alive after the state that made it was gone.  The digest is 44 bytes on every board;
        two boards sharing one is a chance of about one in 10^26 for a million positions, so the
        searches choose exactly as they did (tests/test_trax_memory.py)."""
        return int.from_bytes(blake2b(self.cells, digest_size=16).digest(), "little") << 1 | self.to_move

    def score(self) -> tuple[int, int]:
        """(Light's score, Dark's score): see the module docstring for the reading."""
        if self._score is None:
            if self.game.mode == "fill":
                self._score = self.game.board_score(self.cells)
            elif self.outcome is not None:
                self._score = self.outcome.score
            else:
                self._score = (0, 0)
        return self._score

    def end_reason(self) -> str:
        if not self.is_terminal():
            return ""
        o = self.outcome
        if o is not None and self.outcome_ends_game():
            return self._win_reason(o)
        if self.game.is_full(self.cells):
            return "The board is full" + (": no winner" if self.game.mode == "tournament" else "")
        return "No tile can be placed: no winner"

    def _win_reason(self, o: Outcome) -> str:
        """"Light wins: a light loop", and whose turn made it where that is why the winner won: a
        turn that made both colours' ("...in one turn: the mover wins"), or the other player's
        turn ("..., completed by Dark").  The card said "Light wins: a light loop and a dark line"
        over "Light 8 - 23 Dark", and never who had closed a loop against themselves."""
        made = " and ".join(f"a {COLOURS[c]} {what}" for c in (LIGHT, DARK)
                            for what, lengths in (("loop", o.loop_length), ("line", o.line_length)) if lengths[c])
        winner, mover = self.game.sides[o.winner], self.game.sides[1 - self.to_move]
        if o.loop_length[1 - o.winner] or o.line_length[1 - o.winner]:
            return f"{winner} wins: {made} in one turn: the mover wins"
        if winner != mover:
            return f"{winner} wins: {made}, completed by {mover}"
        return f"{winner} wins: {made}"

    # -- Trax facts (the view, the engine and the tests use them) -------------------------
    def outcome_ends_game(self) -> bool:
        return self.outcome is not None and self.outcome.winner is not None and self.game.mode == "tournament"

    def tile_at(self, row: int, col: int) -> int:
        return self.cells[row * self.game.size + col]

    def forced_tiles(self, move: int) -> list[int]:
        """The moves of the whole turn ``move`` makes: the placed tile, then its forced tiles in order."""
        return list(self.play(move).turn)

    def paths(self, colour: int) -> list[Path]:
        return all_paths(self.cells, self.game.size, self.game.size, colour)

    def loops(self, colour: int) -> list[Path]:
        return loops(self.cells, self.game.size, self.game.size, colour)

    def lines(self, colour: int, direction: str = "") -> list[Path]:
        return lines(self.cells, self.game.size, self.game.size, colour, direction)

    def winning_paths(self) -> list[Path]:
        """The loops and lines on the board (what the view highlights at the end)."""
        return [p for c in (LIGHT, DARK) for p in self.loops(c) + self.lines(c)]


class _Entering(dict):
    """``Trax.entering`` of the empty cells asked, worked out on first asking and kept: a cell is
    asked once for its own tiles and again for each neighbour's, and ``has_legal_move`` mostly
    stops at its first placement, having needed a handful of the frontier's cells."""

    def __init__(self, game: Trax, cells: bytes) -> None:
        super().__init__()
        self.game, self.cells = game, cells

    def __missing__(self, cell: int) -> tuple[int, int]:
        found = self[cell] = self.game.entering(self.cells, cell)
        return found


class Trax(Game):
    info = INFO

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.size: int = self.options["size"]
        self.mode: str = self.options["mode"]
        self.scored_at_end = self.mode == "tournament"  # the fill mode's sum is the board's at every moment
        self.centre_tile: int = tile_of_name(self.options["centre"])
        self.cell_count = self.size * self.size

    @cached_property
    def neighbours(self) -> tuple[tuple[int, int, int, int], ...]:
        """For each cell, the cell across each side (W, N, E, S), or -1 off the board."""
        n = self.size
        table = []
        for i in range(n * n):
            r, c = divmod(i, n)
            table.append((i - 1 if c > 0 else -1, i - n if r > 0 else -1,
                          i + 1 if c < n - 1 else -1, i + n if r < n - 1 else -1))
        return tuple(table)

    @cached_property
    def corners(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the cells that meet it only at a corner (its diagonal neighbours on the board)."""
        n = self.size
        return tuple(tuple((r + dr) * n + c + dc for dr in (-1, 1) for dc in (-1, 1)
                           if 0 <= r + dr < n and 0 <= c + dc < n)
                     for r, c in (divmod(i, n) for i in range(n * n)))

    @cached_property
    def centre(self) -> int:
        return (self.size // 2) * self.size + self.size // 2

    def is_full(self, cells: bytes) -> bool:
        return cells.count(0) == 0

    def too_early_to_agree(self, state: TraxState) -> bool:
        """A tournament game with fewer than half of its cells holding tiles (50 on 10 x 10): Trax is
        drawn only by a board filled without a loop or a line, and until then neither is settled:
        a loop closes from a few tiles anywhere there is room (the levels' games won by a loop
        mostly were with 7 to 49 of 100 cells filled), and the tiles do not yet reach across the
        board, as a line must (they first did with 48 to 66 filled).  The fill mode ends with no
        winner whatever is played: never too early there."""
        return self.mode == "tournament" and 2 * (self.cell_count - state.cells.count(0)) < self.cell_count

    def certain_draw(self, state: TraxState) -> bool:
        """The fill mode: no loop or line wins, so every game ends drawn, on a full board or a hole
        no tile fits, whatever is played (the module's readings)."""
        return self.mode == "fill"

    # -- constraints and forced tiles --------------------------------------------------------
    @cached_property
    def links(self) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """For each cell, (the side's bit, the cell across it, that cell's side facing back) for
        each side with a cell across it: the search's inner loops (``entering``, ``lay_turn``)
        walk these instead of testing four neighbours for -1 and looking up ``OPPOSITE`` each time."""
        return tuple(tuple((1 << side, other, OPPOSITE[side]) for side, other in enumerate(row) if other >= 0)
                     for row in self.neighbours)

    def entering(self, cells, cell: int) -> tuple[int, int]:
        """(light mask, dark mask) of the sides of empty ``cell`` whose neighbour's edge is that colour."""
        light = dark = 0
        for bit, other, back in self.links[cell]:
            t = cells[other]
            if t:
                if t >> back & 1:
                    light |= bit
                else:
                    dark |= bit
        return light, dark

    def fits(self, cells, cell: int) -> list[int]:
        """The tiles whose edges match every neighbour of empty ``cell``."""
        light, dark = self.entering(cells, cell)
        return [t for t in TILES if t & light == light and not t & dark]

    def candidate_moves(self, cells: bytes, frontier: Iterable[int]) -> list[int]:
        """Placements that match their neighbours (before checking the forced tiles)."""
        moves = []
        for cell in sorted(frontier):
            light, dark = self.entering(cells, cell)
            moves.extend(cell << 4 | t for t in TILES if t & light == light and not t & dark)
        return moves

    def legal_placements(self, cells: bytes, frontier: Iterable[int],
                         turns: dict[int, list[tuple[int, int]]] | None = None) -> list[int]:
        """Every legal move, in cell order; ``turns`` (if given) gets each one's turn, its tiles
        in the order they are laid (``lay_turn``), for ``apply`` to lay without working it out again.

        A placement that brings no colour into an empty neighbour already entered by that colour
        forces nothing, and a turn without forced tiles cannot make three edges of one colour meet:
        it is legal at once.  Only the others are played out with ``forced_fill``.
        """
        masks = _Entering(self, cells)
        moves = []
        for cell in sorted(frontier):
            light, dark = masks[cell]
            for t in TILES:
                if t & light != light or t & dark:
                    continue
                order = self.forced_fill(cells, cell, t) if self._forces(cells, masks, cell, t) else [(cell, t)]
                if order is not None:
                    moves.append(cell << 4 | t)
                    if turns is not None:
                        turns[cell << 4 | t] = order
        return moves

    def legal_at(self, state: TraxState, cell: int) -> list[int]:
        """The legal moves on ``cell``, as ``state.legal_moves()`` lists them there: a move read
        from its text tries only its own cell's tiles, not every cell's (each forced tile laid
        out), so reading a long 25x25 game back (a copy, a replay, a saved game opened) does not
        play out every placement of every position."""
        if state._moves is not None or state.outcome_ends_game():
            return [move for move in state.legal_moves() if move_cell(move) == cell]
        if cell not in state.frontier:
            return []
        return [cell << 4 | t for t in self.fits(state.cells, cell) if self.forced_fill(state.cells, cell, t) is not None]

    def forced_fill(self, cells, cell: int, tile: int) -> list[tuple[int, int]] | None:
        """The turn's tiles [(cell, tile), ...] in the order they are laid, or None if illegal."""
        order = self.lay_turn(cells, cell, tile)
        return order if isinstance(order, list) else None

    def clash(self, cells, cell: int, tile: int) -> tuple[int, int] | None:
        """Where the turn of ``tile`` at ``cell`` makes three edges of one colour meet: (the empty
        cell, the colour); None if the turn is legal."""
        found = self.lay_turn(cells, cell, tile)
        return None if isinstance(found, list) else found

    def hole_clashes(self, cells, cell: int) -> list[int]:
        """Where the tiles that match the neighbours of empty ``cell`` would make three edges of one
        colour meet, in cell order: why a cell next to the tiles takes none (empty if one is legal)."""
        found = [self.clash(cells, cell, t) for t in self.fits(cells, cell)]
        if any(f is None for f in found):
            return []
        return sorted({f[0] for f in found})

    def lay_turn(self, cells, cell: int, tile: int) -> list[tuple[int, int]] | tuple[int, int]:
        """The turn's tiles [(cell, tile), ...] in the order they are laid, or, if it is illegal,
        (the empty cell, the colour) where three edges of one colour meet first.

        Only cells next to a newly laid tile can change, so they are the only ones examined (in
        first-in first-out order, so a chain of forced tiles is laid in chain order).  The tiles
        are laid on a copy of the board (a few hundred bytes, copied at C speed), which the search
        reads faster than a dict of the turn's tiles over the board: this is its innermost loop.
        """
        board = bytearray(cells)
        board[cell] = tile
        order = [(cell, tile)]
        links = self.links
        queue = [o for _, o, _ in links[cell] if not board[o]]
        head = 0
        while head < len(queue):
            e = queue[head]
            head += 1
            if board[e]:
                continue
            light = dark = 0  # ``entering``, written out: called per cell, lay_turn took a fifth longer
            for bit, other, back in links[e]:
                t = board[other]
                if t:
                    if t >> back & 1:
                        light |= bit
                    else:
                        dark |= bit
            nl, nd = _ONES[light], _ONES[dark]
            if nl > 2 or nd > 2:
                return e, LIGHT if nl > 2 else DARK
            if nl == 2:
                forced = light
            elif nd == 2:
                forced = 15 ^ dark
            else:
                continue
            board[e] = forced
            order.append((e, forced))
            queue.extend(o for _, o, _ in links[e] if not board[o])
        return order

    def is_legal_turn(self, cells, cell: int, tile: int) -> bool:
        return self.forced_fill(cells, cell, tile) is not None

    def has_legal_move(self, state: TraxState) -> bool:
        """Whether any tile may be laid: every search node asks it (``is_terminal``), so it stops
        at the first legal placement and, as ``legal_placements`` does, takes one that forces
        nothing as legal without laying its turn out."""
        cells = state.cells
        masks = _Entering(self, cells)
        for cell in state.frontier:
            light, dark = masks[cell]
            for t in TILES:
                if t & light == light and not t & dark and (
                        not self._forces(cells, masks, cell, t) or self.forced_fill(cells, cell, t) is not None):
                    return True
        return False

    def _forces(self, cells, masks: _Entering, cell: int, tile: int) -> bool:
        """Whether ``tile`` on ``cell`` brings a colour into an empty neighbour already entered by
        that colour (``masks``: the cells' ``entering``), so its turn has forced tiles."""
        for bit, other, _ in self.links[cell]:
            if not cells[other] and masks[other][0 if tile & bit else 1]:
                return True
        return False

    # -- a turn --------------------------------------------------------------------------------
    def check_placement(self, state: TraxState, move: int) -> tuple[int, int]:
        """(cell, tile) of ``move`` if it may be placed (empty, touching, matching); else IllegalMove."""
        if not self.is_move_value(move):
            raise IllegalMove(self.why_illegal(state, move))
        cell, tile = move_cell(move), move_tile(move)
        problem = self._placement_problem(state, cell, tile)
        if problem:
            raise IllegalMove(problem)
        return cell, tile

    def _placement_problem(self, state: TraxState, cell: int, tile: int, official: bool = False) -> str:
        """Why ``tile`` may not be laid on ``cell`` even before its forced tiles (the cell is taken,
        touches no tile, or the tile's colours differ from its neighbours'), or ""; ``official``:
        the cell named as ``why_no_tile`` names it."""
        if state.cells[cell] or cell not in state.frontier:
            return self.why_no_tile(state, cell, official)
        light, dark = self.entering(state.cells, cell)
        if tile & light != light or tile & dark:
            return f"{NAME[tile]} at {self.namer(state, official)(cell)} does not match its neighbours' colours"
        return ""

    def namer(self, state: TraxState, official: bool) -> Callable[[int], str]:
        """How a refusal in ``state`` names a cell: by its own name (``f6``) or, ``official``, as
        Trax players name the space (``space_name``: ``A1``), as the board is labelled while the
        window writes that notation: a refusal that named f6 under the labels ``A`` and ``1``
        named a place seen nowhere on the board."""
        return (lambda c: self.space_name(state, c)) if official else (lambda c: cell_name(c, self.size))

    def legal_written(self, state: TraxState, moves: Sequence[int], official: bool) -> str:
        """``moves`` (legal in ``state``) as a refusal lists them (``legal_list``), or, ``official``,
        written in the official notation, as the move list writes them then (``other_move_text``)."""
        if not official:
            return self.legal_list(state, moves)
        return short_move_list([self.other_move_text(state, move) for move in moves])

    def why_no_tile(self, state: TraxState, cell: int, official: bool = False) -> str:
        """Why no tile may be laid on ``cell`` ("e5 is not empty", "a1 does not touch a tile"): what
        a typed move and a click on that cell are told.  A cell meeting a tile only at a corner was
        told it "does not touch a tile", which a player looking at the two touching corners read as
        wrong: it is told that a tile must share an edge.  ``official``: the spaces named as Trax
        players name them (``namer``)."""
        name = self.namer(state, official)
        where = name(cell)
        if state.is_terminal():
            return "the game is over"
        if state.cells[cell]:
            return f"{where} is not empty"
        if cell not in state.frontier:
            if any(state.cells[corner] for corner in self.corners[cell]):
                return f"{where} touches a tile only at a corner: a tile goes next to another, edge to edge"
            return f"{where} does not touch a tile"
        meet = [name(c) for c in self.hole_clashes(state.cells, cell)]
        if meet:  # the course's reason: an empty cell left with three edges of one colour entering it
            return f"{where} has no legal tile: each would bring three edges of one colour into {', '.join(meet)}"
        return f"{where} has no legal tile"

    def is_move_value(self, move: object) -> bool:
        """A move is a cell of this board and one of the six tiles, as ``move_of`` packs them."""
        return is_index(move, self.cell_count << 4) and move_tile(move) in NAME

    def rules_reason(self, state: TraxState, move: int, official: bool = False) -> str:
        """Why the tile ``move`` names may not be laid there: the cell, the colours of its
        neighbours, or the forced tiles that would make three edges of one colour meet;
        ``official``: the cells named as Trax players name the spaces (``namer``)."""
        if state.is_terminal():
            return "the game is over"
        cell, tile = move_cell(move), move_tile(move)
        problem = self._placement_problem(state, cell, tile, official)
        if problem:
            return problem
        clash = self.clash(state.cells, cell, tile)
        if clash is None:
            return super().rules_reason(state, move)
        name = self.namer(state, official)
        return f"{NAME[tile]} at {name(cell)} {self._clash_words(clash, name)}"

    def apply(self, state: TraxState, move: int) -> TraxState:
        order = state._turns.get(move) if state._turns is not None and type(move) is int else None
        if order is None:  # a move not (yet) among the legal moves listed: checked and laid here
            cell, tile = self.check_placement(state, move)
            order = self.lay_turn(state.cells, cell, tile)
            if not isinstance(order, list):
                raise IllegalMove(self.why_illegal(state, move))
        board = bytearray(state.cells)
        ends = dict(state.ends)
        made_loop, made_line = [0, 0], [0, 0]
        frontier = set(state.frontier)
        for c, t in order:
            board[c] = t
            self._join(board, ends, c, t, made_loop, made_line)
            frontier.discard(c)
            frontier.update(o for o in self.neighbours[c] if o >= 0 and not board[o])
        outcome = self.outcome_of(made_loop, made_line, state.to_move)
        return TraxState(self, bytes(board), 1 - state.to_move, ends, frozenset(frontier),
                         tuple(move_of(c, t) for c, t in order), outcome, state.table_turns)

    def _clash_words(self, clash: tuple[int, int], name: Callable[[int], str]) -> str:
        at, colour = clash
        return f"would make three {COLOURS[colour]} edges meet at {name(at)}"

    def _join(self, board: bytearray, ends: dict, cell: int, tile: int, made_loop: list, made_line: list) -> None:
        """Lay ``tile`` in the path bookkeeping: join the path ends it meets; note loops and lines."""
        nbrs = self.neighbours[cell]
        for colour in (LIGHT, DARK):
            a, b = SIDES[tile][colour]
            oa, ob = nbrs[a], nbrs[b]
            pa = oa << 2 | OPPOSITE[a] if oa >= 0 and board[oa] else -1
            pb = ob << 2 | OPPOSITE[b] if ob >= 0 and board[ob] else -1
            if pa >= 0 and pb >= 0 and ends[pa][0] == pb:  # both sides reach one path: a loop
                made_loop[colour] = max(made_loop[colour], ends.pop(pa)[1] + 1)
                del ends[pb]
                continue
            far_a, len_a = ends.pop(pa) if pa >= 0 else (cell << 2 | a, 0)
            far_b, len_b = ends.pop(pb) if pb >= 0 else (cell << 2 | b, 0)
            length = len_a + len_b + 1
            ends[far_a] = (far_b, length)
            ends[far_b] = (far_a, length)
            if self._edge_of(far_a) and self._edge_of(far_b) and {far_a & 3, far_b & 3} in ({W, E}, {N, S}):
                made_line[colour] = max(made_line[colour], length)

    def _edge_of(self, port: int) -> bool:
        """True if ``port`` leaves the board."""
        return self.neighbours[port >> 2][port & 3] < 0

    def outcome_of(self, made_loop: list[int], made_line: list[int], mover: int) -> Outcome | None:
        completed = [c for c in (LIGHT, DARK) if made_loop[c] or made_line[c]]
        if not completed:
            return None
        score = [made_loop[c] + made_line[c] for c in (LIGHT, DARK)]
        if len(completed) == 2:
            winner = mover
            score[mover] *= 2
        else:
            winner = completed[0]
        return Outcome(tuple(made_loop), tuple(made_line), winner, tuple(score))

    def board_score(self, cells: bytes) -> tuple[int, int]:
        """Longest loop plus longest line of each colour on the board (the fill mode's display)."""
        result = []
        for colour in (LIGHT, DARK):
            paths = all_paths(cells, self.size, self.size, colour)
            loop = max((p.length for p in paths if p.closed), default=0)
            line = max((p.length for p in paths if p.direction(self.size, self.size)), default=0)
            result.append(loop + line)
        return (result[0], result[1])

    # -- positions -----------------------------------------------------------------------------
    def initial_state(self) -> TraxState:
        cells = bytearray(self.cell_count)
        cells[self.centre] = self.centre_tile
        return self.state_from_cells(bytes(cells), LIGHT)

    def state_from_cells(self, cells: bytes, to_move: int) -> TraxState:
        """A state for any valid board: the path ends, frontier and outcome rebuilt from the tiles."""
        ends: dict[int, tuple[int, int]] = {}
        made_loop, made_line = [0, 0], [0, 0]
        n = self.size
        for colour in (LIGHT, DARK):
            for path in all_paths(cells, n, n, colour):
                if path.closed:
                    made_loop[colour] = max(made_loop[colour], path.length)
                    continue
                (ca, sa), (cb, sb) = path.exits
                a, b = ca << 2 | sa, cb << 2 | sb
                ends[a], ends[b] = (b, path.length), (a, path.length)
                if path.direction(n, n):
                    made_line[colour] = max(made_line[colour], path.length)
        frontier = frozenset(i for i in range(self.cell_count) if not cells[i]
                             and any(o >= 0 and cells[o] for o in self.neighbours[i]))
        outcome = self.outcome_of(made_loop, made_line, 1 - to_move)
        return TraxState(self, cells, to_move, ends, frontier, (), outcome, table_turns_of(cells))

    def text_cells(self) -> TextCells:
        """A cell is ``none`` or one of the six tiles, in the course's order; the side to move is
        the ``to-move:`` line's light or dark.  A click goes round ``none`` and the tiles that
        agree with the tiles beside the cell (``tiles_agreeing``): it went round all seven, up to
        six clicks to a tile, most of which did not match (beside one tile, three of the six
        agree; in a corner between two, at most two)."""
        return TextCells(self.size, self.size, ("none", *TILE_NAMES), ("light", "dark"), words=True,
                         agreeing=tiles_agreeing)

    def to_text(self, state: TraxState) -> str:
        return f"to-move: {self.sides[state.to_move].lower()}\n" + board_text(state.cells, self.size)

    def from_text(self, text: str) -> TraxState:
        """Read the course's text.  A square board of another size (7..25) is read as it is: the
        state then belongs to a game with that ``size`` and this game's other options."""
        board = read_board(text)
        game = self
        if (board.width, board.height) != (self.size, self.size):
            if board.width != board.height or not 7 <= board.width <= 25:
                raise IllegalMove(f"the position is {board.width}x{board.height}; a Trax board is "
                                  f"N x N with N from 7 to 25 (this game: {self.size}x{self.size})")
            game = Trax(**{**self.options, "size": board.width})
        game.check_position(board.cells)
        to_move = LIGHT if board.to_move in (None, "Light") else DARK
        return game.state_from_cells(board.cells, to_move)

    def check_position(self, cells: bytes) -> None:
        """IllegalMove unless the tiles match, form one group, and no cell is left to force."""
        n = self.size
        tiles = [i for i in range(self.cell_count) if cells[i]]
        if not tiles:
            raise IllegalMove("a Trax position has at least one tile")
        for i in range(self.cell_count):
            if cells[i]:
                for side in (E, S):
                    o = self.neighbours[i][side]
                    if o >= 0 and cells[o] and edge_colour(cells[i], side) != edge_colour(cells[o], OPPOSITE[side]):
                        raise IllegalMove(f"{cell_name(i, n)} and {cell_name(o, n)} do not match")
            else:
                light, dark = self.entering(cells, i)
                if light.bit_count() >= 2 or dark.bit_count() >= 2:
                    raise IllegalMove(f"{cell_name(i, n)} has two edges of one colour entering it: "
                                      "a forced tile is missing")
        group, todo = {tiles[0]}, [tiles[0]]
        while todo:
            for o in self.neighbours[todo.pop()]:
                if o >= 0 and cells[o] and o not in group:
                    group.add(o)
                    todo.append(o)
        if len(group) != len(tiles):
            raise IllegalMove("the tiles do not form one connected group")

    # -- notation ------------------------------------------------------------------------------
    _MOVE = re.compile(r"^\s*([a-z]\s*\d{1,2})\s*(?:([+/\\])|:?\s*([ldLD]{4}))\s*$|^\s*([A-Z]\s*\d{1,2})\s*:?\s*([ldLD]{4})\s*$")
    _ROW_ZERO = re.compile(r"^\s*[a-z]\s*0\s*[+/\\]\s*$")  # "f0/": the official notation's row 0, in our letters

    def format_move(self, state: State, move: int) -> str:
        cell, tile = move_cell(move), move_tile(move)
        where = cell_name(cell, self.size)
        twin = move_of(cell, 15 ^ tile)  # the other tile of the same shape: the colours swapped
        if twin in state.legal_moves():
            return f"{where}:{NAME[tile]}"
        return f"{where}{SHAPE[tile]}"

    def move_texts(self, text: str) -> list[str]:
        """A list of moves typed or pasted: notation (``e5/ f6+``) or the course's turns, one or
        several (``[[4, 2, 'lddl']] [[5, 2, 'dlld']]``, ``[[[4, 2, 'lddl']], [[5, 2, 'dlld']]]``), or
        the official notation, with or without a copied list's "Official notation:" before it."""
        if is_course_turn_text(text):
            return course_turn_texts(text)
        text = text.replace(OFFICIAL_LINE, " ")  # a copied list's official line, alone
        return written_game(text) or super().move_texts(text)

    def parse_move(self, state: State, text: str) -> int:
        """The move ``text`` names in ``state``; IllegalMove saying why there is none, naming the
        cells by their own names, and (its ``other``) as Trax players name the spaces, for a window
        whose board is labelled so (``namer``)."""
        try:
            return self._read_move(state, text, official=False)
        except IllegalMove as exc:
            raise IllegalMove(str(exc), other=self._refusal(state, text)) from None

    def _refusal(self, state: TraxState, text: str) -> str | None:
        """Why ``text`` names no move in ``state``, the cells named officially (``namer``)."""
        try:
            self._read_move(state, text, official=True)
        except IllegalMove as exc:
            return str(exc)
        return None

    def _read_move(self, state: TraxState, text: str, official: bool) -> int:
        """``parse_move``'s reading, its refusals naming the cells as ``namer`` does."""
        if is_course_turn_text(text):  # [[4, 2, 'lddl'], ...] as a course player's move() returns it
            return parse_course_turn(self, state, text)
        said = quoted(text)
        if is_official_move(text):  # B2+: capitals are the official notation's, counted from the tiles
            return self._parse_official(state, text, official)
        if self._ROW_ZERO.match(text):
            raise IllegalMove(f"{said}: rows count from 1 here; the official notation, whose row 0 lies above "
                              f"the tiles, writes its columns in capitals ({text.strip().upper()})")
        m = self._MOVE.match(text)
        if not m:
            raise IllegalMove(f"{said} is not a Trax move like e5/, e5+, e5\\, e5:lddl or B2+")
        where, name = (m.group(1), m.group(3)) if m.group(1) else (m.group(4), m.group(5))
        cell = parse_cell(where.replace(" ", ""), self.size, self.size)
        try:
            return self._move_at(state, cell, m.group(2), name, said, official)
        except IllegalMove as exc:
            space = self.space_name(state, cell) if official and not state.is_terminal() else UNNAMED_SPACE
            if space == UNNAMED_SPACE:  # Tabuleiro's names, or a space the labels leave blank: as said
                raise
            raise self._told_where(said, space + (m.group(2) or f":{name}"), exc) from None

    @staticmethod
    def _told_where(said: str, shown: str, exc: IllegalMove) -> IllegalMove:
        """``exc``, the refusal of the move typed ``said``, saying first where that move lies,
        ``shown`` as the board's labels name it ("'A1+' is f6+ here: f6 is not empty"): a move
        typed in one notation and refused in the other's names.  A refusal whose sentence has the
        typed move as its subject ("'c6/' would make three ...") goes on from the place, so the
        move is said once ("'c6/' is C6/ here, which would make three ...")."""
        reason = str(exc)
        if reason.startswith(f"{said}: "):
            return IllegalMove(f"{said} is {shown} here: {reason.removeprefix(f'{said}: ')}")
        return IllegalMove(f"{said} is {shown} here, which {reason.removeprefix(f'{said} ')}")

    def _parse_official(self, state: TraxState, text: str, official: bool = False) -> int:
        """The move ``text`` names in the official notation (games/trax_official.py): its column and
        row counted from the tiles' top-left corner in ``state``, then as our ``e5/``; ``official``:
        its refusal names the cells so too (``namer``), else by their own names."""
        said, n = quoted(text), self.size
        if is_first_tile(text):
            raise IllegalMove(f"{said} is the first tile of a game in the official notation: paste the whole "
                              "game on the main menu to open it")
        cell, sign = read_turned(state.cells, n, text, state.table_turns)
        if cell < 0:
            raise IllegalMove(f"{said} (the official notation, counted from the tiles' top-left corner) lies "
                              f"off this {n} x {n} board")
        try:
            return self._move_at(state, cell, sign, None, said, official)
        except IllegalMove as exc:
            if official:
                raise
            raise self._told_where(said, f"{cell_name(cell, n)}{sign}", exc) from None

    def other_move_text(self, state: TraxState, move: int) -> str:
        """``move`` in the official notation, counted from the tiles of ``state`` on the table
        turned as the game's first tile lies (``TraxState.table_turns``, games/trax_official.py)."""
        return turned_official_text(self, state.cells, move, state.table_turns)

    def official_cell(self, state: TraxState, cell: int) -> str:
        """``cell`` as Trax players name a space (``C1``), counted from the tiles of ``state`` as
        ``other_move_text`` counts a move played there (games/trax_official.py): a forced tile's."""
        return turned_official_cell(self, state.cells, cell, state.table_turns)

    def official_axes(self, state: TraxState) -> tuple[list[str], list[str]] | None:
        """The official names of the board's columns and rows in ``state`` (``@ A B``, ``0 1 2``,
        "" where it names none), counted as ``official_cell`` counts a space: the labels round
        the board while the window writes the official notation; None on an empty board."""
        return official_axes(bytes(state.cells), self.size, state.table_turns)

    def space_name(self, state: TraxState, cell: int) -> str:
        """``cell``'s official name in ``state`` (``official_cell``: ``C1``), or "that space" left
        of ``@`` or above ``0``, where the notation names none (the board's labels there are dots)."""
        columns, rows = self.official_axes(state) or ([""] * self.size, [""] * self.size)
        row, col = divmod(cell, self.size)
        return self.official_cell(state, cell) if columns[col] and rows[row] else UNNAMED_SPACE

    def sign_of(self, move: int) -> str:
        """The shape of ``move``'s tile in the notation: ``+``, ``/`` or ``\\``."""
        return SHAPE[move_tile(move)]

    def whole_game(self, texts: list[str]) -> tuple[dict, str, list[str]] | None:
        """A game written in the official notation (``@0/ B1\\ A2\\``), laid on a board large
        enough (games/trax_official.py)."""
        return official_game(self, texts)

    def other_notation(self, states) -> str | None:
        """The game in the official notation, for a copied move list, if it started from one
        tile (the table turned to lay it as ``@0/`` or ``@0+``) and the official rules play it as
        it was played here: not a fill game played on past its first loop or line, which ends the
        game on the table (another Trax program could not replay the line; games/trax_official.py).
        A tile on this board's edge forces nothing beyond it on the table: a cell there touches
        one tile of the board, and a tile is forced by two."""
        states = list(states)
        if any(state.outcome is not None for state in states[1:-1]):
            return None
        try:
            return f"{OFFICIAL_LINE} {' '.join(official_moves(self, states))}"
        except IllegalMove:
            return None

    def _move_at(self, state: TraxState, cell: int, sign: str | None, name: str | None, said: str,
                 official: bool = False) -> int:
        """The legal move that lays the tile of shape ``sign`` (or named ``name``) on ``cell``;
        IllegalMove saying why there is none, or why ``said`` is ambiguous (``official``: the
        cells and the legal moves named as Trax players name them, ``namer``)."""
        if state.is_terminal():
            raise IllegalMove(f"{said}: the game is over")
        legal = self.legal_at(state, cell)
        if name:
            move = move_of(cell, tile_of_name(name.lower()))
            chosen = [move] if move in legal else []
        else:
            chosen = [mv for mv in legal if SHAPE[move_tile(mv)] == sign]
        if len(chosen) == 1:
            return chosen[0]
        if not legal:
            raise IllegalMove(f"{said}: {self.why_no_tile(state, cell, official)}")
        if len(chosen) > 1:  # the tile named as typed: the official notation names no colours
            raise IllegalMove(f"{said} is ambiguous here; name the tile ({cell_name(cell, self.size)}:"
                              f"{NAME[move_tile(chosen[0])]})")
        name_of = self.namer(state, official)
        where, shown = name_of(cell), self.legal_written(state, legal, official)
        wanted = [tile_of_name(name.lower())] if name else [t for t in TILES if SHAPE[t] == sign]
        named = [t for t in wanted if t in self.fits(state.cells, cell)]  # matches its neighbours: its turn clashes
        if len(named) == 1:
            raise IllegalMove(f"{said} {self._clash_words(self.clash(state.cells, cell, named[0]), name_of)}; "
                              f"legal at {where}: {shown}")
        why = self.rules_reason(state, move_of(cell, wanted[0]), official) if name else \
            f"no {sign} tile at {where} matches its neighbours' colours"
        raise IllegalMove(f"{said}: {why}; legal at {where}: {shown}")


GAME = Trax
