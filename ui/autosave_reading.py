"""The kept games read for the lists (Continue, Saved games) and what is said of each: every
folder looked at once per reading (``look_at``) and each file read once while it is unchanged
(``scan``, ``_READ``, the lists' cache), who moved in a game and its opening
(``worth_continuing``, ``opening_name``); a damaged file moved aside and said once
(``damage_said``), one refused for an illegal move kept up to its last legal move
(``_kept_up_to_legal``), and one cut short offered to recover (``recoverable_in``).  The
folders are ``ui.data_folders``', each game's own file and the shelf ``ui.autosave``'s.

No pygame here: the autosave is plain file work.
"""

from __future__ import annotations

import fnmatch
import logging
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from ai.atomic import remove_stale_among
from ai.value_words import counted
from games.record import GameRecord, RecordError, RecordNotReadableHere
from ui import list_cache, words
from ui.autosave_setup import kept_redo, without_redo
from ui.data_folders import cache_dir, games_dir, tournaments_dir
from ui.i18n import _, ngettext
from ui.paths import folder_shown
from ui.record_files import (
    OUTSIDE_SUFFIXES,
    atomic_write_text,
    is_outside_file,
    move_aside,
    with_known_players,
)
from ui.record_files import load as load_record
from ui.tournament_logs import PlayedGame, games_played

log = logging.getLogger("ui.autosave")  # the autosave's lines under one name, as before the split


def scan(folder: Path, to_play_on: bool = False,
         who_moved: bool = False) -> tuple[list[tuple[Path, GameRecord]], list[str]]:
    """The readable records in ``folder`` (newest first) and a message for each bad one: a damaged
    one is moved aside; one this Tabuleiro cannot read now (a newer version's, a file it may not
    open; ``to_play_on``: one naming a computer player it lacks) or that trips a fault of ours is
    left where it is, and the others are listed all the same.  ``who_moved``: the unfinished
    games' folder, where Continue asks who made each game's moves (``_worked_out``)."""
    found, problems = [], []
    if not folder.is_dir():
        return found, problems
    look = _look_for_scan(folder)
    remove_stale_among(look.entries)  # temporaries left by a window killed in the middle of a save
    known, kept, seen = last_scan(folder), {}, Scanned(frozenset(look.files), [], [], set())
    _READ[folder] = kept
    _tell_watchers(folder, seen)
    for path, stamp in sorted(look.files.items()):
        try:
            listed = read_once(path, stamp, known)
            if listed.stamp is not None:  # only the files still there are kept: the list shown, no more
                kept[path] = _worked_out(listed, who_moved)
            record = replace(listed.record)  # a screen that sets a field of its record (a replay's evaluations) sets it on its own copy
            found.append((path, with_known_players(record, path) if to_play_on else record))
        except RecordNotReadableHere as exc:
            # its last full stop dropped: a newer version's "... Update Tabuleiro to open it." read ".; left in place"
            problem = words.file_problem(str(exc)).rstrip(".")
            problems.append(_("{problem}; {where}").format(problem=problem, where=_("left in place")))
            log.info("record not readable here %s: %s", path, exc)
        except RecordError as exc:
            if not path.exists():  # moved on or removed by another Tabuleiro window since the listing
                continue
            if is_outside_file(path):  # another program's file, saved or put there: not ours to move
                problems.append(_("{problem}; {where}").format(problem=words.file_problem(str(exc)).rstrip("."),
                                                               where=_("left in place")))
                log.info("game file of another program not readable %s: %s", path, exc)
                continue
            legal = _kept_up_to_legal(path)
            if legal is not None:  # a game kept, not a file lost: told apart from those moved aside
                record, problem, aside = legal
                seen.kept.append((path.name, aside.name, len(record.moves)))
                found.append((path, record))
                problems.append(problem)
                continue
            problems.append(_damaged_set_aside(path, str(exc), seen))
        except Exception as exc:  # noqa: BLE001 - a fault of ours on one odd file must not hide the others
            problems.append(_("{name}: could not be read ({error}); left in place").format(
                name=path.name, error=f"{type(exc).__name__}: {exc}"))
            log.exception("reading record %s", path)
    found.sort(key=lambda pr: updated_at(pr[1]), reverse=True)
    if _changed(kept, known):
        list_cache.write_later(folder, list_cache.cache_file(folder, cache_dir()), kept)  # for the next start
    return found, problems


