"""What makes the window behave like a desktop program: its icon and the settings applied to the
shared services (language, sound).  (CI's headless start: ``TABULEIRO_QUIT_AFTER_FRAMES`` in
ui/app.py; quiet audio start: ``ui.sound.init_pygame``.)

    set_window_icon()              # before pygame.display.set_mode
    slot = claim_window_slot(folder)       # 0, or 1, 2... when other Tabuleiro windows are open
    open_fitted_window(size, MIN, opener, slot)  # fitted to the desktop, centred, cascaded by slot
    size_on_desktop(size, MIN)     # a size to remember: no larger than the desktop holds a window
    size_within_display(size, display, place)  # a resized window's: it ends on its display
    smallest_on_desktop(MIN, LEAST)  # the smallest window: MIN, less on a desktop too small for it
    apply_settings(settings)       # language and sound from the settings
    open_folder(path)              # the system's file manager on a folder of ours
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from ai.bot_rlimits import host_environment
from ai.file_lock import Lock, try_take
from ui import sdl
from ui.i18n import _, set_language
from ui.paths import asset_path
from ui.sound import SOUNDS

log = logging.getLogger(__name__)


def set_window_icon() -> None:
    """The app icon in the title bar and task bar (missing or broken icon: the default one)."""
    icon = _icon()
    if icon is not None:
        pygame.display.set_icon(icon)


@functools.cache
def _icon() -> pygame.Surface | None:
    """The icon's picture, read once a process (None, said once, when it is missing or broken):
    every window a process opens shows the same file, and each test's window read and decoded
    it again, a millisecond or more of the window's start."""
    try:
        return pygame.image.load(str(asset_path("icon.png")))
    except (pygame.error, FileNotFoundError, OSError) as exc:
        log.info("no window icon: %s", exc)
        return None


# Room left around the window for its frame and title bar, which exist only once it does (a title
# bar is 20-40 px tall on the common desktops).
FRAME = (16, 64)
HEADLESS_DRIVERS = ("dummy", "offscreen")
CASCADE = 32  # pixels right and down from one Tabuleiro window's place to the next one's
WINDOW_SLOTS = 8  # windows told apart; a ninth opens centred
_claimed: tuple[Lock, int] | None = None  # this window's place and its lock, held until the process ends


def claim_window_slot(folder: Path) -> int:
    """Which of the open Tabuleiro windows this one is: 0 when it is the only one, else the first
    place free among ``WINDOW_SLOTS``, held (a lock file in ``folder``) until this process ends.

    A second Tabuleiro used to open exactly over the first, so the user saw one window and took
    the second for the first.  A lock, not a list of running windows, so that a window that was
    killed frees its place.  A folder that cannot hold the lock files gives 0: centred, as before."""
    global _claimed
    if _claimed is not None:
        return _claimed[1]
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    for slot in range(WINDOW_SLOTS):
        lock = try_take(folder / f".window-{slot}.lock")
        if lock is not None:
            _claimed = (lock, slot)
            return slot
    return 0


def fit_window(size: tuple[int, int], area: tuple[int, int, int, int], smallest: tuple[int, int],
               slot: int = 0) -> tuple[tuple[int, int], tuple[int, int]]:
    """A window of ``size`` made to fit the desktop ``area`` (x, y, width, height) with its
    frame, never below ``smallest``, and where it goes: centred in the area, then ``slot`` times
    ``CASCADE`` right and down (another Tabuleiro window is open there, ``_cascaded``)."""
    x, y, width, height = area
    (w, left), (h, top) = (_cascaded(*axis, slot * CASCADE) for axis in
                           ((size[0], width, FRAME[0], smallest[0]), (size[1], height, FRAME[1], smallest[1])))
    return (w, h), (x + left, y + top)


