"""Outside players: bots written outside Tabuleiro, each run in a process of its own.

    ai.make_player("rastros", "bots/mine.py:jogador42")   # a course Rastros file, unchanged
    ai.make_player("rastros", "bots/aula.ipynb:jogador42") # a student's notebook (definitions only)
    ai.make_player("trax", "bots/ana/player.py")          # a course Trax file (class Player)
    ai.make_player("tictactoe", "bots/simple.py")         # our contract: choose(game, state)
    ai.make_player("hex", "gtp:mohex --boardsize 11")     # an engine speaking GTP (ai/outside_gtp.py)
    ai.make_player("hex", "engines/mohex.json")           # the same, configured in a JSON file

Why a process: a student's bot may loop forever, crash, print, call ``sys.exit``, eat memory or
fork.  Each outside player owns one process, started by ai/outside_process.py (its own folder,
a minimal environment, resource limits, its error stream in a log file).  ``choose`` sends it
the position and waits at most the move's time limit plus the referee's grace.  A late, dead or
wrong answer raises ``Forfeit`` (the referee records the reason, with the log's path, and the
game is lost); the process is killed and a fresh one is started for the next game.  Nothing is
pickled: parent and worker exchange JSON lines, the position as ``game.to_text`` and the move
in the game's notation.  The parent re-parses the move against its own state, so a worker cannot
claim a move that is not legal.  An answer ``"resign"`` gives the game up (``Resigned``, as a GTP
engine's ``resign``): the one word a Python bot has for it, the course's contracts having none.

Python files and notebooks are loaded by the worker in ai/outside_child.py (what kinds of
players a file may hold, how the course's modules and the student's own modules are found).
``file.py`` alone names the first player of the file; ``file.py:*`` stands for all of them in a
tournament (``outside_ids`` expands it), and a pattern in the file's path (``bots/*/jogador.py:*``,
which the shell leaves as it is because of its ``:*``) for every file it matches.  A file that cannot be loaded raises
``OutsideLoadError`` (a ValueError) naming the player and why, so a tournament can make that
player forfeit its games and play on.

Loader options (keywords of ``load_outside_player`` and ``list_outside_players``, the ``loader``
dict of matches and tournaments): ``definitions_only`` (run a .py file's imports, definitions
and value assignments only, as notebooks always are; what is skipped is logged),
``limits`` (an ``outside_process.BotLimits``), ``log_dir`` (the folder for the bots' logs, e.g.
one per tournament), ``load_time`` (seconds a file may take to load, counted once its process is
ready: ``WORKER_START_TIME``), ``seed`` (an int: the process seeds ``random``, numpy's global
generator once the bot imports numpy, and string hashing (PYTHONHASHSEED) with it, so a seeded
match replays its games; matches pass each game's seed for a side when given ``--seed``).
"""

from __future__ import annotations

import ast
import difflib
import glob
import json
import logging
import re
import sys
import time
import traceback
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.base import Forfeit, Limits, Player, PlayerInfo, ProgressCallback, Resigned, gives_up
from ai.outside_child import LOADING_STACK, RUNNING_NOTE, describe_exception
from ai.outside_process import OUR_NOTE, Bot, BotLimits, LongLine, command_words, python_command, size_words
from ai.outside_source import read_source
from ai.reason_names import NO_SUCH_FILE, file_named_once
from ai.referee import late_reply
from games.base import Game, IllegalMove, State

ROOT = Path(__file__).resolve().parent.parent  # the repository: the worker imports games from here
GRACE = 0.5  # seconds beyond the move limit before the process is killed (the referee's grace)
WATCH_AHEAD = 0.2  # seconds before that kill that the worker writes where the move is running
LAST_WORDS = 0.5  # seconds a late worker may still take to write that note (``_Worker.ask``)
RUNNING_AT = re.compile(r"; it was running [^;]*")  # where a late move was, and the first move's hint
FIRST_MOVE_HINT = (". It was its first move: set-up work done inside the move (reading files, building tables) "
                   "counts on the move's clock, so do it in __init__ or at module level")
SEARCH_HINT = (". It was searching ({function} was {depth} calls deep): a search deeper than the time allows is "
               "late on any move, so stop it at a depth, or take the seconds (choose(game, state, seconds)) "
               "and stop in time")
