"""A computer that thinks until the test says so (the fixture ``computer_thinks_until_told``,
tests/conftest.py).

A window test that presses keys or clicks on the computer's turn (a pause, an undo, a greyed
button, the thinking card) needs that turn to last: a level-1 search in a warm worker answers
within milliseconds, before the test's next event.  Here the window runs as it always does -- its
``ui.worker_client.AIWorker``, a real worker process, its job queue, reports, stop flag and grace --
and only the search in that process is a stand-in: the computer's move of either side (the
"side0" and "side1" slots; hints, draw offers and analysis search as usual) reports "thinking"
with the usual progress (``ai.base.Progress``, depth 1, the first legal move as its best so far)
(none when the test says ``quiet``; the depth the test names with ``reporting``) until the test releases it (``ComputerThinksUntilTold.release``: from then on every move is the
level's own) or gives it the move to play (``answer``), or the window stops it (the stop flag:
undo, pause, back, quit), or a long safety time (``SAFETY``) passes, so that a test that forgets
to release it still ends.

The seam is the worker process's entry point: the fixture has the window start its workers with
``worker_main`` below (``ui.worker_process.worker_main`` replaced for the test), which wraps the
worker's ``_player_for`` (``ui.worker_jobs``) and then runs the real ``ui.worker_process.worker_main``.  The players the
window names are still the setup's ("level-1"): no player kind of the tests reaches a player
list.  The test and the worker process talk through files in a folder of the test (the worker may
be forked from the fork server or spawned, and shares nothing else with the test's process):
"asked-TURN" as a turn begins, "done-TURN" (how it ended) as it returns, "released" and "answer"
from the test.  This module imports no pygame: a worker process imports it.
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

HELD_SLOTS = ("side0", "side1")  # the computer's own moves; a hint's and a draw offer's searches are not held
POLL = 0.01  # seconds between two looks at the folder (and at the stop flag) while the stand-in thinks
SAFETY = 120.0  # seconds after which a turn never released plays the level's move: a broken test ends
RELEASED = "released"
ANSWER = "answer"
QUIET = "quiet"
REPORTING = "reporting"

_turns = itertools.count(1)


def worker_main(folder: str, *args: Any, **kwargs: Any) -> None:
    """A worker process's entry point (``ui.worker_process.worker_main``'s arguments after ``folder``):
    the computer's moves thought by a stand-in (``ThinkingStandIn``) told through ``folder``."""
    import ui.worker_jobs as jobs
    import ui.worker_process as worker

    made = jobs._player_for

    def player_for(job: Any, players: dict) -> Any:
        player = made(job, players)
        if job.kind != "move" or job.slot not in HELD_SLOTS:
            return player
        import games

        return ThinkingStandIn(Path(folder), player, games.load(job.game_id, **job.options))

    jobs._player_for = player_for
    worker.worker_main(*args, **kwargs)


class ThinkingStandIn:
    """The player of one computer move in the worker process: thinks until told (module doc),
    then answers with a move the rules allow -- the one the test named, or the level's own."""

    def __init__(self, folder: Path, player: Any, game: Any) -> None:
        self.folder, self.player, self.game = folder, player, game

    def get_ready(self, options: dict[str, Any]) -> None:
        """As the level's (``ai.base.Player.get_ready``)."""
        self.player.get_ready(options)

    def ready_to_move(self, game: Any) -> None:
        """As the level's (``ai.base.Player.ready_to_move``)."""
        ready = getattr(self.player, "ready_to_move", None)
        if ready is not None:
            ready(game)

    def choose(self, state: Any, limits: Any = None, progress: Any = None) -> Hashable:
        """Report "thinking" until the test releases the turn or answers it, or the window stops
        it; the move then: the level's (released, or after ``SAFETY``), the test's (answered), or
        the best so far, the first legal move (stopped: a stopped search's answer is dropped)."""
        from ai.base import Progress

        turn = f"{os.getpid()}-{next(_turns)}"
        _write(self.folder / f"asked-{turn}", json.dumps({"to_move": state.to_move}))
        started = time.monotonic()
        guess = state.legal_moves()[0]
        while True:
            elapsed = time.monotonic() - started
            if limits is not None and limits.stopped():
                return self._ended(turn, "stopped", guess)
            if (self.folder / RELEASED).exists() or elapsed > SAFETY:
                move = self.player.choose(state, limits, progress)
                return self._ended(turn, "released" if elapsed <= SAFETY else "safety", move)
            answer = _claimed(self.folder, turn)
            if answer is not None:
                move = self.game.parse_move(state, answer["move"])
                if not self.game.is_legal(state, move):
                    raise ValueError(f"the test's answer {answer['move']!r} is not a legal move here")
                if progress is not None:
                    progress(_answered_report(move, elapsed, answer["proven_draw"]))
                return self._ended(turn, "answered", move)
            if progress is not None and not (self.folder / QUIET).exists():
                depth = _reported_depth(self.folder)
                progress(Progress(depth=depth, best_move=guess, nodes=int(elapsed / POLL), elapsed=elapsed, pv=[guess]))
            time.sleep(POLL)

    def _ended(self, turn: str, how: str, move: Hashable) -> Hashable:
        _write(self.folder / f"done-{turn}", how)
        return move


