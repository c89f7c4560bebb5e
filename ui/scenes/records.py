"""Saved games: the records in the saved-games folder, newest first; one click opens the replay.

From the replay the player can step to any move and play on from there, so opening a record
offers both.  A record file can also be dropped on the window from anywhere (the App handles
``DROPFILE`` on every screen: ``ui.scenes.replay.open_file``).

A file in our own folder that cannot be read is reported here and moved aside
(``<name>.corrupt-<timestamp>``, never deleted), so the list stays clean; a dropped file from
elsewhere is only reported, never touched.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from games.record import GameRecord, RecordError
from ui import text as tx
from ui.autosave import games_dir, scan
from ui.i18n import _
from ui.record_files import load
from ui.scenes.base import Scene
from ui.widgets import Button, Messages, card, mix

log = logging.getLogger(__name__)


@dataclass
class Entry:
    path: Path
    record: GameRecord
    rect: pygame.Rect


class RecordsScene(Scene):
    """A list of saved games; ``open_record(record)`` is called with the one picked."""

    def __init__(self, app: Any, open_record: Callable[[GameRecord], None] | None = None,
                 on_back: Callable[[], None] | None = None, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder or games_dir()
        self.open_record = open_record or app.open_replay
        self.on_back = on_back or app.show_menu
        self.messages = getattr(app, "messages", None) or Messages()  # the App's outlive this screen
        self.own_messages = self.messages is not getattr(app, "messages", None)
        self.entries: list[Entry] = []
        self.scroll = 0
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.refresh()

    def refresh(self) -> None:
        found, problems = scan(self.folder)
        self.entries = [Entry(p, r, pygame.Rect(0, 0, 0, 0)) for p, r in found]
        for problem in problems:
            self.messages.add(problem, "error", duration=10.0)

    # -- the words: a subclass lists other records (the unfinished games) -----------------------
    def heading(self) -> str:
        return _("Saved games")

    def hint(self) -> str:
        return _("Pick a game to replay it, or drop a record file on the window. Folder: {folder}").format(folder=self.folder)

    def empty_text(self) -> str:
        return _("No saved games yet: use Save in a game or a replay.")

    def row_text(self, entry: Entry) -> tuple[str, str, str]:
        """The row of one record: title, detail line, and the text on the right."""
        from ui.autosave import describe
        from ui.words import end_reason

        record = entry.record
        title, detail = describe(record)
        status = end_reason(record.result.reason) if record.result else _("Unfinished game")
        return f"{title} ({status})", f"{detail} · {entry.path.name}", _when(record.updated)

    def back(self) -> None:
        if self.on_back:
            self.on_back()

    def open_path(self, path: Path) -> None:
        """Open a file from anywhere (a dropped file): report a bad one, never touch it."""
        try:
            record = load(path)
        except RecordError as exc:
            self.messages.add(_("Cannot open {problem}").format(problem=exc), "error", duration=10.0)
            return
        self.pick(record)

    def pick_entry(self, entry: Entry) -> None:
        self.pick(entry.record)

    def pick(self, record: GameRecord) -> None:
        if self.open_record:
            self.open_record(record)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.entries) - 1), self.scroll - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for entry in self.entries:
                if entry.rect.collidepoint(event.pos):
                    self.pick_entry(entry)
                    return

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        w, h = surface.get_size()
        s = max(0.6, min(w / 1280, h / 800))
        surface.fill(theme.background)
        pad = int(24 * s)
        y = tx.text(surface, self.heading(), (pad, pad), int(28 * s), theme.text, bold=True).bottom
        hint = self.hint()
        y = tx.text(surface, tx.fit(hint, int(13 * s), w - 2 * pad), (pad, y + int(4 * s)), int(13 * s), theme.muted).bottom
        row_h = int(58 * s)
        top = y + int(16 * s)
        bottom = h - pad - int(60 * s)
        for entry in self.entries:
            entry.rect = pygame.Rect(0, 0, 0, 0)
        if not self.entries:
            tx.text(surface, self.empty_text(), (pad, top), int(16 * s), theme.muted)
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() and pygame.display.get_surface() else (-1, -1)
        for i, entry in enumerate(self.entries[self.scroll:]):
            rect = pygame.Rect(pad, top + i * (row_h + int(8 * s)), w - 2 * pad, row_h)
            if rect.bottom > bottom:
                break
            entry.rect = rect
            hover = rect.collidepoint(mouse)
            card(surface, rect, mix(theme.panel, theme.text, 0.08 if hover else 0.0), int(8 * s),
                 theme.accent if hover else None)
            title, detail, right = self.row_text(entry)
            tx.text(surface, tx.fit(title, int(16 * s), rect.width - int(240 * s), True),
                    (rect.x + int(14 * s), rect.y + int(8 * s)), int(16 * s), theme.text, bold=True)
            tx.text(surface, tx.fit(detail, int(12 * s), rect.width - int(240 * s)),
                    (rect.x + int(14 * s), rect.bottom - int(8 * s)), int(12 * s), theme.muted, "bottomleft")
            tx.text(surface, right, (rect.right - int(14 * s), rect.centery), int(13 * s), theme.muted, "midright")
        self.back_button.rect = pygame.Rect(pad, h - pad - int(44 * s), int(160 * s), int(44 * s))
        self.back_button.draw(surface, theme, s)
        if self.own_messages:
            self.messages.draw(surface, theme, (w // 2, h - pad - int(60 * s)), s, w - 2 * pad)


def _when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp
