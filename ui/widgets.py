"""Small drawing pieces shared by the shell's own screens: buttons with hover states, steppers
(a value each way), the keyboard's focus among them, cards, scrolling, the thinking spinner and
the messages in their lane.

pygame-menu builds the menus; the game screen needs buttons that live beside a board and redraw
every frame, so they are drawn here with the same colours and font.
"""

from __future__ import annotations

import copy
import math
import time
from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from ui import text as tx
from ui.i18n import N_, Phrase, _, language, said_again
from ui.theme import Color, Theme, ink_on, readable, standing_out

# Keys whose caps carry no word (the arrows, the space bar) are named in the window's language;
# a key whose cap prints its name (Home, End, Esc, Enter, Del, F1, Ctrl+S) is written as printed,
# as the keys page writes it: a Portuguese "Fim" beside a button named no key of the keyboard.
SPOKEN_KEYS = (N_("Left"), N_("Right"), N_("Space"))
BUTTON_PADDING = 10
"""The room (unscaled) a button keeps between its text and each side: with 5 its key hint touched
the border ("Árvore de pesquisa  T" in Portuguese at 1280x800)."""
KEY_HINT_CONTRAST = 6.0
"""How far the key beside a button's label stands from its fill at the least (it is faded toward
the fill as far as this): its thin small letters, smoothed, are drawn fainter than their colour
(4.2:1 for 4.6:1), and read at 4.5:1 from 6:1 on."""


def mix(a: Color, b: Color, t: float) -> Color:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def lightness(colour: Color) -> float:
    """How light ``colour`` looks, 0 (black) to 1 (white): the sRGB luma weights."""
    r, g, b = colour[:3]
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def legible(colour: Color, background: Color, text: Color, apart: float = 0.3) -> Color:
    """``colour`` moved toward the ``text`` colour until it stands ``apart`` from ``background`` in
    lightness (Black's winner label on a dark panel was dark grey on dark grey)."""
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        shown = mix(colour, text, t)
        if abs(lightness(shown) - lightness(background)) >= apart:
            return shown
    return text


def card(surface: pygame.Surface, rect: pygame.Rect, color: Color, radius: int = 10,
         border: Color | None = None, border_width: int = 1, shadow: bool = False) -> None:
    """A rounded rectangle, optionally with a soft drop shadow and a border."""
    if shadow:
        surface.blit(_shadow(rect.width, rect.height, radius), (rect.x - 6, rect.y - 2))
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


class KeptLayer:
    """A picture of what a function paints over a whole surface, kept for the key of what it
    paints (the window's size, the theme, the scale): painted directly the first time a key is
    seen, pictured the second and blitted from then on, so a drag of the window's edge (a new
    size at every frame) costs no picture.  One picture kept, as large as the surface."""

    def __init__(self) -> None:
        self._painted: Hashable | None = None  # the key last painted directly
        self._kept: tuple[Hashable, pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, key: Hashable, paint: Callable[[pygame.Surface], None]) -> None:
        """``paint(surface)``, or its picture for ``key`` blitted (the same pixels: it covers the
        surface, opaque)."""
        if self._kept is not None and self._kept[0] == key:
            surface.blit(self._kept[1], (0, 0))
            return
        if self._painted != key:
            self._painted = key
            paint(surface)
            return
        picture = pygame.Surface(surface.get_size())
        paint(picture)
        self._kept = (key, picture)
        surface.blit(picture, (0, 0))


@lru_cache(maxsize=64)
def _shadow(width: int, height: int, radius: int) -> pygame.Surface:
    """A ``card``'s soft drop shadow for a card ``width`` by ``height``, kept: the main menu's six
    pictures drew theirs afresh at every frame.  64 kept: a screen's few sizes of card."""
    shade = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.rect(shade, (0, 0, 0, 14), shade.get_rect().inflate(-2 * i, -2 * i), border_radius=radius + 6 - i)
    return shade


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, scale: float, radius: int) -> None:
    """The keyboard's place: a ring in the text colour round ``rect`` (a button, a game's picture,
    a link, a node of the search tree), seen on any fill; ``radius``: the corners of what it rings."""
    ring, out = max(2, int(2 * scale)), focus_ring_outset(scale)
    pygame.draw.rect(surface, theme.text, rect.inflate(2 * out, 2 * out), ring, radius + ring + 1)


def focus_ring_outset(scale: float) -> int:
    """How far ``focus_ring``'s ring reaches outside the rect it rings: what a list's first row
    leaves over it, so that its ring crosses no title above (the tournament's latest results)."""
    return max(2, int(2 * scale)) + 2


