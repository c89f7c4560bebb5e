"""The window draws only when something changed: left alone it draws next to nothing.

The real loop (``fps=60``, sleeping in ``pygame.event.wait``) runs for 2 s with no input on the main
menu and on a hot-seat game waiting for a click: a handful of frames at most (the first one, a
message fading), never the 120 of a loop that redraws at 60 fps.  Input and a computer's move do
draw.
"""

from __future__ import annotations

import time

import pygame
import pytest

from tests.ui_helpers import click, tournament_started, window_for_a_test
from ui.app import App
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene

IDLE_SECONDS = 2.0
HANDFUL = 5


@pytest.fixture
def app(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch, fps=60) as app:
        yield app


def draws_while_idle(app: App, seconds: float = IDLE_SECONDS) -> int:
    app.run_frames(3)  # the first frames after a switch draw
    pygame.event.clear()
    before = app.draws
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame()
    return app.draws - before


def test_idle_main_menu_draws_a_handful_of_frames(app):
    assert draws_while_idle(app) <= HANDFUL


@pytest.mark.parametrize("game_id", ["reversi", "hex", "tictactoe"])
def test_hot_seat_game_waiting_for_a_click_draws_a_handful_of_frames(app, game_id):
    app.switch(GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0)))
    assert draws_while_idle(app) <= HANDFUL


def test_input_draws(app):
    """A key draws; a motion of the pointer draws where it lights something new (a button of the
    main menu), not over the background (tests/test_ui_pointer_redraw.py)."""
    app.run_frames(3)
    before = app.draws
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    app.frame()
    assert app.draws == before + 1
    rules = app.scene.menu.get_widget("rules").get_rect(to_real_position=True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rules.center, rel=(1, 0), buttons=(0, 0, 0)))
    app.frame()
    assert app.draws == before + 2


def test_a_computer_move_is_drawn_without_input(app):
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, ("level-1", None), 0.2))
    drawn_plies: list[int] = []
    draw = scene.draw
    scene.draw = lambda surface: (drawn_plies.append(len(scene.history)), draw(surface))
    app.switch(scene)
    pygame.event.clear()
    end = time.monotonic() + 20
    while not (drawn_plies and drawn_plies[-1] == 1) and time.monotonic() < end:
        app.frame()
    assert drawn_plies[-1] == 1  # the computer's move was drawn, with no input at all
    assert app.errors == []


@pytest.mark.parametrize("game_id, moves", [("alquerque", ["d3-c3"]), ("reversi", ["d3"])])
def test_when_a_move_has_been_animated_its_still_picture_is_drawn_without_input(app, game_id, moves):
    """An animated move hands over to the still board, where the last move is marked: that
    picture is drawn once the animation ends, not left for the next mouse movement."""
    app.settings.animation_speed = 0.25  # a 1.2 s flip: seen by a frame even on a loaded machine
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0))
    animating_at_draw: list[bool] = []
    draw = scene.draw
    scene.draw = lambda surface: (animating_at_draw.append(scene.view.is_animating()), draw(surface))
    app.switch(scene)
    app.run_frames(3)
    scene.play_human([scene.game.parse_move(scene.state, m) for m in moves])
    pygame.event.clear()
    end = time.monotonic() + 6.0  # frames without input until the still picture after the animation is drawn
    while time.monotonic() < end and not (True in animating_at_draw and animating_at_draw[-1] is False):
        app.frame()
    assert True in animating_at_draw, "the move was animated"
    assert animating_at_draw[-1] is False, "the still picture after the animation was drawn"


