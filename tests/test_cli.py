"""The command line as other programs use it: JSON lines, one-line errors with status 2."""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """``main.py ARGS`` run as a process of its own: for what only a process shows (its exit
    status as the shell sees it, its start, its help as a terminal wraps it)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )


# the signals ``main.main`` sets for a command's process (``stop_as_on_ctrl_c``, ``ctrl_c_raises``)
MAIN_SIGNALS = [getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK") if hasattr(signal, name)]


def run_here(*args: str) -> subprocess.CompletedProcess:
    """``main.py ARGS`` run by ``main.main`` in this process (from the checkout's folder, as
    ``run``), its exit status and what it printed as ``run`` gives them: for the commands whose
    words, files and status are what a test checks, not their process.  A process of its own cost
    each run its start and imports (numba, the engines: 0.3 to 1 s); ``run`` keeps that for what
    only a process shows, and ``test_run_here_answers_as_a_process_of_its_own`` holds the two to
    one answer.  The signal handlers ``main`` sets for its process are put back after it."""
    import main

    handlers = {number: signal.getsignal(number) for number in MAIN_SIGNALS}
    out, err = io.StringIO(), io.StringIO()
    before = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main.main(list(args))
            except SystemExit as exc:  # argparse's --help
                code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
    finally:
        os.chdir(before)
        for number, handler in handlers.items():
            signal.signal(number, handler)
    return subprocess.CompletedProcess(["main.py", *args], code, out.getvalue(), err.getvalue())


def test_run_here_answers_as_a_process_of_its_own():
    """``run_here``, which most of this module's commands run through, answers as ``main.py`` run
    as a process does: its status, its output and its errors, a match's and a bad input's; and it
    leaves this process's signal handlers as they were (``main`` sets SIGTERM's and SIGHUP's to
    stop as Ctrl+C does, for its command's process)."""
    before = {number: signal.getsignal(number) for number in MAIN_SIGNALS}
    played = ["match", "tictactoe", "level-1", "level-1", "--games", "2", "--time", "0.05", "--seed", "3"]  # no kernel
    for args in (played, ["tournament", "tictactoe", "level-1"], ["match", "chess", "level-1", "level-1"]):
        here, process = run_here(*args), run(*args)
        assert (here.returncode, here.stdout, here.stderr) == (process.returncode, process.stdout, process.stderr), args
        if args is played:
            assert here.returncode == 0 and here.stdout.count("game ") == 2, here
        else:
            assert here.returncode == 2 and here.stderr.startswith("error: "), here
        assert {number: signal.getsignal(number) for number in MAIN_SIGNALS} == before, args


@pytest.mark.parametrize(
    "options",
    [[], ["--option", "width=4", "--option", "height=4", "--option", "k=3"],
     ["--option", "width=7", "--option", "height=6", "--option", "k=4"]],
)
def test_match_json_prints_one_object_per_game(options):
    n = 20 if not options else 4
    proc = run_here("match", "tictactoe", "level-5", "level-1", "--games", str(n), "--json", "--time", "1", *options)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == n
    records = [json.loads(line) for line in lines]
    for i, rec in enumerate(records):
        assert rec["game"] == "tictactoe" and len(rec["moves"]) >= 5
        assert rec["players"] == (["level-5", "level-1"] if i % 2 == 0 else ["level-1", "level-5"])
        if not options:
            assert rec["winner_name"] in ("Level 5", None), rec  # perfect play never loses on 3x3


def test_match_openings_start_each_pair_of_games_from_its_own_position():
    """Deterministic players would replay one game: with --openings each pair of games (colours
    swapped) starts after its own random moves, which the JSON record keeps, so it replays."""
    import games

    proc = run_here("match", "alquerque", "alquerque:minimax-1", "alquerque:minimax-2", "--games", "6",
               "--openings", "3", "--json", "--time", "1")
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in proc.stdout.strip().splitlines()]
    assert len(records) == 6
    openings = [tuple(rec["moves"][:3]) for rec in records]
    assert openings[0::2] == openings[1::2]  # both games of a pair
    assert len(set(openings)) == 3  # three different pairs
    game = games.load("alquerque")
    for rec in records:
        state = game.play_line(rec["moves"])
        assert state.is_terminal() and state.winner() == rec["winner"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["match", "chess", "level-1", "level-1"], ["unknown game", "tictactoe"]),
        (["match", "tictactoe", "level-9", "level-1"], ["unknown player", "level-5"]),
        (["match", "tictactoe", "level-1", "level-1", "--option", "size=3"], ["no option", "width"]),
        (["match", "tictactoe", "level-1", "level-1", "--option", "width=99"], ["width", "3..19"]),
        (["match", "tictactoe", "level-1", "level-1", "--option", "k=7"], ["cannot fit"]),
        (["match", "tictactoe", "level-1", "level-1", "--time", "-1"], ["--time"]),
        (["match", "tictactoe", "level-1", "level-1", "--time", "nan"], ["--time"]),
        (["match", "tictactoe", "level-1", "level-1", "--time", "inf"], ["--time"]),
        (["match", "tictactoe", "level-1", "level-1", "--openings", "-2"], ["--openings must be 0 or more moves"]),
        (["match", "tictactoe", "level-1", "level-1", "--openings", "12"], ["no playable position after 12"]),
        (["match", "tictactoe", "level-1", "level-1", "--openings", "100"],  # the game's limit, said
         ["no playable position after 100 random moves: the game was over within 9 moves", "ask for at most 8"]),
        (["tournament", "tictactoe", "level-1", "level-2", "--openings", "12"], ["no playable position"]),
        (["bench", "chess"], ["unknown bench target", "tictactoe", "ui", "analysis", "budget"]),
        (["nonsense"], ["invalid choice"]),
        # qa110: the last of two sizes was played without a word
        (["match", "reversi", "level-1", "level-1", "--option", "size=6", "--option", "size=8"],
         ["option size given twice, as 6 and as 8: give it once"]),
        (["tournament", "reversi", "level-1", "level-2", "--size", "6", "--option", "size=10"],
         ["option size given twice, as 6 and as 10"]),
        (["analyse", "reversi", "--size", "6", "--option", "size=8"], ["option size given twice"]),
        # cli2: one player (or none) was "the following arguments are required: PLAYER"
        (["match", "reversi", "level-1"], ["a match takes two players: main.py match GAME PLAYER PLAYER",
                                           "main.py match reversi level-1 level-3"]),
        (["match", "reversi"], ["a match takes two players"]),
        # cli3: three players were "unrecognized arguments: level-3", none for a tournament
        # "the following arguments are required: PLAYER"
        (["match", "reversi", "level-1", "level-2", "level-3"],
         ["a match takes two players; for more, main.py tournament GAME P1 P2 P3 ..."]),
        (["match", "reversi", "level-1", "level-2", "--games", "2", "level-3"], ["a match takes two players;"]),
        (["match", "reversi", "level-1", "level-2", "--bogus"], ["unrecognized arguments: --bogus"]),
        (["tournament", "reversi"], ["a tournament needs at least two players: main.py tournament GAME P1 P2 P3",
                                     "main.py tournament reversi level-1 level-2 level-3", "'bots/*.py'"]),
        # QA (tidy8): a league given too few players was called a tournament, its example one too
        (["league", "reversi"], ["a league needs at least two players: main.py league GAME P1 P2 P3",
                                 "main.py league reversi level-1 level-2 level-3"]),
        (["league", "reversi", "level-1"], ["a league needs at least two players"]),
        # cli3: league and analyze (and game options as flags) were known only as the first word:
        # "invalid choice: 'league'" after --log, not --log's own word
        (["--log", "debug", "league", "tictactoe", "level-1", "level-2"],
         ["--log is the window's (main.py --log debug), not league's"]),
        (["--log=debug", "analyze", "reversi"], ["not analyze's"]),
        (["--lo", "info", "match", "reversi", "level-1", "level-2", "--size", "6"], ["not match's"]),
        # qa118: a word where a number goes was argparse's "invalid int value: 'abc'" ("invalid float value")
        (["match", "reversi", "level-1", "level-2", "--games", "abc"], ["--games: 'abc' is not a whole number"]),
        (["tournament", "reversi", "level-1", "level-2", "--jobs", "two"], ["--jobs: 'two' is not a whole number"]),
        (["analyse", "reversi", "--level", "x"], ["--level: 'x' is not a whole number"]),
        (["match", "reversi", "level-1", "level-2", "--time", "1,5"], ["--time: '1,5' is not a number of seconds"]),
        # QA: --yes without --withdraw was taken without a word, as if it meant something there
        (["tournament", "tictactoe", "level-1", "level-2", "--yes"],
         ["--yes only answers --withdraw's question: give --withdraw PLAYER too, or leave --yes out"]),
        (["league", "tictactoe", "level-1", "level-2", "--resume", "no-such-folder/league", "--yes"], ["--withdraw PLAYER"]),
        # QA: a file to open (main.py game.sgf) that is not there was "invalid choice: 'game.sgf'"
        (["--log", "info", "missing-game.sgf"], ["missing-game.sgf: no such file"]),
        # QA: a folder with no name of its own (main.py ./) was "invalid choice: './'", as a folder
        # named like a file is said to be one
        (["./"], ["./: a folder, not a file"]),
        (["--log", "info", ".."], ["..: a folder, not a file"]),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, words, capsys):
    """Run in this process (``main.main``, as ``main.py`` runs it): a process of its own per case
    cost its start and imports, 0.4 s each on a loaded machine, for a check of the words;
    ``test_bad_input_from_a_process_of_its_own_is_one_line_and_status_2`` runs each command so."""
    import main

    assert main.main(args) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    for word in words:
        assert word in err


