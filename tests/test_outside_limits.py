"""A bot's resource limits are set without a ``preexec_fn`` (ai/bot_rlimits.py).

``subprocess.Popen(preexec_fn=...)`` runs Python between fork and exec, which is not safe in a
process with threads (the window has several): the child may deadlock before its exec, and a
worker then never says it is ready.  The limits are now set by the bot's own process: these tests
start bots beside busy threads and read the limits the kernel holds for them, and check that a
bot past a limit is stopped as before.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import games
from ai.base import Forfeit, Limits
from ai.outside_process import Bot, BotLimits

pytestmark = pytest.mark.skipif(not Path("/proc/self/limits").is_file(), reason="reads the kernel's limits in /proc")
BOTS = Path(__file__).resolve().parent / "data" / "outside"
LIMITS = BotLimits(memory_mb=700, processes=16, cpu_seconds=321, file_mb=7)


@pytest.fixture(autouse=True)
def bot_logs_in_tmp(tmp_path, monkeypatch):
    """Bots' logs go to this test's folder, not the shared temporary folder."""
    monkeypatch.setenv("TABULEIRO_BOT_LOGS", str(tmp_path / "bot-logs"))


@contextlib.contextmanager
def busy_threads(count: int = 4) -> Iterator[None]:
    """``count`` threads allocating and hashing while the body runs, as the window's are."""
    stop = threading.Event()

    def churn() -> None:
        while not stop.is_set():
            hash(tuple(str(n) for n in range(200)))

    threads = [threading.Thread(target=churn, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        for thread in threads:
            thread.join()


def kernel_limits(pid: int) -> dict[str, tuple[str, str]]:
    """``/proc/PID/limits``: each limit's name (``Max address space``) and its soft and hard values."""
    rows = Path(f"/proc/{pid}/limits").read_text().splitlines()[1:]
    return {row[:26].strip(): tuple(row[26:].split()[:2]) for row in rows}


def assert_limits_hold(pid: int) -> None:
    held = kernel_limits(pid)
    assert held["Max address space"] == (str(700 * 2**20),) * 2
    assert held["Max cpu time"] == ("321", "326")
    assert held["Max file size"] == (str(7 * 2**20),) * 2
    assert held["Max core file size"] == ("0", "0")


def environment(pid: int) -> dict[str, str]:
    """The environment process ``pid`` was started (exec'd) with."""
    pairs = Path(f"/proc/{pid}/environ").read_bytes().decode().split("\0")
    return dict(pair.split("=", 1) for pair in pairs if pair)


def test_no_bot_is_started_with_a_preexec_fn(monkeypatch):
    """Neither a student's file's worker nor an engine is started with a ``preexec_fn``: the
    fork-then-Python-then-exec that can deadlock in a process with threads is gone."""
    from ai.outside import load_outside_player

    seen: list[dict] = []
    real = subprocess.Popen

    def recording(*args, **kwargs):
        seen.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", recording)
    player = load_outside_player("tictactoe", str(BOTS / "simple_contract.py"), None)
    player.close()
    Bot([sys.executable, str(BOTS / "gtp_engine.py")], "engine", LIMITS).kill()
    assert len(seen) == 2
    assert all(kwargs.get("preexec_fn") is None and kwargs["start_new_session"] for kwargs in seen)


def test_a_workers_limits_hold_when_started_beside_busy_threads():
    """Our worker sets its limits itself, before it reads the student's file."""
    from ai.outside import load_outside_player

    with busy_threads():
        player = load_outside_player("tictactoe", str(BOTS / "simple_contract.py"), None, limits=LIMITS)
    try:
        assert_limits_hold(player.child.proc.pid)
        move = player.choose(games.load("tictactoe").initial_state(), Limits(time=30))
        assert move is not None  # it plays under them
    finally:
        player.close()


def test_an_engines_limits_hold_from_its_start_and_its_environment_is_the_bots():
    """Any other command is started through the launcher, which sets the limits and becomes the
    command: once started, the engine runs under them, and its environment is the one a bot gets
    (without the launcher's variables: the limits, the locale's coercion)."""
    with busy_threads():
        bot = Bot([sys.executable, str(BOTS / "gtp_engine.py")], "engine", LIMITS)
    try:
        assert_limits_hold(bot.proc.pid)
        assert Path(f"/proc/{bot.proc.pid}/cmdline").read_bytes().split(b"\0")[1].endswith(b"gtp_engine.py")
        env = environment(bot.proc.pid)
        assert "TABULEIRO_BOT_RLIMITS" not in env and "PYTHONCOERCECLOCALE" not in env
        assert env.get("LC_CTYPE") == os.environ.get("LC_CTYPE")
        assert env["HOME"] == bot.folder
    finally:
        bot.kill()


def ended(bot: Bot) -> int:
    """The bot's exit status, once it has ended by itself."""
    return bot.proc.wait(timeout=120)


@pytest.mark.parametrize("limits,command,status", [
    (BotLimits(file_mb=1), ["sh", "-c", "exec head -c 3000000 /dev/zero > big"], -signal.SIGXFSZ),
    (BotLimits(cpu_seconds=1), ["sh", "-c", "while :; do :; done"], -signal.SIGXCPU),
], ids=["file size", "cpu"])
def test_an_engine_past_its_file_size_or_cpu_limit_is_stopped_by_the_kernel(limits, command, status):
    """As with ``preexec_fn`` (Popen restores the signals Python ignores), a program writing past
    its file size is ended by SIGXFSZ, not left to go on past failed writes."""
    bot = Bot(command, "engine", limits)
    try:
        assert ended(bot) == status
        assert signal.Signals(-status).name in bot.exit_text()
    finally:
        bot.kill()


def test_an_engine_past_its_memory_limit_cannot_have_the_memory():
    bot = Bot([sys.executable, "-c", "bytearray(600 * 2**20)"], "engine", BotLimits(memory_mb=300))
    try:
        assert ended(bot) == 1
        assert "MemoryError" in bot.stderr_text()
    finally:
        bot.kill()


def test_a_worker_past_its_memory_limit_loses_as_before():
    from ai.outside import load_outside_player

    with busy_threads():
        hog = load_outside_player("tictactoe", str(BOTS / "memory_hog.py"), None, limits="memory=400")
    try:
        with pytest.raises(Forfeit, match="MemoryError"):
            hog.choose(games.load("tictactoe").initial_state(), Limits(time=30))
    finally:
        hog.close()


@pytest.mark.parametrize("name,mode,error", [
    ("no-such-engine-here", None, errno.ENOENT), ("not-executable", 0o644, errno.EACCES), ("text", 0o755, errno.ENOEXEC),
])
def test_an_engine_that_cannot_be_run_raises_as_popen_did(tmp_path, name, mode, error):
    """The launcher cannot raise in the parent: it reports the exec's errno, and the parent raises
    the OSError Popen raised, which the GTP player words ("no such program", "may not be run")."""
    program = tmp_path / name
    if mode is not None:
        program.write_text("not a program\n")
        program.chmod(mode)
    with pytest.raises(OSError) as raised:
        Bot([str(program)], "engine", LIMITS)
    with pytest.raises(OSError) as by_popen:
        subprocess.Popen([str(program)])
    assert (raised.value.errno, type(raised.value), raised.value.filename) == (error, type(by_popen.value), str(program))


def test_a_frozen_build_runs_the_launcher_through_its_own_program(monkeypatch):
    """A frozen build has no Python to run ai/bot_rlimits.py with: the app itself is the launcher,
    given main.py's hidden first argument (what ``launcher_command`` starts there)."""
    from ai import bot_rlimits

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert bot_rlimits.launcher_command(9) == [sys.executable, bot_rlimits.LAUNCH_ARGUMENT, "9"]
    monkeypatch.delattr(sys, "frozen")
    root = Path(__file__).resolve().parent.parent
    said = subprocess.run([sys.executable, "main.py", bot_rlimits.LAUNCH_ARGUMENT, "2", "sh", "-c", "ulimit -t; env"],
                          cwd=root, capture_output=True, text=True, timeout=120,
                          env={"PATH": os.environ["PATH"], bot_rlimits.VARIABLE: "CPU=50:55"})
    assert said.stdout.splitlines()[0] == "50" and bot_rlimits.VARIABLE not in said.stdout, said.stderr


FROZEN_LAUNCHER = "import sys; sys.frozen = True; import main; main.main(sys.argv[1:])"


def test_an_engine_started_by_a_frozen_build_gets_the_systems_libraries():
    """In the desktop bundle PyInstaller's bootloader puts the bundle's libraries first on
    LD_LIBRARY_PATH and marks the process (_PYI_*): an engine started through the bundle's launcher
    loaded the bundle's libstdc++ and libz rather than its system's (seen in the built app: the
    engine's environment held LD_LIBRARY_PATH=.../tabuleiro/_internal)."""
    from ai import bot_rlimits

    root = Path(__file__).resolve().parent.parent
    bundle = {"PATH": os.environ["PATH"], "LD_LIBRARY_PATH": "/apps/tabuleiro/_internal",
              "_PYI_ARCHIVE_FILE": "/apps/tabuleiro/tabuleiro", "_PYI_PARENT_PROCESS_LEVEL": "1"}
    engine = [sys.executable, "-c", FROZEN_LAUNCHER, bot_rlimits.LAUNCH_ARGUMENT, "2", "sh", "-c", "env"]
    alone = subprocess.run(engine, cwd=root, capture_output=True, text=True, timeout=120, env=bundle)
    assert "LD_LIBRARY_PATH" not in alone.stdout and "_PYI_" not in alone.stdout, alone.stdout + alone.stderr
    with_own = subprocess.run(engine, cwd=root, capture_output=True, text=True, timeout=120,
                              env={**bundle, "LD_LIBRARY_PATH_ORIG": "/opt/engine/lib"})
    assert "LD_LIBRARY_PATH=/opt/engine/lib" in with_own.stdout.splitlines(), with_own.stdout + with_own.stderr
