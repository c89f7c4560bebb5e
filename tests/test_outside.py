"""Outside players: course Rastros and Trax files unchanged, our contract, bad bots, GTP engines.

The course files under tests/data/outside/ are written in the course's style (see that folder's
README); the facts checked about the compat modules are the ones the Rastros notebook states
(the start state, the moves' order, ``terminou``, ``compute_utility``).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import ai
import games
from ai.base import Forfeit, Limits, Resigned
from ai.match import GameResult, play_game
from ai.outside import list_outside_players, parse_outside_id
from tests.outside_bots import bot_faulting_at
from tests.test_compat import run_in_compat
from tests.ui_helpers import words_in

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "tests" / "data" / "outside"
ALUNOS = BOTS / "rastros_alunos.py"
TRAX = BOTS / "trax_student" / "player.py"
# The move time of the tests where a bot's 100 MB (an error's words, a GTP answer) is refused: what
# they check is what is said of it (cut short, "too large"), not how fast, so the limit is only
# their set-up. At 1 s and 2 s a move the bots lost on time on a CI machine loaded by 8 other jobs
# (an error's 100 MB took 1.53 s there); on a quiet one their first move takes 0.3 s and 0.85 s,
# so 20 s leaves room on a machine twenty times slower.
# Put back, the faults still fail them on what is said: the whole 100 MB in the reason or the log.
ROOM_FOR_100_MB = 20.0


@pytest.fixture(autouse=True)
def bot_logs_in_tmp(tmp_path, monkeypatch):
    """Bots' logs go to this test's folder, not the shared temporary folder."""
    monkeypatch.setenv("TABULEIRO_BOT_LOGS", str(tmp_path / "bot-logs"))


@pytest.fixture
def late_notes_waited_for(monkeypatch):
    """A late bot's note of where it was running (the move watch's, or the stack of a load) is
    waited for until it comes, not ``ai.outside.LAST_WORDS`` (half a second) past the deadline.

    For the users the short wait is right: a bot stuck in C code holding the GIL never writes its
    note, and its forfeit must not wait for it.  On a loaded CI machine the note comes later (the
    worker's thread wakes late; a slow interpreter start delays the load's stack timer, which
    starts with the worker, while the parent's load clock starts at the request), and the reason
    then lacked the line these tests check.  The wait ends the moment the note is in the log, so
    a test takes no longer; a note that never comes still fails it."""
    from ai import outside

    monkeypatch.setattr(outside, "LAST_WORDS", 60.0)


def bot_against_level_1(game, bot_id: str, name: str, seconds: float, seed: int, side: int = 0) -> GameResult:
    """A game of the outside player ``bot_id`` (named ``name`` in the result) on ``side`` against
    level-1, ``seconds`` a move; the bot's process is ended after it."""
    bot = ai.make_player(game.id, bot_id)
    other = ai.make_player(game.id, "level-1", seed=seed)
    players, ids = ([bot, other], [name, "level-1"]) if side == 0 else ([other, bot], ["level-1", name])
    try:
        return play_game(game, players, ids, seconds)
    finally:
        bot.close()


def first_answer(game_id: str, bot: Path) -> object:
    """The move bot file ``bot`` answers at ``game_id``'s start in 2 seconds (its Forfeit raised),
    its process closed after."""
    player = ai.make_player(game_id, str(bot))
    try:
        return player.choose(games.load(game_id).initial_state(), Limits(time=2.0))
    finally:
        player.close()


def test_ids_are_parsed():
    assert parse_outside_id("a/b.py:jogador42").path == "a/b.py"
    assert parse_outside_id("a/b.py:jogador42").name == "jogador42"
    assert parse_outside_id("b.py").name is None
    assert parse_outside_id("gtp:mohex --x 1").command == ("mohex", "--x", "1")
    assert parse_outside_id("eng.json").kind == "gtp"
    assert ai.is_outside_player("gtp:prog") and ai.is_outside_player("x.py:y") and not ai.is_outside_player("level-2")


# -- the compat modules behave as the notebook documents ------------------------------------------
def test_compat_rastros_matches_the_notebook():
    out = run_in_compat(
        "from rastros import *\n"
        "g = Rastros()\n"
        "s = g.initial\n"
        "print(s.to_move, s.white, s.terminou, sorted(s.fullboard)[0], len(s.fullboard))\n"
        "print(s.moves())\n"
        "s2 = g.result(s, (4, 4))\n"
        "print(s2.to_move, s2.white, sorted(s2.blacks))\n"
        "s3 = g.result(s2, (3, 3))\n"
        "print(s3.to_move, s3.white, sorted(s3.blacks))\n"
        "w = EstadoRastros('N', (8, 1), {(7, 2)})\n"
        "print(w.terminou, w.compute_utility('S'), g.utility(w, 'N'), g.terminal_test(w), s.other('S'))\n"
        "b = EstadoRastros('S', (1, 1), {(1, 2), (2, 1), (2, 2)})\n"
        "print(b.terminou, depth_for_all, infinity, isinstance(basilio, Jogador), random.random() < 1)\n"
    )
    lines = out.splitlines()
    assert lines[0] == "S (4, 5) 0 (1, 1) 64"
    # the notebook's order: (r + a, c + b) for a in -1, 0, 1 for b in -1, 0, 1
    assert lines[1] == "[(3, 4), (3, 5), (3, 6), (4, 4), (4, 6), (5, 4), (5, 5), (5, 6)]"
    assert lines[2] == "N (4, 4) [(4, 5)]"
    assert lines[3] == "S (3, 3) [(4, 4), (4, 5)]"
    assert lines[4] == "1 1 -1 True N"
    assert lines[5] == "-1 5 inf True True"  # South is blocked in the corner: North (who just moved) wins


def test_compat_draw_writes_a_png(tmp_path):
    import pygame

    target = tmp_path / "board.png"
    run_in_compat(
        "import draw as Drawer\n"
        "board = [['none'] * 7 for _ in range(7)]\n"
        "board[3][3], board[3][4], board[2][3] = 'lldd', 'ddll', 'ldld'\n"
        f"Drawer.Drawer().draw(board, {str(target)!r})\n"
    )
    image = pygame.image.load(str(target))
    assert image.get_size() == (7 * 32 + 1, 7 * 32 + 1)


def test_compat_base_player_api():
    out = run_in_compat(
        "import base as Base\n"
        "class Player(Base.BasePlayer):\n"
        "    def __init__(self, board, name, color):\n"
        "        Base.BasePlayer.__init__(self, board, name, color)\n"
        "board = [['none'] * 7 for _ in range(7)]\n"
        "p = Player(board, 'me', 'd')\n"
        "board[0][0] = 'ldld'\n"
        "print(p.board[0][0], p.playerName, p.myColor, p.rivalColor['d'], p.tournament, sorted(p.tiles))\n"
        "print(p.neighbors, p.my2other, p.inside(6, 6), p.inside(7, 0), p.move())\n"
    )
    first, second = out.splitlines()
    assert first == "none me d l False ['ddll', 'dldl', 'dlld', 'lddl', 'ldld', 'lldd']"
    assert second == "[[0, -1], [-1, 0], [0, 1], [1, 0]] [2, 3, 0, 1] True False []"


# -- course Rastros files, unchanged ----------------------------------------------------------------
def test_rastros_file_lists_its_jogadores_only():
    players = list_outside_players("rastros", str(ALUNOS))
    assert [p.id.rsplit(":", 1)[1] for p in players] == ["jogador42", "jogador43", "teimoso"]
    assert [p.title for p in players] == ["Aluno 42", "Ar Fresco", "Teimoso"]


def test_rastros_player_found_by_variable_and_by_name():
    p = ai.make_player("rastros", f"{ALUNOS}:jogador42")
    assert p.info.title == "Aluno 42"
    q = ai.make_player("rastros", f"{ALUNOS}:Ar Fresco")
    assert q.info.title == "Ar Fresco"
    with pytest.raises(ValueError, match="jogador42"):
        ai.make_player("rastros", f"{ALUNOS}:nobody")
    p.close()
    q.close()


def test_cli_match_finds_jogador42_by_variable_name():
    proc = subprocess.run(
        [sys.executable, "main.py", "match", "rastros", "tests/data/outside/rastros_alunos.py:jogador42",
         "tests/data/outside/rastros_alunos.py:teimoso", "--games", "2", "--time", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == 2
    for r in results:
        assert not r["forfeit"], r["reason"]
        assert "tests/data/outside/rastros_alunos.py:jogador42" in r["players"]


def test_rastros_file_with_jogos_and_func_timeout():
    game = games.load("rastros")
    p = ai.make_player("rastros", f"{BOTS / 'rastros_jogos.py'}:fugitivo")
    assert p.info.title == "Fugitivo"
    other = ai.make_player("rastros", f"{ALUNOS}:teimoso")
    for players in ([p, other], [other, p]):
        r = play_game(game, players, ["a", "b"], 1.0)
        assert not r.forfeit, r.reason
    p.close()


def test_rastros_file_on_a_smaller_board():
    game = games.load("rastros", size=6)
    p = ai.make_player("rastros", f"{ALUNOS}:teimoso")
    q = ai.make_player("rastros", f"{ALUNOS}:jogador42", options={"size": 6})
    pid_before = q.child.proc.pid
    r = play_game(game, [p, q], ["t", "r"], 1.0)
    assert not r.forfeit, r.reason
    assert q.child.proc.pid == pid_before  # started with the size once, not restarted in choose
    p.close()
    q.close()


# -- course Trax files, unchanged --------------------------------------------------------------------
@pytest.mark.parametrize("options", [{"mode": "fill", "size": 7}, {}])
def test_trax_course_player_plays_whole_games(options):
    game = games.load("trax", **options)
    a = ai.make_player("trax", str(TRAX))
    b = ai.make_player("trax", str(BOTS / "simple_contract.py"))
    for players, ids in (([a, b], ["course", "contract"]), ([b, a], ["contract", "course"])):
        r = play_game(game, players, ids, 1.0)
        assert not r.forfeit, r.reason
        state = game.play_line(r.moves)
        assert state.is_terminal()
        if options.get("mode") == "fill":
            assert game.is_full(state.cells)
    a.close()
    b.close()


# -- our contract and the bad bots ---------------------------------------------------------------
def test_contract_function_and_class_players():
    game = games.load("tictactoe")
    f = ai.make_player("tictactoe", str(BOTS / "simple_contract.py"))
    c = ai.make_player("tictactoe", str(BOTS / "noisy_contract.py") + ":Greedy")
    r = play_game(game, [f, c], ["f", "c"], 1.0)
    assert not r.forfeit, r.reason
    timed = ai.make_player("tictactoe", str(BOTS / "timed_contract.py"))
    r = play_game(game, [c, timed], ["c", "timed"], 0.2)
    assert not r.forfeit, r.reason
    assert r.max_move_time[1] >= 0.04  # it slept the fraction of 0.2 s it was told about
    for p in (f, c, timed):
        p.close()


def test_a_function_named_in_the_id_is_a_player(tmp_path):
    """Not only ``choose``: ``file.py:aleatorio`` names a function taking (game, state[, seconds])."""
    from ai.outside import OutsideLoadError

    bot = tmp_path / "meu.py"
    bot.write_text("told = []\n\ndef avaliar(estado):\n    return 0\n\n"
                   "def aleatorio(game, state, segundos):\n    told.append(segundos)\n"
                   "    assert segundos == 0.5\n    return state.legal_moves()[-1]\n")
    game = games.load("tictactoe")
    p = ai.make_player("tictactoe", f"{bot}:aleatorio")
    try:
        assert p.info.title == "aleatorio" and p.name == "aleatorio"
        assert p.choose(game.initial_state(), Limits(time=0.5)) == game.initial_state().legal_moves()[-1]
    finally:
        p.close()
    with pytest.raises(OutsideLoadError, match=r"'avaliar' in meu\.py is not a player: expected "
                                               r"avaliar\(game, state\) or avaliar\(game, state, seconds\)"):
        ai.make_player("tictactoe", f"{bot}:avaliar")
    with pytest.raises(OutsideLoadError, match="no player 'told' in meu.py; players: aleatorio$"):  # not a function
        ai.make_player("tictactoe", f"{bot}:told")


def test_a_file_without_choose_names_the_functions_that_would_play(tmp_path):
    """A student who called the function ``escolhe`` (or mistyped its name in the id) was told only
    "defines no player ... expected choose(game, state)": the message now names the id that plays it."""
    from ai.outside import OutsideLoadError

    bot = tmp_path / "meu.py"
    bot.write_text("def avaliar(estado):\n    return 0\n\ndef escolhe(game, state):\n"
                   "    return state.legal_moves()[0]\n")
    with pytest.raises(OutsideLoadError, match=r"meu\.py defines no player for rastros: name a function of it in "
                                               r"the id \(meu\.py:escolhe\) or rename it to choose$"):
        ai.make_player("rastros", str(bot))
    with pytest.raises(OutsideLoadError, match="no player 'escolha' in meu.py; players: escolhe$"):
        ai.make_player("rastros", f"{bot}:escolha")
    bot.write_text("def avaliar(estado):\n    return 0\n")  # nothing that could play: no hint
    with pytest.raises(OutsideLoadError, match=r"defines no player for rastros: .*\(Trax\)$"):
        ai.make_player("rastros", f"{bot}:escolha")


def test_a_bots_own_optional_parameters_keep_their_defaults(tmp_path):
    """``choose(game, state, depth=2)`` was given the seconds as its depth, ``__init__(self,
    depth=2)`` the game; an optional parameter named for the time is still told it."""
    files = {
        "deep.py": "def choose(game, state, depth=2):\n    return state.legal_moves()[len(range(depth)) - 2]\n",
        "told.py": "def choose(game, state, seconds=None):\n    assert seconds == 0.5, seconds\n"
                   "    return state.legal_moves()[0]\n",
        "deeper.py": "class Deeper:\n    def __init__(self, depth=2):\n        self.depth = depth + 1\n"
                     "    def choose(self, state, width=1):\n        return state.legal_moves()[self.depth - 4 + width]\n",
    }
    game = games.load("tictactoe")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        p = ai.make_player("tictactoe", str(tmp_path / name))
        assert p.choose(game.initial_state(), Limits(time=0.5)) == game.initial_state().legal_moves()[0], name
        p.close()


PICKLING_BOTS = {  # a bot that copies positions the ways Python offers, and hands them to worker processes
    "reversi": ("import copy, multiprocessing, pickle\n\n"
                "def first(state):\n    return state.legal_moves()[0]\n\n"
                "def choose(game, state):\n"
                "    again = pickle.loads(pickle.dumps(state))\n"
                "    assert pickle.loads(pickle.dumps(game)).to_text(again) == game.to_text(copy.deepcopy(state))\n"
                "    with multiprocessing.get_context('fork').Pool(2) as pool:\n"
                "        return pool.map(first, [again, state])[0]\n"),
    "rastros": ("import pickle\nfrom rastros import *\n\n"
                "def copia(game, state):\n"
                "    again = pickle.loads(pickle.dumps(state))\n"
                "    assert type(again).__module__ == 'rastros' and pickle.loads(pickle.dumps(game))\n"
                "    return again.moves()[0]\n\n"
                "jogador = Jogador('Copia', copia)\n"),
}


@pytest.mark.parametrize("game_id", sorted(PICKLING_BOTS))
def test_a_bot_may_pickle_states_and_pass_them_to_worker_processes(tmp_path, game_id):
    """Our packages go by private names in a bot's process; so do their classes, so pickle finds them."""
    bot = tmp_path / f"copia_{game_id}.py"
    bot.write_text(PICKLING_BOTS[game_id])
    game = games.load(game_id)
    p = ai.make_player(game_id, str(bot))
    try:
        assert p.choose(game.initial_state(), Limits(time=10)) in game.initial_state().legal_moves()
    finally:
        p.close()


def test_hung_bot_is_killed_at_the_limit():
    game = games.load("tictactoe")
    p = ai.make_player("tictactoe", str(BOTS / "sleeper.py"))
    child = p.child.proc
    began = time.perf_counter()
    with pytest.raises(Forfeit, match="exceeded the time limit"):
        p.choose(game.initial_state(), Limits(time=0.2))
    assert time.perf_counter() - began < 30  # long before the sleeper's 60 s
    assert child.poll() is not None  # the process is gone


def test_a_hung_bot_on_a_clock_and_a_move_limit_is_stopped_at_the_move_limit():
    from ai.referee import GameClock

    game = games.load("tictactoe")
    sleeper = ai.make_player("tictactoe", str(BOTS / "sleeper.py"))
    first = ai.make_player("tictactoe", "level-1")
    began = time.perf_counter()
    r = play_game(game, [first, sleeper], ["level-1", "sleeper"], 0.2, clock=GameClock(30.0))
    assert time.perf_counter() - began < 15  # long before its 30 s clock ran out
    assert r.forfeit and r.winner == 0 and "exceeded the time limit" in r.reason and "limit 0.2 s" in r.reason
    assert 15 < r.clock_left[1] < 30.0 - 0.2  # the time it took is on its clock, far from all of it
    sleeper.close()


@pytest.mark.usefixtures("late_notes_waited_for")
def test_a_hung_bot_on_a_clock_loses_on_time_as_our_players_do():
    from ai.referee import GameClock

    game = games.load("tictactoe")
    sleeper = ai.make_player("tictactoe", str(BOTS / "sleeper.py"))
    first = ai.make_player("tictactoe", "level-1")
    r = play_game(game, [first, sleeper], ["level-1", "sleeper"], None, clock=GameClock(0.6, 0.1))
    assert r.forfeit and r.winner == 0
    assert re.fullmatch(r"O forfeits: sleeper lost on time at move 2: the flag fell \(no answer after \d+\.\d\d s with "
                        r"\d\.\d\d s left "
                        r"on its 0\.6s\+0\.1s clock\); process stopped; it was running sleeper\.py line 7 \(in choose\); "
                        r"log: .*\.log", r.reason), r.reason  # no set-up hint: its move never ends
    assert "stopped: no answer within" in Path(r.reason.rsplit("; log: ", 1)[1]).read_text()  # it printed nothing
    sleeper.close()


@pytest.mark.usefixtures("late_notes_waited_for")
def test_a_hung_bot_that_printed_is_named_with_its_log(tmp_path):
    bot = tmp_path / "thinker.py"
    bot.write_text("def choose(game, state):\n    print('thinking about', state)\n    while True:\n        pass\n")
    p = ai.make_player("tictactoe", str(bot))
    with pytest.raises(Forfeit, match=r"exceeded the time limit .*; process stopped; it was running thinker\.py line "
                                      r"[34] \(in choose\); log: .*\.log$") as lost:
        p.choose(games.load("tictactoe").initial_state(), Limits(time=0.2))  # the log was closed by the stop
    assert "thinking about" in Path(str(lost.value).rsplit("; log: ", 1)[1]).read_text()
    p.close()


SLOW_SET_UP = """import time

ready = []


def build_table():
    began = time.time()
    while time.time() - began < 1.0:
        pass


def choose(game, state):
    if EVERY_MOVE or not ready:
        build_table()
        ready.append(True)
    return state.legal_moves()[0]


EVERY_MOVE = {every}
"""

LATE_SECOND_MOVE = """moves = []


def choose(game, state):
    moves.append(state)
    while len(moves) > 1:
        pass
    return state.legal_moves()[0]
"""


@pytest.mark.usefixtures("late_notes_waited_for")
@pytest.mark.parametrize("every_move", [False, True])
def test_a_late_first_move_says_where_it_was_running_and_that_set_up_counts(tmp_path, every_move):
    """A choose that built its tables on its first call lost with only "exceeded the time limit
    (1.00 s > 0.5 s)": now the reason names the student's line it was stopped on, and that set-up
    work inside choose counts on the move's clock.  Not for a bot slow on every move (the same
    work on each call): told to move its set-up to __init__, its student looked the wrong way.
    The move asked again (the game lost already) tells them apart: in time, it was set-up."""
    bot = tmp_path / "tabelas.py"
    bot.write_text(SLOW_SET_UP.format(every=every_move))
    p = ai.make_player("tictactoe", str(bot))
    with pytest.raises(Forfeit) as lost:
        p.choose(games.load("tictactoe").initial_state(), Limits(time=0.2))
    why = str(lost.value)
    assert re.match(r"exceeded the time limit \(no answer after \d\.\d\d s; limit 0\.2 s \+ 0\.5 s grace\); process "
                    r"stopped; it was running "
                    r"tabelas\.py line (8|9) \(in build_table\)", why), why
    hint = re.escape(". It was its first move: set-up work done inside the move (reading files, building tables) "
                     "counts on the move's clock, so do it in __init__ or at module level; log: ")
    assert bool(re.search(hint, why)) is not every_move, why
    assert f"(no answer after {lost.value.spent:.2f} s; limit 0.2 s" in why  # the time until it was stopped
    assert "the move is asked again" in Path(why.rsplit("; log: ", 1)[1]).read_text()
    # asked once per file and limit in a process: a league's next game is not slowed by it, and says the same
    r = play_game(games.load("tictactoe"), [p, ai.make_player("tictactoe", "level-1")], ["bot", "level-1"], 0.2)
    assert r.forfeit and r.winner == 1 and bool(re.search(hint, r.reason)) is not every_move, r.reason
    assert f"at move 1 (no answer after {r.time_used[0]:.2f} s;" in r.reason  # the referee counts the time as said
    assert "the move is asked again" not in Path(r.reason.rsplit("; log: ", 1)[1]).read_text()
    p.close()


@pytest.mark.usefixtures("late_notes_waited_for")
def test_a_late_bot_printing_without_a_newline_is_told_where_it_was_running(tmp_path):
    """A late bot that printed its thoughts on one line (``print(..., end=" ")``) was told only
    "exceeded the time limit (...); process stopped": the note of where it was running came in
    the middle of the bot's line in its log, and was looked for at a line's start only."""
    why = _first_move_forfeit(tmp_path / "pensa.py", "import time\n\ndef choose(game, state):\n    while True:\n"
                              "        print('thinking', end=' ', flush=True)\n        time.sleep(0.001)\n")
    assert re.search(r"; process stopped; it was running pensa\.py line (5|6) \(in choose\); log: ", why), why


def _first_move_forfeit(bot: Path, source: str) -> str:
    """The reason a bot with ``source`` loses its first Tic-tac-toe move at 0.2 s."""
    bot.write_text(source)
    p = ai.make_player("tictactoe", str(bot))
    try:
        with pytest.raises(Forfeit) as lost:
            p.choose(games.load("tictactoe").initial_state(), Limits(time=0.2))
    finally:
        p.close()
    return str(lost.value)


@pytest.fixture
def bot_prints_after_each_note(monkeypatch):
    """After each note Tabuleiro writes in a bot's log, the bot, while its process lives, prints
    once more before anything else happens: what a loaded machine does to a bot that prints
    without end (the window's thread starved between its note and the kill), made certain."""
    from ai.outside_process import Bot

    write_note = Bot.note

    def note_then_let_it_print(bot: Bot, text: str, ours: bool = True) -> None:
        write_note(bot, text, ours)
        size = bot.log_path.stat().st_size
        while bot.proc.poll() is None and bot.log_path.stat().st_size == size:
            time.sleep(0.001)

    monkeypatch.setattr(Bot, "note", note_then_let_it_print)


@pytest.mark.usefixtures("late_notes_waited_for", "bot_prints_after_each_note")
def test_a_late_bot_that_prints_megabytes_is_still_told_where_it_was_running(tmp_path):
    """A slow bot that printed its search as it went (megabytes a second) lost with only
    "exceeded the time limit (...); process stopped": what it printed after the note of where it
    was running pushed the note out of the end of the log that was read.  Now the reason says
    where, and the log's last lines say it too, below what the bot printed: the note is written
    once the bot is stopped (written before the kill, one more print pushed it out of the log's
    last 4 KB, the end a teacher reads)."""
    why = _first_move_forfeit(tmp_path / "falador.py", "import time\n\ndef choose(game, state):\n    while True:\n"
                              "        print('a pensar ' * 2000)\n        time.sleep(0.001)\n")
    assert re.search(r"; process stopped; it was running falador\.py line (5|6) \(in choose\); log: ", why), why[:300]
    log_end = Path(why.rsplit("; log: ", 1)[1]).read_bytes()[-4096:].decode()
    assert re.search(r"Tabuleiro: stopped; it was running falador\.py line (5|6) \(in choose\)", log_end), log_end


@pytest.mark.usefixtures("late_notes_waited_for")
def test_a_late_later_move_says_where_it_was_running_without_the_set_up_hint(tmp_path):
    bot = tmp_path / "lento.py"
    bot.write_text(LATE_SECOND_MOVE)
    game = games.load("tictactoe")
    p = ai.make_player("tictactoe", str(bot))
    state = game.initial_state()
    state = state.play(p.choose(state, Limits(time=5)))
    with pytest.raises(Forfeit) as lost:
        p.choose(state, Limits(time=0.2))
    why = str(lost.value)
    assert re.search(r"; process stopped; it was running lento\.py line (6|7) \(in choose\); log: ", why), why
    assert "first move" not in why
    p.close()


def test_ctrl_c_while_a_bot_starts_leaves_no_folder_or_log(tmp_path, monkeypatch):
    """A KeyboardInterrupt in the middle of a bot's start (a --jobs 1 tournament plays in the
    command's own process) left its folder: only an OSError was cleaned up."""
    import subprocess
    import tempfile

    from ai import outside_process

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(subprocess, "Popen", interrupted)
    with pytest.raises(KeyboardInterrupt):
        outside_process.Bot([sys.executable, "-c", "pass"], "starting")
    assert not list((tmp_path / "tmp").iterdir())
    assert not list((tmp_path / "bot-logs").glob("*starting*"))


def test_stop_flag_ends_a_hung_bot():
    from ai.base import Flag

    game = games.load("tictactoe")
    p = ai.make_player("tictactoe", str(BOTS / "sleeper.py"))
    flag = Flag()
    flag.set()
    with pytest.raises(Forfeit, match="stopped"):
        p.choose(game.initial_state(), Limits(time=None, stop=flag))


@pytest.mark.parametrize("bot, reason", [
    ("raiser.py", "crashed at move 2: ZeroDivisionError: this bot always divides by zero"),  # O's first move
    ("exiter.py", "crashed at move 2 (process ended, exit status 3; stderr: about to quit)"),
    ("illegal.py", "played an illegal move 'a1'"),
])
def test_bad_bots_forfeit_with_the_reason(bot, reason):
    game = games.load("tictactoe")
    bad = ai.make_player("tictactoe", str(BOTS / bot))
    good = ai.make_player("tictactoe", "level-1", seed=2)
    r = play_game(game, [good, bad], ["good", bot], 0.5)
    assert r.forfeit and r.winner == 0
    assert reason in r.reason
    log = Path(r.reason.rsplit("; log: ", 1)[1]).read_text()  # every forfeit names a log that says why
    assert {"raiser.py": "Traceback", "exiter.py": "process ended", "illegal.py": "illegal move"}[bot] in log
    bad.close()


def test_a_tictactoe_choose_answering_the_pair_its_refusals_offer_plays_that_square(tmp_path):
    """Tic-tac-toe's refusals say "not a square like a1 or (0, 0)", and a ``choose`` that then
    returned the tuple ``(0, 0)`` lost the game: "a tuple is not a move".  The pair (x, y),
    column and row from 0, is read by the game's notation as its text is."""
    bot = tmp_path / "pares.py"
    bot.write_text("def choose(game, state):\n    move = state.legal_moves()[-1]\n"
                   "    return (move % game.width, move // game.width)\n")
    r = bot_against_level_1(games.load("tictactoe", width=4, height=3, k=3), str(bot), "pares", 2.0, seed=2)
    assert not r.forfeit, r.reason
    assert r.moves[0] == "d3"  # the last square: column 3, row 2


@pytest.mark.parametrize("game_id, played, answer, said", [
    ("tictactoe", ["b2"], (2, 0), "c1"),
    ("tictactoe", ["a1"], (0, 0), "a1 is already taken"),  # read as its text, refused by the rules
    ("tictactoe", [], (5, 0), "'(5, 0)' is off the board (x 0..2, y 0..2)"),
    ("hex", [], (0, 0), "(0, 0): a tuple is not a move: return one of state.legal_moves()"),  # no pairs in Hex's notation
])
def test_a_pair_answered_is_read_where_the_games_notation_reads_pairs(game_id, played, answer, said):
    from ai.outside_child import Refused, _answer_text
    from games.base import IllegalMove

    game = games.load(game_id)
    state = game.play_line(played)
    try:
        text = _answer_text(game, state, answer)
        said_back = game.format_move(state, game.parse_move(state, text))  # the parent reads the text
    except (Refused, IllegalMove) as refused:
        said_back = str(refused)
    assert said_back.startswith(said), said_back


@pytest.mark.parametrize("answer, said", [
    ("None", "played an illegal move None at move 1: choose returned None, not a move (a path of it without a "
             "return?)"),
    ("3.5", "played an illegal move 3.5 at move 1: a float is not a move: return one of state.legal_moves() (such as 4) "
            "or its notation ('b2')"),
])
def test_an_answer_that_is_no_move_at_all_says_so(tmp_path, answer, said):
    """A student's choose that forgot a return (None) or returned a float was told "'None' is not a
    cell name like b2": the rules' words about cells, not about the answer's kind."""
    from ui import words

    bot = tmp_path / "aluno.py"
    bot.write_text(f"def choose(game, state):\n    return {answer}\n")
    r = bot_against_level_1(games.load("tictactoe"), str(bot), "aluno", 0.5, seed=2)
    assert r.forfeit and r.winner == 1 and said in r.reason
    with words_in("pt"):
        shown = words.end_reason(r.reason.split("; log: ")[0])
    assert "não é uma jogada" in shown and ("return?" in shown or "state.legal_moves()" in shown)


@pytest.mark.parametrize("answer", ["99", "-1"])
def test_an_index_off_the_board_is_said_to_be_no_move_not_named_as_a_square(tmp_path, answer):
    """A student's choose returning 99 (or -1) on the 3x3 board read "played an illegal move 99
    (a34) at move 1: 'a34' is off the board (a1..c3)": a square made up from the number, which she
    never returned.  It is said to be no move of the game, and what to return instead."""
    from ui import words

    bot = tmp_path / "aluno.py"
    bot.write_text(f"def choose(game, state):\n    return {answer}\n")
    r = bot_against_level_1(games.load("tictactoe"), str(bot), "aluno", 0.5, seed=2)
    said = (f"played an illegal move {answer} at move 1: {answer} is not a move of this game: return one of "
            "state.legal_moves() (such as 4) or its notation ('b2')")
    assert r.forfeit and r.winner == 1 and said in r.reason, r.reason
    with words_in("pt"):
        shown = words.end_reason(r.reason.split("; log: ")[0])
    assert (f"{answer} não é uma jogada deste jogo: devolva uma de state.legal_moves() (como 4) ou a sua notação "
            "('b2')") in shown, shown


@pytest.mark.parametrize("answer, said, in_portuguese", [
    ("'x' * (100 * 2**20)", "played an illegal move 'xxxxxxxxx...xxxxxxxxxx' at move 1: its answer was too large "
                            "(100 MB) to be a move", "a sua resposta era demasiado grande (100 MB) para ser uma jogada"),
    ("[0] * 10_000_000", "played an illegal move [0, 0, 0, 0, ...] at move 1: its answer was too large (10,000,000 "
                         "items) to be a move", "demasiado grande (10,000,000 elementos)"),
])
def test_a_huge_answer_is_refused_unread_saying_so(tmp_path, answer, said, in_portuguese):
    """A bot whose move was a 100 MB string (qa95's) was timed out, "it was running base.py line 32
    (in __init__)": the rules' IllegalMove building its message of the whole text, not the
    student's file; and as a late first move it was asked again, which stalled the match 11 s.
    It is refused as soon as it is returned, unread, and the forfeit says what happened."""
    from ui import words

    bot = tmp_path / "aluno.py"
    bot.write_text(f"def choose(game, state):\n    return {answer}\n")
    r = bot_against_level_1(games.load("tictactoe"), str(bot), "aluno", 1.0, seed=2)
    assert r.forfeit and r.winner == 1 and said in r.reason, r.reason[:500]
    assert "time limit" not in r.reason and len(r.reason) < 500  # not late: no second asking, no 100 MB message
    with words_in("pt"):
        assert in_portuguese in words.end_reason(r.reason.split("; log: ")[0])


def test_an_error_of_100_mb_is_said_cut_short_naming_the_line(tmp_path):
    """A choose raising ValueError('x' * 100 MB) sent the message whole in its reply and wrote it
    whole in its log: it was timed out doing so, stalling the match, and the forfeit said no line."""
    bot = tmp_path / "aluno.py"
    bot.write_text("def choose(game, state):\n    raise ValueError('x' * (100 * 2**20))\n")
    r = bot_against_level_1(games.load("tictactoe"), str(bot), "aluno", ROOM_FOR_100_MB, seed=2)
    assert r.forfeit and r.winner == 1 and "crashed at move 1: ValueError: xxxxxxxxxx" in r.reason, r.reason[:500]
    said, log = r.reason.split("; log: ")
    assert said.endswith("... (at aluno.py line 2)") and len(said) < 1000, said[:500]
    assert Path(log).stat().st_size < 10_000  # its traceback too, cut short in the bot's log


@pytest.mark.parametrize("code, said", [
    ("def choose(state):\n    return state.legal_moves()[0]\n",
     "choose(state) cannot be called as Tabuleiro calls it, choose(game, state) or choose(game, state, seconds) "
     "(at aluno.py line 1)"),
    ("class Bot:\n    def __init__(self, game):\n        self.game = game\n\n"
     "    def choose(self, game, state):\n        return state.legal_moves()[0]\n",
     "Bot.choose(game, state) cannot be called as Tabuleiro calls a class's choose, choose(state) or "
     "choose(state, seconds): the game is given once, to __init__(self, game) (at aluno.py line 5)"),
])
def test_a_choose_that_cannot_take_what_it_is_given_is_a_load_error_naming_its_line(tmp_path, code, said):
    """``choose(state)`` forfeited every game with "TypeError: choose() takes 1 positional argument
    but 2 were given" (no file, no line), and a class's ``choose(self, game, state)``, given the
    state and the seconds, with "'float' object has no attribute 'legal_moves'"."""
    from ui import words

    bot = tmp_path / "aluno.py"
    bot.write_text(code)
    with pytest.raises(ValueError) as raised:
        ai.make_player("tictactoe", str(bot))
    assert said in str(raised.value)
    with words_in("pt"):
        shown = words.load_problem(str(raised.value).split("; log: ")[0])
    assert "não pode ser chamada como o Tabuleiro" in shown and "(em aluno.py, linha" in shown, shown


def test_a_choose_that_changes_the_state_it_is_given_is_read_in_the_position_as_it_was(tmp_path):
    """A choose that set ``state.to_move`` and then answered from the changed state forfeited with
    the rules' words for the wrong position ("b3 holds no White piece"), the change unsaid; an
    answer legal in the position as it was is taken, one that is not says what happened."""
    keeps = tmp_path / "keeps.py"
    keeps.write_text("def choose(game, state):\n    move = state.legal_moves()[0]\n"
                     "    state.to_move = 1 - state.to_move\n    return move\n")
    breaks = tmp_path / "breaks.py"
    breaks.write_text("def choose(game, state):\n    state.to_move = 1 - state.to_move\n"
                      "    return state.legal_moves()[0]\n")
    game = games.load("alquerque")
    good = ai.make_player("alquerque", str(keeps))
    bad = ai.make_player("alquerque", str(breaks))
    try:
        state = game.initial_state()
        assert good.choose(state, Limits(time=2.0)) in state.legal_moves()
        with pytest.raises(Forfeit, match="choose changed the state it was given, and its answer is not legal"):
            bad.choose(state, Limits(time=2.0))
    finally:
        good.close()
        bad.close()


@pytest.mark.parametrize("game_id, change", [
    ("rastros", "state.blacks = set()"),
    ("hex", "state._moves = state.game = None"),
])
def test_a_choose_that_breaks_the_state_past_reading_has_its_legal_answer_taken(tmp_path, game_id, change):
    """A choose that took a legal move, then broke the state it was given (``state.blacks =
    set()``; ``state._moves = None``, the same text) forfeited with an error in Tabuleiro's rules,
    ``TypeError: unsupported operand type(s) for >>: 'set' and 'int' (at rastros.py line 228)``,
    ``'NoneType' object has no attribute 'cells' (at hex.py line 159)``, although the doc says its
    answer is read in the position as it was."""
    bot = tmp_path / "breaks_it.py"
    bot.write_text(f"def choose(game, state):\n    move = state.legal_moves()[0]\n    {change}\n    return move\n")
    assert first_answer(game_id, bot) == games.load(game_id).initial_state().legal_moves()[0]


def test_a_choose_that_asks_input_for_its_move_is_told_no_one_answers(tmp_path):
    """A choose that read its move with ``input()`` forfeited with Python's words, ``EOFError: EOF
    when reading a line (at pergunta.py line 2)``, which do not say why a bot is never answered."""
    from ui import words

    bot = tmp_path / "pergunta.py"
    bot.write_text("def choose(game, state):\n    return input('move? ')\n")
    with pytest.raises(Forfeit) as raised:
        first_answer("tictactoe", bot)
    said = str(raised.value)
    assert said.startswith("crashed: EOFError: input() has no one to answer it here: choose reads the "
                           "position from state and returns its move (at pergunta.py line 2)"), said
    with words_in("pt"):
        shown = words.forfeit_reason(said)
    assert "aqui não há ninguém para responder a input(): choose lê a posição em state" in shown, shown


def test_a_move_of_the_right_kind_but_illegal_is_named_in_notation_with_the_rules_reason(tmp_path):
    """An Alquerque bot that returned Black's move (11, 6) for White was told "'(11, 6)' is not a
    move like c2-c3 or b1xb3xd5", as if a tuple were the wrong kind of answer."""
    bot = tmp_path / "other_side.py"
    bot.write_text("def choose(game, state):\n    return (11, 6)\n")
    with pytest.raises(Forfeit) as raised:
        first_answer("alquerque", bot)
    assert "played an illegal move (11, 6) (b3-b2): b3-b2: b3 holds no White piece" in str(raised.value)


def test_bad_files_are_errors_before_any_game(tmp_path):
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    with pytest.raises(ValueError, match="defines no player"):
        ai.make_player("tictactoe", str(empty))
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n")
    with pytest.raises(ValueError, match="SyntaxError"):
        ai.make_player("tictactoe", str(broken))
    with pytest.raises(ValueError, match="no such file"):
        ai.make_player("tictactoe", str(tmp_path / "missing.py"))


# -- GTP engines as outside players ------------------------------------------------------------------
def test_hex_cells_transposed_for_benzene_style_engines():
    from ai.outside import _transpose_cell

    assert _transpose_cell("c1") == "a3" and _transpose_cell("a3") == "c1"
    assert _transpose_cell("k11") == "k11" and _transpose_cell("b10") == "j2"
    assert _transpose_cell("swap") == "swap"


def test_gtp_engine_as_an_outside_player():
    command = f"gtp:{sys.executable} {ROOT / 'main.py'} gtp tictactoe --player level-2 --time 0.1"
    game = games.load("tictactoe")
    g = ai.make_player("tictactoe", command)
    assert "Tabuleiro" in g.info.title
    other = ai.make_player("tictactoe", "level-1", seed=4)
    for players in ([g, other], [other, g]):
        r = play_game(game, players, ["a", "b"], 1.0)
        assert not r.forfeit, r.reason
    g.close()


def test_a_gtp_engine_that_is_not_there_is_said_plainly(tmp_path):
    """A mistyped engine name reads as a missing program, not as an errno, and a file that is no
    program as one that may not be run."""
    from ai.outside import OutsideLoadError

    with pytest.raises(OutsideLoadError, match=r"cannot start 'nosuchengine': no such program \(is it installed"):
        ai.make_player("tictactoe", "gtp:nosuchengine --x")
    text = tmp_path / "notes.txt"
    text.write_text("not a program\n")
    with pytest.raises(OutsideLoadError, match=r"it may not be run \(is it a program\?\)"):
        ai.make_player("tictactoe", f"gtp:{text}")


def test_the_course_modules_beside_a_player_file_do_not_shadow_ours(tmp_path):
    """Students keep the course's rastros.py (which needs func_timeout, not installed) next to
    their file; the player must still load with our modules."""
    import shutil

    (tmp_path / "rastros.py").write_text("import func_timeout_not_installed\n")
    (tmp_path / "jogos.py").write_text("raise ImportError('the course copy must not be used')\n")
    shutil.copy(ALUNOS, tmp_path / "aluno.py")
    p = ai.make_player("rastros", f"{tmp_path / 'aluno.py'}:jogador42")
    game = games.load("rastros")
    assert game.parse_move(game.initial_state(), game.format_move(game.initial_state(), p.choose(
        game.initial_state(), Limits(time=1.0)))) in game.initial_state().legal_moves()
    p.close()


# -- students' files as they hand them in (tests/data/course/, written by us in the course's style) --
COURSE = ROOT / "tests" / "data" / "course"


def play_against_teimoso(player_id: str, loader: dict | None = None):
    """Two games (both sides) of ``player_id`` against a plain course player: no forfeit; the player."""
    from ai.outside import load_outside_player

    game = games.load("rastros")
    p = ai.make_player("rastros", player_id) if loader is None else load_outside_player("rastros", player_id, None,
                                                                                          **loader)
    other = ai.make_player("rastros", f"{ALUNOS}:teimoso")
    try:
        for players in ([p, other], [other, p]):
            r = play_game(game, players, ["a", "b"], 2.0)
            assert not r.forfeit, r.reason
    finally:
        p.close()
        other.close()
    return p


def test_two_argument_evaluation_with_alphabeta_cutoff_search_and_todosjog():
    play_against_teimoso(f"{COURSE / 'aluno_cutoff.py'}:jogador42")


def test_championship_at_import_returns_at_once_and_is_logged(caplog):
    import logging

    with caplog.at_level(logging.INFO, logger="ai.outside"):
        p = play_against_teimoso(f"{COURSE / 'aluno_campeonato.py'}:campeao")
    assert p.info.title == "Campeão"
    assert any("faz_campeonato" in s for s in p.skipped) and any("jogaRastros11" in s for s in p.skipped)
    assert "faz_campeonato" in caplog.text


QUIET_COURSE_FILE = """from rastros import *

jogo = jogaRastros11(basilio, basilio)  # a demo match at import: skipped, with Tabuleiro's notes in the log
quieto = Jogador("Quieto", lambda game, state: alphabeta_cutoff_search_new(state, game, 1))
"""


def test_a_log_with_only_our_notes_goes_and_one_the_bot_wrote_in_stays(tmp_path):
    """Tabuleiro's own notes ("skipped while loading", "... returns at once") made every such
    bot's log non-empty, so none was removed: a 182-game league left 74."""
    logs = tmp_path / "bot-logs"
    quiet = tmp_path / "quieto.py"
    quiet.write_text(QUIET_COURSE_FILE)
    p = play_against_teimoso(f"{quiet}:quieto")
    assert any("jogaRastros11" in s for s in p.skipped)  # the notes were written
    assert not list(logs.glob("*quieto*"))
    chatty = tmp_path / "falador.py"
    chatty.write_text(QUIET_COURSE_FILE + 'print("olá")\n')
    play_against_teimoso(f"{chatty}:quieto")
    kept = list(logs.glob("*falador*"))
    assert kept and all("olá" in log.read_text() for log in kept)


def test_a_late_bot_with_only_our_notes_keeps_the_log_its_forfeit_names(tmp_path):
    bot = tmp_path / "lento.py"
    bot.write_text("import rastros as _r\n\n_r.jogaRastros11(_r.basilio, _r.basilio)\n\n\n"
                   "def choose(game, state):\n    while True:\n        pass\n")
    p = ai.make_player("rastros", str(bot))
    with pytest.raises(Forfeit, match=r"exceeded the time limit .*; log: .*\.log$") as lost:
        p.choose(games.load("rastros").initial_state(), Limits(time=0.2))
    p.close()
    assert "jogaRastros11" in Path(str(lost.value).rsplit("; log: ", 1)[1]).read_text()


def test_old_bot_logs_are_pruned(tmp_path, monkeypatch):
    """Nothing ever removed a log: the temporary folder grew with every league."""
    import os

    from ai.outside_process import LOG_KEEP_DAYS, LOG_ROOT_VARIABLE, new_log, prune_logs

    folder = tmp_path / "logs"
    folder.mkdir()
    monkeypatch.setenv(LOG_ROOT_VARIABLE, str(folder))
    now = time.time()
    names = [f"20261101-10000{i}-ana-jogador-x{i}.log" for i in range(4)]
    for age, name in enumerate(names):  # the first written most recently
        (folder / name).write_text("Traceback ...\n")
        os.utime(folder / name, (now - age * 3600, now - age * 3600))
    old = folder / "20250101-000000-rui-jogador-old.log"
    old.write_text("Traceback ...\n")
    os.utime(old, (now - (LOG_KEEP_DAYS + 1) * 86400,) * 2)
    (folder / "notes.txt").write_text("the teacher's own file")
    latest = new_log("bot")  # a process's first bot: the folder is pruned
    assert not old.exists() and all((folder / name).exists() for name in names)
    assert prune_logs(folder, count=2) == 3  # the newest two stay, and the file that is not a log
    assert {p.name for p in folder.iterdir()} == {latest.name, names[0], "notes.txt"}


@pytest.mark.skipif(not hasattr(__import__("os"), "getuid"), reason="users by number (POSIX)")
def test_each_user_of_a_computer_ships_bots_to_a_private_folder_of_their_own(tmp_path, monkeypatch):
    """One tabuleiro-bots/ in /tmp served every user, made by the first (mode 755): on a lab's
    shared computer no other user's outside player could start (seen with the desktop bundle run
    by a second user: "Permission denied: '/tmp/tabuleiro-bots/...log'").  Bots' logs are in the
    data folder now (``test_bot_logs_of_games_and_matches_last_in_the_data_folder``); the folder
    stays for a league's workers' players (``ai.cluster``)."""
    import os
    import stat
    import tempfile

    from ai.outside_process import shipped_bots_folder

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    folders = []
    for user in (1000, 1001):
        monkeypatch.setattr(os, "getuid", lambda user=user: user)
        folders.append(shipped_bots_folder())
    assert folders[0] != folders[1]
    assert all(stat.S_IMODE(folder.stat().st_mode) == 0o700 for folder in folders)


@pytest.mark.skipif(not hasattr(__import__("os"), "getuid"), reason="users by number (POSIX)")
def test_a_shipped_bots_folder_of_ones_name_held_by_another_user_is_not_used(tmp_path, monkeypatch):
    """Another user could make the folder first, to read the bots or to stop them starting."""
    import os
    import tempfile

    from ai.outside_process import shipped_bots_folder

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    user = os.getuid() + 1
    taken = tmp_path / f"tabuleiro-bots-{user}"
    taken.mkdir()  # made by this user, so held by another one for ``user``
    monkeypatch.setattr(os, "getuid", lambda: user)
    folder = shipped_bots_folder()
    assert folder != taken and folder.is_dir() and not any(taken.iterdir())


@pytest.mark.skipif(not hasattr(__import__("os"), "getuid"), reason="a private folder's mode (POSIX)")
def test_bot_logs_of_games_and_matches_last_in_the_data_folder(tmp_path, monkeypatch):
    """A window's game and ``main.py match`` logged their bots in /tmp/tabuleiro-bots-UID, emptied
    on reboot, while a saved game's forfeit named the log there (qa109).  They log in the data
    folder's ``bot-logs/`` now (``ai.data_folder``, the rule the saved games follow), this user's
    alone, bounded by ``prune_logs``."""
    import stat
    import tempfile

    from ai.data_folder import bot_logs_dir
    from ai.outside_process import LOG_ROOT_VARIABLE, new_log
    from ui.data_folders import data_dir

    monkeypatch.delenv(LOG_ROOT_VARIABLE, raising=False)
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    log = new_log("ana/jogador.py")
    assert log.parent == tmp_path / "data" / "bot-logs" == bot_logs_dir() == data_dir() / "bot-logs"
    assert log.is_file() and stat.S_IMODE(log.parent.stat().st_mode) == 0o700
    assert not (tmp_path / "temporary").exists()


def test_bot_logs_are_kept_to_a_total_size_the_newest_whatever_its_size(tmp_path):
    """The data folder lasts: its logs are bounded by size too, the older ones going first."""
    import os

    from ai.outside_process import prune_logs

    now = time.time()
    names = [f"20261101-10000{i}-ana-jogador-x{i}.log" for i in range(4)]
    for age, name in enumerate(names):  # the first written most recently, each 0.4 MB
        (tmp_path / name).write_bytes(b"x" * (400 << 10))
        os.utime(tmp_path / name, (now - age * 3600,) * 2)
    assert prune_logs(tmp_path, megabytes=1) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == names[:2]
    assert prune_logs(tmp_path, megabytes=0.1) == 1  # the newest stays, however large
    assert [p.name for p in tmp_path.iterdir()] == names[:1]


def test_a_tournaments_own_bot_logs_are_never_pruned(tmp_path):
    """A league's logs, kept beside its results (``lasting_log_folder``), would be pruned with the
    temporary ones after a week: the folder a caller names keeps every log."""
    import os

    from ai.outside_process import LOG_KEEP_DAYS, new_log

    folder = tmp_path / "league.bots"
    folder.mkdir()
    old = folder / "20250101-000000-rui-jogador-old.log"
    old.write_text("Traceback ...\n")
    os.utime(old, (time.time() - (LOG_KEEP_DAYS + 1) * 86400,) * 2)
    assert new_log("bot", folder).parent == folder and old.exists()


def test_a_students_own_games_module_is_theirs():
    play_against_teimoso(f"{COURSE / 'games_sibling' / 'aluno.py'}:primeiro")


def test_syntax_error_names_the_students_file_and_line():
    from ai.outside import OutsideLoadError

    with pytest.raises(OutsideLoadError, match=r"SyntaxError: .*\(at aluno_sintaxe\.py line 5\)") as info:
        ai.make_player("rastros", str(COURSE / "aluno_sintaxe.py"))
    assert "frozen" not in str(info.value)
    assert info.value.player_id == str(COURSE / "aluno_sintaxe.py")
    assert info.value.reason.startswith("SyntaxError: ")  # the file's fault, not "crashed: SyntaxError"


@pytest.mark.usefixtures("late_notes_waited_for")
@pytest.mark.usefixtures("late_notes_waited_for")
def test_slow_import_names_the_limit_the_cause_and_the_line():
    """The load's limit counts from the moment its worker is up (``_await_ready``), not from the
    interpreter's start: before the sleep it covers only the file's import of the course module
    (a limit of half a second named the sleep's line on a machine at load 12)."""
    from ai.outside import OutsideLoadError, load_outside_player

    began = time.perf_counter()
    with pytest.raises(OutsideLoadError) as info:
        load_outside_player("rastros", str(COURSE / "aluno_lento.py"), None, load_time=1.5)
    message = str(info.value)
    assert time.perf_counter() - began < 15
    assert "load time limit (1.5 s)" in message and "demo match or a championship" in message
    assert "aluno_lento.py line 9" in message  # the sleep inside campeonato_longo()
    assert "--definitions-only" in message
    assert info.value.reason.startswith("loading took longer")  # not "could not be loaded: " twice over


@pytest.mark.usefixtures("late_notes_waited_for")
def test_a_file_busy_in_python_past_the_limit_is_slow_not_crashed():
    """The stack of a file still loading was read while it ran: the worker crashed (SIGSEGV) about
    half the time, and the report was a garbled stack instead of "too slow".  Four loads, each
    in a worker of its own, side by side: one after the other they took 4 s of waiting."""
    from ai.outside import OutsideLoadError, load_outside_player

    def reason_of_a_busy_load(_: int) -> str:
        with pytest.raises(OutsideLoadError) as info:
            load_outside_player("rastros", str(COURSE / "aluno_ocupado.py"), None, load_time=1.0)
        return info.value.reason

    with ThreadPoolExecutor(4) as loads:
        reasons = list(loads.map(reason_of_a_busy_load, range(4)))
    for reason in reasons:
        assert reason.startswith("loading took longer"), reason
        # a line of its busy code: the game loop or the function it calls (its def line on entry)
        assert re.search(r"it was running aluno_ocupado\.py line (5|6|12|13|14|15)\b", reason), reason


def test_slow_import_loads_with_definitions_only():
    play_against_teimoso(f"{COURSE / 'aluno_lento.py'}:lento", {"definitions_only": True})


def test_error_inside_the_course_module_names_the_students_line():
    game = games.load("rastros")
    p = ai.make_player("rastros", f"{COURSE / 'aluno_erro_no_curso.py'}:teimoso")
    try:
        with pytest.raises(Forfeit, match=r"in Tabuleiro's course module jogos\.py line \d+, "
                                          r"called from aluno_erro_no_curso\.py line 10\)"):
            p.choose(game.initial_state(), Limits(time=5))
    finally:
        p.close()


def test_notebook_player_loads_definitions_and_names_what_it_skipped():
    p = play_against_teimoso(f"{COURSE / 'caderno_aluno.ipynb'}:jogador42", {})  # ai.is_outside_player: .py only
    assert p.info.title == "Caderno 42"
    skipped = "\n".join(p.skipped)
    # cells counted as the notebook shows them: its first, a markdown cell, is cell 1 (the code
    # cells alone were counted: "cell 4" sent the teacher to the cell before the one meant)
    assert "caderno_aluno.ipynb cell 5 line 1: campeonato = jogaRastrosNN" in skipped
    assert "cell 5 line 3: for r in resultados" in skipped
    assert "cell 6 line 2: faz_campeonato" in skipped
    assert "needs campeonato" in skipped  # resultados = [... in campeonato] could not run


def test_missing_module_names_itself_and_where_to_put_it(tmp_path):
    from ai.outside import OutsideLoadError

    bot = tmp_path / "aluno.py"
    bot.write_text("from utilidades import avaliar\nfrom rastros import *\n")
    with pytest.raises(OutsideLoadError, match=r"No module named 'utilidades': put utilidades\.py .* beside "
                                               r"aluno\.py, in .*\(at aluno\.py line 1\)") as info:
        ai.make_player("rastros", str(bot))
    assert info.value.reason.startswith("No module named 'utilidades': put")


@pytest.mark.parametrize("text, why", [
    ("from utilidades import avaliar\n", "No module named 'utilidades': put utilidades.py"),
    ("def choose(game, state)\n    return 1\n", "SyntaxError: expected ':' (at jogador.py line 1)"),
])
def test_a_match_names_a_file_that_cannot_be_loaded_once(tmp_path, capsys, text, why):
    from ai.commands.match import run_match

    bot = tmp_path / "jogador.py"
    bot.write_text(text)
    assert run_match("tictactoe", (str(bot), "level-1"), {}, 1, 1.0, None, False) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bot} could not be loaded: {why}") and err.count(str(bot)) == 1, err


def test_trax_students_are_told_apart_by_folder():
    p = ai.make_player("trax", str(TRAX))
    assert p.info.title.startswith("trax_student")
    p.close()


def _course_trax_answering(tmp_path, name: str, answer: str):
    """A game of the course Trax file changed to answer ``answer`` (an expression of its ``result``)
    in a folder ``name`` of its own, Light, against level 1: its result."""
    folder = tmp_path / name
    folder.mkdir()
    source = TRAX.read_text(encoding="utf-8")
    changed = source.replace("                        return result\n", f"                        return {answer}\n")
    assert changed != source
    (folder / "player.py").write_text(changed, encoding="utf-8")
    bad = ai.make_player("trax", str(folder / "player.py"))
    good = ai.make_player("trax", "level-1", seed=2)
    try:
        return play_game(games.load("trax"), [bad, good], [name, "good"], 5.0)
    finally:
        bad.close()


def test_a_course_trax_player_whose_turn_is_not_legal_forfeits_saying_why_once(tmp_path):
    """A course Trax file answering a turn that is not one legal turn (a tile without its forced
    tiles, or with one too many) forfeited with its answer quoted twice and "is not a Trax move
    like e5/ ...", notation it never used; now the reason is its own, in both languages."""
    from ui.words import forfeit_reason

    r = _course_trax_answering(tmp_path, "sloppy", "result[:1] if len(result) > 1 else result + [[0, 0, 'lddl']]")
    assert r.forfeit and r.winner == 1, r.reason
    why = r.reason.split("forfeits: sloppy ", 1)[1].split("; log: ")[0]
    assert re.fullmatch(r"played an illegal move \d+,\d+:[dl]{4} at move 1: the tiles .+ are not one legal turn with its "
                        r"forced tiles", why), why
    with words_in("pt"):
        said = forfeit_reason(why)
    assert said.startswith("fez uma jogada ilegal") and "não são uma jogada legal com as suas peças forçadas" in said


@pytest.mark.parametrize("row, kind, value", [
    ("r + 0.7", "float", r"\d+\.7"), ("float(r)", "float", r"\d+\.0"), ("str(r)", "str", r"'\d+'"),
])
def test_a_course_trax_player_whose_row_is_no_int_forfeits_saying_so(tmp_path, row, kind, value):
    """A course Trax file answering row 4.7 had it read as ``int(4.7)``, row 4, and played a tile
    it never named; a row that is no int is refused, as the other adapters refuse a float where
    moves are ints, and the forfeit says which value, in both languages."""
    from ui.words import forfeit_reason

    r = _course_trax_answering(tmp_path, "fractional", f"[[{row}, c, t] for r, c, t in result]")
    assert r.forfeit and r.winner == 1 and r.moves == [], r.reason
    why = r.reason.split("forfeits: fractional ", 1)[1].split("; log: ")[0]
    assert re.fullmatch(rf"played an illegal move \[\[.+\]\] at move 1: a {kind} \({value}\) is not a row or column: "
                        r"expected \[\[row, col, tile\], \.\.\.\] with ints", why), why
    with words_in("pt"):
        said = forfeit_reason(why)
    assert re.search(rf"um {kind} \({value}\) não é uma fila nem uma coluna: esperava-se \[\[fila, coluna, peça\], "
                     r"\.\.\.\] com ints$", said), said


def test_a_course_trax_players_column_past_the_edge_is_not_read_as_the_next_row(tmp_path):
    """Row r - 1, column c + 10 on a 10x10 board was read as cell (r - 1) * 10 + c + 10, the tile the
    bot meant at (r, c), and played; a column off the board is refused."""
    folder = tmp_path / "wrapped"
    folder.mkdir()
    source = TRAX.read_text(encoding="utf-8")
    wrapped = source.replace("                        return result\n",
                             "                        return [[r - 1, c + 10, t] for r, c, t in result]\n")
    assert wrapped != source
    (folder / "player.py").write_text(wrapped, encoding="utf-8")
    game = games.load("trax", size=10)
    bad = ai.make_player("trax", str(folder / "player.py"))
    good = ai.make_player("trax", "level-1", seed=2)
    r = play_game(game, [bad, good], ["wrapped", "good"], 5.0)
    bad.close()
    assert r.forfeit and r.winner == 1 and r.moves == [], r.reason
    assert r.reason.split("; log: ")[0].endswith(" at move 1: expected [[row, col, tile], ...]"), r.reason


def test_a_course_trax_players_numpy_rows_are_ints_and_played(tmp_path):
    """numpy's integers (a row from ``numpy.argmax``) are ints whatever their type
    (``plain_move``): the same turn is played as with Python's ints."""
    folder = tmp_path / "numpy_rows"
    folder.mkdir()
    source = TRAX.read_text(encoding="utf-8")
    with_numpy = source.replace("                        return result\n",
                                "                        import numpy\n"
                                "                        return [[numpy.int64(r), numpy.int32(c), t] for r, c, t in result]\n")
    assert with_numpy != source
    (folder / "player.py").write_text(with_numpy, encoding="utf-8")
    game = games.load("trax")
    state = game.initial_state()
    players = [ai.make_player("trax", str(path)) for path in (TRAX, folder / "player.py")]
    try:
        plain, numpy_rows = (p.choose(state, Limits(time=5.0)) for p in players)
    finally:
        for p in players:
            p.close()
    assert numpy_rows == plain and game.is_legal(state, plain)


def test_tournament_with_a_broken_file_plays_on_and_that_file_forfeits(tmp_path):
    out = tmp_path / "t"
    proc = subprocess.run(
        [sys.executable, "main.py", "tournament", "rastros", f"{ALUNOS}:teimoso",
         f"{COURSE / 'aluno_cutoff.py'}:jogador42", str(COURSE / "aluno_sintaxe.py"), "--games", "2", "--time", "2",
         "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "SyntaxError" in proc.stdout + proc.stderr
    assert "aluno_sintaxe.py line 5" in proc.stdout + proc.stderr


# -- GTP engines: start-up, time, setup, swap, resign, logs, their own folder ---------------------------
ENGINE = BOTS / "gtp_engine.py"


def engine_config(tmp_path, *flags: str, **config) -> str:
    """A JSON config for the test engine with ``flags``; its path (an outside player id)."""
    path = tmp_path / f"engine{len(list(tmp_path.glob('*.json')))}.json"
    path.write_text(json.dumps({"command": [sys.executable, str(ENGINE), *flags], **config}))
    return str(path)


def test_gtp_slow_start_up_is_outside_the_clock(tmp_path):
    game = games.load("tictactoe")
    slow = ai.make_player("tictactoe", engine_config(tmp_path, "--startup", "2"))
    other = ai.make_player("tictactoe", str(BOTS / "simple_contract.py"))
    r = play_game(game, [slow, other], ["slow", "other"], 0.5)
    assert not r.forfeit, r.reason
    slow.close()
    other.close()


def test_gtp_engine_that_never_answers_is_not_loaded(tmp_path):
    from ai.outside import OutsideLoadError

    began = time.perf_counter()
    with pytest.raises(OutsideLoadError, match="does not answer GTP"):
        ai.make_player("tictactoe", engine_config(tmp_path, "--silent", startup_time=1))
    assert time.perf_counter() - began < 10


def test_gtp_engine_gets_time_settings_setup_and_its_own_folder(tmp_path):
    record = tmp_path / "received.txt"
    game = games.load("tictactoe")
    engine = ai.make_player("tictactoe", engine_config(tmp_path, "--record", str(record),
                                                       setup=["param_test max_time 1"]))
    other = ai.make_player("tictactoe", str(BOTS / "simple_contract.py"))
    r = play_game(game, [engine, other], ["engine", "other"], 2.0)
    assert not r.forfeit, r.reason
    engine.choose(game.initial_state(), Limits(time=None, remaining=30.0, increment=0.0))
    engine.close()
    other.close()
    lines = record.read_text().splitlines()
    assert lines.index("param_test max_time 1") < lines.index("time_settings 0 2 1") < lines.index("genmove b")
    assert "time_settings 30 0 0" in lines and "time_left b 30 0" in lines
    folder = lines[0].split(" ", 1)[1]
    assert "tabuleiro-bot-" in folder and not Path(folder).exists()  # its own, removed at the end


def test_gtp_engine_is_told_a_limit_under_a_second_as_it_is(tmp_path):
    """GTP's whole seconds would make 0.3 s a second, and an engine that used it lose on time."""
    game = games.load("tictactoe")
    told = {}
    for flags in ((), ("--whole-seconds",)):
        record = tmp_path / f"received{len(flags)}.txt"
        engine = ai.make_player("tictactoe", engine_config(tmp_path, "--record", str(record), *flags))
        engine.choose(game.initial_state(), Limits(time=0.3))
        engine.close()
        told[flags] = [line for line in record.read_text().splitlines() if line.startswith("time_settings")]
    assert told[()] == ["time_settings 0 0.3 1"]
    assert told[("--whole-seconds",)] == ["time_settings 0 0.3 1", "time_settings 0 1 1"]  # refused, then the protocol's


def test_gtp_resign_and_swap(tmp_path):
    resigner = ai.make_player("tictactoe", engine_config(tmp_path, "--resign"))
    game = games.load("tictactoe")
    with pytest.raises(Resigned, match=r"^resigned$"):
        resigner.choose(game.initial_state(), Limits(time=1))
    resigner.close()
    hex3 = games.load("hex", size=3, swap=True)
    swapper = ai.make_player("hex", engine_config(tmp_path, "--swap"), options={"size": 3, "swap": True})
    state = hex3.initial_state().play(hex3.parse_move(hex3.initial_state(), "a1"))
    assert swapper.choose(state, Limits(time=1)) == hex3.parse_move(state, "swap")
    swapper.close()


def test_a_gtp_engines_answer_too_large_to_be_a_move_is_dropped_as_it_comes(tmp_path):
    """An engine's genmove answered with 100 MB was read whole (1.1 GB of memory), parsed, and put
    whole in the forfeit (200 MB on the terminal, 18 s); the reader drops it as it comes and says so."""
    from ui import words

    engine = ai.make_player("tictactoe", engine_config(tmp_path, "--huge"))
    result = play_game(games.load("tictactoe"), [engine, ai.make_player("tictactoe", "level-1")], ["huge", "l1"],
                        ROOM_FOR_100_MB)
    engine.close()
    assert result.forfeit and result.winner == 1, result.reason[:500]
    assert "played an illegal move 'xxxxxxxxxxxxxxxxxxxx...' at move 1: its answer was too large (100 MB) to be a " \
           "move" in result.reason and len(result.reason) < 500, result.reason[:500]
    with words_in("pt"):
        assert "demasiado grande (100 MB) para ser uma jogada" in words.end_reason(result.reason.split("; log: ")[0])


def test_a_line_past_the_most_is_read_a_chunk_at_a_time_and_only_counted():
    """The reader of a bot's stream keeps a line past ``LINE_MOST`` as its start and size
    (``LongLine``), the lines after it as they are; a Python worker's reply so long is a crash."""
    import io
    import queue
    import types

    from ai import outside, outside_process

    lines: queue.Queue = queue.Queue()
    huge = 3 * outside_process.LINE_MOST + 5
    outside_process._read_lines(io.BytesIO(b"x" * huge + b"\nnext\n"), lines)
    long, after, end = lines.get_nowait(), lines.get_nowait(), lines.get_nowait()
    assert isinstance(long, outside_process.LongLine) and long.size == huge and len(long) == outside_process.LINE_KEPT
    assert (after, end) == (b"next\n", b"")
    worker = object.__new__(outside._Worker)  # its reply only: no process
    worker.bot = types.SimpleNamespace(lines=queue.Queue())
    worker.bot.lines.put(long)
    with pytest.raises(outside.ProcessDied, match=r"^crashed: its reply was too large \(3 MB\)$"):
        worker._reply(5.0)


def test_a_gtp_engine_that_resigns_loses_without_a_forfeit(tmp_path):
    """A resignation broke no rule: the standings counted it in the forfeits column, with "lost
    on time, illegal move or crash"."""
    from ai.tournament_standings import standings
    from ui import words

    game = games.load("tictactoe")
    resigner = ai.make_player("tictactoe", engine_config(tmp_path, "--resign"))
    other = ai.make_player("tictactoe", "level-1")
    result = play_game(game, [other, resigner], ["level-1", "quitter"], 1.0)
    resigner.close()
    assert (result.winner, result.forfeit, result.reason) == (0, False, "O resigns at move 2")  # its first, after X's
    table = {s.player: s for s in standings(["level-1", "quitter"], [result])}
    assert (table["quitter"].losses, table["quitter"].forfeits, table["level-1"].wins) == (1, 0, 1)
    assert words.end_reason(result.reason) == "O resigns at move 2"


RESIGNING_FILES = {  # each contract's player answering "resign" (docs/outside-players.md): the same word everywhere
    "tictactoe": ("bot.py", "def choose(game, state):\n    return 'Resign '\n"),
    "rastros": ("aluno.py", "from rastros import *\n\ndesiste = Jogador('Desiste', lambda game, state: 'resign')\n"),
    "trax": ("player.py", "import base as Base\n\n\nclass Player(Base.BasePlayer):\n"
                          "    def __init__(self, board, name, color):\n"
                          "        Base.BasePlayer.__init__(self, board, name, color)\n\n"
                          "    def move(self):\n        return 'resign'\n"),
}


@pytest.mark.parametrize("game_id", sorted(RESIGNING_FILES))
def test_a_python_bot_that_returns_resign_resigns_as_a_gtp_engine_does(tmp_path, game_id):
    """The course's contracts have no way to give up, so "resign" forfeited as an illegal move
    ("'resign' is not a move like ..."); our contract's one word for it, in any contract."""
    name, text = RESIGNING_FILES[game_id]
    path = tmp_path / game_id / name
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    game = games.load(game_id)
    quitter = ai.make_player(game_id, str(path))
    try:
        result = play_game(game, [ai.make_player(game_id, "level-1"), quitter], ["level-1", "quitter"], 2.0)
    finally:
        quitter.close()
    assert (result.winner, result.forfeit, result.reason) == (0, False, f"{game.sides[1]} resigns at move 2")


# -- bots cannot hurt the host: tiny limits, bounded bots ---------------------------------------------
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="resource limits are POSIX only")


@posix_only
def test_memory_hog_loses_under_a_memory_limit():
    from ai.outside import load_outside_player

    game = games.load("tictactoe")
    hog = load_outside_player("tictactoe", str(BOTS / "memory_hog.py"), None, limits="memory=400")
    with pytest.raises(Forfeit, match="MemoryError"):
        hog.choose(game.initial_state(), Limits(time=10))
    hog.close()


@posix_only
def test_a_bot_printing_in_a_loop_stops_at_the_file_limit(tmp_path):
    """Its log has a size limit: such a bot wrote 1.4 GB in one move of 1.5 s."""
    from ai.outside import load_outside_player

    bot = tmp_path / "chatty.py"
    bot.write_text("def choose(game, state):\n    while True:\n        print('thinking ' * 100)\n")
    chatty = load_outside_player("tictactoe", str(bot), None, limits="file=1")
    with pytest.raises(Forfeit, match="File too large") as lost:
        chatty.choose(games.load("tictactoe").initial_state(), Limits(time=30))
    log = Path(str(lost.value).rsplit("; log: ", 1)[1])
    printed, _ours, notes = log.read_bytes().partition(b"\nTabuleiro: ")  # ours come after, each on a line
    assert 0 < len(printed) <= 1024 * 1024 and len(notes) < 1024
    assert b"\nTic-tac-toe (width=3, height=3, k=3)\nPosition:\n" in notes  # the position, ready to paste
    chatty.close()


@posix_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="the process count reads /proc")
def test_fork_bomb_loses_and_leaves_no_process_behind():
    from ai.outside import load_outside_player
    from ai.outside_process import count_group

    game = games.load("tictactoe")
    bomb = load_outside_player("tictactoe", str(BOTS / "fork_bomb.py"), None, limits="processes=8,cpu=20")
    group = bomb.child.proc.pid
    with pytest.raises(Forfeit, match=r"more processes than its limit \(8\)"):
        bomb.choose(game.initial_state(), Limits(time=15))
    bomb.close()
    deadline = time.time() + 30
    while count_group(group) and time.time() < deadline:
        time.sleep(0.1)
    assert count_group(group) == 0


@posix_only
def test_a_reaped_bots_empty_group_is_not_signalled(monkeypatch):
    """A bot that ended and was reaped leaves its pid, its group's id, free: killing its group then
    (``kill_process``, as a forfeit's end did) sent SIGKILL to whatever group a new process with
    that pid leads, another bot's of another test."""
    import os

    from ai.outside_process import kill_process

    proc = subprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)
    proc.wait()  # reaped: its pid free for anyone
    signalled = []
    monkeypatch.setattr(os, "killpg", lambda pgid, signum: signalled.append(pgid))
    kill_process(proc)
    assert signalled == []


@posix_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the group's processes in /proc")
def test_a_reaped_bots_group_with_a_process_left_is_killed():
    """A bot that ended leaving a process of its own running (in its group, whose id that process
    keeps taken): its end kills that process too."""
    from ai.outside_process import kill_process

    proc = subprocess.Popen(["sh", "-c", "sleep 60 & echo $!"], stdout=subprocess.PIPE, text=True,
                            start_new_session=True)
    left = int(proc.stdout.readline())
    proc.wait()  # the leader reaped; its sleep runs on in the group
    assert left in _group_of(proc.pid)
    kill_process(proc)
    deadline = time.time() + 30  # a safety net: SIGKILL ends it at once
    while left in _group_of(proc.pid) and time.time() < deadline:
        time.sleep(0.05)
    assert _group_of(proc.pid) == []  # a zombie until its new parent reaps it: ended


def _group_of(pgid: int) -> list[int]:
    """The running processes of group ``pgid`` (a zombie has ended)."""
    from ai.outside_process import group_members

    return [pid for pid in group_members(pgid) if " Z " not in _stat(pid)]


def _stat(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return " Z "  # gone


def test_definitions_keep_players_and_set_up_and_skip_matches():
    import ast
    import textwrap

    from ai.outside_source import definitions

    text = textwrap.dedent('''\
        import sys
        from rastros import *
        sys.setrecursionlimit(5000)
        random.seed(1)
        def cria(d):
            return lambda game, state: alphabeta_cutoff_search_new(state, game, d)
        def demo():
            return jogaRastros11(basilio, arlivre)
        def torneio():
            return demo()
        jogador = Jogador("A", cria(3))
        todos = todosJog + [jogador]
        jogo = demo()
        tabela = torneio()
        mostraJogo(jogo[0])
        print("pronto")
        for j in todos:
            j.display()
        if __name__ == "__main__":
            faz_campeonato(todos)
        ''')
    keep, skip = definitions(ast.parse(text))
    kept = [ast.unparse(n).splitlines()[0] for n in keep]
    skipped = [ast.unparse(n).splitlines()[0] for n in skip]
    assert kept == ["import sys", "from rastros import *", "sys.setrecursionlimit(5000)", "random.seed(1)",
                    "def cria(d):", "def demo():", "def torneio():", "jogador = Jogador('A', cria(3))",
                    "todos = todosJog + [jogador]"]
    assert skipped == ["jogo = demo()", "tabela = torneio()", "mostraJogo(jogo[0])", "print('pronto')",
                       "for j in todos:", "if __name__ == '__main__':"]


@posix_only
def test_a_worker_ended_with_its_parent_takes_its_bots_and_their_folders_along(tmp_path):
    """A tournament worker ended by ai.parent_watch (``os._exit``, no finaliser) left its bots'
    temporary folders behind, and a GTP engine, which has no watch of its own, running."""
    import os
    import signal

    from tests.reap_helpers import killed_if_left

    script = tmp_path / "parent.py"
    script.write_text(f"""
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", '''
import sys, time
sys.path.insert(0, {str(ROOT)!r})
from ai.parent_watch import end_with_parent
from ai.outside_process import Bot
end_with_parent()
bot = Bot([sys.executable, "-c", "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)"], "engine")
print(bot.proc.pid, bot.folder, flush=True)
time.sleep(60)
'''], stdout=subprocess.PIPE, text=True)
print(child.stdout.readline().strip(), flush=True)
import time
time.sleep(60)
""")
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "TABULEIRO_BOT_LOGS": str(tmp_path / "logs")})
    bot_pid, folder = parent.stdout.readline().split()
    with killed_if_left(int(bot_pid), parent.pid) as bot:  # found while its parents hold it
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        end = time.monotonic() + 30  # a safety net
        while time.monotonic() < end and Path(folder).exists():
            time.sleep(0.1)
        assert bot.ended(timeout=max(0.0, end - time.monotonic())) and not Path(folder).exists()


