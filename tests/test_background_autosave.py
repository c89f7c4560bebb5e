"""The autosave never holds up the window: each ply's file is written on the writer's thread
(``ui.background_writer``), the newest snapshot of a file wins, a failure is still said on
screen, and leaving the game or closing the window waits for the last position to be on disk."""

from __future__ import annotations

import errno
import threading

import pytest

from ai import atomic
from tests.ui_helpers import SlowDisk, autosaves_written, click
from ui import autosave as autosave_module
from ui import recorder as recorder_module
from ui.background_writer import NewestWriter
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


def start(app) -> GameScene:
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    return scene


def play(scene: GameScene, *texts: str) -> None:
    for text in texts:
        scene._play(scene.game.parse_move(scene.state, text), by_computer=False)


@pytest.fixture
def slow_disk(monkeypatch) -> SlowDisk:
    disk = SlowDisk(atomic.atomic_write_text)
    monkeypatch.setattr(autosave_module, "atomic_write_text", disk)
    yield disk
    disk.release()


def test_a_move_does_not_wait_for_a_slow_disk(app, slow_disk):
    """The move and the frame after it are done while the disk still holds the first write."""
    scene = start(app)
    play(scene, "b2")
    app.frame()
    assert slow_disk.started.wait(5.0)  # the writer has taken the write up (it may start after the frame)
    assert slow_disk.finished == 0  # handed over, still being written
    assert threading.main_thread().name not in slow_disk.threads
    slow_disk.release()
    autosaves_written()
    assert scene.recorder.autosaver.autosave.load()[0].moves == ["b2"]


def test_leaving_the_game_waits_for_its_last_position(app, slow_disk):
    """Moves made while the disk hangs: Menu waits for the writer, so the file holds them all
    (only the newest snapshot of the file is written after the one under way)."""
    scene = start(app)
    play(scene, "b2")
    assert slow_disk.started.wait(5.0)
    play(scene, "a1", "c3")
    path = scene.recorder.autosaver.autosave.path
    threading.Timer(0.2, slow_disk.release).start()  # the disk comes back while the window waits
    scene.back_to_menu()
    assert autosave_module.Autosave(path).load()[0].moves == ["b2", "a1", "c3"]
    assert slow_disk.finished == 2  # b2 (under way), then the newest: b2 a1 c3


def test_closing_the_window_waits_for_its_last_position(app, slow_disk):
    scene = start(app)
    play(scene, "b2", "a1")
    path = scene.recorder.autosaver.autosave.path
    threading.Timer(0.2, slow_disk.release).start()
    app.quit()
    assert autosave_module.Autosave(path).load()[0].moves == ["b2", "a1"]


def test_a_failed_write_is_said_on_the_next_frame(app, monkeypatch):
    threads: list[str] = []

    def read_only(path, text) -> None:
        threads.append(threading.current_thread().name)
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(autosave_module, "atomic_write_text", read_only)
    scene = start(app)
    play(scene, "b2")
    autosaves_written()
    app.frame()
    assert threads and threading.main_thread().name not in threads
    assert any("Could not autosave the game" in m.text for m in scene.messages.items)
    assert scene.recorder.autosaver.failed


def test_a_full_disk_stays_said_until_a_move_is_written_again(app, monkeypatch):
    """A full disk: the failure was said once, and faded 8 s later while every later move stayed
    out of the file; the player played on sure the game was kept, and a crash lost those moves.
    It now stays on screen, however long the player thinks, until a write succeeds."""
    full = [True]

    def disk(path, text) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        atomic.atomic_write_text(path, text)

    def said() -> list[str]:
        app.frame()
        autosaves_written()
        app.frame()
        return [m.text for m in scene.messages.current() if "Could not autosave the game" in m.text]

    def a_minute_later() -> None:
        for message in scene.messages.items:
            message.since -= 60.0  # the player thought a minute: every message's time is out

    monkeypatch.setattr(autosave_module, "atomic_write_text", disk)
    scene = start(app)
    click(app, scene.view.cell_rect(1, 1).center)
    assert said()
    a_minute_later()
    click(app, scene.view.cell_rect(0, 0).center)
    assert said(), "the game is still not saved: the player must still be told"
    full[0] = False
    click(app, scene.view.cell_rect(2, 2).center)
    said()  # the move is written: the message has the rest of its time
    a_minute_later()
    assert not said()
    assert len(scene.history) == 3


