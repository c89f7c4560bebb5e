"""The Tic-tac-toe strength bench (ai/bench/tictactoe.py): its perfect-play check, its records and
its reproducible ladder, on 3x3 where games take milliseconds."""

from __future__ import annotations

import pytest

from ai.bench import tictactoe as bench
from ai.match import GameResult, MatchSummary


def test_the_steady_levels_draw_every_3x3_game_against_perfect_play():
    """Every first square of 3x3 draws: a level that loses one made a mistake.  Levels 3-5 make
    none; perfect play loses to no level (levels 1 and 2 play at random in part and lose)."""
    lines: list[str] = []
    summaries = bench.against_perfect_play(lines.append)
    for name in ("level-3", "level-4", "level-5"):
        assert summaries[name].wins == [0, 0] and summaries[name].draws == 18, name
    assert all(summary.wins[0] == 0 for summary in summaries.values())
    assert lines[0] == "  3x3 level-5 0-18-0 perfect: 9/18 points (9 first squares x both colours)"


def test_a_record_gives_wins_draws_losses_and_points_of_the_first_named():
    summary = MatchSummary(("level-5", "level-4"))
    for winner, first in ((0, 0), (0, 1), (None, 0), (1, 1)):
        summary.add(GameResult("tictactoe", {}, ["a", "b"], winner=winner), first)
    assert bench.record(summary) == "level-5 2-1-1 level-4: 2.5/4 points"


def test_the_ladder_is_seeded_the_same_figures_each_run(monkeypatch):
    monkeypatch.setattr(bench, "LADDER_BOARDS", bench.LADDER_BOARDS[:1])
    runs: list[list[str]] = [[], []]
    for lines in runs:
        bench.ladder(lines.append, 2, 1.0)
    assert runs[0] == runs[1] and len(runs[0]) == 5
    assert runs[0][-1] == "  (3x3: 2 seeded 1-ply openings x both colours; level-5 to depth 9)"


def test_a_series_reports_the_first_named_players_longest_move(monkeypatch):
    """The ladder prints "level-5's longest move" beside its budget: the time of the first named
    player's slowest move, whichever colour it had (it once reported the other player's)."""
    import time

    import games
    from ai.base import Player, PlayerInfo

    clock = [0.0]
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])

    class Costly(Player):
        """Plays the first legal move, advancing the clock by ``cost`` seconds."""

        def __init__(self, cost: float) -> None:
            self.info, self.cost = PlayerInfo("costly", "Costly"), cost

        def choose(self, state, limits=None, progress=None):
            clock[0] += self.cost
            return state.legal_moves()[0]

    makers = (lambda seed: Costly(0.25), lambda seed: Costly(0.01))
    _summary, longest = bench.series(games.load("tictactoe"), makers, ("slow", "quick"), [[4]])
    assert longest == pytest.approx(0.25)


def test_versus_splits_the_upper_levels_wins_by_colour(monkeypatch):
    """``versus`` (the side-by-side figures of docs/tuning/tictactoe.md) counts the upper level's
    wins as X in the games where it moved first and as O in the others, and they add up to the
    wins of its record."""
    results = iter([0, 1, None, 1, 0, 0])  # winners of six games: X, O, draw, O, X, X

    def play(game, players, names, seconds, opening=()):
        return GameResult("tictactoe", {}, list(names), winner=next(results))

    monkeypatch.setattr(bench, "play_game", play)
    line = bench.versus({"width": 3, "height": 3, "k": 3}, "level-5", "level-4", 3, 0.1)
    # level-5 is X in games 0, 2, 4 (won 0 and 4) and O in 1, 3, 5 (won 1 and 3)
    assert line.startswith("level-5 4-1-1 level-4: 4.5/6 points; level-5 won 2/3 as X, 2/3 as O")


def test_the_strength_headings_say_how_to_read_a_record(monkeypatch):
    """QA (qa110): "3x3 level-2 0-4-14 perfect: 2/18 points" was printed under headings that never
    said which figure is what: each heading now says the figures are the first named's wins, draws
    and losses, then its points."""
    monkeypatch.setattr(bench, "threat_search_speed", lambda report, count: None)
    monkeypatch.setattr(bench, "against_perfect_play", lambda report: report("  3x3 level-5 0-18-0 perfect"))
    monkeypatch.setattr(bench, "ladder", lambda report, openings, seconds: report("  3x3 level-5 0-2-0 level-4"))
    lines: list[str] = []
    bench.bench_extra(lines.append, quick=True)
    headings = [lines[0], lines[2]]
    assert headings[0].startswith("  against perfect play") and headings[1].startswith("  the ladder"), lines
    for heading in headings:
        assert "the first named's wins-draws-losses against the second, then its points" in heading, heading
