"""The engine's opinion of every position of a finished game, for the replay's evaluation graph.

Each position gets a short search in the AI worker process, so the window keeps drawing, in
passes (``PASS_SECONDS``): first a rough one over the whole game (the book, the tables, a shallow
search), so the whole graph stands within seconds, then the full search of each position, whose
deeper value replaces the rough one (``deeper``).  One position after another in a pass, each
start asked by the window: the replay wakes when the search under way should have answered
(``answer_due_in``) rather than at its next redraw, which doubled every position's time.
Scores come in the searcher's own units (alpha-beta evaluation units, MCTS win rates, proven
results), from the side to move's point of view; ``normalise`` turns them into one scale for the
graph: -1 (the first side loses) .. +1 (it wins), from the first side's point of view.

Alpha-beta units differ from game to game.  ai/eval_scales.py says how many units make a clear
advantage in some games (``CLEAR_ADVANTAGE``, read without importing an engine, numba, llvmlite);
elsewhere the scale adapts to the game (the typical size of the scores seen, no less than the game's
``SCALE_FLOOR`` there), which keeps the graph readable but makes it relative.

``biggest_drop`` answers "where did the loser go wrong": the loser's move after which its
evaluation fell the most.  No pygame here; tests run ``analyse`` in-process.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ai import value_words
from ai.base import POINTS
from ai.eval_scales import CLEAR_ADVANTAGE, SCALE_FLOOR, empty_share, point_worth
from ai.search.classic import COURSE_SCALE
from ai.value_words import EVAL_UNITS, WHOLE_VALUES, eval_unit, plural_count, unit_size  # noqa: F401 (the window's names)
from games.record import GameRecord
from games.record_parts import PlyValue, ProofMeasure
from ui.i18n import localized, ngettext, number_text

DEFAULT_PLAYER = "level-5"
DEFAULT_SECONDS = 0.25
ROUGH_SECONDS = 0.03  # the first pass: every position valued within a few seconds, however long the game
ANSWER_WAY_BACK = 0.01  # seconds past its time a search's answer takes to come back from the worker process
LATE_POLL, LATE_ANSWER = 0.05, 0.5  # a late answer looked for that often, that long, before the usual redraws
PROVEN_SCORE = 990_000  # |score| at or beyond this is a proven result (ai.base.PROVEN is 990000)


@dataclass(frozen=True)
class Opinion:
    """One search's verdict on a position, in the searcher's units, for the side to move."""

    score: float
    kind: str = "alphabeta"
    proven: int | None = None  # +1 the mover wins, 0 draw, -1 loses
    mover: int = 0
    unit: str = ""  # what ``score`` counts where it is not the game's unit (``ai.base.POINTS``), else ""
    stage: float | None = None  # the share of the position's squares empty, where points' worth moves with it
    measure: ProofMeasure | None = None  # a proof's length or exact margin, as its search measured it


def saved_opinion(value: PlyValue) -> Opinion:
    """A record's saved value of a position (``games.record_parts.PlyValue``) as the opinion it was."""
    return Opinion(value.score, value.kind, value.proven, value.view, value.unit, value.stage, value.measure)


def ply_value(opinion: Opinion, depth: int) -> PlyValue:
    """``opinion``, from a search ``depth`` deep, as a record saves it (``saved_opinion``'s inverse)."""
    return PlyValue(float(opinion.score), opinion.mover, opinion.kind, opinion.proven, int(depth), opinion.unit,
                    opinion.stage, opinion.measure)


def saved_lines(opinions: Sequence[Opinion | None], points: Sequence[float | None], depths: Sequence[int | None]
                ) -> tuple[list[float | None] | None, list[PlyValue | None] | None]:
    """A graph's ``points`` and what stands behind them (``opinions``, the ``depths`` of their
    searches), as a record saves them (``GameRecord.evaluations``, ``ply_values``); (None, None)
    where the graph has no point at all, so a game nobody valued is saved as before."""
    if not any(point is not None for point in points):
        return None, None
    return list(points), [None if op is None else ply_value(op, depth or 0) for op, depth in zip(opinions, depths)]


