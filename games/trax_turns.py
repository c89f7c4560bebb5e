"""Trax turns as the course's code writes them: ``[[4, 2, 'lddl'], [4, 3, 'ddll']]``.

A course player's ``move()`` returns its turn as a list of ``[row, column, tile]`` (rows and
columns counted from 0, ``board[row][col]``): the placed tile and every tile it forces, in any
order (shared/rules/trax.md, "The course interface").  Students type or paste turns in that form,
so ``Trax.parse_move`` reads one as the move whose turn lays exactly those tiles; a turn of one
tile names the placed tile alone, its forced tiles laid by the rules as for ``e5/``.  The
outside-player adapter (ai/outside_child.py) reads a course player's answer with the same
``move_of_turn``.
"""

from __future__ import annotations

import ast
from typing import Any

from games.base import IllegalMove, State, quoted
from games.grid import cell_name
from games.trax_tiles import NAME, TILE_NAMES, move_cell, move_of, move_tile, tile_of_name

EXAMPLE = "[[4, 2, 'lddl']]"


def is_course_turn_text(text: str) -> bool:
    """Whether ``text`` is written as the course writes a turn (a bracketed list)."""
    return text.lstrip().startswith("[")


def course_turn_texts(text: str) -> list[str]:
    """The turns of ``text`` written as the course writes them, each as its own text: one turn
    ``[[4, 2, 'lddl'], [4, 3, 'ddll']]``, several side by side (``[[4, 2, 'lddl']] [[5, 2, 'dlld']]``,
    as the move field holds pasted turns) or a list of turns (``[[[4, 2, 'lddl']], [[5, 2, 'dlld']]]``).
    A text that is none of these is one "turn", for ``course_tiles`` to say what is wrong with it."""
    groups, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            start = i if depth == 0 else start
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
            if depth == 0:
                groups.append(text[start:i + 1])
        elif depth == 0 and not (ch.isspace() or ch in ",;"):
            return [text.strip()]  # words between the lists: not turns, said as one
    if depth or not groups:
        return [text.strip()]
    turns = []
    for group in groups:
        try:
            value = ast.literal_eval(group)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            value = None
        several = isinstance(value, (list, tuple)) and value and all(
            isinstance(turn, (list, tuple)) and turn and all(isinstance(t, (list, tuple)) for t in turn) for turn in value)
        turns += [repr(list(map(list, turn))) for turn in value] if several else [group]
    return turns


def course_tiles(text: str, size: int) -> list[tuple[int, str]]:
    """(cell, tile name) of each ``[row, column, tile]`` of the turn ``text`` on a ``size`` board;
    IllegalMove saying what is wrong (not a list of such triples, a tile name that is none of the
    six, a cell off the board)."""
    said = quoted(text.strip())
    try:
        value: Any = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        value = None
    if isinstance(value, (list, tuple)) and len(value) == 3 and not isinstance(value[0], (list, tuple)):
        value = [value]  # one tile without the outer brackets: [4, 2, 'lddl']
    if (not isinstance(value, (list, tuple)) or not value
            or not all(isinstance(t, (list, tuple)) and len(t) == 3 for t in value)
            or not all(type(r) is int and type(c) is int and isinstance(name, str) for r, c, name in value)):
        raise IllegalMove(f"{said} is not a course turn like {EXAMPLE}: [row, column, tile] for each tile, "
                          "counted from 0")
    tiles = []
    for r, c, name in value:
        if name.lower() not in TILE_NAMES:
            raise IllegalMove(f"{said}: {quoted(name)} is not a tile name ({', '.join(TILE_NAMES)})")
        if not (0 <= r < size and 0 <= c < size):
            raise IllegalMove(f"{said}: row {r}, column {c} is off the board (rows and columns 0-{size - 1})")
        tiles.append((r * size + c, name.lower()))
    return tiles


def move_of_turn(state: State, tiles: list[tuple[int, int]] | set[tuple[int, int]], alone: bool = False) -> int | None:
    """The legal move whose turn lays exactly ``tiles`` ((cell, tile mask) pairs: the placed tile
    and its forced tiles, in any order, the first that can be placed taken as the placed one); with ``alone``, one tile may be the placed tile alone,
    its forced tiles left to the rules (a player typing a turn).  None if there is no such move."""
    legal = set(state.legal_moves())
    listed = list(dict.fromkeys(move_of(cell, tile) for cell, tile in tiles))  # the placed tile first, as listed
    if alone and len(listed) == 1 and listed[0] in legal:
        return listed[0]
    for move in listed:  # a turn may be laid from more than one of its tiles: the first listed is placed
        if move in legal and set(state.play(move).turn) == set(listed):
            return move
    return None


def course_text(moves: tuple[int, ...] | list[int], size: int) -> str:
    """Moves (a turn's tiles) as the course writes a turn: ``[[4, 2, 'lddl'], [4, 3, 'ddll']]``."""
    return repr([[*divmod(move_cell(m), size), NAME[move_tile(m)]] for m in moves])


def parse_course_turn(game: Any, state: State, text: str) -> int:
    """The move the course's turn ``text`` makes in ``state`` (``Trax.parse_move`` for a text in
    brackets); IllegalMove saying why not, in the app's notation too (``c5:lddl``)."""
    size = game.size
    named = course_tiles(text, size)
    move = move_of_turn(state, [(cell, tile_of_name(name)) for cell, name in named], alone=True)
    if move is not None:
        return move
    said = quoted(text.strip())
    notation = f"{cell_name(named[0][0], size)}:{named[0][1]}"  # the first tile: the placed one, in the course's code
    try:
        placed = game.parse_move(state, notation)
    except IllegalMove as exc:
        raise IllegalMove(f"{said} is {notation}: {exc}") from None
    laid = course_text(state.play(placed).turn, size)
    raise IllegalMove(f"{said}: those are not the forced tiles of {notation}, which lays {laid}")
