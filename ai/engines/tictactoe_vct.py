"""Victory by continuous threats (VCT) on m,n,k boards: level-5's threat-space search with threes.

A *threat* is a move after which its side, were it to move again, would win by continuous fours
(a VCF, ai/engines/tictactoe_threats.py): an open three in five in a row (the open four it makes
next is a double four), a broken three, or a move that sets up a longer run of fours.  The other
side must answer it.  A VCT is a sequence of threats and fours, each answered, that ends in a
run of fours: the attack of Allis's threat-space search (1994), which a fixed-depth alpha-beta
does not see because the win lies beyond its horizon.

The defender's answers to a threat are restricted, as in threat-space search, but here without
losing soundness: the search takes the run of fours the threat sets up (as if the defender
passed) and tries only the squares of that run and the squares of the lines the defender could
turn into a four of its own along it (no attacker's mark, k-2 of the defender's marks counting
its replies in the run).  Any other move leaves the run playing out as before, so it loses.
Each answer tried must itself be beaten by the attacker's next threat: a win the search reports
holds against every defence (tests/test_tictactoe_vct.py replays them against every reply).

It knows the board only through the k-lines' bitboards, as the VCF search does, and shares that
search's scans and its positions found lost.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import or_

from ai.base import Clock
from ai.engines.tictactoe_threats import VCFSearch, completing, ends_of_lines, scan
from games.grid import squares
from games.tictactoe import TicTacToe

MAX_THREATS = 3  # the attacker's threats (threes, or fours that set one up) before its last run of fours
THREAT_FOURS = 2  # a threat is a move after which a run of this many fours or fewer would win
NODE_BUDGET = 20_000  # positions one search may visit, its runs of fours' included; past it, no answer


class VCTSearch:
    """Searches one side's victory by continuous threats; keeps the positions it found lost.

    ``find(attacker, defender)`` answers for the attacker to move: a line of play, the attacker's
    moves and one defence to each alternating, ending on the attacker's completing move (the
    first move is the one that wins against every defence), or None when there is none with up to
    ``max_threats`` threats before a run of fours.  OutOfBudget (tictactoe_threats) when the node
    budget or the ``clock`` (its time, or its stop flag) ran out first: neither a win nor its absence.
    """

    def __init__(self, game: TicTacToe, max_threats: int = MAX_THREATS, max_nodes: int = NODE_BUDGET,
                 clock: Clock | None = None) -> None:
        self.game, self.max_threats = game, max_threats
        self.fours = VCFSearch(game, max_nodes=max_nodes, clock=clock)
        self._lost: dict[tuple[int, int, int], int] = {}  # (attacker to move, defender, related) -> threats searched without a win
        self._threats: dict[tuple[int, int], tuple[list[int], list[int]] | None] = {}

    @property
    def nodes(self) -> int:
        """Positions visited so far, the runs of fours' included."""
        return self.fours.nodes

    def find(self, attacker: int, defender: int) -> list[int] | None:
        """The line with the fewest threats first (a run of fours alone, then one threat before
        it, ...): the shortest win is the surest, and the shallow passes cost little."""
        for threats in range(self.max_threats + 1):
            line = self._attack(attacker, defender, threats, self.game.full)
            if line is not None:
                return line
        return None

    def threat(self, attacker: int, defender: int) -> tuple[list[int], list[int]] | None:
        """With the defender to move: the attacker's run of up to ``THREAT_FOURS`` fours were it to
        move again (an open three's is one four, then a double four), and the
        defender's moves that may stop it (``defences``); None when it has no such run."""
        key = (attacker, defender)
        if key not in self._threats:
            line = self.fours.find(attacker, defender, THREAT_FOURS)
            self._threats[key] = None if line is None else (line, self.defences(attacker, defender, line))
        return self._threats[key]

    def defences(self, attacker: int, defender: int, line: list[int]) -> list[int]:
        """The defender's moves that may stop the attacker's run of fours ``line`` (the attacker
        to move after them): the squares of the run, the attacker's first, then the empty squares
        of the lines where the defender, with its replies in the run, would have k-2 marks or more
        and no attacker's mark (there one more mark makes a four the attacker must answer).  Any
        other move changes nothing the run needs."""
        replies = defender
        for square in line[1::2]:
            replies |= 1 << square
        empty = self.game.full & ~(attacker | defender)
        counters = ends_of_lines(self.game, replies, attacker, 2) & empty
        return list(dict.fromkeys(line + squares(counters & ~_mask(line))))

    def _attack(self, attacker: int, defender: int, threats_left: int, related: int) -> list[int] | None:
        """The attacker to move: its winning line with up to ``threats_left`` threats, each on a
        line through an earlier one (``related``: the squares of those lines), or None.  A block
        of the defender's four is not counted: the defender's fours are how it answers threats
        (a double three still wins after the defender has played out its fours)."""
        self.fours.count_node()
        key = (attacker, defender, related)
        known = self._lost.get(key)
        if known is not None and known >= threats_left:
            return None
        wins, blocks, _ = scan(self.game, attacker, defender)
        if wins:
            return [squares(wins)[0]]
        if blocks & (blocks - 1):
            return None  # two of the defender's fours cannot both be blocked
        line = self.fours.find(attacker, defender)
        if line is not None or (threats_left == 0 and not blocks):
            return line
        if blocks:  # forced, so no threat of the count: the threats made before may still stand
            rest = self._defend(attacker | blocks, defender, threats_left, related)
            return None if rest is None else squares(blocks) + rest
        for move in self._threat_moves(attacker, defender, related):
            rest = self._defend(attacker | 1 << move, defender, threats_left - 1, _reach(self.game)[move])
            if rest is not None:
                return [move] + rest
        self._lost[key] = threats_left
        return None

    def _threat_moves(self, attacker: int, defender: int, related: int) -> list[int]:
        """The attacker's moves that make a threat, those the defender has the fewest answers to
        first: the squares of the lines (free of the defender) a mark takes to a four or a three,
        among the ``related`` squares."""
        k = self.game.k
        found = []
        for move in squares(ends_of_lines(self.game, attacker, defender, min(3, k - 1)) & related):
            threat = self.threat(attacker | 1 << move, defender)
            if threat is not None:
                found.append((len(threat[1]), move))
        return [move for _, move in sorted(found)]

    def _defend(self, attacker: int, defender: int, threats_left: int, related: int) -> list[int] | None:
        """The defender to move after the attacker's threat or four: the attacker's line against
        every defence (one shown), or None when a defence holds or there was no threat."""
        self.fours.count_node()
        if completing(self.game, defender, attacker):
            return None  # the defender wins at once
        fours = squares(completing(self.game, attacker, defender))
        if len(fours) >= 2:  # a double four: whichever the defender blocks, the other completes
            return fours[:2]
        if fours:
            rest = self._attack(attacker, defender | 1 << fours[0], threats_left, related)
            return None if rest is None else [fours[0]] + rest
        threat = self.threat(attacker, defender)
        if threat is None:
            return None
        shown = None
        for move in threat[1]:
            rest = self._attack(attacker, defender | 1 << move, threats_left, related)
            if rest is None:
                return None
            shown = shown or [move] + rest
        return shown


@lru_cache(maxsize=32)
def _reach(game: TicTacToe) -> tuple[int, ...]:
    """For each square, the squares of the k-lines through it: where a threat that builds on a
    mark there can be (threat-space search's dependency: a threat unrelated to the one before
    could have been played first)."""
    return tuple(reduce(or_, lines, 0) for lines in game.lines_through)


def _mask(moves: list[int]) -> int:
    mask = 0
    for move in moves:
        mask |= 1 << move
    return mask


def vct(game: TicTacToe, attacker: int, defender: int, max_threats: int = MAX_THREATS,
        max_nodes: int = NODE_BUDGET, clock: Clock | None = None) -> list[int] | None:
    """The attacker's (to move) victory by continuous threats: a line of play (one defence to
    each move shown) whose first move wins against every defence; None if there is none within
    ``max_threats`` threats.  OutOfBudget past ``max_nodes`` positions or the ``clock``."""
    return VCTSearch(game, max_threats, max_nodes, clock).find(attacker, defender)
