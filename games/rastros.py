"""Rastros ("Slime Trail", Bill Taylor 1992): one white piece, a trail of black stones, two goals.

Rules (shared/rules/rastros.md and the course notebook):
- An n x n board (n = 4..8, 8 by default); a square is written ``row-col``, rows 1..n from the top,
  columns 1..n from the left.  South's goal is ``n-1`` (bottom-left), North's goal ``1-n``
  (top-right).  The white piece starts on the mirror diagonal: 4x4 ``2-3``, 5x5 ``3-3``, 6x6
  ``3-4``, 7x7 ``4-4``, 8x8 ``4-5``.
- South moves first.  A move takes the piece to a neighbouring square (king move) that was never
  visited; the square it left gets a black stone.
- Checked after every move, in this order: the piece on South's goal: South wins (whoever moved
  it there); on North's goal: North wins; the player now to move has no legal move: the player
  who just moved wins.  There are no draws.

Readings we chose:
- Nothing is checked before the first move (the notebook's ``blacks == set()`` case), so the start
  position is never over; a position text with the piece on a goal and no stones is refused.
- The state keeps the trail (the visited squares in order, ending on the piece) so the board can
  draw the path; it is not part of ``key()``: equal stones and piece are the same position.

Representation: square ``row-col`` is index ``(row - 1) * n + (col - 1)``; moves are these indices.
The visited squares (black stones) are one bitboard int.  ``legal_moves()`` lists the moves in
ascending index, which is exactly the course's order (``(r + a, c + b) for a in -1,0,1 for b in
-1,0,1``), so course players keep their tie-breaks.

The course's state ``EstadoRastros(to_move, white, blacks)`` maps one to one onto ours:
``to_move`` 'S' <-> 0 and 'N' <-> 1; ``white = (row, col)`` <-> ``square(n, row, col)``;
``blacks`` (a set of (row, col)) <-> the bits of ``state.blacks``; see ``course_coords`` and
``square``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from games.base import Game, GameInfo, IllegalMove, Option, State, is_index
from games.grid import NOTEBOOK_SQUARE, king_neighbour_masks, not_a_mark, read_to_move_header
from games.grid import squares as bits  # the squares of a bitboard: Rastros' name
from games.position_cells import TextCells

SIDES = ("South", "North")
COURSE_SIDES = ("S", "N")  # the notebook's to_move letters, same order as SIDES
STARTS = {4: (2, 3), 5: (3, 3), 6: (3, 4), 7: (4, 4), 8: (4, 5)}

INFO = GameInfo(
    id="rastros",
    title="Rastros",
    sides=SIDES,
    options=(Option("size", int, 8, "Board size", minimum=4, maximum=8,
                    help="n x n board; the course plays 8x8", board=True),),
    summary="Move the shared white piece to your corner; every visited square is closed for good.",
    can_draw=False,
)

_SQUARE = re.compile(r"^\s*\(?\s*(\d)\s*[-,\s]\s*(\d)\s*\)?\s*$")
_COURSE_ROW = re.compile(r"^(\d)([.oB@P]{8})\1$")  # display(): "4....o...4" (the notebook's text: B and P)
_COURSE_NEXT = re.compile(r"^Próximo jogador:\s*(\S*)$")
_COURSE_STATE = re.compile(r"^EstadoRastros\s*\((?P<fields>.*)\)$", re.S)
_COURSE_FIELD = {
    "to_move": re.compile(r"to_move\s*=\s*['\"](?P<side>[^'\"]*)['\"]"),
    "white": re.compile(r"white\s*=\s*(?P<pair>\([^()]*\))"),
    "blacks": re.compile(r"blacks\s*=\s*(?P<set>set\(\s*\)|\{.*\})", re.S),
}


def square(n: int, row: int, col: int) -> int:
    """Index of square ``row-col`` (1-based, row 1 at the top) on an n x n board."""
    return (row - 1) * n + (col - 1)


def course_coords(n: int, index: int) -> tuple[int, int]:
    """The course's (row, col) pair of a square index: ``white`` and ``blacks`` entries."""
    row, col = divmod(index, n)
    return row + 1, col + 1


