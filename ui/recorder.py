"""The game scene's record keeper: autosave after every change (written off the window's thread,
``ui.background_writer``), a sound after every move,
the record itself for Save and Replay, and your results against the computer (``ui.tally``) once
a Human vs PC game ends.

The game scene calls its listeners after every move, undo, redo and rematch; a
``SceneRecorder`` is one of them.  It needs from the scene only ``setup``, ``history`` (plies
with ``text``, ``before``, ``after``), ``state``, ``messages``, ``clock_readings()`` (both
clocks at the start and after every ply, None without a clock: the record keeps them), and
``game``, ``is_over()``, ``winner()`` and ``game_number`` (which Rematch changes: New game opens
the New game screen, whose game is another screen with its own recorder) for the results.  What
the autosave keeps of the screen for Continue (the graph, a level's draw offer, what it shows,
the moves to redo, a session's score, a watched game's pace, a pause) and what the rules do not
know (a forfeit, an agreed draw: ``result_off_the_board``; which of the screen's games it is:
``game_on_screen``) it asks through the scene base's methods (``ui.scenes.base.Scene.saved_evaluations``
and those beside it): the game screen overrides them, any other screen keeps their neutral values.
"""

from __future__ import annotations

import logging
from collections import deque
from pathlib import Path
from typing import Any

from games.record import GameRecord
from games.record_parts import Result
from ui.autosave import Autosave
from ui.autosave_setup import kept_shown
from ui.background_writer import WRITE_WAIT, WRITER
from ui.data_folders import games_dir
from ui.game_autosaver import GameAutosaver, WriteOutcome
from ui.i18n import _
from ui.match import HUMAN_VS_PC, PC_VS_PC
from ui.playing import GameHold
from ui.sound import SOUNDS, sound_for_move
from ui.tally import TALLY, Score, game_key, outcome

log = logging.getLogger(__name__)

UNSAVED_TOPIC = "autosave failed"  # the failed autosave's message: held on screen until a write succeeds
RETRY_EVERY = 30.0  # seconds between tries of a failed autosave while the game waits (``retry_unsaved``)


def _record_in(autosave: Autosave | None, moves: list[str]) -> GameRecord | None:
    """The game a Continue resumes as its file holds it (its start and last-move dates kept), when
    the file holds these moves; else None (the record is written afresh)."""
    if autosave is None:
        return None
    record, _problem = autosave.load()
    return record if record is not None and record.moves == moves else None


