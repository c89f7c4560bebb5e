"""Game clocks in the window (#22): the setup's Clock choice, flag fall for humans and computers,
the clocks kept by autosave and Continue, undo and redo putting both clocks back, a paused watch.
Headless (SDL dummy driver); the facts asserted are the rules' (who lost, which readings), never speeds."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame
import pytest

from ai.referee import GameClock, move_budget
from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import (
    autosaves_written,
    click,
    clocks_lit,
    held_game_clock,
    in_language,
    key,
    recorded_text_rects,
    resign_by_keys,
    wait,
    words_in,
)
from ui.ai_worker import AIProgress
from ui.autosave import SHELF
from ui.clocks import CLOCK_CHOICES, reading_text, setup_clock, short_label, time_control_forms
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.recorder import SceneRecorder
from ui.scenes.game import GameScene
from ui.scenes.game_over import result_lines, result_title
from ui.scenes.setup import SetupChoices, SetupScene


def clocked(app, clock: str, mode: str = HOTSEAT, players=(None, None), game_id: str = "tictactoe",
            options=None) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, dict(options or {}), mode, players, 1.0, clock=clock))
    app.switch(scene)
    app.run_frames(2)
    return scene


def play(app, scene: GameScene, *moves: str) -> None:
    for text in moves:
        assert scene._play(scene.game.parse_move(scene.state, text), by_computer=False)
        app.run_frames(1)


def test_a_time_control_is_written_short_as_chess_players_write_it():
    """"5+3" for New game's "5 min + 3 s": the minutes, then the seconds each move adds; a part
    of a minute in the window's language's decimals."""
    assert [short_label(setup_clock(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, clock=clock)))
            for clock in CLOCK_CHOICES[1:4]] == ["1+0", "3+2", "5+0"]
    with words_in("pt"):
        assert short_label(GameClock(90.0, 0.5)) == "1,5+0,5"


def test_reading_text_shows_tenths_only_under_ten_seconds():
    assert [reading_text(x) for x in (300, 299.99, 61, 10.0, 9.99, 0.05, -3)] == \
        ["5:00", "4:59", "1:01", "0:10", "0:09.9", "0:00.0", "0:00.0"]
    assert reading_text(3725) == "1:02:05"

    with words_in("pt"):  # beside "0,5 s" the clock read "0:09.9"
        assert reading_text(9.99) == "0:09,9" and reading_text(61) == "1:01"


def test_the_setup_screen_offers_a_clock_and_remembers_it(app):
    app.show_setup()
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.menu.get_widget("time") is not None
    setup._set_clock("3m+2s")
    app.run_frames(2)  # the menu is rebuilt: no time per move on a clock, a note says why
    assert setup.menu.get_widget("time") is None and setup.menu.get_widget("clock").get_value()[0][1] == "3m+2s"
    setup.start()
    scene = app.scene
    assert isinstance(scene, GameScene) and setup_clock(scene.setup) == GameClock(180, 2)
    assert scene.panel.clock_texts() is not None
    assert app.settings.setup_choices["clock"] == "3m+2s"
    assert SetupChoices.from_dict(app.settings.setup_choices).clock == "3m+2s"
    assert SetupChoices.from_dict({"clock": "7m+1s"}).clock is None  # not a choice: no clock
    scene.rematch()  # the rematch keeps the clock
    assert setup_clock(scene.setup) == GameClock(180, 2)


def test_the_clock_choices_run_to_thirty_and_sixty_minutes_in_order():
    """The choices stopped at 15m+10s; Othello championships (WOF) play 30 minutes a side and
    chess players expect 30 and 60 minutes: they are offered, the list still shortest first."""
    clocks = [GameClock.parse(text) for text in CLOCK_CHOICES[1:]]
    assert clocks == sorted(clocks, key=lambda c: (c.initial, c.increment))
    assert {GameClock(1800, 0), GameClock(1800, 30), GameClock(3600, 0)} <= set(clocks)


@pytest.mark.parametrize(("clock", "shown"), [("30m+30s", "30:00"), ("60m+0s", "1:00:00")])
def test_a_long_clock_is_chosen_remembered_and_read_on_the_panel(app, monkeypatch, clock, shown):
    """30 minutes read "30:00" and an hour "1:00:00" on the players' cards, inside each card."""
    app.show_setup()
    setup = app.scene
    setup._set_clock(clock)
    app.run_frames(2)
    assert setup.menu.get_widget("clock").get_value()[0][1] == clock
    setup.start()
    scene = app.scene
    assert SetupChoices.from_dict(app.settings.setup_choices).clock == clock
    assert scene.panel.clock_texts() == (shown, shown)
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    clocks = [rect for text, rect in drawn if text == shown]
    assert len(clocks) == 2
    assert all(card.contains(rect) for card, rect in zip(scene.panel.player_cards, clocks))


