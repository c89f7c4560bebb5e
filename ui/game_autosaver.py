"""The game scene's autosave (``GameAutosaver``): one per game, its record written to its own file
(``ui.autosave.Autosave``) after every move and undo, with what Continue needs of the game as it
was left (``ui.autosave_setup``'s keys), and a failure said once (``WriteOutcome``).

No pygame here: the autosave is plain file work.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.record import GameRecord
from ui.autosave import FAILURES_SAID_AT_START, SHELF, Autosave
from ui.autosave_reading import log, not_offered
from ui.autosave_setup import (
    FRIEND_DECLINED_KEY,
    LEVEL_DECLINED_KEY,
    LEVEL_OFFER_KEY,
    REDO_CLOCKS_KEY,
    REDO_KEY,
    SESSION_KEY,
    SHOWN_KEY,
    SPEED_KEY,
    record_for_setup,
)
from ui.clocks import LEFT_KEY, PAUSED_KEY, READINGS_KEY, kept_readings


class GameAutosaver:
    """The game scene's helper: one per game, ``update`` after every move (and undo).

    It keeps the record's start date across moves and reports a failure only once, so a full
    disk gives one message, not one per move.
    """

    def __init__(self, setup: Any, autosave: Autosave | None = None, record: GameRecord | None = None,
                 begun: GameRecord | None = None) -> None:
        """``autosave``: the game's file (a new one on the shelf when None); ``record``: the game
        so far (its start date is kept); ``begun``: the record a new one plays on (``record_for_setup``)."""
        self.record = record or record_for_setup(setup, begun)
        self.autosave = autosave or SHELF.new_slot(self.record)
        self.failed = False
        self.clock_readings: list[tuple[float, float]] | None = None  # a clocked game's, per position (ui.clocks)
        self.clock_left: tuple[float, float] | None = None  # both clocks as the game is left between moves
        self.paused = False  # a clocked game with a person in it, paused: Continue brings it back paused
        self.speed: int | None = None  # a PC vs PC game's pace, kept for Continue (``kept_speed``)
        self.session: list[int] | None = None  # a hot-seat session's earlier score, kept for Continue
        self.shown: dict[str, bool] = {}  # what the screen shows (``SHOWN_PARTS``), kept for Continue
        self.level_offer: dict[str, Any] = {}  # draw offers standing and refused (a level's, a friend's), by key
        self.pruned = False  # the game's first write with moves was made: it pruned what it had to (``_prune_once``)
        self.redo: list[str] = []  # the moves Undo took back, in Redo's order, kept for Continue (``REDO_KEY``)
        self.redo_clocks: list[tuple[float, float]] | None = None  # both clocks after each of them (a clocked game's)
        # the evaluation graph's points and the searches behind them (``LiveEvaluations.saved``),
        # None to keep the record's own (a game written by no window's scene)
        self.evaluations: tuple[list[float | None] | None, list[Any] | None] | None = None

    def update(self, moves: list[str], state: Any, result: Any = None) -> str | None:
        """Save the game as it is now, here and now; returns a problem to show (only the first time
        it happens).  The window's game scene writes in the background instead (``ui.recorder``)."""
        return self.judge(self.write(self.prepare(moves, state, result)))

    def prepare(self, moves: list[str], state: Any, result: Any = None) -> str:
        """The record as the game is now (``record``), and its text for ``write``: cheap, done on
        the window's thread, so that the write needs nothing the window goes on changing."""
        self.record = self.record.with_moves(list(moves), state)
        dropped = (LEFT_KEY, PAUSED_KEY, LEVEL_OFFER_KEY, LEVEL_DECLINED_KEY, FRIEND_DECLINED_KEY, REDO_KEY,
                   REDO_CLOCKS_KEY)  # a move was made since
        setup = {k: v for k, v in self.record.setup.items() if k not in dropped}
        if self.redo and result is None:
            setup[REDO_KEY] = list(self.redo)
            if self.redo_clocks is not None and len(self.redo_clocks) == len(self.redo):
                setup[REDO_CLOCKS_KEY] = kept_readings(self.redo_clocks)
        setup.update(self.level_offer)
        if self.clock_readings is not None:
            setup[READINGS_KEY] = kept_readings(self.clock_readings)
        if self.speed is not None:
            setup[SPEED_KEY] = self.speed
        if self.session is not None:
            setup[SESSION_KEY] = self.session
        if self.shown:
            setup[SHOWN_KEY] = dict(self.shown)
        if self.clock_left is not None:
            setup[LEFT_KEY] = [round(self.clock_left[0], 3), round(self.clock_left[1], 3), len(moves)]
        if self.paused:
            setup[PAUSED_KEY] = len(moves)
        self.record = replace(self.record, setup=setup)
        if self.evaluations is not None:
            points, ply_values = self.evaluations
            self.record = replace(self.record, evaluations=points, ply_values=ply_values)
        if result is not None and not self.record.is_finished():
            self.record = self.record.finish(result)
        return self.record.dumps()

    def write(self, text: str) -> WriteOutcome:
        """Write ``text`` (from ``prepare``) to the game's file: the disk work, on any thread, one
        write of a file at a time (``ui.background_writer``); what it has to report."""
        problem = self.autosave.save_text(text)
        notice, self.autosave.notice = self.autosave.notice, None
        if problem is None:
            self._prune_once()
        return WriteOutcome(problem, self.autosave.failure, notice)

    def _prune_once(self) -> None:
        """At the first write of a game Continue does not offer (a watched one) in the unfinished
        games' folder, keep the newest ``NOT_OFFERED_KEPT`` of such games (``Shelf.prune_not_offered``):
        that is when one more of them comes, so once per game, not at every move."""
        record = self.record  # the window's thread may give it the next move meanwhile
        if self.pruned or not record.moves:
            return
        self.pruned = True
        if self.autosave.path.parent != SHELF.folder or not not_offered(record):
            return
        try:
            SHELF.prune_not_offered()
        except OSError as exc:  # the folder cannot be listed: the lists prune it when they read it
            log.info("could not prune the watched games: %s", exc)

    def judge(self, outcome: WriteOutcome) -> str | None:
        """A write's problem to show, on the window's thread: only the first of a run of failures,
        and not one the window said as it opened (``folder_problem``)."""
        if outcome.problem is None:
            self.failed = False
            return None
        first = not self.failed and outcome.failure not in FAILURES_SAID_AT_START
        self.failed = True
        return outcome.problem if first else None


@dataclass(frozen=True)
class WriteOutcome:
    """What one autosave write has to report: ``problem`` to show (None: written), ``failure``
    (why, in English, as ``Autosave.failure``), and ``notice`` (the game went on in a file of its own)."""

    problem: str | None
    failure: str | None
    notice: str | None
