"""Which unfinished games another Tabuleiro window is playing now: a game is played on in one
window at a time.

    hold = GameHold.take(path)        # this window plays the game in ``path`` (its autosave file)
    played_elsewhere(path)            # True while another window holds it: Continue says so
    hold.release()                    # the game's screen is gone for good

Two windows on one data folder both offered the same unfinished game, and both played it on: the
second window's moves went to a copy of their own (``ui.autosave.Autosave.save_text``), so the
Continue list then held the game twice, each copy with half of what was played.  Each window now
holds a lock (``ai.file_lock``: the system's own, freed by a window that is killed) named after
the game's file, in the cache folder, and Continue refuses a game another window holds.  The lock
file of a game that is over, or whose file has gone, is removed as it is released; one that is
still unfinished keeps its empty lock file for the next window that plays it, and goes with the
game when the player deletes it from a list (``forget``).
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

from ai.file_lock import Lock, try_take
from ui.data_folders import cache_dir

log = logging.getLogger(__name__)

PLAYED_ELSEWHERE = "played elsewhere"  # the topic of the window's word that Continue was refused
_HELD_HERE: set[Path] = set()  # the lock files this window holds (a second open of one is refused, even here)


def lock_path(game_file: Path) -> Path:
    """The lock file of the game kept in ``game_file`` (by its name: a game's file keeps its name)."""
    return cache_dir() / "playing" / f"{game_file.name}.lock"


def played_elsewhere(game_file: Path) -> bool:
    """Whether another window holds the game in ``game_file`` now; this window's own hold is not
    another's (the system refuses a second lock of the file even to the process that holds it)."""
    path = lock_path(game_file)
    if path in _HELD_HERE or not path.exists():
        return False
    lock = try_take(path)
    if lock is None:
        return True
    lock.release()
    return False


class GameHold:
    """This window's hold on one game's file, from its first position shown until its screen goes."""

    def __init__(self, game_file: Path, lock: Lock | None) -> None:
        self.game_file = game_file
        self._lock = lock

    @classmethod
    def take(cls, game_file: Path) -> GameHold:
        """Hold ``game_file``'s game; a folder where no lock can be made holds nothing (the game
        is still played, as before: the autosave's own check keeps both windows' moves)."""
        path = lock_path(game_file)
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
        lock = try_take(path)
        if lock is None:
            log.info("the game %s is not held: its lock could not be taken", game_file.name)
        else:
            _HELD_HERE.add(path)
        return cls(game_file, lock)

    def release(self, over: bool = False) -> None:
        """Let other windows take the game up; its lock file goes with a game ``over`` or whose
        file has gone (one empty file a game played would pile up in the cache for good)."""
        if self._lock is None:
            return
        path = lock_path(self.game_file)
        if over or not self.game_file.exists():
            with contextlib.suppress(OSError):
                path.unlink()
        _HELD_HERE.discard(path)
        self._lock.release()
        self._lock = None


def forget(game_file: Path) -> None:
    """Remove the lock file of the game in ``game_file``, which the player deleted from a list:
    the Continue list's Delete left it in the cache for good.  Taken first, so that a lock
    another window holds (the game played on there) is left to that window's ``release``."""
    path = lock_path(game_file)
    if path in _HELD_HERE or not path.exists():
        return
    lock = try_take(path)
    if lock is None:
        return
    try:
        with contextlib.suppress(OSError):
            path.unlink()
    finally:
        lock.release()
