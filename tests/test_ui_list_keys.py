"""A keyboard-only player on the list screens and the screens with a ring (headless App, posted
key events): every control is reached with Tab, and Esc means one thing everywhere.

- Saved games and Continue: Tab went round the search field, the game chooser and the rows, and
  never reached the row's Delete, Back or Open the folder; on Continue's list, which has no
  field, Tab did nothing at all.  They are now in the ring, after the rows.
- Esc with the keyboard on a control left the screen at once on the lists (the game chooser, the
  empty search field), the tournament's screen, the forms, the replay and a game's result
  card (to the menu), while in a game it only took the ring away.  Everywhere now
  the first Esc takes the ring (or the field's typing) away, and the next one leaves.
- The tournament's setup rang Back at the first Tab: Tab starts on the game, the first control a
  user fills, Back last; so does the running tournament's row of buttons (Stop first).
- The rules pages' Back and the position editor's buttons (Other side to move, Play, Usual start,
  Back) were out of Tab's reach: Tab past the last page rings Back, and past the editor's board
  and rule options its buttons.
"""

from __future__ import annotations

import pygame

from tests.test_ui_records_filter import a_class_of_games, open_list, read_in, searched
from tests.test_ui_unfinished import start
from tests.ui_helpers import autosaves_written, key
from ui.data_folders import games_dir
from ui.scenes.records import RecordsScene
from ui.scenes.unfinished import UnfinishedScene


def ringed(scene) -> list[str]:
    """The labels of the list screen's buttons the keyboard's ring is on."""
    return [b.label for b in (scene.delete_button, scene.back_button, scene.folder_button) if b.focused]


def test_tab_from_the_rows_rings_delete_back_and_the_folder_then_goes_round_to_the_chooser_and_the_field(
        app, monkeypatch):
    """Tab from the last row went up to the search field, past the buttons under it: the ring now
    goes as the screen reads, top to bottom, left to right, and Shift+Tab the same way back."""
    opened = []
    monkeypatch.setattr("ui.scenes.records.open_folder", lambda folder: opened.append(folder))
    a_class_of_games()
    scene = open_list(app)
    key(app, pygame.K_END)  # the last row
    last = len(scene.entries) - 1
    assert scene.selected == last and not ringed(scene)
    seen = []
    for _ in range(3):
        key(app, pygame.K_TAB)
        seen.append(ringed(scene))
    assert seen == [["Delete"], ["Back"], ["Open the folder"]] and not scene.search.focus
    key(app, pygame.K_SPACE)
    assert opened == [scene.folder] and app.scene is scene
    key(app, pygame.K_TAB)
    assert scene.game_stepper.focused and not ringed(scene)
    key(app, pygame.K_TAB)
    assert scene.search.focus and not scene.game_stepper.focused
    key(app, pygame.K_TAB)
    assert not scene.search.focus and not ringed(scene) and scene.selected == last  # the rows, as they were
    backwards = []
    for _ in range(5):
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        backwards.append("field" if scene.search.focus else "games" if scene.game_stepper.focused
                         else ",".join(ringed(scene)) or "rows")
    assert backwards == ["field", "games", "Open the folder", "Back", "Delete"]


def test_enter_on_the_ringed_delete_asks_then_deletes_the_chosen_row(app, monkeypatch):
    """One ring at a time: the row's was drawn beside its ringed Delete button."""
    a_class_of_games()
    scene = open_list(app)
    files = sorted(games_dir().glob("*.json"))
    key(app, pygame.K_DOWN)  # the second row
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the field, then the game chooser
    for _ in range(3):  # the field, the rows (the second row still chosen), its Delete
        key(app, pygame.K_TAB)
    assert ringed(scene) == ["Delete"]
    rows_ringed = []
    monkeypatch.setattr("ui.scenes.records.focus_ring", lambda *args: rows_ringed.append(args[1]))
    scene.draw(app.screen)
    assert rows_ringed == []
    second = scene.entries[1].path
    key(app, pygame.K_RETURN)
    assert scene.delete_button.label == "Delete? Press again" and second.exists()
    key(app, pygame.K_RETURN)
    assert not second.exists() and len(sorted(games_dir().glob("*.json"))) == len(files) - 1


def test_esc_first_takes_the_ring_or_the_field_away_then_leaves(app):
    a_class_of_games()
    scene = open_list(app)
    for _ in range(4):  # the field, the game chooser, Open the folder, Back
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not ringed(scene)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the field, nothing typed in it
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not scene.search.focus
    searched(app, "rita")
    key(app, pygame.K_DOWN)  # the keyboard on the rows: Esc clears the text there, as before
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.search.text == ""
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the field, then the game chooser
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


def test_the_tournaments_first_tab_rings_the_game_and_esc_first_takes_the_ring_away(app):
    from ui.scenes.tournament import TournamentScene

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    back = scene.buttons[0]
    key(app, pygame.K_TAB)
    assert scene.game_chooser.focused and not back.focused
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # round from the first control to the last: Back
    assert back.focused
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not back.focused
    key(app, pygame.K_UP)  # Back again, from no control
    assert back.focused
    key(app, pygame.K_RETURN)
    assert app.scene is not scene


