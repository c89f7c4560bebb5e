"""Resign asks first (``GameQuestions.ask_to_resign``, ``ui.scenes.game_over.ResignCard``): Ctrl+R
gave the game up at once, a key pressed by mistake a loss counted in the player's results, and
the result card said nothing of Undo.  A card over the board asks: Yes, resign (Y) or No, play
on (N, Esc); the panel's Resign button asks the same."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.test_ui_move_entry import type_text
from tests.ui_helpers import click, key, recorded_text
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene


def started(app, mode: str = HOTSEAT, moves=("b2",)) -> GameScene:
    players = (None, None) if mode == HOTSEAT else (None, "level-1")
    scene = GameScene(app, MatchSetup("tictactoe", {}, mode, players, 0.1), list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def asked(app, scene: GameScene) -> None:
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    assert scene.card_shown() is scene.resign_card and not scene.is_over()


@pytest.mark.parametrize("answer", [pygame.K_n, pygame.K_ESCAPE])
def test_ctrl_r_asks_and_no_plays_on(app, answer):
    scene = started(app)
    asked(app, scene)
    key(app, answer)
    assert scene.card_shown() is None and not scene.is_over() and len(scene.history) == 1


def test_yes_resigns_for_the_friend_to_move_and_undo_takes_it_back(app):
    scene = started(app)
    asked(app, scene)
    key(app, pygame.K_y)
    assert scene.is_over() and scene.winner() == 0  # O, to move, gave it up
    key(app, pygame.K_u)
    assert not scene.is_over() and len(scene.history) == 1


def test_enter_and_typed_moves_do_not_answer_the_question(app):
    """No primary button: an Enter (or a move typed) meant for the game neither resigns nor plays."""
    scene = started(app)
    asked(app, scene)
    key(app, pygame.K_RETURN)
    type_text(app, "a1")
    key(app, pygame.K_RETURN)
    assert scene.card_shown() is scene.resign_card and len(scene.history) == 1 and not scene.move_entry.open


def test_the_panels_resign_button_asks_and_the_cards_buttons_answer(app):
    scene = started(app)
    click(app, scene.btn_resign.rect.center)
    assert scene.card_shown() is scene.resign_card and not scene.is_over()
    no, yes = scene.resign_card.buttons[1], scene.resign_card.buttons[0]
    click(app, no.rect.center)
    assert scene.card_shown() is None and not scene.is_over()
    click(app, scene.btn_resign.rect.center)
    click(app, yes.rect.center)
    assert scene.is_over() and scene.winner() == 0


def test_against_the_computer_the_card_says_who_wins_and_no_counts_nothing(app, monkeypatch, tmp_path):
    scene = started(app, HUMAN_VS_PC, moves=("b2", "a1"))
    drawn = recorded_text(monkeypatch)
    asked(app, scene)
    app.invalidate()
    app.run_frames(1)
    assert "Resign?" in drawn and "You lose the game to Level 1" in drawn, drawn
    assert [button.label for button in scene.resign_card.buttons] == ["Yes, resign", "No, play on"]
    pygame.image.save(app.screen, str(tmp_path / "resign.png"))
    key(app, pygame.K_n)
    assert not scene.recorder.counted  # nothing in the results against Level 1


def test_a_hot_seat_question_names_the_friend_to_move(app, monkeypatch):
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1, names=("Ana", "João")), ["b2"])
    app.switch(scene)
    app.run_frames(2)
    drawn = recorded_text(monkeypatch)
    asked(app, scene)
    app.invalidate()
    app.run_frames(1)
    assert "João (O) loses the game" in drawn, drawn


@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
def test_the_question_stands_over_the_board_in_every_game(tmp_path, monkeypatch, size):
    """QA: at full screen Alquerque's Resign question stood over the side panel, every other
    game's over the board.  Its board, full of pieces from the start, left the card no place clear
    of them, and the card went over the panel (as a result card does) at every window size.  It
    stands over the board's own rectangle in each game, full-screen-like or small, and its No
    answers where it is drawn.  A friend's draw offer, the other question, stands there too."""
    from tests.ui_helpers import window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        assert app.size == size
        for game_id in games.GAME_IDS:
            scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1))
            app.switch(scene)
            app.run_frames(2)
            asked(app, scene)
            card = scene.resign_card
            assert card.on_board and scene.view.rect.contains(card.rect), (game_id, card.rect, scene.view.rect)
            assert not card.rect.colliderect(scene.panel.rect), (game_id, card.rect, scene.panel.rect)
            click(app, card.buttons[1].rect.center)  # No, play on
            assert scene.card_shown() is None and not scene.is_over(), game_id


def test_a_friends_draw_offer_stands_over_alquerques_board(app):
    """The other question a person's word puts up (``DrawOfferCard``) keeps off the panel too."""
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.1), ["c2-c3"])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    card = scene.offer_card
    assert scene.card_shown() is card
    assert card.on_board and scene.view.rect.contains(card.rect) and not card.rect.colliderect(scene.panel.rect)


@pytest.mark.parametrize("by_key", [False, True])
def test_resign_waits_for_resume_and_says_so(app, by_key):
    """Paused, Resign's question went under the cover: the click, or Ctrl+R, seemed to do nothing,
    and the card came up on Resume.  Resign is greyed while paused and says why; after Resume it
    asks as ever."""
    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0, clock="3m+0s"), ["f5"])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert scene.paused and not scene.btn_resign.enabled
    if by_key:
        key(app, pygame.K_r, pygame.KMOD_CTRL)
    else:
        click(app, scene.btn_resign.rect.center)
    assert scene.resign_asked is None and scene.card_shown() is scene.pause_card
    said = [m.text for m in scene.messages.current()]
    assert "Paused: both clocks stand still; Ctrl+P or Resume goes on" in said, said
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert not scene.paused and scene.btn_resign.enabled
    asked(app, scene)


def test_undo_and_redo_answer_the_question_with_play_on(app):
    """The panel's Undo or Redo clicked while the card asks "Resign?" (the card takes the keys;
    against the computer the side asked for stays the person's) left the question standing over
    a position it was not asked in, back to no moves at all.  A take-back is the player's answer:
    play on; the card goes, and asks again at the next Ctrl+R."""
    scene = started(app, HUMAN_VS_PC, moves=("b2", "a1"))
    asked(app, scene)
    click(app, scene.btn_undo.rect.center)
    assert scene.card_shown() is None and scene.history == [] and not scene.is_over()
    asked(app, scene)
    click(app, scene.btn_redo.rect.center)
    assert scene.card_shown() is None and len(scene.history) == 2 and not scene.is_over()
    asked(app, scene)


def test_the_wheel_over_the_board_steps_no_position_under_the_question(app):
    """QA (qa137): looking at an earlier position, the wheel over the board stepped it back and on
    under "Resign?", where Left, a click on the board and every key are the card's; answered
    (play on), the wheel steps again."""
    from tests.test_ui_steppers import wheel

    scene = started(app, moves=("b2", "a1", "c3"))
    key(app, pygame.K_LEFT)
    asked(app, scene)
    wheel(app, scene.view.rect.topleft, 1)
    assert scene.browsing == 2 and scene.card_shown() is scene.resign_card
    key(app, pygame.K_n)
    wheel(app, scene.view.rect.topleft, 1)
    assert scene.browsing == 1 and scene.card_shown() is None
