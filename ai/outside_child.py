"""The outside-player worker: the process that imports a player's file and answers for it.

The parent (ai/outside.py) sends JSON lines on stdin -- ``{"op": "load", ...}`` once, then
``{"op": "move", "position": ..., "time": ...}`` -- and reads one JSON reply per line.  Everything
the player prints goes to stderr (the parent keeps it in a log file), and the player's
``input()`` reads an empty stream, so neither can corrupt the protocol.

The player's folder comes first on the import path, as when the student runs the file: their own
``games.py`` (AIMA's usual name), ``utils.py``, ``ai`` or ``ui`` is the one they get.  Tabuleiro's
packages, once this worker has loaded what it needs, stay in ``sys.modules`` only under private
names (``_tabuleiro_games``, ...), and the repository leaves the path.  The course's modules
(``rastros``, ``jogos``, ``base``, ``draw``, ``func_timeout``) are installed under their names
before the file is imported, so a course's copy beside the file (which needs packages the
student may not have) is not used.

Kinds of players a file may hold (the parent's docstring has the ids):
1. our contract: ``choose(game, state)`` or a class with ``choose(state)`` (``Class(game)`` or
   ``Class()``), with one more parameter to be told the move's seconds; a function of another
   name taking the same, when the id names it (``bot.py:aleatorio``);
2. course Rastros files: every ``Jogador`` of the file (not the course's own);
3. course Trax files: ``class Player(Base.BasePlayer)``, one object per colour;
4. tic-tac-toe players written for the adversarial-search class notebook: a function of
   ``(game, state)`` in a file that defines the notebook's ``TicTacToe`` (``actions``, ``result``,
   ``is_terminal``) is given the file's own game and board, and answers a square ``(x, y)``.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import importlib
import importlib.util
import inspect
import itertools
import json
import numbers
import os
import random
import reprlib
import sys
import threading
import time
import traceback
import types
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import games
from ai.base import RESIGN, gives_up
from ai.bot_rlimits import apply_from_environment
from ai.outside_process import OUR_NOTE, TOO_LARGE, size_words
from ai.outside_source import NotANotebook, Source, definitions, first_line, read_source
from ai.parent_watch import end_with_parent
from games.base import Game, IllegalMove, State, looks_like
from games.rastros import course_coords
from games.trax import NAME, board_text, tile_of_name
from games.trax_turns import move_of_turn

ROOT = Path(__file__).resolve().parent.parent
COMPAT = Path(__file__).resolve().parent / "compat"
COMPAT_MODULES = ("func_timeout", "jogos", "rastros", "base", "draw")  # in dependency order
OUR_PACKAGES = ("games", "ai", "ui", "tools")
PRIVATE = "_tabuleiro_"
GENERIC_STEMS = frozenset({"player", "jogador", "bot", "main", "agent", "agente", "ai", "ia", "solution", "projeto"})
SHOWN_FUNCTIONS = 3  # functions a file without a player names as ids that would play it (``_Host``)


def serve_child() -> None:
    """The worker's entry: its resource limits first (ai/bot_rlimits.py: set before a student's
    file is read), then the course's module names are ours, then the request loop."""
    apply_from_environment()
    sys.path[:] = [p for p in sys.path if p not in ("", ".", str(COMPAT))]
    for name in COMPAT_MODULES:
        sys.modules[name] = importlib.import_module(f"ai.compat.{name}")
    serve()


def hide_our_packages() -> None:
    """Move Tabuleiro's packages to private names and the repository off the path.

    Everything the worker needs is imported by now; a student's module of the same name
    (``games``, ``ai``, ``ui``, ``tools``) is then imported from the student's folder.  Our
    classes and functions are renamed with their modules (the course's with the course's module
    names), so ``pickle`` finds them where they now are: a bot may pickle a state or pass one to
    ``multiprocessing`` (whose forked workers have the same modules).
    """
    for name in COMPAT_MODULES:  # rastros.EstadoRastros, as in the course; not ai.compat.rastros
        module = sys.modules[name]
        _rename(module, module.__name__, name)
    for name in list(sys.modules):
        if name.split(".", 1)[0] in OUR_PACKAGES:
            module = sys.modules[PRIVATE + name] = sys.modules.pop(name)
            _rename(module, name, PRIVATE + name)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT]


def _rename(module: types.ModuleType, old: str, new: str) -> None:
    """``module`` and what it defines (classes, nested ones, functions) say ``new`` where they said
    ``old`` (``__name__``, ``__module__``): what pickle imports to find them again."""
    seen: set[int] = set()

    def follow(value: Any) -> None:
        if id(value) in seen or getattr(value, "__module__", None) != old:
            return
        seen.add(id(value))
        try:
            value.__module__ = new
        except (AttributeError, TypeError):  # a type of an extension module: it keeps its name
            return
        if isinstance(value, type):
            for inner in list(vars(value).values()):
                if isinstance(inner, (type, types.FunctionType)):
                    follow(inner)

    for value in list(vars(module).values()):
        if isinstance(value, (type, types.FunctionType)):
            follow(value)
    if module.__name__ == old:
        module.__name__ = new  # classes and functions made from now on (namedtuple, ...) say it too


READY = {"ready": True}  # the worker's first line: it is up, the parent may start the load's clock


