"""Files written whole or not at all: a crash, a kill or a second Ctrl+C in the middle of a write
leaves the old content or the new, never half of it.  Used by the window's saves (ui.record_files,
ui.settings, ...) and by a tournament's results (``--out FILE``: the report, the CSV files and the
live FILE.txt a teacher may have open while it is rewritten).  No pygame: ai/ and ui/ share it.
Files read no further than a cap (``capped_text``: records, settings, a tournament's report) are
read here too, so that a huge file dropped on the window is refused before it fills the memory, and
a game file as the window and ``main.py analyse --record`` both read it (``game_file_text``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from games.record import MAX_BYTES
from games.record_parts import RecordError, RecordNotReadableHere, text_in_another_encoding

# Every name our writes use before a file is whole (``temporary_name``), for the cleaner of writes
# killed halfway (``remove_stale_among``): .NAME.<8 hex>.tmp, a file being written (``new_temporary``,
# a Save's or a Picture's staged file); .NAME.claim.tmp, a save claiming a name on a disk without
# hard links (``ui.export``); and .NAME.png.<8 hex>.png, a Picture staged by older versions.
TEMPORARY = re.compile(r"^\..+\.(?:[0-9a-f]{8}|claim)\.tmp$|^\..+\.png\.[0-9a-f]{8}\.png$")
STALE_AFTER = 24 * 3600.0  # seconds: a write takes milliseconds, so a temporary this old was left by a kill


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old content or the new, never half.

    The temporary file is in the same folder (``os.replace`` is atomic only within one file
    system); it is flushed and fsynced before the rename, and the folder is fsynced after it.
    """
    atomic_write_bytes(path, text.encode("utf-8"))  # UTF-8, "\n" kept as it is on every system


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """``atomic_write_text`` for bytes (a PNG): a full disk leaves the old file, or none, never an
    empty or cut one, and says why as an OSError with its errno."""
    atomic_write_stream(path, lambda out: out.write(data))


def atomic_write_stream(path: Path | str, write: Callable[[BinaryIO], object]) -> None:
    """``atomic_write_bytes`` for a file too big to hold whole: ``write`` fills the new file (a
    results log copied line by line under a new header), which replaces ``path`` only once it
    is complete and on disk."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = new_temporary(path)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def new_temporary(path: Path) -> tuple[int, Path]:
    """A new, empty temporary file beside ``path`` (an open descriptor and its path) with the mode
    the file should keep: the old file's, or for a new file what the user's umask gives.

    ``tempfile.mkstemp`` makes every file 0600 whatever the umask, so each save turned a
    settings file or a record the user had shared with their group private; ``os.open`` with
    0666 lets the system apply the umask, and an existing file's mode is then put back."""
    try:
        old_mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:  # no file yet (or one we cannot look at): the umask's default
        old_mode = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _attempt in range(100):
        tmp = temporary_name(path)
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        if old_mode is not None and hasattr(os, "fchmod"):  # POSIX: Windows files have no such modes
            try:
                os.fchmod(fd, old_mode)
            except OSError:
                os.close(fd)
                os.unlink(tmp)
                raise
        return fd, tmp
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(path.parent))


def temporary_name(path: Path, tag: str | None = None) -> Path:
    """The hidden name beside ``path`` that a write of it goes under until the file is whole:
    ``.NAME.<8 random hex>.tmp``, or ``.NAME.<tag>.tmp`` for a fixed one (a name's claim).  Every
    writer takes its names here, so that ``TEMPORARY`` knows them all: a Picture's staged file
    was named ``.NAME.png.<hex>.png``, which the cleaner never matched, so a kill in the middle
    of a Picture left it in the saved-games folder for good."""
    return path.with_name(f".{path.name}.{tag or secrets.token_hex(4)}.tmp")


