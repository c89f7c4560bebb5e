"""The shell's button: its label, and the key that presses it beside the label unless the label
already names that key ("End", "Home" in Portuguese: "Fim", "Início")."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import recorded_text
from ui import i18n
from ui.theme import DARK
from ui.widgets import Button


@pytest.fixture
def drawn(monkeypatch):
    pygame.init()
    words = recorded_text(monkeypatch)
    return words


def press(label: str, key: str, drawn: list[str]) -> list[str]:
    drawn.clear()
    button = Button(label, lambda: None, key, rect=pygame.Rect(0, 0, 240, 40))
    button.draw(pygame.Surface((300, 60)), DARK, 1.0)
    return list(drawn)


def test_a_key_hint_is_shown_beside_the_label(drawn):
    assert press("Next", "Right", drawn) == ["Next", "Right"]
    assert press("Undo", "U", drawn) == ["Undo", "U"]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_label_that_names_its_key_is_not_followed_by_it_again(drawn, language):
    i18n.set_language(language)
    try:
        for label, key in (("End", "End"), ("Start", "Home")):
            shown = press(i18n._(label), key, drawn)
            assert len(shown) == len(set(s.casefold() for s in shown)), shown
    finally:
        i18n.set_language("en")
