"""The first game of a run opens at once: what a game screen imports is imported while the menu waits.

A game's computer players are made from its engine module (``ai.make_player``: the module, its
numba kernels, numba itself); the game screen has modules of its own.  Imported at the first Start
game of a run, they froze the window for a few tenths of a second at that click; later games found
them imported.  (The New game screen lists the players from ``ai.roster``, which needs none of them.)
``WarmStart`` imports them on a daemon thread instead, every game's engine, from the moment the
window has drawn its first screen and gone to sleep waiting for input (``App`` starts it there, so
the menu's first frame never waits for it).

Each module is imported in a step of its own, with a pause between steps.  An import holds the
interpreter but lets the window's thread take it in turns (at most one C call of tens of
milliseconds, as numba loads its compiler library): frames drawn meanwhile, the mouse moving over
the menu, take longer, about a second once per run (``python tools/cold_start.py --first-frame``
quotes the longest).  Each step imports through ``ai.imports.import_engine``, one thread at a time:
a screen opened meanwhile that imports an engine of its own waits for the step instead of racing it
through numba's first import (which is not thread-safe).  A module that fails to import is left:
Python keeps no half-imported module, so the screen that needs it imports it again and says what
fails, as it did before.  Quitting stops the steps; being a daemon thread, one under way never holds
up the exit.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Iterable

from ai.imports import import_engine

log = logging.getLogger(__name__)

STEP_PAUSE = 0.05  # seconds between two imports: a frame or two of the window's in between


def game_modules(first: str | None = None) -> list[str]:
    """What the first game imports: every game's players (the engine modules ``ai.make_player``
    reads: any game may be picked), game ``first``'s before the others (the game the New game screen will
    show), then the game screen's modules."""
    import games
    from ai import engine_module

    ids = sorted((info.id for info in games.catalog()), key=lambda game_id: game_id != first)
    return [*(engine_module(game_id) for game_id in ids), "ui.scenes.game"]


class WarmStart:
    """Imports ``modules()`` on a daemon thread, once, one step each (``start``, ``stop``)."""

    def __init__(self, modules: Callable[[], Iterable[str]] = game_modules) -> None:
        """``modules``: called on the thread, the names to import in turn."""
        self._modules = modules
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def started(self) -> bool:
        return self._thread is not None

    @property
    def done(self) -> bool:
        """Every step has been taken (or the thread stopped)."""
        return self._thread is not None and not self._thread.is_alive()

    def start(self) -> None:
        """Begin importing on a thread of its own; a second call does nothing."""
        if self._thread is None and not self._stopped.is_set():
            self._thread = threading.Thread(target=self._run, name="tabuleiro-warm-start", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Take no further step (the window closes); the import under way ends by itself."""
        self._stopped.set()

    def wait(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for the last step; whether it has been taken."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.done

    def _run(self) -> None:
        for name in self._names():
            if name in sys.modules:
                continue
            if self._stopped.wait(STEP_PAUSE):
                return
            _import_quietly(name)

    def _names(self) -> list[str]:
        try:
            return list(self._modules())
        except Exception as exc:  # noqa: BLE001 - a head start only: the game's start does without it
            log.debug("nothing imported ahead of the first game: %s: %s", type(exc).__name__, exc)
            return []


def _import_quietly(name: str) -> None:
    """Import ``name``; a failure is only logged at debug level: the game's start imports the
    module again and reports the failure where it always has."""
    try:
        import_engine(name)
    except Exception as exc:  # noqa: BLE001 - said when the game starts, not here
        log.debug("%s not imported ahead of the first game: %s: %s", name, type(exc).__name__, exc)
