"""A game a withdrawal settled by forfeit without play counts as chess counts a forfeit (FIDE: in
the score table, not in the ratings): its point goes to the opponent and W and L count it, but
the standings' games played (the window's GP, the reports' "games") and the Elo rating, its figure
and the ``MIN_RATED_GAMES`` it needs, leave it out.  They counted it as a game played: a bot that
won two games against a withdrawn student it never met was "rated" on games it never played."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ai.commands.tournament import UNPLAYED_FORFEITS, report
from ai.match import GameResult
from ai.tournament import Tournament
from ai.tournament_play import unplayed_forfeit
from ai.tournament_standings import (
    MIN_RATED_GAMES,
    NO_VALUE,
    WITHDREW,
    Summary,
    counts,
    is_unplayed_forfeit,
    standings,
)
from tests.test_league_withdraw import OLD_REPORT, PLAYERS, resume, stopped_league


def withdrawn_league(out: Path) -> Tournament:
    """``stopped_league``'s league stopped after 8 games, Level 3 then withdrawn after 4 of its 6:
    its results stand, and its games 11-12 against Level 4 are lost by forfeit, never played."""
    stopped_league(out, 8)
    t = Tournament.from_files(Path(f"{out}.jsonl"))
    assert t.withdraw("level-3")
    return t


def played_and_unplayed(results: list[GameResult], player_id: str) -> tuple[int, int, float]:
    """``player_id``'s games played, its forfeits without play and its points, counted from the results."""
    mine = [r for r in results if counts(r) and player_id in r.players]
    points = sum(1.0 if r.winner is not None and r.players[r.winner] == player_id else 0.5 if r.winner is None else 0.0
                 for r in mine)
    return (sum(not is_unplayed_forfeit(r) for r in mine), sum(is_unplayed_forfeit(r) for r in mine), points)


def elo_of(rows) -> dict[str, tuple[float, float, float]]:
    return {s.player: (s.elo, s.elo_low, s.elo_high) for s in rows}


def test_a_withdrawals_forfeits_count_in_the_points_not_in_the_games_played_nor_the_ratings(tmp_path):
    t = withdrawn_league(tmp_path / "turma")
    results = list(t.results.values())
    assert sum(is_unplayed_forfeit(r) for r in results) == 2  # 11-12, Level 3's to Level 4
    table = {s.player: s for s in t.standings()}
    for pid in PLAYERS:
        s = table[pid]
        assert (s.games, s.unplayed, s.points) == played_and_unplayed(results, pid), pid
        assert s.wins + s.draws + s.losses == s.counted == s.games + s.unplayed
        assert round(s.score, 9) == round(s.points / s.counted, 9)  # the share of all its games' points
    assert (table["level-4"].unplayed, table["level-3"].unplayed, table["level-3"].forfeits) == (2, 2, 2)
    # the ratings are those of the games played alone: the forfeits left out, they are the same
    played = [r for r in results if not is_unplayed_forfeit(r)]
    assert elo_of(t.standings()) == elo_of(standings(PLAYERS, played))


def test_the_standings_read_back_from_the_log_and_the_report_count_the_forfeits_alike(tmp_path):
    """FILE.jsonl (the withdrawal in its header, its forfeits settled as it is read) and FILE.json
    (the forfeits written with ``unplayed``) give the same standings as the league they were written by."""
    out = tmp_path / "turma"
    stopped_league(out, 8)
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    written = json.loads(Path(f"{out}.json").read_text(encoding="utf-8"))["standings"]
    for path in (Path(f"{out}.jsonl"), Path(f"{out}.json")):
        read = Tournament.from_files(path)
        assert [(s.player, s.games, s.unplayed, s.points) for s in read.standings()] == [
            (s["player"], s["games"], s["unplayed"], s["points"]) for s in written], path
    assert {s["player"]: s["unplayed"] for s in written} == {"level-4": 2, "level-3": 2, "level-2": 0, "level-1": 0}


