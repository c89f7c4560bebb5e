"""An evening in one window leaves nothing behind: game screens opened and left again and again
(a PC vs PC game, its rules and search tree looked at, the menu) end their worker processes and
threads, close their files and are freed, and the memory a drag of the window's edge frees goes
back to the system.  ``python tools/soak.py`` measures the same at length."""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import ui.app
from tests.test_tree import built
from tests.ui_helpers import count_calls, key
from ui import memory
from ui.app import RESIZE_SETTLED
from ui.match import PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.game_computer import SPEEDS
from ui.scenes.tree_explorer import TreeExplorerScene
from ui.worker_lifecycle import wait_for_closed_workers

ROOT = Path(__file__).resolve().parent.parent

# visits after the first, whose counts are the baseline: the counts must come back exactly, so a
# visit that leaves one process, thread, descriptor or screen behind fails after one (a second
# showed the same leak twice: 2 to 3 s more a case, and no leak it alone would catch)
VISITS = 1
# threads that end by themselves once what started them is left: the search tree's choice of its
# depth, build and counts (at their next position), the ones ending a closed worker's process (once
# it has been reaped), and the feeder of that worker's job queue (``multiprocessing.Queue``), which
# closes the queue's two pipe descriptors and ends only after the queue is closed: a loaded machine
# counted it, and them
ENDING_THREADS = ("tree-depth", "tree-build", "tree-counts", "tabuleiro-ai-end", "QueueFeederThread")
THREADS_END = 30.0  # seconds: only a safety net, a stopped thread ends as soon as it is given a core


FONT_FILES = (".ttf", ".otf")


def open_descriptors() -> int | None:
    """The process's open file descriptors but its fonts' (None where /proc does not list them).
    A font is kept open by size in a bounded cache (``ui.text.ui_font``), and which sizes a visit
    draws depends on how far its game and tree got in the time they had: on a loaded machine a
    later visit drew a size the first had not (the tree's labels, one more on another run)."""
    if not sys.platform.startswith("linux"):
        return None
    return sum(1 for fd in os.listdir("/proc/self/fd") if not _a_font(fd))


def _a_font(fd: str) -> bool:
    try:
        return os.readlink(f"/proc/self/fd/{fd}").endswith(FONT_FILES)
    except OSError:  # the listing's own descriptor, closed by now
        return False


def a_visit(app, game_id: str) -> None:
    """A PC vs PC game played a few moves, Rematch, its rules and tree and back, then the menu."""
    app.start_game(MatchSetup(game_id, {}, PC_VS_PC, ("level-1", "level-1"), 0.05))
    scene = app.scene
    for _ in SPEEDS:  # + to the speed Max: the moves follow each other with no pause (4 s a visit)
        key(app, pygame.K_PLUS, frames=1)
    app.run_frames(50, until=lambda: len(scene.history) >= 2, timeout=60)
    scene.rematch()
    app.run_frames(20, until=lambda: len(scene.history) >= 1, timeout=60)
    for look in (scene.show_rules, scene.open_tree):
        look()
        if isinstance(app.scene, TreeExplorerScene):  # built in a thread: a loaded machine's first visit left before
            built(app, app.scene)  # it was drawn, and the later ones opened its labels' fonts (2 descriptors more)
        app.run_frames(3)
        app.scene.back()
        app.run_frames(3)
    assert app.scene is scene
    app.show_menu()
    app.run_frames(3)


EARLIER_THREADS: set[threading.Thread] = set()  # alive as the running test began (``_earlier_threads``)


@pytest.fixture(autouse=True)
def _earlier_threads():
    """The threads alive as each test begins, which are not its own: an earlier test of the same
    process (CI's workers run hundreds) may leave one running that ends much later or never, and
    each count waited ``THREADS_END`` for it (30 s a count, 60 s a test in CI, all three tests on
    one worker), and counted it, though it ending between two counts is no leak of the test's."""
    EARLIER_THREADS.clear()
    EARLIER_THREADS.update(threading.enumerate())
    yield
    EARLIER_THREADS.clear()