class SceneRecorder:
    """Listens to a game scene (``scene.listeners.append(recorder)``)."""

    CLOCKS_KEPT_EVERY = 10.0  # seconds: the most of a running clock a killed game may lose

    def __init__(self, scene: Any, autosave_path: Path | None = None, begun: GameRecord | None = None) -> None:
        """``autosave_path``: the file of a game resumed from the Continue list (it goes on there);
        otherwise the game gets a new file of its own.  ``begun``: the record the game plays on,
        whose start it keeps (``ui.autosave_setup.record_for_setup``)."""
        self.setup = scene.setup
        self.moves = [p.text for p in scene.history]
        autosave = Autosave(autosave_path) if autosave_path else None
        kept = _record_in(autosave, self.moves)
        self.autosaver = GameAutosaver(scene.setup, autosave, kept, begun if self.moves else None)
        self.hold = GameHold.take(self.autosaver.autosave.path)  # no other window takes this game up meanwhile
        self._outcomes: deque[tuple[GameAutosaver, WriteOutcome]] = deque()  # the writer's reports, for ``poll``
        self._counts: deque[tuple[int, str | None, Score]] = deque()  # the tally's reports (game number), for ``poll``
        self.counted = False  # this game is in your results (it counts once, when it first ends)
        self.game_number = scene.game_on_screen()  # the scene's count of its games: its first, then each Rematch
        self._clocks_since: float | None = None  # when the running clock was last saved (keep_running_clocks)
        self._last_text: str | None = None  # the record's text last handed to the writer (``retry_unsaved``)
        self._retry_since: float | None = None  # when a failed autosave was last tried (``retry_unsaved``)
        self.results: Score | None = None  # your results against its computer player, once counted
        # a record played on in a file of its own (a replay's Play from here, a watched game's Take
        # over) is written once something happens in it (``__call__``: a move, an undo, its end):
        # written at once, a copy left before any move stood in the Continue list beside the saved
        # game it copies, nothing played in it.  Its record is kept up to date meanwhile (Save,
        # the replay and Take over read it), only not written (``_save``).  A game begun on moves
        # of no record (the window opened on a line, ``TABULEIRO_DEMO``) is its own from the start
        self.untouched_copy = bool(self.moves) and kept is None and begun is not None
        if self.moves and kept is None:  # played on from a record, or begun on moves: written (or made) now
            self._save(scene)

    @property
    def record(self) -> GameRecord:
        """The game as it stands (the moves, the players, the result once it is over)."""
        return self.autosaver.record

    def __call__(self, scene: Any) -> None:
        moves = [p.text for p in scene.history]
        another = scene.game_on_screen() != self.game_number  # Rematch; not an undo to the start
        if another:
            self.game_number = scene.game_on_screen()
            self.counted, self.results = False, None
        if scene.setup != self.setup or another:  # a new record; an undo to the start empties this one
            self.setup = scene.setup
            self.hold.release(over=self.autosaver.record.is_finished())
            self.autosaver = GameAutosaver(scene.setup)
            self.hold = GameHold.take(self.autosaver.autosave.path)
        elif len(moves) == len(self.moves) + 1 and moves[:-1] == self.moves:
            ply = scene.history[-1]
            SOUNDS.play(sound_for_move(ply.before, ply.after))
        self.moves = moves
        self.untouched_copy = False  # a move, an undo, a redo, its end: the game is its own now
        # a game ended before any move is written too, and again once Undo took that end back (an
        # outside program's forfeit of its first move, a resignation): its file, Save and the
        # replay kept the forfeit of a game that went on
        if (moves or self.autosaver.record.moves or scene.result_off_the_board() is not None
                or self.autosaver.record.is_finished()):
            self._save(scene)
        self._count(scene)

    def _count(self, scene: Any) -> None:
        """A Human vs PC game that has just ended counts in your results against its computer
        player; the writer thread counts it (the file's lock may wait for another window), and
        ``poll`` shows the results and any problem."""
        setup = scene.setup
        if self.counted or setup.mode != HUMAN_VS_PC or not scene.is_over():
            return
        self.counted = True
        human = setup.human_side()
        result = scene.result_off_the_board() or Result(scene.winner(), "")
        opponent = setup.players[1 - human]
        game_number = self.game_number
        TALLY.add_later(scene.game.id, opponent, outcome(result, human),
                        lambda problem, results: self._counts.append((game_number, problem, results)),
                        key=game_key(self.record), options=scene.game.options)

    def close(self) -> None:
        """The game's screen is gone for good: another window may take the game up (``ui.playing``)."""
        self.hold.release(over=self.autosaver.record.is_finished())

    def keep_running_clocks(self, scene: Any, now: float) -> None:
        """While a clock runs between moves, save both clocks as they stand every
        ``CLOCKS_KEPT_EVERY`` seconds (as ``keep_clocks`` does when the game is left).  A game
        killed (kill -9, a crash, a power cut) came back with its clocks as they were at its last
        move: the side to move got back all the time it had spent thinking."""
        if not scene.referee.running:
            self._clocks_since = None
        elif self._clocks_since is None:
            self._clocks_since = now
        elif now - self._clocks_since >= self.CLOCKS_KEPT_EVERY:
            self._clocks_since = now
            self.keep_clocks(scene)

    def keep_clocks(self, scene: Any) -> None:
        """Save a clocked game left between moves (the window closed, the menu) with both clocks as
        they stand: Continue then charges the time already spent on the move not yet made."""
        if scene.referee.clock is None or not self.moves or scene.is_over():
            return
        self.autosaver.clock_left = (scene.clock_left(0), scene.clock_left(1))
        try:
            self._save(scene)
        finally:
            self.autosaver.clock_left = None

    def keep_between_moves(self, scene: Any) -> None:
        """Save a game whose setup changed between moves, as the autosave after the next move
        would (a game not begun has no file yet): a watched game's speed (Continue plays it on
        at that speed), analysis, Hex connections or the turned board switched (Continue showed
        the game without them), a level's draw offer that came or was declined (it comes after
        its move's save: Continue shows it again, or remembers the refusal)."""
        if self.moves and not scene.is_over():
            self._save(scene)

    def keep_shown(self, scene: Any) -> None:
        """Save a game left between moves whose screen shows other than its file says
        (``ui.autosave_setup.kept_shown``): the board's cursor shown or hidden, a click or a key played
        with since the last move, which no move has saved (Esc hides the cursor on the way out)."""
        if scene.shown_kept() != kept_shown(self.autosaver.record.setup):
            self.keep_between_moves(scene)

    def forget_taken_back(self, scene: Any) -> None:
        """The person started another game from this one taken back to no moves (``GameCommands
        ._start_chosen``): its moves to redo, kept for Continue (``ui.autosave_setup.REDO_KEY``), are
        dropped from its file, which the next reading of the list then removes, as ever for a game
        with no moves.  The scene's redo stack is emptied first."""
        if not self.moves and self.autosaver.redo and not scene.redo_kept():
            self._save(scene)

    @property
    def on_disk(self) -> bool:
        """Whether the game has a file in the unfinished games' folder (once written): not a
        record played on with nothing played in it yet (``untouched_copy``), which leaving does
        not keep in the Continue list."""
        return not self.untouched_copy

    def _save(self, scene: Any) -> None:
        """The record's text is made here; the writer thread writes it (the newest text of a file
        replaces one not yet written), and ``poll`` shows what it reports.  A game that has just
        ended waits for its file, as leaving the game does (``settle``).  A record played on with
        nothing played in it (``untouched_copy``) is made, not written: the saved game it copies
        holds it already."""
        autosaver = self.autosaver
        autosaver.clock_readings = scene.clock_readings()  # a clocked game's, after every ply
        autosaver.speed = scene.speed_kept() if scene.setup.mode == PC_VS_PC else None
        autosaver.paused = scene.paused_kept() and scene.setup.mode != PC_VS_PC
        autosaver.session = scene.session_kept()
        autosaver.level_offer = scene.level_offer_kept()
        autosaver.shown = scene.shown_kept()
        redo = scene.redo_kept()  # Redo's order
        autosaver.redo = [ply.text for ply in redo]
        clocks = [ply.clocks for ply in redo]  # a clocked game's: Continue's Redo puts them back
        autosaver.redo_clocks = clocks if clocks and all(c is not None for c in clocks) else None
        autosaver.evaluations = scene.saved_evaluations()  # the graph as it stands: its replay draws it at once
        text = autosaver.prepare(self.moves, scene.state, scene.result_off_the_board())
        if self.untouched_copy:
            return
        self._submit(autosaver, text)
        if autosaver.record.is_finished():
            self.settle(scene)

    def _submit(self, autosaver: GameAutosaver, text: str) -> None:
        """Hand ``text`` to the writer thread for ``autosaver``'s file; ``poll`` says the outcome."""
        self._last_text = text
        WRITER.submit(autosaver.autosave, lambda: self._outcomes.append((autosaver, autosaver.write(text))))

    def retry_unsaved(self, now: float) -> None:
        """While the game's last autosave failed, write it again every ``RETRY_EVERY`` seconds
        (on the writer's thread: no frame waits).  A full disk freed while the player thought
        went on unsaved until the next move or the window's close: ten minutes' thought, and a
        crash then lost the game."""
        if not self.autosaver.failed or self._last_text is None:
            self._retry_since = None
        elif self._retry_since is None:
            self._retry_since = now
        elif now - self._retry_since >= RETRY_EVERY:
            self._retry_since = now
            self._submit(self.autosaver, self._last_text)

    def poll(self, scene: Any) -> None:
        """Show what the writes done since report (on the window's thread, every frame)."""
        while self._counts:
            game_number, problem, results = self._counts.popleft()
            if problem:
                scene.messages.add(problem, "error", duration=8.0)
            if game_number == self.game_number:  # not a game before a rematch
                self.results = results
                scene.invalidate()  # the game-over card says them
        while self._outcomes:
            autosaver, outcome = self._outcomes.popleft()
            was_unsaved = autosaver.failed
            self._say_unsaved(scene, autosaver.judge(outcome), outcome)
            if was_unsaved and outcome.problem is None:
                self._say_saved_again(scene)
            if outcome.notice:
                scene.messages.add(outcome.notice, "warn", duration=8.0)

    @staticmethod
    def _say_unsaved(scene: Any, problem: str | None, outcome: WriteOutcome) -> None:
        """A failed autosave stays on screen until a later write succeeds.  Said once for a run of
        failures (``GameAutosaver.judge``), it faded after 8 s while a full disk kept every later
        move out of the file: the player played on sure the game was kept, and a crash or a power
        cut lost all those moves unsaid."""
        if problem:
            scene.messages.add(problem, "error", topic=UNSAVED_TOPIC)
            scene.messages.hold(UNSAVED_TOPIC)
        elif outcome.problem is None:
            scene.messages.release(UNSAVED_TOPIC)  # written again: what it said is over

    @staticmethod
    def _say_saved_again(scene: Any) -> None:
        """Once a failed game is written again (a move, or ``retry_unsaved``), say so in place of
        the failure: both showed at once, "Could not autosave" above "autosaved again"."""
        scene.messages.withdraw(UNSAVED_TOPIC)
        scene.messages.add(_("The game is autosaved again"), duration=6.0)

    def settle(self, scene: Any) -> bool:
        """Wait (at most ``WRITE_WAIT`` seconds) for the writes handed over so far, then show what
        they report: the game's file holds the last position when the game is left or ends, and
        ``autosaver.failed`` tells whether it could be written.  Whether they were all written
        (False: a disk that hangs still holds one)."""
        written = WRITER.wait(WRITE_WAIT)
        if not written:
            log.warning("the autosave is still being written after %.0f s", WRITE_WAIT)
        self.poll(scene)
        return written

    def save_copy(self, folder: Path | None = None) -> tuple[str, str]:
        """Write the game to the saved-games folder under a new name; (message, kind) for the window."""
        from ui.export import save_record_under_free_name

        return save_record_under_free_name(self.record, folder or games_dir())

    def export_png(self, scene: Any) -> tuple[str, str]:
        """The position on screen (the one browsed to, if any, turned round if the board is) as a
        PNG in the saved-games folder, with analysis mode's values on its moves when it is on;
        (message, kind)."""
        from ui.export import export_board_png

        plies = scene.shown_plies()
        last = scene.history[plies - 1] if plies else None
        return export_board_png(scene.game, scene.shown_state(), self.record, plies, theme=scene.app.theme,
                                last_move=last.move if last else None, labels=scene.analysis.labels(),
                                turned=scene.view.turned)

    def copy_moves(self) -> tuple[str, str]:
        """The move list on the clipboard (or in a file when there is no clipboard); (message, kind)."""
        from ui.export import copy_move_list

        return copy_move_list(self.record)

    def save_outside_file(self) -> tuple[str, str]:
        """The game so far as the file other programs of it read (key G: Hex's SGF for HexGui,
        Othello's GGF); (message, kind)."""
        from ui.export import save_outside_file

        return save_outside_file(self.record)

    def copy_transcript(self) -> tuple[str, str]:
        """The game so far as its move string (Othello's ``f5d6c3...``) on the clipboard (Shift+M);
        (message, kind)."""
        from ui.export import copy_transcript

        return copy_transcript(self.record)

    def copy_ggf(self) -> tuple[str, str]:
        """The Othello game so far as GGF on the clipboard (Shift+G); (message, kind)."""
        from ui.export import copy_ggf

        return copy_ggf(self.record)

    def copy_position(self, scene: Any) -> tuple[str, str]:
        """The position on screen as text (Ctrl+C), to paste on the main menu and play from; (message, kind)."""
        from ui.export import copy_position

        return copy_position(scene.game, scene.shown_state())
