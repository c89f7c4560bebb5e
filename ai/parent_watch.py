"""End a child process with its parent.

A worker that outlives its parent (killed by SIGKILL, a closed terminal, the end of a SLURM
allocation) would go on playing games nobody collects, or stay stuck in a bot's endless loop.
The watch is a thread that notices the parent is gone (the child is given to another parent)
and ends the process at once, after the last words registered with ``on_orphaned`` (a bot's
process and folder, which ``os._exit``'s skipped finalisers would have ended).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable

POLL = 0.5  # seconds between looks at the parent
_LAST_WORDS: dict[int, Callable[[], None]] = {}  # run before the watch ends the process (``on_orphaned``)


def on_orphaned(key: int, callback: Callable[[], None]) -> None:
    """Run ``callback`` if the watch ends this process (``os._exit`` runs no finaliser): a bot's
    process to kill and its temporary folder to remove.  ``forget(key)`` once it is done anyway."""
    _LAST_WORDS[key] = callback


def forget(key: int) -> None:
    _LAST_WORDS.pop(key, None)


def end_with_parent() -> None:
    """Start the watch in this process: it ends (``os._exit``) within ``POLL`` seconds of its parent."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(POLL)
            if os.getppid() != parent:
                for callback in list(_LAST_WORDS.values()):
                    with contextlib.suppress(Exception):
                        callback()
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