def ending_threads_ended() -> None:
    """Wait for the ``ENDING_THREADS`` to end: a search tree's, told to stop as its screen closed,
    end at their next position, the screen they hold freed with them; one that ended a worker's
    process has said so (``wait_for_closed_workers``) a moment before it ends itself, which a
    loaded machine's count of threads caught.  The queue feeders are joined after the threads
    ending the workers, which close their queues; not the feeder of a queue still open, which
    ends only once its queue is closed (``feeds_an_open_queue``)."""
    for name in ENDING_THREADS:
        for thread in threading.enumerate():
            if thread.name == name and thread not in EARLIER_THREADS and not feeds_an_open_queue(thread):
                thread.join(THREADS_END)


def feeds_an_open_queue(thread: threading.Thread) -> bool:
    """Whether ``thread`` is the feeder of a ``multiprocessing.Queue`` neither closed nor freed
    (its close is still to come: ``Queue._finalize_close`` is registered with its buffer), which
    waits for that queue's items for as long as it is open.  A queue an earlier test of the same
    process left open (CI's workers run many) kept its feeder, and each count waited out
    ``THREADS_END`` for it: 30 s each, 60 s a test.  It is still counted, only not waited for."""
    import multiprocessing.queues
    import multiprocessing.util

    args = getattr(thread, "_args", ()) if thread.name == "QueueFeederThread" else ()  # gone once it has ended
    return bool(args) and any(  # its first: the queue's buffer (``Queue._start_thread``)
        getattr(close, "_callback", None) is multiprocessing.queues.Queue._finalize_close and close._args[0] is args[0]
        for close in list(multiprocessing.util._finalizer_registry.values()))


def left_behind() -> tuple[int, int, int | None, int]:
    """Worker processes, threads (the test's own: ``EARLIER_THREADS`` left out), descriptors and
    game screens alive once closed workers and the ``ENDING_THREADS`` have ended."""
    assert wait_for_closed_workers(30)
    ending_threads_ended()
    gc.collect()
    scenes = sum(1 for o in gc.get_objects() if isinstance(o, GameScene))
    threads = sum(1 for thread in threading.enumerate() if thread not in EARLIER_THREADS)
    return len(multiprocessing.active_children()), threads, open_descriptors(), scenes


@pytest.mark.parametrize("game_id", ["tictactoe", "alquerque"])
def test_game_screens_left_again_and_again_leave_no_process_thread_file_or_screen(app, game_id):
    a_visit(app, game_id)  # the first opens what the window keeps for good (fonts, the autosave's writer)
    processes, threads, descriptors, scenes = left_behind()
    assert (processes, scenes) == (0, 0)
    for _ in range(VISITS):
        a_visit(app, game_id)
    processes, threads_after, descriptors_after, scenes = left_behind()
    # none more than after the first visit (fewer: one the first count caught ending, a closed
    # worker's pipe or an earlier test's, had ended by this one: CI, 21 descriptors after 22)
    assert (processes, scenes) == (0, 0) and threads_after <= threads and (descriptors is None or descriptors_after <= descriptors), (
        threads_after, threads, descriptors_after, descriptors)


def test_the_count_waits_for_a_closed_workers_job_queue_to_close_its_pipe(monkeypatch):
    """A closed worker's job queue closes its pipe on its own feeder thread once the worker has
    ended: a loaded machine gave that thread a core late, and the count above saw a thread and two
    descriptors more (or fewer, when it was the first count that caught them).  Here the feeder
    closes the pipe late on purpose: the count waits for it."""
    import multiprocessing.queues

    from ui.worker_client import AIWorker

    feed = multiprocessing.queues.Queue._feed

    def late(close):
        return lambda: (time.sleep(0.5), close())

    def feed_closing_late(buffer, notempty, send_bytes, writelock, reader_close, writer_close, *rest):
        feed(buffer, notempty, send_bytes, writelock, late(reader_close), late(writer_close), *rest)

    AIWorker("tictactoe", warm_up=False).close()  # the first opens what the process keeps (its resource tracker)
    before = left_behind()
    monkeypatch.setattr(multiprocessing.queues.Queue, "_feed", staticmethod(feed_closing_late))
    AIWorker("tictactoe", warm_up=False).close()
    assert left_behind() == before


