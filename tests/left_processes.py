"""The processes a test must not leave running: AI workers (``ui.ai_worker``'s, named ``tabuleiro-ai``)
and outside bots (``ai.outside_process.Bot``).  tests/conftest.py's ``_no_process_left`` looks for
them after each test, waits a while for them to end (a closed worker ends in the background), then
kills those still there and fails the test.

A bot runs in a session of its own and outlives the worker that started it if that worker is
killed: it is then no descendant of the test's process, so it is found by what it writes its error
stream to, a log in one of the test process's own folders (its scratch folder's bot logs, or the
session's temporary folder a league's logs go under).  Linux only (/proc); elsewhere only the
workers are looked for.

A worker forked from the suite's fork server (``ai.start_method.worker_context``, tests/conftest.py
``_fork_server``) is found as a spawned one is: the fork server runs it, but it is the test
process's child for ``multiprocessing`` (its name, its exit status).  The fork server itself is
neither: it is the session's, ended at the session's end, and its standard error is no bot log.

The look for bots after a test goes through the processes started since the look after the test
before it (``PidMark``), not through every process of the machine: reading each one's error
stream was 90% of a short test's teardown (5 ms of wall time, 1.5 ms of a core, with 140
processes running), and those older than the last look were looked at then."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

WORKER_NAME = "tabuleiro-ai"  # ``ui.worker_lifecycle.start_worker_process``'s processes
LEFT_WAIT = 15.0  # seconds the check waits for a test's processes to end by themselves (a safety net)
LAST_PID = Path("/proc/sys/kernel/ns_last_pid")  # the last process id the system handed out
# seconds after a mark past which every process is looked at: ids go round at pid_max (32768 on
# many machines), and going round all of them takes thousands of processes started a second
WHOLE_LOOK_AFTER = 2.0


@dataclass(frozen=True)
class LeftProcess:
    """A process a test left: its pid, what it is ("AI worker", "outside bot") and its command."""

    pid: int
    kind: str
    command: str


def _command(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    return ""


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def left_workers() -> list[LeftProcess]:
    """This process's AI worker processes still running."""
    return [LeftProcess(child.pid, "AI worker", _command(child.pid) or child.name)
            for child in multiprocessing.active_children() if child.name == WORKER_NAME and child.pid is not None]


def bot_of(pid: int, folders: tuple[str, ...]) -> bool:
    """Whether process ``pid`` is an outside bot of this test process: its error stream is a log in
    one of ``folders``."""
    try:
        target = os.readlink(f"/proc/{pid}/fd/2")
    except OSError:
        return False
    return any(target.startswith(folder.rstrip(os.sep) + os.sep) for folder in folders)


@dataclass(frozen=True)
class PidMark:
    """The last process id the system had handed out at a moment (None: unknown), and when
    (``time.monotonic``): the processes started after it have greater ids, or, once the ids have
    gone round at pid_max, smaller ones than the last handed out since."""

    last: int | None
    at: float


def _last_pid() -> int | None:
    """The last process id handed out in this process's namespace (None where Linux does not say)."""
    try:
        return int(LAST_PID.read_text())
    except (OSError, ValueError):
        return None


def pid_mark() -> PidMark:
    """A mark of now, for a later look at the processes started since (``left_bots``)."""
    return PidMark(_last_pid(), time.monotonic())


def started_since(mark: PidMark | None) -> Callable[[int], bool]:
    """Whether a process id (of a process running now) was handed out after ``mark``; every id is
    where that cannot be told: no mark, ids not said, or a mark older than ``WHOLE_LOOK_AFTER``
    (the ids may have gone round past it)."""
    now = _last_pid()
    if mark is None or mark.last is None or now is None or time.monotonic() - mark.at > WHOLE_LOOK_AFTER:
        return lambda pid: True
    last = mark.last
    if now >= last:
        return lambda pid: last < pid <= now
    return lambda pid: pid > last or pid <= now  # gone round pid_max since


def left_bots(folders: tuple[str, ...], since: PidMark | None = None) -> list[LeftProcess]:
    """The outside bots of this test process still running, wherever their parent is (/proc);
    ``since``: only among the processes started after that mark (None: among all)."""
    if not Path("/proc/self/fd").is_dir():
        return []
    me = os.getpid()
    pids = [int(entry.name) for entry in os.scandir("/proc") if entry.name.isdigit()]
    fresh = started_since(since)  # after the listing: every process listed started before its id was read
    return [LeftProcess(pid, "outside bot", _command(pid)) for pid in pids
            if pid != me and fresh(pid) and bot_of(pid, folders) and _running(pid)]


def left_processes(folders: tuple[str, ...], since: PidMark | None = None) -> list[LeftProcess]:
    """The AI workers and outside bots left running (the bots among those started after ``since``)."""
    return left_workers() + left_bots(folders, since)


def waited_for(folders: tuple[str, ...], seconds: float = LEFT_WAIT, since: PidMark | None = None) -> list[LeftProcess]:
    """Those left still running once they have had ``seconds`` to end (none: at once); ``since``
    as for ``left_processes``."""
    deadline = time.monotonic() + seconds
    while (left := left_processes(folders, since)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def kill_left(left: list[LeftProcess], folders: tuple[str, ...]) -> None:
    """Kill what a failed test left, so that the next test starts with none: each through a pidfd,
    opened and then found to be the same process still (a worker of ours, a bot with its log in our
    folders), never by a pid that may be another's by then."""
    workers = {child.pid: child for child in multiprocessing.active_children()}
    for one in left:
        if one.pid in workers:  # our own child, not reaped: its pid is its own
            workers[one.pid].kill()
            workers[one.pid].join(30)
            continue
        try:
            fd = os.pidfd_open(one.pid)
        except (OSError, AttributeError):
            continue
        try:
            if bot_of(one.pid, folders):
                with contextlib.suppress(ProcessLookupError):
                    signal.pidfd_send_signal(fd, signal.SIGKILL)
        finally:
            os.close(fd)