def fsync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); folders cannot be opened this way on Windows."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temporaries(folder: Path, older_than: float = STALE_AFTER) -> int:
    """Remove the temporary files that writes killed halfway left in ``folder`` (a kill between the
    temporary's creation and its rename leaves it; nothing else ever removes it), if older than
    ``older_than`` seconds, so that one another window is writing now is never touched; how many."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    return remove_stale_among(entries, older_than)


def remove_stale_among(entries: list[os.DirEntry], older_than: float = STALE_AFTER) -> int:
    """``remove_stale_temporaries`` over a folder's ``entries`` as a listing of it found them (the
    game lists look at their folders once, for their records and the temporaries both)."""
    removed = 0
    now = time.time()
    for entry in entries:
        if not TEMPORARY.match(entry.name):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
    return removed


class TooLarge(ValueError):
    """A file larger than its reader takes (``capped_text``)."""


class NotText(ValueError):
    """A file that is not UTF-8 text (``capped_text``); ``raw``: its bytes, for a reader that knows
    the other encoding a file of its kind may be in (an SGF's ``CA``, ISO-8859-1 by default)."""

    def __init__(self, path: Path | str, raw: bytes = b"") -> None:
        super().__init__(path)
        self.raw = raw


def capped_text(path: Path | str, limit: int) -> str:
    """The text of ``path``, read no further than ``limit`` bytes (a larger file is not read into
    memory whole: TooLarge), UTF-8 with or without a Windows editor's byte-order mark (else
    NotText); OSError as opening it raises it.  Records, settings and tournament reports are read so."""
    with open(path, "rb") as f:
        if os.fstat(f.fileno()).st_size > limit:  # refused unread (a file that grows is caught below)
            raise TooLarge(path)
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise TooLarge(path)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise NotText(path, raw) from None


def os_problem(exc: OSError, path: Path | str, writing: bool = True) -> str:
    """What an OSError met reading or ``writing`` ``path`` means, in words a user acts on ("the
    folder /x/y is read-only"), naming ``path`` or its folder: the error itself names the
    temporary file a write went through, and says it as the C library does ("[Errno 30] ...").
    In English, as the files' other problems are: ``ui.words.file_error`` translates it.  A folder
    is said to be one where Windows refuses opening it as a PermissionError."""
    path = Path(path)
    folder = path.parent
    code = exc.errno
    if code == errno.EISDIR or (code in (errno.EACCES, errno.EPERM) and path.is_dir()):
        return f"{path} is a folder, not a file"
    if code == errno.EROFS:
        return f"the folder {folder} is read-only"
    if code in (errno.EACCES, errno.EPERM):
        return f"Tabuleiro may not write in the folder {folder}" if writing else f"Tabuleiro may not read {path}"
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"the disk holding {folder} is full"
    if code in (errno.ENOTDIR, errno.EEXIST):
        return f"a file is in the way of the folder {folder}"
    if code == errno.ENOENT:
        return f"there is no file {path}"
    return f"{exc.strerror or exc} ({path})"


def game_file_text(path: Path) -> str:
    """The text of a game file, as the window (``ui.record_files.read_text``) and ``main.py
    analyse --record`` read it: UTF-8 with or without a byte-order mark, else in the encoding a game
    file of its kind is in (``games.record_parts.text_in_another_encoding``: an SGF's Latin-1).
    RecordError in the same words for both, without the file's name, which each puts its own way
    ("game.sgf: ...", "--record FILE: ..."): a folder, a file it may not read (RecordNotReadableHere,
    left where it is by the lists of games), one too large, a picture."""
    try:
        return capped_text(path, MAX_BYTES)
    except FileNotFoundError:
        raise RecordError("no such file") from None
    except OSError as exc:  # permissions, a lock, a folder: the file itself may be sound
        raise RecordNotReadableHere(f"cannot be read ({os_problem(exc, path, writing=False)})", why="access") from None
    except TooLarge:
        raise RecordError("too large to be a game record") from None
    except NotText as exc:
        return text_in_another_encoding(exc.raw)
