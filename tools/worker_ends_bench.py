"""How the window's closed AI workers end at a change of screen: by themselves, or terminated.

    python tools/worker_ends_bench.py                      # 10 games left idle, 10 left mid-search
    python tools/worker_ends_bench.py --changes 20 --game alquerque --stay 2

The real window runs headless in this process (``SDL_VIDEODRIVER=dummy``) with fresh settings
and data folders and its spare worker, as ``python main.py`` runs it (without the kernel
preparation: the game's kernels are compiled in ``NUMBA_CACHE_DIR`` or the user's cache by a
first game, not counted).  Each change of screen: the main menu for ``--menu`` seconds (its spare
started), a Human vs PC game against level-5 from ``--plies`` random moves in (past the opening
books), ``--stay`` seconds on it, then back to the menu, which closes the game's worker.  "idle":
the person is to move, the worker waits; "search": level-5 is to move, its search is stopped.
The window goes on drawing while a thread waits for the closed worker's end.

Printed for each case: how many closed workers ended by themselves and how many were terminated
after their grace (``ui.worker_client.STOP_GRACE``; the debug line "terminated (not ended within
...)"), and the median and slowest seconds from the change of screen to the process gone.
Figures of one machine at one moment: run it before and after a change, side by side.

    python tools/worker_ends_bench.py --cases quit,prepare,tournament --changes 5

The other ends, each the old way and the new in one run, a line each: "quit", the window's quit
from its main menu (``App.quit``) with its spare waiting for its game: terminated at once (grace
0) or ended by itself, and the same quit as the spare has just started, in its head start; "prepare", a kernel preparation's process holding the
game's kernels, from its work done to its process gone; "tournament", a tournament's worker
after two games of the game (level-3 against level-4), the same.  Old: the process's target
returns to ``multiprocessing``, whose ``sys.exit`` tears the interpreter down; new:
``run_then_exit``.
"""

from __future__ import annotations

import logging
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tools.usage, when run as a script

from tools.usage import tool_parser, writes_and_takes  # noqa: E402


class _Terminations(logging.Handler):
    """Counts ``ui.ai_worker``'s lines saying a closed worker was terminated after its grace."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "not ended within" in record.getMessage():
            self.count += 1


def one_change(app, game_id: str, case: str, args, seed: int) -> float:
    """The menu, a game of ``case`` ("idle" or "search"), back to the menu: seconds from the change
    of screen until the closed worker's process is gone, the window drawing meanwhile."""
    import games
    from ai.match import random_line
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.worker_lifecycle import wait_for_closed_workers

    app.run_frames(0, timeout=args.menu)
    game = games.load(game_id)
    line = random_line(game.initial_state(), args.plies, random.Random(seed))  # a game over by then (3x3) has nothing to search
    state = game.play_line(line)
    computer_to_move = case == "search"
    players = ("level-5", None) if (state.to_move == 0) == computer_to_move else (None, "level-5")
    app.start_game(MatchSetup(game_id, {}, HUMAN_VS_PC, players, 30.0), line)
    app.run_frames(0, timeout=args.stay)
    left = time.monotonic()
    app.show_menu()
    ended: list[float] = []
    waiter = threading.Thread(target=lambda: ended.append(wait_for_closed_workers(30.0) and time.monotonic()))
    waiter.start()
    while waiter.is_alive():
        app.run_frames(1)
        time.sleep(0.005)
    return (ended[0] or float("inf")) - left


def _returns(main, *args, **kwargs) -> None:
    """The old ends' target: ``main`` then back to ``multiprocessing`` (the interpreter's teardown)."""
    main(*args, **kwargs)


def _stamped(said, main, *args) -> None:
    """``main(*args)``, then the moment its work was done sent through ``said``."""
    main(*args)
    said.send(time.monotonic())


def _load_kernels(game_id: str) -> None:
    """What a kernel preparation's process holds once done: every stage of the game's kernels."""
    import ai.kernels

    ai.kernels.warm_up(game_id)


def _play_tasks(tasks: list[dict]) -> None:
    """What a tournament's worker does: the games given, played."""
    from ai.tournament_play import play_task

    for task in tasks:
        play_task(task)


def _done_to_gone(new: bool, main, *args) -> float:
    """Seconds from the end of ``main(*args)``'s work in a process of its own (spawned, as the
    window's) to that process gone, ended the ``new`` way or the old."""
    import multiprocessing as mp

    from ai.parent_watch import run_then_exit

    ctx = mp.get_context("spawn")
    said, says = ctx.Pipe(duplex=False)
    target_args = (_stamped, says, main, *args)
    process = ctx.Process(target=run_then_exit if new else _returns, args=target_args, daemon=True)
    process.start()
    says.close()
    done = said.recv()
    process.join()
    return time.monotonic() - done


