"""A saved game cut short (a disk that filled, a copy stopped part way): the moves it still holds.

``GameRecord.loads`` refuses a record whose JSON breaks off, and the game was lost to the player
although most of its moves were in the file.  ``recover`` reads such a text as far as it goes
(``partial_json``: what was written before the break, each object or list that did not close marked
open), takes the header it can read (game and options, players, dates, a set-up game's start) and
the moves up to the last whole one, and replays them through the game's rules from the start,
stopping at the first that cannot be read or played.  Without the game's id and its options whole
(or, for a game set up from a position, its ``start``) nothing is recovered: the moves would be
another game's.  The text is only read (no eval, no pickle); the file is the caller's, and nothing
here writes it.  No pygame, no search: the rules alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import games
from games.base import Game, IllegalMove, State
from games.record import GameRecord, read_version
from games.record_fields import read_date, read_players, read_result, read_setup
from games.record_parts import RecordError, Result, Side, now_iso

MOST_NESTED = 64  # a record nests a few levels; deeper is not one, and is read no further


class OpenDict(dict):
    """A JSON object the text broke off inside: its members before the break, whole ones only."""


class OpenList(list):
    """A JSON list the text broke off inside: its items before the break, whole ones only."""


class _Broken(Exception):
    """No whole value starts here: the text ends, or holds no JSON at this point."""


_DECODER = json.JSONDecoder()
_SPACE = " \t\n\r"
_ENDS = ",]}"  # what may follow a value inside an object or list: proof that a number or word ended


def partial_json(text: str) -> Any:
    """The JSON value ``text`` begins with, read up to where it breaks off or stops being JSON: an
    object or list that did not close comes back as ``OpenDict``/``OpenList`` holding the whole
    members before the break (and so does each one it sits in); a text, number or word cut at the
    break is left out (``12`` may be the start of ``1234``).  None where no value begins."""
    try:
        return _value(text, _skip(text, 0), 0)[0]
    except _Broken:
        return None


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in _SPACE:
        at += 1
    return at


def _value(text: str, at: int, depth: int) -> tuple[Any, int]:
    """The value starting at ``at`` and where it ends; an open container ends the text."""
    if at >= len(text) or depth > MOST_NESTED:
        raise _Broken
    if text[at] == "{":
        return _object(text, at + 1, depth + 1)
    if text[at] == "[":
        return _list(text, at + 1, depth + 1)
    return _scalar(text, at)


def _scalar(text: str, at: int) -> tuple[Any, int]:
    """A text, number, true, false or null at ``at``: a text once its closing quote is read, any
    other once what follows it shows it ended."""
    try:
        value, end = _DECODER.raw_decode(text, at)
    except (ValueError, RecursionError):
        raise _Broken from None
    if isinstance(value, (dict, list)):  # raw_decode reads containers too: not called for them
        raise _Broken
    if not isinstance(value, str):
        follows = _skip(text, end)
        if follows >= len(text) or text[follows] not in _ENDS:
            raise _Broken
    return value, end


def _is_open(value: Any) -> bool:
    return isinstance(value, (OpenDict, OpenList))


def _object(text: str, at: int, depth: int) -> tuple[dict, int]:
    members: dict[str, Any] = {}
    at = _skip(text, at)
    if text[at:at + 1] == "}":
        return members, at + 1
    while True:
        try:
            key, at = _scalar(text, at)
        except _Broken:
            return OpenDict(members), len(text)
        at = _skip(text, at)
        if not isinstance(key, str) or text[at:at + 1] != ":":
            return OpenDict(members), len(text)
        try:
            value, at = _value(text, _skip(text, at + 1), depth)
        except _Broken:
            return OpenDict(members), len(text)
        members[key] = value
        if _is_open(value):
            return OpenDict(members), len(text)
        at = _skip(text, at)
        if text[at:at + 1] == "}":
            return members, at + 1
        if text[at:at + 1] != ",":
            return OpenDict(members), len(text)
        at = _skip(text, at + 1)


def _list(text: str, at: int, depth: int) -> tuple[list, int]:
    items: list[Any] = []
    at = _skip(text, at)
    if text[at:at + 1] == "]":
        return items, at + 1
    while True:
        try:
            value, at = _value(text, at, depth)
        except _Broken:
            return OpenList(items), len(text)
        items.append(value)
        if _is_open(value):
            return OpenList(items), len(text)
        at = _skip(text, at)
        if text[at:at + 1] == "]":
            return items, at + 1
        if text[at:at + 1] != ",":
            return OpenList(items), len(text)
        at = _skip(text, at + 1)


@dataclass(frozen=True)
class Recovered:
    """What a record cut short still holds: the game up to its last legal move (``record``), how
    many of its moves that is (``kept``) and how many whole move texts the file held (``found``:
    more when one could not be read or played), and whether the file lost nothing of the game but
    what follows its moves (``whole``: every move kept, the list closed).  ``dated``: whether the
    game's start date is the file's own; a file cut before its dates (they follow the moves) is
    dated by its last writing, which tells nothing of when its game began."""

    record: GameRecord
    kept: int
    found: int
    whole: bool
    dated: bool = True


def recover_bytes(data: bytes, written: str | None = None) -> Recovered | None:
    """``recover`` on a file's bytes, cut at any byte (inside a letter of a name's UTF-8 too):
    the bytes that are no UTF-8 are read as the replacement character, which no move holds."""
    return recover(data.decode("utf-8", errors="replace"), written)


def recover(text: str, written: str | None = None) -> Recovered | None:
    """The game a record's text cut short or damaged still holds (see the module), or None where
    it holds none: its game, options or (set-up game) start cannot be read, or the text is whole
    JSON (a record refused for something else, which ``GameRecord.loads`` says).  ``written``
    (ISO 8601): when the file was last written, its game's date where the file's own dates, which
    follow its moves, were lost; else now."""
    try:
        json.loads(text)
        return None
    except (ValueError, RecursionError):
        pass
    data = partial_json(text)
    if not isinstance(data, dict):
        return None
    header = _header(data)
    if header is None:
        return None
    game, start_text = header
    try:
        record = GameRecord(game.id, dict(game.options), _sides(data), start_position=start_text)
        first = record.first_state(game)
    except (RecordError, ValueError):
        return None
    texts = _move_texts(data.get("moves"))
    moves, state = _legal_moves(game, first, texts)
    whole = len(moves) == len(texts) and isinstance(data.get("moves"), list) and not _is_open(data["moves"])
    dates = data.get("dates")
    record = _dated(record, dates, written)
    record = replace(record, moves=moves, setup=_kept_setup(data.get("setup")))
    dated = isinstance(dates, dict) and _readable_date(dates, "started") is not None
    return Recovered(_ended(record, state, data, whole), len(moves), len(texts), whole, dated)


def _header(data: dict) -> tuple[Game, str | None] | None:
    """The game (its rules, with its options) and a set-up game's start, where the text gives them
    whole; None where it does not (or names a version or game this Tabuleiro does not read)."""
    try:
        version = read_version(data)
    except RecordError:
        return None
    if version == 0:  # a match --json line: one line, whole or nothing, its game named by id alone
        return None
    game = data.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("id"), str):
        return None
    options = game.get("options")
    if not isinstance(options, dict) or _is_open(options):
        return None
    start = data.get("start") if version >= 2 else None
    if version >= 2 and not isinstance(start, str):
        return None
    try:
        info = games.info(game["id"])
        if set(options) - {option.name for option in info.options}:
            return None
        return games.load(game["id"], **options), start
    except (ValueError, TypeError):
        return None


def _sides(data: dict) -> tuple[Side, Side]:
    """Who played, where the file names both sides whole; else two unnamed players (the game is
    still worth more than its players' names)."""
    players = data.get("players")
    if isinstance(players, list) and not _is_open(players):
        try:
            return read_players(players)
        except RecordError:
            pass
    return Side(None, ""), Side(None, "")


def _move_texts(moves: Any) -> list[str]:
    """The whole move texts at the start of the file's move list (none where it is no list)."""
    if not isinstance(moves, list):
        return []
    texts = []
    for move in moves:
        if not isinstance(move, str):
            break
        texts.append(move)
    return texts


def _legal_moves(game: Game, state: State, texts: list[str]) -> tuple[list[str], State]:
    """The moves of ``texts`` played from ``state`` up to the first that cannot be read or played
    (or that follows the game's end), and the position after them."""
    kept = []
    for text in texts:
        if state.is_terminal():
            break
        try:
            state = state.play(game.parse_move(state, text))
        except (IllegalMove, ValueError):
            break
        kept.append(text)
    return kept, state


def _dated(record: GameRecord, dates: Any, written: str | None) -> GameRecord:
    """``record`` dated as the file's dates say where they are whole, else when the file was
    written (``written``), else now: begun and last changed then."""
    dates = dates if isinstance(dates, dict) else {}
    started = _readable_date(dates, "started") or written or now_iso()
    updated = _readable_date(dates, "updated") or started
    return replace(record, started=started, updated=updated, resumed=_readable_date(dates, "resumed"))


def _readable_date(dates: dict, key: str) -> str | None:
    try:
        return read_date(dates, key, optional=True)
    except RecordError:
        return None


def _kept_setup(setup: Any) -> dict[str, Any]:
    """The window's setup as the file wrote it, where it is whole; else none."""
    if not isinstance(setup, dict) or _is_open(setup):
        return {}
    try:
        return read_setup(setup)
    except RecordError:
        return {}


def _ended(record: GameRecord, state: State, data: dict, whole: bool) -> GameRecord:
    """``record`` finished as the rules end it after its moves; where they do not and every move
    was kept, as the file's result says (a resignation, a flag that fell), if that is whole."""
    if state.is_terminal():
        return record.finish(Result.of(state))
    result = data.get("result")
    if not whole or not isinstance(result, dict) or _is_open(result):
        return record
    try:
        said = read_result(result)
    except RecordError:
        return record
    return record.finish(said) if said is not None else record
