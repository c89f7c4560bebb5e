"""Starting outside bots so that they cannot hurt the host: limits, a folder, a log, a clean end.

Every outside bot -- a Python file's worker or a GTP engine -- is started by ``start_bot``:

- in a working directory of its own: a Python file's folder (students open their files relative
  to it), for a GTP engine a new temporary folder removed when it ends (unless its config names
  one); with a minimal environment (PATH, the locale, HOME and TMPDIR set to the bot's temporary
  folder, and our compiled kernels' folder to copy from, which is only read: ``ai.kernel_seed``;
  nothing else of the host's);
- in a new session (POSIX), so the whole process group is killed at the end;
- with its error stream written to a log file, whose path a forfeit names; a log is kept only if
  the bot wrote in it (Tabuleiro's own notes, lines starting ``Tabuleiro: ``, do not count) or
  forfeited with it; the logs that are no tournament's go to the data folder's ``bot-logs/``
  (``log_folder``), where they last as long as the saved games that name them, and are kept to
  the newest ``LOG_KEEP_COUNT``, ``LOG_KEEP_MB`` in all and none older than ``LOG_KEEP_DAYS``
  (``prune_logs``, when a process starts its first bot);
- on POSIX, with resource limits (``BotLimits``): address space, CPU seconds, processes and the
  size of a file it writes (its log: a bot printing in a loop wrote 1.4 GB in a move), set by the
  bot's process itself before any of its code runs (ai/bot_rlimits.py: no ``preexec_fn``).  The
  process limit is enforced twice on Linux: by RLIMIT_NPROC where the kernel applies it (it does
  not for root) and by ``count_group`` while a move is awaited, which kills a group that grew
  past it; both need /proc, so other POSIX systems (macOS) do not limit processes.
  On Windows none of these limits apply (documented in docs/outside-players.md), and only the
  bot's own process is killed at the end; it gets no console (no window of its own, no Ctrl+C).

Limits are set per player (``BotLimits`` passed to the loader) or for all bots with the
environment variable ``TABULEIRO_BOT_LIMITS="memory=1024,processes=16,cpu=600,file=100"`` (MB, count,
s, MB).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass, replace
from pathlib import Path

from ai import bot_rlimits, parent_watch

LOG_ROOT_VARIABLE = "TABULEIRO_BOT_LOGS"
LIMITS_VARIABLE = "TABULEIRO_BOT_LIMITS"
STDERR_TAIL = 400  # characters of a dead bot's error stream quoted in the reason
GROUP_CHECK_EVERY = 0.2  # seconds between two counts of a bot's processes while it thinks
OUR_NOTE = b"Tabuleiro: "  # how Tabuleiro's own lines in a bot's log begin (calls skipped while loading)
_NOTE_LINE_MAX = 4096  # bytes a note of ours may run to past its start (a file's path, a function's name)
LOG_KEEP_DAYS = 90  # older bot logs are removed (``prune_logs``): a term's saved games still find theirs
LOG_KEEP_COUNT = 500  # and all but the newest this many
LOG_KEEP_MB = 200  # and the older ones past this many MB in all (the newest log is always kept)
_LOG_NAME = re.compile(r"\d{8}-\d{6}-.*\.log")  # the names ``new_log`` gives
PROC = "/proc"  # Linux's processes, counted for the process limit
LINE_MOST = 1 << 20  # bytes of a line a bot writes on its protocol stream: a reply or an answer is far shorter
LINE_KEPT = 64  # bytes kept of a longer line (``LongLine``), to quote it
TOO_LARGE = "its answer was too large ({size}) to be a move"  # a move's answer far past any move's size
# the limit a signal tells of, after "killed by SIGXCPU" (``Bot.ending``): in a reason's brackets
# already, so said without brackets of its own ("killed by SIGXCPU (CPU time limit)" nested them)
LIMIT_SIGNALS = {"SIGXCPU": ", its CPU time limit", "SIGXFSZ": ", its file size limit"}
_pruned: set[str] = set()  # log folders this process has pruned
_folder_root: str | None = None  # where bots' folders are made (``make_folders_in``); None: the temp folder


@dataclass(frozen=True)
class BotLimits:
    """What one outside bot may use (POSIX only).  ``None``: no limit of that kind."""

    memory_mb: int | None = 2048  # address space of each of its processes
    processes: int | None = 32  # processes (and threads) it may add
    cpu_seconds: int | None = 1800  # CPU time of each of its processes
    file_mb: int | None = 100  # size of any file it writes, its log included (a print in a loop filled a disk)

    @classmethod
    def from_text(cls, text: str, base: BotLimits | None = None) -> BotLimits:
        """``memory=512,processes=8,cpu=60,file=100`` (``none`` lifts one); ValueError on anything else."""
        fields = {"memory": "memory_mb", "processes": "processes", "cpu": "cpu_seconds", "file": "file_mb"}
        limits = base or cls()
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = part.partition("=")
            if key.strip() not in fields:
                raise ValueError(f"bot limit {key!r}: expected memory, processes, cpu or file")
            number = None if value.strip().lower() == "none" else int(value)
            limits = replace(limits, **{fields[key.strip()]: number})
        return limits

    @classmethod
    def default(cls) -> BotLimits:
        return cls.from_text(os.environ.get(LIMITS_VARIABLE, ""))


def log_folder() -> Path:
    """Where bots' error streams go: $TABULEIRO_BOT_LOGS, else the data folder's ``bot-logs/``
    (``ai.data_folder.bot_logs_dir``), which only this user may read (bots' errors may quote their
    files).  The temporary folder's ``tabuleiro-bots-UID/`` it was is emptied on reboot, and a
    saved game's forfeit named a log that was gone; a window's and a ``match`` command's bots log
    here, every process's alike (a window's worker processes included)."""
    from ai.data_folder import bot_logs_dir

    named = os.environ.get(LOG_ROOT_VARIABLE)
    folder = Path(named) if named else bot_logs_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def shipped_bots_folder() -> Path:
    """This user's private folder in the temporary folder for the bots' folders a Dask worker is
    sent (``ai.cluster.shipped_root``): tabuleiro-bots-UID/, which only they can read (bots'
    files), copies for one league.  The bots' logs are not here: they go to ``log_folder`` on
    every process, a league's workers included.  One tabuleiro-bots/ for every user was
    made by the first one to play an outside player on the machine (a lab's shared computer), and
    no one else could write in it: every other user's outside players failed to load ("Permission
    denied", or for an engine "it may not be run ... chmod +x").  One a user of another name holds
    is not used: a private folder of a new name is made instead (Windows: tabuleiro-bots/, each
    user's temporary folder being their own)."""
    root = Path(tempfile.gettempdir())
    if not hasattr(os, "getuid"):
        folder = root / "tabuleiro-bots"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    folder = root / f"tabuleiro-bots-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        if folder.is_symlink() or not folder.is_dir() or folder.stat().st_uid != os.getuid():
            return Path(tempfile.mkdtemp(prefix=f"tabuleiro-bots-{os.getuid()}-"))
    return folder


def lasting_log_folder(results: str | Path) -> Path:
    """The folder for the bots' logs of a tournament whose results log is ``results``
    (FILE.jsonl): FILE.bots beside it, kept as long as the results are.  In the temporary folder
    (pruned after a week, and on reboot) a teacher rereading a league found its logs gone."""
    return Path(results).with_suffix(".bots")


def new_log(label: str, folder: str | Path | None = None) -> Path:
    """A new log file's path for a bot called ``label``, in ``folder`` (default ``log_folder()``).
    The default folder's old logs are pruned the first time this process uses it; a folder the
    caller names (a tournament's ``lasting_log_folder``) keeps its logs."""
    base = Path(folder) if folder else log_folder()
    base.mkdir(parents=True, exist_ok=True)
    if not folder and str(base) not in _pruned:
        _pruned.add(str(base))
        prune_logs(base)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[-60:].strip("_.") or "bot"
    fd, name = tempfile.mkstemp(prefix=f"{time.strftime('%Y%m%d-%H%M%S')}-{stem}-", suffix=".log", dir=base)
    os.close(fd)
    return Path(name)


def prune_logs(folder: str | Path, days: float = LOG_KEEP_DAYS, count: int = LOG_KEEP_COUNT,
               megabytes: float = LOG_KEEP_MB) -> int:
    """Remove the bot logs (files named as ``new_log`` names them) in ``folder`` that were last
    written more than ``days`` ago, all but the newest ``count``, and the older ones past
    ``megabytes`` in all (the newest is kept whatever its size); how many were removed.  The
    folder lasts (the data folder's), so it is bounded here rather than by reboots."""
    logs: list[tuple[float, int, str]] = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            with contextlib.suppress(OSError):
                if _LOG_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    found = entry.stat()
                    logs.append((found.st_mtime, found.st_size, entry.path))
    logs.sort(reverse=True)
    oldest = time.time() - days * 86400
    room = megabytes * (1 << 20)
    removed, total = 0, 0
    for rank, (written, size, path) in enumerate(logs):
        total += size
        if rank >= count or written < oldest or (rank > 0 and total > room):
            with contextlib.suppress(OSError):
                os.remove(path)
                removed += 1
    return removed


def bot_wrote(log: str | Path) -> bool:
    """True if the log holds anything besides Tabuleiro's own notes (lines starting ``OUR_NOTE``)."""
    try:
        with open(log, "rb") as f:
            data = f.read(1 << 16)
    except OSError:
        return False
    if len(data) == 1 << 16:
        return True  # that much is never only our notes
    return any(line.strip() and not line.startswith(OUR_NOTE) for line in data.splitlines())


def make_folders_in(root: str | None) -> None:
    """Make later bots' folders inside ``root`` (None: the temporary folder).  A tournament's worker
    process makes them in its tournament's folder, which the tournament removes at its end with
    whatever a worker stopped in the middle of something left there."""
    global _folder_root
    _folder_root = root


def minimal_environment(folder: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """A bot's environment: the host's PATH, locale and time zone, ``folder`` as its HOME and
    temporary folder, and our compiled kernels' folder to copy from (``ai.kernel_seed``: ``main.py
    gtp`` as an outside engine then loads its kernels rather than compiling them; its own cache is
    in its HOME, so nothing a bot compiles reaches the app's cache), then ``extra``."""
    from ai.kernel_seed import SEED_VARIABLE
    from ai.kernels import cache_dir

    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "SYSTEMROOT",
                                                         "WINDIR", "COMSPEC", "PATHEXT", "TZ")}
    env.update(HOME=folder, TMPDIR=folder, TEMP=folder, TMP=folder, PYTHONIOENCODING="utf-8",
               PYTHONDONTWRITEBYTECODE="1", **{SEED_VARIABLE: str(cache_dir())})
    if sys.platform == "win32":  # Windows' HOME (Path.home() fails without it) and app-data folders
        env.update(USERPROFILE=folder, APPDATA=folder, LOCALAPPDATA=folder)
    env.update(extra or {})
    return env


def _user_tasks() -> int | None:
    """Processes and threads of this user now (what RLIMIT_NPROC counts); None without /proc
    (macOS, the BSDs), where the limit is then not set: RLIMIT_NPROC is the user's total, so 32
    there left a bot of a user with hundreds of processes unable to start a single one."""
    if not os.path.isdir(PROC):
        return None
    uid, total = os.getuid(), 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(PROC):
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if entry.stat().st_uid == uid:
                        total += len(os.listdir(os.path.join(PROC, entry.name, "task")))
    return total


def limit_pairs(limits: BotLimits) -> dict[str, tuple[int, int]]:
    """The resource limits (``RLIMIT_<name>``: soft, hard) a bot's process sets on itself
    (ai/bot_rlimits.py); the process limit counts the user's processes now, so it is worked out
    here, before the start."""
    pairs: dict[str, tuple[int, int]] = {}
    if limits.memory_mb is not None:
        pairs["AS"] = (limits.memory_mb * 1024 * 1024,) * 2
    if limits.cpu_seconds is not None:
        pairs["CPU"] = (limits.cpu_seconds, limits.cpu_seconds + 5)
    if limits.processes is not None and os.getuid() != 0:
        tasks = _user_tasks()
        if tasks is not None:
            pairs["NPROC"] = (tasks + limits.processes,) * 2
    if limits.file_mb is not None:  # past it a write fails (Python) or SIGXFSZ ends the process
        pairs["FSIZE"] = (limits.file_mb * 1024 * 1024,) * 2
    pairs["CORE"] = (0, 0)
    return pairs


def start_options(limits: BotLimits, system: str | None = None) -> dict:
    """``subprocess.Popen``'s options for a bot on ``system`` (``os.name``): POSIX, a session of its
    own (its limits are set by the bot's process itself: ``start_process``); Windows, no console
    (started from the windowed app, a console program would open a console window of its own;
    from a terminal, it would get the terminal's Ctrl+C)."""
    if (system or os.name) == "posix":
        return {"start_new_session": True}
    return {"creationflags": getattr(subprocess, "CREATE_NO_WINDOW", 0x08000000)}


def start_process(command: list[str], limits: BotLimits, sets_own_limits: bool = False,
                  **options) -> subprocess.Popen:
    """``subprocess.Popen(command, **options)`` for a bot, with ``limits`` in force (POSIX) before
    any of its code runs, without a ``preexec_fn`` (not safe in a process with threads: the child
    may deadlock before its exec).  ``sets_own_limits``: the command sets them itself from its
    environment (our worker); any other is started through the launcher (ai/bot_rlimits.py)."""
    if os.name != "posix":
        return subprocess.Popen(command, **options, **start_options(limits))
    options["env"] = {**options.get("env", os.environ), bot_rlimits.VARIABLE: bot_rlimits.limits_text(limit_pairs(limits))}
    if sets_own_limits:
        return subprocess.Popen(command, **options, **start_options(limits))
    return _launched(command, limits, options)


def _launched(command: list[str], limits: BotLimits, options: dict) -> subprocess.Popen:
    """``command`` started through the launcher, which sets the limits and then becomes it; an
    OSError as Popen's own (no such program, not executable) if it cannot be run, read from a
    pipe whose end the launcher holds until its exec."""
    read_end, write_end = os.pipe()
    try:
        proc = subprocess.Popen(bot_rlimits.launcher_command(write_end) + list(command), pass_fds=(write_end,),
                                **{**options, "env": {**options["env"], **bot_rlimits.LAUNCHER_ENVIRONMENT}},
                                **start_options(limits))
    finally:
        os.close(write_end)
    with open(read_end, "rb") as errors:
        report = errors.read()
    if report:
        kill_process(proc)
        raise bot_rlimits.exec_error(report, command[0])
    return proc


def command_words(text: str) -> list[str]:
    """A command line's words as a POSIX shell splits them; on Windows a backslash is a path's
    separator, not an escape (``C:\\engines\\mohex.exe``), and quotes still group words."""
    if sys.platform != "win32":
        return shlex.split(text)
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split, lexer.commenters, lexer.escape = True, "", ""
    return list(lexer)


def count_group(pgid: int) -> int:
    """How many processes are in process group ``pgid`` (Linux /proc; 0 elsewhere)."""
    return len(group_members(pgid))


def group_members(pgid: int) -> list[int]:
    """The processes in process group ``pgid`` (Linux /proc; none elsewhere)."""
    members = []
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            fields = stat[stat.rfind(b")") + 2:].split()
            if len(fields) > 2 and int(fields[2]) == pgid:
                members.append(int(entry.name))
    return members


class Bot:
    """One started bot process: its pipes, a reader thread, its folder and log, and its limits."""

    def __init__(self, command: list[str], label: str, limits: BotLimits | None = None, cwd: str | None = None,
                 log_dir: str | Path | None = None, env: dict[str, str] | None = None,
                 sets_own_limits: bool = False) -> None:
        """Start ``command``; ``sets_own_limits``: it sets its limits itself (``start_process``)."""
        self.limits = limits or BotLimits.default()
        self.folder = tempfile.mkdtemp(prefix="tabuleiro-bot-", dir=_folder_root)  # HOME and TMPDIR; cwd unless given
        # said if the process ends now (a signal, its parent's end, the exit: ai.parent_watch),
        # as a process ended by os._exit runs no finaliser and one being started has none yet
        parent_watch.on_orphaned(id(self), functools.partial(shutil.rmtree, self.folder, ignore_errors=True))
        self.proc: subprocess.Popen | None = None
        self.log = None
        self._keep_log = [False]  # the log is kept even if only Tabuleiro wrote in it (a forfeit names it)
        try:
            self.log_path = new_log(label, log_dir)
            self.log = open(self.log_path, "ab")  # noqa: SIM115 (lives as long as the bot)
            self.proc = start_process(
                command, self.limits, sets_own_limits, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
                cwd=cwd or self.folder, env=minimal_environment(self.folder, env),
            )
            parent_watch.bot_started(self.proc.pid)  # an AI worker tells its window (``end_orphaned_bot``)
            self.lines: queue.Queue[bytes] = queue.Queue()
            threading.Thread(target=_read_lines, args=(self.proc.stdout, self.lines), daemon=True).start()
            self._finalizer = weakref.finalize(self, _end, self.proc, self.log, self.folder, id(self), self._keep_log)
            # the bot and its folder go with the process (even if its finaliser is running: _end may run twice)
            parent_watch.on_orphaned(id(self), functools.partial(_end, self.proc, self.log, self.folder, None,
                                                                 self._keep_log))
        except BaseException:  # Ctrl+C in the middle too: no process, folder or log left
            self._cleanup()
            raise
        self._next_count = 0.0

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, text: str) -> bool:
        try:
            self.proc.stdin.write(text.encode())
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def too_many_processes(self) -> bool:
        """True (and the group killed) if the bot runs more processes than its limit allows."""
        if self.limits.processes is None or os.name != "posix" or not Path("/proc").is_dir():
            return False
        now = time.perf_counter()
        if now < self._next_count:
            return False
        self._next_count = now + GROUP_CHECK_EVERY
        if count_group(self.proc.pid) > self.limits.processes + 1:
            self.note(f"stopped: more processes than its limit ({self.limits.processes})")
            self.kill(keep_log=True)
            return True
        return False

    def exit_text(self) -> str:
        """``, exit status 3; stderr: ...`` for a reason (the signal's name for a killed bot); its
        log is kept."""
        how, tail = self.ending()
        return (f", {how}" if how else "") + (f"; stderr: {tail}" if tail else "")

    def ending(self) -> tuple[str, str]:
        """How the ended bot ended ("exit status 3", "killed by SIGXCPU, its CPU time limit", or ""
        where it has not exited yet) and the last of its error stream, noted in its log, which is
        kept: a reason says the two apart (``exit_text``) or in a sentence of its own.  No brackets
        of its own: reasons put it in theirs ("crashed (process ended, killed by SIGXCPU, ...)")."""
        self._keep_log[0] = True
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=2)
        code = self.proc.returncode
        how = ""
        if code is not None and code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = str(-code)
            how = f"killed by {name}" + LIMIT_SIGNALS.get(name, "")
        elif code is not None:
            how = f"exit status {code}"
        tail = self.stderr_tail()  # before the note below, which goes to the same log
        self.note(f"the process ended{', ' + how if how else ''}")
        return how, tail

    def note(self, text: str, ours: bool = True) -> None:
        """A line of Tabuleiro's in the bot's log: why it was stopped or lost, so that the log a
        forfeit names says so even when the bot wrote nothing.  ``ours=False``: a line as it is
        (a position to copy, ``ai.outside.note_position``).  The log of a late bot, closed by its
        kill and kept for its forfeit, is appended to while it is there."""
        if self.log is None:
            return
        line = self._line_start() + (OUR_NOTE if ours else b"") + text.encode("utf-8", "replace") + b"\n"
        if self.log.closed:
            with contextlib.suppress(OSError), open(os.open(self.log_path, os.O_WRONLY | os.O_APPEND), "ab") as kept:
                kept.write(line)  # os.open without O_CREAT: a removed log is not made again
            return
        with contextlib.suppress(OSError, ValueError):
            self.log.write(line)
            self.log.flush()

    def _line_start(self) -> bytes:
        """A newline if the log ends in the middle of a line (a bot stopped in a print without
        one), so that a note starts a line of its own and a position noted after it pastes."""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(-1, os.SEEK_END)
                return b"" if log.read(1) == b"\n" else b"\n"
        except OSError:  # empty, or gone
            return b""

    def _flushed(self) -> None:
        """The log written out; a bot stopped for being late has its log closed already."""
        if not self.log.closed:
            self.log.flush()

    def stderr_tail(self) -> str:
        """What a dead bot's error stream says last, for its reason (``stderr_summary``)."""
        try:
            self._flushed()
            data = self.log_path.read_bytes()[-4 * STDERR_TAIL:].decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""
        return stderr_summary(data)

    def log_note(self) -> str:
        """``; log: PATH`` for a reason, if anything was written to the bot's error stream (the
        log is then kept)."""
        try:
            self._flushed()
            if not self.log_path.stat().st_size:
                return ""
            self._keep_log[0] = True
            return f"; log: {self.log_path}"
        except (OSError, ValueError):
            return ""

    def stderr_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def log_end(self, size: int = 1 << 18) -> str:
        """The last ``size`` bytes of the log, as text: a log may hold up to the file limit (100 MB)
        of a bot printing in a loop, and only its end says how the bot was stopped."""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(max(0, log.seek(0, os.SEEK_END) - size))
                return log.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def last_line_with(self, text: str, chunk: int = 1 << 20) -> str:
        """The log's last line holding ``text``, from ``text`` on ("" if none), read backwards a
        chunk at a time: a bot that went on printing after Tabuleiro's note (up to the file
        limit, 100 MB) pushed it out of any fixed tail, and the note says why the bot lost."""
        needle = text.encode("utf-8")
        try:
            with open(self.log_path, "rb") as log:
                end = log.seek(0, os.SEEK_END)
                while end > 0:
                    start = max(0, end - chunk)
                    log.seek(start)
                    data = log.read(end - start + len(needle) + _NOTE_LINE_MAX)  # a line across the cut
                    at = data.rfind(needle)
                    if at >= 0 and start + at < end:
                        return data[at:].split(b"\n", 1)[0].decode("utf-8", "replace")
                    end = start
        except OSError:
            pass
        return ""

    def kill(self, keep_log: bool = False) -> None:
        """End the bot (its process group, folder, and log unless kept).  ``keep_log``: a forfeit
        (late, too many processes) names the log, even if only Tabuleiro's notes are in it."""
        self._keep_log[0] = self._keep_log[0] or keep_log
        self._finalizer()  # once: _end, and the watch forgets it

    def _cleanup(self) -> None:
        """What a bot that could not be started leaves: its process if any, log and folder."""
        if self.proc is not None:
            kill_process(self.proc)
        if self.log is not None:
            with contextlib.suppress(OSError):
                self.log.close()
                os.remove(self.log.name)
        shutil.rmtree(self.folder, ignore_errors=True)
        parent_watch.forget(id(self))