def _write(path: Path, text: str) -> None:
    """``text`` in ``path``, put in place whole (the other process never reads half of it)."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def _reported_depth(folder: Path) -> int:
    """The depth the turns report (``ComputerThinksUntilTold.reporting``), 1 when the test named none."""
    try:
        return int((folder / REPORTING).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return 1


def _claimed(folder: Path, turn: str) -> dict[str, Any] | None:
    """The answer the test gave (``ComputerThinksUntilTold.answer``: its "move" and whether its
    report proves a draw, "proven_draw"), taken by this turn alone (a rename: of two turns looking
    at once, one gets it), or None when none waits."""
    taken = folder / f"answered-{turn}"
    try:
        os.rename(folder / ANSWER, taken)
    except FileNotFoundError:
        return None
    return json.loads(taken.read_text(encoding="utf-8"))


def _answered_report(move: Hashable, elapsed: float, proven_draw: bool) -> Any:
    """The last report of a turn the test answered with ``move``: a plain depth-1 search's, or,
    ``proven_draw``, a proof of a draw as level 5's endgame tables or a solver report it (the
    window's level then offers a draw with its move, ``GameQuestions.computer_may_offer_draw``)."""
    from ai.base import Progress

    if proven_draw:
        return Progress(depth=1, best_move=move, elapsed=elapsed, pv=[move], done=True, proven=0, kind="solver")
    return Progress(depth=1, best_move=move, elapsed=elapsed, pv=[move], done=True)


class ComputerThinksUntilTold:
    """The test's side (``computer_thinks_until_told``): what the stand-in was asked and how each
    turn ended, and the words that let it answer."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def asked(self) -> int:
        """How many of the computer's turns have begun thinking (in any worker of the test)."""
        return len(list(self.folder.glob("asked-*[0-9]")))

    def ends(self) -> list[str]:
        """How each turn that returned ended, in the order they ended: "stopped" (the window's stop
        flag: undo, pause, back, a flag fall), "released", "answered" or "safety"."""
        done = sorted(self.folder.glob("done-*[0-9]"), key=lambda path: path.stat().st_mtime_ns)
        return [path.read_text(encoding="utf-8") for path in done]

    def thinking(self) -> bool:
        """Whether a turn has begun and not returned."""
        return self.asked() > len(self.ends())

    def release(self) -> None:
        """Let the turn under way and every later one answer as the level would, at once."""
        _write(self.folder / RELEASED, "")

    def quiet(self) -> None:
        """The turns think without a word of progress, as a search waiting for its kernels does
        (the window's "Preparing the engine…"): none comes to undo what a test set on the screen."""
        _write(self.folder / QUIET, "")

    def reporting(self, depth: int) -> ComputerThinksUntilTold:
        """The turns' progress says ``depth`` from now on (depth 1 unless told), as a search that
        has looked that far: for a test of what the window shows of a deeper search."""
        _write(self.folder / REPORTING, str(depth))
        return self

    def answer(self, move: str, proven_draw: bool = False) -> None:
        """The turn under way (or the next one) plays ``move`` (in the game's notation); a move the
        rules do not allow there is the worker's error, as a broken engine's would be.
        ``proven_draw``: its search's last report proves the game drawn, as level 5's endgame
        tables do, so a level offers a draw with that move where it would with its own."""
        if (self.folder / ANSWER).exists():
            raise AssertionError(f"an answer waits for a turn already: {(self.folder / ANSWER).read_text()!r}")
        _write(self.folder / ANSWER, json.dumps({"move": move, "proven_draw": proven_draw}))