def serve() -> None:
    """The request loop: JSON requests on the real stdin, one JSON reply per line on the real stdout,
    after a first line, ``READY``, that says the interpreter and our modules are up: the parent's
    load clock starts then, so a slow start (a busy machine, an antivirus scanning the new process)
    is not counted as the file's loading time."""
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (the process's stdin from now on)
    end_with_parent()  # even if the player's code never returns
    out.write(json.dumps(READY) + "\n")
    out.flush()
    host: _Host | None = None
    for line in requests:
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
        except BaseException as exc:  # the player's own error (SystemExit too): reported, the parent decides
            with contextlib.suppress(OSError):  # a log at its size limit takes no more
                sys.stderr.writelines(map(cut_short, logged_traceback(exc)))  # for the bot's log
            reply = {"ok": False, "error": describe_exception(exc, _loading_source[-1] if _loading_source else None,
                                                              loading=request.get("op") == "load")}
        out.write(json.dumps(reply) + "\n")
        out.flush()


# -- saying where an error is ---------------------------------------------------------------------
def _is_compat(filename: str) -> bool:
    return Path(filename).resolve().parent == COMPAT


def _theirs(filename: str, source: Source | None) -> bool:
    """Whether code in ``filename`` is the student's: their file, or a module of their folder (not
    one of our course modules, nor Tabuleiro's own code that their file called)."""
    path = Path(filename)
    return source is not None and (path == source.path or (path.is_absolute() and source.path.parent in path.parents)
                                   and not _is_compat(filename))


def _where(filename: str, line: int, source: Source | None) -> str:
    """``aluno.py line 4``, or ``caderno.ipynb cell 3 line 2`` for a line of the loaded notebook."""
    if source is not None and Path(filename) == source.path:
        return source.where(line)
    return f"{Path(filename).name} line {line}"


SCRIPT_CALLS_HINT = ('put the calls a script makes under `if __name__ == "__main__":`, or load the file with '
                     "--definitions-only")
"""What a file that runs as a script when imported is told, as a file too slow to load is."""

NO_INPUT_IN_A_MOVE = "input() has no one to answer it here: choose reads the position from state and returns its move"
"""What a ``choose`` that asks for its move with ``input()`` is told, instead of Python's "EOF when
reading a line", which says nothing of why a bot is never answered."""


ERROR_MOST = 400  # characters of an exception's words in a reply, and of each part of its traceback in the log


def logged_traceback(exc: BaseException) -> list[str]:
    """``exc``'s traceback as the bot's log shows it: without the frames of this module (the code
    that asks the bot for its move) where frames of other code remain, the student's.  The log of
    a crash began with five frames of Tabuleiro's ``ai/outside_child.py`` before the student's
    lines, so a class read it as Tabuleiro's own crash; a fault of this module keeps them all."""
    shown = traceback.TracebackException.from_exception(exc)
    here = Path(__file__).resolve()
    theirs = [frame for frame in shown.stack if Path(frame.filename).resolve() != here]
    if theirs and len(theirs) < len(shown.stack):
        shown.stack = traceback.StackSummary.from_list(theirs)
    return list(shown.format())


def cut_short(text: str) -> str:
    """``text`` cut at ``ERROR_MOST`` characters ("..." for the rest): a bot that raised an error of
    100 MB sent it whole in its reply and wrote it whole in its log, and was timed out doing so."""
    return text if len(text) <= ERROR_MOST else text[:ERROR_MOST] + ("...\n" if text.endswith("\n") else "...")


def describe_exception(exc: BaseException, source: Source | None = None, loading: bool = False) -> str:
    """``crashed: TypeError: ... (at aluno.py line 40)``, naming the student's file and line.

    A failure inside our course modules says so and names the student's line that called them;
    a syntax error names its own file and line (Python gives them in the exception, not the
    traceback); a missing module says where to put it.  While the file is ``loading``, a syntax
    error is ``SyntaxError: ... (at aluno.py line 5)`` and a missing module ``No module named
    'x': put x.py ... (at aluno.py line 1)``: the file's faults, not crashes of a running bot.
    """
    folder = source.path.parent if source else None

    text = f"{type(exc).__name__}: {cut_short(str(exc))}"
    crashed = "crashed: "
    if isinstance(exc, MemoryError):
        text = "MemoryError: the bot ran out of memory (it may have reached its memory limit)"
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{'' if loading else crashed}{type(exc).__name__}: {exc.msg} (at {_where(exc.filename, exc.lineno or 0, source)})"
    if loading and isinstance(exc, (EOFError, SystemExit)):  # a script's input() or exit as the file is imported
        what = "input() has no one to answer it here" if isinstance(exc, EOFError) else "the file ends the program"
        text, crashed = f"{type(exc).__name__}: {what}: {SCRIPT_CALLS_HINT}", ""
    if not loading and isinstance(exc, EOFError) and str(exc) == "EOF when reading a line":  # input() in a move
        text = f"EOFError: {NO_INPUT_IN_A_MOVE}"
    if isinstance(exc, ModuleNotFoundError) and exc.name and source is not None:
        top = exc.name.split(".")[0]
        if loading:
            text, crashed = str(exc), ""
        text += (f": put {top}.py (or the {top} folder) beside {source.path.name}, in {folder}, "
                 f"or install the package {top}")
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).name not in
              ("outside_child.py", "outside_source.py")]
    if not frames:
        return f"{crashed}{text}"
    last = frames[-1]
    mine = [f for f in frames if _theirs(f.filename, source)]
    if _is_compat(last.filename):
        called = f", called from {_where(mine[-1].filename, mine[-1].lineno, source)}" if mine else ""
        return f"{crashed}{text} (in Tabuleiro's course module {Path(last.filename).name} line {last.lineno}{called})"
    frame = mine[-1] if mine and not _theirs(last.filename, source) else last
    return f"{crashed}{text} (at {_where(frame.filename, frame.lineno, source)})"


