"""Windows and macOS code paths, checked on Linux by making this process look like the other
system where that is meaningful (``sys.platform``, a stand-in ``_winapi``, missing signals)."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import threading
import types
from pathlib import Path

import pytest

from ai import parent_watch
from ai.base import Forfeit
from ai.outside import OutsideLoadError, parse_outside_id
from ui import process_priority

ROOT = Path(__file__).resolve().parent.parent


class FakeWinapi(types.SimpleNamespace):
    """The parts of Windows' ``_winapi`` the parent watch uses; the parent ends when told."""

    SYNCHRONIZE = 0x00100000
    WAIT_OBJECT_0 = 0
    WAIT_TIMEOUT = 258

    def __init__(self) -> None:
        super().__init__(opened=[], ended=threading.Event())

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:  # noqa: N802 - Windows' names
        self.opened.append((access, pid))
        return 1234

    def WaitForSingleObject(self, handle: int, milliseconds: int) -> int:  # noqa: N802
        assert handle == 1234 and milliseconds == 0
        return self.WAIT_OBJECT_0 if self.ended.is_set() else self.WAIT_TIMEOUT


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # the stand-in os._exit
def test_a_child_on_windows_ends_with_its_parent(monkeypatch):
    """Windows never gives an orphan another parent: ``os.getppid`` kept the dead parent's id, so
    the watch (by its id) never fired, and an analysis or a student's endless loop went on after
    the window or the tournament was killed.  The watch now waits on a handle to the parent."""
    winapi = FakeWinapi()
    monkeypatch.setitem(sys.modules, "_winapi", winapi)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(parent_watch, "POLL", 0.01)
    monkeypatch.setattr(parent_watch, "_LAST_WORDS", {})  # nobody else's last words are said
    monkeypatch.setattr(parent_watch, "_ending", False)
    exits: list[int] = []
    ended = threading.Event()

    def fake_exit(code: int) -> None:
        exits.append(code)
        ended.set()
        raise SystemExit(code)  # ends the watch's thread, not this process

    monkeypatch.setattr(os, "_exit", fake_exit)
    said = []
    parent_watch.on_orphaned("bot", lambda: said.append("bot ended"))
    before = set(threading.enumerate())
    parent_watch.end_with_parent()
    (watch,) = set(threading.enumerate()) - before
    assert winapi.opened == [(winapi.SYNCHRONIZE, os.getppid())]
    assert not ended.wait(0.1) and not said  # the parent lives: nothing happens
    winapi.ended.set()  # os.getppid() is still the same number, as on Windows
    assert ended.wait(5), "the watch did not notice its parent was gone"
    watch.join(5)  # its stand-in exit raised within this test
    assert exits == [0] and said == ["bot ended"]


def test_a_parent_that_cannot_be_opened_on_windows_is_not_watched(monkeypatch):
    def refuse(*_args):
        raise PermissionError(5, "Access is denied")

    winapi = FakeWinapi()
    winapi.OpenProcess = refuse
    monkeypatch.setitem(sys.modules, "_winapi", winapi)
    monkeypatch.setattr(sys, "platform", "win32")
    assert parent_watch.parent_gone()() is False


def test_a_posix_parent_is_watched_by_its_id(monkeypatch):
    gone = parent_watch.parent_gone()
    assert gone() is False
    monkeypatch.setattr(os, "getppid", lambda: 1)  # given to init
    assert gone() is True


@pytest.mark.parametrize(("player_id", "command"), [
    (r"gtp:C:\engines\mohex.exe --boardsize 11", (r"C:\engines\mohex.exe", "--boardsize", "11")),
    (r'gtp:"C:\Program Files\MoHex\mohex.exe" --seed 1', (r"C:\Program Files\MoHex\mohex.exe", "--seed", "1")),
    (r"gtp:python C:\Users\ana\engine.py", ("python", r"C:\Users\ana\engine.py")),
])
def test_a_gtp_command_keeps_its_windows_paths(monkeypatch, player_id, command):
    """A POSIX split took each backslash of a Windows path for an escape and dropped it:
    ``gtp:C:\\engines\\mohex.exe`` started ``C:enginesmohex.exe``, "no such program"."""
    from ai.outside import parse_outside_id

    monkeypatch.setattr(sys, "platform", "win32")
    assert parse_outside_id(player_id).command == command


def test_a_gtp_command_is_split_as_a_posix_shell_does_elsewhere():
    from ai.outside import parse_outside_id

    assert parse_outside_id(r"gtp:my\ engine 'a b'").command == ("my engine", "a b")


