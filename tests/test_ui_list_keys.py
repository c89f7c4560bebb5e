"""A keyboard-only player on the list screens and the screens with a ring (headless App, posted
key events): every control is reached with Tab, and Esc means one thing everywhere.

- Saved games and Continue: Tab went round the search field, the game chooser and the rows, and
  never reached the row's Delete, Back or Open the folder; on Continue's list, which has no
  field, Tab did nothing at all.  They are now in the ring, after the rows.
- Esc on a ringed button, the game chooser or the empty search field left the screen at once;
  in a game it only takes the ring away.  It does so here too, and the next Esc leaves.
"""

from __future__ import annotations

import pygame

from tests.test_ui_records_filter import a_class_of_games, open_list, read_in, typed
from tests.test_ui_unfinished import start
from tests.ui_helpers import autosaves_written, key
from ui.autosave import games_dir
from ui.scenes.records import RecordsScene
from ui.scenes.unfinished import UnfinishedScene


def ringed(scene) -> list[str]:
    """The labels of the list screen's buttons the keyboard's ring is on."""
    return [b.label for b in (scene.delete_button, scene.back_button, scene.folder_button) if b.focused]


def test_tab_rings_the_rows_delete_back_and_the_folder_then_goes_round_to_the_field(app, monkeypatch):
    opened = []
    monkeypatch.setattr("ui.scenes.records.open_folder", lambda folder: opened.append(folder))
    a_class_of_games()
    scene = open_list(app)
    for _ in range(3):  # the field, the game chooser, the rows
        key(app, pygame.K_TAB)
    assert scene.selected == 0 and not ringed(scene)
    seen = []
    for _ in range(3):
        key(app, pygame.K_TAB)
        seen.append(ringed(scene))
    assert seen == [["Delete"], ["Back"], ["Open the folder"]]
    key(app, pygame.K_SPACE)
    assert opened == [scene.folder] and app.scene is scene
    key(app, pygame.K_TAB)
    assert scene.search.focus and not ringed(scene)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # from the field, back round to the last button
    assert ringed(scene) == ["Open the folder"] and not scene.search.focus


def test_enter_on_the_ringed_delete_asks_then_deletes_the_chosen_row(app):
    a_class_of_games()
    scene = open_list(app)
    files = sorted(games_dir().glob("*.json"))
    key(app, pygame.K_DOWN)  # the second row
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the game chooser, then the field
    for _ in range(3):  # the game chooser, the rows (the second row still chosen), its Delete
        key(app, pygame.K_TAB)
    assert ringed(scene) == ["Delete"]
    second = scene.entries[1].path
    key(app, pygame.K_RETURN)
    assert scene.delete_button.label == "Delete? Press again" and second.exists()
    key(app, pygame.K_RETURN)
    assert not second.exists() and len(sorted(games_dir().glob("*.json"))) == len(files) - 1


def test_esc_first_takes_the_ring_or_the_field_away_then_leaves(app):
    a_class_of_games()
    scene = open_list(app)
    for _ in range(4):  # the game chooser, the field, Open the folder, Back
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not ringed(scene)
    key(app, pygame.K_TAB)  # the field, nothing typed in it
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not scene.search.focus
    key(app, pygame.K_TAB)
    typed(app, "rita")
    key(app, pygame.K_DOWN)  # the keyboard on the rows: Esc clears the text there, as before
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.search.text == ""
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the game chooser
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not scene.game_stepper.focused
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, RecordsScene)


def test_tab_on_an_empty_continue_list_rings_back_and_the_folder(app):
    scene = UnfinishedScene(app)
    app.switch(scene)
    read_in(app, scene)
    assert not scene.entries
    key(app, pygame.K_TAB)
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_TAB)
    assert ringed(scene) == ["Open the folder"]
    key(app, pygame.K_TAB)
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scene, RecordsScene)


def test_tab_on_the_continue_list_goes_from_its_rows_to_the_rows_delete(app):
    start(app)
    autosaves_written()
    scene = UnfinishedScene(app)
    app.switch(scene)
    read_in(app, scene)
    assert len(scene.entries) == 1
    key(app, pygame.K_TAB)
    assert ringed(scene) == ["Delete"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert not ringed(scene) and scene.selected == 0
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # from the rows back round to the last button
    assert ringed(scene) == ["Open the folder"]
    key(app, pygame.K_DOWN)  # the ring goes, the row keeps the keyboard
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scene, RecordsScene)  # the game, continued
