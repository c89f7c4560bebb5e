"""The player contract: what every computer player offers the UI, matches and tournaments.

    player = ai.make_player("reversi", "level-3", seed=1)
    move = player.choose(state, Limits(time=1.0, stop=event), progress=callback)

``choose`` must return a legal move of ``state`` within ``limits.time`` (it may be a little
early, never much late) and must return promptly once ``limits.stop`` is set.  While thinking
it may call ``progress`` with a ``Progress`` record; the UI shows it, benchmarks read it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.base import Game, State

WIN = 1_000_000  # score of a won position; a win in n plies scores WIN - n
PROVEN = WIN - 10_000  # scores beyond this are proven wins or losses
LENGTH_KNOWN = 1_000  # a proof scored WIN - n with n below this wins in n plies; from here to PROVEN
#                       an engine scores proofs whose length it does not know (solvers, tables)


class StopFlag(Protocol):
    """Anything with ``is_set()``: threading.Event, multiprocessing.Event, or our ``Flag``."""

    def is_set(self) -> bool: ...


@dataclass
class Limits:
    """How long a player may think.  Any combination; ``None`` means no limit of that kind."""

    time: float | None = None  # seconds for this move
    depth: int | None = None  # plies (alpha-beta) -- a cap, search may stop earlier
    iterations: int | None = None  # playouts (MCTS)
    stop: StopFlag | None = None  # set it to make ``choose`` return at once
    remaining: float | None = None  # seconds left on the mover's game clock, if the game has one
    increment: float | None = None  # seconds the mover's clock gains after each move
    move_limit: float | None = None  # on a clock, the per-move limit also enforced, if there is one
    clock: str | None = None  # the game clock's text ("5m+2s"), for a flag fall's words (ai.referee.flag_fell)
    best: bool = False  # a hint: the best move the player knows, not one of the near-best it varies its games with
    judging: bool = False  # a draw offer's search: the position judged, not played (Reversi solves it
    # wherever its solver reaches in the time, whatever the level leaves to its midgame search)

    def deadline(self, start: float) -> float:
        return start + self.time if self.time is not None else float("inf")

    def stopped(self) -> bool:
        return self.stop is not None and self.stop.is_set()


@dataclass
class Progress:
    """A snapshot of a search, reported while it runs and once at the end."""

    depth: int = 0  # completed depth (alpha-beta) or tree depth (MCTS)
    best_move: Hashable | None = None
    score: float = 0.0  # from the mover's point of view: alpha-beta units, or win rate for MCTS
    nodes: int = 0  # nodes or playouts
    elapsed: float = 0.0
    pv: list[Hashable] = field(default_factory=list)
    proven: int | None = None  # +1 mover wins, 0 draw, -1 mover loses, when the search proved it
    proven_plies: int | None = None  # plies to the end of the game under perfect play, if proven
    kind: str = "alphabeta"  # "alphabeta", "mcts", "threats" (Trax), "solver", "book", "rule", "course" (COURSE_SCALE)
    done: bool = False  # the final report of this choose()
    exact_margin: bool = False  # proven, and ``score`` is the exact final margin (Reversi's discs)
    at_least: bool = False  # ``score`` is a proven lower bound of the final margin (the 6x6 book)
    at_most: bool = False  # ``score`` is a proven upper bound of it (every reply's 6x6 book bound)
    proof: str = ""  # where a proof came from where ``kind`` does not say it: "table" (an endgame table),
    #                  "solved" (a solved board's values), "threats" (a victory by continuous threats),
    #                  Hex's "mcts" (the Monte Carlo tree's), "maps" (solved openings), "connections" (its VCs)
    reason: str = ""  # why a rule chose its move (kind "rule"), one of ``RULE_REASONS``; "" for none said
    course_depth: int | None = None  # ``depth`` as a course player's description counts it, where it differs
    unit: str = ""  # what an estimate's ``score`` counts where it is not the game's unit (``POINTS``), else ""
    stopped: str = ""  # why the search ended before its time, one of ``STOP_REASONS``; "" for none said
    # ``proven_plies`` is the most the winner's own way needs against any defence, not the fastest
    # win (Alquerque's endgame tables: ``alquerque_tables.longest_defence``): "wins in at most 41 plies"
    plies_at_most: bool = False

    @property
    def nps(self) -> float:
        return self.nodes / self.elapsed if self.elapsed > 0 else 0.0


ProgressCallback = Callable[[Progress], None]

POINTS = "points"
"""``Progress.unit`` of an estimate in the player's own evaluation points where its game's values
are another unit: Reversi's levels 2-4 (and level 5 off 8x8) judge by the hand-set evaluation of
ai/engines/reversi_eval.py, whose points are no disc count (ai/eval_scales.py ``REVERSI_POINT_DISCS``)."""

STOP_REASONS = ("memory-limit",)
"""Why a search ended before its move time, as ``Progress.stopped`` says it: its tree reached its
memory cap (``memory-limit``: Hex's Python stand-in while the kernels compile, ai/reference/hex_search.py
``TREE_ENTRIES``; a 30 s move on 19x19 came at 19.5 s unexplained).  The window says each in words."""

AT_RANDOM = "random"
"""``Progress.reason`` of a move drawn at random among the legal ones (every game's level 1,
``ai.search.random_player``, and the course's Rastros player Bacoco): the player searched nothing, and the window says so rather than
"Last search"."""

FIXED_ORDER = "fixed-order"
"""``Progress.reason`` of a move taken from the legal moves in an order fixed in advance (the
course's Rastros players ObtusoSW and ObtusoNE: the last after a sort): like ``AT_RANDOM``, the
player searched nothing, and the window says how it plays rather than "Last search"."""

PIE_OPENING = "pie-opening"
"""``Progress.reason`` of Blue's first stone under Hex's swap rule: a stone placed by a rule (a
modest one on Red's edge, or the cell beside those the solved maps would take over), so that Red's
swap gains little, not the best move a search would find (which would simply be swapped)."""

RULE_REASONS = ("block", "block-one", "centre", "stop-fork", "stop-threats", "most-tiles", AT_RANDOM, FIXED_ORDER,
                PIE_OPENING)
"""Why a rule chose a move without a search, as ``Progress.reason`` says it: the only square the
opponent would win on next (``block``), one of several such squares (``block-one``: the others
stay open), the centre of an empty board, a move that stops the opponent's double threat
(``stop-fork``) or run of threats (``stop-threats``), the turn that lays the most tiles where no
one can win (``most-tiles``: Trax's fill mode fills its board), a random legal move
(``AT_RANDOM``: a player that never searches), the first in a fixed order (``FIXED_ORDER``: one
that never searches either), Hex's opening stone for the swap rule (``PIE_OPENING``).  The window
says each in words."""


@dataclass(frozen=True)
class PlayerInfo:
    """What the catalog says about a player."""

    id: str  # "level-3", "rastros:basilio"
    title: str  # "Level 3", "Basilio"
    description: str = ""
    # a bot of the university course these rules come from ("Course Easy", Basilio, AIMA): what a
    # tournament's note under its progress bar explains, whatever the player's title says
    course: bool = False
    # the description for someone who only watches (PC vs PC, a tournament): "blocks the other
    # side's" where ``description`` tells the person playing it "blocks yours"; "" when one form
    # says it for both
    watched_description: str = ""

    def described(self, watched: bool) -> str:
        """The description in the words of the person reading it: the one playing against this
        player is "you", while a watcher plays neither side and reads the third person."""
        return self.watched_description if watched and self.watched_description else self.description


class Player:
    """Base class of computer players.  Subclasses implement ``choose``."""

    info: PlayerInfo = PlayerInfo("player", "Player")
    known_plies_at_most: bool = False  # ``known_outcome``'s plies are an upper bound (``Progress.plies_at_most``)
    # analysis searches each move's position as a hint does (``Limits.best``): a player whose own
    # replies in a lost position are not the slowest loss (Rastros' hardest to refute) would
    # otherwise give analysis' best line a reply that contradicts the length beside it
    analysed_as_a_hint: bool = False

    def choose(
        self, state: State, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Hashable:
        raise NotImplementedError

    def get_ready(self, options: dict[str, Any]) -> None:
        """Be ready to play a game with ``options`` before its first move is asked.  An outside
        player loads its file now (``ai.outside.OutsideLoadError`` if it cannot), so that a window
        can say so before the game starts rather than at the player's first turn; ours need nothing."""

    def ready_to_move(self, game: Game) -> None:
        """Be ready to search a move of ``game`` before its time is counted: an outside player
        whose process a stop or a forfeit ended is started again and set up now (its
        ``OutsideLoadError`` if it cannot), so a window charges its clock with the thinking
        alone (ui.ai_worker ``AIReady``); ours need nothing."""

    def known_outcome(self, state: State) -> tuple[int, int | None] | None:
        """What the player's own knowledge (endgame tables) proves of ``state`` without a search:
        (1 won, 0 drawn, -1 lost for the side to move; plies to the end, or None -- the most they
        can take with ``known_plies_at_most``), or None when it knows nothing.  Analysis shows it
        as a proof; a search may still play on for mistakes."""
        return None

    def known_draw(self, state: State) -> str:
        """Which rule draws ``state`` where ``known_outcome`` calls it drawn and the player's
        knowledge tells (``games.base.QUIET_DRAW``, ``REPEAT_DRAW``): analysis' tip says it.  ""
        where it does not tell, as by default."""
        return ""

    def known_move(self, state: State) -> Hashable | None:
        """The move the player's own knowledge names in ``state`` without a search (an opening
        book, a solved map, a rule such as a win in one), the one its hint names; None where it
        would search.  Analysis takes it first among moves of equal value (``MoveValues.best``),
        so a hint and analysis' best move never name two different moves of one value."""
        return None

    def twin(self, seed: int | None) -> Player | None:
        """A new player of this one's game and level, made with ``seed``, that shares its heavy memory that
        carries nothing from one search to the next (scratch every search writes before it reads)
        and keeps its own of all that does (random generator, transposition tables, trees,
        ``last``): neither changes a move of the other.  The window's worker makes the hint's
        level-5 so where the computer plays level 5 (``ui.worker_jobs._player_for``), jobs run
        one at a time.  None, the default, where nothing is worth sharing: the worker makes a new one."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.info.id}>"


class Forfeit(Exception):
    """Raised by ``choose`` when the player has lost the game by the rules, not by a bug of ours.

    Outside players raise it when their process went over the time limit, died or answered with
    an illegal move; the referee records ``str(exc)`` as the reason ("exceeded the time limit ...").
    ``spent``: the seconds the move took, when the player knows them better than the referee's
    watch around ``choose`` (a late first move is asked again before the raise, to pick its hint).
    """

    def __init__(self, *args: object, spent: float | None = None) -> None:
        super().__init__(*args)
        self.spent = spent


RESIGN = "resign"  # the answer that gives the game up: a GTP engine's to genmove, a Python bot's choose's (any case)


def gives_up(answer: object) -> bool:
    """Whether a player's answer is ``RESIGN`` (GTP's word; a Python bot may return it from
    ``choose`` instead of a move, in any case, spaces around it left out)."""
    return isinstance(answer, str) and answer.strip().lower() == RESIGN


class Resigned(Forfeit):
    """Raised by ``choose`` when the player gives the game up (a GTP engine's ``resign``, a Python
    bot's ``return "resign"``): the game is lost as by a forfeit, but the player broke no rule, so
    the standings count a plain loss."""


class Flag:
    """A minimal thread-safe stop flag for callers that have no Event at hand."""

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        self._set = True

    def is_set(self) -> bool:
        return self._set


class Clock:
    """Deadline bookkeeping shared by the searches: check the time only every few nodes."""

    __slots__ = ("start", "deadline", "limits", "_count", "every")

    def __init__(self, limits: Limits, every: int = 256) -> None:
        self.start = time.perf_counter()
        self.limits = limits
        self.deadline = limits.deadline(self.start)
        self._count = 0
        self.every = every

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def out_of_time(self) -> bool:
        """True once the deadline passed or the stop flag is set (checked every ``every`` calls)."""
        self._count += 1
        if self._count < self.every:
            return False
        self._count = 0
        return self.expired()

    def expired(self) -> bool:
        return time.perf_counter() >= self.deadline or self.limits.stopped()


