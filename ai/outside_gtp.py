"""Engines speaking the Go Text Protocol as outside players (``gtp:COMMAND`` or ``engine.json``).

The engine is started once per player (ai/outside_process.py: its own folder, a minimal
environment, resource limits, its error stream in a log file named in any forfeit) and kept in
step with ``tabuleiro-options``, ``boardsize`` (ai/gtp_board.py: every option of the game, or a
load error naming those it refused), ``clear_board`` and ``play``; ``genmove`` asks for its move.

- The engine runs in a folder of its own: words of the command that name existing files or
  folders (relative to the current directory) are made absolute first.
- Start-up is outside any clock: the first command (``protocol_version``) may take up to
  ``startup_time`` seconds (default 60: engines load books and networks), and so may each game's
  set-up (``boardsize``, ``clear_board``), sent by ``get_ready`` before the game's first move (not
  to the probe's engine, handed to a match's first game with that board empty already), or
  by ``ready_to_move`` in a move of an engine not set up since its start (a window's worker
  made anew); moves are timed after, and a replay inside a move (``_sync``) waits only what the
  move has left.  An engine a forfeit stopped is started again by ``get_ready`` too.
- Time: each game starts with ``time_settings`` -- ``0 S 1`` (S seconds per move, as byo-yomi) for
  a time per move, ``M 0 0`` for a game clock of M seconds; under a second first as it is
  (``0.2``), see ``_whole_seconds_or_less`` -- and with a game clock every ``genmove`` follows a
  ``time_left COLOUR SECONDS 0``.  Engines that do not know the commands may refuse them; that is
  not an error.
- A JSON config: ``{"command": [...], "name": ..., "transpose": false, "cwd": ...,
  "setup": ["param_mohex max_time 1"], "startup_time": 60, "limits": "memory=4096"}``.  ``setup``
  commands are sent after start-up, each with its time (a refused one is a load error); ``limits`` is
  ``outside_process.BotLimits.from_text`` text.
- Answers: ``resign`` loses the game (``ai.base.Resigned``, not counted as a forfeit); ``swap`` (or ``swap-pieces``) is the
  swap move where the game has one.

Colours: ``b`` is the side that moves first (game.sides[0]), ``w`` the other.  Vertices are our
notation; for Hex programs in the HexGui/Benzene convention (black joins top and bottom) set
``"transpose": true`` so their ``c1`` is our ``a3`` (see ai/commands/gtp.py).  Those programs keep
their board at ``swap-pieces`` (sent so) and have the swapper's colour move next: after a swap,
our Blue is their white and cells go unexchanged (``_kept``).
"""

from __future__ import annotations

import difflib
import errno
import json
import os
import queue
import re
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from ai.base import Forfeit, Limits, Player, PlayerInfo, ProgressCallback, Resigned, gives_up
from ai.gtp_board import SetUpStep, set_up_steps, unknown_command
from ai.outside import GRACE, OutsideId, OutsideLoadError, ProcessDied, ProcessLate, hard_limit, no_file
from ai.outside_process import TOO_LARGE, Bot, BotLimits, LongLine, command_words, size_words
from ai.referee import late_reply, seconds_text
from games.base import Game, IllegalMove, State
from games.hex import HEXGUI_SWAP, SWAP_NAMES, transpose_cell
from games.record_fields import options_text

STARTUP_TIME = 60.0  # seconds an engine may take to answer its first command
COMMAND_TIME = 10.0  # seconds for an answer to anything but genmove
# seconds of silence after an answer's last line that end it as unended (no empty line after it): an
# engine writes an answer's lines together, and a student's printf("= %s\n") was waited for until its
# start-up time (a minute) or the move's time ran out, the window's "Loading..." standing all along
UNENDED_AFTER = 3.0
SWAP_WORDS = (*SWAP_NAMES, "swap-sides")  # an engine's answer: whichever it says, the swap
OPENING_PLIES = 8  # a game started this many moves after the start (random openings) is replayed to the engine
GUIDED_BRANCHES = 3  # guided_path tries this many of the moves that bring the position nearest the one wanted
PATH_BUDGET = 200_000  # positions tried when looking for those moves
STRAY_SHOWN = 80  # characters of a line that is no GTP answer shown in a forfeit's reason
EXCERPT = 20  # characters of an answer too large to be a move (``LongLine``) shown in its forfeit


