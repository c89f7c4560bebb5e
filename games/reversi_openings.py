"""Othello opening names ("Tiger", "Rose", "Buffalo"...): the name of the opening a game plays.

The names and their lines are in games/data/reversi_openings.txt (a published list, its source in
its header), each line written from Black's first move f5.  A game that starts c4, d3 or e6 plays
the same openings turned or mirrored, so positions are compared, not move texts: each named line's
position is stored under the four symmetries that keep the 8x8 start position as it is (the
identity, the half turn and the two diagonal mirrors), and a game is named by the last of its
positions found there.  Comparing positions also names a line's mirror images within the
Diagonal opening (f5 f6 e6 d6 c3 is the Buffalo, written f5f6e6f4c3) and transpositions (the same
position by other move orders), as Othello programs do.

``opening_name(moves, start)`` is the name after the whole of ``moves`` (texts, "f5"), kept once the
game leaves the list: the name of its longest named prefix; a set-up ``start`` (a book's diagram
typed into the editor) is named as the same position reached by moves is; None before the first
named position, and
off the 8x8 board (``Reversi.opening_name`` asks only there); moves are read up to the first one
the rules refuse.

The file is read once, on first use; a line that cannot be read or whose moves the rules refuse
raises ``OpeningListError`` naming the file, the line's number and why, rather than name games
from a damaged list.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from games.base import IllegalMove
from games.grid import parse_cell, permute_bits

LIST_PATH = Path(__file__).resolve().parent / "data" / "reversi_openings.txt"
SIZE = 8
Position = tuple[int, int, int]  # Black's discs, White's discs, the side to move (ReversiState.key())


class OpeningListError(ValueError):
    """The opening list cannot be read: the message names the file, the line and why."""


def _square_map(transform) -> tuple[int, ...]:
    """For each square index, where ``transform(row, col)`` puts it."""
    return tuple(r * SIZE + c for r, c in (transform(*divmod(sq, SIZE)) for sq in range(SIZE * SIZE)))


# The symmetries that leave the start (d4, e5 White; e4, d5 Black) as it is; the other four of
# the square swap the colours of the centre.
SYMMETRIES = tuple(_square_map(t) for t in (
    lambda r, c: (r, c),
    lambda r, c: (SIZE - 1 - r, SIZE - 1 - c),  # the half turn: f5 <-> c4
    lambda r, c: (c, r),  # the a1-h8 diagonal: f5 <-> e6
    lambda r, c: (SIZE - 1 - c, SIZE - 1 - r),  # the a8-h1 diagonal: f5 <-> d3
))


def canonical(position: Position) -> Position:
    """The least of ``position``'s images under ``SYMMETRIES``: equal for positions that are."""
    black, white, to_move = position
    return min((permute_bits(black, s), permute_bits(white, s), to_move) for s in SYMMETRIES)


def _game():
    from games.reversi import Reversi  # here: games.reversi asks this module for names

    return Reversi(size=SIZE)


def split_line(moves: str) -> list[str]:
    """``"f5d6c3"`` -> ``["f5", "d6", "c3"]``; IllegalMove if it is not squares run together."""
    texts = [moves[i:i + 2] for i in range(0, len(moves), 2)]
    for text in texts:
        parse_cell(text, SIZE, SIZE, like="a square like f5")
    return texts


def read_list(path: Path | None = None) -> list[tuple[list[str], str]]:
    """The (moves, name) lines of the list (``LIST_PATH`` by default) in file order;
    ``OpeningListError`` for a line that is not moves then a name, or whose moves the rules
    refuse, or a line given twice."""
    path = path or LIST_PATH
    game, seen, entries = _game(), set(), []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise OpeningListError(f"{path}: cannot be read ({err})") from None
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{path}, line {number}"
        moves, _, name = line.strip().partition(" ")
        if not name.strip():
            raise OpeningListError(f"{where}: {line.strip()!r} is not a line of moves and a name")
        try:
            texts = split_line(moves.lower())
            game.play_line(texts)
        except IllegalMove as err:
            raise OpeningListError(f"{where}: {moves}: {err}") from None
        if moves.lower() in seen:
            raise OpeningListError(f"{where}: {moves} is given twice")
        seen.add(moves.lower())
        entries.append((texts, name.strip()))
    if not entries:
        raise OpeningListError(f"{path}: names no opening")
    return entries


@lru_cache(maxsize=1)
def named_positions() -> tuple[dict[Position, str], int]:
    """Each named line's position (``canonical``) -> its name, and the most plies a line has:
    no later position can be named."""
    game, names, longest = _game(), {}, 0
    for texts, name in read_list():
        names[canonical(game.play_line(texts).key())] = name
        longest = max(longest, len(texts))
    return names, longest


@lru_cache(maxsize=256)
def _name_of(moves: tuple[str, ...], start: Position | None = None) -> str | None:
    names, longest = named_positions()
    game = _game()
    state = game.initial_state() if start is None else _state_of(game, start)
    found = None if start is None else names.get(canonical(start))
    for text in moves[:max(0, longest - _plies_played(state))]:
        try:
            state = state.play(game.parse_move(state, text))
        except IllegalMove:
            return found
        found = names.get(canonical(state.key()), found)
    return found


def _state_of(game, position: Position):
    """The 8x8 state of ``position`` (a ``ReversiState.key()``): a set-up start to read moves from."""
    from games.reversi import ReversiState

    black, white, to_move = position
    return ReversiState(game, (black, white), to_move)


def _plies_played(state) -> int:
    """The discs put on the board since the usual start's four: how far into the list a set-up
    position stands (no named line reaches past ``longest`` plies)."""
    black, white = state.boards
    return max(0, (black | white).bit_count() - 4)


def opening_name(moves: Iterable[str], start: Position | None = None) -> str | None:
    """The name of the opening 8x8 Othello ``moves`` (texts: "f5", "d6") play from the usual start,
    or from ``start`` (a set-up position's ``ReversiState.key()``: a book's diagram typed into the
    editor is named as the same position reached by its moves is): the last named position among
    them, kept after the game leaves the list; None before the first, or when a move is refused
    before any."""
    return _name_of(tuple(text.strip().lower() for text in moves), start)
