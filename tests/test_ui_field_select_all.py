"""Ctrl+A in a one-line field (ui/text_field.py): the tournament's outside player was refused, and
the path typed again (Ctrl+A did nothing) was added to the end of the old one,
"nothere.pygtp:engine"; Ctrl+A then Backspace took one character off."""

from __future__ import annotations

import pygame

from tests.ui_helpers import click, key, type_text
from ui.scenes.tournament import TournamentScene


def field_refused_then_chosen(app, tmp_path) -> TournamentScene:
    """The tournament screen, its field holding a path it refused, then Ctrl+A pressed in it."""
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.entry.rect.center)
    type_text(app, str(tmp_path / "nothere.py"))
    key(app, pygame.K_RETURN, frames=4)
    assert scene.entry.text == str(tmp_path / "nothere.py")  # a refused path stays, to be mended
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    return scene


def test_ctrl_a_then_typing_replaces_the_refused_path(app, tmp_path):
    scene = field_refused_then_chosen(app, tmp_path)
    type_text(app, "gtp:engine")
    assert scene.entry.text == "gtp:engine"


def test_ctrl_a_then_backspace_empties_the_field(app, tmp_path):
    scene = field_refused_then_chosen(app, tmp_path)
    key(app, pygame.K_BACKSPACE)
    assert scene.entry.text == ""
    type_text(app, "x.py")
    key(app, pygame.K_BACKSPACE)
    assert scene.entry.text == "x.p"  # past the chosen text, Backspace takes one character again
