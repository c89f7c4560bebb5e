"""Locks between Tabuleiro windows (ai.file_lock): held by one window, refused to another, and
free again when the window that held it is killed, so no stale lock blocks the next start."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from ai.file_lock import held, try_take

ROOT = Path(__file__).resolve().parent.parent


def test_a_lock_held_by_one_window_is_refused_to_another_until_released(tmp_path):
    path = tmp_path / "x.lock"
    first = try_take(path)
    assert first is not None and try_take(path) is None
    first.release()
    second = try_take(path)
    assert second is not None
    second.release()
    with held(path):
        assert try_take(path) is None
    again = try_take(path)
    assert again is not None
    again.release()


def test_the_lock_of_a_killed_window_is_free(tmp_path):
    path = tmp_path / "x.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from ai.file_lock import try_take; "
         "lock = try_take(Path(sys.argv[1])); print(lock is not None, flush=True); sys.stdin.read()", str(path)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "True"
        assert try_take(path) is None
    finally:
        holder.kill()  # SIGKILL: the process ends without releasing anything
        holder.wait(30)
    lock = try_take(path)
    assert lock is not None
    lock.release()


def test_a_lock_file_that_cannot_be_made_locks_nothing_and_the_body_runs(tmp_path):
    missing = tmp_path / "no such folder" / "x.lock"
    assert try_take(missing) is None
    ran = []
    with held(missing):
        ran.append(True)
    assert ran == [True]


def test_a_lock_kept_too_long_by_another_window_is_waited_for_only_so_long(tmp_path):
    """A window stopped (in a debugger, say) while it held the lock froze every other window's save."""
    path = tmp_path / "x.lock"
    other = try_take(path)
    ran = []

    def save() -> None:
        with held(path, wait=0.05):
            ran.append(True)

    saving = threading.Thread(target=save, daemon=True)
    saving.start()
    saving.join(10)
    other.release()
    assert ran == [True]
