"""The window's log, and the switch a user turns on to get it in a file for a bug report.

    TABULEIRO_LOG=debug python main.py       # or: python main.py --log debug
    start_logging(asked)                      # in ui.app.run, before anything logs

Without the switch the window logs as it always did: info and above on standard error, which a
window started from the desktop's menu shows nowhere.  With it (``debug``, ``info`` or
``warning``, any case) the log also goes to ``log_path()``, rotated at ``MAX_BYTES`` with
``BACKUPS`` older files kept, so it can be attached to a bug report; the About page says where.
The level is Tabuleiro's own loggers' (``OUR_LOGGERS``): the libraries stay at info, so that
``debug`` does not bury our lines under numba's.  The trail of what the user did (``trail``: each
screen, game started and ended, file saved or opened, settings changed, tournament) is at info in
the file, and kept off the terminal without the switch, where it would be a line at every click.  The AI workers' lines come to the same file
through their report channel (``ai.worker_log``), each with its process's name and id, and so do the
kernel preparation's (``ui.kernel_preparation.KernelPreparation``): each stage of a game's compiled kernels
said as it begins, compiling or loading from the cache, and when it is ready, in how many seconds.

The file is in the platform's log folder (``platformdirs.user_log_dir``), which lasts, unlike
the temporary folder the outside players' logs use (emptied on a reboot, often the next thing
after a hang); with ``TABULEIRO_DATA_DIR`` set (a portable install, the tests), that folder's
``logs``.  An error that ends the window goes there too (``_crashes_also_to``).  A value that
is no level, or a folder that cannot hold the file, is said in one warning and the window opens
all the same.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
from pathlib import Path

from platformdirs import user_log_dir

from ai.worker_log import OUR_LOGGERS
from games.base import one_of

VARIABLE = "TABULEIRO_LOG"
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING}
FILE_NAME = "tabuleiro.log"
MAX_BYTES = 2 * 1024 * 1024  # a file this large is rotated: tabuleiro.log.1, .2 ... keep the last ones
BACKUPS = 2
# the process's name and id say which lines a worker sent (``ai.worker_log``): "tabuleiro-ai[4242]"
FORMAT = "%(asctime)s %(processName)s[%(process)d] %(levelname)s %(name)s: %(message)s"
CONSOLE_FORMAT = "%(levelname)s %(name)s: %(message)s"  # standard error's, as before the switch

log = logging.getLogger("tabuleiro.ui")
TRAIL = "tabuleiro.trail"
trail = logging.getLogger(TRAIL)  # what the user did, at info: in the file with the switch, nowhere without


def log_folder() -> Path:
    """The folder of the window's log file: the platform's log folder, or ``TABULEIRO_DATA_DIR``'s
    ``logs`` when that is set (nothing written outside it)."""
    from ui.data_folders import data_dir

    if os.environ.get("TABULEIRO_DATA_DIR"):
        return data_dir() / "logs"
    return Path(user_log_dir("tabuleiro", appauthor=False))


def log_path() -> Path:
    """The log file a user attaches to a bug report (written while the switch is on)."""
    return log_folder() / FILE_NAME


def level_asked(asked: str | None) -> tuple[int | None, str | None]:
    """The level ``asked`` names (``--log``'s value, else ``$TABULEIRO_LOG``'s), and the problem
    with it: (None, None) when nothing was asked, (None, why) for a value that is no level."""
    text = (asked if asked is not None else os.environ.get(VARIABLE, "")).strip()
    if not text:
        return None, None
    level = LEVELS.get(text.lower())
    if level is None:
        return None, f"{VARIABLE}={text!r} is not a log level: choose {one_of(LEVELS)}; no log file is written"
    return level, None


def start_logging(asked: str | None = None) -> Path | None:
    """Set the window's logging up: the level ``asked`` (``level_asked``) for Tabuleiro's
    loggers, on standard error and in the rotated file, whose path it returns; without a level
    asked, info on standard error alone (None).  Never raises: a bad value or a folder that cannot
    hold the file is one warning."""
    level, problem = level_asked(asked)
    logging.basicConfig(level=logging.INFO, format=CONSOLE_FORMAT)
    if problem:
        log.warning(problem)
    if level is None:
        trail.setLevel(logging.WARNING)  # the terminal a window was started from says only what went wrong
        return None
    for name in (*OUR_LOGGERS, TRAIL):
        logging.getLogger(name).setLevel(level)
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                       encoding="utf-8")
    except OSError as exc:
        log.warning("the log cannot be written in %s: %s", path.parent, exc.strerror or exc)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    logging.getLogger().addHandler(handler)
    _crashes_also_to(handler)
    log.info("Tabuleiro %s logging at %s to %s", _which_copy(), logging.getLevelName(level).lower(), path)
    return path


def _crashes_also_to(handler: logging.Handler) -> None:
    """An error no screen caught, which ends the window (``App.report`` logs those a screen
    caught), goes into the log file too, with its traceback: Python prints it on standard error
    alone, which a window started from the desktop has nowhere.  The hook before still prints it."""
    before = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException, tb: object) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            handler.handle(log.makeRecord(log.name, logging.CRITICAL, __file__, 0, "the window ended on an error",
                                          (), (kind, value, tb)))
        before(kind, value, tb)

    sys.excepthook = hook


def _which_copy() -> str:
    """The version, the kind of copy and the system, the log's first line: what a bug report needs
    first.  Not ``ui.about.version_line``, which may import numba for its version (a bundle)."""
    from ui.about import VERSION
    from ui.paths import build_kind

    return f"{VERSION} ({build_kind()}; Python {platform.python_version()}, {platform.platform()})"


def logging_to_file() -> Path | None:
    """The log file being written now, None when the switch is off (the About page says which)."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler):
            return Path(handler.baseFilename)
    return None