class LongLine(bytes):
    """A line a bot wrote past ``LINE_MOST`` bytes: its first ``LINE_KEPT`` bytes, and the whole
    line's ``size``.  Read whole, a GTP engine's 100 MB answer held 1.1 GB of the parent's memory,
    went whole into its forfeit (200 MB on the terminal) and took 18 s; its reader now drops it as
    it comes, and the reader of the queue says it was too large."""

    size: int = 0


def size_words(size: int) -> str:
    """An answer's size in bytes or characters as a forfeit says it: "100 MB", "2 KB"."""
    return f"{size / 2**20:,.0f} MB" if size >= 2**20 else f"{size / 2**10:,.0f} KB"


def _read_lines(stream, lines: queue.Queue) -> None:
    """The bot's replies, line by line, until its end; a line past ``LINE_MOST`` as a ``LongLine``.
    ``kill_process`` closes the pipe from another thread, maybe while this one reads it: the read
    then fails (ValueError, OSError) instead of seeing the end, which is the same end (uncaught, a
    tournament's stderr got a thread's traceback, "PyMemoryView_FromBuffer(): info->buf must not
    be NULL", per bot killed)."""
    with contextlib.suppress(ValueError, OSError):
        for line in iter(functools.partial(stream.readline, LINE_MOST), b""):
            lines.put(line if len(line) < LINE_MOST or line.endswith(b"\n") else _rest_dropped(stream, line))
    lines.put(b"")  # end of stream: the bot is gone