def amount_text(score: float, game_id: str, unit: str = "") -> str:
    """``ai.value_words.amount_text`` ("+6" discs, "+1.1" pieces) in the language's decimals."""
    return localized(value_words.amount_text(score, game_id, unit))


def has_honest_value(game_id: str, op: Opinion) -> bool:
    """Whether ``op`` says something in its game's unit: a proof always does, and so does every
    search but an alpha-beta estimate in a game valued in chances to win (Hex's greedy level and the
    notebook's shortest paths: there is no conversion to a chance, so the panel shows none), nor
    a course heuristic's own number (Rastros' Basilio: the panel names it, the graph leaves it out)."""
    if op.kind == COURSE_SCALE:  # a course heuristic's own number (Rastros' Basilio): no conversion
        return op.proven is not None or abs(op.score) >= PROVEN_SCORE
    return op.proven is not None or op.kind == "mcts" or eval_unit(game_id) != "percent" or abs(op.score) >= PROVEN_SCORE


def points_text(value: float) -> str:
    """``ai.value_words.points_text`` ("+89", "+0.4") in the language's decimals."""
    return localized(value_words.points_text(value))


BOUND_SIGNS = {-1: "≤", 1: "≥"}
"""A value that is only a bound, marked by its sign: +1 a lower bound, -1 an upper one (the search
tree's alpha-beta bounds, ``Node.bound``; analysis's proven bounds of Reversi's margin, ``MoveValue.bound``)."""


def signed_text(value: float, spec: str = "+.0f") -> str:
    """``ai.value_words.signed_text`` ("+6", "-0.4", "0" for nought) in the language's decimals."""
    return localized(value_words.signed_text(value, spec))


def games_tried_text(count: int) -> str:
    """``count`` playouts in a player's words: "17,666 games tried" (the thinking card, a hint,
    analysis's line on the board)."""
    return ngettext("{n} game tried", "{n} games tried", count).format(n=number_text(count, ","))


def moves_ahead_text(plies: int) -> str:
    """A search's depth of ``plies`` in a player's words, "7 moves ahead" (a move of either side
    each, as the levels' descriptions count them: "looks two moves ahead"), where the thinking
    card, a hint and analysis's line said "depth 7", the course's word."""
    return ngettext("{n} move ahead", "{n} moves ahead", plies).format(n=plies)


def count_text(n: int) -> str:
    """A count of nodes or visits, short: "950", "12.3k", "1.2M"."""
    return f"{number_text(n / 1e6, '.1f')}M" if n >= 1e6 else f"{number_text(n / 1e3, '.1f')}k" if n >= 1e3 else str(n)


def terminal_opinion(state: Any) -> Opinion:
    """A finished position needs no search: the rules say who won."""
    w = state.winner()
    mover = state.to_move
    proven = 0 if w is None else (1 if w == mover else -1)
    return Opinion(0.0, "rule", proven, mover)


