"""The AI worker's memory in a game against level 5 once the first hint came: its process's VmRSS, each game.

    python tools/hint_memory.py                                  # every game, this checkout
    python tools/hint_memory.py alquerque --against /tmp/before  # beside another checkout's, run by run
    python tools/hint_memory.py --no-hint                        # no hint: the computer's player alone

A game's worker (``ui.worker_client.AIWorker``, the kernels compiled in ``NUMBA_CACHE_DIR`` or the
user's cache) is given the jobs a window gives it when the person plays first against level 5:
the hint's player made ahead (a "load" of the "hint" slot), the person's first hint (1 s), and
the computer's reply to the move hinted (1 s); once its warm-up has loaded every kernel stage,
its process's VmRSS (/proc/PID/status) is read.  The hint's player is level 5 as the computer is: what the worker holds twice, or once
(``Player.twin``), is the difference.  ``--against PATH`` measures another checkout (an older
revision's copy) the same way, each run beside a run of this one; ``--runs N`` quotes the median;
``--no-hint`` plays the person's first legal move instead, no hint's player made: what it costs.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tools.usage, when run as a script

from tools.cold_start import WORKER_NAMES, median_of_runs, run_in_fresh_install, side_by_side  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

GAMES = ("alquerque", "hex", "reversi", "rastros", "tictactoe", "trax")

WORKER_RSS = WORKER_NAMES + r"""
import sys, time
sys.path.insert(0, sys.argv[1])
game_id, hinted = sys.argv[2], sys.argv[3] == "hint"


def answer(worker, job_id):
    from ui.ai_worker import AIResult

    until = time.monotonic() + 120
    while time.monotonic() < until:
        for item in worker.poll():
            if isinstance(item, AIResult) and item.job_id == job_id:
                return item
            if item.job_id == job_id and hasattr(item, "message"):  # an error, a forfeit, a process died
                raise SystemExit(f"job {job_id}: {item}")
        time.sleep(0.01)
    raise SystemExit(f"job {job_id}: no answer in 120 s")


def main():
    import games
    from ui.ai_worker import Job
    AIWorker = worker_names("AIWorker")

    game = games.load(game_id)
    state = game.initial_state()

    def job(slot, kind, seconds, moves=()):
        position = game.play_line(moves, state) if moves else state
        return Job(game_id, dict(game.options), tuple(moves), game.to_text(position), "level-5", seconds, seed=1,
                   slot=slot, kind=kind)

    worker = AIWorker(game_id)
    try:
        if hinted:
            answer(worker, worker.submit(job("hint", "load", 0.0)))
            played = answer(worker, worker.submit(job("hint", "move", 1.0))).text
        else:
            played = game.format_move(state, state.legal_moves()[0])
        answer(worker, worker.submit(job("side1", "move", 1.0, [played])))
        until = time.monotonic() + 120
        while worker.preparing and time.monotonic() < until:  # its warm-up's loading done, as in a game
            worker.poll()
            time.sleep(0.05)
        time.sleep(1.0)  # the warm-up thread's last stage read
        status = open(f"/proc/{worker.process.pid}/status").read().splitlines()
        print(next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024)
    finally:
        worker.close()


if __name__ == "__main__":
    main()
"""


def _worker_rss(hinted: bool, game_id: str, _setting: float, root: Path, kernels: str
                ) -> tuple[bool, list[float] | str]:
    """One worker's VmRSS in MB after ``game_id``'s first hint (none unless ``hinted``: the person's
    first move played without) and the computer's reply (``WORKER_RSS``) on the checkout at ``root``,
    or the error."""
    ended, words = run_in_fresh_install(WORKER_RSS, game_id, "hint" if hinted else "none", root=root, kernels=kernels)
    return (True, [float(words[0])]) if ended else (False, words[0])


def rss_lines(game_ids: list[str], runs: int, against: Path | None, hinted: bool = True) -> tuple[bool, list[str]]:
    """Each game's worker VmRSS on this checkout (and on ``against``'s beside it), the median of
    ``runs``; without a hint unless ``hinted``."""
    lines = []
    for game_id in game_ids:
        ok, figures = side_by_side(game_id, 0.0, runs, against, functools.partial(_worker_rss, hinted))
        if not ok:
            return False, figures
        lines.append(f"{game_id:10} " + "  ".join(f"{label}: {median_of_runs(m)[0]:6.1f} MB" for label, m in figures.items()))
    return True, lines


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="each worker's settings and data in a temporary folder, removed at the end", prints="MB a worker",
        takes="about 5 s a worker: games x --runs, twice with --against"))
    parser.add_argument("games", nargs="*", default=list(GAMES), metavar="GAME", help="the games (default: all six)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each, the median quoted")
    parser.add_argument("--against", type=Path, help="also measure the checkout at this path")
    parser.add_argument("--no-hint", action="store_true",
                        help="no hint asked nor its player made: what the computer's player alone holds")
    args = parser.parse_args(argv)
    ok, lines = rss_lines(args.games, args.runs, args.against, hinted=not args.no_hint)
    print("\n".join(lines), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
