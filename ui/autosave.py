"""Autosave: every game in progress is written after every move, so nothing is ever lost.

Each game has its own file in the ``unfinished`` folder (``SHELF.new_slot``): starting another
game, New game, Menu, Watch or a replay's "Play from here" never overwrite an unfinished game, and
the main menu's Continue lists those the player played (``worth_continuing``: game, players,
moves, date).  A watched PC vs PC game, or one where only the computer moved, keeps its file but
is listed under Saved games instead (``Shelf.not_offered``), the newest ``NOT_OFFERED_KEPT`` of
them (``keep_newest``, as the finished watched games, as each such game's file is first written
and as the list is read: a game saved with Save is a file of its own in ``games_dir``, a
tournament's are in its log, and neither is touched).  A game taken back to no moves keeps its
moves taken back (``REDO_KEY``): Continue offers it, and Redo plays them again; a game with
neither drops out of the list (its file is removed the next time the list is read); a game that
ends moves on to the ``finished`` folder for the Saved games screen to replay: a game played to
the end is not lost because nobody pressed Save.  Every game a person played is kept there (a
file is a few kilobytes; the list reads thousands off the window's thread and filters them);
of the games nobody played (PC vs PC), named ``watched-...`` there, the newest ``WATCHED_KEPT``.  Should Undo
take the end back in the window still playing it, its file comes back (``Autosave``): one file a game.

Every file is replaced atomically (``ui.record_files.atomic_write_text``), so whatever moment the
process dies, it holds the game as it was after some move.  The single ``autosave.json`` of older
versions is moved into the folder the first time the list is read.

A damaged autosave (it can only happen through outside hands: a disk error, an edit) is moved
aside as ``autosave.json.corrupt-<timestamp>`` and reported once; it is never deleted.  One refused
only for an illegal move (a rule changed between versions) is moved aside so too, and the game up
to its last legal move is kept in its place (``_kept_up_to_legal``), in Saved games' folder too.
One cut short keeps what it holds for the lists to offer (``recoverable_in``: "Recover 23 moves";
the file as it was only read, the game written to a new file once saved or played on).

The folder is the platform's user data folder (``platformdirs``); ``TABULEIRO_DATA_DIR``
overrides it (tests, portable installs).  No pygame here: the autosave is plain file work.

Beside this module: the folders (``ui.data_folders``), the games read for the lists and the
damaged files (``ui.autosave_reading``), what a record keeps for Continue (``ui.autosave_setup``),
how a kept game is said in the lists (``ui.autosave_words``) and the game scene's autosave
(``ui.game_autosaver``).
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from games.record import GameRecord, RecordError
from ui import words
from ui.autosave_reading import (
    last_scan,
    look_at,
    not_offered,
    read_once,
    scan,
    set_aside,
    unchanged_since_scan,
    updated_at,
    watched,
    worth_continuing,
)
from ui.data_folders import data_dir
from ui.i18n import Phrase, _
from ui.record_files import atomic_write_text, is_record_file, move_aside, os_problem
from ui.record_files import load as load_record

log = logging.getLogger(__name__)

FILE_NAME = "autosave.json"
WATCHED_KEPT = 50  # finished games nobody played (PC vs PC) kept without a Save: the oldest beyond are removed
NOT_OFFERED_KEPT = WATCHED_KEPT  # unfinished games Continue does not offer (watched ones) kept: the oldest beyond go
WATCHED_PREFIX = "watched-"  # a finished watched game's file name begins so: only those are counted for WATCHED_KEPT


class Autosave:
    """The autosave file: ``save`` after every move, ``resumable`` for the menu's Continue."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._checked = False  # the existing file was looked at before the first overwrite
        self._known: str | None = None  # the file's text as this window last read or wrote it
        self.notice: str | None = None  # said once: the game went on in a file of its own
        self._logged: str | None = None  # why the saves fail, as last logged (said again only when it changes)

    @property
    def path(self) -> Path:
        return self._path or data_dir() / FILE_NAME

    def save(self, record: GameRecord) -> str | None:
        """Write ``record``; returns a problem description instead of raising (the game goes on)."""
        return self.save_text(record.dumps())

    def save_text(self, text: str) -> str | None:
        """Write a record's text (``GameRecord.dumps``); a problem description, or None.

        A file that changed since this window last read or wrote it was written by another
        Tabuleiro window playing the same game on: it is left as it is, and this window's game
        goes on in a file of its own (both games are in the Continue list)."""
        try:
            if not self._checked:
                self._set_aside_if_foreign()
                self._checked = True
            if self._changed_elsewhere():
                self._path = self.path.with_name(f"{self.path.stem}-{uuid.uuid4().hex[:6]}{self.path.suffix}")
                self.notice = _("This game was also played on in another Tabuleiro window: this window's moves "
                                "are kept as a game of their own in the Continue list")
            else:
                self._take_back_from_the_finished()
            atomic_write_text(self.path, text)
            self._known = text
            self._logged = None
            return None
        except OSError as exc:
            why = os_problem(exc, self.path)
            if why != self._logged:  # a clocked game saves every 10 s: one line per game, not one per save
                log.warning("autosave failed: %s (%s)", why, exc)
                self._logged = why
            return Phrase(lambda: _("Could not autosave the game: {error}").format(error=words.file_error(why)))

    @property
    def failure(self) -> str | None:
        """Why the last save failed (English, as ``ui.record_files.os_problem`` says it); None
        before any save and after one that worked."""
        return self._logged

    def _changed_elsewhere(self) -> bool:
        if self._known is None:
            return False
        try:
            return self.path.read_text(encoding="utf-8") != self._known
        except FileNotFoundError:
            return False  # moved away (a finished game) or discarded: written again, nothing is lost
        except (OSError, UnicodeDecodeError):
            return True

    def _take_back_from_the_finished(self) -> None:
        """Move this game's file back from the finished games before it is written again: a list's
        reading (in this window or another) moved it there once the game ended, and the player
        then took the end back (Undo after the result card).  It was written anew among the
        unfinished games, the ended copy staying in Saved games: two files, two rows, for one
        game.  Only a copy holding what this window last wrote is taken back (it is this game as
        it ended); moved, not copied, so that at every moment one file holds the game."""
        if self._known is None or self.path.exists():
            return
        ended = SHELF.ended_copy(self.path)
        try:
            if ended is None or ended.read_text(encoding="utf-8") != self._known:
                return
            os.replace(ended, self.path)
        except (OSError, UnicodeDecodeError) as exc:  # gone, or on another disk: written anew, the copy kept
            log.info("could not take the ended game %s back: %s", ended, exc)

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
            record = load_record(path)
        except RecordError as exc:
            where, logged = set_aside(path)
            log.warning("autosave unreadable: %s; %s", exc, logged)
            return None, _("The autosaved game could not be read ({problem}); {where}.").format(
                problem=words.file_problem(str(exc)), where=where)
        try:
            self._known = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            self._known = None  # gone or unreadable since: the next save checks nothing
        return record, None

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


