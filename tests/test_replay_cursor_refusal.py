"""B in a replay with Analysis off says why the board cursor does not show, and the words are read
whole in the replay's one-line lane at 800x600, Larger text too, in either language: "A cursor
on the board shows the moves' values: turn on Analysis (A) first" was cut there to "Um cursor no
tabuleiro mostra os valore… (clique para copiar tudo)", what to do (press A) cut off."""

from __future__ import annotations

import pygame
import pytest

from tests.test_replay import random_record
from tests.ui_helpers import in_language, key, small_windows


@pytest.mark.parametrize("language", ["en", "pt"])
def test_b_without_analysis_says_to_press_a_in_words_the_replays_lane_shows_whole(app, language):
    with in_language(app, language):
        app.open_replay(random_record("alquerque"), ply=20)
        app.run_frames(2)
        scene = app.scene
        for size, text_size in small_windows(app, sizes=((800, 600), (1280, 800))):
            scene.resize(app.screen.get_size())
            key(app, pygame.K_b)
            assert not scene.cursor.on
            lane = scene.messages_lane
            shown = scene.messages.shown(scene.board_scale, lane.width, lane.height)
            said = [(lines, cut) for m, lines, cut in shown if "(A)" in m.text]
            assert said, (size, text_size, shown)
            assert all(not cut and "(A)" in lines[-1] for lines, cut in said), (size, text_size, said)  # whole