def pick_player(players: list[tuple[str, str]], wanted: str) -> int | None:
    """Which of a file's ``players`` (name, title) the id's ``wanted`` picks: ``*`` the first (a
    tournament expands it, alone it is the first), else by name, else by title (any case); None if
    none (the parent's tournament uses it too, to tell two ids of one player apart)."""
    if wanted == "*":
        return 0
    for at, (name, _title) in enumerate(players):
        if name == wanted:
            return at
    for at, (_name, title) in enumerate(players):
        if title == wanted or title.lower() == wanted.lower():
            return at
    return None


# -- seeding a seeded match's bot --------------------------------------------------------------------
def seed_randomness(seed: int) -> None:
    """Seed ``random`` (the course's searches shuffle with it) and numpy's global generator: now
    if numpy is imported already, else as soon as the bot imports it (never imported for it)."""
    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        _seed_numpy(numpy, seed)
    else:
        sys.meta_path.insert(0, _SeedNumpyOnImport(seed))


def _seed_numpy(numpy: Any, seed: int) -> None:
    try:
        numpy.random.seed(seed % 2**32)
    except Exception:  # noqa: BLE001 - an odd numpy: its generator stays unseeded, the bot plays on
        print("Tabuleiro: could not seed numpy.random", file=sys.stderr)


