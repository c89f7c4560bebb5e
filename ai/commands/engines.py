"""The engines a command's players need, compiled before its first game, saying so when that is slow.

The first run of a source checkout or a pip install compiles a game's numba kernels (10-20 s on a
2-core machine for one game; a bundle copies its compiled ones instead); every later run loads them
from the cache in about a second, more on a busy computer (``slow_preparation_notice`` says which).  A command that said
nothing meanwhile would look hung, and a tournament's worker processes would each compile them
again: ``prepare_engines`` compiles them once, in the command's own process, before any game.
``main.py gtp`` instead answers the protocol from its start and compiles in the background what its
player and board use (``BackgroundWarmUp``, ``stages_used``): a controller asks its engine's name
and version at once, and the commands that set a game up wait for the kernels, so that a timed
genmove does not.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import ai
import games
from ai import kernels
from ai.imports import import_engine

if TYPE_CHECKING:
    from games.base import Game

log = logging.getLogger(__name__)

SAY_AFTER = 1.0  # seconds: loading from the cache takes less, compiling much more


def prepare_engines(game_id: str, player_ids: Iterable[str], options: dict[str, Any] | None = None,
                    say: Callable[[str], None] | None = None, later_ones_too: bool = False) -> None:
    """Compile (or load) the kernels our players among ``player_ids`` need before their first move
    (an outside player brings its own engine); if that takes more than ``SAY_AFTER`` seconds, say
    what is happening and when it is done (on stderr unless ``say`` is given).  ``later_ones_too``:
    the kernels they would compile in the background as well (Hex's connection kernels), for a
    command whose one timed search needs them (``main.py analyse``: on a fresh install its
    ``--lines`` spent its whole --time compiling them and said "searched 2,000 playouts in 0.0 s")."""
    later: list[tuple[str, tuple[str, ...]]] = []
    with kernels.compiled_later(later) as asked:  # each of our players says what it needs when it is made
        for pid in player_ids:
            if not ai.is_outside_player(pid):
                ai.close_player(ai.make_player(game_id, pid, options=options or {}))
    wanted = [*asked, *(later if later_ones_too else [])]
    if not wanted:
        return
    with said_if_slow(game_id, say, [(kernel_game, stage) for kernel_game, stages in wanted
                                     for stage in stages or kernels.stages(kernel_game)]):
        for kernel_game, stages in wanted:
            kernels.warm_up(kernel_game, *stages)


def _on_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@contextlib.contextmanager
def said_if_slow(game_id: str, say: Callable[[str], None] | None = None,
                 stages: Iterable[tuple[str, str]] | None = None) -> Iterator[None]:
    """Compile ``game_id``'s kernels inside: if that takes more than ``SAY_AFTER`` seconds, say
    what is happening and, at the end, that it is done (on stderr unless ``say`` is given).
    ``stages``, the (game id, stage) pairs compiled inside (every stage of ``game_id``'s when None),
    say whether it loads or compiles: a command on Hex above 13x13 loads the search's kernels only,
    whatever the connection kernels' state."""
    say = say or _on_stderr
    title = games.info(game_id).title
    began = time.perf_counter()
    said = threading.Event()
    pairs = None if stages is None else list(stages)

    def announce() -> None:
        said.set()
        on_disk = kernels.on_disk(game_id) if pairs is None else all(kernels.on_disk(*pair) for pair in pairs)
        say(slow_preparation_notice(title, on_disk))

    notice = threading.Timer(SAY_AFTER, announce)
    notice.start()
    try:
        yield
    finally:
        notice.cancel()
        notice.join()
    if said.is_set():
        say(f"the {title} engine is ready ({time.perf_counter() - began:.0f} s)")


def slow_preparation_notice(title: str, on_disk: bool) -> str:
    """What a slow preparation of the ``title`` engine is doing: loading its compiled code (found in
    the cache folder, or copied there from a bundle's shipped kernels: ``kernels.on_disk``), slow
    on a busy computer, or compiling it.  Every run said "its first run after installing compiles
    it", also a bundle's later runs on a loaded machine, which had compiled nothing."""
    if on_disk:
        return f"preparing the {title} engine: loading its compiled code, slow while the computer is busy..."
    return (f"preparing the {title} engine: compiling it, which takes a while once after installing or updating "
            "(later runs load it)...")


Asked = list[tuple[str, tuple[str, ...]]]  # what players asked to be compiled: (game id, stages, all when empty)


def stages_used(game: Game, asked: Asked) -> list[tuple[str, str]]:
    """The (game id, stage) pairs of ``asked`` (``kernels.compiled_later``) that a match of ``game``
    uses, each once, in the order asked: none on rules that run no kernel (3x3 Tic-tac-toe), and no
    connection kernels on Hex above 13x13 (``kernels.unused_stages``), as the window's worker warms."""
    if not kernels.used_by(game):
        return []
    unused = kernels.unused_stages(game)
    pairs: list[tuple[str, str]] = []
    for kernel_game, only in asked:
        for stage in only or kernels.stages(kernel_game):
            if (kernel_game, stage) not in pairs and not (kernel_game == game.id and stage in unused):
                pairs.append((kernel_game, stage))
    return pairs


class BackgroundWarmUp:
    """The kernels an engine's game uses compiled (or loaded) on a thread of its own, a stage at a
    time, while the engine answers (``main.py gtp``: its name and version at once, where a fresh
    install had them wait 8 to 30 s for the compiler).  ``wanted()`` is asked before each stage, so
    a game changed meanwhile (GTP's boardsize: Hex on 19x19 uses no connection kernels) changes
    what comes next; ``start`` again after such a change, and ``join`` to wait for all the game
    uses.  A search that needs a stage still compiling waits for it (``kernels.ready``); one that
    failed here it compiles itself, meeting the error where it always has.  Said on stderr when
    slow, and how many kernels were compiled rather than found in the cache folder."""

    def __init__(self, game_id: str, wanted: Callable[[], list[tuple[str, str]]],
                 say: Callable[[str], None] | None = None) -> None:
        self.game_id, self._wanted, self._say = game_id, wanted, say or _on_stderr
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._taken: set[tuple[str, str]] = set()  # the stages compiled here (or that failed): each once
        self._compiled_said = 0

    def start(self) -> None:
        """Compile what the game uses and this process lacks, unless the thread is at it already."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tabuleiro-warm-up", daemon=True)
                self._thread.start()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread (at most ``timeout`` seconds); whether it has ended."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()

    def _next(self) -> tuple[str, str] | None:
        """The next stage to compile, or None: the thread is then over (``start`` makes another)."""
        with self._lock:
            todo = next((pair for pair in self._wanted() if not kernels.is_ready(*pair) and pair not in self._taken),
                        None)
            if todo is None:
                self._thread = None
            return todo

    def _run(self) -> None:
        with said_if_slow(self.game_id, self._say, self._wanted()):
            while (pair := self._next()) is not None:
                self._taken.add(pair)
                try:
                    kernels.warm_up(*pair)
                except Exception:  # noqa: BLE001 - the search that needs it compiles it and says why
                    log.exception("compiling the %s kernels (%s) in the background failed", *pair)
        compiled = kernels_compiled()
        if compiled > self._compiled_said:  # why it took seconds; none found: no folder to copy them from
            self._compiled_said = compiled
            self._say(f"compiled {compiled} engine kernels: they were not in {kernels.cache_dir()}")


def kernels_compiled() -> int:
    """How many kernel signatures this process compiled rather than loaded from the cache folder
    (numba's count of each kernel's cache misses); 0 before numba is imported."""
    if "numba" not in sys.modules:
        return 0
    dispatcher = import_engine("numba.core.registry").CPUDispatcher
    count = 0
    for name in kernels.kernel_modules():
        module = sys.modules.get(f"{kernels.__name__}.{name}")
        for kernel in vars(module).values() if module is not None else ():
            if isinstance(kernel, dispatcher) and kernel.__module__ == module.__name__:
                count += sum(kernel.stats.cache_misses.values())
    return count