def test_without_a_clock_nothing_is_timed(app):
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
    app.switch(scene)
    app.run_frames(2)
    assert scene.panel.clock_texts() is None and scene.clock_readings() is None
    play(app, scene, "b2")
    assert scene.history[-1].clocks is None


@pytest.mark.usefixtures("result_card_at_once")
def test_a_human_on_a_tiny_clock_loses_on_time(app):
    scene = clocked(app, "1s+0s", HUMAN_VS_PC, (None, "level-1"))
    assert scene.human_to_move() and scene.referee.running
    assert wait(app, scene.is_over)  # the human never moves
    assert scene.forfeit is not None and scene.forfeit[0] == 0 and scene.winner() == 1
    assert scene.end_reason() == "X lost on time at move 1"  # its move, as a bot's forfeit says it
    assert result_title(scene) == "You lose" and "X lost on time at move 1" in result_lines(scene)
    assert scene.panel.clock_texts()[0] == "0:00.0"
    assert scene.recorder.record.result.reason == "X lost on time at move 1"
    assert wait(app, scene.over_card.visible)
    scene.undo()  # nothing to take back: the loss stays
    assert scene.is_over()


def test_a_computer_on_a_clock_budgets_from_it_and_plays_to_the_end(app):
    scene = clocked(app, "5s+0s", PC_VS_PC, ("level-2", "level-3"), options={"width": 4, "height": 4, "k": 3})
    scene.speed = 3  # no pause between moves
    assert wait(app, lambda: scene.job is not None, 20)
    assert scene.job_budget == pytest.approx(move_budget(5.0, 0.0), abs=1e-3)  # its share of the clock (less a frame)
    assert wait(app, lambda: scene.state.is_terminal(), 60)
    assert scene.forfeit is None  # nobody flagged: the budget keeps the clock
    readings = scene.clock_readings()
    assert len(readings) == len(scene.history) + 1 and readings[0] == (5.0, 5.0)
    for side in (0, 1):
        mine = [r[side] for r in readings]
        assert all(0 < b <= a for a, b in zip(mine, mine[1:]))  # no increment: only ever less


def test_a_computer_whose_clock_runs_out_loses_on_time(app, computer_thinks_until_told):
    scene = clocked(app, "5s+0s", PC_VS_PC, ("level-1", "level-1"))
    # X is as good as out of time: a microsecond, as its set-up is off the clock (``AIReady``); its
    # search thinks until told, and the window stops it at the flag's fall
    scene.referee.set_readings((0.000001, 5.0))
    assert wait(app, scene.is_over)
    assert scene.forfeit[0] == 0 and scene.end_reason() == "X lost on time at move 1" and scene.job is None
    assert wait(app, lambda: computer_thinks_until_told.ends() == ["stopped"])  # its search told to stop


