"""Tournament games on Dask: a LocalCluster on this machine or an existing Dask scheduler.

    t = Tournament("rastros", ids, games_per_pair=2, cluster="local", jobs=2)    # 2 worker processes here
    t = Tournament("rastros", ids, cluster="tcp://lab01:8786")                    # `dask scheduler` there
    t.run(on_event)

Each game is one Dask task (``ai.tournament_play.play_task`` on the game's plain-data task), so the
games, their seeds and therefore the results are those of ``--jobs 1``; only the order in which
they finish differs.  Results come back as they finish (``GameFinished`` events: the progress bar,
the crosstable and the results log follow at once); stopped (``cancel()``, Ctrl+C), it keeps every
game already back, then cancels the rest, which a resume plays.  Workers must be able to import Tabuleiro
(run them from a checkout with ``PYTHONPATH`` set to it, or with it installed); this is checked on
every worker before any game starts, and a failure stops the tournament with an error.

Outside players' files: every worker checks that it sees each file at the same absolute path
with the same contents (a shared folder: NFS on lab machines, the home directory on a SLURM
cluster).  If one does not, the files travel instead: each file's folder (students' files import
their own modules and read their own data) is sent to every worker, present and future, by a
worker plugin (``BotFiles``) that writes it under the worker's temporary folder, and the games
load the players from there (``SHIPPED``).  Folders larger than ``SHIP_LIMIT`` in all are refused
with an error asking for a shared path instead.

Dask is an optional extra (``pip install "dask[distributed]"``, the ``league`` extra): nothing else
imports it.  docs/leagues.md says how to run a league on lab machines or SLURM.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import logging
import os
import socket
import sys
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ai.parent_watch import sigint_blocked

if TYPE_CHECKING:
    from ai.match import GameResult
    from ai.tournament import Tournament
    from ai.tournament_events import Event
    from ai.tournament_schedule import ScheduledGame

WAIT = 0.5  # seconds between checks of the stop flag while games run
CONNECT_TIME = 20  # seconds to reach a scheduler before giving up
GIVE_UP = 3  # this many failed tasks before any game came back: stop, the cluster is at fault
SHIP_LIMIT = 50_000_000  # bytes of outside players' folders that may be sent to the workers
SHIP = "auto"  # "auto": send the files when a worker does not see them; "always" (tests), "never"
SHIPPED = "shipped:"  # prefix of a player id whose file was sent: shipped:KEY/FOLDER/file.py:name
SKIPPED_DIRS = {"__pycache__", ".git", ".ipynb_checkpoints", ".venv", "venv", "node_modules"}
INSTALL = 'Dask is not installed: pip install "dask[distributed]" (the league extra)'
FROZEN_INSTALL = ("leagues on a Dask cluster are not part of the desktop app (it holds no Dask, and pip cannot "
                  "add to it): install Tabuleiro from its source with its league extra, pip install \".[league]\", "
                  "and run its tournament command there")


def _not_installed() -> ClusterError:
    """Why a cluster cannot be used without Dask, and how to get it: the desktop app bundle (a
    PyInstaller folder, ``sys.frozen``) runs its own Python, which ``pip install`` does not reach."""
    return ClusterError(FROZEN_INSTALL if getattr(sys, "frozen", False) else INSTALL)


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


def _importable() -> bool:
    """Run on the scheduler: it fails to unpickle this very function without Tabuleiro."""
    import ai.tournament  # noqa: F401

    return True


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


# The scheduler's HTTP server (health and metrics routes) starts even with the dashboard off, on
# port 8787 unless told otherwise (dask/distributed#8136); with another Dask on the machine it
# warned "Port 8787 is already in use" in the teacher's terminal.  Any free port does for a
# cluster no one browses.
NO_FIXED_PORT = {"dashboard_address": ":0"}


def connect(address: str, workers: int) -> tuple[Any, Any]:
    """A Dask client for ``address`` ("local": a new LocalCluster of ``workers`` single-threaded
    processes) and the cluster it started (None for an existing scheduler)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise _not_installed() from None
    if address == "local":
        # its processes start, and stay, out of Ctrl+C's reach: it is for this one alone, which
        # stops them (ignored meanwhile, it was lost, and the league played on; Dask's exit closes
        # a cluster made as it came).  Its logs stay in it up to CRITICAL: what a league's user is
        # told comes through the games' results and the close's own lines, and at the close a
        # worker's heartbeat could meet the scheduler just closed and log its traceback under the
        # report (ERROR, which an ERROR level let through)
        with sigint_blocked():
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.CRITICAL,
                                   scheduler_kwargs=NO_FIXED_PORT)
        return Client(cluster), cluster
    try:
        return Client(address, timeout=CONNECT_TIME), None
    except Exception as exc:  # refused, timed out, or not an address at all
        raise _unreachable(address, exc) from None


