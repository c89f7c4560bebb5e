"""``python main.py bench ui`` and ``bench analysis``: their own bookkeeping (where their games go, what
their gaps say), and that the bench command runs them."""

from __future__ import annotations

import os
import re

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
    run = bench.measure_loop(_App(set()), 0.05)
    assert run["fps"] == 0
    assert run["longest_ms"] >= 50


def test_a_run_that_draws_keeps_the_tail_after_its_last_frame(monkeypatch):
    """The loop's clock moves 1 ms a reading: on a loaded machine the real one let the first two
    frames take 10 ms, and the tail after them fell short of the 40 ms the test allowed."""
    readings = iter(range(10**6))
    monkeypatch.setattr(bench.time, "monotonic", lambda: next(readings) / 1000)
    run = bench.measure_loop(_App({1, 2}), 0.05)
    assert run["fps"] > 0
    assert run["longest_ms"] >= 40  # frames 1 and 2 came at once; the rest of the run drew nothing


def test_the_bench_window_keeps_its_games_and_settings_out_of_the_users_folders(monkeypatch, tmp_path):
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "mine"))
    monkeypatch.delenv("TABULEIRO_CONFIG_DIR", raising=False)
    with bench.scratch_user_folders():
        inside = os.environ["TABULEIRO_DATA_DIR"], os.environ["TABULEIRO_CONFIG_DIR"]
        for folder in inside:
            assert not folder.startswith(str(tmp_path))
            os.makedirs(folder)  # the window may write there
    assert os.environ["TABULEIRO_DATA_DIR"] == str(tmp_path / "mine")
    assert "TABULEIRO_CONFIG_DIR" not in os.environ
    assert not any(os.path.exists(folder) for folder in inside)


def test_the_editor_figures_run_the_position_reader_as_the_editor_does(app, monkeypatch):
    """The bench read each large board a second time with two of the reader's own functions
    swapped for others (its figure of the reader before its shortcuts): now every board shape's
    rules are loaded by the reader as it is, for the first key and the later ones alike."""
    import games
    import games.position_text as position_text

    own = dict(vars(position_text))
    load = games.load
    swapped_at_each_load = []

    def loading(*args, **kwargs):
        swapped_at_each_load.append(sorted(name for name, value in vars(position_text).items()
                                           if own.get(name) is not value))
        return load(*args, **kwargs)

    monkeypatch.setattr(games, "load", loading)
    lag = bench._editor_key_lag(app)
    assert swapped_at_each_load and not any(swapped_at_each_load), {tuple(s) for s in swapped_at_each_load}
    assert len(lag) == len(bench.EDITOR_BOARDS) and all(set(ms) == {"first", "later"} for ms in lag.values())


class _Measured(Exception):
    """The bench's first run has begun: the test has seen what it wanted."""


def test_the_idle_menu_is_measured_once_the_first_games_imports_are_over(monkeypatch):
    """The window imports what a first game needs as its menu first waits (ui.warm_start): a
    start's cost once, which the idle menu's figure (its CPU against a 5% goal) must not count."""
    done_at_the_first_run = []

    def first_run(app, _seconds, *_args):
        done_at_the_first_run.append(app.warm_start.done)
        raise _Measured

    monkeypatch.setattr(bench, "measure_loop", first_run)
    with bench.scratch_user_folders(), pytest.raises(_Measured):
        bench.measure(0.1, "trax", {})
    assert done_at_the_first_run == [True]


