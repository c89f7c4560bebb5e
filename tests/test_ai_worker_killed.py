"""A computer player's process killed (SIGKILL: the OOM killer, a user's ``kill -9``) at the worst
moments: in the middle of a report, or while it looks at its stop flag.  The window must keep
drawing, say what happened, and have the move searched again by a fresh process.

Each kill is made deterministic by a stand-in for ``ui.worker_process.worker_main``, run in the real
worker process: it leaves behind exactly what a kill at that moment leaves, then kills itself.
Polls run in a thread joined with a generous limit, so that a poll that blocks fails the test
instead of hanging it."""

from __future__ import annotations

import functools
import multiprocessing as mp
import os
import signal
import struct
import sys
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.reduction import ForkingPickler
from pathlib import Path

import pygame
import pytest

from tests.ui_helpers import click, job_mover, key, wait
from ui import worker_lifecycle, worker_process
from ui.ai_worker import AIError, AIProgress, AIResult, Job
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.worker_client import AIWorker

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a process killed outright: POSIX signals")

REAL_WORKER_MAIN = worker_process.worker_main
HANG_GUARD = 60.0  # seconds after which a poll is taken for blocked (it answers in a frame)


def four_in_a_row_job() -> Job:
    return Job("tictactoe", {"width": 7, "height": 6, "k": 4}, ("d3",), "", "level-5", 0.5, 1)


def _writing_end(reports) -> Connection:
    """The pipe end a worker's reports are written to, whatever carries them."""
    return next(v for v in vars(reports).values() if isinstance(v, Connection) and v.writable)


