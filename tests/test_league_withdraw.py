"""A player withdrawn from a league under way (``--resume FILE --withdraw PLAYER``, the window's
Withdraw: tests/test_ui_tournament_withdraw.py): it plays no more, its games played stay in the
log, and they count as ``withdrawal_stands`` rules (at least half played: its results stand and
the games left are lost by forfeit; fewer: all its games are annulled)."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ai.commands.tournament import run_tournament, withdrawal_text
from ai.results_log import WITHDRAWN_VERSION
from ai.tournament import Tournament
from ai.tournament_events import GameFinished
from ai.tournament_play import unplayed_forfeit
from ai.tournament_standings import BOTH_WITHDREW, WITHDREW, withdrawal_stands

PLAYERS = ["level-1", "level-2", "level-3", "level-4"]  # level-3 plays games 3-4, 7-8 and 11-12 of 12


def stopped_league(out: Path, after: int, players: list[str] = PLAYERS) -> list[bytes]:
    """The league of ``players`` logged in ``out``.jsonl, stopped after ``after`` games; its log's lines."""
    t = Tournament("tictactoe", players, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl",
                   in_process=True)
    t.run(lambda event: t.cancel() if isinstance(event, GameFinished) and event.done >= after else None)
    assert len(t.results) == after
    return Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True)


def resume(out: Path, players: list[str], **more) -> int:
    return run_tournament("tictactoe", players, {}, 1, 0.05, 1, None, 3, resume=str(out), **more)


@pytest.mark.parametrize(("played", "games", "stands"), [(3, 6, True), (2, 6, False), (6, 6, True), (0, 6, False)])
def test_results_stand_from_half_the_games_played(played, games, stands):
    assert withdrawal_stands(played, games) is stands


def test_an_unplayed_forfeit_of_one_side_needs_no_reason_for_both():
    """A withdrawal's forfeit has one loser: it was made with ``BOTH_WITHDREW``, a reason for a
    loss by both that it never used (such games are only read from older files).  One loser takes
    its own reason and the other side wins; two losers need theirs, said or refused."""
    one = unplayed_forfeit("tictactoe", {}, ["a", "b"], [1], lambda side: f"O forfeits: b {WITHDREW}")
    assert (one.winner, one.reason, one.forfeit) == (0, f"O forfeits: b {WITHDREW}", True)
    both = unplayed_forfeit("tictactoe", {}, ["a", "b"], [0, 1], str, both=BOTH_WITHDREW)
    assert (both.winner, both.reason, both.forfeit) == (None, BOTH_WITHDREW, True)
    with pytest.raises(ValueError):
        unplayed_forfeit("tictactoe", {}, ["a", "b"], [0, 1], str)


def test_the_question_says_one_game_left_in_the_singular(tmp_path):
    """With one game of its six left, the question read "the 1 game it has not played are lost by
    forfeit"."""
    stopped_league(tmp_path / "league", after=11)  # level-3's last game (12) not played
    t = Tournament.from_files(tmp_path / "league.jsonl")
    said = withdrawal_text(t, "level-3")
    assert said.endswith("its results stand, and it loses by forfeit the 1 game it has not played"), said


def test_the_question_on_a_player_with_no_game_played_says_none_stays(tmp_path):
    """Withdrawn before its first game, a player was said to have "played 0 of its 6 games, fewer
    than half: all its games are annulled ... (they stay in the log)": there is none to keep."""
    stopped_league(tmp_path / "league", after=2)  # level-3's first game is game 3
    t = Tournament.from_files(tmp_path / "league.jsonl")
    assert withdrawal_text(t, "level-3") == "Level 3 has played none of its 6 games: they are annulled, counted for no one"


