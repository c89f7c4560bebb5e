"""Pause in a clocked game with a person in it: two friends at one board whose phone rings, or a
person against the computer, stop both clocks without hiding the window.  The board is covered
and takes no move, the computer does not think, and the clocks read on Resume what they read at
the Pause.  Headless, driven by posted clicks and keys; a long pause is the game screen's clock
moved on (``skipped_time``), and nothing asserted is a speed."""

from __future__ import annotations

import pygame
import pytest

from tests.test_clock_window import clocked, play
from tests.ui_helpers import click, clocks_lit, key, wait
from ui.autosave import SHELF
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene

PAUSED = "Paused: both clocks stand still; Ctrl+P or Resume goes on"
HOUR = 3600.0


def ctrl_p(app, frames: int = 2) -> None:
    key(app, pygame.K_p, pygame.KMOD_CTRL, frames)


def clocks(scene: GameScene) -> tuple[float, float]:
    return scene.clock_left(0), scene.clock_left(1)


def corner_cell(scene: GameScene) -> tuple[int, int]:
    """The centre of Tic-tac-toe's a1 corner, which the pause card in the board's middle leaves in sight."""
    return scene.view.cell_rect(0, 0).center


def test_friends_pause_a_clocked_game_for_an_hour_and_their_clocks_wait(app, skipped_time):
    scene = clocked(app, "5m+0s")  # hot-seat Tic-tac-toe
    assert scene.btn_pause.visible and scene.btn_pause.key_hint == "Ctrl+P"
    click(app, scene.view.cell_rect(1, 1).center)  # X plays b2
    assert [p.text for p in scene.history] == ["b2"] and scene.referee.running
    board = app.screen.get_at(corner_cell(scene))

    click(app, scene.btn_pause.rect.center)  # the panel's Pause
    assert scene.paused and scene.card_shown() is scene.pause_card and not scene.referee.running
    at_pause, shown = clocks(scene), scene.panel.clock_texts()
    skipped_time(HOUR)  # the phone call
    app.run_frames(3)
    assert clocks(scene) == at_pause and scene.panel.clock_texts() == shown and not scene.is_over()
    assert scene.btn_pause.label == "Resume"
    cover = app.screen.get_at(corner_cell(scene))
    assert cover == app.theme.background != board  # the board is hidden, not dimmed

    assert not scene.pause_card.rect.collidepoint(corner_cell(scene))
    click(app, corner_cell(scene))  # O tries a1 under the cover
    assert [p.text for p in scene.history] == ["b2"]
    assert PAUSED in [m.text for m in scene.messages.current()]

    ctrl_p(app)  # go on
    assert not scene.paused and scene.card_shown() is None and scene.referee.running
    assert PAUSED not in [m.text for m in scene.messages.current()]
    click(app, corner_cell(scene))  # O plays a1 now
    assert [p.text for p in scene.history] == ["b2", "a1"]
    x_left, o_left = scene.history[-1].clocks
    assert x_left == at_pause[0] and at_pause[1] - 60 < o_left <= at_pause[1]  # the hour charged to no one


def test_a_pause_while_the_computer_thinks_holds_its_move_until_resume(app, skipped_time, computer_thinks_until_told):
    scene = clocked(app, "5m+0s", HUMAN_VS_PC, (None, "level-1"))
    click(app, scene.view.cell_rect(1, 1).center)
    assert [p.text for p in scene.history] == ["b2"]
    assert wait(app, lambda: computer_thinks_until_told.asked() == 1)  # its search under way in the worker

    ctrl_p(app, frames=1)
    assert scene.paused and scene.job is None and scene.computer.held is None  # its search dropped
    assert wait(app, lambda: computer_thinks_until_told.ends() == ["stopped"])  # the worker told to stop
    at_pause = clocks(scene)
    skipped_time(HOUR)
    computer_thinks_until_told.release()  # a search that still ran would answer now
    app.run_frames(1, until=lambda: len(scene.history) > 1, timeout=1.0)  # time for a reply to come
    assert [p.text for p in scene.history] == ["b2"] and scene.job is None and scene.computer.held is None
    assert clocks(scene) == at_pause and not scene.referee.running and computer_thinks_until_told.asked() == 1

    ctrl_p(app)
    assert wait(app, lambda: len(scene.history) == 2)  # asked again, it moves
    assert computer_thinks_until_told.ends() == ["stopped", "released"]
    assert at_pause[1] - 60 < scene.history[-1].clocks[1] <= at_pause[1]


def test_analysis_stops_for_the_pause_and_comes_back_after_it(app):
    """Analysis mode went on valuing the moves under the cover, and the panel showed its best line
    while both clocks stood: a pause was free thinking time.  It waits, its values dropped."""
    scene = clocked(app, "5m+0s")
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.best_line() is not None)
    ctrl_p(app)
    app.run_frames(3)
    assert scene.analysis.best_line() is None and scene.analysis.job is None
    ctrl_p(app)
    assert wait(app, lambda: scene.analysis.best_line() is not None)


