"""A greyed button clicked, or its key pressed, says why it does nothing now (``Messages.refuse``):
Undo with nothing to undo, Redo, Hint on the computer's turn or in a watched game, Step while a
watched game plays, Resign when nobody may, the replay's steps at either end and its Play from
here on a finished board.  They did nothing, not a word, and a player could not tell them from
broken buttons.  Ctrl+P is the Pause in every game: without a clock it says there is nothing to
pause, where it saved a picture (P's).  Driven by posted clicks and keys."""

from __future__ import annotations

import pygame
import pytest

from games.record import GameRecord
from tests.test_clock_window import clocked
from tests.test_ui_computer_draw import against, said
from tests.ui_helpers import click, held_game_clock, in_language, key, wait
from ui.data_folders import games_dir
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene

CTRL_P = (pygame.K_p, pygame.KMOD_CTRL)
CTRL_R = (pygame.K_r, pygame.KMOD_CTRL)


def started(app, mode: str, players, game_id: str = "tictactoe", moves=(), move_time: float = 5.0) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, {}, mode, players, move_time), list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def says_when_clicked_and_pressed(app, scene: GameScene, button, keys: tuple[int, int], why: str) -> None:
    """``button`` greyed: its click, then its key, says ``why``, once each."""
    assert button.visible and not button.enabled
    scene.messages.items.clear()
    click(app, button.rect.center)
    assert said(scene) == [why], said(scene)
    scene.messages.items.clear()
    key(app, *keys)
    assert said(scene) == [why], said(scene)


@pytest.mark.parametrize("language, undo, redo", [
    ("en", "Nothing to undo: no move has been played yet", "Nothing to redo: Redo plays again the moves Undo took back"),
    ("pt", "Nada a anular: ainda não se jogou nenhuma jogada",
     "Nada a refazer: Refazer volta a jogar as jogadas que Anular tirou"),
])
def test_undo_and_redo_greyed_say_why_clicked_or_pressed(app, language, undo, redo):
    with in_language(app, language):
        scene = against(app, "level-1", [])
        says_when_clicked_and_pressed(app, scene, scene.btn_undo, (pygame.K_u, 0), undo)
        says_when_clicked_and_pressed(app, scene, scene.btn_redo, (pygame.K_y, 0), redo)
        click(app, scene.btn_undo.rect.center)
        click(app, scene.btn_undo.rect.center)
        assert said(scene) == [undo]  # clicked again and again, said once
        assert not scene.history and not scene.redo_stack


@pytest.mark.parametrize("language, undo", [
    ("en", "Nothing to undo: you have not made a move yet"),
    ("pt", "Nada a anular: ainda não fez nenhuma jogada"),
])
def test_undo_of_the_computers_opening_move_alone_says_why(app, language, undo):
    """Playing the second side, Undo before your first move took the computer's opening move
    back, and the computer played again at once (the same move, or Level 1 another at random):
    a click that seemed to do nothing.  It is greyed and says why, the opening move kept; after
    your move it takes your move back."""
    with in_language(app, language):
        scene = started(app, HUMAN_VS_PC, ("level-1", None), game_id="reversi")
        assert wait(app, lambda: len(scene.history) == 1 and not scene.computer.thinking())
        opening = scene.history[0].move
        says_when_clicked_and_pressed(app, scene, scene.btn_undo, (pygame.K_u, 0), undo)
        assert [ply.move for ply in scene.history] == [opening] and not scene.redo_stack
        click(app, next(rect.center for (r, c), rect in scene.view.targets(scene.state)
                        if scene.view.move_at(scene.state, r, c) is not None))
        assert wait(app, lambda: len(scene.history) == 3 and not scene.computer.thinking())
        click(app, scene.btn_undo.rect.center)
        assert [ply.move for ply in scene.history] == [opening] and len(scene.redo_stack) == 2


def _picker_opened(app, scene: GameScene) -> None:
    """A click on the first cell of Trax's board where more than one tile fits: its picker opens."""
    cell = next(place for place, _rect in scene.view.targets(scene.state) if len(scene.view._moves_at(scene.state, *place)) > 1)
    click(app, scene.view.cell_rect(*cell).center)
    assert scene.view.has_partial_input(), "no tile picker opened"


def test_trax_undo_is_greyed_with_the_tile_picker_open_and_takes_back_moves(app):
    """Trax: a cell clicked before any move opened the tile picker, and Undo became enabled with
    no move played (it closed the picker, as Esc does).  Undo takes back moves: greyed, clicked or
    pressed it says there is nothing to undo, the picker left open; Esc closes it.  With a move
    played, Undo with the picker open takes that move back, and the picker closes with it."""
    scene = started(app, HOTSEAT, (None, None), game_id="trax")
    _picker_opened(app, scene)
    says_when_clicked_and_pressed(app, scene, scene.btn_undo, (pygame.K_u, 0),
                                  "Nothing to undo: no move has been played yet")
    assert scene.view.has_partial_input() and not scene.history  # the picker still open, nothing taken back
    key(app, pygame.K_ESCAPE)  # Esc closes it, the game still on screen
    assert not scene.view.has_partial_input() and app.scene is scene
    _picker_opened(app, scene)
    click(app, scene.view._picker_rects()[0][0].center)  # a tile of the picker: the first move
    assert len(scene.history) == 1 and not scene.view.has_partial_input()
    _picker_opened(app, scene)
    assert scene.btn_undo.enabled
    click(app, scene.btn_undo.rect.center)
    assert not scene.history and not scene.view.has_partial_input()  # the move taken back, the picker closed


