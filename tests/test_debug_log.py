"""The log a user switches on for a bug report (``ui.debug_log``): TABULEIRO_LOG or ``main.py --log``
sets the level of Tabuleiro's loggers and writes them to a rotated file, whose place the About page
says; a value that is no level is one warning, the window opening all the same."""

from __future__ import annotations

import logging
import logging.handlers
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

import main
from tests.test_ui_play import cell_center, human_turn
from tests.ui_helpers import click, click_widget, drop, key, tournament_started, wait, window_for_a_test
from ui import about, debug_log, kernel_preparation, worker_client, worker_lifecycle
from ui.debug_log import OUR_LOGGERS, TRAIL, log_path, logging_to_file, start_logging
from ui.scenes.game import GameScene

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def logging_as_it_was(tmp_path, monkeypatch) -> Path:
    """The data folder of the test's own (the log's folder under it), and the logging set up as it
    was once the test has set its own: handlers added to the root taken off, and closed, and our
    loggers' levels as they were."""
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv(debug_log.VARIABLE, raising=False)
    root = logging.getLogger()
    handlers, levels = list(root.handlers), {name: logging.getLogger(name).level for name in (*OUR_LOGGERS, TRAIL)}
    yield tmp_path / "data"
    for handler in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(handler)
        handler.close()
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def test_the_switch_writes_our_debug_lines_to_a_rotated_file(logging_as_it_was, monkeypatch):
    """TABULEIRO_LOG=debug: the window's own debug lines are in a file in the log folder, which
    rotates; a library's debug lines (numba's, many) are not, its warnings are."""
    monkeypatch.setenv(debug_log.VARIABLE, "Debug")
    path = start_logging()
    assert path == logging_as_it_was / "logs" / "tabuleiro.log" == log_path() == logging_to_file()
    logging.getLogger("ui.autosave").debug("saved the game in %s", "autosave.json")
    logging.getLogger("numba.core.caching").debug("a library's chatter")
    logging.getLogger("numba.core.caching").warning("a library's warning")
    text = path.read_text(encoding="utf-8")
    assert f"Tabuleiro {about.VERSION} (" in text.splitlines()[0]
    assert "DEBUG ui.autosave: saved the game in autosave.json" in text
    assert "a library's chatter" not in text
    assert "WARNING numba.core.caching: a library's warning" in text
    handler = next(h for h in logging.getLogger().handlers if isinstance(h, logging.handlers.RotatingFileHandler))
    assert (handler.maxBytes, handler.backupCount) == (debug_log.MAX_BYTES, debug_log.BACKUPS)


def test_an_error_that_ends_the_window_is_in_the_file_and_still_printed(logging_as_it_was, monkeypatch):
    """An exception no screen caught ends the window through ``sys.excepthook``: its traceback
    went to standard error alone, which a window started from the desktop shows nowhere."""
    printed = []
    monkeypatch.setattr(sys, "excepthook", lambda *exc: printed.append(exc[0]))  # put back after the test
    path = start_logging("warning")
    try:
        raise ValueError("a bug in a screen's draw")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)  # Ctrl+C: no error of ours
    text = path.read_text(encoding="utf-8")
    assert "CRITICAL tabuleiro.ui: the window ended on an error" in text
    assert "Traceback" in text and "ValueError: a bug in a screen's draw" in text
    assert "KeyboardInterrupt" not in text
    assert printed == [ValueError, KeyboardInterrupt]


def test_warning_keeps_our_info_lines_out(logging_as_it_was, monkeypatch):
    """``warning`` (here from ``--log``, which wins over the variable) is a level too: our info
    lines stay out of the file, our warnings go in."""
    monkeypatch.setenv(debug_log.VARIABLE, "debug")
    path = start_logging("warning")
    logging.getLogger("tabuleiro.ui").info("an info line")
    logging.getLogger("ai.tournament").warning("a warning line")
    text = path.read_text(encoding="utf-8")
    assert "an info line" not in text
    assert "WARNING ai.tournament: a warning line" in text


@pytest.mark.parametrize("value", ["loud", "10", "debug,info"])
def test_a_value_that_is_no_level_is_one_warning_and_no_file(logging_as_it_was, monkeypatch, caplog, value):
    monkeypatch.setenv(debug_log.VARIABLE, value)
    with caplog.at_level(logging.INFO):
        assert start_logging() is None
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [f"TABULEIRO_LOG={value!r} is not a log level: choose debug, info or warning; "
                        "no log file is written"]
    assert not (logging_as_it_was / "logs").exists()
    assert logging_to_file() is None


