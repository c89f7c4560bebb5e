"""What time alone changes on the game screen (a running clock's digits, the computer's spinner
and search figures) is drawn alone: the players' cards and the thinking card
(``Scene.ticking_area``), not the board nor the rest of the panel.  Never stale: the digits change
on screen as the clock runs, a move played meanwhile shows on the board, the status line's words
follow the search, and a frame of the cards alone has the very pixels of a whole frame.

The game's clock reads a stand-in for ``time`` that the test moves on (no waiting for real seconds)."""

from __future__ import annotations

import time
import types

import pygame
import pytest

from tests.ui_helpers import (
    click,
    count_calls,
    held_game_clock,
    in_language,
    recorded_text,
    recorded_text_rects,
    window_for_a_test,
)
from ui.ai_worker import AIProgress
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.game_board_side import BoardSide
from ui.scenes.game_panel import GamePanel


@pytest.fixture
def app(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch, size=(1400, 900)) as app:
        yield app


@pytest.fixture
def game_clock(monkeypatch):
    """The game screen's clock (``ui.scenes.game``'s ``time``), which the test moves on by ``now``."""
    import ui.scenes.game as game_module

    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(game_module, "time", types.SimpleNamespace(monotonic=lambda: clock.now))
    return clock


def _clocked_hex(app) -> GameScene:
    scene = GameScene(app, MatchSetup("hex", {"size": 11}, HOTSEAT, (None, None), 1.0, clock="5m+0s"), [])
    app.switch(scene)
    app.run_frames(3)
    return scene


