"""A worker process started while the window waits in its menus (``ui.worker_client.SpareWorker``):
the next game's worker takes it, told its game only then, and plays that game as a worker started
with it; the game expected (New game's last choice) has its compiled kernels loaded before the game
starts; no spare beside a running worker; none left when the window closes.  A hot-seat game's
worker, for its hints, is started as the window waits on the game screen too."""

from __future__ import annotations

import time

import pygame
import pytest

import ai.kernels
import games
from tests.test_ai_worker import answers_until, polled_until, reversi_job
from tests.ui_helpers import click, click_widget, key, make_app, wait
from ui import process_priority, worker_process
from ui.ai_worker import AIResult, AISpareReady, AIWarmUp, Job, SpareExpect
from ui.app import App
from ui.worker_client import AIWorker, SpareWorker
from ui.worker_lifecycle import wait_for_closed_workers


@pytest.fixture(autouse=True)
def no_spare_left():
    yield
    SpareWorker.end()
    assert wait_for_closed_workers(10.0)


def test_the_next_worker_takes_the_spare_and_plays_its_game():
    """The spare knows no game when it starts: the worker that takes it says which, and its
    kernels' warm-up and its moves are that game's, the move a legal one."""
    assert SpareWorker.start()
    spare_process = SpareWorker._spare.process
    worker = AIWorker(games.load("reversi"))
    try:
        assert worker.process is spare_process
        assert SpareWorker._spare is None  # taken: the next worker starts a process of its own
        assert worker.preparing
        job_id = worker.submit(reversi_job(0.2))
        answers = answers_until(worker, job_id, 120.0)
        result = next(a for a in answers if isinstance(a, AIResult) and a.job_id == job_id)
        game = games.load("reversi")
        assert result.move in game.initial_state().legal_moves()
        assert polled_until(worker, lambda: not worker.preparing)  # the warm-up of the game given ran
        assert not worker.warm_up_error
    finally:
        worker.close()


def test_no_spare_beside_a_running_worker_and_one_after_it_closes():
    worker = AIWorker("tictactoe", warm_up=False)
    try:
        assert not SpareWorker.start()  # a game's search keeps the cores to itself
    finally:
        worker.close()
    assert SpareWorker.start()
    assert not SpareWorker.start()  # never two


def test_a_dead_spare_is_not_taken():
    assert SpareWorker.start()
    dead = SpareWorker._spare.process
    dead.kill()
    dead.join(10.0)
    worker = AIWorker("tictactoe", warm_up=False)
    try:
        assert worker.process is not dead and worker.process.is_alive()
    finally:
        worker.close()


def test_the_window_starts_a_spare_as_it_waits_and_ends_it_as_it_closes(tmp_path, monkeypatch):
    """Only a window that asks for one (``ui.app.run``'s): a test's window starts no process."""
    plain = make_app(tmp_path, monkeypatch, fps=60)
    plain.run_frames(30)
    assert SpareWorker._spare is None
    plain.quit()
    app = make_app(tmp_path, monkeypatch, fps=60)
    app.spare_worker = True
    assert wait(app, lambda: SpareWorker._spare is not None, 30.0)
    process = SpareWorker._spare.process
    app.quit()
    assert wait_for_closed_workers(10.0)
    assert not process.is_alive()


def _first_report(reports, kind, seconds: float = 120.0, *, done: bool = True):
    """The first report of ``kind`` (an ``AIWarmUp`` only once done) read from a worker's channel
    within ``seconds``, the others dropped; None if none came."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        item = reports.receive(0.1)
        if isinstance(item, kind) and (kind is not AIWarmUp or item.done == done):
            return item
    return None


def test_a_spare_loads_the_expected_games_compiled_kernels_before_the_game_starts():
    """A restart (kernels compiled on disk): the spare expecting Tic-tac-toe loads every stage of
    its kernels in the menus, so the game's worker has none left to load before its first search."""
    ai.kernels.warm_up("tictactoe")  # compiled on disk, as on a restart
    assert SpareWorker.start("tictactoe")
    spare = SpareWorker._spare
    ready = _first_report(spare.reports, AISpareReady)
    assert ready is not None and ready.game_id == "tictactoe"
    assert ready.loaded == ai.kernels.stages("tictactoe")
    worker = AIWorker("tictactoe")
    try:
        assert worker.process is spare.process
        warmed = _first_report(worker.reports, AIWarmUp)
        assert warmed is not None and not warmed.error
        assert warmed.loaded == ()  # nothing left to load once the game had started
    finally:
        worker.close()