def test_save_greyed_before_the_first_move_says_why_and_writes_no_empty_game(app):
    """Save and Ctrl+S before any move wrote an empty game into Saved games."""
    scene = against(app, "level-1", [])
    says_when_clicked_and_pressed(app, scene, scene.btn_save, (pygame.K_s, pygame.KMOD_CTRL),
                                  "Nothing to save yet: no move has been played")
    assert not list(games_dir().glob("*.json"))
    click(app, scene.view.cell_rect(1, 1).center)  # b2: something to save
    assert scene.history and scene.btn_save.enabled
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert len(list(games_dir().glob("*.json"))) == 1


@pytest.mark.usefixtures("computer_thinks_until_told")  # the computer's turn lasts until the test ends
def test_hint_greyed_on_the_computers_turn_says_why_and_asks_nothing(app):
    scene = against(app, "level-1", [], game_id="reversi", move_time=5.0)
    click(app, scene.view.cell_rect(4, 5).center)  # f5, the level to move, thinking 5 s
    assert scene.computer_thinking() and scene.computer.job_kind != "hint"
    says_when_clicked_and_pressed(app, scene, scene.btn_hint, (pygame.K_h, 0), "A hint is given on your own turn")
    assert scene.computer.job_kind != "hint" and scene.hint is None


def test_a_finished_games_hint_and_resign_say_the_game_is_over(app, monkeypatch):
    """The final position, before its result card (which takes the keys) comes up: the game's
    clock holds still, so that a loaded machine's slow frames do not bring the card first."""
    held_game_clock(monkeypatch)
    scene = started(app, HOTSEAT, (None, None), moves=["a1", "b1", "a2", "b2", "a3"])  # X wins
    assert scene.is_over()
    says_when_clicked_and_pressed(app, scene, scene.btn_hint, (pygame.K_h, 0), "The game is over")
    scene.messages.items.clear()
    key(app, *CTRL_R)
    assert said(scene) == ["The game is over"] and scene.resign_asked is None


def test_a_watched_games_greyed_step_and_hidden_keys_say_why(app, computer_thinks_until_told):
    scene = started(app, PC_VS_PC, ("level-1", "level-1"), move_time=5.0)  # the game goes on all test long
    assert not scene.paused and not scene.is_over()
    scene.messages.items.clear()
    click(app, scene.btn_step.rect.center)
    assert said(scene) == ["Step plays one move of a paused game: S or Space pauses it"] and not scene.paused
    for keys, why in (((pygame.K_h, 0), "Hints are for a person's turn: here the computer plays both sides"),
                      (CTRL_R, "Nobody to resign for: the computer plays both sides")):
        scene.messages.items.clear()
        key(app, *keys)
        assert said(scene) == [why], said(scene)
    key(app, pygame.K_s)  # S, the button's key, pauses: Step then plays one move
    assert scene.paused and scene.btn_step.enabled


@pytest.mark.parametrize("language, why", [
    ("en", "This game has no clock: there is nothing to pause"),
    ("pt", "Este jogo não tem relógio: não há nada para pausar"),
])
def test_ctrl_p_without_a_clock_says_so_and_saves_no_picture(app, language, why):
    """Ctrl+P in a game without a clock saved a picture ("Picture saved: ...png", P's) where a
    player expected a pause; P alone still saves it."""
    with in_language(app, language):
        scene = against(app, "level-1", [])
        assert not scene.btn_pause.visible
        key(app, *CTRL_P)
        assert said(scene) == [why] and not scene.paused
        assert not list(games_dir().glob("*.png"))
        key(app, pygame.K_p)
        assert len(list(games_dir().glob("*.png"))) == 1


def test_ctrl_p_pauses_a_clocked_game_and_a_watched_one(app):
    scene = clocked(app, "5m+0s")
    key(app, *CTRL_P)
    assert scene.paused and not list(games_dir().glob("*.png"))
    watched = started(app, PC_VS_PC, ("level-1", "level-1"))
    key(app, *CTRL_P)
    assert watched.paused and not list(games_dir().glob("*.png"))


def replay_of(app, moves: list[str]):
    scene = started(app, HOTSEAT, (None, None), moves=moves)
    record: GameRecord = scene.recorder.record
    app.open_replay(record, ply=0)
    app.run_frames(2)
    return app.scene


