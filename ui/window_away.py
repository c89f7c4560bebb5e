"""Whether the window is away from its user, from its window events: minimised or hidden, or
behind another window that has the keyboard.  A person's clock stands still while it is
(``ui.scenes.game``), and the text fields' caret does not blink (``ui.text_field.Carets``).
No drawing here.
"""

from __future__ import annotations

import time

import pygame

WINDOW_AWAY = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED)  # another window has the keyboard, or none shows
WINDOW_BACK = (pygame.WINDOWFOCUSGAINED, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)  # ... until it has it again
WINDOW_GONE = (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)  # the window shows nowhere (minimised, unmapped) ...
WINDOW_SHOWN = (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED)  # ... until it shows again
AWAY_WORTH_SAYING = 1.0  # seconds: a window away for less was not left by its player (a switch to full screen)


class WindowAway:
    """Whether a game's window is away for a person's clock (``ui.scenes.game``): minimised or
    hidden, from ``WINDOW_GONE`` until it shows again (``WINDOW_SHOWN``) and for that whole time,
    or behind another window that has the keyboard, from a focus lost until it is back
    (``WINDOW_BACK``).

    One flag for both ran the clock while the window was still minimised as soon as a focus
    event, a key or a click reached it (a window manager that hands the focus round, a tool
    that sends keys), and a window shown again without the focus (``xdotool windowmap``, a
    taskbar that restores without raising) kept its clock stopped until a click, when one
    restored by the window manager ran at once.  The focus lost as the window was minimised
    now comes back with the window."""

    def __init__(self) -> None:
        self.minimised = False
        self.unfocused = False
        self.since: float | None = None  # when the window last went away (``time.monotonic``)

    @property
    def away(self) -> bool:
        return self.minimised or self.unfocused

    def follow(self, event: pygame.event.Event) -> bool:
        """Take the window's going away or coming back from ``event``; whether ``away`` changed."""
        before = self.away
        if event.type in WINDOW_GONE:
            self.minimised = True
        elif event.type in WINDOW_SHOWN and self.minimised:
            self.minimised = self.unfocused = False
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.unfocused = True
        elif event.type in WINDOW_BACK:
            self.unfocused = False
        if self.away and not before:
            self.since = time.monotonic()
        return self.away != before

    def was_away_long(self, now: float) -> bool:
        """Whether the window, back now, was away for at least ``AWAY_WORTH_SAYING``: switching to
        full screen and back hides the window and takes its focus for a fifth of a second (seen
        under Xvfb with openbox), and the game then said its clock had stood still while the
        window was away, to a player who never left it."""
        return self.since is not None and now - self.since >= AWAY_WORTH_SAYING
