"""Round robins: the schedule, standings, crosstable and Elo on hand-made results, the CLI and files.

The Elo figures are checked against the formulas stated in ai/tournament_standings.py, computed here by
hand (logistic model, score fraction, normal-approximation 95% interval, mean 0).
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from ai.match import GameResult
from ai.tournament import Tournament
from ai.tournament_schedule import schedule
from ai.tournament_standings import (
    MIN_RATED_GAMES,
    Summary,
    crosstable,
    elo_from_score,
    half_points,
    standings,
)
from tests.ui_helpers import words_in

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "tests" / "data" / "outside"


def result(first: str, second: str, winner: int | None, forfeit: bool = False) -> GameResult:
    r = GameResult("tictactoe", {}, [first, second])
    r.winner, r.forfeit = winner, forfeit
    r.reason = "hand-made"
    return r


# -- schedule ---------------------------------------------------------------------------------------
def test_schedule_every_pair_both_sides_equally():
    games = schedule(4, 3, seed=7)
    assert len(games) == 6 * 2 * 3
    sides = Counter(g.players for g in games)
    assert all(sides[(a, b)] == 3 for a in range(4) for b in range(4) if a != b)
    assert [g.number for g in games] == list(range(1, len(games) + 1))
    assert schedule(4, 3, seed=7) == games  # deterministic
    assert len({g.seeds for g in games}) == len(games)
    # stopped after round 1, every pair has played once each way
    first_round = [g for g in games if g.round == 1]
    assert Counter(g.players for g in first_round) == Counter({(a, b): 1 for a in range(4) for b in range(4) if a != b})


def test_openings_give_each_round_its_own_start_for_both_colours():
    """Deterministic players replay one game per colour: with opening plies, every pair plays
    round r after round r's random moves, once each way, and the records keep those moves."""
    t = Tournament("alquerque", ["alquerque:minimax-1", "alquerque:minimax-2", "level-1"],
                   games_per_pair=2, time_per_move=1.0, seed=3, opening_plies=3)
    played = t.run()
    assert len(played) == 12
    by_round: dict[int, set[tuple[str, ...]]] = {}
    for g, r in zip(t.schedule, played):
        by_round.setdefault(g.round, set()).add(tuple(r.moves[:3]))
    assert all(len(openings) == 1 for openings in by_round.values())  # one opening per round
    assert by_round[1] != by_round[2]
    import games

    game = games.load("alquerque")
    assert all(game.play_line(r.moves).winner() == r.winner for r in played if r.moves)


# -- standings on hand-made results ----------------------------------------------------------------
def test_players_level_on_everything_share_a_rank():
    """A teacher read '1 ana, 2 level-1' for two players with the same points, wins and forfeits
    (they drew their pair 1-1): the order they were named in made the class's winner.  Level on
    points, wins and forfeits, they share a rank; the next player's rank counts them both."""
    results = [result("ana", "lvl", 0), result("lvl", "ana", 0),  # 1-1 between them
               result("ana", "eva", 0), result("eva", "ana", 1),
               result("lvl", "eva", 0), result("eva", "lvl", 1),
               result("bob", "eva", 0), result("eva", "bob", 1),
               result("ana", "bob", 0), result("bob", "ana", 1), result("lvl", "bob", 0), result("bob", "lvl", 1)]
    order = standings(["ana", "lvl", "eva", "bob"], results)
    assert [(s.player, s.points, s.rank) for s in order] == [("ana", 5, 1), ("lvl", 5, 1), ("bob", 2, 3), ("eva", 0, 4)]
    # the tie-breaks still part players level on points: more wins first, then fewer forfeits
    split = standings(["y", "x", "z"], [result("x", "y", None), result("y", "x", None), result("x", "z", 0),
                                        result("z", "x", 0), result("y", "z", 0), result("z", "y", 0, forfeit=True)])
    assert [(s.player, s.points, s.rank) for s in split] == [("z", 2, 1), ("x", 2, 2), ("y", 2, 3)]


def test_two_players_elo_is_the_logistic_difference():
    # A scores 3 of 4 against B: the logistic model puts A 400*log10(3) = 190.85 above B.
    results = [result("A", "B", 0), result("B", "A", 1), result("A", "B", 0), result("B", "A", 0)]
    table = {s.player: s for s in standings(["A", "B"], results)}
    a, b = table["A"], table["B"]
    assert (a.points, a.wins, a.draws, a.losses, a.games) == (3, 3, 0, 1, 4)
    assert (b.points, b.wins, b.losses) == (1, 1, 3)
    assert a.rank == 1 and b.rank == 2
    assert a.elo - b.elo == pytest.approx(400 * math.log10(3), abs=1e-9)
    assert a.elo + b.elo == pytest.approx(0, abs=1e-9)
    # the interval: points [1, 1, 1, 0], mean 0.75; the variance about it with a won and a lost
    # game beside them: (3 x 0.25^2 + 0.75^2, then 0.25^2 + 0.75^2) / 6 = 1.375 / 6, se = sqrt(that / 4)
    se = math.sqrt(1.375 / 6 / 4)
    low = elo_from_score(0.75 - 1.96 * se) / 2
    high = elo_from_score(min(0.75 + 1.96 * se, 1 - 0.5 / 4)) / 2
    shift = 0.0  # symmetric: the mean is already 0
    assert a.elo_low == pytest.approx(low - shift)
    assert a.elo_high == pytest.approx(high - shift)


def test_three_players_points_draws_forfeits_crosstable():
    ids = ["A", "B", "C"]
    results = [
        result("A", "B", 0), result("B", "A", None),          # A 1.5 - 0.5 B
        result("A", "C", 0), result("C", "A", 1),             # A 2 - 0 C
        result("B", "C", None), result("C", "B", 0, True),    # B 0.5 - 1.5 C (B forfeited once)
    ]
    order = standings(ids, results)
    assert [s.player for s in order] == ["A", "C", "B"]
    a, c, b = order
    assert (a.points, a.wins, a.draws, a.losses) == (3.5, 3, 1, 0)
    assert (c.points, c.wins, c.draws, c.losses) == (1.5, 1, 1, 2)
    assert (b.points, b.wins, b.draws, b.losses, b.forfeits) == (1.0, 0, 2, 2, 1)
    assert sum(s.points for s in order) == len(results)
    assert a.first_side_points == 2.0  # as side 0 A beat B and C
    cross = crosstable(ids, results)
    assert cross["A"]["B"] == (1.5, 2) and cross["B"]["A"] == (0.5, 2)
    assert cross["B"]["C"] == (0.5, 2) and cross["C"]["B"] == (1.5, 2)
    # Elo: d_i from each score fraction, times (k-1)/k, then centred on 0
    raw = {s.player: elo_from_score(min(max(s.score, 0.5 / 4), 1 - 0.5 / 4)) * 2 / 3 for s in order}
    mean = sum(raw.values()) / 3
    for s in order:
        assert s.elo == pytest.approx(raw[s.player] - mean)
    assert sum(s.elo for s in order) == pytest.approx(0, abs=1e-9)
    assert a.elo_bound == "" and replace(a, games=MIN_RATED_GAMES).elo_text().startswith("+")


def read_crosstable(text: str) -> dict[tuple[int, int], str]:
    """The cells of a printed crosstable by (row, column) number, its column blocks put together
    (names without blanks: a row is its number, its name and its cells, "–" or "1½ of 2")."""
    cells: dict[tuple[int, int], str] = {}
    for block in text.split("\n\n"):
        head, *rows = block.splitlines()
        columns = [int(n) for n in head.split()]
        for row in rows:
            number, _name, rest = row.split(maxsplit=2)
            shown = re.findall(r"–|\d*½? of \d+", rest)
            assert len(shown) == len(columns), row
            cells.update({(int(number.rstrip(".")), c): cell for c, cell in zip(columns, shown)})
    return cells


def test_a_crosstable_of_30_players_fits_the_terminal_in_blocks_of_columns():
    """30 students' crosstable was one row of 30 cells (286 characters) per player, wrapped by an
    80 or 120-column terminal into a jumble; its columns now come in blocks that fit the width
    (80 in FILE.txt and when printed to a file, else the terminal's), every cell still there under
    its opponent's number (a small league's table is unchanged:
    test_the_command_lines_report_reads_as_it_always_has)."""
    import random

    from ai.commands.tournament import CROSSTABLE, report

    ids = [f"student{i:02d}" for i in range(30)]
    pick = random.Random(5)
    results = [result(ids[a], ids[b], pick.choice([0, 1, None])) for a in range(30) for b in range(30) if a != b]
    order = standings(ids, results)
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, False, order, results, list(range(1, 871)))
    cross = crosstable(ids, results)
    for width, blocks in ((None, 4), (120, 3)):  # 4 blocks of 7 or 8 columns ("1½ of 2"), 3 of 10
        text = report(summary) if width is None else report(summary, width=width)
        table = text.split(f"{CROSSTABLE}\n", 1)[1].split("\n\nStandings", 1)[0]
        assert max(len(line) for line in table.splitlines()) <= (width or 80)
        assert table.count("\n\n") == blocks - 1
        cells = read_crosstable(table)
        for i, row in enumerate(order, 1):
            for j, column in enumerate(order, 1):
                p, n = cross[row.player].get(column.player, (0, 0))
                assert cells[i, j] == ("–" if i == j else f"{half_points(p)} of {n}")


def test_a_game_neither_player_could_start_is_a_double_forfeit_scoring_nothing(tmp_path):
    """Two files that failed to load each won the game the other forfeited first (game 89:
    demo - syntax: "South forfeits", game 90: syntax - demo: the other way): a point each."""
    from ai.commands.tournament import report, write_results
    from ai.tournament_play import DOUBLE_FORFEIT, play_scheduled

    broken = {"a.py": "SyntaxError: x", "b.py": "No module named 'y'"}
    games = [play_scheduled("tictactoe", {}, pair, (1, 2), 0.1, broken=broken)
             for pair in (("a.py", "b.py"), ("b.py", "a.py"), ("a.py", "level-1"))]
    assert [(r.winner, r.forfeit, r.reason) for r in games[:2]] == [(None, True, DOUBLE_FORFEIT)] * 2
    assert games[2].winner == 1 and games[2].reason == "X forfeits: a.py could not be started: SyntaxError: x"
    ids = ["a.py", "b.py", "level-1"]
    table = {s.player: s for s in standings(ids, games)}
    for pid in ("a.py", "b.py"):
        assert (table[pid].points, table[pid].wins, table[pid].draws, table[pid].losses) == (0, 0, 0, 2 + (pid == "a.py"))
    assert table["a.py"].forfeits == 3 and table["b.py"].forfeits == 2
    assert crosstable(ids, games)["a.py"]["b.py"] == (0.0, 2) == crosstable(ids, games)["b.py"]["a.py"]
    summary = Summary("tictactoe", {}, ids, 1, 0.1, 1, None, 1.0, False, standings(ids, games), games, [1, 2, 3])
    assert f"  a.py - b.py, 1 game (1): {DOUBLE_FORFEIT}" in report(summary)
    rows = list(csv.DictReader(write_results(summary, str(tmp_path / "res"))[1].open()))
    assert [(r["result"], r["points_first"], r["points_second"], r["forfeit"]) for r in rows[:2]] == [("0-0", "0", "0", "1")] * 2


