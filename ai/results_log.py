"""A tournament's results log: FILE.jsonl, one line per finished game, written the moment it ends.

    log = ResultsLog.create("out/league.jsonl", header)     # a new tournament (replaces the file)
    header, done = ResultsLog.read("out/league.jsonl")       # what a killed tournament finished
    log = ResultsLog.append("out/league.jsonl")              # resume: add the games still missing
    log.write(number, result)
    reader = LogReader("out/league.jsonl")                   # a log read as a stream:
    for game in reader.new_games(): ...                      # its games so far, later the new ones only
    check_out("out/league", resume=False)                    # before a league loads anything

The first line is the header: the settings that fix the schedule and every game's seeds (game,
options, players, games per pair, time, clock, seed, openings), so a resumed tournament can check
it is the same tournament.  Every other line is ``{"number": N, "ended": "2026-12-04T03:15:00+00:00", "result": {...}}``
(``ended``, when the game ended, is missing from older logs).

Why it survives SIGKILL: each line is one ``os.write`` on a file opened for appending, followed
by ``fsync``; a process killed between games loses nothing, and one killed in the middle of a
write leaves at most a partial last line, which ``read`` ignores (that game is played again).
``create`` truncates, so the command checks first (``check_out``) that the folder can be written
and that FILE.jsonl holds no games a run without ``--resume`` would wipe.

One run at a time: an open log holds a lock (``ai.file_lock``, on ``.FILE.jsonl.lock`` beside it)
until closed, and a second run on the same FILE (a job submitted again while the first still
runs, a second terminal) is refused before it plays or truncates anything: two runs both played
every missing game and wrote each twice.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from ai.file_lock import Lock, try_take
from ai.match import GameResult
from ai.value_words import counted

FORMAT = "tabuleiro-tournament-log"
BINARY = getattr(os, "O_BINARY", 0)  # Windows: "\n" written as it is, not as "\r\n"
VERSION = 1
READ_CHUNK = 1 << 20  # bytes of a log read at a time (``LogReader``)
GROWN_VERSION = 2  # a log whose league took players in late (``started_with``): older versions
# do not know its schedule, and refuse to add games to it (``refuse_if_newer``)
WITHDRAWN_VERSION = 3  # a log whose league withdrew players (``withdrawn``): older versions would play their games


def log_version(header: dict[str, Any]) -> int:
    """The version a log with ``header`` is written in: the oldest that knows everything it says."""
    if header.get("withdrawn"):
        return WITHDRAWN_VERSION
    return GROWN_VERSION if header.get("started_with") is not None else VERSION


def out_base(out: str) -> Path:
    """FILE for ``--out FILE`` / ``--resume FILE``, which may be given with one of the extensions
    the tournament writes (.jsonl, .json, .csv, .txt)."""
    base = Path(out)
    return base.with_suffix("") if base.suffix in (".jsonl", ".json", ".csv", ".txt") else base


def log_path(out: str) -> Path:
    """FILE.jsonl, the results log of ``--out FILE``."""
    base = out_base(out)
    return base.with_name(base.name + ".jsonl")


def check_out(out: str, resume: bool = False, option: str = "--out") -> None:
    """A one-line ValueError, before a league loads any file, if the files of ``--out FILE``
    cannot be written (its folder is made if need be, and a file is tried in it) or, unless
    ``resume``, if FILE.jsonl already holds games, which starting anew would wipe; also (LogInUse)
    if another run writes FILE.jsonl now (``take_lock``).  A folder
    (``--out results/``) is refused too: its files went beside it, as ``results.json``."""
    if out.endswith(tuple(filter(None, (os.sep, os.altsep)))) or Path(out).is_dir():
        raise ValueError(f"{option} {out} is a folder: give a name for the files in it, such as "
                         f"{Path(out) / 'league'} (league.json, league.csv, ...)")
    base = out_base(out)
    folder = base.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=f".{base.name}-", suffix=".tmp"):
            pass
    except OSError as exc:
        blocking = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
        why = f"{blocking} is a file, not a folder" if blocking else f"cannot write in {folder}: {exc.strerror or exc}"
        raise ValueError(f"{option} {out}: {why}") from None
    log = log_path(out)
    if in_use(log):  # said now, not after minutes of loading the players' files
        raise written_elsewhere(log)
    if resume or not log.exists():
        return
    try:
        _header, done = ResultsLog.read(log)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{option} {out}: {exc}; give another {option}") from None
    if done:
        raise ValueError(f"{log} already holds {counted(len(done), 'games')} of a league: go on with it with "
                         f"--resume {out}, or give another {option} (or remove the file) to start anew")


def refuse_if_newer(header: dict[str, Any], path: str | Path) -> None:
    """ValueError when ``header`` is the header of a newer Tabuleiro's log: its lines may say more
    than this version knows, and games this version added would be in the older form."""
    version = header.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > WITHDRAWN_VERSION:
        raise ValueError(f"{path} was written by a newer version of Tabuleiro (log version {version}); "
                         "this version does not add games to it")


def is_text(value: Any) -> bool:
    """Whether ``value`` is text a window can draw: a string without a NUL or a lone surrogate
    (JSON's ``"\\u0000"``, ``"\\ud800"``), which the tournament screen raised on at every frame."""
    if not isinstance(value, str) or "\0" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _two(valid: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and len(v) == 2 and all(valid(item) for item in v)


RESULT_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "game": (is_text, "a game id"),
    "options": (lambda v: isinstance(v, dict), "an object"),
    "players": (_two(is_text), "two player ids"),
    "moves": (lambda v: isinstance(v, list) and all(is_text(m) for m in v), "a list of moves (text)"),
    "winner": (lambda v: v is None or (type(v) is int and v in (0, 1)), "0, 1 or null"),
    "score": (lambda v: v is None or _two(_finite)(v), "two numbers or null"),
    "reason": (is_text, "text"),
    "forfeit": (lambda v: isinstance(v, bool), "true or false"),
    "time_used": (_two(_finite), "two numbers of seconds"),
    "max_move_time": (_two(_finite), "two numbers of seconds"),
    "clock": (lambda v: v is None or is_text(v), "a clock's text or null"),
    "clock_left": (lambda v: v is None or _two(_finite)(v), "two numbers of seconds or null"),
    "unplayed": (lambda v: isinstance(v, bool), "true or false"),
}
"""What each field of a game's result must hold: a log or report edited by hand (a reason of 5,
a winner of 7) was taken as it was, and the tournament screen raised as it showed it."""


def result_of(data: dict[str, Any]) -> GameResult:
    """A finished game from its JSON (a log's line, a report's ``games``), fields of newer
    versions left out; TypeError if it is not an object, ValueError naming the first field that
    does not hold what ``RESULT_FIELDS`` says."""
    if not isinstance(data, dict):
        raise TypeError(f"a game's result must be an object, not {data!r:.60}")
    known = {k: v for k, v in data.items() if k in RESULT_FIELDS}
    for name, value in known.items():
        valid, expected = RESULT_FIELDS[name]
        if not valid(value):
            raise ValueError(f"the result's {name!r} should be {expected}, not {value!r:.60}")
    return GameResult(**known)


WRITTEN_HERE: set[Path] = set()  # the logs this process holds open (ResultsLog), resolved


class LogReplaced(ValueError):
    """The log followed (``LogReader``) was written anew since it was read: it is read again from its start."""


class LogInUse(ValueError):
    """Another run holds the results log (``take_lock``)."""


def lock_path(log: Path) -> Path:
    """The lock file of results log ``log``: hidden beside it (``.league.jsonl.lock``)."""
    return log.with_name(f".{log.name}.lock")


def take_lock(log: Path) -> Lock | None:
    """The lock of results log ``log`` for this run; LogInUse, naming the file, when another run
    holds it.  None (no lock, as ``ai.file_lock`` does) when the lock file cannot be made: the
    log's own write then fails and says why."""
    path = lock_path(log)
    lock = try_take(path)
    if lock is None and os.access(path, os.W_OK):  # there and writable, yet not ours: another run's
        raise written_elsewhere(log)
    return lock


def written_elsewhere(log: Path) -> LogInUse:
    """The error of a run refused results log ``log``, which another run holds: what to do."""
    return LogInUse(f"{log} is being written by another run of this tournament, still running: "
                    "let it end (or stop it) first; two runs would play the same games twice")


def in_use(log: Path) -> bool:
    """Whether another process holds results log ``log`` now (a league or a window still writing
    it): not one to start or resume, nor to offer for resuming.  One this process writes is not:
    the window offers its own tournament left while its last game ends, Resume waiting for it."""
    if not lock_path(log).exists() or log.resolve() in WRITTEN_HERE:  # every run makes it before writing
        return False
    try:
        lock = take_lock(log)
    except LogInUse:
        return True
    if lock is not None:
        lock.release()
    return False


class ResultsLog:
    """An open log; ``write`` appends one finished game and forces it to disk."""

    def __init__(self, path: Path, fd: int, lock: Lock | None = None) -> None:
        self.path = path
        self._fd = fd
        self._lock = lock
        WRITTEN_HERE.add(path.resolve())

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any]) -> ResultsLog:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = take_lock(path)  # before the truncation: another run's games are never wiped
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND | BINARY, 0o644)
        log = cls(path, fd, lock)
        log._line({"format": FORMAT, "version": log_version(header), **header})
        return log

    @classmethod
    def append(cls, path: str | Path, header: dict[str, Any] | None = None) -> ResultsLog:
        """The log at ``path`` opened to add games; ``header``: its first line is replaced by this
        one first (players who joined late: ``replace_header``)."""
        path = Path(path)
        lock = take_lock(path)
        if header is not None:
            replace_header(path, header)
        with path.open("rb+") as f:  # a partial last line (killed mid-write) is cut off first
            data = f.read()
            if data and not data.endswith(b"\n"):
                f.truncate(data.rfind(b"\n") + 1)
        return cls(path, os.open(path, os.O_WRONLY | os.O_APPEND | BINARY), lock)

    def write(self, number: int, result: GameResult) -> None:
        """Append game ``number``'s result with when it ended (now, UTC), which the Saved games
        list shows for it (the file's time is the last game's)."""
        self._line({"number": number, "ended": datetime.now(UTC).isoformat(timespec="seconds"),
                    "result": asdict(result)})

    def _line(self, data: dict[str, Any]) -> None:
        os.write(self._fd, (json.dumps(data, separators=(",", ":")) + "\n").encode("utf-8"))
        os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        WRITTEN_HERE.discard(self.path.resolve())

    @staticmethod
    def read(path: str | Path) -> tuple[dict[str, Any], dict[int, GameResult]]:
        """The header and the finished games by number; ValueError if it is not such a log or
        cannot be read (a folder, no read permission), naming the file, so that ``--resume`` says
        one line instead of a traceback."""
        header, done, _ended = ResultsLog.read_with_times(path)
        return header, done

    @staticmethod
    def read_with_times(path: str | Path) -> tuple[dict[str, Any], dict[int, GameResult], dict[int, str]]:
        """As ``read``, and when each game ended (ISO 8601, UTC) by number, for the games whose
        line says it (logs written before it was recorded do not)."""
        reader = LogReader(path)
        done: dict[int, GameResult] = {}
        ended: dict[int, str] = {}
        for entry in reader.new_games():
            done[entry.number] = entry.result
            if entry.ended is not None:
                ended[entry.number] = entry.ended
        return reader.header, done, ended


