"""A game lost by a player that could not be started (its program missing, or failing as it
started) was never played, as a withdrawal's forfeit was not: it counts as chess counts a
forfeit, in the points, W and L but not in the games played (GP) nor the Elo rating, in every
table and in a log or report read back, an older one too.  It counted as a game played: a bot
"rated" on wins over a student's file that never ran, a file that never ran "played" 4 games."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from ai.commands.tournament import (
    UNPLAYED_FORFEITS,
    ProgressBar,
    markdown_line,
    report_head,
    resumed_count,
    run_tournament,
    withdrawal_text,
)
from ai.match import GameResult
from ai.tournament import Tournament
from ai.tournament_play import DOUBLE_FORFEIT, play_scheduled
from ai.tournament_standings import (
    Summary,
    is_annulled,
    is_unplayed_forfeit,
    never_started,
    not_played,
    standings,
)
from tests.test_tournament import _Terminal, tictactoe_tournament
from tests.test_unplayed_forfeits import STANDINGS_ROW, elo_of


def test_a_game_lost_as_a_player_could_not_be_started_is_not_played_but_one_lost_later_in_it_is():
    broken = {"a.py": "SyntaxError: x", "b.py": "No module named 'y'"}
    one, both = (play_scheduled("tictactoe", {}, pair, (1, 2), 0.1, broken=broken)
                 for pair in (("a.py", "level-1"), ("a.py", "b.py")))
    assert one.reason == "X forfeits: a.py could not be started: SyntaxError: x" and both.reason == DOUBLE_FORFEIT
    assert never_started(one) and never_started(both) and is_unplayed_forfeit(one) and is_unplayed_forfeit(both)
    later = GameResult("tictactoe", {}, ["a.py", "level-1"], moves=["b2", "a1", "c3", "a3"], winner=1, forfeit=True,
                       reason="X forfeits: a.py could not be started at move 5: its process ended")
    crashed = GameResult("tictactoe", {}, ["a.py", "level-1"], moves=["b2"], winner=0, forfeit=True,
                         reason="O forfeits: level-1 crashed at move 2: could not be started: no")
    assert not never_started(later) and not never_started(crashed)  # games begun, played
    assert [not_played(r) for r in (one, both, later, crashed)] == [True, True, False, False]
    table = {s.player: s for s in standings(["a.py", "b.py", "level-1"], [one, both, later])}
    assert [(table[p].games, table[p].unplayed, table[p].losses) for p in ("a.py", "b.py", "level-1")] == [
        (1, 2, 3), (0, 1, 1), (1, 1, 0)]


def test_a_file_that_could_not_be_started_counts_its_forfeits_apart_in_every_table(tmp_path, capsys):
    """A league of Level 1, Level 2 and a file with a syntax error: the file's 4 games are lost by
    forfeit, never played.  The terminal's table, FILE.txt, FILE.json, FILE-standings.csv count them
    in W and L, not in the games played; the ratings are the 2 games played's; the line under the
    standings says the rule (FILE.md, FILE.html too); the log and the report, an older report
    without ``unplayed`` too, read back alike."""
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n    return 1\n")  # a syntax error
    out = tmp_path / "turma"
    assert run_tournament("tictactoe", ["level-1", str(broken), "level-2"], {}, 1, 0.2, 1, str(out), 1) == 0
    printed = capsys.readouterr().out
    data = json.loads(Path(f"{out}.json").read_text(encoding="utf-8"))
    written = {s["player"]: (s["games"], s["unplayed"], s["wins"] + s["draws"] + s["losses"]) for s in data["standings"]}
    assert written == {str(broken): (0, 4, 4), "level-1": (2, 2, 4), "level-2": (2, 2, 4)}
    with Path(f"{out}-standings.csv").open(encoding="utf-8") as f:
        assert {row["player"]: (int(row["games"]), int(row["unplayed"])) for row in csv.DictReader(f)} == {
            pid: counted[:2] for pid, counted in written.items()}
    for text in (printed, Path(f"{out}.txt").read_text(encoding="utf-8")):
        rows = {m["name"]: m for m in STANDINGS_ROW.finditer(text.split("Standings (")[1])}
        assert {name: (int(rows[name]["games"]), int(rows[name]["w"]) + int(rows[name]["d"]) + int(rows[name]["l"]))
                for name in ("Level 1", "Level 2")} == {"Level 1": (2, 4), "Level 2": (2, 4)}
        assert UNPLAYED_FORFEITS in text.split("Forfeits:")[0]
    assert markdown_line(UNPLAYED_FORFEITS) in Path(f"{out}.md").read_text(encoding="utf-8")
    assert UNPLAYED_FORFEITS in Path(f"{out}.html").read_text(encoding="utf-8")
    t = Tournament.from_files(Path(f"{out}.jsonl"))
    games_played = [r for r in t.results.values() if not is_unplayed_forfeit(r)]
    assert len(games_played) == 2 and elo_of(t.standings()) == elo_of(standings(t.player_ids, games_played))
    older = dict(data, games=[{k: v for k, v in g.items() if k != "unplayed"} for g in data["games"]])
    Path(f"{out}-older.json").write_text(json.dumps(older), encoding="utf-8")
    for path in (Path(f"{out}.jsonl"), Path(f"{out}.json"), Path(f"{out}-older.json")):
        assert {s.player: (s.games, s.unplayed, s.counted) for s in Tournament.from_files(path).standings()} == written, path


def test_the_heading_counts_the_games_of_a_file_that_could_not_be_started_as_not_played(tmp_path, capsys):
    """A league of Level 1, Level 2 and a file with a syntax error: 2 games played, the file's 4
    never.  The report's heading (printed, FILE.txt) and its page's title (FILE.md, FILE.html)
    said "6 games", as if all were played, where the standings' GP count 2; they say the 4 apart,
    and so do the heading and a resume's first line of the log and the report read back, an older
    report without ``unplayed`` too."""
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n    return 1\n")  # a syntax error
    out = tmp_path / "turma"
    assert run_tournament("tictactoe", ["level-1", str(broken), "level-2"], {}, 1, 0.2, 1, str(out), 1) == 0
    printed = capsys.readouterr().out
    said = "Tic-tac-toe round robin: 3 players, 2 games played, 4 not played (forfeited or annulled), 0.2 s/move"
    assert printed.startswith(said) and Path(f"{out}.txt").read_text(encoding="utf-8").startswith(said), printed
    assert Path(f"{out}.md").read_text(encoding="utf-8").startswith(f"# {markdown_line(said)}")
    assert f"<title>{said}</title>" in Path(f"{out}.html").read_text(encoding="utf-8")
    data = json.loads(Path(f"{out}.json").read_text(encoding="utf-8"))
    older = dict(data, games=[{k: v for k, v in g.items() if k != "unplayed"} for g in data["games"]])
    Path(f"{out}-older.json").write_text(json.dumps(older), encoding="utf-8")
    for path in (Path(f"{out}.jsonl"), Path(f"{out}.json"), Path(f"{out}-older.json")):
        t = Tournament.from_files(path)
        assert report_head(Summary.of(t)).startswith(said), path
        assert resumed_count(t) == "2 of 6 games played, 4 not played (forfeited or annulled), 0 left", path


def test_a_game_never_started_then_annulled_by_a_withdrawal_is_still_not_played():
    """A student's file that could not be started, withdrawn before half its games: its games are
    annulled, the one it lost so too.  That one kept its flag of a game played: the progress and the
    heading said "1 game played (1 of them annulled)" of a game never played, where a report of it
    read back from an older file said it not played."""
    t = Tournament("tictactoe", ["level-1", "a.py", "level-2"], games_per_pair=1)  # 6 games, 4 of a.py
    first = t.games_of("a.py")[0]
    t._keep(first.number, play_scheduled("tictactoe", {}, t.ids_of(first), (1, 2), 0.1,
                                         broken={"a.py": "SyntaxError: x"}))
    assert not t.withdraw("a.py")  # after 1 of its 4 games: all annulled
    assert is_annulled(t.results[first.number]) and not_played(t.results[first.number])
    assert (t.annulled_played(), t.settled_unplayed()) == (0, len(t.games_of("a.py"))) == (0, 4)
    assert report_head(Summary.of(t)).startswith(
        "Tic-tac-toe round robin: 3 players, 0 games played, 4 not played (forfeited or annulled), ")


def league_with_a_file_that_never_ran(never_ran: int, played_by_level_1: int) -> Tournament:
    """Level 1, a.py and Level 2, one game each way (4 games each): ``never_ran`` of a.py's games
    against Level 1 lost as a.py could not be started, and ``played_by_level_1`` of Level 1's
    games against Level 2 played (Level 1 winning)."""
    t = Tournament("tictactoe", ["level-1", "a.py", "level-2"], games_per_pair=1)
    against = [g for g in t.games_of("a.py") if 0 in g.players]
    for g in against[:never_ran]:
        t._keep(g.number, play_scheduled("tictactoe", {}, t.ids_of(g), (1, 2), 0.1, broken={"a.py": "SyntaxError: x"}))
    for g in [g for g in t.games_of("level-1") if 2 in g.players][:played_by_level_1]:
        ids = t.ids_of(g)
        t._keep(g.number, GameResult("tictactoe", {}, list(ids), moves=["b2"], winner=ids.index("level-1"),
                                     reason="played"))
    return t


def test_a_file_that_never_ran_is_withdrawn_as_having_played_none_of_its_games():
    """a.py's file never ran: its 2 games so far lost as it could not be started.  Withdrawn, it
    "has played 2 of its 4 games: its results stand", and kept its opponents' forfeit wins, as if
    it had played half its games; it has played none: all its games are annulled."""
    t = league_with_a_file_that_never_ran(2, 0)
    assert t.played_by("a.py") == t.played_by("level-1") == 0
    assert withdrawal_text(t, "a.py") == "a.py has played none of its 4 games: they are annulled, counted for no one"
    assert not t.withdraw("a.py") and t.withdrawn["a.py"] == (0, 4)
    assert all(is_annulled(t.results[g.number]) for g in t.games_of("a.py"))
    assert {s.player: s.points for s in t.standings()}["level-1"] == 0


def test_a_game_its_opponent_never_started_is_not_among_those_a_withdrawn_player_played():
    """Level 1 played 1 of its 4 games and won 1 as a.py could not be started.  Withdrawn, it
    "has played 2 of its 4 games" and its results stood, the game left lost by forfeit; it played 1,
    fewer than half: all its games are annulled, as the standings' 1 game played (GP) says."""
    t = league_with_a_file_that_never_ran(1, 1)
    assert t.played_by("level-1") == next(s.games for s in t.standings() if s.player == "level-1") == 1
    assert withdrawal_text(t, "level-1") == ("Level 1 has played 1 of its 4 games, fewer than half: all its games are "
                                             "annulled, counted for no one (they stay in the log)")
    assert not t.withdraw("level-1") and t.withdrawn["level-1"] == (1, 4)
    assert all(is_annulled(t.results[g.number]) for g in t.games_of("level-1"))


