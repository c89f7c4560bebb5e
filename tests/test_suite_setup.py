"""What tests/conftest.py sets up for the whole suite, checked: the suite's own start-up costs
every xdist worker its share of CI's time."""

from __future__ import annotations

import ast
import gc
import importlib.util
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_test_modules_are_kept_compiled():
    """This module's rewritten asserts are in __pycache__ once it is imported, even from a shell
    that exports PYTHONDONTWRITEBYTECODE: without them every xdist worker rewrote all the test
    modules again before its first test."""
    cached = Path(importlib.util.cache_from_source(__file__)).parent
    assert list(cached.glob(f"{Path(__file__).stem}.*pytest*.pyc")), f"nothing of this module compiled in {cached}"


def test_a_process_a_test_starts_keeps_the_modules_it_compiles():
    """A process a test starts (an analysis worker, a tournament's, the command line) writes the
    app's modules it compiles, for the next one to read: each compiled them all again."""
    code = "import sys; print(sys.dont_write_bytecode)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


class _Node:
    """An object that can refer to itself and be referred to weakly."""


@pytest.fixture(scope="module")
def left_by_an_earlier_test() -> dict:
    """Something made before this module's test and alive through it, as a cache filled by an
    earlier test of the same process is (made here after collection, and after any window's
    freeze of the process)."""
    return {"positions": [[square] for square in range(1000)]}


def test_a_tests_collections_leave_out_what_earlier_tests_left_alive(left_by_an_earlier_test):
    """A window test collects the garbage at every change of screen: each collection went through
    everything the tests before it in its xdist worker had left alive, and the fuzzed settings
    test took 173 s in a full run's worker, 20 s alone.  What was alive as the test began is set aside;
    what the test makes is still gone through, and freed when it becomes garbage."""
    tracked = gc.get_objects()
    assert not any(o is left_by_an_earlier_test or o is left_by_an_earlier_test["positions"] for o in tracked)
    made_here = _Node()
    made_here.itself = made_here  # a reference cycle, freed only by a collection
    assert any(o is made_here for o in gc.get_objects())
    freed = weakref.ref(made_here)
    del made_here
    gc.collect()
    assert freed() is None


def test_the_tests_saves_wait_for_no_disk(tmp_path, skipped_fsyncs):
    """A save's fsync waited for the disk (26 ms a file on a loaded machine, 80 in a test that
    round-trips records under hypothesis), guarding scratch files against a power cut no test meets: in the
    tests' process it is skipped, a descriptor that is not open still refused as fsync refuses it,
    and the file is still written whole."""
    from ai.atomic import atomic_write_text

    before = skipped_fsyncs[0]
    atomic_write_text(tmp_path / "saved.txt", "whole")
    assert skipped_fsyncs[0] == before + 2  # the file's and its folder's
    assert (tmp_path / "saved.txt").read_text() == "whole"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    fd = os.open(tmp_path / "saved.txt", os.O_RDONLY)
    os.close(fd)
    with pytest.raises(OSError):
        os.fsync(fd)


def test_the_garbage_collector_stays_off_while_the_tests_are_collected(gc_runs_while_collecting):
    """Each xdist worker imports every test module and collects every test before its first: the
    collector's passes then went through all that was made so far, a fifth of the collecting."""
    assert gc_runs_while_collecting == [0]


def test_a_window_after_the_first_does_not_count_what_is_set_aside(tmp_path, monkeypatch):
    """A window opening sets aside what lives on (``ui.memory.leave_out_what_lives_on``) if nothing
    is yet; that question counted every object set aside, one at a time: in a test process, with
    hundreds of thousands of them, each window paid 20 to 65 ms for it as it opened.  Asked once a
    process, a later window counts nothing, and what is set aside stays so."""
    from tests.ui_helpers import window_for_a_test

    with window_for_a_test(tmp_path / "first", monkeypatch):  # this process's windows have asked
        pass
    counted = []
    count = gc.get_freeze_count
    monkeypatch.setattr(gc, "get_freeze_count", lambda: counted.append(1) or count())
    with window_for_a_test(tmp_path / "second", monkeypatch) as window:
        assert type(window.scene).__name__ == "MenuScene"
    assert counted == []
    assert count() > 0


HEAVY_OPTIONAL = ("distributed", "dask")  # imported in a second or more, by a few tests alone


