"""The AI worker warms the engine kernels up as soon as it starts, and says so while it does."""

from __future__ import annotations

import time

import pytest

from tests.kernel_helpers import compiling_from_scratch
from tests.ui_helpers import click, computer_words, wait
from ui import kernel_preparation, process_priority, worker_process
from ui.ai_worker import AIProgress, Job
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.worker_client import AIWorker


def test_worker_reports_the_warm_up_and_still_answers():
    worker = AIWorker("tictactoe")
    try:
        assert worker.preparing  # until the worker says the kernels are ready
        job_id = worker.submit(Job("tictactoe", {}, (), "", "level-1", 0.2, 1))
        answers, end = [], time.monotonic() + 60
        while time.monotonic() < end and (worker.preparing or not any(getattr(a, "move", None) for a in answers)):
            answers += worker.poll()
            time.sleep(0.01)
        assert not worker.preparing and worker.warm_up_error == ""
        assert [a for a in answers if getattr(a, "job_id", None) == job_id and hasattr(a, "move")]
    finally:
        worker.close()


@pytest.fixture
def preparing_here(monkeypatch) -> list[int]:
    """The window's preparation run in this process (``_prepare``), as on a first run, but for
    its priority: the niceness it asked for, in the list returned."""
    import ai.kernel_folders
    import ai.parent_watch

    niceness: list[int] = []
    monkeypatch.setattr(kernel_preparation, "lower_priority", niceness.append)
    monkeypatch.setattr(ai.parent_watch, "end_with_parent", lambda: None)
    monkeypatch.setattr(ai.kernel_folders, "is_prepared", lambda game_id, cache: False)  # a first run, whatever
    monkeypatch.setattr(ai.kernel_folders, "mark_prepared", lambda game_id, cache: None)  # stamps earlier tests left
    return niceness


def test_the_windows_preparation_compiles_every_games_search_first(monkeypatch, preparing_here):
    """The user may pick any game: each one's search kernels come before any game's later stages
    (Reversi's solver, Hex's connection kernels), at the lowest priority."""
    import ai.kernels

    done = []
    monkeypatch.setattr(ai.kernels, "fill_cache", lambda game_id, stage: done.append((game_id, stage)))
    kernel_preparation._prepare(("hex", "reversi", "rastros"))
    assert done == [("hex", "search"), ("reversi", "search"), ("rastros", "search"),
                    ("hex", "knowledge"), ("reversi", "solver")]
    assert preparing_here == [process_priority.PREPARE_NICENESS] and process_priority.PREPARE_NICENESS > process_priority.WORKER_NICENESS


def test_the_windows_preparation_leaves_a_stage_found_on_disk_there(monkeypatch, tmp_path, preparing_here):
    """A game's worker compiled Reversi's search while the preparation (nice 19) was at another
    game: the preparation loaded it all the same, seconds of a core for a process that only fills
    the cache.  It compiles only the stage not on disk."""
    import ai.kernels
    from ai.kernels import reversi

    ran = []
    for stage in reversi.STAGES:
        monkeypatch.setitem(reversi.STAGES, stage, lambda stage=stage: ran.append(stage))
    monkeypatch.setattr(ai.kernels, "_stages", {})
    monkeypatch.setattr(ai.kernels, "cache_dir", lambda: tmp_path)  # the locks only: numba keeps its folder
    monkeypatch.setattr(ai.kernels, "on_disk", lambda game_id, stage=None: stage == "search")
    kernel_preparation._prepare(("reversi",))
    assert ran == ["solver"]



class SaidReports(list):
    """The worker's report channel, as ``_warm_up`` uses it: what it was told, in order."""

    def put(self, item) -> None:
        self.append(item)


@pytest.mark.parametrize("loading", [False, True])
def test_a_search_stage_not_ready_is_said_ready_as_its_stand_ins_begin(monkeypatch, loading):
    """A fresh install: the search stage compiles for a minute (here or in another process) while
    the stand-ins search; the window said "Preparing the engine… N s" over that search (analysis
    with no value yet) until the stage was compiled.  A load from the cache is no different: the
    stand-ins play meanwhile too (``ai.kernels.preparing``), and the window said "Preparing the
    engine…" over a computer's move searched by them."""
    import ai.kernels

    compiling_from_scratch(monkeypatch, "rastros", loading=loading)
    reports, said_as_it_began = SaidReports(), []
    monkeypatch.setattr(ai.kernels, "warm_up",
                        lambda game_id, *only: said_as_it_began.append((only, [r.done for r in reports])))
    worker_process._warm_up("rastros", reports)
    assert said_as_it_began[0] == (("search",), [False, True])
    assert reports[-1].done and not reports[-1].error

def test_a_computer_move_heard_within_a_moment_is_not_said_as_preparing_the_engine(app, monkeypatch):
    """A fresh install's first games: the stand-ins search in Python while the kernels compile
    and are heard within a few tenths of a second, but every computer move began under "Preparing
    the engine…" until then, a flash on the status line and the thinking card.  It is said once
    the move has waited ``SET_UP_SAID_AFTER`` for its search (the kernels loaded, a worker's start)."""
    from ui.scenes import game_computer

    scene = GameScene(app, MatchSetup("hex", {"size": 5}, HUMAN_VS_PC, (None, "level-3"), 5.0))
    app.switch(scene)
    app.run_frames(2)
    monkeypatch.setattr(GameScene, "preparing_engine", lambda self: True)  # its worker compiling
    # within the moment however long a loaded machine's slow frames take before the words are read
    monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 3600.0)
    click(app, scene.view.centre(2, 2))  # c3, the centre
    assert wait(app, scene.computer_thinking)
    scene.computer.progress = None  # its search not yet heard
    words = computer_words(scene, monkeypatch)
    assert not any("Preparing the engine" in text for text in words) and "is thinking" in words[0], words
    monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 0.0)  # ... and now waited long enough to say
    words = computer_words(scene, monkeypatch)
    assert words[0] == "Preparing the engine…" and not any("is thinking" in text for text in words), words
    monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 3600.0)  # its worker's start not yet long either
    scene.computer.progress = AIProgress(job_id=1, kind="mcts", mover=scene.state.to_move)  # a stand-in's first report: begun, no figures
    words = computer_words(scene, monkeypatch)
    assert "is thinking" in words[0] and "Starting the search…" in words, words  # the card's body was blank