_READ: dict[Path, list_cache.Known] = {}  # folder -> what its last ``scan`` found in each file, this run's


class Scanned(NamedTuple):
    """What one ``scan`` of a folder looked at (``scans_seen``): the record files its look found,
    those it moved aside as damaged (name, the name it has now), and those whose game it kept up
    to its last legal move (``_kept_up_to_legal``: name, the name the file as it was has now, the
    moves kept), filled in as it reads; and of those moved aside, the ones whose game another
    file keeps whole (the names they have now: ``kept_whole_elsewhere``, ``tournament_keeping``)."""

    files: frozenset[Path]
    moved: list[tuple[str, str]]
    kept: list[tuple[str, str, int]]
    whole: set[str]


_WATCHING = threading.local()  # this thread's ``scans_seen`` under way: folder -> Scanned


@contextmanager
def scans_seen() -> Iterator[dict[Path, Scanned]]:
    """What the ``scan`` of each folder made on this thread inside looked at (folder -> ``Scanned``):
    ``ui.file_report`` tells what a list's reading found wrong from it, where it listed each
    folder three more times (before, after, and for the files the list left out).  Per thread:
    two lists may read one folder at once, each on its own."""
    outer = getattr(_WATCHING, "seen", None)
    _WATCHING.seen = seen = {}
    try:
        yield seen
    finally:
        _WATCHING.seen = outer


def _tell_watchers(folder: Path, scanned: Scanned) -> None:
    seen = getattr(_WATCHING, "seen", None)
    if seen is not None:
        seen[folder] = scanned


class Look(NamedTuple):
    """One look at a folder (``look_at``): its record files, each with its stamp (None: one that
    could not be looked at), and all its entries (the temporary files writes may have left among them)."""

    folder: tuple[int, int] | None  # the folder's own (st_mtime_ns, st_ino): a file added, removed or replaced changes it
    files: dict[Path, list_cache.Stamp | None]
    entries: list[os.DirEntry]


_LOOKED: dict[Path, Look] = {}  # folder -> the look ``unread`` took, for the ``scan`` that follows it


def record_patterns(folder: Path) -> tuple[str, ...]:
    """The names of ``folder``'s game files: records (``*.json``), and in the saved-games folder
    the other programs' files too (``OUTSIDE_SUFFIXES``: the game screen saves a Hex game's SGF
    and an Othello game's GGF there, and a player looked for them in Saved games, which listed
    only records).  The window's own folders hold its records alone."""
    outside = tuple(f"*{suffix}" for suffix in OUTSIDE_SUFFIXES) if folder == games_dir() else ()
    return ("*.json", *outside)


def look_at(folder: Path) -> Look:
    """``folder``'s game files (``record_patterns``) and their stamps, and its temporaries: one
    listing of the folder and one look at each file; an empty look where the folder cannot be listed."""
    try:
        own = _folder_stamp(folder)  # before the listing: a file added meanwhile makes the look stale
        entries = list(os.scandir(folder))
    except OSError:
        return Look(None, {}, [])
    files: dict[Path, list_cache.Stamp | None] = {}
    patterns = record_patterns(folder)
    for entry in entries:
        if any(fnmatch.fnmatch(entry.name, pattern) for pattern in patterns):
            try:
                info = entry.stat()
                files[Path(entry.path)] = _stamp(info)
            except OSError:  # gone since the listing, or not to be looked at: the reading says which
                files[Path(entry.path)] = None
    return Look(own, files, entries)


