"""Fonts and text layout for the window's own screens (panel, rules, dialogs).

The shell uses Open Sans, which ships with pygame-menu (a dependency), so the menus and our own
screens share one typeface on every platform without bundling fonts of our own.  The board views
draw theirs with ``ui.theme.draw_text``, in the same typeface's bold.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache
from typing import TypeVar

import pygame
import pygame_menu

from ui.markdown import Run
from ui.parts import SEPARATOR, join_parts  # the window's screens take them from here too, as tx.*

Color = tuple[int, int, int]

REGULAR = pygame_menu.font.FONT_OPEN_SANS
BOLD = pygame_menu.font.FONT_OPEN_SANS_BOLD
MONO = pygame_menu.font.FONT_FIRACODE
SMALLEST = 10  # pixels: the least a screen's small print is drawn at at Normal text, in the smallest window too


def _normal_text() -> float:
    return 1.0


_text_size: Callable[[], float] = _normal_text  # the window's Text size setting, as ``follow_text_size`` gives it


def follow_text_size(source: Callable[[], float] | None) -> None:
    """Small print follows the Text size setting that ``source`` reads (the window's, read at each
    call: a change of the setting needs no call here); None: Normal again (a window closed)."""
    global _text_size
    _text_size = source or _normal_text


BODY = 15  # pixels at scale 1: the screens' body text (a panel's status, a list's row), which small print stays under


def least(scale: float) -> int:
    """The least pixels small print is drawn at, at ``scale``: ``SMALLEST`` at Normal text, grown
    with the Text size setting (13 at Large, 15 at Larger), but never past the body text at that
    scale (``BODY``).  A window too small for Larger's scale (1024x600) drew its notes at the same
    10 or 11 pixels as at Normal, though the setting is there for those who cannot read small
    print; grown past the body, the notes under a saved game's name were drawn larger than it."""
    grown = int(SMALLEST * _text_size() + 0.5)
    return max(SMALLEST, min(grown, int(BODY * scale)))


def small(size: float, scale: float) -> int:
    """A small text's ``size`` at ``scale``, never under ``least`` pixels (at 800x560 a scale of
    0.7 drew 11-pixel notes at 7, and Larger text drew them as small as Normal)."""
    return max(least(scale), int(size * scale))


@lru_cache(maxsize=128)
def ui_font(size: int, bold: bool = False, mono: bool = False) -> pygame.font.Font:
    """A cached Open Sans (or Fira Code) font of ``size`` points.

    128 kept: the sizes every screen uses, at the scales of a few window sizes (a window dragged
    across a screen passes through dozens).  Each font holds its file open (a descriptor) and its
    FreeType face, about 100 KB: 128 are 15 MB and 128 descriptors at most."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = MONO if mono else BOLD if bold else REGULAR
    try:
        return pygame.font.Font(path, max(6, int(size)))
    except (OSError, FileNotFoundError):  # a broken install: still show text
        return pygame.font.Font(None, max(8, int(size * 1.35)))


def text(
    surface: pygame.Surface, value: str, pos: tuple[int, int], size: int, color: Color,
    anchor: str = "topleft", bold: bool = False, mono: bool = False,
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` at ``pos``; returns the rect it covers."""
    image = mono_line(value, size, color) if mono else rendered(ui_font(size, bold), value, tuple(color))
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


RENDERED_KEPT = 512  # strings kept a font: a screen's few hundred, a few KB each


def rendered(face: pygame.font.Font, value: str, color: tuple[int, ...]) -> pygame.Surface:
    """``value`` drawn in ``face`` and ``color`` (antialiased, on no background), kept for the next
    frame: a frame draws the same words again (a board's 76 coordinates, the panel's names and
    headings: a 19x19 Hex game's frame rendered some 130 strings).  Kept by the font
    itself, not its size: fonts made again (another text size) draw again; and only while the
    font lives (``ui_font`` lets old sizes go, with their open files), the font's strings
    forgotten all at once past ``RENDERED_KEPT``.  The image is shared: blitted, never drawn on."""
    return kept_by_font(_RENDERED, face, (value, color), lambda: face.render(value, True, color), RENDERED_KEPT)


T = TypeVar("T")


