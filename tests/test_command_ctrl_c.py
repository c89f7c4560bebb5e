"""Ctrl+C in the terminal a command was started from (``python main.py tournament ...``) at the
moments it used to be lost or to print a traceback: as the command starts (its imports), as a
tournament's worker processes start, as a local Dask cluster starts.  Each time the command ends
as on any Ctrl+C: its "stopped" line, status 130, its results log whole, nothing left running.

The terminal sends SIGINT to the whole process group.  Processes started with SIGINT ignored, so
that it did not reach them too, made the command ignore it meanwhile: the league played on to
its end.  They now start with it blocked (``ai.parent_watch.sigint_blocked``), and a Ctrl+C
meanwhile waits for the command.  Each test holds the command where it stood, sends the signal
once every process takes it its own way (``ctrl_c_once_held``), then lets it go on.

Once every game is in, the league is complete: a Ctrl+C as its workers end, or its local Dask
cluster closes (whatever point the close had reached), only cuts that short (status 0, the
report whole, the command's end not delayed).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ai.cluster import SHUTDOWN_CUT
from ai.commands.tournament import CLOSE_CUT
from ai.results_log import ResultsLog, log_path
from tests.test_window_ctrl_c import ctrl_c_at_each_hold, ctrl_c_once_held

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

# main.py run as the terminal runs it, its first start of a worker process (the tournament's,
# or a Dask cluster's, in a thread of Dask's) held once it has begun, until file argv[2] is made
HELD_FIRST_START = r"""
import multiprocessing.context, os, runpy, sys, time
reached, sent = sys.argv[1], sys.argv[2]
start = multiprocessing.context.SpawnProcess.start
def started_then_held(process):
    start(process)
    if not os.path.exists(reached):
        open(reached, "w").close()
        for _ in range(12000):  # a safety net: the test says when its Ctrl+C is sent
            if os.path.exists(sent):
                break
            time.sleep(0.01)
multiprocessing.context.SpawnProcess.start = started_then_held
sys.argv = ["main.py", *sys.argv[3:]]
runpy.run_path("main.py", run_name="__main__")
"""

# main.py run as the terminal runs it, held in its import of module argv[2] until a signal ends it
HELD_IMPORT = r"""
import runpy, sys, time
reached, held = sys.argv[1], sys.argv[2]
class Held:
    def find_spec(self, name, path=None, target=None):
        if name == held:
            open(reached, "w").close()
            for _ in range(12000):  # a safety net: the test's Ctrl+C ends it
                time.sleep(0.01)
        return None
sys.meta_path.insert(0, Held())
sys.argv = ["main.py", *sys.argv[3:]]
runpy.run_path("main.py", run_name="__main__")
"""

# Put before a held close's script: at exit, once the command's own close is over (registered before
# it, run after it), it says how many of the cluster's workers' Nannies still run.  multiprocessing's
# exit then ends their processes, and such a Nanny starts its own again, which prints a traceback
NANNIES_AT_EXIT = r"""
import atexit, sys
from distributed.core import Status
from distributed.deploy.spec import SpecCluster
def nannies_running():
    running = [w for c in list(SpecCluster._instances) for w in c.workers.values() if w.status == Status.running]
    if running:
        print(f"{len(running)} Nannies still running at exit", file=sys.stderr)
atexit.register(nannies_running)
"""

# main.py run as the terminal runs it, its local Dask cluster's close held once begun (in Dask's
# event loop, where the close runs while the main thread waits for it) until file argv[2] is made:
# the seconds a real cluster takes to end its workers, made long enough for a Ctrl+C to come in them.
# With HELD_CLOSES=2 the close at exit is held too, on files argv[1]-2 and argv[2]-2, in the part of
# it that runs in Dask's loop: a close of the cluster again, or, when the cut one has gone on far
# enough to mark the cluster closing (the loop goes on with it after the Ctrl+C; how far it gets
# before the exit depends on the machine's load), the close of its workers
# (``ai.cluster._close_cluster``)
HELD_CLUSTER_CLOSE = NANNIES_AT_EXIT + r"""
import asyncio, os, runpy, sys
from distributed.deploy.spec import SpecCluster
import ai.cluster
reached, sent = sys.argv[1], sys.argv[2]
holds = int(os.environ.get("HELD_CLOSES", "1"))
close, close_workers = SpecCluster._close, ai.cluster._close_workers
closes = []
async def held(n):
    here, go_on = (reached, sent) if n == 1 else (f"{reached}-{n}", f"{sent}-{n}")
    open(here, "w").close()
    for _ in range(12000):  # a safety net: the test says when its Ctrl+C is sent
        if os.path.exists(go_on):
            break
        await asyncio.sleep(0.01)
async def begun_then_held(cluster, *args, **kwargs):
    closes.append(cluster)
    if len(closes) <= holds:
        await held(len(closes))
    return await close(cluster, *args, **kwargs)
