"""``python main.py bench ui``'s own bookkeeping: where its games go and what its gaps say."""

from __future__ import annotations

import os

import pytest

import ui.bench as bench


class _App:
    """A loop that draws a frame on the frames listed, at no cost."""

    def __init__(self, drawn_on: set[int]) -> None:
        self.running, self.frames, self.draws, self.drawn_on = True, 0, 0, drawn_on

    def frame(self) -> None:
        self.frames += 1
        self.draws += self.frames in self.drawn_on


def test_a_run_that_draws_nothing_has_its_whole_length_for_a_gap():
    run = bench._run(_App(set()), 0.05)
    assert run["fps"] == 0
    assert run["longest_ms"] >= 50


def test_a_run_that_draws_keeps_the_tail_after_its_last_frame():
    run = bench._run(_App({1, 2}), 0.05)
    assert run["fps"] > 0
    assert run["longest_ms"] >= 40  # frames 1 and 2 came at once; the rest of the run drew nothing


def test_the_bench_window_keeps_its_games_and_settings_out_of_the_users_folders(monkeypatch, tmp_path):
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "mine"))
    monkeypatch.delenv("TABULEIRO_CONFIG_DIR", raising=False)
    with bench._passing_folders():
        inside = os.environ["TABULEIRO_DATA_DIR"], os.environ["TABULEIRO_CONFIG_DIR"]
        for folder in inside:
            assert not folder.startswith(str(tmp_path))
            os.makedirs(folder)  # the window may write there
    assert os.environ["TABULEIRO_DATA_DIR"] == str(tmp_path / "mine")
    assert "TABULEIRO_CONFIG_DIR" not in os.environ
    assert not any(os.path.exists(folder) for folder in inside)


def test_the_editor_figures_leave_the_position_reader_as_it_was(app):
    """The bench reads each large board with the reader's shortcuts turned off for its "before"
    figure: the reader has them back afterwards, and every board has both figures."""
    import games.position_text as position_text

    gate, rules = position_text._may_start_with, position_text._rules
    lag = bench._editor_key_lag(app)
    assert position_text._may_start_with is gate and position_text._rules is rules
    assert len(lag) == len(bench.EDITOR_BOARDS) and all(set(ms) == {"every", "gated"} for ms in lag.values())


class _Measured(Exception):
    """The bench's first run has begun: the test has seen what it wanted."""


def test_the_idle_menu_is_measured_once_the_first_games_imports_are_over(monkeypatch):
    """The window imports what a first game needs as its menu first waits (ui.warm_start): a
    start's cost once, which the idle menu's figure (its CPU against a 5% goal) must not count."""
    done_at_the_first_run = []

    def first_run(app, _seconds, *_args):
        done_at_the_first_run.append(app.warm_start.done)
        raise _Measured

    monkeypatch.setattr(bench, "_run", first_run)
    with bench._passing_folders(), pytest.raises(_Measured):
        bench.measure(0.1, "trax", {})
    assert done_at_the_first_run == [True]
