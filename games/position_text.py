"""A position as text, to copy and to paste: a course exercise, an endgame to study, a board to share.

    text = position_text(game, state)       # "Reversi (size=8)\\nPosition:\\n<Game.to_text(state)>"
    record = record_from_position(text)     # a GameRecord of no moves from that position
    record = record_from_position(text, chosen={"alquerque": {"compulsory_capture": True}})
    record = with_rules(record, {"swap": True})  # the same position under other rule options
    is_position_text(text)                  # a position rather than a move list?
    in_rows(game, game.to_text(state))      # a one-line board (Reversi's) in rows, to read or edit

The first line names the game and its options, as a move list's does ("Reversi (size=6)"); the
lines after it (after a ``Position:`` line, which may be left out) are the position in the
game's own text (``Game.to_text``: the board as the course prints it, the side to move); a line
of the Othello Board Format alone (Edax's, WZebra's) needs no first line: it is Reversi.  A
board pasted without its options is read at the shape that fits it (the whole-number options
left open: a size, or Tic-tac-toe's width and height), so a 6x6 Reversi board, a 13x13 Hex one
or a 7x6 Tic-tac-toe one needs no options; what the board cannot show (Tic-tac-toe's k in a
row, Hex's swap rule) keeps its default unless the first line names it, or the user chose
another value for it (``chosen``: the New game screen's options, per game): a course's bare
board pasted with "Capture compulsory" on plays with it.  ``rule_options`` are the options a
position may be played under at will (not its board's shape, not what only picks the usual
start); ``with_rules`` reads a position again under others of them, the game saying whether
it is still a position.

A position alone, with no line naming its game, is read by the game that reads it
(``position_alone``): the Rastros course prints a state as ``EstadoRastros(...)``.

The reader hands back a ``GameRecord`` with that start position and no moves: the same object
a move list or a file gives, checked the same way, so a pasted position plays, saves and
replays like any game.  A position that is already over is refused: there is nothing to play.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from itertools import combinations, islice, product
from typing import Any

import games
from games.base import Game, State
from games.move_list import START_LINE, is_move_list, names_a_game, read_title_line, title_line
from games.record import GameRecord
from games.record_parts import RecordError, Side

POSITION_LINE = "Position:"
_OTHELLO_BOARD_LINE = re.compile(r"[XO.\-]{36,}\s+[XO](\s*;[^\n]*)?", re.IGNORECASE)


def position_text(game: Game, state: State) -> str:
    """``state`` as text for the clipboard: the game and its options, then the position."""
    return f"{title_line(game.id, game.options)}\n{POSITION_LINE}\n{game.to_text(state).rstrip()}\n"


def in_rows(game: Game, text: str) -> str:
    """``text``, a position of ``game``, with a board the game writes on one line (Reversi's 64
    squares and the side to move) laid out in rows of the board's size, its empty squares as dots
    when the game reads them so (a run of dashes is hard to count); any other text as it is.
    Whatever is chosen reads as the same position: for the position editor and GTP's showboard."""
    size = game.options.get("size")
    line = text.strip()
    if "\n" in line or not isinstance(size, int) or " " not in line:
        return text
    board, side = line.rsplit(" ", 1)
    if len(board) != size * size:
        return text
    try:
        wanted = game.from_text(text).key()
    except ValueError:
        return text
    for squares in (board.replace("-", "."), board):
        rows = "\n".join([*(squares[i:i + size] for i in range(0, len(squares), size)), side])
        try:
            if game.from_text(rows).key() == wanted:
                return rows
        except ValueError:
            continue
    return text


def position_alone(text: str) -> str | None:
    """``text`` under its game's name when its first line names no game but a game reads it as a
    position at its usual options (the Rastros course prints a state as
    ``EstadoRastros(to_move='N', white=(4, 4), blacks={(4, 5)})`` and a board as numbered rows,
    which a move list's reader takes for numbered moves); None for any other text."""
    body = text.strip()
    if not body or names_a_game(body.splitlines()[0]):
        return None
    for info in games.catalog():
        try:
            games.load(info.id).from_text(body)
        except ValueError:
            continue
        return f"{title_line(info.id, {})}\n{body}"
    return None