class FontShelf(dict[Hashable, T]):
    """One font's kept values (``kept_by_font``), and how many characters of text they were made
    from (``characters``), for a store bounded by the text it holds as well as by its entries."""

    characters: int = 0

    def clear(self) -> None:
        super().clear()
        self.characters = 0


FontKept = weakref.WeakKeyDictionary[pygame.font.Font, FontShelf[T]]


def kept_by_font(kept: FontKept[T], face: pygame.font.Font, key: Hashable, make: Callable[[], T], most: int,
                 characters: int = 0, most_characters: int | None = None) -> T:
    """What ``make`` gives for ``key`` in ``face``, kept in ``kept`` for the next call: by the font
    itself, so a font made again (another size, or a test's own) works it out again, and only
    while the font lives (``ui_font`` lets old sizes go, with their open files); a font's entries
    forgotten all at once past ``most``.  ``rendered`` keeps images so, and ``wrap`` its lines.

    ``characters``: the length of the text ``key`` holds, for a store that keeps at most
    ``most_characters`` of text a font: past them its entries are forgotten at once too, and a
    text longer than them all is made at each call and kept nowhere, leaving the others kept."""
    mine = kept.setdefault(face, FontShelf())
    found = mine.get(key)
    if found is not None:
        return found
    if most_characters is not None and characters > most_characters:
        return make()
    if len(mine) >= most or (most_characters is not None and mine.characters + characters > most_characters):
        mine.clear()
    found = mine[key] = make()
    mine.characters += characters
    return found


_RENDERED: FontKept[pygame.Surface] = weakref.WeakKeyDictionary()


def mono_line(value: str, size: int, color: Color) -> pygame.Surface:
    """``value`` in the monospaced font, one character a cell.

    Fira Code draws programming ligatures, and SDL_ttf shapes text with HarfBuzz, so a line drawn
    whole turned a Reversi row's "..." into one ellipsis and "->" into an arrow: a board written
    in characters must show each character as typed, in its own column."""
    font = ui_font(size, mono=True)
    cell = mono_cell(size)
    image = pygame.Surface((max(1, cell * len(value)), font.get_height()), pygame.SRCALPHA)
    for column, char in enumerate(value):
        if not char.isspace():
            image.blit(_glyph(char, size, tuple(color)), (column * cell, 0))
    return image


@lru_cache(maxsize=128)
def mono_cell(size: int) -> int:
    """The width of a character of the monospaced face at ``size``, every character's: kept, as
    the rules screen's wrapping asks it for each word it tries on a line with inline code (128:
    ``ui_font``'s)."""
    return ui_font(size, mono=True).size("M")[0]


@lru_cache(maxsize=2048)
def _glyph(char: str, size: int, color: Color) -> pygame.Surface:
    """One character of a monospaced line; 2048 kept: the hundred or so characters of a position's
    text in its few colours, at a few sizes (each a few hundred bytes)."""
    return ui_font(size, mono=True).render(char, True, color)


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """``value`` shortened with an ellipsis so that it fits in ``width`` pixels."""
    return fit_font(value, ui_font(size, bold), width)


def fit_font(value: str, font: pygame.font.Font, width: int) -> str:
    """``value`` shortened with an ellipsis so that it fits in ``width`` pixels of ``font``."""
    if font.size(value)[0] <= width:
        return value
    # the longest start that fits with its ellipsis, by halving: a pasted move of thousands of
    # characters measured one shorter at a time froze the window for seconds a frame
    shortest, longest = 0, len(value) - 1
    while shortest < longest:
        middle = (shortest + longest + 1) // 2
        if font.size(value[:middle] + "…")[0] <= width:
            shortest = middle
        else:
            longest = middle - 1
    kept = value[:shortest]
    if kept.rstrip().endswith("…"):  # cut after its own ellipsis ("A preparar o motor…  0,2 s"): one says both
        kept = kept.rstrip()[:-1]
    return kept + "…"