def test_the_count_does_not_wait_for_the_feeder_of_a_queue_left_open(monkeypatch):
    """A queue left open (by an earlier test of the same process) keeps its feeder thread until
    it is closed: each count waited ``THREADS_END`` for it, in vain (the tests above took 60 s
    more in CI).  Its feeder is not waited for; a closed queue's still is (the test above)."""
    import multiprocessing.queues

    left_open = multiprocessing.get_context("spawn").Queue()
    left_open.put("an item")  # its feeder starts
    feed = multiprocessing.queues.Queue._feed
    ends = threading.Event()  # the closed queue's feeder ends once the test lets it

    def closing_when_let(buffer, notempty, send_bytes, writelock, reader_close, writer_close, *rest):
        feed(buffer, notempty, send_bytes, writelock, lambda: (ends.wait(THREADS_END), reader_close()), writer_close,
             *rest)

    monkeypatch.setattr(multiprocessing.queues.Queue, "_feed", staticmethod(closing_when_let))
    closing = multiprocessing.get_context("spawn").Queue()
    closing.put("an item")
    closing.close()
    joined = []
    try:
        monkeypatch.setattr(threading.Thread, "join", lambda thread, timeout=None: (joined.append(thread), ends.set()))
        ending_threads_ended()
    finally:
        monkeypatch.undo()
        ends.set()
        for queue in (left_open, closing):
            queue.close()
            queue.join_thread()
    assert left_open._thread not in joined and closing._thread in joined


def test_a_thread_an_earlier_test_left_running_is_neither_waited_for_nor_counted(monkeypatch):
    """A thread of ``ENDING_THREADS`` alive as the test began (an earlier test's, still running)
    was joined for ``THREADS_END`` at each count, and counted: the three tests above took 60 s
    more on CI's worker that ran them, and one ending between the two counts would have failed
    them.  It is left to itself: not joined, not counted."""
    release = threading.Event()
    stray = threading.Thread(target=release.wait, name="tree-build", daemon=True)
    stray.start()
    EARLIER_THREADS.add(stray)  # as if alive when the test began
    join = threading.Thread.join
    joined = []
    monkeypatch.setattr(threading.Thread, "join", lambda thread, timeout=None: joined.append(thread))
    try:
        first = left_behind()
        monkeypatch.undo()
        release.set()
        join(stray)
        assert left_behind() == first and stray not in joined
    finally:
        release.set()


def test_what_lives_as_long_as_the_window_is_left_out_of_each_change_of_screens_collection(app):
    """Each change of screen collects the garbage (``memory.give_back``), and each went through
    every object of every module imported before the window opened: 16 ms of the window's 35 ms
    change of screen (45 to 60 ms in a test process, 3 s of each walk of the screens).  Those are
    set aside as the window opens; the screen it shows, made after, is still gone through, and freed
    when it is left (the test above)."""
    from ui.app import App

    tracked = gc.get_objects()
    assert not any(o is App for o in tracked), "the window's own class is gone through at each change of screen"
    assert any(o is app.scene for o in tracked)


def test_a_screen_left_is_freed_by_its_change_of_screens_collection_though_it_lived_through_one(app):
    """A screen lives through the collection of the change that showed it (``memory.give_back``,
    after its first frame), which moves what it holds to the collector's oldest generation: only a
    full collection frees it once it is left.  Collecting the two young generations alone, 1 ms
    quicker a change, left 19 of a walk's 20 screens alive and the window 24 MB larger
    (tools/give_back_bench.py)."""
    app.show_setup()
    app.run_frames(2)
    left = weakref.ref(app.scene)
    app.show_menu()
    app.run_frames(1)
    assert left() is None, "the New game screen left is alive after the change of screen"


def resident_mb() -> float:
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not memory.can_give_back(), reason="only glibc keeps freed memory that it can be asked for")
def test_the_memory_a_drag_of_the_windows_edge_frees_is_given_back_once_it_is_over(app, monkeypatch):
    """The New game screen's form is built again at each size the window passes through: glibc kept
    what was freed, 100 MB and more after a drag out and back, for the rest of the evening.  Once
    the edge has been still a moment (``RESIZE_SETTLED``) most of it is given back.

    The drag is one that never stops: a loaded machine that left the test without a core for half
    a second between two sizes ended it there.  Its end is waited for as the window sees it (the
    give-back called), not for a fixed time: a frame held past that time drew none after the
    still moment, and nothing was given back."""
    app.show_setup()
    app.run_frames(3)
    before = resident_mb()
    monkeypatch.setattr(ui.app, "RESIZE_SETTLED", float("inf"))
    for n in [*range(40), 0]:
        size = (1280 + 12 * n, 800 + 8 * n)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.run_frames(2)
    grown = resident_mb() - before
    monkeypatch.setattr(ui.app, "RESIZE_SETTLED", RESIZE_SETTLED)
    given_back = count_calls(monkeypatch, memory, "give_back")
    assert app.run_frames(5, until=lambda: given_back[0], timeout=RESIZE_SETTLED + 30)  # a still moment after it
    assert resident_mb() - before < grown / 2, f"{grown:.0f} MB more during the drag"


