"""The game screen: the board on the left, the side panel on the right, the AI in a worker.

The scene keeps the game as a list of plies (move, notation, states before and after), so undo,
redo and the move list are the same data.  It asks the view which move a click makes and asks
the worker for computer moves and hints; it never decides legality itself.
"""

from __future__ import annotations

import logging
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
from ui import eval_graph, words
from ui.analysis_mode import AnalysisMode, wanted_at_start
from ui.board_cursor import BoardCursor
from ui.board_view import Overlay
from ui.clocks import setup_clock
from ui.hex_connections import HexConnections
from ui.hex_connections import available as connections_available
from ui.i18n import _
from ui.match import PC_VS_PC, MatchSetup
from ui.move_entry import MoveEntry
from ui.recorder import SceneRecorder
from ui.scenes import game_keys
from ui.scenes.base import Scene
from ui.scenes.game_board_side import BoardSide
from ui.scenes.game_computer import SPEEDS, ComputerMoves
from ui.scenes.game_mouse import BoardMouse
from ui.scenes.game_over import OVER_DELAY, GameOverCard
from ui.scenes.game_panel import GamePanel
from ui.views import make_view
from ui.widgets import Button, Messages

log = logging.getLogger("tabuleiro.ui")

HINT_PLAYER = "level-5"
RESIGNED = "resigned"  # the forfeit reason of a player who pressed Resign


@dataclass(frozen=True)
class Ply:
    move: Hashable
    text: str
    before: State
    after: State
    by_computer: bool
    clocks: tuple[float, float] | None = None  # both clocks after this ply (a clocked game)


def _part(part: str, name: str) -> property:
    """``scene.<name>`` read and set on one of its parts: names the tests and tools used on the
    scene before the part had a class of its own."""
    return property(lambda scene: getattr(getattr(scene, part), name),
                    lambda scene, value: setattr(getattr(scene, part), name, value))


