"""Closing the window (its close button, Ctrl+Q) while a tournament runs stopped it unasked, on
its screen and on a replay opened from it.  It now asks first, in the window's messages: a second
close (or Enter) closes and stops it, any other key or click keeps it running; the system's quit
(QUIT alone: SIGTERM, SIGINT) still closes at once."""

from __future__ import annotations

import pygame

from games.record import GameRecord
from tests.outside_bots import held_league
from tests.ui_helpers import click, key
from ui import app as app_module
from ui import tournament_logs
from ui.scenes.replay import ReplayScene
from ui.scenes.tournament import TournamentScene

ASKED = "A tournament is running: close again (or Enter) to stop it"


def running(app, tmp_path, monkeypatch) -> TournamentScene:
    """A running tournament that lasts until the test ends it (``held_league``), its files in
    ``tmp_path``: ``tournament_running``'s 300 games of levels could end before the test's keys."""
    return held_league(app, monkeypatch, tmp_path / "tournaments")


def close_button(app) -> None:
    """The title bar's close button, as SDL reports it: the window's close, then the quit."""
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_frames(2)


def asking(app) -> list[str]:
    """The window's messages that ask whether to close."""
    return [str(m.text) for m in app.messages.items if str(m.text).startswith(ASKED)]


def going_on(app, scene: TournamentScene) -> bool:
    return app.running and scene.running and not scene.tournament._stop.is_set()


def test_the_close_button_asks_and_a_second_close_stops_the_tournament(app, tmp_path, monkeypatch):
    scene = running(app, tmp_path, monkeypatch)
    close_button(app)
    assert going_on(app, scene) and app.scene is scene and asking(app)
    close_button(app)
    assert not app.running and scene.tournament._stop.is_set()


def test_enter_confirms_and_another_key_or_click_keeps_it_running(app, tmp_path, monkeypatch):
    """Esc answers no and does nothing more (it would have asked Back's question); a click answers
    no; Ctrl+Q asks as the close button does, and Enter then closes."""
    scene = running(app, tmp_path, monkeypatch)
    close_button(app)
    key(app, pygame.K_ESCAPE)
    assert going_on(app, scene) and not asking(app) and not scene.leave_asked
    close_button(app)
    click(app, (5, 5))
    assert going_on(app, scene) and not asking(app)
    close_button(app)  # asked anew: the no before is forgotten
    assert going_on(app, scene) and asking(app)
    key(app, pygame.K_a)
    key(app, pygame.K_q, mod=pygame.KMOD_LCTRL)
    assert going_on(app, scene) and asking(app)
    key(app, pygame.K_RETURN)
    assert not app.running and scene.tournament._stop.is_set()


def test_a_second_close_too_late_asks_again(app, tmp_path, monkeypatch):
    """The question stands ``CLOSE_AGAIN`` seconds (made nothing here): a close after it asks again."""
    scene = running(app, tmp_path, monkeypatch)
    monkeypatch.setattr(app_module, "CLOSE_AGAIN", -1.0)
    close_button(app)
    close_button(app)
    assert going_on(app, scene) and asking(app)


def test_the_systems_quit_closes_at_once(app, tmp_path, monkeypatch):
    """SIGTERM or Ctrl+C in the terminal (SDL's QUIT alone) is never asked about, even with the
    question standing."""
    scene = running(app, tmp_path, monkeypatch)
    close_button(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_frames(2)
    assert not app.running and scene.tournament._stop.is_set()


def test_closing_on_a_replay_opened_from_the_running_tournament_asks_and_the_log_is_offered(app, tmp_path, monkeypatch):
    """The replay of a finished game, opened from the running tournament: the close asks (the
    question says the tournament is offered to resume), the replay stays; closing again stops
    the tournament, and its log is offered the next time."""
    scene = running(app, tmp_path, monkeypatch)
    t = scene.tournament
    assert app.run_frames(10, until=lambda: bool(t.results), timeout=120)
    scene._open_replay(GameRecord.from_dict(next(iter(t.results.values())).to_json()))
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    close_button(app)
    assert going_on(app, scene) and app.scene is replay
    assert asking(app) == [ASKED + ", to resume next time; any other key keeps it"]
    close_button(app)
    assert not app.running and t._stop.is_set()
    offered = tournament_logs.newest_unfinished(tmp_path / "tournaments")
    assert offered is not None and offered.path.parent == tmp_path / "tournaments"


def test_a_stopped_tournament_closes_at_once(app, tmp_path, monkeypatch):
    scene = running(app, tmp_path, monkeypatch)
    click(app, scene.buttons[1].rect.center)  # Stop
    t = scene.tournament
    assert app.run_frames(10, until=lambda: not t.is_running(), timeout=30)
    close_button(app)
    assert not app.running and not asking(app)
