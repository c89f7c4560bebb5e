"""A record's fields read and checked one by one as a file gives them (its players, result, dates,
saved values, setup, start), each refused with a message naming the field; and a game's names
as records write them (its title, its sides, its options)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

import games
from games.record_parts import (
    PlyValue,
    ProofMeasure,
    RecordError,
    Result,
    Side,
)

_TYPE_WORDS = {dict: "an object", list: "a list", str: "text", int: "a whole number"}


def read_field(data: dict, key: str, kind: type, name: str | None = None) -> Any:
    name = name or key
    if key not in data:
        raise RecordError(f"missing field {name!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"field {name!r} must be {_TYPE_WORDS.get(kind, kind.__name__)}, not {value!r:.60}")
    return value


def read_players(items: list) -> tuple[Side, Side]:
    """The two sides a record's ``players`` list names (each title made safe to show:
    ``clean_title``); RecordError naming the entry at fault.  Public so that a record read whole
    (``GameRecord.from_dict``) and one cut short (``games.record_recovery``) check a file's
    players alike."""
    if len(items) != 2:
        raise RecordError(f"field 'players' must list two sides, not {len(items)}")
    sides = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise RecordError(f"players[{i}] must be an object")
        pid = item.get("id")
        if pid is not None and not isinstance(pid, str):
            raise RecordError(f"players[{i}].id must be text or null (a human)")
        title = clean_title(read_field(item, "title", str, f"players[{i}].title"))
        sides.append(Side(pid, title))
    return sides[0], sides[1]


TITLE_LENGTH = 120  # characters of a player's title kept from a file (names are 24; bots' paths longer)


def clean_title(text: str) -> str:
    """A title as a file gives it, made safe to show: printable characters (a lone surrogate
    cannot even be drawn), spaces collapsed, at most ``TITLE_LENGTH`` characters."""
    printable = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(printable.split())[:TITLE_LENGTH].strip()


def drawable(text: str) -> str:
    """``text`` with each NUL and lone surrogate (JSON's ``"\\u0000"``, ``"\\ud800"``) made a
    replacement character: a result's reason holding one made the replay raise at every frame, and
    could not be saved again."""
    return "".join("\ufffd" if c == "\0" or "\ud800" <= c <= "\udfff" else c for c in text)


def read_result(value: Any) -> Result | None:
    """The ``Result`` a record's ``result`` field holds, None for a game that goes on (null);
    RecordError naming the part at fault.  Its reason made drawable (``drawable``).  Public so
    that a record read whole and one cut short (``games.record_recovery``) read a result alike."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RecordError("field 'result' must be an object or null")
    if "winner" not in value:
        raise RecordError("missing field 'result.winner'")
    winner = value["winner"]
    if winner not in (0, 1, None) or isinstance(winner, bool):
        raise RecordError(f"field 'result.winner' must be 0, 1 or null (a draw), not {winner!r}")
    reason = value.get("reason", "")
    if not isinstance(reason, str):
        raise RecordError("field 'result.reason' must be text")
    reason = drawable(reason)
    score = value.get("score")
    if score is not None:
        ok = isinstance(score, list) and len(score) == 2 and all(
            isinstance(s, int) and not isinstance(s, bool) for s in score)
        if not ok:
            raise RecordError(f"field 'result.score' must be two whole numbers or null, not {score!r:.60}")
        score = (score[0], score[1])
    return Result(winner, reason, score)


def read_date(dates: dict, key: str, optional: bool = False) -> str | None:
    """The ISO 8601 date ``dates[key]`` of a record's ``dates`` field, as written; None for an
    ``optional`` one the file leaves out.  RecordError for one missing, or that is no date the
    lists can show in local time.  Public so that a record read whole and one cut short
    (``games.record_recovery``) accept the same dates."""
    value = dates.get(key)
    if value is None and optional:
        return None
    name = f"dates.{key}"
    if value is None:
        raise RecordError(f"missing field {name!r}")
    if not isinstance(value, str):
        raise RecordError(f"field {name!r} must be an ISO 8601 date text")
    try:
        datetime.fromisoformat(value).astimezone()  # the lists show it in local time
    except (ValueError, OverflowError):  # OverflowError: 9999-12-31T23:59:59-14:00 is past the last date
        raise RecordError(f"field {name!r} is not an ISO 8601 date: {value!r:.40}") from None
    return value


GIVEN_DATE = re.compile(r"(\d{4})(?:-(\d\d)(?:-(\d\d))?)?")  # a date to the year, month or day: 2003, 2003-05, 2003-05-06


def given_date(text: str) -> tuple[str, str] | None:
    """(its first moment in ISO 8601, no zone; the date as written) for a date given to the year,
    month or day (``2003``, ``2003-05``, ``2003-05-06``: ISO 8601's reduced precision, which SGF's
    ``DT`` allows); None for text of another form or no such day."""
    match = GIVEN_DATE.fullmatch(text.strip())
    if match is None:
        return None
    year, month, day = (int(part) if part else 1 for part in match.groups())
    try:
        return datetime(year, month, day).isoformat(timespec="seconds"), match.group(0)
    except ValueError:
        return None


def read_date_given(dates: dict, key: str, moment: Any) -> str | None:
    """``dates.given`` (or ``dates.last_given``): a date to the year, month or day that ``moment``
    (``dates.started``, ``dates.updated``) begins with."""
    value = dates.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or given_date(value) is None or not str(moment).startswith(value):
        raise RecordError(f"field 'dates.{key}' must be a date to the year, month or day, not {value!r:.40}")
    return value


def read_saved_values(data: dict, game_id: str, options: dict, n_moves: int
                  ) -> tuple[list[float | None] | None, list[PlyValue | None] | None, str]:
    """The record's ``evaluations`` and ``values`` (``PlyValue``), and "" -- or neither, and why
    in one line, where they cannot be this game's: for other rules or another board, a list of
    another length than the game's positions, a value that is no number in its range.  A game's
    moves are its truth and the values only a view of them: the game opens without them, where
    such a file was refused whole (and a list moved it aside as damaged)."""
    try:
        evaluations = _evaluations(data.get("evaluations"), n_moves, exact=data.get("values") is not None)
        ply_values = _ply_values(data.get("values"), game_id, options, n_moves)
    except RecordError as exc:
        return None, None, str(exc)
    if ply_values is not None and evaluations is None:
        return None, None, "field 'values' came without the graph's 'evaluations'"
    return evaluations, ply_values, ""


def _evaluations(value: Any, n_moves: int, exact: bool = False) -> list[float | None] | None:
    """``evaluations``, checked: as many as the positions or fewer (the first ones), exactly as
    many where the record has ``values`` (``exact``)."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise RecordError("field 'evaluations' must be a list or null")
    if len(value) > n_moves + 1 or (exact and len(value) != n_moves + 1):
        raise RecordError(f"field 'evaluations' has {len(value)} entries for {n_moves + 1} positions")
    out: list[float | None] = []
    for i, v in enumerate(value):
        if v is None:
            out.append(None)
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not -1 <= v <= 1:
            raise RecordError(f"evaluations[{i}] must be a number from -1 to 1 or null, not {v!r:.40}")
        out.append(float(v))
    return out


def _ply_values(value: Any, game_id: str, options: dict, n_moves: int) -> list[PlyValue | None] | None:
    """``values``, checked: searched under the record's own rules (its game and options: a board
    of another size has other positions), one entry a position, each ``PlyValue`` in range."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RecordError("field 'values' must be an object or null")
    if value.get("game") != game_id or value.get("options") != options:
        theirs = value.get("options") if isinstance(value.get("options"), dict) else {}
        if value.get("game") != game_id:
            raise RecordError(f"the values are for {str(value.get('game')):.20}, not this game's {game_id}")
        names = [k for k in {**options, **theirs} if options.get(k) != theirs.get(k)]
        raise RecordError(f"the values are for {options_text({k: theirs.get(k) for k in names}):.80}, "
                          f"not this game's {options_text({k: options.get(k) for k in names}):.80}")
    plies = value.get("plies")
    if not isinstance(plies, list):
        raise RecordError("field 'values.plies' must be a list")
    if len(plies) != n_moves + 1:
        raise RecordError(f"field 'values.plies' has {len(plies)} entries for {n_moves + 1} positions")
    return [None if item is None else _ply_value(item, i) for i, item in enumerate(plies)]


