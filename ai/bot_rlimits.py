"""A bot's resource limits, set by the bot's own process before any of its code runs (POSIX).

They were set by ``subprocess.Popen(preexec_fn=...)``, between fork and exec, which Python's
documentation says is not safe in a process with threads: the window has several (workers'
feeders, the autosave writer, folder readers), and the child may deadlock before its exec (a
worker that never said it was ready).  Now the parent (ai/outside_process.py) puts the limits in
the bot's environment (``VARIABLE``), and

- our own worker (ai/outside_child.py) sets them as its first act, before it reads a student's file
  (``apply_from_environment``);
- any other command (a GTP engine) is started through this file run as a script
  (``launcher_command``): it sets them, then replaces itself by the command (``os.execvpe``), so
  they hold from the engine's first instruction.  A launcher rather than ``resource.prlimit(pid)``
  right after the start: that leaves the engine running unlimited until the call, and is Linux
  only.  If the command cannot be run, the launcher writes its errno in a pipe the parent reads
  (its end closes at the exec), so the parent raises the OSError Popen itself would have.

Only the standard library here: the launcher runs without Tabuleiro on its path, and with
``-S`` (no site packages) so that it costs a bare interpreter's start.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import NoReturn

VARIABLE = "TABULEIRO_BOT_RLIMITS"  # ``AS=1024:1024,CPU=60:65,...``: RLIMIT_<name>=soft:hard
LAUNCH_ARGUMENT = "_limited"  # main.py's hidden first argument for the launcher in a frozen build
# the launcher's Python would otherwise set LC_CTYPE=C.UTF-8 in a C locale, which the command inherits
LAUNCHER_ENVIRONMENT = {"PYTHONCOERCECLOCALE": "0"}
CANNOT_RUN = 127  # the launcher's exit status when the command cannot be run (a shell's)


def limits_text(limits: dict[str, tuple[int, int]]) -> str:
    """``{"AS": (soft, hard), ...}`` as ``VARIABLE`` holds it."""
    return ",".join(f"{name}={soft}:{hard}" for name, (soft, hard) in limits.items())


def apply(text: str) -> None:
    """Set the limits ``text`` (``limits_text``'s) on this process, and so on what it starts."""
    import resource

    for part in filter(None, text.split(",")):
        name, _, pair = part.partition("=")
        soft, _, hard = pair.partition(":")
        resource.setrlimit(getattr(resource, f"RLIMIT_{name}"), (int(soft), int(hard)))


def apply_from_environment() -> None:
    """Set the limits the parent put in this process's environment (none there: none set), and
    take them out of it, so that the bot's code does not see them."""
    text = os.environ.pop(VARIABLE, None)
    if text:
        apply(text)


def host_environment(environ: dict[str, str]) -> dict[str, str]:
    """``environ`` as a program of the system (a GTP engine, the file manager) must get it from a
    frozen build.  PyInstaller's bootloader puts the bundle's own libraries first on
    LD_LIBRARY_PATH (the user's kept in LD_LIBRARY_PATH_ORIG) and marks the process with _PYI_*
    variables: an engine started through the bundle's launcher loaded the bundle's libstdc++,
    libz, libcrypto ... instead of its system's, older ones than it was built for on a newer
    system (GLIBCXX not found), and another PyInstaller program took itself for a part of ours.
    Only PyInstaller sets those variables: a run from the sources keeps its environment."""
    env = dict(environ)
    if "LD_LIBRARY_PATH_ORIG" in env:
        env["LD_LIBRARY_PATH"] = env.pop("LD_LIBRARY_PATH_ORIG")
    elif getattr(sys, "frozen", False):
        env.pop("LD_LIBRARY_PATH", None)
    return {name: value for name, value in env.items() if not name.startswith("_PYI_")}


def launcher_command(error_fd: int) -> list[str]:
    """The words that start the launcher, before the command's: ``error_fd`` is the pipe's end
    it reports a failed exec in."""
    if getattr(sys, "frozen", False):
        return [sys.executable, LAUNCH_ARGUMENT, str(error_fd)]
    return [sys.executable, "-s", "-S", "-P", os.path.abspath(__file__), str(error_fd)]


def launch(argv: list[str]) -> NoReturn:
    """The launcher: ``ERROR_FD COMMAND...``.  The limits set, the command replaces this process;
    if it cannot be run, its errno goes to ERROR_FD and the launcher ends."""
    error_fd, command = int(argv[0]), argv[1:]
    apply_from_environment()
    for name in LAUNCHER_ENVIRONMENT:
        os.environ.pop(name, None)
    for name in ("SIGPIPE", "SIGXFSZ"):  # Python ignores them; a program run by Popen gets the default
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    os.set_inheritable(error_fd, False)  # closed at the exec: the parent then reads the pipe's end
    try:
        os.execvpe(command[0], command, host_environment(os.environ))
    except OSError as exc:
        os.write(error_fd, str(exc.errno or 0).encode())
    os._exit(CANNOT_RUN)


def exec_error(report: bytes, program: str) -> OSError:
    """The OSError (FileNotFoundError, PermissionError...) the launcher reported for ``program``."""
    number = int(report)
    return OSError(number, os.strerror(number), program)


if __name__ == "__main__":
    launch(sys.argv[1:])