def test_a_bot_pipe_closed_while_its_reader_reads_ends_the_reader_quietly():
    """Killing a bot closes its pipe from another thread, maybe in the middle of the reader's
    readline, which then fails instead of reading the end: the reader ends as at the end of the
    stream (a 16-player league's stderr had a thread's traceback for bots killed so)."""
    import queue

    from ai.outside_process import _read_lines

    class ClosedUnderfoot:
        def __init__(self) -> None:
            self.calls = 0

        def readline(self, size: int = -1) -> bytes:  # a binary stream's, which the reader reads in chunks
            self.calls += 1
            if self.calls == 1:
                return b"move d3\n"
            raise ValueError("PyMemoryView_FromBuffer(): info->buf must not be NULL")

    lines: queue.Queue[bytes] = queue.Queue()
    _read_lines(ClosedUnderfoot(), lines)
    assert [lines.get_nowait(), lines.get_nowait()] == [b"move d3\n", b""]


def test_a_students_file_in_latin_1_loads_as_python_runs_it_or_says_how_to_save_it(tmp_path):
    """A file saved in Latin-1 by a Windows editor, "# -*- coding: latin-1 -*-" on its first line,
    runs with python, but the loader read it as UTF-8: "crashed: UnicodeDecodeError ... (at <frozen
    codecs> line 322)", and it forfeited every game.  It loads now (its declaration is read as
    Python reads it); one that declares nothing is refused saying where and what to do, in the
    window's Portuguese too."""
    from ai.outside import OutsideLoadError
    from ui import words

    body = b'NOME = "Jo\xe3o"\ndef choose(game, state):\n    return state.legal_moves()[0]\n'
    declared = tmp_path / "declared" / "jogador.py"
    declared.parent.mkdir()
    declared.write_bytes(b"# -*- coding: latin-1 -*-\n# coment\xe1rio\n" + body)
    player = ai.make_player("tictactoe", str(declared))
    try:
        state = games.load("tictactoe").initial_state()
        assert player.choose(state, ai.Limits(time=5.0)) == state.legal_moves()[0]
    finally:
        ai.close_player(player)
    plain = tmp_path / "plain" / "jogador.py"
    plain.parent.mkdir()
    plain.write_bytes(b"# a comment\n# coment\xe1rio\n" + body)
    with pytest.raises(OutsideLoadError) as info:
        ai.make_player("tictactoe", str(plain))
    reason = info.value.reason
    assert reason.startswith("SyntaxError: the file is not UTF-8 text (byte 0xe1) and declares no other encoding: "
                             "save it as UTF-8") and "(at jogador.py line 2)" in reason and "frozen" not in reason
    with words_in("pt"):
        assert "o ficheiro não é texto UTF-8 (byte 0xe1)" in words.forfeit_reason(f"could not be started: {reason}")


