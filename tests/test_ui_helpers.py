"""The window tests' own window (``tests.ui_helpers.window_for_a_test``, the ``app`` fixtures'):
a test whose screen broke fails though the window loop caught the exception and went on, and the
window is closed after the test, once, with the language English again for the next test."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import count_calls, key, tournament_started, wait, window_for_a_test
from ui import i18n
from ui.app import App


def test_a_test_whose_screen_broke_fails(tmp_path, monkeypatch):
    """The loop catches a screen's exception (the player sees "Something went wrong"), so the
    test's own asserts would pass: the window's kept errors fail it."""

    def broken(event: pygame.event.Event) -> None:
        raise ZeroDivisionError("the menu broke")

    with (pytest.raises(AssertionError, match="ZeroDivisionError: the menu broke"),
          window_for_a_test(tmp_path, monkeypatch) as app):
        monkeypatch.setattr(app.scene, "handle_event", broken)
        key(app, pygame.K_DOWN)


def test_the_window_is_closed_once_and_english_again(tmp_path, monkeypatch):
    quits = count_calls(monkeypatch, App, "quit")
    with window_for_a_test(tmp_path, monkeypatch, size=(1000, 700)) as app:
        assert app.size == (1000, 700)
        app.settings.language = "pt"
        app.apply_settings()
        assert i18n.language() == "pt"
    assert not app.running and i18n.language() == "en" and quits == [1]
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.quit()  # a test that closes its window itself
    assert quits == [2]


@pytest.mark.parametrize(("games_choice", "each_way"), [(0, 1), (1, 2)])
def test_a_tournament_started_for_a_test_plays_its_players_at_the_choice_of_games(app, tmp_path, games_choice,
                                                                                 each_way):
    """On the screen, as a teacher starts one: the players chosen, the games a pair of the screen's
    choice, 0.1 s a move, its results log in the folder given."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "tournaments",
                               games_choice=games_choice)
    assert app.scene is scene
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
    played = scene.tournament
    assert sorted(played.player_ids) == ["level-1", "level-2"]
    assert (played.games_per_pair, played.time_per_move, played.total) == (each_way, 0.1, 2 * each_way)
    assert list((tmp_path / "tournaments").iterdir()), "nothing saved in the folder given"
