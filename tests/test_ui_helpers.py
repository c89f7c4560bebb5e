"""The window tests' own window (``tests.ui_helpers.window_for_a_test``, the ``app`` fixtures'):
a test whose screen broke fails though the window loop caught the exception and went on, and the
window is closed after the test, once, with the language English again for the next test."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import (
    count_calls,
    in_language,
    key,
    tournament_started,
    wait,
    window_for_a_test,
    words_in,
)
from ui import i18n
from ui.app import App
from ui.i18n import _


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


def test_words_in_a_language_are_english_again_after_a_failure():
    """``words_in``: the words of ``ui.words`` and ``_()`` in the language asked for, English again
    after the block, even one that failed, so a failed test leaves the next one in English."""
    with pytest.raises(ZeroDivisionError), words_in("pt"):
        assert i18n.language() == "pt" and _("Back") == "Voltar"
        raise ZeroDivisionError("the block failed")
    assert i18n.language() == "en" and _("Back") == "Back"


def test_a_window_in_a_language_is_in_english_again_after_a_failure(tmp_path, monkeypatch):
    """``in_language``: the window in the language as Settings sets it (its settings and its
    words), and back in English after the block, even one that failed."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        with pytest.raises(ZeroDivisionError), in_language(app, "pt"):
            assert app.settings.language == "pt" and i18n.language() == "pt"
            raise ZeroDivisionError("the block failed")
        assert app.settings.language == "en" and i18n.language() == "en"


def test_recorded_draws_names_each_call_s_arguments_however_they_were_given(monkeypatch):
    """Tests recorded the text drawn with recorders of their own, each reading the call's
    arguments by place (``args[1]`` the size, or ``kwargs["mono"]``): the shared recorder names
    them, given by place or by name, for ui.text.text and for a board view's ``draw_text``."""
    import ui.views.trax as trax_view
    from tests.ui_helpers import recorded_draws
    from ui import text as tx

    pygame.init()
    surface = pygame.Surface((300, 100))
    with monkeypatch.context() as drawing:
        shell = recorded_draws(drawing)
        board = recorded_draws(drawing, trax_view)
        placed = tx.text(surface, "b2", (10, 20), 14, (200, 10, 10), "topleft", True)
        named = tx.text(surface, "c3", pos=(30, 40), size=16, color=pygame.Color(1, 2, 3), mono=True)
        trax_view.draw_text(surface, "lddl", (50, 60), 12, (9, 9, 9), anchor="center")
    tx.text(surface, "after", (0, 0), 12, (0, 0, 0))  # the recorder went with its context
    assert [(t.value, t.rect, t.pos, t.size, t.color[:3], t.bold, t.mono) for t in shell] == [
        ("b2", placed, (10, 20), 14, (200, 10, 10), True, False),
        ("c3", named, (30, 40), 16, (1, 2, 3), False, True)]
    assert [(t.value, t.pos, t.size, t.options) for t in board] == [("lddl", (50, 60), 12, {"anchor": "center"})]