def _unreachable(address: str, exc: BaseException) -> ClusterError:
    return ClusterError(f"cannot reach the Dask scheduler at {address!r} ({type(exc).__name__}: {exc}); "
                        "expected --cluster local or tcp://HOST:PORT of a running `dask scheduler`")


def check_address(address: str) -> None:
    """ClusterError at once if Dask is not installed, or ``address`` is no scheduler's address
    (``tcp://HOST:PORT``, also without ``tcp://``) one can reach: a league checks it before it
    loads its players' files, minutes in a class's league, which a mistyped address made the
    teacher wait through before saying so.  Only a TCP connection is tried here; ``connect``
    still meets the scheduler itself."""
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise _not_installed() from None
    if address == "local":
        return
    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            return  # other transports (ucx, inproc): connect() tries them
        host, port = parse_host_port(location)
        socket.create_connection((host, port), timeout=CONNECT_TIME).close()
    except (OSError, ValueError, TypeError) as exc:
        raise _unreachable(address, exc) from None


WORKER_WAIT = 60  # seconds for a first worker to join a scheduler


def check_workers(client: Any, player_ids: list[str]) -> list[str]:
    """ClusterError unless every worker imports Tabuleiro; what the workers lack of the outside
    files ("WORKER: PATH is missing" or "... differs from this machine's copy"), empty if nothing."""
    files = outside_files(player_ids)
    try:  # the scheduler unpickles the tasks, so it needs Tabuleiro too
        client.run_on_scheduler(_importable)
    except Exception as exc:
        raise ClusterError(f"the Dask scheduler cannot import Tabuleiro ({type(exc).__name__}: {exc}); start it "
                           "from a checkout with PYTHONPATH set to it, or install Tabuleiro there") from None
    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except Exception:  # distributed's own TimeoutError, whatever its class in this version
        raise ClusterError(f"no Dask worker joined the scheduler at {client.scheduler.address} within "
                           f"{WORKER_WAIT} s: start one with `dask worker {client.scheduler.address}` "
                           "(docs/leagues.md)") from None
    replies = {}
    for worker in sorted(client.scheduler_info()["workers"]):
        try:
            replies.update(client.run(_worker_check, files, workers=[worker]))
        except Exception as exc:  # a worker without Tabuleiro fails to unpickle the check itself
            raise ClusterError(f"the Dask worker {worker} cannot run Tabuleiro ({type(exc).__name__}: {exc}); start "
                               "it from a checkout with PYTHONPATH set to it, or install Tabuleiro there") from None
    return [f"{worker}: {problem}" for worker, problems in sorted(replies.items()) for problem in problems]


# -- sending the outside files to the workers ------------------------------------------------------
@functools.cache
def shipped_root() -> Path:
    """Where a worker keeps the folders sent to it: its user's own folder for bots in the
    temporary folder (``ai.outside_process.shipped_bots_folder``), copies needed only while the
    league plays.  The bots' logs are not here: they go where a match's do (``log_folder``, or
    FILE.bots with --out), on a local worker as in this process.  One shared tabuleiro-bots/ belonged to the first
    user whose league ran on the machine, and every other user's workers failed to write there.
    Kept for the process: where another user holds that folder's name a new one is made, and the
    files written to it (``write_shipped``) must be found there again (``unship``)."""
    from ai.outside_process import shipped_bots_folder

    return shipped_bots_folder()


