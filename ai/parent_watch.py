"""End a child process with its parent.

A worker that outlives its parent (killed by SIGKILL, a closed terminal, the end of a SLURM
allocation) would go on playing games nobody collects, or stay stuck in a bot's endless loop.
The watch is a thread that notices the parent is gone (the child is given to another parent)
and ends the process at once.
"""

from __future__ import annotations

import os
import threading
import time

POLL = 0.5  # seconds between looks at the parent


def end_with_parent() -> None:
    """Start the watch in this process: it ends (``os._exit``) within ``POLL`` seconds of its parent."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(POLL)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