def _rest_dropped(stream, start: bytes) -> LongLine:
    """The line that begins with ``start`` read to its end a chunk at a time, only counted."""
    size, chunk = len(start), start
    while chunk and not chunk.endswith(b"\n"):
        chunk = stream.readline(LINE_MOST)
        size += len(chunk)
    long = LongLine(start[:LINE_KEPT])
    long.size = size - 1 if chunk.endswith(b"\n") else size
    return long


def kill_process(proc: subprocess.Popen) -> None:
    """Kill ``proc`` and its process group (POSIX: ``_kill_group``), and close its pipes."""
    if os.name != "posix" or _kill_group(proc):
        with contextlib.suppress(OSError):
            proc.kill()  # Windows; or a bot that left its group (no signal once reaped: subprocess's own check)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)
    for stream in (proc.stdin, proc.stdout):
        with contextlib.suppress(OSError, ValueError):
            if stream:
                stream.close()


def _kill_group(proc: subprocess.Popen) -> bool:
    """SIGKILL the bot's process group while its id (the bot's pid) can be no one else's: the bot
    not yet reaped (no reap meanwhile: ``Popen``'s lock), or reaped with processes of its group
    left (Linux /proc), which keep the id taken.  A reaped bot's id, its group empty, is free:
    killpg killed whatever group a new process with that pid led (another bot's).  True if the
    group could not be signalled (the bot itself is then killed)."""
    with proc._waitpid_lock:  # poll and wait reap under it, and note the reap before letting it go
        if proc.returncode is not None and not any(pid != proc.pid for pid in group_members(proc.pid)):
            return False
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:  # ProcessLookupError: the bot left its group; PermissionError
            return True
    return False


