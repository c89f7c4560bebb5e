"""Test setup: headless SDL, silent audio, and a hypothesis profile that fits CI's 2 cores.

``TABULEIRO_TEST_SEED=N`` runs the same checks on other samples: every test module's
``random.Random(seed)`` draws from a seed shifted by N, and hypothesis tries 400 random examples
a test.  Without it the seeds are fixed and hypothesis is derandomised (the same examples every
run), so CI is reproducible but sees one sample each; a test that fails under another N has found
a bug, or holds only for its own sample (both worth fixing).
"""

import atexit
import contextlib
import gc
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import types
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings, autosave, saved games, tournament tables and bots' logs of the tests go to a scratch
# folder, never the user's own (even one exported in the shell that runs the tests).
_scratch = tempfile.mkdtemp(prefix="tabuleiro-tests-")
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
os.environ["TABULEIRO_CONFIG_DIR"] = os.path.join(_scratch, "config")
os.environ["TABULEIRO_DATA_DIR"] = os.path.join(_scratch, "data")
os.environ["TABULEIRO_BOT_LOGS"] = os.path.join(_scratch, "bot-logs")
# The kernels the tests compile stay with this checkout, as __pycache__ does, not in the user's
# cache folder beside the app's.
os.environ.setdefault("NUMBA_CACHE_DIR", str(Path(__file__).resolve().parent.parent / ".numba-cache"))
# The suite keeps its modules compiled in __pycache__ (gitignored) even from a shell that says not to
# (PYTHONDONTWRITEBYTECODE, as some CI images and sandboxes export): without it every xdist worker
# rewrote the asserts of all 190 test modules again (over 10 s of its start on 2 loaded cores), and
# every process a test starts (an analysis worker, a tournament's, the command line) compiled the
# app's modules again.  Bots outside the app still run without (ai.outside_process sets it for them).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
# A save's fsync (``ai.atomic``, ``ai.results_log``) guards the file against a power cut: the tests'
# files are scratch, read back by the same run and never after one, and each fsync waited on the
# disk (1 ms on a quiet one, 26 ms on a loaded one; 120 tests of 15 modules made 770, a round
# trip of records under hypothesis 80 a test).  In the tests' own processes it checks its
# descriptor and returns; a test that checks a write's fsync (a full disk at it:
# tests/test_export_files.py) replaces ``os.fsync`` itself.  The processes a test starts (a
# tournament's, the command line) still fsync.
SKIPPED_FSYNCS = [0]  # how many fsyncs the process skipped (tests/test_suite_setup.py)


def _fsync_skipped(fd) -> None:
    """``os.fsync`` without the wait for the disk: a descriptor that is not open still fails (OSError)."""
    os.fstat(fd if isinstance(fd, int) else fd.fileno())
    SKIPPED_FSYNCS[0] += 1


os.fsync = _fsync_skipped
# A suite started in the background by a shell (`pytest &`, or a job runner) has SIGINT ignored, and
# every command a test starts would inherit that: the Ctrl+C tests' SIGINT would do nothing.  A
# handler here makes the commands start with the default one, as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
# The handlers each test must leave as it found them (``_signal_handlers_kept``): the command
# line's stop as on Ctrl+C (``main.stop_as_on_ctrl_c``) and the window's SIGHUP (``ui.app``).
KEPT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")
                     if hasattr(signal, name))
