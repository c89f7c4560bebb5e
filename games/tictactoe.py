"""Tic-tac-toe generalised to m,n,k: a width x height board, k in a row wins.

Rules (shared/rules/tictactoe-hex.md, the AIMA course exercise): X moves first and the players
alternate, each marking one empty square.  The first to get ``k`` marks in a row, column or
diagonal wins; a full board without such a line is a draw.

Readings we chose:
- A line longer than ``k`` wins too: the exercise asks for "k in a row" and forbids nothing
  longer, unlike gomoku's exact five.

Squares are named like ``a1``: column letter from the left, row number from the top.  A move is
the square's index ``row * width + col``; each side's marks are one bitboard (a Python int).
The adversarial-search class notebook (AIMA's games4e) writes a square as the pair ``(x, y)``:
column and row counted from 0 at the top left, so ``(1, 0)`` is b1.  Moves are read in that form
too, and so are boards as its ``Board`` prints them (marks spaced: ``X . .``), so what a student
or a teacher copies from the notebook plays here.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from games.base import Game, GameInfo, IllegalMove, Option, State, is_index, quoted
from games.grid import (
    NOTEBOOK_SQUARE,
    board_symmetries,
    cell_name,
    parse_cell,
    permute_bits,
    read_marks,
    read_to_move_header,
)
from games.position_cells import TextCells


def row_fits(options: dict[str, Any]) -> str:
    """Why ``k`` in a row cannot be made on the board ``options`` give, or "" where it can: a row
    runs along the board's longer side at most (the options' ``GameInfo.together`` check)."""
    width, height, k = options["width"], options["height"], options["k"]
    if k <= max(width, height):
        return ""
    return f"option k: {k} in a row cannot fit on {width}x{height}; choose 3..{max(width, height)}"


INFO = GameInfo(
    id="tictactoe",
    title="Tic-tac-toe",
    sides=("X", "O"),
    options=(
        Option("width", int, 3, "Width", minimum=3, maximum=19, board=True),
        Option("height", int, 3, "Height", minimum=3, maximum=19, board=True),
        Option("k", int, 3, "In a row to win", minimum=3, maximum=19, board=True, follows=("width", "height")),
    ),
    # a board and its k joined by no-break spaces: a form's wrap broke "7x6 / k=4" over two lines
    summary="Get k marks in a row on an m x n board (3x3, 4x4\u00a0k=3, 7x6\u00a0k=4, 15x15\u00a0k=5 ...).",
    aliases=("Jogo do Galo",),  # its Portuguese title (tests/test_position_text.py keeps it the .po's)
    together=row_fits,  # a function of the module, not a lambda: a GameInfo goes to worker processes
)

MARKS = "XO"
UNKNOWN = -1  # a state's winner not yet known: TicTacToeState looks at every line


class TicTacToeState(State):
    __slots__ = ("game", "boards", "to_move", "_winner", "_moves")

    def __init__(self, game: TicTacToe, boards: tuple[int, int], to_move: int, winner: int | None = UNKNOWN) -> None:
        """``winner``: the side with k in a row, None for neither, or left out to look at every line."""
        self.game = game
        self.boards = boards
        self.to_move = to_move
        self._winner = game.find_winner(boards) if winner == UNKNOWN else winner
        self._moves: list[int] | None = None

    def legal_moves(self) -> list[int]:
        if self._moves is None:
            if self._winner is not None:
                self._moves = []
            else:
                taken = self.boards[0] | self.boards[1]
                self._moves = [i for i in self.game.move_order if not taken >> i & 1]
        return list(self._moves)

    def play(self, move: int) -> TicTacToeState:
        game = self.game
        if self._winner is not None:
            raise IllegalMove("the game is over")
        if not is_index(move, game.cells) or (self.boards[0] | self.boards[1]) >> move & 1:
            raise IllegalMove(game.why_illegal(self, move))
        boards = list(self.boards)
        boards[self.to_move] |= 1 << move
        # no line was complete before the move, so only the mover's lines through it can be now
        # (a search plays millions of moves: looking at all 572 lines of 15x15 was most of its time)
        mine = boards[self.to_move]
        won = any(mine & line == line for line in game.lines_through[move])
        return TicTacToeState(game, (boards[0], boards[1]), 1 - self.to_move, self.to_move if won else None)

    def is_terminal(self) -> bool:
        return self._winner is not None or (self.boards[0] | self.boards[1]) == self.game.full

    def winner(self) -> int | None:
        return self._winner

    def key(self) -> tuple[int, int, int]:
        return (self.boards[0], self.boards[1], self.to_move)

    def end_reason(self) -> str:
        if self._winner is not None:
            return f"{MARKS[self._winner]} has {self.game.k} in a row"
        return "Board full: draw" if self.is_terminal() else ""

    def winning_line(self) -> int:
        """The bitmask of the completed line (for the board view), or 0: the whole run of the
        winner's marks along it, six cells when a move makes six in a row and five win (a line
        drawn through five of them stopped short of the sixth).  Its k-windows overlap in two cells
        or more, which a window across it never does."""
        if self._winner is None:
            return 0
        bits = self.boards[self._winner]
        complete = [m for m in self.game.lines if bits & m == m]
        run, grown = complete[0], True
        while grown:
            grown = False
            for m in complete:
                if m & ~run and (m & run).bit_count() >= 2:
                    run, grown = run | m, True
        return run


class TicTacToe(Game):
    info = INFO

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.width: int = self.options["width"]
        self.height: int = self.options["height"]
        self.k: int = self.options["k"]
        self.cells = self.width * self.height
        self.full = (1 << self.cells) - 1

    def too_early_to_agree(self, state: TicTacToeState) -> bool:
        """The second side has fewer than k - 1 marks: a side needs k - 1 marks in a line for its
        first threat, so before both could make one nothing is settled to agree a draw on."""
        return (state.boards[0] | state.boards[1]).bit_count() // 2 < self.k - 1

    def draw_offer_welcome(self, state: TicTacToeState, offerer: int) -> bool:
        """Only once the person can no longer lose, whatever they play (``can_still_win``: no line
        is left that ``offerer`` could complete), with more than the last square to play: a short
        game whose only way to lose is a blunder is played for the blunders, and a level that
        offered a draw on 3x3 at the fourth mark, the game proven drawn, hurried a beginner who
        had asked for a game.  On the last square the person's click ends it drawn anyway."""
        empty = self.cells - (state.boards[0] | state.boards[1]).bit_count()
        return empty > 1 and not self.can_still_win(state, offerer)

    def can_still_win(self, state: TicTacToeState, side: int) -> bool:
        """Whether ``side`` could still make k in a row if the other side let it: some line holds
        none of the other's marks, and ``side`` has moves enough left to fill the rest of it."""
        empty = self.cells - (state.boards[0] | state.boards[1]).bit_count()
        moves_left = (empty + 1) // 2 if state.to_move == side else empty // 2
        own, other = state.boards[side], state.boards[1 - side]
        return any(not line & other and (line & ~own).bit_count() <= moves_left for line in self.lines)

    @cached_property
    def lines(self) -> tuple[int, ...]:
        """Every k-in-a-row bitmask on the board."""
        w, h, k = self.width, self.height, self.k
        masks = []
        for r in range(h):
            for c in range(w):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    er, ec = r + dr * (k - 1), c + dc * (k - 1)
                    if 0 <= er < h and 0 <= ec < w:
                        masks.append(sum(1 << ((r + dr * i) * w + c + dc * i) for i in range(k)))
        return tuple(masks)

    @cached_property
    def lines_through(self) -> tuple[tuple[int, ...], ...]:
        """For each square, the bitmasks of the k-lines that contain it."""
        return tuple(tuple(line for line in self.lines if line >> square & 1) for square in range(self.cells))

    @cached_property
    def move_order(self) -> tuple[int, ...]:
        """Squares from the centre outwards: a better first guess for search, same legal set."""
        cr, cc = (self.height - 1) / 2, (self.width - 1) / 2
        return tuple(
            sorted(range(self.cells), key=lambda i: (abs(i // self.width - cr) + abs(i % self.width - cc), i))
        )

    def find_winner(self, boards: tuple[int, int]) -> int | None:
        for side in (0, 1):
            bits = boards[side]
            if bits.bit_count() >= self.k and any(bits & m == m for m in self.lines):
                return side
        return None

    def equivalent_moves(self, state: TicTacToeState) -> list[list[int]]:
        """The legal moves in groups that the board's symmetries keeping the position map onto each
        other (on an empty 3x3 board: the corners, the edges, the centre): the moves of a group
        lead to mirror images, of one value.  Analysis searches one move of each group, so moves
        alike are shown alike."""
        keeping = [image for image in board_symmetries(self.width, self.height)
                   if all(permute_bits(marks, image) == marks for marks in state.boards)]
        groups: dict[int, list[int]] = {}
        for move in state.legal_moves():
            groups.setdefault(min(image[move] for image in keeping), []).append(move)
        return list(groups.values())

    def initial_state(self) -> TicTacToeState:
        return TicTacToeState(self, (0, 0), 0)

    def format_move(self, state: State, move: int) -> str:
        return cell_name(move, self.width)

    def parse_move(self, state: State, text: str) -> int:
        """The square ``text`` names, as ``b1`` or as the class notebook's ``(1, 0)``; IllegalMove
        if it names none or the square is not free."""
        pair = NOTEBOOK_SQUARE.fullmatch(text.strip())
        if pair is not None:
            move = self._notebook_square(text, int(pair.group(1)), int(pair.group(2)))
        else:
            move = parse_cell(text, self.width, self.height, like="a square like a1 or (0, 0)")
        if state.is_terminal():
            raise IllegalMove(f"{quoted(text)}: the game is over")
        if move not in state.legal_moves():
            raise IllegalMove(self.why_illegal(state, move))
        return move

    def is_move_value(self, move: object) -> bool:
        """A move is a square of this board by its index."""
        return is_index(move, self.cells)

    def rules_reason(self, state: TicTacToeState, move: int) -> str:
        """"b2 is already taken": the only way a square of the board is refused in a game going on."""
        if state.is_terminal():
            return "the game is over"
        return f"{cell_name(move, self.width)} is already taken"

    def _notebook_square(self, text: str, x: int, y: int) -> int:
        """The square at column ``x`` and row ``y``, both from 0 (the class notebook's pair)."""
        if not (x < self.width and y < self.height):
            raise IllegalMove(f"{text!r} is off the board (x 0..{self.width - 1}, y 0..{self.height - 1})")
        return y * self.width + x

    def text_cells(self) -> TextCells:
        """A cell is ".", "X" or "O"; the side to move is the ``to-move:`` line's X or O."""
        return TextCells(self.width, self.height, (".", *MARKS), tuple(MARKS))

    def to_text(self, state: TicTacToeState) -> str:
        rows = []
        for r in range(self.height):
            row = ""
            for c in range(self.width):
                i = r * self.width + c
                row += "X" if state.boards[0] >> i & 1 else "O" if state.boards[1] >> i & 1 else "."
            rows.append(row)
        return f"to-move: {MARKS[state.to_move]}\n" + "\n".join(rows)

    def from_text(self, text: str) -> TicTacToeState:
        to_move_name, rows = read_to_move_header(text, MARKS)
        rows = [row.replace(" ", "") for row in rows]  # the notebook's Board prints "X . ."
        boards = read_marks(rows, self.width, self.height, MARKS)
        xs, os_ = boards[0].bit_count(), boards[1].bit_count()
        to_move = MARKS.index(to_move_name) if to_move_name else (0 if xs == os_ else 1)
        if xs - os_ != to_move:
            raise IllegalMove(f"{xs} X and {os_} O cannot have {MARKS[to_move]} to move")
        return TicTacToeState(self, (boards[0], boards[1]), to_move)


GAME = TicTacToe
