"""SDL functions the maintained pygame does not expose, called in the SDL library pygame has loaded.

    sdl()                              # that library (ctypes), or None
    set_minimum_window_size(800, 560)  # the window manager then keeps the window at least that big
    usable_bounds()                    # the desktop's area for windows: (x, y, width, height) or None
    display_bounds(1)                  # where a display is on the desktop, and its size, or None
    window_display()                   # the index of the display the window is on (0 when unknown)
    window_position(), move_window(x, y)  # where the window's drawing area is on the desktop
    window_maximized(), maximize_window()
    wait_for_event(0.1)                # sleep until input arrives (False: SDL here could only poll)

The library is found where pygame's copy is: among the libraries this process has mapped (Linux,
wheels and PyInstaller bundles alike), beside the pygame package (``pygame.libs`` on Linux wheels,
``.dylibs`` on macOS, the package folder on Windows), then the system's.  Only a copy whose video
subsystem is initialised is used: another copy would hold none of pygame's windows.  Everything
here is an extra: when no such library is found the callers fall back to what pygame offers.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import re
import sys
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path

import pygame

log = logging.getLogger(__name__)
_window = None  # pygame._sdl2.video.Window of the display module's window, kept alive (see below)

SDL_INIT_VIDEO = 0x20
SDL_INIT_JOYSTICK = 0x200
SDL_NAME = re.compile(r"^(lib)?SDL2([-.].*)?\.(so|dylib|dll)(\..*)?$")  # not SDL2_image, SDL2_ttf...
SIGNATURES = {  # name: (argument types, result type)
    "SDL_WasInit": ([ctypes.c_uint32], ctypes.c_uint32),
    "SDL_SetClipboardText": ([ctypes.c_char_p], ctypes.c_int),
    "SDL_GetClipboardText": ([], ctypes.c_void_p),
    "SDL_free": ([ctypes.c_void_p], None),
    "SDL_GetWindowFromID": ([ctypes.c_uint32], ctypes.c_void_p),
    "SDL_SetWindowMinimumSize": ([ctypes.c_void_p, ctypes.c_int, ctypes.c_int], None),
    "SDL_GetDisplayUsableBounds": ([ctypes.c_int, ctypes.c_void_p], ctypes.c_int),
    "SDL_GetDisplayBounds": ([ctypes.c_int, ctypes.c_void_p], ctypes.c_int),
    "SDL_GetWindowFlags": ([ctypes.c_void_p], ctypes.c_uint32),
}
SDL_WINDOW_MAXIMIZED = 0x80
SDL_INIT_SENSOR = 0x8000
# video drivers whose SDL wait sleeps on the system's own queue (the display connection, the
# window messages); SDL's wait on any other (dummy, offscreen, KMS) looks for events every millisecond
WAITING_DRIVERS = ("x11", "wayland", "windows", "cocoa")
WAITING_SDL = (2, 0, 22)  # the first SDL whose wait sleeps in the video driver and wakes for posted events


class Rect(ctypes.Structure):
    """SDL_Rect."""

    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


@lru_cache(maxsize=1)
def sdl() -> ctypes.CDLL | None:
    """pygame's SDL library with its video initialised (and the functions above typed), or None."""
    tried: set[str] = set()
    for candidate in _candidates():  # lazily: the later places cost more (find_library runs ldconfig)
        if candidate in tried:
            continue
        tried.add(candidate)
        try:
            library = ctypes.CDLL(candidate)
            for name, (arguments, result) in SIGNATURES.items():
                function = getattr(library, name)
                function.argtypes, function.restype = arguments, result
        except (OSError, AttributeError) as exc:
            log.debug("not an SDL library we can use: %s (%s)", candidate, exc)
            continue
        if library.SDL_WasInit(SDL_INIT_VIDEO):
            return library
    log.info("no initialised SDL library found")
    return None


def display_window():
    """pygame's window as a ``pygame._sdl2.video.Window``, or None when it is not reachable.

    pygame records this object in its SDL window (window events carry it as their ``window``)
    without keeping a reference: freed, it leaves a dangling pointer there, and the real window
    died of a segmentation fault within seconds (tests/test_ui_xvfb.py).  So the latest one lives
    here until the next one replaces it (and is recorded in its place)."""
    global _window
    try:
        from pygame._sdl2.video import Window

        _window = Window.from_display_module()
    except (ImportError, AttributeError, pygame.error) as exc:
        log.info("pygame's window is not reachable: %s", exc)
        return None
    return _window


def _sdl_window() -> tuple[ctypes.CDLL, int] | tuple[None, None]:
    """SDL and its pointer to pygame's window, or Nones."""
    window_object = display_window()
    library = sdl()
    if window_object is None or library is None:
        return None, None
    window = library.SDL_GetWindowFromID(window_object.id)
    return (library, window) if window else (None, None)