def fit_inside(said: str, part: str, size: int, width: int, bold: bool = False, kept: int = 1) -> str | None:
    """``said`` with ``part`` in it (a player's name) shortened with an ellipsis so that the whole
    fits in ``width`` pixels: the rest of it is what it says ("Resign for … (Black)", "… is
    thinking…  3.2 s"), the name only whose it is.  None where ``part`` is not in ``said`` or would
    keep fewer than ``kept`` of its characters."""
    font = ui_font(size, bold)
    if font.size(said)[0] <= width:
        return said
    at = said.find(part) if part else -1
    if at < 0:
        return None
    before, after = said[:at], said[at + len(part):]
    room = width - font.size(before + after)[0]
    if kept >= len(part) or font.size(part[:kept] + "…")[0] > room:  # not even the least of it
        return None
    cut = fit_font(part, font, room)
    if after.startswith("…"):  # "Loading {name}…": one ellipsis says both, not "Loading gtp:/tmp/wt-……"
        cut = cut.removesuffix("…")
    shown = before + cut + after
    return shown if font.size(shown)[0] <= width else None


def fit_around(said: str, part: str, size: int, width: int, bold: bool = False) -> str:
    """``fit_inside`` where the name keeps a character, else where it is its ellipsis alone, else
    ``said`` with that ellipsis for the name, cut at its end (``fit``): the words before the name.
    A long name ("gtp:/usr/local/bin/some-engine --flag to move (Black)") cut at the end took
    the side with it, or the seconds of a search; and at Larger text in Portuguese at 800x600
    the thinking card said "gtp:/tmp/wt-panel9/…." for "{player}: a preparar o motor…"."""
    return (fit_inside(said, part, size, width, bold) or fit_inside(said, part, size, width, bold, kept=0)
            or fit(said.replace(part, "…") if part else said, size, width, bold))


NAME_KEPT = 6
"""The least characters of a name a text keeps before its ellipsis (``readable_length``): fewer
("Resign for Ma… (Black)", "Le… is thinking…") say less than a shorter form of the words
("Resign for Black", "Level 5…").  A name of at most three more is never cut ("Player 1" read
"Playe…", "Level 5" "Leve…"): a shorter form is taken."""


def readable_length(name: str) -> int:
    """The fewest characters ``name`` keeps where it is cut short (``NAME_KEPT``): all of it where
    it is not much longer."""
    return NAME_KEPT if len(name) > NAME_KEPT + 3 else len(name)


def fit_named(said: str, name: str, size: int, width: int, bold: bool = False) -> str | None:
    """``said`` whole in ``width`` pixels, or with ``name`` in it cut short, still readable
    (``readable_length``); None where it does not fit so, or ``name`` is not in it to cut."""
    return fit_inside(said, name, size, width, bold, kept=readable_length(name))


def first_fitting(forms: Iterable[str], size: int, width: int, bold: bool = False, name: str = "") -> str:
    """The first of a text's ``forms`` (longest first) that fits ``width`` pixels, the player's
    ``name`` in it cut short where it stays readable (``fit_named``), else the last shortened with
    an ellipsis, the name first (``fit_around``): a short form says more than a long one cut
    ("Jogador externo: caminho/fich…" in the tournament's field at Larger text, "Le… is
    thinking…" on the thinking card at 1024x768, where "Level 5…" says whose search it is)."""
    forms = list(forms) or [""]
    return (next((shown for form in forms if (shown := fit_named(form, name, size, width, bold))), None)
            or fit_around(forms[-1], name, size, width, bold))


def fitting_size(value: str, size: int, width: int, bold: bool = False, smallest: int = 11) -> int:
    """The largest font size from ``size`` down to ``smallest`` at which ``value`` fits in
    ``width`` pixels (``smallest`` if none does: ``fit`` it then)."""
    while size > smallest and ui_font(size, bold).size(value)[0] > width:
        size -= 1
    return size


LAID_OUT_KEPT = 1024  # texts wrapped kept a font: a screen's few dozen, at the widths of a few window sizes
LAID_OUT_CHARACTERS = 128 * 1024
"""The characters of text ``laid_out`` keeps a font, its texts together: the longest screen, the
keys page in Portuguese, wraps 48,000 in its body's font (its paragraphs, under 2,000 each, kept
as runs and as lines), where one pasted record or a long message is up to 256 KB
(``games.record_parts.MAX_TEXT_CHARS``): a thousand such one-off texts kept, with their lines, would
fill hundreds of MB.  A text longer than this is wrapped at each call and kept nowhere."""