def test_the_soak_tools_baseline_snapshot_is_written_to_a_file_not_kept(tmp_path):
    """tools/soak.py compares tracemalloc's traces at the end with the first round's: a snapshot
    held in memory (35 MB for the window's traces) showed in every later row as the window's own,
    the second round's (analysis on) 40 MB more.  It is written to a file instead."""
    import tracemalloc

    from tools.soak import baseline

    tracemalloc.start(1)
    try:
        path = baseline(tmp_path)
        gc.collect()
        assert sum(1 for o in gc.get_objects() if isinstance(o, tracemalloc.Snapshot)) == 0
    finally:
        tracemalloc.stop()
    assert tracemalloc.Snapshot.load(str(path)).traces


def session_processes(session: int) -> list[int]:
    """The live processes of the session ``session`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="ascii").rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def ai_workers(pid: int) -> list[int]:
    """The worker processes ``pid`` started with multiprocessing (a game's AI worker), not the
    other commands it runs a moment (ctypes' ``ldconfig``)."""
    from tools.soak import children

    def started_by_multiprocessing(child: int) -> bool:
        try:
            return b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            return False

    return [child for child in children(pid) if started_by_multiprocessing(child)]


def soak_with_a_worker(tmp_path: Path) -> subprocess.Popen:
    """tools/soak.py playing tic-tac-toe in a session of its own, once a game's worker runs (the
    caller signals it, and kills the session if it outlives the test)."""
    soak = subprocess.Popen([sys.executable, "tools/soak.py", "--games", "3", "--rounds", "5", "--only", "tictactoe",
                             "--time", "0.05"], cwd=ROOT, env=dict(os.environ, TMPDIR=str(tmp_path)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120  # a safety net: a worker starts with the first game
    while not ai_workers(soak.pid) and soak.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not ai_workers(soak.pid):
        if soak.poll() is None:  # not reaped: its group's id is still its own (reaped, anyone's)
            os.killpg(soak.pid, signal.SIGKILL)
        pytest.fail("no game's worker ran")
    return soak


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the soak reads /proc")
def test_the_soak_tool_stops_on_sigterm_as_on_ctrl_c_its_workers_with_it(tmp_path):
    """``timeout 60 python tools/soak.py`` did not stop it: SDL turns SIGTERM into a close of the
    window, and the soak's rounds went on past it.  SIGTERM, sent while a game's worker runs, now
    stops it as Ctrl+C does, which now closes the window and ends its workers too, prints the
    closing line (no process left) and exits with status 130; nothing it started outlives it."""
    soak = soak_with_a_worker(tmp_path)
    try:
        soak.send_signal(signal.SIGTERM)
        out, err = soak.communicate(timeout=120)
    finally:
        if soak.poll() is None:
            os.killpg(soak.pid, signal.SIGKILL)
    assert soak.returncode == 130, err
    assert "\nstopped: " in out and "after the window closed: 0 child processes" in out, out
    deadline = time.monotonic() + 30  # a safety net: its resource tracker ends as its pipe closes
    while session_processes(soak.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert session_processes(soak.pid) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the soak reads /proc")
@pytest.mark.parametrize("second", [signal.SIGINT, signal.SIGTERM], ids=["Ctrl+C", "SIGTERM"])
def test_a_second_stop_while_the_soak_closes_waits_for_the_closing(tmp_path, second):
    """A second Ctrl+C (or ``timeout``'s SIGTERM) while the soak closed its window after the first
    printed KeyboardInterrupt's traceback from the closing, its workers perhaps left running.  The
    closing now goes on: one line on standard error says so, the closing line is printed, no
    process is left and the status is 130 as after one signal."""
    soak = soak_with_a_worker(tmp_path)
    try:
        soak.send_signal(signal.SIGTERM)
        before = ""
        for line in soak.stdout:  # the first stop said, the window now closing
            before += line
            if line.startswith("stopped: "):
                break
        soak.send_signal(second)
        out, err = soak.communicate(timeout=120)
    finally:
        if soak.poll() is None:
            os.killpg(soak.pid, signal.SIGKILL)
    assert "KeyboardInterrupt" not in err, err  # the second signal's traceback from the closing
    assert err.splitlines().count("still closing: the window closes and its workers end first") == 1, err
    assert "\nafter the window closed: 0 child processes" in out, before + out  # the closing was done
    assert soak.returncode == 130, err


# tools/soak.py run with its window slow to open (a busy machine; a fresh install's first imports):
# pygame's set_mode says it has begun in file argv[1], then waits for the test's signal
WINDOW_OPENING_SLOWLY = r"""
import pathlib, runpy, sys, time
import pygame
opening, real_set_mode = pathlib.Path(sys.argv[1]), pygame.display.set_mode
def slow_set_mode(*args, **kwargs):
    opening.touch()
    for _ in range(12000):  # a safety net: the test's signal ends the wait
        time.sleep(0.01)
    return real_set_mode(*args, **kwargs)
pygame.display.set_mode = slow_set_mode
sys.argv = ["tools/soak.py", *sys.argv[2:]]
runpy.run_path("tools/soak.py", run_name="__main__")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the soak reads /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_soak_tool_stopped_while_its_window_opens_says_so_in_one_line(tmp_path, signum):
    """A soak stopped at once (``timeout`` run out, Ctrl+C on a second thought) met its window still
    opening, a few seconds on a busy machine: it printed KeyboardInterrupt's traceback from inside
    the window's making.  It now says in one line that it stopped, and exits with status 130 as a
    soak stopped later does."""
    opening = tmp_path / "opening"
    soak = subprocess.Popen([sys.executable, "-c", WINDOW_OPENING_SLOWLY, str(opening), "--games", "1", "--rounds", "1",
                             "--only", "tictactoe"], cwd=ROOT, env=dict(os.environ, TMPDIR=str(tmp_path)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120  # a safety net: the window opens after the imports
        while not opening.exists() and soak.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opening.exists(), soak.stderr.read() if soak.poll() is not None else "the window never began to open"
        soak.send_signal(signum)
        out, err = soak.communicate(timeout=120)
    finally:
        if soak.poll() is None:
            os.killpg(soak.pid, signal.SIGKILL)
    assert "Traceback" not in out + err, err
    assert out.strip() == "stopped while the window was opening: nothing was measured", out
    assert soak.returncode == 130, err


# tools/soak.py with its first worker process slow to start: ``where`` the start waits ("inside":
# the child started but not yet sent its work; "after": started, not yet kept by its screen) it
# says it has begun in file argv[1], then waits for file argv[2], the gate the test opens
WORKER_STARTING_SLOWLY = r"""
import multiprocessing.context, multiprocessing.util, pathlib, runpy, sys, time
starting, gate, where = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
def gated(start, applies):
    def wait_at_the_gate(*args, **kwargs):
        started = start(*args, **kwargs)
        if applies(*args) and not starting.exists():
            starting.touch()
            for _ in range(12000):  # a safety net: the test opens the gate
                if gate.exists():
                    break
                time.sleep(0.01)
        return started
    return wait_at_the_gate
if where == "inside":  # a worker's command line, not the resource tracker's
    multiprocessing.util.spawnv_passfds = gated(multiprocessing.util.spawnv_passfds,
                                                lambda path, args, fds: "spawn_main" in str(args))
else:
    multiprocessing.context.SpawnProcess.start = gated(multiprocessing.context.SpawnProcess.start, lambda process: True)
sys.argv = ["tools/soak.py", *sys.argv[4:]]
runpy.run_path("tools/soak.py", run_name="__main__")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the soak reads /proc")
@pytest.mark.parametrize("where", ["inside", "after"], ids=["inside the start", "after the start"])
def test_the_soak_tool_stopped_while_a_worker_starts_leaves_no_process(tmp_path, where):
    """SIGTERM (or Ctrl+C) that met a game's worker process starting stopped the soak there: the
    child, started but not yet sent its work, printed its own EOFError, or, started but not yet
    kept by its screen, was left running ("after the window closed: 1 child processes"; the stop
    test above failed 2 runs in 6).  The start now holds the signal until the worker is kept where
    the closing ends it, and the closing ends every worker no screen had."""
    starting, gate = tmp_path / "starting", tmp_path / "gate"
    soak = subprocess.Popen([sys.executable, "-c", WORKER_STARTING_SLOWLY, str(starting), str(gate), where, "--games",
                             "1", "--rounds", "1", "--only", "tictactoe", "--time", "0.05"], cwd=ROOT,
                            env=dict(os.environ, TMPDIR=str(tmp_path)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120  # a safety net: a worker starts with the first game
        while not starting.exists() and soak.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert starting.exists(), soak.stderr.read() if soak.poll() is not None else "no worker began to start"
        soak.send_signal(signal.SIGTERM)
        gate.touch()
        out, err = soak.communicate(timeout=120)
    finally:
        if soak.poll() is None:
            os.killpg(soak.pid, signal.SIGKILL)
    assert "Traceback" not in err, err
    assert "\nstopped: " in out and "after the window closed: 0 child processes" in out, out
    assert soak.returncode == 130, err
    deadline = time.monotonic() + 30  # a safety net: its resource tracker ends as its pipe closes
    while session_processes(soak.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert session_processes(soak.pid) == []


class CtrlC(BaseException):
    """Ctrl+C as the window meets it (a KeyboardInterrupt, which pytest would take for its own stop)."""


@contextlib.contextmanager
def ctrl_c_as_processes_start(monkeypatch, first_only: bool = False) -> Iterator[list]:
    """Ctrl+C (``CtrlC``) met by this process just after each spawned process has started (the
    first only, with ``first_only``), as from the terminal; the block must end by it.  Yields the
    processes started so, filled as they start."""
    real_start = multiprocessing.context.SpawnProcess.start
    started = []
    monkeypatch.setattr("ai.start_method.START_METHOD", "spawn")  # the window's start, not the suite's warm fork

    def start_then_ctrl_c(process) -> None:
        real_start(process)
        if not (first_only and started):
            started.append(process)
            os.kill(os.getpid(), signal.SIGINT)

    def ctrl_c(_signum, _frame):
        raise CtrlC

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", start_then_ctrl_c)
    before = signal.signal(signal.SIGINT, ctrl_c)
    try:
        with pytest.raises(CtrlC):
            yield started
    finally:
        signal.signal(signal.SIGINT, before)


def test_ctrl_c_as_a_game_screen_starts_its_worker_leaves_no_process_once_the_window_closed(app, monkeypatch):
    """Ctrl+C in the terminal the window was started from raises where the window stands
    (``python main.py``, which then closes it): met just as a game screen's worker process had
    started, before the screen kept the worker, it left that process running past the window's
    close, which ended only the screens' workers."""
    with ctrl_c_as_processes_start(monkeypatch, first_only=True) as started:
        app.start_game(MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 0.05))
        app.run_frames(50, timeout=60)
    app.quit()
    assert started, "no worker process started"
    assert not started[0].is_alive()


def test_the_soak_opens_its_window_untraced_and_traces_its_rounds(tmp_path, monkeypatch):
    """tools/soak.py traced every allocation from its start, the imports and the window's making
    with it: 30 s to open the window on a busy 2-core machine instead of 2 (each test above that
    runs the soak waited them out), to trace what no row's growth from round to round counts.
    The window now opens untraced; the rounds are traced."""
    import tempfile
    import tracemalloc

    from tools import soak

    traced: dict[str, bool] = {}

    class Window:
        errors: list = []

        def run_frames(self, *args, **kwargs) -> None:
            pass

        def quit(self) -> None:
            pass

    def opened() -> Window:
        traced["opening"] = tracemalloc.is_tracing()
        return Window()

    def rounds(*args) -> None:
        traced["rounds"] = tracemalloc.is_tracing()

    monkeypatch.setattr(soak, "open_window", opened)
    monkeypatch.setattr(soak, "rounds_and_idle", rounds)
    for handlers in ("stop_once", "wait_for_the_closing"):  # the session's signal handlers kept
        monkeypatch.setattr(soak, handlers, lambda: None)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    for name in ("TABULEIRO_CONFIG_DIR", "TABULEIRO_DATA_DIR", "TABULEIRO_BOT_LOGS"):  # set by the soak
        monkeypatch.setenv(name, os.environ.get(name, str(tmp_path / name)))
    try:
        soak.main(["--games", "1", "--rounds", "1", "--only", "tictactoe"])
    finally:
        tracemalloc.stop()
    assert traced == {"opening": False, "rounds": True}