def test_a_folder_named_like_a_players_file_is_said_to_be_a_folder(tmp_path):
    """A class's unzipped submission is a folder named ``jogador.py``: given as a player it was
    "no such file", though the teacher could see it there.  It is said to be a folder now, and
    what to give instead: a player's file in it, or that it holds none."""
    folder = tmp_path / "ana" / "jogador.py"
    folder.mkdir(parents=True)
    with pytest.raises(ValueError, match=r"it is a folder, not a file, and holds no \.py or \.ipynb file: give the "
                                         r"player's file$"):
        ai.make_player("tictactoe", str(folder))
    (folder / "notes.txt").write_text("")
    (folder / "jogador.py").write_text("")
    with pytest.raises(ValueError, match=r"it is a folder, not a file: give a player's file in it, such as "
                                         + re.escape(str(folder / "jogador.py")) + "$"):
        ai.make_player("tictactoe", str(folder) + ":choose")
    from ai.outside import list_outside_players

    with pytest.raises(ValueError, match="it is a folder, not a file"):
        list_outside_players("tictactoe", str(folder))
    with pytest.raises(ValueError, match="no such file"):  # a typo stays one
        ai.make_player("tictactoe", str(tmp_path / "ana" / "jogadr.py"))



def test_a_missing_players_file_names_a_close_file_or_where_it_was_looked_for(tmp_path, monkeypatch):
    """A student's typo ("bots/frends.py") was answered "no such file" alone, and so was a path
    read from another folder than hers (the window started from the applications menu reads it
    from that one): the reason names the file of a close name beside it, or the folder Tabuleiro
    looked in when the path's own folder is not there; a name close to nothing stays as it was."""
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "friends.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r": no such file; did you mean bots/friends\.py\?$"):
        ai.make_player("tictactoe", "bots/frends.py")
    with pytest.raises(ValueError, match=r": no such file; did you mean friends\.py\?$"):
        monkeypatch.chdir(tmp_path / "bots")
        ai.make_player("tictactoe", "frends.py:choose")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=rf": no such file; there is no folder bot in {re.escape(str(tmp_path))}, the "
                                         r"folder Tabuleiro was started in: give the file's whole path$"):
        ai.make_player("tictactoe", "bot/friends.py")
    with pytest.raises(ValueError, match=r": no such file$"):
        ai.make_player("tictactoe", "bots/nothing_like_it.py")


