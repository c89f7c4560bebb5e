"""A form's widgets are rendered once as pygame-menu sets them up (``ui.rendered_once``), and
look exactly as pygame-menu's own setup draws them; a wrapped label is the one label built."""

from __future__ import annotations

import pygame
import pygame_menu
from pygame_menu._widgetmanager import WidgetManager

from tests.ui_helpers import count_calls, window_for_a_test
from ui.scenes.common import add_wrapped_label, make_menu, rendering_held

FORM = pygame.Rect(0, 0, 600, 500)


def add_every_kind(menu: pygame_menu.Menu) -> list[pygame_menu.widgets.core.Widget]:
    """One widget of each kind the app's forms hold, added to ``menu``."""
    with rendering_held(menu):
        return [
            menu.add.label("Board size", font_size=26),
            menu.add.label("A note long enough to wrap over the form's narrow column, twice or more "
                           "with these few extra words", wordwrap=True, font_size=14),
            menu.add.selector("Level: ", [("One", 1), ("Two", 2)], default=1),
            menu.add.toggle_switch("Any direction", True),
            menu.add.text_input("Name: ", default="Ana", maxwidth=12),
            menu.add.button("Start", lambda: None),
        ]


def pixels(widget: pygame_menu.widgets.core.Widget) -> tuple[tuple[int, int, int, int], bytes]:
    surface = widget.get_surface()
    return tuple(widget.get_rect()), pygame.image.tobytes(surface, "RGBA")


def test_a_label_added_to_a_form_draws_its_text_once(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        menu = make_menu(app.theme, 1.0, FORM)
        drawn = count_calls(monkeypatch, pygame_menu.widgets.Label, "_font_render_string")
        with rendering_held(menu):  # the form laid out at the end alone, as the app's builds do
            label = menu.add.label("Board size")
        # pygame-menu drew it once per setting (7 times) and once more as it joined the form
        assert drawn[0] == 1
        assert label.get_width() > 0


def test_the_first_button_added_to_a_form_draws_its_text_once(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        menu = make_menu(app.theme, 1.0, FORM)
        drawn = count_calls(monkeypatch, pygame_menu.widgets.Button, "_font_render_string")
        with rendering_held(menu):
            button = menu.add.button("Start", lambda: None)
        # not also as it joins the form, is unselected and then selected, the form's first choice
        assert drawn[0] == 1
        assert button.is_selected() and button.get_width() > 0


def test_a_wrapped_label_is_the_one_label_built(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        menu = make_menu(app.theme, 1.0, FORM)
        built = count_calls(monkeypatch, pygame_menu.widgets.Label, "__init__")
        with rendering_held(menu):
            label = add_wrapped_label(menu, "A note long enough to wrap over the form's column, twice or more "
                                            "with these few extra words and a few more words again", font_size=22)
        # pygame-menu built and measured a label of its own first, for a count it does not use
        assert built[0] == 1
        assert len(label.get_lines()) > 1


def test_a_wrapped_label_is_wrapped_once_added_to_a_form_held(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        menu = make_menu(app.theme, 1.0, FORM)
        wraps = []
        own = pygame_menu.widgets.Label._wordwrap_line  # a static method: read, it is the bare function

        def counted(*args, **kwargs):
            wraps.append(args)
            return own(*args, **kwargs)

        monkeypatch.setattr(pygame_menu.widgets.Label, "_wordwrap_line", staticmethod(counted))
        with rendering_held(menu):
            menu.add.label("Board size")
            label = add_wrapped_label(menu, "A note long enough to wrap over the form's column, twice or more "
                                            "with these few extra words and a few more words again", font_size=22)
        # pygame-menu wrapped it its own way too, as it joined the form, before ours
        assert len(wraps) == 1
        assert len(label.get_lines()) > 1


NOTE = "A note long enough to wrap over the form's column, twice or more with these few extra words and some more"


def test_wrapped_labels_lay_a_form_held_out_no_more_than_plain_ones(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        layouts = count_calls(monkeypatch, type(make_menu(app.theme, 1.0, FORM)), "_update_widget_position")
        counted = []
        for add in (lambda menu: menu.add.label("A short note", font_size=22),
                    lambda menu: add_wrapped_label(menu, NOTE, font_size=22)):
            menu = make_menu(app.theme, 1.0, FORM)
            layouts[0] = 0
            with rendering_held(menu):
                menu.add.label("Board size")
                notes = [add(menu) for _ in range(3)]
            counted.append(layouts[0])
        # the form was laid out again before each wrapped label, to wrap it to the column so far
        assert counted[1] == counted[0]
        assert all(note.get_lines() == notes[0].get_lines() and len(note.get_lines()) > 1 for note in notes)
        assert all(note.get_width() <= menu.column_room() for note in notes)


def test_a_wrapped_label_first_on_a_form_wraps_to_its_column(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        menu = make_menu(app.theme, 1.0, FORM)
        with rendering_held(menu):
            first = add_wrapped_label(menu, NOTE, font_size=22)
            later = add_wrapped_label(menu, NOTE, font_size=22)
        # the form laid out with no widget yet has a column of no width: a word a line
        assert first.get_lines() == later.get_lines()
        assert 1 < len(first.get_lines()) < len(NOTE.split())


def test_widgets_look_as_pygame_menus_own_setup_draws_them(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        ours = make_menu(app.theme, 1.0, FORM)
        theirs = make_menu(app.theme, 1.0, FORM)
        theirs.add = WidgetManager(theirs, verbose=False)
        for mine, own in zip(add_every_kind(ours), add_every_kind(theirs), strict=True):
            assert pixels(mine) == pixels(own), mine.get_title()