def _cascaded(wanted: int, span: int, frame: int, least: int, shift: int) -> tuple[int, int]:
    """One axis of ``fit_window``: the window's length and its start on a desktop ``span`` long.
    The first window (``shift`` 0) is ``wanted`` long as far as the span holds it with its
    ``frame``, and centred.  Another starts ``shift`` further on, shortened (not below ``least``)
    so that it still ends on the desktop, and as far on as it then fits, never back from centred.

    A window that filled the desktop had no room to move: a second 1280x800 Tabuleiro on a 1280x800
    screen opened exactly over the first (on a 1366x768 laptop, 27 pixels right and not down), and
    the user took the two windows for one."""
    first = max(least, min(wanted, span - frame))
    centred = max(0, (span - first) // 2)
    length = max(least, min(first, span - frame - (centred + shift))) if shift else first
    return length, min(centred + shift, max(span - frame - length, (span - length) // 2))


def desktop_area() -> tuple[int, int, int, int] | None:
    """The first display's area that windows may cover (x, y, width, height), without its task
    bars where SDL can tell them; None where no display can be measured."""
    desktops = pygame.display.get_desktop_sizes()
    return sdl.usable_bounds() or ((0, 0, *desktops[0]) if desktops else None)


def smallest_on_desktop(smallest: tuple[int, int], least: tuple[int, int]) -> tuple[int, int]:
    """The smallest window this desktop keeps whole with its frame: ``smallest``, or as much as
    the desktop's usable area holds where that is less, never under ``least``.

    A 1024x600 netbook's panel and title bar leave it about 510 rows: a window never less than
    560 tall had its bottom rows (the game's Menu button, New game's Start game) under the
    panel, and neither maximising nor dragging it made it fit.  Every screen lays out down to
    ``least``."""
    area = desktop_area()
    if area is None:
        return smallest
    room = (area[2] - FRAME[0], area[3] - FRAME[1])
    width, height = (max(low, min(size, space)) for size, low, space in zip(smallest, least, room))
    return width, height


def size_on_desktop(size: tuple[int, int], smallest: tuple[int, int]) -> tuple[int, int]:
    """``size`` as the window could have it on this desktop with its frame (``fit_window``): the
    size to remember.  The default 1280x800 stayed remembered on a 1024x768 screen, though the
    window opened fitted to it: the next window opened fitted again, and from maximised went back
    to a size the screen could not show, so un-maximising changed nothing visible."""
    area = desktop_area()
    return size if area is None else fit_window(size, area, smallest)[0]


def size_within_display(size: tuple[int, int], display: int, place: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` no larger than the room from the window's drawing area's top left corner
    (``place``; None: the display's own corner) to the far edges of the part of ``display`` (the
    one the window is on) that windows may cover: the size a resize may give the window.  A tool
    (xdotool) made it 1280x1300 on a 1280x800 screen, and the bottom rows (the game's Menu
    button, New game's Start game) were laid out below the screen's edge.  No room is kept for
    a frame, unlike ``fit_window``: a maximised window, its title bar above its place, is not
    made smaller; headless drivers have no desktop to keep to."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return size
    area = sdl.usable_bounds(display) or sdl.display_bounds(display)
    if area is None:
        return size
    x, y, width, height = area
    left, top = place or (x, y)
    return min(size[0], x + width - max(x, left)), min(size[1], y + height - max(y, top))


def open_fitted_window(size: tuple[int, int], smallest: tuple[int, int],
                       open_window: Callable[[tuple[int, int]], pygame.Surface], slot: int = 0) -> pygame.Surface:
    """``open_window(size)`` with ``size`` fitted to the desktop and the window centred on it
    (``slot``: moved down and right, see ``fit_window``).

    The remembered or default size may be larger than this desktop (1280x800 on a 1366x768
    laptop, or a window remembered from a bigger monitor): it would open with its bottom rows
    under the task bar or off the screen.  The place goes through SDL_VIDEO_WINDOW_POS for this
    one window only (one the user set is kept); headless drivers have no desktop to fit."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return open_window(size)
    area = desktop_area()
    if area is None:
        return open_window(size)
    size, (x, y) = fit_window(size, area, smallest, slot)
    if "SDL_VIDEO_WINDOW_POS" in os.environ or "SDL_VIDEO_CENTERED" in os.environ:
        return open_window(size)
    os.environ["SDL_VIDEO_WINDOW_POS"] = f"{x},{y}"
    try:
        return open_window(size)
    finally:
        del os.environ["SDL_VIDEO_WINDOW_POS"]  # not for later windows (pygame places those)


def no_desktop_problem() -> str | None:
    """Why the window cannot be seen, None when it can.  Finding no display (started from a text
    console, over ssh without X forwarding, DISPLAY naming no server), SDL quietly falls back to its
    offscreen driver: the window ran on unseen, saying nothing, until killed, and held the first
    window's place meanwhile.  A headless driver asked for (SDL_VIDEODRIVER: tests, CI) is kept."""
    if os.environ.get("SDL_VIDEODRIVER") or pygame.display.get_driver() not in HEADLESS_DRIVERS:
        return None
    shown = ", ".join(f"{name}={os.environ.get(name) or 'unset'}" for name in ("DISPLAY", "WAYLAND_DISPLAY"))
    return (f"Tabuleiro's window needs a desktop, and no X11 or Wayland display could be opened ({shown}); "
            "the commands (match, tournament, gtp, bench, analyse; see --help) run without one")


def apply_settings(settings: Any) -> None:
    """Push the settings that live outside the window (language, sound) to their services."""
    set_language(getattr(settings, "language", "en"))
    SOUNDS.configure(getattr(settings, "sound", True), getattr(settings, "volume", 0.8))


def open_folder(path: Path) -> str | None:
    """Show ``path`` (made if missing) in the system's file manager: None when it was asked to,
    else why not, in a player's words (the program missing was named: "this system has no
    xdg-open").  A frozen Linux app puts its own libraries first on LD_LIBRARY_PATH; the file
    manager gets the user's own back (``ai.bot_rlimits.host_environment``)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        if sys.platform == "win32":
            os.startfile(path)  # type: ignore[attr-defined]  # noqa: S606 - our own folder
            return None
        env = host_environment(os.environ)
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        try:
            subprocess.Popen([opener, str(path)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
        except FileNotFoundError:  # the folder exists: it is the program that is missing (xdg-open, open)
            return _("no file manager was found")
    except OSError as exc:
        return exc.strerror or str(exc)
    return None
