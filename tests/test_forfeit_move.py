"""A student's bot is told exactly what went wrong, part two: every forfeit names the move of the
game it came at, the Nth move of the game as the replay counts them ("played an illegal move 'z9' at
move 5", as "crashed at move 5" did), a late
answer says how long it was waited for, with the limit and the grace as they are ("no answer
after 1.00 s; limit 0.5 s + 0.5 s grace", not "1.00 s > 0.5 s"), Reversi's refusal of a text
that is no cell reads as one sentence, and a bot's start-up is not charged to its first move.
Real bot processes (Python files, the GTP test engine), through the entry points the window and
the command line use; the reasons' words are asserted, never the clock."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pygame
import pytest

import ai
import games
from ai.commands.tournament import report
from ai.match import GameResult, play_game, play_with_new_players
from ai.referee import GameClock
from ai.tournament_standings import Summary, standings
from tests.outside_bots import FAULT_LINE, bot_faulting_at
from tests.test_ui_outside import app, forfeited_at_its_second_move  # noqa: F401  (app: the window, a fixture)
from tests.ui_helpers import key, recorded_text, words_in
from ui.scenes.game_over import result_lines
from ui.words import forfeit_reason

ENGINE = Path(__file__).parent / "data" / "outside" / "gtp_engine.py"
LATE = "while True:\n            time.sleep(0.05)"
LATE_WORDS = r"no answer after \d+\.\d\d s; limit 0\.3 s \+ 0\.5 s grace"


def bot_file(tmp_path: Path, fault: str) -> str:
    """A Tic-tac-toe bot whose third move is ``fault`` (its first two are legal)."""
    return str(bot_faulting_at(tmp_path, 3, fault))


def engine(tmp_path: Path, *flags: str) -> str:
    """The GTP test engine with ``flags``, as a JSON config (an outside player id)."""
    path = tmp_path / f"engine{len(list(tmp_path.glob('*.json')))}.json"
    path.write_text(json.dumps({"command": [sys.executable, str(ENGINE), *flags]}))
    return str(path)


def match_reason(first: str, seconds: float = 0.3) -> str:
    """The reason of a Tic-tac-toe game of ``first`` (X) against level-1, as the match and
    tournament commands play it (fresh players); X must have forfeited."""
    result = play_with_new_players(games.load("tictactoe"), [first, "level-1"], (1, 2), seconds)
    assert result.forfeit and result.winner == 1, result.reason
    return result.reason


@pytest.mark.parametrize(("fault", "said"), [
    ("return 'z9'", r"played an illegal move 'z9' at move 5: 'z9' is off the board \(a1\.\.c3\)"),
    (LATE, rf"exceeded the time limit at move 5 \({LATE_WORDS}\); process stopped; it was running "
           rf"bot\.py line ({FAULT_LINE}|{FAULT_LINE + 1})"),
])
def test_a_python_bot_s_illegal_or_late_third_move_is_said_to_be_move_5(tmp_path, fault, said):
    """Both said no move ("played an illegal move 'z9': ..."), where a crash said "crashed at move 3";
    X's third move is the game's fifth, after four."""
    assert re.search(f"X forfeits: .*bot.py {said}", match_reason(bot_file(tmp_path, fault)))


@pytest.mark.parametrize(("flag", "said"), [
    ("--row-col", r"played an illegal move '(\d \d)' at move 5: '\1' is not a square like a1"),
    ("--hang", rf"exceeded the time limit at move 5 \({LATE_WORDS}\); engine stopped; log: "),
    ("--chatty", r"answered 'genmove b' at move 5 with 'thinking\.\.\. 5 cells free', not a GTP answer"),
])
def test_a_gtp_engine_s_wrong_third_move_is_said_to_be_move_5(tmp_path, flag, said):
    assert re.search(said, match_reason(engine(tmp_path, flag, "--from", "3"))), said


def test_a_time_out_on_a_clock_says_it_was_cut_off_and_at_which_move(tmp_path):
    """The flag fell while the bot was stopped: "no answer after", not the time it "spent"."""
    game = games.load("tictactoe")
    players = [ai.make_player("tictactoe", bot_file(tmp_path, LATE)), ai.make_player("tictactoe", "level-1")]
    try:
        result = play_game(game, players, ["bot", "level-1"], None, clock=GameClock.parse("1s"))
    finally:
        players[0].close()
    assert re.search(r"X forfeits: bot lost on time at move 5: the flag fell \(no answer after \d+\.\d\d s with "
                     r"\d\.\d\d s left on its 1s\+0s clock\); process stopped", result.reason), result.reason


def test_reversi_says_a_text_that_is_no_cell_in_one_sentence(tmp_path):
    """A bot answering "(2,3)" was told "'(2,3)' is not a cell name like a1; or pass"."""
    bot = tmp_path / "tuple_text.py"
    bot.write_text("def choose(game, state):\n    return '(2,3)'\n")
    result = play_with_new_players(games.load("reversi"), [str(bot), "level-1"], (1, 2), 2.0)
    why = result.reason.split("; log: ")[0]
    assert why.endswith("played an illegal move '(2,3)' at move 1: '(2,3)' is not a cell name like a1, nor pass")
    with words_in("pt"):
        said = forfeit_reason(why.split("tuple_text.py ", 1)[1])
    assert said == "fez uma jogada ilegal '(2,3)' na jogada 1: '(2,3)' não é o nome de uma casa como a1, nem 'pass'"


def test_alquerque_names_the_whole_move_a_bot_sent_and_why_it_is_none(tmp_path):
    """A bot answering '1-1' was told "'1' is not a point a1..e5": a part of its answer, as if it
    had sent that; the whole answer is named, and what points are."""
    bot = tmp_path / "numbers.py"
    bot.write_text("def choose(game, state):\n    return '1-1'\n")
    result = play_with_new_players(games.load("alquerque"), [str(bot), "level-1"], (1, 2), 2.0)
    why = result.reason.split("; log: ")[0]
    assert why.endswith("played an illegal move '1-1' at move 1: '1-1' is not a move: points are a1..e5"), why
    with words_in("pt"):
        said = forfeit_reason(why.split("numbers.py ", 1)[1])
    assert said == "fez uma jogada ilegal '1-1' na jogada 1: '1-1' não é uma jogada: os pontos vão de a1 a e5", said


@pytest.mark.parametrize(("why", "said"), [
    ("exceeded the time limit at move 3 (no answer after 1.00 s; limit 0.5 s + 0.5 s grace); process stopped; "
     "it was running bot.py line 9 (in choose); log: /tmp/b.log",
     "excedeu o limite de tempo na jogada 3 (sem resposta após 1,00 s; limite 0,5 s + 0,5 s de tolerância); "
     "processo parado; estava a executar bot.py, linha 9 (em choose); registo: /tmp/b.log"),
    ("exceeded the time limit at move 12 (answered after 1.23 s; limit 0.5 s + 0.5 s grace)",
     "excedeu o limite de tempo na jogada 12 (respondeu após 1,23 s; limite 0,5 s + 0,5 s de tolerância)"),
    ("lost on time at move 4: the flag fell (no answer after 1.30 s with 0.80 s left on its 1m+0s clock); "
     "engine stopped",
     "perdeu por tempo na jogada 4: caiu a bandeira (sem resposta após 1,30 s com 0,80 s restantes no relógio "
     "1m+0s); motor parado"),
    ("played an illegal move 'z9' at move 3: 'z9' is off the board (a1..c3)",
     "fez uma jogada ilegal 'z9' na jogada 3: 'z9' está fora do tabuleiro (a1..c3)"),
    ("answered 'genmove b' at move 3 with 'hi', not a GTP answer: print debugging text to standard error",
     "respondeu a 'genmove b' na jogada 3 com 'hi', que não é uma resposta GTP: escreva o texto de depuração na "
     "saída de erros"),
    ("engine refused 'genmove b' at move 2: no", "o motor recusou 'genmove b' na jogada 2: no"),
    # a record written before: its words still read in Portuguese
    ("exceeded the time limit (1.52 s > 1 s); process stopped", "excedeu o limite de tempo (1,52 s > 1 s); processo parado"),
])
def test_the_window_says_the_move_and_the_wait_in_portuguese(why, said):
    with words_in("pt"):
        assert forfeit_reason(why) == said


def forfeits_of(why: str, moves: list[int]) -> list[str]:
    """The report's forfeit lines of a bot that forfeited a game at each of ``moves``, ``why``
    with each game's move (and figures) in its ``{n}``."""
    ids = ["level-1", "/tmp/bots/eva.py"]
    results = [GameResult("tictactoe", {}, ids, [], 0, None, f"O forfeits: /tmp/bots/eva.py {why.format(n=n)}", True)
               for n in moves]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results,
                      list(range(1, len(moves) + 1)))
    return report(summary).split("Forfeits:\n", 1)[1].splitlines()