def test_the_progress_bar_counts_the_games_played_and_those_never_played_apart(tmp_path):
    """The smallest league, Level 1 and a file with a syntax error, a game each way: the command's
    progress bar ended "2/2 games" of a league that played none.  It says the games played, those
    never played and those left, as the window's progress bar and the report's heading do."""
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n    return 1\n")  # a syntax error
    proc = tictactoe_tournament("level-1", str(broken), "--games", "1", "--time", "0.2", "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    last = [line for line in proc.stderr.splitlines() if line.startswith("[")][-1]
    assert "] 0/2 played, 2 not played, 0 left  " in last and "2/2 games" not in proc.stderr, proc.stderr
    assert proc.stdout.startswith("Tic-tac-toe round robin: 2 players, 0 games played, 2 not played"), proc.stdout


def test_the_progress_bars_time_left_is_not_at_the_pace_of_games_never_played():
    """A game lost as a player could not be started is over in no time: after one, the bar said
    "eta 0s" of the games left to play, as if they took no time either; it waits for a game played."""
    bar = ProgressBar(4, stream=_Terminal())
    never = GameResult("tictactoe", {}, ["a.py", "level-1"], [], 1, None,
                       "X forfeits: a.py could not be started: SyntaxError: x", True)
    bar.update(1, never)
    assert "0/4 played, 1 not played, 3 left" in bar.line(1) and re.search(r"eta +\?", bar.line(1)), bar.line(1)
    bar.update(2, GameResult("tictactoe", {}, ["level-1", "a.py"], ["b2"], 0, None, "X has 3 in a row", False))
    assert "1/4 played, 1 not played, 2 left" in bar.line(2) and re.search(r"eta +\d+s", bar.line(2)), bar.line(2)