def _ply_value(item: Any, i: int) -> PlyValue:
    """One entry of ``values.plies``; RecordError naming it where a part is missing or out of range."""
    def bad(part: str, wanted: str) -> RecordError:
        return RecordError(f"values.plies[{i}].{part} must be {wanted}, not {item.get(part)!r:.40}")

    if not isinstance(item, dict):
        raise RecordError(f"values.plies[{i}] must be an object or null, not {item!r:.40}")
    score, view, kind, depth = item.get("score"), item.get("view"), item.get("kind"), item.get("depth", 0)
    proven, unit, stage = item.get("proven"), item.get("unit", ""), item.get("stage")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score):
        raise bad("score", "a number")
    if view not in (0, 1) or isinstance(view, bool):
        raise bad("view", "0 or 1")
    if not isinstance(kind, str) or not kind:
        raise bad("kind", "the search's kind")
    if proven is not None and (proven not in (-1, 0, 1) or isinstance(proven, bool)):
        raise bad("proven", "-1, 0, 1 or absent")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < -1:
        raise bad("depth", "a whole number from -1")
    if not isinstance(unit, str):
        raise bad("unit", "text")
    if stage is not None and (isinstance(stage, bool) or not isinstance(stage, (int, float))
                              or not math.isfinite(stage) or not 0 <= stage <= 1):
        raise bad("stage", "a number from 0 to 1")
    return PlyValue(float(score), view, kind, proven, depth, unit, None if stage is None else float(stage),
                    _proof_measure(item.get("measure"), bad))


