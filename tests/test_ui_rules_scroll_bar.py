"""The rules page's scroll bar and its more-below arrow take the mouse: the thumb drags the page,
a click on the track above or below it pages up or down, and a click on the arrow pages down as
Page Down does.  Both were drawn only: a click or a drag on them did nothing and said nothing,
where a form's scroll bar (New game, Settings) drags."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, key
from ui.scenes.rules import RulesScene


@pytest.fixture
def rules(app) -> RulesScene:
    """The Alquerque rules page (long at 1280x800: it scrolls), at its top."""
    app.switch(RulesScene(app, "alquerque"))
    app.run_frames(2)
    assert app.scene.offset == 0 and app.scene._scroll_bar() is not None
    return app.scene


def page_down_offset(app, scene: RulesScene) -> int:
    """Where Page Down from the top takes the page; the page put back at its top."""
    key(app, pygame.K_PAGEDOWN)
    offset, scene.offset = scene.offset, 0
    app.run_frames(2)
    assert offset > 0
    return offset


def test_a_click_on_the_arrow_under_the_text_pages_down(app, rules):
    paged = page_down_offset(app, rules)
    half = max(4, int(7 * app.scale))
    click(app, (rules.text_rect.centerx, rules.text_rect.bottom + half // 2))
    assert rules.offset == paged


def test_a_click_on_the_track_under_the_thumb_pages_down_and_above_it_up(app, rules):
    paged = page_down_offset(app, rules)
    track, thumb = rules._scroll_bar()
    click(app, (thumb.centerx, (thumb.bottom + track.bottom) // 2))
    assert rules.offset == paged
    _track, thumb = rules._scroll_bar()
    click(app, (thumb.centerx, (track.top + thumb.top) // 2))
    assert rules.offset == 0


def test_the_thumb_dragged_to_the_tracks_end_shows_the_pages_end(app, rules):
    track, thumb = rules._scroll_bar()
    for kind, y in ((pygame.MOUSEBUTTONDOWN, thumb.centery), (pygame.MOUSEMOTION, track.bottom + 50),
                    (pygame.MOUSEBUTTONUP, track.bottom + 50)):
        extra = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 1), "buttons": (1, 0, 0)}
        pygame.event.post(pygame.event.Event(kind, pos=(thumb.centerx, y), **extra))
    app.run_frames(2)
    assert rules.offset == rules._content_height() - rules.text_rect.height  # the page's end
    key(app, pygame.K_END)
    assert rules.offset == rules._content_height() - rules.text_rect.height
