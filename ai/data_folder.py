"""Where Tabuleiro keeps the files it writes that last: one rule for the window and the commands.

The platform's user data folder (``platformdirs``), or ``TABULEIRO_DATA_DIR`` where it is set (a
portable install, the tests).  ``ui.data_folders.data_dir`` (games, autosaves) and the outside bots'
logs (``ai.outside_process.log_folder``) both ask here, so a window's games and the logs their
forfeits name are in one folder, and a command's bots (``main.py match``) log there too.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_VARIABLE = "TABULEIRO_DATA_DIR"
BOT_LOGS = "bot-logs"  # the data folder's folder of bots' logs (a tournament keeps its own beside its results)


def data_dir() -> Path:
    """The folder of Tabuleiro's own files: ``TABULEIRO_DATA_DIR``, else the platform's user data folder."""
    named = os.environ.get(DATA_VARIABLE)
    if named:
        return Path(named)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tabuleiro", appauthor=False))


def bot_logs_dir() -> Path:
    """The folder of outside bots' logs that are no tournament's: the data folder's ``bot-logs``.
    In the temporary folder (emptied on reboot) the log a saved game's forfeit named was gone."""
    return data_dir() / BOT_LOGS
