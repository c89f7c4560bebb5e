"""A crosstable counts the games a pair played, as the standings' games played (GP) do, and marks
its forfeits without play apart (a withdrawal's, a player's that could not be started), as a
chess crosstable marks them: "+" won, "−" lost, "+×2" two of them.  It read "2 of 2" of a pair
that never played, beside standings that counted no game played; the terminal's report, FILE.md,
FILE.html, the window's Copy tables and the window's own crosstable alike."""

from __future__ import annotations

import re

import pytest

from ai.commands.tournament import (
    CROSSTABLE,
    CROSSTABLE_FORFEITS,
    markdown_line,
    report,
    tables_markdown,
    write_results,
)
from ai.match import GameResult
from ai.tournament_play import DOUBLE_FORFEIT
from ai.tournament_standings import WITHDREW, Summary, crosstable_forfeits, standings
from tests.ui_helpers import drop, in_language, recorded_text_rects, words_in
from ui import words

IDS = ["level-1", "level-2", "broken.py"]


def game(first: int, second: int, winner: int | None, reason: str = "X has 3 in a row", forfeit: bool = False,
         unplayed: bool = False) -> GameResult:
    moves = [] if unplayed or "could not be started" in reason else ["b2", "a1", "c3"]
    return GameResult("tictactoe", {}, [IDS[first], IDS[second]], moves, winner, None, reason, forfeit,
                      unplayed=unplayed)


def league() -> Summary:
    """Level 1 and Level 2 play both their games (1½ to ½); broken.py could not be started against
    Level 1 (two forfeits never played), and against Level 2 won its first game, then withdrew:
    its second is a forfeit without play."""
    results = [game(0, 1, 0), game(1, 0, None, "Draw"),
               game(0, 2, 0, "O forfeits: broken.py could not be started: SyntaxError", forfeit=True),
               game(2, 0, 1, "X forfeits: broken.py could not be started: SyntaxError", forfeit=True),
               game(1, 2, 1), game(2, 1, 1, f"X forfeits: broken.py {WITHDREW}", forfeit=True, unplayed=True)]
    return Summary("tictactoe", {}, IDS, 1, 0.5, 1, 1, 1.0, False, standings(IDS, results), results,
                   list(range(1, len(results) + 1)), names={"level-1": "Level 1", "level-2": "Level 2",
                                                           "broken.py": "broken"})


def crosstable_rows(text: str, heading: str) -> dict[str, list[str]]:
    """The terminal report's crosstable under ``heading``: each row's name -> its cells (split on
    two blanks or more, as the report pads them)."""
    table = text.split(heading, 1)[1].strip("\n").split("\n\n", 1)[0].splitlines()[1:]
    rows = {}
    for line in table:
        match = re.match(r"\s*\d+\. (\S+(?: \d)?)\s+(.*)$", line)
        if match:
            rows[match[1]] = re.split(r"\s{2,}", match[2].strip())
    return rows


def marks_counted(cell: str) -> int:
    """How many forfeits without play a cell marks: "+" is one, "+×2" two."""
    return sum(int(n or 1) for _sign, n in re.findall(r"([+−])(?:×(\d+))?", cell))


def test_a_crosstable_counts_the_games_played_and_marks_the_forfeits_apart_as_the_standings_do():
    summary = league()
    rows = crosstable_rows(report(summary), CROSSTABLE)
    assert rows == {"Level 1": ["–", "1½ of 2", "+×2"], "Level 2": ["½ of 2", "–", "0 of 1 +"],
                    "broken": ["−×2", "1 of 1 −", "–"]}, rows
    for st in summary.standings:  # a row's games "of N" are its games played, its marks its forfeits not played
        cells = rows[summary.name(st.player)]
        assert sum(int(n) for cell in cells for n in re.findall(r" of (\d+)", cell)) == st.games, st
        assert sum(marks_counted(cell) for cell in cells) == st.unplayed, st
    assert CROSSTABLE_FORFEITS in report(summary).split("Standings")[0]


def test_a_double_forfeit_is_marked_lost_for_both():
    both = GameResult("tictactoe", {}, ["a.py", "b.py"], [], None, None, DOUBLE_FORFEIT, True)
    table = crosstable_forfeits(["a.py", "b.py"], [both])
    assert table == {"a.py": {"b.py": (0, 1)}, "b.py": {"a.py": (0, 1)}}


def test_the_pages_and_copied_tables_mark_the_forfeits_and_say_so_in_portuguese_too(tmp_path):
    summary = league()
    base = tmp_path / "turma"
    write_results(summary, str(base))
    md, html = (base.with_suffix(suffix).read_text(encoding="utf-8") for suffix in (".md", ".html"))
    assert "| 3 | broken | −×2 | 1 of 1 − | – |" in md and markdown_line(CROSSTABLE_FORFEITS) in md
    assert "+×2" in html and "1 of 1 −" in html and CROSSTABLE_FORFEITS.replace('"', "&quot;") in html
    assert "2 of 2" not in md and "2 of 2" not in html  # the pair that never played
    with words_in("pt"):
        copied = tables_markdown(summary, words.ReportWords())
        said = report(summary, words.ReportWords())
    assert "| 2 | Level 2 | ½ de 2 | – | 0 de 1 + |" in copied, copied
    assert "+: um jogo ganho por falta, não jogado (um ponto)" in copied and CROSSTABLE_FORFEITS not in copied
    assert "+: um jogo ganho por falta" in said.split("Classificação")[0], said


@pytest.mark.parametrize(("language", "of", "legend"), [("en", " of ", "+, −: won, lost by forfeit"),
                                                        ("pt", " de ", "+, −: ganho, perdido por falta")])
def test_the_windows_crosstable_counts_the_games_played_and_marks_the_forfeits(app, tmp_path, monkeypatch, language,
                                                                              of, legend):
    """The window's crosstable of the same league (its FILE.json dropped on it): the cells say the
    games played and mark the forfeits without play, and its title says what the marks are."""
    scene, drawn = league_dropped_and_drawn(app, tmp_path, monkeypatch, language)
    cells = sorted(text for text, rect in drawn
                   if any(cell.collidepoint(rect.center) for cell, _a, _b in scene._cross_rects))
    titles = [text for text, rect in drawn if scene.cross_area.collidepoint(rect.center) and legend in text]
    assert cells == sorted([f"1½{of}2", "+×2", f"½{of}2", f"0{of}1 +", "−×2", f"1{of}1 −"]), cells
    assert titles, [text for text, rect in drawn if scene.cross_area.collidepoint(rect.center)]


def league_dropped_and_drawn(app, tmp_path, monkeypatch, language: str) -> tuple:
    """The tournament screen of ``league``'s FILE.json dropped on the window in ``language``, and the
    texts (with their rects) of one whole drawing of it."""
    path = str(write_results(league(), str(tmp_path / "turma"))[0])
    drawn = recorded_text_rects(monkeypatch)
    with in_language(app, language):
        drop(app, path, frames=3)
        scene = app.scene
        drawn.clear()
        scene.invalidate()
        app.run_frames(2)
    return scene, drawn
