"""A student's own GTP engine (a C or Python program) gone wrong the usual ways: debugging text on
standard output, a move in another notation, a script saved with Windows line ends, a script
that is not executable.  Each loses its own game, or is refused at load, with a reason that names
the engine, what it said and what to do; a tournament plays the other games on."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import ai
import games
from ai.match import play_game
from ai.outside import OutsideLoadError
from ai.tournament import Tournament
from tests.ui_helpers import words_in

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tests" / "data" / "outside" / "gtp_engine.py"
CONTRACT = ROOT / "tests" / "data" / "outside" / "simple_contract.py"


def engine_config(tmp_path: Path, *flags: str) -> str:
    """A JSON config starting the test engine with ``flags``; its path (an outside player id)."""
    path = tmp_path / f"engine{len(list(tmp_path.glob('*.json')))}.json"
    path.write_text(json.dumps({"command": [sys.executable, str(ENGINE), *flags]}))
    return str(path)


def refusal(player_id: str) -> str:
    """Why the engine ``player_id`` names is refused when loaded for tic-tac-toe: the
    OutsideLoadError's text, as the window and the commands get it."""
    with pytest.raises(OutsideLoadError) as refused:
        ai.make_player("tictactoe", player_id)
    return str(refused.value)


def in_portuguese(reason: str) -> str:
    """A refused engine's ``reason`` as the window says it in Portuguese (ui/words.py's patterns)."""
    from ui import words

    with words_in("pt"):
        return words.load_problem(reason)


def slow_to_answer(tmp_path: Path, flag: str) -> str:
    """A JSON config starting the test engine with ``flag`` and one second to answer its first
    command; its path."""
    config = tmp_path / f"{flag.strip('-')}.json"
    config.write_text(json.dumps({"command": [sys.executable, str(ENGINE), flag], "startup_time": 1}))
    return str(config)


def game_against_a_bot(tmp_path: Path, *flags: str):
    """A tic-tac-toe game of the test engine run with ``flags``, moving first, against a Python
    bot, at a second a move: its result (``ai.match.play_game``)."""
    engine = ai.make_player("tictactoe", engine_config(tmp_path, *flags))
    other = ai.make_player("tictactoe", str(CONTRACT))
    try:
        return play_game(games.load("tictactoe"), [engine, other], ["engine", "other"], 1.0)
    finally:
        engine.close()
        other.close()


def test_debugging_text_on_standard_output_loses_the_game_naming_it_and_the_log(tmp_path):
    """A printf left in the engine's genmove: the line was taken for the answer, its first letter
    cut as a GTP id, and the engine lost with "an illegal move 'hinking...'"."""
    result = game_against_a_bot(tmp_path, "--chatty")
    assert result.forfeit and result.winner == 1
    assert ("answered 'genmove b' at move 1 with 'thinking... 9 cells free', not a GTP answer: print debugging text to "
            "standard error; log: ") in result.reason
    log = Path(re.search(r"log: (\S+\.log)", result.reason).group(1))
    assert "'thinking... 9 cells free' on standard output, in answer to 'genmove b'" in log.read_text()


def test_a_python_engine_that_crashes_is_told_its_error_and_line_not_its_logs_tail(tmp_path):
    """A student's engine in Python that logs every command to standard error, then crashes: the
    reason quoted the log's last 400 characters from wherever they began ("sion | got name |
    ..."), so the window's card and the forfeits summary, cut to their width, showed the commands
    and never the IndexError."""
    result = game_against_a_bot(tmp_path, "--log-commands", "--crash", "--from", "2")
    assert result.forfeit and result.winner == 1
    line = ENGINE.read_text().splitlines().index("            cells[len(cells)]  # the student's off-by-one: IndexError") + 1
    assert ("crashed at move 3 (engine ended, exit status 1; stderr: IndexError: list index out of range "
            f"(at gtp_engine.py line {line})); log: ") in result.reason, result.reason
    assert "received:" not in result.reason


def test_an_error_stream_without_a_traceback_is_quoted_by_whole_lines():
    """A C engine's last words, not a Python traceback: its last lines, none cut at its start."""
    from ai.outside_process import STDERR_TAIL, stderr_summary

    said = stderr_summary("".join(f"received: command number {n}\n" for n in range(100)) + "assertion failed\n")
    assert said.split("; registo: ")[0].endswith("received: command number 99 | assertion failed") and len(said) <= STDERR_TAIL
    assert said.startswith("received: command number ")
    went_on = 'Traceback (most recent call last):\n  File "bot.py", line 9, in genmove\nValueError: x\nstill here\n'
    assert stderr_summary(went_on).endswith("ValueError: x | still here")  # a traceback it logged, not its end


