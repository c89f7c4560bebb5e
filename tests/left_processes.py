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
neither: it is the session's, ended at the session's end, and its standard error is no bot log."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

WORKER_NAME = "tabuleiro-ai"  # ``ui.worker_lifecycle._start_process``'s processes
LEFT_WAIT = 15.0  # seconds the check waits for a test's processes to end by themselves (a safety net)


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


def left_bots(folders: tuple[str, ...]) -> list[LeftProcess]:
    """The outside bots of this test process still running, wherever their parent is (/proc)."""
    if not Path("/proc/self/fd").is_dir():
        return []
    me = os.getpid()
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and int(entry.name) != me and bot_of(int(entry.name), folders) \
                and _running(int(entry.name)):
            found.append(LeftProcess(int(entry.name), "outside bot", _command(int(entry.name))))
    return found


def left_processes(folders: tuple[str, ...]) -> list[LeftProcess]:
    return left_workers() + left_bots(folders)


def waited_for(folders: tuple[str, ...], seconds: float = LEFT_WAIT) -> list[LeftProcess]:
    """Those left still running once they have had ``seconds`` to end (none: at once)."""
    deadline = time.monotonic() + seconds
    while (left := left_processes(folders)) and time.monotonic() < deadline:
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