NOTEBOOK = BOTS / "tictactoe_notebook.py"


@pytest.mark.parametrize("options, position, win", [
    ({}, "to-move: X\nXX.\nOO.\n...", "c1"),
    ({"width": 7, "height": 6, "k": 4}, "to-move: X\n......X\n.......\n.......\nOOO....\nOXXX...\n.......", "e5"),
])
def test_a_tictactoe_player_written_for_the_class_notebook_plays_with_its_own_game_and_board(options, position, win):
    """The class notebook's players take (game, state) of the notebook's own TicTacToe and answer a
    square (x, y); given ours, such a file crashed ("'TicTacToe' object has no attribute
    'is_terminal'").  Its own search finds the win; on 7x6 its (x, y) is column then row."""
    game = games.load("tictactoe", **options)
    p = ai.make_player("tictactoe", f"{NOTEBOOK}:careful", options=options)
    try:
        assert p.info.description == "notebook tictactoe"
        state = game.from_text(position)
        assert game.format_move(state, p.choose(state, Limits(time=5.0))) == win
        r = play_game(game, [p, ai.make_player("tictactoe", "level-1", seed=3)], ["careful", "level-1"], 5.0)
        assert not r.forfeit, r.reason
    finally:
        p.close()


@pytest.mark.parametrize("name, reason, in_portuguese", [
    ("off_the_board", "played an illegal move '(99, 0)' at move 1: '(99, 0)' is off the board (x 0..2, y 0..2)",
     "está fora do tabuleiro (x 0..2, y 0..2)"),
    ("wrong_kind", "played an illegal move 'the middle' at move 1: not a square (x, y), column and row from 0",
     "não é uma casa (x, y), coluna e fila a partir de 0"),
])
def test_a_notebook_players_answer_that_is_no_square_loses_saying_why(name, reason, in_portuguese):
    from ui import words

    r = bot_against_level_1(games.load("tictactoe"), f"{NOTEBOOK}:{name}", name, 2.0, seed=2)
    assert r.forfeit and r.winner == 1
    assert reason in r.reason, r.reason
    with words_in("pt"):
        assert in_portuguese in words.end_reason(r.reason.split("; log: ")[0])


