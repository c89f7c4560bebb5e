"""The rules page says where it goes on below: its text stops above the lane kept for the window's
messages while one shows (down to the card's margin while none does), and a picture cut there over
empty card read as the page's broken end.  Now the text fades into the card with an arrow under it
while more follows, and neither shows at the end."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, held_messages_clock, key, make_app, wait, words_in
from ui.scenes.rules import RulesScene
from ui.widgets import Messages


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


def _arrow_at(app, y: int) -> bool:
    """Whether the more-below arrow is drawn at height ``y`` under the text's middle."""
    x = app.scene.page.centerx
    return tuple(app.screen.get_at((x, y)))[:3] == tuple(app.theme.muted)[:3]


@pytest.mark.parametrize("text_size", [1.0, 1.5])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_text_takes_the_messages_lane_while_no_message_is_shown(tmp_path, monkeypatch, size, text_size):
    """At Larger text the page's text faded out about 100 px above its card's bottom, over empty
    card: the lane kept there for the window's messages, with none shown.  It goes down to the
    card's margin now, and stops above the lane while a message shows, and again after it."""
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.text_size = text_size
        key(app, pygame.K_F1)  # the main menu's help: the keys page
        scene = app.scene
        assert isinstance(scene, RulesScene)
        click(app, scene.tabs[scene.page_ids.index("rastros")].rect.center)
        lane_top, bottom = scene.messages_ceiling(), scene.page.inflate(0, -int(48 * app.scale)).bottom  # its margin
        below = int(3 * app.scale)  # into the arrow, under the text's last row
        assert bottom - lane_top > Messages.line_height(app.scale)  # the room given back
        assert scene.text_rect.bottom == bottom and _arrow_at(app, bottom + below)
        clock = held_messages_clock(monkeypatch)  # its half second outlasts a loaded machine's slow frames
        app.messages.add("Saved: rastros.json", "info", duration=0.5)
        app.run_frames(2)
        assert scene.text_rect.bottom == lane_top and _arrow_at(app, lane_top + below)
        clock(10.0)
        assert wait(app, lambda: not app.messages.current())
        app.run_frames(2)
        assert scene.text_rect.bottom == bottom and _arrow_at(app, bottom + below)
    finally:
        app.quit()
