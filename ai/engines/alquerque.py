"""Alquerque players: the course's minimax levels and our engine's levels.

The course's players (``alquerque:minimax-N``) play what the course project played: plain
minimax (no pruning) at depths 1..4 with the evaluation own pieces - enemy pieces, moves in the
order the game lists them, the first best move kept (``ClassicPlayer(prune=False)``).

Our levels 2-5 search with the numba kernel (ai/kernels/alquerque.py) through the search driver:
principal-variation alpha-beta, captures settled in quiescence, with the evaluation ``Tactics``
below (the kernel ports it term for term; this pure-Python version is its readable reference,
and, with ai/reference/alquerque_search.py, plays while a fresh install compiles the kernel).
What decides the game in the course's reading: captures never go backwards, so a piece beyond
every enemy piece ("passed") can never be jumped and always has a move -- its side cannot lose.
The terms, for the side to move:

- material: 100 a piece; trades: the side ahead gains 4 per piece of lead for each piece off the
  board, so it trades down instead of shuffling until the 40-ply rule;
- bounds: a passed enemy piece caps our value at a draw, one of ours floors it there;
- guards: pieces on the own back row, the first one much more (while a side keeps one, no enemy
  piece can pass);
- threatened pieces (about a third of a piece) and enemy pieces we could jump now (a little);
- safe pieces: a home corner, and the passed pieces of the side behind (they secure it a draw);
  a passed piece of a side ahead or level costs 20 instead (it can take nothing any more);
- mobility (steps now, both sides), advancement (-6 a row: hold back, let the enemy come) and
  squeeze (a side short of moves nears a loss; the course's minimax does not see it coming).

Draws (``draw_value``) cost the engine's side 70 plus 30 per piece of lead (contempt), and a
position seen before scores as a draw inside the tree, so the engine tries new positions before
it accepts a repetition.  The 40-ply counter: a draw by that rule while the engine leads is worth
at least its lead less one piece (``keep_lead``; else, near the limit, the search gives a piece
back to reset the counter and meets the same draw later with less material), and while it leads
its value drifts towards that draw as the counter runs from ``hurry`` to 40 (``hurried``), so it
trades or forces captures while it still can.  Level-5's endgame tables end a branch with a proven win or loss; their
draws are searched on (``settle_table_draws`` would score one entered from a root they do not
know as a draw instead).  With ``traps`` (``TrapSetter``), among root moves the deep search
finds equal, the player picks the one whose tempting replies (to a short-sighted search) lose
material.  How the weights were chosen: docs/tuning/alquerque.md.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from ai import kernels
from ai.base import PROVEN, WIN, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.eval_scales import ALQUERQUE_PIECE
from ai.imports import import_engine
from ai.kernels import alquerque as kernel
from ai.kernels import alquerque_tables
from ai.levels import player_table, random_level
from ai.roster import ALQUERQUE_MINIMAX_DEPTHS
from ai.search.classic import ClassicPlayer
from ai.search.driver import CTL_MAX_NODES, Searcher, Watcher, new_ctl, search
from games.alquerque import (
    DRAW_PLIES,
    FORWARD,
    PIECES,
    POINTS,
    SIZE,
    Alquerque,
    AlquerqueState,
    Move,
    is_step,
)

MATERIAL = ALQUERQUE_PIECE  # the unit the window shows values in (ai/eval_scales.py)
HOME_ROW = ((1 << SIZE) - 1, ((1 << SIZE) - 1) << (POINTS - SIZE))  # White's row 1, Black's row 5
CORNERS = 1 | 1 << (SIZE - 1) | 1 << (POINTS - SIZE) | 1 << (POINTS - 1)  # no jump lands beyond them
HOME_CORNERS = (CORNERS & HOME_ROW[0], CORNERS & HOME_ROW[1])
THREATENED = 30
TARGET = 8
SAFE = 45
PASSED_IDLE = -20  # a passed piece of a side that is not behind: it can no longer take any enemy piece
MOBILITY = 3
ADVANCE = -6  # per row a piece has advanced: hold back, do not cross the other army
GUARD = 10  # a piece still on its own back row
LAST_GUARD = 100  # more for the first one: while a side has one, no enemy piece can get past it
CONTEMPT = 30  # a draw costs the side ahead this much per piece of its lead
AMBITION = 70  # and costs the engine's own side (the root's side to move) this much more
SQUEEZE = 15  # per missing move below SQUEEZE_BELOW, squared: a side short of moves nears a loss
SQUEEZE_BELOW = 6
TRADE = 4  # per piece of lead and per piece off the board: the side ahead likes even trades
SETTLE_TABLE_DRAWS = 0  # 1: below a root the tables do not know, a drawn table ending is scored as a
# draw (bounded by the evaluation), not searched on (measured, not better: docs/tuning/alquerque.md)
KEEP_LEAD = 20  # > 0: a draw by the 40-ply rule while ahead is worth the lead less one piece, plus this
HURRY = 16  # > 0: while the engine leads, its value drifts to that draw as the counter runs from here to 40
# With more pieces than this a search seldom reaches the tables' endings (7 pieces at most): one
# whose tables are not read yet goes without them rather than read them on its clock.
TABLES_WAITED_FOR = 12
# the panel's win length (``alquerque_tables.longest_defence``) counted within a table move: new
# positions a second of the move's time (half of it, at some 600,000 a second on a loaded machine),
# and at least this many (a 0.1 s move's count takes about 0.05 s more; the rest comes next move)
DEFENCE_PER_SECOND = 300_000
DEFENCE_LEAST = 20_000
PRESS = 0  # added to ``advance`` for a side two or more pieces ahead: it must go and break the defence
REDUCE = 0  # > 0: late quiet steps are searched this many plies shallower first (late-move reductions)
BOUNDED = 0.05  # how much of the value beyond a draw survives when a passed piece caps it
REFERENCE_SEARCH = "ai.reference.alquerque_search"  # the stand-in while the kernels compile (it imports this module)


def course_evaluation(state: AlquerqueState, player: int) -> float:
    """The course's evaluation: own pieces minus enemy pieces, for ``player``."""
    return state.boards[player].bit_count() - state.boards[1 - player].bit_count()