def test_a_benzene_style_engine_is_told_a_swap_as_it_reads_one(tmp_path):
    """Benzene and MoHex (``"transpose": true``) keep their board at ``swap-pieces`` and have the
    swapper's colour, white, move next (Benzene's StoneBoard::PlayMove moves no stone; its
    gameplayer writes W[swap-pieces] then W[...]): after our swap the engine must be asked for
    white's move, and its cells are then read as on our board, not exchanged.  It was asked
    "genmove b" and its answer's cell was exchanged, so it played for the wrong side."""
    record = tmp_path / "received.txt"
    game = games.load("hex", size=3, swap=True)
    engine = ai.make_player("hex", engine_config(tmp_path, "--record", str(record), transpose=True),
                            options={"size": 3, "swap": True})
    try:
        first = engine.choose(game.initial_state(), Limits(time=5))  # its first free cell, a1
        swapped = game.initial_state().play(first).play("swap")
        assert swapped.swapped()
        reply = engine.choose(swapped, Limits(time=5))
    finally:
        engine.close()
    sent = [line for line in record.read_text().splitlines() if line.split()[0] in ("play", "genmove")]
    assert sent[-2:] == ["play w swap-pieces", "genmove w"]
    assert game.format_move(swapped, reply) == "a2"  # its a2, on the board it kept: our a2


