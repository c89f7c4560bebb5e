"""When kernels are compiled: a player made for a match compiles them at once; in the window's AI
worker (``defer_compiling``) a thread compiles them in stages while the first moves come from the
books, every game's levels play without a stage not ready yet (``ai.kernels.preparing``: their
pure-Python stand-ins, no solver or tables), and a search that cannot waits for what it needs
without that wait counting as its move's time."""

from __future__ import annotations

import random
import sys
import time
import types

import pytest
from numba.core import types as numba_types
from numba.core.registry import CPUDispatcher

import ai
import ai.kernels as kernels
import games
from ai.base import Limits, Progress
from ai.search.driver import search
from tests.kernel_helpers import compiling_from_scratch


@pytest.fixture
def deferred(monkeypatch):
    """This process as the window's worker, before its warm-up has done anything."""
    monkeypatch.setattr(kernels, "_stages", {})
    monkeypatch.setattr(kernels, "_deferred", True)


def play_random(game, plies: int, seed: int, captures: bool = False):
    """``plies`` random moves that do not end the game (Alquerque's captures first, with ``captures``)."""
    state, rng = game.initial_state(), random.Random(seed)
    for _ in range(plies):
        moves = [m for m in state.legal_moves() if not state.play(m).is_terminal()]
        if not moves:
            break
        taking = [m for m in state.capture_moves() if m in moves] if captures else []  # Alquerque's
        state = state.play(rng.choice(taking or moves))
    return state


def test_a_book_move_needs_no_kernel_and_a_search_needs_them_only_once_ready(deferred):
    """Rastros's level 5 (each game's stand-in has its own test, ``..._searches_in_python``): past
    the book it plays the Python search while its worker's warm-up is at the kernels, no wait for
    them (one outside the move's clock: 1 s a move answered in 2.56 s), and the kernels' once ready."""
    game_id = "rastros"
    game = games.load(game_id)
    player = ai.make_player(game_id, "level-5", seed=1)
    assert not kernels.is_ready(game_id)  # nothing compiled when the player was made
    first = player.choose(game.initial_state(), Limits(time=0.5))
    assert player.last.kind == "book" and first in game.initial_state().legal_moves()
    assert not kernels.is_ready(game_id)  # the book answered without them
    state = play_random(game, 14, seed=3)
    assert player.choose(state, Limits(time=0.3)) in state.legal_moves() and player.stands_in(state)
    assert not kernels.is_ready(game_id)  # not waited for
    kernels.warm_up(game_id)  # the warm-up thread's stage, done
    move = player.choose(state, Limits(time=1.0))  # 0.3 s reached depth 1 on a machine loaded six-fold
    assert move in state.legal_moves() and player.last.kind != "book" and not player.stands_in(state)
    assert player.last.depth >= 2  # searched in its own time, in the kernels


def test_alquerque_searches_without_its_tables_until_its_warm_up_has_read_them(deferred):
    """Few pieces left, the search's kernels ready but the warm-up thread still reading the endgame
    tables: level 5 waited for them, outside its move's clock; it now searches without them for
    that move, and probes them once they are read."""
    from ai.engines.alquerque import TABLES_WAITED_FOR

    game = games.load("alquerque")
    player = ai.make_player("alquerque", "level-5", seed=1)
    kernels.warm_up("alquerque", "search")  # the warm-up thread's first stage, done
    state = next(s for s in (play_random(game, 60, seed, captures=True) for seed in range(100))
                 if (s.boards[0] | s.boards[1]).bit_count() <= TABLES_WAITED_FOR and len(s.legal_moves()) > 1)
    assert player.choose(state, Limits(time=0.2)) in state.legal_moves()
    assert not kernels.is_ready("alquerque", "tables") and player.searcher.endgame is None  # not waited for
    kernels.warm_up("alquerque", "tables")  # the warm-up thread's last stage, done
    assert player.choose(state, Limits(time=0.2)) in state.legal_moves()
    assert player.searcher.endgame is not None  # its tree probes them