def test_the_log_refusal_names_the_command_as_the_user_types_it(monkeypatch, capsys):
    """``--log`` before a command is refused with the window's command line: it said "python
    main.py --log debug" to a user of the app bundle or the installed command, who have no
    main.py; it is ``command_name``'s, as the other messages' command lines are."""
    import main

    monkeypatch.setattr(sys, "argv", ["/usr/bin/tabuleiro"])
    assert main.main(["--log", "debug", "match", "tictactoe", "level-1", "level-2"]) == 2
    err = capsys.readouterr().err
    assert "--log is the window's (tabuleiro --log debug), not match's" in err, err
    assert "main.py" not in err


@pytest.mark.parametrize("args, word", [
    (["match", "chess", "level-1", "level-1"], "unknown game"),
    (["tournament", "tictactoe", "level-1", "level-2", "--openings", "12"], "no playable position"),
    (["bench", "chess"], "unknown bench target"),
    (["nonsense"], "invalid choice"),
])
def test_bad_input_from_a_process_of_its_own_is_one_line_and_status_2(args, word):
    """Each command's bad input as another program sees it: the exit status 2 and one line on stderr."""
    proc = run(*args)
    assert proc.returncode == 2
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err and word in err, err


def test_league_is_another_name_of_tournament(tmp_path):
    """cli2: the README and docs/leagues.md call a course's round robin a league, and ``main.py
    league ...`` was "invalid choice: 'league'": it runs the tournament, its game options as flags
    too, and the help says the other name."""
    out = tmp_path / "liga"
    argv = ("tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.05", "--seed", "3", "--k", "3")
    league = run_here("league", *argv, "--out", str(out))
    assert league.returncode == 0, league.stderr
    assert "Tic-tac-toe round robin: 2 players, 2 games" in league.stdout
    written = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert (written["game"], written["players"], written["total"]) == ("tictactoe", ["level-1", "level-2"], 2)
    said = " ".join(run_here("--help").stdout.split())  # as the terminal's width wraps it
    assert "a round robin among players of one game (also called league)" in said


@pytest.mark.parametrize("argv, usage", [(["league", "--help"], "usage: main.py league "),
                                         (["--log", "info", "league", "-h"], "usage: main.py league "),
                                         (["tournament", "--help"], "usage: main.py tournament ")])
def test_the_league_commands_help_says_league(argv, usage, capsys):
    """QA (tidy5): ``main.py league --help`` began "usage: main.py tournament ...", the other
    name's, as if the user had typed a command they had not; each name's help says its own."""
    import main

    with pytest.raises(SystemExit) as stop:
        main.main(argv)
    assert stop.value.code == 0 and capsys.readouterr().out.startswith(usage)


def test_the_bench_help_says_what_each_window_target_measures():
    """``bench --help`` said "'analysis' (analysis mode's and the tree explorer's)": whose figures,
    not what of them.  Each window target is said by the line that heads its figures."""
    from ai.commands.bench import WINDOW_TARGETS

    said = " ".join(run_here("bench", "--help").stdout.split())  # as the terminal's width wraps it
    for target, what in WINDOW_TARGETS.items():
        assert f"'{target}' ({what})" in said, said
    assert "'analysis' (what analysis mode and the tree explorer cost the window)" in said


def test_a_resume_with_no_log_yet_says_plainly_that_a_new_tournament_starts_there(tmp_path):
    """``--resume FILE`` with no FILE.jsonl said "FILE.jsonl not found: starting the tournament",
    which read as an error the run then ignored.  It starts (a job script may always give
    --resume: docs/leagues.md), and says no tournament was there to resume, that a new one starts
    and is written there; --help says so too."""
    out = tmp_path / "turma"
    argv = ("tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.05", "--seed", "3", "--k", "3")
    started = run_here("tournament", *argv, "--resume", str(out))
    assert started.returncode == 0, started.stderr
    assert (f"no tournament to resume: {out}.jsonl does not exist yet, so a new one starts and is written there"
            in started.stderr), started.stderr
    assert "not found" not in started.stderr
    assert len(Path(f"{out}.jsonl").read_text(encoding="utf-8").splitlines()) == 3  # its header and its 2 games
    said = " ".join(run_here("tournament", "--help").stdout.split())
    assert "with no FILE.jsonl yet, the tournament starts and is written there" in said


def test_a_withdrawal_from_a_league_with_no_log_yet_starts_nothing(tmp_path):
    """QA (qa137): ``--resume FILE --withdraw PLAYER --yes`` with no FILE.jsonl (a mistyped FILE)
    started a whole new league, played it through and withdrew PLAYER from it before its first
    game.  There is no league to withdraw from: it says so and starts nothing, makes no folder."""
    out = tmp_path / "typo" / "turma"
    argv = ("tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.05", "--k", "3")
    refused = run_here("tournament", *argv, "--resume", str(out), "--withdraw", "level-1", "--yes")
    assert refused.returncode == 2, refused.stderr
    assert f"no tournament to withdraw from: {out}.jsonl does not exist yet" in refused.stderr, refused.stderr
    assert "a new one starts" not in refused.stderr and not out.parent.exists()