def _stamp(info: os.stat_result) -> list_cache.Stamp:
    """A record file's stamp: a save replaces the file (a new inode), so any save changes it."""
    return info.st_mtime_ns, info.st_size, info.st_ino


def unchanged_since_scan(path: Path) -> bool:
    """Whether ``path`` is the file its folder's last ``scan`` read (not written again since)."""
    listed = _READ.get(path.parent, {}).get(path)
    try:
        return listed is not None and listed.stamp == _stamp(path.stat())
    except OSError:
        return False


def _folder_stamp(folder: Path) -> tuple[int, int]:
    info = folder.stat()
    return info.st_mtime_ns, info.st_ino


_NAMES: dict[Path, tuple[tuple[int, int], tuple[str, ...]]] = {}  # folder -> its stamp, its files' names then


def holds_any(folder: Path, pattern: str) -> bool:
    """Whether ``folder`` holds a file named as ``pattern`` says ("*.json"), listed again only when
    the folder changed (a file added, removed or renamed in it changes its stamp): the main menu
    asks at each layout (14 listings of the finished games as the window opened), for its Saved
    games button, and of one folder with several patterns (records, other programs' files, damaged
    files): one listing answers them all.  False where there is no folder."""
    try:
        stamp = _folder_stamp(folder)
        listed = _NAMES.get(folder)
        if listed is None or listed[0] != stamp:
            with os.scandir(folder) as entries:
                listed = _NAMES[folder] = stamp, tuple(entry.name for entry in entries)
    except OSError:
        return False
    return any(fnmatch.fnmatchcase(name, pattern) for name in listed[1])


def _look_for_scan(folder: Path) -> Look:
    """The look ``unread`` took at ``folder`` just before (a list asks it, then reads: the folder
    was listed and every file looked at twice), if the folder is as it was then (every save
    renames a file into it); else a new look."""
    taken = _LOOKED.pop(folder, None)
    try:
        if taken is not None and taken.folder == _folder_stamp(folder):
            return taken
    except OSError:
        pass
    return look_at(folder)


def unread(folder: Path) -> int:
    """How many of ``folder``'s records this run has not read (new or changed since its last scan
    of it): a list with many reads them off the window's thread (``ui.folder_reading``).  The
    first reading of a folder in a run goes there even when the disk cache holds its files
    (``last_scan``): loading the cache and checking the players named take a second with hundreds
    of games, which the window does not wait for.  The look taken is the one the reading that
    follows uses (``_look_for_scan``)."""
    known = _READ.get(folder, {})
    look = _LOOKED[folder] = look_at(folder)
    return sum(stamp is None or path not in known or known[path].stamp != stamp for path, stamp in look.files.items())


def last_scan(folder: Path) -> list_cache.Known:
    """What the last ``scan`` of ``folder`` read: in this run, or, at its first look at the folder,
    in an earlier one (``ui.list_cache``: the files unchanged since are not read again)."""
    known = _READ.get(folder)
    return known if known is not None else list_cache.read(folder, list_cache.cache_file(folder, cache_dir()))


def _changed(kept: list_cache.Known, known: list_cache.Known) -> bool:
    """Whether a folder's reading found other than the last one (another file, or an opening
    worked out for an entry of an older version's cache): its cache is then written again."""
    return kept.keys() != known.keys() or any(listed.stamp != known[path].stamp or listed.opening != known[path].opening
                                              or listed.movers != known[path].movers for path, listed in kept.items())


def _worked_out(listed: list_cache.Listed, who_moved: bool) -> list_cache.Listed:
    """``listed`` with what the lists work out from its moves filled in, once per file (kept in
    the list cache between runs): its opening's name, and (``who_moved``: in the unfinished games'
    folder) who made its first moves where Continue asks (``worth_continuing``), which a kept
    answer then spares the replay of: the main menu replayed every such game at every start."""
    record = listed.record
    if listed.opening is None:
        listed = listed._replace(opening=opening_name(record))
    if listed.movers is not None:
        _remembered(_MOVERS, _moves_key(record), lambda: frozenset(listed.movers))
    elif who_moved and _asks_who_moved(record):
        movers = _sides_that_moved(record)
        listed = listed if movers is None else listed._replace(movers=tuple(sorted(movers)))
    return listed