def test_a_player_withdrawn_before_half_its_games_has_them_all_annulled(tmp_path, capsys):
    """Removing a player from a league was refused (its file deleted, the league was "another
    tournament"); withdrawn after 2 of its 6 games, left out of the players, its games are annulled:
    counted for no one, kept in the log and the files, and the league plays on without it."""
    out = tmp_path / "turma"
    lines = stopped_league(out, 4)
    assert resume(out, ["level-1", "level-2", "level-4"], withdraw=["Level 3"], yes=True) == 0
    captured = capsys.readouterr()
    assert ("withdraw level-3: Level 3 has played 2 of its 6 games, fewer than half: all its games are annulled"
            in captured.err)
    assert "Level 3 withdrew after 2 of its 6 games: fewer than half, so all its games are annulled" in captured.out
    log = Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True)
    header = json.loads(log[0])
    assert header["withdrawn"] == {"level-3": [2, 6]} and header["version"] == WITHDRAWN_VERSION
    assert log[1:5] == lines[1:]  # its games played stay in the log, as they were
    assert not any("level-3" in json.loads(line)["result"]["players"] for line in log[5:])  # it played no more
    report = json.loads(Path(f"{out}.json").read_text())
    standing = {s["player"]: s for s in report["standings"]}
    assert standing["level-3"]["games"] == 0 and standing["level-1"]["games"] == 4  # its 2 games against level-1
    rows = list(csv.DictReader(Path(f"{out}.csv").read_text(encoding="utf-8").splitlines()))
    theirs = [row for row in rows if "level-3" in (row["first"], row["second"])]
    assert len(theirs) == 6 and {row["result"] for row in theirs} == {"annulled"}
    assert {row["points_first"] for row in theirs} == {""}
    assert len(report["games"]) == 12 and not report["cancelled"]


def test_a_player_withdrawn_after_half_its_games_keeps_its_results_and_forfeits_the_rest(tmp_path, capsys):
    out = tmp_path / "turma"
    stopped_league(out, 8)
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    printed = capsys.readouterr().out
    assert "Level 3 withdrew after 4 of its 6 games: its results stand" in printed
    assert "Level 3, 2 games (11-12): withdrew from the league" in printed  # the forfeits' list
    standing = {s["player"]: s for s in json.loads(Path(f"{out}.json").read_text())["standings"]}
    # its games 11 and 12, lost by forfeit to level-4 unplayed: in their points, W and L, not among the games played
    assert (standing["level-3"]["games"], standing["level-3"]["unplayed"], standing["level-3"]["forfeits"]) == (4, 2, 2)
    four = standing["level-4"]
    assert (four["games"], four["unplayed"], four["wins"] + four["draws"] + four["losses"]) == (4, 2, 6)
    assert four["points"] >= 2 and four["score"] == round(four["points"] / 6, 4)
    table = {row["player"]: row for row in csv.DictReader(Path(f"{out}-standings.csv").read_text().splitlines())}
    assert (table["level-4"]["games"], table["level-4"]["unplayed"]) == ("4", "2")
    again = Tournament.from_files(Path(f"{out}.jsonl"))
    assert again.withdrawn == {"level-3": (4, 6)} and len(again.results) == 12 and not again.cancelled


def test_a_withdrawn_student_whose_file_no_longer_loads_is_not_said_to_forfeit_all_its_games(tmp_path, capsys):
    """A student's file with a syntax error, withdrawn before its first game: its games are
    annulled, yet the resume warned that it "forfeits all its games", the teacher left to wonder
    which was true."""
    broken = str(Path(__file__).resolve().parent / "data" / "outside" / "edited_broken.py")
    players = ["level-1", "level-2", broken]
    out = tmp_path / "turma"
    t = Tournament("tictactoe", players, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl",
                   in_process=True, broken={broken: "SyntaxError"})
    t.run(lambda event: t.cancel() if isinstance(event, GameFinished) and event.done >= 2 else None)
    assert resume(out, players, withdraw=[broken], yes=True) == 0
    captured = capsys.readouterr()
    assert "edited_broken has played none of its 4 games: they are annulled, counted for no one\n" in captured.err
    assert "forfeits all its games" not in captured.err
    # QA (tidy5): the report said "withdrew after 0 of its 4 games: fewer than half", not the question's words
    assert "edited_broken withdrew having played none of its 4 games: they are annulled (counted for no one)\n" \
        in captured.out
    assert "withdrew after 0" not in captured.out


def test_the_games_of_a_player_withdrawn_before_its_first_are_annulled_having_played_none(tmp_path, capsys):
    """Withdrawn before its first game, a player's games were stored as "annulled: level-3 withdrew
    from the league after 0 of its 6 games", where the question and the report say it played none.
    Its reason says so now, and the window says it in Portuguese too; a report written the old way
    still reads back, its games annulled, its reason said in Portuguese as before."""
    from ai.tournament import is_annulled
    from tests.ui_helpers import words_in
    from ui.words import end_reason

    out = tmp_path / "turma"
    stopped_league(out, 2)  # level-3's first game is game 3
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    capsys.readouterr()
    rows = list(csv.DictReader(Path(f"{out}.csv").read_text(encoding="utf-8").splitlines()))
    reasons = {row["reason"] for row in rows if row["result"] == "annulled"}
    assert reasons == {"annulled: Level 3 withdrew from the league having played none of its 6 games"}
    report = Path(f"{out}.json")
    none_played = "annulled: level-3 withdrew from the league having played none of its 6 games"
    assert {game["reason"] for game in json.loads(report.read_text())["games"] if "level-3" in game["players"]} \
        == {none_played}
    old_way = none_played.replace("having played none of its", "after 0 of its")
    report.write_text(report.read_text(encoding="utf-8").replace(none_played, old_way), encoding="utf-8")
    again = Tournament.from_files(report)
    theirs = [r for r in again.results.values() if "level-3" in r.players]
    assert len(theirs) == 6 and all(is_annulled(r) and r.reason == old_way for r in theirs)
    with words_in("pt"):
        assert end_reason(none_played) == ("sem efeito: level-3 retirou-se do torneio sem ter jogado nenhum dos "
                                           "seus 6 jogos")
        assert end_reason(old_way) == "sem efeito: level-3 retirou-se do torneio depois de 0 dos seus 6 jogos"


