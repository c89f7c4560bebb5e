"""The Hex bench's words (``python main.py bench hex``): each part under a heading that says what it
measures, its lines said for a reader ("mustplay" is a programmer's word), and no draws counted of
a game that has none."""

from __future__ import annotations

import ai
import games
from ai.bench import hex as bench
from ai.engines import hex_solver
from ai.match import MatchSummary


class _FirstCell:
    """A player that takes the first empty cell at once: the bench's games and moves without the
    seconds level-5 takes."""

    def get_ready(self, options) -> None:
        pass

    def choose(self, state, limits=None, progress=None):
        return state.legal_moves()[0]


class _Solved:
    """The exact solver's stand-in: one winning move, no search."""

    nodes = 0

    def __init__(self, size: int) -> None:
        pass

    def winning_moves(self, state, deadline):
        return [0]


def _bench_lines(monkeypatch) -> list[str]:
    """``bench hex --quick``'s lines with each measurement stood in for by a fixed figure."""
    monkeypatch.setattr(bench, "playout_speeds", lambda *args: ((1.0, 1.0, "a1"), (1.0, 1.0, "a1")))
    monkeypatch.setattr(bench, "analysis_times", lambda size, plies: (0.05, 0.1, 0.03, 0.1, 31, 30))
    monkeypatch.setattr(ai, "make_player", lambda *args, **kwargs: _FirstCell())
    monkeypatch.setattr(hex_solver, "Solver", _Solved)
    lines: list[str] = []
    bench.bench_extra(lines.append, quick=True)
    return lines


def test_each_part_of_the_hex_bench_comes_under_its_own_heading(monkeypatch):
    """Its lines followed the fixed positions' with no heading, where ``bench rastros`` heads each
    part; every figure is indented under a heading that names the game, as rastros' are."""
    lines = _bench_lines(monkeypatch)
    headings = [line for line in lines if not line.startswith("  ")]
    assert len(headings) == 5 and all(line.startswith("hex: ") for line in headings), headings
    assert not lines[0].startswith("  ") and all(line.startswith("  ") for line in lines if line not in headings)


def test_the_hex_bench_says_mustplay_and_draws_for_a_reader(monkeypatch):
    """"the same winner and mustplay in 31" and "level-5 2 - 0 hex:uct, 0 draws in 2 games": the
    cells the mover must play in said in words, and Hex, which has no draws, counts none."""
    said = "\n".join(_bench_lines(monkeypatch))
    assert "mustplay" not in said and "draw" not in said, said
    assert "the two agree on the winner and on the cells the mover must play in for 30 of 31" in said
    assert "level-5 1 - 1 hex:uct in 2 games" in said


def test_a_match_summary_counts_draws_only_for_a_game_that_can_have_them():
    """``main.py match`` and the benches say "0 draws" only of a game that can end drawn; a draw
    counted anyway (a game that can have none) is still said."""
    assert not games.load("hex", size=9).info.can_draw
    assert MatchSummary(("a", "b"), wins=[2, 0], can_draw=False).line() == "a 2 - 0 b in 2 games"
    assert MatchSummary(("a", "b"), wins=[2, 0], draws=1, can_draw=False).line() == "a 2 - 0 b, 1 draw in 3 games"
    assert MatchSummary(("a", "b"), wins=[2, 0]).line() == "a 2 - 0 b, 0 draws in 2 games"
