"""A picture or an SGF file that cannot be written: the window says why in the user's words, and
what was in the saved-games folder before stays as it was (a full disk, a file in the way)."""

from __future__ import annotations

import errno
import os

import pygame
import pytest

import ai.atomic
from tests.test_record import random_game
from ui.autosave import games_dir
from ui.export import save_outside_file
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


def hex_scene(app) -> GameScene:
    scene = GameScene(app, MatchSetup("hex", {}, HOTSEAT, (None, None), 0.1))
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


def test_an_sgf_blocked_by_a_file_says_what_is_in_the_way(tmp_path):
    blocked = tmp_path / "games"
    blocked.write_text("not a folder", encoding="utf-8")
    record, _ = random_game("hex", 3, 10)
    message, kind = save_outside_file(record, blocked)
    assert kind == "error" and f"cannot be written (a file is in the way of the folder {blocked})" in message
    assert blocked.read_text(encoding="utf-8") == "not a folder"


def test_a_second_picture_at_the_same_move_is_saved_beside_the_first(app):
    """Picture (P) at the same move twice, in a game and in its replay, replaced the earlier
    picture; the game's and the replay's Picture are one function now, which picks a free name
    as Save does."""
    from ui.scenes.replay import ReplayScene

    scene = hex_scene(app)
    first, _kind = scene.recorder.export_png(scene)
    second, _kind = scene.recorder.export_png(scene)
    assert first != second and len(list(games_dir().glob("*.png"))) == 2
    replay = ReplayScene(app, scene.recorder.record)
    app.switch(replay)
    app.run_frames(1)
    for _ in range(2):
        replay.export_png()
    saved = [m.text for m in replay.messages.items if m.text.startswith("Picture saved")]
    assert len(saved) == 2 and len(list(games_dir().glob("*.png"))) == 4


@pytest.mark.parametrize("hard_links", [True, False], ids=["hard-links", "no-hard-links"])
def test_two_windows_saving_the_same_game_at_once_keep_both_files(app, monkeypatch, hard_links):
    """Save looked for a free name (``exists``) and wrote later: two saves of the same game in the
    same minute both chose it and the second replaced the first.  A spy holds each save at its
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

    def write_once_both_chose(path, text):
        both_chose.wait()
        real_write(path, text)

    monkeypatch.setattr(ui.record_files, "atomic_write_text", write_once_both_chose)
    said: list[tuple[str, str]] = []
    savers = [threading.Thread(target=lambda: said.append(scene.recorder.save_copy())) for _ in range(2)]
    for saver in savers:
        saver.start()
    for saver in savers:
        saver.join()
    assert [kind for _message, kind in said] == ["info", "info"]
    assert len({message for message, _kind in said}) == 2 and len(list(games_dir().glob("*.json"))) == 2
