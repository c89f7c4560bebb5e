"""`main.py gtp`: the protocol's answers, and a whole Hex game between two instances of it.

The driver below does what a GTP referee (gogui-twogtp, HexGui) does: the same commands to both
engines, each engine's ``genmove`` answer sent to the other as ``play``; our own rules check every
move, so both engines must agree with the referee to the end.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ai
import games
from ai.base import Limits
from ai.commands.gtp import Engine, serve
from games.hex import transpose_cell
from ui.about import VERSION

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def bot_logs_in_tmp(tmp_path, monkeypatch):
    """Bots' logs go to this test's folder, not the shared temporary folder."""
    monkeypatch.setenv("TABULEIRO_BOT_LOGS", str(tmp_path / "bot-logs"))


def talk(lines: list[str], game: str = "tictactoe", player: str = "level-2") -> list[str]:
    """The answers of one engine to ``lines`` (each answer without its blank line); its player is
    closed after them, as the command's exit would (an outside one's bot ended: none is left)."""
    out = io.StringIO()
    engine = Engine(game, player, {}, 0.1)
    try:
        serve(engine, io.StringIO("\n".join(lines) + "\n"), out)
    finally:
        ai.close_player(engine.player)
    return [a for a in out.getvalue().split("\n\n") if a]


def test_protocol_basics():
    answers = talk(["protocol_version", "7 name", "known_command genmove", "known_command fly",
                    "list_commands", "frobnicate", "quit", "name"])
    assert answers[0] == "= 2"
    assert answers[1].startswith("=7 Tabuleiro tictactoe")
    assert answers[2] == "= true" and answers[3] == "= false"
    assert "genmove" in answers[4] and "boardsize" in answers[4]
    assert answers[5].startswith("?")
    assert len(answers) == 7  # nothing after quit


def test_play_genmove_undo_and_errors():
    answers = talk(["play b b2", "play b a1", "genmove w", "play w zz", "showboard", "undo", "undo",
                    "undo", "genmove black", "play x c1"])
    assert answers[0] == "= "
    assert answers[1].startswith("? illegal move")  # O (w) is to move
    assert answers[2].startswith("= ") and len(answers[2].split()[1]) == 2
    assert answers[3].startswith("? illegal move")
    assert "to-move: X" in answers[4]
    assert answers[5] == "= " and answers[6] == "= "
    assert answers[7].startswith("?")  # nothing left to undo
    assert answers[8].startswith("= ")  # black = the first side (X)
    assert answers[9].startswith("?")  # X just moved: O is to move


BOTS = ROOT / "tests" / "data" / "outside"


@pytest.mark.parametrize("bot, why", [
    ("illegal.py", "played an illegal move 'a1'"),
    ("sleeper.py", "exceeded the time limit ("),
    ("raiser.py", "crashed: ZeroDivisionError"),
])
def test_an_outside_player_that_forfeits_is_said_to_forfeit_not_to_be_our_error(bot, why):
    player = str(BOTS / bot)
    answers = talk(["play b a1", "genmove w", "genmove w"], player=player)
    assert answers[0] == "= "
    for answer in answers[1:]:  # the second genmove: a new process, the same fault
        assert answer.startswith(f"? {player} forfeits: {why}") and "internal error" not in answer


def test_an_outside_engine_that_resigns_resigns_over_gtp_too(tmp_path):
    import json

    config = tmp_path / "resigner.json"
    config.write_text(json.dumps({"command": [sys.executable, str(BOTS / "gtp_engine.py"), "--resign"]}))
    assert talk(["genmove b"], player=str(config)) == ["= resign"]


def test_a_python_bot_that_returns_resign_resigns_over_gtp_too():
    """A student's bot served by ``main.py gtp``: its ``return "resign"`` (at its second move) is
    the protocol's resign, not a ``? ... forfeits: played an illegal move 'resign'``."""
    answers = talk(["genmove b", "play w a1", "genmove b"], player=str(BOTS / "resigner.py"))
    assert answers[1:] == ["= ", "= resign"], answers
    page = " ".join((Path(__file__).resolve().parent.parent / "docs" / "outside-players.md").read_text(
        encoding="utf-8").split())  # it said only a GTP engine's resignation was `= resign`
    assert 'one that gives the game up (`return "resign"`) answers `= resign`' in page


def test_alquerque_colours_are_its_own_names_first():
    """Alquerque's White moves first: ``white`` is White, not the protocol's second side, while
    ``b`` and ``w`` keep the protocol's meaning (``b``: the side that moves first)."""
    answers = talk(["genmove white", "genmove black", "genmove b", "genmove w"], game="alquerque", player="level-1")
    assert all(a.startswith("= ") for a in answers), answers  # was: "? White is to move"
    assert talk(["genmove black"], game="alquerque", player="level-1")[0] == (
        "? it is White's turn (b), not Black's (w): send genmove b, or play White's move first")


def test_a_play_out_of_turn_says_whose_turn_it_is_in_the_protocols_letters_and_what_to_send():
    """``play w a1`` on an empty Hex board answered "illegal move: Blue is to move", which left a
    controller guessing which of b and w Blue is and what went wrong (Go's GTP lets a colour play
    twice; our games alternate)."""
    answers = talk(["play w a1", "play b a1", "play b b2", "showboard"], game="hex", player="level-1")
    assert answers[0] == "? illegal move: it is Blue's turn (b), not Red's (w): Blue moves first"
    assert answers[1] == "= "
    assert answers[2] == ("? illegal move: it is Red's turn (w), not Blue's (b), who played the last move (a1): "
                          "play w's move first, or undo Blue's")
    assert "to-move: Red" in answers[3]  # nothing played by the refused move


def test_hex_swap_is_taken_in_the_words_of_benzene_and_hexgui_and_a_swap_off_says_how_to_turn_it_on():
    on = Engine("hex", "level-1", {"size": 5, "swap": True}, 0.1)
    out = io.StringIO()
    serve(on, io.StringIO("play b a1\nplay w swap-pieces\n"), out)
    assert out.getvalue() == "= \n\n= \n\n" and on.state.to_move == 0  # Blue to move after the swap
    off = talk(["play b a1", "play w swap"], game="hex", player="level-1")
    assert off[1].startswith("? illegal move: swap is only allowed") and "--option swap=true" in off[1]


