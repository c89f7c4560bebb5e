"""A letter key that changes the screen is that screen's key alone: SDL sends a typed key as a
KEYDOWN and then its character as a TEXTINPUT, and the character went on to the screen the key
opened.  N on a game's screen opened New game with an "n" in its Outside player field, the form
scrolled down to it (against the computer), or said "Click a field first, then type" (hot-seat)."""

from __future__ import annotations

import pygame
import pygame_menu

from tests.test_ui_move_entry import start, type_text
from ui.match import HOTSEAT, HUMAN_VS_PC
from ui.scenes.setup import SetupScene


def text_fields(scene: SetupScene) -> dict[str, str]:
    """Each visible text field of New game's form, by its id, with what it holds."""
    return {w.get_id(): w.get_value() for w in scene.menu.get_widgets()
            if isinstance(w, pygame_menu.widgets.TextInput) and w.is_visible()}


def test_n_that_opens_new_game_types_nothing_there(app):
    start(app, "tictactoe", mode=HUMAN_VS_PC)
    type_text(app, "n")
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, SetupScene)
    assert text_fields(scene) == {"outside-entry": ""}
    assert not isinstance(scene.menu.get_selected_widget(), pygame_menu.widgets.TextInput)


def test_n_that_opens_new_game_from_hot_seat_says_nothing_about_fields(app):
    start(app, "tictactoe", mode=HOTSEAT)
    type_text(app, "n")
    app.run_frames(2)
    assert isinstance(app.scene, SetupScene)
    assert set(text_fields(app.scene).values()) == {""}
    assert "Click a field first, then type" not in [m.text for m in app.messages.current()]


def test_the_next_letter_typed_there_goes_to_the_field(app):
    """Only the switching key's own character is left out: what is typed after it still lands."""
    start(app, "tictactoe", mode=HUMAN_VS_PC)
    type_text(app, "n")
    type_text(app, "b")
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    app.run_frames(2)
    assert text_fields(app.scene) == {"outside-entry": "b"}