def test_withdraw_asks_first_and_without_a_terminal_to_ask_on_withdraws_no_one(tmp_path, capsys):
    out = tmp_path / "turma"
    lines = stopped_league(out, 4)
    assert resume(out, PLAYERS, withdraw=["level-3"]) == 2
    assert "nothing withdrawn: add --yes to withdraw without being asked" in capsys.readouterr().err
    assert Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True) == lines  # untouched, no game played
    assert resume(out, PLAYERS, withdraw=["level-9"], yes=True) == 2
    assert "--withdraw level-9 is no player of the league; its players: Level 1 (level-1)" in capsys.readouterr().err


def test_a_league_whose_games_left_were_a_withdrawn_players_is_over_and_not_offered_again(tmp_path, capsys):
    """Its log holds 10 of the 12 games, the other two settled by the withdrawal: the window must
    not offer it as an unfinished tournament to resume (there is nothing to play)."""
    from ui import tournament_logs

    out = tmp_path / "turma"
    stopped_league(out, 10)
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    assert "(stopped early" not in capsys.readouterr().out
    found = tournament_logs.read(Path(f"{out}.jsonl"))
    assert (found.done, found.total) == (12, 12)
    assert tournament_logs.newest_unfinished(tmp_path) is None


def test_a_late_bot_after_a_withdrawal_plays_no_game_against_the_withdrawn_player(tmp_path):
    """Its results stood (4 of its 6 games); a student's bot joining later adds two games against
    it, lost by forfeit as its other games left, and leaves the reckoning of half its games as it was."""
    out = tmp_path / "turma"
    stopped_league(out, 8)
    settings = {"games_per_pair": 1, "time_per_move": 0.05, "seed": 3, "log": f"{out}.jsonl", "resume": True}
    assert Tournament("tictactoe", PLAYERS, **settings).withdraw("level-3")
    late = Tournament("tictactoe", [*PLAYERS, "level-5"], **settings)
    assert late.joined == ["level-5"] and late.withdrawn == {"level-3": (4, 6)}
    assert not any("level-3" in late.ids_of(g) for g in late.pending())
    against = [late.results[g.number] for g in late.games_of("level-3") if "level-5" in late.ids_of(g)]
    assert len(against) == 2 and all(r.forfeit and r.players[r.winner] == "level-5" for r in against)