def test_an_older_report_counts_its_withdrawals_forfeits_as_not_played(tmp_path):
    """A report written before ``unplayed`` (tests/data/tournament/withdrawals-without-unplayed.json):
    Level 1 withdrew after 4 of its 6 games and lost 5-6 by forfeit; they are in the points, not
    among its games played (2: its 3-4 were annulled with Level 3's withdrawal)."""
    copy = tmp_path / OLD_REPORT.name
    copy.write_text(OLD_REPORT.read_text(encoding="utf-8"), encoding="utf-8")
    t = Tournament.from_files(copy)
    results = list(t.results.values())
    table = {s.player: s for s in t.standings()}
    assert {pid: (s.games, s.unplayed, s.points) for pid, s in table.items()} == {
        pid: played_and_unplayed(results, pid) for pid in PLAYERS}
    assert (table["level-1"].games, table["level-1"].unplayed) == (t.played_by("level-1"), 2)


def forfeit_to(winner: str, loser: str) -> GameResult:
    """A game ``loser`` lost by forfeit for its withdrawal, never played, as ``Tournament`` settles it."""
    ids = [winner, loser]
    result = unplayed_forfeit("tictactoe", {}, ids, [1], lambda side: f"O forfeits: {loser} {WITHDREW}")
    result.unplayed = True
    return result


def played(first: str, second: str, winner: int | None) -> GameResult:
    return GameResult("tictactoe", {}, [first, second], moves=["a1"], winner=winner, reason="played")


def test_a_rating_needs_its_games_played_not_forfeits_without_play():
    """Seven games played and a win by a withdrawal's forfeit made eight games, and a rating on seven."""
    before = [played("ana", "rui", n % 3 or None) for n in range(MIN_RATED_GAMES - 1)]
    with_forfeit = [*before, forfeit_to("ana", "eva")]
    ana = next(s for s in standings(["ana", "rui", "eva"], with_forfeit) if s.player == "ana")
    assert (ana.games, ana.unplayed, ana.counted) == (MIN_RATED_GAMES - 1, 1, MIN_RATED_GAMES)
    assert not ana.rated and ana.elo_text() == NO_VALUE
    one_more = [*with_forfeit, played("rui", "ana", 1)]
    ana = next(s for s in standings(["ana", "rui", "eva"], one_more) if s.player == "ana")
    assert ana.games == MIN_RATED_GAMES and ana.rated and ana.elo_text() != NO_VALUE


STANDINGS_ROW = re.compile(r"^\s*\d+\s+(?P<name>Level \d)\s+(?P<points>\S+)\s+(?P<games>\d+)\s+(?P<w>\d+)\s+(?P<d>\d+)"
                           r"\s+(?P<l>\d+)\s+(?P<forf>\d+)\s", re.MULTILINE)


def test_the_terminal_table_counts_the_games_played_and_says_how_forfeits_count(tmp_path, capsys):
    """The report printed, FILE.txt and FILE.md: Level 4's wins by Level 3's forfeit are in its
    points and W, not in its games; the line under the standings says so.  The league's report
    before the withdrawal, without such forfeits, has no such line."""
    from ai.commands.tournament import markdown_line

    out = tmp_path / "turma"
    stopped_league(out, 8)
    assert UNPLAYED_FORFEITS not in report(Summary.of(Tournament.from_files(Path(f"{out}.jsonl"))))
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    results = list(Tournament.from_files(Path(f"{out}.jsonl")).results.values())
    printed = capsys.readouterr().out
    for text in (printed, Path(f"{out}.txt").read_text(encoding="utf-8")):
        rows = {m["name"]: m for m in STANDINGS_ROW.finditer(text.split("Standings (")[1])}
        for pid in PLAYERS:
            row, (games, unplayed, _points) = rows[pid.replace("level-", "Level ")], played_and_unplayed(results, pid)
            assert int(row["games"]) == games and int(row["w"]) + int(row["d"]) + int(row["l"]) == games + unplayed
        assert rows["Level 4"]["games"] != rows["Level 1"]["games"]  # Level 4's 2 forfeit wins: fewer games played
        assert UNPLAYED_FORFEITS in text.split("Forfeits:")[0]
    assert markdown_line(UNPLAYED_FORFEITS) in Path(f"{out}.md").read_text(encoding="utf-8")


