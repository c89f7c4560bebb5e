"""Quit on the main menu takes one Enter and asks nothing, since there nothing can be lost: the
game left for the menu is already kept (autosaved after each move; a game whose moves could not be
saved warns as it is left, ``GameScene._warn_unsaved``), and a tournament stops as its screen is
left, its games in its log, offered again (Resume).  A question on every Quit would be a desktop
app's nag, asked where no work is at stake; these tests hold the ground it stands on."""

from __future__ import annotations

import pygame

from tests.held_tournament import held_games_fixture  # noqa: F401 - the fixture, used by name
from tests.test_ui_main_menu import leave_a_game_unfinished
from tests.test_ui_tournament_resume import _reopen, _started_with_a_game_played
from tests.ui_helpers import down_to_widget, key, leave_tournament, wait, window_for_a_test
from ui.scenes.menu import MenuScene


def quit_by_enter(app) -> None:
    """The keyboard taken down the main menu to Quit and Enter pressed, as a person would."""
    assert isinstance(app.scene, MenuScene)
    down_to_widget(app, app.scene.menu, "quit")
    key(app, pygame.K_RETURN)


def test_one_enter_on_quit_closes_the_window_and_the_game_left_is_offered_again(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch) as app:
        leave_a_game_unfinished(app)  # b2 played, Esc: the menu
        quit_by_enter(app)
        assert not app.running
    with window_for_a_test(tmp_path, monkeypatch) as again:  # the next start, same folders
        menu = again.scene
        assert wait(again, lambda: not menu.reading.loading, 30)
        assert [w.get_id() for w in menu.menu.get_widgets()][0] == "continue"
        assert menu.resumable.moves == ["b2"]


def test_one_enter_on_quit_after_leaving_a_running_tournament_keeps_its_games_for_resume(tmp_path, monkeypatch,
                                                                                      tournament_games_held):
    """Esc in the middle of a tournament, then straight to Quit: the games it played are in its
    log, and the next window's tournament screen offers it again."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        scene, old = _started_with_a_game_played(app, tournament_games_held)
        played = sum(1 for r in old.results.values() if r is not None)
        leave_tournament(app)  # Esc, and yes to its question
        quit_by_enter(app)
        assert not app.running and not old.is_running()
    log = scene.base.with_name(scene.base.name + ".jsonl")
    with window_for_a_test(tmp_path, monkeypatch) as again:
        offer = _reopen(again).offer
        assert offer is not None and offer.path == log and offer.done >= played