def read_once(path: Path, stamp: list_cache.Stamp | None, known: list_cache.Known) -> list_cache.Listed:
    """The record in ``path`` (``stamp``: as the folder's look found it), read (its moves
    replayed: milliseconds each, seconds for a teacher's thousands of games) only if the file
    changed since the last ``scan`` of its folder (``known``: what that scan read, in this run or
    an earlier one).  A file that could not be looked at is read, to say why (stamp None)."""
    seen = known.get(path)
    if stamp is not None and seen is not None and seen.stamp == stamp:
        return seen
    return list_cache.Listed(stamp, load_record(path))


def opening_name(record: GameRecord) -> str:
    """The name of ``record``'s opening as its list row says it ("Tiger"; ``ui.words.opening_name``),
    "" without one: a game, option or start this version cannot read names none (the row says
    the rest).  Worked out as its file is read, and kept with it (``ui.list_cache``); once per
    game in a run for the rows of no file (a tournament's games)."""
    return _remembered(_OPENINGS, _moves_key(record), lambda: _worked_out_opening(record))


def _worked_out_opening(record: GameRecord) -> str:
    try:
        game = record.game()
        start = None if record.start_position is None else game.from_text(record.start_position)
        return words.opening_name(game, record.moves, start) or ""
    except (RecordError, ValueError):
        return ""


def listed_opening(path: Path, record: GameRecord) -> str | None:
    """The opening's name kept with the file ``path`` as its folder's last ``scan`` read it, if
    that scan read ``record`` there (a later one may have read the file changed); else None."""
    listed = _listed_as(path, record)
    return None if listed is None else listed.opening


def listed_position(path: Path, record: GameRecord) -> str | None:
    """The last position of ``record`` (``Game.to_text``) kept with its file ``path`` as its
    folder's last ``scan`` read it (``keep_positions``, in the list cache between runs); None
    when none was kept, or that scan read the file otherwise."""
    listed = _listed_as(path, record)
    return None if listed is None else listed.position


def keep_positions(positions: dict[Path, tuple[GameRecord, str]]) -> None:
    """Keep with each file its record's last position (a list row's picture replayed it: file ->
    (record, ``Game.to_text``)), and write the caches of their folders for the next start, which
    then replays none of them (``ui.scenes.row_pictures``).  A file read otherwise since is left."""
    folders = set()
    for path, (record, text) in positions.items():
        listed = _listed_as(path, record)
        if listed is not None and listed.position != text:
            _READ[path.parent][path] = listed._replace(position=text)
            folders.add(path.parent)
    for folder in folders:
        list_cache.write_later(folder, list_cache.cache_file(folder, cache_dir()), dict(_READ[folder]))


def _listed_as(path: Path, record: GameRecord) -> list_cache.Listed | None:
    """What the last ``scan`` of ``path``'s folder kept of it, if it read ``record`` there."""
    listed = _READ.get(path.parent, {}).get(path)
    same = listed is not None and (listed.record.game_id, listed.record.options, listed.record.start_position,
                                   listed.record.moves) == (record.game_id, record.options, record.start_position,
                                                            record.moves)
    return listed if same else None


