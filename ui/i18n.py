"""Translations through gettext: ``_("New game")`` returns the text in the chosen language.

    from ui.i18n import _, N_, set_language
    set_language("pt")              # from the settings; unknown codes fall back to English
    label = _("Settings")           # at draw time, so a language change shows at once

Catalogs live in ``assets/locale/<lang>/LC_MESSAGES/tabuleiro.po`` (the text translators edit)
and the compiled ``tabuleiro.mo`` beside it (``python tools/i18n.py compile``; a test checks the
committed .mo matches the .po).  ``python tools/i18n.py extract`` collects every ``_("...")`` and
``N_("...")`` in the code, and the texts the window shows from the games' and players' catalogs,
adds new ones to the catalogs and makes obsolete (``#~``) the entries none of them uses: a text
translated later through ``_(variable)`` must be marked where it is written, with ``N_``.  One
English word that Portuguese says two ways is said in a context, ``pgettext("replay", "Play")``
(a replay playing by itself, "Reproduzir", beside the "Play" that starts a game, "Jogar"), with
literal strings.

English is the source language: a missing translation shows the English text, never an error.
Strings kept in module constants are marked with ``N_`` (which returns them unchanged) and
passed through ``_`` where they are drawn; a singular and plural pair with ``N_plural``, said
through ``ngettext``.  A message said once and shown for a while follows a change of language:
``said_again`` finds a text of the catalog in the new language, and a ``Phrase`` (a sentence
with another catalog text inside it) is made again whole by what made it.
"""

from __future__ import annotations

import gettext
import logging
import os
import re
import struct
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from string import Formatter

from ui.paths import asset_path

log = logging.getLogger(__name__)

DOMAIN = "tabuleiro"
LANGUAGES = (("en", "English"), ("pt", "Português"))

_current = "en"
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(code: str) -> str:
    """Use ``code``'s catalog from now on; returns the language actually in use."""
    global _current, _translation
    if code not in dict(LANGUAGES):
        log.info("language %r is not available; using English", code)
        code = "en"
    if code == "en":
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, localedir=str(asset_path("locale")), languages=[code],
                                           fallback=True)
        if type(_translation) is gettext.NullTranslations:
            log.info("no catalog for %r under %s; using English", code, asset_path("locale"))
            code = "en"
    _current = code
    return code


def system_language() -> str:
    """The desktop's language when we have its catalog, else English: what the first start shows
    (afterwards the settings remember the player's choice).

    As gettext reads it on POSIX: the ``LANGUAGE`` list first (its first language we have), then
    the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set ("C" and "POSIX" mean English);
    then the platform's own setting on Windows and macOS, where a program started from the desktop
    usually has none of those variables."""
    ours = dict(LANGUAGES)
    for entry in os.environ.get("LANGUAGE", "").split(":"):
        if _code(entry) in ours:
            return _code(entry)
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            code = "en" if value in ("C", "POSIX") or value.startswith("C.") else _code(value)
            return code if code in ours else "en"
    code = _platform_language()
    return code if code in ours else "en"


def _code(locale_name: str) -> str:
    """"pt_PT.UTF-8@euro" -> "pt"."""
    return locale_name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def _platform_language() -> str:
    try:
        if sys.platform == "win32":
            import ctypes

            primary = ctypes.windll.kernel32.GetUserDefaultUILanguage() & 0x3FF  # a Windows LANGID
            return {0x09: "en", 0x16: "pt"}.get(primary, "")
        if sys.platform == "darwin":
            run = subprocess.run(["defaults", "read", "-g", "AppleLocale"], capture_output=True, text=True,
                                 timeout=2)
            return _code(run.stdout.strip())
    except (OSError, AttributeError, subprocess.SubprocessError) as exc:
        log.info("the system's language is unknown: %s", exc)
    return ""


def language() -> str:
    """The code of the language in use ("en", "pt")."""
    return _current


def _(message: str) -> str:
    """``message`` in the current language (English if there is no translation)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` said in ``context``, in the current language: one English word that another
    language says two ways (a replay's "Play", the game played back by itself, is not the "Play"
    that starts a game); English if there is no translation."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools look for
    """Mark ``message`` for translation without translating it yet (module constants)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - marked like N_
    """Mark a message with a plural for translation without translating it yet, as ``N_`` does
    one without: a pair kept in a module constant and said later by ``ngettext(*pair, n)``."""
    return singular, plural


DECIMAL_COMMA = frozenset({"pt"})  # languages that write 0,5 and 60.000 where English writes 0.5 and 60,000
_SEPARATORS_SWAPPED = str.maketrans(".,", ",.")


def number_text(value: float, spec: str = "") -> str:
    """``value`` formatted by ``spec`` ("g", ".1f", ",") with the current language's separators."""
    return localized(format(value, spec))


def date_text(moment: datetime) -> str:
    """A date and time as the current language writes them: "2026-12-03 14:05" in English,
    "03/12/2026 14:05" in Portuguese (the lists of saved and unfinished games and tournaments)."""
    return _("{year}-{month}-{day} {hour}:{minute}").format(
        year=f"{moment.year:04d}", month=f"{moment.month:02d}", day=f"{moment.day:02d}",
        hour=f"{moment.hour:02d}", minute=f"{moment.minute:02d}")


def given_date_text(given: str) -> str:
    """A date a file gave to the year, month or day only (``2003``, ``2003-05``, ``2003-05-06``:
    ``GameRecord.date_given``) as the current language writes it, to that and no more: "05/2003"
    in Portuguese, never a first day or an hour the file did not give."""
    year, month, day = ([*given.split("-"), "", ""])[:3]
    if day:
        return _("{year}-{month}-{day}").format(year=year, month=month, day=day)
    if month:
        return _("{year}-{month}").format(year=year, month=month)
    return year


