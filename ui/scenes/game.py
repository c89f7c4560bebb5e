"""The game screen: the board on the left, the side panel on the right, the AI in a worker.

The scene keeps the game as a list of plies (move, notation, states before and after), so undo,
redo and the move list are the same data.  It asks the view which move a click makes and asks
the worker for computer moves and hints; it never decides legality itself.

Here are the game itself (its plies, its end, its clock), the position shown (the live game or
an earlier one) and the frame; the rest is in parts that each keep one concern and are given the
scene:

- ``game_commands.GameCommands``: the commands and their buttons (Undo, Pause, New game ...), mixed
  in because they are the scene's public methods; ``game_questions.GameQuestions``, mixed in beside
  it: Resign and Offer draw, which ask a question over the board (a card, or a level's search) first;
- ``game_computer.ComputerMoves``: the AI worker, its searches for moves and hints, the replies;
- ``game_keys``: the keyboard map, with browsing and the board's cursor;
- ``game_mouse.BoardMouse``: clicks and drags on the board;
- ``game_board_side.BoardSide``: the layout and drawing of the board, the status line and the
  messages; ``game_panel.GamePanel``: the side panel; ``game_over.GameOverCard``: the result
  (``PausedCard``: the cover of a paused clocked game with a person in it);
- ``ui.move_entry.MoveEntry``: moves typed or pasted; ``ui.recorder.SceneRecorder``: autosave,
  sounds and the record.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

import ai
import games
from ai import referee
from ai.referee import Loss, Referee
from games.base import IllegalMove, State
from games.move_list import DRAW_AGREED
from games.move_numbers import resigned_at
from games.record import GameRecord
from games.record_parts import PlyValue, Result
from ui import eval_graph, words
from ui.ai_worker import AIProgress
from ui.analysis_mode import AnalysisMode, wanted_at_start
from ui.autosave_setup import is_pasted, kept_redo, kept_redo_clocks, kept_shown, kept_speed
from ui.board_cursor import BoardCursor
from ui.board_view import Overlay
from ui.clocks import left_paused, setup_clock
from ui.game_log import GameEndLog, log_game_started
from ui.hex_connections import HexConnections
from ui.i18n import Phrase, _
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.move_entry import MoveEntry
from ui.recorder import SceneRecorder
from ui.scenes import game_keys
from ui.scenes.base import Scene
from ui.scenes.game_board_side import BoardSide
from ui.scenes.game_commands import MOVE_NOTE, PAUSED_WORDS, GameCommands
from ui.scenes.game_computer import HINT_NOTE, RESIGNED, SPEEDS, ComputerMoves, watch_speed
from ui.scenes.game_mouse import REFUSAL, BoardMouse
from ui.scenes.game_over import (
    NEXT_GAME_SECONDS,
    OVER_DELAY,
    CannotStartCard,
    ComputerDrawOfferCard,
    DrawOfferCard,
    GameOverCard,
    PausedCard,
    ResignCard,
)
from ui.scenes.game_panel import GamePanel
from ui.scenes.game_questions import GameQuestions
from ui.scenes.panel_layout import panel_width
from ui.settings import text_size_of
from ui.sitting import SittingScore
from ui.tally import Score
from ui.theme import scrolling_scale
from ui.views import make_view
from ui.widgets import REFUSED_TOPIC, Message, Messages, lighting
from ui.window_away import WindowAway

log = logging.getLogger("tabuleiro.ui")

ENDED_TOPIC = "ended"  # the notices about a game that ended (a bot's log): Rematch and New game take them away


@dataclass(frozen=True)
class Ply:
    move: Hashable
    text: str
    before: State
    after: State
    by_computer: bool
    clocks: tuple[float, float] | None = None  # both clocks after this ply (a clocked game)


def _parts(part: str, *names: str) -> tuple[property, ...]:
    """For each of ``names``, a property of the scene read and set on its ``part``: names the tests
    and tools used on the scene before the part had a class of its own."""

    def kept(name: str) -> property:
        return property(lambda scene: getattr(getattr(scene, part), name),
                        lambda scene, value: setattr(getattr(scene, part), name, value))

    return tuple(kept(name) for name in names)


class GameScene(GameCommands, GameQuestions, Scene):
    def __init__(self, app, setup: MatchSetup, moves: Sequence[str] = (), autosave_path: Path | None = None,
                 clock_readings: Sequence[tuple[float, float]] | None = None, begun: GameRecord | None = None,
                 sitting: SittingScore | None = None, clock_left: tuple[float, float] | None = None) -> None:
        """``moves``: play on from a record; ``autosave_path``: its file in the Continue list;
        ``clock_readings``: both clocks at the start and after each of ``moves`` (a clocked record);
        ``clock_left``: both clocks as that record was left, the next move's time so far taken off
        (the readings keep what the last move left: a move's time, the replay's clocks);
        ``begun``: that record, whose start the game keeps (``SceneRecorder``); ``sitting``: the
        friends' session this game goes on with (started from another game's New game), else a new
        one, or the one a continued game's record keeps."""
        super().__init__(app)
        readings = clock_readings
        self.setup = setup
        self.game = setup.make_game()
        self.view = make_view(self.game)
        self.view.follows_play = True  # a large Trax board shows its tiles, Z the whole (``BoardView.zoomable``)
        self.initial = setup.first_state(self.game)  # a pasted position, or the usual start
        self.computer = ComputerMoves(self)  # the AI worker: computer moves and hints
        self.visiting = False  # leaving for a screen whose Back returns here (GameCommands._visit)
        self.mouse = BoardMouse(self)
        self.messages = Messages()
        taken_up = begun is not None and bool(moves or kept_redo(begun.setup))  # a continued game (perhaps all taken back)
        shown = kept_shown(begun.setup) if taken_up else {}  # a continued game's, as it was left
        self._face_as_left(shown)
        self.show_legal = app.settings.show_legal
        watching = setup.mode == PC_VS_PC
        self.speed = watch_speed(app) if watching else 1
        self.panel = GamePanel(self)
        self.over_card = GameOverCard(self)
        self.start_card = CannotStartCard(self)  # an outside player that cannot be loaded: the game waits
        self.offer_card = DrawOfferCard(self)  # a friend's draw offer, for the other to accept or decline
        self.computer_offer_card = ComputerDrawOfferCard(self)  # a level's own offer, for the person
        self.resign_card = ResignCard(self)  # Resign asked: yes or no
        self.pause_card = PausedCard(self)  # a clocked game with a person in it, paused: the board covered
        analysing = shown.get("analysis", wanted_at_start() or (watching and app.last_setup_choices().watch_analysis))
        self.analysis = AnalysisMode(self.game, setup.seed, active=analysing, start=setup.start)  # key A
        self.line_kept: list[AIProgress | None] | None = None  # ``analysis_line`` through a drawing (``draw``)
        self.connections = HexConnections(self.game, shown.get("connections", False))  # key V: Hex's virtual connections
        self.board_side = BoardSide(self)
        # Hooks for saved games, autosave, sounds: called with the scene after every change of the
        # game (a move, undo, redo, rematch).  ``moves`` resumes a game from its record.
        self.listeners: list[Callable[[GameScene], None]] = []
        self.move_entry = MoveEntry(self)  # Enter: moves typed in notation; Ctrl+V: pasted
        self.cursor = BoardCursor()  # the arrow keys' place on the board, for play without a mouse
        self.keyboard_play = False  # the player has played by the keyboard (the cursor, a move typed): the panel says its keys
        self.list_scrolled: pygame.event.Event | None = None  # the last wheel's turn given to the move list
        self._last_shown: tuple | None = None  # what the screen showed at the last update (``_shown``)...
        self._last_clocks: tuple[str, str] | None = None  # ... and what its clocks read
        self._make_buttons()
        self.game_number = 0
        self._reset()
        for i, text in enumerate(moves):
            state = self.state
            at = readings[i + 1] if readings and i + 1 < len(readings) else None
            self._play(self.game.parse_move(state, text), by_computer=False, clocks=at)
        if begun is not None:
            self._take_up_redo(kept_redo(begun.setup), kept_redo_clocks(begun.setup))
            if begun.moves == list(moves):  # the graph of the part played before, kept by its next save
                self.evaluations.take_up(moves, begun.ply_values)
        if clock_left is not None and moves:
            self.referee.set_readings(clock_left)  # the move under way goes on from the time it had left
        # hot-seat: the friends' score over the games on this screen, and before it a continued game's
        self.sitting = sitting if sitting is not None else SittingScore.resumed(
            begun.setup if taken_up else {})
        self.recorder = SceneRecorder(self, autosave_path, begun)  # autosave after every change, a sound after every move
        self.listeners.append(self.recorder)
        self.window = WindowAway()  # minimised or behind another window: a human's clock stands still
        self.clock_waits_for_set_up = False  # the computer's clock stopped for its player's set-up alone
        self.sitting(self)  # a game whose moves end it counts too
        self.listeners.append(self.sitting)
        log_game_started(self, len(moves), autosave_path)
        self.listeners.append(GameEndLog())  # the log's line as the game ends
        self.speed = kept_speed(self.recorder.record.setup, len(SPEEDS), self.speed)  # as a continued game was left
        if begun is not None and moves:
            self.take_up_level_offer(begun.setup)  # a level's draw offer standing as the game was left
        self._warned_unsaved: tuple[int, int, bool] | None = None  # leaving an unsaved game asks twice (``_left_as``)
        if moves and setup.mode == PC_VS_PC and not self.is_over():
            self.paused = True  # a watched game taken up again waits for the watcher, as after an undo
            given = begun is None or is_pasted(begun.setup)  # moves pasted (or the command line's), no game left
            self.messages.add(_("Paused at the position given: Resume (Space) starts the computers") if given
                              else _("Paused where the game was left: Resume (Space) goes on"), duration=6.0)
        elif begun is not None and moves and left_paused(begun.setup, len(moves)) and not self.is_over():
            self.paused = True  # left paused: the clocks wait for the players, as they stood
            self.messages.add(_("Paused where the game was left: Resume (Ctrl+P) goes on"), duration=6.0)
        if not (setup.is_human(0) and setup.is_human(1)):
            self.computer.ensure_worker()  # spawn now: the first computer move should not wait for it
        # the buttons' labels as the first frame has them ("Speed: Normal", not "Speed"): laid out
        # for the bare "Velocidade", Hex's watched panel in Portuguese at Larger at 1280x800 kept
        # Large's scale (the row of three measured for the label it never shows)
        self._refresh_buttons()
        self.resize(app.size)
        self._keys_as_left(shown)  # laid out: the cursor aimed on the board as drawn

    # What tests and tools read on the scene, kept there: the computer's search, the mouse's drag,
    # the board side's rectangles.
    worker, job, job_budget, progress, held, held_search, last_search = _parts(
        "computer", "worker", "job", "job_budget", "progress", "held", "held_search", "last_search")
    drag, invalid_at = _parts("mouse", "drag", "invalid_at")
    board_area, eval_rect, graph_rect = _parts("board_side", "area", "eval_rect", "graph_rect")

    def _take_up_redo(self, texts: list[str], clocks: list[tuple[float, float]] | None = None) -> None:
        """The moves Undo had taken back as a continued game was left (``ui.autosave_setup.kept_redo``)
        on the redo stack again, so Redo plays them as it would have before the game was left:
        a game taken back to its start stays in the Continue list for them (``unfinished``).  They
        are taken as far as the rules take them: one the rules refuse (a hand-edited file, a rule
        changed since) ends them, the game itself kept.  ``clocks``: both clocks after each
        (``kept_redo_clocks``), which a redone move puts back as before the game was left; without
        them (none kept) a move redone in a clocked game set both clocks to their start."""
        kept = clocks if clocks is not None and self.referee.clock is not None else None
        state, plies = self.state, []
        for i, text in enumerate(texts):
            try:
                move = self.game.parse_move(state, text)
                after = state.play(move)
            except ValueError:  # games.IllegalMove, and a text that names no move
                log.info("the moves to redo stop at %r: the rules refuse it here", text)
                break
            plies.append(Ply(move, self.game.format_move(state, move), state, after,
                             by_computer=not self.setup.is_human(state.to_move), clocks=kept[i] if kept else None))
            state = after
        self.redo_stack = plies[::-1]  # the next one to redo last, as Undo leaves them

    def _face_as_left(self, shown: dict[str, bool]) -> None:
        """The board turned round as a continued game's screen had it (``kept_shown``), else as a
        new game faces the human (``_face_the_human``)."""
        if "turned" in shown and self.view.can_turn:
            self.view.turned = shown["turned"]
        else:
            self._face_the_human()

    def _keys_as_left(self, shown: dict[str, bool]) -> None:
        """A continued game's player who played by the keyboard as its screen had them
        (``kept_shown``): the panel names the keys that play (``keyboard_play``), and the board's
        cursor shows where it showed, on the legal move nearest the last (``aim_cursor``).
        Continue showed a keyboard player as a mouse player ("Click the board or use the arrow
        keys"), the cursor gone."""
        self.keyboard_play = shown.get("keyboard", False)
        self.cursor.on = shown.get("cursor", False)
        game_keys.aim_cursor(self)

    def shown_kept(self) -> dict[str, bool]:
        """What the screen shows that Continue shows again (``ui.autosave_setup.SHOWN_PARTS``)."""
        return {"analysis": self.analysis.active, "connections": self.connections.active, "turned": self.view.turned,
                "keyboard": self.keyboard_play, "cursor": self.cursor.on}

    def redo_kept(self) -> list[Ply]:
        """The moves Undo took back, in the order Redo plays them again (the stack's reversed)."""
        return self.redo_stack[::-1]

    def session_kept(self) -> list[int] | None:
        """The hot-seat session's score before this game (``SittingScore.earlier``)."""
        return self.sitting.earlier(self)

    def speed_kept(self) -> int | None:
        """The pace the game is watched at (``SPEEDS``)."""
        return self.speed

    def paused_kept(self) -> bool:
        """Whether the game stands paused."""
        return bool(self.paused)

    def result_off_the_board(self) -> Result | None:
        """A draw the players agreed, or the forfeit's result in the words records keep."""
        if self.agreed_draw:
            return Result(None, DRAW_AGREED)
        if self.forfeit is None:
            return None
        return Result(1 - self.forfeit[0], self.recorded_reason(), None)

    def game_on_screen(self) -> int:
        """The screen's count of its games (``game_number``)."""
        return self.game_number

    def tally_results(self) -> Score | None:
        """Your results against the computer, once the recorder counted this game."""
        return self.recorder.results

    def session_line(self) -> str:
        """The friends' score over this screen's games (``SittingScore.line``)."""
        return self.sitting.line(self)

    def waiting(self) -> None:
        """The window waits for a move: a hot-seat game's AI worker starts now, for the hints."""
        self.computer.start_ahead()

    def _think(self, kind: str, side: int, player_id: str, move_time: float) -> None:
        self.computer.think(kind, side, player_id, move_time)

    def _draw_status(self, surface: pygame.Surface) -> None:
        self.board_side.draw_status(surface)

    def _messages_bottom(self) -> int:
        return self.board_side.messages_bottom()

    # -- state ------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.history[-1].after if self.history else self.initial

    # The rules know nothing of forfeits: an outside player that lost by forfeit (over the time
    # limit, dead, an illegal answer) ends the game here, in the scene, as ``forfeit`` = (side,
    # reason); nor of a draw two friends agreed, ``agreed_draw``.  The panel, the game-over card and
    # the record read these three instead of the state.
    def is_over(self) -> bool:
        return self.ended_off_the_board() or self.state.is_terminal()

    def ended_off_the_board(self) -> bool:
        """Whether the game ended otherwise than by its rules: a forfeit (a resignation, a flag
        fall) or a draw the players agreed."""
        return self.forfeit is not None or self.agreed_draw

    def winner(self) -> int | None:
        """The winning side once the game is over (None: a draw or not over)."""
        if self.forfeit is not None:
            return 1 - self.forfeit[0]
        return self.state.winner() if self.state.is_terminal() else None

    def end_reason(self) -> str:
        """Why the game ended, in the window's language (a forfeit worded as its record keeps it, but
        a named hot-seat player's resignation or flag fall names the player who lost: "João (O)
        resigns"; the card read "Ana (X) wins" over "O resigns", which friend gave up left to work
        out)."""
        if self.agreed_draw:
            return words.end_reason(DRAW_AGREED)
        if self.forfeit is None:
            return words.end_reason(self.state.end_reason())
        names = self.setup.names if self.setup.mode == HOTSEAT else ("", "")
        return words.named_end_reason(self.recorded_reason(), self.game.sides, names)

    def recorded_reason(self) -> str:
        """A forfeit's reason as records keep it, in English like the rules' own (each window says
        it in its language): a game resigned in Portuguese read "Preto desiste" in English."""
        side, why = self.forfeit
        name = self.game.sides[side]
        if why == RESIGNED:  # at the move the game was at, as a flag fall says its move
            return resigned_at(name, len(self.history))
        if referee.is_flag_fall(why):  # "O lost on time at move 3": the referee's words before its account
            return f"{name} {why.split(':', 1)[0]}"
        return referee.Loss(side, why).reason(self.game, self.setup.player_label(side, translated=False))

    def _reset(self) -> None:
        self.game_number += 1  # the screen's first game, then each Rematch's: the recorder counts it once
        self.history: list[Ply] = []
        self.redo_stack: list[Ply] = []
        self.computer.reset()
        self.messages.withdraw(ENDED_TOPIC)  # the last game's, not this one's
        self.evaluations = eval_graph.LiveEvaluations(self.game)  # the engines' opinions, for the graph
        self.forfeit: tuple[int, str] | None = None  # (side, reason): that side lost by forfeit
        self.agreed_draw = False  # the two players agreed a draw (``GameQuestions.accept_draw``)
        self.draw_offer: int | None = None  # the side whose draw offer waits for the other's answer
        self.resign_asked: int | None = None  # the side whose Resign waits for its yes or no (``ResignCard``)
        self.draw_declined_at: int | None = None  # plies played when the computer last declined one
        self.friend_declined_at: tuple[int, int] | None = None  # hot-seat: the side whose offer a friend declined, and the plies then
        self.computer_offer: int | None = None  # the level's side whose own draw offer stands (``ComputerDrawOfferCard``)
        self.computer_offer_certain = False  # it stands on the rules (no one can win), not on a search's proof
        self.computer_offer_plies = 0  # plies played when the level made its offer
        self.computer_offer_declined: tuple[int, int] | None = None  # plies and pieces taken at its last refused offer
        self.withdrawn_offer: tuple[Ply, int, bool] | None = None  # an offer Undo took back: its move, side, certain
        self.hint: Hashable | None = None
        self.paused = False
        self.asked_on_resume = ""  # the search ("hint", "draw") a person's Pause dropped, asked again on Resume
        self.notes_aside: tuple[State | None, list[Message]] = (None, [])  # the position a Pause hid, its notes
        self.last_move_time = time.monotonic()
        self.person_moved_last = False  # the last move played was a person's: the computer's reply waits a moment
        self.over_since: float | None = None
        self.over_hidden = False
        self.over_card.forget_pointer()
        self.mouse.reset()
        self.browsing: int | None = None
        self.move_entry.close()
        self.view.reset_input()
        self.panel.follow = True
        self.referee = Referee(None, setup_clock(self.setup))  # the game clock, if the setup has one

    def human_to_move(self) -> bool:
        """Whether a person may move now: the game goes on, nothing holds it up, no draw offer
        waits for its answer (no hint, no marks, the board not live meanwhile), and it is a
        person's turn."""
        return (not self.is_over() and not self.held_up() and self.draw_offer is None
                and self.setup.is_human(self.state.to_move))

    def held_up(self) -> str:
        """What holds the game up before it goes on ("" when nothing does): an outside player
        being loaded ("Loading edited.py…"), or one that could not be (the start card says why);
        a clocked game with a person in it paused (``paused_with_people``): its clocks stand, the
        board takes no move and the computer makes none."""
        loading, unloadable = self.computer.loading(), self.computer.unloadable
        if loading is not None and loading in self.computer.started_again:  # its forfeit taken back (Undo)
            return _("Starting {name}'s program again…").format(name=self.setup.player_label(loading))
        if loading is not None:
            return _("Loading {name}…").format(name=self.setup.player_label(loading))
        if unloadable is not None:
            return _("The game cannot start: {player} could not be loaded").format(
                player=self.setup.player_label(unloadable[0]))
        if self.paused_with_people():
            return _(PAUSED_WORDS)
        return ""

    def why_no_move(self) -> str:
        """Why no move can be made on the board now ("" when a human may make one): what a click
        on the board or a typed move is answered."""
        if self.browsing is not None:
            return _("An earlier position: press End or Back to the game to play on")
        if self.is_over():
            return _("The game is over")
        if self.draw_offer is not None and self.setup.mode == HUMAN_VS_PC:
            return _("Wait: {player} is thinking over your draw offer").format(
                player=self.setup.player_label(1 - self.draw_offer))
        if self.draw_offer is not None:
            return _("A draw is offered: accept or decline it first")
        if self.held_up():
            return self.held_up()
        if self.paused and self.setup.mode == PC_VS_PC:  # not "thinking": the search Pause left to finish is no news
            return _("Paused: press Space to resume or S to play one move")
        if not self.setup.is_human(self.state.to_move):
            return _("Wait: the computer is thinking") if self.computer_thinking() else _("It is the computer's turn")
        return ""

    def computer_thinking(self) -> bool:
        return self.computer.thinking()

    def preparing_engine(self) -> bool:
        """The worker is still compiling the engine's kernels (first use after an install)."""
        return self.computer.preparing()

    def waiting_for_engine(self) -> bool:
        """The computer's search waits for its engine's kernels: the worker compiles them and no
        search has reported yet (the window says "Preparing the engine…").  A stand-in searching in
        Python meanwhile (Reversi, Hex, Alquerque on a fresh install) reports, and thinks on its clock."""
        return self.preparing_engine() and self.computer.progress is None

    # -- browsing earlier positions ---------------------------------------------------------
    # ``browsing`` is the number of plies shown (0: the start) while the player looks back; the
    # game itself goes on (a computer's reply waits until the player is back).
    def hint_shown(self) -> Hashable | None:
        """The hint's move where it is marked on the board: the live position's, not browsing."""
        return self.hint if self.browsing is None else None

    def shown_plies(self) -> int:
        return len(self.history) if self.browsing is None else self.browsing

    def shown_state(self) -> State:
        n = self.shown_plies()
        return self.history[n - 1].after if n else self.initial

    def browse(self, plies: int) -> None:
        """Show the position after ``plies`` moves (the live game when that is all of them).  Not an
        earlier one while a person's pause covers the board (``refused_while_paused``), as the move
        list's taps are not: Left and the wheel stepped back under the cover, to no position in
        sight, and the panel said "Browsing the start" beside the hidden list."""
        plies = max(0, min(len(self.history), plies))
        if plies != len(self.history) and self.refused_while_paused():
            return
        self.browsing = None if plies == len(self.history) else plies
        self.view.reset_input()
        self.view.stop_animation()
        self.invalidate()

    def back_to_game(self) -> None:
        self.browse(len(self.history))

    # -- moves ------------------------------------------------------------------------------
    def _play(self, move: Hashable, by_computer: bool, clocks: tuple[float, float] | None = None) -> bool:
        """Play ``move`` for the side to move; ``clocks``: both clocks after it, when resuming a record.
        The rules judge it first and only a move they took is written out: ``format_move`` is for
        legal moves, and given a value that was none (``play_human([0])`` in Alquerque) it raised
        out of the window instead of the refusal being said."""
        before = self.state
        try:
            after = before.play(move)
        except (IllegalMove, ValueError) as exc:
            self.messages.add(self._refused(str(exc)), "warn")
            return False
        text = self.game.format_move(before, move)
        readings = self._charge_clock(before.to_move, clocks)
        if isinstance(readings, Loss):  # its flag fell before the move was made
            self._lose_on_the_clock(readings)
            return False
        self.history.append(Ply(move, text, before, after, by_computer, readings))
        self.messages.withdraw(REFUSAL)  # "It is the computer's turn", "'zz9' is not a cell": no longer so
        self.messages.withdraw(REFUSED_TOPIC)  # "Nothing to undo: no move has been played yet": no longer so
        self.redo_stack.clear()
        self.hint = None  # its note with it: "Hint: i10" stood over the next position, and the result card
        self.messages.withdraw(HINT_NOTE)
        self.view.move_shown(before, move, after)
        self.view.reset_input()
        self.messages.withdraw(MOVE_NOTE)  # about the move before: it waited behind this one, then showed
        note = self.view.move_note(before, move, after) if by_computer else ""
        if note:
            self.messages.add(note, duration=8.0, topic=MOVE_NOTE)
        self.last_move_time = time.monotonic()
        self.person_moved_last = not by_computer
        self.panel.follow = True
        if after.is_terminal():
            self.over_since = time.monotonic()
        self._changed()
        return True

    def _refused(self, why: str) -> Phrase:
        """"Not a legal move: ..." with the rules' reason (English, from games/) in the window's
        language, said again whole after a language switch: the reason stayed in English."""
        return Phrase(lambda: _("Not a legal move: {reason}").format(reason=words.rule_reason(why, self.game.id)))

    def _charge_clock(self, side: int, clocks: tuple[float, float] | None) -> tuple[float, float] | Loss | None:
        """Both clocks after ``side``'s move: ``clocks`` when given (a resumed game), else its
        clock charged for this turn (its ``Loss`` if the flag fell); None without a clock."""
        if clocks is not None:
            self.referee.set_readings(clocks)
            return clocks
        if self.referee.clock is None:
            return None
        spent = self.referee.spent(time.monotonic()) if self.referee.side == side else 0.0
        return self.referee.end_turn(side, spent) or self.referee.readings()

    def _run_clock(self) -> None:
        """The side to move's clock runs while the game goes on; it stops while a PC vs PC game
        is paused, the search Pause left to finish included (``ComputerMoves.paused_search``: the
        clock ran for seconds under "Paused", the game said to stand still) but a Step's search
        (charged from the Step), while a game with a person in it is paused (``held_up``:
        its search was dropped), once a computer's reply is in (showing it costs nothing) and while
        a friend's draw offer waits for the other's answer (the friend who offered, to move, lost
        the time the other took to think it over).  A computer's clock runs only while it thinks:
        not while its worker's process starts anew (after a crash or a slow cancel) nor while an
        outside engine a stop ended is started and set up again (``ComputerMoves.thinking_since``).
        At zero the flag falls."""
        rules, now = self.referee, time.monotonic()
        if rules.clock is None:
            return
        if self.is_over():
            rules.halt(now)  # a turn ended by a resignation or an agreed draw keeps the time it took
            return
        if rules.side != self.state.to_move:
            rules.start(self.state.to_move, now)
        searching = self.computer_thinking()
        setting_up = searching and self.computer.thinking_since() is None
        began = self.computer.thinking_since() if self.clock_waits_for_set_up else None
        if began is not None:  # it began to think while the clock waited for its set-up: charged from then
            rules.resume(now, began)
            self.clock_waits_for_set_up = False
        stepping = searching and self.computer.step_once  # a Step's search: the one move the watcher asked for
        if (self.held_up() or self.computer.held is not None or (self.paused and not stepping)
                or self.draw_offer is not None or (searching and self.waiting_for_engine()) or self.clock_stands_away()):
            rules.pause(now)  # preparing the engine (a first start compiles it) is not the computer's thinking
            self.clock_waits_for_set_up = False
        elif setting_up:  # nor is its set-up: a fresh process, an engine started and set up again
            rules.pause(now)
            self.clock_waits_for_set_up = True
        else:
            rules.resume(now)
        loss = rules.flag_fall(now)
        if loss is not None:
            self.computer.cancel()
            self._lose_on_the_clock(loss)

    @property
    def window_away(self) -> bool:
        """Whether the window is minimised, hidden or behind another (``ui.window_away.WindowAway``)."""
        return self.window.away

    def clock_stands_away(self) -> bool:
        """The clock of the person to move stands still because the window is away (minimised, or
        another window has the keyboard): a friend called from the table loses no time.  A
        computer's clock runs on, as its search does."""
        return self.window_away and self.referee.clock is not None and self.human_to_move()

    def _follow_the_window(self, event: pygame.event.Event) -> None:
        """The window minimised or left for another (``window_away``) stops a person's clock; the
        window back (shown again, or a key or a click in it) runs it again and says it stood still,
        once it was away longer than a switch to full screen hides it (``WindowAway.was_away_long``)."""
        stood_still = self.clock_stands_away()
        if not self.window.follow(event):
            return
        if stood_still and not self.window_away and self.window.was_away_long(time.monotonic()):
            self.messages.add(_("The clock stood still while the window was away"), duration=5.0)
        self._run_clock()

    def clock_readings(self) -> list[tuple[float, float]] | None:
        """Both clocks at the start and after every ply (None without a clock): the record keeps them."""
        if self.referee.clock is None:
            return None
        start = (self.referee.clock.initial, self.referee.clock.initial)
        return [start] + [p.clocks or start for p in self.history]

    def clock_left(self, side: int) -> float | None:
        """What ``side``'s clock shows now (None without a clock)."""
        return self.referee.reading(side, time.monotonic())

    def _changed(self) -> None:
        self.draw_offer = None  # an offer is about the position it was made in
        if self.computer_offer is not None:  # a level's too: a move played (or taken back) declines it
            self._computer_offer_declined()
        if self.resign_asked != self._resigning_side():  # the game over, or another friend to move
            self.resign_asked = None
        self.asked_on_resume = ""  # and a hint asked for before a Pause
        game_keys.aim_cursor(self)
        for listener in list(self.listeners):
            listener(self)

    def _clock_limits(self, side: int) -> ai.Limits:
        """``side``'s limits by the referee, with the time this turn already took off its clock (a
        search asked again, back from the rules or the search tree, started from the whole clock)."""
        rules = self.referee
        return rules.limits(side, rules.spent(time.monotonic()) if rules.side == side else 0.0)

    def _lose_on_the_clock(self, loss: Loss) -> None:
        """End the game by the clock's ``loss`` (a flag fall), said at the move its side was to
        make as the board's "Move N of M" counts moves, "lost on time at move 3" (``referee.at_move``), as an
        outside bot's forfeit says its move (``ComputerMoves.apply_reply``): a flag fall said none."""
        loss = referee.at_move(loss, len(self.history))
        self._lose_by_forfeit(loss.side, loss.why)

    def _lose_by_forfeit(self, side: int, why: str) -> None:
        """End the game: ``side`` forfeits (the reason goes to the card, the panel and the record)."""
        self.forfeit = (side, why)
        log.info("forfeit: %s", self.recorded_reason())  # as the record keeps it: the same in every language
        self._say_in_full(side, why)
        self._ended_now()

    def _ended_now(self) -> None:
        """The game has just ended otherwise than by a move (a forfeit, a draw agreed): no hint on a
        finished board, its card to come, and the listeners (the record, the session's score) told.
        The hint's note goes with its mark: "Hint: b1" stood over the finished game."""
        self.hint = None
        self.messages.withdraw(HINT_NOTE)
        self.over_since = time.monotonic()
        self.over_hidden = False
        self._changed()

    def cannot_start(self, side: int, why: str) -> None:
        """``side``'s outside player could not be loaded ("could not be loaded: SyntaxError ..."):
        the game does not start (nothing is counted or saved); the start card says why and offers
        to try again or go back to the setup."""
        log.info("cannot start: %s %s", self.setup.player_label(side, translated=False), why)
        self.move_entry.close()
        self._say_in_full(side, why)
        self.invalidate()

    def _say_in_full(self, side: int, why: str) -> None:
        """Where a late outside player was stopped, what a crashed one said last and the path of its
        log, in messages: the cards and the panel cut a reason before them.  They are about this game: Rematch and New game
        take them away.  Each is made again as the language changes (``Messages.add``'s ``again``):
        the catalog's patterns said "sleeper foi parado: it was running ...", the reason left in English."""
        for part in (self._stopped_words, self._last_words_said, self._log_words):
            said = part(side, why)
            if said is not None:
                self.messages.add(said, "warn", duration=30.0, topic=ENDED_TOPIC,
                                  again=lambda part=part: part(side, why) or "")

    def _stopped_words(self, side: int, why: str) -> str | None:
        """Where ``side``'s late outside player was stopped, in the current language (None: not said)."""
        where = words.stopped_at(why)
        return None if where is None else _("{player} was stopped: {where}").format(
            player=self.setup.player_label(side), where=where)

    def _last_words_said(self, side: int, why: str) -> str | None:
        """What ``side``'s crashed outside player said last, in a sentence of the current language."""
        said = words.last_words(why)
        return None if said is None else _("{player} ended, its last words: {said}").format(
            player=self.setup.player_label(side), said=said)

    def _log_words(self, side: int, why: str) -> str | None:
        """Where ``side``'s outside player's log is, in a sentence of the current language."""
        path = words.log_path(why)
        return None if path is None else _("Log of {player}: {path}").format(
            player=self.setup.player_label(side), path=path)

    def load_again(self) -> None:
        """Try again on the start card: the outside players are loaded anew (the file fixed)."""
        self.messages.withdraw(ENDED_TOPIC)
        self.computer.load_again()
        self.invalidate()

    def back_to_setup(self) -> None:
        """The New game (or Watch) screen of this game, to choose another player."""
        self.app.show_setup(watch=self.setup.mode == PC_VS_PC, game_id=self.game.id)

    def cards(self) -> tuple[GameOverCard, ...]:
        """The cards that may show over the board: the result, the game that cannot start, the
        friends' draw offer, Resign's question, a level's draw offer and the pause's cover."""
        return (self.over_card, self.start_card, self.offer_card, self.resign_card, self.computer_offer_card,
                self.pause_card)

    def card_shown(self) -> GameOverCard | None:
        """The card over the board, if one shows: why the game cannot start, the cover of a paused
        game with a person in it (over a draw offer waiting too: the board stays hidden, and the
        offer shows again on Resume), a draw offered, Resign asked, a level's draw offer, or the result."""
        return next((card for card in (self.start_card, self.pause_card, self.offer_card, self.resign_card,
                                       self.computer_offer_card, self.over_card)
                     if card.visible()), None)

    def board_covered(self) -> bool:
        """Whether a card over the board takes it from the player (every card but a level's draw
        offer, under which a move declines the offer: ``GameOverCard.leaves_board_live``)."""
        card = self.card_shown()
        return card is not None and not card.leaves_board_live

    def next_game_in(self) -> float | None:
        """Seconds before a watched game's next game begins by itself (Rematch: sides exchanged),
        its result card shown ``NEXT_GAME_SECONDS`` first, so an evening of watching goes on game
        after game as a tournament's games do; None while the watcher holds it: paused (Space,
        the card says so), the card hidden (View board), an earlier position or another screen
        looked at.  Before, every watched game stood at its result until a click."""
        if self.setup.mode != PC_VS_PC or self.paused or self.card_shown() is not self.over_card:
            return None
        shown_from = max(self.over_since + OVER_DELAY, self.last_move_time)  # Space again: counted from then
        return max(0.0, shown_from + NEXT_GAME_SECONDS - time.monotonic())

    # -- the frame --------------------------------------------------------------------------
    FIGURES = 3  # the analysis's and the connections' revisions and the status line, last in ``_shown``
    THINKING_REDRAW = 0.1  # seconds: the spinner, the clock and the search figures, 10 times a second

    def _shown(self) -> tuple:
        """What the screen shows apart from the search figures: a change means a redraw.  The
        last ``FIGURES`` entries change on the board's side and the panel's cards alone
        (``_analysed_areas``)."""
        computer = self.computer
        return (len(self.history), len(self.redo_stack), computer.job, computer.job_kind, computer.held is None,
                self.forfeit, self.agreed_draw, self.draw_offer, self.hint, self.paused, self.speed, self.show_legal,
                self.card_shown(), self._card_ready(), self.held_up(),
                self.over_hidden, id(computer.last_search), self.preparing_engine(), self.browsing,
                self._next_game_second(),
                tuple((b.label, b.enabled, b.active, b.visible) for b in self.buttons),
                self.analysis.revision, self.connections.revision, self.board_side.status())

    def _card_ready(self) -> bool | None:
        """Whether the card shown takes keys and clicks yet (``GameOverCard.ready``: its buttons
        drawn enabled); None with no card."""
        card = self.card_shown()
        return None if card is None else card.ready()

    def _next_game_second(self) -> int | None:
        """The seconds the result card says the next game begins in (``next_game_in``), whole."""
        due = self.next_game_in()
        return None if due is None else math.ceil(due)

    def pointer_key(self) -> Hashable | None:
        """What the pointer lights here: the board's place under it (``BoardView.hover_target``:
        its cell), a piece carried, the buttons' and the card's lighting, and in analysis mode the
        tip of values beside it and the ring round the place it speaks of (``ValueTip.area``: the
        tip follows the pointer over a valued place; every motion drew the whole window).  None
        while the move field is open: its text takes the pointer (``MoveEntry.handle``)."""
        if self.move_entry.open:
            return None
        hover = self.mouse.hover
        target = None if hover is None else self.view.hover_target(hover)
        card = self.card_shown()
        tip = self.board_side.value_tip(pygame.Rect((0, 0), self.app.size))
        return (target, self.mouse.carried(), lighting(self.buttons),
                lighting(card.buttons) if card is not None else None, None if tip is None else tip.area())

    def pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        """What a change of the board's place under the pointer and of the tip of values beside
        it (``pointer_key``) draws: the board's side where the place changed (the panel beside
        it shows nothing of the board's hover, and drawing it took a third of such a frame at
        2560x1440), and the tips and rings before and after (a tip may reach over the panel;
        a motion within one place moves its tip alone).  The whole window when a button's
        lighting, the card or a piece carried changed."""
        if before[1:-1] != after[1:-1]:
            return None
        areas = [] if before[0] == after[0] else [self.board_side.area.copy()]
        return areas + [pygame.Rect(tip) for tip in (before[-1], after[-1]) if tip is not None]

    def ticking_area(self) -> pygame.Rect | None:
        """The part of the window time alone changes: the panel's players' cards and thinking
        card (``GamePanel.ticking_rect``: the clocks' digits, the computer's spinner and
        figures), or the move field's box while it is open and no search runs (its caret blinks;
        a clock's new reading comes with its own, ``update``).  The board and the rest of the
        panel change only with what ``_shown`` lists, and make the frame whole.  None (the whole
        window) while anything else moves (an animation, the game-over card coming), in analysis
        mode (its bar and graph follow the searches) and under a card."""
        cards = self._cards_area()
        if cards is None or not self.move_entry.open:
            return cards
        field = self.move_entry.field.rect.copy()
        return cards.union(field) if self.computer.shows_thinking() else field

    def _cards_area(self) -> pygame.Rect | None:
        """The players' cards and the thinking card as last drawn, while nothing but time changes
        the screen (``ticking_area``); None otherwise."""
        return None if self.analysis.active else self._cards_area_analysing()

    def _cards_area_analysing(self) -> pygame.Rect | None:
        """``_cards_area``, analysis mode or not."""
        thinking = self.THINKING_REDRAW if self.computer.shows_thinking() else None
        if self.redraw_interval() not in (None, thinking, self.move_entry.field.redraw_interval()):
            return None
        return self.panel.ticking_rect() if self.card_shown() is None else None

    def _analysed_areas(self, before: tuple, after: tuple) -> list[pygame.Rect | None]:
        """The parts of the window a change of what ``_shown`` lists, from ``before`` to
        ``after``, draws: where only the analysis's or the Hex connections' figures and the
        status line changed, the board's side (the values on the board, the eval bar and graph,
        the status line) and the panel's cards (analysis's best line in the thinking card, the
        connections' legend), not the move list and buttons between; else [None], the whole.
        The whole while the pointer is on the board in analysis mode: the tip of its values may
        reach over the panel, and grow with them."""
        cards = self._cards_area_analysing()
        figures_only = before is not None and before[:-self.FIGURES] == after[:-self.FIGURES]
        if not figures_only or cards is None or (self.analysis.active and self.mouse.hover is not None):
            return [None]
        return [self.board_side.area.copy(), cards]

    def input_area(self, event: pygame.event.Event) -> pygame.Rect | None:
        """The move field's box for a key or text it took as typing (a letter, Backspace): the
        rest of the window shows nothing of it (what the status line says follows ``_shown``,
        which makes the frame whole); nothing for a key let go while it is open (it takes the
        keys, and nothing on this screen acts on a release); the move list for the wheel that
        scrolled it.  None for any other key: the whole."""
        if self.card_shown() is not None:
            return None
        if event.type == pygame.MOUSEWHEEL:
            return self.panel.moves_rect.copy() if event is self.list_scrolled else None
        if not self.move_entry.open:
            return None
        if event.type == pygame.KEYUP:
            return pygame.Rect(0, 0, 0, 0)
        return self.move_entry.field.rect.copy() if self.move_entry.edited is event else None

    def redraw_interval(self) -> float | None:
        now = time.monotonic()
        if self.view.is_animating() or self.mouse.shaking(now):
            return 0.0
        if self.over_since is not None and not self.over_hidden and now - self.over_since < OVER_DELAY + 0.2:
            return 0.05  # the game-over card is about to appear
        card = self.card_shown()
        grace = card.grace_left() if card is not None else None
        if grace is not None:
            return grace  # its buttons, disabled for a moment, drawn enabled then
        if self.computer.shows_thinking():  # not a search a watched game's Pause left to finish
            return self.THINKING_REDRAW
        due = self.next_game_in()
        if due is not None:
            return 0.0 if due <= 0 else due - (math.ceil(due) - 1)  # when the card's whole second changes
        return self.move_entry.field.redraw_interval()

    def wake_in(self) -> float | None:
        """The computer's reply held for its moment is shown on time (``ComputerMoves.reply_wait``)."""
        return self.computer.reply_wait()

    def update(self, dt: float) -> None:
        due = self.next_game_in()
        if due is not None and due <= 0:
            self.rematch()
        self._step()
        n = self.shown_plies()
        shown_moves = tuple(p.text for p in self.history[:n])
        holding = self.computer.holds_analysis()
        for helper in (self.analysis, self.connections):
            if helper.wait(holding):
                continue  # until the computer's reply is played: then on the position shown
            helper.follow(self.shown_state(), shown_moves)
            if helper.poll() and helper is self.analysis and self.analysis.values is not None:
                self.evaluations.from_analysis(self.analysis.position[0], self.analysis.values,
                                               self.analysis.texts)
        shown, clocks = self._shown(), self.panel.clock_texts()
        if shown != self._last_shown:
            for area in self._analysed_areas(self._last_shown, shown):
                self.invalidate(area)
        elif clocks != self._last_clocks:  # a clock's new reading: its card alone, where it can be
            self.invalidate(self._cards_area())
        self._last_shown, self._last_clocks = shown, clocks

    def _step(self) -> None:
        self.computer.poll()
        self._run_clock()
        now = time.monotonic()
        self.recorder.keep_running_clocks(self, now)  # a killed game loses little of its clocks
        self.recorder.retry_unsaved(now)  # a full disk freed: the game is written without waiting for a move
        self.recorder.poll(self)  # a failed autosave, written in the background, is said on the next frame
        self._refresh_buttons()
        if self.move_entry.open and self.why_no_move():  # the game ended (a flag fell) while typing
            self.move_entry.close()
        if not self.is_over():
            self.computer.take_turn()

    def handle_event(self, event: pygame.event.Event) -> None:
        self._follow_the_window(event)
        if self.move_entry.handle(event):
            return
        card = self.card_shown()
        if card is not None and card.handle(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            game_keys.press(self, event)
        elif event.type == pygame.TEXTINPUT:
            game_keys.typed_text(self, event)  # a move typed with the field closed
        elif event.type == pygame.MOUSEWHEEL and (self.wheel_zooms(event) or self.wheel_browses(event)):
            return
        elif event.type == pygame.MOUSEWHEEL:
            self.panel.scroll(event)
            self.list_scrolled = event
        elif not self.panel.handle(event):
            self.mouse.handle(event)  # a tap on the move list (taken above) shows that position, a drag scrolls it

    def saved_evaluations(self) -> tuple[list[float | None] | None, list[PlyValue | None] | None]:
        """The live evaluation graph as the game's record saves it (``LiveEvaluations.saved``)."""
        return self.evaluations.saved([p.text for p in self.history], self.state)

    def graph_points(self) -> list[float | None]:
        """The live evaluation graph's points: one per position of the game so far."""
        return self.evaluations.points([p.text for p in self.history], self.state)

    def play_human(self, moves: Sequence[Hashable]) -> None:
        """Play a human's moves (a click on the board, or the move field's list), one after the other."""
        if self.computer.job is not None:  # a hint search is running: its answer is moot now
            self.computer.cancel()
        for move in moves:
            if not self._play(move, by_computer=False):
                break

    def overlay(self) -> Overlay:
        n = self.shown_plies()
        last = self.history[n - 1] if n else None
        live = self.browsing is None
        return Overlay(
            theme=self.app.theme, hover=self.mouse.shown_hover() if live else None, last_move=last.move if last else None,
            previous=last.before if last else None, hint=self.hint_shown(),
            show_legal=self.show_legal and live, interactive=self.human_to_move() and live, invalid_at=self.mouse.invalid_at, invalid_since=self.mouse.invalid_since,
            animation_speed=self.app.settings.animation_speed,
            drag=self.mouse.carried() if live else None,
        )

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = self._panel_laid(size)
        self.board_side.layout(pygame.Rect(0, 0, width - panel_w, height))
        self.move_entry.layout(self.panel.last_row(), self.panel.scale)
        for card in self.cards():
            card.layout(self.board_side.area, self.board_side.status_h)
        self.mouse.follow_layout()  # a piece carried through the resize stays the one pressed

    def _panel_laid(self, size: tuple[int, int]) -> int:
        """Lay the panel out at the largest scale its height holds, up to the Text size's
        (``panel_scale``); its width.  As wide as its scale wants, laid again at each scale it
        fell back to until one holds at its own width (the board keeps the width not used): laid
        again once only, Hex's watched panel in Portuguese at Larger at 1280x800 fell back to
        Large's scale in Larger's width, 40 pixels of the board's given for nothing."""
        text_s = self.panel_scale(size)
        panel_w = self._lay_panel(size, text_s)
        while self.panel.scale < text_s:
            text_s = self.panel.scale
            panel_w = self._lay_panel(size, text_s)
        return panel_w

    def _lay_panel(self, size: tuple[int, int], text_s: float) -> int:
        """Lay the panel out for its text at ``text_s`` at most (``GamePanel.layout``), as wide as
        that wants (``panel_width``); its width.  The text grows no faster than the width, so the
        panel's lines keep the room they have at the window's scale."""
        (width, height), s = size, self.app.scale
        panel_w = panel_width(size, s, text_s)
        most = min(text_s, s * panel_w / panel_width(size, s, s))
        self.panel.layout(pygame.Rect(width - panel_w, 0, panel_w, height), s, most)
        return panel_w

    def panel_scale(self, size: tuple[int, int]) -> float:
        """The side panel's scale in a window of ``size``: the Text size in full as far as the
        window's width holds it (``scrolling_scale``), where the board and the line under it keep the
        window's scale.  The window's height held every part at Large's scale in a 16:10 or 16:9
        window, so Larger drew the panel's text as Large did at 1280x800 and 1920x1080."""
        return scrolling_scale(size, text_size_of(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        with self.analysis_line_kept():  # the panel asks for it at each measure of its card
            shown = self.shown_state()
            labels = self.analysis.labels(self.hint_shown())  # none unless in analysis mode
            clip = surface.get_clip()  # where the frame draws: the board alone, or the panel's clocks alone, may be left out
            if clip.colliderect(self.board_side.area):
                self.board_side.draw(surface, shown, labels)
            panel_drawn = clip.colliderect(self.panel.rect)
            card = self.card_shown()
            if panel_drawn and card is not None and card.over_panel():
                self.panel.draw_ground(surface)  # the panel's words and buttons all under the card
            elif panel_drawn:
                self.panel.draw(surface)
                self.move_entry.draw(surface, self.app.theme, self.panel.scale)  # over the panel's last buttons
            if card is not None:
                card.draw(surface)
            self.board_side.draw_on_top(surface, shown, labels)

    def messages_above(self) -> int | None:
        """The window's messages stand in the lane under the board, as the game's own do: on the
        status line, in its place (``BoardSide.draw_status``), while the game shows none of its
        own, else above the game's.  They stood above the status line, over the board's foot:
        "Text size: Larger" after Ctrl+plus lay over analysis's evaluation graph at 800x600 and
        1024x768 (``App.messages_bottom``'s gap given back on the status line)."""
        s, side = self.app.scale, self.board_side
        shown = self.messages.height(s, side.messages_width(), side.messages_room())
        if not shown:
            return side.messages_bottom() + int(8 * s)
        return side.messages_bottom() - shown

    def messages_ceiling(self) -> int | None:
        """The top of the lane under the board (``BoardSide.messages_room``: the foot of the board's
        room, its coordinates and analysis's graph, or of a card standing on the board): the
        window's messages stack no higher, and wait there for the game's own to go."""
        side = self.board_side
        return side.messages_bottom() - side.messages_room()

    def messages_centre(self) -> int | None:
        return self.board_side.area.centerx

    def caption(self) -> str:
        return words.title(games.info(self.game.id))

    def close(self) -> None:
        """Leaving the screen (for good, or for the rules and back): stop any search; a computer
        move is asked for again when the scene is shown again, by the same worker after a visit
        (``GameCommands._visit``).  Analysis and the connections are held through a visit
        (``PositionWorker.hold``): back on the same position, they show what they showed and go
        on from there (stopped, analysis started over: its best line came back two moves long)."""
        self.referee.pause(time.monotonic())  # and the clock stops until it is
        self.recorder.keep_clocks(self)
        self.recorder.keep_shown(self)
        self.recorder.settle(self)  # the game's file holds its last position before the screen goes
        self.computer.cancel()
        if self.visiting:
            self.analysis.hold()
            self.connections.hold()
        else:
            self.close_workers()

    def close_workers(self) -> None:
        """End the worker processes of the computer's moves, analysis and the connections, and let
        another window take the game up (``SceneRecorder.close``): the screen is gone for good."""
        self.recorder.close()
        self.computer.close()
        self.analysis.close()
        self.connections.close()
