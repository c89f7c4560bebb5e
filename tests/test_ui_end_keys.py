"""Keys meant for the game do not act on the result card that came up a moment after its end
(ui/scenes/game_over.py ``GameOverCard.ready``): moves typed quickly with Enter, the game ended
by the last one, and the next Enter pressed the card's Rematch, a new game with the sides swapped.
Played from the keyboard, the card's buttons take no key nor click for ``KEY_GRACE`` seconds,
drawn disabled; by the game's clock held still (``held_time``), never a sleep."""

from __future__ import annotations

import time
import types

import pygame
import pytest

from tests.test_ui_move_entry import enter_moves, place, start
from tests.ui_helpers import click, held_game_clock, key, key_down, key_up, wait
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes import game_over
from ui.scenes.game import GameScene
from ui.scenes.game_over import KEY_GRACE, OVER_DELAY

WINNING = "b2 a1 b1 c1"  # X then plays b3: three in the b column


@pytest.fixture
def held_time(monkeypatch):
    """The game screen's clock standing still, moved on by the test alone (``held_game_clock``):
    a loaded machine's slow frames cannot use up the grace before a key pressed within it."""
    return held_game_clock(monkeypatch)


def typed_to_the_end(app, skip):
    """A hot-seat tic-tac-toe game played to its end by moves typed with Enter, the result card
    just come up (``OVER_DELAY`` after the last move)."""
    scene = start(app, "tictactoe")
    enter_moves(app, WINNING)
    enter_moves(app, "b3")
    assert scene.is_over() and scene.card_shown() is None  # the final position shows first
    skip(OVER_DELAY)
    app.run_frames(2)
    assert scene.card_shown() is scene.over_card
    return scene


def test_an_enter_right_after_the_card_came_up_does_not_rematch(app, held_time):
    scene = typed_to_the_end(app, held_time)
    for pressed in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_r, pygame.K_n):
        key(app, pressed)
        assert scene.is_over() and len(scene.history) == 5, pygame.key.name(pressed)
    assert not any(button.enabled for button in scene.over_card.buttons)  # drawn disabled meanwhile
    held_time(KEY_GRACE)
    app.run_frames(2)
    assert all(button.enabled for button in scene.over_card.buttons)
    key(app, pygame.K_RETURN)  # seen: Enter presses Rematch, the card's primary button
    assert not scene.history and not scene.is_over()


def test_an_enter_held_through_the_grace_repeats_into_nothing(app, held_time):
    """Pressed within the grace and held, Enter repeats (pygame's key repeat: KEYDOWN after
    KEYDOWN, no KEYUP) past it: the repeats press nothing, though the card's buttons are enabled
    then; let go and pressed again, it presses Rematch.  Another key held meanwhile (N) does not
    keep a fresh Enter from acting."""
    scene = typed_to_the_end(app, held_time)
    key_down(app, pygame.K_RETURN)
    key_down(app, pygame.K_n)
    held_time(KEY_GRACE)
    app.run_frames(2)
    assert all(button.enabled for button in scene.over_card.buttons)
    for _repeat in range(3):
        key_down(app, pygame.K_RETURN)
        assert scene.is_over() and len(scene.history) == 5
    key_up(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert not scene.history and not scene.is_over()


def test_a_key_down_as_the_card_came_up_acts_only_once_pressed_again(app, monkeypatch, held_time):
    """Enter held since the last move (the keyboard's state, which posted events leave alone):
    its repeats after the grace press nothing either."""
    monkeypatch.setattr(game_over, "keys_held", lambda keys: {pygame.K_RETURN} & set(keys))
    scene = typed_to_the_end(app, held_time)
    held_time(KEY_GRACE)
    app.run_frames(2)
    key_down(app, pygame.K_RETURN)
    assert scene.is_over() and len(scene.history) == 5
    key_up(app, pygame.K_RETURN)
    key_down(app, pygame.K_RETURN)
    assert not scene.history


def test_a_click_on_rematch_within_the_grace_plays_no_rematch(app, held_time):
    scene = typed_to_the_end(app, held_time)
    rematch = scene.over_card.buttons[0]
    click(app, rematch.rect.center)
    assert scene.is_over() and len(scene.history) == 5
    held_time(KEY_GRACE)
    app.run_frames(2)
    click(app, rematch.rect.center)
    assert not scene.history


def test_the_card_brought_back_by_the_player_takes_enter_at_once(app, held_time):
    """View board (B) and Enter again: the card asked for is seen, its keys act at once."""
    scene = typed_to_the_end(app, held_time)
    held_time(KEY_GRACE)
    app.run_frames(2)
    key(app, pygame.K_b)
    assert scene.card_shown() is None
    key(app, pygame.K_RETURN)  # the Result button's key: the card back
    assert scene.card_shown() is scene.over_card
    key(app, pygame.K_RETURN)
    assert not scene.history


def test_a_new_end_after_undo_has_its_own_grace(app, held_time):
    scene = typed_to_the_end(app, held_time)
    held_time(KEY_GRACE)
    app.run_frames(2)
    key(app, pygame.K_u)  # the winning move taken back
    assert not scene.is_over()
    enter_moves(app, "b3")
    held_time(OVER_DELAY)
    app.run_frames(2)
    key(app, pygame.K_RETURN)
    assert scene.is_over() and len(scene.history) == 5


def test_a_game_played_with_the_mouse_has_its_card_ready_at_once(app, held_time):
    """No key on its way: the card takes Enter as soon as it shows (as before)."""
    scene = start(app, "tictactoe")
    for cell in ((1, 1), (0, 0), (0, 1), (0, 2), (2, 1)):  # b2 a1 b1 c1 b3, as (row, column)
        click(app, place(scene, cell))
    held_time(OVER_DELAY)
    app.run_frames(2)
    assert scene.card_shown() is scene.over_card and not scene.keyboard_play
    key(app, pygame.K_RETURN)
    assert not scene.history


def test_an_enter_right_after_the_computers_reply_ended_the_game_does_not_rematch(app, monkeypatch):
    """O typed its move, X's forced reply (the last cell) drew the game: the next Enter, meant
    to type another move, arrived as the card came up.  The card's clock held still from then
    on, so a slow machine cannot stretch the moment past the grace."""
    setup = MatchSetup("tictactoe", {}, HUMAN_VS_PC, ("level-1", None), 0.1)
    scene = GameScene(app, setup, ["b2", "a1", "c3", "a3", "a2", "c2", "b1"])  # O, the person, to move
    app.switch(scene)
    app.run_frames(2)
    enter_moves(app, "b3")  # X's reply, c1, fills the board
    assert wait(app, scene.over_card.visible)
    clock = types.SimpleNamespace(now=time.monotonic())
    monkeypatch.setattr(game_over, "time", types.SimpleNamespace(monotonic=lambda: clock.now))
    key(app, pygame.K_RETURN)
    assert scene.is_over() and scene.winner() is None and len(scene.history) == 9
    clock.now += KEY_GRACE
    key(app, pygame.K_RETURN)
    assert not scene.history  # the rematch, seen and asked for