@pytest.mark.parametrize("fault, said", [
    ("return moves[9]", "crashed at move 5: IndexError"),  # a crash deep in the game, at its 3rd move, the game's 5th
    ("return 'zz'", "played an illegal move 'zz'"),
    ("time.sleep(5)", "exceeded the time limit"),  # the log was closed by the kill: the position is added after
])
def test_a_forfeits_log_holds_the_position_to_paste_and_play_again(tmp_path, fault, said):
    """A student read "crashed: IndexError ... (at bot.py line 8)" but not in which position, deep
    in a game, so could not play it again: the log now ends with the position the bot was asked
    to move in, in lines the window's paste (games.position_text) reads."""
    from ai.outside import POSITION_NOTE
    from ui.record_files import from_text  # what the main menu does with a pasted text

    bot = bot_faulting_at(tmp_path, 3, fault)
    game = games.load("rastros")
    r = bot_against_level_1(game, str(bot), "bot", 0.3, seed=1)
    assert r.forfeit and r.winner == 1 and said in r.reason and len(r.moves) == 4, r
    log = Path(r.reason.rsplit("; log: ", 1)[1]).read_text()
    pasted = log.split(POSITION_NOTE + "\n", 1)[1]
    asked_in = game.initial_state()
    for text in r.moves:
        asked_in = asked_in.play(game.parse_move(asked_in, text))
    assert from_text(pasted).first_state().key() == asked_in.key()


