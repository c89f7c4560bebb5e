"""The AI thinks in a separate process, so the window keeps drawing and answering while it does.

One ``AIWorker`` per game scene keeps one process alive across moves (spawning costs a fraction
of a second; players also keep their transposition tables between moves).  A job names the game,
its options, the moves played so far in notation and the position text; the worker rebuilds the
state from them (nothing from pygame or the UI crosses the process boundary).

As soon as it starts, the worker compiles (or loads from numba's cache) the engine kernels of its
game in a background thread (``ai.kernels.warm_up``, the search's first), before any job asks for
them; it reports ``AIWarmUp(done=False)`` then ``AIWarmUp(done=True)``, and ``AIWorker.preparing``
is True in between, so the window can say "Preparing the engine..." instead of looking stuck.  Its
players compile nothing when they are made (``ai.kernels.defer_compiling``): a move from an opening
book comes at once, and a search waits for the kernels it needs, outside its move's time.  A worker
restarted after a crash skips the warm-up (it may have been the cause).  A worker takes the process
of the window's ``SpareWorker`` when there is one: the expected game's engine imported and its compiled
kernels loaded in the menus, so a game's first move waits for none of it.

Reports come back through ``ai.worker_channel`` (each written whole, under a lock) and the stop
flag is its ``SharedFlag``, so that a worker killed outright (SIGKILL: the OOM killer, ``kill -9``)
in the middle of a report, or while its search looks at the flag, leaves nothing the window could
wait on: ``poll`` drops the cut report, sees the process gone in the same frame and replaces it.

Errors come back as ``AIError`` events; a player that lost by the rules (``ai.base.Forfeit``: an
outside player over time, dead or with an illegal answer) as ``AIForfeit``, a resign
(``ai.base.Resigned``) as ``AIResigned``.

This module holds the worker's protocol: the ``Job`` the window asks and the reports that answer it
(``AIProgress``, ``AIResult``, ...), and the log every part of the worker writes under.  The rest is
split by concern: the window's ``AIWorker`` and ``SpareWorker`` (``ui.worker_client``); the starting and
ending of their processes (``ui.worker_lifecycle``); the worker process's life, warm-up and spare's
head start (``ui.worker_process``) and the jobs it runs (``ui.worker_jobs``); the menus' kernel
preparation (``ui.kernel_preparation``); and the processes' priorities (``ui.process_priority``).

This module must not import pygame: the worker process imports it under the spawn start method.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)  # in the window and, sent to it (``ai.worker_log``), in each worker


@dataclass(frozen=True)
class Job:
    game_id: str
    options: dict[str, Any]
    moves: tuple[str, ...]  # the game so far, in notation, from the initial position (``start``'s, given one)
    position: str  # game.to_text of the position to search (used if the moves cannot be replayed)
    player_id: str
    move_time: float
    seed: int | None = None
    slot: str = "side0"  # players are cached per slot ("side0", "side1", "hint")
    kind: str = "move"  # "move": choose one (AIProgress..., AIResult); "values": every move's value
    #                    (AIMoveValues..., then an AIResult with no move), until cancelled or done;
    #                    "connections": Hex's virtual connections (one AIKnowledge, then an AIResult);
    #                    "prove": the tree explorer's question of one node (``_run_prove_job``): one
    #                    AIProgress if the slot's player proves the position within ``move_time``, then an AIResult;
    #                    "load": make the slot's player as a move would, ready for the game (an outside
    #                    player's file loaded): an AIResult with no move, or an AIForfeit saying why not
    remaining: float | None = None  # a clocked game: seconds left on the mover's clock (ai.base.Limits)
    increment: float | None = None  # ... and what it gains after each move
    clock: str | None = None  # ... and the clock's text ("5m+2s"), for a flag fall's words
    # the position the game started from (Game.to_text), None for the usual start: the moves are
    # replayed from it, so the position searched keeps what its start fixed (Trax's table turns,
    # that the search's line is written on in the official notation)
    start: str | None = None
    # a "load" after a forfeit that Undo took back: the slot's player's program stopped and started
    # anew (a crash's process lived on, holding what its crash left, the file perhaps edited since)
    fresh: bool = False


@dataclass
class AIMoveValues:
    """Analysis mode's report: every legal move valued so far (ai.move_values.MoveValues, whose
    ``values`` map moves to ai.move_values.MoveValue), with each move's notation in ``texts``, and
    the principal variation in notation in ``line`` (the best move and the replies expected, at
    most ``LINE_PLIES``; the snapshot's own ``lines`` are left behind)."""

    job_id: int
    values: Any
    texts: dict = field(default_factory=dict)
    line: list[str] = field(default_factory=list)
    line_other: list[str] = field(default_factory=list)  # ``line`` in the game's other notation (AIProgress.pv_other)


@dataclass
class AIKnowledge:
    """The Hex connections overlay's report: ``ai.engines.hex_knowledge.analyse`` of the position
    (a ``Knowledge``: dead and captured cells, both colours' virtual connections, the mustplay)."""

    job_id: int
    knowledge: Any


@dataclass
class AIProgress:
    job_id: int
    depth: int = 0
    best_move: Hashable | None = None
    best_text: str = ""
    score: float = 0.0
    nodes: int = 0
    elapsed: float = 0.0
    pv: list[str] = field(default_factory=list)
    proven: int | None = None
    proven_plies: int | None = None
    kind: str = "alphabeta"
    done: bool = False
    # the side to move in the searched position, whose point of view ``score`` and ``proven`` take;
    # required (by keyword): a report that left it out was read from the first player's side
    mover: int = field(kw_only=True)
    only_move: bool = False  # the searched position had one legal move
    exact_margin: bool = False  # proven, and ``score`` is the exact final margin (Reversi's discs)
    at_least: bool = False  # ``score`` is a proven lower bound of the final margin (the 6x6 book, a midgame proof)
    at_most: bool = False  # ``score`` is a proven upper bound of it (a midgame search's proven loss, ``ai.base.Progress``)
    reason: str = ""  # why a rule chose its move (``ai.base.RULE_REASONS``), "" for none said
    course_depth: int | None = None  # the depth as a course player's description counts it (``Progress``)
    # the best move and line in the notation the game's players write elsewhere (Trax's official
    # one: ``Game.other_move_text``), for a window that shows it (ui.notation); empty where none
    best_other: str = ""
    pv_other: list[str] = field(default_factory=list)
    unit: str = ""  # what an estimate's score counts where it is not the game's unit (``ai.base.POINTS``)
    stage: float | None = None  # the searched position's share of squares empty (ai/eval_scales.py ``empty_share``)
    # ``proven`` is the position's, proven apart from the best move and line (the eval bar's proof
    # beside analysis' Monte Carlo choice: ``ui.eval_bar.line_with_proof``), so neither is said as the proof's
    proof_apart: bool = False
    stopped: str = ""  # why the search ended before its time (``ai.base.STOP_REASONS``), "" for none said
    plies_at_most: bool = False  # ``proven_plies`` is the most the winner's way needs (``ai.base.Progress``)


@dataclass
class AIResult:
    job_id: int
    move: Hashable
    text: str
    elapsed: float


@dataclass
class AIError:
    job_id: int
    message: str
    detail: str = ""


@dataclass
class AIProcessDied(AIError):
    """The worker's process ended in the middle of the job (killed: out of memory, ``kill -9``; a
    crash) and a fresh one has replaced it: the job can be asked again."""


@dataclass
class AIForfeit:
    """The player lost the game by the rules (an outside player over time, dead, with an illegal
    answer, or that could not be loaded): ``message`` is the reason, e.g. "exceeded the time limit"."""

    job_id: int
    message: str


@dataclass
class AIResigned(AIForfeit):
    """The player gave the game up (``ai.base.Resigned``: a GTP engine answered ``resign``): lost,
    but by no fault, so the scene records a resignation at its move, as a person's Resign is, not a
    forfeit."""


@dataclass
class AIReady:
    """A move job's player is made and ready (``Player.ready_to_move``: an outside engine started
    and set up anew in a fresh process, or after a stop ended it): its thinking begins ``at``
    (``time.monotonic``, one clock for every process of the machine).  ``AIWorker`` keeps it as
    ``thinking_since``; a window charges a clock from then, not with the set-up before it."""

    job_id: int
    at: float


@dataclass
class AIWarmUp:
    """The worker's engine kernels are being compiled (``done`` False), or the search can run (True:
    its stage ready, or its stand-ins playing while it compiles or loads); a done report names in
    ``loaded`` the stages the warm-up has had to compile or load itself so far (none when a spare
    worker had loaded them all ahead), the last report all of them."""

    done: bool
    job_id: int = 0
    error: str = ""
    loaded: tuple[str, ...] = ()


@dataclass
class AISpareReady:
    """A spare worker's head start is over (``SpareWorker``): ``game_id`` (the game it expected,
    None for none) has its kernel stages in ``loaded`` ready; it now waits for its game."""

    game_id: str | None
    loaded: tuple[str, ...] = ()
    ahead: tuple[str, ...] = ()  # what else its engine read ahead (``_load_ahead``: Reversi's pattern weights)


@dataclass
class AISpareLoading:
    """A spare worker begins to load ``game_id``'s compiled kernels or engine data (``_head_start``):
    told another game from then on, it would hold them beside the next one's, so the window starts
    a fresh spare instead (``SpareWorker.expect``)."""

    game_id: str


@dataclass(frozen=True)
class AIBotStarted:
    """The worker started an outside bot: process ``pid``, started at ``started``
    (``ai.outside_process.start_time``).  A worker the window has to kill never ends its bots
    itself, and a bot outlives it (a session of its own): the window ends them (``_end_bots``)."""

    pid: int
    started: int


@dataclass(frozen=True)
class SpareExpect:
    """The window to its spare worker: New game now shows ``game_id`` (a card clicked, Page Down, an
    option changed), with its resolved ``options`` and the kernel stages they leave ``unused``; the
    spare drops its first guess and takes its head start for this game instead."""

    game_id: str | None
    unused: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