def test_without_the_switch_no_file_is_written(logging_as_it_was):
    assert start_logging() is None
    assert not (logging_as_it_was / "logs").exists()


def test_a_folder_that_cannot_hold_the_log_is_one_warning(logging_as_it_was, monkeypatch, caplog):
    """A data folder that is a file (a user's mistake, a full or read-only disk alike): the window
    opens without its log file, and says why once."""
    logging_as_it_was.parent.mkdir(parents=True, exist_ok=True)
    logging_as_it_was.write_text("not a folder", encoding="utf-8")
    with caplog.at_level(logging.INFO):
        assert start_logging("debug") is None
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and warnings[0].startswith(f"the log cannot be written in {logging_as_it_was / 'logs'}")


def test_the_about_page_says_where_the_log_is_and_whether_it_is_written(logging_as_it_was):
    page = about.about_page()
    assert f"(written when Tabuleiro is started with TABULEIRO_LOG=debug or main.py --log debug): {log_path()}" in page
    start_logging("info")
    assert f"- The log, for a bug report (being written now): {log_path()}" in about.about_page()


def test_main_passes_log_to_the_window_and_refuses_a_bad_level(monkeypatch, capsys):
    """``main.py --log LEVEL`` opens the window at that level; a value that is no level, or
    ``--log`` with a command, is a one-line error with status 2, as every other bad input."""
    import ui.app

    asked = []
    monkeypatch.setattr(ui.app, "run", lambda log_level=None, path=None: asked.append(log_level) or 0)
    assert main.main(["--log", "DEBUG"]) == 0
    assert main.main([]) == 0
    assert asked == ["debug", None]
    assert main.main(["--log", "loud"]) == 2
    assert "'loud' is not a log level; choose debug, info or warning" in capsys.readouterr().err
    assert main.main(["--log", "debug", "bench", "--quick"]) == 2
    assert "--log is the window's" in capsys.readouterr().err