def test_a_game_that_takes_a_spare_whose_head_start_is_over_plays_on():
    """The spare's ``AISpareReady``, said as its head start ended in the menus, is still unread in
    the channel when the game's worker takes the spare: the worker's poll read it as a search's
    answer and failed (no ``job_id``): a game that took a ready spare opened on "Something went
    wrong: AttributeError"."""
    ai.kernels.warm_up("tictactoe")  # compiled on disk, as on a restart
    assert SpareWorker.start("tictactoe")
    spare = SpareWorker._spare
    end = time.monotonic() + 120.0
    while not spare.reports._reader.poll(0.1):  # its head start said over, the report left unread
        assert time.monotonic() < end
    worker = AIWorker("tictactoe")
    try:
        assert worker.process is spare.process
        game = games.load("tictactoe")
        job = Job("tictactoe", {}, (), game.to_text(game.initial_state()), "level-3", 0.2, 0, "side0")
        job_id = worker.submit(job)
        answers = answers_until(worker, job_id, 120.0)
        assert any(isinstance(a, AIResult) and a.job_id == job_id for a in answers)
    finally:
        worker.close()


def test_a_worker_given_another_game_than_expected_loads_that_games_kernels():
    ai.kernels.warm_up("tictactoe")
    assert SpareWorker.start("trax")  # expected a game without kernels
    spare = SpareWorker._spare
    assert _first_report(spare.reports, AISpareReady) is not None
    worker = AIWorker("tictactoe")
    try:
        warmed = _first_report(worker.reports, AIWarmUp)
        assert warmed is not None and warmed.loaded == ai.kernels.stages("tictactoe")[:1]
    finally:
        worker.close()


def test_the_windows_spare_expects_the_game_new_game_shows_first(tmp_path, monkeypatch):
    """The game last chosen on the New game screen, this session's (a card clicked, the game
    started and left) or, before any, the last session's from the settings."""
    started: list[str | None] = []
    monkeypatch.setattr(SpareWorker, "start", classmethod(lambda cls, expected=None: started.append(expected.id)))
    app = make_app(tmp_path, monkeypatch, fps=60)
    app.settings.setup_choices = {"game_id": "hex", "options": {"hex": {"size": 19}}}
    app.spare_worker = True
    try:
        assert wait(app, lambda: started, 30.0)
        assert started[-1] == "hex"
        assert ai.kernels.unused_stages(app.expected_rules()) == ("knowledge",)  # 19x19: as New game has it
        click_widget(app, app.scene.menu, "play")
        setup = app.scene
        card = setup.cards.rects[[info.id for info in setup.cards.infos].index("reversi")]
        click(app, card.center)
        assert setup.choices.game_id == "reversi"
        started.clear()
        assert wait(app, lambda: started, 30.0)
        assert started[-1] == "reversi"
    finally:
        app.quit()


def test_a_spare_takes_its_head_start_at_the_windows_priority_then_lowers_it(monkeypatch):
    """The head start is the menus' work, done before a game comes; the game's searches run at the
    worker's lower priority, the window's frames first."""
    import queue

    calls: list[str] = []
    jobs: queue.Queue = queue.Queue()
    jobs.put(("hex", False, ()))  # the game given once the head start is taken
    jobs.put(None)
    monkeypatch.setattr(worker_process, "lower_priority", lambda niceness: calls.append(f"priority {niceness}"))
    monkeypatch.setattr(worker_process, "_head_start", lambda *_args: calls.append("head start") or worker_process._NOTHING_YET)
    monkeypatch.setattr("ai.parent_watch.end_with_parent", lambda: None)
    worker_process.worker_main(jobs, None, None, "hex", spare=True)
    assert calls == ["head start", f"priority {process_priority.WORKER_NICENESS}"]


