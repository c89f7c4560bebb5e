"""No click, key or resize crashes the window; a corrupt settings file is reported and moved aside."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.ui_helpers import make_app
from ui import settings as settings_mod
from ui.app import App
from ui.autosave import Shelf
from ui.match import HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings_screen import SettingsScene
from ui.scenes.setup import SetupScene

ROOT = Path(__file__).resolve().parent.parent
KEYS = [pygame.K_u, pygame.K_y, pygame.K_h, pygame.K_l, pygame.K_n, pygame.K_SPACE, pygame.K_s, pygame.K_r,
        pygame.K_v, pygame.K_PLUS, pygame.K_MINUS, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_RETURN, pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_z, pygame.K_a, pygame.K_ESCAPE]


def storm_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))
    roll = rng.random()
    if roll < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3]))
    if roll < 0.75:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.82:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)
    if roll < 0.97:
        k = rng.choice(KEYS)
        mod = rng.choice([0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT])
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    if roll < 0.985:  # typed text: moves in the game screen's field (Enter opens it), a tournament's entry
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "1", " ", "b2 ", "d3 ", "c2-c3 ", "3-4 ", "e5/ "]))
    return pygame.event.Event(pygame.VIDEORESIZE, size=(rng.randrange(300, 2600), rng.randrange(300, 1500)),
                              w=0, h=0)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_storm_raises_nothing(tmp_path, monkeypatch, seed):
    app = make_app(tmp_path, monkeypatch)
    rng = random.Random(seed)
    starts = [
        lambda: MenuScene(app),
        lambda: SetupScene(app),
        lambda: SetupScene(app, watch=True),
        lambda: RulesScene(app),
        lambda: SettingsScene(app),
        lambda: GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-2"), 0.05)),
        lambda: GameScene(app, MatchSetup("tictactoe", {"width": 5, "height": 5, "k": 4}, PC_VS_PC,
                                          ("level-1", "level-2"), 0.05)),
    ]
    try:
        for start in starts:
            app.running = True
            app.switch(start())
            for _ in range(40):
                for _ in range(rng.randrange(1, 5)):
                    pygame.event.post(storm_event(rng, app.size))
                app.frame()
                if not app.running:  # Quit was clicked: that is allowed, start the next scene
                    break
        assert app.errors == [], app.errors[:1]
    finally:
        app.quit()


def test_every_game_opens_in_every_mode(tmp_path, monkeypatch):
    """Generic over the catalog: each game's scene opens, draws and takes clicks (views may be new)."""
    import games

    app = make_app(tmp_path, monkeypatch)
    rng = random.Random(5)
    try:
        for info in games.catalog():
            for players in ((None, "level-1"), (None, None)):
                app.switch(GameScene(app, MatchSetup(info.id, {}, HUMAN_VS_PC if players[1] else "hotseat",
                                                     players, 0.05)))
                scene = app.scene
                for _ in range(15):
                    r = scene.view.rect
                    pos = (rng.randrange(r.left, max(r.left + 1, r.right)), rng.randrange(r.top, max(r.top + 1, r.bottom)))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                    app.run_frames(3)
        assert app.errors == [], app.errors[:1]
    finally:
        app.quit()


def test_corrupt_settings_are_reported_and_moved_aside(tmp_path, monkeypatch):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{ this is not json", encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    try:
        assert app.settings == settings_mod.Settings()
        assert any("unreadable" in m.text for m in app.messages.current())
        broken = list(config.glob("settings.json.corrupt-*"))
        assert len(broken) == 1 and broken[0].read_text(encoding="utf-8") == "{ this is not json"
        app.run_frames(3)
        assert app.errors == []
    finally:
        app.quit()


def test_a_data_folder_that_cannot_be_written_is_said_once_as_the_window_opens(tmp_path, monkeypatch):
    """The first word of it used to come at the first move of a game the player thought was kept,
    and again at the first move of each game after it; now the window says it as it opens, and the
    games are played all the same.  (Root writes in read-only folders: a file stands in the way.)"""
    import games
    from ui.match import HOTSEAT

    blocked = tmp_path / "in the way"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(blocked / "data"))
    app = App(size=(1280, 800), fps=0)
    try:
        said = [m.text for m in app.messages.current()]
        folder = blocked / "data" / "unfinished"
        assert said == [f"Your games will not be kept (a file is in the way of the folder {folder}): you can play, "
                        "but a game cannot be continued once the window is closed"]
        for _game in range(2):
            app.start_game(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
            app.run_frames(2)
            scene = app.scene
            scene.play_human([games.load("tictactoe").parse_move(scene.state, "b2")])
            app.run_frames(2)
            assert [ply.text for ply in scene.history] == ["b2"]
            assert not [m.text for m in app.messages.current() if "autosave" in m.text]
        assert blocked.read_text(encoding="utf-8") == "a file, not a folder"
        assert app.errors == []
    finally:
        app.quit()


def test_a_file_that_holds_no_settings_is_moved_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2]", encoding="utf-8")
    settings, problem = settings_mod.load(path)
    assert settings == settings_mod.Settings() and problem
    assert not path.exists() and len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1


@pytest.mark.parametrize("content, name", [('{"theme": "neon"}', "theme"), ('{"move_time": "fast"}', "move_time"),
                                           ('{"window_size": [10]}', "window_size")])
