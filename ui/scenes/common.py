"""Pieces the menu screens share: the pygame-menu theme in our colours, the backdrop, thumbnails."""

from __future__ import annotations

import math
import os
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from functools import lru_cache
from typing import Any

import pygame
import pygame_menu

import games
from ui import text as tx
from ui.board_view import BoardView, Overlay
from ui.i18n import Phrase, _, number_text
from ui.names import NAME_LENGTH
from ui.rendered_once import RenderedOnceManager
from ui.settings import TIME_CHOICES
from ui.text_field import caret_clock, caret_on, caret_turns_in
from ui.theme import THEMES, Theme, ink_on
from ui.views import make_view
from ui.widgets import KeptLayer, Messages, card, mix, stepped_within


def menu_font_pixels(font_size: int, scale: float) -> int:
    """The size in pixels of a form's text of ``font_size`` (at scale 1) at ``scale`` (``menu_theme``)."""
    return max(12, int(font_size * scale))


def menu_theme(theme: Theme, scale: float, font_size: int = 22) -> pygame_menu.Theme:
    """A pygame-menu theme matching ``theme``: transparent background, Open Sans, accent hover.

    One theme for each look, made once for the process and shared by every form of that look, as
    pygame-menu's own menus share its default theme: a form reads its theme and never changes it
    (pygame-menu's ``Menu.get_theme`` warns that a change shows in every form sharing it), and
    New game and Settings, built again at each game chosen, window resize, text size or language
    change, made the same theme anew each time."""
    return _shared_menu_theme(theme, scale, font_size, os.environ.get("SDL_VIDEODRIVER") == "dummy")


@lru_cache(maxsize=64)
def _shared_menu_theme(theme: Theme, scale: float, font_size: int, dummy_driver: bool) -> pygame_menu.Theme:
    """``menu_theme``'s theme for that look, made once (``dummy_driver``: no hand cursor, which the
    dummy video driver cannot show)."""
    t = pygame_menu.themes.Theme(
        background_color=(0, 0, 0, 0),
        title=False,
        widget_font=tx.REGULAR,
        widget_font_size=menu_font_pixels(font_size, scale),
        widget_font_color=theme.text,
        widget_font_antialias=True,
        selection_color=theme.accent,
        widget_selection_effect=pygame_menu.widgets.HighlightSelection(
            border_width=max(1, int(2 * scale)), margin_x=int(18 * scale), margin_y=int(8 * scale)),
        widget_margin=(0, int(10 * scale)),
        widget_padding=(int(6 * scale), int(14 * scale)),
        widget_box_background_color=mix(theme.panel, theme.text, 0.08),
        widget_box_border_color=mix(theme.panel, theme.text, 0.3),
        widget_box_arrow_color=theme.text,
        widget_cursor=None if dummy_driver else pygame_menu.locals.CURSOR_HAND,
        scrollbar_color=mix(theme.panel, theme.background, 0.5),
        scrollbar_slider_color=mix(theme.panel, theme.text, 0.3),
        scrollbar_slider_hover_color=theme.accent,
        scrollbar_thick=max(8, int(10 * scale)),
        scrollbar_shadow=False,
        readonly_color=theme.muted,
        readonly_selected_color=theme.muted,
        widget_alignment=pygame_menu.locals.ALIGN_CENTER,
        # a field being typed in would dim the whole window, as if it were a dialog; it is not one
        # (ui/menu_text.py: one click leaves it), and pygame-menu wants some alpha: barely any
        focus_background_color=(0, 0, 0, 1),
    )
    t.validate()  # what each Menu made with it does, done once: the theme is never changed after
    t._disable_validation = True  # noqa: SLF001 - pygame-menu's own switch, no setter
    return t


def toggle_style(menu: pygame_menu.Menu, theme: Theme, scale: float, rule: bool = False) -> dict:
    """Keyword arguments that colour a pygame-menu toggle switch like our buttons (and word its states).

    The slider covers one end of the switch, the end it stands at, so the switch is made as wide
    as the longer word plus a slider on each side ("Desligado" is much wider than "Off");
    add_toggle_switch centres the word in the part left uncovered."""
    from ui.words import switch_words

    words = switch_words(rule)  # a game's rule says Yes/No, a setting On/Off
    menu_look = menu.get_theme()
    font = pygame_menu.font.get_font(menu_look.widget_font, menu_look.widget_font_size)
    slider = menu_look.scrollbar_thick
    text = max(font.size(word)[0] for word in words)
    return {
        "state_text": words,
        "state_color": (mix(theme.panel, theme.text, 0.18), theme.accent),
        "state_text_font_color": (theme.text, ink_on(theme.accent)),
        "slider_color": mix(theme.panel, theme.text, 0.75),
        "slider_thickness": slider,
        "switch_border_color": mix(theme.panel, theme.text, 0.3),
        "width": max(int(110 * scale), text + 2 * slider + int(12 * scale)),
    }


class _WordCentredSwitch(pygame_menu.widgets.ToggleSwitch):
    """A pygame-menu toggle switch whose state word sits in the middle of the part the slider
    leaves uncovered.  pygame-menu centres the word on the whole switch, under which the slider
    covers one end, so "Desligado" (Off) stood nearer the slider than the far edge."""

    def _draw(self, surface: pygame.Surface) -> None:
        self._state_text_position = (self.word_x_fraction(), 0.5)
        super()._draw(surface)

    def word_x_fraction(self) -> float:
        """Where the state word goes across the switch, as pygame-menu's state_text_position
        takes it (0: at the left end, 1: at the right end); the slider is at the left when off."""
        word = self._switch_font_rendered[self._state].get_width() if self._switch_font_rendered else 0
        room = self._switch_width - word
        if room <= 0:
            return 0.5
        covered = self._slider_thickness if self._state == 0 else -self._slider_thickness
        return (room + covered) / 2 / room


def add_toggle_switch(menu: pygame_menu.Menu, theme: Theme, scale: float, title: str, value: bool,
                      switch_id: str, onchange: Any, rule: bool = False) -> pygame_menu.widgets.ToggleSwitch:
    """An on/off switch in our colours (toggle_style) whose word is centred beside its slider;
    ``rule``: a game's rule, whose switch says Yes/No (``ui.words.switch_words``).
    pygame-menu builds it and keeps its look; only the drawing of the word is ours, so the
    widget takes our subclass (which holds no state of its own)."""
    switch = menu.add.toggle_switch(title, value, toggleswitch_id=switch_id, onchange=onchange,
                                    **toggle_style(menu, theme, scale, rule))
    switch.__class__ = _WordCentredSwitch
    usual = switch.get_font_info()["size"]
    room = column_width(menu.get_width(), menu.get_theme(), scale) - switch.get_selection_effect().get_width()
    fit_to_column(switch, room)
    if title and switch.get_font_info()["size"] < int(usual * SELECTOR_LEAST):
        # "Capturas em qualquer direção: Não" (Alquerque, Portuguese, Larger text, 800x600) was set
        # at 82% of the form's size, and its highlight scrolled the form sideways: its title above
        menu.remove_widget(switch)
        add_title_above(menu, title, usual, switch_id)
        return add_toggle_switch(menu, theme, scale, "", value, switch_id, onchange, rule)
    return switch


def fit_to_column(widget: pygame_menu.widgets.core.Widget, room: int) -> None:
    """``widget``'s title a size smaller at a time until the widget fits the ``room`` pixels of
    its form's column: pygame-menu refuses a wider widget, and New game's form for Alquerque in
    Portuguese at Larger text (800x600) was left empty, its switch "Capturas em qualquer
    direção" 31 pixels too wide.  A title wraps on no form, and cut it would hide the rule."""
    size = widget.get_font_info()["size"]
    while widget.get_rect(render=True).width > room and size > tx.SMALLEST:
        size -= 1
        widget.update_font({"size": size})


