"""The settings never hold up the window: each save (the lock between windows, the read-merge-write,
the syncs) runs on the writer's thread (``ui.background_writer``), the newest settings win, a
failure is still said on screen, and closing the window waits for the last settings to be on disk."""

from __future__ import annotations

import errno
import json
import threading

import pytest

import ui.record_files
from tests.ui_helpers import SlowDisk, autosaves_written
from ui import settings as settings_mod


@pytest.fixture
def slow_disk(monkeypatch) -> SlowDisk:
    disk = SlowDisk(ui.record_files.atomic_write_text)
    monkeypatch.setattr(ui.record_files, "atomic_write_text", disk)  # what ui.settings writes with
    yield disk
    disk.release()


def on_disk() -> dict:
    return json.loads(settings_mod.settings_path().read_text(encoding="utf-8"))


def test_a_change_of_setting_does_not_wait_for_a_slow_disk(app, slow_disk):
    app.settings.theme = "light"
    app.apply_settings()
    app.frame()
    assert slow_disk.started.wait(5.0)  # the writer has taken the save up
    assert slow_disk.finished == 0  # handed over, still being written
    assert threading.main_thread().name not in slow_disk.threads
    slow_disk.release()
    autosaves_written()
    assert on_disk()["theme"] == "light"


def test_closing_the_window_waits_for_the_newest_settings(app, slow_disk):
    """Changes made while the disk hangs: only the newest settings are written after the save under
    way, and the window's close waits for them."""
    app.settings.theme = "light"
    app.apply_settings()
    assert slow_disk.started.wait(5.0)
    for volume in (0.3, 0.5):
        app.settings.volume = volume
        app.apply_settings()
    threading.Timer(0.2, slow_disk.release).start()  # the disk comes back while the window waits
    app.quit()
    assert (on_disk()["theme"], on_disk()["volume"]) == ("light", 0.5)
    assert slow_disk.finished == 2  # the first (under way), then the newest
    assert threading.main_thread().name not in slow_disk.threads


def test_a_failed_save_is_said_on_the_next_frame(app, monkeypatch):
    threads: list[str] = []

    def read_only(path, text) -> None:
        threads.append(threading.current_thread().name)
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(ui.record_files, "atomic_write_text", read_only)
    app.settings.theme = "light"
    app.apply_settings()
    autosaves_written()
    app.frame()
    assert threads and threading.main_thread().name not in threads
    assert any("Could not save settings" in m.text for m in app.messages.current())
    assert settings_mod.save_problem() is not None  # the settings screen says it too