def test_pausing_a_watched_game_stops_the_clock(app):
    scene = clocked(app, "5m+0s", PC_VS_PC, ("level-1", "level-1"))
    scene.toggle_pause()
    app.run_frames(10 ** 6, until=lambda: scene.job is None, timeout=30)  # a search under way finishes, uncharged
    app.run_frames(2)
    before = scene.clock_left(scene.state.to_move)
    time.sleep(0.05)
    app.run_frames(3)
    assert scene.clock_left(scene.state.to_move) == before and not scene.referee.running
    scene.toggle_pause()  # the clock runs again once the computer thinks (its set-up is not charged)
    assert wait(app, lambda: scene.clock_left(scene.state.to_move) < before, 30)


def test_a_paused_watched_games_clock_is_not_lit(app, monkeypatch):
    """Paused (Space), a watched game's clocks stand still, and the one to move was drawn lit, in
    the accent, as a running clock is; it is lit again once the game goes on."""
    scene = clocked(app, "5m+0s", PC_VS_PC, ("level-1", "level-1"))
    key(app, pygame.K_SPACE)
    assert scene.paused and app.run_frames(10 ** 6, until=lambda: scene.job is None, timeout=30)
    assert not scene.referee.running and clocks_lit(app, monkeypatch) == [False, False]
    key(app, pygame.K_SPACE)
    assert not scene.paused and wait(app, lambda: scene.referee.running or scene.is_over(), 30)
    lit = clocks_lit(app, monkeypatch)
    assert scene.is_over() or True in lit, lit


def test_a_step_of_a_paused_game_charges_its_search(app):
    """Step searches while the game is paused: the move was charged nothing and credited the
    increment, so each Step made both clocks grow (1:00 to 1:15 in six)."""
    scene = clocked(app, "1m+5s", PC_VS_PC, ("level-2", "level-2"), game_id="reversi")
    scene.toggle_pause()
    app.run_frames(10 ** 6, until=lambda: scene.job is None, timeout=30)  # a search under way may be held
    for _ in range(4):
        plies, side = len(scene.history), scene.state.to_move
        before = scene.referee.readings()[side]
        scene.step()
        assert app.run_frames(10 ** 6, until=lambda plies=plies: len(scene.history) > plies, timeout=30)
        assert scene.referee.readings()[side] < before + 5  # its search time is on its clock


def test_undo_and_redo_put_both_clocks_back_to_that_ply(app):
    scene = clocked(app, "5m+3s")
    play(app, scene, "b2", "a1", "c3", "a3")
    plies = list(scene.history)
    assert plies[0].clocks[0] > 300 - 1 and plies[0].clocks[1] == 300  # X charged, then credited 3 s
    scene.undo()
    assert scene.referee.readings() == plies[2].clocks and len(scene.history) == 3
    scene.undo()
    scene.undo()
    assert scene.referee.readings() == plies[0].clocks
    scene.undo()
    assert scene.referee.readings() == (300, 300)
    scene.redo()
    scene.redo()
    assert scene.referee.readings() == plies[1].clocks
    app.run_frames(2)
    assert scene.referee.side == scene.state.to_move and scene.referee.running  # the new turn runs