SET_UP_PROBE_MOST = 5.0  # seconds: a late first move with a longer limit (a clock's) is not probed for set-up
LOAD_TIME = 15.0  # seconds a file may take to import and construct its players
WORKER_START_TIME = 30.0  # seconds a worker may take to be ready (before that clock starts): a busy machine's start
PLAYER_SUFFIXES = (".py", ".ipynb")
BOT_FILE_VARIABLE = "TABULEIRO_BOT_FILE"  # in a worker's environment: the file it plays (to find it in ps)
log = logging.getLogger(__name__)


def late_where(running: str, set_up: bool) -> str:
    """Where a late move was stopped, with the hint that fits: a student's function many calls
    deep (the worker's ``SEARCH_NOTE``) is a search too deep for the time, said so on any move;
    else, with ``set_up`` (a late first move whose next move was in time: ``_Worker.set_up_only``),
    that set-up work counts on its clock.  A full-depth alpha-beta on 4x4 was told to move its
    set-up to __init__, which it did not have, and so was a bot slow on every move."""
    where, _sep, searching = running.partition("; searching: ")
    if not searching:
        return where + (FIRST_MOVE_HINT if set_up else "")
    function, depth = searching.removesuffix(" calls deep").rsplit(" ", 1)
    return where + SEARCH_HINT.format(function=function, depth=depth)


class OutsideLoadError(ValueError):
    """An outside player that cannot be loaded: ``player_id`` and ``reason`` (the message says both).

    The reason is the fault alone ("SyntaxError: ... (at aluno.py line 5)", "loading took longer
    ..."): a caller that names the player already says "X could not be loaded: REASON"."""

    def __init__(self, player_id: str, reason: str) -> None:
        super().__init__(f"{player_id}: {file_named_once(player_id, reason)}")
        self.player_id = player_id
        self.reason = reason


def load_reason(exc: BaseException) -> str:
    """Why a player could not be made, without its id when the error names it (``OutsideLoadError``)."""
    return exc.reason if isinstance(exc, OutsideLoadError) else str(exc) or type(exc).__name__


# -- naming outside players -------------------------------------------------------------------
@dataclass(frozen=True)
class OutsideId:
    """A parsed outside player id: a Python file (or notebook) and a player in it, or a GTP engine."""

    kind: str  # "file" or "gtp"
    path: str = ""  # the .py, .ipynb or .json file
    name: str | None = None  # the player inside a file (None: the first)
    command: tuple[str, ...] = ()  # the GTP command line


def parse_outside_id(player_id: str) -> OutsideId:
    """Split ``path/file.py:name``, ``notebook.ipynb:name``, ``gtp:COMMAND`` or ``engine.json``."""
    if player_id.startswith("gtp:"):
        command = tuple(command_words(player_id[4:]))
        if not command:
            raise ValueError("gtp: needs a command line, e.g. gtp:mohex --boardsize 11")
        return OutsideId("gtp", command=command)
    if player_id.endswith(".json"):
        return OutsideId("gtp", path=player_id)
    match = None
    for found in re.finditer(r"\.(py|ipynb)(?=:|$)", player_id):
        match = found
    if match is None:
        raise ValueError(f"{player_id!r} is not an outside player (file.py[:name], notebook.ipynb[:name], "
                         "gtp:COMMAND or engine.json)")
    path, rest = player_id[: match.end()], player_id[match.end():]
    return OutsideId("file", path=path, name=rest[1:] or None)


def load_outside_player(game_id: str, player_id: str, options: dict[str, Any] | None = None,
                        **loader: Any) -> Player:
    """A player for ``player_id``, started with the game's ``options`` (default: the defaults).

    Its file is loaded (in its process) now, so errors show at once as ``OutsideLoadError``.
    If a game with other options is played later, ``choose`` restarts it with them.
    """
    spec = parse_outside_id(player_id)
    if spec.kind == "gtp":
        from ai.outside_gtp import GTPPlayer

        return GTPPlayer(game_id, player_id, spec, options or {}, **loader)
    if not Path(spec.path).is_file():
        raise OutsideLoadError(player_id, no_file(spec.path))
    return OutsidePlayer(game_id, player_id, spec, options or {}, **loader)