def test_a_chatty_engine_loses_only_its_own_games_in_a_tournament(tmp_path):
    """The engine is stopped at the stray line, so its next game starts it anew in step, and the
    games without it are played as usual."""
    chatty = engine_config(tmp_path, "--chatty")
    ids = [chatty, "level-1", str(CONTRACT)]
    results = Tournament("tictactoe", ids, games_per_pair=1, time_per_move=0.5, seed=2).run()
    assert len(results) == 6
    for result in results:
        if chatty in result.players:
            side = result.players.index(chatty)
            assert result.forfeit and result.winner == 1 - side, result.reason
            assert "not a GTP answer" in result.reason
        else:
            assert not result.forfeit, result.reason


def test_a_move_in_another_notation_is_named_whole(tmp_path):
    """An engine answering "0 0" (row and column) was said to have played '0'."""
    result = game_against_a_bot(tmp_path, "--row-col")
    assert result.forfeit and result.winner == 1
    assert "played an illegal move '0 0' at move 1: '0 0' is not a square like a1" in result.reason


def test_an_illegal_move_names_a_log_that_says_why_though_the_engine_wrote_none(tmp_path):
    """A student's engine that prints nothing to standard error lost for its illegal move with no
    log named, where every other forfeit names one that says why: its log keeps a line of ours."""
    engine = tmp_path / "quiet.py"
    engine.write_text("import sys\n"
                      "for line in sys.stdin:\n"
                      "    word = line.split()[0] if line.split() else ''\n"
                      "    print('= zz9' if word == 'genmove' else '= 2' if word == 'protocol_version' else '=', "
                      "end='\\n\\n', flush=True)\n")
    quiet = ai.make_player("tictactoe", f"gtp:{sys.executable} {engine}")
    other = ai.make_player("tictactoe", str(CONTRACT))
    try:
        result = play_game(games.load("tictactoe"), [quiet, other], ["quiet", "other"], 1.0)
    finally:
        quiet.close()
        other.close()
    assert result.forfeit and result.winner == 1 and "played an illegal move 'zz9' at move 1" in result.reason
    assert "; log: " in result.reason, result.reason
    log = Path(result.reason.rsplit("; log: ", 1)[1]).read_text()
    assert log.startswith("Tabuleiro: lost: its answer 'zz9' to 'genmove b' is no legal move here: 'zz9' is not a "
                          "square"), log


def student_script(tmp_path: Path, line_end: str = "\n", executable: bool = True, first: str | None = None) -> Path:
    """The test engine as a student's script with a ``#!`` line (``first``, or this Python's),
    saved with ``line_end``; ``first=""``: none."""
    script = tmp_path / "meubot.py"
    text = (f"#!{sys.executable}\n" if first is None else first) + ENGINE.read_text()
    script.write_bytes(text.replace("\n", line_end).encode())
    script.chmod(0o755 if executable else 0o644)
    return script


@pytest.mark.skipif(sys.platform == "win32", reason="Windows reads no #! line")
def test_a_script_saved_with_windows_line_ends_is_said_so(tmp_path):
    """Its #! line asks for an interpreter named with a carriage return: the engine died at once
    and the reason was /usr/bin/env's "No such file or directory"."""
    assert ai.make_player("tictactoe", f"gtp:{student_script(tmp_path)}").close() is None  # LF: it starts
    script = student_script(tmp_path, "\r\n")
    reason = refusal(f"gtp:{script}")
    assert "ends with a Windows line end (CRLF)" in reason and "dos2unix meubot.py" in reason
    assert f"gtp:{script}" in reason


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no execute bit")
def test_a_script_that_is_not_executable_is_told_its_interpreter(tmp_path):
    script = student_script(tmp_path, executable=False)
    with pytest.raises(OutsideLoadError, match=r"it may not be run \(is it a program\?\): name its interpreter "
                                               r"first \(gtp:python3 meubot\.py\), or give it a #! line and "
                                               r"chmod \+x meubot\.py"):
        ai.make_player("tictactoe", f"gtp:{script}")


def test_the_reasons_read_in_portuguese_in_the_window(tmp_path):
    """The window says a forfeit's reason and a refused engine in its language: a reason no pattern
    of ui/words.py matched was shown in English, and a forfeit not read as one lost its log."""
    from ui import words

    reason = game_against_a_bot(tmp_path, "--chatty").reason
    crlf, not_runnable = (in_portuguese(refusal(f"gtp:{student_script(tmp_path, line_end, executable)}"))
                          for line_end, executable in (("\r\n", True), ("\n", False)))
    assert words.log_path(reason)
    with words_in("pt"):
        said = words.end_reason(reason)
    assert "não é uma resposta GTP" in said and "registo: " in said, said
    assert "guarde o ficheiro com fins de linha Unix (LF), como faz dos2unix meubot.py" in crlf, crlf
    assert "indique primeiro o seu interpretador (gtp:python3 meubot.py)" in not_runnable, not_runnable


