"""A tournament's worker processes, faked: the orderings between a worker's last result and its
end that real processes hit only now and then, on a loaded machine, played here every time."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import asdict
from types import SimpleNamespace

import pytest

import ai.tournament_play
import ai.tournament_workers
from ai.match import GameResult
from ai.parent_watch import interrupts_set
from ai.results_log import ResultsLog
from ai.tournament import Tournament
from ai.tournament_events import GameFinished
from ai.tournament_standings import is_void
from ai.tournament_workers import how_ended


class FakeProcess:
    """A worker process that runs nothing: the test says when it ends, and how; ended by SIGTERM
    (``terminate``), it says what it was writing (``on_terminate``) and ends with 128 + 15."""

    def __init__(self, target=None, args=(), kwargs=None, name=None, daemon=None) -> None:  # as ctx.Process takes them
        self.pid: int | None = None
        self.exitcode: int | None = None
        self.terminated = False
        self.on_terminate: Callable[[], None] | None = None

    def start(self) -> None:
        self.pid = 4242

    def is_alive(self) -> bool:
        return self.pid is not None and self.exitcode is None

    def terminate(self) -> None:
        self.terminated = True
        if self.on_terminate is not None:
            self.on_terminate()
        self.exitcode = 143

    def kill(self) -> None:
        self.exitcode = -9

    def join(self, timeout: float | None = None) -> None:
        pass


class ScriptedQueue:
    """The tasks queue: what the tournament puts, for the (fake) workers to take."""

    def __init__(self, script: list) -> None:
        self.script = script

    def put(self, item) -> None:
        self.script.append(item)

    def cancel_join_thread(self) -> None:
        pass

    def close(self) -> None:
        pass


class ScriptedChannel(ScriptedQueue):
    """The workers' channel (ai.worker_channel): ``receive`` hands out what the workers put, in
    order; a callable in the script is something that happens during a wait which then finds
    nothing.  Once the script is out and Stop has asked the workers to end, they have (status
    0), unless ``stuck`` (a bot's move that does not end)."""

    def __init__(self, script: list, context: FakeContext) -> None:
        super().__init__(script)
        self.context = context
        self.stuck = False
        self.broken = False

    def sender(self) -> None:
        return None

    def opened(self) -> None:
        pass

    def receive(self, timeout: float):
        if not self.script:
            if self.context.stop_asked() and not self.stuck:
                for w in self.context.workers:
                    w.exitcode = 0 if w.exitcode is None else w.exitcode
            return None
        item = self.script.pop(0)
        if callable(item):
            item()
            return None
        return item


class WorkersPlayingOn(ScriptedChannel):
    """The channel of workers that, once the script is out, play every game still in the tasks
    queue at once, until Stop asks them to end: each ``receive`` finds the end of the next one."""

    def receive(self, timeout: float):
        tasks = self.context.tasks
        while not self.script and tasks.script and not self.context.stop_asked():
            task = tasks.script.pop(0)
            if task is not None:
                return _played(task["number"], task["ids"])
        return super().receive(timeout)


class FakeContext:
    def __init__(self, events: list, playing_on: bool = False) -> None:
        self.workers: list[FakeProcess] = []
        self.tasks = ScriptedQueue([])
        self.events = (WorkersPlayingOn if playing_on else ScriptedChannel)(events, self)
        self._stop_byte = SimpleNamespace(value=0)

    def Queue(self) -> ScriptedQueue:  # noqa: N802 - multiprocessing's name
        return self.tasks

    def RawValue(self, _typecode: str, _value: int) -> SimpleNamespace:  # noqa: N802 - multiprocessing's name
        """The shared byte of the tournament's stop flag (``SharedFlag``), which ``stop_asked`` reads."""
        return self._stop_byte

    def stop_asked(self) -> bool:
        """Whether the tournament has asked its workers to stop, as a worker would see it."""
        return bool(self._stop_byte.value)

    def get_start_method(self) -> str:
        """Spawn's: its processes are made as the window's are (``ai.start_method.worker_process``)."""
        return "spawn"

    def Process(self, **kwargs) -> FakeProcess:  # noqa: N802 - multiprocessing's name
        self.workers.append(FakeProcess(**kwargs))
        return self.workers[-1]


def _played(number: int, players: list[str]) -> tuple:
    result = GameResult("tictactoe", {"width": 3, "height": 3, "k": 3}, players, ["b2"], 0, reason="X has 3 in a row")
    return ("done", number, asdict(result))


def _run(events_of, tmp_path, monkeypatch, games_per_pair: int = 1, playing_on: bool = False
         ) -> tuple[Tournament, list]:
    """A tournament of two players (two games a round) in (fake) worker processes whose events
    ``events_of(context, players, tournament)`` gives; ``playing_on``: ``WorkersPlayingOn``."""
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=games_per_pair, jobs=1, in_process=False,
                   log=str(tmp_path / "league.jsonl"))
    context = FakeContext([], playing_on)
    players = [list(t.ids_of(g)) for g in t.schedule]
    context.events.script = events_of(context, players, t)
    monkeypatch.setattr(ai.tournament_workers, "worker_context", lambda: context)
    monkeypatch.setattr(ai.tournament_workers, "WorkerChannel", lambda ctx: ctx.events)
    seen: list = []
    t.run(seen.append)
    return t, seen


