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
"""

from __future__ import annotations

import bisect
import os
import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import pygame

import ai
import games
from ai.tournament import (
    GameFinished,
    GameStarted,
    MovePlayed,
    Standing,
    Tournament,
    TournamentDone,
    display_names,
    loader_logging_beside,
    ranked_apart,
)
from ai.value_words import counted
from ui import outside_players, words
from ui.clocks import reading_text
from ui.debug_log import trail
from ui.i18n import N_, Phrase, _, language, ngettext
from ui.keyed_cache import KeyedCache
from ui.outside_players import kept_title, short
from ui.press_again import PressAgain
from ui.scenes.base import CLOSE_AGAIN, Scene, top_of
from ui.scenes.common import StartRefusal, time_label, time_per_move_title
from ui.scenes.game_computer import every_speed_label
from ui.scenes.tournament_cross import CrosstableKeys
from ui.scenes.tournament_log import ENDED_RUN_TOPIC, FOLLOW_EVERY, TournamentLog, still_ending
from ui.scenes.tournament_results import ResultsDrawing, elo_said
from ui.scenes.tournament_setup import GAMES, OPENINGS, TIMES, TournamentSetup, jobs_label
from ui.scenes.tournament_watch import WatchedGames
from ui.scenes.tournament_withdraw import Withdrawal
from ui.text_field import TextField
from ui.tournament_logs import Unfinished
from ui.widgets import (
    Button,
    DragScroll,
    KeyFocus,
    ListStop,
    Messages,
    Scroll,
    Stepper,
    list_key_steps,
    share_row,
)

# Left and Right move the crosstable's columns shown; the list keys (Up, Down, Page Up, Page Down,
# Home, End: ``Scroll.key``) its rows and the standings', the same players in the same order; with
# the keyboard on the latest results (Tab), the list keys choose one of them instead
COLUMN_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
OPEN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FAULTS_TOPIC = "faults"  # the message saying the listed player's faults: withdrawn as the list changes
FAULT_LINES = 4  # the most lines the running screen's lane grows to for them (``_faults_room``); then cut, a click copies
CLOSING_TOPIC = "closing"  # the question closing the window asks of a running tournament (``holds_close``)
LEAVING_TOPIC = "leaving"  # the question Back asks of a running tournament: withdrawn once answered


def same_player(pid: str) -> tuple[str, str | None]:
    """What makes two ids one player: the file (resolved) and the player in it.  A file added again
    by another path (``turma/ana/../ana/jogador.py``, a link to the class folder) was listed twice,
    and the tournament played ana against ana; it is "Already in the list" now, as the command line
    enters it once."""
    from ai.commands.tournament import file_of
    from ai.outside import parse_outside_id

    file = file_of(pid)
    return (pid, None) if file is None else (str(file), parse_outside_id(pid).name)


def _list_key(key: int, steps: dict[int, int], choose: Callable[[int], Any], open_chosen: Callable[[Any], object]) -> bool:
    """A list key on the latest results or the standings: a step (``steps``) chooses the row that
    many below (``choose``); Enter (or Space) opens the row chosen (``choose(0)``: it again, or the
    first shown) as a click on it does; False for other keys (not taken)."""
    if key in steps:
        choose(steps[key])
    elif key in OPEN_KEYS and (chosen := choose(0)) is not None:
        open_chosen(chosen)
    else:
        return False
    return True


def finished_text(seconds: float) -> str:
    """How long a finished tournament took: "under a second", "42 s", "3:25" (minutes), "1:02:05"."""
    if seconds < 1:
        return _("Tournament finished in under a second")
    took = f"{seconds:.0f} s" if seconds < 60 else reading_text(seconds)
    return _("Tournament finished in {time}").format(time=took)


class TournamentScene(TournamentSetup, TournamentLog, ResultsDrawing, CrosstableKeys, Withdrawal, WatchedGames, Scene):
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
        self.save_folder: Path | None = None  # None: ui.autosave.tournaments_dir()
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

    # -- buttons -------------------------------------------------------------------------------
    def _say_the_fields_words(self) -> None:
        """The outside player's field's example in the window's language, and its shorter forms
        for a narrow field (at Larger text it read "… ou gtp:COMA…").  It names every form the
        command line's help names (``main.PLAYER_HELP``): a notebook's player and a GTP engine's
        settings file were left out, though both load here."""
        self.entry.placeholder = _("Outside player: path/to/file.py[:name or *], notebook.ipynb:name, gtp:COMMAND "
                                   "or engine.json")
        self.entry.shorter = (_("file.py[:name or *], notebook.ipynb:name, gtp:COMMAND or engine.json"),
                              _("file.py, notebook.ipynb:name, gtp:COMMAND or engine.json"),
                              _("file.py[:name or *] or gtp:COMMAND"), _("file.py or gtp:COMMAND"))

    def say_in_the_language(self) -> None:
        """Every button and the field said in the language chosen since they were made, and our
        players' names in the tables ("Nível 3"): a screen that lived through a change of language
        kept Back, Save results, New tournament, Watch, Replay game (and the setup's buttons) in
        the old one; only the labels set on every frame (Resume, Speed) followed.  The buttons are
        built again in the same order, so the keyboard stays on the control it was on."""
        self._say_the_fields_words()
        ours = {pid for pid, _title in self.titles.items() if not ai.is_outside_player(pid)}
        self.titles.update((pid, title) for pid, title in self.players() if pid in ours)
        self._build()
        self.invalidate()

    def _build(self) -> None:
        """(Re)create the buttons for the current phase, in the window's language; positions are
        set in ``_layout``."""
        self.labelled_in = language()  # (``follow_the_language``)
        b = Button
        if self.tournament is None:
            # the game, a heading between its arrows, stepped as the other choices are; the same
            # one kept as the buttons are built again for each game (the wheel over it goes on)
            self.game_chooser = self.game_chooser or Stepper(self._cycle_game, label_size=22)
            # in order, they stop at their ends (``_step_choice``); the game goes round, names
            games_b: Stepper = Stepper(lambda step: self._step_choice("games_index", GAMES, step, games_b.label))
            time_b: Stepper = Stepper(lambda step: self._step_choice("time_index", TIMES, step, time_b.label))
            openings_b: Stepper = Stepper(lambda step: self._step_choice("openings_index", OPENINGS, step,
                                                                         openings_b.label))
            self.buttons = [
                b(_("Back"), self._back, "Esc"),
                self.game_chooser,
                games_b,
                time_b,
                Stepper(self._step_jobs),
                b("", self._toggle_watch),
                b(_("Add player"), self._start_adding),
                b(_("Start tournament"), self._start, primary=True),
                openings_b,
            ]
            add = next(button for button in self.buttons if button.action == self._start_adding)
            add.refused = add.action  # greyed with the field empty, a click says what to type there
            start = next(button for button in self.buttons if button.action == self._start)
            # greyed: says why (fewer than two players, options that make no game, a bot being checked)
            start.refused = lambda: self.messages.refuse(self._start_refused())
            self.option_buttons = [self._option_button(o) for o in games.info(self.game_id).options]
            self.buttons += self.option_buttons
            shown = self.players()
            self.player_buttons = [b(self._setup_label(pid, title), lambda pid=pid: self._toggle_player(pid))
                                   for pid, title in shown]
            outside = {pid for pid, _title in self.outside.get(self.game_id, [])}
            # an outside player's "×" forgets it (ours can only be left out): at the right of its toggle
            self.remove_buttons = [b("×", lambda pid=pid: self._forget_player(pid)) if pid in outside else None
                                   for pid, _title in shown]
            self._list_being_checked()
            self.offer_buttons = [b(_("Resume"), self._resume_offer, primary=True), b(_("Dismiss"), self._dismiss_offer)]
        else:
            self.buttons = [
                b(_("Back"), self._back, "Esc"),
                b(_("Stop"), self._stop_or_go_on),
                b(_("Save results"), self._save, "S"),
                b(_("New tournament"), self._new),
                b(_("Watch"), self._toggle_watching),
                Stepper(self._step_speed, other_labels=every_speed_label()),  # laid out for its widest
                b(_("Withdraw a player"), self._withdraw_pressed),
                b(_("Replay game"), self._replay, "R"),
                b(_("Copy tables"), self._copy_tables, "Ctrl+C"),  # the standings and crosstable, for a slide
            ]
            stop, save, new, watch, speed = self.buttons[1:6]
            replay, copy = self.buttons[-2:]
            stop.refused = lambda: self.messages.refuse(_("The tournament is not running: there is nothing to stop"))
            save.refused = lambda: self.messages.refuse(self._nothing_to_save())  # greyed: said why
            new.refused = lambda: self.messages.refuse(self._new_waits())
            watch.refused = lambda: self.messages.refuse(_("Nothing to watch: no game is being played or left to show"))
            speed.refused = lambda: self.messages.refuse(self._speed_waits())
            replay.refused = lambda: self.messages.refuse(self._nothing_to_replay())
            copy.refused = lambda: self.messages.refuse(self._nothing_to_copy())
            self.game_chooser = None
            self.option_buttons = []
            self.player_buttons = []
            self.remove_buttons = []
            self.offer_buttons = []
        self._layout()

    def _build_keeping_focus(self) -> None:
        """``_build`` while setting up, for an answer from the background (outside players checked
        or loaded): the keyboard stays on the control it was on."""
        here = self.key_focus.current(self._focus_stops())
        self._build()
        self.key_focus.follow(here, self._focus_stops())

    def _all_buttons(self) -> list[Button]:
        return self.buttons + self.offer_buttons + self.player_buttons + [x for x in self.remove_buttons if x]

    def _focus_stops(self) -> list[Button | TextField | ListStop]:
        """The controls Tab goes through, in the order they are read on the screen, from the first
        one a user fills and Back last, as on the forms (the first Tab rang Back): the left
        column (the game and its options, the tournament's settings), the right one (the offer
        to resume, the participants), then the bottom row from left to right (Start, the outside
        player's field and its button), Back; while running, the buttons from Stop on, Back,
        then the crosstable, the standings and the latest results.  Start came after the
        settings, and Tab from it jumped up to the participants, away from its row."""
        if self.tournament is not None:
            back, *others = self.buttons
            return [*others, back, self.cross_stop, self.standings_stop, self.results_stop]
        back, game_b, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b = self.buttons[:9]
        players = [b for i, pb in enumerate(self.player_buttons)
                   for b in (pb, self.remove_buttons[i] if i < len(self.remove_buttons) else None) if b is not None]
        return [game_b, *self.option_buttons, games_b, openings_b, time_b, jobs_b, watch_b,
                *self.offer_buttons, *players, start, self.entry, add_b, back]

    def _move_focus(self, step: int) -> None:
        """Tab or Shift+Tab (Up or Down while setting up): the keyboard to the next control; the
        outside player's field takes the typing while it is there."""
        participants = [b for b in (*self.player_buttons, *self.remove_buttons) if b is not None]
        here = self.key_focus.move(self._focus_stops(), step, participants if self.tournament is None else [])
        self.results_clicked = False
        self.entry.focus = here is self.entry
        if here is self.results_stop:
            self._choose_result(0)
        if here is self.standings_stop:
            self._choose_player(0)
        if here is self.cross_stop:
            self._choose_cell(0, 0)
        for _row in participants:  # a participant scrolled out of the grid: the grid scrolls to it
            if not any(here is b for b in participants) or here.visible:
                break
            self._scroll_players(-1 if here.rect.y < self.players_area.y else 1)
        self.invalidate()

    def _drop_ring(self) -> None:
        """The keyboard on no control (the ring and the field's typing gone): Enter starts again."""
        self.entry.focus = False
        self.key_focus.drop(self._all_buttons())
        self.invalidate()

    def _press_focused(self) -> bool:
        """Space or Enter: press the button the keyboard is on, as a click would; False if it is
        on none."""
        here = self.key_focus.current(self._focus_stops())
        if not isinstance(here, Button):
            return False
        if here.action != self._back:  # another button answers Back's question: no
            self._stay()
        here.action()
        self._refresh_labels()
        self.invalidate()
        return True

    def _layout(self) -> None:
        w, h = self.size
        s = self._scale()
        pad, bh = int(20 * s), int(38 * s)
        if self.tournament is None:
            (back, game_b, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b) = self.buttons[:9]
            back.rect = pygame.Rect(pad, pad, int(110 * s), bh)
            game_b.rect = pygame.Rect(pad, int(110 * s), int(340 * s), bh)
            y = int(170 * s)
            for ob in self.option_buttons:
                ob.rect = pygame.Rect(pad, y, int(340 * s), bh)
                y += bh + int(8 * s)
            y += int(10 * s)
            for btn in (games_b, openings_b, time_b, jobs_b, watch_b):
                btn.rect = pygame.Rect(pad, y, int(340 * s), bh)
                y += bh + int(8 * s)
            start.rect = pygame.Rect(pad, h - pad - int(52 * s), int(340 * s), int(52 * s))
            # participants: a grid of toggles on the right, under the unfinished tournament offered
            left = pad * 2 + int(340 * s)
            self.offer_rect = pygame.Rect(left, pad, w - left - pad, int(58 * s) if self.offer else 0)
            gap = int(8 * s)
            for i, ob in enumerate(reversed(self.offer_buttons)):  # Dismiss at the right, Resume before it
                width = int(110 * s)
                ob.rect = pygame.Rect(self.offer_rect.right - gap - (i + 1) * width - i * gap,
                                      self.offer_rect.centery - bh // 2, width, bh)
                ob.visible = self.offer is not None
            self.label_y = self.offer_rect.bottom + int(12 * s) if self.offer else int(78 * s)
            top = self.label_y + int(32 * s)
            self.entry.rect = pygame.Rect(left, h - pad - int(52 * s), w - left - pad - int(190 * s), int(52 * s))
            lane_top = self.entry.rect.top - int(8 * s) - Messages.lane_height(s)  # the messages' (``messages_ceiling``)
            area = pygame.Rect(left, top, w - left - pad, lane_top - self._hints_height() - top)
            self._lay_out_players(area, bh, int(8 * s), max(1, area.width // int(260 * s)))
            add_b.rect = pygame.Rect(self.entry.rect.right + int(10 * s), self.entry.rect.y, int(180 * s), int(52 * s))
        else:
            self._lay_out_running_row()

    def _lay_out_running_row(self) -> None:
        """The running tournament's buttons, those shown, in one row, or two where one has no room
        for every label whole: each as wide as its widest label and key want
        (``Button.steady_width``: stepping Speed to "Velocidade: Máxima" moved the buttons after
        it), at least its usual width where its row has room (else ``share_row``).  One row cut
        "Resume" to "Resu…" and "Watch" to "Wat…" at 800 pixels once Withdraw showed, and Copy
        tables was left out where it had no room; the second row takes the buttons that do not
        fit, in order, and the tables below start under it (``buttons_bottom``)."""
        s = self._scale()
        pad, bh, gap = int(20 * s), int(38 * s), int(10 * s)
        shown = [btn for btn in self.buttons if btn.visible]
        need = [btn.steady_width(s) for btn in shown]  # Speed by its widest label: the row keeps still
        room = self.size[0] - 2 * pad
        rows = [list(range(len(shown)))]
        if sum(need) + gap * (len(shown) - 1) > room:
            first = 1  # the first row: as many as fit whole, in order
            while first < len(shown) and sum(need[:first + 1]) + gap * first <= room:
                first += 1
            rows = [rows[0][:first], rows[0][first:]]
        y = pad
        for row in rows:
            buttons, least = [shown[i] for i in row], [need[i] for i in row]
            usual = [(300 if btn.action == self._withdraw_pressed  # "Withdraw <a student's name>? Press again"
                      else 110 if btn.label in (_("Back"), _("Stop"), _("Watch")) else 170) * s for btn in buttons]
            wanted = [max(int(width), each) for width, each in zip(usual, least)]
            free = room - gap * (len(buttons) - 1)
            # a small window: each what its label and key want and a share of what is left, or less in proportion
            widths = wanted if sum(wanted) <= free else share_row(buttons, free, s, least)
            x = pad
            for btn, width in zip(buttons, widths):
                btn.rect = pygame.Rect(x, y, width, bh)
                x += width + gap
            y += bh + gap
        self.buttons_bottom = y - gap

    def _lay_out_players(self, area: pygame.Rect, height: int, gap: int, cols: int) -> None:
        """The participants' toggles in ``area``, ``cols`` a row, from row ``player_scroll`` on: a
        class's thirty files and our eleven players are more than a window shows, and a toggle
        out of sight still played (and could not be taken out)."""
        rows_shown = max(1, (area.height + gap) // (height + gap))
        rows = -(-len(self.player_buttons) // cols)
        self.player_scroll = max(0, min(self.player_scroll, rows - rows_shown))
        width = (area.width - (cols - 1) * gap) // cols
        for i, pb in enumerate(self.player_buttons):
            row, col = divmod(i, cols)
            row -= self.player_scroll
            pb.rect = pygame.Rect(area.x + col * (width + gap), area.y + row * (height + gap), width, height)
            pb.visible = 0 <= row < rows_shown
            remove = self.remove_buttons[i] if i < len(self.remove_buttons) else None
            if remove is not None:  # a square at the right of the toggle, in its cell
                pb.rect.width -= height + gap // 2
                remove.rect = pygame.Rect(pb.rect.right + gap // 2, pb.rect.y, height, height)
                remove.visible = pb.visible
        first, last = self.player_scroll * cols, (self.player_scroll + rows_shown) * cols
        self.players_area, self.players_pitch = area, height + gap
        self.players_hidden = (first, max(0, len(self.player_buttons) - last))

    def _drag_players(self, event: pygame.event.Event) -> None:
        """A press on a participants' grid longer than its room, dragged up or down, scrolls it
        by whole rows (``DragScroll``): a finger has no wheel, and a class's files under the
        grid's last row could not be reached on a touch screen.  The press is the buttons' too (a
        tap toggles the participant on its release, once); a drag's release finds no button
        pressed, so it toggles nothing and forgets no outside player (the "×" it began on)."""
        drag = self.players_drag
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            drag.press(event.pos, self.players_area if any(self.players_hidden) else pygame.Rect(0, 0, 0, 0))
        elif event.type == pygame.MOUSEMOTION and drag.pressed_at is not None:
            rows = drag.rows(event.pos, self._scale(), self.players_pitch)
            if rows:
                self._scroll_players(rows)
                self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and drag.pressed_at is not None and drag.release():
            for button in (*self.player_buttons, *filter(None, self.remove_buttons)):
                button.pressed = False

    def _scroll_players(self, rows: int) -> None:
        self.player_scroll += rows
        self._layout()

    def _refresh_labels(self) -> None:
        self.follow_the_language()
        if self.tournament is None:
            _back, game_b, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b = self.buttons[:9]
            game_b.label = words.title(games.info(self.game_id))
            n = GAMES[self.games_index]
            games_b.label = _("Games per pair: {n} + {n}").format(n=n)
            openings_b.label = _("Random opening moves: {n}").format(n=OPENINGS[self.openings_index])
            time_b.label = time_per_move_title() + time_label(TIMES[self.time_index])
            jobs_b.label = jobs_label(self.jobs)
            # Yes/No as the game's rule switches above it say them ("Swap rule: Yes")
            watch_b.label = _("Watch the games: {v}").format(v=words.option_value(self.watch))
            watch_b.active = self.watch
            start.enabled = (len(self.selected) >= 2 and self.checking is None and not self._being_checked()
                             and not self._options_refusal())
            add_b.enabled = self.adding is None and bool(self.entry.text.strip())
            # Enter adds the player typed while the field has the focus, and starts otherwise
            add_b.key_hint, start.key_hint = ("Enter", "") if self.entry.focus else ("", "Enter")
            for ob, o in zip(self.option_buttons, games.info(self.game_id).options):
                ob.label = words.option_text(o, self.options[o.name], self.game_id)
            for pb, (pid, _title) in zip(self.player_buttons, self.players()):
                pb.active = pid in self.selected
            if self.offer_buttons:
                resume_b, dismiss_b = self.offer_buttons
                # not while its players are checked, nor while the tournament New left still ends
                resume_b.enabled = self.resuming is None and not (self.ending and self.ending.is_running())
                dismiss_b.enabled = self.resuming is None
        else:
            back, stop, save, new, watch, speed, withdraw, replay, copy = self.buttons
            if self.leave_asked and not self.running:  # it ended meanwhile: Back leaves at once
                self._stay()
            back.label = _("Stop and leave? Press again") if self.leave_asked else _("Back")
            back.key_hint = "" if self.leave_asked else "Esc"  # Esc answers no now
            back.active = self.leave_asked
            withdraw.visible = self._may_withdraw()
            withdraw.label = self._withdraw_label()
            withdraw.active = bool(self.withdrawing)
            replay.visible = self.on_replay is not None
            replay.enabled = not self._nothing_to_replay()
            self._lay_out_running_row()  # Withdraw shown or hidden, its label changed
            resumable = (not self.running and self.tournament.cancelled and bool(self.tournament.pending())
                         and self.viewing is None)
            stop.label = _("Resume") if resumable else _("Stop")
            stop.enabled = self.running or resumable
            save.enabled = not self._nothing_to_save()
            copy.enabled = not self._nothing_to_copy()
            new.enabled = not self._new_waits()
            # lit while it is true: a results file dropped, or every game shown, is nothing to watch
            watch.enabled = self._watchable()
            watch.active = self.watch and watch.enabled
            speed.label, speed.short = self._speed_label()
            speed.enabled = not self._speed_waits()

    # -- actions ----------------------------------------------------------------------------------
    def _back(self) -> None:
        """Leave the screen; the tournament stops and is saved as the screen closes (``close``),
        after the window has changed screens: its "Saved …" is then said on the screen arrived
        at, and no further (``ui.widgets.Messages.screen_changed``).  A running tournament is asked about
        first (``_ask_to_leave``): Back or Esc left at once, its games in play stopped and lost."""
        if self.running and not self.leave_asked:
            self._ask_to_leave()
            return
        self._stay()
        (self.on_back or self.app.show_menu)()
        self.close()

    def _ask_to_leave(self) -> None:
        """Back (or Esc) on a running tournament: Back's label asks "Stop and leave? Press again"
        and a message says what leaving does, as Withdraw and the records' Delete ask; Back again
        (the keyboard's ring is put on it: Enter) leaves and stops it, Esc (or any other button)
        keeps it running."""
        self.leave_asked = True
        stops = self._focus_stops()
        self.key_focus.index = next(i for i, stop in enumerate(stops) if stop is self.buttons[0])
        self.messages.add_instead(_("The tournament is running: leaving stops it and loses the games being played. "
                                    "Press Back again (or Enter) to leave; Esc: stay"), "warn", 20.0,
                                  topic=LEAVING_TOPIC)
        self._refresh_labels()
        self.invalidate()

    def _stay(self) -> bool:
        """No to Back's question: the tournament goes on, the screen stays; whether it was asked."""
        if not self.leave_asked:
            return False
        self.leave_asked = False
        self.messages.withdraw(LEAVING_TOPIC)
        if self.key_focus.current(self._focus_stops()) is self.buttons[0]:  # the ring the question put on Back
            self.key_focus.index = None
        self.invalidate()
        return True

    def holds_close(self, behind: bool = False) -> bool:
        """Closing the window (its close button, Ctrl+Q, Alt+F4) on a running tournament, or on a
        replay or help opened from it, asks first, as Back does: it stopped the league unasked.  A
        second close within ``CLOSE_AGAIN`` seconds, or Enter, closes (``App._close_held``); any
        other key or click keeps it running.  The question is said in the window's messages, seen
        on whichever screen is shown.  A tournament stopped so is offered to resume on the next
        tournament screen (its results log), which the question says."""
        if not self.running:
            return False
        if self.tournament.results:  # a log with a finished game is offered (``tournament_logs.newest_unfinished``)
            said = _("A tournament is running: close again (or Enter) to stop it, to resume next time; "
                     "any other key keeps it")
        else:
            said = _("A tournament is running: close again (or Enter) to stop it, no game of it kept; "
                     "any other key keeps it")
        self.app.messages.add_instead(said, "warn", CLOSE_AGAIN, topic=CLOSING_TOPIC)
        return True

    def close_kept(self) -> None:
        self.app.messages.withdraw(CLOSING_TOPIC)

    def _finished_shown(self) -> Any:
        """The result of the finished game on the board, if that is what is shown: not while the
        board is still replaying it (``held``), whose Replay game opened the whole game, its end
        and result before the board and the tables had told them."""
        game = self.live.get(self.watching) if self.watching is not None else None
        if game is None or self.watching in self.held:
            return None
        return game.get("result")

    def _nothing_to_replay(self) -> str:
        """Why Replay game (R) has no game to open now: none on the board, or the board still
        showing it (R did nothing, its button greyed without a word); "" when it has one."""
        if self._finished_shown() is not None:
            return ""
        return _("No game to replay yet: the board has not shown a game's end")

    def _replay(self) -> None:
        if self.on_replay is None or self.messages.refuse(self._nothing_to_replay()):
            return
        result = self._finished_shown()
        from dataclasses import replace

        from games.record import GameRecord, RecordError, Side

        try:
            record = GameRecord.from_dict(result.to_json())
        except RecordError as exc:
            self.messages.add(str(exc), "error")
            return
        # the players by the names this screen shows ("Level 2", not "level-2"; ours in English, as
        # records keep them, the replay showing them in its language)
        ours = {p.id: p.title for p in ai.catalog(self.game_id)}
        record = replace(record, players=tuple(Side(p.id, ours.get(p.id) or (self._name(p.id) if p.id else p.title))
                                               for p in record.players))
        self.on_replay(record)

    def _open_replay(self, record: Any) -> None:
        """The replay viewer on a finished game; its Back returns here, the tournament going on.
        The replay's own visits (rules, the search tree, the tree's help: screens that lead back to
        it, ``App.wait_away``) keep it going too; leaving the replay any other way ("Play from
        here", a dropped file, closing the window) is leaving the tournament: it stops and saves,
        as when this screen is left."""
        def come_back() -> None:
            self.away = False
            self.app.switch(self)

        def left() -> None:
            self.away = False
            self.close()

        self.away = True
        self.app.open_replay(record, on_back=come_back, back_label=N_("Tournament"))
        self.app.wait_away(self, left)

    def _start(self) -> None:
        """Start a tournament of the players chosen once their outside players are loaded (in a
        thread: a file starts a process), as a resumed tournament's are: a file listed when it
        loaded and edited since, no longer loading, is said before the games and forfeits them,
        as one known not to load does (it was found game after game, "could not be started").
        They are loaded as the command line loads a league's (``loader_logging_beside``), those
        known not to load too: the log of a file that cannot be loaded, which each of its
        forfeits names, is kept in FILE.bots beside the results, not in the temporary folder."""
        if self.messages.refuse(self._too_few_players()):
            return
        ids = [pid for pid, _title in self.players() if pid in self.selected]
        if self.checking is not None or self.messages.refuse(self._start_waits_for()):
            return
        if self.messages.refuse(self._options_refusal()):  # Enter with no button chosen: as Start greyed says it
            return
        game_id, options = self.game_id, dict(self.options)
        todo = [pid for pid in ids if ai.is_outside_player(pid)]
        if not todo:
            self._start_checked(game_id, ids, {})
            return
        base = self._new_base(claim=True)
        log = self._log_to(base)
        loader = loader_logging_beside({}, log)

        def work() -> None:
            from ai.commands.tournament import probe_outside_players

            try:
                _titles, broken = probe_outside_players(game_id, todo, options, loader, {}, self.jobs,
                                                        starting=self.checking_now.append)
            except Exception as exc:  # noqa: BLE001 - said as the reason of each
                broken = dict.fromkeys(todo, str(exc))
            self.start_checked.append((game_id, ids, broken, (base, log)))

        self.checking_now = []
        self.checking = threading.Thread(target=work, daemon=True, name="tabuleiro-tournament-check")
        self.checking.start()
        self.invalidate()

    def _say_refused(self, exc: ValueError) -> None:
        """Why the rules refused this tournament's options, in the player's words and language."""
        self.messages.add(Phrase(lambda why=str(exc): words.rule_reason(why, self.game_id)), "error")

    def _start_checked(self, game_id: str, ids: list[str], broken: dict[str, str],
                       files: tuple[Path, str | None] | None = None) -> None:
        """Start the tournament of ``ids`` whose outside players were loaded, ``broken`` (id -> why)
        those that could not be: listed as unable to play, they forfeit; one listed so that loads
        now (fixed since) plays.  ``files``: the FILE and results log claimed for it as they were
        loaded (their logs are beside it).  Not if the game was changed meanwhile."""
        self.checking = None
        if self.tournament is not None or game_id != self.game_id:
            if files is not None:
                self._unclaim(files[0])
            return
        unloadable = self.unloadable.setdefault(game_id, {})
        for pid in ids:  # each outside one was loaded again: those that load now play
            unloadable.pop(pid, None)
        unloadable.update(broken)
        if files is None:  # no outside player
            base = self._new_base(claim=True)
            log = self._log_to(base)
        else:
            base, log = files
        broken = {pid: why for pid, why in unloadable.items() if pid in ids}
        try:
            t = Tournament(self.game_id, ids, self.options, GAMES[self.games_index], TIMES[self.time_index],
                           self.jobs, seed=int(time.time()) % 100000, watch=True, in_process=False,
                           opening_plies=OPENINGS[self.openings_index], broken=broken, log=log)
        except ValueError as exc:
            self._say_refused(exc)
            return
        self.titles = dict(self.players())
        self._remember_players(ids)
        self._remember_engines_played(ids, broken)
        self._begin(t, base)
        self._say_forfeiting(broken)

    def _begin(self, t: Tournament, base: Path | None, play: bool = True) -> None:
        """Show and start ``t`` (new or resumed), its report written to ``base`` (FILE), its log
        keeping the players' names as this screen gives them (``self.titles``), for a resume.
        Without ``play`` it is only shown (``show_results``).  The tournament closed before it
        says no more where it was saved (``ENDED_RUN_TOPIC``): waiting behind the other messages,
        its "Saved <old>.md …" showed over this one some 20 s later."""
        for messages in (self.messages, getattr(self.app, "messages", None)):
            if messages is not None:
                messages.withdraw(ENDED_RUN_TOPIC)
        self.tournament, self.watch_chosen = t, self.watch
        t.titles = {pid: self.titles.get(pid) or short(pid) for pid in t.player_ids}  # the report's names: ours
        t.log_notes = {"titles": t.titles}
        self.base, self.offer = base, None
        self.recent, self.recent_scroll = [(n, t.results[n]) for n in t.finished_numbers()], 0
        self.standings_scroll, self.cross_rows, self.cross_columns = Scroll(), Scroll(), Scroll()
        self.pair, self.listed_player, self.chosen_result, self.withdrawing = None, None, None, None
        self.live, self.watching, self.pinned, self.saved, self.saved_games = {}, None, False, [], 0
        self.to_watch, self.skipped, self.told, self.stopped_part_way = [], (), frozenset(), {}
        self._count_seen()
        self.game = games.load(t.game_id, **t.options)
        try:
            from ui.views import make_view

            self.view = make_view(self.game)
            self.view.follows_play = True  # a large Trax board shows its tiles, grown as a game goes on (``_draw_board``)
        except (ImportError, AttributeError):
            self.view = None
        if play:
            trail.info("tournament started: %s %s, %s, %s a pair, %g s a move, %d of %d games played before%s",
                        t.game_id, t.options, " ".join(t.player_ids), counted(t.games_per_pair, "games"), t.time_per_move,
                        len(t.results), t.total, f", log {base}" if base is not None else "")
            t.start()
            self._dealing()
        self._new_phase()
        self._remember_game()

    def show_results(self, t: Tournament, path: Path) -> None:
        """Show the results ``path`` holds (``Tournament.from_files``: a command line's league,
        or a copy of this screen's), to be looked at: its tables, its games one click away (R
        replays one).  Nothing is played or written there: the league may still be running
        elsewhere, appending to it; Save writes a copy in the tournaments folder."""
        self.viewing = path
        self.game_index = self.game_ids.index(t.game_id)
        self.titles = {pid: name for pid, name in t.names().items() if ai.is_outside_player(pid)}  # ours: "Level 1"
        self._begin(t, None, play=False)
        self.saved_games = len(t.results)  # leaving does not write a copy unasked
        self.messages.add(_("{file}: {done} of {total} games; click a result to see the game, R to replay it").format(
            file=path.name, done=len(t.results), total=t.total), "info", 12.0)

    def _remember_game(self) -> None:
        """Keep the game in the settings file: the screen opens on it next time."""
        settings = getattr(self.app, "settings", None)
        if settings is not None and getattr(settings, "tournament_game", self.game_id) != self.game_id:
            settings.tournament_game = self.game_id
            self.app.apply_settings()

    def _stop_or_go_on(self) -> None:
        """Stop the tournament; once stopped, Resume plays the games it has not played."""
        t = self.tournament
        if t is None:
            return
        if t.is_running():
            t.cancel()
            self.messages.add(_("Tournament stopped"), "info")
        elif t.go_on():
            self._dealing()
            self.end_choosing()
            self.messages.add(ngettext("Resumed: {n} game to play", "Resumed: {n} games to play",
                                       len(t.pending())).format(n=len(t.pending())), "info")

    def _new_waits(self) -> str:
        """Why New tournament is greyed: this one still runs (a click did nothing, not a word);
        "" once it has stopped or ended."""
        return _("New tournament waits for this one to stop: press Stop first") if self.running else ""

    def _new(self) -> None:
        """The form for the next tournament, as it was set for this one: Watch switched off while
        this one ran set "Watch the games: No" on it, silently (``watch_chosen``)."""
        self.close()
        self.ending, self.tournament, self.viewing = self.tournament, None, None
        self.watch = self.watch_chosen
        self._find_offer()  # the one just stopped, as likely as not
        self._new_phase()

    def _new_phase(self) -> None:
        """The buttons of the other phase (setting up, or a tournament shown), with none ringed,
        as on a screen just opened: Tab starts from its first control.  The keyboard's place, kept
        as a place in the order, rang whatever stood there in the other phase: Enter on New
        tournament left the ring on a rule option, which the next Enter changed."""
        self.key_focus.index = None
        self.messages.withdraw(FAULTS_TOPIC)  # held while a player's games were listed: not said over the other phase
        self._build()

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

    def _save(self, messages: Messages | None = None, topic: str = "") -> None:
        """Write the results so far (a tournament saved before is written over in the same files)
        and say where in ``messages`` (the screen's own by default), about ``topic``."""
        messages = self.messages if messages is None else messages
        t = self.tournament
        if t is None or messages.refuse(self._nothing_to_save()):
            return
        base = self.base or self._new_base()  # the log's FILE: a resumed tournament's files are written over
        saved = self._write_report(t, base, messages.add, topic)
        if saved:
            self.saved, self.saved_games = saved, len(t.results)

    def _nothing_to_save(self) -> str:
        """Why Save results (S) has nothing to write: no game has ended (S did nothing, not a
        word, its button greyed); "" once one has."""
        t = self.tournament
        return _("No game has ended yet: there is nothing to save") if t is not None and not t.results else ""

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

    def _esc_drops_ring(self) -> bool:
        """Whether Esc takes the ring away first, as in a game, rather than leaving (which stops a
        running tournament): on any stop Tab took the keyboard to, the latest results too (a
        keyboard user leaving the list stopped the league).  Not on a result a click chose: the
        click put the keyboard there unasked, and a mouse user's Esc leaves at once (5378d0ca)."""
        here = self.key_focus.current(self._focus_stops())
        return here is not None and not (here is self.results_stop and self.results_clicked)

    def _on_results(self) -> bool:
        """Whether the keyboard is on the latest results (Tab took it there, or a click on one)."""
        return self.tournament is not None and self.key_focus.current(self._focus_stops()) is self.results_stop

    def _results_key(self, key: int) -> bool:
        """A key on the latest results, as on the saved games' rows: Up and Down choose the result
        above or below, Page Up and Page Down a page on, Home and End the newest and the oldest;
        Enter (or Space) opens the one chosen, as a click on it does.  False for other keys.  The
        lines of the games a Stop dropped, over the results, are rows as the results are."""
        return _list_key(key, list_key_steps(self.recent_fits, len(self.recent) + len(self.dropped_shown)),
                         self._choose_result, self._open_result)

    def _choose_result(self, step: int) -> int | None:
        """Choose the result ``step`` rows below the one chosen (above if negative; 0: it again, or
        the top one shown when none of those listed is chosen), scrolled into view; its number.
        The greyed lines of the games a Stop dropped (``dropped_shown``, drawn over the results and
        never scrolled) come first: Up and Down passed them by, which a click reached."""
        dropped = [number for number, _text in self._dropped_listed() if number in self.dropped_shown]
        rows = dropped + [number for number, _result in reversed(self._listed())]  # as shown: the highest first
        if not rows:
            self.chosen_result = None
            return None
        top = 0 if dropped else self.recent_scroll  # the top row shown
        here = rows.index(self.chosen_result) + step if self.chosen_result in rows else top
        here = max(0, min(len(rows) - 1, here))
        self.chosen_result = rows[here]
        here -= len(dropped)  # the row among the results, which scroll (a dropped game's: negative)
        if 0 <= here < self.recent_scroll:
            self.recent_scroll = here
        elif here >= self.recent_scroll + self.recent_fits:
            self.recent_scroll = here - self.recent_fits + 1
        return self.chosen_result

    def _on_standings(self) -> bool:
        """Whether the keyboard is on the standings (Tab took it there)."""
        return self.tournament is not None and self.key_focus.current(self._focus_stops()) is self.standings_stop

    def _standings_key(self, key: int) -> bool:
        """A key on the standings, as on the latest results: Up and Down choose the row above or
        below, Page Up and Page Down a page on, Home and End the first and the last; Enter (or
        Space) lists the chosen player's games, as a click on its row does (again: every game).
        False for other keys."""
        return _list_key(key, list_key_steps(max(1, self.standings_scroll.fits), len(self.table)),
                         self._choose_player, self._list_games_of)

    def _ranked(self) -> list[str]:
        """The players of the standings, as drawn: best first, one withdrawn with no result left out."""
        return [st.player for st in ranked_apart(self.table, self.tournament.withdrawn)]

    def _choose_player(self, step: int) -> str | None:
        """Choose the standings row ``step`` rows below the one chosen (above if negative; 0: it
        again, or the player listed, or the first row shown), scrolled into view; its player."""
        rows = self._ranked()
        if not rows:
            self.chosen_player = None
            return None
        if self.chosen_player not in rows:
            self.chosen_player = self.listed_player if self.listed_player in rows else None
        here = rows.index(self.chosen_player) + step if self.chosen_player in rows else self.standings_scroll.first
        here = max(0, min(len(rows) - 1, here))
        self.chosen_player = rows[here]
        self.standings_scroll.reveal(here)
        return self.chosen_player

    def _listed(self) -> list[tuple[int, Any]]:
        """The results the list shows, by game number (shown the highest first): every game played, or the games of the pair whose
        crosstable cell was clicked; not those the board has yet to reach (``held``)."""
        withdrawn = self.tournament is not None and self.tournament.withdrawn
        if not self.held and self.pair is None and self.listed_player is None and not withdrawn:
            return self.recent  # no game settled without play: every result is of a game played
        return [(n, r) for n, r in self.recent if n not in self.held and self._lists(r)]

    def _lists(self, result: Any) -> bool:
        """Whether the results list shows ``result``: every game played (not one a withdrawal settled
        without play, ``GameResult.unplayed``: the latest results read "24. … annulled" of a game
        nobody played), or every game of the clicked pair or player, those settled saying so."""
        if self.pair is not None:
            return set(result.players) == set(self.pair)
        if self.listed_player is not None:
            return self.listed_player in result.players
        return not result.unplayed

    def _last_played(self) -> list[tuple[int, Any]]:
        """The last game played of the results (``recent``: the highest number), in a list of one;
        none if none was played.  After a withdrawal the last result could be a game it settled without play, and the
        board showed an empty board titled "Game 24: … annulled"."""
        return next(([(n, r)] for n, r in reversed(self.recent) if not r.unplayed), [])

    def _click_results(self, pos: tuple[int, int]) -> None:
        """A click on a recent result shows that game's final position, and its whole line (a
        forfeit's reason, cut in the list) in the message line; a click on the board follows the
        live games again.  A click on a crosstable cell lists that pair's games (in a league of
        hundreds, the list of all is a long scroll) and shows the last of them; on it again, all.
        A click on the cell of a pair with no game yet says so, as Enter on it does (it did nothing).
        A click on a row of the standings lists that player's games and says its faults
        (``_list_player``).  While Withdraw asks for a player, such a click chooses it instead.  A
        click on the progress bar whose words are shortened says them whole (``progress_said``)."""
        if self._pick_withdrawn(pos) or self._list_player(pos):
            return
        bar, whole, shown = self.progress_said or (pygame.Rect(0, 0, 0, 0), "", "")
        if bar.collidepoint(pos) and shown != whole:  # its words shortened
            self.messages.add(whole, "info", 15.0)
            return
        for rect, row, column in (*self._cross_rects, *self.unplayed_cells):
            if rect.collidepoint(pos):
                self.chosen_cell = (row, column)  # the keyboard goes on from there (arrows, Enter)
                self._list_pair(row, column)
                return
        for rect, number, _text in getattr(self, "_recent_rects", []):
            if rect.collidepoint(pos):
                self._open_result(number)
                self.chosen_result = number  # the keyboard goes on from there (Up, Down, Enter)
                self._keyboard_to_results()
                return
        if self.board_rect.collidepoint(pos):
            self.go_on_watching()

    def _list_pair(self, row: str, column: str) -> None:
        """List the games of ``row`` and ``column`` only and show the last they played (a click on
        their crosstable cell, or Enter on it); listed already: every game.  The message says
        how to list every game again by the way the pair was listed (a keyboard-only player was
        told to click).  A pair with no game shown yet lists nothing: it is said why, and the
        list stays as it was (Enter on such a cell emptied the list, not a word said)."""
        if self.pair != (row, column) and self.messages.refuse(self._why_no_games(row, column)):
            return
        self.pair = None if self.pair == (row, column) else (row, column)
        self.listed_player = None
        self.messages.withdraw(FAULTS_TOPIC)
        self.recent_scroll = 0
        listed = self._listed()
        if self.pair is not None and listed:
            for number, result in [(n, r) for n, r in listed if not r.unplayed][-1:]:  # none: no board to show
                self._pin(number)
                self._replay_slot(number, result)
            said = (_("The games of {a} and {b}; Enter again lists every game") if self._on_cross()
                    else _("The games of {a} and {b}; click the cell again to list every game"))
            self.messages.add(said.format(a=self._name(row), b=self._name(column)), "info", 8.0)
        self.invalidate()

    def _list_player(self, pos: tuple[int, int]) -> bool:
        """A click on a player's row of the standings: the results list shows its games only, and
        the message line says each of its faults as the report's forfeits do (how many games,
        which, why), or that it forfeited none; on the row again, every game.  A teacher going
        through the class had to click a student's games one by one to learn why their bot lost
        them.  Whether the click was on a row."""
        pid = next((pid for rect, pid in getattr(self, "standing_rows", []) if rect.collidepoint(pos)), None)
        if pid is None:
            return False
        self.chosen_player = pid  # the keyboard goes on from there (Up, Down, Enter)
        self._list_games_of(pid)
        return True

    def _list_games_of(self, pid: str) -> None:
        """List ``pid``'s games only (its row highlighted) and say its faults; listed already: every game."""
        self.pair, self.recent_scroll = None, 0
        self.listed_player = None if self.listed_player == pid else pid
        self.messages.withdraw(FAULTS_TOPIC)
        if self.listed_player is not None:
            self._say_faults(pid)
        self.invalidate()

    def _say_faults(self, pid: str) -> None:
        """Say ``pid``'s faults as the report's forfeits do, a line each in the report's order, in
        one message (a click on it copies it whole): said one message a fault, the newest showed
        first, the others waited 15 s each behind it, a fourth pushed the first out of the window's
        three (the Forf. column said 16, the messages 11), and a row clicked next had the previous
        player's faults shown under its own highlight.  A rated player's rating follows, in words.
        It is held while the player's games are listed, the lane as high as its lines
        (``_faults_room``): the one-line lane ran two faults together, the second cut unread."""
        from ai.commands.tournament import faults_of
        from ai.tournament import Summary

        # without the logs' paths, long ones: a click on one of its games gives that game's log
        faults = faults_of(Summary.of(self.tournament), pid, words.ReportWords(), with_logs=False)
        rated = [st for st in self.table if st.player == pid and st.rated]

        def said() -> str:
            """Its faults, or that it forfeited none; then, once rated, its rating in words (the
            column's "+7 ±153" is "likely between -146 and +144" here)."""
            none = [_("{player} forfeited no game").format(player=self._name(pid))]
            said = "\n".join(faults or none)
            # a sentence of its own where a lane of one line runs the lines together
            return "".join([said.rstrip(".") if rated else said, *(f".\n{elo_said(st)}" for st in rated)])

        self.messages.add(Phrase(said), "warn" if faults else "info", 15.0, topic=FAULTS_TOPIC)
        self.messages.hold(FAULTS_TOPIC)  # withdrawn as the list changes (``_list_games_of``, ``_list_pair``)

    def _faults_room(self, scale: float) -> int:
        """The height of the lane the listed player's faults (``_say_faults``) take, each fault on
        lines of its own, at most ``FAULT_LINES``; 0 while none are said."""
        said = next((m.text for m in self.messages.items if m.topic == FAULTS_TOPIC), None)
        if said is None:
            return 0
        lines = Messages.lines(said, scale, self._own_messages_width())
        return Messages.message_height(scale, min(len(lines), FAULT_LINES))

    def _press_results(self, pos: tuple[int, int]) -> None:
        """A press on the running screen: on a table (the crosstable, the standings, the latest
        results) it may be a tap, taken on its release, or a drag that scrolls that table (a
        finger has no wheel: a class of 26 on a touch screen showed its first rows only);
        elsewhere (the board) a click at once."""
        tables = (("cross", self.cross_area), ("standings", self.standings_area), ("recent", self.recent_area))
        self.dragged_table = next((name for name, area in tables if area.collidepoint(pos)), "")
        if not self.dragged_table:
            self._click_results(pos)
            return
        self.table_drag.press(pos, dict(tables)[self.dragged_table])

    def _drag_table(self, pos: tuple[int, int]) -> None:
        """The table pressed follows the pointer, by whole rows (and the crosstable by whole
        columns): dragged up, the rows below come in (the older results in the latest ones)."""
        column_w, row_h = self.pitches.get(self.dragged_table, (1, 1))
        if self.dragged_table == "cross":
            columns, rows = self.table_drag.pan(pos, self._scale(), column_w, row_h)
        else:  # a list drags up and down only: a tap that rolled sideways is still a tap
            columns, rows = 0, self.table_drag.rows(pos, self._scale(), row_h)
        if not (columns or rows):
            return
        if self.dragged_table == "cross":
            self.cross_columns.by(columns)
            self.cross_rows.by(rows)
        elif self.dragged_table == "standings":
            self.standings_scroll.by(rows)
        else:
            self.recent_scroll = max(0, min(len(self._listed()) - 1, self.recent_scroll + rows))
        self.invalidate()

    def _keyboard_to_results(self) -> None:
        """The keyboard to the latest results, as a click on a button takes it there in the menus."""
        stops = self._focus_stops()
        self.key_focus.index = next((i for i, stop in enumerate(stops) if stop is self.results_stop),
                                    self.key_focus.index)
        self.results_clicked = True

    def _open_result(self, number: int) -> None:
        """Show game ``number``'s final position on the board (followed no longer by the live
        games) and its whole line in the message line: a click on a result, or Enter on it."""
        result = next((r for n, r in self.recent if n == number), None)
        if result is not None and result.unplayed:  # no game to show: its line says why
            self._say_result(number, result)
            return
        if result is None and number in self.stopped_part_way:
            self._open_dropped(number)
            return
        self._pin(number)
        if result is not None:
            self._replay_slot(number, result)  # shown at once, even once the tournament is over
            self._say_result(number, result)
        self.invalidate()

    def _open_dropped(self, number: int) -> None:
        """Show game ``number``, which a Stop dropped, where it was stopped, and say its line
        (``_dropped_listed``): no result, it is played again on Resume."""
        entry = self.live.get(number)
        if entry is None:
            return
        try:
            state = self.game.play_line(entry.get("moves", []))
        except ValueError:
            state = None
        if state is not None:
            self._pin(number)
            entry.update(state=state, before=None, last=None, plies=len(entry.get("moves", [])), ended_at=0.0)
        line = next((text for n, text in self._dropped_listed() if n == number), "")
        if line:
            self.messages.add(line, "info", 15.0)
        self.invalidate()

    def _say_result(self, number: int, result: Any) -> None:
        """Game ``number``'s whole line (``_result_line``) in the message line; an outside player's
        log in a message of its own under it, its path put on the clipboard too (to paste in a
        file manager or a terminal: the message goes in 15 s).  In one, a late first move's reason
        (where it was running, the hint) filled the message's four lines at 800x560 and the path
        at its end was cut to "…".  The line without the log is the line of the reason without it:
        cut from the whole line, it lost the bracket that closes "Level 1 wins (O forfeits: …)"."""
        from dataclasses import replace

        from ui import clipboard

        kind = "warn" if result.forfeit else "info"
        path = words.log_path(result.reason)
        if path is None:
            self.messages.add(self._result_line(number, result), kind, 15.0)
            return
        unlogged = replace(result, reason=words.LOG_NOTE.sub("", result.reason))
        self.messages.add(self._result_line(number, unlogged), kind, 15.0)
        said = _("Its log, copied to the clipboard: {path}") if clipboard.put_text(path) else _("Its log: {path}")
        self.messages.add(said.format(path=path), "info", 15.0, path=path)  # the log's name kept in a short lane

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

    def _show_the_last_game_when_over(self) -> None:
        """Once no game is being played (the run over, or results only shown), the board shows the
        last game played unless one was chosen: its final position, for Replay game to replay."""
        if self.tournament is None or self.running or self.pinned or not self.recent:
            return
        if self.watching is not None and self.watching in self.live:
            return
        last = self._last_played()
        if not last:
            return
        (number, result), = last
        self.watching = number
        self._replay_slot(number, result)
        self.invalidate()

    def _poll(self) -> bool:
        """Take the tournament's events; whether any changes the screen: a move played does only
        once the paced board shows it (``_pace_the_board``), and drew the whole window as it came,
        from every game at once."""
        t = self.tournament
        changed = first_move = False
        ended = not t.is_running()  # looked at before the poll: every event of an ended run is in it
        events = t.poll()
        for event in events:
            if isinstance(event, GameStarted):
                self.live[event.number] = {"ids": event.players, "moves": []}
                if event.number == self.watching:  # played again (resumed): shown again from its start
                    self._show_from_the_start(event.number)
                self._started(event.number)
            elif isinstance(event, MovePlayed):
                if event.number in self.live:  # the board shows it at its pace (``_pace_the_board``)
                    moves = self.live[event.number]["moves"]
                    first_move = first_move or not moves  # "Preparing game 5 of 12…" goes with it
                    self.run_reported = True
                    moves.append(event.move)
            elif isinstance(event, GameFinished):
                self.run_reported = True
                self._take_result(event.number, event.result)
                if event.number in self.live:
                    self.live[event.number]["result"] = event.result
                changed = True
            elif isinstance(event, TournamentDone):
                trail.info("tournament ended: %s after %.1f s, %d of %d games played%s", "stopped" if event.cancelled
                            else "finished", event.elapsed, len(t.results), t.total,
                            f"; failed: {event.error}" if event.error else "")
                if event.error:
                    self.messages.add(_("The tournament failed: {e}").format(e=event.error), "error")
                else:
                    self.messages.add(_("Tournament stopped") if event.cancelled else finished_text(event.elapsed),
                                      "info", 6.0)
        if ended:
            self._note_dropped()  # the games it started and did not finish: said, not results
        if changed:
            self._count_seen()
        # keep at most the watched game and the running ones (a finished one is watched from its record)
        done = [n for n, g in self.live.items() if "result" in g and n != self.watching]
        for n in done:
            del self.live[n]
        return first_move or any(not isinstance(event, MovePlayed) for event in events)

    def _take_result(self, number: int, result: Any) -> None:
        """Game ``number``'s result into the latest results, in the order of the game numbers (the
        list shows the highest first), wherever it ends: with two processes the games end out of
        order, and the list, in the order they ended, read "9, 7, 8, 6, 4, 5", while a resumed
        or a followed league's listed them by number.  A reader of older results (scrolled, or a
        result chosen with the keyboard) keeps them where they are when it lands above them."""
        numbers = [n for n, _r in self.recent]
        self.recent.insert(bisect.bisect(numbers, number), (number, result))
        reading = self.recent_scroll or self._on_results()
        if reading and self._lists(result):
            above = sum(1 for n, r in self._listed() if n > number)  # rows shown above it, the highest first
            if above <= self.recent_scroll:
                self.recent_scroll += 1

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

    def close(self) -> None:
        """Leaving the screen (or a new tournament) stops the tournament; games it finished that
        were not saved yet are saved then, and the window says where.  A run whose thread still
        goes on (a game ending as it is stopped is collected, and logged) is saved once that
        thread has ended, off the window's thread (``_save_once_ended``)."""
        t = self.tournament
        if t is None or self.away:
            return
        t.cancel()
        messages = getattr(self.app, "messages", None)
        if t.is_running():
            self._save_once_ended(t, self.base or self._new_base(), self.saved_games, messages or self.messages)
        elif len(t.results) > self.saved_games:
            self._save(messages, ENDED_RUN_TOPIC)

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