def list_outside_players(game_id: str, path: str, options: dict[str, Any] | None = None,
                         **loader: Any) -> list[PlayerInfo]:
    """Every player a file defines for ``game_id`` (ids ``path:name``): for menus and ``:*``."""
    if not Path(path).is_file():
        raise OutsideLoadError(path, no_file(path))
    worker = _Worker(game_id, path, None, options or {}, loader)
    try:
        reply = worker.load()
    finally:
        worker.close()
    return [PlayerInfo(f"{path}:{p['name']}", p["title"], p["kind"]) for p in reply["players"]]


def no_file(path: str) -> str:
    """Why ``path``, given as a player's file, is none: "no such file", or that it is a folder and
    what to give instead.  A class's folder named ``jogador.py`` (an unzipped submission) was said
    to be "no such file", though the teacher could see it there."""
    folder = Path(path)
    if not folder.is_dir():
        return f"{NO_SUCH_FILE} {path}{_where_to_look(folder)}"
    try:
        inside = sorted(str(f) for f in folder.iterdir() if f.suffix in PLAYER_SUFFIXES and f.is_file())
    except OSError:
        inside = []
    if inside:
        return f"it is a folder, not a file: give a player's file in it, such as {inside[0]}"
    return "it is a folder, not a file, and holds no .py or .ipynb file: give the player's file"


def _where_to_look(path: Path) -> str:
    """What a missing file's reason adds, after "no such file PATH": a file of a close name beside
    where it was looked for ("; did you mean bots/aluno.py?"), or, for a relative path whose folder
    is not there, where it was looked for.  A student who typed "bots/aluno.py" in the window
    started from the applications menu read "no such file" of a file she could see: the path was
    read from the folder Tabuleiro was started in, which the window does not show."""
    parent = path.parent
    if parent.is_dir():
        try:
            names = [f.name for f in parent.iterdir() if f.suffix in PLAYER_SUFFIXES and f.is_file()]
        except OSError:
            names = []
        close = difflib.get_close_matches(path.name, names, n=1, cutoff=0.8)
        return f"; did you mean {parent / close[0] if str(parent) != '.' else close[0]}?" if close else ""
    if path.is_absolute():
        return ""
    first = path.parts[0]
    return (f"; there is no folder {first} in {Path.cwd()}, the folder Tabuleiro was started in: "
            f"give the file's whole path")


def matching_files(player_id: str) -> list[str]:
    """``player_id`` once for every file its path's pattern matches, sorted, its player part kept
    (``bots/*/jogador.py:*`` -> ``bots/ana/jogador.py:*``, ...): the shell expands no pattern in a
    word that names no file, and ``:*`` never does.  Without a pattern, the id as it is (its load
    then says "no such file" if need be); a pattern matching nothing is a ValueError naming it."""
    if player_id.startswith("gtp:"):
        return [player_id]
    match = None
    for found in re.finditer(r"\.(py|ipynb)(?=:|$)", player_id):
        match = found
    if match is None or not any(c in player_id[:match.end()] for c in "*?[") or Path(player_id[:match.end()]).exists():
        return [player_id]  # no pattern, or a file whose name has [...] in it
    path, rest = player_id[:match.end()], player_id[match.end():]
    files = sorted(glob.glob(path))
    if not files:
        raise ValueError(f"no file matches the pattern {player_id}")
    return [file + rest for file in files]


def outside_ids(game_id: str, player_ids: list[str], **loader: Any) -> list[str]:
    """``player_ids`` with every path pattern and ``file.py:*`` replaced by the ids of all the
    players of all the files they name."""
    out: list[str] = []
    for pid in (file for given in player_ids for file in matching_files(given)):
        if pid.endswith(":*") and pid[:-2].endswith(PLAYER_SUFFIXES):
            out.extend(p.id for p in list_outside_players(game_id, pid[:-2], **loader))
        else:
            out.append(pid)
    return out


# -- the worker process -------------------------------------------------------------------------
CHILD_ARGUMENT = "_outside-player"  # main.py's hidden first argument in a frozen (PyInstaller) build


