"""A game pasted on the main menu or a list of games (Ctrl+V) opens in the replay viewer; a
position (Ctrl+C copies one) on the New game screen, to be played from.

What "Copy moves" puts on the clipboard is a move list with a header naming the game, its options
and its players (``games.move_list.move_list_text``); a teacher can mail it, a student paste it back
and play on from any move.  A record's JSON pastes as well, and so does a position: the game's
name, then its board as the course prints it (``games.position_text``).  ``ui.record_files.from_text`` reads
both; anything else is said and nothing changes.  A GGF database of Othello games opens its first game and says how many
it holds (``say_other_games``, for a dropped file too).  A position is played under the rule options
chosen on the New game screen where the text names none (a course's bare board with "Capture
compulsory" on plays with it); those the text names are its own.  A game whose moves turn
illegal part-way (a damaged SGF, GGF or move list) opens up to its last legal move, and the
window says which move could not be played and why (``ui.record_files.kept_up_to_legal``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.othello_ggf import ggf_game_count
from games.record import GameRecord
from games.record_parts import PartlyLegal, RecordError
from ui import clipboard, words
from ui.autosave_setup import PASTED_KEY
from ui.i18n import Phrase, _
from ui.record_files import from_text, kept_up_to_legal
from ui.widgets import Messages


def paste_game(app: Any, messages: Messages | None = None,
               open_record: Callable[[GameRecord], None] | None = None) -> None:
    """Ctrl+V on the main menu or a list of games: a game copied as text (Copy moves, or a record's
    JSON) opens in the replay viewer, from which it can be played on, and a position on the New
    game screen (``open_record``: how, ``App.open_record`` if None); otherwise ``messages`` (the
    window's) says what the clipboard holds instead, and nothing changes."""
    messages = messages if messages is not None else app.messages
    text = clipboard.get_text()
    if not text and clipboard.gave_up():
        messages.add(clipboard.unread_words(), "warn", duration=8.0)
        return
    if not text.strip():
        messages.add(_("The clipboard holds no text: copy a game's moves first"), "warn")
        return
    try:
        record = from_text(text, chosen=app.last_setup_choices().options)
    except PartlyLegal as exc:  # a game whose moves turn illegal part-way: its legal part, said so
        record = kept_up_to_legal(exc, messages, in_file=False)
        if record is None:
            _say_no_game(messages, str(exc))
            return
    except RecordError as exc:
        _say_no_game(messages, str(exc))
        return
    (open_record or app.open_record)(replace(record, setup={**record.setup, PASTED_KEY: True}))
    say_other_games(messages, text)


def _say_no_game(messages: Messages, why: str) -> None:
    """Say that the clipboard holds no game, and why (``why``, from the readers, in English)."""
    messages.add(Phrase(lambda: _("The clipboard holds no game: {problem}").format(problem=words.rule_reason(why))),
                 "warn", duration=10.0)


def say_other_games(messages: Messages, text: str) -> None:
    """Tell of the games after the first in a GGF database (Othello servers write them one after
    another), which opened its first alone: the others were not lost without a word."""
    count = ggf_game_count(text)
    if count > 1:
        messages.add(_("The text holds {count} games: the first is open").format(count=count), "info", duration=8.0)
