"""Saved games: the records in the saved-games folder and every game played to the end (kept
without a Save, ``ui.autosave.SHELF.finished``: of those nobody played, the newest ``WATCHED_KEPT``),
newest first; one click opens the replay.  Each row shows its game's board as it ended, made off the
window's frames for the rows in sight (``ui.scenes.row_pictures``).  A finger's tap chooses a row,
its Delete button shown there, and a tap on the row chosen opens it (``_pick_at``).

The list is also worked from the keyboard (it opens on the newest row, ringed; Up/Down, Page Up/Down,
Home/End pick a row, Enter opens it), says how many rows are out of view, and deletes a
record: the Delete button on the row under the mouse or the Delete key, each asking for a second
press first, since the file is gone for good.

From the replay the player can step to any move and play on from there, so opening a record
offers both.  A record file can also be dropped on the window from anywhere (the App handles
``DROPFILE`` on every screen: ``ui.scenes.replay.open_file``), and a game copied as text pasted
here or on the main menu (Ctrl+V: ``ui.paste``).

A file in our own folder that cannot be read is reported here and moved aside (``<name>.corrupt-<timestamp>``,
never deleted; one cut short is a row offering its moves, "Recover 23 moves": ``recovered_entries``),
so the list stays clean; a dropped file from elsewhere is only reported, never touched.

A folder of many files not read before (a teacher's thousands of records) is read on a thread, the
list saying "Loading…" meanwhile (``ui.folder_reading``); a file read once is not read again until
it changes (``ui.autosave_reading.scan``).

A teacher with a class's hundreds of games narrows the list above it: a stepper for the game
(every game, or one of them) and a search field for a player's name, either player's as the rows
show it, an opening's ("Tiger", kept with each file as it is read: ``ui.list_cache``) or a
tournament's, as its games' rows name it, whatever the case and accents (``ui.record_filter``); the list says how many rows of all it shows.  Tab goes
round the screen as it reads (``_stops``); Ctrl+F goes to the field.  Typing filters as it goes,
Enter in the field, Down or Page Down go back to the rows; Esc
clears the text typed, and with nothing typed takes the keyboard back to the rows (from a ringed
button too), then leaves the screen.  The filter lasts while the screen is open and is kept in the
settings (``records_filter``) for the next visit.

The games of the tournaments played in the window (their results logs in the tournaments folder,
``ui.tournament_logs.games_played``) are rows of this list, one per game, rather than one row per
tournament opening a list of its own: the filter then reaches them like any other game (a
student's name finds their tournament games beside their saved ones), and the game stepper with
the tournament's name on each row finds a tournament's games without a second screen.  Their
rows cannot be deleted here: the log holds the whole tournament, its crosstable's source.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import pygame

import games
from games.record import GameRecord
from games.record_parts import RecordError
from ui import clipboard, file_report, playing, words
from ui import text as tx
from ui.autosave import NOT_OFFERED_KEPT, SHELF, WATCHED_KEPT
from ui.autosave_reading import (
    Recoverable,
    kept_whole_in,
    listed_opening,
    opening_name,
    read_listed,
    recoverable_in,
    recovered_from,
    recovered_notice,
    recovered_words,
    scan,
    updated_at,
    watched,
)
from ui.autosave_words import describe, described_parts, ended_as, ended_briefly, player_names
from ui.clipboard import is_paste
from ui.data_folders import games_dir, tournaments_dir
from ui.desktop import open_folder
from ui.folder_reading import READ_AT_ONCE, FolderReading
from ui.i18n import N_, _, language, ngettext
from ui.paste import paste_game
from ui.press_again import PressAgain
from ui.record_files import load_or_say
from ui.record_filter import RecordFilter, folded
from ui.scenes.base import Scene, top_of
from ui.scenes.row_pictures import RowPictures
from ui.settings import text_size_of
from ui.text_field import TextField
from ui.theme import window_scale
from ui.tournament_logs import games_played, logs_unread
from ui.widgets import (
    Button,
    DragScroll,
    KeyFocus,
    ListStop,
    Messages,
    Stepper,
    card,
    focus_ring,
    mix,
    relabel,
    spinner,
    worded,
)

log = logging.getLogger(__name__)

SEARCH_EXAMPLE = N_("Search a player or an opening")  # the search field's words while it is empty


@dataclass
class Entry:
    path: Path
    record: GameRecord
    rect: pygame.Rect
    kept: bool = False  # a finished game kept without a Save, not a saved file
    picture: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))  # its board's, at the row's left
    log: Path | None = None  # a tournament's game: the results log it is in (``path`` names the game alone)
    number: int = 0  # a tournament's game: its number in the tournament
    searched: str | None = None  # its players' names and opening as the search compares them (``searched_of``), once asked
    opening: str | None = None  # its opening's name ("Tiger"; "": none), as its file was read (``opening_name_of``)
    damaged: Recoverable | None = None  # a game recovered from the damaged file ``path`` (``recovered_entries``)


def _same_game(record: GameRecord) -> tuple:
    """What makes two records one game (a finished game also saved by hand is listed once)."""
    return record.game_id, record.started, tuple(record.moves)


def recovered_entries(folders: list[Path], listed: list[Entry], unfinished_only: bool = False) -> list[Entry]:
    """A row for each game recovered from a damaged file in ``folders`` (``ui.autosave_reading.recoverable_in``),
    but those a ``listed`` row holds already (``ui.autosave_reading.kept_whole_in``: kept since in a file of
    its own); ``unfinished_only``: the games that can be played on (Continue's list)."""
    rows = []
    for folder in folders:
        for kept in recoverable_in(folder):
            record = kept.found.record
            if unfinished_only and record.is_finished():
                continue
            if not kept_whole_in(kept, (entry.record for entry in listed)):
                rows.append(Entry(kept.path, record, pygame.Rect(0, 0, 0, 0), damaged=kept))
    return rows


def recovered_row(entry: Entry, details: list[str]) -> RowParts:
    """The row of a game recovered from a damaged file: what it offers ("Recover 23 moves") after
    its game and players, and the file, left as it is, after ``details``."""
    title, _parts = described_parts(entry.record)
    offer = recovered_words(entry.damaged)
    where = _("from the damaged file {name}, left as it is").format(name=entry.path.name)
    return RowParts(title, offer, offer, player_names(entry.record), [*details, where])


def listing_order(entry: Entry) -> tuple[float, int, str, str]:
    """Where ``entry`` stands in the Saved games list, sorted descending (newest first): its time,
    then its tournament game number, then its file name (and folder).  A tournament's games
    that ended in one second (the log keeps seconds) were listed oldest game first, and their
    order hung on the order of reading; now the later game comes first, as the later time does,
    and no two rows tie."""
    return updated_at(entry.record), entry.number, entry.path.name, str(entry.path)


def searched_of(entry: Entry) -> str:
    """What the search looks in for ``entry``: its players' names as the rows show them, its
    opening's name ("Tiger", as the row says it) and, for a tournament's game, the tournament's
    name as its row says it ("tournament liga-3a, game 12": a teacher who typed "liga-3a" was
    told no game matches), ``folded``, one a line (a text searched never spans two), worked out
    once per row."""
    if entry.searched is None:
        tournament = entry.log.stem if entry.log is not None else ""
        names = [*player_names(entry.record), opening_name_of(entry), tournament]
        entry.searched = "\n".join(folded(name) for name in names if name)
    return entry.searched


def opening_name_of(entry: Entry) -> str:
    """``entry``'s opening's name ("Tiger"), "" without one: as its folder's reading kept it with
    its file (``ui.autosave_reading.listed_opening``, in the list cache between runs), so that the search
    does not replay every game's moves at each visit; a row of another kind (a tournament's game)
    works it out, once."""
    if entry.opening is None:
        kept = listed_opening(entry.path, entry.record) if entry.log is None else None
        entry.opening = kept if kept is not None else opening_name(entry.record)
    return entry.opening


def opening_of(entry: Entry) -> str:
    """``entry``'s opening as its row says it ("Opening: Tiger"), "" without one."""
    name = opening_name_of(entry)
    return words.opening_words(name) if name else ""


class RowParts(NamedTuple):
    """What a row says, in parts that a row short of room can cut or leave out (``row_lines``):
    the game and its players (``names``, which may be cut, each in its place), how it ended and
    the same in fewest words (``brief``), and the detail line's parts, most wanted first."""

    title: str
    status: str
    brief: str
    names: tuple[str, str]
    details: list[str]


def row_lines(row: RowParts, opening: str, sizes: tuple[int, int], room: int) -> tuple[str, str]:
    """The two lines a row draws in ``room`` pixels, the title's bold at ``sizes[0]``, the detail's
    at ``sizes[1]``: the title with its whole end, else cut after a word past the end in fewest
    words ("You win (X forfeits: bot …", ``tx.fit_words``), else with the end in fewest words
    alone, else that with the players' names cut (``tx.fit_names``); where even that does not
    fit, the title's names cut and the brief end first after the date below.  The detail keeps
    its date and the parts after it that fit whole (``tx.parts_that_fit``): Hex's "Nível 5 ganha
    (Azul ligou a margem es…" at Larger text in an 800x600 window cut its reason, and a long file
    name its end, inside a word."""
    big, small = sizes
    details = [*row.details, opening]
    briefly = tx.join_parts([row.title, row.brief])
    line = tx.fit_words(tx.join_parts([row.title, row.status]), big, room, True, least=briefly)
    if line is None and tx.ui_font(big, True).size(briefly)[0] <= room:
        line = briefly
    line = line or tx.fit_names(briefly, row.names, big, room, True, tx.NAME_KEPT)
    if line is not None:
        return line, tx.parts_that_fit(details, small, room)
    title = tx.fit_names(row.title, row.names, big, room, True, tx.NAME_KEPT) or tx.fit(row.title, big, room, True)
    return title, tx.parts_that_fit([details[0], row.brief, *details[1:]], small, room, kept=2)


DELETE_MARGIN = 10
"""The room (unscaled) between a row's Delete button and the row's right edge."""



def not_offered_reason(record: GameRecord) -> str:
    """Why Continue leaves out an unfinished game kept under Saved games, said for the case at
    hand: the row said both ("watched, or no move of yours") and left the reader to work out which.
    Not that it is unfinished: the row's title says so ("· Unfinished game"), and a watched game's
    row said it twice ("watched, not finished") where it did not say why Continue left it out."""
    if watched(record):
        return _("watched, not offered by Continue")
    return _("no move of yours yet, not offered by Continue")


class RecordsScene(Scene):
    """A list of saved games; ``open_record(record)`` is called with the one picked."""

    shows_file_reports = True  # what reading the folders found wrong stays on (ui.file_report)

    def __init__(self, app: Any, open_record: Callable[[GameRecord], None] | None = None,
                 on_back: Callable[[], None] | None = None, folder: Path | None = None) -> None:
        super().__init__(app)
        self.with_finished = folder is None  # the Saved games screen also lists the games kept after their end
        self.folder = folder or games_dir()
        self.open_record = open_record or self._replay
        self.on_back = on_back or app.show_menu
        self.messages = getattr(app, "messages", None) or Messages()  # the window's, in its lane (they go with this screen)
        self.own_messages = self.messages is not getattr(app, "messages", None)
        self.entries: list[Entry] = []
        self.scroll = 0
        self.selected: int | None = None  # the row the keyboard is on
        self.confirming: Path | None = None  # the record whose deletion waits for a second press
        self.delete_asked = PressAgain()  # when, where and of which row a click asked "Delete? Press again"
        self.shown = 0  # how many rows the last draw fitted
        self.back_button = worded(N_("Back"), self.back, "Esc")
        self.lane_top = 0  # the top of the messages' lane under the rows, once drawn (``messages_ceiling``)
        self.delete_button = Button(_("Delete"), self._delete_pressed, "Del", visible=False)
        self.folder_button = worded(N_("Open the folder"), self.open_folder, "O")
        self.mouse = (-1, -1)  # where the last mouse event was
        self.drag = DragScroll()  # a press on the rows: a tap opens its row, a drag scrolls them
        self.reading = FolderReading("read-records", findings=lambda rows: rows[1])  # on a thread when the folders hold many new files
        self.pictures = RowPictures()  # each row's board, made off the window's frames
        self.filtering = self.with_finished  # the Saved games screen's filter (Continue's short list has none)
        self.all_entries: list[Entry] = []  # every row read; ``entries`` are those the filter keeps
        self.game_ids = games.available_ids()
        kept = getattr(getattr(app, "settings", None), "records_filter", None)
        self.filter = RecordFilter.from_settings(kept, self.game_ids) if self.filtering else RecordFilter()
        self.game_stepper = Stepper(self._step_game, visible=self.filtering)
        self.search = TextField(_(SEARCH_EXAMPLE))
        self.labelled_in = language()  # the language the buttons and the field were labelled in (``follow_the_language``)
        self.search.text = self.filter.text
        self.focus = KeyFocus()  # the keyboard's place in Tab's ring (``_stops``); None: on the rows
        self.rows_stop = ListStop()  # the rows as a stop of Tab's ring, after the stepper and the field
        self.refresh()

    def refresh(self) -> None:
        """Read the folders again: at once when they hold few files not read before, else on a
        thread, the list saying "Loading…" meanwhile (``ui.folder_reading``): a teacher's 2000
        saved games take seconds to read, and the window must go on answering."""
        # a tournament log not read before (hundreds of games) is read off the window's frames too
        logs = READ_AT_ONCE + 1 if self.with_finished and logs_unread(tournaments_dir()) else 0
        rows = self.reading.start(self.folders(), self.read_lists, more=logs)
        if rows is not None:
            self._show(*rows)

    def folders(self) -> list[Path]:
        """The folders this list reads."""
        return [self.folder, SHELF.finished_folder, SHELF.folder] if self.with_finished else [self.folder]

    def read_lists(self) -> tuple[list[Entry], list[file_report.Findings]]:
        """The rows, newest first, and what was found wrong in the folders: file work only, done on
        any thread."""
        found, findings = file_report.read(self.folder, lambda: scan(self.folder))
        entries = [Entry(p, r, pygame.Rect(0, 0, 0, 0)) for p, r in found]
        all_findings = [findings]
        if self.with_finished:
            kept, more = file_report.read(SHELF.finished_folder, SHELF.finished)
            saved = {_same_game(entry.record) for entry in entries}
            entries += [Entry(p, r, pygame.Rect(0, 0, 0, 0), kept=True) for p, r in kept
                        if _same_game(r) not in saved]
            entries += [Entry(game.key, game.record, pygame.Rect(0, 0, 0, 0), log=game.log, number=game.number)
                        for game in games_played(tournaments_dir())]
            all_findings.append(more)
            entries += recovered_entries(self.folders(), entries)
            entries.sort(key=listing_order, reverse=True)
        return entries, all_findings

    def _show(self, entries: list[Entry], all_findings: list[file_report.Findings]) -> None:
        self.all_entries = entries
        self.entries = entries = self.kept_entries()
        if self.selected is not None:
            self.selected = min(self.selected, len(entries) - 1) if entries else None
        elif self._on_rows():
            self._select(self.scroll)  # the list opens on its newest row, ringed: Enter opens it
        self.scroll = max(0, min(self.scroll, len(entries) - 1))
        file_report.tell(self.messages, all_findings)  # what is wrong in the folders, said once

    # -- the filter ---------------------------------------------------------------------------
    def kept_entries(self) -> list[Entry]:
        """The rows the filter keeps, in the list's order."""
        if not self.filter.active:
            return list(self.all_entries)
        return [entry for entry in self.all_entries if self.filter.keeps(entry.record.game_id, searched_of(entry))]

    def set_filter(self, chosen: RecordFilter) -> None:
        """Show the rows ``chosen`` keeps, from the top, no row picked (the one picked may be gone)."""
        self.filter = chosen
        self.entries = self.kept_entries()
        self.scroll, self.selected, self.confirming = 0, None, None

    def _step_game(self, step: int) -> None:
        """The game stepper one game on or back, round through "All games"; kept for next time."""
        values = ["", *self.game_ids]
        now = values.index(self.filter.game) if self.filter.game in values else 0
        self.set_filter(RecordFilter(values[(now + step) % len(values)], self.filter.text))
        self.remember_filter()

    def _search_edited(self) -> None:
        """The text searched as the field holds it now; a key that changed nothing (an arrow)
        leaves the list, its scroll and its picked row alone."""
        if self.search.text != self.filter.text:
            self.set_filter(RecordFilter(self.filter.game, self.search.text))

    def remember_filter(self) -> None:
        """Keep the filter in the settings (saved off the window's thread), only on a change."""
        settings = getattr(self.app, "settings", None)
        if not self.filtering or settings is None or settings.records_filter == self.filter.to_settings():
            return
        settings.records_filter = self.filter.to_settings()
        self.app.apply_settings()

    def _stops(self) -> list[Any]:
        """Tab's ring in the order the screen reads, top to bottom and left to right: the game
        stepper and the search field beside it (Saved games alone has them), the rows, the Delete
        button on the row chosen, Back and Open the folder (then round)."""
        ring = [self.game_stepper, self.search] if self.filtering else []
        return [*ring, self.rows_stop, self.delete_button, self.back_button, self.folder_button]

    def _on_rows(self) -> bool:
        """Whether the keyboard is on the rows (not in the field, nor on the stepper or a button)."""
        return self.focus.current(self._stops()) in (None, self.rows_stop)

    def _focus_on(self, stop: Any) -> None:
        """Put the keyboard on ``stop`` (the field, the stepper, a button; None or ``rows_stop``:
        the rows, one of them then chosen, so that Enter opens it)."""
        stops = self._stops()
        self.focus.index = next((i for i, each in enumerate(stops) if each is stop), None)
        self.search.focus = stop is self.search
        self.focus.mark(stops, stops)
        if stop is self.rows_stop and self.selected is None:
            self._select(self.scroll)

    def _tab(self, backwards: bool) -> None:
        """Tab (Shift+Tab) on to the next stop of the ring.  On the rows as the list opened (or
        as Down or Enter took the keyboard back to them), the ring goes on from the rows: Tab to
        the Delete button after them, Shift+Tab up to the search field (Tab from the last row went
        up to the field, against the screen's order)."""
        stops = self._stops()
        if self.focus.index is None:
            self.focus.index = stops.index(self.rows_stop)
        self._focus_on(self.focus.move(stops, -1 if backwards else 1))

    def _ring_event(self, event: pygame.event.Event) -> bool:
        """The ring's share of the keys: Tab (Shift+Tab) round it, Ctrl+F to the field, typing in
        the field, Left and Right on the stepper; Down, Page Down and Enter back to the rows; on a
        button, Enter or Space presses it and any other key takes the ring back to the rows and
        goes on there, Esc only that (``KeyFocus.ring_key``: as in a game).  True when taken."""
        stops = self._stops()
        here = self.focus.current(stops)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._tab(bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f and event.mod & pygame.KMOD_CTRL:
            self._focus_on(self.search)
            return True
        if here in (self.search, self.game_stepper) and event.type == pygame.KEYDOWN and event.key in (
                pygame.K_DOWN, pygame.K_PAGEDOWN):
            self._focus_on(None)
            return False  # the rows take the key: the first one is picked
        if here is self.search:
            return self._field_event(event)
        if isinstance(here, Button) and event.type == pygame.KEYDOWN:  # the stepper steps, a button is pressed
            taken = self.focus.step(stops, event.key) or self.focus.ring_key(stops, event.key, event.mod)
            if taken and event.key == pygame.K_ESCAPE:  # back on the rows: one of them ringed (the stepper's had none)
                self._focus_on(self.rows_stop)
            return taken
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._focus_on(self.search if self.search.rect.collidepoint(event.pos) else None)
        return False

    def _field_event(self, event: pygame.event.Event) -> bool:
        """An event while the search field has the keyboard (``TextField.handle``)."""
        what = self.search.handle(event)
        if what == "edit":
            self._search_edited()
        elif what == "submit":
            self._focus_on(None)
            self._select(0)
        elif what == "cancel" and self.search.text:
            self._clear_or_leave()
        elif what == "cancel":  # nothing typed: the keyboard leaves the field first, and the next Esc the screen
            self._focus_on(None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._focus_on(self.search if self.search.rect.collidepoint(event.pos) else None)
        return what is not None

    def _clear_or_leave(self) -> None:
        """Esc: the text searched is cleared (the keyboard back on the rows, the first one ringed: the
        new rows had none chosen, and nothing showed where the keyboard was); with none, the screen is left."""
        if self.search.text:
            self.search.text = ""
            self._search_edited()
            self._focus_on(self.rows_stop)
        else:
            self.back()

    @property
    def loading(self) -> bool:
        """The folders are being read on a thread (the list says so)."""
        return self.reading.loading

    def update(self, dt: float) -> None:
        rows = self.reading.poll()
        file_report.tell_left_behind(self.messages)  # of a visit left before its reading ended
        if rows is not None:
            self._show(*rows)
            self.invalidate()
        if self.pictures.update():
            self.invalidate()

    def redraw_interval(self) -> float | None:
        if self.loading:
            return 0.1  # the spinner turns
        return 0.05 if self.pictures.waiting else self.search.redraw_interval()  # a row's picture comes, the caret blinks

    def close(self) -> None:
        self.remember_filter()
        self.reading.leave()
        self.pictures.close()

    # -- the words: a subclass lists other records (the unfinished games) -----------------------
    def heading(self) -> str:
        return _("Saved games")

    def hint(self) -> str:
        return _("Pick a game to replay it, or drop or paste one (Ctrl+V). Besides those saved: every game you "
                 "finished, the last {n} you watched and the last {m} unfinished games you only watched or never "
                 "moved in. Folder: {folder}").format(
            n=WATCHED_KEPT, m=NOT_OFFERED_KEPT, folder=self.folder)

    def empty_text(self) -> str:
        if self.all_entries:
            return _("No game matches: choose another game, or search another name.")
        return _("No games yet: the games you play to the end, and those you save, are listed here.")

    def row_text(self, entry: Entry) -> tuple[str, str]:
        """The row of one record, whole: its title line and its detail line (``row_parts``)."""
        row = self.row_parts(entry)
        return tx.join_parts([row.title, row.status]), tx.join_parts(row.details)

    def row_parts(self, entry: Entry) -> RowParts:
        """The row of one record: title with how the game ended (``ended_as``: "Basilio wins (South
        reached 8-1)", after a dot, not in brackets it has its own) and detail line (the detail has
        the date: the row's right side, which said it a second time, is left to the row's Delete
        button), then where the game is kept.  "...: Level 3 vs Basilio · Basilio wins (...)"."""
        record = entry.record
        title, details = described_parts(record)
        if entry.damaged is not None:
            return recovered_row(entry, details)
        if entry.log is not None:
            where = _("tournament {name}, game {number}").format(name=entry.log.stem, number=entry.number)
        elif entry.kept and not record.is_finished():  # ``SHELF.not_offered``: why Continue leaves it out
            where = not_offered_reason(record)
        elif entry.kept and watched(record):
            where = _("watched, not saved: kept among the last {n}").format(n=WATCHED_KEPT)
        elif entry.kept:  # a game a person played to the end: every one is kept, Save pressed or not
            where = _("kept automatically, no Save needed")
        else:
            where = entry.path.name
        return RowParts(title, ended_as(record), ended_briefly(record), player_names(record), [*details, where])

    def keys_section(self) -> str | None:
        """F1 here (Saved games, Continue's list): the keys page at the game lists' keys."""
        return "Main menu and game lists"

    def caption(self) -> str:
        return self.heading()

    def back(self) -> None:
        if self.on_back:
            self.on_back()

    def open_path(self, path: Path) -> None:
        """Open a file from anywhere (a dropped file): report a bad one, never touch it."""
        record = load_or_say(path, self.messages)
        if record is not None:
            self.pick(record)

    def pick_entry(self, entry: Entry) -> None:
        record = self.read_entry(entry)
        if record is not None:
            self.pick(record)
            self.say_recovered(entry)

    def read_entry(self, entry: Entry) -> GameRecord | None:
        """``entry``'s record as its file holds it now (``ui.autosave_reading.read_listed``); a file gone or
        damaged since is said, and the list read again.  A tournament's game is listed from its log
        unchecked (``ui.tournament_logs.games_played``): its moves are checked now.  A game recovered
        from a damaged file is recovered again from the file as it is now (never written)."""
        if entry.damaged is not None:
            return self._read_recovered(entry)
        if entry.log is not None:
            try:
                return GameRecord.from_dict(entry.record.to_dict())
            except RecordError as exc:
                self.messages.add(words.cannot_open(str(exc)), "error",
                                  duration=10.0)
                return None
        record, problem = read_listed(entry.path)
        if problem is not None:
            self.messages.add(problem, "error", duration=10.0)
            self.refresh()
        return record

    def _read_recovered(self, entry: Entry) -> GameRecord | None:
        kept = recovered_from(entry.path)
        if kept is None:  # gone, or changed by other hands since the list was read
            self.messages.add(_("Cannot open {name}: no game can be recovered from it now").format(
                name=entry.path.name), "error", duration=10.0)
            self.refresh()
            return None
        entry.damaged = kept
        return kept.found.record

    def say_recovered(self, entry: Entry) -> None:
        """Where ``entry``'s game was recovered from a damaged file, say so over the screen it opened."""
        if entry.damaged is not None:
            self.app.messages.add(recovered_notice(entry.damaged), "info", duration=10.0)

    def _replay(self, record: GameRecord) -> None:
        """The replay viewer on ``record``; its Esc comes back to this list as it was left, the
        keyboard on the row it opened (``App.visit``): a new list had no row chosen, so Delete and
        Enter did nothing until an arrow chose one again, and a long list was back at its top."""
        self.app.visit(lambda back: self.app.open_replay(record, on_back=back, back_label=self.back_words()))

    def _open_pasted(self, record: GameRecord) -> None:
        """A game pasted here (Ctrl+V) opens as a row does, its Esc back to this list: it said
        "Menu" and went to the main menu, the list the player pasted on gone."""
        self.app.visit(lambda back: self.app.open_record(record, on_back=back, back_label=self.back_words()))

    def back_words(self) -> str:
        """This list as a replay opened from it names its way back (untranslated: ``N_``)."""
        return N_("Saved games")

    def come_back(self) -> None:
        """Back from the replay or help: the folders read again (the replay may have saved a
        record), the row and the scroll kept."""
        self.refresh()
        super().come_back()

    def pick(self, record: GameRecord) -> None:
        if self.open_record:
            self.open_record(record)

    # -- deleting ---------------------------------------------------------------------------
    def delete_entry(self, entry: Entry) -> None:
        """The first call asks (the row's button reads "Delete? Press again"), the second deletes.
        A tournament's game is not deleted: its log holds the whole tournament."""
        if entry.log is not None:
            self.messages.add(_("A tournament's games stay in its results file: {name}").format(name=entry.log.name))
            return
        if self.confirming != entry.path:
            self.confirming = entry.path
            return
        self.confirming = None
        name = self.named(entry)
        try:
            entry.path.unlink()
        except OSError as exc:
            self.messages.add(_("Could not delete {name}: {error}").format(name=name, error=exc.strerror or exc),
                              "error")
            return
        playing.forget(entry.path)  # an unfinished game's lock file (``ui.playing``) goes with it
        self.messages.add(_("Deleted {name}").format(name=name), "info")
        self.refresh()

    def named(self, entry: Entry) -> str:
        """``entry`` as a message about it names it: its file's name, as the row shows it; a game
        kept after its end has no file of its own to speak of, so its players name it."""
        return describe(entry.record)[0] if entry.kept else entry.path.name

    def _delete_pressed(self) -> None:
        row = self._button_row(self.mouse)  # the button sits on that row
        if row is not None:
            self.delete_entry(row)

    # -- input ------------------------------------------------------------------------------
    def _select(self, index: int) -> None:
        """Put the keyboard on row ``index`` (clamped) and scroll it into view."""
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        page = max(1, self.shown)
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + page:
            self.scroll = self.selected - page + 1
        if self.confirming is not None and self.confirming != self.entries[self.selected].path:
            self.confirming = None

    def _handle_key(self, key: int) -> None:
        page = max(1, self.shown)
        current = self.selected if self.selected is not None else self.scroll - 1
        moves = {pygame.K_DOWN: current + 1, pygame.K_UP: current - 1 if self.selected is not None else self.scroll,
                 pygame.K_PAGEDOWN: current + page, pygame.K_PAGEUP: current - page,
                 pygame.K_HOME: 0, pygame.K_END: len(self.entries) - 1}
        if key == pygame.K_ESCAPE:
            if self.confirming is not None:
                self.confirming = None
            else:
                self._clear_or_leave()
        elif key in moves:
            self._select(moves[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            self.pick_entry(self.entries[self.selected])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.entries:
            self._select(0)  # no row chosen: the newest opens (Continue took three Enters from the menu)
            self.pick_entry(self.entries[0])
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE) and self.selected is not None:
            self.delete_entry(self.entries[self.selected])
        elif key == pygame.K_o:
            self.open_folder()

    def open_folder(self) -> None:
        """The folder of these records in the system's file manager (to copy, send or back them up);
        where it cannot be opened from here, its path said and put on the clipboard, to paste in a
        file manager or a terminal, as a bot's log is (``TournamentLists._say_result``)."""
        why = open_folder(self.folder)
        if why is None:
            self.messages.add(_("Opening {folder}").format(folder=self.folder))
            return
        said = (_("The folder could not be opened ({why}). Where it is, copied to the clipboard: {folder}")
                if clipboard.put_text(str(self.folder)) else _("The folder could not be opened ({why}): {folder}"))
        self.messages.add(said.format(why=why, folder=self.folder), "error", duration=10.0, path=str(self.folder))

    def handle_event(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if self.confirming is not None and self.delete_asked.second_click_on(self.delete_button, event, self.confirming):
            # a double-click on Delete: its second press does not answer "Delete? Press again"
            # before it could be read (a newcomer lost the game at once); the question stands
            return
        if any(b.handle(event) for b in (self.back_button, self.delete_button, self.folder_button, self.game_stepper)):
            if (event.type == pygame.MOUSEBUTTONUP and self.confirming is not None
                    and self.delete_button.contains(event.pos)):  # this click asked
                self.delete_asked.asked_by_click(event, self.confirming)
            return
        if self._ring_event(event):
            return
        if is_paste(event):
            paste_game(self.app, self.messages, self._open_pasted)
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event.key)
        elif event.type == pygame.MOUSEMOTION and self.confirming is not None:
            row = next((e for e in self.entries if e.rect.collidepoint(event.pos)), None)
            if row is not None and row.path != self.confirming:
                self.confirming = None  # the mouse went on to another record: ask again there
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.delete_button.contains(event.pos):  # the button takes the click on release
                self.drag.press(event.pos, self.rows_stop.rect)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.pressed_at is not None:
            pressed = self.drag.pressed_at
            if not self.drag.release():
                self._pick_at(pressed, getattr(event, "touch", False))
        if event.type == pygame.MOUSEMOTION and self.drag.pressed_at is not None:
            self._scroll_by(self.drag.rows(event.pos, self.app.scale, self._row_pitch()))

    def _scroll_by(self, rows: int) -> None:
        """The list moved ``rows`` on (back if negative), its last row the furthest it goes to top."""
        self.scroll = max(0, min(max(0, len(self.entries) - 1), self.scroll + rows))

    def _row_pitch(self) -> int:
        """From one row's top to the next one's, as last drawn (a drag moves the list by it)."""
        shown = self.entries[self.scroll:self.scroll + self.shown]
        return shown[1].rect.top - shown[0].rect.top if len(shown) > 1 else max(1, self.rows_stop.rect.height)

    def _pick_at(self, pos: tuple[int, int], touch: bool = False) -> None:
        """A click on a row, let go where it was pressed: that row's game.  A finger's tap
        (``touch``) on a row not chosen chooses it, as the arrow keys do, and its Delete button
        shows there; a tap on the row chosen opens it.  The button showed on the row under the
        pointer, and a finger on a row opened it at once: a touch screen could not delete.  The row
        clicked open is the keyboard's too: back from its replay, Delete asked about the row the
        keyboard had before (the newest), not the game just looked at."""
        index = next((i for i, entry in enumerate(self.entries) if entry.rect.collidepoint(pos)), None)
        if index is not None and touch and index != self.selected:
            self._select(index)
        elif index is not None:
            self._select(index)
            self.confirming = None
            self.pick_entry(self.entries[index])

    def say_in_the_language(self) -> None:
        """Back, Open the folder and the search field's example said in the language chosen since
        they were made: the list, kept under a replay opened from it or under its help as the
        language changed, came back with them in the old one (the rows and the rest of the screen,
        worded on every frame, followed)."""
        relabel([self.back_button, self.folder_button])
        self.search.placeholder = _(SEARCH_EXAMPLE)

    def draw(self, surface: pygame.Surface) -> None:
        self.follow_the_language()
        theme = self.theme
        w, h = surface.get_size()
        s = window_scale((w, h), text_size_of(self.app))
        surface.fill(theme.background)
        self.focus.mark(self._stops(), self._stops())  # the ring as the keyboard's place is now (a button gone: none)
        pad = int(24 * s)
        y = tx.text(surface, self.heading(), (pad, pad), int(28 * s), theme.text, bold=True).bottom
        # small print, grown with the Text size (wrapped rather than smaller: it names the folder);
        # at Larger text in the smallest window it takes a third line, and the list a row less
        size = max(11, tx.small(13, s))
        y += int(4 * s)
        for line in tx.wrap(self.hint(), size, w - 2 * pad)[:3]:
            y = tx.text(surface, tx.fit(line, size, w - 2 * pad), (pad, y), size, theme.muted).bottom
        row_h = int(58 * s)
        top = self._draw_filter(surface, y + int(12 * s), s) + int(12 * s) if self.filtering else y + int(16 * s)
        self.back_button.rect = pygame.Rect(pad, h - pad - int(44 * s), int(160 * s), int(44 * s))  # the messages stand on it
        self.folder_button.rect = self.back_button.rect.move(self.back_button.rect.width + int(12 * s), 0)
        self.folder_button.rect.width = int(220 * s)
        # the rows go down to the messages' lane: "3 above, 5 below" stands beside the buttons
        # (``_draw_more``), where its line over the lane left a fifth row out at 800x560
        self.lane_top = bottom = self.back_button.rect.top - int(8 * s) - Messages.lane_height(s)  # ``messages_ceiling``
        for entry in self.all_entries:
            entry.rect, entry.picture = pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)
        if self.loading:
            spinner(surface, (pad + int(14 * s), top + int(12 * s)), int(10 * s), theme.accent)
            tx.text(surface, _("Loading…"), (pad + int(34 * s), top + int(12 * s)), int(16 * s), theme.muted, "midleft")
        elif not self.entries:
            tx.text(surface, self.empty_text(), (pad, top), int(16 * s), theme.muted)
        mouse = self.mouse
        on_rows = self._on_rows()  # asked before the Delete button is placed again: while it is ringed, no row is
        self.delete_button.visible = False
        self.shown = 0
        for i, entry in enumerate(self.entries[self.scroll:]):  # lay the rows out, then draw them
            rect = pygame.Rect(pad, top + i * (row_h + int(8 * s)), w - 2 * pad, row_h)
            if rect.bottom > bottom:
                break
            self.shown += 1
            entry.rect = rect
        button_row = self._button_row(mouse)
        shown = self.entries[self.scroll:self.scroll + self.shown]
        self.rows_stop.rect = shown[0].rect.union(shown[-1].rect) if shown else pygame.Rect(0, 0, 0, 0)
        for i, entry in enumerate(shown):
            self._draw_row(surface, entry, entry.rect.collidepoint(mouse) or self.scroll + i == self.selected, s)
            if self.scroll + i == self.selected and on_rows:  # the keyboard's row, as a button's ring
                focus_ring(surface, entry.rect, theme, s, int(8 * s))
            if entry is button_row and entry.log is None:  # a tournament's game is not deleted here
                self._place_delete_button(entry, entry.rect, s)
        self.pictures.draw(surface, [(entry.path, entry.record, entry.picture) for entry in shown], theme)
        self.delete_button.draw(surface, theme, s)
        self._draw_more(surface, s)
        for button in (self.back_button, self.folder_button):
            button.draw(surface, theme, s)
        if self.own_messages:
            self.messages.draw(surface, theme, (w // 2, h - pad - int(60 * s)), s, w - 2 * pad)

    def _draw_more(self, surface: pygame.Surface, s: float) -> None:
        """How many rows are out of view above and below, and how to reach them, where any are:
        right of the Back and Open the folder buttons, on their line, so the rows take the
        height down to the messages' lane."""
        hidden = len(self.entries) - self.scroll - self.shown
        if not self.entries or (hidden <= 0 and self.scroll <= 0):
            return
        more = _("{above} above, {below} below: scroll, or use the arrow keys").format(above=self.scroll, below=hidden)
        size, right = int(13 * s), surface.get_width() - int(24 * s)
        room = right - self.folder_button.rect.right - int(16 * s)
        tx.text(surface, tx.fit(more, size, room), (right, self.back_button.rect.centery), size, self.theme.muted, "midright")

    def _draw_filter(self, surface: pygame.Surface, y: int, s: float) -> int:
        """The filter's line at ``y``: the game stepper, the search field and, at the right, how
        many rows of all are shown; its bottom."""
        theme, w = self.theme, surface.get_width()
        pad, height = int(24 * s), int(40 * s)
        game = words.title(games.info(self.filter.game)) if self.filter.game else _("All games")
        self.game_stepper.label = _("Game: {game}").format(game=game)
        self.game_stepper.short = game
        self.game_stepper.rect = pygame.Rect(pad, y, int(260 * s), height)
        count = ngettext("{shown} of {total} game", "{shown} of {total} games", len(self.all_entries)).format(
            shown=len(self.entries), total=len(self.all_entries))
        size = tx.small(14, s)
        count_w = tx.ui_font(size).size(count)[0]
        left = self.game_stepper.rect.right + int(12 * s)
        self.search.rect = pygame.Rect(left, y, max(int(120 * s), min(int(380 * s), w - pad - count_w - int(16 * s) - left)),
                                       height)
        self.game_stepper.draw(surface, theme, s)
        self.search.draw(surface, theme, s)
        tx.text(surface, count, (w - pad, y + height // 2), size, theme.muted, "midright")
        return y + height

    def _draw_row(self, surface: pygame.Surface, entry: Entry, picked: bool, s: float) -> None:
        """``entry``'s row: its card, the square of its game's picture at the left (``pictures``
        draws it), the title and the detail line beside it, clear of the Delete button's room."""
        theme, rect = self.theme, entry.rect
        card(surface, rect, mix(theme.panel, theme.text, 0.08 if picked else 0.0), int(8 * s),
             theme.accent if picked else None)
        inset = int(6 * s)
        entry.picture = pygame.Rect(rect.x + inset, rect.y + inset, rect.height - 2 * inset, rect.height - 2 * inset)
        left = entry.picture.right + int(12 * s)
        room = rect.right - self._delete_room(entry, s) - left
        big, small = int(16 * s), tx.small(12, s)  # the title; the moves, date and file
        title, detail = row_lines(self.row_parts(entry), opening_of(entry), (big, small), room)
        tx.text(surface, title, (left, rect.y + int(8 * s)), big, theme.text, bold=True)
        tx.text(surface, detail, (left, rect.bottom - int(6 * s)), small, theme.muted, "bottomleft")

    def messages_above(self) -> int | None:
        return top_of(self.back_button.rect)

    def messages_ceiling(self) -> int | None:
        """Under the rows and the line that says how many more there are: the rows end above a
        lane kept for the messages (a file report stood over the last two rows, which could not
        be clicked; then the rows shrank for it and grew back when it faded)."""
        return self.lane_top or None

    def _button_row(self, mouse: tuple[int, int]) -> Entry | None:
        """The row that shows the Delete button: one waiting for its second press (Delete pressed
        on the keyboard with the mouse resting on another row), else the one under the mouse,
        else the keyboard's."""
        shown = self.entries[self.scroll:self.scroll + self.shown]
        waiting = next((entry for entry in shown if entry.path == self.confirming), None)
        if waiting is not None:
            return waiting
        for entry in shown:
            if entry.rect.collidepoint(mouse):
                return entry
        if self.selected is not None and self.selected < len(self.entries):
            return self.entries[self.selected]
        return None

    def _delete_label(self, entry: Entry) -> str:
        """What ``entry``'s Delete button says: the question once it was pressed, else "Delete"."""
        return _("Delete? Press again") if entry.path == self.confirming else _("Delete")

    @staticmethod
    def _delete_width(label: str, s: float) -> int:
        """How wide the Delete button is drawn with ``label``."""
        return tx.ui_font(tx.small(15, s), True).size(label)[0] + int(60 * s)

    def _delete_room(self, entry: Entry, s: float) -> int:
        """The room ``entry``'s row keeps on its right for its Delete button (drawn on the row under
        the mouse or the keyboard's): the button as wide as the label it shows, its margin and a
        gap; a tournament's game, never deleted here, only the margin.  A fixed 226 pixels (the
        width "Delete? Press again" wants) cut the players' names of every row short for a
        button that said "Delete" or was not there."""
        margin = int(DELETE_MARGIN * s)
        return margin if entry.log is not None else self._delete_width(self._delete_label(entry), s) + margin + int(12 * s)

    def _place_delete_button(self, entry: Entry, row: pygame.Rect, s: float) -> None:
        button = self.delete_button
        button.label = self._delete_label(entry)
        button.rect = pygame.Rect(0, 0, self._delete_width(button.label, s), row.height - int(16 * s))
        button.rect.midright = (row.right - int(DELETE_MARGIN * s), row.centery)
        button.visible = True
        button.active = entry.path == self.confirming