def child_command() -> list[str]:
    """How to start a worker: ``python -c`` from a checkout, the app itself with a flag when frozen."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_ARGUMENT]
    return python_command(f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                          "from ai.outside_child import serve_child; serve_child()")


def serve_child() -> None:
    """The worker's entry (main.py calls it in a frozen build)."""
    from ai.outside_child import serve_child as serve

    serve()


def hard_limit(limits: Limits) -> float | None:
    """Seconds after which an outside player's move is late: what is left on its game clock if it
    has one (the budget in ``limits.time`` is only advice then: engines manage their own clock),
    or the per-move limit played beside the clock if that is shorter; else the time per move."""
    remaining = getattr(limits, "remaining", None)
    if remaining is None:
        return limits.time
    move_limit = getattr(limits, "move_limit", None)
    return remaining if move_limit is None else min(remaining, move_limit)


POSITION_NOTE = "the position it was asked to move in, to paste on the main menu (Ctrl+V) and play again:"


def note_position(bot: Bot, state: State) -> None:
    """Write in a forfeiting bot's log the position it was asked to move in, as the window pastes
    it (``games.position_text``), the lines as they are, ready to copy: the reason names the file
    and line, but a crash or an illegal answer deep in a game could not be played again without it."""
    from games.position_text import position_text

    bot.note(POSITION_NOTE)
    for line in position_text(state.game, state).splitlines():
        bot.note(line, ours=False)


def _wait_for(done: Callable[[], bool], seconds: float) -> None:
    """Until ``done()`` or ``seconds`` have passed."""
    end = time.perf_counter() + seconds
    while not done() and time.perf_counter() < end:
        time.sleep(0.02)


_SET_UP_VERDICTS: dict[tuple, bool] = {}  # (file, its mtime, load request, limit) -> set-up only (set_up_only)


class ProcessDied(Exception):
    """An outside player's process ended (or never answered in time and was stopped); the message
    says which, in words a forfeit quotes.  Shared by the Python workers here and the GTP engines
    of ai/outside_gtp.py, which both turn it into a forfeit or a load error."""


class ProcessLate(ProcessDied):
    """No answer within the time allowed (the process was stopped): a caller words it by what it
    was waiting for (a load, a move, the process's start).  Shared with ai/outside_gtp.py as
    ``ProcessDied`` is."""

    def __init__(self) -> None:
        super().__init__("late")


class _Stopped(ProcessDied):
    """The caller's stop flag was set while waiting (the process was stopped): not the bot's fault."""

    def __init__(self) -> None:
        super().__init__("was stopped")