class FormField(pygame_menu.widgets.TextInput):
    """A pygame-menu text field that measures its room against its form's column at every
    render, and blinks its caret by the clock.

    pygame-menu measures a field's room (the width its underline may fill) against the form's
    column; but while it lays the form out it has no column yet and measures against the form's
    whole inner width, 4 pixels and more wider than the column ``make_menu`` gives (the room
    alternated 578/574 at 1280x800).  A field renders again whenever its room changes, and asks
    its form to render again: every render of Settings and of New game with a name field built
    the whole form again, the most of a Settings step's time (docs/tuning/window.md).

    pygame-menu turns a field's caret on or off by the time between the events it is given, so
    with the pointer still and no key pressed the caret stood as it was.  Here it blinks as the
    window's own fields do (``ui.text_field.caret_on``), from when it last came on (the field
    chosen, a key, a click): the form's screen draws its turns (``MenuFormScene.caret_field``)."""

    caret_since = 0.0  # when the caret last came on (``caret_clock``), the blink counted from it
    room_left = 0  # pixels of the column left to the right of the field (``form_columns.align_in_columns``)

    def _get_max_container_width(self) -> int:
        """The column's room less the field's padding, its margin (the field moved into a column
        of controls) and the room it leaves on its right."""
        menu = self._menu
        if not isinstance(menu, _Form) or self.get_frame() is not None:
            return super()._get_max_container_width()
        return menu.column_room() - self._padding[1] - self._padding[3] - self._margin[0] - self.room_left

    def _focus(self) -> None:
        super()._focus()
        self.caret_since = caret_clock()

    def fit_text_to_room(self) -> None:
        """The text scrolled within the room its form gives it (cut at an end with an ellipsis)
        where the longest text it takes, in its widest letters, would not fit there: pygame-menu
        grows a field with its text, and a field wider than its form's column stops the form's
        layout, so a 24-letter name of Ws left Settings' card empty and said "Something went wrong",
        in any window.  Called once the field's title and margin are final (``align_in_columns``)."""
        room = (self._get_max_container_width() - self._title_size - self._selection_effect.get_width()
                - 2 * self._ellipsis_size)
        if self._maxchar and self._font.size("W" * self._maxchar)[0] <= room:
            return  # the longest text fits as it is
        self._maxwidth_base = max(1, room // max(1, self._font.size("O")[0]))
        self._apply_font()  # the room in pixels pygame-menu keeps the text shown within
        text = self.get_value()
        self._input_string, self._cursor_position, self._renderbox = "", 0, [0, 0, 0]
        self._maxwidth = self._maxwidth_base
        self.set_value(text)  # shown again from its start, the caret at its end

    def update(self, events: list[pygame.event.Event]) -> bool:
        """pygame-menu's, the caret's blink begun again by a key or a click, as pygame-menu
        shows the caret at once for them."""
        if any(event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) for event in events):
            self.caret_since = caret_clock()
        return super().update(events)

    def caret_due(self, at: float | None = None) -> bool:
        """Whether the caret shows at ``at`` (now by default): by the clock, or while a key is held
        (as pygame-menu draws it)."""
        return caret_on(self.caret_since, at) or bool(self._key_is_pressed)

    def blink(self, at: float) -> None:
        """The caret as it shows at ``at``, the form's picture of the field made again where it
        turned since it was last drawn."""
        shown = caret_on(self.caret_since, at)
        if shown != self._cursor_visible:
            self._cursor_visible = shown
            self.force_menu_surface_cache_update()

    def caret_turns_in(self, at: float) -> float:
        """Seconds from ``at`` to the caret's next turn."""
        return caret_turns_in(self.caret_since, at)


def add_text_input(menu: pygame_menu.Menu, title: str, **kwargs: Any) -> FormField:
    """``menu.add.text_input(title, **kwargs)`` as a ``FormField``: its room its column's as the
    form lays it out and after, so that drawing the form again, with nothing changed, does not
    build it again, and its caret blinking by the clock.  pygame-menu builds the field (the
    subclass holds nothing but when its caret came on); its own blink, by the events' times,
    is turned off."""
    field = menu.add.text_input(title, **kwargs)
    field.__class__ = FormField
    field._cursor_switch_ms = math.inf  # noqa: SLF001 - no setter; pygame-menu's blink never turns it
    return field


def make_menu(theme: Theme, scale: float, rect: pygame.Rect, font_size: int = 22, center: bool = True) -> pygame_menu.Menu:
    """A pygame-menu Menu drawn inside ``rect`` of the window (pixels).

    Its column is kept narrower than ``rect`` by the vertical scrollbar: pygame-menu wraps a long
    label to the whole width, so once the scrollbar showed, the text ran under it and a
    horizontal scrollbar appeared for a few pixels.

    Every key press counts (``keyboard_ignore_nonphysical=False``): pygame-menu otherwise drops a
    press whose key is already up when the frame reads it, and a quick typist's keys are (the
    press and the release arrive together), so letters went missing from the text fields.

    The keyboard never moves the pointer (``_Form``)."""
    look = menu_theme(theme, scale, font_size)
    return _Form(
        "", rect.width, rect.height, theme=look, position=(rect.x, rect.y, False),
        center_content=center, mouse_motion_selection=True, verbose=False, keyboard_ignore_nonphysical=False,
        screen_dimension=pygame.display.get_surface().get_size(),
        column_max_width=column_width(rect.width, look, scale),
    )


@contextmanager
def rendering_held(menu: pygame_menu.Menu) -> Iterator[pygame_menu.Menu]:
    """``menu`` rendered once, as the block that adds its widgets ends: pygame-menu renders the
    whole form again for each widget added (New game's 19 widgets rendered it 40 times a build,
    and a drag of the window's edge builds it at every step; figures in docs/tuning/window.md).
    The same layout: each widget is rendered as it is made and the form laid out once at the
    end; a wrapped label (``add_wrapped_label``) wraps to the column every layout makes."""
    menu.disable_render()
    try:
        yield menu
    finally:
        menu.enable_render()


POINTER_CHOICES = (pygame_menu.menu.SELECT_MOUSE_MOTION, pygame_menu.menu.SELECT_MOUSE_BUTTON_DOWN,
                   pygame_menu.menu.SELECT_TOUCH)
"""How pygame-menu chooses a widget under the pointer (``_Form._select``): such a widget is in view
already, and scrolling the form then moved it from under the pointer (``_scroll_highlight_into_view``)."""


def _other_button(event: pygame.event.Event) -> bool:
    """A press or release of the middle or right mouse button: pygame-menu clicks a widget with
    either, as with the left, so a right click on the main menu's Quit closed the window and one
    on a level's arrow changed the level, where the window's own buttons (``ui.widgets.Button``)
    and the board take the left button alone.  The wheel's old-style presses (4, 5) are left to
    pygame-menu, which clicks nothing with them."""
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (2, 3)


