"""A tournament's results log: FILE.jsonl, one line per finished game, written the moment it ends.

    log = ResultsLog.create("out/league.jsonl", header)     # a new tournament (replaces the file)
    header, done = ResultsLog.read("out/league.jsonl")       # what a killed tournament finished
    log = ResultsLog.append("out/league.jsonl")              # resume: add the games still missing
    log.write(number, result)
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
import os
import tempfile
from dataclasses import asdict, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ai.file_lock import Lock, try_take
from ai.match import GameResult, counted

FORMAT = "tabuleiro-tournament-log"
BINARY = getattr(os, "O_BINARY", 0)  # Windows: "\n" written as it is, not as "\r\n"
VERSION = 1


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
        raise ValueError(f"{log} already holds {counted(len(done), 'game')} of a league: go on with it with "
                         f"--resume {out}, or give another {option} (or remove the file) to start anew")


def refuse_if_newer(header: dict[str, Any], path: str | Path) -> None:
    """ValueError when ``header`` is the header of a newer Tabuleiro's log: its lines may say more
    than this version knows, and games this version added would be in the older form."""
    version = header.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise ValueError(f"{path} was written by a newer version of Tabuleiro (log version {version}); "
                         "this version does not add games to it")


def result_of(data: dict[str, Any]) -> GameResult:
    """A finished game from its JSON (a log's line, a report's ``games``), fields of newer
    versions left out; TypeError or AttributeError if it is not one."""
    known = {f.name for f in fields(GameResult)}
    return GameResult(**{k: v for k, v in data.items() if k in known})


WRITTEN_HERE: set[Path] = set()  # the logs this process holds open (ResultsLog), resolved


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
        log._line({"format": FORMAT, "version": VERSION, **header})
        return log

    @classmethod
    def append(cls, path: str | Path) -> ResultsLog:
        path = Path(path)
        lock = take_lock(path)
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
        path = Path(path)
        try:
            lines = path.read_bytes().split(b"\n")
        except OSError as exc:
            raise ValueError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        try:
            header = json.loads(lines[0])
        except (json.JSONDecodeError, UnicodeDecodeError):
            header = None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ValueError(f"{path}: not a tournament log (its first line should be the {FORMAT} header)")
        done: dict[int, GameResult] = {}
        ended: dict[int, str] = {}
        for i, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                done[int(entry["number"])] = result_of(entry["result"])
                if isinstance(entry.get("ended"), str):
                    ended[int(entry["number"])] = entry["ended"]
            except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError, ValueError):
                if i == len(lines):  # cut short by a kill in the middle of the write: played again
                    continue
                raise ValueError(f"{path} line {i}: not a finished game record") from None
        return header, done, ended
