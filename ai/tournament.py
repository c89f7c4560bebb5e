"""Round robins among players of one game: the schedule, the worker processes, the standings.

    t = Tournament("rastros", ["level-3", "rastros:basilio", "bots/mine.py:jogador42"],
                   games_per_pair=10, time_per_move=0.5, jobs=2, seed=1)
    t.run(on_event=print)            # blocking; or t.start() + t.poll() from a window's loop; t.standings()

Used by ``main.py tournament`` (ai/commands/tournament.py) and the window's tournament screen.

Schedule: for every unordered pair {A, B} and every round k < ``games_per_pair``, one game with A
first (side 0) and one with B first, so each pair plays ``2 * games_per_pair`` games and each
player has each side equally often.  Games are numbered in round order (round 1 of every pair,
then round 2 ...), so a tournament stopped early is still balanced.  Every game's seeds come from
``seed`` and the game number alone, so results do not depend on ``jobs`` or on timing luck beyond
what the time limit itself allows.  A player who joins late (``add_late_player``; ``--resume`` naming
one its log lacks) plays after the others, numbered on: the games played keep numbers and seeds;
one withdrawn (``withdraw``) plays no more, its games counted as ``withdrawal_stands`` rules.

Referee: ``ai.match.play_game``: over the time limit (plus its grace), an illegal move, a crash or
no move loses the game, and the reason is kept in the result.  Outside players run in their own
processes (ai/outside.py) inside the worker playing the game.

Processes: with ``jobs`` > 1 (or ``in_process=False``) each game is played in one of ``jobs``
worker processes (spawned, ``ai.start_method``: nothing of the caller, e.g. pygame, is inherited); tasks and
results cross as plain dicts, results through ``ai.worker_channel`` (each message written whole).
Stopped (``cancel()``, Ctrl+C, which the workers leave to this process), the workers are asked to
end: each starts no other game and ends by itself once the game it plays is over and sent; those
still playing after ``STOP_WAIT`` seconds (a bot stuck in its move) are ended (SIGTERM: each ends
its bots and removes their folders, made in one folder of the tournament's that is removed after
them, then ends, never in the middle of a message; ``STOP_GRACE``, then SIGKILL).  Every result a
worker sent is read, until its end, and kept: never played again on resume, never counted twice; a
game still in play is dropped, and a resume plays it.  With ``jobs`` == 1 the command line plays
the games in its own process, one after the other; with ``cluster`` ("local" or a Dask scheduler's
address) they are Dask tasks (ai/cluster.py).  Whichever way, a game is the plain-data task of
``Tournament.task`` played by ``play_task``, so the games are the same.

Results log (``log``, ai/results_log.py): every finished game is appended to FILE.jsonl at once;
with ``resume`` the games already there are kept and only the others are played.  Game clocks
(``clock``, ``ai.match.GameClock``) and outside players' loader options are part of each task.

Elo with a 95% interval: ``standings``, kept as games come in (``Tally``; how: ``_set_elo``).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import math
import queue
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ai.match import GameResult
from ai.parent_watch import (
    HeldChild,
    end_on_signals,
    end_with_parent,
    interrupts_set,
    leave_sigint_to_parent,
    sigint_blocked,
)
from ai.reason_names import sides_named
from ai.results_log import is_text
from ai.start_method import worker_context, worker_process
from ai.worker_channel import Sender, SharedFlag, WorkerChannel
from ai.worker_log import from_worker, is_log_record, send_logs_to_parent, workers_level

WORKER_NAME = "tabuleiro-tournament"  # a worker process's name

STOP_WAIT = 1.0  # seconds stopped workers have to end the game they play and end by themselves, before SIGTERM
STOP_GRACE = 1.5  # seconds workers ended by SIGTERM have to end their bots before they are killed
logger = logging.getLogger(__name__)  # in the caller and, sent to it (``ai.worker_log``), in each worker
DOUBLE_FORFEIT = "double forfeit: neither player could be started"  # the reason of such a game (0-0)
WITHDREW = "withdrew from the league"  # why a withdrawn player lost the games it did not play (``withdrawal_stands``)
BOTH_WITHDREW = "double forfeit: both players withdrew from the league"  # 0-0: such a game in older files,
# settled before withdrawals were taken in their order (``_settle_withdrawals``); read, never made now
ANNULLED = "annulled: "  # the reason of a game counted for no one: a player of it withdrew before half its games
TABLE_SUFFIXES = (".txt", ".md", ".html", ".csv")  # the tables ``--out FILE`` writes beside its results
STANDINGS_SUFFIX = "-standings"  # FILE-standings.csv, the standings' table beside FILE.csv, the games'
MAX_REPORT_BYTES = 64 * 1024 * 1024  # a report holds every game's moves (a class league's: a few MB); a dropped
# .json larger than this is refused unread (it was read whole: a 12 MB one took 1.1 s, GBs filled the memory)


# -- the schedule ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScheduledGame:
    number: int  # 1-based, in playing order
    round: int  # 1-based round within its pair
    players: tuple[int, int]  # indices into the tournament's player list, by side
    seeds: tuple[int, int]


def games_in(n_players: int, games_per_pair: int) -> int:
    """How many games ``schedule`` plays: every ordered pair, ``games_per_pair`` times."""
    return n_players * (n_players - 1) * games_per_pair


def schedule(n_players: int, games_per_pair: int, seed: int | None = None,
             started_with: int | None = None) -> list[ScheduledGame]:
    """Every pair, both ways, ``games_per_pair`` rounds; seeds fixed by ``seed`` and the game number.

    ``started_with``: the league began with the first ``started_with`` players and the others
    joined late, one after the other: the first players' schedule stays as it was (every game's
    number and seeds), and each late player's games follow it, numbered on (``joined_games``)."""
    first = n_players if started_with is None else started_with
    games: list[ScheduledGame] = []
    base = 0 if seed is None else seed * 100_003
    for rnd in range(1, games_per_pair + 1):
        games += _round(rnd, itertools.combinations(range(first), 2), base, len(games) + 1)
    for late in range(first, n_players):
        games += joined_games(late, games_per_pair, seed, len(games))
    return games