def bundle(player_ids: list[str]) -> tuple[dict[str, bytes], dict[str, str]]:
    """The folders of the outside players' files, as ``{"KEY/FOLDER/relative/path": contents}``,
    and each outside player's id on the workers (``SHIPPED`` + ``KEY/FOLDER/file.py:name``).  KEY
    (a digest of the folder's path) keeps two students' folders of one name apart."""
    import ai
    from ai.outside import parse_outside_id

    files: dict[str, bytes] = {}
    ids: dict[str, str] = {}
    size = 0
    for pid in player_ids:
        if not ai.is_outside_player(pid) or pid.startswith("gtp:"):
            continue
        absolute = absolute_id(pid)
        path = Path(parse_outside_id(absolute).path)
        if not path.is_file():
            continue  # it forfeits, as it would without Dask
        folder = path.parent
        key = f"{hashlib.sha256(str(folder).encode()).hexdigest()[:12]}/{folder.name}"
        ids[pid] = SHIPPED + key + "/" + path.name + absolute[len(str(path)):]  # "/": a Windows client's too
        for item in sorted(folder.rglob("*")):
            rel = item.relative_to(folder)
            if not item.is_file() or any(part in SKIPPED_DIRS or part.startswith(".") for part in rel.parts):
                continue
            name = f"{key}/{rel.as_posix()}"
            if name not in files:
                files[name] = item.read_bytes()
                size += len(files[name])
            if size > SHIP_LIMIT:
                raise ClusterError(f"the outside players' folders hold more than {SHIP_LIMIT // 1_000_000} MB, "
                                   "too much to send to the workers: put them on a path every worker sees")
    return files, ids


def unship(player_id: str) -> str:
    """A ``SHIPPED`` id as a path on this worker; any other id unchanged."""
    if not player_id.startswith(SHIPPED):
        return player_id
    return str(shipped_root()) + "/" + player_id[len(SHIPPED):]


def write_shipped(files: dict[str, bytes]) -> None:
    """Write the sent folders under ``shipped_root()`` (a file already there unchanged is kept)."""
    root = shipped_root()
    for name, data in files.items():
        target = root / name
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f"{target.name}.part{os.getpid()}")
        partial.write_bytes(data)
        partial.replace(target)  # atomic: several workers of one machine may write the same file


def _plugin(files: dict[str, bytes]) -> Any:
    """A worker plugin writing ``files`` on every worker, including workers that join later."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class BotFiles(WorkerPlugin):
        def __init__(self, files: dict[str, bytes]) -> None:
            self.files = files

        def setup(self, worker: Any) -> None:
            from ai.cluster import write_shipped

            write_shipped(self.files)

    return BotFiles(files)


def play_shipped(task: dict[str, Any]) -> dict[str, Any]:
    """``play_task`` on a worker, with the players of sent files loaded from their copies here."""
    from ai.tournament_play import play_task

    return play_task(dict(task, load_ids=[unship(pid) for pid in task["load_ids"]]))


def ship(client: Any, player_ids: list[str]) -> dict[str, str]:
    """Send the outside players' folders to every worker; their ids there (``bundle``)."""
    files, ids = bundle(player_ids)
    if files:
        digest = hashlib.sha256(b"".join(name.encode() + data for name, data in sorted(files.items()))).hexdigest()
        client.register_plugin(_plugin(files), name=f"tabuleiro-bots-{digest[:16]}")
        print(f"sent the outside players' folders to the Dask workers ({len(files)} files, "
              f"{sum(map(len, files.values())) / 1e6:.1f} MB)", file=sys.stderr)
    return ids


class _Collected:
    """The games of one Dask run as their futures come back: each kept in the tournament (its
    result, or a void game when its task failed) the one way, whether the loop saw it finish or a
    stop found it finished."""

    def __init__(self, t: Tournament, emit: Callable[[Event], None], by_future: dict[Any, ScheduledGame]) -> None:
        self.t, self.emit, self.by_future = t, emit, by_future
        self.left = set(by_future)  # the futures not collected yet
        self.played = 0
        self.failed: list[str] = []

    def collect(self, futures: Any) -> None:
        """Keep the games of ``futures`` (finished ones), in game-number order.  ClusterError when
        the first ``GIVE_UP`` tasks all failed: the cluster, not the games, is at fault."""
        for future in sorted(futures, key=lambda f: self.by_future[f].number):
            g = self.by_future[future]
            result = self._result(future, g)  # a Ctrl+C while it is fetched: fetched again on the stop
            self.left.discard(future)  # before the log: a Ctrl+C while it is written does not write it twice
            self.t._finish(g.number, result, self.emit)

    def collect_finished(self) -> None:
        """On a stop: keep every game whose future has finished, without waiting for the others.
        A game that came back as the stop came was cancelled with the rest, missing from the log,
        and a resume played it again."""
        self.collect([f for f in self.left if f.done()])

    def _result(self, future: Any, g: ScheduledGame) -> GameResult:
        """The game a finished future played; a void game (played again on resume) if its task failed."""
        from ai.match import GameResult

        try:
            result = GameResult(**future.result())
            self.played += 1
            return result
        except Exception as exc:  # our own bug or a lost worker: a void game, played again on resume
            self.failed.append(f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc) else ''}")
        if len(self.failed) >= GIVE_UP and not self.played:  # every task fails: the cluster is at fault
            raise ClusterError(f"the first {len(self.failed)} games failed on the Dask cluster ({self.failed[0]}); "
                               "no game was played")
        result = GameResult(self.t.game_id, dict(self.t.options), list(self.t.ids_of(g)))
        result.reason = f"void: the Dask task failed: {self.failed[-1]}"
        return result