def square_name(n: int, index: int) -> str:
    row, col = course_coords(n, index)
    return f"{row}-{col}"


@lru_cache(maxsize=8)
def neighbour_masks(n: int) -> tuple[int, ...]:
    """For each square, the bitmask of its up to 8 king-move neighbours."""
    return king_neighbour_masks(n, n)


class RastrosState(State):
    __slots__ = ("game", "white", "blacks", "to_move", "trail", "_winner", "_moves")

    def __init__(self, game: Rastros, white: int, blacks: int, to_move: int,
                 trail: tuple[int, ...] = ()) -> None:
        self.game = game
        self.white = white
        self.blacks = blacks
        self.to_move = to_move
        self.trail = trail  # visited squares in order, ending on ``white``; () when unknown
        moves = neighbour_masks(game.n)[white] & ~blacks
        self._winner: int | None = None
        if blacks:  # the checks run after a move, in the rules' order
            if white == game.goal_south:
                self._winner = 0
            elif white == game.goal_north:
                self._winner = 1
            elif not moves:
                self._winner = 1 - to_move
        self._moves = 0 if self._winner is not None else moves

    @property
    def free(self) -> int:
        """The squares never visited and not under the piece."""
        return self.game.full & ~self.blacks & ~(1 << self.white)

    def reachable(self) -> int:
        """The free squares the piece can still reach (king steps through free squares).

        A goal outside it can never be entered again: the board view says so."""
        nbr = neighbour_masks(self.game.n)
        free = self.free
        reach = frontier = nbr[self.white] & free
        while frontier:
            grown = 0
            for i in bits(frontier):
                grown |= nbr[i]
            frontier = grown & free & ~reach
            reach |= frontier
        return reach

    def moves_mask(self) -> int:
        """The legal moves as a bitmask (0 when the game is over)."""
        return self._moves

    def legal_moves(self) -> list[int]:
        return bits(self._moves)

    def play(self, move: int) -> RastrosState:
        if self._winner is not None:
            raise IllegalMove("the game is over")
        if not is_index(move, self.game.cells) or not self._moves >> move & 1:
            raise IllegalMove(self.game.why_illegal(self, move))
        trail = self.trail + (move,) if self.trail else ()
        return RastrosState(self.game, move, self.blacks | 1 << self.white, 1 - self.to_move, trail)

    def is_terminal(self) -> bool:
        return self._winner is not None

    def winner(self) -> int | None:
        return self._winner

    def key(self) -> tuple[int, int, int]:
        return (self.white, self.blacks, self.to_move)

    def end_reason(self) -> str:
        if self._winner is None:
            return ""
        game = self.game
        goal = {game.goal_south: 0, game.goal_north: 1}.get(self.white)
        if goal is not None:
            name = square_name(game.n, self.white)
            mover = 1 - self.to_move
            if mover == goal:
                return f"{SIDES[goal]} reached {name}"
            return f"{SIDES[mover]} moved onto {name}: {SIDES[goal]} wins"
        return f"{SIDES[self.to_move]} is blocked: {SIDES[self._winner]} wins"


