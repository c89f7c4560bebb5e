"""The replay viewer: walk through a recorded game, see where it was lost, go on from any move.

- Step with the buttons or the arrow keys (Home/End jump to the ends), drag the slider or click
  the evaluation graph to jump, Space plays the game back by itself.
- A Trax board too large to show whole at a comfortable size shows the tiles of the game's last
  position and a few cells round them (``BoardView.framed_on``), the same part at every step, so
  the board never moves under the eye; Z or the wheel over the board shows the whole board and back.
- For a finished game the engine looks at every position (``ui.analysis.BackgroundAnalysis``, in
  the AI worker: a rough pass over the whole game, then a deeper one) and the graph fills in:
  above the middle line the first side is better (a game saved with its graph: drawn at once,
  only what it left out searched); the loser's move after which its evaluation fell most, marked.
  An unfinished game draws the values it was saved with and searches none (a look before playing
  on starts no AI worker); one saved without any says the graph is for finished games.
- "Play from here" asks how to go on from the position shown (ui/scenes/play_from.py: the mode,
  which side you take, the computer, the clock; Enter keeps the record's own) and starts that game
  with the moves so far (at the end of a game over on the board, from the position before its
  last move); "Picture" saves the board as a PNG, "Copy moves" puts the move list on the clipboard
  (Shift+M, Reversi's move string ``f5d6c3...`` alone: a key without a button, which would cost the
  move list a row), "Copy position" (Ctrl+C) the position shown (to paste on the main menu and play
  from), "Save" writes the record (with the evaluation graph as drawn) to the saved-games folder,
  "Save as SGF" (G, Hex) the game as a file HexGui opens, "Save as GGF" (G, Reversi) as a file the
  Othello programs open, and "Copy as GGF" (Shift+G, Reversi) the same on the clipboard.
- "Analysis" (A) writes the engine's value on every legal move of the position shown, with the eval
  bar (ui/analysis_mode.py; B: a board cursor, its tip as the mouse's); "Connections" (V, Hex)
  draws Hex's virtual connections, dead and captured cells and mustplay region; both as in a game.
- A game played on a clock (ours, or a GGS game's from its GGF) shows both clocks on the players'
  lines as they stood at the move shown, the side to move's lit as on the game screen, and beside
  "Move N of M" the time its last move took and the time control ("Clock: 5 min + 3 s", "Clock:
  5+3": ``_clocked``; else beside the title: ``_title_note``); the move list writes each move's
  time small beside it where the column has room for every move's (``ui.move_list.times_fit``:
  every game's at 1280x800 and 800x560, Larger text too; not Alquerque's at 1024x768 with
  Larger text, nor a long capture's, where the header's line alone says it).
- The move list keeps the game screen's four rows (``MOVE_ROWS_KEPT``) at Larger text down to
  800x560: the graph shrinks first, then the actions' rows go down to a fingertip's height and
  closer together, the graph shorter still, the rules onto one line (``_actions_plan``), then
  the panel's small print, grown with the Text size, toward Normal text's (``_least_print``).
- Tab and Shift+Tab ring the buttons, Enter or Space presses the one ringed; another key takes
  the ring away and goes on (an arrow steps), Esc only that (``KeyFocus.ring_key``).

The scene knows the App only through ``self.app`` and the callbacks given to its constructor.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Hashable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

import games
from games.base import State
from games.move_numbers import move_place, move_rows
from games.record import GameRecord
from ui import eval_bar, words
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.analysis import BackgroundAnalysis, biggest_drop, saved_lines
from ui.analysis_mode import (
    AnalysisMode,
    ValueTip,
    draw_move_values,
    draw_value_tip,
    summary_text,
    value_notes,
    value_tip,
    wanted_at_start,
)
from ui.autosave_setup import SHOWN_KEY, kept_shown, record_with_setup, setup_dict_for_record
from ui.autosave_words import ended_as, record_date_text
from ui.board_cursor import DIRECTIONS, BoardCursor, near_move
from ui.board_view import Overlay
from ui.clipboard import is_paste
from ui.clocks import ClockHistory, clock_history, reading_text, record_up_to, time_control_forms
from ui.data_folders import games_dir
from ui.eval_graph import GraphLines, LiveEvaluations, draw_graph, draw_plate, graph_ground, ply_at
from ui.export import (
    board_view,
    copies_ggf,
    copy_ggf,
    copy_move_list,
    copy_position,
    copy_transcript,
    export_board_png,
    no_format_why,
    outside_file,
    save_outside_file,
    save_record_under_free_name,
)
from ui.hex_connections import HexConnections, draw_connections, draw_legend, legend_height
from ui.hex_connections import available as connections_available
from ui.i18n import N_, _, language, pgettext
from ui.match import PC_VS_PC, MatchSetup
from ui.move_list import TIME_SIZE, draw_move_rows, room_given, times_shown
from ui.notation import MoveNames, other_chosen, shown_move, shown_moves, shown_search
from ui.paste import paste_game
from ui.scenes.base import KEYS_PAGE, Scene, top_of
from ui.scenes.common import counts_height, draw_counts, zoom_board
from ui.scenes.game_keys import SWITCH_KEYS, pause_key
from ui.scenes.game_over import shown_score
from ui.scenes.panel_buttons import FINGERTIP
from ui.scenes.panel_cards import draw_clock
from ui.scenes.panel_header import fits_beside_title
from ui.scenes.panel_layout import SCALE_STEP, SEEN_GROWTH
from ui.scenes.panel_moves import MOVE_ROWS_WANTED
from ui.scenes.panel_search import draw_search_lines
from ui.settings import text_size_of
from ui.sound import SOUNDS, sound_for_move
from ui.theme import Theme, scrolling_scale, widened, window_scale
from ui.widgets import (
    REFUSED_TOPIC,
    Button,
    KeyFocus,
    Messages,
    card,
    layout_grid,
    lighting,
    mix,
    relit_areas,
    share_row,
)

log = logging.getLogger(__name__)

AUTOPLAY_SECONDS = 0.9  # between moves at normal animation speed
MOVE_ROWS_SHOWN = 6
"""The move-list rows the panel shows, room allowing: the evaluation graph shrinks for them down
to ``GRAPH_LEAST`` first, then analysis mode's best line goes to one line (``room_given``)."""
MOVE_ROWS_KEPT = MOVE_ROWS_WANTED
"""The move-list rows the panel keeps as the game screen's does (``GamePanel._room_plan``): the
rows of actions go down to a fingertip's height, then the room between them halves
(``_actions_plan``), then the graph goes down to ``GRAPH_SHORTEST``.  At Larger text the list
kept one row of a Hex or Reversi game at 1280x800, 1024x768 and 800x560, under five rows of
actions at their full height."""
REPEATS_DROPPED = (*SWITCH_KEYS, pygame.K_SPACE)  # the game screen's switches, and Space's play or stop
ANALYSIS_REDRAW = 0.25  # seconds between redraws while the evaluation graph fills in
GRAPH_LEAST = 80  # the evaluation graph's height (unscaled) where the move list shows MOVE_ROWS_SHOWN
GRAPH_SHORTEST = 40  # the evaluation graph's smallest height (unscaled), for MOVE_ROWS_KEPT rows
PLY_LINES = 3  # the most lines the ply line, the game's rules and its opening take (two where room is short)
END_LEAVES_ROWS = 2  # the move list's rows a long end of the game (a bot's forfeit) leaves under it


