"""The window's outside-player hints (New game's label over its field, the tournament screen's
field) name every form of outside player the command line's help names: they left out
``notebook.ipynb:name`` and ``engine.json``, which load there too."""

from __future__ import annotations

import re

import main
from ui.scenes.setup import SetupScene
from ui.scenes.tournament import TournamentScene

# the command line's forms: "file.py[:name], notebook.ipynb:name, gtp:COMMAND or engine.json"
CLI_FORMS = re.split(r", | or ", main.PLAYER_HELP.split("an outside player: ")[1])


def test_the_command_lines_forms_are_the_four_known():
    assert CLI_FORMS == ["file.py[:name]", "notebook.ipynb:name", "gtp:COMMAND", "engine.json"]


def test_new_games_outside_player_label_names_every_form_the_command_line_names(app):
    scene = SetupScene(app, game_id="hex")
    app.switch(scene)
    app.run_frames(2)
    [label] = [w.get_title() for w in scene.menu.get_widgets() if w.get_title().startswith("Outside player")]
    assert all(form in label for form in CLI_FORMS), label


def test_the_tournament_fields_hint_names_every_form_the_command_line_names(app):
    scene = TournamentScene(app, "hex")
    app.switch(scene)
    app.run_frames(2)
    hint = scene.entry.placeholder
    # file.py[:name or *]: a tournament takes every player of a file too
    assert all(form in hint for form in ["file.py[:name", *CLI_FORMS[1:]]), hint
    assert all(form in shorter for form in CLI_FORMS[1:] for shorter in scene.entry.shorter[:2])