SESSION_HANDLERS = {signum: signal.getsignal(signum) for signum in KEPT_SIGNALS}
# A first start takes the desktop's language (ui.i18n.system_language): the tests' is English,
# whatever the machine's; tests of other languages set theirs.
os.environ["LANGUAGE"] = "en"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "tabuleiro", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True,
    database=None,
)
settings.register_profile("other-samples", max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
SEED_SHIFT = int(os.environ.get("TABULEIRO_TEST_SEED") or 0)
settings.load_profile("other-samples" if SEED_SHIFT else "tabuleiro")


class _ShiftedRandom(random.Random):
    """``random.Random`` whose seed is shifted by ``SEED_SHIFT`` (an unseeded one stays unseeded)."""

    def __init__(self, seed=None) -> None:
        super().__init__(None if seed is None else f"{seed}+{SEED_SHIFT}")  # a str seed: stable


def _uncompiled_kernel_modules() -> list[str]:
    """The kernel modules of ai/kernels with nothing compiled in this checkout's cache yet."""
    from ai.kernel_folders import folder_name
    from ai.kernels import cache_dir

    kernels = Path(__file__).resolve().parent.parent / "ai" / "kernels"
    return [path.stem for path in sorted(kernels.glob("*.py"))
            if path.name != "__init__.py" and not any((cache_dir() / folder_name(path)).glob("*.nbi"))]


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the engines' kernels before the first test when this checkout has not yet.

    Tests that wait for a computer's answer (analysis in the replay, a level-5 move) give it a
    minute; on a fresh clone the first such test of a game would also pay that game's compile,
    over a minute on a loaded 2-core machine.  Compiled here once, in one process per core as the
    window's preparation does, every test loads them from the disk cache instead.  Under xdist only
    the controller does it, before its workers start."""
    if hasattr(session.config, "workerinput") or not _uncompiled_kernel_modules():
        return
    import subprocess

    from ai.kernels import compile_groups

    sys.__stderr__.write("conftest: compiling the engines' kernels for this checkout (once)\n")
    script = "import sys; import ai.kernels as k; [k.warm_up(g) for g in sys.argv[1:]]"
    root = Path(__file__).resolve().parent.parent
    compilers = [subprocess.Popen([sys.executable, "-c", script, *group], cwd=root)
                 for group in compile_groups(os.cpu_count() or 1)]
    for compiler in compilers:
        compiler.wait()


# The garbage collector's runs while this process collected the tests (``pytest_collection``).
GC_RUNS_WHILE_COLLECTING = [0]


def _gc_runs() -> int:
    """How many collections of any generation this process has run."""
    return sum(generation["collections"] for generation in gc.get_stats())


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session):
    """The garbage collector stays off while the test modules are imported and their tests
    collected: every xdist worker collects the whole suite before its first test, and each of
    the collector's passes went through every module, function and test item made so far (7 full
    ones and 900 young ones, 1 s of a worker's 4.6 s of collecting).  What collecting left as
    garbage is freed at once before the first test (``_earlier_tests_left_out_of_collections``,
    which goes through everything then anyway: 0.2 s more, 13 MB more at most meanwhile)."""
    before = _gc_runs()
    gc.disable()
    try:
        return (yield)
    finally:
        GC_RUNS_WHILE_COLLECTING[0] += _gc_runs() - before  # counted first: enabled, it may run at once
        gc.enable()


def pytest_collection_modifyitems(items: list) -> None:
    """With ``TABULEIRO_TEST_SEED``, the test modules' ``random`` draws from shifted seeds."""
    if not SEED_SHIFT:
        return
    shifted = types.ModuleType("random")
    shifted.__dict__.update(random.__dict__)
    shifted.Random = _ShiftedRandom
    for module in {item.module for item in items if hasattr(item, "module")}:
        if getattr(module, "random", None) is random:
            module.random = shifted


@pytest.fixture(autouse=True)
def _priority_kept():
    """Every test leaves the process's priority as it found it: a test that lowered it (as the
    analysis worker lowers its own) slowed every later test of its xdist worker, and a test
    waiting on the window then timed out under load."""
    before = os.nice(0) if hasattr(os, "nice") else 0
    yield
    after = os.nice(0) if hasattr(os, "nice") else 0
    assert after == before, f"the test left the process at nice {after} (was {before})"


@pytest.fixture(autouse=True)
def _signal_handlers_kept():
    """Every test leaves the signal handlers as it found them: a test that ran ``main.main()`` in
    the pytest process left its SIGTERM and SIGHUP handlers (``main.stop_as_on_ctrl_c``) there,
    and a stray SIGTERM that reached the xdist worker later was a KeyboardInterrupt inside an
    unrelated test (tests/test_ui_main_menu.py, in a hypothesis callback) instead of the worker's
    end, which says what happened."""
    before = {signum: signal.getsignal(signum) for signum in KEPT_SIGNALS}
    yield
    for signum, handler in before.items():
        if handler is not None and signal.getsignal(signum) is not handler:  # None: not set from Python
            signal.signal(signum, handler)


@pytest.fixture
def session_signal_handlers() -> dict:
    """The signal handlers the test process started with (``KEPT_SIGNALS``)."""
    return dict(SESSION_HANDLERS)


@pytest.fixture(autouse=True)
def _earlier_tests_left_out_of_collections():
    """A test's garbage collections go through what it makes, not through what the tests before it
    in its process left alive (modules imported inside tests, numba's compiled kernels, the books
    and tables their caches keep).  A window collects the garbage at every change of screen
    (``ui.memory.give_back``) and sets aside only what was alive when the process's first window
    opened (``ui.memory.leave_out_what_lives_on``): each collection later in an xdist worker went
    through all the rest, so a window test slowed the longer its worker had lived.  Collected,
    then frozen before each test: what an earlier test left that dies later and sits in a
    reference cycle is never freed, which a test process can afford."""
    gc.collect()
    gc.freeze()
    yield


# ``TABULEIRO_LEFT_PROCESSES=0`` turns ``_no_process_left`` off (a run that looks for something else).
LEFT_PROCESSES_CHECKED = os.environ.get("TABULEIRO_LEFT_PROCESSES", "1") != "0"
# the mark taken as the last test's look for processes left began (``_no_process_left``)
LAST_LOOK: list = [None]


@pytest.fixture(autouse=True)
def _no_process_left(tmp_path_factory):
    """No test leaves an AI worker or an outside bot running (tests/left_processes.py): a worker
    killed after its grace left its bot playing on, orphaned, and a window's quit that gave up on a
    worker left it running; each such process took a core from every later test.  Those left are
    given ``LEFT_WAIT`` seconds to end (a closed worker ends in the background), then killed, and
    the test fails.  The bots are looked for among the processes started since the last test's
    look began (``LAST_LOOK``; the first test of a process, or one past ``WHOLE_LOOK_AFTER``,
    looks at all): those before were looked at then."""
    yield
    if not LEFT_PROCESSES_CHECKED:
        return
    from tests import left_processes

    folders = (_scratch, str(tmp_path_factory.getbasetemp()))
    since, LAST_LOOK[0] = LAST_LOOK[0], left_processes.pid_mark()
    left = left_processes.waited_for(folders, since=since)
    if left:
        left_processes.kill_left(left, folders)
        pytest.fail("the test left processes running: " + "; ".join(
            f"{one.kind} {one.pid} ({one.command[:120]})" for one in left), pytrace=False)


# AI workers and a tournament's workers fork warm (``ai.start_method.worker_context``): a window test
# with a computer player spent 1.5 to 3.5 s of a core on its worker's start (numba imported, the
# engine, the kernels loaded), a tournament as much for each of its workers, paid once per test
# process by the fork server instead (tests/worker_preload.py).
# ``TABULEIRO_WARM_WORKERS=0`` spawns them cold, as the window does (a run that compares the two).
WARM_WORKERS = os.environ.get("TABULEIRO_WARM_WORKERS", "1") != "0"
# The tests of a worker's own start (a spare's head start, a cold start's "Preparing the engine",
# the kernels' compiling and cache, the end of workers and Ctrl+C) start theirs as the window
# does, spawned: a forked one would find everything loaded already.
COLD_WORKER_MODULES = frozenset({
    "test_spare_worker", "test_worker_ends", "test_window_ctrl_c", "test_ui_warm_up", "test_warm_start",
    "test_ai_worker", "test_ai_worker_killed", "test_cold_start", "test_debug_log",
})
COLD_WORKER_PREFIXES = ("test_kernel_",)


def cold_workers(module_name: str) -> bool:
    """Whether the tests of module ``module_name`` (its last part) start their AI workers spawned."""
    name = module_name.rpartition(".")[2]
    return not WARM_WORKERS or name in COLD_WORKER_MODULES or name.startswith(COLD_WORKER_PREFIXES)


_FORK_SERVER: list[bool] = []  # started in this process (``_fork_server``)


def _fork_server() -> None:
    """Start this process's fork server once, before the first test that may start a worker: from
    the checkout's folder, as the server finds the preload there (Python 3.11's ``python -c``
    takes no ``sys.path`` from its parent), and with SIGINT blocked as a worker's start has it, so
    that the workers it forks ignore the terminal's Ctrl+C as spawned ones do
    (``ai.parent_watch.sigint_blocked``).  Ended at the session's end (``pytest_sessionfinish``)."""
    if _FORK_SERVER:
        return
    import multiprocessing
    import multiprocessing.forkserver

    from ai.parent_watch import sigint_blocked

    multiprocessing.set_forkserver_preload(["tests.worker_preload"])
    before = os.getcwd()
    os.chdir(Path(__file__).resolve().parent.parent)
    try:
        with sigint_blocked(), contextlib.suppress(OSError, ValueError):
            multiprocessing.forkserver.ensure_running()
    finally:
        os.chdir(before)
    _FORK_SERVER.append(True)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The fork server ends with the session (its workers were all ended by their tests)."""
    if _FORK_SERVER:
        import multiprocessing.forkserver

        end_fork_server(multiprocessing.forkserver._forkserver)


def end_fork_server(server: object) -> None:
    """End ``server``, a ``multiprocessing.forkserver.ForkServer`` this process started, as
    Python's own tests end theirs (``_stop``: its pipe closed, its end waited for, its socket
    removed), but killed first: told by its pipe, it ended as any Python process does, its
    interpreter torn down with numba and every engine the preload imported, 0.7 s that every
    xdist worker's end waited for.  It serves no one by then, and its pid is still its own (this
    process has not reaped it)."""
    pid = getattr(server, "_forkserver_pid", None)
    if pid is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    stop = getattr(server, "_stop", None)
    if stop is not None:
        stop()


@pytest.fixture(autouse=True)
def _workers_start_warm(request, monkeypatch):
    """A test of a process that has imported ``ai.start_method`` (a window test's module, through
    ``ui.ai_worker``; a tournament's, through ``ai.tournament``) starts its AI workers and its
    tournaments' workers forked from the warm fork server, unless its module starts them cold
    (``cold_workers``)."""
    start = sys.modules.get("ai.start_method")
    if start is not None and "forkserver" in __import__("multiprocessing").get_all_start_methods() \
            and not cold_workers(request.module.__name__):
        _fork_server()
        monkeypatch.setattr(start, "START_METHOD", "forkserver")
    yield


@pytest.fixture
def computer_thinks_until_told(tmp_path_factory, monkeypatch):
    """The computer's moves in this test's windows think until the test says so
    (tests/computer_standin.py): its turn lasts while the test presses keys or clicks, whatever
    the speed of the worker's start or of its level, and ends at ``release()`` (the level's
    move, now and on every later turn) or ``answer(move)`` (that move), or as the window stops it
    (undo, pause, back, quit).  The window's own worker runs it, a real process: only its search
    is a stand-in.  A spare worker started before the test's is ended, so that the next worker
    starts as this test's."""
    import functools

    import ui.worker_client
    import ui.worker_lifecycle
    from tests import computer_standin

    folder = tmp_path_factory.mktemp("computer-standin")
    monkeypatch.setattr(ui.worker_lifecycle, "worker_main", functools.partial(computer_standin.worker_main, str(folder)))
    ui.worker_client.SpareWorker.end()
    told = computer_standin.ComputerThinksUntilTold(folder)
    yield told
    told.release()  # a window still open answers, and closes as it would