class _SeedNumpyOnImport:
    """A finder that finds nothing itself: when numpy is imported, it has numpy's own loader seed
    ``numpy.random`` right after numpy has run, and then steps aside."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.busy = False

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "numpy" or self.busy:
            return None
        self.busy = True
        try:
            spec = next((found for finder in list(sys.meta_path) if finder is not self
                         and (found := getattr(finder, "find_spec", lambda *a: None)(name, path, target))), None)
        finally:
            self.busy = False
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader, run, seed = spec.loader, spec.loader.exec_module, self.seed

        def exec_module(module: types.ModuleType) -> None:
            del loader.exec_module  # the loader's own method again
            if self in sys.meta_path:
                sys.meta_path.remove(self)  # not while the import system walks the list: now it does not
            run(module)
            _seed_numpy(module, seed)

        loader.exec_module = exec_module
        return spec


_loading_source: list[Source] = []  # the file loaded last: errors are described against it


class _LoadError(Exception):
    """A file without players, or without the player asked for: our words, not a crash."""


LOADING_STACK = "Stack of the loading thread"  # heads the stack a late load writes (the parent waits for it)


class _StackLater:
    """Writes the loading thread's stack to stderr after ``seconds`` unless cancelled first: where a
    file is stuck, for the parent's "too slow" message (innermost call first).

    A Python thread of ours reads the stack with the GIL held; ``faulthandler.dump_traceback_later``
    reads it from a C thread while the file runs, which can crash the worker (a SIGSEGV reported
    as the file's crash, with a garbled stack)."""

    def __init__(self, seconds: float) -> None:
        self.loading = threading.get_ident()
        self.timer = threading.Timer(seconds, self._write)
        self.timer.daemon = True
        self.timer.start()

    def _write(self) -> None:
        calls = _calls_of(self.loading)
        if not calls:
            return
        lines = "".join(f'  File "{call.filename}", line {call.lineno} in {call.name}\n' for call in calls)
        sys.stderr.write(f"{LOADING_STACK} (most recent call first):\n{lines}")
        sys.stderr.flush()

    def cancel(self) -> None:
        self.timer.cancel()


def _calls_of(thread: int) -> list[traceback.FrameSummary]:
    """The calls ``thread`` is in now, innermost first (read with the GIL held, from another thread)."""
    frame = sys._current_frames().get(thread)
    return [] if frame is None else list(reversed(traceback.extract_stack(frame)))


RUNNING_NOTE = "move {number} still running after {seconds:.2f} s at "  # the parent reads the rest (outside.py)
SEARCH_NOTE = "; searching: {function} {depth} calls deep"  # after the place, when the student's code recursed
SEARCH_DEPTH = 3  # a function of the student's this many times on the stack is a search (minimax, max_value ...)


def search_in(calls: list[traceback.FrameSummary], source: Source | None) -> tuple[str, int]:
    """The student's function that is most often on the stack, and how often: a recursive search
    (minimax, AIMA's max_value and min_value) is many calls deep where set-up work is one or two.
    Comprehensions and lambdas (``<listcomp>``) are not counted: the student knows the function."""
    names = Counter(c.name for c in calls if _theirs(c.filename, source) and not c.name.startswith("<"))
    return names.most_common(1)[0] if names else ("", 0)


class _MoveWatch:
    """Says where a move is running once its time is nearly out, for the parent's time-out message
    ("it was running aluno.py line 12 (in minimax)"): the parent stops the process at its
    deadline, which leaves no traceback.

    One thread for the worker's life, armed and disarmed around each move (a lock and a notify:
    a normal move is not traced or slowed); it reads the stack only when the armed time passes,
    and writes it as Tabuleiro's notes (``OUR_NOTE`` lines), so a move that still answers within
    the referee's grace leaves no log of its own."""

    def __init__(self) -> None:
        self.mover = threading.get_ident()
        self.due: tuple[float, float, int] | None = None  # (monotonic deadline, its seconds, the move's number)
        self.changed = threading.Condition()
        threading.Thread(target=self._run, name="tabuleiro-move-watch", daemon=True).start()

    def arm(self, seconds: float, number: int) -> None:
        with self.changed:
            self.due = (time.monotonic() + seconds, seconds, number)
            self.changed.notify()

    def disarm(self) -> None:
        with self.changed:
            self.due = None

    def _run(self) -> None:
        while True:
            with self.changed:
                while self.due is None or self.due[0] > time.monotonic():
                    self.changed.wait(None if self.due is None else self.due[0] - time.monotonic())
                deadline, seconds, number = self.due
                self.due = None
            self._write(number, seconds + time.monotonic() - deadline)

    def _write(self, number: int, spent: float) -> None:
        calls = _calls_of(self.mover)
        if not calls:
            return
        source = _loading_source[-1] if _loading_source else None
        call = next((c for c in calls if _theirs(c.filename, source)), calls[0])
        function, depth = search_in(calls, source)
        searching = SEARCH_NOTE.format(function=function, depth=depth) if depth >= SEARCH_DEPTH else ""
        lines = [RUNNING_NOTE.format(number=number, seconds=spent)
                 + f"{_where(call.filename, call.lineno or 0, source)} (in {call.name}){searching}"]
        lines += [f'  File "{c.filename}", line {c.lineno} in {c.name}' for c in calls]
        with contextlib.suppress(OSError, ValueError):  # a log at its size limit takes no more
            sys.stderr.write("".join(f"{OUR_NOTE.decode()}{line}\n" for line in lines))
            sys.stderr.flush()


# -- loading the file ------------------------------------------------------------------------------
class _Host:
    """Inside the worker: the loaded file, the chosen player, and the translation to the course API."""

    def __init__(self, request: dict) -> None:
        self.game = games.load(request["game"], **request.get("options", {}))
        path = Path(request["file"]).resolve()
        try:
            self.source = read_source(path)
        except NotANotebook as exc:  # said as a file without players is, not as a crash of the student's code
            raise _LoadError(str(exc)) from None
        _loading_source[:] = [self.source]
        self.skipped: list[str] = []
        self.watch: _MoveWatch | None = None  # made at the first move watched
        if self.game.id == "rastros":
            sys.modules["rastros"]._set_size(self.game.n)
        hide_our_packages()
        sys.path.insert(0, str(path.parent))
        if request.get("seed") is not None:  # a seeded match: the same seed, the same games
            seed_randomness(int(request["seed"]))
        jogos = sys.modules["jogos"]
        jogos._loading, jogos._skipped_calls[:] = True, []
        limit = request.get("load_time")
        where = _StackLater(max(0.1, limit - 0.4)) if limit else None  # for the parent's message if it is too slow
        try:
            only_definitions = request.get("definitions_only") or path.suffix == ".ipynb"
            self.module = self._run_definitions() if only_definitions else self._import()
        finally:
            if where is not None:
                where.cancel()
            jogos._loading = False
        self.skipped += [f"{call} returned at once" for call in jogos._skipped_calls]
        for line in self.skipped:
            print(f"Tabuleiro: skipped while loading: {line}", file=sys.stderr)
        self.players = self._find_players()
        wanted = request.get("name")
        if not self.players and not (wanted and (self._named_function(wanted) or self._functions())):
            named = ", ".join(f"{path.name}:{name}" for name in self._functions()[:SHOWN_FUNCTIONS])
            if named:  # said first: the window's message shows a long reason's beginning only
                raise _LoadError(f"{path.name} defines no player for {self.game.id}: name a function of it in the id "
                                 f"({named}) or rename it to choose")
            raise _LoadError(f"{path.name} defines no player for {self.game.id}: expected choose(game, state), "
                             "a class with choose(state), Jogador(...) objects (Rastros) or class Player (Trax)")
        self.chosen = self._pick(wanted) if wanted else self.players[0]

    def _new_module(self) -> types.ModuleType:
        name = f"outside_{self.source.path.stem}"
        module = types.ModuleType(name)
        module.__file__ = str(self.source.path)
        sys.modules[name] = module
        return module

    def _import(self) -> types.ModuleType:
        spec = importlib.util.spec_from_file_location(f"outside_{self.source.path.stem}", self.source.path)
        if spec is None or spec.loader is None:
            raise _LoadError(f"{self.source.path.name} is not a Python file")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module

    def _run_definitions(self) -> types.ModuleType:
        """Run the imports, definitions and value assignments; skip (and name) the rest.

        A kept statement that needs a name only a skipped one made (``tabela = dict(... campeonato)``)
        is skipped too.
        """
        source = self.source
        tree = ast.parse(source.text, filename=str(source.path))
        keep, skip = definitions(tree)
        module = self._new_module()
        self.skipped += [first_line(source, node) for node in skip]
        for node in keep:
            code = compile(ast.Module(body=[node], type_ignores=[]), str(source.path), "exec")
            try:
                exec(code, module.__dict__)  # noqa: S102 (the player's own code, in its own process)
            except NameError as exc:
                self.skipped.append(f"{first_line(source, node)} (needs {exc.name}, which was skipped)")
        return module

    def _find_players(self) -> list[dict]:
        found: list[dict] = []
        jogador_type = getattr(sys.modules["rastros"], "Jogador", None)
        base_type = getattr(sys.modules["base"], "BasePlayer", None)
        course_objects = {id(v) for v in vars(sys.modules["rastros"]).values() if isinstance(v, jogador_type)}
        module_name = self.module.__name__
        for var, value in vars(self.module).items():
            if var.startswith("_"):
                continue
            if isinstance(value, jogador_type):
                if id(value) in course_objects or self.game.id != "rastros":
                    continue  # the course's own players, or a Rastros player offered for another game
                found.append({"name": var, "title": str(value.nome), "kind": "course rastros", "obj": value})
            elif isinstance(value, type) and value.__module__ == module_name:
                if base_type is not None and issubclass(value, base_type):
                    if self.game.id == "trax":
                        found.append({"name": var, "title": self._label(var), "kind": "course trax", "obj": value})
                elif callable(getattr(value, "choose", None)):
                    found.append({"name": var, "title": var, "kind": "class", "obj": value})
            elif var == "choose" and callable(value):
                found.append({"name": var, "title": self._label(None), "kind": "function", "obj": value})
        return found

    def _label(self, name: str | None) -> str:
        """A title that tells students apart: the folder too when the file's name says nothing.

        Course Trax files must all be called player.py: ``ana/player.py`` and ``rui/player.py``
        become ``ana`` and ``rui``.
        """
        path = self.source.path
        if path.stem.lower() in GENERIC_STEMS:
            return path.parent.name or path.stem
        return path.stem if name is None else f"{path.stem}.{name}"

    def _pick(self, wanted: str) -> dict:
        at = pick_player([(p["name"], p["title"]) for p in self.players], wanted)
        if at is not None:
            return self.players[at]
        named = self._named_function(wanted)
        if named is not None:
            return named
        names = ", ".join([f"{p['name']} ({p['title']})" if p["title"] != p["name"] else p["name"]
                           for p in self.players] or self._functions())
        raise _LoadError(f"no player {wanted!r} in {self.source.path.name}; players: {names}")

    def _functions(self) -> list[str]:
        """The file's own functions that could play as ``choose`` does, taking (game, state) and
        maybe the seconds: a player the student gave another name (``escolhe``) plays when its id
        names it (``bot.py:escolhe``), which "defines no player" alone did not tell them."""
        module = self.module
        return [var for var, value in vars(module).items()
                if isinstance(value, types.FunctionType) and value.__module__ == module.__name__
                and not var.startswith("_") and _takes_as_choose(value, 2)]

    def _named_function(self, wanted: str) -> dict | None:
        """A function of the file named by the player's id (``bot.py:aleatorio``): a player like
        ``choose`` if it takes (game, state), and (seconds) too if it wants; None if no such function."""
        value = vars(self.module).get(wanted)
        if wanted == "*" or not isinstance(value, types.FunctionType) or value.__module__ != self.module.__name__:
            return None
        if not _takes_as_choose(value, 2):  # as _FunctionAdapter calls it
            raise _LoadError(f"{wanted!r} in {self.source.path.name} is not a player: expected {wanted}(game, state) "
                             f"or {wanted}(game, state, seconds)")
        return {"name": wanted, "title": wanted, "kind": "function", "obj": value}

    def describe(self) -> dict:
        chosen = self.chosen
        kind = chosen["kind"]
        if kind == "function" and self.game.id == "tictactoe" and _notebook_game(chosen["obj"]) is not None:
            kind = "notebook tictactoe"
        self.adapter = _ADAPTERS[kind](self.game, chosen["obj"])
        title = getattr(self.adapter, "title", None) or chosen["title"]
        return {"ok": True, "kind": kind, "title": title, "name": chosen["name"], "skipped": self.skipped,
                "players": [{k: p[k] for k in ("name", "title", "kind")} for p in self.players]}

    def move(self, request: dict) -> dict:
        """The player's answer to ``request``; with ``watch`` (seconds), where it is running is
        written to the log if it has not answered by then (``_MoveWatch``)."""
        state = self.game.from_text(request["position"])
        watch = request.get("watch")
        if watch is not None:
            self.watch = self.watch or _MoveWatch()
            self.watch.arm(float(watch), int(request.get("number", 0)))
        try:
            text = self.adapter.move(state, request.get("time"))
        except Refused as refused:
            return {"ok": True, "move": refused.shown, "refused": refused.why}
        finally:
            if watch is not None:
                self.watch.disarm()
        return {"ok": True, "move": text}


class Refused(Exception):
    """A course player's answer that its adapter already knows is no move (a Trax turn without its
    forced tiles, a Rastros answer that is not a square): ``shown`` as the answer reads, ``why``
    in a few words.  The parent forfeits the player saying so, instead of parsing the answer as
    notation and quoting it twice in a notation error."""

    def __init__(self, shown: str, why: str) -> None:
        super().__init__(f"{shown}: {why}")
        self.shown, self.why = shown, why


# -- the adapters: one per kind of player ------------------------------------------------------------
ANSWER_MOST = 1000  # characters of an answer's text, items of a list or tuple: every game's move is far below
_SHORT = reprlib.Repr()  # a huge answer as its forfeit shows it: 'xxxxxxxxxx...xxxxxxxxxxx', [0, 0, 0, 0, ...]
_SHORT.maxstring, _SHORT.maxlist, _SHORT.maxother = 24, 4, 40


def refuse_huge(answer: Any) -> Any:
    """``answer`` as it is, or ``Refused`` if it is far too large to be any move (a 100 MB string, a
    list of millions).  Read as notation, a 100 MB answer went whole into the rules' error message,
    the reply and the parent's parse: the move ran out its time in Tabuleiro's code, and the
    time-out named "base.py line 32 (in __init__)" (the rules' IllegalMove), not the student's
    file, after the match stalled for seconds.  Its length is known at once: refused before any
    of it is read."""
    try:
        size = len(answer)
    except Exception:  # no length (a number, None, an object): small, or the rules say why not
        return answer
    if size <= ANSWER_MOST:
        return answer
    raise Refused(_SHORT.repr(answer), TOO_LARGE.format(size=_size_words(answer, size)))


def _size_words(answer: Any, size: int) -> str:
    """"100 MB" or "2 KB" of a text, "10,000,000 items" of anything else."""
    return size_words(size) if isinstance(answer, (str, bytes, bytearray)) else f"{size:,} items"


def plain_move(answer: Any) -> Any:
    """``answer`` with numpy's integers (``numpy.argmax``'s ``int64``), alone or in a tuple, made
    ints: the rules take a move only in its exact type (``games.base``), and a player's answer is
    where such a value comes in.  An integer is an integer whatever its type, so it is read as one
    here, once; a bool, a float or a list is left as it came, for the rules to refuse and say why."""
    if isinstance(answer, numbers.Integral) and not isinstance(answer, (bool, int)):
        return int(answer)
    if type(answer) is tuple and any(isinstance(v, numbers.Integral) and not isinstance(v, (bool, int))
                                     for v in answer):
        return tuple(plain_move(v) for v in answer)
    return answer


def _notation(game: Game, state: State, answer: Any) -> str:
    """A contract player's answer (a move or its text) as notation; IllegalMove if neither.  A
    value only equal to a legal move (``True`` for 1, ``(6.0, 12.0)`` for ``(6, 12)``) is none."""
    if isinstance(answer, str):
        return game.format_move(state, game.parse_move(state, answer))
    if not game.is_legal(state, answer):
        raise IllegalMove(f"{answer!r} is not a legal move here")
    return game.format_move(state, answer)


SECONDS_NAMES = {"seconds", "secs", "sec", "s", "t", "time", "time_limit", "timelimit", "limit", "budget",
                 "timeout", "nsec", "tempo", "segundos", "time_left"}
GAME_NAMES = {"game", "jogo", "g"}


def _takes(fn: Any, count: int, names: set[str]) -> bool:
    """True if ``fn`` takes a ``count``-th positional argument meant for us: one it requires, or
    an optional one named as ``names`` say (``seconds=None``), or ``*args``; a student's own
    optional parameter (``choose(game, state, depth=2)``, ``__init__(self, depth=2)``) keeps its
    default."""
    try:
        signature = inspect.signature(fn)
        signature.bind(*range(count))
    except (TypeError, ValueError):
        return False
    positional = [p for p in signature.parameters.values()
                  if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    if len(positional) < count:
        return True  # *args
    last = positional[count - 1]
    return last.default is inspect.Parameter.empty or last.name.lower() in names


def _takes_as_choose(fn: Any, count: int) -> bool:
    """Whether ``fn`` can be called with the ``count`` arguments of a move (``game, state`` or a
    class's ``state``), or with the seconds too."""
    return _takes(fn, count, set()) or _takes(fn, count + 1, SECONDS_NAMES)


def _positional(fn: Any) -> list[str]:
    """The names of ``fn``'s positional parameters (a bound method's without ``self``)."""
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters
            if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]


def _int_pair(answer: Any, kinds: tuple[type, ...] = (tuple,)) -> tuple[int, int] | None:
    """``answer`` as a pair of ints ``(x, y)`` when it is two integers in one of ``kinds``, else None."""
    if (isinstance(answer, kinds) and len(answer) == 2
            and all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in answer)):
        return int(answer[0]), int(answer[1])
    return None