def test_the_seed_of_the_command_line_seeds_the_player(monkeypatch, capsys):
    """``main.py gtp GAME --seed N`` was accepted and ignored: every seed played seed 1's games."""
    import main

    firsts = set()
    for seed in range(1, 6):
        monkeypatch.setattr(sys, "stdin", io.StringIO("genmove b\n"))
        assert main.main(["gtp", "tictactoe", "--player", "level-1", "--seed", str(seed)]) == 0
        firsts.add(capsys.readouterr().out)
    assert len(firsts) > 1, firsts


def test_boardsize_of_tictactoe_and_alquerque():
    """Tic-tac-toe's board becomes N x N; Alquerque's 5 x 5 takes only 5 (both answered "=" and
    kept their board)."""
    board = talk(["boardsize 7", "showboard"], game="tictactoe", player="level-1")[1]
    assert board.count(".......") == 7
    assert talk(["boardsize 11"], game="alquerque", player="level-1")[0].startswith("? unacceptable size")
    assert talk(["boardsize 5"], game="alquerque", player="level-1")[0] == "= "


def test_boardsize_and_clear_board_hex():
    answers = talk(["boardsize 5", "play b a1", "showboard", "boardsize 99", "clear_board", "showboard"],
                   game="hex", player="level-1")
    assert answers[0] == "= " and answers[1] == "= "
    assert len([r for r in answers[2].splitlines() if r.strip() and "to-move" not in r and r.strip() != "="]) == 5
    assert answers[3].startswith("? unacceptable size")
    assert "to-move: Blue" in answers[5] and "B" not in answers[5].replace("Blue", "")


class Engineproc:
    """One `main.py gtp` process, spoken to line by line."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "main.py", "gtp", *args], cwd=ROOT, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def ask(self, command: str) -> str:
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            assert line, f"engine died on {command!r}: {self.proc.stderr.read()}"
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        assert answer.startswith("="), f"{command!r} -> {answer!r}"
        return answer[1:].strip()

    def quit(self) -> None:
        self.ask("quit")
        self.proc.wait(timeout=10)


def test_two_instances_play_a_whole_hex_game():
    size = 5
    a = Engineproc("hex", "--player", "level-2", "--time", "0.1")
    b = Engineproc("hex", "--player", "level-3", "--time", "0.1")
    game = games.load("hex", size=size)
    state = game.initial_state()
    try:
        for e in (a, b):
            assert e.ask("protocol_version") == "2"
            assert e.ask("version") == VERSION  # what `main.py --version` says
            e.ask(f"boardsize {size}")
            e.ask("clear_board")
        engines = {0: a, 1: b}
        colours = "bw"
        plies = 0
        while not state.is_terminal():
            side = state.to_move
            move = engines[side].ask(f"genmove {colours[side]}")
            state = state.play(game.parse_move(state, move))  # our referee checks every move
            engines[1 - side].ask(f"play {colours[side]} {move}")
            plies += 1
            assert plies <= size * size
        assert state.winner() in (0, 1)
        assert a.ask("showboard") == b.ask("showboard")
        assert game.to_text(state) in a.ask("showboard")
        assert a.ask("final_score")[0] == "BW"[state.winner()]
    finally:
        for e in (a, b):
            e.quit()


def test_reversi_final_score_gives_the_empty_squares_to_the_winner_as_the_end_text_does():
    """The shortest Othello game ends 13 - 0 with 51 squares empty: final_score said "B+13", the
    plain disc count, where Othello's engines (Edax) and the end text ("64 - 0 with the empty
    squares to the winner") count B+64."""
    line = ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"]
    assert talk([*(f"play {'bw'[i % 2]} {m}" for i, m in enumerate(line)), "final_score"], "reversi")[-1] == "= B+64"
    game = games.load("reversi")
    state = game.initial_state()
    for move in line:
        state = state.play(game.parse_move(state, move))
    assert state.score() == (13, 0) and "(64 - 0 with the empty squares to the winner)" in state.end_reason()


def test_time_settings_set_the_seconds_per_move():
    engine = Engine("tictactoe", "level-1", {}, 1.0)
    out = io.StringIO()
    serve(engine, io.StringIO("time_settings 0 5 10\n"), out)
    assert engine.move_time == 0.45  # 0.9 of 5 s per 10 stones
    serve(engine, io.StringIO("time_left b 3 0\n"), out)
    assert engine.move_time == 0.9 * 3 / 20  # at most the time left over 20 more moves
    assert out.getvalue() == "= \n\n= \n\n"


def test_time_settings_and_time_left_set_the_seconds_per_move():
    engine = Engine("tictactoe", "level-1", {}, 1.0)
    serve(engine, io.StringIO("time_settings 0 2 1\n"), io.StringIO())
    assert abs(engine.move_time - 1.8) < 1e-9  # 0.9 of the byo-yomi time per stone
    serve(engine, io.StringIO("time_left b 1 1\n"), io.StringIO())
    assert abs(engine.move_time - 0.9) < 1e-9  # less left than the settings give
    serve(engine, io.StringIO("time_left b 60 1\n"), io.StringIO())
    assert abs(engine.move_time - 1.8) < 1e-9  # never more than the settings
    serve(engine, io.StringIO("time_settings 300 0 0\ntime_left w 40 0\n"), io.StringIO())
    assert abs(engine.move_time - 1.8) < 1e-9  # sudden death: 0.9 of a 20th of what is left
    answers = talk(["time_left q 5 0", "time_settings 1 2"])
    assert answers[0].startswith("?") and answers[1].startswith("?")


def test_gtp_player_over_our_engine_on_a_game_clock():
    """Our GTP engine driven by our outside GTP player with a game clock: time_settings and
    time_left reach it and it keeps to them."""
    game = games.load("tictactoe")
    command = f"gtp:{sys.executable} {ROOT / 'main.py'} gtp tictactoe --player level-2 --time 5"
    player = ai.make_player("tictactoe", command)
    state = game.initial_state()
    move = player.choose(state, Limits(time=None, remaining=2.0, increment=0.0))
    assert move in state.legal_moves()
    player.close()


