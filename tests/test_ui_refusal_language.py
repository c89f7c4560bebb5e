"""A click on the board that the view refuses says why in the window's language, and again whole
in the new one after a language switch: the view words the reason before the message is made, and
the sentence's capital ("Esse espaço não toca ...") and the words round a side ("a3 is Black's piece:
clique numa peça do Branco") kept it in the old one.  Clicks are posted events; the language is
switched as Settings switches it."""

from __future__ import annotations

import pytest

from games.grid import parse_cell
from tests.test_ui_language_messages import shown
from tests.test_ui_move_entry import start
from tests.ui_helpers import click, held_messages_clock, in_language

CLICKS = [  # a game, the place clicked on its first position, what is said in Portuguese and in English
    ("trax", (0, 0), "Esse espaço não toca em nenhuma peça", "That space does not touch a tile"),
    ("trax", (4, 4), "@0 só toca numa peça por um canto: uma peça põe-se junto a outra, lado com lado",
     "@0 touches a tile only at a corner: a tile goes next to another, edge to edge"),
    ("alquerque", 0, "A peça em a1 não se pode mover: todos os pontos para onde pode dar um passo estão ocupados, "
     "e não tem nada para capturar",
     "The piece on a1 cannot move: every point it may step to is taken, and it has nothing to capture"),
    ("alquerque", parse_cell("a4", 5, 5), "a4 é uma peça do Preto: clique numa peça do Branco",
     "a4 is Black's piece: click one of White's pieces"),
    ("reversi", (0, 0), "a1 não vira nenhuma peça", "a1 flips no discs"),
]


def place_rect(scene, place):
    """Where the view draws ``place`` (its key among ``targets``)."""
    return next(rect for key, rect in scene.view.targets(scene.state) if key == place)


@pytest.mark.parametrize(("game_id", "place", "portuguese", "english"), CLICKS)
def test_a_refused_click_is_said_again_in_the_new_language(app, monkeypatch, game_id, place, portuguese, english):
    """The refusal said in Portuguese, then in English, then in Portuguese again, on the messages'
    clock held still (``held_messages_clock``): a loaded machine's slow frames, the six of the
    three languages' turns, outlasted its 3.5 s before the last was read."""
    held_messages_clock(monkeypatch)
    scene = start(app, game_id)
    with in_language(app, "pt"):
        app.run_frames(2)
        click(app, place_rect(scene, place).center)
        assert shown(scene.messages)[-1:] == [portuguese], shown(scene.messages)
    app.run_frames(2)
    assert shown(scene.messages)[-1:] == [english], shown(scene.messages)
    with in_language(app, "pt"):
        app.run_frames(2)
        assert shown(scene.messages)[-1:] == [portuguese], shown(scene.messages)
