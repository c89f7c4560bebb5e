"""The rules page says where it goes on below: its text stops above the lane kept for the window's
messages, and a picture cut there over empty card read as the page's broken end.  Now the text
fades into the card with an arrow under it while more follows, and neither shows at the end."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import key, make_app, words_in
from ui.scenes.rules import RulesScene


def _cue_pixels(app) -> tuple[tuple, tuple]:
    """The colours at the arrow's middle, under the text, and on the text's last row at the left
    (over the picture or a line): what the screen shows there."""
    scene = app.scene
    rect = scene.text_rect
    arrow = tuple(app.screen.get_at((rect.centerx, rect.bottom + int(3 * app.scale))))[:3]
    last_row = tuple(app.screen.get_at((rect.x + int(20 * app.scale), rect.bottom - 1)))[:3]
    return arrow, last_row


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 500), (1920, 1080)])
def test_the_page_fades_with_an_arrow_while_more_follows_below(tmp_path, monkeypatch, size, language):
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        with words_in(language):
            app.switch(RulesScene(app, "alquerque"))
            app.run_frames(2)
            panel = tuple(app.theme.panel)[:3]
            arrow, last_row = _cue_pixels(app)
            assert arrow == tuple(app.theme.muted)[:3], "no arrow under the text while more follows"
            assert last_row == panel, "the text's last row is not faded into the card"
            key(app, pygame.K_END)  # to the page's end: nothing more below
            arrow, _last_row = _cue_pixels(app)
            assert arrow == panel, "an arrow at the page's end"
    finally:
        app.quit()