def _pair_read_as_text(game: Game, answer: Any) -> Any:
    """A pair of ints that is no move of ``game`` as its text ``"(x, y)"`` where the game's notation
    reads a square so (tic-tac-toe's "a square like a1 or (0, 0)", the class notebook's pair), to
    be read or refused as that text; any other answer as it is.  Tic-tac-toe's refusals offered
    ``(0, 0)``, and a ``choose`` returning the tuple ``(0, 0)`` was told "a tuple is not a move"."""
    pair = _int_pair(answer)
    if pair is None or game.is_move_value(answer):
        return answer
    try:
        game.parse_move(game.initial_state(), "(0, 0)")  # whether the notation reads pairs at all
    except (IllegalMove, ValueError):
        return answer
    return f"({pair[0]}, {pair[1]})"


def _answer_text(game: Game, state: State, answer: Any) -> str:
    """The notation of a contract player's ``answer``, or ``Refused`` saying why it is no move."""
    answer = _pair_read_as_text(game, plain_move(answer))
    try:
        return _notation(game, state, answer)
    except (IllegalMove, ValueError, TypeError, KeyError, IndexError):
        if isinstance(answer, str):
            return answer  # the parent refuses it and says why, in the rules' words
        if any(looks_like(answer, move) for move in state.legal_moves()):  # True for 1: which move, which type
            raise Refused(repr(answer), game.why_illegal(state, answer)) from None
        not_a_move = _not_a_move(game, state, answer)
        if not_a_move:
            raise Refused(repr(answer), not_a_move) from None
        why = _why_illegal(game, state, answer)
        if why:
            raise Refused(*why) from None
        return repr(answer)