def laid_out(size: int, bold: bool, key: Hashable, lay_out: Callable[[], Iterable[T]],
             characters: int) -> tuple[T, ...]:
    """The lines ``lay_out`` wraps a text of ``characters`` into at ``size`` (``bold``), kept by
    the font and ``key`` (what else they depend on: the text, the width, the function and its
    options) for the next call (``kept_by_font``), while the font's texts kept stay within
    ``LAID_OUT_CHARACTERS``.  A frame wraps the same words again and again (the tournament's
    panels wrapped their titles some twenty times a frame, measuring each word each time), and
    nothing else changes the lines: the Text size setting and the window's scale change ``size``,
    the language the text; the typeface is the same for all.  A tuple: no caller changes the
    lines kept (the functions here give each caller a list of its own)."""
    return kept_by_font(_LAID_OUT, ui_font(size, bold), (size, key), lambda: tuple(lay_out()), LAID_OUT_KEPT,
                        characters, LAID_OUT_CHARACTERS)


_LAID_OUT: FontKept[tuple] = weakref.WeakKeyDictionary()


def forget_laid_out() -> None:
    """Forget every text ``laid_out`` kept (for a test that counts the wrapping a frame does)."""
    _LAID_OUT.clear()


def wrap(value: str, size: int, width: int, bold: bool = False, break_words: bool = False) -> list[str]:
    """Greedy word wrap of ``value`` into lines no wider than ``width`` pixels; a paragraph's last
    line takes a word from the line above rather than stand alone ("...)." under a full line).
    A line broken at a separator (``SEPARATOR``) leaves it out: the result card's "Contra Nível 1:
    ganhou 0 · empatou 0 · perdeu 1" at Larger text had "· perdeu 1" on a line of its own.
    With ``break_words``, a word wider than a line (a file's path) is broken over lines
    (``break_word``) instead of running past the edge, for a caller that would cut it.  A line
    breaks at a space only where a line may break (``words_of``): never inside "7x6 k=4".  Kept
    (``laid_out``)."""
    return list(laid_out(size, bold, ("wrap", value, width, break_words),
                         lambda: _wrap_afresh(value, size, width, bold, break_words), len(value)))


def _wrap_afresh(value: str, size: int, width: int, bold: bool, break_words: bool) -> list[str]:
    """``wrap``'s lines, each word measured."""
    f = ui_font(size, bold)
    lines: list[str] = []
    for paragraph in value.split("\n"):
        first = len(lines)
        line = ""
        for word in words_of(paragraph):
            candidate = f"{line} {word}" if line else word
            if break_words and f.size(word)[0] > width:
                pieces = break_word(word, f, width)
                lines += [line, *pieces[:-1]] if line else pieces[:-1]
                line = pieces[-1]
            elif f.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line.removesuffix(SEPARATOR.rstrip()))
                line = "" if word == SEPARATOR.strip() else word
        lines.append(line)
        lines[first:] = no_lone_last_word(lines[first:], f, width)
    return lines


NO_BREAK = "\u00a0\u2007\u202f"
"""The spaces no line breaks at (no-break, figure and narrow no-break): a text joins a unit's
parts with one where a break would part them ("7x6\u00a0k=4", a board and its k), as pygame-menu's
wrap of a form's labels already keeps them (it breaks at " " alone)."""
_BREAKABLE = re.compile(f"[^\\S{NO_BREAK}]+")


GLUE = frozenset({"x", "\u00d7", "=", ">=", "<=", "\u2265", "\u2264"})
"""Words that make one unit with the words either side of them, as the rules pages write sizes and
counts ("3 x 3", "15 x 15 with k = 5", "m >= 5"): no line breaks beside one (a page read "3 x" on
one line and "3 with k =" on the next)."""


UNITS = frozenset({"s", "ms", "min", "KB", "MB", "GB"})
"""Units written after their number ("15 s"): no line breaks between the two (the result card of a
watched game read "Próximo jogo dentro de 15" over "s (Espaço: ficar neste)" at Larger text)."""


def _unit_of(words: list[str], word: str) -> bool:
    """Whether ``word`` is a unit (``UNITS``, or one opening a bracket: "s)") after the number
    that ends ``words``."""
    return bool(words) and words[-1][-1:].isdigit() and word.rstrip(").,;:") in UNITS


def _score_of(words: list[str], word: str) -> bool:
    """Whether ``word`` goes on a score ("2 - 1") that ``words`` ends in: its dash after the
    first count, or the second count after the dash.  The result card of a hot-seat session read
    "Nesta sessão: Joana (X) 1 -" over "1 Mãe (O)" at Larger text in an 800x600 window."""
    if not words:
        return False
    if word == "-":
        return words[-1][-1:].isdigit()
    return word[:1].isdigit() and words[-1].endswith(" -") and words[-1][:1].isdigit()


