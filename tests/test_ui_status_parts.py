"""The lines made of parts ("Your move (Blue) · Enter to type it"): joined by one helper
(``ui.text.join_parts``) with no stray full stop, doubled or dangling separator, and the line
under the board whole on one row where it can be: Alquerque's first prompt in Portuguese read
"... (ou só no último). · Cima ou Baixo: ..." on two rows at 1280x800."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pygame
import pytest

import games
from ai.match import random_line
from tests.test_ui_board_cursor import CHAIN
from tests.test_ui_text_size import drawn_texts, overlapping
from tests.ui_helpers import in_language, key, make_app_of, resign_by_keys, words_in
from ui import i18n
from ui import text as tx
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.panel_cards import BADGE_GAP
from ui.scenes.panel_search import idle_headline

BAD_JOINS = re.compile(r"(?<!\.)\.\s*·|·\s*·|^\s*·|·\s*$")
"""A full stop (not an ellipsis's) before a separator, two separators with nothing between, one
at either end."""


def badly_joined(line: str) -> bool:
    return bool(BAD_JOINS.search(line))


COUNT_CUT = re.compile(r"(ganhou|empatou|perdeu)$|^\d")
"""A tally's line broken inside a part: a count's word at a line's end, or its number at the next's start."""


@pytest.mark.parametrize("parts, joined", [
    (["Click a piece (or just its last point).", "Up or Down: a cursor on the board"],
     "Click a piece (or just its last point) · Up or Down: a cursor on the board"),
    (["depth 7", "", "  ", " · ", "best e4"], "depth 7 · best e4"),
    (["· Black +6 discs ·", "Thinking…"], "Black +6 discs · Thinking…"),
    (["Wait...", "then play."], "Wait... · then play."),
    (["", ""], ""),
])
def test_parts_are_joined_with_no_stray_stop_or_separator(parts, joined):
    assert tx.join_parts(parts) == joined
    assert not badly_joined(joined)


WRITTEN_SEPARATOR = re.compile(r"\s+·\s+")  # a separator written as a string of its own, of any width
def separators_written_again(root: Path) -> list[str]:
    """Where a module of the window writes a separator of its own (``" · ".join``, ``f"{a} · {b}"``,
    Trax's ``"  ·  "``) instead of ``ui.parts``' one: "file:line 'text'"."""
    found = []
    for path in sorted((root / "ui").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name == "ui/parts.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and WRITTEN_SEPARATOR.fullmatch(node.value):
                found.append(f"{name}:{node.lineno} {node.value!r}")
    return found


def test_every_line_of_parts_is_joined_by_the_one_separator():
    """ui.text had SEPARATOR and join_parts, yet six modules wrote " · " again and the Trax
    picker's line "  ·  ", wider than every other line's: one separator, ``ui.parts``', pygame-free
    so that the words the command line prints too (``ui.words``, ``ui.tally``) take it."""
    assert separators_written_again(Path(__file__).resolve().parent.parent) == []


def test_packed_parts_break_between_parts_with_no_stray_stop_or_separator():
    lines = tx.pack_parts(["Width: 7.", "", "Height: 6 ·", "In a row to win: 4"], 13, 10_000)
    assert lines == ["Width: 7 · Height: 6 · In a row to win: 4"]


def test_parts_packed_in_fewest_lines_change_their_order_only_for_a_line_saved():
    """Trax's options in Portuguese: the long middle one alone, the first and the last together."""
    pygame.font.init()
    parts = ["Tamanho do tabuleiro: 10", "Fim do jogo: Primeiro circuito ou linha", "Peça central: lldd"]
    width = max(tx.ui_font(13).size(line)[0] for line in (parts[1], tx.join_parts([parts[0], parts[2]])))
    assert len(tx.pack_parts(parts, 13, width, most=3)) == 3
    assert tx.pack_parts_fewest(parts, 13, width) == [tx.join_parts([parts[0], parts[2]]), parts[1]]
    assert tx.pack_parts_fewest(parts, 13, 10_000) == tx.pack_parts(parts, 13, 10_000)  # in order where that is as short


def test_a_tally_breaks_between_whole_parts_at_every_width():
    """The result card's tally at every width from the least that holds it on two lines to one
    wide for it all: at some widths it read "Contra Nível 1: ganhou 1 · empatou" over "0 · perdeu 0",
    at others "... perdeu" over "0"; every line now holds whole parts."""
    from ui.scenes.game_over import reason_lines

    pygame.font.init()
    tally = "Contra Nível 1: ganhou 1 · empatou 0 · perdeu 0"
    font = tx.ui_font(24)
    least = max(font.size("Contra Nível 1: ganhou 1")[0], font.size("empatou 0 · perdeu 0")[0])  # two lines
    for width in range(least, font.size(tally)[0] + 2):
        lines = reason_lines(tally, 24, width)
        assert " ".join(lines).replace("·", "").split() == tally.replace("·", "").split()  # all of it, uncut
        assert not any(COUNT_CUT.search(line) or badly_joined(line) for line in lines), (width, lines)


def test_parts_that_do_not_fit_are_left_out_whole_and_a_later_one_that_fits_is_kept():
    """A Saved games row's detail line: the first part always, then each that still fits whole."""
    pygame.font.init()
    width = tx.ui_font(12).size("12 plies · 2026-12-05 17:04 · hex-1.json")[0]
    parts = ["12 plies · 2026-12-05 17:04", "Board size: 19 (a long option)", "hex-1.json"]
    assert tx.parts_that_fit(parts, 12, width) == "12 plies · 2026-12-05 17:04 · hex-1.json"
    assert tx.parts_that_fit(parts, 12, 10_000) == tx.join_parts(parts)


def test_names_are_cut_alike_in_every_place_they_stand_and_the_rest_never():
    pygame.font.init()
    said = "Hex: Maria Leonor Figueiredo vs João Pedro Vasconcelos · Maria Leonor Figueiredo wins"
    names = ("Maria Leonor Figueiredo", "João Pedro Vasconcelos")
    width = tx.ui_font(16, True).size(said)[0] * 3 // 4
    shown = tx.fit_names(said, names, 16, width, bold=True)
    assert tx.ui_font(16, True).size(shown)[0] <= width
    assert shown.startswith("Hex: Maria") and shown.endswith("… wins") and shown.count("…") == 3
    assert shown.split(" vs ")[0].removeprefix("Hex: ") in shown.split(" · ")[1]  # the winner cut as in the title
    assert tx.fit_names(said, names, 16, 120, bold=True) is None  # not even with six characters each
    assert tx.fit_names("Hex: Ana vs Rui", ("Ana", "Rui"), 16, 10_000) == "Hex: Ana vs Rui"


def status_forms(scene: GameScene) -> list[str]:
    """The forms of the line under the board the scene draws now (longest first)."""
    said: list[list[str]] = []
    side = scene.board_side
    side._status_line = lambda surface, forms, colour: said.append(forms)  # noqa: SLF001 - what it draws
    side.draw_status(pygame.Surface((10, 10)))
    del side._status_line
    return said[-1]


def lines_along_games(app, game_id: str) -> list[str]:
    """Every form of the status line along a few random games, each position with the board's
    cursor hidden and shown, against the computer and in a hot-seat game."""
    said = []
    for seed, plies in enumerate((0, 1, 4, 9, 30)):
        for mode in (HUMAN_VS_PC, HOTSEAT):
            line = random_line(games.load(game_id).initial_state(), plies, random.Random(seed))
            scene = GameScene(app, MatchSetup(game_id, {}, mode, (None, None), 0.1), line)
            app.switch(scene)
            app.run_frames(1)  # status_forms draws the line itself
            said += status_forms(scene)
            key(app, pygame.K_DOWN, frames=1)  # the cursor, and the keys it names
            said += status_forms(scene)
    return said


def the_views_own_lines(app) -> list[str]:
    """The lines a view says of its own: an Alquerque piece picked and a chain under way, Hex's
    swap offer, a Reversi pass."""
    said = []
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1), CHAIN)
    app.switch(scene)
    app.run_frames(2)
    for point in ("c4", "e4", "e2"):
        scene.mouse.click(scene.view.point_xy(games.alquerque.parse_point(point)))
        said += status_forms(scene)
    swap = GameScene(app, MatchSetup("hex", {"size": 5, "swap": True}, HOTSEAT, (None, None), 0.1), ["c3"])
    app.switch(swap)
    app.run_frames(2)
    said += status_forms(swap)
    passing = ["c2", "d2", "e4", "d5", "e6", "f5", "f4", "d6", "e5", "f3", "c6", "b5", "c5", "b2", "e3", "e2", "a1",
               "a2", "b4", "a4", "e1", "b6", "a5", "f6", "b3", "f1", "f2", "a6", "d1", "a3"]  # Black must pass
    reversi = GameScene(app, MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 0.1), passing)
    app.switch(reversi)
    app.run_frames(2)
    said += status_forms(reversi)
    return said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_no_games_status_line_has_a_stray_stop_or_separator(app, language):
    """Every game's line under the board, in every form, along random games and on the views'
    own lines: Alquerque's first prompt ended its sentence before the separator (". ·")."""
    with words_in(language):
        said = [line for game_id in games.GAME_IDS for line in lines_along_games(app, game_id)]
        said += the_views_own_lines(app)
    assert len(said) > 100 and any(tx.SEPARATOR in line for line in said)
    assert not [line for line in said if badly_joined(line)]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_alquerques_first_prompt_is_whole_at_1280x800(app, monkeypatch, language):
    """In Portuguese at 1280x800 Alquerque's first prompt and the key that shows the cursor ran
    past the line (1291 pixels in 856).  Measured in the font it is drawn in, the rows drawn now
    are whole, after whose move it is and that Enter types one (as every game's first prompt
    says them: the line has two rows for it), and still name the chain and the cursor's key."""
    from tests.ui_helpers import recorded_text_rects

    with words_in(language):
        scene = GameScene(app, MatchSetup("alquerque", {}, HUMAN_VS_PC, (None, None), 0.1), [])
        app.switch(scene)
        app.run_frames(2)
        drawn = recorded_text_rects(monkeypatch)
        scene.board_side.draw_status(app.screen)
        cursor_key = i18n._("Up or Down: a cursor on the board")
        turn = i18n._("Your move ({side}) · Enter to type it").format(side=i18n._("White"))
        chain = {"en": "chain", "pt": "cadeia"}[language]
    rows = [row for row, _rect in drawn]
    assert app.size == (1280, 800) and len(drawn) <= 2, drawn
    said = tx.SEPARATOR.join(rows)
    assert said.startswith(turn + tx.SEPARATOR) and said.endswith(tx.SEPARATOR + cursor_key), said
    assert chain in said and "…" not in said, said
    for row, rect in drawn:
        assert tx.ui_font(int(16 * app.scale)).size(row)[0] <= scene.board_side.area.width - 40
        assert scene.board_side.area.contains(rect)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_alquerques_prompts_during_a_chain_fit_one_row_at_1280x800(app, monkeypatch, language):
    """In Portuguese at 1280x800 the prompts while a chain is entered by the mouse took two rows
    with the key that shows the cursor after them: a piece picked ("Peça em c4 escolhida: …",
    950 pixels in 856) and a chain that may stop or go on ("… para continuar a capturar", 1034).
    Their short forms fit: one row, whole, naming the point to stop on and the cursor's key."""
    from tests.ui_helpers import recorded_text_rects

    i18n.set_language(language)
    rows = []
    try:
        scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1), CHAIN)
        app.switch(scene)
        app.run_frames(2)
        cursor_key = i18n._("Up or Down: a cursor on the board")
        for point in ("c4", "e4"):  # c4 picked; c4xe4, which may stop there or go on to e2
            scene.mouse.click(scene.view.point_xy(games.alquerque.parse_point(point)))
            drawn = recorded_text_rects(monkeypatch)
            scene.board_side.draw_status(app.screen)
            rows.append(list(drawn))
    finally:
        i18n.set_language("en")
    assert app.size == (1280, 800) and scene.view.path and len(rows) == 2
    for point, drawn in zip(("c4", "e4"), rows, strict=True):
        assert len(drawn) == 1, drawn
        row, rect = drawn[0]
        assert row.endswith(tx.SEPARATOR + cursor_key) and point in row and "…" not in row, row
        assert tx.ui_font(int(16 * app.scale)).size(row)[0] <= scene.board_side.area.width - 40
        assert scene.board_side.area.contains(rect)


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_the_result_cards_lines_wrapped_at_larger_text_keep_no_separator_at_either_end(tmp_path, monkeypatch, size):
    """Portuguese at Larger text (Ctrl+plus twice), a game given up against Level 1: the card's
    "Contra Nível 1: ganhou 0 · empatou 0 · perdeu 1" wrapped with "· perdeu 1" on a line of its own.
    A line broken at a separator leaves the separator out, and it breaks between whole parts
    only (QA at 1366x768: "ganhou 1 · empatou" over "0 · perdeu 0"), after its head where the
    counts then fit one line: "Contra Nível 1:", then "ganhou 0 · empatou 0 · perdeu 1"."""
    from tests.ui_helpers import in_language, recorded_text, wait, window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, "pt"):
        for _step in range(2):
            key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
        assert app.settings.text_size == 1.5
        app.start_game(MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0), ["b2", "a1"])
        scene = app.scene
        app.run_frames(2)
        resign_by_keys(app)  # Resign
        assert wait(app, scene.over_card.visible, 10)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        monkeypatch.undo()
        whole = next(line for line in scene.over_card.lines() if "perdeu" in line)
        tally = [text for text in drawn if text and text in whole]
        assert len(tally) > 1, drawn  # wrapped, as at 1280x800
        assert not any(badly_joined(text) or COUNT_CUT.search(text) for text in tally), tally
        assert any("ganhou" in text and "perdeu" in text for text in tally), tally  # the counts on one line
        assert not any(badly_joined(text) for text in drawn), tally


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("game_id", ["tictactoe", "trax"])
def test_the_to_move_badge_stands_clear_of_the_header(tmp_path, monkeypatch, size, game_id):
    """At 800x600 the gaps between the panel's parts shrink, and the "to move" badge, astride the
    first card's border, stood some 4 pixels under the options' line (its line's box 1 pixel):
    now at least 6 pixels at the panel's scale, at every window size."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.switch(GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0)))
        app.run_frames(2)
        texts = drawn_texts(app, monkeypatch)
        [badge] = [rect for text, rect in texts if text == "to move"]
        panel = app.scene.panel
        header = max(rect.bottom for _text, rect in texts if rect.bottom <= badge.centery and rect.x >= panel.rect.x)
        assert badge.top - header >= round(6 * panel.scale), (badge, header, panel.scale)
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_badges_room_comes_from_the_gaps_before_the_thinking_cards_second_line(tmp_path, monkeypatch, language):
    """At 1280x800 Alquerque's panel in Portuguese (its options on two lines) kept its move list's
    four rows with one pixel to spare; the room the "to move" badge keeps over the first card
    took that pixel and more, and the thinking card, the part that gives way first, went to one
    line: "Last search" and a lost game's reason were gone.  The gaps give the badge its room
    first: the card keeps its headline over the line that says what to do."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        with in_language(app, language):
            app.switch(GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 1.0)))
            app.run_frames(2)
            texts = dict(drawn_texts(app, monkeypatch))
            headline = idle_headline(app.scene)
            tip = next((form for form in app.scene.panel._tips() if form in texts), None)  # the form that fits
            assert headline in texts and tip is not None, sorted(texts)
            assert texts[tip].top >= texts[headline].bottom, (texts[headline], texts[tip])
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("text_size", [1.0, 1.5])
def test_the_to_move_badge_stands_clear_of_the_score(tmp_path, monkeypatch, size, text_size):
    """The badge astride the card's top border stands over the score at its right: at 800x600 its
    tab's bottom touched the top of Reversi's disc count, a pixel between them.  The count's
    figures (the text's colour on the screen) now begin half a ``BADGE_GAP`` under the tab, and
    no text meets another."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = text_size
        app.apply_settings()
        app.switch(GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0), ["d3", "c5"]))
        app.run_frames(2)
        texts = drawn_texts(app, monkeypatch)
        [badge] = [rect for text, rect in texts if text == "to move"]
        [number] = [rect for text, rect in texts if text == "3" and rect.colliderect(badge.inflate(0, 40))]
        app.scene.draw(app.screen)
        ink = app.scene.app.theme.text
        rows = [y for y in range(number.top, number.bottom) if any(
            sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], ink, strict=True)) < 60
            for x in range(number.left, number.right))]
        assert rows and rows[0] - badge.bottom >= int(BADGE_GAP / 2 * app.scene.panel.scale), (rows[:1], badge)
        assert not overlapping(texts), overlapping(texts)
    finally:
        app.quit()
    assert not app.errors, app.errors[0]
