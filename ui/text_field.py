"""A one-line text field for the screens that draw themselves (pygame-menu has its own): the
tournament's outside player and the game screen's typed moves.

    field = TextField(_("Outside player: ..."))   # the placeholder, shown while it is empty
    field.shorter = (_("file.py ..."),)            # its shorter forms, for a narrow field
    field.rect = pygame.Rect(...)                  # where it is, set by the scene's layout
    what = field.handle(event)                     # None (not taken), "edit", "submit" or "cancel"
    field.draw(surface, theme, scale)

While it has the focus the field takes every key, so a screen's one-letter shortcuts (U for undo,
N for a new game) do not fire while the player types; F11 and Alt+Enter are the App's before any
screen sees them.  Ctrl+V pastes the system clipboard's text on one line; Ctrl+A chooses the
whole text, for what is typed or pasted next, or Backspace, to replace it.
"""

from __future__ import annotations

import time

import pygame

from ui import clipboard
from ui import text as tx
from ui.theme import Theme
from ui.widgets import card, mix
from ui.window_away import WINDOW_AWAY, WINDOW_BACK

BLINK = 0.5  # seconds the caret is shown, then hidden


class Carets:
    """Whether the window is away (``WINDOW_AWAY``, until ``WINDOW_BACK``), as ``ui.app.App``
    follows its events: the keys go elsewhere, so no caret shows, and none wakes the window to
    blink (it woke twice a second, minimised or behind another window, for a caret no one saw)."""

    away = False

    @classmethod
    def follow_the_window(cls, event: pygame.event.Event) -> bool:
        """Take the window's going away or coming back from ``event``; whether it changed."""
        away = True if event.type in WINDOW_AWAY else False if event.type in WINDOW_BACK else cls.away
        changed, cls.away = away != cls.away, away
        return changed


def caret_clock() -> float:
    """The clock carets blink by (this module's ``time``, which tests stand in for)."""
    return time.monotonic()


def caret_on(since: float = 0.0, at: float | None = None) -> bool:
    """Whether a blinking caret shows at ``at`` (now by default): shown for ``BLINK`` from
    ``since`` (when it last came on), then hidden as long, and so on; hidden while the window is
    away (``Carets``)."""
    if Carets.away:
        return False
    at = caret_clock() if at is None else at
    return int((at - since) / BLINK) % 2 == 0


def caret_interval() -> float | None:
    """How often a caret with the keyboard wakes the window to blink: every ``BLINK``, or never
    while the window is away (``Carets``)."""
    return None if Carets.away else BLINK


def caret_turns_in(since: float, at: float) -> float:
    """Seconds from ``at`` to the next turn of a caret blinking from ``since`` (``caret_on``)."""
    return BLINK - (at - since) % BLINK


def one_line(value: str) -> str:
    """Pasted text on one line: its lines joined by spaces, the ends trimmed."""
    return " ".join(value.split("\n")).strip()


def fit_tail(value: str, size: int, width: int) -> str:
    """The end of ``value`` (where the caret is) that fits in ``width`` pixels, after an ellipsis."""
    font = tx.ui_font(size)
    if font.size(value)[0] <= width:
        return value
    fits, cut = len(value), max(0, len(value) - max(width, 0))  # no glyph drawn is under a pixel wide
    while cut < fits:  # the fewest characters cut that fit, found by halves: measuring again after
        middle = (cut + fits) // 2  # each character cut was quadratic, and a 256 KB paste froze the window
        if font.size("…" + value[middle:])[0] <= width:
            fits = middle
        else:
            cut = middle + 1
    return "…" + value[fits:]


def is_select_all(event: pygame.event.Event) -> bool:
    """Whether key ``event`` is Ctrl+A (Cmd+A on a Mac): the whole text chosen, as in any field."""
    return event.key == pygame.K_a and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


