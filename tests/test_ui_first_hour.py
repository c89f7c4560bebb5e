"""What a new user met in their first hour with the window, each found by playing it under Xvfb
and driven here through the screen as they met it: a count on a player's card said in the
form its number takes ("1 disc", not "1 discs")."""

from __future__ import annotations

import pytest

from tests.ui_helpers import click, recorded_text
from ui import i18n
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


def reversi_at_the_board(app) -> GameScene:
    """A two-player Reversi game at its start, on the screen."""
    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 0.1), [])
    app.switch(scene)
    app.run_frames(2)
    return scene


@pytest.mark.parametrize("language, one, many", [("en", "disc", "discs"), ("pt", "peça", "peças")])
def test_a_card_holding_one_disc_says_disc(app, monkeypatch, language, one, many):
    """Black's first move, c4, leaves White one disc: White's card read "1 discs" ("1 peças" in
    Portuguese) beside Black's "4 discs".  Each card's unit now takes the form of its number."""
    i18n.set_language(language)
    try:
        scene = reversi_at_the_board(app)
        click(app, scene.view.cell_rect(3, 2).center)  # c4: column c, row 4
        assert scene.state.score() == (4, 1)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(1)
    finally:
        i18n.set_language("en")
    assert one in drawn and many in drawn, drawn