def eval_scale(game_id: str, opinions: list[Opinion | None]) -> float:
    """Alpha-beta units that count as a clear advantage: the game's in ai/eval_scales.py, or adaptive
    (no less than the game's ``SCALE_FLOOR`` there)."""
    if game_id in CLEAR_ADVANTAGE:
        return float(CLEAR_ADVANTAGE[game_id])
    floor = SCALE_FLOOR.get(game_id, 1.0)
    sizes = sorted(abs(o.score) for o in opinions
                   if o is not None and o.proven is None and o.kind not in ("mcts", "rule", "book", COURSE_SCALE)
                   and abs(o.score) < PROVEN_SCORE)
    if not sizes:
        return floor
    return max(floor, sizes[(3 * len(sizes)) // 4])  # the 75th percentile, so most points stay off the edges


def scale_in(game_id: str, scale: float, unit: str, stage: float | None = None) -> float:
    """``scale`` (``eval_scale``'s, in the game's unit) for a value in ``unit``: in a player's own
    points (``POINTS``) the clear advantage's worth in them at the position's ``stage`` (the share
    of its squares empty: ai/eval_scales.py ``point_worth``), so that Reversi's "+1.1 points", some
    seven discs, is not drawn as near even as "+1 disc".  One factor for the whole game (6.7 discs
    a point) drew a point a third of its worth at 35-40 empties and near twice it in the last ten:
    the bar jumped when the solver's exact discs took over from the points."""
    return scale / point_worth(game_id, stage) if unit == POINTS else scale


def normalise(op: Opinion, scale: float) -> float:
    """``op`` as a number from -1 (the first side loses) to +1 (it wins)."""
    if op.proven is not None:
        value = float(op.proven)
    elif op.kind == "mcts":
        value = 2.0 * op.score - 1.0  # the mover's win rate
    elif abs(op.score) >= PROVEN_SCORE:
        value = math.copysign(1.0, op.score)
    else:
        value = math.tanh(op.score / scale)
    value = max(-1.0, min(1.0, value))
    return value if op.mover == 0 else -value


def is_blank(op: Opinion) -> bool:
    """A move chosen without searching (the only legal move, a book move): it says nothing of the position."""
    return op.kind in ("rule", "book") and op.proven is None


def one_ply_back(opinion: Opinion) -> Opinion:
    """``opinion`` of the position a move reaches as the value of the position before it, where
    that move was the only one: the same verdict, for the same side (``Opinion.mover``), a proof
    one ply longer (``ProofMeasure.one_ply_back``)."""
    return opinion if opinion.measure is None else replace(opinion, measure=opinion.measure.one_ply_back())


def forced_through(opinions: Sequence[Opinion | None]) -> list[Opinion | None]:
    """``opinions`` with each position answered without a search (``is_blank``: the only legal
    move, Reversi's pass, Alquerque's compulsory capture, a book move) given the value of the
    position after it, which under best play is the same: its only child's.  A run of such moves
    takes the value of the first position past it (the result, at the end of a game), and stays
    None while that one has none: the value searched before the run is no value of it (a run of
    captures resigned after kept the graph flat, though a side had won a piece in it)."""
    out = list(opinions)
    following: Opinion | None = None
    for i in range(len(out) - 1, -1, -1):
        opinion = out[i]
        if opinion is not None and is_blank(opinion):
            out[i] = None if following is None else one_ply_back(following)
        following = out[i]
    return out


def latest_valued(opinions: Sequence[Opinion | None], points: Sequence[float | None], plies: int) -> int | None:
    """Of the positions 0 .. ``plies`` (``opinions``: the engines' of each, ``points``: the graph's),
    the last one whose value says something: an engine's opinion, a forced move's blank passed
    over, or a point alone (a record saved with its evaluations keeps the graph's points, not the
    opinions).  What the eval bar shows while analysis has no value of its own; None before any."""
    for index in range(plies, -1, -1):
        opinion = opinions[index]
        if points[index] is not None and (opinion is None or not is_blank(opinion)):
            return index
    return None


def values(game_id: str, opinions: list[Opinion | None]) -> list[float | None]:
    """The graph's points: every opinion normalised on one scale (None where not known yet).

    A position answered without a search (a forced move) takes the value of the position after
    it (``forced_through``), and has none until that one has: the graph leaves a gap there rather
    than draw the value before the forced move as if it were the position's.
    """
    scale = eval_scale(game_id, opinions)  # the searches' own sizes, not counting a forced run's copies
    return [None if o is None else round(normalise(o, scale_in(game_id, scale, o.unit, o.stage)), 4)
            for o in forced_through(opinions)]


def biggest_drop(points: list[float | None], movers: list[int], loser: int | None) -> int | None:
    """The index of the loser's move (0 = the first move) after which its evaluation fell most.

    ``points[i]`` is the value of the position after ``i`` moves (first side's view); ``movers[i]``
    is who moved from that position.  None for a draw or when no move of the loser lost ground.

    Once a position is proven lost for the loser (its point at the loser's -1), no later move of
    the loser is blamed, until a position is found won for it again: the game was lost already,
    and an estimate standing between two proofs said only that its search had not seen the proof.
    Level 5 playing 6x6 Reversi perfectly (White wins 20-16 from the start) was told "Biggest
    drop: 6. d6", a move from one such estimate back to the proven loss.
    """
    if loser is None:
        return None
    sign = 1.0 if loser == 0 else -1.0
    best, where, lost = 0.0, None, False
    for i in range(min(len(points) - 1, len(movers))):
        a, b = points[i], points[i + 1]
        if a is not None and abs(a) >= 1.0:  # a proof (or a search's certain win): lost, or won again
            lost = sign * a < 0
        if movers[i] != loser or a is None or b is None or lost:
            continue
        drop = sign * (a - b)
        if drop > best + 1e-9:
            best, where = drop, i
    return where


def search_depth(kind: str, depth: int, nodes: int) -> int:
    """How deep a search valued a position, comparable between searches of one kind: plies for
    alpha-beta (from the position, as ``MoveValues.reach`` counts them), playouts for Monte Carlo."""
    return nodes if kind == "mcts" else depth


def deeper(opinion: Opinion, depth: int, known: Opinion, known_depth: int) -> bool:
    """Whether ``opinion`` (from a search ``depth`` deep) replaces ``known``: a proof yields only to
    a proof, beats any estimate; between estimates the deeper, or at equal depth the newer."""
    if known.proven is not None:
        return opinion.proven is not None
    return opinion.proven is not None or depth >= known_depth


def opinion_from_progress(progress: Any, mover: int) -> Opinion:
    """An Opinion from the last report of a search (ai.Progress or ui.ai_worker.AIProgress) of a
    position where ``mover`` is the side to move, whose point of view the report's score and
    proof take.  The caller says it: ai.Progress does not carry it, and a report of a position
    with the second player to move was read, by a default, from the first player's side.  The
    window's report carries its own (``AIProgress.mover``): a ``mover`` that contradicts it is
    refused (ValueError), never read from the wrong side."""
    reported = getattr(progress, "mover", mover)
    if reported != mover:
        raise ValueError(f"a report of a position with side {reported} to move read as side {mover}'s")
    return Opinion(float(progress.score), progress.kind, progress.proven, mover,
                   getattr(progress, "unit", ""), getattr(progress, "stage", None), reported_measure(progress))


def reported_measure(progress: Any) -> ProofMeasure | None:
    """How big the proof of a search's report (ai.Progress or ui.ai_worker.AIProgress) is, in the
    fields the panel and a hint say it by (``ui.scenes.thinking.proof_measure``); None where it
    proves nothing or does not measure it (a report that carries no measure at all, as the
    ``unit`` and ``stage`` ``opinion_from_progress`` reads where given)."""
    if progress.proven is None:
        return None
    return ProofMeasure.of(getattr(progress, "proven_plies", None), getattr(progress, "plies_at_most", False),
                           getattr(progress, "exact_margin", False),
                           getattr(progress, "at_least", False) or getattr(progress, "at_most", False))


def analyse(record: GameRecord, player_id: str = DEFAULT_PLAYER, seconds: float = DEFAULT_SECONDS,
            seed: int = 0) -> list[float | None]:
    """Every position's value, searched here and now (tests, scripts): blocks for a while."""
    import ai

    game = record.game()
    player = ai.make_player(record.game_id, player_id, seed=seed)
    opinions: list[Opinion | None] = []
    for state in record.states(game):
        if state.is_terminal():
            opinions.append(terminal_opinion(state))
            continue
        last: list[Any] = []
        player.choose(state, ai.Limits(time=seconds), last.append)
        op = opinion_from_progress(last[-1], state.to_move) if last else None
        opinions.append(None if op is None else replace(op, stage=empty_share(state)))
    return values(record.game_id, opinions)


def pass_seconds(seconds: float) -> tuple[float, ...]:
    """Each pass's time a position: a rough pass first where it is shorter than ``seconds``."""
    return (ROUGH_SECONDS, seconds) if seconds > ROUGH_SECONDS else (seconds,)


def analysis_order(positions: int, passes: Sequence[float]) -> list[tuple[float, int]]:
    """The searches of a whole analysis, in order: (seconds, position) for every position of each
    pass in turn, so every ply has a value after the first pass and a deeper one after the next."""
    return [(seconds, index) for seconds in passes for index in range(positions)]


def settled(opinion: Opinion | None) -> bool:
    """Whether a longer search could not change ``opinion``: a proof, the rules' verdict, a book
    move or a forced one."""
    return opinion is not None and (opinion.proven is not None or opinion.kind in ("rule", "book"))


class BackgroundAnalysis:
    """Analyse a record in an ``ui.worker_client.AIWorker``; call ``poll()`` every frame.

    ``points`` fills in as the answers come, roughly first (``pass_seconds``), then deeper; ``done``
    when every pass is over.  A record saved with its evaluations (``GameRecord.evaluations``, the
    searches behind them ``ply_values``) has them drawn at once, and only the positions it left
    without one are searched: every one carried, none is (but a forced position's point, worked out
    again from the next one's: ``forced_through``).  ``close`` stops the
    worker (the replay is left, perhaps only for the search tree or the rules); the next ``poll``
    starts another and goes on from the position it stopped at.  A position whose search lost its
    process (killed: out of memory, ``kill -9``) is searched again by the fresh one, once: dying
    there again ends the analysis with the error.
    """

    def __init__(self, record: GameRecord, player_id: str = DEFAULT_PLAYER,
                 seconds: float = DEFAULT_SECONDS, worker: Any = None, search: bool = True) -> None:
        """``search``: False draws only what the record carried and starts no worker (an unfinished
        game's replay: a look before playing on, which the game's own worker will search)."""
        self.record = record
        self.player_id = player_id
        self.seconds = seconds
        self.game = record.game()
        self.states = record.states(self.game)
        self.movers = [s.to_move for s in self.states[:-1]]
        self.opinions: list[Opinion | None] = [None] * len(self.states)
        self.depths = [0] * len(self.states)  # how deep each opinion's search went (``search_depth``)
        self.error = ""
        self.order = analysis_order(len(self.states), pass_seconds(seconds))
        self._next = 0  # the next search in ``order``
        self._job: tuple[int, int] | None = None  # (job id, its place in ``order``)
        self._job_due = 0.0  # when the search under way should have answered (time.monotonic)
        self._asked_again: int | None = None  # the position searched again after its process died
        self._last: Any = None
        # the graph the game was saved with (``GameRecord.evaluations``, its searches ``ply_values``):
        # drawn at once, and only the positions it left without a point are searched
        stored = list(record.evaluations or [])[:len(self.states)]
        self.stored = stored + [None] * (len(self.states) - len(stored))
        saved = record.ply_values
        if saved is not None and len(saved) == len(self.states):
            for i, value in enumerate(saved):
                if value is not None:
                    self.opinions[i], self.depths[i] = saved_opinion(value), value.depth
        # a forced position's point is its successor's, worked out again (``forced_through``): a file
        # saved before kept there the value searched before the forced moves
        self.carried = frozenset(i for i, point in enumerate(self.stored)
                                 if point is not None and not (self.opinions[i] is not None
                                                               and is_blank(self.opinions[i])))
        self.order = [(seconds, i) for seconds, i in self.order if i not in self.carried] if search else []
        self.points: list[float | None] = self._points()
        if not self.order:
            self.done, self.worker = True, None
            return
        self.done = False
        if worker is None:
            from ui.worker_client import AIWorker

            worker = AIWorker(record.game())
        self.worker = worker

    def _points(self) -> list[float | None]:
        """The graph's points: the saved ones where the record carried them, the searches' elsewhere."""
        fresh = values(self.record.game_id, self.opinions)
        return [self.stored[i] if i in self.carried else point for i, point in enumerate(fresh)]

    def progress(self) -> float:
        """The share of the analysis' searches done (all passes), 0..1."""
        return 1.0 if self.done else self._next_unfinished() / max(1, len(self.order))

    def _next_unfinished(self) -> int:
        return self._next - (self._job is not None)

    def answer_due_in(self) -> float | None:
        """Seconds until the search under way should have answered (its time, and the way back
        from the worker: ``ANSWER_WAY_BACK``), for the window to wake then and start the next one;
        a late answer is looked for every ``LATE_POLL`` for ``LATE_ANSWER`` seconds more (a loaded
        machine), then left to the next redraw (the worker compiling its kernels); None then, and
        when no search is under way."""
        import time

        if self._job is None:
            return None
        left = self._job_due - time.monotonic()
        if left > 0:
            return left
        return LATE_POLL if left > -LATE_ANSWER else None

    def poll(self) -> bool:
        """Collect answers and start the next search; True when ``points`` changed."""
        if self.done:
            return False
        if self.worker is None:  # closed on the way to another screen, and shown again
            from ui.worker_client import AIWorker

            self.worker = AIWorker(self.record.game())
        changed = self._collect()
        if self._job is None:
            changed |= self._submit_next()
        if changed:
            self.points = self._points()
        return changed

    def _collect(self) -> bool:
        from ui.ai_worker import AIError, AIProcessDied, AIProgress, AIResult

        changed = False
        for item in self.worker.poll():
            if self._job is None or item.job_id != self._job[0]:
                continue
            if isinstance(item, AIProgress):
                self._last = item
            elif isinstance(item, AIResult):
                if self._last is not None:
                    changed |= self._keep(self.order[self._job[1]][1], self._last)
                self._job, self._last = None, None
            elif isinstance(item, AIProcessDied) and self._job[1] != self._asked_again:
                self._asked_again = self._job[1]
                self._search_again()
            elif isinstance(item, AIError):
                self.error = item.message
                self._job, self.done = None, True
                changed = True
        return changed

    def _keep(self, index: int, last: Any) -> bool:
        """Keep a search's last report as position ``index``'s value where it is ``deeper`` than
        the one known (a rough pass's); True when it was kept."""
        opinion = opinion_from_progress(last, self.states[index].to_move)
        depth = search_depth(last.kind, last.depth, last.nodes)
        known = self.opinions[index]
        if known is not None and not deeper(opinion, depth, known, self.depths[index]):
            return False
        self.opinions[index], self.depths[index] = opinion, depth
        return True

    def _submit_next(self) -> bool:
        import time

        from ui.ai_worker import Job

        changed = False
        while self._next < len(self.order):
            place = self._next
            seconds, i = self.order[place]
            self._next += 1
            state = self.states[i]
            if state.is_terminal() and self.opinions[i] is None:
                self.opinions[i] = terminal_opinion(state)
                changed = True
            if settled(self.opinions[i]):
                continue
            job = Job(self.record.game_id, dict(self.record.options), tuple(self.record.moves[:i]),
                      self.game.to_text(state), self.player_id, seconds, seed=0, slot="analysis",
                      start=self.record.start_position)
            self._job = (self.worker.submit(job), place)
            self._job_due = time.monotonic() + seconds + ANSWER_WAY_BACK
            return changed
        self.done = True
        return changed

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        if self._job is not None:  # searched again by the next worker
            self._search_again()

    def _search_again(self) -> None:
        """The position under search is searched again, from the start, by the next ``poll``."""
        self._next, self._job, self._last = self._job[1], None, None
