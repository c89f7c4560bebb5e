"""The engines a command's players need, compiled before its first game, saying so when that is slow.

The first run after installing compiles a game's numba kernels (10-20 s on a 2-core machine for
one game); every later run loads them from the cache in about a second.  A command that said
nothing meanwhile would look hung, and a tournament's worker processes would each compile them
again: ``prepare_engines`` compiles them once, in the command's own process, before any game.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import ai
import games
from ai import kernels
from ai.imports import import_engine

SAY_AFTER = 1.0  # seconds: loading from the cache takes less, compiling much more


def prepare_engines(game_id: str, player_ids: Iterable[str], options: dict[str, Any] | None = None,
                    say: Callable[[str], None] | None = None) -> None:
    """Compile (or load) the kernels our players among ``player_ids`` need before their first move
    (an outside player brings its own engine); if that takes more than ``SAY_AFTER`` seconds, say
    what is happening and when it is done (on stderr unless ``say`` is given)."""
    with kernels.compiled_later() as asked:  # each of our players says what it needs when it is made
        for pid in player_ids:
            if not ai.is_outside_player(pid):
                ai.close_player(ai.make_player(game_id, pid, options=options or {}))
    if not asked:
        return
    say = say or (lambda text: print(text, file=sys.stderr, flush=True))
    title = games.info(game_id).title
    began = time.perf_counter()
    said = threading.Event()

    def announce() -> None:
        said.set()
        say(f"preparing the {title} engine: its first run after installing compiles it, which takes a while "
            "(later runs load it at once)...")

    notice = threading.Timer(SAY_AFTER, announce)
    notice.start()
    try:
        for kernel_game, stages in asked:
            kernels.warm_up(kernel_game, *stages)
    finally:
        notice.cancel()
        notice.join()
    if said.is_set():
        say(f"the {title} engine is ready ({time.perf_counter() - began:.0f} s)")


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
