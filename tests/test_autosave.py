"""Autosave: a game survives its process being killed mid-game, and a damaged file is set aside."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from ui.autosave import Autosave
from ui.autosave_setup import record_for_setup, setup_dict_for_record

ROOT = Path(__file__).resolve().parent.parent

# The child plays a long random game of Hex (11x11: up to 121 moves), autosaving after every move
# the way the game scene does, and prints the number of moves saved so the parent knows when to
# kill it.  A pause between moves keeps it mid-game; with no pause the kill lands mid-write.
CHILD = """
import random, sys, time
import games
from games.record import GameRecord, Side
from ui.autosave import AUTOSAVE
pause = float(sys.argv[1])
game = games.load("hex")
rng = random.Random(int(sys.argv[2]))
record = GameRecord.start(game, (Side(None, "You"), Side("level-1", "Level 1")), {"mode": "human-pc"})
state, moves = game.initial_state(), []
while not state.is_terminal():
    move = rng.choice(state.legal_moves())
    moves.append(game.format_move(state, move))
    state = state.play(move)
    record = record.with_moves(moves, state)
    AUTOSAVE.save(record)
    print(len(moves), flush=True)
    time.sleep(pause)
print("end", flush=True)
"""


def run_child(data_dir: Path, pause: float, seed: int) -> subprocess.Popen:
    env = dict(os.environ, TABULEIRO_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", CHILD, str(pause), str(seed)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_a_killed_game_resumes_from_the_autosave(tmp_path):
    child = run_child(tmp_path, pause=0.02, seed=1)
    saved = 0
    while saved < 25:
        line = child.stdout.readline()
        assert line and line.strip() != "end", "the child finished before it was killed"
        saved = int(line)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(10)
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL

    record, problem = Autosave(tmp_path / "autosave.json").resumable()
    assert problem is None and record is not None
    assert saved <= len(record.moves) <= saved + 1  # the last move announced, or the one after
    assert record.players[1] == Side("level-1", "Level 1")

    # Continue: go on from the autosaved position to the end, still autosaving.
    game = record.game()
    state = record.final_state()
    rng = random.Random(5)
    autosave = Autosave(tmp_path / "autosave.json")
    moves = list(record.moves)
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        moves.append(game.format_move(state, move))
        state = state.play(move)
        autosave.save(record.with_moves(moves, state))
    final, problem = autosave.load()
    assert problem is None and final.is_finished() and final.moves[: len(record.moves)] == record.moves
    assert autosave.resumable() == (None, None)  # a finished game is not offered as Continue


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_kill_during_a_write_never_leaves_a_broken_file(tmp_path, seed):
    child = run_child(tmp_path, pause=0.0, seed=seed)
    rng = random.Random(seed)
    target = rng.randint(5, 60)
    while True:
        line = child.stdout.readline()
        assert line and line.strip() != "end"
        if int(line) >= target:
            break
    time.sleep(rng.random() * 0.01)  # somewhere inside the following writes
    os.kill(child.pid, signal.SIGKILL)
    child.wait(10)
    child.stdout.close()
    record, problem = Autosave(tmp_path / "autosave.json").load()
    assert problem is None and record is not None and len(record.moves) >= target
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "autosave.json"]
    assert all(name.endswith(".tmp") for name in leftovers)  # at most a temporary file, never the record


def test_a_damaged_autosave_is_moved_aside_and_reported(tmp_path):
    path = tmp_path / "autosave.json"
    path.write_text('{"format": "tabuleiro-record", "version": 1, "moves": ["a1"', encoding="utf-8")
    record, problem = Autosave(path).resumable()
    assert record is None
    assert "could not be read" in problem and "the file is cut short or damaged" in problem and "moved to" in problem
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("autosave.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").startswith('{"format"')
    assert not path.exists()


def test_a_foreign_file_is_not_overwritten_by_the_autosave(tmp_path):
    path = tmp_path / "autosave.json"
    path.write_text("not ours", encoding="utf-8")
    game = games.load("tictactoe")
    assert Autosave(path).save(GameRecord.start(game, (Side(None, "A"), Side(None, "B")))) is None
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "not ours"


def test_an_unwritable_folder_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    autosave = Autosave(blocker / "autosave.json")  # a folder that is a file
    game = games.load("tictactoe")
    problem = autosave.save(GameRecord.start(game, (Side(None, "A"), Side(None, "B"))))
    assert problem == f"Could not autosave the game: a file is in the way of the folder {blocker}"  # not "[Errno 20]"


def test_a_failing_autosave_is_logged_once_until_its_reason_changes(tmp_path, caplog):
    """A clocked game on a read-only disk logged "autosave failed" every 10 s (the running clock's
    save); the window said it once.  The log says it once too, again when the reason changes or
    after a save that worked."""
    import logging

    blocker = tmp_path / "file"
    blocker.write_text("x")
    folder = tmp_path / "games"
    autosave = Autosave(blocker / "autosave.json")
    record = GameRecord.start(games.load("tictactoe"), (Side(None, "A"), Side(None, "B")))

    def failures() -> int:
        return sum("autosave failed" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)

    with caplog.at_level(logging.WARNING, logger="ui.autosave"):
        for _ in range(5):
            assert autosave.save(record)
        assert failures() == 1
        autosave._path = folder / "autosave.json"
        folder.write_text("in the way too")  # another reason: said again
        assert autosave.save(record) and failures() == 2
        folder.unlink()
        assert autosave.save(record) is None  # it works again ...
        folder.joinpath("autosave.json").unlink()
        folder.rmdir()
        folder.write_text("in the way again")
        assert autosave.save(record) and failures() == 3  # ... so a new failure is news


def test_setup_round_trip_through_a_record():
    from ui.match import HUMAN_VS_PC, MatchSetup

    setup = MatchSetup("reversi", {"size": 6}, HUMAN_VS_PC, (None, "level-2"), 0.5, 7)
    record = record_for_setup(setup)
    assert record.players[0] == Side(None, "You") and record.players[1].id == "level-2"
    again = MatchSetup.from_dict(setup_dict_for_record(GameRecord.loads(record.dumps())))
    assert again == setup


def test_the_game_scenes_autosaver_keeps_the_game_and_reports_a_failure_once(tmp_path):
    from ui.game_autosaver import GameAutosaver
    from ui.match import HOTSEAT, MatchSetup

    setup = MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0)
    game = setup.make_game()
    saver = GameAutosaver(setup, Autosave(tmp_path / "autosave.json"))
    state, moves = game.initial_state(), []
    for text in ("b2", "a1", "c3"):
        state = state.play(game.parse_move(state, text))
        moves.append(text)
        assert saver.update(moves, state) is None
    record, _ = Autosave(tmp_path / "autosave.json").resumable()
    assert record.moves == ["b2", "a1", "c3"] and record.players[0].title == "Player 1"
    assert saver.update(moves[:2], game.play_line(moves[:2])) is None  # undo is saved too
    assert Autosave(tmp_path / "autosave.json").load()[0].moves == ["b2", "a1"]

    blocker = tmp_path / "file"
    blocker.write_text("x")
    broken = GameAutosaver(setup, Autosave(blocker / "autosave.json"))
    assert broken.update(moves, state) is not None
    assert broken.update(moves, state) is None  # said once


def test_a_hand_edited_setup_still_opens_with_its_usual_values():
    """"Play from here" and Continue failed on ``"move_time": "fast"`` (ValueError), and a clock
    reading of Infinity broke every frame of the game screen."""
    from ui.clocks import record_clock
    from ui.match import HUMAN_VS_PC, MatchSetup

    for bad in ({"move_time": "fast"}, {"move_time": None}, {"move_time": float("inf")}, {"seed": 1.5},
                {"mode": "solo"}, {"clock": "soon"}, {"players": "level-3"}, {"options": [1]}):
        setup = MatchSetup.from_dict({"game": "reversi", "players": [None, "level-3"], **bad})
        assert (setup.move_time, setup.mode) == (1.0, HUMAN_VS_PC) and setup.seed is None and setup.clock is None
        assert setup.players == (None, "level-3") and setup.options == {}
    for reading in (float("inf"), float("nan"), True):
        assert record_clock({"clock": "5m+0s", "clock_readings": [[300, 300], [reading, 300]]}) == ("5m+0s", None)
    assert record_clock({"clock": "5m+0s", "clock_readings": [[300, 300], [299.5, 300]]})[1] == [(300, 300), (299.5, 300)]


def test_a_data_folder_given_keeps_the_tournaments_too(tmp_path, monkeypatch):
    """With TABULEIRO_DATA_DIR set (tests, a portable install) the tournament tables still went to
    the user's Documents: the test suite filled a real folder."""
    from ui.data_folders import tournaments_dir

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    assert tournaments_dir() == tmp_path / "tournaments"


