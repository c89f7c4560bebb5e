"""ui/clipboard.py and ui/sdl.py without a real window (the real X11 clipboard and window: tests/test_ui_xvfb.py)."""

from __future__ import annotations

import pygame
import pytest

from ui import clipboard, sdl


@pytest.mark.parametrize("name, is_sdl", [
    ("libSDL2-2-1667c208.0.so.0.2800.4", True),  # Linux wheels (pygame.libs)
    ("libSDL2-2.0.so.0", True),  # a system SDL
    ("libSDL2-2.0.0.dylib", True),  # macOS wheels (.dylibs)
    ("SDL2.dll", True),  # Windows wheels
    ("libSDL2_image-2-6bbdaa8d.0.so.0.2.3", False),
    ("libSDL2_mixer-2-673d03d7.0.so.0.600.3", False),
    ("SDL2_ttf.dll", False),
    ("libSDL2.a", False),
])
def test_only_sdl_itself_is_taken_for_the_clipboard(name, is_sdl):
    assert bool(sdl.SDL_NAME.match(name)) is is_sdl


def test_a_window_without_a_real_display_claims_no_copy():
    """SDL's dummy driver keeps text to itself: copying there must not report a success that no
    other program could paste (the caller then saves the text to a file)."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    assert pygame.display.get_driver() in ("dummy", "offscreen")
    assert clipboard.put_text("1. d3 c5") is False
    assert clipboard.get_text() == ""


def test_pygame_menu_text_fields_use_our_clipboard(monkeypatch):
    from pygame_menu.widgets.widget import textinput

    monkeypatch.setattr(textinput, "clipboard_copy", textinput.clipboard_copy)
    monkeypatch.setattr(textinput, "clipboard_paste", textinput.clipboard_paste)
    clipboard.serve_text_fields()
    assert textinput.clipboard_copy is clipboard.put_text
    assert textinput.clipboard_paste is clipboard.get_text


def test_pygames_own_sdl_is_found_and_reaches_its_window():
    pygame.display.init()
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)
    library = sdl.sdl()
    assert library is not None and library.SDL_WasInit(sdl.SDL_INIT_VIDEO)
    assert sdl.set_minimum_window_size(800, 560) is True


def test_a_paste_that_does_not_answer_is_taken_as_empty_and_the_window_goes_on(monkeypatch):
    """6 MB on an X clipboard: SDL gave up and pyperclip's ``xclip -o`` never ended, freezing the
    window on Ctrl+V.  A paste that has not answered after ``PASTE_WAIT`` gives "", and the
    window goes on; the late answer is dropped."""
    import threading

    import pyperclip

    answered = threading.Event()

    def hung_paste() -> str:
        answered.wait(30)  # released by the test once it has its answer (a real hang: never)
        return "the text, too late"

    monkeypatch.setattr(pyperclip, "paste", hung_paste)
    monkeypatch.setattr(clipboard, "PASTE_WAIT", 0.05, raising=False)
    assert clipboard._pyperclip_paste() == ""
    answered.set()
