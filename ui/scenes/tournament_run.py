"""The tournament screen's running of a tournament: a mixin of ``TournamentScene``
(ui.scenes.tournament), which owns the state.

Start (its outside players loaded first, in a thread), a tournament begun or shown from a file
(``_begin``, ``show_results``), Stop and Resume, New tournament, Save results, Replay game, and
leaving: Back (or Esc) on a running tournament asks first (``_ask_to_leave``), and so does
closing the window (``holds_close``); leaving stops it and saves its report (``close``).  Each
frame its news is taken (``_poll``): games started, moves, results, the run's end.  Kept apart
from the controls that ask for these (ui.scenes.tournament_controls).
"""

from __future__ import annotations

import bisect
import threading
import time
from pathlib import Path
from typing import Any

import ai
import games
from ai.commands.tournament import games_counted
from ai.tournament import Tournament
from ai.tournament_events import GameFinished, GameStarted, MovePlayed, TournamentDone
from ai.tournament_play import loader_logging_beside
from ai.value_words import counted
from ui import words
from ui.clocks import reading_text
from ui.debug_log import trail
from ui.i18n import N_, Phrase, _, ngettext
from ui.scenes.base import CLOSE_AGAIN
from ui.scenes.tournament_lists import FAULTS_TOPIC
from ui.scenes.tournament_log import ENDED_RUN_TOPIC
from ui.scenes.tournament_setup import GAMES, OPENINGS, TIMES
from ui.widgets import Messages, Scroll

CLOSING_TOPIC = "closing"  # the question closing the window asks of a running tournament (``holds_close``)
LEAVING_TOPIC = "leaving"  # the question Back asks of a running tournament: withdrawn once answered
STOPPING_TOPIC = "stopping"  # Stop's "Stopping the tournament…", which the end's words replace


def finished_text(seconds: float) -> str:
    """How long a finished tournament took: "under a second", "42 s", "3:25" (minutes), "1:02:05"."""
    if seconds < 1:
        return _("Tournament finished in under a second")
    took = f"{seconds:.0f} s" if seconds < 60 else reading_text(seconds)
    return _("Tournament finished in {time}").format(time=took)


class TournamentRun:
    """A tournament started, followed, stopped, resumed, saved and left (mixed into TournamentScene)."""

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

        from games.record import GameRecord
        from games.record_parts import RecordError, Side

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
        self.on_replay(self._dated_as_logged(record))

    def _dated_as_logged(self, record: Any) -> Any:
        """``record``, the game on the board, dated by when it ended as the results log says: made
        from its result alone it was dated now, and the replay of a game played an hour before (or
        before a Resume, days before) said "Ended" at the moment Replay game was pressed.  A log
        that does not say (an older one, or none: a report .json dropped) leaves it as it is."""
        from ui.tournament_logs import dated, game_ended

        log = self.tournament.log_file if self.tournament is not None else None
        if not log and self.viewing is not None and self.viewing.suffix.lower() == ".jsonl":
            log = self.viewing
        when = game_ended(Path(log), self.watching) if log and self.watching is not None else None
        return record if when is None else dated(record, when)

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
        # the report's names: ours, as the screen shows them (``_name``): a league opened from its
        # file keeps only its outside players' titles here, and its copy named "level-1" by its id
        t.titles = {pid: self._name(pid) for pid in t.player_ids}
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
        self.messages.add(self._opened_words(t, path), "info", 12.0)

    @staticmethod
    def _opened_words(t: Tournament, path: Path) -> str:
        """What opening the results ``path`` says: its games, those never played (``settled_unplayed``)
        apart, in the progress bar's words (``games_counted``), and what a click does.  It said
        "turma.json: 6 of 6 games" of a league that played 3, and "2 of 12 games" under a bar that
        said "2 of 12 games played"."""
        settled = t.settled_unplayed()
        counted = games_counted(len(t.results) - settled, settled, t.total, t.annulled_played(), words.ReportWords())
        return _("{file}: {counted}; click a result to see the game, R to replay it").format(file=path.name,
                                                                                             counted=counted)

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
        if t.is_running():  # "stopped" once it has (``TournamentDone``): its workers take a moment to end
            t.cancel()
            self.messages.add(_("Stopping the tournament…"), "info", topic=STOPPING_TOPIC)
        elif t.go_on():
            self._dealing()
            self.end_choosing()
            self.messages.add(ngettext("Resumed: {n} game to play", "Resumed: {n} games to play",
                                       len(t.pending())).format(n=len(t.pending())), "info")

    def _new_waits(self) -> str:
        """Why New tournament is greyed: this one still runs (a click did nothing, not a word), or
        is stopping (Stop pressed, its workers ending: "press Stop first" sent the player back to
        the button just pressed); "" once it has stopped or ended."""
        if not self.running:
            return ""
        if self.tournament is not None and self.tournament.cancelled:
            return _("New tournament waits for this one to finish stopping")
        return _("New tournament waits for this one to stop: press Stop first")

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

    def _show_the_last_game_when_over(self) -> None:
        """Once no game is being played (the run over, or results only shown), the board shows the
        last game played unless one was chosen: its final position, for Replay game to replay."""
        if self.tournament is None or self.running or self.pinned or not self.recent:
            return
        if self.watching is not None and self.watching in self.live and not self.never_played(self.watching):
            return  # an empty board, a game never played, gives way to the last one played
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
                    self.messages.add_instead(_("Tournament stopped") if event.cancelled else finished_text(event.elapsed),
                                              "info", 6.0, topic=STOPPING_TOPIC)  # "Stopping…" goes
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