def _pixels(app, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def _whole_frame_is_the_same(app) -> bool:
    """A whole frame drawn now leaves the window's pixels as they were."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.invalidate()
    app.frame()
    return pygame.image.tobytes(app.screen, "RGB") == shown


def test_a_running_clock_draws_its_card_alone_and_its_digits_change_on_screen(app, game_clock, monkeypatch):
    scene = _clocked_hex(app)
    card = scene.panel.player_cards[0]
    before = _pixels(app, card)
    boards, panels = count_calls(monkeypatch, BoardSide, "draw"), count_calls(monkeypatch, GamePanel, "draw")
    drawn = recorded_text(monkeypatch)
    draws = app.draws
    game_clock.now += 1.0
    app.frame()
    assert app.draws == draws + 1
    assert "4:59" in drawn  # the first side's clock, a second on
    assert _pixels(app, card) != before
    assert boards[0] == 0 and panels[0] == 1  # the cards alone: not the board
    app.frame()
    assert app.draws == draws + 1  # the same reading: nothing drawn
    assert _whole_frame_is_the_same(app)


def test_the_clock_goes_on_showing_each_new_reading(app, game_clock, monkeypatch):
    scene = _clocked_hex(app)
    drawn = recorded_text(monkeypatch)
    for second in range(1, 4):
        game_clock.now += 1.0
        app.frame()
        assert f"4:{60 - second}" in drawn
    assert scene.panel.clock_texts() == ("4:57", "5:00")


def test_a_move_played_while_the_clock_runs_shows_on_the_board(app, game_clock, monkeypatch):
    scene = _clocked_hex(app)
    cell = scene.view.centre(5, 5)
    cell = (int(cell[0]), int(cell[1]))
    game_clock.now += 1.0
    app.frame()  # a frame of the clock alone
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0), buttons=(0, 0, 0)))
    app.frame()
    empty = app.screen.get_at(cell)
    click(app, cell)
    assert len(scene.history) == 1
    scene.view.finish_animation()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    stone = app.screen.get_at(cell)
    assert stone != empty
    drawn = recorded_text(monkeypatch)
    game_clock.now += 2.0
    app.frame()  # the second side's clock runs now, drawn alone
    assert "4:58" in drawn
    assert app.screen.get_at(cell) == stone  # the stone stays
    assert _whole_frame_is_the_same(app)


def _computer_stood_in(monkeypatch) -> types.SimpleNamespace:
    """The computer's worker stood in for: it thinks only when the test says (``_thinks``), and
    whether the engine is being prepared (the namespace's ``on``) is the test's to set."""
    from ui.scenes.game_computer import ComputerMoves

    monkeypatch.setattr(ComputerMoves, "ensure_worker", lambda self: None)
    monkeypatch.setattr(ComputerMoves, "poll", lambda self: None)
    monkeypatch.setattr(ComputerMoves, "take_turn", lambda self: None)
    monkeypatch.setattr(ComputerMoves, "thinking_since", lambda self: self.job_started)  # a level: ready at once
    preparing = types.SimpleNamespace(on=True)
    monkeypatch.setattr(ComputerMoves, "preparing", lambda self: preparing.on)
    return preparing


def _thinks(scene: GameScene, side: int) -> None:
    """The stood-in computer starts thinking for ``side``, with no figures yet, on the screen's
    clock (``held_game_clock``'s where the test holds it)."""
    import ui.scenes.game_computer as game_computer_module

    computer = scene.computer
    computer.job, computer.job_kind, computer.job_side = 1, "move", side
    started = game_computer_module.time.monotonic()  # the screen's clock, held or not
    computer.job_started, computer.job_budget, computer.progress = started, 30.0, None


def _thinking_scene(app, monkeypatch) -> GameScene:
    """A watched game whose computer is thinking, its worker stood in for: the figures and whether
    the engine is being prepared are the test's to set."""
    preparing = _computer_stood_in(monkeypatch)
    scene = GameScene(app, MatchSetup("hex", {"size": 11}, PC_VS_PC, ("level-3", "level-3"), 30.0), [])
    app.switch(scene)
    _thinks(scene, 0)
    scene.preparing = preparing
    app.run_frames(3)
    return scene


def _tick(app) -> None:
    """The next frame the thinking card is due (``GameScene.THINKING_REDRAW``)."""
    time.sleep(GameScene.THINKING_REDRAW)
    app.frame()


def test_the_thinking_card_ticks_alone_and_the_status_line_follows_the_search(app, monkeypatch):
    """While the engine is prepared the line under the board says so; once the search's first
    figures come it says who is thinking, on the next frame (the worker may still say it prepares
    the engine: its figures say the search has begun), though the frames between draw the
    thinking card alone."""
    from ui.scenes.game_computer import SET_UP_SAID_AFTER

    scene = _thinking_scene(app, monkeypatch)
    scene.computer.job_started -= SET_UP_SAID_AFTER  # a wait long enough to be said (a shorter one flashed)
    app.dirty = True
    app.run_frames(1)
    drawn = recorded_text_rects(monkeypatch)
    boards = count_calls(monkeypatch, BoardSide, "draw")

    def under_the_board() -> list[str]:
        return [text for text, rect in drawn if scene.board_side.area.contains(rect)]

    draws = app.draws
    _tick(app)
    assert app.draws == draws + 1 and boards[0] == 0  # the spinner and the seconds: the cards alone
    assert under_the_board() == [] and any("Preparing the engine…" in text for text, _rect in drawn)
    scene.computer.progress = AIProgress(job_id=1, depth=4, best_move=60, best_text="f6", score=12.0, nodes=5000,
                                         pv=["f6", "e7"], mover=scene.state.to_move)
    drawn.clear()
    _tick(app)
    assert boards[0] == 1  # the status line's words changed: the whole window
    assert any("is thinking…" in text for text in under_the_board())
    assert "Preparing the engine…" not in under_the_board()
    assert any("best f6" in text for text, _rect in drawn)  # the figures, in the thinking card
    drawn.clear()
    _tick(app)
    assert boards[0] == 1 and under_the_board() == []  # the card again, alone
    assert any("is thinking…" in text for text, _rect in drawn)


def test_a_search_without_figures_yet_is_said_in_words_on_the_thinking_card(app, monkeypatch):
    """While a fresh install compiles Rastros' kernels its Python search says at once that it has
    begun, and level-5's root solver that it is at work, in reports with no figures (the solver's
    for up to 40% of the move's time): the card's line under "is thinking…" was blank.  It says
    "Solving the position…" for the solver, "Starting the search…" otherwise, as before any report,
    in Portuguese too; the first figures take their place."""
    preparing = _computer_stood_in(monkeypatch)
    preparing.on = False  # the kernels' compiling is not waited for: the search has begun
    scene = GameScene(app, MatchSetup("rastros", {}, PC_VS_PC, ("level-5", "level-5"), 30.0), [])
    app.switch(scene)
    _thinks(scene, 0)
    drawn = recorded_text(monkeypatch)
    said = {"solver": ("Solving the position…", "A resolver a posição…"),
            "alphabeta": ("Starting the search…", "A começar a pesquisa…")}
    for kind, (english, portuguese) in said.items():
        scene.computer.progress = AIProgress(job_id=1, kind=kind, mover=scene.state.to_move)
        drawn.clear()
        _tick(app)
        assert english in drawn
        with in_language(app, "pt"):
            drawn.clear()
            _tick(app)
            assert portuguese in drawn
    scene.computer.progress = AIProgress(job_id=1, depth=3, best_move=1, best_text="5-3", nodes=400, kind="alphabeta",
                                         mover=scene.state.to_move)
    drawn.clear()
    _tick(app)
    assert "Starting the search…" not in drawn and any("best 5-3" in text for text in drawn)


def test_a_moves_animation_ends_on_the_board_while_the_computer_thinks(app, monkeypatch, still_clock):
    """A move's animation draws the whole window on every frame; when it ends while the computer's
    spinner still ticks, the next frame draws the whole once more, the board still.  Drawn in part
    (the cards alone), the board kept the animation's last frame: on a loaded machine a Reversi
    disc stood half turned over until the computer moved.  The views' clock is the test's
    (``still_clock``), and so is the game's (``held_game_clock``): on the real one, slow frames
    let a second of thinking pass, and the line under the board said "Preparing the engine…"
    between the two pictures of the board compared."""
    import ui.views.reversi as reversi_view_module

    views_clock = still_clock
    held_game_clock(monkeypatch)
    _computer_stood_in(monkeypatch)
    scene = GameScene(app, MatchSetup("reversi", {"size": 8}, HUMAN_VS_PC, (None, "level-3"), 30.0), [])
    app.switch(scene)
    app.run_frames(3)
    click(app, scene.view.cell_rect(2, 3).center, frames=1)  # d3: the disc placed, d4 starting to turn
    _thinks(scene, 1)
    views_clock.now += 0.6 * reversi_view_module.FLIP_SECONDS  # a frame half way through ...
    app.frame()
    assert scene.view.is_animating()
    views_clock.now += 10.0  # ... and the animation over, the computer still thinking
    _tick(app)
    assert not scene.view.is_animating() and scene.computer.job is not None
    board = _pixels(app, scene.board_side.area)
    app.invalidate()
    app.frame()  # a whole frame (its thinking card's seconds moved on: the board alone compared)
    assert _pixels(app, scene.board_side.area) == board


def test_a_moves_animation_starts_at_the_first_frame_that_draws_it(app, monkeypatch, still_clock):
    """The work between a move and the first frame that draws it (the panel laid out anew, the game
    saved) took 0.6 s on a loaded machine for a game's first move, and Reversi's flip, 0.3 s from
    the move, was over before any frame showed it (``python main.py bench ui``: "a move's animation
    (0.0 s)").  It starts at that frame and runs its whole length from there.  The views' clock is
    the test's (``still_clock``): the slow work moves it on by twice the flip."""
    import ui.views.reversi as reversi_view_module

    flip = reversi_view_module.FLIP_SECONDS
    scene = GameScene(app, MatchSetup("reversi", {"size": 8}, HOTSEAT, (None, None), 30.0), [])
    app.switch(scene)
    app.run_frames(3)
    changed = scene._changed

    def slow_work_after_the_move() -> None:
        still_clock.now += 2 * flip
        changed()

    monkeypatch.setattr(scene, "_changed", slow_work_after_the_move)
    click(app, scene.view.cell_rect(2, 3).center, frames=1)  # d3: its first frame drawn after the slow work
    assert len(scene.history) == 1 and scene.view.is_animating()
    still_clock.now += 0.6 * flip  # a frame half way through ...
    app.frame()
    assert scene.view.is_animating()
    still_clock.now += flip  # ... and the flip over
    app.frame()
    assert not scene.view.is_animating()


def _time_bar_fills(monkeypatch, scene: GameScene) -> list[int]:
    """The widths of the thinking card's time bar as drawn from now on (its accent-coloured fill,
    as tall as the bar)."""
    fills: list[int] = []
    real = pygame.draw.rect
    accent, height = pygame.Color(scene.app.theme.accent), scene.panel._s(3)

    def recorded(surface, colour, rect, *args, **kwargs):
        if pygame.Color(colour) == accent and pygame.Rect(rect).height == height:
            fills.append(pygame.Rect(rect).width)
        return real(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", recorded)
    return fills


def test_the_time_bar_waits_for_the_engine_then_counts_the_search_alone(app, monkeypatch):
    """After installing, the first search waits for its worker to compile the kernels, on no move's
    time.  The time bar counted that wait: against level 3, after d3, it stood full for over a
    minute under "Preparing the engine…" (qa91), as if the move were overdue.  It stays empty
    while the engine is prepared and then fills with the search's own time: a quarter of its second,
    on the game's clock held still (``held_game_clock``), where a loaded machine's slow frames
    filled half of it."""
    skip = held_game_clock(monkeypatch)
    preparing = _computer_stood_in(monkeypatch)
    scene = GameScene(app, MatchSetup("reversi", {"size": 8}, HUMAN_VS_PC, (None, "level-3"), 1.0), [])
    app.switch(scene)
    app.run_frames(3)
    click(app, scene.view.cell_rect(2, 3).center, frames=3)  # d3
    _thinks(scene, 1)
    computer = scene.computer
    computer.job_started, computer.job_budget = time.monotonic() - 60.0, 1.0  # a minute of compiling
    fills = _time_bar_fills(monkeypatch, scene)
    _tick(app)
    assert fills and set(fills) == {0}
    preparing.on = False
    computer.progress = AIProgress(job_id=1, depth=1, best_move=19, best_text="d6", pv=["d6"], mover=scene.state.to_move)
    _tick(app)  # the engine ready: the search's time starts
    skip(0.25)
    fills.clear()
    _tick(app)
    full = scene.panel.rect.width
    assert fills and 0 < fills[-1] < full // 2  # a fraction of a second of the search's second