def _test_modules_naming(*words: str) -> dict[str, ast.Module]:
    """The modules of tests/ whose source names one of ``words``, parsed, by file name: one that
    names none of them cannot import or call them (parsing all 300 took 3 to 4 s a test)."""
    sources = {path.name: path.read_text("utf-8") for path in sorted((ROOT / "tests").glob("*.py"))}
    return {name: ast.parse(source) for name, source in sources.items() if any(word in source for word in words)}


def _imports_at_the_top(tree: ast.Module) -> set[str]:
    """The top-level packages a module imports as it is loaded: its top-level imports, and its
    top-level ``pytest.importorskip("...")`` calls."""
    names: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            names |= {alias.name.split(".")[0] for alias in statement.names}
        elif isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            names.add(statement.module.split(".")[0])
        for call in ast.walk(statement):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "importorskip"
                    and call.args and isinstance(call.args[0], ast.Constant)
                    and not isinstance(statement, (ast.FunctionDef, ast.ClassDef))):
                names.add(str(call.args[0].value).split(".")[0])
    return names


def test_no_test_module_imports_dask_as_it_is_collected():
    """Every xdist worker collects every test module: one that imported Dask at its top
    (tests/test_cluster_stop.py) cost each worker's start 1 to 1.5 s and 800 modules kept alive,
    for a few tests one worker runs.  Those tests import it as they run."""
    heavy = {name: sorted(_imports_at_the_top(tree) & set(HEAVY_OPTIONAL))
             for name, tree in _test_modules_naming(*HEAVY_OPTIONAL).items()}
    assert not {name: found for name, found in heavy.items() if found}


# the calls that collect the garbage (``gc``'s, ``ui.memory``'s), and how a module that makes one names it
COLLECTING = ("collect", "give_back", "leave_out_what_lives_now", "set_aside_again")
COLLECTING_NAMED = ("gc.collect", "give_back", "leave_out_what_lives_now", "set_aside_again")


def _run_as_it_is_collected(tree: ast.Module) -> list[ast.AST]:
    """What a module runs as it is loaded: its top-level statements but the bodies of its
    functions, whose decorators and default values run (a ``skipif`` condition), and of its
    classes, whose own bodies run too."""
    found: list[ast.AST] = []
    waiting: list[ast.AST] = list(tree.body)
    while waiting:
        node = waiting.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            waiting += [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]
        elif isinstance(node, ast.ClassDef):
            waiting += [*node.decorator_list, *node.bases, *node.body]
        elif isinstance(node, ast.Lambda):
            continue
        else:
            found.append(node)
            waiting += list(ast.iter_child_nodes(node))
    return found


def test_no_test_module_collects_the_garbage_as_it_is_collected():
    """Every xdist worker loads every test module before its first test, nothing yet set aside
    from the collector (tests/conftest.py's ``_earlier_tests_left_out_of_collections``): a
    collection then goes through every object imported.  tests/test_ui_soak.py's skip condition
    (``memory.give_back()``) cost each worker 0.3 to 0.6 s of its start for it; whether there is
    memory to give back is asked without collecting (``memory.can_give_back``)."""
    collecting = {name: sorted(node.lineno for node in _run_as_it_is_collected(tree)
                               if isinstance(node, ast.Call) and getattr(node.func, "attr",
                                                                         getattr(node.func, "id", None)) in COLLECTING)
                  for name, tree in _test_modules_naming(*COLLECTING_NAMED).items()}
    assert not {name: lines for name, lines in collecting.items() if lines}


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds bots in /proc")
def test_the_check_of_processes_left_finds_an_orphaned_bot_and_a_worker(tmp_path):
    """``_no_process_left`` (tests/conftest.py) finds what a test leaves: an AI worker still
    running, and a bot whose worker is gone (its parent no longer the test's), by its log in one of
    the test process's folders; one whose log is elsewhere is not this test process's.  Both are
    ended here before the check runs."""
    import conftest

    from tests import left_processes
    from ui.worker_client import AIWorker
    from ui.worker_lifecycle import wait_for_closed_workers

    folders = (conftest._scratch,)
    logs = Path(conftest._scratch) / "bot-logs"
    logs.mkdir(parents=True, exist_ok=True)
    started = []
    for folder in (logs, tmp_path):  # ours, then a folder not among ``folders``
        with open(folder / "bot.log", "ab") as log:  # the orphan: a grandchild whose parent is gone at once
            parent = subprocess.Popen([sys.executable, "-c", (
                "import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'],"
                " start_new_session=True); print(p.pid, flush=True)")], stdout=subprocess.PIPE, stderr=log, text=True)
        started.append(int(parent.stdout.readline()))
        parent.wait()
    ours, not_ours = started
    worker = AIWorker("tictactoe", warm_up=False)
    try:
        left = left_processes.left_processes(folders)
        assert {(one.pid, one.kind) for one in left} == {(ours, "outside bot"), (worker.process.pid, "AI worker")}
        assert not_ours not in {one.pid for one in left}
    finally:
        worker.close()
        left_processes.kill_left(left_processes.left_bots(folders) + left_processes.left_bots((str(tmp_path),)),
                                 folders + (str(tmp_path),))
        assert wait_for_closed_workers(60)
    assert left_processes.waited_for(folders + (str(tmp_path),), 60) == []


