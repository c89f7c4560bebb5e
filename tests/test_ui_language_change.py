"""A game screen that lives through a change of language says everything in the new one at once:
the panel's buttons and the result card's, laid out for their new widths.  Headless: the moves
go through the move field, the language is changed as Settings changes it, and what the screen
draws is compared with the same game's screen made in that language."""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_move_entry import enter_moves, start
from tests.ui_helpers import in_language, recorded_text
from ui.scenes import game_over
from ui.scenes.game import GameScene

GOING_ON, OVER = "b2 a1", "a1 b1 a2 b2 a3"  # tic-tac-toe: X to move; X has three in a row


def whole_frame(app, monkeypatch) -> list[str]:
    """The texts of the window's next whole frame, in the order drawn."""
    texts = recorded_text(monkeypatch)
    app.dirty = True
    app.run_frames(1)
    return list(texts)


def from_the_move_list(texts: list[str], heading: str) -> list[str]:
    """``texts`` from the move list's ``heading`` on: the moves, the buttons and the card (the
    status line above them shows a new screen's first hints, a screen's own state, not words)."""
    return texts[texts.index(heading):]


def settled(app, scene: GameScene, over: bool) -> None:
    """``scene`` shown, its result card up where the game is ``over``."""
    app.run_frames(10 ** 6, until=lambda: not over or scene.card_shown() is not None, timeout=10)
    app.run_frames(2)


@pytest.mark.parametrize("moves", [GOING_ON, OVER], ids=["going on", "over"])
def test_a_game_screen_living_through_a_change_of_language_says_every_label_in_the_new_one(app, monkeypatch,
                                                                                        moves):
    """Portuguese chosen while a hot-seat game's screen lived, then English again: Undo, Hint,
    Save, Rules, New game ... and the result card's Rematch and View board stayed in the language
    the screen was made in (only Pause, Resign and Speed, labelled on every frame, followed).
    The first frame after each change draws what a screen made in that language draws."""
    monkeypatch.setattr(game_over, "OVER_DELAY", 0.0)
    # the card on the board, the panel's words drawn beside it: a 3x3 board grown into its room
    # leaves the card no place clear of X's pieces, and it would stand over the panel instead
    monkeypatch.setattr(game_over.GameOverCard, "keeps_off_pieces", False)
    scene = start(app, "tictactoe")
    enter_moves(app, moves)
    over = moves == OVER
    settled(app, scene, over)
    assert app.scene is scene and [p.text for p in scene.history] == moves.split()
    english = whole_frame(app, monkeypatch)
    with in_language(app, "pt"):
        kept = whole_frame(app, monkeypatch)
        fresh = GameScene(app, scene.setup, moves.split())
        app.switch(fresh)
        settled(app, fresh, over)
        made = whole_frame(app, monkeypatch)
        app.switch(scene)
        app.run_frames(2)
    assert "Anular" in made and ("Desforra, lados trocados" in made or not over), made
    assert from_the_move_list(kept, "Jogadas") == from_the_move_list(made, "Jogadas")
    assert from_the_move_list(whole_frame(app, monkeypatch), "Moves") == from_the_move_list(english, "Moves")


def test_the_move_fields_words_follow_a_change_of_language_too(app, monkeypatch):
    """The move field, open through the change, says its label and its example in the new language."""
    scene = start(app, "tictactoe")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run_frames(2)
    assert scene.move_entry.open
    with in_language(app, "pt"):
        drawn = whole_frame(app, monkeypatch)
    assert "Jogada:" in drawn and "Move:" not in drawn, drawn
    assert any(text.startswith("Uma jogada ou uma lista") for text in drawn), drawn
