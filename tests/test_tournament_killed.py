"""A tournament's worker process killed outright (SIGKILL: the OOM killer, ``kill -9``) while it
looked at the Stop flag, in real worker processes: Stop must still stop the tournament.

The workers are stand-ins for ``ai.tournament_workers._worker_main``, run in the real spawned processes:
the one given game 1 leaves what a kill while looking at the flag leaves (the flag's lock held, if
it has one) and kills itself; the other starts game 2 once that is done, and plays it for longer
than the test runs, so that only Stop ends it."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

import ai.tournament_workers
from ai.tournament import Tournament
from ai.tournament_events import GameStarted

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a process killed outright: POSIX signals")

HANG_GUARD = 60.0  # seconds after which Stop is taken for hung (it ends within STOP_WAIT + STOP_GRACE)


def _killed_looking_at_the_flag_or_playing_on(tasks, events, _watch, folders: str, stopping) -> None:
    task = tasks.get()
    killed = Path(folders) / "killed.pid"
    if task["number"] == 1:
        lock = getattr(stopping, "_cond", None)  # a multiprocessing.Event's lock, if the flag has one
        if lock is not None:
            lock.acquire()
        killed.write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    while not (killed.exists() and killed.read_text()):  # written once the flag's lock, if any, is held for good
        time.sleep(0.01)
    events.put(("start", task["number"], None))
    time.sleep(10 * HANG_GUARD)  # a game longer than the test: Stop ends it


def test_stop_ends_a_tournament_whose_worker_was_killed_looking_at_the_flag(tmp_path, monkeypatch):
    """The flag was a ``multiprocessing.Event``, read under a lock; a worker killed while reading
    it kept the lock, and Stop's ``set`` waited for it for ever: the league's thread hung (the
    window's Stop did nothing, the command line's Ctrl+C neither).  The flag has no lock now."""
    monkeypatch.setattr(ai.tournament_workers, "_worker_main", _killed_looking_at_the_flag_or_playing_on)
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=1, jobs=2, in_process=False,
                   log=str(tmp_path / "league.jsonl"))

    def on_event(event) -> None:
        if isinstance(event, GameStarted):  # game 2, begun once game 1's worker held the flag for good
            t.cancel()

    run = threading.Thread(target=t.run, args=(on_event,), daemon=True)
    run.start()
    run.join(HANG_GUARD)
    assert not run.is_alive(), f"Stop did not end the tournament within {HANG_GUARD:g} s"
    assert t.cancelled and not t.results
