"""The running tournament's lists as a user reads them: a mixin of ``TournamentScene``
(ui.scenes.tournament), which owns the state.

The latest results and the standings are stops of Tab whose rows the list keys choose; a click
or a finger's tap on a result shows that game, on a standings row lists that player's games and
says its faults, on a crosstable cell lists that pair's games; a drag scrolls the table pressed.
Drawn by ``ResultsDrawing`` (ui.scenes.tournament_results); kept apart from the screen's controls
and its running of the tournament so each reads on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ai.tournament_standings import not_played, ranked_apart
from ui import words
from ui.i18n import Phrase, _
from ui.scenes.tournament_results import elo_said
from ui.widgets import Messages, list_key_steps

OPEN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FAULTS_TOPIC = "faults"  # the message saying the listed player's faults: withdrawn as the list changes
FAULT_LINES = 4  # the most lines the running screen's lane grows to for them (``_faults_room``); then cut, a click copies


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


class ResultsLists:
    """The latest results and the standings chosen, clicked and listed (mixed into TournamentScene)."""

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
        if not self.held and self.pair is None and self.listed_player is None and not any(
                not_played(r) for _n, r in self.recent):
            return self.recent  # no game never played: every result is of a game played
        return [(n, r) for n, r in self.recent if n not in self.held and self._lists(r)]

    def _lists(self, result: Any) -> bool:
        """Whether the results list shows ``result``: every game played (not one never played,
        ``not_played``: settled by a withdrawal, or lost as a player could not be started; the latest
        results read "24. … annulled" of a game nobody played), or every game of the clicked pair or
        player, those never played saying so."""
        if self.pair is not None:
            return set(result.players) == set(self.pair)
        if self.listed_player is not None:
            return self.listed_player in result.players
        return not not_played(result)

    def _last_played(self) -> list[tuple[int, Any]]:
        """The last game played of the results (``recent``: the highest number), in a list of one;
        none if none was played.  After a withdrawal the last result could be a game it settled without play, and the
        board showed an empty board titled "Game 24: … annulled"; so did a game lost as a player
        could not be started (``not_played``)."""
        return next(([(n, r)] for n, r in reversed(self.recent) if not not_played(r)), [])

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
            for number, result in [(n, r) for n, r in listed if not not_played(r)][-1:]:  # none: no board to show
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
        from ai.tournament_standings import Summary

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
        if result is not None and not_played(result):  # no game to show (an empty board): its line says why
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