def test_alquerque_reads_no_table_file_on_a_moves_clock_while_its_warm_up_reads_them(deferred, monkeypatch):
    """A window's first move past the books, its worker's warm-up thread still reading the table
    files: with many pieces left the move reads none itself (no table knows such a position; it
    did, after its search, for the panel's verdict: 0.6 s over its budget), its move is legal, and
    once the warm-up has read them the next move's search has them."""
    from ai.engines.alquerque import TABLES_WAITED_FOR
    from ai.kernels import alquerque_tables

    real_load, read = alquerque_tables.load, []
    monkeypatch.setattr(alquerque_tables, "load", lambda variant="course": read.append(variant) or real_load(variant))
    game = games.load("alquerque")
    player = ai.make_player("alquerque", "level-5", seed=1)
    kernels.warm_up("alquerque", "search")  # the warm-up thread's first stage, done
    state = play_random(game, 12, seed=7)
    assert (state.boards[0] | state.boards[1]).bit_count() > TABLES_WAITED_FOR
    move = player.choose(state, Limits(time=0.2))
    assert move in state.legal_moves() and player.searcher.endgame is None
    assert read == [] and not kernels.is_ready("alquerque", "tables")
    kernels.warm_up("alquerque", "tables")  # the warm-up thread's stage, done
    later = state.play(move)
    later = later.play(later.legal_moves()[0])
    player.choose(later, Limits(time=0.2))
    assert player.searcher.endgame is alquerque_tables.load("course")


def test_a_player_made_for_a_match_has_every_kernel_ready(monkeypatch):
    monkeypatch.setattr(kernels, "_stages", {})
    ai.make_player("reversi", "level-5", seed=1)
    assert kernels.is_ready("reversi") and kernels.is_ready("reversi", "solver")


class Slow:
    """A stand-in kernel module whose one stage takes half a second to 'compile'."""

    def __init__(self) -> None:
        self.runs = 0

    def stage(self) -> None:
        self.runs += 1
        time.sleep(0.5)


class Waiting:
    """A searcher whose start waits for the stand-in kernels, then iterates at once."""

    kind = "alphabeta"

    def __init__(self, state) -> None:
        self.move = state.legal_moves()[0]

    def start(self, state, limits):
        kernels.ready("slow")
        return None

    def iterate(self, step, ctl):
        return Progress(depth=step, best_move=self.move)


@pytest.fixture
def slow(monkeypatch) -> Slow:
    """A game "slow" whose kernels are the stand-in module's, none compiled yet."""
    slow = Slow()
    module = types.ModuleType("ai.kernels.slow")
    module.STAGES = {"search": slow.stage}
    monkeypatch.setitem(sys.modules, "ai.kernels.slow", module)
    monkeypatch.setattr(kernels, "KERNEL_GAMES", (*kernels.KERNEL_GAMES, "slow"))
    monkeypatch.setattr(kernels, "_stages", {})
    monkeypatch.setattr(kernels, "_background", {})
    return slow


def test_the_driver_leaves_the_wait_for_kernels_out_of_the_moves_time(slow):
    state = games.load("tictactoe").initial_state()
    before = kernels.compile_wait()
    result = search(Waiting(state), state, Limits(time=0.4, depth=3))  # a move's time shorter than the wait
    waited = kernels.compile_wait() - before
    assert waited >= 0.5
    assert result.depth == 3  # it searched after the wait, not cut off by it after one step
    assert result.elapsed < waited  # the move's time counts from the end of the wait
    result = search(Waiting(state), state, Limits(time=0.05))  # compiled: no second wait
    assert slow.runs == 1


def test_a_stage_runs_once_however_many_threads_need_it(slow):
    threads = [kernels.warm_up_in_background("slow") for _ in range(3)]
    kernels.ready("slow")
    for thread in threads:
        thread.join()
    assert slow.runs == 1 and len(set(threads)) == 1


def test_kernels_compile_once_per_argument_type():
    """numba would compile a kernel again for each constant a caller passes (``f(x, 0)``,
    ``f(x, 1)``): ai.kernel_compile.njit types constants as plain values, so no kernel has a signature
    with a constant in it once every game's kernels are ready."""
    kernels.warm_up()
    literal = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("ai.kernels.") or module is None:
            continue
        for kernel in vars(module).values():
            if isinstance(kernel, CPUDispatcher) and kernel.__module__ == name:
                literal += [f"{name}.{kernel.__name__}{sig}" for sig in kernel.signatures
                            if any(isinstance(arg, numba_types.Literal) for arg in sig)]
    assert literal == []


