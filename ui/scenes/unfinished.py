"""Continue: the unfinished games the player played (one autosave file each), newest first; a click
plays it on.  A watched game, or one where only the computer moved, is listed under Saved games
instead (``ui.autosave_reading.worth_continuing``).  An autosave cut short offers the moves it still holds
("Recover 23 moves": ``ui.scenes.records.recovered_entries``), played on in a file of its own."""

from __future__ import annotations

from typing import Any

from ui import file_report
from ui.autosave import SHELF
from ui.autosave_reading import to_continue
from ui.autosave_words import described_parts, player_names, where_it_stands
from ui.i18n import N_, _
from ui.scenes.records import Entry, RecordsScene, RowParts, recovered_entries, recovered_row
from ui.scenes.row_pictures import replayed_position


class UnfinishedScene(RecordsScene):
    """The Continue list: game, players, moves and date of each unfinished game."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, folder=SHELF.folder)

    def read_lists(self) -> tuple[list[Entry], list[file_report.Findings]]:
        import pygame

        found, findings = file_report.read(SHELF.folder, SHELF.unfinished)  # every game: none reported as unread
        entries = [Entry(p, r, pygame.Rect(0, 0, 0, 0)) for p, r in to_continue(found)]
        listed = [Entry(p, r, pygame.Rect(0, 0, 0, 0)) for p, r in found]  # a game taken up since: its own row
        return entries + recovered_entries([SHELF.folder], listed, unfinished_only=True), [findings]

    def heading(self) -> str:
        return _("Unfinished games")

    def hint(self) -> str:
        # what Continue leaves out (``ui.autosave_reading.worth_continuing``) said as it is: one only watched,
        # and one where the computer moved but the person never did (a slip of the menu), are under
        # Saved games; "a watched one" alone let the player look here for the second kind
        return _("Every game you leave before it ends, once you have moved in it, is kept here; one you only "
                 "watched or never moved in is under Saved games. Pick one to play on.")

    def back_words(self) -> str:
        return N_("Unfinished games")

    def empty_text(self) -> str:
        return _("No unfinished games.")

    def row_parts(self, entry: Entry) -> RowParts:
        """An unfinished game's row: its game and players; under them its plies and date, whose move
        it is and its clock (``where_it_stands``), then its start and options (``describe``), each
        part where the row has room for it whole (``row_lines``)."""
        title, details = described_parts(entry.record)
        if entry.damaged is not None:
            return recovered_row(entry, details[:1])
        return RowParts(title, "", "", player_names(entry.record),
                        [*details[:1], *where_it_stands(entry.record, replayed_position(entry.path, entry.record)),
                         *details[1:]])

    def named(self, entry: Entry) -> str:
        """The game as its row names it ("Hex: Level 3 vs You"): the rows show no file, and
        "Deleted hex-2026-12-07-080726-2ffe62.json" named one the player never saw."""
        return described_parts(entry.record)[0]

    def pick_entry(self, entry: Entry) -> None:
        record = self.read_entry(entry)
        if record is None:
            return
        if entry.damaged is not None:  # played on in a file of its own: the damaged one is never written
            self.app.continue_game(record)
            self.say_recovered(entry)
            return
        self.app.continue_game(record, entry.path)