def is_position_text(text: str) -> bool:
    """Whether ``text`` is a game's name followed by a position, rather than a move list (a bare
    list of moves on two lines names no game: it is no position), or an Othello board line alone."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return (len(lines) > 1 and names_a_game(lines[0]) and not is_move_list(text)) or is_othello_board_line(text)


def is_othello_board_line(text: str) -> bool:
    """Whether ``text`` is one line of the Othello Board Format alone, as Edax, WZebra and the FFO
    test files write a position (``---...OX...--- X``, perhaps ``; comments``): it names Reversi."""
    return _OTHELLO_BOARD_LINE.fullmatch(text.strip()) is not None


def record_from_position(text: str, loose: bool = False,
                         chosen: Mapping[str, Mapping[str, Any]] | None = None) -> GameRecord:
    """A record of no moves that starts from the position in ``text`` (see the module's docstring);
    RecordError names what is wrong with it.  ``loose``: the whole-number options the first line
    names are where to start looking, not fixed (the position editor: a board typed at another
    size keeps the other options).  ``chosen``: per game, the options the user chose (New game's),
    taken for the ``rule_options`` the first line does not name; a position they do not allow
    (the game refuses it under them) is read as if none were chosen."""
    game_id, named, body = _parts(text)
    wanted = {name: value for name, value in (chosen or {}).get(game_id, {}).items()
              if name in rule_options(game_id) and name not in named}
    if wanted:
        try:
            return _record(game_id, {**wanted, **named}, body, loose)
        except RecordError:
            pass  # the position is not one under the options chosen: as the text names them
    return _record(game_id, named, body, loose)


def with_rules(record: GameRecord, options: Mapping[str, Any]) -> GameRecord:
    """``record``'s position (a record of no moves from a set-up position) under ``options`` in
    place of its own ``rule_options`` (others are not changed: the board keeps its shape);
    RecordError, in the game's words, when the game refuses the position under them."""
    changed = {name: value for name, value in options.items() if name in rule_options(record.game_id)}
    text = f"{title_line(record.game_id, {**record.options, **changed})}\n{POSITION_LINE}\n{record.start_position}"
    return record_from_position(text)


@cache
def rule_options(game_id: str) -> frozenset[str]:
    """The names of ``game_id``'s options that a given position may be played under at will: not
    those that give the board its shape (a whole number whose change changes the usual start as
    the game writes it: a size, Tic-tac-toe's width), nor those that only pick the usual start
    (``Option.start_only``).  Alquerque's capture rules, Hex's swap, Trax's mode, Tic-tac-toe's k."""
    usual = games.load(game_id).to_text(games.load(game_id).initial_state())
    return frozenset(option.name for option in games.info(game_id).options
                     if not option.start_only and not (option.kind is int and _shapes_board(game_id, option, usual)))


def _shapes_board(game_id: str, option: Any, usual: str) -> bool:
    """Whether another value of the whole-number ``option`` writes the usual start otherwise."""
    for value in option.choices or range(option.minimum or 0, (option.maximum or 0) + 1):
        if value == option.default:
            continue
        try:
            game = games.load(game_id, **{option.name: value})
        except ValueError:  # a value that needs others changed with it (k beyond a 3x3 board)
            continue
        return game.to_text(game.initial_state()) != usual
    return False


def _parts(text: str) -> tuple[str, dict[str, Any], str]:
    """The game ``text`` names, the options its first line names and the position under it."""
    lines = [line.rstrip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise RecordError("there is no text")
    if is_othello_board_line(text):
        lines.insert(0, title_line("reversi", {}))  # at the size its squares give
    game_id, options = read_title_line(lines[0].strip())
    body = lines[1:]
    if body and body[0].strip() in (POSITION_LINE, START_LINE):
        body = body[1:]
    if not body:
        raise RecordError("there is no position after its first line")
    return game_id, options, "\n".join(body)


def _record(game_id: str, options: dict[str, Any], body: str, loose: bool) -> GameRecord:
    """The record of no moves from the position ``body`` of ``game_id`` under ``options``."""
    try:
        game, state = _read(game_id, options, body, loose)
    except RecordError as problem:
        other = _game_that_reads(game_id, body)
        if other is None:
            raise
        raise RecordError(f"{problem} (it reads as a position of game {other!r})") from None
    if state.is_terminal():
        raise RecordError(f"the game is already over in that position ({state.end_reason()})")
    return GameRecord.start(game, (Side(None, "Player 1"), Side(None, "Player 2")),  # as a hot-seat game's
                            start_position=game.to_text(state))


def _read(game_id: str, options: dict[str, Any], body: str, loose: bool) -> tuple[Game, State]:
    """The game and the position ``body`` is, with the options given or, when they leave the
    board's shape open, the first shape whose board the text is."""
    first_problem = bad_options = None
    for candidate in _candidates(game_id, options, loose):
        try:
            game = _rules(game_id, tuple(candidate.items()))
        except ValueError as exc:  # options that do not go together (k=4 on a 3x3 board): another shape may
            bad_options = bad_options or str(exc)
            continue
        try:
            state = game.from_text(body)
            again = game.from_text(game.to_text(state))  # the position this game writes is the one read
        except ValueError as exc:
            first_problem = first_problem or str(exc)
            continue
        if again.key() == state.key():
            return game, state
    if first_problem is None and bad_options is not None:
        raise RecordError(f"game {game_id!r}: {bad_options}")
    raise RecordError(f"the position cannot be read: {first_problem or 'its board is of another size'}")


@lru_cache(maxsize=4096)
def _rules(game_id: str, options: tuple[tuple[str, Any], ...]) -> Game:
    """``games.load(game_id, **dict(options))``, loaded once: a text that no shape reads is tried at
    every board shape on each key typed in the position editor, hundreds of them for Tic-tac-toe,
    and loading the rules was half of that.  Only read and written with here, never played on."""
    return games.load(game_id, **dict(options))


def clear_caches() -> None:
    """Forget the rules and headings kept from earlier readings: the next text is read as the first
    one after a start is, each board shape's rules loaded and each game's headings worked out
    again.  For ``python main.py bench ui``'s figure of a first key typed in the position editor."""
    _rules.cache_clear()
    _headings.cache_clear()


def _game_that_reads(named: str, body: str) -> str | None:
    """The first game other than ``named`` whose position ``body`` is, as that game writes it (at
    any board shape), or None: a position copied from one game and pasted under another's name (a
    Tic-tac-toe board under "Hex") is refused in the named game's words, which do not say that the
    board is right.  Written as that game writes it, not merely read: a Reversi board in rows with
    its side-to-move line left out would read as a Tic-tac-toe board, and is no such thing."""
    heading = next(iter(_lines(body)), "")
    for game_id in games.available_ids():
        if game_id == named or not _may_start_with(game_id, heading):
            continue
        try:
            game, state = _read(game_id, {}, body, loose=True)
        except RecordError:
            continue
        written = game.to_text(state)
        if _lines(body) in (_lines(written), _lines(in_rows(game, written))):
            return game_id
    return None


def _may_start_with(game_id: str, line: str) -> bool:
    """Whether a position ``game_id`` writes may have ``line`` as its first line: any line for a
    game whose first line is part of its board, one of its headings for a game that starts with
    one.  Reading a text as another game at every board shape costs milliseconds (Tic-tac-toe has
    hundreds of shapes), too much on each key typed in the position editor, and a text whose first
    line is no heading of that game cannot be a position that game writes."""
    headings = _headings(game_id)
    return headings is None or line in headings


@cache
def _headings(game_id: str) -> frozenset[str] | None:
    """The first lines of the positions ``game_id`` writes when that line is a heading that says
    only who is to move (``to-move: X``), or None when it is not: a line that changes with the
    board (Reversi's squares) or with its shape.  Worked out from what the game writes, with each
    side to move and with the board changed, at the usual shape and at another one."""
    shapes = islice(_candidates(game_id, {}, loose=True), 2)
    try:
        seen = [_headings_at(_rules(game_id, tuple(options.items()))) for options in shapes]
    except (ValueError, IndexError):  # a shape that does not load, a start with no move: no heading known
        return None
    return seen[0] if all(headings == seen[0] for headings in seen) else None


def _headings_at(game: Game) -> frozenset[str] | None:
    """The first lines ``game`` writes the usual start and the position after one move with; None
    when the position after two moves, with the same side to move as the start, starts otherwise."""
    start = game.initial_state()
    once = start.play(start.legal_moves()[0])
    twice = once.play(once.legal_moves()[0])
    if _first_lines(game, start) != _first_lines(game, twice):
        return None
    return frozenset(_first_lines(game, start) | _first_lines(game, once))


def _first_lines(game: Game, state: State) -> set[str]:
    """The first line of ``state``'s text in each form ``_game_that_reads`` compares a text with:
    as ``game`` writes it, and as ``in_rows`` lays it out."""
    written = game.to_text(state)
    return {next(iter(_lines(text)), "") for text in (written, in_rows(game, written))}


def _lines(text: str) -> list[str]:
    """``text``'s lines without their indentation, trailing spaces or blank lines."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _candidates(game_id: str, options: dict[str, Any], loose: bool) -> Iterator[dict[str, Any]]:
    """The options given, then those with one or two of the whole-number options left open (the
    board's shape: a size, a width and a height; all of them when ``loose``) set to another value."""
    yield options
    free = [o for o in games.info(game_id).options if o.kind is int and (loose or o.name not in options)]
    base = {o.name: options.get(o.name, o.default) for o in free}
    values = {o.name: [v for v in (o.choices or range(o.minimum or 0, (o.maximum or 0) + 1)) if str(v) != str(base[o.name])]
              for o in free}
    for changed in (1, 2):
        for names in combinations(values, changed):
            for chosen in product(*(values[name] for name in names)):
                yield {**options, **dict(zip(names, chosen))}