def test_redo_after_continue_puts_the_clocks_back_as_redo_before_leaving_did(app):
    """A game taken back to its start keeps its moves to redo for Continue (``REDO_KEY``), but
    not their clock readings: a move redone after Continue set both clocks to 5:00, where Redo
    before leaving gave each move's own readings back."""
    from ui.autosave_setup import kept_redo_clocks
    from ui.scenes.menu import MenuScene

    scene = clocked(app, "5m+3s")
    for cell in ((1, 1), (0, 0), (2, 2)):  # X b2, O a1, X c3, clicked
        time.sleep(0.01)  # each move takes some time off its clock, then is credited the 3 s
        click(app, scene.view.cell_rect(*cell).center)
    assert [p.text for p in scene.history] == ["b2", "a1", "c3"]
    played = [p.clocks for p in scene.history]
    while scene.history:
        key(app, pygame.K_u)
    assert scene.referee.readings() == (300, 300)
    for _ in range(3):  # Esc leaves the game (the first may hide the board's cursor)
        if isinstance(app.scene, GameScene):
            key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    autosaves_written()
    [(_path, record)] = SHELF.unfinished()[0]
    assert record.moves == [] and kept_redo_clocks(record.setup) == [pytest.approx(c, abs=0.001) for c in played]
    app.run_frames(2, until=lambda: not app.scene.reading.loading, timeout=30)
    key(app, pygame.K_RETURN)  # Continue: the one game, taken up at once
    resumed = app.scene
    assert isinstance(resumed, GameScene) and resumed is not scene and resumed.history == []
    for ply, clocks in enumerate(played, 1):
        key(app, pygame.K_y)  # Redo
        assert len(resumed.history) == ply
        assert resumed.referee.readings() == pytest.approx(clocks, abs=0.001) and clocks != (300, 300)
    assert resumed.clock_readings()[1:] == [pytest.approx(c, abs=0.001) for c in played]


def test_the_clock_survives_autosave_and_continue(app):
    scene = clocked(app, "5m+3s")
    play(app, scene, "b2", "a1", "c3")
    saved = scene.clock_readings()
    app.show_menu()
    [(path, record)] = SHELF.unfinished()[0]
    assert record.setup["clock"] == "5m+3s"
    assert record.setup["clock_readings"] == [[round(a, 3), round(b, 3)] for a, b in saved]
    app.continue_game(record, path)
    resumed = app.scene
    assert isinstance(resumed, GameScene) and resumed is not scene
    assert setup_clock(resumed.setup) == GameClock(300, 3)
    left = record.setup["clock_left"]  # the clocks as the game was left: O's had run since c3
    assert left[2] == 3 and left[0] == round(saved[-1][0], 3) and left[1] <= round(saved[-1][1], 3)
    assert resumed.clock_readings()[:-1] == [pytest.approx((round(a, 3), round(b, 3))) for a, b in saved[:-1]]
    assert resumed.referee.readings() == pytest.approx((left[0], left[1]))
    play(app, resumed, "a3")  # it goes on in the same file, with its clocks
    autosaves_written()
    [(again, record)] = SHELF.unfinished()[0]
    assert again == path and len(record.setup["clock_readings"]) == 5


def test_time_spent_on_a_move_not_made_stays_spent_after_continue(app):
    """The clocks were saved only after moves: closing the window and continuing gave back the
    time the player to move had spent thinking."""
    scene = clocked(app, "5m+3s")
    play(app, scene, "b2", "a1", "c3")
    after_c3 = scene.clock_readings()[-1]
    time.sleep(0.3)  # O thinks
    app.quit()  # the window closes: the scene is closed, the game kept
    [(path, record)] = SHELF.unfinished()[0]
    assert record.moves == ["b2", "a1", "c3"]
    app.running = True
    app.continue_game(record, path)
    x, o = app.scene.referee.readings()
    assert x == pytest.approx(after_c3[0], abs=0.001) and o <= after_c3[1] - 0.3
    play(app, app.scene, "a3")  # a move made: the clocks after it are the record's again
    autosaves_written()
    [(_, record)] = SHELF.unfinished()[0]
    assert "clock_left" not in record.setup and len(record.setup["clock_readings"]) == 5