def test_a_hex_worker_above_13x13_leaves_the_connection_kernels_unloaded():
    """Level-5 analyses neither the root nor the tree above 13x13: its worker, and a spare expecting
    that board, load the MCTS's kernels only; 11x11 loads both stages."""
    ai.kernels.warm_up("hex", "search")  # compiled on disk, as on a restart
    assert ai.kernels.unused_stages(games.load("hex", size=19)) == ("knowledge",)
    assert ai.kernels.unused_stages(games.load("hex", size=11)) == ()
    worker = AIWorker(games.load("hex", size=19))
    try:
        warmed = _first_report(worker.reports, AIWarmUp)
        assert warmed is not None and not warmed.error and warmed.loaded == ("search",)
        final = _first_report(worker.reports, AIWarmUp)
        assert final is not None and final.loaded == ("search",)  # the last report: nothing after it
    finally:
        worker.close()
    assert SpareWorker.start(games.load("hex", size=19))
    ready = _first_report(SpareWorker._spare.reports, AISpareReady)
    assert ready is not None and ready.game_id == "hex" and ready.loaded == ("search",)


def test_a_spare_loads_the_stages_on_disk_and_compiles_none(monkeypatch):
    """A spare asked whether Hex's main module was compiled on disk and then loaded both stages:
    with the search's kernels there and the connection kernels (other modules) not, it compiled
    those in the menus, beside the window's preparation compiling them too."""

    monkeypatch.setattr(ai.kernels, "on_disk", lambda game_id, stage=None: stage != "knowledge")
    steps = list(worker_process._head_start_steps("hex", (), {"size": 11}))
    loaded = [step.args for step in steps if getattr(step, "func", None) is ai.kernels.warm_up]
    assert loaded == [("hex", "search")]


def test_hex_level5_uses_the_connection_kernels_only_where_its_workers_load_them():
    from ai.engines import hex_knowledge

    assert max(hex_knowledge.ANALYSE_UP_TO, hex_knowledge.TREE_MUSTPLAY_UP_TO) <= ai.kernels.HEX_KNOWLEDGE_UP_TO


def _ready_for(app: App, game_id: str) -> AISpareReady | None:
    """The window's spare's head start over for ``game_id``, heard as the window hears it
    (``SpareWorker.hear``) while its frames run; None if none came within two minutes."""
    def came() -> bool:
        spare = SpareWorker._spare
        if spare is None:
            return False
        spare.hear()
        return spare.ready is not None and spare.ready.game_id == game_id

    wait(app, came, 120.0)
    return SpareWorker._spare.ready if came() else None


def _menu_with_spare(tmp_path, monkeypatch, last_game: str) -> App:
    """The window on the main menu, its own settings, ``last_game`` the game New game shows first,
    keeping a spare worker; Reversi's kernels compiled on disk, as on a restart."""
    ai.kernels.warm_up("reversi")
    app = make_app(tmp_path, monkeypatch, fps=60)
    app.settings.setup_choices = {"game_id": last_game, "options": {}}
    app.spare_worker = True
    return app