def test_a_player_who_drew_every_game_has_an_interval():
    """Per-game points all alike have no variance: two draws read "+0 ± 0", a certain rating."""
    a, b = standings(["A", "B"], [result("A", "B", None), result("B", "A", None)])
    assert a.elo == pytest.approx(0, abs=1e-9) and a.elo_bound == ""
    assert a.elo_low < -90 and a.elo_high > 90  # two games say little (at most half a game from the ends)
    many = standings(["A", "B"], [result("A", "B", None), result("B", "A", None)] * 50)[0]
    assert -40 < many.elo_low < -2 and 2 < many.elo_high < 40  # a hundred draws say more
    assert "± 0" not in replace(a, games=MIN_RATED_GAMES).elo_text()


def test_the_elo_interval_is_shown_as_it_is_an_end_at_the_cap_open():
    """"rui:Careful +286 ± 249" stood for +146..+645 (the upper end at the cap): the interval is
    not symmetric, and its upper end said nothing of the data, which give none."""
    from ai.tournament_standings import Standing

    careful = Standing("rui:Careful", games=14, elo=285.8, elo_low=146.5, elo_high=645.1, elo_high_open=True)
    assert careful.elo_text() == "+286 (+146..>+645)"
    careful.elo_high_open = False
    assert careful.elo_text() == "+286 (+146..+645)"
    a, b = standings(["A", "B"], [result("A", "B", 0), result("B", "A", 1)] * 4 + [result("A", "B", 1)])
    cap = elo_from_score(1 - 0.5 / 9) / 2  # half a game from a perfect score, two players (scores 8/9 and 1/9: no shift)
    assert a.elo_high_open and not a.elo_low_open and a.elo_high == pytest.approx(cap)
    assert b.elo_low_open and not b.elo_high_open
    assert a.elo_text() == f"+{round(a.elo)} (+{round(a.elo_low)}..>+{round(a.elo_high)})"
    assert b.elo_text() == f"{round(b.elo)} (<{round(b.elo_low)}..{round(b.elo_high)})"


def test_perfect_score_is_marked_as_a_bound():
    results = [result("A", "B", 0), result("B", "A", 1)] * (MIN_RATED_GAMES // 2)
    a, b = standings(["A", "B"], results)
    assert a.elo_bound == ">" and b.elo_bound == "<"
    assert a.elo > 0 > b.elo
    # the command line's table: a bound has no interval ("± 0" read as a certain rating)
    assert a.elo_text() == f">+{round(a.elo)}" and b.elo_text() == f"<{round(b.elo)}"


def test_the_ratings_chart_draws_a_bound_as_a_bar_with_an_arrow(monkeypatch):
    """A player who lost every game has only a bound ("below -389" in the table); the chart drew
    nothing on its row.  It now draws a bar from 0 to the bound and an arrow pointing beyond it."""
    import pygame

    from ui.scenes.tournament import TournamentScene
    from ui.theme import THEMES

    pygame.init()
    results = [result(a, b, w) for a, b, w in [("A", "B", 0), ("B", "A", 0), ("A", "B", 1), ("B", "A", 1)] * 2]
    results += [result(x, "C", 0) for x in "AB"] * 4 + [result("C", x, 1) for x in "AB"] * 4  # C loses all 16
    order = standings(["A", "B", "C"], results)
    assert [st.elo_bound for st in order] == ["", "", "<"] and order[-1].games >= 8
    arrows: list[list] = []
    real_polygon = pygame.draw.polygon
    monkeypatch.setattr(pygame.draw, "polygon", lambda surf, colour, points, *rest: (
        arrows.append(list(points)), real_polygon(surf, colour, points, *rest))[1])
    scene = TournamentScene(type("App", (), {"show_menu": lambda self: None})(), "tictactoe")
    scene._draw_chart(pygame.Surface((600, 300)), THEMES["dark"], pygame.Rect(0, 0, 600, 300), order)
    assert len(arrows) == 1  # C's, and only C's
    (base_x, top_y), (tip_x, tip_y), (_x, bottom_y) = arrows[0]
    assert tip_x < base_x and top_y < tip_y < bottom_y and tip_y > 200  # pointing left, on the last row


# -- running tournaments --------------------------------------------------------------------------
def test_tournament_in_process_events_and_summary(tmp_path):
    from ai.commands.tournament import report, write_results
    from ai.tournament_events import GameFinished, GameStarted, MovePlayed, TournamentDone

    t = Tournament("tictactoe", ["level-1", "level-2", "level-3"], games_per_pair=1, time_per_move=0.1,
                   seed=3, watch=True)
    events = []
    t.run(events.append)
    assert len(t.finished()) == 6
    assert sum(isinstance(e, GameFinished) for e in events) == 6
    assert sum(isinstance(e, GameStarted) for e in events) == 6
    moves = [e for e in events if isinstance(e, MovePlayed)]
    assert len(moves) == sum(len(r.moves) for r in t.finished())
    assert isinstance(events[-1], TournamentDone) and not events[-1].cancelled
    summary = Summary.of(t)
    text = report(summary)
    assert "Crosstable" in text and "Standings" in text
    paths = write_results(summary, str(tmp_path / "res"))
    data = json.loads(paths[0].read_text())
    assert len(data["games"]) == 6 and data["games"][0]["number"] == 1
    assert {s["player"] for s in data["standings"]} == {"level-1", "level-2", "level-3"}
    rows = list(csv.DictReader(paths[1].open()))
    assert len(rows) == 6 and rows[0]["first"] == data["games"][0]["players"][0]
    assert len(list(csv.DictReader(paths[2].open()))) == 3


def reported_summary(**changes) -> Summary:
    """A stopped tournament with everything the report can say: a time and a clock, games from the
    log, a draw, two forfeits and a void game (tests/test_ui_tournament.py reads it too)."""
    ids = ["level-1", "level-2", "/tmp/bots/sleeper.py", "gtp:gnugo --mode gtp"]

    def game(first: int, second: int, winner: int | None, reason: str, forfeit: bool = False) -> GameResult:
        return GameResult("tictactoe", {}, [ids[first], ids[second]], ["a1", "b2"], winner, None, reason, forfeit)

    results = [game(0, 1, 0, "X has 3 in a row"), game(1, 0, None, "Draw"),
               game(0, 2, 0, "O forfeits: /tmp/bots/sleeper.py exceeded the time limit (0.31 s > 0.2 s); "
                             "process stopped", True),
               game(2, 1, 1, "X forfeits: /tmp/bots/sleeper.py crashed: ZeroDivisionError: division by zero", True),
               game(3, 0, None, "void: the referee failed: boom"), game(1, 3, 1, "O has 3 in a row")]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 2, 1, 12.345, True, standings(ids, results), results,
                      list(range(1, 7)), clock="5m+2s", resumed=1)
    for name, value in changes.items():
        setattr(summary, name, value)
    return summary


REPORT = """\
Tic-tac-toe round robin: 4 players, 5 games, 0.5 s/move, clock 5m+2s, jobs 2, 12.3 s (and 1 game void) (1 game from the log) (stopped early: 5 of 12 games)

Crosstable (the row's points against the column, of their games: "1½ of 2" = 1½ points in 2 games; an empty cell: not played yet):
                                  1        2        3        4
 1. level-1                       –  1½ of 2            1 of 1
 2. level-2                  ½ of 2        –   0 of 1   1 of 1
 3. gtp:gnugo --mode gtp              1 of 1        –
 4. sleeper.py               0 of 1   0 of 1                 –

Standings (Elo: mean 0, 95% interval):
 #  player                  points  games    W    D    L  forf   score   Elo (95%)
 1  level-1                     2½      3    2    1    0     0   83.3%   –
 2  level-2                     1½      4    1    1    2     0   37.5%   –
 3  gtp:gnugo --mode gtp         1      1    1    0    0     0  100.0%   –
 4  sleeper.py                   0      2    0    0    2     2    0.0%   –
Points: a win is 1, a draw is half a point, a loss 0 (W, D, L: wins, draws, losses).
Not all have played as many games: a row's points are of the games it has played, and rank as the final standings would.
No ratings: they need 8 games played each, and none plays more than 6 here. More games per pair give them.

Forfeits:
  sleeper.py, 1 game (3): exceeded the time limit (0.31 s > 0.2 s); process stopped
  sleeper.py, 1 game (4): crashed: ZeroDivisionError: division by zero

1 game void, not counted (our side failed, not the players):
  game 5: void: the referee failed: boom"""


def test_the_command_lines_report_reads_as_it_always_has(tmp_path):
    """The report took words from the window's language (ui.words.ReportWords) for its FILE.txt:
    the command line's, printed and written, is the same English to the byte."""
    from ai.commands.tournament import report, write_results

    assert report(reported_summary()) == REPORT
    assert write_results(reported_summary(), str(tmp_path / "res"))[3].read_text(encoding="utf-8") == REPORT + "\n"
    other = report(reported_summary(time_per_move=None, clock=None, cluster="local", resumed=3, cancelled=False))
    assert other.splitlines()[0] == ("Tic-tac-toe round robin: 4 players, 5 games, no time limit, Dask local, 12.3 s "
                                     "(and 1 game void) (3 games from the log)")


@pytest.mark.parametrize(("changes", "title_notes", "head_notes"), [
    ({}, " (and 1 game void) (stopped early: 5 of 12 games)",
     " (and 1 game void) (1 game from the log) (stopped early: 5 of 12 games)"),
    ({"cancelled": False}, " (and 1 game void)", " (and 1 game void) (1 game from the log)"),
    ({"cancelled": False, "resumed": 0, "results": [], "standings": []}, "", ""),
])
def test_the_page_title_says_the_headings_notes_but_the_games_from_the_log(changes, title_notes, head_notes):
    """The page's title and the report's heading add the same notes after their games (one
    helper says them for both); the games a resume took from the log are the heading's and the
    small line's under the title, never the title's."""
    from ai.commands.tournament import page_title, report_head, run_line

    summary = reported_summary(**changes)
    games = f"{len(summary.results) - summary.void} games"
    assert page_title(summary) == f"Tic-tac-toe round robin: 4 players, {games}, 0.5 s/move, clock 5m+2s{title_notes}"
    assert report_head(summary) == (f"Tic-tac-toe round robin: 4 players, {games}, 0.5 s/move, clock 5m+2s, jobs 2, "
                                    f"12.3 s{head_notes}")
    assert run_line(summary) == "Run with jobs 2 in 12.3 s" + (" (1 game from the log)" if summary.resumed else "")


