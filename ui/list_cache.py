"""The game lists' cache on disk: what the last reading of a folder found in each record file, so
that the first visit of Saved games, Continue or the main menu after a new start reads again only
the files changed since (a teacher's 2000 saved games took 7-10 s of "Loading…" at every start).

``ui.autosave_reading.scan`` keeps each folder's records in memory for the run; this module keeps them
between runs, one JSON file per folder in the cache folder (``ui.data_folders.cache_dir``), each
record under its file's name with the stamp it was read at (modification time in nanoseconds,
size, inode: a save replaces the file, so any change gives a new stamp) and the name of its
opening (``Game.opening_name``: Othello's "Tiger", "" for none), which the rows show and the
search finds and which takes a replay of the moves to know.  A record comes back without its
moves being replayed (``GameRecord.from_dict(checked=False)``): it was checked when its file was
read, and the file has not changed since; an entry of an older version, without the opening,
comes back with None there (worked out, and the cache written again, at its next reading).  The
last position a list row's picture replayed (``Game.to_text``: ``ui.scenes.row_pictures``) is
kept there too, so a new start draws the rows in sight without replaying their games; and, for an
unfinished game between a person and the computer, the sides that made its first moves (whether
Continue offers it: ``ui.autosave_reading.worth_continuing``), which the main menu replayed at every start.

The cache is ours, not the user's: a file that cannot be read, is damaged, is of another folder or
of a newer version is ignored (and logged), and the next reading writes it anew; an entry that
does not make a record is read again from its file.  It is written atomically
(``ai.atomic.atomic_write_text``) on the window's writer thread (``ui.background_writer``), so a
reading never waits for the disk; two windows writing it at once leave one's whole file.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any, NamedTuple

from ai.atomic import atomic_write_text
from games.record import GameRecord
from ui.background_writer import WRITER

log = logging.getLogger(__name__)

FORMAT = "tabuleiro-list-cache"
VERSION = 2  # 2: a set-up position is named (games/reversi_openings.py); 1 kept "" for a set-up Tiger

Stamp = tuple[int, int, int]  # (st_mtime_ns, st_size, st_ino) of a record file


class Listed(NamedTuple):
    """What a reading of a folder found in one record file."""

    stamp: Stamp
    record: GameRecord
    opening: str | None = None  # its opening's name ("": none); None: not worked out yet
    position: str | None = None  # its last position (``Game.to_text``) once a row's picture replayed it; None: not yet
    movers: tuple[int, ...] | None = None  # the sides that made its first moves, once asked; None: not yet


Known = dict[Path, Listed]  # a folder's record files as last read


def cache_file(folder: Path, cache_folder: Path) -> Path:
    """The cache of ``folder``'s records in ``cache_folder``: named by a hash of the folder's path,
    which a file name could not hold whole."""
    digest = hashlib.sha256(str(folder.absolute()).encode("utf-8", "surrogateescape")).hexdigest()[:20]
    return cache_folder / "lists" / f"{digest}.json"


def read(folder: Path, path: Path) -> Known:
    """The records ``folder``'s cache file ``path`` holds, by their file's path; {} when there is
    no cache or it cannot be used (said in the log: it is made again)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        log.info("the list cache %s cannot be read (%s); it is made again", path, exc)
        return {}
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a list cache")
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r}, not {VERSION}")
        if data.get("folder") != str(folder.absolute()):
            raise ValueError(f"the cache of {data.get('folder')!r}")
        files = data["files"]
        if not isinstance(files, dict):
            raise ValueError("no files")
    except (ValueError, KeyError, RecursionError) as exc:
        log.info("the list cache %s is not usable (%s); it is made again", path, exc)
        return {}
    known: Known = {}
    for name, entry in files.items():
        try:
            stamp = tuple(entry["stamp"])
            if len(stamp) != 3 or not all(type(n) is int for n in stamp):
                raise ValueError(f"stamp {stamp!r}")
            opening, position = entry.get("opening"), entry.get("position")
            for what, value in (("opening", opening), ("position", position)):
                if value is not None and not isinstance(value, str):
                    raise ValueError(f"{what} {value!r}")
            record = GameRecord.from_dict(entry["record"], checked=False)
            known[folder / name] = Listed(stamp, record, opening, position, _movers(entry.get("movers")))
        except Exception as exc:  # noqa: BLE001 - whatever an entry holds, its file is read instead
            log.info("the list cache %s: entry %r left out (%s: %s)", path, name, type(exc).__name__, exc)
    return known


def _movers(value: Any) -> tuple[int, ...] | None:
    """The sides an entry says made its first moves; ValueError for anything but a list of sides."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(side in (0, 1) and type(side) is int for side in value):
        raise ValueError(f"movers {value!r}")
    return tuple(value)


def text(folder: Path, known: Known) -> str:
    """The cache file's text for ``known`` (``folder``'s records as just read)."""
    files: dict[str, Any] = {file.name: {"stamp": list(listed.stamp), "record": listed.record.to_dict(),
                                         "opening": listed.opening,
                                         **({"position": listed.position} if listed.position is not None else {}),
                                         **({"movers": list(listed.movers)} if listed.movers is not None else {})}
                             for file, listed in known.items()}
    return json.dumps({"format": FORMAT, "version": VERSION, "folder": str(folder.absolute()), "files": files},
                      ensure_ascii=False, separators=(",", ":"))


def write(folder: Path, path: Path, known: Known) -> None:
    """Write ``folder``'s cache now; a disk that refuses is logged (the lists work without it)."""
    try:
        atomic_write_text(path, text(folder, known))
    except OSError as exc:
        log.info("the list cache %s could not be written: %s", path, exc)


def write_later(folder: Path, path: Path, known: Known) -> None:
    """Write ``folder``'s cache on the window's writer thread (a newer write of it replaces one
    still waiting).  ``known`` is not changed afterwards: each reading makes a new one."""
    WRITER.submit(("list-cache", path), lambda: write(folder, path, known))