def test_the_window_started_with_the_switch_writes_the_log(tmp_path):
    """The whole way, as a user starts it: ``TABULEIRO_LOG=debug``, the window opened headless and
    closed after a few frames, the file in the data folder's ``logs``."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TABULEIRO_QUIT_AFTER_FRAMES": "5",
           "TABULEIRO_DATA_DIR": str(tmp_path / "data"), "TABULEIRO_CONFIG_DIR": str(tmp_path / "config"),
           debug_log.VARIABLE: "debug"}
    proc = subprocess.run([sys.executable, "main.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    text = (tmp_path / "data" / "logs" / "tabuleiro.log").read_text(encoding="utf-8")
    assert f"Tabuleiro {about.VERSION} (source checkout; " in text


def played_through_the_window(app) -> None:
    """A Human vs level-1 tic-tac-toe game as a person plays it: New game from the menu, Start,
    analysis switched on and off (A), the first free square clicked at each turn to the end, Ctrl+S
    to save it, Esc to the menu."""
    app.run_frames(3)
    click_widget(app, app.scene.menu, "play")
    app.scene.choices.computer["tictactoe"] = "level-1"
    app.scene.pick_game("tictactoe")
    app.scene.choices.human_side = 0
    app.scene._build_menu()
    click(app, app.scene.start_button.rect.center)
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_a)  # analysis on, and off again
    key(app, pygame.K_a)
    while not scene.is_over():
        assert wait(app, lambda: human_turn(scene) or scene.is_over())
        if not scene.is_over():
            click(app, cell_center(scene, scene.state.legal_moves()[0]))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_ESCAPE)


def test_a_game_played_with_the_switch_on_is_told_in_the_log(logging_as_it_was, tmp_path, monkeypatch):
    """What a developer reads before a bug: the screens, the game's start and end, the save, and
    the computer's jobs, asked by the window and answered by the worker process in its own lines
    (its warnings and debug lines come through its report channel, ``ai.worker_log``)."""
    path = start_logging("debug")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        played_through_the_window(app)
        saved = next((logging_as_it_was / "games").glob("*.json"))
        (tmp_path / "notes.txt").write_text("no game here", encoding="utf-8")
        drop(app, tmp_path / "notes.txt")  # said on the menu, which stays
        drop(app, saved)  # opened in the replay
    text = path.read_text(encoding="utf-8")
    assert "INFO tabuleiro.trail: screen: MenuScene -> SetupScene" in text
    assert "INFO tabuleiro.trail: screen: SetupScene -> GameScene" in text
    assert re.search(r"INFO tabuleiro\.trail: game started: tictactoe \{.*\}, human-pc, human vs level-1, 1 s a move", text)
    assert "DEBUG ui.position_worker: AnalysisMode started for tictactoe" in text
    assert "DEBUG ui.position_worker: AnalysisMode stopped for tictactoe" in text
    assert re.search(r"DEBUG ui\.ai_worker: job \d+ asked: move in tictactoe .* by level-1 \(side1\), 1 move played", text)
    assert re.search(r"tabuleiro-ai\[\d+\] DEBUG ui\.ai_worker: job \d+ answered [a-c][1-3] \(depth ", text)
    assert re.search(r"INFO tabuleiro\.trail: game ended after \d+ moves?: (X wins|O wins|Draw) \(", text)
    assert re.search(r"INFO tabuleiro\.trail: game saved: .*\.json", text)
    assert "INFO tabuleiro.trail: screen: GameScene -> MenuScene" in text
    assert "INFO tabuleiro.trail: settings changed: setup_choices\n" in text  # New game's choices: not what they are
    assert f"INFO tabuleiro.trail: game file opened: {saved} (tictactoe, " in text
    assert "INFO tabuleiro.trail: screen: MenuScene -> ReplayScene" in text
    assert f"INFO tabuleiro.trail: game file not opened: {tmp_path / 'notes.txt'}: notes.txt: " in text


def test_an_analysis_switched_off_then_left_has_its_workers_last_line_in_the_log(logging_as_it_was, tmp_path,
                                                                               monkeypatch):
    """Analysis switched off (A) stops its job, whose worker then writes the job's end to its report
    channel, which the window polls no more (no job); leaving the screen closed the worker and
    the line was lost.  A closed worker's channel is read as its process ends (``_join_logging``)."""
    from ui.scenes.menu import MenuScene

    monkeypatch.setattr(worker_client, "STOP_GRACE", 60.0)  # ended by itself, not cut short by a loaded machine
    path = start_logging("debug")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.open_demo("game:tictactoe:hotseat:")
        scene = app.scene
        key(app, pygame.K_a)  # analysis on ...
        assert wait(app, lambda: scene.analysis.values is not None)
        key(app, pygame.K_a)  # ... and off: its worker stays, unpolled
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MenuScene)
        assert worker_lifecycle.wait_for_closed_workers(60)
    text = path.read_text(encoding="utf-8")
    assert "DEBUG ui.position_worker: AnalysisMode stopped for tictactoe" in text
    # "done" where the keys came late enough for 3x3's analysis to finish first (a loaded machine)
    assert re.search(r"tabuleiro-ai\[\d+\] DEBUG ui\.ai_worker: job \d+: analysis (?:stopped|done) after ", text), \
        text[-3000:]


def test_the_spares_lines_are_in_the_log_as_it_says_them_not_at_the_close(logging_as_it_was, tmp_path, monkeypatch):
    """A log ending "AI worker N terminated", then "worker started as a spare expecting tictactoe"
    read as a spare started while the window quit: that spare had started in the menu long before,
    but a spare's reports were read only when a game took it, so an untaken one's lines came to the
    log at its end.  The window hears the spare as it waits: its first line is there before the close."""
    path = start_logging("debug")
    with window_for_a_test(tmp_path, monkeypatch, fps=60) as app:
        app.spare_worker = True
        assert wait(app, lambda: worker_client.SpareWorker._spare is not None)
        assert wait(app, lambda: "worker started as a spare" in path.read_text(encoding="utf-8"))
    assert worker_lifecycle.wait_for_closed_workers(60)


def test_a_tournament_with_the_switch_on_is_told_in_the_log_with_its_workers_games(logging_as_it_was, tmp_path,
                                                                                    monkeypatch):
    """The tournament screen's run: its start and end in the window's lines, each game's end in the
    line of the tournament's worker process that played it (``ai.worker_log`` on its shared channel)."""
    path = start_logging("debug")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, watch=False)
        assert wait(app, lambda: "tournament ended" in path.read_text(encoding="utf-8"), 120)
    text = path.read_text(encoding="utf-8")
    assert re.search(r"INFO tabuleiro\.trail: tournament started: tictactoe \{.*\}, level-[12] level-[12], "
                     r"1 game a pair, 0.1 s a move, 0 of 2 games played before", text)  # not "1 games"
    played = re.findall(r"tabuleiro-tournament\[\d+\] DEBUG ai\.tournament: tournament game (\d) played: "
                        r"level-[12] vs level-[12], winner", text)
    assert sorted(played) == ["1", "2"]
    assert "INFO tabuleiro.trail: tournament ended: finished after " in text
    assert "2 of 2 games played" in text
    assert scene.tournament is not None


