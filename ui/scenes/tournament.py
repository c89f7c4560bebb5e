"""The tournament screen: set up a round robin, watch it run, read the tables, save the results.

Setup: the game (and its options), the participants (our levels and named players, plus outside
players: a Python file, ``file.py:*`` for all its players, or ``gtp:COMMAND``), games per pair,
seconds per move, processes, and whether to watch the games.  Running: a progress bar, the
crosstable and the standings filling in as games finish, a chart of the ratings (Elo with its
95% interval), the latest results with forfeit reasons, and optionally the game being played.

The games run in worker processes (ai.tournament.Tournament, driven with ``start``/``poll``), so
the window keeps its frame rate; leaving the screen (or closing the window) stops the tournament,
kills them and saves the report.  Back (or Esc) on a running tournament asks first: Back again
leaves, Esc stays (``_ask_to_leave``).  Every finished game is also written at once to a results log,
so a tournament left, closed or killed is offered again on the setup and resumed from it
(ui.scenes.tournament_log).  An outside player's "×" in the grid forgets it.

The screen's parts are mixins of ``TournamentScene``, each a module of one concern: its controls
(ui.scenes.tournament_controls), its running of a tournament (ui.scenes.tournament_run), its lists
read and chosen (ui.scenes.tournament_lists), the setup, the log, the tables drawn, the crosstable's
keys, a withdrawal and the watched game (the other ``tournament_*`` modules beside it).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import pygame

import ai
import games
from ai.player_names import display_names
from ai.tournament import Tournament
from ai.tournament_standings import Standing
from ui import outside_players, words
from ui.i18n import Phrase, _, ngettext
from ui.keyed_cache import KeyedCache
from ui.outside_players import kept_title, short
from ui.press_again import PressAgain
from ui.scenes.base import Scene, top_of
from ui.scenes.common import StartRefusal
from ui.scenes.tournament_controls import TournamentControls
from ui.scenes.tournament_cross import CrosstableKeys
from ui.scenes.tournament_lists import ResultsLists
from ui.scenes.tournament_log import FOLLOW_EVERY, TournamentLog, still_ending
from ui.scenes.tournament_results import ResultsDrawing
from ui.scenes.tournament_run import TournamentRun
from ui.scenes.tournament_setup import TournamentSetup
from ui.scenes.tournament_watch import WatchedGames
from ui.scenes.tournament_withdraw import Withdrawal
from ui.text_field import TextField
from ui.tournament_logs import Unfinished
from ui.widgets import Button, DragScroll, KeyFocus, ListStop, Messages, Scroll, Stepper

# Left and Right move the crosstable's columns shown; the list keys (Up, Down, Page Up, Page Down,
# Home, End: ``Scroll.key``) its rows and the standings', the same players in the same order; with
# the keyboard on the latest results (Tab), the list keys choose one of them instead
COLUMN_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


def same_player(pid: str) -> tuple[str, str | None]:
    """What makes two ids one player: the file (resolved) and the player in it.  A file added again
    by another path (``turma/ana/../ana/jogador.py``, a link to the class folder) was listed twice,
    and the tournament played ana against ana; it is "Already in the list" now, as the command line
    enters it once."""
    from ai.commands.tournament import file_of
    from ai.outside import parse_outside_id

    file = file_of(pid)
    return (pid, None) if file is None else (str(file), parse_outside_id(pid).name)


class TournamentScene(TournamentControls, TournamentRun, ResultsLists, TournamentSetup, TournamentLog, ResultsDrawing,
                      CrosstableKeys, Withdrawal, WatchedGames, Scene):
    """Setup, live progress and results of one round robin."""

    def __init__(self, app: Any, game_id: str | None = None, on_back: Callable[[], None] | None = None,
                 on_replay: Callable[[Any], None] | None = None) -> None:
        """``on_back``: leave the screen (default ``app.show_menu``); ``on_replay(record)``: open a
        finished game (a games.record.GameRecord) in the replay viewer, if the window offers it."""
        super().__init__(app)
        self.on_back = on_back
        self.on_replay = on_replay or self._open_replay
        self.away = False  # True while a replay opened from here is shown: keep the tournament going
        self.leave_asked = False  # Back (or Esc) asked whether to stop the running tournament and leave
        self.leave_press = PressAgain()  # when and where a click on Back asked it (``PressAgain.second_click_on``)
        self.viewing: Path | None = None  # the results file shown (show_results): never resumed from here
        ids = games.available_ids()
        self.game_ids = [g for g in ids if _has_engine(g)] or ids
        if game_id is None:  # the game of the last tournament, also from the last session
            game_id = getattr(getattr(app, "settings", None), "tournament_game", None)
        self.game_index = self.game_ids.index(game_id) if game_id in self.game_ids else 0
        self.games_index = 1  # 2 games each way per pair
        self.time_index = 2  # 0.5 s
        self.openings_index = 0  # from the initial position
        self.watch = True
        self.jobs = max(1, min(2, os.cpu_count() or 1))
        self._choose_kept_choices()  # or as the user last chose them
        # the form's Watch the games, as the tournament shown was started with: Watch switched
        # while it runs is for that run, and New tournament's form shows this again (``_new``)
        self.watch_chosen = self.watch
        self.options: dict[str, Any] = {}
        self.outside: dict[str, list[tuple[str, str]]] = {}  # game id -> [(player id, title)]
        self.selected: set[str] = set()
        self.entry = TextField()
        self._say_the_fields_words()
        self.key_focus = KeyFocus()  # Tab among the controls, Space presses (the keyboard alone sets a tournament up)
        self.adding: threading.Thread | None = None
        self.added_in_run = 0  # players added since the user last typed or dropped: a pattern's files, one by one
        self.added: list[tuple[str, Any]] = []  # results of the adding thread, picked up in update()
        self.dropped: list[str] = []  # files dropped on the window, added one after the other
        self.from_pattern: set[str] = set()  # those a pattern typed matched (one defining no player is skipped)
        # game id -> {player id: why}: students' files that cannot be loaded, listed (they forfeit if chosen)
        self.unloadable: dict[str, dict[str, str]] = {}
        self.messages = Messages()
        self.tournament: Tournament | None = None
        self.late: list[tuple[Tournament, list[tuple[str, str]]]] = []  # players loaded to join it late
        self.follow_at = 0.0  # when a league's log shown (``viewing``) is next read for new games
        self.runs_elsewhere = False  # that league is still being played (its log in use by another run)
        self.table: list[Standing] = []
        self.recent: list[tuple[int, Any]] = []  # (game number, GameResult) by number (``_take_result``)
        self.recent_scroll = 0  # results scrolled past, from the newest (the wheel, over the list)
        self.recent_area = pygame.Rect(0, 0, 0, 0)
        self.recent_fits = 1  # how many results the list showed last
        self.results_stop = ListStop()  # the latest results as a stop of Tab: Up/Down choose one, Enter opens it
        self.chosen_result: int | None = None  # the game number of the result chosen there
        self.results_clicked = False  # the keyboard on the results by a click, not by Tab (``_esc_drops_ring``)
        self.standings_stop = ListStop()  # the standings as a stop of Tab: Up/Down choose a row, Enter lists its games
        self.cross_stop = ListStop()  # the crosstable as a stop of Tab: arrows choose a cell, Enter lists its games
        self.chosen_cell: tuple[str, str] | None = None  # the (row, column) players of the cell chosen there
        self.chosen_player: str | None = None  # the player whose row is chosen there
        self.standings_scroll = Scroll()  # standings rows shown (the wheel, over a table too long to show)
        self.standings_area = pygame.Rect(0, 0, 0, 0)
        # the crosstable's rows and columns shown (the wheel over it, the arrow keys): 26 players at 800x560
        self.cross_rows, self.cross_columns = Scroll(), Scroll()
        self.cross_area = pygame.Rect(0, 0, 0, 0)
        self.cross_room_kept: KeyedCache[int] = KeyedCache()  # the crosstable's room (``ResultsDrawing``)
        self.recent_needs_kept: KeyedCache[int] = KeyedCache()  # the latest results' (``ResultsDrawing``)
        # a finger (or the mouse) dragging a table scrolls it: which one, and a row's and a column's
        # pixels in each as last drawn (``ResultsDrawing``)
        self.table_drag, self.dragged_table = DragScroll(), ""
        self.pitches: dict[str, tuple[int, int]] = {}
        self.pair: tuple[str, str] | None = None  # a crosstable cell clicked: the results list shows its games
        self.listed_player: str | None = None  # a standings row clicked: the results list shows its games
        self._cross_rects: list[tuple[pygame.Rect, str, str]] = []  # the crosstable's cells: (rect, row, column)
        self.unplayed_cells: list[tuple[pygame.Rect, str, str]] = []  # its cells of pairs with no game shown yet
        # game number -> {"ids", "moves" so far, "result" once over; the board's "state", "before",
        # "last", "plies" shown of it (``WatchedGames``)}
        self.live: dict[int, dict[str, Any]] = {}
        self.stopped_part_way: dict[int, int] = {}  # games a Stop dropped -> their moves (``WatchedGames._note_dropped``)
        self.watching: int | None = None  # the game on the board
        self.to_watch: list[int] = []  # the games started while watching, for the board in turn
        self.titles: dict[str, str] = {}  # the running tournament's players' names, as players() gave them
        self.pinned = False  # the user picked a finished game to look at: do not follow live games
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.view = None
        self.board_laid_for: int | None = None  # the game the board was last laid out for (``_draw_board``)
        self.saved: list[Path] = []  # the files the results were last written to
        self.base: Path | None = None  # FILE of the running tournament: FILE.jsonl, its log, and its report files
        self.saved_games = 0  # how many finished games they hold
        self.save_folder: Path | None = None  # None: ui.data_folders.tournaments_dir()
        self.buttons: list[Button] = []
        self.game_chooser: Stepper | None = None  # the game, while setting up (``_build``)
        self.player_buttons: list[Button] = []
        self.remove_buttons: list[Button | None] = []  # each player's "×" in the grid (None: ours, not removable)
        self.offer_buttons: list[Button] = []  # Resume and Dismiss of the unfinished tournament offered
        self.offer: Unfinished | None = None  # the newest unfinished tournament of the folder (ui.tournament_logs)
        self.resuming: threading.Thread | None = None  # checks the offered tournament's outside players
        self.checked: list[dict[str, str]] = []  # its answer (id -> why it cannot be loaded), picked up in update()
        self.checking: threading.Thread | None = None  # loads the outside players chosen once, as Start is pressed
        self.checking_now: list[str] = []  # ... the ids of those it has started, the last last (said as it checks)
        # its answer: (game, ids, broken, (FILE, its results log) claimed for the tournament)
        self.start_checked: list[tuple[str, list[str], dict[str, str], tuple[Path, str | None]]] = []
        # a tournament left (here by New, or by an earlier visit), until its thread has ended: no Resume meanwhile
        self.ending: Tournament | None = still_ending()
        self.offer_rect = pygame.Rect(0, 0, 0, 0)
        self.start_refusal = StartRefusal()  # why Start is greyed, just above it (``_place_start_refusal``)
        self.label_y = 0  # the participants' heading, above their grid
        self.player_scroll = 0  # rows of participants scrolled past (the wheel, over the grid; a finger's drag)
        self.players_drag = DragScroll()  # a press on the grid: a tap on a participant, or a drag that scrolls it
        self.players_pitch = 1  # from one row of the grid's top to the next one's, as laid out
        self.players_area = pygame.Rect(0, 0, 0, 0)
        self.players_hidden = (0, 0)  # participants above and below the rows shown
        self.pointer = (0, 0)
        self.size = (1280, 800)
        self.remembered: list[str] = []
        self.offered: set[str] = set()  # games the remembered players were tried on
        self.offering: set[str] = set()  # games the remembered players are being tried on now
        self.awaited: set[str] = set()  # remembered players of the game's last tournament, chosen once loaded
        self._load_remembered()
        self._select_defaults()
        self._find_offer()
        self._build()

    # -- helpers -----------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game_ids[self.game_index]

    @property
    def running(self) -> bool:
        return self.tournament is not None and self.tournament.is_running()

    def players(self) -> list[tuple[str, str]]:
        """(id, title) of everyone who can enter: ours, then the outside players added, each named
        as the command line's tables name them (``display_names``): a student's file by whose it is
        ("Aluno 42 (ana)"), more of its path where two would still look alike."""
        ours = [(p.id, words.player_title(p.title)) for p in ai.catalog(self.game_id)]
        outside = self.outside.get(self.game_id, [])
        if not outside:
            return ours
        titles = dict(ours) | {pid: kept_title(pid, title) for pid, title in outside}
        names = display_names(list(titles), titles)
        return [(pid, names[pid]) for pid in titles]

    def _name(self, player_id: str) -> str:
        """The title shown for a player ("Level 3", "Aluno 42 (alunos)")."""
        if player_id not in self.titles:
            self.titles.update(self.players())
        return self.titles.get(player_id) or short(player_id)

    def _scale(self) -> float:
        app_scale = getattr(self.app, "scale", None)
        if isinstance(app_scale, (int, float)):
            return float(app_scale)
        return max(0.7, min(1.6, min(self.size[0] / 1280, self.size[1] / 800)))

    def _forget_player(self, pid: str) -> None:
        """Take an outside player out of the grid and forget it (the settings' remembered players):
        it is no longer offered, here nor in New game.  Its file is not touched."""
        name = dict(self.players()).get(pid) or short(pid)
        for game_id, found in self.outside.items():
            self.outside[game_id] = [(p, title) for p, title in found if p != pid]
        for why in self.unloadable.values():
            why.pop(pid, None)
        self.selected.discard(pid)
        self.remembered = [p for p in self.remembered if p != pid]
        problem = outside_players.forget(self.app, [pid])
        self.messages.add(_("Removed {name}: it is no longer offered").format(name=name), "info", 6.0)
        if problem:
            self.messages.add(problem, "warn")
        self._build()

    # -- the scene interface ---------------------------------------------------------------------
    def pointer_key(self) -> Hashable | None:
        """What the pointer lights while setting up (``setup_pointer_key``); None (every motion
        drawn) while a tournament runs."""
        return self.setup_pointer_key() if self.tournament is None else None

    def pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        return self.setup_pointed_areas(before, after)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # where the wheel turns (a wheel event has no position)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.key_focus.index = None  # the mouse took over: Enter starts again
        if self.tournament is None:
            self._drag_players(event)
        if self.leave_asked and self.buttons and self.leave_press.second_click_on(self.buttons[0], event):
            # a double-click on Back: its second press does not answer "Stop and leave? Press again"
            # (it stopped the tournament and lost its games in play before the question could be
            # read); the question stands.  Withdraw's is asked by a click on a row: never double.
            return
        for btn in self._all_buttons():
            if btn.handle(event):
                if btn.action != self._back:  # another button answers Back's question: no
                    self._stay()
                elif self.leave_asked:
                    self.leave_press.asked_by_click(event)
                self._refresh_labels()
                return
        if (event.type == pygame.MOUSEWHEEL and self.tournament is None
                and self.players_area.collidepoint(self.pointer)):
            self._scroll_players(-event.y)
        elif (event.type == pygame.MOUSEWHEEL and self.tournament is not None
              and self.recent_area.collidepoint(self.pointer)):  # up: older results
            self.recent_scroll = max(0, min(len(self._listed()) - 1, self.recent_scroll + event.y))
            self.invalidate()
        elif (event.type == pygame.MOUSEWHEEL and self.tournament is not None
              and self.standings_area.collidepoint(self.pointer)):  # down: lower places (clamped as drawn)
            self.standings_scroll.by(-event.y)
            self.invalidate()
        elif (event.type == pygame.MOUSEWHEEL and self.tournament is not None
              and self.cross_area.collidepoint(self.pointer)):  # down: lower rows; sideways or Shift: columns
            sideways = event.x or (-event.y if pygame.key.get_mods() & pygame.KMOD_SHIFT else 0)
            if sideways:
                self.cross_columns.by(sideways)
            else:
                self.cross_rows.by(-event.y)
            self.invalidate()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tournament is None:
            self.entry.focus = self.entry.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tournament is not None:
            self._press_results(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.table_drag.pressed_at is not None:
            self._drag_table(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.table_drag.pressed_at is not None:
            pressed = self.table_drag.pressed_at
            if not self.table_drag.release():
                self._click_results(pressed)  # a tap on a result or a cell, let go where it was pressed
        elif self.tournament is None and (typed := self.entry.handle(event)) is not None:
            if typed == "submit":
                self._start_adding()
            elif typed == "cancel":  # the typing goes, and the ring with it: the next Esc leaves
                self._drop_ring()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        setting_up = self.tournament is None
        if event.key == pygame.K_TAB or (setting_up and event.key in (pygame.K_UP, pygame.K_DOWN)):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self._move_focus(-1 if back else 1)
        elif self.tournament is not None and self._step_withdrawn(event.key):
            pass  # a row of the standings chosen for Withdraw
        elif (self._on_results() and self._results_key(event.key)) or (
                self._on_standings() and self._standings_key(event.key)) or (
                self._on_cross() and self._cross_key(event.key)):
            self.invalidate()
        elif self.key_focus.step(self._focus_stops(), event.key):  # Left, Right on a stepper (Speed too)
            self._refresh_labels()
            self.invalidate()
        elif event.key == pygame.K_SPACE:
            self._press_focused()
        elif event.key == pygame.K_ESCAPE and self._stay():
            self._refresh_labels()  # no to Back's question: the tournament goes on
        elif event.key == pygame.K_ESCAPE and self._cancel_withdrawal():
            pass  # first the question goes: nothing withdrawn, the screen stays
        elif event.key == pygame.K_ESCAPE and self._esc_drops_ring():
            self._drop_ring()  # first the ring goes, as in a game; the next Esc leaves
        elif event.key == pygame.K_ESCAPE:
            self._back()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Enter presses the control chosen, as in the menus and as Space does (while the
            # tournament ran, Enter on a ringed Stop did nothing); with none chosen, it starts one
            if not self._press_focused() and setting_up:
                self._start()
        elif event.key == pygame.K_s and self.tournament is not None:
            self._save()
        elif event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and self.tournament is not None:
            self._copy_tables()
        elif self.tournament is not None and self._speed_key(event.key):
            pass  # + and -: the watched games' speed
        elif event.key == pygame.K_r and self.tournament is not None:
            self._replay()
        elif event.key == pygame.K_w and self.tournament is not None and self.pinned:
            self.go_on_watching()
        elif event.key in COLUMN_KEYS and self.tournament is not None:
            self.cross_columns.by(COLUMN_KEYS[event.key])
            self.invalidate()
        elif self.tournament is not None and (self.cross_rows.key(event.key) | self.standings_scroll.key(event.key)):
            self.invalidate()  # both tables' rows: one key moves each within its own room

    def redraw_interval(self) -> float | None:
        """Every frame while the watched move animates; 10 times a second while players are added,
        checked or loaded, or a stopped tournament ends; twice a second for the text field's caret.
        Games running draw nothing by time alone: what changes comes with the tournament's news
        (``update``), and the paced board's next move wakes the window at its moment
        (``wake_in``).  The window drew 10 frames a second for the whole of a tournament."""
        if self.view is not None and self.view.is_animating():
            return 0.0
        if (self.adding is not None or self.resuming is not None or self.checking is not None
                or self.ending is not None or self.late):
            return 0.1
        if self.tournament is not None and self.tournament.reader is not None:
            return FOLLOW_EVERY  # a league's log shown as it runs elsewhere: its new games
        return self.entry.redraw_interval() if self.tournament is None else None

    def wake_in(self) -> float | None:
        """The paced board's next moment (``WatchedGames.board_wake``): the window sleeps until the
        watched game's next move is due, not ``ui.app.IDLE_WAKE`` more; or until a game's set-up is
        to be said (``WatchedGames.set_up_wake``)."""
        waits = [w for w in (self.board_wake(), self.set_up_wake()) if w is not None]
        return min(waits) if waits else None

    def _buttons_shown(self) -> tuple:
        """What the buttons show (label, enabled, lit, visible): a change is drawn."""
        return tuple((b.label, b.enabled, b.active, b.visible) for b in self._all_buttons())

    def update(self, dt: float) -> None:
        buttons = self._buttons_shown()
        self._update()
        if self._buttons_shown() != buttons:
            self.invalidate()  # a button greyed or lit by the run's news (Watch, Stop, Replay game)

    def _update(self) -> None:
        """A frame's work: players added or checked, the tournament's news, the paced board."""
        if self.added:
            self.invalidate()  # an outside player added, or why not
        while self.added:
            kind, data = self.added.pop(0)
            if kind == "offered":  # the remembered players tried on a game: none is being checked there now
                self._offered(data)
                continue
            self.adding = None
            if kind == "error":
                self.messages.add(Phrase(lambda data=data: words.load_problem(data)), "error")
                continue
            if kind == "broken":
                self._list_unloadable(*data)
                if self.tournament is None:
                    self._build_keeping_focus()
                continue
            game_id, found, typed = data
            self._loaded_again(game_id, found)
            listed = {same_player(pid): pid for pid, _t in self.outside.get(game_id, [])}
            new = [(pid, title) for pid, title in found if same_player(pid) not in listed]
            self.outside.setdefault(game_id, []).extend(new)
            if typed:
                self.entry.text = ""
                self._choose_added([pid for pid, _t in new],
                                   [listed[same_player(pid)] for pid, _t in found if same_player(pid) in listed])
                self._remember(new)
            elif game_id == self.game_id:  # remembered: chosen if the last tournament of the game had it
                arrived = {pid for pid, _t in new} & self.awaited
                self.selected |= arrived
                self.awaited -= arrived
            if self.tournament is None:
                self._build_keeping_focus()
        self._add_next_dropped()
        while self.checked:
            self.invalidate()
            self._resume_checked(self.checked.pop(0))
        while self.start_checked:
            self.invalidate()
            self._start_checked(*self.start_checked.pop(0))
        if self.ending is not None and not self.ending.is_running():
            self.ending = still_ending()
            self.invalidate()  # Resume can be pressed now
        if self.tournament is not None and self._poll():
            self.invalidate()  # a game started or ended, or the run did (a move: the board's, at its pace)
        if self.late:
            self.invalidate()
            self._join_loaded()
        if self._follow_log():
            self.invalidate()
        if self._pace_the_board():
            self.invalidate()
        if self.tournament is not None and self._set_up_said_changed():
            self.invalidate()  # "Preparing game 5 of 12…" said, or gone with its first move
        if self._reveal_reached():
            self.invalidate()
        self._show_the_last_game_when_over()
        self._refresh_labels()

    def _choose_added(self, new: list[str], listed: list[str]) -> None:
        """Choose the players a file typed or dropped gave: the ``new`` ones and those already
        ``listed``.  A student left out, then added again, was "Already in the list" and stayed out
        of the tournament, the teacher believing them back in; they are chosen again, and named."""
        again = [pid for pid in dict.fromkeys(listed) if pid not in self.selected]
        self.selected.update(new)
        self.selected.update(again)
        self._remember_choice()
        names = ", ".join(dict(self.players()).get(pid) or short(pid) for pid in again)
        if new:
            # a pattern's (or a drop's) files load one by one: the count so far, in one message that
            # grows; each file's own "Added 1 player" made 7 students added look like one
            self.added_in_run += len(new)
            self.messages.withdraw("added")
            self.messages.add(ngettext("Added {n} player", "Added {n} players", self.added_in_run).format(
                n=self.added_in_run), topic="added")
            if again:
                self.messages.add(ngettext("{names} was in the list already: chosen again",
                                           "{names} were in the list already: chosen again", len(again)).format(names=names))
        elif again:
            self.messages.add(ngettext("Already in the list: {names} is chosen again",
                                       "Already in the list: {names} are chosen again", len(again)).format(names=names))
        else:
            self.messages.add(_("Already in the list"))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._layout()

    def _own_messages_bottom(self) -> int:
        """Where the screen's own messages stand: above the outside-player field while setting up
        (never over what was typed there), above the window's bottom edge while running."""
        s = self._scale()
        field = top_of(self.entry.rect) if self.tournament is None else None
        return self.size[1] - int(20 * s) if field is None else field - int(8 * s)

    def _own_messages_room(self) -> int | None:
        ceiling = self.messages_ceiling()
        return None if ceiling is None else self._own_messages_bottom() - ceiling

    def messages_above(self) -> int | None:
        """The window's messages stand on the screen's own, in the same lane (they were drawn
        over each other)."""
        s = self._scale()
        own = self.messages.height(s, self._own_messages_width(), self._own_messages_room())
        return self._own_messages_bottom() - own + int(8 * s)

    def messages_centre(self) -> int | None:
        """While setting up, over the participants' column (the field and Add player), as wide:
        centred on the window, a message that a student's file cannot be loaded, said each time
        the screen opens, covered the left column's "220 games" for its 15 s.  While running,
        the window's middle."""
        if self.tournament is not None or not self.players_area.width:
            return None
        return self.players_area.centerx

    def _own_messages_width(self) -> int:
        """How wide the screen's own messages may be: as the window's are (``App.messages_width``)."""
        return self.app.messages_width() if hasattr(self.app, "messages_width") else self.size[0] - 40

    def _hints_height(self) -> int:
        """The row under the participants' grid that says how to scroll it and forget a player."""
        return int(26 * self._scale())

    def running_bottom(self) -> int:
        """The bottom of the running tournament's tables and panels: under them, a lane for the
        messages above the window's bottom edge ("Resumed: 8 of 12 …" stood over the footer
        of the latest results).  One line high: the tables need every pixel (a class of 17
        players at 800x560), and a message waits there for the one before it to fade.  Two
        while Withdraw asks for a player: what withdrawing it does to its games, and how to
        confirm, take two lines at 800x560 (on one they were cut at "Press Withdraw again…").  As
        many as the faults of the player whose games are listed take (``_faults_room``): on one,
        a player's two faults ran together, the second cut unread."""
        s = self._scale()
        lines = 1 if self.withdrawing is None and not self.leave_asked else 2  # Back's question too
        return self.size[1] - int(20 * s) - max(Messages.lane_height(s, lines=lines), self._faults_room(s))

    def messages_ceiling(self) -> int | None:
        """The top of the messages' lane: under the participants' grid and its hints while
        setting up, under the tables and panels while running (``running_bottom``)."""
        if self.tournament is None:
            return self.players_area.bottom + self._hints_height() if self.players_area.height else None
        return self.running_bottom()

    def keys_section(self) -> str | None:
        """F1 here: the keys page at the tournament's keys; a running tournament goes on meanwhile."""
        return "Tournament"

    def caption(self) -> str:
        return _("Tournament")

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        theme = self.theme
        surface.fill(theme.background)
        self._refresh_labels()
        if self.tournament is None:
            self._draw_setup(surface, theme)
        else:
            self._draw_running(surface, theme)
        s = self._scale()
        self.key_focus.mark(self._all_buttons(), self._focus_stops())
        for btn in self._all_buttons():
            btn.draw(surface, theme, s)
        if self.tournament is None:
            self._draw_unloadable_tip(surface, theme)
        centre = self.messages_centre()
        self.messages.draw(surface, theme, (self.size[0] // 2 if centre is None else centre, self._own_messages_bottom()),
                           s, self._own_messages_width(), room=self._own_messages_room())



def _has_engine(game_id: str) -> bool:
    try:
        ai.catalog(game_id)
        return True
    except Exception:  # a game whose players are not there yet
        return False