def joined_games(late: int, games_per_pair: int, seed: int | None, before: int) -> list[ScheduledGame]:
    """The games of player ``late`` (an index), who joins a league of the ``late`` players before
    it: against each of them, both ways, ``games_per_pair`` rounds, numbered after the ``before``
    games already scheduled."""
    games: list[ScheduledGame] = []
    base = 0 if seed is None else seed * 100_003
    for rnd in range(1, games_per_pair + 1):
        games += _round(rnd, ((other, late) for other in range(late)), base, before + len(games) + 1)
    return games


def _round(rnd: int, pairs: Iterable[tuple[int, int]], base: int, number: int) -> list[ScheduledGame]:
    """Round ``rnd`` of ``pairs``, each pair both ways (the first named first in odd rounds), the
    games numbered from ``number``, their seeds from ``base`` and their numbers."""
    games = []
    for a, b in pairs:
        for first, second in ((a, b), (b, a)) if rnd % 2 else ((b, a), (a, b)):
            games.append(ScheduledGame(number, rnd, (first, second), (base + 2 * number, base + 2 * number + 1)))
            number += 1
    return games


# -- events ------------------------------------------------------------------------------------------
@dataclass
class GameStarted:
    number: int
    players: tuple[str, str]


@dataclass
class MovePlayed:
    number: int
    move: str  # notation
    ply: int


@dataclass
class GameFinished:
    number: int
    result: GameResult
    done: int  # games finished so far
    total: int


@dataclass
class TournamentDone:
    cancelled: bool
    elapsed: float
    error: str = ""  # set when the tournament itself failed (e.g. worker processes could not start)


Event = GameStarted | MovePlayed | GameFinished | TournamentDone


# -- playing one game (in a worker or in the caller's process) ----------------------------------
def unplayed_forfeit(game_id: str, options: dict[str, Any], ids: Sequence[str], losers: list[int],
                     reason: Callable[[int], str], both: str | None = None) -> GameResult:
    """A game not played, lost by the side(s) ``losers``: by one (``reason(side)``), the other
    winning, or by both (``both``, the reason, a loss for each and a win for neither), given only
    by a caller whose losers may be two: a withdrawal's forfeit has one loser."""
    result = GameResult(game_id, dict(options), list(ids), forfeit=True)
    if len(losers) == 2:
        if both is None:
            raise ValueError("a game lost by both sides needs the reason both lost it for")
        result.reason = both
        return result
    result.winner = 1 - losers[0]
    result.reason = reason(losers[0])
    return result


def play_scheduled(game_id: str, options: dict[str, Any], ids: tuple[str, str], seeds: tuple[int, int],
                   time_per_move: float | None, on_move: Callable[[str], None] | None = None,
                   opening: tuple[str, ...] = (), clock: str | None = None,
                   loader: dict[str, Any] | None = None, broken: dict[str, str] | None = None,
                   seed_bots: bool = False) -> GameResult:
    """One game of the tournament, after the ``opening`` moves (notation), on the game ``clock``
    (``GameClock`` text) if any; a player that cannot even be created, or is in ``broken`` (known
    not to load: id -> why), loses it with the reason kept; ``seed_bots``: outside players get
    their ``seeds`` too."""
    import games
    from ai.match import GameClock, play_with_new_players

    game = games.load(game_id, **options)
    unable = [side for side, pid in enumerate(ids) if broken and pid in broken]
    if unable:  # neither can play: a loss for both, not a win for either
        return unplayed_forfeit(game_id, game.options, ids, unable,
                                lambda side: f"{game.sides[side]} forfeits: {ids[side]} could not be started: "
                                             f"{broken[ids[side]]}", both=DOUBLE_FORFEIT)
    callback = None
    if on_move is not None:
        def callback(before, move, after) -> None:
            on_move(game.format_move(before, move))
    moves, state = [], game.initial_state()
    for text in opening:
        moves.append(game.parse_move(state, text))
        state = state.play(moves[-1])
    return play_with_new_players(game, ids, seeds, time_per_move, moves, GameClock.parse(clock) if clock else None,
                                 loader, callback, seed_bots=seed_bots)


def loader_logging_beside(loader: dict[str, Any], log_file: str | None) -> dict[str, Any]:
    """Outside players' ``loader`` options with, given a results log, the bots' logs beside it
    (``lasting_log_folder``), so the logs its forfeits name last as long as it does; a folder the
    loader names already is kept.  For the games and for the players' loading before them (a file
    that cannot be loaded forfeits every game naming that one log)."""
    if not log_file or "log_dir" in loader:
        return loader
    from ai.outside_process import lasting_log_folder

    return {**loader, "log_dir": str(lasting_log_folder(log_file))}


def play_task(task: dict[str, Any], on_move: Callable[[str], None] | None = None) -> dict[str, Any]:
    """``play_scheduled`` on a task as ``Tournament.task`` makes it (plain data, so it can cross to a
    worker process or a Dask worker); returns the result as a dict (``GameResult(**it)``)."""
    ids = tuple(task.get("load_ids") or task["ids"])  # load_ids: the same players at absolute paths (Dask)
    broken = {ids[k]: task["broken"][pid] for k, pid in enumerate(task["ids"]) if pid in (task.get("broken") or {})}
    result = play_scheduled(task["game"], task["options"], ids, tuple(task["seeds"]), task["time"],
                            on_move, tuple(task["opening"]), task.get("clock"), task.get("loader"), broken,
                            task.get("seed_bots", False))
    result.players = list(task["ids"])
    return asdict(result)


def _move_reporter(put: Callable, number: int) -> Callable[[str], None]:
    ply = itertools.count(1)
    return lambda text: put(("move", number, (text, next(ply))))


def move_emitter(emit: Callable, number: int) -> Callable[[str], None]:
    ply = itertools.count(1)
    return lambda text: emit(MovePlayed(number, text, next(ply)))