def _why_illegal(game: Game, state: State, answer: Any) -> tuple[str, str] | None:
    """A move of the right kind that is not legal here, shown with its notation and the rules'
    reason: ``(13, 12) (d3-c3)``, ``d3 holds no White piece``.  Its ``repr`` alone was parsed as
    notation, which said "'(13, 12)' is not a move like c2-c3", as if the kind were wrong.  A value
    of the moves' type that is no move of the game (99 or -1 on a 3x3 board) is told so: its
    "notation" named a square no one played ("99 (a34): 'a34' is off the board")."""
    if not game.is_move_value(answer):
        return repr(answer), f"{game.why_illegal(state, answer)}: {_what_to_return(game, state)}"
    try:
        text = game.format_move(state, answer)
        game.parse_move(state, text)
    except IllegalMove as exc:
        return f"{answer!r} ({text})", str(exc)
    except (ValueError, TypeError, KeyError, IndexError):
        return None  # no notation for it (off the board): the rules' words on its repr
    return None


def _changed(game: Game, state: State, before: str, answer: Any) -> str:
    """The answer of a ``choose`` that changed the state it was given (``state.to_move = ...``,
    a list inside it): taken if it is legal in the position as it was, else refused saying so.
    It was read in the changed state, and refused in the rules' words for the wrong position
    ("b3 holds no White piece") with no word of the change."""
    original = game.from_text(before)
    answer = plain_move(answer)
    print("Tabuleiro: choose changed the state it was given; its answer is read in the position "
          "as it was", file=sys.stderr)
    try:
        return _notation(game, original, answer)
    except (IllegalMove, ValueError, TypeError, KeyError, IndexError):
        raise Refused(repr(answer), "choose changed the state it was given, and its answer is not legal in the "
                                    "position as it was: states are values, state.play(move) returns a new one "
                                    "(copy.deepcopy(state) gives a copy to change)") from None


