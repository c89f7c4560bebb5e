"""Victory by continuous fours (VCF) on m,n,k boards: a threat-space search for level-5.

A *four* is a line of the board with ``k - 1`` marks of one side and its last square empty (no
mark of the other side): the other side must play that square at once or lose.  A VCF is a
sequence of the attacker's fours, each answered by the defender's one reply, that ends in a
five (k in a row) or in a double four, two squares completing two lines, of which the defender
can block only one (a four-three reaches one too: the three becomes an open four after the
block).  Allis's threat-space search (1994) proved freestyle 15x15 Gomoku a first-player win
with such sequences; a fixed-depth alpha-beta walks past them because each reply is forced and
the win lies beyond its horizon, while the search here looks only at the few moves that make a
four, so it reaches ten or more of the attacker's moves in milliseconds.

Along the way a defender's forced reply may make a four of its own: the attacker must then
block it, and goes on only if that block is a four too (else the sequence is broken).  Overlines
win, as the game's rules say (a line longer than k contains a k-line).

The search knows the board only through the game's k-lines (``TicTacToe.lines``): bitmasks of
squares, a side's marks a Python int.
"""

from __future__ import annotations

from ai.base import Clock
from games.grid import squares
from games.tictactoe import TicTacToe

MAX_FOURS = 12  # the attacker's fours in one sequence at most
NODE_BUDGET = 5_000  # positions one search may visit (about a second on 15x15); past it, no answer


class OutOfBudget(Exception):
    """The search visited its node budget, or its clock ran out or was stopped, before an answer."""


def _scan(game: TicTacToe, attacker: int, defender: int) -> tuple[int, int, dict[int, int]]:
    """One pass over the lines: (the squares that complete an attacker's line, the squares that
    complete a defender's line, {square: how many attacker's lines it would make a four of})."""
    k = game.k
    wins = threats = 0
    fours: dict[int, int] = {}
    for line in game.lines:
        mine, theirs = line & attacker, line & defender
        if mine and not theirs:
            count = mine.bit_count()
            if count == k - 1:
                wins |= line ^ mine
            elif count == k - 2:
                empty = line ^ mine
                while empty:
                    low = empty & -empty
                    square = low.bit_length() - 1
                    fours[square] = fours.get(square, 0) + 1
                    empty ^= low
        elif theirs and not mine and theirs.bit_count() == k - 1:
            threats |= line ^ theirs
    return wins, threats, fours


class VCFSearch:
    """Searches one side's victory by continuous fours; keeps the positions it found lost.

    ``find(attacker, defender)`` answers for the attacker to move: the sequence of moves, the
    attacker's and the defender's replies alternating, ending on the attacker's completing move,
    or None when there is none within ``max_fours`` fours.  OutOfBudget when ``max_nodes`` ran
    out, or the ``clock`` (its time, or its stop flag: the window's cancel) first: neither a win
    nor its absence.
    """

    def __init__(self, game: TicTacToe, max_fours: int = MAX_FOURS, max_nodes: int = NODE_BUDGET,
                 clock: Clock | None = None) -> None:
        self.game, self.max_fours, self.max_nodes, self.clock = game, max_fours, max_nodes, clock
        self.nodes = 0
        # (attacker, defender) -> (fours searched without a win, whether no sequence was cut short
        # by that count: then there is none with any number of fours)
        self._failed: dict[tuple[int, int], tuple[int, bool]] = {}
        self._cut = False  # a sequence was cut short by the count of fours during this pass

    def find(self, attacker: int, defender: int) -> list[int] | None:
        """The shortest sequence first (deepening one four at a time: the positions found lost are
        kept, so the shallower passes cost little); a short one is the surest and the quickest win.
        A pass that cut no sequence short by its count of fours has tried them all: no deeper one."""
        for fours in range(1, self.max_fours + 1):
            self._cut = False
            line = self._attack(attacker, defender, fours)
            if line is not None or not self._cut:
                return line
        return None

    def _count_node(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise OutOfBudget(f"{self.max_nodes} positions")
        if self.clock is not None and self.clock.out_of_time():
            raise OutOfBudget("the clock")

    def _attack(self, attacker: int, defender: int, fours_left: int) -> list[int] | None:
        self._count_node()
        wins, threats, fours = _scan(self.game, attacker, defender)
        if wins:
            return [squares(wins)[0]]
        if threats & (threats - 1):
            return None  # two of the defender's fours cannot both be blocked
        if threats:  # the defender's four must be blocked, and the block must be a four itself
            candidates = [s for s in squares(threats) if s in fours]
        else:
            candidates = sorted(fours, key=lambda s: (-fours[s], s))  # double fours first
        if not candidates:
            return None
        known = self._failed.get((attacker, defender))
        if fours_left == 0 or (known is not None and (known[1] or known[0] >= fours_left)):
            self._cut |= known is None or not known[1]  # fours were left to play, or were last time
            return None
        outer, self._cut = self._cut, False
        for move in candidates:
            line = self._after_four(attacker | 1 << move, defender, fours_left)
            if line is not None:
                self._cut |= outer
                return [move] + line
        self._failed[(attacker, defender)] = (fours_left, not self._cut)
        self._cut |= outer
        return None

    def _after_four(self, attacker: int, defender: int, fours_left: int) -> list[int] | None:
        """The attacker has just made a four (the defender has none to win with): the rest of the
        sequence from the defender's forced reply, or None."""
        replies = squares(completing(self.game, attacker, defender))
        if len(replies) >= 2:  # a double four: whichever the defender blocks, the other completes
            return [replies[0], replies[1]]
        block = replies[0]
        rest = self._attack(attacker, defender | 1 << block, fours_left - 1)
        return None if rest is None else [block] + rest


def completing(game: TicTacToe, marks: int, blockers: int) -> int:
    """The bitmask of empty squares that complete a line of ``marks`` free of ``blockers``."""
    k, squares = game.k, 0
    for line in game.lines:
        if not line & blockers:
            mine = line & marks
            if mine.bit_count() == k - 1:
                squares |= line ^ mine
    return squares


def four_squares(game: TicTacToe, attacker: int, defender: int) -> list[int]:
    """The empty squares where the attacker, playing, would make a four (lowest first)."""
    return sorted(_scan(game, attacker, defender)[2])


def vcf(game: TicTacToe, attacker: int, defender: int, max_fours: int = MAX_FOURS, max_nodes: int = NODE_BUDGET,
        clock: Clock | None = None) -> list[int] | None:
    """The attacker's (to move) victory by continuous fours: the moves of both sides in turn, the
    last completing a line; None if there is none within ``max_fours``.  OutOfBudget past
    ``max_nodes`` positions or the ``clock``."""
    return VCFSearch(game, max_fours, max_nodes, clock).find(attacker, defender)