def _worker_main(tasks, events: Sender, watch: bool, folders: str | None, stopping, log_level: int | None = None) -> None:
    """A worker process: play the games it is given until it gets None, or ``stopping`` is set
    (Stop: it starts no other game and ends once the one it plays is sent).  Its parent gone, it
    ends; SIGTERM ends its bots, then it, after the message it is writing.  The terminal's Ctrl+C
    is its parent's, which stops it as Stop does.  Its bots' folders are made in ``folders``.  Its
    target is ``run_then_exit``: done, it ends at once, not after the teardown of every engine it
    imported (numba's with them), on a core a worker still playing the last games could use.
    ``log_level``: its log lines go to the parent's log file at that level (``ai.worker_log``)."""
    from ai.outside_process import make_folders_in

    if log_level is not None:
        send_logs_to_parent(events, log_level)

    leave_sigint_to_parent()  # started with SIGINT blocked (``sigint_blocked``): ignored from now on
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # so too where there are no signal masks (Windows)
    end_on_signals(signal.SIGTERM)
    end_with_parent()
    make_folders_in(folders)
    while not stopping.is_set():
        task = tasks.get()
        if task is None or stopping.is_set():
            return
        _play_reporting(task, events.put, watch)


def _play_reporting(task: dict[str, Any], put: Callable, watch: bool) -> None:
    """Play one task in a worker, its start, moves (``watch``) and end told through ``put``; our
    own failure is told as ("error", number, what failed and where: ``failure_text``)."""
    number = task["number"]
    put(("start", number, None))
    on_move = _move_reporter(put, number) if watch else None
    try:
        result = play_task(task, on_move)
        logger.debug("tournament game %d played: %s, winner %s (%s)", number, " vs ".join(result["players"]),
                  result["winner"], result["reason"])
        put(("done", number, result))
    except Exception as exc:
        logger.warning("tournament game %d failed: %s", number, failure_text(exc))
        put(("error", number, failure_text(exc)))


def failure_text(exc: BaseException) -> str:
    """An exception of ours in one line, with where it was raised: "KeyError: 'x' (at
    ai/match.py line 212, in play_game)".  A void game's reason ends with it: its last line
    alone named no place to look."""
    said = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    text = " ".join(line.strip() for line in said.strip().splitlines())  # a message of several lines: one line
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return text
    where = Path(frames[-1].filename)
    root = Path(__file__).resolve().parent.parent
    shown = where.relative_to(root).as_posix() if where.is_relative_to(root) else where.name
    return f"{text} (at {shown} line {frames[-1].lineno}, in {frames[-1].name})"


# -- the tournament ----------------------------------------------------------------------------------
SETTING_WORDS = {"game": "the game", "options": "--option", "players": "the players", "games_per_pair": "--games",
                 "time_per_move": "--time", "clock": "--clock", "seed": "--seed", "opening_plies": "--openings"}
"""A results log header's settings, by the words of the command line that sets them."""


def setting_text(value: Any) -> str:
    """A setting as a command line writes it: ``level-1 level-2`` for players, ``size=9 swap=false``
    for options, ``none`` for a setting not given (not Python's ``['level-1', 'level-2']`` nor its
    ``False``, which ``--option swap=False`` would not be typed as)."""
    if value is None or value in ({}, []):
        return "none"
    if isinstance(value, dict):
        return " ".join(f"{k}={_value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(_value_text(v) for v in value)
    return _value_text(value)


def _value_text(value: Any) -> str:
    """One value as typed: ``true``/``false`` for a yes-or-no option, ``0.5`` for seconds."""
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}" if isinstance(value, float) else str(value)