AUTOSAVE = Autosave()  # the file of older versions (one game only); SHELF moves it into its folder


class Shelf:
    """The unfinished games: one autosave file per game in ``folder``; the last finished ones in
    ``finished_folder``."""

    def __init__(self, folder: Path | None = None, finished_folder: Path | None = None) -> None:
        self._folder = folder
        self._finished_folder = finished_folder
        self.unmoved: list[Path] = []  # finished games the last ``unfinished()`` could not move on
        self.found_ended: list[Callable[[GameRecord], str | None]] = []  # told of each (ui.tally.count_ended)

    @property
    def folder(self) -> Path:
        return self._folder or data_dir() / "unfinished"

    @property
    def finished_folder(self) -> Path:
        return self._finished_folder or data_dir() / "finished"

    def finished(self) -> tuple[list[tuple[Path, GameRecord]], list[str]]:
        """The games kept after their end (newest first), and a problem for each unreadable file;
        with them the finished games that could not be moved there and stay among the unfinished
        (``unmoved``): a finished folder that cannot be used must not make a game vanish; and the
        unfinished games Continue does not offer (``not_offered``), which Saved games reaches."""
        found, problems = scan(self.finished_folder)
        found += self.not_offered()
        for path in self.unmoved:
            try:
                found.append((path, load_record(path)))
            except (OSError, RecordError):
                continue  # gone since, or damaged: the Continue list sees to it
        found.sort(key=lambda pr: updated_at(pr[1]), reverse=True)
        return found, problems

    def not_offered(self) -> list[tuple[Path, GameRecord]]:
        """The unfinished games Continue leaves out (``worth_continuing``): a watched PC vs PC game,
        one where only the computer moved.  Their files stay where they are (nothing is lost); the
        Continue list reports what is wrong in the folder, so its problems are not said again."""
        found, _problems = scan(self.folder, who_moved=True)
        return [(path, record) for path, record in found if not_offered(record)]

    def prune_not_offered(self) -> set[Path]:
        """Remove all but the newest ``NOT_OFFERED_KEPT`` of the unfinished games Continue does not
        offer (``keep_newest``), as a game's file is first written (``GameAutosaver.write``): the
        lists read them seldom, and games watched while none was opened grew without end.  The
        records are those the last reading of the folder kept, a file new or changed since read
        once (``read_once``); a file that cannot be read is left alone and not counted.  The
        files removed."""
        look, known, games_left = look_at(self.folder), last_scan(self.folder), []
        for path, stamp in look.files.items():
            try:
                games_left.append((path, read_once(path, stamp, known).record))
            except Exception as exc:  # noqa: BLE001 - damaged, gone, or a fault of ours: the lists see to it
                log.info("not counted among the games Continue does not offer: %s (%s)", path, exc)
        self._keep_finished_watched([path for path, record in games_left if record.is_finished() and watched(record)])
        return keep_newest([path for path, record in games_left if not_offered(record)], NOT_OFFERED_KEPT)

    def _keep_finished_watched(self, paths: list[Path]) -> None:
        """Move the finished watched games' files among the finished ones (kept to the newest
        WATCHED_KEPT), as ``unfinished`` does when a list reads the folder: a PC vs PC game ended
        and followed by Rematch after Rematch left a file per game in the unfinished games' folder
        until the window went back to the menu (8 rematches, 8 files; an evening's watching, one
        file a game).  Only games no person played: the results of one played are counted when
        a list reads it (``found_ended``)."""
        if [path for path in paths if self._keep_finished(path, nobody_played=True) is None]:
            self._prune_watched()

    def _keep_finished(self, path: Path, nobody_played: bool) -> str | None:
        """Move a finished game's file among the finished ones, a watched one's (``nobody_played``)
        named as such (``_prune_watched`` then keeps the newest WATCHED_KEPT, once for all the
        games one reading moved).  A game that cannot be moved stays where it is: a problem to
        show (the log alone left the player looking for a game that was in neither list)."""
        folder, ended = self.finished_folder, self._finished_path(path, nobody_played)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            shutil.move(path, ended)  # keeps the file's time (when the game ended), even across disks
        except OSError as exc:
            if not path.exists() and ended.exists():  # another Tabuleiro window moved it first
                return None
            log.info("could not keep the finished game %s: %s", path, exc)
            return _("{name}: this game is over but could not be moved to the finished games ({error}); it stays in "
                     "{folder}, and Saved games lists it").format(
                name=path.name, error=words.file_error(os_problem(exc, ended)), folder=self.folder)
        return None

    def ended_copy(self, path: Path) -> Path | None:
        """Where the file ``path`` of an unfinished game went once the game ended (``_keep_finished``):
        a watched game's name if such a file is there, else a played one's; None for a file not
        among the unfinished games."""
        if path.parent != self.folder:
            return None
        watched_copy = self._finished_path(path, nobody_played=True)
        return watched_copy if watched_copy.exists() else self._finished_path(path, nobody_played=False)

    def _finished_path(self, path: Path, nobody_played: bool) -> Path:
        return self.finished_folder / (WATCHED_PREFIX + path.name if nobody_played else path.name)

    def _prune_watched(self) -> None:
        """Keep the newest WATCHED_KEPT finished games nobody played (``WATCHED_PREFIX``): once after a
        reading moved some there (it listed the folder and looked at each of its files once per
        game moved: with 20 games ended in a closed window, 20 listings and 1000 stats of 50
        files).  The games a person played are all kept: the 51st no longer removed the first."""
        try:
            keep_newest(list(self.finished_folder.glob(WATCHED_PREFIX + "*.json")), WATCHED_KEPT)
        except OSError as exc:  # the folder cannot be listed: the games stay, the next reading tries again
            log.info("could not list the finished games: %s", exc)

    def new_slot(self, record: GameRecord) -> Autosave:
        """The autosave file of a new game (written on its first move)."""
        try:
            stamp = datetime.fromisoformat(record.updated).strftime("%Y-%m-%d-%H%M%S")  # now: a game played on keeps its start
        except ValueError:
            stamp = "game"
        return Autosave(self.folder / f"{record.game_id}-{stamp}-{uuid.uuid4().hex[:6]}.json")

    def _adopt_old_autosave(self) -> None:
        """Move the single autosave of older versions into the folder (once)."""
        if self._folder is not None or not AUTOSAVE.path.exists():
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            os.replace(AUTOSAVE.path, self.folder / f"older-{uuid.uuid4().hex[:6]}.json")
        except OSError as exc:
            log.info("could not move the old autosave: %s", exc)

    def unfinished(self) -> tuple[list[tuple[Path, GameRecord]], list[str]]:
        """Every unfinished game (newest first) and a problem for each unreadable file (moved aside).
        A finished game's file moves to the finished ones; an empty game's is removed."""
        self._adopt_old_autosave()
        found, problems = scan(self.folder, to_play_on=True, who_moved=True)
        keep, self.unmoved, moved = [], [], False  # moved: a watched game among the finished ones
        for path, record in found:
            if record.is_finished() and not unchanged_since_scan(path):
                continue  # written again since it was read: another window took the end back (the next reading sees it)
            if record.is_finished():
                problems += [problem for told in self.found_ended if (problem := told(record))]
                problem = self._keep_finished(path, watched(record))
                if problem:
                    problems.append(problem)
                    self.unmoved.append(path)
                moved = moved or (problem is None and watched(record))
            elif not record.moves and not worth_continuing(record):  # nothing played, nor to redo
                Autosave(path).clear()
            else:
                keep.append((path, record))
        if moved:
            self._prune_watched()
        removed = keep_newest([path for path, record in keep if not_offered(record)], NOT_OFFERED_KEPT)
        return [(path, record) for path, record in keep if path not in removed], problems


