"""A screen's helper that keeps one AI-worker job about the position it shows.

Analysis mode (every move's value, ui/analysis_mode.py) and the Hex connections overlay
(ui/hex_connections.py) both work the same way: switched on, they follow the position on screen --
the live game or one reached by browsing -- and ask a worker process of their own about it; a new
position cancels the old job, switching off or leaving the screen stops it; a visit (the rules, a
replay, whose Back returns) holds it instead (``hold``): its results stay, and on the return it goes
on from where it was when the position is the same (``follow``).  A job whose process
died (killed: out of memory, ``kill -9``) is asked again of the fresh process, once per position.
Each arrival bumps ``revision``, so the screen redraws only then.  Having its own worker means
such a job never delays the computer's moves, and a move search never cancels it.

A subclass says what job to send (``make_job``) and what to keep from a report (``receive``).
No drawing here.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from games.base import Game, State

log = logging.getLogger(__name__)


class PositionWorker:
    """Follows the position shown and keeps one worker job about it while ``active``."""

    def __init__(self, game: Game, active: bool = False, start: str | None = None) -> None:
        self.game = game
        self.start = start  # the position the moves are played from (Game.to_text), None: the usual start
        self.active = active
        self.worker: Any = None
        self.job: int | None = None
        self.position: tuple | None = None  # what the job is about: (moves, position text)
        self.finished = False  # the job for this position ended (its last report is in)
        self.error = ""  # why the last job failed, if it did
        self.revision = 0  # bumped on every change worth a redraw
        self.waiting = False  # held while the computer searches its move (``wait``, set by the game screen)
        self.asked_again: tuple | None = None  # the position whose job was asked again after its process died
        self.clock = time.monotonic  # what ``prepared_for`` counts the wait by (a test's own)
        self._preparing_since: float | None = None  # when the job was first seen waiting for the engine
        self._prepared_said: int | None = None  # the whole seconds of that wait last shown
        self._held = False  # the job held for a visit (``hold``)
        if active:
            self._log_switched()

    # -- what a subclass says ----------------------------------------------------------------------
    def make_job(self, moves: tuple[str, ...], position: str) -> Any:
        """The ``ui.ai_worker.Job`` for the position reached by ``moves`` (``position``: its text)."""
        raise NotImplementedError

    def receive(self, item: Any) -> bool:
        """Keep what a report of the current job says; True when it changed what is shown."""
        return False

    def clear(self) -> bool:
        """Forget the results about the old position; True if there were any."""
        return False

    # -- the controller ------------------------------------------------------------------------------
    def toggle(self) -> bool:
        """Switch on or off; returns the new state."""
        self.active = not self.active
        if not self.active:
            self.stop()
        self._log_switched()
        self.revision += 1
        return self.active

    def _log_switched(self) -> None:
        """The log's line as the helper is switched on (analysis started) or off (stopped)."""
        log.debug("%s %s for %s", type(self).__name__, "started" if self.active else "stopped", self.game.id)

    def running(self) -> bool:
        return self.job is not None

    def preparing(self) -> bool:
        """A job waits while its worker compiles the engine's kernels (``AIWorker.preparing``)."""
        return self.job is not None and bool(getattr(self.worker, "preparing", False))

    def prepared_for(self) -> int | None:
        """Whole seconds the job has waited so far while its worker prepares the engine (as
        ``poll`` saw it), None while it does not.  A fresh install compiles the engine then: on a busy
        machine a Hex analysis said "Preparing the engine…" unchanged for over a minute and looked
        stuck; the window counts the seconds beside it (``ui.analysis_mode.summary_text``)."""
        if self._preparing_since is None or not self.preparing():
            return None
        return int(self.clock() - self._preparing_since)

    def _count_preparing(self) -> bool:
        """Note when the job began to wait for the engine; True when the whole seconds of the wait
        (``prepared_for``) changed since they were last shown, for the window to show the new count."""
        if not self.preparing():
            self._preparing_since = None
        elif self._preparing_since is None:
            self._preparing_since = self.clock()
        said, self._prepared_said = self._prepared_said, self.prepared_for()
        return said != self._prepared_said

    def follow(self, state: State, moves: tuple[str, ...]) -> None:
        """Work on ``state`` (reached by ``moves`` in notation) unless it already is; nothing on a
        finished game's position.  A job held for a visit (``hold``) goes on where the position is
        still the one it works on."""
        if not self.active:
            return
        position = (moves, self.game.to_text(state))
        if position == self.position:
            if self._held:
                self.hold(False)
            return
        self.stop()
        self.position = position
        if state.is_terminal():
            return
        from ui.worker_client import AIWorker

        if self.worker is None:
            self.worker = AIWorker(self.game)
        self.job = self.worker.submit(self.make_job(moves, position[1]))

    def wait(self, holding: bool) -> bool:
        """Hold the job while ``holding`` (the computer searches its move: a second process on the
        position would take half the cores from that search, so the move came late or weaker);
        the results of the old position are dropped.  True while held."""
        self.waiting = holding
        if holding:
            self.stop()
        return holding

    def hold(self, holding: bool = True) -> None:
        """Pause the job (``holding``: the screen is covered by a visit, whose Back returns to it)
        or let it go on: its results stay shown and its search keeps what it found
        (``AIWorker.hold``), where stopped and asked again on the return it started over, its
        first snapshots shallower than those shown before (the best line cut to two moves)."""
        if holding == self._held:
            return
        self._held = holding
        if self.worker is not None and self.job is not None:
            self.worker.hold(holding)

    def held(self) -> bool:
        """Whether the job is held for a visit (``hold``)."""
        return self._held and self.job is not None

    def stop(self) -> None:
        """Stop working (the position changed, or the helper was switched off); results are dropped."""
        if self.job is not None and self.worker is not None:
            self.worker.cancel()
        changed = self.clear() or self.job is not None
        self.job, self.position, self.finished, self.error, self._held = None, None, False, "", False
        self._prepared_said = None
        if not getattr(self.worker, "preparing", False):  # else the count goes on for the next position's job
            self._preparing_since = None
        if changed:
            self.revision += 1

    def poll(self) -> bool:
        """Collect the worker's reports; True when what is shown changed."""
        if self.worker is None or self.job is None:
            return False
        from ui.ai_worker import AIError, AIProcessDied, AIResult

        changed = False
        for item in self.worker.poll():
            if item.job_id != self.job:
                continue
            if isinstance(item, AIProcessDied) and self.asked_again != self.position:
                self.asked_again = self.position
                self.job = self.worker.submit(self.make_job(*self.position))
            elif isinstance(item, (AIResult, AIError)):
                self.job, self.finished, changed = None, True, True
                if isinstance(item, AIError):
                    self.error = item.message
            elif self.receive(item):
                changed = True
        changed |= self._count_preparing()
        if changed:
            self.revision += 1
        return changed

    def close(self) -> None:
        """The screen is left: stop and end the worker process."""
        self.stop()
        if self.worker is not None:
            self.worker.close()
            self.worker = None
