"""How worker processes tell their parent what they do (a tournament's games, the window's AI
worker's reports): one pipe, each message written to it whole, under a lock the writers share;
and how the parent tells them to stop, or to hold a job (``SharedFlag``).

    channel = WorkerChannel(ctx)                        # in the parent, before the workers
    ctx.Process(target=worker, args=(channel.sender(), ...)).start()
    channel.opened()                                    # once every worker has started
    message = channel.receive(0.1)                      # in the parent; None: nothing yet, or no worker left

A ``multiprocessing.Queue`` writes from a feeder thread: a worker ended while that thread wrote
(SIGTERM, whose handler ends the process with ``os._exit``) left half a message in the pipe, so
its reader could read nothing after it (it waited for the rest, or read garbage), and a result
put just before the end might never have been written.  Here ``Sender.put`` returns once the
message is in the pipe, and a signal that ends the worker waits for the message being written
(``ai.parent_watch.signals_held``): all that a worker ended by itself or by SIGTERM has sent can
be read after its end.  Only a killed worker (SIGKILL) may cut a message; its parent then reads
no more (``ai.tournament``), and never waits for the rest: its own writing end is closed
(``opened``), so the cut message ends where the pipe does.
"""

from __future__ import annotations

from typing import Any

from ai.parent_watch import signals_held

STOP, HOLD = 1, 2  # a ``SharedFlag``'s byte: 0 go on, 1 stop, 2 hold (pause, to go on later)


class SharedFlag:
    """A flag the parent sets and clears and its workers read (``is_set``: a search's stop flag),
    a byte of shared memory with no lock.  A ``multiprocessing.Event`` is read under a lock: a
    worker killed while it looked (a search looks every few milliseconds) kept that lock, and the
    parent's next ``set`` or ``clear`` waited for it for ever.  It can also ``hold`` a job: the
    window's analysis pauses while its screen is covered by a visit (the rules, a replay) and goes
    on deepening from where it was on the return (``ui.worker_jobs.wait_while_held``); a hold is no
    stop, and a stop ends a hold."""

    def __init__(self, ctx: Any) -> None:
        self._value = ctx.RawValue("b", 0)

    def set(self) -> None:
        self._value.value = STOP

    def clear(self) -> None:
        self._value.value = 0

    def is_set(self) -> bool:
        return self._value.value == STOP

    def hold(self, holding: bool) -> None:
        """Pause (``holding``) or let go on a job that reads ``held``; a stop set stays set."""
        if self._value.value != STOP:
            self._value.value = HOLD if holding else 0

    def held(self) -> bool:
        return self._value.value == HOLD


class Sender:
    """A worker's end of the channel, given to the worker process as it is made."""

    def __init__(self, writer: Any, lock: Any) -> None:
        self.writer, self.lock = writer, lock

    def put(self, message: Any) -> None:
        """Write ``message`` whole (a worker's threads take turns); a signal that would end the
        process meanwhile ends it after, once the lock is free for the other workers (the hold is
        left after the lock)."""
        with signals_held(), self.lock:
            self.writer.send(message)


class WorkerChannel:
    """The parent's end: made before the workers, read while they play and after they end."""

    def __init__(self, ctx: Any) -> None:
        self._reader, self._writer = ctx.Pipe(duplex=False)
        self._lock = ctx.Lock()
        self.broken = False  # a message could not be read: nothing after it can be trusted

    def sender(self) -> Sender:
        return Sender(self._writer, self._lock)

    def opened(self) -> None:
        """Every worker has started (with its copy of the writing end): the parent's copy is
        closed, so that once every worker has ended the pipe says so at once."""
        self._writer.close()

    def receive(self, timeout: float) -> Any | None:
        """The next message, or None: none within ``timeout`` seconds, every worker has ended and
        all they sent has been read, or the pipe holds a message that cannot be read (a worker
        died in the middle of writing it: the channel is ``broken`` from then on)."""
        if self.broken:
            return None
        try:
            if not self._reader.poll(timeout):
                return None
            return self._reader.recv()
        except EOFError:  # every worker's end is closed and nothing is left
            return None
        except Exception:  # garbage: a cut message, then another's bytes (whatever unpickling makes of them)
            self.broken = True
            return None

    def close(self) -> None:
        self._reader.close()
        self._writer.close()