def test_a_click_on_a_row_says_a_bound_rating_is_of_the_games_played():
    """Ana lost every game she played and won two by forfeit: her rating is a bound, as of a
    player who lost everything, and the window's row said "every game lost" beside her 2 wins."""
    from ui.scenes.tournament_results import elo_said

    games = [*(played("ana", "rui", 1) for _ in range(MIN_RATED_GAMES)), forfeit_to("ana", "eva"),
             forfeit_to("ana", "eva")]
    ana = next(s for s in standings(["ana", "rui", "eva"], games) if s.player == "ana")
    assert (ana.wins, ana.points, ana.elo_bound, ana.rated) == (2, 2.0, "<", True)
    assert "it lost every game it played" in elo_said(ana), elo_said(ana)


def test_the_copied_tables_say_the_notes_under_the_standings_as_the_report_does(tmp_path):
    """Copy tables (``tables_markdown``) copied the standings without the lines under them: the
    withdrawal's forfeits, in W and L but not in the games played, read as a miscount on a slide."""
    from ai.commands.tournament import markdown_line, standings_notes, tables_markdown

    summary = Summary.of(withdrawn_league(tmp_path / "turma"))
    notes = standings_notes(summary)
    assert UNPLAYED_FORFEITS in notes and any("withdrew after 4 of its 6 games" in note for note in notes), notes
    copied, printed = tables_markdown(summary), report(summary)
    for note in notes:
        assert note in printed and markdown_line(note) in copied, note
    assert copied.index(markdown_line(UNPLAYED_FORFEITS)) < copied.index("## Crosstable")  # under the standings


def test_the_copied_tables_give_each_forfeits_reason_as_the_report_does(tmp_path):
    """Copy tables (``tables_markdown``) left out the Forfeits section FILE.txt, FILE.md and
    FILE.html have: a slide showed Level 3's two losses by forfeit with no word of why."""
    from ai.commands.tournament import markdown_line, tables_markdown

    summary = Summary.of(withdrawn_league(tmp_path / "turma"))
    printed = report(summary).split("Forfeits:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert printed == ["  Level 3, 2 games (11-12): withdrew from the league"], printed
    copied = tables_markdown(summary)
    assert "## Forfeits" in copied, copied
    assert copied.split("## Forfeits\n\n", 1)[1].splitlines() == [f"- {markdown_line(line.strip())}" for line in printed]
    assert copied.index("## Crosstable") < copied.index("## Forfeits")  # after the tables, as on the page


def test_the_no_ratings_note_speaks_of_games_played_as_the_games_column_does(tmp_path):
    """The line under the standings said "No ratings: they need 8 games each, and this tournament
    gives each 6" beside a games column of 2 for Level 4, whose 2 forfeit wins were never played:
    it says the games a rating needs are played ones, and the most any player plays."""
    from ai.commands.tournament import standings_notes

    summary = Summary.of(withdrawn_league(tmp_path / "turma"))
    note = next(line for line in standings_notes(summary) if line.startswith("No ratings"))
    played = {s.player: s.games for s in summary.standings}
    assert played["level-4"] == 2 < 6, played  # 4 points, 2 of them forfeits never played
    assert f"they need {MIN_RATED_GAMES} games played each" in note, note
    most = int(re.search(r"none plays more than (\d+)", note).group(1))
    assert most == 6 and all(games <= most for games in played.values()), (note, played)


def test_the_no_ratings_note_counts_the_games_the_players_still_in_can_reach(tmp_path):
    """QA (qa147): after a withdrawal that annulled a player's games, the note still said "none
    plays more than 6": the players still in, three, play 4 games each at most, none against the
    withdrawn player counting.  It counts what they can reach (``most_rated_games``); with Level
    3's results standing, as in the test above, they can reach 6."""
    from ai.commands.tournament import standings_notes

    stopped_league(tmp_path / "turma", 4)  # Level 3 played games 3-4 of its 6: fewer than half
    t = Tournament.from_files(tmp_path / "turma.jsonl")
    assert not t.withdraw("level-3")  # its results annulled
    summary = Summary.of(t)
    note = next(line for line in standings_notes(summary) if line.startswith("No ratings"))
    assert "none plays more than 4 here" in note, note