def test_a_move_made_after_continue_keeps_the_clocks_history_as_played(app):
    """Continue wrote the clocks as the game was left (the time O had spent on its move taken off)
    over the reading after X's c3: the record then said O's clock ran during X's move, and O's next
    move was charged only the time it took after Continue (a move read "0:02.7" in the move list
    and the replay where its player had thought 14 s in all)."""
    scene = clocked(app, "5m+3s")
    play(app, scene, "b2", "a1", "c3")
    after_c3 = scene.clock_readings()[-1]
    time.sleep(0.3)  # O thinks
    scene.back_to_menu()  # and leaves the game mid-move
    key(app, pygame.K_RETURN)  # Continue
    resumed = app.scene
    assert isinstance(resumed, GameScene) and resumed is not scene
    click(app, resumed.view.cell_rect(2, 0).center)  # O plays a3
    autosaves_written()
    [(_, record)] = SHELF.unfinished()[0]
    assert record.moves == ["b2", "a1", "c3", "a3"]
    readings = record.setup["clock_readings"]
    assert readings[3] == [round(after_c3[0], 3), round(after_c3[1], 3)]  # as X's c3 left them
    assert readings[4][1] <= after_c3[1] + 3 - 0.3  # a3 was charged O's thinking before it left


def test_a_killed_clocked_game_keeps_the_time_spent_on_the_move_being_made(app, monkeypatch):
    """A running clock is saved every few seconds, not only after moves and as the window closes:
    killed (kill -9, a crash, a power cut) while O thought, the game came back with O's clock as it
    was after c3 (all of O's thinking time given back); now it loses at most those few seconds."""
    monkeypatch.setattr(SceneRecorder, "CLOCKS_KEPT_EVERY", 0.2)
    scene = clocked(app, "5m+3s")
    play(app, scene, "b2", "a1", "c3")
    after_c3 = scene.clock_readings()[-1]
    for _ in range(3):
        time.sleep(0.15)  # O thinks
        app.run_frames(1)
    autosaves_written()  # the clocks kept at the last frame are written on the writer's thread
    [(path, record)] = SHELF.unfinished()[0]  # what a new window finds if this one is killed now
    assert record.moves == ["b2", "a1", "c3"]
    x_left, o_left, plies = record.setup["clock_left"]
    assert plies == 3 and x_left == round(after_c3[0], 3) and o_left <= after_c3[1] - 0.2
    app.continue_game(record, path)
    assert app.scene.referee.readings() == pytest.approx((x_left, o_left))


def test_an_older_autosave_without_clock_fields_still_continues(app):
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
    app.switch(scene)
    play(app, scene, "b2", "a1")
    app.show_menu()
    [(path, record)] = SHELF.unfinished()[0]
    assert "clock" not in record.setup or record.setup["clock"] is None
    app.continue_game(record, path)
    assert [p.text for p in app.scene.history] == ["b2", "a1"] and setup_clock(app.scene.setup) is None


def test_clicking_a_move_charges_the_movers_clock_only(app):
    scene = clocked(app, "1m+0s")
    time.sleep(0.05)
    click(app, scene.view.cell_rect(1, 1).center)
    assert [p.text for p in scene.history] == ["b2"]
    x, o = scene.history[0].clocks
    assert x < 60 and o == 60


def test_play_from_here_in_a_replay_keeps_the_clocks_of_that_move(app):
    scene = clocked(app, "5m+3s")
    play(app, scene, "b2", "a1", "c3", "a3")
    readings = scene.clock_readings()
    app.open_replay(scene.recorder.record, ply=2)
    replay = app.scene
    replay.continue_here()
    resumed = app.scene
    assert isinstance(resumed, GameScene) and [p.text for p in resumed.history] == ["b2", "a1"]
    assert setup_clock(resumed.setup) == GameClock(300, 3)
    assert resumed.referee.readings() == pytest.approx(tuple(round(x, 3) for x in readings[2]))
    assert len(resumed.recorder.record.setup["clock_readings"]) == 3


def test_the_recorder_writes_the_readings_of_a_clocked_game_only(app):
    plain = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
    app.switch(plain)
    play(app, plain, "b2")
    assert "clock_readings" not in plain.recorder.record.setup and plain.recorder.record.setup["clock"] is None
    scene = clocked(app, "1m+0s")
    play(app, scene, "b2")
    assert plain.setup.clock is None and scene.setup.clock == "1m+0s"
    assert scene.recorder.record.setup["clock_readings"][0] == [60.0, 60.0]