def test_a_temporary_file_left_by_a_kill_is_removed_when_the_list_is_read(tmp_path):
    """A window killed between a save's temporary file and its rename left it in the folder for
    ever (test_a_kill_during_a_write_never_leaves_a_broken_file shows it happen)."""
    from ui.autosave import Shelf

    shelf = Shelf(tmp_path / "unfinished", tmp_path / "finished")
    shelf.folder.mkdir()
    left = shelf.folder / ".reversi-2026-12-01-101010-abcdef.json.0123abcd.tmp"
    writing = shelf.folder / ".hex-2026-12-02-101010-abcdef.json.89abcdef.tmp"  # another window's save, now
    mine = shelf.folder / ".notes.txt"
    for path in (left, writing, mine):
        path.write_text("{", encoding="utf-8")
    two_days_ago = time.time() - 2 * 24 * 3600
    os.utime(left, (two_days_ago, two_days_ago))
    os.utime(mine, (two_days_ago, two_days_ago))
    assert shelf.unfinished() == ([], [])
    assert not left.exists() and writing.exists() and mine.exists()


# The child saves the settings, counts a result or caches a game list the way the window does, and
# is killed (SIGKILL, so no clean-up runs) at the exact step between the file's temporary and its rename.
KILLED_AT_RENAME = """
import os, signal
import ai.atomic
from ui import list_cache, settings
from ui.autosave import SHELF
from ui.data_folders import cache_dir
from ui.tally import TALLY
ai.atomic.os.replace = lambda *args: os.kill(os.getpid(), signal.SIGKILL)
write = os.environ["WRITE"]
if write == "settings":
    settings.save(settings.Settings(theme="light"))
elif write == "results":
    TALLY.add("reversi", "level-3", "won")
else:
    list_cache.write(SHELF.folder, list_cache.cache_file(SHELF.folder, cache_dir()), {})
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_temporaries_left_by_a_kill_beside_the_settings_results_and_list_caches_go_when_the_window_opens(
        tmp_path, monkeypatch):
    """A window killed while it saved its settings, your results or a game list's cache left a
    hidden ``.settings.json.<hex>.tmp``, ``.results.json.<hex>.tmp`` or ``.<hash>.json.<hex>.tmp``
    for good: only the game folders' temporaries were ever removed."""
    from tests.ui_helpers import make_app

    config, data = tmp_path / "config", tmp_path / "data"
    for write in ("settings", "results", "lists"):
        env = dict(os.environ, TABULEIRO_CONFIG_DIR=str(config), TABULEIRO_DATA_DIR=str(data), PYTHONPATH=str(ROOT),
                   WRITE=write)
        child = subprocess.run([sys.executable, "-c", KILLED_AT_RENAME], cwd=ROOT, env=env, timeout=120)
        assert child.returncode == -signal.SIGKILL
    left = [*config.glob(".settings.json.*.tmp"), *data.glob(".results.json.*.tmp"),
            *(data / "cache" / "lists").glob(".*.json.*.tmp")]
    assert len(left) == 3  # the kill left them, the files themselves never written
    two_days_ago = time.time() - 2 * 24 * 3600
    for path in left:
        os.utime(path, (two_days_ago, two_days_ago))
    make_app(tmp_path, monkeypatch)
    assert not any(path.exists() for path in left)
