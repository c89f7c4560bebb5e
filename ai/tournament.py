"""Round robins among players of one game: the tournament that schedules, plays, keeps and reads back its games.

    t = Tournament("rastros", ["level-3", "rastros:basilio", "bots/mine.py:jogador42"],
                   games_per_pair=10, time_per_move=0.5, jobs=2, seed=1)
    t.run(on_event=print)            # blocking; or t.start() + t.poll() from a window's loop; t.standings()

Used by ``main.py tournament`` (ai/commands/tournament.py) and the window's tournament screen.

Its parts, one concern each: the schedule (ai/tournament_schedule.py: every pair, both ways,
``games_per_pair`` rounds, seeds fixed by ``seed`` and the game number), one game played from plain
data (ai/tournament_play.py: ``play_task``, refereed by ``ai.match.play_game``), the worker processes
and how they are stopped (ai/tournament_workers.py, ``TournamentWorkers``), the events told to the
caller (ai/tournament_events.py), how the results count, the standings and the report
(ai/tournament_standings.py), what its files hold (ai/tournament_files.py), the players' names in
tables (ai/player_names.py).  This module keeps the ``Tournament`` itself: its players, results and
withdrawals, its log, resuming it and reading it back from files, and driving it.

A player who joins late (``add_late_player``; ``--resume`` naming one its log lacks) plays after the
others, numbered on: the games played keep numbers and seeds; one withdrawn (``withdraw``) plays no
more, its games counted as ``withdrawal_stands`` rules.  With ``jobs`` == 1 the command line plays
the games in its own process, one after the other; with ``jobs`` > 1 (or ``in_process=False``) in
worker processes; with ``cluster`` ("local" or a Dask scheduler's address) they are Dask tasks
(ai/cluster.py).  Whichever way, a game is the plain-data task of ``Tournament.task`` played by
``play_task``, so the games are the same.

Results log (``log``, ai/results_log.py): every finished game is appended to FILE.jsonl at once;
with ``resume`` the games already there are kept and only the others are played.  Game clocks
(``clock``, ``ai.match.GameClock``) and outside players' loader options are part of each task.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ai.match import GameResult
from ai.player_names import builtin_titles, display_names
from ai.tournament_events import Event, GameFinished, GameStarted, TournamentDone
from ai.tournament_files import (
    HEADER_FIELDS,
    SETTING_WORDS,
    STANDINGS_SUFFIX,
    TABLE_SUFFIXES,
    report_games,
    setting_text,
    withdrawn_of,
)
from ai.tournament_play import loader_logging_beside, move_emitter, play_task, unplayed_forfeit
from ai.tournament_schedule import ScheduledGame, joined_games, schedule
from ai.tournament_standings import (
    ANNULLED,
    WITHDREW,
    Standing,
    Tally,
    is_annulled,
    is_void,
    is_withdrawal,
    never_started,
    not_played,
    withdrawal_stands,
)
from ai.tournament_workers import TournamentWorkers

MAX_REPORT_BYTES = 64 * 1024 * 1024  # a report holds every game's moves (a class league's: a few MB); a dropped
# .json larger than this is refused unread (it was read whole: a 12 MB one took 1.1 s, GBs filled the memory)


# -- the tournament ----------------------------------------------------------------------------------
class Tournament(TournamentWorkers):
    """A round robin that can be run to the end (``run``) or driven from an event loop (``start``/``poll``)."""

    def __init__(self, game_id: str, player_ids: list[str], options: dict[str, Any] | None = None,
                 games_per_pair: int = 2, time_per_move: float | None = 1.0, jobs: int = 1,
                 seed: int | None = None, watch: bool = False, in_process: bool | None = None,
                 opening_plies: int = 0, clock: str | None = None, loader: dict[str, Any] | None = None,
                 broken: dict[str, str] | None = None, log: str | None = None, resume: bool = False,
                 cluster: str | None = None, started_with: int | None = None,
                 withdrawn: dict[str, tuple[int, int]] | None = None) -> None:
        """``clock``: a game clock (``GameClock`` text, e.g. "5m+2s") besides or instead of
        ``time_per_move``.  ``loader``: options for outside players' loader (e.g. definitions_only).
        ``broken``: players known not to load (id -> why): they forfeit every game at once.
        ``log``: FILE.jsonl, every finished game appended at once (``ai.results_log``); with
        ``resume`` the games already in it are kept and only the missing ones are played.
        ``cluster``: "local" or a Dask scheduler address: games are played by Dask (ai/cluster.py).
        ``started_with``: the league began with the first ``started_with`` players, the others
        joined it late (``schedule``).  Resumed with players its log lacks, after all of the log's
        (and nothing else changed), those join late: the games played stay, theirs are added.
        ``withdrawn``: players withdrawn from it (``withdraw``), each with (the games it had
        played, its games then); a resumed log's own are taken from it."""
        import games
        from ai.match import GameClock

        if len(player_ids) < 2:
            raise ValueError("a tournament needs at least two players")
        if len(set(player_ids)) != len(player_ids):
            raise ValueError("each player may appear only once")
        self.game_id = game_id
        self.options = games.info(game_id).resolve_options(options or {})
        self.player_ids = list(player_ids)
        self.games_per_pair = games_per_pair
        self.time_per_move = time_per_move
        self.jobs = max(1, jobs)
        self.seed = seed
        self.watch = watch
        self.in_process = self.jobs == 1 if in_process is None else in_process
        self.started_with = started_with if started_with is not None and started_with < len(player_ids) else None
        self.schedule = schedule(len(player_ids), games_per_pair, seed, self.started_with)
        self.joined: list[str] = []  # players who join the league now, resumed from a log without them
        self.opening_plies = opening_plies
        self.openings = self._openings(opening_plies)
        self.clock = GameClock.parse(clock).text if clock else None
        self.loader = dict(loader or {})
        self.broken = dict(broken or {})
        self.cluster = cluster
        self.titles: dict[str, str] = {}  # outside players' titles, when the caller loaded them (names())
        # more for the log's header, not checked on resume (the window keeps its players' names there)
        self.log_notes: dict[str, Any] = {}
        self.results: dict[int, GameResult] = {}
        self.tally = Tally(self.player_ids)  # the standings, kept as games come in
        self.reader = None  # the log's LogReader, for a league shown as it runs elsewhere (``read_new_games``)
        self.resumed = 0  # games taken from the log instead of played
        self.withdrawn = withdrawn_of({"withdrawn": withdrawn})
        self.log_file = log
        self._log = None
        self._log_exists = bool(log and resume and Path(log).exists())  # append to it, else start it
        if self._log_exists:
            self._resume(log)
        self.elapsed = 0.0
        self.cancelled = False
        self._events: queue.Queue[Event] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._began = 0.0

    def _openings(self, plies: int) -> list[tuple[str, ...]]:
        """One opening (move texts) per round: every pair plays round r's games, both colours,
        after the same random moves (``ai.match.random_openings``); none without ``plies``."""
        if plies <= 0:
            return [()] * self.games_per_pair
        import games
        from ai.match import random_openings

        game = games.load(self.game_id, **self.options)
        texts = []
        for moves in random_openings(game, self.games_per_pair, plies, seed=1 if self.seed is None else self.seed):
            state, line = game.initial_state(), []
            for move in moves:
                line.append(game.format_move(state, move))
                state = state.play(move)
            texts.append(tuple(line))
        return texts

    def header(self) -> dict[str, Any]:
        """What fixes the schedule and every game: the results log's first line (``started_with``
        only in a league that took players in late, so other logs stay as they were)."""
        late = {} if self.started_with is None else {"started_with": self.started_with}
        gone = {"withdrawn": {pid: list(when) for pid, when in self.withdrawn.items()}} if self.withdrawn else {}
        return {"game": self.game_id, "options": self.options, "players": self.player_ids,
                "games_per_pair": self.games_per_pair, "time_per_move": self.time_per_move, "clock": self.clock,
                "seed": self.seed, "opening_plies": self.opening_plies, "loader": self.loader, **late, **gone}

    def standings(self) -> list[Standing]:
        """The standings so far (``Tally``, kept as the games came in); counted anew from
        ``results`` if a caller filled them in itself (a test's league, a report's games)."""
        if self.tally.counted != len(self.results):
            self.tally = Tally(self.player_ids, self.finished())
        return self.tally.standings()

    def _resume(self, path: str) -> None:
        from ai.results_log import ResultsLog, refuse_if_newer

        header, done = ResultsLog.read(path)
        refuse_if_newer(header, path)
        self.withdrawn = {**withdrawn_of(header), **self.withdrawn}  # the log's withdrawals stand
        self._let_late_players_join(header)
        if self.joined:  # the log's header says so once it is opened (``_open_log``)
            header = {**header, "players": self.player_ids, "started_with": self.started_with}
        mine = self.header()
        differ = [k for k in {**mine, "started_with": None} if k != "loader"
                  and header.get(k) != json.loads(json.dumps(mine.get(k)))]
        if "players" in differ and "started_with" in differ:  # said by the players
            differ.remove("started_with")
        if differ:
            said = "; ".join(f"{SETTING_WORDS.get(k, k)} {setting_text(header.get(k))} in the log, "
                             f"{setting_text(mine.get(k))} now" for k in differ)
            raise ValueError(f"{path} is another tournament ({said}); resume it with the same settings")
        self._take(done, path)
        self.resumed = len(done)
        self._settle_withdrawals()

    def _let_late_players_join(self, header: dict[str, Any]) -> None:
        """Follow the schedule of the log whose ``header`` this league resumes: players who joined
        it late stay after the others (``started_with``), and players named now that the log
        lacks, when it has no player not named now and its other settings are these, join it
        late now (``joined``): the log's players first, as it lists them, then these.  Once one
        has joined, the players may be named in any order (a folder's: the late one among them)."""
        logged, started = header.get("players"), header.get("started_with")
        if not isinstance(logged, list) or not set(logged) <= set(self.player_ids):
            return
        late = [pid for pid in self.player_ids if pid not in logged]
        if not late and started is None:
            return  # the same league, or one whose differences are named as this one's
        same = {**self.header(), "players": logged, "started_with": started}
        if any(header.get(k) != json.loads(json.dumps(v)) for k, v in same.items() if k != "loader"):
            return
        self.player_ids = [*logged, *late]
        self.started_with = int(started if started is not None else len(logged))
        self.schedule = schedule(len(self.player_ids), self.games_per_pair, self.seed, self.started_with)
        self.tally = Tally(self.player_ids)
        self.joined = late

    def add_late_player(self, player_id: str) -> int:
        """Take ``player_id`` into this league, not running now, after its players: the games
        played stay, its games against each of them are added after the schedule (``schedule``),
        and the log, if any, says so before the next game (its header rewritten as it opens);
        how many games it adds.  ValueError if the player is in the league already."""
        if player_id in self.player_ids:
            raise ValueError(f"{player_id} is in the tournament already")
        if self.is_running():
            raise ValueError("a player joins a tournament only while it is stopped")
        before = self.total
        self.started_with = self.started_with or len(self.player_ids)
        self.player_ids.append(player_id)
        self.schedule += joined_games(len(self.player_ids) - 1, self.games_per_pair, self.seed, before)
        self.tally.add_player(player_id)
        self.joined.append(player_id)
        self._settle_withdrawals()  # a withdrawn player's games against it are not played
        return self.total - before

    def games_of(self, player_id: str) -> list[ScheduledGame]:
        """The scheduled games ``player_id`` plays, in playing order."""
        index = self.player_ids.index(player_id)
        return [g for g in self.schedule if index in g.players]

    def played_by(self, player_id: str) -> int:
        """How many of its games ``player_id`` has played (a void game is not played; nor is a
        game settled by a withdrawal, ``is_withdrawal``, nor one lost as a player could not be
        started, ``never_started``, by either side), as the standings' games played (GP) count
        them: the withdrawal's question and its half-its-games rule counted a student's file that
        never ran as having played its games."""
        return sum(1 for g in self.games_of(player_id) if (r := self.results.get(g.number)) is not None
                   and not is_void(r) and not is_withdrawal(r) and not never_started(r))

    def settled_unplayed(self) -> int:
        """How many of the results were never played (``not_played``: a withdrawal's forfeits and
        annulments, and games lost as a player could not be started): counted as played, they made
        the window's progress say "24 of 40 games played" where 10 were.  Read from the window
        while the run's thread keeps results (``results_now``)."""
        return sum(1 for r in self.results_now() if not_played(r))

    def annulled_played(self) -> int:
        """How many of the games played were annulled by a withdrawal (``is_annulled``): played,
        and counted for no one, so the standings count fewer games than were played.  Read from the
        window while the run's thread keeps results (``results_now``)."""
        return sum(1 for r in self.results_now() if is_annulled(r) and not r.unplayed)

    def results_now(self) -> tuple[GameResult, ...]:
        """The results kept so far, taken at once: the run's thread keeps a result (``_keep``)
        between two steps of a loop over ``results`` in the window's thread, which then ended in
        "dictionary changed size during iteration", caught in the window's loop, at 300 games a
        minute of a 3x3 league (a copy made in one call is not split by the other thread)."""
        return tuple(self.results.values())

    def games_left(self, player_id: str) -> int:
        """How many of its games ``player_id`` has still to play: those without a result, or void
        (a resume plays them again).  None left: there is nothing to withdraw it from."""
        return sum(1 for g in self.games_of(player_id) if (r := self.results.get(g.number)) is None or is_void(r))

    def withdraw(self, player_id: str) -> bool:
        """Withdraw ``player_id`` from this league, not running now: it plays no more games, and
        its games count as ``withdrawal_stands`` rules (its results stand and the games left are
        lost by forfeit, or every game of it is annulled); whether its results stand.  The log,
        if any, says so at once (its header rewritten): a resume, the window's offer and a report
        dropped on the window keep the withdrawal.  A league whose games left were all its own is
        over then: no longer "stopped" (the window's progress and the report's heading said
        "stopped early: 20 of 20 games").  ValueError if it is not a player of the
        league, is withdrawn already, has no game left to play (withdrawn then, its results said it
        "withdrew after 16 of its 16 games"), or the league is running."""
        if player_id not in self.player_ids:
            raise ValueError(f"{player_id} is not a player of this tournament")
        if player_id in self.withdrawn:
            raise ValueError(f"{player_id} is withdrawn already")
        if not self.games_left(player_id):
            raise ValueError(f"{player_id} has no game left to play")
        if self.is_running():
            raise ValueError("a player is withdrawn from a tournament only while it is stopped")
        when = (self.played_by(player_id), len(self.games_of(player_id)))
        if self.log_file and Path(self.log_file).exists():  # first: a log that cannot be rewritten withdraws no one
            from ai.results_log import ResultsLog

            header = self.header()
            header["withdrawn"] = {**header.get("withdrawn", {}), player_id: list(when)}
            ResultsLog.append(self.log_file, {**self.log_notes, **header}).close()
        self.withdrawn[player_id] = when
        self._settle_withdrawals()
        if len(self.results) >= self.total:  # its games were all that was left: over, not "stopped"
            self.cancelled = False
        return withdrawal_stands(*when)

    def _settle_withdrawals(self) -> None:
        """Give each game of a withdrawn player the result ``withdrawal_stands`` rules, the
        withdrawals taken in the order they were made (``withdrawn``'s, as the log's header and
        the report keep them): a game it had not played is lost by forfeit by it where its results
        stand, and every game of one whose results do not stand is annulled, played or not (kept
        with its moves, counted for no one).  So a game left between two players is settled by the
        first of them to withdraw, as ``withdraw`` settled it then: a later withdrawal of the other
        does not make it a double forfeit (only annulling all of that one's games annuls it too).
        Settled all at once from the log, they made 0-0 of what the window and FILE.json showed
        as a forfeit win.  Only results, never the log: the log keeps the games as they were
        played, and the withdrawals in its header."""
        for pid in self.withdrawn:  # in the order they were made
            stands = self._withdrawal_stands(pid)
            for g in self.games_of(pid):
                old = self.results.get(g.number)
                if stands and (old is None or is_void(old)):
                    self._keep(g.number, self._withdrawal_forfeit(g, pid))
                elif not stands and (old is None or not is_annulled(old)):
                    self._keep(g.number, self._annulled(g, old, pid))

    def _withdrawal_stands(self, player_id: str) -> bool:
        return withdrawal_stands(*self.withdrawn[player_id])

    def _withdrawal_forfeit(self, g: ScheduledGame, player_id: str) -> GameResult:
        """Game ``g``, not played, lost by ``player_id``, withdrawn with its results standing."""
        import games

        ids = self.ids_of(g)
        result = unplayed_forfeit(self.game_id, self.options, ids, [ids.index(player_id)],
                                  lambda side: f"{games.info(self.game_id).sides[side]} forfeits: {ids[side]} {WITHDREW}")
        result.unplayed = True
        return result

    def _annulled(self, g: ScheduledGame, old: GameResult | None, player_id: str) -> GameResult:
        """Game ``g`` (``old``, its result if played) annulled: ``player_id`` withdrew before half its games.
        One lost as a player could not be started stays not played (``GameResult.unplayed``), as
        an older report's annulled game with no move reads back (``settled_in_older_file``)."""
        result = replace(old, unplayed=not_played(old)) if old is not None and not is_void(old) else GameResult(
            self.game_id, dict(self.options), list(self.ids_of(g)), unplayed=True)
        result.winner, result.forfeit = None, False
        played, games = self.withdrawn[player_id]
        after = f"after {played} of its" if played else "having played none of its"  # not "after 0 of its 4"
        result.reason = f"{ANNULLED}{player_id} withdrew from the league {after} {games} games"
        return result

    def _take(self, done: dict[int, GameResult], where: str | Path) -> None:
        """Keep ``done`` (game number -> result, from ``where``) as this tournament's results."""
        for number, result in done.items():
            if not 1 <= number <= self.total or list(self.ids_of(self.schedule[number - 1])) != result.players:
                raise ValueError(f"{where}: game {number} does not belong to this tournament's schedule")
            self._keep(number, result)

    def _keep(self, number: int, result: GameResult) -> None:
        """Keep game ``number``'s result, counted in the standings (once: one it replaces is taken out)."""
        old = self.results.get(number)
        if old is not None:
            self.tally.add(old, -1)
        self.results[number] = result
        self.tally.add(result)

    @classmethod
    def from_header(cls, header: dict[str, Any], **running: Any) -> Tournament:
        """The tournament whose settings a results log's header (or a report) holds; ``running``:
        how this one runs (``jobs``, ``log``, ``resume``, ``broken`` ...).  KeyError, TypeError or
        ValueError if the header lacks or garbles a setting."""
        started_with = header.get("started_with")
        return cls(header["game"], list(header["players"]), header.get("options"), int(header["games_per_pair"]),
                   header.get("time_per_move"), seed=header.get("seed"), clock=header.get("clock"),
                   opening_plies=int(header.get("opening_plies") or 0), loader=header.get("loader") or None,
                   started_with=None if started_with is None else int(started_with),
                   withdrawn=withdrawn_of(header), **running)

    @staticmethod
    def results_beside(path: str | Path) -> Path | None:
        """The results (FILE.jsonl, else FILE.json) that ``--out FILE`` wrote beside ``path`` when
        ``path`` is one of its tables (FILE.txt, FILE.md, FILE.html, FILE.csv, FILE-standings.csv):
        a teacher who drops the standings a league printed means that league, which the window's
        reader of games took for a move list ("its first line should name the game (... Alquerque
        ...), not 'Alquerque round robin: ...'").  None for any other file, or with no results there."""
        path = Path(path)
        if path.suffix.lower() not in TABLE_SUFFIXES:
            return None
        stem = path.stem.removesuffix(STANDINGS_SUFFIX) if path.suffix.lower() == ".csv" else path.stem
        for suffix in (".jsonl", ".json"):
            beside = path.with_name(stem + suffix)
            if beside.is_file():
                return beside
        return None

    @classmethod
    def from_files(cls, path: str | Path) -> Tournament | None:
        """The tournament a file of ``--out FILE`` (or of the window's tournament screen) holds:
        FILE.jsonl, the results log (also of a league still running, stopped or killed), or
        FILE.json, the report; rebuilt to be looked at (its tables, its games), not played: no
        player is loaded.  None if the file is no tournament's (a game record, say);
        ValueError naming the file if it is one but cannot be read."""
        from ai.atomic import NotText, TooLarge, capped_text
        from ai.results_log import FORMAT, LogReader

        path = Path(path)
        try:
            if path.suffix.lower() == ".jsonl":
                with path.open("rb") as f:
                    first = f.readline()
                if FORMAT.encode() not in first:
                    return None
                reader = LogReader(path)
                header, done, elapsed = reader.header, {}, 0.0
            elif path.suffix.lower() == ".json":
                try:
                    header = json.loads(capped_text(path, MAX_REPORT_BYTES))
                except TooLarge:
                    raise ValueError(f"{path.name}: too large to be a tournament's results") from None
                except (NotText, ValueError):  # not one JSON object: lines of ``match --json``, say
                    return None
                if not (isinstance(header, dict) and "games_per_pair" in header and "standings" in header):
                    return None
                done = report_games(header["games"], path)
                elapsed = float(header.get("elapsed") or 0.0)
                reader = None
            else:
                return None
            t = _from_file_header(header, path)
        except FileNotFoundError:  # gone since it was dropped: said as a record's reader says it
            raise ValueError(f"{path.name}: no such file") from None
        except OSError as exc:  # a folder, no permission to read: as the C library says it, without "[Errno 21]"
            raise ValueError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise ValueError(f"{path}: cannot be read (not UTF-8 text)") from None
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError, OverflowError, RecursionError) as exc:
            raise ValueError(f"{path}: not a tournament's results ({type(exc).__name__}: {exc})") from None
        t._take(done, path)
        t.reader = reader
        t.read_new_games()
        t._settle_withdrawals()
        t.elapsed = elapsed
        t.cancelled = len(t.results) < t.total  # a league stopped, killed or still running: "stopped"
        names = header.get("titles") or header.get("names")  # the window's log / the report's names
        t.titles = {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) else {}
        if not t.titles:  # an older log: students' files named by whose they are, as the report did
            from ai.outside_names import entry_title

            t.titles = {pid: title for pid in t.player_ids if (title := entry_title(pid))}
        return t

    def read_new_games(self) -> int:
        """Take the games its log (a league shown, ``from_files``) gained since the last read:
        only its new lines are read, and counted into the standings; how many.  ValueError
        naming the file if a line is no game of this tournament; LogReplaced if the log was
        written anew (players joined the league: its header changed), to be shown from the start."""
        if self.reader is None:
            return 0
        before = len(self.results)
        self.reader.check_same_file()
        for game in self.reader.new_games():
            self._take({game.number: game.result}, self.reader.path)
        self.cancelled = len(self.results) < self.total  # a league stopped, killed or still running: "stopped"
        return len(self.results) - before

    def names(self) -> dict[str, str]:
        """Each player's distinct display name (``display_names``): a built-in player by its title
        as the window lists it ("Level 5", "Course minimax 4"), unless ``titles`` name it (the
        window's own, in its language); the command line's reports said "level-5" and
        "alquerque:minimax-4" beside the window's names."""
        return display_names(self.player_ids, {**builtin_titles(self.game_id), **self.titles})

    def pending(self) -> list[ScheduledGame]:
        """The scheduled games without a result yet, in playing order."""
        return [g for g in self.schedule if g.number not in self.results]

    def task(self, g: ScheduledGame) -> dict[str, Any]:
        """Game ``g`` as plain data for ``play_task`` (worker processes, Dask workers)."""
        return {"number": g.number, "game": self.game_id, "options": self.options, "ids": list(self.ids_of(g)),
                "seeds": list(g.seeds), "time": self.time_per_move, "opening": list(self.opening_of(g)),
                "clock": self.clock, "loader": self.task_loader(), "seed_bots": self.seed is not None,
                "broken": self.broken}

    def task_loader(self) -> dict[str, Any]:
        """The outside players' loader options for a game (``loader_logging_beside``)."""
        return loader_logging_beside(self.loader, self.log_file)

    def _remove_empty_logs_folder(self) -> None:
        """Remove the bots' logs folder beside the results log (FILE.bots, ``task_loader``) if no
        bot left a log in it, once every worker has ended: a bot's log is made as it starts and
        removed unless it failed, so a league whose bots all played well left an empty folder
        next to the teacher's results.  A folder with anything in it stays (``rmdir`` removes
        only an empty one); a folder the loader named is the caller's, never touched."""
        if not self.log_file or "log_dir" in self.loader:
            return
        from ai.outside_process import lasting_log_folder

        with contextlib.suppress(OSError):  # not there, or holding a log: kept
            lasting_log_folder(self.log_file).rmdir()

    def opening_of(self, g: ScheduledGame) -> tuple[str, ...]:
        return self.openings[g.round - 1]

    @property
    def total(self) -> int:
        return len(self.schedule)

    def ids_of(self, g: ScheduledGame) -> tuple[str, str]:
        return (self.player_ids[g.players[0]], self.player_ids[g.players[1]])

    def finished(self) -> list[GameResult]:
        """The results so far, in game-number order."""
        return [self.results[n] for n in sorted(self.results)]

    def finished_numbers(self) -> list[int]:
        """The numbers of the games in ``finished()``, same order."""
        return sorted(self.results)

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # -- driving it ---------------------------------------------------------------------------
    def run(self, on_event: Callable[[Event], None] | None = None) -> list[GameResult]:
        """Play every game not played yet (blocking); ``on_event`` gets each event in this thread.
        The time of an earlier run of a stopped tournament is counted on."""
        self._began = time.perf_counter() - self.elapsed
        emit = on_event or (lambda e: None)
        self._open_log()
        try:
            if self.cluster:
                from ai.cluster import run_on_dask

                run_on_dask(self, emit)
            elif self.in_process:
                self._run_here(emit)
            else:
                self._run_pool(emit)
        finally:
            self.elapsed = time.perf_counter() - self._began
            if self._log is not None:
                self._log.close()
                self._log = None
            self._remove_empty_logs_folder()
        emit(TournamentDone(self.cancelled, self.elapsed))
        return self.finished()

    def start(self) -> None:
        """Run in a background thread (games in worker processes); collect events with ``poll``."""
        self.in_process = False
        self._thread = threading.Thread(target=self._run_reporting, daemon=True)
        self._thread.start()

    def join(self, timeout: float | None = None) -> bool:
        """Wait, at most ``timeout`` seconds, for the thread of ``start`` to end (after a stop: its
        last sent game collected, its workers ended, its log closed); whether it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.is_running()

    def _open_log(self) -> None:
        if not self.log_file:
            return
        from ai.results_log import ResultsLog

        if self._log_exists:  # with players who joined late, the header says so first
            header = {**self.log_notes, **self.header()} if self.joined else None
            self._log = ResultsLog.append(self.log_file, header)
            self.joined = []
        else:
            self._log = ResultsLog.create(self.log_file, {**self.log_notes, **self.header()})
            self._log_exists = True

    def _run_reporting(self) -> None:
        try:
            self.run(self._events.put)
        except Exception as exc:  # reported as the last event: the window shows it, never dies
            self.cancelled = True
            self._events.put(TournamentDone(True, self.elapsed, f"{type(exc).__name__}: {exc}"))

    def poll(self) -> list[Event]:
        """The events since the last call (never blocks)."""
        out: list[Event] = []
        while True:
            try:
                out.append(self._events.get_nowait())
            except queue.Empty:
                return out

    def go_on(self) -> bool:
        """Start a stopped tournament again on the games it has not played (the window's Resume;
        the command line's is ``--resume FILE``); whether it started."""
        if self.is_running() or not self.pending():
            return False
        self._stop.clear()
        self.cancelled = False
        self.start()
        return True

    def cancel(self) -> None:
        """Stop: no new game starts; the games whose results workers have sent are kept, a game
        that ends within ``STOP_WAIT`` seconds too, then the worker processes end their bots and
        end (games still in progress are dropped).  A run with games left is cancelled from now
        on: a report written before its thread has seen the stop says it stopped early."""
        self._stop.set()
        if self.is_running() and len(self.results) < self.total:
            self.cancelled = True

    # -- in this process ----------------------------------------------------------------------
    def _run_here(self, emit: Callable[[Event], None]) -> None:
        for g in self.pending():
            if self._stop.is_set():
                self.cancelled = True
                return
            ids = self.ids_of(g)
            emit(GameStarted(g.number, ids))
            on_move = move_emitter(emit, g.number) if self.watch else None
            self._finish(g.number, GameResult(**play_task(self.task(g), on_move)), emit)

    def _finish(self, number: int, result: GameResult, emit: Callable[[Event], None]) -> None:
        """Keep a finished game: in the log first, so that a game the window sees in ``results``
        (and writes in a report as it is left) is already in the log a resume reads."""
        if self._log is not None and not is_void(result):  # a void game is played again on resume
            self._log.write(number, result)
        self._keep(number, result)
        self.elapsed = time.perf_counter() - self._began  # so far: reports written during the run say it
        emit(GameFinished(number, result, len(self.results), self.total))


def _from_file_header(header: dict[str, Any], path: Path) -> Tournament:
    """``Tournament.from_header`` of a file's header, its settings checked first
    (``HEADER_FIELDS``): ValueError naming ``path`` and the first setting that is garbled."""
    missing = [name for name in ("game", "players", "games_per_pair") if name not in header]
    if missing:
        raise ValueError(f"{path}: not a tournament's results (its header lacks {missing[0]!r})")
    for name, (valid, expected) in HEADER_FIELDS.items():
        if name in header and not valid(header[name]):
            raise ValueError(f"{path}: not a tournament's results (its {name!r} should be {expected}, "
                             f"not {header[name]!r:.60})")
    try:
        return Tournament.from_header(header)
    except ValueError as exc:
        raise ValueError(f"{path}: not a tournament's results ({exc})") from None
