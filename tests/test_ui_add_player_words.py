"""Add player pressed with its field empty says where that field is as each screen lays it out:
above the button on New game's form, beside it on the Tournament screen.  Both screens said "in
the field above", and above Add player on the Tournament screen are the participants' buttons."""

from __future__ import annotations

import pytest

from tests.test_ui_tournament import labelled
from tests.ui_helpers import click, click_widget, make_app
from ui import words
from ui.i18n import _
from ui.scenes.setup import SetupScene
from ui.scenes.tournament import TournamentScene


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (2560, 1440)])
def test_the_tournament_says_the_field_is_beside_add_player(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        scene = TournamentScene(app, "tictactoe")
        app.switch(scene)
        app.run_frames(2)
        add = labelled(scene, _("Add player"))
        click(app, add.rect.center)
        assert scene.entry.rect.right <= add.rect.left and scene.entry.rect.top == add.rect.top  # on its left
        assert _(words.NOTHING_TO_ADD_BESIDE) in [m.text for m in scene.messages.items]
    finally:
        app.quit()


def test_new_game_says_the_field_is_above_add(app):
    scene = SetupScene(app, game_id="alquerque")
    app.switch(scene)
    app.run_frames(2)
    field, button = (scene.menu.get_widget(i) for i in ("outside-entry", "add-outside"))
    scene.menu.get_scrollarea().scroll_to_rect(button.get_rect())
    app.run_frames(1)
    click_widget(app, scene.menu, "add-outside")
    assert field.get_rect().bottom <= button.get_rect().top  # above it
    assert _(words.NOTHING_TO_ADD) in [m.text for m in app.messages.items]