def lasting_until_said(said: list) -> None:
    """A preparation that lasts until its notice is said: a fixed time may be over before a loaded
    machine wakes the notice's timer."""
    end = time.monotonic() + 30
    while not said and time.monotonic() < end:
        time.sleep(0.01)


@pytest.mark.parametrize("on_disk, words", [(True, "loading its compiled code"), (False, "compiling it")])
def test_a_slow_preparation_says_whether_it_loads_or_compiles(monkeypatch, on_disk, words):
    """A bundle's later run on a loaded machine said "its first run after installing compiles it"
    while numba loaded every kernel from the cache folder and compiled none."""
    from ai.commands import engines

    said = []
    monkeypatch.setattr(engines, "SAY_AFTER", 0.05)
    monkeypatch.setattr(kernels, "on_disk", lambda game_id, stage=None: on_disk if game_id == "reversi" else not on_disk)
    with engines.said_if_slow("reversi", said.append):
        lasting_until_said(said)
    assert words in said[0] and "ready" in said[1]
    assert ("installing" in said[0]) is not on_disk  # a first run only when it compiles


def test_a_slow_preparation_says_loading_when_the_stages_it_loads_are_on_disk(monkeypatch):
    """``main.py gtp`` on a 19x19 Hex board loads its search's kernels only (no connection kernels
    above 13x13): it said "compiling it" while the connection kernels alone were not compiled."""
    from ai.commands import engines

    said = []
    monkeypatch.setattr(engines, "SAY_AFTER", 0.05)
    monkeypatch.setattr(kernels, "on_disk", lambda game_id, stage=None: stage == "search")
    monkeypatch.setattr(kernels, "is_ready", lambda game_id, stage="search": False)
    monkeypatch.setattr(kernels, "warm_up", lambda *pair: lasting_until_said(said))
    warming = engines.BackgroundWarmUp("hex", lambda: [("hex", "search")], said.append)
    warming.start()
    assert warming.join(60)
    assert "loading its compiled code" in said[0] and "ready" in said[1]


def test_a_command_says_when_preparing_its_engine_takes_a_while(monkeypatch):
    from ai.commands import engines

    said, compiled = [], []

    def compiling(*stages) -> None:
        compiled.append(stages)
        lasting_until_said(said)

    monkeypatch.setattr(engines, "SAY_AFTER", 0.05)
    monkeypatch.setattr(kernels, "warm_up", compiling)
    engines.prepare_engines("reversi", ["level-5", "bots/mine.py:Bot"], {}, said.append)
    assert compiled == [("reversi",)]  # every stage: level-5 solves endings from its first moves on
    assert len(said) == 2 and "preparing the Reversi engine" in said[0] and "ready" in said[1]
    said.clear()
    monkeypatch.setattr(kernels, "warm_up", lambda *stages: compiled.append(stages))  # loaded from the cache
    engines.prepare_engines("hex", ["level-5"], {"size": 7}, said.append)
    assert compiled[-1] == ("hex", "search") and said == []  # the connection kernels: in the background
    compiled.clear()
    engines.prepare_engines("reversi", ["bots/a.py:A", "gtp:edax"], {}, said.append)  # outside players: not ours
    engines.prepare_engines("hex", ["level-1", "level-2"], {}, said.append)  # no kernels in their moves
    engines.prepare_engines("trax", ["level-5"], {}, said.append)  # a game without kernels
    assert compiled == [] and said == []


def test_players_made_to_check_a_command_line_compile_nothing(monkeypatch):
    monkeypatch.setattr(kernels, "_stages", {})
    with kernels.compiled_later():
        ai.make_player("alquerque", "level-5", seed=1)
    assert not kernels.is_ready("alquerque")
    ai.make_player("alquerque", "level-5", seed=1)
    assert kernels.is_ready("alquerque") and kernels.is_ready("alquerque", "tables")


def test_only_a_match_that_can_run_kernels_has_its_worker_prepare_them():
    """A 3x3 Tic-tac-toe game searches in Python: its worker loaded the big boards' kernel for
    nothing, and the window said "Preparing the engine..." (holding the clock) meanwhile."""
    assert not kernels.used_by(games.load("tictactoe"))
    assert not kernels.used_by(games.load("tictactoe", width=4, height=4, k=4))  # 16 squares: Python
    assert kernels.used_by(games.load("tictactoe", width=15, height=15, k=5))
    assert kernels.used_by(games.load("reversi")) and not kernels.used_by(games.load("trax"))

    from ui.worker_client import AIWorker

    small, big = AIWorker(games.load("tictactoe")), AIWorker(games.load("tictactoe", width=15, height=15, k=5))
    try:
        assert (small.game_id, small.warm_up, small.preparing) == ("tictactoe", False, False)
        assert big.warm_up and big.preparing  # until its worker says the search's kernels are ready
    finally:
        small.close()
        big.close()


