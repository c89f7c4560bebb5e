"""The window: one App owns the display, the clock and the single event loop.

Scenes (menu, game setup, game, rules, settings) are switched with ``App.switch``.  Every call
into a scene is guarded: an exception is logged, counted in ``App.errors`` and shown as a message,
and the loop goes on -- no click, key or resize can close the window by accident.

Test hooks: ``App(fps=0)`` runs frames as fast as possible, ``App.frame()`` runs one frame
(after ``pygame.event.post`` of whatever input a test wants), ``App.run_frames(n, until=...)``.
``TABULEIRO_DEMO`` opens a screen directly (for screenshots): ``menu``, ``play``, ``watch``,
``rules``, ``settings``, ``game:ID[:MODE[:MOVES[:SECONDS]]]`` (MODE human-pc|hotseat|pc-pc, MOVES a1,b2,...).
"""

from __future__ import annotations

import logging
import os
import time
import traceback
from collections.abc import Callable

import pygame

from ui import settings as settings_mod
from ui.desktop import apply_settings as apply_desktop_settings
from ui.desktop import set_window_icon
from ui.scenes.base import Scene
from ui.theme import THEMES, Theme
from ui.widgets import Messages

log = logging.getLogger("tabuleiro.ui")

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
TITLE = "Tabuleiro"


def _init_pygame() -> None:
    """pygame.init() (pygame-menu asserts a full init), quietly when ui.sound offers it."""
    try:
        from ui.sound import init_pygame
    except ImportError:
        pygame.init()
    else:
        init_pygame()


def _quit_after_frames() -> int | None:
    """``TABULEIRO_QUIT_AFTER_FRAMES=N``: CI starts the app headless and it quits after N frames."""
    value = os.environ.get("TABULEIRO_QUIT_AFTER_FRAMES", "").strip()
    return max(1, int(value)) if value.isdigit() else None


