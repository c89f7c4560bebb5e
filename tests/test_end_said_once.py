"""The end of a game said once, and the same way, on every surface at each moment.

The game panel's search card said "Game over" over the whole reason ("Board full: draw") beside
the result card's "Draw" over "Board full", and for the 0.6 s before the card appeared the status
line said "Draw · Board full", then nothing.  Now the panel says the card's headline and detail, before
the card, beside it and with it away (View board, B), and the status line under the board says
nothing of it: it was the third place saying it, and the one that changed."""

from __future__ import annotations

import pygame
import pytest

from tests.test_clock_window import clocked
from tests.ui_helpers import click, in_language, key, recorded_text, recorded_text_rects, resign_by_keys, wait
from ui import i18n
from ui.i18n import _
from ui.match import HOTSEAT, HUMAN_VS_PC
from ui.scenes import game_over
from ui.scenes.game_over import result_detail_forms, result_words

DRAW = ("b2", "a1", "c1", "a3", "a2", "c2", "b3", "b1", "c3")
X_WINS = ("a1", "b1", "a2", "b2", "a3")


def drawn_text(app, monkeypatch) -> list[str]:
    """Every text drawn in two whole frames, as the screen shows it now."""
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return list(drawn)  # the record goes on: the frames after belong to another moment


def ended(app, ending: str):
    """A Tic-tac-toe ended by ``ending``: on the board (a win, a draw), by Ctrl+R (X resigns), by
    a human's flag falling on a 1 s clock, or by an outside player's forfeit."""
    if ending == "flag fall":
        scene = clocked(app, "1s+0s", HUMAN_VS_PC, (None, "level-1"))
        assert wait(app, scene.is_over)
        return scene
    scene = clocked(app, "", HOTSEAT, (None, None))
    moves = {"draw": DRAW, "win": X_WINS}.get(ending, ("b2",))
    for text in moves:
        scene.play_human([scene.game.parse_move(scene.state, text)])
    if ending == "resign":
        resign_by_keys(app)  # O to move resigns
    elif ending == "forfeit":
        scene._lose_by_forfeit(0, "played an illegal move a9")  # as an outside bot's reply ends it
    assert scene.is_over()
    return scene


EXPECTED = {"draw": ("Draw", "Board full"), "win": ("X wins", "X has 3 in a row"),
            "resign": ("X wins", "O resigns at move 2"), "flag fall": ("You lose", "X lost on time at move 1"),
            "forfeit": ("O wins", "X forfeits: ")}


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("ending", list(EXPECTED))
def test_the_end_is_said_the_cards_way_on_the_panel_and_not_on_the_status_line(app, monkeypatch, ending, language):
    """Before the card (its delay held long), with it, and with it away (View board): the panel
    says the card's headline and detail, never "Game over" nor the reason's verdict again; the
    status line never says it."""
    monkeypatch.setattr(game_over, "OVER_DELAY", 3600.0)  # the moment before the card, held
    app.settings.language = language
    app.apply_settings()
    try:
        scene = ended(app, ending)
        headline, detail = result_words(scene)
        if language == "en":
            assert headline == EXPECTED[ending][0] and detail.startswith(EXPECTED[ending][1])
        summary = f"{headline} · {detail}"  # the status line's old one-line result
        before = drawn_text(app, monkeypatch)
        assert not scene.over_card.visible()
        monkeypatch.setattr(game_over, "OVER_DELAY", 0.0)
        assert wait(app, scene.over_card.visible)
        with_card = drawn_text(app, monkeypatch)
        key(app, pygame.K_b)  # View board
        assert not scene.over_card.visible()
        away = drawn_text(app, monkeypatch)
        for drawn in (before, with_card, away):
            assert _("Game over") not in drawn, drawn
            assert headline in drawn and detail in " ".join(drawn), (headline, detail, drawn)  # a long one wrapped
            assert not any(text.casefold().endswith(": " + _("draw").casefold()) for text in drawn), drawn
            assert not any(summary in text for text in drawn), (summary, drawn)
    finally:
        i18n.set_language("en")


def test_a_long_reason_on_a_one_line_panel_is_said_short_not_left_out(tmp_path, monkeypatch):
    """At 800x560 with larger text a long game leaves the search card one line; a forfeit's reason too long for it
    was left out whole, and with the status line quiet it would be said nowhere once View board
    takes the card away.  The line says it short ("Black forfeits", ``words.SHORT_REASONS``), where
    it said as much of it as fitted, "Black forfeits: Player 1 pl…", before it had short forms."""
    from tests.test_ui_game import finished
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    app.settings.text_size = 1.5  # larger text: the move list takes the search card's second line
    app.apply_settings()
    try:
        scene = finished(app, "reversi")
        scene.undo()  # the last move taken back: the game goes on, to end by a forfeit
        scene._lose_by_forfeit(0, "played an illegal move a9 after thinking for a very long while about the board")
        assert wait(app, scene.over_card.visible)
        key(app, pygame.K_b)  # View board
        drawn = drawn_text(app, monkeypatch)
    finally:
        app.quit()
    headline, detail = result_words(scene)
    assert headline in drawn
    assert set(result_detail_forms(scene)[1:]) & set(drawn), (detail, drawn)


RASTROS_ENDS = {"blocked": ("4-4", "3-3", "2-2", "1-2", "2-1", "1-1"),  # South is blocked: North wins
                "onto": ("3-6", "2-7", "1-8")}  # South moved onto 1-8: North wins
RASTROS_DETAILS = {"en": {"blocked": "South is blocked", "onto": "South moved onto 1-8"},
                   "pt": {"blocked": "Sul está bloqueado", "onto": "Sul foi para 1-8"}}  # under "North wins"


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("names", [("", ""), ("Ana", "Rui")])
@pytest.mark.parametrize("ending", list(RASTROS_ENDS))
def test_a_rastros_win_whose_reason_closes_on_its_winner_names_the_winner_once(app, monkeypatch, ending, names,
                                                                                language):
    """The result card said "Norte ganha" over "Sul está bloqueado: Norte ganha": a reason that
    closes on the headline's words says what it adds alone ("Sul está bloqueado"), as one that
    opens with them does (Trax's "A light loop" under "Light wins").  Played by clicks on the board."""
    from ui.match import MatchSetup
    from ui.scenes.game import GameScene

    monkeypatch.setattr(game_over, "OVER_DELAY", 0.0)
    with in_language(app, language):
        scene = GameScene(app, MatchSetup("rastros", {}, HOTSEAT, (None, None), 1.0, names=names))
        app.switch(scene)
        app.run_frames(2)
        for text in RASTROS_ENDS[ending]:
            click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, text))).center)
        assert scene.is_over() and wait(app, scene.over_card.visible)
        with monkeypatch.context() as patch:
            drawn = recorded_text_rects(patch)
            app.invalidate()
            app.run_frames(1)
        card = [text for text, rect in drawn if text and scene.over_card.rect.contains(rect)]
        assert sum(text.count(_("North")) for text in card) == 1, card  # in the headline alone
        assert card[:2] == [result_words(scene)[0], RASTROS_DETAILS[language][ending]], card
