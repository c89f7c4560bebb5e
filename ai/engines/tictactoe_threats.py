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

from functools import lru_cache

from ai.base import Clock
from games.grid import squares
from games.tictactoe import TicTacToe

MAX_FOURS = 12  # the attacker's fours in one sequence at most
NODE_BUDGET = 5_000  # positions one search may visit (about a second on 15x15); past it, no answer


class OutOfBudget(Exception):
    """The search visited its node budget, or its clock ran out or was stopped, before an answer."""


@lru_cache(maxsize=32)
def _directions(game: TicTacToe) -> tuple[tuple[int, int], ...]:
    """The board's line directions, each as (step, starts): the step between the squares of a
    k-line in that direction, and the bitmask of the squares where such a line begins (its lowest
    square).  ``(marks >> j * step) & starts`` then holds, at each line's start, whether the
    line's j-th square is marked: every line of a direction is looked at in one operation."""
    starts: dict[int, int] = {}
    for line in game.lines:
        low = line & -line
        second = (line ^ low) & -(line ^ low)
        step = second.bit_length() - low.bit_length()
        starts[step] = starts.get(step, 0) | low
    return tuple(starts.items())


def _empty_counts(game: TicTacToe, attacker: int, defender: int):
    """Direction by direction, every line at once: (step, the starts of the lines free of the
    defender, those free of the attacker, those with an empty square, with two, with three, and
    for each j < k the starts of the lines whose j-th square is empty).  The empty squares are
    counted with bit-sliced counters, a bitmask for each count."""
    k, empty = game.k, game.full & ~(attacker | defender)
    for step, starts in _directions(game):
        no_defender = no_attacker = starts
        one = two = three = 0
        free = []
        for j in range(k):
            shift = j * step
            no_defender &= ~(defender >> shift)
            no_attacker &= ~(attacker >> shift)
            here = (empty >> shift) & starts
            free.append(here)
            three |= two & here
            two |= one & here
            one |= here
        yield step, no_defender, no_attacker, one, two, three, free


def _ends(step: int, lines: int, free: list[int]) -> int:
    """The empty squares of ``lines`` (bitmask of their starts in the direction of ``step``)."""
    found = 0
    for j, empty in enumerate(free):
        found |= (lines & empty) << j * step
    return found


def completing(game: TicTacToe, marks: int, blockers: int) -> int:
    """The bitmask of empty squares that complete a line of ``marks`` free of ``blockers``."""
    return ends_of_lines(game, marks, blockers, 1)


def ends_of_lines(game: TicTacToe, marks: int, blockers: int, most_empty: int) -> int:
    """The empty squares of the lines free of ``blockers`` that have from one to ``most_empty``
    empty squares (the rest ``marks``): with 1, the squares that complete a line; with 2, those
    that make a four (k-1 marks); with 3, those that make a three."""
    empty, found = game.full & ~(marks | blockers), 0
    for step, starts in _directions(game):
        lines, more, free = starts, [0] * (most_empty + 1), []
        for j in range(game.k):
            here = (empty >> j * step) & starts
            lines &= ~(blockers >> j * step)
            for count in range(most_empty, 0, -1):
                more[count] |= more[count - 1] & here
            more[0] |= here
            free.append(here)
        found |= _ends(step, lines & more[0] & ~more[most_empty], free)
    return found


def scan(game: TicTacToe, attacker: int, defender: int) -> tuple[int, int, dict[int, int]]:
    """(the squares that complete an attacker's line, the squares that complete a defender's
    line, {square: how many attacker's lines, up to 3, it would make a four of}), every line
    looked at direction by direction on the bitboards: a loop over 15x15's 572 lines took longer."""
    wins = threats = once = twice = thrice = 0
    for step, mine, theirs, one, two, three, free in _empty_counts(game, attacker, defender):
        wins |= _ends(step, mine & one & ~two, free)
        threats |= _ends(step, theirs & one & ~two, free)
        for j, empty in enumerate(free):
            ends = (mine & two & ~three & empty) << j * step
            thrice |= twice & ends
            twice |= once & ends
            once |= ends
    fours = {square: 1 + (twice >> square & 1) + (thrice >> square & 1) for square in squares(once)}
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

    def find(self, attacker: int, defender: int, max_fours: int | None = None) -> list[int] | None:
        """The shortest sequence first (deepening one four at a time: the positions found lost are
        kept, so the shallower passes cost little); a short one is the surest and the quickest win.
        A pass that cut no sequence short by its count of fours has tried them all: no deeper one.
        ``max_fours``, if given, bounds this search instead of the instance's."""
        for fours in range(1, (max_fours or self.max_fours) + 1):
            self._cut = False
            line = self._attack(attacker, defender, fours)
            if line is not None or not self._cut:
                return line
        return None

    def count_node(self) -> None:
        """One more position visited: OutOfBudget past the budget, the clock or the stop flag."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise OutOfBudget(f"{self.max_nodes} positions")
        if self.clock is not None and self.clock.out_of_time():
            raise OutOfBudget("the clock")

    def _attack(self, attacker: int, defender: int, fours_left: int) -> list[int] | None:
        self.count_node()
        wins, threats, fours = scan(self.game, attacker, defender)
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


def four_squares(game: TicTacToe, attacker: int, defender: int) -> list[int]:
    """The empty squares where the attacker, playing, would make a four (lowest first)."""
    return sorted(scan(game, attacker, defender)[2])


def vcf(game: TicTacToe, attacker: int, defender: int, max_fours: int = MAX_FOURS, max_nodes: int = NODE_BUDGET,
        clock: Clock | None = None) -> list[int] | None:
    """The attacker's (to move) victory by continuous fours: the moves of both sides in turn, the
    last completing a line; None if there is none within ``max_fours``.  OutOfBudget past
    ``max_nodes`` positions or the ``clock``."""
    return VCFSearch(game, max_fours, max_nodes, clock).find(attacker, defender)
