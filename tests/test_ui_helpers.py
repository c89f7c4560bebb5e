"""The window tests' own window (``tests.ui_helpers.window_for_a_test``, the ``app`` fixtures'):
a test whose screen broke fails though the window loop caught the exception and went on, and the
window is closed after the test, once, with the language English again for the next test."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import count_calls, key, window_for_a_test
from ui import i18n
from ui.app import App


def test_a_test_whose_screen_broke_fails(tmp_path, monkeypatch):
    """The loop catches a screen's exception (the player sees "Something went wrong"), so the
    test's own asserts would pass: the window's kept errors fail it."""

    def broken(event: pygame.event.Event) -> None:
        raise ZeroDivisionError("the menu broke")

    with (pytest.raises(AssertionError, match="ZeroDivisionError: the menu broke"),
          window_for_a_test(tmp_path, monkeypatch) as app):
        monkeypatch.setattr(app.scene, "handle_event", broken)
        key(app, pygame.K_DOWN)


def test_the_window_is_closed_once_and_english_again(tmp_path, monkeypatch):
    quits = count_calls(monkeypatch, App, "quit")
    with window_for_a_test(tmp_path, monkeypatch, size=(1000, 700)) as app:
        assert app.size == (1000, 700)
        app.settings.language = "pt"
        app.apply_settings()
        assert i18n.language() == "pt"
    assert not app.running and i18n.language() == "en" and quits == [1]
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.quit()  # a test that closes its window itself
    assert quits == [2]