def test_the_report_names_the_rules_a_class_played_under_when_they_are_not_the_usual_ones(tmp_path):
    """A course page of a 4x4 three-in-a-row league said "Tic-tac-toe round robin" alone, as for
    3x3: the text, Markdown and HTML now name the rules after the game where any is unusual, in
    the window's words in its report; a league at the usual rules reads as it always has."""
    from ai.commands.tournament import report, write_results
    from ui.words import ReportWords

    four = reported_summary(options={"width": 4, "height": 4, "k": 3})
    head = "Tic-tac-toe (width=4, height=4, k=3) round robin: 4 players, 5 games, "
    assert report(four).startswith(head)
    paths = write_results(four, str(tmp_path / "four"))
    for suffix in (".md", ".html", ".txt"):
        assert head in next(p for p in paths if p.suffix == suffix).read_text(encoding="utf-8"), suffix
    window = report(four, ReportWords())
    assert window.startswith("Tic-tac-toe (Width: 4 · Height: 4 · In a row to win: 3) round robin: "), window
    usual = reported_summary(options={"width": 3, "height": 3, "k": 3})
    assert report(usual).startswith("Tic-tac-toe round robin: 4 players")


def test_a_league_long_enough_for_ratings_says_why_a_player_has_none_yet():
    """Under 8 games a rating reads "–" (ai.tournament_standings.MIN_RATED_GAMES, as the window's); in a
    league that gives each player 8 or more, stopped early, the line under the standings says
    ratings come from 8 games, not that the league gives too few."""
    from ai.commands.tournament import report

    text = report(reported_summary(games_per_pair=2))  # 12 games each, none played 8
    assert "Elo from 8 games on: fewer give an interval too wide to mean anything (\"–\")." in text
    assert "No ratings" not in text


def test_forfeits_are_listed_once_per_player_and_reason_and_every_game_stays_in_the_files(tmp_path):
    """A bot that crashed in every game of a league printed one line per game, each with its own
    log: 40 lines of the same words hid the others.  The report now groups them by player and
    reason (a reason's seconds and its log differ from game to game), with the count, the games'
    numbers and the logs; FILE.json and FILE.csv keep each game's own reason."""
    from ai.commands.tournament import report, write_results

    ids = ["level-1", "/tmp/bots/loop.py", "/tmp/bots/a.py", "/tmp/bots/b.py"]
    results, numbers = [], []
    for n in range(1, 41):
        pair, loop_side = ([ids[0], ids[1]], 1) if n % 2 else ([ids[1], ids[0]], 0)
        why = f"exceeded the time limit ({1 + n / 100:.2f} s > 0.5 s); process stopped; log: /tmp/logs/loop-{n}.log"
        results.append(GameResult("tictactoe", {}, pair, [], 1 - loop_side, None,
                                  f"{'XO'[loop_side]} forfeits: {ids[1]} {why}", True))
        numbers.append(n)
    results.append(GameResult("tictactoe", {}, [ids[0], ids[1]], [], 0, None,
                              "O forfeits: /tmp/bots/loop.py crashed: MemoryError: the bot ran out of memory", True))
    results.append(GameResult("tictactoe", {}, [ids[2], ids[3]], [], None, None,
                              "double forfeit: neither player could be started", True))
    numbers += [41, 42]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results, numbers)
    forfeits = report(summary).split("Forfeits:\n", 1)[1].splitlines()
    assert forfeits == [
        "  loop.py, 40 games (1-40): exceeded the time limit (1.01 s > 0.5 s); process stopped (figures from game 1); "
        "logs: /tmp/logs/loop-1.log and 39 more",
        "  loop.py, 1 game (41): crashed: MemoryError: the bot ran out of memory",
        "  a.py - b.py, 1 game (42): double forfeit: neither player could be started",
    ]
    paths = write_results(summary, str(tmp_path / "res"))
    rows = list(csv.DictReader(paths[1].open()))
    # FILE.csv names the bot as the tables do (ai.reason_names), its figures and log its own still
    assert [r["reason"] for r in rows] == [r.reason.replace(f"forfeits: {ids[1]} ", "forfeits: loop.py ")
                                           for r in results]
    assert [g["reason"] for g in json.loads(paths[0].read_text())["games"]] == [r.reason for r in results]


def test_a_players_forfeit_lines_come_together():
    """A bot that forfeits for two reasons has two lines; they were listed in the order of their
    games, between other players' lines, so a teacher had to hunt for one student's faults.  Each
    player's lines now come together, in the order of its first forfeit."""
    from ai.commands.tournament import report

    ids = ["level-1", "/tmp/bots/carla.py", "/tmp/bots/eva.py"]
    results = [GameResult("tictactoe", {}, [ids[0], ids[1]], [], 0, None,
                          "O forfeits: /tmp/bots/carla.py played an illegal move a1: a1 is already taken", True),
               GameResult("tictactoe", {}, [ids[0], ids[2]], [], 0, None,
                          "O forfeits: /tmp/bots/eva.py crashed: KeyError: 3", True),
               GameResult("tictactoe", {}, [ids[0], ids[1]], [], 0, None,
                          "O forfeits: /tmp/bots/carla.py crashed: KeyError: 2", True),
               GameResult("tictactoe", {}, [ids[0], ids[2]], [], 0, None,
                          "O forfeits: /tmp/bots/eva.py crashed: KeyError: 3", True)]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results, [1, 2, 3, 4])
    forfeits = report(summary).split("Forfeits:\n", 1)[1].splitlines()
    assert forfeits == ["  carla.py, 1 game (1): played an illegal move a1: a1 is already taken",
                        "  carla.py, 1 game (3): crashed: KeyError: 2",
                        "  eva.py, 2 games (2, 4): crashed: KeyError: 3"]


def test_a_bots_illegal_moves_of_one_kind_are_one_forfeit_line():
    """A Rastros bot returning a visited square had a line per game, each with its square and the
    position's legal moves: 12 lines of one fault in a class league.  Squares and legal moves
    no longer part a group; another kind of answer (not a move at all) still does."""
    from ai.commands.tournament import report

    ids = ["level-1", "/tmp/bots/carla.py"]
    said = ["played an illegal move 12 (2-5): 2-5 was already visited; legal: 1-3, 1-5, 2-3, 2-4",
            "played an illegal move 19 (3-4): 3-4 was already visited; legal: 1-3, 1-4, 2-5, 3-3, 3-5",
            "played an illegal move None: choose returned None, not a move (a path of it without a return?)",
            "played an illegal move 29 (4-6): 4-6 was already visited; legal: 4-4, 5-4, 6-4"]
    results = [GameResult("rastros", {}, ids, [], 0, None, f"North forfeits: {ids[1]} {why}; log: /t/{n}.log", True)
               for n, why in enumerate(said, 1)]
    summary = Summary("rastros", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results, [1, 2, 3, 4])
    assert report(summary).split("Forfeits:\n", 1)[1].splitlines() == [
        f"  carla.py, 3 games (1-2, 4): {said[0]} (figures from game 1); logs: /t/1.log and 2 more",
        f"  carla.py, 1 game (3): {said[2]}; log: /t/3.log"]


def test_a_file_that_could_not_be_loaded_names_its_one_log_once():
    """A student's file with a syntax error forfeited 42 games, each naming the one log written
    when it failed to load: the report said "logs: PATH and 41 more", and the teacher looked
    for 41 logs that were never written."""
    from ai.commands.tournament import report

    ids = ["level-1", "/tmp/bots/ursula.py"]
    why = "could not be started: SyntaxError: expected ':' (at ursula.py line 1); log: /tmp/logs/ursula.log"
    results = [GameResult("tictactoe", {}, pair, [], side, None, f"{'OX'[side]} forfeits: {ids[1]} {why}", True)
               for pair, side in ((ids, 0), (ids[::-1], 1), (ids, 0))]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results, [1, 2, 3])
    assert report(summary).split("Forfeits:\n", 1)[1].splitlines() == [
        "  ursula.py, 3 games (1-3): could not be started: SyntaxError: expected ':' (at ursula.py line 1); "
        "log: /tmp/logs/ursula.log"]


def test_late_moves_stopped_on_different_lines_are_one_forfeit_line():
    """Each time-out names the line the bot was stopped on, and its first move's a hint: they are
    still one fault, listed once with the first game's words."""
    from ai.commands.tournament import report

    ids = ["level-1", "/tmp/bots/loop.py"]
    results = []
    for n, line in enumerate((3, 4, 3), 1):
        hint = ". It was its first move: set-up work done inside the move (reading files, building tables) counts " \
               "on the move's clock, so do it in __init__ or at module level" if n == 1 else ""
        why = f"exceeded the time limit (1.0{n} s > 0.5 s); process stopped; it was running loop.py line {line} (in " \
              f"choose){hint}; log: /tmp/logs/loop-{n}.log"
        results.append(GameResult("tictactoe", {}, ids, [], 0, None, f"O forfeits: {ids[1]} {why}", True))
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, True, standings(ids, results), results, [1, 2, 3])
    forfeits = report(summary).split("Forfeits:\n", 1)[1].splitlines()
    assert len(forfeits) == 1 and forfeits[0].startswith(
        "  loop.py, 3 games (1-3): exceeded the time limit (1.01 s > 0.5 s); process stopped; it was running loop.py "
        "line 3 (in choose). It was its first move:"), forfeits
    assert forfeits[0].endswith("; logs: /tmp/logs/loop-1.log and 2 more")


def test_a_forfeit_list_of_scattered_games_names_a_dozen_runs_then_an_ellipsis():
    from ai.commands.tournament import number_runs

    assert number_runs([9, 1, 2, 3, 5]) == "1-3, 5, 9"
    assert number_runs(list(range(1, 60, 2)), 12) == ", ".join(str(n) for n in range(1, 24, 2)) + ", ..."