def test_a_computer_on_a_clock_gets_the_clock_in_its_limits(app, monkeypatch):
    import queue
    import threading

    from ui.ai_worker import AIReady, AIResult, Job
    from ui.worker_client import AIWorker
    from ui.worker_jobs import run_job

    sent: list[tuple[Job, float]] = []  # each job, and O's clock as it was sent (after the job was made)
    submit = AIWorker.submit
    monkeypatch.setattr(AIWorker, "submit", lambda self, job: sent.append((job, scene.clock_left(1))) or submit(self, job))
    scene = clocked(app, "5m+3s", HUMAN_VS_PC, (None, "level-1"))
    play(app, scene, "b2")
    assert wait(app, lambda: any(j.slot == "side1" for j, _ in sent))
    job, o_clock_then = next((j, left) for j, left in sent if j.slot == "side1")
    assert job.increment == 3.0 and o_clock_then <= job.remaining < 300.0  # O's clock, less what its turn took so far
    assert job.move_time == pytest.approx(move_budget(300.0, 3.0), abs=1e-3)

    class Recorder:  # the worker hands the player these limits
        def choose(self, state, limits, progress=None):
            self.limits = limits
            return state.legal_moves()[0]

    player = Recorder()
    players = {(job.slot, job.player_id, job.game_id, tuple(sorted(job.options.items()))): player}
    reports: queue.Queue = queue.Queue()
    run_job(1, job, players, reports, threading.Event())
    assert isinstance(reports.get_nowait(), AIReady) and isinstance(reports.get_nowait(), AIResult)
    assert (player.limits.time, player.limits.remaining, player.limits.increment) == (job.move_time, job.remaining, 3.0)


def test_a_search_asked_again_has_this_turns_time_off_its_clock(app, monkeypatch):
    """Back from the rules (or the search tree) the computer is asked again: it was given the
    whole clock of the turn's start, overstating the time it had left.  The game's clock stands
    still (``held_game_clock``): a loaded machine's slow frames spent more than the second allowed."""
    held_game_clock(monkeypatch)
    scene = clocked(app, "1m+0s")  # hot-seat: nobody answers, the turn goes on
    play(app, scene, "b2")
    app.run_frames(2)
    assert scene.referee.side == 1
    scene.referee._spent += 20.0  # twenty seconds of this turn gone (a trip to the rules)
    limits = scene._clock_limits(1)
    assert limits.remaining == pytest.approx(40.0, abs=1.0)
    assert limits.time <= 40.0 / 30 + 0.1


def test_preparing_the_engine_is_not_on_the_computers_clock(app, monkeypatch):
    scene = clocked(app, "1m+0s", PC_VS_PC, ("level-1", "level-1"), game_id="reversi")
    monkeypatch.setattr(GameScene, "preparing_engine", lambda self: True)
    scene._think("move", scene.state.to_move, "level-1", 1.0)
    scene._run_clock()
    assert not scene.referee.running


def test_a_search_heard_while_the_engine_compiles_thinks_on_the_computers_clock(app, monkeypatch,
                                                                              computer_thinks_until_told):
    """On a fresh install Reversi's, Hex's and Alquerque's levels search in Python while the
    kernels compile: that search is the computer's thinking, and its clock ran not while it lasted.
    The level thinks until the test ends: a first move already in (a warm level 1's, within
    milliseconds) is held for the watcher's pace, on no clock."""
    scene = clocked(app, "1m+0s", PC_VS_PC, ("level-1", "level-1"), game_id="reversi")
    assert scene.computer.held is None and not scene.history
    monkeypatch.setattr(GameScene, "preparing_engine", lambda self: True)
    monkeypatch.setattr(type(scene.computer), "thinking_since", lambda self: time.monotonic() - 1.0)
    scene._think("move", scene.state.to_move, "level-1", 1.0)
    scene._run_clock()
    assert not scene.referee.running  # nothing heard yet: "Preparing the engine…"
    scene.computer.progress = AIProgress(job_id=1, depth=1, nodes=10, elapsed=0.1, mover=scene.state.to_move)
    scene._run_clock()
    assert scene.referee.running


