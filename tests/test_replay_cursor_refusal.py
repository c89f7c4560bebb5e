"""A key a replay refuses says why, and the words are read whole in the replay's one-line lane at
800x600, Larger text too, in either language: B with Analysis off ("A cursor on the board shows
the moves' values: turn on Analysis (A) first") was cut there to "Um cursor no tabuleiro mostra os
valore… (clique para copiar tudo)", what to do (press A) cut off; H ("Sem sugestões ao rever um
jogo: use a Análise (A) ou Jogar a partir daqui (C)") lost its "(C)" in Portuguese."""

from __future__ import annotations

import pygame
import pytest

from tests.test_replay import random_record
from tests.ui_helpers import in_language, key, small_windows


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize(("pressed", "what_to_do"), [(pygame.K_b, "(A)"), (pygame.K_h, "(C)")])
def test_a_refused_key_says_what_to_do_in_words_the_replays_lane_shows_whole(app, language, pressed, what_to_do):
    with in_language(app, language):
        app.open_replay(random_record("alquerque"), ply=20)
        app.run_frames(2)
        scene = app.scene
        for size, text_size in small_windows(app, sizes=((800, 600), (1280, 800))):
            scene.resize(app.screen.get_size())
            key(app, pressed)
            assert not scene.cursor.on
            lane = scene.messages_lane
            shown = scene.messages.shown(scene.board_scale, lane.width, lane.height)
            said = [(lines, cut) for m, lines, cut in shown if what_to_do in m.text]
            assert said, (size, text_size, [m.text for m, _lines, _cut in shown])
            assert all(not cut and what_to_do in lines[-1] for lines, cut in said), (size, text_size, said)
