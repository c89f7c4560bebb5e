"""Reversi (Othello) on 6x6, 8x8 (default) or 10x10 boards, with bitboards in Python ints.

Rules (shared/rules/reversi.md): Black moves first from the four centre squares (White on d4
and e5, Black on e4 and d5 on 8x8; the same pattern at the centre of other sizes).  A move puts
a disc on an empty square that closes at least one straight line of enemy discs with a disc of
the mover's own at its far end; every such line, in all 8 directions, flips.  A player with no
such square must pass and the other moves again; the game ends when neither can move, and the
side with more discs wins (equal is a draw).

Readings we chose:
- A pass is an ordinary move (``PASS``, written ``pass``), legal only when the mover has no
  placement.  A position where neither side can move is terminal and has no moves at all.
  ``pa``, ``ps`` and ``--`` are read as a pass too, and a line of moves may leave passes out
  (``implied_move``), as the transcripts of Othello programs do.
- ``score()`` is the count of discs on the board, (black, white), as the course project's
  scoreboard keeps it: it decides who wins ("more discs wins"), and the players' cards, records
  and the search's margins count it.  ``end_reason`` adds the tournament count (the World Othello
  Federation's: the empty squares to the winner, shared in a draw; ``final_margin``, what GTP's
  ``final_score`` answers and a GGF file's result says) when a game ends before the board fills;
  the window gives that count first, as Othello players quote a result (assets/rules/reversi.md).
- Squares are named ``d3``: column letter from the left, row number from the top.  A move is the
  square's index ``row * size + col``, the bit of that square in the boards.
- Position text is the board row by row in ``X`` (Black), ``O`` (White) and ``-`` (empty), then a
  space and the side to move (``X`` or ``O``): for 8x8 the 64-character line Othello programs
  exchange.  Whitespace between rows is ignored when reading, and ``.`` is read as empty; what
  follows a ``;`` is left out, so a line of the Othello Board Format that Edax and the FFO test
  files use (``<board> X; A2:+38;``) reads as its position.

Move generation shifts the mover's discs through runs of enemy discs in each direction (the
standard shift-and-mask technique); flipping uses per-square ray masks and the first
non-enemy square on each ray.  ``perft`` counts leaves straight on the bitboards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.base import Game, GameInfo, IllegalMove, Option, State, is_exactly, is_index
from games.grid import cell_name, cell_symbols, parse_cell, squares
from games.position_cells import TextCells

INFO = GameInfo(
    id="reversi",
    title="Reversi",
    sides=("Black", "White"),
    options=(Option("size", int, 8, "Board size", choices=(6, 8, 10), board=True),),
    summary="Othello: outflank lines of enemy discs to flip them; most discs at the end wins.",
)

PASS = -1
PASS_WORDS = ("pass", "pa", "ps", "--")  # ours, then the ways Othello programs and servers write one
NOT_A_MOVE = "a cell name like a1, nor pass"  # what a text that names no move is not ("'(2,3)' is not ...")
SIDE_CHARS = "XO"  # Black, White in position text


class Geometry:
    """Masks for one board size: the shifts of the 8 directions and the ray of every square."""

    def __init__(self, size: int) -> None:
        n = size
        self.size = n
        self.cells = n * n
        self.full = (1 << self.cells) - 1
        col0 = sum(1 << (r * n) for r in range(n))
        inner = self.full & ~col0 & ~(col0 << (n - 1))  # columns 1 .. n-2: no wrap-around
        # (shift, mask applied to the enemy discs); each is used towards higher and lower indices
        self.shifts = ((1, inner), (n, self.full), (n + 1, inner), (n - 1, inner))
        self.doubles = (n - 3) // 2  # runs of enemy discs are at most n - 2 long: 2 + 2 * doubles
        self.rays = tuple(self._rays(sq) for sq in range(self.cells))
        self.neighbours = tuple(self._neighbours(sq) for sq in range(self.cells))

    def _ray(self, sq: int, dr: int, dc: int) -> int:
        n, (r, c) = self.size, divmod(sq, self.size)
        ray = 0
        r, c = r + dr, c + dc
        while 0 <= r < n and 0 <= c < n:
            ray |= 1 << (r * n + c)
            r, c = r + dr, c + dc
        return ray

    def _rays(self, sq: int) -> tuple[tuple[int, bool], ...]:
        """(ray mask, goes towards higher indices) for each direction with room for a flip."""
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    ray = self._ray(sq, dr, dc)
                    if ray.bit_count() >= 2:
                        out.append((ray, dr * self.size + dc > 0))
        return tuple(out)

    def _neighbours(self, sq: int) -> int:
        n, (r, c) = self.size, divmod(sq, self.size)
        m = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n:
                    m |= 1 << ((r + dr) * n + c + dc)
        return m

    def start(self) -> tuple[int, int]:
        """(black, white) of the start position: the centre four squares."""
        n, h = self.size, self.size // 2
        white = (1 << ((h - 1) * n + h - 1)) | (1 << (h * n + h))
        black = (1 << ((h - 1) * n + h)) | (1 << (h * n + h - 1))
        return black, white


@lru_cache(maxsize=8)
def geometry(size: int) -> Geometry:
    return Geometry(size)


def move_mask(me: int, opp: int, geo: Geometry) -> int:
    """Bitmask of the squares where ``me`` may place a disc (shift-and-mask in 8 directions).

    In each direction, ``t`` grows from our discs through the run of enemy discs beyond them;
    after the first two single steps it grows two squares at a time through pairs of enemy
    discs (``pairs``), which covers the longest run (size - 2) in fewer operations.  The square
    one step past the run is a move if it is empty.
    """
    empty = geo.full & ~(me | opp)
    doubles = geo.doubles
    moves = 0
    for shift, mask in geo.shifts:
        o = opp & mask
        two = shift + shift
        pairs = o & (o << shift)
        t = o & (me << shift)
        t |= o & (t << shift)
        for _ in range(doubles):
            t |= pairs & (t << two)
        moves |= empty & (t << shift)
        pairs = o & (o >> shift)
        t = o & (me >> shift)
        t |= o & (t >> shift)
        for _ in range(doubles):
            t |= pairs & (t >> two)
        moves |= empty & (t >> shift)
    return moves


def flips(sq: int, me: int, opp: int, geo: Geometry) -> int:
    """The enemy discs a disc of ``me`` on ``sq`` flips (0 if the move is illegal).

    On each ray the first square that is not an enemy disc decides: if it is ours, the enemy
    discs before it flip.  Towards higher indices that square is the lowest set bit of
    ``ray & ~opp``; towards lower indices it is the highest.
    """
    flipped = 0
    for ray, upward in geo.rays[sq]:
        stop = ray & ~opp
        if not stop:
            continue
        if upward:
            b = stop & -stop
            if b & me:
                flipped |= ray & (b - 1)
        else:
            b = 1 << (stop.bit_length() - 1)
            if b & me:
                flipped |= ray & -(b << 1)  # the ray squares above b
    return flipped


def perft(me: int, opp: int, depth: int, geo: Geometry) -> int:
    """Leaves ``depth`` plies below a position (a pass is a move; a finished game is a leaf)."""
    moves = move_mask(me, opp, geo)
    if not moves:
        if not move_mask(opp, me, geo):
            return 1
        return 1 if depth == 1 else perft(opp, me, depth - 1, geo)
    if depth == 1:
        return moves.bit_count()
    total = 0
    rays = geo.rays
    while moves:
        b = moves & -moves
        moves ^= b
        f = 0
        for ray, upward in rays[b.bit_length() - 1]:  # flips(), inlined: perft is a benchmark
            stop = ray & ~opp
            if stop:
                if upward:
                    s = stop & -stop
                    if s & me:
                        f |= ray & (s - 1)
                else:
                    s = 1 << (stop.bit_length() - 1)
                    if s & me:
                        f |= ray & -(s << 1)
        total += perft(opp ^ f, me | f | b, depth - 1, geo)
    return total


class ReversiState(State):
    __slots__ = ("game", "boards", "to_move", "_moves", "_opp_moves")

    def __init__(self, game: Reversi, boards: tuple[int, int], to_move: int) -> None:
        self.game = game
        self.boards = boards  # (black, white)
        self.to_move = to_move
        self._moves: int | None = None
        self._opp_moves: int | None = None

    # -- bitboards ---------------------------------------------------------------------------
    @property
    def mover(self) -> int:
        return self.boards[self.to_move]

    @property
    def opponent(self) -> int:
        return self.boards[1 - self.to_move]

    def move_mask(self) -> int:
        """Squares the side to move may play (0 when it must pass or the game is over)."""
        if self._moves is None:
            self._moves = move_mask(self.mover, self.opponent, self.game.geo)
        return self._moves

    def opponent_move_mask(self) -> int:
        if self._opp_moves is None:
            self._opp_moves = move_mask(self.opponent, self.mover, self.game.geo)
        return self._opp_moves

    def empties(self) -> int:
        return self.game.geo.cells - (self.boards[0] | self.boards[1]).bit_count()

    # -- the contract ------------------------------------------------------------------------
    def legal_moves(self) -> list[int]:
        moves = self.move_mask()
        if moves:
            return squares(moves)
        return [] if not self.opponent_move_mask() else [PASS]

    def must_pass(self) -> bool:
        """True when the only legal move is a pass."""
        return not self.move_mask() and bool(self.opponent_move_mask())

    def play(self, move: int) -> ReversiState:
        me, opp = self.mover, self.opponent
        if is_exactly(move, PASS):
            if not self.must_pass():
                raise IllegalMove(self.game.why_illegal(self, move))
            return ReversiState(self.game, self.boards, 1 - self.to_move)
        geo = self.game.geo
        if not is_index(move, geo.cells) or not self.move_mask() >> move & 1:
            raise IllegalMove(self.game.why_illegal(self, move))
        f = flips(move, me, opp, geo)
        me |= f | (1 << move)
        opp ^= f
        boards = (me, opp) if self.to_move == 0 else (opp, me)
        return ReversiState(self.game, boards, 1 - self.to_move)

    def is_terminal(self) -> bool:
        return not self.move_mask() and not self.opponent_move_mask()

    def score(self) -> tuple[int, int]:
        return self.boards[0].bit_count(), self.boards[1].bit_count()

    def winner(self) -> int | None:
        if not self.is_terminal():
            return None
        black, white = self.score()
        return 0 if black > white else 1 if white > black else None

    def key(self) -> tuple[int, int, int]:
        return (self.boards[0], self.boards[1], self.to_move)

    def final_margin(self) -> int | None:
        """The margin tournament Othello (the World Othello Federation, WZebra, Edax) counts: the
        empty squares of a game that ended before the board filled go to the winner (a draw
        shares them: 0); None while the game goes on."""
        if not self.is_terminal():
            return None
        black, white = self.score()
        return abs(black - white) + (self.empties() if black != white else 0)

    def end_reason(self) -> str:
        """Who won and the disc count; a game that ends with empty squares adds the count that
        tournament Othello gives it (``final_margin``: those squares to the winner, or shared
        half and half in a draw, as the WOF rules say: "Draw 1 - 1" of a 62-empty draw read as
        if the board had been counted, where a tournament scores it 32 - 32)."""
        if not self.is_terminal():
            return ""
        black, white = self.score()
        if black == white == 0:  # only a set-up board: "Draw 32 - 32" (the WOF count) said nothing of it
            return "No discs on the board"
        w = self.winner()
        if w is None:
            said = f"Draw {black} - {white}"
            shared = black + self.empties() // 2  # a draw leaves an even number of empty squares
            return f"{said} ({shared} - {shared} with the empty squares shared)" if self.empties() else said
        won, lost = max(black, white), min(black, white)
        said = f"{self.game.sides[w]} wins {won} - {lost}"
        counted = self.final_margin() + lost
        return f"{said} ({counted} - {lost} with the empty squares to the winner)" if counted != won else said


class Reversi(Game):
    info = INFO

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.size: int = self.options["size"]
        self.geo = geometry(self.size)

    def initial_state(self) -> ReversiState:
        return ReversiState(self, self.geo.start(), 0)

    def format_move(self, state: State, move: int) -> str:
        return "pass" if move == PASS else cell_name(move, self.size)

    def parse_move(self, state: ReversiState, text: str) -> int:
        if state.is_terminal():
            raise IllegalMove(f"{text!r}: the game is over")
        if text.strip().lower() in PASS_WORDS:
            move = PASS
        else:
            move = parse_cell(text, self.size, self.size, like=NOT_A_MOVE)
        if move != PASS and state.must_pass():
            raise IllegalMove(f"{text!r}: you have no legal move, so you must pass")
        if move not in state.legal_moves():
            raise IllegalMove(self.why_illegal(state, move))
        return move

    def is_move_value(self, move: object) -> bool:
        """A move is a square of this board by its index, or the pass."""
        return is_exactly(move, PASS) or is_index(move, self.geo.cells)

    def rules_reason(self, state: ReversiState, move: int) -> str:
        """"d4 is already taken", "a1 flips no discs", or why a pass is not allowed here."""
        if state.is_terminal():
            return "the game is over"
        if move == PASS:
            return "pass is only legal when you have no other move"
        name = cell_name(move, self.size)
        return f"{name} is already taken" if (state.boards[0] | state.boards[1]) >> move & 1 else f"{name} flips no discs"

    def implied_move(self, state: ReversiState) -> int | None:
        """The pass of a side with no placement: transcripts (``f5d6c3...``) leave it out."""
        return PASS if state.must_pass() else None

    def too_early_to_agree(self, state: ReversiState) -> bool:
        """Fewer than 5/16 of the squares hold discs (20 on 8x8): until then a Reversi game's disc
        counts say nothing (they swing from move to move) and no side has taken an edge, so
        players, and engines, play on rather than agree a draw."""
        return sum(state.score()) < self.size * self.size * 5 // 16

    def opening_name(self, moves: Sequence[str], start: State | None = None) -> str | None:
        """The Othello opening's name ("Tiger"): on the 8x8 board only, the size the names are for
        (games/reversi_openings.py); from a set-up ``start`` too, named by its position, as a
        book's diagram set up in the editor is the opening it shows."""
        if self.size != 8:
            return None
        from games.reversi_openings import opening_name

        return opening_name(moves, None if start is None else start.key())

    def transcript(self, moves: Sequence[str]) -> str:
        """The game as WZebra and Edax write it and read it back: the squares run together,
        ``f5d6c3d3``, passes left out (``implied_move`` puts them back)."""
        return "".join(move for move in moves if move != "pass")

    def text_cells(self) -> TextCells:
        """A square is empty (as the editor shows it, "."), "X" (Black) or "O" (White); the side to
        move is the text's last letter."""
        return TextCells(self.size, self.size, (".", *SIDE_CHARS), tuple(SIDE_CHARS), side_at_end=True)

    def to_text(self, state: ReversiState) -> str:
        black, white = state.boards
        cells = "".join(
            "X" if black >> i & 1 else "O" if white >> i & 1 else "-" for i in range(self.geo.cells)
        )
        return f"{cells} {SIDE_CHARS[state.to_move]}"

    def from_text(self, text: str) -> ReversiState:
        chars = "".join(text.split(";", 1)[0].split()).upper()  # an OBF line's moves and scores left out
        n = self.geo.cells
        if len(chars) != n + 1:
            got = f"{len(chars)} character" + ("" if len(chars) == 1 else "s")
            raise IllegalMove(self._rows_problem(text)
                              or f"expected {n} squares ({cell_symbols(SIDE_CHARS)}) and the side to move (X or O), "
                                 f"got {got}")
        board, side = chars[:n], chars[n]
        if side not in SIDE_CHARS:
            raise IllegalMove(f"side to move {side!r} is not X or O")
        black = white = 0
        for i, ch in enumerate(board):
            if ch == "X":
                black |= 1 << i
            elif ch == "O":
                white |= 1 << i
            elif ch not in "-.":
                # an empty square: "-" as the game writes it, "." as the position editor shows it and
                # every game's refusal names it (``cell_symbols``)
                raise IllegalMove(f"square {cell_name(i, self.size)}: {ch!r} is not {cell_symbols(SIDE_CHARS)}")
        return ReversiState(self, (black, white), SIDE_CHARS.index(side))

    def _rows_problem(self, text: str) -> str | None:
        """What is wrong with a board of the wrong length laid out in rows (as the position editor
        shows it): the first row of another length, or the side-to-move line left out; None for
        a board on one line, or rows of the right length that are too few or too many.  The count
        of characters alone ("expected 64 squares ..., got 64 characters" for a row one short)
        did not say where to look."""
        lines = ["".join(line.split()).upper() for line in text.split(";", 1)[0].splitlines() if line.strip()]
        if len(lines) < 2:
            return None
        rows = lines[:-1] if len(lines[-1]) == 1 else lines  # the last line: the side to move, if a letter alone
        for number, row in enumerate(rows, 1):
            if len(row) != self.size:
                return f"row {number} has {len(row)} squares, not {self.size}"
        if rows is lines and len(rows) == self.size:
            return "the side to move (X or O) is missing after the board"
        return None

    def perft(self, state: ReversiState, depth: int) -> int:
        """Leaves ``depth`` plies below ``state``, counted on the bitboards (no State objects)."""
        if depth == 0:
            return 1
        return perft(state.mover, state.opponent, depth, self.geo)


GAME = Reversi