def _orphaned_sleeper(log_path: Path) -> int:
    """A process sleeping in a session of its own, its error stream ``log_path``, whose parent is
    gone at once (as a bot whose worker was killed): its pid."""
    with open(log_path, "ab") as log:
        parent = subprocess.Popen([sys.executable, "-c", (
            "import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'],"
            " start_new_session=True); print(p.pid, flush=True)")], stdout=subprocess.PIPE, stderr=log, text=True)
    pid = int(parent.stdout.readline())
    parent.wait()
    return pid


@pytest.mark.skipif(not Path("/proc/sys/kernel/ns_last_pid").is_file(), reason="Linux's last process id")
def test_the_look_for_bots_after_a_mark_finds_one_started_since_and_reads_no_older_process(tmp_path, monkeypatch):
    """The check after a test (``_no_process_left``) looks for bots among the processes started
    since the last test's look began (``left_processes.pid_mark``): one started after the mark is
    found, and no process running before it has its error stream read (each read was most of a
    short test's teardown); a look from a mark taken after the bot started passes it by."""
    from tests import left_processes

    monkeypatch.setattr(left_processes, "WHOLE_LOOK_AFTER", 600.0)  # however slow the start on a loaded machine
    folders = (str(tmp_path),)
    older = {int(entry.name) for entry in os.scandir("/proc") if entry.name.isdigit()}
    mark = left_processes.pid_mark()
    bot = _orphaned_sleeper(tmp_path / "bot.log")
    try:
        read = []
        monkeypatch.setattr(left_processes, "bot_of", lambda pid, folders, real=left_processes.bot_of:
                            read.append(pid) or real(pid, folders))
        assert [one.pid for one in left_processes.left_bots(folders, since=mark)] == [bot]
        assert bot in read and not older & set(read), sorted(older & set(read))
        assert left_processes.left_bots(folders, since=left_processes.pid_mark()) == []
    finally:
        left_processes.kill_left(left_processes.left_bots(folders), folders)
    assert left_processes.waited_for(folders, 60) == []


def test_the_processes_started_since_a_mark_are_told_across_the_ids_going_round(monkeypatch):
    """``left_processes.started_since``: the ids handed out after a mark, those past it up to the
    last one now; once the ids have gone round at pid_max, those past it and those up to the last
    one now; every id for a mark older than ``WHOLE_LOOK_AFTER`` (the ids may have gone round all
    the way) or where the system does not say its last id."""
    import time

    from tests import left_processes

    def last_now(pid):
        monkeypatch.setattr(left_processes, "_last_pid", lambda: pid)

    fresh_mark = left_processes.PidMark(32000, time.monotonic())
    last_now(32100)
    fresh = left_processes.started_since(fresh_mark)
    assert [fresh(pid) for pid in (31999, 32000, 32001, 32100, 32101, 5)] == [False, False, True, True, False, False]
    last_now(40)  # gone round pid_max since the mark
    fresh = left_processes.started_since(fresh_mark)
    assert [fresh(pid) for pid in (31999, 32000, 32001, 32767, 1, 40, 41)] == [False, False, True, True, True, True, False]
    old_mark = left_processes.PidMark(32000, time.monotonic() - left_processes.WHOLE_LOOK_AFTER - 1)
    assert left_processes.started_since(old_mark)(5)
    assert left_processes.started_since(None)(5)
    last_now(None)
    assert left_processes.started_since(fresh_mark)(5)


