"""A picture or an SGF file that cannot be written: the window says why in the user's words, and
what was in the saved-games folder before stays as it was (a full disk, a file in the way)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

import ai.atomic
from tests.test_record import random_game
from tests.ui_helpers import key
from ui.data_folders import games_dir
from ui.export import save_outside_file
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


def hex_scene(app, moves: tuple[str, ...] = ()) -> GameScene:
    """A hot-seat Hex game, ``moves`` in (Save waits for a first move: before it there is nothing to keep)."""
    scene = GameScene(app, MatchSetup("hex", {}, HOTSEAT, (None, None), 0.1), list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def disk_full_at_flush(monkeypatch) -> None:
    """The disk fills under a write: SDL, writing a PNG itself, left the file empty and said
    "Error writing the PNG file."; an atomic write fails at its fsync with ENOSPC."""
    real_save = pygame.image.save

    def sdl_on_a_full_disk(surface, target, *args):
        if isinstance(target, str):  # SDL opening the file itself: emptied, then the write fails
            open(target, "wb").close()
            raise pygame.error("Error writing the PNG file.")
        return real_save(surface, target, *args)

    def no_room(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(pygame.image, "save", sdl_on_a_full_disk)
    monkeypatch.setattr(ai.atomic.os, "fsync", no_room)


def test_a_picture_on_a_full_disk_keeps_the_one_saved_before_and_says_the_disk_is_full(app, monkeypatch):
    scene = hex_scene(app)
    message, kind = scene.recorder.export_png(scene)
    assert kind == "info"
    path = next(games_dir().glob("*.png"))
    before = path.read_bytes()
    disk_full_at_flush(monkeypatch)
    message, kind = scene.recorder.export_png(scene)
    assert kind == "error" and f"the disk holding {path.parent} is full" in message
    assert path.read_bytes() == before and sorted(games_dir().iterdir()) == [path]  # no temporary left


def test_a_game_saved_on_a_full_disk_is_said_by_its_own_name_not_the_hidden_one(app, monkeypatch):
    """Save (Ctrl+S) on a full disk said "Could not save the game: .hex-....json.1a2b3c4d.tmp:
    cannot be written (...)": the hidden name the save is staged under, which the player never
    sees in the folder.  It names the game's file now, as Picture and Save as SGF do."""
    scene = hex_scene(app, ("a1",))
    disk_full_at_flush(monkeypatch)
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    [message] = [m.text for m in scene.messages.items if m.kind == "error"]
    assert ".tmp" not in message and not message.split(": ")[1].startswith("."), message
    assert message.startswith("Could not save the game: hex-") and ".json: cannot be written" in message, message
    assert f"(the disk holding {games_dir()} is full)" in message
    assert not games_dir().exists() or list(games_dir().iterdir()) == []


def test_an_sgf_blocked_by_a_file_says_what_is_in_the_way(tmp_path):
    blocked = tmp_path / "games"
    blocked.write_text("not a folder", encoding="utf-8")
    record, _ = random_game("hex", 3, 10)
    message, kind = save_outside_file(record, blocked)
    assert kind == "error" and f"cannot be written (a file is in the way of the folder {blocked})" in message
    assert blocked.read_text(encoding="utf-8") == "not a folder"


def another_file_at(path) -> None:
    """What a save wrote at ``path`` replaced by another file of that name (another game of the same
    minute, another window's picture)."""
    path.write_bytes(path.read_bytes() + b"another")


def test_a_second_picture_at_the_same_move_is_saved_beside_the_first(app):
    """Picture (P) at the same move twice, in a game and in its replay, replaced the earlier
    picture; the game's and the replay's Picture are one function now, which picks a free name
    as Save does: the same picture again says where it is, another one is saved beside it."""
    from ui.scenes.replay import ReplayScene

    scene = hex_scene(app)
    first, _kind = scene.recorder.export_png(scene)
    [path] = games_dir().glob("*.png")
    assert first == f"Picture saved: {path}"
    assert scene.recorder.export_png(scene)[0] == f"Already saved, unchanged: {path}"
    another_file_at(path)
    second, _kind = scene.recorder.export_png(scene)
    assert second.endswith("-move0-2.png") and len(list(games_dir().glob("*.png"))) == 2
    replay = ReplayScene(app, scene.recorder.record)
    app.switch(replay)
    app.run_frames(1)
    for _ in range(2):
        replay.export_png()
    assert [m.text for m in replay.messages.items] == [second.replace("Picture saved", "Already saved, unchanged")]
    assert len(list(games_dir().glob("*.png"))) == 2