CONFIG_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {  # an engine.json's fields: test, what is expected
    "command": (lambda v: (isinstance(v, str) and bool(v.strip())) or (isinstance(v, list) and bool(v)
                                                                        and all(isinstance(w, str) for w in v)),
                'a command line or a list of its words, such as ["mohex", "--use-logfile=false"]'),
    "name": (lambda v: v is None or isinstance(v, str), "a text"),
    "transpose": (lambda v: isinstance(v, bool), "true or false"),
    "setup": (lambda v: isinstance(v, list) and all(isinstance(c, str) for c in v), "a list of GTP commands"),
    "startup_time": (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0,
                     "a positive number of seconds"),
    "limits": (lambda v: v is None or isinstance(v, str), 'a text such as "memory=8192"'),
    "cwd": (lambda v: v is None or isinstance(v, str), "a folder's path or null"),
}


class Refused(Forfeit):
    """An engine's ``?`` to ``command``; ``answer`` is what followed it (``unknown command``)."""

    def __init__(self, command: str, answer: str) -> None:
        super().__init__(f"engine refused {command!r}: {answer}")
        self.command = command
        self.answer = answer


class _Ended(ProcessDied):
    """The engine's end while Tabuleiro waited for its answer to ``command``: ``how`` it ended
    ("exit status 0", "killed by SIGSEGV", "" where it had not exited yet) and ``tail``, the last
    of its error stream.  A forfeit says it as a crash of the game's player ("crashed (engine
    ended, exit status 1; stderr: ...)"); a start-up failure in a sentence of its own
    (``start_words``), where an exit status 0 is no crash."""

    def __init__(self, command: str, how: str, tail: str) -> None:
        super().__init__(f"crashed (engine ended{', ' + how if how else ''}{'; stderr: ' + tail if tail else ''})")
        self.command = command
        self.how = how
        self.tail = tail

    def start_words(self) -> str:
        """"the engine ended as it started (exit status 0), before answering GTP", "crashed"
        where it failed, "at 'boardsize 7' ..., though it answered the commands before it" where
        it had answered the first; its error stream follows (``stderr_note``)."""
        verb = "ended" if self.how in ("", "exit status 0") else "crashed"
        how = f" ({self.how})" if self.how else ""
        if self.command == "protocol_version":
            return f"the engine {verb} as it started{how}, before answering GTP"
        return f"the engine {verb} at {self.command!r}{how}, though it answered the commands before it"

    def stderr_note(self) -> str:
        """``; stderr: ...`` where the engine wrote to its error stream, else ""."""
        return f"; stderr: {self.tail}" if self.tail else ""


