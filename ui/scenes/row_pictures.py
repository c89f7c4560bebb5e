"""The pictures on the game lists' rows (Saved games, Continue): each record's board as the game
stands, the final position of a finished game and the current one of an unfinished game, drawn by
the game's own board view (``ui.scenes.common.board_picture``).

A list holds dozens of games (a teacher's, thousands), and the window must not wait for them:
- only the rows in sight get a picture: each ``RowPictures.draw`` says which rows those are;
- their moves are replayed on a thread of the list, the top row first, while the window draws a
  neutral placeholder where the picture will be;
- the positions replayed are drawn on the window's thread (board views keep caches of drawn
  pieces not made for two threads), by ``update``, for at most ``DRAW_BUDGET`` seconds a frame,
  and never in a list's first frame, which has asked for nothing yet;
- what was made is kept for the run, per file, with the record it shows: a list opened again shows
  its pictures in its first frame, and a file changed since (a game played on in another window)
  is another record, replayed and drawn again;
- the last positions replayed are kept with their files in the lists' cache too
  (``ui.autosave_reading.keep_positions``, ``ui.list_cache``: per file stamp), so after a new start the
  rows in sight read theirs back (``Game.from_text``) instead of replaying every game.

A record whose moves cannot be replayed (a game this Tabuleiro lacks, a record whose moves the
rules refuse since the list's cache kept it) gets no picture and no word of its own: what is
wrong with a file is the list's to say.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

from games.base import State
from games.record import GameRecord
from ui import autosave_reading
from ui.scenes.common import board_picture
from ui.theme import Theme
from ui.widgets import card, mix

log = logging.getLogger(__name__)

DRAW_BUDGET = 0.012  # seconds of picture drawing a frame at most: the window answers as before
POSITIONS_KEPT = 512  # files whose last position is kept for the run (a few kB each)
PICTURES_KEPT = 64  # files whose picture is kept: more than two lists show at any window size

RecordKey = tuple[str, str, str | None, tuple[str, ...]]
Row = tuple[Path, GameRecord]

_NOT_YET = object()  # a position not replayed yet (None: one that cannot be)
_LOCK = threading.Lock()  # the lists' threads write _POSITIONS
_POSITIONS: OrderedDict[Path, tuple[RecordKey, State | None]] = OrderedDict()
_PICTURES: OrderedDict[Path, tuple[tuple[RecordKey, str, tuple[int, int]], pygame.Surface]] = OrderedDict()


def record_key(record: GameRecord) -> RecordKey:
    """What of ``record`` its picture shows: the game, its options, its start and its moves (a
    file saved again with only a new date keeps its picture)."""
    options = json.dumps(record.options, sort_keys=True, default=str)
    return record.game_id, options, record.start_position, tuple(record.moves)


def last_position(record: GameRecord) -> State | None:
    """The position ``record``'s moves reach, or None when they cannot be replayed (said in the
    log only: the list says what is wrong with its files)."""
    try:
        return record.final_state()
    except Exception as exc:  # noqa: BLE001 - whatever stops the replay, the row goes without a picture
        log.info("no picture for a listed %s record: %s", record.game_id, exc)
        return None


def replayed_position(path: Path, record: GameRecord) -> State | None:
    """The last position of ``record`` (listed from ``path``) where a list's thread has replayed
    it for its picture, else None (not yet, or it cannot be): what a row says of it (whose move it
    is) comes from that one replay, never from another on the window's frames."""
    with _LOCK:
        position = _position(path, record)
    return None if position is _NOT_YET else position


def _remember(cache: OrderedDict, path: Path, value: Any, most: int) -> None:
    """Keep ``value`` for ``path`` in ``cache``, forgetting the files not asked about for longest."""
    cache[path] = value
    cache.move_to_end(path)
    while len(cache) > most:
        cache.popitem(last=False)


def _position(path: Path, record: GameRecord) -> Any:
    """The last position of ``record`` (listed from ``path``) if replayed, None if it cannot be,
    ``_NOT_YET`` if not replayed yet.  Called with ``_LOCK`` held, or on the window's thread."""
    kept = _POSITIONS.get(path)
    return kept[1] if kept is not None and kept[0] == record_key(record) else _NOT_YET