def set_minimum_window_size(width: int, height: int) -> bool:
    """Tell the window manager the smallest size of pygame's window; False when it cannot be said."""
    library, window = _sdl_window()
    if library is None:
        return False
    library.SDL_SetWindowMinimumSize(window, width, height)
    return True


def window_maximized() -> bool:
    """Whether pygame's window is maximised (False when SDL cannot say)."""
    library, window = _sdl_window()
    return library is not None and bool(library.SDL_GetWindowFlags(window) & SDL_WINDOW_MAXIMIZED)


def maximize_window() -> None:
    """Ask the window manager to maximise pygame's window."""
    window = display_window()
    if window is not None:
        window.maximize()


def window_position() -> tuple[int, int] | None:
    """Where pygame's window's drawing area is on the desktop, or None."""
    window = display_window()
    return tuple(window.position) if window is not None else None  # type: ignore[return-value]


def move_window(x: int, y: int) -> None:
    """Put pygame's window's drawing area at (x, y) on the desktop (SDL allows for the frame)."""
    window = display_window()
    if window is not None:
        window.position = (x, y)


@lru_cache(maxsize=1)
def _event_wait() -> tuple[ctypes.CDLL, Callable[..., int]] | None:
    """SDL and its ``SDL_WaitEventTimeout`` where that wait sleeps until something happens; None
    where it would only poll (see ``WAITING_DRIVERS``), or cannot be reached."""
    library = sdl()
    if library is None or pygame.get_sdl_version() < WAITING_SDL:
        return None
    try:
        if pygame.display.get_driver() not in WAITING_DRIVERS:
            return None
        wait = library.SDL_WaitEventTimeout
        for name in ("SDL_NumJoysticks", "SDL_NumSensors"):
            getattr(library, name).restype = ctypes.c_int
    except (pygame.error, AttributeError):
        return None
    wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
    return library, wait


def wait_for_event(seconds: float) -> bool:
    """Sleep until an event is queued (it stays queued, for ``pygame.event.get``) or ``seconds``
    pass, in SDL's own wait: the main thread sleeps on the display connection, and an event
    posted from another thread wakes it.  False, at once, where that wait would only poll: not
    one of ``WAITING_DRIVERS``, an older SDL, or a joystick or sensor open (SDL then looks every
    millisecond, ten times more often than the window's own loop)."""
    found = _event_wait()
    if found is None:
        return False
    library, wait = found
    if (library.SDL_WasInit(SDL_INIT_JOYSTICK) and library.SDL_NumJoysticks() > 0) or (
            library.SDL_WasInit(SDL_INIT_SENSOR) and library.SDL_NumSensors() > 0):
        return False
    wait(None, max(1, round(seconds * 1000)))
    return True


def usable_bounds(display: int = 0) -> tuple[int, int, int, int] | None:
    """The part of ``display`` that windows may cover, without the task bars, docks and panels
    (x, y, width, height); None when SDL cannot say."""
    return _bounds("SDL_GetDisplayUsableBounds", display)


def display_bounds(display: int) -> tuple[int, int, int, int] | None:
    """Where ``display`` is on the desktop and its whole size (x, y, width, height): a second
    monitor's starts right of or below the first's; None when SDL cannot say."""
    return _bounds("SDL_GetDisplayBounds", display)


def _bounds(function: str, display: int) -> tuple[int, int, int, int] | None:
    library = sdl()
    if library is None:
        return None
    rect = Rect()
    if getattr(library, function)(display, ctypes.byref(rect)) != 0 or rect.w <= 0 or rect.h <= 0:
        return None
    return rect.x, rect.y, rect.w, rect.h


def window_display() -> int:
    """The index of the display pygame's window is on (most of it), 0 when SDL cannot say."""
    window = display_window()
    try:
        return max(0, int(window.display_index)) if window is not None else 0
    except (AttributeError, pygame.error):
        return 0


def _candidates() -> Iterator[str]:
    maps = Path("/proc/self/maps")
    if maps.exists():
        try:
            for line in maps.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
                fields = line.split(maxsplit=5)  # address, perms, offset, device, inode, path
                if len(fields) == 6 and fields[5].startswith("/") and SDL_NAME.match(Path(fields[5]).name):
                    yield fields[5]
        except OSError:
            pass
    package = Path(pygame.__file__).parent
    for folder in (package, package / ".dylibs", package.parent / "pygame.libs"):
        if folder.is_dir():
            yield from (str(p) for p in sorted(folder.iterdir()) if SDL_NAME.match(p.name))
    found = ctypes.util.find_library("SDL2")
    if found:
        yield found
    if sys.platform == "win32":
        yield "SDL2.dll"
