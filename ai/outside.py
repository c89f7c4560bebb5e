"""Outside players: bots written outside Tabuleiro, each run in a process of its own.

    ai.make_player("rastros", "bots/mine.py:jogador42")   # a course Rastros file, unchanged
    ai.make_player("trax", "bots/player.py")              # a course Trax file (class Player)
    ai.make_player("tictactoe", "bots/simple.py")         # our contract: choose(game, state)
    ai.make_player("hex", "gtp:mohex --boardsize 11")     # an engine speaking GTP
    ai.make_player("hex", "engines/mohex.json")           # the same, configured in a JSON file

Why a process: a student's bot may loop forever, crash, print, or call ``sys.exit``.  Each
outside player owns one child process; ``choose`` sends it the position and waits at most the
move's time limit plus the referee's grace.  A late, dead or wrong answer raises ``Forfeit`` (the
referee records the reason and the game is lost); the process is killed and a fresh one is started
for the next game.  Nothing is ever pickled: the parent and the child exchange JSON lines, the
position as ``game.to_text`` and the move in the game's notation.  The parent re-parses the move
against its own state, so a child cannot claim a move that is not legal.

Python files (the child runs ``serve()`` below, with ``ai/compat`` first on its import path so
the course's ``rastros``, ``jogos``, ``base`` and ``draw`` modules (and ``func_timeout``, which the
course's files import) resolve to ours -- only in that child, never in Tabuleiro's own processes):
1. our contract: a function ``choose(game, state)`` or a class whose instances have
   ``choose(state)`` (constructed as ``Class(game)`` or ``Class()``); either may return a move of
   ``state.legal_moves()`` or its notation text.  A ``choose`` with one more parameter
   (``choose(game, state, seconds)``, ``choose(self, state, seconds)``) is given the move's time
   limit in seconds (None: no limit);
2. course Rastros files: every ``Jogador`` in the file is a player, named by its variable name or
   its ``nome`` (``file.py:jogador42``, ``file.py:Basilio``); the function gets our compat
   ``Rastros()`` game and an ``EstadoRastros`` and returns a (row, col) square;
3. course Trax files: ``class Player(Base.BasePlayer)``, constructed at load time for both colours
   (the course gives the constructor its own second), whose ``move()`` returns the placed tile
   and its forced tiles as ``[[row, col, tile], ...]``.
``file.py`` alone names the first player of the file; ``file.py:*`` stands for all of them in a
tournament (``outside_ids`` expands it).

GTP engines (``gtp:COMMAND LINE`` or a ``.json`` file ``{"command": [...], "name": ..., "transpose":
false, "cwd": ...}``): the engine is started once per player and kept in step with ``boardsize``,
``clear_board`` and ``play``; ``genmove`` asks for its move.  Colours: ``b`` is the side that moves
first (game.sides[0]), ``w`` the other.  Vertices are our notation; for Hex programs in the
HexGui/Benzene convention (black joins top and bottom) set ``"transpose": true`` so their ``c1``
is our ``a3`` (see ai/commands/gtp.py).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import weakref
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.base import Forfeit, Limits, Player, PlayerInfo, ProgressCallback
from games.base import Game, IllegalMove, State

ROOT = Path(__file__).resolve().parent.parent  # the repository: the child imports games from here
COMPAT = Path(__file__).resolve().parent / "compat"
GRACE = 0.5  # seconds beyond the move limit before the process is killed (the referee's grace)
LOAD_TIME = 15.0  # seconds a file may take to import and construct its players
STDERR_TAIL = 400  # characters of a dead child's stderr quoted in the reason


# -- naming outside players -------------------------------------------------------------------
@dataclass(frozen=True)
class OutsideId:
    """A parsed outside player id: a Python file and a player in it, or a GTP engine."""

    kind: str  # "file" or "gtp"
    path: str = ""  # the .py or .json file
    name: str | None = None  # the player inside a .py file (None: the first)
    command: tuple[str, ...] = ()  # the GTP command line


def parse_outside_id(player_id: str) -> OutsideId:
    """Split ``path/file.py:name``, ``gtp:COMMAND`` or ``engine.json``; ValueError if neither."""
    if player_id.startswith("gtp:"):
        command = tuple(shlex.split(player_id[4:]))
        if not command:
            raise ValueError("gtp: needs a command line, e.g. gtp:mohex --boardsize 11")
        return OutsideId("gtp", command=command)
    if player_id.endswith(".json"):
        return OutsideId("gtp", path=player_id)
    at = player_id.rfind(".py")
    if at < 0:
        raise ValueError(f"{player_id!r} is not an outside player (file.py[:name], gtp:COMMAND or engine.json)")
    path, rest = player_id[: at + 3], player_id[at + 3:]
    if rest and not rest.startswith(":"):
        raise ValueError(f"{player_id!r}: expected path/to/file.py or path/to/file.py:name")
    name = rest[1:] or None
    return OutsideId("file", path=path, name=name)


def load_outside_player(game_id: str, player_id: str, options: dict[str, Any] | None = None) -> Player:
    """A player for ``player_id``; its file is loaded (in its process) now, so errors show at once.

    ``options`` are the game's options (default: the defaults); if a game with other options is
    played, the first ``choose`` reloads the file with them (the course modules depend on the size).
    """
    spec = parse_outside_id(player_id)
    if spec.kind == "gtp":
        return GTPPlayer(game_id, player_id, spec)
    if not Path(spec.path).is_file():
        raise ValueError(f"{spec.path}: no such file")
    return OutsidePlayer(game_id, player_id, spec, options or {})


def list_outside_players(game_id: str, path: str, options: dict[str, Any] | None = None) -> list[PlayerInfo]:
    """Every player a Python file defines for ``game_id`` (ids ``path:name``): for menus and ``:*``."""
    if not Path(path).is_file():
        raise ValueError(f"{path}: no such file")
    child = _Child(path)
    try:
        reply = child.request({"op": "load", "game": game_id, "options": options or {}, "file": str(Path(path).resolve()),
                               "name": None}, LOAD_TIME)
    except _Dead as exc:
        raise ValueError(f"{path}: could not be loaded: {exc}") from None
    finally:
        child.kill()
    if not reply.get("ok"):
        raise ValueError(f"{path}: {reply.get('error')}")
    return [PlayerInfo(f"{path}:{p['name']}", p["title"], p["kind"]) for p in reply["players"]]


def outside_ids(game_id: str, player_ids: list[str]) -> list[str]:
    """``player_ids`` with every ``file.py:*`` replaced by the ids of all the file's players."""
    out: list[str] = []
    for pid in player_ids:
        if pid.endswith(".py:*"):
            out.extend(p.id for p in list_outside_players(game_id, pid[:-2]))
        else:
            out.append(pid)
    return out


