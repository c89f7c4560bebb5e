"""A picture or an SGF file that cannot be written: the window says why in the user's words, and
what was in the saved-games folder before stays as it was (a full disk, a file in the way)."""

from __future__ import annotations

import errno
import os

import pygame

import ai.atomic
from tests.test_record import random_game
from ui.autosave import games_dir
from ui.export import save_sgf
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
    message, kind = save_sgf(record, blocked)
    assert kind == "error" and f"cannot be written (a file is in the way of the folder {blocked})" in message
    assert blocked.read_text(encoding="utf-8") == "not a folder"
