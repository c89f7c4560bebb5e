"""The system clipboard for text: a move list copied out, an outside player's command pasted in.

    put_text("1. d3 c5 ...")    # True when another program can now paste it
    get_text()                  # "" when the clipboard holds no text or cannot be read

The maintained pygame (requirements.txt) has no ``pygame.scrap.put_text``, and its older
``pygame.scrap.put``/``get`` run pygame's own X11 code, which on X11 neither placed text ("content
could not be placed in clipboard") nor read what another program had copied, while SDL's own
clipboard in the same process worked both ways (checked under Xvfb against ``xclip``).  So the
text goes, in this order, through:

- ``pygame.scrap.put_text``/``get_text`` where pygame has them (pygame-ce's SDL-based API);
- SDL's ``SDL_SetClipboardText``/``SDL_GetClipboardText``, called in the SDL library pygame has
  already loaded (ui/sdl.py);
- pyperclip (pygame-menu's dependency), which needs a helper program such as xclip on Linux.

pygame-menu's text fields (the outside player's command in the game setup) copy and paste through
pyperclip alone; ``serve_text_fields`` points them at the functions here.

Only with a real window: SDL's dummy and offscreen drivers keep the text to themselves, so copying
there would claim a success no other program could see.
"""

from __future__ import annotations

import ctypes
import logging
import threading

import pygame

from ui.i18n import _
from ui.sdl import sdl as _sdl

log = logging.getLogger(__name__)

PASTE_WAIT = 2.0
"""Seconds the window waits for pyperclip's paste (``xclip -o``, a subprocess) before taking the
clipboard as empty: with 6 MB on an X clipboard SDL gave up, and ``xclip -o`` never ended, so a
Ctrl+V froze the window until the xclip was killed."""

GAVE_UP = threading.Event()
"""Set while the last ``get_text`` gave up waiting (``PASTE_WAIT``): its "" is no answer, not an
empty clipboard, and the window says so (``gave_up``)."""


def is_paste(event: pygame.event.Event) -> bool:
    """Ctrl+V (Cmd+V on a Mac keyboard)."""
    return event.type == pygame.KEYDOWN and event.key == pygame.K_v and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


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
    """The clipboard's text, or "" when it holds none or cannot be read (``gave_up``: not in time)."""
    GAVE_UP.clear()
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


def gave_up() -> bool:
    """Whether the last ``get_text`` gave up waiting for the clipboard: a 6 MB text was said to be
    "no text" when it was only too slow to come."""
    return GAVE_UP.is_set()


def unread_words() -> str:
    """What the window says when ``get_text`` gave up (Ctrl+V on a menu, in a game)."""
    return _("The clipboard could not be read in time: it may hold a very large text")


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
    """pyperclip's clipboard text, waited for at most ``PASTE_WAIT`` seconds (a hung paste runs on
    in a daemon thread: "" meanwhile, the window goes on)."""
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(_pyperclip_read()), name="paste", daemon=True)
    reader.start()
    reader.join(PASTE_WAIT)
    if reader.is_alive():
        log.warning("the clipboard did not answer in %.0f s; taken as empty", PASTE_WAIT)
        GAVE_UP.set()
    return got[0] if got else ""


def _pyperclip_read() -> str:
    try:
        import pyperclip

        return pyperclip.paste() or ""
    except Exception as exc:  # noqa: BLE001 - ImportError, or pyperclip's own types per platform
        log.info("pyperclip cannot paste: %s", exc)
        return ""