@pytest.fixture(autouse=True)
def _window_not_left_full_screen():
    """No test's window opens in the display another test left full screen (on the dummy driver it
    kept the screen's size: ``tests.ui_helpers.window_given_back``)."""
    yield
    if "ui.app" in sys.modules:  # a window test's: the others never opened a display
        from tests.ui_helpers import window_given_back

        window_given_back()


@pytest.fixture(autouse=True)
def _clipboard_answer_forgotten():
    """No test meets a clipboard another test's hung paste gave up on (``ui.clipboard.GAVE_UP``
    is the process's): a test that replaces ``get_text`` never clears it, and its Ctrl+V was said
    to be "not read in time"."""
    yield
    clipboard = sys.modules.get("ui.clipboard")
    if clipboard is not None:
        clipboard.GAVE_UP.clear()


# the next number of each name of a test's folder in this process (``numbered_folder``)
_NEXT_FOLDER: dict[str, int] = {}


def numbered_folder(base: Path, prefix: str) -> Path:
    """A new empty folder ``<prefix><n>`` in ``base``, ``n`` counted from 0 for each prefix in this
    process as pytest numbers a test's ``tmp_path`` (a name taken already is skipped), without the
    link pytest keeps to the newest folder of each prefix (``<prefix>current``).  Moving that link
    was an unlink and a symlink in the session's folder for every test with a folder (every window
    test's ``app``): on CI's disk an unlink waits for the disk, 3 ms on a loaded machine."""
    number = _NEXT_FOLDER.get(prefix.lower(), 0)
    while True:
        path = base / f"{prefix}{number}"
        try:
            path.mkdir(mode=0o700)
        except FileExistsError:  # made by another (``tmp_path_factory.mktemp``)
            number += 1
        else:
            _NEXT_FOLDER[prefix.lower()] = number + 1
            return path