def test_a_result_put_as_its_worker_ends_during_the_wait_is_kept_not_void(tmp_path, monkeypatch):
    """The last worker put its last result and ended while the tournament's wait ran out: the
    tournament then found every worker gone and voided that game ("a worker process died"),
    although it was played and its result lay in the pipe.  A class's last game was lost so."""
    def events(context, players, _t):
        def last_result_then_the_end() -> None:
            context.events.put(_played(2, players[1]))
            context.workers[0].exitcode = 0

        return [("start", 1, None), _played(1, players[0]), ("start", 2, None), last_result_then_the_end]

    t, seen = _run(events, tmp_path, monkeypatch)
    assert not any(is_void(r) for r in t.results.values()), {n: r.reason for n, r in t.results.items()}
    assert [e.number for e in seen if isinstance(e, GameFinished)] == [1, 2] and not t.cancelled
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 2]


@pytest.mark.parametrize(("exitcode", "said"), [(-9, "killed by SIGKILL"), (143, "ended by SIGTERM"),
                                                (1, "exit status 1")])
def test_workers_that_died_void_the_games_left_and_say_how_they_ended(tmp_path, monkeypatch, exitcode, said):
    """"void: a worker process died" named nothing to look for; it says how the worker ended."""
    def events(context, players, _t):
        def killed() -> None:
            context.workers[0].exitcode = exitcode

        return [("start", 1, None), _played(1, players[0]), ("start", 2, None), killed]

    t, _seen = _run(events, tmp_path, monkeypatch)
    assert not is_void(t.results[1])
    assert t.results[2].reason == f"void: a worker process died ({said})"
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1]  # played again on resume


def test_how_workers_ended_says_each_way_once_and_not_the_workers_that_ended_well():
    """One worker killed while the other played on to the end: its game's reason said "(killed
    by SIGKILL, exit status 0)", as if the one that ended well had failed too."""
    ended = [FakeProcess() for _ in range(4)]
    for w, code in zip(ended, (-9, 0, -9, 2)):
        w.exitcode = code
    assert how_ended(ended) == "killed by SIGKILL, exit status 2"
    assert how_ended(ended[1:2]) == "exit status 0"


def _fails_in_the_referee(task, on_move=None):
    raise KeyError("x")


def test_a_referee_failure_says_what_failed_and_where(monkeypatch):
    """"void: the referee failed: KeyError: 'x'" named no place to look: the worker's 3-frame
    traceback was its outermost frames, and only its last line was kept."""
    monkeypatch.setattr(ai.tournament_workers, "play_task", _fails_in_the_referee)
    told: list = []
    ai.tournament_workers._play_reporting({"number": 7}, told.append, watch=False)
    line = _fails_in_the_referee.__code__.co_firstlineno + 1
    assert told == [("start", 7, None), ("error", 7, f"KeyError: 'x' (at tests/test_tournament_workers.py line {line}, "
                                                    "in _fails_in_the_referee)")]


def test_a_referee_failure_is_a_void_game_whose_reason_is_the_workers_line(tmp_path, monkeypatch):
    def events(context, players, _t):
        return [("start", 1, None), _played(1, players[0]), ("start", 2, None),
                ("error", 2, "ValueError: bad (at ai/match.py line 9, in play_game)")]

    t, _seen = _run(events, tmp_path, monkeypatch)
    assert t.results[2].reason == "void: the referee failed: ValueError: bad (at ai/match.py line 9, in play_game)"
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1]


def test_a_failure_of_several_lines_is_told_in_one():
    try:
        raise RuntimeError("first\nsecond")
    except RuntimeError as exc:
        text = ai.tournament_play.failure_text(exc)
    assert text.startswith("RuntimeError: first second (at tests/test_tournament_workers.py line ")


def test_a_game_is_in_the_log_before_the_window_sees_it(tmp_path, monkeypatch):
    """The window reads ``results`` from its own thread (the tables, the report it writes when
    left); a game was there while its log line was still being written, so a report could hold a
    game the log, which a resume reads, did not."""
    logged_when: list[bool] = []
    write = ResultsLog.write

    def watched(log, number, result) -> None:
        logged_when.append(number in t.results)
        write(log, number, result)

    monkeypatch.setattr(ResultsLog, "write", watched)
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=1, time_per_move=0.05, seed=1,
                   log=str(tmp_path / "league.jsonl"))
    t.run()
    assert logged_when == [False, False] and len(t.results) == 2