@dataclass
class Button:
    """A clickable button with a key hint ("Undo  U"); ``action`` runs on click or key."""

    label: str
    action: Callable[[], None]
    key_hint: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    # what a click on the button greyed does, when it has something to say why (Offer draw's
    # refusal); None: nothing, as before
    refused: Callable[[], None] | None = None
    active: bool = False  # a toggle that is on (legal moves shown, paused ...)
    primary: bool = False
    visible: bool = True
    hovered: bool = False
    pressed: bool = False
    focused: bool = False  # the keyboard's place (KeyFocus): a ring in the text colour round it, seen on any fill
    label_size: int = 15  # the label's usual size at scale 1: larger for a heading read as one (a chosen game)
    key_left_out: bool = False  # drawn without its key hint: its row has no room for the keys (the watch row's)
    padding: float = BUTTON_PADDING  # the room (unscaled) kept between its text and each side (``_padding``)
    shorter: tuple[str, ...] = ()  # shorter forms of the label, longest first, for a narrow button (``labels``)
    keeps_key: bool = False  # a shorter form with its key taken before the label without it (``_fit_label``)
    # the labels (each with its shorter forms) the button takes at other moments, Resign's for the
    # other friend, Pause's Resume: its grid is sized for them too (``_grid_size``)
    other_labels: tuple[tuple[str, ...], ...] = ()
    # names in its labels (a hot-seat friend's): where such a label does not fit at the usual size,
    # a shorter form is taken rather than the label set smaller, the name never cut (a 20-letter
    # name set the game panel's whole grid of buttons two points smaller: ``_fit_label``)
    names: tuple[str, ...] = ()
    grid: list[Button] = field(default_factory=list, repr=False, compare=False)  # laid out with (``layout_grid``)
    # the grid and the size ``shared_rows`` chose for its labels, kept while the button is in that grid
    grid_sized: tuple[list[Button], int] | None = field(default=None, repr=False, compare=False)
    # the English label and its shorter forms (marked N_) the label is said from (``worded``), so a
    # change of language says it again (``relabel``); () for a label set as it is
    words: tuple[str, ...] = ()

    def least_height(self, scale: float) -> int:
        """The least height of a row that holds the label at ``scale`` whole, with a little room
        above and below it: the panels' rows of buttons give way no lower (a fingertip's 40 pixels
        were lower than "Undo" at the game panel's Larger scale in a 1920x1080 window)."""
        return tx.ui_font(tx.small(self.label_size, scale), True).get_height() + int(6 * scale)

    def two_line_height(self, scale: float) -> int:
        """The least height of a button that sets its key under its label at the usual size
        (``_hint_fits_under``), its border inside."""
        hint_size = max(9, int(12 * scale))
        return (tx.line_height(tx.small(self.label_size, scale), True) + tx.line_height(hint_size)
                + 2 * max(1, int(scale)))

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        radius = max(4, int(8 * scale))
        fill, fg = self.colours(theme)
        border = theme.accent if (self.hovered and self.enabled and not self.primary) else mix(theme.panel, theme.text, 0.16)
        card(surface, self.rect, fill, radius, border, max(1, int(scale)))
        if self.focused:
            focus_ring(surface, self.rect, theme, scale, radius)
        room, most = self._label_room(scale), self._grid_size(scale)
        label, size, hint_w, whole = self._fitted(scale, room, most)
        label_w = tx.ui_font(size, True).size(label)[0]
        hint_color = readable(mix(fg, fill, 0.35), fill, KEY_HINT_CONTRAST)
        hint_size = max(9, int(12 * scale))
        if (hint_w and whole and self._hint_fits_under(size, hint_size, scale)
                and self._key_under_for_another_label(scale, room, most)):
            hint_w = 0  # under this label too, as under the other
        if not hint_w and whole and self._hint_fits_under(size, hint_size, scale):  # a label not cut at its end
            label_h = tx.line_height(size, True)
            top = self.rect.centery - (label_h + tx.line_height(hint_size)) // 2
            tx.text(surface, label, (self.rect.centerx, top + label_h // 2), size, fg, "center", bold=True)
            tx.text(surface, self.shown_hint(), (self.rect.centerx, top + label_h), hint_size, hint_color, "midtop")
            return
        x = self.rect.centerx - (label_w + hint_w) // 2
        tx.text(surface, label, (x, self.rect.centery), size, fg, "midleft", bold=True)
        if hint_w:
            tx.text(surface, self.shown_hint(), (x + label_w + int(8 * scale), self.rect.centery + 1),
                    hint_size, hint_color, "midleft")

    def _key_under_for_another_label(self, scale: float, room: int, most: int | None) -> bool:
        """Whether one of the button's ``other_labels`` has no room for its key beside it in
        ``room``: the key then goes under every label, so that it stays put as the label changes.
        A watched game's "Pause  Space" had its key beside it, "Resume" under it: pausing moved
        the key under the pointer (qa91)."""
        return any(not self._fit(labels, scale, room, most).hint for labels in self.other_labels)

    def _hint_fits_under(self, size: int, hint_size: int, scale: float, box: tuple[int, int] | None = None) -> bool:
        """Whether the key hint, with no room beside the label (set at ``size``), fits under it:
        the button (or one ``box`` wide and high) as tall as the two lines inside its border.  At
        800x560 the game panel's "Desistir por Azul" (and "Resign for Blue") dropped its Ctrl+R,
        so that the key was nowhere on the button."""
        hint = self.shown_hint()
        if not hint:
            return False
        width, height = self.rect.size if box is None else box
        inside = height - 2 * max(1, int(scale))
        return (tx.line_height(size, True) + tx.line_height(hint_size) <= inside
                and text_width(hint, hint_size) <= self._label_room(scale, width))

    def _label_room(self, scale: float, width: int | None = None) -> int:
        """The width the label and its key may take: the button's (or ``width``), less its padding
        and side room, rounded as ``least_width`` and ``wanted_width`` add them: a button as wide as
        they say sets its label at the usual size ("Passo" was set a point smaller in a watch row
        given its ``least_width`` at Larger text in 1280x800, the padding 27.6 pixels taken off, 27 added)."""
        width = self.rect.width if width is None else width
        return width - self._padding(scale)

    def fits_at(self, scale: float, width: int) -> bool:
        """Whether a button ``width`` wide sets its label, or a shorter form of it, whole at the
        usual size or a point under it."""
        fitted = self._fitted(scale, self._label_room(scale, width))
        return fitted.whole and fitted.size >= tx.small(self.label_size, scale) - 1

    def _fitted(self, scale: float, room: int, most: int | None = None) -> Fitted:
        """The label drawn, its size and the room its key hint takes (0: left out) in ``room``
        pixels, set at ``most`` at the largest (``_grid_size``).  A label a little too long for
        its key beside it ("Árvore de pesquisa  T" at 800x560) is set a point or two smaller
        before the key is left out, and the key before the label gives way to its short form
        (``labels``), which is taken rather than a longer form set under ``ui.text.SMALLEST``."""
        return self._fit(self.labels(), scale, room, most)

    def _fit(self, labels: tuple[str, ...], scale: float, room: int, most: int | None,
             box: tuple[int, int] | None = None) -> Fitted:
        """``_fit_label`` of ``labels``; where the label fitted has no room for its key beside it
        and the key would not fit under it either (for a button that ``keeps_key``, anywhere), a
        shorter form with its key beside it, on one line (unless the label names a player:
        "Resign for Ana (X)" keeps the name, its key under it); where none has, the key under the
        label if it fits there (in the button, or one ``box`` wide and high).  "Propor empate"
        set its Ctrl+D under it, on two lines, at 1280x704 in Portuguese at Larger text, where
        "Empate  Ctrl+D" fits one; at Larger text at 1024x768 the game panel's "Search tree" and
        "Legal moves" showed no key at all, where "Tree  T" and "Legal  L" fit."""
        usual, hint, hint_size = tx.small(self.label_size, scale), self._hint_width(scale), max(9, int(12 * scale))
        fitted = _fit_label(labels, usual, hint, room, most, names=self.names)
        if not fitted.hint and (self.keeps_key or not self._hint_fits_under(fitted.size, hint_size, scale, box)):
            keyed = _fit_label(labels, usual, hint, room, most, True, self.names)
            if (keyed.hint and not self.names) or not self._hint_fits_under(fitted.size, hint_size, scale, box):
                return keyed
        return fitted

    def shown_at(self, scale: float, width: int, height: int, most: int | None = None) -> tuple[bool, int, bool, int]:
        """How a button ``width`` by ``height`` would show, its labels set at ``most`` at the
        largest (a grid's size; None: its own): whether its key shows (beside or under the
        label), the size of its label and whether its key stands beside it, on the label's row,
        with each of its ``other_labels`` too (the worse of them), and how far down its forms
        its labels went (``_form_taken``, added up), as ``shared_rows`` weighs a grid.  A button
        that ``names`` a friend sets its key under its label by choice (``_fit``): counted as
        beside it, so that the grid is not set smaller to bring it there ("Resign for Blue  Ctrl+R"
        set every label of Hex's panel two points smaller for a long name at 800x600)."""
        room, hint_size, box = self._label_room(scale, width), max(9, int(12 * scale)), (width, height)
        every = (self.labels(), *self.other_labels)
        fits = [self._fit(labels, scale, room, most, box) for labels in every]
        keys = all(f.hint or (f.whole and self._hint_fits_under(f.size, hint_size, scale, box)) for f in fits)
        forms = sum(_form_taken(labels, f) for labels, f in zip(every, fits, strict=True))
        beside = all(f.hint for f in fits) or (bool(self.names) and keys)
        return keys, min(f.size for f in fits), beside, forms

    def _grid_size(self, scale: float) -> int | None:
        """The one size of the labels of the grid the button is laid in (``layout_grid``): the
        smallest that any of them needs, so that a long label set smaller stands among its
        neighbours at their size ("Copiar em GGF  Shift+G" in the replay's actions was set
        smaller than the labels beside it), or the smaller one the grid's layout chose so that its
        keys stand beside their labels (``shared_rows``).  None outside a grid."""
        shown = [b for b in self.grid if b.visible and b.rect.width > 0]
        if len(shown) < 2:
            return None
        least = min(b._least_size(scale) for b in shown)
        chosen = self.grid_sized[1] if self.grid_sized is not None and self.grid_sized[0] is self.grid else least
        return min(least, chosen)

    def _least_size(self, scale: float) -> int:
        """The size the label needs in the button, the smallest of those its ``other_labels``
        need too: a grid sized for the label shown alone changed the size of all its labels
        with it (the game panel's shrank on the turn of a friend with a long name, whose
        "Resign for Joo Pedro (Dark)" needed two points less than "Resign for Light")."""
        room = self._label_room(scale)
        return min(self._fit(labels, scale, room, None).size for labels in (self.labels(), *self.other_labels))

    def colours(self, theme: Theme) -> tuple[Color, Color]:
        """The fill and the ink the button is drawn in now: dimmed when disabled, the accent when
        primary or on, lighter under the pointer, darker while pressed."""
        if not self.enabled:
            return mix(theme.panel, theme.background, 0.5), mix(theme.muted, theme.panel, 0.4)
        if self.primary or self.active:
            fill = mix(theme.accent, (255, 255, 255), 0.15) if self.hovered else theme.accent
            fg = ink_on(fill)
            fill = readable(fill, fg)  # the light theme's paler blue under the pointer stood 4.4:1 from white
        else:
            fill, fg = mix(theme.panel, theme.text, 0.10 if self.hovered else 0.05), theme.text
        if self.pressed and self.hovered:
            fill = mix(fill, theme.background, 0.25)
        return fill, fg

    def side_room(self, scale: float) -> int:
        """The room kept free at each end of the button, beside its label (a stepper's arrows)."""
        return 0

    def labels(self) -> tuple[str, ...]:
        """The label, then shorter forms of it (``shorter``), the first that fits drawn."""
        return (self.label, *self.shorter)

    def reading(self, labels: tuple[str, ...]) -> Button:
        """A copy of the button whose ``labels`` are ``labels`` (one of its ``other_labels``):
        what it would measure at that moment, weighed before that moment comes."""
        copied = copy.copy(self)
        copied.label, copied.shorter = labels[0], tuple(labels[1:])
        return copied

    def label_forms(self) -> list[Button]:
        """The button as it reads at each moment (``reading`` each of its ``other_labels``), or
        as it reads now where it has none: Pause's as Pause and as Resume, Speed's at each speed."""
        return [self.reading(labels) for labels in self.other_labels] or [self]

    def _hint_width(self, scale: float) -> int:
        """The room the key hint takes beside the label, its gap included (0 with no hint)."""
        hint = self.shown_hint()
        return text_width(hint, max(9, int(12 * scale))) + int(8 * scale) if hint else 0

    def wanted_width(self, scale: float, label: str | None = None) -> int:
        """The width the label (or ``label``) and its key take at the usual size, with the padding
        ``draw`` keeps: a row that gives each button at least this shows every key (``share_row``)."""
        said = self.label if label is None else label
        return tx.ui_font(tx.small(self.label_size, scale), True).size(said)[0] + self._hint_width(scale) + self._padding(scale)

    def steady_width(self, scale: float) -> int:
        """``wanted_width`` of the widest of its label and its ``other_labels``, a long name in
        them as short as ``_shortest_named`` asks: a row shared by what its buttons want
        (``shared_rows``) stays as it is from one friend's turn to the other's ("Resign for Ana"
        to "Resign for João Pedro") and when Pause turns to Resume, and a friend's long name does
        not take the room of the button beside."""
        return max(self.wanted_width(scale, _shortest_named(labels[0], self.names))
                   for labels in ((self.label,), *self.other_labels))

    def least_width(self, scale: float, height: int, with_key: bool = True, padding: float | None = None) -> int:
        """The least width that sets the shortest of its labels at the usual size with its key
        (unless not ``with_key``: the label alone, as ``draw`` sets it where its key has no room):
        under the label where a button ``height`` high holds both lines, beside it otherwise;
        with its ``padding``, or that one (``_padding``)."""
        size, hint_size = tx.small(self.label_size, scale), max(9, int(12 * scale))
        width = min(tx.ui_font(size, True).size(label)[0] for label in self.labels())
        hint = self.shown_hint() if with_key else ""
        if hint and tx.line_height(size, True) + tx.line_height(hint_size) <= height - 2 * max(1, int(scale)):
            width = max(width, tx.ui_font(hint_size).size(hint)[0])
        elif hint:
            width += self._hint_width(scale)
        return width + self._padding(scale, padding)

    def width_at(self, scale: float, size: int) -> int:
        """The least width that sets the shortest of its labels at ``size``, its key beside it,
        the widest of its ``label_forms`` (a long name cut as ``steady_width`` cuts it): a grid
        whose rows do not hold their labels and keys at the usual size shares a row by it
        (``shared_rows``), so each button has its key beside a label a point or two smaller
        rather than under it, or every label of the grid smaller still for one."""
        label = max(min(text_width(_shortest_named(said, form.names), size, True) for said in form.labels())
                    for form in self.label_forms())
        return label + self._hint_width(scale) + self._padding(scale)

    def _padding(self, scale: float, each: float | None = None) -> int:
        """The room both ends of the button keep free of its text, its side room included: its
        ``padding`` (or ``each``) at each end."""
        return int(2 * (self.padding if each is None else each) * scale) + 2 * self.side_room(scale)

    def steady_least_width(self, scale: float, height: int, with_key: bool = True, padding: float | None = None) -> int:
        """``least_width`` of the widest of the button's ``label_forms``: a row shared by it stays
        as it is when the label changes (Speed stepped from "Normal" to "Fast" moved Undo beside it)."""
        return max(form.least_width(scale, height, with_key, padding) for form in self.label_forms())

    def shown_hint(self) -> str:
        """The key hint as drawn beside the label: in the window's language for the keys of
        ``SPOKEN_KEYS``, as printed on the key otherwise; "" when the label already names the key
        ("End  End")."""
        if self.key_left_out:
            return ""
        key = _(self.key_hint) if self.key_hint in SPOKEN_KEYS else self.key_hint
        return "" if key.casefold() == self.label.casefold() else key

    def leave(self) -> None:
        """Forget the pointer: the button went out of sight under it (a card closed by its own
        click) and is no longer told where the pointer is, so it is drawn neither hovered nor
        pressed when it shows again, until the pointer moves over it."""
        self.hovered = self.pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Update hover/press from a mouse event; True if the event was a click on this button."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if getattr(event, "touch", False):  # a finger lifted hovers over nothing: the button was
                self.hovered = False  # drawn lit under it until the next touch, as if pressed still
            if self.rect.collidepoint(event.pos) and self.enabled and was:
                self.click_at(event.pos)
                return True
            if self.rect.collidepoint(event.pos) and was and self.refused is not None:
                self.refused()  # greyed: it says why rather than nothing
                return True
        return False

    def lit(self) -> Hashable:
        """How the pointer lights the button: hovered, and held down."""
        return self.hovered, self.pressed

    def click_at(self, pos: tuple[int, int]) -> None:
        """What a click at ``pos``, on the button, does: its action, wherever it is."""
        self.action()

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)


@lru_cache(maxsize=1024)
def text_width(said: str, size: int, bold: bool = False) -> int:
    """The width in pixels of ``said`` at ``size``, kept: a grid's layout (``shared_rows``) weighs
    its buttons' labels and keys hundreds of times."""
    return tx.ui_font(size, bold).size(said)[0]


class Fitted(NamedTuple):
    """A button's label as drawn (``Button._fitted``): its text, its size, the room its key takes
    beside it (0: not beside it), and whether it is one of its labels whole, rather than the last
    cut at its end where nothing fitted."""

    label: str
    size: int
    hint: int
    whole: bool = True


def _form_taken(labels: tuple[str, ...], fitted: Fitted) -> int:
    """Which of ``labels`` (0: the label itself, then its shorter forms) ``fitted`` set, the last
    but one for a label cut at its end."""
    if not fitted.whole:
        return len(labels)
    return labels.index(fitted.label) if fitted.label in labels else 0


@lru_cache(maxsize=512)
def _fit_label(labels: tuple[str, ...], usual: int, hint_w: int, room: int, most: int | None,
               keeps_key: bool = False, names: tuple[str, ...] = ()) -> Fitted:
    """``Button._fitted`` worked out, kept: a grid's buttons each ask every label of the grid
    its size at each drawing (``Button._grid_size``).  Each label is tried with its key, then
    without, before the next; ``keeps_key`` tries every label with its key first (a button whose
    key is a chord no one guesses: the game panel's Offer draw, Ctrl+D).  A button with ``names``
    tries each label whole at the usual size first: "Resign for Ana" with its key, not "Resign for
    Ana (Black)" a point smaller, and every label of the grid with it; a name is never cut short
    ("Resign for Maria … (X)" in tic-tac-toe at 800x600, where Reversi's fell back to "Resign for
    Black"): a shorter form says the whole of what it says in every game."""
    top = usual if most is None else min(usual, most)
    tries = [(label, beside) for label in labels for beside in (hint_w, 0)]
    if keeps_key:
        tries.sort(key=lambda tried: tried[1] == 0)  # stable: the labels in their order, keys first
    for label, beside in tries if names else ():
        if text_width(label, top, True) + beside <= room:
            return Fitted(label, top, beside)
    for label, beside in tries:
        smallest = usual - 2 if label == labels[-1] else max(usual - 2, tx.SMALLEST)
        # the key beside a label set under SMALLEST took the grid's labels down with it (Hex's
        # "Resign for Blue  Ctrl+R" at 8 pixels, at 800x560): without it, the key goes under
        # the label where the button has room (``Button._hint_fits_under``)
        lowest = max(smallest, min(top, tx.SMALLEST)) if beside else smallest
        for size in range(top, min(lowest, top) - 1, -1):  # at ``most`` when a neighbour needs it
            if tx.ui_font(size, True).size(label)[0] + beside <= room:
                return Fitted(label, size, beside)
    # a button narrow for its scale (the Text size setting's Larger, "Árvore de pesquisa" in a
    # 1024x768 window) ran its label out over its edges: smaller, down to SMALLEST, then cut short
    size = tx.fitting_size(labels[-1], top, room, bold=True, smallest=min(top, tx.SMALLEST))
    cut = tx.fit(labels[-1], size, room, bold=True)
    return Fitted(cut, size, 0, cut == labels[-1])


def _shortest_named(label: str, names: tuple[str, ...]) -> str:
    """``label`` with the one of ``names`` in it as short as a name cut readable (``tx.NAME_KEPT``):
    the most room a label naming a friend asks of its row, so a long name does not take the room
    of the button beside; where the whole label has no room, a shorter form is drawn (``_fit_label``)."""
    name = next((name for name in names if name and name in label and tx.readable_length(name) < len(name)), None)
    return label if name is None else label.replace(name, name[:tx.NAME_KEPT] + "…", 1)


def worded(words: str, action: Callable[[], None], key_hint: str = "", shorter: tuple[str, ...] = (),
           **kwargs: Any) -> Button:
    """A ``Button`` labelled ``words`` (English, marked N_), and ``shorter`` forms, in the
    window's language, keeping them so that ``relabel`` says them in another."""
    button = Button("", action, key_hint, words=(words, *shorter), **kwargs)
    relabel([button])
    return button


def relabel(buttons: list[Button]) -> None:
    """Each of ``buttons`` made by ``worded`` labelled in the window's language now: a screen that
    lives through a change of language kept the labels it was made with."""
    for button in buttons:
        if button.words:
            button.label, *shorter = (_(words) for words in button.words)
            button.shorter = tuple(shorter)


def lighting(buttons: list[Button]) -> tuple[Hashable, ...]:
    """How the pointer lights each of ``buttons`` (``Button.lit``): what a motion of the pointer
    changes in them (``Scene.pointer_key``)."""
    return tuple(button.lit() for button in buttons)


def relit_areas(buttons: list[Button], before: tuple[Hashable, ...], after: tuple[Hashable, ...]) -> list[pygame.Rect] | None:
    """The rectangles of those of ``buttons`` whose lighting (``lighting``) went from ``before``
    to ``after``: all a motion that changed only them draws (a button draws inside its
    rectangle; its keyboard ring, outside, a motion does not change).  None (the whole screen)
    where the lighting is not of these buttons (another count: the buttons built again)."""
    if not len(before) == len(after) == len(buttons):
        return None
    return [button.rect.copy() for button, was, now in zip(buttons, before, after) if was != now]


STEPPED_ENDS = (N_("{choice} already, the smallest"), N_("{choice} already, the largest"))  # back at the first, on at the last


def stepped_within(index: int, step: int, count: int, choice: str) -> tuple[int, str]:
    """The index one on (``step`` 1) or back (-1) of ``index`` among ``count`` values in order (a
    number's range, a size, a time), with "" to say; at either end it stays, with what to say of
    it ("Games per pair: 50 + 50 already, the largest", ``choice`` the stepper's label as it
    reads).  Such steppers went round: one more from 50 games a pair gave 1, one more from 5 s a
    move gave 0.1 s.  A cycle of names (a game, a language, a colour) still goes round."""
    wanted = index + step
    if 0 <= wanted < count:
        return wanted, ""
    return index, _(STEPPED_ENDS[1 if step > 0 else 0]).format(choice=choice)


class Stepper(Button):
    """A choice among values in order, shown as a button that reads "Board size: 11" between an
    arrow at each end, and goes both ways as the forms' selectors (pygame-menu's, drawn with the
    same arrows) do: a click on its left half steps back, on its right half forward; the wheel
    over it steps (up: forward), and so do Left and Right while the keyboard is on it
    (``KeyFocus.step``); Space or Enter steps forward.  ``step(-1)`` or ``step(1)`` makes the
    step: each screen keeps its values and says what going round past an end does.  A button
    that only went forward took 13 clicks to get from a Hex board of 11 back to 7."""

    def __init__(self, step: Callable[[int], None], label: str = "", key_hint: str = "", **kwargs: Any) -> None:
        super().__init__(label, lambda: step(1), key_hint, **kwargs)
        self.step = step
        self.short = ""  # the value alone ("Normal" for "Speed: Normal"), drawn when the label does not fit
        self.pointer_x: int | None = None  # where the pointer is over it: the arrow on that side lights up

    def side_room(self, scale: float) -> int:
        return _arrow_size(scale) + int(10 * scale)

    def labels(self) -> tuple[str, ...]:
        return (self.label, self.short) if self.short else (self.label,)

    def reading(self, labels: tuple[str, ...]) -> Button:
        """``Button.reading``: its second label is the value alone (``short``)."""
        copied = copy.copy(self)
        copied.label, copied.short = labels[0], labels[1] if len(labels) > 1 else ""
        return copied

    def half_at(self, x: int) -> int:
        """The step a click at ``x`` makes: -1 on the left half (back), 1 on the right."""
        return -1 if x < self.rect.centerx else 1

    def click_at(self, pos: tuple[int, int]) -> None:
        self.step(self.half_at(pos[0]))

    def lit(self) -> Hashable:
        """``Button.lit``, and the arrow the pointer lights (the half it is over)."""
        return super().lit(), None if self.pointer_x is None else self.half_at(self.pointer_x)

    def handle(self, event: pygame.event.Event) -> bool:
        """``Button.handle``, and the wheel over it steps it (True: taken)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer_x = event.pos[0] if self.rect.collidepoint(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "touch", False):
            self.pointer_x = None  # a finger lifted points at neither arrow (``Button.handle``'s hover too)
        if (event.type == pygame.MOUSEWHEEL and event.y and self.visible and self.enabled
                and self.pointer_x is not None):
            self.step(1 if event.y > 0 else -1)
            return True
        return super().handle(event)

    def key(self, key: int) -> bool:
        """Left steps back, Right forward; False for any other key (not taken)."""
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key)
        if steps is None or not self.enabled:
            return False
        self.step(steps)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float) -> None:
        """The button, and an arrow at each end; the one on the pointer's side in the accent."""
        super().draw(surface, theme, scale)
        if not self.visible or self.rect.width <= 0:
            return
        fill, fg = self.colours(theme)
        size, inset = _arrow_size(scale), int(6 * scale)
        for pointing, centre_x in ((-1, self.rect.x + inset + size // 2), (1, self.rect.right - inset - size // 2)):
            lit = pointing == self.lit_arrow()
            colour = legible(theme.accent, fill, fg) if lit else mix(fg, fill, 0.25)
            pygame.draw.polygon(surface, colour, arrow_points((centre_x, self.rect.centery), size, pointing))


    def lit_arrow(self) -> int | None:
        """The arrow drawn in the accent: the one on the pointer's side (-1 left, 1 right), None
        with the pointer off the stepper, a finger lifted from it, or the stepper disabled."""
        if not self.enabled or self.pointer_x is None:
            return None
        return self.half_at(self.pointer_x)


def _arrow_size(scale: float) -> int:
    return max(8, int(13 * scale))


def arrow_points(centre: tuple[int, int], size: int, pointing: int) -> list[tuple[int, int]]:
    """A block arrow ``size`` wide and high about ``centre``, pointing left (-1) or right (1): a
    head and a shaft, the shape pygame-menu's selectors draw either side of their value."""
    x, y = centre
    half, shaft = size // 2, max(1, size // 7)
    outline = [(-half, 0), (0, -half), (0, -shaft), (half, -shaft), (half, shaft), (0, shaft), (0, half)]
    return [(x - pointing * dx, y + dy) for dx, dy in outline]


def keys_held(keys: Iterable[int]) -> set[int]:
    """Those of ``keys`` held down now, by the keyboard's own state (events posted by a program,
    as the tests do, leave it alone); none before the window opens."""
    try:
        pressed = pygame.key.get_pressed()
    except pygame.error:  # no window yet
        return set()
    return {key for key in keys if pressed[key]}


class KeyFocus:
    """Where the keyboard is among a screen's controls (its "stops": buttons, a text field), in
    the order the screen gives: Tab and Shift+Tab move it round them, skipping the hidden and the
    disabled; the screen presses the button there with Space.  Kept as a place in that order, so
    a screen that builds its buttons again (another game chosen) keeps it.  A screen of buttons
    alone could be used only with the mouse."""

    def __init__(self) -> None:
        self.index: int | None = None

    def move(self, stops: list[Any], step: int, scrolled: list[Any] = ()) -> Any:
        """Move to the next usable stop (``step`` 1) or the one before (-1), round; the stop now
        there.  ``scrolled``: stops hidden only because their list is scrolled away from them,
        usable all the same (the screen then scrolls to the one the keyboard is on)."""
        count = len(stops)
        start = self.index if self.index is not None and self.index < count else (-1 if step > 0 else count)
        away = {id(stop) for stop in scrolled}
        for k in range(1, count + 1):
            i = (start + step * k) % count
            if _usable(stops[i], away):
                self.index = i
                return stops[i]
        self.index = None
        return None

    def current(self, stops: list[Any]) -> Any:
        """The stop the keyboard is on, None when none is (or it is hidden or disabled now)."""
        if self.index is None or self.index >= len(stops) or not _usable(stops[self.index]):
            return None
        return stops[self.index]

    def follow(self, previous: Any, stops: list[Any]) -> None:
        """After the screen built its controls again, the keyboard stays on ``previous`` (the stop
        it was on: the same text field, or the button built again with the same label) rather
        than on whatever now stands at its place in the order: a participant found in the
        background and listed before the field being typed in took the keyboard from it."""
        if previous is None:
            return
        same = [i for i, stop in enumerate(stops) if stop is previous]
        label = getattr(previous, "label", "")
        if not same and label:
            same = [i for i, stop in enumerate(stops) if getattr(stop, "label", None) == label]
        if len(same) == 1:
            self.index = same[0]

    def step(self, stops: list[Any], key: int) -> bool:
        """Left or Right on the stepper the keyboard is on: a step back or forward
        (``Stepper.key``); False when it is on no stepper or the key is another."""
        here = self.current(stops)
        return isinstance(here, Stepper) and here.key(key)

    def buttons_key(self, buttons: list[Button], key: int, mod: int = 0) -> bool:
        """Tab and Shift+Tab round ``buttons`` (a screen or a card whose stops are buttons alone),
        Enter or Space pressing the one ringed; whether the key was taken (Enter and Space are
        not while no button is ringed: the screen's own, then).  The game-over card and the
        replay had none: Tab did nothing there, and no ring showed where the keyboard was."""
        here = self.current(buttons)
        if key == pygame.K_TAB:
            self.move(buttons, -1 if mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and here is not None:
            here.action()
        else:
            return False
        self.mark(buttons, buttons)
        return True

    def ring_key(self, buttons: list[Button], key: int, mod: int = 0, ringing: bool = True) -> bool:
        """A screen whose other keys go on as before beside a ring round its ``buttons``: Tab and
        Shift+Tab ring them, Enter or Space pressing the one ringed (``buttons_key``, while
        ``ringing``); any other key takes the ring away and goes on (an arrow does what it always
        does), Esc only that.  Whether the key was taken."""
        if ringing and self.buttons_key(buttons, key, mod):
            return True
        ringed = self.current(buttons) is not None
        self.drop(buttons)
        return ringed and key == pygame.K_ESCAPE

    def drop(self, buttons: list[Button]) -> None:
        """No button ringed (a card closed, a new game): the next Tab starts from the first."""
        self.index = None
        self.mark(buttons, buttons)

    def mark(self, buttons: list[Any], stops: list[Any]) -> None:
        """Set ``focused`` on the button the keyboard is on and off on the others, for drawing;
        ``buttons`` may hold other stops (a text field, a list: ``ListStop``), passed by, so that
        ``buttons_key`` and ``ring_key`` go round a screen's ring of buttons and lists alike."""
        here = self.current(stops)
        for button in buttons:
            if isinstance(button, Button):
                button.focused = button is here


@dataclass
class ListStop:
    """A list of rows as one of a screen's stops for ``KeyFocus``: Tab and Shift+Tab reach it as
    they reach a button, and while the keyboard is there the screen gives the list's keys (Up,
    Down, Enter) to its rows.  ``rect``: the list as last drawn; an empty list (``enabled``
    False) is passed by."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True


def _usable(stop: Any, scrolled_away: set[int] = frozenset()) -> bool:
    shown = getattr(stop, "visible", True) or id(stop) in scrolled_away
    return shown and getattr(stop, "enabled", True) and stop.rect.width > 0


def share_row(buttons: list[Button], width: int, scale: float, wanted: list[int] | None = None) -> list[int]:
    """The widths of ``buttons`` side by side in ``width`` (gaps taken off already): each gets
    what its label and key want (``wanted``: each one's own measure, ``steady_width`` by default,
    that of the longest of its labels, so that the row stays put when Pause turns to Resume: it
    moved a watched game's Step and Speed under the pointer) and an equal share of what is left,
    or, when they do not all fit, a share in proportion to what it wants.  Equal fixed shares
    dropped the key of a long label ("Início habitual  Ctrl+U") while a short one beside it had
    room to spare."""
    wanted = [button.steady_width(scale) for button in buttons] if wanted is None else wanted
    spare = width - sum(wanted)
    widths = [w + spare // len(buttons) for w in wanted] if spare >= 0 else [w * width // sum(wanted) for w in wanted]
    widths[0] += width - sum(widths)  # the rounding's pixels, so that the row ends where it should
    return widths


class GridShown(NamedTuple):
    """How a grid of buttons shows (``_grid_shown``): how many of their keys show, beside or
    under their labels, the one size of its labels, how many keys stand beside them, and how far
    down their shorter forms its labels went, added up (``Button.shown_at``: 0, every one whole)."""

    keys: int
    size: int
    beside: int
    forms: int = 0


Seen = dict[tuple[int, int, int | None], tuple[bool, int, bool, int]]
"""What ``shared_rows`` has weighed of its buttons (``Button.shown_at``), by button, width and size:
its layouts share most of their rows, and weighing each again made it 20 times slower."""


def _shown_at(button: Button, width: int, height: int, scale: float, most: int | None,
              seen: Seen) -> tuple[bool, int, bool, int]:
    """``button.shown_at``, kept in ``seen`` (one grid's weighing: same height and scale)."""
    key = (id(button), width, most)
    if key not in seen:
        seen[key] = button.shown_at(scale, width, height, most)
    return seen[key]


def _grid_shown(rows: list[list[Button]], widths: list[list[int]], height: int, scale: float,
                size: int | None = None, seen: Seen | None = None) -> GridShown:
    """How a grid's ``rows`` of buttons show in ``widths`` (``Button.shown_at``) with their labels
    at ``size``, or at the least any of them needs (``Button._least_size``, as
    ``Button._grid_size`` sets them where no layout chose a size)."""
    seen = {} if seen is None else seen
    placed = [(button, w) for row, each in zip(rows, widths, strict=True) for button, w in zip(row, each, strict=True)]
    if size is None:
        size = min(_shown_at(button, w, height, scale, None, seen)[1] for button, w in placed)
    shown = [_shown_at(button, w, height, scale, size, seen) for button, w in placed]
    return GridShown(sum(each[0] for each in shown), size, sum(each[2] for each in shown), sum(each[3] for each in shown))


def _rank(shown: GridShown) -> tuple[int, int, int]:
    """What ``shared_rows`` weighs a grid by, above its ``floor``: its keys shown, then those
    beside their labels (a key under its label read as a label broken over two rows: "Novo jogo"
    over "N"), then the size of its labels."""
    return shown.keys, shown.beside, shown.size


def _best_size(rows: list[list[Button]], widths: list[list[int]], height: int, scale: float,
               floor: int, seen: Seen) -> GridShown | None:
    """How the grid shows best (``_rank``) in ``widths`` at a size from the least its labels need
    down to ``floor``; None where they need less than ``floor``."""
    own = _grid_shown(rows, widths, height, scale, seen=seen).size
    if own < floor:
        return None
    grids = [_grid_shown(rows, widths, height, scale, size, seen) for size in range(own, floor - 1, -1)]
    return _best_shown(grids, min(tx.small(button.label_size, scale) for row in rows for button in row))


def _best_shown(grids: list[GridShown], usual: int) -> GridShown:
    """The first of the best (``_rank``) of ``grids``; where that sets the labels under their
    ``usual`` size already, one of those that show as many keys as well, at most ``FORM_WORTH``
    points smaller, whose labels go less far down their shorter forms (``GridShown.forms``), the
    largest of them (a grid at its usual size keeps it: a point under it is seen beside the
    other screens' labels; under it, hardly).  At Larger text in a 1024x768 window the game
    panel read "Rematch  R" at 17 pixels where "Flip sides  R" fit at 16, and the Portuguese
    "Desforra  R" at 1280x800, where "Trocar de lados  R" said that the sides change."""
    best = max(grids, key=_rank)
    if best.size >= usual:
        return best
    near = [g for g in grids if (g.keys, g.beside) >= (best.keys, best.beside) and g.size >= best.size - FORM_WORTH]
    return min(near, key=lambda g: (g.forms, -g.size))


FORM_WORTH = 1
"""The points a grid's labels may be set smaller for a button to say what it does in a longer form
of its label ("Flip sides" rather than "Rematch"): a point is hardly seen, a word is read."""

KEY_WORTH = 2
"""The points a grid's labels may be set smaller for a key shown beside its label rather than
under it or not at all, as a button sets its own label a point or two smaller before it leaves
its key out (``_fit_label``)."""


SMALLER_TRIED = 6
"""How many points under its usual size ``shared_rows`` weighs a row shared by what its labels
take there with their keys beside them (``Button.width_at``)."""


def _row_measures(height: int) -> list[Callable[[Button, float], int]]:
    """The measures a grid's row may be shared by (``shared_rows``): what each button wants
    (``Button.steady_width``), the least it needs with its key (``Button.steady_least_width``),
    and what it takes with its key beside a label up to ``SMALLER_TRIED`` points smaller
    (``Button.width_at``).  At Larger text in Portuguese in a 1024x768 window the rows shared
    by the first two alone set "Novo jogo" with its N under it, every label of the grid at 13
    pixels, and "Trocar de lados" with its R under it, the grid at 14, where a row shared by
    their labels at 14 and 15 holds every key beside its label."""
    def at_size(drop: int) -> Callable[[Button, float], int]:
        return lambda button, scale: button.width_at(scale, max(tx.SMALLEST, tx.small(button.label_size, scale) - drop))

    return [Button.steady_width, lambda button, scale: button.steady_least_width(scale, height),
            *(at_size(drop) for drop in range(1, SMALLER_TRIED + 1))]


SHARED_KEPT = 64
"""The layouts ``shared_rows`` keeps (``_SHARED``): the game panel lays its buttons out at every
drawing, and weighing its rows each time took a millisecond or two a frame."""
_SHARED: dict[Hashable, tuple[list[list[int]], int]] = {}


def _labelling(button: Button, scale: float) -> Hashable:
    """What of ``button`` sets how its label fits a width (``Button._fit``, ``steady_width``)."""
    return (type(button), button.labels(), button.other_labels, button.names, button.shown_hint(), button.label_size,
            button.keeps_key, button._padding(scale))


def shared_rows(rows: list[list[Button]], room: int, height: int, scale: float) -> tuple[list[list[int]], int]:
    """``_shared_rows``, kept for the buttons' labels, ``room``, ``height`` and ``scale``."""
    key = (tuple(tuple(_labelling(button, scale) for button in row) for row in rows), room, height, scale)
    if key not in _SHARED:
        if len(_SHARED) >= SHARED_KEPT:
            _SHARED.clear()
        _SHARED[key] = _shared_rows(rows, room, height, scale)
    widths, size = _SHARED[key]
    return [list(each) for each in widths], size


def _shared_rows(rows: list[list[Button]], room: int, height: int, scale: float) -> tuple[list[list[int]], int]:
    """The widths of a grid's full ``rows`` of buttons, each ``room`` wide (gaps taken off): equal,
    the columns lined up, unless the grid shows more of its keys, or as many at a larger size
    (``_grid_shown``), with some rows shared (``share_row``) by what each button wants
    (``Button.steady_width``) or by the least it needs with its key (``Button.steady_least_width``):
    the rows whose keys their equal widths drop, those too that hold the grid's size down, or
    those that set a key under its label (``_row_measures``, ``Button.width_at``); of as many
    keys at the same size, the layout with more of them beside their labels.  Then the grid's one
    size for its labels: the best (``_rank``) of them all at a size down to ``KEY_WORTH`` points
    under the usual, or to the size the grid had without it where that is smaller
    (``_best_size``), so a key is set beside its label, not under it.
    In equal halves at Larger text in a 1280x800 window the replay's "Copy position" and "Copy
    as GGF" dropped their keys beside "Copy moves  M" and "Analysis  A", with room to spare."""
    equal = [[room // len(row)] * len(row) for row in rows]
    choices, seen = [equal], {}
    for measure in _row_measures(height):
        shared = [share_row(row, room, scale, [measure(button, scale) for button in row]) for row in rows]
        alone = [(_grid_shown([row], [e], height, scale, seen=seen), _grid_shown([row], [s], height, scale, seen=seen))
                 for row, e, s in zip(rows, equal, shared, strict=True)]
        keys = [s[0] > e[0] for e, s in alone]
        least = min(e[1] for e, _s in alone)
        sizes = [pick or (s[0] >= e[0] and e[1] == least < s[1]) for pick, (e, s) in zip(keys, alone, strict=True)]
        beside = [pick or (s[0] >= e[0] and s[1] >= e[1] and s[2] > e[2]) for pick, (e, s) in zip(sizes, alone, strict=True)]
        for picks in (keys, sizes, beside):
            choices.append([s if pick else e for pick, e, s in zip(picks, equal, shared, strict=True)])
        choices.append(shared)
    choices = [widths for at, widths in enumerate(choices) if widths not in choices[:at]]  # the first of each
    kept = max(choices, key=lambda widths: _grid_shown(rows, widths, height, scale, seen=seen))  # the first of the best
    usual = min(tx.small(button.label_size, scale) for row in rows for button in row)
    floor = min(_grid_shown(rows, kept, height, scale, seen=seen).size, usual - KEY_WORTH)
    ranked = [(shown, widths) for widths in choices if (shown := _best_size(rows, widths, height, scale, floor, seen))]
    best = _best_shown([shown for shown, _widths in ranked], usual)
    shown, widths = next(pair for pair in ranked if pair[0] == best)  # the first of the best
    return widths, shown.size


def _grid_rows(buttons: list[Button], columns: int) -> tuple[list[Button], list[list[Button]], list[list[Button]]]:
    """The visible ``buttons``, their rows of ``columns`` and the full ones among them, as
    ``layout_grid`` lays them."""
    shown = [b for b in buttons if b.visible]
    rows = [shown[at:at + columns] for at in range(0, len(shown), columns)]
    return shown, rows, [row for row in rows if len(row) == columns]  # all but a last row of fewer


def keys_under_rows(buttons: list[Button], width: int, columns: int, height: int, tall: int, gap: int,
                    scale: float) -> list[int]:
    """The full rows of the grid ``layout_grid`` lays ``buttons`` in (``width`` wide, rows
    ``height`` high, shared by ``shared_rows``) where a key has room neither beside its label nor
    under it, but has under it in a row ``tall`` high, the widths kept: a panel with room to spare
    may raise them.  At Larger text in an 800x600 window, in Portuguese, a hot-seat friend's
    "Desistir por X" had no Ctrl+R anywhere: "Desistir  Ctrl+R" needed a pixel more than its
    half of the row beside "Empate  Ctrl+D".  Kept as ``shared_rows`` keeps its layouts: the game
    panel asks at every drawing."""
    shown, _rows, full = _grid_rows(buttons, columns)
    if not full or tall <= height:
        return []
    key = (tuple(_labelling(button, scale) for button in shown), width, columns, height, tall, gap, scale)
    if key not in _KEYS_UNDER:
        if len(_KEYS_UNDER) >= SHARED_KEPT:
            _KEYS_UNDER.clear()
        _KEYS_UNDER[key] = _keys_under_rows(full, width - gap * (columns - 1), height, tall, scale)
    return list(_KEYS_UNDER[key])


_KEYS_UNDER: dict[Hashable, tuple[int, ...]] = {}


def _keys_under_rows(full: list[list[Button]], room: int, height: int, tall: int, scale: float) -> tuple[int, ...]:
    """``keys_under_rows`` worked out for the grid's ``full`` rows, each ``room`` wide (gaps taken off)."""
    widths, size = shared_rows(full, room, height, scale)

    def keys(row: list[Button], each: list[int], high: int) -> bool:
        return all(b.shown_at(scale, w, high, size)[0] for b, w in zip(row, each, strict=True))

    return tuple(r for r, (row, each) in enumerate(zip(full, widths, strict=True))
                 if not keys(row, each, height) and keys(row, each, tall))


def layout_grid(buttons: list[Button], area: pygame.Rect, columns: int, height: int, gap: int,
                scale: float | None = None, taller: Collection[int] = (), tall: int = 0) -> int:
    """Place the visible ``buttons`` in rows of ``columns`` inside ``area``, their labels set at
    one size; with ``scale``, the full rows' widths shared by what they need where equal widths
    show less of them (``shared_rows``); the rows ``taller`` (their indices) ``tall`` high, the
    others ``height``.  Returns the height used."""
    shown, rows, full = _grid_rows(buttons, columns)
    if not shown:
        return 0
    room = area.width - gap * (columns - 1)
    widths, size = [[room // columns] * columns for _row in full], None
    if scale is not None and full:
        widths, size = shared_rows(full, room, height, scale)
    y = area.y
    for r, row in enumerate(rows):
        x, high = area.x, tall if r in taller else height
        each = widths[r] if r < len(full) else [(area.width - gap * (len(row) - 1)) // len(row)] * len(row)
        for b, w in zip(row, each, strict=True):
            b.grid = shown  # one size for the grid's labels (``Button._grid_size``)
            b.grid_sized = (shown, size) if size is not None else None
            b.rect = pygame.Rect(x, y, w, high)
            x += w + gap
        y += high + gap
    return y - gap - area.y


def list_key_steps(page: int, length: int) -> dict[int, int]:
    """The rows each of a list's keys moves by: Up and Down one, Page Up and Page Down ``page`` (as
    many as are shown), Home and End the whole ``length`` back or on (the list keeps to its ends).
    ``Scroll`` and the tournament screen's latest results and standings read their keys so, alike."""
    far = max(1, length)
    return {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -far, pygame.K_END: far}


@dataclass
class Scroll:
    """Which part of a list too long for its room is shown (a table's rows or columns): ``fits``
    of ``total`` from ``first`` on.  The wheel or a key moves it (``by``); drawing lays it out
    again (``show``), so a list that grew or shrank, or a window made larger, never leaves it past
    the end."""

    first: int = 0
    total: int = 0
    fits: int = 0

    def show(self, total: int, fits: int) -> range:
        """The indices shown of ``total``, at most ``fits`` of them, from ``first`` kept in range."""
        self.total, self.fits = total, max(1, fits)
        self.first = max(0, min(self.first, total - self.fits))
        return range(self.first, min(total, self.first + self.fits))

    def by(self, steps: int) -> None:
        """``steps`` on (back if negative), kept within the list as last shown."""
        self.first = max(0, min(self.first + steps, self.total - self.fits))

    def key(self, key: int) -> bool:
        """Move as a list's key asks: Up and Down one, Page Up and Page Down a page (as many as
        are shown), Home and End to the first and the last; False for any other key (not taken)."""
        steps = list_key_steps(self.fits, self.total).get(key)
        if steps is None:
            return False
        self.by(steps)
        return True

    def reveal(self, index: int) -> None:
        """Scrolled just enough that ``index`` is shown (the row the keyboard chose)."""
        if index < self.first:
            self.first = index
        elif index >= self.first + self.fits:
            self.first = index - self.fits + 1

    @property
    def hidden(self) -> tuple[int, int]:
        """How many are before and after the ones shown."""
        return self.first, max(0, self.total - self.first - self.fits)

    def span(self) -> str:
        """The shown ones counted from 1: "1-12"."""
        return f"{self.first + 1}-{min(self.total, self.first + self.fits)}"


TAP_WOBBLE = 12
"""How far (unscaled pixels) a press may move and still be a tap, not a drag: a fingertip rolls a
few pixels as it presses and lifts, and that tap must still pick the row under it."""


class DragScroll:
    """A list or page scrolled by dragging it, as a finger scrolls on a touch screen: a finger has
    no wheel, and on a convertible in tablet mode the move list, the saved games, a rules page,
    the search tree and a tournament's tables could not be scrolled at all.  A press inside the
    area is watched; once it has moved more than a tap's wobble (``TAP_WOBBLE``) it drags, and
    its release is no click (the row it began on is not opened).  A list drags up and down
    (``pixels``, ``rows``); a picture wider than its room (the search tree, a crosstable) both
    ways (``pan``).  The mouse drags the same way; its wheel still scrolls as before."""

    def __init__(self) -> None:
        self.pressed_at: tuple[int, int] | None = None
        self.dragging = False
        self._x = self._y = 0  # where the content last followed the pointer to

    def press(self, pos: tuple[int, int], area: pygame.Rect) -> bool:
        """A left press at ``pos``: watched when it is in ``area``; whether it is."""
        inside = area.collidepoint(pos)
        self.pressed_at, self.dragging, (self._x, self._y) = (pos if inside else None), False, pos
        return inside

    def _drags(self, pos: tuple[int, int], scale: float, both_ways: bool) -> bool:
        """Whether the press, the pointer now at ``pos``, is a drag (it went further than a tap's
        wobble: up or down, or either way with ``both_ways``); once a drag, a drag to its release."""
        if self.pressed_at is None:
            return False
        went = [abs(pos[1] - self.pressed_at[1])] + ([abs(pos[0] - self.pressed_at[0])] if both_ways else [])
        self.dragging = self.dragging or max(went) >= TAP_WOBBLE * scale
        return self.dragging

    def pixels(self, pos: tuple[int, int], scale: float) -> int:
        """The pointer, held down, moved to ``pos``: how many pixels the content goes on (up the
        screen, towards the list's end; negative: back towards its start); 0 while it is a tap."""
        if not self._drags(pos, scale, both_ways=False):
            return 0
        moved, self._y = self._y - pos[1], pos[1]
        return moved

    def rows(self, pos: tuple[int, int], scale: float, row_height: int) -> int:
        """As ``pixels``, in whole rows of ``row_height``: the part of a row not yet dragged
        over is kept for the next motion, so a slow drag moves the list as far as a fast one."""
        return self._whole(pos, row_height) if self._drags(pos, scale, both_ways=False) else 0

    def pan(self, pos: tuple[int, int], scale: float, column_width: int, row_height: int) -> tuple[int, int]:
        """The pointer, held down, moved to ``pos``, either way: (how far the content goes on to
        the left, in columns of ``column_width``: 1 pixel for a smooth pan; how far up, in rows of
        ``row_height``), each part of a step not yet dragged over kept for the next motion;
        (0, 0) while it is a tap."""
        if not self._drags(pos, scale, both_ways=True):
            return 0, 0
        across = int((self._x - pos[0]) / max(1, column_width))  # towards 0: the rest carried over
        self._x -= across * column_width
        return across, self._whole(pos, row_height)

    def _whole(self, pos: tuple[int, int], row_height: int) -> int:
        """The whole rows of ``row_height`` the pointer went up since the content last followed it."""
        whole = int((self._y - pos[1]) / max(1, row_height))  # towards 0: the rest carried over
        self._y -= whole * row_height
        return whole

    def release(self) -> bool:
        """The press let go: whether it was a drag (its release then clicks nothing)."""
        dragged = self.dragging
        self.pressed_at, self.dragging = None, False
        return dragged


SPINNER_DOT = 0.26  # a spinner's largest dot's radius, a share of the ring's


def spinner_reach(radius: int) -> int:
    """How far from its centre a spinner of ``radius`` draws: the ring and its largest dot, so
    what stands beside it keeps clear (a player card's "discs" ran under the ring's dots)."""
    return radius + max(2, int(radius * SPINNER_DOT))


def spinner(surface: pygame.Surface, center: tuple[int, int], radius: int, color: Color) -> None:
    """An animated ring of dots: the computer is thinking."""
    t = time.monotonic()
    for i in range(8):
        angle = 2 * math.pi * i / 8
        phase = (t * 1.4 - i / 8) % 1.0
        alpha = 0.25 + 0.75 * (1 - phase)
        x = center[0] + radius * math.cos(angle)
        y = center[1] + radius * math.sin(angle)
        dot = max(2, int(radius * SPINNER_DOT * (0.6 + 0.4 * (1 - phase))))
        pygame.draw.circle(surface, mix((128, 128, 128), color, alpha), (int(x), int(y)), dot)


def everywhere(_screen: Any) -> bool:
    """``Message.stays`` of an app-wide message: a setting reset or not saved, the games folder
    that cannot be written, an error caught in a screen.  It is about the window, not about what
    one screen did, so it follows the window to every screen until its time is out."""
    return True


def on_the_next_screen() -> Callable[[Any], bool]:
    """``Message.stays`` of a message about what the window is opening (a game file kept up to its
    last legal move, said as it is read, before its replay or game screen opens): it stays on the
    next screen, where that game is, and goes at the change after it."""
    changes = 0

    def stays(_screen: Any) -> bool:
        nonlocal changes
        changes += 1
        return changes == 1

    return stays


# The topic of why a command does nothing now (its greyed button clicked, or its key pressed):
# the newest alone shows, so five clicks on a greyed Undo say it once (``Messages.refuse``)
REFUSED_TOPIC = "refused"


@dataclass
class Message:
    text: str
    kind: str = "info"  # "info", "warn", "error"
    since: float = field(default_factory=time.monotonic)
    duration: float = 3.5
    topic: str = ""  # what it is about, for withdrawing it once that no longer matters (ui.file_report)
    waiting: bool = False  # left out of a full lane (``Messages.shown``): its time starts when it shows
    held: bool = False  # kept past its time until released (``Messages.hold``): what it says still goes on
    over: bool = False  # released past its time (``Messages.release``): it fades out and never waits to show again
    language: str = field(default_factory=language)  # the language ``text`` is in (``Messages.current``)
    until_input: bool = False  # goes at the first key or click after it (``Messages.input_came``)
    seen: bool = False  # drawn in the lane once: a newer one that takes its place ends it (``Messages.shown``)
    again: Callable[[], str] | None = field(default=None, compare=False)  # says ``text`` anew (``Messages.add``)
    # the screens it stays on as the window changes screen (``Messages.screen_changed``): None, none
    # (it is about what the screen it was said on did); ``everywhere``: an app-wide message
    stays: Callable[[Any], bool] | None = field(default=None, compare=False)
    # a file's path in ``text``: where the text is cut short, the path's folder is shortened first, in
    # the middle of the path, its file's name kept (``_path_kept``)
    path: str = ""
    least: float = 3.5  # the seconds it stands whatever its length, given by its caller or its kind (``reading_time``)


COPY_HINT = N_("Cut short: click here to copy the whole message")
COPY_SHORT = N_("(click to copy it all)")  # ``COPY_HINT`` at the end of a lane's only line


@lru_cache(maxsize=64)
def _message_lines(text: str, size: int, room: int, most: int, hint: str,
                   path: str = "", short: str = "") -> tuple[tuple[str, ...], bool]:
    """``Messages.lines`` and whether the text was cut short, kept: 64 for the three messages on
    screen at most, at the widths of the last few window sizes (asked for on every frame while
    they show).  A ``path`` in a text cut short loses the middle of its folder first
    (``_path_kept``): "saved to ~/.local/share/tab…" hid the file's name at 800x600."""
    lines = tx.wrap(text, size, room, break_words=True) or [""]
    if len(lines) <= most:
        return tuple(lines), False
    kept = _path_kept(text, path, size, room, most)
    if kept is not None and len(lines := tx.wrap(kept, size, room, break_words=True)) <= most:
        return tuple(lines), True  # shortened all the same: a click copies it whole
    said = tx.wrap_at_most(hint, size, room, 2, break_words=True)  # "click here to copy it": whole too
    if most <= len(said):  # a lane of a line or two: the text, its last line ending with ``short``
        text = _path_kept(text, path, size, room, most) or text
        return _ending_with(_lines_cut(text, size, room, most), short, size, room), True
    text = _path_kept(text, path, size, room, most - len(said)) or text
    return (*_lines_cut(text, size, room, most - len(said)), *said), True


def _ending_with(lines: list[str], short: str, size: int, room: int) -> tuple[str, ...]:
    """``lines`` of a text cut short, the last shortened to end with an ellipsis and ``short``
    ("(click to copy it all)"), where that leaves it a third of the line at least: the main
    menu's lane of one line at 800x600 and Larger text ended in a bare ellipsis, and nothing said
    that a click copies the rest, as the screens with more lines do (``COPY_HINT``)."""
    font, tail = tx.ui_font(size), f" {short}"
    left = room - font.size(tail)[0] - font.size("…")[0]
    if not short or left < room // 3:
        return tuple(lines)
    last = tx.fit(lines[-1].removesuffix("…"), size, left).removesuffix("…")
    return (*lines[:-1], f"{last}…{tail}")


def _lines_cut(text: str, size: int, room: int, most: int) -> list[str]:
    """``text`` on at most ``most`` lines, the last ending in an ellipsis where more is left out:
    as ``tx.wrap_at_most``, but the last line never runs the next paragraph into its own (a
    player's faults, a line each, read as one sentence where the lane cut them: "... (at
    faulty.py line 7) faulty, 1 game (2): played…")."""
    numbered = [(n, line) for n, paragraph in enumerate(text.split("\n"))
                for line in tx.wrap(paragraph, size, room, break_words=True) or [""]]
    if len(numbered) <= most:
        return [line for _n, line in numbered]
    last_paragraph = numbered[most - 1][0]
    last = " ".join(line for n, line in numbered[most - 1:] if n == last_paragraph)
    shown = tx.fit(last, size, room)
    if shown == last:  # its paragraph ends on it: the ellipsis says the next ones are left out
        shown = tx.fit(f"{last} …", size, room)
    return [*(tx.fit(line, size, room) for _n, line in numbered[:most - 1]), shown]


def _path_kept(text: str, path: str, size: int, room: int, most: int) -> str | None:
    """``text`` with ``path`` in it shortened in its middle: its folder cut short with an ellipsis
    ("~/Documents/Tab…/tournament-tables.md"), as little as lets the text up to the file's name
    (and an ellipsis, where more follows) fit on ``most`` lines ``room`` pixels wide; the name is
    what a reader looks for.  None where ``path`` is not in ``text``, has no folder, or not even
    "…/name" fits there."""
    at = text.find(path) if path else -1
    cut = max(path.rfind("/"), path.rfind("\\"))
    if at < 0 or cut <= 0:
        return None
    before, folder, name, after = text[:at], path[:cut], path[cut:], text[at + len(path):]

    def shown(kept: int) -> str:
        return f"{before}{folder[:kept]}…{name}"

    def fits(kept: int) -> bool:
        return len(tx.wrap(shown(kept) + ("…" if after else ""), size, room, break_words=True)) <= most

    if not fits(0):
        return None
    least, longest = 0, len(folder) - 1
    while least < longest:  # the longest start of the folder that fits
        middle = (least + longest + 1) // 2
        least, longest = (middle, longest) if fits(middle) else (least, middle - 1)
    return shown(least) + after


SHORT_MESSAGE = 40  # characters read in a message's least time: "That square is taken", "Copied the position"
READING_PACE = 0.06  # seconds a character beyond those: some 200 words a minute, a newcomer's pace
LONGEST_READ = 12.0  # seconds: a longer message is copied whole with a click (``Messages.cut_at``)


def reading_time(text: str, least: float) -> float:
    """The seconds ``text`` stays on screen: ``least`` (the time its caller or its kind gives, 3.5 s
    for information) and ``READING_PACE`` for each character beyond a ``SHORT_MESSAGE``, up to
    ``LONGEST_READ`` (or ``least`` where that is longer).  Every message stood its 3.5 s
    whatever its length: "Game saved: ~/.local/share/tabuleiro/games/..." was gone before a
    newcomer had read it."""
    return min(least + READING_PACE * max(0, len(text) - SHORT_MESSAGE), max(least, LONGEST_READ))


class Messages:
    """Transient messages ("That square is taken", "The AI failed: ..."), newest last."""

    def __init__(self) -> None:
        self.items: list[Message] = []
        self._soon: deque[tuple[str, str, float | None, str, str]] = deque()  # said by other threads, shown next frame
        self._cut_rects: list[tuple[pygame.Rect, Message]] = []  # the pills drawn of messages cut short
        self._drawn: list[tuple[pygame.Rect, Message]] = []  # every pill of the last frame, and its message

    def add_soon(self, value: str, kind: str = "info", duration: float | None = None, topic: str = "",
                 path: str = "") -> None:
        """``add`` from another thread (a background write's outcome): shown from the window's next
        frame on, never lost to a frame that is dropping the messages gone by.  It belongs to the
        screen shown then (``screen_changed``): a tournament's report written after its screen was
        left is said on the screen arrived at."""
        self._soon.append((value, kind, duration, topic, path))

    def add(self, value: str, kind: str = "info", duration: float | None = None, topic: str = "",
            until_input: bool = False, again: Callable[[], str] | None = None,
            stays: Callable[[Any], bool] | None = None, path: str = "") -> None:
        """Show ``value`` for ``duration`` seconds (by default 8 for an error, else 3.5), longer
        for a long one, at a reading pace (``reading_time``); ``until_input``: or until the next key or click
        (``input_came``), for a note over a screen the player came to use.  ``again``: what makes
        ``value`` in the language now, for a message built of parts the catalog holds apart (a
        reason in a sentence), which ``said_again`` can say only in part after a language switch;
        a ``Phrase`` brings its own.  ``stays``: the screens it stays on once the window leaves
        the one it is said on (``screen_changed``); None, none: it goes with that screen.  ``path``:
        a file's path in ``value``, shortened in its middle, its name kept, where ``value`` is cut
        short (``_path_kept``)."""
        if again is None and isinstance(value, Phrase):
            again = value.again
        if self.items and self.items[-1].text == value:
            self.items[-1].since = time.monotonic()
            return
        least = duration if duration is not None else (8.0 if kind == "error" else 3.5)
        self.items.append(Message(value, kind, time.monotonic(), reading_time(value, least), topic,
                                  until_input=until_input, again=again, stays=stays, path=path, least=least))
        del self.items[:-3]

    def screen_changed(self, screen: Any) -> None:
        """The window shows ``screen`` now (``ui.app.App.switch``, at every change of screen, Back
        to a screen left for a visit too): the one rule of which words go on with it.  A message
        about what the screen left did ("The folder could not be opened" on Saved games, "Added
        mybot" on New game, "Volume: 100% already" on Settings) goes with it: it stood over the
        replay opened next, where it meant nothing.  It does not come back with Back to that
        screen either: the person has moved on since.  A message that ``stays`` on ``screen`` is
        kept: an app-wide one (``everywhere``), a file report on the screens that list games
        (``ui.file_report.lists_games``), the note that a game left is kept on every screen but
        that game's (``GameCommands._away_from_this_game``).  Words a screen says for the one
        arrived at ("Saved …" as a tournament's screen closes, "The unfinished game is kept" on the
        main menu) are said after this, on that screen, and so go at the next change."""
        self.items = [m for m in self.items if m.stays is not None and m.stays(screen)]

    def input_came(self, since: float) -> None:
        """A key or a click, given to the screen at ``since``, takes away the ``until_input``
        messages said before it: New game's note that the game left is kept stood 6 s over the
        form's last lines (Hex's swap rule) while the player chose.  The key or click still does
        its own work; a message said by it (the N that left the game) stays."""
        self.items = [m for m in self.items if not (m.until_input and m.since < since)]

    def add_instead(self, value: str, kind: str = "info", duration: float | None = None, topic: str = "") -> None:
        """``add`` in place of the messages about ``topic`` still shown: only the newest applies.
        Three refused clicks on a Reversi board (a learner looking for a move) stacked three pills
        of "... flips no discs" up over the letters under the board.  It always says ``value``
        again as the newest message, even where the same words stand (taken down first):
        ``renewed`` is for words that stay where they stand and only last longer."""
        self.withdraw(topic)
        self.add(value, kind, duration, topic)

    def renewed(self, value: str, topic: str) -> bool:
        """Whether a message about ``topic`` says ``value`` on screen now; if so its time starts
        again, where it stands: the same words said again stay one message up for their whole
        time (Ctrl+plus pressed again at the largest Text size).  It says nothing new: with no
        such message on screen it is False and its caller says ``value`` (``ui.app.App.step_text_size``:
        the size said before taken down first, as ``add_instead`` does, but the
        message kept on every screen, a ``stays`` that ``add_instead`` does not take)."""
        for m in self.current():
            if m.topic == topic and m.text == value and not m.over:
                m.since = time.monotonic()
                return True
        return False

    def refuse(self, why: str) -> bool:
        """Say ``why`` a command does nothing now, as a warning in place of the last such
        (``REFUSED_TOPIC``), and True; False, saying nothing, when ``why`` is "" (it may act).  The
        one way every greyed button (``Button.refused``) and its key say why: Undo with nothing to
        undo, Hint on the computer's turn, Ctrl+R in a watched game did nothing, not a word, and a
        player could not tell them from broken buttons."""
        if not why:
            return False
        self.add_instead(why, "warn", topic=REFUSED_TOPIC)
        return True

    def hold(self, topic: str) -> None:
        """Keep the messages about ``topic`` on screen past their time, until ``release``: what they
        say is still going on (a fresh AI process starting, which a loaded machine or numba's first
        compile made outlast the 8 s of "it was restarted", and the player then saw nothing happen)."""
        for m in self.items:
            if m.topic == topic:
                m.held = True

    def release(self, topic: str) -> None:
        """Let the messages ``hold`` kept go: each still has the rest of its time, or fades out now,
        and is then gone even if a newer message takes its place in the lane first: it waited
        there, then showed for its whole time again (12 s of "it was restarted and searches again"
        after the fresh process's hint had come and gone)."""
        now = time.monotonic()
        for m in self.items:
            if m.topic == topic and m.held:
                m.held, m.over = False, now - m.since >= m.duration
                m.duration = max(m.duration, now - m.since + self.FADE)

    def withdraw(self, topic: str) -> None:
        """Take away the messages about ``topic`` before their time, those said by another thread
        and not shown yet (``add_soon``) too: what they say no longer matters."""
        self._take_soon()
        self.items = [m for m in self.items if m.topic != topic]

    def set_aside(self, topics: Collection[str]) -> list[Message]:
        """Take the messages about ``topics`` off the screen and return them, for ``bring_back``:
        what they say still holds but must not show for a while (a hint's move while a person's
        pause covers the board)."""
        aside = [m for m in self.items if m.topic in topics]
        self.items = [m for m in self.items if m.topic not in topics]
        return aside

    def bring_back(self, messages: Iterable[Message]) -> None:
        """The messages ``set_aside`` took, on the screen again for their whole time from now."""
        now = time.monotonic()
        for m in messages:
            m.since, m.waiting, m.seen = now, False, False
            self.items.append(m)
        del self.items[:-3]

    FADE = 0.4  # seconds a message takes to fade out
    READ = 2.0  # seconds on screen after which a message pushed out by a newer one was read: it does not come back

    def key(self) -> tuple:
        """What is shown now (changes when a message appears or expires): redraw when it changes."""
        return tuple((m.text, m.since) for m in self.current())

    def redraw_interval(self) -> float | None:
        """0 while a message fades out (every frame), else None: nothing moves."""
        return 0.0 if self._fading() else None

    def _fading(self) -> list[Message]:
        """The messages fading out now (their last ``FADE`` seconds, shown)."""
        now = time.monotonic()
        return [m for m in self.items
                if not m.waiting and not m.held and m.duration - self.FADE <= now - m.since < m.duration]

    def fading_area(self) -> pygame.Rect | None:
        """Where the messages fading now were drawn last (their pills), the only part of the
        window their fade changes: nothing else moves as one fades, and the next that shows, or
        the lane left empty, comes with a whole frame (``key`` changes as it expires).  None while
        one fading was not drawn; an empty rectangle while none fades."""
        drawn = {id(m): rect for rect, m in self._drawn}
        fading = self._fading()
        if any(id(m) not in drawn for m in fading):
            return None
        rects = [drawn[id(m)] for m in fading]
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)

    def current(self, now: float | None = None) -> list[Message]:
        self._take_soon()
        self._say_again()
        now = time.monotonic() if now is None else now
        self.items = [m for m in self.items if (m.waiting and not m.over) or m.held or now - m.since < m.duration]
        return list(self.items)

    def _take_soon(self) -> None:
        """The messages other threads said (``add_soon``) among the others, in the order said."""
        while self._soon:
            value, kind, duration, topic, path = self._soon.popleft()
            self.add(value, kind, duration, topic, path=path)

    def _say_again(self) -> None:
        """The messages said before the language changed, said again in the new one (ui.i18n.said_again):
        they are kept as the text said, and one on screen as the language was switched stayed in the old.
        One said at more length in the new language stands the longer reading time of its new text
        (``reading_time``): it kept the old one's, and a Portuguese sentence went before it was read.
        None stands shorter: a message does not vanish mid-sentence for a shorter translation."""
        now = language()
        for m in self.items:
            if m.language != now:
                said = m.again() if m.again is not None else said_again(m.text, m.language)
                longer = reading_time(said, m.least) - reading_time(m.text, m.least)
                m.text, m.language, m.duration = said, now, m.duration + max(0.0, longer)

    @staticmethod
    def text_size(scale: float) -> int:
        return max(11, int(15 * scale))

    @classmethod
    def pill_height(cls, scale: float) -> int:
        return int(cls.text_size(scale) * 2.2)

    @classmethod
    def line_height(cls, scale: float) -> int:
        """The height one message takes, with the gap above it: the room a screen keeps for one."""
        return cls.pill_height(scale) + int(6 * scale)

    MOST_LINES = 7  # a long message (a bot's file, its error and its log's path) wraps, up to this many lines

    @classmethod
    def lines(cls, text: str, scale: float, max_width: int) -> tuple[str, ...]:
        """``text`` as a pill ``max_width`` wide shows it: on as many lines as it needs, a word
        wider than a line (a file's path) broken over lines, up to MOST_LINES.  If even they do
        not hold it, the last line says that a click copies it whole (``cut_at``): a path or a
        line number at the end was lost behind an ellipsis.  Kept per text and width: the screen
        that places messages and their drawing ask every frame."""
        return cls._layout(text, scale, max_width)[0]

    @classmethod
    def _layout(cls, text: str, scale: float, max_width: int, most: int = MOST_LINES,
                path: str = "") -> tuple[tuple[str, ...], bool]:
        return _message_lines(text, cls.text_size(scale), max_width - int(32 * scale), most, _(COPY_HINT), path,
                              _(COPY_SHORT))

    LANE_LINES = 2  # the one-line messages a screen keeps room for above its bottom edge (``lane_height``)

    @classmethod
    def lane_lines_for(cls, text: str, scale: float, max_width: int) -> int:
        """The lane's lines (``lane_height``'s one-line messages) ``text`` takes shown whole in a
        pill ``max_width`` wide, as ``shown`` stacks it: its first line's pill, then a text line more
        for each of its other lines."""
        lines = len(cls.lines(text, scale, max_width))
        gap = cls.line_height(scale) - cls.pill_height(scale)
        height = gap + cls.pill_height(scale) + (lines - 1) * tx.line_height(cls.text_size(scale))
        return -(-height // cls.line_height(scale))

    @classmethod
    def lane_height(cls, scale: float, lines: int = LANE_LINES) -> int:
        """The room a screen keeps for the window's messages between what it shows and its bottom
        edge (or its bottom buttons): two one-line messages, or ``lines`` where every pixel above
        counts.  Laid out once, the same with messages or without, so nothing on the screen moves
        when one comes or fades."""
        return lines * cls.line_height(scale)

    def shown(self, scale: float, max_width: int, room: int | None = None) -> list[tuple[Message, tuple[str, ...], bool]]:
        """The live messages drawn in a lane ``room`` high (None: as high as they need), newest
        first, each with its lines and whether they were cut short: the newest that fit; older
        ones wait until a newer one fades, rather than stand over the screen above the lane, and
        their time runs from when they show (``_wait_or_show``): a short-lived message behind a
        newer one is still read for its whole duration.  The newest shows on as many lines as the
        lane holds (a click copies it whole), unless the lane has no room for one line: then they
        all wait (the window's messages under a card on the game's board, whose foot the game's
        own take: the window's "Text size: Larger" lay over the card's last buttons)."""
        one, step = self.pill_height(scale), tx.line_height(self.text_size(scale))
        gap = self.line_height(scale) - one
        shown: list[tuple[Message, tuple[str, ...], bool]] = []
        left = room
        live = self.current()
        for m in reversed(live):
            lines, cut = self._layout(m.text, scale, max_width, path=m.path)
            if left is not None and gap + one + (len(lines) - 1) * step > left:
                if shown or left < one:
                    break
                lines, cut = self._layout(m.text, scale, max_width, max(1, 1 + (left - gap - one) // step), m.path)
            if left is not None:
                left -= gap + one + (len(lines) - 1) * step
            shown.append((m, lines, cut))
        self._wait_or_show(live, [m for m, _lines, _cut in shown])
        return shown

    def _wait_or_show(self, live: list[Message], shown: list[Message]) -> None:
        """Hold the time of the messages left out of the lane; a message that waited and shows now
        starts its time afresh, so it is seen for its whole duration.  One that a newer one pushes
        out of the lane after it stood there ``READ`` seconds is over instead (unless held): it
        came back when the newer one faded, so "Game saved" gave way to the older, already read
        "Level 5 declines the draw", as if that were the news.  Messages said one after another
        (three keys pressed in a row) still wait for their turn."""
        now, drawn = time.monotonic(), {id(m) for m in shown}
        newest_drawn = max((i for i, m in enumerate(live) if id(m) in drawn), default=-1)
        for i, m in enumerate(live):
            if id(m) in drawn:
                if m.waiting:
                    m.since, m.waiting = (m.since if m.over else now), False
                m.seen = True
            elif (m.seen and not m.waiting and not m.held and i < newest_drawn
                  and now - m.since >= self.READ):  # read, then replaced by a newer one
                self.items = [item for item in self.items if item is not m]
            else:
                m.waiting = True

    def cut_at(self, pos: tuple[int, int]) -> Message | None:
        """The message cut short whose pill, as last drawn, is at ``pos`` (a click there copies
        it: ``ui.app.App``); None elsewhere, so a click on a whole message goes on to the screen."""
        live = self.current()
        return next((m for rect, m in self._cut_rects if m in live and rect.collidepoint(pos)), None)

    @classmethod
    def message_height(cls, scale: float, lines: int) -> int:
        """The height one message of ``lines`` lines takes in a lane, with the gap above it."""
        return cls.line_height(scale) + (lines - 1) * tx.line_height(cls.text_size(scale))

    def height(self, scale: float, max_width: int, room: int | None = None) -> int:
        """The height the messages shown in a lane ``room`` high (``shown``) take when drawn
        ``max_width`` wide, with their gaps."""
        return sum(self.message_height(scale, len(lines)) for _m, lines, _cut in self.shown(scale, max_width, room))

    def draw(self, surface: pygame.Surface, theme: Theme, anchor: tuple[int, int], scale: float, max_width: int,
             ground: Color | None = None, room: int | None = None) -> None:
        """Draw the live messages as pills stacked upwards from ``anchor`` (their bottom centre),
        within ``room`` above it (``shown``: None, no limit); a message too long for one line
        wraps (``lines``), its pill taller.  Over a card (``ground``:
        its colour) each pill stands 3:1 from it and from the window's background, opaque (``standing_out``): an information's pill,
        the panels' colour, read as plain text on the New game screen's form."""
        x, y = anchor
        size = self.text_size(scale)
        font, step = tx.ui_font(size), tx.line_height(size)
        now = time.monotonic()  # one reading: a message that expired since current() would fade below 0
        self._cut_rects, self._drawn = [], []
        for m, lines, cut in self.shown(scale, max_width, room):
            fade = 1.0 if m.held else max(0.0, min(1.0, (m.duration - (now - m.since)) / self.FADE))
            w = max(font.size(line)[0] for line in lines) + int(32 * scale)
            one = self.pill_height(scale)
            h = one + (len(lines) - 1) * step
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (x, y)
            color = {"error": theme.invalid, "warn": mix(theme.last_move, theme.panel, 0.2)}.get(m.kind, theme.panel)
            if ground is not None:  # and from the window's background, which a pill wider than its card reaches
                color = standing_out(color, ground, also=(theme.background,))
            pill = pygame.Surface(rect.size, pygame.SRCALPHA)
            opacity = 235 if ground is None else 255
            pygame.draw.rect(pill, (*color, int(opacity * fade)), pill.get_rect(), border_radius=one // 2)
            fg = theme.text if m.kind == "info" and ground is None else ink_on(color)
            for i, line in enumerate(lines):
                image = font.render(line, True, fg)
                image.set_alpha(int(255 * fade))
                pill.blit(image, image.get_rect(center=(w // 2, one // 2 + i * step)))
            surface.blit(pill, rect)
            self._drawn.append((rect, m))
            if cut:
                self._cut_rects.append((rect, m))
            y -= h + self.line_height(scale) - one