def test_an_engine_files_command_line_keeps_its_windows_paths(monkeypatch, tmp_path):
    from ai.outside_gtp import GTPPlayer

    config = tmp_path / "engine.json"
    config.write_text(json.dumps({"command": r"C:\engines\mohex.exe --boardsize 11"}), encoding="utf-8")
    monkeypatch.setattr(sys, "platform", "win32")
    seen = []

    def start(self) -> None:  # what it would start, without starting it
        seen.append(self.command)
        raise Forfeit("not started")

    monkeypatch.setattr(GTPPlayer, "_start", start)
    with pytest.raises(OutsideLoadError):
        GTPPlayer("hex", str(config), parse_outside_id(str(config)))
    assert seen == [[r"C:\engines\mohex.exe", "--boardsize", "11"]]


def test_a_bot_on_windows_gets_no_console_and_a_home(monkeypatch, tmp_path):
    """Started from the windowed app, a console program (a GTP engine, Python itself) opened a
    console window of its own; a bot's ``Path.home()`` failed, Windows' HOME (USERPROFILE) unset."""
    from ai.outside_process import BotLimits, minimal_environment, start_options

    options = start_options(BotLimits(), system="nt")
    assert options == {"creationflags": 0x08000000}  # CREATE_NO_WINDOW; no preexec_fn, no session
    posix = start_options(BotLimits(), system="posix")
    assert posix == {"start_new_session": True}  # the limits are set by the bot's process (ai/bot_rlimits.py)
    monkeypatch.setattr(sys, "platform", "win32")
    env = minimal_environment(str(tmp_path))
    assert env["USERPROFILE"] == env["APPDATA"] == env["LOCALAPPDATA"] == env["HOME"] == str(tmp_path)


def test_audio_starts_in_a_windowed_build_without_stderr(monkeypatch):
    """A windowed PyInstaller build on Windows (console=False), like pythonw, has ``sys.stderr``
    None: hiding the audio library's chatter called ``sys.stderr.flush()`` and the app did not open."""
    from ui.sound import stderr_to_log

    monkeypatch.setattr(sys, "stderr", None)
    ran = []
    with stderr_to_log():
        ran.append(True)
    assert ran == [True]


def test_the_window_opens_and_closes_without_stdout_and_stderr(tmp_path):
    """The whole start of the windowed build on Windows: no ``sys.stdout``, no ``sys.stderr``."""
    code = ("import os, sys\n"
            "sys.stdout = sys.stderr = None\n"
            "import main\n"
            "status = main.main([])\n"
            "os.write(1, f'status {status}'.encode())\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TABULEIRO_QUIT_AFTER_FRAMES": "5",
           "TABULEIRO_DATA_DIR": str(tmp_path / "data"), "TABULEIRO_CONFIG_DIR": str(tmp_path / "config")}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.stdout == "status 0", proc.stderr[-2000:]


def test_the_command_line_stops_as_on_ctrl_c_with_windows_signals(monkeypatch):
    """Windows has no SIGHUP (setting it would fail) and has SIGBREAK, Ctrl+Break, which ended a
    tournament where it stood, its games so far unreported."""
    import signal

    import main

    monkeypatch.delattr(signal, "SIGHUP", raising=False)
    monkeypatch.setattr(signal, "SIGBREAK", 21, raising=False)
    handlers = {}
    monkeypatch.setattr(signal, "signal", lambda signum, handler: handlers.setdefault(signum, handler))
    main.stop_as_on_ctrl_c()
    assert set(handlers) == {signal.SIGTERM, 21}
    with pytest.raises(KeyboardInterrupt):
        handlers[21](21, None)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGHUP")
def test_the_command_line_stops_as_on_ctrl_c_in_this_process():
    """SIGTERM and SIGHUP raise KeyboardInterrupt once a command started (``main.main`` run in the
    pytest process, as several tests do): the handlers are really set here, for the next test."""
    import signal

    import main

    main.stop_as_on_ctrl_c()
    for signum in (signal.SIGTERM, signal.SIGHUP):
        with pytest.raises(KeyboardInterrupt):
            signal.getsignal(signum)(signum, None)


def test_no_earlier_test_leaves_its_signal_handlers(session_signal_handlers):
    """Whatever ran before in this process (the test above, when run in order), the handlers are
    the session's: the command line's, left by a test that ran ``main.main()``, turned a stray
    SIGTERM that reached a CI worker into a KeyboardInterrupt in an unrelated test."""
    import signal

    assert {signum: signal.getsignal(signum) for signum in session_signal_handlers} == session_signal_handlers