def test_a_match_on_rules_that_run_no_kernel_never_prepares_one(monkeypatch):
    """Level-5 Tic-tac-toe searches in the kernel only on boards of more than 16 squares: a 3x3
    match or tournament (its command's preparation, each game's fresh players) waited for the big
    boards' kernel to load, or on a fresh install to compile, for nothing."""
    from ai.commands.engines import prepare_engines
    from ai.match import play_with_new_players

    compiled = []
    monkeypatch.setattr(kernels, "_deferred", False)
    monkeypatch.setattr(kernels, "warm_up", lambda *stages: compiled.append(stages))
    small = games.load("tictactoe")
    prepare_engines("tictactoe", ["level-5", "level-4"], dict(small.options))
    result = play_with_new_players(small, ["level-5", "level-5"], (1, 2), 1.0)
    assert result.winner is None and compiled == []  # 3x3 is a draw between perfect players
    prepare_engines("tictactoe", ["level-5"], {"width": 4, "height": 4, "k": 4})  # 16 squares: Python
    assert compiled == []
    prepare_engines("tictactoe", ["level-5"], {"width": 15, "height": 15, "k": 5})
    assert compiled == [("tictactoe",)]



def test_a_search_able_to_do_without_a_kernel_waits_only_for_one_loaded_from_the_cache(monkeypatch, deferred,
                                                                                       tmp_path):
    """In the window's worker, Tic-tac-toe's level-5 waits for its kernel loaded from the cache (a
    fraction of a second, which a Python search beside the loading thread made 3 to 6 times longer,
    its moves the weaker search's), but not for a compile from scratch (10 s or more): it then
    searches in Python (``compiled_elsewhere``, as the warm-up thread found the cache)."""
    real_on_disk = kernels.on_disk
    seen = []
    fake = types.SimpleNamespace(STAGES={"search": lambda: seen.append(kernels.compiled_elsewhere("tictactoe"))})
    monkeypatch.setattr(kernels, "_module", lambda game_id: fake)
    monkeypatch.setattr(kernels, "on_disk", lambda game_id, stage=None: True)
    kernels.warm_up("tictactoe")
    monkeypatch.setattr(kernels, "_stages", {})
    monkeypatch.setattr(kernels, "on_disk", lambda game_id, stage=None: False)
    kernels.warm_up("tictactoe")
    assert seen == [False, True]  # asked while the warm-up thread loads, then while it compiles
    assert not kernels.compiled_elsewhere("tictactoe")  # ready
    monkeypatch.setattr(kernels, "_stages", {})
    assert kernels.compiled_elsewhere("tictactoe")  # asked before the warm-up thread is there: as it will find

    def fails() -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr(fake, "STAGES", {"search": fails})
    with pytest.raises(OSError):
        kernels.warm_up("tictactoe")
    assert not kernels.compiled_elsewhere("tictactoe")  # the warm-up failed: a search compiles it (``ready``)
    monkeypatch.undo()
    monkeypatch.setattr(kernels, "_stages", {})
    kernels.warm_up("tictactoe")
    assert real_on_disk("tictactoe")  # this run's cache holds every one of its kernels
    from ai.kernels import tictactoe as module

    one = next(k for k in vars(module).values() if isinstance(k, CPUDispatcher) and k.__module__ == module.__name__)
    gone_from_disk(monkeypatch, tmp_path, one)
    assert not real_on_disk("tictactoe")  # all but one: another process is still compiling them


def gone_from_disk(monkeypatch, tmp_path, kernel: CPUDispatcher) -> None:
    """``kernel``'s compiled code not in the cache folder, where numba looks for it."""
    monkeypatch.setattr(kernel._cache._cache_file, "_index_path", str(tmp_path / f"{kernel.__name__}.nbi"))