def _killed_writing_a_report(jobs, reports, stop, *_warm) -> None:
    """A worker killed in the middle of a large report: its first half is in the pipe, the rest
    never comes (what SIGKILL leaves while a report is being written)."""
    job_id, job = jobs.get()
    data = bytes(ForkingPickler.dumps(AIProgress(job_id, pv=["a1"] * 50_000, mover=job_mover(job))))
    os.write(_writing_end(reports).fileno(), struct.pack("!i", len(data)) + data[: len(data) // 2])
    os.kill(os.getpid(), signal.SIGKILL)


def _killed_looking_at_the_stop_flag(jobs, reports, stop, *_warm) -> None:
    """A worker killed while its search looks at the stop flag (a few times a millisecond): a
    ``multiprocessing.Event`` is read under a lock, which the dead process then keeps."""
    jobs.get()
    lock = getattr(stop, "_cond", None)  # the Event's lock, if the flag has one
    if lock is not None:
        lock.acquire()
    os.kill(os.getpid(), signal.SIGKILL)


def polled_in_a_thread(worker: AIWorker, job_id: int) -> tuple[list, bool]:
    """Poll ``worker`` from a thread until ``job_id`` is answered (or 30 s pass); what it said,
    and whether the polls returned at all (False: a poll blocked)."""
    said: list = []

    def poll_until_answered() -> None:
        end = time.monotonic() + 30.0
        while time.monotonic() < end and not any(isinstance(a, (AIResult, AIError)) and a.job_id == job_id
                                                 for a in said):
            said.extend(worker.poll())
            time.sleep(0.01)

    poller = threading.Thread(target=poll_until_answered, daemon=True)
    poller.start()
    poller.join(HANG_GUARD)
    return said, not poller.is_alive()


def killed_worker(monkeypatch, dying_worker) -> tuple[AIWorker, int]:
    """A worker whose process took a job and was killed as ``dying_worker`` says; the process
    that replaces it is a real one."""
    monkeypatch.setattr(worker_lifecycle, "worker_main", dying_worker)
    worker = AIWorker("tictactoe", warm_up=False)
    job_id = worker.submit(four_in_a_row_job())
    worker.process.join(30)
    assert worker.process.exitcode == -signal.SIGKILL
    monkeypatch.setattr(worker_lifecycle, "worker_main", REAL_WORKER_MAIN)
    return worker, job_id


@pytest.mark.parametrize("dying_worker", [_killed_writing_a_report, _killed_looking_at_the_stop_flag])
def test_a_worker_killed_mid_report_or_mid_look_is_replaced_without_blocking_the_poll(monkeypatch, dying_worker):
    """Half a report left in the pipe made ``poll`` wait for the rest for ever, and the stop flag's
    lock kept by the dead process made the replacement's ``stop.set()`` wait for ever: either way
    the window froze.  Now the poll returns, the job is answered as stopped, and a fresh process
    answers the next job."""
    worker, job_id = killed_worker(monkeypatch, dying_worker)
    try:
        said, returned = polled_in_a_thread(worker, job_id)
        assert returned, "poll blocked on what the killed process left"
        assert [a for a in said if isinstance(a, AIError) and a.job_id == job_id and "stopped unexpectedly" in a.message]
        assert worker.restarts == 1 and not worker.broken
        next_job = worker.submit(four_in_a_row_job())
        said, returned = polled_in_a_thread(worker, next_job)
        assert returned and [a for a in said if isinstance(a, AIResult) and a.job_id == next_job and a.move is not None]
    finally:
        worker.close()


def _started_once_let_in(gate: str, *args, **kwargs) -> None:
    """A real worker whose process first waits until file ``gate`` exists: a fresh process slow to
    start, as on a loaded machine (spawning, importing numba, loading the kernels), for as long
    as the test wants."""
    parent = mp.parent_process()
    while not os.path.exists(gate) and (parent is None or parent.is_alive()):
        time.sleep(0.01)
    REAL_WORKER_MAIN(*args, **kwargs)


def frames_in_a_thread(app, condition) -> tuple[bool, bool]:
    """Run the window's frames (``wait``) in a thread until ``condition()`` holds: whether they
    kept running (False: a frame blocked, the window froze), and whether it came to hold."""
    held: list[bool] = []
    framer = threading.Thread(target=lambda: held.append(wait(app, condition, HANG_GUARD)), daemon=True)
    framer.start()
    framer.join(2 * HANG_GUARD)
    return not framer.is_alive(), held == [True]


class ShownMessages:
    """Every message the screen has shown, frame after frame, as a player reading it would have
    seen it.  An error message shows for 8 s: on a loaded machine the fresh process answered
    after "... it was restarted ..." had gone, so the window's messages at the end no longer
    held it, though the player saw it."""

    def __init__(self, scene: GameScene) -> None:
        self.scene, self.texts = scene, []

    def look(self) -> list[str]:
        """The messages on the screen now, each remembered; returns all seen so far."""
        self.texts += [m.text for m in self.scene.messages.current() if m.text not in self.texts]
        return self.texts

    def until(self, app, condition) -> None:
        """Run frames, looking at the screen after each, until ``condition()``; fails the test if
        the window froze or the condition never came."""
        def looked_then() -> bool:
            self.look()
            return condition()

        kept_running, held = frames_in_a_thread(app, looked_then)
        assert kept_running, "the window froze"
        assert held, self.texts

    def said_restart(self) -> bool:
        """Has the screen said the process stopped and was restarted (now or before)?"""
        return any("stopped unexpectedly" in text and "restarted" in text for text in self.look())


def killed_mid_report(app, monkeypatch, ask, gate: Path | None) -> GameScene:
    """Human vs computer at four in a row: ``ask(app, scene)`` (a click, a key) has the process search
    and it is killed in the middle of its first report.  The process replacing it is a real one,
    held until file ``gate`` exists when one is given (a slow start)."""
    monkeypatch.setattr(worker_lifecycle, "worker_main", _killed_writing_a_report)
    app.switch(GameScene(app, MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, HUMAN_VS_PC,
                                         (None, "level-5"), 0.5)))
    scene = app.scene
    first_process = scene.worker.process
    ask(app, scene)
    first_process.join(HANG_GUARD)
    assert first_process.exitcode == -signal.SIGKILL
    replacement = REAL_WORKER_MAIN if gate is None else functools.partial(_started_once_let_in, str(gate))
    monkeypatch.setattr(worker_lifecycle, "worker_main", replacement)
    return scene


def replaced_slowly_or_not(app, shown: ShownMessages, gate: Path | None) -> None:
    """Run frames until the window says the process was restarted; given a ``gate``, the fresh
    process then starts only once that message has had its time on the screen (aged past its
    duration: a machine so loaded that the process took longer than the message lasts).  The
    message stays on the screen until then: it went after its 8 s, and the player, the fresh
    process still starting, saw nothing happen."""
    shown.until(app, shown.said_restart)
    if gate is None:
        return
    for message in shown.scene.messages.items:
        message.since -= message.duration
    app.run_frames(3)
    assert restart_on_screen(shown.scene), "the message went while the fresh process was still starting"
    gate.touch()


def restart_on_screen(scene: GameScene) -> bool:
    """Whether the screen shows "... it was restarted ..." now."""
    return any("restarted" in m.text for m in scene.messages.current())


def gone_once_answered(app, shown: ShownMessages, slow_start: bool) -> None:
    """The fresh process having answered, a "restarted" message kept past its time goes."""
    if slow_start:
        shown.until(app, lambda: not restart_on_screen(shown.scene))


SLOW_OR_NOT = pytest.mark.parametrize("slow_start", [False, True], ids=["fresh-process", "slow-fresh-process"])


@SLOW_OR_NOT
def test_the_computer_killed_mid_report_moves_all_the_same_and_the_window_says_so(app, monkeypatch, tmp_path,
                                                                                slow_start):
    """Human vs computer: the computer's process is killed in the middle of a report while the
    player waits for its move.  The window froze for good; now it says the process stopped and
    was restarted, and the fresh process searches the move again (no random move played in its
    place), however long it takes to start."""
    gate = tmp_path / "gate" if slow_start else None
    scene = killed_mid_report(app, monkeypatch, lambda app, scene: click(
        app, scene.view.cell_rect(*divmod(17, scene.game.width)).center), gate)
    shown = ShownMessages(scene)
    replaced_slowly_or_not(app, shown, gate)
    shown.until(app, lambda: len(scene.history) == 2)
    assert shown.said_restart(), shown.texts
    assert not any("random" in text for text in shown.texts), shown.texts
    gone_once_answered(app, shown, slow_start)
    assert app.errors == []


@SLOW_OR_NOT
def test_a_hint_whose_process_was_killed_is_searched_again_and_given(app, monkeypatch, tmp_path, slow_start):
    """The player asks for a hint (H) and the process searching it is killed in the middle of a
    report.  The window said "No hint: the AI process stopped unexpectedly (exit code -9)" and
    left it there, where a computer's move is searched again; now the hint is searched again by
    the fresh process and given, and the window says the process was restarted."""
    gate = tmp_path / "gate" if slow_start else None
    scene = killed_mid_report(app, monkeypatch, lambda app, scene: key(app, pygame.K_h), gate)
    shown = ShownMessages(scene)
    replaced_slowly_or_not(app, shown, gate)
    shown.until(app, lambda: scene.hint is not None or any(text.startswith("No hint") for text in shown.texts))
    assert scene.hint in scene.state.legal_moves(), shown.texts
    assert shown.said_restart(), shown.texts
    gone_once_answered(app, shown, slow_start)
    assert app.errors == []