class _Form(pygame_menu.Menu):
    """A pygame-menu Menu whose scrolling reaches the whole of its last widget.

    pygame-menu ends a form's scrolling area at its last widget's text, its bottom padding and
    the highlight round it left out, and it scrolls a chosen widget into view without its
    highlight: a form that scrolls (New game at 800x600, in Portuguese above all) cut the last
    button's highlight off at the bottom.  When the form scrolls, the area is made taller by what
    lies below the last widget's text, and choosing the last widget scrolls to the very end.
    Whether it scrolls is told from the widgets' own height, not from where centring put them:
    with the centring counted, a form a few pixels taller than its widgets went back and forth
    between the two at each rendering, and a row of buttons (``button_row``), which renders the
    form again whenever its place changes, never settled (pygame-menu gave up a hundred renders
    deep, past Python's recursion limit).

    The keyboard chooses a widget without moving the pointer: pygame-menu warps the pointer onto
    the widget chosen by a key once the pointer has been over the form, and on a real window Down
    Down put it on Quit, where the next click quit the app.  A desktop app leaves the user's pointer
    where it is; a key's choice stays until the pointer really moves (the motion pygame-menu makes
    up each frame carries no ``rel`` and chooses nothing), and a click with no motion still clicks
    what lies under the pointer (``pointer_there_first``).

    Each widget added is rendered once as it is set up and joins the form, not once per setting
    (``ui.rendered_once``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add = RenderedOnceManager(self, verbose=self._verbose)
        self._disable_widget_update_mousepos_mouseselection = True  # pygame-menu's own switch, no setter
        self._chosen_by: str | None = None  # how the widget being chosen is chosen (``_select``)
        self.pointer_chose = False  # the chosen widget was chosen by the pointer, no key pressed since

    def update(self, events: list[pygame.event.Event]) -> bool:
        """pygame-menu's, for the left button's clicks alone; a key pressed makes the chosen
        widget the keyboard's (``pointer_chose``)."""
        if any(event.type == pygame.KEYDOWN for event in events):
            self.pointer_chose = False
        return super().update([event for event in events if not _other_button(event)])

    def _select(self, new_index: int, dwidget: int, select_type: str, apply_sound: bool, **kwargs: Any) -> bool:
        """pygame-menu's choice of a widget, remembering how it was chosen while it scrolls to it."""
        outermost = self._chosen_by is None  # pygame-menu calls itself to pass over rows it cannot choose
        if outermost:
            self._chosen_by = select_type
            self.pointer_chose = select_type in POINTER_CHOICES
        try:
            return super()._select(new_index, dwidget, select_type, apply_sound, **kwargs)
        finally:
            if outermost:
                self._chosen_by = None

    def _update_widget_position(self) -> None:
        super()._update_widget_position()
        max_x, max_y = self._widget_max_position
        last = self._shown_widgets()[-1]
        if last is None:
            return
        slack = last.get_padding()[2] + last.get_selection_effect().get_margin()[2] + max(1, last.get_border()[1])
        if max_y - max(0, self._widget_offset[1]) + slack > self._height - self._get_scrollbar_thickness()[0]:
            self._widget_max_position = (max_x, max_y + slack)

    def scroll_to_widget(self, widget: Any = None, scroll_parent: bool = True) -> pygame_menu.Menu:
        super().scroll_to_widget(widget, scroll_parent)
        widget = widget or self.get_selected_widget()
        if widget is not None and widget.get_frame() is None and widget is self._shown_widgets()[-1]:
            self.get_scrollarea().scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, 1)
        elif widget is not None:
            self._scroll_highlight_into_view(widget, self._chosen_by not in POINTER_CHOICES)
        return self

    def _scroll_highlight_into_view(self, widget: Any, with_note: bool = True) -> None:
        """Scroll the least that shows ``widget`` whole with its highlight: pygame-menu counts a
        row in view while its bottom lies up to a scrollbar's thickness past the form's edge, so
        a row reached with Down (New game's "Time per move" at 800x560) had the bottom of its
        highlight cut off.  ``with_note``: the note under it too (``_with_its_note``), but not
        for a row the pointer chose (``POINTER_CHOICES``): at 800x600 New game's "Computer" row,
        pointed at, scrolled up from under the pointer to show its level's description, and the
        click meant for its arrow fell on that description and changed nothing."""
        area = self.get_scrollarea()
        hidden = area.get_hidden_height()
        if not hidden:
            return
        top, shown = area.get_offsets()[1], area.get_view_rect().height
        lit = widget.get_selection_effect().inflate(widget.get_rect())
        lit = self._with_its_note(widget, lit, shown) if with_note else lit
        lowest, highest = max(0, lit.bottom - shown), min(hidden, lit.top)  # the offsets that show it whole
        if lowest <= top <= highest or lowest > highest:
            return
        # the scrollbar keeps its place in whole pixels of its own track, shorter than the form:
        # not every offset can be had, so aim at each in turn from the nearest until one is
        aims = range(lowest, highest + 1) if top < lowest else range(highest, lowest - 1, -1)
        for aim in aims:
            area.scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, min(1.0, (aim + 0.5) / hidden))
            if lowest <= area.get_offsets()[1] <= highest:
                return

    def _with_its_note(self, widget: Any, lit: pygame.Rect, shown: int) -> pygame.Rect:
        """``lit`` (``widget``'s highlight, in the form's own rows) and the note under it, where
        the next row is a label (a level's description, what a choice means) and the view holds
        both: New game's "Computer" reached with Down, or changed with Left, showed at 1280x800
        the level's description cut in half at the form's foot, the words that tell the levels apart."""
        rows = self._shown_widgets()
        at = next((n for n, row in enumerate(rows) if row is widget), None)
        note = rows[at + 1] if at is not None and at + 1 < len(rows) else None
        if not isinstance(note, pygame_menu.widgets.Label) or note.get_frame() is not None:
            return lit
        both = lit.union(note.get_rect())
        return both if both.height <= shown else lit

    def keep_chosen_whole(self) -> None:
        """The chosen widget scrolled whole into view when part of it shows: a form built again
        (a value changed) gets its scroll back only to within a pixel or two, the scrollbar
        keeping its place in its own track's pixels, and "Clock" lost its highlight's bottom
        again after Right changed it.  A widget scrolled wholly out of view stays out of it."""
        widget = self.get_selected_widget()
        if widget is None or not self.get_scrollarea().get_hidden_height():
            return
        if self.chosen_in_view():
            self._scroll_highlight_into_view(widget, not self.pointer_chose)

    def show_chosen_row(self) -> None:
        """Scroll the least that shows the chosen widget's row whole with its highlight, leaving
        out the note under it (``_with_its_note``): for a form cut short by a message
        (``MenuFormScene.refit_for_messages``), where a row that still shows stays put."""
        widget = self.get_selected_widget()
        if widget is not None:
            self._scroll_highlight_into_view(widget, with_note=False)

    def chosen_in_view(self) -> bool:
        """Whether some of the chosen widget's highlight shows in the form's view (False with
        none chosen): one the wheel scrolled wholly out of view is not the one a key acts on as
        if the player saw it ringed (Setup's Enter, ``SetupScene.handle_event``)."""
        widget = self.get_selected_widget()
        if widget is None:
            return False
        area = self.get_scrollarea()
        lit = widget.get_selection_effect().inflate(widget.get_rect())  # in the form's own rows
        top = area.get_offsets()[1]
        return lit.bottom > top and lit.top < top + area.get_view_rect().height

    def settle_scroll(self, way: int) -> None:
        """After the wheel (``way`` 1 down, -1 up) or a drag (0), scroll on to where no row is cut
        at the top of the view: down past the row the top edge cuts, up to its top, or (a drag)
        whichever is nearer; the ends stay as they are.  The wheel moved the form by a step of its
        scrollbar's track, a drag by the pointer's pixels, and the row scrolled to showed cut, by
        a pixel or by half of it, at New game's, Settings' and every form's top edge."""
        area = self.get_scrollarea()
        hidden, top = area.get_hidden_height(), area.get_offsets()[1]
        rows = self._row_rects()
        cut = [rect for rect in rows if rect.top < top < rect.bottom]
        if not hidden or not cut or top >= hidden:
            return
        up, down = min(rect.top for rect in cut), max(rect.bottom for rect in cut)
        aim = down if way > 0 else up if way < 0 else (up if top - up <= down - top else down)
        if aim <= min(rect.top for rect in rows):  # only the form's margin above: its very top
            aim = 0
        scroll_exactly(area, max(0, min(hidden, aim)))

    def settle_page(self, down: bool, started: int) -> None:
        """After Page Down (``down``) or Page Up from ``started`` pixels down, scroll on to where no
        row is cut at the top of the view: back to the edge of the row the page cut, toward
        ``started``, so that a page goes by no row unseen (Page Down shows whole at the top the row
        its bottom edge cut before), unless that goes back to ``started`` or past it, then on to
        the row's other edge; a page that stopped in the form's margin above its first row goes to
        its very top.  pygame-menu pages by its scrollbar's track, whatever the rows, and the
        row at the top showed cut, by half of it at New game's and Settings' larger text sizes."""
        area = self.get_scrollarea()
        top, rows = area.get_offsets()[1], self._row_rects()
        if rows and 0 < top <= min(rect.top for rect in rows):
            scroll_exactly(area, 0)
            return
        way = -1 if down else 1
        self.settle_scroll(way)
        if (area.get_offsets()[1] - started) * -way <= 0:  # back where the page began: no page at all
            scroll_exactly(area, top)
            self.settle_scroll(-way)

    def _row_rects(self) -> list[pygame.Rect]:
        """The form's rows in its own coordinates (as ``get_offsets`` counts): each shown widget
        outside a frame, and each frame (a row of buttons) whole; not a margin (no width, and a
        place at the form's corner that is none of its own)."""
        rects = [widget.get_rect() for widget in self._shown_widgets() if widget is not None and widget.get_frame() is None]
        return [rect for rect in rects if rect.width]

    def column_room(self) -> int:
        """The width of the form's one column, as pygame-menu lays the form out: its widest
        (``column_width``), the form's inner width if that is less."""
        return min(self._column_max_width[0], self.get_width(inner=True))

    def _shown_widgets(self) -> list[Any]:
        return [widget for widget in self._widgets if widget.is_visible() and not widget.is_floating()] or [None]