def test_esc_in_the_tournaments_field_reached_with_the_keys_leaves_the_field_then_the_screen(app):
    """The ring's Esc is not one more Esc to press after the field's: the field's takes both away."""
    from ui.scenes.tournament import TournamentScene

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)  # Back, the field (Add player is off while nothing is typed)
    assert scene.entry.focus
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not scene.entry.focus
    assert not any(b.focused for b in scene.buttons)
    key(app, pygame.K_ESCAPE)
    assert app.scene is not scene


def test_the_running_tournaments_first_tab_rings_stop_and_esc_first_takes_the_ring_away(app):
    from ui.scenes.tournament import TournamentScene

    scene = TournamentScene(app, "hex")  # games of about a second: still running at the keys
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_RETURN)  # no control chosen: Start
    assert scene.running
    back, stop = scene.buttons[:2]
    key(app, pygame.K_TAB)
    assert stop.focused and not back.focused
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not stop.focused and scene.running
    for _ in range(4):  # the latest results, the standings and the crosstable once shown; Back, the last button
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        if back.focused:
            break
    assert back.focused
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    key(app, pygame.K_ESCAPE)  # Back's question: leaving stops the tournament
    assert app.scene is scene and scene.leave_asked and back.focused and scene.running
    key(app, pygame.K_RETURN)  # yes, on the ringed Back
    assert app.scene is not scene


def test_esc_on_a_forms_ringed_button_takes_the_ring_back_to_the_form_then_leaves(app):
    from tests.test_ui_form_keys import new_game, ringed, shown_chosen
    from ui.scenes.menu import MenuScene
    from ui.scenes.settings_screen import SettingsScene

    scene = new_game(app)
    key(app, pygame.K_UP)  # before the first line: Back
    assert ringed(scene) == ["Back"]
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not ringed(scene) and shown_chosen(scene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    settings = SettingsScene(app)
    app.switch(settings)
    app.run_frames(2)
    key(app, pygame.K_UP)
    key(app, pygame.K_ESCAPE)
    assert app.scene is settings and not settings.back_button.focused


def test_esc_on_the_result_cards_ringed_button_takes_the_ring_away_then_goes_to_the_menu(app):
    from tests.test_ui_keyboard_only import finished
    from tests.test_ui_keyboard_only import ringed as ringed_buttons
    from ui.scenes.menu import MenuScene

    scene = finished(app)
    card = scene.card_shown()
    key(app, pygame.K_TAB)
    assert ringed_buttons(card.buttons) == ["Rematch, sides swapped"]
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.card_shown() is card and not ringed_buttons(card.buttons)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_esc_on_the_replays_ringed_button_takes_the_ring_away_then_goes_back(app):
    from tests.test_ui_keyboard_only import finished
    from tests.test_ui_keyboard_only import ringed as ringed_buttons
    from ui.scenes.replay import ReplayScene

    scene = finished(app)
    key(app, pygame.K_e)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    key(app, pygame.K_TAB)
    assert len(ringed_buttons(replay.buttons)) == 1
    key(app, pygame.K_ESCAPE)
    assert app.scene is replay and not ringed_buttons(replay.buttons)
    key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)  # an arrow takes the ring away and steps, as in a game
    assert not ringed_buttons(replay.buttons)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_tab_past_the_last_rules_page_rings_back_and_esc_first_takes_the_ring_away(app):
    from ui.about import ABOUT_PAGE
    from ui.scenes.menu import MenuScene
    from ui.scenes.rules import RulesScene

    app.show_rules(ABOUT_PAGE)
    app.run_frames(2)
    rules = app.scene
    assert isinstance(rules, RulesScene)
    key(app, pygame.K_TAB)  # past About, the last page: Back
    assert rules.back_button.focused and rules.game_id == ABOUT_PAGE
    key(app, pygame.K_TAB)  # round to the first page
    assert not rules.back_button.focused and rules.game_id == rules.page_ids[0]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert rules.back_button.focused
    key(app, pygame.K_ESCAPE)
    assert app.scene is rules and not rules.back_button.focused
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_SPACE)
    assert isinstance(app.scene, MenuScene)


def test_tab_in_the_position_editor_rings_its_buttons_after_the_board(app):
    """Tab went round the text, the board and the rule options: Other side to move, Play, Usual
    start and Back were reached by their Ctrl keys (and Esc) alone."""
    from tests.test_ui_position_editor_clicks import open_editor
    from ui.scenes.setup import SetupScene

    editor = open_editor(app, "tictactoe")
    text = editor.area.text
    for _ in range(3):  # the board, the rule options (a board's size), then the buttons
        key(app, pygame.K_TAB)
        if editor.focus == "buttons":
            break
    seen = [[b.label for b in editor._button_stops() if b.focused]]
    for _ in range(3):
        key(app, pygame.K_TAB)
        seen.append([b.label for b in editor._button_stops() if b.focused])
    assert seen == [["Other side to move"], ["Play from this position"], ["Usual start"], ["Back"]]
    assert editor.focus == "buttons" and not editor.area.focused and not editor.cursor.on
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # Usual start, Play, Other side to move
    key(app, pygame.K_SPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" "))  # the Space's text: not typed
    app.run_frames(2)
    assert editor.area.text != text and " " not in editor.area.text.split("\n")[-1]  # the other side to move
    key(app, pygame.K_ESCAPE)  # the ring goes, the keys back to the text
    assert app.scene is editor and editor.focus == "text" and editor.area.focused
    assert not any(b.focused for b in editor._button_stops())
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # from the text back to the last button: Back
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, SetupScene)
