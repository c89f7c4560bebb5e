"""Ctrl+C in the terminal the window was started from (``python main.py``) as the window starts:
it closes as later, with one line ("stopped") and status 130, and nothing it started outlives it.

The terminal sends SIGINT to the whole process group: the kernel preparation's processes and the
spare AI worker each printed its own KeyboardInterrupt's traceback (or, met still starting,
Python's "Fatal Python error") under the window's line.  They now start out of its reach
(``ui.worker_lifecycle.start_leaving_ctrl_c``), and the window ends them, even before it is made.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ui.app
from tests.reap_helpers import Descendant
from tests.test_ui_soak import CtrlC, ctrl_c_as_processes_start, session_processes
from ui import kernel_preparation

ROOT = Path(__file__).resolve().parent.parent

# main.py's window, its start held at argv[2] -- "making": inside ``App()``, the preparation
# started; "spare": the spare worker started, as the window first waits for input -- once it
# has said so in file argv[1], until the test's signal.  Its children that take the signal then
# have their say before the window's close ends them (``sigint_disposition``).
HELD_START = r"""
import multiprocessing, os, pathlib, sys, time
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import main, ui.app, ui.worker_client
from tests.test_window_ctrl_c import sigint_disposition
reached, where = pathlib.Path(sys.argv[1]), sys.argv[2]
def held():
    reached.touch()
    try:
        for _ in range(12000):  # a safety net: the test's signal ends the wait
            time.sleep(0.01)
    finally:
        for child in multiprocessing.active_children():
            for _ in range(1200):  # a safety net: one that takes the signal ends with it
                if sigint_disposition(child.pid) in ("ignored", "gone"):
                    break
                time.sleep(0.05)
if where == "making":
    make = ui.app.App.__init__
    def making(self, *args, **kwargs):
        held()
        make(self, *args, **kwargs)
    ui.app.App.__init__ = making
else:
    start = ui.worker_client.SpareWorker.start
    def spare_started(cls, *args, **kwargs):
        started = start(*args, **kwargs)
        if started:
            held()
        return started
    ui.worker_client.SpareWorker.start = classmethod(spare_started)
sys.exit(main.main([]))
"""

# A command that makes file argv[1], then ends once file argv[2] is made
ENDS_WHEN_TOLD = r"""
import pathlib, sys, time
pathlib.Path(sys.argv[1]).touch()
for _ in range(12000):  # a safety net: the test says when
    if pathlib.Path(sys.argv[2]).exists():
        break
    time.sleep(0.01)
"""


def sigint_disposition(pid: int) -> str:
    """How process ``pid`` takes SIGINT (Linux's /proc): "ignored" (or blocked), "caught" (a handler
    of its own, as a Python process has once it runs), "default" (still exec'ing: the signal would
    end it without a word), or "gone" (ended, or a zombie)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return "gone"
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    if fields["State"].strip().startswith("Z"):
        return "gone"
    bit = 1 << (signal.SIGINT - 1)
    if (int(fields["SigIgn"], 16) | int(fields["SigBlk"], 16)) & bit:
        return "ignored"
    return "caught" if int(fields["SigCgt"], 16) & bit else "default"


def _ctrl_c_as_the_window_starts(tmp_path: Path, where: str) -> subprocess.CompletedProcess:
    """``python main.py`` sent the terminal's Ctrl+C once its start is held at ``where``
    (``HELD_START``).  An empty kernel cache keeps the preparation compiling meanwhile."""
    reached = tmp_path / "reached"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", NUMBA_CACHE_DIR=str(tmp_path / "numba"),
               TABULEIRO_CONFIG_DIR=str(tmp_path / "config"), TABULEIRO_DATA_DIR=str(tmp_path / "data"))
    return ctrl_c_once_held([sys.executable, "-c", HELD_START, str(reached), where], env, reached)


def ctrl_c_once_held(command: list[str], env: dict[str, str], reached: Path,
                     sent: Path | None = None) -> subprocess.CompletedProcess:
    """``command`` run from the repository in a session of its own, sent the terminal's Ctrl+C
    (SIGINT to its process group) once it has made file ``reached`` (where it holds) and each of
    its processes takes the signal its own way; then file ``sent`` is made, for a hold that the
    signal does not end to go on.  Its output, once it and every process it started have ended."""
    return ctrl_c_at_each_hold(command, env, [(reached, sent)])