class TextField:
    def __init__(self, placeholder: str = "", label: str = "", shorter: tuple[str, ...] = ()) -> None:
        """``placeholder``: what the empty field takes, said whole where it fits, else the first
        of its ``shorter`` forms (longest first) that does (``tx.first_fitting``)."""
        self.text = ""
        self.focus = False
        self.placeholder = placeholder
        self.shorter = shorter
        self.label = label  # a word before the text ("Move:"), or ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = False  # the whole text is chosen (``select_all``): typing or a paste replaces it
        self.erase_chosen = False  # chosen by Ctrl+A: Backspace or Delete erases it all

    def select_all(self) -> None:
        """Choose the whole text, shown highlighted: the next typed text or paste replaces it,
        Backspace edits it as usual (a rejected move, typed again, was added to the end of the old
        one: "c2" then "b2" read "c2b2")."""
        self.selected, self.erase_chosen = bool(self.text), False

    def _erase(self, backspace: bool) -> None:
        """Backspace or Delete: the whole text when Ctrl+A chose it, else Backspace its last
        character (the text chosen after a rejected move is edited as usual) and Delete nothing
        (the caret stands at the end)."""
        everything = self.erase_chosen and self.selected
        self.text = "" if everything else self.text[:-1] if backspace else self.text
        self.selected = self.erase_chosen = False

    def _put(self, value: str) -> None:
        """Typed or pasted ``value``: in place of the chosen text, else at the end."""
        self.text = value if self.selected else self.text + value
        self.selected = self.erase_chosen = False

    def handle(self, event: pygame.event.Event) -> str | None:
        """Take ``event`` if the field has the focus: "submit" (Enter), "cancel" (Esc), "edit" (any
        other key or typed text); None when it does not have the focus or the event is not a key
        (or is Tab, which moves on to the screen's next control)."""
        if not self.focus:
            return None
        if event.type == pygame.TEXTINPUT:
            self._put(event.text)
            return "edit"
        if event.type != pygame.KEYDOWN or event.key == pygame.K_TAB:  # Tab: the screen's next control
            return None
        if is_select_all(event):  # a rejected path retyped was added to the end of the old one
            self.select_all()
            self.erase_chosen = self.selected
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._erase(event.key == pygame.K_BACKSPACE)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "submit"
        elif event.key == pygame.K_ESCAPE:
            return "cancel"
        elif clipboard.is_paste(event):
            self._put(one_line(clipboard.get_text()))
        return "edit"

    def redraw_interval(self) -> float | None:
        """The caret blinks while the field has the focus (``caret_interval``)."""
        return caret_interval() if self.focus else None

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float) -> None:
        """The field in its ``rect``: the label, the text (its end, when it is too long) or the
        placeholder (a shorter form where it does not fit), and the blinking caret while it has the focus."""
        s, rect = scale, self.rect
        border = theme.accent if self.focus else mix(theme.panel, theme.text, 0.2)
        card(surface, rect, mix(theme.panel, theme.text, 0.04), int(8 * s), border, max(1, int(2 * s)))
        size = int(16 * s)
        x = rect.x + int(12 * s)
        if self.label:
            x = tx.text(surface, self.label, (x, rect.centery), size, theme.muted, "midleft").right + int(8 * s)
        room = rect.right - int(12 * s) - x
        if self.text:
            value = fit_tail(self.text, size, room)
            if self.selected:  # the chosen text, highlighted as a selection is
                chosen = pygame.Rect((x, 0), tx.ui_font(size).size(value)).inflate(int(4 * s), int(6 * s))
                chosen.centery = rect.centery
                pygame.draw.rect(surface, mix(theme.panel, theme.accent, 0.45), chosen, border_radius=int(3 * s))
            shown = tx.text(surface, value, (x, rect.centery), size, theme.text, "midleft")
        else:
            placeholder = tx.first_fitting((self.placeholder, *self.shorter), size, room)
            tx.text(surface, placeholder, (x, rect.centery), size, theme.muted, "midleft")
        if self.focus and caret_on():
            caret = shown.right + 2 if self.text else x
            pygame.draw.line(surface, theme.text, (caret, rect.y + int(10 * s)), (caret, rect.bottom - int(10 * s)), 2)