def run_on_dask(t: Tournament, emit: Callable[[Event], None]) -> None:
    """Play ``t``'s missing games as Dask tasks, finishing each in ``t`` as it comes back.
    Stopped (``t.cancel()``, Ctrl+C), it keeps the games already back, then cancels the rest."""
    from ai.tournament_play import play_task

    try:
        from distributed import wait
    except ImportError:
        raise _not_installed() from None
    client, cluster = connect(t.cluster or "local", t.jobs)
    collected = None
    try:
        lacking = check_workers(client, t.player_ids)
        shipped: dict[str, str] = {}
        if SHIP == "always" or (lacking and SHIP == "auto"):
            shipped = ship(client, t.player_ids)
        elif lacking:
            raise ClusterError("outside players' files must be on a shared path every worker sees (the same "
                               "path, the same contents): " + "; ".join(lacking[:5])
                               + (" ..." if len(lacking) > 5 else ""))
        by_future = {}
        run = uuid.uuid4().hex[:12]  # task keys unique on a scheduler shared by several leagues
        for g in t.pending():
            ids = [shipped.get(pid) or absolute_id(pid) for pid in t.ids_of(g)]
            future = client.submit(play_shipped if shipped else play_task, dict(t.task(g), load_ids=ids),
                                   pure=False, key=f"tabuleiro-game-{g.number}-{run}")
            by_future[future] = g
        collected = _Collected(t, emit, by_future)
        try:
            while collected.left:
                if t._stop.is_set():
                    collected.collect_finished()
                    t.cancelled = len(t.results) < t.total
                    return
                try:
                    done, _ = wait(collected.left, timeout=WAIT, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    continue
                collected.collect(done)
        except KeyboardInterrupt:  # Ctrl+C (or SIGTERM, SIGHUP): the command line reports the games kept
            collected.collect_finished()
            raise
    finally:
        shut_down(client, cluster, collected.left if collected is not None else None)


SHUTDOWN_CUT = "Ctrl+C as the Dask cluster closed: its shutdown was cut short; every game is in, so the league is complete"


def shut_down(client: Any, cluster: Any, left: set[Any] | None) -> None:
    """Cancel the games ``left`` on the cluster (None: none was sent), then close the client and
    the cluster this run started.  With every game in (``left`` empty), a Ctrl+C meanwhile only
    cuts the shutdown short, with a note: the league is complete, and was reported "stopped" with
    status 130 although no game was missing (the exit finishes the close: ``_finish_the_close``).  Games
    left, it goes on up: the league stopped.  Each close is bounded (``_close_within``): a worker that
    hung held the command for ever; so is the cancel (``_cancel_within``): a scheduler that hung held it
    for ever after its league was over."""
    try:
        if left:
            _cancel_within(client, list(left))
        _close_within(client, cluster)
    except KeyboardInterrupt:
        if left is None or left:
            raise
        print(SHUTDOWN_CUT, file=sys.stderr)
        atexit.register(_finish_the_close, client, cluster)  # run before Dask's own (atexit: last in, first run)


# Seconds at most for each of the client's and the cluster's close once the league is over (or
# stopped): a worker's Nanny gives its process 4 s to end, kills it, then waits up to 5 s more for
# it (9 s at most), and the scheduler's close comes after; past this bound something hangs.
CLOSE_TIME = 15
BEGIN_TIME = 5  # seconds for Dask's event loop to begin each worker's close, a close given up
CLIENT_LATE = "the Dask client {why}: its connection to the scheduler was dropped"
CANCEL_TIME = 10  # seconds for the cancel of the games left: a message to the scheduler, sent at once where it answers
CANCEL_LATE = ("the Dask client {why}: the scheduler drops a client's games as its connection closes, and a resume "
               "plays the games missing")
CLUSTER_LATE = "the local Dask cluster {why}: {left}; the results are not affected"


def close_failure(exc: BaseException, seconds: float, what: str = "close") -> str:
    """How a close (or another step of the shutdown, ``what`` it would do) given up is told: over
    its time (a TimeoutError), or failed, with Dask's reason."""
    if isinstance(exc, TimeoutError):
        return f"did not {what} within {seconds} s"
    return f"could not {what} ({type(exc).__name__}: {exc})" if str(exc) else f"could not {what} ({type(exc).__name__})"


def _cancel_within(client: Any, left: list[Any]) -> None:
    """Cancel the games ``left`` (their futures) within ``CANCEL_TIME`` s, in a thread waited on
    that long: Dask's ``client.cancel`` takes no timeout, and a scheduler that hung held the
    finished (or stopped) league's command for ever.  Past the bound, or failing, the cancel is
    given up with one line on stderr, no traceback, and the close goes on: closing the client's
    connection gives the games up all the same, and they are not in the results, so a resume
    plays them.  The thread, a daemon, is left to its cancel; it holds nothing the close needs."""
    failed: list[BaseException] = []

    def cancel() -> None:
        try:
            client.cancel(left)
        except Exception as exc:  # a connection already broken, a client closed: said as the close's are
            failed.append(exc)

    thread = threading.Thread(target=cancel, name="dask-cancel", daemon=True)
    thread.start()
    thread.join(CANCEL_TIME)
    if thread.is_alive():
        failed.insert(0, TimeoutError())
    if failed:
        games = "the game left" if len(left) == 1 else f"the {len(left)} games left"
        print(CANCEL_LATE.format(why=close_failure(failed[0], CANCEL_TIME, f"cancel {games}")), file=sys.stderr)


def cluster_late(why: str, ended: int) -> str:
    """``CLUSTER_LATE``'s line: a close given up (``why``, ``close_failure``'s words), ``ended``
    worker processes killed."""
    left = ("none of its worker processes was left running" if not ended else
            "the worker process it left running was ended" if ended == 1 else
            f"the {ended} worker processes it left running were ended")
    return CLUSTER_LATE.format(why=why, left=left)


def _close_within(client: Any, cluster: Any) -> None:
    """Close the client, then the cluster this run started, each within ``CLOSE_TIME`` s.  A close
    with no bound waited for ever on a worker that hung, and the finished league's command (its
    report written) never ended.  Past the bound, or failing, the close is given up with one line
    on stderr, no traceback: the cluster's worker processes still running are killed
    (``_held_workers``, taken before the close, which forgets them as it is cancelled), and the
    cluster is left out of Dask's close at exit, which would wait 10 s more for the close given up
    (still marked "closing")."""
    try:
        client.close(timeout=CLOSE_TIME)
    except Exception as exc:  # TimeoutError, or a connection already broken: nothing more to ask of it
        print(CLIENT_LATE.format(why=close_failure(exc, CLOSE_TIME)), file=sys.stderr)
    if cluster is None:
        return
    workers = _held_workers(cluster)
    try:
        cluster.close(timeout=CLOSE_TIME)
    except Exception as exc:  # TimeoutError (the close cancelled), or a close that failed part way
        with contextlib.suppress(Exception):  # each Nanny marked closing: it starts no new process
            cluster.sync(_close_workers, cluster, wait=False, callback_timeout=BEGIN_TIME)
        running = [held for held in workers if not held.ended()]
        for held in running:
            held.kill()
        print(cluster_late(close_failure(exc, CLOSE_TIME), len(running)), file=sys.stderr)
        _leave_out_of_dasks_exit_close(cluster)
    finally:
        for held in workers:
            held.close()


class _HeldWorker:
    """A worker process of a local cluster, signalled only while it is that process: a pidfd
    (``ai.parent_watch.HeldChild``) taken while its ``sentinel`` says it runs.  Dask's own thread
    reaps it as it ends, and a signal by pid might then reach another process given the freed pid."""

    def __init__(self, process: Any) -> None:
        from ai.parent_watch import HeldChild

        self.process, self.held = process, HeldChild(process)

    def ended(self) -> bool:
        """Whether the process has ended (its sentinel, which no reaping affects, is ready)."""
        import select

        try:
            return bool(select.select([self.process.sentinel], [], [], 0)[0])
        except (OSError, ValueError):  # its sentinel closed: noted as ended
            return True

    def kill(self) -> None:
        self.held.kill()

    def close(self) -> None:
        self.held.close()


def _held_workers(cluster: Any) -> list[_HeldWorker]:
    """The worker processes of ``cluster`` running now, each held (``_HeldWorker``): its pidfd
    taken first, then the process found running, so the pidfd is its own."""
    found = []
    for nanny in list(getattr(cluster, "workers", {}).values()):
        process = getattr(getattr(getattr(nanny, "process", None), "process", None), "_process", None)
        if process is None or getattr(process, "pid", None) is None:
            continue  # never started, or ended and noted so
        held = _HeldWorker(process)
        if held.ended():
            held.close()
        else:
            found.append(held)
    return found


def _leave_out_of_dasks_exit_close(cluster: Any) -> None:
    """``cluster`` taken out of those Dask closes at exit (``spec.close_clusters``): its close,
    given up while marked "closing", would hold the exit 10 s waiting for itself."""
    try:
        from distributed.deploy.spec import SpecCluster
    except ImportError:  # a stand-in for Dask's cluster (tests)
        return
    SpecCluster._instances.discard(cluster)


EXIT_CLOSE = 10  # seconds at most for each of the client's and the cluster's close at exit (Dask's own wait)


def _finish_the_close(client: Any, cluster: Any) -> None:
    """At exit, the close a Ctrl+C cut short (``shut_down``) finished, as Dask's own exit close
    (``distributed``'s atexit ``close_clusters`` and ``_close_global_client``) would finish it,
    each part within ``EXIT_CLOSE`` seconds, then Dask's taken off: it would wait as long again
    for a close that could not end.  A cluster whose close had begun is not closed again: that
    close waited for ever for the cut one (``_close_begun``), and the process hung after its
    report; the workers it left are closed instead.  A second Ctrl+C here printed a 20-line
    "Exception ignored in atexit callback" traceback under the report; it ends the close at once,
    in silence, once the workers' closes are begun.  The league is complete and reported (status
    0, as the cut short close); what is left of the cluster's processes, multiprocessing's
    daemons, is ended by multiprocessing's exit."""
    try:
        with contextlib.suppress(Exception):  # a client already gone, or slower than EXIT_CLOSE
            client.close(timeout=EXIT_CLOSE)
        if cluster is not None:
            _close_cluster(cluster)
    except KeyboardInterrupt:
        if cluster is not None:
            with contextlib.suppress(Exception, KeyboardInterrupt):
                cluster.sync(_close_workers, cluster, wait=False, callback_timeout=EXIT_CLOSE)
    finally:
        _skip_dasks_exit_close()


def _close_cluster(cluster: Any) -> None:
    """Close ``cluster`` within ``EXIT_CLOSE`` s; begun before (cut), or not over by then, its
    workers closed instead."""
    if not _close_begun(cluster):
        with contextlib.suppress(Exception):
            cluster.close(timeout=EXIT_CLOSE)
    if _close_begun(cluster):
        with contextlib.suppress(Exception):
            cluster.sync(_close_workers, cluster, wait=True, callback_timeout=EXIT_CLOSE)


def _close_begun(cluster: Any) -> bool:
    """Whether a close of ``cluster`` began and did not end.  Dask's close marks the cluster
    "closing" first thing and only its own end unmarks it; every later close waits for that,
    which a cancelled close never brings: a close at exit waited for ever (Dask's own, for its
    10 s timeout)."""
    try:
        from distributed.core import Status
    except ImportError:  # a stand-in for Dask's cluster (tests)
        return False
    return getattr(cluster, "status", None) == Status.closing


async def _close_workers(cluster: Any, wait: bool) -> None:
    """In Dask's event loop: the close of each worker of ``cluster`` (a Nanny and its process)
    begun, then, if ``wait``, over.  Begun, a Nanny no longer starts its process again when it
    ends: left running, it did so as multiprocessing's exit ended it, and the new process
    printed a traceback under the report (FileNotFoundError or EOFError: its parent's semaphores
    or pipe gone).  A Nanny already closed returns at once."""
    import asyncio  # here: at the module's top it imported ssl, which the app's bundle leaves out

    closes = [asyncio.ensure_future(worker.close()) for worker in list(cluster.workers.values())]
    await asyncio.sleep(0)  # each close's first step: its Nanny marked closing
    if wait:
        await asyncio.gather(*closes, return_exceptions=True)


def _skip_dasks_exit_close() -> None:
    """Dask's atexit handlers taken off: ``_finish_the_close`` was the exit close."""
    try:
        from distributed import client as dask_client
        from distributed.deploy import spec
    except ImportError:  # a stand-in for Dask's client (tests): no handler of Dask's to take off
        return

    for handler in (getattr(spec, "close_clusters", None), getattr(dask_client, "_close_global_client", None)):
        if handler is not None:
            atexit.unregister(handler)