def test_a_tests_folder_is_numbered_as_pytest_numbers_it_without_a_link_to_the_newest(tmp_path, monkeypatch):
    """A test's ``tmp_path`` is named and numbered as pytest's, in the session's folder, but no
    ``<name>current`` link is moved to it (an unlink and a symlink for every test with a folder:
    3 ms of its set-up on CI's loaded disk); ``numbered_folder`` makes it so, a name taken skipped."""
    from tests.conftest import numbered_folder

    prefix = tmp_path.name.rstrip("0123456789")
    assert prefix == "test_a_tests_folder_is_numbere"  # the test's name, cut as pytest cuts it
    assert not list(tmp_path.iterdir())
    assert not (tmp_path.parent / f"{prefix}current").is_symlink()

    links: list[str] = []
    monkeypatch.setattr(os, "symlink", lambda source, link, *rest: links.append(str(link)))
    (tmp_path / "other0").mkdir()  # a name taken already
    made = [numbered_folder(tmp_path, name).name for name in ("one", "one", "other", "one", "other")]
    assert made == ["one0", "one1", "other1", "one2", "other2"]
    assert not links


def test_the_sessions_fork_server_is_ended_without_its_own_teardown(tmp_path):
    """The session's end kills its fork server before closing its pipe (``end_fork_server``): told
    by the pipe, the server tore down an interpreter holding numba and every engine, 0.7 s of each
    xdist worker's end.  A stand-in server writes a file as it ends by itself, which it never does."""
    import multiprocessing.forkserver

    from tests.conftest import end_fork_server

    read, write = os.pipe()
    ended_by_itself = tmp_path / "ended by itself"
    code = f"import os, pathlib; os.read({read}, 1); pathlib.Path({str(ended_by_itself)!r}).write_text('torn down')"
    proc = subprocess.Popen([sys.executable, "-c", code], pass_fds=[read])
    os.close(read)
    (tmp_path / "socket").touch()
    server = multiprocessing.forkserver.ForkServer()
    server._forkserver_pid, server._forkserver_alive_fd = proc.pid, write
    server._forkserver_address = str(tmp_path / "socket")
    end_fork_server(server)
    assert server._forkserver_pid is None  # waited for and reaped
    assert not (tmp_path / "socket").exists()
    assert not ended_by_itself.exists()
    proc.returncode = -9  # reaped by the server's stop, not by Popen


def _texts_of_a_scanned_codec(tree: ast.AST) -> list[int]:
    """Lines of hypothesis ``text`` calls left with their default alphabet (the UTF-8 codec's) and
    of ``characters`` calls naming a codec."""
    def scans(call: ast.Call) -> bool:
        words = {keyword.arg for keyword in call.keywords}
        if call.func.attr == "text":
            return not call.args and "alphabet" not in words
        return call.func.attr == "characters" and "codec" in words

    return sorted(node.lineno for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and scans(node))


def test_no_test_module_draws_text_that_makes_hypothesis_scan_a_codec():
    """``st.text()``'s default alphabet made hypothesis encode all 1.1 million code points in every
    xdist worker that drew such text (2 to 6 s each on a fresh checkout); the tests draw the same
    strings with tests/text_strategies.py's ``any_text``."""
    scanned = {name: _texts_of_a_scanned_codec(tree) for name, tree in _test_modules_naming("hypothesis").items()}
    assert not {name: lines for name, lines in scanned.items() if lines}


def test_any_text_draws_every_character_utf8_holds_without_scanning_the_codec(monkeypatch):
    """``any_text``'s characters are UTF-8's (all but the surrogates, which UTF-8 refuses), found
    without hypothesis encoding every code point."""
    from hypothesis.internal import charmap
    from hypothesis.strategies._internal.lazy import unwrap_strategies

    from tests.text_strategies import ANY_CHARACTER

    monkeypatch.setattr(charmap, "intervals_from_codec", lambda codec: pytest.fail(f"scanned {codec}"))
    assert unwrap_strategies(ANY_CHARACTER).intervals.intervals == ((0, 0xD7FF), (0xE000, sys.maxunicode))
    for held in (0, 0xD7FF, 0xE000, sys.maxunicode):
        assert chr(held).encode("utf-8")
    for refused in (0xD800, 0xDFFF):
        with pytest.raises(UnicodeEncodeError):
            chr(refused).encode("utf-8")
