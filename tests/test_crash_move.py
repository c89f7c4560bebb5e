"""A crash's reason says at which move it came ("crashed at move 5: ..."), the Nth move of the game
as the replay's "Move N of M" counts them, wherever the reason is shown: the match's result and output, the tournament
report, and the window's words in both languages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import games
from ai import referee
from ai.match import GameResult
from ai.referee import Loss
from ai.tournament_standings import Summary, standings
from tests.outside_bots import bot_faulting_at
from tests.test_outside import bot_against_level_1
from tests.ui_helpers import words_in

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("fault", "side", "said"), [
    ("raise ZeroDivisionError('division by zero')", 0, "crashed at move 9: ZeroDivisionError: division by zero"),
    ("os._exit(3)", 1, "crashed at move 10 (process ended, exit status 3"),
])
def test_a_bot_that_crashes_at_its_fifth_move_is_said_to_crash_at_that_move_of_the_game(tmp_path, fault, side, said):
    """Hex ends no sooner than a side's 6th stone on its default board, so the bot is asked its
    5th move whichever side it plays: the game's 9th move as Red, after 8, its 10th as Blue, after
    9 (the reason named the error and the line, not the move; then the list's row, 5, for both)."""
    bot = bot_faulting_at(tmp_path, 5, fault)
    r = bot_against_level_1(games.load("hex"), str(bot), "bot.py", 2.0, seed=1, side=side)
    assert r.forfeit and r.winner == 1 - side and len(r.moves) == 8 + side, r
    assert f"forfeits: bot.py {said}" in r.reason, r.reason


@pytest.mark.parametrize(("index", "number"), [(0, 1), (8, 9), (9, 10)])
def test_the_move_is_numbered_as_the_headers_count_moves(index, number):
    """The move asked for with ``index`` moves played is the game's move ``index + 1``, as "Move N
    of M" counts: the first move is move 1 (no move 0), the one after eight moves move 9, not the
    move list's row 5 it was said as, nor row 5 again for the one after nine."""
    loss = referee.at_move(referee.crashed(0, ZeroDivisionError("x")), index)
    assert loss.why == f"crashed at move {number}: ZeroDivisionError: x"


@pytest.mark.parametrize(("why", "said"), [
    ("crashed (engine ended, exit status 1)", "crashed at move 5 (engine ended, exit status 1)"),
    ("exceeded the time limit (no answer after 1.00 s; limit 0.5 s + 0.5 s grace); process stopped",
     "exceeded the time limit at move 5 (no answer after 1.00 s; limit 0.5 s + 0.5 s grace); process stopped"),
    ("lost on time: the flag fell (0.90 s spent with 0.80 s left on its 1m+0s clock)",
     "lost on time at move 5: the flag fell (0.90 s spent with 0.80 s left on its 1m+0s clock)"),
    ("played an illegal move 'z9': 'z9' is off the board (a1..c3)",
     "played an illegal move 'z9' at move 5: 'z9' is off the board (a1..c3)"),
    ("engine refused 'genmove b': no", "engine refused 'genmove b' at move 5: no"),
])
def test_every_forfeit_is_given_its_move_and_only_once(why, said):
    """An illegal or late answer said no move, where a crash said "crashed at move 3"; after four
    moves, each is at move 5."""
    loss = referee.at_move(Loss(1, why), 4)
    assert loss.why == said
    assert referee.at_move(loss, 9) == loss


def test_a_withdrawal_is_no_move_s_forfeit():
    withdrew = Loss(0, "withdrew from the league")
    assert referee.at_move(withdrew, 4) is withdrew


def test_the_window_says_the_move_in_portuguese():
    from ui.words import forfeit_reason

    with words_in("pt"):
        assert forfeit_reason("crashed at move 5: ValueError: bad (at jogador.py line 12); log: /tmp/p.log") == \
            "falhou na jogada 5: ValueError: bad (em jogador.py, linha 12); registo: /tmp/p.log"
        assert forfeit_reason("crashed at move 7 (process ended, exit status 1)") == \
            "falhou na jogada 7 (o processo terminou, código de saída 1)"
        assert forfeit_reason("crashed at move 2 (engine ended, exit status 1)") == \
            "falhou na jogada 2 (o motor terminou, código de saída 1)"
    assert forfeit_reason("crashed at move 5: ValueError: bad") == "crashed at move 5: ValueError: bad"


def test_the_report_keeps_one_line_for_one_fault_at_several_moves():
    """The report groups a bot's games by fault; the move a crash came at does not part a group,
    and each move is said with its games (the first game's move alone read as every game's)."""
    from ai.commands.tournament import report

    ids = ["level-1", "/tmp/bots/eva.py"]
    results = [GameResult("tictactoe", {}, [ids[0], ids[1]], [], 0, None,
                          f"O forfeits: /tmp/bots/eva.py crashed at move {n}: KeyError: 3", True) for n in (2, 4)]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results, [1, 2])
    forfeits = report(summary).split("Forfeits:\n", 1)[1].splitlines()
    assert forfeits == ["  eva.py, 2 games (1-2): crashed: KeyError: 3 (at move 2 in 1 game, at move 4 in 1 game)"]


def test_the_match_command_prints_the_move(tmp_path):
    bot = bot_faulting_at(tmp_path, 5, "raise ZeroDivisionError('division by zero')")
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "match", "hex", f"{bot}:choose", "level-1",
                           "--games", "1", "--time", "2"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "crashed at move 9: ZeroDivisionError: division by zero" in proc.stdout, proc.stdout  # its 5th, the game's 9th