@lru_cache(maxsize=8)
def _tables(game: Alquerque) -> tuple:
    """Per side and point: (step targets as a bitmask, jumpable points as a bitmask, the jumps,
    rows advanced)."""
    tables = []
    for side in (0, 1):
        per_point = []
        for p in range(POINTS):
            row = p // SIZE
            advanced = row if FORWARD[side] > 0 else SIZE - 1 - row
            steps = game.step_moves[side][p][0]
            per_point.append((steps, game.jump_reach[side][p], game.jumps[side][p], advanced))
        tables.append(tuple(per_point))
    return tuple(tables)


class Tactics:
    """The evaluation in plain Python: material, threats, safety, mobility, advancement.

    Its attributes are the weights; ``EnginePlayer`` hands them to the kernel, whose
    ``evaluate`` computes the same value (a differential test holds them together).  The methods
    are the ``Evaluator`` of the pure-Python search (ai/reference/alquerque_search.py)."""

    def __init__(self, **weights: float) -> None:
        self.material = weights.get("material", MATERIAL)
        self.threatened = weights.get("threatened", THREATENED)
        self.target = weights.get("target", TARGET)
        self.safe = weights.get("safe", SAFE)
        self.passed_idle = weights.get("passed_idle", PASSED_IDLE)
        self.mobility = weights.get("mobility", MOBILITY)
        self.advance = weights.get("advance", ADVANCE)
        self.guard = weights.get("guard", GUARD)
        self.last_guard = weights.get("last_guard", LAST_GUARD)
        self.contempt = weights.get("contempt", CONTEMPT)
        self.ambition = weights.get("ambition", AMBITION)
        self.root = 0  # the side the engine plays, set by the player before each search
        self.squeeze = weights.get("squeeze", SQUEEZE)
        self.squeeze_below = weights.get("squeeze_below", SQUEEZE_BELOW)
        self.trade = weights.get("trade", TRADE)
        self.bounded = weights.get("bounded", BOUNDED)
        self.settle_table_draws = weights.get("settle_table_draws", SETTLE_TABLE_DRAWS)
        self.keep_lead = weights.get("keep_lead", KEEP_LEAD)
        self.hurry = weights.get("hurry", HURRY)
        self.press = weights.get("press", PRESS)
        self.reduce = weights.get("reduce", REDUCE)

    def draw_value(self, state: AlquerqueState) -> float:
        """Contempt: a draw costs the engine's side ``ambition``, plus ``contempt`` per piece of
        its material lead; the game is drawish, so an engine that takes draws rarely wins.  A draw
        by the 40-ply rule is worth ``counter_draw``."""
        root = self.root
        if state.quiet >= DRAW_PLIES:
            value = self.counter_draw(state.boards)
        else:
            lead = state.boards[root].bit_count() - state.boards[1 - root].bit_count()
            value = -self.ambition - self.contempt * max(lead, 0)  # for the engine's side
        return value if state.to_move == root else -value

    def counter_draw(self, boards: tuple[int, int]) -> float:
        """The engine's value of a draw by the 40-ply rule: with ``keep_lead`` and a lead of L, at
        least what a lead of L - 1 is worth (material and trade terms) plus ``keep_lead``: reaching
        the draw must look better than giving a piece back to reset the counter (which only
        postpones the same draw with less material)."""
        root = self.root
        lead = boards[root].bit_count() - boards[1 - root].bit_count()
        value = -self.ambition - self.contempt * max(lead, 0)
        if self.keep_lead > 0 and lead > 0:
            off = 2 * PIECES + 1 - (boards[0] | boards[1]).bit_count()  # once one more piece is given
            value = max(value, (lead - 1) * (self.material + self.trade * off) + self.keep_lead)
        return value

    def hurried(self, state: AlquerqueState, score: float) -> float:
        """While the engine leads, ``score`` drawn towards ``counter_draw`` as the counter runs
        from ``hurry`` to 40: the side ahead makes its progress (trades, advances that force a
        capture) long before the search sees the draw, instead of shuffling until it does."""
        boards, root = state.boards, self.root
        if not self.hurry or state.quiet <= self.hurry or boards[root].bit_count() <= boards[1 - root].bit_count():
            return score
        draw = self.counter_draw(boards)
        if state.to_move != root:
            draw = -draw
        return draw + (score - draw) * (DRAW_PLIES - state.quiet) / (DRAW_PLIES - self.hurry)

    def evaluate(self, state: AlquerqueState) -> float:
        me = state.to_move
        game = state.game
        tables = _tables(game)
        boards = state.boards
        empty = ~(boards[0] | boards[1]) & ((1 << POINTS) - 1)
        counts = (boards[0].bit_count(), boards[1].bit_count())
        score = 0.0
        attacked = [0, 0]  # pieces of each side the other side could jump now
        passed = [0, 0]
        for side in (0, 1):
            own, enemy = boards[side], boards[1 - side]
            table = tables[side]
            moves = advance = threats = jumps_now = 0
            bits = own
            while bits:
                low = bits & -bits
                bits ^= low
                steps, reach, jumps, advanced = table[low.bit_length() - 1]
                moves += (steps & empty).bit_count()
                advance += advanced
                if enemy & reach:
                    for over, land in jumps:
                        if enemy >> over & 1 and empty >> land & 1:
                            threats |= 1 << over
                            jumps_now += 1
            attacked[1 - side] = threats
            passed[side] = self._passed(game, side, own, enemy)
            push = self.advance + (self.press if counts[side] - counts[1 - side] >= 2 else 0)
            value = self.material * counts[side] + self.mobility * moves + push * advance
            safe = own & HOME_CORNERS[side]
            if counts[side] >= counts[1 - side]:  # not behind: a passed piece can take nothing more
                value += self.passed_idle * passed[side].bit_count()
            else:
                safe |= passed[side]
            value += self.safe * safe.bit_count()
            guards = (own & HOME_ROW[side]).bit_count()
            value += self.guard * guards + (self.last_guard if guards else 0)
            short = self.squeeze_below - moves - jumps_now
            if short > 0 and self.squeeze:
                value -= self.squeeze * short * short
            score += value if side == me else -value
        score -= self.threatened * attacked[me].bit_count()
        score += self.target * attacked[1 - me].bit_count()
        lead = counts[me] - counts[1 - me]
        score += self.trade * lead * (2 * PIECES - counts[0] - counts[1])
        if passed[0] or passed[1]:
            # a side with a passed piece can neither be wiped out nor run out of moves: it
            # cannot lose, so its opponent's value is at most a draw (both: a dead draw)
            draw = self.draw_value(state)
            mine, theirs = passed[me], passed[1 - me]
            if (mine and theirs) or (theirs and score > draw) or (mine and score < draw):
                return draw + self.bounded * (score - draw)
        return self.hurried(state, score)

    @staticmethod
    def _passed(game: Alquerque, side: int, own: int, enemy: int) -> int:
        """Pieces of ``side`` beyond every enemy piece (as a bitmask; none when captures may go
        backwards): enemies capture only forward or sideways, so these are out of their reach."""
        if game.any_direction_captures or not enemy:
            return 0
        if FORWARD[side] > 0:  # White: Black pieces come down, so reach rows <= their highest row
            reach_row = (enemy.bit_length() - 1) // SIZE
            beyond = own >> ((reach_row + 1) * SIZE) << ((reach_row + 1) * SIZE)
        else:  # Black: White pieces go up, so reach rows >= their lowest row
            lowest = ((enemy & -enemy).bit_length() - 1) // SIZE
            beyond = own & ((1 << (lowest * SIZE)) - 1)
        return beyond

    @staticmethod
    def repeated(state: AlquerqueState) -> bool:
        """A position seen before: the search scores it as a draw (see ``draw_value``)."""
        return state.position in state.history

    def noisy_moves(self, state: AlquerqueState) -> list:
        """Captures, longest chains first: what must be settled before a position is judged."""
        return sorted(state.capture_moves(), key=len, reverse=True)

    def order_moves(self, state: AlquerqueState, moves: list) -> list:
        return sorted(moves, key=lambda m: 0 if is_step(m) else -len(m))


