"""A watched game paused while the computer searches, on a classroom projector's 1024x768 screen
at Larger text: the thinking card says the game is paused in words it sets whole, and once the
move is found and held, that it is ready and which key plays it.  Headless, driven by posted key
presses."""

from __future__ import annotations

import pygame
import pytest

from tests.computer_standin import ComputerThinksUntilTold
from tests.ui_helpers import key, make_app_of, recorded_text, wait, words_in
from ui.i18n import _
from ui.match import PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene


def paused_in_a_search(app, computer: ComputerThinksUntilTold) -> GameScene:
    """A watched 15x15 five-in-a-row game at Larger text, paused (Space) while the second move's
    search is under way: the first move answered h8 at once, the second thinking until the test
    says so (``computer_thinks_until_told``), where level 5 searched its whole 3 seconds to be
    still at it by the Pause, and the move found waited those seconds."""
    app.settings.text_size = 1.5
    app.apply_settings()
    setup = MatchSetup("tictactoe", {"width": 15, "height": 15, "k": 5}, PC_VS_PC, ("level-3", "level-5"), 3.0)
    scene = GameScene(app, setup)
    app.switch(scene)
    computer.answer("h8")
    app.run_frames(2)
    assert wait(app, lambda: len(scene.history) == 1 and scene.computer.thinking() and computer.asked() == 2, 120)
    key(app, pygame.K_SPACE)
    assert scene.paused
    return scene


def drawn_now(app, monkeypatch) -> list[str]:
    """The texts one whole frame draws."""
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    monkeypatch.undo()
    return list(drawn)


def test_a_search_paused_is_said_paused_in_words_set_whole(tmp_path, monkeypatch, computer_thinks_until_told):
    """The one-line card read "Paused: Lev… (O) to move", the level's number cut away: it says
    "Paused: O to move", or "Paused" where that does not fit (the player card says who moves)."""
    app = make_app_of(tmp_path, monkeypatch, (1024, 768))
    try:
        scene = paused_in_a_search(app, computer_thinks_until_told)
        assert scene.computer.paused_search()
        paused = [text for text in drawn_now(app, monkeypatch) if text.startswith(_("Paused"))]
        assert paused and not [text for text in paused if "…" in text], paused
        assert app.errors == []
    finally:
        app.quit()


def test_a_move_found_while_paused_is_said_ready_on_the_one_line_card(tmp_path, monkeypatch,
                                                                     computer_thinks_until_told):
    """The one-line card read "Level 4:" and nothing else: its headline ("Move ready from Level 5
    (O): press S to play it") gave way to the short form of whose search it was, with no news to say
    beside it.  It says one of the headline's forms whole, down to "Move ready: press S", never one
    cut short ("Move ready: press S to p…")."""
    app = make_app_of(tmp_path, monkeypatch, (1024, 768))
    try:
        scene = paused_in_a_search(app, computer_thinks_until_told)
        computer_thinks_until_told.answer("g7")  # the move found while paused
        assert wait(app, lambda: scene.computer.job is None, 60)
        drawn = drawn_now(app, monkeypatch)
        assert len(scene.history) == 1  # the move is held, not played
        ready = _("Move ready from {player}: press S to play it"), _("Move ready from {player}: press S")
        whole = (*(form.format(player="Level 5 (O)") for form in ready), _("Move ready: press S"))
        assert any(text in whole for text in drawn), drawn
        assert _("{player}:").format(player=scene.setup.player_label(1)) not in drawn
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("code", ["en", "pt"])
def test_the_short_paused_headline_reads_as_the_long_one_without_the_name(code):
    """QA (qa137): the short headline is the long one, "Paused: Level 4 (O) to move", with the
    player's name left out; in Portuguese it was worded apart ("Em pausa, joga: O" against "Em
    pausa: joga Nível 4 (O)"), so the card changed its wording with the window's width."""
    with words_in(code):
        long_form = _("Paused: {player} ({side}) to move")
        assert "{player} ({side})" in long_form
        assert _("Paused: {side} to move") == long_form.replace("{player} ({side})", "{side}")