def ctrl_c_at_each_hold(command: list[str], env: dict[str, str],
                        holds: list[tuple[Path, Path | None]]) -> subprocess.CompletedProcess:
    """``ctrl_c_once_held`` at each of ``holds`` in turn (its ``reached`` and ``sent`` files): a
    Ctrl+C pressed again at a later moment of the same run."""
    app = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    # Watched through a pidfd, never reaped before its output is read: its group keeps its id (the
    # leader's pid, held while it is not reaped, even ended), so a signal to the group reaches this
    # command's processes or none.  Reaped by ``poll`` before the signal, the group was gone
    # (ProcessLookupError) or its id free for another session's.
    leader = Descendant(os.pidfd_open(app.pid))
    try:
        for reached, sent in holds:
            deadline = time.monotonic() + 120  # a safety net: it reaches its hold within seconds
            while not (reached.exists() and "default" not in map(sigint_disposition, session_processes(app.pid))) \
                    and not leader.ended() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert reached.exists(), app.stderr.read() if leader.ended() else "the hold was never reached"
            os.killpg(app.pid, signal.SIGINT)  # not reaped: its group, even if it has just ended
            if sent is not None:
                sent.touch()
        out, err = app.communicate(timeout=120)
    finally:
        if app.returncode is None:  # not reaped (a failure): its group is still its own
            os.killpg(app.pid, signal.SIGKILL)
            app.wait(30)  # a safety net: SIGKILL ends it at once
        leader.close()
    deadline = time.monotonic() + 30  # a safety net: multiprocessing's resource tracker ends as its pipe closes
    while session_processes(app.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert session_processes(app.pid) == []
    return subprocess.CompletedProcess(app.args, app.returncode, out, err)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("where", ["making", "spare"], ids=["as the window is made", "as the spare worker starts"])
def test_ctrl_c_as_the_window_starts_closes_it_in_one_line(tmp_path, where):
    done = _ctrl_c_as_the_window_starts(tmp_path, where)
    for said in ("Traceback", "KeyboardInterrupt", "Fatal Python error"):
        assert said not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1:] == ["stopped"], done.stderr
    assert done.returncode == 130, done.stderr


def test_ctrl_c_as_the_window_is_made_ends_the_preparation_before_going_on_up(monkeypatch):
    """A KeyboardInterrupt from ``App()`` went up before ``run``'s ``try``: the preparation's
    processes were left to Python's exit, and pygame was not quit."""
    ended = []

    class Preparation:
        def stop(self) -> None:
            ended.append("preparation")

    def window_made_ctrl_c(*_args, **_kwargs):
        raise CtrlC

    monkeypatch.setattr(kernel_preparation, "KernelPreparation", Preparation)
    monkeypatch.setattr(ui.app, "App", window_made_ctrl_c)
    monkeypatch.setattr(ui.app.pygame, "quit", lambda: ended.append("pygame"))
    with pytest.raises(CtrlC):
        ui.app.run()
    assert ended == ["preparation", "pygame"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_inside_the_preparations_start_ends_its_processes_once_started(monkeypatch):
    """Ctrl+C inside the preparation's start (each process's, whose SIGINT is blocked for the child
    to inherit) waits for every process to have started, then goes on up from
    ``KernelPreparation()``, which no one can then stop: it stops them itself."""
    with ctrl_c_as_processes_start(monkeypatch) as started:
        kernel_preparation.KernelPreparation(processes=2)
    assert len(started) == 2
    assert not any(process.is_alive() for process in started)


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="watches the command through a pidfd (Linux)")
def test_a_command_that_ends_as_its_ctrl_c_is_sent_is_signalled_as_a_group_still_its_own(tmp_path, monkeypatch):
    """``ctrl_c_at_each_hold`` polled the command (``Popen.poll``, which reaps it once ended) after
    reading its processes, then signalled its group by id: a command that ended in between was
    reaped, its group gone (ProcessLookupError) or its id free for another's.  That moment, held
    here (the processes read while it runs, then it ends), no longer reaps it before the signal."""
    reached, go = tmp_path / "reached", tmp_path / "go"
    command = [sys.executable, "-c", ENDS_WHEN_TOLD, str(reached), str(go)]
    read = sigint_disposition

    def read_then_ended(pid: int) -> str:
        """Its processes read while it runs ("default", as if still starting); then it ends."""
        read(pid)
        go.touch()
        for _ in range(1200):  # a safety net: it ends as soon as it is told
            if Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z":
                break
            time.sleep(0.05)
        return "default"

    monkeypatch.setattr(sys.modules[__name__], "sigint_disposition", read_then_ended)
    done = ctrl_c_once_held(command, dict(os.environ), reached)
    assert done.returncode == 0 and done.stderr == "", done.stderr