def test_void_games_are_counted_apart_and_written_without_a_result(tmp_path):
    """A void game (a worker died) was listed under "Forfeits:", counted in the head's games and
    written in FILE.csv as a draw (1/2-1/2, 0.5 each) while the standings left it out."""
    from ai.commands.tournament import game_numbers, report, write_results

    summary = reported_summary(resume_with="results/cc")
    void = GameResult("tictactoe", {}, summary.players[:2], reason="void: a worker process died")
    summary.results += [void, void, void]
    summary.numbers += [7, 8, 10]
    text = report(summary)
    assert text.splitlines()[0].startswith("Tic-tac-toe round robin: 4 players, 5 games, ")
    assert "(and 4 games void)" in text.splitlines()[0]
    assert text.endswith("\n\n4 games void, not counted (our side failed, not the players): --resume results/cc "
                         "plays them:\n  game 5: void: the referee failed: boom\n"
                         "  games 7-8, 10: void: a worker process died")
    assert "void" not in text.split("Forfeits:")[1].split("\n\n")[0]
    assert game_numbers([9, 3, 10, 11, 5]) == "games 3, 5, 9-11"
    rows = {row["number"]: row for row in csv.DictReader(write_results(summary, str(tmp_path / "res"))[1].open())}
    for number in ("5", "7", "10"):
        assert (rows[number]["result"], rows[number]["points_first"], rows[number]["points_second"]) == ("void", "", "")
    assert (rows["2"]["result"], rows["2"]["points_first"]) == ("1/2-1/2", "0.5")  # a draw is still one
    data = json.loads(write_results(summary, str(tmp_path / "res"))[0].read_text())
    assert (data["void"], data["total"]) == (4, 12)


def test_the_live_file_says_the_league_is_in_progress_and_the_final_one_does_not(tmp_path, monkeypatch):
    """FILE.txt rewritten mid-run read "2 players, 2 games" with no sign the league went on."""
    from ai.commands import tournament as command

    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, time_per_move=0.1)
    for g in t.schedule[:2]:
        t.results[g.number] = result(*t.ids_of(g), 0)
    monkeypatch.setattr(command, "LIVE_EVERY", 0.0)
    command._LiveReport(t, str(tmp_path / "league")).update()
    live = (tmp_path / "league.txt").read_text().splitlines()
    assert live[0].startswith("Tic-tac-toe round robin: 2 players, 2 games")
    assert live[0].endswith(" (in progress: 2 of 4 games)")
    final = command.write_results(Summary.of(t), str(tmp_path / "league"))[3].read_text().splitlines()
    assert final[0] == live[0].removesuffix(" (in progress: 2 of 4 games)") and final[1:] == live[1:]


def test_bad_bots_lose_with_reasons_and_the_tournament_goes_on():
    """Two worker processes; the hung bot is killed at the limit, the others fail their own way."""
    ids = ["level-1", str(BOTS / "sleeper.py"), str(BOTS / "raiser.py"), str(BOTS / "illegal.py")]
    t = Tournament("tictactoe", ids, games_per_pair=1, time_per_move=0.2, jobs=2, seed=1)
    results = t.run()
    assert len(results) == 12
    assert not t.cancelled
    for r in results:
        bad = [i for i, pid in enumerate(r.players) if pid != "level-1"]
        if any(r.players[i].endswith(("sleeper.py", "raiser.py")) for i in bad) or r.players[0].endswith(
                "illegal.py") and r.players[1] == "level-1":
            assert r.forfeit, r
    reasons = [r.reason for r in results if r.forfeit]
    assert any("sleeper.py exceeded the time limit" in x for x in reasons)
    assert any("raiser.py crashed at move 1: ZeroDivisionError" in x for x in reasons)
    assert any("illegal.py played an illegal move 'a1'" in x for x in reasons)
    table = {s.player: s for s in standings(ids, results)}
    # each bad bot loses every game it has to move in; it wins only when the other bad bot fails first
    assert table[ids[1]].forfeits == 5 and table[ids[2]].forfeits == 5
    assert table["level-1"].forfeits == 0 and table["level-1"].losses == 0


def test_course_rastros_file_in_a_tournament_all_its_players():
    from ai.outside import outside_ids

    ids = outside_ids("rastros", [str(BOTS / "rastros_alunos.py") + ":*", "level-1"])
    assert [i.rsplit(":", 1)[1] for i in ids[:3]] == ["jogador42", "jogador43", "teimoso"]
    t = Tournament("rastros", ids, games_per_pair=1, time_per_move=1.0, jobs=2, seed=5)
    results = t.run()
    assert len(results) == 12
    assert not any(r.forfeit for r in results), [r.reason for r in results if r.forfeit]


def test_a_pattern_in_a_files_path_enters_every_file_it_matches(tmp_path):
    """docs/leagues.md's ``bots/*/jogador.py:*``: the shell leaves the word as it is (no file is
    named with ":*"), so every student forfeited as "no such file bots/*/jogador.py"."""
    from ai.outside import matching_files

    for student in ("rui", "ana"):
        (tmp_path / "bots" / student).mkdir(parents=True)
        (tmp_path / "bots" / student / "jogador.py").write_text((BOTS / "simple_contract.py").read_text())
    pattern = str(tmp_path / "bots" / "*" / "jogador.py")
    assert matching_files(pattern + ":*") == [str(tmp_path / "bots" / s / "jogador.py") + ":*" for s in ("ana", "rui")]
    with pytest.raises(ValueError, match="no file matches the pattern .*none/\\*.py"):  # was: a made-up player
        matching_files(str(tmp_path / "none" / "*.py"))
    assert matching_files("gtp:prog --level [3]") == ["gtp:prog --level [3]"]
    literal = tmp_path / "old[1]" / "jogador.py"  # a folder named with brackets: that file, not old1's
    literal.parent.mkdir()
    literal.write_text("")
    (tmp_path / "old1").mkdir()
    (tmp_path / "old1" / "jogador.py").write_text("")
    assert matching_files(f"{literal}:*") == [f"{literal}:*"]
    proc = tictactoe_tournament(pattern + ":*", "level-1",
                                "--games", "1", "--time", "0.2", "--jobs", "1", "--seed", "2", "--out", str(tmp_path / "league"))
    assert proc.returncode == 0, proc.stderr
    assert "6/6 games" in proc.stderr and "forfeit" not in proc.stderr.lower(), proc.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl+C is a POSIX signal here")
def test_ctrl_c_while_a_file_loads_stops_the_command_at_once(tmp_path):
    """Ctrl+C during the loading of the outside files waited for the file still loading (its load
    limit, 15 s): the thread pool's threads are joined at exit.  Here the file's load takes ten
    minutes and its limit is longer: a command that waited for it is still running when the two
    minutes it is given are over, however slow the machine."""
    import signal

    slow = tmp_path / "slow.py"
    slow.write_text("import time\ntime.sleep(600)\n\ndef choose(game, state):\n    return state.legal_moves()[0]\n")
    logs = tmp_path / "logs"
    with_a_long_load_limit = ("import runpy, sys, ai.outside\nai.outside.LOAD_TIME = 1200.0\n"
                              "sys.argv[0] = 'main.py'\nrunpy.run_path('main.py', run_name='__main__')\n")
    proc = subprocess.Popen([sys.executable, "-c", with_a_long_load_limit, "tournament", "tictactoe", str(slow),
                             "level-1", "--games", "1", "--time", "0.1"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "TABULEIRO_BOT_LOGS": str(logs)})
    end = time.monotonic() + 120
    while time.monotonic() < end and not list(logs.glob("*slow*")):  # the bot's process has started loading
        time.sleep(0.05)
    assert list(logs.glob("*slow*")), "the file never began to load"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("it waited for the file's load")
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "stopped while the players were loading: no game was played", err


CACHING_BOT = """import os, random, tempfile, time

with open(os.path.join(tempfile.gettempdir(), "cache.bin"), "wb") as f:  # a student's cache
    f.write(b"x" * 1024 * 1024)


def choose(game, state):
    time.sleep(0.05)
    return random.choice(state.legal_moves())
"""