def test_a_match_into_a_file_in_windows_code_page_names_any_student(tmp_path):
    """Windows writes redirected output in its ANSI code page (PYTHONIOENCODING=cp1252 does the
    same here): a student's folder ``李明`` ended ``match ... > out.txt`` with a UnicodeEncodeError."""
    folder = tmp_path / "李明"
    folder.mkdir()
    (folder / "player.py").write_text((ROOT / "tests/data/outside/simple_contract.py").read_text(encoding="utf-8"),
                                      encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "cp1252", "TABULEIRO_BOT_LOGS": str(tmp_path / "logs"),
           "TABULEIRO_DATA_DIR": str(tmp_path / "data"), "TABULEIRO_CONFIG_DIR": str(tmp_path / "config")}
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "match", "tictactoe", "level-1", "李明/player.py",
                           "--games", "1", "--time", "0.2"], cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("cp1252", "replace")[-2000:]
    # named as the tables name a student's player.py, by its folder
    assert b" \\u674e\\u660e, " in proc.stdout and b"player.py" not in proc.stdout, proc.stdout  # the summary's


NOT_TEXT_OPENERS = {"os", "tarfile", "gzip", "bz2", "lzma", "zipfile", "wave", "webbrowser", "Image", "shelve", "dbm"}


def naming(paths: list[Path], pattern: str) -> list[Path]:
    """The files of ``paths`` whose source holds a match of ``pattern`` (names a call the caller
    looks for): only those need parsing (parsing the whole tree took 3 to 5 s a test)."""
    found = re.compile(pattern)
    return [path for path in paths if found.search(path.read_text(encoding="utf-8"))]


# the calls ``unencoded_text_files`` looks at, by the words they are written with
TEXT_OPENER_WORDS = r"\bopen\b|read_text|write_text|fdopen|TextIOWrapper|TemporaryFile"


