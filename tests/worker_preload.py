"""What the test suite's fork server does once for every worker forked from it (``ai.start_method.worker_context``):
numba and every game's engine imported, the kernel stages compiled on disk loaded, and what the
players read when made read (``ui.worker_process._head_start_steps``, a spare worker's head start for each
game in turn).  Spawned, each worker of a window test paid all that for its own game, 1.5 to 3.5 s
of a core.  Imported by the server (``multiprocessing.set_forkserver_preload``): it compiles nothing
(a kernel not on disk is compiled by the worker that needs it, as a spawned one would), starts no
thread that outlives it, and a step that fails is left for the worker's own to meet and say."""

from __future__ import annotations

import contextlib


def load_everything() -> None:
    """Take every game's head start in this process."""
    from ai.kernels import KERNEL_GAMES
    from ui.worker_process import _head_start_steps

    for game_id in KERNEL_GAMES:
        with contextlib.suppress(Exception):
            for step in _head_start_steps(game_id):
                step()


load_everything()
