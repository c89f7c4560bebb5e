"""A tournament whose games end when the test says so (the fixture ``tournament_games_held``,
tests/held_tournament.py).

A test of Stop, Esc or Resume needs some of a tournament's games done and some not when it stops
it: with real games between levels that was a race between the workers and the screen (the
workers of a small game played every game before the screen saw the first; a larger board's
games, lasting a second or more, still lost on time or all ended within a slow frame).  Here
the tournament runs as it always does -- ``Tournament.start``, its worker processes, their task
queue, the stopping flag, SIGTERM after ``STOP_WAIT``, the results log -- and each game is played
by the real ``ai.tournament_workers.play_task`` in its worker, but its result is sent only once the test
lets it end (``TournamentGamesHeld.end``, ``release``): a game the test has not let end is, at a
stop, a game still under way, ended with its worker and dropped; one it let end is kept.

The seam is the worker process's entry point: the fixture has ``Tournament`` start its workers
with ``worker_main`` below (``ai.tournament_workers._worker_main`` replaced for the test), which wraps
that process's ``play_task`` and then runs the real ``_worker_main``.  The test and the workers
talk through files in a folder of the test, as tests/computer_standin.py's do: "ended-N" once
game N, played, was let end; "stop-heard-N" once the worker of game N, waiting to end it, has been
told to stop (its stopping flag set: no worker starts another game from then); "end-K" (one game
each) and "released" (every game) from the test.
This module imports neither pygame nor pytest (0.4 s): a worker process imports it.
"""

from __future__ import annotations

import inspect
import itertools
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.computer_standin import _write

POLL = 0.01  # seconds between two looks at the folder while a played game waits
SAFETY = 120.0  # seconds after which a game never let end ends all the same: a broken test ends
RELEASED = "released"


def worker_main(folder: str, *args: Any, **kwargs: Any) -> None:
    """A tournament worker's entry point (``ai.tournament_workers._worker_main``'s arguments after
    ``folder``): its games played as ever, each sent once the test lets it end (module doc)."""
    import ai.tournament_workers as tournament

    stopping = inspect.signature(tournament._worker_main).bind(*args, **kwargs).arguments["stopping"]
    tournament.play_task = _held(Path(folder), tournament.play_task, stopping)
    tournament._worker_main(*args, **kwargs)


def _held(folder: Path, play: Callable[..., dict[str, Any]], stopping: Any) -> Callable[..., dict[str, Any]]:
    """``play`` (``play_task``), whose result is returned once the test lets its game end; a Stop
    that reaches the worker meanwhile (``stopping``) is told to the test."""

    def held_play(task: dict[str, Any], on_move: Callable[[str], None] | None = None) -> dict[str, Any]:
        result = play(task, on_move)
        number = task["number"]
        _wait_to_end(folder, number, stopping)
        _write(folder / f"ended-{number}", "")
        return result

    return held_play


def _wait_to_end(folder: Path, number: int, stopping: Any) -> None:
    """Until the test lets game ``number`` end: all games released, or an "end-K" taken by this game
    alone, or ``SAFETY`` passed.  A stop meanwhile ends this worker (SIGTERM) as it waits, or, the
    worker given the time (``STOP_WAIT``), lets it send this game once let end; the stop is told
    ("stop-heard-N", a file of this game's: two workers writing one file at once collided) as
    soon as the worker's stopping flag is seen set."""
    started, told = time.monotonic(), False
    while not (folder / RELEASED).exists() and not _took_an_end(folder, number):
        if stopping.is_set() and not told:
            _write(folder / f"stop-heard-{number}", "")
            told = True
        if time.monotonic() - started > SAFETY:
            return
        time.sleep(POLL)


def _took_an_end(folder: Path, number: int) -> bool:
    """Whether game ``number`` took one of the ends the test gave (a rename: of two games looking at
    once, one gets it)."""
    for end in sorted(folder.glob("end-*[0-9]")):
        try:
            os.rename(end, folder / f"took-{end.name}-by-{number}")
        except FileNotFoundError:
            continue
        return True
    return False


class TournamentGamesHeld:
    """The test's side (``tournament_games_held``): which games ended, and the words that let them end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._ends = itertools.count(1)

    def ended(self) -> set[int]:
        """The numbers of the games let end so far (their results sent, or being sent)."""
        return {int(path.name.rpartition("-")[2]) for path in self.folder.glob("ended-*[0-9]")}

    def end(self, games: int = 1) -> None:
        """Let ``games`` more games end: those waiting, or the next ones played, one each."""
        for _ in range(games):
            _write(self.folder / f"end-{next(self._ends)}", "")

    def stop_heard(self) -> bool:
        """Whether the tournament's Stop has reached its workers (a worker holding a game saw its
        stopping flag set): none starts another game from then, so the games let end after it are
        the last the run plays.  Stop (``Tournament.cancel``) is heard by the run's thread at its
        next look, which sets that flag: a game let end before it, on a loaded machine, let its
        worker take the next game, and the whole tournament could be played "stopped"."""
        return any(self.folder.glob("stop-heard-*[0-9]"))

    def release(self) -> None:
        """Let every game end as soon as it is played, now and from now on."""
        _write(self.folder / RELEASED, "")
