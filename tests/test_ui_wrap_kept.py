"""Wrapped text is kept (``ui.text.laid_out``): a text wrapped again is not measured again, its
lines are those a fresh wrap gives for every size, width and option, and a caller that changes
the list it was given changes nobody else's."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import CountingFont
from ui import text as tx
from ui.markdown import Run

TITLE = "Standings (Elo mean 0 with its 95% interval, from 8 games on)"
PATH = "Could not save: /home/teacher/tournaments/a-very-long-folder-name/league-2026-12-07.jsonl"
PARTS = "Against Level 1: won 1 · drawn 0 · lost 0 · forfeits 0"
RUNS = (Run("Type "), Run("a1 b2", code=True), Run(" to play the two moves, then Enter to see the board"))


def test_a_text_wrapped_again_is_not_measured_again_and_each_caller_has_its_own_lines(monkeypatch):
    """The tournament's running screen wrapped its panels' titles some twenty times a frame, each
    word measured each time.  The same text at the same size and width is measured once; the
    lines a caller changes are not the next caller's."""
    font = CountingFont()
    monkeypatch.setattr(tx, "ui_font", lambda size, bold=False, mono=False: font)
    wraps = (lambda: tx.wrap(TITLE, 15, 140), lambda: tx.wrap_at_most(TITLE, 15, 140, 2),
             lambda: tx.wrap_parts(PARTS, 15, 140))
    given = [wrapped() for wrapped in wraps]
    measured = font.measured
    assert measured > 0 and all(len(lines) > 1 for lines in given), given
    for lines in given:  # changed by their callers
        lines[0] = ""
        lines.append("changed")
    again = [wrapped() for wrapped in wraps]
    assert font.measured == measured
    tx.forget_laid_out()
    assert again == [wrapped() for wrapped in wraps]  # as a fresh wrap has them
    assert font.measured > measured


WRAPS = [
    ("wrap", lambda: tx.wrap(TITLE, 15, 160)),
    ("another width", lambda: tx.wrap(TITLE, 15, 220)),
    ("bold", lambda: tx.wrap(TITLE, 15, 160, bold=True)),
    ("another size", lambda: tx.wrap(TITLE, 13, 160)),
    ("a path", lambda: tx.wrap(PATH, 15, 160)),
    ("its words broken", lambda: tx.wrap(PATH, 15, 160, break_words=True)),
    ("two lines at most", lambda: tx.wrap_at_most(TITLE, 15, 160, 2)),
    ("three lines at most", lambda: tx.wrap_at_most(TITLE, 15, 160, 3)),
    ("three, its words broken", lambda: tx.wrap_at_most(PATH, 15, 160, 3, break_words=True)),
    ("parts", lambda: tx.wrap_parts(PARTS, 15, 160)),
    ("parts, bold", lambda: tx.wrap_parts(PARTS, 15, 160, bold=True)),
    ("runs", lambda: tx.wrap_runs(RUNS, 15, 160)),
    ("runs, bold", lambda: tx.wrap_runs(RUNS, 15, 160, bold=True)),
    ("runs of prose", lambda: tx.wrap_runs((Run(TITLE),), 15, 160)),
]


@pytest.fixture
def fonts():
    pygame.font.init()
    tx.forget_laid_out()
    yield
    tx.forget_laid_out()


def test_kept_lines_are_those_of_a_fresh_wrap_for_every_size_width_and_option(fonts):
    """Every text wrapped in turn, each after the others were kept, has the lines it has wrapped
    with nothing kept: what makes its lines (the size, the width, bold, a word broken, at most
    how many lines, the kind of wrap) tells apart what is kept."""
    fresh = {}
    for name, wrapped in WRAPS:
        tx.forget_laid_out()
        fresh[name] = wrapped()
    assert len({tuple(lines) for lines in fresh.values()}) > len(WRAPS) // 2  # the cases differ
    tx.forget_laid_out()
    for _turn in range(2):
        assert {name: wrapped() for name, wrapped in WRAPS} == fresh


def test_a_text_longer_than_the_store_is_wrapped_at_each_call_and_leaves_the_short_ones_kept(monkeypatch):
    """The wrapped lines were kept for any text however long: a pasted record or a long message,
    each wrapped once, could fill memory.  A text longer than ``LAID_OUT_CHARACTERS`` is measured
    again at each call, kept nowhere, and the short texts drawn at every frame stay kept."""
    font = CountingFont()
    monkeypatch.setattr(tx, "ui_font", lambda size, bold=False, mono=False: font)
    long_text = "e4 " * (tx.LAID_OUT_CHARACTERS // 3 + 1)
    assert len(long_text) > tx.LAID_OUT_CHARACTERS
    short = tx.wrap(TITLE, 15, 140)
    measured = font.measured
    long_lines = tx.wrap(long_text, 15, 140)
    once = font.measured - measured
    assert once > 0 and len(long_lines) > 1
    assert tx.wrap(long_text, 15, 140) == long_lines and font.measured - measured == 2 * once  # measured again
    before = font.measured
    assert tx.wrap(TITLE, 15, 140) == short and font.measured == before  # still kept


def test_the_texts_kept_a_font_are_forgotten_once_their_characters_pass_the_store(monkeypatch):
    """Texts each shorter than the store but together longer (many long messages, each said once)
    are not all kept: past ``LAID_OUT_CHARACTERS`` the font's texts are forgotten at once, and the
    first one is measured again."""
    font = CountingFont()
    monkeypatch.setattr(tx, "ui_font", lambda size, bold=False, mono=False: font)
    third = tx.LAID_OUT_CHARACTERS // 3
    texts = [(f"{n} " + "d3 " * third)[:third] for n in range(4)]  # each a third of the store
    for text in texts[:3]:
        tx.wrap(text, 15, 140)
    measured = font.measured
    tx.wrap(texts[0], 15, 140)
    assert font.measured == measured  # three thirds: all kept
    tx.wrap(texts[3], 15, 140)
    measured = font.measured
    tx.wrap(texts[0], 15, 140)
    assert font.measured > measured  # a fourth third forgot them