def words_of(paragraph: str) -> list[str]:
    """``paragraph``'s words, cut at the spaces a line may break at: a no-break space
    (``NO_BREAK``) is inside a word, a ``GLUE`` word joins its neighbours (a space apart), a
    unit the number before it (``UNITS``), and a score's counts their dash (``_score_of``).
    ``str.split()`` cut at every space, and the New game form's summary of Tic-tac-toe broke
    "7x6 / k=4" over two lines at Larger text."""
    words: list[str] = []
    for word in (word for word in _BREAKABLE.split(paragraph) if word):
        if words and (word in GLUE or words[-1].endswith(tuple(f" {glue}" for glue in GLUE)) or _unit_of(words, word)
                      or _score_of(words, word)):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words


BREAKS = "/\\-_.,;:"  # a long word breaks after one of these when one is near the line's end


def break_word(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """``word`` in pieces no wider than ``width`` pixels of ``font`` (one character at least):
    each the longest start that fits, ended after a path's separator (or "-", "_", ".") when one
    lies in its second half, so a path reads folder by folder."""
    pieces = []
    while font.size(word)[0] > width and len(word) > 1:
        shortest, longest = 1, len(word) - 1  # the longest start that fits, by halving
        while shortest < longest:
            middle = (shortest + longest + 1) // 2
            if font.size(word[:middle])[0] <= width:
                shortest = middle
            else:
                longest = middle - 1
        cut = max(word.rfind(c, 0, shortest) for c in BREAKS) + 1
        cut = cut if cut > shortest // 2 else shortest
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


def no_lone_last_word(lines: list[str], font: pygame.font.Font, width: int) -> list[str]:
    """One paragraph's wrapped ``lines``, the last given the word before it when it is one word
    alone and the two fit ``width`` pixels in ``font``, unless that would end the line above on a
    separator; ``wrap`` and the forms' wrapped labels (``ui.scenes.common.add_wrapped_label``)
    share it.  A last line of words held together by no-break spaces (``NO_BREAK``: a player's
    name, ``names_whole``) is not one word alone: the session's score read "This session: Player 1
    (Blue)" over "1 - 1 Player 2 (Red) · 0 drawn", the score pulled down to the other name."""
    if len(lines) < 2 or len(words_of(lines[-1])) > 1 or any(space in lines[-1] for space in NO_BREAK):
        return lines
    above = lines[-2].rstrip()
    last = (words_of(above) or [""])[-1]  # a unit ("3 x 3") moves down whole
    rest, ending = above[:len(above) - len(last)].rstrip(), f"{last} {lines[-1]}"
    if not above.endswith(last) or not rest or rest.endswith(SEPARATOR.rstrip()) or font.size(ending)[0] > width:
        return lines
    return [*lines[:-2], rest, ending]


def wrap_at_most(value: str, size: int, width: int, most: int, bold: bool = False,
                 break_words: bool = False) -> list[str]:
    """``wrap`` on at most ``most`` lines: what does not fit on them goes on the last, shortened
    with an ellipsis.  Kept (``laid_out``)."""
    return list(laid_out(size, bold, ("at most", value, width, most, break_words),
                         lambda: _wrap_at_most_afresh(value, size, width, most, bold, break_words), len(value)))


def _wrap_at_most_afresh(value: str, size: int, width: int, most: int, bold: bool, break_words: bool) -> list[str]:
    """``wrap_at_most``'s lines, the last one cut where there are more."""
    lines = wrap(value, size, width, bold, break_words)
    if len(lines) > most:
        lines = [*lines[:most - 1], fit(" ".join(lines[most - 1:]), size, width, bold)]
    return lines


def wrap_parts(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``value``, parts joined by ``SEPARATOR``, on lines ``width`` wide broken only between whole
    parts, the separator left out at a break; a part wider than a line alone wrapped by its words
    (``wrap``).  The result card's tally broke inside a part: "Contra Nível 1: ganhou 1 · empatou"
    over "0 · perdeu 0" (``pack_parts`` breaks alike, but leaves out what its lines do not hold).
    A list under a head ("Against Level 1: won 1 · drawn 0 · lost 0") breaks after its head where
    the list then fits one line: "lost 0" alone under the rest read as apart from the head.
    Kept (``laid_out``)."""
    return list(laid_out(size, bold, ("parts", value, width), lambda: _wrap_parts_afresh(value, size, width, bold),
                         len(value)))


def _wrap_parts_afresh(value: str, size: int, width: int, bold: bool) -> list[str]:
    """``wrap_parts``'s lines, each part measured."""
    font = ui_font(size, bold)
    head, colon, listed = value.partition(": ")
    if (colon and SEPARATOR in listed and SEPARATOR not in head and font.size(value)[0] > width
            and font.size(listed)[0] <= width and font.size(head + ":")[0] <= width):
        return [head + ":", listed]
    lines: list[str] = []
    for part in value.split(SEPARATOR):
        joined = f"{lines[-1]}{SEPARATOR}{part}" if lines else part
        if lines and font.size(joined)[0] <= width:
            lines[-1] = joined
        elif font.size(part)[0] <= width:
            lines.append(part)
        else:
            lines += wrap(part, size, width, bold)
    return lines


def names_whole(value: str, names: Iterable[str], size: int, width: int,
                lay: Callable[[str], list[str]], bold: bool = False) -> list[str]:
    """The lines ``lay`` wraps ``value`` into, none broken inside one of ``names`` (players'
    names, "Player 2 (Red)") that fits ``width`` pixels alone: its spaces are no-break ones
    (``NO_BREAK``) while ``lay`` wraps, and plain again in the lines given, so they say the
    words as ``value`` does.  The hot-seat card's session score read "This session: Player 1
    (Blue) 1 - 2 Player" over "2 (Red) · 0 drawn" in an 800x600 window."""
    font = ui_font(size, bold)
    glued = {name: name.replace(" ", NO_BREAK[0]) for name in sorted(set(names), key=len, reverse=True)
             if " " in name and name in value and font.size(name)[0] <= width}
    for name, whole in glued.items():
        value = value.replace(name, whole)
    lines = lay(value)
    for name, whole in glued.items():
        lines = [line.replace(whole, name) for line in lines]
    return lines


def parts_that_fit(parts: list[str], size: int, width: int, kept: int = 1) -> str:
    """``parts`` on one line (``join_parts``), in their order, as many as fit ``width`` pixels
    whole: the first ``kept`` always (cut at the end, ``fit``, only where they alone do not
    fit), then each of the others where it still fits, the rest left out; never a part cut
    inside a word (a saved game's "· Tamanho do tabuleiro: 1…" or "hex-do…" at Larger text)."""
    font = ui_font(size)
    shown = parts[:kept]
    for part in parts[kept:]:
        if part and font.size(join_parts([*shown, part]))[0] <= width:
            shown.append(part)
    return fit(join_parts(shown), size, width)


def fit_words(value: str, size: int, width: int, bold: bool = False, least: str = "") -> str | None:
    """``value`` cut after its last whole word that fits ``width`` pixels with " …" after it (as
    ``fit_moves`` cuts a line of moves), keeping more than its opening ``least``; None where that
    does not fit.  A forfeit's why ("You win (X forfeits: bot played …") says what it can, never
    a word cut inside."""
    font = ui_font(size, bold)
    if font.size(value)[0] <= width:
        return value
    ends = [at for at in range(len(value)) if value[at] == " " and at > len(least) and value.startswith(least)]
    return next((value[:at] + " …" for at in reversed(ends) if font.size(value[:at] + " …")[0] <= width), None)


def fit_names(said: str, names: Iterable[str], size: int, width: int, bold: bool = False, kept: int = 6) -> str | None:
    """``said`` with the ``names`` in it (players' names) shortened alike with an ellipsis, each in
    every place it stands, so that the whole fits ``width`` pixels: a name keeps at least ``kept``
    characters (a name not much longer is kept whole).  None where even so it does not fit: the
    rest of ``said`` is what it says, and is not cut here."""
    font = ui_font(size, bold)
    cuttable = [name for name in set(names) if len(name) > kept + 3 and name in said]
    if font.size(said)[0] <= width:
        return said
    for length in range(max(map(len, cuttable), default=kept) - 1, kept - 1, -1):
        shown = said
        for name in (name for name in cuttable if len(name) > length):
            shown = shown.replace(name, name[:length].rstrip() + "…")
        if font.size(shown)[0] <= width:
            return shown
    return None


def fit_moves(moves: list[str], size: int, width: int, lead: str = "", label: str = "{moves}",
              least: int = 0) -> str:
    """``lead``, then as many of ``moves`` (a line of play, a space apart) as fit in ``width``
    pixels, ended by " …" after the last whole move when the rest does not fit: a line cut inside
    a move ("f4 c3 …" cut to "f4 c") reads as a move that is not there.  ``label``: the words
    the moves stand in ("expects {moves}").  "" when not even ``lead`` and ``least`` moves
    (and the ellipsis) fit."""
    font = ui_font(size)
    for count in range(len(moves), least - 1, -1):
        shown = lead + label.format(moves=" ".join([*moves[:count], *(["…"] if count < len(moves) else [])]))
        if font.size(shown)[0] <= width:
            return shown
    return ""


def pack_parts(parts: list[str], size: int, width: int, most: int = 2) -> list[str]:
    """``parts`` joined by ``SEPARATOR`` (``join_parts``) into at most ``most`` lines of ``width``
    pixels, broken between parts (an option is never split from its value); on the last line a
    part that does not fit whole is left out, as ``parts_that_fit`` leaves it (the replay's
    "Tamanho do tabuleiro: 8 · Abertura: Perpendicu…" in the smallest window), and a part alone
    on a line too narrow for it ends in an ellipsis."""
    lines: list[str] = []
    for part in filter(None, (join_parts([raw]) for raw in parts)):
        joined = join_parts([lines[-1], part]) if lines else part
        if lines and ui_font(size).size(joined)[0] <= width:
            lines[-1] = joined
        elif len(lines) < most:
            lines.append(part)
    return [fit(line, size, width) for line in lines]


def pack_parts_fewest(parts: list[str], size: int, width: int, most: int = 3) -> list[str]:
    """``pack_parts``, or where that takes more lines, each part on the first line with room for
    it (an order changed for a line saved): Trax's options in Portuguese took three lines in
    order ("Tamanho do tabuleiro: 10", the long "Fim do jogo: ...", then "Peça central: lldd"),
    where the first and the last share one, and the game panel fell back from Larger's scale."""
    in_order = pack_parts(parts, size, width, most)
    font, packed = ui_font(size), []
    for part in filter(None, (join_parts([raw]) for raw in parts)):
        at = next((i for i, line in enumerate(packed) if font.size(join_parts([line, part]))[0] <= width), None)
        if at is None:
            packed.append(part)
        else:
            packed[at] = join_parts([packed[at], part])
    return in_order if len(in_order) <= len(packed) or len(packed) > most else [fit(line, size, width) for line in packed]


Word = tuple[Run, tuple[Run, ...]]  # the space before a word (prose or code), and its pieces


def chip_padding(size: int) -> int:
    """The room left and right of inline code inside its chip, at font ``size``."""
    return max(2, size // 6)


def run_width(run: Run, size: int, bold: bool = False) -> int:
    """How wide ``run`` is drawn (``draw_runs``): code in its chip, one monospaced cell a character."""
    if run.code:
        return mono_cell(size) * len(run.text) + 2 * chip_padding(size)
    return prose_width(run.text, size, bold)


@lru_cache(maxsize=4096)
def prose_width(value: str, size: int, bold: bool = False) -> int:
    """How wide ``value`` is in the shell's face, kept: ``wrap_runs`` measures a line again for
    each word it tries on it, and ``draw_runs`` each run it draws, so the prose before a line's
    code chip was measured afresh a dozen times a line (4096 kept: a few pages' runs, ints)."""
    return ui_font(size, bold).size(value)[0]


def _words(runs: tuple[Run, ...]) -> list[Word]:
    """``runs`` cut at their spaces into words, each with the space before it (a space inside
    inline code is code: its chip goes on over it; a no-break space, ``NO_BREAK``, is inside a word)."""
    words: list[tuple[Run, list[Run]]] = [(Run(" "), [])]
    for run in runs:
        for i, piece in enumerate(re.split(f"({_BREAKABLE.pattern})", run.text)):
            if i % 2:
                words.append((Run(" ", run.code), []))
            elif piece:
                words[-1][1].append(Run(piece, run.code))
    return _glued([(space, tuple(pieces)) for space, pieces in words if pieces])


def _glued(words: list[Word]) -> list[Word]:
    """``words`` with each ``GLUE`` word of prose joined to the words either side of it, as
    ``words_of`` joins them: "3 x 3" wraps as one word."""
    joined: list[Word] = []
    gluing = False
    for space, pieces in words:
        glue = len(pieces) == 1 and not pieces[0].code and pieces[0].text in GLUE
        if joined and (glue or gluing):
            before, held = joined[-1]
            joined[-1] = (before, (*held, space, *pieces))
        else:
            joined.append((space, pieces))
        gluing = glue
    return joined


def joined_runs(words: list[Word]) -> tuple[Run, ...]:
    """A line's ``words`` as the runs it is drawn in, without the space before the first;
    neighbours of one kind (prose, code) merged."""
    line: tuple[Run, ...] = ()
    for word in words:
        line = with_word(line, word)
    return line


def with_word(line: tuple[Run, ...], word: Word) -> tuple[Run, ...]:
    """The runs of ``line`` (``joined_runs``'s) with ``word`` added at its end, after its space
    unless the line is empty: a word tried on a line costs its own runs, not the line's again."""
    space, pieces = word
    merged = list(line)
    for run in (space, *pieces) if line else pieces:
        if merged and merged[-1].code == run.code:
            merged[-1] = Run(merged[-1].text + run.text, run.code)
        else:
            merged.append(run)
    return tuple(merged)


def runs_width(runs: tuple[Run, ...], size: int, bold: bool = False) -> int:
    """How wide a line of ``runs`` is drawn."""
    return sum(run_width(run, size, bold) for run in runs)


def wrap_runs(runs: tuple[Run, ...], size: int, width: int, bold: bool = False) -> list[tuple[Run, ...]]:
    """``wrap`` for text with inline code, which wraps like words: greedy, word by word; a last
    word alone takes the one before it when both fit, as ``wrap``'s paragraphs do.  Prose alone
    is ``wrap``'s (the same lines, measured a line at a time rather than a run at a time).  Kept
    (``laid_out``)."""
    return list(laid_out(size, bold, ("runs", runs, width), lambda: _wrap_runs_afresh(runs, size, width, bold),
                         sum(len(run.text) for run in runs)))


def _wrap_runs_afresh(runs: tuple[Run, ...], size: int, width: int, bold: bool) -> list[tuple[Run, ...]]:
    """``wrap_runs``'s lines, each word measured."""
    if not any(run.code for run in runs):
        return [(Run(line),) for line in wrap("".join(run.text for run in runs), size, width, bold)]

    def fits(line: tuple[Run, ...]) -> bool:
        return runs_width(line, size, bold) <= width

    lines: list[list[Word]] = [[]]
    drawn: tuple[Run, ...] = ()  # the last line's words as runs, grown a word at a time
    for word in _words(runs):
        longer = with_word(drawn, word)
        if drawn and not fits(longer):
            lines.append([word])
            drawn = with_word((), word)
        else:
            lines[-1].append(word)
            drawn = longer
    if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) > 1 \
            and fits(joined_runs([lines[-2][-1], lines[-1][0]])):
        lines[-2:] = [lines[-2][:-1], [lines[-2][-1], lines[-1][0]]]
    return [joined_runs(line) for line in lines]


def draw_runs(surface: pygame.Surface, runs: tuple[Run, ...], pos: tuple[int, int], size: int, color: Color,
              code_colors: tuple[Color, Color], bold: bool = False) -> None:
    """One laid-out line of ``runs`` with its top left at ``pos``: prose in the shell's face, inline
    code in the monospaced face (``mono_line``: each character as typed) on a chip.
    ``code_colors``: the chip's fill and its ink."""
    x, y = pos
    height = line_height(size, bold)
    fill, ink = code_colors
    for run in runs:
        width = run_width(run, size, bold)
        if run.code:
            chip = pygame.Rect(x, y + 1, width, height - 2)
            pygame.draw.rect(surface, fill, chip, border_radius=max(2, size // 5))
            text(surface, run.text, (x + chip_padding(size), chip.centery), size, ink, anchor="midleft", mono=True)
        else:
            text(surface, run.text, (x, y), size, color, bold=bold)
        x += width


def line_height(size: int, bold: bool = False) -> int:
    return ui_font(size, bold).get_linesize()
