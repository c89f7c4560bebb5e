"""The command line names a bot and writes points as the window does: a forfeit's reason in a
match's lines and in a tournament's FILE.csv names the bot by its name (``ai.reason_names``), not
its file's path; the printed report and FILE.txt write "1½" and "–" as the screen, FILE.csv 1.5."""

from __future__ import annotations

import csv
import json

from tests.test_tournament import BOTS

RAISER = str(BOTS / "raiser.py")  # crashes on its first move: every game it plays, it forfeits


def test_a_matchs_forfeit_line_names_the_bot_as_the_window_does(capsys):
    """"X forfeits: tests/data/outside/raiser.py crashed …" where the window said "X forfeits:
    raiser crashed …": the line names the bot as its start and the tables do, its own words
    ("at raiser.py line 3") as they are."""
    import main

    assert main.main(["match", "tictactoe", RAISER, "level-1", "--games", "2", "--time", "0.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "; X forfeits: raiser crashed at move 1: ZeroDivisionError: " in lines[0], lines[0]
    assert "; O forfeits: raiser crashed at move 2: " in lines[1] and "(at raiser.py line 3)" in lines[1], lines[1]
    assert not any(RAISER in line for line in lines), lines


def test_a_bot_playing_itself_is_named_as_the_side_that_forfeited(capsys):
    """Both sides one file ("raiser #1", "raiser #2"): each game's reason names the one that
    forfeited, X, the first of game 1 and the second of game 2."""
    import main

    assert main.main(["match", "tictactoe", RAISER, RAISER, "--games", "2", "--time", "0.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("game 1: raiser #1 vs raiser #2: ") and "X forfeits: raiser #1 crashed" in lines[0]
    assert lines[1].startswith("game 2: raiser #2 vs raiser #1: ") and "X forfeits: raiser #2 crashed" in lines[1]


def test_a_tournaments_csv_names_the_bot_in_its_reasons_and_keeps_numbers_for_programs(tmp_path, capsys):
    """FILE.csv's reasons named the bot by its path ("X forfeits: /…/raiser.py crashed"), beside
    its ``name_first`` "raiser"; the window's list says "raiser".  FILE.json keeps the reason as
    recorded (ids: data that replays the game); FILE.csv's points stay numbers."""
    import main

    out = tmp_path / "league"
    assert main.main(["tournament", "tictactoe", RAISER, "level-1", "--games", "1", "--time", "0.5", "--jobs", "1",
                      "--out", str(out)]) == 0
    rows = list(csv.DictReader(out.with_suffix(".csv").open(encoding="utf-8")))
    assert [row["reason"].split(" crashed")[0] for row in rows] == ["X forfeits: raiser", "O forfeits: raiser"]
    assert all("(at raiser.py line 3)" in row["reason"] for row in rows)
    kept = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))["games"]
    assert all(f"forfeits: {RAISER} crashed" in game["reason"] for game in kept)


def test_the_report_writes_half_points_and_no_rating_as_the_screen_does(tmp_path):
    """The screen's crosstable and standings write "1½ of 2", "2½" and an unrated Elo "–"; the
    printed report and FILE.txt wrote "1.5 of 2", "2.5" and "-" for the same league.  They write
    the screen's forms now (its own functions say them here); FILE.csv keeps the numbers."""
    from ai.commands.tournament import report, write_results
    from ai.tournament_standings import crosstable
    from tests.test_tournament import reported_summary
    from ui.scenes.tournament_results import cell_label, elo_label

    summary = reported_summary()
    text = report(summary)
    assert text + "\n" == write_results(summary, str(tmp_path / "res"))[3].read_text(encoding="utf-8")
    rows = {s.player: text.split("Standings (Elo: mean 0, 95% interval):\n", 1)[1].splitlines()[1 + i]
            for i, s in enumerate(summary.standings)}
    for st in summary.standings:  # the report keeps "+35 (-40..+110)" where the window writes "+35 ±75"
        assert not st.rated and elo_label(st) == st.elo_text() == "–"
        assert rows[st.player].endswith(f"%   {elo_label(st)}"), rows[st.player]  # "–", not "-"
    assert rows["level-1"].split()[2] == "2½" and rows["level-2"].split()[2] == "1½"
    table = text.split("Crosstable", 1)[1].split("Standings")[0]
    cells = [cell for others in crosstable(summary.players, summary.results).values() for cell in others.values()]
    assert all(cell_label(points, games, True) in table for points, games in cells if games)
    assert "1½ of 2" in table and "½ of 2" in table and ".5" not in table
    with open(tmp_path / "res-standings.csv", encoding="utf-8") as kept:
        standings = list(csv.DictReader(kept))
    assert [row["points"] for row in standings] == ["2.5", "1.5", "1.0", "0.0"]  # numbers for a program