def replace_header(path: Path, header: dict[str, Any]) -> None:
    """Replace the first line of the log at ``path`` by ``header`` (its format and version
    added), the games' lines copied as they are: the whole file is written anew beside it and
    renamed over it, so a kill leaves the old log or the new one.  Only while holding its lock
    (``ResultsLog.append``): a run appending to the old file would write into a removed one."""
    from ai.atomic import atomic_write_stream

    version = log_version(header)

    def write(out: BinaryIO) -> None:
        with path.open("rb") as old:
            kept = json.loads(old.readline())  # notes of the old header the new one does not give are kept
            new = {**kept, **header, "format": FORMAT, "version": version}
            out.write((json.dumps(new, separators=(",", ":")) + "\n").encode("utf-8"))
            shutil.copyfileobj(old, out)

    atomic_write_stream(path, write)


@dataclass(frozen=True)
class LoggedGame:
    """One finished game's line of a results log."""

    number: int
    result: GameResult
    ended: str | None  # when it ended (ISO 8601, UTC); None in logs older than that field


class LogReader:
    """A results log read as a stream, a line at a time, from where the last read stopped: a
    class league's log (every game's moves) is never held whole in memory, and a log that a
    running league still appends to is followed by reading only its new lines (``new_games``).

    A last line without its end of line is a game still being written (or cut short by a kill):
    it is left for the next read, never taken as an error."""

    def __init__(self, path: str | Path) -> None:
        """Reads the header now; ValueError naming the file if it cannot be read or is no log."""
        self.path = Path(path)
        self._file: tuple[int, int] | None = None  # the file read (device, inode): ``check_same_file``
        self.offset = 0  # bytes read up to the end of the last whole line
        self.line = 1  # that line's number
        lines = self._whole_lines()
        first = next(lines, None)
        lines.close()
        try:
            header = json.loads(first) if first is not None else None
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            header = None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ValueError(f"{self.path}: not a tournament log (its first line should be the {FORMAT} header)")
        self.header: dict[str, Any] = header

    def check_same_file(self) -> None:
        """LogReplaced if the log at ``path`` is no longer the file read so far (written anew by
        ``replace_header``: players joined its league)."""
        try:
            now = self.path.stat()
        except OSError as exc:
            raise ValueError(f"{self.path}: cannot be read ({exc.strerror or exc})") from None
        if (now.st_dev, now.st_ino) != self._file:
            raise LogReplaced(f"{self.path}: written anew (players joined the league)")

    def new_games(self) -> Iterator[LoggedGame]:
        """The games of the whole lines written since the last read; ValueError naming the file
        and line for a whole line that is no finished game's."""
        for line in self._whole_lines():
            self.line += 1
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                ended = entry.get("ended")
                yield LoggedGame(int(entry["number"]), result_of(entry["result"]),
                                 ended if isinstance(ended, str) else None)
            except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError, ValueError, AttributeError,
                    OverflowError, RecursionError):
                raise ValueError(f"{self.path} line {self.line}: not a finished game record") from None

    def _whole_lines(self) -> Iterator[bytes]:
        """The whole lines from ``offset`` on (without their end of line), one at a time,
        ``offset`` moved past each; read ``READ_CHUNK`` bytes at a time, so that at most that
        and one line are held."""
        try:
            with self.path.open("rb") as f:
                if self._file is None:
                    stat = os.fstat(f.fileno())
                    self._file = (stat.st_dev, stat.st_ino)
                f.seek(self.offset)
                rest = b""
                while chunk := f.read(READ_CHUNK):
                    lines = (rest + chunk).split(b"\n")
                    rest = lines.pop()  # being written, cut short by a kill, or read on with the next chunk
                    for line in lines:
                        self.offset += len(line) + 1
                        yield line
        except OSError as exc:
            raise ValueError(f"{self.path}: cannot be read ({exc.strerror or exc})") from None