def tictactoe_tournament(*args: str) -> subprocess.CompletedProcess:
    """``main.py tournament tictactoe ARGS`` run to its end from the repo's root, its output kept."""
    return subprocess.run([sys.executable, "main.py", "tournament", "tictactoe", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def _processes_with(tmpdir: Path) -> list[int]:
    """pids of live processes whose TMPDIR is ``tmpdir`` or inside it: the command's workers, and
    bots (whose TMPDIR is their folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                environ = (entry / "environ").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(v == b"TMPDIR=" + bytes(tmpdir) or v.startswith(b"TMPDIR=" + bytes(tmpdir) + b"/")
                   for v in environ):
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(sys.platform == "win32" or not Path("/proc").is_dir(),
                    reason="Ctrl+C is a POSIX signal here; processes are found in /proc")
def test_ctrl_c_on_a_league_in_worker_processes_leaves_no_bot_folder_or_process(tmp_path):
    """Ctrl+C on ``--jobs 2`` left the bots' temporary folders (and what they wrote there, a 1 MB
    cache) every time: the workers were killed outright, so their bots' clean-up never ran."""
    import signal

    for student in ("ana", "rui"):
        (tmp_path / "bots" / student).mkdir(parents=True)
        (tmp_path / "bots" / student / "jogador.py").write_text(CACHING_BOT)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    out = tmp_path / "league"
    proc = subprocess.Popen(
        [sys.executable, "main.py", "tournament", "tictactoe", str(tmp_path / "bots" / "*" / "jogador.py") + ":*",
         "level-1", "--games", "20", "--time", "0.3", "--jobs", "2", "--out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "TMPDIR": str(tmpdir), "TABULEIRO_BOT_LOGS": str(tmp_path / "logs")})
    log = out.with_name("league.jsonl")
    end = time.monotonic() + 60
    while time.monotonic() < end and proc.poll() is None and (
            not log.exists() or len(log.read_text().splitlines()) < 3):  # the header and two games
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl+C: to the whole process group
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "stopped" in err and out.with_name("league.json").exists()
    league = json.loads(out.with_name("league.json").read_text())
    assert len(league["games"]) < league["total"], "it played the league out"
    end = time.monotonic() + 30
    while time.monotonic() < end and _processes_with(tmpdir):
        time.sleep(0.1)
    assert not _processes_with(tmpdir)
    assert not [str(p.relative_to(tmpdir)) for p in tmpdir.rglob("tabuleiro-*")]


def _workers_of(pid: int) -> list[int]:
    """pids of the worker processes (multiprocessing's spawn) that process ``pid`` started."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) if entry.name.isdigit() else 0
            if ppid == pid and b"spawn_main" in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


@pytest.mark.skipif(sys.platform == "win32" or not Path("/proc").is_dir(), reason="workers found in /proc")
def test_a_league_whose_workers_died_says_its_void_games_and_fails(tmp_path):
    """The workers died (the terminal's SIGINT reached them then, the command, in the background,
    ignoring it): it ended with status 0, "56 games" in its head and every game left listed as a
    forfeit "void: a worker process died", although --resume had them all to play.  The workers
    now leave Ctrl+C to the command; here they are killed."""
    from tests.reap_helpers import descendants

    out = tmp_path / "league"
    args = [sys.executable, "main.py", "tournament", "tictactoe", "level-1", "level-2", "level-3", "--games", "40",
            "--time", "0.05", "--jobs", "2", "--seed", "1", "--out", str(out)]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    log = out.with_name("league.jsonl")
    end = time.monotonic() + 60
    while time.monotonic() < end and proc.poll() is None and (not log.exists() or len(log.read_text().splitlines()) < 3):
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    for worker in descendants(_workers_of(proc.pid), proc.pid):  # the workers end; the command goes on
        worker.kill()  # through its pidfd: a pid listed may have been reaped (and reused) since
        worker.close()
    text, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    played = len(log.read_text().splitlines()) - 1
    void = 240 - played
    head = text.splitlines()[0]
    voids = f"{void} game void" if void == 1 else f"{void} games void"  # most workers may finish first
    assert f"3 players, {played} games, " in head and f"(and {voids})" in head, head
    assert (f"{voids}, not counted (our side failed, not the players): --resume {out} plays them:\n"
            f"  game") in text
    forfeits = text.split("Forfeits:", 1)[1].split("\n\n", 1)[0] if "Forfeits:" in text else ""
    assert "void" not in forfeits and "died" not in forfeits, forfeits  # (a loaded machine may flag a move late)
    data = json.loads(out.with_name("league.json").read_text())
    assert (data["void"], data["total"]) == (void, 240)
    again = subprocess.run(args[:-2] + ["--resume", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert f"resuming {log}: {played} of 240 games already played" in again.stderr
    assert "void" not in again.stdout


def test_cli_tournament_prints_tables_and_writes_files(tmp_path):
    out = tmp_path / "cli"
    proc = tictactoe_tournament("level-1", "level-2", str(BOTS / "simple_contract.py"),
                                "--games", "1", "--time", "0.2", "--jobs", "1", "--seed", "2", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "Standings" in proc.stdout and "Crosstable" in proc.stdout
    assert "6/6 games" in proc.stderr  # the progress bar's last line
    assert (tmp_path / "cli.json").exists() and (tmp_path / "cli.csv").exists()
    assert (tmp_path / "cli-standings.csv").exists()


class _Terminal(io.StringIO):
    """A stream that says it is a terminal, as the progress bar's stderr is in a shell."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bar_gives_no_time_left_before_a_game_has_ended():
    """Until this run's first game ended the bar said "eta 0s", through a whole first game at the
    default second a move, as if the tournament were about to end; it says "?" then, and a time
    once a game tells the rate of play (a resumed league's games before it do not)."""
    from ai.commands.tournament import ProgressBar

    started = ProgressBar(12, stream=_Terminal())
    assert re.search(r"eta +\?", started.line(0)) and not re.search(r"eta +0s", started.line(0))
    resumed = ProgressBar(12, stream=_Terminal(), already=4)
    assert re.search(r"eta +\?", resumed.line(4))
    assert re.search(r"eta +\d+s", resumed.line(5)) and re.search(r"eta +\d+s", started.line(1))
    assert re.search(r"eta +0s", started.line(12))  # ended: nothing left
    assert re.search(r"eta +0s", ProgressBar(12, already=12).line(12))  # a league resumed with every game played


def test_the_progress_bar_writes_a_draw_as_the_windows_latest_results_do():
    """The bar's last game read "Level 1 - Level 2 draw" where the window's latest results write
    "Level 1 - Level 2  ½-½"; a win stays "1-0"."""
    from ai.commands.tournament import ProgressBar

    bar = ProgressBar(2, stream=_Terminal(), names={"level-1": "Level 1", "level-2": "Level 2"})
    bar.update(1, result("level-1", "level-2", None))
    assert "| Level 1 - Level 2 ½-½" in bar.stream.getvalue()
    bar.update(2, result("level-2", "level-1", 0))
    assert "| Level 2 - Level 1 1-0" in bar.stream.getvalue()


def test_a_python_bot_that_returns_resign_loses_by_resignation_in_a_tournament(tmp_path):
    """A bot's ``return "resign"`` was an illegal move: two forfeits in the standings' forf column
    and the Forfeits list.  Now, as a GTP engine's resign: a loss at its move in the results, the
    crosstable and the games written, and no forfeit."""
    out = tmp_path / "quits"
    proc = tictactoe_tournament("level-1", str(BOTS / "resigner.py"),
                                "--games", "1", "--time", "0.5", "--jobs", "1", "--seed", "1", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "Forfeits:" not in proc.stdout, proc.stdout
    row = next(line.split() for line in proc.stdout.splitlines() if line.strip().startswith("2  resigner"))
    assert row[2:9] == ["0", "2", "0", "0", "2", "0", "0.0%"], row  # points, games, W, D, L, forf, score
    assert re.search(r"1\. Level 1 +– +2 of 2", proc.stdout), proc.stdout  # the crosstable
    games_played = json.loads(out.with_suffix(".json").read_text())["games"]
    # its second move: the game's 3rd as X, its 4th as O
    assert sorted((g["reason"], g["forfeit"]) for g in games_played) == [("O resigns at move 4", False),
                                                                          ("X resigns at move 3", False)]
    with open(out.with_suffix(".csv"), newline="", encoding="utf-8") as rows:
        assert sorted(r["reason"] for r in csv.DictReader(rows)) == ["O resigns at move 4", "X resigns at move 3"]
    logged = [json.loads(line) for line in out.with_suffix(".jsonl").read_text().splitlines() if line.strip()]
    assert sorted(entry["result"]["reason"] for entry in logged if "result" in entry) == ["O resigns at move 4",
                                                                                   "X resigns at move 3"]


def test_the_command_lines_report_names_built_in_players_as_the_window_does(tmp_path):
    """The report said "level-2" and "tictactoe:aima" where the window's tournament screen says
    "Level 2" and "AIMA": the tables, the standings CSV's names and the progress bar now name them
    so; the ids stay in the files' id columns, which a script reads."""
    out = tmp_path / "named"
    proc = tictactoe_tournament("level-1", "level-2", "tictactoe:aima",
                                "--games", "1", "--time", "0.05", "--seed", "1", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    standings_part = proc.stdout.split("Standings")[1]
    for name in ("Level 1", "Level 2", "AIMA"):
        assert f"  {name}  " in standings_part and f". {name}  " in proc.stdout  # standings, crosstable
    assert "level-1" not in proc.stdout.split("wrote")[0] and "tictactoe:aima" not in proc.stdout.split("wrote")[0]
    rows = list(csv.DictReader((tmp_path / "named-standings.csv").open(encoding="utf-8")))
    assert {(row["player"], row["name"]) for row in rows} == {
        ("level-1", "Level 1"), ("level-2", "Level 2"), ("tictactoe:aima", "AIMA")}


def test_a_league_whose_bots_left_no_log_leaves_no_empty_logs_folder(tmp_path):
    """The bots' logs go to FILE.bots beside the results; a league whose bots all played well (a
    bot's log is kept only when it failed) left an empty FILE.bots next to the teacher's results.
    It is removed at the end (a quiet bot's logs are removed as it ends); a FILE.bots holding a
    log stays (the forfeit names it)."""
    out = tmp_path / "cli"
    proc = tictactoe_tournament("level-1", str(BOTS / "timed_contract.py"),
                                "--games", "1", "--time", "0.2", "--jobs", "1", "--seed", "2", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "cli.jsonl").exists() and sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == []
    failing = tmp_path / "aluno.py"
    failing.write_text("import sys\n\ndef choose(game, state):\n    print('stuck', file=sys.stderr)\n"
                       "    raise RuntimeError('no move')\n")
    t = Tournament("tictactoe", ["level-1", str(failing)], games_per_pair=1, time_per_move=5,
                   log=str(tmp_path / "league.jsonl"))
    t.run()
    assert {p.suffix for p in (tmp_path / "league.bots").iterdir()} == {".log"}


def test_tournament_cancel_from_another_thread():
    """A stop from another thread ends a running tournament with the games played so far.  Its
    10,000 games take over a minute: 100 (0.8 s in all) were sometimes over before a test on a
    loaded machine got to cancel them."""
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=5000, time_per_move=0.1, jobs=1,
                   in_process=False)
    t.start()
    import time

    deadline = time.time() + 30
    while len(t.results) < 2 and time.time() < deadline:
        t.poll()
        time.sleep(0.05)
    t.cancel()
    t._thread.join(timeout=60)
    assert not t.is_running()
    assert t.cancelled and 2 <= len(t.results) < 10000


def _processes_in(folder: Path) -> list[int]:
    """pids of processes whose working directory is ``folder`` (outside players run there)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if Path(entry / "cwd").resolve() == folder.resolve():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.skipif(not Path("/proc/self/cwd").exists(), reason="needs /proc to find the bot's process")
def test_cancel_leaves_no_hung_bot_behind(tmp_path, monkeypatch):
    """Nor its folder: the workers were killed outright, so their bots' folders stayed."""
    import shutil
    import tempfile
    import time

    from ai.tournament_events import GameStarted

    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmpdir))  # the workers'
    monkeypatch.setattr(tempfile, "tempdir", str(tmpdir))  # this process's
    bot = tmp_path / "sleeper.py"
    shutil.copy(BOTS / "sleeper.py", bot)
    t = Tournament("tictactoe", ["level-1", str(bot)], games_per_pair=1, time_per_move=60, jobs=1,
                   in_process=False)
    t.start()
    deadline = time.time() + 30
    started = False
    while time.time() < deadline and not started:
        started = any(isinstance(e, GameStarted) for e in t.poll())
        time.sleep(0.05)
    while time.time() < deadline and not _processes_in(tmp_path):
        time.sleep(0.05)
    assert _processes_in(tmp_path), "the bot's process never started"
    t.cancel()
    t._thread.join(timeout=60)
    deadline = time.time() + 30
    while time.time() < deadline and _processes_in(tmp_path):
        time.sleep(0.1)
    assert not _processes_in(tmp_path)
    assert not list(tmpdir.iterdir())


def test_tournament_screen_runs_a_small_tournament_headless(tmp_path):
    """The screen drives a real tournament (worker process), fills its tables, draws and saves."""
    import time

    import pygame

    from ui.scenes.tournament import TournamentScene

    pygame.init()
    surface = pygame.Surface((1100, 700))

    class App:  # the little the screen asks of the window
        def __init__(self):
            self.left = False

        def show_menu(self):
            self.left = True

    app = App()
    replayed = []
    scene = TournamentScene(app, "tictactoe", on_replay=replayed.append)
    scene.save_folder = tmp_path
    scene.draw(surface)
    scene.selected = {"level-1", "level-2"}
    # 1 game each way, 0.1 s, 1 process; not watched: the tables tell each result as it comes
    scene.games_index, scene.time_index, scene.jobs, scene.watch = 0, 0, 1, False
    openings_button = next(b for b in scene.buttons if b.label.startswith("Random opening moves"))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=openings_button.rect.center))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=openings_button.rect.center))
    scene.draw(surface)
    assert openings_button.label == "Random opening moves: 2"
    scene._start()
    deadline = time.time() + 60
    while scene.running and time.time() < deadline:
        scene.update(0.02)
        time.sleep(0.02)
    scene.update(0.02)
    scene.draw(surface)
    assert len(scene.tournament.results) == 2
    first, second = (r.moves for r in scene.tournament.finished())
    assert len(scene.tournament.openings[0]) == 2 and first[:2] == second[:2] == list(scene.tournament.openings[0])
    assert {s.player for s in scene.table} == {"level-1", "level-2"} and sum(s.games for s in scene.table) == 4
    scene._save()
    assert scene.saved and scene.saved[0].exists() and scene.saved[0].parent == tmp_path
    shown_first = scene.watching  # the game on the board (watched move by move, or the last to finish)
    # click the other game: its final position, then replay it
    rect, number, _line = next(shown for shown in scene._recent_rects if shown[1] != shown_first)
    assert number != shown_first
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))  # a result acts as the press ends
    scene.draw(surface)
    assert scene.watching == number
    assert scene.live[number]["state"] == scene.game.play_line(scene.tournament.results[number].moves)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    assert len(replayed) == 1 and replayed[0].moves == scene.tournament.results[number].moves
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.left


