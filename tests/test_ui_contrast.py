"""Text a low-vision player can read: every theme's text colours stand 4.5:1 (WCAG's ratio for
text) from the panels and backgrounds, and labels on coloured fills (a button that is on, a
warning) take the ink that reads there (white on the dark theme's light blue was 2.7:1)."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from tests.ui_helpers import key
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.theme import THEMES, contrast
from ui.widgets import Messages


def best_ink(surface: pygame.Surface, rect: pygame.Rect, fill) -> float:
    """The highest contrast with ``fill`` of any pixel in ``rect``: the label's ink where it is solid."""
    return max(contrast(surface.get_at((x, y))[:3], fill)
               for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("name", list(THEMES))
def test_text_colours_read_on_panels_and_backgrounds(name):
    theme = THEMES[name]
    for text in ("text", "muted", "accent", "win", "invalid"):
        for ground in ("background", "panel"):
            ratio = contrast(getattr(theme, text), getattr(theme, ground))
            assert ratio >= 4.5, f"{name}: {text} on {ground} is {ratio:.2f}:1"


@pytest.mark.parametrize("name", list(THEMES))
def test_a_button_that_is_on_reads_in_every_theme(app, name):
    app.settings.theme = name
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    key(app, pygame.K_l)
    key(app, pygame.K_l)  # off and on again: the Legal moves button is on, in the accent colour
    assert scene.btn_legal.active
    scene.draw(app.screen)
    rect = scene.btn_legal.rect.inflate(-8, -8)
    assert best_ink(app.screen, rect, app.theme.accent) >= 4.5


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("kind", ["warn", "error"])
def test_warnings_read_in_every_theme(name, kind):
    theme = THEMES[name]
    surface = pygame.Surface((800, 200))
    surface.fill(theme.background)
    messages = Messages()
    messages.add("Not a legal move", kind)
    messages.draw(surface, theme, (400, 190), 1.0, 700)
    pill = pygame.Rect(350, 190 - Messages.pill_height(1.0) + 4, 100, Messages.pill_height(1.0) - 8)  # inside it
    shown = Counter(tuple(surface.get_at((x, y))[:3]) for x in range(pill.left, pill.right)
                    for y in range(pill.top, pill.bottom))
    fill = shown.most_common(1)[0][0]  # the pill's own colour, round the letters
    assert best_ink(surface, pill, fill) >= 4.5