SOLVER_ONLY = ("reversi", "reversi", "perft", "solver", "search")  # the solver's kernel in the search's module
CASES = [SOLVER_ONLY, ("reversi", "reversi", "search_root_with", "search", "solver"),
         ("reversi", "reversi_endgame", "solve", "solver", "search"),
         ("hex", "hex_vc", "h_search", "knowledge", "search"), ("hex", "hex_pns", "expand", "knowledge", "search")]


@pytest.fixture(params=CASES, ids=lambda case: f"{case[1]}.{case[2]}")
def one_kernel_missing(request, monkeypatch, tmp_path) -> tuple[str, str, str]:
    """A game's kernels all on disk but one, of one stage: (game id, that stage, another stage)."""
    game_id, module, name, stage, other = request.param
    kernels.warm_up(game_id)
    gone_from_disk(monkeypatch, tmp_path, getattr(sys.modules[f"ai.kernels.{module}"], name))
    return game_id, stage, other


def test_a_stage_is_on_disk_when_every_kernel_it_compiles_is_whatever_its_module(one_kernel_missing):
    """``on_disk`` looked at the game's own module, whatever the stage: Reversi's search was "not
    on disk" while only its solver's ``perft`` was missing, its solver on disk without
    ``reversi_endgame``, and Hex's connection kernels (``hex_vc``, ``hex_pns``) never looked for."""
    game_id, stage, other = one_kernel_missing
    assert not kernels.on_disk(game_id, stage) and kernels.on_disk(game_id, other)
    assert not kernels.on_disk(game_id)  # every stage


def test_a_stage_is_said_compiling_or_loading_by_its_own_kernels(one_kernel_missing, monkeypatch, caplog, deferred):
    """What the log, the stage's lock file and a worker's stand-ins (``compiled_elsewhere``) are told:
    the stage missing a kernel compiles, the other loads (its search waits for it, a moment)."""
    game_id, stage, other = one_kernel_missing
    assert kernels.compiled_elsewhere(game_id, stage) and not kernels.compiled_elsewhere(game_id, other)
    caplog.set_level("DEBUG", logger="ai.kernels")
    for each in (stage, other):
        kernels._run_stage_here(game_id, each, lambda: None, kernels._Stage())
    said = [record.getMessage() for record in caplog.records if ": compiling" in record.getMessage()
            or ": loading" in record.getMessage()]
    assert said == [f"{game_id} kernels, stage {stage}: compiling (not all in the cache)",
                    f"{game_id} kernels, stage {other}: loading from the cache"]


FINDS_EACH_STAGES_KERNELS = """
import sys
import ai.kernels as kernels
from numba.core.registry import CPUDispatcher
from ai.stage_kernels import stage_kernels

def signatures():
    return {kernel: len(kernel.signatures) for name, module in list(sys.modules.items())
            if name.startswith("ai.kernels.") and module is not None
            for kernel in vars(module).values() if isinstance(kernel, CPUDispatcher) and kernel.__module__ == name}

for game_id in kernels.KERNEL_GAMES:
    for stage in kernels.stages(game_id):
        before = signatures()
        kernels.warm_up(game_id, stage)
        run = {kernel for kernel, count in signatures().items() if count > before.get(kernel, 0)}
        found = set(stage_kernels(kernels._module(game_id).STAGES[stage]))
        print(game_id, stage, len(run), sorted(kernel.__name__ for kernel in run - found))
"""


def test_each_stages_kernels_found_in_its_code_are_those_a_fresh_process_runs_for_it():
    """``ai.stage_kernels`` finds a stage's kernels in its code: a fresh process (each kernel's
    signatures counted before and after each stage) compiles or loads none it did not find."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", FINDS_EACH_STAGES_KERNELS], capture_output=True, text=True,
                         timeout=900, check=True).stdout.splitlines()
    stages = [(game_id, stage) for game_id in kernels.KERNEL_GAMES for stage in kernels.stages(game_id)]
    assert [line.split()[:2] for line in out] == [list(pair) for pair in stages]
    assert all(line.endswith(" []") for line in out), out
    assert all(int(line.split()[2]) > 0 for line in out if line.split()[1] != "tables"), out  # it ran them


def test_every_games_kernels_once_compiled_are_found_on_disk():
    """After a warm-up every game's kernels are in the cache folder, so a spare worker loads them
    in the menus (``ui.worker_process._head_start_steps`` asks ``on_disk``).  Reversi's kernels inlined
    into their callers (``inline="always"``) get no file of their own: looked for, they made
    Reversi's kernels never found, and its spare loaded none."""
    for game_id in kernels.KERNEL_GAMES:
        kernels.warm_up(game_id)
        assert kernels.on_disk(game_id), game_id


