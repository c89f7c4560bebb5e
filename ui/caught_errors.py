"""The exceptions the window loop catches in its screens, counted so that one bug repeated is said once.

A screen whose update or drawing fails fails again on every frame: the window kept and logged the
same traceback every time, about 10 a second while its message was on screen (36,000 an hour, on
standard error, which a desktop session writes to its log file) and kept each in ``App.errors``
for the rest of the evening.  ``CaughtErrors.note`` tells the first catch of an error, its type
raised at the same place, from its repeats; the window keeps, logs and says the first, counts the
repeats, and logs a count now and then (``worth_a_note``).
"""

from __future__ import annotations

import traceback
from collections import OrderedDict

ERRORS_KEPT = 20  # distinct errors remembered (counted) and tracebacks App.errors keeps: a bug
#                   repeats one or two; the first few say what went wrong, the rest only repeat them


def error_place(exc: BaseException) -> str:
    """What makes two catches the same error: its type and the stack it was raised through (not its
    message, which may hold a value that changes on every frame, such as a size or a position)."""
    return type(exc).__qualname__ + "\n" + "".join(traceback.format_tb(exc.__traceback__))


def worth_a_note(times: int) -> bool:
    """A repeated error's count is logged at its 10th, 100th, 1000th... catch."""
    return times >= 10 and str(times).rstrip("0") == "1"


class CaughtErrors:
    """How many times each of the ``ERRORS_KEPT`` most recently caught distinct errors was caught."""

    def __init__(self) -> None:
        self._counts: OrderedDict[str, int] = OrderedDict()

    def note(self, exc: BaseException) -> int:
        """Count a catch of ``exc``; returns how many times its error has been caught, this one
        included (1: the first time, or once it was forgotten among ``ERRORS_KEPT`` newer ones)."""
        place = error_place(exc)
        times = self._counts.pop(place, 0) + 1
        self._counts[place] = times
        while len(self._counts) > ERRORS_KEPT:
            self._counts.popitem(last=False)
        return times

    def __len__(self) -> int:
        """The distinct errors remembered now (``ERRORS_KEPT`` at most)."""
        return len(self._counts)
