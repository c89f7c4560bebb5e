"""Engine and kernel modules imported by several threads at once (``ai.imports``).

Threads importing different engines for the first time at once failed in most fresh processes
(``python tools/import_race.py --plain``): numba's circular imports handed one thread another's
half-run module.  The race is checked in fresh processes; every place that imports an engine off
the main thread or lazily is checked to go through ``import_engine`` (a spy), so none races the others.
"""

from __future__ import annotations

import threading

import pytest

import ai
import ai.game_tree
import ai.imports
import ai.move_values
import ui.ai_worker
import ui.analysis
import ui.warm_start
from tools.import_race import MODULES, race_once


def test_three_threads_importing_engines_at_once_all_get_them():
    for _ in range(3):  # without the lock most fresh processes fail: three in a row all but never pass
        assert race_once(MODULES, plain=False) == []


def test_a_module_not_imported_yet_is_imported_under_the_lock(monkeypatch):
    held = []

    def import_module(name):
        held.append((name, ai.imports._LOCK._is_owned()))
        return ai

    monkeypatch.setattr(ai.imports.importlib, "import_module", import_module)
    assert ai.imports.import_engine("ai.engines.not_imported_yet") is ai
    assert held == [("ai.engines.not_imported_yet", True)]


class _RefusedLock:
    """Stands for the lock where taking it is a mistake."""

    def __enter__(self):
        raise AssertionError("an imported module waited for the import lock")

    def __exit__(self, *exc):
        return False


def test_a_module_imported_already_is_returned_without_the_lock(monkeypatch):
    monkeypatch.setattr(ai.imports, "_LOCK", _RefusedLock())
    assert ai.imports.import_engine("ai.base") is ai.base


@pytest.fixture
def imported(monkeypatch):
    """The modules each import site asks ``import_engine`` for (the spy imports them as it would)."""
    names: list[str] = []

    def spy(name):
        names.append(name)
        return ai.imports.import_engine(name)

    for site in (ai, ai.game_tree, ai.move_values, ui.analysis, ui.warm_start, ui.ai_worker):
        monkeypatch.setattr(site, "import_engine", spy)
    return names


def test_making_a_player_and_loading_kernels_go_through_the_lock(imported):
    with pytest.raises(ValueError, match="unknown player"):
        ai.make_player("tictactoe", "no-such-player")  # the engine's table read first
    ai.optional_module("ai.kernels.tictactoe")
    assert imported == ["ai.engines.tictactoe", "ai.kernels.tictactoe"]


def test_the_tree_builders_heuristics_go_through_the_lock(imported):
    for game_id in ("tictactoe", "reversi", "hex", "alquerque", "rastros", "trax"):
        ai.game_tree.course_heuristic(game_id)
    ai.game_tree.course_points("alquerque")
    assert [name.split(".")[1] for name in imported] == ["engines"] * 7
    assert {name.split(".")[2].split("_")[0] for name in imported} == {
        "tictactoe", "reversi", "hex", "alquerque", "rastros", "trax"}


def test_the_evaluation_graphs_engine_goes_through_the_lock(imported):
    ui.analysis.eval_scale("hex", [])
    assert imported == ["ai.engines.hex"]


def test_warm_starts_steps_go_through_the_lock(imported, monkeypatch):
    monkeypatch.setattr(ui.warm_start, "STEP_PAUSE", 0.0)
    warm = ui.warm_start.WarmStart(lambda: ["ai.engines.no_such_engine"])
    warm.start()
    assert warm.wait(60.0)
    assert imported == ["ai.engines.no_such_engine"]


def test_the_ai_workers_head_start_goes_through_the_lock(imported):
    from ai.kernels import KERNEL_GAMES

    ui.ai_worker._import_engines()
    assert imported == [ai.engine_module(game_id) for game_id in KERNEL_GAMES]


def test_analysis_values_go_through_the_lock(imported):
    ai.move_values._solved_sizes()
    assert imported == ["ai.engines.hex_knowledge"]


def test_an_import_under_the_lock_can_import_through_it_again(monkeypatch):
    """An engine whose import imports another engine through the lock (a kernel module its kernels)."""
    real, inner = ai.imports.importlib.import_module, []

    def import_module(name):
        if name == "ai.engines.outer_engine":
            inner.append(ai.imports.import_engine("ai.engines.tictactoe_course"))
            return ai
        return real(name)

    monkeypatch.setattr(ai.imports.importlib, "import_module", import_module)
    thread = threading.Thread(target=ai.imports.import_engine, args=("ai.engines.outer_engine",), daemon=True)
    thread.start()
    thread.join(120.0)  # not a timing: a lock that is not re-entrant never lets it end
    assert not thread.is_alive()
    assert [module.__name__ for module in inner] == ["ai.engines.tictactoe_course"]
