"""The shell's button: its label, and the key that presses it beside the label unless the label
already names that key ("End  End"); the arrows and the space bar are named in the window's
language, other keys as their caps print them (Portuguese "Fim  End")."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import CountingFont, recorded_text, words_in
from ui import i18n
from ui.theme import DARK
from ui.widgets import Button


@pytest.fixture
def drawn(monkeypatch):
    pygame.init()
    words = recorded_text(monkeypatch)
    return words


def press(label: str, key: str, drawn: list[str]) -> list[str]:
    drawn.clear()
    button = Button(label, lambda: None, key, rect=pygame.Rect(0, 0, 240, 40))
    button.draw(pygame.Surface((300, 60)), DARK, 1.0)
    return list(drawn)


def test_a_key_hint_is_shown_beside_the_label(drawn):
    assert press("Next", "Right", drawn) == ["Next", "Right"]
    assert press("Undo", "U", drawn) == ["Undo", "U"]


def test_in_portuguese_the_arrows_are_words_and_printed_keys_keep_their_names(drawn):
    with words_in("pt"):
        assert press("Seguinte", "Right", drawn) == ["Seguinte", "Direita"]
        assert press("Fim", "End", drawn) == ["Fim", "End"]
        assert press("Início", "Home", drawn) == ["Início", "Home"]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_label_that_names_its_key_is_not_followed_by_it_again(drawn, language):
    with words_in(language):
        for label, key in (("End", "End"), ("Start", "Home")):
            shown = press(i18n._(label), key, drawn)
            assert len(shown) == len(set(s.casefold() for s in shown)), shown


def test_a_long_message_wraps_instead_of_losing_its_end():
    """A damaged settings file's report ended "...foi movido p…" at 800x560: where the file went,
    and that the defaults are used, were cut off.  A long message wraps, every word kept."""
    from ui import text as tx
    from ui.widgets import Messages

    pygame.font.init()
    text = ("Settings file was unreadable (Expecting property name enclosed in double quotes: line 1 column 36 "
            "(char 35)); moved to settings.json.corrupt-20261126-184809; using defaults.")
    scale, width = 0.7, 640
    lines = Messages.lines(text, scale, width)
    assert len(lines) > 1 and " ".join(lines) == text
    room = width - int(32 * scale)
    assert all(tx.ui_font(Messages.text_size(scale)).size(line)[0] <= room for line in lines)
    messages = Messages()
    messages.add(text, "error")
    assert messages.height(scale, width) > Messages.line_height(scale)
    surface = pygame.Surface((800, 560))
    messages.draw(surface, DARK, (400, 540), scale, width)


def test_a_message_expiring_while_it_is_drawn_does_not_break_the_draw(monkeypatch):
    """The fade was worked out from a second clock reading, after the list of live messages: a
    message that expired in between had a negative alpha ("invalid color argument")."""
    import ui.widgets as widgets

    pygame.init()
    messages = widgets.Messages()
    messages.add("Hint: d3", duration=1.0)
    start = widgets.time.monotonic()
    messages.items[-1].since = start - 1.0 + 0.012  # 12 ms left
    readings = iter(start + 0.01 * k for k in range(1, 100))  # each reading 10 ms after the last
    monkeypatch.setattr(widgets.time, "monotonic", lambda: next(readings))
    messages.draw(pygame.Surface((800, 600)), DARK, (400, 500), 1.0, 600)


def test_a_long_text_is_cut_to_the_longest_start_that_fits():
    from ui import text as tx

    pygame.init()
    font = tx.ui_font(16)
    for value in ("x" * 16000, "a move " * 2000, "Reversi: é ç ã " * 50):
        cut = tx.fit_font(value, font, 200)
        assert cut.endswith("…") and value.startswith(cut[:-1])
        assert font.size(cut)[0] <= 200 < font.size(value[:len(cut)] + "…")[0]  # one more would not fit
    assert tx.fit_font("short", font, 200) == "short"


def test_every_sides_winner_label_stands_out_from_its_card_in_both_themes():
    """Black's "winner" on the dark theme was dark grey on dark grey (and White's on the light one)."""
    from ui.scenes.panel_cards import NAMED_COLOURS
    from ui.theme import THEMES
    from ui.widgets import legible, lightness, mix

    for theme in THEMES.values():
        card = mix(theme.panel, theme.text, 0.06)
        for colour in (*NAMED_COLOURS.values(), theme.side0, theme.side1):
            shown = legible(mix(colour, theme.text, 0.25), card, theme.text)
            assert abs(lightness(shown) - lightness(card)) >= 0.3, (theme.name, colour, shown)


def test_a_label_a_little_too_long_for_its_key_is_set_smaller_before_the_key_is_left_out(drawn):
    """"Árvore de pesquisa" filled its button at 800x560 and its T was left out, where the Keys page
    says every button shows its key."""
    from ui import text as tx

    label, size = "Árvore de pesquisa", tx.small(15, 0.7)
    width = tx.ui_font(size - 1, True).size(label)[0] + tx.ui_font(9).size("T")[0] + int(8 * 0.7) + 8
    assert tx.ui_font(size, True).size(label)[0] + tx.ui_font(9).size("T")[0] + int(8 * 0.7) > width - 7
    button = Button(label, lambda: None, "T", rect=pygame.Rect(0, 0, width, 30))
    button.draw(pygame.Surface((300, 60)), DARK, 0.7)
    assert drawn == [label, "T"]
    drawn.clear()
    Button(label, lambda: None, "T", rect=pygame.Rect(0, 0, width // 2, 30)).draw(pygame.Surface((300, 60)), DARK, 0.7)
    assert len(drawn) == 1  # far too long: the key is left out, as before,
    assert drawn[0].endswith("…") and label.startswith(drawn[0][:-1])  # and the label cut short, not run over the edges
    assert tx.ui_font(tx.SMALLEST, True).size(drawn[0])[0] <= width // 2


BOT_ERROR = ("/home/ana/Documentos/IA/trabalho2/alunos/jogador_minimax.py: SyntaxError: expected ':' (at "
             "jogador_minimax.py line 128); log: /home/ana/.cache/tabuleiro/bots/20261203-141943-alunos-"
             "jogador_minimax-5k0y3hw4.log")


@pytest.mark.parametrize("width", [300, 640])
def test_a_message_naming_long_paths_shows_them_whole(width):
    """New game's message for a bot that fails to load, over the games' cards at 800x560, ended
    "…/trabalho2/alun…" and "log: /home/ana/.cache/tab…": its file, line and log were cut.  A path
    wider than the pill breaks over lines, every character kept and every line inside the pill."""
    from ui import text as tx
    from ui.widgets import Messages

    pygame.font.init()
    scale = 0.7
    lines = Messages.lines(BOT_ERROR, scale, width)
    assert "".join(lines).replace(" ", "") == BOT_ERROR.replace(" ", "")
    room = width - int(32 * scale)
    assert all(tx.ui_font(Messages.text_size(scale)).size(line)[0] <= room for line in lines)


def test_a_message_too_long_for_its_lines_says_a_click_copies_it(app, monkeypatch):
    """A message longer than its pill's lines can hold ends saying so, and a click on it puts its
    whole text on the clipboard (and says that), the screen under it untouched."""
    from tests.ui_helpers import click
    from ui import clipboard, i18n
    from ui.scenes.setup import SetupScene
    from ui.widgets import COPY_HINT

    copied = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    for language in ("en", "pt"):
        with words_in(language):
            scene = SetupScene(app, game_id="tictactoe")
            app.switch(scene)
            text = " ".join([BOT_ERROR] * 3)
            app.messages.add(text, "error", duration=30.0)
            app.run_frames(2)
            lines = app.messages.lines(text, app.scale, app.messages_width())
            hint = " ".join(i18n._(COPY_HINT).split())
            assert " ".join(lines).endswith(hint)
            [(rect, _m)] = app.messages._cut_rects
            click(app, rect.center)
            assert copied[-1] == text and scene.info.id == "tictactoe"  # the card under it not picked
            assert app.messages.current()[-1].text == i18n._("Copied: paste it anywhere to read the whole message")
            app.messages.items.clear()


def test_a_field_holding_a_huge_paste_shows_its_end_measuring_it_a_few_times(monkeypatch):
    """fit_tail measured the text again after each character it cut: a 256 KB paste in a text
    field was measured some 256 thousand times a frame and the window froze."""
    from ui import text as tx
    from ui.text_field import fit_tail

    font = CountingFont()
    monkeypatch.setattr(tx, "ui_font", lambda size: font)
    value = "".join(f"{n} " for n in range(50_000))
    shown = fit_tail(value, 16, 300)
    assert shown.startswith("…") and value.endswith(shown[1:])
    assert font.size(shown)[0] <= 300 < font.size("…" + value[-len(shown):])[0]  # the longest end that fits
    assert font.measured < 60


def test_fit_tail_keeps_the_longest_end_that_fits_with_a_real_font():
    from ui import text as tx
    from ui.text_field import fit_tail

    pygame.font.init()
    value = "Wide WWW and narrow iii, then ações e 🎲 at the end"
    font = tx.ui_font(18)
    for width in (40, 120, 260):
        shown = fit_tail(value, 18, width)
        longest = next("…" + value[cut:] for cut in range(len(value)) if font.size("…" + value[cut:])[0] <= width)
        assert shown == longest


def test_a_message_cut_short_never_runs_its_next_paragraph_into_its_last_line():
    """A message of a line each (a player's faults) in a lane of fewer lines read as one sentence
    ("... (at faulty.py line 7) faulty, 1 game (2): played…"): its last line shown ends with its
    own paragraph and an ellipsis; a paragraph too long for that line is cut as before."""
    from ui.widgets import COPY_HINT, Messages

    pygame.font.init()
    first, second = "faulty, 1 game (1): crashed", "faulty, 1 game (2): played an illegal move 'zz99' at move 1"
    assert Messages._layout(f"{first}\n{second}", 1.0, 800, most=1) == ((f"{first} … (click to copy it all)",), True)
    third = "faulty, 1 game (3): " + "took too long " * 20
    lines, cut = Messages._layout(f"{first}\n{third}", 1.0, 800, most=3)  # the last: a click copies it whole
    assert cut and lines[0] == first and lines[1].startswith("faulty, 1 game (3): took") and lines[1].endswith("…")
    assert lines[2] == i18n._(COPY_HINT)