def test_a_mistyped_script_path_is_said_from_where_tabuleiro_started(tmp_path, monkeypatch):
    """``gtp:python3 bots/meubott.py``: Python could not open the file in the engine's own
    temporary folder and said so, naming a folder the student never saw."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bots").mkdir()
    reason = refusal(f"gtp:{sys.executable} bots/meubott.py --depth 2")
    assert reason.startswith(f"gtp:{sys.executable} bots/meubott.py --depth 2: the engine crashed as it started "
                             "(exit status 2), before answering GTP; no file bots/meubott.py in "), reason
    assert f"; no file bots/meubott.py in {tmp_path}: the engine runs in a folder of its own" in reason
    said = in_portuguese(reason)
    assert "o motor falhou ao arrancar (código de saída 2), antes de responder em GTP" in said, said
    assert f"não há ficheiro bots/meubott.py em {tmp_path}" in said, said


def engine_script(tmp_path: Path, name: str, body: str) -> str:
    """The id of a GTP engine made of the Python ``body``, saved as ``name`` (``gtp:python name``)."""
    script = tmp_path / name
    script.write_text(body)
    return f"gtp:{sys.executable} {script}"


def test_an_engine_that_ends_at_start_up_is_said_to_end_there_not_to_crash(tmp_path):
    """An engine that exits at once was said as "the engine does not answer GTP (crashed (engine
    ended, exit status 0))": brackets in brackets, and "crashed" for a program that ended as
    programs do.  One sentence says how it ended, a crash only where it failed, what it wrote last."""
    quits = refusal(engine_script(tmp_path, "quits.py", "raise SystemExit(0)\n"))
    fails = refusal(engine_script(tmp_path, "fails.py", "import sys\nsys.exit('no network file')\n"))
    assert quits.split("; log: ")[0].endswith(": the engine ended as it started (exit status 0), before answering GTP"), quits
    assert fails.split("; log: ")[0].endswith(": the engine crashed as it started (exit status 1), before answering GTP; stderr: "
                          "no network file"), fails
    said = [in_portuguese(reason) for reason in (quits, fails)]
    assert said[0].split("; registo: ")[0].endswith(": o motor terminou ao arrancar (código de saída 0), antes de responder em GTP"), said
    assert said[1].split("; registo: ")[0].endswith(": o motor falhou ao arrancar (código de saída 1), antes de responder em GTP; saída de erros: "
                            "no network file"), said


@pytest.mark.skipif(sys.platform == "win32", reason="no CPU time limit on Windows")
def test_an_engine_killed_by_its_cpu_limit_at_start_up_is_said_in_one_pair_of_brackets(tmp_path, monkeypatch):
    """An engine that spends its CPU time before its first answer is killed by SIGXCPU: said
    "(killed by SIGXCPU (CPU time limit))", brackets inside brackets; now the limit is said in
    the same pair, in English and in Portuguese."""
    monkeypatch.setenv("TABULEIRO_BOT_LIMITS", "cpu=1")
    reason = refusal(engine_script(tmp_path, "spins.py", "while True:\n    pass\n"))
    assert reason.split("; log: ")[0].endswith(": the engine crashed as it started (killed by SIGXCPU, its CPU time "
                                               "limit), before answering GTP"), reason
    said = in_portuguese(reason).split("; registo: ")[0]
    assert said.endswith(": o motor falhou ao arrancar (morto pelo sinal SIGXCPU, o seu limite de tempo de CPU), "
                         "antes de responder em GTP"), said


@pytest.mark.parametrize("reason", ["crashed (process ended, killed by SIGXCPU, its CPU time limit)",
                                    "crashed (process ended, killed by SIGXCPU (CPU time limit))"],
                         ids=["now", "as older records have it"])
def test_a_bot_killed_by_its_cpu_limit_in_a_game_is_said_in_one_pair_of_brackets(reason):
    """A forfeit's crash by the CPU limit (``Bot.exit_text``), as a game's record keeps it: said
    in the reason's one pair of brackets, the older bracketed form too."""
    from ui.words import forfeit_reason

    assert forfeit_reason(reason) == "crashed (process ended, killed by SIGXCPU, its CPU time limit)"
    with words_in("pt"):
        said = forfeit_reason(reason)
    assert said.endswith("terminado por SIGXCPU, o seu limite de tempo de CPU)") and said.count("(") == 1, said