def test_the_newest_write_of_a_file_replaces_one_waiting():
    writer = NewestWriter(name="test-writer")
    busy, ran = threading.Event(), []

    def job(name: str, hold: bool = False):
        def run() -> None:
            if hold:
                busy.wait(5.0)
            ran.append(name)
        return run

    writer.submit("first file", job("first", hold=True))  # the writer is busy with it
    for n in range(3):
        writer.submit("second file", job(f"second {n}"))
    writer.submit("third file", job("third"))
    busy.set()
    assert writer.wait(10.0)
    assert ran == ["first", "second 2", "third"]  # another file's write is never dropped


def test_closing_the_window_on_moves_a_full_disk_kept_from_the_file_says_so_first(app, monkeypatch):
    """A full disk: the game's last moves are not in its file.  Leaving for the menu said so and
    waited for a second Esc, but the window's close button closed at once and the moves were lost
    unsaid.  The close waits for a second one too, after the same words; the system's quit
    (SIGTERM, a session ending: QUIT alone) is never held."""
    import pygame

    def full_disk(path, text) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    scene = start(app)
    play(scene, "b2")
    autosaves_written()
    monkeypatch.setattr(autosave_module, "atomic_write_text", full_disk)
    play(scene, "a1")

    def close_button() -> None:
        pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.run_frames(2)

    close_button()
    assert app.running and app.scene is scene
    assert any("could not be saved, so Continue would not have them" in m.text for m in scene.messages.items)
    close_button()
    assert not app.running


def test_the_systems_quit_closes_at_once_whatever_the_game_says(app, monkeypatch):
    import pygame

    monkeypatch.setattr(autosave_module, "atomic_write_text", lambda path, text: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, "No space left on device", str(path))))
    scene = start(app)
    play(scene, "b2")
    autosaves_written()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_frames(2)
    assert not app.running and scene.recorder.autosaver.failed


def test_closing_the_window_while_a_hung_disk_holds_the_last_move_says_so_first(app, slow_disk, monkeypatch):
    """A disk that hangs (a network folder): closing the window waited 5 s, then closed, the last
    moves never written, and nothing said.  The close now waits for a second one, saying the
    moves are still being written."""
    import pygame

    from ui import app as app_module
    from ui import recorder

    monkeypatch.setattr(recorder, "WRITE_WAIT", 0.2)
    monkeypatch.setattr(app_module, "WRITE_WAIT", 0.2)
    scene = start(app)
    play(scene, "b2")
    assert slow_disk.started.wait(5.0)

    def close_button() -> None:
        pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
        app.run_frames(2)

    close_button()
    assert app.running and app.scene is scene
    assert any("still being written to a slow disk" in m.text for m in scene.messages.items)
    close_button()
    assert not app.running


def test_a_failed_autosave_is_tried_again_while_the_player_thinks(app, monkeypatch):
    """A full disk freed while the player thinks: the game was written only at the next move or
    the window's close, and a crash meanwhile lost it.  The failed write is now tried again on a
    timer (``RETRY_EVERY``, made nothing here), off the window's thread, and its success said once."""
    full = [True]

    def disk(path, text) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        atomic.atomic_write_text(path, text)

    def frames_written() -> None:
        app.run_frames(2)
        autosaves_written()
        app.run_frames(2)

    monkeypatch.setattr(autosave_module, "atomic_write_text", disk)
    monkeypatch.setattr(recorder_module, "RETRY_EVERY", 0.0)
    scene = start(app)
    click(app, scene.view.cell_rect(1, 1).center)
    frames_written()
    path = scene.recorder.autosaver.autosave.path
    assert not path.exists() and scene.recorder.autosaver.failed
    full[0] = False  # space freed; the player makes no move
    frames_written()
    frames_written()
    assert autosave_module.Autosave(path).load()[0].moves == ["b2"]
    assert not scene.recorder.autosaver.failed
    assert [m.text for m in scene.messages.current()] == ["The game is autosaved again"]  # said once, the failure gone
    frames_written()
    assert [m.text for m in scene.messages.items].count("The game is autosaved again") == 1
