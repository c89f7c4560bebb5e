"""The ``func_timeout`` package's two names, for course files that import them.

The course's ``rastros.py`` used ``func_timeout`` for its timed matches, and some player files
import it too.  Here ``func_timeout(timeout, func, args, kwargs)`` runs ``func`` in a daemon
thread and raises ``FunctionTimedOut`` if it has not finished in ``timeout`` seconds (the thread
is left to finish on its own).  Tabuleiro's referee enforces the real limit on the whole process.
Our own code; on the import path only inside an outside player's process.
"""

import threading


class FunctionTimedOut(Exception):
    """``func`` did not return within the timeout."""


def func_timeout(timeout, func, args=(), kwargs=None):
    outcome = {}

    def run():
        try:
            outcome["value"] = func(*args, **(kwargs or {}))
        except BaseException as exc:  # handed to the caller, as the package does
            outcome["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise FunctionTimedOut(f"{getattr(func, '__name__', 'function')} did not finish in {timeout} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