def new_context(tt_bits: int, lists: np.ndarray | None = None) -> kernel.Context:
    """``kernel.new_context``, or its tables around the move lists of another context (``lists``:
    ``EnginePlayer.twin``), none of its own allocated: every node writes its ply's rows before it
    reads them, so nothing passes between two searches through them, and a worker runs one at a time."""
    if lists is None:
        return kernel.new_context(tt_bits)
    return kernel.Context(np.full((1 << tt_bits, kernel.TT_COLUMNS), 0.0), lists, np.zeros(kernel.M_SIZE, np.int64))


class KernelSearch:
    """The driver's ``Searcher`` for our levels: one kernel iteration per depth.

    The kernel's tables (transposition table, history) are kept between the moves of a game, as
    the pure-Python search kept its own."""

    kind = "alphabeta"

    def __init__(self, tactics: Tactics, noise: float = 0.0, seed: int | None = None,
                 tt_bits: int = kernel.TT_BITS, tables: bool = False, lists: np.ndarray | None = None) -> None:
        kernels.prepare("alquerque")  # compiled or loaded now, not in a move's time (unless deferred)
        self.weights = np.array([float(getattr(tactics, name)) for name in kernel.WEIGHTS], np.float64)
        self.noise = noise
        self.rng = np.random.default_rng(seed)
        self.context = new_context(tt_bits, lists)
        self.state: AlquerqueState | None = None
        self.moves: dict[int, Move] = {}
        self.use_tables = tables
        self.settle = float(tactics.settle_table_draws)
        self.endgame: alquerque_tables.Tables | None = None

    def start(self, state: AlquerqueState, limits: Limits) -> Progress | None:
        kernels.ready("alquerque")
        self.state = state
        self.rules = kernel.rules_of(state.game)
        self.moves = {}
        for move in state.legal_moves():
            self.moves.setdefault(kernel.encode(move), move)
        kernel.load_history(self.context.misc, state)
        self.context.misc[kernel.M_HISTORY:kernel.M_SEEN] //= 8  # older knowledge counts less
        if self.tables_at_hand(state):
            return self._table_answer(state, limits)
        self.endgame = None  # still being read (a window's first moves): the search goes without them
        return None

    def tables_at_hand(self, state: AlquerqueState) -> bool:
        """Whether this player consults the endgame tables on ``state`` now: once their files are
        read, or (reading them first) when few pieces are left.  Never while the window's worker
        still compiles or loads the kernels or reads the tables in its warm-up thread
        (``ai.kernels.preparing``): the tables' probes are kernels too (``EnginePlayer.searching``'s
        stand-in), and a move that waited for them did so outside its clock, late by all of it; one
        that read them itself paid their reading (about 0.6 s of a core) on its clock."""
        if not self.use_tables or kernels.preparing("alquerque") or kernels.preparing("alquerque", "tables"):
            return False
        if (state.boards[0] | state.boards[1]).bit_count() <= TABLES_WAITED_FOR or kernels.is_ready("alquerque", "tables"):
            kernels.ready("alquerque", "tables")
            return True
        return False

    def _table_answer(self, state: AlquerqueState, limits: Limits) -> Progress | None:
        """The endgame tables' move in a won or lost position they know (no search needed); else
        None, with the tables set for the tree -- unless the game's history holds a position twice
        (a third occurrence would be a draw the tree's probes do not see).  The win's length is
        counted within about half the move's time (``DEFENCE_PER_SECOND``); a count not done by
        then is kept for the next move's, and this report says the win without a length."""
        endgame = alquerque_tables.tables_of(state.game)
        seen = state.history + (state.position,)
        self.endgame = None if endgame is None or any(seen.count(p) >= 2 for p in seen) else endgame
        known = alquerque_tables.probe(state, endgame) if endgame is not None else None
        # entering a drawn ending is worth a draw; once in one, the tree searches on for mistakes
        self.weights[kernel.WEIGHTS.index("settle_table_draws")] = self.settle if known is None else 0.0
        if known is None or known[0] == 0:
            return None
        move = alquerque_tables.best_move(state, endgame)
        if move is None:
            return None
        # the panel's "White wins in at most 41 plies": the tables' winning way against the longest
        # defence (the tables themselves count plies to the next capture); None while not known
        budget = alquerque_tables.DEFENCE_BUDGET if limits.time is None else \
            max(DEFENCE_LEAST, min(alquerque_tables.DEFENCE_BUDGET, int(limits.time * DEFENCE_PER_SECOND)))
        ending = alquerque_tables.outcome(state, endgame, budget)
        plies = ending[1] if ending is not None and ending[0] is not None else None
        return Progress(depth=1, best_move=move, score=float(known[0] * (kernel.TABLE_WIN - known[1])), pv=[move],
                        proven=known[0], proven_plies=plies, plies_at_most=True, kind="solver", proof="table")

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        if step > kernel.MAX_DEPTH:
            return None
        state = self.state
        noise = (self.rng.uniform(-self.noise, self.noise, kernel.MAX_MOVES) if self.noise
                 else np.zeros(kernel.MAX_MOVES))
        code, value, finished = kernel.search_root_of(self.rules, self.weights, self.context, ctl, state, step, noise,
                                                      self.endgame)
        if code == 0:
            return None
        move = self.moves[int(code)]
        result = Progress(depth=step, best_move=move, score=float(value), pv=self._pv(move, step), kind=self.kind)
        if not self.noise:  # noisy values prove nothing
            if finished and self.context.misc[kernel.S_HORIZON] == 0:
                result.proven = 0 if abs(value) < PROVEN else (1 if value > 0 else -1)
            elif abs(value) >= PROVEN and (finished or value > 0):
                result.proven = 1 if value > 0 else -1
        if result.proven is not None:
            # a table's win counts plies to a capture, not to the end: no length then
            result.proven_plies = int(WIN - abs(value)) if result.proven and abs(value) > kernel.TABLE_WIN else None
            result.kind = "solver"
        return result

    def _pv(self, move: Move, depth: int) -> list[Move]:
        """The principal variation: the best move, then the table's best moves."""
        pv, seen = [move], {self.state.key()}
        state = self.state.play(move)
        while len(pv) < depth and not state.is_terminal() and state.key() not in seen:
            seen.add(state.key())
            code = kernel.table_move(self.context.tt, kernel.position_code(*state.position))
            following = [m for m in state.legal_moves() if kernel.encode(m) == code]
            if not code or not following:
                break
            pv.append(following[0])
            state = state.play(following[0])
        return pv