class App:
    def __init__(self, size: tuple[int, int] | None = None, fps: int = 60, demo: str | None = None,
                 remember_size: bool = True) -> None:
        _init_pygame()
        self.settings, problem = settings_mod.load()
        apply_desktop_settings(self.settings)  # language and sound
        self.remember_size = remember_size and size is None
        size = size or tuple(self.settings.window_size)  # type: ignore[assignment]
        self.size: tuple[int, int] = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        pygame.display.set_caption(TITLE)
        set_window_icon()
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        pygame.key.set_repeat(350, 40)
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.running = True
        self.frames = 0
        self.errors: list[str] = []  # tracebacks of exceptions caught in scenes (tests read it)
        self.messages = Messages()
        if problem:
            self.messages.add(problem, "error", duration=12.0)
            log.warning(problem)
        self.scene: Scene | None = None
        self._last_frame = time.monotonic()
        self.open_demo(demo if demo is not None else os.environ.get("TABULEIRO_DEMO", "menu"))

    # -- look -------------------------------------------------------------------------------
    @property
    def theme(self) -> Theme:
        return THEMES.get(self.settings.theme, THEMES["dark"])

    @property
    def scale(self) -> float:
        """UI scale: 1.0 at 1280x800, larger on big screens (4K), a bit smaller on small ones."""
        w, h = self.size
        return max(0.7, min(3.0, min(w / 1280, h / 800)))

    # -- scenes -----------------------------------------------------------------------------
    def switch(self, scene: Scene) -> None:
        old, self.scene = self.scene, scene
        if old is not None:
            self.guard(old.close)
        self.guard(scene.resize, self.size)

    def open_demo(self, spec: str) -> None:
        """Open the screen ``spec`` names (see the module docstring); the main menu if unknown."""
        from ui.scenes.menu import MenuScene, open_named

        try:
            scene = open_named(self, spec)
        except Exception as exc:  # noqa: BLE001 - a bad demo spec must still open the window
            self.report(exc)
            scene = None
        self.switch(scene or MenuScene(self))

    def apply_settings(self) -> None:
        """Save the settings; the scenes read colours and defaults from them on every frame."""
        apply_desktop_settings(self.settings)
        problem = settings_mod.save(self.settings)
        if problem:
            self.messages.add(problem, "error")

    # -- errors -----------------------------------------------------------------------------
    def report(self, exc: BaseException) -> None:
        detail = "".join(traceback.format_exception(exc))
        self.errors.append(detail)
        log.error("caught in the window loop:\n%s", detail)
        self.messages.add(f"Something went wrong: {type(exc).__name__}: {exc}", "error")

    def guard(self, fn: Callable, *args) -> None:
        try:
            fn(*args)
        except Exception as exc:  # noqa: BLE001 - the loop must survive any scene bug
            self.report(exc)

    # -- the loop ---------------------------------------------------------------------------
    def _resize(self, width: int, height: int) -> None:
        width, height = max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)
        if (width, height) != self.screen.get_size():
            self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        self.size = (width, height)
        if self.remember_size:
            self.settings.window_size = self.size
        if self.scene is not None:
            self.guard(self.scene.resize, self.size)

    def frame(self) -> None:
        """One frame: events, update, draw, flip, tick."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.VIDEORESIZE:
                self._resize(*event.size)
            elif event.type == pygame.WINDOWSIZECHANGED:
                self._resize(event.x, event.y)
            elif event.type == pygame.DROPFILE:  # a record file dropped on the window: replay it
                from ui.scenes.replay import open_file

                self.guard(open_file, self, event.file)
                continue
            if self.scene is not None:
                self.guard(self.scene.handle_event, event)
            if not self.running:
                return
        now = time.monotonic()
        dt, self._last_frame = now - self._last_frame, now
        if self.scene is not None:
            self.guard(self.scene.update, dt)
        self.screen.fill(self.theme.background)
        if self.scene is not None:
            self.guard(self.scene.draw, self.screen)
        self.guard(self._draw_messages)
        pygame.display.flip()
        self.frames += 1
        self.clock.tick(self.fps) if self.fps else self.clock.tick()

    def _draw_messages(self) -> None:
        s = self.scale
        self.messages.draw(self.screen, self.theme, (self.size[0] // 2, self.size[1] - int(20 * s)), s,
                           self.size[0] - int(80 * s))

    def run_frames(self, n: int, until: Callable[[], bool] | None = None, timeout: float | None = None) -> bool:
        """Run up to ``n`` frames, stopping early when ``until()`` is true; returns ``until()``.

        With ``timeout``, keep going past ``n`` frames until that many seconds have passed: for
        waits on another thread or process, whose speed does not depend on the frame count."""
        deadline = time.monotonic() + timeout if timeout is not None else None
        count = 0
        while count < n or (deadline is not None and time.monotonic() < deadline):
            if until is not None and until():
                return True
            if not self.running:
                break
            self.frame()
            count += 1
            if deadline is not None:
                time.sleep(0.001)
        return bool(until and until())

    def quit(self) -> None:
        """Close the current scene (stopping any AI worker) and end the loop."""
        self.running = False
        if self.scene is not None:
            self.guard(self.scene.close)
            self.scene = None
        if self.remember_size:
            settings_mod.save(self.settings)

    def run(self, seconds: float | None = None) -> int:
        """The loop; ``seconds`` (or ``TABULEIRO_EXIT_AFTER``) closes the window after that long."""
        if seconds is None and os.environ.get("TABULEIRO_EXIT_AFTER"):
            seconds = float(os.environ["TABULEIRO_EXIT_AFTER"])
        end = time.monotonic() + seconds if seconds else None
        frames = _quit_after_frames()
        while self.running:
            self.frame()
            timed_out = end is not None and time.monotonic() >= end
            if (timed_out or (frames is not None and self.frames >= frames)) and self.running:
                self.quit()
        return 0


def run() -> int:
    """Open the window and run until it is closed; the exit status."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = App()
    try:
        return app.run()
    finally:
        if app.running:
            app.quit()
        pygame.quit()


if __name__ == "__main__":
    raise SystemExit(run())