def test_on_a_terminal_withdraw_asks_and_no_withdraws_no_one(tmp_path, monkeypatch, capsys):
    from ai.commands.tournament import withdraw_players

    out = tmp_path / "turma"
    stopped_league(out, 4)
    t = Tournament("tictactoe", PLAYERS, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl", resume=True)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    asked = []
    assert not withdraw_players(t, ["level-3"], ask=lambda question: asked.append(question) or "n")
    assert asked == ["withdraw? [y/N] "] and not t.withdrawn
    assert "nothing withdrawn" in capsys.readouterr().err


def test_the_end_of_input_at_the_question_withdraws_no_one(tmp_path, monkeypatch, capsys):
    """Ctrl+D at "withdraw? [y/N]" ended in an EOFError traceback; it answers no, as Enter does."""
    from ai.commands.tournament import withdraw_players

    out = tmp_path / "turma"
    lines = stopped_league(out, 4)
    t = Tournament("tictactoe", PLAYERS, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl", resume=True)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)

    def end_of_input(question: str) -> str:
        raise EOFError

    assert not withdraw_players(t, ["level-3"], ask=end_of_input)
    assert not t.withdrawn and capsys.readouterr().err.endswith("\nnothing withdrawn\n")
    assert Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True) == lines
    assert withdraw_players(t, ["level-3"], ask=lambda question: "y")
    assert t.withdrawn == {"level-3": (2, 6)}


ROOT = Path(__file__).resolve().parent.parent
STUDENT = "import random\n\n\ndef choose(game, state):\n    return random.Random(7).choice(state.legal_moves())\n"


def students(tmp_path: Path) -> list[str]:
    """Two students' files of one name in two folders, bots/a/aluno.py and bots/b/aluno.py."""
    files = []
    for folder in ("a", "b"):
        (tmp_path / "bots" / folder).mkdir(parents=True)
        (tmp_path / "bots" / folder / "aluno.py").write_text(STUDENT)
        files.append(str(tmp_path / "bots" / folder / "aluno.py"))
    return files


def league(*args: str) -> subprocess.CompletedProcess:
    """``main.py tournament tictactoe ARGS`` as a teacher runs it, in its own process."""
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "tournament", "tictactoe", *args, "--games", "1",
                           "--time", "0.05", "--seed", "3"], capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_a_student_withdrawn_with_its_games_annulled_is_named_and_shown_apart_from_the_standings(tmp_path):
    """bots/a/aluno.py withdrawn after 2 of its 8 games: its annulled games' reason named it by its
    whole path in FILE.csv, and it stood in the standings on 0 points of 0 games, tied at the foot
    with any bot that had lost everything.  Now it is "a/aluno" (its folder: b/aluno.py is in the
    league too) in the reason, and listed under "Withdrawn, not ranked" below the standings, on the
    terminal, in FILE.txt and in FILE.md."""
    files = students(tmp_path)
    players = [*files, "level-1", "level-2", "level-3"]
    out = tmp_path / "turma"
    t = Tournament("tictactoe", players, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl",
                   in_process=True)
    t.run(lambda event: t.cancel() if isinstance(event, GameFinished) and event.done >= 2 else None)
    assert t.played_by(files[0]) == 2
    ran = league(*players, "--resume", str(out), "--withdraw", "a/aluno", "--yes")
    assert ran.returncode == 0, ran.stderr
    said = "a/aluno withdrew after 2 of its 8 games: fewer than half, so all its games are annulled"
    for text in (ran.stdout, Path(f"{out}.txt").read_text(encoding="utf-8")):
        table, _, below = text.partition("Withdrawn, not ranked:")
        standings = table.split("Standings (")[1]
        assert "b/aluno" in standings and "a/aluno" not in standings  # its row is gone from the table
        assert "a/aluno" not in table.split("Standings (")[0]  # and from the crosstable
        assert below.splitlines()[1].strip().startswith(said)
    markdown = Path(f"{out}.md").read_text(encoding="utf-8")
    table = markdown.split("## Standings")[1].split("\n\n## ")[0]
    assert "| b/aluno |" in table and "a/aluno" not in table
    assert f"## Withdrawn, not ranked\n\n- {said}" in markdown
    rows = list(csv.DictReader(Path(f"{out}.csv").read_text(encoding="utf-8").splitlines()))
    annulled = [row for row in rows if row["result"] == "annulled"]
    assert len(annulled) == 8
    assert {row["reason"] for row in annulled} == {"annulled: a/aluno withdrew from the league after 2 of its 8 games"}
    assert files[0] in {row["first"] for row in annulled}  # the id columns keep the path
    table = list(csv.DictReader(Path(f"{out}-standings.csv").read_text(encoding="utf-8").splitlines()))
    assert table[-1]["rank"] == "" and table[-1]["name"] == "a/aluno"  # kept, not ranked
    ranked = json.loads(Path(f"{out}.json").read_text())["standings"]
    assert [row["rank"] for row in table] == [str(s["rank"] or "") for s in ranked]  # the report's ranks


def test_a_player_not_ranked_takes_no_place_from_those_below_it():
    """The player withdrawn with its games annulled (0 points, no forfeit) stood above one who
    lost a game by forfeit and had no point either, so that one was 4th of the three ranked."""
    from ai.tournament_standings import Standing, ranked_apart

    order = [Standing("a", 1, points=2, wins=2), Standing("b", 2, points=1, wins=1),
             Standing("gone", 3), Standing("c", 4, losses=1, forfeits=1)]
    ranked = ranked_apart(order, {"gone": (1, 6)})
    assert [(s.player, s.rank) for s in ranked] == [("a", 1), ("b", 2), ("c", 3)]
    assert ranked_apart(order, {"gone": (3, 6)}) == order  # its results stand: it stays in the table


