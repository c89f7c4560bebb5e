"""Alquerque: the 5x5 lines board, pieces that step forward and capture by jumping, in chains.

Rules (shared/rules/alquerque.md, the course project's reading):

- 25 points ``a1``..``e5``: columns a..e from left to right, rows 1..5 from bottom to top.  Every
  point is joined to its orthogonal neighbours; diagonal lines run only through the points whose
  row + column is even, joining each such point to its diagonal neighbours.
- Each side has 12 pieces.  White fills rows 1 and 2 and d3, e3; Black fills rows 4 and 5 and
  a3, b3; c3 is empty.  White moves first.
- Forward is up for White, down for Black.  A step moves a piece along a line to the adjacent
  empty point forward, sideways or diagonally forward, never backwards.
- A capture jumps along a line over an adjacent enemy piece onto the empty point just beyond it,
  forward or sideways (never backwards); the enemy piece is removed at once.  The same piece may
  go on capturing in the same turn, each jump again forward or sideways, turning as it likes: the
  whole chain is one move.  The player may stop a chain early, and need not capture at all.
- A piece on the far row (row 5 for White, row 1 for Black) moves and captures only sideways
  (in the course's reading this already follows from "never backwards").

Options (the classic readings; each changes exactly this):

- ``any_direction_captures``: every jump of a capture -- the first and each later jump of a
  chain -- may go in any direction along a line, backwards included, also for a piece on the far
  row.  Steps are unchanged (never backwards; only sideways on the far row).  A chain may come
  back over or onto its starting point, which the piece has left (``c3xe3xe5xc5xc3``).
- ``compulsory_capture``: if the side to move can capture, it must play a capture, and a chain
  must be continued while the capturing piece can capture again (it ends only when no further
  jump is possible).  Any such complete chain may be chosen, not necessarily the longest one
  (there is no majority rule), and there is no huffing.

End of the game, checked in this order for the side to move:

- no pieces left: it loses ("White has no pieces left"); so a position text with the side to move
  facing no pieces is refused: the game ended when the last one was captured;
- no legal move: it loses ("White has no legal move");
- the position (board and side to move) occurs for the third time: draw;
- 40 plies in a row without a capture: draw.

Moves are tuples of points (index ``(row - 1) * 5 + column``): the starting point, then every
landing point.  A step is ``(from, to)`` and is written ``c2-c3``; a capture or chain lands two
points away each time and is written ``b1xb3xd5``.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cached_property

from games.base import DrawCounts, Game, GameInfo, IllegalMove, Option, State, is_index
from games.grid import cell_symbols, not_a_mark
from games.position_cells import TextCells

INFO = GameInfo(
    id="alquerque",
    title="Alquerque",
    sides=("White", "Black"),
    options=(
        Option(
            "any_direction_captures", bool, False, "Captures in any direction",
            help="Jumps may also go backwards (every jump of a chain, the far row included).",
        ),
        Option(
            "compulsory_capture", bool, False, "Capture compulsory",
            help="If a capture is possible one must be made, and a chain continued to its end.",
        ),
    ),
    summary="The 5x5 game held to be draughts' ancestor: jump enemy pieces, in chains, to clear the board.",
)

SIZE = 5
POINTS = SIZE * SIZE
PIECES = 12
DRAW_PLIES = 40  # plies without a capture that end the game in a draw
REPETITIONS = 3  # occurrences of the same position (same side to move) that end it in a draw
WHITE, BLACK = 0, 1
LETTERS = "WB"
FORWARD = (1, -1)  # row direction of "forward" for White, Black
FAR_ROW = (SIZE - 1, 0)  # row index each side moves towards

Move = tuple[int, ...]
Position = tuple[int, int, int]  # (white bits, black bits, side to move)
FULL = (1 << POINTS) - 1


def point_name(p: int) -> str:
    """``a1`` .. ``e5``: column letter from the left, row number from the bottom."""
    row, col = divmod(p, SIZE)
    return f"{chr(ord('a') + col)}{row + 1}"


_POINT = re.compile(r"^([a-e])([1-5])$")


def parse_point(text: str) -> int:
    m = _POINT.match(text.strip().lower())
    if not m:
        raise IllegalMove(f"{text!r} is not a point a1..e5")
    return (int(m.group(2)) - 1) * SIZE + ord(m.group(1)) - ord("a")


def line_directions(p: int) -> list[tuple[int, int]]:
    """The directions (drow, dcol) in which a line leaves point ``p``."""
    row, col = divmod(p, SIZE)
    dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if (row + col) % 2 == 0:
        dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [(dr, dc) for dr, dc in dirs if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE]


def lines() -> list[tuple[int, int]]:
    """Every line segment between two adjacent points, each once (for drawing and tests)."""
    return [(p, p + dr * SIZE + dc) for p in range(POINTS) for dr, dc in line_directions(p)
            if dr * SIZE + dc > 0]


def _neighbour_pairs() -> frozenset[tuple[int, int]]:
    pairs = set()
    for p in range(POINTS):
        row, col = divmod(p, SIZE)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= row + dr < SIZE and 0 <= col + dc < SIZE:
                    pairs.add((p, p + dr * SIZE + dc))
    return frozenset(pairs)


_NEIGHBOURS = _neighbour_pairs()


def is_step(move: Move) -> bool:
    """A step moves one point; a capture lands two points away (in a straight line)."""
    return len(move) == 2 and move in _NEIGHBOURS


def captured_points(move: Move) -> tuple[int, ...]:
    """The enemy points a capture move jumps over (empty for a step)."""
    if is_step(move):
        return ()
    return tuple((a + b) // 2 for a, b in zip(move, move[1:]))


class AlquerqueState(State):
    """The two sides' pieces as bitboards, the side to move, the plies since the last capture, and
    the positions seen since the last irreversible move (a capture or a step that is not sideways:
    pieces never go back, so no earlier position can recur).  ``key()`` holds all of it: the
    counter and the repetition counts determine the future, so equal keys are the same situation."""

    __slots__ = ("game", "boards", "to_move", "quiet", "history", "_moves", "_end", "_key")

    def __init__(
        self, game: Alquerque, boards: tuple[int, int], to_move: int, quiet: int = 0,
        history: tuple[Position, ...] = (),
    ) -> None:
        self.game = game
        self.boards = boards
        self.to_move = to_move
        self.quiet = quiet  # plies since the last capture
        self.history = history  # earlier positions since the last irreversible move, oldest first
        self._moves: list[Move] | None = None
        self._end: tuple[int | None, str] | None = None
        self._key: tuple | None = None

    # -- position facts ------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return (self.boards[0], self.boards[1], self.to_move)

    def repetitions(self) -> int:
        """How many times the current position has occurred (this time included)."""
        return 1 + self.history.count(self.position)

    def piece_at(self, p: int) -> int | None:
        """WHITE, BLACK or None."""
        if self.boards[WHITE] >> p & 1:
            return WHITE
        if self.boards[BLACK] >> p & 1:
            return BLACK
        return None

    def pieces(self, side: int) -> list[int]:
        bits = self.boards[side]
        return [p for p in range(POINTS) if bits >> p & 1]

    # -- moves ---------------------------------------------------------------------------------
    def _all_moves(self) -> list[Move]:
        """Every move the rules allow, ignoring whether the game is already over."""
        if self._moves is None:
            self._moves = self.game.generate_moves(self.boards, self.to_move)
        return self._moves

    def legal_moves(self) -> list[Move]:
        return [] if self.is_terminal() else list(self._all_moves())

    def capture_moves(self) -> list[Move]:
        """The legal captures and chains (for quiescence search and hints)."""
        return [m for m in self.legal_moves() if not is_step(m)]

    def play(self, move: Move) -> AlquerqueState:
        if self.is_terminal():
            raise IllegalMove("the game is over")
        # a tuple of ints, not one only equal to a legal move ((2.0, 7.0) == (2, 7)): it would be kept
        # and written out as it came
        if not self.game.is_move_value(move) or move not in self._all_moves():
            raise IllegalMove(self.game.why_illegal(self, move))
        me, them = self.to_move, 1 - self.to_move
        boards = list(self.boards)
        boards[me] = boards[me] & ~(1 << move[0]) | 1 << move[-1]  # a chain may end where it began
        taken = captured_points(move)
        for p in taken:
            boards[them] &= ~(1 << p)
        sideways = not taken and move[0] // SIZE == move[1] // SIZE
        history = self.history + (self.position,) if sideways else ()
        quiet = 0 if taken else self.quiet + 1
        return AlquerqueState(self.game, (boards[0], boards[1]), them, quiet, history)

    # -- the end -------------------------------------------------------------------------------
    def _ending(self) -> tuple[int | None, str]:
        """(winner, reason) when the game is over, else (None, "")."""
        if self._end is None:
            me = self.game.sides[self.to_move]
            if not self.boards[self.to_move]:
                self._end = (1 - self.to_move, f"{me} has no pieces left")
            elif not self._all_moves():
                self._end = (1 - self.to_move, f"{me} has no legal move")
            elif self.repetitions() >= REPETITIONS:
                self._end = (None, "Draw: the same position, with the same player to move, occurred a third time")
            elif self.quiet >= DRAW_PLIES:
                self._end = (None, f"Draw: {DRAW_PLIES} plies passed with no capture")
            else:
                self._end = (None, "")
        return self._end

    def is_terminal(self) -> bool:
        return bool(self._ending()[1])

    def winner(self) -> int | None:
        return self._ending()[0]

    def end_reason(self) -> str:
        return self._ending()[1]

    def draw_counts(self) -> DrawCounts:
        """The plies since the last capture and this position's occurrences, against the 40 plies
        and the third occurrence that draw the game."""
        return DrawCounts(self.quiet, DRAW_PLIES, self.repetitions(), REPETITIONS)

    def key(self) -> tuple:
        if self._key is None:
            seen = tuple(sorted(Counter(self.history).items()))
            self._key = (self.boards[0], self.boards[1], self.to_move, self.quiet, seen)
        return self._key

    def score(self) -> tuple[int, int]:
        """Pieces captured by each side (White, Black), counted from the 12 each side starts with."""
        return (PIECES - self.boards[BLACK].bit_count(), PIECES - self.boards[WHITE].bit_count())


class Alquerque(Game):
    info = INFO
    size = SIZE  # points a side; no option changes it
    score_counts_captures = True

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.any_direction_captures: bool = self.options["any_direction_captures"]
        self.compulsory_capture: bool = self.options["compulsory_capture"]

    def too_early_to_agree(self, state: AlquerqueState) -> bool:
        """No piece is captured yet: the armies have not met, so nothing is settled to agree a draw
        on (a game that stays quiet is drawn by the rules after 40 plies anyway)."""
        return sum(state.score()) == 0

    # -- move tables -------------------------------------------------------------------------
    @cached_property
    def step_targets(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """[side][point] -> the points a piece of ``side`` may step to (when empty)."""
        return tuple(
            tuple(
                tuple(p + dr * SIZE + dc for dr, dc in line_directions(p) if self._may_step(side, p, dr))
                for p in range(POINTS)
            )
            for side in (WHITE, BLACK)
        )

    @cached_property
    def jumps(self) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
        """[side][point] -> (jumped point, landing point) pairs of the jumps allowed from it."""
        table = []
        for side in (WHITE, BLACK):
            per_point = []
            for p in range(POINTS):
                row, col = divmod(p, SIZE)
                pairs = []
                for dr, dc in line_directions(p):
                    if 0 <= row + 2 * dr < SIZE and 0 <= col + 2 * dc < SIZE and self._may_jump(side, p, dr):
                        pairs.append((p + dr * SIZE + dc, p + 2 * (dr * SIZE + dc)))
                per_point.append(tuple(pairs))
            table.append(tuple(per_point))
        return tuple(table)

    def _may_step(self, side: int, p: int, dr: int) -> bool:
        if p // SIZE == FAR_ROW[side]:
            return dr == 0
        return dr * FORWARD[side] >= 0

    def _may_jump(self, side: int, p: int, dr: int) -> bool:
        if self.any_direction_captures:
            return True
        return self._may_step(side, p, dr)

    # -- move generation ---------------------------------------------------------------------
    @cached_property
    def step_moves(self) -> tuple[tuple[tuple[int, dict[int, tuple[Move, ...]]], ...], ...]:
        """[side][point] -> (bitmask of its step targets, {empty targets: the step moves}).

        A table lookup per piece instead of a loop over its neighbours: move generation is the
        inner loop of every search."""
        table = []
        for side in (WHITE, BLACK):
            per_point = []
            for p in range(POINTS):
                targets = self.step_targets[side][p]
                moves = {}
                for subset in range(1 << len(targets)):
                    chosen = [q for i, q in enumerate(targets) if subset >> i & 1]
                    moves[sum(1 << q for q in chosen)] = tuple((p, q) for q in chosen)
                per_point.append((sum(1 << q for q in targets), moves))
            table.append(tuple(per_point))
        return tuple(table)

    @cached_property
    def jump_reach(self) -> tuple[tuple[int, ...], ...]:
        """[side][point] -> bitmask of the points a piece there could jump over."""
        return tuple(
            tuple(sum(1 << over for over, _ in self.jumps[side][p]) for p in range(POINTS))
            for side in (WHITE, BLACK)
        )

    def generate_moves(self, boards: tuple[int, int], side: int) -> list[Move]:
        """Captures (chains and, unless compulsory, their prefixes) first, then steps; pieces in
        the order of their points (a1, b1, ... e5)."""
        own, enemy = boards[side], boards[1 - side]
        empty = ~(own | enemy) & FULL
        reach, step_moves = self.jump_reach[side], self.step_moves[side]
        captures: list[Move] = []
        steps: list[Move] = []
        bits = own
        while bits:
            low = bits & -bits
            bits ^= low
            p = low.bit_length() - 1
            if enemy & reach[p]:
                self._chains(side, (p,), own ^ low, enemy, captures)
            mask, moves = step_moves[p]
            if mask & empty:
                steps.extend(moves[mask & empty])
        if captures and self.compulsory_capture:
            return captures
        return captures + steps

    def _chains(self, side: int, path: Move, own: int, enemy: int, out: list[Move]) -> None:
        """Append every capture sequence continuing ``path`` (the piece is lifted from ``own``)."""
        occupied = own | enemy
        for over, land in self.jumps[side][path[-1]]:
            if enemy >> over & 1 and not occupied >> land & 1:
                longer = path + (land,)
                before = len(out)
                self._chains(side, longer, own, enemy & ~(1 << over), out)
                if not self.compulsory_capture or len(out) == before:
                    out.insert(before, longer)

    def is_move_value(self, move: object) -> bool:
        """A move is a tuple of two or more points: where the piece starts, then each landing."""
        return type(move) is tuple and len(move) >= 2 and all(is_index(p, POINTS) for p in move)

    def rules_reason(self, state: AlquerqueState, move: Move) -> str:
        """A reason in words for a move that is not in the legal list.  A step is told what the
        rules refuse in it before that a capture is compulsory: "a capture is compulsory" for
        b1-a2, where no line runs, read as if the step were there but for the capture."""
        text = self.move_text(move)
        if state.piece_at(move[0]) != state.to_move:
            return f"{text}: {point_name(move[0])} holds no {self.sides[state.to_move]} piece"
        why = self._why_step_illegal(state, move) if is_step(move) else self._why_chain_illegal(state, move)
        if not why and is_step(move) and self.compulsory_capture and state.capture_moves():
            why = "a capture is compulsory"
        return f"{text}: {why}" if why else f"{text} is not a legal move here"

    def _why_direction_illegal(self, side: int, p: int, dr: int, jump: bool) -> str:
        """Why a step (or a jump, ``jump``) of ``side`` from ``p`` with row direction ``dr`` is
        not allowed, or "" when it is."""
        if (self._may_jump if jump else self._may_step)(side, p, dr):
            return ""
        moves = "captures" if jump else "moves"
        if p // SIZE == FAR_ROW[side]:
            return f"a piece on the far row {moves} only sideways"
        return f"a piece never {moves} backwards"

    def _why_step_illegal(self, state: AlquerqueState, move: Move) -> str:
        """Why the step ``move`` (of a piece of the side to move) is not legal, or ""."""
        a, b = move
        dr, dc = b // SIZE - a // SIZE, b % SIZE - a % SIZE
        if (dr, dc) not in line_directions(a):
            return f"no line joins {point_name(a)} and {point_name(b)}"
        why = self._why_direction_illegal(state.to_move, a, dr, jump=False)
        return why or (f"{point_name(b)} is not empty" if state.piece_at(b) is not None else "")

    def _why_chain_illegal(self, state: AlquerqueState, move: Move) -> str:
        """Why the capture or chain ``move`` is not legal, jump by jump, or ""."""
        side = state.to_move
        own, enemy = state.boards[side] & ~(1 << move[0]), state.boards[1 - side]
        for a, b in zip(move, move[1:]):
            rows, cols = b // SIZE - a // SIZE, b % SIZE - a % SIZE
            dr, dc = rows // 2, cols // 2
            if (rows, cols) != (2 * dr, 2 * dc) or (dr, dc) not in line_directions(a):
                return f"{point_name(a)} to {point_name(b)} is not a jump along a line"
            why = self._why_direction_illegal(side, a, dr, jump=True)
            over = a + dr * SIZE + dc
            if not why and not enemy >> over & 1:
                why = f"there is no enemy piece on {point_name(over)} to jump"
            if not why and (own | enemy) >> b & 1:
                why = f"{point_name(b)} is not empty"
            if why:
                return why
            enemy &= ~(1 << over)
        if self.compulsory_capture:
            return f"the chain must go on: {point_name(move[-1])} can capture again"
        return ""

    # -- the contract --------------------------------------------------------------------------
    def initial_state(self) -> AlquerqueState:
        white = (1 << 10) - 1 | 1 << parse_point("d3") | 1 << parse_point("e3")
        black = ((1 << 10) - 1) << 15 | 1 << parse_point("a3") | 1 << parse_point("b3")
        return AlquerqueState(self, (white, black), WHITE)

    @staticmethod
    def move_text(move: Move) -> str:
        sep = "-" if is_step(move) else "x"
        return sep.join(point_name(p) for p in move)

    def format_move(self, state: State, move: Move) -> str:
        return self.move_text(move)

    def parse_move(self, state: AlquerqueState, text: str) -> Move:
        """``c2-c3`` or ``b1xb3xd5``, in any case, with spaces around the separators or not
        (``b1 x b3`` is the same move)."""
        cleaned = re.sub(r"\s*([-x])\s*", r"\1", text.strip().lower())
        parts = re.split(r"[-x]", cleaned)
        if len(parts) < 2:
            raise IllegalMove(f"{text!r} is not a move like c2-c3 or b1xb3xd5")
        try:
            move = tuple(parse_point(p) for p in parts)
        except IllegalMove:  # "'1' is not a point a1..e5" named a part of '1-1' as if it were the move
            raise IllegalMove(f"{text!r} is not a move: points are a1..e5") from None
        if self.move_text(move) != cleaned:
            raise IllegalMove(f"{text!r}: write steps with '-' (c2-c3) and captures with 'x' (b1xb3)")
        if state.is_terminal():
            raise IllegalMove(f"{text!r}: the game is over")
        if move not in state.legal_moves():
            raise IllegalMove(self.why_illegal(state, move))
        return move

    def text_cells(self) -> TextCells:
        """A point is ".", "W" (White) or "B" (Black), row 5 written first.  An edited board drops
        the ``seen:`` lines (earlier positions, for repetitions: not this board's past)."""
        return TextCells(SIZE, SIZE, (".", *LETTERS), self.sides, bottom_first=True, untrue_after_edit=("seen",))

    def to_text(self, state: AlquerqueState) -> str:
        """``to-move``, ``no-capture`` (plies since the last capture), the board from row 5 down
        to row 1 (W, B, .), then one ``seen:`` line per earlier position since the last
        irreversible move (board rows joined by ``/``, then the side to move), oldest first."""
        out = [f"to-move: {self.sides[state.to_move]}", f"no-capture: {state.quiet}"]
        out += self._board_rows(state.boards)
        for white, black, to_move in state.history:
            out.append(f"seen: {'/'.join(self._board_rows((white, black)))} {self.sides[to_move]}")
        return "\n".join(out)

    @staticmethod
    def _board_rows(boards: tuple[int, int]) -> list[str]:
        rows = []
        for row in range(SIZE - 1, -1, -1):
            rows.append("".join(
                "W" if boards[WHITE] >> p & 1 else "B" if boards[BLACK] >> p & 1 else "."
                for p in range(row * SIZE, row * SIZE + SIZE)
            ))
        return rows

    def from_text(self, text: str) -> AlquerqueState:
        to_move, quiet, rows, history = WHITE, 0, [], []
        for raw in text.strip().splitlines():
            line = raw.strip()
            if not line:
                continue
            head, _, value = line.partition(":")
            head = head.strip().lower()
            if head == "to-move":
                to_move = self._side_named(value)
            elif head == "no-capture":
                quiet = self._plies(value)
            elif head == "seen":
                board_text, _, side = value.strip().rpartition(" ")
                history.append((*self._read_board(board_text.split("/")), self._side_named(side)))
            else:
                rows.append(line)
        white, black = self._read_board(rows)
        if (white, black)[to_move] and not (white, black)[1 - to_move]:  # its last piece was captured:
            # the game ended there, with the other side to move and lost (tic-tac-toe and Hex refuse alike)
            raise IllegalMove(f"{self.sides[to_move]} has already won, so cannot be to move")
        return AlquerqueState(self, (white, black), to_move, quiet, tuple(history))

    @staticmethod
    def _plies(value: str) -> int:
        """The ``no-capture`` line's number; IllegalMove in the game's words for anything else.
        ``str.isdigit`` let superscripts ("²") through and ``int`` took thousands of digits to
        Python's own refusal, both shown untranslated in the position editor: only ASCII digits,
        and no more than any game lasts: the draw comes at DRAW_PLIES, so a count past it is
        refused as such (it read as a game "already over" after DRAW_PLIES, not the count given)."""
        plies = value.strip()
        if not (plies.isascii() and plies.isdigit()) or len(plies) > 6:
            raise IllegalMove(f"no-capture: {plies[:12]!r} is not a number of plies")
        if int(plies) > DRAW_PLIES:
            raise IllegalMove(f"no-capture: {int(plies)} cannot be more than {DRAW_PLIES} plies: "
                              f"the game is drawn after {DRAW_PLIES} plies with no capture")
        return int(plies)

    def _side_named(self, name: str) -> int:
        for i, side in enumerate(self.sides):
            if side.lower() == name.strip().lower():
                return i
        raise IllegalMove(f"{name.strip()!r} is not a side ({', '.join(self.sides)})")

    @staticmethod
    def _read_board(rows: list[str]) -> tuple[int, int]:
        rows = [r.strip() for r in rows]
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise IllegalMove(f"expected 5 rows of 5 characters ({cell_symbols(LETTERS)}), row 5 first")
        boards = [0, 0]
        for i, row in enumerate(rows):
            for col, ch in enumerate(row.upper()):
                point = (SIZE - 1 - i) * SIZE + col
                if ch not in "WB.":
                    raise not_a_mark(f"point {point_name(point)}", ch, cell_symbols(LETTERS))
                if ch != ".":
                    boards[LETTERS.index(ch)] |= 1 << point
        for side in (WHITE, BLACK):
            if boards[side].bit_count() > PIECES:
                raise IllegalMove(f"{boards[side].bit_count()} {LETTERS[side]} pieces: at most {PIECES}")
        return boards[0], boards[1]


GAME = Alquerque
