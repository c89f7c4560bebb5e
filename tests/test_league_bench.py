"""tools/league_bench.py's overhead line: Dask's cost per game is the difference of two timed runs
on a shared machine, so noise can outweigh it; the line prints a cost only above its noise.

The runs are not played: ``timed`` is replaced by a clock that costs each run what the test says
(start-up plus games, plus the noise of its round), so the figures are known in advance.
"""

from __future__ import annotations

import re

import pytest

from tools import league_bench

HERE_MS, STARTUP_S = 1.5, 0.8  # a tic-tac-toe game in this process; a LocalCluster's start and stop


def fake_clock(monkeypatch, dask_ms: float, noise_s: list[float]) -> None:
    """Each run takes its games at HERE_MS (plus ``dask_ms`` and STARTUP_S on the cluster), the
    cluster's runs each plus the next of ``noise_s`` seconds, in turn."""
    noise = iter(noise_s * 10)

    def timed(t) -> tuple[float, list]:
        games = len(t.schedule)
        if t.cluster is None:
            return games * HERE_MS / 1000, []
        return STARTUP_S + games * (HERE_MS + dask_ms) / 1000 + next(noise), []

    monkeypatch.setattr(league_bench, "timed", timed)


def overhead_line(capsys, games: int = 40) -> str:
    league_bench.overhead(games)
    return capsys.readouterr().out


def test_noise_larger_than_dasks_cost_is_not_printed_as_a_negative_cost(monkeypatch, capsys):
    """40 games a run, the cluster's runs half a second apart by chance: the line said "Dask adds
    -21.1 ms per game" (qa's run on a loaded machine).  It says the cost is within noise."""
    fake_clock(monkeypatch, dask_ms=4.0, noise_s=[0.5, -0.5, -0.4, 0.4, 0.2, -0.3])
    said = overhead_line(capsys)
    assert not re.search(r"-\d", said), said  # no negative figure anywhere: not a cost, not a start-up
    assert "Dask adds a cost within noise" in said, said


def test_a_cost_above_its_noise_is_printed_with_its_spread(monkeypatch, capsys):
    """Runs a hundredth of a second apart: Dask's 4 ms a game stands out, and is said with the spread."""
    fake_clock(monkeypatch, dask_ms=4.0, noise_s=[0.01, -0.01, 0.0, 0.005, -0.005, 0.0])
    said = overhead_line(capsys)
    added = re.search(r"Dask adds (\d+\.\d) ms per game \(3 rounds within (\d+\.\d)\)", said)
    assert added, said
    assert float(added[1]) == pytest.approx(4.0, abs=0.5) and float(added[2]) < float(added[1])