def _unchanged(game: Game, state: State, before: str) -> bool:
    """Whether ``state`` still reads as ``before``.  A ``choose`` may break it past reading
    (``state.blacks = set()``, ``state.game = None``): that is a change too, whose error was
    raised in Tabuleiro's rules (``at rastros.py line 228``) and forfeited a legal answer."""
    try:
        return game.to_text(state) == before
    except Exception:  # any error: the student's change decides which one the rules raise
        return False


def _answer_of(game: Game, state: State, choose: Callable[[State], Any]) -> str:
    """The notation of the answer of ``choose``, given a copy of ``state``: a field of the copy
    set anew (``state._moves = None``) leaves ``state`` whole to read the answer in, where reading
    it in the changed state forfeited a legal answer with an error in Tabuleiro's rules (``at
    hex.py line 159``); a change the copy's text shows is said (``_changed``).  ``RESIGN`` where
    ``choose`` gave the game up (``return "resign"``: ``ai.base.gives_up``)."""
    before = game.to_text(state)
    given = copy.copy(state)
    answer = refuse_huge(choose(given))
    if gives_up(answer):
        return RESIGN
    if not _unchanged(game, given, before):
        return _changed(game, given, before, answer)
    return _answer_text(game, state, answer)


def _where_defined(fn: Any) -> str:
    """``aluno.py line 4`` (``caderno.ipynb cell 3 line 2``) for a function of the loading file."""
    code = getattr(fn, "__code__", None)
    source = _loading_source[-1] if _loading_source else None
    if code is None or source is None:
        return ""
    if Path(code.co_filename) == source.path:
        return f" (at {source.where(code.co_firstlineno)})"
    return f" (at {Path(code.co_filename).name} line {code.co_firstlineno})"