@pytest.fixture
def tmp_path(request, tmp_path_factory) -> Path:
    """pytest's ``tmp_path``: a new empty folder for each test, in the session's temporary folder
    (each xdist worker's own), named after the test as pytest names it, made by ``numbered_folder``.
    Every folder is kept after its test, as pytest's default retention keeps it."""
    return numbered_folder(tmp_path_factory.getbasetemp(), re.sub(r"\W", "_", request.node.name)[:30])


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A window on the main menu (1280x800), with its own settings and data folders; after the
    test it is closed and must have caught no exception in a scene (``window_for_a_test``)."""
    from tests.ui_helpers import window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch) as window:
        yield window


@pytest.fixture
def skipped_fsyncs() -> list[int]:
    """The count of fsyncs this process has skipped (``_fsync_skipped``), as a one-item list."""
    return SKIPPED_FSYNCS


@pytest.fixture
def gc_runs_while_collecting() -> list[int]:
    """The count of the garbage collector's runs while this process collected the tests
    (``pytest_collection``), as a one-item list."""
    return GC_RUNS_WHILE_COLLECTING


@pytest.fixture
def held_elsewhere():
    """``held_elsewhere(log)``: results log ``log`` held open by another process, as a league or a
    window still running on it holds it, until the test ends (or ``release()`` is called)."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    holders: list[subprocess.Popen] = []

    def release() -> None:
        while holders:
            proc = holders.pop()
            proc.stdin.close()
            proc.wait(timeout=30)

    def hold(log: Path) -> None:
        code = (f"import sys; sys.path.insert(0, {str(root)!r}); from ai.results_log import ResultsLog; "
                f"log = ResultsLog.append({str(log)!r}); print('open', flush=True); sys.stdin.read(); log.close()")
        proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True)
        holders.append(proc)
        assert proc.stdout.readline() == "open\n"

    hold.release = release
    yield hold
    release()