def test_a_gtp_command_with_a_relative_link_keeps_the_link(tmp_path, monkeypatch):
    """``gtp:.venv/bin/python main.py gtp hex`` ran the system's Python, without the virtual
    environment's packages: the relative path was made absolute by following the link."""
    import os

    from ai.outside_gtp import absolute_paths

    (tmp_path / "venv" / "bin").mkdir(parents=True)
    (tmp_path / "venv" / "bin" / "python").symlink_to(sys.executable)
    monkeypatch.chdir(tmp_path)
    assert absolute_paths(["venv/bin/python", "main.py", "--time", "1"]) == [
        str(tmp_path / "venv" / "bin" / "python"), "main.py", "--time", "1"]
    monkeypatch.chdir(ROOT)  # the way a user types it, from the repository, with this Python
    command = f"gtp:{os.path.relpath(sys.executable)} main.py gtp hex --player level-1"  # Hex needs numba
    player = ai.make_player("hex", command, options={"size": 5})
    try:
        state = games.load("hex", size=5).initial_state()
        assert player.choose(state, Limits(time=1.0)) in state.legal_moves()
    finally:
        player.close()


def random_position(game, seed: int, plies: int):
    """The position after ``plies`` random moves from the start."""
    import random

    from ai.match import random_play

    return random_play(game.initial_state(), plies, random.Random(seed))


def replay(game, path):
    state = game.initial_state()
    for move in path:
        state = state.play(move)
    return state


def test_path_from_start_finds_the_moves_of_a_random_opening():
    """GTP sets up a position only by playing moves: a match's random opening is found again."""
    from ai.outside_gtp import path_from_start

    game = games.load("reversi")
    state = random_position(game, 3, 4)
    path = path_from_start(game.initial_state(), state)
    assert path is not None and len(path) == 4 and replay(game, path) == state
    assert path_from_start(game.initial_state(), state, max_plies=3) is None


def test_guided_path_sets_up_a_position_of_many_stones():
    """A pasted position far from the start: a line of moves to it is found stone by stone."""
    from ai.outside_gtp import guided_path, path_from_start

    game = games.load("hex", size=11)
    state = random_position(game, 5, 40)
    assert not state.is_terminal() and path_from_start(game.initial_state(), state) is None
    path = guided_path(game.initial_state(), state)
    assert path is not None and len(path) == 40 and replay(game, path) == state


def test_gtp_player_is_given_a_pasted_position_far_from_the_start():
    """Our Hex engine over GTP joins a game set up from a pasted position of 20 stones: the
    stones are played to it one by one, and it answers on an empty cell."""
    game = games.load("hex", size=7)
    state = random_position(game, 8, 20)
    assert not state.is_terminal()
    player = ai.make_player("hex", f"gtp:{sys.executable} {ROOT / 'main.py'} gtp hex --player level-1 --time 5",
                            options={"size": 7})
    try:
        move = player.choose(state, Limits(time=5.0))
        assert move in state.legal_moves()
    finally:
        player.close()


def test_gtp_player_is_given_a_position_after_a_random_opening():
    """Our GTP engine, driven by our outside GTP player, joins a game three moves in: it is
    replayed the moves and answers on an empty cell."""
    game = games.load("tictactoe")
    command = f"gtp:{sys.executable} {ROOT / 'main.py'} gtp tictactoe --player level-2 --time 5"
    player = ai.make_player("tictactoe", command)
    state = game.initial_state()
    for move in state.legal_moves()[:3]:
        state = state.play(move)
    move = player.choose(state, Limits(time=5.0))
    assert move in state.legal_moves()
    player.close()


def test_showboard_draws_reversis_board_in_rows():
    """Reversi's own text is one line of 64 squares: showboard lays it out in rows of dots."""
    answers = talk(["boardsize 6", "play b c2", "showboard"], game="reversi")
    board = answers[-1].splitlines()[1:]
    assert board == ["......", "..X...", "..XX..", "..XO..", "......", "......", "O"]


def test_time_settings_of_no_limit_go_back_to_the_command_lines_time():
    engine = Engine("tictactoe", "level-1", {}, 0.3)
    engine.handle("time_settings", ["0", "5", "1"])
    assert engine.move_time == pytest.approx(4.5)
    engine.handle("time_settings", ["0", "0", "0"])  # kept 4.5 before
    assert engine.move_time == pytest.approx(0.3)


