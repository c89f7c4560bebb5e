"""A clocked game whose window is minimised or left for another window: the clock of the person to
move stands still and the status line says so; back in the window, the clock runs again and a
message says it stood still (two friends at one laptop, one called from the table).  Headless:
the window's own events are posted as SDL posts them; nothing asserted is a speed."""

from __future__ import annotations

import time

import pygame

from tests.test_clock_window import clocked, play
from tests.ui_helpers import click, recorded_text
from ui import window_away
from ui.match import HUMAN_VS_PC
from ui.scenes import game_computer

STOPPED = "Clock stopped: the window is in the background"
STOOD_STILL = "The clock stood still while the window was away"


def window_event(app, kind: int, frames: int = 3) -> None:
    pygame.event.post(pygame.event.Event(kind))
    app.run_frames(frames)


def drawn(app, monkeypatch) -> list[str]:
    """The texts of the window's next whole frame (the messages are the window's own)."""
    texts = recorded_text(monkeypatch)
    app.dirty = True
    app.run_frames(1)
    return texts


def test_a_friends_clock_stands_still_while_the_window_is_away_and_says_so(app, monkeypatch):
    monkeypatch.setattr(window_away, "AWAY_WORTH_SAYING", 0.1)  # the 0.2 s away below is worth saying
    scene = clocked(app, "5m+0s")  # hot-seat tic-tac-toe
    play(app, scene, "b2")
    assert scene.referee.running and scene.referee.side == 1
    window_event(app, pygame.WINDOWFOCUSLOST)
    assert not scene.referee.running
    left = scene.clock_left(1)
    time.sleep(0.2)
    app.run_frames(3)
    assert scene.clock_left(1) == left  # not a tenth taken while away
    assert STOPPED in drawn(app, monkeypatch)

    window_event(app, pygame.WINDOWFOCUSGAINED)
    assert scene.referee.running
    assert [m.text for m in scene.messages.current()] == [STOOD_STILL]
    assert STOPPED not in drawn(app, monkeypatch)


def test_a_window_behind_another_runs_the_clock_again_at_a_click_in_it(app):
    scene = clocked(app, "5m+0s")
    window_event(app, pygame.WINDOWFOCUSLOST)
    assert not scene.referee.running
    click(app, scene.board_side.area.topleft)  # off the board: no move, but the window is back
    assert scene.referee.running and not scene.history


def test_a_minimised_window_stops_the_clock_for_its_whole_time(app, monkeypatch):
    """QA found a person's clock running while the window was still minimised: a focus event
    reaching it then (a window manager handing the focus round) ran the clock again.  Only the
    window shown again does, and says it stood still."""
    monkeypatch.setattr(window_away, "AWAY_WORTH_SAYING", 0.1)  # the 0.2 s away below is worth saying
    scene = clocked(app, "5m+0s")
    play(app, scene, "b2")
    for kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):  # as SDL posts a minimise
        window_event(app, kind, frames=1)
    left = scene.clock_left(1)
    window_event(app, pygame.WINDOWFOCUSGAINED)  # still minimised
    time.sleep(0.2)
    app.run_frames(3)
    assert not scene.referee.running and scene.clock_left(1) == left
    for kind in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
        window_event(app, kind, frames=1)
    assert scene.referee.running
    assert [m.text for m in scene.messages.current()] == [STOOD_STILL]


def test_a_window_shown_again_without_the_focus_runs_the_clock_as_one_raised(app):
    """Restored without the keyboard (``xdotool windowmap``, a taskbar that does not raise it), the
    window kept its clock stopped until a click, and one its window manager restored ran it at
    once: both run it now, the focus lost with the minimise being the minimise's own."""
    scene = clocked(app, "5m+0s")
    for kind in (pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST):  # X11's unmap
        window_event(app, kind, frames=1)
    assert not scene.referee.running
    for kind in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):  # mapped again, no focus given
        window_event(app, kind, frames=1)
    assert scene.referee.running and not scene.window_away
    window_event(app, pygame.WINDOWFOCUSLOST)  # then another window takes the keyboard
    assert not scene.referee.running


def test_away_stops_neither_a_game_without_a_clock_nor_the_computers_clock(app, monkeypatch):
    scene = clocked(app, None)  # hot-seat without a clock: nothing to stop, nothing said
    window_event(app, pygame.WINDOWFOCUSLOST)
    assert STOPPED not in drawn(app, monkeypatch)
    window_event(app, pygame.WINDOWFOCUSGAINED)
    assert not scene.messages.current()

    monkeypatch.setattr(game_computer, "HUMAN_VS_PC_DELAY", 3600.0)  # the reply waits: the computer stays to move
    scene = clocked(app, "5m+0s", HUMAN_VS_PC, (None, "level-1"))
    play(app, scene, "b2")
    window_event(app, pygame.WINDOWFOCUSLOST)
    assert scene.window_away and scene.state.to_move == 1
    assert not scene.clock_stands_away()  # its search goes on, and its clock with it
    assert STOPPED not in drawn(app, monkeypatch)


def test_full_screen_and_back_says_nothing_of_a_clock_that_stood_still(app):
    """QA (qa108): F11 and F11 again in a clocked game said "The clock stood still while the
    window was away" to a player who never left it: a switch of the display mode hides the window
    and takes its focus for a fifth of a second (the events below, as SDL posts them under Xvfb
    with openbox).  Away that briefly, the clock runs on unsaid."""
    scene = clocked(app, "5m+0s")
    play(app, scene, "b2")
    for kind in (pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST, pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN,
                 pygame.WINDOWSHOWN, pygame.WINDOWFOCUSGAINED):
        pygame.event.post(pygame.event.Event(kind))
    app.run_frames(3)
    assert scene.referee.running and not scene.window_away
    assert STOOD_STILL not in [m.text for m in scene.messages.current()]