def start_time(pid: int) -> int | None:
    """When process ``pid`` started (Linux /proc, in clock ticks since the boot), which with its pid
    tells it from any later process given the same pid; None where it cannot be read."""
    try:
        with open(f"{PROC}/{pid}/stat", "rb") as f:
            return int(f.read().rpartition(b")")[2].split()[19])
    except (OSError, ValueError, IndexError):
        return None


def end_orphaned_bot(pid: int, started: int) -> bool:
    """Kill the bot that is process ``pid``, started at ``started`` (``start_time``), and its process
    group, if it is still running: the AI worker that started it was killed (past its grace, or
    by the system), and a killed worker's last words (``Bot``'s end) are never said, while the
    bot, in a session of its own, outlives it.  Said by the window that killed the worker.  The
    bot is signalled through a pidfd opened before its start time is checked, so never a later
    process given its pid; its group is killed while that leader is found still there (a group
    keeps its id as long as its leader is not reaped).  Linux only (pidfds and /proc); True if it
    was running and signalled."""
    if not hasattr(os, "pidfd_open") or not hasattr(signal, "pidfd_send_signal"):
        return False
    try:
        fd = os.pidfd_open(pid)
    except OSError:  # gone already (the worker's own end killed it), or a system without pidfds
        return False
    try:
        try:
            with open(f"{PROC}/{pid}/stat", "rb") as f:
                fields = f.read().rpartition(b")")[2].split()
        except OSError:
            return False
        if int(fields[19]) != started:  # another process given the pid since
            return False
        if int(fields[2]) == pid:  # still its group's leader (a bot may leave its group); ended, not reaped: its group's left
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            signal.pidfd_send_signal(fd, signal.SIGKILL)
        return fields[0] != b"Z"
    finally:
        os.close(fd)