@pytest.fixture
def still_clock(monkeypatch):
    """The board views' clock stands still (``now`` moves it): an animation then lasts until the
    test moves the clock on, however long a loaded machine pauses between two lines."""
    import importlib

    import games
    import ui.board_view

    clock = types.SimpleNamespace(now=100.0)
    still = types.SimpleNamespace(monotonic=lambda: clock.now)
    views = (importlib.import_module(f"ui.views.{game_id}") for game_id in games.available_ids())
    for module in (ui.board_view, *views):
        if hasattr(module, "time"):
            monkeypatch.setattr(module, "time", still)
    return clock


@pytest.fixture
def skipped_time(monkeypatch):
    """The game screen's clock (``time.monotonic`` in ``ui.scenes.game`` and its parts) moved on
    at will: ``skip(seconds)`` makes that much time pass at once, so that a test leaves a clocked
    game paused for an hour without waiting for it.  The real clock goes on under it."""
    import importlib
    import time

    offset = types.SimpleNamespace(seconds=0.0)
    shifted = types.SimpleNamespace(**{name: getattr(time, name) for name in dir(time) if not name.startswith("_")})
    shifted.monotonic = lambda: time.monotonic() + offset.seconds
    for part in ("game", "game_commands", "game_computer", "game_mouse", "game_over", "game_panel"):
        module = importlib.import_module(f"ui.scenes.{part}")
        if hasattr(module, "time"):  # the panel reads the computer's time from ``ComputerMoves``
            monkeypatch.setattr(module, "time", shifted)

    def skip(seconds: float) -> None:
        offset.seconds += seconds

    return skip


@pytest.fixture(autouse=True)
def _wrapped_lines_forgotten():
    """Each test wraps its texts afresh (``ui.text.forget_laid_out``): the lines an earlier test of
    the same process wrapped and kept would come back from the cache without passing through what
    a test watches (a spy on ``fit_font`` for shortened text, a count of measures), so a test's
    result would depend on the tests run before it in its xdist worker."""
    text = sys.modules.get("ui.text")
    if text is not None:
        text.forget_laid_out()
    yield