def test_with_the_switch_off_a_game_writes_no_log_and_its_worker_sets_none_up(logging_as_it_was, tmp_path,
                                                                              monkeypatch, caplog):
    """Off, nothing is written, the worker processes are told no level (they forward nothing), and
    the trail of the user's steps stays off the terminal: a line at every screen was noise there."""
    told = []
    real_start = worker_lifecycle.start_leaving_ctrl_c
    for module in (worker_lifecycle, kernel_preparation):  # the workers' starts and the preparation's
        monkeypatch.setattr(module, "start_leaving_ctrl_c",
                            lambda process: told.append(process._kwargs) or real_start(process))
    assert start_logging() is None
    with caplog.at_level(logging.INFO), window_for_a_test(tmp_path, monkeypatch) as app:
        played_through_the_window(app)
    assert not (logging_as_it_was / "logs").exists()
    assert not [r.getMessage() for r in caplog.records if r.name == TRAIL]
    assert told and all("log_level" not in kwargs for kwargs in told)


def test_a_workers_kernels_are_told_in_the_log_as_they_load_and_when_ready(logging_as_it_was, tmp_path,
                                                                          monkeypatch):
    """A slow first start's log said nothing of the kernels: a worker's warm-up now says as each
    stage of its game's kernels begins, compiling or loading from the cache, and when it is ready,
    in how many seconds (``ai.kernels``), through the worker's report channel (here an analysis's
    worker, analysis switched on with A in a Rastros game past its book, whose searches wait for the
    kernels loaded from the tests' cache, or play with the stand-in while they load)."""
    ready = re.compile(r"tabuleiro-ai\[\d+\] DEBUG ai\.kernels: rastros kernels, stage search: ready in \d+\.\d s "
                       r"\((loaded|compiled)\)\n")
    path = start_logging("debug")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.open_demo("game:rastros:hotseat:4-6,5-6,5-7,6-8,5-8,4-8")  # past the book: values come from searches
        scene = app.scene
        key(app, pygame.K_a)
        assert wait(app, lambda: scene.analysis.values is not None)
        assert wait(app, lambda: ready.search(path.read_text(encoding="utf-8")), 120)  # the warm-up's last line
        key(app, pygame.K_a)
        key(app, pygame.K_ESCAPE)
        assert worker_lifecycle.wait_for_closed_workers(60)
    text = path.read_text(encoding="utf-8")
    assert re.search(r"tabuleiro-ai\[\d+\] DEBUG ai\.kernels: rastros kernels, stage search: "
                     r"(loading from the cache|compiling \(not all in the cache\))\n", text), text[-3000:]
    assert ready.search(text), text[-3000:]


def test_the_windows_kernel_preparation_sends_its_lines_to_the_log(logging_as_it_was, tmp_path, monkeypatch):
    """The window's preparation processes (``KernelPreparation``) wrote nothing to the log: a first
    start's compiling there went unseen.  With the log on they send their lines through a channel
    of theirs, here a later run's, whose games' kernels an earlier run prepared."""
    from ai.kernel_folders import mark_prepared
    from ai.kernels import KERNEL_GAMES
    from tests.test_kernel_folders import _compiled

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))  # the processes' cache: every game prepared
    _compiled(tmp_path / "cache")
    for game_id in KERNEL_GAMES:
        mark_prepared(game_id, tmp_path / "cache")
    path = start_logging("debug")
    preparation = kernel_preparation.KernelPreparation(processes=2)
    reaper = next(t for t in threading.enumerate() if t.name == "tabuleiro-prepare-reaper")
    reaper.join(120)
    preparation.stop()
    text = path.read_text(encoding="utf-8")
    lines = re.findall(r"tabuleiro-prepare\[\d+\] DEBUG ui\.ai_worker: preparing the kernels of no game \((.*): "
                       r"prepared by an earlier run\)\n", text)
    assert sorted(", ".join(lines).split(", ")) == sorted(KERNEL_GAMES), text[-3000:]