def test_wrong_values_are_rejected(tmp_path, content, name):
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    settings, problem = settings_mod.load(path)
    assert settings == settings_mod.Settings() and problem == settings_mod.DEFAULTS_USED.format(names=name)
    assert path.read_text(encoding="utf-8") == content and list(tmp_path.glob("settings.json.corrupt-*")) == []


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    s = settings_mod.Settings(theme="light", show_legal=False, animation_speed=2.0, move_time=0.5)
    assert settings_mod.save(s, path) is None
    assert json.loads(path.read_text())["theme"] == "light"
    assert settings_mod.load(path) == (s, None)


def test_impossible_options_are_refused_in_the_setup_screen(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, demo="play:tictactoe")
    try:
        scene = app.scene
        assert isinstance(scene, SetupScene)
        scene.choices.options["tictactoe"] = {"width": 3, "height": 3, "k": 5}
        scene.start()
        app.run_frames(2)
        assert app.scene is scene and any("cannot fit" in m.text for m in app.messages.current())
        assert app.errors == []
    finally:
        app.quit()


HANGUP_SCRIPT = """
import sys
import pygame
from ui.app import App

app = App(fps=60)  # TABULEIRO_DEMO: a hot-seat game, autosaved after its first move
pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 620), w=900, h=620))  # resized by the user
frame = app.frame

def first_frame_in_the_loop():
    app.frame = frame
    print("ready", flush=True)
    frame()

app.frame = first_frame_in_the_loop
sys.exit(app.run())
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGHUP is POSIX only")
def test_a_hangup_closes_the_window_as_its_close_button_does(tmp_path):
    """SIGHUP (the terminal the window was started from closed, a session ending) ended the
    process where it stood, the window's size and a clocked game's clock not saved; it now closes
    the window the usual way (SDL does so itself for SIGTERM and SIGINT only)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TABULEIRO_CONFIG_DIR=str(tmp_path / "config"), TABULEIRO_DATA_DIR=str(tmp_path / "data"),
               TABULEIRO_DEMO="game:reversi:hotseat:f5")
    child = subprocess.Popen([sys.executable, "-c", HANGUP_SCRIPT], cwd=ROOT, env=env, stdout=subprocess.PIPE)
    try:
        assert child.stdout.readline().strip() == b"ready"
        os.kill(child.pid, signal.SIGHUP)
        assert child.wait(60) == 0
    finally:
        if child.poll() is None:
            child.kill()
        child.stdout.close()
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["window_size"] == [900, 620]
    [(_path, record)] = Shelf(tmp_path / "data" / "unfinished").unfinished()[0]
    assert record.moves == ["f5"]


def test_a_screen_failing_on_every_frame_is_reported_once_not_on_every_frame(app, caplog):
    """A screen whose update fails fails on every frame: the window kept, logged and said the same
    traceback each time (10 a second, into ``App.errors`` and the log for the rest of the evening).
    Now its first catch is kept and logged, the repeats only counted (a line at the 10th and
    100th), and the message stays on screen."""
    def broken(_dt: float) -> None:
        raise ValueError(f"a bug at frame {app.frames}")  # a message that changes: still the same bug

    app.scene.update = broken
    with caplog.at_level("ERROR", logger="tabuleiro.ui"):
        app.run_frames(300)
    assert len(app.errors) == 1 and "a bug at frame" in app.errors[0]
    assert len(caplog.records) == 3  # the traceback, then "again (10 times)" and "again (100 times)"
    assert "again (100 times)" in caplog.records[-1].getMessage()
    assert any(m.text.startswith("Something went wrong: ValueError") for m in app.messages.current())
    app.errors.clear()  # the fixture's check is for bugs of the window itself


def test_a_repeated_error_is_said_again_once_its_message_has_gone(app):
    """The same failure later (a button that fails each time it is pressed) is said again: only
    while its message is still on screen is a repeat left unsaid."""
    for _ in range(2):
        app.report(ValueError("the same bug"))
        assert [m.text for m in app.messages.current()] == ["Something went wrong: ValueError: the same bug"]
        app.messages.items.clear()  # its time on screen is over
    app.errors.clear()


def test_the_errors_kept_stay_at_their_bound_and_each_new_one_is_still_said(app):
    """Many distinct failures keep the first ``ERRORS_KEPT`` tracebacks; every one is still said."""
    from ui.caught_errors import ERRORS_KEPT

    for n in range(3 * ERRORS_KEPT):
        try:
            exec(compile(f"raise KeyError({n})", f"<bug {n}>", "exec"))  # a different place each time
        except KeyError as exc:
            app.report(exc)
        assert app.messages.items[-1].text == f"Something went wrong: KeyError: {n}"
    assert len(app.errors) == ERRORS_KEPT
    assert len(app.caught) == ERRORS_KEPT
    app.errors.clear()


@pytest.mark.parametrize("times, noted", [(1, False), (9, False), (10, True), (11, False), (100, True),
                                          (1000, True), (2000, False)])
def test_a_repeated_errors_count_is_logged_at_each_power_of_ten(times, noted):
    from ui.caught_errors import worth_a_note

    assert worth_a_note(times) is noted