def test_main_runs_the_analysis_bench(monkeypatch, capsys, tmp_path):
    """Analysis mode's figures ran only as ``python -m ui.analysis_bench``, apart from the bench
    command, and left their hot-seat games in the user's folders: ``main.py bench analysis --quick``
    prints them (run small here: one game, short runs) on passing folders."""
    import sys

    import main
    from ui import analysis_bench

    monkeypatch.setattr(analysis_bench, "GAMES", (("tictactoe", "b2"), ("hex", "f6")))
    monkeypatch.setattr(analysis_bench, "QUICK_SECONDS", 0.2)
    monkeypatch.setattr(analysis_bench, "QUICK_REPLAY_GAMES", ("tictactoe",))
    for name in ("TABULEIRO_DATA_DIR", "TABULEIRO_CONFIG_DIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    argv = ["bench", "analysis", "--quick"]
    monkeypatch.setattr(sys, "argv", ["main.py", *argv])
    assert main.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "analysis: what analysis mode and the tree explorer cost the window" in lines
    rows = [line for line in lines if line.startswith("analysis: tictactoe")]
    assert len(rows) == 1 and all(word in rows[0] for word in ("updates", "idle CPU", "busy"))
    # each game's reach in its own unit: Hex's "depth reached 11" was its tree's deepest line
    assert re.search(r"reached (\d+ plies|every move proven)$", rows[0]), rows[0]
    hex_rows = [line for line in lines if line.startswith("analysis: hex")]
    assert len(hex_rows) == 1 and re.search(r"reached [\d,]+ playouts$", hex_rows[0]), hex_rows
    assert any(line.startswith("analysis: tree explorer, tic-tac-toe depth 4") for line in lines)
    assert lines[-1].startswith("analysis: replay graph, tictactoe") and "complete graph" in lines[-1]
    assert not any(tmp_path.iterdir())


def test_the_first_frame_figure_times_main_py_with_no_engine_imported(monkeypatch):
    """``bench ui``'s first figure: ``python main.py`` run as the user runs it, on a fresh install,
    shows its main menu with none of numba, the kernel modules or the engines imported yet."""
    from ui.bench import time_to_first_frame

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    seconds, engine_modules = time_to_first_frame(cold=True)
    assert seconds > 0
    assert engine_modules == 0


def test_the_rules_figures_time_each_games_page_in_english_and_portuguese(app, monkeypatch):
    """``bench ui``'s rules screen figure: Right from page to page over the six games' pages (not
    Keys and About), in both languages, each page's first showing apart from the later ones; the
    window's language and frame rate are given back after it."""
    import games
    from ui import i18n

    shown = []
    switch_ms = bench._switch_ms

    def switch(window) -> tuple[float, float]:
        ms = switch_ms(window)
        shown.append((i18n.language(), window.scene.game_id))
        return ms

    monkeypatch.setattr(bench, "_switch_ms", switch)
    monkeypatch.setattr(bench, "RULES_ROUNDS", 2)
    app.fps = 60
    lag = bench._rules_switch_lag(app)
    pages = [info.id for info in games.catalog()]
    assert shown == [(language, page) for language in ("en", "pt") for _ in range(2) for page in pages]
    assert set(lag) == {"en", "pt"}
    assert all(set(ms) == {"first", "later", "first_cpu", "later_cpu"} for ms in lag.values())
    assert (i18n.language(), app.fps) == ("en", 60)


def test_the_worker_start_figures_take_the_spare_only_in_the_spare_runs(monkeypatch):
    """``bench ui``'s worker figures: the "fresh" worker starts a process with its game, the
    "spare" one takes the spare started before it; both answer level-5's move."""
    from ui.worker_client import SpareWorker

    taken: list[bool] = []
    take = SpareWorker.take.__func__

    def counted(cls):
        spare = take(cls)
        taken.append(spare is not None)
        return spare

    monkeypatch.setattr(SpareWorker, "take", classmethod(counted))
    monkeypatch.setattr(bench, "SPARE_HEAD_START", 0.1)
    figures = bench.worker_start_figures("tictactoe", {"width": 7, "height": 6, "k": 4}, runs=1)
    assert taken == [False, True]
    for ready, moved in figures.values():
        assert 0 <= ready <= moved


def test_the_name_field_figure_says_what_each_clock_does():
    """"29 ms on FreeClock" named a class: the line says the field's cursor timed by pygame's clock,
    which waits for a frame at each event, beside the window's own timing, which does not wait."""
    line = bench.field_lag_line({"pygame": 480.4, "free": 29.2})
    assert "FreeClock" not in line
    assert line.endswith("480 ms with the field's cursor timed by pygame's clock, which waits for a frame at each "
                         "event, 29 ms timed as the window times it, with no wait"), line