def documented_example(heading: str) -> str:
    """The first Python block under ``heading`` in docs/outside-players.md, as a student copies it."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "outside-players.md").read_text(encoding="utf-8")
    after = text[text.index(f"\n{heading}\n"):]
    code = after[after.index("```python\n") + len("```python\n"):]
    return code[:code.index("\n```")]


@pytest.mark.parametrize(("game_id", "options"), [("tictactoe", {"width": 5, "height": 4, "k": 4}),
                                                  ("hex", {"size": 5, "swap": True}),
                                                  *((game_id, {}) for game_id in games.available_ids())])
def test_the_documented_board_reading_player_plays_whole_games(tmp_path, game_id, options):
    """A teacher's class writes evaluations, which read the board; the contract the guide gave
    (legal_moves, play, to_move ...) had no way to, so students read our source.  The guide's
    "Reading the board" player, copied as it stands, plays whole games of every game (Hex with
    the swap rule too) from either side, without a forfeit: it read Reversi's one-line board
    (``---...OX... X``) as no rows at all and crashed on its first move."""
    bot = tmp_path / "vizinhos.py"
    bot.write_text(documented_example("### Reading the board"), encoding="utf-8")
    game = games.load(game_id, **options)
    for side in (0, 1):
        result = bot_against_level_1(game, str(bot), "vizinhos", 2.0, seed=side, side=side)
        assert not result.forfeit, result.reason
        assert len(result.moves) >= 4


@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_documented_board_reader_gives_every_games_rows_and_the_mark_to_move(game_id):
    """The guide's ``board`` gives each game's board as rows of cells, every row as long as the
    board is wide, and the mark of the side to move as the cells write it; Reversi's board, on one
    line, came back as no rows."""
    read = {}
    exec(documented_example("### Reading the board"), read)
    game = games.load(game_id)
    state = game.initial_state()
    state = state.play(state.legal_moves()[0])
    grid, mine = read["board"](game, state)
    assert len(grid) >= 3 and len({len(row) for row in grid}) == 1, grid
    marks = {"reversi": "O", "trax": "D"}.get(game_id, game.sides[1][0])  # the second side moves
    assert mine == marks


FULL_DEPTH_MINIMAX = """def choose(game, state):
    me = state.to_move

    def value(s):
        if s.is_terminal():
            return 0 if s.winner() is None else (1 if s.winner() == me else -1)
        values = [value(s.play(m)) for m in s.legal_moves()]
        return max(values) if s.to_move == me else min(values)

    return max(state.legal_moves(), key=lambda m: value(state.play(m)))