class Rastros(Game):
    info = INFO

    def __init__(self, **options) -> None:
        super().__init__(**options)
        n = self.n = int(self.options["size"])
        self.cells = n * n
        self.full = (1 << self.cells) - 1
        self.goal_south = square(n, n, 1)
        self.goal_north = square(n, 1, n)
        self.start = square(n, *STARTS[n])
        self.neighbours = neighbour_masks(n)

    def initial_state(self) -> RastrosState:
        return RastrosState(self, self.start, 0, 0, (self.start,))

    # -- notation ----------------------------------------------------------------------------
    def format_move(self, state: State, move: int) -> str:
        return square_name(self.n, move)

    def parse_square(self, text: str) -> int:
        """The index named by ``row-col`` text; IllegalMove if malformed or off the board."""
        m = _SQUARE.match(text)
        if not m:
            raise IllegalMove(f"{text!r} is not a square like 4-5 (row-col)")
        row, col = int(m.group(1)), int(m.group(2))
        if not (1 <= row <= self.n and 1 <= col <= self.n):
            raise IllegalMove(f"{text!r} is off the board (1-1..{self.n}-{self.n})")
        return square(self.n, row, col)

    def parse_move(self, state: RastrosState, text: str) -> int:
        move = self.parse_square(text)
        if state.is_terminal():
            raise IllegalMove(f"{text!r}: the game is over")
        if move not in state.legal_moves():
            raise IllegalMove(f"{self.why_illegal(state, move)}; legal: {self.legal_list(state)}")
        return move

    def is_move_value(self, move: object) -> bool:
        """A move is a square of this board by its index: where the piece goes."""
        return is_index(move, self.cells)

    def rules_reason(self, state: RastrosState, move: int) -> str:
        """Why the piece may not go to square ``move``: it stands there, a stone is there, or the
        square is not next to it."""
        if state.is_terminal():
            return "the game is over"
        name = square_name(self.n, move)
        if move == state.white:
            return f"{name} is where the piece stands"
        return f"{name} was already visited" if state.blacks >> move & 1 else f"{name} is not next to the piece"

    # -- position text -----------------------------------------------------------------------
    def text_cells(self) -> TextCells:
        """A square goes round free ("."), a stone ("#") and the piece ("W"): the piece is moved by
        taking it off its square and putting it on another.  A goal holds its letter only (no stone
        goes there, and a piece there ends the game).  An edited board drops the trail (the
        piece's path, which it no longer tells)."""
        goals = {self.goal_south: ("S",), self.goal_north: ("N",)}
        return TextCells(self.n, self.n, (".", "#", "W"), SIDES, own_symbols=goals, untrue_after_edit=("trail",))

    def to_text(self, state: RastrosState) -> str:
        """``to-move: South``, n rows (W piece, # stone, S/N free goals, . free), then the trail."""
        n = self.n
        rows = []
        for r in range(n):
            row = ""
            for c in range(n):
                i = r * n + c
                if i == state.white:
                    row += "W"
                elif state.blacks >> i & 1:
                    row += "#"
                else:
                    row += "S" if i == self.goal_south else "N" if i == self.goal_north else "."
            rows.append(row)
        text = f"to-move: {SIDES[state.to_move]}\n" + "\n".join(rows)
        if state.trail:
            text += "\ntrail: " + " ".join(square_name(n, i) for i in state.trail)
        return text

    def from_text(self, text: str) -> RastrosState:
        """A position as ``to_text`` writes it, or as the course's Python prints a state
        (``EstadoRastros(to_move='N', white=(4, 4), blacks={(4, 5)})``) or its board
        (``Rastros.display``: numbered rows, ``o`` or ``B`` the piece, ``@`` or ``P`` the stones,
        then ``Próximo jogador:N``)."""
        if _COURSE_STATE.match(text.strip()):
            text = self._course_state_text(text.strip())
        else:
            text = self._course_board_text(text) or text
        lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
        trail_text = None
        if lines and lines[-1].lower().startswith("trail:"):
            trail_text = lines.pop().split(":", 1)[1]
        to_move_name, rows = read_to_move_header("\n".join(lines), SIDES)
        n = self.n
        if len(rows) != n or any(len(r) != n for r in rows):
            raise IllegalMove(f"expected {n} rows of {n} characters (W, #, . ; S and N on the goals)")
        white, blacks = None, 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row.upper()):
                i = r * n + c
                if ch == "W":
                    if white is not None:
                        raise IllegalMove("more than one white piece (W)")
                    white = i
                elif ch == "#":
                    blacks |= 1 << i
                elif ch not in ".SN":
                    raise not_a_mark(f"square {square_name(n, i)}", ch, "W, #, ., S or N")
        if white is None:
            raise IllegalMove("no white piece (W) on the board")
        goals = 1 << self.goal_south | 1 << self.goal_north
        if blacks & goals:
            raise IllegalMove("a goal square cannot hold a stone: the game ends when it is entered")
        if not blacks and goals >> white & 1:
            raise IllegalMove("the piece cannot start on a goal square")
        to_move = SIDES.index(to_move_name) if to_move_name else blacks.bit_count() % 2
        trail = self._read_trail(trail_text, white, blacks) if trail_text is not None else ()
        return RastrosState(self, white, blacks, to_move, trail)

    def _course_state_text(self, text: str) -> str:
        """The course's printed state as ``to_text`` writes a position (its trail unknown), to be
        read and checked as one."""
        if self.n != 8:
            raise IllegalMove("the course's EstadoRastros is a position of the 8x8 board")
        fields = {name: field.search(text) for name, field in _COURSE_FIELD.items()}
        missing = [name for name, found in fields.items() if found is None]
        if missing:
            raise IllegalMove(f"EstadoRastros needs to_move, white and blacks; {', '.join(missing)} not read")
        side = fields["to_move"]["side"]
        if side not in COURSE_SIDES:
            raise IllegalMove(f"to_move={side!r}: the course writes 'S' or 'N'")
        white = NOTEBOOK_SQUARE.fullmatch(fields["white"]["pair"])
        if white is None:
            raise IllegalMove(f"white={fields['white']['pair']}: a square is written (row, col), like (4, 5)")
        rows = [["."] * 8 for _ in range(8)]
        for row, col in NOTEBOOK_SQUARE.findall(fields["blacks"]["set"]) + [white.groups()]:
            if not (1 <= int(row) <= 8 and 1 <= int(col) <= 8):
                raise IllegalMove(f"({row}, {col}) is off the board (rows and columns 1 to 8)")
            rows[int(row) - 1][int(col) - 1] = "#"
        if (white[1], white[2]) in NOTEBOOK_SQUARE.findall(fields["blacks"]["set"]):
            raise IllegalMove(f"white={white[0]} is also in blacks: the piece never stands on a visited square")
        rows[int(white[1]) - 1][int(white[2]) - 1] = "W"
        return f"to-move: {SIDES[COURSE_SIDES.index(side)]}\n" + "\n".join("".join(row) for row in rows)

    def _course_board_text(self, text: str) -> str | None:
        """The course's printed board as ``to_text`` writes a position (the side to move from
        its ``Próximo jogador`` line, else by the stones' count); None if ``text`` is none."""
        lines = [line.strip() for line in text.strip().splitlines()]
        rows = [found for found in map(_COURSE_ROW.match, lines) if found]
        if self.n != 8 or [int(row[1]) for row in rows] != list(range(1, 9)):
            return None
        board = "\n".join(row[2].translate(str.maketrans("oB@P", "WW##")) for row in rows)
        side = next((found[1] for found in map(_COURSE_NEXT.match, lines) if found), None)
        if side is None:
            return board
        if side not in COURSE_SIDES:
            raise IllegalMove(f"to_move={side!r}: the course writes 'S' or 'N'")
        return f"to-move: {SIDES[COURSE_SIDES.index(side)]}\n{board}"

    def _read_trail(self, text: str, white: int, blacks: int) -> tuple[int, ...]:
        """A trail line: king steps through every stone in order, ending on the piece."""
        trail = tuple(self.parse_square(t) for t in text.split())
        if not trail or trail[-1] != white or len(set(trail)) != len(trail):
            raise IllegalMove("the trail must list distinct squares ending on the piece")
        if sum(1 << i for i in trail[:-1]) != blacks:
            raise IllegalMove("the trail must pass through exactly the squares with stones")
        for a, b in zip(trail, trail[1:]):
            if not self.neighbours[a] >> b & 1:
                raise IllegalMove(f"trail step {square_name(self.n, a)} to {square_name(self.n, b)} is not a king move")
        return trail


GAME = Rastros