def _kept_up_to_legal(path: Path) -> tuple[GameRecord, str, Path] | None:
    """A game file refused for an illegal move (``games.record.up_to_last_legal``), kept up to its
    last legal move: the file as it was is moved aside untouched (``move_aside``), the game up to
    that move written in its place, and listed (Continue offers it, Saved games replays it) with a
    message saying how many moves were kept and why.  The whole game was moved aside for one move
    a rule changed between versions, or a hand, made illegal.  None (the file as it was) when it
    is refused for another reason, its first move is refused (no move to keep: a row of an empty
    game stood for it, where a drop of the file opens nothing, ``ui.record_files.kept_up_to_legal``),
    or it cannot be moved or written: it is then moved aside whole."""
    from games.record import up_to_last_legal

    if path.suffix.lower() != ".json":
        return None
    try:
        legal = up_to_last_legal(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    if legal is None:
        return None
    record, kept, why = legal
    if not kept:
        return None
    record = without_redo(record)
    try:
        aside = move_aside(path)
    except OSError as exc:
        log.info("could not move %s aside: %s", path, exc)
        return None
    try:
        atomic_write_text(path, record.dumps())
        record = load_record(path)
    except (OSError, RecordError) as exc:  # the original stays aside: the list says it was moved
        log.info("could not write the legal part of %s: %s", path, exc)
        return None
    log.info("record %s kept up to its last legal move (%s): %s; the file as it was is %s", path, counted(kept, "moves"),
             why, aside)
    said = ngettext("{problem}. The game is kept up to its last legal move ({n} move kept); the file as it was is "
                    "kept aside as {aside}",
                    "{problem}. The game is kept up to its last legal move ({n} moves kept); the file as it was is "
                    "kept aside as {aside}", kept)
    return record, said.format(problem=words.file_problem(f"{path.name}: {why}"), n=kept, aside=aside.name), aside


# -- games recovered from files cut short ------------------------------------------------------
DAMAGED_FILES = "*.json.corrupt-*"  # a record file moved aside as damaged (``ui.record_files.move_aside``)
RECOVERY_MOST_BYTES = 4 * 1024 * 1024  # a damaged file larger than any record's is not read for a game


class Recoverable(NamedTuple):
    """A damaged record file moved aside (``path``, never written) and the game it still holds
    (``games.record_recovery.Recovered``): what the lists offer to recover."""

    path: Path
    found: Any  # games.record_recovery.Recovered


_RECOVERED: dict[Path, tuple[list_cache.Stamp, Recoverable | None]] = {}  # path -> its stamp, what it held then


def recoverable_in(folder: Path) -> list[Recoverable]:
    """The files of ``folder`` moved aside as damaged (cut short: a disk that filled, a copy
    stopped part way) that still hold at least one legal move of their game, newest first; each
    file read once until it changes.  The files are only read."""
    try:
        paths = sorted(folder.glob(DAMAGED_FILES))
    except OSError:
        return []
    found = [kept for path in paths if (kept := recovered_from(path)) is not None]
    return sorted(found, key=lambda kept: updated_at(kept.found.record), reverse=True)


def recovered_from(path: Path) -> Recoverable | None:
    """The game the damaged file ``path`` still holds (``games.record_recovery.recover``), or None:
    none, no move, or the file cannot be read.  A game whose dates were lost with the file's end
    is dated by the file's last writing (moving it aside kept that time)."""
    from games.record_recovery import recover_bytes

    try:
        info = path.stat()
        stamp = _stamp(info)
        if path in _RECOVERED and _RECOVERED[path][0] == stamp:
            return _RECOVERED[path][1]
        data = path.read_bytes() if info.st_size <= RECOVERY_MOST_BYTES else b""
    except OSError:
        return None
    written = datetime.fromtimestamp(info.st_mtime).astimezone().isoformat(timespec="seconds")
    found = recover_bytes(data, written) if data else None
    if found is not None and not found.whole:
        found = replace(found, record=without_redo(found.record))
    kept = Recoverable(path, found) if found is not None and found.kept > 0 else None
    _RECOVERED[path] = (stamp, kept)
    return kept


def holds_game_of(record: GameRecord, recovered: GameRecord, dated: bool = True) -> bool:
    """Whether ``record`` holds the game ``recovered`` from a damaged file, as far as it went: the
    same game begun at the same moment, its moves first (the game saved, or taken up and played on).
    A file cut in its moves lost its dates with its end (``Recovered.dated`` false: dated by its
    last writing), and no saved copy ever matched it: the same game, players and moves, begun no
    later than that writing, is its game then."""
    if record.game_id != recovered.game_id or record.moves[:len(recovered.moves)] != recovered.moves:
        return False
    if dated:
        return record.started == recovered.started
    return ((record.options, _player_ids(record), record.start_position)
            == (recovered.options, _player_ids(recovered), recovered.start_position)
            and moment(record.started) <= moment(recovered.started))


def _player_ids(record: GameRecord) -> tuple[str | None, ...]:
    """Who played ``record`` (their ids: a title may be said otherwise where it is listed)."""
    return tuple(side.id for side in record.players)


def moment(date: str) -> float:
    """An ISO 8601 date text as seconds since the epoch, to compare dates written with other UTC
    offsets (summer time) or none (local)."""
    return datetime.fromisoformat(date).astimezone().timestamp()  # a date without offset: local


def kept_whole_in(kept: Recoverable, records: Iterable[GameRecord]) -> bool:
    """Whether one of ``records`` holds the game the damaged file ``kept`` still holds
    (``holds_game_of``): the lists then offer no row to recover it
    (``ui.scenes.records.recovered_entries``), nor do their messages (``damage_said``)."""
    return any(holds_game_of(record, kept.found.record, kept.found.dated) for record in records)


def kept_whole_elsewhere(kept: Recoverable) -> bool:
    """Whether a record file of the lists' folders (the saved, finished and unfinished games:
    ``records_in``) holds the game the damaged file ``kept`` still holds (``kept_whole_in``).
    Asked of a damaged file found still holding moves, a rare thing: the main menu, reading only
    the unfinished games, said "Saved games offers them" of an autosave whose game had been
    saved by hand, and Saved games, listing the saved file, rightly offered no recovery."""
    from ui.autosave import SHELF  # the shelf reads its folders through this module

    return kept_whole_in(kept, (record for folder in (games_dir(), SHELF.finished_folder, SHELF.folder)
                                for record in records_in(folder)))


def tournament_keeping(kept: Recoverable) -> PlayedGame | None:
    """The tournament game whose results log holds the game the damaged file ``kept`` still holds
    (``holds_game_of``: a tournament game replayed and saved, its file cut since), or None.
    Saved games lists it as that tournament's row and so offers no recovery: the message said
    "Saved games offers it" of a row that was never to be."""
    return next((game for game in games_played(tournaments_dir()) if holds_game_of(game.record, kept.found.record, kept.found.dated)),
                None)


def records_in(folder: Path) -> Iterator[GameRecord]:
    """The records of ``folder``'s files as the lists read them (``read_once``: those unchanged
    since its last ``scan`` are not read again); a file that cannot be read is passed over.
    Nothing is moved aside or written: that is ``scan``'s, which says why."""
    known = last_scan(folder)
    for path, stamp in look_at(folder).files.items():
        try:
            yield read_once(path, stamp, known).record
        except (OSError, RecordError):
            continue


def recovered_words(kept: Recoverable) -> str:
    """What a list's row offers for a damaged file: "Recover 23 moves"."""
    return ngettext("Recover {n} move", "Recover {n} moves", kept.found.kept).format(n=kept.found.kept)


def recovered_notice(kept: Recoverable) -> str:
    """What the window says as it opens a game recovered from a damaged file: how much of it, that
    the damaged file is not changed, and how to keep the game."""
    found = kept.found
    if found.whole:
        said = ngettext("Recovered all {n} move of this game from the damaged file {name}.",
                        "Recovered all {n} moves of this game from the damaged file {name}.", found.kept)
    else:
        said = ngettext("Recovered the first {n} move of this game from the damaged file {name}; the rest was lost.",
                        "Recovered the first {n} moves of this game from the damaged file {name}; the rest was lost.",
                        found.kept)
    return " ".join([said.format(n=found.kept, name=kept.path.name),
                     _("That file is left as it is. Save the game or play on to keep it in a new file.")])


def read_listed(path: Path) -> tuple[GameRecord | None, str | None]:
    """The record of a list's row, to open (a replay, a game played on), as its file holds it now,
    or None and why not, to show: the list's record may come from the cache of an earlier start
    (``ui.list_cache``), and what is opened is the file itself, which may be gone or damaged since
    (the list, read again, sees to it)."""
    try:
        return load_record(path), None
    except RecordError as exc:
        log.info("listed record no longer readable %s: %s", path, exc)
        return None, words.cannot_open(str(exc))


def _damaged_set_aside(path: Path, problem: str, seen: Scanned) -> str:
    """Move the damaged file ``path`` aside, noted in ``seen`` (its new name; whether another file
    keeps its game whole); what the list says of it (``damage_said``), the log where it went in its
    own English (``logged_place``)."""
    where, aside = _moved_aside(path)
    kept = recovered_from(aside) if aside is not None else None
    listed = kept is not None and kept_whole_elsewhere(kept)
    played = tournament_keeping(kept) if kept is not None and not listed else None
    if aside is not None:
        seen.moved.append((path.name, aside.name))
        if listed or played is not None:
            seen.whole.add(aside.name)
    log.warning("unreadable record %s: %s; %s", path, problem, logged_place(aside))
    return damage_said(problem, where, kept, listed, played)


def damage_said(problem: str, where: str, kept: Recoverable | None, whole: bool = False,
                played: PlayedGame | None = None) -> str:
    """What a list says of a damaged file it moved aside: why and where it is now, and, where the
    file still holds moves of its game (``kept``, ``recovered_from``), that Saved games offers them
    ("Recover 23 moves", ``recoverable_in``): the main menu says it too, and Saved games lists every
    such game, finished or not, where Continue lists those to play on.  A game another file keeps
    whole (``whole``: ``kept_whole_elsewhere``) is not offered, and that file is said instead:
    "Saved games offers them" sent the player to a list that rightly showed no such row.  A game
    a tournament's results keep whole (``played``: ``tournament_keeping``) is said to be there, as
    Saved games' row for it names it."""
    said = _("{problem}; {where}").format(problem=words.file_problem(problem), where=where)
    if kept is None:
        return said
    if played is not None:
        return _("{said}. Its game is kept whole in the results of tournament {name} (game {number}), "
                 "so nothing of it is lost.").format(said=said, name=played.log.stem, number=played.number)
    if whole:
        return _("{said}. Its game is kept whole in another file, so nothing of it is lost.").format(said=said)
    return ngettext("{said}. Its game's first move can be recovered: Saved games offers it.",
                    "{said}. Its game's first {n} moves can be recovered: Saved games offers them.",
                    kept.found.kept).format(said=said, n=kept.found.kept)


def set_aside(path: Path) -> tuple[str, str]:
    """Move a damaged file aside; where it is now, in the window's language and in the log's
    English (``logged_place``)."""
    where, aside = _moved_aside(path)
    return where, logged_place(aside)


def logged_place(aside: Path | None) -> str:
    """Where a damaged file went (``aside``: its new path, None where it could not be moved), as
    the log says it: in its own English, as its other lines are, where it took the window's words
    ("movido para ... em ...") and a Portuguese window's bug report read half in Portuguese."""
    return "left in place" if aside is None else f"moved to {aside}"


def _moved_aside(path: Path) -> tuple[str, Path | None]:
    """Move a damaged file aside: where it is now, in the window's language, and its new path
    (None: it could not be moved)."""
    try:
        aside = move_aside(path)
    except OSError as err:
        return _("left in place ({error})").format(error=err.strerror or err), None
    return _("moved to {name} in {folder}").format(name=aside.name, folder=folder_shown(aside.parent)), aside


def updated_at(record: GameRecord) -> float:
    """When ``record`` was last changed, as a moment (seconds since the epoch): its date texts
    carry their UTC offsets, which change with summer time, so the texts do not sort by time."""
    return moment(record.updated)


def worth_continuing(record: GameRecord) -> bool:
    """Whether Continue offers ``record``'s unfinished game: a person made a move of it (any move
    of a hot-seat game; in one against the computer, at least one of the person's).  After one
    evening QA found six games offered, among them a watched PC vs PC game and a Hex game where
    only the computer had moved: nobody wants those back, and they buried the games played."""
    humans = [player.id is None for player in record.players]
    if not _asks_who_moved(record):
        return not record.is_finished() and bool(played_line(record)) and all(humans)
    movers = _sides_that_moved(record)
    return movers is None or any(humans[side] for side in movers)


def _asks_who_moved(record: GameRecord) -> bool:
    """Whether ``worth_continuing`` needs to know who made ``record``'s moves: an unfinished game,
    with moves, between a person and the computer."""
    humans = {player.id is None for player in record.players}
    return not record.is_finished() and bool(played_line(record)) and humans == {True, False}


def played_line(record: GameRecord) -> list[str]:
    """The moves of ``record``'s game as the players played them: its moves, then those Undo took
    back and Redo can play again (``kept_redo``; none in a finished game).  Continue offers a game
    by them: one taken back to its start was not lost while its moves could be redone."""
    if record.is_finished():
        return list(record.moves)
    return [*record.moves, *kept_redo(record.setup)]


def watched(record: GameRecord) -> bool:
    """Whether no person plays in ``record``'s game (PC vs PC)."""
    return all(player.id is not None for player in record.players)


def not_offered(record: GameRecord) -> bool:
    """Whether ``record`` is an unfinished game Continue leaves out (a watched one, one where only
    the computer moved): a row of Saved games, and among the ``NOT_OFFERED_KEPT`` kept."""
    return bool(record.moves) and not record.is_finished() and not worth_continuing(record)


_MOVERS: dict[tuple, frozenset[int] | None] = {}  # a game's moves (``_moves_key``) -> the sides that made them
_OPENINGS: dict[tuple, str] = {}  # a game's moves (``_moves_key``) -> its opening's name (``opening_name``)
REMEMBERED = 4096  # games each of these remembers; beyond, it starts again


def _remembered(memory: dict, key: tuple, work: Callable[[], Any]) -> Any:
    """``work()`` for the game ``key`` names, worked out once in a run (``memory``)."""
    if key not in memory:
        if len(memory) >= REMEMBERED:
            memory.clear()
        memory[key] = work()
    return memory[key]


def _sides_that_moved(record: GameRecord) -> frozenset[int] | None:
    """The sides that made ``record``'s moves (the side to move says who made each), replayed up to
    the first move of each side, once per game in a run: the main menu, the Continue list and
    Saved games each asked again, and the menu twice, each time replaying every unfinished game;
    the answer is kept with the game's file too (``_worked_out``), so a new start replays none.
    None for a record this install cannot replay (offered: a game is never hidden for a doubt)."""
    return _remembered(_MOVERS, _moves_key(record), lambda: _replayed_movers(record))


def _moves_key(record: GameRecord) -> tuple:
    """What a replay of ``record``'s moves depends on (who made them, its opening): its game,
    options, start and moves."""
    return record.game_id, repr(sorted(record.options.items())), record.start_position, tuple(played_line(record))


def _replayed_movers(record: GameRecord) -> frozenset[int] | None:
    try:
        game = record.game()
        state, movers = record.first_state(game), set()
        for text in played_line(record):
            movers.add(state.to_move)
            if len(movers) == 2:
                break
            state = state.play(game.parse_move(state, text))
    except (RecordError, ValueError):
        return None
    return frozenset(movers)


def to_continue(found: list[tuple[Path, GameRecord]]) -> list[tuple[Path, GameRecord]]:
    """The unfinished games (``Shelf.unfinished``) that Continue offers, in the same order (newest first)."""
    return [(path, record) for path, record in found if worth_continuing(record)]