def _end(proc: subprocess.Popen, log, folder: str | None, key: int | None = None,
         keep_log: list[bool] | None = None) -> None:
    kill_process(proc)
    with contextlib.suppress(OSError):
        log.close()
        if not (keep_log and keep_log[0] and os.path.getsize(log.name)) and not bot_wrote(log.name):
            os.remove(log.name)  # nothing, or only our notes: no file to keep
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
    if key is not None:
        parent_watch.forget(key)


atexit.register(parent_watch.run_last_words)  # bots still being started (by a daemon thread) at the exit


def python_command(code: str) -> list[str]:
    """This Python running ``code``, isolated from the user's site packages and without the
    working folder on ``sys.path`` (``-I`` but for ``-E``): the bot's environment is ours
    (``minimal_environment``), so the PYTHON* variables it sees are the ones we set, which
    ``-I`` would ignore: PYTHONHASHSEED for a seeded match, no bytecode beside a student's files."""
    return [sys.executable, "-s", "-P", "-u", "-c", code]


_PYTHON_FRAME = re.compile(r'^\s*File "([^"]+)", line (\d+)')
_PYTHON_ERROR = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning)\b:?")
# a summary ``_python_error`` made: the bot's own error, then our words for where it came from,
# which the window translates (ui.words.bot_said) and the error not
SUMMARY_FRAME = re.compile(rf"(?P<error>{_PYTHON_ERROR.pattern[1:]}.*) \(at (?P<where>[^()]+?) line (?P<line>\d+)\)", re.S)
_LIBRARY_PATH = re.compile(r"[\\/](lib[\\/]python\d|site-packages|Lib)[\\/]|^<frozen ", re.IGNORECASE)


