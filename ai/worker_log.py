"""A worker process's log lines, sent to its parent's log (the window's debug file, ``ui.debug_log``).

    level = workers_level()                          # in the parent, as a worker is made: None when off
    send_logs_to_parent(reports, level)              # first thing in the worker, when level is not None
    if is_log_record(item): from_worker(item)        # in the parent, as it reads the worker's reports

A worker's records go through the report channel it already has (``ai.worker_channel``), one
message each, as a ``logging.handlers.QueueHandler`` prepares them (the message formatted, a
traceback as text), and the parent hands them to its own handlers: one file, in order, rotated by
one process.  A queue of their own (``multiprocessing.Queue``) would write from a feeder thread,
whose lock a killed worker kept, and the other workers' lines stopped there; a file each would
leave one file per process, rotated by many.  With the switch off nothing is set up in the worker:
its warnings go to standard error as before, and a ``log.debug`` costs a level check.  No worker
logs in a search's loop, let alone in numba's kernels: a job's lines are its start and its end.
"""

from __future__ import annotations

import logging
import logging.handlers
from typing import Any

OUR_LOGGERS = ("tabuleiro", "ui", "ai", "games")  # the names Tabuleiro's loggers begin with


class _ChannelQueue:
    """The ``queue`` a ``QueueHandler`` writes to: the worker's report channel (``Sender.put``)."""

    def __init__(self, sender: Any) -> None:
        self.sender = sender

    def put_nowait(self, record: logging.LogRecord) -> None:
        self.sender.put(record)


def workers_level() -> int | None:
    """The level a worker process made now logs at, its lines sent to this process's log file: our
    loggers' while a rotated file writes the log (the switch on, ``ui.debug_log``); None when it is
    off, and the worker sets nothing up."""
    if not any(isinstance(h, logging.handlers.RotatingFileHandler) for h in logging.getLogger().handlers):
        return None
    return logging.getLogger(OUR_LOGGERS[0]).getEffectiveLevel()


def send_logs_to_parent(sender: Any, level: int) -> None:
    """In a worker: our loggers at ``level``, the libraries at info (as the window's), every record
    sent to the parent through ``sender`` (its report channel's end) instead of standard error."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(logging.handlers.QueueHandler(_ChannelQueue(sender)))  # type: ignore[arg-type]
    root.setLevel(logging.INFO)
    for name in OUR_LOGGERS:
        logging.getLogger(name).setLevel(level)


def is_log_record(item: object) -> bool:
    """Is this report one of a worker's log lines (``send_logs_to_parent``)?"""
    return isinstance(item, logging.LogRecord)


def from_worker(record: logging.LogRecord) -> None:
    """A worker's log line written by this process's handlers, under the worker's logger name and
    process name (its level was checked in the worker)."""
    logging.getLogger(record.name).handle(record)
