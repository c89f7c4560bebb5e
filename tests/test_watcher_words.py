"""Words for a person who watches rather than plays (the magazine review qa91).

A level's description spoke to "you" on Watch: PC vs PC ("Takes wins and blocks yours"), where the
reader plays neither side; the roster gives a watcher's form beside the player's, and New game picks
by its mode.
"""

from __future__ import annotations

import re

import pygame
import pytest

from tests.test_course_words import form_texts
from tests.ui_helpers import in_language, key, window_for_a_test

# (game, level): what its description says to a watcher, then to the person playing it, by language
SAID = {
    ("tictactoe", 3): {"en": ("blocks the other side's", "blocks yours"),
                       "pt": ("bloqueia a vitória imediata do adversário", "bloqueia a vitória imediata do adversário")},
    ("rastros", 2): {"en": ("never lets the other side win in one", "never lets you win in one"),
                     "pt": ("nunca deixa o adversário ganhar de imediato", "nunca o deixa ganhar de imediato")},
}
# the player's form in a description, which a watcher's never says ("your corner" is the rules' own)
YOU = {"en": re.compile(r"\byou\b|\byours\b", re.I), "pt": re.compile(r"\bo deixa\b", re.I)}


def level_chosen(app, selector_id: str, level_title: str) -> str:
    """With the keyboard alone: down New game's form to ``selector_id``, Right until it shows
    ``level_title``; the form's lines then, in one string."""
    while app.scene.menu.get_selected_widget().get_id() != selector_id:
        key(app, pygame.K_DOWN)
    for _ in range(12):
        if app.scene.menu.get_selected_widget().get_value()[0][0] == level_title:
            break
        key(app, pygame.K_RIGHT)
    return " ".join(" ".join(form_texts(app.scene)).split())


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize(("game_id", "level"), SAID)
def test_a_watched_level_is_described_in_the_third_person_and_a_played_one_to_you(tmp_path, monkeypatch, game_id,
                                                                                   level, language):
    from ui.scenes.setup import SetupScene

    title = {"en": "Level {n}", "pt": "Nível {n}"}[language].format(n=level)
    to_a_watcher, to_a_player = SAID[game_id, level][language]
    with window_for_a_test(tmp_path, monkeypatch, size=(1280, 800)) as app, in_language(app, language):
        app.switch(SetupScene(app, watch=True, game_id=game_id))
        app.run_frames(2)
        watched = level_chosen(app, "pc0", title)
        app.switch(SetupScene(app, game_id=game_id))
        app.run_frames(2)
        played = level_chosen(app, "computer", title)
    assert to_a_watcher in watched and not YOU[language].search(watched), watched
    assert to_a_player in played, played


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_level_has_a_watchers_form_where_its_players_form_says_you(language):
    """Each description that speaks to the player has a form for a watcher, which does not."""
    import ai
    import games
    from tests.ui_helpers import words_in
    from ui import words

    spoken_to = []
    with words_in(language):
        for game_id in games.GAME_IDS:
            for player in ai.catalog(game_id):
                watched = words.description(player, watched=True)
                if YOU[language].search(watched):
                    spoken_to.append(watched)
    assert spoken_to == []