def test_the_leagues_doc_lists_every_clock_the_setup_offers():
    """docs/leagues.md listed the setup's clocks up to 15+10; 30+0, 30+30 and 60+0 are offered too."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "leagues.md").read_text(encoding="utf-8")
    listed = re.search(r"Clock choice \(Off, ([\d+,\s]+):", doc).group(1)
    said = [f"{minutes}m+{seconds}s" for minutes, seconds in re.findall(r"(\d+)\+(\d+)", listed)]
    assert [None, *said] == list(CLOCK_CHOICES)


def test_a_resignation_leaves_the_clock_at_the_time_the_resigning_side_had_used(app, monkeypatch):
    """A player who thought a minute and resigned saw the clock jump back to what it read when the
    turn began (4:51 after 4:35 was shown): the turn's time was dropped when the game ended
    between moves.  It is charged to the side to move, without the increment.  The game's clock
    stands still but for that minute (``held_game_clock``): a loaded machine's slow frames took the
    reading past 3:59."""
    skip = held_game_clock(monkeypatch)
    scene = clocked(app, "5m+3s")  # hot-seat Tic-tac-toe
    click(app, scene.view.cell_rect(1, 1).center)  # X plays b2: 5:03 left
    skip(60.0)  # O thinks a minute
    app.run_frames(2)
    assert scene.panel.clock_texts()[1] in ("4:00", "3:59")
    resign_by_keys(app)
    assert scene.is_over()
    app.run_frames(3)
    assert scene.panel.clock_texts()[1] in ("4:00", "3:59")  # not "5:00", the turn's start
    assert 230.0 < scene.clock_left(1) <= 240.0
    assert not scene.referee.running


@pytest.mark.usefixtures("result_card_at_once")
def test_a_hot_seat_players_flag_fall_at_move_1_stays_through_undo(app):
    """A person's flag fall before any move is not taken back: Undo says there is nothing to undo,
    as for the person against the computer (``test_a_human_on_a_tiny_clock_loses_on_time``); only
    an outside program's forfeit of its first move is (tests/test_ui_outside.py)."""
    scene = clocked(app, "1s+0s")
    assert wait(app, scene.is_over)
    assert scene.forfeit is not None and scene.forfeit[0] == 0 and scene.history == []
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_b)  # View board: the panel's Undo
    assert scene.btn_undo.visible and not scene.btn_undo.enabled
    click(app, scene.btn_undo.rect.center)
    said = [m.text for m in scene.messages.current()]
    assert "Nothing to undo: no move has been played yet" in said, said
    assert scene.is_over() and scene.end_reason() == "X lost on time at move 1"


def header_said(app, monkeypatch, scene: GameScene) -> list[str]:
    """The lines the game panel draws above its first player's card: the title and the options."""
    with pytest.MonkeyPatch.context() as patch:
        drawn = recorded_text_rects(patch)
        scene.draw(app.screen)
    top = scene.panel.player_cards[0].top
    return [text for text, rect in drawn if scene.panel.rect.contains(rect) and rect.bottom <= top]


@pytest.mark.parametrize(("language", "said"), [("en", "Clock: 5 min + 3 s"), ("pt", "Relógio: 5 min + 3 s")])
def test_the_panel_says_the_time_control_in_new_games_words(app, monkeypatch, language, said):
    """Nothing on the game screen said the clock's increment: the two readings alone ("5:00").
    The header's options line says it as New game's Clock choice does, where it takes no line."""
    with in_language(app, language):
        scene = clocked(app, "5m+3s", game_id="rastros")
        assert any(line.endswith(" · " + said) for line in header_said(app, monkeypatch, scene))