def test_an_event_posted_while_idle_keeps_its_attributes(app):
    """pygame-menu posts a KEYUP with attributes when a key is let go before it looks.  The idle
    loop once peeked at the queue, and pygame 2.6.1's peek() took such an event's dict without a
    reference of its own: the scene then read a freed dict, and the window died of a segmentation
    fault (within a few dozen such events).  Read through the idle loop, a posted event's dict has
    as many references as one read with plain get(), and its attributes are intact."""
    import gc
    import sys

    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"key": 1}))
    baseline = sys.getrefcount(pygame.event.get()[0].dict)
    seen: list[tuple[int, dict]] = []
    handle = app.scene.handle_event

    def spy(event):
        if event.type == pygame.KEYUP:
            seen.append((sys.getrefcount(event.dict), dict(event.dict)))
        handle(event)

    app.scene.handle_event = spy
    app.run_frames(3)
    for n in range(60):
        pygame.event.post(pygame.event.Event(pygame.KEYUP, {"key": pygame.K_DOWN, "n": n}))
        app.dirty = False  # idle: the loop looks for events before it sleeps
        app.frame()
        gc.collect(0)  # the young objects: a freed event dict is one (a full collection takes 0.3 s here)
        _churn = [{"a": i, "b": i} for i in range(50)]  # noqa: F841 - reuses freed memory, if any
    assert [attributes["n"] for _refs, attributes in seen] == list(range(60))
    assert {refs for refs, _attributes in seen} == {baseline + 1}  # + the one held by spy's frame
    assert app.errors == []


def test_the_idle_wait_returns_input_and_looks_for_it_a_hundred_times_a_second(app, monkeypatch):
    """``pygame.event.wait`` would look every millisecond (a thousand times in a second's sleep);
    the loop's own wait looks at most once per ``EVENT_LOOK`` and still hands over the input."""
    import ui.app

    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=4))
    assert [e.type for e in ui.app.wait_for_events(1.0)] == [pygame.KEYDOWN]
    looks = []
    get = pygame.event.get
    monkeypatch.setattr(pygame.event, "get", lambda *a, **k: looks.append(1) or get(*a, **k))
    seconds = 0.2
    assert ui.app.wait_for_events(seconds) == []
    assert len(looks) <= seconds / ui.app.EVENT_LOOK + 1


