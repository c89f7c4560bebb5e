"""Sound effects: a piece placed, pieces captured, the game over.

A machine without a sound device (CI, a remote desktop, a server) must start silently: the
missing device is noted once in the log at DEBUG, never printed as an error or a warning, and
the Settings screen says it under the Sound switch (``SOUNDS.available``).  At INFO the window's
terminal showed it at every start, to a user who has no sound hardware and knows it.  Two
things would otherwise reach the console: SDL's exception (caught here) and the audio library's
own chatter (ALSA writes "ALSA lib ... cannot find card '0'" straight to file descriptor 2, below
Python), and ``pygame.init()`` opens the mixer too.  So before pygame starts, ``init_pygame()``
looks for a device or a sound server on Linux; when there is none it points SDL at its silent
"dummy" audio driver.  When there seems to be one, pygame and the mixer are opened with
descriptor 2 pointed at a temporary file, whose content goes to the DEBUG log.

    init_pygame()                                # instead of pygame.init(), before the window
    SOUNDS.configure(enabled=True, volume=0.8)   # from the settings
    SOUNDS.play("place")                         # "place", "capture", "end"; silent if unavailable
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from pathlib import Path

from ui.paths import asset_path

log = logging.getLogger(__name__)

NAMES = ("place", "capture", "end")


def linux_has_audio() -> bool:
    """True if this Linux machine has a sound card or a user sound server SDL could reach."""
    if os.environ.get("PULSE_SERVER") or os.environ.get("PIPEWIRE_REMOTE"):
        return True
    if any(Path("/dev/snd").glob("pcmC*")):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    sockets = (Path(runtime) / "pulse" / "native", Path(runtime) / "pipewire-0") if runtime else ()
    return any(s.exists() for s in sockets)


@contextlib.contextmanager
def stderr_to_log():
    """Send everything written to file descriptor 2 (C libraries included) to the DEBUG log."""
    try:
        if sys.stderr is not None:  # None in a windowed build on Windows (and under pythonw)
            sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real stderr (a windowed build): nothing to hide
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            chatter = sink.read().decode("utf-8", "replace").strip()
            if chatter:
                log.debug("audio library said: %s", chatter)


def prepare_audio() -> None:
    """Before pygame starts: on a Linux machine with no audio, choose SDL's silent driver (once)."""
    if SOUNDS.available is not None or os.environ.get("SDL_AUDIODRIVER"):
        return
    if sys.platform.startswith("linux") and not linux_has_audio():
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        SOUNDS.mark_unavailable("no sound card or sound server found")


def init_pygame() -> None:
    """``pygame.init()`` without audio noise on the console (see the module docstring)."""
    import pygame

    prepare_audio()
    with stderr_to_log():
        pygame.init()


class Sounds:
    """The mixer, opened lazily on the first sound; every call is safe without a device."""

    def __init__(self) -> None:
        self.enabled = True
        self.volume = 0.8
        self.available: bool | None = None  # None: not tried yet
        self.problem = ""
        self._sounds: dict = {}

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled = bool(enabled)
        self.volume = max(0.0, min(1.0, float(volume)))
        for snd in self._sounds.values():
            snd.set_volume(self.volume)

    def start(self) -> bool:
        """Open the mixer once if there is a device; True if sounds can play."""
        if self.available is None:
            self.available = self._open()
        return bool(self.available)

    def _open(self) -> bool:
        driver = os.environ.get("SDL_AUDIODRIVER", "")
        if sys.platform.startswith("linux") and not driver and not linux_has_audio():
            return self.mark_unavailable("no sound card or sound server found")
        try:
            import pygame

            with stderr_to_log():
                pygame.mixer.pre_init(22050, -16, 1, 512)
                pygame.mixer.init()
            for name in NAMES:
                snd = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                snd.set_volume(self.volume)
                self._sounds[name] = snd
        except Exception as exc:  # noqa: BLE001 - any audio failure just means silence
            return self.mark_unavailable(str(exc) or type(exc).__name__)
        log.info("sound: mixer open (%s)", driver or "default driver")
        return True

    def mark_unavailable(self, why: str) -> bool:
        """Note once, in the debug log only (Settings says it), that sounds will not play."""
        if self.available is not False:
            self.available = False
            self.problem = why
            log.debug("sound: playing silently (%s)", why)
        return False

    def play(self, name: str) -> None:
        """Play a sound by name; nothing happens when sound is off or impossible."""
        if not self.enabled or self.volume <= 0 or not self.start():
            return
        snd = self._sounds.get(name)
        if snd is not None:
            with contextlib.suppress(Exception):
                snd.play()

    def close(self) -> None:
        if self.available:
            with contextlib.suppress(Exception):
                import pygame

                pygame.mixer.quit()
        self.available, self._sounds = None, {}


SOUNDS = Sounds()


def sound_for_move(before, after) -> str:
    """Which sound a move makes: "end" if it ended the game, "capture" if it took pieces, else "place"."""
    if after.is_terminal():
        return "end"
    if after.game.score_counts_captures:  # Reversi's discs and Trax's lengths rise without a capture
        a, b = before.score(), after.score()
        if a is not None and b is not None and sum(b) > sum(a):
            return "capture"
    return "place"