def localized(text: str) -> str:
    """A number written the English way ("1.01", "60,000") with the current language's separators."""
    return text.translate(_SEPARATORS_SWAPPED) if _current in DECIMAL_COMMA else text


class Phrase(str):
    """The text ``make`` says in the current language, which keeps ``make`` to say it again in
    another (``again``): a sentence of the catalog with another of its texts inside ("Could not
    autosave the game: {error}", the error said by ui.words), which the catalog's patterns
    (``said_again``) said again only in part, the inner text left in the old language.  A plain
    str to everything else; ``Messages.add`` says it again whole after a language switch."""

    again: Callable[[], str]

    def __new__(cls, make: Callable[[], str]) -> Phrase:
        said = super().__new__(cls, make())
        said.again = make
        return said


def said_again(text: str, was: str) -> str:
    """``text``, which the window said in the language ``was``, in the current language: a message
    on screen as the language changes follows it (ui.widgets.Messages).  Found in the catalog as
    a whole text, else as a text with fields ("Deleted {name}": the name kept as it was said, or
    said again where the catalog holds it, ``_field_said_again``); the most specific pattern
    first, as ui.words matches the games' reasons.  A text the catalog does not hold is kept as it is."""
    if was == _current:
        return text
    whole, templates = _said_pairs(was, _current)
    if text in whole:
        return whole[text]
    for pattern, now in templates:
        found = pattern.fullmatch(text)
        if found:
            try:
                return now.format(**{name: _field_said_again(value, whole, was)
                                     for name, value in found.groupdict().items()})
            except (KeyError, IndexError, ValueError):
                continue
    return text


def _field_said_again(value: str, whole: dict[str, str], was: str) -> str:
    """A field of a text said in ``was`` (``said_again``), in the current language: a whole text of
    the catalog (``whole``), or a form's label and its choice ("Text size: Larger", "Time per
    move: 0.1 s": the catalog holds "Text size", "Larger", not the two joined), each said again, a
    number the catalog does not hold with the current language's separators ("0,1 s", as
    ``localized`` writes it).  The end of a form's range, "Text size: Larger already, the
    largest", read "Text size: Larger já é o máximo" after a change of language."""
    if value in whole:
        return whole[value]
    title, colon, choice = value.rpartition(": ")
    if colon and title in whole:
        return whole[title] + colon + _choice_said_again(choice, whole, was)
    return value


def _choice_said_again(choice: str, whole: dict[str, str], was: str) -> str:
    """A form's choice said in ``was`` in the current language: the catalog's, else a number with
    the current language's separators."""
    if choice in whole:
        return whole[choice]
    if any(c.isdigit() for c in choice) and (was in DECIMAL_COMMA) != (_current in DECIMAL_COMMA):
        return choice.translate(_SEPARATORS_SWAPPED)
    return choice


@lru_cache(maxsize=4)
def _said_pairs(was: str, now: str) -> tuple[dict[str, str], list[tuple[re.Pattern, str]]]:
    """The catalog's texts as said in ``was`` and in ``now``: whole texts, and the patterns of the
    texts with fields (most literal characters first) with their template in ``now``."""
    whole: dict[str, str] = {}
    templates: list[tuple[int, re.Pattern, str]] = []
    before, after = _forms(was), _forms(now)
    for original, forms in before.items():
        for said, now_said in zip(forms, after.get(original, ()), strict=False):
            if "{" not in said:
                whole.setdefault(said, now_said)
                continue
            pattern = _pattern(said)
            if pattern is not None:
                templates.append((-len(re.sub(r"\{[^}]*\}", "", said)), pattern, now_said))
    templates.sort(key=lambda t: t[0])
    return whole, [(pattern, now_said) for _length, pattern, now_said in templates]


def _pattern(template: str) -> re.Pattern | None:
    """A regular expression matching what ``template`` formats to, a named group per field; None
    for a template whose fields are not plain names (``{0}``, ``{a.b}``) or that is not one."""
    parts, seen = [], set()
    try:
        for literal, name, _spec, _conversion in Formatter().parse(template):
            parts.append(re.escape(literal))
            if name is None:
                continue
            if not name.isidentifier():
                return None
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
    except ValueError:
        return None
    return re.compile("".join(parts), re.DOTALL) if seen else None


@lru_cache(maxsize=4)
def _forms(code: str) -> dict[str, list[str]]:
    """Each catalog entry (its English text, as the .mo keys it) and its forms in ``code`` (a
    plural's several); English's from any other language's catalog."""
    if code != "en":
        return _mo_entries(code)
    others = [c for c, _name in LANGUAGES if c != "en"]
    entries = _mo_entries(others[0]) if others else {}
    return {original: [form.rpartition("\x04")[2] for form in original.split("\x00")] for original in entries}


def _mo_entries(code: str) -> dict[str, list[str]]:
    """The compiled catalog of ``code`` read as it is stored: each original (``context\\x04``
    before it, a plural's two English forms joined by a NUL) with its translated forms; gettext
    keeps no plural's English form.  Empty when there is none."""
    path = asset_path("locale") / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        data = path.read_bytes()
        order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
        count, originals, translations = struct.unpack(order + "3I", data[8:20])
        entries = {}
        for i in range(count):
            length, start = struct.unpack(order + "2I", data[originals + 8 * i:originals + 8 * i + 8])
            original = data[start:start + length].decode("utf-8")
            length, start = struct.unpack(order + "2I", data[translations + 8 * i:translations + 8 * i + 8])
            if original:  # not the header
                entries[original] = data[start:start + length].decode("utf-8").split("\x00")
        return entries
    except (OSError, struct.error, UnicodeDecodeError) as exc:
        log.info("the catalog of %r could not be read to say messages again: %s", code, exc)
        return {}
