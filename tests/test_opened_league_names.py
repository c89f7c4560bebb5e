"""A league's results opened in the window (its FILE.json dropped on it) and saved again (Save
results, S) name the built-in players as the screen does, "Level 1" ("Nível 1" in Portuguese):
the copy's tables said "level-1", the player's id, where the screen, the command line's report
and a league played in the window all said "Level 1"."""

from __future__ import annotations

import json

import pygame
import pytest

from ai.commands.tournament import write_results
from tests.test_crosstable_forfeits import league
from tests.ui_helpers import drop, in_language, key


@pytest.mark.parametrize(("language", "level"), [("en", "Level 1"), ("pt", "Nível 1")])
def test_a_league_opened_and_saved_again_names_the_levels_as_the_screen_does(app, tmp_path, language, level):
    path = str(write_results(league(), str(tmp_path / "turma"))[0])
    with in_language(app, language):
        drop(app, path, frames=3)
        scene = app.scene
        assert scene._name("level-1") == level
        key(app, pygame.K_s)  # Save results
        saved = {p.suffix: p for p in scene.saved}
        names = json.loads(saved[".json"].read_text(encoding="utf-8"))["names"]
        tables = saved[".txt"].read_text(encoding="utf-8")
    assert names == {"level-1": level, "level-2": level[:-1] + "2", "broken.py": "broken"}, names
    assert f"1. {level}" in tables and "level-1" not in tables, tables
