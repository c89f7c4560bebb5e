"""A double-click that changes the screen acts once: its second press is not the new screen's.
A newcomer double-clicks what opens things; the second click landed on New game's card under
the pointer (Hex's picture on the main menu opened New game with Trax chosen)."""

from __future__ import annotations

import pygame

import games
import ui.app
from ui.scenes.setup import SetupScene


def double_click(app, pos: tuple[int, int], frames: int = 3) -> None:
    """Two presses and releases at ``pos`` in a row, as the desktop sends a double-click."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(frames)


def chosen_after_double_clicks(app) -> dict[str, str]:
    """Each main-menu game picture double-clicked: the game New game then shows."""
    chosen = {}
    for index, info in enumerate(games.catalog()):
        app.show_menu()
        app.run_frames(2)
        double_click(app, app.scene.cards.rects[index].center)
        assert isinstance(app.scene, SetupScene)
        chosen[info.id] = app.scene.info.id
    return chosen


def test_a_double_click_on_a_games_picture_opens_that_game(app):
    chosen = chosen_after_double_clicks(app)
    assert chosen == {info.id: info.id for info in games.catalog()}


def test_a_later_click_at_the_same_place_is_the_new_screens(app, monkeypatch):
    """Only a double-click's second half is dropped: past the double-click time the same click
    chooses what lies under it on New game (another game, for some pictures)."""
    monkeypatch.setattr(ui.app, "DOUBLE_CLICK", -1.0)  # every second press later than a double-click's
    chosen = chosen_after_double_clicks(app)
    assert any(shown != picked for picked, shown in chosen.items())


def test_a_double_click_whose_new_screen_is_slow_to_build_still_acts_once(app, monkeypatch):
    """The presses were timed when each was handled: New game built in more than a double-click's
    half second (a machine busy with other work) put the second press "later", and it chose Trax on
    the new screen again.  They are timed by when they came from the queue.  The build's time
    passes on the window's clock (``time`` in ``ui.app``, which timed the presses before and times
    the queue's now), not slept: six builds slept 3.6 s."""
    import time
    import types

    import ui.scenes.setup

    build = ui.scenes.setup.SetupScene
    ahead = [0.0]  # seconds the window's clock is ahead of the real one
    clock = {name: getattr(time, name) for name in dir(time) if not name.startswith("_")}
    monkeypatch.setattr(ui.app, "time", types.SimpleNamespace(**{**clock, "monotonic": lambda: time.monotonic() + ahead[0]}))

    def slow_setup(*args, **kwargs):
        ahead[0] += ui.app.DOUBLE_CLICK + 0.1
        return build(*args, **kwargs)

    monkeypatch.setattr(ui.scenes.setup, "SetupScene", slow_setup)
    assert chosen_after_double_clicks(app)["hex"] == "hex"