class Slider:
    """A horizontal slider over 0..maximum (whole steps), dragged or clicked."""

    def __init__(self, maximum: int) -> None:
        self.maximum = max(0, maximum)
        self.rect = pygame.Rect(0, 0, 0, 0)  # the bar drawn
        self.reach = pygame.Rect(0, 0, 0, 0)  # where a press takes it: the strip the bar lies in (laid out)
        self.dragging = False

    def value_at(self, x: int) -> int:
        if self.rect.width <= 0 or self.maximum == 0:
            return 0
        t = (x - self.rect.x) / self.rect.width
        return max(0, min(self.maximum, round(t * self.maximum)))

    def handle(self, event: pygame.event.Event) -> int | None:
        """The value picked by this event, if it touched the slider."""
        reach = self.reach if self.reach.height else self.rect.inflate(0, 16)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and reach.collidepoint(event.pos):
            self.dragging = True
            return self.value_at(event.pos[0])
        if event.type == pygame.MOUSEMOTION and self.dragging:
            return self.value_at(event.pos[0])
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        return None

    def draw(self, surface: pygame.Surface, theme: Theme, value: int, scale: float) -> None:
        r = self.rect
        pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.15), r, border_radius=r.height // 2)
        x = r.x + (r.width * value // self.maximum if self.maximum else 0)
        pygame.draw.rect(surface, theme.accent, (r.x, r.y, x - r.x, r.height), border_radius=r.height // 2)
        pygame.draw.circle(surface, theme.accent, (x, r.centery), max(6, int(9 * scale)))
        pygame.draw.circle(surface, (255, 255, 255), (x, r.centery), max(3, int(4 * scale)))


class ReplayScene(Scene):
    """One record, shown move by move."""

    def __init__(self, app: Any, record: GameRecord, ply: int | None = None,
                 on_back: Callable[[], None] | None = None,
                 on_continue: Callable[[GameRecord], None] | None = None,
                 analyse: bool = True, back_label: str | None = None, shown: dict[str, bool] | None = None) -> None:
        """``on_back``: where Esc goes (the main menu if None), named by ``back_label`` on its
        button (English, marked N_, said in the window's language; "Menu" if None).  ``shown``:
        what the game screen the replay was opened from showed (``GameScene.shown_kept``): its
        analysis and Hex's connections show here as there, as Play from here carries them back
        (``_shown_as_here``); Replay (E) began with both off, the player turning them on again."""
        shown = shown or {}
        super().__init__(app)
        self.record = record
        self.game = record.game()
        self.states = record.states(self.game)
        self.moves = [self.game.parse_move(s, t) for s, t in zip(self.states, record.moves)]
        self.clocks: ClockHistory | None = clock_history(record, [state.to_move for state in self.states[:-1]])  # None: no clock kept
        self.ply = len(self.moves) if ply is None else max(0, min(ply, len(self.moves)))
        self.view = board_view(self.game)
        # a large Trax board shows the tiles of the game's last position, and that part of the
        # board at every step (``BoardView.framed_on``): Z or the wheel over it, the whole board
        self.view.framed_on = self.states[-1]
        self.pointer: tuple[int, int] | None = None  # the mouse over the board (the values' tip, in analysis mode)
        self.cursor = BoardCursor()  # B: the keyboard's place on the board, for the values' tip (``_cursor_key``)
        humans = [i for i, side in enumerate(record.players) if side.id is None]
        if app.settings.face_me:  # as the human saw it against the computer
            self.view.face(humans[0] if len(humans) == 1 else None)
        self.on_back = on_back
        self.back_label = back_label
        self.on_continue = on_continue
        self.playing = False
        self.next_step = 0.0
        self.messages = Messages()
        self.slider = Slider(len(self.moves))
        self.size = (0, 0)
        self.board_rect = self.panel_rect = self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.messages_lane = pygame.Rect(0, 0, 0, 0)  # under the step buttons, a line high (``_layout``)
        self.graph_whole = pygame.Rect(0, 0, 0, 0)  # the graph's place before the move list takes room from it
        self.move_rows: list[tuple[pygame.Rect, int]] = []
        self.drop_link: tuple[pygame.Rect, int] | None = None  # "Biggest drop" under the graph, and its ply
        self.graph_pad = 0  # the room between the graph's label and the actions (``_actions_plan``)
        self.ply_lines = PLY_LINES  # the lines the ply line with the rules and the opening takes at most (``_actions_plan``)
        self.ply_lines_most: tuple[Hashable, int] = (None, 0)  # the most lines it takes at any ply, and for what (``_ply_lines_most``)
        self.print_least: int | None = None  # the panel's least small print (``_small``); None: ``tx.least``'s
        self.analysis: BackgroundAnalysis | None = None
        self.move_analysis = AnalysisMode(self.game, 0, active=wanted_at_start() or shown.get("analysis", False),  # key A
                                          start=self.record.start_position)
        self.evaluations = LiveEvaluations(self.game)  # analysis mode's values, laid over the graph where deeper
        self.connections = HexConnections(self.game, shown.get("connections", False))  # Hex's virtual connections: key V
        self.eval_rect = pygame.Rect(0, 0, 0, 0)
        self.want_analysis = analyse and len(self.moves) > 0 and (record.is_finished() or carries_values(record))
        self.analysis_started = 0.0
        loser = None if record.result is None or record.result.winner is None else 1 - record.result.winner
        self.loser = loser
        self.buttons = self._make_buttons()
        self.labelled_in = language()  # the language the buttons were labelled in (``follow_the_language``)
        self.focus = KeyFocus()  # Tab's ring among the buttons, Enter or Space pressing it
        self.stepped: tuple[pygame.event.Event, int] | None = None  # the input that showed another ply, and the ply left
        # a button let go of that pressed none, and the buttons' lighting before it (``input_area``)
        self.let_go: tuple[pygame.event.Event, tuple[Hashable, ...]] | None = None
        self.pressed = False  # the last event pressed a button (its action ran)
        self.ply_drawn = self.ply  # the ply the board's side shows, as last drawn (``pointed_areas``)
        self.panel_changes = pygame.Rect(0, 0, 0, 0)  # the panel under its title, as last drawn: what a step changes
        if record.values_ignored:  # the file's evaluations could not be this game's: the graph is searched afresh
            self._say_values_left_out(record.values_ignored)

    def _say_values_left_out(self, why: str) -> None:
        """Say that the file's evaluations were left out, in a player's words; the reason, in the
        file's own terms ("values.plies[3].measure must be ..."), goes to the log for a bug report.
        The message quoted it: field names and option syntax, in English in any language."""
        log.info("saved evaluations left out: %s", why)
        self.messages.add(_("Saved evaluations left out: they do not fit this game"),
                          "warn", duration=10.0)

    # -- helpers the App may or may not provide ---------------------------------------------
    def _animation_speed(self) -> float:
        """The Settings' animation speed, 0 for Off (it read ``or 1.0``: Off animated as Normal)."""
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, "animation_speed", 1.0))

    def _make_buttons(self) -> list[Button]:
        b = [
            Button(_("Start"), lambda: self.step_to(0), "Home"),
            Button(_("Previous"), lambda: self.step_to(self.ply - 1), "Left"),  # not "Back": the Back (Esc) beside leaves
            Button(pgettext("replay", "Play"), self.toggle_play, "Space"),
            Button(_("Next"), lambda: self.step_to(self.ply + 1, sound=True), "Right"),
            Button(_("End"), lambda: self.step_to(len(self.moves)), "End"),
        ]
        for button in b:  # greyed at either end, a click says why as the key does (``step_to``)
            button.refused = button.action
        self.play_button = b[2]
        self.actions = [
            Button(_("Play from here"), self.choose_how_to_go_on, "C", primary=True,
                   refused=self.choose_how_to_go_on),  # on a finished board: from the move before
            Button(_("Picture"), self.export_png, "P"),
            Button(_("Copy moves"), self.copy_moves, "M"),
            Button(_("Copy position"), self.copy_position, "Ctrl+C"),
            Button(_("Save"), self.save_record, "S"),
            Button(self._outside_label(), self.save_outside_file, "G", visible=outside_file(self.game.id) is not None),
            Button(_("Copy as GGF"), self.copy_ggf, "Shift+G", visible=copies_ggf(self.game.id)),
            Button(_("Analysis"), self.toggle_analysis, "A"),
            Button(_("Search tree"), self.open_tree, "T", refused=self.open_tree),  # greyed at the end: says why
            Button(_("Connections"), self.toggle_connections, "V", visible=connections_available(self.game)),
            Button(_(self.back_label or N_("Menu")), self.back, "Esc"),
        ]
        self.analysis_button, self.tree_button, self.connections_button = self.actions[7:10]
        return b + self.actions

    def say_in_the_language(self) -> None:
        """The buttons built again in the language chosen since they were made, and laid out for
        their new widths: a replay that lived through a change of language (under its help, or a
        tournament's game replayed) kept its labels in the old one, Play alone following.  The
        same buttons in the same order: the keyboard's ring stays on the one it was on."""
        self.buttons = self._make_buttons()
        self.resize(self.app.size)
        self.invalidate()

    # -- commands -------------------------------------------------------------------------------
    def step_to(self, ply: int, sound: bool = False) -> None:
        """``go`` by a step button or its key; at the start or the end already, a step past it (its
        greyed button clicked, Left, Home...) says so rather than nothing."""
        if not self.messages.refuse(self._why_not_past(ply)):
            self.go(ply, sound)

    def go(self, ply: int, sound: bool = False) -> None:
        ply = max(0, min(len(self.moves), ply))
        if ply == self.ply:
            return
        forward = ply == self.ply + 1
        self.ply = ply
        self.messages.withdraw(REFUSED_TOPIC)  # "...: there is no later one" stood over the game played again
        self.view.reset_input()
        if not forward:  # a step back or a jump: the move now last is not played again
            self.view.stop_animation()
        else:
            self.view.move_shown(self.states[ply - 1], self.moves[ply - 1], self.states[ply])
            if sound:
                SOUNDS.play(sound_for_move(self.states[ply - 1], self.states[ply]))

    def _why_not_past(self, ply: int) -> str:
        """Why a step to ``ply`` from the ply shown, an end of the game, shows nothing new; "" elsewhere."""
        if ply <= self.ply == 0:
            return _("This is the start of the game: there is no earlier move")
        if ply >= self.ply == len(self.moves):
            return _("This is the game's last move: there is no later one")
        return ""

    def toggle_play(self) -> None:
        """Play the moves on from the one shown (from the start once at the end), or pause.  A
        game that ended before its first move (lost on time, resigned at once) has none: its Play
        is greyed and says so, where it turned to Pause for a second and back with nothing shown."""
        if self.messages.refuse(self._why_no_play()):
            return
        if not self.playing and self.ply >= len(self.moves):
            self.go(0)
        self.playing = not self.playing
        self.next_step = time.monotonic() + self._step_seconds()

    def _why_no_play(self) -> str:
        """Why Play shows nothing: the game has no moves; "" where it has."""
        return "" if self.moves else _("This game has no moves: there is nothing to play")

    def _step_seconds(self) -> float:
        speed = self._animation_speed()
        return AUTOPLAY_SECONDS / speed if speed > 0 else AUTOPLAY_SECONDS

    def _record_here(self) -> GameRecord | None:
        """The record cut at the position shown (its moves so far, its clocks then; a game that
        ended off the board, on time or by a resignation, unfinished), or None where the game is
        over on the board (said).  At a game's end on the board the replay steps back to the
        position before its last move, and the game goes on from there (the form says so): "Play
        from here" greyed at the end, "step back to play on", was the first thing a teacher
        pressed on a finished game, and stepping back was what it asked for."""
        if self.states[self.ply].is_terminal() and self.ply > 0:
            self.go(self.ply - 1)
        if self.messages.refuse(_("The game is over at this move; step back to play on")
                                if self.states[self.ply].is_terminal() else ""):
            return None
        return record_up_to(self.record, self.ply, self.states[self.ply])

    def choose_how_to_go_on(self) -> None:
        """"Play from here" (C): the form that asks how the game goes on from the position shown
        (its mode, sides, computer and clock, the record's own at first); Back returns to this move."""
        record = self._record_here()
        if record is not None:
            self.app.show_play_from(record, self.record, on_start=lambda setup: self._go_on(record, setup),
                                    on_back=lambda: self.app.switch(self))

    def continue_here(self) -> None:
        """Start a new game from the position shown, with the moves that led to it, as the record
        was played (the form's Enter, without the form)."""
        record = self._record_here()
        if record is not None:
            self._go_on(record, None)

    def _go_on(self, record: GameRecord, setup: MatchSetup | None) -> None:
        """Play ``record`` (cut at a position) on: as it was played, or by ``setup``'s players in its mode."""
        if setup is not None:
            record = record_with_setup(record, setup)
        (self.on_continue or self.app.continue_record)(self._shown_as_here(record))

    def _shown_as_here(self, record: GameRecord) -> GameRecord:
        """``record`` whose game screen shows analysis and Hex's connections as this replay shows
        them (``kept_shown``): the game went on showing them as the game saved had them when it
        was left, and analysis turned on to study the replay was off once play began."""
        shown = {**kept_shown(record.setup), "analysis": self.move_analysis.active,
                 "connections": self.connections.active}
        return replace(record, setup={**record.setup, SHOWN_KEY: shown})

    def export_png(self) -> None:
        message, kind = export_board_png(self.game, self.states[self.ply], self.record, self.ply, theme=self.theme,
                                         last_move=self.moves[self.ply - 1] if self.ply else None,
                                         labels=self.move_analysis.labels(),  # the values, in analysis mode
                                         turned=self.view.turned)
        self.messages.add(message, kind, duration=6.0)

    def copy_moves(self) -> None:
        self.messages.add(*copy_move_list(self.record), duration=6.0)

    def copy_transcript(self) -> None:
        """The game as its move string (Othello's ``f5d6c3...``, Shift+M), to paste into the
        programs and sites that read one."""
        if not self.messages.refuse(no_format_why(self.game.id, "transcript")):
            self.messages.add(*copy_transcript(self.record), duration=6.0)

    def copy_position(self) -> None:
        """The position shown as text, to paste on the main menu and play from (Ctrl+C)."""
        self.messages.add(*copy_position(self.game, self.states[self.ply]), duration=6.0)

    def _outside_label(self) -> str:
        """The Save as ... button's name: the format other programs of the game read ("Save as GGF")."""
        kind = outside_file(self.game.id)
        return _(kind.label) if kind else ""

    def save_outside_file(self) -> None:
        """The whole game as the file other programs of it read (G: Hex's SGF for HexGui, Othello's
        GGF), in the saved-games folder."""
        if not self.messages.refuse(no_format_why(self.game.id, "save")):
            self.messages.add(*save_outside_file(self.record), duration=8.0)

    def copy_ggf(self) -> None:
        """The whole Othello game as GGF on the clipboard (Shift+G), to paste on the sites and into
        the programs that read it."""
        if not self.messages.refuse(no_format_why(self.game.id, "ggf")):
            self.messages.add(*copy_ggf(self.record), duration=8.0)

    def save_record(self) -> None:
        """Save the game in the saved-games folder, with the evaluation graph as shown once the
        background analysis is over (``graph_lines``: analysis mode's deeper values laid over it);
        the background analysis' own points were saved, and the graph read back from the file
        was not the one the player saw when pressing Save."""
        if self.analysis is not None and self.analysis.done and not self.analysis.error:
            opinions, points, depths = self.graph_lines()
            self.record.evaluations, self.record.ply_values = saved_lines(opinions, points, depths)
        self.messages.add(*save_record_under_free_name(self.record, games_dir()), duration=6.0)

    def show_help(self) -> None:
        """F1: the help page over the replay (``Scene.show_help``), analysis mode's and the
        connections' jobs held meanwhile (``PositionWorker.hold``): no work while it is read, and
        back on the same move they go on from where they were (``update``'s ``follow``)."""
        self.move_analysis.hold()
        self.connections.hold()
        super().show_help()

    def help_page(self) -> tuple[str, str | None]:
        """F1 here: the game's rules, as F1 in a game (the replay is that game's screen, its board
        what a player asks about; the keys are on its buttons, and F1 again there)."""
        return self.game.id, None

    def keys_section(self) -> str | None:
        return "Replay"

    def show_keys(self) -> None:
        """?: the keys page at the replay's keys, as ? in a game opens it at the game's (F1 opens
        the game's rules); it did nothing here.  Back returns to the replay as it was left."""
        self._visit(lambda back: self.app.show_rules(KEYS_PAGE, on_back=back, section=self.keys_section()))

    def new_game(self) -> None:
        """N: the New game screen (Watch, for a game the computer played against itself) with this
        game's settings filled in, as N on a finished game opens it (``SetupChoices.take``); its
        Back returns to the replay as it was left.  N did nothing here, not a word."""
        setup = MatchSetup.from_dict(setup_dict_for_record(self.record))
        self.app.last_setup_choices().take(setup)
        start = (None if self.record.start_position is None else
                 GameRecord.start(self.game, self.record.players, start_position=self.record.start_position))
        self._visit(lambda back: self.app.show_setup(watch=setup.mode == PC_VS_PC, game_id=self.game.id,
                                                     start=start, on_back=back))

    def _visit(self, show: Callable[[Callable[[], None]], None]) -> None:
        """Show another screen whose Back (given to ``show``) returns to the replay as it was left
        (``App.visit``), analysis mode's and the connections' jobs held meanwhile."""
        self.move_analysis.hold()
        self.connections.hold()
        self.app.visit(show)

    def caption(self) -> str:
        return f"{words.title(games.info(self.game.id))} – {_('Replay')}"

    def messages_above(self) -> int | None:
        """The window's messages (a file dropped here that cannot be opened) stand above the step
        buttons, over the slider: at the window's bottom edge they covered the lower half of Start
        ... End and the panel's last row of actions at 800x560."""
        return top_of(self.buttons[0].rect)

    def messages_centre(self) -> int | None:
        """On the board's side, as wide as it allows (``App.messages_width``), as the game
        screen centres them on its board: centred on the window, a long one reached the panel's
        actions beside the step buttons."""
        return self.board_rect.centerx if self.board_rect.width else None

    def back(self) -> None:
        (self.on_back or self.app.show_menu)()

    def toggle_analysis(self) -> None:
        """Every legal move's value on the board, and the eval bar (the panel's graph stays)."""
        self.move_analysis.toggle()
        self.cursor.on = self.cursor.on and self.move_analysis.active  # off with the values it reads: the arrows step again
        self._layout(self.size)

    def toggle_connections(self) -> None:
        """Hex: the virtual connections, dead and captured cells of the position shown (and a legend,
        which the actions make room for: ``_actions_plan``); in another game, says so."""
        if self.messages.refuse(self.connections.why_not()):
            return
        self.connections.toggle()
        self._layout(self.size)

    def open_tree(self) -> None:
        """The search tree explorer on the position shown; Back returns to this move."""
        state = self.states[self.ply]
        if state.is_terminal():
            self.messages.add(_(words.TREE_AT_THE_END), "warn")
            return
        self.app.show_tree(self.game, state, on_back=lambda: self.app.switch(self), turned=self.view.turned)

    # -- the Scene interface ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """``_handle``, and the input that showed another ply or let go of a mouse button with no
        button pressed remembered (``input_area``)."""
        ply, lit = self.ply, lighting(self.buttons)
        self.pressed = False
        self._handle(event)
        self.stepped = (event, ply) if self.ply != ply else None
        let_go = event.type == pygame.MOUSEBUTTONUP and self.stepped is None and not self.pressed
        self.let_go = (event, lit) if let_go else None

    def input_area(self, event: pygame.event.Event) -> list[pygame.Rect] | pygame.Rect | None:
        """What a key, the wheel or a click that showed another ply changed (``step_areas``):
        each step drew the whole window; nothing for a key let go (nothing here acts on it); for
        a mouse button let go that pressed no button (the end of a click on the move list or of
        the slider's drag), the buttons it left unlit alone (``relit_areas``: it drew the whole
        window).  None (the whole) for anything else."""
        if event.type == pygame.KEYUP:
            return pygame.Rect(0, 0, 0, 0)
        if self.let_go is not None and self.let_go[0] is event:
            return relit_areas(self.buttons, self.let_go[1], lighting(self.buttons))
        if self.stepped is None or self.stepped[0] is not event:
            return None
        return self.step_areas(self.stepped[1], clicked=event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))

    def step_areas(self, left: int, clicked: bool = False) -> list[pygame.Rect]:
        """The parts of the replay a step from ply ``left`` to the one shown changes: the board's
        side of the window (the board, its eval bar, the slider, the step buttons enabled or not,
        the messages under them) and the panel under its title (the players' counts, the ply,
        the best line, the move list, the graph's mark); its actions too where the game is over
        at one of the plies (what they do there differs), or for a step ``clicked``
        (on the list or the graph: the pointer moved there first, off an action it lit).  The
        title and the actions stay as drawn."""
        areas = [self._board_side(), self.panel_changes.copy()]
        if clicked or self.states[left].is_terminal() != self.states[self.ply].is_terminal():
            ring = int(8 * self.scale) + 8  # the keyboard's ring round a button, both sides (``focus_ring``)
            shown = [b.rect for b in self.actions if b.visible]
            areas.append(shown[0].unionall(shown).inflate(ring, ring))
        return areas

    def _board_side(self) -> pygame.Rect:
        """The window left of the panel: the board, its eval bar, the slider, the step buttons
        and the messages under them."""
        return pygame.Rect(0, 0, self.panel_rect.left, self.size[1])

    def ticking_area(self) -> pygame.Rect | None:
        """The board's side while a move shown by a step animates there, nothing else moving (the
        replay playing steps the panel too; the graph filling in changes it): the whole window
        was drawn for each of its frames."""
        filling = self.analysis is not None and not getattr(self.analysis, "done", True)
        if self.playing or filling or not self.view.is_animating():
            return None
        return self._board_side()

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:  # for the values' tip in analysis mode
            self.pointer = event.pos if self.view.rect.collidepoint(event.pos) else None
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if event.type == pygame.KEYDOWN and getattr(event, "repeat", False) and event.key in REPEATS_DROPPED:
            return  # a held switch's repeat: one press switches once (``App._mark_repeat``)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
            self.copy_position()  # not C alone, which plays from here
            return
        if is_paste(event):  # a game copied as text opens, as on the main menu (not V's Connections)
            paste_game(self.app)
            return
        if event.type == pygame.KEYDOWN and self.focus.ring_key(self.buttons, event.key, event.mod):
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_QUESTION or event.unicode == "?"):
            self.show_keys()  # Shift+/ on most layouts, as in a game
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)
            return
        picked = self.slider.handle(event)
        if picked is not None:
            self.playing = False
            self.go(picked)
            return
        for button in self.buttons:
            if button.handle(event):
                self.pressed = True
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and not self.wheel_zooms(event):
            self.go(self.ply - event.y)

    def _key(self, key: int, mod: int = 0) -> None:
        if self._cursor_key(key):
            return
        # Page Up and Page Down step a move, as they browse a game's positions (``game_keys.BROWSE_KEYS``)
        moves = {pygame.K_LEFT: self.ply - 1, pygame.K_RIGHT: self.ply + 1, pygame.K_HOME: 0,
                 pygame.K_PAGEUP: self.ply - 1, pygame.K_PAGEDOWN: self.ply + 1,
                 pygame.K_END: len(self.moves), pygame.K_UP: self.ply - 10, pygame.K_DOWN: self.ply + 10}
        if key in moves:
            self.playing = False
            self.step_to(moves[key], sound=key in (pygame.K_RIGHT, pygame.K_PAGEDOWN))
        elif key == pygame.K_SPACE or pause_key(key, bool(mod & pygame.KMOD_CTRL)):
            self.toggle_play()
        elif key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_u, pygame.K_y, pygame.K_BACKSPACE) or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            # a game's Undo and Redo, pressed here out of habit: not a silent key
            self.messages.refuse(_("A replay takes no move back: Left and Right step through its moves"))
        elif mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and key != pygame.K_s:
            pass  # Ctrl+F, Ctrl+A...: not the letter's command (Ctrl+S saves, as in a game)
        elif key == pygame.K_g and mod & pygame.KMOD_SHIFT:
            self.copy_ggf()
        elif key == pygame.K_m and mod & pygame.KMOD_SHIFT:
            self.copy_transcript()
        else:
            shortcuts = {pygame.K_c: self.choose_how_to_go_on, pygame.K_p: self.export_png,
                         pygame.K_m: self.copy_moves, pygame.K_s: self.save_record, pygame.K_g: self.save_outside_file,
                         pygame.K_a: self.toggle_analysis, pygame.K_n: self.new_game,
                         pygame.K_t: self.open_tree, pygame.K_v: self.toggle_connections, pygame.K_f: self.turn_board,
                         pygame.K_z: self.zoom_board}
            if key in shortcuts:
                shortcuts[key]()
            elif key == pygame.K_h:  # the game screen's Hint, pressed here out of habit: not a silent key
                self.messages.refuse(_("No hints in a replay: use Analysis (A), or Play from here (C)"))
            elif key == pygame.K_l:  # the game screen's Legal moves: the replay's board marks none
                self.messages.refuse(_("A replay marks no legal moves: Analysis (A) shows each one with its value"))

    def _cursor_key(self, key: int) -> bool:
        """B shows or hides the game screen's board cursor (``ui.board_cursor``), for the tip of
        values under it in analysis mode; while it shows, the arrows move it (Page Up, Page Down,
        Home and End still step) and Esc hides it.  The arrows step through the game here, so the
        cursor that reads the values needs a key of its own: the tip came under the mouse alone.
        True if the key was the cursor's."""
        if key == pygame.K_b and not self.cursor.on:
            # short enough for the lane's one line at 800x600 Larger text, what to do (A) read whole
            why = "" if self.move_analysis.active else _("The board cursor shows the values: turn on Analysis (A) first")
            if not self.messages.refuse(why):
                self.cursor.on, self.pointer = True, None
                self.cursor.current(self.view, self.states[self.ply], near_move(self.view, self._last_move()))
            return True
        if not self.cursor.on:
            return False
        if key in DIRECTIONS:
            self.pointer = None  # the tip goes with the cursor until the mouse moves again
            self.cursor.move(self.view, self.states[self.ply], key)
        elif key in (pygame.K_b, pygame.K_ESCAPE):
            self.cursor.on = False
        else:
            return False
        return True

    def _last_move(self) -> Hashable | None:
        """The move that led to the position shown, None at the start."""
        return self.moves[self.ply - 1] if self.ply else None

    def _tip_point(self) -> tuple[int, int] | None:
        """Where the tip of values is about: the mouse over the board, else the board's cursor."""
        return self.cursor.tip_point(self.view, self.states[self.ply], self.pointer)

    def turn_board(self) -> None:
        why = self.view.turn()
        if why:
            self.messages.add(why, "warn")

    def zoom_board(self, whole: bool | None = None) -> None:
        """Z (``whole`` None: the other of the two) or the wheel over the board: a large Trax
        board shown whole, or the tiles of the game's end again (``common.zoom_board``, as in a game)."""
        zoom_board(self.view, self.messages, whole)

    def wheel_zooms(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over a board that zooms (``BoardView.zoomable``): down shows the whole
        board, up its tiles again, as in a game.  False elsewhere, and over every other board,
        where the wheel steps through the moves."""
        if not self.view.zoomable() or self.pointer is None or not event.y:
            return False
        self.zoom_board(event.y < 0)
        return True

    def _click(self, pos: tuple[int, int]) -> None:
        """A click on the graph, a move of the list, or "Biggest drop" under the graph (it read
        as a link and did nothing): that position shown."""
        if self.graph_rect.collidepoint(pos) and self.moves:
            self.playing = False
            self.go(ply_at(self.graph_rect, pos[0], len(self.moves)))
            return
        if self.drop_link is not None and self.drop_link[0].collidepoint(pos):
            self.playing = False
            self.go(self.drop_link[1])
            return
        for rect, ply in self.move_rows:
            if rect.collidepoint(pos):
                self.playing = False
                self.go(ply)
                return

    def pointer_key(self) -> Hashable | None:
        """What the pointer shows here (``Scene.pointer_key``): the buttons' lighting, in
        analysis mode the tip of the values under it and the ring round their place
        (``ValueTip.area``), and the ply shown, which the slider's drag changes.  Every motion
        drew the whole replay, over the board or the panel alike, and every motion of a drag."""
        tip = self._value_tip()
        return None if tip is None else tip.area(), lighting(self.buttons), self.ply

    def pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        """The tips of values and their rings before and after a motion (``pointer_key``): the
        board shows nothing else of the pointer; the buttons it lit or left (``relit_areas``:
        onto "Play from here" the whole replay was drawn); and what a step changes where the
        slider's drag showed another ply than the one drawn (``step_areas``, as for a key)."""
        relit = relit_areas(self.buttons, before[1], after[1])
        if relit is None:
            return None
        steps = self.step_areas(self.ply_drawn) if self.ply != self.ply_drawn else []
        return relit + steps + [pygame.Rect(tip) for tip in (before[0], after[0]) if tip is not None]

    def _value_tip(self) -> ValueTip | None:
        """The tip of values the pointer shows in analysis mode, laid out and not drawn."""
        if not self.move_analysis.active:
            return None
        state = self.states[self.ply]
        return value_tip(pygame.Rect((0, 0), self.size), self.view, self.move_analysis.labels(), self._tip_point(),
                         self._move_names(state), self.board_scale)

    def _move_names(self, state: State) -> MoveNames:
        """How the tip of values writes a move of ``state``."""
        return MoveNames(self.app, self.game, state)

    def redraw_interval(self) -> float | None:
        """Every frame while a move animates or the replay plays; a few times a second while the
        evaluation graph fills in, and when the position under search should have its answer, so
        the next search starts then, not up to a redraw later (which doubled each position's
        time: ``BackgroundAnalysis.answer_due_in``); otherwise only after input."""
        if self.view.is_animating() or self.playing:
            return 0.0
        if self.analysis is not None and not getattr(self.analysis, "done", True):
            due = self.analysis.answer_due_in()
            return ANALYSIS_REDRAW if due is None else min(ANALYSIS_REDRAW, due)
        return None

    def update(self, dt: float) -> None:
        self.follow_the_language()
        now = time.monotonic()
        if self.playing and now >= self.next_step and not self.view.is_animating():
            if self.ply >= len(self.moves):
                self.playing = False
            else:
                self.go(self.ply + 1, sound=True)
                self.next_step = now + self._step_seconds()
        self.play_button.label = _("Pause") if self.playing else pgettext("replay", "Play")
        self.play_button.active = self.playing
        if self.want_analysis and self.analysis is None:
            self._start_analysis()
        if self.analysis is not None:
            self.analysis.poll()
        for helper in (self.move_analysis, self.connections):
            helper.follow(self.states[self.ply], tuple(self.record.moves[:self.ply]))
            if helper.poll():
                if helper is self.move_analysis and helper.values is not None:
                    self.evaluations.from_analysis(helper.position[0], helper.values, helper.texts)
                self.invalidate()
        self.analysis_button.active = self.move_analysis.active
        self.connections_button.active = self.connections.active

    def _start_analysis(self) -> None:
        self.want_analysis = False
        try:
            self.analysis = BackgroundAnalysis(self.record, search=self.record.is_finished())
        except Exception as exc:  # noqa: BLE001 - no graph is better than no replay
            log.info("analysis unavailable: %s", exc)
            self.messages.add(_("The evaluation graph is not available: {error}").format(error=exc), "warn")

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
        self.move_analysis.close()
        self.connections.close()

    def resize(self, size: tuple[int, int]) -> None:
        self._layout(size)

    # -- layout and drawing -------------------------------------------------------------------
    def _lay_steps(self, row: pygame.Rect, gap: int) -> None:
        """Start, Previous, Play, Next and End side by side in ``row``, each as wide as its label
        and key want and a share of the rest (``share_row``): in equal fifths at 800x560
        "Anterior  Esquerda" and "Reproduzir  Espaço" were set smaller than "Início" and "Fim"
        beside them, which had room to spare."""
        steps = self.buttons[:5]
        x = row.x
        for button, width in zip(steps, share_row(steps, row.width - gap * (len(steps) - 1), self.board_scale)):
            button.rect = pygame.Rect(x, row.y, width, row.height)
            x += width + gap

    def _layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.print_least = None  # the scale's own while the panel's scale is chosen
        w, h = size
        board_s = self.board_scale = window_scale(size, text_size_of(self.app))
        self.scale = s = self._panel_scale(size, board_s)
        pad = int(16 * board_s)
        panel_w = self._panel_width(size, board_s, s)
        bar_h = int(44 * board_s)
        self.panel_rect = pygame.Rect(w - panel_w - pad, pad, panel_w, h - 2 * pad)
        board_area = pygame.Rect(pad, pad, w - panel_w - 3 * pad, h - 3 * pad - 2 * bar_h - int(18 * board_s))
        spare = self._height_unused(board_area, board_s)
        board_area.height -= spare  # the slider, the steps and the messages' lane go up with it
        self.board_rect = board_area
        board, self.eval_rect = eval_bar.carve(board_area, board_s, self.move_analysis.active)
        self.view.text_size = text_size_of(self.app)  # the coordinates' size
        self.view.other_notation = other_chosen(self.app)  # Trax's labels name what its list writes
        self.view.layout(board)
        # the slider's whole strip, between the board and the buttons, takes a press: a fingertip's 40
        # pixels at 1366x768 (the bar alone, give or take 8 pixels, was 23: a finger's tap missed it)
        self.slider.reach = pygame.Rect(board_area.x, board_area.bottom, board_area.width, int(44 * board_s))
        bar = max(6, int(8 * board_s))
        self.slider.rect = pygame.Rect(board_area.x + int(10 * board_s), self.slider.reach.centery - bar // 2,
                                       board_area.width - int(20 * board_s), bar)
        controls = pygame.Rect(board_area.x, self.slider.reach.bottom, board_area.width, bar_h)
        self._lay_steps(controls, int(8 * board_s))
        self.messages_lane = pygame.Rect(board_area.x, controls.bottom + int(4 * board_s), board_area.width,
                                         h - int(4 * board_s) - controls.bottom - int(4 * board_s) - spare)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        self.print_least = self._least_print(inner)
        row, gap, self.ply_lines, self.graph_pad = self._actions_plan(inner, int(44 * s), int(8 * s), int(16 * s))
        actions_h = layout_grid(self.actions, pygame.Rect(inner.x, 0, inner.width, 0), 2, row, gap, s)
        for b in self.actions:
            b.rect.y += inner.bottom - actions_h
        graph_h = int(inner.height * 0.28)
        self.graph_whole = pygame.Rect(inner.x, inner.bottom - actions_h - self._under_graph(self.graph_pad) - graph_h,
                                       inner.width, graph_h)
        self.graph_rect = pygame.Rect(self.graph_whole)

    def _height_unused(self, area: pygame.Rect, scale: float) -> int:
        """The pixels of a tall board ``area``'s height (taller than wide) that the board leaves
        empty: the least height that lays the board out as large as the whole ``area`` does,
        found by laying it out (each game's view fits its board its own way: Hex's turns to fit
        a tall area).  In a window of 800x1440 the board, as wide as the window let it be, stood
        in the middle of an area 1335 pixels tall, and the slider and the step buttons some 500
        pixels under it.  0 for a wide area: every window wider than tall keeps its layout."""
        if area.height <= area.width:
            return 0
        last = self.states[-1]  # the position the board is framed on (a large Trax board)

        def board_size(height: int) -> tuple[int, int]:
            board, _bar = eval_bar.carve(pygame.Rect(area.x, area.y, area.width, height), scale,
                                         self.move_analysis.active)
            self.view.layout(board)
            rects = [rect for _key, rect in self.view.targets(last)]
            return rects[0].unionall(rects[1:]).size if rects else (0, 0)

        whole = board_size(area.height)
        short, enough = 0, area.height  # too short for the board at its size, and tall enough
        while enough - short > 1:
            middle = (short + enough) // 2
            short, enough = (short, middle) if board_size(middle) == whole else (middle, enough)
        return area.height - enough

    def _small(self, size: float) -> int:
        """Small print of ``size`` at the panel's scale: never under ``print_least`` pixels
        (``_least_print``), or ``ui.text.least``'s while it is not chosen yet."""
        least = tx.least(self.scale) if self.print_least is None else self.print_least
        return max(least, int(size * self.scale))

    def _least_print(self, inner: pygame.Rect) -> int:
        """The least pixels the panel's small print is drawn at, its ``inner`` part laid out at
        the panel's scale: ``ui.text.least``'s (grown with the Text size) where the move list
        keeps its ``MOVE_ROWS_KEPT`` rows with every part giving way as far as it may
        (``_actions_plan``) and each move's time where Normal text's small print has it beside
        its move; else the largest from there down to Normal text's (``ui.text.SMALLEST``) that
        keeps them.  At Larger text at 800x560 small print grown to 13 pixels left a Hex game's
        list three rows and took an Alquerque game's times out of it, where Normal's kept both.
        A floor this panel holds: other screens keep ``ui.text.least``'s."""
        s, grown = self.scale, tx.least(self.scale)
        width = self.panel_rect.inflate(-int(32 * s), -int(32 * s)).width  # the move list's (``_draw_panel``)
        self.print_least = tx.SMALLEST
        timed = self._move_times(width) is not None  # Normal's small print has every move's time beside it
        for least in range(grown, tx.SMALLEST, -1):
            self.print_least = least
            room, gives = self._room_and_gives(inner, int(44 * s), int(8 * s), int(16 * s))
            if room + sum(gives) >= self._moves_height(MOVE_ROWS_KEPT) and (not timed or self._move_times(width)):
                return least
        return tx.SMALLEST

    def _under_graph(self, pad: int) -> int:
        """The room between the graph and the actions: "Biggest drop: ..." under the graph, and ``pad``."""
        return tx.line_height(self._small(12)) + int(2 * self.scale) + pad

    def _actions_plan(self, inner: pygame.Rect, row: int, gap: int, pad: int) -> tuple[int, int, int, int]:
        """The height of a row of actions, the room between two rows, in the panel's ``inner``
        part, the lines the ply line with the rules and the opening takes at most, and the room
        left above the actions: ``row``, ``gap``, ``PLY_LINES`` and ``pad`` where the move list
        keeps ``MOVE_ROWS_KEPT`` rows under the panel's parts at their tallest (``_head_most``)
        beside the graph at ``GRAPH_LEAST``; else the rows go down to a fingertip's height
        (``FINGERTIP``), then the gaps halve, as the game screen's panel gives way
        (``GamePanel._room_plan``), and where the graph at ``GRAPH_SHORTEST`` leaves too little
        still, the rules and the opening share one line under the ply's, then ``pad`` halves
        (Hex in Portuguese at 800x560 with Larger text).  Planned for the whole record, so a step
        never moves the actions (a step draws the panel above them alone)."""
        rows = math.ceil(sum(b.visible for b in self.actions) / 2)
        room, gives = self._room_and_gives(inner, row, gap, pad)
        rows_give, gaps_give, _graph, line_gives, pad_gives = room_given(room, self._moves_height(MOVE_ROWS_KEPT), gives)
        return (row - math.ceil(rows_give / rows), gap - math.ceil(gaps_give / max(1, rows - 1)),
                PLY_LINES - (line_gives > 0), pad - pad_gives)

    def _room_and_gives(self, inner: pygame.Rect, row: int, gap: int, pad: int) -> tuple[int, list[int]]:
        """The room the move list has in the panel's ``inner`` part with every part at its
        fullest, and what each part can give it, in ``_actions_plan``'s order (the rows of
        actions, down to a fingertip's height and their labels' own, the gaps, the graph, the ply's
        second line, the pad)."""
        s, rows = self.scale, math.ceil(sum(b.visible for b in self.actions) / 2)
        below = int(12 * s) + int(GRAPH_LEAST * s) + self._under_graph(pad) + rows * row + (rows - 1) * gap
        room = inner.height - self._head_most(inner.width, PLY_LINES) - below
        least_row = max([FINGERTIP] + [b.least_height(s) for b in self.actions if b.visible])
        return room, [rows * max(0, row - least_row), (rows - 1) * (gap - gap // 2),
                      int((GRAPH_LEAST - GRAPH_SHORTEST) * s), tx.ui_font(self._small(14)).get_height(), pad - pad // 2]

    def _panel_scale(self, size: tuple[int, int], window: float) -> float:
        """The panel's scale: the largest from the Text size in full (``scrolling_scale``) down to
        the window's, ``window``, at which the panel, as wide as it then is (``_panel_width``),
        keeps its ``MOVE_ROWS_KEPT`` rows with the actions, gaps and graph giving way as far as
        they may (``_actions_plan``), the ply's lines and pad kept: the window's height held it
        at Large's in a 16:10 or 16:9 window, and at Larger a Hex game's list kept two rows at
        1280x800.  Under ``SEEN_GROWTH`` the window's, as on the game screen."""
        most, h = scrolling_scale(size, text_size_of(self.app)), size[1]
        steps = max(0, math.ceil((most - window) / SCALE_STEP))
        for k in range(steps, 0, -1):
            self.scale = s = window + (most - window) * k / steps
            pad = int(16 * window)
            inner = pygame.Rect(0, 0, self._panel_width(size, window, s), h - 2 * pad).inflate(-2 * pad, -2 * pad)
            room, gives = self._room_and_gives(inner, int(44 * s), int(8 * s), int(16 * s))
            if room + sum(gives[:3]) >= self._moves_height(MOVE_ROWS_KEPT):
                return s if s >= window * SEEN_GROWTH else window
        return window

    @staticmethod
    def _panel_width(size: tuple[int, int], window: float, panel: float) -> int:
        """The panel's width: 30% of the window, ``widened`` as its text's scale, ``panel``,
        grows past the window's, ``window``."""
        return max(260, widened(int(size[0] * 0.3), size, window, panel))

    def _head_most(self, width: int, ply_lines: int) -> int:
        """The most the panel's parts above the move list take at any ply (``_draw_panel``): the
        title, the players, the end (two lines at most here), the ply line with the rules and the
        opening (``ply_lines`` at most), the draw counts at their longest, the best line on one
        line in analysis mode and Hex's legend while the connections are shown."""
        s, small = self.scale, self._small(14)
        end = tx.wrap_at_most(ended_as(self.record), int(15 * s), width, 2, bold=True, break_words=True)
        counts = max(counts_height(state, width, small, int(4 * s)) for state in self.states)
        best = self._best_line_room(True) if self.move_analysis.active else 0
        legend = legend_height(self.game, s, width) if self.connections.active else 0
        return (tx.ui_font(int(22 * s), True).get_height() + 2 * (int(4 * s) + tx.ui_font(small).get_height())
                + int(8 * s) + len(end) * tx.ui_font(int(15 * s), True).get_height()
                + int(6 * s) + ply_lines * tx.ui_font(small).get_height() + counts + int(8 * s) + best + legend)

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self._layout(surface.get_size())
        theme = self.theme
        surface.fill(theme.background)
        state = self.states[self.ply]
        labels = self.move_analysis.labels()  # none unless in analysis mode
        clip = surface.get_clip()  # where the frame draws: a step's board side and panel each alone (``step_areas``)
        if clip.colliderect(self._board_side()):
            self._draw_board(surface, theme, state, labels)
            self.ply_drawn = self.ply
        if clip.colliderect(self.panel_rect.inflate(24, 24)):  # its shadow too (``card``)
            card(surface, self.panel_rect, theme.panel, int(12 * self.scale), shadow=True)
            self._draw_panel(surface, theme)
            self._draw_graph(surface, theme)
        for b in self.buttons:
            b.enabled = True
        self.buttons[0].enabled = self.buttons[1].enabled = self.ply > 0
        self.buttons[3].enabled = self.buttons[4].enabled = self.ply < len(self.moves)
        self.play_button.enabled = not self._why_no_play()
        self.actions[0].enabled = not state.is_terminal() or self.ply > 0  # at the end: from the move before
        self.tree_button.enabled = not state.is_terminal()  # the game's end: nothing to search (``open_tree``)
        self.focus.mark(self.buttons, self.buttons)  # no ring on a button disabled since (End at the end)
        ring = int(8 * self.scale) + 8  # the keyboard's ring round a button, both sides (``focus_ring``)
        for b in self.buttons:
            if clip.colliderect(b.rect.inflate(ring, ring)):
                b.draw(surface, theme, self._button_scale(b))
        lane = self.messages_lane  # under the buttons: over the board they hid its last row and its letters
        self.messages.draw(surface, theme, lane.midbottom, self.board_scale, lane.width, room=lane.height)
        draw_value_tip(surface, self.view, labels, self._tip_point(), theme, self._move_names(state), self.board_scale)

    def _button_scale(self, button: Button) -> float:
        """The scale ``button`` is drawn at: the panel's (``scale``) for its actions, the window's
        (``board_scale``) for the steps under the board, laid out at it."""
        return self.scale if any(button is action for action in self.actions) else self.board_scale

    def _draw_board(self, surface: pygame.Surface, theme: Theme, state: State, labels: dict[Hashable, Any]) -> None:
        """The board with its marks and values, the eval bar in analysis mode, and the slider."""
        ringed = self.cursor.current(self.view, state) if self.cursor.on else None
        overlay = Overlay(theme=theme, last_move=self._last_move(), previous=self.states[self.ply - 1] if self.ply else None,
                          show_legal=False, interactive=False, animation_speed=self._animation_speed(), cursor=ringed)
        self.view.animation_drawn()
        self.view.draw(surface, state, overlay)
        if self.connections.active:
            draw_connections(surface, self.view, self.connections.shown(), state.to_move, theme, state)
        if self.move_analysis.active:
            tags = draw_move_values(surface, self.view, labels, theme)
            graph = self._graph_value()
            summary = summary_text(self.move_analysis.values, self.move_analysis.running(),
                                   self.move_analysis.preparing(), graph_shown=graph is not None,
                                   waited=self.move_analysis.prepared_for())
            eval_bar.draw(surface, self.eval_rect, self.move_analysis.values, self.game, theme, self.board_scale,
                          summary, state, graph, self.view.near_side(), self.board_rect.right - self.eval_rect.x,
                          value_notes(tags, self.move_analysis.values, labels, state.legal_moves()))
        if ringed is not None:
            self.cursor.draw(surface, self.view, state, self.board_scale)
        self.slider.draw(surface, theme, self.ply, self.board_scale)

    def _graph_value(self) -> eval_bar.GraphValue | None:
        """The evaluation graph's value of the position shown (``graph_lines``: the deepest
        known), or of the nearest before it valued, for the eval bar: before analysis mode valued
        the position the bar stood blank at 50/50 at every step, beside a graph that said who
        stood better."""
        if self.analysis is None:
            return None
        opinions, points, depths = self.graph_lines()
        return eval_bar.last_known(opinions, points, self.ply, self.game.id, depths)

    def graph_lines(self) -> GraphLines:
        """The graph's opinions, points and their searches' depths: the background analysis', with
        analysis mode's values laid over them where deeper (``LiveEvaluations.over``), so that the
        bar, which shows the graph's value of the position shown, and the graph agree; the
        background analysis' own where analysis mode has said nothing."""
        if self.analysis is None:
            return GraphLines([], [], [])
        background = self.analysis
        return self.evaluations.over(self.record.moves, background.opinions, background.depths, background.points)

    def _draw_panel(self, surface: pygame.Surface, theme: Theme) -> None:
        s = self.scale
        inner = self.panel_rect.inflate(-int(32 * s), -int(32 * s))
        y = inner.y
        title = _(self.game.info.title)
        small = self._small(14)
        ply_lines = self._ply_lines(small, inner.width)
        dated = tx.text(surface, self._title_note(title, small, inner.width, ply_lines), (inner.right, y + int(6 * s)),
                        small, theme.muted, "topright")
        room = dated.left - inner.x - int(12 * s)
        y = tx.text(surface, tx.fit(title, int(22 * s), room, True), (inner.x, y), int(22 * s), theme.text, bold=True).bottom
        actions_top = min(b.rect.top for b in self.actions if b.visible)
        self.panel_changes = pygame.Rect(self.panel_rect.x, y, self.panel_rect.width, actions_top - y)
        score = shown_score(self.states[0], self.states[self.ply])  # the count at the ply shown
        for side, player in enumerate(self.record.players):
            line = words.side_and_player(player.title, self.game.sides[side])  # "Level 3" translated
            top = y + int(4 * s)
            right = self._draw_clock(surface, theme, side, inner.right, top)
            if score is not None:  # "10 discs" at the right, as the game screen's player cards give it
                right = tx.text(surface, words.score_text(self.game.id, score[side]), (right, top), small,
                                theme.text, "topright").left - int(8 * s)
            y = tx.text(surface, tx.fit(line, small, right - inner.x), (inner.x, top), small, theme.muted).bottom
        result = ended_as(self.record)  # as the result card and the Saved games row say it
        y += int(8 * s)  # a long end (Alquerque's third repetition, a forfeit) takes more lines
        for line in self._result_lines(result, y, inner.width):
            y = tx.text(surface, line, (inner.x, y), int(15 * s), theme.text, bold=True).bottom
        y += int(6 * s)
        for line in ply_lines:
            y = tx.text(surface, line, (inner.x, y), small, theme.muted).bottom
        y += (self._ply_lines_most(small, inner.width) - len(ply_lines)) * tx.ui_font(small).get_height()
        y = draw_counts(surface, self.states[self.ply], (inner.x, y), inner.width, small, theme, int(4 * s)) + int(8 * s)
        legend = legend_height(self.game, s, inner.width) if self.connections.active else 0
        progress = shown_search(self.app, eval_bar.line_with_proof(self.move_analysis.best_line(), self._graph_value()))
        compact = self._make_room_for_moves(progress, y, inner.width, legend)
        y = self._draw_best_line(surface, theme, progress, inner.x, y, inner.width, compact)
        bottom = self.graph_rect.y - int(12 * s)
        if self.connections.active:  # the legend of the marks on the board, under the move list
            bottom -= legend
            draw_legend(surface, pygame.Rect(inner.x, bottom + int(6 * s), inner.width, legend), self.game,
                        self.connections.shown(), self.states[self.ply].to_move, theme, s, self.connections.running())
        self._draw_moves(surface, theme, pygame.Rect(inner.x, y, inner.width, bottom - y))

    def _title_note(self, title: str, size: int, width: int, ply_lines: list[str]) -> str:
        """What stands right of the title, in print ``size`` on a line ``width`` wide: the game's
        date, as Saved games dates it (no row taken from the moves), the date alone where its
        name ("Ended") would cut the title ("Jogo do Galo" at 800x560), to the day where the time
        of day would (Alquerque at 1024x768, Larger text: "Alquerq…"); after the time control
        where the ``ply_lines`` have no room for it (``_clocked``), in its longest form that fits,
        as the game panel puts it beside its title (``fits_beside_title``), the date to the day
        where no more fits with it: at 800x600, Larger text, a clocked game's replay said its
        time control nowhere."""
        dates = [record_date_text(self.record), record_date_text(self.record, named=False),
                 record_date_text(self.record, named=False, day=True)]
        forms = time_control_forms(self.record.setup.get("clock"))
        if any(form in line for form in forms for line in ply_lines):
            forms = []
        notes = [tx.join_parts([form, date]) for form in forms for date in dates] + dates
        title_size, gap = int(22 * self.scale), int(12 * self.scale)
        return next((note for note in notes if fits_beside_title(note, size, title, title_size, width, gap)), dates[-1])

    def _ply_lines(self, size: int, width: int, ply: int | None = None) -> list[str]:
        """The lines under the players (``ply_lines`` at most, ``width`` wide in print ``size``) at
        ``ply`` (None: the ply shown): the ply and the time its move took, then the game's time
        control (``_clocked``), a set-up start, the rules and the opening, as many as fit."""
        ply = self.ply if ply is None else ply
        parts = [words.move_of(ply, len(self.moves)), self._last_move_time(ply)]
        rest = [_("from a set-up position")] if self.record.start_position is not None else []  # on a line of its own when both do not fit (Portuguese)
        rest += self._options_parts()  # after the ply: on its line where they fit, the moves keep their rows
        rest += filter(None, [words.opening_text(self.game, self.record.moves[:ply], self.states[0])])
        parts = self._clocked(parts, rest, size, width)  # Alquerque's options in Portuguese: three lines
        return tx.pack_parts(parts, size, width, most=self.ply_lines)

    def _ply_lines_most(self, size: int, width: int) -> int:
        """The most lines the ply line takes at any ply of the game (``_ply_lines``), the room the
        panel keeps for it at every step: the opening's name came and went as the moves were
        stepped through (a Reversi game's "Opening: Perpendicular" on a line of its own at moves
        2 to 4), and the move list and the graph under it moved up and down by a line."""
        key = (size, width, self.ply_lines, language(), other_chosen(self.app))
        if self.ply_lines_most[0] != key:
            most = max(len(self._ply_lines(size, width, ply)) for ply in range(len(self.moves) + 1))
            self.ply_lines_most = (key, most)
        return self.ply_lines_most[1]

    def _clocked(self, ply: list[str], rest: list[str], size: int, width: int) -> list[str]:
        """The ply line's parts with the game's time control as the record keeps it (a record of
        an older version without one says none), in the longest of its labelled forms
        (``time_control_forms``) that leaves every other part shown whole: after the ply's parts
        (``ply``), else after the rules and the opening (``rest``); on the lines they take without
        it where it fits there, else on a line more where the ply line has one (``ply_lines``, as
        the opening takes one at some moves: the list keeps its rows); left out where none does
        (the title's line says it then, ``_title_note``).
        The replay of a clocked game said the clocks' readings, and nowhere the increment."""
        plain = [*ply, *rest]
        shown = self._shown_parts(plain, size, width, self.ply_lines)
        labelled = time_control_forms(self.record.setup.get("clock"))[:-1]  # "5+3" alone read as the move's
        for most in dict.fromkeys((len(tx.pack_parts(plain, size, width, most=self.ply_lines)), self.ply_lines)):
            for form in labelled:
                for parts in ([*ply, form, *rest], [*plain, form]):
                    if self._shown_parts(parts, size, width, most) >= shown | {form}:
                        return parts
        return plain

    def _shown_parts(self, parts: list[str], size: int, width: int, most: int) -> set[str]:
        """Those of ``parts`` that the ply line's lines (``pack_parts``, ``most`` of them) say whole."""
        lines = tx.pack_parts(parts, size, width, most=most)
        return {part for part in parts if part and any(part in line for line in lines)}

    def _draw_clock(self, surface: pygame.Surface, theme: Theme, side: int, right: int, top: int) -> int:
        """``side``'s clock as it stood at the ply shown, on its player's line ending at ``right``,
        lit while its side is to move there (``draw_clock``, the game screen's); returns where
        the rest of the line ends (``right`` itself for a game on no clock)."""
        if self.clocks is None:
            return right
        size = self._small(14)
        height = tx.line_height(size)
        box = draw_clock(surface, theme, self.clocks.clock_texts(self.ply)[side], size, (right, top + height // 2),
                         height, self.scale, self._clock_runs(side))
        return box.left - int(8 * self.scale)

    def _clock_runs(self, side: int) -> bool:
        """Whether ``side``'s clock ran at the ply shown: its side to move in a game going on there
        (not at the end of a finished game, on the board or off it: on time, resigned)."""
        ended = self.states[self.ply].is_terminal() or (self.ply == len(self.moves) and self.record.is_finished())
        return not ended and self.states[self.ply].to_move == side

    def _last_move_time(self, ply: int) -> str:
        """The time the move that led to ``ply`` took ("c3 took 0:05.5"), "" at the start or on no
        clock."""
        if self.clocks is None or ply == 0:
            return ""
        move = shown_move(self.app, self.game, self.states[ply - 1], self.moves[ply - 1], self.record.moves[ply - 1])
        return _("{move} took {time}").format(move=move, time=reading_text(self.clocks.taken[ply - 1]))

    def _move_times(self, width: int) -> list[str] | None:
        """Each move's time for the move list ``width`` wide, or None: no clock, or no room for
        every move's beside it (the panel's line gives the move shown's)."""
        times = None if self.clocks is None else self.clocks.taken_texts()
        return times_shown(width, self.scale, self._small(14), self.shown_moves(), times, self._small(TIME_SIZE))

    def _options_parts(self) -> list[str]:
        """The rules the game was played under, as the game screen gives them under its title
        ("Board size: 11", "Swap rule: Yes"): the replay named the game alone, so a Hex game's
        swap rule or a Tic-tac-toe's row to win was left to be guessed from the moves."""
        return words.options_parts(self.game, from_position=self.record.start_position is not None)

    def _result_lines(self, result: str, top: int, width: int) -> list[str]:
        """The game's end (``result``) wrapped to ``width`` pixels from ``top``, on as many lines
        as leave room for the ply line, the counts and ``END_LEAVES_ROWS`` moves above the graph
        at its least height (two lines at least), a path broken over lines: a bot's forfeit (where
        it was running, its log's path) was cut at two lines, and the teacher never saw where the
        bot was or its log."""
        s, size, small = self.scale, int(15 * self.scale), self._small(14)
        graph_top = self.graph_whole.bottom - int(GRAPH_LEAST * s)
        kept = int(14 * s) + 2 * tx.line_height(small) + int(20 * s) + self._moves_height(END_LEAVES_ROWS)
        most = max(2, (graph_top - top - kept) // tx.line_height(size, True))
        return tx.wrap_at_most(result, size, width, most, bold=True, break_words=True)

    def _make_room_for_moves(self, progress: AIProgress | None, top: int, width: int, legend: int) -> bool:
        """Lay the graph out so the move list below ``top`` (under the best line, over the
        connections' ``legend``) shows ``MOVE_ROWS_SHOWN`` rows where it can (fewer for a game
        that has fewer, ``_rows_wanted``): the graph gives room up to ``GRAPH_LEAST`` first, then
        the best line by going to one line (returned True); for ``MOVE_ROWS_KEPT`` rows the graph
        goes on down to ``GRAPH_SHORTEST``.  At 1280x800 in analysis mode the list had two rows
        beside a large graph."""
        s = self.scale
        full, one = (self._best_line_height(progress, compact) for compact in (False, True))
        room = self.graph_whole.y - int(12 * s) - legend - (top + full)
        least = min(self.graph_whole.height, int(GRAPH_LEAST * s))
        gives = [self.graph_whole.height - least, full - one, max(0, least - int(GRAPH_SHORTEST * s))]
        shown = room_given(room, self._moves_height(self._rows_wanted(MOVE_ROWS_SHOWN)), [*gives[:2], 0])
        kept = room_given(room, self._moves_height(self._rows_wanted(MOVE_ROWS_KEPT)), gives)
        graph_gives, line_gives, shorter = (max(pair) for pair in zip(shown, kept, strict=True))
        graph_gives += shorter
        self.graph_rect = pygame.Rect(self.graph_whole.x, self.graph_whole.y + graph_gives, self.graph_whole.width,
                                      self.graph_whole.height - graph_gives)
        return line_gives > 0

    def _rows_wanted(self, most: int) -> int:
        """The move-list rows worth making room for: ``most``, or fewer where the game has fewer
        (one for a game of no moves, its "No moves yet").  A replay's list never grows: at
        1280x800 a Reversi game of six moves, analysis on, had its best line cut to one line
        to make room for six rows, three of them empty."""
        return max(1, min(most, move_rows(len(self.moves), self.states[0].to_move)))

    def _best_line_sizes(self) -> tuple[int, int, int]:
        """The best line's heading size, its lines' text size and the step between them."""
        size = self._small(13)
        return int(15 * self.scale), size, tx.line_height(size) + int(2 * self.scale)

    def _best_line_height(self, progress: AIProgress | None, compact: bool) -> int:
        """The room ``_draw_best_line`` takes (0 without a line): its heading and two lines, or one line."""
        return 0 if progress is None else self._best_line_room(compact)

    def _best_line_room(self, compact: bool) -> int:
        """The room a best line takes: its heading and two lines, or one line."""
        heading, size, step = self._best_line_sizes()
        s = self.scale
        lines = 0 if compact else int(4 * s) + step + tx.line_height(size)
        return tx.line_height(heading, True) + lines + int(8 * s)

    def _draw_best_line(self, surface: pygame.Surface, theme: Theme, progress: AIProgress | None, x: int, y: int,
                        width: int, compact: bool = False) -> int:
        """Analysis mode's best line of the position shown, as the game screen's thinking card
        says it (``draw_search_lines``), above the move list; ``compact`` (the list short of
        room): the heading and the line's moves on one line (the value is on the eval bar).
        Returns where the list starts."""
        if progress is None:
            return y
        s, (heading, size, step) = self.scale, self._best_line_sizes()
        head = tx.text(surface, tx.fit(_("Analysis: best line"), heading, width, True), (x, y), heading,
                       theme.muted, bold=True)
        if compact:
            room = x + width - head.right - int(8 * s)
            moves = tx.fit_moves(progress.pv[:6], size, room) if room > size else ""
            if moves:
                tx.text(surface, moves, (head.right + int(8 * s), head.centery), size, theme.muted, "midleft")
            return y + self._best_line_height(progress, True)
        draw_search_lines(surface, progress, self.game, (x, head.bottom + int(4 * s)), width, size, step, theme)
        return y + self._best_line_height(progress, False)

    def _row_height(self) -> int:
        """A move-list row's height."""
        return tx.line_height(self._small(14)) + int(2 * self.scale)

    def _moves_height(self, rows: int) -> int:
        """The room the move list needs to show ``rows`` rows."""
        return int(6 * self.scale) + rows * self._row_height()

    def _draw_moves(self, surface: pygame.Surface, theme: Theme, area: pygame.Rect) -> None:
        """The move list in numbered pairs, scrolled so the current move is visible; "No moves yet"
        for a game without any, as the game's own list says it (it was an empty space)."""
        s = self.scale
        size = self._small(14)
        if not self.moves:
            tx.text(surface, tx.fit(_("No moves yet"), size, area.width), (area.centerx, area.y + int(6 * s)), size,
                    theme.muted, "midtop")
            self.move_rows = []
            return
        row_h = self._row_height()
        rows = max(1, (area.height - int(6 * s)) // row_h)
        lead = self.states[0].to_move  # 1: the second side moved first, "1. … d3"
        pairs = move_rows(len(self.moves), lead)
        current = move_place(max(0, self.ply - 1), lead)[0]
        first = max(0, min(current - rows // 2, pairs - rows))
        self.move_rows = draw_move_rows(surface, theme, area, s, first, min(pairs, first + rows) - first, row_h, size,
                                        self.shown_moves(), lead, self.ply, self._move_times(area.width),
                                        self._small(TIME_SIZE))

    def shown_moves(self) -> list[str]:
        """The moves as the list shows them, in the notation chosen (``ui.notation``)."""
        return shown_moves(self.app, self.game, zip(self.states, self.moves, self.record.moves))

    def _empty_graph_note(self) -> str:
        """What the graph's ground says where it has nothing to draw: a game of no moves (lost on
        time before the first, where an empty box said nothing), or an unfinished game saved
        without values (only a finished game's positions are searched for it)."""
        if not self.moves:
            return _("No moves: nothing to chart")
        return "" if self.record.is_finished() else _("Evaluation graph: for finished games")

    def _draw_graph(self, surface: pygame.Surface, theme: Theme) -> None:
        r = self.graph_rect
        self.drop_link = None
        if r.height < 20:
            return
        s = self.scale
        small = self._small(12)
        if self.analysis is None and not self.want_analysis:
            pygame.draw.rect(surface, graph_ground(theme), r, border_radius=int(6 * s))
            note = self._empty_graph_note()
            if note:  # inside the graph's ground: grown with the Text size, "Gráfico de avaliação: ..." ran past it
                size = tx.fitting_size(note, self._small(13), r.width - 8, smallest=tx.SMALLEST)
                tx.text(surface, tx.fit(note, size, r.width - 8), r.center, size, theme.muted, "center")
            return
        points = self.graph_lines()[1]
        note = (_("Analysing… {percent}%").format(percent=int(100 * self.analysis.progress()))
                if self.analysis is not None and not self.analysis.done else "")
        note_place = pygame.Rect((0, 0), tx.ui_font(small).size(note)) if note else None
        if note_place is not None:
            note_place.topright = (r.right - 6, r.y + 4)
        drop = biggest_drop(points, [st.to_move for st in self.states[:-1]], self.loser) if self.analysis and self.analysis.done else None

        def ring_the_drop(xy: Callable[[int, float], tuple[int, int]]) -> None:
            if drop is not None:
                pygame.draw.circle(surface, theme.invalid, xy(drop + 1, points[drop + 1] or 0.0), max(4, int(6 * s)))

        xy = draw_graph(surface, r, points, self.game, theme, s, len(self.moves), self.ply,
                        taken=[note_place] if note_place is not None else [], top_side=self.view.near_side(),
                        marks=ring_the_drop, label_size=self._small(11))
        if drop is not None and xy is not None:
            # counted in moves, one player's turn each, as the panel's "Move 60 of 62": the move list's pair
            # numbering ("19. a7") read as another count on the same panel
            label = _("Biggest drop: move {n}, {move}").format(n=drop + 1, move=self.shown_moves()[drop])
            said = tx.text(surface, tx.fit(label, small, r.width - 8), (r.x + 4, r.bottom + int(2 * s)), small,
                           theme.invalid)
            self.drop_link = (said, drop + 1)  # a click on it shows the move, as the ring on the graph does
        if note_place is not None:
            draw_plate(surface, r, note_place, theme, s)
            tx.text(surface, note, note_place.topright, small, theme.muted, "topright")
        elif self.analysis is not None and self.analysis.error:
            error = tx.fit(self.analysis.error, small, r.width - 8)
            draw_plate(surface, r, pygame.Rect((r.x + 4, r.y + 4), tx.ui_font(small).size(error)), theme, s)
            tx.text(surface, error, (r.x + 4, r.y + 4), small, theme.invalid)


def carries_values(record: GameRecord) -> bool:
    """Whether ``record`` was saved with a point of its evaluation graph (``GameRecord.evaluations``)."""
    return any(point is not None for point in record.evaluations or [])


# -- the ways into and out of a replay, for the menu, the game-over card and dropped files ----------
def open_file(app: Any, path: Any) -> None:
    """A record file (or a move list or a position saved as text) dropped on the window: replay it
    (a position: set a game up from it), or say why it cannot be opened (never touched).  A
    tournament's results (``main.py tournament --out FILE``'s FILE.json or FILE.jsonl) open on the
    tournament screen, where each of its games is a click away from the replay, and so do the
    tables written beside them (FILE.txt, FILE.md, FILE.html, FILE.csv, FILE-standings.csv)."""
    from ai.tournament import Tournament
    from ui.record_files import load_or_say

    try:
        tournament = Tournament.from_files(path)
        results = Tournament.results_beside(path) if tournament is None else None
        league = Tournament.from_files(results) if results is not None else None
        if league is not None:  # a league's table (FILE.txt, FILE.md ...): the league written beside it
            tournament, path = league, results
    except ValueError as exc:  # named as a game file's refusal names it: the file, not its whole path
        app.messages.add(words.cannot_open(str(exc).replace(f"{path}: ", f"{Path(path).name}: ", 1)), "error",
                         duration=10.0)
        return
    if tournament is not None:
        app.show_tournament_results(tournament, path)
        return
    record = load_or_say(path, app.messages)
    if record is None:
        return
    app.open_record(record)
    _say_other_games(app, path)


def _say_other_games(app: Any, path: Any) -> None:
    """A GGF database dropped on the window opened its first game: say how many it holds."""
    from ui.paste import say_other_games
    from ui.record_files import read_text

    try:
        say_other_games(app.messages, read_text(Path(path)))
    except (OSError, ValueError):  # read a moment ago; gone now: the game is open all the same
        return
