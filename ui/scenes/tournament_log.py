"""The tournament screen's results log and the unfinished tournament it offers: a mixin of
``TournamentScene`` (ui.scenes.tournament), which owns the state.

Every tournament started on the screen writes FILE.jsonl (ai.results_log) in the tournaments
folder, beside the report files of the same FILE, so one left, closed or killed can be taken up
again: the setup offers the newest unfinished one (ui.tournament_logs), and Resume rebuilds it
from the log's header (settings, and the players' names as the screen gave them), keeps its games
and plays the rest.  Its outside players are loaded first, in a thread (a file starts a process):
one that no longer loads is named with why, and forfeits the games it had left.  A folder that
cannot be written is said once; the tournament then runs without a log.

The report files (FILE.json, .txt, .csv, .md, .html: ``write_results``) hold the games of the log: a
tournament left while its thread still runs may yet collect a game that ended as it was stopped
(ai.tournament logs it), so its report is written on the window's background writer once that
thread has ended (the window's quit waits for that writer), and until then no screen resumes it.

A student's file dropped on a tournament begun joins it late (``Tournament.add_late_player``: a
running one is stopped, then resumed with its games added).  A command line's league shown from
its FILE.jsonl (``show_results``) is followed: every ``FOLLOW_EVERY`` seconds its new lines alone
are read and counted into the standings; a late bot is added there with ``--resume``, not here.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import ai
from ai.results_log import LogReplaced, in_use
from ai.tournament import Tournament
from ai.tournament_play import loader_logging_beside
from ai.tournament_standings import Summary, not_played
from ai.tournament_workers import STOP_GRACE, STOP_WAIT
from ui import tournament_logs, words
from ui.background_writer import WRITE_WAIT, WRITER
from ui.data_folders import tournaments_dir
from ui.i18n import Phrase, _, ngettext
from ui.outside_players import short
from ui.paths import folder_shown
from ui.scenes.tournament_setup import GAMES, OPENINGS, TIMES
from ui.widgets import Messages

# the longest a report waits for a stopped tournament's thread: its workers' time to end by themselves,
# their grace once told to, and as long as a write may wait for any it then kills
ENDING_WAIT = STOP_WAIT + STOP_GRACE + WRITE_WAIT
FOLLOW_EVERY = 2.0  # seconds between two reads of the new lines of a league's log shown as it runs elsewhere
# the topic of a closed tournament's "Saved …" (New tournament, the screen left): withdrawn when another
# tournament shows on the screen (``TournamentScene._begin``), over which it waited its turn to show
ENDED_RUN_TOPIC = "ended run's report"
_left_running: list[Tournament] = []  # tournaments left while their threads ran (this window's)


def still_ending() -> Tournament | None:
    """The tournament left last whose thread has not ended yet: it may still add a game to its
    log, so a resume of that log must wait (it would play that game again)."""
    _left_running[:] = [t for t in _left_running if t.is_running()]
    return _left_running[-1] if _left_running else None


def saved_words(saved: list[Path]) -> str:
    """What Save results says of the files ``saved``: the Markdown file's name first (a teacher's
    course page takes it), then the ends of the others' names, every file written ("-standings.csv"
    too), its folder last and from "~".  "Saved <folder>/<file>.json, and the tables in Markdown
    for a course page: <file>.md" was cut at Larger text (1280x800) within the Markdown file's
    name, the one thing to be read; after it, the toast named the .md and the .json alone, of the
    six files written (QA qa109)."""
    markdown = next(path for path in saved if path.suffix == ".md")
    stem = markdown.name[:-len(markdown.suffix)]
    others = ", ".join(path.name[len(stem):] if path.name.startswith(stem) else path.name
                       for path in saved if path != markdown)
    return _("Saved {markdown}, the tables in Markdown for a course page, and its {others} in {folder}").format(
        markdown=markdown.name, others=others, folder=folder_shown(markdown.parent))



class TournamentLog:
    """Where a tournament's log goes, and the unfinished tournament offered (mixed into TournamentScene)."""

    def _folder(self) -> Path:
        return self.save_folder or tournaments_dir()

    def _new_base(self, claim: bool = False) -> Path:
        """FILE for a new tournament: the game and the time it started, in the tournaments folder
        (``-2``, ``-3`` ... after it if that is taken: a log there must never be started over).
        ``claim``: FILE.jsonl is made now, empty, only if no file has the name yet, so that another
        Tabuleiro window starting a tournament of the same game in the same second takes the next
        name instead of starting its log over this one's (the name being free when both looked)."""
        folder = self._folder()
        stamp = folder / f"{self.game_id}-{time.strftime('%Y%m%d-%H%M%S')}"
        n = 1
        while True:
            base = stamp if n == 1 else stamp.with_name(f"{stamp.name}-{n}")
            n += 1
            if any(base.with_name(base.name + ext).exists() for ext in (".jsonl", ".json", ".txt")):
                continue
            if not claim:
                return base
            try:
                base.parent.mkdir(parents=True, exist_ok=True)
                os.close(os.open(base.with_name(base.name + ".jsonl"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            except FileExistsError:
                continue  # taken by another window since the look
            except OSError:
                pass  # a folder that cannot be written: the log's check says so
            return base

    def _unclaim(self, base: Path) -> None:
        """Give back FILE, claimed (``_new_base``) for a tournament that did not start after all:
        its FILE.jsonl is removed if it is still empty."""
        log = base.with_name(base.name + ".jsonl")
        try:
            if log.stat().st_size == 0:
                log.unlink()
        except OSError:
            pass  # not there, or not ours to remove

    def _log_to(self, base: Path) -> str | None:
        """FILE.jsonl, the results log a left, closed or killed tournament is resumed from, if its
        folder can be written; else None, and the messages say why (the tournament runs all the same)."""
        from ui.record_files import os_problem

        log = base.with_name(base.name + ".jsonl")
        try:
            base.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=base.parent, prefix=".tabuleiro-", suffix=".tmp"):
                pass
        except OSError as exc:
            why = os_problem(exc, log)
            self.messages.add(Phrase(lambda: _("No results log ({why}): the tournament runs, but cannot be resumed "
                                               "once left").format(why=words.file_error(why))), "warn", 12.0)
            return None
        return str(log)

    # -- the report files --------------------------------------------------------------------------
    def _write_report(self, t: Tournament, base: Path, say: Callable[..., None], topic: str = "") -> list[Path]:
        """Write ``t``'s results to the report files of ``base`` (FILE) and ``say`` where, about
        ``topic``, or why they could not be; the paths written (none on failure).  Where is not
        said once another tournament shows on this screen (a report written after New tournament
        and Start): it would stand over that one, its files named as if they were its."""
        from ai.commands.tournament import write_results
        from ui.record_files import os_problem

        try:
            if not t.is_running():
                t.elapsed = t.elapsed or 0.0
            saved = write_results(Summary.of(t), str(base), words.ReportWords())  # FILE.txt: our language
        except OSError as exc:
            say(_("Could not save: {e}").format(e=words.file_error(os_problem(exc, base.with_suffix(".json")))),
                "error")
            return []
        # said as the screen closes: on the one arrived at, and no further; its folder shortened in
        # its middle where the lane cuts it
        if not self._another_shown(t):
            say(saved_words(saved), "info", 8.0, topic=topic, path=folder_shown(saved[0].parent))
        return saved

    def _another_shown(self, t: Tournament) -> bool:
        """Whether a tournament other than ``t`` shows on this screen now."""
        return self.tournament is not None and self.tournament is not t

    def _nothing_to_copy(self) -> str:
        """Why Copy tables (Ctrl+C) has nothing to copy now: no result the tables show; "" when it has."""
        t = self.tournament
        if t is not None and len(t.results) > len(self.held):
            return ""
        return _("No result shown yet: the tables have nothing to copy")

    def _copy_tables(self) -> None:
        """Copy tables (Ctrl+C): the standings, the crosstable and the forfeits as the window shows them (the games
        the board has yet to reach left out, ``held``; the names it gives), under the tournament's
        title, as the Markdown tables FILE.md has (``tables_markdown``), on the clipboard, for a
        teacher's slide or course page; where there is no clipboard, in a file of the data folder.
        The window says which games' tables it copied, or where the file is.  Save results wrote
        files only, and a teacher copied the tables off the screen by hand."""
        from dataclasses import replace

        from ai.commands.tournament import tables_markdown
        from ui import clipboard
        from ui.data_folders import data_dir
        from ui.record_files import atomic_write_text, os_problem

        if self.messages.refuse(self._nothing_to_copy()):
            return
        t = self.tournament
        numbers = [n for n in sorted(t.results) if n not in self.held]
        summary = replace(Summary.of(t), standings=list(self.table), results=[t.results[n] for n in numbers],
                          numbers=numbers, names={pid: self._name(pid) for pid in t.player_ids})
        text = tables_markdown(summary, words.ReportWords())
        played = sum(not not_played(t.results[n]) for n in numbers)  # not a withdrawal's, nor one never started
        if clipboard.put_text(text):
            self.messages.add(ngettext("Copied the standings and the crosstable of {n} game as Markdown tables, "
                                       "for a slide or a web page",
                                       "Copied the standings and the crosstable of {n} games as Markdown tables, "
                                       "for a slide or a web page", played).format(n=played), "info", 8.0)
            return
        path = data_dir() / "tournament-tables.md"
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            self.messages.add(_("No clipboard here, and the tables could not be saved either: {e}").format(
                e=words.file_error(os_problem(exc, path))), "error")
            return
        # few words before the file's path (from "~"), whose folder a short lane cuts in its middle,
        # the name kept: the standings' and crosstable's words before it hid the name at 800x600
        shown = os.path.join(folder_shown(path.parent), path.name)
        self.messages.add(ngettext("No clipboard here: the tables of {n} game were saved to {path}",
                                   "No clipboard here: the tables of {n} games were saved to {path}",
                                   played).format(n=played, path=shown), "info", 12.0, path=shown)

    def _save_once_ended(self, t: Tournament, base: Path, saved_games: int, messages: Messages) -> None:
        """Write ``t``'s report, on the window's background writer, once its thread has ended (at
        most ``ENDING_WAIT``), if it has games not saved yet.  Written now, it could miss the game
        the thread collects on its way out, which the log, and so a resume, has."""
        _left_running.append(t)

        def write() -> None:
            t.join(ENDING_WAIT)
            if len(t.results) > saved_games:
                self._write_report(t, base, messages.add_soon, topic=ENDED_RUN_TOPIC)

        WRITER.submit(("tournament report", str(base)), write)

    # -- an unfinished tournament of an earlier visit --------------------------------------------
    def _find_offer(self) -> None:
        """The newest unfinished tournament of the folder, offered above the participants."""
        self.offer = tournament_logs.newest_unfinished(self._folder(), tournament_logs.dismissed(self.app),
                                                       self.game_ids)

    def _dismiss_offer(self) -> None:
        """Offer it no more (its files stay where they are)."""
        if self.offer is None:
            return
        tournament_logs.dismiss(self.app, self.offer.path)
        self.messages.add(_("It will not be offered again; its files stay in {folder}").format(
            folder=self.offer.path.parent), "info", 8.0)
        self._find_offer()
        self._build()

    def _resume_offer(self) -> None:
        """Take up the tournament offered: its outside players are checked first (in a thread: a
        file starts a process), those that no longer load forfeit the games left."""
        offer = self.offer and tournament_logs.read(self.offer.path)  # as it is now
        if offer is None or self.resuming is not None or not offer.done < offer.total:
            self.messages.add(_("That tournament can no longer be resumed"), "warn")
            self._find_offer()
            self._build()
            return
        self.offer = offer
        header = offer.header
        outside = [pid for pid in header["players"] if ai.is_outside_player(pid)]
        # loaded as the games load them: the log of one that no longer loads, named by its forfeits, beside the results
        loader = loader_logging_beside(header.get("loader") or {}, str(offer.path))

        def work() -> None:
            from ai.commands.tournament import probe_outside_players

            try:
                _titles, broken = probe_outside_players(header["game"], outside, header["options"], loader, {},
                                                        self.jobs)
            except Exception as exc:  # noqa: BLE001 - said as the reason of each
                broken = dict.fromkeys(outside, str(exc))
            self.checked.append(broken)

        self.resuming = threading.Thread(target=work, daemon=True)
        self.resuming.start()

    def _resume_checked(self, broken: dict[str, str]) -> None:
        """Resume the offered tournament from its log, ``broken`` players forfeiting its games left."""
        offer, self.resuming = self.offer, None
        if offer is None or self.tournament is not None:  # started anew meanwhile: that one runs
            return
        h = offer.header
        try:
            t = Tournament.from_header(h, jobs=self.jobs, watch=True, in_process=False, broken=broken,
                                       log=str(offer.path), resume=True)
        except (ValueError, KeyError, TypeError, OSError) as exc:
            self.messages.add(_("Could not resume {path}: {why}").format(path=offer.path, why=exc), "error", 12.0)
            return
        self._show_settings_of(t)
        self.titles = self._resumed_titles(t, h)
        self._begin(t, offer.base)
        self.messages.add(_("Resumed: {done} of {total} games already played, {n} to play").format(
            done=t.resumed, total=t.total, n=len(t.pending())), "info", 8.0)
        # a withdrawn student's file plays no more: its games are settled, it forfeits none of them
        self._say_forfeiting({pid: why for pid, why in broken.items() if pid not in t.withdrawn})

    def _resumed_titles(self, t: Tournament, header: dict) -> dict[str, str]:
        """The names of a resumed tournament's players: ours as this screen names them now, in the
        window's language ("Nível 1" for a tournament begun in English); an outside player's as
        the log noted them (told apart from another of the same name), else as listed here."""
        known = dict(self.players())
        noted = header.get("titles") if isinstance(header.get("titles"), dict) else {}
        ours = {pid: title for pid, title in known.items() if not ai.is_outside_player(pid)}
        return {pid: str(ours.get(pid) or noted.get(pid) or known.get(pid) or short(pid)) for pid in t.player_ids}

    def _say_forfeiting(self, broken: dict[str, str]) -> None:
        """Say which players of the tournament begun cannot be loaded, and why: they forfeit their
        games (all of them in a new tournament, those left in a resumed one)."""
        if broken:
            gone = "; ".join(words.load_problem(f"{self._name(pid)}: {why}") for pid, why in broken.items())
            self.messages.add(ngettext("{n} player could not be loaded and forfeits the games left: {players}",
                                       "{n} players could not be loaded and forfeit the games left: {players}",
                                       len(broken)).format(n=len(broken), players=gone), "warn", 20.0)

    def _show_settings_of(self, t: Tournament) -> None:
        """The setup's choices set to those of the resumed ``t`` (shown again after New)."""
        self.game_index = self.game_ids.index(t.game_id)
        self.options = dict(t.options)
        for attr, values, value in (("games_index", GAMES, t.games_per_pair), ("time_index", TIMES, t.time_per_move),
                                    ("openings_index", OPENINGS, t.opening_plies)):
            if value in values:
                setattr(self, attr, values.index(value))

    # -- a student's bot that arrives late -------------------------------------------------------------
    def _join_dropped(self, path: str) -> None:
        """A student's file dropped on the screen of a tournament begun: its players join it late
        (``_join_loaded``), loaded first in a thread (a file starts a process).  A league only
        shown here (a command line's log) is not played here: the message says how to add it."""
        if self.viewing is not None:
            self.messages.add(_("This league is played from the command line: to add {file}, run its command "
                                "again with --resume, the file among its players").format(file=Path(path).name),
                              "warn", 15.0)
            return
        t, game_id, options = self.tournament, self.tournament.game_id, dict(self.tournament.options)
        loader = {"log_dir": str(tournament_logs.added_players_log_folder(self._folder()))}

        def work() -> None:
            from ui.outside_players import discover

            try:
                self.late.append((t, discover(game_id, path, options, loader)))
            except Exception as exc:  # noqa: BLE001 - shown to the user; the window goes on
                self.messages.add_soon(words.load_problem(f"{Path(path).name}: {exc}"), "error")

        threading.Thread(target=work, daemon=True).start()

    def _join_loaded(self) -> None:
        """Let the players loaded (``_join_dropped``) join the tournament once it is stopped: a
        running one is stopped first, then resumed with their games added after its own; the
        games played stay, the standings get their rows."""
        t = self.tournament
        if not self.late or t is None:
            return
        if self.late[0][0] is not t:  # a tournament left since: they were dropped on that one
            self.late.pop(0)
            return
        if t.is_running():
            t.cancel()
            return  # once its thread has ended
        _t, found = self.late.pop(0)
        added = [(pid, title) for pid, title in found if pid not in t.player_ids]
        games = sum(t.add_late_player(pid) for pid, _title in added)
        for pid, title in added:
            self.titles[pid] = title
            t.titles[pid] = title
        t.log_notes = {"titles": t.titles}  # the log's header names them too, as it is opened again
        self._count_seen()
        if added:
            names = ", ".join(title for _pid, title in added)
            self.messages.add(ngettext("{names} joins the tournament: {n} more game to play",
                                       "{names} joins the tournament: {n} more games to play", games).format(
                names=names, n=games), "info", 10.0)
        else:
            self.messages.add(_("Already in the tournament"), "info")
        if t.go_on():
            self._dealing()

    # -- a league shown as it runs elsewhere ---------------------------------------------------------
    def _follow_log(self) -> bool:
        """Every ``FOLLOW_EVERY`` seconds, the games a league shown from its log (a command line's,
        still running) has finished since: only the log's new lines are read, and counted into
        the standings; whether there were any.  A log written anew (players joined) is shown again."""
        t = self.tournament
        if t is None or t.reader is None or self.viewing is None or time.monotonic() < self.follow_at:
            return False
        self.follow_at = time.monotonic() + FOLLOW_EVERY
        was_running, self.runs_elsewhere = self.runs_elsewhere, in_use(self.viewing)
        before = set(t.results)
        try:
            if not t.read_new_games():
                return was_running != self.runs_elsewhere
        except LogReplaced:
            grown = Tournament.from_files(self.viewing)
            if grown is not None:
                self.show_results(grown, self.viewing)
            return True
        except ValueError as exc:
            self.messages.add(str(exc), "error")
            self.follow_at = float("inf")  # said once
            return False
        for n in t.finished_numbers():
            if n not in before:
                self._take_result(n, t.results[n])
        self._count_seen()
        if not self.pinned:  # the board shows the newest game, unless one was chosen
            self.live.pop(self.watching, None)
            self.watching = None
        return True