def test_the_report_keeps_one_line_for_one_fault_at_several_moves():
    """The report's line of a bot's late games, whatever move each came at, as for a crash's:
    each move said with its games, the seconds said to be the first game's."""
    why = "exceeded the time limit at move {n} (no answer after 1.0{n} s; limit 0.5 s + 0.5 s grace); process stopped"
    assert forfeits_of(why, [2, 4]) == [
        "  eva.py, 2 games (1-2): exceeded the time limit (no answer after 1.02 s; limit 0.5 s + 0.5 s grace); process "
        "stopped (at move 2 in 1 game, at move 4 in 1 game; figures from game 1)"]


def test_a_fault_at_different_moves_is_not_said_at_the_first_games_move():
    """Five crashes, four at move 1 and the first at move 2, read "5 games (1-5): crashed at move 2"
    for all five.  The line says each move with its games; one fault at one move keeps its words."""
    why = "crashed at move {n}: ZeroDivisionError: division by zero"
    assert forfeits_of(why, [2, 1, 1, 1, 1]) == [
        "  eva.py, 5 games (1-5): crashed: ZeroDivisionError: division by zero (at move 1 in 4 games, at move 2 in "
        "1 game)"]
    assert forfeits_of(why, [3, 3]) == ["  eva.py, 2 games (1-2): crashed at move 3: ZeroDivisionError: division by zero"]
    with words_in("pt"):
        from ui.words import ReportWords

        ids = ["level-1", "/tmp/bots/eva.py"]
        results = [GameResult("tictactoe", {}, ids, [], 0, None, f"O forfeits: {ids[1]} {why.format(n=n)}", True)
                   for n in (2, 1)]
        summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results, [1, 2])
        said = report(summary, ReportWords()).splitlines()[-1]
    assert "ZeroDivisionError" in said and "at move" not in said and "jogada 1" in said, said


