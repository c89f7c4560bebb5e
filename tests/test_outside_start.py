"""An outside player's worker that is slow to start: its start is not the file's load time.

Starting a Python process can take seconds on a busy machine (or under an antivirus that scans
each new process); the load's clock starts when the worker says it is ready, and the start has a
limit of its own (``ai.outside.WORKER_START_TIME``) with a message of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ai
import games
from ai import outside
from ai.match import play_game
from ai.outside import OutsideLoadError, load_outside_player
from tests.ui_helpers import words_in
from ui import words

ROOT = Path(__file__).resolve().parent.parent
SIMPLE = ROOT / "tests" / "data" / "outside" / "simple_contract.py"  # loads at once


@pytest.fixture(autouse=True)
def bot_logs_in_tmp(tmp_path, monkeypatch):
    """Bots' logs go to this test's folder, not the shared temporary folder."""
    monkeypatch.setenv("TABULEIRO_BOT_LOGS", str(tmp_path / "bot-logs"))


def start_workers_after(monkeypatch, seconds: float) -> None:
    """Workers sleep ``seconds`` before anything else, as a slow interpreter start would."""
    usual = outside.child_command()
    slowed = [*usual[:-1], f"import time; time.sleep({seconds}); {usual[-1]}"]
    monkeypatch.setattr(outside, "child_command", lambda: list(slowed))


def test_a_slow_start_is_not_counted_as_loading(monkeypatch):
    """A file that loads at once, in a worker that takes 3 s to start, with 2 s to load: it was
    "too slow to load", its start counted on the load's clock."""
    start_workers_after(monkeypatch, 3)
    game = games.load("tictactoe")
    slow = load_outside_player("tictactoe", str(SIMPLE), None, load_time=2)
    other = ai.make_player("tictactoe", "level-1", seed=1)
    try:
        result = play_game(game, [slow, other], ["slow", "level-1"], 2.0)
    finally:
        slow.close()
    assert not result.forfeit, result.reason


def test_a_worker_never_ready_is_said_so_not_too_slow(monkeypatch):
    """A worker that never starts is reported as such, after its own limit, in the window's language."""
    start_workers_after(monkeypatch, 600)
    monkeypatch.setattr(outside, "WORKER_START_TIME", 1.0)
    with pytest.raises(OutsideLoadError) as info:
        load_outside_player("tictactoe", str(SIMPLE), None, load_time=5)
    reason = info.value.reason
    assert reason.startswith("its process was not ready within 1 s, before any of the file had run: the computer "
                             "may be too busy; try again"), reason
    with words_in("pt"):
        said = words.load_problem(str(info.value))
    assert said.startswith(f"{SIMPLE}: o seu processo não ficou pronto em 1 s"), said


def test_a_file_that_does_not_parse_is_said_to_be_its_syntax_error_however_slow_the_start(tmp_path, monkeypatch):
    """A full suite on a loaded machine started a worker that was not ready within its limit: a
    student's file with a syntax error was then said to be "not ready within 30 s ... try again"
    and its log held only that.  A file that does not parse is told as its SyntaxError, with the
    error in its log, whether its worker starts or not."""
    start_workers_after(monkeypatch, 600)
    monkeypatch.setattr(outside, "WORKER_START_TIME", 1.0)
    broken = tmp_path / "ana" / "jogador.py"
    broken.parent.mkdir()
    broken.write_text("def choose(game, state:\n    return None\n")
    with pytest.raises(OutsideLoadError) as info:
        load_outside_player("tictactoe", str(broken), None, load_time=5)
    reason = info.value.reason
    assert reason.startswith("SyntaxError: '(' was never closed (at jogador.py line 1); log: "), reason
    log = Path(words.log_path(str(info.value)))
    assert "SyntaxError: '(' was never closed" in log.read_text() and log.parent == tmp_path / "bot-logs"


def test_a_file_too_deep_for_the_parser_is_left_to_its_worker(tmp_path):
    """The check that a file parses runs in the window's process: a file nested deeper than the
    parser goes (200,000 unary minuses) raised MemoryError there, out of the load, where its worker
    says what is wrong with the file as with any other it cannot load."""
    deep = tmp_path / "fundo.py"
    deep.write_text("x = " + "-" * 200_000 + "1\n\ndef choose(game, state):\n    return state.legal_moves()[0]\n")
    with pytest.raises(OutsideLoadError) as info:
        load_outside_player("tictactoe", str(deep), None, load_time=30)
    assert "MemoryError" in info.value.reason, info.value.reason