def keep_newest(paths: list[Path], kept: int) -> set[Path]:
    """Remove all but the newest ``kept`` of ``paths`` (by the file's time: when its game last
    changed); the files removed.  Games nobody played are not kept without a limit: the last
    finished ones (``WATCHED_KEPT``) and the unfinished ones Continue does not offer
    (``NOT_OFFERED_KEPT``): a teacher demoing or a student leaving PC vs PC games running filled
    the folder and Saved games without end.  A file gone meanwhile (another window) is not
    counted; one that cannot be removed stays, and the others go all the same."""
    dated = []
    for path in paths:
        try:
            dated.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue  # gone since the listing: moved on or removed by another Tabuleiro window
    removed = set()
    for _time, _name, path in sorted(dated, reverse=True)[kept:]:
        try:
            path.unlink(missing_ok=True)
            removed.add(path)
        except OSError as exc:
            log.info("could not remove the old game %s: %s", path, exc)
    return removed


SHELF = Shelf()
FAILURES_SAID_AT_START: set[str] = set()  # why games cannot be kept, as the window said it when it opened


def same_game(one: GameRecord, other: GameRecord) -> bool:
    """Whether two records hold one game as far as it went: its start (date, position, options),
    its players and its moves; a copy saved with Save and the game's own autosave are one game."""
    return (one.game_id, one.options, one.start_position, one.started, one.moves,
            [side.id for side in one.players], one.setup.get("mode")) == \
        (other.game_id, other.options, other.start_position, other.started, other.moves,
         [side.id for side in other.players], other.setup.get("mode"))


