"""Leaving the tournament screen while its tournament runs stops it and loses the games being
played: Back (or Esc) asks first, as Withdraw asks, and only Back again leaves; a tournament
finished or stopped is left at once."""

from __future__ import annotations

import pygame

import ui.app
from tests.outside_bots import held_league
from tests.test_ui_double_click import double_click
from tests.ui_helpers import click, key, tournament_over_and_shown, tournament_started, wait
from ui.scenes.menu import MenuScene
from ui.scenes.tournament import TournamentScene

ASKED = "The tournament is running: leaving stops it"


def running(app, tmp_path, monkeypatch) -> TournamentScene:
    """A running tournament that lasts until the test ends it (``held_league``), its files in
    ``tmp_path``: ``tournament_running``'s 300 games of levels could end before the test's keys."""
    return held_league(app, monkeypatch, tmp_path / "tournaments")


def asking(scene: TournamentScene) -> list[str]:
    """The screen's messages that ask whether to leave."""
    return [str(m.text) for m in scene.messages.items if str(m.text).startswith(ASKED)]


def test_esc_on_a_running_tournament_asks_and_esc_again_keeps_it_running(app, tmp_path, monkeypatch):
    """Esc left at once and stopped the league; now it asks (Back's label, a message) and a second
    Esc answers no: the screen stays, the games go on, the question goes."""
    scene = running(app, tmp_path, monkeypatch)
    back = scene.buttons[0]
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.running and not scene.tournament._stop.is_set()
    assert back.label == "Stop and leave? Press again" and back.active and asking(scene)
    key(app, pygame.K_ESCAPE)  # no
    assert app.scene is scene and scene.running and not scene.tournament._stop.is_set()
    assert back.label == "Back" and not back.active and not asking(scene)
    key(app, pygame.K_ESCAPE)  # asked again ...
    assert scene.leave_asked
    key(app, pygame.K_RETURN)  # ... and Enter on the ringed Back: yes
    assert app.scene is not scene and scene.tournament._stop.is_set()


def test_back_on_a_running_tournament_asks_and_back_again_stops_it_and_leaves(app, tmp_path, monkeypatch):
    scene = running(app, tmp_path, monkeypatch)
    back = scene.buttons[0]
    click(app, back.rect.center)
    assert app.scene is scene and scene.running and asking(scene)
    monkeypatch.setattr(ui.app, "DOUBLE_CLICK", -1.0)  # the second click later than a double-click's
    click(app, back.rect.center)  # yes
    assert app.scene is not scene and scene.tournament._stop.is_set()


def test_a_double_click_on_back_only_asks(app, tmp_path, monkeypatch):
    """QA (keep13): a double-click on Back answered its own "Stop and leave? Press again" at once:
    the tournament stopped and its games in play were lost before the question could be read.  It
    asks, the tournament runs on; a click after that leaves."""
    scene = running(app, tmp_path, monkeypatch)
    back = scene.buttons[0]
    double_click(app, back.rect.center)
    assert app.scene is scene and scene.running and not scene.tournament._stop.is_set()
    assert scene.leave_asked and back.label == "Stop and leave? Press again" and asking(scene)
    monkeypatch.setattr(ui.app, "DOUBLE_CLICK", -1.0)  # a later click, not the double-click's second press
    click(app, back.rect.center)
    assert app.scene is not scene and scene.tournament._stop.is_set()


def test_another_button_answers_no(app, tmp_path, monkeypatch):
    """Watch pressed while Back asks: the question goes, the tournament runs on, Back asks again."""
    scene = running(app, tmp_path, monkeypatch)
    back, watch = scene.buttons[0], scene.buttons[4]
    click(app, back.rect.center)
    click(app, watch.rect.center)
    assert not scene.leave_asked and not asking(scene) and back.label == "Back"
    click(app, back.rect.center)
    assert app.scene is scene and scene.running and asking(scene)


def test_a_stopped_tournament_is_left_at_once(app, tmp_path, monkeypatch):
    """Stopped (or finished), nothing is lost by leaving: Esc leaves without asking."""
    scene = running(app, tmp_path, monkeypatch)
    click(app, scene.buttons[1].rect.center)  # Stop
    t = scene.tournament
    assert app.run_frames(10, until=lambda: not t.is_running(), timeout=30)
    key(app, pygame.K_ESCAPE)
    assert app.scene is not scene and not asking(scene)


def test_esc_on_a_finished_tournament_goes_to_the_main_menu_as_back_does(app, tmp_path):
    """Esc on a tournament played to its end leaves for where Back goes, the main menu, not the
    set-up of a new tournament (a helper thought it did: it does not)."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path, watch=False)
    assert wait(app, lambda: tournament_over_and_shown(scene), 120)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and not asking(scene)


def test_a_question_asked_as_the_tournament_ends_goes_and_back_leaves_at_once(app, tmp_path, monkeypatch):
    """Asked while running, then the tournament stops (here by Stop's own cancel, as if its last
    game ended): the question goes, and Back leaves at once."""
    scene = running(app, tmp_path, monkeypatch)
    back = scene.buttons[0]
    click(app, back.rect.center)
    assert scene.leave_asked
    scene.tournament.cancel()  # it ends by itself meanwhile: no button pressed
    t = scene.tournament
    assert app.run_frames(10, until=lambda: not t.is_running(), timeout=30)
    app.run_frames(2)
    assert not scene.leave_asked and back.label == "Back" and not asking(scene)
    click(app, back.rect.center)
    assert app.scene is not scene