def test_a_controller_that_closes_the_pipe_gets_no_traceback():
    proc = subprocess.Popen([sys.executable, "main.py", "gtp", "tictactoe"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # gone before the answers
    _, err = proc.communicate(b"name\nname\nname\n", timeout=60)
    assert proc.returncode == 0 and b"Traceback" not in err and b"BrokenPipe" not in err, err


def test_over_a_pipe_control_characters_are_removed_tabs_are_spaces_and_an_empty_success_is_the_specs():
    """GTP 2 (section 3.1) has an engine remove every control character but HT and LF (CR
    wherever it is) and read HT as a space; section 2.6 answers ``=[id] result`` and a blank line,
    the space there also when the result is empty (``= ``, as GNU Go writes it).  We answered a
    bare ``=``, and a NUL, a BEL or a CR inside a line made an unknown command (Python's own text
    mode even cut a line at a lone CR)."""
    proc = subprocess.Popen([sys.executable, "main.py", "gtp", "tictactoe", "--player", "level-1"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    commands = (b"proto\x07col_version\r\n"  # a BEL inside the word, a CRLF end
                b"7 known_command\tgenmove\n"  # a tab between the words
                b"1 clear_board\r\n"  # an empty success, with its id
                b"play b b\r2\n"  # a lone CR inside a move: removed, not a line's end
                b"na\x00me\x1b # a comment\n"
                b"undo\n"
                b"quit\n")
    out, err = proc.communicate(commands, timeout=120)
    assert proc.returncode == 0, err
    assert out == (b"= 2\n\n=7 true\n\n=1 \n\n= \n\n= Tabuleiro tictactoe level-1\n\n= \n\n= \n\n"), out


def test_hexgui_connecting_gets_its_board_size_and_an_empty_list_of_analysis_commands():
    """HexGui sends ``boardsize 11 11`` and ``hexgui-analyze_commands`` when it connects: both were
    refused, and HexGui took the refused size for one we cannot play and asked for no move."""
    answers = talk(["name", "version", "hexgui-analyze_commands", "boardsize 7 7", "showboard",
                    "boardsize 7 8", "genmove black"], game="hex", player="level-1")
    assert answers[2] == "= "
    assert answers[3] == "= " and answers[4].count("\n") == 8  # to-move line and 7 rows
    assert answers[5].startswith("? unacceptable size: Hex is played on a square board")
    assert answers[6].startswith("= ")
    board = talk(["boardsize 7 5", "showboard"], game="tictactoe", player="level-1")[1]
    assert board.count(".......") == 5  # Tic-tac-toe's board may be W x H


def test_transposed_hex_reads_and_writes_cells_as_hexgui_orients_them():
    """With ``--transpose`` HexGui's black c1 (top and bottom, its orientation) is our Blue a3,
    and the engine's answer comes back in HexGui's names."""
    engine = Engine("hex", "level-1", {"size": 5}, 0.1, transpose=True)
    out = io.StringIO()
    serve(engine, io.StringIO("play black c1\ngenmove white\n"), out)
    first, second = [a for a in out.getvalue().split("\n\n") if a]
    assert first == "= "
    game = engine.game
    blue = engine.history[1]
    assert blue.stone_at(game.parse_move(game.initial_state(), "a3")) == 0
    cell = second[2:]
    ours = game.parse_move(blue, transpose_cell(cell))
    assert engine.state.stone_at(ours) == 1, (cell, game.to_text(engine.state))


def test_the_command_line_turns_the_transposition_on(monkeypatch, capsys):
    import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("boardsize 4 4\nplay b c1\nshowboard\n"))
    assert main.main(["gtp", "hex", "--player", "level-1", "--transpose"]) == 0
    rows = [r.strip() for r in capsys.readouterr().out.split("to-move")[1].splitlines()[2:6]]
    assert rows[0] == "1 . . B ."  # HexGui's c1 (our a3), drawn where HexGui draws it
    assert main.main(["gtp", "tictactoe", "--transpose"]) == 2
    assert "--transpose is for Hex" in capsys.readouterr().err


def test_transposed_hex_follows_hexgui_after_a_swap_where_the_swappers_colour_moves_on():
    """HexGui keeps its board at a swap and sends the swapper's colour next (play white ...,
    genmove black for the other side): our Blue then moves, and that w was refused as out of turn.
    Cells after such a swap are HexGui's own: its board is ours mirrored, colours exchanged."""
    engine = Engine("hex", "level-1", {"size": 5, "swap": True}, 0.1, transpose=True)
    out = io.StringIO()
    serve(engine, io.StringIO("play black c1\nplay white swap-pieces\nplay white d2\ngenmove black\n"), out)
    answers = [a for a in out.getvalue().split("\n\n") if a]
    assert answers[:3] == ["= ", "= ", "= "], answers
    game, state = engine.game, engine.state
    assert state.stone_at(game.parse_move(game.initial_state(), "c1")) == 1  # Blue's a3 swapped: Red's c1
    assert state.stone_at(game.parse_move(game.initial_state(), "d2")) == 0  # HexGui's white d2: our Blue d2
    answer = answers[3][2:]
    assert state.stone_at(game.parse_move(game.initial_state(), answer)) == 1, answers  # its cell as HexGui names it
    out = io.StringIO()
    serve(engine, io.StringIO("undo\nundo\nundo\nplay white d1\n"), out)  # the swap taken back: cells exchanged again
    assert out.getvalue() == "= \n\n" * 4
    assert engine.state.stone_at(game.parse_move(game.initial_state(), "a4")) == 1


def test_transposed_hex_speaks_hexguis_names_in_showboard_and_refusals():
    """With ``--transpose`` the engine said HexGui's c1 back as ``'a3' is already taken``, a
    malformed z99 as ``'Ã26'``, drew our board (HexGui's c1 on the third row, "Blue" to move) and
    after HexGui's swap called Blue b and the winner by our colour.  Now everything is in the
    controller's names: its cells, its letters, its board (black joins top and bottom)."""
    engine = Engine("hex", "level-1", {"size": 5, "swap": True}, 0.1, transpose=True)
    out = io.StringIO()
    serve(engine, io.StringIO("play b c1\nplay w c1\nplay w z99\nplay b d1\nshowboard\nplay w swap-pieces\n"
                              "play w a1\nplay w b1\nshowboard\n"), out)
    answers = [a for a in out.getvalue().split("\n\n") if a]
    assert answers[1] == "? illegal move: c1 is already taken"
    assert answers[2] == "? illegal move: 'z99' is off the board (a1..e5)"  # a row past z's is left as it is
    assert answers[3].startswith("? illegal move: it is Red's turn (w), not Blue's (b), who played the last move (c1)")
    assert answers[4] == "= \nto-move: white\n   a b c d e\n 1 . . B . .\n  2 . . . . .\n   3 . . . . .\n    4 . . . . .\n     5 . . . . ."
    assert answers[7] == "? illegal move: it is Red's turn (b), not Blue's (w), who played the last move (a1): play b's move first, or undo Blue's"
    assert answers[8].startswith("= \nto-move: black\n   a b c d e\n 1 W . B . .\n")  # as HexGui shows it after its swap
    three = Engine("hex", "level-1", {"size": 3, "swap": True}, 0.1, transpose=True)
    out = io.StringIO()
    serve(three, io.StringIO("play b a1\nplay w swap-pieces\nplay w b1\nplay b a2\nplay w b2\nplay b a3\nfinal_score\n"), out)
    assert out.getvalue().endswith("= B+\n\n")  # HexGui's black a1 a2 a3 join its top and bottom: our Red, the swapper


def test_a_board_that_runs_the_kernel_has_it_prepared_at_boardsize_not_at_the_first_genmove(monkeypatch):
    """Level-5 made for GTP's default 3x3 prepares no kernel (it searches in Python there); told
    ``boardsize 15`` it is made again, prepared, so the controller's clock of the first genmove does
    not pay for loading (or on a fresh install compiling) the big boards' kernel."""
    from ai import kernels

    compiled = []
    monkeypatch.setattr(kernels, "_deferred", False)
    monkeypatch.setattr(kernels, "warm_up", lambda *stages: compiled.append(stages))
    # as in a fresh process: an earlier test of this one (analysis on tic-tac-toe) left the stage ready
    monkeypatch.setattr(kernels, "is_ready", lambda game_id, stage="search": (game_id, stage) in compiled)
    engine = Engine("tictactoe", "level-5", {}, 0.1)
    assert engine.warm_up.join(60) and compiled == []
    engine.cmd_boardsize(["15"])
    assert engine.warm_up.join(60) and compiled == [("tictactoe", "search")]  # compiled in the background
    engine.cmd_boardsize(["19"])  # prepared already: the player is kept
    assert engine.warm_up.join(60) and compiled == [("tictactoe", "search")] and engine.game.cells == 361


def test_transposed_hex_answers_its_swap_as_swap_pieces_the_one_name_every_hexgui_reads_alike():
    """Level 5 swaps a centre opening on 5x5 (its solved map).  With ``--transpose`` genmove said
    ``swap``, which some HexGui versions read as swap-sides (the stone kept, colours exchanged):
    their board was then our board unmirrored.  It now says ``swap-pieces``; without
    ``--transpose`` the answer stays in our notation."""
    answers = {}
    for transpose in (True, False):
        engine = Engine("hex", "level-5", {"size": 5, "swap": True}, 0.1, transpose=transpose)
        out = io.StringIO()
        serve(engine, io.StringIO("play b c3\ngenmove w\n"), out)
        answers[transpose] = [a for a in out.getvalue().split("\n\n") if a][1]
        assert engine.state.swapped()
    assert answers == {True: "= swap-pieces", False: "= swap"}


def test_a_time_settings_of_no_finite_time_is_refused_and_the_time_per_move_kept():
    """``time_settings 0 inf 1`` (or ``nan``, or a negative time) was taken: an endless time per
    move, so the next genmove of a searching level never answered.  It is refused, saying what the
    command takes, and genmove still answers on the command line's time."""
    proc = subprocess.Popen([sys.executable, "main.py", "gtp", "tictactoe", "--player", "level-1", "--time", "0.2"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = proc.communicate("time_settings 0 inf 1\ntime_settings nan 0 0\ntime_settings 0 -5 1\n"
                                "time_settings 0 5 1\ngenmove b\nquit\n", timeout=120)
    assert proc.returncode == 0, err
    answers = out.split("\n\n")
    refusal = "? time_settings needs three numbers of 0 or more: main time, byo-yomi time, byo-yomi stones"
    assert answers[:3] == [refusal] * 3, answers
    assert answers[3] == "= " and answers[4].startswith("= ") and len(answers[4]) > 2, answers


@pytest.mark.parametrize("game, sent, said", [
    ("hex", "boardsize -3", "? boardsize needs one number, or a width and a height: Hex takes sizes 3..19"),
    ("tictactoe", "boardsize x", "? boardsize needs one number, or a width and a height: "
                                 "Tic-tac-toe takes widths 3..19 and heights 3..19"),
    ("alquerque", "boardsize -5", "? boardsize needs one number, or a width and a height: "
                                  "Alquerque is played on 5x5"),
])
def test_boardsize_that_is_no_number_names_the_sizes_the_game_takes(game, sent, said, monkeypatch, capsys):
    """``main.py gtp hex`` answered ``boardsize -3`` with "needs one number" alone: a controller's
    user learnt there what form to send but not which sizes the game plays."""
    import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{sent}\n"))
    assert main.main(["gtp", game, "--player", "level-1"]) == 0
    assert capsys.readouterr().out.strip() == said


@pytest.fixture
def stand_in_hex_kernels(monkeypatch):
    """Hex's kernel stages replaced by stand-ins that note their name and, while ``hold`` is
    clear, wait for it (a fresh install's compiler); the process's record of stages done set
    aside.  Yields (the stages warmed, in order; ``hold``); the stand-ins are let go at the end."""
    import threading

    from ai import kernels
    from ai.imports import import_engine

    hex_kernels = import_engine("ai.kernels.hex")
    warmed: list[str] = []
    hold = threading.Event()

    def stand_in(stage: str):
        def warm() -> None:
            warmed.append(stage)
            hold.wait(120)  # a safety net: the test lets it go
        return warm

    monkeypatch.setattr(kernels, "_stages", {})
    monkeypatch.setattr(kernels, "_deferred", False)
    for stage in list(hex_kernels.STAGES):
        monkeypatch.setitem(hex_kernels.STAGES, stage, stand_in(stage))
    yield warmed, hold
    hold.set()
    warm_ups_ended()


def warm_ups_ended() -> None:
    """Wait for the threads compiling kernels in the background (the engine's warm-up, or a
    player's own) to end."""
    import threading

    for thread in threading.enumerate():
        if thread.name in ("tabuleiro-warm-up", "compile-hex"):
            thread.join(120)


def until(condition, seconds: float = 120) -> None:
    """Wait until ``condition()`` holds (a safety net of ``seconds``: the test's asserts then say what did not)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)


QUERIES = ["protocol_version", "name", "version", "known_command genmove", "list_commands",
           "hexgui-analyze_commands", "showboard", "time_settings 0 1 1", "undo"]


def test_the_gtp_engine_answers_queries_while_its_kernels_compile_and_sets_its_game_up_after(
        stand_in_hex_kernels, monkeypatch):
    """``main.py gtp hex`` compiled its kernels before reading a command: on a fresh install
    HexGui's name and version waited 8 s on a quiet machine, 30 s on a busy one, and a controller
    that times its engine's start gave up.  Then it answered everything at once and its first
    genmove paid for the kernels, on the match's clock (a 0.2 s match lost its first move on time).
    The queries are answered while the kernels compile; clear_board waits for them."""
    import threading

    from ai.commands.gtp import run_gtp

    warmed, hold = stand_in_hex_kernels
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join([*QUERIES, "clear_board", "quit"]) + "\n"))
    monkeypatch.setattr(sys, "stdout", out)
    protocol = threading.Thread(target=run_gtp, args=("hex", "level-5", {}, 0.1, VERSION), daemon=True)
    protocol.start()
    until(lambda: out.getvalue().count("\n\n") >= len(QUERIES))
    protocol.join(1)  # time enough to answer clear_board, had it not waited
    queries = out.getvalue().split("\n\n")
    assert protocol.is_alive() and not hold.is_set() and warmed == ["search"], queries
    assert queries[:3] == ["= 2", "= Tabuleiro hex level-5", f"= {VERSION}"] and queries[3] == "= true"
    assert "genmove" in queries[4] and queries[5] == "= " and "to-move: Blue" in queries[6]
    assert queries[7] == "= " and queries[8].startswith("? cannot undo") and queries[9:] == [""]
    hold.set()
    protocol.join(120)
    assert not protocol.is_alive() and out.getvalue().split("\n\n")[9:] == ["= ", "= ", ""]  # clear_board, quit
    warm_ups_ended()
    assert warmed == ["search", "knowledge"]


def test_a_boardsize_that_uses_other_kernels_waits_for_them(stand_in_hex_kernels):
    """Hex 19x19 uses no connection kernels; told ``boardsize 11`` after, level-5 uses them: the
    boardsize answers once they are ready, so that the game's first genmove does not pay for them."""
    import threading

    warmed, hold = stand_in_hex_kernels
    engine = Engine("hex", "level-5", {"size": 19}, 0.1)
    hold.set()
    assert engine.warm_up.join(120) and warmed == ["search"]
    hold.clear()
    out = io.StringIO()
    protocol = threading.Thread(target=serve, args=(engine, io.StringIO("boardsize 11\nquit\n"), out), daemon=True)
    protocol.start()
    protocol.join(1)  # time enough to answer, had it not waited
    assert protocol.is_alive() and out.getvalue() == "", out.getvalue()
    until(lambda: warmed == ["search", "knowledge"])
    hold.set()
    protocol.join(120)
    assert out.getvalue() == "= \n\n= \n\n" and warmed == ["search", "knowledge"]


@pytest.mark.parametrize(("player", "size", "stages"), [
    ("level-5", 11, ["search", "knowledge"]),
    ("level-5", 19, ["search"]),  # level-5 analyses no connections above 13x13 (kernels.unused_stages)
    ("level-2", 11, []),  # it searches in Python
])
def test_the_gtp_engine_warms_up_the_kernels_its_game_uses_and_no_others(stand_in_hex_kernels, player, size, stages):
    """The GTP engine compiled Hex's connection kernels in the background on every board: on
    19x19, which uses none, a third of its cores' time beside its first searches; the window's
    worker has always left them out there.  It compiles what its player asks for and its board
    uses, and a boardsize sent while it compiles changes what comes next."""
    import threading

    warmed, hold = stand_in_hex_kernels
    engine = Engine("hex", player, {}, 0.1)
    boardsize = threading.Thread(target=engine.handle, args=("boardsize", [str(size)]), daemon=True)
    boardsize.start()  # it waits for the kernels of its size
    until(lambda: engine.game.size == size)
    hold.set()
    boardsize.join(120)
    warm_ups_ended()
    assert warmed == stages


def test_our_controller_sets_a_game_up_before_its_first_move_is_timed_with_the_start_ups_time(tmp_path, monkeypatch):
    """Our GTP controller sent boardsize and clear_board inside the game's first move and gave them
    ``COMMAND_TIME`` (10 s): an engine that loads what the board needs then (ours: its kernels,
    15-25 s compiled on a fresh install) had it counted on that move's clock, or was stopped.  They
    are sent before the first move is timed (``get_ready``), given the start-up's time."""
    from ai import outside_gtp
    from ai.match import play_game

    monkeypatch.setattr(outside_gtp, "COMMAND_TIME", 0.5)  # less than the set-up takes, as 10 s than a compile
    engine = ai.make_player("tictactoe", f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --setup 1.5")
    game = games.load("tictactoe")
    try:
        result = play_game(game, [engine, ai.make_player("tictactoe", "level-1")], ["engine", "level-1"], 0.1)
    finally:
        engine.close()
    # played out by the rules, no forfeit: level-1 plays at random, so the engine's first-free-cell
    # moves win or are held to a full board (a CI's "Board full: draw" failed the win once asked)
    assert not result.forfeit and len(result.moves) >= 5, result.reason
    state = game.initial_state()
    for name in result.moves:
        state = state.play(game.parse_move(state, name))
    assert state.is_terminal() and state.end_reason() == result.reason


def test_an_engine_configs_setup_commands_are_given_the_start_ups_time(tmp_path, monkeypatch):
    """An engine.json's ``setup`` commands run at start-up, where an engine loads its networks, but
    were given ``COMMAND_TIME`` (10 s): one whose setup loaded a network was refused as not
    answering.  They get the start-up's time, as ``protocol_version`` does."""
    import json

    from ai import outside_gtp

    monkeypatch.setattr(outside_gtp, "COMMAND_TIME", 0.5)  # less than the command takes, as 10 s than a network
    config = tmp_path / "loads-a-network.json"
    config.write_text(json.dumps({"command": [sys.executable, str(BOTS / "gtp_engine.py"), "--setup", "0.8"],
                                  "setup": ["boardsize 3"]}))  # the fake engine's slow command: 0.3 s past COMMAND_TIME
    engine = ai.make_player("tictactoe", str(config))
    try:
        engine.get_ready({})
        assert engine.choose(games.load("tictactoe").initial_state(), Limits(time=1.0)) in range(9)
    finally:
        engine.close()


def test_a_match_against_our_gtp_engine_on_a_short_time_per_move_loses_no_first_move():
    """``main.py match hex level-1 gtp:"python main.py gtp hex ..." --option size=19 --time 0.2``:
    the engine, whose kernels load in the background (warm cache: 0.3-0.7 s), had its first genmove
    wait for them and lost it on time ("no answer after 1.05 s; limit 0.2 s + 0.5 s grace").  Its
    controller now sets the game up before the clock runs, and clear_board waits for the kernels.
    A small board and a shorter time, for a short test: each game starts a new engine."""
    import json

    engine = f"gtp:{sys.executable} main.py gtp hex --player level-3"
    match = subprocess.run([sys.executable, "main.py", "match", "hex", "level-1", engine, "--option", "size=7",
                            "--time", "0.05", "--games", "2", "--json"],
                           cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert match.returncode == 0, match.stderr
    results = [json.loads(line) for line in match.stdout.splitlines()]
    assert len(results) == 2 and not any(r["forfeit"] for r in results), [r["reason"] for r in results]


def test_an_engine_whose_set_up_outlasts_its_start_up_time_is_not_told_to_flush(tmp_path):
    """An engine that answered its start but not a game's clear_board within its ``startup_time``
    cannot start the game: it was told "an engine must flush its output after each answer", which
    it had done."""
    import json

    from ai.outside import OutsideLoadError

    config = tmp_path / "slow-set-up.json"
    config.write_text(json.dumps({"command": [sys.executable, str(BOTS / "gtp_engine.py"), "--setup", "5"],
                                  "startup_time": 0.5}))
    engine = ai.make_player("tictactoe", str(config))
    with pytest.raises(OutsideLoadError) as refusal:
        engine.get_ready({})
    assert "no answer to 'boardsize 3' within 0.5 s, though it answered the commands before it" in str(refusal.value)
    assert "flush" not in str(refusal.value)


# -- games of every shape: the options an engine is told ----------------------------------------------
@pytest.mark.parametrize("game_id, options, told", [
    ("tictactoe", {}, ["tabuleiro-options width=3 height=3 k=3", "boardsize 3"]),
    ("tictactoe", {"width": 5, "height": 4, "k": 4},
     ["tabuleiro-options width=5 height=4 k=4", "rectangular_boardsize 5 4 | boardsize 5 4"]),
    ("hex", {"size": 7, "swap": True}, ["tabuleiro-options size=7 swap=true", "boardsize 7"]),
    ("reversi", {"size": 6}, ["boardsize 6"]),
    ("reversi", {"size": 10}, ["boardsize 10"]),
    ("rastros", {"size": 5}, ["boardsize 5"]),
    ("alquerque", {"compulsory_capture": True},
     ["tabuleiro-options any_direction_captures=false compulsory_capture=true"]),
    ("trax", {"size": 8, "mode": "fill"}, ["tabuleiro-options size=8 mode=fill centre=lldd", "boardsize 8"]),
])
def test_every_option_of_a_game_is_told_to_an_engine_before_its_board_is_cleared(game_id, options, told):
    """``boardsize`` was sent for a game with a ``size`` alone: an engine playing Tic-tac-toe on a
    5x4 board with 4 in a row was never told it, played 3x3 and lost by a move off our board."""
    from ai.gtp_board import set_up_steps

    steps = set_up_steps(games.load(game_id, **options))
    assert [" | ".join(step.commands) for step in steps] == told


def test_our_engine_plays_the_board_and_k_it_is_told():
    """Told 5x4 with 4 in a row, our engine plays it (``tabuleiro-options``, ``rectangular_boardsize``
    listed in ``list_commands``); told a k that fits no board, it refuses saying why."""
    answers = talk(["list_commands", "tabuleiro-options width=5 height=4 k=4", "rectangular_boardsize 5 4",
                    "play b d4", "showboard", "tabuleiro-options width=3 height=3 k=4", "tabuleiro-options k"],
                   player="level-1")
    assert "rectangular_boardsize" in answers[0] and "tabuleiro-options" in answers[0]
    assert answers[1:4] == ["= ", "= ", "= "]
    assert answers[4].splitlines()[-1] == "...X." and len(answers[4].splitlines()) == 6  # 4 rows of 5 after to-move
    assert answers[5] == "? unacceptable options: option k: 4 in a row cannot fit on 3x3; choose 3..3"
    assert answers[6] == "? tabuleiro-options needs NAME=VALUE words: 'k' is not NAME=VALUE"


def test_a_match_against_our_gtp_engine_on_a_board_it_was_not_started_with_plays_to_its_end():
    """``main.py match tictactoe level-3 "gtp:python main.py gtp tictactoe" --option width=5
    --option height=4 --option k=4``: the engine, started for 3x3, was told nothing of the board and
    refused the first move off its 3x3 (``engine refused 'play b d1'``), a forfeit the user could
    not understand.  Now it is told the board and k, and both games end by the rules."""
    import json

    engine = f"gtp:{sys.executable} main.py gtp tictactoe --player level-2"
    match = subprocess.run([sys.executable, "main.py", "match", "tictactoe", "level-3", engine, "--option", "width=5",
                            "--option", "height=4", "--option", "k=4", "--time", "0.2", "--games", "2", "--json"],
                           cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert match.returncode == 0, match.stderr
    results = [json.loads(line) for line in match.stdout.splitlines()]
    assert len(results) == 2 and not any(r["forfeit"] for r in results), [r["reason"] for r in results]
    assert all(r["reason"] in ("X has 4 in a row", "O has 4 in a row", "Board full: draw") for r in results)


@pytest.mark.parametrize("options, refused", [
    ({"width": 5, "height": 4}, "refused to play width=5, height=4, k=3 ('boardsize 5 4': unacceptable size)"),
    ({"width": 5, "height": 4, "k": 4}, "refused to play width=5, height=4, k=4 "
                                        "('tabuleiro-options width=5 height=4 k=4': unknown command)"),
    ({"width": 4, "height": 4, "k": 4}, "refused to play width=4, height=4, k=4 "
                                        "('tabuleiro-options width=4 height=4 k=4': unknown command)"),
    ({"width": 4, "height": 4}, None),  # k at its default: an engine that does not know our command plays it so
    ({}, None),
])
def test_an_engine_that_refuses_the_board_loses_before_the_first_move_naming_it(options, refused):
    """An engine of 3x3 alone (or 4x4) was sent nothing, played its first free square, and lost in
    the middle of the game or played another game; it now loses before the first move, the board
    it refused named.  One that does not know ``tabuleiro-options`` plays the games whose options
    that command tells are at their defaults."""
    from ai.match import play_game

    size = options.get("width", 3)
    engine = ai.make_player("tictactoe", f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --square {size}")
    game = games.load("tictactoe", **options)
    try:
        result = play_game(game, [engine, ai.make_player("tictactoe", "level-1")], ["engine", "level-1"], 1.0)
    finally:
        engine.close()
    if refused is None:
        assert not result.forfeit, result.reason
    else:
        assert result.forfeit and result.moves == [], result.reason
        assert f"engine could not be started: {refused}" in result.reason


SQUARE_ENGINE = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --square 3"  # refuses any board but 3x3
FOUR_BY_FOUR = ["--option", "width=4", "--option", "height=4", "--option", "k=4"]
REFUSED = ("refused to play width=4, height=4, k=4 ('tabuleiro-options width=4 height=4 k=4': unknown command)")


def test_a_match_with_an_engine_that_refuses_the_board_stops_before_its_first_game(tmp_path):
    """``main.py match tictactoe "gtp:..." level-1 --option width=4 ...`` with an engine of 3x3
    alone played every game as a 0-ply forfeit, "could not be started: refused to play ...", one
    line each: the match stops before it starts, with one error naming the engine and what it
    refused (status 2), as a file that does not load does."""
    match = subprocess.run([sys.executable, "main.py", "match", "tictactoe", SQUARE_ENGINE, "level-1", *FOUR_BY_FOUR,
                            "--games", "4"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                           env={**os.environ, "TABULEIRO_BOT_LOGS": str(tmp_path / "bot-logs")})
    assert match.returncode == 2, (match.stdout, match.stderr)
    assert match.stdout == ""  # no game
    assert match.stderr.strip().splitlines() == [f"error: {SQUARE_ENGINE} could not be loaded: {REFUSED}"]


def test_a_tournament_with_an_engine_that_refuses_the_board_says_so_once_before_its_games(tmp_path):
    """The same engine in a league: it was started and refused the board game after game, said only
    in the report; it is said once before the games, as a file that does not load is, and its games
    are forfeited under the name it gives, in one line of the report."""
    league = subprocess.run([sys.executable, "main.py", "tournament", "tictactoe", SQUARE_ENGINE, "level-1", "level-2",
                             *FOUR_BY_FOUR, "--games", "2", "--time", "0.2"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env={**os.environ, "TABULEIRO_BOT_LOGS": str(tmp_path / "bot-logs")})
    assert league.returncode == 0, league.stderr
    warning = f"warning: {SQUARE_ENGINE} could not be loaded, so it forfeits all its games: {REFUSED}"
    assert [line for line in league.stderr.splitlines() if REFUSED in line] == [warning], league.stderr
    forfeits = [line.strip() for line in league.stdout.splitlines() if REFUSED in line]
    assert forfeits == [f"Test Engine, 8 games (1-4, 7-10): could not be started: {REFUSED}"], league.stdout


def test_a_replay_in_the_middle_of_a_game_waits_only_what_the_move_has_left():
    """An engine that lost track of the game is given the position again from the start; its
    ``boardsize`` and ``clear_board`` waited the start-up's time (a minute) on the move's clock, so
    an engine that no longer answers them held the game that long, and one that answered late was
    let play on.  Now the replay waits what the move has left: late, it loses on time."""
    from ai.base import Forfeit

    engine = ai.make_player("tictactoe", f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --setup 1")
    start = games.load("tictactoe").initial_state()
    engine.get_ready({})  # before the game: the start-up's time
    try:
        engine.choose(start.play(4), Limits(time=5))  # the engine has the centre and its reply
        with pytest.raises(Forfeit, match=r"^exceeded the time limit"):
            engine.choose(start.play(0).play(1), Limits(time=0.1))  # taken back: not one move from its board
    finally:
        engine.close()


SLOW_SET_UP = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --setup 0.7"  # each boardsize and clear_board: 0.7 s, past a 0.1 s move and its 0.5 s grace


def test_a_window_worker_made_anew_sets_its_engine_up_with_the_start_ups_time():
    """A window's AI worker made anew in the middle of a game (after a crash, or a stop its search
    was slow to take) makes its outside player anew with no "load" job: the engine's first
    ``boardsize`` and ``clear_board`` came in its first move's replay, given only the move's
    0.1 s, and an engine that loads a network for the board lost the move on time.  The first
    set-up waits the start-up's time, as before a game; the replay after it, the move's."""
    import threading

    from ui.ai_worker import AIResult, Job
    from ui.worker_jobs import run_job

    class Reports(list):
        put = list.append

    game = games.load("tictactoe")
    start = game.initial_state()
    two_moves_on = start.play(4).play(0)
    moves = (game.format_move(start, 4), game.format_move(start.play(4), 0))
    job = Job("tictactoe", {}, moves, game.to_text(two_moves_on), SLOW_SET_UP, 0.1)
    players: dict = {}  # the fresh worker's: nothing made, nothing loaded
    reports = Reports()
    try:
        run_job(1, job, players, reports, threading.Event())
    finally:
        for player in players.values():
            player.close()
    answer = reports[-1]
    assert isinstance(answer, AIResult) and answer.move in two_moves_on.legal_moves()


def test_a_window_worker_made_anew_whose_engine_outlasts_its_start_up_says_it_could_not_start(tmp_path):
    """The same worker's engine, whose set-up outlasts its ``startup_time``: it was said to have
    "exceeded the time limit (no answer after 60 s; limit 0.1 s + ...)", a move's lateness for what
    was the engine's start; it is the load failure a slow set-up before a game is."""
    import json
    import threading

    from ai.base import Forfeit
    from tests.ui_helpers import words_in
    from ui.ai_worker import Job
    from ui.words import forfeit_reason
    from ui.worker_jobs import run_job

    config = tmp_path / "slow-set-up.json"
    config.write_text(json.dumps({"command": [sys.executable, str(BOTS / "gtp_engine.py"), "--setup", "5"],
                                  "startup_time": 0.5}))
    game = games.load("tictactoe")
    start = game.initial_state()
    job = Job("tictactoe", {}, (game.format_move(start, 4),), game.to_text(start.play(4)), str(config), 0.1)
    players: dict = {}  # a fresh worker's
    try:
        with pytest.raises(Forfeit) as lost:
            run_job(1, job, players, [], threading.Event())
    finally:
        for player in players.values():
            player.close()
    assert str(lost.value).startswith("could not be started: the engine does not answer GTP: no answer to "
                                      "'boardsize 3' within 0.5 s, though it answered the commands before it"), lost
    with words_in("pt"):
        said = forfeit_reason(str(lost.value))
    assert said.startswith("não pôde ser iniciado: o motor não responde em GTP: sem resposta a 'boardsize 3' em 0,5 s, "
                           "embora tenha respondido aos comandos anteriores"), said


def test_an_engine_started_again_in_a_move_is_set_up_with_the_start_ups_time():
    """An engine that ended after its game's set-up is started again by its next move, with the
    start-up's time, and so is its set-up now (it had the move's time)."""
    engine = ai.make_player("tictactoe", SLOW_SET_UP)
    engine.get_ready({})
    engine.bot.kill()
    try:
        move = engine.choose(games.load("tictactoe").initial_state(), Limits(time=0.1))
    finally:
        engine.close()
    assert move in range(9)


def test_an_engines_first_move_after_a_random_opening_plays_on_from_its_set_up_board():
    """``match ... --openings N``: the engine set up before the game (the start-up's time) was set
    up again in its first move, to be replayed the opening's moves, on that move's 0.1 s: one slow
    to take a board lost every game of a match with openings on time, at its first move."""
    from ai.match import play_game

    engine = ai.make_player("tictactoe", SLOW_SET_UP)
    game = games.load("tictactoe")
    try:
        result = play_game(game, [ai.make_player("tictactoe", "level-1"), engine], ["level-1", "engine"], 0.1,
                           opening=[4, 0])
    finally:
        engine.close()
    assert not result.forfeit and len(result.moves) >= 5, result.reason