def test_a_hint_asked_for_before_the_pause_is_asked_again_on_resume(app):
    """The Pause dropped the hint's search under way, and Resume forgot it: the player who had
    pressed H came back to no hint and no word of it.  Undo under the cover takes nothing back
    (``test_undo_and_redo_wait_for_resume_under_the_pauses_cover``), so the hint is still the
    position's.  Asked again, the hint's search can answer within the frames of the key that
    resumed (a loaded machine's): searching or given, it was asked again."""
    scene = clocked(app, "5m+0s", game_id="reversi")
    key(app, pygame.K_h, frames=0)  # H and Ctrl+P in one frame: the search cannot answer between them
    ctrl_p(app)
    assert scene.computer.job is None and scene.hint is None
    ctrl_p(app)
    assert scene.computer.job_kind == "hint" or scene.hint is not None
    assert wait(app, lambda: scene.hint is not None)

    play(app, scene, "f5")
    key(app, pygame.K_h, frames=0)
    ctrl_p(app)
    key(app, pygame.K_u)  # refused under the cover: f5 stays, and so does the hint's position
    ctrl_p(app)
    assert len(scene.history) == 1
    assert scene.computer.job_kind == "hint" or scene.hint is not None


def test_the_computer_weighs_a_draw_offer_only_once_the_pause_is_over(app):
    """A draw offered to the level and then Pause: the level went on searching the offer under
    the cover and its answer (the game drawn) came while both clocks stood.  The Pause drops
    that search, the offer waiting, and Resume asks the level again."""
    scene = clocked(app, "5m+0s", HUMAN_VS_PC, (None, "level-2"), game_id="reversi")
    play(app, scene, "f5")
    assert wait(app, lambda: len(scene.history) == 2 and scene.computer.job is None)
    key(app, pygame.K_d, pygame.KMOD_CTRL, frames=0)  # offered and paused in one frame
    ctrl_p(app)
    assert scene.paused and scene.draw_offer == 0 and scene.computer.job is None
    app.run_frames(1, until=lambda: scene.draw_offer is None, timeout=1.0)  # time for an answer to come
    assert scene.draw_offer == 0 and not scene.is_over() and scene.card_shown() is scene.pause_card
    ctrl_p(app)
    assert wait(app, lambda: scene.draw_offer is None)  # asked again, and answered now
    assert any("Level 2" in m.text and "draw" in m.text for m in scene.messages.current()), scene.messages.current()


def test_a_game_left_paused_comes_back_paused_with_its_clocks_as_they_stood(app, skipped_time):
    """Left paused (the menu, the window closed), the game came back with its clocks running: it
    comes back paused, both clocks as they read at the Pause."""
    scene = clocked(app, "5m+3s")
    play(app, scene, "b2", "a1", "c3")
    ctrl_p(app)
    at_pause = clocks(scene)
    skipped_time(HOUR)
    app.run_frames(2)
    app.show_menu()
    [(path, record)] = SHELF.unfinished()[0]
    assert record.setup["paused_at"] == 3

    app.continue_game(record, path)
    resumed = app.scene
    app.run_frames(3)
    assert isinstance(resumed, GameScene) and resumed is not scene and resumed.paused
    assert resumed.card_shown() is resumed.pause_card and not resumed.referee.running
    assert clocks(resumed) == pytest.approx(at_pause, abs=0.001)  # as saved, to the millisecond
    key(app, pygame.K_PAUSE)  # the keyboard's Pause key goes on too
    assert resumed.referee.running and not resumed.paused
    play(app, resumed, "a3")  # a move made: the flag goes with the pause
    app.show_menu()
    [(_, record)] = SHELF.unfinished()[0]
    assert "paused_at" not in record.setup


def test_no_pause_without_a_clock_and_the_watched_games_is_as_it_was(app):
    scene = clocked(app, None)  # hot-seat without a clock: nothing to stop
    assert not scene.btn_pause.visible
    ctrl_p(app)
    assert not scene.paused and scene.card_shown() is None
    watched = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 1.0, clock="5m+0s"))
    app.switch(watched)
    app.run_frames(2)
    assert watched.btn_pause.key_hint == "Space" and watched.panel.watch_row[:1] == [watched.btn_pause]
    key(app, pygame.K_SPACE)
    assert watched.paused and watched.card_shown() is None  # watching, the board stays in sight
    over = clocked(app, "1m+0s", HOTSEAT)
    play(app, over, "a1", "b1", "a2", "b2", "a3")  # X wins: nothing left to pause
    assert not over.btn_pause.visible
    ctrl_p(app)
    assert not over.paused