def stderr_summary(text: str) -> str:
    """A dead bot's error stream in a line: the error a Python traceback ends with and the line it
    came from, ``IndexError: list index out of range (at bot.py line 61)``, else its last lines
    (whole ones, ``STDERR_TAIL`` characters at most).  A GTP engine in Python that logs each
    command to standard error, as students do, had its crash said as the log's last 400 characters
    cut anywhere (``sion | got name | ...``), and its error, the one thing that mattered, lost past
    the window's card's width and the forfeits summary's."""
    lines = [line for line in text.splitlines() if line.strip()]
    return _python_error(lines) or _last_lines(lines)


def _python_error(lines: list[str]) -> str:
    """``Error: why (at file.py line N)`` when ``lines`` end in a Python traceback, its error the
    last line ('' if not: an engine that logged a traceback and went on said more after it); its
    innermost frame outside Python's own library (the student's line that called it)."""
    frames = [m for line in lines if (m := _PYTHON_FRAME.match(line))]
    if not frames or not lines or not _PYTHON_ERROR.match(lines[-1].strip()):
        return ""
    own = [m for m in frames if not _LIBRARY_PATH.search(m.group(1))] or frames
    return f"{lines[-1].strip()[:STDERR_TAIL]} (at {Path(own[-1].group(1)).name} line {own[-1].group(2)})"


def _last_lines(lines: list[str]) -> str:
    """The last of ``lines`` that fit in ``STDERR_TAIL`` characters joined by `` | ``, whole (the
    last one cut at its start if it alone is longer)."""
    kept: list[str] = []
    for line in reversed(lines):
        if kept and len(" | ".join([line, *kept])) > STDERR_TAIL:
            break
        kept.insert(0, line)
    return " | ".join(kept)[-STDERR_TAIL:]
