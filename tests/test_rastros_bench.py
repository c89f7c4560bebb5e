"""The Rastros bench's words (``python main.py bench rastros``): each part under a heading that says
what it measures, and its matches saying whose wins they count."""

from __future__ import annotations

import re

import pytest

from ai.bench import rastros as bench
from ai.bench import reversi as reversi_bench

PARTS = ("level5_speeds", "hint_figures", "solver_speeds", "big_solver_speed", "bench_lines", "solver_reach",
         "hardest_replies", "small_boards", "match")


def _marked(monkeypatch, module, names) -> list[str]:
    """``module``'s bench run with each of ``names`` reporting its own name alone (indented, as the
    figures are): the headings around them, without the minutes the figures take."""
    lines: list[str] = []
    for name in names:
        monkeypatch.setattr(module, name, lambda report, *args, _name=name, **kwargs: report(f"  <{_name}>"))
    module.bench_extra(lines.append, quick=True)
    return lines


def _heading_over(lines: list[str], part: str) -> str:
    """The last heading (a line not indented) before ``part``'s first figure."""
    index = lines.index(f"  <{part}>")
    return next(line for line in reversed(lines[:index]) if not line.startswith(" "))


@pytest.mark.parametrize(("part", "words"), [
    ("solver_speeds", "solver"), ("big_solver_speed", "solver"), ("bench_lines", "opening books"),
    ("solver_reach", "solver from scratch"), ("hardest_replies", "hardest reply"),
    ("small_boards", "smaller boards"), ("match", "matches"),
])
def test_each_part_of_the_rastros_bench_comes_under_its_own_heading(monkeypatch, part, words):
    """The solver's speeds came under the hint's heading, and the regions proven, the hardest
    replies, the small boards and the matches under "rastros: opening books"."""
    lines = _marked(monkeypatch, bench, PARTS)
    assert words in _heading_over(lines, part)


def test_the_hint_heading_says_what_each_column_searched_with_no_as_before(monkeypatch):
    """Rastros' and Reversi's hint figures are headed alike, and say which searches they set side
    by side: "with a full window on every move as before" named no time a reader knows."""
    reversi_parts = ("evaluation_error", "depth_figures", "hint_figures", "compare_searches", "perft_figures",
                     "solver_reach", "ffo_run")
    monkeypatch.setattr(reversi_bench, "strength_run", lambda *args: (0, 0))
    rastros_heading = _heading_over(_marked(monkeypatch, bench, PARTS), "hint_figures")
    reversi_heading = _heading_over(_marked(monkeypatch, reversi_bench, reversi_parts), "hint_figures")
    for heading in (rastros_heading, reversi_heading):
        assert "as before" not in heading
        assert "null windows, as hints search" in heading
        assert "full window on every root move, as hints searched before null windows" in heading


def test_a_rastros_bench_match_says_whose_wins_it_counts():
    """"level-5 vs rastros:bacoco: 2/2" did not say whose wins the 2 were; the line says them in
    words, its time a move in the matches' heading."""
    lines: list[str] = []
    bench.match(lines.append, "level-1", "rastros:obtuso-sw", 1, 0.01)
    assert len(lines) == 1
    assert re.fullmatch(r"  level-1 won [0-2] of 2 games against rastros:obtuso-sw", lines[0]), lines


def test_a_rastros_book_line_says_what_its_unknown_positions_are():
    """The 8x8 book's line ended "(111 unknown)", not saying unknown what: the winner positions
    whose winning moves the hardness pass did not finish counting, at its cap of solver positions."""
    from ai.engines.rastros_book import bench_lines

    lines: list[str] = []
    bench_lines(lines.append)
    assert lines and not any(line.endswith("unknown)") for line in lines), lines
    assert all(re.search(r"\(\d+ not known: counting their winning moves stopped at [\d,]+ solver positions\)$",
                         line) for line in lines), lines