def test_the_window_s_card_and_panel_say_the_move_of_an_illegal_answer(app, tmp_path, monkeypatch):  # noqa: F811
    """The bot (X) answers an illegal move at its 2nd move, the game's 3rd: the card and the side panel say so."""
    # not bot.py, which the tables (and so the window) name by its folder, as a student's
    scene = forfeited_at_its_second_move(app, bot_faulting_at(tmp_path, 2, "return 'z9'", name="faulty.py"))
    assert result_lines(scene)[0].startswith("X forfeits: faulty played an illegal move 'z9' at move 3: 'z9' is off")
    drawn = recorded_text(monkeypatch)
    app.invalidate()  # the card may have been drawn already, and an idle window draws nothing again
    app.run_frames(2)
    card = " ".join(drawn)  # a reason wraps at its spaces, its lines drawn one after the other
    assert "X forfeits: faulty played an illegal move 'z9' at move 3: 'z9' is off the board" in card, drawn
    drawn.clear()
    key(app, pygame.K_b)  # View board: the card goes, the side panel says why the game ended
    assert not scene.over_card.visible()
    panel = " ".join(drawn)
    assert "X forfeits: faulty played an illegal move 'z9' at move 3" in panel, drawn
    assert app.errors == []


@pytest.mark.parametrize("slow_start", [
    "import time\ntime.sleep(1.5)  # a big import\n\ndef choose(game, state):\n    return state.legal_moves()[0]\n",
    None,  # the GTP engine, which sleeps before its first answer (a JVM, a network loaded)
])
def test_a_bot_slow_to_start_again_is_not_charged_for_it_on_its_first_move(tmp_path, slow_start):
    """A bot stopped by a forfeit (here by close, as a forfeit does) is started again for the
    next game with the same players: that start-up was inside its first move, which it then lost
    ("exceeded the time limit at move 1 (answered after 1.9 s ...)") though it answered at once."""
    if slow_start is None:
        player_id = engine(tmp_path, "--startup", "1.5")
    else:
        (tmp_path / "slow.py").write_text(slow_start)
        player_id = str(tmp_path / "slow.py")
    game = games.load("tictactoe")
    players = [ai.make_player("tictactoe", player_id), ai.make_player("tictactoe", "level-1")]
    try:
        players[0].close()  # its process stopped, as after a forfeit
        result = play_game(game, players, ["slow", "level-1"], 0.2)
    finally:
        players[0].close()
    assert not result.forfeit, result.reason


def test_the_outside_bots_readme_describes_every_file_and_every_flag_of_the_gtp_engine():
    """gtp_engine.py, memory_hog.py and fork_bomb.py, and the engine's flags, were not in it."""
    folder = ENGINE.parent
    readme = (folder / "README.md").read_text(encoding="utf-8")
    files = {f.name for f in folder.iterdir() if f.name != "README.md" and not f.name.startswith((".", "__"))}
    assert {name for name in files if f"`{name}" not in readme} == set()
    flags = set(re.findall(r'"(--[\w-]+)"', ENGINE.read_text(encoding="utf-8")))
    assert len(flags) > 10 and {flag for flag in flags if f"`{flag}" not in readme} == set()