def test_the_game_and_players_may_be_named_as_the_tables_print_them(capsys):
    """QA (qa106): a teacher scripting a class's league typed the names the window and the tables
    show: "tournament Hex ..." said "unknown game 'Hex'" and "Basilio" "unknown player 'Basilio'"
    (though "basilio" played).  A game's title (any language's, any case) and a player's title or
    id in any case name them now; a misspelt one still gets the list of players."""
    import main

    assert main.main(["tournament", "Rastros", "Level 1", "Basilio", "LEVEL-2", "--games", "1",
                      "--option", "size=4", "--time", "0.1"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("Rastros", "Level 1", "Basilio", "Level 2")), out
    assert main.main(["match", "Jogo do Galo", "AIMA", "level-1", "--games", "1", "--time", "0.1"]) == 0
    assert "AIMA" in capsys.readouterr().out
    assert main.main(["match", "rastros", "level-1", "Basilo", "--games", "1"]) == 2
    assert "unknown player 'Basilo' for rastros; players: " in capsys.readouterr().err


def test_help_names_the_games_and_the_forms_of_a_player():
    proc = run("match", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    assert "tictactoe, hex, reversi, rastros, alquerque, trax" in text
    assert "gtp:COMMAND" in text and "level-1 .. level-5" in text


def test_help_says_no_command_opens_the_window_and_where_each_commands_help_is():
    """``main.py --help`` listed four commands under "positional arguments" and never said that
    the bare command opens the window, nor that each command has a help of its own."""
    proc = run("--help")
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())
    assert "usage: main.py [-h] [--version] [--log LEVEL] [COMMAND ... | FILE]" in text
    assert "Without a command it opens the window, on FILE's game" in text
    assert "'main.py COMMAND --help' lists what a command takes" in text
    assert "commands: COMMAND match" in text and "positional arguments" not in text


@pytest.mark.parametrize("command", ["match", "tournament", "gtp"])
def test_help_lists_every_games_named_players(command):
    """The players a command takes were "level-1 .. level-5, a course bot such as hex:uct": the
    other course bots (rastros:basilio, alquerque:minimax-4 ...) showed only in the error a
    mistyped one got.  --help now lists each game's."""
    import ai
    import games
    from ai.levels import LEVEL_IDS

    proc = run(command, "--help", timeout=60)
    assert proc.returncode == 0, proc.stderr
    listed = " ".join(proc.stdout.split("named players, besides level-1 .. level-5 (Level 1 .. Level 5) in every "
                                        "game:")[1].split())
    expected = []
    for game_id in games.GAME_IDS:  # each by its id, to type, and the name the reports give it
        named = [f"{info.id} ({info.title})" for info in ai.catalog(game_id) if info.id not in LEVEL_IDS]
        if named:
            expected.append(f"{game_id} {', '.join(named)}")
    assert listed == " ".join(expected)  # exactly the engines' own players: none missing, none extra


def test_help_names_players_without_loading_any_engine():
    """``match --help`` took 0.9 s instead of 0.1 s: listing the named players imported every
    engine, and with it numba.  Building the help text now loads neither."""
    script = ("import sys, main\n"
              "for command in ('match', 'tournament', 'gtp'):\n"
              "    try:\n"
              "        main.main([command, '--help'])\n"
              "    except SystemExit:\n"
              "        pass\n"
              "loaded = sorted(m for m in sys.modules if m == 'numba' or m.startswith(('numba.', 'ai.engines')))\n"
              "print('LOADED', loaded)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "named players, besides" in proc.stdout
    assert "LOADED []" in proc.stdout, proc.stdout.splitlines()[-1]


def test_bench_prints_nodes_per_second_and_depth(monkeypatch, capsys):
    """Figures pasted into a note said neither which Tabuleiro made them nor how to make them
    again: the header now gives the version (and numba's) and the command line as typed.  Run in
    this process with the strength games left out (ai/bench/tictactoe.py's take minutes; their
    own tests are in tests/test_tictactoe_threats.py)."""
    import shlex

    import main
    from ai.bench import tictactoe as tictactoe_bench
    from ui.about import VERSION

    argv = ["bench", "tictactoe", "--quick"]
    monkeypatch.setattr(sys, "argv", [str(ROOT / "main.py"), *argv])
    monkeypatch.setattr(sys, "orig_argv", [sys.executable, str(ROOT / "main.py"), *argv])
    monkeypatch.setattr(tictactoe_bench, "bench_extra", lambda report, quick: report(f"  strength, quick={quick}"))
    assert main.main(argv) == 0
    stdout = capsys.readouterr().out
    assert "nodes/s" in stdout and "depth" in stdout
    assert "#1 width=3,height=3,k=3" in stdout  # the board, also when it is the default one
    lines = stdout.splitlines()
    assert lines[0].startswith(f"Tabuleiro {VERSION} (source checkout; Python ") and "numba " in lines[0] and "quick runs" in lines[0]
    assert lines[1] == "command: " + shlex.join([sys.executable, str(ROOT / "main.py"), "bench", "tictactoe", "--quick"])
    assert "tictactoe: level-5 from fixed positions, up to 0.3 s each" in stdout  # its searches end sooner
    assert lines[-1] == "  strength, quick=True"


def test_bench_ratios_say_which_side_is_faster_and_trax_says_its_time_per_move(monkeypatch):
    """"x37 per CPU s" ended the kernel-against-Python lines without saying who was faster; Trax's
    strength lines gave times per move with no word of the limit they were played at (1 s)."""
    import ai
    from ai.bench import faster
    from ai.bench import trax as trax_bench

    assert faster(1_400_000, 38_000) == "kernel x37 faster per CPU s"
    assert faster(3_000, 1_000, 1) == "kernel x3.0 faster per CPU s"
    monkeypatch.setattr(trax_bench, "play_game", lambda size, light, dark, seconds, seed: (0, ([seconds / 10], [0.2])))
    monkeypatch.setattr(ai, "make_player", lambda game_id, player_id, seed=None: player_id)
    monkeypatch.setattr(trax_bench, "memory_lines", lambda report, quick: report("  memory"))
    lines: list[str] = []
    trax_bench.bench_extra(lines.append, quick=True)
    assert lines[0] == "  memory"  # first, the table's bytes an entry (tests/test_trax_memory.py)
    assert lines[1].startswith("  10x10 level-5 vs level-1 at 1 s/move: ") and "time per move: median 0.150 s" in lines[1]
    assert lines[-1].startswith("  10x10 ladder at 1 s/move")


def test_a_bench_position_answered_from_a_book_says_it_searched_nothing():
    from ai.commands.bench import bench_positions

    lines: list[str] = []
    bench_positions("rastros", lines.append, 0.1)  # position 1 is the start, in the 8x8 book
    assert "book" in lines[0] and "no search" in lines[0] and "/s" not in lines[0]
    assert "nodes/s" in lines[1]



def test_a_bench_position_says_whom_its_proof_favours():
    """QA (qa110): "best 5-4 proven=-1" left a student to guess that -1 counts for the side to move
    (here South, at 8x8 Rastros' start, a loss in the book): the line names the winner now."""
    import games
    from ai.commands.bench import bench_positions, proven_words

    lines: list[str] = []
    bench_positions("rastros", lines.append, 0.1)  # position 1 is the start, South to move, lost in the book
    assert lines[0].endswith("best 5-4, proven: North wins"), lines[0]
    assert not any("proven=" in line for line in lines), lines
    game = games.load("tictactoe")
    start = game.initial_state()
    assert [proven_words(game, start, p) for p in (1, 0, -1)] == ["proven: X wins", "proven: a draw", "proven: O wins"]



def test_match_and_tournament_take_a_games_options_as_flags_as_analyse_does(tmp_path, capsys):
    """QA (qa110): ``analyse reversi --size 6`` is taught in its help, but ``match reversi level-1
    level-2 --size 6`` said "unrecognized arguments: --size 6".  match, tournament and gtp (whose
    --option help says "or --size 9") take a game's options as flags too; a flag that is no game's
    option is still refused, and another game's option is refused naming this game's."""
    import main

    assert main.main(["match", "reversi", "level-1", "level-2", "--size", "6", "--games", "1", "--time", "0.1",
                      "--json"]) == 0
    record = json.loads(capsys.readouterr().out.strip().splitlines()[0])
    assert record["options"] == {"size": 6}
    out = tmp_path / "league"
    assert main.main(["tournament", "Rastros", "level-1", "level-2", "--size=4", "--games", "1", "--time", "0.1",
                      "--out", str(out)]) == 0
    capsys.readouterr()
    first_line = json.loads((tmp_path / "league.jsonl").read_text().splitlines()[0])
    assert first_line["game"] == "rastros" and first_line["options"] == {"size": 4}
    assert main.main(["match", "hex", "level-1", "level-2", "--size", "4", "--swap", "--games", "1", "--time", "0.1",
                      "--json"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[0])["options"] == {"size": 4, "swap": True}
    assert main.main(["match", "tictactoe", "level-1", "level-2", "--size", "4"]) == 2
    assert "tictactoe has no option 'size'; options: width, height, k" in capsys.readouterr().err
    assert main.main(["match", "reversi", "level-1", "level-2", "--bogus", "4"]) == 2
    assert "unrecognized arguments: --bogus 4" in capsys.readouterr().err


# -- leagues (#22): the flags main.py passes to ai/commands/{tournament,match}.py -----------------------
def test_tournament_with_a_broken_file_a_clock_and_resume(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n")
    out = tmp_path / "league"
    args = ["tournament", "tictactoe", "level-1", "level-2", str(broken), "--games", "1", "--clock", "10s+0.1s"]
    proc = run_here(*args, "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "broken.py could not be loaded, so it forfeits all its games" in proc.stderr
    assert "clock 10s+0.1s" in proc.stdout and "broken.py" in proc.stdout
    again = run_here(*args, "--resume", str(out))
    assert again.returncode == 0, again.stderr
    resumed = "2 of 6 games played, 4 not played (forfeited or annulled), 0 left"  # broken.py's 4 never started
    assert resumed in again.stderr and "(6 games from the log)" in again.stdout
    same = run_here(*args, "--resume", str(out), "--out", str(out))
    assert same.returncode == 0 and resumed in same.stderr
    elsewhere = run_here(*args, "--resume", str(out), "--out", str(tmp_path / "other"))  # was: all 6 played again
    assert elsewhere.returncode == 2 and "name two leagues" in elsewhere.stderr
    assert len(elsewhere.stderr.strip().splitlines()) == 1 and not (tmp_path / "other.jsonl").exists()


@pytest.mark.parametrize("command", ["match", "tournament"])
def test_bad_clock_is_one_line_and_status_2(command):
    proc = run_here(command, "tictactoe", "level-1", "level-2", "--clock", "5x")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "expected TIME[+INCREMENT]" in proc.stderr


def test_match_on_a_clock_prints_both_clocks_and_a_broken_file_is_bad_input(tmp_path):
    proc = run_here("match", "tictactoe", "level-1", "level-2", "--games", "2", "--clock", "30s+1s", "--time", "0.2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("; clocks ") == 2
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n")
    bad = run_here("match", "tictactoe", "level-1", str(broken))
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "SyntaxError" in bad.stderr


@pytest.mark.parametrize("command", ["match", "tournament"])
def test_the_help_counts_moves_as_the_screens_do(command, capsys):
    """QA (tidy5): ``--openings PLIES`` in the help, a word the README's command line never
    defines (it said "PLIES random moves") where every screen counts moves."""
    import main

    with pytest.raises(SystemExit):
        main.main([command, "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--openings N " in said and "after its own N random moves" in said
    assert not re.search(r"\bplies\b", said, re.IGNORECASE)


@pytest.mark.parametrize("command", ["match", "tournament"])
def test_time_s_help_says_it_limits_each_move_on_a_clock_too(command, capsys):
    """QA (tidy5): ``--time 0.1 --clock 1m`` is taken, and the referee keeps both limits, yet
    ``--help`` said --time's default was "(default 1; none with --clock)", read as "--time takes
    none with --clock"; it says now what the two together do."""
    import main
    from ai.referee import GameClock, Referee

    with pytest.raises(SystemExit):
        main.main([command, "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "none with --clock" not in said
    assert "with --clock no limit per move unless --time is given too, then each move has this limit as well" in said
    assert Referee(0.1, GameClock.parse("1m")).limits(0).time == 0.1  # as the help says: the move's limit holds
    assert Referee(None, GameClock.parse("1m")).limits(0).move_limit is None


def test_the_match_summary_counts_in_the_singular_for_one():
    from ai.match import MatchSummary

    assert MatchSummary(("a", "b"), wins=[1, 0], draws=0).line() == "a 1 - 0 b, 0 draws in 1 game"
    assert MatchSummary(("a", "b"), wins=[1, 0], draws=1).line() == "a 1 - 0 b, 1 draw in 2 games"


def test_a_matchs_line_says_why_a_game_ended_in_the_windows_words(monkeypatch, capsys):
    """A Reversi game won before the board filled: the match's line said "Black wins 33 - 2 (34 -
    2 with the empty squares to the winner)" where the window says "Black wins 34 - 2 · 33 - 2 on
    the board" (the count Othello players score first); the line says the window's now, and
    ``--json`` keeps the reason as recorded.  The game is given, not played: random players
    rarely end a game early."""
    import main
    from ai.commands import match as match_command
    from ai.match import GameResult

    reason = "Black wins 33 - 2 (34 - 2 with the empty squares to the winner)"
    ended = GameResult("reversi", {"size": 6}, ["level-1", "level-2"], ["c2"] * 33, 0, [33, 2], reason)
    monkeypatch.setattr(match_command, "prepare_engines", lambda *args: None)
    monkeypatch.setattr(match_command, "paired_games", lambda *args, **kwargs: iter([(ended, 0)]))
    argv = ["match", "reversi", "level-1", "level-2", "--games", "1", "--option", "size=6"]
    assert main.main(argv) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line == "game 1: Level 1 vs Level 2: Level 1 (Black) wins; Black wins 34 - 2 (33 - 2 on the board); 33 moves"
    assert main.main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reason"] == reason


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl+C is a POSIX signal here")
def test_ctrl_c_during_a_match_says_it_stopped_with_the_score_so_far():
    """Ctrl+C (SIGINT to the process group) during a match ended it with status 130 and nothing
    on stderr: no word that it stopped, nor of the games it had played."""
    import signal

    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "match", "tictactoe", "level-1", "level-2",
                             "--games", "500", "--time", "0.05"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    first = proc.stdout.readline()
    assert first.startswith("game 1: "), first
    os.killpg(proc.pid, signal.SIGINT)
    # read through proc.stdout, not communicate(): readline may have buffered more games' lines
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.wait(60)
    assert proc.returncode == 130, err
    played = 1 + sum(line.startswith("game ") for line in out.splitlines())
    last = err.strip().splitlines()[-1]
    done = int(last.split()[2])  # a game may be counted but not yet printed when Ctrl+C comes
    assert done in (played, played + 1), (last, played)
    assert last.startswith(f"stopped after {done} of 500 games (the game in progress is not counted): Level 1 ")
    assert " Level 2, " in last and last.endswith(f" in {done} game" + "s" * (done > 1)), last


# -- a teacher's league: patterns, helper modules, the same bot twice, --out ---------------------------
def out_files() -> list[str]:
    """Every file ``tournament --out FILE`` writes: its log, its report and the tables beside them."""
    from ai.tournament_files import STANDINGS_SUFFIX, TABLE_SUFFIXES

    return ["FILE.jsonl", "FILE.json", *(f"FILE{suffix}" for suffix in TABLE_SUFFIXES), f"FILE{STANDINGS_SUFFIX}.csv"]


def test_the_help_of_out_names_every_file_it_writes():
    proc = run("tournament", "--help")
    text = " ".join(proc.stdout.split()).replace("- ", "-")  # argparse may wrap a line at a hyphen
    for name in out_files():
        assert name in text, name


@pytest.mark.parametrize("doc", ["README.md", "docs/leagues.md", "docs/outside-players.md"])
def test_the_docs_of_out_name_every_file_it_writes(doc):
    """The README and docs/outside-players.md said what ``--out FILE`` writes without FILE.md and
    FILE.html, the report as Markdown and as a web page, which a teacher looks for."""
    text = " ".join((ROOT / doc).read_text(encoding="utf-8").split()).replace("`", "")
    missing = [name for name in out_files() if not re.search(rf"{re.escape(name)}\b(?![.-])", text)]
    assert not missing, missing


def test_the_help_of_games_says_its_default_in_both_commands():
    """``match --help`` said "(default 2)" for --games, ``tournament --help`` did not."""
    for command in ("match", "tournament"):
        text = " ".join(run(command, "--help").stdout.split())
        assert "--games GAMES" in text and "(default 2)" in text.split("--games GAMES", 2)[-1].split("--", 1)[0], command


def test_a_pattern_that_matches_no_file_is_bad_input(tmp_path):
    """It ran a round robin with a made-up player named by the pattern itself, and exited 0."""
    pattern = str(tmp_path / "nodir" / "*.py")
    proc = run_here("tournament", "tictactoe", pattern, "level-1")
    assert proc.returncode == 2
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and pattern in err and "no file matches" in err


@pytest.mark.parametrize("where", [pytest.param("/proc/x/y", marks=pytest.mark.skipif(
    not Path("/proc").is_dir(), reason="a folder no one can make")), "afile/y"])
def test_an_out_folder_that_cannot_be_written_is_bad_input_before_any_load(tmp_path, where):
    """It ended in a traceback (exit 1), and only after every outside file had been loaded."""
    (tmp_path / "afile").write_text("")
    out = where if where.startswith("/") else str(tmp_path / where)
    logs = tmp_path / "logs"
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "tournament", "tictactoe",
                           str(ROOT / "tests" / "data" / "outside" / "simple_contract.py"), "level-1", "--out", out],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "TABULEIRO_BOT_LOGS": str(logs)})
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err and f"--out {out}" in err
    assert not logs.exists() or not list(logs.iterdir()), "an outside file was loaded first"


def test_the_same_command_again_does_not_wipe_the_league_it_would_replace(tmp_path):
    """Without --resume, FILE.jsonl was opened with O_TRUNC: an interrupted league's games were lost."""
    out = tmp_path / "league"
    args = ["tournament", "tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.2", "--out", str(out)]
    assert run_here(*args).returncode == 0
    log = tmp_path / "league.jsonl"
    before = log.read_bytes()
    again = run_here(*args)
    assert again.returncode == 2
    err = again.stderr.strip()
    assert len(err.splitlines()) == 1 and "2 games" in err and f"--resume {out}" in err
    assert log.read_bytes() == before
    log.write_text(before.decode().splitlines()[0] + "\n")  # the header alone: no game to lose
    assert run_here(*args).returncode == 0


def test_the_report_names_the_game_and_rates_no_one_before_eight_games(tmp_path):
    """The report was titled "rastros round robin" (the id) where the window's said "Rastros
    round robin", and gave "+0 (<-225..>+225)" after 2 games where the window's table gave "–":
    the game's name now, and "–" with why (ai.tournament_standings.MIN_RATED_GAMES), in .txt, .md and .html."""
    out = tmp_path / "league"
    proc = run_here("tournament", "rastros", "level-1", "level-3", "--games", "1", "--time", "0.1", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    why = "No ratings: they need 8 games played each, and none plays more than 2 here. More games per pair give them."
    for suffix in (".txt", ".md", ".html"):
        text = out.with_suffix(suffix).read_text(encoding="utf-8")
        assert "Rastros round robin: 2 players, 2 games" in text and "rastros round robin" not in text, suffix
        assert why in text and not re.search(r"[<>]?[+-]\d+ \(", text), suffix  # no "+0 (<-225..>+225)"
    assert proc.stdout.count("Rastros round robin") == 1 and why in proc.stdout
    assert sum(line.endswith("%   –") for line in proc.stdout.splitlines()) == 2  # both standings rows
    standings = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))["standings"]
    assert [s["rated"] for s in standings] == [False, False] and all("elo" in s for s in standings)  # data kept
    # QA (qa109): FILE-standings.csv gave Elo figures of those 2 games where the tables said "No
    # ratings": its rating cells are empty by the same rule (``Standing.rated``)
    import csv

    with out.with_name("league-standings.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 2 and all(row["games"] == "2" for row in rows), rows
    assert all(row[key] == "" for row in rows for key in ("elo", "elo_low", "elo_high", "elo_bound")), rows


def test_the_report_names_a_games_options_in_the_windows_words(tmp_path):
    """The command line's report said "Reversi (size=6) round robin" where the window's said
    "Reversi (Board size: 6) round robin" for the same league: both name the game and its options
    through ``game_and_rules`` with the window's words now, on the terminal and in FILE.txt, .md
    and .html; FILE.json keeps the options as data."""
    from ai.commands.tournament import game_and_rules
    from ai.tournament import Tournament
    from ai.tournament_standings import Summary
    from ui.words import ReportWords

    out = tmp_path / "league"
    proc = run_here("tournament", "reversi", "level-1", "level-2", "--games", "1", "--time", "0.05",
               "--option", "size=6", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    summary = Summary.of(Tournament.from_files(out.with_suffix(".jsonl")))  # as the window opens it
    assert summary.options == {"size": 6}
    named = game_and_rules(summary, ReportWords())
    assert named == "Reversi (Board size: 6)"
    assert proc.stdout.startswith(f"{named} round robin: 2 players")
    for suffix in (".txt", ".md", ".html"):
        text = out.with_suffix(suffix).read_text(encoding="utf-8")
        assert f"{named} round robin" in text and "size=6" not in text, suffix


def test_readme_and_help_say_withdraw_takes_a_player_out_of_the_league_in_file_and_what_its_games_become():
    """README said "`--resume FILE` finishes an interrupted one (`--withdraw PLAYER` takes a player
    out of it)", which read as if --withdraw stood alone and said nothing of the player's games;
    both it and ``--help`` say now that it withdraws PLAYER from the league logged in FILE, and
    ``withdrawal_stands``' rule: its games played kept, its results standing from half its games
    on (the rest lost by forfeit), else all annulled."""
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    helped = " ".join(run("tournament", "--help").stdout.split())
    for text in (readme, helped[helped.index("--withdraw PLAYER with"):]):
        for said in ("from the league logged in FILE", "the games PLAYER played stay in FILE",
                     "at least half of its games their results stand", "its games not played are lost by forfeit",
                     "else all its games, played or not, are annulled (counted for no one)"):
            assert said in text, (said, text[:200])


def test_resume_from_a_log_that_cannot_be_read_is_one_line(tmp_path):
    """--resume FILE whose FILE.jsonl is a folder (or unreadable) ended in an IsADirectoryError
    traceback with status 1; now one line naming the file, status 2."""
    (tmp_path / "league.jsonl").mkdir()
    proc = run_here("tournament", "tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.05",
               "--resume", str(tmp_path / "league"))
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("error: ") and f"{tmp_path / 'league.jsonl'}: cannot be read" in err, err


def league_folder(tmp_path: Path) -> Path:
    """bots/ana (a choose bot beside a helper module), rui (a class bot), bia (a syntax error)."""
    bots = tmp_path / "bots"
    for student in ("ana", "rui", "bia"):
        (bots / student).mkdir(parents=True)
    (bots / "ana" / "jogador.py").write_text("import utils\n\ndef choose(game, state):\n"
                                             "    return state.legal_moves()[utils.first()]\n")
    (bots / "ana" / "utils.py").write_text("def first():\n    return 0\n")
    (bots / "rui" / "jogador.py").write_text("class Careful:\n    def choose(self, state):\n"
                                             "        return state.legal_moves()[-1]\n")
    (bots / "bia" / "jogador.py").write_text("def choose(game, state)\n")
    return bots


def test_a_pattern_skips_the_files_that_define_no_player(tmp_path):
    """``bots/*/*.py:*`` (docs/leagues.md) entered ana's utils.py as a player that forfeited all
    its games; a file that crashes (bia's) still enters and forfeits, and so does a helper named
    on its own."""
    bots = league_folder(tmp_path)
    out = tmp_path / "league"
    proc = run_here("tournament", "tictactoe", str(bots / "*" / "*.py") + ":*", "level-1", "--games", "1",
               "--time", "0.2", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count(f"skipped {bots / 'ana' / 'utils.py'}: defines no player") == 1, proc.stderr
    players = json.loads((tmp_path / "league.json").read_text())["players"]
    assert players == [str(bots / "ana" / "jogador.py:choose"), str(bots / "bia" / "jogador.py"),
                       str(bots / "rui" / "jogador.py:Careful"), "level-1"]
    assert "bia/jogador.py could not be loaded, so it forfeits all its games" in proc.stderr
    named = run_here("tournament", "tictactoe", str(bots / "ana" / "utils.py"), "level-1", "--games", "1", "--time", "0.2")
    assert named.returncode == 0 and "utils.py could not be loaded, so it forfeits" in named.stderr
    from ai.commands.tournament import enter_players

    each = enter_players("tictactoe", [str(bots / "*" / "*.py")], {}, {})  # the first player of every file
    assert each.ids == [str(bots / "ana" / "jogador.py"), str(bots / "bia" / "jogador.py"),
                        str(bots / "rui" / "jogador.py")]
    assert each.notes == [f"skipped {bots / 'ana' / 'utils.py'}: defines no player for tictactoe"]
    assert list(each.broken) == [str(bots / "bia" / "jogador.py")]


def test_a_tournaments_pattern_is_globbed_once_and_enters_the_same_players(tmp_path, monkeypatch, capsys):
    """``tournament`` globbed each pattern to refuse one matching nothing before its checking line,
    then ``enter_players`` globbed it again: the files found first are the ones entered."""
    import glob

    import ai.commands.tournament as command

    bots = league_folder(tmp_path)
    pattern = str(bots / "*" / "*.py")
    words = [pattern + ":*", "level-1"]
    before = command.enter_players("tictactoe", words, {}, {})
    globbed, entered, real_glob = [], [], glob.glob
    monkeypatch.setattr(glob, "glob", lambda path, *a, **k: globbed.append(path) or real_glob(path, *a, **k))
    real_enter = command.enter_players

    def enter_then_stop(*args, **kwargs):
        entered.append(real_enter(*args, **kwargs))
        raise KeyboardInterrupt  # the players are entered: no game need be played

    monkeypatch.setattr(command, "enter_players", enter_then_stop)
    assert command.run_tournament("tictactoe", words, {}, 1, 0.1, 1, None, 1) == 130
    assert globbed.count(pattern) == 1, globbed
    [after] = entered
    assert (after.ids, after.titles, after.notes, list(after.broken)) == (  # a reason names its own log
        before.ids, before.titles, before.notes, list(before.broken))
    assert len(after.ids) == 4
    assert capsys.readouterr().err.startswith(command.CHECKING)


def test_players_are_counted_once_patterns_are_expanded(tmp_path):
    """``tournament rastros 'bots/ana/jogador.py:*'`` (a file of two players) was refused with
    "needs at least two players": the words were counted before the patterns were expanded."""
    bots = league_folder(tmp_path)
    (bots / "bia" / "jogador.py").unlink()
    (bots / "ana" / "utils.py").unlink()
    (bots / "ana" / "jogador.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n\n" +
                                             (bots / "rui" / "jogador.py").read_text())  # choose and Careful
    one_file = run_here("tournament", "tictactoe", str(bots / "ana" / "jogador.py") + ":*", "--games", "1", "--time", "0.1")
    assert one_file.returncode == 0, one_file.stderr
    assert "2 players, 2 games" in one_file.stdout
    every_file = run_here("tournament", "tictactoe", str(bots / "*" / "*.py") + ":*", "--games", "1", "--time", "0.1")
    assert every_file.returncode == 0 and "3 players, 6 games" in every_file.stdout, every_file.stderr
    (bots / "rui" / "jogador.py").unlink()
    pattern = str(bots / "*" / "jogador.py")
    alone = run_here("tournament", "tictactoe", pattern, "--games", "1", "--time", "0.1")
    assert alone.returncode == 2
    assert alone.stderr.strip().splitlines()[-1] == (
        f"error: a tournament needs at least two players, and {pattern} gave 1 player: {bots / 'ana' / 'jogador.py'}")
    assert run_here("tournament", "tictactoe", "level-1").stderr.strip() == "error: a tournament needs at least two players"
    as_league = run_here("league", "tictactoe", pattern, "--games", "1", "--time", "0.1")  # QA (tidy8): as typed
    assert as_league.stderr.strip().splitlines()[-1].startswith(f"error: a league needs at least two players, and {pattern}")


def test_a_match_refuses_every_player_of_a_file_naming_them(tmp_path):
    """``match tictactoe 'bots/ana/jogador.py:*' level-1`` played the file's first player under the
    name ``bots/ana/jogador.py:*``, silently."""
    bots = league_folder(tmp_path)
    rui = bots / "rui" / "jogador.py"
    proc = run_here("match", "tictactoe", f"{rui}:*", "level-1", "--games", "1", "--time", "0.1")
    assert proc.returncode == 2 and not proc.stdout
    assert proc.stderr.strip() == (f"error: {rui}:*: ':*' enters every player of a file in a tournament; "
                                   f"a match takes one: {rui}:Careful")
    bia = run_here("match", "tictactoe", "level-1", f"{bots / 'bia' / 'jogador.py'}:*", "--time", "0.1")
    assert bia.returncode == 2 and len(bia.stderr.strip().splitlines()) == 1
    assert "a match takes one: " in bia.stderr and "jogador.py could not be loaded: SyntaxError" in bia.stderr


def test_the_same_bot_named_twice_enters_once(tmp_path):
    """``bots/*/jogador.py:*``, ``bots/ana/jogador.py`` and ``bots/ana/../ana/jogador.py:choose``
    entered ana three times ("each player may appear only once" compared the words typed)."""
    bots = league_folder(tmp_path)
    (bots / "bia" / "jogador.py").unlink()
    ana = bots / "ana" / "jogador.py"
    proc = run_here("tournament", "tictactoe", str(bots / "*" / "jogador.py") + ":*", str(ana),
               str(bots / "ana" / ".." / "ana" / "jogador.py") + ":choose", "level-1", "level-1", "--games", "1",
               "--time", "0.2", "--out", str(tmp_path / "league"))
    assert proc.returncode == 0, proc.stderr
    assert f"skipped {ana}: the same player as {ana}:choose" in proc.stderr
    assert f"skipped {bots / 'ana' / '..' / 'ana' / 'jogador.py'}:choose: the same player as {ana}:choose" in proc.stderr
    assert "level-1 is given twice: it is counted once" in proc.stderr  # was: "skipped level-1: the same player as level-1"
    assert "the same player as level-1" not in proc.stderr
    players = json.loads((tmp_path / "league.json").read_text())["players"]
    assert players == [f"{ana}:choose", str(bots / "rui" / "jogador.py:Careful"), "level-1"]


# -- output into a pipe that closes early (| head -1) ---------------------------------------------
def into_a_closed_pipe(*args: str) -> tuple[subprocess.Popen, str]:
    """Run main.py with its output into a pipe whose reader is gone (as ``| head -1`` once head
    has its line; here from the start, so that the test does not race the command); the ended
    process and its stderr."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=300)
    return proc, err


def test_match_into_a_pipe_that_closes_ends_quietly():
    """``main.py match ... | head -1`` ended with a BrokenPipeError traceback from the next print."""
    proc, err = into_a_closed_pipe("match", "tictactoe", "level-1", "level-1", "--games", "2", "--time", "0.05")
    assert proc.returncode == 141 and "Traceback" not in err and "BrokenPipe" not in err, err


def test_tournament_into_a_pipe_that_closes_ends_quietly_with_its_files_written(tmp_path):
    """And a tournament's report, printed before its files were written, stopped them too.
    Twenty missing files: 380 games forfeited at once, a report of 130 kB."""
    students = [str(tmp_path / f"student_{i:02d}" / "jogador.py") for i in range(20)]
    out = tmp_path / "league"
    proc, err = into_a_closed_pipe("tournament", "tictactoe", *students, "--games", "1", "--time", "0.05",
                                   "--out", str(out))
    assert proc.returncode == 141 and "Traceback" not in err and "BrokenPipe" not in err, err[-2000:]
    assert json.loads(out.with_name("league.json").read_text())["games"][-1]["number"] == 380
    assert out.with_name("league.txt").exists() and out.with_name("league-standings.csv").exists()


@pytest.mark.parametrize("command", ["match", "tournament", "gtp"])
def test_help_lists_every_games_options_with_values_and_defaults(command):
    """``--option KEY=VALUE`` said only "e.g. size=9": which keys a game has, their values and
    defaults were nowhere in --help.  They are now listed from the games' own declarations, and
    --jobs and --openings say their defaults."""
    import games

    proc = run(command, "--help", timeout=60)
    assert proc.returncode == 0, proc.stderr
    said = " ".join(proc.stdout.split())  # as one line: argparse wraps to the terminal's width
    for info in games.catalog():
        for option in info.options:
            assert option.usage() in said, (info.id, option.name)
    assert "hex size=3..19 (default 11)" in said and "swap=true|false (default false)" in said
    assert "reversi size=6|8|10 (default 8)" in said
    assert "(default 0: every game from the start)" in said or command == "gtp"
    assert "(processes; default 1)" in said or command != "tournament"


def test_a_folder_given_as_a_player_is_said_to_be_a_folder(tmp_path):
    """``tournament tictactoe turma/ana/jogador.py level-1``, where an unzipped submission left a
    folder ``jogador.py``, warned "no such file turma/ana/jogador.py"; it says it is a folder and
    which file in it to give."""
    folder = tmp_path / "turma" / "ana" / "jogador.py"
    folder.mkdir(parents=True)
    (folder / "jogador.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    proc = run_here("tournament", "tictactoe", str(folder), "level-1", "--games", "1", "--time", "0.1")
    assert proc.returncode == 0, proc.stderr
    assert (f"warning: {folder} could not be loaded, so it forfeits all its games: it is a folder, not a file: "
            f"give a player's file in it, such as {folder / 'jogador.py'}") in proc.stderr
    assert "no such file" not in proc.stderr + proc.stdout


def test_a_player_given_again_as_written_is_said_to_be_given_twice():
    """The same word given twice printed "skipped level-1: the same player as level-1", as if two
    players were compared; it says the player is given twice (or N times) and enters once."""
    from ai.commands.tournament import enter_players

    entries = enter_players("tictactoe", ["level-1", "level-2", "level-1", "level-2", "level-1"], {}, {})
    assert entries.ids == ["level-1", "level-2"]
    assert entries.notes == ["level-1 is given 3 times: it is counted once", "level-2 is given twice: it is counted once"]


def documented_commands(doc: str) -> dict[str, str]:
    """``python main.py NAME ...`` lines of a doc's code blocks, with their continuation lines, by NAME."""
    commands: dict[str, str] = {}
    name = None
    for block in re.findall(r"```\w*\n(.*?)```", (ROOT / doc).read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            head = re.match(r"python main\.py (\w+)", line)
            if head:
                name = head.group(1)
                commands[name] = commands.get(name, "") + " " + line
            elif name and line.startswith(" "):
                commands[name] += " " + line
            else:
                name = None
    return commands


@pytest.mark.parametrize("doc", ["README.md", "docs/ARCHITECTURE.md"])
def test_docs_command_lines_show_every_option(doc):
    """The command-line synopsis a newcomer reads names every subcommand and every option its --help has."""
    import main

    shown = documented_commands(doc)
    parser = main.build_parser()
    subcommands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    missing = [f"{name} {option}" for name, sub in subcommands.items()
               for action in sub._actions for option in action.option_strings
               if option.startswith("--") and option != "--help" and option not in shown.get(name, "")]
    assert not missing, f"{doc}'s command line lacks {missing}"


def test_the_synopsis_says_how_many_games_games_n_plays_a_pair():
    """``tournament --games 2`` plays 4 games a pair, as its --help says ("2 x GAMES per pair"),
    while README's synopsis gave ``--games N`` as match's, N games in all: a teacher planning a
    league's hours from it counted half the games."""
    import main

    subcommands = next(a for a in main.build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    helps = {name: next(a.help for a in subcommands[name]._actions if "--games" in a.option_strings)
             for name in ("match", "tournament")}
    assert "per pair" in helps["tournament"] and "per pair" not in helps["match"]
    synopsis = documented_commands("README.md")
    assert "2N a pair" in synopsis["tournament"] and "N games in all" in synopsis["match"]


DOCS = ("README.md", "docs/*.md", "docs/tuning/*.md", "ai/data/README.md")


def documented_options() -> list[tuple[str, str, str]]:
    """(doc, program, option) for each ``--option`` a doc gives a command of ours: ``main.py
    [COMMAND]`` or ``tools/NAME.py``, up to the end of its line (a ``\\`` continues it), its
    inline code, its table cell or its comment."""
    found = []
    for doc in sorted({path for pattern in DOCS for path in ROOT.glob(pattern)}):
        text = doc.read_text(encoding="utf-8").replace("\\\n", " ")
        for program, rest in re.findall(r"(main\.py(?: (?:match|tournament|bench|gtp|analyse)\b)?|tools/\w+\.py)([^\n`|#;&)]*)", text):
            found += [(str(doc.relative_to(ROOT)), program, option)
                      for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", rest)]
    return found


@functools.cache
def program_options(program: str) -> frozenset[str]:
    """The options ``program`` takes: a command's from main.py's parser, a tool's as its source spells them."""
    import main

    if program.startswith("tools/"):
        return frozenset(re.findall(r"[\"'](--[a-z][\w-]*)[\"']", (ROOT / program).read_text(encoding="utf-8")))
    parser = main.build_parser()
    if " " in program:
        parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[program.split()[1]]
    return frozenset(option for action in parser._actions for option in action.option_strings)


def test_every_option_the_docs_give_a_command_is_one_it_takes():
    """A newcomer copies the docs' commands: each option they give main.py's commands and the
    tools is one that program takes (the reverse of the synopsis test above)."""
    documented = documented_options()
    assert len({program for _, program, _ in documented}) > 20  # the scan finds the commands
    unknown = [f"{doc}: {program} {option}" for doc, program, option in documented
               if option not in program_options(program)]
    assert not unknown, f"options no program of ours takes: {unknown}"


def documented_examples() -> list[tuple[str, str]]:
    """(doc, words after ``main.py``) of each ``python main.py COMMAND ...`` of README.md and
    docs/*.md: a line of a code block (a ``\\`` continues it; its comment cut) or inline code,
    leaving out synopses and templates: a line with ``[``, ``...``, ``$`` or a placeholder in
    capitals (GAME, FILE)."""
    examples = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8").replace("\\\n", " ")
        lines = [line for block in re.findall(r"```\w*\n(.*?)```", text, re.S) for line in block.splitlines()]
        lines += re.findall(r"(?<!`)`([^`\n]+)`(?!`)", re.sub(r"```.*?```", "", text, flags=re.S))
        for line in lines:
            words = re.search(r"python3? main\.py ([a-z][^#|>&]*)", line)
            if words and not re.search(r"[\[$]|\.\.\.|\b[A-Z]{2,}\b", words.group(1).replace("--", "")):
                examples.append((str(doc.relative_to(ROOT)), words.group(1).strip()))
    return examples


def example_fault(words: list[str]) -> str | None:
    """What is wrong with the command ``main.py WORDS`` short of running it, or None: its words
    parse, and the game, its options, the players (ours; an outside one is looked for as it
    plays) and the bench's targets are ones main.py takes."""
    import ai
    import games
    import main
    from ai.commands.bench import WINDOW_TARGETS

    try:
        args = main.build_parser().parse_args(words)
    except main.UsageError as exc:
        return str(exc)
    if args.command == "bench":
        unknown = set(args.targets) - {*games.available_ids(), *WINDOW_TARGETS, "budget"}
        return f"no bench target {sorted(unknown)}" if unknown else None
    try:
        options = main.parse_options(args.option)
        games.load(args.game, **options)
    except (ValueError, main.UsageError) as exc:
        return str(exc)
    players = [args.player] if args.command == "gtp" else getattr(args, "players", [])  # analyse: none
    unknown = [p for p in players if not ai.is_outside_player(p) and not ai.has_player(args.game, p)]
    return f"no player {unknown} in {args.game}" if unknown else None


def test_every_example_command_of_the_docs_names_what_main_takes():
    """A newcomer copies the README's and the docs' example commands: each parses, and names a
    game, options, players and bench targets that main.py takes (a renamed player or option in
    an example is otherwise found only by the one who copies it)."""
    examples = documented_examples()
    assert {"README.md", "docs/outside-players.md", "docs/leagues.md"} <= {doc for doc, _ in examples}
    assert {"match", "tournament", "bench", "gtp"} <= {words.split()[0] for _, words in examples if words}
    faults = [f"{doc}: main.py {words}: {fault}" for doc, words in examples
              for fault in [example_fault(shlex.split(words))] if fault]
    assert not faults, faults


@pytest.mark.parametrize("config, said", [
    ({"command": 5}, '"command" should be a command line or a list of its words'),
    ({"command": "mohex", "setup": 5}, '"setup" should be a list of GTP commands, not 5'),
    ({"command": "mohex", "startup_time": "x"}, "\"startup_time\" should be a positive number of seconds, not 'x'"),
    ({"command": ["mohex"], "transpose": "yes"}, "\"transpose\" should be true or false, not 'yes'"),
    ([1], 'expected a JSON object with a "command"'),
    (None, "no such file"),
    # a slip for one of the fields, ignored: the engine kept its default minute, or had no "command"
    ({"command": "mohex", "startup-time": 120}, '"startup-time" is not a field of an engine\'s configuration: did '
                                                'you mean "startup_time"?'),
    ({"comand": "mohex"}, '"comand" is not a field of an engine\'s configuration: did you mean "command"?'),
])
def test_an_engine_config_with_a_slip_is_named_in_one_line(tmp_path, capsys, config, said):
    """An engine.json whose "command" was a number, or whose "setup" was no list, was refused in
    Python's words for where it broke ("'int' object is not iterable", "could not convert string
    to float: 'x'"), and a missing one as "[Errno 2] No such file or directory"; now the field
    and what it should be, or "no such file" as for a .py.  Run in this process (``main.main``):
    a process per case imported Hex's engine, numba with it, again (1.2 s each on a loaded
    machine); the last case also runs as a process of its own."""
    import main

    path = tmp_path / "engine.json"
    if config is not None:
        path.write_text(json.dumps(config))
    args = ("match", "hex", "level-1", str(path), "--games", "1", "--time", "0.05")
    assert main.main(list(args)) == 2
    err = capsys.readouterr().err.strip()
    if config is None:
        proc = run(*args)
        assert proc.returncode == 2 and proc.stderr.strip() == err, proc.stderr
    assert len(err.splitlines()) == 1 and err.startswith(f"error: {path} could not be loaded: "), err
    assert said in err and "Errno" not in err, err


def test_a_notebook_that_is_no_notebook_is_not_said_to_have_crashed(tmp_path):
    """A student's .ipynb that is not JSON (saved half, or renamed) was refused as "crashed:
    ValueError: ... is not a notebook": a crash of the student's code, with a log to read.  It is
    the file's fault, said as a file without players is."""
    notebook = tmp_path / "caderno.ipynb"
    notebook.write_text("{not json")
    proc = run_here("match", "tictactoe", "level-1", f"{notebook}:jogador", "--games", "1", "--time", "0.05")
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert err == (f"error: {notebook}:jogador could not be loaded: caderno.ipynb is not a notebook: "
                   "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"), err


def test_resume_with_other_settings_names_them_as_the_command_line_does(tmp_path):
    """--resume with another --time or --seed said "time_per_move: log 0.05, now 1.0; seed: log
    None, now 3", the log's field names and Python's values; now the options as typed."""
    out = tmp_path / "league"
    assert run_here("tournament", "tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.05",
               "--out", str(out)).returncode == 0
    proc = run_here("tournament", "tictactoe", "level-1", "level-2", "level-3", "--games", "1", "--time", "1",
               "--seed", "3", "--option", "k=3", "--resume", str(out))
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1, err
    assert (f"error: {out}.jsonl is another tournament (the players level-1 level-2 in the log, level-1 level-2 "
            "level-3 now; --time 0.05 in the log, 1 now; --seed none in the log, 3 now); resume it with the same "
            "settings") == err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [
    ["match", "tictactoe", "level-1", "level-2", "--games", "2", "--time", "0.05"],
    ["tournament", "tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.05"],
    ["--version"],
])
def test_output_to_a_full_disk_is_one_line(args):
    """``> results.txt`` on a full disk (a lab's quota) ended in an OSError traceback; now one line
    saying why, and status 1."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr
    assert proc.stderr.splitlines()[-1] == "error: cannot write: No space left on device", proc.stderr


def test_definitions_only_skips_a_scripts_closing_sys_exit(tmp_path):
    """A student's script that ends as scripts do, ``sys.exit(main())`` or ``sys.exit(0)`` at the
    top level, could not be loaded even with --definitions-only ("crashed: SystemExit: 0"): a call
    on ``sys`` was kept as set-up, as ``sys.setrecursionlimit`` is.  It is now skipped, as a demo is."""
    bot = tmp_path / "jogador.py"
    bot.write_text("import sys\nsys.setrecursionlimit(5000)\n\ndef choose(game, state):\n"
                   "    return state.legal_moves()[0]\n\nsys.exit(0)\n")
    proc = run_here("match", "tictactoe", "level-1", str(bot), "--games", "2", "--time", "0.05", "--definitions-only")
    assert proc.returncode == 0, proc.stderr
    assert "in 2 games" in proc.stdout and "could not be loaded" not in proc.stderr, proc.stdout + proc.stderr


@pytest.mark.parametrize("script, said", [
    ('nome = input("o teu nome? ")\n', "EOFError: input() has no one to answer it here"),
    ("import sys\nsys.exit(0)\n", "SystemExit: the file ends the program"),
])
def test_a_file_that_runs_as_a_script_when_imported_is_told_what_to_do(tmp_path, script, said):
    """A student's file asking ``input()`` or calling ``sys.exit`` at the top level was refused
    as "crashed: EOFError: EOF when reading a line" or "crashed: SystemExit: 0", with no word of
    the way round it; now it is the file's fault, said with the remedy the too-slow file gets."""
    bot = tmp_path / "jogador.py"
    bot.write_text(f"def choose(game, state):\n    return state.legal_moves()[0]\n{script}")
    proc = run_here("match", "tictactoe", "level-1", str(bot), "--games", "1", "--time", "0.05")
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert err.startswith(f"error: {bot} could not be loaded: {said}: put the calls a script makes under "
                          '`if __name__ == "__main__":`, or load the file with --definitions-only (at jogador.py line '), err
    assert "crashed" not in err


@pytest.mark.parametrize("given", ["results/", "results"])
def test_out_naming_a_folder_is_refused_naming_a_file_in_it(tmp_path, given):
    """``--out results/`` wrote results.json, results.txt ... beside the folder, not in it, and said
    ``--resume results/`` to go on; now one line asks for a name in it."""
    (tmp_path / "results").mkdir()
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "tournament", "tictactoe", "level-1", "level-2",
                           "--games", "1", "--time", "0.05", "--out", given],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == (f"error: --out {given} is a folder: give a name for the files in it, such as "
                                   f"{Path('results') / 'league'} (league.json, league.csv, ...)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"] and not any((tmp_path / "results").iterdir())


@pytest.mark.parametrize("command", ["match", "tournament", "gtp"])
def test_help_says_what_a_course_bot_is_and_names_one(command):
    """The PLAYER help said "a course bot such as hex:uct" and nothing said which course, nor that
    hex:uct is Tabuleiro's own UCT baseline, no course's.  The help now says above the named
    players what the course bots are, and its example is one whose description names the course."""
    import ai

    proc = run(command, "--help", timeout=60)
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())
    said = text.index("course bots: the players of the university AI courses the games' rules come from")
    assert said < text.index("named players, besides")
    example = re.search(r"a course bot such as (\S+)", text).group(1)
    game_id = example.split(":")[0]
    described = {info.id: info.description for info in ai.catalog(game_id)}[example]
    assert "university course" in described, described


def test_an_engine_that_resigns_in_a_match_says_at_which_move_in_the_line_and_the_json(tmp_path):
    """An outside engine's resignation read "O resigns" in the match's lines and the JSON it writes
    (which open as records), where the window says "O resigns at move 2"; both say the move now."""
    config = tmp_path / "resigner.json"
    bot = ROOT / "tests" / "data" / "outside" / "gtp_engine.py"
    config.write_text(json.dumps({"command": [sys.executable, str(bot), "--resign"]}))
    lines = run_here("match", "tictactoe", "level-1", str(config), "--games", "1", "--time", "1")
    assert lines.returncode == 0, lines.stderr
    assert "; O resigns at move 2;" in lines.stdout, lines.stdout  # X played move 1, O gave up move 2
    as_json = run_here("match", "tictactoe", str(config), "level-1", "--games", "1", "--json", "--time", "1")
    assert json.loads(as_json.stdout)["reason"] == "X resigns at move 1", as_json.stdout  # the game's first move


@pytest.mark.parametrize("option", ["--out", "--resume"])
def test_an_empty_out_or_resume_is_refused_before_any_game(option, capsys):
    """A teacher's script ``--out "$RESULTS"`` with the variable left empty played the whole
    league and wrote nothing (an empty ``--out`` read as no ``--out``): it is a usage error now,
    said before any game is played."""
    import main

    assert main.main(["tournament", "tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.05",
                      option, ""]) == 2
    said = capsys.readouterr()
    assert said.err == (f"error: {option} '' names no file: give FILE, the name of the results' files (a variable "
                        "of the script left empty?)\n"), said.err
    assert said.out == ""  # no game played


def test_a_match_of_a_player_against_itself_numbers_the_two(capsys):
    """``match tictactoe level-1 level-1`` printed "level-1 1 - 1 level-1" and every line
    "level-1 vs level-1: level-1 (O) wins": no one could tell which won which games.  The two are
    numbered in the command's order, and each game's line names them as they sat (by their title,
    as the tables do)."""
    import main

    assert main.main(["match", "tictactoe", "level-1", "level-1", "--games", "2", "--time", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("game 1: Level 1 #1 vs Level 1 #2: ")
    assert lines[1].startswith("game 2: Level 1 #2 vs Level 1 #1: ")
    assert lines[-1].startswith("Level 1 #1 ") and " - " in lines[-1] and " Level 1 #2, " in lines[-1]


def test_a_match_names_an_outside_file_as_the_tables_do_not_by_its_path(capsys):
    """``match hex tests/data/outside/simple_contract.py level-2 --json`` printed the file's whole
    path in its summary and gave the level's id as ``winner_name``: both are named as a
    tournament's tables name them (``display_names`` of ``entry_title``), the JSON's ``players``
    still the ids that replay the game."""
    import main

    bot = str(ROOT / "tests" / "data" / "outside" / "simple_contract.py")
    assert main.main(["match", "hex", bot, "level-2", "--option", "size=5", "--games", "1", "--time", "0.05",
                      "--json"]) == 0
    said = capsys.readouterr()
    record = json.loads(said.out.splitlines()[0])
    assert record["players"] == [bot, "level-2"]
    assert record["winner_name"] == ("simple_contract", "Level 2")[record["winner"]]
    assert said.err.splitlines()[-1].startswith("simple_contract ") and " Level 2 in 1 game" in said.err  # Hex: no draws


def test_a_matchs_bot_log_is_in_the_data_folder_not_the_temporary_one(tmp_path, monkeypatch):
    """``main.py match`` logged its bots in /tmp/tabuleiro-bots-UID, emptied on reboot, while the
    forfeit it printed named that log (qa109): the data folder's ``bot-logs/`` holds it now."""
    from tests.outside_bots import bot_faulting_at

    bot = bot_faulting_at(tmp_path, 1, "raise ValueError('no plan')", name="crasher.py")
    monkeypatch.delenv("TABULEIRO_BOT_LOGS", raising=False)
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    proc = run("match", "tictactoe", str(bot), "level-1", "--games", "1", "--json", "--time", "5")
    assert proc.returncode == 0, proc.stderr
    said = re.search(r"log: (\S+?\.log)", proc.stdout)
    assert said, proc.stdout
    log = Path(said.group(1))
    assert log.parent == tmp_path / "data" / "bot-logs" and "ValueError: no plan" in log.read_text(), log


def test_a_folder_or_a_file_of_another_kind_as_a_player_is_said_so(tmp_path, capsys):
    """QA (qa110): a student who gave their bot's folder (``match reversi level-3 bots/``) or its
    file saved as ``jogador.txt`` was told "unknown player ... players: level-1, ..." as if the path
    were a misspelt level.  Now the error says what the path is and what to give instead, one line
    with status 2, in a match and a tournament alike."""
    import main

    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "jogador.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    text_file = tmp_path / "jogador.txt"
    text_file.write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    cases = [
        (["match", "reversi", "level-1", str(bots)], [f"{bots}: it is a folder, not a file", str(bots / "jogador.py")]),
        (["tournament", "reversi", "level-1", str(bots) + os.sep], ["it is a folder, not a file", "jogador.py"]),
        (["match", "reversi", "level-1", str(empty)], [f"{empty}: it is a folder", "holds no .py or .ipynb file"]),
        (["match", "reversi", "level-1", str(text_file)], [f"{text_file}: not a player's file", "file.py[:name]"]),
    ]
    for args, words in cases:
        assert main.main(args) == 2, args
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "unknown player" not in err, err
        for word in words:
            assert word in err, err
    assert main.main(["match", "reversi", "level-1", "level-9"]) == 2  # a misspelt level still lists them
    assert "unknown player 'level-9' for reversi; players: level-1" in capsys.readouterr().err


@pytest.mark.parametrize("error", [BrokenPipeError(errno.EPIPE, "Broken pipe"),
                                   OSError(errno.ENOSPC, "No space left on device")], ids=["broken-pipe", "disk-full"])
def test_a_pipe_or_a_full_disk_failing_in_the_window_is_its_crash_not_the_terminals(monkeypatch, capsys, error):
    """The window ran inside the commands' try: a pipe of its own that broke (a worker's, the
    semaphores' tracker) closed it at once with status 141 and not a word, as if a ``| head -1``
    had stopped reading; a full disk met there said "error: cannot write" and no more.  Both go
    on up now, with their traceback, as any other crash of the window."""
    import main
    import ui.app

    def window_meets(_log_level, _path=None):
        raise error

    monkeypatch.setattr(ui.app, "run", window_meets)
    with pytest.raises(type(error)):
        main.main([])
    assert "cannot write" not in capsys.readouterr().err


@pytest.mark.parametrize("pid", ["nothere.py", "nothere.py:Careful", "nothere.json"])
def test_a_player_file_not_there_is_named_once(pid):
    """``match tictactoe level-1 nothere.py`` said "nothere.py could not be loaded: no such file
    nothere.py", as if two files were meant (the window said it once already): the file typed is
    named once, by the command line as by the window (``ai.reason_names.file_named_once``)."""
    proc = run_here("match", "tictactoe", "level-1", pid, "--games", "1", "--time", "0.05")
    assert proc.returncode == 2 and proc.stderr.strip() == f"error: {pid} could not be loaded: no such file", \
        proc.stderr


def test_a_player_file_not_there_is_named_once_in_a_tournament_and_over_gtp():
    """The tournament's warning and the GTP command's refusal named the missing file twice too."""
    league = run_here("tournament", "tictactoe", "level-1", "level-2", "nothere.py", "--games", "1", "--time", "0.05")
    assert league.returncode == 0, league.stderr
    assert ("warning: nothere.py could not be loaded, so it forfeits all its games: no such file\n"
            in league.stderr), league.stderr
    gtp = run_here("gtp", "tictactoe", "--player", "nothere.py")
    assert gtp.returncode == 2 and gtp.stderr.strip() == "error: nothere.py: no such file", gtp.stderr