def _proof_measure(value: Any, bad: Callable[[str, str], RecordError]) -> ProofMeasure | None:
    """A value's ``measure`` (``ProofMeasure``), None where the entry has none (a file written
    before it was kept); ``bad`` names the part that is wrong."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise bad("measure", "an object")
    plies, at_most, margin = value.get("plies"), value.get("at_most", False), value.get("margin", False)
    bound = value.get("bound", False)  # a file written before bounds were kept has none
    if plies is not None and (isinstance(plies, bool) or not isinstance(plies, int) or plies < 1):
        raise bad("measure", "an object whose plies are a whole number from 1")
    if not all(isinstance(flag, bool) for flag in (at_most, margin, bound)):
        raise bad("measure", "an object whose at_most, margin and bound are true or false")
    return ProofMeasure.of(plies, at_most, margin, bound)


def read_setup(value: Any) -> dict[str, Any]:
    """The setup a record keeps as it was written (the window's own, read by ``ui.match``), {}
    for none; RecordError if it holds text no file can hold (JSON's lone surrogate ``"\\ud800"``):
    such a game opened, and every save of it as it went on failed on the window's writer thread,
    unsaid.  Public so that a record read whole and one cut short (``games.record_recovery``)
    keep the same setups."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError("field 'setup' must be an object")
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError("field 'setup' holds text that is no Unicode (a lone surrogate such as \\ud800)") from None
    return dict(value)


def read_start(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise RecordError("field 'start' must be a position as text, or null")
    return value


def side_names_of(game_id: str) -> tuple[str, str]:
    try:
        return games.info(game_id).sides
    except ValueError:
        return ("first", "second")


def game_title(game_id: str) -> str:
    try:
        return games.info(game_id).title
    except ValueError:
        return game_id


def winner_words(game_id: str, winner: int | None) -> str:
    return "a draw" if winner is None else f"a win for {side_names_of(game_id)[winner]}"


def options_text(options: dict[str, Any]) -> str:
    """``size=11, swap=true``: options as the command line's ``--option`` takes them.  A switch
    was written as Python's ``True``, so a copied Hex list's title read "Hex (size=11, swap=True)"."""
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())
