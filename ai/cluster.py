"""Tournament games on Dask: a LocalCluster on this machine or an existing Dask scheduler.

    t = Tournament("rastros", ids, games_per_pair=2, cluster="local", jobs=2)    # 2 worker processes here
    t = Tournament("rastros", ids, cluster="tcp://lab01:8786")                    # `dask scheduler` there
    t.run(on_event)

Each game is one Dask task (``ai.tournament.play_task`` on the game's plain-data task), so the
games, their seeds and therefore the results are those of ``--jobs 1``; only the order in which
they finish differs.  Results come back as they finish (``GameFinished`` events: the progress bar,
the crosstable and the results log follow at once).  Workers must be able to import Tabuleiro
(run them from a checkout with ``PYTHONPATH`` set to it, or with it installed) and must see the
outside players' files at the same paths with the same contents (a shared folder: NFS on lab
machines, the home directory on a SLURM cluster); both are checked on every worker before any
game starts, and a failure stops the tournament with an error naming the worker and the file.

Dask is an optional extra (``pip install "dask[distributed]"``, the ``league`` extra): nothing else
imports it.  docs/leagues.md says how to run a league on lab machines or SLURM.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ai.tournament import Event, Tournament

WAIT = 0.5  # seconds between checks of the stop flag while games run
INSTALL = 'Dask is not installed: pip install "dask[distributed]" (the league extra)'


class ClusterError(Exception):
    """The cluster cannot play this tournament (not installed, unreachable, workers lacking files)."""


def file_digest(path: str) -> str | None:
    """sha256 of a file's contents, None if it cannot be read (run on the workers as well)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def outside_files(player_ids: list[str]) -> dict[str, str | None]:
    """Absolute path -> digest of every outside player's file (``.py``/``.ipynb``/``.json``)."""
    import ai
    from ai.outside import parse_outside_id

    files: dict[str, str | None] = {}
    for pid in player_ids:
        if ai.is_outside_player(pid):
            try:
                spec = parse_outside_id(pid)
            except ValueError:
                continue
            if spec.path:
                path = str(Path(spec.path).resolve())
                files[path] = file_digest(path)
    return files


def absolute_id(player_id: str) -> str:
    """An outside player's id with its file's absolute path: workers run in other folders."""
    import ai
    from ai.outside import parse_outside_id

    if not ai.is_outside_player(player_id) or player_id.startswith("gtp:"):
        return player_id
    try:
        path = parse_outside_id(player_id).path
    except ValueError:
        return player_id
    return str(Path(path).resolve()) + player_id[len(path):] if path and player_id.startswith(path) else player_id


def _worker_check(files: dict[str, str | None]) -> list[str]:
    """On a worker: Tabuleiro importable, each file there with the same contents; what is wrong."""
    import ai.tournament  # noqa: F401  (raises on a worker that cannot import Tabuleiro)

    problems = []
    for path, digest in files.items():
        theirs = file_digest(path)
        if theirs is None:
            problems.append(f"{path} is missing")
        elif digest is not None and theirs != digest:
            problems.append(f"{path} differs from this machine's copy")
    return problems


def connect(address: str, workers: int) -> tuple[Any, Any]:
    """A Dask client for ``address`` ("local": a new LocalCluster of ``workers`` single-threaded
    processes) and the cluster it started (None for an existing scheduler)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(INSTALL) from None
    if address == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
        return Client(cluster), cluster
    try:
        return Client(address, timeout=20), None
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def check_workers(client: Any, player_ids: list[str]) -> None:
    """ClusterError unless every worker imports Tabuleiro and sees every outside file unchanged."""
    files = outside_files(player_ids)
    try:
        client.wait_for_workers(1, timeout=60)
        replies = client.run(_worker_check, files)
    except Exception as exc:  # a worker without Tabuleiro fails to unpickle the check itself
        raise ClusterError(f"the Dask workers cannot run Tabuleiro ({type(exc).__name__}: {exc}); start them "
                           "from a checkout with PYTHONPATH set to it, or install Tabuleiro there") from None
    wrong = [f"{worker}: {problem}" for worker, problems in sorted(replies.items()) for problem in problems]
    if wrong:
        raise ClusterError("outside players' files must be on a shared path every worker sees (the same path, "
                           "the same contents): " + "; ".join(wrong[:5]) + (" ..." if len(wrong) > 5 else ""))


def run_on_dask(t: Tournament, emit: Callable[[Event], None]) -> None:
    """Play ``t``'s missing games as Dask tasks, finishing each in ``t`` as it comes back."""
    from ai.match import GameResult
    from ai.tournament import play_task

    try:
        from distributed import wait
    except ImportError:
        raise ClusterError(INSTALL) from None
    client, cluster = connect(t.cluster or "local", t.jobs)
    try:
        check_workers(client, t.player_ids)
        by_future = {}
        for g in t.pending():
            task = dict(t.task(g), load_ids=[absolute_id(pid) for pid in t.ids_of(g)])
            future = client.submit(play_task, task, pure=False, key=f"tabuleiro-game-{g.number}-{id(t)}")
            by_future[future] = g
        pending = set(by_future)
        while pending:
            if t._stop.is_set():
                t.cancelled = True
                client.cancel(list(pending))
                return
            try:
                done, pending = wait(pending, timeout=WAIT, return_when="FIRST_COMPLETED")
            except TimeoutError:
                continue
            for future in sorted(done, key=lambda f: by_future[f].number):
                g = by_future[future]
                try:
                    result = GameResult(**future.result())
                except Exception as exc:  # our own bug or a lost worker: a void game, played again on resume
                    result = GameResult(t.game_id, dict(t.options), list(t.ids_of(g)))
                    result.reason = f"void: the Dask task failed: {type(exc).__name__}: {exc}"
                t._finish(g.number, result, emit)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