# -- the parent side: a child process speaking JSON lines ------------------------------------
class _Dead(Exception):
    """The child process ended (or never answered in time); the message says which."""


CHILD_ARGUMENT = "_outside-player"  # main.py's hidden first argument in a frozen (PyInstaller) build


def child_command() -> list[str]:
    """How to start a child: ``python -c`` from a checkout, the app itself with a flag when frozen."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_ARGUMENT]
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
            "from ai.outside import serve_child; serve_child()")
    return [sys.executable, "-u", "-c", code]


COMPAT_MODULES = ("func_timeout", "jogos", "rastros", "base", "draw")  # in dependency order


def serve_child() -> None:
    """The child's entry: the course's module names are ours; the working directory is not on the path.

    The compat modules are installed in ``sys.modules`` under their course names (so a course's own
    ``rastros.py`` beside the player's file cannot shadow them, and a frozen build that has no
    source folder finds them too); ``ai/compat`` also goes first on the path for anything else.
    """
    import importlib

    sys.path[:] = [str(COMPAT), str(ROOT)] + [p for p in sys.path if p not in ("", ".", str(ROOT), str(COMPAT))]
    for name in COMPAT_MODULES:
        sys.modules[name] = importlib.import_module(f"ai.compat.{name}")
    serve()


class _Child:
    """One child process running ``serve()``, with a reader thread so waits can time out."""

    def __init__(self, file_path: str) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the child)
        cwd = str(Path(file_path).resolve().parent)
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
        env.pop("PYTHONPATH", None)
        self.proc = subprocess.Popen(
            child_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.stderr, cwd=cwd, env=env, start_new_session=(os.name == "posix"),
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True).start()
        self._finalizer = weakref.finalize(self, _kill_process, self.proc)

    @staticmethod
    def _read(stream, lines: queue.Queue) -> None:
        for line in iter(stream.readline, b""):
            lines.put(line)
        lines.put(b"")  # end of stream: the child is gone

    def alive(self) -> bool:
        return self.proc.poll() is None

    def request(self, message: dict, timeout: float | None, stop: Any = None) -> dict:
        """Send ``message``, wait for the reply; _Dead if the child dies or is late (it is killed)."""
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Dead(f"crashed (process ended{self._exit_text()})") from None
        deadline = None if timeout is None else time.perf_counter() + timeout
        while True:
            wait = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))
            try:
                line = self.lines.get(timeout=wait)
            except queue.Empty:
                if stop is not None and stop.is_set():
                    self.kill()
                    raise _Dead("was stopped") from None
                if deadline is not None and time.perf_counter() >= deadline:
                    self.kill()
                    raise _Dead("late") from None
                continue
            if not line:
                self.proc.wait(timeout=5)
                raise _Dead(f"crashed (process ended{self._exit_text()})")
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                continue  # not ours (cannot happen: the child's stdout is redirected), skip it

    def _exit_text(self) -> str:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=2)
        code = self.proc.returncode
        text = f", exit status {code}" if code is not None else ""
        tail = self.stderr_tail()
        return text + (f"; stderr: {tail}" if tail else "")

    def stderr_tail(self) -> str:
        try:
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - STDERR_TAIL))
            data = self.stderr.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""
        return " | ".join(line for line in data.splitlines() if line.strip())[-STDERR_TAIL:]

    def kill(self) -> None:
        _kill_process(self.proc)
        with contextlib.suppress(OSError):
            self.stderr.close()


def _kill_process(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            if os.name == "posix":
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
        except (ProcessLookupError, PermissionError, OSError):
            with contextlib.suppress(OSError):
                proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
    for stream in (proc.stdin, proc.stdout):
        with contextlib.suppress(OSError, ValueError):
            if stream:
                stream.close()


class OutsidePlayer(Player):
    """A player from a Python file, run in a child process (see the module docstring)."""

    def __init__(self, game_id: str, player_id: str, spec: OutsideId, options: dict[str, Any]) -> None:
        self.game_id = game_id
        self.player_id = player_id
        self.spec = spec
        import games

        self.options = games.info(game_id).resolve_options(options)
        self.child: _Child | None = None
        self.name = spec.name
        self.info = PlayerInfo(player_id, Path(spec.path).stem + (f":{spec.name}" if spec.name else ""),
                               "an outside player")
        self._start()  # load now: a bad file or an unknown name is an error before any game

    def _start(self, options: dict[str, Any] | None = None) -> None:
        self.close()
        if options is not None:
            self.options = dict(options)
        child = _Child(self.spec.path)
        try:
            reply = child.request({"op": "load", "game": self.game_id, "options": self.options,
                                   "file": str(Path(self.spec.path).resolve()), "name": self.spec.name}, LOAD_TIME)
        except _Dead as exc:
            child.kill()
            raise ValueError(f"{self.player_id}: could not be loaded: {exc}") from None
        if not reply.get("ok"):
            child.kill()
            raise ValueError(f"{self.player_id}: {reply.get('error')}")
        self.child = child
        self.kind = reply["kind"]
        self.info = PlayerInfo(self.player_id, reply["title"], reply["kind"])

    def choose(self, state: State, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        limits = limits or Limits()
        game = state.game
        if self.child is None or not self.child.alive() or game.options != self.options:
            try:
                self._start(dict(game.options))
            except ValueError as exc:
                raise Forfeit(f"could not be started: {exc}") from None
        timeout = None if limits.time is None else limits.time + GRACE
        began = time.perf_counter()
        try:
            reply = self.child.request({"op": "move", "position": game.to_text(state),
                                        "time": limits.time}, timeout, limits.stop)
        except _Dead as exc:
            self.close()
            if str(exc) == "late":
                spent = time.perf_counter() - began
                raise Forfeit(f"exceeded the time limit ({spent:.2f} s > {limits.time:g} s); process stopped") from None
            raise Forfeit(str(exc)) from None
        if not reply.get("ok"):
            raise Forfeit(reply.get("error", "failed"))
        text = reply["move"]
        try:
            return game.parse_move(state, text)
        except (IllegalMove, ValueError) as exc:
            raise Forfeit(f"played an illegal move {text!r}: {exc}") from None

    def close(self) -> None:
        if self.child is not None:
            self.child.kill()
            self.child = None


# -- GTP engines ---------------------------------------------------------------------------------
class GTPPlayer(Player):
    """An engine program speaking the Go Text Protocol, kept in step with the game by ``play``."""

    def __init__(self, game_id: str, player_id: str, spec: OutsideId) -> None:
        self.game_id = game_id
        self.player_id = player_id
        config: dict[str, Any] = {"command": list(spec.command)}
        if spec.path:
            try:
                config = json.loads(Path(spec.path).read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise ValueError(f"{spec.path}: {exc}") from None
            if not isinstance(config, dict) or not config.get("command"):
                raise ValueError(f"{spec.path}: expected a JSON object with a \"command\" list")
        command = config["command"]
        self.command = shlex.split(command) if isinstance(command, str) else [str(c) for c in command]
        self.transpose = bool(config.get("transpose", False))
        self.cwd = config.get("cwd")
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.synced: State | None = None  # the position the engine has, when known
        self._start()
        name = config.get("name")
        if not name:
            try:
                name = self._ask("name", 10.0)
            except (_Dead, Forfeit) as exc:
                self.close()
                raise ValueError(f"{player_id}: the engine does not answer GTP ({exc})") from None
        self.info = PlayerInfo(player_id, name, "a GTP engine")

    def _start(self) -> None:
        self.close()
        try:
            self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, cwd=self.cwd,
                                         start_new_session=(os.name == "posix"))
        except OSError as exc:
            raise ValueError(f"{self.player_id}: cannot start {self.command[0]!r}: {exc}") from None
        self.lines = queue.Queue()
        threading.Thread(target=_Child._read, args=(self.proc.stdout, self.lines), daemon=True).start()
        weakref.finalize(self, _kill_process, self.proc)
        self.synced = None

    def _ask(self, command: str, timeout: float | None, stop: Any = None) -> str:
        """Send one GTP command; its answer text.  _Dead on no answer; Forfeit on a ``?`` answer."""
        assert self.proc is not None
        try:
            self.proc.stdin.write((command + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Dead("crashed (engine ended)") from None
        deadline = None if timeout is None else time.perf_counter() + timeout
        answer: list[str] = []
        while True:
            wait = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))
            try:
                raw = self.lines.get(timeout=wait)
            except queue.Empty:
                if (stop is not None and stop.is_set()) or (deadline is not None and time.perf_counter() >= deadline):
                    _kill_process(self.proc)
                    raise _Dead("late") from None
                continue
            if not raw:
                raise _Dead("crashed (engine ended)")
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if not answer and not line.strip():
                continue  # blank lines before an answer
            if not line.strip():
                break
            answer.append(line)
        head = answer[0]
        text = "\n".join([head[1:].lstrip("0123456789").strip(), *answer[1:]]).strip()
        if head.startswith("?"):
            raise Forfeit(f"engine refused {command!r}: {text}")
        return text

    def _vertex(self, game: Game, state: State, move: Hashable) -> str:
        text = game.format_move(state, move).lower()
        return _transpose_cell(text) if self.transpose else text

    def _sync(self, state: State) -> None:
        """Bring the engine to ``state``: one ``play`` if it follows the known position, else replay."""
        game = state.game
        if self.synced is not None and self.synced == state:
            return
        if self.synced is not None and not self.synced.is_terminal():
            for move in self.synced.legal_moves():
                after = self.synced.play(move)
                if after == state:
                    self._ask(f"play {'bw'[self.synced.to_move]} {self._vertex(game, self.synced, move)}", 10.0)
                    self.synced = state
                    return
        start = game.initial_state()
        size = game.options.get("size")
        if size is not None:
            self._ask(f"boardsize {size}", 10.0)
        self._ask("clear_board", 10.0)
        self.synced = start
        if state != start:
            for move in start.legal_moves():
                if start.play(move) == state:
                    self._ask(f"play {'bw'[start.to_move]} {self._vertex(game, start, move)}", 10.0)
                    self.synced = state
                    return
            raise Forfeit("cannot be given this position: it is not the start or one move after it, "
                          "and the engine was not following the game")

    def choose(self, state: State, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        limits = limits or Limits()
        game = state.game
        began = time.perf_counter()
        try:
            if self.proc is None or self.proc.poll() is not None:
                self._start()
            self._sync(state)
            timeout = None if limits.time is None else limits.time + GRACE
            text = self._ask(f"genmove {'bw'[state.to_move]}", timeout, limits.stop)
        except _Dead as exc:
            self.close()
            if str(exc) == "late":
                spent = time.perf_counter() - began
                raise Forfeit(f"exceeded the time limit ({spent:.2f} s > {limits.time:g} s); engine stopped") from None
            raise Forfeit(str(exc)) from None
        word = text.split()[0] if text.split() else ""
        if word.lower() == "resign":
            raise Forfeit("resigned")
        try:
            move = game.parse_move(state, _transpose_cell(word) if self.transpose else word)
        except (IllegalMove, ValueError) as exc:
            self.synced = None
            raise Forfeit(f"played an illegal move {word!r}: {exc}") from None
        self.synced = state.play(move)
        return move

    def close(self) -> None:
        if self.proc is not None:
            with contextlib.suppress(OSError, ValueError):
                if self.proc.poll() is None:
                    self.proc.stdin.write(b"quit\n")
                    self.proc.stdin.flush()
            _kill_process(self.proc)
            self.proc = None


def _transpose_cell(text: str) -> str:
    """``c1`` <-> ``a3``: a cell with its row and column exchanged (other moves unchanged)."""
    if len(text) >= 2 and text[0].isalpha() and text[1:].isdigit():
        return f"{chr(ord('a') + int(text[1:]) - 1)}{ord(text[0].lower()) - ord('a') + 1}"
    return text


# -- the child side ---------------------------------------------------------------------------
def serve() -> None:
    """The child's loop: JSON requests on stdin, one JSON reply per line on the real stdout.

    Everything the player's code prints (to sys.stdout or file descriptor 1) goes to stderr, so it
    can never corrupt the protocol.
    """
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    _watch_parent()
    host: _Host | None = None
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            continue
        try:
            if request.get("op") == "load":
                host = _Host(request)
                reply = host.describe()
            elif host is None:
                reply = {"ok": False, "error": "no player loaded"}
            else:
                reply = host.move(request)
        except _LoadError as exc:
            reply = {"ok": False, "error": str(exc)}
        except Exception as exc:  # the player's own error: reported, the parent decides
            reply = {"ok": False, "error": _describe_exception(exc)}
        out.write(json.dumps(reply) + "\n")
        out.flush()


def _watch_parent() -> None:
    """End this process when its parent is gone, even if the player's code never returns.

    A tournament worker that is cancelled is killed; its outside players' processes must not be
    left behind (a hung bot would run forever).  A daemon thread watches the parent's pid.
    """
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _describe_exception(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    for frame in reversed(frames):
        if "ai/outside.py" not in frame.filename.replace("\\", "/"):
            where = f" (at {Path(frame.filename).name} line {frame.lineno})"
            break
    return f"crashed: {type(exc).__name__}: {exc}{where}"


class _LoadError(Exception):
    """A file without players, or without the player asked for: our words, not a crash."""


class _Host:
    """Inside the child: the loaded file, the chosen player, and the translation to the course API."""

    def __init__(self, request: dict) -> None:
        import games

        self.game = games.load(request["game"], **request.get("options", {}))
        path = Path(request["file"]).resolve()
        sys.path.insert(2, str(path.parent))  # after compat and the repository: ours win
        self._prepare_compat()
        self.module = _import_file(path)
        self.players = self._find_players()
        if not self.players:
            raise _LoadError(f"{path.name} defines no player for {self.game.id}: expected choose(game, state), "
                             "a class with choose(state), Jogador(...) objects (Rastros) or class Player (Trax)")
        wanted = request.get("name")
        self.chosen = self._pick(wanted) if wanted else self.players[0]

    def _prepare_compat(self) -> None:
        if self.game.id == "rastros":
            import rastros  # ai/compat/rastros.py

            rastros.N = self.game.n

    def _find_players(self) -> list[dict]:
        found: list[dict] = []
        names = vars(self.module)
        jogador_type = _compat_type("jogos", "Jogador")
        base_type = _compat_type("base", "BasePlayer")
        course_objects = _course_players()
        for var, value in names.items():
            if var.startswith("_"):
                continue
            if jogador_type is not None and isinstance(value, jogador_type):
                if id(value) in course_objects or self.game.id != "rastros":
                    continue  # the course's own six, or a Rastros player offered for another game
                found.append({"name": var, "title": str(value.nome), "kind": "course rastros", "obj": value})
            elif isinstance(value, type) and value.__module__ == self.module.__name__:
                if base_type is not None and issubclass(value, base_type):
                    if self.game.id != "trax":
                        continue
                    found.append({"name": var, "title": var, "kind": "course trax", "obj": value})
                elif callable(getattr(value, "choose", None)):
                    found.append({"name": var, "title": var, "kind": "class", "obj": value})
            elif var == "choose" and callable(value):
                found.append({"name": var, "title": Path(self.module.__file__).stem, "kind": "function",
                              "obj": value})
        return found

    def _pick(self, wanted: str) -> dict:
        if wanted == "*":  # every player of the file: a tournament expands it, alone it is the first
            return self.players[0]
        for p in self.players:
            if p["name"] == wanted:
                return p
        for p in self.players:
            if p["title"] == wanted or p["title"].lower() == wanted.lower():
                return p
        names = ", ".join(f"{p['name']} ({p['title']})" if p["title"] != p["name"] else p["name"]
                          for p in self.players)
        raise _LoadError(f"no player {wanted!r} in {Path(self.module.__file__).name}; players: {names}")

    def describe(self) -> dict:
        chosen = self.chosen
        self.adapter = _ADAPTERS[chosen["kind"]](self.game, chosen["obj"])
        return {"ok": True, "kind": chosen["kind"], "title": chosen["title"], "name": chosen["name"],
                "players": [{k: p[k] for k in ("name", "title", "kind")} for p in self.players]}

    def move(self, request: dict) -> dict:
        state = self.game.from_text(request["position"])
        text = self.adapter.move(state, request.get("time"))
        return {"ok": True, "move": text}


def _import_file(path: Path):
    import importlib.util

    name = f"outside_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path.name} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _compat_type(module_name: str, type_name: str):
    module = sys.modules.get(module_name)
    return getattr(module, type_name, None) if module is not None else None


def _course_players() -> set[int]:
    """ids of the Jogador objects our compat rastros defines (the course's six), not the file's."""
    module = sys.modules.get("rastros")
    if module is None or not hasattr(module, "Jogador"):
        return set()
    return {id(v) for v in vars(module).values() if isinstance(v, module.Jogador)}


def _notation(game: Game, state: State, answer: Any) -> str:
    """A contract player's answer (a move or its text) as notation; IllegalMove if neither."""
    if isinstance(answer, str):
        return game.format_move(state, game.parse_move(state, answer))
    if answer not in state.legal_moves():
        raise IllegalMove(f"{answer!r} is not a legal move here")
    return game.format_move(state, answer)


def _takes(fn: Any, count: int) -> bool:
    """True if ``fn`` can be called with ``count`` positional arguments."""
    import inspect

    try:
        inspect.signature(fn).bind(*range(count))
        return True
    except (TypeError, ValueError):
        return False


class _FunctionAdapter:
    """``choose(game, state)``, or ``choose(game, state, seconds)`` to be told the move's time limit."""

    def __init__(self, game: Game, fn: Any) -> None:
        self.game, self.fn = game, fn
        self.timed = _takes(fn, 3)

    def move(self, state: State, seconds: float | None = None) -> str:
        answer = self.fn(self.game, state, seconds) if self.timed else self.fn(self.game, state)
        return _answer_text(self.game, state, answer)


class _ClassAdapter:
    """An object with ``choose(state)`` or ``choose(state, seconds)``, made as ``Class(game)`` or ``Class()``."""

    def __init__(self, game: Game, cls: type) -> None:
        self.game = game
        self.obj = cls(game) if _takes(cls, 1) else cls()
        self.timed = _takes(self.obj.choose, 2)

    def move(self, state: State, seconds: float | None = None) -> str:
        answer = self.obj.choose(state, seconds) if self.timed else self.obj.choose(state)
        return _answer_text(self.game, state, answer)


def _answer_text(game: Game, state: State, answer: Any) -> str:
    try:
        return _notation(game, state, answer)
    except (IllegalMove, ValueError, TypeError, KeyError, IndexError):
        return _raw(answer)  # the parent will refuse it and say why


def _raw(answer: Any) -> str:
    return answer if isinstance(answer, str) else repr(answer)


class _RastrosAdapter:
    """A course ``Jogador``: our state becomes an ``EstadoRastros``, its (row, col) becomes ``row-col``."""

    def __init__(self, game: Game, jogador: Any) -> None:
        import rastros

        self.game, self.jogador, self.course = game, jogador, rastros
        self.course_game = rastros.Rastros()

    def move(self, state: State, seconds: float | None = None) -> str:
        from games.rastros import course_coords

        n = self.game.n
        estado = self.course.EstadoRastros(
            to_move="SN"[state.to_move], white=course_coords(n, state.white),
            blacks={course_coords(n, i) for i in range(n * n) if state.blacks >> i & 1})
        answer = self.jogador.fun(self.course_game, estado)
        if isinstance(answer, (tuple, list)) and len(answer) == 2 and all(isinstance(v, int) for v in answer):
            return f"{answer[0]}-{answer[1]}"
        return f"{answer!r} (not a (row, col) square)"


class _TraxAdapter:
    """A course ``Player(Base.BasePlayer)``: constructed for both colours at load time."""

    def __init__(self, game: Game, cls: type) -> None:
        from games.trax import board_text

        self.game = game
        start = game.initial_state()
        board = [row.split() for row in board_text(start.cells, game.size).splitlines()]
        self.players = {}
        for side, colour in enumerate("ld"):
            player = cls(board, f"player-{colour}", colour)
            player.tournament = game.mode == "tournament"
            self.players[side] = player

    def move(self, state: State, seconds: float | None = None) -> str:
        from games.trax import NAME, board_text, move_of, tile_of_name

        game = self.game
        player = self.players[state.to_move]
        player.board = [row.split() for row in board_text(state.cells, game.size).splitlines()]
        answer = player.move()
        if not answer:
            return "[] (no tile placed)" if state.legal_moves() else "none"
        n = game.size
        try:
            placed = {(int(r) * n + int(c), tile_of_name(str(t))) for r, c, t in answer}
            if any(not 0 <= cell < n * n for cell, _ in placed):
                raise ValueError
        except (TypeError, ValueError):
            return f"{answer!r} (expected [[row, col, tile], ...])"
        for cell, tile in placed:
            move = move_of(cell, tile)
            if move in state.legal_moves():
                turn = set(state.play(move).turn)
                if turn == {move_of(c, t) for c, t in placed}:
                    return game.format_move(state, move)
        first = answer[0]
        shown = ", ".join(f"{r},{c}:{NAME.get(tile_of_name(str(t)), t)}" for r, c, t in answer[:4])
        return f"{first[0]},{first[1]}:{first[2]} (tiles {shown} are not one legal turn with its forced tiles)"


_ADAPTERS = {"function": _FunctionAdapter, "class": _ClassAdapter, "course rastros": _RastrosAdapter,
             "course trax": _TraxAdapter}
