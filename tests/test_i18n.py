"""Translations: the catalogs cover every marked message, the .mo files are current, gettext reads them."""

from __future__ import annotations

import gettext
import importlib.util
import io
import sys
from pathlib import Path

import pytest

from ui import i18n

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
tool = importlib.util.module_from_spec(spec)
sys.modules["i18n_tool"] = tool  # dataclasses look their module up there
spec.loader.exec_module(tool)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_every_marked_message_is_translated_and_every_mo_is_current():
    assert tool.problems() == []


def test_switching_language():
    assert i18n.set_language("pt") == "pt" and i18n.language() == "pt"
    assert i18n._("Settings") == "Definições"
    assert i18n._("Move {n} of {total}").format(n=3, total=9) == "Jogada 3 de 9"
    assert i18n._("a message nobody translated") == "a message nobody translated"
    assert i18n.set_language("en") == "en" and i18n._("Settings") == "Settings"
    assert i18n.set_language("tlh") == "en"  # unknown languages fall back to English


def test_compiled_catalogs_read_by_gettext_with_plurals_and_context():
    po = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: ui/x.py:1
msgid "Board"
msgstr "Tabuleiro"

msgctxt "piece"
msgid "Stone"
msgstr "Pedra"

msgid "{n} move"
msgid_plural "{n} moves"
msgstr[0] "{n} jogada"
msgstr[1] "{n} jogadas"

#, fuzzy
msgid "Unsure"
msgstr "Incerto"

msgid "Multi"
"line"
msgstr "Várias "
"linhas \\"aspas\\""
'''
    entries = tool.parse_po(po)
    assert tool.parse_po(tool.format_po(entries)) == entries  # the writer reads back the same
    catalog = gettext.GNUTranslations(io.BytesIO(tool.compile_mo(entries)))
    assert catalog.gettext("Board") == "Tabuleiro"
    assert catalog.pgettext("piece", "Stone") == "Pedra"
    assert catalog.ngettext("{n} move", "{n} moves", 1) == "{n} jogada"
    assert catalog.ngettext("{n} move", "{n} moves", 5) == "{n} jogadas"
    assert catalog.gettext("Unsure") == "Unsure"  # fuzzy entries are left out, like msgfmt does
    assert catalog.gettext("Multiline") == 'Várias linhas "aspas"'
