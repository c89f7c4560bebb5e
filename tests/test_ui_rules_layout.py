"""The rules screen's layout, kept: a page shown again is not laid out again, what is kept is
what a fresh layout gives (after a change of language or window size too), and a page drawn from
what is kept is, pixel for pixel, the page drawn with nothing kept.  The wrapping of text with
inline code (``ui.text.wrap_runs``), which the kept layout grows a word at a time, stays greedy."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.ui_helpers import key, make_app
from ui import i18n, markdown, theme
from ui import text as tx
from ui.scenes import rules
from ui.scenes.base import KEYS_PAGE
from ui.scenes.rules import RulesScene, page_lines, rules_source

CODE_PAGE = "trax"  # a page with inline code (chips) in both languages, and a picture


@pytest.fixture(params=["en", "pt"])
def language(request):
    """The window's language for the test, set back to English after it."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def wraps_counted(monkeypatch) -> list[int]:
    """A list that grows by one at every block the rules screen wraps (``ui.text.wrap_runs``)."""
    calls: list[int] = []
    wrap_runs = tx.wrap_runs

    def counted(*args, **kwargs):
        calls.append(1)
        return wrap_runs(*args, **kwargs)

    monkeypatch.setattr(tx, "wrap_runs", counted)
    return calls


def test_a_page_shown_again_is_not_laid_out_again(tmp_path, monkeypatch, language):
    """Left and Right between the pages parsed and wrapped the page at every showing, its text
    measured word by word: most of a switch's time since the pages have code chips.  A page
    shown again now comes as it was laid out, and it is laid out as a fresh layout lays it out."""
    app = make_app(tmp_path, monkeypatch)
    try:
        app.switch(RulesScene(app, CODE_PAGE))
        app.run_frames(2)
        key(app, pygame.K_RIGHT)
        wraps = wraps_counted(monkeypatch)
        key(app, pygame.K_LEFT)
        assert app.scene.game_id == CODE_PAGE
        assert wraps == []
        assert app.scene.lines == fresh_lines(app.scene)
    finally:
        app.quit()


def fresh_lines(scene: RulesScene) -> tuple[rules.Line, ...]:
    """``scene``'s page laid out now, from nothing kept."""
    return page_lines.__wrapped__(scene.game_id, rules_source(scene.game_id), scene.text_rect.width,
                                  scene.app.scale, scene.app.theme)


def test_the_layout_kept_follows_the_language_and_the_window_size(tmp_path, monkeypatch):
    """What is kept is by page text, width, scale and theme: the same page in Portuguese, or in a
    smaller window, is laid out for it, not shown as it was kept for English at 1280x800."""
    app = make_app(tmp_path, monkeypatch)
    try:
        app.switch(RulesScene(app, CODE_PAGE))
        app.run_frames(2)
        english = app.scene.lines
        i18n.set_language("pt")
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_LEFT)
        assert app.scene.lines != english and app.scene.lines == fresh_lines(app.scene)
        app.scene.resize((900, 640))
        assert app.scene.lines == fresh_lines(app.scene)
    finally:
        app.quit()
        i18n.set_language("en")


def drawn_page(scene: RulesScene) -> bytes:
    """The rules screen drawn once on a surface of its own, as RGB bytes."""
    surface = pygame.Surface(scene.app.size)
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_a_page_drawn_from_what_is_kept_is_the_page_drawn_afresh(tmp_path, monkeypatch, language):
    """The same pixels, for a page with code chips: drawn at its first showing (nothing kept yet),
    drawn again when shown again, and drawn with every kept thing (the layout, the prose's widths,
    the chips' colours) bypassed."""
    for kept in (page_lines, tx.prose_width, theme.code_chip):
        kept.cache_clear()
    app = make_app(tmp_path, monkeypatch)
    try:
        app.switch(RulesScene(app, CODE_PAGE))
        assert any(run.code for line in app.scene.lines for run in line.runs)  # chips on the page drawn
        first = drawn_page(app.scene)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_LEFT)
        again = drawn_page(app.scene)
        monkeypatch.setattr(rules, "page_lines", page_lines.__wrapped__)
        monkeypatch.setattr(tx, "prose_width", tx.prose_width.__wrapped__)
        monkeypatch.setattr(rules, "code_chip", theme.code_chip.__wrapped__)
        app.scene.select(CODE_PAGE)
        afresh = drawn_page(app.scene)
        assert first == again == afresh
    finally:
        app.quit()


def code_blocks() -> list[markdown.Block]:
    """The blocks with inline code of every game's page and the keys page, in the window's language."""
    pages = [*(info.id for info in games.catalog()), KEYS_PAGE]
    return [block for page in pages for block in markdown.parse(rules_source(page))
            if any(run.code for run in block.runs)]


@pytest.mark.parametrize("width", [160, 420, 700])
def test_text_with_code_wraps_greedily_a_word_at_a_time(language, width):
    """``wrap_runs`` tries each word on the line as the runs the line has so far, not the line
    joined again from its words: the lines are still the greedy ones.  Every word is kept in
    order, a line is no wider than ``width`` (but a word alone), and the first word of the next
    line would not have fitted on it (but where a last word alone took the one before it)."""
    pygame.font.init()
    size = 17
    for block in code_blocks():
        words = tx._words(block.runs)
        lines = tx.wrap_runs(block.runs, size, width)
        assert [pieces for _space, pieces in words] == [pieces for line in lines for _space, pieces in tx._words(line)]
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(tx._words(line)))
            assert tx.runs_width(line, size) <= width or len(tx._words(line)) == 1
        for i in range(len(lines) - 1):
            taken_for_the_last = i == len(lines) - 2 and len(tx._words(lines[-1])) == 2
            longer = tx.with_word(lines[i], words[starts[i + 1]])
            assert tx.runs_width(longer, size) > width or taken_for_the_last


def has_glue(block: markdown.Block) -> bool:
    """Whether ``block`` has a ``tx.GLUE`` word among its words (a space apart, any space)."""
    return any(word in tx.GLUE for word in "".join(run.text for run in block.runs).split())


def test_no_line_of_a_rules_page_parts_a_size_or_a_count(language, monkeypatch):
    """The pages write a board's size and k with spaces ("3 x 3 with k = 3", "m >= 5"), and a
    page broke them over lines: "3 x" on one line, "3 with k =" on the next.  A ``tx.GLUE`` word
    keeps the words either side of it on its line, at every width, in both languages.

    Each page is laid out as the screen lays it out (``page_lines``: its blocks' sizes, indents and
    widths) from its blocks with a GLUE word only: a line's words are its block's, so a line of
    a block without one can neither start nor end with one, and wrapping the others (ten blocks in
    eleven) at 73 widths was most of the test's time."""
    pygame.font.init()
    parse = markdown.parse
    monkeypatch.setattr(markdown, "parse", lambda source: [block for block in parse(source) if has_glue(block)])
    pages = [info.id for info in games.catalog()]
    glue = tuple(tx.GLUE)
    glued_lines = 0
    for width in range(250, 900, 9):
        for page in pages:
            texts = [line.text for line in page_lines.__wrapped__(page, rules_source(page), width, 1.0,
                                                                   theme.THEMES["dark"])
                     if line.kind not in ("gap", "picture")]
            glued_lines += sum(any(word in tx.GLUE for word in text.split()) for text in texts)
            parted = [text for text in texts if text.endswith(tuple(f" {g}" for g in glue))
                      or text.startswith(tuple(f"{g} " for g in glue))]
            assert not parted, (page, width, parted)
    assert glued_lines > 0  # the pages still write sizes and counts with GLUE words