def test_the_time_control_takes_no_line_of_the_header_where_the_options_fill_theirs(tmp_path, monkeypatch):
    """At 800x600 tic-tac-toe's three options fill their line: the clock on a line of its own would
    cost the move list a row.  It stands at the right of the title's line, the options' lines
    those of the unclocked game."""
    from tests.ui_helpers import window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app:
        title, *options = header_said(app, monkeypatch, clocked(app, None))
        assert header_said(app, monkeypatch, clocked(app, "5m+3s")) == [title, "Clock: 5 min + 3 s", *options]


def header_bottom(app, monkeypatch, scene: GameScene) -> int:
    """Where the game panel's header ends: the bottom of the last text it draws over the first card."""
    with pytest.MonkeyPatch.context() as patch:
        drawn = recorded_text_rects(patch)
        scene.draw(app.screen)
    top = scene.panel.player_cards[0].top
    return max(rect.bottom for text, rect in drawn if scene.panel.rect.contains(rect) and rect.bottom <= top)


def eight_plies_in(app, game_id: str, clock: str | None) -> GameScene:
    """A hot-seat game of ``game_id`` four rows of moves in (``EIGHT_PLIES``) on ``clock``, drawn."""
    from tests.test_ui_text_size import EIGHT_PLIES

    setup = MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1, clock=clock)
    app.switch(GameScene(app, setup, EIGHT_PLIES[game_id].split(",")))
    app.run_frames(2)
    return app.scene


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)])
def test_every_clocked_panel_says_its_time_control_in_a_form_that_costs_no_line(tmp_path, monkeypatch, size):
    """Each game eight plies in on a 5 min + 3 s clock, at each Text size, in English and in
    Portuguese (the panel dump's clocked layouts): in 16 of the 108 the header had no room for
    "Clock: 5 min + 3 s" on the options' lines nor beside the title, and nothing said the time
    control (at 800x600, Larger text, in every game but Hex and Trax).  It is said in the longest
    of its forms that has room ("Clock: 5+3", "5+3" beside the title where the words have none),
    and the header ends where the unclocked game's does: it takes no row of the move list."""
    from tests.test_ui_text_size import EIGHT_PLIES
    from tests.ui_helpers import window_for_a_test

    short = []
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        for language in ("en", "pt"):
            for text_size in (1.0, 1.25, 1.5):
                app.settings.language, app.settings.text_size = language, text_size
                app.apply_settings()
                for game_id in EIGHT_PLIES:
                    unclocked = header_bottom(app, monkeypatch, eight_plies_in(app, game_id, None))
                    scene = eight_plies_in(app, game_id, "5m+3s")
                    header = " · ".join(header_said(app, monkeypatch, scene))
                    forms = time_control_forms(scene.setup.clock)
                    said = next((form for form in forms if form in header), None)
                    case = (language, text_size, game_id, header)
                    assert said is not None, case
                    assert header_bottom(app, monkeypatch, scene) == unclocked, case
                    short += [case] if said != forms[0] else []
        app.settings.language = "en"
        app.apply_settings()
    assert size != (1280, 800) or not short, short  # the words wherever the window has room for them


def test_the_header_is_laid_out_once_while_nothing_it_says_changes(app, monkeypatch):
    """The header's lines (each size tried, with and without the clock) were worked out two or
    three times at every frame the panel drew: its height, its drawing, the packed plan.  Frames
    that change nothing it says lay it out no more; a window of another size does."""
    from ui.scenes import game_panel

    scene = clocked(app, "5m+3s", game_id="rastros")
    app.run_frames(2)
    worked_out = []
    lines_of = game_panel.GamePanel._lines_of
    monkeypatch.setattr(game_panel.GamePanel, "_lines_of",
                        lambda panel, *args: worked_out.append(args) or lines_of(panel, *args))
    for _frame in range(3):
        scene.draw(app.screen)
    assert worked_out == []
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    app.run_frames(2)
    assert worked_out