async def workers_closed_then_held(cluster, wait):
    if wait and len(closes) < holds:  # the exit's close, which did not close the cluster again
        closes.append(cluster)
        await held(len(closes))
    return await close_workers(cluster, wait)
SpecCluster._close = begun_then_held
ai.cluster._close_workers = workers_closed_then_held
sys.argv = ["main.py", *sys.argv[3:]]
runpy.run_path("main.py", run_name="__main__")
"""

# main.py run as the terminal runs it, its local Dask cluster's close held once under way (marked
# "closing", its workers about to be ended) until file argv[2] is made
HELD_CLUSTER_CLOSING = NANNIES_AT_EXIT + r"""
import asyncio, os, runpy, sys
from distributed.core import Status
from distributed.deploy.spec import SpecCluster
reached, sent = sys.argv[1], sys.argv[2]
end_workers = SpecCluster._correct_state_internal
async def closing_then_held(cluster):
    if cluster.status == Status.closing and not os.path.exists(reached):
        open(reached, "w").close()
        for _ in range(12000):  # a safety net: the test says when its Ctrl+C is sent
            if os.path.exists(sent):
                break
            await asyncio.sleep(0.01)
    return await end_workers(cluster)
SpecCluster._correct_state_internal = closing_then_held
sys.argv = ["main.py", *sys.argv[3:]]
runpy.run_path("main.py", run_name="__main__")
"""

# main.py run as the terminal runs it, its tournament's end of its worker processes held until file
# argv[2] is made (a worker slow to end its bots)
HELD_WORKERS_END = r"""
import os, runpy, sys, time
import ai.tournament_workers
reached, sent = sys.argv[1], sys.argv[2]
stop_workers = ai.tournament_workers._stop_workers
def held_then_stopped(workers):
    open(reached, "w").close()
    for _ in range(12000):  # a safety net: the test says when its Ctrl+C is sent
        if os.path.exists(sent):
            break
        time.sleep(0.01)
    stop_workers(workers)