def test_a_watched_games_search_left_to_finish_by_the_pause_costs_its_clock_nothing(
        app, skipped_time, monkeypatch, computer_thinks_until_told):
    """Pause (Space) in a clocked PC vs PC game lets the search under way finish, its reply held
    for Step or Resume; its time was still charged, so the clock of the side to move ran on for
    the search's seconds under "Paused".  It stands from the Pause (the panel reads the same, not
    lit) and runs again on Resume, or on Step, which asks for that move.  The search goes on all
    test long (``computer_thinks_until_told``): a real level 3's first move could come between
    two of the test's keys."""
    scene = GameScene(app, MatchSetup("hex", {}, PC_VS_PC, ("level-3", "level-3"), 1.0, clock="60m+0s"))
    app.switch(scene)
    assert wait(app, lambda: computer_thinks_until_told.asked() == 1)
    assert wait(app, lambda: scene.computer.thinking() and scene.referee.running)
    side = scene.state.to_move
    key(app, pygame.K_SPACE)  # Pause
    assert scene.paused and scene.computer.thinking()  # its search goes on, to be held
    at_pause, shown = clocks(scene), scene.panel.clock_texts()
    skipped_time(60.0)  # a minute of that search under the Pause
    app.run_frames(3)
    assert scene.computer.thinking() and not scene.referee.running
    assert clocks(scene) == at_pause and scene.panel.clock_texts() == shown
    assert clocks_lit(app, monkeypatch) == [False, False]

    key(app, pygame.K_SPACE)  # Resume: its clock runs again, from now
    skipped_time(5.0)
    app.run_frames(1)
    assert clocks(scene)[side] <= at_pause[side] - 5 and clocks(scene)[1 - side] == at_pause[1 - side]

    key(app, pygame.K_SPACE)  # paused again, then Step (S): the move asked for is charged from the Step
    again = clocks(scene)
    skipped_time(60.0)
    app.run_frames(3)
    assert clocks(scene) == again
    key(app, pygame.K_s)
    skipped_time(5.0)
    app.run_frames(1)
    assert clocks(scene)[side] <= again[side] - 5
    assert scene.history == [] and computer_thinks_until_told.asked() == 1  # one search, all test long


@pytest.mark.parametrize("how", ["wheel", "z"])
def test_a_paused_large_trax_boards_zoom_waits_for_resume_and_says_so(app, how):
    """QA (leftovers8): on a large Trax board the wheel over the pause's cover (and Z) still zoomed
    the board under it, the only thing the covered board still did.  It waits for Resume, with the
    pause's words, as a click on the cover is answered."""
    scene = GameScene(app, MatchSetup("trax", {"size": 25}, HOTSEAT, (None, None), 1.0, clock="5m+0s"))
    app.switch(scene)
    app.run_frames(2)
    view = scene.view
    assert view.zoomable()
    framed = (view.shown_rows(), view.shown_cols())
    ctrl_p(app)
    assert scene.card_shown() is scene.pause_card
    corner = view.cell_rect(framed[0][0], framed[1][0]).center  # on the board, beside the card in its middle
    assert not scene.pause_card.rect.collidepoint(corner)
    if how == "wheel":
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))  # down: the whole board
        app.run_frames(2)
    else:
        key(app, pygame.K_z)
    assert (view.shown_rows(), view.shown_cols()) == framed
    assert PAUSED in [m.text for m in scene.messages.current()]
    ctrl_p(app)  # Resume: the zoom is the board's again
    key(app, pygame.K_z)
    assert view.shown_rows() == range(25)


def test_undo_and_redo_wait_for_resume_under_the_pauses_cover(app):
    """QA (qa150): U, pressed while friends' clocked game was paused, took a move back under the
    cover, its message naming the move the cover hides ("Move taken back: d6, ..."); Y played one
    again.  Both wait for Resume, with the pause's words, their buttons greyed; after it they work."""
    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0, clock="5m+0s"), ["f5", "d6", "c3"])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_u)
    assert len(scene.history) == 2 and scene.redo_stack
    ctrl_p(app)
    assert scene.card_shown() is scene.pause_card
    for k in (pygame.K_u, pygame.K_y):
        key(app, k)
        said = [m.text for m in scene.messages.current()]
        assert len(scene.history) == 2 and PAUSED in said and not [text for text in said if "d6" in text], said
    app.run_frames(2)
    assert not scene.btn_undo.enabled and not scene.btn_redo.enabled
    ctrl_p(app)
    key(app, pygame.K_y)
    assert len(scene.history) == 3


@pytest.mark.parametrize("game_id", ["reversi", "hex"])
def test_the_boards_switches_wait_for_resume_under_the_pauses_cover(app, game_id):
    """QA (qa150): under a person's pause, L switched the legal moves' marks and F turned the
    board, unseen and without a word; V worked Hex's connections out, where the computer thinks
    of nothing.  Each says the pause's words and changes nothing; after Resume each works."""
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0, clock="5m+0s"))
    app.switch(scene)
    app.run_frames(2)
    switches = {pygame.K_f: lambda: scene.view.turned, pygame.K_v: lambda: scene.connections.active}
    if game_id == "reversi":
        switches = {pygame.K_f: lambda: scene.view.turned, pygame.K_l: lambda: scene.show_legal}
    before = {k: read() for k, read in switches.items()}
    ctrl_p(app)
    for k in switches:
        scene.messages.items.clear()
        key(app, k)
        assert [m.text for m in scene.messages.current()] == [PAUSED], (k, scene.messages.current())
    assert {k: read() for k, read in switches.items()} == before
    ctrl_p(app)
    for k in switches:
        key(app, k)
    assert all(read() != before[k] for k, read in switches.items())