def test_an_engine_that_ends_at_a_set_up_command_is_said_to_have_answered_before(tmp_path):
    """An engine that answered its start and ended at a set-up command (an engine.json's "setup")
    did answer GTP: the sentence names the command it ended at."""
    engine = engine_script(tmp_path, "once.py", "import sys\nsys.stdin.readline()\nprint('= 2', end='\\n\\n', "
                                                "flush=True)\nsys.stdin.readline()\n")
    config = tmp_path / "once.json"
    config.write_text(json.dumps({"command": engine.removeprefix("gtp:").split(), "setup": ["komi 0"]}))
    reason = refusal(str(config))
    assert reason.split("; log: ")[0].endswith(": the engine ended at 'komi 0' (exit status 0), though it answered the commands before "
                           "it"), reason
    said = in_portuguese(reason)
    assert said.split("; registo: ")[0].endswith(": o motor terminou em 'komi 0' (código de saída 0), embora tenha respondido aos comandos "
                         "antes dele"), said


def test_an_engine_that_never_flushes_its_answers_is_told_to(tmp_path):
    """A C engine's printf to a pipe stays in its buffer without fflush: the engine was refused
    after its start-up time with "the engine does not answer GTP (late)".  What it is told follows a
    colon: in brackets, its own "(fflush(stdout) in C, ...)" nested in them."""
    reason = refusal(slow_to_answer(tmp_path, "--buffered"))
    assert ("the engine does not answer GTP: no answer to 'protocol_version' within 1 s: an engine must flush its "
            "output after each answer (fflush(stdout) in C, print(..., flush=True) in Python)") in reason
    said = in_portuguese(reason)
    assert "sem resposta a 'protocol_version' em 1 s: um motor tem de despejar a sua saída" in said, said


def test_answers_without_their_empty_line_are_said_so(tmp_path):
    """``printf("= %s\\n", ...)``: the answer came at once but was never ended, and the engine was
    refused as silent, told to flush."""
    reason = refusal(slow_to_answer(tmp_path, "--one-newline"))
    assert ("the engine does not answer GTP: answered 'protocol_version' with '= 2' but no empty line after it: "
            "a GTP answer ends with an empty line (two newlines after it)") in reason
    said = in_portuguese(reason)
    assert "respondeu a 'protocol_version' com '= 2' mas sem uma linha vazia a seguir" in said, said


def test_an_answer_without_its_empty_line_is_refused_without_waiting_out_the_start_up_time(tmp_path):
    """The same engine with an hour to start (``startup_time``, a minute by default): its answer
    came at once, but the load waited the whole start-up time for the empty line, the window's
    "Loading gtp:..." standing all the while.  An answer's lines come together, so a silence
    after its last line ends it (``UNENDED_AFTER``).  The join's bound only keeps a load that
    waits out its hour from hanging the suite; it measures nothing."""
    import threading

    config = tmp_path / "patient.json"
    config.write_text(json.dumps({"command": [sys.executable, str(ENGINE), "--one-newline"], "startup_time": 3600}))
    said: list[str] = []
    loading = threading.Thread(target=lambda: said.append(refusal(str(config))), daemon=True)
    loading.start()
    loading.join(120)
    assert said and "answered 'protocol_version' with '= 2' but no empty line after it" in said[0], said


@pytest.mark.skipif(sys.platform == "win32", reason="Windows reads no #! line")
def test_a_script_whose_interpreter_is_missing_or_that_has_no_hash_bang_line_is_said_so(tmp_path):
    """``#!/usr/bin/python3.99`` was said as the script itself missing ("no such program (is it
    installed, and on the PATH?)"), and a script without a #! line got "Exec format error" alone."""
    missing, unmarked = (refusal(f"gtp:{student_script(tmp_path, first=first)}")
                         for first in (f"#!{tmp_path / 'python3.99'}\n", ""))
    assert (f"its first line, #!{tmp_path / 'python3.99'}, names an interpreter that is not there: write one that "
            "is (#!/usr/bin/env python3), or name the interpreter first (gtp:python3 meubot.py)") in missing
    assert "no such program" not in missing
    assert ("this system cannot run it (Exec format error): name its interpreter first (gtp:python3 meubot.py), "
            "or give it a #! line and chmod +x meubot.py") in unmarked
    said = [in_portuguese(text) for text in (missing, unmarked)]
    assert "indica um interpretador que não existe" in said[0], said
    assert "este sistema não o consegue executar (Exec format error)" in said[1], said


def test_an_engine_that_answers_with_chat_is_refused_at_its_first_line(tmp_path, capsys):
    """An engine printing its own text where the answers go (``hello! you said protocol_version``)
    was waited for until its start-up time ran out (a minute by default), then refused as if it
    had answered without the empty line; the first line of an answer must start with = or ?, so
    the match is refused at once, saying what it printed and where debugging text goes."""
    from main import main

    assert main(["match", "tictactoe", "level-1", slow_to_answer(tmp_path, "--babble"), "--games", "1"]) == 2
    error = capsys.readouterr().err
    assert ("the engine does not answer GTP: answered 'protocol_version' with 'hello! you said protocol_version', "
            "not a GTP answer: print debugging text to standard error") in error, error
    assert "no empty line" not in error