@pytest.mark.parametrize("language, start, end", [
    ("en", "This is the start of the game: there is no earlier move",
     "This is the game's last move: there is no later one"),
    ("pt", "Este é o início do jogo: não há jogada anterior", "Esta é a última jogada do jogo: não há nenhuma depois"),
])
def test_the_replays_greyed_steps_say_why(app, language, start, end):
    """(Play from here is not greyed at a finished game's end: it goes on from the move before,
    tests/test_ui_play_from.py.)"""
    with in_language(app, language):
        replay = replay_of(app, ["a1", "b1", "a2", "b2", "a3"])
        first, previous, _play, following, last = replay.buttons[:5]
        for button, keys in ((first, (pygame.K_HOME, 0)), (previous, (pygame.K_LEFT, 0))):
            says_when_clicked_and_pressed(app, replay, button, keys, start)
        replay.messages.items.clear()
        key(app, pygame.K_END)
        assert replay.ply == 5 and not replay.messages.items
        for button, keys in ((following, (pygame.K_RIGHT, 0)), (last, (pygame.K_END, 0))):
            says_when_clicked_and_pressed(app, replay, button, keys, end)
        assert replay.ply == 5 and replay.actions[0].enabled


def test_the_replays_why_not_goes_once_it_moves_on(app):
    """End at a replay's end said "This is the game's last move: there is no later one"; Play
    (Space) then went back to the start and played the game, the warning still over it.  A
    move to another position takes it away, as Play's start from the beginning does; Home at the
    start then says its own."""
    replay = replay_of(app, ["a1", "b1", "a2", "b2", "a3"])
    key(app, pygame.K_END)
    key(app, pygame.K_END)
    end = "This is the game's last move: there is no later one"
    assert replay.ply == 5 and end in [m.text for m in replay.messages.current()]
    key(app, pygame.K_SPACE)
    assert replay.playing and replay.ply == 0
    assert end not in [m.text for m in replay.messages.current()]
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_HOME)
    key(app, pygame.K_HOME)
    assert replay.ply == 0 and [m.text for m in replay.messages.current()] == [
        "This is the start of the game: there is no earlier move"]


def test_why_undo_did_nothing_goes_with_the_next_move(app):
    """U before the first move said "Nothing to undo: no move has been played yet"; a move made
    at once left it standing over a game where Undo now works.  The move takes it away."""
    scene = started(app, HOTSEAT, (None, None))
    key(app, pygame.K_u)
    nothing = "Nothing to undo: no move has been played yet"
    assert nothing in [m.text for m in scene.messages.current()]
    click(app, scene.view.cell_rect(1, 1).center)
    assert [p.text for p in scene.history] == ["b2"]
    assert nothing not in [m.text for m in scene.messages.current()]


@pytest.mark.parametrize("language, undo", [
    ("en", "Nothing to undo: this is the start of the game (Redo plays the moves again)"),
    ("pt", "Nada a anular: este é o início do jogo (Refazer volta a jogar as jogadas)"),
])
def test_undo_with_every_move_taken_back_points_to_redo(app, language, undo):
    """Hot-seat played to its end and taken back move by move: the last U said "no move has been
    played yet", beside a Redo that brings the whole game back.  It says the game is at its
    start and Redo has the moves; Redo then plays them again, to the end."""
    with in_language(app, language):
        scene = started(app, HOTSEAT, (None, None), moves=["b2", "a1", "b1", "c1", "b3"])
        assert scene.is_over()
        for _move in range(5):
            key(app, pygame.K_u)
        assert not scene.history and len(scene.redo_stack) == 5
        says_when_clicked_and_pressed(app, scene, scene.btn_undo, (pygame.K_u, 0), undo)
        for _move in range(5):
            key(app, pygame.K_y)
        assert [p.text for p in scene.history] == ["b2", "a1", "b1", "c1", "b3"] and scene.is_over()


def said_now(scene: GameScene) -> list[str]:
    return [m.text for m in scene.messages.current()]


def test_a_refused_undo_or_redo_goes_with_the_next_jump(app):
    """U with every move taken back said "Nothing to undo", and a Y pressed at once played a move
    again under it for its seconds; Y at the end said "Nothing to redo", left standing over the
    move a U then took back."""
    scene = started(app, HOTSEAT, (None, None), moves=["b2", "a1"])
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert any(text.startswith("Nothing to undo") for text in said_now(scene))
    key(app, pygame.K_y)
    assert [p.text for p in scene.history] == ["b2"]
    assert not any(text.startswith("Nothing to undo") for text in said_now(scene)), said_now(scene)
    key(app, pygame.K_y)
    key(app, pygame.K_y)
    assert any(text.startswith("Nothing to redo") for text in said_now(scene))
    key(app, pygame.K_u)
    assert [p.text for p in scene.history] == ["b2"]
    assert not any(text.startswith("Nothing to redo") for text in said_now(scene)), said_now(scene)