def unencoded_text_files(path: Path) -> list[str]:
    """The calls in ``path`` that open a text file without saying its encoding: ``open``,
    ``Path.open``, ``read_text``, ``write_text``, ``os.fdopen``, ``io.TextIOWrapper`` and the
    tempfile classes, in a text mode (a constant mode with ``b`` is binary; tempfile's are binary
    unless told)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        receiver = getattr(func.value, "id", None) if isinstance(func, ast.Attribute) else None
        keywords = {k.arg: k.value for k in node.keywords}
        if "encoding" in keywords or None in keywords:  # encoding given, or **options
            continue
        if name == "read_text":
            text = not node.args
        elif name == "write_text":
            text = len(node.args) < 2
        elif name == "fdopen" or (name == "open" and receiver not in NOT_TEXT_OPENERS):
            at = 1 if isinstance(func, ast.Name) or name == "fdopen" else 0  # open(file, mode), Path.open(mode)
            mode = keywords.get("mode", node.args[at] if len(node.args) > at else None)
            text = not (isinstance(mode, ast.Constant) and "b" in str(mode.value))
        elif name == "TextIOWrapper":
            text = True
        elif name in ("NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile"):
            mode = keywords.get("mode", node.args[0] if node.args else None)
            text = isinstance(mode, ast.Constant) and "b" not in str(mode.value)
        else:
            continue
        if text:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_every_text_file_is_opened_with_its_encoding():
    """Windows reads and writes text in its ANSI code page (cp1252) unless told: a record, a
    settings file or a student's file with "ç" or "李" written on Linux read back wrong there, or
    failed.  Every text file of the app, the command line and the tools says UTF-8 (or its own)."""
    files = [ROOT / "main.py"] + [p for d in ("ai", "ui", "games", "tools") for p in sorted((ROOT / d).rglob("*.py"))]
    found = [line for path in naming(files, TEXT_OPENER_WORDS) for line in unencoded_text_files(path)]
    assert not found, "\n".join(found)


DEFAULT_CONTEXT_FREE = {"get_context", "parent_process", "current_process", "freeze_support", "cpu_count",
                        "active_children", "get_all_start_methods"}


def test_every_process_is_started_by_spawn():
    """Windows and macOS start processes by spawn; so does every process here, on Linux too, so
    that what runs in the tests (pickled arguments, nothing inherited but the environment) is what
    runs there.  A ``multiprocessing.Process``/``Pool``/``Queue`` of the default context (fork on
    Linux) or another start method would pass here and fail there."""
    problems = []
    files = [ROOT / "main.py"] + [p for d in ("ai", "ui", "games") for p in sorted((ROOT / d).rglob("*.py"))]
    for path in naming(files, "multiprocessing|ProcessPoolExecutor|set_start_method"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
                   if a.name == "multiprocessing"}
        for node in ast.walk(tree):
            if (isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("multiprocessing")
                    and node.module not in ("multiprocessing.connection", "multiprocessing.reduction")):  # ``wait``, ``DupFd`` start nothing
                problems.append(f"{path.relative_to(ROOT)}:{node.lineno}: from {node.module} import ...")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if getattr(node.func.value, "id", None) in aliases:
                    name = node.func.attr
                    spawn = name == "get_context" and [ast.unparse(a) for a in node.args] == ["'spawn'"]
                    chosen = (path.relative_to(ROOT).as_posix(), ast.unparse(node)) == WORKER_CONTEXT
                    if name not in DEFAULT_CONTEXT_FREE or (name == "get_context" and not spawn and not chosen):
                        problems.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
                if node.func.attr in ("ProcessPoolExecutor", "set_start_method"):
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert not problems, "\n".join(problems)
    # the AI workers' context is chosen in one place, spawn as the window ships (the test suite
    # forks its window tests' workers warm from a fork server, which pickles their arguments as spawn does)
    tree = ast.parse((ROOT / "ai" / "start_method.py").read_text(encoding="utf-8"))
    [method] = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                and [ast.unparse(t) for t in n.targets] == ["START_METHOD"]]
    assert method == "spawn"


# the one context that is not spawn by name: ``ai.start_method.worker_context``'s, START_METHOD's (spawn)
WORKER_CONTEXT = ("ai/start_method.py", "mp.get_context(method)")


@pytest.mark.skipif(os.name != "posix", reason="POSIX resource limits")
@pytest.mark.parametrize("has_proc", [True, False])
def test_the_process_limit_is_the_bots_own_only_where_proc_counts_the_users(monkeypatch, tmp_path, has_proc):
    """RLIMIT_NPROC counts every process of the user.  Without /proc (macOS, the BSDs) the user's
    processes counted as 0, so a bot's "32 more processes" became 32 in all: on a Mac running a
    few hundred, a bot could not start a single process.  There the limit is not set now."""
    from ai import outside_process

    if has_proc and not os.path.isdir("/proc"):
        pytest.skip("no /proc here")
    monkeypatch.setattr(os, "getuid", lambda: 1000)  # not root, for whom the limit is skipped
    if has_proc:  # a fixed count: the user's real one moves while other tests start processes
        monkeypatch.setattr(outside_process, "_user_tasks", lambda: 7)
    else:
        monkeypatch.setattr(outside_process, "PROC", str(tmp_path / "no-proc"))
    limits = outside_process.limit_pairs(outside_process.BotLimits(processes=32))
    if has_proc:
        assert limits["NPROC"][0] == 7 + 32  # the user's, and 32 more
    else:
        assert "NPROC" not in limits
    assert "CPU" in limits and "FSIZE" in limits  # the others are set as before


@pytest.mark.parametrize("niceness,klass", [(5, 0x4000), (12, 0x40)])
def test_the_computers_processes_yield_to_the_window_on_windows_too(monkeypatch, niceness, klass):
    """Windows has no ``os.nice``: the search and the analysis ran at the window's priority, and
    a long analysis made its frames stutter.  They take the priority class below normal (a move's
    search) or idle (an analysis)."""

    calls = []
    kernel32 = types.SimpleNamespace(GetCurrentProcess=lambda: -1,
                                     SetPriorityClass=lambda handle, k: calls.append((handle, k)) or 1)
    monkeypatch.delattr(os, "nice")
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr("ctypes.windll", types.SimpleNamespace(kernel32=kernel32), raising=False)
    process_priority.lower_priority(niceness)
    assert calls == [(-1, klass)]


def test_a_posix_process_is_niced_to_at_least_the_level_and_never_back_up(monkeypatch):
    current, asked = [3], []

    def nice(increment: int) -> int:
        asked.append(increment)
        current[0] += increment
        return current[0]

    monkeypatch.setattr(os, "nice", nice)
    process_priority.lower_priority(5)
    process_priority.lower_priority(5)
    process_priority.lower_priority(2)
    assert current[0] == 5 and [i for i in asked if i] == [2]


def test_two_students_files_of_one_name_are_told_apart_by_folder_on_windows(monkeypatch):
    """The names of a table counted only "/" in a path: two ``jogador.py`` of ``C:\\turma\\ana`` and
    ``C:\\turma\\rui`` were the same "jogador.py:jogador" on Windows."""
    from ai.player_names import display_names

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr("ai.player_names.Path", __import__("pathlib").PureWindowsPath)
    ids = [r"C:\turma\ana\jogador.py:jogador", r"C:\turma\rui\jogador.py:jogador"]
    names = display_names(ids)
    assert names == {ids[0]: "ana/jogador.py:jogador", ids[1]: "rui/jogador.py:jogador"}