def test_tournament_screen_in_the_window(tmp_path, monkeypatch):
    """From the main menu's Tournament entry: a tournament with an outside player, the replay of a
    game and back, then Esc to the menu -- with no error caught by the window."""
    import time

    import pygame

    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    from ui.app import App
    from ui.scenes.tournament import TournamentScene

    app = App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
    try:
        app.scene.tournament()
        app.run_frames(2)
        scene = app.scene
        assert isinstance(scene, TournamentScene)
        while scene.game_id != "tictactoe":
            scene._cycle_game(1)
        scene.entry.text = str(BOTS / "simple_contract.py")
        scene._add_outside()
        assert app.run_frames(400, until=lambda: bool(scene.outside.get("tictactoe")), timeout=30)
        outside_id = scene.outside["tictactoe"][0][0]
        assert app.settings.outside_players == [outside_id]  # remembered for next time
        scene.selected = {"level-1", outside_id}
        scene.games_index, scene.time_index, scene.jobs, scene.watch = 0, 0, 1, False  # results listed as they come
        scene._start()
        assert app.run_frames(400, until=lambda: scene.tournament is not None, timeout=60)  # its player loaded
        deadline = time.time() + 180  # a safety net, not a speed test: a loaded machine is slow
        while scene.running and time.time() < deadline:
            app.frame()
        app.run_frames(2)
        assert len(scene.tournament.results) == 2
        rect, _number, _line = scene._recent_rects[0]
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, button=1, pos=rect.center))
        app.run_frames(2)
        scene._replay()
        app.run_frames(2)
        assert type(app.scene).__name__ == "ReplayScene"
        app.scene.on_back()
        app.run_frames(2)
        assert app.scene is scene
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.run_frames(2)
        assert type(app.scene).__name__ == "MenuScene"
        assert not app.errors, app.errors[0]
    finally:
        app.quit()


def test_the_finished_message_says_how_long_in_words_a_player_reads():
    from ui.scenes.tournament_run import finished_text

    assert finished_text(0.4) == "Tournament finished in under a second"
    assert finished_text(42.4) == "Tournament finished in 42 s"
    assert finished_text(205.0) == "Tournament finished in 3:25"
    assert finished_text(3725.0) == "Tournament finished in 1:02:05"


@pytest.mark.skipif(sys.platform == "win32" or not Path("/proc").is_dir(),
                    reason="SIGTERM and SIGHUP are POSIX; processes are found in /proc")
@pytest.mark.parametrize(("signame", "background"), [("SIGTERM", False), ("SIGHUP", False), ("SIGTERM", True)])
def test_a_league_ended_by_sigterm_or_sighup_stops_as_on_ctrl_c(tmp_path, signame, background):
    """``timeout`` or a closed terminal ended the command where it stood: its temporary folder stayed.
    ``background``: started as a script's ``... &`` starts it, SIGINT ignored, which then leaves it
    running (docs/leagues.md says so, and to stop it with SIGTERM, as here)."""
    import signal

    def as_in_the_background() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # what a shell that is not interactive does for `&`

    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    out = tmp_path / "league"
    proc = subprocess.Popen(
        [sys.executable, "main.py", "tournament", "tictactoe", "level-1", "level-2", "--games", "400",
         "--time", "0.05", "--jobs", "2", "--out", str(out)],  # long enough to outlast the signals (40 ended first)
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(tmpdir)},
        preexec_fn=as_in_the_background if background else None)
    log = out.with_name("league.jsonl")
    end = time.monotonic() + 60
    while time.monotonic() < end and proc.poll() is None and (
            not log.exists() or len(log.read_text().splitlines()) < 3):
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    if background:
        played = len(log.read_text().splitlines())
        proc.send_signal(signal.SIGINT)  # ignored: the league plays on
        end = time.monotonic() + 60
        while time.monotonic() < end and proc.poll() is None and len(log.read_text().splitlines()) < played + 3:
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
    proc.send_signal(getattr(signal, signame))  # to the command alone, as `timeout` does
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "stopped early" in out.with_name("league.txt").read_text()
    end = time.monotonic() + 30
    while time.monotonic() < end and _processes_with(tmpdir):
        time.sleep(0.1)
    assert not _processes_with(tmpdir)
    assert not list(tmpdir.glob("tabuleiro-*"))


def test_a_report_with_players_level_on_points_says_how_they_are_ranked():
    """16 students, three of them on 33 points, ranked 5, 5, 5 and the next on 30 points ranked 8
    and 9 by forfeits: the report said nothing of why; under the standings it now states the
    tie-breaks, where some players are level on points (the window's FILE.txt in its language)."""
    from ai.commands.tournament import TIE_BREAKS, report
    from ui import words

    ids = ["level-1", "level-2", "level-3", "level-4"]

    def game(first: int, second: int, winner: int | None, forfeit: bool = False) -> GameResult:
        return GameResult("tictactoe", {}, [ids[first], ids[second]], ["a1"], winner, None, "X has 3 in a row", forfeit)

    level = [game(0, 1, 0), game(1, 0, 0), game(2, 3, 0), game(3, 2, 0, forfeit=True)]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, False, standings(ids, level), level, [1, 2, 3, 4])
    text = report(summary)
    assert TIE_BREAKS in text and text.index(TIE_BREAKS) > text.index("Standings")
    apart = [game(0, 1, 0), game(1, 0, 0), game(0, 2, 0), game(2, 3, 0), game(0, 3, 0), game(1, 3, 0)]
    assert TIE_BREAKS not in report(Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 1.0, False, standings(ids, apart),
                                            apart, list(range(1, 7))))
    with words_in("pt"):
        said = report(summary, words.ReportWords())
        assert "Pontos iguais: à frente quem tem mais vitórias" in said and TIE_BREAKS not in said


def test_the_games_csv_names_the_players_as_the_tables_do(tmp_path):
    """FILE.csv, one row per game, had only the players' full ids (/home/prof/turma/ana/jogador.py:choose):
    a teacher filtering a student's games in a spreadsheet had no column saying "ana".  The last two
    columns now name them as the tables do; the ids stay where they were."""
    import csv

    from ai.commands.tournament import write_results

    summary = reported_summary()
    rows = list(csv.DictReader(write_results(summary, str(tmp_path / "res"))[1].open(encoding="utf-8")))
    assert list(rows[0])[:3] == ["number", "first", "second"] and list(rows[0])[-2:] == ["name_first", "name_second"]
    sleeper = next(row for row in rows if row["first"] == "/tmp/bots/sleeper.py")
    assert sleeper["name_first"] == "sleeper.py" == summary.name("/tmp/bots/sleeper.py")
    assert [(row["name_first"], row["name_second"]) for row in rows] == [
        (summary.name(row["first"]), summary.name(row["second"])) for row in rows]


