"""Windows and macOS code paths, checked on Linux by making this process look like the other
system where that is meaningful (``sys.platform``, a stand-in ``_winapi``, missing signals)."""

from __future__ import annotations

import os
import sys
import threading
import types

from ai import parent_watch


class FakeWinapi(types.SimpleNamespace):
    """The parts of Windows' ``_winapi`` the parent watch uses; the parent ends when told."""

    SYNCHRONIZE = 0x00100000
    WAIT_OBJECT_0 = 0
    WAIT_TIMEOUT = 258

    def __init__(self) -> None:
        super().__init__(opened=[], ended=threading.Event())

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:  # noqa: N802 - Windows' names
        self.opened.append((access, pid))
        return 1234

    def WaitForSingleObject(self, handle: int, milliseconds: int) -> int:  # noqa: N802
        assert handle == 1234 and milliseconds == 0
        return self.WAIT_OBJECT_0 if self.ended.is_set() else self.WAIT_TIMEOUT


def test_a_child_on_windows_ends_with_its_parent(monkeypatch):
    """Windows never gives an orphan another parent: ``os.getppid`` kept the dead parent's id, so
    the watch (by its id) never fired, and an analysis or a student's endless loop went on after
    the window or the tournament was killed.  The watch now waits on a handle to the parent."""
    winapi = FakeWinapi()
    monkeypatch.setitem(sys.modules, "_winapi", winapi)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(parent_watch, "POLL", 0.01)
    monkeypatch.setattr(parent_watch, "_LAST_WORDS", {})  # nobody else's last words are said
    monkeypatch.setattr(parent_watch, "_ending", False)
    exits: list[int] = []
    ended = threading.Event()

    def fake_exit(code: int) -> None:
        exits.append(code)
        ended.set()
        raise SystemExit(code)  # ends the watch's thread, not this process

    monkeypatch.setattr(os, "_exit", fake_exit)
    said = []
    parent_watch.on_orphaned("bot", lambda: said.append("bot ended"))
    parent_watch.end_with_parent()
    assert winapi.opened == [(winapi.SYNCHRONIZE, os.getppid())]
    assert not ended.wait(0.1) and not said  # the parent lives: nothing happens
    winapi.ended.set()  # os.getppid() is still the same number, as on Windows
    assert ended.wait(5), "the watch did not notice its parent was gone"
    assert exits == [0] and said == ["bot ended"]


def test_a_parent_that_cannot_be_opened_on_windows_is_not_watched(monkeypatch):
    def refuse(*_args):
        raise PermissionError(5, "Access is denied")

    winapi = FakeWinapi()
    winapi.OpenProcess = refuse
    monkeypatch.setitem(sys.modules, "_winapi", winapi)
    monkeypatch.setattr(sys, "platform", "win32")
    assert parent_watch.parent_gone()() is False


def test_a_posix_parent_is_watched_by_its_id(monkeypatch):
    gone = parent_watch.parent_gone()
    assert gone() is False
    monkeypatch.setattr(os, "getppid", lambda: 1)  # given to init
    assert gone() is True