def unfinished_file_of(record: GameRecord, shelf: Shelf = SHELF) -> Path | None:
    """The file in the Continue list that holds ``record``'s game as it stands (``same_game``), or
    None.  A saved copy replayed and played on from its end went on in a new file of its own: left
    before a move, the Continue list offered the one game twice, the same moves, its dates a minute
    apart; played on, the game forked into two files.  It goes on in its own file now."""
    try:
        found, _problems = shelf.unfinished()
    except OSError:  # the folder cannot be read: the game goes on in a file of its own
        return None
    return next((path for path, kept in found if same_game(kept, record)), None)


def folder_problem(shelf: Shelf = SHELF) -> str | None:
    """Why no game can be kept in the unfinished games' folder (a file in its way, a read-only
    disk or folder), looked at as the window opens, in the words a failed autosave uses (English:
    ``ui.words.file_error`` translates it); None when a game's file can be written there.  The
    player used to hear of it at the first move of a game they thought was kept, and again at the
    first move of every game after it; a reason said here is not said again by a game's autosave."""
    folder = shelf.folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):  # a folder that is there but read-only
            pass
    except OSError as exc:
        why = os_problem(exc, folder / FILE_NAME)
        FAILURES_SAID_AT_START.add(why)
        return why
    return None


def can_write_in(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (made first if missing): not where it is
    read-only, nor where a file stands in its way.  Leaving a game whose autosave failed says
    what keeps it by this: Save's folder (``games_dir``) is in the same data folder, and a
    read-only one refused Save too, the way out the warning had named."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True