def test_a_second_ctrl_c_while_the_report_is_written_leaves_the_files_written_before(tmp_path, monkeypatch):
    """A teacher pressing Ctrl+C twice: the second came while FILE.txt (then FILE.json, the CSV
    files) was written, and left half of it in place of the whole report; the live FILE.txt
    rewritten every few seconds was half a file for a moment too.  Each is written whole or not at
    all now: the one being written when the interrupt comes keeps what it held."""
    import io

    from ai.commands.tournament import write_results

    base = str(tmp_path / "league")
    paths = write_results(reported_summary(), base)
    before = {path: path.read_bytes() for path in paths}
    opened = io.open

    class HalfThenInterrupted:
        def __init__(self, f) -> None:
            self.f = f

        def write(self, text: str) -> int:
            self.f.write(text[:len(text) // 2])
            self.f.flush()
            raise KeyboardInterrupt

        def __getattr__(self, name: str):
            return getattr(self.f, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None:
            self.f.close()

    def interrupted_open(file, mode="r", *args, **kwargs):
        f = opened(file, mode, *args, **kwargs)
        return HalfThenInterrupted(f) if "w" in mode else f

    monkeypatch.setattr(io, "open", interrupted_open)
    with pytest.raises(KeyboardInterrupt):
        write_results(reported_summary(cancelled=False), base)
    monkeypatch.setattr(io, "open", opened)
    assert {path: path.read_bytes() for path in paths} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(path.name for path in paths)  # no temporary left


# A player that moves only once the file GATE exists: the games with it wait until the test opens it.
GATED_PLAYER = """import os
import time

GATE = {gate!r}


def choose(game, state):
    while not os.path.exists(GATE):
        time.sleep(0.01)
    return state.legal_moves()[0]
"""


def test_a_stopped_league_keeps_each_game_sent_once_and_its_resume_plays_only_the_rest(tmp_path):
    """Stop pressed as games end in two real worker processes: every game whose end they sent is
    kept, once (results, log, events); none is void; the resume plays only the others, so the
    log holds each of the schedule's games exactly once.  The third player moves only once Stop
    is pressed: games of a few milliseconds let the workers play the whole league on a loaded
    machine before this process had read the second end, and nothing was left to stop."""
    from ai.tournament_events import GameFinished
    from ai.tournament_standings import is_void

    log, gate, gated = tmp_path / "league.jsonl", tmp_path / "stop pressed", tmp_path / "gated.py"
    gated.write_text(GATED_PLAYER.format(gate=str(gate)))
    players = ["level-1", "level-2", str(gated)]  # games 1 and 2 without it, then 3 and 4 with it
    t = Tournament("tictactoe", players, games_per_pair=3, time_per_move=30, jobs=2, seed=1, log=str(log))
    finished: list[int] = []

    def on_event(event) -> None:
        if isinstance(event, GameFinished):
            finished.append(event.number)
            if len(finished) == 2:
                t.cancel()
                gate.touch()  # the games that wait on the gated player end as Stop is pressed

    t.run(on_event)
    kept = sorted(t.results)
    assert t.cancelled and sorted(finished) == kept and len(set(finished)) == len(finished)
    assert not any(is_void(r) for r in t.results.values())
    logged = [json.loads(line)["number"] for line in log.read_text().splitlines()[1:]]
    assert sorted(logged) == kept
    again = Tournament("tictactoe", players, games_per_pair=3, time_per_move=30, seed=1, log=str(log), resume=True)
    assert again.resumed == len(kept) and {g.number for g in again.pending()}.isdisjoint(kept)
    again.run()
    logged = [json.loads(line)["number"] for line in log.read_text().splitlines()[1:]]
    assert sorted(logged) == list(range(1, 19))


def test_a_tournaments_bot_logs_stay_beside_its_results(tmp_path, monkeypatch):
    """The bots' logs went to the temporary folder, pruned after a week and on reboot, while the
    league's results stayed: a forfeit named a log that was gone.  They go to FILE.bots beside
    FILE.jsonl now, and the forfeit names that lasting path."""
    monkeypatch.setenv("TABULEIRO_BOT_LOGS", str(tmp_path / "temporary"))
    bot = tmp_path / "aluno.py"
    bot.write_text("import sys\n\ndef choose(game, state):\n    print('where I was', file=sys.stderr)\n"
                   "    raise RuntimeError('no move')\n")
    log = tmp_path / "league.jsonl"
    t = Tournament("tictactoe", ["level-1", str(bot)], games_per_pair=1, time_per_move=5, log=str(log))
    reason = t.run()[0].reason
    kept = Path(reason.rsplit("; log: ", 1)[1])
    assert kept.parent == tmp_path / "league.bots" and "where I was" in kept.read_text()


def markdown_tables(text: str) -> dict[str, list[list[str]]]:
    """The tables of a Markdown report by the heading above each: rows of cells (the header row
    first, the alignment row left out), a cell's escapes undone."""
    import re

    tables: dict[str, list[list[str]]] = {}
    heading = ""
    for line in text.splitlines():
        if line.startswith("## "):
            heading = line[3:]
        elif line.startswith("| ") and not set(line) <= set("|-: "):
            cells = re.split(r"(?<!\\) \| ", line[2:-2])
            tables.setdefault(heading, []).append([re.sub(r"\\(.)", r"\1", cell) for cell in cells])
    return tables


def test_the_report_in_markdown_has_the_standings_and_the_crosstable_for_a_course_page(tmp_path):
    """A teacher pastes the results into a course page or an LMS, which take Markdown tables: the
    files were CSV, JSON and text.  FILE.md has the standings (with the games played) and the
    crosstable as tables, each row a player's; a name with a ``|`` or a ``*`` is one cell, as it
    is, not two cells or emphasis."""
    from ai.commands.tournament import CROSSTABLE, write_results

    ids = ["ana|b", "*rui*", "level-1"]
    results = [result("ana|b", "*rui*", 0), result("*rui*", "ana|b", None), result("level-1", "ana|b", 1),
               result("ana|b", "level-1", 1, forfeit=True)]
    results[3].reason = "X forfeits: ana|b crashed: boom; log: /home/prof/turma/turma.bots/ana.log"
    order = standings(ids, results)
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, True, order, results, [1, 2, 3, 4])
    paths = write_results(summary, str(tmp_path / "turma"))
    assert "crashed: boom; log: /home/prof/turma/turma.bots/ana.log" in (tmp_path / "turma.txt").read_text()
    assert tmp_path / "turma.md" in paths
    text = (tmp_path / "turma.md").read_text(encoding="utf-8")
    tables = markdown_tables(text)
    standing = tables["Standings (Elo: mean 0, 95% interval)"]
    assert standing[0][:5] == ["#", "player", "points", "games", "W"]
    assert [row[:8] for row in standing[1:]] == [
        [str(s.rank), s.player, half_points(s.points), str(s.games), str(s.wins), str(s.draws), str(s.losses),
         str(s.forfeits)] for s in order]
    cross = crosstable(ids, results)
    table = tables[CROSSTABLE.rstrip(":")]
    assert table[0] == ["#", "player", "1", "2", "3"]
    for i, row in enumerate(table[1:]):
        assert row[1] == order[i].player and len(row) == 2 + len(ids)
        for j, other in enumerate(order):
            points, games_n = cross[row[1]].get(other.player, (0, 0))
            assert row[2 + j] == ("–" if i == j else f"{half_points(points)} of {games_n}" if games_n else "")
    assert "- ana|b, 1 game (4): crashed: boom\n" in text.replace("\\", "")  # no log: a path on the teacher's computer
    assert "/home/prof" not in text


def test_copied_tables_write_an_elos_open_end_as_it_reads_in_markdown_and_as_plain_text(tmp_path):
    """The tables Copy tables puts on the clipboard for a slide, and FILE.md, escaped an Elo
    interval's open end as "\\<-424" ("\\>+645"): pasted as plain text, the backslash showed.  They
    write the interval as the window and FILE.txt do, with no backslash, where Markdown reads it as
    text (no HTML tag begins "<-", and ">" is a quote only at a line's start); a name that would be
    a tag or a link ("<b>x</b>", "<http://x>") is still escaped."""
    from ai.commands.tournament import markdown_line, tables_markdown, write_results

    ids = ["A", "B", "<b>x</b>"]
    results = [result("A", "B", 0), result("B", "A", 1)] * 4 + [result("A", "B", 1)]
    results += [result(x, "<b>x</b>", 0) for x in "AB"] * 2 + [result("<b>x</b>", x, 1) for x in "AB"] * 2
    order = standings(ids, results)
    opened = {st.player: st.elo_text() for st in order}  # A's upper end open, <b>x</b> lost all: a bound
    assert "..>+" in opened["A"] and opened["<b>x</b>"].startswith("<-")
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, False, order, results, list(range(1, len(results) + 1)))
    copied = tables_markdown(summary)
    write_results(summary, str(tmp_path / "turma"))
    saved = (tmp_path / "turma.md").read_text(encoding="utf-8")
    for text in (copied, saved):
        rows = [line.split(" | ") for line in text.splitlines() if re.match(r"\| \d+ \| ", line) and line.count(" | ") == 9]
        elo = {row[1]: row[-1].removesuffix(" |") for row in rows}  # the standings' last column, as written
        assert elo == {"A": opened["A"], "B": opened["B"], "\\<b>x\\</b>": opened["<b>x</b>"]}, rows
        assert "\\<-" not in text and "\\>" not in text
        assert markdown_tables(text)["Standings (Elo: mean 0, 95% interval)"][3][1] == "<b>x</b>"  # a tag escaped
    assert markdown_line(">+645 is a bound") == "\\>+645 is a bound"  # a paragraph's ">" would be a quote


def test_copied_tables_and_file_md_escape_a_star_or_underscore_only_where_markdown_reads_emphasis(tmp_path):
    """FILE.md and the tables Copy tables puts on the clipboard wrote every "_" and "*" of a name
    escaped, "my\\_bot": pasted as plain text (a slide), the backslash showed.  A "_" inside a
    word is no emphasis in CommonMark, so it is written as it is; a "*" or "_" at a word's edge
    (or a "*" inside a word) could open or close emphasis and is still escaped."""
    from ai.commands.tournament import markdown_cell, markdown_line, tables_markdown, write_results

    ids = ["my_bot", "snake_case_v2", "*star*", "_under_"]
    results = [result(a, b, 1) for a in ids for b in ids if a != b]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, False, standings(ids, results), results,
                      list(range(1, len(results) + 1)))
    copied = tables_markdown(summary)
    write_results(summary, str(tmp_path / "turma"))
    saved = (tmp_path / "turma.md").read_text(encoding="utf-8")
    for text in (copied, saved):
        assert "my\\_bot" not in text and "snake\\_case" not in text
        assert " my_bot " in text and " snake_case_v2 " in text
        assert "\\*star\\*" in text and "\\_under\\_" in text
        assert " *star* " not in text and " _under_ " not in text
        names = [row[1] for row in markdown_tables(text)["Standings (Elo: mean 0, 95% interval)"][1:]]
        assert sorted(names) == sorted(ids)  # every escape undone gives the name back
    assert markdown_cell("a*b") == "a\\*b" and markdown_cell("2 * 3") == "2 * 3"
    assert markdown_line("* x") == "\\* x" and markdown_line("___") == "\\_\\_\\_"  # a list, a rule