def read_engine_config(player_id: str, path: str) -> dict[str, Any]:
    """The engine configuration in the JSON file ``path`` (docs/outside-players.md, "GTP
    engines"), each field checked, so that a teacher's slip is named in one line
    (``"setup" should be a list of GTP commands, not 5``) instead of Python's words for where it
    broke (``'int' object is not iterable``); OutsideLoadError otherwise."""
    try:
        config = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except FileNotFoundError:
        raise OutsideLoadError(player_id, no_file(path)) from None
    except OSError as exc:
        raise OutsideLoadError(player_id, f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:  # Python's "'utf-8' codec can't decode byte 0xff in position 0" told a teacher little
        raise OutsideLoadError(player_id, f"not UTF-8 text (byte {exc.start + 1} is 0x{exc.object[exc.start]:02x})") from None
    except json.JSONDecodeError as exc:
        raise OutsideLoadError(player_id, f"not JSON ({exc})") from None
    except RecursionError:
        raise OutsideLoadError(player_id, "not an engine's configuration (lists or objects nested far too deep)") from None
    if not isinstance(config, dict):
        raise OutsideLoadError(player_id, 'expected a JSON object with a "command" (docs/outside-players.md)')
    misspelt = _misspelt_field(config)
    if misspelt:
        raise OutsideLoadError(player_id, misspelt)
    if "command" not in config:
        raise OutsideLoadError(player_id, 'expected a JSON object with a "command" (docs/outside-players.md)')
    for field, (valid, expected) in CONFIG_FIELDS.items():
        if field in config and not valid(config[field]):
            raise OutsideLoadError(player_id, f'"{field}" should be {expected}, not {config[field]!r}')
    return config


def _misspelt_field(config: dict[str, Any]) -> str:
    """Why a field of an engine's configuration is refused as a slip for one of ours ("comand",
    "startup-time"), else "".  It was ignored: "startup-time": 120 left the engine its default
    minute, and "comand" was told only that the file had no "command".  A field like none of
    ours (a "comment") is left alone."""
    for field in config:
        close = difflib.get_close_matches(str(field), list(CONFIG_FIELDS), n=1, cutoff=0.75)
        if field not in CONFIG_FIELDS and close:
            return f'"{field}" is not a field of an engine\'s configuration: did you mean "{close[0]}"?'
    return ""


class GTPPlayer(Player):
    """An engine program speaking GTP, kept in step with the game by ``play``."""

    unseeded = True  # the loader's seed is not given to an engine: one process serves any seeded game

    def __init__(self, game_id: str, player_id: str, spec: OutsideId, options: dict[str, Any] | None = None,
                 **loader: Any) -> None:
        self.game_id = game_id
        self.player_id = player_id
        self.options = dict(options or {})
        config = read_engine_config(player_id, spec.path) if spec.path else {"command": list(spec.command)}
        command = config["command"]
        self.command = absolute_paths(command_words(command) if isinstance(command, str) else [str(c) for c in command])
        self.transpose = bool(config.get("transpose", False))
        self.cwd = config.get("cwd")
        self.setup = [str(c) for c in config.get("setup", [])]
        self.startup_time = float(config.get("startup_time", STARTUP_TIME))
        limits = loader.get("limits") or config.get("limits")
        self.limits = BotLimits.from_text(limits, BotLimits.default()) if isinstance(limits, str) else limits
        self.log_dir = loader.get("log_dir")
        self.bot: Bot | None = None
        self.synced: State | None = None  # the position the engine has, when known
        self.told: dict[str, Any] | None = None  # the options of the game set up since its start (``_set_up``)
        self.timing: tuple | None = None  # the time settings the engine was given
        self.unanswered: tuple[str, float] | None = None  # the last command not answered in time, its seconds
        try:
            self._start()
            name = config.get("name") or self._ask("name", COMMAND_TIME)
        except (ProcessDied, Forfeit) as exc:
            raise self._start_failed(exc) from None
        self.info = PlayerInfo(player_id, name, "a GTP engine")

    def get_ready(self, options: dict[str, Any]) -> None:
        """The engine running and set up for a game with ``options`` before its first move is
        timed: started again when a forfeit stopped it, then given the empty board (``_set_up``)
        unless it has it already (``_holds_empty_board``: the probe's engine, handed to a game);
        ``OutsideLoadError`` if it no longer starts or dies meanwhile.  Started inside its next
        game's first move, its start-up (a JVM's, a network's) counted on that move's clock; set up
        there, so did what the engine loads for the board (our own ``main.py gtp``: its kernels,
        0.3-0.7 s, which lost a 0.2 s match its first move on time).  An engine that refuses the
        board (a size it does not play) cannot play the game: ``OutsideLoadError`` naming the
        options it refused.  Sent again at the first move, the refusal lost the game there, and an
        engine that was never told a 5x4 board played 3x3 and lost it by a move off the board."""
        import games

        self._readied(games.load(self.game_id, **options), always_set_up=True)

    def _readied(self, game: Game, always_set_up: bool) -> None:
        """The engine started if it is not running, and set up for ``game`` if ``always_set_up`` or
        it has not been since its start, unless it holds that board empty already, each waiting the
        start-up's time; ``OutsideLoadError`` if it fails to (no answer in that time, an end, a
        refused board), as a load failure."""
        if self.bot is None or not self.bot.alive():
            try:
                self._start()
            except (ProcessDied, Forfeit) as exc:
                raise self._start_failed(exc) from None
        if (always_set_up or self.told is None) and not self._holds_empty_board(game):
            try:
                self._set_up(game.initial_state(), self.startup_time)
            except Refused as exc:
                self.synced = None
                raise OutsideLoadError(self.player_id, f"refused to play {options_text(game.options)} "
                                                       f"({exc.command!r}: {exc.answer})") from None
            except ProcessDied as exc:
                raise self._start_failed(exc) from None

    def _holds_empty_board(self, game: Game) -> bool:
        """Whether the engine has ``game``'s empty board as its set-up left it: told these options
        since its start and nothing played since.  The probe before a match sets its engine up and
        hands it to the first game (``ai.match.ReadyPlayers``), whose ``get_ready`` sent
        ``boardsize`` and ``clear_board`` again, each a wait for an engine that loads the board's
        network."""
        return self.told == game.options and self.synced == game.initial_state()

    def _start_failed(self, exc: Exception) -> OutsideLoadError:
        """The load error for an engine that failed while starting (``exc``: no GTP answer, or a
        refused set-up command), with its log; the engine is stopped.  What went wrong follows a
        colon: bracketed, its own brackets nested in them ("(no answer ... (fflush(stdout) in C,
        ...))", "(started more processes than its limit (32))")."""
        log = self.bot.log_note() if self.bot else ""
        self.close()
        missing = missing_files_note(self.command)
        if isinstance(exc, _Ended):  # what it wrote comes last, after what Tabuleiro can tell of it
            return OutsideLoadError(self.player_id, f"{exc.start_words()}{missing}{exc.stderr_note()}{log}")
        why = (f"at start-up: {exc}" if not isinstance(exc, ProcessDied)
               else f"the engine does not answer GTP: {self._silence() if isinstance(exc, ProcessLate) else exc}")
        return OutsideLoadError(self.player_id, f"{why}{missing}{log}")

    def _silence(self) -> str:
        """Why the engine gave no answer at start-up, said so that a student can act on it: an
        engine in C that does not flush its output after each answer (printf to a pipe is
        buffered) never answers, and "(late)" said nothing of that.  One silent after answering
        (a game's set-up taking longer than its ``startup_time``) is not told to flush."""
        command, seconds = self.unanswered or ("protocol_version", self.startup_time)
        silent = f"no answer to {command!r} within {seconds_text(seconds)} s"
        if command != "protocol_version":
            return f"{silent}, though it answered the commands before it"
        return f"{silent}: an engine must flush its output after each answer (fflush(stdout) in C, print(..., flush=True) in Python)"

    def _start(self) -> None:
        """Start the engine and wait (outside any clock) for its first answer, then send ``setup``,
        each command given the start-up's time too: they run at start-up, where an engine loads
        its networks (``COMMAND_TIME``, 10 s, stopped one whose setup loaded one)."""
        self.close()
        label = Path(self.command[0]).name
        program = self.command[0]
        crlf = windows_line_end(program)
        if crlf:
            raise OutsideLoadError(self.player_id, f"cannot start {program!r}: {crlf}")
        try:
            self.bot = Bot(self.command, label, self.limits, cwd=self.cwd, log_dir=self.log_dir)
        except OSError as exc:
            why = (missing_interpreter(program) if isinstance(exc, FileNotFoundError) and Path(program).is_file()
                   else "no such program (is it installed, and on the PATH?)" if isinstance(exc, FileNotFoundError)
                   else f"it may not be run (is it a program?): {not_runnable_hint(program)}"
                   if isinstance(exc, PermissionError)
                   else f"this system cannot run it ({exc.strerror}): {not_runnable_hint(program, True)}"
                   if exc.errno == errno.ENOEXEC
                   else exc.strerror or str(exc))
            raise OutsideLoadError(self.player_id, f"cannot start {program!r}: {why}") from None
        self.synced = None
        self.timing = None
        self.told = None
        self._ask("protocol_version", self.startup_time)
        for command in self.setup:
            self._ask(command, self.startup_time)

    def _ask(self, command: str, timeout: float | None, stop: Any = None, optional: bool = False) -> str | None:
        """Send one command; its answer.  ProcessDied on no answer; ``Refused`` on a ``?`` (None if ``optional``)."""
        assert self.bot is not None
        if not self.bot.send(command + "\n"):
            raise _Ended(command, *self.bot.ending())
        deadline = None if timeout is None else time.perf_counter() + timeout
        answer: list[str] = []
        last_line = 0.0
        while True:
            wait = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))
            try:
                raw = self.bot.lines.get(timeout=wait)
            except queue.Empty:
                if answer and time.perf_counter() - last_line >= UNENDED_AFTER:
                    self.bot.kill()
                    self.unanswered = (command, timeout or 0.0)
                    raise self._unended(command, answer) from None
                if (stop is not None and stop.is_set()) or (deadline is not None and time.perf_counter() >= deadline):
                    self.bot.kill()
                    self.unanswered = (command, timeout or 0.0)
                    if answer and not (stop is not None and stop.is_set()):
                        raise self._unended(command, answer) from None
                    raise ProcessLate() from None
                if self.bot.too_many_processes():
                    raise ProcessDied(f"started more processes than its limit ({self.bot.limits.processes})") from None
                continue
            if not raw:
                raise _Ended(command, *self.bot.ending())
            if isinstance(raw, LongLine):
                raise self._too_large(command, raw)
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if not answer and not line.strip():
                continue  # blank lines before an answer
            if not line.strip():
                break
            if not answer and line[:1] not in ("=", "?"):  # said at once: no empty line may ever follow it
                raise self._not_an_answer(command, line)
            answer.append(line)
            last_line = time.perf_counter()
        head = answer[0]
        text = "\n".join([head[1:].lstrip("0123456789").strip(), *answer[1:]]).strip()
        if head.startswith("?"):
            if optional:
                return None
            raise Refused(command, text)
        return text

    def _not_an_answer(self, command: str, line: str) -> ProcessDied:
        """The error for a line on the engine's standard output that is no GTP answer (debugging
        text printed there, a banner): the protocol's stream, so the answers that follow cannot be
        trusted and the engine is stopped.  The line is noted in its log too."""
        assert self.bot is not None
        shown = shortened(line)
        self.bot.note(f"stopped: {line!r} on standard output, in answer to {command!r}, is no GTP answer "
                      "(one starts with = or ?): standard output is the protocol's, so debugging text goes to "
                      "standard error, which is this log")
        return ProcessDied(f"answered {command!r} with {shown!r}, not a GTP answer: print debugging text to "
                     "standard error")

    def _too_large(self, command: str, line: LongLine) -> ProcessDied:
        """The error for an answer past ``LINE_MOST`` (read and dropped as it came, ``LongLine``):
        a genmove's is a move too large to be one, said with its start; any other a reply too large."""
        assert self.bot is not None
        size = size_words(line.size)
        self.bot.note(f"stopped: its answer to {command!r} was {size}, too large for any answer")
        if not command.startswith("genmove"):
            return ProcessDied(f"crashed: its reply was too large ({size})")
        start = line.decode("utf-8", "replace").lstrip("=0123456789 ")[:EXCERPT]
        return ProcessDied(f"played an illegal move {start + '...'!r}: {TOO_LARGE.format(size=size)}")

    def _unended(self, command: str, answer: list[str]) -> ProcessDied:
        """The error for an answer that came in time but was never ended by its empty line (a
        student's ``printf("= %s\\n", move)``): it said the engine was late, or did not flush."""
        shown = shortened(answer[0])
        return ProcessDied(f"answered {command!r} with {shown!r} but no empty line after it: a GTP answer ends with "
                     "an empty line (two newlines after it)")

    def _kept(self, state: State) -> bool:
        """Whether the engine, a Benzene-family Hex program (``transpose``), reads ``state`` on the
        board it kept at the swap: Benzene's swap-pieces moves no stone and the swapper's colour
        (its white) moves next, so after a swap our Blue is its white, our Red its black, and our
        board (the stone mirrored at the swap) is its board with no cell exchanged."""
        swapped = getattr(state, "swapped", None)
        return self.transpose and callable(swapped) and swapped()

    def _colour(self, state: State) -> str:
        """The GTP colour of the side to move, as the engine names it."""
        return "bw"[state.to_move ^ self._kept(state)]

    def _vertex(self, game: Game, state: State, move: Hashable) -> str:
        text = game.format_move(state, move).lower()
        if not self.transpose:
            return text
        if text in SWAP_WORDS:
            return HEXGUI_SWAP  # the Benzene family's name (ours, "swap", it does not know)
        return text if self._kept(state) else transpose_cell(text)

    def _play(self, state: State, move: Hashable, wait: float) -> None:
        self._ask(f"play {self._colour(state)} {self._vertex(state.game, state, move)}", wait)

    def _set_up(self, start: State, wait: float) -> None:
        """The game's options and board (``set_up_steps``: ``tabuleiro-options``, ``boardsize``),
        then ``clear_board``: the engine given ``start``'s empty board; ``Refused`` if it refuses
        them.  Before a game each command may take as long as the start-up (``startup_time``), not
        ``COMMAND_TIME``: an engine loads what the board needs then (ours, its kernels: 15-25 s
        compiled on a fresh install), so that its genmoves do not; in a move (``_sync``) only what
        the move has left."""
        for step in set_up_steps(start.game):
            self._tell(step, wait)
        self._ask("clear_board", wait)
        self.synced, self.timing = start, None
        self.told = dict(start.game.options)

    def ready_to_move(self, game: Game) -> None:
        """Inside a move, before its time is counted: the engine started if it is not running, and
        set up if it has not been since its start, each waiting the start-up's time, as ``get_ready``
        does before a game.  A window's worker process made anew (after a crash, or a stop its
        search was slow to take) makes its players anew, with no ``get_ready``: the engine's first
        ``boardsize`` and ``clear_board`` came in its first move's replay, which waited only the
        move's time, and an engine that loads a network for the board lost that move on time.
        Failing to (``OutsideLoadError``) is a load failure, as before a game: a set-up that
        outlasted the start-up's time was said as the move's "exceeded the time limit"."""
        self._readied(game, always_set_up=False)

    def _tell(self, step: SetUpStep, wait: float) -> None:
        """One set-up step: its forms in turn until one is accepted; the last refusal raised, unless
        the engine only does not know the command and the step ``may_be_unknown``."""
        refusal: Refused | None = None
        for command in step.commands:
            try:
                self._ask(command, wait)
                return
            except Refused as exc:
                refusal = exc
        assert refusal is not None
        if not (step.may_be_unknown and unknown_command(refusal.answer)):
            raise refusal

    def _sync(self, state: State, deadline: float | None) -> None:
        """Bring the engine to ``state``: one ``play`` if it follows the known position, else replay
        it from the start, set up again unless it has the empty board of its set-up (a game begun
        after random opening moves: set up again on its first move's time, an engine slow to take a
        board lost that move).  Inside a move whose time runs out at ``deadline`` (``time.perf_counter``)
        no command waits past it, nor longer than ``COMMAND_TIME``: the replay's ``clear_board``
        waited the start-up's minute, on the move's clock, for an engine that had stopped answering."""
        game = state.game
        if self.synced is not None and self.synced == state:
            return
        if self.synced is not None and not self.synced.is_terminal():
            for move in self.synced.legal_moves():
                if self.synced.play(move) == state:
                    self._play(self.synced, move, _time_left(deadline))
                    self.synced = state
                    return
        start = game.initial_state()
        if self.synced != start:  # the empty board its set-up left: played on from, not set up again
            self._set_up(start, _time_left(deadline))
        if state != start:
            path = path_from_start(start, state) or guided_path(start, state)
            if path is None:
                raise Forfeit("cannot be given this position: no line of moves from the start to it was found, "
                              "and the engine was not following the game")
            for move in path:
                self._play(self.synced, move, _time_left(deadline))
                self.synced = self.synced.play(move)

    def _tell_time(self, state: State, limits: Limits) -> None:
        """``time_settings`` when they change (a new game), ``time_left`` before each move on a clock."""
        remaining = getattr(limits, "remaining", None)
        if remaining is not None:
            timing: tuple = ("clock",)
            forms = [f"time_settings {seconds} 0 0" for seconds in _whole_seconds_or_less(remaining)]
        elif limits.time is not None:
            timing = ("move", limits.time)
            forms = [f"time_settings 0 {seconds} 1" for seconds in _whole_seconds_or_less(limits.time)]
        else:
            return
        if timing != self.timing:
            for settings in forms:  # the exact time first; the protocol's whole seconds if refused
                if self._ask(settings, COMMAND_TIME, optional=True) is not None:
                    break
            self.timing = timing
        if remaining is not None:
            self._ask(f"time_left {self._colour(state)} {max(0, int(remaining))} 0", COMMAND_TIME, optional=True)

    def choose(self, state: State, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        limits = limits or Limits()
        game = state.game
        budget = hard_limit(limits)
        began = time.perf_counter()
        again = "" if self.bot is not None and self.bot.alive() else "re"  # a set-up alone: not restarted
        try:
            self.ready_to_move(game)
            deadline = None if budget is None else time.perf_counter() + budget + GRACE
            self._sync(state, deadline)
            self._tell_time(state, limits)
            timeout = None if budget is None else budget + GRACE
            began = time.perf_counter()
            text = self._ask(f"genmove {self._colour(state)}", timeout, limits.stop) or ""
        except ProcessDied as exc:
            log = self.bot.log_note() if self.bot else ""
            self.close()
            if isinstance(exc, ProcessLate) and budget is not None:
                spent = time.perf_counter() - began
                raise Forfeit(f"{late_reply(limits, spent)}; engine stopped{log}", spent=spent) from None
            raise Forfeit(f"{exc}{log}") from None
        except OutsideLoadError as exc:
            raise Forfeit(f"could not be {again}started: {exc.reason}") from None
        word = text.splitlines()[0].strip() if text.strip() else ""  # all of it: "2 0" said as "2" misled
        if gives_up(word):
            self.synced = None
            raise Resigned("resigned")
        if word.lower() in SWAP_WORDS:
            word = "swap"
        try:
            exchanged = self.transpose and not self._kept(state)
            move = game.parse_move(state, transpose_cell(word) if exchanged else word)
        except (IllegalMove, ValueError) as exc:
            self.synced = None
            raise Forfeit(f"played an illegal move {word!r}: {exc}{self._noted_illegal(state, word, exc)}") from None
        self.synced = state.play(move)
        return move

    def _noted_illegal(self, state: State, word: str, exc: Exception) -> str:
        """``; log: PATH`` for an illegal move's forfeit, the log holding why in a line of ours.
        An engine that wrote nothing to standard error had its illegal move's forfeit name no log,
        where every other forfeit names one that says why (docs/outside-players.md)."""
        assert self.bot is not None
        self.bot.note(f"lost: its answer {word!r} to 'genmove {self._colour(state)}' is no legal move here: {exc}")
        return self.bot.log_note()

    def close(self) -> None:
        if self.bot is not None:
            if self.bot.alive():
                self.bot.send("quit\n")
            self.bot.kill()
            self.bot = None


def _time_left(deadline: float | None) -> float:
    """Seconds a command inside a move may wait: ``COMMAND_TIME``, or less if the move's
    ``deadline`` (``time.perf_counter``) comes sooner."""
    if deadline is None:
        return COMMAND_TIME
    return max(0.0, min(COMMAND_TIME, deadline - time.perf_counter()))


def shortened(line: str) -> str:
    """``line`` as a forfeit's reason quotes it: its first ``STRAY_SHOWN`` characters."""
    return line if len(line) <= STRAY_SHOWN else line[:STRAY_SHOWN] + "..."


def not_runnable_hint(program: str, unknown_format: bool = False) -> str:
    """What to do about a file the system refused to run: a script named without its interpreter
    is the usual case (``gtp:bot.py`` for ``gtp:python3 bot.py``).  ``unknown_format``: it may be
    run, but is no program of this system (no ``#!`` line, or built for another)."""
    name = Path(program).name
    if name.endswith(".py"):
        return f"name its interpreter first (gtp:python3 {name}), or give it a #! line and chmod +x {name}"
    if unknown_format:
        return "a script needs a #! line or its interpreter named first; a program, to be built for this system"
    return f"a program needs chmod +x {name}; a script its interpreter named first, or a #! line too"


def missing_interpreter(program: str) -> str:
    """Why a script that is there could not be started: the interpreter its ``#!`` line names is
    not (``#!/usr/bin/python3.9`` on a machine with another Python), which the system reports as
    the script itself missing."""
    try:
        with open(program, "rb") as script:
            first = script.readline(4096).decode("utf-8", "replace").strip()
    except OSError:
        first = ""
    name = Path(program).name
    if not first.startswith("#!"):
        return "it is there, but what it needs to run is not (a program built for another system?)"
    return (f"its first line, {first}, names an interpreter that is not there: write one that is "
            f"(#!/usr/bin/env python3), or name the interpreter first (gtp:python3 {name})")


def windows_line_end(program: str) -> str:
    """Why a script whose ``#!`` line ends in a carriage return (saved with Windows line ends,
    CRLF) cannot start, or "": the system looks for an interpreter named ``python3\r``, and
    ``/usr/bin/env`` only says that no such file exists.  Windows itself reads no ``#!`` line."""
    if os.name != "posix":
        return ""
    try:
        with open(program, "rb") as script:
            first = script.readline(4096)
    except OSError:
        return ""
    if not (first.startswith(b"#!") and first.endswith(b"\r\n")):
        return ""
    line = first.decode("utf-8", "replace").strip()
    return (f"its first line, {line}, ends with a Windows line end (CRLF), so the system looks for a "
            "program whose name ends in a carriage return: save the file with Unix line ends (LF), "
            f"as dos2unix {Path(program).name} does")


def missing_files_note(command: list[str]) -> str:
    """``; no file bots/x.py in /where/you/are ...`` for the words of an engine's command after the
    program that look like files (a path, a name with an extension) and name none.  Such a word
    is not made absolute (``absolute_paths``), so the interpreter looked for it in the engine's own
    temporary folder and said so, naming a folder the student never saw."""
    looks_like_a_file = re.compile(r".*[/\\].*|.*\.[A-Za-z]\w{0,3}")
    missing = [word for word in command[1:] if not word.startswith("-") and looks_like_a_file.fullmatch(word)
               and not Path(word).exists()]
    if not missing:
        return ""
    return (f"; no file {', '.join(missing)} in {os.getcwd()}: the engine runs in a folder of its own, so "
            "name its files from the folder Tabuleiro is started in, or by their whole path")


def absolute_paths(command: list[str]) -> list[str]:
    """``command`` with every word that names an existing file or folder (relative to the current
    directory) made absolute: the engine runs in a folder of its own.  Links are kept, not
    followed: a virtual environment's ``.venv/bin/python`` links to the system's Python, which
    would run without the environment's packages."""
    return [os.path.abspath(word) if not Path(word).is_absolute() and Path(word).exists() else word
            for word in command]


def _whole_seconds_or_less(seconds: float) -> list[str]:
    """How to tell an engine ``seconds``: GTP writes times in whole seconds, which would give an
    engine 1 s for a limit of 0.1 s (it thinks 0.9 s and loses on time), so a limit under a
    second is said as it is first ("0.1", which engines written in Python, ours included, read),
    and in whole seconds only to an engine that refuses that."""
    whole = str(max(1, round(seconds)))
    return [f"{seconds:g}", whole] if seconds < 1 else [whole]


def _line_to(start: State, state: State, plies: int, budget: int,
             rank: Callable[[State], int] | None = None) -> tuple[list[Hashable] | None, int]:
    """A line of at most ``plies`` moves from ``start`` to ``state``, depth first, within ``budget``
    positions, and the positions tried; with ``rank``, only the ``GUIDED_BRANCHES`` children it
    ranks lowest are followed, lowest first."""
    tried = 0

    def search(node: State, plies: int) -> list[Hashable] | None:
        nonlocal tried
        if node == state:
            return []
        if plies == 0 or node.is_terminal():
            return None
        children = []
        for move in node.legal_moves():
            tried += 1
            if tried > budget:
                return None
            children.append((move, node.play(move)))
        if rank is not None:
            children = sorted(children, key=lambda pair: rank(pair[1]))[:GUIDED_BRANCHES]
        for move, child in children:
            rest = search(child, plies - 1)
            if rest is not None:
                return [move, *rest]
            if tried > budget:
                return None
        return None

    return search(start, plies), tried


def guided_path(start: State, state: State, budget: int = PATH_BUDGET) -> list[Hashable] | None:
    """Moves that lead from ``start`` to ``state`` for a position set up far from the start (a
    pasted one), found depth first, trying first the moves after which the position's text is
    nearest the one wanted (line by line, character by character); None if none is found within
    ``budget`` positions.

    In a game of placed stones (Hex, Tic-tac-toe) the nearest move places one of the position's
    stones, so the line is found straight away, stone by stone, however many there are."""
    game = state.game
    goal = game.to_text(state).splitlines()

    def distance(node: State) -> int:
        lines = game.to_text(node).splitlines()
        apart = sum(sum(a != b for a, b in zip(mine, wanted)) + abs(len(mine) - len(wanted))
                    for mine, wanted in zip(lines, goal))
        return apart + sum(len(line) for line in lines[len(goal):] + goal[len(lines):])

    # each move mends a character at least, in a game of stones
    return _line_to(start, state, distance(start) + 2, budget, rank=distance)[0]


def path_from_start(start: State, state: State, max_plies: int = OPENING_PLIES,
                    budget: int = PATH_BUDGET) -> list[Hashable] | None:
    """Moves that lead from ``start`` to ``state`` (a game begun after random opening moves), found
    by iterative deepening up to ``max_plies`` and ``budget`` positions; None if there are none.

    GTP can only set up a position by playing moves, and a match's opening is a position without
    its moves; the shortest line to it is as good as the one played, since the rules see only the
    position."""
    for plies in range(1, max_plies + 1):
        path, tried = _line_to(start, state, plies, budget)
        budget -= tried
        if path is not None or budget < 0:
            return path
    return None