def test_a_withdrawn_students_file_is_not_loaded_when_the_league_resumes(tmp_path):
    """``--resume F --withdraw P`` loaded P's file with the others before any game: a file that
    now fails to load, or takes minutes to, held up a league it plays no more part in.  Here
    bots/a/aluno.py, edited since, leaves a mark when it is loaded: it is not loaded, and the
    league goes on without it, its games annulled; bots/b/aluno.py is loaded as before."""
    files = students(tmp_path)
    players = [*files, "level-1", "level-2"]
    out = tmp_path / "turma"
    t = Tournament("tictactoe", players, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl",
                   in_process=True)
    t.run(lambda event: t.cancel() if isinstance(event, GameFinished) and event.done >= 2 else None)
    marks = {folder: tmp_path / f"{folder}-loaded" for folder in ("a", "b")}
    for folder, mark in marks.items():
        Path(tmp_path / "bots" / folder / "aluno.py").write_text(
            f"from pathlib import Path\n\nPath({str(mark)!r}).write_text('loaded')\n{STUDENT}")
    assert resume(out, [str(tmp_path / "bots" / "*" / "aluno.py"), "level-1", "level-2"],
                  withdraw=["a/aluno"], yes=True) == 0
    assert not marks["a"].exists()
    assert marks["b"].exists()
    rows = list(csv.DictReader(Path(f"{out}.csv").read_text(encoding="utf-8").splitlines()))
    assert {row["result"] for row in rows if files[0] in (row["first"], row["second"])} == {"annulled"}
    assert len(rows) == 12 and all(row["result"] != "annulled" for row in rows if files[0] not in row.values())


@pytest.mark.parametrize("yes", [True, False])
def test_a_player_with_all_its_games_played_is_not_withdrawn(tmp_path, capsys, yes):
    """Level 1 has played its 6 games (1-6 of 12): withdrawing it said "the 0 games it has not
    played are lost by forfeit" and the report "withdrew after 6 of its 6 games"; nothing is left
    to withdraw, so it is refused (status 2), said once, and the log is left as it was."""
    out = tmp_path / "turma"
    lines = stopped_league(out, 6)
    assert resume(out, PLAYERS, withdraw=["level-1"], yes=yes) == 2
    err = capsys.readouterr().err
    assert ("error: Level 1 has played all its 6 games: there is nothing left to withdraw it from, and its results "
            "stand as they are") in err
    assert "lost by forfeit" not in err and "nothing withdrawn" not in err
    assert Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True) == lines


def test_a_class_withdrawn_on_resume_keeps_the_name_the_tables_gave_it(tmp_path, capsys):
    """The tables said "buggy:Buggy" (its class, once loaded) and the withdraw line and the
    "Withdrawn" lines "buggy": a withdrawn file is not loaded again, and was named unloaded.  Its
    name is the log's; "buggy", as it is named unloaded, still names it."""
    bot = tmp_path / "buggy.py"
    bot.write_text("class Buggy:\n    def __init__(self, game):\n        pass\n\n"
                   "    def choose(self, state):\n        return state.legal_moves()[0]\n")
    out, players = tmp_path / "turma", ["level-1", "level-2", str(bot)]
    assert run_tournament("tictactoe", players, {}, 1, 0.05, 1, str(out), 3) == 0
    assert "buggy:Buggy" in capsys.readouterr().out
    log = Path(f"{out}.jsonl")
    log.write_bytes(b"".join(log.read_bytes().splitlines(keepends=True)[:2]))  # stopped after one game
    assert resume(out, players, withdraw=["buggy"], yes=True) == 0
    captured = capsys.readouterr()
    assert f"withdraw {bot}: buggy:Buggy has played none of its 4 games" in captured.err, captured.err
    assert "buggy:Buggy withdrew having played none of its 4 games" in captured.out
    assert "buggy withdrew" not in captured.out


@pytest.mark.parametrize(("after", "players", "said", "bar"), [
    (4, ["level-1", "level-2", "level-4"],  # level-3's 2 games played annulled, its 4 others too
     "4 of 12 games played (2 of them annulled), 4 not played (forfeited or annulled), 4 left",
     "4/12 played (2 annulled), 4 not played, 4 left"),
    (8, PLAYERS, "8 of 12 games played, 2 not played (forfeited or annulled), 2 left",
     "8/12 played, 2 not played, 2 left"),  # it stands
])
def test_a_resume_with_a_withdrawal_says_the_games_played_settled_and_left_as_the_window_does(tmp_path, capsys, after,
                                                                                              players, said, bar):
    """``--resume FILE --withdraw P`` said "4 of 12 games already played", then its bar "8/12
    games" (the 4 annulled unplayed counted with them) and its time left at the pace of 4 games
    played in no time.  It says the games played, those the withdrawal settled and those left, in
    the window's words (``games_counted``), and so does its bar, in the window's bar's fewer words."""
    out = tmp_path / "turma"
    stopped_league(out, after)
    assert resume(out, players, withdraw=["Level 3"], yes=True) == 0
    err = capsys.readouterr().err
    assert f"resuming {out}.jsonl: {said}" in err, err
    assert f"] {bar}      0s elapsed  eta     ?" in err  # no game of this run over yet: no time left said


