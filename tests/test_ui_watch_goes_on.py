"""A watched game (PC vs PC) goes on game after game: its result card shows for a while, saying
when the next game begins, then the next game (sides exchanged) begins by itself, as a watcher
who leaves the window for an evening expects; Space holds it on the result.  Before, every
watched game stood at its result card until a click.  Driven by real key presses."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, key, recorded_text, wait
from ui.match import HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes import game
from ui.scenes.game import GameScene

ALMOST_WON = ["a1", "b1", "a2", "b2"]  # X plays a3 and wins (level 2 takes a win in one)


@pytest.fixture
def next_game_after(monkeypatch):
    """Sets how long a result shows before the next game (``NEXT_GAME_SECONDS``): long while a
    test reads the card or holds the game, short where it waits for the next game."""
    return lambda seconds: monkeypatch.setattr(game, "NEXT_GAME_SECONDS", seconds, raising=False)


def ended_watched_game(app, options: dict | None = None, moves: list[str] = ALMOST_WON) -> GameScene:
    """A watched tic-tac-toe game played on to its end at the Max speed, its result card shown
    (drawn: where it stands, over the board or the panel, is known)."""
    scene = GameScene(app, MatchSetup("tictactoe", options or {}, PC_VS_PC, ("level-2", "level-3"), 0.1), moves)
    app.switch(scene)
    app.run_frames(2)
    scene.speed = 3  # Max
    key(app, pygame.K_SPACE)  # a game taken up with moves waits for the watcher: Space goes on
    assert wait(app, lambda: scene.card_shown() is scene.over_card, 60)
    app.run_frames(1)
    return scene


def test_the_next_watched_game_begins_by_itself_with_the_sides_exchanged(app, monkeypatch, next_game_after):
    next_game_after(600.0)  # the card read at leisure
    scene = ended_watched_game(app)
    players = scene.setup.players
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    assert any(text.startswith("Next game in") and "Space" in text for text in drawn)  # the card says so
    first = scene.game_number
    next_game_after(0.5)
    assert wait(app, lambda: scene.game_number > first, 30)
    assert not scene.is_over() and scene.history == [] and scene.setup.mode == PC_VS_PC
    assert scene.setup.players == players[::-1]
    assert wait(app, lambda: len(scene.history) > 0, 60)  # and it is played


def test_space_holds_the_watched_game_on_its_result(app, next_game_after, monkeypatch):
    next_game_after(600.0)
    scene = ended_watched_game(app)
    first = scene.game_number
    key(app, pygame.K_SPACE)
    assert scene.paused and scene.next_game_in() is None
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    assert "Next game held (Space: go on)" in drawn and not any(text.startswith("Next game in") for text in drawn)
    next_game_after(0.5)
    wait(app, lambda: scene.game_number > first, 1.5)  # three times the wait: nothing begins
    assert scene.game_number == first and scene.is_over() and scene.card_shown() is scene.over_card
    next_game_after(600.0)  # the count read before it runs out, however slow a loaded machine's frames
    key(app, pygame.K_SPACE)  # Space again: counted from now, then the next game
    assert scene.next_game_in() is not None
    next_game_after(0.5)
    assert wait(app, lambda: scene.game_number > first, 30)


def test_the_pause_button_holds_the_watched_game_on_its_result(app, next_game_after):
    """The card says Space holds the next game: the panel's Pause (Space) beside it was greyed.  A
    board with room for the card beside the final position's pieces, so that the card stands on
    the board and the panel shows (on 3x3 it stands over the panel, the Pause under it)."""
    next_game_after(600.0)
    scene = ended_watched_game(app, {"width": 5, "height": 5, "k": 3}, ["a5", "b5", "a4", "b4"])
    first = scene.game_number
    assert not scene.over_card.over_panel()
    assert scene.btn_pause.visible and scene.btn_pause.enabled
    click(app, scene.btn_pause.rect.center)
    assert scene.paused and scene.btn_pause.label == "Resume"
    next_game_after(0.5)
    wait(app, lambda: scene.game_number > first, 1.5)
    assert scene.game_number == first and scene.is_over()


def test_a_game_against_the_computer_waits_at_its_result(app, next_game_after):
    next_game_after(0.5)
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-2"), 0.1),
                      ["a1", "b1", "a2", "b2", "a3"])
    app.switch(scene)
    assert wait(app, lambda: scene.card_shown() is scene.over_card, 30)
    assert scene.next_game_in() is None


def test_a_course_player_out_of_time_before_its_first_value_leaves_the_panel_whole(app):
    """Rastros' course players (Basilio) cut off by their time before their search valued any move
    reported a value of minus infinity: once the move was played, the panel's last search raised
    OverflowError in the window's loop (seen in an evening of watching on a loaded machine), and
    the frame was not drawn."""
    scene = GameScene(app, MatchSetup("rastros", {}, PC_VS_PC, ("rastros:basilio", "level-1"), 0.001))
    app.switch(scene)
    scene.speed = 3  # Max
    assert wait(app, lambda: len(scene.history) >= 3, 60)
    app.invalidate()
    app.run_frames(2)
    assert not app.errors, app.errors[0]


def test_the_readme_and_the_keys_pages_give_the_wait_before_the_next_game():
    """The README and the keys page (both languages) say how long a watched game's result shows
    before the next game begins: the figure the game waits (``NEXT_GAME_SECONDS``); the README
    did not say that a watched game goes on, nor that Take over (C) plays on from it."""
    from pathlib import Path

    from tests.ui_helpers import words_in
    from ui.scenes.rules import KEYS_PAGE, rules_source

    seconds = f"{game.NEXT_GAME_SECONDS:g}"
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").split())
    with words_in("pt"):
        portuguese = rules_source(KEYS_PAGE)
    said = {"README.md": f"begins {seconds} s after a game's result shows" in readme and "Take over (C)" in readme,
            "keys page": f"begins by itself {seconds} seconds after" in rules_source(KEYS_PAGE),
            "pt keys page": f"começa sozinho {seconds} segundos depois" in portuguese}
    assert all(said.values()), said


def test_the_keys_pages_say_what_space_again_does_on_a_held_result():
    """The keys page (both languages) says that Space again, on a held result, counts the wait
    (``NEXT_GAME_SECONDS``) anew: it said only that Space holds the next game, so a watcher did
    not know how to let the evening go on (the card says "Space: go on", the page did not)."""
    from tests.ui_helpers import words_in
    from ui.scenes.rules import KEYS_PAGE, rules_source

    seconds = f"{game.NEXT_GAME_SECONDS:g}"
    with words_in("pt"):
        portuguese = " ".join(rules_source(KEYS_PAGE).split())
    english = " ".join(rules_source(KEYS_PAGE).split())
    said = {"keys page": f"Space again counts the {seconds} seconds anew" in english,
            "pt keys page": f"Espaço outra vez volta a contar os {seconds} segundos" in portuguese}
    assert all(said.values()), said