def test_a_game_sent_as_stop_is_pressed_is_kept_not_played_again(tmp_path, monkeypatch):
    """Stop pressed while a worker sent the end of its game: the tournament saw the stop first
    and ended the workers, the result still in the pipe; the game was missing from the log, and
    a resume played it again.  It is kept (log, results, the window's event); the games not
    started stay for the resume, though the workers would play them on at once."""
    def events(context, players, t):
        def the_workers_take_games_1_and_2() -> None:
            del context.tasks.script[:2]

        def game_2_ends_as_stop_is_pressed() -> None:
            context.events.put(_played(2, players[1]))
            t.cancel()

        return [the_workers_take_games_1_and_2, ("start", 1, None), _played(1, players[0]), ("start", 2, None),
                game_2_ends_as_stop_is_pressed]

    t, seen = _run(events, tmp_path, monkeypatch, games_per_pair=2, playing_on=True)
    assert sorted(t.results) == [1, 2] and not any(is_void(r) for r in t.results.values())
    assert [e.number for e in seen if isinstance(e, GameFinished)] == [1, 2]
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 2]
    assert t.cancelled and [g.number for g in t.pending()] == [3, 4]


def test_a_stop_that_collects_the_last_game_is_a_finished_tournament(tmp_path, monkeypatch):
    """The last game sent as Stop is pressed completes the tournament: it is not "stopped"
    (the window would offer to resume a tournament with nothing left to play)."""
    def events(context, players, t):
        def the_last_game_ends_as_stop_is_pressed() -> None:
            context.events.put(_played(2, players[1]))
            t.cancel()

        return [("start", 1, None), _played(1, players[0]), ("start", 2, None), the_last_game_ends_as_stop_is_pressed]

    t, seen = _run(events, tmp_path, monkeypatch)
    assert sorted(t.results) == [1, 2] and not t.cancelled and seen[-1].cancelled is False


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_keeps_a_game_sent_before_it_and_still_stops(tmp_path, monkeypatch):
    """Ctrl+C on the command line as a worker sent the end of its game: the interrupt was raised
    where the loop stood and the workers were ended with that result still in the pipe, so a
    resume played the game again.  Now it stops as Stop does (the game kept, the rest left for
    the resume), and then raises KeyboardInterrupt as before, for the command's "stopped"."""
    def events(context, players, _t):
        def game_2_ends_then_ctrl_c() -> None:
            context.events.put(_played(2, players[1]))
            os.kill(os.getpid(), signal.SIGINT)

        return [("start", 1, None), _played(1, players[0]), ("start", 2, None), game_2_ends_then_ctrl_c]

    handler = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        _run(events, tmp_path, monkeypatch, games_per_pair=2)
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 2]
    assert signal.getsignal(signal.SIGINT) is handler


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_a_second_ctrl_c_raises_at_once():
    """A stop that hangs (a pipe left half-written by a worker the terminal's Ctrl+C killed) can
    still be broken by pressing Ctrl+C again."""
    stop, handler = threading.Event(), signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), interrupts_set(stop):
        os.kill(os.getpid(), signal.SIGINT)
        assert stop.is_set()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is handler


def test_a_result_still_being_written_as_stop_is_pressed_is_kept(tmp_path, monkeypatch):
    """Stop pressed while a worker was writing the end of its game: the stop read what the pipe
    held (not that result yet) and ended the workers, so the result was lost, or half of it left
    in the pipe, and a resume played the game again.  Stop now asks the workers to end and reads
    until they have: the game is kept, no worker had to be ended, and no other game started."""
    seen_context: list = []

    def events(context, players, t):
        seen_context.append(context)
        return [("start", 1, None), _played(1, players[0]), ("start", 2, None), t.cancel,
                lambda: None,  # the stop's first look finds nothing: game 2's end is still being written
                _played(2, players[1])]

    t, seen = _run(events, tmp_path, monkeypatch, games_per_pair=2)
    assert sorted(t.results) == [1, 2] and not any(is_void(r) for r in t.results.values())
    assert [e.number for e in seen if isinstance(e, GameFinished)] == [1, 2]
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 2]
    assert t.cancelled and [g.number for g in t.pending()] == [3, 4]
    assert not any(w.terminated for w in seen_context[0].workers)


