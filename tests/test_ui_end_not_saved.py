"""A game that ended while its file could not be written (the data folder read-only, a full disk):
leaving it said nothing, and the game was lost.  Its file kept the moves of before the failure, so
Continue offered a game that had ended as unfinished, and Saved games and the players' tally never
had it.  Leaving now warns first, as leaving an unfinished game whose last moves were not saved does."""

from __future__ import annotations

import errno

import pygame
import pytest

import ui.autosave
from tests.ui_helpers import click, key
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene

WON = ("a1", "a2", "b1", "b2", "c1")  # X takes the top row


def _read_only(path, text, **kw) -> None:
    raise OSError(errno.EROFS, "Read-only file system", str(path))


def played(app, monkeypatch, moves=WON, fail_from: int = 2) -> GameScene:
    """A hot-seat game of ``moves`` clicked on the board, its data folder read-only from the
    ``fail_from``th move on."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    for number, text in enumerate(moves):
        if number == fail_from:
            scene.recorder.settle(scene)
            monkeypatch.setattr(ui.autosave, "atomic_write_text", _read_only)
        cell = scene.view.move_cell(scene.game.parse_move(scene.state, text))
        click(app, scene.view.cell_rect(*cell).center)
    assert [ply.text for ply in scene.history] == list(moves)
    return scene


def warned(scene) -> bool:
    return any("could not be saved" in m.text for m in scene.messages.items)


def test_leaving_a_game_whose_end_could_not_be_saved_warns_first(app, monkeypatch):
    scene = played(app, monkeypatch)
    assert scene.is_over()
    key(app, pygame.K_ESCAPE)  # the result card's Menu
    assert app.scene is scene, "left unsaid: the game's end is in no file"
    assert warned(scene)
    key(app, pygame.K_ESCAPE)  # leave again: go without it
    assert isinstance(app.scene, MenuScene)


def test_closing_the_window_on_a_game_whose_end_could_not_be_saved_waits(app, monkeypatch):
    scene = played(app, monkeypatch)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert app.running and app.scene is scene
    assert warned(scene)


def test_a_rematch_after_an_end_that_could_not_be_saved_warns_first(app, monkeypatch):
    scene = played(app, monkeypatch)
    key(app, pygame.K_r)  # the result card's Rematch
    assert scene.is_over() and warned(scene), "the ended game was dropped unsaid"
    key(app, pygame.K_r)
    assert not scene.is_over() and scene.history == []


def test_a_game_saved_to_its_end_leaves_at_once(app, monkeypatch):
    scene = played(app, monkeypatch, fail_from=len(WON) + 1)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert not warned(scene)


def test_a_warning_said_mid_game_is_said_again_once_the_game_has_ended(app, monkeypatch):
    """Warned once before the end, the player played on: the end was then lost unsaid."""
    scene = played(app, monkeypatch, moves=WON[:3])
    key(app, pygame.K_ESCAPE)  # the board's cursor, if shown, goes first; then the warning
    if app.scene is scene and not warned(scene):
        key(app, pygame.K_ESCAPE)
    assert app.scene is scene and warned(scene)
    scene.messages.items.clear()
    for text in WON[3:]:
        cell = scene.view.move_cell(scene.game.parse_move(scene.state, text))
        click(app, scene.view.cell_rect(*cell).center)
    assert scene.is_over()
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and warned(scene)


def saved_games_folder_in_the_way() -> None:
    """A file where the saved-games folder goes: Save cannot write there either (a read-only
    data folder does both at once)."""
    from ui.data_folders import games_dir

    games_dir().parent.mkdir(parents=True, exist_ok=True)
    games_dir().write_text("not a folder", encoding="utf-8")


@pytest.mark.parametrize("moves", [WON, WON[:3]], ids=["ended", "unfinished"])
def test_where_save_cannot_write_either_the_warning_offers_the_move_list(app, monkeypatch, moves):
    """With the whole data folder read-only the warning said "Save (Ctrl+S) writes a copy", and
    Save then failed too: the player was sent to a way out that was not there, and left the
    game lost.  The move list (M) goes to the clipboard, and Saved games takes it back (Ctrl+V)."""
    saved_games_folder_in_the_way()
    scene = played(app, monkeypatch, moves=moves)
    key(app, pygame.K_ESCAPE)
    if app.scene is scene and not warned(scene):
        key(app, pygame.K_ESCAPE)  # the board's cursor went first
    said = [m.text for m in scene.messages.items if "could not be saved" in m.text]
    assert app.scene is scene and said
    assert "Ctrl+S" not in said[-1] and "M copies" in said[-1], said
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # Save: it fails, as the warning now knows
    assert any("Could not save the game" in m.text for m in scene.messages.items)


def test_where_save_can_write_the_warning_offers_save(app, monkeypatch):
    scene = played(app, monkeypatch)
    key(app, pygame.K_ESCAPE)
    said = [m.text for m in scene.messages.items if "could not be saved" in m.text]
    assert said and "Save (Ctrl+S)" in said[-1], said


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("save_can_write", [True, False], ids=["save", "no-save"])
@pytest.mark.parametrize("moves", [WON, WON[:3]], ids=["ended", "unfinished"])
def test_the_warning_is_said_whole_in_a_small_window_at_larger_text(tmp_path, monkeypatch, language, save_can_write,
                                                                      moves):
    """At Larger text in an 800x600 window, in Portuguese, the lane cut the warning after "nem
    Guardar consegue grava…": the way out it names, at its end, was not seen."""
    from tests.ui_helpers import in_language, make_app_of

    app = make_app_of(tmp_path, monkeypatch, (800, 600))
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        if not save_can_write:
            saved_games_folder_in_the_way()
        with in_language(app, language):
            scene = played(app, monkeypatch, moves=moves)
            assert scene._warn_unsaved()
            app.run_frames(2)
            side = scene.board_side
            shown = scene.messages.shown(app.scale, side.messages_width(), side.messages_room())
            said = [(lines, cut) for message, lines, cut in shown if message.kind == "warn"]
            assert said and not said[-1][1], said
            assert ("Ctrl+S" in " ".join(said[-1][0])) == save_can_write, said
        assert app.errors == []
    finally:
        app.quit()