def test_file_md_escapes_a_line_a_name_begins_that_markdown_reads_as_a_list_or_a_heading(tmp_path):
    """A forfeit's line in FILE.md begins with the player's name: "- bot" made it a list inside
    the list, "#1" a heading, "+x" and "1. bot" a list, so the line is escaped at its start.  The
    tables Copy tables puts on the clipboard have the names in cells, where they are text, and
    write them as they are (no backslash on a slide); its forfeits, lines as FILE.md's, are escaped alike."""
    from ai.commands.tournament import markdown_line, tables_markdown, write_results

    ids = ["- bot", "#1", "+x", "1. bot", "2) bot"]
    results = [result(a, b, 1, forfeit=True) for a, b in zip(ids, ids[1:] + ids[:1])]
    for r, who in zip(results, ids):
        r.reason = f"X forfeits: {who} crashed: boom"
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, False, standings(ids, results), results,
                      list(range(1, len(results) + 1)))
    copied = tables_markdown(summary)
    write_results(summary, str(tmp_path / "turma"))
    saved = (tmp_path / "turma.md").read_text(encoding="utf-8")
    lines = saved.splitlines()
    for line in ("- \\- bot, 1 game (1): crashed: boom", "- \\#1, 1 game (2): crashed: boom",
                 "- \\+x, 1 game (3): crashed: boom", "- 1\\. bot, 1 game (4): crashed: boom",
                 "- 2\\) bot, 1 game (5): crashed: boom"):
        assert line in lines, lines
    for text in (copied, saved):
        names = [row[1] for row in markdown_tables(text)["Standings (Elo: mean 0, 95% interval)"][1:]]
        assert sorted(names) == sorted(ids)
        assert all(f"| {name} |" in text for name in ids)  # a cell: as it is
    tables, forfeits = copied.split("## Forfeits\n\n")
    assert "\\" not in tables
    assert forfeits.splitlines() == saved.split("## Forfeits\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert markdown_line("-12 is a bound") == "\\-12 is a bound" and markdown_line("12 bots") == "12 bots"


def html_tables(text: str) -> dict[str, list[list[str]]]:
    """The tables of an HTML report by the heading above each: rows of cells' texts, the header
    row first, entities undone (html.parser)."""
    from html.parser import HTMLParser

    class Tables(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.tables: dict[str, list[list[str]]] = {}
            self.heading, self.text, self.inside = "", "", ""

        def handle_starttag(self, tag, attrs) -> None:
            if tag in ("h2", "td", "th"):
                self.inside, self.text = tag, ""
            elif tag == "tr":
                self.tables.setdefault(self.heading, []).append([])

        def handle_data(self, data) -> None:
            self.text += data

        def handle_endtag(self, tag) -> None:
            if tag == "h2":
                self.heading = self.text
            elif tag in ("td", "th"):
                self.tables[self.heading][-1].append(self.text)

    parser = Tables()
    parser.feed(text)
    return parser.tables


VOID_ELEMENTS = {"meta", "br", "hr", "img", "link", "input", "col", "area", "base", "source", "wbr"}


def page_language(text: str) -> str:
    """The ``lang`` of a whole, well-formed HTML page, which ``html.parser`` reads through: every
    element closed in order (void ones, ``<meta>``, close themselves), one ``<html>`` around the rest."""
    from html.parser import HTMLParser

    class Checked(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.open: list[str] = []
            self.lang: str | None = None
            self.after_html = False

        def handle_starttag(self, tag, attrs) -> None:
            assert not self.after_html and (self.open or tag == "html"), f"<{tag}> outside <html>"
            if tag == "html":
                self.lang = dict(attrs).get("lang")
            if tag not in VOID_ELEMENTS:
                self.open.append(tag)

        def handle_endtag(self, tag) -> None:
            assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open}"
            self.open.pop()
            self.after_html = not self.open

    checked = Checked()
    checked.feed(text)
    checked.close()
    assert text.startswith("<!DOCTYPE html>") and checked.after_html and not checked.open, checked.open
    assert checked.lang, "no <html lang>"
    return checked.lang


def test_the_web_page_is_whole_html_in_the_language_it_is_written_in(tmp_path):
    """FILE.html had ``<html>`` with no ``lang``: a screen reader read a Portuguese report with an
    English voice, and a browser offered to translate it.  The page says its language (English
    from the command line; the window's gives its own: tests/test_ui_tournament.py) and every
    element it opens is closed.  Under the standings it says how points count in words."""
    from ai.commands.tournament import POINTS_LEGEND, write_results

    ids = ["ana", "rui"]
    results = [result("ana", "rui", 0), result("rui", "ana", None)]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, False, standings(ids, results), results, [1, 2])
    write_results(summary, str(tmp_path / "turma"))
    text = (tmp_path / "turma.html").read_text(encoding="utf-8")
    assert page_language(text) == "en"
    assert f"<p>{POINTS_LEGEND}</p>" in text and "1/2" not in text


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_pages_title_is_the_tournament_and_how_it_ran_is_a_small_line_under_it(tmp_path, language):
    """FILE.md's and FILE.html's first line was the text report's, "jobs 2, 6.9 s (24 games from
    the log)" in it: machine details in a class's page title.  The title (the page's heading and
    its ``<title>``) names the tournament, its game, players, games and time; how it was run is a
    small line under it, in the report's language."""
    from ai.commands.tournament import write_results
    from tests.ui_helpers import words_in
    from ui.words import ReportWords

    ids = ["ana", "rui"]
    results = [result("ana", "rui", 0), result("rui", "ana", None)]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 2, 1, 6.94, False, standings(ids, results), results, [1, 2],
                      resumed=1)
    with words_in(language):
        write_results(summary, str(tmp_path / "turma"), ReportWords())
    title, run = {"en": ("Tic-tac-toe round robin: 2 players, 2 games, 0.5 s/move",
                         "Run with jobs 2 in 6.9 s (1 game from the log)"),
                  "pt": ("Jogo do Galo, todos contra todos: 2 jogadores, 2 jogos, 0,5 s/jogada",
                         "Executado com processos: 2, em 6,9 s (1 jogo do registo)")}[language]
    page = (tmp_path / "turma.html").read_text(encoding="utf-8")
    assert f"<title>{title}</title>" in page and f"<h1>{title}</h1>\n<p class=\"small\">{run}</p>" in page
    markdown = (tmp_path / "turma.md").read_text(encoding="utf-8")
    assert markdown.startswith(f"# {title}\n\n_{run}_\n\n")
    kept = {"en": "jobs 2, 6.9 s", "pt": "processos: 2, 6,9 s"}[language]
    assert kept in (tmp_path / "turma.txt").read_text(encoding="utf-8")  # the teacher's own report keeps it


def test_the_report_as_a_web_page_has_the_markdowns_tables_for_a_class_site(tmp_path):
    """A class's site or an LMS that takes HTML, not Markdown, had only the text and Markdown
    reports to show: FILE.html is the same report as a page of its own, every name as it is
    (``<b>`` shown, not obeyed) and no bot's log (a path on the teacher's computer)."""
    from ai.commands.tournament import write_results

    ids = ["<b>ana</b>", "*rui*", "level-1"]
    results = [result(ids[0], "*rui*", 0), result("*rui*", ids[0], None), result("level-1", ids[0], 1),
               result(ids[0], "level-1", 1, forfeit=True)]
    results[3].reason = f"X forfeits: {ids[0]} crashed: boom; log: /home/prof/turma/turma.bots/ana.log"
    order = standings(ids, results)
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, True, order, results, [1, 2, 3, 4])
    paths = write_results(summary, str(tmp_path / "turma"))
    page = tmp_path / "turma.html"
    assert page in paths
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<b>ana</b>" not in text and "/home/prof" not in text
    assert html_tables(text) == markdown_tables((tmp_path / "turma.md").read_text(encoding="utf-8"))
    assert "<li>&lt;b&gt;ana&lt;/b&gt;, 1 game (4): crashed: boom</li>" in text


def test_a_crosstables_cell_says_points_of_games_in_every_written_report(tmp_path):
    """A point in two games was written "1/2" in FILE.txt, FILE.md and FILE.html, which a class's
    page read as half a point; the window said "1 of 2".  Every written crosstable says "1 of 2"
    now, and its heading says how to read it."""
    from ai.commands.tournament import CROSSTABLE, write_results

    ids = ["ana", "rui"]
    results = [result("ana", "rui", 0), result("rui", "ana", 0)]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, False, standings(ids, results), results, [1, 2])
    write_results(summary, str(tmp_path / "turma"))
    text = (tmp_path / "turma.txt").read_text(encoding="utf-8")
    table = text.split(CROSSTABLE)[1].split("Standings")[0]
    assert "1 of 2" in table and "/" not in table
    pages = [markdown_tables((tmp_path / "turma.md").read_text(encoding="utf-8")),
             html_tables((tmp_path / "turma.html").read_text(encoding="utf-8"))]
    for tables in pages:
        assert [row[2:] for row in tables[CROSSTABLE.rstrip(":")][1:]] == [["–", "1 of 2"], ["1 of 2", "–"]]


def test_a_pair_that_played_no_game_has_an_empty_cell_in_every_written_crosstable(tmp_path):
    """A partial league (ana and rui have yet to meet): the report and FILE.txt wrote "0 of 0" in
    their cells, FILE.md and FILE.html too, where the window leaves an empty box; every one of
    them leaves the cell empty now, a played pair's cell as it was."""
    from ai.commands.tournament import CROSSTABLE, write_results

    ids = ["ana", "rui", "eva"]
    results = [result("ana", "eva", 0), result("eva", "rui", 0)]
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 1, 1, 3.0, True, standings(ids, results), results, [1, 2])
    write_results(summary, str(tmp_path / "turma"))
    table = (tmp_path / "turma.txt").read_text(encoding="utf-8").split(CROSSTABLE)[1].split("Standings")[0]
    assert "0 of 0" not in table and table.count(" of 1") == 4
    pages = [markdown_tables((tmp_path / "turma.md").read_text(encoding="utf-8")),
             html_tables((tmp_path / "turma.html").read_text(encoding="utf-8"))]
    for tables in pages:
        rows = {row[1]: row[2:] for row in tables[CROSSTABLE.rstrip(":")][1:]}
        order = [row[1] for row in tables[CROSSTABLE.rstrip(":")][1:]]
        assert rows["ana"][order.index("rui")] == "" and rows["rui"][order.index("ana")] == ""
        assert rows["ana"][order.index("eva")] == "1 of 1"


def test_the_standings_csv_writes_a_rating_at_the_mean_as_0_not_minus_0(tmp_path):
    """One player wins all its games, one loses all, two share theirs (the Reversi tournament a
    teacher ran in the window, 2 + 2 games a pair): the two at the mean came out a hair under 0
    once the ratings were centred, and the standings CSV wrote "-0.0" where the window and the
    report say "+0"."""
    from ai.commands.tournament import write_results
    from ai.tournament_standings import Summary, standings

    ids = ["level-3", "level-1", "good.py", "slow.py"]
    results = [GameResult("tictactoe", {}, [a, b], ["a1"], int(ids.index(a) > ids.index(b)), None,
                          "X has 3 in a row", False) for _twice in range(2) for a in ids for b in ids if a != b]
    middle = [r for r in results if set(r.players) == {"level-1", "good.py"}]
    for r, winner in zip(middle, (0, 0, 1, 1)):  # 2 of 4 each: level on points
        r.winner = winner
    summary = Summary("tictactoe", {}, ids, 2, 0.5, 1, 1, 1.0, False, standings(ids, results), results,
                      list(range(1, len(results) + 1)))
    write_results(summary, str(tmp_path / "liga"))
    rows = list(csv.DictReader((tmp_path / "liga-standings.csv").open(encoding="utf-8")))
    assert {row["player"]: row["elo"] for row in rows}["good.py"] == "0.0", rows
    assert not any(row[key].startswith("-0.0") for row in rows for key in ("elo", "elo_low", "elo_high")), rows


@pytest.mark.parametrize("count, check", [("settled_unplayed", "not_played"), ("annulled_played", "is_annulled")])
def test_counting_results_while_the_run_keeps_one_does_not_fail(monkeypatch, count, check):
    """QA (qa147): a 3x3 league of six players in the window, 300 games a minute, ended a frame in
    "RuntimeError: dictionary changed size during iteration" (caught in the window's loop,
    ``settled_unplayed`` under the progress line): the run's thread kept a result between two
    steps of the window's loop over the results.  Here the check of each result keeps the next
    game's result, as the run's thread can there: the count is of the results taken at its start."""
    import ai.tournament as tournament_module

    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2)
    for g in t.schedule[:2]:
        t._keep(g.number, GameResult("tictactoe", {}, list(t.ids_of(g)), [], 0, None, "X has 3 in a row", False))
    later = t.schedule[2]
    original = getattr(tournament_module, check)

    def kept_meanwhile(result):
        if later.number not in t.results:  # the run's thread, between two steps of the count
            t._keep(later.number, GameResult("tictactoe", {}, list(t.ids_of(later)), [], 0, None, "", False))
        return original(result)

    monkeypatch.setattr(tournament_module, check, kept_meanwhile)
    assert getattr(t, count)() == 0
    assert later.number in t.results