def test_a_finished_tournament_left_alone_draws_a_handful_of_frames(app, tmp_path):
    """Its screen redrew ten times a second for good once the games were over."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "tournaments")
    end = time.monotonic() + 60
    while time.monotonic() < end and scene.running:
        app.frame()
    app.run_frames(5)
    if scene._being_shown():  # the board still goes through its games at the watching pace: not idle yet
        click(app, next(b for b in scene.buttons if b.label == "Watch").rect.center)
    scene.messages.items.clear()  # "Tournament finished" fades out over its own frames
    app.messages.items.clear()
    assert not scene.running and draws_while_idle(app) <= HANDFUL


class StillClock:
    """The ``time`` module with ``monotonic`` standing at ``now`` until a test moves it."""

    def __init__(self, now: float) -> None:
        self.now = now

    def monotonic(self) -> float:
        return self.now

    def __getattr__(self, name: str) -> object:
        return getattr(time, name)


@pytest.mark.parametrize("mode", [HUMAN_VS_PC, PC_VS_PC])
def test_a_reply_held_for_its_moment_wakes_the_window_at_that_moment(app, monkeypatch, mode):
    """A computer's reply held for its moment (the pause after a person's move, a watched game's
    speed) was shown up to ``IDLE_WAKE`` (0.1 s) late: nothing moving on screen, the window slept
    its longest.  Its sleep ends at the reply's moment (``Scene.wake_in``), and the reply is
    played then.  Read on a still clock: the wake-up computed, not slept."""
    from ui import app as app_module
    from ui.scenes import game_computer

    pause = 600.0  # held all test long, whatever the machine's load
    monkeypatch.setattr(game_computer, "HUMAN_VS_PC_DELAY", pause)
    monkeypatch.setattr(game_computer, "SPEEDS", tuple((label, pause) for label, _ in game_computer.SPEEDS))
    players = (None, "level-1") if mode == HUMAN_VS_PC else ("level-1", "level-1")
    scene = GameScene(app, MatchSetup("tictactoe", {}, mode, players, 0.1))
    app.switch(scene)
    app.run_frames(3)
    if mode == HUMAN_VS_PC:
        click(app, scene.view.cell_rect(1, 1).center)
    end = time.monotonic() + 60
    while scene.computer.held is None and time.monotonic() < end:
        app.frame()
    assert scene.computer.held is not None
    app.run_frames(3)  # drawn: the window has nothing left to draw, and sleeps
    plies = len(scene.history)
    sleeps: list[float] = []
    monkeypatch.setattr(app_module, "wait_for_events", lambda seconds: sleeps.append(seconds) or [])
    clock = StillClock(time.monotonic())  # the window's and the computer's, still: no sleep is timed
    monkeypatch.setattr(app_module, "time", clock)
    monkeypatch.setattr(game_computer, "time", clock)
    scene.last_move_time = clock.now - pause + 0.03  # its moment: 30 ms from now
    app.frame()
    assert sleeps and sleeps[-1] == pytest.approx(0.03), (sleeps, app_module.IDLE_WAKE)
    assert len(scene.history) == plies  # not before its moment
    clock.now += sleeps[-1]  # the window wakes
    app.frame()
    assert len(scene.history) == plies + 1 and scene.history[-1].by_computer


def test_the_tournament_boards_paced_move_wakes_the_window_at_its_moment_and_idles_between(app, monkeypatch):
    """The tournament's board, showing its games at the watching pace, redrew the window ten times
    a second while it went through them (and while games ran): between two of its moves it draws
    nothing, the window sleeping its longest, and its next move wakes the window at its moment
    (``Scene.wake_in``), as a watched game's reply does.  Read on a still clock: the games played
    to their end on the real one, then the window's and the board's clock stand, and the test
    moves them on by each sleep the window asked for."""
    from ui import app as app_module
    from ui.scenes import tournament_watch

    clock = StillClock(time.monotonic())
    monkeypatch.setattr(tournament_watch, "monotonic", clock.monotonic)  # the board's pace: still until moved
    scene = tournament_started(app, "rastros", {"level-1", "level-3"})
    end = time.monotonic() + 120
    while time.monotonic() < end and not (scene.tournament is not None and len(scene.tournament.results) == 2
                                          and not scene.running):
        app.frame()
    end = time.monotonic() + 60
    while time.monotonic() < end and scene.view.is_animating():  # the board's first move, on the real clock
        app.frame()
    scene.messages.items.clear()  # "Tournament finished" fades out over its own frames
    app.messages.items.clear()
    app.run_frames(3)  # drawn: the window has nothing left to draw, and sleeps
    entry = scene.live[scene.watching]
    plies = entry["plies"]
    assert scene._being_shown() and 0 < plies < len(entry["moves"]), entry
    sleeps: list[float] = []
    monkeypatch.setattr(app_module, "wait_for_events", lambda seconds: sleeps.append(seconds) or [])
    clock.now = time.monotonic()  # on from the window's last drawing, as the real clock is
    monkeypatch.setattr(app_module, "time", clock)
    entry["due"] = clock.now + 1.0  # the next move a second from now: ten wake-ups and no drawing
    before = app.draws
    for _wake in range(9):
        app.frame()
        clock.now += sleeps[-1]
    assert app.draws == before and entry["plies"] == plies, (app.draws - before, sleeps)
    assert sleeps == [pytest.approx(app_module.IDLE_WAKE)] * 9
    entry["due"] = clock.now + 0.03  # its moment: 30 ms from now
    app.frame()
    assert sleeps[-1] == pytest.approx(0.03) and entry["plies"] == plies  # not before its moment
    clock.now += sleeps[-1]  # the window wakes
    app.frame()
    assert entry["plies"] == plies + 1 and app.draws > before  # the move is shown, and drawn