def test_the_windows_first_hint_on_rules_that_run_no_kernel_prepares_none(monkeypatch):
    """A hot-seat 3x3 game's first hint (H) took 4 to 6 s of "Finding a hint…": the AI worker made
    the hint's level-5 without the game's options, and it loaded every Tic-tac-toe kernel, or on a
    fresh install compiled them, for a board searched in Python.  A worker's player is made for its
    job's rules: a 3x3 hint prepares no kernel, a 15x15 one still does."""
    import threading

    from ui.ai_worker import AIResult, Job
    from ui.worker_jobs import run_job

    class Reports(list):
        put = list.append

    compiled = []
    monkeypatch.setattr(kernels, "_deferred", False)  # the worker of a game whose rules need none: no warm-up
    monkeypatch.setattr(kernels, "warm_up", lambda *stages: compiled.append(stages))
    for options in ({"width": 3, "height": 3, "k": 3}, {"width": 15, "height": 15, "k": 5}):
        game = games.load("tictactoe", **options)
        hint = Job("tictactoe", dict(game.options), (), game.to_text(game.initial_state()), "level-5", 0.2,
                   slot="hint")
        reports = Reports()
        run_job(1, hint, {}, reports, threading.Event())
        assert isinstance(reports[-1], AIResult) and reports[-1].move is not None
        assert compiled == ([] if options["width"] == 3 else [("tictactoe",)]), options


@pytest.mark.parametrize("game_id, level, line, stages", [
    ("hex", "level-3", [], ("search",)), ("alquerque", "level-5", [], ()), ("reversi", "level-3", ["d3"], ()),
])
def test_a_stand_in_says_it_has_begun_before_its_first_figures(monkeypatch, game_id, level, line, stages):
    """A fresh install's first games: while the kernels compile, Hex's, Alquerque's and Reversi's
    levels search in Python, but the window heard nothing until their first batch or depth and
    said "Preparing the engine..." meanwhile, on every move (0.1 s for Hex, 0.3 s and more for
    Alquerque's level-5 beside the compiler), its clock stopped as if no search ran.  The driver
    now says the search has begun at once, as Rastros' stand-in does."""
    compiling_from_scratch(monkeypatch, game_id, *stages)
    state = games.load(game_id).play_line(line)
    reports: list[Progress] = []
    player = ai.make_player(game_id, level, seed=1)
    assert player.choose(state, Limits(time=0.3), reports.append) in state.legal_moves()
    assert reports[0].best_move is None and reports[0].nodes == 0 and not reports[0].done
    assert reports[-1].done and reports[-1].best_move is not None


@pytest.fixture
def fresh_kernel(monkeypatch):
    """A kernel never compiled, in a kernel module of its own (``ai.kernels.<name>``), cached nowhere."""
    from numba import njit

    module = types.ModuleType("ai.kernels.never_compiled")
    module.plus_one = njit(lambda x: x + 1)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return module.plus_one


@pytest.mark.parametrize("foretold_on_disk, compiles, said", [(True, True, "(compiled)"), (False, False, "(loaded)")])
def test_a_stage_is_said_compiled_or_loaded_by_what_it_did_not_by_what_was_foretold(
        monkeypatch, caplog, fresh_kernel, foretold_on_disk, compiles, said):
    """``on_disk`` only foretells (it looked at its game's own module: Hex's connection kernels,
    compiled in modules beside it, were logged "ready in 150.9 s (loaded)", and Reversi's search,
    loaded while its solver's kernels were still missing, "ready in 1.0 s (compiled)")."""
    if not compiles:
        fresh_kernel(1)  # compiled before the stage: the stage only uses it
    monkeypatch.setattr(kernels, "on_disk", lambda game_id, stage=None: foretold_on_disk)
    caplog.set_level("DEBUG", logger="ai.kernels")
    kernels._run_stage_here("hex", "knowledge", lambda: fresh_kernel(2), kernels._Stage())
    assert caplog.records[-1].getMessage().endswith(said)
