"""The keyboard never moves the user's pointer: pygame-menu warped it onto the widget a key chose
(``Menu._select`` calls ``pygame.mouse.set_pos`` once the pointer has been over the form), so on
a real window Down Down put the pointer on Quit and the next click quit the app.  A key's choice
now stays until the pointer really moves, and a click still clicks what lies under the pointer."""

from __future__ import annotations

import pygame

from tests.test_ui_click_without_motion import centre
from tests.ui_helpers import click_unmoved, key
from ui.scenes.rules import RulesScene


class Pointer:
    """The window's pointer as a real driver keeps it (the dummy driver keeps none: its
    ``get_pos`` stays at the corner, off the form): moved by the user's motions and by
    ``set_pos``, which it also counts."""

    def __init__(self, monkeypatch) -> None:
        self.pos = (0, 0)
        self.jumps: list[tuple[int, int]] = []
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: self.pos)
        monkeypatch.setattr(pygame.mouse, "set_pos", self._jump)

    def _jump(self, *pos) -> None:
        self.pos = tuple(pos[0]) if len(pos) == 1 else pos
        self.jumps.append(self.pos)

    def move(self, app, pos: tuple[int, int]) -> None:
        """The user moves the pointer to ``pos`` (a motion with ``rel``, as SDL sends it)."""
        self.pos = pos
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.run_frames(2)


def settled_menu(app):
    """The main menu's form once laid out as it stays (its first frames place it)."""
    app.run_frames(2)
    return app.scene.menu


def test_keys_choose_the_main_menus_buttons_without_moving_the_pointer(app, monkeypatch):
    pointer = Pointer(monkeypatch)
    menu = settled_menu(app)
    pointer.move(app, centre(menu, "play"))
    before = pygame.mouse.get_pos()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert menu.get_selected_widget().get_id() == "tournament"
    assert pointer.jumps == []
    assert pygame.mouse.get_pos() == before


def test_a_keys_choice_stays_until_the_pointer_really_moves(app, monkeypatch):
    pointer = Pointer(monkeypatch)
    menu = settled_menu(app)
    pointer.move(app, centre(menu, "play"))
    key(app, pygame.K_DOWN)
    app.run_frames(3)  # pygame-menu's made-up motion at the pointer's place each frame
    assert menu.get_selected_widget().get_id() == "watch"
    pointer.move(app, centre(menu, "rules"))
    assert menu.get_selected_widget().get_id() == "rules"


def test_a_click_after_keys_presses_what_lies_under_the_pointer(app, monkeypatch):
    pointer = Pointer(monkeypatch)
    menu = settled_menu(app)
    pointer.move(app, centre(menu, "rules"))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    click_unmoved(app, pointer.pos)
    assert isinstance(app.scene, RulesScene)
