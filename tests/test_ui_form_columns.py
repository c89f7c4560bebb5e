"""A form's titled rows in two columns (``ui.scenes.form_columns``) on forms of a chosen width:
a selector stepped to its longest item stays in the column, and a form too narrow for the two
columns is left as pygame-menu centres it, its text field's title as given."""

from __future__ import annotations

import pygame
import pygame_menu
import pytest

from tests.ui_helpers import window_for_a_test
from ui.scenes.common import add_selector, add_text_input, make_menu
from ui.scenes.form_columns import align_in_columns
from ui.theme import THEMES


@pytest.fixture
def window(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as app:
        yield app


SPEEDS = ("Off", "Very very slow")  # a short item shown, a long one a step away


def _form(width: int, speeds: tuple[str, ...] = SPEEDS) -> tuple[pygame_menu.Menu, object]:
    """A form ``width`` pixels wide whose first row, chosen, shows the first of ``speeds``, and
    whose second has the longer title."""
    menu = make_menu(THEMES["dark"], 1.0, pygame.Rect(0, 0, width, 400))
    speed = add_selector(menu, 1.0, "Speed: ", [(text, step) for step, text in enumerate(speeds)], default=0)
    add_selector(menu, 1.0, "A rather long title: ", [("On", 0)], default=0)
    return menu, speed


def _frames(menu: pygame_menu.Menu, screen: pygame.Surface) -> None:
    """Two frames of the form drawn, as the window draws it: pygame-menu lays a form out again
    at the frame after a widget changed size."""
    for _frame in range(2):
        menu.draw(screen)


def test_a_selector_stepped_to_its_longest_item_stays_in_the_column(window):
    """The block was measured at the items shown, and a selector's step lays nothing out again:
    the longer item ran past the column's edge and the form scrolled sideways (26 pixels here)."""
    menu, speed = _form(540)
    assert align_in_columns(menu, 1.0)
    _frames(menu, window.screen)
    assert menu.get_selected_widget() is speed
    menu.update([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)])
    _frames(menu, window.screen)
    assert speed.get_value()[0][0] == "Very very slow"
    assert menu.get_scrollarea().get_hidden_width() == 0


def test_a_form_too_narrow_for_two_columns_keeps_its_fields_title(window):
    """Where the block does not fit, the rows stay centred each on its own: the text field's
    title kept the spaces that were to carry its text into the controls' column."""
    menu, _speed = _form(440, ("Very very slow",))
    field = add_text_input(menu, "Name: ", textinput_id="name")
    assert not align_in_columns(menu, 1.0)
    assert field.get_title() == "Name: "
    _frames(menu, window.screen)
    assert menu.get_scrollarea().get_hidden_width() == 0