def _quit_wait(new: bool, ready: bool) -> float:
    """Seconds of the window's quit (``App.quit``) from its main menu, its spare waiting for its game
    (``ready``) or just started; the old way: the spare's grace 0."""
    from ui import worker_client
    from ui.app import App

    kept = worker_client.SPARE_GRACE
    worker_client.SPARE_GRACE = kept if new else 0.0
    try:
        app = App(fps=60)
        app.spare_worker = True
        app.run_frames(1, until=lambda: worker_client.SpareWorker.spare() is not None, timeout=30.0)
        spare = worker_client.SpareWorker.spare()
        while ready and spare.ready is None and spare.process.is_alive():
            app.run_frames(1)  # the window hears its spare as it waits (``SpareWorker.settle``)
            time.sleep(0.01)
        began = time.monotonic()
        app.quit()
        return time.monotonic() - began
    finally:
        worker_client.SPARE_GRACE = kept


def _tasks(game_id: str) -> list[dict]:
    from ai.tournament import Tournament

    league = Tournament(game_id, ["level-3", "level-4"], games_per_pair=2, time_per_move=0.05, seed=1)
    return [league.task(g) for g in league.schedule[:2]]


def _old_and_new(name: str, runs: int, measure_one) -> None:
    """``measure_one(new)`` ``runs`` times each way, taken in turns: a line per way."""
    seen: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(runs):
        for new in (False, True):
            seen[new].append(measure_one(new))
    for new in (False, True):
        print(f"{name:18} {'new' if new else 'old'}: median {statistics.median(seen[new]):.3f} s,"
              f" slowest {max(seen[new]):.3f} s ({runs} runs)", flush=True)


OTHER_ENDS = {
    "quit": lambda args: (_old_and_new("quit, spare ready", args.changes, lambda new: _quit_wait(new, True)),
                          _old_and_new("quit, spare begun", args.changes, lambda new: _quit_wait(new, False))),
    "prepare": lambda args: _old_and_new("prepare", args.changes, lambda new: _done_to_gone(new, _load_kernels, args.game)),
    "tournament": lambda args: _old_and_new("tournament", args.changes,
                                            lambda new: _done_to_gone(new, _play_tasks, _tasks(args.game))),
}


def measure(args) -> None:
    cases = args.cases.split(",")
    for case in (case for case in cases if case in OTHER_ENDS):
        OTHER_ENDS[case](args)
    if any(case not in OTHER_ENDS for case in cases):
        measure_screens([case for case in cases if case not in OTHER_ENDS], args)


def measure_screens(cases: list[str], args) -> None:
    from ui.app import App

    terminations = _Terminations()
    worker_log = logging.getLogger("ui.ai_worker")
    worker_log.setLevel(logging.DEBUG)
    worker_log.addHandler(terminations)
    app = App(fps=60)
    app.spare_worker = True
    one_change(app, args.game, "idle", args, 0)  # its worker compiles the kernels a cache lacks
    for case in cases:
        before, seconds = terminations.count, []
        for number in range(args.changes):
            seconds.append(one_change(app, args.game, case, args, number + 1))
        terminated = terminations.count - before
        print(f"{case:6}  {len(seconds) - terminated:3} of {len(seconds)} ended by themselves, {terminated} terminated;"
              f" close to gone: median {statistics.median(seconds):.2f} s, slowest {max(seconds):.2f} s", flush=True)
    app.quit()


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(writes="no file (its window's folders are temporary)",
                                                   prints="a line per case", takes="about a minute"))
    parser.add_argument("--changes", type=int, default=10, help="changes of screen measured in each case")
    parser.add_argument("--cases", default="idle,search", help="idle, search, quit, prepare, tournament, comma-separated")
    parser.add_argument("--game", default="reversi", help="the game played (its kernels compiled first if missing)")
    parser.add_argument("--plies", type=int, default=12, help="random moves before the game starts")
    parser.add_argument("--menu", type=float, default=1.0, help="seconds on the main menu before each game")
    parser.add_argument("--stay", type=float, default=1.5, help="seconds on the game screen before leaving it")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="tabuleiro-worker-ends-") as scratch:
        os.environ["TABULEIRO_CONFIG_DIR"] = os.path.join(scratch, "config")
        os.environ["TABULEIRO_DATA_DIR"] = os.path.join(scratch, "data")
        measure(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