def test_the_spare_follows_the_game_chosen_on_new_game(tmp_path, monkeypatch):
    """The spare expects Trax (the last session's game: no kernels, nothing loaded); the player
    clicks Reversi's card on New game: the same spare takes its head start for Reversi, its compiled
    kernels loaded and level-5's pattern weights read.  Page Down then: a process never gives back
    what it loaded, so a fresh spare takes the next game's head start and the one holding Reversi's
    kernels ends (told instead, one told Reversi, Hex then Alquerque held all three)."""
    app = _menu_with_spare(tmp_path, monkeypatch, "trax")
    try:
        assert wait(app, lambda: SpareWorker._spare is not None, 30.0)
        spare = SpareWorker._spare
        assert _ready_for(app, "trax") is not None
        click_widget(app, app.scene.menu, "play")
        setup = app.scene
        ids = [info.id for info in setup.cards.infos]
        click(app, setup.cards.rects[ids.index("reversi")].center)
        reversi = _ready_for(app, "reversi")
        assert reversi is not None and "pattern_weights" in reversi.ahead
        assert reversi.loaded == ai.kernels.stages("reversi")  # its inlined kernels have no file: looked for, none were
        assert SpareWorker._spare is spare  # told, not replaced: it had loaded nothing of Trax
        key(app, pygame.K_PAGEDOWN)
        following = ids[(ids.index("reversi") + 1) % len(ids)]
        assert setup.choices.game_id == following
        assert _ready_for(app, following) is not None
        assert SpareWorker._spare is not spare and SpareWorker._spare.process.pid != spare.process.pid
        assert wait(app, lambda: not spare.process.is_alive(), 30.0)  # Reversi's kernels gone with it
    finally:
        app.quit()


def test_a_spare_told_several_games_in_a_row_takes_the_last_only(monkeypatch):
    """The player pages through the cards faster than the spare loads: it skips to the game shown
    last, and the game given then ends its menus' work."""
    import queue

    jobs: queue.Queue = queue.Queue()
    reports: queue.Queue = queue.Queue()
    for game_id in ("hex", "alquerque", "reversi"):
        jobs.put(SpareExpect(game_id))

    def one_step(expected, *_args):  # Reversi's step: the player starts the game meanwhile
        return iter([lambda: jobs.put(("reversi", True, ())) if expected == "reversi" else None])

    monkeypatch.setattr(worker_process, "_head_start_steps", one_step)
    given = worker_process._spare_until_given("tictactoe", jobs, reports, (), {}, None)
    assert given == ("reversi", True, ())
    assert [reports.get_nowait().game_id for _ in range(reports.qsize())] == ["reversi"]


def test_reversi_reads_level5s_pattern_weights_ahead_on_8x8_only():
    """What a spare expecting Reversi reads (``load_ahead``) is what level-5 reads when made: the
    same weights, kept for the process; 6x6 uses none."""
    from ai.engines import reversi, reversi_eval

    reversi_eval.pattern_weights.cache_clear()
    assert reversi.load_ahead(games.load("reversi", size=6).options) == ()
    assert reversi_eval.pattern_weights.cache_info().currsize == 0
    assert "pattern_weights" in reversi.load_ahead(games.load("reversi").options)
    read = reversi_eval.pattern_weights.cache_info()
    assert read.currsize == 1
    reversi_eval.pattern_weights()  # as level-5 made asks
    assert reversi_eval.pattern_weights.cache_info().hits == read.hits + 1


def test_the_spare_is_told_a_change_of_options_once():
    """Hex's size changed on New game is another expectation (19x19 leaves the connection kernels
    out); the same choice again tells the spare nothing."""
    assert SpareWorker.start(games.load("hex", size=11))
    assert not SpareWorker.expect(games.load("hex", size=11))
    assert SpareWorker.expect(games.load("hex", size=19))
    game_id, unused, options = SpareWorker._spare.expected
    assert (game_id, unused, options["size"]) == ("hex", ("knowledge",), 19)
    assert not SpareWorker.expect(games.load("hex", size=19))


def _spare_holding_reversi(tmp_path, monkeypatch) -> App:
    """The window on New game, its spare's head start for Reversi over (its kernels loaded)."""
    app = _menu_with_spare(tmp_path, monkeypatch, "reversi")
    assert wait(app, lambda: SpareWorker._spare is not None, 30.0)
    assert _ready_for(app, "reversi") is not None
    click_widget(app, app.scene.menu, "play")
    return app


