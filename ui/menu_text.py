"""pygame-menu's text fields, typed into as players type: every character, accents included, and
one click to go from one field to the next.

pygame-menu reads a field's characters from KEYDOWN's ``unicode``.  SDL gives a character made
by composition (a dead key: ~ then a gives ã) or by an input method only as a TEXTINPUT event,
with no key press of its own, so "João" became "Joo".  While a field is selected the characters
come from TEXTINPUT alone: a key press loses its character (the key itself still works:
Backspace, the arrows, Ctrl+V) and each TEXTINPUT character is handed over as a press of its own.

A text field also times its cursor with a ``pygame.time.Clock`` that it ticks at 60 frames a
second on every event it is given, so each event waited up to 16 ms: moving the mouse over a
screen whose selected widget was a field (the mouse selects what it passes over) queued events
faster than they were read, and the window lagged (30 movements: 470 ms).  The field is given a
clock that measures the time without waiting (``FreeClock``).

A field also repeats a key held down by itself, counting the time between the events it is given
from the press on; the window gives it events only as they come, so the time counted for a
press was the whole pause before it, and a Backspace or an arrow pressed after half a second's
pause acted two or three times.  SDL repeats a held key already (``pygame.key.set_repeat`` in
ui/app.py), so the field's own repeat is turned off.

A field being typed in is "active" and keeps the mouse: pygame-menu spends the first click
elsewhere on ending the typing, and only a second click picks the next field, so a player who
clicked the second name once went on typing into the first.  Here a click away from the field
ends its typing and selects what is under it, which the same click then reaches.
"""

from __future__ import annotations

import pygame
import pygame_menu


class FreeClock:
    """What a text field reads of ``pygame.time.Clock``: the milliseconds between two ticks, with
    no wait in ``tick``."""

    def __init__(self) -> None:
        self._last = pygame.time.get_ticks()
        self._time = 0

    def tick(self, _framerate: float = 0) -> int:
        now = pygame.time.get_ticks()
        self._time, self._last = now - self._last, now
        return self._time

    def get_time(self) -> int:
        return self._time


def field_events(menu: pygame_menu.Menu, event: pygame.event.Event) -> list[pygame.event.Event]:
    """The events to give ``menu`` for ``event`` (see the module docstring)."""
    selected = menu.get_selected_widget()
    if not isinstance(selected, pygame_menu.widgets.TextInput):
        return [event]
    if not isinstance(selected._clock, FreeClock):  # the field's own clock would wait 16 ms per event
        selected._clock = FreeClock()
    selected._keyrepeat = False  # see the module docstring: SDL repeats a held key
    if event.type == pygame.KEYDOWN and event.dict.get("unicode", "").isprintable() and event.dict.get("unicode"):
        return [pygame.event.Event(pygame.KEYDOWN, {**event.dict, "unicode": ""})]
    if event.type == pygame.TEXTINPUT:
        presses = []
        for char in event.text:
            code = pygame.K_SPACE if char == " " else pygame.K_UNKNOWN  # pygame-menu wants a space's own key
            presses.append(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0))
            presses.append(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=char, scancode=0))
        return presses
    if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and selected.active
            and not selected.get_rect(to_real_position=True).collidepoint(event.pos)):
        selected.active = False
        under = next((w for w in menu.get_widgets() if w.is_selectable and w.is_visible()
                      and w.get_rect(to_real_position=True).collidepoint(event.pos)), None)
        if under is None:
            return []  # the field would take the click as one on itself and go on typing
        menu.select_widget(under)
    return [event]