class _Worker:
    """One worker process with a file loaded: JSON requests and replies, with time limits."""

    def __init__(self, game_id: str, path: str, name: str | None, options: dict[str, Any],
                 loader: dict[str, Any]) -> None:
        self.player_id = f"{path}:{name}" if name else path
        self.path = Path(path).resolve()
        self.request_load = {"op": "load", "game": game_id, "options": options, "file": str(self.path),
                             "name": name, "definitions_only": bool(loader.get("definitions_only")),
                             "load_time": float(loader.get("load_time") or LOAD_TIME),
                             "seed": loader.get("seed")}
        limits = loader.get("limits")
        if isinstance(limits, str):
            limits = BotLimits.from_text(limits, BotLimits.default())
        env = {BOT_FILE_VARIABLE: str(self.path)}
        if loader.get("seed") is not None:  # string hashing too: a set of strings iterates alike
            env["PYTHONHASHSEED"] = str(int(loader["seed"]) % 2**32)
        self.bot = Bot(child_command(), f"{self.path.parent.name}-{self.path.stem}", limits,
                       cwd=str(self.path.parent), log_dir=loader.get("log_dir"), env=env, sets_own_limits=True)
        self.moves = 0  # moves asked of this process so far
        self.late_at: float | None = None  # when the last reply awaited was judged late (``perf_counter``)

    def running_at(self, number: int) -> str:
        """``; it was running aluno.py line 12 (in minimax)``: where move ``number``, stopped for
        being late, was running (the worker's note, ``outside_child._MoveWatch``); "" if unknown."""
        head = OUR_NOTE.decode() + RUNNING_NOTE.split("{seconds", 1)[0].format(number=number)
        found = self.bot.last_line_with(head).split(" s at ", 1)[-1]  # also after the bot's text on its line
        return f"; it was running {found}" if found else ""

    def ask(self, message: dict, timeout: float | None, stop: Any = None,
            last_words: Callable[[], bool] | None = None, kill_late: bool = True) -> dict:
        """Send ``message``, wait for the reply; ProcessDied if the worker dies or is late (it is killed,
        unless not ``kill_late``: ``set_up_only`` lets a late first move run on).
        ``last_words``: whether the worker has written where it is running (its note, due just
        before the deadline); a late worker is given up to ``LAST_WORDS`` seconds more to write
        it, since on a loaded machine the note can come after the deadline and the message would
        then not say where the file was stuck.  It is late all the same."""
        if not self.bot.send(json.dumps(message) + "\n"):
            raise ProcessDied(f"crashed (process ended{self.bot.exit_text()})")
        return self._reply(timeout, stop, last_words, kill_late)

    def set_up_only(self, request: dict, hard: float | None, stop: Any = None) -> bool:
        """Whether a late first move (``request``, its reply still awaited) was set-up work: the
        move ends within twice its time allowed more, and the same move asked again is in time.  A bot
        slow on every move was told to move its set-up to __init__ ("It was its first move"), the
        wrong way when its every move is slow.  The game is lost already; this only picks the
        hint, at most ``3 * (hard + GRACE)`` seconds more, once per file, options and limit in a
        process (``_SET_UP_VERDICTS``: a league's worker asks once for a bot's many games).  No
        limit, or one longer than ``SET_UP_PROBE_MOST`` (a clock's): not asked, no hint."""
        if hard is None or hard > SET_UP_PROBE_MOST:
            return False
        try:
            key = (str(self.path), self.path.stat().st_mtime_ns, json.dumps(self.request_load, sort_keys=True), hard)
        except OSError:
            return False
        if key not in _SET_UP_VERDICTS:
            try:
                self._reply(2 * (hard + GRACE), stop, kill_late=False)  # the first move's own reply, late
                self.moves += 1
                self.bot.note("the game is lost; the move is asked again, to tell set-up work from a slow move")
                self.ask({**request, "number": self.moves}, hard + GRACE, stop, kill_late=False)
                _SET_UP_VERDICTS[key] = True
            except _Stopped:
                return False  # the caller's stop: no verdict
            except ProcessDied:
                _SET_UP_VERDICTS[key] = False
        return _SET_UP_VERDICTS[key]

    def _reply(self, timeout: float | None, stop: Any = None,
               last_words: Callable[[], bool] | None = None, kill_late: bool = True) -> dict:
        """The worker's next JSON line, awaited as ``ask`` says."""
        import queue

        deadline = None if timeout is None else time.perf_counter() + timeout
        while True:
            wait = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))
            try:
                line = self.bot.lines.get(timeout=wait)
            except queue.Empty:
                if stop is not None and stop.is_set():
                    self.bot.kill()
                    raise _Stopped() from None
                if deadline is not None and time.perf_counter() >= deadline:
                    self.late_at = time.perf_counter()  # the referee's count ends here, not after its last words
                    if last_words is not None:
                        _wait_for(last_words, LAST_WORDS)
                    self.bot.note(f"stopped: no answer within {timeout:g} s")  # the move is lost
                    if kill_late:
                        self.bot.kill(keep_log=True)  # the forfeit names it
                    raise ProcessLate() from None
                if self.bot.too_many_processes():
                    raise ProcessDied(f"started more processes than its limit ({self.bot.limits.processes}); "
                                "all of them were stopped") from None
                continue
            if not line:
                raise ProcessDied(f"crashed (process ended{self.bot.exit_text()})")
            if isinstance(line, LongLine):  # the worker refuses a huge answer itself: a guard, never read whole
                raise ProcessDied(f"crashed: its reply was too large ({size_words(line.size)})")
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                continue  # not ours (cannot happen: the worker's stdout is redirected), skip it

    def load(self) -> dict:
        """Load the file; the worker's description of it.  OutsideLoadError (worker stopped) if not.
        The load's clock starts once the worker is ready (``_await_ready``), not when it was started."""
        limit = self.request_load["load_time"]
        self._refuse_what_does_not_parse()
        try:
            self._await_ready()
            reply = self.ask(self.request_load, limit, last_words=lambda: LOADING_STACK in self.bot.log_end())
        except ProcessDied as exc:
            self.close()
            why = self._late_load(limit) if isinstance(exc, ProcessLate) else str(exc)
            raise OutsideLoadError(self.player_id, f"{why}{self.bot.log_note()}") from None  # callers say "could not be loaded"
        if not reply.get("ok"):
            logged = self.bot.log_note()  # the whole traceback of an error in the file
            self.close()
            raise OutsideLoadError(self.player_id, f"{reply.get('error')}{logged}")
        for line in reply.get("skipped", []):
            log.info("%s: skipped while loading: %s", self.player_id, line)
        return reply

    def _refuse_what_does_not_parse(self) -> None:
        """OutsideLoadError if the file does not even parse, told as the worker tells it
        (``SyntaxError: ... (at aluno.py line 5)``, the error in its log) but found here, with no
        wait for the worker: on a machine so busy that the worker was not ready in time, a file
        that does not compile was said to be "not ready within 30 s ... try again", not the
        student's SyntaxError.  Anything else (an unreadable file, a notebook that is none) is
        left to the worker, which says it as it always has."""
        source = None
        try:
            source = read_source(self.path)
            ast.parse(source.text, filename=str(source.path))
        except SyntaxError as exc:
            self.bot.note("".join(traceback.format_exception_only(exc)).rstrip("\n"), ours=False)
            logged = self.bot.log_note()
            self.close()
            raise OutsideLoadError(self.player_id, f"{describe_exception(exc, source, loading=True)}{logged}") from None
        except (OSError, ValueError, MemoryError, RecursionError):  # the parser's own limits: the worker's to say
            return

    def _await_ready(self) -> None:
        """Until the worker says it is up (``outside_child.READY``, its first line), at most
        ``WORKER_START_TIME`` seconds; ProcessDied if it ends or is not ready by then (it is killed).
        Starting Python can take seconds on a busy machine or under an antivirus: counted in the
        load's clock, it made a file that loads in time "too slow to load"."""
        try:
            self._reply(WORKER_START_TIME)  # READY: the worker's first line is always that
        except ProcessLate:
            raise ProcessDied(f"its process was not ready within {WORKER_START_TIME:g} s, before any of the file "
                        "had run: the computer may be too busy; try again") from None

    def _late_load(self, limit: float) -> str:
        """Why a load was late, with the file's line that was running (from the worker's stack dump)."""
        where = ""
        for match in re.finditer(r'File "([^"]+)", line (\d+)', self.bot.stderr_text()):
            if Path(match.group(1)).parent == self.path.parent:
                where = f"; it was running {Path(match.group(1)).name} line {match.group(2)}"
                break  # the dump lists the innermost call first
        return (f"loading took longer than the load time limit ({limit:g} s){where}. Files often play a demo "
                "match or a championship when imported: put those calls under "
                "`if __name__ == \"__main__\":`, or load the file with --definitions-only")

    def close(self) -> None:
        self.bot.kill()