class Tournament:
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
        game settled by a withdrawal, ``is_withdrawal``)."""
        return sum(1 for g in self.games_of(player_id) if (r := self.results.get(g.number)) is not None
                   and not is_void(r) and not is_withdrawal(r))

    def settled_unplayed(self) -> int:
        """How many of the results were settled by a withdrawal without being played (its forfeits
        and annulments, ``GameResult.unplayed``): counted as played, they made the window's
        progress say "24 of 40 games played" where 10 were."""
        return sum(1 for r in self.results.values() if r.unplayed)

    def annulled_played(self) -> int:
        """How many of the games played were annulled by a withdrawal (``is_annulled``): played,
        and counted for no one, so the standings count fewer games than were played."""
        return sum(1 for r in self.results.values() if is_annulled(r) and not r.unplayed)

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
        """Game ``g`` (``old``, its result if played) annulled: ``player_id`` withdrew before half its games."""
        result = replace(old) if old is not None and not is_void(old) else GameResult(
            self.game_id, dict(self.options), list(self.ids_of(g)), unplayed=True)
        result.winner, result.forfeit = None, False
        played, games = self.withdrawn[player_id]
        result.reason = f"{ANNULLED}{player_id} withdrew from the league after {played} of its {games} games"
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

    # -- in worker processes --------------------------------------------------------------------
    def _run_pool(self, emit: Callable[[Event], None]) -> None:
        ctx = worker_context()  # spawned, as the window's AI workers (the test suite forks them warm)
        tasks, events, stopping = ctx.Queue(), WorkerChannel(ctx), SharedFlag(ctx)  # no lock a killed worker keeps
        pending = self.pending()
        for g in pending:
            tasks.put(self.task(g))
        folders = tempfile.mkdtemp(prefix="tabuleiro-tournament-")  # the workers' bots' folders, removed at the end
        level = workers_level()  # told only when the log file is written: nothing set up in the workers else
        workers = [worker_process(ctx, WORKER_NAME, _worker_main, tasks, events.sender(), self.watch, folders, stopping,
                                  **({"log_level": level} if level is not None else {}))
                   for _ in range(min(self.jobs, len(pending)))]
        for _ in workers:
            tasks.put(None)
        by_number = {g.number: g for g in self.schedule}
        with interrupts_set(self._stop):  # Ctrl+C stops as Stop does: the games sent are kept
            self._play_pool(tasks, events, stopping, workers, folders, by_number, emit)

    def _play_pool(self, tasks, events: WorkerChannel, stopping, workers: list, folders: str,
                   by_number: dict[int, ScheduledGame], emit: Callable[[Event], None]) -> None:
        """Start the workers and collect their games until all are in or the tournament stops.  Each
        is signalled through its ``HeldChild``: the window's thread, starting a process, may reap
        one that ended (``multiprocessing``'s cleanup) as this one asks ``is_alive``."""
        held: list[HeldChild] = []  # the started workers
        try:
            # the terminal's Ctrl+C is for this process, which stops them; one pressed meanwhile
            # waits for the starts (ignored, it was lost: the league played on)
            with sigint_blocked():
                for w in workers:
                    w.start()
                    held.append(HeldChild(w))
            events.opened()
            while len(self.results) < self.total:
                if self._stop.is_set():
                    self._stop_playing(events, stopping, held, emit, by_number)
                    self.cancelled = len(self.results) < self.total
                    return
                # looked at before the wait: a worker that puts its last result and ends during the
                # wait has left that result in the pipe, for the next wait (looked at after, the
                # game was void although played: "a worker process died")
                ended = not any(w.is_alive() for w in workers)
                message = events.receive(0.1)
                if message is not None:
                    self._pass_on(message, emit, by_number)
                elif (ended or events.broken) and not self._stop.is_set():  # broken: one died writing
                    self._lost_games(emit, by_number, f"a worker process died ({how_ended(workers)})")
                    return
        finally:
            held += [HeldChild(w) for w in workers[len(held):] if w.pid is not None]  # started as Ctrl+C came
            _stop_workers(held)
            shutil.rmtree(folders, ignore_errors=True)  # what a worker killed in the middle of a bot's start left
            tasks.cancel_join_thread()
            tasks.close()
            events.close()

    def _pass_on(self, message: tuple[str, int, Any], emit: Callable[[Event], None],
                 by_number: dict[int, ScheduledGame]) -> None:
        """Pass on a worker's message: a game's start, a move, or its end (``_collect``); or a line
        of its log (``ai.worker_log``)."""
        if is_log_record(message):
            from_worker(message)
            return
        kind, number, data = message
        if kind == "start":
            emit(GameStarted(number, self.ids_of(by_number[number])))
        elif kind == "move":
            emit(MovePlayed(number, data[0], data[1]))
        else:
            self._collect(kind, number, data, emit, by_number)

    def _collect(self, kind: str, number: int, data: Any, emit: Callable[[Event], None],
                 by_number: dict[int, ScheduledGame]) -> None:
        """Keep a worker's end of a game: "done" its result, "error" (our own bug while
        refereeing) a void game (a draw) with the reason kept."""
        if kind == "done":
            self._finish(number, GameResult(**data), emit)
        else:
            result = GameResult(self.game_id, dict(self.options), list(self.ids_of(by_number[number])))
            result.reason = f"void: the referee failed: {data}"
            self._finish(number, result, emit)

    def _stop_playing(self, events: WorkerChannel, stopping, held: list[HeldChild], emit: Callable[[Event], None],
                      by_number: dict[int, ScheduledGame]) -> None:
        """Stop: the workers are asked to end (``stopping``): each starts no other game, and ends
        once the game it plays is over and sent.  What they send is read until every worker has
        ended, at most ``STOP_WAIT`` seconds; those still playing are then ended (SIGTERM, which
        waits for a message being written) and read until they have, at most ``STOP_GRACE``
        seconds more; any left is killed, and nothing more is read (a kill may cut a message).
        A game that ended as Stop was pressed was dropped with its result in the pipe, or, put
        but not yet written, with its worker, and a resume played it again."""
        stopping.set()
        workers = [h.process for h in held]
        self._read_until_ended(events, workers, STOP_WAIT, emit, by_number)
        for h in held:
            if h.process.is_alive():
                h.terminate()
        if sys.platform != "win32":  # Windows' terminate kills at once: it may cut a message
            self._read_until_ended(events, workers, STOP_GRACE, emit, by_number)

    def _read_until_ended(self, events: WorkerChannel, workers: list, seconds: float,
                          emit: Callable[[Event], None], by_number: dict[int, ScheduledGame]) -> None:
        """Take the workers' messages until every worker has ended and all it sent is read, or
        ``seconds`` have passed."""
        deadline = time.monotonic() + seconds
        while True:
            ended = not any(w.is_alive() for w in workers)  # before the read: what it sent is then in the pipe
            message = events.receive(0.0 if ended else min(0.05, max(0.0, deadline - time.monotonic())))
            if message is not None:
                self._pass_on(message, emit, by_number)
            elif ended or events.broken or time.monotonic() >= deadline:
                return

    def _lost_games(self, emit, by_number, why: str) -> None:
        for number, g in by_number.items():
            if number not in self.results:
                result = GameResult(self.game_id, dict(self.options), list(self.ids_of(g)))
                result.reason = f"void: {why}"
                self._finish(number, result, emit)


def how_ended(workers: list) -> str:
    """How worker processes ended, for a void game's reason: "killed by SIGKILL", "ended by
    SIGTERM" (``end_on_signals``: status 128 + the signal), "exit status 1"; each way once, and
    those that ended well (status 0, their work done) only when no other did."""
    failed = [w for w in workers if w.exitcode != 0]
    ways = []
    for w in failed or workers:
        code = w.exitcode
        if code is not None and (code < 0 or code > 128):
            try:
                name = signal.Signals(abs(code) if code < 0 else code - 128).name
            except ValueError:
                name = ""
            if name:
                ways.append(f"killed by {name}" if code < 0 else f"ended by {name}")
                continue
        ways.append(f"exit status {code}")
    return ", ".join(dict.fromkeys(ways))


def _stop_workers(held: list[HeldChild]) -> None:
    """End the started workers still running: SIGTERM (each ends its bots, their processes and
    folders, then itself), and after ``STOP_GRACE`` seconds SIGKILL for any that has not ended;
    signalled through their ``HeldChild``, never by a pid another thread's reap may have freed."""
    for h in held:
        if h.process.is_alive():
            h.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for h in held:
        h.process.join(timeout=max(0.0, deadline - time.monotonic()))
    for h in held:
        if h.process.is_alive():
            h.kill()
            h.process.join(timeout=5)
        h.close()


# -- names -----------------------------------------------------------------------------------------
def builtin_titles(game_id: str) -> dict[str, str]:
    """Each built-in player of ``game_id`` (id -> title, in English: ``ai.roster``)."""
    import ai

    return {info.id: info.title for info in ai.catalog(game_id)}


def display_names(player_ids: list[str], titles: dict[str, str] | None = None) -> dict[str, str]:
    """A distinct short name per player for tables: its title if it has one (outside players: the
    name the student gives, or the folder), else the id without its directories; where two would
    look alike, more of the file's path is shown until they differ (``a/player.py:Player`` and
    ``b/player.py:Player``, not ``player.py:Player`` twice).  A student's file titled by its
    stem (``aluno``, ``entry_title``) takes its folders before the stem (``a/aluno`` and
    ``b/aluno``, for bots/a/aluno.py and bots/b/aluno.py)."""
    titles = titles or {}

    def candidates(pid: str) -> list[str]:
        separators = pid.count("/") + (pid.count("\\") if sys.platform == "win32" else 0)
        title = titles.get(pid)
        if title and title == _path_tail(pid, 1, stem=True):
            return list(dict.fromkeys([_path_tail(pid, depth, stem=True) for depth in range(1, separators + 2)] + [pid]))
        paths = [_path_tail(pid, depth) for depth in range(1, separators + 2)] + [pid]
        paths = list(dict.fromkeys(paths))
        return [title] + [f"{title} ({p})" for p in paths] if title else paths

    options = {pid: candidates(pid) for pid in player_ids}
    level = dict.fromkeys(player_ids, 0)
    while True:
        names = {pid: options[pid][level[pid]] for pid in player_ids}
        seen: dict[str, list[str]] = {}
        for pid, name in names.items():
            seen.setdefault(name, []).append(pid)
        clashing = {pid for group in seen.values() if len(group) > 1 for pid in group
                    if level[pid] + 1 < len(options[pid])}
        if not clashing:
            return names
        # players of one title go on together: one stopped at the first difference, its player's
        # name ("ana (jogador.py:choose)" beside "ana (x/ana/jogador.py)"), said nothing of its folder
        steps = {(titles.get(pid), level[pid]) for pid in clashing if titles.get(pid)}
        for pid in player_ids:
            if pid in clashing or ((titles.get(pid), level[pid]) in steps and level[pid] + 1 < len(options[pid])):
                level[pid] += 1


def _path_tail(player_id: str, depth: int, stem: bool = False) -> str:
    """``player_id`` with only the last ``depth`` parts of an outside file's path; with ``stem``,
    the file without its extension, nor ``:choose``, the function a file plays by (``a/aluno``)."""
    import ai

    if not ai.is_outside_player(player_id) or player_id.startswith("gtp:"):
        return player_id
    at = max(player_id.rfind(ext) for ext in (".py", ".ipynb", ".json"))
    end = player_id.find(":", at) if at >= 0 else -1
    path, rest = (player_id[:end], player_id[end:]) if end >= 0 else (player_id, "")
    parts = list(Path(path).parts[-depth:])
    if stem:
        parts[-1] = Path(parts[-1]).stem
        rest = "" if rest == ":choose" else rest
    return "/".join(parts) + rest


# -- standings ---------------------------------------------------------------------------------
# Games a player needs for its rating to be shown: with fewer, the 95% interval is too wide to
# mean anything (after 2 games, "+0 (<-225..>+225)").  The window's table, its saved report and
# the command line's all follow it (``Standing.rated``), FILE-standings.csv too (empty cells): the
# reports showed such figures where the window's table showed "–".
MIN_RATED_GAMES = 8
# What the screen and the text reports (printed, FILE.txt, FILE.md, FILE.html) write for no value:
# an unrated player's Elo, a crosstable's cell of a player against itself.  The reports wrote "-"
# where the screen wrote "–", and "-" beside "-12" reads as a minus.  The CSV files and FILE.json
# keep numbers for a program (docs/leagues.md); an unrated Elo is empty cells in the CSV.
NO_VALUE = "–"
DRAW_RESULT = "½-½"  # a drawn game's result on the screen and the terminal's progress; FILE.csv keeps "1/2-1/2"


def half_points(points: float) -> str:
    """Points as the screen and the text reports write them: "3½", "½", "4" (shorter than "3.5",
    in every language alike, and never "1/2").  The reports wrote "1.5" where the screen wrote
    "1½"; FILE.csv and FILE.json keep the number (1.5), for a program to read."""
    whole, half = divmod(round(points * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


@dataclass
class Standing:
    player: str
    rank: int = 0
    games: int = 0
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0  # games lost by time, illegal move or crash
    first_side_points: float = 0.0  # points scored as game.sides[0]
    elo: float = 0.0
    elo_low: float = 0.0
    elo_high: float = 0.0
    elo_bound: str = ""  # "" or "<" (scored 0%) or ">" (scored 100%)
    elo_low_open: bool = False  # the interval's lower end is the cap (0% + half a game): no lower end
    elo_high_open: bool = False  # its upper end is the cap (100% - half a game): no upper end

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def rated(self) -> bool:
        """Whether the player has the ``MIN_RATED_GAMES`` games for its rating to be shown."""
        return self.games >= MIN_RATED_GAMES

    def elo_text(self) -> str:
        """"+286 (+146..+645)": the rating and its 95% interval's ends as they are (the interval is
        not symmetric: "± N" misread it); an end at the cap is open, ">+645" ("<-645"): the data
        give no end on that side.  ">+314" for a perfect score, "<-314" for none (a bound).
        ``NO_VALUE`` ("–") before ``MIN_RATED_GAMES`` games (``rated``)."""
        if not self.rated:
            return NO_VALUE
        if self.elo_bound:
            return f"{self.elo_bound}{_elo(self.elo)}"
        low = ("<" if self.elo_low_open else "") + _elo(self.elo_low)
        high = (">" if self.elo_high_open else "") + _elo(self.elo_high)
        return f"{_elo(self.elo)} ({low}..{high})"


def _elo(value: float) -> str:
    """A rating as a table writes it: "+35", "-12", never "-0"."""
    return f"{round(value) or 0:+d}"


def _points(result: GameResult, side: int) -> float:
    if is_double_forfeit(result):
        return 0.0
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner == side else 0.0


def is_double_forfeit(result: GameResult) -> bool:
    """A game both sides forfeit (neither could be started): 0-0, a forfeited loss for each, as a
    win for either would reward a file that does not load."""
    return result.forfeit and result.winner is None


def is_void(result: GameResult) -> bool:
    """A game our side failed to play to its end (a worker died, the referee failed): it has no
    result, counts for no one, and ``--resume`` plays it again."""
    return result.reason.startswith("void:")


def is_annulled(result: GameResult) -> bool:
    """A game annulled because a player of it withdrew before half its games (``withdrawal_stands``):
    kept, with its moves if it was played, and counted for no one."""
    return result.reason.startswith(ANNULLED)


def is_withdrawal(result: GameResult) -> bool:
    """A game settled by a withdrawal, not played: annulled, or lost by forfeit by a withdrawn player."""
    return is_annulled(result) or result.reason == BOTH_WITHDREW or result.reason.endswith(f" {WITHDREW}")


def lost_by_withdrawal(results: Iterable[GameResult], player_id: str) -> int:
    """How many of ``results`` ``player_id`` lost by forfeit for its withdrawal (an older file's
    double forfeit between two withdrawn players, ``BOTH_WITHDREW``, is lost by both): not every
    game a withdrawn player did not play, as another's withdrawal may have given it some of them
    as forfeit wins, or annulled them; the report's note said "the games it did not play are lost
    by forfeit" beside a crosstable that showed them won."""
    return sum(1 for r in results if is_withdrawal(r) and r.forfeit and player_id in r.players
               and (r.winner is None or r.players[r.winner] != player_id))


def settled_in_older_file(result: GameResult) -> bool:
    """Whether ``result``, read from a report (FILE.json) written before ``GameResult.unplayed``
    was, is a game a withdrawal settled without play: those files marked it by its reason alone.
    A withdrawal's forfeit (``WITHDREW``, ``BOTH_WITHDREW``) was never played; an annulled game was
    played if it kept moves or time used (``_annulled`` keeps those of a game played).  Unmarked,
    such games counted as played: the report's heading said "12 games" of a league that played 10."""
    if is_annulled(result):
        return not result.moves and not any(result.time_used)
    return is_withdrawal(result)


def counts(result: GameResult) -> bool:
    """Whether ``result`` counts in the standings and the crosstable: neither void nor annulled."""
    return not is_void(result) and not is_annulled(result)


def withdrawal_stands(played: int, games: int) -> bool:
    """Whether the results of a player withdrawn from a league after ``played`` of its ``games``
    stand, as university and chess round robins rule it: with at least half its games played
    they stand, and the games it did not play are lost by forfeit (its opponents are not
    penalised for meeting it late); with fewer, every game of it is annulled, its opponents'
    results against it too, so that no one gains from having met it early."""
    return 2 * played >= games


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


HEADER_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "game": (is_text, "a game id"),
    "players": (lambda v: isinstance(v, list) and all(is_text(p) for p in v), "a list of player ids"),
    "options": (lambda v: v is None or isinstance(v, dict), "an object"),
    "games_per_pair": (lambda v: _whole(v) and v > 0, "a whole number above 0"),
    "time_per_move": (lambda v: v is None or (isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v < 1e9),
                      "a number of seconds"),
    "clock": (lambda v: v is None or is_text(v), "a clock's text or null"),
    "seed": (lambda v: v is None or type(v) is int, "a whole number or null"),
    "opening_plies": (lambda v: v is None or _whole(v), "a whole number"),
    "loader": (lambda v: v is None or isinstance(v, dict), "an object"),
    "started_with": (lambda v: v is None or _whole(v), "a whole number"),
    "withdrawn": (lambda v: v is None or isinstance(v, dict), "an object"),
}
"""What each setting of a results log's header (or a report) must hold to be read as a
tournament: one edited by hand ("options": true) said Python's "'bool' object has no attribute
'items'", or raised OverflowError ("games_per_pair": Infinity) as the window opened it."""


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


def report_games(games: Any, path: Path) -> dict[int, GameResult]:
    """The games of a report (its ``games``) by number, those an older report wrote without
    ``unplayed`` marked as it marked them (``settled_in_older_file``); ValueError naming ``path``
    and the first game that is not one (``ai.results_log.result_of``)."""
    from ai.results_log import result_of

    if not isinstance(games, list):
        raise ValueError(f"{path}: its games should be a list, not {games!r:.60}")
    done = {}
    for index, data in enumerate(games, 1):
        try:
            result = result_of(data)
            if "unplayed" not in data:  # an older report's: its withdrawal's games marked by their reason
                result.unplayed = settled_in_older_file(result)
            done[int(data["number"])] = result
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError(f"{path}: game {index} of its list is not a finished game ({exc})") from None
    return done


def withdrawn_of(header: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """The withdrawn players of a log's header or a report: id -> (the games it had played, its
    games then: a player joining later adds games, not to its withdrawal's reckoning); TypeError
    or ValueError if garbled."""
    return {str(pid): (int(when[0]), int(when[1])) for pid, when in (header.get("withdrawn") or {}).items()}


def settled_unplayed(header: dict[str, Any], played: Iterable[int]) -> int:
    """How many games of the league a log's ``header`` describes, besides the numbers ``played``
    in its log, its withdrawn players' games settle unplayed (forfeits or annulments): a league
    whose last games were those of a withdrawn player is over with fewer games logged than its
    schedule.  TypeError, ValueError or KeyError if the header garbles a setting."""
    gone = withdrawn_of(header)
    if not gone:
        return 0
    players = list(header["players"])
    started = header.get("started_with")
    indices = {players.index(pid) for pid in gone if pid in players}
    logged = set(played)
    return sum(1 for g in schedule(len(players), int(header["games_per_pair"]), header.get("seed"),
                                   None if started is None else int(started))
               if g.number not in logged and indices & set(g.players))


def games_each(n_players: int, games_per_pair: int) -> int:
    """How many games each player of a round robin of ``n_players`` plays: ``games_per_pair`` each
    way against every other player."""
    return 2 * games_per_pair * (n_players - 1)


def joined_late(player_ids: list[str], started_with: int | None, games_per_pair: int,
                done: Callable[[str], int]) -> list[tuple[str, int]]:
    """(player, games it has still to play) of each player who joined the league late and has
    games left (``done``: a player's games with a result, ``Tally.done``): its games come after
    the others', so until then its row reads 0 points of 0 games, as if it had lost everything
    (the reports and the window say so under the standings)."""
    if started_with is None:
        return []
    every = games_each(len(player_ids), games_per_pair)
    return [(pid, every - done(pid)) for pid in player_ids[started_with:] if every > done(pid)]


def outcome(result: GameResult, draw: str = "1/2-1/2") -> str:
    """The result as a table writes it: "1-0", "0-1", ``draw``; "void" for a void game, which has
    none (it is not a draw), "annulled" for an annulled one (``is_annulled``)."""
    if is_void(result):
        return "void"
    if is_annulled(result):
        return "annulled"
    if is_double_forfeit(result):
        return "0-0"
    if result.winner is None:
        return draw
    return "1-0" if result.winner == 0 else "0-1"


def elo_from_score(score: float) -> float:
    """The logistic model's rating difference for a score fraction in (0, 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


class Tally:
    """The standings kept as games come in (``add``): each game is counted once, so a league's
    table after each new game (a window following a log, the live report) costs that game, not
    the whole league again; ``standings`` ranks what was added."""

    def __init__(self, player_ids: list[str], results: Iterable[GameResult] = ()) -> None:
        self.player_ids = list(player_ids)
        self._rows = {pid: Standing(pid) for pid in self.player_ids}
        self._squares = dict.fromkeys(self.player_ids, 0.0)  # each player's sum of its games' points squared (Elo)
        self._done = dict.fromkeys(self.player_ids, 0)  # each player's games with a result, annulled ones too
        self.counted = 0  # games added (void ones too), less those taken back out
        for result in results:
            self.add(result)

    def add_player(self, player_id: str) -> None:
        """A player who joined late, with no game yet."""
        self.player_ids.append(player_id)
        self._rows[player_id] = Standing(player_id)
        self._squares[player_id] = 0.0
        self._done[player_id] = 0

    def add(self, result: GameResult, sign: int = 1) -> None:
        """Count a finished game (a void one counts for no one); ``sign`` -1 takes it back out."""
        self.counted += sign
        if is_void(result):
            return
        for pid in result.players:
            self._done[pid] += sign
        if is_annulled(result):
            return
        for side, pid in enumerate(result.players):
            s = self._rows[pid]
            p = _points(result, side)
            s.games += sign
            s.points += sign * p
            self._squares[pid] += sign * p * p
            if side == 0:
                s.first_side_points += sign * p
            if result.winner is None and not result.forfeit:
                s.draws += sign
            elif result.winner == side:
                s.wins += sign
            else:  # a loss, or a double forfeit: a loss for both
                s.losses += sign
                s.forfeits += sign * int(result.forfeit)

    def done(self, player_id: str) -> int:
        """How many of ``player_id``'s games have a result: played, or settled by a withdrawal."""
        return self._done[player_id]

    def standings(self) -> list[Standing]:
        """Points (win 1, draw 1/2), W/D/L, forfeits and Elo with a 95% interval, best first: on
        equal points more wins, then fewer forfeits, come first; players level on all three share
        a rank (listed in the order they were named).  New rows: the tally goes on unchanged."""
        player_ids = self.player_ids
        table = {pid: replace(row) for pid, row in self._rows.items()}
        k = len(player_ids)
        factor = (k - 1) / k if k > 1 else 1.0
        for pid, s in table.items():
            _set_elo(s, self._squares[pid], factor)
        rated = [s for s in table.values() if s.games]
        shift = sum(s.elo for s in rated) / len(rated) if rated else 0.0
        for s in rated:  # the logistic curve is not linear: centre the ratings exactly on 0
            s.elo, s.elo_low, s.elo_high = s.elo - shift, s.elo_low - shift, s.elo_high - shift

        named = {pid: i for i, pid in enumerate(player_ids)}
        return _ranked(sorted(table.values(), key=lambda s: (*_merit(s), named[s.player])))


def _merit(s: Standing) -> tuple[float, int, int]:
    """What ranks a player: more points, then more wins, then fewer forfeits."""
    return (-s.points, -s.wins, s.forfeits)


def _ranked(order: list[Standing]) -> list[Standing]:
    """``order`` (best first) with its ranks: players level on everything share a rank ("1224"
    ranking): the order they were named in (a folder's alphabet) is no merit, and a class's winner
    must not hang on it."""
    for place, s in enumerate(order, 1):
        s.rank = order[place - 2].rank if place > 1 and _merit(order[place - 2]) == _merit(s) else place
    return order


def annulled_players(withdrawn: dict[str, tuple[int, int]]) -> list[str]:
    """The withdrawn players whose games are all annulled (``withdrawal_stands``): they have no
    result left, so they are shown apart from the standings, not ranked."""
    return [pid for pid, when in withdrawn.items() if not withdrawal_stands(*when)]


def ranked_apart(order: list[Standing], withdrawn: dict[str, tuple[int, int]]) -> list[Standing]:
    """The standings ``order`` without the players ``annulled_players`` names, ranked again
    among the rest: such a player stood on 0 points of 0 games tied at the foot of the table, as
    if it had lost everything, and shared a rank with a player who had."""
    apart = set(annulled_players(withdrawn))
    if not apart:
        return order
    return _ranked([replace(s) for s in order if s.player not in apart])


def named_reason(result: GameResult, name: Callable[[str], str]) -> str:
    """``result``'s reason with the player it names (a forfeit's, a withdrawal's, an annulled
    game's) by its name in the tables (``name``), not its id (``ai.reason_names.sides_named``): a
    student's file was named by its whole path in FILE.csv, where the window said its name."""
    return sides_named(result.reason, result.players, [name(pid) for pid in result.players], result.winner)


def standings(player_ids: list[str], results: list[GameResult]) -> list[Standing]:
    """The standings of ``results`` (``Tally.standings``)."""
    return Tally(player_ids, results).standings()


def _set_elo(s: Standing, squares: float, factor: float) -> None:
    """Elo from the score fraction, as a round robin allows.

    Each player's score fraction ``s`` (win 1, draw 1/2) over all its games gives
    its performance against the average of its opponents with the logistic model,
    ``d = -400 log10(1/s - 1)``.  In a round robin every player meets the same field, so ratings
    ``R_i`` with mean 0 satisfy ``R_i - mean(R_j, j != i) = d_i``, i.e. ``R_i = d_i (k - 1) / k`` for
    ``k`` players; as the logistic curve is not linear these only nearly average 0, so they are then
    shifted (intervals too) to make the mean exactly 0.  The 95% interval comes from the
    normal approximation of ``s``: its standard error is ``sqrt(var / n)`` with ``var`` the variance of
    the player's per-game points about ``s`` (from their sum, ``s.points``, and the sum of their
    squares, ``squares``: kept as games come in, ``Tally``), counting one won and one lost game beside them (else a
    player who drew every game would have a variance, and an interval, of 0: "+0 +- 0" after two
    draws), and ``s +- 1.96 se`` is mapped through the same formula.  A score of 0 or 100% is
    clamped to half a game from the end (the rating is then a bound, shown with ``<``/``>``), and
    so is an end of the interval past it: that end is the cap, the same for every player with as
    many games, and open (``elo_low_open``/``elo_high_open``: the data give no end on that side).
    """
    n = s.games
    if n == 0:
        return
    mean = s.points / n
    spread = max(0.0, squares - n * mean ** 2)  # the sum of (p - mean)^2 over its games' points p
    var = (spread + mean ** 2 + (1 - mean) ** 2) / (n + 2)
    se = math.sqrt(var / n)
    lowest, highest = 0.5 / n, 1 - 0.5 / n
    s.elo_bound = "<" if mean <= 0 else ">" if mean >= 1 else ""

    def rating(x: float) -> float:
        return elo_from_score(min(max(x, lowest), highest)) * factor

    s.elo = rating(mean)
    s.elo_low = rating(mean - 1.96 * se)
    s.elo_high = rating(mean + 1.96 * se)
    s.elo_low_open = mean - 1.96 * se <= lowest
    s.elo_high_open = mean + 1.96 * se >= highest


def crosstable(player_ids: list[str], results: list[GameResult]) -> dict[str, dict[str, tuple[float, int]]]:
    """``table[a][b]`` = (points a scored against b, games they played), both sides together."""
    table = {a: {b: (0.0, 0) for b in player_ids if b != a} for a in player_ids}
    for result in results:
        if not counts(result):
            continue
        a, b = result.players
        for side, (me, other) in enumerate(((a, b), (b, a))):
            pts, n = table[me][other]
            table[me][other] = (pts + _points(result, side), n + 1)
    return table


@dataclass
class Summary:
    """Everything a finished (or stopped) tournament reports: what --out writes as JSON."""

    game: str
    options: dict[str, Any]
    players: list[str]
    games_per_pair: int
    time_per_move: float | None
    jobs: int
    seed: int | None
    elapsed: float
    cancelled: bool
    standings: list[Standing] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)  # each result's game number
    clock: str | None = None  # the game clock (GameClock text), if any
    names: dict[str, str] = field(default_factory=dict)  # player id -> display name (display_names)
    cluster: str | None = None  # "local" or the Dask scheduler's address; None: --jobs processes
    resumed: int = 0  # games taken from the results log of an earlier run
    resume_with: str | None = None  # the FILE of ``--resume FILE`` that plays the void games (None: no log)
    started_with: int | None = None  # how many players began, the others having joined late (None: all)
    withdrawn: dict[str, tuple[int, int]] = field(default_factory=dict)  # players withdrawn -> (played, of its games)

    @property
    def void(self) -> int:
        """How many of ``results`` are void (``is_void``): not played to an end, counted for no one."""
        return sum(is_void(r) for r in self.results)

    @property
    def settled(self) -> int:
        """How many of ``results`` a withdrawal settled without play (``GameResult.unplayed``): no
        game was played, and the report's heading counted them as games played."""
        return sum(r.unplayed for r in self.results)

    @property
    def total(self) -> int:
        """The games of the whole round robin (``results`` may hold fewer: stopped early)."""
        return games_in(len(self.players), self.games_per_pair)

    @classmethod
    def of(cls, t: Tournament) -> Summary:
        results = t.finished()
        return cls(t.game_id, dict(t.options), list(t.player_ids), t.games_per_pair, t.time_per_move, t.jobs,
                   t.seed, round(t.elapsed, 3), t.cancelled, t.standings(), results,
                   t.finished_numbers(), t.clock, t.names(), t.cluster, t.resumed, started_with=t.started_with,
                   withdrawn=dict(t.withdrawn))

    def name(self, player_id: str) -> str:
        return self.names.get(player_id) or display_names(self.players).get(player_id, player_id)

    def table(self) -> list[Standing]:
        """The standings for the data files (FILE.json, FILE-standings.csv): the ranked players
        (``ranked_apart``), then each withdrawn player whose games are all annulled, rank 0: not
        ranked, its row kept for a script that looks a student up."""
        apart = set(annulled_players(self.withdrawn))
        return ranked_apart(self.standings, self.withdrawn) + [replace(s, rank=0) for s in self.standings
                                                               if s.player in apart]

    def to_json(self) -> dict[str, Any]:
        cross = crosstable(self.players, self.results)
        numbers = self.numbers or list(range(1, len(self.results) + 1))
        return {
            "game": self.game, "options": self.options, "players": self.players,
            "games_per_pair": self.games_per_pair, "time_per_move": self.time_per_move, "jobs": self.jobs,
            "seed": self.seed, "elapsed": self.elapsed, "cancelled": self.cancelled, "clock": self.clock,
            "cluster": self.cluster, "resumed": self.resumed, "total": self.total, "void": self.void,
            **({} if self.started_with is None else {"started_with": self.started_with}),  # its schedule
            **({"withdrawn": {p: list(when) for p, when in self.withdrawn.items()}} if self.withdrawn else {}),
            "names": {p: self.name(p) for p in self.players},
            "scoring": "win 1, draw 0.5, loss 0; Elo: logistic model from the score fraction, mean 0, 95% interval",
            "standings": [dict(asdict(s), score=round(s.score, 4), rated=s.rated) for s in self.table()],
            "crosstable": {a: {b: {"points": p, "games": n} for b, (p, n) in row.items()} for a, row in cross.items()},
            "games": [dict(r.to_json(), number=n) for n, r in zip(numbers, self.results)],
        }
