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
English word that Portuguese says two ways is said in a context, ``pgettext("replay", "Back")``
(a move back, "Anterior", beside the "Back" that leaves a screen, "Voltar"), with literal strings.

English is the source language: a missing translation shows the English text, never an error.
Strings kept in module constants are marked with ``N_`` (which returns them unchanged) and
passed through ``_`` where they are drawn.
"""

from __future__ import annotations

import gettext
import logging
import os
import subprocess
import sys
from datetime import datetime

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
    language says two ways (a replay's "Back", one move back, is not the "Back" that leaves a
    screen); English if there is no translation."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools look for
    """Mark ``message`` for translation without translating it yet (module constants)."""
    return message


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


def localized(text: str) -> str:
    """A number written the English way ("1.01", "60,000") with the current language's separators."""
    return text.translate(_SEPARATORS_SWAPPED) if _current in DECIMAL_COMMA else text