def _stuck_at_stop(tmp_path, monkeypatch, on_terminate) -> tuple[Tournament, list]:
    """Stop pressed while game 2's bot is stuck in its move: its worker does not end by itself
    (``STOP_WAIT`` made 0 here), so it is ended; ``on_terminate`` is what it writes then."""
    monkeypatch.setattr(ai.tournament_workers, "STOP_WAIT", 0.0)
    workers: list = []

    def events(context, players, t):
        context.events.stuck = True
        workers.append(context.workers)

        def stop() -> None:
            context.workers[0].on_terminate = lambda: on_terminate(context, players)
            t.cancel()

        return [("start", 1, None), _played(1, players[0]), ("start", 2, None), stop]

    t, _seen = _run(events, tmp_path, monkeypatch, games_per_pair=2)
    assert all(w.terminated for w in workers[0])
    return t, workers[0]


def test_a_worker_stuck_in_a_move_is_ended_and_its_game_left_for_the_resume(tmp_path, monkeypatch):
    t, _workers = _stuck_at_stop(tmp_path, monkeypatch, lambda context, players: None)
    assert sorted(t.results) == [1] and not is_void(t.results[1])
    assert t.cancelled and [g.number for g in t.pending()] == [2, 3, 4]
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1]


def test_a_result_a_worker_was_writing_as_sigterm_came_is_read_after_its_end(tmp_path, monkeypatch):
    """SIGTERM waits for the message a worker is writing (ai.parent_watch.signals_held), so what
    it wrote is whole and read after its end, not left in the pipe."""
    t, _workers = _stuck_at_stop(tmp_path, monkeypatch,
                                 lambda context, players: context.events.put(_played(2, players[1])))
    assert sorted(t.results) == [1, 2] and [g.number for g in t.pending()] == [3, 4]
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 2]


class EndsItsProcessWhilePickled:
    """A message whose writing is interrupted by SIGTERM: pickling it sends the signal."""

    def __reduce__(self):
        os.kill(os.getpid(), signal.SIGTERM)
        return (str, ("whole",))


def _sends_as_sigterm_comes(sender) -> None:
    """A worker told to end (SIGTERM) in the middle of writing a message."""
    from ai.parent_watch import end_on_signals

    end_on_signals(signal.SIGTERM)
    sender.put(("done", 1, EndsItsProcessWhilePickled()))
    sender.put(("done", 2, "never sent: the process ends once the first message is whole"))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_worker_ended_while_writing_ends_after_the_whole_message():
    """A real worker process: SIGTERM came while it wrote its message; it ends once the message
    is in the pipe whole (status 128 + 15), and the parent reads it after its end."""
    import multiprocessing as mp

    from ai.worker_channel import WorkerChannel

    ctx = mp.get_context("spawn")
    channel = WorkerChannel(ctx)
    worker = ctx.Process(target=_sends_as_sigterm_comes, args=(channel.sender(),), daemon=True)
    worker.start()
    channel.opened()
    worker.join(60)
    try:
        assert worker.exitcode == 128 + signal.SIGTERM
        assert channel.receive(5) == ("done", 1, "whole")
        assert channel.receive(0) is None and not channel.broken  # the end of the pipe: nothing more, nothing cut
    finally:
        channel.close()


def test_a_message_that_cannot_be_read_breaks_the_channel_and_is_not_waited_on():
    """What a worker killed in the middle of a message leaves (garbage, for its reader): the
    channel says so (``broken``) and reads no more."""
    import multiprocessing as mp

    from ai.worker_channel import WorkerChannel

    channel = WorkerChannel(mp.get_context("spawn"))
    try:
        channel.sender().put(("start", 1, None))
        channel._writer.send_bytes(b"\x80\x04 not a pickle")
        channel.sender().put(("start", 2, None))
        assert channel.receive(1) == ("start", 1, None)
        assert channel.receive(1) is None and channel.broken
        assert channel.receive(1) is None  # nothing after it can be trusted
    finally:
        channel.close()


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="signals through pidfds (Linux)")
def test_a_worker_reaped_by_another_thread_has_its_pid_signalled_no_more(monkeypatch):
    """The window's thread, starting a process, reaps the tournament's ended workers
    (``multiprocessing``'s cleanup); held between its reap and its note, the tournament's end of
    its workers asked ``is_alive``, found no child, said "alive", and sent SIGTERM then SIGKILL
    to the freed pid, another process's once reused."""
    import multiprocessing
    from multiprocessing.connection import wait

    from ai.parent_watch import HeldChild
    from tests.reap_helpers import reap_held

    worker = multiprocessing.get_context("spawn").Process(target=os.getpid, daemon=True)
    worker.start()
    started = HeldChild(worker)
    assert wait([worker.sentinel], 60)  # ended, not yet reaped
    with reap_held(monkeypatch, "other-waiter") as held:
        threading.Thread(target=worker.join, name="other-waiter", daemon=True).start()
        held.wait()
        ai.tournament_workers._stop_workers([started])
    assert held.signalled == []