def scroll_exactly(area: pygame_menu._scrollarea.ScrollArea, offset: int) -> None:
    """Scroll ``area`` so that it is ``offset`` pixels down its content, to the pixel.
    ``ScrollArea.scroll_to`` moves the scrollbar's slider by whole pixels of its track, shorter
    than the content, so only some offsets can be had that way (a row's top often not); the
    slider is put where its value is ``offset`` (pygame-menu reads it back rounded down)."""
    try:
        _slide_to(area, offset)
    except AttributeError:  # a pygame-menu whose insides differ: its own scroll, maybe a pixel short
        hidden = area.get_hidden_height()
        if hidden:
            area.scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, max(0.0, min(1.0, offset / hidden)))


def _slide_to(area: pygame_menu._scrollarea.ScrollArea, offset: int) -> None:
    """``scroll_exactly`` through the vertical scrollbar's slider (pygame-menu 4.4-4.5's insides)."""
    for bar in area._scrollbars:  # noqa: SLF001 - pygame-menu offers no getter of the area's bars
        if bar.is_visible() and bar.get_orientation() == pygame_menu.locals.ORIENTATION_VERTICAL:
            low, high = bar.get_minmax()
            travel = bar._page_ctrl_length - bar._page_step  # noqa: SLF001 - how far the slider goes
            if high <= low or travel <= 0:
                return
            bar._slider_position = _slider_at(offset - low, high - low, travel)  # noqa: SLF001 - no setter
            bar._update_slider_rect()  # noqa: SLF001 - the slider drawn where it now is
            bar._update_slider_position_flags()  # noqa: SLF001 - at the top or bottom, as scrolling sets it
            bar.change()
            return


def _slider_at(offset: int, span: int, travel: float) -> float:
    """Where along its ``travel`` a slider reads ``offset`` of ``span`` (pygame-menu reads
    ``int(position * span / travel)``): a whole pixel when one does, so that its next moves, by
    whole pixels, reach both ends; else the middle of the pixel's fraction that does."""
    first, past = offset * travel / span, (offset + 1) * travel / span
    for at in (math.ceil(first), (first + past) / 2):
        at = max(0.0, min(float(travel), at))
        if int(at * span / travel) == offset or at in (0.0, float(travel)):
            return at
    return (first + past) / 2


def column_width(width: int, look: pygame_menu.Theme, scale: float) -> int:
    """The widest a widget of a ``make_menu`` form ``width`` pixels wide may be: clear of its scrollbar."""
    return width - look.scrollbar_thick - int(4 * scale)


def add_wrapped_label(menu: pygame_menu.Menu, text: str, **style: Any) -> pygame_menu.widgets.Label:
    """A label wrapped to the form's column (``style``: font_size, font_color, label_id ...)
    whose last line never holds one word alone (``ui.text.no_lone_last_word``): Tic-tac-toe's
    summary left "...)." on a line of its own in Portuguese at 800x560.  pygame-menu offers no
    wrap of one's own, so the label's is wrapped in ours; its text stays as given.

    ``max_char=0``: one label, wrapped as it renders.  pygame-menu's ``max_char=-1`` builds and
    measures a label of its own first, only to count the characters of a line that a wrapped
    label never uses."""
    joining = menu.add.left_unrendered() if isinstance(menu.add, RenderedOnceManager) else nullcontext()
    with joining:  # rendered once, below, wrapped our way
        label = menu.add.label(text, wordwrap=True, max_char=0, **style)
    if hasattr(pygame_menu.widgets.Label, "_wordwrap_line"):  # a pygame-menu without it wraps its own way
        label._wordwrap_line = _wrap_form_line  # noqa: SLF001 - an instance's own, read by its render
        label._apply_transforms = _lines_centred(label, label._apply_transforms)  # noqa: SLF001 - likewise
        label._get_max_container_width = _column_of_its_form(label, label._get_max_container_width)  # noqa: SLF001
    label._force_render()  # noqa: SLF001 - drawn, our way (the form laid out again, unless held)
    return label


def _column_of_its_form(label: pygame_menu.widgets.Label, own: Callable[[], int]) -> Callable[[], int]:
    """The width ``label``'s lines are wrapped to: as pygame-menu's ``own``, of the form's column
    (``_Form.column_room``), which every layout of a form with a widget makes the column, rather
    than the column its last layout left: one of no width while the form had no widget laid out
    (a word a line), and none while a layout measures its widgets (the form's whole width).  So
    the form is not laid out before each wrapped label to wrap it to its column (New game's form
    was laid out once per note), and the label wraps alike whenever it is rendered.  A label in
    a frame, or on a form of pygame-menu's own, wraps as pygame-menu does."""

    def width() -> int:
        menu = label.get_menu()
        if not isinstance(menu, _Form) or label.get_frame() is not None:
            return own()
        _top, right, _bottom, left = label.get_padding()
        return menu.column_room() - right - left - label.get_selection_effect().get_width()

    return width


