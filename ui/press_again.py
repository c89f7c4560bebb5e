"""A "Press again" question that a double-click does not answer by itself.

Several buttons ask before they do what cannot be undone: a row's Delete in Saved games and
Continue ("Delete? Press again"), "Forget my results" and "Forget 2 outside players" in Settings, a
running tournament's Back ("Stop and leave? Press again").  A newcomer double-clicks buttons, and
the double-click's second press answered the question its first had just asked, before it could
be read.  ``PressAgain``
remembers when (and where) the question was asked, so the screen can tell a double-click's second
press (``ui.app.DOUBLE_CLICK`` seconds, ``ui.app.DOUBLE_CLICK_REACH`` pixels) from a real answer:
the question then stands, and a later press, or the key the screen names, answers it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ui.widgets import Button


class PressAgain:
    """When and where a "Press again" question was asked, and of what (a row's file, say)."""

    def __init__(self) -> None:
        self._asked: tuple[float, tuple[int, int] | None, object] | None = None

    def ask(self, subject: object = True, pos: tuple[int, int] | None = None) -> None:
        """The question about ``subject`` was asked now, by a press at ``pos`` (None: anywhere,
        the press's place unknown, as a pygame-menu button's action is told)."""
        self._asked = (time.monotonic(), pos, subject)

    def asked_by_click(self, event: pygame.event.Event, subject: object = True) -> None:
        """``event`` asked the question if it is a left button's release (a key asks with no
        double-click to fear: Enter twice answers as it always did)."""
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.ask(subject, event.pos)

    def forget(self) -> None:
        """The question was answered or dropped: no press is a double-click's second any longer."""
        self._asked = None

    def is_double_click(self, subject: object = True, pos: tuple[int, int] | None = None) -> bool:
        """Whether a press now (at ``pos``; None: anywhere) about ``subject`` is the second press
        of the double-click whose first asked the question: it must not answer it."""
        from ui.app import DOUBLE_CLICK, DOUBLE_CLICK_REACH

        if self._asked is None:
            return False
        when, at, asked_of = self._asked
        if asked_of != subject or time.monotonic() - when >= DOUBLE_CLICK:
            return False
        return at is None or pos is None or max(abs(pos[0] - at[0]), abs(pos[1] - at[1])) <= DOUBLE_CLICK_REACH

    def second_click(self, event: pygame.event.Event, subject: object = True) -> bool:
        """Whether ``event`` is a left button's release that ends a double-click's second press on
        the question asked of ``subject`` (``is_double_click``): the screen then drops it."""
        return (event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1
                and self.is_double_click(subject, event.pos))

    def second_click_on(self, button: Button, event: pygame.event.Event, subject: object = True) -> bool:
        """Whether ``event`` is a double-click's second release (``second_click``) on ``button``, the
        one whose first click asked the question of ``subject``: the press is then dropped (the
        button no longer drawn pressed) and the question stands, for a later click or the key the
        screen names to answer.  The screen takes such an event and gives it to nothing else."""
        if not (hasattr(event, "pos") and button.contains(event.pos) and self.second_click(event, subject)):
            return False
        button.pressed = False
        return True