def test_the_reports_heading_says_the_games_played_and_those_a_withdrawal_settled_apart(tmp_path, capsys):
    """Level 3 withdrawn after 2 of its 6 games: its 4 others were annulled without play, and the
    heading said "12 games" of a league that played 8.  The printed report and its files (FILE.txt,
    .md, .html) say the games played and those settled apart, as the progress does."""
    out = tmp_path / "turma"
    stopped_league(out, 4)
    assert resume(out, ["level-1", "level-2", "level-4"], withdraw=["Level 3"], yes=True) == 0
    said = "4 players, 8 games played, 4 not played (forfeited or annulled), 0.05 s/move"
    assert said in capsys.readouterr().out.splitlines()[0]
    for suffix in (".txt", ".md", ".html"):
        text = Path(f"{out}{suffix}").read_text(encoding="utf-8")
        assert said in text and "12 games" not in text, suffix


def test_the_windows_report_heading_says_the_games_settled_apart_in_portuguese(tmp_path, capsys):
    """The window writes the report in its language (``ui.words.ReportWords``): its heading says
    the games settled apart too."""
    from ai.commands.tournament import report_head
    from ai.tournament_standings import Summary
    from tests.ui_helpers import words_in
    from ui import words

    out = tmp_path / "turma"
    stopped_league(out, 4)
    assert resume(out, ["level-1", "level-2", "level-4"], withdraw=["Level 3"], yes=True) == 0
    summary = Summary.of(Tournament.from_files(Path(f"{out}.jsonl")))
    with words_in("pt"):
        head = report_head(summary, words.ReportWords())
    assert "4 jogadores, 8 jogos jogados, 4 não jogados (perdidos por falta ou sem efeito)" in head


def test_a_league_whose_games_left_were_the_withdrawn_players_is_over_not_stopped_early(tmp_path):
    """Stopped with only Level 3's last two games left, then Level 3 withdrawn (the window's
    Withdraw on a stopped league): every game has its result, yet the window's progress said
    "stopped" and the report's heading "(stopped early: 12 of 12 games)".  Over, it says neither."""
    from ai.commands.tournament import page_title, report_head
    from ai.tournament_standings import Summary

    stopped_league(tmp_path / "turma", 10)  # level-3's games 11 and 12 left
    t = Tournament.from_files(tmp_path / "turma.jsonl")
    assert t.cancelled
    t.withdraw("level-3")
    assert not t.pending() and not t.cancelled
    summary = Summary.of(t)
    assert "stopped early" not in report_head(summary) and "stopped early" not in page_title(summary)


def test_the_question_counts_the_games_left_not_those_another_withdrawal_gave_it(tmp_path):
    """Five players stopped after 14 games, AIMA withdrawn (4 of its 8 played: its 4 left lost by
    forfeit, 2 of them to Level 3).  Level 3, 4 of its 8 played and 2 left, was then asked about as
    "loses by forfeit the 4 games it has not played", and lost 2: the forfeit wins AIMA's
    withdrawal gave it were counted with its games left.  The question says the 2 it then loses."""
    from ai.tournament_standings import is_withdrawal

    stopped_league(tmp_path / "turma", 14, [*PLAYERS, "tictactoe:aima"])  # AIMA's 17-20 left, Level 3's 15-18
    t = Tournament.from_files(tmp_path / "turma.jsonl")
    assert t.withdraw("tictactoe:aima")
    assert (t.played_by("level-3"), t.games_left("level-3")) == (4, 2)
    said = withdrawal_text(t, "level-3")
    assert said.endswith("it loses by forfeit the 2 games it has not played"), said
    assert t.withdraw("level-3")
    lost = [g.number for g in t.games_of("level-3")
            if is_withdrawal(r := t.results[g.number]) and r.winner is not None and r.players[r.winner] != "level-3"]
    assert lost == [15, 16]


