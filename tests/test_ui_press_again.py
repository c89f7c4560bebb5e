"""``PressAgain.second_click_on``: the one test of "a double-click's second release on the button
that asked", which Saved games' and Continue's Delete and a running tournament's Back each made by
hand.  The clock is the test's own: a press is a double-click's second by when it comes, not by how
fast the machine runs the test."""

from __future__ import annotations

import pygame
import pytest

import ui.app
import ui.press_again
from ui.press_again import PressAgain
from ui.widgets import Button


def release(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The time ``PressAgain`` reads: the test moves it on by hand."""
    now = [100.0]
    monkeypatch.setattr(ui.press_again.time, "monotonic", lambda: now[0])
    return now


def asked_on(button: Button, subject: object = True) -> PressAgain:
    """A question asked by a click on the middle of ``button``, the button still drawn pressed."""
    asked = PressAgain()
    asked.asked_by_click(release(button.rect.center), subject)
    button.pressed = True
    return asked


def test_the_second_release_of_a_double_click_on_the_button_is_taken_and_unpresses_it(clock):
    button = Button("Delete", lambda: None, rect=pygame.Rect(10, 10, 80, 30))
    asked = asked_on(button, "game-01.json")
    clock[0] += ui.app.DOUBLE_CLICK / 2
    assert asked.second_click_on(button, release((53, 27)), "game-01.json")
    assert not button.pressed  # the press dropped: the question stands


def test_a_release_that_is_no_double_clicks_second_on_that_button_is_left_to_the_screen(clock):
    button = Button("Delete", lambda: None, rect=pygame.Rect(10, 10, 80, 30))
    asked = asked_on(button, "game-01.json")
    clock[0] += ui.app.DOUBLE_CLICK / 2
    inside = (53, 27)  # within a double-click's reach of the first click (50, 25)
    assert not asked.second_click_on(button, release((200, 15)), "game-01.json")  # off the button
    at_edge = PressAgain()
    at_edge.asked_by_click(release((11, 25)), "game-01.json")
    assert not at_edge.second_click_on(button, release((8, 25)), "game-01.json")  # within reach, off the button
    assert not asked.second_click_on(button, release(inside, button=3), "game-01.json")  # the right button
    assert not asked.second_click_on(button, release(inside), "game-02.json")  # asked of another row
    assert not asked.second_click_on(button, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN),
                                     "game-01.json")  # Enter answers
    button.visible = False
    assert not asked.second_click_on(button, release(inside), "game-01.json")  # a hidden button is not there
    button.visible = True
    clock[0] += ui.app.DOUBLE_CLICK
    assert not asked.second_click_on(button, release(inside), "game-01.json")  # a later click answers
    assert button.pressed  # each of those is the button's own: still pressed, for its click to act
    assert not PressAgain().second_click_on(button, release(inside))  # nothing asked
