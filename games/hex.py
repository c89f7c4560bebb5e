"""Hex: connect your two edges of an n x n rhombus of hexagons.

Rules (shared/rules/tictactoe-hex.md): the board is an n x n rhombus (n = 3..19, 11 by default).
Blue moves first and joins the left and right edges (columns a and the last one); Red joins the
top and bottom edges (rows 1 and n).  A move places one stone of one's colour on any empty cell;
the first to join their two edges with a chain of adjacent stones wins.  Draws are impossible:
a full board always has exactly one winner.  Cell (row r, column c) touches (r, c-1), (r, c+1),
(r-1, c), (r+1, c), (r-1, c+1) and (r+1, c-1): the rows slant to the right going down.

The swap (pie) rule, an option: after Blue's first stone, Red may play ``swap`` instead of a
stone.  We follow the convention of today's Hex programs and servers ("swap pieces"): Blue's
stone is removed and a Red stone is put on the mirror cell across the long diagonal (row and
column exchanged: Blue's c1 becomes Red's a3), and Blue moves next.  The position is then the
exact mirror of the one Red was handed, so Red has taken over Blue's opening move, while each
player keeps their colour and edges.  Without the option the first player wins with perfect play
on every board; the swap rule makes Blue open with a move that is neither too strong nor too weak.

Cells are named like ``a1``: column letter from the left, row number from the top.  A move is
the cell index ``row * n + col``, or the string ``"swap"`` (read also as HexGui writes it,
``swap-pieces``).  Each side's stones are a bitboard
(a Python int, row-major); a stone's chain is found by bit-parallel flood fill, so the win test
after a move only looks at the chain of the stone just placed -- fast enough on 19x19.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from games.base import Game, GameInfo, IllegalMove, Option, State, is_exactly, is_index
from games.grid import cell_name, parse_cell, permute_bits, read_marks, read_to_move_header
from games.position_cells import TextCells

INFO = GameInfo(
    id="hex",
    title="Hex",
    sides=("Blue", "Red"),
    options=(
        Option("size", int, 11, "Board size", minimum=3, maximum=19, board=True),
        Option("swap", bool, False, "Swap rule", help="After Blue's first stone Red may take it over"),
    ),
    summary="Join your two edges of a rhombus of hexagons: Blue left-right, Red top-bottom.",
    can_draw=False,
)

SWAP = "swap"
# HexGui's and Benzene's name of our swap: the one they all read alike (HexGui's own forks read a
# bare "swap" either as swap-pieces or as swap-sides, the stone kept and the colours exchanged)
HEXGUI_SWAP = "swap-pieces"
# how the swap may be written: ours, and HexGui's and Benzene's name of the same move (their
# "swap-sides" would leave every later cell mirrored)
SWAP_NAMES = (SWAP, HEXGUI_SWAP)
BLUE, RED = 0, 1
LETTERS = "BR"
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
TRANSPOSABLE = re.compile(r"([A-Za-z])([0-9]{1,3})")  # a cell's name, column and row, as transpose_cell exchanges them
GOALS = ("connected left and right", "connected top and bottom")


class Geometry:
    """Bit masks of one board size: edges, and the six neighbour shifts without wrap-around."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.cells = n * n
        self.full = (1 << self.cells) - 1
        col0 = sum(1 << (r * n) for r in range(n))
        self.not_first_col = self.full & ~col0
        self.not_last_col = self.full & ~(col0 << (n - 1))
        row0 = (1 << n) - 1
        # edges[side] = (first edge, second edge): Blue left/right columns, Red top/bottom rows
        self.edges = ((col0, col0 << (n - 1)), (row0, row0 << (n * (n - 1))))
        self.neighbours = tuple(self.neighbour_mask(1 << i) for i in range(self.cells))
        self.transpose_cell = tuple((i % n) * n + i // n for i in range(self.cells))

    def neighbour_mask(self, bits: int) -> int:
        """Every cell adjacent to a cell of ``bits`` (the cells themselves may be included)."""
        n = self.n
        right = (bits << 1 | bits >> (n - 1)) & self.not_first_col  # (r, c+1) and (r-1, c+1)
        left = (bits >> 1 | bits << (n - 1)) & self.not_last_col  # (r, c-1) and (r+1, c-1)
        return (right | left | bits << n | bits >> n) & self.full

    def flood(self, seed: int, within: int) -> int:
        """The cells of ``within`` connected to ``seed`` (seed cells must be in ``within``)."""
        group = seed & within
        inside = within & self.full
        n, right_ok, left_ok = self.n, self.not_first_col & inside, self.not_last_col & inside
        shift = n - 1
        while True:  # neighbour_mask inlined (the exact solver's hottest loop)
            grown = ((group << 1 | group >> shift) & right_ok | (group >> 1 | group << shift) & left_ok
                     | (group << n | group >> n) & inside | group)
            if grown == group:
                return group
            group = grown

    def connects(self, stones: int, side: int) -> bool:
        """True if ``stones`` join ``side``'s two edges (a plain edge-to-edge flood fill)."""
        first, second = self.edges[side]
        return bool(self.flood(stones & first, stones) & second)

    def chain_wins(self, stones: int, side: int, cell: int) -> bool:
        """Does the chain through ``cell`` (a stone of ``stones``) touch both of ``side``'s edges?"""
        first, second = self.edges[side]
        group = self.flood(1 << cell, stones)
        return bool(group & first) and bool(group & second)

    def winning_path(self, stones: int, side: int) -> list[int]:
        """A shortest chain of ``stones`` from ``side``'s first edge to its second, or []."""
        first, second = self.edges[side]
        frontier = [i for i in range(self.cells) if (stones & first) >> i & 1]
        parent = {i: -1 for i in frontier}
        while frontier:
            nxt = []
            for i in frontier:
                if second >> i & 1:
                    path = [i]
                    while parent[path[-1]] >= 0:
                        path.append(parent[path[-1]])
                    return path[::-1]
                around = self.neighbours[i] & stones
                while around:
                    low = around & -around
                    j = low.bit_length() - 1
                    around ^= low
                    if j not in parent:
                        parent[j] = i
                        nxt.append(j)
            frontier = nxt
        return []

    def transpose(self, bits: int) -> int:
        """The bitboard mirrored across the long diagonal (row and column exchanged)."""
        return permute_bits(bits, self.transpose_cell)


def transpose_cell(text: str) -> str:
    """``c1`` <-> ``a3``: a cell named with its row and column exchanged (other words unchanged).

    HexGui, Benzene and MoHex give their first player (black) the top and bottom edges, where our
    Blue joins left and right: their cells, exchanged so, are ours (ai/outside_gtp.py, the gtp
    command's ``--transpose``, games/hex_sgf.py).  A word that names no cell of a board a to z
    (a file's ``d99999...``, a Unicode digit or letter) is left as it is, for the parser to refuse:
    it raised OverflowError or TypeError, and an SGF holding it could not even be reported."""
    cell = TRANSPOSABLE.fullmatch(text)
    if cell is None or not 1 <= int(cell[2]) <= len(COLUMN_LETTERS):
        return text
    return f"{COLUMN_LETTERS[int(cell[2]) - 1]}{COLUMN_LETTERS.index(cell[1].lower()) + 1}"


@lru_cache(maxsize=32)
def geometry(n: int) -> Geometry:
    return Geometry(n)


class HexState(State):
    __slots__ = ("game", "boards", "to_move", "_winner", "_moves")

    def __init__(self, game: Hex, boards: tuple[int, int], to_move: int, winner: int | None) -> None:
        self.game = game
        self.boards = boards
        self.to_move = to_move
        self._winner = winner
        self._moves: list | None = None

    # -- the contract ----------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self._moves is None:
            if self._winner is not None:
                self._moves = []
            else:
                taken = self.boards[0] | self.boards[1]
                self._moves = [i for i in range(self.game.cells) if not taken >> i & 1]
                if self.can_swap():
                    self._moves.append(SWAP)
        return list(self._moves)

    def play(self, move) -> HexState:
        game = self.game
        if self._winner is not None:
            raise IllegalMove("the game is over")
        if is_exactly(move, SWAP):
            if not self.can_swap():
                raise IllegalMove(game.why_illegal(self, move))
            red = game.geo.transpose(self.boards[BLUE])
            return HexState(game, (0, red), BLUE, None)
        if not is_index(move, game.cells) or (self.boards[0] | self.boards[1]) >> move & 1:
            raise IllegalMove(game.why_illegal(self, move))
        side = self.to_move
        boards = list(self.boards)
        boards[side] |= 1 << move
        won = game.geo.chain_wins(boards[side], side, move)
        return HexState(game, (boards[0], boards[1]), 1 - side, side if won else None)

    def is_terminal(self) -> bool:
        return self._winner is not None

    def winner(self) -> int | None:
        return self._winner

    def key(self) -> tuple[int, int, int]:
        return (self.boards[0], self.boards[1], self.to_move)

    def end_reason(self) -> str:
        if self._winner is None:
            return ""
        return f"{self.game.sides[self._winner]} {GOALS[self._winner]}"

    # -- Hex specifics ---------------------------------------------------------------------
    def can_swap(self) -> bool:
        """Red's first turn, one Blue stone on the board, the swap rule on."""
        return (
            self.game.swap
            and self.to_move == RED
            and self.boards[RED] == 0
            and self.boards[BLUE].bit_count() == 1
        )

    def swapped(self) -> bool:
        """Whether this game's swap has been played: Red then has a stone more than Blue with Blue
        to move, or as many with Red to move (without a swap Blue is the one ahead)."""
        blue, red = self.boards[BLUE].bit_count(), self.boards[RED].bit_count()
        return red > 0 and red - blue == (1 if self.to_move == BLUE else 0)

    def swap_cell(self) -> int | None:
        """The Blue stone that ``swap`` would take (for the board view's swap offer), or None."""
        return self.boards[BLUE].bit_length() - 1 if self.can_swap() else None

    def stone_at(self, cell: int) -> int | None:
        """BLUE, RED, or None for an empty cell."""
        if self.boards[BLUE] >> cell & 1:
            return BLUE
        if self.boards[RED] >> cell & 1:
            return RED
        return None

    def winning_chain(self) -> list[int]:
        """The cells of a shortest winning chain, edge to edge (empty while nobody has won)."""
        if self._winner is None:
            return []
        return self.game.geo.winning_path(self.boards[self._winner], self._winner)


class Hex(Game):
    info = INFO

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.size: int = self.options["size"]
        self.swap: bool = self.options["swap"]
        self.cells = self.size * self.size
        self.geo = geometry(self.size)

    def initial_state(self) -> HexState:
        return HexState(self, (0, 0), BLUE, None)

    def board_winner(self, blue: int, red: int) -> int | None:
        """Who has joined their edges on this board, if anyone (a full board: exactly one side)."""
        if self.geo.connects(blue, BLUE):
            return BLUE
        if self.geo.connects(red, RED):
            return RED
        return None

    # -- notation --------------------------------------------------------------------------
    def format_move(self, state: State, move) -> str:
        return SWAP if move == SWAP else cell_name(move, self.size)

    def parse_move(self, state: HexState, text: str):
        if state.is_terminal():
            raise IllegalMove(f"{text!r}: the game is over")
        move = SWAP if text.strip().lower() in SWAP_NAMES else parse_cell(text, self.size, self.size)
        if not (state.can_swap() if move == SWAP else state.stone_at(move) is None):
            raise IllegalMove(self.why_illegal(state, move))
        return move

    def is_move_value(self, move: object) -> bool:
        """A move is a cell of this board by its index, or the swap."""
        return is_exactly(move, SWAP) or is_index(move, self.cells)

    def rules_reason(self, state: HexState, move) -> str:
        """"c3 is already taken", or why a swap is not allowed here."""
        if state.is_terminal():
            return "the game is over"
        if move == SWAP:
            return "swap is only allowed as Red's first move, with the swap rule on"
        return f"{cell_name(move, self.size)} is already taken"

    def options_shown_by(self, texts: list[str]) -> dict[str, Any]:
        """A move list holding a swap was played with the swap rule: "Hex" over ``f6 swap-pieces e7``
        (HexGui's and Benzene's lists, which name no options) is read, not refused at its swap."""
        return {"swap": True} if any(text.strip().lower() in SWAP_NAMES for text in texts) else {}

    # -- position text ---------------------------------------------------------------------
    def text_cells(self) -> TextCells:
        """A cell is ".", "B" (Blue) or "R" (Red), in rows indented and spaced; the side to move
        is the ``to-move:`` line's name."""
        return TextCells(self.size, self.size, (".", *LETTERS), self.sides)

    def to_text(self, state: HexState) -> str:
        """A ``to-move:`` line, then one row per line (B, R or .), indented like the rhombus."""
        rows = []
        for r in range(self.size):
            cells = []
            for c in range(self.size):
                stone = state.stone_at(r * self.size + c)
                cells.append("." if stone is None else LETTERS[stone])
            rows.append(" " * r + " ".join(cells))
        return f"to-move: {self.sides[state.to_move]}\n" + "\n".join(rows)

    def from_text(self, text: str) -> HexState:
        to_move_name, lines = read_to_move_header(text, self.sides)
        rows = ["".join(line.split()).upper() for line in lines]  # the rhombus's indents and spaces gone
        blue, red = read_marks(rows, self.size, self.size, LETTERS, unit="cells", cell="cell")
        to_move = self._read_to_move(blue, red, to_move_name)
        winner = self.board_winner(blue, red)
        if winner == to_move:
            raise IllegalMove(f"{self.sides[winner]} has already won, so cannot be to move")
        return HexState(self, (blue, red), to_move, winner)

    def _read_to_move(self, blue: int, red: int, name: str | None) -> int:
        """The side to move, checked against the stone counts.

        Without a swap Blue has as many stones as Red or one more; after a swap Red has as many
        as Blue or one more.  Equal counts (with the swap rule on) fit both, so the header says.
        """
        nb, nr = blue.bit_count(), red.bit_count()
        possible = []
        if nb - nr in (0, 1):
            possible.append(BLUE if nb == nr else RED)
        if self.swap and nr - nb in (0, 1) and nr > 0:
            possible.append(RED if nb == nr else BLUE)
        if not possible:
            raise IllegalMove(f"{nb} Blue and {nr} Red stones cannot happen in a game")
        if name is None:
            return possible[0]
        wanted = self.sides.index(name)
        if wanted not in possible:
            raise IllegalMove(f"{nb} Blue and {nr} Red stones: {self.sides[possible[0]]} is to move, not {name}")
        return wanted


GAME = Hex
