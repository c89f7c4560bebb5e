"""Autosave: the game in progress is written after every move, so a crash or a kill loses nothing.

The game scene calls ``AUTOSAVE.save(record)`` after each move (and when the game ends); the file
is replaced atomically (``games.record.atomic_write_text``), so whatever moment the process dies,
the file holds the game as it was after some move.  At start the main menu asks ``resumable()``:
an unfinished game there is offered as "Continue".

A damaged autosave (it can only happen through outside hands: a disk error, an edit) is moved
aside as ``autosave.json.corrupt-<timestamp>`` and reported once; it is never deleted.

The folder is the platform's user data folder (``platformdirs``); ``TABULEIRO_DATA_DIR``
overrides it (tests, portable installs).  No pygame here: the autosave is plain file work.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from games.record import GameRecord, RecordError, Side, atomic_write_text, is_record_file, move_aside
from games.record import load as load_record

log = logging.getLogger(__name__)

FILE_NAME = "autosave.json"


def data_dir() -> Path:
    """Where Tabuleiro keeps its own files (autosave, saved games by default)."""
    return Path(os.environ.get("TABULEIRO_DATA_DIR") or user_data_dir("tabuleiro", appauthor=False))


def games_dir() -> Path:
    """The default folder offered for saving and opening records."""
    return data_dir() / "games"


class Autosave:
    """The autosave file: ``save`` after every move, ``resumable`` for the menu's Continue."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._checked = False  # the existing file was looked at before the first overwrite

    @property
    def path(self) -> Path:
        return self._path or data_dir() / FILE_NAME

    def save(self, record: GameRecord) -> str | None:
        """Write ``record``; returns a problem description instead of raising (the game goes on)."""
        try:
            if not self._checked:
                self._set_aside_if_foreign()
                self._checked = True
            atomic_write_text(self.path, record.dumps())
            return None
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            return f"Could not autosave the game: {exc.strerror or exc}"

    def _set_aside_if_foreign(self) -> None:
        """Never overwrite a file that is not a record: move it aside first."""
        if self.path.exists() and not is_record_file(self.path):
            aside = move_aside(self.path)
            log.info("autosave file was not a record; moved to %s", aside)

    def load(self) -> tuple[GameRecord | None, str | None]:
        """The autosaved game (None if there is none) and a problem to report, if the file was bad."""
        path = self.path
        if not path.exists():
            return None, None
        try:
            return load_record(path), None
        except RecordError as exc:
            try:
                aside = move_aside(path)
                where = f"moved to {aside.name}"
            except OSError as err:
                where = f"left in place ({err.strerror or err})"
            log.info("autosave unreadable: %s; %s", exc, where)
            return None, f"The autosaved game could not be read ({exc}); {where}."

    def resumable(self) -> tuple[GameRecord | None, str | None]:
        """The autosaved game if it is unfinished (for "Continue"), and any problem to report."""
        record, problem = self.load()
        if record is not None and (record.is_finished() or not record.moves):
            record = None
        return record, problem

    def clear(self) -> None:
        """Forget the autosave (the player started a new game or the game ended and was seen)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            log.info("could not remove the autosave: %s", exc)


AUTOSAVE = Autosave()


class GameAutosaver:
    """The game scene's helper: one per game, ``update`` after every move (and undo).

    It keeps the record's start date across moves and reports a failure only once, so a full
    disk gives one message, not one per move.
    """

    def __init__(self, setup: Any, autosave: Autosave | None = None, record: GameRecord | None = None) -> None:
        self.autosave = autosave or AUTOSAVE
        self.record = record or record_for_setup(setup)
        self.failed = False

    def update(self, moves: list[str], state: Any, result: Any = None) -> str | None:
        """Save the game as it is now; returns a problem to show (only the first time it happens)."""
        self.record = self.record.with_moves(list(moves), state)
        if result is not None and not self.record.is_finished():
            self.record = self.record.finish(result)
        problem = self.autosave.save(self.record)
        if problem is None:
            self.failed = False
            return None
        first = not self.failed
        self.failed = True
        return problem if first else None


# -- between the window's MatchSetup and a record ------------------------------------------------
def record_for_setup(setup: Any, started: str | None = None) -> GameRecord:
    """A new record for a ``ui.match.MatchSetup`` (duck-typed: no import of the window's modules)."""
    game = setup.make_game()
    sides = (Side(setup.players[0], setup.player_label(0)), Side(setup.players[1], setup.player_label(1)))
    extra = {k: v for k, v in setup.to_dict().items() if k not in ("game", "options", "players")}
    record = GameRecord.start(game, sides, extra)
    if started:
        record.started = started
    return record


def setup_dict_for_record(record: GameRecord) -> dict[str, Any]:
    """What ``MatchSetup.from_dict`` needs to set the same game up again (Continue, continue from move n)."""
    data = dict(record.setup)
    players = [p.id for p in record.players]
    data.update({"game": record.game_id, "options": dict(record.options), "players": players})
    if "mode" not in data:  # a record from the command line (match --json) or written by hand
        humans = sum(p is None for p in players)
        data["mode"] = "hotseat" if humans == 2 else "pc-pc" if humans == 0 else "human-pc"
    return data