class RowPictures:
    """The pictures of one list screen's rows: asked for and shown by ``draw``, made by ``update``
    and a thread of their own, no longer made after ``close``."""

    def __init__(self) -> None:
        self._in_sight: list[Row] = []  # the rows the last draw showed, top first
        self._look: tuple[Theme, tuple[int, int]] | None = None  # the theme and picture size drawn at
        self._thread: threading.Thread | None = None
        self._closed = False
        self._replayed = 0  # positions the thread replayed (each may change a row)
        self._replayed_seen = 0

    def draw(self, surface: pygame.Surface, rows: list[tuple[Path, GameRecord, pygame.Rect]], theme: Theme) -> None:
        """Draw each row's picture in its rectangle (all of one size): the picture once made, a
        placeholder until then, nothing for a record that cannot be replayed.  These rows are the
        ones whose pictures ``update`` makes next."""
        with _LOCK:
            self._in_sight = [(path, record) for path, record, _rect in rows]
        if rows:
            self._look = theme, rows[0][2].size
        for path, record, rect in rows:
            picture = self._picture(path, record)
            if picture is not None:
                surface.blit(picture, rect)
            elif _position(path, record) is not None:
                card(surface, rect, mix(theme.panel, theme.text, 0.1), max(3, rect.width // 10))

    def update(self) -> bool:
        """Make what the rows in sight lack: their positions on the thread, their pictures here
        from the positions replayed (``DRAW_BUDGET`` seconds at most).  True when a row's look
        changed: a picture made, or a record found to have none."""
        changed = self._replayed != self._replayed_seen
        self._replayed_seen = self._replayed
        self._start_replaying()
        return self._draw_replayed() or changed

    @property
    def waiting(self) -> bool:
        """A row in sight shows a placeholder: its picture is still to be made."""
        return any(self._picture(path, record) is None and _position(path, record) is not None
                   for path, record in self._in_sight)

    def close(self) -> None:
        """The list is left: nothing more is replayed or drawn for it (a replay under way ends,
        its position kept for the next visit)."""
        with _LOCK:
            self._closed = True
            self._in_sight = []

    def _picture(self, path: Path, record: GameRecord) -> pygame.Surface | None:
        """The picture kept for ``record`` (listed from ``path``) in the current look, or None."""
        kept = _PICTURES.get(path)
        if kept is None or self._look is None:
            return None
        theme, size = self._look
        return kept[1] if kept[0] == (record_key(record), theme.name, size) else None

    def _draw_replayed(self) -> bool:
        """Draw the pictures of the rows in sight whose positions are replayed, top first, until
        ``DRAW_BUDGET`` is spent; True if one was drawn."""
        if self._look is None:
            return False
        theme, size = self._look
        start, drawn = time.perf_counter(), False
        for path, record in self._in_sight:
            if time.perf_counter() - start > DRAW_BUDGET:
                break
            position = _position(path, record)
            if position is None or position is _NOT_YET or self._picture(path, record) is not None:
                continue
            _remember(_PICTURES, path, ((record_key(record), theme.name, size), self._drawn(position, theme, size)),
                      PICTURES_KEPT)
            drawn = True
        return drawn

    @staticmethod
    def _drawn(position: State, theme: Theme, size: tuple[int, int]) -> pygame.Surface:
        """``position`` drawn by its board view; a view that fails leaves an empty picture (logged)."""
        try:
            return board_picture(position, theme, *size)
        except Exception:  # noqa: BLE001 - one game's view must not break the list
            log.exception("drawing a listed %s game's picture", position.game.id)
            return pygame.Surface(size, pygame.SRCALPHA)

    def _start_replaying(self) -> None:
        """Start the thread when a row in sight has no position yet and none is replaying."""
        with _LOCK:
            if self._closed or self._thread is not None or self._next_row() is None:
                return
            self._thread = threading.Thread(target=self._replay_rows, name="row-pictures", daemon=True)
            self._thread.start()

    def _next_row(self) -> Row | None:
        """The top row in sight not replayed yet (``_LOCK`` held)."""
        return next((row for row in self._in_sight if _position(*row) is _NOT_YET), None)

    def _replay_rows(self) -> None:
        """The thread: replay the rows in sight, top first, until none is left or the list closes;
        a position its file's listing kept is read back, not replayed (``kept_position``).  The
        positions replayed are kept with their files for the next start, once at the end."""
        replayed: dict[Path, tuple[GameRecord, str]] = {}
        try:
            while True:
                with _LOCK:
                    row = None if self._closed else self._next_row()
                    if row is None:
                        self._thread = None
                        return
                path, record = row
                position = kept_position(path, record)
                if position is None:
                    position = last_position(record)
                    text = None if position is None else _text_of(position)
                    if text is not None:
                        replayed[path] = record, text
                with _LOCK:
                    _remember(_POSITIONS, path, (record_key(record), position), POSITIONS_KEPT)
                    self._replayed += 1
        finally:
            if replayed:
                autosave_reading.keep_positions(replayed)


def _text_of(position: State) -> str | None:
    """``position`` as its game writes it (``Game.to_text``), to keep; None if it cannot (logged)."""
    try:
        return position.game.to_text(position)
    except Exception as exc:  # noqa: BLE001 - the picture is made all the same; the next start replays it
        log.info("a listed %s position cannot be kept: %s", position.game.id, exc)
        return None


def kept_position(path: Path, record: GameRecord) -> State | None:
    """``record``'s last position as its file's listing kept it (``ui.autosave_reading.listed_position``),
    read back without a replay; None when none was kept or it cannot be read (logged: replayed)."""
    text = autosave_reading.listed_position(path, record)
    if text is None:
        return None
    try:
        return record.game().from_text(text)
    except Exception as exc:  # noqa: BLE001 - whatever the cache holds, the moves are replayed instead
        log.info("the kept position of %s cannot be read (%s): replayed", path, exc)
        return None