def _lines_centred(label: pygame_menu.widgets.Label, transform: Any) -> Any:
    """``transform``, the label's own last step of drawing its text (a squeeze to the column, in
    pygame-menu's only call of it, right after the lines are drawn), with each wrapped line first
    drawn again in the middle of the label's width: pygame-menu draws them from the left edge, so
    on the forms, where every other line is centred, a note of two lines stood flush left under
    the centred ones above it, its short last line hanging off to the left (a level's
    description, Trax's summary).

    No squeeze when the lines fit the width they were wrapped to: pygame-menu wraps to the column
    less the label's padding, then holds the label, padding and all, to that same width, so a
    full line was drawn narrower than its font sets it (a line of Trax's Portuguese note 696
    pixels long drawn 685 wide).  Wrapped to what the column leaves, the padded label fits it."""

    def centre_then_transform() -> None:
        lines = label.get_lines()
        surface = label._surface  # noqa: SLF001 - the lines' picture, which pygame-menu offers no setter for
        wrapped_to = label._get_max_container_width()  # noqa: SLF001 - the width pygame-menu wrapped the lines to
        if surface is not None and 0 < surface.get_width() <= wrapped_to:
            label.set_max_width(None, render=False)
        if len(lines) > 1 and surface is not None:
            leading = label._get_leading()  # noqa: SLF001 - the distance pygame-menu put between the lines
            colour = label.get_font_color_status()
            drawn = [label._render_string(line, colour) for line in lines]  # noqa: SLF001 - as pygame-menu drew them
            surface.fill((0, 0, 0, 0))
            for row, line in enumerate(drawn):
                surface.blit(line, ((surface.get_width() - line.get_width()) // 2, row * leading))
        transform()

    return centre_then_transform


def _wrap_form_line(line: str, font: pygame.font.Font, max_width: int, tab_size: int) -> list[str]:
    """pygame-menu's wrap of one paragraph of a label, then ``no_lone_last_word``."""
    lines = pygame_menu.widgets.Label._wordwrap_line(line, font, max_width, tab_size)  # noqa: SLF001
    return tx.no_lone_last_word(lines, font, max_width)


def add_selector(menu: pygame_menu.Menu, scale: float, title: str, items: list[tuple[Any, ...]],
                 **kwargs: Any) -> pygame_menu.widgets.Selector:
    """``menu.add.selector(title, items, style="fancy", ...)`` a little smaller where that shows
    every item whole (``selector_size``), else with every item that would not fit the column cut
    with an ellipsis.

    pygame-menu refuses a widget wider than its column, when it is added and again when it is
    drawn, so a long value (a Portuguese Trax tile name at 800x560, an outside player's long name)
    turned the whole screen into an error once chosen.  A fancy selector is as wide as a frame of
    its own (arrows, padding and the highlight round it when selected, which must not make the
    form scroll sideways: measured once per form), its title and the item shown.

    ``onchange`` is attached once the selector is built: pygame-menu builds one by stepping to
    its default item, calling ``onchange`` at each step, so every build of a form (a rebuild when
    a background check ends) wrote the items before the default into the screen's choices: it
    cleared the error shown for an impossible option and put the player shown meanwhile in place
    of a remembered outside player not yet checked."""
    say_ends = kwargs.pop("say_ends", None)
    named = title
    look = menu.get_theme()
    if menu not in _SELECTOR_FRAME:
        probe = menu.add.selector("", [("", None)], style="fancy")
        _SELECTOR_FRAME[menu] = probe.get_width() + probe.get_selection_effect().get_width()
        menu.remove_widget(probe)
    column = column_width(menu.get_width(), look, scale) - _SELECTOR_FRAME[menu]
    usual = kwargs.pop("font_size", None) or look.widget_font_size
    texts = [text for text, *_rest in items]
    size = selector_size(look.widget_font, usual, title, texts, column)
    if size is None and title and selector_size(look.widget_font, usual, "", texts, column) is not None:
        add_title_above(menu, title, usual, kwargs.get("selector_id"))
        title = ""
        size = selector_size(look.widget_font, usual, title, texts, column)
    size = size or usual
    font = pygame_menu.font.get_font(look.widget_font, size)
    room = column - font.size(title)[0]
    fitted = [(tx.fit_font(text, font, room), *rest) for text, *rest in items]
    onchange = kwargs.pop("onchange", None)
    selector = menu.add.selector(title, fitted, style="fancy", font_size=size, **kwargs)
    selector.set_onchange(onchange)
    if say_ends is not None:
        stop_at_the_ends(selector, named, texts, say_ends)
    return selector


def stop_at_the_ends(selector: pygame_menu.widgets.Selector, title: str, texts: list[str],
                     say: Callable[[str], object]) -> None:
    """``selector`` (its items ``texts`` in order: a size, a time, a speed, a volume) stops at
    its first and last item, ``say`` telling why (``stepped_within``: "Volume: 100% already, the
    largest"), as the watched games' Speed does; pygame-menu's went round, and Right at 100% gave
    0%, at 5 s a move 0.1 s.  A cycle of names (a language, a theme) is left to go round.  Set on
    the built selector: pygame-menu steps right to its default as it builds one.  What it says
    follows a change of language as every message does (``ui.i18n.said_again``)."""
    for step, name in ((-1, "_left"), (1, "_right")):
        move = getattr(selector, name)

        def stepped(move: Callable[[], None] = move, step: int = step) -> None:
            index = selector.get_index()
            _index, why = stepped_within(index, step, len(texts), title + texts[index])
            if why:
                say(why)
                return
            move()

        setattr(selector, name, stepped)


def add_title_above(menu: pygame_menu.Menu, title: str, size: int, selector_id: str | None) -> pygame_menu.widgets.Label:
    """A selector's ``title`` on a line of its own just above it (id ``<selector_id>-title``):
    beside it, Trax's "Fim do jogo: Primeiro circuito ou linha" and "Peça central: ldld (claro
    esq.-dir.)" did not fit an 800x600 window's form at Larger text even at ``SELECTOR_LEAST`` of
    their size, and showed "Primeiro circuit…"; under its title the item has the whole column."""
    label = menu.add.label(title.rstrip(), font_size=size, label_id=f"{selector_id}-title" if selector_id else "")
    no_gap_under(label)  # it reads as its selector's
    return label


def no_gap_under(widget: pygame_menu.widgets.Widget) -> None:
    """No padding and no margin under ``widget``: what comes next reads as part of it."""
    top, right, _bottom, left = widget.get_padding(transformed=False)
    widget.set_padding((top, right, 0, left))
    widget.set_margin(widget.get_margin()[0], 0)


def notes_joined(upper: pygame_menu.widgets.Widget, lower: pygame_menu.widgets.Widget) -> None:
    """Two lines of a form read as one note, with no gap between them: New game's results on the
    board chosen and its other boards' line stood two paddings and a margin apart, which put the
    second below the fold of the form at 1280x800 in Portuguese, where Hex's summary takes two lines."""
    no_gap_under(upper)
    _top, right, bottom, left = lower.get_padding(transformed=False)
    lower.set_padding((0, right, bottom, left))


_SELECTOR_FRAME: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # a form's selector frame width
SELECTOR_LEAST = 0.85  # of its form's size, the smallest a selector is set at to show its items whole


def selector_size(face: str, usual: int, title: str, texts: list[str], room: int) -> int | None:
    """The font size of a selector titled ``title`` whose items (``texts``) share ``room`` pixels
    with it: ``usual``, else the largest down to ``SELECTOR_LEAST`` of it at which every item fits
    whole, else None (the items would be cut): New game in Portuguese at Larger text showed Trax's
    "Primeiro circuit…" and "Claro (joga primei…" where a size or two less shows them whole."""
    for size in range(usual, max(tx.SMALLEST, int(usual * SELECTOR_LEAST)) - 1, -1):
        font = pygame_menu.font.get_font(face, size)
        if all(font.size(text)[0] <= room - font.size(title)[0] for text in texts):
            return size
    return None


def add_option_input(menu: pygame_menu.Menu, theme: Theme, scale: float, info: games.GameInfo, option: Any,
                     value: Any, on_change: Any, note: bool = True, say_ends: Callable[[str], object] | None = None,
                     beside: dict[str, Any] | None = None) -> None:
    """A game's rule ``option`` as every form offers it, showing ``value``: a switch for a bool, a
    selector for choices or a whole-number range, a field otherwise (id ``opt-<name>``), then
    (``note``) its note in small muted words; ``on_change(value)`` for each change.  The New game
    form and the position editor build their options with it, so an option looks and works alike
    on both (the editor, with little room beside the text, leaves the notes to New game).
    ``say_ends``: a selector of numbers (a board's size) stops at its ends, saying so with it
    (``stop_at_the_ends``); one of names goes round.  ``beside``: the game's other options as
    chosen, where the selector offers only the values the rules take with them
    (``GameInfo.offered``: no 4 in a row on a 3x3 board)."""
    from ui import words

    wid, title = f"opt-{option.name}", f"{words.option_label(option, info.id)}: "
    if option.kind is bool:
        add_toggle_switch(menu, theme, scale, title, bool(value), wid, on_change, rule=True)
    elif option.values():
        values = option.values() if beside is None else values_shown(info, option, {**beside, option.name: value})
        items = [(words.choice_words(v, info.id, option) if option.choices else str(v), v) for v in values]
        index = next((i for i, (_label, v) in enumerate(items) if v == value), 0)
        numbers = all(is_number(v) for v in values)
        add_selector(menu, scale, title, items, default=index, selector_id=wid,
                     onchange=lambda _item, chosen: on_change(chosen), say_ends=say_ends if numbers else None)
    else:
        # kept within the form's column, as Settings' name field is: 60 Ws grew it past the
        # column and stopped the form's layout ("Something went wrong", an empty card)
        add_text_input(menu, title, default=str(value), textinput_id=wid, onchange=on_change).fit_text_to_room()
        return
    said = words.option_note(info.id, option, value) if note else ""
    if said:
        add_wrapped_label(menu, said, font_size=tx.small(13, scale), font_color=theme.muted)


def values_shown(info: games.GameInfo, option: games.Option, chosen: dict[str, Any]) -> list[Any]:
    """The values a form's selector or stepper of ``option`` shows beside the options ``chosen``:
    those the rules take with the others (``GameInfo.offered``: 3 and 4 in a row on a 4x3 board),
    and the value it holds where that is none of them (an edited settings file's 5 in a row on
    3x3), which Start refuses saying why: in its place among the numbers where it is none of the
    option's own (that file's Reversi board of 7, shown as the 6 the selector fell on, while the
    words above Start said 7 is not valid).  [] for an option without a list of values."""
    current = chosen.get(option.name, option.default)
    offered = info.offered(option.name, {**chosen, option.name: current})
    shown = [v for v in option.values() if v in offered or v == current]
    if shown and current not in shown and is_number(current) and all(is_number(v) for v in shown):
        shown = sorted([*shown, current])
    return shown


def is_number(value: Any) -> bool:
    """An int or a float, not a bool (which Python counts as an int): a selector or stepper of
    such values stops at its ends, one of names goes round."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def follow_options(info: games.GameInfo, options: dict[str, Any], changed: str, messages: Any) -> list[str]:
    """The options whose offered values follow ``changed`` (``Option.follows``), each moved in
    ``options`` to the nearest value the rules take with the others (``GameInfo.followed``) and
    said so in ``messages`` ("In a row to win is now 3, to go with Width: 3"): the form never
    keeps a choice the rules refuse, and never changes one unsaid.  Their names, moved or not
    (their selectors or steppers offer other values now).  ``changed`` itself stays as the
    player set it: moved back, a step onto an edited settings file's 9 in a row on 7x4 was said
    "In a row to win is now 7, to go with In a row to win: 9"; Start says why it does not fit."""
    from ui import words

    moved = {name: value for name, value in info.followed(options).items() if name != changed}
    cause = info.option(changed), options[changed]

    def said(name: str, value: Any) -> str:
        option = info.option(name)
        return _("{option} is now {value}, to go with {changed}").format(
            option=words.option_label(option, info.id), value=words.option_value(value, info.id, option),
            changed=words.option_text(*cause, info.id))

    for name, value in moved.items():
        phrase = Phrase(lambda name=name, value=value: said(name, value))
        messages.add_instead(phrase, "info", topic=f"follows {name}")  # one a stepping, not a pile
    options.update(moved)
    return [o.name for o in info.options if changed in o.follows]


# characters a name field shows at once (a longer name scrolls in it, up to ``NAME_LENGTH``): its
# underline of ``NAME_LENGTH`` filled nearly the whole column at the window's own text, so the New
# game form of two friends fell back from Larger text to the window's (``_fitting_form_scale``);
# the underline runs a little further, under the "..." a scrolled name starts with
NAME_FIELD_SHOWN = 14
NAME_FIELD_UNDERLINE = NAME_FIELD_SHOWN + 6
NAME_GAP = 0.5  # the least gap between a name field's title and its text, in its font's size


def add_name_fields(menu: pygame_menu.Menu, sides: list[str], names: list[str],
                    on_change: Any) -> None:
    """The Hot-seat players' name fields, one per side (ids ``name0``, ``name1``), typed into
    ``names``' values and reported as ``on_change(side, text)``; an empty one is "Player 1"/"Player 2"."""
    for side in (0, 1):
        field = add_text_input(menu, _("{side}'s name: ").format(side=sides[side]), default=names[side],
                               textinput_id=f"name{side}", maxchar=NAME_LENGTH, maxwidth=NAME_FIELD_SHOWN,
                               input_underline="_", input_underline_len=NAME_FIELD_UNDERLINE,
                               onchange=(lambda sd: lambda value: on_change(sd, value))(side))
        field.set_title(title_with_gap(field, field.get_title()))


def empty_names_note(sides: list[str]) -> str:
    """What the name fields left empty are called, each beside its side as the fields' titles and
    the replay name it: "Left empty: Player 1 (X) and Player 2 (O)".  The form said "Player 1 and
    Player 2" under "X's name" and "O's name", after a pasted game's replay named the sides X and
    O, and left the player to guess which was which."""
    return _("Left empty: Player 1 ({first}) and Player 2 ({second})").format(first=sides[0], second=sides[1])


def title_with_gap(field: pygame_menu.widgets.TextInput, title: str) -> str:
    """``title`` ended with spaces at least ``NAME_GAP`` of the field's font size wide: pygame-menu
    starts a field's text right after its title, so the gap is the title's own trailing space,
    3 pixels at 800x560, and "Name (X): Ana" read as one run of words."""
    font = field.get_font_info()
    space = max(1, pygame_menu.font.get_font(font["name"], font["size"]).size(" ")[0])
    return title.rstrip() + " " * max(1, math.ceil(font["size"] * NAME_GAP / space))


LABEL_PAD = 12  # the least room either side of a button's label, at scale 1 (a label nearer its edge looks cut)


def uniform_buttons(menu: pygame_menu.Menu, theme: Theme, scale: float, width: int, pad_y: int | None = None) -> None:
    """Give every button of ``menu`` the same width (to the pixel: an odd spare pixel goes to the
    right) and a filled background (a column of pills); ``pad_y`` above and below each label,
    ``LABEL_PAD`` at least either side of it."""
    pad_y = int(10 * scale) if pad_y is None else pad_y
    least = int(LABEL_PAD * scale)
    for widget in menu.get_widgets():
        if not isinstance(widget, pygame_menu.widgets.Button):
            continue
        text_w = widget.get_width(apply_padding=False)
        left = max(least, (width - text_w) // 2)
        right = max(least, width - text_w - left)
        widget.set_padding((pad_y, right, pad_y, left))
        if widget.get_id() not in ("start",):
            widget.set_background_color(mix(theme.panel, theme.text, 0.05))
            widget.set_border(max(1, int(scale)), mix(theme.panel, theme.text, 0.16))
        effect = pygame_menu.widgets.HighlightSelection(
            border_width=max(1, int(2 * scale)), margin_x=int(2 * scale), margin_y=int(2 * scale))
        effect.set_color(theme.accent)
        widget.set_selection_effect(effect)


def button_row(menu: pygame_menu.Menu, buttons: list[pygame_menu.widgets.Button], width: int, gap: int,
               least_pad: int) -> bool:
    """Put ``buttons`` (the form's last ones, styled by ``uniform_buttons``) side by side on one
    row ``width`` wide, ``gap`` apart: the row lines up with a column of buttons ``width`` wide and
    takes the height of one of them.  Each label gets the same room either side, the row's spare
    width shared out evenly (to the pixel, or pygame-menu refuses the row).  False, and nothing
    changed, when the labels need more than ``width`` with ``least_pad`` either side."""
    texts = [button.get_width(apply_padding=False) for button in buttons]
    spare = width - gap * (len(buttons) - 1) - sum(texts)
    if spare < 2 * least_pad * len(buttons):
        return False
    share, odd = divmod(spare, len(buttons))
    for i, button in enumerate(buttons):
        room = share + (i < odd)
        top, _right, bottom, _left = button.get_padding()
        button.set_padding((top, room - room // 2, bottom, room // 2))
    # pygame-menu moves a bordered widget right by half its border: the row, unbordered, as far
    nudge = math.ceil(buttons[0].get_border()[1] / 2)
    row = menu.add.frame_h(width, max(button.get_height() for button in buttons), frame_id="row", padding=0,
                           margin=(nudge, menu.get_theme().widget_margin[1]))
    for i, button in enumerate(buttons):
        row.pack(button, margin=(gap if i else 0, 0))
    return True


def backdrop(surface: pygame.Surface, theme: Theme, scale: float) -> None:
    """The menus' background: a soft vertical gradient with a faint board grid, kept as a picture
    for the window's size, theme and scale (``KeptLayer``): drawn at each frame (360 bands and
    a hundred lines), it took a third of a frame of the main menu at 2560x1440 as the pointer
    went from button to button."""
    _BACKDROP.draw(surface, (surface.get_size(), theme, scale), lambda target: _draw_backdrop(target, theme, scale))


_BACKDROP = KeptLayer()


def _draw_backdrop(surface: pygame.Surface, theme: Theme, scale: float) -> None:
    """``backdrop``'s gradient and grid, drawn on all of ``surface``."""
    w, h = surface.get_size()
    top, bottom = mix(theme.background, theme.accent, 0.10), theme.background
    for i in range(0, h, 4):
        pygame.draw.rect(surface, mix(top, bottom, i / max(1, h)), (0, i, w, 4))
    step = max(24, int(56 * scale))
    line = mix(theme.background, theme.text, 0.035)
    for x in range(0, w, step):
        pygame.draw.line(surface, line, (x, 0), (x, h))
    for y in range(0, h, step):
        pygame.draw.line(surface, line, (0, y), (w, y))


def heading(surface: pygame.Surface, theme: Theme, scale: float, title: str, subtitle: str = "", y: int | None = None) -> int:
    """A screen title and subtitle centred at the top; returns the y below them."""
    w = surface.get_width()
    y = int(28 * scale) if y is None else y
    r = tx.text(surface, title, (w // 2, y), int(38 * scale), theme.text, "midtop", bold=True)
    if subtitle:
        r = tx.text(surface, subtitle, (w // 2, r.bottom + int(2 * scale)), int(16 * scale), theme.muted, "midtop")
    return r.bottom


THUMBNAILS_KEPT = 12  # the six games' cards at two sizes: a screen's grid draws every card at one size


FADED = 70  # the alpha of a board shown faded because what it stands for makes no game: the position
# editor's last good board under a text that is no position, a game card's under options that make none


@lru_cache(maxsize=THUMBNAILS_KEPT)
def thumbnail(game_id: str, theme_name: str, width: int, height: int,
              options: tuple[tuple[str, object], ...] = ()) -> pygame.Surface:
    """The game's initial position drawn by its own board view, under ``options`` ((name, value)
    pairs: New game's choices, Reversi's 6x6 board; the defaults for those not given).  Options
    that make no game (9 in a row on 7x4, which an edited settings file may hold) get their board
    faded (``refused_board``), which the card says why over: the usual 3x3 board drawn for them
    showed a game the player had not chosen.

    Kept for the cards shown now and the size before (``THUMBNAILS_KEPT``): a screen draws all of
    its cards at one size, and a window dragged bigger draws them at every size it passes through,
    so 64 kept were 43 MB of thumbnails never shown again after one drag across the screen."""
    theme, chosen = THEMES[theme_name], dict(options)
    try:
        if games.info(game_id).refusal(chosen):
            return refused_board(game_id, theme, width, height, chosen)
        return board_picture(games.load(game_id, **chosen).initial_state(), theme, width, height)
    except Exception:  # noqa: BLE001 - a view still being written must not break the menu
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        surface.fill((*theme.board, 255))
        tx.text(surface, "?", (width // 2, height // 2), height // 2, theme.grid, "center", bold=True)
        return surface


def refused_board(game_id: str, theme: Theme, width: int, height: int, options: dict[str, object]) -> pygame.Surface:
    """The picture of ``options`` that make no game of ``game_id``, faded (``FADED``): the board
    they choose, its options that follow others at the nearest value the rules take with them
    (``GameInfo.followed``: the 7x4 board of a 9 in a row chosen on it); where even that is no
    game (a board size the game has not), the picture's outline alone."""
    info = games.info(game_id)
    try:
        values = info.resolve_options(options)
        state = games.load(game_id, **{**values, **info.followed(values)}).initial_state()
    except ValueError:
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        card(surface, surface.get_rect(), mix(theme.panel, theme.text, 0.1), max(3, width // 10), theme.muted,
             max(1, width // 60))
    else:
        surface = board_picture(state, theme, width, height)
    surface.set_alpha(FADED)
    return surface


def refusal_note(surface: pygame.Surface, theme: Theme, scale: float, lines: list[tuple[str, bool]], size: int,
                 room: pygame.Rect, pad: int, centred: bool = False) -> pygame.Rect:
    """Why what is shown under it makes no game, over it: ``lines`` (text, bold) of ``size``
    pixels on a card as wide as ``room``, at its top (``centred``: in its middle), bordered in
    the refusal colour, the bold lines in it.  The position editor's over its board while the
    text is no position, a game card's over options that make no game.  The rect it covers."""
    step = tx.line_height(size, bold=True)
    rect = pygame.Rect(room.x, room.y, room.width, len(lines) * step + 2 * pad)
    if centred:
        rect.centery = room.centery
    card(surface, rect, theme.panel, int(10 * scale), theme.invalid, max(1, int(2 * scale)))
    for i, (line, bold) in enumerate(lines):
        tx.text(surface, line, (rect.x + pad, rect.y + pad + i * step), size, theme.invalid if bold else theme.text,
                bold=bold)
    return rect


def options_refusal(info: games.GameInfo, options: dict[str, Any]) -> str:
    """Why the rules make no game of ``options`` (an edited settings file's 9 in a row on 7x4), in
    the player's words as a refused Start says them (``words.rule_reason``); "" where they make one."""
    from ui import words

    why = info.refusal(dict(options))
    return words.rule_reason(why, info.id) if why else ""


class StartRefusal:
    """Why a form's Start makes no game, in a note just above Start, which its screen greys (a
    click or Enter on it says the same again, ``Button.refused``): New game's and the
    tournament's, for options kept that no selector offers (``options_refusal``).  Each form
    said nothing of them until Start was pressed.  ``place`` lays the note out with its form,
    ``draw`` draws it there, as a game's card says it over its picture (``refusal_note``)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the note stands; empty while the options make a game
        self.why = ""

    @staticmethod
    def lines(why: str, width: int, scale: float) -> tuple[list[str], int, int]:
        """``why`` wrapped to ``width`` pixels, with its text size and padding; no lines for ""."""
        size, pad = tx.small(13, scale), max(4, int(8 * scale))
        return (tx.wrap(why, size, width - 2 * pad) if why else []), size, pad

    def place(self, why: str, start: pygame.Rect, x: int, width: int, scale: float) -> int:
        """The note saying ``why`` laid out ``width`` wide from ``x``, just above ``start`` (Start's
        rect); the height it takes there with its gap, 0 (and no note) where ``why`` is ""."""
        self.why = why
        lines, size, pad = self.lines(why, width, scale)
        if not lines:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return 0
        gap = int(8 * scale)
        height = len(lines) * tx.line_height(size, bold=True) + 2 * pad
        self.rect = pygame.Rect(x, start.top - gap - height, width, height)
        return height + gap

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float) -> None:
        """The note where ``place`` laid it, if any."""
        if not self.rect.height:
            return
        lines, size, pad = self.lines(self.why, self.rect.width, scale)
        refusal_note(surface, theme, scale, [(line, False) for line in lines], size, self.rect, pad)


def board_picture(state: games.State, theme: Theme, width: int, height: int, view: BoardView | None = None
                  ) -> pygame.Surface:
    """``state`` drawn by its game's own board view on a transparent surface ``width`` x
    ``height``: a still picture (no legal moves, nothing to hover, no animation) without the
    coordinates, which at a picture's size crowd the board's edge.  The menu's game cards show
    the start (``thumbnail``), the game lists' rows each game's last position
    (``ui.scenes.row_pictures``), New game a pasted position (``view``: one turned to face the
    human; a new one by default)."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    view = make_view(state.game) if view is None else view
    view.layout_picture(pygame.Rect(0, 0, width, height), state)
    view.draw(surface, state, Overlay(theme=theme, show_legal=False, interactive=False, animation_speed=0,
                                      coordinates=False))
    return surface


def form_over_buttons(panel: pygame.Rect, scale: float, *buttons: Any) -> pygame.Rect:
    """The area of a form in ``panel``, with ``buttons`` (Start, Back; or Back alone) side by side
    under it, each half the row's width, the last on the right: outside the form's scrolling area,
    so always in view.  A lone button (Settings' Back) is centred under the form: on the right it
    left the row's left half empty.  No lane is kept for the
    window's messages here: the room it took from every form, with messages or without, made
    Settings scroll at 1280x800; a form that wants room for them makes it (the New game form,
    ``SetupScene._message_room``)."""
    inner = panel.inflate(-int(24 * scale), -int(24 * scale))
    row_h, gap = int(44 * scale), int(12 * scale)
    inner.height -= row_h + gap
    half = (inner.width - gap) // 2
    halves = (pygame.Rect(inner.x, inner.bottom + gap, half, row_h),
              pygame.Rect(inner.x + half + gap, inner.bottom + gap, inner.width - half - gap, row_h))
    if len(buttons) == 1:
        halves = (halves[0].move(inner.centerx - halves[0].centerx, 0),)
    for button, rect in zip(buttons, halves[len(halves) - len(buttons):], strict=True):
        button.rect = rect
    return inner


def time_label(seconds: float) -> str:
    """A time-per-move choice as every screen shows it, after ``time_per_move_title()``: "0.5 s"."""
    return f"{number_text(seconds, 'g')} s"


def time_choices(kept: float) -> list[tuple[str, float]]:
    """A time-per-move selector's items: the usual times, and the one ``kept`` in its place among
    them where it is none of them (a settings file's 7 s, a record's 0.3 s): Settings and New game
    showed the usual time nearest it (5 s) while the computer was given ``kept``."""
    return with_kept([(time_label(t), t) for t in TIME_CHOICES], kept, time_label)


def with_kept(items: list[tuple[str, float]], kept: float, label: Callable[[float], str]) -> list[tuple[str, float]]:
    """A selector's ``items`` (label, number) with ``kept``, labelled by ``label``, in its place
    among them where it is none of their numbers: a setting a hand-edited file holds (a text size
    of 1.1, a volume of 0.55) was shown as the choice nearest it while the window used it."""
    if any(value == kept for _label, value in items):
        return items
    return sorted([*items, (label(kept), kept)], key=lambda item: item[1])


def percent_label(fraction: float) -> str:
    """A fraction as a selector shows a volume or a text size none of its named ones: "55%"."""
    return f"{number_text(round(fraction * 100, 1), 'g')}%"


def chosen_index(items: list[tuple[str, float]], value: float) -> int:
    """Where ``value`` stands among a selector's ``items`` (``with_kept``'s hold it)."""
    return [number for _label, number in items].index(value)


def time_per_move_title() -> str:
    """The one name of the computer's time per move, on New game, Play from here, the tournament
    and Settings: "Time per move: " (it was "Time: … s per move", "Time per move: … s" and
    "Computer time per move", three wordings of one setting)."""
    return _("Time per move") + ": "


def counts_said(state: games.State) -> list[tuple[str, bool]]:
    """What ``draw_counts`` says of ``state`` (``words.draw_counts_lines``), each count with
    whether its draw is near; none for another game or a position that ended the game."""
    from ui import words

    counts = None if state.is_terminal() else state.draw_counts()
    return [] if counts is None else words.draw_counts_lines(counts)


def counts_lines(state: games.State, width: int, size: int) -> list[tuple[str, bool]]:
    """The lines ``draw_counts`` draws for ``state``, each with whether its draw is near."""
    return [(line, near) for said, near in counts_said(state)
            for line in tx.wrap_at_most(said, size, width, 2) or [said]]


def draw_near(state: games.State) -> bool:
    """Whether ``state`` is near one of its game's counted draws, as ``words.draw_counts_lines``
    reads a ``DrawCounts`` and stresses its line: within ``NEAR_DRAW_PLIES`` (10) plies, five moves
    a side, of the 40 without a capture; or a position's second occurrence, the next one drawing.
    There the count is news a player acts on (most Alquerque games end by the 40-ply rule,
    docs/tuning/alquerque.md: a side ahead has those moves left to force a capture), so a panel
    short of room keeps it (``GamePanel._room_plan``); one reading for its colour and its room."""
    return any(near for _said, near in counts_said(state))


def counts_height(state: games.State, width: int, size: int, gap: int = 0) -> int:
    """The room ``draw_counts`` takes below its ``pos``: a panel plans its other parts with it."""
    lines = counts_lines(state, width, size)
    return gap + len(lines) * tx.ui_font(size).get_height() if lines else 0


def draw_counts(surface: pygame.Surface, state: games.State, pos: tuple[int, int], width: int, size: int,
                theme: Theme, gap: int = 0) -> int:
    """How near ``state`` is to its game's counted draws (``State.draw_counts``: "No capture for 33
    plies (draw at 40)", "Position seen 2 times (draw at 3)"), each on at most two lines, ``gap``
    below ``pos``, in the text's colour when the draw is near, else muted; returns the bottom
    (``pos``'s y when there is nothing to say: another game, or a position that ended the game)."""
    x, y = pos
    lines = counts_lines(state, width, size)
    if not lines:
        return y
    y += gap
    for line, near in lines:
        y = tx.text(surface, line, (x, y), size, theme.text if near else theme.muted).bottom
    return y


ZOOM_TOPIC = "board zoom"  # the note of the last zoom out to the whole board or in to the tiles: only the newest shown


def zoom_board(view: BoardView, messages: Messages, whole: bool | None = None) -> None:
    """Z (``whole`` None: the other of the two) or the mouse wheel over the board, on the game
    screen and in a replay alike: a large Trax board shown whole, or its tiles again
    (``BoardView.zoom``).  Z on a board shown whole anyway says so, as a greyed button does."""
    if not view.zoomable():
        messages.refuse(_("The whole board is in view already"))
        return
    whole = not view.whole_board if whole is None else whole
    if whole == view.whole_board:
        return
    view.zoom(whole)
    said = (_("The whole board: Z or the mouse wheel up goes back to the tiles") if whole
            else _("The tiles: Z or the mouse wheel down shows the whole board"))
    messages.add_instead(said, topic=ZOOM_TOPIC)