def test_a_game_started_right_after_another_card_takes_the_old_spare_while_its_replacement_starts(
        tmp_path, monkeypatch):
    """The spare holds Reversi's kernels; Page Down shows the next game, for which a fresh spare
    starts (0.6 to 0.8 s before it has imported its engine).  Start game pressed at once: the game
    takes the old spare, numba imported already, rather than wait for a process still starting
    (the old spare was ended at Page Down); the replacement ends, and the game loads its kernels."""
    app = _spare_holding_reversi(tmp_path, monkeypatch)
    try:
        spare, setup = SpareWorker._spare, app.scene
        key(app, pygame.K_PAGEDOWN)
        following = setup.choices.game_id
        assert following != "reversi"
        assert wait(app, lambda: app._spare_told is not None and app._spare_told[0] == following)
        assert SpareWorker._spare is spare and spare.process.is_alive()  # kept while the fresh one starts
        coming = SpareWorker._coming
        assert coming is not None and coming.expected[0] == following
        click(app, setup.start_button.rect.center)
        worker = app.scene.computer.ensure_worker()
        assert worker.process is spare.process  # the old spare, taken
        assert SpareWorker._spare is None and SpareWorker._coming is None
        assert wait(app, lambda: not coming.process.is_alive(), 30.0)
        assert polled_until(worker, lambda: not worker.preparing)  # the game's own kernels loaded
        assert not worker.warm_up_error
    finally:
        app.quit()


def test_the_old_spare_ends_once_its_replacement_has_imported_its_engine(tmp_path, monkeypatch):
    """Left on the next card, the fresh spare takes the old one's place as soon as it has imported
    its engine, and the old one, with Reversi's kernels, ends: one spare's memory again."""
    app = _spare_holding_reversi(tmp_path, monkeypatch)
    try:
        spare = SpareWorker._spare
        key(app, pygame.K_PAGEDOWN)
        assert wait(app, lambda: SpareWorker._coming is not None)
        coming = SpareWorker._coming
        assert wait(app, lambda: SpareWorker._spare is coming, 120.0)
        assert SpareWorker._coming is None
        assert coming.loading or coming.ready is not None  # it had said it imported its engine
        assert wait(app, lambda: not spare.process.is_alive(), 30.0)
    finally:
        app.quit()


def test_a_hot_seat_game_starts_its_worker_as_the_window_waits_and_the_first_hint_asks_it(tmp_path, monkeypatch):
    """A hot-seat 3x3 game's first hint (H) showed "Finding a hint…" for 4 to 6 s, later ones came
    at once: no computer plays, so H itself started the worker, which then imported its engine.
    The game screen starts it as soon as the window waits for input there (``Scene.waiting``), and
    H asks that worker."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    app = make_app(tmp_path, monkeypatch, fps=60)  # the real loop, which sleeps waiting for input
    try:
        scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
        app.switch(scene)
        assert wait(app, lambda: scene.computer.worker is not None, 10.0), "no worker before the hint"
        worker = scene.computer.worker
        key(app, pygame.K_h)
        assert wait(app, lambda: scene.hint is not None), "no hint"
        assert scene.computer.worker is worker
    finally:
        app.quit()


def test_a_worker_for_rules_that_run_no_kernel_imports_its_engine_before_its_first_job(monkeypatch):
    """Its kernels unused (3x3), a worker warms none up: it imports its game's engine (numba with
    it) as it starts, so a job asked of a worker started ahead (a hot-seat game's) does not wait
    for the import.  Run here, in this process, its priority and its parent's watch left alone."""
    import queue

    from ai import parent_watch

    imported: list[str] = []
    monkeypatch.setattr(parent_watch, "end_with_parent", lambda: None)
    monkeypatch.setattr(worker_process, "lower_priority", lambda niceness: None)
    monkeypatch.setattr(worker_process, "_import_quietly", imported.append)
    jobs = queue.Queue()
    jobs.put(None)  # no job: the worker ends at once
    worker_process.worker_main(jobs, None, None, "tictactoe", warm=False)
    assert imported == [ai.engine_module("tictactoe")]