def _parameters(fn: Any) -> str:
    try:
        return ", ".join(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return "..."


def _not_a_move(game: Game, state: State, answer: Any) -> str:
    """Why ``answer`` cannot be a move at all (None, a float where moves are ints), else "": the
    rules' "'None' is not a square like 4-5" sent students looking at their squares, not at the
    ``return`` their ``choose`` missed."""
    if answer is None:
        return "choose returned None, not a move (a path of it without a return?)"
    moves = state.legal_moves()
    if not moves or any(type(answer) is type(m) for m in moves):
        return ""  # a move of the right kind, only not a legal one: the rules say why
    return f"a {type(answer).__name__} is not a move: {_what_to_return(game, state)}"


def _what_to_return(game: Game, state: State) -> str:
    """What a ``choose`` should return instead of a value that is no move: "return one of
    state.legal_moves() (such as 4) or its notation ('b2')"."""
    move = state.legal_moves()[0]
    return f"return one of state.legal_moves() (such as {move!r}) or its notation ({game.format_move(state, move)!r})"


class _FunctionAdapter:
    """``choose(game, state)``, or ``choose(game, state, seconds)`` to be told the move's time limit."""

    def __init__(self, game: Game, fn: Any) -> None:
        self.game, self.fn = game, fn
        if not _takes_as_choose(fn, 2):  # choose(state): a TypeError at the first move named no file, no line
            name = getattr(fn, "__name__", "choose")
            raise _LoadError(f"{name}({_parameters(fn)}) cannot be called as Tabuleiro calls it, "
                             f"{name}(game, state) or {name}(game, state, seconds){_where_defined(fn)}")
        self.timed = _takes(fn, 3, SECONDS_NAMES)

    def move(self, state: State, seconds: float | None = None) -> str:
        if self.timed:
            return _answer_of(self.game, state, lambda given: self.fn(self.game, given, seconds))
        return _answer_of(self.game, state, lambda given: self.fn(self.game, given))


class _ClassAdapter:
    """An object with ``choose(state)`` or ``choose(state, seconds)``, made as ``Class(game)`` or ``Class()``."""

    def __init__(self, game: Game, cls: type) -> None:
        self.game = game
        self.obj = cls(game) if _takes(cls, 1, GAME_NAMES) else cls()
        choose = self.obj.choose
        first = next(iter(_positional(choose)), "")
        if first.lower() in GAME_NAMES or not _takes_as_choose(choose, 1):
            # choose(self, game, state) was given (state, seconds): "'float' object has no attribute ..."
            raise _LoadError(f"{cls.__name__}.choose({_parameters(choose)}) cannot be called as Tabuleiro calls a "
                             "class's choose, choose(state) or choose(state, seconds): the game is given once, "
                             f"to __init__(self, game){_where_defined(getattr(choose, '__func__', choose))}")
        self.timed = _takes(choose, 2, SECONDS_NAMES)

    def move(self, state: State, seconds: float | None = None) -> str:
        if self.timed:
            return _answer_of(self.game, state, lambda given: self.obj.choose(given, seconds))
        return _answer_of(self.game, state, self.obj.choose)


def _notebook_game(fn: Any) -> type | None:
    """The class notebook's ``TicTacToe`` that the file of function ``fn`` defines, or None: a
    class of that name with the notebook's ``actions``, ``result`` and ``is_terminal``."""
    cls = getattr(fn, "__globals__", {}).get("TicTacToe")
    if isinstance(cls, type) and all(callable(getattr(cls, name, None)) for name in ("actions", "result", "is_terminal")):
        return cls
    return None


class _NotebookTicTacToeAdapter:
    """A player for the class notebook's tic-tac-toe, ``fn(game, state)``: given the file's own
    ``TicTacToe(height=, width=, k=)`` and the board its ``result`` makes from the marks on ours
    (X's and O's in turn); its square ``(x, y)``, column and row from 0, is read as ours."""

    def __init__(self, game: Game, fn: Any) -> None:
        self.game, self.fn = game, fn
        self.timed = _takes(fn, 3, SECONDS_NAMES)
        cls = _notebook_game(fn)
        try:
            self.their_game = cls(height=game.height, width=game.width, k=game.k)
        except TypeError as exc:
            raise _LoadError(f"TicTacToe(height={game.height}, width={game.width}, k={game.k}) failed, as the class "
                             f"notebook's takes them: {exc}{_where_defined(cls.__init__)}") from None

    def move(self, state: State, seconds: float | None = None) -> str:
        width = self.game.width
        theirs = self.their_game.initial
        for square in _marks_in_turn(state.boards[0], state.boards[1]):
            theirs = self.their_game.result(theirs, (square % width, square // width))
        answer = refuse_huge(self.fn(self.their_game, theirs, seconds) if self.timed else self.fn(self.their_game, theirs))
        if gives_up(answer):
            return RESIGN
        pair = _int_pair(answer, (tuple, list))
        if pair is not None:
            return _answer_text(self.game, state, f"({pair[0]}, {pair[1]})")
        raise Refused(repr(answer), "not a square (x, y), column and row from 0 as the class notebook writes them")


def _marks_in_turn(xs: int, os_: int) -> list[int]:
    """The squares of X's marks and O's (bitboards), X's first and then in turn: an order of play
    that reaches the position."""
    def squares(bits: int) -> list[int]:
        return [i for i in range(bits.bit_length()) if bits >> i & 1]

    order = []
    for x_square, o_square in itertools.zip_longest(squares(xs), squares(os_)):
        order += [s for s in (x_square, o_square) if s is not None]
    return order


class _RastrosAdapter:
    """A course ``Jogador``: our state becomes an ``EstadoRastros``, its (row, col) becomes ``row-col``."""

    def __init__(self, game: Game, jogador: Any) -> None:
        self.game, self.jogador, self.course = game, jogador, sys.modules["rastros"]
        self.course_game = self.course.Rastros()

    def move(self, state: State, seconds: float | None = None) -> str:
        n = self.game.n
        estado = self.course.EstadoRastros(
            to_move="SN"[state.to_move], white=course_coords(n, state.white),
            blacks={course_coords(n, i) for i in range(n * n) if state.blacks >> i & 1})
        answer = refuse_huge(self.jogador.fun(self.course_game, estado))
        if gives_up(answer):
            return RESIGN
        answer = plain_move(tuple(answer)) if isinstance(answer, list) else plain_move(answer)
        if isinstance(answer, tuple) and len(answer) == 2 and all(type(v) is int for v in answer):
            return f"{answer[0]}-{answer[1]}"
        raise Refused(repr(answer), "not a (row, col) square")


class _TraxAdapter:
    """A course ``Player(Base.BasePlayer)``: constructed for both colours at load time."""

    def __init__(self, game: Game, cls: type) -> None:
        self.game = game
        start = game.initial_state()
        board = [row.split() for row in board_text(start.cells, game.size).splitlines()]
        self.players = {}
        for side, colour in enumerate("ld"):
            player = cls(board, f"player-{colour}", colour)
            player.tournament = game.mode == "tournament"
            self.players[side] = player
        algorithm = getattr(self.players[0], "algorithmName", "base")
        self.title = None
        if algorithm and algorithm != "base":
            self.title = f"{Path(inspect.getfile(cls)).parent.name} ({algorithm})"

    def move(self, state: State, seconds: float | None = None) -> str:
        game = self.game
        player = self.players[state.to_move]
        player.board = [row.split() for row in board_text(state.cells, game.size).splitlines()]
        answer = refuse_huge(player.move())
        if gives_up(answer):
            return RESIGN
        if not answer:
            if state.legal_moves():
                raise Refused(repr(answer), "no tile placed, where tiles can be")
            return "none"
        n = game.size
        try:
            placed = set()
            for r, c, t in answer:
                r, c = _row_or_column(answer, r), _row_or_column(answer, c)
                if not (0 <= r < n and 0 <= c < n):
                    raise ValueError
                placed.add((r * n + c, tile_of_name(str(t))))
        except (TypeError, ValueError):
            raise Refused(repr(answer), "expected [[row, col, tile], ...]") from None
        move = move_of_turn(state, placed)
        if move is not None:
            return game.format_move(state, move)
        first = answer[0]
        shown = ", ".join(f"{r},{c}:{NAME.get(tile_of_name(str(t)), t)}" for r, c, t in answer[:4])
        more = f" and {len(answer) - 4} more" if len(answer) > 4 else ""
        raise Refused(f"{first[0]},{first[1]}:{first[2]}",
                      f"the tiles {shown}{more} are not one legal turn with its forced tiles")


def _row_or_column(answer: Any, value: Any) -> int:
    """A course Trax turn's row or column ``value`` as an int (numpy's integers too: ``plain_move``),
    or ``Refused`` saying its type is no row: ``int(4.7)`` played row 4, a move the bot never named.
    A bool, a float (4.0 too) or a text is refused, as the rules refuse one where moves are ints
    (``_not_a_move``)."""
    value = plain_move(value)
    if type(value) is not int:
        raise Refused(repr(answer), f"a {type(value).__name__} ({_SHORT.repr(value)}) is not a row or column: "
                                    "expected [[row, col, tile], ...] with ints")
    return value


_ADAPTERS = {"function": _FunctionAdapter, "class": _ClassAdapter, "course rastros": _RastrosAdapter,
             "course trax": _TraxAdapter, "notebook tictactoe": _NotebookTicTacToeAdapter}