ai.tournament_workers._stop_workers = held_then_stopped
sys.argv = ["main.py", *sys.argv[3:]]
runpy.run_path("main.py", run_name="__main__")
"""

TOURNAMENT = ["tournament", "reversi", "level-1", "level-2", "--games", "4", "--time", "0.1", "--jobs", "2"]


def _own_folders(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, TABULEIRO_CONFIG_DIR=str(tmp_path / "config"), TABULEIRO_DATA_DIR=str(tmp_path / "data"),
                TMPDIR=str(tmp_path))


def _said_no_traceback(err: str) -> None:
    for said in ("Traceback", "KeyboardInterrupt", "Fatal Python error"):
        assert said not in err, err


@pytest.mark.parametrize("module", ["argparse", "ai.outside"], ids=["main.py's imports", "main()'s, before its try"])
def test_ctrl_c_as_the_command_starts_says_stopped_in_one_line(tmp_path, module):
    """Met inside an import, before main()'s try, Ctrl+C printed a KeyboardInterrupt's traceback
    of 15 lines from the module being imported (and Python's status of a process SIGINT killed)."""
    reached = tmp_path / "reached"
    done = ctrl_c_once_held([sys.executable, "-c", HELD_IMPORT, str(reached), module, *TOURNAMENT],
                            _own_folders(tmp_path), reached)
    _said_no_traceback(done.stderr)
    assert done.stderr.splitlines()[-1:] == ["stopped"], done.stderr
    assert done.returncode == 130


def test_ctrl_c_as_a_tournaments_workers_start_stops_it(tmp_path):
    """The workers started with SIGINT ignored, and the command with them: a Ctrl+C then was
    lost, and the league played on to its end (status 0)."""
    reached, out = tmp_path / "reached", tmp_path / "league"
    done = ctrl_c_once_held([sys.executable, "-c", HELD_FIRST_START, str(reached), str(tmp_path / "sent"), *TOURNAMENT,
                             "--out", str(out)], _own_folders(tmp_path), reached, sent=tmp_path / "sent")
    _said_no_traceback(done.stderr)
    assert "stopped: the results so far follow" in done.stderr, done.stderr
    assert done.returncode == 130, done.stderr
    header, games = ResultsLog.read(str(log_path(str(out))))  # whole: a resume goes on with it
    assert header["players"] == ["level-1", "level-2"] and len(games) < 8
    assert "stopped early" in out.with_name("league.txt").read_text()


def _local_league_held(tmp_path, held: str, out, games: int, holds: int = 1):
    """A 5x5 Hex league of levels 1 and 2 on a local Dask cluster, run by the script ``held``, which
    holds it at the moment it marks (``ctrl_c_at_each_hold`` then sends the Ctrl+C), at each of its
    first ``holds`` such moments (``HELD_CLOSES``): its run."""
    reached, sent = tmp_path / "reached", tmp_path / "sent"
    marks = [(reached, sent)] + [(Path(f"{reached}-{n}"), Path(f"{sent}-{n}")) for n in range(2, holds + 1)]
    return ctrl_c_at_each_hold([sys.executable, "-c", held, str(reached), str(sent),
                                "tournament", "hex", "level-1", "level-2", "--option", "size=5", "--games", str(games),
                                "--time", "0.1", "--jobs", "2", "--cluster", "local", "--out", str(out)],
                               dict(_own_folders(tmp_path), HELD_CLOSES=str(holds)), marks)


def test_ctrl_c_as_a_local_cluster_starts_stops_the_league(tmp_path):
    """Its processes started with SIGINT ignored, and the command with them, the seconds the
    cluster takes to start: a Ctrl+C then was lost, and the league played on to its end."""
    pytest.importorskip("distributed")
    out = tmp_path / "league"
    done = _local_league_held(tmp_path, HELD_FIRST_START, out, games=2)
    _said_no_traceback(done.stderr)
    assert "stopped: the results so far follow" in done.stderr, done.stderr
    assert done.returncode == 130, done.stderr
    _header, games = ResultsLog.read(str(log_path(str(out))))
    assert len(games) < 4


@pytest.mark.parametrize("held", [HELD_CLUSTER_CLOSE, HELD_CLUSTER_CLOSING],
                         ids=["as its close begins", "as its close ends its workers"])
def test_ctrl_c_as_a_finished_leagues_cluster_closes_leaves_it_complete(tmp_path, held):
    """Every game in, a Ctrl+C while the local cluster closed reported the league "stopped
    early: 2 of 2 games" with status 130, as if a resume had games to play.  It only cuts the
    close short: the report is whole, the status 0, and no process of the cluster is left.
    Once the close was under way, the process then never ended: the close at exit waited for
    the one the Ctrl+C had cut.  Its workers are closed by then: multiprocessing's exit ended
    their processes, and a Nanny still running started its process again, whose traceback
    (FileNotFoundError, its parent's semaphores gone) came under the report."""
    pytest.importorskip("distributed")
    out = tmp_path / "league"
    done = _local_league_held(tmp_path, held, out, games=1)
    _said_no_traceback(done.stderr)
    assert "stopped" not in done.stderr and SHUTDOWN_CUT in done.stderr, done.stderr
    assert "still running at exit" not in done.stderr
    assert done.returncode == 0, done.stderr
    assert "stopped early" not in done.stdout and "stopped early" not in out.with_name("league.txt").read_text()
    _header, games = ResultsLog.read(str(log_path(str(out))))
    assert len(games) == 2


def test_ctrl_c_again_as_dasks_exit_close_finishes_the_cut_short_close_says_nothing_more(tmp_path):
    """Every game in and the cluster's close cut short by a Ctrl+C, Dask closes it at exit; a
    second Ctrl+C then printed a 20-line "Exception ignored in atexit callback" traceback under
    the report.  The close ends there in silence: the report whole, the status 0 (the league is
    complete), the one line of the first Ctrl+C, and no process of the cluster left.  Its
    workers' Nannies left running, one of them sometimes started its process again as the exit
    ended it, and the new process printed a traceback (EOFError)."""
    pytest.importorskip("distributed")
    out = tmp_path / "league"
    done = _local_league_held(tmp_path, HELD_CLUSTER_CLOSE, out, games=1, holds=2)
    _said_no_traceback(done.stderr)
    assert "Exception ignored" not in done.stderr and done.stderr.count(SHUTDOWN_CUT) == 1, done.stderr
    assert "still running at exit" not in done.stderr
    assert done.stderr.rstrip().endswith(SHUTDOWN_CUT), done.stderr
    assert done.returncode == 0, done.stderr
    assert "stopped early" not in out.with_name("league.txt").read_text()
    _header, games = ResultsLog.read(str(log_path(str(out))))
    assert len(games) == 2


def test_ctrl_c_as_a_finished_leagues_workers_end_leaves_it_complete(tmp_path):
    """Every game in, a Ctrl+C while the worker processes ended reported the league "stopped
    early: 2 of 2 games" with status 130.  It is complete: the report whole, the status 0."""
    reached, out = tmp_path / "reached", tmp_path / "league"
    done = ctrl_c_once_held([sys.executable, "-c", HELD_WORKERS_END, str(reached), str(tmp_path / "sent"),
                             "tournament", "tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.1",
                             "--jobs", "2", "--out", str(out)], _own_folders(tmp_path), reached, sent=tmp_path / "sent")
    _said_no_traceback(done.stderr)
    assert "stopped" not in done.stderr and CLOSE_CUT in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr
    assert "stopped early" not in out.with_name("league.txt").read_text()
    _header, games = ResultsLog.read(str(log_path(str(out))))
    assert len(games) == 2