def test_the_reports_note_counts_the_games_a_withdrawn_player_lost_not_those_another_gave_it(tmp_path, capsys):
    """AIMA withdrawn (4 of its 8 games played: its 17-20 lost by forfeit, 17-18 to Level 3), then
    Level 3 (4 of its 8: it loses 15-16).  The report's note said Level 3's "games it did not play
    are lost by forfeit" beside a crosstable that showed two of them won; it counts those it lost,
    on the terminal and in FILE.txt, .md and .html."""
    out = tmp_path / "turma"
    players = [*PLAYERS, "tictactoe:aima"]
    stopped_league(out, 14, players)
    assert resume(out, players, withdraw=["AIMA", "Level 3"], yes=True) == 0  # nothing left to play: the report
    said = {"Level 3": "Level 3 withdrew after 4 of its 8 games: its results stand, and it loses by forfeit 2 games "
                       "it did not play",
            "AIMA": "AIMA withdrew after 4 of its 8 games: its results stand, and it loses by forfeit 4 games it did "
                    "not play"}
    printed = capsys.readouterr().out
    for text in (printed, *(Path(f"{out}{suffix}").read_text(encoding="utf-8") for suffix in (".txt", ".md", ".html"))):
        assert all(line in text for line in said.values()), text
        assert "the games it did not play are lost by forfeit" not in text
    report = json.loads(Path(f"{out}.json").read_text())
    standing = {s["player"]: s for s in report["standings"]}
    assert (standing["level-3"]["forfeits"], standing["tictactoe:aima"]["forfeits"]) == (2, 4)  # as the notes say
    assert report["crosstable"]["level-3"]["tictactoe:aima"] == {"points": 2.0, "games": 2}  # 17-18 won by forfeit


