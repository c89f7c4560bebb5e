"""Moves counted and numbered as players read them: a move's number, row and place in a list
numbered in pairs, the move a player asks for by its number, a loss by resignation or on time
placed at the move it came at, and the time each move took."""

from __future__ import annotations

from collections.abc import Sequence

from games.record_parts import (
    LOST_ON_TIME,
    RESIGNS,
    Result,
)


def move_place(index: int, lead: int) -> tuple[int, int]:
    """Where the move ``index`` (0 first) stands in a list numbered in pairs: (row, column), rows
    from 0.  ``lead`` is 1 when the second side moved first (a game from a set-up position with it
    to move): its first move then stands in the second column of row 0, as "1... d3"."""
    return divmod(index + lead, 2)


def times_taken(readings: Sequence[tuple[float, float]], movers: Sequence[int], increment: float) -> list[float]:
    """The seconds each move of a clocked game took, from both clocks at the start and after each
    move (``readings``, the first side's first; ``movers``: the side that made each move): the
    mover's clock before it less its clock after, the ``increment`` it was credited given back, to
    the millisecond (the readings' own precision: 1.2 s read 1.1999999 and showed as "0:01.1"),
    never below zero.  GGF's move times and the replay's both come from here."""
    return [max(0.0, round(readings[i][mover] - readings[i + 1][mover] + increment, 3))
            for i, mover in enumerate(movers)]


ON_ITS_TURN = (RESIGNS, LOST_ON_TIME)  # losses a side meets on its own turn, placed at its move (``loss_placed``)


def move_asked(index: int) -> int:
    """The number of the move under way with ``index`` moves played, the one the side to move is
    asked for: the Nth move of the game, as the replay's header "Move N of M" and the board's
    browse line count moves (from 1, openings counted, a game set up from a position from its first
    move after the set-up).  A loss off the board is said at it ("O resigns at move 5": the game
    stops at "Move 4 of 4"), whatever row of two the move list would write that move in
    (``move_place``)."""
    return index + 1


def lost_at(side: str, how: str, index: int) -> str:
    """A loss off the board as records keep it: ``side`` (its name) lost ``how`` (``RESIGNS``,
    ``LOST_ON_TIME``) with ``index`` moves played, at the move under way (``move_asked``): "O
    resigns at move 5", "O lost on time at move 5" after four moves, as ``ai.referee.at_move``
    says a forfeit's."""
    return f"{side}{how} at move {move_asked(index)}"


def resigned_at(side: str, index: int) -> str:
    """A resignation as records keep it (``lost_at``): "O resigns at move 5".  The window's Resign,
    an outside engine's ``resign`` in a match and a file's ``resign`` move all say it so."""
    return lost_at(side, RESIGNS, index)


def loss_placed(result: Result, sides: tuple[str, ...], to_move: int, index: int) -> Result:
    """A file's resignation or flag fall told without its move (SGF's ``RE[W+R]`` and ``RE[W+T]``,
    GGF's ``RE[+12.000:r]`` and ``:t``, a move list's "Result:" line: "Black resigns", "Black lost
    on time") at the move its moves show, as our own records say it ("Black resigns at move 7",
    "Black lost on time at move 7": ``lost_at``).  ``RE`` names the loser (the winner's letter in SGF, the sign of black's
    margin in GGF) and not when; a player gives a game up on its own turn (a GTP engine answers
    ``genmove`` with ``resign``, Little Golem writes a ``resign`` node after the last move), and
    its flag falls on its own turn (only the clock of the side to move runs), so where the file
    lists every move and the loser is the side to move after the last one (``to_move``, ``index``
    moves played) it lost there.  Where the named loser is
    not the side to move the file's moves and ``RE`` disagree, and ``result`` stays as the file
    says it: no move is made up.  Any other end is kept."""
    if result.winner is None or result.winner == to_move:
        return result
    loser = sides[to_move]
    how = result.reason.removeprefix(loser)
    if how == result.reason or how not in ON_ITS_TURN:
        return result
    return Result(result.winner, lost_at(loser, how, index), result.score)


def move_rows(count: int, lead: int) -> int:
    """How many numbered rows ``count`` moves fill (see ``move_place``); none before the first."""
    return (count + lead + 1) // 2 if count else 0


def move_number(index: int, lead: int) -> str:
    """The move ``index``'s number as a list writes it before that move alone: "3." in the first
    column, "3..." in the second."""
    row, column = move_place(index, lead)
    return f"{row + 1}{'...' if column else '.'}"


def numbered_moves(moves: Sequence[str], lead: int = 0) -> list[str]:
    """The moves numbered in pairs, "1. d3 c5", "2. f6 f5"; with ``lead`` 1 the first stands alone
    as "1... d3" (``moves_from_text`` reads both)."""
    first = 1 if lead and moves else 0
    numbered = [f"{move_number(0, lead)} {moves[0]}"] if first else []
    for i in range(first, len(moves), 2):
        numbered.append(f"{move_place(i, lead)[0] + 1}. {' '.join(moves[i:i + 2])}")
    return numbered
