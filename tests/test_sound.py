"""Sounds: committed WAVs are what the generator makes, and a machine without audio starts silently."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import wave
from pathlib import Path

import pytest

import games
from ui.sound import NAMES, Sounds, sound_for_move

ROOT = Path(__file__).resolve().parent.parent

# What the app does at start: log warnings to the console, then play sounds.
CHILD = """
import logging, sys
logging.basicConfig(level=logging.WARNING)           # the console shows warnings and errors
records = []
class Keep(logging.Handler):
    def emit(self, record):
        records.append(record)
logger = logging.getLogger("ui.sound")
logger.addHandler(Keep(level=logging.DEBUG))
logger.setLevel(logging.DEBUG)
logger.propagate = False                               # count them here, off the console
import ui.sound
if sys.argv[1] == "pretend-device":
    ui.sound.linux_has_audio = lambda: True           # go as far as opening the mixer
ui.sound.init_pygame()                                 # what the app calls instead of pygame.init()
import pygame
pygame.display.set_mode((200, 100))
for name in ("place", "capture", "end", "place"):
    ui.sound.SOUNDS.play(name)
assert not [r for r in records if r.levelno >= logging.WARNING], records
said = [r.getMessage() for r in records if r.levelno >= logging.INFO]   # what the window's terminal shows
noted = [r.getMessage() for r in records if "playing silently" in r.getMessage()]
print(ui.sound.SOUNDS.available, len(said), len(noted), ui.sound.SOUNDS.problem)
"""


def run_without_audio(mode: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "PULSE_SERVER", "PIPEWIRE_REMOTE")}
    env.update(PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy",
               XDG_RUNTIME_DIR="/nonexistent")
    return subprocess.run([sys.executable, "-c", CHILD, mode], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)


needs_no_audio = pytest.mark.skipif(
    not sys.platform.startswith("linux") or Path("/dev/snd").exists(),
    reason="checks a Linux machine without a sound card (CI); this one has one",
)


@needs_no_audio
def test_no_device_starts_silently_and_says_it_only_in_the_debug_log():
    """Logged at INFO, "playing silently" was on the window's terminal at every start of a
    computer without sound hardware; Settings says it under the Sound switch."""
    proc = run_without_audio("plain")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    available, said, noted, problem = proc.stdout.strip().split(" ", 3)
    assert (available, said, noted) == ("False", "0", "1")
    assert problem == "no sound card or sound server found"


@needs_no_audio
def test_audio_library_chatter_never_reaches_the_console():
    proc = run_without_audio("pretend-device")  # SDL really tries ALSA, which prints to fd 2
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.startswith("False 0 1 ")


def test_dummy_driver_plays_without_error(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sounds = Sounds()
    for name in NAMES:
        sounds.play(name)  # opens the mixer on the dummy driver, or stays silent; never raises
    sounds.configure(enabled=False, volume=2.0)
    assert sounds.volume == 1.0
    sounds.play("place")
    sounds.close()


def test_committed_sounds_are_what_the_generator_makes(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "OUT", tmp_path)
    module.main([])
    for name in NAMES:
        committed = ROOT / "assets" / "sounds" / f"{name}.wav"
        assert committed.read_bytes() == (tmp_path / f"{name}.wav").read_bytes(), name
        with wave.open(str(committed)) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            assert 0.05 < w.getnframes() / w.getframerate() < 1.5


def test_assets_licences_list_every_asset():
    text = (ROOT / "assets" / "LICENSES.md").read_text(encoding="utf-8")
    for path in sorted((ROOT / "assets").rglob("*")):
        if path.is_file() and path.name != "LICENSES.md" and path.suffix not in (".md", ".po", ".mo"):
            assert path.relative_to(ROOT / "assets").as_posix() in text, path


def test_which_sound_a_move_makes():
    reversi = games.load("reversi")
    s = reversi.initial_state()
    assert sound_for_move(s, s.play(s.legal_moves()[0])) == "place"  # flips are not captures
    ttt = games.load("tictactoe")
    end = ttt.play_line(["a1", "b1", "a2", "b2"])
    assert sound_for_move(end, end.play(ttt.parse_move(end, "a3"))) == "end"
    alq = games.load("alquerque")
    state = alq.initial_state()
    rng = random.Random(1)
    for _ in range(200):  # play until a capture (a jump: two rows or columns away) is possible
        captures = [m for m in state.legal_moves() if sum(state.play(m).score()) > sum(state.score())]
        if captures:
            assert sound_for_move(state, state.play(captures[0])) in ("capture", "end")
            quiet = [m for m in state.legal_moves() if m not in captures]
            if quiet:
                assert sound_for_move(state, state.play(quiet[0])) in ("place", "end")
            break
        state = state.play(rng.choice(state.legal_moves()))
    else:
        pytest.fail("no capture came up in 200 plies of Alquerque")