def test_a_withdrawn_player_whose_forfeits_another_withdrawal_annulled_is_said_to_lose_none(tmp_path, capsys):
    """Level 3 withdrawn after 4 of its 6 games (its 11-12 against Level 4 lost by forfeit), then
    Level 4 after 2 of its 6, fewer than half: every game of Level 4 is annulled, those two too.
    The note still said Level 3's games not played "are lost by forfeit", of none: it says its
    results stand, and nothing of forfeits."""
    out = tmp_path / "turma"
    stopped_league(out, 8)  # Level 3 has played 3-4 and 7-8, Level 4 5-6
    t = Tournament("tictactoe", PLAYERS, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl", resume=True)
    assert t.withdraw("level-3") and not t.withdraw("level-4")
    assert resume(out, PLAYERS) == 0
    printed = capsys.readouterr().out
    assert "Forfeits:" not in printed  # none was lost: the crosstable's annulled games say so
    for text in (printed, *(Path(f"{out}{suffix}").read_text(encoding="utf-8") for suffix in (".txt", ".md", ".html"))):
        note = re.search(r"Level 3 withdrew [^<\n]*", text)
        assert note and note.group() == "Level 3 withdrew after 4 of its 6 games: its results stand", text


OLD_REPORT = Path(__file__).resolve().parent / "data" / "tournament" / "withdrawals-without-unplayed.json"


def test_an_older_report_without_the_unplayed_flag_counts_the_games_a_withdrawal_settled_apart(tmp_path):
    """tests/data/tournament/withdrawals-without-unplayed.json is FILE.json as Tabuleiro wrote it
    before GameResult.unplayed (commit e4c60525; written by its parent's ``run_tournament``, ``--resume
    --withdraw level-1 level-3`` after the league's first 4 games): its games carry no ``unplayed``,
    a withdrawal's marked by their reason alone.  Read now, its forfeits 5-6 and Level 3's annulled
    games 7-8 and 11-12 were counted as played ("12 games", none settled), and its annulled
    games 3-4, played, were not told from those.  They are recognised by their reason (and an
    annulled game by having neither moves nor time used)."""
    from ai.commands.tournament import report
    from ai.tournament_standings import Summary

    data = json.loads(OLD_REPORT.read_text(encoding="utf-8"))
    assert not any("unplayed" in game for game in data["games"])  # the old format
    copy = tmp_path / OLD_REPORT.name
    copy.write_text(OLD_REPORT.read_text(encoding="utf-8"), encoding="utf-8")
    t = Tournament.from_files(copy)
    assert {n for n, r in t.results.items() if r.unplayed} == {5, 6, 7, 8, 11, 12}
    assert (t.settled_unplayed(), t.annulled_played()) == (6, 2)
    assert [t.played_by(pid) for pid in PLAYERS] == [2, 4, 0, 2]  # an annulled game counts for neither player
    text = report(Summary.of(t))
    assert "4 players, 6 games played, 6 not played (forfeited or annulled)" in text.splitlines()[0], text
    assert "Level 1 withdrew after 4 of its 6 games: its results stand, and it loses by forfeit 2 games" in text


AIMA_LEAGUE = [*PLAYERS, "tictactoe:aima"]  # stopped after 14 games: AIMA's 17-20 left, Level 3's 15-18 (17-18 AIMA's)
TWO_WITHDRAWALS = [(["AIMA", "Level 3"], {"level-3": 2, "tictactoe:aima": 4}, "level-3"),  # then 17-18's winner
                   (["Level 3", "AIMA"], {"level-3": 4, "tictactoe:aima": 2}, "tictactoe:aima")]


def league_results(report: dict) -> tuple[dict, list[dict]]:
    """What every file of one league must say alike: its crosstable and its standings (points,
    games, forfeits, Elo)."""
    return report["crosstable"], report["standings"]


def withdrawn_by_command(out: Path, order: list[str]) -> dict:
    """The AIMA league stopped after 14 games, then ``--resume --withdraw`` of the players ``order``
    names, one after the other, with --yes: its FILE.json, written as the league ended."""
    stopped_league(out, 14, AIMA_LEAGUE)
    assert resume(out, AIMA_LEAGUE, withdraw=order, yes=True) == 0  # nothing left to play: the report
    return json.loads(Path(f"{out}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("order", "forfeits", "winner"), TWO_WITHDRAWALS)
def test_two_withdrawals_give_the_same_results_in_the_report_a_resume_and_the_log(tmp_path, capsys, order, forfeits,
                                                                                 winner):
    """AIMA withdrawn, then Level 3, on the command line: Level 3 won its unplayed 17-18 against
    AIMA by AIMA's forfeit, and FILE.json kept that (2 forfeits for Level 3); the log, read again
    by a resume or ``from_files``, settled both withdrawals at once and made 17-18 double forfeits
    (4 for Level 3).  The first of two players to withdraw settles the games left between them,
    in the report, a resume from the log and the log read alike; the other way round too.  The
    second named was told it "loses by forfeit the 4 games", counting 17-18 the first forfeits."""
    from ai.tournament_standings import Summary, is_withdrawal

    out = tmp_path / "turma"
    first = withdrawn_by_command(out, order)
    said = [line for line in capsys.readouterr().err.splitlines() if line.startswith("withdraw ")]
    assert [line.rsplit(": ", 1)[1] for line in said] == [
        "its results stand, and it loses by forfeit the 4 games it has not played",
        "its results stand, and it loses by forfeit the 2 games it has not played"], said
    header = json.loads(Path(f"{out}.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert list(header["withdrawn"]) == [{"AIMA": "tictactoe:aima"}.get(word, "level-3") for word in order]
    assert {s["player"]: s["forfeits"] for s in first["standings"] if s["player"] in forfeits} == forfeits
    games = {g["number"]: g for g in first["games"]}
    assert [(games[n]["players"][games[n]["winner"]], games[n]["forfeit"]) for n in (17, 18)] == [(winner, True)] * 2
    assert resume(out, AIMA_LEAGUE) == 0  # resumed from its log: nothing to play, its files written again
    again = json.loads(Path(f"{out}.json").read_text(encoding="utf-8"))
    t = Tournament.from_files(Path(f"{out}.jsonl"))
    read = Summary.of(t).to_json()
    assert league_results(again) == league_results(first) == league_results(read)
    assert all(is_withdrawal(r := t.results[n]) and r.players[r.winner] == winner for n in (17, 18))


def test_a_player_whose_games_left_are_against_one_withdrawn_before_it_is_refused_not_a_traceback(tmp_path, capsys):
    """Stopped with only 11-12, Level 3 against Level 4, left: ``--withdraw "Level 3" --withdraw
    "Level 4"`` withdrew Level 3, which settled 11-12, then stopped on a traceback ("level-4 has no
    game left to play").  It is refused before anyone is withdrawn, saying why, as a player with
    all its games played is."""
    from ai.results_log import ResultsLog

    out = tmp_path / "turma"
    stopped_league(out, 10)
    assert resume(out, PLAYERS, withdraw=["Level 3", "Level 4"], yes=True) == 2
    err = capsys.readouterr().err
    assert ("error: Level 4 has no game left but against Level 3, named before it, whose withdrawal settles them: "
            "there is nothing left to withdraw it from") in err, err
    assert "withdraw level-3" not in err
    header, done = ResultsLog.read(f"{out}.jsonl")
    assert "withdrawn" not in header and len(done) == 10