@pytest.mark.parametrize("hard_links", [True, False], ids=["hard-links", "no-hard-links"])
def test_two_windows_saving_the_same_game_at_once_keep_both_files(app, monkeypatch, hard_links):
    """Save looked for a free name (``exists``) and wrote later: two saves of games of the same
    name (the same minute) both chose it and the second replaced the first.  A spy holds each save at its
    write until both are writing: each has its own file, on a disk with hard links or without."""
    import threading

    import ui.export
    import ui.record_files

    if not hard_links:  # FAT, exFAT: the name is claimed by creating it
        def no_link(src, dst):
            raise OSError(errno.EPERM, os.strerror(errno.EPERM))

        monkeypatch.setattr(ui.export.os, "link", no_link)
    scene = hex_scene(app)
    both_chose = threading.Barrier(2, timeout=30)
    real_write = ui.record_files.atomic_write_text

    def write_once_both_chose(path, text):  # two games: the second's file ends in a blank line more
        both_chose.wait()
        real_write(path, text + "\n" * (threading.current_thread() is savers[1]))

    monkeypatch.setattr(ui.record_files, "atomic_write_text", write_once_both_chose)
    said: list[tuple[str, str]] = []
    savers = [threading.Thread(target=lambda: said.append(scene.recorder.save_copy())) for _ in range(2)]
    for saver in savers:
        saver.start()
    for saver in savers:
        saver.join()
    assert [kind for _message, kind in said] == ["info", "info"]
    assert len({message for message, _kind in said}) == 2 and len(list(games_dir().glob("*.json"))) == 2


def without_hard_links(monkeypatch) -> None:
    """A disk without hard links (FAT, exFAT, some network shares): a save claims its name otherwise."""
    import ui.export

    def no_link(src, dst):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(ui.export.os, "link", no_link)


def renames_into_the_folder(monkeypatch, fail: bool = False) -> list[int | None]:
    """The size of what a rename onto a visible name in Saved games' folder (a saved game's, not a
    temporary's, nor the unfinished game's kept as it is played) finds there first, as another
    window's list would read it (None: no file yet); ``fail``: that rename fails, as on Windows
    when an antivirus holds the file just created."""
    real_replace = os.replace
    found: list[int | None] = []

    def replace(src, dst):
        if not os.path.basename(dst).startswith(".") and Path(dst).parent == games_dir():
            found.append(os.path.getsize(dst) if os.path.exists(dst) else None)
            if fail:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    return found


def test_a_save_without_hard_links_never_shows_an_empty_record(app, monkeypatch):
    """Without hard links, Save (Ctrl+S) created the new name empty, then renamed the game onto
    it: meanwhile another window's Saved games read an empty record there (and moved it aside as
    damaged).  The name is claimed aside now: the record appears whole, or not at all."""
    without_hard_links(monkeypatch)
    found = renames_into_the_folder(monkeypatch)
    scene = hex_scene(app, ("a1",))
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    another_file_at(next(games_dir().iterdir()))
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)  # takes the next name
    assert found == [None, None]
    saved = sorted(games_dir().iterdir())
    assert len(saved) == 2 and all(path.stat().st_size > 0 for path in saved)
    assert [m.kind for m in scene.messages.items if m.text.startswith("Game saved")] == ["info", "info"]


def test_a_save_without_hard_links_that_cannot_be_renamed_leaves_no_empty_file(app, monkeypatch):
    """A rename that failed (a file an antivirus holds) left the empty file made to claim the name:
    an empty record the lists called damaged, and no game.  The window says the save failed, and
    the folder is as it was."""
    without_hard_links(monkeypatch)
    renames_into_the_folder(monkeypatch, fail=True)
    scene = hex_scene(app, ("a1",))
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    assert any(m.text.startswith("Could not save the game") and m.kind == "error" for m in scene.messages.items)
    assert sorted(games_dir().iterdir()) == []


KILLED_IN_A_PICTURE = """
import os, signal, sys
import pygame
from ui.export import export_picture

real_replace = os.replace

def killed(*args):
    os.kill(os.getpid(), signal.SIGKILL)

def replace(src, dst):
    if not os.path.basename(dst).startswith("."):
        killed()
    real_replace(src, dst)

if sys.argv[1] == "no-hard-links":
    os.link = lambda src, dst: (_ for _ in ()).throw(OSError(1, "Operation not permitted"))
    os.replace = replace
else:
    os.link = killed
export_picture(lambda: pygame.Surface((16, 16)), "board-move3")
"""


@pytest.mark.parametrize("disk", ["hard-links", "no-hard-links"])
def test_a_picture_killed_halfway_leaves_nothing_once_the_list_is_read_a_day_later(app, monkeypatch, disk):
    """A window killed in the middle of Picture (P) left its staged file, named
    ``.NAME.png.<hex>.png``, which the cleaner of writes killed halfway never matched: it stayed
    in the saved-games folder for good (and without hard links, an empty picture beside it).
    Every name a write uses is one the cleaner knows; a day later, Saved games' reading removes
    them."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    from tests.ui_helpers import click_widget, wait
    from ui.scenes.records import RecordsScene

    scene = hex_scene(app, ("a1",))
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    [saved] = games_dir().iterdir()
    root = Path(__file__).resolve().parent.parent
    child = subprocess.run([sys.executable, "-c", KILLED_IN_A_PICTURE, disk], cwd=root, timeout=120)
    assert child.returncode == -9
    left = [path for path in games_dir().iterdir() if path != saved]
    assert left  # what the kill left
    day_ago = time.time() - 2 * 24 * 3600
    for path in left:
        os.utime(path, (day_ago, day_ago))
    scene.back_to_menu()
    click_widget(app, app.scene.menu, "saved")
    assert isinstance(app.scene, RecordsScene) and wait(app, lambda: not app.scene.reading.loading, 30)
    assert sorted(games_dir().iterdir()) == [saved]