class OutsidePlayer(Player):
    """A player from a Python file or notebook, run in a worker process (see the module docstring)."""

    def __init__(self, game_id: str, player_id: str, spec: OutsideId, options: dict[str, Any],
                 **loader: Any) -> None:
        import games

        self.game_id = game_id
        self.player_id = player_id
        self.spec = spec
        self.loader = loader
        self.options = games.info(game_id).resolve_options(options)
        self.worker: _Worker | None = None
        self.name = spec.name
        self.skipped: list[str] = []
        self.info = PlayerInfo(player_id, Path(spec.path).stem + (f":{spec.name}" if spec.name else ""),
                               "an outside player")
        self._start()  # load now: a bad file or an unknown name is an error before any game

    @property
    def child(self) -> Bot | None:
        """The running process (for tests and the UI), if any."""
        return self.worker.bot if self.worker else None

    def _start(self, options: dict[str, Any] | None = None) -> None:
        self.close()
        if options is not None:
            self.options = dict(options)
        worker = _Worker(self.game_id, self.spec.path, self.spec.name, self.options, self.loader)
        reply = worker.load()
        self.worker = worker
        self.kind = reply["kind"]
        self.name = reply["name"]  # the player's name in its file (the id may have given its title)
        self.skipped = list(reply.get("skipped", []))
        self.info = PlayerInfo(self.player_id, reply["title"], reply["kind"])

    def get_ready(self, options: dict[str, Any]) -> None:
        """The file loaded for a game with ``options``: loaded again when its process is gone (a
        forfeit stopped it, and the student may have edited the file since) or was loaded for
        other options; ``OutsideLoadError`` if it cannot be."""
        if self.worker is None or not self.worker.bot.alive() or options != self.options:
            self._start(dict(options))

    def ready_to_move(self, game: Game) -> None:
        """The file loaded again, before the move's time, if a stop or a forfeit ended its process."""
        self.get_ready(game.options)

    def choose(self, state: State, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        limits = limits or Limits()
        game = state.game
        try:
            self.get_ready(game.options)
        except ValueError as exc:
            raise Forfeit(f"could not be started: {load_reason(exc)}") from None
        assert self.worker is not None
        hard = hard_limit(limits)
        timeout = None if hard is None else hard + GRACE
        began = time.perf_counter()
        worker = self.worker
        bot = worker.bot
        worker.moves += 1
        worker.late_at = None
        first = worker.moves == 1
        request = {"op": "move", "position": game.to_text(state), "time": limits.time, "number": worker.moves}
        if timeout is not None:  # where it runs, written just before it would be stopped
            request["watch"] = max(timeout / 2, timeout - WATCH_AHEAD)
        try:
            reply = worker.ask(request, timeout, limits.stop, kill_late=not first,  # a first move: see set_up_only
                               last_words=None if timeout is None else lambda: bool(worker.running_at(worker.moves)))
        except ProcessDied as exc:
            # a late move's time is the referee's deadline it missed: the wait for its last words (where
            # it was running) came after, and the window's card stopped counting at the deadline
            late_at = worker.late_at if isinstance(exc, ProcessLate) else None
            spent = (late_at if late_at is not None else time.perf_counter()) - began
            where = ""
            if isinstance(exc, ProcessLate):
                running = worker.running_at(worker.moves)
                set_up = first and "; searching: " not in running and worker.set_up_only(request, hard, limits.stop)
                where = late_where(running, set_up)
                bot.kill(keep_log=True)  # a first move still running (set_up_only); the forfeit names its log
                if where:  # again below what the bot printed, written once it can print no more: a teacher
                    bot.note(f"stopped{where}")  # reads a long log's end, and its last print came after it
            if not isinstance(exc, _Stopped):  # not the caller's stop: the bot's fault
                note_position(bot, state)
            logged = bot.log_note()
            self.close()
            if isinstance(exc, ProcessLate):  # in the referee's words: over the move's limit, or the flag fell
                raise Forfeit(f"{late_reply(limits, spent)}; process stopped{where}{logged}", spent=spent) from None
            raise Forfeit(f"{exc}{logged}") from None
        if not reply.get("ok"):
            note_position(bot, state)
            raise Forfeit(f"{reply.get('error', 'failed')}{bot.log_note()}")
        text = reply["move"]
        if gives_up(text) and "refused" not in reply:  # ``return "resign"``: the game given up, no rule broken
            raise Resigned("resigned")
        if "refused" in reply:  # the child's adapter knows it is no move, and why (ai.outside_child.Refused)
            bot.note(f"forfeit: played an illegal move {text}: {reply['refused']}")
            note_position(bot, state)
            raise Forfeit(f"played an illegal move {text}: {reply['refused']}{bot.log_note()}")
        try:
            return game.parse_move(state, text)
        except (IllegalMove, ValueError) as exc:
            bot.note(f"forfeit: played an illegal move {text!r}: {exc}")
            note_position(bot, state)
            raise Forfeit(f"played an illegal move {text!r}: {exc}{bot.log_note()}") from None

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None


def __getattr__(name: str) -> Any:
    """``GTPPlayer`` and ``_transpose_cell`` live in ai/outside_gtp.py; reachable here too."""
    if name in ("GTPPlayer", "_transpose_cell", "transpose_cell"):
        from ai import outside_gtp

        return getattr(outside_gtp, name.lstrip("_"))
    raise AttributeError(name)
