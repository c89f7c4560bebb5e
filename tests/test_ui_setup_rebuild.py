"""The New game form rebuilt when the background check of the remembered outside players ends
(ui.outside_players.OFFERS) keeps what the player sees and holds: the error shown for an
impossible option, the choices, the text being typed with its cursor, the focus, the scroll
position; a chosen outside player that is not offered is said so, not silently replaced.  The
tournament's setup, built again when its check finds a remembered player, keeps the keyboard on
the control it was on.

The check ends when the test says: the players' loading waits for an Event, and the test joins
the check's thread before the next frame (no sleeps, no timing)."""

from __future__ import annotations

import threading

import pygame
import pygame_menu
import pytest

from tests.ui_helpers import key, window_for_a_test
from ui import outside_players
from ui.scenes import tournament_setup
from ui.scenes.setup import SetupScene
from ui.scenes.tournament import TournamentScene

BOT = "/nowhere/bot.py"
CRASHER = f"{BOT}:crasher"


class HeldCheck:
    """The outside players' check, held until ``end()``: then ``BOT`` is found to play ``CRASHER``
    (or, with ``fits=False``, to play nothing here)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fits: bool = True) -> None:
        self.release = threading.Event()
        self.fits = fits
        monkeypatch.setattr(outside_players, "OFFERS", outside_players.Offers())
        monkeypatch.setattr(outside_players, "discover", self._discover)

    def _discover(self, game_id: str, entry: str, options: dict) -> list[tuple[str, str]]:
        self.release.wait(30)
        if not self.fits:
            raise ValueError(f"{entry}: plays no {game_id}")
        return [(CRASHER, "Crasher (bot.py)")]

    def end(self, app) -> None:
        """Let the check answer, wait for its thread, and run the frames that take the answer."""
        self.release.set()
        for thread in threading.enumerate():
            if thread.name == "tabuleiro-outside-check":
                thread.join(30)
        app.run_frames(2)


@pytest.fixture
def app(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app:
        app.settings.outside_players = [BOT]
        yield app


def open_setup(app, options: dict | None = None, computer: str | None = None) -> SetupScene:
    scene = SetupScene(app, game_id="tictactoe")
    if options is not None:
        scene.choices.options["tictactoe"] = dict(options)
    if computer is not None:
        scene.choices.computer["tictactoe"] = computer
    app.switch(scene)
    app.run_frames(2)
    return scene


def offered(scene: SetupScene) -> list[str]:
    return [item[1] for item in scene.menu.get_widget("computer").get_items()]


def test_the_error_for_an_impossible_option_survives_the_check_ending(app, monkeypatch):
    check = HeldCheck(monkeypatch)
    scene = open_setup(app, options={"width": 3, "height": 3, "k": 5})
    scene.start()
    assert any("cannot fit" in m.text for m in app.messages.current())
    check.end(app)
    assert CRASHER in offered(scene)  # the form was rebuilt with the player found
    assert any("cannot fit" in m.text for m in app.messages.current())
    assert scene.choices.options["tictactoe"]["k"] == 5  # the rebuild wrote no option either


def test_a_remembered_outside_opponent_stays_chosen_while_it_is_checked(app, monkeypatch):
    check = HeldCheck(monkeypatch)
    scene = open_setup(app, computer=CRASHER)
    assert CRASHER not in offered(scene)  # not yet checked: Level 3 is shown meanwhile
    assert scene.choices.computer["tictactoe"] == CRASHER
    check.end(app)
    assert scene.menu.get_widget("computer").get_value()[0][1] == CRASHER
    assert scene.build_setup().players[1] == CRASHER  # you play the first side by default
    assert not any("not offered" in m.text for m in app.messages.current())


def test_a_chosen_outside_player_that_is_not_offered_is_reported(app, monkeypatch):
    check = HeldCheck(monkeypatch, fits=False)
    scene = open_setup(app, computer=CRASHER)
    assert not any("not offered" in m.text for m in app.messages.current())  # not before the check ends
    check.end(app)
    said = [m.text for m in app.messages.current() if "not offered" in m.text]
    assert len(said) == 1 and "crasher" in said[0] and "Level 3" in said[0]
    assert scene.menu.get_widget("computer").get_value()[0][1] == "level-3"  # what the form shows plays
    assert scene.choices.computer["tictactoe"] == CRASHER  # and the choice is back once it is offered again
    app.run_frames(3)
    assert len([m for m in app.messages.current() if "not offered" in m.text]) == 1  # said once


def test_text_being_typed_keeps_its_cursor_focus_and_scroll_through_the_check(app, monkeypatch):
    check = HeldCheck(monkeypatch)
    scene = open_setup(app)
    scene.menu.select_widget("outside-entry")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="gtp:fo"))
    app.run_frames(2)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    area = scene.menu.get_scrollarea()
    area.scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, 0.3)  # the wheel, away from the field
    scrolled = area.get_offsets()[1]
    assert scrolled > 0
    check.end(app)
    assert CRASHER in offered(scene)
    field = scene.menu.get_selected_widget()
    assert field.get_id() == "outside-entry" and field.get_value() == "gtp:fo"
    assert scene.menu.get_scrollarea().get_offsets()[1] == scrolled
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    app.run_frames(2)
    assert scene.menu.get_widget("outside-entry").get_value() == "gtp:xfo"  # typed where the cursor was


def test_the_tournament_setup_keeps_the_keyboard_on_the_field_when_a_remembered_player_is_found(
        app, monkeypatch):
    release, workers = threading.Event(), []

    def held_discover(game_id: str, entry: str, options: dict) -> list[tuple[str, str]]:
        workers.append(threading.current_thread())
        release.wait(30)
        return [(CRASHER, "Crasher (bot.py)")]

    monkeypatch.setattr(tournament_setup, "_discover", held_discover)
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    for _tab in range(len(scene._focus_stops())):  # Tab to the outside player's field
        if scene.key_focus.current(scene._focus_stops()) is scene.entry:
            break
        key(app, pygame.K_TAB, frames=1)
    assert scene.entry.focus
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="gtp:fo"))
    app.run_frames(2)
    participants = len(scene.player_buttons)
    # the check's thread is joined once it has begun: on a loaded machine it may not have yet
    assert app.run_frames(10 ** 6, until=lambda: bool(workers), timeout=30)
    release.set()
    for worker in workers:
        worker.join(30)
    app.run_frames(2)
    assert len(scene.player_buttons) == participants + 1  # listed before the field
    assert scene.key_focus.current(scene._focus_stops()) is scene.entry
    assert scene.entry.focus and scene.entry.text == "gtp:fo"