class GameScene(Scene):
    def __init__(self, app, setup: MatchSetup, moves: Sequence[str] = (), autosave_path: Path | None = None,
                 clock_readings: Sequence[tuple[float, float]] | None = None) -> None:
        """``moves``: play on from a record; ``autosave_path``: its file in the Continue list;
        ``clock_readings``: both clocks at the start and after each of ``moves`` (a clocked record)."""
        super().__init__(app)
        readings = clock_readings
        self.setup = setup
        self.game = setup.make_game()
        self.view = make_view(self.game)
        self.initial = setup.first_state(self.game)  # a pasted position, or the usual start
        self.computer = ComputerMoves(self)  # the AI worker: computer moves and hints
        self.mouse = BoardMouse(self)
        self.messages = Messages()
        self._face_the_human()
        self.show_legal = app.settings.show_legal
        self.speed = 1
        self.panel = GamePanel(self)
        self.over_card = GameOverCard(self)
        self.analysis = AnalysisMode(self.game, setup.seed, active=wanted_at_start())  # key A
        self.connections = HexConnections(self.game)  # key V: Hex's virtual connections on the board
        self.board_side = BoardSide(self)
        # Hooks for saved games, autosave, sounds: called with the scene after every change of the
        # game (a move, undo, redo, new game, rematch).  ``moves`` resumes a game from its record.
        self.listeners: list[Callable[[GameScene], None]] = []
        self.move_entry = MoveEntry(self)  # Enter: moves typed in notation; Ctrl+V: pasted
        self.cursor = BoardCursor()  # the arrow keys' place on the board, for play without a mouse
        self._make_buttons()
        self.game_number = 0
        self._reset()
        for i, text in enumerate(moves):
            state = self.state
            at = readings[i + 1] if readings and i + 1 < len(readings) else None
            self._play(self.game.parse_move(state, text), by_computer=False, clocks=at)
        self.recorder = SceneRecorder(self, autosave_path)  # autosave after every change, a sound after every move
        self.listeners.append(self.recorder)
        self._warned_unsaved = False  # leaving an unsaved game asks twice
        if moves and setup.mode == PC_VS_PC and not self.is_over():
            self.paused = True  # a watched game taken up again waits for the watcher, as after an undo
            self.messages.add(_("Paused where the game was left: Resume (Space) goes on"), duration=6.0)
        if not (setup.is_human(0) and setup.is_human(1)):
            self.computer.ensure_worker()  # spawn now: the first computer move should not wait for it
        self.resize(app.size)

    # What tests and tools read on the scene, kept there: the computer's search, the mouse's drag,
    # the board side's rectangles.
    worker = _part("computer", "worker")
    job = _part("computer", "job")
    job_budget = _part("computer", "job_budget")
    progress = _part("computer", "progress")
    held = _part("computer", "held")
    held_search = _part("computer", "held_search")
    last_search = _part("computer", "last_search")
    drag = _part("mouse", "drag")
    invalid_at = _part("mouse", "invalid_at")
    board_area = _part("board_side", "area")
    eval_rect = _part("board_side", "eval_rect")
    graph_rect = _part("board_side", "graph_rect")

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
    # reason).  The panel, the game-over card and the record read these three instead of the state.
    def is_over(self) -> bool:
        return self.forfeit is not None or self.state.is_terminal()

    def winner(self) -> int | None:
        """The winning side once the game is over (None: a draw or not over)."""
        if self.forfeit is not None:
            return 1 - self.forfeit[0]
        return self.state.winner() if self.state.is_terminal() else None

    def end_reason(self) -> str:
        """Why the game ended, in the window's language (a forfeit worded as its record keeps it)."""
        return words.end_reason(self.recorded_reason() if self.forfeit is not None else self.state.end_reason())

    def recorded_reason(self) -> str:
        """A forfeit's reason as records keep it, in English like the rules' own (each window says
        it in its language): a game resigned in Portuguese read "Preto desiste" in English."""
        side, why = self.forfeit
        name = self.game.sides[side]
        if why == RESIGNED:
            return f"{name} resigns"
        if referee.is_flag_fall(why):
            return f"{name} lost on time"
        return referee.Loss(side, why).reason(self.game, self.setup.player_label(side, translated=False))

    def _reset(self) -> None:
        self.game_number += 1  # a new game (or rematch) on this screen: the recorder counts it once
        self.history: list[Ply] = []
        self.redo_stack: list[Ply] = []
        self.computer.reset()
        self.evaluations = eval_graph.LiveEvaluations(self.game)  # the engines' opinions, for the graph
        self.forfeit: tuple[int, str] | None = None  # (side, reason): that side lost by forfeit
        self.hint: Hashable | None = None
        self.paused = False
        self.last_move_time = time.monotonic()
        self.over_since: float | None = None
        self.over_hidden = False
        self.mouse.reset()
        self.browsing: int | None = None
        self.move_entry.close()
        self.view.reset_input()
        self.panel.follow = True
        self.referee = Referee(None, setup_clock(self.setup))  # the game clock, if the setup has one

    def human_to_move(self) -> bool:
        return not self.is_over() and self.setup.is_human(self.state.to_move)

    def why_no_move(self) -> str:
        """Why no move can be made on the board now ("" when a human may make one): what a click
        on the board or a typed move is answered."""
        if self.browsing is not None:
            return _("An earlier position: press End or Back to the game to play on")
        if self.is_over():
            return _("The game is over")
        if not self.setup.is_human(self.state.to_move):
            return _("Wait: the computer is thinking") if self.computer_thinking() else _("It is the computer's turn")
        return ""

    def computer_thinking(self) -> bool:
        return self.computer.thinking()

    def preparing_engine(self) -> bool:
        """The worker is still compiling the engine's kernels (first use after an install)."""
        return self.computer.preparing()

    # -- the buttons ----------------------------------------------------------------------
    def _make_buttons(self) -> None:
        pc_pc = self.setup.mode == PC_VS_PC
        self.btn_undo = Button(_("Undo"), self.undo, "U")
        self.btn_redo = Button(_("Redo"), self.redo, "Y")
        self.btn_hint = Button(_("Hint"), self.request_hint, "H", visible=not pc_pc)
        self.btn_legal = Button(_("Legal moves"), self.toggle_legal, "L", visible=self.view.marks_legal)
        self.btn_pause = Button(_("Pause"), self.toggle_pause, "Space", visible=pc_pc)
        self.btn_step = Button(_("Step"), self.step, "S", visible=pc_pc)
        self.btn_speed = Button(_("Speed"), self.cycle_speed, "+/-", visible=pc_pc)
        self.btn_save = Button(_("Save"), self.save_game, "Ctrl+S")
        self.btn_live = Button(_("Back to the game"), self.back_to_game, "End", primary=True, visible=False)
        self.btn_resign = Button(_("Resign"), self.resign, "Ctrl+R", visible=not pc_pc)  # a key: no mouse needed
        self.btn_rematch = Button(_("Rematch"), self.rematch, "R", visible=False)
        self.btn_rules = Button(_("Rules"), self.show_rules, "F1")
        self.btn_new = Button(_("New game"), self.new_game, "N")
        self.btn_menu = Button(_("Menu"), self.back_to_menu, "Esc")
        self.btn_analysis = Button(_("Analysis"), self.toggle_analysis, "A")
        self.btn_tree = Button(_("Search tree"), self.open_tree, "T")
        self.btn_connections = Button(_("Connections"), self.toggle_connections, "V",
                                      visible=connections_available(self.game))
        self.buttons = [self.btn_live, self.btn_undo, self.btn_redo, self.btn_hint, self.btn_analysis, self.btn_tree,
                        self.btn_connections, self.btn_legal,
                        self.btn_pause,
                        self.btn_step, self.btn_speed, self.btn_save, self.btn_rules, self.btn_resign,
                        self.btn_rematch, self.btn_new, self.btn_menu]

    def _resigned(self) -> bool:
        return self.forfeit is not None and self.forfeit[1] == RESIGNED

    def _refresh_buttons(self) -> None:
        self.btn_undo.enabled = bool(self.history) or self._resigned()
        self.btn_redo.enabled = bool(self.redo_stack)
        self.btn_hint.enabled = self.human_to_move() and not (self.computer.job is not None
                                                             and self.computer.job_kind == "hint")
        self.btn_legal.active = self.show_legal
        self.btn_analysis.active = self.analysis.active
        self.btn_connections.active = self.connections.active
        self.btn_pause.label = _("Resume") if self.paused else _("Pause")
        self.btn_pause.active = self.paused
        self.btn_pause.enabled = not self.is_over()
        self.btn_step.enabled = self.paused and not self.is_over()
        self.btn_resign.enabled = self._resigning_side() is not None
        self.btn_resign.visible = self.setup.mode != PC_VS_PC and not self.is_over()
        self.btn_rematch.visible = self.is_over()  # also after "View board" hid the card
        self.btn_live.visible = self.browsing is not None
        self.btn_speed.label = _("Speed: {name}").format(name=_(SPEEDS[self.speed][0]))

    # -- browsing earlier positions ---------------------------------------------------------
    # ``browsing`` is the number of plies shown (0: the start) while the player looks back; the
    # game itself goes on (a computer's reply waits until the player is back).
    def shown_plies(self) -> int:
        return len(self.history) if self.browsing is None else self.browsing

    def shown_state(self) -> State:
        n = self.shown_plies()
        return self.history[n - 1].after if n else self.initial

    def browse(self, plies: int) -> None:
        """Show the position after ``plies`` moves (the live game when that is all of them)."""
        plies = max(0, min(len(self.history), plies))
        self.browsing = None if plies == len(self.history) else plies
        self.view.reset_input()
        self.invalidate()

    def back_to_game(self) -> None:
        self.browse(len(self.history))

    def show_rules(self) -> None:
        """The rules of this game; Back returns to the game as it was."""
        self.app.show_rules(self.game.id, on_back=lambda: self.app.switch(self))

    # -- actions ----------------------------------------------------------------------------
    def undo(self) -> None:
        """One ply back; in Human vs PC back to the human's previous turn.  A resignation is not a
        move: Undo takes it back alone, and the game goes on from where it was given up."""
        self.browsing = None
        self.computer.cancel()
        if self._resigned():
            self._after_jump()
            return
        if not self.history:
            return
        human = self.setup.human_side()
        popped = [self.history.pop()]
        if human is not None:
            while self.history and not (popped[-1].before.to_move == human and not popped[-1].by_computer):
                popped.append(self.history.pop())
        self.redo_stack.extend(popped)
        self._after_jump()
        if self.setup.mode == PC_VS_PC:
            self.paused = True

    def redo(self) -> None:
        """Replay an undone ply; in Human vs PC up to the human's next turn."""
        self.browsing = None
        self.computer.cancel()
        if not self.redo_stack:
            return
        human = self.setup.human_side()
        while self.redo_stack:
            ply = self.redo_stack.pop()
            self.history.append(ply)
            if human is None or ply.after.is_terminal() or ply.after.to_move == human:
                break
        self._after_jump()
        if self.setup.mode == PC_VS_PC:
            self.paused = True

    def _after_jump(self) -> None:
        self.forfeit = None  # taking moves back takes the forfeit back too
        self.referee.set_readings(self.history[-1].clocks if self.history else None)  # the clocks of that ply
        self.computer.last_search = None  # it was about another position: stale
        self._changed()
        self.hint = None
        self.over_since, self.over_hidden = None, False
        self.view.reset_input()
        self.last_move_time = time.monotonic()
        self.panel.follow = True

    def unfinished(self) -> bool:
        """Moves were played and the game is not over: leaving keeps it in the Continue list."""
        return bool(self.history) and not self.is_over()

    def _say_kept(self, messages: Messages) -> None:
        if self.unfinished() and not self.recorder.autosaver.failed:
            messages.add(_("The unfinished game is kept: Continue it from the main menu"), duration=6.0)

    def _warn_unsaved(self) -> bool:
        """Whether leaving waits for a second request: the first time the player leaves an
        unfinished game whose last autosave failed, the window says so instead (the game would not
        be in the Continue list), and Save can still write it elsewhere."""
        if not self.unfinished() or not self.recorder.autosaver.failed or self._warned_unsaved:
            return False
        self._warned_unsaved = True
        self.messages.add(_("The last moves of this game could not be saved, so Continue would not have them: "
                            "Save (Ctrl+S) writes a copy; leave again to go without them"), "warn", duration=10.0)
        return True

    def _resigning_side(self) -> int | None:
        """Who Resign gives the game up for: the human (the side to move in a hot-seat game)."""
        if self.is_over() or self.setup.mode == PC_VS_PC:
            return None
        human = self.setup.human_side()
        return self.state.to_move if human is None else human

    def resign(self) -> None:
        """The human gives the game up (Undo takes it back, like any end)."""
        side = self._resigning_side()
        if side is None:
            return
        self.computer.cancel()
        self._lose_by_forfeit(side, RESIGNED)

    def new_game(self) -> None:
        """A new game with the same setup; an unfinished one stays in the Continue list."""
        if self._warn_unsaved():
            return
        self._say_kept(self.messages)
        self.computer.cancel()
        self._reset()
        self._changed()

    def rematch(self) -> None:
        self.computer.cancel()
        self.setup = self.setup.swapped()
        self._face_the_human()
        self._reset()
        self._changed()

    def _face_the_human(self) -> None:
        """Against the computer, the board is seen from the human's side: turned round when they
        play the side a board draws at the top (Alquerque's Black, Rastros' North); the setting
        "Board faces me" (on by default) turns that off."""
        if self.app.settings.face_me and self.view.face(self.setup.human_side()):
            self.messages.add(_("The board is turned round, your side at the bottom: F turns it back"), duration=6.0)

    def turn_board(self) -> None:
        """Turn the board round (key F): the far side at the bottom, and back."""
        why = self.view.turn()
        if why:
            self.messages.add(why, "warn")

    def save_game(self) -> None:
        """Write the game so far to the saved-games folder (it can be replayed and played on from)."""
        message, kind = self.recorder.save_copy()
        self.messages.add(message, kind, duration=6.0)

    def open_replay(self) -> None:
        """The finished game in the replay viewer, with the engine's evaluation graph."""
        self.app.open_replay(self.recorder.record)

    def back_to_menu(self) -> None:
        """The main menu; an unfinished game stays in the Continue list (and the window says so)."""
        if self._warn_unsaved():
            return
        self._say_kept(self.app.messages)
        self.app.show_menu()

    def toggle_legal(self) -> None:
        if not self.view.marks_legal:
            self.messages.add(_("Every empty cell is a legal move here"), "warn")
            return
        self.show_legal = not self.show_legal

    def toggle_analysis(self) -> None:
        """Analysis mode: every legal move's value on the board, and the eval bar beside it."""
        self.analysis.toggle()
        self.resize(self.app.size)  # the eval bar takes room beside the board

    def toggle_connections(self) -> None:
        """Hex: the virtual connections, dead and captured cells of the position shown (and a legend)."""
        self.connections.toggle()

    def open_tree(self) -> None:
        """The search tree explorer on the position shown; Back returns to the game as it was."""
        self.app.show_tree(self.game, self.shown_state(), on_back=lambda: self.app.switch(self))

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.last_move_time = time.monotonic() - SPEEDS[self.speed][1]

    def step(self) -> None:
        """Step (S) pauses a PC vs PC game; paused, it plays one move of it."""
        if not self.paused:
            self.paused = True
            return
        self.computer.step()

    def cycle_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)

    def request_hint(self) -> None:
        if not self.human_to_move() or self.computer.job is not None:
            return
        self.hint = None
        self.computer.think("hint", self.state.to_move, HINT_PLAYER, min(self.setup.move_time, 2.0))

    # -- moves ------------------------------------------------------------------------------
    def _play(self, move: Hashable, by_computer: bool, clocks: tuple[float, float] | None = None) -> bool:
        """Play ``move`` for the side to move; ``clocks``: both clocks after it, when resuming a record."""
        before = self.state
        try:
            text = self.game.format_move(before, move)
            after = before.play(move)
        except (IllegalMove, ValueError) as exc:
            self.messages.add(_("Not a legal move: {reason}").format(reason=exc), "warn")
            return False
        readings = self._charge_clock(before.to_move, clocks)
        if isinstance(readings, Loss):  # its flag fell before the move was made
            self._lose_by_forfeit(readings.side, readings.why)
            return False
        self.history.append(Ply(move, text, before, after, by_computer, readings))
        self.redo_stack.clear()
        self.hint = None
        self.view.move_shown(before, move, after)
        self.view.reset_input()
        self.last_move_time = time.monotonic()
        self.panel.follow = True
        if after.is_terminal():
            self.over_since = time.monotonic()
        self._changed()
        return True

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
        is paused (but not while a computer searches then: a Step's search, or one under way when
        Pause was pressed, is charged) and once a computer's reply is in (showing it costs
        nothing).  At zero the flag falls."""
        rules, now = self.referee, time.monotonic()
        if rules.clock is None:
            return
        if self.is_over():
            rules.stop()
            return
        if rules.side != self.state.to_move:
            rules.start(self.state.to_move, now)
        searching = self.computer_thinking()
        if self.computer.held is not None or (self.paused and not searching) or (searching and self.preparing_engine()):
            rules.pause(now)  # preparing the engine (a first start compiles it) is not the computer's thinking
        else:
            rules.resume(now)
        loss = rules.flag_fall(now)
        if loss is not None:
            self.computer.cancel()
            self._lose_by_forfeit(loss.side, loss.why)

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
        for listener in list(self.listeners):
            listener(self)

    def _clock_limits(self, side: int) -> ai.Limits:
        """``side``'s limits by the referee, with the time this turn already took off its clock (a
        search asked again, back from the rules or the search tree, started from the whole clock)."""
        rules = self.referee
        return rules.limits(side, rules.spent(time.monotonic()) if rules.side == side else 0.0)

    def _lose_by_forfeit(self, side: int, why: str) -> None:
        """End the game: ``side`` forfeits (the reason goes to the card, the panel and the record)."""
        self.forfeit = (side, why)
        self.hint = None  # no hint on a finished board
        self.over_since = time.monotonic()
        self.over_hidden = False
        log.info("forfeit: %s", self.end_reason())
        path = words.log_path(why)
        if path is not None:  # the card and the panel may have no room for it: said in full here
            self.messages.add(_("Log of {player}: {path}").format(player=self.setup.player_label(side), path=path),
                              "warn", duration=30.0)
        self._changed()

    # -- the frame --------------------------------------------------------------------------
    THINKING_REDRAW = 0.1  # seconds: the spinner, the clock and the search figures, 10 times a second

    def _shown(self) -> tuple:
        """What the screen shows apart from the search figures: a change means a redraw."""
        computer = self.computer
        return (len(self.history), len(self.redo_stack), computer.job, computer.job_kind, computer.held is None,
                self.forfeit, self.hint, self.paused, self.speed, self.show_legal, self.over_card.visible(),
                self.over_hidden, id(computer.last_search), self.preparing_engine(), self.browsing, tuple((b.label, b.enabled, b.active) for b in self.buttons),
                self.analysis.revision, self.connections.revision)

    def redraw_interval(self) -> float | None:
        now = time.monotonic()
        if self.view.is_animating() or self.mouse.shaking(now):
            return 0.0
        if self.over_since is not None and not self.over_hidden and now - self.over_since < OVER_DELAY + 0.2:
            return 0.05  # the game-over card is about to appear
        if self.computer.job is not None:
            return self.THINKING_REDRAW
        return self.move_entry.field.redraw_interval()

    def update(self, dt: float) -> None:
        self._step()
        n = self.shown_plies()
        shown_moves = tuple(p.text for p in self.history[:n])
        for helper in (self.analysis, self.connections):
            helper.follow(self.shown_state(), shown_moves)
            if helper.poll() and helper is self.analysis and self.analysis.values is not None:
                self.evaluations.from_analysis(self.analysis.position[0], self.analysis.values)
        shown = (self._shown(), self.panel.clock_texts())  # a clock redraws when the text it shows changes
        if shown != getattr(self, "_last_shown", None):
            self._last_shown = shown
            self.invalidate()

    def _step(self) -> None:
        self.computer.poll()
        self._run_clock()
        self._refresh_buttons()
        if self.move_entry.open and self.why_no_move():  # the game ended (a flag fell) while typing
            self.move_entry.close()
        if not self.is_over():
            self.computer.take_turn()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.move_entry.handle(event):
            return
        if self.over_card.visible() and self.over_card.handle(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            game_keys.press(self, event)
        elif event.type == pygame.MOUSEWHEEL:
            self.panel.scroll(event)
        elif not (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.click(event.pos)):
            self.mouse.handle(event)  # a click on the move list (taken above) shows that position

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
            theme=self.app.theme, hover=self.mouse.hover if live else None, last_move=last.move if last else None,
            previous=last.before if last else None, hint=self.hint if live else None,
            show_legal=self.show_legal and live, interactive=self.human_to_move() and live, invalid_at=self.mouse.invalid_at, invalid_since=self.mouse.invalid_since,
            animation_speed=self.app.settings.animation_speed,
            drag=self.mouse.carried() if live else None,
        )

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        s = self.app.scale
        panel_w = max(int(250 * s), min(int(440 * s), int(width * 0.3)))
        self.board_side.layout(pygame.Rect(0, 0, width - panel_w, height))
        self.panel.layout(pygame.Rect(width - panel_w, 0, panel_w, height))
        self.over_card.layout(self.board_side.area)

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.shown_state()
        labels = self.analysis.labels()  # none unless in analysis mode
        self.board_side.draw(surface, shown, labels)
        self.panel.draw(surface)
        if self.over_card.visible():
            self.over_card.draw(surface)
        self.board_side.draw_on_top(surface, shown, labels)

    def messages_above(self) -> int | None:
        """The window's messages stand above the game's own and the status line they replace: both
        at the bottom, they were drawn over each other."""
        s, side = self.app.scale, self.board_side
        return side.messages_bottom() - max(Messages.line_height(s), self.messages.height(s, side.messages_width()))

    def messages_centre(self) -> int | None:
        return self.board_side.area.centerx

    def caption(self) -> str:
        return words.title(games.info(self.game.id))

    def close(self) -> None:
        """Leaving the screen (for good, or for the rules and back): stop any search; a computer
        move is asked for again when the scene is shown again."""
        self.referee.pause(time.monotonic())  # and the clock stops until it is
        self.recorder.keep_clocks(self)
        self.computer.cancel()
        self.analysis.close()
        self.connections.close()
        self.computer.close()