"""


@pytest.mark.usefixtures("late_notes_waited_for")
def test_a_search_too_deep_for_the_time_is_told_so_not_to_move_its_set_up(tmp_path):
    """A student's minimax to the end on 4x4 was late on its first move and told "set-up work done
    inside the move (reading files, building tables) counts on the move's clock, so do it in
    __init__": it had no set-up, its search was too deep.  Code of the student's many calls deep
    is said to be a search, with what to do about it; a loop that is no search keeps the set-up
    hint (tests above)."""
    bot = tmp_path / "minimax.py"
    bot.write_text(FULL_DEPTH_MINIMAX)
    p = ai.make_player("tictactoe", str(bot))
    try:
        with pytest.raises(Forfeit) as lost:
            p.choose(games.load("tictactoe", width=4, height=4).initial_state(), Limits(time=0.2))
    finally:
        p.close()
    why = str(lost.value)
    assert re.search(r"; it was running minimax\.py line \d+ \(in (value|<listcomp>|<lambda>)\)\. It was searching "
                     r"\(value was \d+ calls deep\): a search deeper than the time allows is late on any move", why), why
    assert "set-up work" not in why


def test_a_search_too_deep_is_said_in_portuguese_too():
    """The search hint (ai.outside.SEARCH_HINT) is translated where the window shows a forfeit."""
    from ai.outside import SEARCH_HINT
    from ui import words

    late = ("exceeded the time limit (1.01 s > 0.5 s); process stopped; it was running aluno.py line 12 (in "
            "max_value)" + SEARCH_HINT.format(function="max_value", depth=9) + "; log: /t/a.log")
    with words_in("pt"):
        assert words.forfeit_reason(late) == (
            "excedeu o limite de tempo (1,01 s > 0,5 s); processo parado; estava a executar aluno.py, linha 12 (em "
            "max_value). Estava a pesquisar (max_value ia em 9 chamadas encadeadas): uma pesquisa mais funda do que o "
            "tempo permite chega atrasada em qualquer jogada, por isso pare-a a uma profundidade, ou receba os "
            "segundos (choose(game, state, seconds)) e pare a tempo; registo: /t/a.log")


def test_a_match_starts_a_gtp_engine_for_each_game_as_the_docs_say(tmp_path, capsys):
    """docs/outside-players.md said an engine "is started once per player and kept in step with
    clear_board", read as one process for the whole match; ``main.py match`` makes its players
    afresh for each game (``play_with_new_players``), so the engine starts for each game.  It
    started once more before the first (the check that it loads and takes the game's board), an
    engine that compiles or loads a book on its start paying that twice: the checked engine plays
    the first game (``ReadyPlayers``).  The page says so, and so it is."""
    from ai.commands.match import run_match

    record = tmp_path / "commands.txt"
    assert run_match("tictactoe", ("level-1", engine_config(tmp_path, "--record", str(record))), {}, 2, 0.5,
                     1, False) == 0
    commands = record.read_text(encoding="utf-8").splitlines()
    assert commands.count("protocol_version") == 2 and commands.count("clear_board") == 2, commands  # one a start
    page = " ".join((ROOT / "docs" / "outside-players.md").read_text(encoding="utf-8").split())
    assert "so they start it for each game" in page and "a one-game match starts it once" in page


@pytest.mark.parametrize("seed", [None, 7])
def test_a_one_game_match_starts_its_gtp_engine_once(tmp_path, seed):
    """The probe before a match started the engine, then the first game started it again: one
    that compiles or loads a big book on its start paid that twice.  The probed engine, which has
    played nothing, plays the game; with ``--seed`` too (an engine is given no seed)."""
    from ai.commands.match import run_match

    record = tmp_path / "commands.txt"
    engine = engine_config(tmp_path, "--record", str(record))
    assert run_match("tictactoe", (engine, "level-1"), {}, 1, 0.5, seed, False) == 0
    starts = [line for line in record.read_text(encoding="utf-8").splitlines() if line.startswith("cwd ")]
    assert len(starts) == 1, starts


def test_a_one_game_match_tells_its_probed_engine_the_board_once(tmp_path):
    """The probe set the engine up (``boardsize``, ``clear_board``) and handed it to the first game,
    which sent both again: an engine that loads a network for the board loaded it twice."""
    from ai.commands.match import run_match

    record = tmp_path / "commands.txt"
    assert run_match("tictactoe", (engine_config(tmp_path, "--record", str(record)), "level-1"), {}, 1, 0.5,
                     None, False) == 0
    commands = record.read_text(encoding="utf-8").splitlines()
    assert commands.count("boardsize 3") == 1 and commands.count("clear_board") == 1, commands
    assert commands.index("clear_board") < commands.index("genmove b")


def test_an_engine_is_set_up_again_only_when_it_lacks_that_board_empty(tmp_path):
    """``get_ready`` tells the board unless the engine holds it empty from its set-up: again after a
    move, and for other options."""
    record = tmp_path / "commands.txt"
    game = games.load("tictactoe")
    engine = ai.make_player("tictactoe", engine_config(tmp_path, "--record", str(record)))

    def set_ups() -> int:
        return record.read_text(encoding="utf-8").splitlines().count("clear_board")

    try:
        engine.get_ready(dict(game.options))
        engine.get_ready(dict(game.options))
        assert set_ups() == 1
        engine.choose(game.initial_state(), Limits(time=1.0))
        engine.get_ready(dict(game.options))  # its board holds a stone now
        assert set_ups() == 2
        engine.get_ready({"width": 4, "height": 4, "k": 3})  # another board
        assert set_ups() == 3 and "boardsize 4" in record.read_text(encoding="utf-8").splitlines()
    finally:
        engine.close()


def test_a_tournament_says_its_engines_start_again_for_each_game(tmp_path, capsys):
    """A league's games run in other processes (``--jobs``, a Dask cluster), where the process its
    check started cannot be handed: the engine starts once for the check and once for each game,
    which it says before the check (the wait of an engine that loads a book said nothing)."""
    from ai.commands.tournament import CHECKING, run_tournament

    record = tmp_path / "commands.txt"
    engine = engine_config(tmp_path, "--record", str(record))
    assert run_tournament("tictactoe", [engine, "level-1"], {}, 1, 0.5, 1, None, 1) == 0
    starts = [line for line in record.read_text(encoding="utf-8").splitlines() if line.startswith("cwd ")]
    assert len(starts) == 1 + 2, starts
    assert capsys.readouterr().err.splitlines()[0] == CHECKING


@pytest.mark.parametrize("side", [0, 1])
def test_a_seeded_match_starts_its_python_bot_once_with_its_games_seed(tmp_path, side):
    """With ``--seed`` the probe started a Python bot unseeded, the seeded first game refused it
    (``ReadyPlayers.take``) and started another: a bot slow to load paid that twice.  The probe
    starts it with the seed its first game gives it, so that game takes it, seeded as before."""
    from ai.commands.match import run_match

    bot = tmp_path / "counted.py"  # each start writes its first random draw beside it (its folder)
    bot.write_text("import random\n\nwith open('starts.txt', 'a') as f:\n    f.write(f'{random.random()}\\n')\n\n\n"
                   "def choose(game, state):\n    return state.legal_moves()[0]\n", encoding="utf-8")
    players = (str(bot), "level-1") if side == 0 else ("level-1", str(bot))
    assert run_match("tictactoe", players, {}, 1, 0.5, 7, False) == 0
    starts = (tmp_path / "starts.txt").read_text(encoding="utf-8").splitlines()
    assert starts == [str(random.Random(7 + side).random())]


def test_a_probed_python_bot_is_not_handed_to_a_seeded_game_but_stopped(tmp_path):
    """A Python bot's process is seeded when it starts (``--seed``: each game's own seed), which
    the probe's process was not: a seeded game does not take it (it is stopped, the game starts
    one with its seed); an engine, given no seed, is taken."""
    from ai.match import ReadyPlayers

    ready = ReadyPlayers({})
    bot = ai.make_player("tictactoe", str(BOTS / "simple_contract.py"))
    engine = ai.make_player("tictactoe", engine_config(tmp_path))
    ready.keep("bot", bot)
    ready.keep("engine", engine)
    try:
        assert ready.take("bot", {"seed": 3}) is None and bot.child is None
        assert ready.take("engine", {"seed": 3}) is engine and engine.bot.alive()
    finally:
        ready.close()
        engine.close()


def test_a_crashs_log_shows_the_students_frames_not_the_harness(tmp_path):
    """A crash's traceback in the bot's log began with five frames of Tabuleiro's own
    ai/outside_child.py (the code that asks the bot for its move) before the student's lines, so
    a class read it as Tabuleiro's crash (qa109): the frames written are the student's file's."""
    bot = bot_faulting_at(tmp_path, 2, "raise KeyError('move')")
    game = games.load("tictactoe")
    r = bot_against_level_1(game, str(bot), "bot", 0.5, seed=1)
    assert r.forfeit and r.winner == 1 and "KeyError: 'move'" in r.reason, r
    log = Path(r.reason.rsplit("; log: ", 1)[1]).read_text()
    trace = log.split("Traceback (most recent call last):\n", 1)[1].split("KeyError: 'move'", 1)[0]
    files = re.findall(r'File "([^"]+)", line', trace)
    assert files and {Path(f).name for f in files} == {"bot.py"}, trace
