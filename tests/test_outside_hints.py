"""The window's outside-player hints (New game's label over its field, the tournament screen's
field) name every form of outside player the command line's help names: they left out
``notebook.ipynb:name`` and ``engine.json``, which load there too.  What a player types is kept
exact ("gtp:", a ".json" file), but not the command line's programmer words for it ("gtp:COMMAND",
"engine.json" read as a file of that name): said in plain words around it (QA qa136)."""

from __future__ import annotations

import re

import main
from ui.scenes.setup import SetupScene
from ui.scenes.tournament import TournamentScene

# the command line's forms: "file.py[:name], notebook.ipynb:name, gtp:COMMAND or engine.json"
CLI_FORMS = re.split(r", | or ", main.PLAYER_HELP.split("an outside player: ")[1])
# what the window says of them: the same to type, without the command line's placeholders
WINDOW_FORMS = ["notebook.ipynb:name", "gtp: ", "name.json"]
PROGRAMMER_WORDS = ["COMMAND", "engine.json"]


def said_plainly(hint: str) -> bool:
    """Whether ``hint`` names the forms as a player types them, without the programmer words."""
    return all(form in hint for form in WINDOW_FORMS) and not any(word in hint for word in PROGRAMMER_WORDS)


def test_the_command_lines_forms_are_the_four_known():
    assert CLI_FORMS == ["file.py[:name]", "notebook.ipynb:name", "gtp:COMMAND", "engine.json"]


def test_new_games_outside_player_label_names_every_form_the_command_line_names(app):
    scene = SetupScene(app, game_id="hex")
    app.switch(scene)
    app.run_frames(2)
    [label] = [w.get_title() for w in scene.menu.get_widgets() if w.get_title().startswith("Outside player")]
    assert "bot.py:name" in label and said_plainly(label), label


def test_the_tournament_fields_hint_names_every_form_the_command_line_names(app):
    scene = TournamentScene(app, "hex")
    app.switch(scene)
    app.run_frames(2)
    hint = scene.entry.placeholder
    # file.py[:name or *]: a tournament takes every player of a file too
    assert "file.py[:name" in hint and said_plainly(hint), hint
    assert all(said_plainly(shorter) for shorter in scene.entry.shorter[:2]), scene.entry.shorter
    assert not any(word in shorter for word in PROGRAMMER_WORDS for shorter in scene.entry.shorter)