@dataclass(frozen=True)
class Traps:
    """How level-5 sets traps among the moves its deep search finds equal (``TrapSetter``)."""

    share: float = 0.35  # of the move's search time kept for the traps; the deep search has the rest first
    margin: float = 15.0  # root moves within this of the best (one ply shallower) count as equal
    model_depth: int = 6  # the short-sighted opponent's search depth
    plausible: float = 10.0  # its replies within this of its best are the ones it may play
    gain: float = 60.0  # a reply worth this much more to us than the best move's value is a blunder
    own_model: bool = True  # it evaluates as the engine does (else: material and mobility only)


MODEL_WEIGHTS = {"material": 100.0, "mobility": 3.0, "bounded": 1.0}  # the short-sighted side's evaluation


class TrapSetter:
    """Opponent-error seeking: among root moves of (nearly) equal deep value, the one that leaves
    a short-sighted opponent the most tempting replies that lose material.

    A draw is not the same against every opponent: after one move a shallow searcher has only
    safe replies, after another several of its best-looking replies lose a piece to a deeper
    search.  Without knowing the opponent, a "short-sighted player" is modelled by a shallow
    search (``Traps.model_depth`` plies, material and mobility only, or the engine's own evaluation
    from the opponent's side with ``own_model``): the replies it values within
    ``plausible`` of its best are the ones it may play, and the deep search (one ply shallower than
    the move's own, on its transposition table) tells which of those lose at least ``gain`` against
    the best move's value.  A move's lure is the share of such replies; the deep best move is kept
    unless another equal move lures strictly more.  The candidates come from null-window tests
    ("is this move within ``margin`` of the best"), and everything stops at the move's deadline
    (or the control block's node budget): what was not scored is not chosen."""

    def __init__(self, searcher: KernelSearch, traps: Traps, lists: np.ndarray | None = None) -> None:
        self.searcher = searcher
        self.traps = traps
        plain = np.array([MODEL_WEIGHTS.get(name, 0.0) for name in kernel.WEIGHTS], np.float64)
        self.model_weights = searcher.weights.copy() if traps.own_model else plain
        self.model_context = new_context(16, lists)
        self.model_side = -1  # the side the model's table was filled for (its draws are that side's)
        self.lures: dict[Move, float] = {}  # the last choice's candidates and their lure (tests, reports)
        self.choice: Move | None = None

    def choose(self, state: AlquerqueState, deep: Progress, ctl: np.ndarray) -> Move | None:
        """The equal move with the strongest lure, or None to keep the deep search's move (no
        other move within the margin, no lure, a proven value, or no time left).  Kept in
        ``choice`` (tools/alquerque_traps.py counts how often a move changes)."""
        self.lures = {}
        self.choice = self._choose(state, deep, ctl)
        return self.choice

    def _choose(self, state: AlquerqueState, deep: Progress, ctl: np.ndarray) -> Move | None:
        if deep.proven is not None or deep.depth < 3 or deep.best_move is None or abs(deep.score) >= PROVEN:
            return None
        searcher, depth = self.searcher, deep.depth - 1
        everything = (-WIN - 1.0, WIN + 1.0)
        listed = self._values(state, 1, everything, np.zeros(kernel.MAX_MOVES, np.int64), ctl)  # moves only
        if listed is None:
            return None
        codes = listed[0]
        first = int(np.flatnonzero(codes == kernel.encode(deep.best_move))[0])
        only = np.zeros(kernel.MAX_MOVES, np.int64)
        only[first] = 1
        reference = self._values(state, depth, everything, only, ctl, deep=True)
        if reference is None or abs(reference[1][first]) >= PROVEN:
            return None
        best = float(reference[1][first])
        floor = best - self.traps.margin
        others = np.ones(kernel.MAX_MOVES, np.int64)
        others[first] = 0
        tested = self._values(state, depth, (floor - 1.0, floor), others, ctl, deep=True)
        if tested is None:
            return None
        candidates = [first] + [i for i in range(len(codes)) if i != first and tested[1][i] > floor - 1.0]
        if len(candidates) < 2:
            return None
        lures: dict[int, float] = {}
        for i in candidates:
            lure = self.lure(state.play(searcher.moves[int(codes[i])]), depth - 1, best, ctl)
            if lure is None:
                break
            lures[i] = lure
        self.lures = {searcher.moves[int(codes[i])]: lure for i, lure in lures.items()}
        if first not in lures:
            return None
        chosen = max(lures, key=lambda i: (lures[i], i == first))
        return None if chosen == first else searcher.moves[int(codes[chosen])]

    def lure(self, after: AlquerqueState, depth: int, best: float, ctl: np.ndarray) -> float | None:
        """The share of the short-sighted opponent's plausible replies in ``after`` (our move
        played) that lose at least ``gain`` against ``best`` by the deep search at ``depth``;
        None if cut off."""
        if after.is_terminal():
            return 0.0
        model = self._values(after, self.traps.model_depth, (-WIN - 1.0, WIN + 1.0), None, ctl, model=True)
        if model is None:
            return None
        values = model[1]
        plausible = values >= values.max() - self.traps.plausible
        select = np.zeros(kernel.MAX_MOVES, np.int64)
        select[:len(values)] = plausible
        bound = -(best + self.traps.gain)  # the opponent's value of a reply that loses that much
        deep = self._values(after, depth, (bound, bound + 1.0), select, ctl, deep=True)
        if deep is None:
            return None
        return float(np.mean(deep[1][plausible] <= bound))

    def _values(self, state: AlquerqueState, depth: int, window: tuple[float, float], select: np.ndarray | None,
                ctl: np.ndarray, deep: bool = False, model: bool = False) -> tuple[np.ndarray, np.ndarray] | None:
        searcher = self.searcher
        if model:
            if state.to_move != self.model_side:  # a new game with the other colour: values from the other side
                self.model_context.tt.fill(0.0)
                self.model_side = state.to_move
            return kernel.move_values_of(searcher.rules, self.model_weights, self.model_context, ctl, state, depth,
                                         state.to_move, window, select)
        return kernel.move_values_of(searcher.rules, searcher.weights, searcher.context, ctl, state, depth,
                                     searcher.state.to_move, window, select, searcher.endgame if deep else None)


