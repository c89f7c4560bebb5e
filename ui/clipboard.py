"""The system clipboard for text: a move list copied out, an outside player's command pasted in.

    put_text("1. d3 c5 ...")    # True when another program can now paste it
    get_text()                  # "" when the clipboard holds no text or cannot be read

The maintained pygame (requirements.txt) has no ``pygame.scrap.put_text``, and its older
``pygame.scrap.put``/``get`` run pygame's own X11 code, which on X11 neither placed text ("content
could not be placed in clipboard") nor read what another program had copied, while SDL's own
clipboard in the same process worked both ways (checked under Xvfb against ``xclip``).  So the
text goes, in this order, through:

- ``pygame.scrap.put_text``/``get_text`` where pygame has them (pygame-ce's SDL-based API);
- SDL's ``SDL_SetClipboardText``/``SDL_GetClipboardText``, called with ctypes in the SDL library
  pygame has already loaded and initialised (a copy whose video is not initialised is not used);
- pyperclip (pygame-menu's dependency), which needs a helper program such as xclip on Linux.

pygame-menu's text fields (the outside player's command in the game setup) copy and paste through
pyperclip alone; ``serve_text_fields`` points them at the functions here.

Only with a real window: SDL's dummy and offscreen drivers keep the text to themselves, so copying
there would claim a success no other program could see.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import re
import sys
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

SDL_INIT_VIDEO = 0x20
SDL_NAME = re.compile(r"^(lib)?SDL2([-.].*)?\.(so|dylib|dll)(\..*)?$")  # not SDL2_image, SDL2_ttf...


def put_text(text: str) -> bool:
    """Put ``text`` on the system clipboard; False when no way there worked."""
    if not _real_window():
        return False
    put = getattr(pygame.scrap, "put_text", None)
    if put is not None:
        try:
            put(text)
            return True
        except pygame.error as exc:
            log.info("pygame.scrap.put_text failed: %s", exc)
    sdl = _sdl()
    if sdl is not None and sdl.SDL_SetClipboardText(text.encode("utf-8")) == 0:
        return True
    return _pyperclip_copy(text)


def get_text() -> str:
    """The clipboard's text, or "" when it holds none or cannot be read."""
    if not _real_window():
        return ""
    get = getattr(pygame.scrap, "get_text", None)
    if get is not None:
        try:
            return get()
        except pygame.error as exc:
            log.info("pygame.scrap.get_text failed: %s", exc)
    sdl = _sdl()
    if sdl is not None:
        pointer = sdl.SDL_GetClipboardText()
        if pointer:
            try:
                text = ctypes.cast(pointer, ctypes.c_char_p).value or b""
            finally:
                sdl.SDL_free(ctypes.c_void_p(pointer))
            if text:
                return text.decode("utf-8", "replace")
    return _pyperclip_paste()


def serve_text_fields() -> None:
    """Make pygame-menu's text fields copy and paste with ``put_text``/``get_text``: they call the
    module functions ``clipboard_copy``/``clipboard_paste`` of its text-input widget, which use
    pyperclip only."""
    try:
        from pygame_menu.widgets.widget import textinput
    except ImportError:
        return
    if hasattr(textinput, "clipboard_copy") and hasattr(textinput, "clipboard_paste"):
        textinput.clipboard_copy = put_text
        textinput.clipboard_paste = get_text


def _real_window() -> bool:
    return (pygame.display.get_init() and pygame.display.get_surface() is not None
            and pygame.display.get_driver() not in ("dummy", "offscreen"))


@lru_cache(maxsize=1)
def _sdl() -> ctypes.CDLL | None:
    """pygame's SDL library with its video initialised, or None."""
    for candidate in dict.fromkeys(_sdl_candidates()):
        try:
            library = ctypes.CDLL(candidate)
            library.SDL_WasInit.argtypes = [ctypes.c_uint32]
            library.SDL_WasInit.restype = ctypes.c_uint32
            library.SDL_SetClipboardText.argtypes = [ctypes.c_char_p]
            library.SDL_SetClipboardText.restype = ctypes.c_int
            library.SDL_GetClipboardText.argtypes = []
            library.SDL_GetClipboardText.restype = ctypes.c_void_p
            library.SDL_free.argtypes = [ctypes.c_void_p]
            library.SDL_free.restype = None
        except (OSError, AttributeError) as exc:
            log.debug("not an SDL library we can use: %s (%s)", candidate, exc)
            continue
        if library.SDL_WasInit(SDL_INIT_VIDEO):
            return library
    log.info("no initialised SDL library found for the clipboard")
    return None


def _sdl_candidates() -> Iterator[str]:
    """Where pygame's SDL may be: loaded already (Linux), beside pygame (wheels), the system's."""
    maps = Path("/proc/self/maps")
    if maps.exists():
        try:
            for line in maps.read_text().splitlines():
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


def _pyperclip_copy(text: str) -> bool:
    try:
        import pyperclip
    except ImportError:
        return False
    try:
        pyperclip.copy(text)
        return True
    except Exception as exc:  # noqa: BLE001 - pyperclip raises its own types per platform
        log.info("pyperclip cannot copy: %s", exc)
        return False


def _pyperclip_paste() -> str:
    try:
        import pyperclip

        return pyperclip.paste() or ""
    except Exception as exc:  # noqa: BLE001 - ImportError, or pyperclip's own types per platform
        log.info("pyperclip cannot paste: %s", exc)
        return ""
