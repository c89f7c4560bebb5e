"""Tic-tac-toe (m,n,k) players: an open-lines evaluation, the five levels and the course's AIMA
player (ai/engines/tictactoe_course.py).

The evaluation counts, for every k-line on the board, how far each side is from filling it while
it is still open (no enemy mark in it); a line with more of one's own marks counts much more.
On boards of up to nine squares (3x3 and smaller) level-5 knows every position's value, solved
when first asked (a few thousand positions, milliseconds), so that its perfect play does not
depend on how much of its time a loaded machine gives its search.

Each level's description is a promise held by tests (tests/test_ui_levels.py): the weaker levels
are weaker by depth and randomness, never by skipping what they claim.  What a level claims
about wins in one and blocks is checked before its search (``Tactics``), so the randomness of
levels 2 and 3 can never drop a win or a block.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ai.base import LENGTH_KNOWN, WIN, Clock, Limits, Player, Progress, ProgressCallback
from ai.engines.tictactoe_course import aima_player
from ai.engines.tictactoe_threats import OutOfBudget, completing, four_squares, squares
from ai.engines.tictactoe_vct import VCTSearch
from ai.eval_scales import TICTACTOE_LINE_BASE
from ai.imports import import_engine
from ai.levels import player_table, random_level
from ai.search.alphabeta import AlphaBetaPlayer
from games.grid import king_neighbour_masks
from games.tictactoe import TicTacToe, TicTacToeState

if TYPE_CHECKING:
    from ai.move_values import MoveValues


@lru_cache(maxsize=32)
def _lines_through(game: TicTacToe) -> tuple[tuple[int, ...], ...]:
    """For each square, the indices of the k-lines that contain it."""
    through: list[list[int]] = [[] for _ in range(game.cells)]
    for index, line in enumerate(game.lines):
        for square in range(game.cells):
            if line >> square & 1:
                through[square].append(index)
    return tuple(tuple(t) for t in through)


class OpenLines:
    """Evaluator: each open line scores ``TICTACTOE_LINE_BASE`` (4, from ai/eval_scales.py, where
    the window's evaluation bar reads it) multiplied by itself once for each of the line's marks
    (a line of two marks scores 16, of three 64); the sum is own minus enemy, for the side to
    move; the side to move's lines count double, since it marks the next square: its line of k-1 is a win, the
    other side's only a square to block.  (Counting the other side's double instead, as once
    here, made every even-depth search, which evaluates with its own side to move, fear lines it
    could block at leisure: on 7x6 four in a row level-4 then lost more games than it won against
    level-3; docs/tuning/tictactoe.md.)

    Only lines through occupied squares can score, so those are the only ones visited: on a
    15x15 board with a few marks that is a small fraction of the 572 lines.  With a mark of each
    side in every line nobody can win any more: 0, a draw (the move's +1 made such a position
    "better" for whichever side a search's depth left to move, X at one depth and O at the next).
    """

    def evaluate(self, state: TicTacToeState) -> float:
        game: TicTacToe = state.game
        me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
        through, lines = _lines_through(game), game.lines
        seen: set[int] = set()
        taken = me | them
        while taken:
            low = taken & -taken
            seen.update(through[low.bit_length() - 1])
            taken ^= low
        score = blocked = 0
        for index in seen:
            line = lines[index]
            mine, theirs = me & line, them & line
            if mine and not theirs:
                score += TICTACTOE_LINE_BASE ** mine.bit_count() * 2
            elif theirs and not mine:
                score -= TICTACTOE_LINE_BASE ** theirs.bit_count()
            elif mine and theirs:
                blocked += 1
        if blocked == len(lines):
            return 0  # no line can be completed any more: a draw, with no initiative to have
        return score + 1  # the side to move has the initiative

    def candidate_moves(self, state: TicTacToeState, moves: list[int]) -> list[int]:
        """On boards of more than 16 squares only squares next to a mark matter to the search (as
        in Gomoku programs); on boards of more than ``BEAM_CELLS`` squares only the ``BEAM_WIDTH``
        of them that do most for the lines through them (``line_gain``), best first."""
        game: TicTacToe = state.game
        taken = state.boards[0] | state.boards[1]
        if game.cells <= 16 or not taken:
            return moves
        near = king_neighbour_masks(game.width, game.height)
        close = [m for m in moves if near[m] & taken]
        if not close or game.cells <= BEAM_CELLS:
            return close or moves
        me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
        gains = line_gains(game, me, them, close)
        return sorted(close, key=gains.__getitem__, reverse=True)[:BEAM_WIDTH]


BEAM_CELLS = 49  # boards of more squares (8x8 and up) search only the best squares: ``BEAM_WIDTH``
BEAM_WIDTH = 10  # on 15x15 a depth-4 search of every square next to a mark took 10 s a move


def line_gains(game: TicTacToe, me: int, them: int, moves: list[int]) -> dict[int, int]:
    """For each of ``moves``, what the square does for the lines through it, for either side (as
    Gomoku programs rank squares: where the opponent would gain is where to stop them):
    for each line still open to the side to move, ``TICTACTOE_LINE_BASE`` multiplied by itself
    once for each of the line's marks and once more for the square's own, and the same for the
    other side's.  A square completing a line of either side's k-1 counts most, then one making or stopping a
    four; the search tries them first, so the beam never cuts a win, a block or a threat."""
    through = game.lines_through
    gains = {}
    for move in moves:
        gain = 0
        for line in through[move]:
            mine, theirs = line & me, line & them
            if not theirs:
                gain += TICTACTOE_LINE_BASE ** (mine.bit_count() + 1)
            if not mine:
                gain += TICTACTOE_LINE_BASE ** (theirs.bit_count() + 1)
        gains[move] = gain
    return gains


def completing_squares(game: TicTacToe, marks: int, blockers: int) -> list[int]:
    """The empty squares that would complete a line of ``marks`` (no ``blockers`` in it)."""
    return squares(completing(game, marks, blockers))


def winning_moves(state: TicTacToeState, moves: list[int] | None = None) -> list[int]:
    """The moves that win at once for the side to move (found line by line: on 19x19, trying
    every move and looking for a winner took 30 ms, a seventh of a 0.2 s move)."""
    me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
    wins = completing_squares(state.game, me, them)
    return wins if moves is None else [m for m in wins if m in moves]


def threats_against(state: TicTacToeState) -> list[int]:
    """The squares where the opponent would win at once if it were their turn."""
    me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
    return completing_squares(state.game, them, me)


def fork_squares(game: TicTacToe, marks: int, blockers: int) -> dict[int, int]:
    """The empty squares where ``marks``' side, playing there, would threaten to complete two lines
    or more at once (an open three in five in a row): each with the bitmask of the lines' empty
    squares, where a mark of the other side spoils one of those threats."""
    threatened: dict[int, set[int]] = {}
    spoilers: dict[int, int] = {}
    for line in game.lines:
        if line & blockers:
            continue
        empty = line & ~marks
        if empty.bit_count() != 2:
            continue
        low = empty & -empty
        first, second = low.bit_length() - 1, (empty ^ low).bit_length() - 1
        for square, other in ((first, second), (second, first)):
            threatened.setdefault(square, set()).add(other)
            spoilers[square] = spoilers.get(square, 0) | empty
    return {square: spoilers[square] for square, others in threatened.items() if len(others) >= 2}


def stopping_forks(state: TicTacToeState, moves: list[int]) -> list[int] | None:
    """On a board of more than 16 squares, where the opponent could next play a double threat
    (one cannot block both): the ``moves`` after which they no longer can, fork squares first;
    None when they have no such square.  An empty list: no one move stops them all."""
    game: TicTacToe = state.game
    me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
    if game.cells <= 16:
        return None
    forks = fork_squares(game, them, me)
    if not forks:
        return None
    spoilers = 0
    for mask in forks.values():
        spoilers |= mask
    stopping = [m for m in moves if spoilers >> m & 1 and not fork_squares(game, them, me | 1 << m)]
    return sorted(stopping, key=lambda m: m not in forks)


def makes_threat(state: TicTacToeState, move: int) -> bool:
    """Whether ``move`` leaves its side a square that completes a line (the opponent must answer)."""
    me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
    return bool(completing_squares(state.game, me | 1 << move, them))


THREAT_SHARE = 0.1  # of a move's time, for level-5's search of its own VCT before its alpha-beta
DEFENCE_SHARE = 0.15  # of a move's time, for its search of the opponent's after the alpha-beta's move
DEFENCE_THREATS = 2  # the opponent's threats before its run of fours that level-5's defence looks for


def threat_clock(limits: Limits | None, share: float = THREAT_SHARE) -> Clock:
    """The clock of one threat search: a ``share`` of the move's time (none without a time: then
    the search's node budget bounds it), stopped with the move (the window's cancel)."""
    limits = limits or Limits()
    seconds = None if limits.time is None else share * limits.time
    return Clock(Limits(time=seconds, stop=limits.stop), every=16)


def own_vct(state: TicTacToeState, clock: Clock) -> list[int]:
    """On a board of more than 16 squares, the first move of the mover's victory by continuous
    threats (a run of fours, or threes and fours leading to one: ai/engines/tictactoe_vct.py),
    if one is found within the clock; else nothing."""
    game: TicTacToe = state.game
    if game.cells <= 16:
        return []
    try:
        line = VCTSearch(game, clock=clock).find(state.boards[state.to_move], state.boards[1 - state.to_move])
    except OutOfBudget:
        return []
    return line[:1] if line else []


def stopping_vct(state: TicTacToeState, moves: list[int], preferred: int, clock: Clock) -> list[int] | None:
    """On a board of more than 16 squares, where the opponent would win by continuous threats
    after ``preferred`` (the search's move): a move after which it would not (the first found among
    the first squares of its line, the answers to its first threat, the mover's own fours, the
    squares of the search's beam, then the other ``moves``); when none is found, one after which it has at least no run of fours
    (the nearer loss), ``preferred`` first.  None when ``preferred`` leaves it no such win (or
    nothing is found within the clock); an empty list when no move found stops even the fours."""
    game: TicTacToe = state.game
    if game.cells <= 16:
        return None
    me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
    search = VCTSearch(game, max_threats=DEFENCE_THREATS, clock=clock)
    fallback: list[int] = []
    try:
        line = search.find(them, me | 1 << preferred)
        if line is None:
            return None
        if search.fours.find(them, me | 1 << preferred) is None:
            fallback = [preferred]
        threat = search.threat(them | 1 << line[0], me | 1 << preferred)
        answers = threat[1] if threat else []
        legal = set(moves)
        beam = OpenLines().candidate_moves(state, moves)
        candidates = dict.fromkeys(m for m in [*line[::2], *answers, *four_squares(game, me, them), *beam, *moves]
                                   if m in legal and m != preferred)
        for move in candidates:
            if search.find(them, me | 1 << move) is None:
                return [move]
            if not fallback and search.fours.find(them, me | 1 << move) is None:
                fallback = [move]
    except OutOfBudget:
        return fallback or None
    return fallback


def centre_opening(state: TicTacToeState) -> list[int]:
    """The centre, on an empty board of more than 16 squares; else nothing.  Gomoku programs open
    there, and renju's rules place the first stone there.  A search cannot tell: every square
    four or more from the edges lies on as many lines, and at even depths a corner looked best
    (its replies confined to the squares next to it)."""
    game: TicTacToe = state.game
    if game.cells <= 16 or state.boards[0] | state.boards[1]:
        return []
    return [game.move_order[0]]


SOLVED_CELLS = 9  # boards this small are solved outright: 3x3 has 5,478 positions


@lru_cache(maxsize=8)
def _solved_values(width: int, height: int, k: int) -> dict[tuple[int, int], int]:
    """The table ``perfect_moves`` fills: (the mover's marks, the other's) -> +1 / 0 / -1."""
    return {}


def _value(table: dict[tuple[int, int], int], lines: tuple[int, ...], full: int, me: int, them: int) -> int:
    """+1 / 0 / -1 for the side to move with marks ``me`` against ``them`` (who moved last),
    under perfect play; memoised in ``table``."""
    known = table.get((me, them))
    if known is not None:
        return known
    if any(them & line == line for line in lines):
        value = -1
    elif me | them == full:
        value = 0
    else:
        value, free = -1, full & ~(me | them)
        while free and value < 1:
            square = free & -free
            value = max(value, -_value(table, lines, full, them, me | square))
            free ^= square
    table[(me, them)] = value
    return value


def _solved_move_values(state: TicTacToeState) -> dict[int, int] | None:
    """Each legal move's exact value for the mover (+1 / 0 / -1); None on a board of more than
    ``SOLVED_CELLS`` squares or a finished game."""
    game: TicTacToe = state.game
    if game.cells > SOLVED_CELLS or state.is_terminal():
        return None
    table = _solved_values(game.width, game.height, game.k)
    me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
    return {m: -_value(table, game.lines, game.full, them, me | 1 << m) for m in state.legal_moves()}


def perfect_moves(state: TicTacToeState) -> list[int] | None:
    """The moves that keep the position's exact value, in the game's move order; None on a board
    of more than ``SOLVED_CELLS`` squares."""
    values = _solved_move_values(state)
    if values is None:
        return None
    best = max(values.values())
    return [m for m in state.legal_moves() if values[m] == best]


def first_drawing_move(state: TicTacToeState) -> int | None:
    """On a solved board whose value is a draw, the first drawing move in the game's move order
    (every one is as good as the others: a proven draw has no length to rank by); else None."""
    values = _solved_move_values(state)
    if not values or max(values.values()) != 0:
        return None
    return next(m for m in state.legal_moves() if values[m] == 0)


def rule_report(state: TicTacToeState, move: int, winning_line: bool = False, reason: str = "") -> Progress:
    """The report of a move a rule chose without a search, with what is proven of the position:
    a win in one (in 1 ply), a victory by continuous threats found (``winning_line``: a win of
    unknown length), or a solved board's exact value; so the panel says "proven: draw" rather than
    "chose b3" when the position's value is known; and the rule's ``reason`` (``RULE_REASONS``),
    so that a block the position's value does not explain still says why it was played."""
    report = Progress(best_move=move, depth=1, kind="rule", done=True, reason=reason)
    if move in winning_moves(state):
        report.proven, report.proven_plies, report.score = 1, 1, float(WIN - 1)
        return report
    values = _solved_move_values(state)
    proven = 1 if winning_line else max(values.values()) if values else None
    if proven is not None:
        report.proven, report.score = proven, float(proven * (WIN - LENGTH_KNOWN))
        report.proof = "threats" if winning_line else "solved"  # ``main.py analyse`` names it
    return report


def solved_hint_report(state: TicTacToeState, solved: MoveValues) -> Progress:
    """The report of a hint that analysis' proof chose (``Tactics._solved_hint``), in analysis'
    own terms, so ``main.py analyse`` says with and without ``--lines`` one thing: its length ("X
    wins in 5 plies"), its source (the exact solver's, which --lines names; it read "solved-board
    table" here), its principal variation ("b1 b3 a1 c3 c1", not "b1" alone), depth and nodes."""
    best = solved.best()
    return replace(rule_report(state, best.move), proven_plies=best.plies, score=float(best.proven * (WIN - best.plies)),
                   proof=best.source or "solver", pv=list(solved.best_line()), depth=best.depth, nodes=solved.nodes,
                   elapsed=solved.elapsed)


class Tactics(Player):
    """A level's promises about the next move, kept before its search: take a win in one
    (``win``); else stop the opponent's win in one (``block``; with two threats, one of them);
    open a big empty board in the centre (``centre``); on a board of more than 16 squares, play
    a victory by continuous threats (fours and threes) when it finds one (``threats``); on a
    solved board, never a move that gives away the position's value (``perfect``: the search's
    move if it keeps it, else the first that does); on a board of more than 16 squares, never leave
    the opponent a victory by continuous threats when a move found stops it, else at least not one
    by continuous fours (``threats`` again), nor a double threat to play
    when one move stops it (``forks``: the search's move if it does, or makes a threat of its own
    the opponent must answer first, else the first that stops it; a search that ends on an odd
    depth does not see the double threat's second half).  The threat searches take at most a
    ``THREAT_SHARE`` of the move's time (its own) and a ``DEFENCE_SHARE`` (the opponent's), and the
    search what is left."""

    def __init__(self, inner: Player, win: bool, block: bool, centre: bool = False, perfect: bool = False,
                 forks: bool = False, threats: bool = False) -> None:
        self.inner, self.info, self.win, self.block, self.centre = inner, inner.info, win, block, centre
        self.perfect, self.forks, self.threats = perfect, forks, threats

    @property
    def analysed_by(self) -> Player:
        """The search behind the rules: analysis values every move with it (a rule names a move,
        without the values of the others)."""
        return self.inner

    def choose(self, state: TicTacToeState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        moves = state.legal_moves()
        forced, reason = self._rule_move(state, moves)
        if not forced and limits is not None and limits.best:
            forced = self._drawing_hint(state)
            solved = None if forced else self._solved_hint(state, limits)
            if solved is not None:
                if progress is not None:
                    progress(solved_hint_report(state, solved))
                return solved.best().move
        search_limits, winning_line = limits, False
        if not forced and self.threats:
            clock = threat_clock(limits)
            forced = own_vct(state, clock)
            search_limits, winning_line = _time_left(limits, clock.elapsed()), bool(forced)
        if not forced:
            move = self.inner.choose(state, search_limits, progress)
            keeping, reason = self._keeping_moves(state, moves, move, limits)
            if keeping is None or move in keeping:
                return move
            forced = keeping
        if progress is not None:
            progress(rule_report(state, forced[0], winning_line, reason))
        return forced[0]

    def known_move(self, state: TicTacToeState) -> int | None:
        """A rule's move (a win in one, a block, the centre of an empty big board), else a drawn
        solved board's first drawing move (``first_drawing_move``): the moves ``choose`` names
        for a hint without its search."""
        if state.is_terminal():
            return None
        forced, _ = self._rule_move(state, state.legal_moves())
        return forced[0] if forced else (self._drawing_hint(state) or [None])[0]

    def _drawing_hint(self, state: TicTacToeState) -> list[int]:
        """A hint on a drawn solved board: the first drawing move, the one analysis ranks first
        among the equal draws, rather than the search's pick among them."""
        move = first_drawing_move(state) if self.perfect else None
        return [] if move is None else [move]

    def _solved_hint(self, state: TicTacToeState, limits: Limits) -> MoveValues | None:
        """A hint on a won or lost solved board: analysis' snapshot, whose first move (the quickest
        win, the slowest loss, the first in the game's order among moves of one length) the hint
        plays rather than the search's pick among moves of one length (c1 where analysis named b2,
        both wins in 5); None where analysis proved no length."""
        if not self.perfect or not _solved_move_values(state):
            return None
        from ai.move_values import analyse

        snapshot = analyse(state, "tictactoe", limits.stop, max_depth=len(state.legal_moves()), player=self)
        best = snapshot.best()
        return snapshot if best is not None and best.proven and best.plies is not None else None

    def _rule_move(self, state: TicTacToeState, moves: list[int]) -> tuple[list[int], str]:
        """The move a rule plays before any search, with its ``Progress.reason``: the centre of an
        empty big board, a win in one (its proof says why: no reason), else the block of the
        opponent's win in one (``block-one`` when they have more squares than one to win on)."""
        centre = centre_opening(state) if self.centre else []
        if centre:
            return centre, "centre"
        wins = winning_moves(state, moves)[:1] if self.win else []
        if wins:
            return wins, ""
        blocks = [m for m in threats_against(state) if m in moves] if self.block else []
        return blocks[:1], "block" if len(blocks) == 1 else "block-one" if blocks else ""

    def _keeping_moves(self, state: TicTacToeState, moves: list[int], move: int,
                       limits: Limits | None) -> tuple[list[int] | None, str]:
        """The moves that keep what the search's ``move`` might give away, with their reason
        (None when any move will do): a solved board's value (its proof says why), else the
        defence against a run of threats, else against a double threat."""
        keeping = perfect_moves(state) if self.perfect else None
        if keeping is not None:
            return keeping, ""
        if self.threats:
            keeping = stopping_vct(state, moves, move, threat_clock(limits, DEFENCE_SHARE)) or None
            if keeping is not None:
                return keeping, "stop-threats"
        if self.forks and not makes_threat(state, move):  # a threat of its own: answered before any fork
            keeping = stopping_forks(state, moves) or None
            if keeping is not None:
                return keeping, "stop-fork"
        return None, ""


def _time_left(limits: Limits | None, spent: float) -> Limits | None:
    """``limits`` for the search after a threat search took ``spent`` seconds of the move's time,
    keeping a ``DEFENCE_SHARE`` for the threat search after it."""
    if limits is None or limits.time is None:
        return limits
    return replace(limits, time=max(0.0, limits.time * (1 - DEFENCE_SHARE) - spent))


def _searcher(depth: int | None, noise: float = 0.0, win: bool = True, block: bool = True):
    def make(info, seed):
        search = AlphaBetaPlayer(OpenLines(), info, depth=depth, noise=noise, seed=seed)
        steady = depth is None
        if steady:  # its kernel module imported here, numba with it: levels 1-4 never search in it
            search = import_engine("ai.engines.tictactoe_search").KernelPlayer(info, search)
        return Tactics(search, win, block, centre=not noise, perfect=steady, forks=steady, threats=steady)

    return make


PLAYERS = player_table("tictactoe", {
    "level-1": random_level,
    "level-2": _searcher(1, noise=40, block=False),
    "level-3": _searcher(2, noise=4),
    "level-4": _searcher(4),
    "level-5": _searcher(None),
    "tictactoe:aima": aima_player,
})