TIME_SHARE = 0.6  # of a move's time limit the search uses: a busy machine can pause a process for
# a few tenths of a second, and a move given after the limit loses the game (the pure-Python
# search stopped deepening after 55% of the time for the same reason)


class EnginePlayer(Player):
    """Our engine: the kernel search under the driver, capped at ``depth`` plies if given, with
    ``noise`` added at random to each root move's value (the weaker levels' slips), and the
    endgame tables (ai/kernels/alquerque_tables.py) if ``tables``."""

    known_plies_at_most = True  # the tables' lengths: their winning way against the longest defence

    def __init__(
        self, info: PlayerInfo | None, tactics: Tactics | None = None, *, depth: int | None = None,
        noise: float = 0.0, seed: int | None = None, tables: bool = False, traps: Traps | None = None,
        twin_of: EnginePlayer | None = None,
    ) -> None:
        self.info = info or PlayerInfo("engine", "Engine")
        self.depth = depth
        self.tactics = tactics or Tactics()
        self.noise, self.seed = noise, seed
        # a depth-capped level searches a few thousand nodes: a small table serves it
        tt_bits = kernel.TT_BITS if depth is None else 16
        lists, model_lists = twin_of.scratch() if twin_of is not None else (None, None)
        self.searcher = KernelSearch(self.tactics, noise, seed, tt_bits, tables, lists)
        self.trap_setter = TrapSetter(self.searcher, traps, model_lists) if traps is not None else None
        self.stand_in: Searcher | None = None  # searches while the kernels compile (``searching``)
        self.last: Progress | None = None

    def twin(self, seed: int | None) -> EnginePlayer:
        """This level again (``Player.twin``), searching with this one's move lists and its
        trap-setter's model's (``scratch``: 4 MB each); its transposition tables (the search's 40
        MB, the model's), history, random generator and ``last`` its own: a hint's entries in a
        table the computer searches with change the computer's next move (a cut-off, an order of
        equal moves)."""
        traps = self.trap_setter.traps if self.trap_setter is not None else None
        return EnginePlayer(self.info, self.tactics, depth=self.depth, noise=self.noise, seed=seed,
                            tables=self.searcher.use_tables, traps=traps, twin_of=self)

    def scratch(self) -> tuple[np.ndarray, np.ndarray | None]:
        """The move lists of this player's search and of its trap-setter's model (None without
        one): what a twin searches with too."""
        model = self.trap_setter.model_context.lists if self.trap_setter is not None else None
        return self.searcher.context.lists, model

    def choose(
        self, state: AlquerqueState, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Move:
        move = self._choose(state, limits, progress)
        if self.last is not None and self.last.proven is None and self.known_outcome(state) == (0, None):
            # a drawn ending: the search played on for the opponent's mistakes, and its value holds
            # contempt; the last report says what the tables know (the panel's "proven: draw")
            self.last = replace(self.last, proven=0, kind="solver", proof="table", done=True)
            if progress is not None:
                progress(self.last)
        return move

    def _choose(
        self, state: AlquerqueState, limits: Limits | None, progress: ProgressCallback | None
    ) -> Move:
        limits = limits or Limits(time=1.0)
        caps = [d for d in (limits.depth, self.depth) if d is not None]
        budget = None if limits.time is None else limits.time * TIME_SHARE
        capped = replace(limits, time=budget, depth=min(caps) if caps else None)
        searcher = self.searching()
        if self.trap_setter is None or budget is None or caps or limits.best or searcher is not self.searcher:
            self.last = search(searcher, state, capped, progress)  # a hint names no lure, nor the stand-in
            return self.last.best_move
        started = time.perf_counter()
        share = self.trap_setter.traps.share
        self.last = search(self.searcher, state, replace(capped, time=budget * (1.0 - share)), progress)
        lure = self._lure(state, limits, started + budget)
        if lure is not None:
            self.last = replace(self.last, best_move=lure, pv=[lure])
        return self.last.best_move

    def _lure(self, state: AlquerqueState, limits: Limits, deadline: float) -> Move | None:
        """The trap-setter's move, sought until ``deadline``; None (the deep search's move kept)
        without asking it when the deep search ended past it: on a loaded machine it did (a 0.1 s
        move's search ending at 0.3 s), and the trap-setter's kernels then computed 10-20 ms more
        before its watcher's thread was first scheduled to stop them (``bench budget``'s undo runs)."""
        if time.perf_counter() >= deadline:
            return None
        ctl = new_ctl()
        if limits.iterations is not None:
            ctl[CTL_MAX_NODES] = limits.iterations
        with Watcher(ctl, deadline, limits):
            return self.trap_setter.choose(state, self.last, ctl)

    def searching(self) -> Searcher:
        """The search for this move: the kernels' (``searcher``) or, while the window's worker
        still compiles them from scratch (the first run after installing: a minute or two on a
        loaded machine) or loads them from the cache, the pure-Python search they replaced, at this
        level's depth and noise with the same evaluation (``ReferenceSearch``, kept until the
        kernels are ready): a move within its time rather than a wait outside its clock
        (``ai.kernels.preparing``), as Reversi's levels do.  It has neither the endgame tables nor level-5's traps (both run in
        the kernels)."""
        if not kernels.preparing("alquerque"):
            self.stand_in = None  # its table's memory given back: the kernels search from now on
            return self.searcher
        if self.stand_in is None:
            reference = import_engine(REFERENCE_SEARCH)
            self.stand_in = reference.ReferenceSearch(self.tactics, noise=self.noise, seed=self.seed)
        return self.stand_in

    def known_outcome(self, state: AlquerqueState) -> tuple[int, int | None] | None:
        """The endgame tables' verdict, drawn endings included (the search plays those on, so
        its own value there carries contempt, not the draw); None while their files are still
        being read and many pieces are left (``KernelSearch.tables_at_hand``)."""
        ending = alquerque_tables.outcome(state) if self.searcher.tables_at_hand(state) else None
        if ending is None:
            return None
        winner, plies = ending
        return (0, None) if winner is None else (1 if winner == state.to_move else -1, plies)

    def known_draw(self, state: AlquerqueState) -> str:
        """Which rule draws a position the tables call drawn (``alquerque_tables.draw_rule``)."""
        return alquerque_tables.draw_rule(state) if self.searcher.tables_at_hand(state) else ""


def _engine(depth: int | None, noise: float = 0.0, tables: bool = False, traps: Traps | None = None):
    return lambda info, seed: EnginePlayer(info, depth=depth, noise=noise, seed=seed, tables=tables, traps=traps)


def _course(depth: int):
    return lambda info, seed: ClassicPlayer(info, depth, course_evaluation, prune=False, points=MATERIAL)


PLAYERS = player_table("alquerque", {
    "level-1": random_level,
    "level-2": _engine(1, noise=150),
    "level-3": _engine(2, noise=60),
    "level-4": _engine(3),
    "level-5": _engine(None, tables=True, traps=Traps()),
    **{f"alquerque:minimax-{depth}": _course(depth) for depth in ALQUERQUE_MINIMAX_DEPTHS},
})
