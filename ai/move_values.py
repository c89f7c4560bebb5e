"""Every legal move's value, through the engines: what analysis mode writes on the board.

Users of NBoard, HexGui or Lichess expect to see what the engine thinks of *every* move, not only
of its choice.  ``analyse`` gives each legal move of a position a value for the side to move,
sharpening round by round until it is stopped, everything is proven or a cap is reached; after
every move searched it reports a ``MoveValues`` snapshot.

How a move gets its value, by the engine's kind:

- alpha-beta engines (tic-tac-toe, Reversi, Rastros, Alquerque): the position after the move is
  searched alone by the game's level-5 player, one ply deeper each round (its transposition table
  kept between rounds, the best moves of the last round first); the move's value is minus that
  position's value, and a proof there (solver, table, book; or ``Player.known_outcome`` without a
  search) is a proof of the move.  A new value is reported as soon as its search ends.  Tic-tac-toe
  searches even depths only in the window, two plies deeper each round (``TWO_PLY_ROUNDS``): its
  evaluation's bonus for the side to move swings a value by a hundred points and more from one
  depth to the next, and a board of values one ply apart compared unlike numbers.
- Trax: round 1 values each move as level 5's hint does (``trax_search.TwoPlyLook``: its worst
  reply by the path evaluation, so the hint's value and the board's agree at depth 2); later
  rounds search it one ply deeper each by alpha-beta on the same evaluation
  (``ai.engines.trax_search.deepening_player``), so Trax values sharpen too.
- Hex: one Monte Carlo search of the position itself, in level 5's playouts; a root move's value is
  its win rate and visit count (as HexGui shows), proofs from the tree's solved nodes.  The tree ignores the swap rule, so
  Blue's first stones under it are worth the lesser of their value and the swap's (``_under_swap``)
  and Red's swap is valued from Red's stones (``_with_swap``); on 3x3 to 7x7 both come from the
  shipped solved maps, which also prove every first stone without the swap rule
  (``_first_stone_from_map``).  A position its virtual connections decide (``_decided_by_connections``)
  has every move proven after the first batch of playouts, once the connection kernels are ready
  (``hex_knowledge.connections_ready``: a fresh install compiles them after the MCTS's).  While
  a fresh install compiles the MCTS's kernels, the pure-Python MCTS they replaced searches instead,
  as Hex's levels do (``_HexSearches``).

Each snapshot also keeps the moves' lines (``best_line``: the principal variation analysis shows):
the move, the forced replies past it, then its search's line; in Hex the chain of most visited
replies (``HexSearcher.line_from``); a move proven without a search has the move alone.

Values are in the engine's units, for the side to move at the root: alpha-beta points (discs in
Reversi), or a win rate in 0..1 for Monte Carlo; the window formats them (ui/analysis_mode.py).
No pygame here: this runs in the AI worker process and in tests.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TypeVar

import numpy as np

from ai.base import Limits, Player, Progress, StopFlag
from ai.eval_scales import empty_share
from ai.imports import import_engine
from games.base import State

T = TypeVar("T")

ROUND_PLIES = 40  # alpha-beta rounds at most (a child searched this deep is as good as it gets here)
TRAX_SLICE = 0.15  # seconds of level 5's two-ply look per Trax move (the first round)
HEX_BATCH = 2000  # playouts between two Hex reports (the driver splits them into kernel batches)
PYTHON_BATCH = 200  # playouts between two reports of Hex's Python stand-in (``_HexSearches``): 0.1-1 s
HEX_PLAYOUTS = 2_000_000  # playouts at most in one Hex analysis
# A Monte Carlo rate from a handful of playouts is noise: moves the search hardly tried stay blank
# on the board (ui/analysis_mode.py ``blank_note`` says so on the bar), and ``main.py analyse
# --lines`` ranks them after the others.  Only a count: a share of the best move's visits (2 %) left
# a 7x7 board with one value after 148,000 playouts, the best's 145,000, its rivals' hundreds.
MIN_VISITS = 5
# A rate from under this share of the best move's playouts is thin: shown, but faded on the board
# and said so by ``main.py analyse --lines`` (``thinly_tried``).  Hex's j11 read "80% 5" beside
# 55% on thousands, a number that looked as sure as the others.
THIN_SHARE = 0.01
HEX_TREE, HEX_MAPS, HEX_CONNECTIONS = "mcts", "maps", "connections"
"""Where a Hex proof came from (``MoveValue.source``, which ``main.py analyse`` names): the Monte
Carlo tree's solved nodes, the shipped maps of solved first moves and swaps, or the position's
virtual connections; each was said "analysis", none of them by name."""
REPORT_EVERY = 0.2  # seconds between reports of the alpha-beta rounds when nothing changed (the last move of a
#                    round always reports); a move whose value changed is reported as soon as its search ends
ROUND_SLICE = 0.4  # seconds at most for one move in one open-ended round: deep rounds keep reporting
TWO_PLY_ROUNDS = frozenset({"tictactoe"})
"""Games whose open-ended analysis (the window's, ``main.py analyse --lines``) searches each move's
position to even depths only, two plies deeper each round (values of 3, 5, 7 ... plies, the move
counted): every value then stands on lines ending with the analysed side's opponent to move.
Tic-tac-toe's evaluation counts the side to move's open lines double
(``ai.engines.tictactoe.OpenLines``), so a value swings by a hundred points and more with the
parity of its depth; rounds one ply apart put values of both parities side by side on the board,
an odd "+5" among "-200"s, and the best move went to whichever move the round had not reached yet.
The lines that end with the opponent to move give the steadier values."""


@dataclass(frozen=True)
class MoveValue:
    """One move's value for the side to move at the root."""

    move: Hashable
    score: float  # alpha-beta points (discs in Reversi), or a win rate 0..1 when ``kind`` is "mcts"
    kind: str = "alphabeta"  # "alphabeta", "mcts" or "proven"
    proven: int | None = None  # +1 the move wins, 0 it draws, -1 it loses, under perfect play
    plies: int | None = None  # plies to the end of the game under perfect play, this move included
    visits: int = 0  # Monte Carlo visits of the move
    depth: int = 0  # plies searched for this value, this move included
    margin: bool = False  # proven, and ``score`` is the exact final margin (discs in Reversi)
    unit: str = ""  # what an estimate's score counts where it is not the game's unit (``Progress.unit``)
    bound: int = 0  # +1: ``score`` is a proven lower bound of the final margin, -1 an upper one (6x6 book)
    source: str = ""  # where a proof came from: its report's ``proof`` or ``kind``, "rules" for the game's end
    plies_at_most: bool = False  # ``plies`` is the most the winner's way takes (``Progress.plies_at_most``)
    drawn_by: str = ""  # a proven draw's rule, where known (``games.base.QUIET_DRAW``, ``REPEAT_DRAW``)


@dataclass
class MoveValues:
    """A snapshot of an analysis: the moves valued so far."""

    mover: int
    values: dict[Hashable, MoveValue] = field(default_factory=dict)
    depth: int = 0  # the last round completed (alpha-beta plies below the root, or 1 for one-shot engines)
    nodes: int = 0  # positions or playouts searched so far
    elapsed: float = 0.0
    done: bool = False  # nothing more to learn: every move proven, or the caps reached
    by_score: bool = False  # Monte Carlo values ranked by value, not visits (Blue's stones under the swap rule)
    monte_carlo: bool = False  # a Monte Carlo analysis (Hex): ``nodes`` counts playouts
    lines: dict[Hashable, tuple] = field(default_factory=dict)  # a move -> its line: the move, then the best replies
    favourite: Hashable | None = None  # the move the player's knowledge names (its hint): first among equals
    order: dict[Hashable, int] = field(default_factory=dict)  # a move -> its place in the game's list: then the first
    stage: float | None = None  # the position's share of squares empty (ai/eval_scales.py ``empty_share``)
    # why the values stand still while the analysis goes on (``ai.base.STOP_REASONS``): "memory-limit",
    # Hex's Python stand-in's tree full, the analysis waiting for the kernels still compiling
    stopped: str = ""

    def __post_init__(self) -> None:
        """A copy of a settled snapshot (``dataclasses.replace``) is an ordinary one: its own dicts,
        to change as a snapshot being built is."""
        for name in ("values", "lines", "order"):
            if isinstance(getattr(self, name), MappingProxyType):
                setattr(self, name, dict(getattr(self, name)))

    def settled(self) -> MoveValues:
        """This snapshot, read-only from now on, its ``best`` and ``reach`` worked out once: what
        the window keeps of a report (``ui.analysis_mode.AnalysisMode.receive``), whose drawing
        asks them a dozen times a frame (the bar, its caption, the graph, the panel's line).  An
        analysis changes its snapshot in place while it builds it (``_with_swap``, ``_keys_proven``),
        so only a snapshot done with may keep them: its dicts become read-only views and its
        fields refuse a new value, so that a change raises instead of leaving a stale best."""
        if not self.is_settled():
            self.values = MappingProxyType(dict(self.values))
            self.lines = MappingProxyType(dict(self.lines))
            self.order = MappingProxyType(dict(self.order))
            self.__dict__["_settled"] = (self._best(), self._reach())
        return self

    def is_settled(self) -> bool:
        """Whether ``settled`` made this snapshot read-only."""
        return "_settled" in self.__dict__

    def kept(self, key: Hashable, work_out: Callable[[], T]) -> T:
        """``work_out()``, worked out once for a settled snapshot and kept under ``key``, as its
        ``best`` and ``reach`` are: what the window's drawing derives from values that no longer
        change (the bar's scale, ``ui.analysis_mode.values_scale``).  A snapshot still being
        built works it out at every call."""
        if not self.is_settled():
            return work_out()
        kept = self.__dict__.setdefault("_kept", {})
        if key not in kept:
            kept[key] = work_out()
        return kept[key]

    def __setattr__(self, name: str, value) -> None:
        if self.is_settled():
            raise AttributeError(f"a settled snapshot is not changed ({name}): replace() it")
        super().__setattr__(name, value)

    def __getstate__(self) -> dict:
        """Pickled (or copied) as an ordinary snapshot: plain dicts, not settled, nothing kept."""
        state = {name: value for name, value in self.__dict__.items() if name not in ("_settled", "_kept")}
        return {name: dict(value) if isinstance(value, MappingProxyType) else value for name, value in state.items()}

    def key(self, value: MoveValue) -> tuple:
        """``value``'s place among these: ``rank``, or with ``by_score`` its value's lower
        confidence bound (``lower_bound``) before its visits."""
        if self.by_score and value.kind == "mcts" and value.proven is None:
            return (0, 0, lower_bound(value), value.visits)
        return rank(value)

    def best(self) -> MoveValue | None:
        """The move the values prefer (a proven win first, the quickest; a proven loss last, the
        slowest); among moves of one value the ``favourite``, the move the hint names (Rastros 7x7's
        eight first moves all win: the book's 5-3, not the first listed), else the first of them in
        the game's list of moves (``order``; without one, the first valued), as a hint's search
        breaks its ties (``Limits.best``).  Worked out once for a settled snapshot (``settled``)."""
        settled = self.__dict__.get("_settled")
        return settled[0] if settled is not None else self._best()

    def _best(self) -> MoveValue | None:
        """``best`` worked out."""
        last = len(self.order)
        return max(self.values.values(), key=lambda value: (self.key(value), value.move == self.favourite,
                                                            -self.order.get(value.move, last)), default=None)

    def best_line(self) -> tuple:
        """The principal variation: the best move, then the replies its search expects (the move
        alone when its search gave no line: a proof from a table, a move ending the game)."""
        best = self.best()
        if best is None:
            return ()
        return self.lines.get(best.move) or (best.move,)

    def reach(self) -> int:
        """Plies (the move included) that every value not proven was searched: the shallowest of
        them.  ``depth`` counts rounds, and an open-ended round whose search of a move runs out
        of its time slice leaves that move shallower than the round (Reversi's start: round 40,
        values 19 plies deep).  With every value proven, the last round's plies.  Worked out once
        for a settled snapshot (``settled``)."""
        settled = self.__dict__.get("_settled")
        return settled[1] if settled is not None else self._reach()

    def _reach(self) -> int:
        """``reach`` worked out."""
        open_depths = [v.depth for v in self.values.values() if v.proven is None]
        return min(open_depths) if open_depths else self.depth + 1

    def most_visits(self) -> int:
        """The playouts of the most tried move (0 without a Monte Carlo search): what a move's
        playouts are measured against (``thinly_tried``)."""
        return max((v.visits for v in self.values.values()), default=0)

    def solved(self) -> bool:
        """The position's value is proven: every value shown is exact (``exact``), or the best move
        is a win proven as an outcome (no move does better than a win).  A win proven by its margin
        (Reversi's discs, exactly or at least) is not enough while another move's margin is an
        estimate, which may be larger: FFO #40 said "complete" with b1 and c1 proven at +30, a2 at
        +48; nor while a margin is only a bound, which a move may better."""
        best = self.best()
        if best is None:
            return False
        return (self.all_exact()
                or (best.proven == 1 and not best.margin and not best.bound))

    def all_exact(self) -> bool:
        """Every value shown is exact (``exact``): a proof of its result, or of its whole margin."""
        return all(exact(v) for v in self.values.values())


def exact(value: MoveValue) -> bool:
    """Whether ``value`` is the move's whole value under perfect play: proven, by its result
    (tic-tac-toe, Hex, Rastros, Alquerque, Trax) or by its exact margin (Reversi's discs), not a
    bound of the margin ("≥+38": a proof that cut off once it reached it, the best play may win
    by more)."""
    return value.proven is not None and not value.bound


MARGIN_TIES = {1: 2.0, 0: 1.0, -1: -1.0}
"""Where a proof of Reversi's margin stands beside an estimate of the same discs (``rank``), by its
``bound``: a win by at least 30 may win by more, so above an exact 30, itself above an estimate of
30 (0.0); a loss by at least 6 ("≤-6") may lose by more, so below an exact -6 and an estimate."""


def rank(value: MoveValue) -> tuple:
    """Sort key: higher is better for the side to move.  A proof of Reversi's margin, exact or a
    bound, by its disc count among the estimates, in the same discs (``MARGIN_TIES`` on a tie): a
    move proven to win by 30 is not better than one searched at +41 (every Reversi game lasts
    about as long).  A bound counts what it proves: "≥+38" above an exact +30 above "≥+20"; a
    loss "≤-6", which may lose by 6 alone, above an exact -8 and "≤-10".  Ranked by its result,
    every bounded win tied and the game's list of moves named the weakest best.  Other proofs by
    their result, then by their length."""
    if value.proven is not None and (value.margin or value.bound):
        return (0, 0, value.score, MARGIN_TIES[value.bound])
    if value.proven is not None and value.proven != 0:
        plies = value.plies if value.plies is not None else 999
        return (value.proven, -plies * value.proven, 0.0, 0.0)
    if value.kind == "mcts":  # the move the search would play: the most visited
        return (0, 0, value.visits, value.score)
    if value.proven == 0:
        return (0, 0, 0.0, 0.0)
    return (0, 0, value.score, 0.0)


CONFIDENCE = 2.0  # standard deviations under a Monte Carlo rate: its lower bound (``lower_bound``)


def lower_bound(value: MoveValue) -> float:
    """A Monte Carlo rate less ``CONFIDENCE`` times its widest standard error (a half over the
    root of its playouts): what ranks Blue's first stones under the swap rule (``_under_swap``),
    where the most visited stone, the strongest, is the one Red takes over, so playouts cannot
    rank them.  By the rate alone a guess ranked first: a stone at 50% on 5 playouts above 45% on
    thousands; its bound is 5%, theirs 43%."""
    return value.score - CONFIDENCE * 0.5 / math.sqrt(max(1, value.visits))


def at_one_depth(snapshots: list[MoveValues]) -> MoveValues:
    """The last of an alpha-beta analysis's ``snapshots`` whose estimates of every move were all
    searched to one depth, with the proofs the last one holds (exact at any depth), and its count
    of nodes and seconds: a list of moves compares them at one depth.  An open-ended round leaves
    some moves a ply deeper than others (``ROUND_SLICE``), and a Reversi value swings with the
    depth's parity: after d3 c5 ``main.py analyse --lines`` ranked f6 at depth 16 (+1) over e6 at 15,
    where the window at depth 16 had e6 level with f6.  The last snapshot where there is none such
    (a Monte Carlo analysis, whose values are no depth's) and none at all; ``snapshots`` are not empty."""
    last = snapshots[-1]
    if last.monte_carlo:
        return last
    level = next((snapshot for snapshot in reversed(snapshots)
                  if snapshot.values.keys() == last.values.keys() and len(_open_depths(snapshot)) <= 1), last)
    proofs = {move: value for move, value in last.values.items() if value.proven is not None}
    lines = {move: last.lines[move] for move in proofs if move in last.lines}
    return replace(level, values={**level.values, **proofs}, lines={**level.lines, **lines}, nodes=last.nodes,
                   elapsed=last.elapsed, done=last.done)


def _open_depths(snapshot: MoveValues) -> set[int]:
    """The depths the estimates of ``snapshot`` (its values not proven) were searched to."""
    return {value.depth for value in snapshot.values.values() if value.proven is None}


def hardly_tried(value: MoveValue) -> bool:
    """A Monte Carlo rate not yet proven from fewer than ``MIN_VISITS`` playouts: noise, which the
    board leaves blank and ``main.py analyse --lines`` ranks last (it listed Hex's e11 "67% to win"
    on 3 playouts second, above g8's 53% on 2,736, a cell the window showed blank)."""
    return value.kind == "mcts" and value.proven is None and value.visits < MIN_VISITS


def thinly_tried(value: MoveValue, snapshot: MoveValues) -> bool:
    """A Monte Carlo rate not yet proven from under ``THIN_SHARE`` of the most tried move's
    playouts (a handful, ``hardly_tried``, included): a guess beside the rates the search stands
    on, which the board fades and ``main.py analyse --lines`` calls thin.  One rule for both."""
    if value.kind != "mcts" or value.proven is not None:
        return False
    return hardly_tried(value) or value.visits < THIN_SHARE * snapshot.most_visits()


Report = Callable[[MoveValues], None]


MARGIN_GAMES = ("reversi",)  # games whose proofs are worth their final score's margin (discs)


def terminal_value(move: Hashable, after: State, mover: int) -> MoveValue:
    """The move ends the game: the rules say what it is worth (in MARGIN_GAMES, by how much)."""
    winner = after.winner()
    proven = 0 if winner is None else (1 if winner == mover else -1)
    if after.game.id in MARGIN_GAMES:
        score = after.score()
        return MoveValue(move, float(score[mover] - score[1 - mover]), "proven", proven, 1, 0, 1, margin=True,
                         source="rules")
    counts = after.draw_counts() if winner is None else None
    return MoveValue(move, float(proven), "proven", proven, 1, 0, 1, source="rules",
                     drawn_by=counts.drawn_by() if counts is not None else "")


def value_after(move: Hashable, result: Progress, depth: int) -> MoveValue | None:
    """The move's value from the final report of a search of the position after it (the opponent's
    view, so negated); None when that report says nothing of the position (the only legal move,
    played without searching)."""
    plies = None if result.proven_plies is None else result.proven_plies + 1
    if result.proven is not None:
        return MoveValue(move, -float(result.score), "proven", -result.proven, plies, result.nodes, depth,
                         margin=result.exact_margin, bound=margin_bound(result, -1),
                         source=result.proof or result.kind, plies_at_most=result.plies_at_most)
    if result.kind in ("rule", "book"):
        return None
    if result.kind == "mcts":
        return MoveValue(move, 1.0 - float(result.score), "mcts", None, None, result.nodes, depth)
    return MoveValue(move, -float(result.score), "alphabeta", None, None, 0, depth, unit=result.unit)


def margin_bound(result: Progress, view: int = 1) -> int:
    """Which bound of the final margin ``result.score`` is, seen by ``view`` (1 its mover, -1 the
    opponent, whose margin is minus it): +1 a lower bound, -1 an upper one, 0 neither."""
    return view * (1 if result.at_least else -1 if result.at_most else 0)


FORCED_CHAIN = 8  # forced replies followed before a position is searched (see ``_forced_line``)


def _forced_line(after: State) -> tuple[State, tuple]:
    """The first position from ``after`` with a choice (or the end), and the forced moves to it:
    a player answers a position with one legal move by the rules, without a search, so the
    search that values the move must start past them (else the move stayed without a value)."""
    forced: list[Hashable] = []
    while len(forced) < FORCED_CHAIN and not after.is_terminal():
        moves = after.legal_moves()
        if len(moves) != 1:
            break
        after = after.play(moves[0])
        forced.append(moves[0])
    return after, tuple(forced)


def value_through(move: Hashable, result: Progress, depth: int, forced: int) -> MoveValue | None:
    """``value_after`` for a search of the position ``forced`` plies past the move's: one more
    side change for each forced reply, and as many more plies."""
    value = value_after(move, result, depth)
    if value is None or not forced:
        return value
    if forced % 2:  # the search was the mover's own: its view, not the opponent's
        score = 1.0 - value.score if value.kind == "mcts" else -value.score
        proven = None if value.proven is None else -value.proven
        value = replace(value, score=score, proven=proven, bound=-value.bound)
    plies = None if value.plies is None else value.plies + forced
    return replace(value, plies=plies, depth=value.depth + forced)


def move_order(state: State) -> dict[Hashable, int]:
    """Each legal move's place in the game's list of them (``legal_moves``, board order): the
    order that breaks a tie no knowledge breaks, in analysis and in a hint's search alike."""
    return {move: place for place, move in enumerate(state.legal_moves())}


def analysis_player(game_id: str, seed: int | None = 0) -> Player:
    """The engine whose opinion analysis shows: the game's strongest level."""
    import ai

    return ai.make_player(game_id, "level-5", seed=seed)


def analyse(state: State, game_id: str, stop: StopFlag | None = None, report: Report | None = None, *,
            max_depth: int | None = None, max_playouts: int | None = None, seed: int | None = 0,
            player: Player | None = None) -> MoveValues:
    """Value every legal move of ``state`` (see the module docstring) until ``stop`` is set, every
    move is proven or the caps (``max_depth`` rounds, ``max_playouts``) are reached; ``report``
    gets a snapshot as values arrive.  Returns the last snapshot (``done`` when not stopped)."""
    if state.is_terminal():
        return MoveValues(state.to_move, done=True)
    if game_id == "hex":
        return _analyse_hex(state, stop, report, max_playouts or HEX_PLAYOUTS, seed)
    player = player or analysis_player(game_id, seed)
    favourite = player.known_move(state)  # the hint's move, asked of the player the hint asks
    player = getattr(player, "analysed_by", player)  # its search: rules before it name a move, not values
    if game_id == "trax":
        return _analyse_trax(state, player, stop, report, max_depth, seed, favourite)
    if max_depth is not None:  # a capped analysis (tests, exports): every round to its full depth
        return _analyse_children(state, player, stop, report, min(max_depth, ROUND_PLIES),
                                 lambda depth: Limits(depth=depth, stop=stop), favourite=favourite)
    # open-ended (the window): a move whose search at this round's depth takes longer than the
    # slice keeps the value of the deepest search finished and goes deeper next round (its
    # transposition table kept), so the values keep coming a few times a second; a round of two
    # plies has a slice for each (under load, one slice cut the first round's searches of two
    # plies after their first, and a value of the other parity stood among the round's)
    step = 2 if game_id in TWO_PLY_ROUNDS else 1
    return _analyse_children(state, player, stop, report, ROUND_PLIES,
                             lambda depth: Limits(depth=depth, time=ROUND_SLICE * step, stop=stop),
                             favourite=favourite, step=step)


def _analyse_trax(state: State, player: Player, stop: StopFlag | None, report: Report | None,
                  max_depth: int | None, seed: int | None, favourite: Hashable | None = None) -> MoveValues:
    """Trax: round 1 is level 5's two-ply look at each move (``TRAX_SLICE`` at most each in the
    window; to its end in a capped analysis, whose values must not depend on the machine's load); the
    rounds after it search each move's position ever deeper by alpha-beta on the same path
    evaluation (``trax_search.deepening_player``), so the values sharpen as the user waits."""
    trax = import_engine("ai.engines.trax_search")
    first = trax.TwoPlyLook(player.info, TRAX_SLICE if max_depth is None else float("inf"))  # capped: to the end
    deeper = trax.deepening_player(player.info, seed)
    rounds = min(max_depth, ROUND_PLIES) if max_depth is not None else ROUND_PLIES
    slice_ = None if max_depth is not None else ROUND_SLICE
    return _analyse_children(state, player, stop, report, rounds,
                             lambda depth: Limits(time=TRAX_SLICE, stop=stop) if depth == 1
                             else Limits(depth=depth, time=slice_, stop=stop),
                             lambda depth: first if depth == 1 else deeper, favourite)


def _search_value(player: Player, move: Hashable, after: State, limits: Limits, depth: int,
                  snapshot: MoveValues, step: int = 1) -> tuple[MoveValue | None, tuple]:
    """``move``'s value from ``player``'s search of the position after it, and its line (the
    move, then that search's principal variation); past the opponent's forced replies when the
    player answers that position by the rules without a search.  With ``step`` 2 the value is
    the deepest iteration of ``depth``'s parity (``TWO_PLY_ROUNDS``): a search cut short by its
    slice an odd ply past it gives the iteration before; one with none of that parity (ended
    before its first such iteration) its last, rather than no value."""
    if player.analysed_as_a_hint and not limits.best:
        limits = replace(limits, best=True)  # its line's replies the slowest losses, as its lengths count

    def searched(position: State, forced: tuple) -> tuple[MoveValue | None, tuple]:
        reports: list[Progress] = []
        player.choose(position, limits, reports.append)
        if not reports:
            return None, ()
        snapshot.nodes += reports[-1].nodes
        result = next((r for r in reversed(reports) if _of_the_rounds_parity(r, depth, len(forced), step)),
                      reports[-1])
        value = value_through(move, result, min(depth, max(1, result.depth)) + 1, len(forced))
        return value, (move, *forced, *result.pv)

    value, line = searched(after, ())
    if value is not None or len(after.legal_moves()) != 1:
        return value, line
    target, forced = _forced_line(after)
    if target.is_terminal():
        return replace(terminal_value(move, target, 1 - after.to_move), plies=1 + len(forced)), (move, *forced)
    return searched(target, forced)


def _of_the_rounds_parity(result: Progress, depth: int, forced: int, step: int) -> bool:
    """Whether a search's ``result`` may value a move in a round of ``depth`` plies that deepens
    ``step`` plies a round: a proof or a rule's answer always, an estimate whose plies (past
    ``forced`` replies) have the round's parity; with ``step`` 1 every result."""
    if step == 1 or result.proven is not None or result.kind in ("rule", "book"):
        return True
    return (result.depth + forced - depth) % 2 == 0


def _stopped(stop: StopFlag | None) -> bool:
    return stop is not None and stop.is_set()


def _analyse_children(state: State, player: Player, stop: StopFlag | None, report: Report | None,
                      rounds: int, limits_for: Callable[[int], Limits],
                      player_for: Callable[[int], Player] | None = None,
                      favourite: Hashable | None = None, step: int = 1) -> MoveValues:
    """Round ``r`` searches the position after each move ``r`` plies deep (``limits_for(r)``), by
    ``player_for(r)`` (``player`` in every round by default); ``favourite`` (``Player.known_move``)
    goes first among equal values, then the first of them in the game's order of the moves.  The
    rounds go ``step``, 2 ``step``, ... plies deep: 2, 4, 6 in ``TWO_PLY_ROUNDS``."""
    started = time.perf_counter()
    mover = state.to_move
    snapshot = MoveValues(mover, favourite=favourite, order=move_order(state), stage=empty_share(state))
    open_moves = []
    alike = {group[0]: group for group in _move_groups(state)}  # a move searched -> the moves of its value
    for move in alike:
        after = state.play(move)
        if after.is_terminal():
            _set_value(snapshot, alike[move], terminal_value(move, after, mover))
        elif (known := player.known_outcome(after)) is not None:  # the player's tables know it: a proof
            result, plies = known
            _set_value(snapshot, alike[move], MoveValue(move, float(-result), "proven", -result,
                                                        None if plies is None else plies + 1, 0, 1,
                                                        source="table", plies_at_most=player.known_plies_at_most,
                                                        drawn_by=player.known_draw(after) if result == 0 else ""))
        else:
            open_moves.append((move, after))
    last_report = 0.0
    for depth in range(step, rounds + 1, step):
        open_moves.sort(key=lambda pair: _promise(snapshot.values.get(pair[0])), reverse=True)
        for i, (move, after) in enumerate(open_moves):
            known = snapshot.values.get(move)
            if known is not None and known.proven is not None:
                continue  # a proof does not sharpen
            value, line = _search_value(player_for(depth) if player_for else player, move, after,
                                        limits_for(depth), depth, snapshot, step)
            if _stopped(stop):
                snapshot.elapsed = time.perf_counter() - started
                return snapshot
            changed = False
            if value is not None and not _deeper_or_proven(value, known):
                value = None  # cut short by its slice below an earlier round's depth: the deeper value stays
            if value is not None:
                changed = known is None or (value.score, value.proven) != (known.score, known.proven)
                _drop_other_units(snapshot, value)
                _set_value(snapshot, alike[move], value)
                snapshot.lines[move] = line
            now = time.perf_counter()
            if report is not None and (changed or now - last_report >= REPORT_EVERY or i == len(open_moves) - 1):
                snapshot.elapsed = now - started
                report(_copy(snapshot))
                last_report = now
        snapshot.depth = depth
        if all(snapshot.values.get(m) is not None and snapshot.values[m].proven is not None for m, _ in open_moves):
            break
    snapshot.done = True
    snapshot.elapsed = time.perf_counter() - started
    if report is not None:
        report(_copy(snapshot))
    return snapshot


def _move_groups(state: State) -> list[list[Hashable]]:
    """The legal moves in groups of one value: the game's ``equivalent_moves`` (moves that the
    board's symmetries keeping the position map onto each other), else each move alone."""
    equivalent = getattr(state.game, "equivalent_moves", None)
    return equivalent(state) if equivalent is not None else [[move] for move in state.legal_moves()]


def _set_value(snapshot: MoveValues, group: list[Hashable], value: MoveValue) -> None:
    """``value``, found for the first move of ``group``, as the value of each of its moves."""
    for move in group:
        snapshot.values[move] = replace(value, move=move)


def _deeper_or_proven(value: MoveValue, known: MoveValue | None) -> bool:
    """Whether a new search's ``value`` should replace the ``known`` one: a proof always does, an
    estimate only when it looked at least as deep, or when it counts in another unit (the known
    one is the other evaluation's, ``_drop_other_units``).  An open-ended round's search that runs
    out of its slice reports the deepest iteration it finished, and the transposition table it
    shares with the other moves' searches may have lost what the last round found, so its value
    can be shallower than the one shown."""
    return (known is None or value.proven is not None or value.depth >= known.depth
            or (known.proven is None and known.unit != value.unit))


def _drop_other_units(snapshot: MoveValues, value: MoveValue) -> None:
    """Forget the estimates in another unit than the new estimate ``value``'s: they came from the
    player's other evaluation (Reversi's level 5 searches with the hand-set one, in points, while
    its kernels compile, then with the learned one, in discs), and a board that showed "+3.7"
    points beside "+36" discs ranked them as one scale, FFO #40's best a2 below d8.  Proofs stay;
    the moves dropped are searched first in the next round (``_promise``)."""
    if value.proven is not None:
        return
    for move, known in list(snapshot.values.items()):
        if known.proven is None and known.kind == value.kind and known.unit != value.unit:
            del snapshot.values[move]
            snapshot.lines.pop(move, None)


def _promise(value: MoveValue | None) -> tuple:
    """Sort key of a move to deepen: the best-looking first; a move not valued yet before all."""
    return (1,) if value is None else (0, *rank(value))


def _copy(snapshot: MoveValues) -> MoveValues:
    return replace(snapshot, values=dict(snapshot.values), lines=dict(snapshot.lines))


# -- Hex: the root moves of one Monte Carlo tree ---------------------------------------------------
@dataclass(frozen=True)
class _RootMove:
    """One root move of a Monte Carlo tree, as the kernels' tree and the Python one both hold it."""

    move: int
    visits: int
    wins: float
    lost: bool  # proven lost in the tree
    expanded: bool  # its position has a node of its own


@dataclass(frozen=True)
class _TreeRoot:
    """A Monte Carlo tree's root: its proof (+1, -1, 0 none), its move (the winning cell of a
    root won at once, the block of a root whose opponent threatens), its moves, the empty cells."""

    proven: int
    move: int
    moves: list[_RootMove]
    empty: list[int]


def _kernel_tree_root(searcher) -> _TreeRoot:
    """The root of the kernels' tree (``ai.engines.hex_mcts.HexSearcher``: numpy rows)."""
    kernel = import_engine("ai.kernels.hex")
    nodes, edges, value, _ = searcher.tree
    root = searcher.root
    first, count = int(nodes[root, kernel.N_FIRST]), int(nodes[root, kernel.N_COUNT])
    moves = [_RootMove(int(edges[e, kernel.E_MOVE]), int(edges[e, kernel.E_N]), float(edges[e, kernel.E_W]),
                       bool(value[e] < 0.0), int(edges[e, kernel.E_CHILD]) >= 0) for e in range(first, first + count)]
    return _TreeRoot(int(nodes[root, kernel.N_PROVEN]), int(nodes[root, kernel.N_MOVE]), moves,
                     [int(cell) for cell in np.flatnonzero(searcher.root_colour == kernel.EMPTY)])


def _python_tree_root(searcher) -> _TreeRoot:
    """The root of the pure-Python tree (``ai.reference.hex_search.PythonSearcher``: a ``Node``)."""
    root = searcher.root
    moves = [_RootMove(move, root.n[i], root.w[i], root.value[i] < 0.0, root.children[i] is not None)
             for i, move in enumerate(root.moves)]
    return _TreeRoot(root.proven or 0, root.win_move, moves,
                     [cell for cell in range(searcher.engine.geo.cells) if not searcher.colour[cell]])


def hex_root_values(searcher, mover: int) -> MoveValues:
    """Every root move of ``searcher``'s tree (the kernels' ``ai.engines.hex_mcts.HexSearcher`` or
    the Python stand-in, ``ai.reference.hex_search.PythonSearcher``): win rate and visits; a move
    proven lost in the tree, and the move that proves the root won, are proofs.

    The tree's knowledge leaves moves out of the root where the opponent has a cell that wins at
    once: with one such cell the block is its only edge, with two the root is proven lost.  Every
    move left out (and, at a root proven lost so, the block too) lets the opponent win on the next
    ply: a proven loss in 2 plies, not a move without a value.  A root the mover wins at once
    (no edges) has its winning cell as a win in 1."""
    python = isinstance(searcher, import_engine("ai.reference.hex_search").PythonSearcher)
    tree = _python_tree_root(searcher) if python else _kernel_tree_root(searcher)
    snapshot = MoveValues(mover)
    win_move = tree.move if tree.proven == 1 else -1
    # the opponent's winning cell, when the tree's knowledge cut the root down to its block
    threat = tree.move if tree.proven != 1 and len(tree.moves) == 1 else -1
    for root_move in tree.moves:
        move, visits = root_move.move, root_move.visits
        if move == win_move:
            snapshot.values[move] = MoveValue(move, 1.0, "proven", 1, None, visits, 1, source=HEX_TREE)
        elif root_move.lost or (move == threat and tree.proven == -1):
            # the block of one of two winning cells (the root proven lost as it was made, the block
            # never tried) loses in 2; a move the search below it proved lost, in plies not known
            known = move == threat and not root_move.expanded
            snapshot.values[move] = MoveValue(move, 0.0, "proven", -1, 2 if known else None, visits, 1, source=HEX_TREE)
        elif visits:
            snapshot.values[move] = MoveValue(move, root_move.wins / visits, "mcts", None, None, visits, 1)
    if win_move >= 0 and win_move not in snapshot.values:
        snapshot.values[win_move] = MoveValue(win_move, 1.0, "proven", 1, 1 if not tree.moves else None, 0, 1, source=HEX_TREE)
    if threat >= 0 and tree.moves[0].move == threat:
        for cell in tree.empty:
            if cell != threat:
                snapshot.values[cell] = MoveValue(cell, 0.0, "proven", -1, 2, 0, 1, source=HEX_TREE)
    return snapshot


def _under_swap(snapshot: MoveValues) -> MoveValues:
    """Blue's first stones with the swap rule on, valued as the search values them without it: Red
    takes over any stone better than even, so a stone is worth the lesser of its win rate and the
    swap's, and a stone proven won is proven lost (the swap hands Red the mirror of that win).  The
    search's most visited stone is the best without the swap, so these rank by value: by its lower
    bound (``lower_bound``), so that a stone hardly tried does not rank first on a lucky rate."""
    snapshot.by_score = True
    for move, value in snapshot.values.items():
        if value.proven == 1:
            snapshot.values[move] = replace(value, score=0.0, proven=-1)
        elif value.kind == "mcts":
            snapshot.values[move] = replace(value, score=min(value.score, 1.0 - value.score))
    return snapshot


def _with_swap(snapshot: MoveValues, cells: int, swap_wins: bool | None = None) -> MoveValues:
    """Red's first turn with the swap rule: the swap takes Blue's stone over, so it is worth to
    Red what the stone is worth to Blue, the opposite of Red's best stone: proven lost when a stone
    is proven won or the solved map says so (``swap_wins`` False), proven won when every stone is
    proven lost, else one minus the best's win rate (as many visits as the best, so the better of
    the two ranks first)."""
    from games.hex import SWAP

    stones = list(snapshot.values.values())
    best = snapshot.best()
    if best is None:
        return snapshot
    won = next((v for v in stones if v.proven == 1), None)
    if swap_wins is False or won is not None:
        source = HEX_MAPS if swap_wins is False else won.source
        snapshot.values[SWAP] = MoveValue(SWAP, 0.0, "proven", -1, None, best.visits, 1, source=source)
    elif len(stones) == cells and all(v.proven == -1 for v in stones):
        snapshot.values[SWAP] = MoveValue(SWAP, 1.0, "proven", 1, None, best.visits, 1, source=HEX_TREE)
    elif best.kind == "mcts":
        snapshot.values[SWAP] = MoveValue(SWAP, 1.0 - best.score, "mcts", None, None, best.visits, 1)
    return snapshot


def _solved_sizes() -> set[int]:
    """The board sizes whose every first move is known (the shipped first-move maps)."""
    return set(import_engine("ai.engines.hex_knowledge").opening_maps())


def _all_proven(moves: list, mover: int, started: float, result: int = -1, source: str = HEX_MAPS) -> MoveValues:
    """A finished snapshot in which every move of ``moves`` is proven lost (``result`` -1) or won
    (+1), by ``source``."""
    score = 1.0 if result > 0 else 0.0
    return MoveValues(mover, {m: MoveValue(m, score, "proven", result, None, 0, 1, source=source) for m in moves}, 1,
                      done=True,
                      elapsed=time.perf_counter() - started, monte_carlo=True)


def _first_stone_from_map(state: State, cells: list, started: float) -> MoveValues | None:
    """Blue's first stone without the swap rule on a size the shipped first-move maps solve: every
    cell proven won or lost, as the map says, the most central winning cell (the one the hint and
    the levels play, ``hex_knowledge.known_first_move``: the snapshot's favourite) the best.  The Monte Carlo tree read "66%"
    on 7x7's f2 after 370,000 playouts, and never proved the centre the hint calls a proven win.
    None: not such a position."""
    knowledge = import_engine("ai.engines.hex_knowledge")
    n = state.game.size
    if state.game.swap or state.boards[0] | state.boards[1] or n not in _solved_sizes():
        return None
    snapshot = _all_proven(cells, state.to_move, started, source=HEX_MAPS)
    for cell in knowledge.opening_maps()[n]:
        snapshot.values[cell] = MoveValue(cell, 1.0, "proven", 1, None, 0, 1, source=HEX_MAPS)
    return snapshot


def _decided_by_connections(state: State, cells: list, snapshot: MoveValues, result: int | None) -> MoveValues | None:
    """Every move proven, when the position's virtual connections decide it (what the Connections
    overlay draws, ``hex_knowledge.analyse``; ``result``: ``connections_verdict``'s): the opponent
    joined to its edges by a VC (or by semi-connections that leave no mustplay) wins whatever the
    mover plays, and a mover joined by a VC wins with any move (its own stone never breaks it).
    The Monte Carlo tree seldom proves such a position: a lost 7x7 read "1%" on most moves after
    700,000 playouts.  The tree's own proofs in ``snapshot`` stay (they know their length: "L2").
    None: not decided (the mover's semi-connections alone prove their keys: ``_keys_proven``)."""
    if result is None:
        return None
    decided = _all_proven(cells, state.to_move, 0.0, result, HEX_CONNECTIONS)
    for move, value in snapshot.values.items():
        if value.proven == result:
            decided.values[move] = value
    decided.nodes, decided.depth, decided.elapsed = snapshot.nodes, snapshot.depth, snapshot.elapsed
    return decided


def _keys_proven(snapshot: MoveValues, keys: frozenset) -> MoveValues:
    """``snapshot`` with each of ``keys`` (``connections_verdict``'s: the cells where the mover's
    stone turns its semi-connection between its edges into a connection) a proven win by the
    connections, its playouts kept; a win the tree proved itself stays (it knows its length).  The
    Connections overlay said "Blue is connected: a won position" of 7x7 after d4 c4 c5 e4 e3 g2 f3
    a6 while analysis, which left the keys to the tree, read "Blue 71% to win" on a7, no key, after
    1,700,000 playouts."""
    for move in keys:
        value = snapshot.values.get(move)
        if value is None:
            snapshot.values[move] = MoveValue(move, 1.0, "proven", 1, None, 0, 1, source=HEX_CONNECTIONS)
        elif value.proven != 1:
            snapshot.values[move] = replace(value, score=1.0, kind="proven", proven=1, plies=None,
                                            source=HEX_CONNECTIONS)
    return snapshot


def connections_verdict(state: State) -> tuple[int | None, frozenset]:
    """What the position's virtual connections (``hex_knowledge.analyse``, the Connections
    overlay's) say of it: +1 when the mover wins every move (joined to its edges by a VC), -1 when
    it loses every move (the opponent joined by a VC, or by semi-connections that leave no
    mustplay), None when they do not decide every move; and with None, where the mover is joined to
    its edges by semi-connections alone, their keys (``Knowledge.winning_keys``: each a winning
    move, as level-5 plays them), else no keys.  Analysis (``_decided_by_connections``,
    ``_keys_proven``) and ``main.py analyse``'s one search both ask it, so the verdict says the
    proof --lines shows (it said "Blue 99% to win [estimate]" of 5x5 after c3)."""
    known = import_engine("ai.engines.hex_knowledge").analyse(state)
    mover = state.to_move
    if known.winner is None:
        return None, frozenset()
    if known.winner == mover and not known.edge_vcs[mover]:
        return None, frozenset(known.winning_keys)
    return (1 if known.winner == mover else -1), frozenset()


def connections_decide(state: State) -> bool:
    """Whether a position is one whose connections may decide it: not a first stone (no
    connection decides one, and the swap's values come from the maps) nor a finished game."""
    opening_under_swap = state.game.swap and not (state.boards[0] | state.boards[1])
    return not (state.is_terminal() or opening_under_swap or state.can_swap())


def _keep_tree_line(snapshot: MoveValues, searcher) -> None:
    """The best move's line from the Monte Carlo tree: its chain of most visited replies
    (``HexSearcher.line_from``), the same line the computer's own search shows.  The swap is not
    in the tree: it stands alone."""
    from games.hex import SWAP

    best = snapshot.best()
    if best is not None and best.move != SWAP:
        snapshot.lines[best.move] = tuple(searcher.line_from(best.move))


def _analyse_hex(state: State, stop: StopFlag | None, report: Report | None, max_playouts: int,
                 seed: int | None) -> MoveValues:
    """Hex's values (see the module docstring), each snapshot's favourite the first move level-5
    plays from the solved maps (``hex_knowledge.known_first_move``)."""
    favourite = import_engine("ai.engines.hex_knowledge").known_first_move(state)
    result = _hex_values(state, stop, report and (lambda snapshot: report(replace(snapshot, favourite=favourite))),
                         max_playouts, seed)
    result.favourite = favourite
    return result


class _HexSearches:
    """The Monte Carlo search a Hex analysis runs batch after batch (``now``): the kernels'
    (``HexSearcher``) or, while the window's worker still compiles them from scratch (a fresh
    install's first run: ``ai.kernels.compiled_elsewhere``), the pure-Python MCTS they replaced,
    which Hex's levels play with meanwhile (``HexSearcher.stand_in``): its values are shown as they
    come, where the caption said "Preparing the engine… 40 s".  Once the kernels are ready, or the
    Python tree is full (``PythonSearcher.full``: about 150 MB), the kernels' search grows a tree of
    its own (waiting for them if it must) and the Python one is let go."""

    def __init__(self, seed: int | None) -> None:
        # level 5's playouts (``hex_knowledge.KnowledgePlayer``, the hint's search: ziggurats kept as
        # bridges are): after f6 i3 analysis without them named g7 56% where level 5 named h5 or i4
        # 60%, with them i4 60% (at about 0.6 of the playouts a second, 18,000 against 30,000 on a
        # loaded 2-core machine).  Not its pattern priors, which narrow the tree (a 7x7 position had
        # 14 cells of 43 tried 5 times in 150,000 playouts: the rest blank), nor its root narrowing
        self.searcher = import_engine("ai.engines.hex_mcts").HexSearcher(rave=True, bridges=True, templates=True,
                                                                          solve=False, seed=seed)
        self.stand_in = None  # made when first needed (its seed drawn from the searcher's: none drawn otherwise)
        self.kernels_only = False  # the stand-in is done with: the kernels' search from now on
        self.outgrown = False  # the stand-in was let go full, not for the kernels being ready

    def now(self):
        """The search for the next batch."""
        from ai import kernels

        if not self.kernels_only and kernels.compiled_elsewhere("hex"):
            self.stand_in = self.stand_in or self.searcher.stand_in()
            if not self.stand_in.full():
                return self.stand_in
            self.outgrown = True
        self.kernels_only, self.stand_in = True, None
        return self.searcher

    def waits_for_kernels(self) -> bool:
        """Whether the next batch waits for the kernels, the stand-in's tree full (its memory limit):
        the values stand still meanwhile, and the analysis says why (``MoveValues.stopped``)."""
        from ai import kernels

        return self.outgrown and not kernels.is_ready("hex")

    def batch(self, searcher, playouts: int) -> int:
        """Playouts of the next batch, ``playouts`` done: ``PYTHON_BATCH`` in the Python search
        (a report every second or less), else ``HEX_BATCH``, larger as the analysis goes on."""
        return PYTHON_BATCH if searcher is self.stand_in else HEX_BATCH * (1 + playouts // (4 * HEX_BATCH))


def _hex_values(state: State, stop: StopFlag | None, report: Report | None, max_playouts: int,
                seed: int | None) -> MoveValues:
    knowledge = import_engine("ai.engines.hex_knowledge")
    swap_wins, connections_ready = knowledge.swap_wins, knowledge.connections_ready
    from ai.search.driver import search
    from games.hex import SWAP

    started = time.perf_counter()
    cells = [m for m in state.legal_moves() if m != SWAP]
    opening_under_swap = state.game.swap and not (state.boards[0] | state.boards[1])
    swap_proof = swap_wins(state)  # Red's first turn on a solved size: the map's verdict on the swap
    if (opening_under_swap and state.game.size in _solved_sizes()) or swap_proof:
        # every first stone loses: a winning one to the swap, a losing one to Red's answer; and once
        # Blue's stone is a winning one, every Red stone loses and the swap wins
        snapshot = _all_proven(cells, state.to_move, started, source=HEX_MAPS)
        if swap_proof:
            snapshot.values[SWAP] = MoveValue(SWAP, 1.0, "proven", 1, None, 0, 1, source=HEX_MAPS)
        if report is not None:
            report(_copy(snapshot))
        return snapshot
    from_map = _first_stone_from_map(state, cells, started)
    if from_map is not None:
        if report is not None:
            report(_copy(from_map))
        return from_map
    searches = _HexSearches(seed)
    playouts = 0
    snapshot = MoveValues(state.to_move)
    connections_asked = not connections_decide(state)
    keys: frozenset = frozenset()  # the mover's winning keys by the connections, once asked
    while playouts < max_playouts and not _stopped(stop):
        searcher = searches.now()
        if report is not None and snapshot.values and searches.waits_for_kernels():
            report(replace(_copy(snapshot), stopped="memory-limit"))  # the last values stay, saying why
        batch = min(searches.batch(searcher, playouts), max_playouts - playouts)
        result = search(searcher, state, Limits(iterations=batch, stop=stop), moves=cells)
        playouts += max(1, result.nodes)
        snapshot = hex_root_values(searcher, state.to_move)
        if opening_under_swap:
            snapshot = _under_swap(snapshot)
        elif state.can_swap():
            snapshot = _with_swap(snapshot, len(cells), swap_proof)
        snapshot.nodes, snapshot.depth, snapshot.monte_carlo = playouts, result.depth, True
        _keys_proven(snapshot, keys)
        _keep_tree_line(snapshot, searcher)
        snapshot.elapsed = time.perf_counter() - started
        if result.proven is not None or result.kind == "rule":
            snapshot.done = True
        if (not snapshot.done and not connections_asked and not _stopped(stop) and searcher is searches.searcher
                and connections_ready()):
            # after the first batch, which proves the short wins; skipped once stopped (up to a
            # second on 19x19, and nobody waits for its answer then), and until the connection
            # kernels are ready: the tree's values are shown meanwhile (``connections_ready``); not
            # asked while the Python stand-in searches, whose asking began compiling them beside the
            # MCTS's kernels (numba compiles one function at a time: those came a minute later)
            connections_asked = True
            decided, keys = connections_verdict(state)
            snapshot = _decided_by_connections(state, cells, snapshot, decided) or snapshot
            _keep_tree_line(_keys_proven(snapshot, keys), searcher)
        if report is not None and not _stopped(stop):
            report(_copy(snapshot))
        if snapshot.done:
            return snapshot
    snapshot.done = not _stopped(stop)
    return snapshot
